"""Index, snapshot, checkpoint readers and whole-directory reading, on real broker-written data."""

from __future__ import annotations

import itertools
import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import crc32c
import pytest
from conftest import FIXTURES, NO_REAL_DATA, REAL_DATA, real_data_available, real_params

from kafkaks import (
    CorruptDataError,
    Problem,
    UnsupportedError,
    partition_dirs,
    read_leader_epoch_checkpoint,
    read_log,
    read_log_dir,
    read_offset_checkpoint,
    read_offset_index,
    read_partition,
    read_partition_metadata,
    read_producer_snapshot,
    read_time_index,
    read_txn_index,
)
from kafkaks.store.files import OffsetIndexFile, iter_txn_index


@pytest.mark.parametrize(("path", "info"), real_params("index"))
def test_offset_index_entries_point_at_batches(path: Path, info: dict[str, Any]) -> None:
    entries = read_offset_index(path)
    assert len(entries) == max(info["nonzero"], 1 if info["entries"] else 0)
    log = path.with_name(path.name.replace(".index", ".log"))
    if info.get("verified_against_log") and log.exists():
        batches = {b.position: b for b in read_log(log)}
        assert all(e.position in batches and e.offset >= batches[e.position].last_offset for e in entries)


@pytest.mark.parametrize(("path", "info"), real_params("timeindex"))
def test_time_index_entries(path: Path, info: dict[str, Any]) -> None:
    entries = read_time_index(path)
    assert len(entries) == info["nonzero"]
    assert [e.timestamp for e in entries] == sorted(e.timestamp for e in entries)


@pytest.mark.parametrize(("path", "info"), real_params("snapshot"))
def test_producer_snapshots(path: Path, info: dict[str, Any]) -> None:
    snapshot = read_producer_snapshot(path)
    assert (snapshot.version, snapshot.crc_valid, len(snapshot.entries)) == (
        1,
        info["crc_ok"],
        info["entries"],
    )


def test_producer_snapshot_errors(tmp_path: Path) -> None:
    entry = struct.pack(">qhiqiqiq", 7, 1, 4, 99, 2, 1_700_000_000_000, 0, -1)
    body = struct.pack(">i", 1) + entry
    good = tmp_path / "00000000000000000100.snapshot"
    good.write_bytes(struct.pack(">hI", 1, crc32c.crc32c(body)) + body)
    snapshot = read_producer_snapshot(good)
    assert snapshot.crc_valid and snapshot.entries[0].current_txn_first_offset is None
    assert snapshot.entries[0].last_offset == 99
    bad_version = tmp_path / "bad.snapshot"
    bad_version.write_bytes(struct.pack(">hI", 2, 0) + body)
    with pytest.raises(UnsupportedError, match="unknown file version 2"):
        read_producer_snapshot(bad_version)
    truncated = tmp_path / "short.snapshot"
    truncated.write_bytes(struct.pack(">hIi", 1, 0, 3) + entry)
    with pytest.raises(CorruptDataError, match=r"short\.snapshot: Snapshot failed schema validation"):
        read_producer_snapshot(truncated)


def test_txn_index_keeps_kafkas_one_byte_version(tmp_path: Path) -> None:
    path = tmp_path / "00000000000000000000.txnindex"
    path.write_bytes(
        struct.pack(">hqqqq", 0, 5, 10, 20, 21) + struct.pack(">hqqqq", 1, 6, 30, 40, 41) + b"\0" * 7
    )
    entries = read_txn_index(path)
    assert [(e.version, e.producer_id, e.first_offset, e.last_offset) for e in entries] == [
        (0, 5, 10, 20),
        (0, 6, 30, 40),
    ]


def test_leader_epoch_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "leader-epoch-checkpoint"
    path.write_text("0\n2\n0 0\n5 1234\n")
    assert [(e.epoch, e.start_offset) for e in read_leader_epoch_checkpoint(path)] == [(0, 0), (5, 1234)]
    path.write_text("0\n3\n0 0\n")
    with pytest.raises(CorruptDataError, match="Expected 3 entries"):
        read_leader_epoch_checkpoint(path)
    path.write_text("0\n1\nzero 0\n")
    with pytest.raises(CorruptDataError, match="Malformed line 3"):
        read_leader_epoch_checkpoint(path)


def test_offset_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "recovery-point-offset-checkpoint"
    path.write_text("0\n2\nmy-topic 3 120\n__consumer_offsets 49 7\n")
    assert read_offset_checkpoint(path) == {("my-topic", 3): 120, ("__consumer_offsets", 49): 7}
    path.write_text("0\n1\nmy-topic x 120\n")
    with pytest.raises(CorruptDataError, match="Malformed line 3"):
        read_offset_checkpoint(path)
    path.write_text("0\n1\nmy topic 3 120\n")
    with pytest.raises(CorruptDataError, match="Malformed line 3"):
        read_offset_checkpoint(path)
    path.write_text("1\n0\n")
    with pytest.raises(UnsupportedError, match="Unrecognized version"):
        read_offset_checkpoint(path)


@pytest.mark.skipif(not real_data_available(), reason=NO_REAL_DATA)
def test_real_offset_checkpoints() -> None:
    for checkpoint in REAL_DATA.glob("*/**/recovery-point-offset-checkpoint"):
        lines = checkpoint.read_text().splitlines()
        points = read_offset_checkpoint(checkpoint)
        assert len(points) == int(lines[1])
        for (topic, partition), offset in points.items():
            assert f"{topic} {partition} {offset}" in lines
            assert offset >= 0


@pytest.mark.skipif(not real_data_available(), reason=NO_REAL_DATA)
def test_real_leader_epoch_checkpoints_and_partition_metadata() -> None:
    checkpoint = REAL_DATA / "confluent-ksql-txn/kafka-data/__consumer_offsets-29/leader-epoch-checkpoint"
    epochs = read_leader_epoch_checkpoint(checkpoint)
    assert len(epochs) == 17
    assert [e.start_offset for e in epochs] == sorted(e.start_offset for e in epochs)
    for metadata in REAL_DATA.glob("*/**/partition.metadata"):
        parsed = read_partition_metadata(metadata)
        assert parsed.version == 0 and len(parsed.topic_id) == 22


def test_multi_segment_partition_in_offset_order(real_data: Path) -> None:
    partition = real_data / "snappy-raw-multiseg/kafka-data/oms_order_status_changed-2"
    offsets = [r.offset for r in read_partition(partition)]
    assert offsets == sorted(offsets) and offsets[0] == 10917
    assert len(offsets) == len(set(offsets))


def test_temporary_files_are_left_out_unless_asked(real_data: Path) -> None:
    partition = real_data / "cleaner-swap-files-a/kafka/kafka-logs/__consumer_offsets-18"
    live = list(read_partition(partition))
    problems: list[Problem] = []
    with_temp = list(read_partition(partition, include_temp_files=True, on_problem=problems.append))
    swap = list(read_log(partition / "00000000000000000000.log.swap"))
    # The .swap (the cleaner's output) holds offsets of the live segment: each is read once, from
    # the live segment, and the overlap is reported (issue 14.11; it used to be read twice).
    swapped = [record.offset for batch in swap for record in batch.records()]
    assert [r.offset for r in with_temp] == [r.offset for r in live]
    assert set(swapped) <= {r.offset for r in live}
    assert [(p.kind, p.offset) for p in problems] == [("segment_overlap", offset) for offset in swapped]
    assert {r.topic for r in live} == {"__consumer_offsets"}


def test_log_dir_reads_every_partition(real_data: Path) -> None:
    log_dir = real_data / "confluent-ksql-txn/kafka-data"
    partitions = partition_dirs(log_dir)
    assert {p.topic for p in partitions} >= {"_schemas", "__transaction_state", "__consumer_offsets"}
    records = list(read_log_dir(log_dir, isolation="read_committed"))
    seen = {(r.topic, r.partition) for r in records}
    assert ("_confluent-ksql-default__command_topic", 0) in seen
    assert not any(r.control for r in records)
    uncommitted = list(read_log_dir(log_dir))
    assert sum(1 for r in uncommitted if r.control and r.control.type == "COMMIT") == 1
    assert len(uncommitted) == len(records) + sum(1 for r in uncommitted if r.control)


# Issue 30.2: indexes are preallocated to segment.index.bytes, which an operator can set to
# anything; a 1 GiB zero-filled .index made verify and dump peak at 1.07 GB. Sparse files of
# several GiB (truncate: no disk used) with the fixture's real entries at the front.
PREALLOCATED = {".index": 4 << 30, ".timeindex": 12 << 28}  # whole slots: multiples of 8 and 12
MAX_RSS = 300 << 20  # generous: the interpreter and kafkaks take about 60 MB


def fixture_copy(tmp_path: Path, name: str = "plain") -> Path:
    """orders-0 and txn-topic-0 of the fixture log dir."""
    copy = tmp_path / name
    for partition in ("orders-0", "txn-topic-0"):
        shutil.copytree(FIXTURES / "logdir" / partition, copy / partition)
    return copy


def preallocated_copy(tmp_path: Path) -> Path:
    """:func:`fixture_copy` with each index extended with a zero tail."""
    copy = fixture_copy(tmp_path, "grown")
    for suffix, size in PREALLOCATED.items():
        for path in copy.glob(f"*/*{suffix}"):
            os.truncate(path, size)
    return copy


def kafkaks_run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kafkaks.cli", *map(str, args)], capture_output=True, text=True, check=False
    )


def kafkaks_peak_rss(*args: str | Path) -> int:
    """Peak resident bytes of a ``kafkaks`` run, measured by the interpreter that waited for it."""
    probe = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    command = [sys.executable, "-m", "kafkaks.cli", *map(str, args)]
    result = subprocess.run(
        [sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True
    )
    return int(result.stdout) * 1024  # ru_maxrss is in KiB on Linux


@pytest.mark.parametrize(
    "command",
    [["verify"], ["verify", "--json"], ["dump"], ["dump", "--json"], ["dump", "--verify-index-only"]],
    ids=["verify", "verify-json", "dump", "dump-json", "dump-verify-index-only"],
)
def test_preallocated_indexes_of_gibibytes(tmp_path: Path, command: list[str]) -> None:
    copy = preallocated_copy(tmp_path)
    assert sum(p.stat().st_size for p in copy.rglob("*index")) > 20 << 30  # what the files claim
    plain = fixture_copy(tmp_path)  # a path of the same length: the same column widths
    fixture_run = kafkaks_run(*command, plain)
    run = kafkaks_run(*command, copy)
    here, there = str(plain), str(copy)
    assert run.stdout  # a run that printed something

    def sizes_apart(text: str) -> str:  # --json's file objects give each file's size
        return re.sub(r'("kind":"(?:time)?index","size":)\d+', r"\1N", text)

    assert (run.returncode, sizes_apart(run.stdout), run.stderr) == (
        fixture_run.returncode,
        sizes_apart(fixture_run.stdout.replace(here, there)),
        fixture_run.stderr.replace(here, there),
    )
    assert kafkaks_peak_rss(*command, copy) < MAX_RSS


def test_sanity_check_of_a_preallocated_index_reads_two_slots(tmp_path: Path) -> None:
    """Kafka's sanityCheck reads the length and the last slot, here in the zero tail: the .index
    passes (its last offset is the base offset), the .timeindex does not (its last timestamp, 0,
    is below the first), in Kafka's words, at the memory of two slots."""
    segment = preallocated_copy(tmp_path) / "orders-0"
    run = kafkaks_run(
        "dump", "--index-sanity-check", segment / f"{16:020d}.index", segment / f"{16:020d}.timeindex"
    )
    assert f"{segment / f'{16:020d}.index'} passed sanity check." in run.stdout
    first = read_time_index(FIXTURES / "logdir/orders-0" / f"{16:020d}.timeindex")[0].timestamp
    assert (
        f"has non-zero size but the last timestamp is 0 which is less than the first timestamp {first}"
        in run.stdout + run.stderr
    )
    assert kafkaks_peak_rss("dump", "--index-sanity-check", segment) < MAX_RSS


def test_index_readers_stop_at_the_preallocated_tail(tmp_path: Path) -> None:
    """The readers read whole chunks up to the first unused slot, from a path or an open file, and
    give the fixture's entries; the transaction index, never preallocated by Kafka, streams."""
    copy = preallocated_copy(tmp_path)
    for name in ("orders-0/00000000000000000016.index", "txn-topic-0/00000000000000000000.index"):
        expected = read_offset_index(FIXTURES / "logdir" / name)
        assert read_offset_index(copy / name) == expected
        with open(copy / name, "rb") as file:
            assert read_offset_index(copy / name, data=file) == expected
        with OffsetIndexFile(copy / name) as entries:
            assert list(entries) == expected
    timeindex = "orders-0/00000000000000000016.timeindex"
    assert read_time_index(copy / timeindex) == read_time_index(FIXTURES / "logdir" / timeindex)
    txnindex = copy / "txn-topic-0/00000000000000000000.txnindex"
    expected_txns = read_txn_index(FIXTURES / "logdir/txn-topic-0/00000000000000000000.txnindex")
    os.truncate(txnindex, 34 << 27)  # 4.25 GiB of zero entries, which Kafka would read as entries
    assert list(itertools.islice(iter_txn_index(txnindex), len(expected_txns))) == expected_txns
