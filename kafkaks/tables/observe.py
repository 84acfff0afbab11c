"""The state of each topic-partition in the log dirs, seen on the driver before Spark reads them:
what :func:`kafkaks.tables.watermarks.decide` compares with what a table holds.

For every topic-partition the paths hold (the first copy when there are several): the topic id of
its ``partition.metadata``, where its log starts (the first segment's first batch), where it ends
(the last whole batch of its last segment, walked by batch headers from its last ``.index`` entry)
and a print of every segment (base offset, size, CRC of the first batch). This reads a few
headers a segment, through the same ``pyarrow.fs`` layer as the data source.
"""

from __future__ import annotations

import os
import posixpath
import tempfile

import pyarrow.fs as pafs

from ..errors import KafkaksError
from ..spark.filesystems import filesystem, open_file, read_bytes
from ..spark.options import Options
from ..spark.planning import PartitionFiles, partitions
from ..spark.probing import Probe, offset_index, position_before
from ..store.files import read_partition_metadata
from ..store.listing import Segment
from ..store.segment import read_log
from .watermarks import Observed, SegmentPrint

__all__ = ["observe"]


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
    return Observed(topic, partition, _topic_id(part), start, end, prints)


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
        probe = Probe(fs_uri, segment)
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
    fs, _ = filesystem(part.fs_uri)
    path = posixpath.join(part.path, "partition.metadata")
    try:
        if fs.get_file_info(path).type != pafs.FileType.File:
            return None
        if isinstance(fs, pafs.LocalFileSystem):
            return read_partition_metadata(path).topic_id
        with tempfile.NamedTemporaryFile(suffix="-partition.metadata") as copy:
            copy.write(read_bytes(part.fs_uri, path))
            copy.flush()
            return read_partition_metadata(copy.name).topic_id
    except (KafkaksError, OSError):
        return None
