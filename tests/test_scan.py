"""The compiled batch scan (kafkaks/wire/_core.c, kafkaks.wire.scan) against the careful path.

``read_log`` scans runs of whole, valid v2 batches in C and reads anything else one entry at a time
(the careful path, the only one when the core is not built). Here the same inputs are read both
ways (``kafkaks.store.segment.compiled_scan`` set to None turns scanning off): every fixture, every
real segment, every damaged window of tests/test_corruption.py, random bytes, and chunk boundaries
falling everywhere; the batches (every header field, their bytes, the CRC verdict) and the problems
must be the same. read_arrow's run path is checked against batches_to_arrow over the same batches
one by one, and the core's CRC-32C against the crc32c package.
"""

from __future__ import annotations

import errno
import io
import os
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import crc32c
import pyarrow as pa
import pytest
from conftest import FIXTURES, NO_REAL_DATA, REAL_DATA, real_data_available
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kafka.record.default_records import DefaultRecordBatchBuilder
from kafka.record.legacy_records import LegacyRecordBatchBuilder
from kafkaks.generated.layout import LogEntryHeader, LogEntryPrefix, RecordBatchHeader
from test_corruption import segment_cases, segment_params

import kafkaks
from kafkaks import KafkaksError, Problem, UnreadableFileError
from kafkaks.arrow import batches_to_arrow
from kafkaks.store import segment
from kafkaks.store.options import ReadOptions
from kafkaks.store.partition import read_partition_runs, read_segment
from kafkaks.wire import scan
from kafkaks.wire.batch import Batch, Unframed, frame

core = pytest.importorskip("kafkaks.wire._core", reason="the compiled core is not built")

FIELDS = [name for name in Batch.__slots__ if name not in ("_data", "_max_decompressed")]
FIXTURE_LOGS = sorted((FIXTURES / "segments").glob("*/*.log"))
REAL_LOGS = sorted(REAL_DATA.rglob("*.log")) if real_data_available() else []


def described(batch: Batch) -> tuple[Any, ...]:
    return (*(getattr(batch, name) for name in FIELDS), batch.data, batch.base_offset, batch.count)


def read(source: Any, *, scanning: bool, monkeypatch: pytest.MonkeyPatch, **options: Any) -> tuple[Any, ...]:
    """(batches described, problems, or the error raised) of read_log, scanning or not."""
    with monkeypatch.context() as patch:
        if not scanning:
            patch.setattr(segment, "compiled_scan", None)
        problems: list[Problem] = []
        batches = []
        try:
            for batch in segment.read_log(source, on_problem=problems.append, **options):
                batches.append(described(batch))
        except KafkaksError as exc:
            return tuple(batches), tuple(problems), repr(exc)
        return tuple(batches), tuple(problems), None


def same_both_ways(source: Any, monkeypatch: pytest.MonkeyPatch, **options: Any) -> tuple[Any, ...]:
    scanned = read(source, scanning=True, monkeypatch=monkeypatch, **options)
    careful = read(source, scanning=False, monkeypatch=monkeypatch, **options)
    assert scanned == careful
    return scanned


def runs_of(source: Any) -> list[Any]:
    return list(segment.read_log_runs(source, ReadOptions(on_problem=lambda _p: None)))


@pytest.mark.parametrize("path", FIXTURE_LOGS, ids=lambda p: p.parent.name)
def test_fixture_segments_read_the_same_scanned(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    batches, _problems, _error = same_both_ways(path, monkeypatch)
    assert batches
    for verify_crc in (False, True):
        same_both_ways(path, monkeypatch, verify_crc=verify_crc)


@pytest.mark.slow
def test_real_segments_read_the_same_scanned(monkeypatch: pytest.MonkeyPatch) -> None:
    if not REAL_LOGS:
        pytest.skip(NO_REAL_DATA)
    scanned_batches = 0
    for path in REAL_LOGS:
        batches, _problems, _error = same_both_ways(path, monkeypatch)
        scanned_batches += sum(run.count for run in runs_of(path) if isinstance(run, scan.ScannedRun))
        assert len(batches) >= 0
    assert scanned_batches > 0  # the real v2 data went through the scan


@pytest.mark.parametrize("source", segment_params())
def test_damaged_windows_read_the_same_scanned(
    source: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every damage of tests/test_corruption.py (bit flips in each header field, in records, cuts):
    the same batches and the same problems, scanning or not."""
    for number, case in enumerate(segment_cases(source.read_bytes())):
        path = tmp_path / f"{number}.log"
        path.write_bytes(case.damaged_bytes())
        same_both_ways(path, monkeypatch)


def built_segment(counts: list[int], codec: int = 0, value_size: int = 40) -> bytes:
    """A segment of kafka-python batches of these record counts."""
    out = bytearray()
    offset = 0
    for count in counts:
        builder = DefaultRecordBatchBuilder(2, codec, False, -1, -1, -1, 1 << 30)
        for delta in range(count):
            builder.append(delta, 10**12 + offset + delta, b"k%d" % delta, bytes(value_size), [("h", b"v")])
        data = bytearray(builder.build())
        data[0:8] = offset.to_bytes(8, "big")
        out += data
        offset += count
    return bytes(out)


@pytest.mark.parametrize("scan_bytes", [61, 62, 100, 333, 1000, 4096])
def test_chunk_boundaries_anywhere(scan_bytes: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks ending inside headers, inside records, and batches larger than a chunk."""
    data = built_segment([1, 2, 30, 1, 1, 5, 100, 1])
    monkeypatch.setattr(segment, "SCAN_BYTES", scan_bytes)
    batches, problems, error = same_both_ways(data, monkeypatch)
    assert len(batches) == 8 and not problems and error is None
    cut = data[: len(data) - 7]  # a partial batch at the end
    batches, problems, error = same_both_ways(cut, monkeypatch)
    assert len(batches) == 7 and [p.kind for p in problems] == ["truncated"]


def shape(items: list[Any]) -> list[tuple[str, int, int]]:
    """Runs and batches read the careful way: (kind, position, batches)."""
    return [
        ("run", item.start, item.count) if isinstance(item, scan.ScannedRun) else ("batch", item.position, 1)
        for item in items
    ]


def read_ahead_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "kafkaks-read-ahead"]


@pytest.mark.parametrize("scan_bytes", [150, 333, 1000, 4096])
def test_a_file_is_read_ahead_the_same(
    scan_bytes: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From a path, the next chunk is read on another thread while the run before it is used: the
    same batches and problems as the careful path, and the thread is gone when the read ends."""
    reads: list[tuple[int, int]] = []
    pread = os.pread
    monkeypatch.setattr(segment.os, "pread", lambda fd, n, at: reads.append((n, at)) or pread(fd, n, at))
    monkeypatch.setattr(segment, "SCAN_BYTES", scan_bytes)
    data = built_segment([1, 2, 30, 1, 1, 5, 100, 1])
    for name, content, count in (("whole", data, 8), ("cut", data[:-7], 7)):
        path = tmp_path / name / "00000000000000000000.log"
        path.parent.mkdir()
        path.write_bytes(content)
        batches, _problems, error = same_both_ways(path, monkeypatch)
        assert len(batches) == count and error is None
        assert shape(runs_of(path)) == shape(runs_of(content))  # what was read ahead was scanned
    assert reads and not read_ahead_threads()
    reader = segment.read_log(tmp_path / "whole" / "00000000000000000000.log")
    next(reader)
    reader.close()  # stopped early: the thread ends too
    assert not read_ahead_threads()


@pytest.mark.parametrize("slow", ["caller", "disk"])
def test_reading_ahead_goes_on_while_the_caller_is_the_slower(
    slow: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A caller slower than the disk (decoding every record) has every chunk after the first read
    ahead; one that comes back before the chunk is read, time after time, has the rest read when
    it wants them, with the same batches. Which side is the slower is made so, not timed: the
    caller waits until the chunk is read, or the read ends only once the caller waits for it."""
    data = built_segment([1] * 40)
    path = tmp_path / "t-0" / "00000000000000000000.log"
    path.parent.mkdir()
    path.write_bytes(data)
    monkeypatch.setattr(segment, "SCAN_BYTES", 2 * (len(data) // 40))  # 20 chunks
    reads = []
    pread = os.pread
    waiting = threading.Event()  # the caller waits for the chunk read ahead

    def counted(fd: int, n: int, at: int) -> bytes:
        reads.append(at)
        if slow == "disk" and threading.current_thread().name == "kafkaks-read-ahead":
            assert waiting.wait(timeout=600), "the caller never came back for the chunk"
            waiting.clear()
        return pread(fd, n, at)

    class Results:
        """The read-ahead's queue of results, saying when the caller waits on it."""

        def __init__(self, queue: Any) -> None:
            self.queue = queue

        def empty(self) -> bool:
            return bool(self.queue.empty())

        def put(self, item: Any) -> None:
            self.queue.put(item)

        def get(self) -> Any:
            waiting.set()
            return self.queue.get()

    class Ordered(segment._ReadAhead):
        def __init__(self, fd: int) -> None:
            super().__init__(fd)
            self._results = Results(self._results)  # type: ignore[assignment]

        def take(self, position: int, size: int) -> bytes | None:
            if slow == "caller" and self._pending is not None:  # back once the chunk is read
                self._results.queue.put(self._results.queue.get())  # type: ignore[attr-defined]
            return super().take(position, size)

    monkeypatch.setattr(segment.os, "pread", counted)
    monkeypatch.setattr(segment, "_ReadAhead", Ordered)
    got = [batch.base_offset for batch in segment.read_log(path)]
    assert got == [batch.base_offset for batch in segment.read_log(data)]
    assert len(reads) == (19 if slow == "caller" else segment._ReadAhead.WAITS)


@pytest.mark.parametrize("ahead", [True, False], ids=["read-ahead", "stream"])
def test_a_disk_failing_mid_file_is_located_after_the_batches_before_it(
    ahead: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An I/O error part way through a segment (a dying disk) is an UnreadableFileError naming the
    file and the position read from, or an ``unreadable_file`` problem there, after every batch
    before it; never a bare OSError."""
    data = built_segment([1] * 20)
    size = len(data) // 20
    path = tmp_path / "t-0" / "00000000000000000000.log"
    path.parent.mkdir()
    path.write_bytes(data)
    monkeypatch.setattr(segment, "SCAN_BYTES", 5 * size)

    def failing(fd: int, n: int, at: int) -> bytes:
        raise OSError(errno.EIO, "Input/output error")

    class Failing(io.BytesIO):
        def read(self, n: int | None = -1) -> bytes:
            if self.tell() >= 5 * size:
                raise OSError(errno.EIO, "Input/output error")
            return super().read(n)

    if ahead:
        monkeypatch.setattr(segment.os, "pread", failing)
    source: Any = path if ahead else Failing(data)
    got = []
    with pytest.raises(UnreadableFileError) as raised:
        got.extend(segment.read_log(source))
    assert len(got) == 5 and raised.value.position == 5 * size
    assert "Input/output error" in str(raised.value) and str(raised.value.path) in str(raised.value)
    if ahead:
        problems: list[Problem] = []
        assert len(list(read_segment(path, on_problem=problems.append))) == 5
        assert [(p.kind, p.position) for p in problems] == [("unreadable_file", 5 * size)]
    assert not read_ahead_threads()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.integers(0, 12), min_size=1, max_size=6),
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 255)), max_size=4),
    st.integers(0, 2000),
)
def test_random_damage_reads_the_same_scanned(
    counts: list[int], flips: list[tuple[int, int]], scan_bytes: int
) -> None:
    data = bytearray(built_segment(counts, value_size=3))
    for at, mask in flips:
        data[at % len(data)] ^= mask
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(segment, "SCAN_BYTES", max(scan_bytes, 1))
        same_both_ways(bytes(data), monkeypatch)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400), st.booleans())
def test_scan_of_random_bytes_takes_only_what_batch_takes(data: bytes, verify_crc: bool) -> None:
    """Whatever the bytes, a row of the scan is what Batch makes of the same bytes, and the scan
    stops inside the buffer."""
    count, consumed, fields, stop = core.scan_batches(data, verify_crc, scan.KNOWN_CODECS, -1)
    assert 0 <= consumed <= len(data) and len(fields) == count * 8 * len(core.SCAN_FIELDS)
    assert stop in (core.STOP_END, core.STOP_PARTIAL, core.STOP_OTHER, core.STOP_MAX)
    if count:
        run = scan.ScannedRun(
            data, 0, fields, count, path="<bytes>", topic=None, partition=None, max_decompressed=1 << 20
        )
        for batch in run.batches():
            reread = Batch(batch.data, path="<bytes>", position=batch.position, verify_crc=verify_crc)
            assert described(batch) == described(reread)


def test_max_batches_and_stops() -> None:
    data = built_segment([1, 1, 1])
    size = len(data) // 3
    count, consumed, _fields, stop = core.scan_batches(data, True, scan.KNOWN_CODECS, 2)
    assert (count, consumed, stop) == (2, 2 * size, core.STOP_MAX)
    assert core.scan_batches(data, True, scan.KNOWN_CODECS, -1)[::3] == (3, core.STOP_END)
    assert core.scan_batches(data[:-1], True, scan.KNOWN_CODECS, -1)[::3] == (2, core.STOP_PARTIAL)
    legacy = LegacyRecordBatchBuilder(0, 0, 1 << 20)
    legacy.append(0, None, b"k", b"v")  # a v0 message: shorter than any v2 batch
    assert core.scan_batches(data + bytes(legacy.build()), True, scan.KNOWN_CODECS, -1)[::3] == (
        3,
        core.STOP_OTHER,
    )
    no_codecs = core.scan_batches(data, True, 0, -1)
    assert no_codecs[0] == 0 and no_codecs[3] == core.STOP_OTHER
    flipped = bytearray(data)
    flipped[size + 70] ^= 1  # in the second batch's records: its CRC no longer matches
    assert core.scan_batches(bytes(flipped), True, scan.KNOWN_CODECS, -1)[::3] == (1, core.STOP_OTHER)
    assert core.scan_batches(bytes(flipped), False, scan.KNOWN_CODECS, -1)[::3] == (3, core.STOP_END)


def framing_case(length: int, room: int) -> bytes:
    """``room`` bytes that start with an entry whose length field is ``length``: a one-record
    kafka-python batch (magic 2) with that length written in, cut or padded with zeros."""
    data = bytearray(built_segment([1]))
    data[LogEntryPrefix.LEN_BODY_OFFSET : LogEntryPrefix.SIZE] = length.to_bytes(4, "big", signed=True)
    return bytes(data[:room].ljust(room, b"\0"))


BATCH_LENGTH = len(built_segment([1])) - LogEntryPrefix.SIZE
FRAMING_CASES = {  # (the length field, the bytes from the entry's start to the buffer's end)
    "negative": (-1, 100),
    "13-fits": (13, 100),
    "13-one-short": (13, LogEntryPrefix.SIZE + 12),
    "14-exactly": (14, LogEntryPrefix.SIZE + 14),
    "14-one-past": (14, LogEntryPrefix.SIZE + 13),
    "v2-min-exactly": (RecordBatchHeader.SIZE - LogEntryPrefix.SIZE, RecordBatchHeader.SIZE),
    "batch-exactly": (BATCH_LENGTH, LogEntryPrefix.SIZE + BATCH_LENGTH),
    "batch-one-past": (BATCH_LENGTH, LogEntryPrefix.SIZE + BATCH_LENGTH - 1),
    "batch-then-a-header": (BATCH_LENGTH, LogEntryPrefix.SIZE + BATCH_LENGTH + LogEntryHeader.SIZE),
    "header-only": (BATCH_LENGTH, LogEntryHeader.SIZE),
    "one-past-header": (BATCH_LENGTH, LogEntryHeader.SIZE + 1),
    "empty": (BATCH_LENGTH, 0),
}


@pytest.mark.parametrize(("length", "room"), FRAMING_CASES.values(), ids=FRAMING_CASES.keys())
def test_the_scan_frames_entries_as_frame_does(length: int, room: int) -> None:
    """The core's copy of the framing rule (``scan`` in _core.c) agrees with its owner,
    kafkaks.wire.batch.frame, at every edge: a length of 13 or 14, an entry ending exactly at the
    buffer's end or one byte past it, no more than a header left. The scan stops where frame finds
    no entry (at a length below the minimum as at anything it does not take, else as partial)
    and takes a framed whole valid batch."""
    data = framing_case(length, room)
    framed = frame(data, 0, room)
    count, consumed, _fields, stop = core.scan_batches(data, True, scan.KNOWN_CODECS, 1)
    if isinstance(framed, Unframed):
        expected = {
            Unframed.SHORT: core.STOP_OTHER,
            Unframed.CUT: core.STOP_PARTIAL,
            Unframed.END: core.STOP_PARTIAL,
        }
        assert (count, consumed, stop) == (0, 0, core.STOP_END if room == 0 else expected[framed])
    elif framed == LogEntryPrefix.SIZE + BATCH_LENGTH:
        assert (count, consumed) == (1, framed)
    else:  # framed, but no v2 batch: what the careful path reads
        assert (count, consumed, stop) == (0, 0, core.STOP_OTHER)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=5000), st.binary(max_size=100))
def test_crc32c_matches_the_crc32c_package(data: bytes, more: bytes) -> None:
    assert core.crc32c(data) == crc32c.crc32c(data)
    assert core.crc32c(data, 0, True) == crc32c.crc32c(data)  # the portable table, as on arm64
    continued = crc32c.crc32c(more, crc32c.crc32c(data))  # ensure_valid checksums chunk by chunk
    assert core.crc32c(more, core.crc32c(data)) == core.crc32c(more, core.crc32c(data), True) == continued


def test_crc32c_of_every_length_and_alignment() -> None:
    data = random.Random(5).randbytes(300)
    for start in range(9):
        for end in range(start, 300, 7):
            piece = memoryview(data)[start:end]
            assert core.crc32c(piece) == core.crc32c(piece, 0, True) == crc32c.crc32c(piece)
    # lengths about the three 4 KiB lanes the CPU's instruction runs side by side
    data = random.Random(6).randbytes(40_000)
    for end in (12_287, 12_288, 12_289, 12_295, 24_576, 24_583, 36_871, 40_000):
        for start in (0, 1, 5):
            piece = memoryview(data)[start:end]
            assert core.crc32c(piece) == core.crc32c(piece, 0, True) == crc32c.crc32c(piece)
            assert core.crc32c(piece, 123456789) == crc32c.crc32c(piece, 123456789)


def arrow_rows(batches: Iterator[pa.RecordBatch]) -> list[dict[str, Any]]:
    return pa.Table.from_batches(list(batches)).to_pylist() if batches else []


def arrow_both_ways(source: Path, **options: Any) -> list[dict[str, Any]]:
    """read_arrow's rows, checked equal to batches_to_arrow over the same batches one by one."""
    schema = kafkaks.spark_schema(
        include_headers=options.get("include_headers", False),
        include_metadata=options.get("include_metadata", False),
    )
    fast = pa.Table.from_batches(list(kafkaks.read_arrow(source, **options)), schema=schema)
    slow_options = {k: v for k, v in options.items() if k not in ("verify_crc",)}
    slow = pa.Table.from_batches(
        list(batches_to_arrow(segment.read_log(source, on_problem=lambda _p: None), **slow_options)),
        schema=schema,
    )
    assert fast.equals(slow)
    return fast.to_pylist()


@pytest.mark.parametrize("path", FIXTURE_LOGS, ids=lambda p: p.parent.name)
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"include_headers": True, "include_metadata": True, "include_control": True},
        {"include_headers": True, "rows_per_batch": 3, "threads": 0},
    ],
    ids=["plain", "everything", "small-pieces"],
)
def test_read_arrow_runs_equal_batches_one_by_one(path: Path, options: dict[str, Any]) -> None:
    arrow_both_ways(path, on_problem=lambda _p: None, **options)


def test_read_arrow_runs_with_oversized_and_control_batches(tmp_path: Path) -> None:
    """A batch of more records than rows_per_batch and control batches inside a run go the way of
    batches read one by one, in log order."""
    transactional = FIXTURES / "segments" / "v2-transactional"
    path = tmp_path / "t-0" / "00000000000000000000.log"
    path.parent.mkdir()
    path.write_bytes(built_segment([3, 40, 2]) + next(transactional.glob("*.log")).read_bytes())
    for include_control in (False, True):
        rows = arrow_both_ways(
            path, include_control=include_control, rows_per_batch=10, include_metadata=True
        )
        assert len(rows) >= 45


@pytest.mark.slow
def test_real_segments_arrow_the_same_scanned() -> None:
    if not REAL_LOGS:
        pytest.skip(NO_REAL_DATA)
    for path in REAL_LOGS:
        if path.stat().st_size < 8 << 20:
            arrow_both_ways(path, include_headers=True, include_metadata=True, on_problem=lambda _p: None)


def partition_read(paths: list[Path], *, scanning: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    """(batches described, problems) of read_partition_batches over copies, scanning or not."""
    with monkeypatch.context() as patch:
        if not scanning:
            patch.setattr(segment, "compiled_scan", None)
        problems: list[Problem] = []
        batches = [
            described(batch) for batch in kafkaks.read_partition_batches(paths, on_problem=problems.append)
        ]
        return tuple(batches), tuple(problems)


def same_partition_both_ways(paths: list[Path], monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    scanned = partition_read(paths, scanning=True, monkeypatch=monkeypatch)
    assert scanned == partition_read(paths, scanning=False, monkeypatch=monkeypatch)
    return scanned


def write_segments(directory: Path, segments: list[tuple[int, bytes]]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for base, data in segments:
        (directory / f"{base:020d}.log").write_bytes(data)
    return directory


def rebased(data: bytes, shift: int) -> bytes:
    """A segment's batches with ``shift`` added to each base offset (outside the CRC)."""
    out = bytearray(data)
    for batch in segment.read_log(data):
        at = batch.position
        out[at : at + 8] = (batch.base_offset + shift).to_bytes(8, "big")
    return bytes(out)


def test_partitions_read_the_same_through_the_merge_scanned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The merge takes runs of scanned batches whole where it would read each on its own anyway:
    one copy of several segments, overlapping segments, offsets out of order, gaps, damage, and
    two copies: the same batches and problems as batch by batch."""
    first = built_segment([1, 1, 3, 1, 2, 1])  # offsets 0..8
    second = rebased(built_segment([2, 1, 1, 4]), 9)  # offsets 9..16
    gappy = rebased(built_segment([1, 1, 1]), 100)  # 100, 101, 102
    plain = write_segments(tmp_path / "plain" / "t-0", [(0, first), (9, second), (100, gappy)])
    overlap = write_segments(tmp_path / "overlap" / "t-0", [(0, first + second[:200]), (9, second)])
    flipped = bytearray(first + second)
    flipped[len(first) + 7] ^= 0x01  # a base offset outside the CRC: offsets go out of order
    disorder = write_segments(tmp_path / "disorder" / "t-0", [(0, bytes(flipped))])
    damaged = bytearray(first + second)
    damaged[len(first) + 70] ^= 0xFF  # a CRC mismatch in the middle
    broken = write_segments(tmp_path / "broken" / "t-0", [(0, bytes(damaged))])
    copy = write_segments(tmp_path / "copy" / "t-0", [(0, first), (9, second)])
    early_next = write_segments(
        tmp_path / "early" / "t-0", [(0, first), (5, rebased(built_segment([1, 1]), 5))]
    )
    for paths in ([plain], [overlap], [disorder], [broken], [plain, copy], [broken, copy], [early_next]):
        batches, _problems = same_partition_both_ways(paths, monkeypatch)
        assert batches
    for paths in ([plain], [broken, copy]):
        assert arrow_rows(
            kafkaks.read_arrow(paths[0] if len(paths) == 1 else paths, on_problem=lambda _p: None)
        )


@pytest.mark.slow
def test_fixture_and_real_partitions_read_the_same_through_the_merge(monkeypatch: pytest.MonkeyPatch) -> None:
    directories = sorted(p for p in (FIXTURES / "logdir").iterdir() if p.is_dir())
    if real_data_available():
        directories += sorted({path.parent for path in REAL_LOGS})
    for directory in directories:
        same_partition_both_ways([directory], monkeypatch)


def split_at(
    data: bytes, cuts: list[int], drop_before: int = 0, drop_from: int | None = None
) -> list[tuple[int, bytes]]:
    """``data``'s batches as segments starting at the batch numbers ``cuts``; the batches before
    ``drop_before`` (retention) and from ``drop_from`` (a lagging follower) left out."""
    batches = [
        (batch.base_offset, batch.data) for batch in segment.read_log(data, on_problem=lambda _p: None)
    ]
    kept = list(range(drop_before, len(batches) if drop_from is None else drop_from))
    starts = sorted({drop_before, *(cut for cut in cuts if cut > drop_before)})
    segments = []
    for index, start in enumerate(starts):
        stop = starts[index + 1] if index + 1 < len(starts) else len(batches)
        numbers = [n for n in kept if start <= n < stop]
        if numbers:
            segments.append((batches[numbers[0]][0], b"".join(batches[n][1] for n in numbers)))
    return segments


def test_copies_read_the_same_through_the_merge_scanned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replicas side by side: the merge takes runs whole across copies that hold the same bytes
    (with other segment boundaries, retention, a lagging follower, three copies), and batch by
    batch where they do not (another leader epoch: the same CRC, other bytes; a CRC mismatch):
    the same batches and problems as batch by batch, and the runs are taken whole."""
    log = built_segment([1, 3, 1, 1, 2] * 8)  # 40 batches
    epoch_at = 20  # in one copy, batch 20 has another leader epoch (outside the CRC)
    other_epoch = bytearray(log)
    position = next(b.position for n, b in enumerate(segment.read_log(log)) if n == epoch_at)
    other_epoch[position + 12 : position + 16] = (7).to_bytes(4, "big")
    damaged = bytearray(log)
    damaged[next(b.position for n, b in enumerate(segment.read_log(log)) if n == 30) + 70] ^= 0xFF
    copies = {
        "a": split_at(log, [15]),
        "b": split_at(log, [25]),
        "c": split_at(log, [12, 30], drop_before=10, drop_from=35),
        "d": split_at(bytes(other_epoch), [15]),
        "e": split_at(bytes(damaged), [8]),
    }
    dirs = {
        name: write_segments(tmp_path / f"kafka-logs-{name}" / "t-0", segs) for name, segs in copies.items()
    }
    bases = {batch.base_offset for batch in segment.read_log(log)}
    for names in ("ab", "abc", "ca", "ad", "da", "ea", "ae", "abde", "cde"):
        batches, problems = same_partition_both_ways([dirs[name] for name in names], monkeypatch)
        assert [described[-2] for described in batches] == sorted(bases)  # each batch once
        assert bool(problems) == (names != "ab")
    runs = list(read_partition_runs([dirs["a"], dirs["b"]], ReadOptions(on_problem=lambda _p: None)))
    assert sum(run.count for run in runs if isinstance(run, scan.ScannedRun)) == 40
    assert len(runs) <= 4  # cut where a segment of either copy starts


def test_scanned_batches_refuses_rows_that_are_not_a_scan() -> None:
    """The core fills Batch slots from rows: rows pointing out of the data, or of an unknown
    codec, are refused, never read."""
    data = built_segment([1, 2])
    count, _consumed, fields, _stop = core.scan_batches(data, True, scan.KNOWN_CODECS, -1)
    shared = ("p", 0, None, None, 1 << 20)  # path, start, topic, partition, limit
    args = (*shared, scan._CODECS, scan._TIMESTAMP_KINDS)
    assert [b.base_offset for b in core.scanned_batches(data, fields, 0, count, *args)] == [0, 1]
    with pytest.raises(ValueError, match="not a scanned batch"):
        core.scanned_batches(data[:50], fields, 0, count, *args)  # positions past the data
    with pytest.raises(ValueError, match="rows out of range"):
        core.scanned_batches(data, fields, 0, count + 1, *args)
    unknown = (None,)  # no codec known
    with pytest.raises(ValueError, match="not a scanned batch"):
        core.scanned_batches(
            data, fields, 0, count, "p", 0, None, None, 1 << 20, unknown, scan._TIMESTAMP_KINDS
        )

    class Partly:  # some of the slots only: refused, and Batch stays the class made
        __slots__ = ("_data", "_max_decompressed", "path")

    for other in (int, Partly):
        with pytest.raises(AttributeError):
            core.batch_class(other)
    assert [b.count for b in core.scanned_batches(data, fields, 0, count, *args)] == [1, 2]
