"""Internal topics (kafkaks.internal_topics and the specs behind them) on the real data and on hand-made
bytes.

Cross-checks: an independent reader written here with ``struct`` (classic encoding only) for every
``__consumer_offsets`` and ``__transaction_state`` record of the real data; topic ids of TOPIC_RECORDs
against the ``partition.metadata`` files the brokers wrote beside the logs; and the exact outputs
that Kafka 3.9's own DumpLogSegmentsTest expects from its offsets decoder.
"""

from __future__ import annotations

import base64
import json
import struct
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import real_params

from kafkaks import CorruptDataError, Record, read_log
from kafkaks.cli.decoder_text import (
    format_cluster_metadata,
    format_internal,
)
from kafkaks.internal_topics import DecodedRecord, decode_internal, decoded, internal_kind, to_kafka_json
from kafkaks.internal_topics.messages import TagNotValidError, message_json

TOPICS = ("__consumer_offsets", "__transaction_state", "__cluster_metadata")


def internal_file(path: Path) -> bool:
    return path.parent.name.rsplit("-", 1)[0] in TOPICS or path.name == "bootstrap.checkpoint"


def records_of(path: Path) -> Iterator[Record]:
    for batch in read_log(path):
        yield from batch.records()


def decode(path: Path, record: Record) -> DecodedRecord | None:
    # bootstrap.checkpoint sits in the log dir itself: its topic is not in the path.
    kind = "cluster_metadata" if path.name == "bootstrap.checkpoint" else None
    return decoded(record, kind=kind)


INTERNAL_FILES = [
    p for p in real_params("log", "checkpoint") if p.values[0] is None or internal_file(p.values[0])
]


@pytest.mark.parametrize(("path", "info"), INTERNAL_FILES)
def test_every_real_record_decodes_with_nothing_left_over(path: Path, info: dict[str, Any]) -> None:
    decoded_count = control = 0
    for record in records_of(path):
        if record.control is not None:
            control += 1
            assert decode(path, record) is None
            continue
        d = decode(path, record)
        assert d is not None
        # `problem` also covers bytes left over after a key or value schema.
        assert d.problem is None, f"offset {record.offset}: {d.problem}"
        assert d.tombstone == (record.value is None)
        assert (d.value is None) == d.tombstone
        decoded_count += 1
    # The inspector counts v2 records in `records` and legacy messages in `entries`.
    assert decoded_count + control == (info["records"] or info["entries"])
    assert sum(1 for _ in records_of(path) if _.value is None) == info.get("null_value_records", 0)


@pytest.mark.slow
def test_real_data_covers_these_types_and_versions(real_data: Path) -> None:
    seen: Counter[tuple[str, Any, Any]] = Counter()
    for param in INTERNAL_FILES:
        path = param.values[0]
        for record in records_of(path):
            d = decode(path, record)
            if d is not None:
                seen[(d.kind, d.key_type, (d.value_type, d.value_version))] += 1
    kinds = {(kind, value) for kind, _, value in seen}
    assert ("offsets", ("OffsetCommitValue", 1)) in kinds
    assert ("offsets", ("OffsetCommitValue", 3)) in kinds
    assert ("offsets", ("GroupMetadataValue", 1)) in kinds
    assert ("offsets", ("GroupMetadataValue", 3)) in kinds
    assert ("offsets", (None, None)) in kinds  # tombstones
    assert ("transaction_log", ("TransactionLogValue", 0)) in kinds
    metadata = {value for kind, value in kinds if kind == "cluster_metadata"}
    for name in (
        "TOPIC_RECORD",
        "PARTITION_RECORD",
        "PARTITION_CHANGE_RECORD",
        "REGISTER_BROKER_RECORD",
        "REGISTER_CONTROLLER_RECORD",
        "BROKER_REGISTRATION_CHANGE_RECORD",
        "FEATURE_LEVEL_RECORD",
        "CONFIG_RECORD",
        "PRODUCER_IDS_RECORD",
        "NO_OP_RECORD",
        "ZK_MIGRATION_STATE_RECORD",
        "BEGIN_TRANSACTION_RECORD",
        "END_TRANSACTION_RECORD",
    ):
        assert any(value[0] == name for value in metadata), name


# --- an independent reader of the classic encodings, written from the schemas -------------------------


class Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def take(self, fmt: str) -> Any:
        (value,) = struct.unpack_from(">" + fmt, self.data, self.pos)
        self.pos += struct.calcsize(fmt)
        return value

    def string(self) -> str | None:
        n = self.take("h")
        if n < 0:
            return None
        self.pos += n
        return self.data[self.pos - n : self.pos].decode()

    def done(self) -> bool:
        return self.pos == len(self.data)


def offsets_by_hand(key: bytes, value: bytes | None) -> tuple[dict[str, Any], dict[str, Any] | None]:
    k = Reader(key)
    record_type = k.take("h")
    if record_type in (0, 1):
        key_fields: dict[str, Any] = {"group": k.string(), "topic": k.string(), "partition": k.take("i")}
    else:
        key_fields = {"group": k.string()}
    assert k.done()
    if value is None:
        return key_fields, None
    v = Reader(value)
    version = v.take("h")
    if record_type in (0, 1):
        out = {"offset": v.take("q")}
        if version >= 3:
            out["leaderEpoch"] = v.take("i")
        out["metadata"] = v.string()
        out["commitTimestamp"] = v.take("q")
        if version == 1:
            out["expireTimestamp"] = v.take("q")
    else:
        out = {
            "protocolType": v.string(),
            "generation": v.take("i"),
            "protocol": v.string(),
            "leader": v.string(),
        }
        if version >= 2:
            out["currentStateTimestamp"] = v.take("q")
        members = []
        for _ in range(v.take("i")):
            m = {"memberId": v.string()}
            if version >= 3:
                m["groupInstanceId"] = v.string()
            m["clientId"], m["clientHost"] = v.string(), v.string()
            if version >= 1:
                m["rebalanceTimeout"] = v.take("i")
            m["sessionTimeout"] = v.take("i")
            for name in ("subscription", "assignment"):
                n = v.take("i")
                m[name] = value[v.pos : v.pos + n]
                v.pos += n
            members.append(m)
        out["members"] = members
    assert v.done()
    return key_fields, out


def subscription_topics_by_hand(raw: bytes) -> list[str]:
    r = Reader(raw)
    r.take("h")
    return [str(r.string()) for _ in range(r.take("i"))]


@pytest.mark.parametrize(
    ("path", "info"),
    [p for p in INTERNAL_FILES if p.values[0] is None or "__consumer_offsets" in str(p.values[0])],
)
def test_consumer_offsets_agree_with_a_reader_written_by_hand(path: Path, info: dict[str, Any]) -> None:
    for record in records_of(path):
        d = decoded(record)
        assert d is not None and record.key is not None
        key, value = offsets_by_hand(record.key, record.value)
        assert d.key == key
        if value is None:
            assert d.value is None
            continue
        assert d.value is not None
        members = value.pop("members", None)
        got_members = d.value.get("members")
        assert {k: v for k, v in d.value.items() if k != "members"} == value
        for got, raw in zip(got_members or [], members or [], strict=True):
            assert {k: v for k, v in got.items() if k not in ("subscription", "assignment")} == {
                k: v for k, v in raw.items() if k not in ("subscription", "assignment")
            }
            if isinstance(got["subscription"], dict):
                assert got["subscription"]["topics"] == subscription_topics_by_hand(raw["subscription"])
            else:
                assert base64.b64decode(got["subscription"]) == raw["subscription"]


# --- spot checks against what the fixtures are known to hold -------------------------------------------


def decoded_partition(directory: Path) -> list[tuple[Record, DecodedRecord]]:
    out = []
    for log in sorted(directory.glob("*.log")):
        for record in records_of(log):
            d = decoded(record)
            if d is not None:
                out.append((record, d))
    return out


def test_transaction_state_of_the_ksql_command_topic(real_data: Path) -> None:
    """__transaction_state-44 holds the one transaction the data partition shows: producer id 0
    (the producer snapshot of _confluent-ksql-default__command_topic-0 has pid 0), committed."""
    rows = decoded_partition(real_data / "confluent-ksql-txn/kafka-data/__transaction_state-44")
    assert [d.key for _, d in rows] == [{"transactionalId": "default_"}] * 4
    values = [d.value for _, d in rows]
    assert all(v is not None and v["producerId"] == 0 for v in values)
    assert [v["transactionStatus"] for v in values if v] == [0, 1, 2, 4]
    texts = [format_internal("transaction_log", r.offset, r.key, r.value) for r, _ in rows]
    # Kafka 4.3's coordinator record parser: the key and value as its JSON converters write them
    assert texts[1] == (
        '{"type":"0","data":{"transactionalId":"default_"}}',
        '{"version":"0","data":{"producerId":0,"producerEpoch":0,"transactionTimeoutMs":60000,'
        '"transactionStatus":1,"transactionPartitions":[{"topic":"_confluent-ksql-default__command_topic",'
        '"partitionIds":[0]}],"transactionLastUpdateTimestampMs":1728561475379,'
        '"transactionStartTimestampMs":1728561475379}}',
    )


def test_offsets_of_kafka_0_10_1(real_data: Path) -> None:
    """The magic-1 log of Kafka 0.10.1: offset commit values v1 (with expire timestamp) of GroupA."""
    rows = decoded_partition(real_data / "magic1-kafka-0.10.1/tmp/kafka-logs/__consumer_offsets-40")
    commits = [d for _, d in rows if d.key_type == 1]
    assert {d.value_version for d in commits} == {1}
    assert {(d.key or {}).get("group") for _, d in rows} == {"GroupA"}
    first = commits[0].value
    assert first is not None
    # The 0.10 broker's default offsets.retention.minutes was one day.
    assert first["expireTimestamp"] - first["commitTimestamp"] == 24 * 3600 * 1000


def test_group_metadata_with_a_consumer_member(real_data: Path) -> None:
    rows = decoded_partition(real_data / "cleaner-swap-files-a/kafka/kafka-logs/__consumer_offsets-18")
    record, group = rows[0]
    assert group.key == {"group": "groupId"}
    assert group.value is not None and group.value["protocolType"] == "consumer"
    member = group.value["members"][0]
    assert member["subscription"] == {"topics": ["HelloTopic"], "userData": None, "ownedPartitions": []}
    assert member["assignment"] == {
        "assignedPartitions": [{"topic": "HelloTopic", "partitions": [0]}],
        "userData": None,
    }
    key_text, payload = format_internal("offsets", record.offset, record.key, record.value)
    assert key_text == '{"type":"2","data":{"group":"groupId"}}'
    assert payload is not None and payload.startswith('{"version":"3","data":{"protocolType":"consumer",')


def partition_metadata_topic_ids(log_dir: Path) -> dict[str, str]:
    """topic -> topic id from the partition.metadata files ("version: 0\\ntopic_id: <id>")."""
    ids = {}
    for meta in log_dir.glob("*/partition.metadata"):
        fields = dict(line.split(": ", 1) for line in meta.read_text().splitlines() if ": " in line)
        ids[meta.parent.name.rsplit("-", 1)[0]] = fields["topic_id"].strip()
    return ids


@pytest.mark.parametrize(
    "log_dir",
    [
        "codecrafters-kafka-tester@510714e/kraft-combined-logs",
        "codecrafters-kafka-tester@e856b9a/kraft-combined-logs",
        "ldi-poc",
        "lz4-logappend-headers-cp7.6/data",
        "confluent-ksql-txn/kafka-data",
        "kraft-snapshots-nonzero-base/kafka-logs",
        "compacted-delete-horizon/kafka/data",
    ],
)
def test_topic_records_match_the_partition_metadata_files(real_data: Path, log_dir: str) -> None:
    directory = real_data / log_dir / "__cluster_metadata-0"
    topics: dict[str, str] = {}
    for file in sorted(directory.glob("*.log")) + sorted(directory.glob("*.checkpoint")):
        for record in records_of(file):
            d = decoded(record)
            if d is not None and d.value_type == "TOPIC_RECORD" and d.value is not None:
                topics[d.value["name"]] = d.value["topicId"]
    expected = partition_metadata_topic_ids(real_data / log_dir)
    common = set(expected) & set(topics)
    assert common, f"no topic of {sorted(expected)} in the metadata log"
    assert {t: topics[t] for t in common} == {t: expected[t] for t in common}


# --- hand-made records: unknown versions and types, tombstones, flexible versions ----------------------


def s16(text: str | None) -> bytes:
    if text is None:
        return struct.pack(">h", -1)
    return struct.pack(">h", len(text.encode())) + text.encode()


def uvarint(n: int) -> bytes:
    out = bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
        n >>= 7
        if not n:
            return bytes(out)


def compact(data: bytes | None) -> bytes:
    return uvarint(0) if data is None else uvarint(len(data) + 1) + data


def cstr(text: str | None) -> bytes:
    return compact(None if text is None else text.encode())


NO_TAGS = b"\x00"
OFFSET_KEY = struct.pack(">h", 1) + s16("g") + s16("t") + struct.pack(">i", 3)


@pytest.mark.parametrize(
    ("topic", "key", "value", "problem"),
    [
        (
            "__consumer_offsets",
            struct.pack(">h", 9) + b"\x00\x01",
            b"\x00\x00",
            "Found an unknown record type 9",
        ),
        (
            "__consumer_offsets",
            struct.pack(">h", 5) + s16("g") + s16("m"),
            struct.pack(">h", 9) + b"\x00",
            "Found an unknown record version 9 for 5 type",
        ),
        (
            "__consumer_offsets",
            OFFSET_KEY,
            struct.pack(">h", 7) + bytes(30),
            "Found an unknown record version 7 for 1 type",
        ),
        ("__consumer_offsets", OFFSET_KEY + b"\x00", None, "key: 1 bytes left over after OffsetCommitKey"),
        ("__consumer_offsets", None, None, "missing key"),
        ("__transaction_state", struct.pack(">h", 3) + s16("x"), None, "Found an unknown record type 3"),
        (
            "__transaction_state",
            s16("") + s16("x"),
            struct.pack(">h", 2) + bytes(20),
            "Found an unknown record version 2 for 0 type",
        ),
        ("__cluster_metadata", None, uvarint(1) + uvarint(99) + uvarint(0), "Unknown metadata id 99"),
        (
            "__cluster_metadata",
            None,
            uvarint(1) + uvarint(2) + uvarint(9) + b"\x00",
            "unknown version 9 of TOPIC_",
        ),
        ("__cluster_metadata", None, uvarint(0) + uvarint(2) + uvarint(0), "frame version 0"),
        (
            "__cluster_metadata",
            None,
            uvarint(1) + uvarint(20) + uvarint(0) + NO_TAGS + b"\x07",
            "1 byte(s) of garbage",
        ),
        (
            "__cluster_metadata",
            None,
            uvarint(1) + uvarint(2) + uvarint(0) + b"\x05ab",
            "could not read the record",
        ),
    ],
    ids=[
        "offsets-type-9",
        "offsets-kip-848-type",
        "offsets-value-v7",
        "offsets-key-leftover",
        "offsets-no-key",
        "txn-key-v3",
        "txn-value-v2",
        "metadata-api-key-99",
        "metadata-version-9",
        "metadata-frame-0",
        "metadata-garbage",
        "metadata-truncated",
    ],
)
def test_problems_are_reported_not_raised(
    topic: str, key: bytes | None, value: bytes | None, problem: str
) -> None:
    d = decode_internal(topic, key, value)
    assert d is not None and d.problem is not None
    assert problem in d.problem
    kind = internal_kind(topic)
    assert kind is not None
    if kind in ("offsets", "transaction_log") and key is None:
        with pytest.raises(CorruptDataError, match="message had a missing key"):
            format_internal(kind, 5, key, value)
    else:
        key_text, payload = format_internal(kind, 5, key, value)
        if "left over" in problem:
            # Kafka's coordinator serde ignores bytes after a key: so does its decoder's text.
            assert key_text == '{"type":"1","data":{"group":"g","topic":"t","partition":3}}'
            return
        assert "skipping" in f"{key_text}{payload}"


def test_unknown_versions_in_kafka_text() -> None:
    assert format_internal("offsets", 4, struct.pack(">h", 9) + b"\x00", None) == (
        "Unknown record type 9 at offset 4, skipping.",
        None,
    )
    # CoordinatorRecordSerde (Kafka 4.3): Deserializer.UnknownRecordVersionException's message
    assert format_internal("offsets", 0, OFFSET_KEY, struct.pack(">h", 7)) == (
        "Error at offset 0, skipping. Found an unknown record version 7 for 1 type",
        None,
    )
    assert format_internal("transaction_log", 3, struct.pack(">h", 3), None) == (
        "Unknown record type 3 at offset 3, skipping.",
        None,
    )
    assert format_internal("transaction_log", 0, struct.pack(">h", 0) + s16("x"), struct.pack(">h", 2)) == (
        "Error at offset 0, skipping. Found an unknown record version 2 for 0 type",
        None,
    )
    assert format_cluster_metadata(12, None, uvarint(1) + uvarint(99) + uvarint(0)) == (
        None,
        "Error at 12, skipping. "
        "org.apache.kafka.common.errors.UnsupportedVersionException: Unknown metadata id 99",
    )


def test_tombstones() -> None:
    d = decode_internal("__consumer_offsets", OFFSET_KEY, None)
    assert d is not None and d.tombstone and d.value is None and d.problem is None
    assert d.key == {"group": "g", "topic": "t", "partition": 3}
    assert d.to_json() == {
        "key": {"type": "1", "data": {"group": "g", "topic": "t", "partition": 3}},
        "value": None,
        "tombstone": True,
        "problem": None,
    }
    assert format_internal("offsets", 0, OFFSET_KEY, None) == (
        '{"type":"1","data":{"group":"g","topic":"t","partition":3}}',
        "<DELETE>",
    )
    txn_key = struct.pack(">h", 0) + s16("my-txn")
    assert format_internal("transaction_log", 0, txn_key, None) == (
        '{"type":"0","data":{"transactionalId":"my-txn"}}',
        "<DELETE>",
    )


def test_kind_forces_the_decoder_and_other_topics_give_none() -> None:
    assert decode_internal("orders", OFFSET_KEY, None) is None
    d = decode_internal("orders", OFFSET_KEY, None, kind="offsets")
    assert d is not None and d.kind == "offsets"
    with pytest.raises(ValueError, match="unknown internal topic kind"):
        decode_internal(None, None, None, kind="nope")  # type: ignore[arg-type]


# Kafka 3.9's DumpLogSegmentsTest.testOffsetsMessageParser expects these outputs of a
# GroupMetadataValue v4 (the flexible version) of a `consumer` group. The bytes are written here
# from the schemas (ConsumerProtocol serializes subscription and assignment at version 3).
SUBSCRIPTION_V3 = (
    struct.pack(">h", 3)
    + struct.pack(">i", 1)
    + s16("foo")
    + struct.pack(">i", -1)  # userData null
    + struct.pack(">i", 1)
    + s16("foo")
    + struct.pack(">ii", 1, 0)  # ownedPartitions foo [0]
    + struct.pack(">i", 0)  # generationId
    + s16("rack")
)
ASSIGNMENT_V3 = (
    struct.pack(">h", 3)
    + struct.pack(">i", 1)
    + s16("foo")
    + struct.pack(">ii", 1, 0)
    + struct.pack(">i", -1)
)


def group_metadata_v4(subscription: bytes, assignment: bytes) -> bytes:
    member = (
        cstr("member")
        + cstr("instance")
        + cstr("client")
        + cstr("host")
        + struct.pack(">ii", 1000, 100)
        + compact(subscription)
        + compact(assignment)
        + NO_TAGS
    )
    return (
        struct.pack(">h", 4)
        + cstr("consumer")
        + struct.pack(">i", 10)
        + cstr("range")
        + cstr("member")
        + struct.pack(">q", -1)
        + uvarint(2)
        + member
        + NO_TAGS
    )


GROUP_KEY = struct.pack(">h", 2) + s16("group")


def test_kafka_golden_group_metadata_v4_with_consumer_protocol() -> None:
    assert format_internal("offsets", 0, GROUP_KEY, group_metadata_v4(SUBSCRIPTION_V3, ASSIGNMENT_V3)) == (
        '{"type":"2","data":{"group":"group"}}',
        '{"version":"4","data":{"protocolType":"consumer","generation":10,"protocol":"range",'
        '"leader":"member","currentStateTimestamp":-1,"members":[{"memberId":"member",'
        '"groupInstanceId":"instance","clientId":"client","clientHost":"host",'
        '"rebalanceTimeout":1000,"sessionTimeout":100,"subscription":{"topics":["foo"],'
        '"userData":null,"ownedPartitions":[{"topic":"foo","partitions":[0]}],'
        '"generationId":0,"rackId":"rack"},"assignment":{"assignedPartitions":'
        '[{"topic":"foo","partitions":[0]}],"userData":null}}]}}',
    )


def test_kafka_golden_group_metadata_v4_with_malformed_consumer_protocol() -> None:
    assert format_internal("offsets", 0, GROUP_KEY, group_metadata_v4(b"Subscription", b"Assignment")) == (
        '{"type":"2","data":{"group":"group"}}',
        '{"version":"4","data":{"protocolType":"consumer","generation":10,"protocol":"range",'
        '"leader":"member","currentStateTimestamp":-1,"members":[{"memberId":"member",'
        '"groupInstanceId":"instance","clientId":"client","clientHost":"host",'
        '"rebalanceTimeout":1000,"sessionTimeout":100,"subscription":"U3Vic2NyaXB0aW9u",'
        '"assignment":"QXNzaWdubWVudA=="}]}}',
    )


def test_kafka_golden_unknown_record_type() -> None:
    key = struct.pack(">h", 32767) + s16("group")
    assert format_internal("offsets", 0, key, struct.pack(">h", 0) + struct.pack(">i", 10)) == (
        "Unknown record type 32767 at offset 0, skipping.",
        None,
    )


def test_flexible_offset_commit_value_with_a_tagged_field() -> None:
    value = struct.pack(">hqi", 4, 42, 7) + cstr("meta") + struct.pack(">q", 1_700_000_000_000)
    value += uvarint(1) + uvarint(5) + uvarint(2) + b"\xab\xcd"  # an unknown tag 5 of 2 bytes
    d = decode_internal("__consumer_offsets", OFFSET_KEY, value)
    assert d is not None and d.problem is None
    assert d.value_json() == {
        "version": "4",
        "data": {"offset": 42, "leaderEpoch": 7, "metadata": "meta", "commitTimestamp": 1_700_000_000_000},
    }


def test_flexible_transaction_log_value() -> None:
    value = struct.pack(">hqhib", 1, 5000, 3, 60000, 1) + uvarint(3)
    value += cstr("b") + uvarint(2) + struct.pack(">i", 1) + NO_TAGS
    value += cstr("a") + uvarint(3) + struct.pack(">ii", 0, 2) + NO_TAGS
    value += struct.pack(">qq", 1_700_000_000_002, 1_700_000_000_001) + NO_TAGS
    key = struct.pack(">h", 0) + s16("tx")
    d = decode_internal("__transaction_state", key, value)
    assert d is not None and d.problem is None and d.value is not None
    assert d.value["transactionPartitions"] == [
        {"topic": "b", "partitionIds": [1]},
        {"topic": "a", "partitionIds": [0, 2]},
    ]
    _, payload = format_internal("transaction_log", 0, key, value)
    # Kafka 4.3 prints the value as its JSON converter writes it: the partitions in record order
    assert payload == (
        '{"version":"1","data":{"producerId":5000,"producerEpoch":3,"transactionTimeoutMs":60000,'
        '"transactionStatus":1,"transactionPartitions":[{"topic":"b","partitionIds":[1]},'
        '{"topic":"a","partitionIds":[0,2]}],"transactionLastUpdateTimestampMs":1700000000002,'
        '"transactionStartTimestampMs":1700000000001}}'
    )


def test_partition_change_record_tags() -> None:
    topic_id = bytes(range(16))
    tags = uvarint(0) + uvarint(9) + uvarint(3) + struct.pack(">ii", 1, 2)  # tag 0: isr [1, 2]
    tags += uvarint(1) + uvarint(4) + struct.pack(">i", 2)  # tag 1: leader 2
    tags += uvarint(9) + uvarint(1) + b"\x00"  # tag 9: unknown
    value = uvarint(1) + uvarint(5) + uvarint(1) + struct.pack(">i", 0) + topic_id + uvarint(3) + tags
    d = decode_internal("__cluster_metadata", None, value)
    assert d is not None and d.problem is None
    assert d.value_json() == {
        "type": "PARTITION_CHANGE_RECORD",
        "version": 1,
        "data": {"partitionId": 0, "topicId": "AAECAwQFBgcICQoLDA0ODw", "isr": [1, 2], "leader": 2},
    }


def test_a_tag_before_its_first_version_is_refused() -> None:
    """MessageDataGenerator.generateClassReader: a known tag read in a version outside its
    taggedVersions throws "Tag N is not valid for version V" (ELR, tag 6 of PartitionChangeRecord,
    is a tag from version 2 on)."""
    tag = uvarint(6) + uvarint(1) + uvarint(0)
    value = uvarint(1) + uvarint(5) + uvarint(1) + struct.pack(">i", 0) + bytes(16) + uvarint(1) + tag
    d = decode_internal("__cluster_metadata", None, value)
    assert d is not None and d.value is None
    assert d.problem is not None and "Tag 6 is not valid for version 1" in d.problem
    # No coordinator record has such a tag in 4.3.1; the walker of their tables has the rule too.
    section = SimpleNamespace(
        fields=[SimpleNamespace(tag=SimpleNamespace(value=0), data=SimpleNamespace(value=7))]
    )
    body = SimpleNamespace(tagged_fields=section)
    table = (("tag", "later", 0, "tag_s8", 2, -1),)
    assert message_json(body, table, 2) == {"later": 7}
    with pytest.raises(TagNotValidError, match="Tag 0 is not valid for version 1"):
        message_json(body, table, 1)


def test_kafka_json_text() -> None:
    assert to_kafka_json({"a": [1, None, True], "b": 'é\u0001\n"', "c": 1.5, "d": 1e7, "e": 0.0001}) == (
        '{"a":[1,null,true],"b":"é\\u0001\\n\\"","c":1.5,"d":1.0E7,"e":1.0E-4}'
    )
    assert json.loads(to_kafka_json({"x": 123456.75})) == {"x": 123456.75}
