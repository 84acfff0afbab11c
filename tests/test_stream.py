"""BytesStream: the generated parsers read exactly the same structures through it as through
KaitaiStream(BytesIO(...)), and fail the same way at the end of the data."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, real_params
from kafka.record.default_records import DefaultRecordBatchBuilder
from kafkaks.generated.kafka_log import KafkaLog
from kaitaistruct import BytesIO, EndOfStreamError, KaitaiStream, KaitaiStruct

from kafkaks.stream import BytesStream, log_entries


def tree(value: Any) -> Any:
    """A parsed structure as plain data: every field and instance, without streams and parents."""
    if isinstance(value, KaitaiStruct):
        value._fetch_instances()
        return {
            name: tree(field)
            for name, field in vars(value).items()
            if name not in ("_io", "_parent", "_root") and not name.startswith("_raw")
        }
    if isinstance(value, list):
        return [tree(item) for item in value]
    return value


SMALL_REAL_LOGS = [
    param for param in real_params("log", "checkpoint")
    if not param.values[0] or param.values[0].stat().st_size < 1 << 20
]  # fmt: skip


@pytest.mark.parametrize(
    ("path", "info"),
    [*(pytest.param(p, {}, id=str(p.relative_to(FIXTURES))) for p in sorted(FIXTURES.rglob("*.log"))),
     *SMALL_REAL_LOGS],
)  # fmt: skip
def test_generated_log_parser_reads_the_same_through_bytes_stream(path: Path, info: dict[str, Any]) -> None:
    data = path.read_bytes()
    assert tree(KafkaLog(BytesStream(data))) == tree(KafkaLog(KaitaiStream(BytesIO(data))))


def test_reads_and_positions() -> None:
    stream = BytesStream(bytes.fromhex("ff 80 00 01 00 00 00 02 ff ff ff ff ff ff ff fe 61 62"))
    assert (stream.read_s1(), stream.read_u1(), stream.read_s2be(), stream.read_s4be()) == (-1, 128, 1, 2)
    assert stream.read_s8be() == -2
    assert (stream.pos(), stream.size(), stream.is_eof()) == (16, 18, False)
    assert stream.read_bytes_full() == b"ab"
    assert stream.is_eof()
    stream.seek(1)
    assert (stream.read_u2be(), stream.read_u4be()) == (0x8000, 0x01000000)


@pytest.mark.parametrize("read", ["read_u1", "read_s1", "read_s2be", "read_u4be", "read_s8be", "read_u8be"])
def test_reading_past_the_end_is_an_end_of_stream_error_like_kaitai_streams(read: str) -> None:
    for stream in (BytesStream(b"\x00"), KaitaiStream(BytesIO(b"\x00"))):
        stream.read_u1()
        with pytest.raises(EndOfStreamError):
            getattr(stream, read)()
        stream.seek(0)
        with pytest.raises(EndOfStreamError):
            stream.read_bytes(2)


@pytest.mark.parametrize(
    ("path", "info"),
    [*(pytest.param(p, {}, id=str(p.relative_to(FIXTURES))) for p in sorted(FIXTURES.rglob("*.log"))),
     *SMALL_REAL_LOGS],
)  # fmt: skip
def test_log_entries_one_at_a_time_are_the_entries_of_the_whole_file(
    path: Path, info: dict[str, Any]
) -> None:
    with path.open("rb") as f:
        one_by_one = [tree(entry) for entry in log_entries(f)]
    assert one_by_one == tree(KafkaLog(KaitaiStream(BytesIO(path.read_bytes())))).get("entries", [])


def peak_memory_of_log_entries(path: Path) -> tuple[int, int, int]:
    """(entries, complete entries, peak bytes allocated by Python) of going through a file, with
    the garbage collector as in a fresh process: the objects earlier tests left are frozen out of
    its counts (with many long-lived objects, full collections come rarely, and the parsed
    entries' cycles would wait longer for one in a long test session than in a user's process)."""
    gc.collect()
    gc.freeze()
    tracemalloc.start()
    try:
        with path.open("rb") as f:
            entries = complete = 0
            for entry in log_entries(f):
                entries += 1
                complete += entry.is_complete
        return entries, complete, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        gc.unfreeze()


@pytest.mark.slow
def test_log_entries_go_through_a_big_segment_in_bounded_memory(tmp_path: Path) -> None:
    """8 and 32 MiB of 8 KiB batches with a cut batch at the end: the peak does not grow with the
    file (the parsed objects hold reference cycles through `_parent`, so the garbage collector,
    not the end of each iteration, frees them: the bound is some batches, not one)."""
    builder = DefaultRecordBatchBuilder(
        magic=2, compression_type=0, is_transactional=0, producer_id=-1, producer_epoch=-1,
        base_sequence=-1, batch_size=1 << 20,
    )  # fmt: skip
    builder.append(0, timestamp=1_700_000_000_000, key=b"k", value=bytes(range(256)) * 32, headers=[])
    raw = bytes(builder.build())  # kafka-python's writer: one 8 KiB record
    peaks = []
    for mib in (8, 32):
        path = tmp_path / f"{mib}.log"
        copies = (mib << 20) // len(raw)
        path.write_bytes(raw * copies + raw[:30])
        entries, complete, peak = peak_memory_of_log_entries(path)
        assert (entries, complete) == (copies + 1, copies)
        peaks.append(peak)
    assert peaks[1] < 2 * peaks[0], f"peak {peaks[1]} bytes on 32 MiB, {peaks[0]} on 8 MiB"
    assert peaks[1] < (32 << 20) // 8
