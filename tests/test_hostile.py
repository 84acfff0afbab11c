"""Hostile lengths and decompression bombs: a length, count or varint claiming gigabytes must not
allocate them, and a bomb stops at the cap (``max_decompressed_bytes``) with an error naming it.

Every hostile batch here carries a *correct* checksum, as an attacker would write it, so the
claim reaches the code that would act on it. Python allocations are measured with tracemalloc;
the codecs' native buffers, which tracemalloc does not see, with the peak RSS of a child process.
"""

from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
import tracemalloc
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import crc32c
import pytest
from kafka.record.default_records import DefaultRecordBatchBuilder
from kafka.record.legacy_records import LegacyRecordBatchBuilder

from kafkaks import (
    CorruptDataError,
    DecompressionLimitError,
    KafkaksError,
    Problem,
    read_log,
    read_producer_snapshot,
)
from kafkaks.arrow import ROWS_PER_BATCH

KIB, MIB = 1 << 10, 1 << 20
T0 = 1_700_000_000_000
INT32_MAX = 2**31 - 1
# Allowed growth of Python's heap over the input while reading hostile input.
HEADROOM = 2 * MIB


@contextmanager
def peak_allocation() -> Iterator[list[int]]:
    """Measures the peak of Python allocations inside the block into the list it yields."""
    result: list[int] = []
    tracemalloc.start()
    try:
        yield result
    finally:
        result.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()


def varint(value: int) -> bytes:
    """ZigZag varint, as DefaultRecord writes every length."""
    raw = (value << 1) ^ (value >> 63)
    out = bytearray()
    while raw >= 0x80:
        out.append(raw & 0x7F | 0x80)
        raw >>= 7
    out.append(raw)
    return bytes(out)


def v2_batch(base_offset: int = 0, count: int = 2) -> bytes:
    builder = DefaultRecordBatchBuilder(2, 0, 0, -1, -1, -1, 1 << 20)
    for delta in range(count):
        builder.append(delta, timestamp=T0, key=b"k", value=b"v" * 20, headers=[])
    data = bytearray(builder.build())
    struct.pack_into(">q", data, 0, base_offset)
    return bytes(data)


def with_records(header_of: bytes, records: bytes, count: int) -> bytes:
    """A v2 batch with ``header_of``'s header, these records bytes and count, a correct CRC."""
    data = bytearray(header_of[:61] + records)
    struct.pack_into(">i", data, 8, len(data) - 12)
    struct.pack_into(">i", data, 57, count)
    struct.pack_into(">I", data, 17, crc32c.crc32c(bytes(data[21:])))
    return bytes(data)


def record(body: bytes) -> bytes:
    return varint(len(body)) + body


def read_all(data: bytes, **options: int) -> tuple[list[Problem], list[KafkaksError], int]:
    """(problems, records() errors, peak Python allocation) of reading every batch and record."""
    problems: list[Problem] = []
    errors: list[KafkaksError] = []
    with peak_allocation() as peak:
        for batch in read_log(data, on_problem=problems.append, **options):
            try:
                list(batch.records())
            except KafkaksError as exc:
                errors.append(exc)
    return problems, errors, peak[0]


GOOD = v2_batch(0)
AFTER = v2_batch(2)


def with_length(data: bytes, length: int) -> bytes:
    return data[:8] + struct.pack(">i", length) + data[12:]


@pytest.mark.parametrize("where", ["middle", "end"])
@pytest.mark.parametrize("length", [INT32_MAX, 2**30, -(2**31)], ids=["2^31-1", "2^30", "-2^31"])
def test_a_batch_length_claiming_gigabytes(where: str, length: int) -> None:
    hostile = with_length(v2_batch(1), length)
    data = GOOD + hostile + (AFTER if where == "middle" else b"")
    problems, errors, peak = read_all(data)
    assert peak < len(data) + HEADROOM
    assert [p.position for p in problems] == [len(GOOD)]
    assert not errors
    if where == "middle":
        assert problems[0].kind in ("corrupt_batch", "unreadable")
        assert f"skipped {len(hostile)} bytes" in problems[0].message
    else:
        assert problems[0].kind == ("truncated" if length > 0 else "unreadable")


def test_a_legacy_length_claiming_gigabytes() -> None:
    builder = LegacyRecordBatchBuilder(magic=1, compression_type=0, batch_size=1 << 20)
    builder.append(0, timestamp=T0, key=b"k", value=b"v")
    first = bytes(builder.build())
    data = first + with_length(first, INT32_MAX)
    problems, _errors, peak = read_all(data)
    assert peak < len(data) + HEADROOM
    assert [(p.kind, p.position) for p in problems] == [("truncated", len(first))]


@pytest.mark.parametrize("count", [INT32_MAX, 2**24, -1, -(2**31)])
def test_a_record_count_claiming_billions(count: int) -> None:
    batch = with_records(GOOD, GOOD[61:], count)
    problems, errors, peak = read_all(batch)
    assert not problems
    assert peak < len(batch) + HEADROOM
    assert len(errors) == 1 and isinstance(errors[0], CorruptDataError)
    assert errors[0].position == 0 and errors[0].offset == 0
    assert "record count" in errors[0].reason


ATTRIBUTES_TS_OFFSET = b"\x00" + varint(0) + varint(0)
HOSTILE_RECORDS = {
    "key-length-2^30": record(ATTRIBUTES_TS_OFFSET + varint(2**30) + b"k"),
    "value-length-2^30": record(ATTRIBUTES_TS_OFFSET + varint(-1) + varint(2**30) + b"v"),
    "record-length-2^30": varint(2**30) + ATTRIBUTES_TS_OFFSET + varint(-1) + varint(-1) + varint(0),
    "header-count-2^30": record(ATTRIBUTES_TS_OFFSET + varint(-1) + varint(-1) + varint(2**30) + b"\x00\x01"),
    "header-key-length-2^30": record(
        ATTRIBUTES_TS_OFFSET + varint(-1) + varint(-1) + varint(1) + varint(2**30)
    ),
    "header-value-length-2^30": record(
        ATTRIBUTES_TS_OFFSET + varint(-1) + varint(-1) + varint(1) + varint(1) + b"h" + varint(2**30)
    ),
    "varint-of-20-bytes": record(ATTRIBUTES_TS_OFFSET + b"\xff" * 20),
    "key-length-2^62": record(ATTRIBUTES_TS_OFFSET + varint(2**62) + b"k"),
}


@pytest.mark.parametrize("name", list(HOSTILE_RECORDS))
def test_a_varint_length_claiming_gigabytes(name: str) -> None:
    batch = with_records(GOOD, HOSTILE_RECORDS[name], 1)
    problems, errors, peak = read_all(batch)
    assert not problems
    assert peak < len(batch) + HEADROOM
    assert len(errors) == 1 and isinstance(errors[0], CorruptDataError)
    assert (errors[0].path, errors[0].position, errors[0].offset) == ("<bytes>", 0, 0)


def legacy_wrapper(inner: bytes, magic: int = 1) -> bytes:
    """A gzip v1 wrapper around ``inner`` (raw message-set bytes), CRC-32 right."""
    value = zlib.compress(inner, wbits=31)
    message = bytearray(struct.pack(">IbbqiI", 0, magic, 1, T0, -1, len(value)) + value)
    struct.pack_into(">I", message, 0, zlib.crc32(bytes(message[4:])))
    return struct.pack(">qi", 0, len(message)) + bytes(message)


@pytest.mark.parametrize(
    "inner",
    [
        struct.pack(">qi", 0, INT32_MAX) + b"\x00" * 20,  # inner message size
        struct.pack(">qi", 0, 26) + struct.pack(">Ibbqi", 0, 1, 0, T0, INT32_MAX) + b"k",  # inner key
    ],
    ids=["inner-size-2^31-1", "inner-key-length-2^31-1"],
)
def test_a_legacy_inner_length_claiming_gigabytes(inner: bytes) -> None:
    data = legacy_wrapper(inner)
    problems, errors, peak = read_all(data)
    assert not problems
    assert peak < len(data) + HEADROOM
    assert len(errors) == 1 and isinstance(errors[0], CorruptDataError)


def test_a_snapshot_entry_count_claiming_billions(tmp_path: Path) -> None:
    path = tmp_path / "00000000000000000010.snapshot"
    path.write_bytes(struct.pack(">hIi", 1, 0, INT32_MAX) + bytes(46))
    with peak_allocation() as peak, pytest.raises(CorruptDataError, match="schema validation"):
        read_producer_snapshot(path)
    assert peak[0] < HEADROOM


# Decompression bombs, each made by its codec's own library, inside a real v2 batch.


def streamed(compress: Callable[[bytes], bytes], flush: Callable[[], bytes], total: int) -> bytes:
    chunk = bytes(MIB)
    return b"".join([compress(chunk) for _ in range(total // MIB)] + [flush()])


def bomb(codec: str, total: int) -> bytes:
    import cramjam
    import lz4.frame
    import zstandard

    if codec == "gzip":
        gz = zlib.compressobj(1, wbits=31)
        return streamed(gz.compress, gz.flush, total)
    if codec == "snappy":  # xerial framing, 32 KiB blocks of zeros, as snappy-java writes
        block = bytes(cramjam.snappy.compress_raw(bytes(32 * KIB)))
        chunk = struct.pack(">i", len(block)) + block
        return b"\x82SNAPPY\x00" + struct.pack(">ii", 1, 1) + chunk * (total // (32 * KIB))
    if codec == "lz4":
        lz = lz4.frame.LZ4FrameCompressor(block_linked=False)
        return bytes(lz.begin()) + streamed(lz.compress, lz.flush, total)
    zs = zstandard.ZstdCompressor().compressobj()
    return streamed(zs.compress, zs.flush, total)


CODEC_IDS = {"gzip": 1, "snappy": 2, "lz4": 3, "zstd": 4}


def bomb_batch(codec: str, total: int) -> bytes:
    data = bytearray(with_records(GOOD, bomb(codec, total), 1))
    struct.pack_into(">h", data, 21, CODEC_IDS[codec])
    struct.pack_into(">I", data, 17, crc32c.crc32c(bytes(data[21:])))
    return bytes(data)


@pytest.mark.parametrize("codec", list(CODEC_IDS))
def test_a_decompression_bomb_stops_at_the_cap(codec: str) -> None:
    batch = bomb_batch(codec, 256 * MIB)
    problems, errors, peak = read_all(batch, max_decompressed_bytes=MIB)
    assert not problems
    assert len(errors) == 1 and isinstance(errors[0], DecompressionLimitError)
    assert f"more than {MIB} bytes" in str(errors[0]) and errors[0].position == 0
    # The reader holds the batch's bytes and the payload slice (twice the input), then output
    # up to the cap and one step more; never the bomb's 256 MiB.
    assert peak < 2 * len(batch) + 4 * MIB


BOMB_CHILD = """
import json, sys
from kafkaks import DecompressionLimitError, read_log


def status(key):
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(key))


batch = next(read_log(sys.argv[1], max_decompressed_bytes=int(sys.argv[2])))
# Reset the peak (VmHWM) to the current resident size. Not ru_maxrss: it keeps the peak of the
# process before exec, that is of the parent (pytest) at fork.
with open("/proc/self/clear_refs", "w") as clear_refs:
    clear_refs.write("5")
before = status("VmRSS:")
try:
    list(batch.records())
except DecompressionLimitError:
    pass
print(json.dumps({"before_kib": before, "after_kib": status("VmHWM:")}))
"""


@pytest.mark.parametrize("codec", list(CODEC_IDS))
@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="needs /proc/self/clear_refs (Linux)")
def test_a_big_bomb_costs_about_the_cap_in_native_memory(codec: str, tmp_path: Path) -> None:
    """Peak RSS of a child decompressing a 256 MiB bomb with an 8 MiB cap: the codecs' native
    buffers included, it grows by a small multiple of the cap, not by the bomb's size."""
    cap = 8 * MIB
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(bomb_batch(codec, 256 * MIB))
    result = subprocess.run(
        [sys.executable, "-c", BOMB_CHILD, str(path), str(cap)],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    usage = json.loads(result.stdout)
    grown = (usage["after_kib"] - usage["before_kib"]) * KIB
    assert grown < 4 * cap, f"peak RSS grew by {grown / MIB:.0f} MiB for a {cap // MIB} MiB cap"


def decoy(length: int) -> bytes:
    """A v2 batch header that passes every cheap check but whose CRC is wrong."""
    return struct.pack(">qiibIhiqqqhii", 100, length, 0, 2, 0, 0, 0, T0, T0, -1, -1, -1, 0)


def test_resynchronising_through_crafted_candidates_stays_linear() -> None:
    """Every 61 bytes a candidate claiming half a MiB: checking each CRC would take quadratic
    time. The reader gives up once failed candidates cost 16 times the file (plus 64 MiB), and
    says so: the rest is reported unreadable, not silently dropped."""
    unit = decoy(512 * KIB)
    data = GOOD + b"\xff" * 7 + unit * (4 * MIB // len(unit))
    problems, _errors, peak = read_all(data)
    assert peak < len(data) + HEADROOM
    assert [(p.kind, p.position) for p in problems] == [("unreadable", len(GOOD))]
    assert "gave up looking for the next valid batch" in problems[0].message


def test_a_valid_batch_after_a_few_decoys_is_still_found() -> None:
    data = GOOD + b"\xff" * 7 + decoy(2 * KIB) * 10 + bytes(2 * KIB) + AFTER
    problems, _errors, _peak = read_all(data)
    batches = list(read_log(data, on_problem=lambda _p: None))
    assert [b.data for b in batches] == [GOOD, AFTER]
    assert [p.kind for p in problems] == ["corrupt_batch"]


# A record bomb: a small batch whose payload, under the decompression cap, holds millions of
# minimal records. Memory must stay about the decompressed payload whatever the record count.

MINIMAL_RECORD = record(ATTRIBUTES_TS_OFFSET + varint(-1) + varint(-1) + varint(0))  # 7 bytes


def record_bomb(count: int) -> bytes:
    """One zstd v2 batch of ``count`` 7-byte records (null key and value), CRC right."""
    import zstandard

    payload = zstandard.ZstdCompressor().compress(MINIMAL_RECORD * count)
    data = bytearray(with_records(GOOD, payload, count))
    struct.pack_into(">hi", data, 21, CODEC_IDS["zstd"], count - 1)  # attributes, lastOffsetDelta
    struct.pack_into(">I", data, 17, crc32c.crc32c(bytes(data[21:])))
    return bytes(data)


def legacy_bomb(count: int) -> bytes:
    """A gzip v1 wrapper of ``count`` minimal inner messages (null key and value), CRCs right."""
    body = struct.pack(">bbqii", 1, 0, T0, -1, -1)
    message = struct.pack(">I", zlib.crc32(body)) + body
    inner = b"".join(struct.pack(">qi", offset, len(message)) + message for offset in range(count))
    wrapper = bytearray(legacy_wrapper(inner))
    struct.pack_into(">q", wrapper, 0, count - 1)  # the wrapper holds the last inner offset
    return bytes(wrapper)


RECORD_BOMB_CHILD = """
import json, sys
import pyarrow
from kafkaks import read_arrow, read_log
from kafkaks.store.verify import verify_files


def status(key):
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(key))


mode, path, warm_up = sys.argv[1:]


def read(path):
    if mode == "records":
        return sum(1 for batch in read_log(path) for _ in batch.records())
    if mode == "verify":
        return sum(segment.records for report in verify_files([path]) for segment in report.segments)
    return sum(batch.num_rows for batch in read_arrow(path, threads=int(mode[-1])))


read(warm_up)  # what the first use costs (NumPy's and Arrow's kernels, pools) is not the bomb's
with open("/proc/self/clear_refs", "w") as clear_refs:
    clear_refs.write("5")
before = status("VmRSS:")
count = read(path)
print(json.dumps({"count": count, "grown_kib": status("VmHWM:") - before}))
"""


@pytest.mark.parametrize(
    "kind, count", [("v2-zstd", 2 << 20), ("v1-gzip-wrapper", 200_000)], ids=["v2-zstd", "v1-gzip-wrapper"]
)
@pytest.mark.slow
@pytest.mark.parametrize("mode", ["records", "verify", "arrow-threads-0", "arrow-threads-1"])
@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="needs Linux /proc")
def test_a_record_bomb_costs_about_its_decompressed_size(
    mode: str, kind: str, count: int, tmp_path: Path
) -> None:
    """A batch of two million 7-byte records (14 MB decompressed, 1 KB stored), or a v1 wrapper of
    200,000 inner messages (7 MB): every reader gets them all while its peak RSS grows by a small
    multiple of the decompressed payload, not by Python objects or a row of int64 columns per
    record (hundreds of MB)."""
    make = record_bomb if kind == "v2-zstd" else legacy_bomb
    path, warm_up = tmp_path / "t-0" / "00000000000000000000.log", tmp_path / "warm-up.log"
    path.parent.mkdir()
    path.write_bytes(make(count))
    warm_up.write_bytes(make(1000))
    result = subprocess.run(
        [sys.executable, "-c", RECORD_BOMB_CHILD, mode, str(path), str(warm_up)],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    usage = json.loads(result.stdout)
    assert usage["count"] == count
    payload = count * (len(MINIMAL_RECORD) if kind == "v2-zstd" else 34)
    budget = 6 * payload
    if kind != "v2-zstd" and mode.startswith("arrow"):  # legacy rows pass through Python objects,
        budget += ROWS_PER_BATCH * KIB  # rows_per_batch of them at a time, under 1 KiB each
    assert usage["grown_kib"] * KIB < budget, f"peak RSS grew by {usage['grown_kib'] // KIB} MiB"


DUMP_BOMB_CHILD = """
import io, json, sys
from kafkaks.cli.main import main


def status(key):
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(key))


class Counting(io.TextIOBase):
    '''Counts the lines holding ``needle`` written to it, keeping none.'''

    def __init__(self, needle):
        self.needle, self.lines = needle, 0

    def write(self, text):
        self.lines += text.count(self.needle)
        return len(text)


path, warm_up, *options = sys.argv[1:]
sys.stdout, sys.stderr = Counting("| offset: "), Counting(" is followed by ")
main(["dump", *options, warm_up])  # what the first use costs is not the bomb's
with open("/proc/self/clear_refs", "w") as clear_refs:
    clear_refs.write("5")
before = status("VmRSS:")
sys.stdout, sys.stderr = Counting("| offset: "), Counting(" is followed by ")
status_code = main(["dump", *options, path])
grown = status("VmHWM:") - before
sys.__stdout__.write(json.dumps(
    {"status": status_code, "records": sys.stdout.lines, "gaps": sys.stderr.lines, "grown_kib": grown}
))
"""


@pytest.mark.parametrize(
    "options",
    [["--deep-iteration"], ["--print-data-log", "--value-decoder", "json:dumps"]],
    ids=["deep", "decoder"],
)
@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="needs Linux /proc")
def test_dump_of_a_record_bomb_prints_every_record_in_bounded_memory(
    options: list[str], tmp_path: Path
) -> None:
    """Issue 30.4: ``kafkaks dump --deep-iteration`` of a batch of a million 7-byte records, all at
    one offset (7 MB decompressed, a few KB stored), prints a line per record and Kafka's summary
    of non-consecutive offsets, a line per record too, on stderr; it held every pair of that
    summary as Python objects, then every line of it (hundreds of bytes a record). Its peak RSS now
    grows by a small multiple of the decompressed payload, the summary's pairs spilled to a
    temporary file."""
    count = 1 << 20
    path, warm_up = (
        tmp_path / "t-0" / "00000000000000000000.log",
        tmp_path / "w-0" / "00000000000000000000.log",
    )
    for file, records in ((path, count), (warm_up, 1000)):
        file.parent.mkdir()
        file.write_bytes(record_bomb(records))
    result = subprocess.run(
        [sys.executable, "-c", DUMP_BOMB_CHILD, str(path), str(warm_up), *options],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    usage = json.loads(result.stdout)
    # every record at offset 0: each after the first is a non-consecutive offset, as Kafka says
    assert (usage["status"], usage["records"], usage["gaps"]) == (0, count, count - 1)
    payload = count * len(MINIMAL_RECORD)
    assert usage["grown_kib"] * KIB < 6 * payload, f"peak RSS grew by {usage['grown_kib'] // KIB} MiB"


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_a_record_bomb_counted_by_the_core_fails_where_decoding_does(where: str) -> None:
    """Issue 30.4: ``verify`` counts a v2 batch's records with the core's check, a piece at a time,
    and ``decode`` cuts pieces with the core: a damaged record among 300,000 is found where the
    pure-Python decoder finds it, with its error, and the records before it are counted."""
    from kafkaks.store.segment import decoded_count
    from kafkaks.wire.records import decode_records

    count = 300_000
    broken = record(ATTRIBUTES_TS_OFFSET + varint(-1) + varint(-1) + varint(3))  # 3 headers, none there
    at = {"first": 0, "middle": count // 2 + 7, "last": count - 1}[where]
    area = MINIMAL_RECORD * at + broken + MINIMAL_RECORD * (count - at - 1)
    import zstandard

    data = bytearray(with_records(GOOD, zstandard.ZstdCompressor().compress(area), count))
    struct.pack_into(">hi", data, 21, CODEC_IDS["zstd"], count - 1)
    struct.pack_into(">I", data, 17, crc32c.crc32c(bytes(data[21:])))
    (batch,) = read_log(bytes(data))
    reference: list[object] = []
    with pytest.raises(CorruptDataError) as expected:
        reference.extend(decode_records(area, count))
    problems: list[Problem] = []
    assert decoded_count(batch, problems.append) == len(reference) == at
    assert [p.kind for p in problems] == ["corrupt_records"]
    assert expected.value.reason in problems[0].message
    seen = 0
    with pytest.raises(CorruptDataError, match=re.escape(expected.value.reason)):
        for _ in batch.records():
            seen += 1
    assert seen == at
