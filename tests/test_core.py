"""The compiled core (kafkaks/wire/_core.c) against the record decoder (the readable reference,
kafkaks.wire.records.decode_records) and kafka-python's reader: on batches from kafka-python's
builder of 1, 10 and 500 records, on every real segment, on the fixtures through read_arrow, and
on corrupted record areas, where both decoders give the same records or both an error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from conftest import FIXTURES, real_params
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kafka.record.default_records import DefaultRecordBatch, DefaultRecordBatchBuilder
from kafkaks.generated.layout import RecordBatchHeader
from test_columnar import BLOBS, HEADER_KEYS, SEVERAL, Row, damaged_runs, rows_of, v2_data_batches

from kafkaks import CorruptDataError, KafkaksError, read_arrow
from kafkaks.store import segment
from kafkaks.wire import records
from kafkaks.wire.arrays import HEADERS
from kafkaks.wire.columnar import RecordColumns, decode_columns
from kafkaks.wire.records import MISPLACED_END, decode_records

pytest.importorskip("kafkaks.wire._core", reason="the compiled core is not built")

BASE_TIMESTAMP = 10**12
Outcome = list[Row] | tuple[str, str]


def outcome(decode: Any, payloads: list[bytes], counts: list[int], with_headers: bool = True) -> Outcome:
    """The rows, or the error's class and message."""
    try:
        columns: RecordColumns = decode(payloads, counts, with_headers=with_headers)
    except KafkaksError as exc:
        return type(exc).__name__, exc.reason
    if with_headers:
        assert columns.headers is not None and columns.headers.type == HEADERS
    for column in (columns.key, columns.value):
        assert column.type == pa.binary()
        column.validate(full=True)
    if columns.headers is None:
        columns = columns._replace(headers=pa.nulls(len(columns.key), HEADERS))
    return rows_of(columns)


def both(payloads: list[bytes], counts: list[int], with_headers: bool = True) -> Outcome:
    """The core's outcome, checked against the record decoder's, batch by batch: the same rows, or
    both an error (the first of several faults may differ); the core alone rejects values beyond
    int64, which Arrow columns cannot hold."""
    core = outcome(decode_columns, payloads, counts, with_headers)
    try:
        reference = [
            (ts, od, k, v, h if with_headers else [])
            for p, c in zip(payloads, counts, strict=True)
            for ts, od, k, v, h in decode_records(p, c)
        ]
    except KafkaksError:
        assert isinstance(core, tuple) and core[0] == "CorruptDataError"
        return core
    if isinstance(core, tuple):
        assert core[0] == "CorruptDataError" and "64" in core[1]
    else:
        assert core == reference
    return core


def built(records: list[Any]) -> bytes:
    """A whole batch from kafka-python's builder."""
    builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 30)
    for delta, (timestamp, key, value, headers) in enumerate(records):
        builder.append(delta, BASE_TIMESTAMP + timestamp, key, value, list(headers))
    return bytes(builder.build())


def kafka_python_rows(batch: bytes) -> list[Row]:
    """What kafka-python's reader makes of a batch (its deltas taken back off the batch's bases)."""
    reader = DefaultRecordBatch(batch)
    return [
        (r.timestamp - reader.first_timestamp, r.offset - reader.base_offset, r.key, r.value,
         [(k, v) for k, v in r.headers])
        for r in reader
    ]  # fmt: skip


def record(size: int) -> Any:
    headers = st.lists(st.tuples(HEADER_KEYS, BLOBS), max_size=3)
    return st.lists(
        st.tuples(st.integers(-(2**40), 2**40), BLOBS, BLOBS, headers), min_size=size, max_size=size
    )


@pytest.mark.parametrize("size", [1, 10, pytest.param(500, marks=pytest.mark.slow)])
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(data=st.data())
def test_batches_of_1_10_and_500_records(size: int, data: st.DataObject) -> None:
    # A batch of 500 is 50 drawn records ten times over (in the order drawn, each time), so that
    # Hypothesis draws a tenth of the data: drawing 1,500 records an example took minutes.
    distinct = min(size, 50)
    batches = [
        built(data.draw(record(distinct)) * (size // distinct))
        for _ in range(data.draw(st.integers(1, 3 if size == 500 else 12)))
    ]
    payloads, counts = [b[61:] for b in batches], [size] * len(batches)
    expected = [row for batch in batches for row in kafka_python_rows(batch)]
    assert both(payloads, counts) == expected
    assert expected == [
        (ts, od, k, v, h)
        for p, c in zip(payloads, counts, strict=True)
        for ts, od, k, v, h in decode_records(p, c)
    ]
    assert both(payloads, counts, with_headers=False) == [(*row[:4], []) for row in expected]


@pytest.mark.parametrize("path, info", real_params("log", "checkpoint", "bin"))
def test_every_real_segment(path: Path, info: dict[str, Any]) -> None:
    batches = v2_data_batches(path)
    if batches:
        both([p for p, _ in batches], [c for _, c in batches])


def test_read_arrow_is_the_same_from_scanned_runs_and_from_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core decodes scanned runs in place (decode_spans) and batches read the careful way
    (decode_columns over their record areas): the same table."""
    logdir = FIXTURES / "logdir"
    options: dict[str, Any] = {"include_headers": True, "include_metadata": True, "include_control": True}
    from_runs = pa.Table.from_batches(list(read_arrow(logdir, **options)))
    monkeypatch.setattr(segment, "compiled_scan", None)
    assert pa.Table.from_batches(list(read_arrow(logdir, **options))).equals(from_runs)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_runs())
def test_corrupted_areas_give_the_same_result_or_error(run: tuple[list[tuple[bytes, int]], int]) -> None:
    areas, victim = run
    both([p for p, _ in areas], [c for _, c in areas])
    both([areas[victim][0]], [areas[victim][1]])


ONE = b"\x0c\x00\x00\x00\x01\x01\x00"  # a record of 6 bytes: no key, no value, no headers


@pytest.mark.parametrize(
    "payload, count, reason",
    [
        (ONE, -1, "Found invalid record count -1 in magic v2 batch"),
        (ONE, 2**31 - 1, "record count cannot fit in the batch's bytes"),
        (ONE, 0, MISPLACED_END),
        (b"", 1, "Incorrect declared batch size, premature EOF reached"),
        (ONE[:-1], 1, None),  # truncated
        (ONE + ONE[:-1], 2, None),
        (b"\x0e" + ONE[1:] + b"\x00", 1, None),  # a length one byte too long
        (b"\x0a" + ONE[1:], 1, None),  # ... too short
        (b"\x0b" + ONE[1:], 1, None),  # ... negative
        (b"\xff" * 20, 1, None),  # an endless varint
        (b"\x0c\x00\xff\x00\x01\x01\x00", 1, None),  # a varint running over the record
        (b"\x0c\x00\x00\x00\x01\x01\x01", 1, None),  # a negative header count
        (b"\x0c\x00\x00\x00\x01\x01\x7e", 1, None),  # a huge one
        (b"\x10\x00\x00\x00\x01\x01\x02\x01\x00", 1, None),  # a negative header key length
        (b"\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x7f" + bytes(12), 2, None),  # a length near 2^63
        (b"\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x02" + bytes(12), 2, None),  # a length past 2^64
        (b"\x14\x00\x00\x00\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x7f\x01\x00", 1, None),  # such a key
        (b"\x14\x00\x00\x00\x01\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x7f\x00", 1, None),  # a value
        (b"\x14\x00\x00\x00\x01\x01\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x7f", 1, None),  # header count
        (b"\x16\x00\x00\x00\x01\x01\x02\x7e\x00", 1, None),  # a header key past the record
        (b"\x10\x00\x00\x00\x01\x01\x02\x00\x7e", 1, None),  # a header value past the record
    ],
)
def test_named_corruptions_raise_the_same_error(payload: bytes, count: int, reason: str | None) -> None:
    for copies in (1, SEVERAL):
        got = both([payload] * copies, [count] * copies)
        assert isinstance(got, tuple) and got[0] == "CorruptDataError"
        if reason is not None:
            assert got[1] == reason
    with pytest.raises(KafkaksError):
        list(decode_records(payload, count))


def test_no_records_and_nulls() -> None:
    assert both([], []) == [] and both([b"", b""], [0, 0]) == []
    null_value = b"\x0c\x00\x02\x04\x01\x01\x00"  # timestamp delta 1, offset delta 2
    assert both([null_value, ONE], [1, 1]) == [(1, 2, None, None, []), (0, 0, None, None, [])]


def test_the_core_rejects_what_is_not_a_payload_list() -> None:
    with pytest.raises(ValueError, match="as many counts"):
        decode_columns([ONE], [1, 1])
    with pytest.raises(TypeError):
        decode_columns([1], [1])  # type: ignore[list-item]
    with pytest.raises(CorruptDataError):
        decode_columns([bytearray(ONE), memoryview(ONE[:-1])], [1, 1])


def test_the_cores_columns_live_in_pyarrows_memory_pool() -> None:
    """The core writes its columns into buffers of pyarrow's memory pool (which keeps freed memory
    for the next call: fresh memory costs a page fault every 4 KiB), every one of them, and the
    pool has them back once the columns are gone."""
    builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 30)
    for delta in range(2000):
        builder.append(delta, 1000 + delta, b"key-%d" % delta, b"v" * 100, [("h", b"x" * 10)])
    area = bytes(builder.build())[RecordBatchHeader.SIZE :]
    before = pa.total_allocated_bytes()
    columns = decode_columns([area], [2000])
    assert columns.headers is not None
    arrays = [columns.key, columns.value, columns.headers]  # a list array's buffers include its items'
    held = {buffer.address for array in arrays for buffer in array.buffers() if buffer is not None}
    assert pa.total_allocated_bytes() - before >= 2000 * (100 + 10 + 8 + 8)
    assert all(buffer.is_mutable for array in arrays for buffer in array.buffers() if buffer is not None)
    assert len(held) >= 7  # offsets and data of keys, values, header keys and values, list offsets
    del columns, arrays
    assert pa.total_allocated_bytes() == before


def yielded(decoder: Any, payload: bytes, count: int) -> tuple[list[Any], tuple[str, str] | None]:
    """The records a record decoder yields, and the error it ends with (class, message) or None."""
    got: list[Any] = []
    try:
        for record in decoder(payload, count):
            got.append(record)
    except KafkaksError as exc:
        return got, (type(exc).__name__, exc.reason)
    return got, None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_runs(), st.sampled_from([1, 2, 3, records.PIECE_RECORDS]))
def test_batch_records_by_the_core_equal_the_record_decoder(
    run: tuple[list[tuple[bytes, int]], int], piece: int
) -> None:
    """Batch.records() decodes with the core (records.decode), in pieces: on intact and damaged
    areas, the same records and the same error at the same place as decode_records; and
    records.count_decoded (what verify counts) counts those records, then raises that error."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(records, "PIECE_RECORDS", piece)
        for payload, count in run[0]:
            expected = yielded(decode_records, payload, count)
            assert yielded(records.decode, payload, count) == expected
            counts, error = yielded(records.count_decoded, payload, count)
            assert (sum(counts), error) == (len(expected[0]), expected[1])


def test_batch_records_by_the_core_on_real_and_fixture_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every v2 batch of the fixtures and real segments: the core's records equal decode_records',
    also when a batch is decoded in pieces; and the core does decode them (it is not the fallback)."""
    paths = sorted((FIXTURES / "segments").rglob("*.log"))
    paths += [param.values[0] for param in real_params("log") if param.values[0] is not None]
    decoded = 0
    for path in paths:
        for payload, count in v2_data_batches(path):
            expected = list(decode_records(payload, count))
            assert records.compiled_records is not None
            assert records.compiled_records(payload, count) == expected
            monkeypatch.setattr(records, "PIECE_RECORDS", 2)
            assert list(records.decode(payload, count)) == expected
            monkeypatch.undo()
            decoded += count
    assert decoded


@pytest.mark.parametrize(
    ("key", "text"),
    [(b"QQ", "QQ"), ("\u00e9".encode(), "\u00e9"), (b"\xff\xfe", "\ufffd\ufffd"), (b"\xc3Q", "\ufffdQ")],
)
def test_header_keys_are_text_ascii_utf8_or_replaced(key: bytes, text: str) -> None:
    """Header keys all ASCII become a string array as they are; others are checked as UTF-8, and
    what is not becomes U+FFFD, as in the record API: the core as the record decoder."""
    batch = bytearray(built([(0, b"k", b"v", [("QQ", b"1"), ("ok", b"2")])]))
    at = batch.index(b"QQ", RecordBatchHeader.SIZE)
    batch[at : at + 2] = key
    rows = both([bytes(batch[RecordBatchHeader.SIZE :])], [1])
    assert isinstance(rows, list)
    assert rows[0][4] == [(text, b"1"), ("ok", b"2")]
