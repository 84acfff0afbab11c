#!/usr/bin/env python3
"""Writes a Kaitai spec of Kafka's coordinator records or metadata records from Kafka's message
JSON schemas, read from a git checkout of Apache Kafka at a release tag (development time only:
the schemas are not copied into this repository, the specs written from them are committed and
are the source of truth from then on).

    python tools/kafka_message_ksy.py --git-dir /work/.mirror/apache+kafka/repo --commit <sha> \
        --tag 4.3.1 formats/kafka_share_coordinator_records.ksy

The spec's id chooses the schemas, title and documentation (SPECS below). Every message version
becomes a case of its record's `data` switch; a field present in some versions only gets
`if: version >= N`; flexible versions read compact strings, bytes and arrays and end every
structure with a tagged-field section whose known tags are decoded (`<struct>_tags`, and the
tag's name, number and default in `-tagged-fields`, which tools/message_tables.js turns into
kafkaks's tables). A nullable structure is preceded by its int8 presence marker (-1: null).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

SHARE_DIR = "share-coordinator/src/main/resources/common/message"
GROUP_DIR = "group-coordinator/src/main/resources/common/message"
STORAGE_DIR = "storage/src/main/resources/message"

SPECS: dict[str, dict[str, Any]] = {
    "kafka_share_coordinator_records": {
        "prefix": "share_coordinator",
        "title": "Apache Kafka __share_group_state record key and value (share coordinator, KIP-932)",
        "dir": SHARE_DIR,
        "names": ["ShareSnapshot", "ShareUpdate"],
        "top": "key",
        "doc": """\
The records of `__share_group_state`, the compacted internal topic where the share coordinator
(KIP-932, Kafka 4.0+) keeps the state of each share-partition: which offsets of a
topic-partition a share group has acknowledged, archived or still has to deliver. The key of a
snapshot and of an update is the same (group, topic id, partition); a snapshot
(`ShareSnapshotValue`) holds the whole state, the updates after it (`ShareUpdateValue`) the
batches whose state changed since. A null value (tombstone) deletes the share-partition's state.

This spec reads a record's key: an int16 record type (Kafka calls it the key's version:
0 ShareSnapshotKey, 1 ShareUpdateKey) and the key, never flexible. The value of each type is
the type of the same name ending in `_value`: an int16 version and the message, chosen by
version; the body of an unknown record type or version stays raw bytes, for a reader to
report. Delivery states: 0 available, 2 acknowledged, 4 archived.
""",
    },
    "kafka_group_coordinator_records": {
        "prefix": "group_coordinator",
        "title": (
            "Apache Kafka __consumer_offsets records of consumer, share and streams groups "
            "(KIP-848, KIP-932, KIP-1071)"
        ),
        "dir": GROUP_DIR,
        "names": [
            "ConsumerGroupMetadata",
            "ConsumerGroupPartitionMetadata",
            "ConsumerGroupMemberMetadata",
            "ConsumerGroupTargetAssignmentMetadata",
            "ConsumerGroupTargetAssignmentMember",
            "ConsumerGroupCurrentMemberAssignment",
            "ShareGroupMemberMetadata",
            "ShareGroupMetadata",
            "ShareGroupTargetAssignmentMetadata",
            "ShareGroupTargetAssignmentMember",
            "ShareGroupCurrentMemberAssignment",
            "ShareGroupStatePartitionMetadata",
            "ConsumerGroupRegularExpression",
            "StreamsGroupMetadata",
            "StreamsGroupMemberMetadata",
            "StreamsGroupTargetAssignmentMetadata",
            "StreamsGroupTargetAssignmentMember",
            "StreamsGroupCurrentMemberAssignment",
            "StreamsGroupTopology",
        ],
        "top": None,
        "doc": """\
The keys and values of the `__consumer_offsets` records that the group coordinator of Kafka 4.x
writes besides offset commits and classic group metadata: the state of consumer groups of the
KIP-848 protocol (record types 3 to 8 and 16: group epoch, subscribed topics' metadata, members,
target assignment, current assignment, resolved regular expressions), of share groups (KIP-932,
types 10 to 15) and of streams groups (KIP-1071, types 17 to 23). `kafka_consumer_offsets_key`
reads the int16 record type in front of a key and chooses the key type here; the value of a
record type is the type of the same name ending in `_value`: an int16 version and the message.
A collection of types, like `kafka_protocol_types`: the top level reads nothing.

Records of one group are written together in one batch (an "atomic" coordinator write), and
compaction keeps the last value of each key; a tombstone deletes a member, an assignment or the
group. Types 9 and 18 were used by pre-release versions of share and streams groups (partition
metadata) and are no longer written.
""",
    },
    "kafka_remote_log_metadata_record": {
        "prefix": "remote_log_metadata",
        "title": "Apache Kafka __remote_log_metadata record (tiered storage, KIP-405)",
        "dir": STORAGE_DIR,
        "names": [
            "RemoteLogSegmentMetadataRecord",
            "RemoteLogSegmentMetadataUpdateRecord",
            "RemotePartitionDeleteMetadataRecord",
            "RemoteLogSegmentMetadataSnapshotRecord",
        ],
        "top": "framed",
        "doc": """\
The value of a record of `__remote_log_metadata`, the internal topic where the default remote
log metadata manager of tiered storage (KIP-405, `TopicBasedRemoteLogMetadataManager`) keeps
which log segments were copied to remote storage: a segment's metadata when its copy starts
(state COPY_SEGMENT_STARTED), updates as it finishes or is deleted (COPY_SEGMENT_FINISHED,
DELETE_SEGMENT_STARTED, DELETE_SEGMENT_FINISHED), and partition deletions. The snapshot record
is the same metadata as kept in the manager's local snapshot files. Records have no key; the
metadata of a user partition goes to the metadata partition its topic id and partition hash to.

A value starts as a KRaft metadata record does (`kafka_metadata_record`): three unsigned
varints, the frame version (1, `AbstractApiMessageSerde`'s, which `BytesApiMessageSerde`
uses), the record type (apiKey) and its version, then the message in the flexible encoding.
`data` is chosen by type and version (`api_key * 100 + version`); an unknown one stays raw
bytes. Segment states: 0 COPY_SEGMENT_STARTED, 1 COPY_SEGMENT_FINISHED, 2 DELETE_SEGMENT_STARTED,
3 DELETE_SEGMENT_FINISHED; partition states: 0 DELETE_PARTITION_MARKED,
1 DELETE_PARTITION_STARTED, 2 DELETE_PARTITION_FINISHED.
""",
    },
}

PRIMITIVES = {
    "int8": "s1",
    "int16": "s2",
    "int32": "s4",
    "int64": "s8",
    "uint16": "u2",
    "uint32": "u4",
    "float64": "f8",
    "bool": "u1",
}
PROTOCOL_ARRAYS = {"int32": "int32_array", "string": "string_array", "uuid": "uuid_array"}
LOCAL_ARRAYS = {"int16": "s2", "int64": "s8"}


def snake(name: str) -> str:
    s = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name)
    s = re.sub(r"(?<=[A-Z])([A-Z][a-z])", r"_\1", s)
    return s.lower()


def versions(spec: str | None) -> tuple[int, int] | None:
    """ "1+" -> (1, 32767), "0-3" -> (0, 3), "2" -> (2, 2), "none" -> None."""
    if spec is None or spec == "none":
        return None
    if spec.endswith("+"):
        return int(spec[:-1]), 0x7FFF
    lo, _, hi = spec.partition("-")
    return int(lo), int(hi or lo)


def condition(field: tuple[int, int] | None, valid: tuple[int, int]) -> str | None:
    """The `if:` of a field present in `field` versions of a message valid in `valid`."""
    if field is None:
        return "false"
    lo, hi = max(field[0], valid[0]), min(field[1], valid[1])
    parts = []
    if lo > valid[0]:
        parts.append(f"version >= {lo}")
    if hi < valid[1]:
        parts.append(f"version <= {hi}")
    return " and ".join(parts) or None


def load_schema(git_dir: str, commit: str, path: str) -> dict[str, Any]:
    text = subprocess.run(
        ["git", "-C", git_dir, "show", f"{commit}:{path}"], check=True, capture_output=True, text=True
    ).stdout
    return json.loads("\n".join(line for line in text.splitlines() if not line.strip().startswith("//")))


class SpecWriter:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.types: dict[str, dict[str, Any]] = {}
        self.local_arrays: set[str] = set()
        self.tag_types: set[str] = set()

    def flexible_expr(self, flexible: tuple[int, int] | None, valid: tuple[int, int]) -> str:
        if flexible is None or flexible[0] > valid[1]:
            return "false"
        return "true" if flexible[0] <= valid[0] else f"version >= {flexible[0]}"

    def struct(
        self,
        type_name: str,
        orig: str,
        fields: list[dict[str, Any]],
        common: dict[str, list[dict[str, Any]]],
        valid: tuple[int, int],
        flexible: tuple[int, int] | None,
        about: str | None,
        params: bool = True,
    ) -> None:
        flex = self.flexible_expr(flexible, valid)
        seq: list[dict[str, Any]] = []
        tags: list[dict[str, Any]] = []
        tag_cases: dict[int, str] = {}
        for f in fields:
            name, ftype = f["name"], f["type"]
            fid = snake(name)
            if fid == "version":
                fid = "version_"
            doc = f.get("about")
            if "tag" in f:
                # FieldSpec: a field without `versions` has its `taggedVersions`; one tagged in
                # some of its versions only (untagged in the others) is in no schema we read.
                tagged = versions(f.get("taggedVersions"))
                if versions(f.get("versions", f.get("taggedVersions"))) != tagged:
                    raise SystemExit(f"{orig}.{name}: untagged in some versions, which is not supported")
                kt = self.value_type(type_name, f, common, valid, flexible, tagged=True)
                tag_cases[int(f["tag"])] = kt
                entry: dict[str, Any] = {"id": fid, "-orig-id": name, "tag": int(f["tag"])}
                cond = condition(tagged, valid)
                if cond:
                    entry["if"] = cond
                entry["default"] = default_of(f, common)
                # Kafka's JSON converters print fields in schema order, tags among them.
                if f is not fields[-1]:
                    before = [snake(g["name"]) for g in fields[: fields.index(f)] if "tag" not in g]
                    if not before:
                        raise SystemExit(f"{orig}.{name}: a tag before every field is not supported")
                    entry["after"] = before[-1] if before[-1] != "version" else "version_"
                if doc:
                    entry["doc"] = doc
                tags.append(entry)
                continue
            cond = condition(versions(f.get("versions")), valid)
            nullable = versions(f.get("nullableVersions"))
            # Rules of FieldSpec that no schema we read uses, refused rather than misread: a
            # string, bytes or array nullable in some of its versions only (`-nullable` is one
            # flag), and a field's own flexibleVersions (an override for strings and bytes).
            if nullable and nullable != versions(f.get("versions")) and not is_struct_type(ftype):
                raise SystemExit(f"{orig}.{name}: nullable in some of its versions only is not supported")
            if "flexibleVersions" in f:
                raise SystemExit(f"{orig}.{name}: a field's own flexibleVersions is not supported")
            is_struct_array = ftype.startswith("[]") and ftype[2:] not in PRIMITIVES | {
                "string": 0,
                "uuid": 0,
                "bytes": 0,
            }
            is_struct = is_struct_type(ftype)
            if is_struct_array:
                item = self.nested(type_name, f, common, valid, flexible)
                length: dict[str, Any] = {
                    "id": f"len_{fid}",
                    "type": f"kafka_protocol_types::array_length({flex})",
                }
                items: dict[str, Any] = {
                    "id": fid,
                    "-orig-id": name,
                    "type": f"{item}(version)",
                    "repeat": "expr",
                    "repeat-expr": f"len_{fid}.num_items < 0 ? 0 : len_{fid}.num_items",
                }
                if nullable:
                    items["-nullable"] = True
                if cond:
                    length["if"] = cond
                    items["if"] = cond
                if doc:
                    items["doc"] = doc
                seq += [length, items]
            elif is_struct:
                item = self.nested(type_name, f, common, valid, flexible)
                out: dict[str, Any] = {"id": fid, "-orig-id": name, "type": f"{item}(version)"}
                null_cond = condition(nullable, valid) if nullable else "false"
                if nullable:
                    marker: dict[str, Any] = {
                        "id": f"present_{fid}",
                        "type": "s1",
                        "doc": "Kafka's marker of a nullable structure: -1 null, 1 present.",
                    }
                    mc = " and ".join(c for c in (cond, null_cond) if c)
                    if mc:
                        marker["if"] = mc
                    seq.append(marker)
                    presence = (
                        f"present_{fid} >= 0"
                        if null_cond is None
                        else f"(not ({null_cond}) or present_{fid} >= 0)"
                    )
                    out["if"] = f"{cond} and {presence}" if cond else presence
                elif cond:
                    out["if"] = cond
                if doc:
                    out["doc"] = doc
                seq.append(out)
            else:
                out = {"id": fid, "-orig-id": name}
                if nullable and (ftype in ("string", "bytes") or ftype.startswith("[]")):
                    out["-nullable"] = True
                out.update(self.plain_type(ftype, flex))
                if cond:
                    out["if"] = cond
                if doc:
                    out["doc"] = doc
                seq.append(out)
        if flex != "false":
            tf: dict[str, Any] = {"id": "tagged_fields"}
            if tag_cases:
                tags_type = f"{type_name}_tags"
                tf["type"] = f"{tags_type}(version)"
                self.tag_section(tags_type, tag_cases)
            else:
                tf["type"] = "kafka_protocol_types::tagged_fields"
            if flex != "true":
                tf["if"] = flex
            seq.append(tf)
        t: dict[str, Any] = {"-orig-id": orig, "-webide-representation": representation(seq)}
        if about:
            t["doc"] = about
        if tags:
            t["-tagged-fields"] = tags
        if params:
            t["params"] = [{"id": "version", "type": "s2"}]
        t["seq"] = seq
        self.types[type_name] = t

    def nested(
        self,
        parent: str,
        f: dict[str, Any],
        common: dict[str, list[dict[str, Any]]],
        valid: tuple[int, int],
        flexible: tuple[int, int] | None,
    ) -> str:
        struct = f["type"].removeprefix("[]")
        name = f"{parent}_{snake(struct)}"
        if name not in self.types:
            fields = f.get("fields") or common[struct]
            self.struct(name, struct, fields, common, valid, flexible, None)
        return name

    def plain_type(self, ftype: str, flex: str) -> dict[str, Any]:
        if ftype in PRIMITIVES:
            return {"type": PRIMITIVES[ftype]}
        if ftype == "uuid":
            return {"size": 16}
        if ftype in ("string", "bytes"):
            return {"type": f"kafka_protocol_types::{ftype}({flex})"}
        item = ftype.removeprefix("[]")
        if item in PROTOCOL_ARRAYS:
            return {"type": f"kafka_protocol_types::{PROTOCOL_ARRAYS[item]}({flex})"}
        if item in LOCAL_ARRAYS:
            name = f"{self.prefix}_{snake(item)}_array"
            self.local_arrays.add(item)
            return {"type": f"{name}({flex})"}
        raise SystemExit(f"no Kaitai type for Kafka type {ftype}")

    def value_type(
        self,
        parent: str,
        f: dict[str, Any],
        common: dict[str, list[dict[str, Any]]],
        valid: tuple[int, int],
        flexible: tuple[int, int] | None,
        tagged: Any,
    ) -> str:
        """The type a tag's data is read as: tagged fields are always in the flexible encoding."""
        ftype = f["type"]
        if (
            ftype.startswith("[]")
            and ftype[2:] not in PRIMITIVES
            and ftype[2:] not in ("string", "uuid", "bytes")
        ):
            item = self.nested(parent, f, common, valid, flexible)
            wrapper = f"{parent}_tag_{snake(f['name'])}"
            self.types[wrapper] = {
                "-webide-representation": "{len_items} items",
                "doc": f"The tagged field {f['name']}: a compact array.",
                "params": [{"id": "version", "type": "s2"}],
                "seq": [
                    {"id": "len_items", "type": "kafka_protocol_types::array_length(true)"},
                    {
                        "id": "items",
                        "type": f"{item}(version)",
                        "repeat": "expr",
                        "repeat-expr": "len_items.num_items < 0 ? 0 : len_items.num_items",
                    },
                ],
            }
            return f"{wrapper}(version)"
        if (
            ftype not in PRIMITIVES
            and ftype not in ("string", "bytes", "uuid")
            and not ftype.startswith("[]")
        ):
            item = self.nested(parent, f, common, valid, flexible)
            wrapper = f"{parent}_tag_{snake(f['name'])}"
            seq: list[dict[str, Any]] = [{"id": "value", "type": f"{item}(version)"}]
            if versions(f.get("nullableVersions")):
                # A tagged nullable structure has an unsigned varint marker (generateStructReader).
                seq[0]["if"] = "present.value > 0"
                seq.insert(0, {"id": "present", "type": "kafka_unsigned_varint", "doc": "0: null."})
            self.types[wrapper] = {
                "-webide-representation": "{present} (0: null)" if len(seq) == 2 else "{value}",
                "doc": f"The tagged field {f['name']}: a structure.",
                "params": [{"id": "version", "type": "s2"}],
                "seq": seq,
            }
            return f"{wrapper}(version)"
        plain = self.plain_type(ftype, "true")
        if "type" in plain and not plain["type"].startswith(("kafka_protocol_types::", self.prefix)):
            name = f"{self.prefix}_tag_{plain['type']}"
            self.tag_types.add(plain["type"])
            return name
        if "size" in plain:
            self.tag_types.add("uuid")
            return f"{self.prefix}_tag_uuid"
        return str(plain["type"])

    def tag_section(self, name: str, cases: dict[int, str]) -> None:
        self.types[name] = {
            "-webide-representation": "{num_fields} tagged fields",
            "doc": "The tagged-field section, with the tags the schema defines decoded.",
            "params": [{"id": "version", "type": "s2"}],
            "seq": [
                {"id": "num_fields", "type": "kafka_unsigned_varint"},
                {
                    "id": "fields",
                    "type": f"{name[:-1]}(version)",
                    "repeat": "expr",
                    "repeat-expr": "num_fields.value",
                },
            ],
        }
        self.types[name[:-1]] = {
            "-webide-representation": "tag {tag}: {data}",
            "doc": "One tagged field: tag, length, and the data, decoded when the schema defines the tag.",
            "params": [{"id": "version", "type": "s2"}],
            "seq": [
                {"id": "tag", "type": "kafka_unsigned_varint"},
                {"id": "len_data", "type": "kafka_unsigned_varint"},
                {
                    "id": "data",
                    "size": "len_data.value",
                    "type": {"switch-on": "tag.value", "cases": dict(sorted(cases.items()))},
                },
            ],
        }

    def helpers(self) -> None:
        for item in sorted(self.local_arrays):
            self.types[f"{self.prefix}_{item}_array"] = {
                "-webide-representation": "{len_items} items",
                "doc": f"An array of {item} (`[]{item}`).",
                "params": [{"id": "flexible", "type": "bool"}],
                "seq": [
                    {"id": "len_items", "type": "kafka_protocol_types::array_length(flexible)"},
                    {
                        "id": "items",
                        "type": LOCAL_ARRAYS[item],
                        "repeat": "expr",
                        "repeat-expr": "len_items.num_items < 0 ? 0 : len_items.num_items",
                    },
                ],
            }
        for t in sorted(self.tag_types):
            seq: dict[str, Any] = {"id": "value"}
            seq.update({"size": 16} if t == "uuid" else {"type": t})
            self.types[f"{self.prefix}_tag_{t}"] = {
                "-webide-representation": "{value}",
                "doc": f"A tagged field of Kafka type {t}.",
                "seq": [seq],
            }


def is_struct_type(ftype: str) -> bool:
    """A structure (not an array of them): the name of a struct, not a Kafka type."""
    return (
        not ftype.startswith("[]")
        and ftype not in PRIMITIVES
        and ftype not in ("string", "bytes", "uuid", "records")
    )


def representation(seq: list[dict[str, Any]]) -> str:
    """The Web IDE's summary of a structure: its first fields present in every version (integers
    in decimal, UUIDs as UUIDs, arrays as their length)."""
    parts = []
    for field in seq:
        fid = field["id"]
        if "if" in field or fid == "tagged_fields" or fid.startswith("present_"):
            continue
        label = fid.replace("_", " ")
        if fid.startswith("len_"):
            parts.append(f"{{{fid}}} {fid[4:].replace('_', ' ')}")
        elif field.get("repeat"):
            continue
        elif field.get("size") == 16:
            parts.append(f"{label} {{{fid}:uuid}}")
        elif field.get("type") in ("s1", "s2", "s4", "s8", "u2", "u4"):
            parts.append(f"{label} {{{fid}:dec}}")
        else:
            parts.append(f"{label} {{{fid}}}")
        if len(parts) == 3:
            break
    return ", ".join(parts) or "{tagged_fields}"


def default_of(f: dict[str, Any], common: dict[str, list[dict[str, Any]]]) -> Any:
    """The value a tagged field has when absent, as Kafka's JSON converter would print it (Kafka
    writes and prints a tag only when it differs). Kafka's FieldSpec reads the
    schema's default as a string: a JSON number or boolean becomes its text, a JSON null or no
    default the empty string, which is the type's empty value (0, false, "", the zero UUID, the
    empty bytes, array or structure); only the string "null" makes the default null. Integers
    starting with 0x are hexadecimal. The empty structure is every untagged field of every version
    with its own default: a structure printed at some version is the default when each field it
    prints has that value (a tag of it is printed only when not at its default) and it has no
    unknown tags (Kafka's equals compares them too)."""
    raw = f.get("default")
    text = "" if raw is None else str(raw).lower() if isinstance(raw, bool) else str(raw)
    ftype = f["type"]
    if text == "null":
        return None
    if ftype.startswith("[]") or ftype == "records":
        return [] if ftype != "records" else None
    if ftype == "bool":
        return text.lower() == "true"
    if ftype == "float64":
        return float(text or 0)
    if ftype in PRIMITIVES:
        return int(text[2:], 16) if text.startswith("0x") else int(text or 0)
    if ftype == "uuid":
        return text or "AAAAAAAAAAAAAAAAAAAAAA"
    if ftype in ("string", "bytes"):
        return text  # bytes: only an empty default is allowed, printed as "" (base64)
    fields = f.get("fields") or common[ftype]
    return {g["name"][0].lower() + g["name"][1:]: default_of(g, common) for g in fields if "tag" not in g}


def build(spec_id: str, git_dir: str, commit: str, tag: str) -> dict[str, Any]:
    conf = SPECS[spec_id]
    w = SpecWriter(conf["prefix"])
    doc_refs: list[str] = []
    enum: dict[int, str] = {}
    framed_cases: dict[int, str] = {}
    key_cases: dict[str, str] = {}
    for name in conf["names"]:
        if conf["top"] == "framed":
            paths = [(f"{conf['dir']}/{name}.json", "record")]
        else:
            paths = [(f"{conf['dir']}/{name}Key.json", "key"), (f"{conf['dir']}/{name}Value.json", "value")]
        for path, role in paths:
            schema = load_schema(git_dir, commit, path)
            doc_refs.append(f"https://github.com/apache/kafka/blob/{tag}/{path}")
            common = {c["name"]: c["fields"] for c in schema.get("commonStructs", [])}
            valid = versions(schema["validVersions"])
            assert valid is not None
            flexible = versions(schema.get("flexibleVersions"))
            api_key = int(schema["apiKey"])
            tname = snake(schema["name"])
            if role == "key":
                if valid != (0, 0) or flexible is not None:
                    raise SystemExit(f"{path}: a key of one classic version was expected")
                enum[api_key] = snake(name)
                key_cases[f"record_type::{snake(name)}"] = tname
                about = f"The key of record type {api_key} ({schema['name']})."
                w.struct(
                    tname, schema["name"], schema["fields"], common, valid, flexible, about, params=False
                )
                continue
            body = f"{tname}_body" if role == "value" else tname
            w.struct(body, schema["name"], schema["fields"], common, valid, flexible, None)
            if role == "value":
                w.types[tname] = {
                    "-webide-representation": "v{version:dec}: {data}",
                    "doc": f"The value of record type {api_key}: an int16 version and {schema['name']} "
                    f"(versions {valid[0]} to {valid[1]}).",
                    "seq": [
                        {"id": "version", "type": "s2"},
                        {
                            "id": "data",
                            "size-eos": True,
                            "type": {
                                "switch-on": "version",
                                "cases": {v: f"{body}({v})" for v in range(valid[0], valid[1] + 1)},
                            },
                        },
                    ],
                }
            else:
                enum[api_key] = snake(name)
                for v in range(valid[0], valid[1] + 1):
                    framed_cases[api_key * 100 + v] = f"{body}({v})"
    w.helpers()
    spec: dict[str, Any] = {
        "meta": {
            "id": spec_id,
            "title": conf["title"],
            "license": "Apache-2.0",
            "ks-version": "0.11",
            "imports": ["kafka_unsigned_varint", "kafka_protocol_types"],
            "endian": "be",
        },
        "doc": conf["doc"] + f"\nWritten from the message schemas of Apache Kafka {tag} (doc-ref) with\n"
        "tools/kafka_message_ksy.py; `-orig-id` keeps each field's name in the schema, `-nullable`\n"
        "marks the strings, bytes and arrays that may be null (Kafka's reader refuses a null in any\n"
        "other), and each struct's `-tagged-fields` the tags it defines (number, first version,\n"
        "default).\n",
        "doc-ref": doc_refs,
    }
    if conf["top"] is None:
        spec["-webide-representation"] = "a collection of types"
    if conf["top"] == "key":
        spec["-webide-representation"] = "{record_type}: {key}"
        spec["seq"] = [
            {"id": "record_type", "-orig-id": "version", "type": "s2", "enum": "record_type"},
            {"id": "key", "size-eos": True, "type": {"switch-on": "record_type", "cases": key_cases}},
        ]
    elif conf["top"] == "framed":
        spec["-webide-representation"] = "{record_type} v{version}: {data}"
        spec["seq"] = [
            {"id": "frame_version", "type": "kafka_unsigned_varint"},
            {"id": "api_key", "type": "kafka_unsigned_varint"},
            {"id": "version", "type": "kafka_unsigned_varint"},
            {
                "id": "data",
                "size-eos": True,
                "type": {"switch-on": "type_and_version", "cases": dict(sorted(framed_cases.items()))},
            },
        ]
        spec["instances"] = {
            "record_type": {"value": "api_key.value", "enum": "record_type"},
            "type_and_version": {
                "value": (
                    "frame_version.value == 1 and version.value < 100"
                    " ? api_key.value * 100 + version.value : -1"
                ),
                "doc": "The key of the `data` switch; -1 for a frame version other than 1.",
            },
        }
    spec["types"] = w.types
    spec["enums"] = {"record_type": dict(sorted(enum.items()))}
    return spec


class _Dumper:
    """A small YAML writer (block style, quoted strings where YAML would misread them)."""

    SAFE = re.compile(r"^[A-Za-z_][A-Za-z0-9_:.()/ >=<!,*+-]*$")

    def scalar(self, v: Any) -> str:
        if v is None:
            return "null"
        if v is True:
            return "true"
        if v is False:
            return "false"
        if isinstance(v, int):
            return str(v)
        s = str(v)
        if (
            self.SAFE.match(s)
            and not s.endswith(":")
            and ": " not in s
            and s.lower() not in ("yes", "no", "true", "false", "null", "on", "off")
            and not s.startswith(("not ", "-"))
        ):
            return s
        return json.dumps(s)

    def dump(self, v: Any, indent: int = 0) -> list[str]:
        pad = " " * indent
        lines: list[str] = []
        if isinstance(v, dict):
            for k, item in v.items():
                key = k if isinstance(k, str) and k.startswith("-") else self.scalar(k)
                if k == "doc" and isinstance(item, str) and "\n" in item:
                    lines.append(f"{pad}{key}: |")
                    lines += [f"{pad}  {line}" if line else "" for line in item.rstrip("\n").split("\n")]
                elif isinstance(item, dict | list) and item:
                    lines.append(f"{pad}{key}:")
                    lines += self.dump(item, indent + 2)
                elif isinstance(item, list):
                    lines.append(f"{pad}{key}: []")
                else:
                    lines.append(f"{pad}{key}: {self.scalar(item)}")
        elif isinstance(v, list):
            for item in v:
                if isinstance(item, dict):
                    sub = self.dump(item, indent + 2)
                    lines.append(f"{pad}- {sub[0].lstrip()}")
                    lines += sub[1:]
                elif isinstance(item, list):
                    lines.append(f"{pad}- [{', '.join(self.scalar(x) for x in item)}]")
                else:
                    lines.append(f"{pad}- {self.scalar(item)}")
        return lines


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--git-dir", required=True, help="a git directory of apache/kafka (or a fork)")
    p.add_argument("--commit", required=True, help="the commit of the release tag")
    p.add_argument("--tag", required=True, help="the release tag, for doc-ref")
    p.add_argument("out", type=Path, nargs="+", help="formats/<spec id>.ksy")
    args = p.parse_args()
    for out in args.out:
        if out.stem not in SPECS:
            sys.exit(f"{out}: not one of {sorted(SPECS)}")
        spec = build(out.stem, args.git_dir, args.commit, args.tag)
        out.write_text("\n".join(_Dumper().dump(spec)) + "\n")
        print(f"wrote {out}")


if __name__ == "__main__":
    main()
