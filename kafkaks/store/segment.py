"""Reading a ``.log`` segment or KRaft ``.checkpoint`` file batch by batch: :func:`read_log`.

The walk is Kafka's FileLogInputStream: an entry is ``offset int64 | length int32 | ...`` with the
magic byte at entry offset 16; it is read only when more than 17 bytes remain and the whole entry
is in the file. Where Kafka throws or stops, kafkaks reports a :class:`~kafkaks.models.Problem`
and, for damage in the middle of a file, looks for the next batch whose checksum is right.

Memory stays bounded by about one batch: each :class:`Batch` holds its own bytes and nothing else.
"""

from __future__ import annotations

import io
import os
import re
import struct
import warnings
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

import crc32c
from kaitaistruct import BytesIO, KaitaiStream, KaitaiStructError

from ..errors import (
    CorruptDataError,
    KafkaksError,
    KafkaksWarning,
    NoKafkaDataError,
    UnreadableFileError,
    UnsupportedError,
)
from ..generated.kafka_message import KafkaMessage
from ..generated.kafka_message_set import KafkaMessageSet
from ..models import Compression, Problem, Record, TimestampType
from ..problems import ProblemKind
from ..wire.codecs import DEFAULT_MAX_DECOMPRESSED_BYTES, decompress
from ..wire.control import decode_control
from ..wire.records import decode_records

__all__ = [
    "Batch",
    "LogSource",
    "ProblemHandler",
    "batch_records",
    "default_handler",
    "read_log",
    "report_undecodable",
    "topic_partition",
    "undecodable",
]

LogSource = str | os.PathLike[str] | bytes | bytearray | memoryview | BinaryIO
ProblemHandler = Callable[[Problem], None]

HEADER_SIZE_UP_TO_MAGIC = 17  # offset(8) + length(4) + leader epoch or crc(4) + magic(1)
LOG_OVERHEAD = 12  # offset(8) + length(4)
MIN_ENTRY_LENGTH = 14  # LegacyRecord.RECORD_OVERHEAD_V0: the smallest possible length field
V2_HEADER = struct.Struct(">qiibIhiqqqhii")  # the 61-byte DefaultRecordBatch header
V2_HEADER_LENGTH = V2_HEADER.size - LOG_OVERHEAD  # 49: the smallest v2 length field
ENTRY_PREFIX = struct.Struct(">qi")
CODECS = (Compression.NONE, Compression.GZIP, Compression.SNAPPY, Compression.LZ4, Compression.ZSTD)
MAX_INT32 = 0x7FFFFFFF
# <topic>-<partition>, and the same with .<uuid>-delete, -future or -stray while being removed or moved
PARTITION_DIR = re.compile(
    r"^(?P<topic>.+)-(?P<partition>\d+)(?:\.(?P<uuid>[0-9a-f]{32})-(?P<status>delete|future|stray))?$"
)
SCAN_CHUNK = 1 << 20
INVALID_INNER = "Found invalid inner message set in compressed wrapper"
CANDIDATE_MAGIC = re.compile(b"[\x00-\x02]")  # resynchronising jumps from one magic 0-2 to the next
NONZERO = re.compile(b"[^\x00]")
ZERO_LENGTH = bytes(4)
ZERO_BLOCK = bytes(1 << 16)
# Resynchronising checks the CRC of each candidate batch; on crafted input every position can be
# a candidate claiming a long length. What it may spend on candidates that fail, in bytes of CRC,
# is capped per read at this factor of the file's size (plus a slack), keeping a read linear.
RESYNC_WORK_FACTOR = 16
RESYNC_WORK_SLACK = 64 << 20


def _increment_sequence(sequence: int, increment: int) -> int:
    """DefaultRecordBatch.incrementSequence: sequences wrap past 2^31 - 1 to 0."""
    if sequence > MAX_INT32 - increment:
        return increment - (MAX_INT32 - sequence) - 1
    return sequence + increment


def _codec(attributes: int, magic: int) -> Compression:
    codec_id = attributes & 0x07
    if codec_id >= len(CODECS) or (magic < 2 and codec_id == 4):
        raise UnsupportedError(f"Unknown compression type id: {codec_id} (magic {magic})")
    return CODECS[codec_id]


def topic_partition(path: str | None) -> tuple[str | None, int | None]:
    """(topic, partition) from a ``<topic>-<partition>`` directory holding ``path``, else (None, None)."""
    if path is None:
        return None, None
    match = PARTITION_DIR.match(Path(path).resolve().parent.name)
    return (match["topic"], int(match["partition"])) if match else (None, None)


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
        self.magic = data[16]
        self._base_offset: int | None = None
        self._count: int | None = None
        if self.magic >= 2:
            self._read_v2_header(verify_crc)
        else:
            self._read_legacy_header(verify_crc)

    def _read_v2_header(self, verify_crc: bool) -> None:
        data = self._data
        if len(data) < V2_HEADER.size:
            raise CorruptDataError(f"batch of {len(data)} bytes is smaller than the v2 header (61 bytes)")
        (
            self._base_offset,
            _length,
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
        ) = V2_HEADER.unpack_from(data)
        if magic != 2:
            raise UnsupportedError(f"Unsupported message format magic {magic}")
        self.last_offset = self._base_offset + last_offset_delta
        self.compression = _codec(self.attributes, 2)
        log_append = self.attributes & 0x08
        self.timestamp_type = TimestampType.LOG_APPEND_TIME if log_append else TimestampType.CREATE_TIME
        self.last_sequence = (
            -1 if self.base_sequence == -1 else _increment_sequence(self.base_sequence, last_offset_delta)
        )
        self.crc_valid = crc32c.crc32c(memoryview(data)[21:]) == self.crc if verify_crc else None

    def _read_legacy_header(self, verify_crc: bool) -> None:
        message = self._legacy_message()
        self.last_offset = ENTRY_PREFIX.unpack_from(self._data)[0]
        self.crc = message.crc
        self.attributes = message.attributes
        self.compression = _codec(message.attributes, self.magic)
        if self.magic == 0:
            self.timestamp_type = TimestampType.NO_TIMESTAMP_TYPE
            self.max_timestamp = -1
        else:
            log_append = message.attributes & 0x08
            self.timestamp_type = TimestampType.LOG_APPEND_TIME if log_append else TimestampType.CREATE_TIME
            self.max_timestamp = message.timestamp
        self.base_timestamp = self.max_timestamp
        self.partition_leader_epoch = self.producer_id = -1
        self.producer_epoch = self.base_sequence = self.last_sequence = -1
        self.crc_valid = zlib.crc32(memoryview(self._data)[16:]) == self.crc if verify_crc else None
        if self.compression is Compression.NONE:
            self._base_offset = self.last_offset
            self._count = 1

    def _legacy_message(self) -> KafkaMessage:
        try:
            return KafkaMessage(KaitaiStream(BytesIO(self._data[LOG_OVERHEAD:])))
        except (KaitaiStructError, EOFError, ValueError) as exc:
            raise CorruptDataError(f"Found invalid legacy message: {exc}") from exc

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
        return self.magic >= 2 and bool(self.attributes & 0x10)

    @property
    def is_control(self) -> bool:
        return self.magic >= 2 and bool(self.attributes & 0x20)

    @property
    def delete_horizon_ms(self) -> int | None:
        """The delete horizon the log cleaner set (KIP-534); it is stored in ``base_timestamp``."""
        return self.base_timestamp if self.magic >= 2 and self.attributes & 0x40 else None

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
        try:
            if self.magic >= 2:
                yield from self._v2_records()
            else:
                yield from self._legacy_records()
        except KafkaksError as exc:
            offset = self.last_offset if self._base_offset is None else self._base_offset
            raise exc.at(self.path, self.position, offset) from exc

    def record_bytes(self) -> bytes:
        """A v2 batch's records as stored back to back, decompressed: what :meth:`records` decodes."""
        if self.magic < 2:
            raise UnsupportedError("record_bytes() is for v2 batches; a legacy entry is one message")
        try:
            return self._payload(memoryview(self._data)[V2_HEADER.size :])
        except KafkaksError as exc:
            raise exc.at(self.path, self.position, self._base_offset) from exc

    def _payload(self, raw: bytes | memoryview) -> bytes:
        if self.compression is Compression.NONE:
            return bytes(raw)
        return decompress(self.compression.value, raw, magic=self.magic, limit=self._max_decompressed)

    def _v2_records(self) -> Iterator[Record]:
        assert self._base_offset is not None and self._count is not None
        raw = decode_records(self.record_bytes(), self._count)
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
        if getattr(message, "value", None) is None:
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
        # One inner message at a time: a wrapper of millions of them costs one message's objects.
        stream = KaitaiStream(BytesIO(payload))
        while not stream.is_eof():
            try:
                entry = KafkaMessageSet.LegacyEntry(stream)
            except (KaitaiStructError, EOFError, ValueError) as exc:
                raise CorruptDataError(f"{INVALID_INNER}: {exc}") from exc
            inner_message = entry.message
            if inner_message.compression != 0:
                raise CorruptDataError("Compressed outer message contains a compressed inner message")
            if self.timestamp_type is TimestampType.LOG_APPEND_TIME:
                timestamp = self.max_timestamp
            else:
                timestamp = inner_message.timestamp if inner_message.magic >= 1 else -1
            crc_valid = zlib.crc32(memoryview(entry._raw_message)[4:]) == inner_message.crc
            yield self._legacy_record(entry.offset + shift, timestamp, inner_message, crc_valid)

    def _legacy_record(
        self, offset: int, timestamp: int, message: KafkaMessage, crc_valid: bool | None
    ) -> Record:
        return Record(
            offset,
            timestamp,
            self.timestamp_type,
            getattr(message, "key", None),
            getattr(message, "value", None),
            [],
            -1,
            None,
            message.crc,
            crc_valid,
            self.topic,
            self.partition,
        )


def undecodable(batch: Batch, error: KafkaksError) -> Problem:
    """The ``corrupt_records`` Problem of a batch whose records do not decompress or decode."""
    offset = batch.last_offset if error.offset is None else error.offset
    return Problem(ProblemKind.CORRUPT_RECORDS, batch.path, batch.position, batch.size, error.reason, offset)


def report_undecodable(batch: Batch, error: KafkaksError, on_problem: ProblemHandler | None) -> None:
    """What a reader taking ``on_problem`` does with a batch whose records do not decode: hand
    its :func:`undecodable` Problem to ``on_problem`` and go on, or without one, raise ``error``."""
    if on_problem is None:
        raise error
    on_problem(undecodable(batch, error))


def batch_records(batch: Batch, on_problem: ProblemHandler | None) -> Iterator[Record]:
    """``batch.records()`` for a reader taking ``on_problem``: a failure to decode is handled by
    :func:`report_undecodable`, so with a handler the records end there (those decoded before it
    are kept) and the reader goes on with the next batch."""
    try:
        yield from batch.records()
    except KafkaksError as exc:
        report_undecodable(batch, exc, on_problem)


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
        last, size = ENTRY_PREFIX.unpack_from(payload, position)
        position += LOG_OVERHEAD + size
        if size < 0 or position > len(payload):
            raise CorruptDataError(
                f"{INVALID_INNER}: an inner message of {size} bytes at {position - LOG_OVERHEAD - size} "
                f"runs past the {len(payload)} bytes decompressed"
            )
    return last


class _ResyncGaveUp(Exception):
    """Resynchronising spent its budget on candidates that were not valid batches."""

    def __init__(self, position: int, spent: int) -> None:
        super().__init__(position, spent)
        self.position = position
        self.spent = spent


class _ResyncBudget:
    """What resynchronising may still spend in one read, and whom it tells how far it got."""

    __slots__ = ("left", "on_scan", "spent")

    def __init__(self, size: int, on_scan: Callable[[int], None] | None) -> None:
        self.left = RESYNC_WORK_SLACK + RESYNC_WORK_FACTOR * size
        self.spent = 0
        self.on_scan = on_scan


def _open(source: LogSource) -> tuple[BinaryIO, str, bool]:
    """(stream, name for messages, whether we opened it and must close it). Files open read-only."""
    if isinstance(source, bytes | bytearray | memoryview):
        return io.BytesIO(bytes(source)), "<bytes>", True
    if isinstance(source, str | os.PathLike):
        try:
            return open(source, "rb"), os.fspath(source), True  # closed by read_log
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError) as exc:
            reason = exc.strerror or str(exc)
            if isinstance(exc, IsADirectoryError):
                reason += ": a directory is read with read_partition, read_log_dir or read_arrow"
            raise NoKafkaDataError(reason, path=source) from None
        except OSError as exc:
            raise UnreadableFileError(exc.strerror or str(exc), path=source) from exc
    return source, str(getattr(source, "name", "<stream>")), False


def default_handler(problem: Problem) -> None:
    """What happens to a problem when no ``on_problem`` is given: a warning for the kinds after
    which reading goes on as Kafka's does (:attr:`~kafkaks.problems.ProblemKind.warns`: a partial or
    zero-filled tail, an open transaction, what copies of a partition disagree on), else an error."""
    if problem.kind.warns:
        warnings.warn(str(problem), KafkaksWarning, stacklevel=3)
    elif problem.kind == ProblemKind.UNREADABLE_FILE:
        raise UnreadableFileError(problem.message, path=problem.path)
    else:
        raise CorruptDataError(
            problem.message, path=problem.path, position=problem.position, offset=problem.offset
        )


def read_log(
    source: LogSource,
    *,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    start: int = 0,
    end: int | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    on_scan: Callable[[int], None] | None = None,
) -> Iterator[Batch]:
    """Stream the batches of a ``.log`` or KRaft ``.checkpoint`` file of any magic, lazily.

    ``source`` is a path, the file's bytes, or a binary file object. Only the byte range
    ``[start, end)`` is read (``end`` defaults to the end of the file); ``start`` must be a batch
    boundary. With ``verify_crc`` every batch's CRC is checked (``Batch.crc_valid``).

    Problems are reported as :class:`~kafkaks.models.Problem` to ``on_problem``, and reading goes
    on with the next readable batch. Without a handler, a partial batch or a zero-filled tail at
    the end of the file is a :class:`~kafkaks.errors.KafkaksWarning`, and anything else (a CRC
    mismatch, a broken batch header) raises :class:`~kafkaks.errors.CorruptDataError`.
    A batch whose CRC does not match is still yielded, after the report, unless a valid batch
    starts inside the bytes it claims: then its length is damaged, and it is reported as
    ``corrupt_batch`` and skipped so that the batches it would swallow are read.

    Every batch before damage is yielded before the next valid batch is looked for. That scan
    reads at disk speed (runs of zeros are skipped whole) and calls ``on_scan``, if given, with
    the position it reads next, before each MiB, so that a caller can show progress or flush its
    output.
    """
    stream, name, owned = _open(source)
    report = on_problem or default_handler
    try:
        size = stream.seek(0, io.SEEK_END)
        limit = size if end is None else min(end, size)
        is_path = isinstance(source, str | os.PathLike)
        topic, partition = topic_partition(name if is_path else None)
        position = start
        min_offset = -1  # offsets only grow: a batch found by resynchronising below this is reported
        budget = _ResyncBudget(limit - start, on_scan)
        while position < limit:
            stream.seek(position)
            remaining = limit - position
            head = stream.read(min(remaining, V2_HEADER.size))
            problem = _check_entry(head, remaining, name, position)
            if problem is None:
                entry_size = LOG_OVERHEAD + ENTRY_PREFIX.unpack_from(head)[1]
                data = head[:entry_size] + stream.read(max(entry_size - len(head), 0))
                try:
                    batch = Batch(
                        data,
                        path=name,
                        position=position,
                        verify_crc=verify_crc,
                        max_decompressed_bytes=max_decompressed_bytes,
                        topic=topic,
                        partition=partition,
                    )
                except KafkaksError as exc:
                    problem = Problem(
                        ProblemKind.CORRUPT_BATCH, name, position, len(data), exc.reason, _head_offset(head)
                    )
                else:
                    if batch.crc_valid is False:
                        # A wrong checksum means the length may be wrong too: if a valid batch
                        # starts inside the bytes this one claims, the length swallowed it.
                        try:
                            inside = _resync(
                                stream, position + 1, limit, budget, before=position + batch.size
                            )
                        except _ResyncGaveUp:
                            inside = None
                        if inside is not None:
                            report(
                                Problem(
                                    ProblemKind.CORRUPT_BATCH,
                                    name,
                                    position,
                                    inside - position,
                                    f"{_crc_message(batch)}, and a valid batch starts at {inside}, inside "
                                    f"the {batch.size} bytes this one claims: its length is damaged; "
                                    f"skipped {inside - position} bytes to the next valid batch",
                                    batch.last_offset,
                                )
                            )
                            position = inside
                            continue
                        report(
                            Problem(
                                ProblemKind.CRC_MISMATCH,
                                name,
                                position,
                                batch.size,
                                _crc_message(batch),
                                batch.last_offset,
                            )
                        )
                    yield batch
                    position += batch.size
                    if batch.crc_valid is not False:  # a damaged header's offsets are no guide
                        min_offset = batch.last_offset + 1
                    continue
            if problem.kind in (ProblemKind.TRUNCATED, ProblemKind.ZERO_TAIL) and limit < size:
                return  # a --max-bytes style slice cuts the last batch: not a problem
            if problem.kind == ProblemKind.CORRUPT_BATCH and _all_zero(stream, position, limit):
                problem = Problem(
                    ProblemKind.ZERO_TAIL,
                    name,
                    position,
                    limit - position,
                    f"Found {limit - position} zero bytes at the end of the file (a preallocated segment)",
                    None,
                )
            try:
                resume = (
                    None
                    if problem.kind == ProblemKind.ZERO_TAIL
                    else _resync(stream, position + 1, limit, budget)
                )
            except _ResyncGaveUp as gave_up:
                report(
                    Problem(
                        ProblemKind.UNREADABLE,
                        name,
                        position,
                        limit - position,
                        f"{problem.message}; gave up looking for the next valid batch at {gave_up.position} "
                        f"after checking {gave_up.spent} bytes of candidates that were not batches "
                        "(crafted input?); the rest of the file is not read",
                        problem.offset,
                    )
                )
                return
            if resume is None:
                if problem.kind == ProblemKind.CORRUPT_BATCH:
                    problem = Problem(
                        ProblemKind.UNREADABLE,
                        name,
                        position,
                        limit - position,
                        f"{problem.message}; no readable batch follows in the last {limit - position} bytes",
                        problem.offset,
                    )
                report(problem)
                return
            message = problem.message
            if problem.kind == ProblemKind.TRUNCATED:  # not the end of the file after all
                message = (
                    f"a batch of {LOG_OVERHEAD + ENTRY_PREFIX.unpack_from(head)[1]} bytes would run past "
                    "the end of the file, yet a valid batch follows: its length is damaged"
                )
            stream.seek(resume)
            resumed_offset = ENTRY_PREFIX.unpack_from(stream.read(ENTRY_PREFIX.size))[0]
            report(
                Problem(
                    ProblemKind.CORRUPT_BATCH
                    if problem.kind == ProblemKind.CORRUPT_BATCH
                    else ProblemKind.UNREADABLE,
                    name,
                    position,
                    resume - position,
                    f"{message}; skipped {resume - position} bytes to the next valid batch"
                    + (
                        f", whose offsets go back to {resumed_offset} from above {min_offset - 1}: a base "
                        "offset before it is damaged (it lies outside the CRC) or batches are out of order"
                        if resumed_offset < min_offset
                        else ""
                    ),
                    problem.offset,
                )
            )
            position = resume
    finally:
        if owned:
            stream.close()


def _head_offset(head: bytes) -> int | None:
    return ENTRY_PREFIX.unpack_from(head)[0] if len(head) >= ENTRY_PREFIX.size else None


def _crc_message(batch: Batch) -> str:
    algorithm = "CRC-32C" if batch.magic >= 2 else "CRC-32"
    data = memoryview(batch.data)
    computed = crc32c.crc32c(data[21:]) if batch.magic >= 2 else zlib.crc32(data[16:])
    return f"{algorithm} mismatch: stored {batch.crc}, computed {computed}"


def _check_entry(head: bytes, remaining: int, name: str, position: int) -> Problem | None:
    """None if a complete entry starts here, else the Problem that stops Kafka's reader."""
    offset = _head_offset(head)
    if remaining <= HEADER_SIZE_UP_TO_MAGIC:
        # FileLogInputStream stops here without reading a header. Even if these bytes are zeros
        # they are a cut, not preallocation: a preallocated file is zero-filled up to
        # segment.bytes (and trimmed to its size on roll), far more than one header.
        return Problem(
            ProblemKind.TRUNCATED,
            name,
            position,
            remaining,
            f"Found {remaining} invalid bytes at the end of the file",
            offset,
        )
    length = ENTRY_PREFIX.unpack_from(head)[1]
    if length < MIN_ENTRY_LENGTH:
        return Problem(
            ProblemKind.CORRUPT_BATCH,
            name,
            position,
            remaining,
            f"Found record size {length} smaller than minimum record overhead ({MIN_ENTRY_LENGTH})",
            offset,
        )
    if LOG_OVERHEAD + length > remaining:
        return Problem(
            ProblemKind.TRUNCATED,
            name,
            position,
            remaining,
            f"Found {remaining} invalid bytes at the end of the file: a batch of "
            f"{LOG_OVERHEAD + length} bytes is cut short",
            offset,
        )
    magic = head[16]
    if magic > 2:
        return Problem(
            ProblemKind.CORRUPT_BATCH,
            name,
            position,
            LOG_OVERHEAD + length,
            f"Unknown magic byte {magic}",
            offset,
        )
    if magic == 2 and length < V2_HEADER_LENGTH:
        return Problem(
            ProblemKind.CORRUPT_BATCH,
            name,
            position,
            LOG_OVERHEAD + length,
            f"v2 batch length {length} is below 49",
            offset,
        )
    return None


def _all_zero(stream: BinaryIO, begin: int, end: int) -> bool:
    stream.seek(begin)
    while begin < end:
        chunk = stream.read(min(SCAN_CHUNK, end - begin))
        if not chunk or chunk.count(0) != len(chunk):
            return False
        begin += len(chunk)
    return True


def _crc_matches(stream: BinaryIO, start: int, entry: bytes, length: int) -> bool:
    """Whether the entry at ``start`` (``entry`` holds its first bytes) has a matching checksum.

    The checksum is computed in chunks of the file, so a candidate claiming a length of
    gigabytes costs that much reading, not that much memory."""
    size = LOG_OVERHEAD + length
    if entry[16] == 2:
        if length < V2_HEADER_LENGTH:
            return False
        stored, crc_start, update = V2_HEADER.unpack_from(entry)[4], 21, crc32c.crc32c
    else:
        stored, crc_start, update = struct.unpack_from(">I", entry, 12)[0], 16, zlib.crc32
    computed = 0
    position = crc_start
    while position < size:
        if position < len(entry):
            piece = entry[position : min(size, len(entry))]
        else:
            stream.seek(start + position)
            piece = stream.read(min(SCAN_CHUNK, size - position))
            if not piece:
                return False
        computed = update(piece, computed)
        position += len(piece)
    return bool(computed == stored)


def _plausible(stream: BinaryIO, start: int, head: bytes, length: int) -> bool:
    """Cheap checks of a candidate's header, true of every batch Kafka writes, so that few
    random candidates cost a CRC over their claimed length.

    v2: a codec id of 0-4, lastOffsetDelta >= 0, 0 <= count <= lastOffsetDelta + 1 (records have
    distinct offset deltas), producer epoch and base sequence >= -1. v0/v1: the key and value
    lengths add up to the entry's length exactly (LegacyRecord's layout)."""
    if head[16] == 2:
        if length < V2_HEADER_LENGTH:
            return False
        _, _, _, _, _, attributes, last_offset_delta, _, _, _, epoch, base_sequence, count = (
            V2_HEADER.unpack_from(head)
        )
        return bool(
            attributes & 0x07 <= 4
            and 0 <= count <= last_offset_delta + 1
            and epoch >= -1
            and base_sequence >= -1
        )
    overhead = 14 if head[16] == 0 else 22  # LegacyRecord.RECORD_OVERHEAD_V0 / _V1
    if length < overhead:
        return False
    key_at = LOG_OVERHEAD + overhead - 8
    stream.seek(start + key_at)
    key_field = stream.read(4)
    if len(key_field) < 4:
        return False
    (key_length,) = struct.unpack(">i", key_field)
    if key_length < -1 or overhead + max(key_length, 0) > length:
        return False
    stream.seek(start + key_at + 4 + max(key_length, 0))
    value_field = stream.read(4)
    if len(value_field) < 4:
        return False
    (value_length,) = struct.unpack(">i", value_field)
    return bool(value_length >= -1 and overhead + max(key_length, 0) + max(value_length, 0) == length)


def _candidates(chunk: bytes, last: int) -> Iterator[int]:
    """Where an entry may start in ``chunk``, before ``last``: a magic of 0-2 at +16 and a length
    field (+8..+12) that is not all zeros.

    A run of zeros (a preallocated or zeroed region) is skipped at C speed, not a position at a
    time: if a length field lies in a run of zeros ending at n, so does that of every later
    position before n - 11, so the next candidate's magic is at n + 5 or later."""
    at = 16
    while (match := CANDIDATE_MAGIC.search(chunk, at, last + 16)) is not None:
        candidate = match.start() - 16
        if chunk[candidate + 8 : candidate + 12] != ZERO_LENGTH:
            yield candidate
            at = match.start() + 1
        else:
            at = _zeros_end(chunk, candidate + 8) + 5


def _zeros_end(chunk: bytes, start: int) -> int:
    """The first position at or after ``start`` whose byte is not zero (or the chunk's end)."""
    while start < len(chunk):
        piece = chunk[start : start + len(ZERO_BLOCK)]
        if piece != ZERO_BLOCK[: len(piece)]:  # a compare of 64 KiB at a time
            found = NONZERO.search(piece)
            return start + (found.start() if found else len(piece))
        start += len(piece)
    return len(chunk)


def _resync(
    stream: BinaryIO,
    begin: int,
    end: int,
    budget: _ResyncBudget,
    *,
    before: int | None = None,
) -> int | None:
    """The position of the next entry at or after ``begin`` (and before ``before``, if given)
    whose CRC is right, or None.

    A candidate must have a magic of 0-2, a length that fits before ``end``, a plausible header
    and a matching CRC, so random bytes are practically never taken for a batch. Its offsets are
    not asked to follow those read before: a base offset lies outside the CRC, so one damaged
    batch would otherwise make every later one unreadable, and a segment concatenated after a
    copy cut short, or a batch written twice, must be read whole (the caller reports offsets that
    go back). The scan reads the file in chunks, so damaged regions of any size take bounded
    memory; raises _ResyncGaveUp when candidates that fail have used up ``budget``.
    """
    stop = end if before is None else min(before, end)
    position = begin
    while end - position > HEADER_SIZE_UP_TO_MAGIC and position < stop:
        if budget.on_scan is not None:
            budget.on_scan(position)
        stream.seek(position)
        chunk = stream.read(min(SCAN_CHUNK, end - position))
        last = min(len(chunk) - HEADER_SIZE_UP_TO_MAGIC, stop - position)
        for candidate in _candidates(chunk, max(last, 0)):
            length = ENTRY_PREFIX.unpack_from(chunk, candidate)[1]
            if length < MIN_ENTRY_LENGTH or position + candidate + LOG_OVERHEAD + length > end:
                continue
            head = chunk[candidate : candidate + V2_HEADER.size]
            if len(head) < V2_HEADER.size:  # the chunk ends inside this candidate's header
                stream.seek(position + candidate)
                head = stream.read(V2_HEADER.size)
            if not _plausible(stream, position + candidate, head, length):
                continue
            if _crc_matches(stream, position + candidate, head, length):
                return position + candidate
            budget.left -= length
            budget.spent += length
            if budget.left < 0:
                raise _ResyncGaveUp(position + candidate, budget.spent)
        position += max(last, 1)
    return None
