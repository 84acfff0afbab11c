"""Kafka 4.x internal-topic records: ``__consumer_offsets`` record types 3 and up (consumer groups
of KIP-848, share groups, streams groups) and offset commits up to version 4 (topic id tag),
``__share_group_state``, ``__transaction_state`` values with the tags of transaction protocol v2
(KIP-890), ``__remote_log_metadata``, and the KRaft metadata records changed since Kafka 3.9.

The fixtures (tests/fixtures/internal4, see the README there) were written by
tools/kafka_schema_encoder.py, an encoder driven by Apache Kafka 4.3.1's message JSON schemas that
shares no code with kafkaks' specs or decoders, with the values it encoded as Kafka's JSON
converters print them (expected.json). Every record must decode to exactly those values, with no
bytes left over."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest
from kafkaks.generated.message_tables import COORDINATOR_RECORDS, FRAMED_RECORDS

import kafkaks
from kafkaks.cli.decoder_text import format_internal
from kafkaks.internal_topics import decode_internal

FIXTURES = Path(__file__).parent / "fixtures" / "internal4"
EXPECTED: dict[str, Any] = json.loads((FIXTURES / "expected.json").read_text())
PARTITIONS = sorted(EXPECTED["partitions"])
# The records Kafka 4.3.1 reads (not those of unknown types and versions, made to be refused).
READ = {p: [e for e in records if "dump" not in e] for p, records in EXPECTED["partitions"].items()}


def uvarint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    return bytes([*out, n])


@pytest.mark.parametrize("partition", PARTITIONS)
def test_every_fixture_record_decodes_to_the_encoded_values(partition: str) -> None:
    expected = EXPECTED["partitions"][partition]
    records = list(kafkaks.read_partition(FIXTURES / partition))
    assert [r.offset for r in records] == [e["offset"] for e in expected]
    for record, e in zip(records, expected, strict=True):
        d = kafkaks.decoded(record)
        assert d is not None, record.offset
        if "dump" in e:  # a type or version Kafka 4.3.1 does not know: reported in its words
            assert d.problem is not None and d.value is None, record.offset
            key_text, payload = format_internal(d.kind, record.offset, record.key, record.value, d)
            assert e["dump"] in (key_text, payload), record.offset
            continue
        assert d.problem is None, (record.offset, d.problem)  # also: no bytes left over
        assert d.key_json() == e["key"], record.offset
        assert d.value_json() == e["value"], record.offset
        assert d.tombstone == (e["value"] is None)


def test_the_fixtures_cover_every_record_type_the_specs_define() -> None:
    offsets = {int(e["key"]["type"]) for e in READ["__consumer_offsets-0"]}
    assert offsets == {1, *COORDINATOR_RECORDS["kafka_consumer_offsets_key"]}  # 1: OffsetCommit v0-v4
    versions = {e["value"]["version"] for e in READ["__transaction_state-0"] if e["value"]}
    assert versions == {"0", "1"}
    share = {int(e["key"]["type"]) for e in READ["__share_group_state-0"]}
    assert share == set(COORDINATOR_RECORDS["kafka_share_coordinator_records"])
    kraft = {(e["value"]["type"], e["value"]["version"]) for e in READ["__cluster_metadata-0"]}
    assert {
        ("REGISTER_BROKER_RECORD", 4),
        ("BROKER_REGISTRATION_CHANGE_RECORD", 3),
        ("CLEAR_ELR_RECORD", 0),
    } <= kraft
    remote = {e["value"]["type"] for e in READ["__remote_log_metadata-0"]}
    assert remote == {name for name, _, _ in FRAMED_RECORDS["kafka_remote_log_metadata_record"].values()}


RULES = {
    "null-default tagged structure, explicit null: written, printed": ("classicMemberMetadata", None),
    "null-default tagged structure, the empty structure written: not printed": (
        "classicMemberMetadata",
        "absent",
    ),
    "null-default tagged array, explicit null: written, printed": ("assignmentEpochs", None),
    "null-default tagged array, empty array written: not printed": ("assignmentEpochs", "absent"),
    "tagged without versions, explicit null: written, printed": ("lastAssignmentConfigs", None),
    "tagged without versions, empty array written: not printed": ("lastAssignmentConfigs", "absent"),
    "tags without versions (KIP-890) set; a transactionStatus outside the known states": (
        "nextProducerId",
        8,
    ),
    "a transactionStatus outside the known states": ("transactionStatus", -1),
}


def _found(data: Any, name: str) -> list[Any]:
    """The values of field ``name`` anywhere in a record's JSON ("absent" where a structure that
    could hold it does not)."""
    if isinstance(data, list):
        return [x for item in data for x in _found(item, name)]
    if not isinstance(data, dict):
        return []
    here = [data[name]] if name in data else []
    return here + [x for v in data.values() for x in _found(v, name)]


def test_the_fixtures_have_a_record_for_each_rule_of_kafkas_generator() -> None:
    """Records made to exercise one rule each (FieldSpec.fieldDefault: a JSON-null default is the
    empty structure or array, so an explicit null is printed and an explicit empty one is not; a
    field with taggedVersions and no versions; TransactionLogValue's status printed as a number),
    and records of unknown types and versions."""
    rules = {
        e["rule"]: e["value"]["data"] for part in EXPECTED["partitions"].values() for e in part if "rule" in e
    }
    assert set(rules) == set(RULES)
    for rule, (name, value) in RULES.items():
        found = _found(rules[rule], name)
        assert found == [] if value == "absent" else found and all(x == value for x in found), rule
    dumps = [e["dump"] for part in EXPECTED["partitions"].values() for e in part if "dump" in e]
    assert any("Found an unknown record version" in t for t in dumps)
    assert any(t.startswith("Unknown record type 99") for t in dumps)
    assert any("UnsupportedVersionException: Unknown metadata id" in t for t in dumps)


def test_record_type_names_are_kafkas() -> None:
    """apiKey of each schema in Kafka 4.3.1's group-coordinator and share-coordinator folders."""
    names = {t: entry[0] for t, entry in COORDINATOR_RECORDS["kafka_consumer_offsets_key"].items()}
    assert names[3] == "ConsumerGroupMetadata"
    assert names[8] == "ConsumerGroupCurrentMemberAssignment"
    assert names[15] == "ShareGroupStatePartitionMetadata"
    assert names[16] == "ConsumerGroupRegularExpression"
    assert names[23] == "StreamsGroupTopology"
    assert 9 not in names and 18 not in names
    share = {t: entry[0] for t, entry in COORDINATOR_RECORDS["kafka_share_coordinator_records"].items()}
    assert share == {0: "ShareSnapshot", 1: "ShareUpdate"}


def s16(text: str) -> bytes:
    return struct.pack(">h", len(text)) + text.encode()


SHARE_KEY = struct.pack(">h", 0) + s16("g") + bytes(16) + struct.pack(">i", 3)


@pytest.mark.parametrize(
    ("topic", "key", "value", "problem"),
    [
        (
            "__share_group_state",
            struct.pack(">h", 7) + s16("g"),
            b"\x00\x00",
            "Found an unknown record type 7",
        ),
        (
            "__share_group_state",
            SHARE_KEY,
            struct.pack(">h", 1) + b"\x00",
            "Found an unknown record version 1 for 0 type",
        ),
        ("__share_group_state", SHARE_KEY + b"\x00", None, "key: 1 bytes left over after ShareSnapshotKey"),
        ("__share_group_state", None, b"\x00\x00", "missing key"),
        (
            "__share_group_state",
            SHARE_KEY,
            struct.pack(">h", 0) + b"\x00\x01",
            "Could not read record with version 0 from value's buffer due to",
        ),
        ("__consumer_offsets", struct.pack(">h", 18) + s16("g"), None, "Found an unknown record type 18"),
        (
            "__consumer_offsets",
            struct.pack(">h", 3) + s16("g"),
            struct.pack(">h", 0) + struct.pack(">i", 5) + b"\x00" + b"\x09",
            "1 bytes left over after ConsumerGroupMetadataValue",
        ),
        (
            "__remote_log_metadata",
            None,
            uvarint(1) + uvarint(9) + uvarint(0),
            "UnsupportedVersionException: Unknown metadata id 9",
        ),
        (
            "__remote_log_metadata",
            None,
            uvarint(1) + uvarint(2) + uvarint(5),
            "unknown version 5 of RemotePartition",
        ),
        (
            "__remote_log_metadata",
            None,
            uvarint(2) + uvarint(2) + uvarint(0),
            "unknown frame version 2(only frame version 1 is supported)",
        ),
        ("__remote_log_metadata", None, uvarint(1) + uvarint(2) + uvarint(0) + b"\x05", "could not read"),
        ("__remote_log_metadata", None, None, "null value"),
        (
            "__share_group_state",
            struct.pack(">hh", 0, -1) + bytes(16) + struct.pack(">i", 0),
            None,
            "key: non-nullable field groupId was serialized as null",
        ),
        (
            "__transaction_state",
            struct.pack(">h", 0) + s16("tx"),
            struct.pack(">hqhibi", 0, 1, 0, 60000, 1, 1) + s16("t") + struct.pack(">iqq", -1, 0, 0),
            "non-nullable field partitionIds was serialized as null",
        ),
    ],
    ids=[
        "share-type-7",
        "share-value-v1",
        "share-key-leftover",
        "share-no-key",
        "share-truncated",
        "offsets-type-18",
        "offsets-new-type-leftover",
        "remote-api-key-9",
        "remote-version-5",
        "remote-frame-2",
        "remote-truncated",
        "remote-null",
        "share-null-group",
        "txn-null-partition-ids",
    ],
)
def test_unknown_and_broken_records_are_reported_not_raised(
    topic: str, key: bytes | None, value: bytes | None, problem: str
) -> None:
    d = decode_internal(topic, key, value)
    assert d is not None and d.problem is not None
    assert problem in d.problem


def test_truncated_and_flipped_records_are_problems_not_exceptions() -> None:
    """Every prefix of a few records of each topic, and every byte flipped: decoding never raises,
    and a cut record is always reported."""
    for partition in PARTITIONS:
        topic = partition.rsplit("-", 1)[0]
        records = [r for r in kafkaks.read_partition(FIXTURES / partition) if r.value is not None][:4]
        for r in records:
            assert r.value is not None
            for cut in range(len(r.value)):
                d = decode_internal(topic, r.key, r.value[:cut])
                assert d is not None and d.problem is not None, (partition, r.offset, cut)
            if r.key is not None:
                for cut in range(len(r.key)):
                    d = decode_internal(topic, r.key[:cut], r.value)
                    assert d is not None and d.problem is not None, (partition, r.offset, cut)
            for i in range(len(r.value)):
                flipped = r.value[:i] + bytes([r.value[i] ^ 0xFF]) + r.value[i + 1 :]
                d = decode_internal(topic, r.key, flipped)
                assert d is not None
                format_internal(d.kind, r.offset, r.key, flipped, d)  # kafka-dump-log's text too


def _member_value(classic: bytes | None) -> bytes:
    """ConsumerGroupMemberMetadataValue v0 (flexible): null instance and rack ids, client "c" on
    host "h", no topics, no regex, a rebalance timeout, no assignor; tag 0 (classicMemberMetadata)
    holding ``classic`` when given."""
    body = struct.pack(">h", 0) + b"\x00\x00" + uvarint(2) + b"c" + uvarint(2) + b"h" + uvarint(1) + b"\x00"
    body += struct.pack(">i", 5000) + b"\x00"
    if classic is None:
        return body + uvarint(0)
    return body + uvarint(1) + uvarint(0) + uvarint(len(classic)) + classic


def test_a_tagged_structure_is_printed_unless_it_equals_the_empty_one() -> None:
    """FieldSpec.generateNonDefaultValueCheck: classicMemberMetadata (nullable, "default": null in
    the schema, so the empty structure) is printed when it is null or differs from the empty
    structure; Kafka's equals compares unknown tags too, so the empty structure with one differs."""
    key = struct.pack(">h", 5) + s16("g") + s16("m")
    empty = struct.pack(">i", 0) + uvarint(1)  # sessionTimeoutMs 0, no supported protocols
    cases = [
        (None, "absent"),
        (uvarint(0), None),  # an explicit null
        (uvarint(1) + empty + uvarint(0), "absent"),  # the empty structure: the default
        (
            uvarint(1) + empty + uvarint(1) + uvarint(90) + uvarint(1) + b"\x07",
            {"sessionTimeoutMs": 0, "supportedProtocols": []},
        ),
        (
            uvarint(1) + struct.pack(">i", 9) + uvarint(1) + uvarint(0),
            {"sessionTimeoutMs": 9, "supportedProtocols": []},
        ),
    ]
    for classic, expected in cases:
        d = decode_internal("__consumer_offsets", key, _member_value(classic))
        assert d is not None and d.problem is None and d.value is not None, classic
        assert d.value.get("classicMemberMetadata", "absent") == expected, classic
