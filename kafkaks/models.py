"""The typed values kafkaks returns: one model for every magic version, as in Kafka's own record API.

A :class:`Batch` is what Kafka's FileLogInputStream yields: a v2 record batch, or a legacy (v0/v1)
outer message, which for a compressed wrapper holds several inner records. :meth:`Batch.records`
(in :mod:`kafkaks.store.segment`) yields :class:`Record` s with absolute offsets and real timestamps.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from .generated.kafka_message import KafkaMessage
from .problems import ProblemKind

__all__ = [
    "AbortedTxn",
    "Compression",
    "ControlRecord",
    "EpochEntry",
    "OffsetIndexEntry",
    "PartitionMetadata",
    "Problem",
    "ProducerSnapshot",
    "ProducerSnapshotEntry",
    "Record",
    "TimeIndexEntry",
    "TimestampType",
]


class Compression(StrEnum):
    """The codec of a batch, as ``kafka-dump-log`` prints it (attribute bits 0-2)."""

    NONE = "none"
    GZIP = "gzip"
    SNAPPY = "snappy"
    LZ4 = "lz4"
    ZSTD = "zstd"


class TimestampType(StrEnum):
    """Kafka's TimestampType; :attr:`id` is the number Spark's Kafka source puts in ``timestampType``."""

    NO_TIMESTAMP_TYPE = "NoTimestampType"
    CREATE_TIME = "CreateTime"
    LOG_APPEND_TIME = "LogAppendTime"

    @property
    def id(self) -> int:
        return _TIMESTAMP_TYPE_IDS[self]


# The numbers of the spec's timestamp_type enum (kafka_message.ksy: -1 for no timestamp).
_TIMESTAMP_TYPE_IDS = {kind: int(KafkaMessage.TimestampType[kind.name.lower()]) for kind in TimestampType}


@dataclass(frozen=True, slots=True)
class ControlRecord:
    """A decoded control record: ``type`` is Kafka's name (``COMMIT``, ``LEADER_CHANGE``, ...,
    ``UNKNOWN``), ``value`` the decoded value with Kafka's JSON field names, or None when it is
    absent or of an unknown type."""

    type: str
    type_id: int
    version: int
    value: dict[str, Any] | None


class Record(NamedTuple):
    """One record with its absolute offset and effective timestamp (LogAppendTime applied).

    ``sequence`` is -1 for records of non-idempotent producers and legacy records. ``control`` is
    set for records of control batches. ``crc`` and ``crc_valid`` are set for legacy records (each
    v0/v1 message has its own CRC-32) and None for v2 ones (the batch has the CRC).
    ``topic`` and ``partition`` come from the directory name when the file sits in a
    ``<topic>-<partition>`` directory, else None.
    """

    offset: int
    timestamp: int
    timestamp_type: TimestampType
    key: bytes | None
    value: bytes | None
    headers: list[tuple[str, bytes | None]]
    sequence: int = -1
    control: ControlRecord | None = None
    crc: int | None = None
    crc_valid: bool | None = None
    topic: str | None = None
    partition: int | None = None


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong found while reading, reported instead of raised (see ``on_problem``).

    ``kind``: a :class:`~kafkaks.problems.ProblemKind` (a string: ``crc_mismatch``, ``truncated``,
    ...), which :mod:`kafkaks.problems` lists with its severity; given as a string, it is made one.
    ``position`` and ``length`` give the byte range concerned.
    """

    kind: ProblemKind
    path: str
    position: int
    length: int
    message: str
    offset: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", ProblemKind(self.kind))

    def __str__(self) -> str:
        offset = "" if self.offset is None else f", offset {self.offset}"
        return f"{self.path}: position {self.position}{offset}: {self.message}"


@dataclass(frozen=True, slots=True)
class OffsetIndexEntry:
    """An ``.index`` entry: ``offset`` (absolute) is found in the batch at byte ``position``."""

    offset: int
    position: int


@dataclass(frozen=True, slots=True)
class TimeIndexEntry:
    """A ``.timeindex`` entry: the largest timestamp up to the batch whose last offset is ``offset``."""

    timestamp: int
    offset: int


@dataclass(frozen=True, slots=True)
class AbortedTxn:
    """A ``.txnindex`` entry: the aborted transaction of ``producer_id`` spanning
    ``first_offset`` to ``last_offset`` (the ABORT marker)."""

    version: int
    producer_id: int
    first_offset: int
    last_offset: int
    last_stable_offset: int


@dataclass(frozen=True, slots=True)
class ProducerSnapshotEntry:
    producer_id: int
    producer_epoch: int
    last_sequence: int
    last_offset: int
    offset_delta: int
    timestamp: int
    coordinator_epoch: int
    current_txn_first_offset: int | None


@dataclass(frozen=True, slots=True)
class ProducerSnapshot:
    """A producer state ``.snapshot``: ``crc`` is stored in the file, ``computed_crc`` is the
    CRC-32C of the bytes after it; ``crc_valid`` says whether they match."""

    version: int
    crc: int
    computed_crc: int
    entries: list[ProducerSnapshotEntry]

    @property
    def crc_valid(self) -> bool:
        return self.crc == self.computed_crc


@dataclass(frozen=True, slots=True)
class EpochEntry:
    """A ``leader-epoch-checkpoint`` line: ``epoch`` began at ``start_offset``."""

    epoch: int
    start_offset: int


@dataclass(frozen=True, slots=True)
class PartitionMetadata:
    """``partition.metadata``: the topic id (a base64 UUID, as Kafka prints it)."""

    version: int
    topic_id: str
