"""``kafkaks verify --recovery``: what a broker's startup recovery would do to each partition
directory (:func:`kafkaks.store.recovery.plan_recovery`), in words or as ``recovery`` objects."""

from __future__ import annotations

import argparse
import os
from typing import TextIO

from ..store.recovery import RecoveryPlan, SegmentLoss, plan_recovery
from ..store.verify import PartitionReport
from .jsonl import dumps, recovery_object
from .paths import partition_of

__all__ = ["offset_range", "recovery_lines", "write_recovery"]


def offset_range(first: int | None, last: int | None) -> str:
    """``first..last``, or ``-`` when there are no offsets."""
    return "-" if first is None or last is None else f"{first}..{last}"


def _count(number: int, noun: str, plural: str | None = None) -> str:
    """``1 batch``, ``2 batches``: a number with its noun in the right form."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def _loss_lines(loss: SegmentLoss) -> list[str]:
    name = os.path.basename(loss.path)
    what = (
        f"{_count(loss.lost_bytes, 'byte')}, {_count(len(loss.batches), 'batch', 'batches')}, "
        f"{_count(loss.records, 'record')}, offsets {offset_range(loss.first_offset, loss.last_offset)}"
    )
    if loss.stage == "deleted":
        return [f"  {name}: deleted whole: {what}"]
    verb = {
        "recovery": "truncated",
        "load": "truncated at load (its .index is missing)",
        "untouched": "damaged",
    }[loss.stage]
    lines = [f"  {name}: {verb} at byte {loss.position} of {loss.size}: {loss.reason}"]
    if loss.stage == "untouched":
        return [*lines, "    recovery does not reach it (see above): the damage stays, nothing is removed"]
    lines.append(f"    lost: {what}")
    for batch in loss.batches:
        first = "?" if batch.base_offset is None else batch.base_offset
        records = "? records" if batch.records is None else _count(batch.records, "record")
        crc = "" if batch.crc_valid else " (CRC mismatch)"
        lines.append(
            f"    - batch at position {batch.position}, {_count(batch.size, 'byte')}: "
            f"offsets {first}..{batch.last_offset}, {records}{crc}"
        )
    if loss.unreadable_bytes:
        lines.append(f"    - {_count(loss.unreadable_bytes, 'byte')} that hold no readable batch")
    return lines


def recovery_lines(plan: RecoveryPlan) -> list[str]:
    """What a broker's startup recovery would do to one partition, in words."""
    lines = [f"Recovery of {plan.path}: recovery point {plan.recovery_point} ({plan.basis})"]
    if plan.clean_shutdown:
        lines.append(
            "  the log dir has .kafka_cleanshutdown: a broker starting on it skips recovery "
            "(only segments without their .index are rebuilt)"
        )
    elif plan.recovered:
        first = os.path.basename(plan.recovered[0])
        count = _count(len(plan.recovered), "segment")
        lines.append(f"  after an unclean shutdown a broker recovers {count} from {first}")
    for loss in plan.losses:
        lines += _loss_lines(loss)
    for problem in plan.unreadable:
        lines.append(
            f"  {os.path.basename(problem.path)}: cannot be read ({problem.message}): not in this view"
        )
    if not any(loss.stage != "untouched" for loss in plan.losses):
        lines.append("  nothing would be truncated or deleted")
    return lines


def write_recovery(
    args: argparse.Namespace, reports: list[PartitionReport], out: TextIO, err: TextIO
) -> None:
    """``verify --recovery``: what a broker's recovery would do to each partition directory."""
    partitions = dict.fromkeys(d for d in map(partition_of, [r.path for r in reports]) if d is not None)
    for directory in partitions:
        plan = plan_recovery(directory)
        if args.json:
            out.write(dumps(recovery_object(plan)) + "\n")
        else:
            out.write("\n" + "\n".join(recovery_lines(plan)) + "\n")
    if not partitions:
        err.write("kafkaks: --recovery: no <topic>-<partition> directory among the paths\n")
