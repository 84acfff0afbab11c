"""Where to read a segment, decided on the driver from its indexes and a few batch headers.

An ``.index`` entry is only trusted as a cut point once a whole batch with a matching CRC is
found there (:class:`Probe`); :func:`segment_ranges` cuts a segment into byte ranges of about
``maxBytesPerPartition`` and moves their start and end where pushed-down bounds and the indexes
prove nothing wanted lies outside; :func:`overlapping` tells segments that hold the same offsets.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from typing import BinaryIO

from ..generated.layout import RecordBatchHeader
from ..models import OffsetIndexEntry
from ..store.files import iter_time_index, read_offset_index
from ..store.listing import Segment
from ..wire.batch import (
    HEADER_SIZE_UP_TO_MAGIC,
    LOG_OVERHEAD,
    MAGIC_OFFSET,
    Unframed,
    ensure_valid,
    entry_last_offset,
    frame,
)
from .bounds import Bounds
from .filesystems import open_file

__all__ = ["Probe", "cut_edges", "offset_index", "overlapping", "position_before", "segment_ranges"]

MAX_HEADER_WALK = 4096  # batch headers the planner reads past a .timeindex entry


def offset_index(fs_uri: str, segment: Segment) -> list[OffsetIndexEntry]:
    """The entries of a segment's ``.index`` (none without one)."""
    if not segment.has(".index"):
        return []
    path = os.fspath(segment.companion(".index"))
    with open_file(fs_uri, path) as file:  # read a chunk at a time, up to a preallocated tail
        return read_offset_index(path, segment.base_offset, data=file)


def overlapping(fs_uri: str, segments: list[Segment]) -> bool:
    """Whether a segment holds offsets at or past the next one's base offset (issue 14.11): each
    but the last segment's headers are walked from its last ``.index`` entry (from its start
    without one) to find its last offset."""
    for segment, following in itertools.pairwise(segments):
        probe = Probe.of(fs_uri, segment)
        try:
            start = position_before(offset_index(fs_uri, segment), following.base_offset, probe)
            last = probe.last_offset_from(start)
        finally:
            probe.close()
        if last is not None and last >= following.base_offset:
            return True
    return False


class Probe:
    """Reads a few bytes of one segment of ``size`` bytes on the driver, opening it (``opener``)
    only when first needed: a segment file (:meth:`of`) or a remote segment."""

    def __init__(self, opener: Callable[[], BinaryIO], size: int) -> None:
        self.opener, self.size = opener, size
        self._stream: BinaryIO | None = None

    @classmethod
    def of(cls, fs_uri: str, segment: Segment) -> Probe:
        """A probe of a segment file."""
        return cls(lambda: open_file(fs_uri, os.fspath(segment.path)), segment.size)

    def stream(self) -> BinaryIO:
        if self._stream is None:
            self._stream = self.opener()
        return self._stream

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()

    def batch_starts_at(self, position: int) -> bool:
        """Whether a whole batch with a matching CRC starts at ``position`` (Kafka's ensureValid,
        header checks first): an index entry is only trusted as a cut point after this check."""
        if position == 0:
            return True
        if position + HEADER_SIZE_UP_TO_MAGIC > self.size:  # a stale entry past the log's end
            return False  # (and object stores' files refuse to seek there)
        stream = self.stream()
        stream.seek(position)
        head = stream.read(HEADER_SIZE_UP_TO_MAGIC)
        if len(head) < HEADER_SIZE_UP_TO_MAGIC or head[MAGIC_OFFSET] > 2:
            return False
        size = frame(head, 0, self.size - position)
        if isinstance(size, Unframed):
            return False
        head += stream.read(min(RecordBatchHeader.SIZE, size) - HEADER_SIZE_UP_TO_MAGIC)
        return ensure_valid(stream, position, head, plausible=True) is None

    def last_offset_from(self, start: int) -> int | None:
        """The last offset of the last whole batch from ``start`` (a batch start) whose CRC
        matches, by the entry headers; None when there is none. A batch whose CRC fails claims
        offsets its header cannot vouch for."""
        stream, position, last = self.stream(), start, None
        while True:
            stream.seek(position)
            head = stream.read(RecordBatchHeader.SIZE)
            if len(head) < HEADER_SIZE_UP_TO_MAGIC:
                return last
            size = frame(head, 0, self.size - position)
            if isinstance(size, Unframed):
                return last
            if ensure_valid(stream, position, head) is None:
                last = entry_last_offset(head)
            position += size

    def walked_cuts(self, start: int, end: int, every: int) -> list[int]:
        """Batch starts in ``(start, end)`` about ``every`` bytes apart, found by walking the entry
        headers from ``start`` (a batch start): the cut points where the ``.index`` is missing or
        damaged. The walk stops at the first entry whose framing does not hold (the rest is then
        read as one range, its damage reported by the task), and each cut is checked as an index
        entry is (:meth:`batch_starts_at`), so a cut is never inside a batch."""
        stream, position, last = self.stream(), start, start
        cuts: list[int] = []
        while True:
            stream.seek(position)
            head = stream.read(LOG_OVERHEAD)
            if len(head) < LOG_OVERHEAD:
                return cuts
            size = frame(head, 0, self.size - position)
            if isinstance(size, Unframed):
                return cuts
            position += size
            if position >= end:
                return cuts
            if position - last >= every:
                if not self.batch_starts_at(position):
                    return cuts
                cuts.append(position)
                last = position

    def first_batch_from(
        self, start: int, end: int, offset_min: int | None, timestamp_min: int | None
    ) -> int | None:
        """The first batch in ``[start, end)`` that may hold a wanted row, judged by its v2 header
        (last offset, max timestamp), or None when every batch there is provably out. A batch
        whose CRC fails proves nothing, and its length may not lead to the next batch: the walk
        stops there."""
        stream, position = self.stream(), start
        for _ in range(MAX_HEADER_WALK):
            if position >= end:
                return None
            stream.seek(position)
            head = stream.read(RecordBatchHeader.SIZE)
            if len(head) < RecordBatchHeader.SIZE or head[MAGIC_OFFSET] != 2:
                return position  # legacy or unreadable: not provably out
            size = frame(head, 0, end - position)
            if isinstance(size, Unframed) or ensure_valid(stream, position, head) is not None:
                return position  # (ensure_valid rejects a v2 batch smaller than its header)
            max_timestamp = RecordBatchHeader.MAX_TIMESTAMP_STRUCT.unpack_from(
                head, RecordBatchHeader.MAX_TIMESTAMP_OFFSET
            )[0]
            older = timestamp_min is not None and max_timestamp < timestamp_min
            before = offset_min is not None and entry_last_offset(head) < offset_min
            if not (older or before):
                return position
            position += size
        return position


def segment_ranges(
    fs_uri: str, segment: Segment, max_bytes: int, bounds: Bounds
) -> list[tuple[int, int | None]]:
    """The byte ranges of a segment to read, cut at index positions (or, where the index does not
    serve, batch starts found by walking the headers) into pieces of about
    ``maxBytesPerPartition``; bounds move the start and end where the indexes prove it safe."""
    size = segment.size
    start, end = 0, size
    seeks = (
        (bounds.offset_min is not None and bounds.offset_min > segment.base_offset)
        or bounds.offset_max is not None
        or bounds.timestamp_min_ms is not None
    )
    index = offset_index(fs_uri, segment) if seeks or size > max_bytes else []
    probe = Probe.of(fs_uri, segment)
    try:
        # An entry (o, p) says the batch at p holds offset o, so every batch before p ends below o.
        if bounds.offset_min is not None:
            start = max(start, position_before(index, bounds.offset_min, probe))
        if bounds.offset_max is not None:
            # ... and every batch from the next entry's position on starts after o.
            for previous, entry in itertools.pairwise(index):
                if previous.offset >= bounds.offset_max and probe.batch_starts_at(entry.position):
                    end = min(end, entry.position)
                    break
        if bounds.timestamp_min_ms is not None:
            start = _timestamp_start(fs_uri, segment, index, start, bounds.timestamp_min_ms, probe)
        if bounds.offset_min is not None or bounds.timestamp_min_ms is not None:
            first = probe.first_batch_from(start, end, bounds.offset_min, bounds.timestamp_min_ms)
            if first is None:
                return []
            start = first
        if start >= end:
            return []
        edges = cut_edges(index, start, end, size > max_bytes, max_bytes, probe)
    finally:
        probe.close()
    ranges: list[tuple[int, int | None]] = list(itertools.pairwise(edges))
    if end == size:
        ranges[-1] = (ranges[-1][0], None)  # to the end: a damaged tail is then reported
    return ranges


def cut_edges(
    index: list[OffsetIndexEntry], start: int, end: int, walk: bool, max_bytes: int, probe: Probe
) -> list[int]:
    """``start``, the batch starts where ``[start, end)`` is cut into pieces of about
    ``max_bytes``, and ``end``: at ``index`` positions that :meth:`Probe.batch_starts_at` confirms
    and, with ``walk``, where the index gave no cut for twice the size (missing, damaged, or
    sparser than the size asked for), at batch starts found by walking the headers."""
    # Pieces of one size (not max_bytes and a small rest), so that tasks take as long.
    every = -(-(end - start) // -(-(end - start) // max_bytes))
    cuts, last = [], start
    for entry in index:
        if (
            last < entry.position < end
            and entry.position - last >= every
            and probe.batch_starts_at(entry.position)
        ):
            cuts.append(entry.position)
            last = entry.position
    edges = [start]
    for begin, stop in itertools.pairwise([start, *cuts, end]):
        if walk and stop - begin >= 2 * every:
            edges += probe.walked_cuts(begin, stop, every)
        edges.append(stop)
    return edges


def position_before(index: list[OffsetIndexEntry], offset: int, probe: Probe) -> int:
    """A batch start before which every offset is below ``offset`` (0 when unknown)."""
    for entry in reversed(index):
        if entry.offset <= offset:
            return entry.position if probe.batch_starts_at(entry.position) else 0
    return 0


def _timestamp_start(
    fs_uri: str,
    segment: Segment,
    index: list[OffsetIndexEntry],
    start: int,
    timestamp_min: int,
    probe: Probe,
) -> int:
    """Where rows with ``timestamp >= timestamp_min`` may begin, by the ``.timeindex``.

    An entry (t, o) is written with the largest timestamp appended so far, so every record at or
    below offset o is at most t: after the last entry older than the bound, reading can start at
    the batch holding o + 1. The batch headers then tell more (see :meth:`Probe.first_batch_from`);
    CreateTime is not monotonic, so nothing is assumed about what follows.
    """
    if segment.has(".timeindex"):
        path = os.fspath(segment.companion(".timeindex"))
        older = None
        with open_file(fs_uri, path) as file:
            for entry in iter_time_index(path, segment.base_offset, data=file):
                if entry.timestamp < timestamp_min:
                    older = entry
        if older is not None:
            start = max(start, position_before(index, older.offset + 1, probe))
    return start
