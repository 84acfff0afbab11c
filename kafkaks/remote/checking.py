"""``kafkaks verify --remote``: the remote segments of a store checked as local ``.log`` files
are (:func:`~kafkaks.store.verify.verify_logs`), a report per partition: :func:`verify_remote`.

Each segment is read chunk by chunk through :class:`~kafkaks.remote.chunked.ChunkedSegment`, so
a check holds a few chunks in memory whatever the segment's size, and its problems name the
``.log`` object's key in the store. A segment that cannot be opened (no manifest, a key pair
missing from the keyring) is an ``unreadable_file`` problem naming it. Offsets between segments
that no segment holds are ``tier_gap`` problems (:func:`~kafkaks.remote.reading.tier_gaps`), and
so are those between the last remote segment and the first local one, when the local segments
of the partition are checked too. The ``.indexes`` object (or LocalTieredStorage's index files)
is not checked.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping
from typing import BinaryIO, cast

from ..store.segment import ProblemHandler
from ..store.verify import DEFAULT_MAX_MESSAGE_SIZE, LogObject, PartitionReport, Progress, verify_logs
from .crypto import Keyring
from .reading import tier_gaps
from .segments import RemoteSegment
from .tiers import Remote

__all__ = ["verify_remote"]


def verify_remote(
    remote: Remote,
    *,
    local_starts: Mapping[tuple[str, int], int] | None = None,
    max_message_size: int = DEFAULT_MAX_MESSAGE_SIZE,
    on_problem: ProblemHandler | None = None,
    progress: Progress | None = None,
) -> list[PartitionReport]:
    """A report per partition of the store (by topic, then partition), named by the folder of
    its first segment's ``.log`` object. ``local_starts``: the first local base offset of the
    partitions whose local segments are checked too (a gap before it is reported)."""
    reports = []
    for (topic, partition), segments in sorted(remote.partitions.items()):
        spans = [(s.start_offset, remote.end_offsets.get(s.segment_id), s.location) for s in segments]
        where = posixpath.dirname(segments[0].location)
        local_start = (local_starts or {}).get((topic, partition))
        logs = [
            LogObject(segment.location, segment.start_offset, _opener(segment, remote.keyring))
            for segment in segments
        ]
        reports.append(
            verify_logs(
                where,
                logs,
                max_message_size=max_message_size,
                on_problem=on_problem,
                progress=progress,
                problems=tier_gaps(spans, local_start, where),
            )
        )
    return reports


def _opener(segment: RemoteSegment, keyring: Keyring | None) -> Callable[[], BinaryIO]:
    # a ChunkedSegment is a seekable binary file, as read_log takes one
    return lambda: cast(BinaryIO, segment.open(keyring))
