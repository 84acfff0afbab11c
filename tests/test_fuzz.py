"""Property tests on hostile input: whatever the bytes, every reader either returns or raises one
of kafkaks' own errors (``KafkaksError``), never anything else. Bounded in examples and time;
``make fuzz`` runs the same targets under atheris (``fuzz/fuzz_kafkaks.py``) for longer.

Also a round trip: records built with kafka-python's batch builders (an independent writer) read
back equal.
"""

from __future__ import annotations

import contextlib
import struct
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kafka.record.default_records import DefaultRecordBatchBuilder
from kafka.record.legacy_records import LegacyRecordBatchBuilder

from kafkaks import (
    KafkaksError,
    Problem,
    read_leader_epoch_checkpoint,
    read_log,
    read_offset_index,
    read_partition_metadata,
    read_producer_snapshot,
    read_time_index,
    read_txn_index,
)
from kafkaks.wire.codecs import decompress

MIB = 1 << 20
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
T0 = 1_700_000_000_000
GZIP, SNAPPY, LZ4, ZSTD = 1, 2, 3, 4


def consume_log(data: bytes, *, verify_crc: bool = True) -> list[Problem]:
    """Read every batch and every record, as ``kafkaks dump --deep-iteration`` does."""
    problems: list[Problem] = []
    for batch in read_log(
        data, on_problem=problems.append, verify_crc=verify_crc, max_decompressed_bytes=MIB
    ):
        try:
            _ = batch.base_offset, batch.count
            for _record in batch.records():
                pass
        except KafkaksError:
            pass
    return problems


def with_file(data: bytes, name: str, reader: Callable[[Path], object]) -> None:
    """``reader`` on a file of ``data`` named ``name``: it returns or raises a KafkaksError."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / name
        path.write_bytes(data)
        with contextlib.suppress(KafkaksError):
            reader(path)


# Valid segments to mutate: every magic and codec kafka-python's builders write.
def v2_batch(codec: int, base_offset: int = 0, count: int = 3) -> bytes:
    builder = DefaultRecordBatchBuilder(2, codec, 0, 7, 1, 0, 1 << 20)
    for delta in range(count):
        headers = [("h", b"x" * delta)] if delta else []
        builder.append(delta, timestamp=T0 + delta, key=b"k%d" % delta, value=b"value " * 20, headers=headers)
    data = bytearray(builder.build())
    struct.pack_into(">q", data, 0, base_offset)
    return bytes(data)


def legacy_batch(magic: int, codec: int, first: int = 0, count: int = 3) -> bytes:
    builder = LegacyRecordBatchBuilder(magic=magic, compression_type=codec, batch_size=1 << 20)
    for offset in range(first, first + count):
        timestamp = T0 + offset if magic else None
        builder.append(offset - first if codec else offset, timestamp=timestamp, key=b"k", value=b"v" * 50)
    data = bytearray(builder.build())
    if codec:
        struct.pack_into(">q", data, 0, first + count - 1)  # the wrapper takes its last offset
    return bytes(data)


SEGMENTS: dict[str, bytes] = {
    **{f"v2-codec{c}": v2_batch(c) + v2_batch(c, 3) + v2_batch(c, 6) for c in range(5)},
    **{f"v{m}-codec{c}": legacy_batch(m, c) + legacy_batch(m, c, 3) for m in (0, 1) for c in range(4)},
}

edits = st.lists(st.tuples(st.integers(0), st.integers(0, 255)), min_size=1, max_size=6)


def mutate(data: bytes, changes: list[tuple[int, int]], cut: int, insert: bytes) -> bytes:
    out = bytearray(data)
    for position, value in changes:
        out[position % len(out)] = value
    at = cut % (len(out) + 1)
    return bytes(out[:at] + insert + out[at:]) if insert else bytes(out[: len(out) - cut % 4])


@FUZZ
@given(data=st.binary(max_size=4096))
def test_arbitrary_bytes_as_a_log(data: bytes) -> None:
    consume_log(data)
    consume_log(data, verify_crc=False)


@FUZZ
@given(
    header=st.tuples(
        st.integers(-(2**63), 2**63 - 1),
        st.integers(-(2**31), 2**31 - 1),
        st.integers(-(2**31), 2**31 - 1),
        st.integers(0, 3),
    ),
    body=st.binary(max_size=512),
)
def test_arbitrary_batch_headers(header: tuple[int, int, int, int], body: bytes) -> None:
    """Entries with a plausible prefix (offset, length, epoch, magic 0-3) and a random rest."""
    consume_log(struct.pack(">qiib", *header) + body, verify_crc=False)


@pytest.mark.parametrize("name", list(SEGMENTS))
@settings(max_examples=60, deadline=None)
@given(changes=edits, cut=st.integers(0), insert=st.binary(max_size=8))
def test_mutated_valid_segments(name: str, changes: list[tuple[int, int]], cut: int, insert: bytes) -> None:
    data = mutate(SEGMENTS[name], changes, cut, insert)
    consume_log(data)
    consume_log(data, verify_crc=False)


# Each codec's magic, so that random bytes get past the first check of every decoder.
CODEC_MAGICS = [
    b"",
    b"\x1f\x8b\x08\x00",
    b"\x82SNAPPY\x00",
    b"\x04\x22\x4d\x18\x60\x40\x82",
    b"\x28\xb5\x2f\xfd",
]


@pytest.mark.parametrize("codec", ["gzip", "snappy", "lz4", "zstd"])
@pytest.mark.parametrize("magic", [0, 1, 2])
@FUZZ
@given(prefix=st.sampled_from(CODEC_MAGICS), data=st.binary(max_size=2048))
def test_arbitrary_bytes_decompress(codec: str, magic: int, prefix: bytes, data: bytes) -> None:
    with contextlib.suppress(KafkaksError):
        decompress(codec, prefix + data, magic=magic, limit=MIB)


INDEX_FILES: dict[str, tuple[str, Callable[[Path], Any]]] = {
    "offset-index": ("00000000000000000100.index", read_offset_index),
    "time-index": ("00000000000000000100.timeindex", read_time_index),
    "txn-index": ("00000000000000000100.txnindex", read_txn_index),
    "producer-snapshot": ("00000000000000000100.snapshot", read_producer_snapshot),
    "leader-epoch-checkpoint": ("leader-epoch-checkpoint", read_leader_epoch_checkpoint),
    "partition-metadata": ("partition.metadata", read_partition_metadata),
}


@pytest.mark.parametrize("kind", list(INDEX_FILES))
@FUZZ
@given(data=st.binary(max_size=1024))
def test_arbitrary_bytes_as_other_files(kind: str, data: bytes) -> None:
    name, reader = INDEX_FILES[kind]
    with_file(data, name, reader)


@FUZZ
@given(count=st.integers(-(2**31), 2**31 - 1), entries=st.binary(max_size=200), crc=st.integers(0, 2**32 - 1))
def test_producer_snapshots_with_any_count(count: int, entries: bytes, crc: int) -> None:
    with_file(
        struct.pack(">hIi", 1, crc, count) + entries, "00000000000000000100.snapshot", read_producer_snapshot
    )


@FUZZ
@given(lines=st.lists(st.text(max_size=30), max_size=8))
def test_text_checkpoints_with_any_lines(lines: list[str]) -> None:
    text = "\n".join(lines).encode("utf-8", "surrogatepass")
    with_file(text, "leader-epoch-checkpoint", read_leader_epoch_checkpoint)
    with_file(text, "partition.metadata", read_partition_metadata)


# Round trip against kafka-python's writers.

headers_strategy = st.lists(st.tuples(st.text(max_size=8), st.none() | st.binary(max_size=16)), max_size=3)
record_strategy = st.tuples(
    st.integers(0, 10**6),  # timestamp delta
    st.none() | st.binary(max_size=40),
    st.none() | st.binary(max_size=200),
    headers_strategy,
)


@settings(max_examples=100, deadline=None)
@given(
    codec=st.integers(0, 4),
    base_offset=st.integers(0, 2**62),
    records=st.lists(record_strategy, min_size=1, max_size=20),
    gaps=st.lists(st.integers(0, 3), min_size=20, max_size=20),
)
def test_v2_round_trip(
    codec: int,
    base_offset: int,
    records: list[tuple[int, bytes | None, bytes | None, list[tuple[str, bytes | None]]]],
    gaps: list[int],
) -> None:
    builder = DefaultRecordBatchBuilder(2, codec, 0, -1, -1, -1, 1 << 30)
    expected = []
    delta = 0
    for (ts_delta, key, value, headers), gap in zip(records, gaps, strict=False):
        delta += gap
        builder.append(delta, timestamp=T0 + ts_delta, key=key, value=value, headers=headers)
        expected.append((base_offset + delta, T0 + ts_delta, key, value, headers))
        delta += 1
    data = bytearray(builder.build())
    struct.pack_into(">q", data, 0, base_offset)
    (batch,) = read_log(bytes(data))
    assert batch.crc_valid
    got = [(r.offset, r.timestamp, r.key, r.value, r.headers) for r in batch.records()]
    assert got == expected


@settings(max_examples=100, deadline=None)
@given(
    magic=st.integers(0, 1),
    codec=st.integers(0, 3),
    first=st.integers(0, 2**40),
    records=st.lists(
        st.tuples(st.integers(0, 10**6), st.none() | st.binary(max_size=40), st.binary(max_size=200)),
        min_size=1,
        max_size=10,
    ),
)
def test_legacy_round_trip(
    magic: int, codec: int, first: int, records: list[tuple[int, bytes | None, bytes]]
) -> None:
    data = b""
    expected = []
    for index, (ts_delta, key, value) in enumerate(records):
        # one message per entry, uncompressed or in a wrapper of its own
        builder = LegacyRecordBatchBuilder(magic=magic, compression_type=codec, batch_size=1 << 20)
        offset = first + index
        inner = 0 if codec and magic == 1 else offset  # v1 inner offsets are relative to the wrapper
        builder.append(inner, timestamp=T0 + ts_delta if magic else None, key=key, value=value)
        entry = bytearray(builder.build())
        struct.pack_into(">q", entry, 0, offset)
        data += bytes(entry)
        expected.append((offset, T0 + ts_delta if magic else -1, key, value))
    got = [(r.offset, r.timestamp, r.key, r.value) for b in read_log(data) for r in b.records()]
    assert got == expected
