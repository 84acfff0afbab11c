"""The texts of kafka-dump-log's decoders of internal topics: ``--offsets-decoder``,
``--transaction-log-decoder``, ``--cluster-metadata-decoder``, ``--share-group-state-decoder`` and
``--remote-log-metadata-decoder`` (what follows ``key:`` and ``payload:`` in ``kafkaks dump``),
from the records :mod:`kafkaks.internal_topics` decodes.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import CorruptDataError
from ..internal_topics.dispatch import decode_as
from ..internal_topics.kafka_json import to_kafka_json
from ..internal_topics.records import DecodedRecord, InternalKind

__all__ = [
    "format_cluster_metadata",
    "format_internal",
    "format_offsets",
    "format_remote_log_metadata",
    "format_share_group_state",
    "format_transaction_log",
]


def format_offsets(
    offset: int, key: bytes | None, value: bytes | None, decoded: DecodedRecord | None = None
) -> tuple[str | None, str | None]:
    """``--offsets-decoder``: the (key, payload) texts that kafka-dump-log prints after ``key:``
    and ``payload:`` (None: the token is left out). A record without a key raises
    :class:`~kafkaks.errors.CorruptDataError`, which stops kafka-dump-log too. ``decoded``: the
    record's :func:`decode_internal` result, when the caller has it already."""
    if key is None:
        raise CorruptDataError(
            f"Failed to decode message at offset {offset} using offset topic decoder "
            "(message had a missing key)",
            offset=offset,
        )
    d = decoded or decode_as("offsets", key, value)
    if d.key is None:
        if d.key_type is not None:  # the key of a record type the spec does not decode
            return f"Unknown record type {d.key_type} at offset {offset}, skipping.", None
        return f"Error at offset {offset}, skipping. {d.problem}", None
    if d.problem and (d.value is None and not d.tombstone):
        return f"Error at offset {offset}, skipping. {_offsets_error(d)}", None
    payload = "<DELETE>" if d.tombstone else to_kafka_json(d.value_json())
    return to_kafka_json(d.key_json()), payload


def _offsets_error(d: DecodedRecord) -> str:
    if d.problem and d.problem.startswith("unknown version"):
        # CoordinatorRecordSerde.readMessage wraps the generated reader's UnsupportedVersionException.
        return (
            f"Could not read record with version {d.value_version} from value's buffer due to: "
            f"Can't read version {d.value_version} of {d.value_type}."
        )
    return str(d.problem)


def _java_string_hash(text: str) -> int:
    h = 0
    units = text.encode("utf-16-be")
    for i in range(0, len(units), 2):
        h = (31 * h + (units[i] << 8 | units[i + 1])) & 0xFFFFFFFF
    return h


def _to_int32(x: int) -> int:
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x >= 1 << 31 else x


def _scala_hash_set_order(groups: Sequence[tuple[str, Sequence[int]]]) -> list[str]:
    """``topic-partition`` strings in the iteration order of the Scala 2.13 ``mutable.HashSet``
    that TransactionMetadata keeps them in (filled one topic at a time with ``++=``): by bucket
    (improved hash & (table length - 1)), then by improved hash. The table starts at 16 slots,
    grows to fit each added set (sizeHint) and doubles at 3/4 full while elements of small sets
    are added one by one (scala/scala ``collection/mutable/HashSet.scala``, 2.13)."""
    length, size, seen = 16, 0, {}
    for topic, partitions in groups:
        distinct = list(dict.fromkeys(partitions))
        target = max(4, int((len(distinct) + 1) / 0.75) - 1).bit_length()
        if 1 << target > length:
            length = 1 << target
        for partition in distinct:
            # A set of more than 4 elements is an immutable.HashSet, added without the grow check.
            if len(distinct) <= 4 and size + 1 >= int(length * 0.75):
                length *= 2
            h = _to_int32(31 * (31 + partition) + _to_int32(_java_string_hash(topic)))
            improved = _to_int32(h ^ ((h & 0xFFFFFFFF) >> 16))
            if (topic, partition) not in seen:
                seen[(topic, partition)] = improved
                size += 1
    ordered = sorted(seen.items(), key=lambda item: (item[1] & (length - 1), item[1]))
    return [f"{topic}-{partition}" for (topic, partition), _ in ordered]


def format_transaction_log(
    offset: int, key: bytes | None, value: bytes | None, decoded: DecodedRecord | None = None
) -> tuple[str | None, str | None]:
    """``--transaction-log-decoder`` (Kafka 3.x, ``TransactionLog.formatRecordKeyAndValue``):
    ``transaction_metadata::transactionalId=<id>`` and ``producerId:<id>,producerEpoch:<e>,
    state=<State>,partitions=[<topic-partition>,...],txnLastUpdateTimestamp=<ms>,txnTimeoutMs=<ms>``,
    ``<DELETE>`` for a tombstone, ``unknown::version=<v>`` for an unknown key version.

    Where Kafka throws and stops the dump (no key, an unknown value version or state, bytes that
    do not parse), the key text is ``Error at offset N, skipping. <why>`` as its other decoders
    print, and the dump can go on."""
    d = decoded or decode_as("transaction_log", key, value)
    if d.key is None:
        if d.key_type is not None and d.problem and d.problem.startswith("unknown key version"):
            return f"unknown::version={d.key_type}", None
        return f"Error at offset {offset}, skipping. {d.problem}", None
    key_text = f"transaction_metadata::transactionalId={d.key['transactionalId']}"
    if d.tombstone:
        return key_text, "<DELETE>"
    from ..internal_topics.transaction_state import TRANSACTION_STATES  # loaded by the decode above

    v = d.value
    if v is None or v["transactionStatus"] not in TRANSACTION_STATES:
        return f"Error at offset {offset}, skipping. {d.problem}", None
    state = TRANSACTION_STATES[v["transactionStatus"]]
    partitions: list[str] = []
    if state != "Empty" and v["transactionPartitions"]:
        partitions = _scala_hash_set_order(
            [(p["topic"], p["partitionIds"]) for p in v["transactionPartitions"]]
        )
    payload = (
        f"producerId:{v['producerId']},producerEpoch:{v['producerEpoch']},state={state},"
        f"partitions=[{','.join(partitions)}],txnLastUpdateTimestamp={v['transactionLastUpdateTimestampMs']},"
        f"txnTimeoutMs={v['transactionTimeoutMs']}"
    )
    return key_text, payload


def format_cluster_metadata(
    offset: int, key: bytes | None, value: bytes | None, decoded: DecodedRecord | None = None
) -> tuple[str | None, str | None]:
    """``--cluster-metadata-decoder``: no key text; the payload is
    ``{"type":"TOPIC_RECORD","version":0,"data":{...}}``, or ``Error at <offset>, skipping. <why>``."""
    d = decoded or decode_as("cluster_metadata", None, value)
    if d.value is None or d.problem:
        return None, f"Error at {offset}, skipping. {d.problem}"
    return None, to_kafka_json(d.value_json())


def format_share_group_state(
    offset: int, key: bytes | None, value: bytes | None, decoded: DecodedRecord | None = None
) -> tuple[str | None, str | None]:
    """``--share-group-state-decoder`` (Kafka 4.x ``ShareGroupStateMessageParser``): key
    ``{"type":"0","data":{...}}`` and payload ``{"version":"0","data":{...}}`` as the offsets
    decoder prints them, ``<DELETE>`` for a tombstone, ``Unknown record type N at offset O,
    skipping.`` and ``Error at offset O, skipping. ...`` (CoordinatorRecordMessageParser). A record
    without a key raises :class:`~kafkaks.errors.CorruptDataError`: Kafka's parser throws."""
    if key is None:
        raise CorruptDataError(
            f"Failed to decode message at offset {offset} using the specified decoder "
            "(message had a missing key)",
            offset=offset,
        )
    d = decoded or decode_as("share_group_state", key, value)
    if d.key is None:
        if d.key_type is not None and d.problem and d.problem.startswith("unknown record type"):
            return f"Unknown record type {d.key_type} at offset {offset}, skipping.", None
        return f"Error at offset {offset}, skipping. {d.problem}", None
    if d.problem and (d.value is None and not d.tombstone):
        why = d.problem
        if why.startswith("unknown version"):  # CoordinatorRecordSerde.UnknownRecordVersionException
            why = f"Found an unknown record version {d.value_version} for {d.key_type} type"
        return f"Error at offset {offset}, skipping. {why}", None
    payload = "<DELETE>" if d.tombstone else to_kafka_json(d.value_json())
    return to_kafka_json(d.key_json()), payload


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
    "offsets": format_offsets,
    "transaction_log": format_transaction_log,
    "cluster_metadata": format_cluster_metadata,
    "share_group_state": format_share_group_state,
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
