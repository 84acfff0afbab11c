"""One pass over a partition's batches (all its copies, read as one log by
:func:`kafkaks.read_partition_batches`): its offsets and times for the timeline, gaps and damage,
the transactions it holds open (as :class:`kafkaks.Transactions` finds them: transactional
batches with no COMMIT or ABORT marker after them), and each batch handed to a callback (the
internal topics' replays). Where the batches are gone, the producer snapshot's
``currentTxnFirstOffset`` still tells an open transaction's first offset."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import KafkaksError
from ..models import AbortedTxn, Problem
from ..store.files import (
    base_offset_of,
    read_leader_epoch_checkpoint,
    read_producer_snapshot,
    read_txn_index,
)
from ..store.listing import PartitionDir, list_segments
from ..store.partition import Transactions, read_partition_batches
from ..wire.batch import Batch
from .model import PartitionCopy, PartitionExtent

__all__ = ["OpenRun", "PartitionScan", "copy_epochs", "scan_partition"]


@dataclass(frozen=True, slots=True)
class OpenRun:
    """A transaction open at the end of a partition: its producer, first offset and the times
    of its first and latest batches (None when known only from a producer snapshot)."""

    producer_id: int
    producer_epoch: int
    first_offset: int
    first_timestamp: int | None
    last_timestamp: int | None


@dataclass(slots=True)
class PartitionScan:
    topic: str
    partition: int
    copies: list[str]
    log_start: int | None = None
    log_end: int | None = None
    first_timestamp: int | None = None
    last_timestamp: int | None = None
    gaps: list[tuple[int, int]] = field(default_factory=list)
    damage: list[tuple[int, str]] = field(default_factory=list)
    open_runs: list[OpenRun] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def extent(self, high_watermark: int | None) -> PartitionExtent:
        lso = min((run.first_offset for run in self.open_runs), default=None)
        return PartitionExtent(
            topic=self.topic,
            partition=self.partition,
            log_start=self.log_start,
            log_end=self.log_end,
            high_watermark=high_watermark,
            first_timestamp=self.first_timestamp,
            last_timestamp=self.last_timestamp,
            last_stable_offset=lso,
            gaps=tuple(self.gaps),
            damage=tuple(self.damage),
            copies=len(self.copies),
        )


def _aborted_ranges(copies: list[str], scan: PartitionScan) -> Iterator[tuple[int, int, int]]:
    for copy in copies:
        for segment in list_segments(copy, on_problem=lambda p: None):
            index = segment.companion(".txnindex")
            if index.is_file():
                try:
                    for txn in read_txn_index(index):
                        yield txn.producer_id, txn.first_offset, txn.last_offset
                except (OSError, KafkaksError) as exc:
                    scan.problems.append(f"{index}: {exc}")


def scan_partition(
    copies: list[str],
    on_batch: Callable[[Batch], bool] | None = None,
    *,
    until_time: int | None = None,
) -> PartitionScan:
    """Read one partition (its copies, ``<topic>-<partition>`` directories) once. ``on_batch``
    sees each batch in offset order and returns False to stop there (``--at``); batches whose
    newest timestamp is after ``until_time`` end the scan too."""
    named = PartitionDir.of(copies[0])
    scan = PartitionScan(
        named.topic if named else os.path.basename(copies[0]), named.partition if named else -1, copies
    )

    def on_problem(problem: Problem) -> None:
        scan.problems.append(str(problem))
        if problem.kind.damage:
            scan.damage.append((problem.offset if problem.offset is not None else -1, problem.kind.value))

    starts: dict[int, tuple[int, int, int]] = {}  # producer -> (first offset, first timestamp, epoch)
    last_ts: dict[int, int] = {}
    markers: dict[int, int] = {}  # producer -> offset of its latest COMMIT or ABORT marker

    def observed(batches: Iterable[Batch]) -> Iterator[Batch]:
        for batch in batches:
            if until_time is not None and batch.max_timestamp > until_time:
                return
            if on_batch is not None and not on_batch(batch):
                return
            first = batch.base_offset
            if scan.log_start is None:
                scan.log_start = first
            elif scan.log_end is not None and first > scan.log_end:
                scan.gaps.append((scan.log_end, first))
            scan.log_end = max(scan.log_end or 0, batch.last_offset + 1)
            if batch.max_timestamp >= 0:  # -1: no timestamp (magic 0)
                first_ts = batch.base_timestamp if batch.base_timestamp >= 0 else batch.max_timestamp
                if scan.last_timestamp is None or batch.max_timestamp > scan.last_timestamp:
                    scan.last_timestamp = batch.max_timestamp
                if scan.first_timestamp is None or first_ts < scan.first_timestamp:
                    scan.first_timestamp = first_ts
            if batch.is_transactional:
                producer = batch.producer_id
                if batch.is_control:
                    starts.pop(producer, None)
                    last_ts.pop(producer, None)
                    markers[producer] = first
                else:
                    starts.setdefault(producer, (first, batch.base_timestamp, batch.producer_epoch))
                    last_ts[producer] = batch.max_timestamp
            yield batch

    aborted = [
        AbortedTxn(0, producer, first, last, first) for producer, first, last in _aborted_ranges(copies, scan)
    ]
    try:
        batches = read_partition_batches(copies, on_problem=on_problem)
        transactions = Transactions.scan(aborted, observed(batches), on_problem)
    except (OSError, KafkaksError) as exc:  # what was read before stays
        scan.problems.append(f"{copies[0]}: {exc}")
        scan.damage.append((scan.log_end if scan.log_end is not None else -1, "unreadable"))
        return scan
    for producer, first in sorted(transactions.open_since.items(), key=lambda item: item[1]):
        known = starts.get(producer)
        if known is not None and known[0] == first:
            scan.open_runs.append(OpenRun(producer, known[2], first, known[1], last_ts.get(producer)))
        else:
            scan.open_runs.append(OpenRun(producer, -1, first, None, last_ts.get(producer)))
    _snapshot_runs(scan, markers)
    return scan


def _snapshot_runs(scan: PartitionScan, markers: dict[int, int]) -> None:
    """Open transactions that the newest producer snapshot of a copy holds (taken at the offset
    its name gives) and the batches do not show: their first batches removed by retention, no
    marker for the producer read at or after the snapshot's offset (``markers``: a producer's
    latest marker offset)."""
    seen = {run.producer_id for run in scan.open_runs}
    for copy in scan.copies:
        snapshots = sorted(Path(copy).glob("*.snapshot"))
        if not snapshots:
            continue
        try:
            taken_at = base_offset_of(snapshots[-1])
            snapshot = read_producer_snapshot(snapshots[-1])
        except (OSError, KafkaksError) as exc:
            scan.problems.append(f"{snapshots[-1]}: {exc}")
            continue
        if scan.log_end is not None and taken_at > scan.log_end:
            continue  # newer than what was read (--at)
        for entry in snapshot.entries:
            first = entry.current_txn_first_offset
            if first is None or first < 0 or entry.producer_id in seen:
                continue
            if markers.get(entry.producer_id, -1) >= min(first, taken_at):
                continue  # ended in the batches read
            if scan.log_start is not None and first >= scan.log_start:
                continue  # its batches are there: the scan of them decides
            seen.add(entry.producer_id)
            scan.open_runs.append(
                OpenRun(entry.producer_id, entry.producer_epoch, first, None, entry.timestamp)
            )


def copy_epochs(copy: str) -> PartitionCopy:
    """One copy's leader epochs (start offsets, from its batches, and its
    ``leader-epoch-checkpoint`` where present) and offsets."""
    epochs: dict[int, int] = {}
    start = end = None
    try:
        for batch in read_partition_batches(copy, on_problem=lambda p: None):
            start = batch.base_offset if start is None else start
            end = batch.last_offset + 1
            if batch.partition_leader_epoch >= 0:
                epochs.setdefault(batch.partition_leader_epoch, batch.base_offset)
    except (OSError, KafkaksError):
        pass
    checkpoint = Path(copy) / "leader-epoch-checkpoint"
    if checkpoint.is_file():
        try:
            for entry in read_leader_epoch_checkpoint(checkpoint):
                epochs.setdefault(entry.epoch, entry.start_offset)
        except (OSError, KafkaksError):
            pass
    ordered = tuple(sorted(epochs.items()))
    return PartitionCopy(copy, start, end, ordered[-1][0] if ordered else None, ordered)
