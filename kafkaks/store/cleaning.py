"""What the log cleaner leaves in a segment: :func:`cleaning_of`.

Compaction (``cleanup.policy=compact``) rewrites the segments below the active one, keeping the
latest record of each key, and leaves signs in the format that nothing else leaves (Kafka 4.3.1,
``storage/.../log/Cleaner.java`` and ``clients/.../record/internal/MemoryRecords.java``):

- **offset gaps between batches**: ``MemoryRecords.filterTo`` drops a batch none of whose records
  is kept (``BatchRetention.DELETE``), and the batch after it, written right behind the one
  before, starts at a higher offset than that one's last offset + 1. The cleaned segment keeps the
  base offset of the first segment of its group (``createNewCleanedSegment(...,
  segments.get(0).baseOffset())``), so a gap can also open the segment.
- **a v2 batch whose record offsets are not contiguous**: ``buildRetainedRecordsInto`` keeps the
  original batch's base offset and, by ``overrideLastOffset(originalBatch.lastOffset())`` ("we
  must preserve the last offset ... so that the last sequence number ... remains"), its last
  offset: fewer records than ``lastOffsetDelta + 1``. An empty batch kept for its producer's state
  (``BatchRetention.RETAIN_EMPTY``, ``writeEmptyHeader``) has none at all.
- **the delete-horizon attribute** (KIP-534): set on a batch holding tombstones or transaction
  markers when the cleaner first sees it (``deleteHorizonMs = currentTime + deleteRetentionMs``).
- **the cleaner's files**: ``.cleaned`` and ``.swap`` files left beside the segments by a
  cleaning that was cut short, and a ``cleaner-offset-checkpoint`` in the log dir whose offset
  for the partition is above the segment's base offset.

An ``.index`` or ``.timeindex`` entry whose offset lies in such a gap is what cleaning can leave
(Kafka's ``DumpLogSegments`` prints it as a mismatch all the same): :mod:`kafkaks.store.verify`
reports it as information in a segment that shows cleaning, and as damage elsewhere.
"""

from __future__ import annotations

import bisect
import os
from array import array
from dataclasses import dataclass

from ..errors import KafkaksError
from ..models import Problem
from .files import base_offset_of, read_offset_checkpoint
from .listing import PartitionDir
from .segment import read_log

__all__ = ["Cleaning", "cleaning_of"]

CLEANER_CHECKPOINT = "cleaner-offset-checkpoint"
CLEANER_SUFFIXES = (".cleaned", ".swap")


@dataclass(frozen=True, slots=True)
class Cleaning:
    """The signs of cleaning in one segment (empty when it shows none) and its gaps: the offset
    ranges ``gap_firsts[i]..gap_lasts[i]`` that no batch holds, between byte-contiguous batches
    (or between the base offset and the first batch), in offset order."""

    signs: tuple[str, ...]
    gap_firsts: array[int]
    gap_lasts: array[int]

    def gap_before(self, offset: int, next_first: int) -> tuple[int, int] | None:
        """The gap (first, last offset) holding ``offset`` when it ends right before the batch
        starting at ``next_first``, in a segment that shows cleaning: offsets the cleaner removed.
        None otherwise."""
        found = bisect.bisect_right(self.gap_firsts, offset) - 1
        if (
            self.signs
            and found >= 0
            and offset <= self.gap_lasts[found]
            and self.gap_lasts[found] + 1 == next_first
        ):
            return self.gap_firsts[found], self.gap_lasts[found]
        return None


def cleaning_of(log: str) -> Cleaning:
    """The signs of cleaning in the ``.log`` at ``log`` and the gaps between its batches, from
    its batch headers (a compressed legacy wrapper is opened for its first offset) and the files
    around it. Damage is left to the ``.log``'s own check: a gap beside skipped bytes is none."""
    signs: dict[str, None] = {}
    firsts, lasts = array("q"), array("q")
    expected = base_offset_of(log)
    end = 0  # where the previous batch ends: a gap counts only between contiguous batches
    non_contiguous = delete_horizon = 0

    def skipped(_problem: Problem) -> None:
        nonlocal end
        end = -1  # bytes were skipped: the next gap may be damage, not cleaning

    for batch in read_log(log, verify_crc=False, on_problem=skipped):
        try:
            first = batch.base_offset
        except KafkaksError:  # an undecodable legacy wrapper: its own check reports it
            first = batch.last_offset
        if first > expected and batch.position == end:
            firsts.append(expected)
            lasts.append(first - 1)
        if batch.magic >= 2 and batch.count < batch.last_offset - first + 1:
            non_contiguous += 1
        if batch.delete_horizon_ms is not None:
            delete_horizon += 1
        expected = max(expected, batch.last_offset + 1)
        end = batch.position + batch.size
    if firsts:
        signs[f"{len(firsts)} offset gap(s) between batches"] = None
    if non_contiguous:
        signs[f"{non_contiguous} batch(es) whose record offsets are not contiguous"] = None
    if delete_horizon:
        signs[f"{delete_horizon} batch(es) with a delete horizon (KIP-534)"] = None
    signs.update(dict.fromkeys(_history(log)))
    return Cleaning(tuple(signs), firsts, lasts)


def _history(log: str) -> list[str]:
    """The cleaner's files about this segment: ``.cleaned``/``.swap`` files in its directory, and
    the log dir's ``cleaner-offset-checkpoint`` past its base offset."""
    directory = os.path.dirname(log) or "."
    found = []
    leftovers = sorted(name for name in os.listdir(directory) if name.endswith(CLEANER_SUFFIXES))
    if leftovers:
        found.append(f"the cleaner's {', '.join(leftovers)} beside it")
    partition = PartitionDir.of(os.path.abspath(directory))
    checkpoint = os.path.join(os.path.dirname(os.path.abspath(directory)), CLEANER_CHECKPOINT)
    if partition is not None and os.path.isfile(checkpoint):
        try:
            cleaned_to = read_offset_checkpoint(checkpoint).get((partition.topic, partition.partition))
        except (KafkaksError, OSError):
            cleaned_to = None  # a checkpoint that cannot be read tells nothing
        if cleaned_to is not None and cleaned_to > base_offset_of(log):
            found.append(f"{CLEANER_CHECKPOINT} cleaned it up to offset {cleaned_to}")
    return found
