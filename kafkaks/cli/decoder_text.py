"""The texts of kafka-dump-log's decoders of internal topics: ``--offsets-decoder``,
``--transaction-log-decoder``, ``--cluster-metadata-decoder``, ``--share-group-state-decoder`` and
``--remote-log-metadata-decoder`` (what follows ``key:`` and ``payload:`` in ``kafkaks dump``),
from the records :mod:`kafkaks.internal_topics` decodes.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from functools import partial
from typing import Any

from ..errors import CorruptDataError
from ..internal_topics.convert import unknown_record_type
from ..internal_topics.dispatch import decode_as
from ..internal_topics.kafka_json import to_kafka_json
from ..internal_topics.records import DecodedRecord, InternalKind

__all__ = [
    "format_cluster_metadata",
    "format_coordinator",
    "format_internal",
    "format_remote_log_metadata",
    "missing_key_message",
]


def format_coordinator(
    kind: InternalKind,
    offset: int,
    key: bytes | None,
    value: bytes | None,
    decoded: DecodedRecord | None = None,
) -> tuple[str | None, str | None]:
    """``--offsets-decoder``, ``--transaction-log-decoder`` and ``--share-group-state-decoder``
    (Kafka 4.3's ``CoordinatorRecordMessageParser``): the (key, payload) texts that kafka-dump-log
    prints after ``key:`` and ``payload:`` (None: the token is left out): key
    ``{"type":"0","data":{...}}`` and payload ``{"version":"1","data":{...}}``, ``<DELETE>`` for
    a tombstone; ``Unknown record type T at offset O, skipping.`` and ``Error at offset O,
    skipping. <Kafka's message>`` in place of the key for a record it cannot read. A record
    without a key raises :class:`~kafkaks.errors.CorruptDataError`: Kafka's parser throws.
    ``decoded``: the record's :func:`decode_internal` result, when the caller has it already."""
    if key is None:
        raise CorruptDataError(missing_key_message(offset), offset=offset)
    d = decoded or decode_as(kind, key, value)
    if d.key is None:
        if d.key_type is not None and d.problem == unknown_record_type(d.key_type):
            return f"Unknown record type {d.key_type} at offset {offset}, skipping.", None
        return f"Error at offset {offset}, skipping. {d.problem}", None
    if d.problem and (d.value is None and not d.tombstone):
        return f"Error at offset {offset}, skipping. {d.problem}", None
    payload = "<DELETE>" if d.tombstone else to_kafka_json(d.value_json())
    return to_kafka_json(d.key_json()), payload


def missing_key_message(offset: int) -> str:
    """What Kafka 4.3's CoordinatorRecordMessageParser throws for a record without a key."""
    return (
        f"Failed to decode message at offset {offset} using the specified decoder (message had a missing key)"
    )


def format_cluster_metadata(
    offset: int, key: bytes | None, value: bytes | None, decoded: DecodedRecord | None = None
) -> tuple[str | None, str | None]:
    """``--cluster-metadata-decoder``: no key text; the payload is
    ``{"type":"TOPIC_RECORD","version":0,"data":{...}}``, or ``Error at <offset>, skipping. <why>``."""
    d = decoded or decode_as("cluster_metadata", None, value)
    if d.value is None or d.problem:
        return None, f"Error at {offset}, skipping. {d.problem}"
    return None, to_kafka_json(d.value_json())


# RemoteLogSegmentState and RemotePartitionDeleteState ids (storage/api, Kafka 4.3).
_SEGMENT_STATES = [
    "COPY_SEGMENT_STARTED",
    "COPY_SEGMENT_FINISHED",
    "DELETE_SEGMENT_STARTED",
    "DELETE_SEGMENT_FINISHED",
]
_PARTITION_STATES = ["DELETE_PARTITION_MARKED", "DELETE_PARTITION_STARTED", "DELETE_PARTITION_FINISHED"]


def _state(names: list[str], state: int) -> str | None:
    return names[state] if 0 <= state < len(names) else None


def _topic_id_partition(tp: dict[str, Any]) -> str:
    """org.apache.kafka.common.TopicIdPartition.toString: ``<id>:<topic>-<partition>``."""
    return f"{tp['id']}:{tp['name']}-{tp['partition']}"


def _custom_metadata(raw: str | None) -> str:
    """Optional<CustomMetadata>.toString."""
    if raw is None:
        return "Optional.empty"
    return f"Optional[CustomMetadata{{{len(base64.b64decode(raw))} bytes}}]"


def _leader_epochs(entries: list[dict[str, Any]]) -> str:
    """The TreeMap of leader epoch to start offset that Kafka builds (a later entry of the same
    epoch wins), as AbstractMap.toString prints it."""
    epochs: dict[int, int] = {}
    for e in entries:
        epochs[e["leaderEpoch"]] = e["offset"]
    return "{" + ", ".join(f"{k}={v}" for k, v in sorted(epochs.items())) + "}"


def _remote_log_text(name: str, v: dict[str, Any]) -> str:
    """The toString of what RemoteLogMetadataSerde.deserialize builds from the record; raises
    ValueError with the message of the exception its constructors throw."""
    if name == "RemotePartitionDeleteMetadataRecord":
        state = _state(_PARTITION_STATES, v["remotePartitionDeleteState"])
        if state is None:
            raise ValueError("null")  # Objects.requireNonNull(state) without a message
        return (
            f"RemotePartitionDeleteMetadata{{topicPartition={_topic_id_partition(v['topicIdPartition'])}, "
            f"state={state}, eventTimestampMs={v['eventTimestampMs']}, brokerId={v['brokerId']}}}"
        )
    state = _state(_SEGMENT_STATES, v["remoteLogSegmentState"])
    if state is None:
        raise ValueError("state can not be null")
    custom = _custom_metadata(v["customMetadata"])
    if name == "RemoteLogSegmentMetadataUpdateRecord":
        segment_id = v["remoteLogSegmentId"]
        return (
            f"RemoteLogSegmentMetadataUpdate{{remoteLogSegmentId=RemoteLogSegmentId{{topicIdPartition="
            f"{_topic_id_partition(segment_id['topicIdPartition'])}, id={segment_id['id']}}}, "
            f"customMetadata={custom}, state={state}, eventTimestampMs={v['eventTimestampMs']}, "
            f"brokerId={v['brokerId']}}}"
        )
    if not v["segmentLeaderEpochs"]:
        raise ValueError("segmentLeaderEpochs can not be null or empty")
    epochs = _leader_epochs(v["segmentLeaderEpochs"])
    txn_index_empty = str(v.get("txnIndexEmpty", False)).lower()
    if name == "RemoteLogSegmentMetadataSnapshotRecord":
        return (
            f"RemoteLogSegmentMetadataSnapshot{{segmentId={v['segmentId']}, startOffset={v['startOffset']}, "
            f"endOffset={v['endOffset']}, maxTimestampMs={v['maxTimestampMs']}, "
            f"segmentLeaderEpochs={epochs}, "
            f"segmentSizeInBytes={v['segmentSizeInBytes']}, customMetadata={custom}, state={state}, "
            f"txnIdxEmpty={txn_index_empty}}}"
        )
    start, end = v["startOffset"], v["endOffset"]
    if start < 0:
        raise ValueError(
            f"Unexpected start offset = {start}. StartOffset for a remote segment cannot be negative"
        )
    if end < start:
        raise ValueError(
            f"Unexpected end offset = {end}. EndOffset for a remote segment cannot be less than "
            f"startOffset = {start}"
        )
    segment_id = v["remoteLogSegmentId"]
    return (
        f"RemoteLogSegmentMetadata{{remoteLogSegmentId=RemoteLogSegmentId{{topicIdPartition="
        f"{_topic_id_partition(segment_id['topicIdPartition'])}, id={segment_id['id']}}}, "
        f"startOffset={start}, endOffset={end}, brokerId={v['brokerId']}, "
        f"maxTimestampMs={v['maxTimestampMs']}, "
        f"eventTimestampMs={v['eventTimestampMs']}, segmentLeaderEpochs={epochs}, "
        f"segmentSizeInBytes={v['segmentSizeInBytes']}, customMetadata={custom}, state={state}, "
        f"txnIdxEmpty={txn_index_empty}}}"
    )


def format_remote_log_metadata(
    offset: int, key: bytes | None, value: bytes | None, decoded: DecodedRecord | None = None
) -> tuple[str | None, str | None]:
    """``--remote-log-metadata-decoder`` (Kafka 4.x ``RemoteMetadataLogMessageParser``): no key
    text; the payload is the ``toString()`` of the RemoteLogSegmentMetadata,
    RemoteLogSegmentMetadataUpdate, RemotePartitionDeleteMetadata or
    RemoteLogSegmentMetadataSnapshot that Kafka builds from the record, or ``Error at offset O,
    skipping. <why>``."""
    d = decoded or decode_as("remote_log_metadata", None, value)
    if d.value is None or d.problem or d.value_type is None:
        return None, f"Error at offset {offset}, skipping. {d.problem}"
    try:
        return None, _remote_log_text(d.value_type, d.value)
    except ValueError as exc:
        return None, f"Error at offset {offset}, skipping. {exc}"


FORMATTERS: dict[
    InternalKind,
    Callable[[int, bytes | None, bytes | None, DecodedRecord | None], tuple[str | None, str | None]],
] = {
    "offsets": partial(format_coordinator, "offsets"),
    "transaction_log": partial(format_coordinator, "transaction_log"),
    "cluster_metadata": format_cluster_metadata,
    "share_group_state": partial(format_coordinator, "share_group_state"),
    "remote_log_metadata": format_remote_log_metadata,
}


def format_internal(
    kind: InternalKind,
    offset: int,
    key: bytes | None,
    value: bytes | None,
    decoded: DecodedRecord | None = None,
) -> tuple[str | None, str | None]:
    """The (key, payload) texts of kafka-dump-log's decoder for ``kind``; see the format_* functions."""
    return FORMATTERS[kind](offset, key, value, decoded)
