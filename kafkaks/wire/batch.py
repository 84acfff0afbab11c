"""One entry of a log, whatever its magic: :class:`Batch`, and Kafka's ``ensureValid()``.

An entry is ``offset int64 | length int32 | ...`` with the magic byte at entry offset 16: a v2
record batch (DefaultRecordBatch) or a legacy v0/v1 message (LegacyRecord), possibly a compressed
wrapper of inner messages. Their headers are read with ``struct`` through the layouts that
``make generate`` derives from the specs (:mod:`kafkaks.generated.layout`); no offset is typed
here. The codec and timestamp type ids come from the specs' enums.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import BinaryIO, Literal, NamedTuple, TypeVar

from kaitaistruct import BytesIO, KaitaiStream, KaitaiStructError

from ..errors import CorruptDataError, KafkaksError, UnsupportedError
from ..generated.kafka_message import KafkaMessage
from ..generated.kafka_record_batch import KafkaRecordBatch
from ..generated.layout import (
    LegacyMessageV0,
    LegacyMessageV1,
    LogEntryHeader,
    LogEntryPrefix,
    RecordBatchHeader,
)
from ..models import Compression, Record, TimestampType
from .checksums import crc32c
from .codecs import DEFAULT_MAX_DECOMPRESSED_BYTES, decompress
from .control import decode_control
from .records import count_decoded, decode

__all__ = [
    "HEADER_SIZE_UP_TO_MAGIC",
    "LOG_OVERHEAD",
    "MAGIC_OFFSET",
    "MIN_ENTRY_LENGTH",
    "V2_CODECS",
    "V2_MIN_LENGTH",
    "Batch",
    "Invalid",
    "Unframed",
    "crc_mismatch",
    "ensure_valid",
    "entry_last_offset",
    "frame",
]

LOG_OVERHEAD = LogEntryPrefix.SIZE  # Records.LOG_OVERHEAD: offset and length
HEADER_SIZE_UP_TO_MAGIC = LogEntryHeader.SIZE  # Records.HEADER_SIZE_UP_TO_MAGIC
MAGIC_OFFSET = LogEntryHeader.MAGIC_OFFSET
MIN_ENTRY_LENGTH = LegacyMessageV0.MIN_SIZE  # LegacyRecord.RECORD_OVERHEAD_V0: the smallest length field
V2_MIN_LENGTH = RecordBatchHeader.SIZE - LOG_OVERHEAD  # the smallest length field of a v2 batch
MAX_INT32 = 0x7FFFFFFF
INVALID_INNER = "Found invalid inner message set in compressed wrapper"
CRC_CHUNK = 1 << 20  # ensure_valid checksums a long entry from its stream this much at a time
_T = TypeVar("_T")

# The codecs each format knows, from the specs' enums: zstd exists in v2 batches only.
V2_CODECS = {codec.value: Compression(codec.name) for codec in KafkaRecordBatch.CompressionType}
_LEGACY_CODECS = {codec.value: Compression(codec.name) for codec in KafkaMessage.CompressionType}
_TIMESTAMP_TYPES = {kind.value: TimestampType[kind.name.upper()] for kind in KafkaMessage.TimestampType}


class _Checksum(NamedTuple):
    """Where an entry's CRC is stored, where the bytes it covers start, and how it is computed."""

    algorithm: str
    stored_at: int
    start: int
    update: Callable[[bytes | memoryview, int], int]


# v2: CRC-32C from the attributes on (partitionLeaderEpoch is rewritten without recomputing it);
# v0/v1: CRC-32 of the message from its magic byte on.
_V2_CRC = _Checksum("CRC-32C", RecordBatchHeader.CRC_OFFSET, RecordBatchHeader.ATTRIBUTES_OFFSET, crc32c)
_LEGACY_CRC = _Checksum(
    "CRC-32",
    LOG_OVERHEAD + LegacyMessageV0.CRC_OFFSET,
    LOG_OVERHEAD + LegacyMessageV0.MAGIC_OFFSET,
    zlib.crc32,
)
_CRC_STRUCT = RecordBatchHeader.CRC_STRUCT  # a uint32 in both formats
_V2_HEADER = RecordBatchHeader.STRUCT
_LENGTH = LogEntryPrefix.LEN_BODY_STRUCT
_V2_CRC_START = _V2_CRC.start
_V1_TIMESTAMP = LegacyMessageV1.FIELDS.index("timestamp")


def _checksum(magic: int) -> _Checksum:
    return _V2_CRC if magic >= 2 else _LEGACY_CRC


def _increment_sequence(sequence: int, increment: int) -> int:
    """DefaultRecordBatch.incrementSequence: sequences wrap past 2^31 - 1 to 0."""
    if sequence > MAX_INT32 - increment:
        return increment - (MAX_INT32 - sequence) - 1
    return sequence + increment


def _codec(attributes: int, magic: int) -> Compression:
    codec_id = attributes & RecordBatchHeader.COMPRESSION_MASK
    codec = (V2_CODECS if magic >= 2 else _LEGACY_CODECS).get(codec_id)
    if codec is None:
        raise UnsupportedError(f"Unknown compression type id: {codec_id} (magic {magic})")
    return codec


def _timestamp_type(attributes: int) -> TimestampType:
    """The timestamp type of a v1 message or a v2 batch, from its attributes (the same bit)."""
    return _TIMESTAMP_TYPES[bool(attributes & RecordBatchHeader.TIMESTAMP_TYPE_MASK)]


def entry_last_offset(head: bytes) -> int:
    """The last offset of the entry whose first bytes are ``head`` (at least 17), by its header
    alone: a v2 batch's base offset plus its lastOffsetDelta when ``head`` holds its header, else
    the entry's offset (a legacy message's own, a compressed wrapper's last inner one)."""
    offset: int = LogEntryPrefix.OFFSET_STRUCT.unpack_from(head)[0]
    if head[MAGIC_OFFSET] >= 2 and len(head) >= RecordBatchHeader.SIZE:
        delta = RecordBatchHeader.LAST_OFFSET_DELTA_STRUCT
        offset += delta.unpack_from(head, RecordBatchHeader.LAST_OFFSET_DELTA_OFFSET)[0]
    return offset


class Unframed(Enum):
    """Why :func:`frame` finds no entry: no more than HEADER_SIZE_UP_TO_MAGIC bytes are left
    (``END``), a length field below MIN_ENTRY_LENGTH (``SHORT``), an entry that runs past the end
    (``CUT``). Members, not objects made per call: resynchronising frames every candidate."""

    END = "end"
    SHORT = "short"
    CUT = "cut"

    def message(self, head: bytes, room: int) -> str:
        """Kafka's message for a short length (FileLogInputStream.nextBatch), ours for the others,
        about the entry that starts ``head`` with ``room`` bytes left."""
        at_end = f"Found {room} invalid bytes at the end of the file"
        if self is Unframed.END:
            return at_end
        length = _LENGTH.unpack_from(head, LogEntryPrefix.LEN_BODY_OFFSET)[0]
        if self is Unframed.SHORT:
            return f"Found record size {length} smaller than minimum record overhead ({MIN_ENTRY_LENGTH})"
        return f"{at_end}: a batch of {LOG_OVERHEAD + length} bytes is cut short"


def frame(data: bytes, at: int, room: int) -> int | Unframed:
    """The size of the entry that starts at ``at`` in ``data``, with ``room`` bytes from there to
    the end of the file (or of the range read), or why there is none: the framing of Kafka's
    ``FileLogInputStream.nextBatch``, the one rule every walk over entries follows.

    An entry is read only when more than HEADER_SIZE_UP_TO_MAGIC bytes are left, its length field
    is at least MIN_ENTRY_LENGTH (LegacyRecord.RECORD_OVERHEAD_V0, else Kafka throws
    CorruptRecordException) and the whole entry lies within ``room`` (else Kafka stops: a partial
    entry). ``data`` must hold the entry's first LOG_OVERHEAD bytes unless ``room`` is that small.
    The compiled scan (``scan`` in ``_core.c``) has its own copy; tests/test_scan.py checks that
    the two agree."""
    if room <= HEADER_SIZE_UP_TO_MAGIC:
        return Unframed.END
    length: int = _LENGTH.unpack_from(data, at + LogEntryPrefix.LEN_BODY_OFFSET)[0]
    if length < MIN_ENTRY_LENGTH:
        return Unframed.SHORT
    size = LOG_OVERHEAD + length
    return size if size <= room else Unframed.CUT


@dataclass(frozen=True, slots=True)
class Invalid:
    """Why :func:`ensure_valid` rejects an entry: ``implausible`` (a header no writer makes),
    ``size`` (a v2 batch smaller than its header) or ``crc`` (the checksum does not match)."""

    kind: Literal["implausible", "size", "crc"]
    size: int
    stored: int = 0
    computed: int = 0

    @property
    def message(self) -> str:
        """Kafka's message for it (RecordBatch.ensureValid)."""
        if self.kind == "size":
            return (
                f"Record batch is corrupt (the size {self.size} is smaller than the minimum allowed "
                f"overhead {RecordBatchHeader.SIZE})"
            )
        if self.kind == "crc":
            return f"Record is corrupt (stored crc = {self.stored}, computed crc = {self.computed})"
        return f"Record is implausible (a header no Kafka writer makes, {self.size} bytes)"


def ensure_valid(stream: BinaryIO, position: int, head: bytes, *, plausible: bool = False) -> Invalid | None:
    """Kafka's ``RecordBatch.ensureValid()`` for the entry of any magic at ``position`` in
    ``stream``, whose first bytes (17 or more, up to a v2 header) are ``head``: None when valid.

    The entry must be framed already (:func:`frame`).
    A v2 batch must be as large as its header, and the CRC must match (CRC-32C or CRC-32, see
    ``_checksum``). It is computed over the stream in chunks, so that a candidate claiming
    gigabytes costs that much reading, not that much memory. With ``plausible``, cheap checks of
    the header (:func:`_plausible`) come first, so that random bytes rarely cost a CRC."""
    length: int = LogEntryPrefix.LEN_BODY_STRUCT.unpack_from(head, LogEntryPrefix.LEN_BODY_OFFSET)[0]
    size = LOG_OVERHEAD + length
    if plausible and not _plausible(stream, position, head, length):
        return Invalid("implausible", size)
    magic = head[MAGIC_OFFSET]
    if magic >= 2 and size < RecordBatchHeader.SIZE:
        return Invalid("size", size)
    checksum = _checksum(magic)
    stored: int = _CRC_STRUCT.unpack_from(head, checksum.stored_at)[0]
    computed = 0
    at = checksum.start
    while at < size:
        if at < len(head):
            piece = head[at : min(size, len(head))]
        else:
            stream.seek(position + at)
            piece = stream.read(min(CRC_CHUNK, size - at))
            if not piece:
                break  # the stream ends inside the entry: the CRC cannot match
        computed = checksum.update(piece, computed)
        at += len(piece)
    return None if at >= size and computed == stored else Invalid("crc", size, stored, computed)


def _plausible(stream: BinaryIO, position: int, head: bytes, length: int) -> bool:
    """Cheap checks of a candidate's header, true of every batch Kafka writes.

    v2: a codec id of 0-4, lastOffsetDelta >= 0, 0 <= count <= lastOffsetDelta + 1 (records have
    distinct offset deltas), producer epoch and base sequence >= -1. v0/v1: the key and value
    lengths add up to the entry's length exactly (LegacyRecord's layout)."""
    magic = head[MAGIC_OFFSET]
    if magic == 2:
        if length < V2_MIN_LENGTH:
            return False
        _, _, _, _, _, attributes, last_offset_delta, _, _, _, epoch, base_sequence, count = (
            RecordBatchHeader.STRUCT.unpack_from(head)
        )
        return bool(
            (attributes & RecordBatchHeader.COMPRESSION_MASK) in V2_CODECS
            and 0 <= count <= last_offset_delta + 1
            and epoch >= -1
            and base_sequence >= -1
        )
    message = LegacyMessageV0 if magic == 0 else LegacyMessageV1
    if length < message.MIN_SIZE:
        return False
    length_field = message.LEN_KEY_STRUCT  # the value's length field is the same int32
    key_at = LOG_OVERHEAD + message.LEN_KEY_OFFSET
    stream.seek(position + key_at)
    key_field = stream.read(length_field.size)
    if len(key_field) < length_field.size:
        return False
    (key_length,) = length_field.unpack(key_field)
    if key_length < -1 or message.MIN_SIZE + max(key_length, 0) > length:
        return False
    stream.seek(position + key_at + length_field.size + max(key_length, 0))
    value_field = stream.read(length_field.size)
    if len(value_field) < length_field.size:
        return False
    (value_length,) = length_field.unpack(value_field)
    return bool(value_length >= -1 and message.MIN_SIZE + max(key_length, 0) + max(value_length, 0) == length)


class LegacyMessage(NamedTuple):
    """The fields of a v0 or v1 message (kafka_message.ksy); ``timestamp`` is -1 in v0, which has none."""

    crc: int
    magic: int
    attributes: int
    timestamp: int
    key: bytes | None
    value: bytes | None


def legacy_message(
    data: bytes, start: int, end: int, invalid: str = "Found invalid legacy message"
) -> LegacyMessage:
    """The message in ``data[start:end]``, read through the spec's layouts (``LegacyMessageV0`` and
    ``V1``: the fixed fields up to the key's length), then the key, the value's length and the
    value, as kafka_message.ksy reads them. What the layouts do not fit (a magic other than 0 or 1,
    a length past ``end``) is read by the generated parser, which raises ``invalid: <what is
    wrong>`` as a CorruptDataError; tests/test_batch_legacy.py checks both read every message alike."""
    at = start + LegacyMessageV0.MAGIC_OFFSET
    magic = data[at] if at < end else -1
    if magic == 0 or magic == 1:
        layout = LegacyMessageV0 if magic == 0 else LegacyMessageV1
        lengths = layout.LEN_KEY_STRUCT  # the value's length field is the same int32
        at = start + layout.SIZE
        if at <= end:
            fields = layout.STRUCT.unpack_from(data, start)
            key_length = fields[-1]
            key = None
            if key_length >= 0:
                key = data[at : at + key_length]
                at += key_length
            if at + lengths.size <= end:
                (value_length,) = lengths.unpack_from(data, at)
                at += lengths.size
                value = None
                if value_length >= 0:
                    value = data[at : at + value_length]
                    at += value_length
                if at <= end:
                    timestamp = fields[_V1_TIMESTAMP] if magic else -1
                    return LegacyMessage(fields[0], magic, fields[2], timestamp, key, value)
    try:
        message = KafkaMessage(KaitaiStream(BytesIO(data[start:end])))
    except (KaitaiStructError, EOFError, ValueError) as exc:
        raise CorruptDataError(f"{invalid}: {exc}") from exc
    return LegacyMessage(
        message.crc,
        message.magic,
        message.attributes,
        getattr(message, "timestamp", -1),
        getattr(message, "key", None),
        getattr(message, "value", None),
    )


def _computed_crc(magic: int, data: bytes) -> int:
    checksum = _checksum(magic)
    return checksum.update(memoryview(data)[checksum.start :], 0)


def crc_mismatch(batch: Batch) -> str:
    """The algorithm, the stored and the computed CRC of a batch: what a mismatch is reported as."""
    computed = _computed_crc(batch.magic, batch.data)
    return f"{_checksum(batch.magic).algorithm} mismatch: stored {batch.crc}, computed {computed}"


class Batch:
    """One entry of a log: a v2 record batch or a legacy (v0/v1) outer message.

    Header fields are read eagerly; :meth:`records` decompresses and decodes on demand. For a
    legacy entry, ``last_offset`` is the message's own offset and the producer fields are -1; its
    ``base_offset`` and ``count`` look inside a compressed wrapper, as Kafka's do.
    """

    __slots__ = (
        "_base_offset",
        "_count",
        "_data",
        "_max_decompressed",
        "attributes",
        "base_sequence",
        "base_timestamp",
        "compression",
        "crc",
        "crc_valid",
        "last_offset",
        "last_sequence",
        "magic",
        "max_timestamp",
        "partition",
        "partition_leader_epoch",
        "path",
        "position",
        "producer_epoch",
        "producer_id",
        "size",
        "timestamp_type",
        "topic",
    )

    def __init__(
        self,
        data: bytes,
        *,
        path: str,
        position: int,
        verify_crc: bool = True,
        max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
        topic: str | None = None,
        partition: int | None = None,
    ) -> None:
        self._data = data
        self._max_decompressed = max_decompressed_bytes
        self.path = path
        self.position = position
        self.size = len(data)
        self.topic = topic
        self.partition = partition
        self.magic = data[MAGIC_OFFSET]
        self._base_offset: int | None = None
        self._count: int | None = None
        if self.magic >= 2:
            self._read_v2_header(verify_crc)
        else:
            self._read_legacy_header(verify_crc)

    def _read_v2_header(self, verify_crc: bool) -> None:
        data = self._data
        if len(data) < RecordBatchHeader.SIZE:
            raise CorruptDataError(
                f"batch of {len(data)} bytes is smaller than the v2 header ({RecordBatchHeader.SIZE} bytes)"
            )
        (  # RecordBatchHeader.FIELDS
            self._base_offset,
            _len_batch,
            self.partition_leader_epoch,
            magic,
            self.crc,
            self.attributes,
            last_offset_delta,
            self.base_timestamp,
            self.max_timestamp,
            self.producer_id,
            self.producer_epoch,
            self.base_sequence,
            self._count,
        ) = _V2_HEADER.unpack_from(data)
        if magic != 2:
            raise UnsupportedError(f"Unsupported message format magic {magic}")
        self.last_offset = self._base_offset + last_offset_delta
        self.compression = _codec(self.attributes, 2)
        self.timestamp_type = _timestamp_type(self.attributes)
        self.last_sequence = (
            -1 if self.base_sequence == -1 else _increment_sequence(self.base_sequence, last_offset_delta)
        )
        # inlined _computed_crc: this is the hot path of every read
        self.crc_valid = crc32c(memoryview(data)[_V2_CRC_START:]) == self.crc if verify_crc else None

    def _read_legacy_header(self, verify_crc: bool) -> None:
        message = self._legacy_message()
        self.last_offset = LogEntryPrefix.OFFSET_STRUCT.unpack_from(self._data)[0]
        self.crc = message.crc
        self.attributes = message.attributes
        self.compression = _codec(message.attributes, self.magic)
        if self.magic == 0:
            self.timestamp_type = TimestampType.NO_TIMESTAMP_TYPE
            self.max_timestamp = -1
        else:
            self.timestamp_type = _timestamp_type(message.attributes)
            self.max_timestamp = message.timestamp
        self.base_timestamp = self.max_timestamp
        self.partition_leader_epoch = self.producer_id = -1
        self.producer_epoch = self.base_sequence = self.last_sequence = -1
        self.crc_valid = _computed_crc(self.magic, self._data) == self.crc if verify_crc else None
        if self.compression is Compression.NONE:
            self._base_offset = self.last_offset
            self._count = 1

    def _legacy_message(self) -> LegacyMessage:
        return legacy_message(self._data, LOG_OVERHEAD, len(self._data))

    @property
    def base_offset(self) -> int:
        if self._base_offset is None:
            self._base_offset = next(self.records()).offset
        return self._base_offset

    @property
    def count(self) -> int:
        """Records in the batch; for a compressed legacy wrapper, its inner messages."""
        if self._count is None:
            self._count = sum(1 for _ in self.records())
        return self._count

    @property
    def is_transactional(self) -> bool:
        return self.magic >= 2 and bool(self.attributes & RecordBatchHeader.IS_TRANSACTIONAL_MASK)

    @property
    def is_control(self) -> bool:
        return self.magic >= 2 and bool(self.attributes & RecordBatchHeader.IS_CONTROL_MASK)

    @property
    def delete_horizon_ms(self) -> int | None:
        """The delete horizon the log cleaner set (KIP-534); it is stored in ``base_timestamp``."""
        has_delete_horizon = self.magic >= 2 and self.attributes & RecordBatchHeader.HAS_DELETE_HORIZON_MASK
        return self.base_timestamp if has_delete_horizon else None

    @property
    def data(self) -> bytes:
        """The batch's bytes as they are in the file."""
        return self._data

    def __repr__(self) -> str:
        return (
            f"Batch(path={self.path!r}, position={self.position}, base_offset={self._base_offset}, "
            f"last_offset={self.last_offset}, magic={self.magic}, compression={self.compression.value})"
        )

    def records(self) -> Iterator[Record]:
        """The batch's records, decompressed, with absolute offsets and effective timestamps.

        Raises :class:`~kafkaks.errors.KafkaksError` (with file, position and offset) when the
        records cannot be decoded; the batch header stays usable.
        """
        return self._located(self._v2_records() if self.magic >= 2 else self._legacy_records())

    def decoded_counts(self) -> Iterator[int]:
        """How many of :meth:`records` decode, as numbers that add up to it, without making the
        records: a v2 batch's are checked by the compiled core a piece at a time, so that a batch
        of millions of tiny records is counted at the core's speed in a piece's memory. Raises as
        :meth:`records` does, after the numbers of the records before the damage."""
        return self._located(self._v2_counts() if self.magic >= 2 else (1 for _ in self._legacy_records()))

    def _v2_counts(self) -> Iterator[int]:
        assert self._count is not None
        yield from count_decoded(self.record_bytes(), self._count)

    def _located(self, items: Iterator[_T]) -> Iterator[_T]:
        """``items``, a :class:`~kafkaks.errors.KafkaksError` among them with file, position and offset."""
        try:
            yield from items
        except KafkaksError as exc:
            offset = self.last_offset if self._base_offset is None else self._base_offset
            raise exc.at(self.path, self.position, offset) from exc

    def record_bytes(self) -> bytes:
        """A v2 batch's records as stored back to back, decompressed: what :meth:`records` decodes."""
        if self.magic < 2:
            raise UnsupportedError("record_bytes() is for v2 batches; a legacy entry is one message")
        try:
            return self._payload(memoryview(self._data)[RecordBatchHeader.SIZE :])
        except KafkaksError as exc:
            raise exc.at(self.path, self.position, self._base_offset) from exc

    def _payload(self, raw: bytes | memoryview) -> bytes:
        if self.compression is Compression.NONE:
            return bytes(raw)
        return decompress(self.compression.value, raw, magic=self.magic, limit=self._max_decompressed)

    def _v2_records(self) -> Iterator[Record]:
        assert self._base_offset is not None and self._count is not None
        raw = decode(self.record_bytes(), self._count)
        base_offset, base_sequence = self._base_offset, self.base_sequence
        log_append_time = self.max_timestamp if self.timestamp_type is TimestampType.LOG_APPEND_TIME else None
        base_timestamp, timestamp_type = self.base_timestamp, self.timestamp_type
        topic, partition, is_control = self.topic, self.partition, self.is_control
        for timestamp_delta, offset_delta, key, value, headers in raw:
            yield Record(
                base_offset + offset_delta,
                base_timestamp + timestamp_delta if log_append_time is None else log_append_time,
                timestamp_type,
                key,
                value,
                headers,
                -1 if base_sequence == -1 else _increment_sequence(base_sequence, offset_delta),
                decode_control(key, value) if is_control else None,
                None,
                None,
                topic,
                partition,
            )

    def _legacy_records(self) -> Iterator[Record]:
        message = self._legacy_message()
        if self.compression is Compression.NONE:
            timestamp = self.max_timestamp
            yield self._legacy_record(self.last_offset, timestamp, message, self.crc_valid)
            return
        if message.value is None:
            raise CorruptDataError("Found invalid compressed record set with null value")
        payload = self._payload(message.value)
        last_inner = _last_inner_offset(payload)
        wrapper_offset = self.last_offset
        # v1 inner offsets are relative to the wrapper, which holds the absolute offset of the last
        # one; a wrapper offset of 0 (some old librdkafka producers) means they are absolute.
        # v0 inner offsets are absolute. Gaps left by compaction are kept.
        shift = 0
        if self.magic >= 1 and wrapper_offset != 0:
            if wrapper_offset < last_inner:
                raise CorruptDataError(
                    "Found invalid wrapper offset in compressed v1 message set, wrapper offset "
                    f"'{wrapper_offset}' is less than the last inner message offset '{last_inner}' "
                    "and it is not zero."
                )
            shift = wrapper_offset - last_inner
        # One inner message at a time (kafka_message_set.ksy's legacy_entry: offset, length,
        # message), a wrapper of millions of them costing one message's objects; _last_inner_offset
        # has checked that every length fits.
        position = 0
        while position < len(payload):
            offset, size = LogEntryPrefix.STRUCT.unpack_from(payload, position)
            start = position + LOG_OVERHEAD
            position = start + size
            inner_message = legacy_message(payload, start, position, INVALID_INNER)
            if inner_message.attributes & LegacyMessageV0.COMPRESSION_MASK:
                raise CorruptDataError("Compressed outer message contains a compressed inner message")
            if self.timestamp_type is TimestampType.LOG_APPEND_TIME:
                timestamp = self.max_timestamp
            else:
                timestamp = inner_message.timestamp
            checksummed = memoryview(payload)[start + LegacyMessageV0.MAGIC_OFFSET : position]
            crc_valid = zlib.crc32(checksummed) == inner_message.crc
            yield self._legacy_record(offset + shift, timestamp, inner_message, crc_valid)

    def _legacy_record(
        self, offset: int, timestamp: int, message: LegacyMessage, crc_valid: bool | None
    ) -> Record:
        return Record(
            offset,
            timestamp,
            self.timestamp_type,
            message.key,
            message.value,
            [],
            -1,
            None,
            message.crc,
            crc_valid,
            self.topic,
            self.partition,
        )


def _last_inner_offset(payload: bytes) -> int:
    """The offset of the last message of a compressed wrapper's inner message set, following the
    ``offset int64 | size int32`` prefixes only, so that the framing is checked before any record
    is yielded."""
    if not payload:
        raise CorruptDataError("Found invalid compressed record set with no inner records")
    position = last = 0
    while position < len(payload):
        if len(payload) - position < LOG_OVERHEAD:
            raise CorruptDataError(
                f"{INVALID_INNER}: {len(payload) - position} bytes left after the last message"
            )
        last, size = LogEntryPrefix.STRUCT.unpack_from(payload, position)
        position += LOG_OVERHEAD + size
        if size < 0 or position > len(payload):
            raise CorruptDataError(
                f"{INVALID_INNER}: an inner message of {size} bytes at {position - LOG_OVERHEAD - size} "
                f"runs past the {len(payload)} bytes decompressed"
            )
    return last
