"""Listing Kafka's files: broker log directories, partition directories and their segments.

A broker log directory holds one ``<topic>-<partition>`` directory per partition replica; each
holds segments ``<base offset, 20 digits>.log`` with their ``.index``, ``.timeindex``,
``.txnindex`` and producer ``.snapshot``. Files being deleted, cleaned or swapped carry a second
suffix (``.deleted``, ``.cleaned``, ``.swap``); whole partition directories being deleted or moved
end in ``-delete``, ``-future`` or ``-stray``. Those are left out unless asked for.

What a directory is comes from what it holds, never from its name alone (:func:`classify`, which
works on a :class:`Listing` of names and types): a partition directory holds a partition's files
(segments, indexes, producer snapshots, KRaft snapshots, ``leader-epoch-checkpoint``,
``partition.metadata``), a broker log directory holds partition directories or a log directory's
own files (``meta.properties``, the offset checkpoints). A ``kafka-logs-1`` full of partitions is a
log directory, whatever its name says. The name of a partition directory gives its topic and
partition (None when it does not parse).

Listings come from two backends, and everything past them is shared: :func:`list_local` for the
local disk and :func:`list_fs` for a ``pyarrow.fs`` filesystem (``s3://``, ``gs://``, ``hdfs://``).
The local one uses ``os.scandir`` rather than pyarrow's ``LocalFileSystem``, which follows links
without saying so: a local listing follows a symbolic link only to a file inside the directory
being read; a link that loops, dangles, leads to a directory or out of that directory is reported
(``unreadable_file``), as is anything named like a Kafka file that is not a regular file, and
reading goes on.
"""

from __future__ import annotations

import functools
import os
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar

if TYPE_CHECKING:
    import pyarrow.fs as pafs

from ..errors import NoKafkaDataError, UnreadableFileError
from ..models import Problem
from ..problems import ProblemKind
from .files import PathArg
from .segment import PARTITION_DIR, ProblemHandler

__all__ = [
    "KAFKA_SUFFIXES",
    "Entry",
    "FileKind",
    "Listing",
    "PartitionDir",
    "Segment",
    "classify",
    "copy_listings",
    "group_copies",
    "is_kafka_file",
    "list_fs",
    "list_local",
    "list_segments",
    "local_lister",
    "locate",
    "partition_copies",
    "partition_dirs",
    "partition_listings",
    "report_entries",
    "report_unreadable",
    "segments_in",
    "sibling",
    "wanted_partitions",
]

T = TypeVar("T")
SEGMENT = re.compile(r"^(?P<base>\d{20})\.(?P<kind>log|checkpoint)(?P<temp>\.deleted|\.cleaned|\.swap)?$")
TEMP_ORDER = {"": 0, ".swap": 1, ".cleaned": 2, ".deleted": 3}
# What a file read as a log must be called, whatever its base name (a segment renamed to tell it
# apart in the Web IDE is still a segment): .log, or a KRaft .checkpoint, maybe being deleted.
LOG_FILE = re.compile(r"\.(?:log|checkpoint)(?:\.deleted|\.cleaned|\.swap)?$")


class FileKind(StrEnum):
    """What a Kafka file is, from its last suffix, as DumpLogSegments dispatches files; the value
    is the suffix without its dot. Members are in Kafka's dispatch order for one segment's files."""

    LOG = "log"
    CHECKPOINT = "checkpoint"
    INDEX = "index"
    TIMEINDEX = "timeindex"
    TXNINDEX = "txnindex"
    SNAPSHOT = "snapshot"

    @property
    def suffix(self) -> str:
        return f".{self.value}"

    @classmethod
    def of(cls, path: PathArg) -> FileKind | None:
        """The kind of a file by its name's last suffix (``.log.deleted`` is none), or None."""
        name = os.path.basename(path)
        _, dot, suffix = name.rpartition(".")
        try:
            return cls(suffix) if dot else None
        except ValueError:
            return None


def sibling(path: str, kind: FileKind) -> str:
    """The file of the same segment of another kind, as Kafka names it from the prefix (the name
    up to its first dot): the ``.log`` beside ``00000000000000000042.index``."""
    return os.path.join(os.path.dirname(path), os.path.basename(path).split(".")[0] + kind.suffix)


# Kafka's dispatch order for the files of one segment (DumpLogSegments reads files by suffix).
KAFKA_SUFFIXES = tuple(kind.suffix for kind in FileKind)
# The files beside a segment, named by its base offset (LogSegment, ProducerStateManager).
COMPANIONS = (".index", ".timeindex", ".txnindex", ".snapshot")
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
    kafka_named = PARTITION_FILE.match(entry.name) is not None or FileKind.of(entry.name) is not None
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


def list_fs(fs: pafs.FileSystem, directory: str) -> Listing:
    """A directory's entries on a ``pyarrow.fs`` filesystem (remote URIs: ``s3://``, ``gs://``,
    ``hdfs://``), where there are no links to judge. Raises ``OSError`` when the directory cannot
    be listed. (pyarrow is imported here, not with the module: local reads never need it.)"""
    from pyarrow.fs import FileSelector, FileType

    types: dict[FileType, EntryType] = {FileType.File: "file", FileType.Directory: "directory"}
    infos = fs.get_file_info(FileSelector(directory))
    entries = (Entry(i.base_name, i.path, types.get(i.type, "other"), i.size or 0) for i in infos)
    return Listing(directory, tuple(entries))


def report_entries(listing: Listing, on_problem: ProblemHandler | None) -> None:
    """Report the entries of a listing that are not read (see :class:`Entry`)."""
    for entry in listing.entries:
        if entry.problem is not None:
            report_unreadable(on_problem, entry.path, entry.problem)


def report_unreadable(
    on_problem: ProblemHandler | None, path: str, reason: str, position: int | None = None
) -> None:
    """An ``unreadable_file`` problem (at ``position`` when the file failed part way through);
    without ``on_problem`` an :class:`UnreadableFileError`."""
    if on_problem is None:
        raise UnreadableFileError(reason, path=path, position=position)
    on_problem(Problem(ProblemKind.UNREADABLE_FILE, path, position or 0, 0, reason))


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
    """A ``.log`` file and its companions (which may be absent).

    ``path`` is where its filesystem has it (a local path, or a ``pyarrow.fs`` one such as
    ``bucket/kafka/orders-0/00000000000000000000.log``); ``size`` and ``companions`` (the suffixes
    of the companion files the listing holds, e.g. ``".index"``) come from the listing it was found
    in, when it was."""

    base_offset: int
    path: Path
    temp_suffix: str = ""
    size: int = 0
    companions: frozenset[str] = frozenset()

    def companion(self, suffix: str) -> Path:
        """The ``.index``/``.timeindex``/``.txnindex`` beside it, e.g. ``companion(".index")``."""
        return self.path.with_name(f"{self.base_offset:020d}{suffix}{self.temp_suffix}")

    def has(self, suffix: str) -> bool:
        """Whether its listing holds the companion file with this suffix, as a regular file."""
        return suffix in self.companions


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
    """The segments of a partition directory's listing, as :func:`list_segments` gives them,
    each with the companion files (:data:`COMPANIONS`) the listing holds beside it."""
    files = {entry.name for entry in listing.entries if entry.type == "file" and entry.problem is None}
    found = []
    for entry in listing.entries:
        match = SEGMENT.match(entry.name)
        if not (match and match["kind"] == "log" and (include_temp_files or not match["temp"])):
            continue
        if entry.problem is not None or entry.type != "file":
            report_unreadable(on_problem, entry.path, entry.problem or "not a regular file")
            continue
        temp = match["temp"] or ""
        companions = frozenset(suffix for suffix in COMPANIONS if f"{match['base']}{suffix}{temp}" in files)
        found.append(Segment(int(match["base"]), Path(entry.path), temp, entry.size, companions))
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
        for listing in wanted_partitions(kind, partitions, include_temp_files):
            found[listing.path] = listing

    def order(listing: Listing) -> tuple[bool, str, int, str, str]:
        named = PartitionDir.of(listing.path)
        if named is None:
            return True, "", 0, "", listing.path
        return False, named.topic, named.partition, named.status, listing.path

    return sorted(found.values(), key=order)


def wanted_partitions(kind: Kind, partitions: list[Listing], include_temp_files: bool) -> list[Listing]:
    """The partitions a located path gives (:func:`classify`) that are read: a partition
    directory named itself, else those not being deleted or moved (``-delete``, ``-future``,
    ``-stray``) unless ``include_temp_files``."""
    if kind == "partition" or include_temp_files:
        return partitions
    named = ((listing, PartitionDir.of(listing.path)) for listing in partitions)
    return [listing for listing, name in named if name is None or not name.status]


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
    gives them (see :func:`group_copies`)."""
    return group_copies((listing.path for listing in listings), str)


def group_copies(partitions: Iterable[T], directory: Callable[[T], str]) -> list[list[T]]:
    """Partitions (anything ``directory`` gives the path of) grouped by topic-partition, in their
    order: each group lists the copies of one partition, to be read as one log. A directory whose
    name does not parse is a group of its own; one given twice is kept once."""
    groups: dict[tuple[str, int] | str, list[T]] = {}
    for partition in partitions:
        path = directory(partition)
        named = PartitionDir.of(path)
        copies = groups.setdefault(path if named is None else (named.topic, named.partition), [])
        if partition not in copies:
            copies.append(partition)
    return list(groups.values())


def copy_listings(path: PathArg | Iterable[PathArg], on_problem: ProblemHandler | None) -> list[Listing]:
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
