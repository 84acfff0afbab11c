"""Which files a path argument of ``kafkaks dump`` or ``kafkaks verify`` stands for, in Kafka's
order: the file itself, or the Kafka files of a partition directory, or of every partition of a
broker log directory (by topic, then partition), each directory's files by base offset, then in
Kafka's suffix order."""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from ..errors import KafkaksError, NoKafkaDataError
from ..store.listing import (
    Entry,
    FileKind,
    Listing,
    PartitionDir,
    classify,
    local_lister,
    locate,
    report_entries,
)
from ..store.segment import ProblemHandler

__all__ = ["expand", "log_bytes", "partition_of"]

ORDER = list(FileKind)  # Kafka's dispatch order for the files of one segment
LEADING_DIGITS = re.compile(r"^\d+")


def _kafka_files(listing: Listing) -> list[str]:
    """The dumpable files of one directory, by base offset, then in Kafka's suffix order."""

    def order(entry: tuple[Entry, FileKind]) -> tuple[int, int, str]:
        file, kind = entry
        digits = LEADING_DIGITS.match(file.name)
        return (int(digits[0]) if digits else -1, ORDER.index(kind), file.name)

    kinds = [(entry, FileKind.of(entry.name)) for entry in listing.entries if entry.type == "file"]
    files = [(entry, kind) for entry, kind in kinds if kind is not None]
    return [entry.path for entry, _ in sorted(files, key=order)]


def expand(path: str, on_problem: ProblemHandler) -> list[str]:
    """The files to dump or verify for one argument: the file itself, or for a directory its own
    Kafka files, then, recursively, those of each partition directory in it (by topic, then
    partition) and of its other subdirectories (by name). What a directory is comes from what it
    holds (:func:`~kafkaks.store.listing.classify`). Partitions being deleted or moved (``-delete``,
    ``-future``, ``-stray``) are left out. Entries that are not read (links that loop, dangle or
    lead out of the directory given or to a directory, directories named like Kafka files,
    directories that cannot be listed) go to ``on_problem``. Raises :class:`NoKafkaDataError` for a
    path that does not exist or a directory that holds no Kafka data at any depth."""
    if not os.path.isdir(path):
        if not os.path.exists(path):
            raise NoKafkaDataError("No such file or directory", path=path)
        return [path]
    files, kafka = _walk(path, local_lister(path, on_problem), on_problem)
    if not kafka:
        raise NoKafkaDataError(
            "no Kafka data: no Kafka file, partition directory or log directory in it", path=path
        )
    return files


def _walk(
    directory: str, list_dir: Callable[[str], Listing | None], on_problem: ProblemHandler
) -> tuple[list[str], bool]:
    """(the files of :func:`expand`, whether any directory held Kafka data)."""
    listing = list_dir(directory)
    if listing is None:
        return [], False
    found = classify(listing, list_dir, nested=False)  # the walk goes down by itself
    if found is not None:  # entries of directories without Kafka data are none of our business
        report_entries(listing, on_problem)
    partitions = {
        p.path: PartitionDir.of(p.path) for p in (found[1] if found and found[0] == "log_dir" else [])
    }
    named = [partition for partition in partitions.values() if partition is not None and not partition.status]
    subdirs = [os.fspath(p.path) for p in sorted(named, key=lambda p: (p.topic, p.partition))]
    subdirs += sorted(
        entry.path
        for entry in listing.entries
        if entry.type == "directory" and (entry.path not in partitions or partitions[entry.path] is None)
    )
    files = _kafka_files(listing)
    kafka = found is not None
    for subdir in subdirs:
        more, held = _walk(subdir, list_dir, on_problem)
        files += more
        kafka = kafka or held
    return files, kafka or bool(files)


def partition_of(path: str) -> str | None:
    """The partition directory a path is or is in, for ``--recovery``; None for other places."""
    directory = path if os.path.isdir(path) else os.path.dirname(path) or "."
    try:
        kind, _ = locate(directory, on_problem=lambda _problem: None)
    except KafkaksError:
        return None
    return directory if kind == "partition" else None


def log_bytes(files: list[str]) -> int:
    """The size of the .log and .checkpoint files, for the progress bar (missing ones count 0)."""
    return sum(
        os.path.getsize(path)
        for path in files
        if FileKind.of(path) in (FileKind.LOG, FileKind.CHECKPOINT) and os.path.isfile(path)
    )
