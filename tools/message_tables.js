#!/usr/bin/env node
// Derives kafkaks's tables of Kafka's coordinator records (__consumer_offsets record types 3+,
// __share_group_state) and framed metadata records (__remote_log_metadata) from the specs that
// define them, so that the record types, their versions and the fields the decoders print come
// from the specs alone. tools/ksc.js writes the output as generated/message_tables.py.
//
// A key spec (`kafka_consumer_offsets_key`, `kafka_share_coordinator_records`) reads an int16
// record type (enum record_type) and switches to the key's type; the value of record type
// `<name>` is the type `<name>_value` of the spec that holds the key type (an int16 version and a
// `data` switch on it). A framed spec (`kafka_remote_log_metadata_record`) switches on
// api_key * 100 + version. The fields of a structure: its seq in order (JSON name from
// `-orig-id`, first letter lower-cased, as Kafka's JSON converters name them; `-nullable` where
// Kafka accepts a null; `len_`, `present_` and `tagged_fields` are framing), and its tags (`-tagged-fields`: name, number, first version,
// default, the field it follows) with their types from the structure's tag switch.
"use strict";

const KEY_SPECS = ["kafka_consumer_offsets_key", "kafka_share_coordinator_records"];
const FRAMED_SPECS = ["kafka_remote_log_metadata_record"];
// Specs of one value (an int16 version and a `data` switch on it), whose other fields kafkaks
// prints with the same walker.
const VALUE_SPECS = ["kafka_offset_commit_value", "kafka_transaction_log_value"];
const SPECS = [...new Set([...KEY_SPECS, ...FRAMED_SPECS, ...VALUE_SPECS, "kafka_group_coordinator_records"])];

const typeName = (ref) => String(ref).replace(/\(.*\)$/, "");
const lowerFirst = (s) => s[0].toLowerCase() + s.slice(1);
const camel = (id) => id.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
const upperCamel = (id) => id.split("_").filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join("");
const SCALARS = ["s1", "s2", "s4", "s8", "u1", "u2", "u4", "f8"];
const PROTOCOL = ["string", "bytes", "int32_array", "string_array", "uuid_array"];

function tables(loadSpec) {
  const specs = new Map(SPECS.map((id) => [id, loadSpec(id)]));
  const fail = (spec, message) => {
    throw new Error(`formats/${spec}.ksy: ${message}`);
  };

  // `other::name` or `name` of spec `specId` -> [spec id, type name]
  function resolve(specId, ref) {
    const name = typeName(ref);
    const [owner, local] = name.includes("::") ? name.split("::") : [specId, name];
    return [owner, local];
  }

  function typeOf(specId, name) {
    const spec = specs.get(specId);
    const t = spec && spec.types && spec.types[name];
    if (!t) fail(specId, `no type ${name}`);
    return t;
  }

  // The conversion of a plain value, as kafkaks/internal_topics/messages.py names it.
  function scalarKind(specId, field) {
    if (field.type === undefined && field.size === 16) return "uuid";
    const t = typeName(field.type);
    if (SCALARS.includes(t)) return t;
    const bare = t.replace(/^kafka_protocol_types::/, "");
    if (t.startsWith("kafka_protocol_types::") && PROTOCOL.includes(bare)) return bare;
    const helper = typeOf(specId, t);
    if (/_array$/.test(t) && helper.seq.some((f) => f.id === "items")) return "int_array";
    if (/_tag_(s1|s2|s4|s8|u1|u2|u4|f8|uuid)$/.test(t)) return "tag_" + t.replace(/.*_tag_/, "");
    return null;
  }

  function fields(specId, name) {
    const type = typeOf(specId, name);
    const out = [];
    const seq = type.seq || [];
    for (const field of seq) {
      if (field.id === "tagged_fields" || /^(len|present)_/.test(field.id)) continue;
      const json = field["-orig-id"] ? lowerFirst(field["-orig-id"]) : camel(field.id);
      const kind = field.repeat === undefined ? scalarKind(specId, field) : null;
      const nullable = field["-nullable"] !== undefined;
      if (field.repeat !== undefined) {
        out.push(["array", json, field.id, fields(specId, typeName(field.type)), nullable]);
      } else if (kind) {
        out.push(["field", json, field.id, kind, nullable]);
      } else {
        const marker = seq.some((f) => f.id === `present_${field.id}`);
        out.push(["struct", json, field.id, fields(specId, typeName(field.type)), marker]);
      }
    }
    const tags = type["-tagged-fields"] || [];
    if (tags.length) {
      const section = typeOf(specId, typeName(seq.find((f) => f.id === "tagged_fields").type));
      const one = typeOf(specId, typeName(section.seq.find((f) => f.id === "fields").type));
      const cases = one.seq.find((f) => f.id === "data").type.cases;
      for (const tag of tags) {
        const ref = cases[tag.tag];
        if (ref === undefined) fail(specId, `${name}: tag ${tag.tag} is not in its tag switch`);
        const since = tag.if === undefined ? 0 : Number(/^version >= (\d+)$/.exec(tag.if)[1]);
        const json = tag["-orig-id"] ? lowerFirst(tag["-orig-id"]) : camel(tag.id);
        const dflt = tag.default === undefined ? null : tag.default;
        const kind = scalarKind(specId, { type: ref });
        let entry;
        if (kind) {
          entry = ["tag", json, tag.tag, kind, since, dflt];
        } else {
          const wrapper = typeOf(specId, typeName(ref));
          const items = wrapper.seq.find((f) => f.id === "items");
          const value = wrapper.seq.find((f) => f.id === "value");
          entry = items
            ? ["tagarray", json, tag.tag, fields(specId, typeName(items.type)), since, dflt]
            : ["tagstruct", json, tag.tag, fields(specId, typeName(value.type)), since, dflt];
        }
        let at = out.length;
        if (tag.after !== undefined) {
          at = out.findIndex((f) => f[2] === tag.after) + 1;
          if (at === 0) fail(specId, `${name}: tag ${tag.id} after ${tag.after}, which is not a field`);
          while (at < out.length && out[at][0].startsWith("tag")) at++;
        }
        out.splice(at, 0, entry);
      }
    }
    return out;
  }

  // A wrapper `<name>_value`: its versions and the body type.
  function valueVersions(specId, wrapperName) {
    const wrapper = typeOf(specId, wrapperName);
    const cases = wrapper.seq.find((f) => f.id === "data").type.cases;
    const versions = Object.keys(cases).map(Number);
    const bodies = new Set(Object.values(cases).map(typeName));
    if (bodies.size !== 1) fail(specId, `${wrapperName}: one body type for every version was expected`);
    return [Math.max(...versions), [...bodies][0]];
  }

  const coordinator = {};
  for (const keySpec of KEY_SPECS) {
    const spec = specs.get(keySpec);
    const cases = spec.seq.find((f) => f.id === "key").type.cases;
    const table = {};
    for (const [num, enumName] of Object.entries(spec.enums.record_type)) {
      const ref = cases[`record_type::${enumName}`];
      if (ref === undefined) continue;
      const [owner, keyType] = resolve(keySpec, ref);
      const valueType = `${enumName}_value`;
      if (!specs.get(owner).types[valueType]) continue; // decoded by kafkaks's own code (types 0 to 2)
      const [highest, body] = valueVersions(owner, valueType);
      table[num] = [
        upperCamel(enumName),
        owner,
        upperCamel(keyType),
        fields(owner, keyType),
        upperCamel(valueType),
        highest,
        fields(owner, body),
      ];
    }
    coordinator[keySpec] = table;
  }

  const framed = {};
  for (const specId of FRAMED_SPECS) {
    const spec = specs.get(specId);
    const cases = spec.seq.find((f) => f.id === "data").type.cases;
    const table = {};
    for (const [key, ref] of Object.entries(cases)) {
      const apiKey = Math.floor(Number(key) / 100);
      const version = Number(key) % 100;
      const body = typeName(ref);
      const [, highest] = table[apiKey] || [null, -1];
      table[apiKey] = [typeOf(specId, body)["-orig-id"], Math.max(highest, version), fields(specId, body)];
    }
    framed[specId] = table;
  }
  const values = {};
  for (const specId of VALUE_SPECS) {
    const spec = specs.get(specId);
    const wrapper = { seq: spec.seq };
    spec.types[`${specId}__top`] = wrapper;
    const [highest, body] = valueVersions(specId, `${specId}__top`);
    delete spec.types[`${specId}__top`];
    values[specId] = [typeOf(specId, body)["-orig-id"], highest, fields(specId, body)];
  }
  return { coordinator, framed, values };
}

function py(v, indent) {
  const pad = " ".repeat(indent);
  if (v === null) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "number" || typeof v === "string") return JSON.stringify(v);
  if (Array.isArray(v)) {
    if (v.every((x) => !Array.isArray(x) && (typeof x !== "object" || x === null))) {
      return `(${v.map((x) => py(x, 0)).join(", ")}${v.length === 1 ? "," : ""})`;
    }
    const inner = v.map((x) => `${pad}    ${py(x, indent + 4)},\n`).join("");
    return `(\n${inner}${pad})`;
  }
  const inner = Object.entries(v)
    .map(([k, x]) => `${pad}    ${/^\d+$/.test(k) ? k : JSON.stringify(k)}: ${py(x, indent + 4)},\n`)
    .join("");
  return `{\n${inner}${pad}}`;
}

function messageTablesModule(loadSpec) {
  const { coordinator, framed, values } = tables(loadSpec);
  const doc = `"""Kafka's coordinator records and framed metadata records, derived from formats/*.ksy by
tools/message_tables.js. Do not edit: run \`make generate\`.

COORDINATOR_RECORDS: key spec -> record type -> (name, spec holding the types, key type, key
fields, value type, highest value version, value fields); types are the generated classes'
names inside the spec's top-level class.
FRAMED_RECORDS: spec -> api key -> (message name, highest version, fields).
VALUE_RECORDS: spec of one versioned value -> (message name, highest version, fields).
A field is one of
    ("field", JSON name, attribute, conversion, nullable)
    ("array", JSON name, attribute, fields of an item, nullable)  (null when len_<attribute> is -1)
    ("struct", JSON name, attribute, fields, nullable)        (null when present_<attribute> < 0)
    ("tag", JSON name, tag, conversion, first version, default)
    ("tagarray" | "tagstruct", JSON name, tag, fields, first version, default)
in the order Kafka's JSON converters print them. A tag's default is what Kafka's JSON converter
prints for it when absent; an array's is a tuple, a structure's the defaults of its fields
(kafkaks.internal_topics.messages.is_default compares).
"""
`;
  return (
    `${doc}\nCOORDINATOR_RECORDS = ${py(coordinator, 0)}\n\nFRAMED_RECORDS = ${py(framed, 0)}\n\n` +
    `VALUE_RECORDS = ${py(values, 0)}\n`
  );
}

module.exports = { SPECS, messageTablesModule };
