"""The Spark side of a table append: what to read, the data files Spark writes, one commit.

1. :func:`plan_append`: the table's watermarks against the log dirs as they are now (on the
   driver, before Spark starts): a :class:`~kafkaks.tables.watermarks.Decision` per topic-partition.
2. :func:`append`: Spark reads the offsets above each high offset (the filter is pushed down to
   the ``kafka-log`` source where it can prune: topics, partitions, and the lowest high offset),
   writes Parquet files in parallel into a folder of this run inside the table's location, one
   folder per topic and UTC day; the driver lists them, sums up what was written per
   topic-partition, and commits them all with the new watermarks in one commit. Whatever fails
   before that commit has landed removes the run's folder: the table is as it was.
"""

from __future__ import annotations

import functools
import operator
import posixpath
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import Table
from .watermarks import Decision, Key, Observed, Watermark, advance, decide

__all__ = ["Appended", "TableRun", "append", "plan_append"]

MICROS_PER_DAY = 86_400_000_000


@dataclass
class Appended:
    """What one commit appended of one topic-partition. ``bytes`` counts key and value bytes."""

    topic: str
    partition: int
    records: int = 0
    bytes: int = 0
    first_offset: int | None = None
    last_offset: int | None = None
    first_timestamp_us: int | None = None
    last_timestamp_us: int | None = None


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
    # Conjuncts the source can push down (a disjunction it cannot): the topics, and the lowest
    # offset any partition still needs, which skips older segments in every partition.
    topics = sorted({d.topic for d in decisions if d.reads})
    pushable = F.col("topic").isin(topics)
    afters = [d.after for d in decisions if d.reads]
    if all(after is not None for after in afters):
        pushable = pushable & (F.col("offset") > F.lit(min(a for a in afters if a is not None)))
    return pushable & condition


def day_column() -> Any:
    """The UTC day of ``timestamp`` (whatever the session's time zone)."""
    from pyspark.sql import functions as F

    return F.date_from_unix_date(F.floor(F.unix_micros("timestamp") / MICROS_PER_DAY).cast("int"))


def spark_uri(uri: str) -> str:
    """The URI Spark (Hadoop) writes to for one pyarrow reads: ``s3a://`` for ``s3://``."""
    return "s3a://" + uri.removeprefix("s3://") if uri.startswith("s3://") else uri


def append(
    spark: Any,
    df: Any,
    table: Table,
    run: TableRun,
    say: Callable[[str], None],
) -> TableRun:
    """Read what ``run`` decided, write it as Parquet files into the table's location and commit
    them in one commit (none when nothing is new). Returns ``run`` with what was appended."""
    from pyspark.sql import functions as F
    from pyspark.sql.pandas.types import to_arrow_schema

    from ..spark.filesystems import filesystem

    condition = wanted(run.decisions)
    if condition is None:
        say("nothing to read: every partition is up to date or skipped")
        return run
    rows = df.where(condition)
    data_columns = rows.columns
    if table.partition_values_in_files:
        topic_dir, day_dir = table.partition_columns
        out = rows.withColumn(topic_dir, F.col("topic")).withColumn(day_dir, day_column())
        schema = to_arrow_schema(rows.schema, timezone="UTC")
    else:
        out = rows.withColumn(table.partition_columns[1], day_column())
        schema = to_arrow_schema(out.schema, timezone="UTC")
    folder = table.run_folder(uuid.uuid4().hex[:16])
    fs, root = filesystem(folder)
    try:
        spark.conf.set("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS")  # not INT96
        say(f"writing Parquet files to {folder}")
        out.write.mode("error").partitionBy(*table.partition_columns).parquet(spark_uri(folder))
        say("summarising what was written")
        written = spark.read.schema(out.schema).parquet(spark_uri(folder)).select(*data_columns)
        for row in (
            written.groupBy("topic", "partition")
            .agg(
                F.count(F.lit(1)).alias("records"),
                F.sum(F.coalesce(F.length("key"), F.lit(0)) + F.coalesce(F.length("value"), F.lit(0))).alias(
                    "bytes"
                ),
                F.min("offset").alias("first_offset"),
                F.max("offset").alias("last_offset"),
                F.unix_micros(F.min("timestamp")).alias("first_timestamp_us"),
                F.unix_micros(F.max("timestamp")).alias("last_timestamp_us"),
            )
            .orderBy("topic", "partition")
            .collect()
        ):
            run.appended.append(Appended(**row.asDict()))
        files, values = _data_files(fs, root, folder)
        run.files = len(files)
        run.file_bytes = sum(size for size in files.values())
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
        run.commit = table.commit(sorted(files), schema, marks, values)
        run.table = table.describe()
    except BaseException:
        if run.commit is None:
            _remove(fs, root)
        raise
    return run


def _data_files(fs: Any, root: str, folder: str) -> tuple[dict[str, int], dict[str, Mapping[str, str]]]:
    """The Parquet files Spark wrote under ``folder`` (as URIs under it) with their sizes, and
    each one's partition values from its ``name=value`` folders."""
    import urllib.parse

    import pyarrow.fs as pafs

    sizes: dict[str, int] = {}
    values: dict[str, Mapping[str, str]] = {}
    if fs.get_file_info(root).type != pafs.FileType.Directory:
        return sizes, values
    for info in fs.get_file_info(pafs.FileSelector(root, recursive=True)):
        if info.type != pafs.FileType.File or not info.base_name.endswith(".parquet"):
            continue
        relative = posixpath.relpath(info.path, root)
        uri = f"{folder.rstrip('/')}/{relative}"
        sizes[uri] = int(info.size)
        parts = [p.split("=", 1) for p in relative.split("/")[:-1] if "=" in p]
        values[uri] = {name: urllib.parse.unquote(value) for name, value in parts}
    return sizes, values


def _remove(fs: Any, root: str) -> None:
    import contextlib

    with contextlib.suppress(OSError, FileNotFoundError):
        fs.delete_dir(root)
