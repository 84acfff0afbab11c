"""What is left at the end of a segment, and resynchronising after damage: segments made with
kafka-python's builder, damaged the way a disk or a crash damages them.

- A few zero bytes after the last complete batch are the start of a next header cut short, not a
  preallocated tail: Kafka's FileLogInputStream stops without reading a header when 17 bytes or
  fewer remain (HEADER_SIZE_UP_TO_MAGIC), and DumpLogSegments prints ``Found N invalid bytes``;
  a preallocated segment (``file.preallocate=true``) is zero-filled up to ``segment.bytes``, and
  the broker trims a rolled segment to its size, so its tail is far longer than a header.
"""

from __future__ import annotations

import io
import json
import struct
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from kafka.record.default_records import DefaultRecordBatchBuilder

from kafkaks import Problem, read_log
from kafkaks.cli.main import main
from kafkaks.store import segment

T0 = 1_700_000_000_000
MIB = 1 << 20


def v2(base_offset: int, records: int = 3) -> bytes:
    builder = DefaultRecordBatchBuilder(2, 0, 0, -1, -1, -1, 1 << 20)
    for delta in range(records):
        builder.append(delta, timestamp=T0 + delta, key=b"k", value=b"value %d" % delta, headers=[])
    data = bytearray(builder.build())
    struct.pack_into(">q", data, 0, base_offset)
    return bytes(data)


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


BATCHES = [v2(offset) for offset in range(0, 9, 3)]


@pytest.mark.parametrize("zeros", [1, 5, 12, 17])
def test_a_few_zero_bytes_after_the_last_batch_are_a_cut(tmp_path: Path, zeros: int) -> None:
    """The next batch's header cut after ``zeros`` bytes (its offset's high bytes are zeros):
    library, text, JSON and exit status all say truncated."""
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(b"".join(BATCHES) + bytes(zeros))
    problems: list[Problem] = []
    assert len(list(read_log(path, on_problem=problems.append))) == len(BATCHES)
    assert [(p.kind, p.position, p.length) for p in problems] == [
        ("truncated", len(b"".join(BATCHES)), zeros)
    ]
    code, out, err = run("dump", str(path))
    assert code == 1
    assert f"Found {zeros} invalid bytes at the end of {path.name}" in out
    assert f"kafkaks: {path}: position {len(b''.join(BATCHES))}" in err
    code, out, _ = run("dump", "--json", str(path))
    assert code == 1
    found = [p for p in map(json.loads, out.splitlines()) if p["type"] == "problem"]
    assert [(p["kind"], p["corrupt"]) for p in found] == [("truncated", True)]
    assert run("verify", str(path))[0] == 1


def test_a_zero_tail_longer_than_a_header_is_preallocation(tmp_path: Path) -> None:
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(b"".join(BATCHES) + bytes(4096))
    code, out, _ = run("dump", "--json", str(path))
    assert code == 0
    found = [p for p in map(json.loads, out.splitlines()) if p["type"] == "problem"]
    assert [(p["kind"], p["corrupt"]) for p in found] == [("zero_tail", False)]
    assert run("verify", str(path))[0] == 0


def test_a_flipped_base_offset_then_a_damaged_length_loses_no_later_batch(tmp_path: Path) -> None:
    """Two faults: a bit of a base offset (outside the CRC: undetectable by itself), then a bit of
    the next batch's length. The offsets that break the sequence must not make resynchronising
    reject every later batch (which would leave 4 batches of 15, labelled a crash tail)."""
    batches = [bytearray(v2(5 * n, records=5)) for n in range(15)]
    batches[3][1] ^= 0x10  # base offset + 2^52
    batches[4][8] ^= 0x10  # length + 2^28: claims 268 MB
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(b"".join(batches))
    problems: list[Problem] = []
    read = [(b.position, b.data) for b in read_log(path, on_problem=problems.append)]
    positions = [sum(map(len, batches[:n])) for n in range(15)]
    assert read == [(positions[n], bytes(batches[n])) for n in range(15) if n != 4]
    assert [(p.kind, p.position) for p in problems] == [("unreadable", positions[4])]
    assert f"skipped {len(batches[4])} bytes to the next valid batch" in problems[0].message
    assert "at the end of the file" not in problems[0].message
    code, out, _ = run("verify", "--json", str(path))
    assert code == 1
    found = [p for p in map(json.loads, out.splitlines()) if p["type"] == "problem"]
    assert [(p["kind"], p["position"]) for p in found] == [
        ("unreadable", positions[4]),
        ("offset_order", positions[5]),  # the batch after the damage goes back below 2^52
    ]


GARBAGE = b"\xde\xad\xbe\xef" * 25  # 100 bytes: a length field of -559038737


def zeroed_after_garbage(path: Path, size: int) -> int:
    """16 valid batches, 100 bytes of garbage, then zeros up to ``size`` (a sparse file)."""
    valid = b"".join(v2(3 * n) for n in range(16))
    with path.open("wb") as out:
        out.write(valid + GARBAGE)
        out.truncate(size)
    return len(valid)


class ScanWork:
    """Counts what resynchronising does a position at a time: candidates tried and zero runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, on_first: Callable[[], None] = lambda: None) -> None:
        self.candidates = self.zero_runs = 0
        candidates, zeros_end = segment._candidates, segment._zeros_end

        def counting_candidates(chunk: bytes, last: int) -> Iterator[int]:
            if self.candidates == self.zero_runs == 0:
                on_first()
            for candidate in candidates(chunk, last):
                self.candidates += 1
                yield candidate

        def counting_zeros_end(chunk: bytes, start: int) -> int:
            self.zero_runs += 1
            return zeros_end(chunk, start)

        monkeypatch.setattr(segment, "_candidates", counting_candidates)
        monkeypatch.setattr(segment, "_zeros_end", counting_zeros_end)


def test_resynchronising_through_zeros_skips_them_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """100 bytes of garbage, then 256 MiB of zeros: the scan for a next batch is a pass at disk
    speed (a few steps a MiB), not a Python step per zero byte (101 s before)."""
    path = tmp_path / "00000000000000000000.log"
    size = 256 * MIB
    valid = zeroed_after_garbage(path, size)
    yielded: list[int] = []
    work = ScanWork(monkeypatch, on_first=lambda: yielded.append(len(batches)))
    problems: list[Problem] = []
    batches = []
    for batch in read_log(path, on_problem=problems.append):
        batches.append(batch)
    assert len(batches) == 16 and yielded == [16]  # every batch before the damage came first
    assert [(p.kind, p.position, p.length) for p in problems] == [("unreadable", valid, size - valid)]
    assert work.candidates < 100
    assert work.zero_runs <= 2 * size // MIB


def test_dump_prints_the_batches_before_the_damage_before_the_scan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "00000000000000000000.log"
    size = 64 * MIB
    valid = zeroed_after_garbage(path, size)
    out, err = io.StringIO(), io.StringIO()
    printed: list[int] = []
    ScanWork(monkeypatch, on_first=lambda: printed.append(out.getvalue().count("baseOffset:")))
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["dump", str(path)])
    assert code == 1
    assert printed[-1] == 16, "the 16 batches before the damage were not flushed before the scan"
    assert f"kafkaks: {path}: position {valid}" in err.getvalue()
    assert f"Found {size - valid} invalid bytes at the end of {path.name}" in out.getvalue()
