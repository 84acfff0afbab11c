"""What a pipeline task writes: Parquet files through ``pyarrow.fs``, and a report row per file.

A :class:`Files` takes the Arrow batches a task reads (one topic-partition at a time, in offset
order) and writes them under the run's folder, one folder level per :class:`Layout` column: for a
Parquet run ``topic=<topic>/partition=<partition>/`` (Hive style, the columns left out of the files,
as Spark's own writer does), for a table ``<topic folder>=<topic>/<day folder>=<day>/`` (the UTC day
of ``timestamp``). A file is named for the task, its attempt and a random id, so two attempts of
one task never write the same file, and is closed once it holds :data:`FILE_BYTES` of rows. It
holds at most :data:`ROW_GROUP_BYTES` of rows in memory before they go out as a row group; the
row groups carry column statistics (offset, timestamp) that engines prune by.

Each file, once closed, is reported in one row of :data:`REPORT_SCHEMA`: its name (relative to the
run's folder), size, rows, folder values, and per Kafka partition what it holds
(:class:`Appended`). The problems a task found go in a report row of their own (no file). The
driver commits what the reports name; files of any other attempt (failed, or a speculative copy)
are in no report and are removed.
"""

from __future__ import annotations

import contextlib
import json
import posixpath
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.fs as pafs
import pyarrow.parquet as pq

from ..schemas.decode import NOT_DECODED, columns

__all__ = [
    "FILE_BYTES",
    "REPORT_SCHEMA",
    "ROW_GROUP_BYTES",
    "Appended",
    "Files",
    "Layout",
    "remove_strays",
    "summarise",
]

ROW_GROUP_BYTES = 64 << 20  # rows a task holds before writing them as a row group
FILE_BYTES = 512 << 20  # rows in one file at most (in Arrow's memory): a file is rolled over then
COMPRESSION = "snappy"  # Spark's default for Parquet
MICROS_PER_DAY = 86_400_000_000
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
        pa.field("codecs", pa.list_(pa.string())),  # the batches' codecs (with the metadata columns)
    ]
)
REPORT_SCHEMA = pa.schema(
    [
        pa.field("name", pa.string()),  # null: a row of problems only
        pa.field("size", pa.int64()),
        pa.field("rows", pa.int64()),
        pa.field("topic", pa.string()),
        pa.field("folder", pa.string()),  # the second folder's value: a partition or a UTC day
        pa.field("partitions", pa.list_(STATS)),
        pa.field("problems", pa.list_(pa.string())),  # JSON objects of reading.PROBLEMS_SCHEMA
    ]
)


@dataclass
class Appended:
    """What was written of one topic-partition (to a file, or by a run). ``bytes`` counts key and
    value bytes; ``codecs`` are those of its batches, when the metadata columns are written."""

    topic: str
    partition: int
    records: int = 0
    bytes: int = 0
    first_offset: int | None = None
    last_offset: int | None = None
    first_timestamp_us: int | None = None
    last_timestamp_us: int | None = None
    undecodable: int = 0
    codecs: list[str] = field(default_factory=list)

    def add(
        self,
        records: int,
        bytes: int,
        first_offset: int,
        last_offset: int,
        first_timestamp_us: int,
        last_timestamp_us: int,
        undecodable: int = 0,
        codecs: Sequence[str] = (),
    ) -> None:
        """Count rows of this topic-partition written too."""
        self.records += records
        self.bytes += bytes
        self.undecodable += undecodable
        self.codecs = sorted(set(self.codecs) | set(codecs))
        self.first_offset = _least(self.first_offset, first_offset)
        self.last_offset = _most(self.last_offset, last_offset)
        self.first_timestamp_us = _least(self.first_timestamp_us, first_timestamp_us)
        self.last_timestamp_us = _most(self.last_timestamp_us, last_timestamp_us)


def _least(held: int | None, new: int | None) -> int | None:
    return new if held is None else held if new is None else min(held, new)


def _most(held: int | None, new: int | None) -> int | None:
    return new if held is None else held if new is None else max(held, new)


Folder = tuple[str | None, str | None]  # the values of a file's two folders


@dataclass(frozen=True)
class Layout:
    """How a run's files are laid out: the names of its two folder levels, whether the second is
    the UTC day of ``timestamp`` (else the Kafka partition), and the columns the files hold."""

    folders: tuple[str, str]
    by_day: bool
    schema: pa.Schema  # of the files

    @classmethod
    def parquet(cls, rows: pa.Schema) -> Layout:
        """Hive folders ``topic=``/``partition=``, the two columns not in the files."""
        keep = [f for f in rows if f.name not in ("topic", "partition")]
        return cls(("topic", "partition"), False, pa.schema(keep))

    def folder_values(self, rows: pa.RecordBatch) -> list[tuple[Folder, pa.RecordBatch]]:
        """The rows (of one topic-partition) of each folder, in the order their values appear."""
        topic = rows.column("topic")[0].as_py()
        if not self.by_day:
            partition = rows.column("partition")[0].as_py()
            return [((topic, None if partition is None else str(partition)), rows)]
        micros = rows.column("timestamp").cast(pa.int64()).to_numpy(zero_copy_only=False)
        days = np.floor_divide(micros, MICROS_PER_DAY)
        first = days[0]
        if (days == first).all():  # the common case: one day
            return [((topic, _day(first)), rows)]
        found: list[tuple[Folder, pa.RecordBatch]] = []
        for day in dict.fromkeys(days.tolist()):
            found.append(((topic, _day(day)), rows.filter(pa.array(days == day))))
        return found


def _day(days: Any) -> str:
    return str(np.datetime64(int(days), "D"))


class Files:
    """The files a task writes under ``root`` (on ``fs``), with ``layout``; :meth:`add` rows,
    then :meth:`close`; both give the report rows of the files they closed."""

    def __init__(self, fs: pafs.FileSystem, root: str, layout: Layout, task: str) -> None:
        self.fs, self.root, self.layout, self.task = fs, root.rstrip("/"), layout, task
        self.open: dict[Folder, _File] = {}

    def add(self, rows: pa.RecordBatch) -> list[pa.RecordBatch]:
        """Write the rows of one topic-partition; report rows of the files closed meanwhile."""
        if not rows.num_rows:
            return []
        parts = self.layout.folder_values(rows)
        # Rows come a topic-partition at a time: a file of another one is complete (a table's file,
        # of a topic and day, takes every partition of its topic).
        topic = parts[0][0][0]
        done = [k for k in self.open if k[0] != topic or not (self.layout.by_day or k == parts[0][0])]
        reports = [self.open.pop(key).close() for key in done]
        for key, part in parts:
            current = self.open.get(key)
            if current is None:
                values = [NULL_FOLDER if value is None else value for value in key]
                name = (
                    f"{self.layout.folders[0]}={values[0]}/{self.layout.folders[1]}={values[1]}/"
                    f"part-{self.task}-{uuid.uuid4().hex}.parquet"
                )
                current = self.open[key] = _File(self.fs, f"{self.root}/{name}", name, key, self.layout)
            current.add(part)
            if current.rows_bytes >= FILE_BYTES:
                reports.append(self.open.pop(key).close())
        return reports

    def close(self, problems: Sequence[dict[str, Any]] = ()) -> list[pa.RecordBatch]:
        """Close every file; their report rows, and one for ``problems`` when there are some."""
        reports = [file.close() for file in self.open.values()]
        self.open = {}
        if problems:
            row: dict[str, Any] = {"name": None, "size": 0, "rows": 0, "partitions": [], "problems": []}
            row["problems"] = [json.dumps(problem) for problem in problems]
            reports.append(pa.RecordBatch.from_pylist([row], schema=REPORT_SCHEMA))
        return reports


def _undecodable(rows: pa.RecordBatch) -> pa.Array:
    """1 for each row whose value ``--decode-values`` could not decode (its problem column set,
    for another reason than a topic without a subject), else 0."""
    problem = columns("value")[2]
    if problem not in rows.schema.names:
        return pa.array(np.zeros(rows.num_rows, np.int64))
    failed = pc.and_(pc.is_valid(rows[problem]), pc.invert(pc.starts_with(rows[problem], NOT_DECODED)))
    return pc.fill_null(failed, False).cast(pa.int64())


class _File:
    """One Parquet file being written, its pending rows, and what it holds per Kafka partition."""

    def __init__(self, fs: Any, path: str, name: str, key: Folder, layout: Layout) -> None:
        self.name, self.key, self.schema = name, key, layout.schema
        if isinstance(fs, pafs.LocalFileSystem):  # an object store has no folders to make
            fs.create_dir(posixpath.dirname(path))
        self.stream = fs.open_output_stream(path)
        self.writer = pq.ParquetWriter(self.stream, self.schema, compression=COMPRESSION)
        self.pending: list[pa.RecordBatch] = []
        self.pending_bytes = 0
        self.rows = 0
        self.rows_bytes = 0
        self.held: dict[int, Appended] = {}

    def add(self, rows: pa.RecordBatch) -> None:
        self._count(rows)
        self.pending.append(rows.select(self.schema.names))
        self.pending_bytes += rows.nbytes
        self.rows_bytes += rows.nbytes
        self.rows += rows.num_rows
        if self.pending_bytes >= ROW_GROUP_BYTES:
            self._flush()

    def _count(self, rows: pa.RecordBatch) -> None:
        sizes = [pc.fill_null(pc.binary_length(rows[column]), 0) for column in ("key", "value")]
        offsets, micros = rows["offset"], rows["timestamp"].cast(pa.int64())  # since the epoch
        codecs: list[str] = []
        if "compression" in rows.schema.names:
            codecs = [c for c in pc.unique(rows["compression"]).to_pylist() if c is not None]
        partition = rows["partition"][0].as_py()
        self.held.setdefault(partition, Appended(self.key[0] or "", partition)).add(
            rows.num_rows,
            pc.sum(pc.add(*sizes).cast(pa.int64())).as_py() or 0,
            pc.min(offsets).as_py(),
            pc.max(offsets).as_py(),
            pc.min(micros).as_py(),
            pc.max(micros).as_py(),
            pc.sum(_undecodable(rows)).as_py() or 0,
            codecs,
        )

    def _flush(self) -> None:
        if self.pending:
            table = pa.Table.from_batches(self.pending, self.schema)
            self.writer.write_table(table, row_group_size=table.num_rows)
        self.pending, self.pending_bytes = [], 0

    def close(self) -> pa.RecordBatch:
        """Finish the file; its report row."""
        self._flush()
        self.writer.close()
        size = self.stream.tell()
        self.stream.close()
        topic, value = self.key
        partitions = [
            {name: value for name, value in asdict(held).items() if name != "topic"}
            for _, held in sorted(self.held.items())
        ]
        report = {
            "name": self.name,
            "size": size,
            "rows": self.rows,
            "topic": topic,
            "folder": value,
            "partitions": partitions,
            "problems": [],
        }
        return pa.RecordBatch.from_pylist([report], schema=REPORT_SCHEMA)


def summarise(reports: Iterable[Any]) -> list[Appended]:
    """What the files of the tasks' reports (rows of :data:`REPORT_SCHEMA`) hold per
    topic-partition, in topic and partition order."""
    found: dict[tuple[str, int], Appended] = {}
    for report in reports:
        for held in report.partitions or ():
            stats = held.asDict()
            partition = stats.pop("partition")
            found.setdefault((report.topic, partition), Appended(report.topic, partition)).add(**stats)
    return [found[key] for key in sorted(found, key=lambda k: (k[0] or "", k[1] or 0))]


def remove_strays(fs: Any, root: str, committed: set[str], run_id: str | None = None) -> list[str]:
    """Remove the files under ``root`` (only those of run ``run_id``, given) that are not
    ``committed`` (names relative to it): what failed or speculative task attempts wrote. Returns
    their names; a file that cannot be removed is left (nothing refers to it)."""
    strays = []
    with contextlib.suppress(OSError):
        for info in fs.get_file_info(pafs.FileSelector(root, recursive=True)):
            name = posixpath.relpath(info.path, root)
            mine = run_id is None or posixpath.basename(name).startswith(f"part-{run_id}-")
            if info.type == pafs.FileType.File and mine and name not in committed:
                with contextlib.suppress(OSError):
                    fs.delete_file(info.path)
                    strays.append(name)
    return sorted(strays)
