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
sometimes set, sometimes set to their default; an unknown tag now and then, which Kafka skips),
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


class Encoder:
    def __init__(self, schema: dict[str, Any], rng: random.Random) -> None:
        self.common = {c["name"]: c["fields"] for c in schema.get("commonStructs", [])}
        self.flexible = schema.get("flexibleVersions", "none")
        self.rng = rng
        self.plausible = False

    def default(self, f: dict[str, Any]) -> Any:
        d = f.get("default")
        t = f["type"]
        if ("default" in f and d is None) or d == "null":
            return None
        if t.startswith("[]"):
            return []
        if t == "bool":
            return str(d).lower() == "true"
        if t in INTS:
            return int(d, 0) if isinstance(d, str) else int(d or 0)
        if t == "float64":
            return float(d or 0)
        if t == "uuid":
            return kafka_uuid(bytes(16))
        if t == "string":
            return d or ""
        return d

    def value(self, f: dict[str, Any], v: int, depth: int) -> Any:
        """A (wire value, JSON value) pair for field f at version v."""
        t, r = f["type"], self.rng
        if self.plausible and f["name"] in PLAUSIBLE:
            x = PLAUSIBLE[f["name"]](r)
            return x, x
        if in_versions(f.get("nullableVersions"), v) and r.random() < 0.25:
            return None, None
        if t in INTS:
            lo, hi = RANGES[t]
            x = r.choice([lo, hi, 0, -1 if lo < 0 else 1, r.randint(lo, hi)])
            return x, x
        if t == "bool":
            x = r.random() < 0.5
            return x, x
        if t == "float64":
            x = r.choice([0.5, -1.25e10, 3.0])
            return x, x
        if t == "uuid":
            b = bytes(r.randrange(256) for _ in range(16))
            return b, kafka_uuid(b)
        if t == "string":
            x = r.choice(["", "group-\u00e9\u4e2d", "topic.name_1", "x" * r.randint(1, 40)])
            return x, x
        if t == "bytes":
            b = bytes(r.randrange(256) for _ in range(r.randint(0, 12)))
            return b, base64.b64encode(b).decode()
        if t.startswith("[]"):
            item = t[2:]
            n = r.randint(1 if self.plausible else 0, 2 if depth < 3 else 0)
            sub = dict(f, type=item)
            sub.pop("nullableVersions", None)
            pairs = [self.value(sub, v, depth + 1) for _ in range(n)]
            return [p[0] for p in pairs], [p[1] for p in pairs]
        fields = f.get("fields") or self.common[t]
        wire, js = {}, {}
        for g in fields:
            if not in_versions(g.get("versions") or g.get("taggedVersions"), v):
                continue
            w, j = self.value(g, v, depth + 1)
            wire[g["name"]] = w
            js[g["name"]] = j
        return wire, js

    def message(
        self, fields: list[dict[str, Any]], v: int, depth: int = 0
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        wire, js = {}, {}
        for f in fields:
            if not in_versions(f.get("versions") or f.get("taggedVersions"), v):
                continue
            if "tag" in f and in_versions(f.get("taggedVersions"), v):
                roll = self.rng.random()
                if roll < 0.3:
                    continue  # absent: the default
                if roll < 0.45:
                    d = self.default(f)
                    w, j = self.wire_of_default(f, d), d
                else:
                    w, j = self.value(f, v, depth)
            else:
                w, j = self.value(f, v, depth)
            wire[f["name"]] = w
            js[f["name"]] = j
        return wire, js

    def wire_of_default(self, f: dict[str, Any], d: Any) -> Any:
        t = f["type"]
        if d is None:
            return None
        if t == "uuid":
            return bytes(16)
        return d

    # --- encoding, as MessageDataGenerator.generateClassWriter writes ---------------------------

    def encode_struct(self, fields: list[dict[str, Any]], wire: dict[str, Any], v: int) -> bytes:
        flexible = in_versions(self.flexible, v)
        out = bytearray()
        tagged: list[tuple[int, bytes]] = []
        for f in fields:
            if not in_versions(f.get("versions") or f.get("taggedVersions"), v):
                continue
            if "tag" in f and in_versions(f.get("taggedVersions"), v):
                if f["name"] in wire and not self.is_default(f, wire[f["name"]]):
                    tagged.append(
                        (int(f["tag"]), self.encode_field(f, wire[f["name"]], v, True, tagged=True))
                    )
                continue
            out += self.encode_field(f, wire[f["name"]], v, flexible)
        if flexible:
            if self.rng.random() < 0.2:
                tagged.append((90 + self.rng.randrange(5), b"\x01\x02"))  # unknown: skipped by readers
            tagged.sort()
            out += uvarint(len(tagged))
            for tag, data in tagged:
                out += uvarint(tag) + uvarint(len(data)) + data
        return bytes(out)

    def is_default(self, f: dict[str, Any], w: Any) -> bool:
        """Kafka writes a tag only when the value differs from the default."""
        d = self.default(f)
        if f["type"] == "uuid":
            return w == bytes(16) if d is not None else w is None
        return bool(w == d)

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
        fields = f.get("fields") or self.common[t]
        nullable = in_versions(f.get("nullableVersions"), v)
        if w is None:
            return uvarint(0) if tagged else b"\xff"
        body = self.encode_struct(fields, w, v)
        if nullable:
            return (uvarint(1) if tagged else b"\x01") + body
        return body


def to_json(fields: list[dict[str, Any]], js: dict[str, Any], enc: Encoder, v: int) -> dict[str, Any]:
    """What JsonConverterGenerator.generateWrite prints: schema order, a tag only when it is not the
    default."""
    out: dict[str, Any] = {}
    for f in fields:
        if not in_versions(f.get("versions") or f.get("taggedVersions"), v):
            continue
        tagged = "tag" in f and in_versions(f.get("taggedVersions"), v)
        if f["name"] not in js:
            continue
        j = js[f["name"]]
        if tagged and j == enc.default(f):
            continue
        out[camel(f["name"])] = convert_json(f, j, enc, v)
    return out


def convert_json(f: dict[str, Any], j: Any, enc: Encoder, v: int) -> Any:
    t = f["type"]
    if j is None:
        return None
    if t.startswith("[]") and t[2:] not in INTS and t[2:] not in ("string", "uuid", "bool", "bytes"):
        fields = f.get("fields") or enc.common[t[2:]]
        return [to_json(fields, x, enc, v) for x in j]
    if not t.startswith("[]") and t not in INTS and t not in ("string", "uuid", "bool", "bytes", "float64"):
        return to_json(f.get("fields") or enc.common[t], j, enc, v)
    return j


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
                    wire, js = enc.message(schema["fields"], v)
                    value = (
                        uvarint(1)
                        + uvarint(schema["apiKey"])
                        + uvarint(v)
                        + enc.encode_struct(schema["fields"], wire, v)
                    )
                    # __cluster_metadata prints MetadataRecordType's name (REGISTER_BROKER_RECORD).
                    kind = schema["name"]
                    if topic == "__cluster_metadata":
                        kind = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", kind).upper()
                    records.append(
                        {
                            "key": None,
                            "value": value,
                            "expected_key": None,
                            "expected_value": {
                                "type": kind,
                                "version": v,
                                "data": to_json(schema["fields"], js, enc, v),
                            },
                        }
                    )
            continue
        key_schema = load(git_dir, commit, f"{folder}/{name}Key.json")
        value_schema = load(git_dir, commit, f"{folder}/{name}Value.json")
        kenc, venc = Encoder(key_schema, rng), Encoder(value_schema, rng)
        venc.plausible = topic == "__transaction_state"  # a known TransactionState
        lo, _, hi = value_schema["validVersions"].partition("-")
        for v in range(int(lo), int(hi or lo) + 1):
            for i in range(6):
                kwire, kjs = kenc.message(key_schema["fields"], 0)
                key = struct.pack(">h", key_schema["apiKey"]) + kenc.encode_struct(
                    key_schema["fields"], kwire, 0
                )
                expected_key = {
                    "type": str(key_schema["apiKey"]),
                    "data": to_json(key_schema["fields"], kjs, kenc, 0),
                }
                if i == 2 and v == int(lo):
                    records.append(
                        {"key": key, "value": None, "expected_key": expected_key, "expected_value": None}
                    )
                    continue
                wire, js = venc.message(value_schema["fields"], v)
                value = struct.pack(">h", v) + venc.encode_struct(value_schema["fields"], wire, v)
                expected_value = {"version": str(v), "data": to_json(value_schema["fields"], js, venc, v)}
                records.append(
                    {
                        "key": key,
                        "value": value,
                        "expected_key": expected_key,
                        "expected_value": expected_value,
                    }
                )
    return records


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
            {"offset": i, "key": r["expected_key"], "value": r["expected_value"]}
            for i, r in enumerate(records)
        ]
        print(f"{directory}: {len(records)} records")
    (args.out / "expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
