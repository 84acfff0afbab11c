"""The generated parsers (formats/*.ksy) on real broker-written files, plus one negative test per
``valid:`` and the behaviour on truncated files."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest
from conftest import real_params
from kafka.record.default_records import DefaultRecordBatchBuilder
from kafkaks.generated import (
    kafka_cluster_metadata_log,
    kafka_consumer_offsets_key,
    kafka_consumer_offsets_log,
    kafka_group_metadata_value,
    kafka_metadata_record,
    kafka_offset_commit_value,
    kafka_transaction_log_key,
    kafka_transaction_log_value,
    kafka_transaction_state_log,
)
from kafkaks.generated.kafka_log import KafkaLog
from kafkaks.generated.kafka_message import KafkaMessage
from kafkaks.generated.kafka_offset_index import KafkaOffsetIndex
from kafkaks.generated.kafka_producer_snapshot import KafkaProducerSnapshot
from kafkaks.generated.kafka_record_batch import KafkaRecordBatch
from kafkaks.generated.kafka_time_index import KafkaTimeIndex
from kafkaks.generated.kafka_txn_index import KafkaTxnIndex
from kafkaks.generated.kafka_unsigned_varint import KafkaUnsignedVarint
from kafkaks.generated.kafka_varint import KafkaVarint
from kaitaistruct import (
    BytesIO,
    KaitaiStream,
    ValidationGreaterThanError,
    ValidationNotAnyOfError,
    ValidationNotEqualError,
)

from kafkaks import read_log


def parse(parser: Any, data: bytes) -> Any:
    return parser(KaitaiStream(BytesIO(data)))


def entries_of(log: Any) -> list[Any]:
    """The complete entries of a kafka_log."""
    return [e for e in getattr(log, "entries", None) or [] if e.is_complete]


def leftover_of(log: Any) -> bytes:
    """The bytes after the last complete entry: the `leftover` of the last, incomplete, entry."""
    entries = getattr(log, "entries", None) or []
    return b"" if not entries or entries[-1].is_complete else bytes(entries[-1].leftover)


def v2_batch(num_records: int = 3) -> bytes:
    builder = DefaultRecordBatchBuilder(
        magic=2, compression_type=0, is_transactional=0, producer_id=-1, producer_epoch=-1,
        base_sequence=-1, batch_size=1 << 20,
    )  # fmt: skip
    for i in range(num_records):
        builder.append(
            i, timestamp=1_700_000_000_000 + i, key=b"k%d" % i, value=b"v" * i, headers=[("h", b"x")]
        )
    return bytes(builder.build())


@pytest.mark.parametrize(("path", "info"), real_params("log", "checkpoint", "bin"))
def test_kafka_log_entries_match_the_independent_count(path: Path, info: dict[str, Any]) -> None:
    log = parse(KafkaLog, path.read_bytes())
    trailing = info.get("trailing_bytes", 0)
    # The inspector counts a partial trailing entry once its 17-byte header is there;
    # kafka_log keeps those bytes in the `leftover` of a last, incomplete, entry instead.
    partial = 1 if trailing > 17 else 0
    assert len(entries_of(log)) == info["entries"] - partial
    assert len(log.entries) == len(entries_of(log)) + (1 if trailing else 0)
    assert len(leftover_of(log)) == trailing
    if info.get("magics"):
        assert {e.magic for e in entries_of(log)} == set(info["magics"])


@pytest.mark.parametrize(("path", "info"), real_params("index"))
def test_offset_index_slots(path: Path, info: dict[str, Any]) -> None:
    index = parse(KafkaOffsetIndex, path.read_bytes())
    entries = getattr(index, "entries", [])  # absent in an empty file
    # `entries` stops at the first unused slot; the slots after it are the `leftover` tail.
    assert len(entries) + len(index.leftover) // 8 == info["entries"]
    assert sum(1 for e in entries if e.relative_offset or e.position) == info["nonzero"]
    assert not any(index.leftover)
    assert [e.is_unused for e in entries[:-1]] == [False] * (len(entries) - 1)


@pytest.mark.parametrize(("path", "info"), real_params("timeindex"))
def test_time_index_slots(path: Path, info: dict[str, Any]) -> None:
    index = parse(KafkaTimeIndex, path.read_bytes())
    assert len(getattr(index, "entries", [])) + len(index.leftover) // 12 == info["entries"]
    assert not any(index.leftover)


@pytest.mark.parametrize(
    ("parser", "entry"),
    [(KafkaOffsetIndex, struct.Struct(">ii")), (KafkaTimeIndex, struct.Struct(">qi"))],
    ids=["index", "timeindex"],
)
def test_preallocated_index_stops_at_the_first_unused_slot(parser: Any, entry: struct.Struct) -> None:
    """A preallocated 1 MiB index with three entries: three entries, the first unused slot, and the
    rest as one tail (the Web IDE showed 131,072 zero entries)."""
    used = b"".join(entry.pack(*((n, 4096 * n) if entry.size == 8 else (1000 + n, n))) for n in range(3))
    index = parse(parser, used + bytes((1 << 20) - len(used)))
    assert [e.is_unused for e in index.entries] == [False, False, False, True]
    assert index.entries[-1].relative_offset == 0
    assert len(index.leftover) == (1 << 20) - 4 * entry.size


@pytest.mark.parametrize(("path", "info"), real_params("snapshot"))
def test_producer_snapshot_entries(path: Path, info: dict[str, Any]) -> None:
    snapshot = parse(KafkaProducerSnapshot, path.read_bytes())
    assert snapshot.version == info["version"]
    assert len(snapshot.entries) == snapshot.num_entries == info["entries"]


def test_record_batch_fields_and_records() -> None:
    batch = parse(KafkaRecordBatch, v2_batch())
    assert (batch.base_offset, batch.last_offset, batch.num_records) == (0, 2, 3)
    assert batch.compression == KafkaRecordBatch.CompressionType.none
    assert not batch.is_control and not batch.is_transactional and not batch.has_delete_horizon
    assert [r.key for r in batch.records] == [b"k0", b"k1", b"k2"]
    assert [r.headers[0].key for r in batch.records] == ["h"] * 3
    assert [r.offset_delta.value for r in batch.records] == [0, 1, 2]


@pytest.mark.parametrize(
    ("encoded", "value", "unsigned"),
    [
        (b"\x00", 0, 0),
        (b"\x01", -1, 1),
        (b"\x02", 1, 2),
        (b"\xac\x02", 150, 300),
        (b"\xff\xff\xff\xff\x0f", -(2**31), 2**32 - 1),
        (b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", -(2**63), 2**64 - 1),
    ],
    ids=["zero", "minus-one", "one", "two-groups", "int32-min", "int64-min"],
)
def test_varint(encoded: bytes, value: int, unsigned: int) -> None:
    varint = parse(KafkaVarint, encoded)
    assert (varint.value, varint.value_unsigned) == (value, unsigned)
    assert parse(KafkaUnsignedVarint, encoded).value == unsigned


# One negative test per `valid:` in formats/.


@pytest.mark.parametrize("parser", [KafkaVarint, KafkaUnsignedVarint])
def test_varint_rejects_an_eleventh_group(parser: Any) -> None:
    with pytest.raises(ValidationGreaterThanError):
        parse(parser, b"\xff" * 10 + b"\x01")


def test_record_batch_rejects_another_magic() -> None:
    data = bytearray(v2_batch())
    data[16] = 3
    with pytest.raises(ValidationNotEqualError):
        parse(KafkaRecordBatch, bytes(data))


def test_message_rejects_magic_2() -> None:
    message = struct.pack(">IbbiI", 0, 2, 0, -1, 0)
    with pytest.raises(ValidationNotAnyOfError):
        parse(KafkaMessage, message)


def test_producer_snapshot_rejects_another_version() -> None:
    with pytest.raises(ValidationNotEqualError):
        parse(KafkaProducerSnapshot, struct.pack(">hIi", 2, 0, 0))


# Truncated and padded files stay parseable: what does not form an entry is the `leftover` of a last
# entry that is not `is_complete`.


@pytest.mark.parametrize("cut", [1, 17, 30, 60])
def test_log_with_a_batch_cut_short(cut: int) -> None:
    first, second = v2_batch(2), v2_batch(3)
    log = parse(KafkaLog, first + second[:cut])
    assert len(entries_of(log)) == 1
    assert leftover_of(log) == second[:cut]


def test_log_with_a_zero_filled_tail() -> None:
    batch = v2_batch()
    log = parse(KafkaLog, batch + bytes(4096))
    assert len(entries_of(log)) == 1
    assert leftover_of(log) == bytes(4096)


@pytest.mark.parametrize("data", [b"", b"\x00" * 17, v2_batch()[:40]], ids=["empty", "17-bytes", "partial"])
def test_log_without_a_complete_entry(data: bytes) -> None:
    log = parse(KafkaLog, data)
    assert entries_of(log) == []
    assert leftover_of(log) == data


def test_log_keeps_an_entry_of_unknown_magic_raw() -> None:
    data = bytearray(v2_batch())
    data[16] = 7
    log = parse(KafkaLog, bytes(data))
    assert log.entries[0].body == bytes(data)
    assert log.entries[0].magic == 7


@pytest.mark.parametrize(
    ("parser", "size"),
    [(KafkaOffsetIndex, 8), (KafkaTimeIndex, 12), (KafkaTxnIndex, 34)],
    ids=lambda x: str(x),
)
def test_index_with_a_partial_entry(parser: Any, size: int) -> None:
    index = parse(parser, bytes(size * 2 + 5))
    assert len(index.entries) == 2
    assert len(index.leftover) == 5


def test_truncated_producer_snapshot_fails_to_parse() -> None:
    with pytest.raises(EOFError):
        parse(KafkaProducerSnapshot, struct.pack(">hIi", 1, 0, 2) + bytes(46))


# Whole segments of the internal topics: keys and values decoded in the tree.

INTERNAL_LOGS: dict[str, tuple[Any, Any, Any]] = {
    # topic: (segment spec, key spec, value spec for a key: None when the topic has no key)
    "__consumer_offsets": (
        kafka_consumer_offsets_log.KafkaConsumerOffsetsLog,
        kafka_consumer_offsets_key.KafkaConsumerOffsetsKey,
        lambda key: (
            kafka_offset_commit_value.KafkaOffsetCommitValue
            if key.record_type < 2
            else kafka_group_metadata_value.KafkaGroupMetadataValue
        ),
    ),
    "__transaction_state": (
        kafka_transaction_state_log.KafkaTransactionStateLog,
        kafka_transaction_log_key.KafkaTransactionLogKey,
        lambda key: kafka_transaction_log_value.KafkaTransactionLogValue,
    ),
    "__cluster_metadata": (
        kafka_cluster_metadata_log.KafkaClusterMetadataLog,
        None,
        lambda key: kafka_metadata_record.KafkaMetadataRecord,
    ),
}


def internal_topic_of(path: Path) -> str:
    return "__cluster_metadata" if path.suffix == ".checkpoint" else path.parent.name.rsplit("-", 1)[0]


def fields(value: Any) -> Any:
    """The seq fields of a generated object, recursively, as plain data."""
    if isinstance(value, list):
        return [fields(item) for item in value]
    if hasattr(value, "_io"):
        return {k: fields(v) for k, v in vars(value).items() if not k.startswith("_")}
    return value


INTERNAL_LOG_PARAMS = [
    p
    for p in real_params("log", "checkpoint")
    if not p.values[0] or internal_topic_of(p.values[0]) in INTERNAL_LOGS
]


@pytest.mark.parametrize(("path", "info"), INTERNAL_LOG_PARAMS)
def test_internal_topic_segment_decodes_keys_and_values(path: Path, info: dict[str, Any]) -> None:
    """Each uncompressed record's key and value, as the segment spec decodes them, equal the
    topic's key and value specs applied to the record's bytes as kafkaks.read_log gives them."""
    segment_spec, key_spec, value_spec_for = INTERNAL_LOGS[internal_topic_of(path)]
    segment = parse(segment_spec, path.read_bytes())
    decoded = [
        record
        for entry in getattr(segment, "entries", [])
        if entry.records is not None
        for record in entry.records.records
    ]
    expected = [
        record
        for batch in read_log(path)
        if batch.magic == 2 and batch.compression.value == "none" and not batch.is_control
        for record in batch.records()
    ]
    assert len(decoded) == len(expected)
    for mine, theirs in zip(decoded, expected, strict=True):
        key = None
        if key_spec is not None and theirs.key is not None:
            key = parse(key_spec, theirs.key)
            assert fields(mine.key) == fields(key)
        if theirs.value is None:
            assert not hasattr(mine, "value")
        elif key_spec is None or key is not None:
            assert fields(mine.value) == fields(parse(value_spec_for(key), theirs.value))
