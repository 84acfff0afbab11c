#!/usr/bin/env node
// Parses files with parsers compiled to JavaScript by kaitai-struct-compiler and the kaitai-struct JS
// runtime (what the Kaitai Web IDE runs) and prints every field as JSON, one line per file.
// usage: node tools/kaitai_dump.js [--max-depth N] <compiled-js-dir> <TopType> <file>...
//   e.g. node tools/kaitai_dump.js /tmp/js KafkaLog 00000000000000000000.log
//
// The tree holds every seq field (own enumerable properties not starting with `_`) and every instance
// (getters on the class prototype, evaluated here), recursively, arrays too. Byte arrays print as
// {"hex": "..."}, enums as their integer value; fields absent because of `if:` are left out. An
// instance (or the whole parse) that throws prints as {"error": "message"}. Names are the generated
// JavaScript ones (lowerCamelCase). With --max-depth N, an array at depth N prints as {"length": n}
// and an object as {"type": "ClassName"} (depth 0 is the top object): enough to count the entries of
// a large file without printing all of it.
"use strict";
const fs = require("fs");
const path = require("path");

require("./repo_node_path");

function usage() {
  console.error("usage: node tools/kaitai_dump.js [--max-depth N] <compiled-js-dir> <TopType> <file>...");
  process.exit(2);
}

const args = process.argv.slice(2);
let maxDepth = Infinity;
if (args[0] === "--max-depth") {
  maxDepth = Number(args[1]);
  if (!Number.isInteger(maxDepth) || maxDepth < 0) usage();
  args.splice(0, 2);
}
const [jsDir, topType, ...files] = args;
if (!jsDir || !topType || files.length === 0) usage();

const errorMessage = (err) => (err && err.message !== undefined ? String(err.message) : String(err));

const isBytes = (v) => ArrayBuffer.isView(v) && !(v instanceof DataView);
const isStruct = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && "_io" in v;

function instanceNames(obj) {
  const proto = Object.getPrototypeOf(obj);
  if (!proto || proto === Object.prototype) return [];
  return Object.getOwnPropertyNames(proto).filter((name) => {
    if (name.startsWith("_")) return false;
    const desc = Object.getOwnPropertyDescriptor(proto, name);
    return desc !== undefined && typeof desc.get === "function";
  });
}

// Returns the JSON-ready form of a value; undefined for "absent" (left out of objects).
function dump(v, depth) {
  if (v === undefined || v === null) return undefined;
  switch (typeof v) {
    case "number":
      return Number.isFinite(v) ? v : { nonfinite: String(v) };
    case "bigint":
      return { bigint: v.toString() };
    case "boolean":
    case "string":
      return v;
    default:
      break;
  }
  if (isBytes(v)) {
    return { hex: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("hex") };
  }
  if (Array.isArray(v)) {
    if (depth >= maxDepth) return { length: v.length };
    return v.map((item) => {
      const d = dump(item, depth + 1);
      return d === undefined ? null : d;
    });
  }
  if (isStruct(v)) {
    if (depth >= maxDepth) return { type: v.constructor ? v.constructor.name : "?" };
    const out = {};
    for (const name of Object.keys(v)) {
      if (name.startsWith("_")) continue;
      const d = dump(v[name], depth + 1);
      if (d !== undefined) out[name] = d;
    }
    for (const name of instanceNames(v)) {
      let value;
      try {
        value = v[name];
      } catch (err) {
        out[name] = { error: errorMessage(err) };
        continue;
      }
      const d = dump(value, depth + 1);
      if (d !== undefined) out[name] = d;
    }
    return out;
  }
  return { unsupported: Object.prototype.toString.call(v) };
}

const KaitaiStream = require("kaitai-struct/KaitaiStream");
const TopClass = require(path.resolve(jsDir, topType + ".js"))[topType];
if (typeof TopClass !== "function") {
  console.error(`${topType}.js in ${jsDir} does not define ${topType}`);
  process.exit(2);
}

for (const file of files) {
  let tree;
  try {
    const data = fs.readFileSync(file);
    // The Web IDE hands the runtime an ArrayBuffer of the whole file; do the same.
    const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
    tree = dump(new TopClass(new KaitaiStream(buffer)), 0);
  } catch (err) {
    tree = { error: errorMessage(err) };
  }
  process.stdout.write(JSON.stringify(tree) + "\n");
}
