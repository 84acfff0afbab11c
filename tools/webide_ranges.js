#!/usr/bin/env node
// Parses files as the Kaitai Web IDE does and reports how its hex view maps bytes to the tree.
// usage: node tools/webide_ranges.js <debug-js-dir> <formats-dir> <TopType> <file>...
//   <debug-js-dir>: the specs compiled with `node tools/ksc.js --debug javascript <dir> formats/*.ksy`
// Prints one JSON line per file: {"size", "leaves", "gaps": [[start, end], ...] (byte ranges, end
// exclusive, that no leaf of the tree covers, the end of the file included), "hidden": [paths of seq
// fields whose bytes the hex view drops], "reprs": {path: the text its `-webide-representation`
// gives, for the root and the first items of arrays, four objects deep}, "error"}.
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
const yaml = require("js-yaml");

require("./repo_node_path");

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

// Class name -> the JavaScript names of its `value:` instances, and -> its representation, from
// every spec, as the IDE finds types by class name.
const valueInstances = new Map();
const representations = new Map();
function collectTypes(name, type) {
  const values = new Set();
  for (const [id, inst] of Object.entries(type.instances || {})) if ("value" in inst) values.add(camel(id, false));
  valueInstances.set(camel(name, true), values);
  if (type["-webide-representation"]) representations.set(camel(name, true), type["-webide-representation"]);
  for (const [sub, subType] of Object.entries(type.types || {})) collectTypes(sub, subType);
}
for (const file of fs.readdirSync(formatsDir).filter((f) => f.endsWith(".ksy")).sort()) {
  const spec = yaml.load(fs.readFileSync(path.join(formatsDir, file), "utf8"));
  collectTypes(spec.meta.id, spec);
}

const isBytes = (v) => v instanceof Uint8Array;
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && !isBytes(v);

// The IDE's exported tree: {kind: "object", cls, fields: Map} | {kind: "array", items} |
// {kind: "bytes" | "value", value, start, end, enumName}; start/end absolute, end exclusive.
function exportValue(value, debug) {
  if (isObject(value)) {
    const keys = new Set(Object.keys(value));
    if (value._debug) for (const key of Object.keys(value._debug)) keys.add(key);
    const fields = new Map();
    for (const key of [...keys].filter((k) => k[0] !== "_" || k.startsWith("_unnamed"))) {
      fields.set(key, { seq: true, exp: exportValue(value[key], value._debug && value._debug[key]) });
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
      fields.set(prop, { seq: false, exp: exportValue(inst, value._debug && value._debug[`_m_${prop}`]) });
    }
    return { kind: "object", cls: value.constructor.name, fields };
  }
  if (Array.isArray(value)) {
    return { kind: "array", items: value.map((item, i) => exportValue(item, debug && debug.arr && debug.arr[i])) };
  }
  const hasRange = debug && debug.start !== undefined && debug.end !== undefined;
  return {
    kind: isBytes(value) ? "bytes" : "value",
    value,
    start: hasRange ? debug.ioOffset + debug.start : undefined,
    end: hasRange ? debug.ioOffset + debug.end : undefined,
    enumName: debug && debug.enumName,
  };
}

// Depth first, in the IDE's order: the leaves with a range, each {start, end, path, seq}.
function leaves(exp, pathParts, seq, out) {
  if (exp.kind === "object") {
    for (const [key, field] of exp.fields) leaves(field.exp, pathParts.concat(key), seq && field.seq, out);
  } else if (exp.kind === "array") {
    exp.items.forEach((item, i) => leaves(item, pathParts.concat(String(i)), seq, out));
  } else if (exp.value !== undefined && exp.start !== undefined) {
    out.push({ start: exp.start, end: exp.end, path: pathParts.join("/"), seq });
  }
}

// The text of a node's `-webide-representation`, as parsedToTree.ts reprObject builds it (without
// its HTML): "" for a type without one.
const hex2 = (b) => (b < 16 ? "0" : "") + b.toString(16);
function primitiveText(exp) {
  if (exp.kind === "bytes") {
    const shown = [...exp.value.slice(0, 8)].join(", ");
    return `[${shown}${exp.value.length > 8 ? ", ..." : ""}]`;
  }
  if (exp.value === undefined) return "<no value>";
  if (Number.isInteger(exp.value)) {
    if (exp.enumName) {
      const [top, ...rest] = exp.enumName.split(".");
      let enumObj = require(path.resolve(jsDir, top + ".js"))[top];
      for (const part of rest) enumObj = enumObj[part];
      if (enumObj[exp.value] !== undefined) return enumObj[exp.value];
    }
    return `${exp.value < 0 ? "-" : ""}0x${Math.abs(exp.value).toString(16).toUpperCase()}`;
  }
  return String(exp.value);
}
function repr(exp) {
  const template = representations.get(exp.cls);
  if (!template) return "";
  return template.replace(/{(.*?)}/g, (_, ref) => {
    const [names, formatText] = ref.split(":");
    const format = {};
    if (formatText) for (const kv of formatText.split(",")) format[kv.split("=")[0]] = true;
    let item = exp;
    for (const name of names.split(".")) {
      const field = item && item.kind === "object" ? item.fields.get(camel(name, false)) : undefined;
      item = name === "this" ? item : field && field.exp;
    }
    if (!item) return "";
    if (item.kind === "object") return repr(item);
    if (item.kind === "array") return item.items.map(repr).join(", ");
    if (format.str && item.kind === "bytes") return `"${String.fromCharCode(...item.value)}"`;
    if (format.uuid && item.kind === "bytes" && item.value.length === 16) {
      const h = [...item.value].map(hex2).join("");
      return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
    }
    if (format.dec && Number.isInteger(item.value)) return String(item.value);
    return primitiveText(item);
  });
}

// Representations of the root and of the objects down to depth 3 along the first array items.
function reprs(exp, pathParts, depth, out) {
  if (exp.kind === "object") {
    if (representations.has(exp.cls)) out[pathParts.join("/")] = repr(exp);
    if (depth < 4) for (const [key, field] of exp.fields) reprs(field.exp, pathParts.concat(key), depth + 1, out);
  } else if (exp.kind === "array") {
    exp.items.slice(0, 3).forEach((item, i) => reprs(item, pathParts.concat(String(i)), depth, out));
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
  const exported = exportValue(root, undefined);
  const all = [];
  leaves(exported, [], true, all);
  result.reprs = {};
  reprs(exported, [], 0, result.reprs);
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
