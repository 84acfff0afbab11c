"""The Spark side of a table append: what to read, the data files the tasks write, one commit.

1. :func:`plan_append`: the table's watermarks against the log dirs as they are now (on the
   driver, before Spark starts): a :class:`~kafkaks.tables.watermarks.Decision` per topic-partition.
2. :func:`append`: the splits of the topic-partitions to read, each started at the offset after
   its high offset (:func:`reading_options`, skipping older segments), are read by Spark tasks
   (:mod:`kafkaks.spark.tasks`), each writing its rows as Parquet files through ``pyarrow.fs``
   into a folder of this run inside the table's location, one folder per topic and UTC day
   (:mod:`kafkaks.spark.writing`), and reporting each file with what it holds per
   topic-partition. The driver sums the reports up
   and commits exactly the reported files with the new watermarks in one commit, then removes
   what other task attempts left in the run's folder. Whatever fails before that commit has
   landed removes the run's folder: the table is as it was.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

from ..spark.options import Options
from ..spark.writing import Appended
from . import DataFile, Table
from .watermarks import Decision, Key, Observed, Watermark, advance, decide

__all__ = ["Appended", "TableRun", "append", "plan_append", "reading_options", "starting_offsets"]


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


def append(spark: Any, table: Table, run: TableRun, options: Options, say: Callable[[str], None]) -> TableRun:
    """Read what ``run`` decided from the log dirs of ``options`` (the ``kafka-log`` source's,
    parsed), write it as Parquet files into the table's location, a Spark task per group of splits
    (:mod:`kafkaks.spark.tasks`), and commit them in one commit (none when nothing is new). Returns
    ``run`` with what was appended."""
    from ..spark.filesystems import filesystem
    from ..spark.planning import group_splits, plan
    from ..spark.tasks import WriteTask, run_tasks
    from ..spark.writing import Layout, remove_strays, summarise

    reads = {d.key for d in run.decisions if d.reads}
    if not reads:
        say("nothing to read: every partition is up to date or skipped")
        return run
    options = reading_options(options, run.decisions)
    splits = [s for s in plan(options) if (s.topic, s.partition) in reads]
    rows = options.arrow_schema()
    topic_dir, day_dir = table.partition_columns
    if table.partition_values_in_files:  # Iceberg: every column in the files and the table
        schema = file_schema = rows
    else:  # Delta: topic and day in the table, not in the files
        schema = rows.append(pa.field(day_dir, pa.date32()))
        file_schema = pa.schema([f for f in rows if f.name != "topic"])
    run_id = uuid.uuid4().hex[:16]
    folder = table.run_folder(run_id)
    fs_uri = table.storage.filesystem_uri(folder)
    fs, root = filesystem(fs_uri)
    groups = group_splits(splits, options.max_bytes_per_partition)
    task = WriteTask(options, tuple(groups), fs_uri, Layout((topic_dir, day_dir), True, file_schema), run_id)
    reports: list[Any] = []
    try:
        say(f"writing Parquet files to {folder}")
        reports = [r for r in run_tasks(spark, task) if r.name is not None]
        files = [
            DataFile(f"{folder}/{r.name}", r.size, r.rows, {topic_dir: r.topic, day_dir: r.folder})
            for r in reports
        ]
        run.appended = summarise(reports)
        run.files = len(files)
        run.file_bytes = sum(file.size for file in files)
        if not files:
            say("nothing new to append: no commit")
            _remove(fs, root)
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
    except BaseException:
        if run.commit is None:
            _wait_for_tasks(spark)
            _remove(fs, root)
        raise
    remove_strays(fs, root, {r.name for r in reports})
    return run


def _wait_for_tasks(spark: Any, timeout: float = 60.0) -> None:
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


def _remove(fs: Any, root: str) -> None:
    with contextlib.suppress(OSError):
        fs.delete_dir(root)
