"""Whole partitions and broker log directories: :func:`read_partition` and :func:`read_log_dir`.

Which directories are partitions, and which files their segments, comes from
:mod:`kafkaks.store.listing`; files being deleted, cleaned or swapped, and partition directories
being deleted or moved, are left out unless asked for.

``isolation="read_committed"`` gives what a Kafka consumer with that setting sees: no control
records, no records of aborted transactions, and nothing at or after the last stable offset (the
first offset of a transaction that has no marker yet).

Several copies of one partition (replicas of several brokers, JBOD directories, a backup) and
segments of one directory that hold the same offsets are read as one log, each offset once
(:mod:`kafkaks.store.replicas`): :func:`read_partition` takes several directories, and
:func:`read_log_dir` merges the directories of one topic-partition found in several log dirs.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import NoKafkaDataError, UnreadableFileError
from ..models import AbortedTxn, Problem, Record
from ..problems import ProblemKind
from ..wire.batch import Batch
from ..wire.codecs import DEFAULT_MAX_DECOMPRESSED_BYTES
from .files import PathArg, read_txn_index
from .listing import (
    Segment,
    copy_listings,
    partition_copies,
    partition_listings,
    report_unreadable,
    segments_in,
)
from .options import Isolation, ProblemHandler, ReadOptions
from .replicas import Run, merge, merge_runs
from .segment import BatchOrRun, batch_records, default_handler, flatten, ignore, read_log_runs

if TYPE_CHECKING:
    from ..remote.tiers import Remote

__all__ = [
    "Isolation",
    "Transactions",
    "read_log_dir",
    "read_partition",
    "read_partition_batches",
    "read_partition_runs",
    "read_segment",
    "read_segment_runs",
    "report_unstable",
    "segment_runs",
]


def segment_runs(segments: Iterable[Segment], options: ReadOptions) -> list[Run]:
    """The segments (of one or more copies of a partition) as :class:`~kafkaks.store.replicas.Run` s,
    each copy named by its directory. A run's problems go where the merge says, not to
    ``options.on_problem``."""

    def opener(segment: Segment) -> Callable[[ProblemHandler], Iterator[BatchOrRun]]:
        return lambda on_problem: read_segment_runs(segment.path, replace(options, on_problem=on_problem))

    return [
        Run(os.fspath(segment.path.parent), os.fspath(segment.path), segment.base_offset, opener(segment))
        for segment in segments
    ]


class Transactions:
    """Aborted transactions and the last stable offset of a partition, from a first pass over
    its batch headers and control records, plus the ``.txnindex`` files where present.

    It holds only integers, so it pickles: a Spark driver scans once and ships it to the tasks
    that read the partition's segments.
    """

    def __init__(self) -> None:
        self.aborted: dict[int, list[tuple[int, int]]] = defaultdict(list)
        self.open_since: dict[int, int] = {}

    @classmethod
    def of(
        cls,
        segments: list[Segment],
        max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
        *,
        on_problem: ProblemHandler | None = None,
    ) -> Transactions:
        """Scan a partition's segments and ``.txnindex`` files on the local disk (the segments of
        one or more copies of it, read as one log). A ``.txnindex`` that cannot be read goes to
        ``on_problem``, and so does what :meth:`scan` reports; problems of the segments are left
        to the second pass, which reads the same batches."""
        indexes = [segment.companion(".txnindex") for segment in segments]
        aborted = (txn for index in indexes if index.is_file() for txn in _txn_index(index, on_problem))
        # CRCs are checked: a batch whose CRC fails is no evidence of a transaction (see scan)
        runs = segment_runs(
            segments, ReadOptions(verify_crc=True, max_decompressed_bytes=max_decompressed_bytes)
        )
        return cls.scan(aborted, merge(runs, ignore), on_problem)

    @classmethod
    def scan(
        cls, aborted: Iterable[AbortedTxn], batches: Iterable[Batch], on_problem: ProblemHandler | None = None
    ) -> Transactions:
        """From every ``.txnindex`` entry of the partition and its batches in offset order.

        A transaction marker whose record does not decode raises, or with ``on_problem`` is
        reported (``corrupt_records``) and taken as no ABORT.

        The ``.txnindex`` of the segment holding an ABORT marker lists the whole transaction,
        whose data may sit in earlier segments, so all the entries are taken before the batches.
        An indexed range also covers a transaction whose marker the log cleaner has since removed.
        A batch whose CRC fails opens or ends no transaction: its producer id, attributes and
        offsets are not to be trusted.
        """
        transactions = cls()
        for txn in aborted:
            transactions.aborted[txn.producer_id].append((txn.first_offset, txn.last_offset))
        for batch in batches:
            if batch.crc_valid is not False:
                transactions._observe(batch, on_problem)
        return transactions

    def _observe(self, batch: Batch, on_problem: ProblemHandler | None) -> None:
        producer = batch.producer_id
        if not batch.is_transactional or self.is_aborted(producer, batch.base_offset):
            return
        if not batch.is_control:
            self.open_since.setdefault(producer, batch.base_offset)
            return
        first = self.open_since.pop(producer, batch.base_offset)
        record = next(batch_records(batch, on_problem), None)
        if record is not None and record.control is not None and record.control.type == "ABORT":
            self.aborted[producer].append((first, batch.last_offset))

    @property
    def last_stable_offset(self) -> int | None:
        return min(self.open_since.values(), default=None)

    def is_aborted(self, producer_id: int, offset: int) -> bool:
        return any(first <= offset <= last for first, last in self.aborted.get(producer_id, ()))

    def committed(self, batch: Batch) -> bool:
        """Whether a ``read_committed`` consumer sees the batch's records (the caller stops at
        :attr:`last_stable_offset`)."""
        if batch.is_control:
            return False
        return not (batch.is_transactional and self.is_aborted(batch.producer_id, batch.base_offset))

    def read_committed(
        self, batches: Iterable[Batch], on_problem: ProblemHandler | None, *, part: bool = False
    ) -> Iterator[Batch]:
        """The batches (in offset order) a ``read_committed`` consumer sees: no control batches, no
        aborted ones, nothing from the last stable offset on. Stopping there is reported
        (``open_transaction``); for ``part`` of a log (a byte range of a segment) only when the
        batch at the last stable offset is in it, so that one of the parts reports it."""
        stable = self.last_stable_offset
        for batch in batches:
            # The last stable offset is the base offset of a batch that checks: no batch straddles
            # it, and one whose CRC fails, read before that batch, stands below it whatever it claims.
            if stable is not None and batch.crc_valid is not False and batch.last_offset >= stable:
                if not part or batch.base_offset == stable:
                    report_unstable(on_problem, batch.path, batch.position, stable)
                return
            if self.committed(batch):
                yield batch


def read_segment(
    path: str | os.PathLike[str],
    *,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
) -> Iterator[Batch]:
    """:func:`~kafkaks.store.segment.read_log` of a segment file, where a file that cannot be read (no
    permission, an I/O error) is one ``unreadable_file`` problem instead of an ``OSError``."""
    options = ReadOptions(
        verify_crc=verify_crc, max_decompressed_bytes=max_decompressed_bytes, on_problem=on_problem
    )
    return flatten(read_segment_runs(path, options))


def read_segment_runs(path: str | os.PathLike[str], options: ReadOptions) -> Iterator[BatchOrRun]:
    """:func:`read_segment` with runs of scanned batches (:func:`~kafkaks.store.segment.read_log_runs`)."""
    try:
        yield from read_log_runs(path, options)
    except (NoKafkaDataError, UnreadableFileError) as exc:  # gone since listed, no permission, I/O error
        report_unreadable(options.on_problem, os.fspath(path), exc.reason, exc.position)


def _txn_index(path: Path, on_problem: ProblemHandler | None) -> list[AbortedTxn]:
    try:
        return read_txn_index(path)
    except OSError as exc:
        report_unreadable(on_problem, os.fspath(path), exc.strerror or str(exc))
        return []


def read_partition_batches(
    path: PathArg | Iterable[PathArg],
    *,
    isolation: Isolation = "read_uncommitted",
    include_temp_files: bool = False,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
) -> Iterator[Batch]:
    """The batches of a ``<topic>-<partition>`` directory, across its segments in offset order.

    ``path`` may also be several directories: copies of the same partition, read as one log
    (see :mod:`kafkaks.store.replicas`). Each offset comes once, even where segments or copies overlap.
    With ``read_committed``, only batches whose records a consumer with that isolation level
    sees: no control batches, no aborted ones, nothing from the last stable offset on. Raises
    :class:`NoKafkaDataError` for a path without Kafka data, ``ValueError`` for a broker log
    directory (:func:`read_log_dir` reads those).
    """
    options = ReadOptions(verify_crc, max_decompressed_bytes, isolation, on_problem)
    return flatten(read_partition_runs(path, options, include_temp_files))


def read_partition_runs(
    path: PathArg | Iterable[PathArg], options: ReadOptions, include_temp_files: bool = False
) -> Iterator[BatchOrRun]:
    """:func:`read_partition_batches`, with runs of scanned batches that the merge takes whole
    (:func:`~kafkaks.store.replicas.merge_runs`) as :class:`~kafkaks.wire.scan.ScannedRun` objects
    (``read_committed`` gives batches only)."""
    on_problem = options.on_problem
    segments = [
        segment
        for listing in copy_listings(path, on_problem)
        for segment in segments_in(listing, include_temp_files, on_problem)
    ]
    runs = segment_runs(segments, options)
    if options.isolation == "read_committed":
        transactions = Transactions.of(segments, options.max_decompressed_bytes, on_problem=on_problem)
        yield from transactions.read_committed(merge(runs, on_problem), on_problem)
    else:
        yield from merge_runs(runs, on_problem)


def read_partition(
    path: PathArg | Iterable[PathArg],
    *,
    isolation: Isolation = "read_uncommitted",
    include_temp_files: bool = False,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    remote: Remote | None = None,
) -> Iterator[Record]:
    """The records of a ``<topic>-<partition>`` directory, across its segments in offset order.

    Records carry the topic and partition from the directory name (None when it is not named
    ``<topic>-<partition>``); several directories are copies of one partition, read as one log
    (see :func:`read_partition_batches`). With ``read_uncommitted``
    every record is yielded, control records too (``Record.control`` is set on them); with
    ``read_committed``, what a consumer with that isolation level sees. ``include_temp_files``
    adds ``.deleted``, ``.cleaned`` and ``.swap`` segments. Problems go to ``on_problem`` as in
    :func:`~kafkaks.store.segment.read_log`, and so does a batch whose records do not decode (a
    ``corrupt_records`` Problem): reading goes on with the next batch. Without ``on_problem``
    that raises. ``remote`` (a :class:`kafkaks.remote.tiers.Remote`) adds the partition's remote
    segments (tiered storage), read with the directories' as one log
    (:meth:`~kafkaks.remote.tiers.Remote.partition_runs`).
    """
    options = ReadOptions(verify_crc, max_decompressed_bytes, isolation, on_problem)
    if remote is not None:
        paths = [path] if isinstance(path, str | os.PathLike) else list(path)
        return _records_of(remote.partition_runs(paths, options), options)
    return _records_of(read_partition_runs(path, options, include_temp_files), options)


def _records_of(runs: Iterable[BatchOrRun], options: ReadOptions) -> Iterator[Record]:
    for batch in flatten(runs):
        yield from batch_records(batch, options.on_problem)


def report_unstable(
    on_problem: ProblemHandler | None, path: str | os.PathLike[str], position: int, stable: int
) -> None:
    """Report that ``read_committed`` stops at the last stable offset ``stable``."""
    problem = Problem(
        ProblemKind.OPEN_TRANSACTION,
        os.fspath(path),
        position,
        0,
        f"read_committed stops at the last stable offset {stable}: a transaction open since then has "
        "no COMMIT or ABORT marker in the log",
        stable,
    )
    (on_problem or default_handler)(problem)


def read_log_dir(
    *log_dirs: str | os.PathLike[str],
    isolation: Isolation = "read_uncommitted",
    include_temp_files: bool = False,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    remote: Remote | None = None,
) -> Iterator[Record]:
    """The records of every partition of one or more broker log directories (or partition
    directories), partition after partition (by topic, then partition number), each in offset
    order. A partition found in several of them (replicas, JBOD directories) is read once, its
    copies merged (see :mod:`kafkaks.store.replicas`). Raises :class:`NoKafkaDataError` for a path
    without Kafka data. ``remote`` (a :class:`kafkaks.remote.tiers.Remote`) adds the store's
    partitions, each read across its tiers (no log dir: the store alone)."""
    options = ReadOptions(verify_crc, max_decompressed_bytes, isolation, on_problem)
    listings = (
        partition_listings(log_dirs, include_temp_files=include_temp_files, on_problem=on_problem)
        if log_dirs or remote is None
        else []
    )
    if remote is not None:
        for source in remote.sources(partition_copies(listings), options):
            yield from _records_of(source, options)
        return
    for copies in partition_copies(listings):
        yield from _records_of(read_partition_runs(copies, options, include_temp_files), options)
