"""What each Spark task of a table run does: write its rows as Parquet files through ``pyarrow.fs``
and report them to the driver (:func:`write_files`, run by ``DataFrame.mapInArrow``).

A task writes one file per (topic, UTC day) its rows hold, under ``<topic folder>=<topic>/<day
folder>=<day>/`` of the run's folder, named for the task, its attempt and a random id, so two
attempts of one task never write the same file. The rows come sorted by topic, day, partition and
offset (``sortWithinPartitions``, which spills to disk as Spark's own writer does), so a task has
one file open at a time, and holds at most :data:`ROW_GROUP_BYTES` of rows before they go out as a
row group. Each file, once closed, is reported in one row of :data:`REPORT_SCHEMA`: its name
(relative to the run's folder), size, rows, partition values, and per Kafka partition what it
holds. Spark keeps the rows of the one attempt of each task it counts as done; the files of any
other attempt (failed, or a speculative copy) are in no report, and the driver removes them after
the commit.
"""

from __future__ import annotations

import posixpath
import uuid
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.fs as pafs
import pyarrow.parquet as pq

from ..schemas.decode import NOT_DECODED, columns
from ..spark.filesystems import filesystem

__all__ = ["REPORT_SCHEMA", "ROW_GROUP_BYTES", "Appended", "write_files"]

ROW_GROUP_BYTES = 64 << 20  # rows a task holds before writing them as a row group
NULL_FOLDER = "__HIVE_DEFAULT_PARTITION__"  # a null partition value in a folder name, as Hive writes it
STATS = pa.struct(
    [
        pa.field("partition", pa.int32()),
        pa.field("records", pa.int64()),
        pa.field("bytes", pa.int64()),  # key and value bytes
        pa.field("first_offset", pa.int64()),
        pa.field("last_offset", pa.int64()),
        pa.field("first_timestamp_us", pa.int64()),
        pa.field("last_timestamp_us", pa.int64()),
        pa.field("undecodable", pa.int64()),  # values --decode-values could not decode
    ]
)
REPORT_SCHEMA = pa.schema(
    [
        pa.field("name", pa.string()),
        pa.field("size", pa.int64()),
        pa.field("rows", pa.int64()),
        pa.field("topic", pa.string()),
        pa.field("day", pa.string()),
        pa.field("partitions", pa.list_(STATS)),
    ]
)
_ROW = "__kafkaks_row"
# What a file holds of a Kafka partition, by pyarrow's aggregations, in the order of Appended.add.
_AGGREGATES = [
    ("offset", "count"),
    ("bytes", "sum"),
    ("offset", "min"),
    ("offset", "max"),
    ("timestamp", "min"),
    ("timestamp", "max"),
    ("undecodable", "sum"),
]


@dataclass
class Appended:
    """What was appended of one topic-partition (to a file, or by one commit). ``bytes`` counts
    key and value bytes."""

    topic: str
    partition: int
    records: int = 0
    bytes: int = 0
    first_offset: int | None = None
    last_offset: int | None = None
    first_timestamp_us: int | None = None
    last_timestamp_us: int | None = None
    undecodable: int = 0

    def add(
        self,
        records: int,
        bytes: int,
        first_offset: int,
        last_offset: int,
        first_timestamp_us: int,
        last_timestamp_us: int,
        undecodable: int = 0,
    ) -> None:
        """Count rows of this topic-partition appended too."""
        self.records += records
        self.bytes += bytes
        self.undecodable += undecodable
        self.first_offset = (
            first_offset if self.first_offset is None else min(self.first_offset, first_offset)
        )
        self.last_offset = last_offset if self.last_offset is None else max(self.last_offset, last_offset)
        self.first_timestamp_us = (
            first_timestamp_us
            if self.first_timestamp_us is None
            else min(self.first_timestamp_us, first_timestamp_us)
        )
        self.last_timestamp_us = (
            last_timestamp_us
            if self.last_timestamp_us is None
            else max(self.last_timestamp_us, last_timestamp_us)
        )


def write_files(
    batches: Iterator[pa.RecordBatch], *, fs_uri: str, schema: pa.Schema, folders: tuple[str, str], day: str
) -> Iterator[pa.RecordBatch]:
    """Write the rows of ``batches`` (with ``topic`` and the date column ``day``) as files of
    ``schema`` under ``fs_uri``, the run's folder, in ``folders`` (topic, day); yield a report row
    per file written."""
    from pyspark import TaskContext

    fs, root = filesystem(fs_uri)
    context = TaskContext.get()  # None outside a Spark task
    task = "local" if context is None else f"{context.partitionId():05d}-{context.attemptNumber()}"
    current: _File | None = None
    for batch in batches:
        table = pa.Table.from_batches([batch])
        for key, rows in _groups(table, day):
            if current is None or current.key != key:
                if current is not None:
                    yield current.close()
                topic, when = (NULL_FOLDER if value is None else str(value) for value in key)
                name = f"{folders[0]}={topic}/{folders[1]}={when}/part-{task}-{uuid.uuid4().hex}.parquet"
                current = _File(fs, f"{root.rstrip('/')}/{name}", name, key, schema)
            current.add(table.take(rows).select(schema.names).cast(schema))
    if current is not None:
        yield current.close()


def _groups(table: pa.Table, day: str) -> list[tuple[tuple[str | None, date | None], pa.Array]]:
    """The rows of each (topic, day) of ``table``, in the order they first appear."""
    numbered = table.select(["topic", day]).append_column(_ROW, pa.array(np.arange(table.num_rows)))
    grouped = numbered.group_by(["topic", day], use_threads=False).aggregate([(_ROW, "list")])
    groups = [
        ((topic, when), rows.values)
        for topic, when, rows in zip(
            grouped["topic"].to_pylist(), grouped[day].to_pylist(), grouped[f"{_ROW}_list"], strict=True
        )
    ]
    return sorted(groups, key=lambda group: group[1][0].as_py())


def _undecodable(rows: pa.Table) -> pa.Array:
    """1 for each row whose value ``--decode-values`` could not decode (its problem column set,
    for another reason than a topic without a subject), else 0."""
    problem = columns("value")[2]
    if problem not in rows.column_names:
        return pa.array(np.zeros(rows.num_rows, np.int64))
    failed = pc.and_(pc.is_valid(rows[problem]), pc.invert(pc.starts_with(rows[problem], NOT_DECODED)))
    return pc.fill_null(failed, False).cast(pa.int64())


class _File:
    """One Parquet file being written, its pending rows, and what it holds per Kafka partition."""

    def __init__(
        self, fs: Any, path: str, name: str, key: tuple[str | None, date | None], schema: pa.Schema
    ) -> None:
        self.name, self.key = name, key
        if isinstance(fs, pafs.LocalFileSystem):  # an object store has no folders to make
            fs.create_dir(posixpath.dirname(path))
        self.stream = fs.open_output_stream(path)
        self.writer = pq.ParquetWriter(self.stream, schema)
        self.pending: list[pa.Table] = []
        self.pending_bytes = 0
        self.rows = 0
        self.held: dict[int, Appended] = {}

    def add(self, rows: pa.Table) -> None:
        self.pending.append(rows)
        self.pending_bytes += rows.nbytes
        self.rows += rows.num_rows
        self._count(rows)
        if self.pending_bytes >= ROW_GROUP_BYTES:
            self._flush()

    def _count(self, rows: pa.Table) -> None:
        sizes = [pc.fill_null(pc.binary_length(rows[column]), 0) for column in ("key", "value")]
        columns = pa.table(
            {
                "partition": rows["partition"],
                "offset": rows["offset"],
                "timestamp": rows["timestamp"].cast(pa.int64()),  # microseconds since the epoch
                "bytes": pc.add(*sizes).cast(pa.int64()),
                "undecodable": _undecodable(rows),
            }
        )
        grouped = columns.group_by("partition", use_threads=False).aggregate(_AGGREGATES)
        names = [f"{column}_{function}" for column, function in _AGGREGATES]
        for partition, *found in zip(*(grouped[n].to_pylist() for n in ["partition", *names]), strict=True):
            self.held.setdefault(partition, Appended(self.key[0] or "", partition)).add(*found)

    def _flush(self) -> None:
        if self.pending:
            self.writer.write_table(pa.concat_tables(self.pending))
        self.pending, self.pending_bytes = [], 0

    def close(self) -> pa.RecordBatch:
        """Finish the file; its report row."""
        self._flush()
        self.writer.close()
        size = self.stream.tell()
        self.stream.close()
        topic, when = self.key
        partitions = [
            {name: value for name, value in asdict(held).items() if name != "topic"}
            for _, held in sorted(self.held.items())
        ]
        report = [
            {
                "name": self.name,
                "size": size,
                "rows": self.rows,
                "topic": topic,
                "day": None if when is None else when.isoformat(),
                "partitions": partitions,
            }
        ]
        return pa.RecordBatch.from_pylist(report, schema=REPORT_SCHEMA)
