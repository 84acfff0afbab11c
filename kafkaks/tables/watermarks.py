"""What a table holds of each topic-partition, kept in the table's own commits, and the checks that
decide what a run may append.

Each commit the pipeline makes carries, in the snapshot summary (Iceberg) or the commit info
(Delta), one JSON value under :data:`PROPERTY`: for every topic-partition the table holds, its high
offset (the largest offset appended so far), the topic id of ``partition.metadata`` when there is
one, and the segments that held offsets up to the high offset as they were when read (base offset,
size, CRC of the first batch). The next run reads that value back, looks at the log dirs again
(:class:`Observed`, made on the driver by :mod:`kafkaks.tables.observe`) and :func:`decide`\\ s per
topic-partition:

- **append** the offsets above the high offset (all of them for a partition the table does not
  hold yet); nothing when there is nothing new;
- **skip**, saying why, a partition that *started over*: its topic id changed (the topic was
  deleted and created again), its log now ends below the table's high offset, or, without topic
  ids (brokers before 2.8), a segment read before was rewritten in a partition the log cleaner
  never cleaned (its log dir's ``cleaner-offset-checkpoint`` does not name it). Appending would
  mix two logs under one name; the operator decides (a new table, or drop the partition's rows);
- **note** what changed below the high offset without changing what is appended: offsets deleted
  before they were read (the log now starts above the high offset + 1: they are missing from the
  table, said with the range), and segments the broker *rewrote* (compaction: a segment smaller
  than when read, whose first batch changed, or that is gone though the log still starts before
  it). Rows already in the table stay as they were read; nothing is read again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "PROPERTY",
    "Decision",
    "Observed",
    "SegmentPrint",
    "Watermark",
    "advance",
    "decide",
    "dump_watermarks",
    "load_watermarks",
]

PROPERTY = "kafkaks.watermarks"  # the key in a snapshot summary or commit info
VERSION = 1

Key = tuple[str, int]  # topic, partition


@dataclass(frozen=True)
class SegmentPrint:
    """A segment as it was when read: its base offset, size and the CRC of its first batch."""

    base_offset: int
    size: int
    first_crc: int | None


@dataclass(frozen=True)
class Watermark:
    """What the table holds of one topic-partition."""

    high: int  # the largest offset appended
    topic_id: str | None = None
    segments: tuple[SegmentPrint, ...] = ()


@dataclass(frozen=True)
class Observed:
    """One topic-partition in the log dirs now, seen on the driver before Spark reads it."""

    topic: str
    partition: int
    topic_id: str | None
    log_start: int | None  # the first batch's base offset; None for an empty log
    log_end: int | None  # the last whole batch's last offset
    segments: tuple[SegmentPrint, ...]
    # Whether the log dir's cleaner-offset-checkpoint names the partition (None: no such file):
    # a segment rewritten in a partition the cleaner never cleaned is a new log, not compaction.
    cleaned: bool | None = None


@dataclass
class Decision:
    """What a run does with one topic-partition: ``skip`` (a reason) or append offsets above
    ``after`` (None: from the start), with ``notes`` for the operator. ``up_to_date``: the log
    ends at or below ``after`` (or is empty), so there is nothing to read."""

    topic: str
    partition: int
    after: int | None = None
    skip: str | None = None
    notes: list[str] = field(default_factory=list)
    up_to_date: bool = False

    @property
    def reads(self) -> bool:
        """Whether Spark reads this partition."""
        return self.skip is None and not self.up_to_date

    @property
    def key(self) -> Key:
        return self.topic, self.partition


def decide(observed: Observed, held: Watermark | None) -> Decision:
    """The decision for one topic-partition (see the module docstring)."""
    decision = Decision(observed.topic, observed.partition)
    if held is None:
        decision.up_to_date = observed.log_end is None
        return decision
    decision.after = held.high
    if held.topic_id is not None and observed.topic_id is not None and held.topic_id != observed.topic_id:
        decision.skip = (
            f"started over: its topic id is {observed.topic_id}, the table's rows came from topic id "
            f"{held.topic_id} (the topic was deleted and created again); nothing appended"
        )
        return decision
    if observed.log_end is not None and observed.log_end < held.high:
        decision.skip = (
            f"started over: its log ends at offset {observed.log_end}, below the table's high offset "
            f"{held.high} (the topic was re-created, or the log truncated); nothing appended"
        )
        return decision
    if observed.log_start is not None and observed.log_start > held.high + 1:
        decision.notes.append(
            f"offsets {held.high + 1}-{observed.log_start - 1} were deleted from the log before a run "
            f"read them (retention): they are not in the table"
        )
    decision.up_to_date = observed.log_end is None or observed.log_end <= held.high
    now = {segment.base_offset: segment for segment in observed.segments}
    for was in held.segments:
        current = now.get(was.base_offset)
        if current is None:
            if observed.log_start is not None and was.base_offset >= observed.log_start:
                decision.notes.append(
                    f"segment {was.base_offset} was rewritten since it was read (compaction merged it "
                    "into another): the table keeps its rows as first read; nothing read again"
                )
            continue
        if current.size < was.size or (
            was.first_crc is not None and current.first_crc is not None and current.first_crc != was.first_crc
        ):
            if observed.cleaned is False and held.topic_id is None and observed.topic_id is None:
                decision.skip = (
                    f"started over: segment {was.base_offset} is not the one read ({was.size} bytes then, "
                    f"{current.size} now, another first batch) and the log cleaner never cleaned this "
                    "partition (cleaner-offset-checkpoint does not name it): the topic was deleted and "
                    "created again (a broker before 2.8 keeps no topic id); nothing appended"
                )
                decision.notes = []
                decision.up_to_date = False
                return decision
            decision.notes.append(
                f"segment {was.base_offset} was rewritten since it was read (compaction: {was.size} bytes "
                f"then, {current.size} now): the table keeps its rows as first read; nothing read again"
            )
    return decision


def advance(held: Watermark | None, observed: Observed, high: int | None) -> Watermark | None:
    """The watermark after a run that appended rows up to ``high`` (None: none appended)."""
    if high is None:
        return held
    top = max(high, held.high) if held is not None else high
    read = tuple(segment for segment in observed.segments if segment.base_offset <= top)
    return Watermark(top, observed.topic_id or (held.topic_id if held else None), read)


def dump_watermarks(marks: Mapping[Key, Watermark]) -> str:
    """The JSON stored with a commit."""
    partitions = {
        f"{topic}/{partition}": {
            "high": mark.high,
            "topicId": mark.topic_id,
            "segments": [[s.base_offset, s.size, s.first_crc] for s in mark.segments],
        }
        for (topic, partition), mark in sorted(marks.items())
    }
    return json.dumps({"version": VERSION, "partitions": partitions}, separators=(",", ":"))


def load_watermarks(text: str | None) -> dict[Key, Watermark]:
    """The watermarks of a commit's JSON (none for None); a value this version cannot read raises
    ValueError, naming it."""
    if text is None:
        return {}
    try:
        data: Any = json.loads(text)
        if data.get("version") != VERSION:
            raise ValueError(f"version {data.get('version')!r}, this kafkaks reads {VERSION}")
        marks = {}
        for name, mark in data["partitions"].items():
            topic, _, partition = name.rpartition("/")
            marks[topic, int(partition)] = Watermark(
                int(mark["high"]),
                mark.get("topicId"),
                tuple(
                    SegmentPrint(int(base), int(size), None if crc is None else int(crc))
                    for base, size, crc in mark["segments"]
                ),
            )
        return marks
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"the table's {PROPERTY} cannot be read: {exc}") from exc
