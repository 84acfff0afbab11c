"""The state of each topic-partition in the log dirs, seen on the driver before Spark reads them:
what :func:`kafkaks.tables.watermarks.decide` compares with what a table holds.

For every topic-partition the paths hold (the first copy when there are several): the topic id of
its ``partition.metadata``, where its log starts (the first segment's first batch), where it ends
(the last whole batch of its last segment, walked by batch headers from its last ``.index`` entry)
and a print of every segment (base offset, size, CRC of the first batch), and whether the log
dir's ``cleaner-offset-checkpoint`` names it (a rewritten segment is then compaction). This reads a few
headers a segment, through the same ``pyarrow.fs`` layer as the data source. With the option
``remote``, a topic-partition's log is that of both tiers (:func:`_across_tiers`).
"""

from __future__ import annotations

import os
import posixpath
import tempfile
from collections.abc import Callable
from typing import BinaryIO, TypeVar, cast

import pyarrow.fs as pafs

from ..errors import KafkaksError
from ..models import OffsetIndexEntry
from ..remote.crypto import Keyring
from ..remote.segments import RemoteSegment
from ..remote.tiers import Remote
from ..spark.filesystems import filesystem, open_file, read_bytes
from ..spark.options import Options
from ..spark.planning import PartitionFiles, partitions
from ..spark.probing import Probe, offset_index, position_before
from ..store.files import read_offset_checkpoint, read_partition_metadata
from ..store.listing import Segment
from ..store.segment import read_log
from .watermarks import Observed, SegmentPrint

__all__ = ["observe"]

T = TypeVar("T")


def observe(options: Options) -> list[Observed]:
    """Every wanted topic-partition the options' paths (and store of remote segments, option
    ``remote``) hold, in topic and partition order."""
    seen: dict[tuple[str, int], Observed] = {}
    for part in partitions(options):
        topic, partition = part.topic, part.partition
        if topic is None or partition is None or not options.wants_topic(topic):
            continue
        if (topic, partition) not in seen:
            seen[topic, partition] = _observe(part, topic, partition)
    if options.remote is not None:
        from ..spark.tiers import open_remote

        remote = open_remote(options.remote)
        for key, segments in remote.partitions.items():
            if options.wants_topic(key[0]):
                seen[key] = _across_tiers(seen.get(key), remote, segments)
    return [seen[key] for key in sorted(seen)]


def _across_tiers(local: Observed | None, remote: Remote, segments: list[RemoteSegment]) -> Observed:
    """A topic-partition's log across tiers: it starts at its first remote segment, ends where its
    local segments end (at its last remote segment's end without them), and its segments are the
    remote ones and the local ones, a local one where both tiers hold a segment of the same base
    offset. A remote segment's print is its start offset and size (the broker's ``.log``, as a
    local print of the segment it was copied from has it), without a first CRC: a remote segment
    is never rewritten, and reading its first batch would cost a chunk a segment. Its topic id is
    that of the objects' keys where no ``partition.metadata`` gives one."""
    first = segments[0]
    local_prints = {p.base_offset: p for p in local.segments} if local is not None else {}
    prints = {s.start_offset: SegmentPrint(s.start_offset, _size(s), None) for s in segments}
    prints.update(local_prints)
    end = local.log_end if local is not None else None
    if end is None:
        end = _remote_end(remote, segments)
    starts = [
        first.start_offset,
        *([local.log_start] if local is not None and local.log_start is not None else []),
    ]
    return Observed(
        first.topic,
        first.partition,
        (local.topic_id if local is not None else None) or first.topic_id,
        min(starts),
        end,
        tuple(prints[base] for base in sorted(prints)),
        local.cleaned if local is not None else None,
    )


def _size(segment: RemoteSegment) -> int:
    try:
        return segment.log_size()
    except KafkaksError:  # no manifest: its stored size (the segment is reported when read)
        return segment.objects[segment.log_suffix][1]


def _remote_end(remote: Remote, segments: list[RemoteSegment]) -> int | None:
    """The last offset of the last remote segment that has a whole batch: from
    ``__remote_log_metadata`` or the manifest, else by its batch headers from its last offset
    index entry (a chunk or two read)."""
    for segment in reversed(segments):
        end = remote.end_offsets.get(segment.segment_id)
        if end is None:
            end = _walked_end(segment, remote.keyring)
        if end is not None:
            return end
    return None


def _walked_end(segment: RemoteSegment, keyring: Keyring | None) -> int | None:
    """A remote segment's last offset by its batch headers (None: unreadable, reported when read)."""
    try:
        probe = Probe(lambda: cast(BinaryIO, segment.open(keyring)), segment.log_size())
        return _last_offset(probe, segment.offset_index(keyring))
    except KafkaksError:
        return None


def _observe(part: PartitionFiles, topic: str, partition: int) -> Observed:
    prints = tuple(_print(part.fs_uri, segment) for segment in part.segments)
    start = next((p.base_offset for p in prints if p.first_crc is not None), None)
    end = _log_end(part.fs_uri, part.segments)
    return Observed(topic, partition, _topic_id(part), start, end, prints, _cleaned(part, topic, partition))


def _first_batch(fs_uri: str, segment: Segment) -> tuple[int, int] | None:
    """(base offset, CRC) of a segment's first batch; None for an empty or unreadable start."""
    if segment.size == 0:
        return None
    with open_file(fs_uri, os.fspath(segment.path)) as stream:
        for batch in read_log(stream, verify_crc=False, on_problem=lambda _problem: None):
            return batch.base_offset, batch.crc
    return None


def _print(fs_uri: str, segment: Segment) -> SegmentPrint:
    first = _first_batch(fs_uri, segment)
    return SegmentPrint(segment.base_offset, segment.size, None if first is None else first[1])


def _log_end(fs_uri: str, segments: list[Segment]) -> int | None:
    """The last offset of the last whole batch of the last segment that has one."""
    for segment in reversed(segments):
        last = _last_offset(Probe.of(fs_uri, segment), offset_index(fs_uri, segment))
        if last is not None:
            return last
    return None


def _last_offset(probe: Probe, index: list[OffsetIndexEntry]) -> int | None:
    """The last offset of the last whole batch of a segment, walked from its last index entry."""
    try:
        return probe.last_offset_from(position_before(index, 1 << 62, probe))
    finally:
        probe.close()


def _topic_id(part: PartitionFiles) -> str | None:
    """The topic id of ``partition.metadata`` (Kafka 2.8+), None without one or when unreadable."""
    path = posixpath.join(part.path, "partition.metadata")
    metadata = _read(part.fs_uri, path, read_partition_metadata)
    return None if metadata is None else metadata.topic_id


def _cleaned(part: PartitionFiles, topic: str, partition: int) -> bool | None:
    """Whether the ``cleaner-offset-checkpoint`` of the partition's log dir names it (None: no
    such file, or unreadable)."""
    path = posixpath.join(posixpath.dirname(part.path.rstrip("/")), "cleaner-offset-checkpoint")
    checkpoint = _read(part.fs_uri, path, read_offset_checkpoint)
    return None if checkpoint is None else (topic, partition) in checkpoint


def _read(fs_uri: str, path: str, reader: Callable[[str], T]) -> T | None:
    """``reader`` of a small file on any filesystem (a local copy of a remote one); None when the
    file is missing or unreadable."""
    fs, _ = filesystem(fs_uri)
    try:
        if fs.get_file_info(path).type != pafs.FileType.File:
            return None
        if isinstance(fs, pafs.LocalFileSystem):
            return reader(path)
        with tempfile.NamedTemporaryFile(suffix=f"-{posixpath.basename(path)}") as copy:
            copy.write(read_bytes(fs_uri, path))
            copy.flush()
            return reader(copy.name)
    except (KafkaksError, OSError):
        return None
