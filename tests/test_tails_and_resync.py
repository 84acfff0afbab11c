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
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from kafka.record.default_records import DefaultRecordBatchBuilder

from kafkaks import Problem, read_log
from kafkaks.cli import main

T0 = 1_700_000_000_000


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
