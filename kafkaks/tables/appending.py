"""The Spark side of a table append: what to read, the data files the tasks write, one commit.

1. :func:`plan_append`: the table's watermarks against the log dirs as they are now (on the
   driver, before Spark starts): a :class:`~kafkaks.tables.watermarks.Decision` per topic-partition.
2. :func:`append`: Spark reads the offsets above each high offset (the source starts each
   topic-partition there, :func:`starting_offsets`, skipping older segments; the topics are
   pushed down too);
   each task writes its rows as Parquet files through ``pyarrow.fs`` into a folder of this run
   inside the table's location, one folder per topic and UTC day (:mod:`kafkaks.tables.writing`),
   and reports each file with what it holds per topic-partition. The driver sums the reports up
   and commits exactly the reported files with the new watermarks in one commit, then removes
   what other task attempts left in the run's folder. Whatever fails before that commit has
   landed removes the run's folder: the table is as it was.
"""

from __future__ import annotations

import contextlib
import functools
import json
import operator
import posixpath
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import DataFile, Table, new_run_id
from .watermarks import Decision, Key, Observed, Watermark, advance, decide
from .writing import Appended

__all__ = ["Appended", "TableRun", "append", "plan_append", "starting_offsets"]

MICROS_PER_DAY = 86_400_000_000


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


def wanted(decisions: Sequence[Decision]) -> Any:
    """The Spark condition on the rows a run appends, or None when there are none."""
    from pyspark.sql import functions as F

    terms = []
    for decision in decisions:
        if not decision.reads:
            continue
        term = (F.col("topic") == F.lit(decision.topic)) & (F.col("partition") == F.lit(decision.partition))
        if decision.after is not None:
            term = term & (F.col("offset") > F.lit(decision.after))
        terms.append(term)
    if not terms:
        return None
    condition = functools.reduce(operator.or_, terms)
    # A conjunct the source can push down (a disjunction it cannot): the topics. Each partition's
    # older segments are skipped by the source's startingOffsets (starting_offsets).
    topics = sorted({d.topic for d in decisions if d.reads})
    return F.col("topic").isin(topics) & condition


def starting_offsets(decisions: Sequence[Decision]) -> str:
    """The ``kafka-log`` source's ``startingOffsets`` for a run: each topic-partition the table
    holds from the offset after its high offset."""
    starts: dict[str, dict[str, int]] = {}
    for decision in decisions:
        if decision.reads and decision.after is not None:
            starts.setdefault(decision.topic, {})[str(decision.partition)] = decision.after + 1
    return json.dumps(starts, sort_keys=True)


def day_column() -> Any:
    """The UTC day of ``timestamp`` (whatever the session's time zone)."""
    from pyspark.sql import functions as F

    return F.date_from_unix_date(F.floor(F.unix_micros("timestamp") / MICROS_PER_DAY).cast("int"))


def append(df: Any, table: Table, run: TableRun, say: Callable[[str], None]) -> TableRun:
    """Read what ``run`` decided from ``df`` (the ``kafka-log`` source), write it as Parquet files
    into the table's location and commit them in one commit (none when nothing is new). Returns
    ``run`` with what was appended."""
    from pyspark.sql.pandas.types import from_arrow_schema, to_arrow_schema

    from ..spark.filesystems import filesystem
    from .writing import REPORT_SCHEMA, write_files

    condition = wanted(run.decisions)
    if condition is None:
        say("nothing to read: every partition is up to date or skipped")
        return run
    rows = df.where(condition)
    topic_dir, day_dir = table.partition_columns
    out = rows.withColumn(day_dir, day_column())
    if table.partition_values_in_files:  # Iceberg: every column in the files and the table
        schema = file_schema = to_arrow_schema(rows.schema, timezone="UTC")
    else:  # Delta: topic and day in the table, not in the files
        schema = to_arrow_schema(out.schema, timezone="UTC")
        file_schema = to_arrow_schema(rows.drop("topic").schema, timezone="UTC")
    folder = table.run_folder(new_run_id())
    fs_uri = table.storage.filesystem_uri(folder)
    fs, root = filesystem(fs_uri)
    writer = functools.partial(
        write_files, fs_uri=fs_uri, schema=file_schema, folders=(topic_dir, day_dir), day=day_dir
    )
    try:
        say(f"writing Parquet files to {folder}")
        reports = (
            out.sortWithinPartitions("topic", day_dir, "partition", "offset")
            .mapInArrow(writer, from_arrow_schema(REPORT_SCHEMA))
            .collect()
        )
        files = [
            DataFile(f"{folder}/{r.name}", r.size, r.rows, {topic_dir: r.topic, day_dir: r.day})
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
            _wait_for_tasks(df)
            _remove(fs, root)
        raise
    remove_strays(fs, root, {r.name for r in reports})
    return run


def summarise(reports: Iterable[Any]) -> list[Appended]:
    """What the files of the tasks' reports (rows of :data:`~kafkaks.tables.writing.REPORT_SCHEMA`)
    hold per topic-partition, in topic and partition order."""
    found: dict[Key, Appended] = {}
    for report in reports:
        for held in report.partitions:
            stats = held.asDict()
            partition = stats.pop("partition")
            found.setdefault((report.topic, partition), Appended(report.topic, partition)).add(**stats)
    return [found[key] for key in sorted(found)]


def remove_strays(fs: Any, root: str, committed: set[str]) -> list[str]:
    """Remove the files under the run's folder ``root`` that are not ``committed`` (names relative
    to it): what failed or speculative task attempts wrote. Returns their names; a file that cannot
    be removed is left (the table does not refer to it)."""
    import pyarrow.fs as pafs

    strays = []
    with contextlib.suppress(OSError):
        for info in fs.get_file_info(pafs.FileSelector(root, recursive=True)):
            name = posixpath.relpath(info.path, root)
            if info.type == pafs.FileType.File and name not in committed:
                with contextlib.suppress(OSError):
                    fs.delete_file(info.path)
                    strays.append(name)
    return sorted(strays)


def _wait_for_tasks(df: Any, timeout: float = 60.0) -> None:
    """After a failed job, wait until no task of the session runs, then for as long as Spark lets a
    killed task's Python worker go on (``spark.python.task.killTimeout``): Spark kills the other
    tasks of a failed job asynchronously, and one could still be writing a file into the run's
    folder after the driver removed it. Spark Connect offers no status tracker: no wait there."""
    try:
        context = df.sparkSession.sparkContext
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
