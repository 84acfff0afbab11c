"""``kafkaks verify --remote``: the remote segments of a store checked as local ``.log`` files
are (:func:`~kafkaks.store.verify.verify_logs`), a report per partition: :func:`verify_remote`.

Each segment is read chunk by chunk through :class:`~kafkaks.remote.chunked.ChunkedSegment`, so
a check holds a few chunks in memory whatever the segment's size, and its problems name the
``.log`` object's key in the store. A segment that cannot be opened (no manifest, a key pair
missing from the keyring) is an ``unreadable_file`` problem naming it. Offsets between segments
that no segment holds are ``tier_gap`` problems (:func:`~kafkaks.remote.reading.tier_gaps`), and
so are those between the last remote segment and the first local one, when the local segments
of the partition are checked too. The segment's index files are checked as local ones are (offset
and time index entries against the ``.log``, the transaction index's versions, the producer
snapshot's CRC): LocalTieredStorage's copies of them, or the parts of Aiven's ``.indexes`` object
(decrypted), each named ``<.indexes object> (<part>)``.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping
from typing import BinaryIO, cast

from ..store.listing import FileKind
from ..store.segment import ProblemHandler
from ..store.verify import DEFAULT_MAX_MESSAGE_SIZE, LogObject, PartitionReport, Progress, verify_logs
from .crypto import Keyring
from .reading import tier_gaps
from .segments import RemoteSegment
from .tiers import Remote

__all__ = ["verify_remote"]

# The kinds of index verify checks, by their names in an Aiven manifest (SegmentIndexesV1)
AIVEN_PARTS = {
    FileKind.INDEX: "offset",
    FileKind.TIMEINDEX: "timestamp",
    FileKind.TXNINDEX: "transaction",
    FileKind.SNAPSHOT: "producerSnapshot",
}


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
            LogObject(
                segment.location,
                segment.start_offset,
                _opener(segment, remote.keyring),
                _index_parts(segment, remote.keyring),
            )
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


def _index_parts(
    segment: RemoteSegment, keyring: Keyring | None
) -> Callable[[], dict[FileKind, tuple[str, bytes]]]:
    """The segment's index files, by kind: each one's name and bytes."""

    def parts() -> dict[FileKind, tuple[str, bytes]]:
        if segment.layout == "aiven":
            where = segment.store.location(segment.objects["indexes"][0])
            return {
                kind: (f"{where} ({name})", segment.index_part(name, keyring))
                for kind, name in AIVEN_PARTS.items()
            }
        found = {}
        for kind in AIVEN_PARTS:
            if kind.suffix in segment.objects:
                key, _size = segment.objects[kind.suffix]
                blob = segment.store.open(key)
                try:
                    found[kind] = (segment.store.location(key), blob.read_at(0, blob.size))
                finally:
                    blob.close()
        return found

    return parts
