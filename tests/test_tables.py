"""``kafkaks pipeline --format iceberg|delta``: incremental appends, exactly once (kafkaks.tables).

Tables are read back with the formats' own readers (pyiceberg's scan, deltalake's
``to_pyarrow_table``) and compared with kafka-python's reader of the same segments; the high
offsets in the commits are compared with what kafka-python reads too. Log dirs are changed between
runs as a broker would change them: new batches and segments, a topic deleted and created again,
a segment rewritten by the cleaner, old segments deleted by retention.

Spark runs in the test session's local[2] session (tests/conftest.py), with filter pushdown on
for the module; the watermark checks and ``--dry-run`` need none. The standalone cluster and
Spark Connect runs are in tests/test_cluster.py.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from conftest import FIXTURES
from kafka.record import MemoryRecords
from kafka_python_rows import kafka_python_rows

from kafkaks.cli.main import main
from kafkaks.tables.watermarks import (
    PROPERTY,
    Decision,
    Observed,
    SegmentPrint,
    Watermark,
    decide,
    dump_watermarks,
    load_watermarks,
)

LOGDIR = FIXTURES / "logdir"
FORMATS = ["iceberg", "delta"]
NO_TABLES = "the tables extra is not installed: pip install 'kafkaks[tables]'"


# --- the checks, without Spark --------------------------------------------------------------------


def observed(
    log_start: int | None, log_end: int | None, *segments: SegmentPrint, topic_id: str = "A"
) -> Observed:
    return Observed("orders", 0, topic_id, log_start, log_end, segments)


HELD = Watermark(41, "A", (SegmentPrint(0, 1000, 11), SegmentPrint(16, 900, 22), SegmentPrint(30, 800, 33)))


@pytest.mark.parametrize(
    ("now", "after", "skip", "note", "up_to_date"),
    [
        (observed(0, 41, *HELD.segments), 41, None, None, True),
        (observed(0, 57, *HELD.segments, SegmentPrint(42, 10, 44)), 41, None, None, False),
        (observed(0, 57, *HELD.segments, topic_id="B"), 41, "its topic id is B", None, False),
        (observed(0, 15, HELD.segments[0]), 41, "its log ends at offset 15, below", None, False),
        (observed(50, 60, SegmentPrint(50, 10, 55)), 41, None, "offsets 42-49 were deleted", False),
        (observed(0, 57, SegmentPrint(0, 600, 99), *HELD.segments[1:]), 41, None, "segment 0 was", False),
        (observed(0, 57, SegmentPrint(0, 1900, 11), HELD.segments[2]), 41, None, "segment 16 was", False),
        (observed(30, 57, HELD.segments[2]), 41, None, None, False),  # 0 and 16 deleted by retention
    ],
    ids=["up-to-date", "new-offsets", "topic-re-created", "log-ends-below", "deleted-unread", "compacted",
         "merged-by-cleaner", "retention"],
)  # fmt: skip
def test_decide(now: Observed, after: int, skip: str | None, note: str | None, up_to_date: bool) -> None:
    decision = decide(now, HELD)
    assert decision.after == after
    assert (decision.skip is None) == (skip is None) and (skip is None or skip in (decision.skip or ""))
    assert [n for n in decision.notes if note is not None and note in n] or (
        note is None and not decision.notes
    )
    assert decision.up_to_date == up_to_date


def test_a_partition_new_to_the_table_is_read_whole() -> None:
    decision = decide(observed(0, 41), None)
    assert (decision.after, decision.skip, decision.notes, decision.reads) == (None, None, [], True)
    assert not decide(observed(None, None), None).reads  # an empty log: nothing to read


def test_a_rewritten_segment_of_a_partition_never_cleaned_is_a_new_log() -> None:
    """A broker before 2.8 keeps no topic id: a topic deleted and created again shows as segment 0
    rewritten (another first batch, here larger). The log dir's cleaner-offset-checkpoint tells it
    from compaction: a partition the cleaner never cleaned started over."""
    held = Watermark(41, None, (SegmentPrint(0, 470710, 11),))
    now = Observed("orders", 0, None, 0, 57, (SegmentPrint(0, 19537376, 99),), cleaned=False)
    decision = decide(now, held)
    assert decision.skip is not None and decision.skip.startswith(
        "started over: segment 0 is not the one read"
    )
    assert not decision.reads and not decision.notes
    for cleaned in (True, None):  # cleaned by the log cleaner, or no checkpoint to tell: compaction
        decision = decide(dataclasses.replace(now, cleaned=cleaned), held)
        assert decision.skip is None and [n for n in decision.notes if "compaction" in n]
    with_ids = dataclasses.replace(now, topic_id="A")  # a topic id decides, not the checkpoint
    assert decide(with_ids, dataclasses.replace(held, topic_id="A")).skip is None


def test_observe_reads_the_cleaner_checkpoint(tmp_path: Path) -> None:
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    from kafkaks.spark.options import Options
    from kafkaks.tables.observe import observe

    logdir = tmp_path / "logdir"
    shutil.copytree(LOGDIR, logdir)
    options = Options.parse({"path": str(logdir)})
    assert {seen.cleaned for seen in observe(options)} == {None}  # no checkpoint file
    (logdir / "cleaner-offset-checkpoint").write_text("0\n1\norders 1 12\n")
    cleaned = {(seen.topic, seen.partition): seen.cleaned for seen in observe(options)}
    assert cleaned == {("orders", 0): False, ("orders", 1): True, ("txn-topic", 0): False}


def test_an_incremental_run_reads_each_partition_from_its_own_high_offset() -> None:
    """The source starts each topic-partition after what the table holds (startingOffsets), so
    a partition new to the table does not make the others be read from their start."""
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    from kafkaks.spark.options import Options
    from kafkaks.spark.planning import plan
    from kafkaks.tables.appending import starting_offsets

    decisions = [
        Decision("orders", 0, after=19),
        Decision("orders", 1),  # new to the table: from its start
        Decision("txn-topic", 0, after=15, up_to_date=True),  # nothing to read
    ]
    starting = starting_offsets(decisions)
    assert json.loads(starting) == {"orders": {"0": 20}}
    splits = plan(Options.parse({"path": str(LOGDIR), "startingOffsets": starting}))
    assert [(s.topic, s.partition, s.base_offset) for s in splits] == [
        ("orders", 0, 16),
        ("orders", 0, 30),
        ("orders", 1, 10),
        ("txn-topic", 0, 0),
    ]


def test_watermarks_round_trip_and_bad_values_are_named() -> None:
    marks = {("orders", 0): HELD, ("a/b", 3): Watermark(7)}
    assert load_watermarks(dump_watermarks(marks)) == marks
    assert load_watermarks(None) == {}
    for bad in ("not json", '{"version": 99, "partitions": {}}', '{"version": 1, "partitions": {"x/1": {}}}'):
        with pytest.raises(ValueError, match=PROPERTY):
            load_watermarks(bad)


# --- log dirs changed as a broker changes them ----------------------------------------------------


def batch_ends(segment: Path) -> list[int]:
    """The byte position after each batch of a segment, by kafka-python's reader."""
    records, ends, end = MemoryRecords(segment.read_bytes()), [], 0
    while (batch := records.next_batch()) is not None:
        end += batch.size_in_bytes
        ends.append(end)
    return ends


def earlier_state(tmp_path: Path) -> Path:
    """The fixture log dir as it was earlier: orders-0 without its last segment, its second one
    (then the active segment) holding only its first two batches."""
    logdir = tmp_path / "logdir"
    shutil.copytree(LOGDIR, logdir)
    for path in (logdir / "orders-0").glob("00000000000000000030.*"):
        path.unlink()
    active = logdir / "orders-0" / "00000000000000000016.log"
    with active.open("r+b") as f:
        f.truncate(batch_ends(active)[1])
    return logdir


def grow(logdir: Path) -> None:
    """The broker wrote on: the log dir as the fixture has it."""
    shutil.rmtree(logdir)
    shutil.copytree(LOGDIR, logdir)


# --- tables, with Spark ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def spark(spark: Any) -> Iterator[Any]:
    """The test session's SparkSession (tests/conftest.py) with filter pushdown on, as
    ``pipeline.session`` starts one, for the module."""
    pytest.importorskip("pyiceberg", reason=NO_TABLES)
    pytest.importorskip("deltalake", reason=NO_TABLES)
    spark.conf.set("spark.sql.python.filterPushdown.enabled", "true")
    yield spark
    spark.conf.unset("spark.sql.python.filterPushdown.enabled")


def append(spark: Any, format: str, logdir: Path, dest: Path, lines: list[str] | None = None) -> Any:
    from kafkaks.cli import pipeline

    return pipeline.run_table(
        [str(logdir)], str(dest), format=format, spark=spark, echo=None if lines is None else lines.append
    )


def table_rows(format: str, dest: Path) -> list[tuple[str, int, int, bytes | None, bytes | None]]:
    """The table's rows by the format's own reader."""
    if format == "iceberg":
        table = iceberg_table(dest).scan().to_arrow()
    else:
        import deltalake

        table = deltalake.DeltaTable(str(dest)).to_pyarrow_table()
    columns = [table[name].to_pylist() for name in ("topic", "partition", "offset", "key", "value")]
    return sorted(zip(*columns, strict=True), key=lambda row: row[:3])


def iceberg_table(dest: Path) -> Any:
    from pyiceberg.catalog.sql import SqlCatalog

    catalog = SqlCatalog("kafkaks", uri=f"sqlite:///{dest}/catalog.db", warehouse=f"file://{dest}")
    return catalog.load_table("kafka.records")


def commits(format: str, dest: Path) -> list[dict[str, Any]]:
    """Every commit of the table, oldest first, with its properties."""
    if format == "iceberg":
        return [dict(s.summary.additional_properties) for s in iceberg_table(dest).snapshots()]
    import deltalake

    return list(reversed(deltalake.DeltaTable(str(dest)).history()))


def highs(rows: list[tuple[str, int, int, bytes | None, bytes | None]]) -> dict[tuple[str, int], int]:
    found: dict[tuple[str, int], int] = {}
    for topic, partition, offset, _, _ in rows:
        found[topic, partition] = max(offset, found.get((topic, partition), -1))
    return found


@pytest.mark.parametrize("format", FORMATS)
def test_incremental_runs_append_each_offset_once(spark: Any, tmp_path: Path, format: str) -> None:
    logdir, dest = earlier_state(tmp_path), tmp_path / "table"
    first = append(spark, format, logdir, dest)
    before = kafka_python_rows(logdir)
    assert table_rows(format, dest) == before
    assert first.commit is not None and len(commits(format, dest)) == 1
    assert {k: m.high for k, m in load_watermarks(commits(format, dest)[-1][PROPERTY]).items()} == highs(
        before
    )

    grow(logdir)  # new batches in the then active segment, and a new segment
    lines: list[str] = []
    second = append(spark, format, logdir, dest, lines)
    assert table_rows(format, dest) == kafka_python_rows(LOGDIR)  # each offset once
    high = highs(before)["orders", 0]
    [appended] = second.appended
    assert (appended.topic, appended.partition, appended.first_offset) == ("orders", 0, high + 1)
    assert appended.records == len(kafka_python_rows(LOGDIR, offset_above={("orders", 0): high})) - len(
        [r for r in before if r[:2] != ("orders", 0)]
    )
    assert ["orders", "0", f"{high + 1}-41", str(appended.records)] in [line.split()[:4] for line in lines]
    assert "nothing new in orders-1: the table holds up to offset 18" in lines
    assert len(commits(format, dest)) == 2
    marks = load_watermarks(commits(format, dest)[-1][PROPERTY])
    assert {k: m.high for k, m in marks.items()} == highs(kafka_python_rows(LOGDIR))

    third = append(spark, format, logdir, dest)  # nothing new: no Spark job, no commit
    assert third.commit is None and third.appended == []
    assert len(commits(format, dest)) == 2
    assert table_rows(format, dest) == kafka_python_rows(LOGDIR)


def damage_last_batch(segment: Path) -> None:
    data = bytearray(segment.read_bytes())
    data[batch_ends(segment)[-1] - 3] ^= 0xFF  # inside the last batch's records: its CRC fails
    segment.write_bytes(bytes(data))


@pytest.mark.parametrize("format", FORMATS)
def test_a_failed_run_commits_nothing_and_leaves_no_files(spark: Any, tmp_path: Path, format: str) -> None:
    logdir, dest = earlier_state(tmp_path), tmp_path / "table"
    append(spark, format, logdir, dest)
    files = sorted(p for p in dest.rglob("*") if p.is_file())
    grow(logdir)
    damage_last_batch(logdir / "orders-0" / "00000000000000000030.log")
    with pytest.raises(Exception, match=r"00000000000000000030\.log"):
        append(spark, format, logdir, dest)
    assert len(commits(format, dest)) == 1
    assert table_rows(format, dest) == kafka_python_rows(earlier_state(tmp_path / "again"))
    assert sorted(p for p in dest.rglob("*") if p.is_file()) == files  # the run's data files removed


def test_a_partition_that_started_over_is_skipped_and_said_why(spark: Any, tmp_path: Path) -> None:
    logdir, dest = tmp_path / "logdir", tmp_path / "table"
    shutil.copytree(LOGDIR, logdir)
    append(spark, "iceberg", logdir, dest)
    # orders-1: the topic deleted and created again (a new topic id); orders-0: its log now ends
    # below the table's high offset.
    metadata = logdir / "orders-1" / "partition.metadata"
    metadata.write_text(metadata.read_text().replace("topic_id: ", "topic_id: X"))
    for segment in ("00000000000000000016", "00000000000000000030"):
        for path in (logdir / "orders-0").glob(f"{segment}.*"):
            path.unlink()
    lines: list[str] = []
    run = append(spark, "iceberg", logdir, dest, lines)
    assert {(d.topic, d.partition) for d in run.skipped} == {("orders", 0), ("orders", 1)}
    assert any(line.startswith("skipped orders-0: started over: its log ends at offset 15") for line in lines)
    assert any(line.startswith("skipped orders-1: started over: its topic id is X") for line in lines)
    assert run.commit is None and len(commits("iceberg", dest)) == 1
    assert table_rows("iceberg", dest) == kafka_python_rows(LOGDIR)


def test_a_segment_rewritten_by_the_cleaner_is_noted_not_read_again(spark: Any, tmp_path: Path) -> None:
    logdir, dest = earlier_state(tmp_path), tmp_path / "table"
    append(spark, "delta", logdir, dest)
    grow(logdir)
    first = logdir / "orders-0" / "00000000000000000000.log"
    first.write_bytes(first.read_bytes()[batch_ends(first)[0] :])  # compaction dropped its first batch
    lines: list[str] = []
    append(spark, "delta", logdir, dest, lines)
    assert any(line.startswith("note orders-0: segment 0 was rewritten since it was read") for line in lines)
    assert table_rows("delta", dest) == kafka_python_rows(LOGDIR)  # rows as first read, new ones once


@pytest.mark.parametrize("format", FORMATS)
def test_a_run_racing_another_commits_nothing(spark: Any, tmp_path: Path, format: str) -> None:
    """Two runs read the same high offsets; the one that commits second fails and removes its
    files, rather than append the same offsets again."""
    from kafkaks.pipeline import append as append_files
    from kafkaks.spark.options import Options
    from kafkaks.tables import open_table
    from kafkaks.tables.appending import plan_append
    from kafkaks.tables.observe import observe

    logdir, dest = earlier_state(tmp_path), tmp_path / "table"
    append(spark, format, logdir, dest)
    grow(logdir)
    options = {"includeHeaders": "true", "includeMetadata": "true"}
    late = open_table(format, str(dest))
    late_run = plan_append(late, observe(Options.parse({**options, "paths": json.dumps([str(logdir)])})))
    append(spark, format, logdir, dest)  # the other run commits first
    files = sorted(p for p in dest.rglob("*") if p.is_file())
    parsed = Options.parse({**options, "paths": json.dumps([str(logdir)])})
    with pytest.raises(Exception, match=r"(?i)commit|conflict|version|snapshot|branch"):
        append_files(spark, late, late_run, parsed, lambda _line: None)
    assert late_run.commit is None
    assert len(commits(format, dest)) == 2
    assert table_rows(format, dest) == kafka_python_rows(LOGDIR)
    assert sorted(p for p in dest.rglob("*") if p.is_file()) == files


# --- the command line -----------------------------------------------------------------------------


def test_dry_run_prints_the_plan_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyiceberg", reason=NO_TABLES)
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    dest = tmp_path / "warehouse"
    assert main(["pipeline", "--format", "iceberg", "--dry-run", str(LOGDIR), str(dest)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[1:] == [
        "  orders-0: append every offset (log 0-41; new to the table)",
        "  orders-1: append every offset (log 10-18; new to the table)",
        "  txn-topic-0: append every offset (log 0-15; new to the table)",
    ]
    assert "starting Spark" not in err
    assert not dest.exists()


@pytest.mark.parametrize("format", FORMATS)
def test_a_new_table_is_not_made_among_files_it_did_not_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], format: str
) -> None:
    """A DEST folder that holds the operator's files but no table: refused, nothing written."""
    pytest.importorskip("pyiceberg" if format == "iceberg" else "deltalake", reason=NO_TABLES)
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    dest = tmp_path / "dest"
    dest.mkdir()
    (dest / "notes.txt").write_text("mine")
    for dry in (["--dry-run"], []):
        assert main(["pipeline", "--format", format, *dry, str(LOGDIR), str(dest)]) == 2
        err = capsys.readouterr().err
        assert f"{dest} holds files but no" in err and "Traceback" not in err
        assert [p.name for p in dest.iterdir()] == ["notes.txt"]
    if format == "iceberg":  # a named catalog: DEST is a warehouse, which may hold other things
        catalog = f"sqlite:///{tmp_path / 'catalog.db'}"
        assert (
            main(
                [
                    "pipeline",
                    "--format",
                    format,
                    "--dry-run",
                    "--catalog-uri",
                    catalog,
                    str(LOGDIR),
                    str(dest),
                ]
            )
            == 0
        )


def test_parquet_dry_run_checks_and_stops_before_spark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    dest = tmp_path / "parquet"
    assert main(["pipeline", "--dry-run", str(LOGDIR), str(dest)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "kafkaks pipeline: planning: 3 partitions, 5 segments, 0.0 MiB",
        # five small segments, a split each, grouped into one task (far under 128 MiB)
        f"kafkaks pipeline: dry run: would write Parquet to {dest}: 5 splits in 1 task; "
        "nothing read, nothing written",
    ]
    assert not dest.exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--format", "iceberg", "--mode", "overwrite"], "--mode overwrite/append/error and --no-metadata"),
        (
            ["--format", "delta", "--table", "a.b"],
            "--catalog-uri, --catalog-property and --table are Iceberg's",
        ),
        (["--format", "delta", "--catalog-property", "a=b"], "--catalog-property and --table are Iceberg's"),
        (["--table", "a.b"], "--catalog-uri, --catalog-property and --table are for --format iceberg"),
        (["--catalog-property", "a=b"], "--catalog-property and --table are for --format iceberg"),
    ],
    ids=[
        "iceberg-overwrite",
        "delta-table-name",
        "delta-catalog-property",
        "parquet-table-name",
        "parquet-catalog-property",
    ],
)
def test_options_of_another_format_are_refused(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    assert main(["pipeline", *argv, "--dry-run", str(LOGDIR), str(tmp_path / "t")]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "t").exists()


@pytest.mark.parametrize(("format", "module"), [("iceberg", "pyiceberg"), ("delta", "deltalake")])
def test_a_missing_tables_extra_is_named(format: str, module: str, tmp_path: Path) -> None:
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    code = (
        f"import sys\nsys.modules[{module!r}] = None\n"
        "from kafkaks.cli.main import main\nsys.exit(main(sys.argv[1:]))"
    )
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "pipeline",
            "--format",
            format,
            "--dry-run",
            str(LOGDIR),
            str(tmp_path / "t"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert (
        f"--format {format} needs {module}, in the 'tables' extra: pip install 'kafkaks[tables]'"
        in result.stderr
    )


def test_a_table_error_is_reported_in_one_line_not_a_traceback() -> None:
    """What the command line treats as a failed run (exit 1, one line) rather than a crash."""
    pytest.importorskip("pyiceberg", reason=NO_TABLES)
    pytest.importorskip("deltalake", reason=NO_TABLES)
    from deltalake.exceptions import CommitFailedError
    from pyiceberg.exceptions import CommitFailedException

    from kafkaks.cli.pipeline import _table_error

    assert _table_error(CommitFailedException("branch main has changed"))
    assert _table_error(CommitFailedError("version 1 already exists"))
    assert not _table_error(RuntimeError("a bug"))


# --- tiered storage (--remote) --------------------------------------------------------------------


def remote_options(store: Path, logdir: Path | None = None) -> Any:
    from kafkaks.spark.options import Options

    paths = [str(logdir)] if logdir is not None else []
    return Options.parse({"paths": json.dumps(paths), "remote": str(store)})


def test_a_partition_across_tiers_is_one_log_to_the_watermarks(tmp_path: Path) -> None:
    """orders-0's segment 0 copied to a store (Aiven's layout, zstd: its object smaller than the
    segment), then deleted from the log dir by retention, as a broker with tiered storage does: the
    partition is observed as one log (starting at 0, its segments 0, 16, 30 and ending at 41), so
    the run after the deletion has nothing to append and notes nothing. The store alone: its
    topic id is the objects' keys', and one that differs from the table's is a partition that
    started over."""
    import remote_encoder as enc

    from kafkaks.tables.observe import observe
    from kafkaks.tables.watermarks import advance

    logdir, store = tmp_path / "logdir", tmp_path / "store"
    shutil.copytree(LOGDIR / "orders-0", logdir / "orders-0")
    segment = enc.SegmentFiles.of(LOGDIR / "orders-0" / "00000000000000000000.log", 15, {0: 0})
    segment_size = len(segment.log)
    options = enc.AivenOptions(chunk_size=100, compression=True)
    topic_id = enc.kafka_uuid()
    enc.aiven_copy(enc.put_files(store), segment, "orders", topic_id, 0, enc.kafka_uuid(), options)

    [before] = observe(remote_options(store, logdir))
    mark = advance(None, before, before.log_end)
    assert mark is not None and mark.high == 41
    for path in logdir.glob("orders-0/00000000000000000000.*"):
        path.unlink()  # retention: the segment is in the store only
    [after] = observe(remote_options(store, logdir))
    assert (after.log_start, after.log_end) == (0, 41)
    assert [(p.base_offset, p.size) for p in after.segments] == [
        (p.base_offset, p.size) for p in before.segments
    ]
    assert [p.base_offset for p in after.segments] == [0, 16, 30]
    decision = decide(after, mark)
    assert (decision.reads, decision.skip, decision.notes) == (False, None, [])

    [alone] = observe(remote_options(store))
    assert (alone.topic_id, alone.log_start, alone.log_end) == (topic_id, 0, 15)
    other = Watermark(15, enc.kafka_uuid(), alone.segments)
    assert "started over: its topic id is" in str(decide(alone, other).skip)
    assert decide(alone, Watermark(15, topic_id, alone.segments)).up_to_date
    # LocalTieredStorage's layout, without __remote_log_metadata: no end offset is written down,
    # so the last segment's batch headers are walked from its last offset index entry.
    tiered = tmp_path / "tiered"
    enc.local_tiered_copy(enc.put_files(tiered), segment, "orders", topic_id, 0, enc.kafka_uuid())
    [walked] = observe(remote_options(tiered))
    assert (walked.log_start, walked.log_end, walked.segments[0].size) == (0, 15, segment_size)


@pytest.mark.parametrize("format", FORMATS)
def test_a_table_run_reads_remote_segments(spark: Any, tmp_path: Path, format: str) -> None:
    """--remote in a table run: orders-0's offsets 0..29 in a store (one remote segment, cut into
    several splits by a small maxBytesPerPartition, and a retried copy of 0..15), 16..41 in the log
    dir. The table gets the rows read_arrow reads of both tiers, each offset once, and a watermark
    of the log across tiers; the run after it appends nothing."""
    from test_splits import tiered

    import kafkaks
    from kafkaks.cli import pipeline
    from kafkaks.remote.tiers import Remote

    (tmp_path / "src").mkdir()
    store, logdir = tiered(tmp_path / "src")
    dest = tmp_path / "table"

    def run() -> Any:
        return pipeline.run_table(
            [str(logdir)],
            str(dest),
            format=format,
            spark=spark,
            echo=None,
            max_bytes_per_partition=300,
            remote={"remote": str(store)},
        )

    first = run()
    noted: list[Any] = []  # the overlaps of the tiers and of the retried copy
    read = kafkaks.read_arrow([logdir], remote=Remote.open(store), on_problem=noted.append)
    expected = pa.Table.from_batches(list(read))
    assert {problem.kind for problem in noted} == {"segment_overlap"}
    columns = [expected[name].to_pylist() for name in ("topic", "partition", "offset", "key", "value")]
    assert table_rows(format, dest) == sorted(zip(*columns, strict=True), key=lambda row: row[:3])
    assert [row[2] for row in table_rows(format, dest)] == list(range(42))
    assert first.commit is not None and [(a.first_offset, a.last_offset) for a in first.appended] == [(0, 41)]
    [mark] = load_watermarks(commits(format, dest)[-1][PROPERTY]).values()
    assert (mark.high, [s.base_offset for s in mark.segments]) == (41, [0, 16, 30])
    again = run()
    assert again.commit is None and again.appended == []
    assert [(d.skip, d.notes, d.up_to_date) for d in again.decisions] == [(None, [], True)]
    assert len(commits(format, dest)) == 1
