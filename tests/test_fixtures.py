"""The committed fixtures are what tests/fixtures/make_fixtures.py makes, and they are internally sound.

These tests check the fixtures themselves, with kafka-python's reader as the independent judge: the
README lists every file, the generator reproduces them byte for byte, every checksum holds, and the
broker-side files (.index, .timeindex, .txnindex, .snapshot) agree with their .log.
"""

from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import crc32c
import pytest
import xxhash
import zstandard
from kafka.record.default_records import ControlRecord, DefaultRecordBatch
from kafka.record.legacy_records import LegacyRecordBatch
from kafka.record.memory_records import MemoryRecords

FIXTURES = Path(__file__).resolve().parent / "fixtures"
GENERATOR = FIXTURES / "make_fixtures.py"
GENERATED_TREES = ("segments", "logdir")


def generated_files(root: Path) -> list[str]:
    """Every file the generator owns under ``root``, as posix paths relative to it."""
    files = [p for tree in GENERATED_TREES for p in (root / tree).rglob("*") if p.is_file()]
    files.append(root / "expected.json")
    return sorted(p.relative_to(root).as_posix() for p in files)


def log_files() -> list[Path]:
    return sorted(p for p in FIXTURES.rglob("*") if p.name.endswith((".log", ".log.deleted")))


def ids(paths: list[Path]) -> list[str]:
    return [p.relative_to(FIXTURES).as_posix() for p in paths]


@dataclass(frozen=True)
class BatchInfo:
    position: int
    base_offset: int
    last_offset: int
    max_timestamp: int


def shallow_batches(data: bytes) -> Iterator[Any]:
    """kafka-python's batches of a whole .log, checking that they cover it exactly."""
    reader = MemoryRecords(data)
    end = 0
    while reader.has_next():
        batch = reader.next_batch()
        end += batch.size_in_bytes
        yield batch
    assert end == len(data), f"kafka-python stopped at byte {end} of {len(data)}"


def v2_batches(log: Path) -> list[BatchInfo]:
    out = []
    position = 0
    for batch in shallow_batches(log.read_bytes()):
        assert isinstance(batch, DefaultRecordBatch), "the log directory holds v2 batches only"
        out.append(BatchInfo(position, batch.base_offset, batch.last_offset, batch.max_timestamp))
        position += batch.size_in_bytes
    return out


def sibling_log(path: Path, ext: str) -> Path:
    """The .log beside an index, also for *.deleted leftovers (N.index.deleted -> N.log.deleted)."""
    name = path.name.replace(ext, ".log", 1)
    return path.with_name(name)


def segment_base(path: Path) -> int:
    return int(path.name.split(".", 1)[0])


# --- (i) the README lists every fixture, and every listed fixture exists ------------------------------


def readme_paths() -> set[str]:
    text = (FIXTURES / "README.md").read_text(encoding="utf-8")
    return set(re.findall(r"`((?:segments|logdir)/[^`\s]+|expected\.json|make_fixtures\.py)`", text))


def test_readme_lists_existing_files() -> None:
    missing = sorted(p for p in readme_paths() if not (FIXTURES / p).is_file())
    assert not missing, f"README.md names files that do not exist: {missing}"


def test_readme_lists_every_generated_file() -> None:
    unlisted = sorted(set(generated_files(FIXTURES)) - readme_paths())
    assert not unlisted, f"fixture files missing from README.md: {unlisted}"


def test_fixtures_stay_small() -> None:
    sizes = {p: (FIXTURES / p).stat().st_size for p in generated_files(FIXTURES)}
    assert sum(sizes.values()) < 200_000
    too_big = {p: n for p, n in sizes.items() if n > 4096 and p != "expected.json"}
    assert not too_big


# --- (ii) the generator is deterministic and the committed files are its output -----------------------


def test_generator_reproduces_committed_files(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(GENERATOR), "--output-dir", str(tmp_path)],
        check=True,
        capture_output=True,
        text=True,
    )
    assert generated_files(tmp_path) == generated_files(FIXTURES)
    differing = [
        rel
        for rel in generated_files(FIXTURES)
        if (tmp_path / rel).read_bytes() != (FIXTURES / rel).read_bytes()
    ]
    # A difference with unchanged code means a compression library now emits other bytes: regenerate,
    # check expected.json's diff shows no change in records, and note the versions in README.md.
    assert not differing, f"regenerated files differ from the committed ones: {differing}"


# --- (iii) every checksum checks out with kafka-python ------------------------------------------------


@pytest.mark.parametrize("log", log_files(), ids=ids(log_files()))
def test_log_checksums(log: Path) -> None:
    for batch in shallow_batches(log.read_bytes()):
        # Before iterating: a compressed batch's buffer is replaced by the decompressed records.
        assert batch.validate_crc(), f"batch at offset {batch.base_offset}: CRC mismatch"
        records = list(batch)
        if isinstance(batch, LegacyRecordBatch):
            # Legacy inner messages carry their own CRC-32 (a wrapper's CRC covers only the wrapper).
            assert all(r.validate_crc() for r in records)
        else:
            assert len(records) == batch.records_count


def test_expected_json_covers_every_log() -> None:
    expected = json.loads((FIXTURES / "expected.json").read_text(encoding="utf-8"))
    # internal4/ and state/ are made by tools/kafka_schema_encoder.py and tools/state_fixtures.py,
    # each with its own expected.json.
    own = {"internal4", "state"}
    assert sorted(expected["files"]) == ids([p for p in log_files() if not own & set(p.parts)])
    for rel, info in expected["files"].items():
        assert all(b["crc_valid"] for b in info["batches"]), rel
        assert set(info["kafka_python_quirks"]) <= set(expected["kafka_python_quirks"]), rel


# --- (iv) index files point at batch starts in their .log ---------------------------------------------


def index_files(ext: str) -> list[Path]:
    return sorted(p for p in (FIXTURES / "logdir").rglob("*") if p.name.endswith((ext, ext + ".deleted")))


@pytest.mark.parametrize("index", index_files(".index"), ids=ids(index_files(".index")))
def test_offset_index_points_at_batch_starts(index: Path) -> None:
    base = segment_base(index)
    by_position = {b.position: b for b in v2_batches(sibling_log(index, ".index"))}
    data = index.read_bytes()
    assert len(data) % 8 == 0
    entries = [struct.unpack_from(">ii", data, i) for i in range(0, len(data), 8)]
    for relative, position in entries:
        assert position in by_position, f"position {position} is not a batch start"
        assert base + relative == by_position[position].last_offset
    assert entries == sorted(set(entries)), "entries must strictly increase"


@pytest.mark.parametrize("index", index_files(".timeindex"), ids=ids(index_files(".timeindex")))
def test_time_index_entries_match_log(index: Path) -> None:
    """Each entry is (max timestamp so far, last offset of the batch holding it), newer than the last."""
    base = segment_base(index)
    batches = v2_batches(sibling_log(index, ".timeindex"))
    max_so_far_at: dict[int, int] = {}
    running = -1
    for batch in batches:
        running = max(running, batch.max_timestamp)
        max_so_far_at[batch.last_offset] = running
    holder = {b.last_offset: b.max_timestamp for b in batches}
    data = index.read_bytes()
    assert data and len(data) % 12 == 0
    entries = [struct.unpack_from(">qi", data, i) for i in range(0, len(data), 12)]
    for timestamp, relative in entries:
        offset = base + relative
        assert holder.get(offset) == timestamp, (
            f"offset {offset} is not the last offset of a batch with {timestamp}"
        )
        assert max_so_far_at[offset] == timestamp
    timestamps = [t for t, _ in entries]
    assert timestamps == sorted(set(timestamps))
    # A cleanly closed segment always ends with its largest timestamp (LogSegment.onBecomeInactiveSegment).
    assert timestamps[-1] == running


def test_txn_index_points_at_abort_markers() -> None:
    [index] = index_files(".txnindex")
    data = index.read_bytes()
    assert len(data) % 34 == 0
    batches = {b.base_offset: b for b in shallow_batches(sibling_log(index, ".txnindex").read_bytes())}
    for i in range(0, len(data), 34):
        version, pid, first, last, lso = struct.unpack_from(">hqqqq", data, i)
        assert version == 0
        marker = batches[last]
        assert marker.is_control_batch and marker.producer_id == pid
        [record] = list(marker)
        assert isinstance(record, ControlRecord) and record.abort
        assert batches[first].producer_id == pid and batches[first].is_transactional
        assert lso <= last


@pytest.mark.parametrize("snapshot", index_files(".snapshot"), ids=ids(index_files(".snapshot")))
def test_producer_snapshots(snapshot: Path) -> None:
    data = snapshot.read_bytes()
    version, crc, count = struct.unpack_from(">hIi", data)
    assert version == 1
    assert crc == crc32c.crc32c(data[6:])
    assert len(data) == 10 + 46 * count
    assert int(snapshot.stem) <= max(int(p.stem) for p in snapshot.parent.glob("*.snapshot"))


# --- The fixtures really show the format quirks they are named for ----------------------------------


def legacy_wrapper_values(log: Path) -> list[bytes]:
    """The compressed payloads (wrapper values) of a v0/v1 segment, read straight from the bytes."""
    data = log.read_bytes()
    values = []
    position = 0
    while position < len(data):
        (size,) = struct.unpack_from(">i", data, position + 8)
        magic = data[position + 16]
        key_at = position + (26 if magic == 1 else 18)
        (key_len,) = struct.unpack_from(">i", data, key_at)
        value_at = key_at + 4 + max(key_len, 0)
        (value_len,) = struct.unpack_from(">i", data, value_at)
        values.append(data[value_at + 4 : value_at + 4 + value_len])
        position += 12 + size
    return values


def test_magic0_lz4_has_kafka_3160_header_checksum() -> None:
    """Kafka's magic 0 lz4 frames checksum the magic too (KAFKA-3160); standard decoders reject them."""
    for frame in legacy_wrapper_values(FIXTURES / "segments/v0-lz4/00000000000000000000.log"):
        descriptor_end = 7  # magic (4) + FLG + BD + HC: kafka-python drops the content size for v0
        correct = xxhash.xxh32(frame[4 : descriptor_end - 1]).intdigest() >> 8 & 0xFF
        broken = xxhash.xxh32(frame[0 : descriptor_end - 1]).intdigest() >> 8 & 0xFF
        assert frame[descriptor_end - 1] == broken != correct


def test_gzip_mtime_is_pinned() -> None:
    for frame in legacy_wrapper_values(FIXTURES / "segments/v1-gzip/00000000000000000000.log"):
        assert struct.unpack_from("<I", frame, 4)[0] == 1_700_000_000


def test_java_like_frames_have_no_content_size() -> None:
    data = (FIXTURES / "segments/v2-java-like-frames/00000000000000000000.log").read_bytes()
    zstd_batch, lz4_batch = (bytes(b._buffer) for b in shallow_batches(data))
    zstd_frame, lz4_frame = zstd_batch[61:], lz4_batch[61:]
    assert zstandard.get_frame_parameters(zstd_frame).content_size == zstandard.CONTENTSIZE_UNKNOWN
    assert lz4_frame[4] == 0x60  # FLG: version 01, independent blocks, no content size, no checksum
