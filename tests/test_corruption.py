"""The corruption matrix: every kind of damage to a batch, on real broker-written segments and on
client-made fixtures (kafka-python's builders), read by the library and by ``kafkaks dump``.

For a deterministic sample of batches of each segment (the first, the last, one of every
(magic, codec, control) kind), a window of real bytes around the batch (two batches before, two
after) is damaged in one way and written to a file. Then:

- reading never raises (problems go to a collecting ``on_problem``), ``records()`` raises only
  ``KafkaksError`` subclasses, with file, position and offset;
- every batch other than the damaged one is yielded at its position with identical bytes (the
  reader resynchronises on the next batch whose checksum is right, and says so in a Problem);
- damage the format can detect is reported as a Problem at the damaged batch's position;
- ``kafkaks dump --deep-iteration`` exits 1 without a traceback.

Damage to regions (``test_region_damage_loses_no_undamaged_batch``): a zeroed header, records or
whole batch, a batch written twice, a segment concatenated after a copy of it cut mid-batch, a
segment twice. Offsets then go back, which the reader reports but does not hold against a batch:
every undamaged batch is read at its position, with no traceback, and the input is left as it was.

What the format cannot detect is asserted as such, with a case id saying so:

- ``offset-*`` and ``v2 epoch-*``: the base offset (all magics) and the v2 partition leader epoch
  lie before the checksummed range (v2: attributes..end, DefaultRecordBatch; legacy: magic..end,
  LegacyRecord), so any value reads back cleanly. A legacy wrapper offset can still contradict its
  inner offsets, which ``records()`` reports.
- ``truncated-*``: a segment that ends inside a batch is what a crash mid-write leaves; Kafka's
  recovery truncates it and DumpLogSegments prints ``Found N invalid bytes at the end`` as
  information, so the library reports a ``truncated`` Problem (even when the bytes left of the
  cut batch are zeros: a preallocated tail is longer than a header) and ``kafkaks dump`` prints
  that line; the records of the partial batch are lost, so it exits 1. A cut exactly at a batch
  boundary leaves a shorter, valid segment: nothing to report.
- with ``verify_crc=False`` damage inside a record's bytes can decode to other values; the cases
  ``records-*``/``payload-*`` that break the structure must raise from ``records()``.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import FIXTURES, NO_REAL_DATA, REAL_DATA, real_data_available
from kafkaks.generated.layout import RecordBatchHeader

from kafkaks import Batch, KafkaksError, Problem, read_log
from kafkaks.cli.main import main
from kafkaks.wire.batch import _plausible

KAFKAJS = "kafkajs-fetch-fixtures/src/protocol/requests/fetch/fixtures"
# Real segments: every codec the real data holds (none, gzip, snappy raw and xerial, lz4), v1 and
# v2, control batches (transaction markers, KRaft snapshot headers/footers), a KRaft .checkpoint.
REAL_SEGMENTS = [
    "gzip-headers-epochs/data/lsx1-0/00000000000000000000.log",
    "snappy-xerial-headers/kafka-logs/some-topic-0/00000000000000000000.log",
    "snappy-raw-multiseg/kafka-data/oms_order_status_changed-0/00000000000000000000.log",
    "lz4-logappend-headers-cp7.6/data/_confluent-command-0/00000000000000000000.log",
    "lz4-support-metrics/kafka/data/test-0/00000000000000000000.log",
    "magic1-kafka-0.10.1/tmp/kafka-logs/foo-0/00000000000000000000.log",
    "apache-kafka-testdirs-2024/core/data/kafka-7155829485418535035/__cluster_metadata-0/00000000000000000000.log",
    "confluent-ksql-txn/kafka-data/_confluent-ksql-default__command_topic-0/00000000000000000000.log",
    "kraft-snapshots-nonzero-base/kafka-logs/__cluster_metadata-0/00000000000000004758-0000000001.checkpoint",
    # Other producers: kafkajs (Node.js) gzip v0/v1 wrappers, gzip and snappy v2 batches, and its
    # 1,614-batch v1/v2 mix; kafka-go's mix of every magic and gzip.
    f"{KAFKAJS}/v1_response_gzip.p0.records.bin",
    f"{KAFKAJS}/v2_response_gzip.p0.records.bin",
    f"{KAFKAJS}/v4_response_gzip.p0.records.bin",
    f"{KAFKAJS}/v4_response_snappy.p3.records.bin",
    f"{KAFKAJS}/v4_response_mixed_formats.p0.records.bin",
    "kafka-go-fixtures/fixtures/v1-v1c-v2-v2c-v2b-v2b-v2b-v2bc-v1b-v1bc.records.bin",
]
# Client-made fixtures: what the real data lacks (v0, compressed v0/v1 wrappers, zstd, Java-like
# lz4/zstd frames, transactions, empty and delete-horizon batches, LogAppendTime).
FIXTURE_SEGMENTS = sorted((FIXTURES / "segments").glob("*/*.log"))

WINDOW_BEFORE, WINDOW_AFTER = 2, 2


@dataclass(frozen=True)
class Damage:
    """One way to damage a batch: XOR ``mask`` into the byte at ``at`` (relative to the batch; a
    negative value counts from its end), or, with ``cut``, end the file ``cut`` bytes into it."""

    name: str
    at: int = 0
    mask: int = 0
    cut: int | None = None
    detectable: bool = True
    breaks_records: bool = False  # must make records() raise even with verify_crc=False


def v2_damages(batch: Batch) -> list[Damage]:
    payload = "payload" if batch.compression.value != "none" else "records"
    size = batch.size
    damages = [
        Damage("offset-lsb-undetectable", 7, 0x01, detectable=False),
        Damage("offset-sign-undetectable", 0, 0x80, detectable=False),
        Damage("length-lsb", 11, 0x01),
        Damage("length-4k", 10, 0x10),
        Damage("length-sign", 8, 0x80),
        Damage("length-1g", 8, 0x40),
        Damage("epoch-undetectable", 15, 0x01, detectable=False),
        Damage("magic-3", 16, 0x01),
        Damage("magic-0", 16, 0x02),
        Damage("magic-high", 16, 0x80),
        Damage("crc", 20, 0x01),
        Damage("attributes-codec", 22, 0x01),
        Damage("attributes-codec-4", 22, 0x04),
        Damage("attributes-control", 22, 0x20),
        Damage("last-offset-delta", 26, 0x01),
        Damage("max-timestamp", 42, 0x01),
        Damage("count-lsb", 60, 0x01),
        Damage("count-huge", 57, 0x7F),
    ]
    if size > 61:
        damages += [
            Damage(f"{payload}-first", 61, 0x01, breaks_records=True),
            Damage(f"{payload}-middle", 61 + (size - 61) // 2, 0x10),
            Damage(f"{payload}-last", -1, 0x01),
        ]
    return damages


def legacy_damages(batch: Batch) -> list[Damage]:
    key_length_at = 18 if batch.magic == 0 else 26
    payload = "payload" if batch.compression.value != "none" else "records"
    damages = [
        Damage("offset-lsb-undetectable", 7, 0x01, detectable=False),
        Damage("offset-sign-undetectable", 0, 0x80, detectable=False),
        Damage("length-lsb", 11, 0x01),
        Damage("length-4k", 10, 0x10),
        Damage("length-sign", 8, 0x80),
        Damage("length-1g", 8, 0x40),
        Damage("crc", 15, 0x01),
        Damage("magic-other-legacy", 16, 0x01),
        Damage("magic-high", 16, 0x80),
        Damage("attributes-codec", 17, 0x01),
        Damage("attributes-codec-4", 17, 0x04),
        Damage("key-length", key_length_at + 3, 0x40),
        Damage(f"{payload}-middle", batch.size // 2 + 8, 0x10),
        Damage(f"{payload}-last", -1, 0x01),
    ]
    if batch.magic == 1:
        damages.append(Damage("timestamp", 25, 0x01))
    if payload == "payload":  # a wrapper: null key, then the value length, then the payload
        damages.append(Damage("payload-first", key_length_at + 8, 0x01, breaks_records=True))
    return damages


def truncations(batch: Batch) -> list[Damage]:
    """A cut at each kind of boundary: in the offset, in the length, before and after the magic,
    in the header, in the records, one byte short."""
    header = 61 if batch.magic == 2 else (18 if batch.magic == 0 else 26)
    cuts = {
        "truncated-at-batch-start": 0,
        "truncated-in-offset": 4,
        "truncated-in-length": 10,
        "truncated-before-magic": 16,
        "truncated-after-magic": 17,
        "truncated-in-header": header - 3,
        "truncated-after-header": header,
        "truncated-in-records": (header + batch.size) // 2,
        "truncated-one-byte-short": batch.size - 1,
    }
    return [Damage(name, cut=cut) for name, cut in cuts.items() if cut < batch.size]


def damages_for(batch: Batch) -> list[Damage]:
    return (v2_damages if batch.magic == 2 else legacy_damages)(batch) + truncations(batch)


def sample(batches: list[Batch]) -> list[int]:
    """The first and last batch, and the first of every (magic, codec, control) kind."""
    chosen = {0, len(batches) - 1}
    kinds: set[tuple[int, str, bool]] = set()
    for index, batch in enumerate(batches):
        kind = (batch.magic, batch.compression.value, batch.is_control)
        if kind not in kinds:
            kinds.add(kind)
            chosen.add(index)
    return sorted(chosen)


@dataclass(frozen=True)
class Case:
    window: bytes
    batches: list[tuple[int, bytes]]  # (position, bytes) of every batch of the clean window
    damaged: int  # index in ``batches``
    damage: Damage

    @property
    def position(self) -> int:
        return self.batches[self.damaged][0]

    def damaged_bytes(self) -> bytes:
        position, data = self.batches[self.damaged]
        if self.damage.cut is not None:
            return self.window[: position + self.damage.cut]
        at = self.damage.at if self.damage.at >= 0 else len(data) + self.damage.at
        out = bytearray(self.window)
        out[position + at] ^= self.damage.mask
        return bytes(out)


def segment_cases(data: bytes) -> Iterator[Case]:
    batches = list(read_log(data))
    for index in sample(batches):
        first = max(index - WINDOW_BEFORE, 0)
        chosen = batches[first : index + WINDOW_AFTER + 1]
        start, end = chosen[0].position, chosen[-1].position + chosen[-1].size
        window = data[start:end]
        clean = [(b.position - start, b.data) for b in chosen]
        for damage in damages_for(batches[index]):
            yield Case(window, clean, index - first, damage)


def segment_params() -> list[object]:
    params: list[object] = [pytest.param(path, id=f"fixture:{path.parent.name}") for path in FIXTURE_SEGMENTS]
    for rel in REAL_SEGMENTS:
        path = REAL_DATA / rel
        skip = pytest.mark.skip(reason=NO_REAL_DATA) if not real_data_available() else ()
        params.append(pytest.param(path, id=f"real:{rel.split('/')[-2]}/{rel.split('/')[-1]}", marks=skip))
    return params


@dataclass
class Outcome:
    problems: list[Problem]
    yielded: list[tuple[int, bytes]]
    record_errors: list[tuple[Batch, KafkaksError]]

    @property
    def corrupt(self) -> bool:
        """Whether the library found corruption (a zero-filled preallocated tail is none)."""
        return bool(self.record_errors) or any(p.kind != "zero_tail" for p in self.problems)


def read_everything(path: Path) -> Outcome:
    outcome = Outcome([], [], [])
    for batch in read_log(path, on_problem=outcome.problems.append):
        outcome.yielded.append((batch.position, batch.data))
        try:
            for _ in batch.records():
                pass
        except KafkaksError as exc:
            outcome.record_errors.append((batch, exc))
    return outcome


def check_library(case: Case, path: Path, outcome: Outcome) -> list[str]:
    """What is wrong with how the library read ``path`` (the damaged window); [] if nothing."""
    errors: list[str] = []
    problems = outcome.problems
    for batch, exc in outcome.record_errors:
        if (exc.path, exc.position) != (str(path), batch.position) or exc.offset is None:
            errors.append(f"records() error without its location: {exc!r}")
    cut = case.damage.cut
    expected_others = [
        b for i, b in enumerate(case.batches) if i != case.damaged and (cut is None or i < case.damaged)
    ]
    missing = [position for position, data in expected_others if (position, data) not in outcome.yielded]
    if missing:
        errors.append(f"batches lost at {missing}; problems: {[str(p) for p in problems]}")
    at_damage = [p for p in problems if p.position == case.position]
    is_last = case.damaged == len(case.batches) - 1
    if cut is not None:
        if cut == 0:
            if problems:
                errors.append(f"a cut at a batch boundary is a valid segment, yet: {problems}")
        else:
            # Even a cut that leaves only zeros (the high bytes of a base offset) is a cut: a
            # preallocated tail is longer than a header, and a cut batch's length is not zero.
            if [p.kind for p in problems] != ["truncated"] or not at_damage:
                errors.append(f"expected one truncated problem at {case.position}, got {problems}")
    elif case.damage.detectable:
        if not at_damage:
            errors.append(f"damage not reported at {case.position}: {[str(p) for p in problems]}")
        # A last batch whose length now runs past the end of the file is a partial batch, exactly
        # as a crash mid-write leaves it: reported as "truncated". Anywhere else it is corruption.
        if not is_last and any(p.kind in ("truncated", "zero_tail") for p in at_damage):
            errors.append(f"damage in the middle reported as a harmless tail: {problems}")
        skipped = all(position != case.position for position, _ in outcome.yielded)
        if skipped and not is_last and not any("skipped" in p.message for p in at_damage):
            errors.append(f"bytes skipped without saying how many: {[str(p) for p in problems]}")
    else:
        if problems:
            errors.append(f"undetectable damage reported something: {[str(p) for p in problems]}")
        damaged = case.damaged_bytes()[case.position : case.position + len(case.batches[case.damaged][1])]
        if (case.position, damaged) not in outcome.yielded:
            errors.append("undetectable damage: the batch was not yielded as it is in the file")
    return errors


def check_cli(case: Case, path: Path, outcome: Outcome) -> list[str]:
    """``kafkaks dump --deep-iteration``: exit 1 exactly when the library found corruption."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["dump", "--deep-iteration", str(path)])
    errors = []
    if "Traceback" in err.getvalue():
        errors.append(f"traceback on stderr: {err.getvalue()}")
    if case.damage.cut and f"invalid bytes at the end of {path.name}" not in out.getvalue():
        errors.append("no 'invalid bytes at the end' line for a truncated segment")
    if code != int(outcome.corrupt):
        errors.append(f"exit status {code}, expected {int(outcome.corrupt)}; stderr: {err.getvalue()!r}")
    if outcome.corrupt and f"kafkaks: {path}: position " not in err.getvalue():
        errors.append(f"no located message on stderr: {err.getvalue()!r}")
    return errors


@pytest.mark.parametrize("source", segment_params())
def test_every_damage_is_survived(source: Path, tmp_path: Path) -> None:
    failures = []
    tried = 0
    for number, case in enumerate(segment_cases(source.read_bytes())):
        path = tmp_path / f"{number:05d}" / "00000000000000000000.log"
        path.parent.mkdir()
        path.write_bytes(case.damaged_bytes())
        tried += 1
        outcome = read_everything(path)
        for error in check_library(case, path, outcome) + check_cli(case, path, outcome):
            failures.append(f"batch at {case.position}, {case.damage.name}: {error}")
    assert tried
    assert not failures, "\n".join(failures[:20])


@pytest.mark.parametrize("source", segment_params())
def test_damaged_records_raise_located_errors_without_crc_checks(source: Path, tmp_path: Path) -> None:
    """Without CRC checks, damage that breaks a record's structure surfaces in ``records()``."""
    failures = []
    path = tmp_path / "00000000000000000000.log"
    cases = [case for case in segment_cases(source.read_bytes()) if case.damage.breaks_records]
    if not cases:
        pytest.skip("uncompressed v0/v1 messages are decoded with the batch header: no records-only damage")
    for case in cases:
        path.write_bytes(case.damaged_bytes())
        batch = next(b for b in read_log(path, verify_crc=False) if b.position == case.position)
        try:
            list(batch.records())
        except KafkaksError as exc:
            if (exc.path, exc.position) != (str(path), case.position) or exc.offset is None:
                failures.append(f"{case.damage.name} at {case.position}: no location in {exc!r}")
        else:
            failures.append(f"{case.damage.name} at {case.position}: records() did not raise")
    assert not failures, "\n".join(failures)


def test_no_traceback_from_the_installed_command(tmp_path: Path) -> None:
    """The console script on damaged copies: exit 1, a located message, no traceback."""
    source = FIXTURES / "segments" / "v2-gzip" / "00000000000000000000.log"
    cases = [
        case
        for case in segment_cases(source.read_bytes())
        if case.damage.name in ("length-4k", "payload-first") and case.position == 0
    ]
    assert len(cases) == 2
    script = Path(sys.executable).with_name("kafkaks")
    for number, case in enumerate(cases):
        path = tmp_path / f"{number}" / "00000000000000000000.log"
        path.parent.mkdir()
        path.write_bytes(case.damaged_bytes())
        command = [str(script)] if script.exists() else [sys.executable, "-m", "kafkaks.cli.main"]
        result = subprocess.run(
            [*command, "dump", "--print-data-log", str(path)],
            capture_output=True,
            text=True,
            timeout=600,
            env={**os.environ, "PYTHONWARNINGS": "error"},
        )
        assert result.returncode == 1, result.stderr
        assert "Traceback" not in result.stderr
        assert f"kafkaks: {path}: position {case.position}" in result.stderr


@pytest.mark.parametrize("source", segment_params())
def test_every_real_batch_passes_the_resync_checks(source: Path) -> None:
    """Resynchronising skips candidates whose header breaks an invariant (a cheap filter before
    the CRC): every batch Kafka and kafka-python wrote must pass it, or resync would miss it."""
    data = source.read_bytes()
    stream = io.BytesIO(data)
    batches = list(read_log(data))
    assert batches
    for batch in batches:
        assert _plausible(stream, batch.position, batch.data[:61], batch.size - 12), batch


# Damage to whole regions and misplaced batches: zeroed ranges (a lost page, a zeroed header),
# a batch written twice, a segment concatenated after a copy cut mid-batch, a segment twice.


@dataclass(frozen=True)
class RegionCase:
    name: str
    data: bytes
    expected: list[tuple[int, bytes]]  # (position, bytes) of every undamaged batch


def region_cases(data: bytes) -> Iterator[RegionCase]:
    batches = list(read_log(data))
    whole = [(b.position, b.data) for b in batches]
    yield RegionCase("segment-twice", data + data, whole + [(p + len(data), d) for p, d in whole])
    for index in sample(batches):
        first = max(index - WINDOW_BEFORE, 0)
        chosen = batches[first : index + WINDOW_AFTER + 1]
        start = chosen[0].position
        window = data[start : chosen[-1].position + chosen[-1].size]
        clean = [(b.position - start, b.data) for b in chosen]
        at, victim = clean[index - first]
        others = [entry for entry in clean if entry[0] != at]
        for name, begin, end in [
            ("zeroed-header", at, at + min(len(victim), 61)),
            ("zeroed-records", at + len(victim) // 2, at + len(victim) // 2 + 16),
            ("zeroed-batch", at, at + len(victim)),
        ]:
            zeroed = window[:begin] + bytes(end - begin) + window[end:]
            yield RegionCase(f"{name}-{index}", zeroed, others)
        after = at + len(victim)
        shifted = [(p + len(victim) if p >= after else p, d) for p, d in clean]
        yield RegionCase(
            f"duplicated-{index}", window[:after] + victim + window[after:], [*shifted, (after, victim)]
        )
        cut = window[: at + len(victim) // 2]
        yield RegionCase(
            f"cut-then-concatenated-{index}",
            cut + window,
            [entry for entry in clean if entry[0] < at] + [(p + len(cut), d) for p, d in clean],
        )


@pytest.mark.parametrize("source", segment_params())
def test_region_damage_loses_no_undamaged_batch(source: Path, tmp_path: Path) -> None:
    """No traceback, every undamaged batch read at its position, the input left as it was."""
    failures = []
    for number, case in enumerate(region_cases(source.read_bytes())):
        path = tmp_path / f"{number:05d}" / "00000000000000000000.log"
        path.parent.mkdir()
        path.write_bytes(case.data)
        outcome = read_everything(path)
        missing = [position for position, data in case.expected if (position, data) not in outcome.yielded]
        if missing:
            failures.append(f"{case.name}: batches lost at {missing}; {[str(p) for p in outcome.problems]}")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["dump", "--deep-iteration", str(path)])
        if "Traceback" in err.getvalue() or code not in (0, 1):
            failures.append(f"{case.name}: exit {code}, stderr {err.getvalue()!r}")
        if path.read_bytes() != case.data:
            failures.append(f"{case.name}: the input was modified")
    assert not failures, "\n".join(failures[:20])


# --- A batch whose CRC fails decides nothing about its neighbours (issue 30.1) ---------------------
#
# A v2 batch's CRC covers attributes..end; base offset, length and leader epoch lie before it. Once
# the CRC fails, no header field is to be trusted, whether the damage is inside the checksummed
# range (lastOffsetDelta, producerId, attributes) or before it, with the CRC broken too (base
# offset). Each case damages the first batch of a real partition whose second batch starts at
# offset 1: every batch after it must still be read, at its offsets, as kafka-python reads the
# undamaged segment; the damaged batch is read too (no copy holds it intact), after its report.

HEADER = RecordBatchHeader
CRC_LAST_BYTE = HEADER.CRC_OFFSET + HEADER.CRC_LENGTH - 1
# (case id, [(byte of the first batch, bits to flip)]): each claims offsets it does not hold
HEADER_DAMAGE = [
    # lastOffsetDelta 0 -> 1: the batch claims offset 1, the next batch's
    ("last-offset-delta", [(HEADER.LAST_OFFSET_DELTA_OFFSET + HEADER.LAST_OFFSET_DELTA_LENGTH - 1, 0x01)]),
    # lastOffsetDelta 0 -> 2**30: the batch claims every offset of the partition
    ("last-offset-delta-high", [(HEADER.LAST_OFFSET_DELTA_OFFSET, 0x40)]),
    # baseOffset 0 -> 1 (outside the CRC) and the stored CRC broken
    (
        "base-offset",
        [(HEADER.BASE_OFFSET_OFFSET + HEADER.BASE_OFFSET_LENGTH - 1, 0x01), (CRC_LAST_BYTE, 0x01)],
    ),
    # baseOffset 0 -> 2**48 and the CRC broken: the batch sorts after everything
    ("base-offset-high", [(HEADER.BASE_OFFSET_OFFSET + 1, 0x01), (CRC_LAST_BYTE, 0x01)]),
]
DAMAGED_PARTITIONS = [
    "gzip-headers-epochs/data/lsx1-0",  # 14 batches of one record, gzip and none
    "snappy-xerial-headers/kafka-logs/some-topic-0",  # 9 snappy batches
]


def kafka_python_records(segment: Path) -> list[tuple[int, bytes | None]]:
    """(offset, value) of the records of an undamaged segment, by kafka-python's reader."""
    from kafka.record.memory_records import MemoryRecords

    records = MemoryRecords(segment.read_bytes())
    found = []
    while (batch := records.next_batch()) is not None:
        found += [(record.offset, record.value) for record in batch]
    return found


def damaged_copy(real_data: Path, partition: str, flips: list[tuple[int, int]], log_dir: Path) -> Path:
    """A copy of a real partition directory in ``log_dir`` whose first batch has ``flips`` applied."""
    directory = log_dir / Path(partition).name
    shutil.copytree(real_data / partition, directory)
    segment = directory / "00000000000000000000.log"
    data = bytearray(segment.read_bytes())
    for at, bits in flips:
        data[at] ^= bits
    segment.write_bytes(bytes(data))
    return directory


def expected_with_damage(real_data: Path, partition: str, directory: Path) -> list[tuple[int, bytes | None]]:
    """What a reader gives for the damaged copy: the damaged batch's one record at the offset its
    header claims (its payload is intact), then every other record as kafka-python reads them."""
    original = kafka_python_records(real_data / partition / "00000000000000000000.log")
    claimed = next(read_log(directory / "00000000000000000000.log", on_problem=lambda _p: None)).base_offset
    return [(claimed, original[0][1]), *original[1:]]


@pytest.fixture(params=DAMAGED_PARTITIONS)
def damaged_partition(request: pytest.FixtureRequest) -> str:
    if not real_data_available():
        pytest.skip(NO_REAL_DATA)
    return str(request.param)


@pytest.mark.parametrize(("case", "flips"), HEADER_DAMAGE, ids=[case for case, _ in HEADER_DAMAGE])
def test_a_damaged_header_hides_no_batch(
    damaged_partition: str, case: str, flips: list[tuple[int, int]], tmp_path: Path
) -> None:
    """Issue 30.1: read_partition, read_log_dir and read_arrow (directory and file) read every
    batch after a first batch whose CRC fails, whatever offsets its header claims; the only problem
    is that batch's CRC mismatch (no segment_overlap, no offset_order)."""
    import pyarrow as pa

    import kafkaks

    directory = damaged_copy(REAL_DATA, damaged_partition, flips, tmp_path / "logs")
    want = expected_with_damage(REAL_DATA, damaged_partition, directory)
    reads = {
        "read_partition": lambda report: [
            (r.offset, r.value) for r in kafkaks.read_partition(directory, on_problem=report)
        ],
        "read_log_dir": lambda report: [
            (r.offset, r.value) for r in kafkaks.read_log_dir(tmp_path / "logs", on_problem=report)
        ],
    }
    for name, path in (
        ("read_arrow dir", directory),
        ("read_arrow file", directory / "00000000000000000000.log"),
    ):
        reads[name] = lambda report, path=path: list(
            zip(
                *pa.Table.from_batches(kafkaks.read_arrow(path, on_problem=report))
                .select(["offset", "value"])
                .to_pydict()
                .values(),
                strict=True,
            )
        )
    for name, read in reads.items():
        problems: list[Problem] = []
        assert read(problems.append) == want, name
        assert [(p.kind, p.position) for p in problems] == [("crc_mismatch", 0)], name


TRANSACTION_DAMAGE = [
    # producerId 0 -> 1 of the transactional data batch whose COMMIT marker follows: the damaged
    # header would open a transaction of producer 1 that no marker ends
    (
        "producer-id",
        "confluent-ksql-txn/kafka-data/_confluent-ksql-default__command_topic-0",
        [(HEADER.PRODUCER_ID_OFFSET + HEADER.PRODUCER_ID_LENGTH - 1, 0x01)],
    ),
    # the transactional bit set on a plain batch: the damaged header would open a transaction
    (
        "attributes-transactional",
        "gzip-headers-epochs/data/lsx1-0",
        [(HEADER.ATTRIBUTES_OFFSET + HEADER.ATTRIBUTES_LENGTH - 1, HEADER.IS_TRANSACTIONAL_MASK)],
    ),
]


@pytest.mark.parametrize(
    ("case", "partition", "flips"), TRANSACTION_DAMAGE, ids=[case for case, *_ in TRANSACTION_DAMAGE]
)
def test_a_damaged_header_opens_no_transaction(
    case: str, partition: str, flips: list[tuple[int, int]], tmp_path: Path
) -> None:
    """Issue 30.1: with read_committed, a batch whose CRC fails neither opens nor ends a
    transaction, so the last stable offset is where the batches that check put it (here: none),
    and every committed record is read (the damaged batch's own one too, judged by itself)."""
    import pyarrow as pa

    import kafkaks

    if not real_data_available():
        pytest.skip(NO_REAL_DATA)
    directory = damaged_copy(REAL_DATA, partition, flips, tmp_path / "logs")
    want = [
        (r.offset, r.value) for r in kafkaks.read_partition(REAL_DATA / partition, isolation="read_committed")
    ]
    assert want  # the undamaged partition's committed records
    problems: list[Problem] = []
    got = kafkaks.read_partition(directory, isolation="read_committed", on_problem=problems.append)
    assert [(r.offset, r.value) for r in got] == want
    assert [(p.kind, p.position) for p in problems] == [("crc_mismatch", 0)]
    problems = []
    table = pa.Table.from_batches(
        kafkaks.read_arrow(directory, isolation="read_committed", on_problem=problems.append)
    )
    assert list(zip(table["offset"].to_pylist(), table["value"].to_pylist(), strict=True)) == want
    assert [(p.kind, p.position) for p in problems] == [("crc_mismatch", 0)]


@pytest.mark.parametrize("isolation", ["read_uncommitted", "read_committed"])
def test_spark_source_plans_past_a_damaged_header(isolation: str, tmp_path: Path) -> None:
    """Issue 30.1, the Spark source: a partition of two segments whose first segment's last batch
    fails its CRC, claiming every offset (lastOffsetDelta 2**30), and whose first batch fails it
    claiming a transaction (the transactional bit). The planner neither takes the claims for an
    overlap of the segments nor for an open transaction: every batch that checks gives its rows
    (the tasks leave out a batch whose CRC fails, after reporting it)."""
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    from kafkaks.spark.options import Options
    from kafkaks.spark.planning import plan
    from kafkaks.spark.reading import read_split

    if not real_data_available():
        pytest.skip(NO_REAL_DATA)
    partition = "gzip-headers-epochs/data/lsx1-0"
    directory = damaged_copy(
        REAL_DATA,
        partition,
        [(HEADER.ATTRIBUTES_OFFSET + HEADER.ATTRIBUTES_LENGTH - 1, HEADER.IS_TRANSACTIONAL_MASK)],
        tmp_path,
    )
    segment = directory / "00000000000000000000.log"
    batches = list(read_log(segment, on_problem=lambda _p: None))
    roll = next(batch for batch in batches if batch.base_offset == 7)  # a second segment from offset 7
    data = bytearray(segment.read_bytes())
    last = batches[batches.index(roll) - 1]
    data[last.position + HEADER.LAST_OFFSET_DELTA_OFFSET] ^= 0x40
    segment.write_bytes(bytes(data[: roll.position]))
    (directory / f"{7:020d}.log").write_bytes(bytes(data[roll.position :]))
    for name in ("00000000000000000000.index", "00000000000000000000.timeindex"):
        (directory / name).unlink(missing_ok=True)  # they index the segment before the roll

    options = Options.parse({"path": str(directory), "isolationLevel": isolation, "mode": "PERMISSIVE"})
    offsets = [
        offset
        for split in plan(options)
        for rows in read_split(split, options)
        for offset in rows.column("offset").to_pylist()
    ]
    damaged = {batches[0].base_offset, last.base_offset}
    assert offsets == [
        offset
        for offset, _ in kafka_python_records(REAL_DATA / partition / segment.name)
        if offset not in damaged
    ]
