"""Planning a ``kafka-log`` read on the driver: which partitions the paths hold, and one Spark
partition (:class:`SegmentSplit`) per segment or byte range of one.

The paths are listed through ``pyarrow.fs`` (:mod:`kafkaks.spark.filesystems`) and what they
hold is found by :mod:`kafkaks.store.listing`, as for local reads. A partition given in several
copies, or whose segments overlap, is read once by the driver through the merge of
:mod:`kafkaks.store.replicas`, and planned as runs of adjacent batches of the files it took;
``read_committed`` scans each partition once here (:class:`~kafkaks.store.partition.Transactions`)
and ships the result with its splits.
"""

from __future__ import annotations

import dataclasses
import operator
import os
import posixpath
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pyarrow.fs as pafs

from ..errors import KafkaksError, NoKafkaDataError
from ..models import AbortedTxn, Problem
from ..store.files import iter_txn_index
from ..store.listing import (
    Listing,
    PartitionDir,
    Segment,
    classify,
    group_copies,
    segments_in,
    wanted_partitions,
)
from ..store.options import ReadOptions
from ..store.partition import Transactions
from ..store.replicas import Run, first_offset, merge
from ..store.segment import ProblemHandler, flatten, ignore, read_log_runs
from ..wire.batch import Batch
from .bounds import Bounds
from .filesystems import absolute, display, expand, filesystem, list_dir, open_file
from .options import Options
from .probing import overlapping, segment_ranges
from .pyspark_api import InputPartition

if TYPE_CHECKING:
    from ..remote.segments import RemoteSegment

__all__ = [
    "PartitionFiles",
    "SegmentSplit",
    "Survey",
    "aborted_of",
    "group_splits",
    "partitions",
    "plan",
    "scan_batches",
    "survey",
]


@dataclass(frozen=True)
class PartitionFiles:
    """A partition directory on a filesystem: its topic and partition (None when its name does not
    parse) and its live segments in offset order, with their companion files."""

    fs_uri: str
    path: str
    topic: str | None
    partition: int | None
    segments: list[Segment]

    @classmethod
    def of(cls, fs_uri: str, listing: Listing) -> PartitionFiles:
        named = PartitionDir.of(listing.path)
        # A segment that is not a file is passed over: there are no links to report here.
        segments = segments_in(listing, False, ignore)
        if named is None:
            return cls(fs_uri, listing.path, None, None, segments)
        return cls(fs_uri, listing.path, named.topic, named.partition, segments)


@dataclass(frozen=True)
class SegmentSplit(InputPartition):  # type: ignore[misc]
    """One Spark partition: the batches of a segment that start in ``[start, end)`` (``end``
    None: to the end of the file), with what ``read_committed`` needs to know about the partition."""

    fs_uri: str
    path: str
    topic: str | None
    partition: int | None
    base_offset: int
    start: int
    end: int | None
    transactions: Transactions | None = None
    problems: tuple[Problem, ...] = ()  # found on the driver (several copies), reported by the task
    segment_size: int = 0
    remote: RemoteSegment | None = None  # a remote segment (tiered storage): the task opens its store
    offsets: tuple[int, int | None] | None = None  # only the rows of these offsets (tiers overlap)

    @property
    def length(self) -> int:
        """The bytes of the segment this split reads (at most)."""
        return (self.segment_size if self.end is None else self.end) - self.start

    @classmethod
    def of(
        cls,
        part: PartitionFiles,
        segment: Segment,
        start: int,
        end: int | None,
        transactions: Transactions | None,
        problems: tuple[Problem, ...] = (),
    ) -> SegmentSplit:
        """The split of ``[start, end)`` of one segment of ``part``."""
        return cls(
            part.fs_uri,
            os.fspath(segment.path),
            part.topic,
            part.partition,
            segment.base_offset,
            start,
            end,
            transactions,
            problems,
            segment.size,
        )


def group_splits(splits: list[SegmentSplit], target: int) -> list[tuple[SegmentSplit, ...]]:
    """``splits`` (in order) in groups of about ``target`` bytes, a task each: small segments
    together, so that a task is not dominated by its start; a split of ``target`` or more alone."""
    groups: list[tuple[SegmentSplit, ...]] = []
    group: list[SegmentSplit] = []
    size = 0
    for split in splits:
        if group and size + split.length > target:
            groups.append(tuple(group))
            group, size = [], 0
        group.append(split)
        size += split.length
    if group:
        groups.append(tuple(group))
    return groups


def partitions(options: Options) -> list[PartitionFiles]:
    """The partition directories (or single segments) the paths name, by topic and partition.
    What a directory is comes from what it holds (:func:`~kafkaks.store.listing.classify`); a path
    (or glob) that matches nothing holding Kafka data raises :class:`NoKafkaDataError`."""
    found: dict[tuple[str, str], PartitionFiles] = {}
    for uri in options.paths:
        kafka = False
        for fs_uri, path in expand(absolute(uri)):
            fs, _ = filesystem(fs_uri)
            info = fs.get_file_info(path)
            if info.type == pafs.FileType.File:
                # One segment: its directory's files, with only this segment kept.
                whole = PartitionFiles.of(fs_uri, list_dir(fs_uri, posixpath.dirname(path)))
                one = [s for s in whole.segments if os.fspath(s.path) == info.path]
                if not one:
                    raise NoKafkaDataError("not a .log segment", path=display(fs_uri, path))
                found[fs_uri, info.path] = dataclasses.replace(whole, segments=one)
                kafka = True
                continue
            if info.type != pafs.FileType.Directory:
                continue
            located = classify(list_dir(fs_uri, info.path), partial(list_dir, fs_uri))
            if located is None:
                continue
            kafka = True
            kind, listings = located
            for listing in wanted_partitions(kind, listings, include_temp_files=False):
                found[fs_uri, listing.path] = PartitionFiles.of(fs_uri, listing)
        if not kafka:
            below = _log_dirs_below(uri)
            if below:
                more = ", ..." if len(below) > LOG_DIRS_NAMED else ""
                raise NoKafkaDataError(
                    "no Kafka data at this level, but log directories further down: "
                    f"{', '.join(below[:LOG_DIRS_NAMED])}{more} (name them as SRC)",
                    path=uri,
                )
            raise NoKafkaDataError(
                "no Kafka data: no segment, partition directory or log directory there", path=uri
            )
    return sorted(found.values(), key=lambda p: (p.topic or "", p.partition or 0, p.fs_uri))


LOG_DIRS_NAMED = 5  # log directories a refusal names
LOOKED_BELOW = 4  # folder levels a refusal looks down for log directories
LISTINGS_BELOW = 200  # directories it lists at most, so a refusal stays quick


def _log_dirs_below(uri: str) -> list[str]:
    """The log directories (or partitions) found down to :data:`LOOKED_BELOW` levels below a path
    that holds no Kafka data where :func:`partitions` looks (itself and one level down), for the
    refusal to name them."""
    found: list[str] = []
    budget = LISTINGS_BELOW
    for fs_uri, path in expand(absolute(uri)):
        level = [path]
        for _ in range(LOOKED_BELOW):
            deeper = []
            for directory in level:
                if budget <= 0:
                    return found
                budget -= 1
                try:
                    listing = list_dir(fs_uri, directory)
                except KafkaksError:
                    continue
                if classify(listing, partial(_listed, fs_uri), nested=False) is not None:
                    found.append(display(fs_uri, directory))
                    continue
                deeper += sorted(e.path for e in listing.entries if e.type == "directory")
            level = deeper
    return found


def _listed(fs_uri: str, path: str) -> Listing | None:
    try:
        return list_dir(fs_uri, path)
    except KafkaksError:
        return None


def plan(options: Options, bounds: Bounds | None = None) -> list[SegmentSplit]:
    """The Spark partitions for these options and pushed-down bounds, in topic, partition and
    offset order."""
    bounds = bounds or Bounds()
    parts = partitions(options)
    groups: dict[tuple[str, int], list[SegmentSplit]] = {}
    for copies in _copies(parts):
        part = copies[0]
        if options.wants_topic(part.topic) and bounds.wants(part.topic, part.partition):
            wanted = bounds.at_least(options.start_of(part.topic, part.partition))  # startingOffsets
            if len(copies) > 1 or overlapping(part.fs_uri, part.segments):
                splits = _plan_merged(copies, options, wanted)
            else:
                splits = _plan_partition(part, options, wanted)
            groups.setdefault(_key(part), []).extend(splits)
    if options.remote is not None:  # tiered storage: the remote segments first, by offsets
        from .tiers import open_remote, remote_splits, tiered_transactions

        remote = remote_splits(
            open_remote(options.remote), options.remote, options, bounds, _local_starts(parts)
        )
        local = {_key(copies[0]): copies for copies in _copies(parts)}
        for key, splits in remote.items():
            if options.isolation == "read_committed":  # one scan of both tiers, shared by their splits
                transactions = tiered_transactions(splits, local.get(key, []), options)
                splits = [dataclasses.replace(s, transactions=transactions) for s in splits]
                groups[key] = [dataclasses.replace(s, transactions=transactions) for s in groups.get(key, [])]
            groups[key] = splits + groups.get(key, [])
    return [split for key in sorted(groups) for split in groups[key]]


def _key(part: PartitionFiles) -> tuple[str, int]:
    return part.topic or "", -1 if part.partition is None else part.partition


def _local_starts(parts: list[PartitionFiles]) -> dict[tuple[str, int], int]:
    """The first local base offset of each named topic-partition, over its copies."""
    starts: dict[tuple[str, int], int] = {}
    for part in parts:
        if part.topic is not None and part.segments:
            first = min(segment.base_offset for segment in part.segments)
            starts[_key(part)] = min(starts.get(_key(part), first), first)
    return starts


def _copies(parts: list[PartitionFiles]) -> list[list[PartitionFiles]]:
    """The partitions (in order) with the copies of one topic-partition together."""
    return group_copies(parts, operator.attrgetter("path"))


def _plan_merged(copies: list[PartitionFiles], options: Options, bounds: Bounds) -> list[SegmentSplit]:
    """The splits of a partition given in several copies, or whose segments overlap: the driver
    reads every copy once as one log (:mod:`kafkaks.store.replicas`), and each split is a run of
    adjacent batches of one file that the merge took. What the merge reports travels with the
    first split."""
    segments = {
        display(part.fs_uri, os.fspath(segment.path)): (part, segment)
        for part in copies
        for segment in part.segments
    }

    def opener(part: PartitionFiles, segment: Segment) -> Callable[[ProblemHandler], Iterator[Batch]]:
        def batches(on_problem: ProblemHandler) -> Iterator[Batch]:
            with open_file(part.fs_uri, os.fspath(segment.path)) as stream:
                yield from flatten(read_log_runs(stream, options.reading(on_problem)))

        return batches

    runs = [
        Run(
            display(part.fs_uri, posixpath.dirname(segment.path)),
            name,
            segment.base_offset,
            opener(part, segment),
        )
        for name, (part, segment) in segments.items()
    ]
    found: list[Problem] = []
    ranges: list[list[Any]] = []  # [name, start, end]

    def taken() -> Iterator[Batch]:
        for batch in merge(runs, found.append):
            if batch.crc_valid is False:
                continue  # reported with the merge's problems; tasks skip such a batch anyway
            if (bounds.offset_min is not None and batch.last_offset < bounds.offset_min) or (
                bounds.offset_max is not None and first_offset(batch) > bounds.offset_max
            ):
                continue
            last = ranges[-1] if ranges else None
            if (
                last is not None
                and last[0] == batch.path
                and last[2] == batch.position
                and last[2] - last[1] < options.max_bytes_per_partition
            ):
                last[2] = batch.position + batch.size
            else:
                ranges.append([batch.path, batch.position, batch.position + batch.size])
            yield batch

    transactions = None
    if options.isolation == "read_committed":
        transactions = Transactions.scan(aborted_of(segments.values()), taken())
    else:
        for _ in taken():
            pass
    if not ranges and found:  # nothing to read, but what was found is still reported
        ranges.append([next(iter(segments)), 0, 0])
    splits: list[SegmentSplit] = []
    for name, start, end in ranges:
        part, segment = segments[name]
        problems = tuple(found) if not splits else ()
        splits.append(SegmentSplit.of(part, segment, start, end, transactions, problems))
    return splits


@dataclass(frozen=True)
class Survey:
    """What the paths hold for these options, from their listing alone (no data read): topic
    partitions, and the segments and bytes of all their copies."""

    partitions: int
    segments: int
    bytes: int


def survey(options: Options) -> Survey:
    """List what the paths hold on the driver, without Spark: the check a pipeline makes before it
    starts a session. Raises what planning raises for paths that hold no Kafka data."""
    parts = [part for part in partitions(options) if options.wants_topic(part.topic)]
    segments = [segment for part in parts for segment in part.segments]
    sizes = sum(segment.size for segment in segments)
    # Copies of one topic-partition (replicas) are one partition, read merged.
    if options.remote is None:
        return Survey(len(_copies(parts)), len(segments), sizes)
    from .tiers import open_remote

    remote = {
        key: [segment.objects[segment.log_suffix][1] for segment in found]
        for key, found in open_remote(options.remote).partitions.items()
        if options.wants_topic(key[0])
    }
    keys = {_key(copies[0]) for copies in _copies(parts)} | set(remote)
    held = [size for sizes_of in remote.values() for size in sizes_of]
    return Survey(len(keys), len(segments) + len(held), sizes + sum(held))


def aborted_of(segments: Iterable[tuple[PartitionFiles, Segment]]) -> Iterator[AbortedTxn]:
    """The aborted transactions the ``.txnindex`` files of these segments list."""
    for part, segment in segments:
        if segment.has(".txnindex"):
            path = os.fspath(segment.companion(".txnindex"))
            with open_file(part.fs_uri, path) as file:
                yield from iter_txn_index(path, data=file)


def _transactions(part: PartitionFiles, options: Options) -> Transactions:
    return Transactions.scan(
        aborted_of((part, segment) for segment in part.segments), scan_batches(part, options)
    )


def scan_batches(part: PartitionFiles, options: Options) -> Iterator[Batch]:
    for segment in part.segments:
        with open_file(part.fs_uri, os.fspath(segment.path)) as stream:
            # Problems are reported by the tasks, which read the same bytes. CRCs are checked:
            # a batch whose CRC fails is no evidence of a transaction (Transactions.scan).
            reading = ReadOptions(max_decompressed_bytes=options.max_decompressed_bytes, on_problem=ignore)
            yield from flatten(read_log_runs(stream, reading))


def _plan_partition(part: PartitionFiles, options: Options, bounds: Bounds) -> list[SegmentSplit]:
    transactions = _transactions(part, options) if options.isolation == "read_committed" else None
    stable = transactions.last_stable_offset if transactions else None
    splits = []
    for number, segment in enumerate(part.segments):
        following = part.segments[number + 1].base_offset if number + 1 < len(part.segments) else None
        if stable is not None and segment.base_offset > stable:
            break  # read_committed shows nothing at or after the last stable offset
        if bounds.offset_max is not None and segment.base_offset > bounds.offset_max:
            break
        if bounds.offset_min is not None and following is not None and following <= bounds.offset_min:
            continue
        for start, end in segment_ranges(part.fs_uri, segment, options.max_bytes_per_partition, bounds):
            splits.append(SegmentSplit.of(part, segment, start, end, transactions))
    return splits
