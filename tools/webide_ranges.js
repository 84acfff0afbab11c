#!/usr/bin/env node
// Parses files as the Kaitai Web IDE does and reports how its hex view maps bytes to the tree.
// usage: node tools/webide_ranges.js <debug-js-dir> <formats-dir> <TopType> <file>...
//   <debug-js-dir>: the specs compiled with `node tools/ksc.js --debug javascript <dir> formats/*.ksy`
// Prints one JSON line per file: {"size", "leaves", "gaps": [[start, end], ...] (byte ranges, end
// exclusive, that no leaf of the tree covers, the end of the file included), "hidden": [paths of seq
// fields whose bytes the hex view drops], "error"}.
//
// What the IDE does (kaitai_struct_webide, src/v1/kaitaiWorker.ts exportValue and
// src/v1/parsedToTree.ts fillIntervals): it calls `_read()` on the debug build, then exports each
// object's fields in this order: its own enumerable properties not starting with `_` (seq fields
// in the order they were read, and params), then the keys of `_debug`, then the instances that are
// already evaluated or are `value:` instances (computed eagerly). It walks that tree depth first,
// taking every primitive or byte array with a debug range as an interval, and drops an interval
// that starts at or before the end of the last one it kept. Gaps between kept intervals are its
// "Unparsed parts".
"use strict";
const fs = require("fs");
const path = require("path");
const Module = require("module");
const yaml = require("js-yaml");

const repoModules = path.resolve(__dirname, "..", "node_modules");
const nodePath = (process.env.NODE_PATH || "").split(path.delimiter).filter(Boolean);
if (!nodePath.includes(repoModules)) {
  process.env.NODE_PATH = [repoModules, ...nodePath].join(path.delimiter);
  Module._initPaths();
}

const [jsDir, formatsDir, topType, ...files] = process.argv.slice(2);
if (!jsDir || !formatsDir || !topType || files.length === 0) {
  console.error("usage: node tools/webide_ranges.js <debug-js-dir> <formats-dir> <TopType> <file>...");
  process.exit(2);
}

const camel = (name, upper) =>
  name
    .split("_")
    .map((part, i) => (i === 0 && !upper ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join("");

// Class name -> set of the JavaScript names of its `value:` instances, from every spec, as the IDE
// finds types by class name.
const valueInstances = new Map();
function collectTypes(name, type) {
  const values = new Set();
  for (const [id, inst] of Object.entries(type.instances || {})) if ("value" in inst) values.add(camel(id, false));
  valueInstances.set(camel(name, true), values);
  for (const [sub, subType] of Object.entries(type.types || {})) collectTypes(sub, subType);
}
for (const file of fs.readdirSync(formatsDir).filter((f) => f.endsWith(".ksy")).sort()) {
  const spec = yaml.load(fs.readFileSync(path.join(formatsDir, file), "utf8"));
  collectTypes(spec.meta.id, spec);
}

const isBytes = (v) => v instanceof Uint8Array;
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && !isBytes(v);

// Depth-first leaves in the IDE's order: {start, end, path, seq}; start/end are absolute.
function leaves(value, debug, pathParts, seq, out) {
  if (isObject(value)) {
    const keys = new Set(Object.keys(value));
    if (value._debug) for (const key of Object.keys(value._debug)) keys.add(key);
    const fields = [...keys].filter((k) => k[0] !== "_" || k.startsWith("_unnamed"));
    for (const key of fields) {
      leaves(value[key], value._debug && value._debug[key], pathParts.concat(key), seq, out);
    }
    const proto = Object.getPrototypeOf(value);
    const eager = valueInstances.get(value.constructor.name) || new Set();
    const props = proto === Object.prototype ? [] : Object.getOwnPropertyNames(proto);
    for (const prop of props.filter((p) => p[0] !== "_" && p !== "constructor" && p !== "toString")) {
      if (!Object.prototype.hasOwnProperty.call(value, `_m_${prop}`) && !eager.has(prop)) continue;
      let inst;
      try {
        inst = value[prop];
      } catch (err) {
        continue;
      }
      leaves(inst, value._debug && value._debug[`_m_${prop}`], pathParts.concat(prop), false, out);
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => leaves(item, debug && debug.arr && debug.arr[i], pathParts.concat(String(i)), seq, out));
  } else if (value !== undefined && debug && debug.start !== undefined && debug.end !== undefined) {
    out.push({ start: debug.ioOffset + debug.start, end: debug.ioOffset + debug.end, path: pathParts.join("/"), seq });
  }
}

const KaitaiStream = require("kaitai-struct/KaitaiStream");
const TopClass = require(path.resolve(jsDir, topType + ".js"))[topType];

for (const file of files) {
  const data = fs.readFileSync(file);
  const result = { size: data.length, leaves: 0, gaps: [], hidden: [] };
  const root = new TopClass(new KaitaiStream(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)));
  try {
    root._read();
  } catch (err) {
    result.error = err && err.message !== undefined ? String(err.message) : String(err);
  }
  const all = [];
  leaves(root, undefined, [], true, all);
  let lastEnd = 0; // exclusive
  let kept = 0;
  for (const leaf of all) {
    if (leaf.start >= leaf.end) continue; // empty: nothing to show
    if (kept > 0 && leaf.start < lastEnd) {
      if (leaf.seq) result.hidden.push(leaf.path);
      continue;
    }
    if (leaf.start > lastEnd) result.gaps.push([lastEnd, leaf.start]);
    lastEnd = leaf.end;
    kept++;
  }
  if (lastEnd < data.length) result.gaps.push([lastEnd, data.length]);
  result.leaves = kept;
  result.hidden = result.hidden.slice(0, 20);
  result.gaps = result.gaps.slice(0, 20);
  process.stdout.write(JSON.stringify(result) + "\n");
}
