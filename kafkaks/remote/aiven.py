"""Aiven's tiered storage layout (``segment.format=kafka``, its default): object keys, the JSON
``.rsm-manifest`` and its chunk index.

Read from Aiven-Open/tiered-storage-for-apache-kafka at 8fb15816df2d0b3f880b76e5ac0a14b64dd790d9
(``A:`` = ``core/src/main/java/io/aiven/kafka/tieredstorage/``):

- Keys (A:ObjectKeyFactory.java): ``<prefix><topic>-<topic id>/<partition>/<start offset, 20
  digits>-<segment id>.<suffix>``, the suffix ``log``, ``indexes`` or ``rsm-manifest``; ids are
  Kafka ``Uuid.toString()`` (22 characters of URL-safe base64). The prefix
  (``rsm.config.key.prefix``) defaults to "" and no separator is added after it.
- The manifest (A:manifest/SegmentManifestV1.java, SegmentIndexesV1.java, SegmentIndexV1.java,
  SegmentEncryptionMetadataV1.java, serde/KafkaTypeSerdeModule.java): ``version`` "1",
  ``chunkIndex``, ``segmentIndexes`` (``offset``, ``timestamp``, ``producerSnapshot``,
  ``leaderEpoch``, ``transaction``: each ``{position, size}`` in the ``.indexes`` object,
  ``transaction`` null when the segment had none), ``compression`` (bool), ``encryption`` (only
  when encrypted: ``dataKey`` "<key pair id>:<base64 of the RSA-wrapped AES key>", ``aad`` base64)
  and ``remoteLogSegmentMetadata`` (written, never read back by Aiven). docs/remote.md lists them.
- The chunk index (A:manifest/index/AbstractChunkIndex.java, FixedSizeChunkIndex.java,
  VariableSizeChunkIndex.java): the segment cut in ``originalChunkSize`` pieces, the last holding
  the rest (a whole chunk when the size divides exactly); ``"fixed"`` gives every transformed chunk
  the size ``transformedChunkSize`` but the last (``finalTransformedChunkSize``), ``"variable"``
  lists them (``transformedChunks``: base64 of a zstd frame holding ``aiven_chunk_sizes.ksy``).
  An empty segment has one chunk of size 0.
- The custom metadata of a segment (``aiven_segment_custom_metadata.ksy``, read from
  metadata/SegmentCustomMetadataField.java and ObjectKeyFactory.java at
  3afb9d7f2e577737b770c623a4d6b6e80e0d5818, metadata/SegmentCustomMetadataSerde.java at
  7deb35b395b176343c35cbacd0ccd9bce30f724b): the object prefix and key a segment was uploaded
  under, which the plugin prefers to its configuration when it fetches the segment.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any, Literal

from ..errors import CorruptDataError, UnsupportedError
from ..generated.aiven_chunk_sizes import AivenChunkSizes
from ..generated.aiven_segment_custom_metadata import AivenSegmentCustomMetadata

__all__ = [
    "INDEX_KINDS",
    "SUFFIXES",
    "AivenKey",
    "Chunk",
    "ChunkIndex",
    "CustomMetadata",
    "Encryption",
    "IndexRange",
    "Manifest",
    "main_path",
    "parse_custom_metadata",
    "parse_key",
    "parse_manifest",
]

SUFFIXES = ("log", "indexes", "rsm-manifest")
# Kafka's Uuid.toString(): 16 bytes as URL-safe base64 without padding.
UUID = r"[A-Za-z0-9_-]{22}"
# org.apache.kafka.common.internals.Topic.LEGAL_CHARS: no "/", so a key under another prefix is no match
KEY = re.compile(
    rf"^(?P<topic>[a-zA-Z0-9._-]+)-(?P<topic_id>{UUID})/(?P<partition>\d+)/(?P<offset>\d{{20}})-(?P<segment_id>{UUID})"
    r"\.(?P<suffix>log|indexes|rsm-manifest)$"
)
# The parts of the .indexes object in the order Aiven writes them (KafkaRemoteStorageManager
# .uploadIndexes), by their manifest names; the transaction index only when the segment has one.
INDEX_KINDS = ("offset", "timestamp", "producerSnapshot", "leaderEpoch", "transaction")
# TransformedChunksDeserializer.MAX_DECOMPRESSED_SIZE: what the variable index may decompress to.
MAX_CHUNK_SIZES_BYTES = 10 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class AivenKey:
    """What an object's key says: its segment, and which of its three objects it is."""

    topic: str
    topic_id: str
    partition: int
    start_offset: int
    segment_id: str
    suffix: str

    @property
    def main_path(self) -> str:
        return main_path(self.topic, self.topic_id, self.partition, self.start_offset, self.segment_id)


def main_path(topic: str, topic_id: str, partition: int, start_offset: int, segment_id: str) -> str:
    """ObjectKeyFactory.mainPath: the key of a segment's objects without prefix and suffix."""
    return f"{topic}-{topic_id}/{partition}/{start_offset:020d}-{segment_id}"


def parse_key(key: str, prefix: str = "") -> AivenKey | None:
    """The :class:`AivenKey` of a key under ``prefix``, or None when it is not one of Aiven's."""
    if not key.startswith(prefix):
        return None
    match = KEY.match(key[len(prefix) :])
    if match is None:
        return None
    return AivenKey(
        match["topic"],
        match["topic_id"],
        int(match["partition"]),
        int(match["offset"]),
        match["segment_id"],
        match["suffix"],
    )


@dataclass(frozen=True, slots=True)
class Chunk:
    """One chunk: where it is in the segment (original) and in the ``.log`` object (transformed)."""

    number: int
    original_position: int
    original_size: int
    transformed_position: int
    transformed_size: int


@dataclass(frozen=True)
class ChunkIndex:
    """The chunks of a ``.log`` object (AbstractChunkIndex): ``count`` chunks of
    ``original_chunk_size`` segment bytes, the last holding the rest. A fixed index gives every
    transformed chunk the size ``fixed_size`` but the last (``final_size``), a variable one lists
    ``sizes``. Chunks are computed when asked for, never all at once: a manifest's numbers may be
    anything, and a fixed index of two billion chunks costs nothing until it is read."""

    kind: Literal["fixed", "variable"]
    original_chunk_size: int
    original_file_size: int
    count: int
    fixed_size: int = 0
    final_size: int = 0
    sizes: tuple[int, ...] = ()
    _positions: array[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        positions = array("q", [0])
        if self.kind == "variable":
            positions.extend(accumulate(self.sizes))
        object.__setattr__(self, "_positions", positions)

    @property
    def transformed_size(self) -> int:
        """What the ``.log`` object should hold."""
        if self.kind == "variable":
            return self._positions[-1]
        return self.fixed_size * (self.count - 1) + self.final_size if self.count else 0

    def chunk(self, number: int) -> Chunk:
        """Chunk ``number`` (0 to ``count - 1``); an empty segment's one chunk of size 0."""
        if self.count == 0:
            return Chunk(0, 0, 0, 0, 0)
        last = number == self.count - 1
        original = (
            self.original_file_size - number * self.original_chunk_size if last else self.original_chunk_size
        )
        if self.kind == "variable":
            position, size = self._positions[number], self.sizes[number]
        else:
            position, size = number * self.fixed_size, self.final_size if last else self.fixed_size
        return Chunk(number, number * self.original_chunk_size, original, position, size)

    def number_at(self, position: int) -> int:
        """The chunk holding the segment's byte ``position``."""
        return max(min(position // self.original_chunk_size, self.count - 1), 0)


@dataclass(frozen=True, slots=True)
class IndexRange:
    """Where one index is in the ``.indexes`` object (its transformed bytes)."""

    position: int
    size: int


@dataclass(frozen=True, slots=True)
class Encryption:
    """A segment's encryption: the AES data key wrapped by the key pair ``key_id``, and the AAD."""

    key_id: str
    wrapped_key: bytes
    aad: bytes


@dataclass(frozen=True, slots=True)
class Manifest:
    """A parsed ``.rsm-manifest``. ``metadata`` is its ``remoteLogSegmentMetadata`` as written."""

    chunk_index: ChunkIndex
    indexes: Mapping[str, IndexRange | None]
    compression: bool
    encryption: Encryption | None
    metadata: Mapping[str, Any] | None


@dataclass(frozen=True, slots=True)
class CustomMetadata:
    """The custom metadata Aiven's plugin returns for a segment it copied, kept by the broker in the
    COPY_SEGMENT_FINISHED record (``aiven_segment_custom_metadata.ksy``): each field only when
    ``rsm.config.custom.metadata.fields.include`` named it."""

    remote_size: int | None = None
    object_prefix: str | None = None
    object_key: str | None = None

    def key(self, key_prefix: str, main: str, suffix: str) -> str:
        """ObjectKeyFactory.key(fields, ...): the prefix and main part these fields give, else
        the configured prefix and the main part computed from the segment's metadata."""
        prefix = self.object_prefix if self.object_prefix is not None else key_prefix
        return f"{prefix}{self.object_key if self.object_key is not None else main}.{suffix}"


def parse_custom_metadata(data: bytes) -> CustomMetadata:
    """The fields of a segment's custom metadata (SegmentCustomMetadataSerde.deserialize: no bytes
    is no field); ValueError when the bytes are not such a section."""
    if not data:
        return CustomMetadata()
    try:
        parsed = AivenSegmentCustomMetadata.from_bytes(data)
    except Exception as exc:  # the generated parser's EOF and decoding errors
        raise ValueError(f"custom metadata of {len(data)} bytes does not parse: {exc}") from None
    kinds = AivenSegmentCustomMetadata.FieldKind
    values: dict[str, Any] = {}
    for item in parsed.fields:
        if item.tag.value == kinds.remote_size:
            values["remote_size"] = item.data.value
        elif item.tag.value == kinds.object_prefix:
            values["object_prefix"] = item.data.value
        elif item.tag.value == kinds.object_key:
            values["object_key"] = item.data.value
    return CustomMetadata(**values)


def parse_manifest(data: bytes, where: str) -> Manifest:
    """The manifest in ``data``; :class:`~kafkaks.errors.CorruptDataError` naming ``where`` when it is
    not one (Jackson's ``required`` fields are required here too), UnsupportedError for a version
    other than "1"."""

    def fail(reason: str) -> CorruptDataError:
        return CorruptDataError(f"not a segment manifest: {reason}", path=where)

    try:
        document = json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise fail(f"not JSON ({exc})") from None
    if not isinstance(document, dict):
        raise fail("not a JSON object")
    if document.get("version") != "1":
        raise UnsupportedError(
            f'segment manifest version {document.get("version")!r} (only version "1" is known)', path=where
        )
    try:
        chunk_index = _chunk_index(document["chunkIndex"])
        indexes = {kind: _index_range(document["segmentIndexes"].get(kind)) for kind in INDEX_KINDS}
        compression = document["compression"]
        if not isinstance(compression, bool):
            raise TypeError("compression is not a boolean")
        encryption = _encryption(document.get("encryption"))
    except (KeyError, TypeError, ValueError, AttributeError, binascii.Error) as exc:
        raise fail(f"{type(exc).__name__}: {exc}") from None
    for kind in INDEX_KINDS[:4]:
        if indexes[kind] is None:
            raise fail(f"segmentIndexes.{kind} is missing")
    metadata = document.get("remoteLogSegmentMetadata")
    return Manifest(
        chunk_index, indexes, compression, encryption, metadata if isinstance(metadata, dict) else None
    )


def _int(value: Any, name: str, *, positive: bool = False) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < (1 if positive else 0):
        raise ValueError(f"{name} is {value!r}, not a {'positive' if positive else 'non-negative'} integer")
    return value


def _chunk_index(field: Any) -> ChunkIndex:
    kind = field["type"]
    chunk_size = _int(field["originalChunkSize"], "originalChunkSize", positive=True)
    file_size = _int(field["originalFileSize"], "originalFileSize")
    if kind == "fixed":
        count = -(-file_size // chunk_size)
        size = _int(field["transformedChunkSize"], "transformedChunkSize")
        final = _int(field["finalTransformedChunkSize"], "finalTransformedChunkSize")
        return ChunkIndex("fixed", chunk_size, file_size, count, size, final)
    if kind == "variable":
        sizes = _chunk_sizes(base64.b64decode(field["transformedChunks"], validate=True))
        count = len(sizes)
        if count == 0 or not (count - 1) * chunk_size < max(file_size, 1) <= count * chunk_size:
            raise ValueError(
                f"{count} chunks of {chunk_size} bytes cannot hold a segment of {file_size} bytes"
            )
        return ChunkIndex("variable", chunk_size, file_size, count, sizes=sizes)
    raise ValueError(f"chunkIndex.type {kind!r} is neither fixed nor variable")


def _chunk_sizes(frame: bytes) -> tuple[int, ...]:
    """TransformedChunksDeserializer: a zstd frame (with its content size) of aiven_chunk_sizes."""
    import zstandard

    try:
        params = zstandard.get_frame_parameters(frame)
        if not 0 <= params.content_size <= MAX_CHUNK_SIZES_BYTES:
            raise ValueError(f"transformedChunks declares {params.content_size} bytes")
        raw = zstandard.ZstdDecompressor().decompress(frame, max_output_size=MAX_CHUNK_SIZES_BYTES)
    except zstandard.ZstdError as exc:
        raise ValueError(f"transformedChunks is not a zstd frame: {exc}") from None
    try:
        parsed = AivenChunkSizes.from_bytes(raw)
    except Exception as exc:  # the generated parser's EOF and validation errors
        raise ValueError(f"transformedChunks is cut short: {exc}") from None
    if parsed.num_chunks < 0:
        raise ValueError(f"transformedChunks counts {parsed.num_chunks} chunks")
    if parsed.num_chunks == 0:
        return ()
    if parsed.num_chunks == 1:
        return (_int(parsed.single_size, "a chunk size"),)
    return (*(parsed.base + delta for delta in parsed.deltas), _int(parsed.last_size, "a chunk size"))


def _index_range(field: Any) -> IndexRange | None:
    if field is None:
        return None
    return IndexRange(_int(field["position"], "position"), _int(field["size"], "size"))


def _encryption(field: Any) -> Encryption | None:
    if field is None:
        return None
    key_id, colon, wrapped = field["dataKey"].partition(":")
    if not colon or not key_id.strip() or ":" in wrapped:
        raise ValueError("encryption.dataKey is not <key pair id>:<base64>")
    return Encryption(key_id, base64.b64decode(wrapped, validate=True), base64.b64decode(field["aad"]))
