"""The column-wise v2 decoder (kafkaks.wire.columnar, the compiled core) and the readable reference
(kafkaks.wire.records.decode_records) field by field against the generated parsers, on real
broker-written batches, client-made fixtures and batches from kafka-python's builder, including
corrupt record areas: those raise CorruptDataError, never an IndexError or another error."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import crc32c
import pyarrow as pa
import pytest
from conftest import FIXTURES, real_params
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kafka.record.default_records import DefaultRecordBatchBuilder
from kafkaks.generated.kafka_record import KafkaRecord
from kaitaistruct import BytesIO, KaitaiStream

from kafkaks import CorruptDataError, KafkaksError, read_arrow, read_log
from kafkaks.wire.columnar import RecordColumns, decode_columns
from kafkaks.wire.records import decode_records

Row = tuple[int, int, bytes | None, bytes | None, list[tuple[str, bytes | None]]]
SEVERAL = 5  # batches decoded in one call


def generated_rows(payload: bytes, count: int) -> list[Row]:
    """What formats/kafka_record.ksy reads from a batch's records area."""
    stream = KaitaiStream(BytesIO(payload))
    rows: list[Row] = []
    for _ in range(count):
        r = KafkaRecord(stream)
        headers = [(h.key, getattr(h, "value", None)) for h in r.headers]
        rows.append((r.timestamp_delta.value, r.offset_delta.value, getattr(r, "key", None),
                     getattr(r, "value", None), headers))  # fmt: skip
    assert stream.is_eof()
    return rows


def columnar_rows(payloads: list[bytes], counts: list[int]) -> list[Row]:
    return rows_of(decode_columns(payloads, counts))


def rows_of(columns: RecordColumns) -> list[Row]:
    headers = columns.headers.to_pylist() if columns.headers is not None else []
    return [
        (int(ts), int(od), key, value, [(h["key"], h["value"]) for h in hs or []])
        for ts, od, key, value, hs in zip(
            columns.timestamp_delta, columns.offset_delta, columns.key.to_pylist(),
            columns.value.to_pylist(), headers, strict=True,
        )
    ]  # fmt: skip


def reference_rows(batches: list[tuple[bytes, int]]) -> list[Row]:
    """What the readable reference, decode_records, reads from record areas (and counts)."""
    return [
        (ts, od, k, v, h) for payload, count in batches for ts, od, k, v, h in decode_records(payload, count)
    ]


def v2_data_batches(path: Path) -> list[tuple[bytes, int]]:
    return [
        (batch.record_bytes(), batch.count)
        for batch in read_log(path, on_problem=lambda _: None)
        if batch.magic == 2 and not batch.is_control
    ]


FIXTURE_LOGS = sorted(p for p in (FIXTURES / "segments").rglob("*.log"))


@pytest.mark.parametrize(
    ("path", "info"),
    [*(pytest.param(p, {}, id=str(p.relative_to(FIXTURES))) for p in FIXTURE_LOGS),
     *real_params("log", "checkpoint", "bin")],
)  # fmt: skip
def test_every_v2_batch_equals_the_generated_parser(path: Path, info: dict[str, Any]) -> None:
    batches = v2_data_batches(path)
    expected = [row for payload, count in batches for row in generated_rows(payload, count)]
    # batch by batch (the first 40), and all at once
    one_by_one = [row for p, c in batches[:40] for row in columnar_rows([p], [c])]
    assert one_by_one == expected[: len(one_by_one)]
    if batches:
        assert columnar_rows([p for p, _ in batches], [c for _, c in batches]) == expected
    assert reference_rows(batches) == expected


HEADER_KEYS = st.text(max_size=12)
BLOBS = st.none() | st.binary(max_size=20) | st.binary(min_size=60, max_size=300)
RECORDS = st.lists(
    st.tuples(
        st.integers(-(2**40), 2**40),  # timestamp delta: varlongs of 1 to 6 bytes
        BLOBS,
        BLOBS,
        st.lists(st.tuples(HEADER_KEYS, BLOBS), max_size=4),
    ),
    max_size=12,
)


def built_payload(records: list[Any]) -> tuple[bytes, int]:
    """A batch from kafka-python's builder (an independent writer): its records area and count."""
    builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 30)
    for delta, (timestamp, key, value, headers) in enumerate(records):
        builder.append(delta * 3, 10**12 + timestamp, key, value, [(k, v) for k, v in headers])
    data = bytes(builder.build())
    return data[61:], len(records)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(RECORDS, min_size=1, max_size=SEVERAL + 7))
def test_built_batches_equal_the_generated_parser(batches: list[list[Any]]) -> None:
    built = [built_payload(records) for records in batches]
    expected = [row for payload, count in built for row in generated_rows(payload, count)]
    assert columnar_rows([p for p, _ in built], [c for _, c in built]) == expected
    assert reference_rows(built) == expected


def corrupted(payload: bytes, edits: list[tuple[int, int]], cut: int) -> bytes:
    data = bytearray(payload)
    for position, byte in edits:
        if data:
            data[position % len(data)] = byte
    return bytes(data[: len(data) - cut] if cut >= 0 else data + bytes(-cut))


@st.composite
def damaged_runs(draw: st.DrawFn) -> tuple[list[tuple[bytes, int]], int]:
    """Record areas (and counts) of a run of built batches, one of them (its index) damaged: bytes
    overwritten, cut or extended, its count off by one."""
    built = [
        built_payload(records)
        for records in draw(st.lists(RECORDS.filter(bool), min_size=1, max_size=SEVERAL + 3))
    ]
    victim = draw(st.integers(0, len(built) - 1))
    edits = draw(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=4))
    payload, count = built[victim]
    built[victim] = (
        corrupted(payload, edits, draw(st.integers(-3, 3))),
        max(count + draw(st.integers(-1, 1)), 0),
    )
    return built, victim


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_runs())
def test_corrupt_record_areas_raise_corrupt_data_error(run: tuple[list[tuple[bytes, int]], int]) -> None:
    """One batch of a run is damaged: the run decodes as the record decoder reads each batch alone,
    or raises CorruptDataError, like the record decoder does for the damaged batch."""
    built, _ = run
    try:
        expected: list[Any] | KafkaksError = [
            (ts, od, k, v, h) for p, c in built for ts, od, k, v, h in decode_records(p, c)
        ]
    except KafkaksError as exc:
        expected = exc
    try:
        got: list[Any] | KafkaksError = columnar_rows([p for p, _ in built], [c for _, c in built])
    except CorruptDataError as exc:
        got = exc
    if isinstance(expected, KafkaksError):
        assert isinstance(got, CorruptDataError)
    elif isinstance(got, CorruptDataError):  # only values beyond int64, which Arrow cannot hold
        assert "64" in str(got) or "int64" in str(got)
    else:
        assert got == expected


@pytest.mark.parametrize(
    "payload, count",
    [
        (b"", 1),
        (b"\x01", 1),
        (b"\xff" * 20, 1),
        (b"\x0e\x00\x00\x00\x01\x01\x02", 1),  # a length one byte too long
        (b"\x0c\x00\x00\x00\x01\x01\x01", 1),  # a negative header count
        (b"\x0c\x00\x00\x00\x01\x01\x00", 2),
        (b"\x0c\x00\x00\x00\x01\x01\x00\x00", 1),
        (b"\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x7f" + bytes(12), 2),  # a length near 2^63
        (b"\x14\x00\x00\x00\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x7f\x01\x00", 1),  # such a key
    ],
    ids=["empty", "one-byte", "endless-varint", "wrong-length", "negative-headers", "count-too-high",
         "bytes-left", "huge-length", "huge-key-length"],
)  # fmt: skip
def test_named_corruptions(payload: bytes, count: int) -> None:
    with pytest.raises(KafkaksError):
        list(decode_records(payload, count))
    with pytest.raises(CorruptDataError):
        decode_columns([payload] * SEVERAL, [count] * SEVERAL)
    with pytest.raises(CorruptDataError):
        decode_columns([payload], [count])


def test_read_arrow_names_the_broken_batch(tmp_path: Path) -> None:
    """A record area that breaks in the middle of a run of batches: the error gives that batch."""
    directory = tmp_path / "t-0"
    directory.mkdir()
    batches = []
    for base in range(0, 40 * 5, 5):
        builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 30)
        for delta in range(5):
            builder.append(delta, 1000 + delta, b"k", b"v" * 30, [("h", b"x")])
        data = bytearray(builder.build())
        struct.pack_into(">q", data, 0, base)
        batches.append(data)
    broken = batches[30]
    broken[61] += 2  # the first record's length
    struct.pack_into(">I", broken, 17, crc32c.crc32c(bytes(broken[21:])))
    path = directory / "00000000000000000000.log"
    path.write_bytes(b"".join(batches))
    position = sum(map(len, batches[:30]))
    with pytest.raises(CorruptDataError) as error:
        list(read_arrow(path, include_headers=True))
    assert (error.value.position, error.value.offset) == (position, 150)
    got: list[pa.RecordBatch] = []
    with pytest.raises(CorruptDataError):
        got.extend(read_arrow(path, rows_per_batch=50))
    assert sum(batch.num_rows for batch in got) == 150  # the Arrow batches before the broken one
