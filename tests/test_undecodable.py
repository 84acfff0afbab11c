"""A batch whose records do not decode, read by every reader: with ``on_problem`` it is reported
(a ``corrupt_records`` Problem with file, position and offset) and every other batch is read;
without, the reader raises a located error, as before.

The segments are made with kafka-python's builder; the damage is either a flipped byte of a gzip
payload (the CRC then fails too, as on a real disk) or a crafted record area under a correct CRC
(as an attacker would write it), so that only the records' decoding can tell.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import crc32c
import pyarrow as pa
import pytest
from kafka.record.default_records import DefaultRecordBatchBuilder

from kafkaks import CorruptDataError, KafkaksError, Problem, read_arrow, read_log_dir, read_partition
from kafkaks.cli.main import main

T0 = 1_700_000_000_000
BATCHES, RECORDS = 5, 10
GZIP = 1
DAMAGED = 2  # the index of the damaged batch


def batch(base_offset: int, codec: int) -> bytearray:
    builder = DefaultRecordBatchBuilder(2, codec, 0, -1, -1, -1, 1 << 20)
    for delta in range(RECORDS):
        builder.append(delta, timestamp=T0 + delta, key=b"k%d" % delta, value=b"value %d" % delta, headers=[])
    data = bytearray(builder.build())
    struct.pack_into(">q", data, 0, base_offset)
    return data


def recrc(data: bytearray) -> None:
    struct.pack_into(">I", data, 17, crc32c.crc32c(bytes(data[21:])))


def gzip_byte_flipped(data: bytearray) -> None:
    data[61 + (len(data) - 61) // 2] ^= 0x10  # in the deflate stream; the CRC is left as it was


def record_overruns(data: bytearray) -> None:
    data[61] += 2  # the first record's length (one-byte varint) claims two bytes more
    recrc(data)


def bad_varint(data: bytearray) -> None:
    data[62:72] = b"\xff" * 10  # the first record's attributes and deltas: a varint of 10+ bytes
    recrc(data)


def count_mismatch(data: bytearray) -> None:
    struct.pack_into(">i", data, 57, RECORDS + 1)
    recrc(data)


DAMAGES: dict[str, tuple[int, Callable[[bytearray], None]]] = {
    "gzip-byte-flipped": (GZIP, gzip_byte_flipped),
    "record-overruns": (0, record_overruns),
    "bad-varint": (0, bad_varint),
    "count-mismatch": (0, count_mismatch),
}


@pytest.fixture(params=list(DAMAGES))
def log_dir(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path]:
    codec, damage = DAMAGES[request.param]
    batches = [batch(n * RECORDS, codec) for n in range(BATCHES)]
    damage(batches[DAMAGED])
    partition = tmp_path / "logs" / "t-0"
    partition.mkdir(parents=True)
    (partition / "00000000000000000000.log").write_bytes(b"".join(batches))
    yield tmp_path / "logs"


def damaged_position(log_dir: Path) -> int:
    data = (log_dir / "t-0" / "00000000000000000000.log").read_bytes()
    position = 0
    for _ in range(DAMAGED):
        position += 12 + struct.unpack_from(">i", data, position + 8)[0]
    return position


EXPECTED = [n * RECORDS + delta for n in range(BATCHES) if n != DAMAGED for delta in range(RECORDS)]


def arrow_offsets(threads: int) -> Callable[..., list[int]]:
    def read(path: Path, **options: object) -> list[int]:
        table = pa.Table.from_batches(list(read_arrow(path, threads=threads, **options)))  # type: ignore[arg-type]
        return [int(offset) for offset in table.column("offset").to_pylist()] if table.num_rows else []

    return read


READERS: dict[str, Callable[..., list[int]]] = {
    "read_partition": lambda path, **options: [r.offset for r in read_partition(path / "t-0", **options)],
    "read_log_dir": lambda path, **options: [r.offset for r in read_log_dir(path, **options)],
    "read_arrow-threads-0": arrow_offsets(0),
    "read_arrow-threads-1": arrow_offsets(1),
    "read_arrow-segment": lambda path, **options: arrow_offsets(1)(
        path / "t-0" / "00000000000000000000.log", **options
    ),
}


@pytest.mark.parametrize("reader", list(READERS))
def test_reading_goes_on_past_records_that_do_not_decode(reader: str, log_dir: Path) -> None:
    problems: list[Problem] = []
    offsets = READERS[reader](log_dir, on_problem=problems.append)
    # Records decoded before the failure may be kept (records() streams): never a record twice.
    damaged = range(DAMAGED * RECORDS, (DAMAGED + 1) * RECORDS)
    assert [offset for offset in offsets if offset not in damaged] == EXPECTED
    assert offsets == sorted(set(offsets))
    decoded = [p for p in problems if p.kind == "corrupt_records"]
    assert len(decoded) == 1, problems
    segment = str(log_dir / "t-0" / "00000000000000000000.log")
    assert (decoded[0].path, decoded[0].position, decoded[0].offset) == (
        segment,
        damaged_position(log_dir),
        DAMAGED * RECORDS,
    )
    assert all(p.kind in ("crc_mismatch", "corrupt_records") for p in problems)


@pytest.mark.parametrize("reader", list(READERS))
def test_without_on_problem_the_reader_raises_a_located_error(reader: str, log_dir: Path) -> None:
    with pytest.raises(KafkaksError) as error:
        READERS[reader](log_dir)
    assert error.value.position == damaged_position(log_dir)
    assert isinstance(error.value, CorruptDataError)


def test_dump_and_verify_report_it_and_go_on(log_dir: Path) -> None:
    segment = log_dir / "t-0" / "00000000000000000000.log"
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["dump", "--deep-iteration", str(segment)])
    assert code == 1
    lines = out.getvalue().splitlines()
    assert sum(line.startswith("baseOffset:") for line in lines) == BATCHES
    record_lines = [line for line in lines if line.startswith("| offset:")]
    assert len(record_lines) >= len(EXPECTED)
    where = f"position {damaged_position(log_dir)}, offset {DAMAGED * RECORDS}"
    assert f"kafkaks: {segment}: {where}" in err.getvalue()


def test_read_committed_goes_on_past_a_marker_that_does_not_decode(tmp_path: Path) -> None:
    """A COMMIT marker whose record overruns (CRC right): read_committed reports it while it
    looks for aborted transactions, takes it as no ABORT, and reads every other batch."""
    txn = DefaultRecordBatchBuilder(2, 0, True, 10, 0, 0, 1 << 20)
    txn.append(0, timestamp=T0, key=None, value=b"in a transaction", headers=[])
    marker = DefaultRecordBatchBuilder(2, 0, True, 10, 0, -1, 1 << 20)
    marker.append(0, timestamp=T0, key=struct.pack(">hh", 0, 1), value=struct.pack(">hi", 0, 3), headers=[])
    control = bytearray(marker.build())
    struct.pack_into(">q", control, 0, 1)
    struct.pack_into(">h", control, 21, 0x30)  # transactional, control
    record_overruns(control)
    partition = tmp_path / "t-0"
    partition.mkdir()
    after = batch(2, 0)
    (partition / "00000000000000000000.log").write_bytes(bytes(txn.build()) + bytes(control) + bytes(after))
    problems: list[Problem] = []
    offsets = [
        r.offset for r in read_partition(partition, isolation="read_committed", on_problem=problems.append)
    ]
    assert offsets == [0, *range(2, 2 + RECORDS)]
    assert [(p.kind, p.position, p.offset) for p in problems] == [("corrupt_records", len(txn.build()), 1)]
    with pytest.raises(CorruptDataError):
        list(read_partition(partition, isolation="read_committed"))
