"""What a record of an internal topic decodes to: :class:`DecodedRecord`, and which topics are
internal (``__consumer_offsets``, ``__transaction_state``, ``__cluster_metadata``,
``__share_group_state``, ``__remote_log_metadata``)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Literal

from kaitaistruct import KaitaiStream

from .convert import PARSE_ERRORS, parse, unknown_record_type

__all__ = ["INTERNAL_TOPICS", "DecodedRecord", "InternalKind", "internal_kind", "read_key", "undecoded"]

InternalKind = Literal[
    "offsets", "transaction_log", "cluster_metadata", "share_group_state", "remote_log_metadata"
]
INTERNAL_TOPICS: dict[str, InternalKind] = {
    "__consumer_offsets": "offsets",
    "__transaction_state": "transaction_log",
    "__cluster_metadata": "cluster_metadata",
    "__share_group_state": "share_group_state",
    "__remote_log_metadata": "remote_log_metadata",
}


def internal_kind(topic: str | None) -> InternalKind | None:
    """The decoder for a topic name (``__consumer_offsets`` -> ``"offsets"``), or None."""
    return INTERNAL_TOPICS.get(topic) if topic is not None else None


@dataclass(frozen=True, slots=True)
class DecodedRecord:
    """A record of an internal topic, decoded.

    ``key_type``: the int16 in front of an ``__consumer_offsets`` key (0/1 offset commit, 2 group
    metadata, 3 and up the records of consumer, share and streams groups), of a
    ``__share_group_state`` key (0 snapshot, 1 update) or of a ``__transaction_state`` key (0);
    None for cluster metadata and remote log metadata, which have no key.
    ``key``: the key's fields (Kafka's JSON names), or None.
    ``value_type``: ``OffsetCommitValue``, ``GroupMetadataValue``, ``ConsumerGroupMetadataValue``
    (the value schema of the key's type), ``TransactionLogValue``, the metadata record type as
    Kafka names it (``TOPIC_RECORD``, ``PARTITION_CHANGE_RECORD``, ...), or the remote log
    metadata message (``RemoteLogSegmentMetadataRecord``, ...).
    ``value_version``: the value's schema version. ``value``: its fields, or None.
    ``tombstone``: the record's value is null (a deletion in a compacted topic).
    ``problem``: why the record (or part of it) could not be decoded, or None.
    """

    kind: InternalKind
    key_type: int | None
    key: dict[str, Any] | None
    value_type: str | None
    value_version: int | None
    value: dict[str, Any] | None
    tombstone: bool = False
    problem: str | None = None

    def key_json(self) -> dict[str, Any] | None:
        """The key as kafka-dump-log's JSON decoders print it: ``{"type": "1", "data": {...}}``."""
        if self.key is None or self.key_type is None:
            return None
        return {"type": str(self.key_type), "data": self.key}

    def value_json(self) -> dict[str, Any] | None:
        """The value as kafka-dump-log prints it: ``{"version": "3", "data": {...}}``, or for
        cluster metadata and remote log metadata ``{"type": "TOPIC_RECORD", "version": 0, "data": {...}}``."""
        if self.value is None or self.value_version is None:
            return None
        if self.kind in ("cluster_metadata", "remote_log_metadata"):
            return {"type": self.value_type, "version": self.value_version, "data": self.value}
        return {"version": str(self.value_version), "data": self.value}

    def to_json(self) -> dict[str, Any]:
        """Everything, JSON-ready: ``{"key": ..., "value": ..., "tombstone": ..., "problem": ...}``."""
        return {
            "key": self.key_json(),
            "value": self.value_json(),
            "tombstone": self.tombstone,
            "problem": self.problem,
        }


def undecoded(
    kind: InternalKind, value: bytes | None, problem: str, key_type: int | None = None
) -> DecodedRecord:
    """A record whose key could not be read, with why; ``key_type`` where its record type is known."""
    return DecodedRecord(kind, key_type, None, None, None, None, value is None, problem)


def _record_type(key: Any) -> int:
    return int(key.record_type)


def read_key(
    kind: InternalKind,
    parser: Callable[[KaitaiStream], Any],
    key: bytes | None,
    value: bytes | None,
    *,
    known: Collection[int] | None = None,
    record_type: Callable[[Any], int] = _record_type,
) -> tuple[Any, int] | DecodedRecord:
    """The opening every keyed internal topic shares: the key parsed by its spec and its record
    type (the key's int16, read by ``record_type``), or the record as far as it goes: no key, a key
    that does not parse (no type shown: Kafka cannot read it), a record type the spec (or
    ``known``) does not have."""
    if key is None:
        return undecoded(kind, value, "missing key")
    try:
        parsed = parse(parser, key)
    except PARSE_ERRORS as exc:
        return undecoded(kind, value, f"key: {exc}")
    type_id = record_type(parsed)
    if isinstance(parsed.key, bytes) or (known is not None and type_id not in known):
        return undecoded(kind, value, unknown_record_type(type_id), type_id)
    return parsed, type_id
