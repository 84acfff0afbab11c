"""Reading one Spark partition on an executor: :func:`read_split` gives its rows as Arrow.

Problems go to the executor's log and to ``problemsPath`` (:data:`PROBLEMS_SCHEMA`, one JSON lines
file per task); in FAILFAST a corrupt batch fails the task, naming file, position and offset,
while PERMISSIVE skips it and reports the range.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import posixpath
from collections.abc import Iterator
from typing import Any, BinaryIO

import pyarrow as pa

from ..arrow import ROWS_PER_BATCH, batches_to_arrow
from ..errors import CorruptDataError, KafkaksError
from ..internal_topics import decode_internal, internal_kind, to_kafka_json
from ..models import Problem
from ..problems import ProblemKind
from ..store.segment import Batch, BatchOrRun, ScannedRun, flatten, read_log_runs
from .filesystems import filesystem, open_file
from .options import DECODED_COLUMNS, Options
from .planning import SegmentSplit

__all__ = ["PROBLEMS_SCHEMA", "read_split"]

log = logging.getLogger("kafkaks.spark")

CHUNK_BYTES = 8 << 20  # batches converted to Arrow together (and retried one by one in PERMISSIVE)
PROBLEMS_SCHEMA = (
    "topic STRING, partition INT, file STRING, position BIGINT, length BIGINT, kind STRING, "
    "offset BIGINT, message STRING, mode STRING"
)


class _Problems:
    """Where a task's problems go: the log (stderr of the executor), ``problemsPath``, and in
    FAILFAST an exception for anything Kafka itself would not tolerate."""

    def __init__(self, split: SegmentSplit, options: Options, sink: list[dict[str, Any]] | None) -> None:
        self.split, self.options, self.sink = split, options, sink
        self.found: list[dict[str, Any]] = []

    def report(self, problem: Problem) -> None:
        # Damage as kafkaks verify and dump judge it: a partial batch at the end of a segment too
        # (its records are lost), while a zero-filled tail or an open transaction is not.
        fatal = problem.kind.damage
        found = {
            "topic": self.split.topic,
            "partition": self.split.partition,
            "file": problem.path,
            "position": problem.position,
            "length": problem.length,
            "kind": problem.kind,
            "offset": problem.offset,
            "message": problem.message,
            "mode": self.options.mode,
        }
        self.found.append(found)
        if self.sink is not None:
            self.sink.append(found)
        if fatal and self.options.mode == "FAILFAST":
            self.flush()
            raise _failfast(problem.kind, problem.message, problem.path, problem.position, problem.offset)
        action = "skipped" if fatal else "noted"
        log.warning("kafka-log %s %s bytes: %s", action, problem.length, problem)

    def undecodable(self, batch: Batch, error: KafkaksError) -> None:
        self.report(
            Problem(
                ProblemKind.CORRUPT_BATCH,
                batch.path,
                batch.position,
                batch.size,
                error.reason,
                batch.last_offset,
            )
        )

    def flush(self) -> None:
        if not self.found or self.options.problems_path is None:
            return
        fs, root = filesystem(self.options.problems_path)
        split = self.split
        # One file per task, named by what it read: a retried task overwrites its own file.
        name = f"{split.topic}-{split.partition}-{split.base_offset:020d}-{split.start}.jsonl"
        fs.create_dir(root, recursive=True)
        with fs.open_output_stream(posixpath.join(root, name)) as out:
            out.write("".join(json.dumps(p) + "\n" for p in self.found).encode())
        self.found = []


def _failfast(
    kind: ProblemKind, reason: str, path: str | None, position: int | None, offset: int | None
) -> CorruptDataError:
    """The error that fails a FAILFAST task: file, position and offset, then the problem's kind."""
    return CorruptDataError(
        f"{kind}: {reason} (mode FAILFAST; mode PERMISSIVE skips it and reports the range)",
        path=path,
        position=position,
        offset=offset,
    )


def _selected(items: Iterator[BatchOrRun], split: SegmentSplit, problems: _Problems) -> Iterator[BatchOrRun]:
    """The batches (and runs of them) that give rows: with ``read_committed``, what such a
    consumer sees of them."""

    def trusted() -> Iterator[BatchOrRun]:
        for item in items:
            item.topic, item.partition = split.topic, split.partition
            if isinstance(item, ScannedRun) or item.crc_valid is not False:
                yield item  # else reported by read_log (FAILFAST has raised); a run's CRCs matched

    if split.transactions is None:
        return trusted()
    return split.transactions.read_committed(flatten(trusted()), problems.report, part=True)


def _chunks(items: Iterator[BatchOrRun]) -> Iterator[list[BatchOrRun]]:
    chunk: list[BatchOrRun] = []
    size = 0
    for item in items:
        chunk.append(item)
        size += item.end - item.start if isinstance(item, ScannedRun) else item.size
        if size >= CHUNK_BYTES:
            yield chunk
            chunk, size = [], 0
    if chunk:
        yield chunk


def read_split(
    split: SegmentSplit, options: Options, problems: list[dict[str, Any]] | None = None
) -> Iterator[pa.RecordBatch]:
    """The rows of one Spark partition as Arrow record batches of the source's schema. What it
    finds wrong goes to ``problemsPath`` and, given, to ``problems`` (rows of
    :data:`PROBLEMS_SCHEMA` as dicts)."""
    rows = _read_split(split, options, problems)
    start = options.start_of(split.topic, split.partition)
    if start is not None:  # startingOffsets: planning skipped what it could, the rest goes here
        rows = _within(rows, start, None)
    if split.offsets is not None:  # a remote segment read in part: the rest is in another segment
        rows = _within(rows, *split.offsets)
    if options.decoding is not None:
        rows = options.decoding.apply_all(rows, split.path)  # decodeValues
    if options.columns is None:
        return rows
    return (batch.select(list(options.columns)) for batch in rows)  # the columns option


def _within(batches: Iterator[pa.RecordBatch], first: int, last: int | None) -> Iterator[pa.RecordBatch]:
    """The rows whose offsets are ``first`` to ``last`` (None: no end)."""
    import pyarrow.compute as pc

    for batch in batches:
        keep = pc.greater_equal(batch.column("offset"), first)
        if last is not None:
            keep = pc.and_(keep, pc.less_equal(batch.column("offset"), last))
        yield batch if pc.all(keep).as_py() else batch.filter(keep)


def _open(
    split: SegmentSplit, options: Options, problems: _Problems
) -> contextlib.AbstractContextManager[BinaryIO] | None:
    """The split's segment, a file or a remote segment (opened from its store, here); None when a
    remote segment cannot be opened (no manifest, a key pair not given), which is reported."""
    if split.remote is None:
        return open_file(split.fs_uri, split.path)
    from .tiers import open_segment

    try:
        return open_segment(split.remote, options.remote.keys if options.remote else ())
    except KafkaksError as exc:
        where = exc.path or split.path
        problems.report(Problem(ProblemKind.UNREADABLE_FILE, where, exc.position or 0, 0, exc.reason, None))
        return None


def _read_split(
    split: SegmentSplit, options: Options, sink: list[dict[str, Any]] | None
) -> Iterator[pa.RecordBatch]:
    problems = _Problems(split, options, sink)

    def arrow(batches: list[BatchOrRun]) -> list[pa.RecordBatch]:
        converted = list(
            batches_to_arrow(
                batches,
                include_headers=options.include_headers,
                include_metadata=options.include_metadata,
                include_control=options.include_control,
                rows_per_batch=ROWS_PER_BATCH,
                threads=0,  # one core a task: Spark runs a task per core
            )
        )
        if not options.decode_internal:
            return converted
        return list(_with_decoded(converted, list(flatten(batches)), split.topic, options.include_control))

    try:
        for problem in split.problems:
            problems.report(problem)
        opened = _open(split, options, problems)
        if opened is None:
            return
        with opened as stream:
            batches = read_log_runs(
                stream, options.reading(problems.report), start=split.start, end=split.end
            )
            for chunk in _chunks(_selected(batches, split, problems)):
                try:
                    yield from arrow(chunk)
                except KafkaksError as error:
                    if options.mode == "FAILFAST":
                        raise _failfast(
                            ProblemKind.CORRUPT_BATCH, error.reason, error.path, error.position, error.offset
                        ) from error
                    # Find the batches that do not decode, one by one, and keep the rest.
                    for batch in flatten(chunk):
                        try:
                            yield from arrow([batch])
                        except KafkaksError as one:
                            problems.undecodable(batch, one)
    finally:
        problems.flush()


def _with_decoded(
    converted: list[pa.RecordBatch], batches: list[Batch], topic: str | None, include_control: bool
) -> Iterator[pa.RecordBatch]:
    """The Arrow batches with :data:`DECODED_COLUMNS` appended (``decodeInternal``)."""
    kind = internal_kind(topic)
    # Which rows are control records: batches_to_arrow keeps each Kafka batch's rows together.
    control = itertools.chain.from_iterable(
        itertools.repeat(batch.is_control, batch.count)
        for batch in batches
        if include_control or not batch.is_control
    )
    for record_batch in converted:
        keys = record_batch.column("key").to_pylist() if kind else []
        values = record_batch.column("value").to_pylist() if kind else []
        texts: list[tuple[str | None, str | None, str | None]] = []
        for row in range(record_batch.num_rows):
            is_control = next(control)
            decoded = None if kind is None or is_control else decode_internal(topic, keys[row], values[row])
            if decoded is None:
                texts.append((None, None, None))
                continue
            key, value = decoded.key_json(), decoded.value_json()
            texts.append(
                (
                    None if key is None else to_kafka_json(key),
                    None if value is None else to_kafka_json(value),
                    decoded.problem,
                )
            )
        columns = zip(*texts, strict=True) if texts else ((), (), ())
        for name, column in zip(DECODED_COLUMNS, columns, strict=True):
            record_batch = record_batch.append_column(name, pa.array(list(column), pa.string()))
        yield record_batch
