"""A pipeline task on an executor: read its splits with the compiled core, write them as Parquet.

The driver hands Spark a :class:`WriteTask` for ``DataFrame.mapInArrow`` over one row per task
(``spark.range(tasks, numPartitions=tasks)``, which classic Spark and Spark Connect both run): the
row's number picks the task's group of splits (:func:`~kafkaks.spark.planning.group_splits`), each
split is read as the ``kafka-log`` source reads it (:func:`~kafkaks.spark.reading.read_split`:
problems, ``read_committed``, ``startingOffsets``, decoded values) and its Arrow batches go
straight into Parquet files (:mod:`kafkaks.spark.writing`), in this Python process. What comes
back to the driver is a few report rows per task: no record becomes a JVM row.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from ..errors import KafkaksError
from .filesystems import filesystem
from .options import Options
from .planning import SegmentSplit
from .reading import read_split
from .writing import Files, Layout

__all__ = ["WriteTask", "run_tasks"]


@dataclass(frozen=True)
class WriteTask:
    """What every task of a run needs: the options, the groups of splits by task number, where
    the files go (a filesystem URI: :mod:`kafkaks.spark.filesystems`) and how they are laid out."""

    options: Options
    groups: tuple[tuple[SegmentSplit, ...], ...]
    fs_uri: str
    layout: Layout
    run_id: str  # in every file's name: what a run wrote is told from what a folder held before

    def __call__(self, numbers: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        """``mapInArrow``'s function: the report rows of the groups numbered in ``numbers``."""
        from pyspark import TaskContext

        context = TaskContext.get()  # None outside a Spark task
        attempt = "local" if context is None else f"{context.partitionId():05d}-{context.attemptNumber()}"
        attempt = f"{self.run_id}-{attempt}"
        for batch in numbers:
            for number in batch.column(0).to_pylist():
                yield from self.write(number, attempt)

    def write(self, number: int, attempt: str) -> Iterator[pa.RecordBatch]:
        """Read and write group ``number``; a report row per file, and one for its problems."""
        fs, root = filesystem(self.fs_uri)
        files = Files(fs, root, self.layout, attempt)
        problems: list[dict[str, Any]] = []
        # A kafkaks error is raised anew, without the frames it came through (as the source does):
        # Spark puts the Python traceback in its exception, and the reason then comes first.
        try:
            for split in self.groups[number]:
                for rows in read_split(split, self.options, problems):
                    yield from files.add(rows)
        except KafkaksError as error:
            raise error.at() from None
        yield from files.close(problems)


def run_tasks(spark: Any, task: WriteTask, done: Callable[[int, int], None] | None = None) -> list[Any]:
    """Run ``task`` on Spark, one Spark task per group of splits, and collect the report rows
    (:data:`~kafkaks.spark.writing.REPORT_SCHEMA`). ``spark.range`` with as many partitions as
    rows gives each partition one row, so Spark schedules each group as a task of its own.
    ``done`` is told (tasks done, tasks) about twice a second while the job runs, where Spark's
    status tracker can be asked (not on Spark Connect)."""
    from pyspark.sql.pandas.types import from_arrow_schema

    from .writing import REPORT_SCHEMA

    count = len(task.groups)
    if not count:
        return []
    numbers = spark.range(0, count, 1, count)
    job = numbers.mapInArrow(task, from_arrow_schema(REPORT_SCHEMA))
    with _counting(spark, count, done):
        return list(job.collect())


@contextlib.contextmanager
def _counting(spark: Any, count: int, done: Callable[[int, int], None] | None) -> Iterator[None]:
    """Meanwhile, tell ``done`` how many tasks of the session's running stages have finished."""
    try:
        tracker = spark.sparkContext.statusTracker() if done is not None else None
    except Exception:  # Spark Connect: no SparkContext on the client
        tracker = None
    if tracker is None or done is None:
        yield
        return
    stop = threading.Event()

    def poll() -> None:
        while not stop.wait(0.5):
            stages = [tracker.getStageInfo(stage) for stage in tracker.getActiveStageIds()]
            done(sum(stage.numCompletedTasks for stage in stages if stage is not None), count)

    thread = threading.Thread(target=poll, name="kafkaks-progress", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
