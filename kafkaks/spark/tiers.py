"""Tiered storage in the ``kafka-log`` source (option ``remote``): the remote segments planned on
the driver as splits (:func:`remote_splits`), each read by its task from the store it opens
itself (:func:`open_segment`).

The driver lists the store once (:class:`~kafkaks.remote.tiers.Remote`: the live segments, from
``__remote_log_metadata`` when ``remoteMetadata`` names log dirs holding it) and plans one split
per remote segment, or, for a segment larger than ``maxBytesPerPartition``, per byte range of it,
cut at its offset index's positions (the index read by a ranged read, each cut checked by reading
the batch there), as a local segment is cut. A split carries its segment's description (a
:class:`~kafkaks.remote.segments.RemoteSegment`: the store, which pickles as its folder or URI, the
object keys and sizes, names and numbers), never its bytes nor its records: the task opens the
store and reads the segment's chunks by ranged reads (:class:`~kafkaks.remote.chunked.ChunkedSegment`),
decrypting with the keys the options name.

Where the tiers hold the same offsets, each is read once, by offsets alone (so that no byte is read
on the driver): the local segments of a partition are read whole, and a remote segment only below
the first of them; a remote segment whose offsets an earlier one (a copy retried under a new id)
already holds is read from the offset after those. A remote segment's end offset comes from the
metadata or its manifest (as for :func:`~kafkaks.remote.tiers.tiered_runs`); one whose end is not
known is taken to reach the next segment. What is read once is reported as ``segment_overlap``
(information), offsets no segment holds as ``tier_gap``, both with the partition's first split.
Unlike the merge of :func:`~kafkaks.remote.tiers.tiered_runs`, which tier wins an overlap does not
depend on the batches (a damaged batch in the tier read is not repaired from the other).
``read_committed`` scans the partition's batches of both tiers once on the driver
(:func:`tiered_transactions`), as it scans a local partition's, and ships the result with every
split of the partition.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import BinaryIO, cast

from ..errors import KafkaksError
from ..models import Problem
from ..problems import ProblemKind
from ..remote.crypto import Keyring
from ..remote.reading import tier_gaps
from ..remote.segments import RemoteSegment
from ..remote.tiers import Remote
from ..store.partition import Transactions
from ..store.replicas import first_offset
from ..store.segment import ignore, read_log
from ..wire.batch import Batch
from .bounds import Bounds
from .options import Options, RemoteSource
from .planning import PartitionFiles, SegmentSplit, aborted_of, scan_batches
from .probing import Probe, cut_edges

__all__ = ["open_remote", "open_segment", "remote_splits", "tiered_transactions"]

Key = tuple[str, int]


def open_segment(segment: RemoteSegment, keys: tuple[tuple[str, str], ...]) -> BinaryIO:
    """A split's remote segment, on the task: its bytes, read chunk by chunk from its store (which
    unpickled as its URI, :class:`~kafkaks.remote.stores.FsStore`, and opened here), decrypted
    with ``keys`` (the options' ``remoteKeys``)."""
    keyring = Keyring(dict(keys)) if keys else None
    return cast(BinaryIO, segment.open(keyring))  # a seekable binary file, as read_log takes


def open_remote(source: RemoteSource) -> Remote:
    """The store, listed and planned on the driver."""
    return Remote.open(
        source.store,
        key_prefix=source.key_prefix,
        keys=dict(source.keys) or None,
        metadata=list(source.metadata) or None,
    )


def remote_splits(
    remote: Remote, source: RemoteSource, options: Options, bounds: Bounds, local_starts: Mapping[Key, int]
) -> dict[Key, list[SegmentSplit]]:
    """The splits of the remote segments of ``remote`` (planned from ``source``) by (topic,
    partition), each in offset order, below the first local offset of its partition
    (``local_starts``) where the local segments are read too."""
    found: dict[Key, list[SegmentSplit]] = {}
    for (topic, partition), segments in sorted(remote.partitions.items()):
        if not options.wants_topic(topic) or not bounds.wants(topic, partition):
            continue
        wanted = bounds.at_least(options.start_of(topic, partition))
        local_start = local_starts.get((topic, partition))
        spans = [(s.start_offset, remote.end_offsets.get(s.segment_id), s.location) for s in segments]
        problems = tier_gaps(spans, local_start, segments[-1].location)
        splits: list[SegmentSplit] = []
        reach = -1  # the last offset read so far
        for number, segment in enumerate(segments):
            end = _end(spans, number, local_start)
            first = max(segment.start_offset, reach + 1)
            last = end if local_start is None or end is None else min(end, local_start - 1)
            if first > segment.start_offset:
                problems.append(_overlap(segment.location, segment.start_offset, first - 1, "an earlier one"))
            if last is not None and end is not None and last < end:
                problems.append(_overlap(segment.location, last + 1, end, "the local segments"))
            if last is not None and last < first:
                continue  # every offset of it is read from another segment
            reach = last if last is not None else reach
            if (wanted.offset_max is not None and first > wanted.offset_max) or (
                wanted.offset_min is not None and last is not None and last < wanted.offset_min
            ):
                continue
            full = first == segment.start_offset and last == end
            size, ranges = _byte_ranges(segment, options.max_bytes_per_partition, remote.keyring)
            for start, stop in ranges:
                splits.append(
                    SegmentSplit(
                        source.store,
                        segment.location,
                        topic,
                        partition,
                        segment.start_offset,
                        start,
                        stop,
                        segment_size=size,
                        remote=segment,
                        offsets=None if full else (first, last),
                    )
                )
        if splits:
            splits[0] = replace(splits[0], problems=tuple(problems))
            found[topic, partition] = splits
    return found


def tiered_transactions(
    splits: list[SegmentSplit], local: list[PartitionFiles], options: Options
) -> Transactions:
    """``read_committed`` of a partition across tiers: its remote splits' batches (the offsets
    each reads) then its local segments', scanned once on the driver, as a local partition's are
    (:class:`~kafkaks.store.partition.Transactions`), for every split of the partition."""
    if len(local) > 1:
        raise ValueError(
            f"isolationLevel read_committed with option remote, for {local[0].topic}-{local[0].partition} "
            "given in several copies: not in the kafka-log source yet (kafkaks.read_arrow reads it)"
        )
    keys = options.remote.keys if options.remote is not None else ()

    def batches() -> Iterator[Batch]:
        for split in splits:
            if split.remote is None:
                continue
            first, last = split.offsets or (split.base_offset, None)
            with open_segment(split.remote, keys) as stream:
                for batch in read_log(
                    stream,
                    on_problem=ignore,
                    start=split.start,
                    end=split.end,
                    max_decompressed_bytes=options.max_decompressed_bytes,
                ):
                    if batch.last_offset >= first and (last is None or first_offset(batch) <= last):
                        yield batch
        if local:
            yield from scan_batches(local[0], options)

    aborted = aborted_of((local[0], segment) for segment in local[0].segments) if local else ()
    return Transactions.scan(aborted, batches())


def _byte_ranges(
    segment: RemoteSegment, max_bytes: int, keyring: Keyring | None
) -> tuple[int, list[tuple[int, int | None]]]:
    """The size of a remote segment (its manifest's, for Aiven's layout) and its byte ranges, a
    split each: the whole segment, or for one larger than ``max_bytes``, pieces of about that size
    cut at its offset index's positions as a local segment is cut
    (:func:`~kafkaks.spark.probing.cut_edges`: each cut confirmed as a batch start by reading its
    batch, a chunk or two, from the store). A segment whose manifest, index or bytes do not read
    on the driver is one split (of its stored size): its task reports what is wrong."""
    try:
        size = segment.log_size()
    except KafkaksError:
        return segment.objects[segment.log_suffix][1], [(0, None)]
    if size <= max_bytes:
        return size, [(0, None)]
    probe = Probe(lambda: cast(BinaryIO, segment.open(keyring)), size)
    try:  # no walk of the headers where the index gives no cut: that would read the whole segment
        edges = cut_edges(segment.offset_index(keyring), 0, size, False, max_bytes, probe)
    except KafkaksError:
        return size, [(0, None)]
    finally:
        probe.close()
    return size, [(start, None if stop == size else stop) for start, stop in itertools.pairwise(edges)]


def _end(spans: list[tuple[int, int | None, str]], number: int, local_start: int | None) -> int | None:
    """Segment ``number``'s end offset, or where the next segment (or the local ones) start."""
    start, end, _location = spans[number]
    if end is not None:
        return end
    following = [s for s, _e, _l in spans[number + 1 :] if s > start]
    if following:
        return following[0] - 1
    return local_start - 1 if local_start is not None else None


def _overlap(location: str, first: int, last: int, where: str) -> Problem:
    return Problem(
        ProblemKind.SEGMENT_OVERLAP,
        location,
        0,
        0,
        f"offsets {first}..{last} are also in {where}: read once, from there",
        first,
    )
