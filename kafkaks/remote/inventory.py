"""What a store of remote segments holds, as an operator checks it before trusting it:
:func:`take_inventory` (``kafkaks remote-inventory``).

Per partition: its segments in offset order (layout, start and end offsets, the largest timestamp,
sizes stored and original, compression and encryption, whether each is read), the offsets between
the segments read that none holds (gaps), then the findings of
:func:`~kafkaks.remote.metadata.select` (copies that did not finish, segments that are no longer
live, objects no metadata names, live segments with no object) and the objects of neither layout.
With ``read_chunks``, every segment read is also read through: each chunk fetched, decrypted and
decompressed (``failing_chunks``: each chunk that does not, with why), each batch's CRC checked
(``problems``), and the segment's first and last offsets and timestamps taken from its batches.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import KafkaksError
from ..models import Problem
from ..store.options import ReadOptions
from ..store.segment import flatten
from .aiven import Manifest
from .metadata import MetadataState, locate, read_metadata, select
from .reading import read_remote_segment, tier_gaps
from .segments import RemoteSegment, by_partition
from .stores import Store, open_store
from .tiers import Remote

__all__ = ["Inventory", "take_inventory"]


@dataclass
class Inventory:
    """The inventory as JSON-ready dicts (see :func:`take_inventory`)."""

    store: str
    partitions: list[dict[str, Any]] = field(default_factory=list)
    findings: list[dict[str, str]] = field(default_factory=list)
    unknown_objects: list[dict[str, Any]] = field(default_factory=list)

    @property
    def damaged(self) -> bool:
        """Whether anything found means data the store should hold cannot be read."""
        return any(
            p["gaps"] or any(s["problems"] or s.get("failing_chunks") for s in p["segments"])
            for p in self.partitions
        ) or any(f["kind"] == "missing_objects" for f in self.findings)

    def to_json(self) -> dict[str, Any]:
        return {
            "store": self.store,
            "partitions": self.partitions,
            "findings": self.findings,
            "unknown_objects": self.unknown_objects,
        }


def take_inventory(
    where: str | os.PathLike[str] | Store,
    *,
    key_prefix: str = "",
    keys: Mapping[str, str | bytes | os.PathLike[str]] | None = None,
    metadata: Sequence[str | os.PathLike[str]] = (),
    read_chunks: bool = False,
) -> Inventory:
    """The inventory of a store (arguments as :meth:`~kafkaks.remote.tiers.Remote.open`)."""
    store = where if not isinstance(where, str | os.PathLike) else open_store(where)
    state: MetadataState | None = read_metadata(list(metadata)) if metadata else None
    found = locate(store, key_prefix, state)
    chosen, findings = select(found.segments, state)
    remote = Remote.open(store, key_prefix=key_prefix, keys=keys, metadata=state)
    read_ids = {id(segment) for segment in chosen}
    inventory = Inventory(store.name)
    inventory.findings = [{"kind": f.kind, "object": f.location, "message": f.message} for f in findings]
    inventory.unknown_objects = [{"key": key, "size": size} for key, size in found.unknown]
    for (topic, partition), segments in sorted(by_partition(found.segments).items()):
        rows = [
            _segment_row(segment, id(segment) in read_ids, remote, state, read_chunks) for segment in segments
        ]
        live = [s for s in segments if id(s) in read_ids]
        spans = [(s.start_offset, remote.end_offsets.get(s.segment_id), s.location) for s in live]
        gaps = [{"first": p.offset, "message": p.message} for p in tier_gaps(spans, None, store.name)]
        inventory.partitions.append(
            {
                "topic": topic,
                "partition": partition,
                "topic_id": segments[0].topic_id,
                "segments": rows,
                "stored_bytes": sum(row["stored_bytes"] for row in rows),
                "gaps": gaps,
            }
        )
    return inventory


def _segment_row(
    segment: RemoteSegment, read: bool, remote: Remote, state: MetadataState | None, read_chunks: bool
) -> dict[str, Any]:
    row: dict[str, Any] = {
        "layout": segment.layout,
        "segment_id": segment.segment_id,
        "start_offset": segment.start_offset,
        "end_offset": remote.end_offsets.get(segment.segment_id),
        "max_timestamp": None,
        "read": read,
        "stored_bytes": segment.stored_bytes,
        "original_bytes": None,
        "compression": False,
        "encryption": None,
        "problems": [],
    }
    meta = state.segments.get(segment.segment_id) if state is not None else None
    if meta is not None:
        row["end_offset"], row["state"] = meta.end_offset, meta.state.name
    manifest: Manifest | None = None
    if segment.layout == "aiven" and "rsm-manifest" in segment.objects:
        try:
            manifest = segment.manifest()
        except KafkaksError as exc:
            row["problems"].append(str(exc))
    if manifest is not None:
        row["original_bytes"] = manifest.chunk_index.original_file_size
        row["chunks"] = manifest.chunk_index.count
        row["chunk_index"] = manifest.chunk_index.kind
        row["compression"] = manifest.compression
        row["encryption"] = manifest.encryption.key_id if manifest.encryption else None
        row["max_timestamp"] = (manifest.metadata or {}).get("maxTimestampMs")
    elif segment.layout == "local_tiered" and ".log" in segment.objects:
        row["original_bytes"] = segment.objects[".log"][1]
    if read and read_chunks:
        _read_through(segment, remote, row)
    return row


def _read_through(segment: RemoteSegment, remote: Remote, row: dict[str, Any]) -> None:
    try:
        with segment.open(remote.keyring) as stream:
            row["failing_chunks"] = [{"chunk": n, "message": why} for n, why in stream.failing_chunks()]
    except KafkaksError as exc:
        row["problems"].append(str(exc))
        return
    problems: list[Problem] = []
    first = last = low = high = None
    reading = ReadOptions(on_problem=problems.append)
    for batch in flatten(read_remote_segment(segment, reading, keyring=remote.keyring)):
        first = batch.base_offset if first is None else first
        last = batch.last_offset
        low = batch.max_timestamp if low is None else min(low, batch.max_timestamp)
        high = batch.max_timestamp if high is None else max(high, batch.max_timestamp)
    row.update(first_offset=first, last_offset=last, min_batch_timestamp=low, max_batch_timestamp=high)
    row["problems"] += [f"{p.kind}: {p}" for p in problems if p.kind.damage]
