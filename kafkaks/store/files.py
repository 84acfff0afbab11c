"""Readers for the files beside a segment: indexes, producer snapshots and text checkpoints.

The binary ones are parsed by the generated parsers (``formats/kafka_*_index.ksy``,
``formats/kafka_producer_snapshot.ksy``); this module adds what a spec cannot say: the base offset
from the file name, where a preallocated index really ends, CRC checks and Kafka's error messages.
Indexes are read a chunk at a time and only up to their preallocated tail, so the memory (and
time) they take follows their live entries, not ``segment.index.bytes``.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO, TypeVar, overload

from kaitaistruct import BytesIO, KaitaiStream, KaitaiStructError, ValidationNotEqualError

from ..errors import CorruptDataError, KafkaksError, UnsupportedError
from ..generated import layout
from ..generated.kafka_offset_index import KafkaOffsetIndex
from ..generated.kafka_producer_snapshot import KafkaProducerSnapshot
from ..generated.kafka_time_index import KafkaTimeIndex
from ..generated.kafka_txn_index import KafkaTxnIndex
from ..models import (
    AbortedTxn,
    EpochEntry,
    OffsetIndexEntry,
    PartitionMetadata,
    ProducerSnapshot,
    ProducerSnapshotEntry,
    TimeIndexEntry,
)
from ..wire.checksums import crc32c

__all__ = [
    "IndexSource",
    "OffsetIndexFile",
    "PathArg",
    "base_offset_of",
    "index_edges",
    "iter_offset_index",
    "iter_time_index",
    "iter_txn_index",
    "read_leader_epoch_checkpoint",
    "read_offset_checkpoint",
    "read_offset_index",
    "read_partition_metadata",
    "read_producer_snapshot",
    "read_time_index",
    "read_txn_index",
]

PathArg = str | os.PathLike[str]
IndexSource = bytes | BinaryIO  # an index file's content, or the file open for reading
T = TypeVar("T")
# ProducerStateManager: the CRC-32C covers everything after the crc field
_SNAPSHOT_CRC_START = layout.ProducerSnapshotHeader.CRC_OFFSET + layout.ProducerSnapshotHeader.CRC_LENGTH
_CHUNK_SLOTS = 8192  # index slots parsed at a time: 64 KiB of .index, 96 KiB of .timeindex


def base_offset_of(path: PathArg) -> int:
    """The base offset in a segment file name (``00000000000000000042.index`` -> 42), as Kafka
    reads it: the digits before the first dot."""
    prefix = Path(path).name.split(".")[0]
    if not prefix.isdigit():
        raise UnsupportedError(f"file name does not start with a base offset: {Path(path).name}", path=path)
    return int(prefix)


def _parse(parser: Any, data: bytes, path: PathArg) -> Any:
    try:
        return parser(KaitaiStream(BytesIO(data)))
    except (KaitaiStructError, EOFError, ValueError) as exc:
        raise CorruptDataError(f"cannot parse {parser.__name__}: {exc}", path=path) from exc


@contextmanager
def _opened(path: PathArg, data: IndexSource | None) -> Iterator[BinaryIO]:
    """The index as a binary file: ``path`` opened read-only, or ``data`` (bytes or an open file)."""
    if data is None:
        with open(path, "rb") as file:
            yield file
    elif isinstance(data, bytes | bytearray | memoryview):
        yield io.BytesIO(data)
    else:
        yield data


def _read_fully(file: BinaryIO, size: int) -> bytes:
    """``size`` bytes, or fewer at the end of the file (a raw file may return less per call)."""
    chunk = file.read(size)
    while 0 < len(chunk) < size:
        more = file.read(size - len(chunk))
        if not more:
            break
        chunk += more
    return chunk


def _slots(parser: Any, entry_size: int, path: PathArg, data: IndexSource | None) -> Iterator[Any]:
    """The parsed whole slots of an index file, in order, read ``_CHUNK_SLOTS`` at a time, so memory
    does not follow the file's size. A partial trailing slot is dropped: Kafka's ``AbstractIndex``
    counts ``roundDownToExactMultiple(length, entrySize) / entrySize`` slots in a file it opens."""
    size = entry_size * _CHUNK_SLOTS
    with _opened(path, data) as file:
        while True:
            chunk = _read_fully(file, size)
            whole = len(chunk) // entry_size * entry_size
            if whole:
                # entries absent: a chunk shorter than one slot (the spec's `if`)
                yield from getattr(_parse(parser, chunk[:whole], path), "entries", None) or []
            if len(chunk) < size:
                return


def _live_entries(parser: Any, entry_size: int, path: PathArg, data: IndexSource | None) -> Iterator[Any]:
    """The parsed entries of an index up to its preallocated tail: like DumpLogSegments (``since it
    is a sparse file, in the event of a crash there may be many zero entries, stop if we see
    one``), stop at the first slot after slot 0 whose relative offset is 0. What follows is never
    read: a preallocated index of any size (``segment.index.bytes``) costs its live entries only."""
    for slot, entry in enumerate(_slots(parser, entry_size, path, data)):
        if slot > 0 and entry.relative_offset == 0:
            return
        yield entry


def iter_offset_index(
    path: PathArg, base_offset: int | None = None, *, data: IndexSource | None = None
) -> Iterator[OffsetIndexEntry]:
    """The entries of an ``.index`` file with absolute offsets, up to a preallocated tail, read a
    chunk at a time. ``base_offset`` defaults to the one in the file name. ``data``, when given, is
    the file's content or an open binary file (on a remote filesystem, say); ``path`` then only
    names it."""
    base = base_offset_of(path) if base_offset is None else base_offset
    for e in _live_entries(KafkaOffsetIndex, layout.OffsetIndexEntry.SIZE, path, data):
        yield OffsetIndexEntry(base + e.relative_offset, e.position)


def read_offset_index(
    path: PathArg, base_offset: int | None = None, *, data: IndexSource | None = None
) -> list[OffsetIndexEntry]:
    """:func:`iter_offset_index` as a list."""
    return list(iter_offset_index(path, base_offset, data=data))


def iter_time_index(
    path: PathArg, base_offset: int | None = None, *, data: IndexSource | None = None
) -> Iterator[TimeIndexEntry]:
    """The entries of a ``.timeindex`` file with absolute offsets, up to a preallocated tail, read a
    chunk at a time (``data`` as in :func:`iter_offset_index`)."""
    base = base_offset_of(path) if base_offset is None else base_offset
    for e in _live_entries(KafkaTimeIndex, layout.TimeIndexEntry.SIZE, path, data):
        yield TimeIndexEntry(e.timestamp, base + e.relative_offset)


def read_time_index(
    path: PathArg, base_offset: int | None = None, *, data: IndexSource | None = None
) -> list[TimeIndexEntry]:
    """:func:`iter_time_index` as a list."""
    return list(iter_time_index(path, base_offset, data=data))


def iter_txn_index(path: PathArg, *, data: IndexSource | None = None) -> Iterator[AbortedTxn]:
    """The aborted transactions of a ``.txnindex`` file, read a chunk at a time. A partial
    trailing entry is ignored. ``data`` as in :func:`iter_offset_index`."""
    # AbortedTxn.version() reads one byte, the high byte of the int16: that is Kafka's version.
    for e in _slots(KafkaTxnIndex, layout.AbortedTxnEntry.SIZE, path, data):
        yield AbortedTxn(e.version >> 8, e.producer_id, e.first_offset, e.last_offset, e.last_stable_offset)


def read_txn_index(path: PathArg, *, data: IndexSource | None = None) -> list[AbortedTxn]:
    """:func:`iter_txn_index` as a list."""
    return list(iter_txn_index(path, data=data))


class OffsetIndexFile(Sequence[OffsetIndexEntry]):
    """The live entries of an ``.index`` file, read from the file one slot at a time when asked
    for: what a binary search needs (Kafka's ``OffsetIndex.lookup`` searches the mapped file), at
    the memory of one slot whatever the file's size. Counting the live entries reads them once,
    up to the preallocated tail. A context manager; it keeps the file open until closed."""

    def __init__(self, path: PathArg, base_offset: int | None = None) -> None:
        self.base_offset = base_offset_of(path) if base_offset is None else base_offset
        self._length = sum(1 for _ in iter_offset_index(path, self.base_offset))
        self._file = open(path, "rb")  # noqa: SIM115  # closed by close() / __exit__

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> OffsetIndexEntry: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[OffsetIndexEntry]: ...
    def __getitem__(self, index: int | slice) -> OffsetIndexEntry | Sequence[OffsetIndexEntry]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if not -self._length <= index < self._length:
            raise IndexError(index)
        slot = index % self._length
        self._file.seek(slot * layout.OffsetIndexEntry.SIZE)
        relative, position = layout.OffsetIndexEntry.STRUCT.unpack(
            self._file.read(layout.OffsetIndexEntry.SIZE)
        )
        return OffsetIndexEntry(self.base_offset + relative, position)

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> OffsetIndexFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def index_edges(path: PathArg, entry_size: int) -> tuple[int, bytes, bytes]:
    """(length, first slot, last whole slot) of an index file, the last one even in a zero-filled
    tail: what Kafka's ``sanityCheck`` reads, without reading the rest. The slots are empty when
    the file is shorter than one."""
    with open(path, "rb") as file:
        length = os.fstat(file.fileno()).st_size
        if length < entry_size:
            return length, b"", b""
        first = _read_fully(file, entry_size)
        file.seek(length // entry_size * entry_size - entry_size)
        return length, first, _read_fully(file, entry_size)


def read_producer_snapshot(path: PathArg, *, data: bytes | None = None) -> ProducerSnapshot:
    """A producer state ``.snapshot``; raises on an unknown version or a broken file, and reports
    the CRC-32C over the bytes after the crc field in ``computed_crc`` and ``crc_valid``. ``data``,
    when given, is the file's content; ``path`` then only names it."""
    data = Path(path).read_bytes() if data is None else data
    try:
        snapshot = KafkaProducerSnapshot(KaitaiStream(BytesIO(data)))
    except ValidationNotEqualError as exc:
        raise UnsupportedError(f"Snapshot contained an unknown file version {exc.actual}", path=path) from exc
    except (KaitaiStructError, EOFError, ValueError) as exc:
        raise CorruptDataError(f"Snapshot failed schema validation: {exc}", path=path) from exc
    entries = [
        ProducerSnapshotEntry(
            e.producer_id,
            e.producer_epoch,
            e.last_sequence,
            e.last_offset,
            e.offset_delta,
            e.timestamp,
            e.coordinator_epoch,
            e.current_txn_first_offset if e.current_txn_first_offset >= 0 else None,
        )
        for e in snapshot.entries
    ]
    return ProducerSnapshot(
        snapshot.version, snapshot.crc, crc32c(memoryview(data)[_SNAPSHOT_CRC_START:]), entries
    )


def _lines(path: PathArg) -> list[str]:
    try:
        return Path(path).read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise CorruptDataError(f"not a text file: {exc}", path=path) from exc


def _checkpoint(path: PathArg, parse: Callable[..., T]) -> list[T]:
    """The entries of a Kafka ``CheckpointFile``: version 0, a count, then one line per entry,
    its space-separated values handed to ``parse`` (a ValueError or TypeError from it means a
    malformed line)."""
    lines = _lines(path)

    def malformed(number: int) -> KafkaksError:
        text = lines[number] if number < len(lines) else "<end of file>"
        return CorruptDataError(f"Malformed line {number + 1} in checkpoint file: {text!r}", path=path)

    try:
        version, count = int(lines[0]), int(lines[1])
    except (IndexError, ValueError):
        raise malformed(0 if not lines or not lines[0].strip().isdigit() else 1) from None
    if version != 0:
        raise UnsupportedError(f"Unrecognized version of the checkpoint file: {version}", path=path)
    entries = []
    for number in range(2, min(len(lines), 2 + count)):
        try:
            entries.append(parse(*lines[number].split()))
        except (ValueError, TypeError):
            raise malformed(number) from None
    if len(entries) != count:
        raise CorruptDataError(
            f"Expected {count} entries in checkpoint file, but found only {len(entries)}", path=path
        )
    return entries


def _epoch_entry(epoch: str, start_offset: str) -> EpochEntry:
    return EpochEntry(int(epoch), int(start_offset))


def _offset_entry(topic: str, partition: str, offset: str) -> tuple[tuple[str, int], int]:
    return (topic, int(partition)), int(offset)


def read_leader_epoch_checkpoint(path: PathArg) -> list[EpochEntry]:
    """``leader-epoch-checkpoint``: version 0, a count, then ``<epoch> <start offset>`` lines."""
    return _checkpoint(path, _epoch_entry)


def read_offset_checkpoint(path: PathArg) -> dict[tuple[str, int], int]:
    """An offset checkpoint of a log dir (``recovery-point-offset-checkpoint``,
    ``replication-offset-checkpoint``, ``log-start-offset-checkpoint``, ``cleaner-offset-checkpoint``):
    version 0, a count, then ``<topic> <partition> <offset>`` lines (Kafka's OffsetCheckpointFile)."""
    return dict(_checkpoint(path, _offset_entry))


def read_partition_metadata(path: PathArg) -> PartitionMetadata:
    """``partition.metadata``: ``version: 0`` and ``topic_id: <base64 uuid>``."""
    fields = {}
    for line in _lines(path):
        name, sep, value = line.partition(":")
        if sep:
            fields[name.strip()] = value.strip()
    try:
        return PartitionMetadata(int(fields["version"]), fields["topic_id"])
    except (KeyError, ValueError) as exc:
        raise CorruptDataError(f"malformed partition.metadata: missing or bad {exc}", path=path) from exc
