"""Readers for the files beside a segment: indexes, producer snapshots and text checkpoints.

The binary ones are parsed by the generated parsers (``formats/kafka_*_index.ksy``,
``formats/kafka_producer_snapshot.ksy``); this module adds what a spec cannot say: the base offset
from the file name, where a preallocated index really ends, CRC checks and Kafka's error messages.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

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
    "PathArg",
    "base_offset_of",
    "read_leader_epoch_checkpoint",
    "read_offset_checkpoint",
    "read_offset_index",
    "read_partition_metadata",
    "read_producer_snapshot",
    "read_time_index",
    "read_txn_index",
]

PathArg = str | os.PathLike[str]
T = TypeVar("T")
# ProducerStateManager: the CRC-32C covers everything after the crc field
_SNAPSHOT_CRC_START = layout.ProducerSnapshotHeader.CRC_OFFSET + layout.ProducerSnapshotHeader.CRC_LENGTH


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


def _used_slots(data: bytes, entry_size: int) -> bytes:
    """The entries of an index before its zero-filled preallocated tail, keeping slot 0.

    Parsing 10 MiB of zeros entry by entry would be slow; the entries that matter end at the
    last non-zero byte. Partial trailing bytes are dropped, as Kafka rounds the length down."""
    used = len(data.rstrip(b"\0"))
    slots = max(-(-used // entry_size), 1 if len(data) >= entry_size else 0)
    return data[: slots * entry_size]


def _live_entries(parser: Any, entry_size: int, path: PathArg, data: bytes | None) -> list[Any]:
    """The parsed entries of an index up to its preallocated tail: like Kafka's readers, stop at
    the first entry after slot 0 whose relative offset is 0."""
    raw = Path(path).read_bytes() if data is None else data
    index = _parse(parser, _used_slots(raw, entry_size), path)
    entries = []
    for slot, entry in enumerate(getattr(index, "entries", [])):  # absent in an empty index
        if slot > 0 and entry.relative_offset == 0:
            break
        entries.append(entry)
    return entries


def read_offset_index(
    path: PathArg, base_offset: int | None = None, *, data: bytes | None = None
) -> list[OffsetIndexEntry]:
    """The entries of an ``.index`` file with absolute offsets, up to a preallocated tail.
    ``base_offset`` defaults to the one in the file name. ``data``, when given, is the file's
    content (read from a remote filesystem, say); ``path`` then only names it."""
    base = base_offset_of(path) if base_offset is None else base_offset
    return [
        OffsetIndexEntry(base + e.relative_offset, e.position)
        for e in _live_entries(KafkaOffsetIndex, layout.OffsetIndexEntry.SIZE, path, data)
    ]


def read_time_index(
    path: PathArg, base_offset: int | None = None, *, data: bytes | None = None
) -> list[TimeIndexEntry]:
    """The entries of a ``.timeindex`` file with absolute offsets, up to a preallocated tail
    (``data`` as in :func:`read_offset_index`)."""
    base = base_offset_of(path) if base_offset is None else base_offset
    return [
        TimeIndexEntry(e.timestamp, base + e.relative_offset)
        for e in _live_entries(KafkaTimeIndex, layout.TimeIndexEntry.SIZE, path, data)
    ]


def read_txn_index(path: PathArg, *, data: bytes | None = None) -> list[AbortedTxn]:
    """The aborted transactions of a ``.txnindex`` file. A partial trailing entry is ignored.
    ``data`` as in :func:`read_offset_index`."""
    index = _parse(KafkaTxnIndex, Path(path).read_bytes() if data is None else data, path)
    # AbortedTxn.version() reads one byte, the high byte of the int16: that is Kafka's version.
    return [
        AbortedTxn(e.version >> 8, e.producer_id, e.first_offset, e.last_offset, e.last_stable_offset)
        for e in index.entries
    ]


def read_producer_snapshot(path: PathArg) -> ProducerSnapshot:
    """A producer state ``.snapshot``; raises on an unknown version or a broken file, and reports
    the CRC-32C over the bytes after the crc field in ``computed_crc`` and ``crc_valid``."""
    data = Path(path).read_bytes()
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
