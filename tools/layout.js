// The fixed-size headers and entries of the specs as Python constants (generated/layout.py) and as
// C macros for the compiled core (generated/layout.h).
// usage: require("./layout").layoutModule(loadSpec) or .layoutHeader(loadSpec), loadSpec(id)
// returning a parsed formats/<id>.ksy; tools/ksc.js writes both beside the Python parsers, so
// `make check-generated` covers them.
//
// The handwritten layer reads the hot headers (a v2 batch header, the offset and length in front of
// every entry) with `struct` rather than through the generated parsers, which are ~50x slower per
// header. These layouts give it the specs' own field order, sizes and offsets, so that no offset is
// typed again by hand.
"use strict";

// Layouts to derive: `seq` takes a slice of a type's seq (`from`/`to` field ids, inclusive;
// `bindings` fix the values its `if:` conditions read); `pos` takes instances placed at
// `<base> + N` (the fields of a type that dispatches on bytes it has not parsed yet).
const LAYOUTS = [
  {
    name: "LogEntryPrefix",
    spec: "kafka_log",
    type: "log_entry",
    pos: { base: "ofs_entry", fields: ["offset", "len_body"] },
    doc: "The offset and length in front of every entry of a segment (Kafka's Records.LOG_OVERHEAD).",
  },
  {
    name: "LogEntryHeader",
    spec: "kafka_log",
    type: "log_entry",
    pos: { base: "ofs_entry", fields: ["offset", "len_body", "magic"] },
    doc: "An entry up to its magic byte, at the same place in every format (Records.HEADER_SIZE_UP_TO_MAGIC).",
  },
  {
    name: "RecordBatchHeader",
    spec: "kafka_record_batch",
    seq: { from: "base_offset", to: "num_records" },
    doc: "The v2 record batch header, from its offset to the record count (DefaultRecordBatch).",
  },
  {
    name: "LegacyMessageV0",
    spec: "kafka_message",
    seq: { from: "crc", to: "len_key", bindings: { magic: 0 } },
    doc: "A v0 message up to its key (LegacyRecord); MIN_SIZE is RECORD_OVERHEAD_V0.",
  },
  {
    name: "LegacyMessageV1",
    spec: "kafka_message",
    seq: { from: "crc", to: "len_key", bindings: { magic: 1 } },
    doc: "A v1 message up to its key (LegacyRecord); MIN_SIZE is RECORD_OVERHEAD_V1.",
  },
  { name: "OffsetIndexEntry", spec: "kafka_offset_index", type: "offset_index_entry", doc: "An .index entry." },
  { name: "TimeIndexEntry", spec: "kafka_time_index", type: "time_index_entry", doc: "A .timeindex entry." },
  { name: "AbortedTxnEntry", spec: "kafka_txn_index", type: "aborted_txn", doc: "A .txnindex entry." },
  {
    name: "ProducerSnapshotHeader",
    spec: "kafka_producer_snapshot",
    seq: { from: "version", to: "num_entries" },
    doc: "The header of a producer state .snapshot.",
  },
  {
    name: "ProducerSnapshotEntry",
    spec: "kafka_producer_snapshot",
    type: "producer_entry",
    doc: "One producer of a .snapshot.",
  },
  {
    name: "ControlKey",
    spec: "kafka_control_record",
    type: "control_key",
    doc: "The key of every control record (ControlRecordType's key schema).",
  },
];

const PRIMITIVES = { s1: "b", u1: "B", s2: "h", u2: "H", s4: "i", u4: "I", s8: "q", u8: "Q" };
const ENDIAN = { be: ">", le: "<" };

function typeOf(spec, typePath) {
  return typePath ? spec.types[typePath] : spec;
}

function primitive(field, where) {
  const format = PRIMITIVES[field.type];
  if (!format) throw new Error(`${where}: ${field.id || ""} is not a fixed-size integer (type ${field.type})`);
  return { format, length: Number(field.type.slice(1)) };
}

// An `if:` of a layout's field, evaluated with the layout's bindings (e.g. `magic >= 1`).
function present(field, bindings, where) {
  if (field.if === undefined) return true;
  const names = Object.keys(bindings);
  const unknown = String(field.if).match(/[a-z_][a-z0-9_]*/g).filter((name) => !names.includes(name));
  if (unknown.length) throw new Error(`${where}: if: ${field.if} reads ${unknown} (add it to bindings)`);
  return Boolean(new Function(...names, `return (${field.if});`)(...names.map((name) => bindings[name])));
}

// [{id, orig, format, length, offset}] of a layout, offsets from the start of the layout.
function fieldsOf(layout, spec) {
  const where = `${layout.spec}.ksy ${layout.type || ""}`.trim();
  const type = typeOf(spec, layout.type);
  if (layout.pos) {
    const pattern = new RegExp(`^${layout.pos.base}(?:\\s*\\+\\s*(\\d+))?$`);
    return layout.pos.fields.map((id) => {
      const instance = type.instances[id];
      const match = instance && String(instance.pos).match(pattern);
      if (!match) throw new Error(`${where}: instance ${id} is not at ${layout.pos.base} + N`);
      return { id, orig: instance["-orig-id"], ...primitive(instance, where), offset: Number(match[1] || 0) };
    });
  }
  const seq = type.seq;
  const ids = seq.map((field) => field.id);
  const from = layout.seq ? ids.indexOf(layout.seq.from) : 0;
  const to = layout.seq ? ids.indexOf(layout.seq.to) : ids.length - 1;
  if (from < 0 || to < from) throw new Error(`${where}: no seq from ${layout.seq.from} to ${layout.seq.to}`);
  const bindings = (layout.seq && layout.seq.bindings) || {};
  const fields = [];
  let offset = 0;
  for (const field of seq.slice(from, to + 1)) {
    if (!present(field, bindings, where)) continue;
    const { format, length } = primitive(field, where);
    fields.push({ id: field.id, orig: field["-orig-id"], format, length, offset });
    offset += length;
  }
  return fields;
}

// The smallest whole object of the type: its fixed-size seq fields, every sized one empty.
function minSize(layout, spec) {
  if (!layout.seq) return null;
  const bindings = layout.seq.bindings || {};
  const where = `${layout.spec}.ksy`;
  let size = 0;
  for (const field of typeOf(spec, layout.type).seq) {
    if (PRIMITIVES[field.type] && present(field, bindings, where)) size += primitive(field, where).length;
  }
  return size;
}

// Bits of a layout field that the spec's value instances test: `attributes & 7` -> COMPRESSION_MASK.
function masksOf(layout, spec, fields) {
  const ids = new Set(fields.map((field) => field.id));
  const masks = [];
  for (const [id, instance] of Object.entries(typeOf(spec, layout.type).instances || {})) {
    const match = instance.value !== undefined && String(instance.value).match(/\b([a-z_]+) & (0x[0-9a-f]+|0b[01]+|\d+)\b/);
    if (match && ids.has(match[1])) masks.push({ id, field: match[1], value: Number(match[2]) });
  }
  return masks;
}

const upper = (id) => id.toUpperCase();

// A docstring paragraph in lines of at most 100 characters, indented for a class body.
function wrap(text) {
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > 96) {
      lines.push(`    ${line}`);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, `    ${line}`];
}

function layoutClass(layout, spec) {
  const fields = fieldsOf(layout, spec);
  const endian = ENDIAN[spec.meta.endian];
  const lines = [`class ${layout.name}:`, `    """${layout.doc}`, ""];
  const source = layout.type ? `${layout.spec}.ksy, type ${layout.type}` : `${layout.spec}.ksy`;
  const what = layout.pos ? `instances at ${layout.pos.base} + N` : "seq";
  lines.push(...wrap(`From ${source} (${what}): ${fields.map((field) => field.id).join(", ")}.`), `    """`, "");
  let format = endian;
  let end = 0;
  let previous = null;
  for (const field of fields) {
    const name = upper(field.id);
    if (field.offset > end) format += `${field.offset - end}x`;
    const offset = previous && field.offset === end ? `${previous}_OFFSET + ${previous}_LENGTH` : String(field.offset);
    const comment = field.orig ? `  # ${field.orig}` : "";
    lines.push(`    ${name}_OFFSET: Final = ${offset}${comment}`);
    lines.push(`    ${name}_LENGTH: Final = ${field.length}`);
    lines.push(`    ${name}_STRUCT: Final = struct.Struct("${endian}${field.format}")`);
    format += field.format;
    end = field.offset + field.length;
    previous = name;
  }
  lines.push(`    SIZE: Final = ${previous}_OFFSET + ${previous}_LENGTH`);
  const min = minSize(layout, spec);
  if (min !== null && min !== end) lines.push(`    MIN_SIZE: Final = SIZE + ${min - end}  # the fixed-size fields after these`);
  const ids = fields.map((field) => `"${field.id}"`).join(", ");
  lines.push(`    FIELDS: Final = (${ids}${fields.length === 1 ? "," : ""})`);
  lines.push(`    STRUCT: Final = struct.Struct("${format}")`);
  for (const mask of masksOf(layout, spec, fields)) {
    lines.push(`    ${upper(mask.id)}_MASK: Final = 0b${mask.value.toString(2)}  # ${mask.id}: ${mask.field} & ${mask.value}`);
  }
  return lines.join("\n");
}

// RecordBatchHeader -> RECORD_BATCH_HEADER, LegacyMessageV0 -> LEGACY_MESSAGE_V0
const macroPrefix = (name) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
const C_TYPES = { b: "int8_t", B: "uint8_t", h: "int16_t", H: "uint16_t", i: "int32_t", I: "uint32_t", q: "int64_t", Q: "uint64_t" };

// The same constants as layoutClass, as <LAYOUT>_<FIELD>_OFFSET/_LENGTH/_TYPE macros.
function layoutMacros(layout, spec) {
  const fields = fieldsOf(layout, spec);
  const prefix = macroPrefix(layout.name);
  const source = layout.type ? `${layout.spec}.ksy, type ${layout.type}` : `${layout.spec}.ksy`;
  const lines = [`/* ${layout.doc} From ${source}${spec.meta.endian === "be" ? ", big-endian" : ", little-endian"}. */`];
  let end = 0;
  for (const field of fields) {
    const name = `${prefix}_${upper(field.id)}`;
    const comment = field.orig ? `  /* ${field.orig} */` : "";
    lines.push(`#define ${name}_OFFSET ${field.offset}${comment}`);
    lines.push(`#define ${name}_LENGTH ${field.length}`);
    lines.push(`#define ${name}_TYPE ${C_TYPES[field.format]}`);
    end = field.offset + field.length;
  }
  lines.push(`#define ${prefix}_SIZE ${end}`);
  const min = minSize(layout, spec);
  if (min !== null && min !== end) lines.push(`#define ${prefix}_MIN_SIZE ${min}`);
  for (const mask of masksOf(layout, spec, fields)) {
    lines.push(`#define ${prefix}_${upper(mask.id)}_MASK 0x${mask.value.toString(16)}  /* ${mask.field} & ${mask.value} */`);
  }
  return lines.join("\n");
}

function layoutHeader(loadSpec) {
  const header = `/* This is a generated file! Edit the specs in formats/ and run \`make generate\` (tools/layout.js). */
/* The fixed-size headers and entries of the specs, for the compiled core (kafkaks/wire/_core.c): the
 * constants of generated/layout.py as macros, <LAYOUT>_<FIELD>_OFFSET, _LENGTH and _TYPE (its C
 * integer type), <LAYOUT>_SIZE, <LAYOUT>_MIN_SIZE and <LAYOUT>_<INSTANCE>_MASK. */
#ifndef KAFKAKS_LAYOUT_H
#define KAFKAKS_LAYOUT_H`;
  const body = LAYOUTS.map((layout) => layoutMacros(layout, loadSpec(layout.spec)));
  return [header, ...body, "#endif /* KAFKAKS_LAYOUT_H */"].join("\n\n") + "\n";
}

function layoutModule(loadSpec) {
  const header = `# This is a generated file! Edit formats/*.ksy and run \`make generate\` (tools/layout.js).
"""The fixed-size headers and entries of the specs, for reading them with \`struct\`.

Each layout is a class of constants derived from formats/*.ksy: for each field, <FIELD>_OFFSET
(built on the field before, as in Kafka's DefaultRecordBatch.java), <FIELD>_LENGTH and
<FIELD>_STRUCT; SIZE; FIELDS, the field ids in order; STRUCT, all of them at once (pad bytes for
gaps); MIN_SIZE where the type has more fixed-size fields after the layout; and <INSTANCE>_MASK
for each bit mask a \`value:\` instance of the spec applies to a field (\`attributes & 7\`).
"""

import struct
from typing import Final`;
  return [header, ...LAYOUTS.map((layout) => layoutClass(layout, loadSpec(layout.spec)))].join("\n\n\n") + "\n";
}

module.exports = { layoutModule, layoutHeader };
