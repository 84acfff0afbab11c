"""Which decoder a record of an internal topic goes to: by its topic, or forced with ``kind``."""

from __future__ import annotations

from ..models import Record
from .cluster_metadata import decode_cluster_metadata
from .consumer_offsets import decode_offsets
from .records import INTERNAL_TOPICS, DecodedRecord, InternalKind, internal_kind
from .remote_log_metadata import decode_remote_log_metadata
from .share_group_state import decode_share_group_state
from .transaction_state import decode_transaction_log

__all__ = ["decode_internal", "decoded"]


def decode_internal(
    topic: str | None, key: bytes | None, value: bytes | None, *, kind: InternalKind | None = None
) -> DecodedRecord | None:
    """Decode a record of an internal topic; None when ``topic`` is not one (and no ``kind`` is
    forced). ``kind`` (``"offsets"``, ``"transaction_log"``, ``"cluster_metadata"``,
    ``"share_group_state"``, ``"remote_log_metadata"``) chooses the
    decoder whatever the topic, as kafka-dump-log's decoder options do. Never raises on bad data:
    see :attr:`DecodedRecord.problem`."""
    chosen = kind or internal_kind(topic)
    if chosen == "offsets":
        return decode_offsets(key, value)
    if chosen == "transaction_log":
        return decode_transaction_log(key, value)
    if chosen == "cluster_metadata":
        return decode_cluster_metadata(value)
    if chosen == "share_group_state":
        return decode_share_group_state(key, value)
    if chosen == "remote_log_metadata":
        return decode_remote_log_metadata(value)
    if chosen is not None:
        raise ValueError(
            f"unknown internal topic kind {chosen!r}: expected one of {sorted(set(INTERNAL_TOPICS.values()))}"
        )
    return None


def decoded(record: Record, *, kind: InternalKind | None = None) -> DecodedRecord | None:
    """The decoded key and value of a record read with :func:`~kafkaks.read_partition` (or
    :func:`~kafkaks.read_log` from a ``<topic>-<partition>`` directory), chosen by the record's
    topic or forced with ``kind``. None for records of other topics and for control records
    (those are already decoded in ``Record.control``)."""
    if record.control is not None:
        return None
    return decode_internal(record.topic, record.key, record.value, kind=kind)
