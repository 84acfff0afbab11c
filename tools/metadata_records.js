#!/usr/bin/env node
// Derives kafkaks's table of KRaft metadata record types from formats/kafka_metadata_record.ksy,
// so that the names, versions and fields the decoder prints come from the spec alone.
// tools/ksc.js writes its output as generated/metadata_records.py whenever it compiles for Python.
//
// From the spec: the record types (enum metadata_record_type, upper-cased as Kafka's
// MetadataRecordType names them), the versions of each (the cases of the `data` switch,
// api_key * 100 + version), the fields in seq order with the version they appear in
// (`if: version >= N`), their JSON names (`-orig-id`, first letter lower-cased), the structures of
// arrays, and the tagged fields: their types from the `record_tagged_field` switch
// (api_key * 100 + tag), the rest from the record type's `-tagged-fields`.
"use strict";
const SPEC = "kafka_metadata_record";

function fail(message) {
  throw new Error(`formats/${SPEC}.ksy: ${message}`);
}

// The module's text, from the spec (a loaded YAML document).
function metadataRecordsModule(spec) {
  const typeName = (ref) => String(ref).replace(/\(.*\)$/, ""); // `partition_record(0)` -> `partition_record`
  const lowerFirst = (s) => s[0].toLowerCase() + s.slice(1);
  const camel = (id) => id.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
  const jsonName = (field) => (field["-orig-id"] ? lowerFirst(field["-orig-id"]) : camel(field.id));

  function since(field) {
    if (field.if === undefined) return 0;
    const m = /^version >= (\d+)$/.exec(String(field.if));
    if (!m) fail(`${field.id}: only \`if: version >= N\` is understood, not \`if: ${field.if}\``);
    return Number(m[1]);
  }

  // The Kaitai type of a value, as kafkaks/internal_topics/cluster_metadata.py converts it to JSON.
  function valueType(field) {
    if (field.type === undefined && field.size === 16) return "uuid";
    const t = typeName(field.type).replace(/^kafka_protocol_types::/, "");
    const known = ["s1", "s2", "s4", "s8", "u1", "u2", "f8", "string", "bytes", "int32_array",
      "uuid_array", "string_array", "tag_int8", "tag_int32"];
    if (!known.includes(t)) fail(`${field.id}: no JSON conversion for type ${field.type}`);
    return t;
  }

  function fields(type, apiKey) {
    const out = [];
    for (const field of type.seq || []) {
      if (field.id === "tagged_fields" || /^len_/.test(field.id)) continue;
      if (field.repeat !== undefined) {
        const item = spec.types[typeName(field.type)];
        if (!item) fail(`${field.id}: an array of ${field.type}, which is not a type of this spec`);
        out.push(["array", jsonName(field), field.id, fields(item, null)]);
      } else {
        out.push(["field", jsonName(field), field.id, valueType(field), since(field)]);
      }
    }
    const tags = type["-tagged-fields"] || [];
    if (tags.length && apiKey === null) fail("tagged fields are only decoded in top-level records");
    const tagTypes = spec.types.record_tagged_field.seq.find((f) => f.id === "data").type.cases;
    for (const tag of tags) {
      const tagType = tagTypes[apiKey * 100 + tag.tag];
      if (tagType === undefined) fail(`${tag.id}: tag ${tag.tag} of api key ${apiKey} is not in record_tagged_field`);
      const entry = ["tag", jsonName(tag), tag.tag, valueType({ id: tag.id, type: tagType }), since(tag),
        tag.default === undefined ? null : tag.default];
      let at = out.length;
      if (tag.after !== undefined) {
        at = out.findIndex((f) => f[0] === "field" && f[2] === tag.after) + 1;
        if (at === 0) fail(`${tag.id}: after ${tag.after}, which is not a field`);
        while (at < out.length && out[at][0] === "tag") at++; // after the tags placed there before it
      }
      out.splice(at, 0, entry);
    }
    return out;
  }

  const names = spec.enums.metadata_record_type;
  const versions = new Map(); // api key -> [type, highest version]
  for (const [key, ref] of Object.entries(spec.seq.find((f) => f.id === "data").type.cases)) {
    const apiKey = Math.floor(Number(key) / 100);
    const version = Number(key) % 100;
    if (names[apiKey] !== typeName(ref)) fail(`data case ${key} is ${ref}, but api key ${apiKey} is ${names[apiKey]}`);
    const [, highest] = versions.get(apiKey) || [null, -1];
    versions.set(apiKey, [typeName(ref), Math.max(highest, version)]);
  }

  const literal = (v) => (v === null ? "None" : Array.isArray(v) ? `[${v.map(literal).join(", ")}]` : JSON.stringify(v));

  function writeFields(list, indent) {
    const pad = " ".repeat(indent);
    return list.map((f) =>
      f[0] === "array"
        ? `${pad}[${f.slice(0, 3).map(literal).join(", ")}, [\n${writeFields(f[3], indent + 4)}${pad}]],\n`
        : `${pad}${literal(f)},\n`,
    ).join("");
  }

  let table = "";
  for (const [apiKey, [type, highest]] of [...versions].sort((a, b) => a[0] - b[0])) {
    const list = fields(spec.types[type], apiKey);
    const body = list.length ? `[\n${writeFields(list, 8)}    ]` : "[]";
    table += `    ${apiKey}: (${literal(type.toUpperCase())}, ${highest}, ${body}),\n`;
  }

  const doc = `"""Kafka's KRaft metadata record types, derived from formats/${SPEC}.ksy by
tools/metadata_records.js. Do not edit: run \`make generate\`.

METADATA_RECORDS: api key -> (MetadataRecordType name, highest version, fields in the order of
Kafka's schema), a field being one of
    ("field", JSON name, attribute of the generated object, Kaitai type, first version)
    ("array", JSON name, attribute, fields of an item)
    ("tag", JSON name, tag, Kaitai type, first version, default)
"""
`;
  return `${doc}\nMETADATA_RECORDS = {\n${table}}\n`;
}

module.exports = { SPEC, metadataRecordsModule };
