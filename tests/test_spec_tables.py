"""The tables of names, versions and fields that the handwritten layer takes from the specs agree
with the specs, record by record, and with the names Kafka gives; where a spec must keep a copy
of another's table, the copy matches its home."""

from __future__ import annotations

import re
import struct

import pytest
from kafkaks.generated.kafka_consumer_offsets_key import KafkaConsumerOffsetsKey
from kafkaks.generated.kafka_control_record import KafkaControlRecord
from kafkaks.generated.kafka_message import KafkaMessage
from kafkaks.generated.kafka_metadata_record import KafkaMetadataRecord
from kafkaks.generated.kafka_record_batch import KafkaRecordBatch
from kafkaks.generated.metadata_records import METADATA_RECORDS as SPEC_TABLE

from kafkaks.internal_topics import TRANSACTION_STATES, decode_internal
from kafkaks.internal_topics.cluster_metadata import METADATA_RECORDS
from kafkaks.wire.control import decode_control

METADATA_TYPES = list(KafkaMetadataRecord.MetadataRecordType)


def test_legacy_compression_ids_are_those_of_the_record_batch() -> None:
    # kafka_message keeps a copy (kaitai-struct-compiler 0.11 cannot import an enum on a value instance)
    home = {c.value: c.name for c in KafkaRecordBatch.CompressionType}
    assert {c.value: c.name for c in KafkaMessage.CompressionType} == {i: home[i] for i in range(4)}
    assert home[4] == "zstd" and len(home) == 5


def test_metadata_record_types_are_the_spec_enum() -> None:
    assert {t.value: t.name.upper() for t in METADATA_TYPES} == {
        api_key: name for api_key, (name, _, _) in METADATA_RECORDS.items()
    }


def _camel(snake: str) -> str:
    return re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), snake)


def _metadata_value(api_key: int, version: int) -> bytes:
    # frame version 1, type, version (unsigned varints < 128: one byte each), then a body of zeros:
    # numbers 0, null strings and arrays (compact length 0), no tagged fields; what is not read of
    # it is left over.
    return bytes([1, api_key, version]) + bytes(200)


@pytest.mark.parametrize("record_type", METADATA_TYPES, ids=lambda t: t.name)
def test_every_metadata_record_type_and_version_decodes_with_the_fields_of_its_spec(
    record_type: KafkaMetadataRecord.MetadataRecordType,
) -> None:
    name, highest, _ = METADATA_RECORDS[record_type.value]
    for version in range(highest + 1):
        value = _metadata_value(record_type.value, version)
        d = decode_internal(None, None, value, kind="cluster_metadata")
        assert d is not None and d.value is not None, (version, d)
        assert (d.value_type, d.value_version) == (name, version)
        assert d.problem is None or d.problem.startswith("Found ")  # the zeros left over
        # no tag is set: the JSON has the seq fields of this version, in the spec's order
        parsed = KafkaMetadataRecord.from_bytes(value).data
        fields = [
            a
            for a in vars(parsed)
            if not a.startswith(("_", "len_")) and a not in ("version", "tagged_fields")
        ]
        assert list(d.value) == [_camel(a) for a in fields]
    d = decode_internal(None, None, _metadata_value(record_type.value, highest + 1), kind="cluster_metadata")
    assert d is not None and d.value is None
    assert d.problem == f"unknown version {highest + 1} of {name} (Kafka 4.3 reads 0 to {highest})"


# one value of each type that is no tag's default
TAG_VALUES = {
    "tag_int8": b"\x07",
    "tag_int32": (7).to_bytes(4, "big"),
    "string": b"\x02x",
    "int32_array": b"\x02" + (7).to_bytes(4, "big"),
    "uuid_array": b"\x02" + bytes(range(16)),
}


def test_tagged_fields_are_decoded_and_printed_from_their_version() -> None:
    # every tag of the spec, set alone on a record of each version: printed from its first version,
    # refused before it as Kafka's generated reader refuses it ("Tag N is not valid for version V")
    for api_key, (name, highest, fields) in SPEC_TABLE.items():
        for _, json_name, tag, kaitai_type, since, _default in (f for f in fields if f[0] == "tag"):
            for version in range(highest + 1):
                zeros = KafkaMetadataRecord.from_bytes(_metadata_value(api_key, version)).data
                fixed = bytes(zeros._io.pos() - 1)  # the fields before the tagged-field count
                data = TAG_VALUES[kaitai_type]
                value = bytes([1, api_key, version]) + fixed + bytes([1, tag, len(data)]) + data
                d = decode_internal(None, None, value, kind="cluster_metadata")
                assert d is not None
                if version < since:
                    assert d.value is None and d.problem is not None, (name, json_name, d)
                    assert d.problem.endswith(f"Tag {tag} is not valid for version {version}")
                    continue
                assert d.problem is None and d.value is not None, (name, json_name, d)
                assert json_name in d.value, (name, json_name, version)


def test_transaction_states_are_kafkas() -> None:
    assert list(TRANSACTION_STATES.values()) == [  # TransactionState.scala
        "Empty", "Ongoing", "PrepareCommit", "PrepareAbort", "CompleteCommit", "CompleteAbort", "Dead",
        "PrepareEpochFence",
    ]  # fmt: skip


@pytest.mark.parametrize("control_type", list(KafkaControlRecord.ControlType), ids=lambda t: t.name)
def test_control_record_types_are_named_as_in_the_spec(control_type: KafkaControlRecord.ControlType) -> None:
    record = decode_control(struct.pack(">hh", 0, control_type.value), None)
    assert (record.type, record.type_id) == (control_type.name.upper(), control_type.value)


def test_control_record_types_are_kafkas() -> None:
    assert [t.name.upper() for t in KafkaControlRecord.ControlType] == [  # ControlRecordType.java
        "ABORT", "COMMIT", "LEADER_CHANGE", "SNAPSHOT_HEADER", "SNAPSHOT_FOOTER", "KRAFT_VERSION",
        "KRAFT_VOTERS",
    ]  # fmt: skip


@pytest.mark.parametrize("record_type", list(KafkaConsumerOffsetsKey.RecordType), ids=lambda t: t.name)
def test_consumer_offsets_record_types(record_type: KafkaConsumerOffsetsKey.RecordType) -> None:
    key = struct.pack(">hhh", record_type.value, 0, 0) + struct.pack(">i", 0)
    d = decode_internal("__consumer_offsets", key, None)
    assert d is not None and d.key_type == record_type.value
    # Every type the spec names has its key decoded: OffsetCommitKey (0, 1), GroupMetadataKey (2),
    # and the Kafka 4.x group records (their keys start with the group id too).
    assert d.key is not None and d.tombstone
    assert d.key.get("group", d.key.get("groupId")) == ""
