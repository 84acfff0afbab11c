"""Which remote segments are live: from ``__remote_log_metadata`` when it is given, else from the
objects themselves. :func:`read_metadata` and :func:`select`.

From the metadata (Kafka's TopicBasedRemoteLogMetadataManager and RemoteLogMetadataCache at
26b251a451ce941d3d7a55e6487bcb7f16b5ad48, storage/src/main/java/org/apache/kafka/server/log/remote/
metadata/storage/): a segment is announced by a RemoteLogSegmentMetadataRecord in state
COPY_SEGMENT_STARTED, and updates move it on. It is live from COPY_SEGMENT_FINISHED until
DELETE_SEGMENT_STARTED (the broker stops serving it then; DELETE_SEGMENT_FINISHED follows). A
RemotePartitionDeleteMetadataRecord (any state: marked, started, finished) retires every segment of
its partition. A segment's start and end offsets and leader epochs are those of its first record.
The states are Kafka's RemoteLogSegmentState and RemotePartitionDeleteState ids; the spec
(``kafka_remote_log_metadata_record.ksy``) keeps them as the integers they are on disk.

Without the metadata, the objects decide (:func:`select` with ``state`` None): a segment whose
copy finished (every object the layout's copy writes is there: for Aiven the manifest, uploaded
last) is read, one that did not is left out and reported; segments whose offsets overlap (a copy
retried under a new segment id, a new leader copying its own segment over offsets already copied)
are all given to the merge, which reads each offset once (:mod:`kafkaks.store.replicas`' rules:
a batch that checks over a damaged one, then the higher leader epoch, then more records, then the
segment given first: the one with the lower start offset, then the larger ``.log`` object) and
reports what they share as ``segment_overlap``.

Aiven's plugin can record in COPY_SEGMENT_FINISHED where it put a segment (its custom metadata:
:class:`~kafkaks.remote.aiven.CustomMetadata`), and fetches the segment from there whatever its
configured prefix says now; :func:`locate` finds such segments the same way.
"""

from __future__ import annotations

import base64
import binascii
import functools
import os
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from ..errors import KafkaksWarning
from ..internal_topics.remote_log_metadata import decode_remote_log_metadata
from ..models import Problem, Record
from ..problems import ProblemKind
from ..store.partition import read_log_dir
from ..store.segment import ProblemHandler
from .aiven import SUFFIXES, CustomMetadata, main_path, parse_custom_metadata
from .segments import Found, RemoteSegment, find_segments
from .stores import Store

__all__ = [
    "Finding",
    "MetadataState",
    "SegmentMetadata",
    "SegmentState",
    "locate",
    "read_metadata",
    "select",
]


class SegmentState(IntEnum):
    """RemoteLogSegmentState (storage/.../log/remote/storage/RemoteLogSegmentState.java)."""

    COPY_SEGMENT_STARTED = 0
    COPY_SEGMENT_FINISHED = 1
    DELETE_SEGMENT_STARTED = 2
    DELETE_SEGMENT_FINISHED = 3


@dataclass
class SegmentMetadata:
    """What ``__remote_log_metadata`` says of one segment."""

    topic: str
    topic_id: str
    partition: int
    segment_id: str
    start_offset: int
    end_offset: int
    leader_epochs: dict[int, int]
    size: int
    state: SegmentState
    partition_deleted: bool = False
    custom: CustomMetadata | None = None  # Aiven's, from the COPY_SEGMENT_FINISHED record

    @property
    def live(self) -> bool:
        return self.state == SegmentState.COPY_SEGMENT_FINISHED and not self.partition_deleted


@dataclass
class MetadataState:
    """Every segment ``__remote_log_metadata`` names, by segment id, after all its records."""

    segments: dict[str, SegmentMetadata] = field(default_factory=dict)
    deleted_partitions: set[tuple[str, int]] = field(default_factory=set)  # (topic id, partition)


def read_metadata(
    log_dirs: Sequence[str | os.PathLike[str]], on_problem: ProblemHandler | None = None
) -> MetadataState:
    """The state of every remote segment from the ``__remote_log_metadata`` partitions in
    ``log_dirs`` (broker log dirs, or the partition directories themselves); records of other
    topics are skipped. A record that does not decode, or whose custom metadata does not parse, is
    an ``undecodable_internal_record`` problem (information) for ``on_problem`` (a warning without
    it), and the state is made without it (with the configured keys, for custom metadata)."""
    state = MetadataState()
    for record in read_log_dir(*log_dirs, on_problem=on_problem):
        if record.topic != "__remote_log_metadata":
            continue
        decoded = decode_remote_log_metadata(record.value)
        if decoded.value is None or decoded.problem is not None:
            _skipped(on_problem, record, decoded.problem or "a record without a value")
            continue
        _apply(state, decoded.value_type, decoded.value, functools.partial(_skipped, on_problem, record))
    return state


def _skipped(on_problem: ProblemHandler | None, record: Record, reason: str) -> None:
    """A ``__remote_log_metadata`` record left out of the state, as an
    ``undecodable_internal_record`` problem (a warning without ``on_problem``)."""
    problem = Problem(
        ProblemKind.UNDECODABLE_INTERNAL_RECORD,
        f"{record.topic}-{record.partition}",
        0,
        0,
        f"left out of the remote segments' state: {reason}",
        record.offset,
    )
    if on_problem is not None:
        on_problem(problem)
    else:
        warnings.warn(str(problem), KafkaksWarning, stacklevel=4)


def _apply(
    state: MetadataState, kind: str | None, data: dict[str, Any], skipped: Callable[[str], None]
) -> None:
    if kind == "RemoteLogSegmentMetadataRecord":
        ident = data["remoteLogSegmentId"]
        where = ident["topicIdPartition"]
        epochs = data["segmentLeaderEpochs"]
        state.segments.setdefault(
            ident["id"],
            SegmentMetadata(
                where["name"],
                where["id"],
                where["partition"],
                ident["id"],
                int(data["startOffset"]),
                int(data["endOffset"]),
                {entry["leaderEpoch"]: entry["offset"] for entry in epochs},
                int(data["segmentSizeInBytes"]),
                SegmentState(data["remoteLogSegmentState"]),
                (where["id"], where["partition"]) in state.deleted_partitions,
            ),
        )
    elif kind == "RemoteLogSegmentMetadataUpdateRecord":
        ident = data["remoteLogSegmentId"]
        segment = state.segments.get(ident["id"])
        if segment is not None:
            segment.state = SegmentState(data["remoteLogSegmentState"])
            custom = data.get("customMetadata")
            if segment.state == SegmentState.COPY_SEGMENT_FINISHED and custom:
                try:
                    segment.custom = parse_custom_metadata(base64.b64decode(custom))
                except (ValueError, binascii.Error) as exc:  # the configured keys, then
                    skipped(f"segment {ident['id']}'s custom metadata: {exc}")
    elif kind == "RemotePartitionDeleteMetadataRecord":
        where = data["topicIdPartition"]
        state.deleted_partitions.add((where["id"], where["partition"]))
        for segment in state.segments.values():
            if (segment.topic_id, segment.partition) == (where["id"], where["partition"]):
                segment.partition_deleted = True


def locate(store: Store, key_prefix: str, state: MetadataState | None) -> Found:
    """:func:`~kafkaks.remote.segments.find_segments`, plus the Aiven segments whose custom
    metadata (in the metadata's COPY_SEGMENT_FINISHED record) puts their objects under another
    prefix or key than ``key_prefix`` gives (ObjectKeyFactory.key(fields, ...)): those objects are
    taken from the keys of no known layout, as the plugin would fetch them."""
    found = find_segments(store, key_prefix)
    if state is None:
        return found
    listed = {segment.segment_id for segment in found.segments}
    unknown = dict(found.unknown)
    segments = list(found.segments)
    for meta in state.segments.values():
        if meta.custom is None or meta.segment_id in listed:
            continue
        main = main_path(meta.topic, meta.topic_id, meta.partition, meta.start_offset, meta.segment_id)
        keys = {suffix: meta.custom.key(key_prefix, main, suffix) for suffix in SUFFIXES}
        objects = {suffix: (key, unknown.pop(key)) for suffix, key in keys.items() if key in unknown}
        if objects:
            segment = RemoteSegment(
                store, "aiven", meta.topic, meta.topic_id, meta.partition, meta.start_offset, meta.segment_id
            )
            segment.objects.update(objects)
            segments.append(segment)
    segments.sort(key=lambda s: (s.topic, s.partition, s.topic_id, s.start_offset))
    return Found(segments, list(unknown.items()))


@dataclass(frozen=True)
class Finding:
    """Something an operator should know about the store's segments (the inventory lists them)."""

    kind: str  # incomplete_copy, not_live, unnamed_objects, missing_objects, overlap
    location: str
    message: str


def select(
    segments: Iterable[RemoteSegment], state: MetadataState | None
) -> tuple[list[RemoteSegment], list[Finding]]:
    """The segments to read (in partition and offset order), and what was left out and why."""
    findings: list[Finding] = []
    chosen: list[RemoteSegment] = []
    found: set[str] = set()
    for segment in segments:
        found.add(segment.segment_id)
        meta = state.segments.get(segment.segment_id) if state is not None else None
        if state is not None and meta is None:
            findings.append(
                Finding(
                    "unnamed_objects", segment.location, "no __remote_log_metadata record names this segment"
                )
            )
            continue
        if meta is not None and not meta.live:
            why = "its partition was deleted" if meta.partition_deleted else f"its state is {meta.state.name}"
            findings.append(Finding("not_live", segment.location, f"not read: {why}"))
            continue
        if not segment.complete:
            findings.append(
                Finding(
                    "incomplete_copy",
                    segment.location,
                    f"a copy that did not finish: no {', '.join(segment.missing)}"
                    + (" (though __remote_log_metadata says it did)" if meta is not None else ""),
                )
            )
            continue
        chosen.append(segment)
    if state is not None:
        for meta in state.segments.values():
            if meta.live and meta.segment_id not in found:
                findings.append(
                    Finding(
                        "missing_objects",
                        f"{meta.topic}-{meta.partition}/{meta.start_offset:020d}-{meta.segment_id}",
                        f"__remote_log_metadata names this live segment (offsets {meta.start_offset}.."
                        f"{meta.end_offset}), the store holds no object of it",
                    )
                )
    chosen.sort(key=lambda s: (s.topic, s.partition, s.start_offset, -s.objects[s.log_suffix][1]))
    return chosen, findings
