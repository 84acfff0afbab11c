"""The state of each topic-partition in the log dirs, seen on the driver before Spark reads them:
what :func:`kafkaks.tables.watermarks.decide` compares with what a table holds.

For every topic-partition the paths hold (the first copy when there are several): the topic id of
its ``partition.metadata``, where its log starts (the first segment's first batch), where it ends
(the last whole batch of its last segment, walked by batch headers from its last ``.index`` entry)
and a print of every segment (base offset, size, CRC of the first batch), and whether the log
dir's ``cleaner-offset-checkpoint`` names it (a rewritten segment is then compaction). This reads a few
headers a segment, through the same ``pyarrow.fs`` layer as the data source.
"""

from __future__ import annotations

import os
import posixpath
import tempfile
from collections.abc import Callable
from typing import TypeVar

import pyarrow.fs as pafs

from ..errors import KafkaksError
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
    """Every wanted topic-partition the options' paths hold, in topic and partition order."""
    seen: dict[tuple[str, int], Observed] = {}
    for part in partitions(options):
        topic, partition = part.topic, part.partition
        if topic is None or partition is None or not options.wants_topic(topic):
            continue
        if (topic, partition) not in seen:
            seen[topic, partition] = _observe(part, topic, partition)
    return [seen[key] for key in sorted(seen)]


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
        probe = Probe.of(fs_uri, segment)
        try:
            start = position_before(offset_index(fs_uri, segment), 1 << 62, probe)
            last = probe.last_offset_from(start)
        finally:
            probe.close()
        if last is not None:
            return last
    return None


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
