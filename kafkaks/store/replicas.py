"""Several copies of one partition, and segments that overlap, read as one log: :func:`merge`.

The same topic-partition can reach a reader more than once: replicas from several brokers, JBOD
log directories, a backup beside the original, or two ``.log`` files of one directory holding the
same offsets (a manual copy, a cleaner leftover). Read naively, every offset would come out once
per copy. :func:`merge` reads every file of every copy as one log in offset order and yields each
offset at most once, choosing for each batch:

1. a copy whose batch checks (CRC), over a damaged one: a batch with a bad CRC, bytes skipped while
   resynchronising or a truncated tail in one copy are read from another (``replica_repaired``);
2. where copies hold different valid batches for the same offsets (after an unclean leader
   election), the batch with the higher partition leader epoch, as Kafka's truncation keeps the
   leader's log of the later epoch (``replica_divergence``);
3. on the same leader epoch (one leader wrote both, so they differ by compaction: a cleaned
   segment beside the one it replaces), the batch with more records, the one not yet cleaned;
4. between byte-identical batches, the copy given first (for segments of one directory, the
   live one before ``.swap``, ``.cleaned`` and ``.deleted`` files).

Followers copy the leader's batches byte for byte, so copies agree batch by batch even where their
segment boundaries differ or retention removed old segments from one of them; what they do not
share is reported, not silently merged:

=======================  ==================================================================
``replica_gap``          (information) offsets present in some copies only: one copy's log
                         starts later (retention) or ends earlier (a lagging follower)
``replica_divergence``   copies hold different valid batches for the same offsets; the one
                         kept follows the rule above, the other's records are not read
``replica_repaired``     (information) damage in one file whose offsets were read from
                         another copy: the problem found there, and where the data came from
``segment_overlap``      (information) a batch of one directory whose offsets were already
                         read from another file of the same directory: read once
``offset_order``         a batch whose offsets do not follow the previous batch of its own
                         file (damage, as ``kafkaks verify`` names it): read all the same
=======================  ==================================================================

Only offsets that another file supplied are read once. Within one file a broker appends offsets
in increasing order, and a base offset lies outside the CRC: a batch of a file whose offsets go
back to or below those of an earlier batch of the same file (one of the two has a damaged base
offset, or the file was pieced together out of order) is damage in that file, not an overlap
between files. Such a batch is still read, unless another file or copy already supplied any of
its offsets, so a batch that claimed bogus offsets further on never hides the good batches after
it (those offsets may then come twice, as :func:`~kafkaks.store.segment.read_log` gives them).

A batch whose CRC fails has no header to trust (its base offset, length and leader epoch lie
outside the CRC, and the rest is damaged): it decides nothing about other batches. It stands where
its file puts it, just after the offsets read from that file's batches that check, and claims no
offsets: a copy's batch that checks there is read instead (``replica_repaired``), else it is read
after its ``crc_mismatch``, and the offsets it claims neither hide the batches after it nor move
where the merged log is.

Memory stays about one batch per file being read: the files are read side by side in offset
order, each opened once the merged log reaches its base offset (its name); plus, to tell which
file supplied which offsets, three integers per switch from one file to another in what is read.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..errors import KafkaksError
from ..models import Problem
from ..problems import ProblemKind
from ..wire.batch import Batch
from ..wire.scan import ScannedRun
from .segment import BatchOrRun, ProblemHandler, default_handler, flatten

__all__ = [
    "Run",
    "first_offset",
    "merge",
    "merge_runs",
    "record_count",
]

Opener = Callable[[ProblemHandler], Iterator[BatchOrRun]]
_BASE, _DELTA = ScannedRun.column("base_offset"), ScannedRun.column("last_offset_delta")
_POSITION, _SIZE, _CRC = ScannedRun.column("position"), ScannedRun.column("size"), ScannedRun.column("crc")


@dataclass(frozen=True, slots=True)
class Run:
    """One file of batches in offset order: a segment of one copy of a partition.

    ``copy`` names the copy (its directory); ``base_offset`` is the segment's base offset (its
    file name); ``open`` reads the file with a problem handler, as :func:`~kafkaks.store.segment.read_log`.
    """

    copy: str
    path: str
    base_offset: int
    open: Opener


def first_offset(batch: Batch) -> int:
    """The batch's base offset; for an undecodable legacy wrapper, the only offset known: its last."""
    try:
        return batch.base_offset
    except KafkaksError:
        return int(batch.last_offset)


def record_count(batch: Batch) -> int:
    """The batch's records; 0 for an undecodable legacy wrapper (its file's check reports it)."""
    try:
        return batch.count
    except KafkaksError:
        return 0


def _where(batch: Batch) -> str:
    return f"{batch.path} position {batch.position}"


@dataclass(slots=True)
class _Loss:
    """A damage problem of one file, with the offsets ``lo..hi`` it may have cost that file."""

    problem: Problem
    lo: int
    hi: int
    copy: str


class _Reader:
    """A file being read: its next batch (``head``) and the problems found before it."""

    def __init__(self, run: Run, number: int) -> None:
        self.run, self.number = run, number
        self.found: list[Problem] = []
        self.items = run.open(lambda problem: self.found.append(problem))
        # The scanned run the head comes from (kafkaks.wire.scan), its rows, and the head's row
        self.scanned: ScannedRun | None = None
        self._rows: list[list[int]] | None = None
        self.row = 0
        self.queue: Iterator[Batch] | None = None  # the run's batches after the head
        self.last = run.base_offset - 1  # the last offset of the batches read before the head
        self.own_last: int | None = None  # ... of this file's own batches that check (no name)
        self.previous: int | None = None  # the last offset of the previous batch that checks
        self.head: Batch | None = None
        self.head_base = 0  # where the head stands in offset order (see advance)
        self.own: Problem | None = None  # the head's CRC mismatch

    @property
    def batch(self) -> Batch:
        if self.head is None:  # pragma: no cover - finished readers leave the merge
            raise RuntimeError(f"{self.run.path} has no batch left")
        return self.head

    def advance(self) -> tuple[list[_Loss], list[Problem]]:
        """Read the next batch; return the losses before it and the problems that lose no
        offsets (a zero-filled tail). The head's own CRC mismatch is kept in :attr:`own`: the
        batch is still a candidate, and a loss only if another is read instead."""
        if self.head is not None and self.head.crc_valid is not False:
            self.last = max(self.last, self.head.last_offset)
            self.previous = self.head.last_offset
            self.own_last = self.previous if self.own_last is None else max(self.own_last, self.previous)
        self.head = self._next()
        found, self.found = self.found, []
        self.own = None
        if self.head is not None:
            # A batch whose CRC fails has no header to trust: it stands where its file puts it,
            # after the batches that check before it, and claims no offsets of its own (head_last).
            self.head_base = self.last + 1 if self.head.crc_valid is False else first_offset(self.head)
        losses, others = [], []
        for problem in found:
            if not problem.kind.repairable:
                others.append(problem)
            elif (
                self.head is not None
                and problem.kind == ProblemKind.CRC_MISMATCH
                and problem.position == self.head.position
            ):
                self.own = problem
            else:
                lo = self.last + 1
                if self.head is not None:
                    hi = self.head_base - 1
                else:  # at the end of the file: at least up to the offset the damage names
                    hi = max(lo, lo if problem.offset is None else problem.offset)
                losses.append(_Loss(problem, lo, hi, self.run.copy))
        return losses, others

    def _next(self) -> Batch | None:
        if self.queue is not None:
            batch = next(self.queue, None)
            if batch is not None:
                self.row += 1
                return batch
            self.queue = self.scanned = None
        item = next(self.items, None)
        if isinstance(item, ScannedRun):
            self.scanned, self._rows, self.row = item, None, 0
            self.queue = item.batches()
            return next(self.queue)
        return item

    @property
    def head_last(self) -> int:
        """The last offset the head claims in the merge: its header's, or for a head whose CRC
        fails, none beyond where it stands (:attr:`head_base`)."""
        head = self.batch
        return self.head_base if head.crc_valid is False else int(head.last_offset)

    @property
    def rows(self) -> list[list[int]]:
        """The scanned run's rows, read from it once, when the merge first asks."""
        if self._rows is None:
            self._rows = self.scanned.rows() if self.scanned is not None else []
        return self._rows

    def skip_to(self, row: int) -> None:
        """Make the batch at ``row`` of the scanned run the head (the rows before it were taken
        whole)."""
        assert self.scanned is not None
        self.row = row
        self.queue = self.scanned.batches(row + 1)
        self.head = next(self.scanned.batches(row, row + 1))


class _Merge:
    def __init__(self, runs: Sequence[Run], on_problem: ProblemHandler | None) -> None:
        self.report = on_problem or default_handler
        self.copies = list(dict.fromkeys(run.copy for run in runs))
        order = sorted(range(len(runs)), key=lambda number: runs[number].base_offset)
        self.waiting = deque((runs[number], number) for number in order)
        self.active: list[_Reader] = []
        self.losses: list[_Loss] = []
        self.covered: list[list[int]] = []  # offsets read from batches that check, as intervals
        # Offsets read, as [first, last, file number]: one per run of batches read in order from
        # one file (gaps included), to tell offsets another file supplied from a file's own. The
        # last batch read stays apart (``tail``) until the next shows it was no jump ahead.
        self.supplied: list[list[int]] = []
        self.tail: list[int] | None = None
        self.cursor: int | None = None  # the first offset not read yet
        self.last_read: _Reader | None = None  # where the last batch read came from
        self.last_batch: Batch | None = None
        self.gap: tuple[frozenset[str], Batch, int, int] | None = None  # copies, first batch, last, bytes

    # --- files ---

    def advance(self, reader: _Reader) -> None:
        losses, others = reader.advance()
        for problem in others:
            self.report(problem)
        if reader.head is None and losses:
            self.bound(losses, reader.run.copy)
        for loss in losses:
            if loss.lo > loss.hi:  # no offsets lost (bytes between adjacent batches)
                self.report(loss.problem)
            else:
                self.losses.append(loss)
        if reader.head is None:
            self.active.remove(reader)

    def bound(self, losses: list[_Loss], copy: str) -> None:
        """What a file's end lost stops at the next segment of its copy (its base offset)."""
        following = next((run.base_offset for run, _ in self.waiting if run.copy == copy), None)
        for loss in losses:
            if following is not None:
                loss.hi = max(loss.lo, min(loss.hi, following - 1))

    def activate(self) -> None:
        """Open every file whose base offset is at or below the lowest head: it may hold it."""
        while self.waiting and (
            not self.active or self.waiting[0][0].base_offset <= min(r.head_base for r in self.active)
        ):
            run, number = self.waiting.popleft()
            reader = _Reader(run, number)
            self.active.append(reader)
            self.advance(reader)

    def drop(self, reader: _Reader, best: _Reader | None) -> None:
        """Pass over the head of ``reader``, whose offsets are read from another batch (``best``'s
        head, or the batches already read)."""
        head = reader.batch
        if head.crc_valid is False:
            if reader.own is not None:
                self.losses.append(_Loss(reader.own, reader.head_base, reader.head_last, reader.run.copy))
        elif best is not None and head.data == best.batch.data:
            if reader.run.copy == best.run.copy:
                self.report(
                    Problem(
                        ProblemKind.SEGMENT_OVERLAP,
                        head.path,
                        head.position,
                        head.size,
                        f"offsets {reader.head_base}..{head.last_offset} are also in {_where(best.batch)} "
                        "(the same bytes): read once",
                        reader.head_base,
                    )
                )
            # else: the same batch in another copy, as replication makes it
        else:
            self.disagree(reader, best)
        self.advance(reader)

    def disagree(self, reader: _Reader, best: _Reader | None) -> None:
        head = reader.batch
        if best is None:
            read = f"offsets up to {(self.cursor or 0) - 1} were already read"
            if self.last_read is not None and self.last_batch is not None:
                read += f" (the last from {_where(self.last_batch)})"
            same_copy = self.last_read is not None and self.last_read.run.copy == reader.run.copy
        else:
            chosen = best.batch
            epochs = (head.partition_leader_epoch, chosen.partition_leader_epoch)
            if epochs[1] > epochs[0]:
                why = "its higher leader epoch, as Kafka's truncation keeps"
            elif record_count(chosen) > record_count(head):
                why = "its records, more than here: the batch before compaction"
            else:
                why = "the same leader epoch and records: the copy given first"
            read = (
                f"{_where(chosen)} (leader epoch {epochs[1]}, crc {chosen.crc}) holds other data for "
                f"them (leader epoch {epochs[0]} here, crc {head.crc}); read from there for {why}"
            )
            same_copy = best.run.copy == reader.run.copy
        self.report(
            Problem(
                ProblemKind.SEGMENT_OVERLAP if same_copy else ProblemKind.REPLICA_DIVERGENCE,
                head.path,
                head.position,
                head.size,
                f"offsets {reader.head_base}..{head.last_offset}: {read}; not read here",
                reader.head_base,
            )
        )

    # --- losses ---

    def settle(self, below: int | None) -> None:
        """Report the losses that can no longer change: those the batches read repair, and with
        ``below``, those wholly under that offset (None: all)."""
        keep = []
        for loss in self.losses:
            if any(first <= loss.lo and loss.hi <= last for first, last in self.covered):
                problem = loss.problem
                self.report(
                    Problem(
                        ProblemKind.REPLICA_REPAIRED,
                        problem.path,
                        problem.position,
                        problem.length,
                        f"{problem.message}; offsets {loss.lo}..{loss.hi} read from another copy",
                        problem.offset,
                    )
                )
            elif below is None or loss.hi < below:
                self.report(loss.problem)
            else:
                keep.append(loss)
        self.losses = keep
        # Later losses start at or above these: coverage below them is no longer needed.
        floors = [r.last + 1 for r in self.active] + [loss.lo for loss in keep]
        if self.waiting:
            floors.append(self.waiting[0][0].base_offset)
        if floors:
            floor = min(floors)
            self.covered = [span for span in self.covered if span[1] >= floor - 1]

    # --- which copies hold what ---

    def note_gap(self, first: Batch, last: int, size: int, present: frozenset[str]) -> None:
        """Note which copies hold the batches from ``first`` to offset ``last`` (``size`` bytes,
        all of ``first``'s file)."""
        if len(self.copies) < 2:
            return
        if self.gap is not None:
            copies, start, _last, held = self.gap
            if copies == present and start.path == first.path:
                self.gap = (copies, start, last, held + size)
                return
            self.flush_gap()
        if len(present) < len(self.copies):
            self.gap = (present, first, last, size)

    def flush_gap(self) -> None:
        if self.gap is None:
            return
        copies, first, last, size = self.gap
        self.gap = None
        held = ", ".join(copy for copy in self.copies if copy in copies)
        missing = ", ".join(copy for copy in self.copies if copy not in copies)
        self.report(
            Problem(
                ProblemKind.REPLICA_GAP,
                first.path,
                first.position,
                size,
                f"offsets {first_offset(first)}..{last} are only in {held}, not in {missing}",
                first_offset(first),
            )
        )

    # --- the merge ---

    def batches(self) -> Iterator[BatchOrRun]:
        single = len(self.copies) < 2
        while True:
            active = self.active
            if len(active) == 1 and single:  # the common case: one file at a time, one copy
                reader = active[0]
                if (not self.waiting or self.waiting[0][0].base_offset > reader.head_base) and (
                    self.cursor is None or reader.head_base >= self.cursor
                ):
                    taken = self.take_scanned(reader)
                    if taken is not None:
                        yield taken
                        self.after(reader)
                        continue
                    chosen = reader.batch
                    self.before(reader, chosen, frozenset())
                    yield chosen
                    self.after(reader)
                    continue
            self.activate()
            if not self.active:
                break
            cursor = self.cursor
            stale = [r for r in self.active if cursor is not None and r.head_base < cursor]
            if stale:
                for reader in stale:
                    if reader.head is None:  # pragma: no cover - finished while another was read
                        continue
                    if self.out_of_order(reader):
                        chosen = reader.batch
                        self.before(reader, chosen, frozenset({reader.run.copy}))
                        yield chosen
                        self.after(reader)
                    else:
                        self.drop(reader, None)
                continue
            lowest = min(r.head_base for r in self.active)
            candidates = sorted((r for r in self.active if r.head_base == lowest), key=lambda r: r.number)
            taken = self.take_together(candidates)
            if taken is not None:
                yield taken
                self.after(candidates[0])
                continue
            valid = [r for r in candidates if r.batch.crc_valid is not False]
            if valid:
                best = max(
                    valid, key=lambda r: (r.batch.partition_leader_epoch, record_count(r.batch), -r.number)
                )
            elif any(
                r.batch.crc_valid is not False and r.head_base <= candidates[0].head_last for r in self.active
            ):
                for reader in candidates:  # a batch that checks holds some of these offsets
                    self.drop(reader, None)
                continue
            else:
                best = candidates[0]
            chosen, last = best.batch, best.head_last
            # The copies that hold these offsets, if only damaged (that is reported on its own).
            present = frozenset(r.run.copy for r in self.active if r.head_base <= last) | {
                loss.copy for loss in self.losses if loss.lo <= last and lowest <= loss.hi
            }
            for reader in candidates:
                if reader is not best:
                    self.drop(reader, best)
            self.before(best, chosen, present)
            yield chosen
            self.after(best)
        self.flush_gap()
        self.settle(None)

    def take_scanned(self, reader: _Reader) -> ScannedRun | None:
        """The head of the only file being read, with the batches after it in its scanned run, as
        one run, when each of them would be read on its own anyway with nothing to report: the
        common case of one copy, read batch by batch above. None when that is not two batches or
        more (a pending loss, offsets that do not ascend, the next file's base offset reached)."""
        if reader.scanned is None or self.losses:
            return None
        limit = self.waiting[0][0].base_offset if self.waiting else None
        previous = reader.previous
        stop = reader.row
        for row in reader.rows[reader.row :]:
            base = row[_BASE]
            if (previous is not None and base <= previous) or (limit is not None and base >= limit):
                break
            previous = base + row[_DELTA]
            stop += 1
        return self.take(reader, stop) if stop - reader.row >= 2 else None

    def take_together(self, candidates: list[_Reader]) -> ScannedRun | None:
        """The heads of ``candidates`` (the files whose next batch starts at the lowest offset,
        given first first) and the batches after them in their scanned runs, as one run of the
        first file, as far as every file holds the same bytes batch for batch (replicas: a
        follower copies the leader's batches) below every other file's next batch: the batches
        the merge would read from the first, one at a time, dropping the others' copies, with
        nothing to report but a gap (copies that hold none of them): the other files are of other
        copies. None when that is not two batches or more."""
        first, others = candidates[0], candidates[1:]
        if self.losses or any(r.scanned is None for r in candidates):
            return None
        if any(r.run.copy == first.run.copy for r in others):  # an overlap in one copy is reported
            return None
        limits = [r.head_base for r in self.active if r not in candidates]
        if self.waiting:
            limits.append(self.waiting[0][0].base_offset)
        limit = min(limits) if limits else None
        rows, start = first.rows, first.row
        previous = first.previous
        count = 0
        for row in rows[start:]:
            base, last = row[_BASE], row[_BASE] + row[_DELTA]
            if (previous is not None and base <= previous) or (limit is not None and last >= limit):
                break
            if not all(_same_header(r.rows, r.row + count, row) for r in others):
                break
            previous = last
            count += 1
        for other in others:  # the bytes, all at once, and batch by batch only where they differ
            count = min(count, _same_bytes(first, other, count))
        if count < 2:
            return None
        for other in others:
            other.skip_to(other.row + count - 1)
            self.advance(other)
        taken = rows[start : start + count]
        present = frozenset(r.run.copy for r in candidates)
        if self.gap is not None or len(present) < len(self.copies):
            size = sum(row[_SIZE] for row in taken)
            self.note_gap(first.batch, taken[-1][_BASE] + taken[-1][_DELTA], size, present)
        return self.take(first, start + count)

    def take(self, reader: _Reader, stop: int) -> ScannedRun:
        """The rows of ``reader``'s scanned run from its head to ``stop``, read as one run: what
        :meth:`before` notes of each batch read, noted for them all."""
        assert reader.scanned is not None
        rows = reader.rows[reader.row : stop]
        covered = self.covered
        for row in rows:
            base = row[_BASE]
            last = base + row[_DELTA]
            top = covered[-1] if covered else None
            if top is not None and top[0] <= base <= top[1] + 1:
                top[1] = max(top[1], last)
            else:
                covered.append([base, last])
        # supply() of each batch: the first two as it says, then the span they start grows to
        # the one before the last, which becomes the tail
        for row in rows[:2]:
            self.supply(reader, row[_BASE], row[_BASE] + row[_DELTA])
        if len(rows) > 2:
            self.supplied[-1][1] = rows[-2][_BASE] + rows[-2][_DELTA]
            self.tail = [rows[-1][_BASE], rows[-1][_BASE] + rows[-1][_DELTA], reader.number]
        self.cursor = max(self.cursor or 0, rows[-1][_BASE] + rows[-1][_DELTA] + 1)
        taken = reader.scanned.slice(reader.row, stop)
        reader.skip_to(stop - 1)
        self.last_read, self.last_batch = reader, reader.head
        return taken

    def out_of_order(self, reader: _Reader) -> bool:
        """Whether the head of ``reader``, below the offsets already read, is to be read anyway:
        an earlier batch of its own file claimed offsets at or above it (the file's order is
        broken: damage in that file, not an overlap), no other file supplied any of its offsets,
        and its own file did not supply them all (a batch written twice, a file concatenated
        after a copy of it: read once)."""
        if reader.own_last is None or reader.head_base > reader.own_last:
            return False
        base, last = reader.head_base, int(reader.batch.last_offset)
        spans = self.supplied if self.tail is None else [*self.supplied, self.tail]
        own: list[tuple[int, int]] = []
        for first, end, number in spans:
            if first <= last and base <= end:
                if number != reader.number:
                    return False
                own.append((first, end))
        for first, end in sorted(own):  # all of base..last already read from this file?
            if first > base:
                break
            base = max(base, end + 1)
        return base <= last

    def supply(self, reader: _Reader, base: int, last: int) -> None:
        """Note that ``reader`` supplied the offsets ``base..last``."""
        tail, self.tail = self.tail, [base, last, reader.number]
        if tail is None:
            return
        span = self.supplied[-1] if self.supplied else None
        if (
            tail[2] == reader.number  # the next batch of the same file follows the tail:
            and base > tail[1]  # it was no jump, and joins its run (gaps included)
            and span is not None
            and span[2] == tail[2]
            and span[1] < tail[0]
        ):
            span[1] = tail[1]
            return
        self.supplied.append(tail)

    def before(self, reader: _Reader, chosen: Batch, present: frozenset[str]) -> None:
        """What reading ``chosen`` (the head of ``reader``) settles, before it is yielded."""
        base = reader.head_base
        if self.losses:
            self.settle(base)
        if self.gap is not None or (present and len(present) < len(self.copies)):
            self.note_gap(chosen, reader.head_last, chosen.size, present)
        self.last_read, self.last_batch = reader, chosen
        if chosen.crc_valid is False:
            if reader.own is not None:  # no copy holds these offsets undamaged
                self.report(reader.own)
            return  # its header's offsets are no guide: the offsets read and the cursor stay
        if reader.previous is not None and base <= reader.previous:
            self.report(
                Problem(
                    ProblemKind.OFFSET_ORDER,
                    chosen.path,
                    chosen.position,
                    chosen.size,
                    f"batch starts at offset {base}, not after the previous batch's last offset "
                    f"{reader.previous} in this file: a base offset is damaged (it lies outside the CRC) "
                    "or batches are out of order; read all the same",
                    base,
                )
            )
        if self.covered and self.covered[-1][0] <= base <= self.covered[-1][1] + 1:
            self.covered[-1][1] = max(self.covered[-1][1], chosen.last_offset)
        else:
            self.covered.append([base, chosen.last_offset])
        self.supply(reader, base, chosen.last_offset)
        self.cursor = max(self.cursor or 0, chosen.last_offset + 1)

    def after(self, reader: _Reader) -> None:
        self.advance(reader)
        if self.losses or len(self.covered) > 1:
            self.settle(self.cursor)


def _same_header(rows: list[list[int]], at: int, row: list[int]) -> bool:
    """Whether ``rows[at]`` is a batch of the same base offset, size and CRC as ``row``."""
    if at >= len(rows):
        return False
    other = rows[at]
    return other[_BASE] == row[_BASE] and other[_SIZE] == row[_SIZE] and other[_CRC] == row[_CRC]


def _same_bytes(first: _Reader, other: _Reader, count: int) -> int:
    """How many of the ``count`` batches from the heads of ``first`` and ``other`` are the same
    bytes (batches one after another in each scanned run)."""
    if count == 0:
        return 0
    mine, theirs = first.rows[first.row : first.row + count], other.rows[other.row : other.row + count]
    assert first.scanned is not None and other.scanned is not None
    a, b = first.scanned.data, other.scanned.data
    at, their_at = mine[0][_POSITION], theirs[0][_POSITION]
    length = mine[-1][_POSITION] + mine[-1][_SIZE] - at  # the sizes are the same (_same_header)
    if a[at : at + length] == b[their_at : their_at + length]:
        return count
    for index, (row, their) in enumerate(zip(mine, theirs, strict=True)):
        here, there = row[_POSITION], their[_POSITION]
        if a[here : here + row[_SIZE]] != b[there : there + row[_SIZE]]:
            return index
    raise AssertionError("spans of the same sizes differ, but none of their batches")  # pragma: no cover


def merge(runs: Sequence[Run], on_problem: ProblemHandler | None = None) -> Iterator[Batch]:
    """The batches of ``runs`` (the segments of one or more copies of one partition, in the order
    the copies were given) in offset order, each offset at most once, chosen as the module says.

    Problems of the files and of the merge go to ``on_problem`` (without one: a warning for
    information, an error for damage, as :func:`~kafkaks.store.segment.read_log`); a damage problem of
    one file is held until the offsets it may have cost are read, and reported as
    ``replica_repaired`` if another copy supplied them.
    """
    return flatten(_Merge(runs, on_problem).batches())


def merge_runs(runs: Sequence[Run], on_problem: ProblemHandler | None = None) -> Iterator[BatchOrRun]:
    """:func:`merge`, with runs of scanned batches (:mod:`kafkaks.wire.scan`) that the merge
    takes whole as :class:`~kafkaks.wire.scan.ScannedRun` objects."""
    return _Merge(runs, on_problem).batches()
