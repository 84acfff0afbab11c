"""A table append on the driver: what to read, and the one commit of the files the tasks wrote.

1. :func:`plan_append`: the table's watermarks against the log dirs as they are now (on the
   driver, before Spark starts): a :class:`~kafkaks.tables.watermarks.Decision` per topic-partition.
2. :func:`kafkaks.pipeline.append`: the splits of the topic-partitions to read, each started at
   the offset after its high offset (:func:`reading_options`, skipping older segments), are read
   by Spark tasks (:mod:`kafkaks.spark.tasks`), each writing its rows as Parquet files through
   ``pyarrow.fs`` into a folder of this run inside the table's location, one folder per topic
   and UTC day (:mod:`kafkaks.spark.writing`), and reporting each file with what it holds per
   topic-partition. :func:`commit` sums the reports up and commits exactly the reported files
   with the new watermarks in one commit; the run then removes what other task attempts left in
   the run's folder. Whatever fails before that commit has
   landed removes the run's folder: the table is as it was.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

from ..spark.options import Options
from ..spark.writing import Appended, summarise
from . import DataFile, Table
from .watermarks import Decision, Key, Observed, Watermark, advance, decide

__all__ = [
    "Appended",
    "TableRun",
    "commit",
    "plan_append",
    "reading_options",
    "remove",
    "schemas",
    "starting_offsets",
    "wait_for_tasks",
]


@dataclass
class TableRun:
    """A run against a table: the decisions, what was appended, the commit (None: none made)."""

    table: str
    decisions: list[Decision]
    held: dict[Key, Watermark]
    observed: dict[Key, Observed]
    appended: list[Appended] = field(default_factory=list)
    commit: str | None = None
    files: int = 0
    file_bytes: int = 0

    @property
    def skipped(self) -> list[Decision]:
        return [d for d in self.decisions if d.skip is not None]


def plan_append(table: Table, observed: Sequence[Observed]) -> TableRun:
    """Decide, per topic-partition, what a run appends (no Spark, nothing written)."""
    held = table.held()
    decisions = [decide(seen, held.get((seen.topic, seen.partition))) for seen in observed]
    return TableRun(
        table.describe(), decisions, held, {(seen.topic, seen.partition): seen for seen in observed}
    )


def reading_options(options: Options, decisions: Sequence[Decision]) -> Options:
    """``options`` starting each topic-partition the table holds at the offset after its high
    offset (the source's ``startingOffsets``: older segments are not read, older rows dropped)."""
    starts = tuple((d.topic, d.partition, d.after + 1) for d in decisions if d.reads and d.after is not None)
    return dataclasses.replace(options, starting_offsets=starts)


def starting_offsets(decisions: Sequence[Decision]) -> str:
    """The ``kafka-log`` source's ``startingOffsets`` for a run: each topic-partition the table
    holds from the offset after its high offset."""
    starts: dict[str, dict[str, int]] = {}
    for decision in decisions:
        if decision.reads and decision.after is not None:
            starts.setdefault(decision.topic, {})[str(decision.partition)] = decision.after + 1
    return json.dumps(starts, sort_keys=True)


def schemas(table: Table, rows: pa.Schema) -> tuple[pa.Schema, pa.Schema]:
    """The table's schema for rows of ``rows``, and that of its data files."""
    if table.partition_values_in_files:  # Iceberg: every column in the files and the table
        return rows, rows
    # Delta: topic and day in the table, not in the files
    return rows.append(pa.field(table.partition_columns[1], pa.date32())), pa.schema(
        [f for f in rows if f.name != "topic"]
    )


def commit(
    table: Table,
    run: TableRun,
    folder: str,
    reports: Sequence[Any],
    schema: pa.Schema,
    say: Callable[[str], None],
) -> TableRun:
    """Commit the files the tasks reported (rows of :data:`~kafkaks.spark.writing.REPORT_SCHEMA`
    naming files in ``folder``, the run's folder) in one commit carrying the new watermarks, none
    when nothing is new. Returns ``run`` with what was appended."""
    topic_dir, day_dir = table.partition_columns
    files = [
        DataFile(f"{folder}/{r.name}", r.size, r.rows, {topic_dir: r.topic, day_dir: r.folder})
        for r in reports
    ]
    run.appended = summarise(reports)
    run.files = len(files)
    run.file_bytes = sum(file.size for file in files)
    if not files:
        say("nothing new to append: no commit")
        return run
    marks = dict(run.held)
    for appended in run.appended:
        key = (appended.topic, appended.partition)
        mark = advance(run.held.get(key), run.observed[key], appended.last_offset)
        if mark is not None:
            marks[key] = mark
    say(f"committing {len(files)} file{'s' if len(files) != 1 else ''} to {table.describe()}")
    run.commit = table.commit(sorted(files, key=lambda file: file.uri), schema, marks)
    run.table = table.describe()
    return run


def wait_for_tasks(spark: Any, timeout: float = 60.0) -> None:
    """After a failed job, wait until no task of the session runs, then for as long as Spark lets a
    killed task's Python worker go on (``spark.python.task.killTimeout``): Spark kills the other
    tasks of a failed job asynchronously, and one could still be writing a file into the run's
    folder after the driver removed it. Spark Connect offers no status tracker: no wait there."""
    try:
        context = spark.sparkContext
        tracker = context.statusTracker()
        grace_ms = (
            context._jsc.sc().conf().getTimeAsMs("spark.python.task.killTimeout", "2s")
        )  # Spark's parser
    except Exception:  # Spark Connect: no SparkContext on the client
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        stages = [tracker.getStageInfo(stage) for stage in tracker.getActiveStageIds()]
        if not any(stage is not None and stage.numActiveTasks for stage in stages):
            break
        time.sleep(0.1)
    time.sleep(min(grace_ms / 1000, timeout))


def remove(fs: Any, root: str) -> None:
    """Remove a run's folder and what it holds, as far as it can."""
    with contextlib.suppress(OSError):
        fs.delete_dir(root)
