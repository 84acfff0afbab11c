#!/usr/bin/env python3
"""Writes test fixtures of Kafka 4.x internal-topic records: one generic encoder driven by Kafka's
message JSON schemas (read from a git checkout of Apache Kafka at a release tag), independent of
kafkaks' decoders and of the specs. Development time only; the schemas are not copied.

    python tools/kafka_schema_encoder.py --git-dir /work/.mirror/apache+kafka/repo \
        --commit <sha> --tag 4.3.1 tests/fixtures/internal4

For every record type of `__consumer_offsets` (offset commits and types 3 and up),
`__share_group_state`, `__transaction_state` and `__remote_log_metadata` (and the KRaft metadata
records changed since Kafka 3.9), and every version of its value, it makes values from a fixed seed (each
field by its schema type; nullable fields sometimes null; tagged fields sometimes absent,
sometimes set, sometimes set to their default, read as FieldSpec.fieldDefault reads it; an
unknown tag now and then, which Kafka skips; records for each rule of RULES, and records of
unknown types and versions with kafka-dump-log's text for them),
encodes them as Kafka's generated `write` methods do (MessageDataGenerator: classic or flexible
encoding per `flexibleVersions`, nullable structures behind an int8 marker, tagged ones behind an
unsigned varint, tags in increasing order), and writes what Kafka's JSON converters would print
for them (JsonConverterGenerator: schema order, camelCase names, a tag only when it differs from
its default). Keys are the int16 record type and the key at version 0; values the int16 version
and the message (CoordinatorRecordSerde); remote log metadata records the unsigned varints frame
version 1, apiKey and version, then the message (AbstractApiMessageSerde). Some records are
tombstones. Record batches are built by kafka-python 3.0.12's `MemoryRecordsBuilder`, one per
partition directory, and the values encoded go to `expected.json`.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import re
import shutil
import struct
import subprocess
from pathlib import Path
from typing import Any

from kafka.record.memory_records import MemoryRecordsBuilder

GROUP_DIR = "group-coordinator/src/main/resources/common/message"
SHARE_DIR = "share-coordinator/src/main/resources/common/message"
STORAGE_DIR = "storage/src/main/resources/message"
TXN_DIR = "transaction-coordinator/src/main/resources/common/message"
METADATA_DIR = "metadata/src/main/resources/common/metadata"
T0 = 1700000000000

# topic -> (schema folder, record names, framing)
TOPICS: dict[str, tuple[str, list[str], str]] = {
    "__consumer_offsets": (
        GROUP_DIR,
        [
            "OffsetCommit",
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
        "coordinator",
    ),
    "__share_group_state": (SHARE_DIR, ["ShareSnapshot", "ShareUpdate"], "coordinator"),
    "__transaction_state": (TXN_DIR, ["TransactionLog"], "coordinator"),
    "__remote_log_metadata": (
        STORAGE_DIR,
        [
            "RemoteLogSegmentMetadataRecord",
            "RemoteLogSegmentMetadataUpdateRecord",
            "RemotePartitionDeleteMetadataRecord",
            "RemoteLogSegmentMetadataSnapshotRecord",
        ],
        "framed",
    ),
    # The KRaft metadata record types and versions added after Kafka 3.9.
    "__cluster_metadata": (
        METADATA_DIR,
        ["RegisterBrokerRecord", "BrokerRegistrationChangeRecord", "ClearElrRecord"],
        "framed",
    ),
}

INTS = {"int8": ">b", "int16": ">h", "int32": ">i", "int64": ">q", "uint16": ">H", "uint32": ">I"}
RANGES = {
    "int8": (-128, 127),
    "int16": (-32768, 32767),
    "int32": (-(2**31), 2**31 - 1),
    "int64": (-(2**63), 2**63 - 1),
    "uint16": (0, 65535),
    "uint32": (0, 2**32 - 1),
}


def load(git_dir: str, commit: str, path: str) -> dict[str, Any]:
    text = subprocess.run(
        ["git", "-C", git_dir, "show", f"{commit}:{path}"], check=True, capture_output=True, text=True
    ).stdout
    return json.loads("\n".join(line for line in text.splitlines() if not line.strip().startswith("//")))


def in_versions(spec: str | None, v: int) -> bool:
    if spec is None or spec == "none":
        return False
    if spec.endswith("+"):
        return v >= int(spec[:-1])
    lo, _, hi = spec.partition("-")
    return int(lo) <= v <= int(hi or lo)


def uvarint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def camel(name: str) -> str:
    return name[0].lower() + name[1:]


def kafka_uuid(b: bytes) -> str:
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


# Remote log metadata that Kafka's RemoteLogMetadataSerde accepts (known states, offsets in
# order, leader epochs), for every other record; the rest take any value of their type.
PLAUSIBLE: dict[str, Any] = {
    "RemoteLogSegmentState": lambda r: r.randint(0, 3),
    "RemotePartitionDeleteState": lambda r: r.randint(0, 2),
    "StartOffset": lambda r: r.randint(0, 1000),
    "EndOffset": lambda r: r.randint(1000, 2000),
    "LeaderEpoch": lambda r: r.randint(0, 5),
    "TransactionStatus": lambda r: r.randint(0, 7),
}


def field_versions(f: dict[str, Any]) -> str | None:
    """FieldSpec: a field without `versions` has its `taggedVersions`."""
    return f.get("versions") or f.get("taggedVersions")


def is_tagged(f: dict[str, Any], v: int) -> bool:
    return "tag" in f and in_versions(f.get("taggedVersions"), v)


SCALARS = {*INTS, "bool", "float64", "uuid", "string", "bytes"}


class Encoder:
    def __init__(self, schema: dict[str, Any], rng: random.Random) -> None:
        self.common = {c["name"]: c["fields"] for c in schema.get("commonStructs", [])}
        self.flexible = schema.get("flexibleVersions", "none")
        self.rng = rng
        self.plausible = False
        # Field name -> wire value set wherever the field is (the records of the rules, below).
        self.forced: dict[str, Any] = {}
        # Tagged fields written even when they hold their default (Kafka would not; its reader
        # reads them and prints them only when they differ from the default).
        self.written: set[str] = set()

    def fields_of(self, t: str, f: dict[str, Any]) -> list[dict[str, Any]]:
        return f.get("fields") or self.common[t]

    def default(self, f: dict[str, Any], v: int) -> Any:
        """The wire value of a field's default, as FieldSpec.fieldDefault reads the schema: the
        default is a string (a JSON number or boolean its text; a JSON null, or none, the empty
        string, which is the type's empty value: 0, false, "", the zero UUID, empty bytes, the
        empty array or structure); only the string "null" is null; 0x... is hexadecimal. The
        empty structure holds the defaults of its fields."""
        d = f.get("default")
        text = "" if d is None else str(d).lower() if isinstance(d, bool) else str(d)
        t = f["type"]
        if text == "null":
            return None
        if t.startswith("[]"):
            return []
        if t == "bool":
            return text.lower() == "true"
        if t in INTS:
            return int(text[2:], 16) if text.startswith("0x") else int(text or 0)
        if t == "float64":
            return float(text or 0)
        if t == "uuid":
            return base64.urlsafe_b64decode(text + "==") if text else bytes(16)
        if t == "string":
            return text
        if t == "bytes":
            return b""
        return {
            g["name"]: self.default(g, v) for g in self.fields_of(t, f) if in_versions(field_versions(g), v)
        }

    def is_default(self, f: dict[str, Any], w: Any, v: int) -> bool:
        """FieldSpec.generateNonDefaultValueCheck: Kafka writes (and prints) a tag only when its
        value differs from the default; a structure with unknown tags differs (equals compares
        them)."""
        return bool(self.normal(f, w, v) == self.normal(f, self.default(f, v), v))

    def normal(self, f: dict[str, Any], w: Any, v: int) -> Any:
        """A wire value with every absent tag of its structures set to its default."""
        t = f["type"]
        if w is None or t in SCALARS:
            return w
        if t.startswith("[]"):
            return [self.normal(dict(f, type=t[2:]), x, v) for x in w]
        out = {
            g["name"]: self.normal(g, w[g["name"]] if g["name"] in w else self.default(g, v), v)
            for g in self.fields_of(t, f)
            if in_versions(field_versions(g), v)
        }
        if "_unknown" in w:
            out["_unknown"] = w["_unknown"]
        return out

    def value(self, f: dict[str, Any], v: int, depth: int) -> Any:
        """A wire value for field f at version v."""
        t, r = f["type"], self.rng
        if f["name"] in self.forced:
            return self.forced[f["name"]]
        if self.plausible and f["name"] in PLAUSIBLE:
            return PLAUSIBLE[f["name"]](r)
        if in_versions(f.get("nullableVersions"), v) and r.random() < 0.25:
            return None
        if t in INTS:
            lo, hi = RANGES[t]
            return r.choice([lo, hi, 0, -1 if lo < 0 else 1, r.randint(lo, hi)])
        if t == "bool":
            return r.random() < 0.5
        if t == "float64":
            return r.choice([0.5, -1.25e10, 3.0])
        if t == "uuid":
            return bytes(r.randrange(256) for _ in range(16))
        if t == "string":
            return r.choice(["", "group-\u00e9\u4e2d", "topic.name_1", "x" * r.randint(1, 40)])
        if t == "bytes":
            return bytes(r.randrange(256) for _ in range(r.randint(0, 12)))
        if t.startswith("[]"):
            n = r.randint(1 if self.plausible or self.forced else 0, 2 if depth < 3 else 0)
            sub = dict(f, type=t[2:])
            sub.pop("nullableVersions", None)
            return [self.value(sub, v, depth + 1) for _ in range(n)]
        return self.message(self.fields_of(t, f), v, depth + 1)

    def message(self, fields: list[dict[str, Any]], v: int, depth: int = 0) -> dict[str, Any]:
        """The wire values of a structure's fields at version v; a tagged field absent (its
        default), set to its default or set; now and then an unknown tag (90 to 94), which
        readers skip."""
        wire: dict[str, Any] = {}
        for f in fields:
            if not in_versions(field_versions(f), v):
                continue
            if is_tagged(f, v) and f["name"] not in self.forced:
                roll = self.rng.random()
                if roll < 0.3:
                    continue  # absent: the default
                wire[f["name"]] = self.default(f, v) if roll < 0.45 else self.value(f, v, depth)
            else:
                wire[f["name"]] = self.value(f, v, depth)
        if in_versions(self.flexible, v) and self.rng.random() < 0.2:
            wire["_unknown"] = 90 + self.rng.randrange(5)
        return wire

    # --- encoding, as MessageDataGenerator.generateClassWriter writes ---------------------------

    def encode_struct(self, fields: list[dict[str, Any]], wire: dict[str, Any], v: int) -> bytes:
        flexible = in_versions(self.flexible, v)
        out = bytearray()
        tagged: list[tuple[int, bytes]] = []
        for f in fields:
            if not in_versions(field_versions(f), v):
                continue
            if is_tagged(f, v):
                w = wire.get(f["name"], self.default(f, v))
                if f["name"] in self.written or not self.is_default(f, w, v):
                    tagged.append((int(f["tag"]), self.encode_field(f, w, v, True, tagged=True)))
                continue
            out += self.encode_field(f, wire[f["name"]], v, flexible)
        if flexible:
            if "_unknown" in wire:
                tagged.append((wire["_unknown"], b"\x01\x02"))
            tagged.sort()
            out += uvarint(len(tagged))
            for tag, data in tagged:
                out += uvarint(tag) + uvarint(len(data)) + data
        return bytes(out)

    def encode_field(self, f: dict[str, Any], w: Any, v: int, flexible: bool, tagged: bool = False) -> bytes:
        t = f["type"]
        if t in INTS:
            return struct.pack(INTS[t], w)
        if t == "bool":
            return b"\x01" if w else b"\x00"
        if t == "float64":
            return struct.pack(">d", w)
        if t == "uuid":
            return bytes(w)
        if t in ("string", "bytes"):
            if w is None:
                return uvarint(0) if flexible else struct.pack(">h" if t == "string" else ">i", -1)
            b = w.encode() if t == "string" else w
            if flexible:
                return uvarint(len(b) + 1) + b
            return struct.pack(">h" if t == "string" else ">i", len(b)) + b
        if t.startswith("[]"):
            if w is None:
                return uvarint(0) if flexible else struct.pack(">i", -1)
            head = uvarint(len(w) + 1) if flexible else struct.pack(">i", len(w))
            sub = dict(f, type=t[2:])
            sub.pop("nullableVersions", None)
            sub.pop("tag", None)
            return head + b"".join(self.encode_field(sub, x, v, flexible) for x in w)
        fields = self.fields_of(t, f)
        nullable = in_versions(f.get("nullableVersions"), v)
        if w is None:
            return uvarint(0) if tagged else b"\xff"
        body = self.encode_struct(fields, w, v)
        if nullable:
            return (uvarint(1) if tagged else b"\x01") + body
        return body

    # --- what JsonConverterGenerator.generateWrite prints ---------------------------------------

    def to_json(self, fields: list[dict[str, Any]], wire: dict[str, Any], v: int) -> dict[str, Any]:
        """Schema order, camelCase names, every field of the version, a tag only when it is not
        the default (an absent tag is read as its default)."""
        out: dict[str, Any] = {}
        for f in fields:
            if not in_versions(field_versions(f), v):
                continue
            if is_tagged(f, v):
                w = wire.get(f["name"], self.default(f, v))
                if self.is_default(f, w, v):
                    continue
            else:
                w = wire[f["name"]]
            out[camel(f["name"])] = self.json_value(f, w, v)
        return out

    def json_value(self, f: dict[str, Any], w: Any, v: int) -> Any:
        t = f["type"]
        if w is None:
            return None
        if t == "uuid":
            return kafka_uuid(w)
        if t == "bytes":
            return base64.b64encode(w).decode()
        if t in SCALARS:
            return w
        if t.startswith("[]"):
            sub = dict(f, type=t[2:])
            sub.pop("nullableVersions", None)
            return [self.json_value(sub, x, v) for x in w]
        return self.to_json(self.fields_of(t, f), w, v)


def coordinator_error(offset: int, why: str) -> str:
    """What DumpLogSegments.CoordinatorRecordMessageParser prints in place of the key when
    CoordinatorRecordSerde.deserialize throws."""
    return f"Error at offset {offset}, skipping. {why}"


def encode_records(git_dir: str, commit: str, topic: str, rng: random.Random) -> list[dict[str, Any]]:
    folder, names, framing = TOPICS[topic]
    records: list[dict[str, Any]] = []
    for name in names:
        if framing == "framed":
            schema = load(git_dir, commit, f"{folder}/{name}.json")
            enc = Encoder(schema, rng)
            lo, _, hi = schema["validVersions"].partition("-")
            for v in range(int(lo), int(hi or lo) + 1):
                for i in range(6):
                    enc.plausible = i % 2 == 1
                    records.append(framed_record(topic, schema, enc, enc.message(schema["fields"], v), v))
            continue
        key_schema = load(git_dir, commit, f"{folder}/{name}Key.json")
        value_schema = load(git_dir, commit, f"{folder}/{name}Value.json")
        kenc, venc = Encoder(key_schema, rng), Encoder(value_schema, rng)
        venc.plausible = topic == "__transaction_state"  # a known TransactionState
        lo, _, hi = value_schema["validVersions"].partition("-")
        for v in range(int(lo), int(hi or lo) + 1):
            for i in range(6):
                kwire = kenc.message(key_schema["fields"], 0)
                value = None if i == 2 and v == int(lo) else venc.message(value_schema["fields"], v)
                records.append(coordinator_record(key_schema, kenc, kwire, value_schema, venc, value, v))
        for rule, v, forced, written in RULES.get(name, []):
            venc.forced, venc.written = forced, written
            kwire = kenc.message(key_schema["fields"], 0)
            value = venc.message(value_schema["fields"], v)
            record = coordinator_record(key_schema, kenc, kwire, value_schema, venc, value, v)
            records.append(dict(record, rule=rule))
            venc.forced, venc.written = {}, set()
    records += unknown_records(git_dir, commit, topic, len(records))
    return records


def coordinator_record(
    key_schema: dict[str, Any],
    kenc: Encoder,
    kwire: dict[str, Any],
    value_schema: dict[str, Any],
    venc: Encoder,
    wire: dict[str, Any] | None,
    v: int,
) -> dict[str, Any]:
    """Keys are the int16 record type and the key at version 0, values the int16 version and the
    message (CoordinatorRecordSerde); a tombstone has no value."""
    key = struct.pack(">h", key_schema["apiKey"]) + kenc.encode_struct(key_schema["fields"], kwire, 0)
    expected_key = {"type": str(key_schema["apiKey"]), "data": kenc.to_json(key_schema["fields"], kwire, 0)}
    if wire is None:
        return {"key": key, "value": None, "expected_key": expected_key, "expected_value": None}
    return {
        "key": key,
        "value": struct.pack(">h", v) + venc.encode_struct(value_schema["fields"], wire, v),
        "expected_key": expected_key,
        "expected_value": {"version": str(v), "data": venc.to_json(value_schema["fields"], wire, v)},
    }


def framed_record(
    topic: str, schema: dict[str, Any], enc: Encoder, wire: dict[str, Any], v: int
) -> dict[str, Any]:
    """The unsigned varints frame version 1, apiKey and version, then the message
    (AbstractApiMessageSerde)."""
    value = uvarint(1) + uvarint(schema["apiKey"]) + uvarint(v) + enc.encode_struct(schema["fields"], wire, v)
    # __cluster_metadata prints MetadataRecordType's name (REGISTER_BROKER_RECORD).
    kind = schema["name"]
    if topic == "__cluster_metadata":
        kind = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", kind).upper()
    expected = {"type": kind, "version": v, "data": enc.to_json(schema["fields"], wire, v)}
    return {"key": None, "value": value, "expected_key": None, "expected_value": expected}


# Records that exercise one rule of Kafka's generator each: record name -> (rule, version,
# wire values forced by field name, tags written even at their default).
RULES: dict[str, list[tuple[str, int, dict[str, Any], set[str]]]] = {
    "ConsumerGroupMemberMetadata": [
        (
            "null-default tagged structure, explicit null: written, printed",
            0,
            {"ClassicMemberMetadata": None},
            set(),
        ),
        (
            "null-default tagged structure, the empty structure written: not printed",
            0,
            {"ClassicMemberMetadata": {"SessionTimeoutMs": 0, "SupportedProtocols": []}},
            {"ClassicMemberMetadata"},
        ),
    ],
    "ConsumerGroupCurrentMemberAssignment": [
        ("null-default tagged array, explicit null: written, printed", 0, {"AssignmentEpochs": None}, set()),
        (
            "null-default tagged array, empty array written: not printed",
            0,
            {"AssignmentEpochs": []},
            {"AssignmentEpochs"},
        ),
    ],
    "StreamsGroupCurrentMemberAssignment": [
        ("null-default tagged array, explicit null: written, printed", 0, {"AssignmentEpochs": None}, set()),
        (
            "null-default tagged array, empty array written: not printed",
            0,
            {"AssignmentEpochs": []},
            {"AssignmentEpochs"},
        ),
    ],
    "StreamsGroupMetadata": [
        (
            "tagged without versions, explicit null: written, printed",
            0,
            {"LastAssignmentConfigs": None},
            set(),
        ),
        (
            "tagged without versions, empty array written: not printed",
            0,
            {"LastAssignmentConfigs": []},
            {"LastAssignmentConfigs"},
        ),
    ],
    "TransactionLog": [
        (
            "tags without versions (KIP-890) set; a transactionStatus outside the known states",
            1,
            {
                "PreviousProducerId": 7,
                "NextProducerId": 8,
                "NextProducerEpoch": 9,
                "ClientTransactionVersion": 2,
                "TransactionStatus": 42,
            },
            set(),
        ),
        ("a transactionStatus outside the known states", 0, {"TransactionStatus": -1}, set()),
    ],
}


def unknown_records(git_dir: str, commit: str, topic: str, first: int) -> list[dict[str, Any]]:
    """Records of a type or version Kafka 4.3.1 does not know (at offsets `first` on), with the
    text kafka-dump-log's decoder prints for them (`dump`): CoordinatorRecordSerde's
    Deserializer.UnknownRecordVersionException and UnknownRecordTypeException, and
    AbstractApiMessageSerde's MetadataParseException of MetadataRecordType.fromId."""
    folder, names, framing = TOPICS[topic]
    if framing == "framed":
        api_key = max(load(git_dir, commit, f"{folder}/{n}.json")["apiKey"] for n in names) + 50
        # MetadataParseException(e): the message is the cause's toString().
        why = f"org.apache.kafka.common.errors.UnsupportedVersionException: Unknown metadata id {api_key}"
        at = "Error at" if topic == "__cluster_metadata" else "Error at offset"
        return [
            {
                "key": None,
                "value": uvarint(1) + uvarint(api_key) + uvarint(0) + b"\x00",
                "expected_key": None,
                "expected_value": None,
                "dump": f"{at} {first}, skipping. {why}",
            }
        ]
    schema = load(git_dir, commit, f"{folder}/{names[0]}Value.json")
    record_type, highest = schema["apiKey"], int(schema["validVersions"].rpartition("-")[2])
    key_schema = load(git_dir, commit, f"{folder}/{names[0]}Key.json")
    kenc = Encoder(key_schema, random.Random(0))
    key = struct.pack(">h", record_type) + kenc.encode_struct(
        key_schema["fields"], kenc.message(key_schema["fields"], 0), 0
    )
    why = f"Found an unknown record version {highest + 1} for {record_type} type"
    return [
        {
            "key": key,
            "value": struct.pack(">h", highest + 1) + b"\x00",
            "expected_key": None,
            "expected_value": None,
            "dump": coordinator_error(first, why),
        },
        {
            "key": struct.pack(">h", 99) + b"\x00\x01g",
            "value": None,  # Kafka refuses the key before it reads the value
            "expected_key": None,
            "expected_value": None,
            "dump": f"Unknown record type 99 at offset {first + 1}, skipping.",
        },
    ]


def write_segment(path: Path, records: list[dict[str, Any]]) -> None:
    builder = MemoryRecordsBuilder(magic=2, compression_type=0, batch_size=1 << 20, offset=0)
    for i, r in enumerate(records):
        if builder.append(T0 + i, r["key"], r["value"], headers=[]) is None:
            raise RuntimeError("the batch is full")
    builder.close()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(builder.buffer()))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--git-dir", required=True)
    p.add_argument("--commit", required=True)
    p.add_argument("--tag", required=True)
    p.add_argument("out", type=Path)
    args = p.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    expected: dict[str, Any] = {"kafka": args.tag, "commit": args.commit, "partitions": {}}
    for topic in TOPICS:
        rng = random.Random(f"kafkaks-{topic}")
        records = encode_records(args.git_dir, args.commit, topic, rng)
        directory = f"{topic}-0"
        write_segment(args.out / directory / "00000000000000000000.log", records)
        expected["partitions"][directory] = [
            {
                "offset": i,
                "key": r["expected_key"],
                "value": r["expected_value"],
                **{k: r[k] for k in ("rule", "dump") if k in r},
            }
            for i, r in enumerate(records)
        ]
        print(f"{directory}: {len(records)} records")
    (args.out / "expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
