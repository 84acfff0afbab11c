"""read_arrow: the rows and columns of Spark's Kafka source, equal to what the record API reads."""

from __future__ import annotations

import datetime
import struct
import threading
from pathlib import Path
from typing import Any

import crc32c
import pyarrow as pa
import pytest
from conftest import FIXTURES, real_params
from kafka.record.default_records import DefaultRecordBatchBuilder

import kafkaks.arrow
import kafkaks.wire.codecs
from kafkaks import KafkaksError, Problem, read_arrow, read_log, read_partition, spark_schema

LOGDIR = FIXTURES / "logdir"
UTC = datetime.UTC


def rows(batches: list[pa.RecordBatch]) -> list[dict[str, Any]]:
    return pa.Table.from_batches(batches).to_pylist() if batches else []


def expected_row(record: Any, batch: Any) -> dict[str, Any]:
    """One row as Spark's Kafka source would give it, built from the record API."""
    return {
        "key": record.key,
        "value": record.value,
        "topic": record.topic,
        "partition": record.partition,
        "offset": record.offset,
        "timestamp": datetime.datetime(1970, 1, 1, tzinfo=UTC)
        + datetime.timedelta(milliseconds=record.timestamp),
        "timestampType": {"NoTimestampType": -1, "CreateTime": 0, "LogAppendTime": 1}[
            record.timestamp_type.value
        ],
        "headers": [{"key": k, "value": v} for k, v in record.headers] or None,
        "segment": batch.path,
        "position": batch.position,
        "batchBaseOffset": batch.base_offset,
        "producerId": batch.producer_id,
        "producerEpoch": batch.producer_epoch,
        "sequence": record.sequence,
        "isTransactional": batch.is_transactional,
        "isControl": batch.is_control,
        "leaderEpoch": batch.partition_leader_epoch,
        "compression": batch.compression.value,
        "crcValid": batch.crc_valid,
    }


@pytest.mark.parametrize("path, info", real_params("log", "checkpoint"))
def test_every_real_segment_gives_the_rows_of_the_record_api(path: Path, info: dict[str, Any]) -> None:
    problems: list[Problem] = []
    got = rows(
        list(
            read_arrow(
                path,
                include_headers=True,
                include_metadata=True,
                include_control=True,
                on_problem=problems.append,
                rows_per_batch=1000,
            )
        )
    )
    expected = [
        expected_row(record, batch)
        for batch in read_log(path, on_problem=lambda _: None)
        for record in batch.records()
    ]
    assert got == expected
    if info["magics"] == [2]:  # VERIFIED.json counts the records of v2 batches
        assert len(got) == info["records"]


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, id=p.parent.name) for p in sorted((FIXTURES / "segments").rglob("*.log"))],
)
@pytest.mark.parametrize("rows_per_batch", [1, 7, 65_536])
def test_client_made_segments_give_the_rows_of_the_record_api(path: Path, rows_per_batch: int) -> None:
    """v0, v1 and v2 batches mixed in one Arrow batch, runs of v2 batches decoded column-wise."""
    got = rows(
        list(
            read_arrow(
                path,
                include_headers=True,
                include_metadata=True,
                include_control=True,
                rows_per_batch=rows_per_batch,
            )
        )
    )
    expected = [expected_row(record, batch) for batch in read_log(path) for record in batch.records()]
    assert got == expected


def test_schema_is_spark_kafka_source_then_headers_then_metadata() -> None:
    names = ["key", "value", "topic", "partition", "offset", "timestamp", "timestampType"]
    assert spark_schema().names == names
    assert spark_schema(include_headers=True).names == [*names, "headers"]
    full = spark_schema(include_headers=True, include_metadata=True)
    assert full.names[: len(names) + 1] == [*names, "headers"]
    assert full.field("timestamp").type == pa.timestamp("us", tz="UTC")
    assert full.field("partition").type == pa.int32()
    assert full.field("headers").type.value_type.field("value").type == pa.binary()


def test_a_log_dir_is_read_partition_by_partition_without_control_records() -> None:
    batches = list(read_arrow(LOGDIR))
    assert all(batch.schema == spark_schema() for batch in batches)
    got = [(row["topic"], row["partition"], row["offset"]) for row in rows(batches)]
    expected = [
        (record.topic, record.partition, record.offset)
        for directory in sorted(
            (d for d in LOGDIR.iterdir() if d.is_dir()),
            key=lambda d: (d.name.rsplit("-", 1)[0], int(d.name.rsplit("-", 1)[1])),
        )
        for record in read_partition(directory)
        if record.control is None
    ]
    assert got == expected
    assert {t for t, _, _ in got} == {"orders", "txn-topic"}


def test_read_committed_matches_the_record_api() -> None:
    partition = LOGDIR / "txn-topic-0"
    got = [row["offset"] for row in rows(list(read_arrow(partition, isolation="read_committed")))]
    assert got == [r.offset for r in read_partition(partition, isolation="read_committed")]
    assert got == [0, 1, 2, 3, 7, 11, 12, 14, 15]


def test_headers_are_null_not_empty_without_headers() -> None:
    table = pa.Table.from_batches(list(read_arrow(LOGDIR / "orders-0", include_headers=True)))
    headers = table.column("headers").to_pylist()
    assert None in headers
    assert [] not in headers


def test_rows_per_batch_bounds_each_arrow_batch() -> None:
    batches = list(read_arrow(LOGDIR / "orders-0", rows_per_batch=3))
    total = sum(batch.num_rows for batch in batches)
    assert total == sum(1 for r in read_partition(LOGDIR / "orders-0") if r.control is None)
    # A Kafka batch is never split, so an Arrow batch may pass the bound by less than one Kafka batch.
    assert len(batches) > 1


def test_isolation_needs_a_directory() -> None:
    segment = next((LOGDIR / "txn-topic-0").glob("*.log"))
    with pytest.raises(ValueError, match="needs a partition or log directory"):
        list(read_arrow(segment, isolation="read_committed"))


def gzip_log(directory: Path, *, broken: int | None = None, fix_crc: bool = True) -> tuple[Path, int]:
    """40 gzip batches of 5 records from kafka-python's builder; batch ``broken`` (if any) has a
    damaged compressed payload, its CRC made right again unless not ``fix_crc``. Returns the
    segment and the broken batch's position."""
    directory.mkdir()
    batches = []
    for base in range(0, 40 * 5, 5):
        builder = DefaultRecordBatchBuilder(2, 1, False, -1, -1, -1, 1 << 30)
        for delta in range(5):
            builder.append(delta, 1000 + base + delta, b"k%d" % (base + delta), b"v" * 300, [("h", b"x")])
        data = bytearray(builder.build())
        struct.pack_into(">q", data, 0, base)
        batches.append(data)
    if broken is not None:
        batches[broken][-12] ^= 0xFF  # inside the deflate stream or its CRC
        if fix_crc:
            struct.pack_into(">I", batches[broken], 17, crc32c.crc32c(bytes(batches[broken][21:])))
    path = directory / "00000000000000000000.log"
    path.write_bytes(b"".join(batches))
    return path, sum(map(len, batches[:broken]))


def gzip_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """gzip batches decompressed one by one (by ISA-L), not in runs by the core (libdeflate or zlib)."""
    in_one_call = kafkaks.arrow.in_one_call
    monkeypatch.setattr(
        kafkaks.arrow, "in_one_call", lambda codec, size: codec != "gzip" and in_one_call(codec, size)
    )


@pytest.mark.parametrize("one_call", [True, False], ids=["core-one-call", "isal-in-threads"])
@pytest.mark.parametrize("threads", [1, 3])
def test_decompression_threads_change_nothing_but_speed(
    tmp_path: Path, threads: int, one_call: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not one_call:  # these small gzip batches one by one, by ISA-L in the threads
        gzip_one_by_one(monkeypatch)
    path, _ = gzip_log(tmp_path / "t-0")
    options: dict[str, Any] = {"include_headers": True, "include_metadata": True}
    expected = rows(list(read_arrow(path, threads=0, **options)))
    batches = list(read_arrow(path, threads=threads, rows_per_batch=12, **options))
    assert len(batches) == 14  # three Kafka batches (15 rows) an Arrow batch
    assert rows(batches) == expected
    assert len(expected) == 200


def test_batches_decompressed_one_by_one_stay_on_one_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With several threads, the batches decompressed one at a time (here gzip by ISA-L) all go to
    one of them: spread over threads, their buffers came from as many allocator arenas and faulted
    in fresh pages again and again."""
    gzip_one_by_one(monkeypatch)
    names: set[str] = set()
    decompress = kafkaks.arrow.decompress

    def recorded(*args: Any, **kwargs: Any) -> bytes:
        names.add(threading.current_thread().name)
        return decompress(*args, **kwargs)

    monkeypatch.setattr(kafkaks.arrow, "decompress", recorded)
    path, _ = gzip_log(tmp_path / "t-0")
    assert len(rows(list(read_arrow(path, threads=3, rows_per_batch=12)))) == 200
    assert len(names) == 1 and names.pop().startswith("kafkaks-decompress-one-by-one")


@pytest.mark.parametrize("threads", [0, 1])
@pytest.mark.parametrize("fix_crc", [True, False], ids=["payload", "crc"])
def test_a_broken_batch_fails_after_the_rows_before_it(tmp_path: Path, threads: int, fix_crc: bool) -> None:
    """With threads, the next Arrow batch is read and decompressed ahead; its failure (a payload
    that does not decompress, or a CRC mismatch raised by read_log) still comes in log order."""
    path, position = gzip_log(tmp_path / "t-0", broken=30, fix_crc=fix_crc)
    got: list[pa.RecordBatch] = []
    with pytest.raises(KafkaksError) as error:
        got.extend(read_arrow(path, rows_per_batch=50, threads=threads))
    assert (error.value.path, error.value.position) == (str(path), position)
    assert ("gzip" in str(error.value)) is fix_crc
    assert [row["offset"] for row in rows(got)] == list(range(150))


def test_closing_early_stops_the_decompression_threads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gzip_one_by_one(monkeypatch)  # ISA-L, in the threads
    path, _ = gzip_log(tmp_path / "t-0")
    before = threading.active_count()
    reader = read_arrow(path, rows_per_batch=5, threads=2)
    assert next(reader).num_rows == 5
    assert threading.active_count() > before
    reader.close()
    assert threading.active_count() == before


def test_an_arrow_batch_is_bounded_by_stored_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Big records: an Arrow batch closes at CHUNK_BYTES of Kafka batches before rows_per_batch."""
    path, _ = gzip_log(tmp_path / "t-0")
    monkeypatch.setattr(kafkaks.arrow, "CHUNK_BYTES", 1)
    assert [batch.num_rows for batch in read_arrow(path)] == [5] * 40


@pytest.mark.parametrize("threads", [0, 1])
def test_a_batch_of_more_than_rows_per_batch_is_cut_into_pieces(tmp_path: Path, threads: int) -> None:
    """A Kafka batch of 1000 records read with rows_per_batch=64: Arrow batches of at most 64
    rows, the same rows as the record API (offsets, sequences, headers, metadata)."""
    builder = DefaultRecordBatchBuilder(2, 4, 0, 7, 1, 100, 1 << 30)  # zstd, idempotent producer
    for delta in range(1000):
        builder.append(delta, 1000 + delta, b"k%d" % delta, b"v" * (delta % 300), [("h", b"%d" % delta)])
    small = DefaultRecordBatchBuilder(2, 0, 0, 7, 1, 1100, 1 << 30)
    small.append(0, 5000, None, b"after", [])
    data = bytearray(builder.build()) + bytearray(small.build())
    struct.pack_into(">q", data, len(data) - len(small.build()), 1000)
    path = tmp_path / "t-0" / "00000000000000000000.log"
    path.parent.mkdir()
    path.write_bytes(bytes(data))
    options: dict[str, Any] = {"include_headers": True, "include_metadata": True, "threads": threads}
    got = list(read_arrow(path, rows_per_batch=64, **options))
    assert max(batch.num_rows for batch in got) <= 64
    expected = [expected_row(record, batch) for batch in read_log(path) for record in batch.records()]
    assert rows(got) == expected and len(expected) == 1001
