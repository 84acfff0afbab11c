"""Which decoder a record of an internal topic goes to: by its topic, or forced with ``kind``."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..models import Record
from .records import INTERNAL_TOPICS, DecodedRecord, InternalKind, internal_kind

__all__ = ["decode_as", "decode_internal", "decoded"]

# Each kind's decoder, imported when a record of that kind is first decoded: the parsers of the
# internal topics are large, and most reads (and ``kafkaks dump`` of a plain topic) need none.
DECODERS: dict[str, tuple[str, str]] = {
    "offsets": ("consumer_offsets", "decode_offsets"),
    "transaction_log": ("transaction_state", "decode_transaction_log"),
    "cluster_metadata": ("cluster_metadata", "decode_cluster_metadata"),
    "share_group_state": ("share_group_state", "decode_share_group_state"),
    "remote_log_metadata": ("remote_log_metadata", "decode_remote_log_metadata"),
}
KEYLESS = frozenset({"cluster_metadata", "remote_log_metadata"})  # decoders of the value alone


def decode_internal(
    topic: str | None, key: bytes | None, value: bytes | None, *, kind: InternalKind | None = None
) -> DecodedRecord | None:
    """Decode a record of an internal topic; None when ``topic`` is not one (and no ``kind`` is
    forced). ``kind`` (``"offsets"``, ``"transaction_log"``, ``"cluster_metadata"``,
    ``"share_group_state"``, ``"remote_log_metadata"``) chooses the
    decoder whatever the topic, as kafka-dump-log's decoder options do. Never raises on bad data:
    see :attr:`DecodedRecord.problem`."""
    chosen = kind or internal_kind(topic)
    return None if chosen is None else decode_as(chosen, key, value)


def decode_as(kind: InternalKind, key: bytes | None, value: bytes | None) -> DecodedRecord:
    """Decode a record with the decoder of ``kind``, whatever its topic."""
    if kind not in DECODERS:
        raise ValueError(
            f"unknown internal topic kind {kind!r}: expected one of {sorted(set(INTERNAL_TOPICS.values()))}"
        )
    module, function = DECODERS[kind]
    decoder: Callable[..., DecodedRecord] = getattr(
        importlib.import_module(f".{module}", __package__), function
    )
    return decoder(value) if kind in KEYLESS else decoder(key, value)


def decoded(record: Record, *, kind: InternalKind | None = None) -> DecodedRecord | None:
    """The decoded key and value of a record read with :func:`~kafkaks.read_partition` (or
    :func:`~kafkaks.read_log` from a ``<topic>-<partition>`` directory), chosen by the record's
    topic or forced with ``kind``. None for records of other topics and for control records
    (those are already decoded in ``Record.control``)."""
    if record.control is not None:
        return None
    return decode_internal(record.topic, record.key, record.value, kind=kind)
