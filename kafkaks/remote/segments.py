"""The remote segments a store holds, in either layout: :func:`find_segments`, and each one's
bytes through :meth:`RemoteSegment.open`.

Two layouts are known, told apart by their keys:

- Aiven's tiered storage (:mod:`kafkaks.remote.aiven`): ``<prefix><topic>-<topic id>/<partition>/
  <offset>-<segment id>.{log,indexes,rsm-manifest}``. It uploads the three objects in that order
  (A:KafkaRemoteStorageManager.copyLogSegmentData) and deletes them best-effort when a copy fails,
  so a segment without its manifest is a copy that did not finish.
- Apache Kafka's LocalTieredStorage (storage/src/test/java/org/apache/kafka/server/log/remote/
  storage/LocalTieredStorage.java, RemoteLogSegmentFileset.java, RemoteTopicPartitionDirectory.java
  at 26b251a451ce941d3d7a55e6487bcb7f16b5ad48): ``[.../]kafka-tiered-storage/<topic>-<partition>-
  <topic id>/<offset>-<segment id>`` + ``.log``, ``.index``, ``.timeindex``, ``.txnindex``
  (optional), ``.leader_epoch_checkpoint``, ``.snapshot``: plain copies of the broker's files,
  written in that order (RemoteLogSegmentFileset.copy). A fileset without its ``.snapshot``, the
  last file written, is a copy that did not finish.

Objects of neither layout are kept as ``unknown`` for the inventory.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from ..errors import KafkaksError
from ..models import OffsetIndexEntry
from ..store.files import read_offset_index
from . import aiven
from .chunked import ChunkedSegment, Detransform
from .crypto import Keyring, decrypt_chunk
from .stores import Store

__all__ = ["LOCAL_TIERED_SUFFIXES", "Found", "RemoteSegment", "find_segments"]

Layout = Literal["aiven", "local_tiered"]
# RemoteLogSegmentFileset.RemoteLogSegmentFileType, in the order copy() writes them.
LOCAL_TIERED_SUFFIXES = (".log", ".index", ".timeindex", ".txnindex", ".leader_epoch_checkpoint", ".snapshot")
LOCAL_TIERED_OPTIONAL = frozenset({".txnindex"})
# RemoteTopicPartitionDirectory.FILENAME_FORMAT and RemoteLogSegmentFileset.FILENAME_FORMAT
LOCAL_TIERED_KEY = re.compile(
    r"^(?P<dir>(?:.*/)?(?P<topic>[a-zA-Z0-9._-]+)-(?P<partition>\d+)-(?P<topic_id>[a-zA-Z0-9_-]{22}))/"
    r"(?P<offset>\d+)-(?P<segment_id>[a-zA-Z0-9_-]{22})(?P<suffix>\.[a-z_]+)$"
)


@dataclass
class RemoteSegment:
    """One remote segment: its partition, start offset and id, and its objects (suffix -> key and
    size). ``complete`` says whether every object a finished copy leaves is there."""

    store: Store
    layout: Layout
    topic: str
    topic_id: str
    partition: int
    start_offset: int
    segment_id: str
    objects: dict[str, tuple[str, int]] = field(default_factory=dict)

    @property
    def log_suffix(self) -> str:
        return "log" if self.layout == "aiven" else ".log"

    @property
    def complete(self) -> bool:
        if self.layout == "aiven":
            return all(suffix in self.objects for suffix in aiven.SUFFIXES)
        return all(s in self.objects for s in LOCAL_TIERED_SUFFIXES if s not in LOCAL_TIERED_OPTIONAL)

    @property
    def missing(self) -> list[str]:
        """The objects of a finished copy that are not there."""
        if self.layout == "aiven":
            return [f".{suffix}" for suffix in aiven.SUFFIXES if suffix not in self.objects]
        return [s for s in LOCAL_TIERED_SUFFIXES if s not in LOCAL_TIERED_OPTIONAL and s not in self.objects]

    @property
    def location(self) -> str:
        """The full name of its ``.log`` object (or of the first object found), for messages."""
        key = self.objects.get(self.log_suffix) or next(iter(self.objects.values()))
        return self.store.location(key[0])

    @property
    def stored_bytes(self) -> int:
        return sum(size for _key, size in self.objects.values())

    def manifest(self) -> aiven.Manifest:
        """The parsed ``.rsm-manifest`` of an Aiven segment."""
        key, _size = self.objects["rsm-manifest"]
        blob = self.store.open(key)
        try:
            return aiven.parse_manifest(blob.read_at(0, blob.size), self.store.location(key))
        finally:
            blob.close()

    def index_part(self, kind: str, keyring: Keyring | None = None) -> bytes:
        """One part of an Aiven segment's ``.indexes`` object (a kind of
        :data:`~kafkaks.remote.aiven.INDEX_KINDS`), decrypted: the broker's file for it, which
        ``aiven_segment_indexes.ksy`` reads; b"" when the manifest has none."""
        manifest = self.manifest()
        part = manifest.indexes.get(kind)
        key, _size = self.objects["indexes"]
        if part is None or part.size == 0:
            return b""
        blob = self.store.open(key)
        try:
            data = blob.read_at(part.position, part.size)
        finally:
            blob.close()
        if len(data) != part.size:
            raise KafkaksError(
                f"the {kind} index at {part.position} ({part.size} bytes) runs past the object's end",
                path=self.store.location(key),
            )
        detransform = _detransform(manifest, keyring, self.store.location(key), compressed=False)
        if detransform is None:
            return data
        try:
            return detransform(data, aiven.Chunk(0, 0, part.size, part.position, part.size))
        except ValueError as exc:
            raise KafkaksError(
                f"the {kind} index does not decrypt: {exc}", path=self.store.location(key)
            ) from None

    def log_size(self) -> int:
        """The bytes of the segment (the broker's ``.log`` file): an Aiven segment's manifest says
        it (its ``.log`` object holds the chunks, compressed or encrypted), a LocalTieredStorage
        ``.log`` is a plain copy."""
        if self.layout == "aiven":
            return self.manifest().chunk_index.original_file_size
        return self.objects[self.log_suffix][1]

    def offset_index(self, keyring: Keyring | None = None) -> list[OffsetIndexEntry]:
        """The entries of the segment's offset index: the ``offset`` part of an Aiven segment's
        ``.indexes`` object (a ranged read), or a LocalTieredStorage segment's ``.index``; none
        without one."""
        if self.layout == "aiven":
            data = self.index_part("offset", keyring)
        elif ".index" in self.objects:
            key, _size = self.objects[".index"]
            blob = self.store.open(key)
            try:
                data = blob.read_at(0, blob.size)
            finally:
                blob.close()
        else:
            return []
        return read_offset_index(self.location, self.start_offset, data=data)

    def open(self, keyring: Keyring | None = None, manifest: aiven.Manifest | None = None) -> ChunkedSegment:
        """The segment's bytes as a seekable binary file (:class:`~kafkaks.remote.chunked.ChunkedSegment`).
        An encrypted Aiven segment needs the ``keyring`` holding its key pair."""
        key, size = self.objects[self.log_suffix]
        if self.layout == "local_tiered":
            index = aiven.ChunkIndex("fixed", max(size, 1), size, 1 if size else 0, size, size)
            return ChunkedSegment(self.store.open(key), index, None)
        manifest = manifest or self.manifest()
        detransform = _detransform(manifest, keyring, self.store.location(key))
        return ChunkedSegment(self.store.open(key), manifest.chunk_index, detransform)


def _detransform(
    manifest: aiven.Manifest, keyring: Keyring | None, where: str, *, compressed: bool = True
) -> Detransform | None:
    """Aiven's DetransformChunkEnumeration chain for this segment: decrypt, then decompress (the
    ``.log`` object's chunks; the ``.indexes`` object's parts are never ``compressed``)."""
    encryption = manifest.encryption
    compression = manifest.compression and compressed
    if encryption is None and not compression:
        return None
    data_key = aad = b""
    if encryption is not None:
        if keyring is None:
            raise KafkaksError(
                f"the segment is encrypted with key pair {encryption.key_id!r}: give its private key "
                "(keyring, --remote-key ID=PEM)",
                path=where,
            )
        data_key, aad = keyring.unwrap(encryption.key_id, encryption.wrapped_key, where), encryption.aad
    if compression:
        import zstandard

        decompressor = zstandard.ZstdDecompressor()

    def detransform(data: bytes, chunk: aiven.Chunk) -> bytes:
        if encryption is not None:
            data = decrypt_chunk(data_key, aad, data)
        if compression:
            try:
                data = decompressor.decompress(data, max_output_size=chunk.original_size)
            except zstandard.ZstdError as exc:
                raise ValueError(f"zstd: {exc}") from None
        return data

    return detransform


@dataclass
class Found:
    """What :func:`find_segments` found: the segments, and the keys of neither layout."""

    segments: list[RemoteSegment]
    unknown: list[tuple[str, int]]


def find_segments(store: Store, key_prefix: str = "") -> Found:
    """Every remote segment in ``store`` (in partition, then offset order), from its listing alone.
    ``key_prefix`` is Aiven's ``rsm.config.key.prefix`` (relative to the store's root)."""
    segments: dict[tuple[str, str, str], RemoteSegment] = {}
    unknown: list[tuple[str, int]] = []
    for key, size in store.list():
        parsed = aiven.parse_key(key, key_prefix)
        if parsed is not None:
            group = ("aiven", parsed.main_path, "")
            segment = segments.get(group)
            if segment is None:
                segment = segments[group] = RemoteSegment(
                    store,
                    "aiven",
                    parsed.topic,
                    parsed.topic_id,
                    parsed.partition,
                    parsed.start_offset,
                    parsed.segment_id,
                )
            segment.objects[parsed.suffix] = (key, size)
            continue
        match = LOCAL_TIERED_KEY.match(key)
        if match is not None and match["suffix"] in LOCAL_TIERED_SUFFIXES:
            group = ("local_tiered", match["dir"], f"{int(match['offset'])}-{match['segment_id']}")
            segment = segments.get(group)
            if segment is None:
                segment = segments[group] = RemoteSegment(
                    store,
                    "local_tiered",
                    match["topic"],
                    match["topic_id"],
                    int(match["partition"]),
                    int(match["offset"]),
                    match["segment_id"],
                )
            segment.objects[match["suffix"]] = (key, size)
            continue
        unknown.append((key, size))
    ordered = sorted(segments.values(), key=lambda s: (s.topic, s.partition, s.topic_id, s.start_offset))
    return Found(ordered, unknown)


def by_partition(segments: Iterable[RemoteSegment]) -> dict[tuple[str, int], list[RemoteSegment]]:
    """The segments grouped by (topic, partition), in offset order."""
    grouped: dict[tuple[str, int], list[RemoteSegment]] = defaultdict(list)
    for segment in segments:
        grouped[segment.topic, segment.partition].append(segment)
    return dict(grouped)
