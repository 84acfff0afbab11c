"""Several copies of one partition, and overlapping segments, read as one log (kafkaks.store.replicas).

The copies are made from a real broker-written partition (gzip-headers-epochs/lsx1-0: 14 batches
over 5 leader epochs) the way replicas come to differ: segments rolled at other offsets, older
segments removed by retention, a batch damaged on one disk, a tail cut short by a crash, and a
last batch written by another leader after an unclean election. What is read is checked against
kafka-python's reader of the original segment.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kafka.record.default_records import DefaultRecordBase, DefaultRecordBatchBuilder
from kafka.record.memory_records import MemoryRecords
from test_corruption import HEADER_DAMAGE

import kafkaks
from kafkaks import Problem
from kafkaks.cli.main import main
from kafkaks.problems import ProblemKind

ORIGINAL = "gzip-headers-epochs/data/lsx1-0"
TOPIC_PARTITION = "lsx1-0"
OFFSETS = list(range(14))
CORRUPTION = {kind for kind in ProblemKind if kind.damage}  # what kafkaks verify counts as damage


@pytest.fixture
def original(real_data: Path) -> Path:
    return real_data / ORIGINAL


def batches_of(log: Path) -> list[bytes]:
    return [batch.data for batch in kafkaks.read_log(log)]


def expected(original: Path) -> list[tuple[int, bytes | None]]:
    """(offset, value) of every record, by kafka-python's reader."""
    records = MemoryRecords((original / "00000000000000000000.log").read_bytes())
    found = []
    while (batch := records.next_batch()) is not None:
        found += [(record.offset, record.value) for record in batch]
    return found


def copy_of(original: Path, log_dir: Path, cuts: tuple[int, ...] = (), drop_before: int = 0) -> Path:
    """A copy of the partition in ``log_dir``, rolled into segments at the offsets ``cuts``, without
    the segments below ``drop_before`` (retention)."""
    directory = log_dir / TOPIC_PARTITION
    directory.mkdir(parents=True)
    for name in ("leader-epoch-checkpoint", "partition.metadata"):
        shutil.copyfile(original / name, directory / name)
    segments: dict[int, list[bytes]] = {}
    base = 0
    for batch in kafkaks.read_log(original / "00000000000000000000.log"):
        if batch.base_offset in cuts:
            base = batch.base_offset
        segments.setdefault(base, []).append(batch.data)
    for base, data in segments.items():
        if base >= drop_before:
            (directory / f"{base:020d}.log").write_bytes(b"".join(data))
    return directory


def segment_holding(directory: Path, offset: int) -> tuple[Path, int]:
    """The segment holding ``offset`` and the batch's position in it."""
    for log in sorted(directory.glob("*.log")):
        for batch in kafkaks.read_log(log):
            if batch.base_offset <= offset <= batch.last_offset:
                return log, batch.position
    raise AssertionError(f"offset {offset} not in {directory}")


def damage(directory: Path, offset: int) -> Path:
    """Flip the last byte of the batch holding ``offset``: its CRC no longer matches."""
    log, position = segment_holding(directory, offset)
    data = bytearray(log.read_bytes())
    size = next(b.size for b in kafkaks.read_log(log) if b.position == position)
    data[position + size - 1] ^= 0xFF
    log.write_bytes(bytes(data))
    return log


def cut_tail(directory: Path, keep: int) -> Path:
    """Cut the last segment ``keep`` bytes into its last batch, as a crash mid-write leaves it."""
    log = sorted(directory.glob("*.log"))[-1]
    last = list(kafkaks.read_log(log))[-1]
    log.write_bytes(log.read_bytes()[: last.position + keep])
    return log


def diverge(directory: Path, offset: int, epoch: int) -> bytes:
    """Replace the last batch (at ``offset``) by another leader's: other records, valid CRC, written
    in leader epoch ``epoch`` (kafka-python's builder; base offset and epoch lie outside the CRC)."""
    log = sorted(directory.glob("*.log"))[-1]
    last = list(kafkaks.read_log(log))[-1]
    builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 20)
    builder.append(0, 1_727_000_000_000, b"k", b"written by the new leader", [])
    built = bytearray(builder.build())
    header = list(DefaultRecordBase.HEADER_STRUCT.unpack_from(built))
    header[0], header[2] = offset, epoch  # base offset, partition leader epoch
    DefaultRecordBase.HEADER_STRUCT.pack_into(built, 0, *header)
    log.write_bytes(log.read_bytes()[: last.position] + bytes(built))
    return bytes(built)


def values(records: list[kafkaks.Record]) -> list[tuple[int, bytes | None]]:
    return [(record.offset, record.value) for record in records]


def kinds(problems: list[Problem]) -> list[str]:
    return [problem.kind for problem in problems]


def test_two_copies_give_each_offset_once(original: Path, tmp_path: Path) -> None:
    copy_of(original, tmp_path / "kafka-logs-1")
    copy_of(original, tmp_path / "kafka-logs-2", cuts=(5, 9))  # rolled at other offsets
    problems: list[Problem] = []
    records = list(
        kafkaks.read_log_dir(tmp_path / "kafka-logs-1", tmp_path / "kafka-logs-2", on_problem=problems.append)
    )
    assert values(records) == expected(original)
    assert problems == []


def test_read_partition_takes_several_copies(original: Path, tmp_path: Path) -> None:
    a = copy_of(original, tmp_path / "a", cuts=(7,))
    b = copy_of(original, tmp_path / "b", cuts=(3, 11))
    assert values(list(kafkaks.read_partition([a, b]))) == expected(original)
    with pytest.raises(ValueError, match="same topic-partition"):
        list(kafkaks.read_partition([a, tmp_path / "other-1"]))


def test_damage_on_one_copy_is_read_from_the_other(original: Path, tmp_path: Path) -> None:
    a = copy_of(original, tmp_path / "a")
    b = copy_of(original, tmp_path / "b", cuts=(6,))
    damaged = damage(a, 3)
    truncated = cut_tail(b, 30)
    with pytest.raises(kafkaks.CorruptDataError, match="CRC"):
        list(kafkaks.read_partition(a))  # alone, the damaged copy fails as before
    problems: list[Problem] = []
    records = list(kafkaks.read_partition([a, b], on_problem=problems.append))
    assert values(records) == expected(original)
    assert kinds(problems) == ["replica_repaired", "replica_repaired"]
    assert problems[0].path == str(damaged) and problems[0].offset == 3
    assert "read from another copy" in problems[0].message
    assert problems[1].path == str(truncated) and problems[1].offset == 13
    # Without a handler, a repaired copy warns and reads everything.
    with pytest.warns(kafkaks.KafkaksWarning, match="read from another copy"):
        assert values(list(kafkaks.read_partition([a, b]))) == expected(original)


def test_damage_in_every_copy_is_still_reported(original: Path, tmp_path: Path) -> None:
    a = copy_of(original, tmp_path / "a")
    b = copy_of(original, tmp_path / "b", cuts=(6,))
    damage(a, 3)
    damage(b, 3)
    problems: list[Problem] = []
    records = list(kafkaks.read_partition([a, b], on_problem=problems.append))
    assert [offset for offset, _ in values(records)] == OFFSETS  # the damaged batch, as read_log gives it
    assert kinds(problems) == ["crc_mismatch", "crc_mismatch"]


def test_retention_gap_is_information(original: Path, tmp_path: Path) -> None:
    a = copy_of(original, tmp_path / "a", cuts=(6,))
    b = copy_of(original, tmp_path / "b", cuts=(6,), drop_before=6)
    problems: list[Problem] = []
    records = list(kafkaks.read_partition([b, a], on_problem=problems.append))
    assert values(records) == expected(original)
    assert kinds(problems) == ["replica_gap"]
    assert problems[0].offset == 0
    assert f"offsets 0..5 are only in {a}, not in {b}" in problems[0].message
    assert "replica_gap" not in CORRUPTION


@pytest.mark.parametrize(("epoch", "winner"), [(7, "b"), (5, "a")], ids=["newer-leader", "older-leader"])
def test_divergent_copies_keep_the_higher_leader_epoch(
    original: Path, tmp_path: Path, epoch: int, winner: str
) -> None:
    a = copy_of(original, tmp_path / "a")
    b = copy_of(original, tmp_path / "b", cuts=(6,))
    diverge(b, 13, epoch)  # lsx1-0's last batch was written in epoch 6
    problems: list[Problem] = []
    records = list(kafkaks.read_partition([a, b], on_problem=problems.append))
    assert [record.offset for record in records] == OFFSETS
    new_value = b"written by the new leader"
    assert (records[-1].value == new_value) == (winner == "b")
    assert values(records[:-1]) == expected(original)[:-1]
    assert kinds(problems) == ["replica_divergence"]
    assert problems[0].offset == 13
    assert problems[0].path.startswith(str(a if winner == "b" else b))
    assert "replica_divergence" in CORRUPTION


def test_overlapping_segments_yield_each_offset_once(original: Path, tmp_path: Path) -> None:
    """Issue 14.11: a second .log holding offsets already in the first (a copy placed beside)."""
    directory = copy_of(original, tmp_path / "logs", cuts=(10,))
    batches = batches_of(original / "00000000000000000000.log")
    (directory / f"{6:020d}.log").write_bytes(b"".join(batches[6:12]))  # offsets 6..11 again
    problems: list[Problem] = []
    records = list(kafkaks.read_partition(directory, on_problem=problems.append))
    assert values(records) == expected(original)
    assert kinds(problems) == ["segment_overlap"] * 6
    assert [problem.offset for problem in problems] == [6, 7, 8, 9, 10, 11]
    arrow = kafkaks.read_arrow(directory, on_problem=lambda _: None)
    assert [offset for batch in arrow for offset in batch.column("offset").to_pylist()] == OFFSETS


def test_read_arrow_merges_copies(original: Path, tmp_path: Path) -> None:
    # (Log dirs named like a partition, kafka-logs-1, are the path classification's business.)
    copy_of(original, tmp_path / "broker-a", cuts=(4,))
    copy_of(original, tmp_path / "broker-b", cuts=(9,))
    both = [tmp_path / "broker-a", tmp_path / "broker-b"]
    for paths in (both, [directory / TOPIC_PARTITION for directory in both]):
        batches = list(kafkaks.read_arrow(paths))
        assert [offset for batch in batches for offset in batch.column("offset").to_pylist()] == OFFSETS


def test_verify_reports_copies_per_partition(
    original: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = copy_of(original, tmp_path / "a")
    b = copy_of(original, tmp_path / "b", cuts=(6,), drop_before=6)
    assert main(["verify", str(a), str(b)]) == 0
    out, err = capsys.readouterr()
    rows = out.splitlines()
    merged = next(row for row in rows if row.startswith(f"{TOPIC_PARTITION} (2 copies)"))
    assert merged.split()[3:7] == ["1", "14", "14", "0..13"]  # every batch from the copy given first
    assert merged.endswith("replica_gap=1")
    assert err == ""  # replica_gap is information: counted, printed with --verbose
    assert main(["verify", "--verbose", str(a), str(b)]) == 0
    assert "offsets 0..5 are only in" in capsys.readouterr().err
    diverge(b, 13, 7)
    assert main(["verify", str(a), str(b)]) == 1
    out, err = capsys.readouterr()
    assert "replica_divergence=1" in out
    assert "kafkaks: " in err and "holds other data" in err


@pytest.mark.parametrize("victim", range(0, 14, 3))
def test_every_damaged_batch_is_repaired_from_the_other_copy(
    original: Path, tmp_path: Path, victim: int
) -> None:
    a = copy_of(original, tmp_path / "a", cuts=(4, 9))
    b = copy_of(original, tmp_path / "b", cuts=(7,))
    damage(a, victim)
    damage(b, (victim + 5) % 14)
    problems: list[Problem] = []
    assert values(list(kafkaks.read_partition([a, b], on_problem=problems.append))) == expected(original)
    assert [(p.kind, p.offset) for p in problems] == sorted(
        [("replica_repaired", victim), ("replica_repaired", (victim + 5) % 14)],
        key=lambda kind_offset: kind_offset[1],
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ranges=st.lists(st.tuples(st.integers(0, 13), st.integers(1, 14)), min_size=1, max_size=4))
def test_overlapping_segments_never_give_an_offset_twice(
    original: Path, tmp_path_factory: pytest.TempPathFactory, ranges: list[tuple[int, int]]
) -> None:
    """Segments holding any ranges of the batches, overlapping or not: every offset they hold
    comes once, in order."""
    directory = tmp_path_factory.mktemp("logs") / TOPIC_PARTITION
    directory.mkdir()
    batches = batches_of(original / "00000000000000000000.log")
    held: set[int] = set()
    for first, length in ranges:
        chosen = batches[first : first + length]
        held.update(range(first, first + len(chosen)))
        segment = directory / f"{first:020d}.log"
        segment.write_bytes(segment.read_bytes() + b"".join(chosen) if segment.exists() else b"".join(chosen))
    problems: list[Problem] = []
    offsets = [r.offset for r in kafkaks.read_partition(directory, on_problem=problems.append)]
    assert offsets == sorted(held)
    assert {p.kind for p in problems} <= {"segment_overlap"}


def test_damage_at_the_end_of_a_segment_is_reported_before_the_next(original: Path, tmp_path: Path) -> None:
    """One copy, so nothing repairs it: the truncated tail of the first segment is reported where
    it is, before the batches of the next segment, as when segments were read one after another,
    even when the offset of the partial batch is garbage."""
    directory = copy_of(original, tmp_path / "logs", cuts=(6,))
    first = directory / f"{0:020d}.log"
    last = list(kafkaks.read_log(first))[-1]
    partial = bytearray(first.read_bytes()[: last.position + 30])
    header = list(DefaultRecordBase.HEADER_STRUCT.unpack_from(last.data))
    header[0] = 10**12  # base offset
    partial[last.position : last.position + 30] = DefaultRecordBase.HEADER_STRUCT.pack(*header)[:30]
    first.write_bytes(bytes(partial))
    events: list[object] = []
    for batch in kafkaks.read_partition_batches(directory, on_problem=lambda p: events.append(p.kind)):
        events.append(batch.base_offset)
    assert events == [0, 1, 2, 3, 4, "truncated", *range(6, 14)]


def test_dump_shows_each_copy_as_given(
    original: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """dump dumps files, as kafka-dump-log does: every copy's segments, none merged."""
    a = copy_of(original, tmp_path / "a")
    b = copy_of(original, tmp_path / "b", cuts=(6,))
    assert main(["dump", str(a), str(b)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if line.startswith("Dumping")] == [
        f"Dumping {log}" for log in [*sorted(a.glob("*.log")), *sorted(b.glob("*.log"))]
    ]
    assert sum(line.startswith("baseOffset:") for line in out) == 28


def flipped_offset_partition(directory: Path, *, damaged_length: bool = False) -> Path:
    """One segment of 15 batches of 10 records (offsets 0..149) whose 5th batch has a base offset
    bit flipped (outside the CRC, so it still checks): it claims 104..113 and the batches after it
    go back to 50. With ``damaged_length``, the 6th batch's length is damaged too."""
    batches = []
    for number in range(15):
        builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 20)
        for index in range(10):
            offset = number * 10 + index
            builder.append(index, timestamp=1000 + offset, key=b"k", value=b"v%d" % offset, headers=[])
        batch = bytearray(builder.build())
        batch[:8] = (number * 10).to_bytes(8, "big")
        batches.append(batch)
    batches[4][7] ^= 0x40
    if damaged_length:
        batches[5][8] ^= 0x40
    partition = directory / "f-0"
    partition.mkdir(parents=True)
    (partition / f"{0:020d}.log").write_bytes(b"".join(batches))
    return partition


@pytest.mark.parametrize("damaged_length", [False, True])
def test_a_flipped_base_offset_loses_no_batch_of_its_own_file(tmp_path: Path, damaged_length: bool) -> None:
    """Offsets that go back within one file are damage in that file, not an overlap between files:
    every batch after the one with the bogus base offset is read (the merge used to drop 50..119
    as segment_overlap), and the break is reported as offset_order with file, position and offset."""
    partition = flipped_offset_partition(tmp_path / "logs", damaged_length=damaged_length)
    log = partition / f"{0:020d}.log"
    positions = [batch.position for batch in kafkaks.read_log(log, on_problem=lambda _: None)]
    lost = range(50, 60) if damaged_length else range(0)  # the batch whose length is damaged
    # the 5th batch's records (40..49) now claim 104..113, as in read_log
    wanted = sorted([*(o for o in range(150) if o not in lost and not 40 <= o < 50), *range(104, 114)])
    back = 60 if damaged_length else 50  # the first batch read that goes back
    position = positions[5]  # the batch after the one with the bogus offset, or after the skip

    def check(offsets: list[int], problems: list[Problem]) -> None:
        assert sorted(offsets) == wanted
        order = [p for p in problems if p.kind == "offset_order"]
        assert [(p.path, p.position, p.offset) for p in order] == [(str(log), position, back)]
        assert "offset_order" in CORRUPTION
        assert not [p for p in problems if p.kind in {"segment_overlap", "replica_divergence"}]

    problems: list[Problem] = []
    records = list(kafkaks.read_partition(partition, on_problem=problems.append))
    check([r.offset for r in records], problems)
    assert len({r.value for r in records}) == 140 if damaged_length else 150
    problems = []
    tables = list(kafkaks.read_arrow(partition, on_problem=problems.append))
    check([o for t in tables for o in t.column("offset").to_pylist()], problems)
    problems = []
    check([r.offset for r in kafkaks.read_log_dir(tmp_path / "logs", on_problem=problems.append)], problems)


def test_a_flipped_base_offset_in_one_copy_is_read_from_the_other(tmp_path: Path) -> None:
    """The other copy supplies the offsets: they come once, and nothing is lost."""
    damaged = flipped_offset_partition(tmp_path / "a")
    good = tmp_path / "b" / "f-0"
    good.mkdir(parents=True)
    data = bytearray((damaged / f"{0:020d}.log").read_bytes())
    position = next(b.position for i, b in enumerate(kafkaks.read_log(damaged / f"{0:020d}.log")) if i == 4)
    data[position + 7] ^= 0x40
    (good / f"{0:020d}.log").write_bytes(bytes(data))
    for copies in ([damaged, good], [good, damaged]):
        records = list(kafkaks.read_partition(copies, on_problem=lambda _: None))
        assert [r.offset for r in records] == list(range(150))
        assert [r.value for r in records] == [b"v%d" % o for o in range(150)]


def damage_header(directory: Path, offset: int, flips: list[tuple[int, int]]) -> int:
    """Flip bits of the header of the batch holding ``offset`` (byte in the batch, bits); return
    the base offset the damaged header claims."""
    log, position = segment_holding(directory, offset)
    data = bytearray(log.read_bytes())
    for at, bits in flips:
        data[position + at] ^= bits
    log.write_bytes(bytes(data))
    return next(
        b.base_offset for b in kafkaks.read_log(log, on_problem=lambda _p: None) if b.position == position
    )


# A claim one offset too far (last-offset-delta) is repaired as it is by the other copy's next batch.
FAR_CLAIMS = [(case, flips) for case, flips in HEADER_DAMAGE if case != "last-offset-delta"]


@pytest.mark.parametrize(("case", "flips"), FAR_CLAIMS, ids=[case for case, _ in FAR_CLAIMS])
@pytest.mark.parametrize("offset", [0, 3], ids=["first-batch", "middle-batch"])
def test_a_damaged_header_in_one_copy_is_read_from_the_other(
    original: Path, tmp_path: Path, case: str, flips: list[tuple[int, int]], offset: int
) -> None:
    """Issue 30.1: a batch whose CRC fails, whatever offsets its header claims, is replaced by the
    other copy's batch at its place in its file, and decides nothing about the batches after it."""
    a = copy_of(original, tmp_path / "a")
    b = copy_of(original, tmp_path / "b", cuts=(6,))
    damage_header(a, offset, flips)
    for copies in ([a, b], [b, a]):
        problems: list[Problem] = []
        records = list(kafkaks.read_partition(copies, on_problem=problems.append))
        assert values(records) == expected(original)
        assert kinds(problems) == ["replica_repaired"]
        assert problems[0].path.startswith(str(a))


@pytest.mark.parametrize(("case", "flips"), HEADER_DAMAGE, ids=[case for case, _ in HEADER_DAMAGE])
def test_a_damaged_header_no_other_copy_holds_is_read(
    original: Path, tmp_path: Path, case: str, flips: list[tuple[int, int]]
) -> None:
    """Issue 30.1: the other copy starts at offset 1 (retention): the damaged first batch of the
    first copy is read, where its file puts it, and the intact batches after it once each."""
    a = copy_of(original, tmp_path / "a")
    b = copy_of(original, tmp_path / "b", cuts=(1,), drop_before=1)
    claimed = damage_header(a, 0, flips)
    want = expected(original)
    problems: list[Problem] = []
    records = list(kafkaks.read_partition([a, b], on_problem=problems.append))
    assert values(records) == [(claimed, want[0][1]), *want[1:]]
    assert sorted(kinds(problems)) == ["crc_mismatch", "replica_gap"]
