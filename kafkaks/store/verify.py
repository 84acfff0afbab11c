"""Checking Kafka's files against each other, as a broker would trust them: :func:`verify_files`.

Each file is read in full and every finding is a :class:`~kafkaks.models.Problem`; its ``kind``
says what it is, and whether it is damage or information: :mod:`kafkaks.problems` lists every kind.

The ``.log`` files of one topic-partition given in several directories (replicas, JBOD
directories, a backup), or of one directory whose segments overlap, are also read as one log
(:mod:`kafkaks.store.replicas`), which reads them a second time: that gives one more report, for the
partition as a whole, whose segments are the files its batches were taken from and whose
problems are the kinds about files together (:attr:`~kafkaks.problems.ProblemKind.between_files`).

The index checks follow DumpLogSegments (``dumpIndex``, ``dumpTimeIndex``) and the broker's
``OffsetIndex``/``TimeIndex`` writers, minus the false alarms those tools raise on data written by
older brokers, which get their own information kinds.

:func:`index_sanity_error` and :func:`time_index_sanity_error` are another check, the broker's
``sanityCheck`` of an index file when it loads it (and kafka-dump-log's ``--index-sanity-check``):
the file's length and its raw last slot, even one of the zero-filled preallocated tail, against
the base offset or the first slot, in Kafka's words. :func:`verify_files` checks the entries
themselves instead, up to that tail, against each other and the ``.log``; it does not run these.
"""

from __future__ import annotations

import bisect
import contextlib
import itertools
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import BinaryIO, TypeVar

from ..errors import KafkaksError
from ..generated import layout
from ..models import OffsetIndexEntry, Problem, Record, TimeIndexEntry
from ..problems import ProblemKind
from ..wire.batch import Batch
from .cleaning import Cleaning, cleaning_of
from .files import (
    OffsetIndexFile,
    base_offset_of,
    index_edges,
    iter_offset_index,
    iter_time_index,
    iter_txn_index,
    read_offset_index,
    read_producer_snapshot,
)
from .listing import FileKind, PartitionDir, Segment, sibling
from .options import ReadOptions
from .partition import segment_runs
from .replicas import first_offset, merge, record_count
from .segment import LogSource, ProblemHandler, batch_records, decoded_count, ignore, read_log

__all__ = [
    "DEFAULT_MAX_MESSAGE_SIZE",
    "INDEX_ENTRY",
    "TIME_INDEX_ENTRY",
    "LogObject",
    "PartitionReport",
    "RemoteIndex",
    "SegmentSummary",
    "SnapshotSummary",
    "batch_reaching",
    "first_batch",
    "index_sanity_error",
    "lookup",
    "open_offset_index",
    "time_index_sanity_error",
    "unverifiable",
    "verify_files",
    "verify_logs",
]

DEFAULT_MAX_MESSAGE_SIZE = 5 * 1024 * 1024  # DumpLogSegments' --max-message-size default
INDEX_ENTRY = layout.OffsetIndexEntry.SIZE
TIME_INDEX_ENTRY = layout.TimeIndexEntry.SIZE
TXN_INDEX_ENTRY = layout.AbortedTxnEntry.SIZE
Progress = Callable[[int], None]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class SegmentSummary:
    """What one ``.log`` holds: ``first_offset``/``last_offset`` are None for an empty segment."""

    path: str
    base_offset: int
    size: int
    batches: int
    records: int
    first_offset: int | None
    last_offset: int | None


@dataclass(frozen=True, slots=True)
class LogObject:
    """A ``.log`` that is not a local file (a remote segment): its name in messages, its base
    offset, and how to open it as a seekable binary file, read in ranges as it is checked."""

    name: str
    base_offset: int
    open: Callable[[], BinaryIO]
    # its index files, by kind: each one's name in messages and its bytes (fetched when checked)
    indexes: Callable[[], Mapping[FileKind, tuple[str, bytes]]] | None = None


@dataclass(frozen=True, slots=True)
class RemoteIndex:
    """What the check of an index that is not a local file needs: its ``.log`` (open), and the
    arguments of :func:`~kafkaks.store.files.iter_offset_index` for it and for the offset index
    beside it (base offset, ``data=`` bytes)."""

    log: BinaryIO
    base_offset: int
    data: bytes
    offset_index: bytes


@dataclass(frozen=True, slots=True)
class SnapshotSummary:
    """What a KRaft snapshot (``.checkpoint``) holds: ``bootstrap.checkpoint`` at the root of a
    log dir (the metadata a broker formatted with ``kafka-storage format`` starts from), or
    ``<end offset>-<epoch>.checkpoint`` in ``__cluster_metadata-0``. ``metadata_version`` is the
    ``featureLevel`` of its ``metadata.version`` FeatureLevelRecord, None without one."""

    path: str
    batches: int
    records: int
    first_offset: int | None
    last_offset: int | None
    metadata_version: int | None


@dataclass(slots=True)
class PartitionReport:
    """The findings for one directory (a partition, or wherever the files given were). Its
    ``segments`` are its ``.log`` files; its KRaft snapshots are apart, in ``snapshots``."""

    path: str
    segments: list[SegmentSummary] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: int = 0
    snapshots: list[SnapshotSummary] = field(default_factory=list)

    @property
    def batches(self) -> int:
        return sum(segment.batches for segment in self.segments)

    @property
    def records(self) -> int:
        return sum(segment.records for segment in self.segments)

    @property
    def first_offset(self) -> int | None:
        return min((s.first_offset for s in self.segments if s.first_offset is not None), default=None)

    @property
    def last_offset(self) -> int | None:
        return max((s.last_offset for s in self.segments if s.last_offset is not None), default=None)

    @property
    def problem_counts(self) -> dict[ProblemKind, int]:
        return dict(sorted(Counter(problem.kind for problem in self.problems).items()))

    @property
    def damage_counts(self) -> dict[ProblemKind, int]:
        """The problems that are damage (:attr:`~kafkaks.problems.ProblemKind.damage`), by kind."""
        return {kind: count for kind, count in self.problem_counts.items() if kind.damage}

    @property
    def info_counts(self) -> dict[ProblemKind, int]:
        """The findings that are information, not damage, by kind."""
        return {kind: count for kind, count in self.problem_counts.items() if not kind.damage}

    @property
    def corrupt(self) -> bool:
        return any(problem.kind.damage for problem in self.problems)


def first_batch(log: LogSource, position: int, max_size: int) -> Batch | None:
    """The batch that starts exactly at ``position`` within ``max_size`` bytes, if any (Kafka's
    ``fileRecords.slice(position, maxMessageSize).batches.iterator.next``)."""
    for batch in read_log(log, start=position, end=position + max_size, verify_crc=False, on_problem=ignore):
        return batch if batch.position == position else None
    return None


def batch_reaching(log: LogSource, position: int, offset: int, end: int | None = None) -> Batch | None:
    """The first batch from ``position`` (up to ``end``) whose last offset is at least ``offset``."""
    for batch in read_log(log, start=position, end=end, verify_crc=False, on_problem=ignore):
        if batch.last_offset >= offset:
            return batch
    return None


def unverifiable(log: str) -> str | None:
    """Why an index cannot be checked against its ``.log``, or None when it can: the ``.log`` is
    absent, or cannot be read (which the ``.log``'s own check reports, once)."""
    if not os.path.isfile(log):
        return f"cannot verify the entries: {log} not found"
    if not os.access(log, os.R_OK):
        return f"cannot verify the entries: {log} cannot be read"
    return None


def lookup(entries: Sequence[OffsetIndexEntry], offset: int) -> int:
    """OffsetIndex.lookup(offset).position: the largest entry at or below ``offset``, else 0.
    A binary search over the entries themselves (a list, or an
    :class:`~kafkaks.store.files.OffsetIndexFile` read slot by slot as Kafka searches the mapped
    file): called once per time index entry, a list of the offsets built on each call made
    dumping a .timeindex quadratic."""
    found = bisect.bisect_right(entries, offset, key=lambda entry: entry.offset)
    return entries[found - 1].position if found else 0


def index_sanity_error(name: str, path: str, base_offset: int) -> str | None:
    """OffsetIndex.sanityCheck(), which kafka-dump-log's ``--index-sanity-check`` runs: the last
    slot of the file (even a zero one) and the length. Kafka's message, naming the file ``name``
    (Kafka: its absolute path), or None when the index passes. Reads those two slots only."""
    size = INDEX_ENTRY
    length, _first, last = index_edges(path, size)
    if last:
        last_offset = base_offset + layout.OffsetIndexEntry.RELATIVE_OFFSET_STRUCT.unpack_from(last)[0]
        if last_offset < base_offset:
            return (
                f"Corrupt index found, index file {name} has non-zero size but the last "
                f"offset is {last_offset} which is less than the base offset {base_offset}"
            )
    if length % size:
        return (
            f"Index file {name} is corrupt, found {length} bytes which is neither "
            f"positive nor a multiple of {size}"
        )
    return None


def time_index_sanity_error(name: str, path: str, base_offset: int) -> str | None:
    """TimeIndex.sanityCheck(): the last slot against the first, and the length; as
    :func:`index_sanity_error`."""
    where = f"Corrupt time index found, time index file ({name}) has non-zero size but the"
    size = TIME_INDEX_ENTRY
    length, first, last = index_edges(path, size)
    if last:
        first_timestamp = layout.TimeIndexEntry.TIMESTAMP_STRUCT.unpack_from(first)[0]
        last_timestamp, relative = layout.TimeIndexEntry.STRUCT.unpack_from(last)
        if last_timestamp < first_timestamp:
            return (
                f"{where} last timestamp is {last_timestamp} which is less than the first timestamp "
                f"{first_timestamp}"
            )
        if base_offset + relative < base_offset:
            return (
                f"{where} last offset is {base_offset + relative} which is less than the first offset "
                f"{base_offset}"
            )
    if length % size:
        return (
            f"Time index file {name} is corrupt, found {length} bytes which is neither "
            f"positive nor a multiple of {size}"
        )
    return None


def open_offset_index(path: str) -> contextlib.AbstractContextManager[Sequence[OffsetIndexEntry]]:
    """The entries of an ``.index`` for :func:`lookup`, read from the file as searched (none when
    the file is absent: every lookup then starts at position 0, the same result, slower)."""
    return OffsetIndexFile(path) if os.path.isfile(path) else contextlib.nullcontext([])


def _with_next(items: Iterator[T]) -> Iterator[tuple[T, T | None]]:
    """Each item with the one after it (None after the last), reading one ahead."""
    current = next(items, None)
    while current is not None:
        following = next(items, None)
        yield current, following
        current = following


def _first_offset(batch: Batch) -> int:
    """A batch's first offset; its last for an undecodable legacy wrapper (reported by its .log)."""
    try:
        first: int = batch.base_offset
    except KafkaksError:
        first = batch.last_offset
    return first


class _Checker:
    """Checks the files of one directory, reporting each problem as soon as it is found."""

    def __init__(
        self,
        report: PartitionReport,
        on_problem: ProblemHandler | None,
        progress: Progress | None,
        max_size: int,
    ) -> None:
        self.report = report
        self.on_problem = on_problem
        self.progress = progress
        self.max_size = max_size
        self.cleanings: dict[str, Cleaning] = {}  # by .log: what cleaning left, once read

    def problem(
        self,
        kind: ProblemKind,
        path: str,
        message: str,
        position: int = 0,
        offset: int | None = None,
        length: int = 0,
    ) -> None:
        self.add(Problem(kind, path, position, length, message, offset))

    def add(self, problem: Problem) -> None:
        self.report.problems.append(problem)
        if self.on_problem is not None:
            self.on_problem(problem)

    def check(self, path: str) -> None:
        checks: dict[FileKind | None, Callable[[str], None]] = {
            FileKind.LOG: self.log,
            FileKind.CHECKPOINT: self.kraft_snapshot,
            FileKind.INDEX: self.index,
            FileKind.TIMEINDEX: self.time_index,
            FileKind.TXNINDEX: self.txn_index,
            FileKind.SNAPSHOT: self.producer_snapshot,
        }
        check = checks.get(FileKind.of(path))
        if check is None:
            return  # not a file Kafka's tools read: .deleted, .swap, checkpoints of offsets, ...
        self.guarded(path, partial(check, path))

    def guarded(self, path: str, check: Callable[[], None]) -> None:
        """Run the check of one file; what makes it fail is an ``unreadable_file`` problem."""
        self.report.files += 1
        try:
            check()
        except KafkaksError as exc:
            self.problem(ProblemKind.UNREADABLE_FILE, path, exc.reason, exc.position or 0, exc.offset)
        except BrokenPipeError:  # from on_problem writing to a closed pipe, not from the file
            raise
        except OSError as exc:
            self.problem(ProblemKind.UNREADABLE_FILE, exc.filename or path, exc.strerror or str(exc))

    def batches(
        self,
        path: str,
        on_record: Callable[[Record], None] | None = None,
        source: BinaryIO | None = None,
    ) -> tuple[int, int, int | None, int | None]:
        """(batches, records, first offset, last offset) of a .log or .checkpoint (read from
        ``source`` when given, else from ``path``), checking each batch's CRC, its records, and
        that offsets increase; each record that decodes goes to ``on_record``."""
        batches = records = 0
        first = last = None
        for batch in read_log(path if source is None else source, on_problem=self.add):
            batches += 1
            base = None
            count = 0  # what decodes, not what the header claims: a failure is reported instead
            # v2 records are counted by the core, not one by one (they have no CRC of their own),
            # unless each is wanted (a KRaft snapshot's records, a few)
            by_core = batch.magic >= 2 and on_record is None
            if by_core:
                count = decoded_count(batch, self.add)
            for record in () if by_core else batch_records(batch, self.add):
                base = record.offset if base is None else base
                count += 1
                if on_record is not None:
                    on_record(record)
                if record.crc_valid is False:
                    self.problem(
                        ProblemKind.RECORD_CRC_MISMATCH,
                        path,
                        f"CRC-32 mismatch in the inner message at offset {record.offset}",
                        batch.position,
                        record.offset,
                        batch.size,
                    )
            if batch.magic >= 2:
                base = batch.base_offset
            base = batch.last_offset if base is None else base
            records += count
            if last is not None and base <= last:
                self.problem(
                    ProblemKind.OFFSET_ORDER,
                    path,
                    f"batch starts at offset {base}, not after the previous batch's last offset {last}",
                    batch.position,
                    base,
                    batch.size,
                )
            first = base if first is None else first
            last = batch.last_offset
            if self.progress is not None:
                self.progress(batch.size)
        return batches, records, first, last

    def log(self, path: str) -> None:
        self.segment(path, base_offset_of(path))

    def log_object(self, log: LogObject) -> None:
        with log.open() as stream:
            self.segment(log.name, log.base_offset, stream)

    def index_objects(self, log: LogObject, parts: Mapping[FileKind, tuple[str, bytes]]) -> None:
        """The checks of a ``.log`` object's index files (``parts``: name and bytes by kind, the
        empty ones left out as Kafka leaves out an empty file), each as that of a local file."""
        offset_index = parts.get(FileKind.INDEX, ("", b""))[1]
        for kind, (name, data) in parts.items():
            if not data:
                continue
            if kind in (FileKind.INDEX, FileKind.TIMEINDEX):
                check = self.index if kind is FileKind.INDEX else self.time_index

                def indexed(check: Callable[..., None] = check, name: str = name, data: bytes = data) -> None:
                    with log.open() as stream:
                        check(name, RemoteIndex(stream, log.base_offset, data, offset_index))

                self.guarded(name, indexed)
            elif kind is FileKind.TXNINDEX:
                self.guarded(name, partial(self.txn_index, name, data))
            elif kind is FileKind.SNAPSHOT:
                self.guarded(name, partial(self.producer_snapshot, name, data))

    def segment(self, path: str, base_offset: int, source: BinaryIO | None = None) -> None:
        """The checks of a ``.log`` (read from ``source`` when given) whose base offset is ``base_offset``."""
        batches, records, first, last = self.batches(path, source=source)
        if first is not None and first < base_offset:
            self.problem(
                ProblemKind.OFFSET_ORDER,
                path,
                f"first batch starts at offset {first}, below the segment's base offset {base_offset}",
                0,
                first,
            )
        size = os.path.getsize(path) if source is None else source.seek(0, os.SEEK_END)
        self.report.segments.append(SegmentSummary(path, base_offset, size, batches, records, first, last))

    def kraft_snapshot(self, path: str) -> None:
        from ..internal_topics import decoded  # the metadata records' parsers, only for snapshots

        levels: list[int] = []

        def metadata_version(record: Record) -> None:
            d = None if levels else decoded(record, kind="cluster_metadata")
            value = None if d is None or d.value_type != "FEATURE_LEVEL_RECORD" else d.value
            if value is not None and value.get("name") == "metadata.version":
                levels.append(value["featureLevel"])

        batches, records, first, last = self.batches(path, metadata_version)
        version = levels[0] if levels else None
        self.report.snapshots.append(SnapshotSummary(path, batches, records, first, last, version))

    def can_verify(self, path: str, log: str) -> bool:
        reason = unverifiable(log)
        if reason is None:
            return True
        self.problem(ProblemKind.MISSING_LOG, path, reason)
        return False

    def index(self, path: str, remote: RemoteIndex | None = None) -> None:
        log: LogSource = sibling(path, FileKind.LOG) if remote is None else remote.log
        entries = (
            iter_offset_index(path, remote.base_offset, data=remote.data)
            if remote
            else iter_offset_index(path)
        )
        first = next(entries, None)
        if first is None or (remote is None and not self.can_verify(path, str(log))):
            return
        previous: OffsetIndexEntry | None = None
        for number, (entry, following) in enumerate(_with_next(itertools.chain([first], entries))):
            if previous is not None and (
                entry.offset <= previous.offset or entry.position <= previous.position
            ):
                self.problem(
                    ProblemKind.INDEX_ORDER,
                    path,
                    f"entry {number} (offset {entry.offset}, position {entry.position}) does not follow "
                    f"entry {number - 1} (offset {previous.offset}, position {previous.position})",
                    number * INDEX_ENTRY,
                    entry.offset,
                    INDEX_ENTRY,
                )
            else:
                self.index_entry(path, log, number, entry, following)
            previous = entry

    def index_entry(
        self,
        path: str,
        log: LogSource,
        number: int,
        entry: OffsetIndexEntry,
        following: OffsetIndexEntry | None,
    ) -> None:
        batch = first_batch(log, entry.position, self.max_size)
        if batch is None:
            self.problem(
                ProblemKind.INDEX_NO_BATCH,
                path,
                f"no batch starts at position {entry.position} of {getattr(log, 'name', log)}",
                number * INDEX_ENTRY,
                entry.offset,
                INDEX_ENTRY,
            )
        elif batch.last_offset != entry.offset:
            end = None if following is None else following.position
            later = batch_reaching(log, entry.position, entry.offset, end)
            if batch.last_offset < entry.offset and later is not None and later.last_offset == entry.offset:
                self.problem(
                    ProblemKind.INDEX_MULTI_BATCH_APPEND,
                    path,
                    f"offset {entry.offset} is the last offset of the batch at position "
                    f"{later.position}, appended with the batch at {entry.position} (an index "
                    "entry of a broker before KAFKA-806)",
                    number * INDEX_ENTRY,
                    entry.offset,
                    INDEX_ENTRY,
                )
            elif not self.cleaned_gap(path, log, entry.offset, _first_offset(batch), number * INDEX_ENTRY):
                self.problem(
                    ProblemKind.INDEX_MISMATCH,
                    path,
                    f"Index offset: {entry.offset}, log offset: {batch.last_offset} (the batch at "
                    f"position {entry.position})",
                    number * INDEX_ENTRY,
                    entry.offset,
                    INDEX_ENTRY,
                )

    def time_index(self, path: str, remote: RemoteIndex | None = None) -> None:
        log: LogSource = sibling(path, FileKind.LOG) if remote is None else remote.log
        entries = (
            iter_time_index(path, remote.base_offset, data=remote.data) if remote else iter_time_index(path)
        )
        first = next(entries, None)
        if first is None or (remote is None and not self.can_verify(path, str(log))):
            return
        offsets_of = (
            open_offset_index(sibling(path, FileKind.INDEX))
            if remote is None
            else contextlib.nullcontext(read_offset_index(path, remote.base_offset, data=remote.offset_index))
        )
        with offsets_of as offsets:
            previous: TimeIndexEntry | None = None
            for number, entry in enumerate(itertools.chain([first], entries)):
                where = number * TIME_INDEX_ENTRY
                if previous is not None:
                    self.time_order(path, number, entry, previous)
                position = lookup(offsets, entry.offset)
                self.time_entry(path, log, position, entry.timestamp, entry.offset, where)
                previous = entry

    def time_order(self, path: str, number: int, entry: TimeIndexEntry, previous: TimeIndexEntry) -> None:
        where = number * TIME_INDEX_ENTRY
        if entry.timestamp < previous.timestamp or entry.offset < previous.offset:
            self.problem(
                ProblemKind.TIME_INDEX_OUT_OF_ORDER,
                path,
                f"entry {number} (timestamp {entry.timestamp}, offset {entry.offset}) is below entry "
                f"{number - 1} (timestamp {previous.timestamp}, offset {previous.offset})",
                where,
                entry.offset,
                TIME_INDEX_ENTRY,
            )
        elif entry.timestamp == previous.timestamp:
            self.problem(
                ProblemKind.TIME_INDEX_REPEATED_TIMESTAMP,
                path,
                f"entry {number} repeats timestamp {entry.timestamp} of entry {number - 1}",
                where,
                entry.offset,
                TIME_INDEX_ENTRY,
            )

    def time_entry(
        self, path: str, log: LogSource, position: int, timestamp: int, offset: int, where: int
    ) -> None:
        batch = batch_reaching(log, position, offset)
        first = None if batch is None else _first_offset(batch)
        if batch is None or first is None or not first <= offset <= batch.last_offset:
            if first is not None and self.cleaned_gap(path, log, offset, first, where):
                return
            found = "no batch" if batch is None else f"the next batch ends at offset {batch.last_offset}"
            self.problem(
                ProblemKind.TIME_INDEX_NOT_FOUND,
                path,
                f"Indexed offset {offset} is in no batch: {found}",
                where,
                offset,
                TIME_INDEX_ENTRY,
            )
            return
        try:
            stamps = {record.offset: record.timestamp for record in batch.records()}
        except KafkaksError:
            stamps = {}  # the .log's check reports it; fall back on the batch header
        largest = max(stamps.values(), default=batch.max_timestamp)
        if largest != timestamp:
            self.problem(
                ProblemKind.TIME_INDEX_MISMATCH,
                path,
                f"Index timestamp: {timestamp}, log timestamp: {largest} (the batch ending at offset "
                f"{batch.last_offset})",
                where,
                offset,
                TIME_INDEX_ENTRY,
            )
        elif offset != batch.last_offset:
            kind, why = ProblemKind.TIME_INDEX_NOT_FOUND, ""
            if stamps.get(offset) == timestamp:
                kind, why = ProblemKind.TIME_INDEX_RECORD_OFFSET, " (its record with the largest timestamp)"
            elif stamps and offset not in stamps and len(stamps) < batch.last_offset - first + 1:
                # Cleaner.java keeps a filtered v2 batch's base and last offsets (overrideLastOffset)
                kind = ProblemKind.TIME_INDEX_CLEANED_OFFSET
                why = " (no record holds it: the log cleaner removed it from the batch)"
            self.problem(
                kind,
                path,
                f"Indexed offset {offset} is inside the batch ending at offset {batch.last_offset}{why}",
                where,
                offset,
                TIME_INDEX_ENTRY,
            )

    def cleaned_gap(self, path: str, log: LogSource, offset: int, next_first: int, where: int) -> bool:
        """Reports an index entry whose offset lies in a gap the log cleaner left before the batch
        starting at ``next_first`` (:mod:`kafkaks.store.cleaning`), as information; False when the
        offset is in no such gap, or the ``.log`` is no local file (a remote segment: a topic with
        tiered storage is never compacted, KIP-405)."""
        if not isinstance(log, str):
            return False
        cleaning = self.cleanings.get(log)
        if cleaning is None:
            cleaning = self.cleanings[log] = cleaning_of(log)
        gap = cleaning.gap_before(offset, next_first)
        if gap is None:
            return False
        time_index = FileKind.of(path) is FileKind.TIMEINDEX
        self.problem(
            ProblemKind.TIME_INDEX_CLEANED_OFFSET if time_index else ProblemKind.INDEX_CLEANED_OFFSET,
            path,
            f"{'Indexed' if time_index else 'Index'} offset {offset} is in offsets {gap[0]}..{gap[1]}, which "
            f"no batch holds: the log cleaner removed them (this segment shows {', '.join(cleaning.signs)}); "
            f"the next batch starts at offset {next_first}",
            where,
            offset,
            TIME_INDEX_ENTRY if time_index else INDEX_ENTRY,
        )
        return True

    def txn_index(self, path: str, data: bytes | None = None) -> None:
        for number, txn in enumerate(iter_txn_index(path, data=data)):
            if txn.version > 0:
                self.problem(
                    ProblemKind.TXN_INDEX_VERSION,
                    path,
                    f"Unexpected aborted transaction version {txn.version}, current version is 0",
                    number * TXN_INDEX_ENTRY,
                    txn.first_offset,
                    TXN_INDEX_ENTRY,
                )

    def producer_snapshot(self, path: str, data: bytes | None = None) -> None:
        snapshot = read_producer_snapshot(path, data=data)
        if not snapshot.crc_valid:
            self.problem(
                ProblemKind.SNAPSHOT_CRC_MISMATCH,
                path,
                "Snapshot is corrupt (CRC is no longer valid). "
                f"Stored crc: {snapshot.crc}. Computed crc: {snapshot.computed_crc}",
                layout.ProducerSnapshotHeader.CRC_OFFSET,
                None,
                layout.ProducerSnapshotHeader.CRC_LENGTH,
            )

    def cross_segment(self, copies: bool = False) -> None:
        """Segments in offset order: each base offset above the previous segment's last offset.
        With ``copies`` (segments that may hold the same offsets, read once), one that does not
        is ``segment_overlap`` information instead of ``offset_order`` damage."""
        previous: SegmentSummary | None = None
        for segment in sorted(self.report.segments, key=lambda s: s.base_offset):
            if (
                previous is not None
                and previous.last_offset is not None
                and segment.base_offset <= previous.last_offset
            ):
                name = os.path.basename(previous.path)
                if copies:
                    last = min(previous.last_offset, segment.last_offset or segment.base_offset)
                    kind = ProblemKind.SEGMENT_OVERLAP
                    message = f"offsets {segment.base_offset}..{last} are also in {name}: read once"
                else:
                    kind = ProblemKind.OFFSET_ORDER
                    message = (
                        f"segment base offset {segment.base_offset} is not above the last offset "
                        f"{previous.last_offset} of {name}"
                    )
                self.problem(kind, segment.path, message, 0, segment.first_offset)
            if segment.last_offset is not None or previous is None:
                previous = segment


def verify_files(
    files: Iterable[str],
    *,
    max_message_size: int = DEFAULT_MAX_MESSAGE_SIZE,
    on_problem: ProblemHandler | None = None,
    progress: Progress | None = None,
) -> list[PartitionReport]:
    """Check Kafka files, grouped by directory (one report per directory, in order of appearance).

    ``.log`` and ``.checkpoint``: every batch CRC, every record decodes, offsets increase.
    ``.index``/``.timeindex``: every entry against the ``.log`` beside it. ``.snapshot``: the CRC.
    ``.txnindex``: the version. Across the ``.log`` files of a directory: base offsets in order.
    Other files are skipped, and a directory with none of these gets no report. Each problem goes
    to ``on_problem`` as it is found, and into the report; ``progress`` is called with the size of
    each batch read.
    """
    groups: dict[str, list[str]] = {}
    for path in files:
        groups.setdefault(os.path.dirname(path), []).append(path)
    reports = []
    for directory, paths in groups.items():
        checker = _Checker(PartitionReport(directory or "."), on_problem, progress, max_message_size)
        for path in paths:
            checker.check(path)
        checker.cross_segment()
        if checker.report.files:
            reports.append(checker.report)
    return reports + _merged_reports(reports, on_problem)


def verify_logs(
    directory: str,
    logs: Iterable[LogObject],
    *,
    max_message_size: int = DEFAULT_MAX_MESSAGE_SIZE,
    on_problem: ProblemHandler | None = None,
    progress: Progress | None = None,
    problems: Iterable[Problem] = (),
) -> PartitionReport:
    """The report of ``.log`` objects held elsewhere than in local files (the remote segments of
    one partition), named ``directory``: each checked as :func:`verify_files` checks a ``.log``,
    then their base offsets in order: remote segments may be copies of the same offsets (a copy
    retried under a new id), read once, so where they overlap it is ``segment_overlap``
    information, as reading them reports it. ``problems`` found before (gaps between them) come
    first."""
    checker = _Checker(PartitionReport(directory), on_problem, progress, max_message_size)
    for problem in problems:
        checker.add(problem)
    for log in logs:
        checker.guarded(log.name, partial(checker.log_object, log))
        if log.indexes is not None:
            try:
                parts = log.indexes()
            except KafkaksError as exc:
                checker.problem(
                    ProblemKind.UNREADABLE_FILE, exc.path or log.name, exc.reason, exc.position or 0
                )
            else:
                checker.index_objects(log, parts)
    checker.cross_segment(copies=True)
    return checker.report


def _overlap(report: PartitionReport) -> bool:
    segments = sorted(report.segments, key=lambda s: s.base_offset)
    return any(
        previous.last_offset is not None and previous.last_offset >= following.base_offset
        for previous, following in itertools.pairwise(segments)
    )


def _merged_reports(
    reports: list[PartitionReport], on_problem: ProblemHandler | None
) -> list[PartitionReport]:
    """One report per topic-partition given in several directories, or whose segments overlap:
    its ``.log`` files read as one log, each offset once."""
    copies: dict[tuple[str, int], list[PartitionReport]] = {}
    for report in reports:
        directory = PartitionDir.of(os.path.abspath(report.path))
        if directory is not None and report.segments:
            copies.setdefault((directory.topic, directory.partition), []).append(report)
    merged = []
    for (topic, partition), group in copies.items():
        if len(group) == 1 and not _overlap(group[0]):
            continue
        name = (
            f"{topic}-{partition} ({len(group)} copies)" if len(group) > 1 else f"{group[0].path} (read once)"
        )
        report = PartitionReport(name, files=sum(len(r.segments) for r in group))
        checker = _Checker(report, on_problem, None, DEFAULT_MAX_MESSAGE_SIZE)
        segments = [Segment(summary.base_offset, Path(summary.path)) for r in group for summary in r.segments]
        taken: dict[str, list[Batch]] = {}

        def keep(problem: Problem, checker: _Checker = checker) -> None:
            if problem.kind.between_files:  # the files' own damage is in their reports
                checker.add(problem)

        runs = segment_runs(segments, ReadOptions())
        for batch in merge(runs, keep):
            taken.setdefault(batch.path, []).append(batch)
        for path, batches in taken.items():
            report.segments.append(
                SegmentSummary(
                    path,
                    base_offset_of(path),
                    sum(batch.size for batch in batches),
                    len(batches),
                    sum(record_count(batch) for batch in batches),
                    min(first_offset(batch) for batch in batches),
                    max(batch.last_offset for batch in batches),
                )
            )
        merged.append(report)
    return merged
