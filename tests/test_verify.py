"""``kafkaks verify`` and ``verify --recovery`` on real data, fixtures and damaged copies of both.

Expected numbers come from outside kafkaks: the independent counts in the real data's VERIFIED.json,
batch walks with ``struct`` and kafka-python's reader (``kafka.record``), and the rules of Kafka's
``LogSegment.recover`` and ``LogLoader.recoverLog`` written out here.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import shutil
import struct
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, real_params
from kafka.record import MemoryRecords
from kafka.record.default_records import DefaultRecordBatch, DefaultRecordBatchBuilder
from kafka.record.util import calc_crc32c

from kafkaks import progress
from kafkaks.cli.main import main
from kafkaks.models import OffsetIndexEntry
from kafkaks.problems import ProblemKind
from kafkaks.store.cleaning import cleaning_of
from kafkaks.store.recovery import plan_recovery
from kafkaks.store.verify import lookup, verify_files

CORRUPTION = {kind for kind in ProblemKind if kind.damage}  # what kafkaks verify counts as damage


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], list[str]]:
    code = main(["verify", *args])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err.splitlines()


def batch_positions(data: bytes) -> list[int]:
    positions, position = [], 0
    while position + 17 < len(data):
        positions.append(position)
        position += 12 + struct.unpack_from(">i", data, position + 8)[0]
    return positions


def kafka_python_batches(data: bytes) -> list[tuple[int, int, int, int]]:
    """(position, base offset, last offset, records) of each batch, read by kafka-python (the
    record count of a v2 batch from its header, so that damaged records can be counted)."""
    found, position = [], 0
    records = MemoryRecords(data)
    while (batch := records.next_batch()) is not None:
        if isinstance(batch, DefaultRecordBatch):
            found.append((position, batch.base_offset, batch.last_offset, batch.records_count))
        else:  # kafka-python's base_offset of a legacy entry is its own (the last) offset
            offsets = [record.offset for record in batch]
            found.append((position, offsets[0], batch.base_offset, len(offsets)))
        position += batch.size_in_bytes
    return found


# Real data: every segment verifies clean, with the independent counts.


def live(*kinds: str) -> list[Any]:
    """real_params without .deleted/.swap/.cleaned files, which verify skips as Kafka's tools do."""
    temp = (".deleted", ".swap", ".cleaned")
    return [p for p in real_params(*kinds) if p.values[0] is None or not p.values[0].name.endswith(temp)]


@pytest.mark.parametrize(("path", "info"), live("log"))
def test_real_segment_counts(path: Path, info: dict[str, Any]) -> None:
    (report,) = verify_files([str(path)])
    (segment,) = report.segments
    # VERIFIED.json counts v2 records only; legacy messages are counted by kafka-python here.
    records = (
        info["records"]
        if info["magics"] == [2]
        else sum(b[3] for b in kafka_python_batches(path.read_bytes()))
    )
    assert (segment.batches, segment.records) == (info["entries"], records)
    assert [p for p in report.problems if p.kind in CORRUPTION] == []


@pytest.mark.parametrize(("path", "info"), live("index", "timeindex", "snapshot"))
def test_real_companion_files(path: Path, info: dict[str, Any]) -> None:
    """Every index entry that VERIFIED.json checked against its log passes; snapshots' CRCs hold."""
    (report,) = verify_files([str(path)])
    kinds = {problem.kind for problem in report.problems}
    if not path.with_name(path.name.split(".")[0] + ".log").exists() and path.suffix != ".snapshot":
        assert kinds <= {"missing_log"}
        return
    assert kinds & CORRUPTION == set(), report.problems


@pytest.mark.slow
def test_pre_kafka_16310_time_index_entry_is_information(real_data: Path) -> None:
    """orders-0 (Confluent 7.6 = Kafka 3.6) indexed the offset of the record with the largest
    timestamp; Kafka's dump calls it not found, verify names it and does not fail."""
    path = real_data / "lz4-logappend-headers-cp7.6/data/orders-0/00000000000000000000.timeindex"
    (report,) = verify_files([str(path)])
    assert [(p.kind, p.offset) for p in report.problems] == [("time_index_record_offset", 13562)]
    assert not report.corrupt


@pytest.mark.slow
def test_information_is_counted_apart_and_printed_only_with_verbose(
    real_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 13.7: healthy data from an older broker printed its information on stderr like damage,
    under a column called problems."""
    directory = real_data / "lz4-logappend-headers-cp7.6/data/orders-0"
    line = (
        f"kafkaks: {directory}/00000000000000000000.timeindex: position 8124, offset 13562: Indexed "
        "offset 13562 is inside the batch ending at offset 13563 (its record with the largest timestamp)"
    )
    code, out, err = run(capsys, str(directory))
    assert (code, err) == (0, [])
    assert out[0].split() == ["partition", "segments", "batches", "records", "offsets", "damage", "info"]
    assert out[1].split() == [
        str(directory),
        "1",
        "17194",
        "17212",
        "0..17211",
        "-",
        "time_index_record_offset=1",
    ]
    code, verbose_out, err = run(capsys, "--verbose", str(directory))
    assert (code, verbose_out, err) == (0, out, [line])
    assert run(capsys, "--quiet", str(directory)) == (0, [], [])
    code, out, _err = run(capsys, "--quiet", "--json", str(directory))
    objects = [json.loads(line) for line in out]
    assert [(o["kind"], o["corrupt"]) for o in objects if o["type"] == "problem"] == [
        ("time_index_record_offset", False)
    ]


def test_quiet_prints_only_damage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    directory = tmp_path / "orders-0"
    shutil.copytree(FIXTURES / "logdir" / "orders-0", directory)
    log = sorted(directory.glob("*.log"))[0]
    data = bytearray(log.read_bytes())
    data[-5] ^= 0xFF  # in the records of the last batch: its CRC fails
    log.write_bytes(data)
    code, out, err = run(capsys, str(directory))
    assert (
        code == 1 and "CRC" in err[0] and out[1].split()[-3:] == ["corrupt_records=1,", "crc_mismatch=1", "-"]
    )
    assert run(capsys, "--quiet", str(directory)) == (1, [], err)
    assert main(["verify", "--quiet", "--verbose", str(directory)]) == 2


def test_overlapping_segments_in_real_data(real_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """This copy holds a cleaned 00..00.log reaching offset 473 beside the older 63.log: the
    segments overlap, which verify reports (a broker would serve two segments for 63..473), then
    reads them as one log: each of the 4 batches in both files once, the uncleaned one where the
    cleaner dropped records (issue 14.11)."""
    directory = real_data / "compacted-gaps-producer-snapshots/kafka/data/__consumer_offsets-25"
    code, out, err = run(capsys, str(directory))
    assert code == 1
    assert err[0] == (
        f"kafkaks: {directory}/00000000000000000063.log: position 0, offset 63: segment base offset 63 "
        "is not above the last offset 473 of 00000000000000000000.log"
    )
    assert out[1].split() == [str(directory), "3", "460", "461", "63..519", "offset_order=1", "-"]
    assert len(err) == 1  # the overlap is information: counted, printed with --verbose
    assert out[2].split() == [
        str(directory),
        "(read",
        "once)",
        "3",
        "456",
        "457",
        "63..519",
        "-",
        "segment_overlap=4",
    ]
    code, verbose_out, err = run(capsys, "--verbose", str(directory))
    assert (code, verbose_out) == (1, out)
    assert [line.split(": ")[2].split(",")[1] for line in err[1:]] == [
        " offset 153",
        " offset 369",
        " offset 408",
        " offset 473",
    ]


def test_summary_table(capsys: pytest.CaptureFixture[str]) -> None:
    directory = FIXTURES / "logdir"
    code, out, err = run(capsys, str(directory))
    assert (code, err) == (0, [])
    expected = {}
    for partition in ("orders-0", "orders-1", "txn-topic-0"):
        batches = [
            b
            for log in sorted((directory / partition).glob("*.log"))
            for b in kafka_python_batches(log.read_bytes())
        ]
        first, last = min(b[1] for b in batches), max(b[2] for b in batches)
        segments = len(list((directory / partition).glob("*.log")))
        expected[str(directory / partition)] = [
            str(segments),
            str(len(batches)),
            str(sum(b[3] for b in batches)),
            f"{first}..{last}",
            "-",
            "-",
        ]
    assert out[0].split() == ["partition", "segments", "batches", "records", "offsets", "damage", "info"]
    assert {line.split()[0]: line.split()[1:] for line in out[1:]} == expected


def test_the_summary_counts_the_records_that_decode_not_a_claimed_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A crafted batch (CRC right) claiming 2^31 - 1 records between two good ones: the summary
    counts the 4 records that decode, and the claim is reported as a problem."""
    good = [DefaultRecordBatchBuilder(2, 0, 0, -1, -1, -1, 1 << 20) for _ in range(3)]
    for number, builder in enumerate(good):
        for delta in range(2):
            builder.append(delta, timestamp=1000, key=None, value=b"v%d" % number, headers=[])
    first, hostile, last = (bytearray(builder.build()) for builder in good)
    struct.pack_into(">q", hostile, 0, 2)
    struct.pack_into(">q", last, 0, 4)
    struct.pack_into(">i", hostile, 57, 2**31 - 1)
    struct.pack_into(">I", hostile, 17, calc_crc32c(bytes(hostile[21:])))
    directory = tmp_path / "t-0"
    directory.mkdir()
    (directory / "00000000000000000000.log").write_bytes(bytes(first + hostile + last))
    code, out, err = run(capsys, str(directory))
    assert code == 1
    assert out[1].split()[1:4] == ["1", "3", "4"]  # segments, batches, records
    assert any(f"position {len(first)}, offset 2: record count 2147483647 cannot fit" in line for line in err)
    code, out, _ = run(capsys, "--json", str(directory))
    summary = next(o for o in map(json.loads, out) if o["type"] == "summary")
    assert (summary["records"], summary["problems"]) == (4, {"corrupt_records": 1})


# Index semantics


class CountingEntries(list[OffsetIndexEntry]):
    """Index entries that count how many of them are read."""

    reads = 0

    def __getitem__(self, index: Any) -> Any:
        self.reads += 1
        return super().__getitem__(index)

    def __iter__(self) -> Any:
        self.reads += len(self)
        return super().__iter__()


def test_lookup_reads_a_logarithmic_number_of_entries() -> None:
    """Dumping or verifying a .timeindex looks each entry up in the .index: reading every index
    entry per lookup made a full segment's time index (262,144 entries) quadratic."""
    entries = CountingEntries(OffsetIndexEntry(offset, offset * 100) for offset in range(0, 200_000, 2))
    for offset, position in [(-1, 0), (0, 0), (1, 0), (2, 200), (77_777, 7_777_600), (10**9, 19_999_800)]:
        entries.reads = 0
        assert lookup(entries, offset) == position
        assert entries.reads <= 2 * len(entries).bit_length() + 1, offset


def segment_copy(tmp_path: Path, real_data: Path) -> tuple[Path, bytes, list[tuple[int, int, int, int]]]:
    source = real_data / "gzip-headers-epochs/data/lsx1-0/00000000000000000000.log"
    directory = tmp_path / "lsx1-0"
    directory.mkdir()
    log = directory / source.name
    shutil.copyfile(source, log)
    data = log.read_bytes()
    return log, data, kafka_python_batches(data)


def test_index_entries(tmp_path: Path, real_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log, _data, batches = segment_copy(tmp_path, real_data)
    index = log.with_suffix(".index")
    good = (batches[1][2], batches[1][0])  # Kafka today: a batch's last offset and its position
    append = (batches[4][2], batches[2][0])  # pre-KAFKA-806: batches 2-4 appended together
    wrong = (batches[5][2], batches[6][0])  # an offset below its batch's
    nowhere = (batches[8][2], batches[8][0] + 1)  # a position where no batch starts
    index.write_bytes(b"".join(struct.pack(">ii", o, p) for o, p in (good, append, wrong, nowhere)))
    code, _out, err = run(capsys, "--verbose", str(log.parent))
    assert code == 1
    assert [line.split(": ")[2] for line in err] == [
        f"position 8, offset {append[0]}",
        f"position 16, offset {wrong[0]}",
        f"position 24, offset {nowhere[0]}",
    ]
    code, out, err = run(capsys, str(log.parent))  # without --verbose: only the damage
    assert code == 1
    assert [line.split(": ")[2] for line in err] == [
        f"position 16, offset {wrong[0]}",
        f"position 24, offset {nowhere[0]}",
    ]
    assert out[1].split()[-3:] == ["index_mismatch=1,", "index_no_batch=1", "index_multi_batch_append=1"]
    (report,) = verify_files([str(index)])
    assert [p.kind for p in report.problems] == [
        "index_multi_batch_append",
        "index_mismatch",
        "index_no_batch",
    ]

    index.write_bytes(struct.pack(">ii", *good) + struct.pack(">ii", *append))
    assert run(capsys, str(index))[0] == 0  # the pre-KAFKA-806 entry alone is not corruption


def test_time_index_entries(tmp_path: Path, real_data: Path) -> None:
    log, data, batches = segment_copy(tmp_path, real_data)
    records = MemoryRecords(data)
    stamps = []
    while (batch := records.next_batch()) is not None:
        stamps.append(max(record.timestamp for record in batch))
    entries = [
        (stamps[1], batches[1][2]),  # right
        (stamps[1], batches[2][2]),  # repeated timestamp, and not batch 2's largest
        (stamps[4] + 7, batches[4][2]),  # not the batch's largest timestamp
        (stamps[0], batches[5][2]),  # goes back in time
    ]
    log.with_suffix(".timeindex").write_bytes(b"".join(struct.pack(">qi", t, o) for t, o in entries))
    (report,) = verify_files([str(log.with_suffix(".timeindex"))])
    found = [(p.kind, p.position) for p in report.problems]
    assert ("time_index_repeated_timestamp", 12) in found
    assert ("time_index_mismatch", 24) in found
    assert ("time_index_out_of_order", 36) in found
    assert report.corrupt


def test_segment_named_above_its_first_batch(tmp_path: Path, real_data: Path) -> None:
    log, _data, batches = segment_copy(tmp_path, real_data)
    log.rename(log.with_name(f"{batches[0][1] + 1:020d}.log"))
    (report,) = verify_files([str(log.with_name(f"{batches[0][1] + 1:020d}.log"))])
    assert [(p.kind, p.offset) for p in report.problems] == [("offset_order", batches[0][1])]


def test_snapshot_crc(tmp_path: Path, real_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = (
        real_data
        / "codecrafters-kafka-tester@e856b9a/kraft-combined-logs/foo-0/00000000000000000003.snapshot"
    )
    data = bytearray(source.read_bytes())
    data[-1] ^= 1
    path = tmp_path / source.name
    path.write_bytes(data)
    code, _out, err = run(capsys, str(path))
    assert code == 1
    assert err[0].startswith(f"kafkaks: {path}: position 2: Snapshot is corrupt (CRC is no longer valid)")


# Damaged copies of real segments


@pytest.mark.parametrize("damaged", [0, 3, -1], ids=["first", "middle", "last"])
def test_flipped_byte_in_real_segment(
    damaged: int, tmp_path: Path, real_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = real_data / "snappy-raw-multiseg/kafka-data/oms_order_status_changed-0/00000000000000000000.log"
    data = bytearray(source.read_bytes())
    batches = kafka_python_batches(bytes(data))
    position, _base, last, _records = batches[damaged]
    data[position + 40] ^= 0x55  # in the max timestamp: covered by the CRC, the records still decode
    path = tmp_path / source.name
    path.write_bytes(data)
    code, out, err = run(capsys, str(path))
    assert code == 1
    assert err == [f"kafkaks: {path}: position {position}, offset {last}: " + err[0].split(": ", 3)[3]]
    assert "CRC-32C mismatch" in err[0]
    assert out[1].split()[1:] == [
        "1",
        str(len(batches)),
        str(sum(b[3] for b in batches)),
        f"{batches[0][1]}..{batches[-1][2]}",
        "crc_mismatch=1",
        "-",
    ]


# Recovery


def damaged_logdir(tmp_path: Path, damage: dict[str, int], recovery_point: int | None = 42) -> Path:
    """A copy of the fixture log dir with one byte flipped in batch ``damage[segment]`` of
    orders-0's segments, and orders 0's recovery point set (the file removed when None)."""
    logdir = tmp_path / "logdir"
    shutil.copytree(FIXTURES / "logdir", logdir)
    for name, batch in damage.items():
        path = logdir / "orders-0" / name
        data = bytearray(path.read_bytes())
        data[batch_positions(bytes(data))[batch] + 70] ^= 0xFF
        path.write_bytes(data)
    checkpoint = logdir / "recovery-point-offset-checkpoint"
    if recovery_point is None:
        checkpoint.unlink()
    else:
        checkpoint.write_text(f"0\n1\norders 0 {recovery_point}\n")
    return logdir / "orders-0"


def lost(path: Path, position: int) -> tuple[int, int, int, int, int]:
    """(bytes, batches, records, first offset, last offset) from ``position`` on, by kafka-python."""
    data = path.read_bytes()
    batches = [b for b in kafka_python_batches(data) if b[0] >= position]
    return (
        len(data) - position,
        len(batches),
        sum(b[3] for b in batches),
        min(b[1] for b in batches),
        max(b[2] for b in batches),
    )


def summary(loss: Any) -> tuple[int, int, int, int | None, int | None]:
    return (loss.lost_bytes, len(loss.batches), loss.records, loss.first_offset, loss.last_offset)


def test_recovery_truncates_and_deletes_later_segments(tmp_path: Path) -> None:
    """Recovery point 20 lies in segment 16: it is walked, truncated at its damaged batch 2 with
    everything after, and segment 30 is deleted whole (LogLoader.recoverLog)."""
    directory = damaged_logdir(tmp_path, {"00000000000000000016.log": 2}, recovery_point=20)
    plan = plan_recovery(directory)
    segment16, segment30 = directory / "00000000000000000016.log", directory / "00000000000000000030.log"
    assert plan.recovery_point == 20 and not plan.clean_shutdown
    assert plan.recovered == [str(segment16), str(segment30)]
    truncated, deleted = plan.losses
    position = batch_positions(segment16.read_bytes())[2]
    assert (truncated.stage, truncated.position) == ("recovery", position)
    assert truncated.reason.startswith("Record is corrupt (stored crc = ")
    assert summary(truncated) == lost(segment16, position)
    assert truncated.batches[0].crc_valid is False and all(b.crc_valid for b in truncated.batches[1:])
    assert (deleted.stage, deleted.position) == ("deleted", 0)
    assert summary(deleted) == lost(segment30, 0)
    assert plan.lost_records == lost(segment16, position)[2] + lost(segment30, 0)[2]


def test_recovery_point_leaves_older_damage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With the recovery point at 42 only segment 30 is recovered: the damage in segment 16 stays."""
    directory = damaged_logdir(tmp_path, {"00000000000000000016.log": 2, "00000000000000000030.log": 1})
    code, out, _err = run(capsys, "--recovery", str(directory))
    assert code == 1
    segment30 = directory / "00000000000000000030.log"
    position16 = batch_positions((directory / "00000000000000000016.log").read_bytes())[2]
    position30 = batch_positions(segment30.read_bytes())[1]
    size, batches, records, first, last = lost(segment30, position30)
    text = "\n".join(out)
    assert f"recovery point 42 (from {directory.parent}/recovery-point-offset-checkpoint)" in text
    assert "after an unclean shutdown a broker recovers 1 segment from 00000000000000000030.log" in text
    assert f"00000000000000000016.log: damaged at byte {position16} of " in text
    assert f"00000000000000000030.log: truncated at byte {position30} of {segment30.stat().st_size}: " in text
    assert f"lost: {size} bytes, {batches} batches, {records} records, offsets {first}..{last}" in text
    assert "deleted" not in text


def test_recovery_view_says_1_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 13.8: one lost batch read "1 batches"."""
    segment30 = damaged_logdir(tmp_path, {"00000000000000000030.log": 3}) / "00000000000000000030.log"
    position = batch_positions(segment30.read_bytes())[3]
    size, batches, records, first, last = lost(segment30, position)
    assert batches == 1 and records > 1
    code, out, _err = run(capsys, "--recovery", str(segment30.parent))
    assert code == 1
    assert f"    lost: {size} bytes, 1 batch, {records} records, offsets {first}..{last}" in out
    assert (
        f"    - batch at position {position}, {size} bytes: offsets {first}..{last}, {records} records "
        "(CRC mismatch)" in out
    )


def test_recovery_without_checkpoint_starts_at_zero(tmp_path: Path) -> None:
    directory = damaged_logdir(tmp_path, {"00000000000000000000.log": 4}, recovery_point=None)
    plan = plan_recovery(directory)
    assert plan.recovery_point == 0 and "no recovery-point-offset-checkpoint" in plan.basis
    assert [loss.stage for loss in plan.losses] == ["recovery", "deleted", "deleted"]


def test_clean_shutdown_skips_recovery(tmp_path: Path) -> None:
    directory = damaged_logdir(tmp_path, {"00000000000000000030.log": 1})
    (directory.parent / ".kafka_cleanshutdown").write_text('{"version":0,"brokerEpoch":1}')
    plan = plan_recovery(directory)
    assert plan.clean_shutdown and plan.recovered == []
    assert [loss.stage for loss in plan.losses] == ["untouched"] and plan.lost_records == 0


def test_missing_index_is_recovered_at_load(tmp_path: Path) -> None:
    """LogLoader.loadSegmentFiles recovers a segment without .index whatever the recovery point,
    and that truncation deletes nothing else."""
    directory = damaged_logdir(tmp_path, {"00000000000000000000.log": 1})
    (directory / "00000000000000000000.index").unlink()
    plan = plan_recovery(directory)
    assert [(loss.stage, Path(loss.path).name) for loss in plan.losses] == [
        ("load", "00000000000000000000.log")
    ]


def test_partial_batch_is_truncated_and_deletes_later_segments(tmp_path: Path) -> None:
    directory = damaged_logdir(tmp_path, {}, recovery_point=0)
    segment = directory / "00000000000000000016.log"
    data = segment.read_bytes()
    segment.write_bytes(data[:-10])
    plan = plan_recovery(directory)
    truncated, deleted = plan.losses
    last = batch_positions(data)[-1]
    assert (truncated.position, truncated.batches, truncated.unreadable_bytes) == (
        last,
        [],
        len(data) - 10 - last,
    )
    assert Path(deleted.path).name == "00000000000000000030.log"


def test_recovery_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    directory = damaged_logdir(tmp_path, {"00000000000000000030.log": 1})
    code, out, err = run(capsys, "--json", "--recovery", str(directory))
    assert (code, err) == (1, [])
    objects = [json.loads(line) for line in out]
    assert [o["type"] for o in objects] == ["problem", "problem", "summary", "recovery"]
    (loss,) = objects[-1]["losses"]
    position = batch_positions((directory / "00000000000000000030.log").read_bytes())[1]
    assert (loss["stage"], loss["position"]) == ("recovery", position)
    assert objects[0]["kind"] == "crc_mismatch" and objects[0]["position"] == position


# Command line


def test_usage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify"]) == 2
    assert "usage:" in capsys.readouterr().err
    code, _out, err = run(capsys, str(tmp_path / "nothing.log"))
    assert code == 2
    assert err == [f"kafkaks: error: {tmp_path / 'nothing.log'}: No such file or directory"]


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_for_large_input(
    real_data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = real_data / "snappy-raw-multiseg/kafka-data/oms_order_status_changed-0/00000000000000000000.log"
    monkeypatch.setattr(progress, "THRESHOLD", path.stat().st_size)
    terminal = FakeTerminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["verify", str(path)]) == 0
    drawn = terminal.getvalue()
    assert drawn.startswith("\rkafkaks verify [") and "100%" in drawn and drawn.endswith("\r\033[K")
    assert "\r" not in capsys.readouterr().out

    monkeypatch.setattr(progress, "THRESHOLD", path.stat().st_size + 1)
    small = FakeTerminal()
    monkeypatch.setattr("sys.stderr", small)
    assert main(["dump", str(path)]) == 0
    assert small.getvalue() == ""

    monkeypatch.setattr(progress, "THRESHOLD", 1)
    piped = io.StringIO()
    monkeypatch.setattr("sys.stderr", piped)
    assert main(["dump", str(path)]) == 0
    assert piped.getvalue() == ""


# Issue 29: index entries on segments the log cleaner rewrote. kafka-python builds the batches
# (DefaultRecordBatchBuilder; the base offset is the broker's, outside the CRC); Kafka's cleaner
# leaves offset gaps between batches, and filtered batches keeping their base and last offsets.


def built_batch(base_offset: int, deltas: list[int], first_timestamp: int) -> bytes:
    """A v2 batch at ``base_offset`` holding records at these offset deltas, one a millisecond."""
    builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 20)
    for delta in deltas:
        builder.append(delta, first_timestamp + delta, f"key-{base_offset + delta}".encode(), b"value", [])
    data = bytearray(builder.build())
    struct.pack_into(">q", data, 0, base_offset)
    return bytes(data)


def built_partition(tmp_path: Path, name: str, batches: list[bytes]) -> Path:
    """A partition directory holding a segment of these batches; its .log's path."""
    directory = tmp_path / name
    directory.mkdir()
    log = directory / f"{0:020d}.log"
    log.write_bytes(b"".join(batches))
    return log


def index_files(log: Path, offset: int, position: int, timestamp: int) -> None:
    """A one-entry .index and .timeindex beside ``log``."""
    log.with_suffix(".index").write_bytes(struct.pack(">ii", offset, position))
    log.with_suffix(".timeindex").write_bytes(struct.pack(">qi", timestamp, offset))


def problems_of(log: Path) -> list[tuple[str, str, int | None]]:
    reports = verify_files(sorted(str(path) for path in log.parent.iterdir()))
    return [(os.path.splitext(p.path)[1], p.kind, p.offset) for r in reports for p in r.problems]


def test_an_offset_removed_by_cleaning_is_information(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same entries, offset 7 at the position of the batch that starts at offset 10: in a
    segment whose batches 5..9 the cleaner dropped it is what cleaning leaves (information, exit
    0); in a segment that still holds them it is damage (exit 1)."""
    first, kept, dropped = built_batch(0, [0, 1, 2, 3, 4], 1000), built_batch(10, [0, 1, 2, 3, 4], 1010), None
    dropped = built_batch(5, [0, 1, 2, 3, 4], 1005)
    cleaned = built_partition(tmp_path, "cleaned-0", [first, kept])
    index_files(cleaned, 7, len(first), 1014)
    assert problems_of(cleaned) == [
        (".index", "index_cleaned_offset", 7),
        (".timeindex", "time_index_cleaned_offset", 7),
    ]
    code, _out, err = run(capsys, "--verbose", str(cleaned.parent))
    assert code == 0
    assert "Index offset 7 is in offsets 5..9, which no batch holds: the log cleaner removed them" in err[0]
    assert "1 offset gap(s) between batches" in err[0]

    uncleaned = built_partition(tmp_path, "uncleaned-0", [first, dropped, kept])
    index_files(uncleaned, 7, len(first) + len(dropped), 1014)
    assert problems_of(uncleaned) == [
        (".index", "index_mismatch", 7),
        (".timeindex", "time_index_not_found", 7),
    ]
    assert run(capsys, str(uncleaned.parent))[0] == 1


def test_a_gap_beside_skipped_bytes_is_no_cleaning(tmp_path: Path) -> None:
    """Offsets missing where bytes were skipped are damage's, not the cleaner's: the entry stays
    damage (the .log reports the bytes)."""
    first, kept = built_batch(0, [0, 1, 2, 3, 4], 1000), built_batch(10, [0, 1, 2, 3, 4], 1010)
    log = built_partition(tmp_path, "damaged-0", [first, b"\xff" * 40, kept])
    index_files(log, 7, len(first) + 40, 1014)
    found = problems_of(log)
    assert (".index", "index_mismatch", 7) in found
    assert (".timeindex", "time_index_not_found", 7) in found


def test_a_record_removed_from_a_kept_batch_is_information(tmp_path: Path) -> None:
    """A filtered batch keeps its base and last offsets (Cleaner.java, overrideLastOffset): an
    entry for a record it no longer holds is information; for one it holds, as before, damage."""
    log = built_partition(tmp_path, "filtered-0", [built_batch(0, [0, 1, 3, 4], 1000)])
    log.with_suffix(".timeindex").write_bytes(struct.pack(">qi", 1004, 2))
    assert problems_of(log) == [(".timeindex", "time_index_cleaned_offset", 2)]
    log.with_suffix(".timeindex").write_bytes(struct.pack(">qi", 1004, 1))
    assert problems_of(log) == [(".timeindex", "time_index_not_found", 1)]


def test_real_cleaned_segments(tmp_path: Path, real_data: Path) -> None:
    """Kafka 4.x's compacted __consumer_offsets: kafkaks finds the gaps kafka-python's reader
    shows, the delete horizon and a filtered batch; an entry in one of the gaps is information,
    and the log dirs verify without damage. A segment never cleaned shows no cleaning."""
    source = real_data / "compacted-delete-horizon/kafka/data/__consumer_offsets-2/00000000000000000000.log"
    batches = kafka_python_batches(source.read_bytes())
    gaps = [(a[2] + 1, b[1] - 1) for a, b in itertools.pairwise([(0, 0, -1, 0), *batches]) if b[1] > a[2] + 1]
    cleaning = cleaning_of(str(source))
    assert list(zip(cleaning.gap_firsts, cleaning.gap_lasts, strict=True)) == gaps
    assert cleaning.signs == (
        f"{len(gaps)} offset gap(s) between batches",
        "1 batch(es) whose record offsets are not contiguous",
        "1 batch(es) with a delete horizon (KIP-534)",
    )
    never_cleaned = real_data / "compacted-gaps-producer-snapshots/kafka/data/user-request-0" / source.name
    assert not cleaning_of(str(never_cleaned)).signs

    log = tmp_path / "__consumer_offsets-2" / source.name
    log.parent.mkdir()
    shutil.copyfile(source, log)
    after = next(b for b in batches if b[1] == gaps[-1][1] + 1)
    index_files(log, gaps[-1][0], after[0], 0)
    assert [kind for _suffix, kind, _offset in problems_of(log)] == [
        "index_cleaned_offset",
        "time_index_cleaned_offset",
    ]
    log = tmp_path / "user-request-0" / never_cleaned.name  # the same kind of entry: damage there
    log.parent.mkdir()
    shutil.copyfile(never_cleaned, log)
    batches = kafka_python_batches(log.read_bytes())
    index_files(log, batches[50][1], batches[51][0], 0)
    assert [kind for _suffix, kind, _offset in problems_of(log)] == ["index_mismatch", "time_index_not_found"]
    for log_dir in ("compacted-delete-horizon/kafka/data", "compacted-gaps-producer-snapshots/kafka/data"):
        reports = verify_files(
            str(path) for path in sorted((real_data / log_dir).rglob("*")) if path.is_file()
        )
        assert not any(
            p.kind.startswith(("index", "time_index")) and p.kind.damage for r in reports for p in r.problems
        )


def feature_levels(checkpoint: Path) -> dict[str, int]:
    """The FeatureLevelRecords of a KRaft snapshot, read with kafka-python and Kafka's schema
    (FeatureLevelRecord v0: frame version, api key 12 and version as unsigned varints, then a
    compact string ``name`` and an int16 ``featureLevel``)."""
    levels, records = {}, MemoryRecords(checkpoint.read_bytes())
    while (batch := records.next_batch()) is not None:
        for record in batch:
            value = bytes(record.value or b"")
            if batch.is_control_batch or value[:3] != b"\x01\x0c\x00":
                continue
            length = value[3] - 1  # one-byte varints: names are short
            levels[value[4 : 4 + length].decode()] = struct.unpack_from(">h", value, 4 + length)[0]
    return levels


def test_a_kraft_log_dir_shows_its_bootstrap_snapshot(
    real_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29: bootstrap.checkpoint, at the root of a KRaft log dir, showed as an empty
    partition (0 segments, 0 batches, 0 records). It is a snapshot, shown as one, with its records
    and the metadata.version it bootstraps; so are the snapshots of __cluster_metadata-0."""
    log_dir = real_data / "compacted-delete-horizon/kafka/data"
    bootstrap = log_dir / "bootstrap.checkpoint"
    verified = json.loads((real_data / "compacted-delete-horizon/VERIFIED.json").read_text())["per_file"]
    version = feature_levels(bootstrap)["metadata.version"]
    code, out, _err = run(capsys, str(log_dir))
    assert code == 0
    rows = {line.split(" (")[0]: line for line in out[1:]}
    assert str(log_dir) not in rows  # no row of zeros for the log dir itself
    row = rows[str(bootstrap)].split(")")[-1].split()
    assert f"(KRaft bootstrap snapshot, metadata.version {version})" in rows[str(bootstrap)]
    assert row == ["-", "3", str(verified["kafka/data/bootstrap.checkpoint"]["records"]), "0..4", "-", "-"]
    (snapshot,) = (log_dir / "__cluster_metadata-0").glob("*.checkpoint")
    assert f"(Snapshot end offset: 497081, epoch: 43, metadata.version {version})" in rows[str(snapshot)]

    main(["verify", "--json", str(log_dir)])
    summaries = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    (root,) = [s for s in summaries if s["path"] == str(log_dir)]
    assert (root["segments"], root["snapshots"][0]["path"], root["snapshots"][0]["metadata_version"]) == (
        0,
        str(bootstrap),
        version,
    )
