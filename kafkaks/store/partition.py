"""Whole partitions and broker log directories: :func:`read_partition` and :func:`read_log_dir`.

A broker log directory holds one ``<topic>-<partition>`` directory per partition replica; each
holds segments ``<base offset, 20 digits>.log`` with their ``.index``, ``.timeindex`` and
``.txnindex``. Files being deleted, cleaned or swapped carry a second suffix (``.deleted``,
``.cleaned``, ``.swap``); whole partition directories being deleted or moved end in ``-delete``,
``-future`` or ``-stray``. Those are left out unless asked for.

What a directory is comes from what it holds, never from its name alone (:func:`classify`, which
works on a listing of names and types, so local disks and ``pyarrow.fs`` filesystems share it): a
partition directory holds a partition's files (segments, indexes, producer snapshots, KRaft
snapshots, ``leader-epoch-checkpoint``, ``partition.metadata``), a broker log directory holds
partition directories or a log directory's own files (``meta.properties``, the offset
checkpoints). A ``kafka-logs-1`` full of partitions is a log directory, whatever its name says. The
name of a partition directory gives its topic and partition (None when it does not parse).

Local listings follow a symbolic link only to a file inside the directory being read; a link that
loops, dangles, leads to a directory or out of that directory is reported (``unreadable_file``),
as is anything named like a Kafka file that is not a regular file, and reading goes on.

``isolation="read_committed"`` gives what a Kafka consumer with that setting sees: no control
records, no records of aborted transactions, and nothing at or after the last stable offset (the
first offset of a transaction that has no marker yet).

Several copies of one partition (replicas of several brokers, JBOD directories, a backup) and
segments of one directory that hold the same offsets are read as one log, each offset once
(:mod:`kafkaks.store.replicas`): :func:`read_partition` takes several directories, and
:func:`read_log_dir` merges the directories of one topic-partition found in several log dirs.
"""

from __future__ import annotations

import functools
import os
import re
import stat
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..errors import NoKafkaDataError, UnreadableFileError
from ..models import AbortedTxn, Problem, Record
from ..problems import ProblemKind
from ..wire.batch import Batch
from ..wire.codecs import DEFAULT_MAX_DECOMPRESSED_BYTES
from .files import read_txn_index
from .replicas import Run, merge
from .segment import PARTITION_DIR, ProblemHandler, batch_records, default_handler, read_log

__all__ = [
    "Entry",
    "Listing",
    "PartitionDir",
    "Segment",
    "Transactions",
    "classify",
    "is_kafka_file",
    "list_local",
    "list_segments",
    "local_lister",
    "locate",
    "partition_copies",
    "partition_dirs",
    "partition_listings",
    "read_log_dir",
    "read_partition",
    "read_partition_batches",
    "read_segment",
    "report_entries",
    "report_unreadable",
    "segments_in",
]

Isolation = Literal["read_uncommitted", "read_committed"]
PathArg = str | os.PathLike[str]
SEGMENT = re.compile(r"^(?P<base>\d{20})\.(?P<kind>log|checkpoint)(?P<temp>\.deleted|\.cleaned|\.swap)?$")
TEMP_ORDER = {"": 0, ".swap": 1, ".cleaned": 2, ".deleted": 3}
# What a file read as a log must be called, whatever its base name (a segment renamed to tell it
# apart in the Web IDE is still a segment): .log, or a KRaft .checkpoint, maybe being deleted.
LOG_FILE = re.compile(r"\.(?:log|checkpoint)(?:\.deleted|\.cleaned|\.swap)?$")
# Kafka's dispatch order for the files of one segment (DumpLogSegments reads files by suffix).
KAFKA_SUFFIXES = (".log", ".checkpoint", ".index", ".timeindex", ".txnindex", ".snapshot")
# The files of a partition directory (LocalLog, LogSegment, ProducerStateManager, KRaft snapshots,
# LeaderEpochFileCache, PartitionMetadataFile), live or being deleted, cleaned or swapped.
PARTITION_FILE = re.compile(
    r"^(?:\d{20}(?:\.(?:log|index|timeindex|txnindex|snapshot|checkpoint)|-\d{10}\.checkpoint)"
    r"(?:\.deleted|\.cleaned|\.swap)?|leader-epoch-checkpoint|partition\.metadata)$"
)
CLEAN_SHUTDOWN = ".kafka_cleanshutdown"
RECOVERY_POINTS = "recovery-point-offset-checkpoint"
# The files of a broker log directory itself (LogManager, BrokerMetadataCheckpoint, KRaft bootstrap).
LOG_DIR_FILES = frozenset(
    {
        "meta.properties",
        RECOVERY_POINTS,
        "log-start-offset-checkpoint",
        "replication-offset-checkpoint",
        "cleaner-offset-checkpoint",
        CLEAN_SHUTDOWN,
        "bootstrap.checkpoint",
    }
)
EntryType = Literal["file", "directory", "other"]


def is_kafka_file(name: str) -> bool:
    """Whether a file name is one a broker writes: a partition's files or a log directory's own."""
    return PARTITION_FILE.match(name) is not None or name in LOG_DIR_FILES


Kind = Literal["partition", "log_dir"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a directory listing, from the local disk or a ``pyarrow.fs`` filesystem.

    ``type`` is that of what a link leads to; ``problem`` says why the entry is not read (a link
    not followed, something named like a Kafka file that is not a regular file), else None.
    """

    name: str
    path: str
    type: EntryType
    size: int = 0
    problem: str | None = None


@dataclass(frozen=True, slots=True)
class Listing:
    """A directory and its entries."""

    path: str
    entries: tuple[Entry, ...]

    def holds_partition_files(self) -> bool:
        return any(PARTITION_FILE.match(entry.name) for entry in self.entries)


def classify(
    listing: Listing, list_dir: Callable[[str], Listing | None], *, nested: bool = True
) -> tuple[Kind, list[Listing]] | None:
    """What a directory is, from its listing and those of its subdirectories (``list_dir``, None
    for one that cannot be listed): ``("partition", [listing])`` when it holds a partition's files;
    else ``("log_dir", partitions)`` when some subdirectories hold them (those are the partitions,
    by name, ``-delete``/``-future``/``-stray`` ones included) or it holds a log directory's own
    files; else, with ``nested``, ``("log_dir", partitions)`` of the log directories one level
    down (several brokers' disks copied side by side, JBOD mounts under one folder); else None: no
    Kafka data. Names never decide."""
    if listing.holds_partition_files():
        return "partition", [listing]
    partitions = []
    children = []
    for entry in sorted(listing.entries, key=lambda entry: entry.name):
        child = list_dir(entry.path) if entry.type == "directory" else None
        if child is not None and child.holds_partition_files():
            partitions.append(child)
        elif child is not None:
            children.append(child)
    if partitions or any(entry.name in LOG_DIR_FILES for entry in listing.entries):
        return "log_dir", partitions
    if not nested:
        return None
    inner = [classify(child, list_dir, nested=False) for child in children]
    log_dirs = [found for found in inner if found is not None]
    if not log_dirs:
        return None
    return "log_dir", [partition for _, found in log_dirs for partition in found]


def list_local(directory: str | os.PathLike[str], root: str | os.PathLike[str] | None = None) -> Listing:
    """A local directory's entries. A link is followed only to a file inside ``root`` (the
    directory itself by default); others get a ``problem``. Raises ``OSError`` when the directory
    cannot be listed."""
    inside = os.path.realpath(directory if root is None else root)
    with os.scandir(directory) as entries:
        return Listing(os.fspath(directory), tuple(_local_entry(entry, inside) for entry in entries))


def _local_entry(entry: os.DirEntry[str], root: str) -> Entry:
    kafka_named = PARTITION_FILE.match(entry.name) is not None or entry.name.endswith(KAFKA_SUFFIXES)
    try:
        mode = entry.stat().st_mode  # follows a link; raises for one that loops or dangles
        if entry.is_symlink():
            target = os.path.realpath(entry.path)
            if stat.S_ISDIR(mode):
                return Entry(
                    entry.name, entry.path, "other", problem=f"a link to the directory {target}: not followed"
                )
            if os.path.commonpath([root, target]) != root:
                if not kafka_named:  # a file that is not Kafka's: passed over as any other
                    return Entry(entry.name, entry.path, "other")
                return Entry(
                    entry.name,
                    entry.path,
                    "other",
                    problem=f"a link out of {root} (to {target}): not followed",
                )
    except OSError as exc:
        if not kafka_named and PARTITION_DIR.match(entry.name) is None:
            return Entry(entry.name, entry.path, "other")  # not Kafka's: passed over as any other
        what = "a link that cannot be followed" if entry.is_symlink() else "cannot be read"
        return Entry(entry.name, entry.path, "other", problem=f"{what}: {exc.strerror}")
    if stat.S_ISREG(mode):
        return Entry(entry.name, entry.path, "file", entry.stat().st_size)
    kind: EntryType = "directory" if stat.S_ISDIR(mode) else "other"
    problem = (
        ("a directory, not a file" if kind == "directory" else "not a regular file") if kafka_named else None
    )
    return Entry(entry.name, entry.path, kind, problem=problem)


def report_entries(listing: Listing, on_problem: ProblemHandler | None) -> None:
    """Report the entries of a listing that are not read (see :class:`Entry`)."""
    for entry in listing.entries:
        if entry.problem is not None:
            report_unreadable(on_problem, entry.path, entry.problem)


def report_unreadable(on_problem: ProblemHandler | None, path: str, reason: str) -> None:
    """An ``unreadable_file`` problem; without ``on_problem`` an :class:`UnreadableFileError`."""
    if on_problem is None:
        raise UnreadableFileError(reason, path=path)
    on_problem(Problem(ProblemKind.UNREADABLE_FILE, path, 0, 0, reason))


def local_lister(
    root: str | os.PathLike[str], on_problem: ProblemHandler | None
) -> Callable[[str], Listing | None]:
    """:func:`list_local` for directories under ``root``, once each: one that cannot be listed
    goes to ``on_problem`` and lists as None."""

    @functools.cache
    def list_dir(directory: str) -> Listing | None:
        try:
            return list_local(directory, root)
        except OSError as exc:
            report_unreadable(on_problem, directory, f"cannot list the directory: {exc.strerror}")
            return None

    return list_dir


def locate(
    path: str | os.PathLike[str], on_problem: ProblemHandler | None = None
) -> tuple[Kind, list[Listing]]:
    """What a local directory holds (:func:`classify`): its kind and partition listings. Raises
    :class:`NoKafkaDataError` for a path that does not exist or holds no Kafka data. A log
    directory's entries that are not read, and its subdirectories that cannot be listed, go to
    ``on_problem``."""
    try:
        listing = list_local(path)
    except FileNotFoundError:
        raise NoKafkaDataError("no such file or directory", path=path) from None
    except NotADirectoryError:
        raise NoKafkaDataError("not a directory", path=path) from None
    except OSError as exc:
        raise UnreadableFileError(f"cannot list the directory: {exc.strerror}", path=path) from exc
    found = classify(listing, local_lister(path, on_problem))
    if found is None:
        raise NoKafkaDataError(
            "no Kafka data: no segment or other partition file, no partition directory, no log "
            "directory file",
            path=path,
        )
    if found[0] == "log_dir":
        report_entries(listing, on_problem)
    return found


@dataclass(frozen=True, slots=True)
class Segment:
    """A ``.log`` file and its companions (which may be absent)."""

    base_offset: int
    path: Path
    temp_suffix: str = ""

    def companion(self, suffix: str) -> Path:
        """The ``.index``/``.timeindex``/``.txnindex`` beside it, e.g. ``companion(".index")``."""
        return self.path.with_name(f"{self.base_offset:020d}{suffix}{self.temp_suffix}")


@dataclass(frozen=True, slots=True)
class PartitionDir:
    """A ``<topic>-<partition>`` directory; ``status`` is ``delete``/``future``/``stray`` or ''."""

    topic: str
    partition: int
    path: Path
    status: str = ""

    @classmethod
    def of(cls, path: str | os.PathLike[str]) -> PartitionDir | None:
        """The topic and partition a directory's name gives (None when it does not parse);
        :func:`locate` tells whether it is a partition directory."""
        match = PARTITION_DIR.match(os.path.basename(os.fspath(path).rstrip("/")))
        if not match:
            return None
        return cls(match["topic"], int(match["partition"]), Path(path), match["status"] or "")

    def segments(self, include_temp_files: bool = False) -> list[Segment]:
        return list_segments(self.path, include_temp_files)


def list_segments(
    directory: str | os.PathLike[str],
    include_temp_files: bool = False,
    *,
    on_problem: ProblemHandler | None = None,
) -> list[Segment]:
    """The ``.log`` segments of a directory in offset order (temporary files after the live one).

    One named like a segment that cannot be read (a link that loops, dangles or leads out of the
    directory, a directory) goes to ``on_problem`` as ``unreadable_file``, or without it raises
    :class:`UnreadableFileError`."""
    return segments_in(list_local(directory), include_temp_files, on_problem)


def segments_in(
    listing: Listing, include_temp_files: bool, on_problem: ProblemHandler | None
) -> list[Segment]:
    """The segments of a partition directory's listing, as :func:`list_segments` gives them."""
    found = []
    for entry in listing.entries:
        match = SEGMENT.match(entry.name)
        if not (match and match["kind"] == "log" and (include_temp_files or not match["temp"])):
            continue
        if entry.problem is not None or entry.type != "file":
            report_unreadable(on_problem, entry.path, entry.problem or "not a regular file")
            continue
        found.append(Segment(int(match["base"]), Path(entry.path), match["temp"] or ""))
    return sorted(found, key=lambda s: (s.base_offset, TEMP_ORDER[s.temp_suffix]))


def partition_listings(
    paths: Iterable[str | os.PathLike[str]],
    *,
    include_temp_files: bool = False,
    on_problem: ProblemHandler | None = None,
) -> list[Listing]:
    """The partition listings of local paths (partition or log directories), by topic and
    partition (directories whose names do not parse last, by path). Raises
    :class:`NoKafkaDataError` for a path without Kafka data."""
    found: dict[str, Listing] = {}
    for path in paths:
        kind, partitions = locate(path, on_problem)
        for listing in partitions:
            named = PartitionDir.of(listing.path)
            if kind == "partition" or include_temp_files or named is None or not named.status:
                found[listing.path] = listing

    def order(listing: Listing) -> tuple[bool, str, int, str, str]:
        named = PartitionDir.of(listing.path)
        if named is None:
            return True, "", 0, "", listing.path
        return False, named.topic, named.partition, named.status, listing.path

    return sorted(found.values(), key=order)


def partition_dirs(
    *log_dirs: str | os.PathLike[str],
    include_temp_files: bool = False,
    on_problem: ProblemHandler | None = None,
) -> list[PartitionDir]:
    """The ``<topic>-<partition>`` directories of broker log directories (or the directories
    themselves, when they are partition directories), by topic and partition. Raises
    :class:`NoKafkaDataError` for a path without Kafka data."""
    found = (
        PartitionDir.of(listing.path)
        for listing in partition_listings(
            log_dirs, include_temp_files=include_temp_files, on_problem=on_problem
        )
    )
    return [partition for partition in found if partition is not None]


def partition_copies(listings: Iterable[Listing]) -> list[list[str]]:
    """Partition directories grouped by topic-partition, in the order :func:`partition_listings`
    gives them: each group lists the copies of one partition, to be read as one log. A directory
    whose name does not parse is a group of its own."""
    groups: dict[tuple[str, int] | str, list[str]] = {}
    for listing in listings:
        named = PartitionDir.of(listing.path)
        copies = groups.setdefault(listing.path if named is None else (named.topic, named.partition), [])
        if listing.path not in copies:
            copies.append(listing.path)
    return list(groups.values())


def segment_runs(segments: Iterable[Segment], *, verify_crc: bool, max_decompressed_bytes: int) -> list[Run]:
    """The segments (of one or more copies of a partition) as :class:`~kafkaks.store.replicas.Run` s,
    each copy named by its directory."""

    def opener(segment: Segment) -> Callable[[ProblemHandler], Iterator[Batch]]:
        return lambda on_problem: read_segment(
            segment.path,
            verify_crc=verify_crc,
            on_problem=on_problem,
            max_decompressed_bytes=max_decompressed_bytes,
        )

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
        runs = segment_runs(segments, verify_crc=False, max_decompressed_bytes=max_decompressed_bytes)
        return cls.scan(aborted, merge(runs, _ignore), on_problem)

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
        """
        transactions = cls()
        for txn in aborted:
            transactions.aborted[txn.producer_id].append((txn.first_offset, txn.last_offset))
        for batch in batches:
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


def read_segment(
    path: str | os.PathLike[str],
    *,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
) -> Iterator[Batch]:
    """:func:`~kafkaks.store.segment.read_log` of a segment file, where a file that cannot be read (no
    permission, an I/O error) is one ``unreadable_file`` problem instead of an ``OSError``."""
    try:
        yield from read_log(
            path, verify_crc=verify_crc, on_problem=on_problem, max_decompressed_bytes=max_decompressed_bytes
        )
    except (NoKafkaDataError, UnreadableFileError) as exc:  # gone since it was listed, no permission
        report_unreadable(on_problem, os.fspath(path), exc.reason)


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
    segments = [
        segment
        for listing in _copies(path, on_problem)
        for segment in segments_in(listing, include_temp_files, on_problem)
    ]
    transactions = (
        Transactions.of(segments, max_decompressed_bytes, on_problem=on_problem)
        if isolation == "read_committed"
        else None
    )
    stable = transactions.last_stable_offset if transactions else None
    runs = segment_runs(segments, verify_crc=verify_crc, max_decompressed_bytes=max_decompressed_bytes)
    for batch in merge(runs, on_problem):
        if transactions is None:
            yield batch
            continue
        # The last stable offset is the base offset of a batch: no batch straddles it.
        if stable is not None and batch.last_offset >= stable:
            report_unstable(on_problem, batch.path, batch.position, stable)
            return
        if transactions.committed(batch):
            yield batch


def _copies(path: PathArg | Iterable[PathArg], on_problem: ProblemHandler | None) -> list[Listing]:
    """The listings of one partition's directories: one path, or several copies of the same
    partition. Raises :class:`NoKafkaDataError` for a path without Kafka data, ``ValueError`` for
    a broker log directory or for copies named for different topic-partitions."""
    directories = [path] if isinstance(path, str | os.PathLike) else list(path)
    if not directories:
        raise ValueError("no partition directory given")
    names = {(p.topic, p.partition) for p in map(PartitionDir.of, directories) if p is not None}
    if len(names) > 1:
        listed = ", ".join(os.fspath(d) for d in directories)
        raise ValueError(f"copies of one partition must name the same topic-partition: {listed}")
    listings = []
    for directory in directories:
        kind, found = locate(directory, on_problem)
        if kind != "partition":
            raise ValueError(
                f"{os.fspath(directory)} is a broker log directory (it holds partition directories), "
                "not a partition: read it with read_log_dir or read_arrow"
            )
        listings += found
    return listings


def read_partition(
    path: PathArg | Iterable[PathArg],
    *,
    isolation: Isolation = "read_uncommitted",
    include_temp_files: bool = False,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
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
    that raises.
    """
    for batch in read_partition_batches(
        path,
        isolation=isolation,
        include_temp_files=include_temp_files,
        verify_crc=verify_crc,
        on_problem=on_problem,
        max_decompressed_bytes=max_decompressed_bytes,
    ):
        yield from batch_records(batch, on_problem)


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


def _ignore(_problem: Problem) -> None:
    pass


def read_log_dir(
    *log_dirs: str | os.PathLike[str],
    isolation: Isolation = "read_uncommitted",
    include_temp_files: bool = False,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
) -> Iterator[Record]:
    """The records of every partition of one or more broker log directories (or partition
    directories), partition after partition (by topic, then partition number), each in offset
    order. A partition found in several of them (replicas, JBOD directories) is read once, its
    copies merged (see :mod:`kafkaks.store.replicas`). Raises :class:`NoKafkaDataError` for a path
    without Kafka data."""
    listings = partition_listings(log_dirs, include_temp_files=include_temp_files, on_problem=on_problem)
    for copies in partition_copies(listings):
        yield from read_partition(
            copies,
            isolation=isolation,
            include_temp_files=include_temp_files,
            verify_crc=verify_crc,
            on_problem=on_problem,
            max_decompressed_bytes=max_decompressed_bytes,
        )
