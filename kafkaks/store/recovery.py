"""What a broker's log recovery would do to a partition: :func:`plan_recovery`.

Kafka recovers a partition at startup (``LogLoader.recoverLog``) only after an unclean shutdown,
that is when the log directory has no ``.kafka_cleanshutdown`` marker. It then recovers the
segments from the one holding the partition's recovery point (``recovery-point-offset-checkpoint``
in the log directory; 0 when the partition is not listed) to the end. ``LogSegment.recover`` walks
a segment batch by batch as ``FileLogInputStream`` does and stops at the first batch that fails
``ensureValid()`` (a size below the batch overhead, a CRC that does not match) or at an entry whose
size is below the minimum record overhead (:func:`~kafkaks.wire.batch.frame`): everything from
there to the end of the file is truncated, including bytes that hold readable batches further on.
A partial batch or a zero-filled tail at the end is truncated too.
As soon as one segment loses bytes, every later segment is deleted.

Two more cases come from ``LogLoader.loadSegmentFiles``: a segment without its ``.index`` is
recovered whatever the shutdown and recovery point were (and a truncation there deletes nothing
else); and the KRaft ``__cluster_metadata`` log is opened by the raft layer with recovery point 0
and as if the shutdown had been unclean, so all of it is always recovered.

Recovery only checks what ``ensureValid()`` checks: a batch whose CRC matches but whose records do
not decompress is kept. An offset too far from the segment's base offset for its index
(``LogSegmentOffsetOverflowException``) makes Kafka split the segment instead; that is reported,
not simulated.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import KafkaksError, NoKafkaDataError, UnreadableFileError
from ..generated.layout import RecordBatchHeader
from ..models import Problem
from ..problems import ProblemKind
from ..wire.batch import Unframed, ensure_valid, entry_last_offset, frame
from .files import read_offset_checkpoint
from .listing import CLEAN_SHUTDOWN, RECOVERY_POINTS, PartitionDir, Segment, locate, segments_in
from .segment import read_log

__all__ = ["LostBatch", "RecoveryPlan", "SegmentLoss", "plan_recovery"]

METADATA_TOPIC = "__cluster_metadata"
MAX_INT32 = 0x7FFFFFFF


@dataclass(frozen=True, slots=True)
class LostBatch:
    """A readable batch in bytes that recovery removes. ``base_offset`` and ``records`` are None
    when the records do not decode; ``crc_valid`` is whether its CRC matches."""

    position: int
    size: int
    base_offset: int | None
    last_offset: int
    records: int | None
    crc_valid: bool | None


@dataclass(frozen=True, slots=True)
class SegmentLoss:
    """The bytes of one segment that recovery removes: from ``position`` to ``size``.

    ``reason`` is why Kafka stops there. ``batches`` are the readable batches in those bytes;
    ``stage`` is ``recovery`` (``LogLoader.recoverLog``), ``load`` (a missing ``.index``),
    ``deleted`` (a later segment deleted whole: ``position`` is 0) or ``untouched`` (damage that
    recovery does not reach, left in place: below the recovery point or after a clean shutdown).
    """

    path: str
    base_offset: int
    size: int
    position: int
    reason: str
    stage: str
    batches: list[LostBatch]

    @property
    def lost_bytes(self) -> int:
        return self.size - self.position

    @property
    def records(self) -> int:
        return sum(batch.records or 0 for batch in self.batches)

    @property
    def unreadable_bytes(self) -> int:
        """Lost bytes that are not part of a readable batch."""
        return self.lost_bytes - sum(batch.size for batch in self.batches)

    @property
    def first_offset(self) -> int | None:
        firsts = [b.last_offset if b.base_offset is None else b.base_offset for b in self.batches]
        return min(firsts, default=None)

    @property
    def last_offset(self) -> int | None:
        return max((batch.last_offset for batch in self.batches), default=None)


@dataclass(frozen=True, slots=True)
class RecoveryPlan:
    """What recovery of one partition directory would do.

    ``recovery_point`` is where recovery starts and ``basis`` says where it comes from;
    ``clean_shutdown`` is whether the log directory has the marker that makes a broker skip
    recovery. ``recovered`` are the segments recovery would walk; ``losses`` what it removes,
    in order, with ``untouched`` damage listed too. ``unreadable`` are the files that could not be
    read (``unreadable_file`` problems): what recovery would do to them is not known.
    """

    path: str
    recovery_point: int
    basis: str
    clean_shutdown: bool
    recovered: list[str]
    losses: list[SegmentLoss]
    unreadable: list[Problem] = field(default_factory=list)

    @property
    def lost_records(self) -> int:
        return sum(loss.records for loss in self.losses if loss.stage != "untouched")


def recovery_stop(path: str | os.PathLike[str], base_offset: int) -> tuple[int, str] | None:
    """Where ``LogSegment.recover`` truncates a segment and why, or None when it keeps it all."""
    with open(path, "rb") as stream:
        size = stream.seek(0, os.SEEK_END)
        position = 0
        while position < size:
            stream.seek(position)
            head = stream.read(RecordBatchHeader.SIZE)
            entry_size = frame(head, 0, size - position)
            if isinstance(entry_size, Unframed):
                if entry_size is Unframed.SHORT:
                    return position, entry_size.message(head, size - position)
                break  # a partial batch: FileLogInputStream stops, the bytes are truncated
            invalid = ensure_valid(stream, position, head)
            if invalid is not None:
                return position, invalid.message
            last_offset = entry_last_offset(head)
            if not 0 <= last_offset - base_offset <= MAX_INT32:
                return position, (
                    f"offset {last_offset} does not fit the index of a segment based at {base_offset} "
                    "(LogSegmentOffsetOverflowException: Kafka splits the segment rather than truncating)"
                )
            position += entry_size
        if position < size:
            return position, f"Found {size - position} invalid bytes at the end of the segment"
    return None


def _lost_batches(path: Path, position: int) -> list[LostBatch]:
    def ignore(_problem: Problem) -> None:
        pass

    batches = []
    for batch in read_log(path, start=position, on_problem=ignore):
        try:
            base: int | None = batch.base_offset
            records: int | None = batch.count
        except KafkaksError:
            base = records = None
        batches.append(
            LostBatch(batch.position, batch.size, base, batch.last_offset, records, batch.crc_valid)
        )
    return batches


def _loss(segment: Segment, position: int, reason: str, stage: str) -> SegmentLoss:
    return SegmentLoss(
        str(segment.path),
        segment.base_offset,
        segment.path.stat().st_size,
        position,
        reason,
        stage,
        _lost_batches(segment.path, position),
    )


def _recovery_point(directory: Path) -> tuple[int, str]:
    partition = PartitionDir.of(directory)
    if partition is not None and partition.topic == METADATA_TOPIC:
        return 0, "the KRaft metadata log is always recovered from offset 0"
    checkpoint = directory.parent / RECOVERY_POINTS
    if not checkpoint.is_file():
        return 0, f"no {RECOVERY_POINTS} in the log directory: from offset 0"
    if partition is None:
        return 0, f"{directory.name} is not a <topic>-<partition> directory: from offset 0"
    try:
        points = read_offset_checkpoint(checkpoint)
    except OSError as exc:
        return 0, f"{checkpoint} cannot be read ({exc.strerror}): from offset 0"
    key = (partition.topic, partition.partition)
    if key not in points:
        return 0, f"{partition.topic}-{partition.partition} is not in {checkpoint}: from offset 0"
    return points[key], f"from {checkpoint}"


def plan_recovery(directory: str | os.PathLike[str]) -> RecoveryPlan:
    """What Kafka's startup recovery would truncate and delete in a partition directory.

    Raises :class:`~kafkaks.errors.NoKafkaDataError` for a directory without Kafka data and
    ``ValueError`` for a broker log directory. Files that cannot be read are left out, listed in
    :attr:`RecoveryPlan.unreadable`."""
    path = Path(directory)
    unreadable: list[Problem] = []
    kind, listings = locate(path, unreadable.append)
    if kind != "partition":
        raise ValueError(f"{path} is a broker log directory, not a partition: recovery is per partition")
    segments = segments_in(listings[0], False, unreadable.append)
    recovery_point, basis = _recovery_point(path)
    metadata = basis.startswith("the KRaft")
    clean = not metadata and (path.parent / CLEAN_SHUTDOWN).is_file()
    # LogSegments.values(recoveryPoint, MAX): from the segment holding the recovery point.
    start = max((i for i, s in enumerate(segments) if s.base_offset <= recovery_point), default=0)
    in_scope = [] if clean else segments[start:]
    losses: list[SegmentLoss] = []
    for number, segment in enumerate(segments):
        try:
            stop = recovery_stop(segment.path, segment.base_offset)
            if stop is None:
                continue
            position, reason = stop
            if not segment.companion(".index").is_file():
                # loadSegmentFiles rebuilds it now; recoverLog later finds nothing left to truncate.
                losses.append(_loss(segment, position, reason, "load"))
            elif segment in in_scope:
                losses.append(_loss(segment, position, reason, "recovery"))
                for later in segments[number + 1 :]:
                    losses.append(
                        _loss(later, 0, f"deleted after the truncation of {segment.path.name}", "deleted")
                    )
                break
            else:
                losses.append(_loss(segment, position, reason, "untouched"))
        except (OSError, NoKafkaDataError, UnreadableFileError) as exc:
            reason = exc.strerror or str(exc) if isinstance(exc, OSError) else exc.reason
            unreadable.append(Problem(ProblemKind.UNREADABLE_FILE, str(segment.path), 0, 0, reason))
    return RecoveryPlan(
        str(path), recovery_point, basis, clean, [str(s.path) for s in in_scope], losses, unreadable
    )
