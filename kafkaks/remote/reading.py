"""Remote segments read as batches, alone or as one log with a partition's local segments.

A remote segment becomes a :class:`~kafkaks.store.replicas.Run`, as a local segment file does, and
:func:`~kafkaks.store.replicas.merge_runs` reads the runs of both tiers as one log in offset order:
a segment copied to the store before its local copy expired is read once (``segment_overlap``,
information), and the rules of :mod:`kafkaks.store.replicas` choose between batches that differ.
Remote and local segments are given as one copy of the partition (the tiers are one log, not two
replicas of it), the remote ones first, so where both hold the same bytes the remote copy is read.
Offsets that neither tier holds between two segments are a ``tier_gap`` (:func:`tier_gaps`).

Each remote segment is opened when the merge reaches its start offset, and read chunk by chunk
(:class:`~kafkaks.remote.chunked.ChunkedSegment`); a segment whose objects cannot be opened (no
manifest, a key pair missing from the keyring) is one ``unreadable_file`` problem.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import BinaryIO, cast

from ..errors import KafkaksError
from ..models import Problem
from ..problems import ProblemKind
from ..store.listing import report_unreadable
from ..store.options import ProblemHandler, ReadOptions
from ..store.replicas import Run
from ..store.segment import BatchOrRun, read_log_runs
from .crypto import Keyring
from .segments import RemoteSegment

__all__ = ["read_remote_segment", "remote_runs", "tier_gaps"]


def read_remote_segment(
    segment: RemoteSegment,
    options: ReadOptions = ReadOptions(),
    *,
    keyring: Keyring | None = None,
    start: int = 0,
    end: int | None = None,
) -> Iterator[BatchOrRun]:
    """The batches of one remote segment, as :func:`~kafkaks.store.segment.read_log_runs` gives
    those of a local one; ``[start, end)`` is a byte range of the segment (``start`` a batch
    boundary), so that a task can read a part of it. A segment that cannot be opened is an
    ``unreadable_file`` problem (raised without ``options.on_problem``)."""
    try:
        stream = segment.open(keyring)
    except KafkaksError as exc:
        report_unreadable(options.on_problem, exc.path or segment.location, exc.reason, exc.position)
        return
    with stream:
        try:
            yield from read_log_runs(
                cast(BinaryIO, stream),
                options,
                start=start,
                end=end,
                partition_of=(segment.topic, segment.partition),
            )
        except KafkaksError as exc:  # a chunk that does not decode: located by read_log
            report_unreadable(options.on_problem, exc.path or segment.location, exc.reason, exc.position)


def remote_runs(
    segments: Sequence[RemoteSegment], copy: str, options: ReadOptions, *, keyring: Keyring | None = None
) -> list[Run]:
    """The segments as runs of the copy ``copy`` for :func:`~kafkaks.store.replicas.merge_runs`
    (a run's problems go where the merge says, not to ``options.on_problem``)."""

    def opener(segment: RemoteSegment) -> Callable[[ProblemHandler], Iterator[BatchOrRun]]:
        return lambda on_problem: read_remote_segment(
            segment, replace(options, on_problem=on_problem), keyring=keyring
        )

    return [Run(copy, segment.location, segment.start_offset, opener(segment)) for segment in segments]


def tier_gaps(
    remote: Sequence[tuple[int, int | None, str]], local_start: int | None, where: str
) -> list[Problem]:
    """``tier_gap`` problems for the offsets between remote segments, and between the last of them
    and the first local segment, that no segment holds. ``remote`` is (start, end or None when
    unknown, location) in offset order; a segment whose end is unknown is taken to reach the next."""
    problems = []
    reach: int | None = None  # the last offset held so far
    for start, end, location in remote:
        if reach is not None and start > reach + 1:
            problems.append(_gap(reach + 1, start - 1, location, "before this remote segment"))
        reach = max(reach if reach is not None else start - 1, end if end is not None else start - 1)
        if end is None:
            reach = None  # unknown: the next segment's start is taken as its end
    if local_start is not None and reach is not None and local_start > reach + 1:
        problems.append(_gap(reach + 1, local_start - 1, where, "between the remote and the local segments"))
    return problems


def _gap(first: int, last: int, where: str, which: str) -> Problem:
    return Problem(
        ProblemKind.TIER_GAP,
        where,
        0,
        0,
        f"offsets {first}..{last} are in no segment, remote or local ({which})",
        first,
    )
