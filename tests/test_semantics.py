"""Each format rule the reader must get right, on batches made with kafka-python's builders.

Where a broker rewrites what a client wrote (LogAppendTime, control batches, compaction), the
test applies the same rewrite to a builder-made batch and recomputes the checksum as the broker
does; the expected values come from the builder's inputs, not from kafkaks.
"""

from __future__ import annotations

import struct
import warnings
import zlib
from pathlib import Path

import crc32c
import pytest
from conftest import FIXTURES
from kafka.record.default_records import DefaultRecordBatchBuilder
from kafka.record.legacy_records import LegacyRecordBatchBuilder

from kafkaks import (
    CorruptDataError,
    DecompressionLimitError,
    KafkaksWarning,
    Problem,
    read_log,
    read_offset_index,
    read_partition,
)

GZIP, SNAPPY, LZ4, ZSTD = 1, 2, 3, 4
T0 = 1_700_000_000_000


def v2(
    offsets: list[int],
    *,
    base_offset: int = 0,
    codec: int = 0,
    producer: tuple[int, int, int] = (-1, -1, -1),
    transactional: bool = False,
) -> bytes:
    builder = DefaultRecordBatchBuilder(
        magic=2, compression_type=codec, is_transactional=transactional, producer_id=producer[0],
        producer_epoch=producer[1], base_sequence=producer[2], batch_size=1 << 20,
    )  # fmt: skip
    for delta in offsets:
        builder.append(delta, timestamp=T0 + delta, key=b"k%d" % delta, value=b"v%d" % delta, headers=[])
    data = bytearray(builder.build())
    struct.pack_into(">q", data, 0, base_offset)
    return bytes(data)


def rewrite_v2(data: bytes, *, attributes: int | None = None, max_timestamp: int | None = None) -> bytes:
    """What a broker does to a batch header: new attributes or max timestamp, new CRC-32C."""
    out = bytearray(data)
    if attributes is not None:
        struct.pack_into(">h", out, 21, attributes)
    if max_timestamp is not None:
        struct.pack_into(">q", out, 35, max_timestamp)
    struct.pack_into(">I", out, 17, crc32c.crc32c(bytes(out[21:])))
    return bytes(out)


def legacy(magic: int, offsets: list[int], *, codec: int = 0, wrapper_offset: int | None = None) -> bytes:
    builder = LegacyRecordBatchBuilder(magic=magic, compression_type=codec, batch_size=1 << 20)
    for offset in offsets:
        builder.append(offset, timestamp=T0 + offset if magic else None, key=b"k", value=b"v%d" % offset)
    data = bytearray(builder.build())
    if wrapper_offset is not None:
        struct.pack_into(">q", data, 0, wrapper_offset)
    return bytes(data)


def records(data: bytes) -> list[tuple[int, int, bytes | None]]:
    return [(r.offset, r.timestamp, r.value) for b in read_log(data) for r in b.records()]


def test_v2_crc_covers_attributes_to_the_end_but_not_the_leader_epoch() -> None:
    data = bytearray(v2([0, 1]))
    data[12] ^= 0xFF  # partitionLeaderEpoch, rewritten by brokers without a new CRC
    assert next(read_log(bytes(data))).crc_valid
    data[-1] ^= 0x01
    with pytest.raises(CorruptDataError, match="CRC-32C mismatch"):
        list(read_log(bytes(data)))


def test_legacy_crc_is_crc32_from_magic_to_the_end() -> None:
    data = legacy(1, [0])
    batch = next(read_log(data))
    assert batch.crc_valid and batch.crc == zlib.crc32(data[16:])


def test_v2_log_append_time_takes_the_max_timestamp() -> None:
    data = rewrite_v2(v2([0, 1, 2]), attributes=0x08, max_timestamp=T0 + 99)
    assert [t for _, t, _ in records(data)] == [T0 + 99] * 3


def test_v1_log_append_time_wrapper_gives_its_timestamp_to_inner_messages() -> None:
    data = bytearray(legacy(1, [0, 1], codec=GZIP))
    # The wrapper message starts at 12: crc(4) magic(1) attributes(1) timestamp(8).
    data[17] |= 0x08
    struct.pack_into(">q", data, 18, T0 + 500)
    struct.pack_into(">I", data, 12, zlib.crc32(bytes(data[16:])))
    assert [t for _, t, _ in records(bytes(data))] == [T0 + 500] * 2


@pytest.mark.parametrize("codec", [GZIP, SNAPPY, LZ4], ids=["gzip", "snappy", "lz4"])
def test_v1_inner_offsets_are_relative_to_the_wrapper_and_keep_gaps(codec: int) -> None:
    # The builder writes relative inner offsets 0, 2, 5 (a compacted set) and the wrapper offset 5.
    data = legacy(1, [0, 2, 5], codec=codec, wrapper_offset=105)
    assert [o for o, _, _ in records(data)] == [100, 102, 105]


def test_v1_wrapper_offset_zero_keeps_inner_offsets() -> None:
    data = legacy(1, [3, 4], codec=GZIP, wrapper_offset=0)
    assert [o for o, _, _ in records(data)] == [3, 4]


@pytest.mark.parametrize("codec", [GZIP, SNAPPY, LZ4], ids=["gzip", "snappy", "lz4-broken-checksum"])
def test_v0_inner_offsets_are_absolute(codec: int) -> None:
    data = legacy(0, [7, 8, 9], codec=codec, wrapper_offset=9)
    assert records(data) == [(7, -1, b"v7"), (8, -1, b"v8"), (9, -1, b"v9")]


@pytest.mark.parametrize("codec", [GZIP, SNAPPY, LZ4, ZSTD], ids=["gzip", "snappy", "lz4", "zstd"])
def test_v2_codecs(codec: int) -> None:
    data = v2(list(range(50)), base_offset=1000, codec=codec)
    assert records(data) == [(1000 + i, T0 + i, b"v%d" % i) for i in range(50)]


def test_zstd_is_rejected_in_legacy_messages() -> None:
    data = bytearray(legacy(1, [0]))
    data[17] = ZSTD
    struct.pack_into(">I", data, 12, zlib.crc32(bytes(data[16:])))
    with pytest.raises(CorruptDataError, match="compression type id: 4"):
        list(read_log(bytes(data)))


def test_empty_batch_left_by_the_cleaner() -> None:
    header = struct.pack(">qiibIhiqqqhii", 41, 49, 0, 2, 0, 0, 2, -1, T0, 7, 0, 10, 0)
    data = rewrite_v2(header)
    batch = next(read_log(data))
    assert (batch.base_offset, batch.last_offset, batch.count, batch.last_sequence) == (41, 43, 0, 12)
    assert list(batch.records()) == []


def test_sequence_numbers_wrap() -> None:
    data = v2([0, 1, 2], producer=(5, 0, 2**31 - 2))
    batch = next(read_log(data))
    assert [r.sequence for r in batch.records()] == [2**31 - 2, 2**31 - 1, 0]
    assert batch.last_sequence == 0


def test_a_partial_batch_at_the_end_is_reported_not_fatal() -> None:
    data = v2([0]) + v2([0, 1], base_offset=1)[:30]
    with pytest.warns(KafkaksWarning, match="30 invalid bytes"):
        assert len(list(read_log(data))) == 1
    problems: list[Problem] = []
    assert len(list(read_log(data, on_problem=problems.append))) == 1
    assert [(p.kind, p.position, p.length) for p in problems] == [("truncated", len(v2([0])), 30)]


def test_a_zero_filled_tail_is_reported_not_fatal() -> None:
    problems: list[Problem] = []
    assert len(list(read_log(v2([0]) + bytes(4096), on_problem=problems.append))) == 1
    assert [(p.kind, p.length) for p in problems] == [("zero_tail", 4096)]


def test_a_zero_filled_index_tail_is_not_read(tmp_path: Path) -> None:
    index = tmp_path / "00000000000000000100.index"
    index.write_bytes(struct.pack(">iiii", 0, 0, 5, 4096) + bytes(10 * 1024 * 1024))
    assert [(e.offset, e.position) for e in read_offset_index(index)] == [(100, 0), (105, 4096)]


def test_a_broken_length_is_skipped_to_the_next_valid_batch() -> None:
    first, second, third = v2([0]), v2([0], base_offset=1), v2([0], base_offset=2)
    data = bytearray(first + second + third)
    struct.pack_into(">i", data, len(first) + 8, 5)  # below the 14-byte minimum
    problems: list[Problem] = []
    assert [b.base_offset for b in read_log(bytes(data), on_problem=problems.append)] == [0, 2]
    assert [(p.kind, p.position, p.length) for p in problems] == [("corrupt_batch", len(first), len(second))]
    with pytest.raises(CorruptDataError, match=f"position {len(first)}, offset 1: Found record size 5"):
        list(read_log(bytes(data)))


def test_a_length_grown_over_the_next_batches_does_not_swallow_them() -> None:
    """A flipped length bit that makes a batch claim its successors: the CRC no longer matches,
    so the claimed length is not trusted, and the batches inside it are found and yielded."""
    first, second, third, fourth = (v2([0], base_offset=n) for n in range(4))
    data = bytearray(first + second + third + fourth)
    struct.pack_into(">i", data, 8, len(first) - 12 + len(second) + len(third))  # first swallows two
    problems: list[Problem] = []
    batches = list(read_log(bytes(data), on_problem=problems.append))
    assert [b.data for b in batches] == [second, third, fourth]
    assert [(p.kind, p.position, p.length) for p in problems] == [("corrupt_batch", 0, len(first))]
    assert "its length is damaged" in problems[0].message


def test_a_crc_mismatch_with_the_right_length_is_still_yielded() -> None:
    first, second = v2([0]), v2([0], base_offset=1)
    data = bytearray(first + second)
    data[len(first) - 1] ^= 0x01  # last byte of the first batch's records
    problems: list[Problem] = []
    batches = list(read_log(bytes(data), on_problem=problems.append))
    assert [b.data for b in batches] == [bytes(data[: len(first)]), second]
    assert [(p.kind, p.position) for p in problems] == [("crc_mismatch", 0)]


def test_decompression_is_capped() -> None:
    builder = DefaultRecordBatchBuilder(2, GZIP, 0, -1, -1, -1, 1 << 30)
    builder.append(0, timestamp=T0, key=None, value=bytes(5 << 20), headers=[])
    batch = next(read_log(bytes(builder.build()), max_decompressed_bytes=1 << 20))
    with pytest.raises(DecompressionLimitError, match="position 0, offset 0"):
        list(batch.records())


def control_batch(offset: int, producer_id: int, marker_type: int) -> bytes:
    builder = DefaultRecordBatchBuilder(2, 0, True, producer_id, 0, -1, 1 << 20)
    builder.append(
        0, timestamp=T0, key=struct.pack(">hh", 0, marker_type), value=struct.pack(">hi", 0, 3), headers=[]
    )
    data = bytearray(builder.build())
    struct.pack_into(">q", data, 0, offset)
    return rewrite_v2(bytes(data), attributes=0x30)


def test_read_committed_drops_aborted_transactions_and_control_records(tmp_path: Path) -> None:
    partition = tmp_path / "payments-3"
    partition.mkdir()
    txn = {"transactional": True}
    log = b"".join(
        [
            v2([0, 1], base_offset=0, producer=(10, 0, 0), **txn),  # committed below
            v2([0], base_offset=2, producer=(20, 0, 0), **txn),  # aborted below
            v2([0], base_offset=3),  # not transactional
            control_batch(4, 10, 1),  # COMMIT producer 10
            v2([0], base_offset=5, producer=(20, 0, 1), **txn),  # aborted below
            control_batch(6, 20, 0),  # ABORT producer 20
            v2([0], base_offset=7),
            v2([0], base_offset=8, producer=(30, 0, 0), **txn),  # open: no marker
            v2([0], base_offset=9),
        ]
    )
    (partition / "00000000000000000000.log").write_bytes(log)
    everything = list(read_partition(partition))
    assert [r.offset for r in everything] == list(range(10))
    assert [r.control.type for r in everything if r.control] == ["COMMIT", "ABORT"]
    assert {(r.topic, r.partition) for r in everything} == {("payments", 3)}
    problems: list[Problem] = []
    committed = list(read_partition(partition, isolation="read_committed", on_problem=problems.append))
    assert [r.offset for r in committed] == [0, 1, 3, 7]
    assert [(p.kind, p.offset) for p in problems] == [("open_transaction", 8)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        list(read_partition(partition, isolation="read_committed"))
    assert [type(w.message) for w in caught] == [KafkaksWarning]


def test_read_committed_on_the_client_made_log_dir() -> None:
    # tests/fixtures/README.md: 0-1 plain; 2-3, 7 txn A committed by 13; 4-6, 8-9 txn B aborted
    # by 10; 11-12 idempotent; 14-15 plain. The .txnindex lists B as (4, 10).
    partition = FIXTURES / "logdir/txn-topic-0"
    committed = [r.offset for r in read_partition(partition, isolation="read_committed")]
    assert committed == [0, 1, 2, 3, 7, 11, 12, 14, 15]


def test_read_committed_uses_the_txnindex_when_the_marker_is_gone(tmp_path: Path) -> None:
    partition = tmp_path / "payments-0"
    partition.mkdir()
    log = v2([0], producer=(20, 0, 0), transactional=True) + v2([0], base_offset=1)
    (partition / "00000000000000000000.log").write_bytes(log)
    without_index = [
        r.offset for r in read_partition(partition, isolation="read_committed", on_problem=print)
    ]
    assert without_index == []  # an open transaction from offset 0: nothing is stable yet
    (partition / "00000000000000000000.txnindex").write_bytes(struct.pack(">hqqqq", 0, 20, 0, 0, 0))
    assert [r.offset for r in read_partition(partition, isolation="read_committed")] == [1]
