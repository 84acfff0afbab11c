"""``__consumer_offsets``: committed offsets and group metadata, decoded with the specs
``kafka_consumer_offsets_key``, ``kafka_offset_commit_value`` and ``kafka_group_metadata_value``.

The records of consumer groups of the KIP-848 protocol, share groups and streams groups (record
types 3 and up, Kafka 4.x) are decoded by the spec ``kafka_group_coordinator_records`` through the
table derived from it (:mod:`.messages`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..generated.kafka_consumer_offsets_key import KafkaConsumerOffsetsKey
from ..generated.kafka_group_metadata_value import KafkaGroupMetadataValue
from ..generated.kafka_offset_commit_value import KafkaOffsetCommitValue
from ..generated.message_tables import VALUE_RECORDS
from .convert import (
    PARSE_ERRORS,
    decode_versioned,
    int32s,
    kafka_bytes,
    kafka_string,
    leftover,
    parse,
    pascal_case,
    strings,
)
from .messages import COORDINATOR_RECORDS, coordinator_record, message_json
from .records import DecodedRecord, read_key

__all__ = ["KEY_SCHEMAS", "decode_offsets"]

# The key schema of each record type the spec names (OffsetCommitKey, ConsumerGroupMetadataKey, ...).
KEY_SCHEMAS = {t.value: pascal_case(t.name) + "Key" for t in KafkaConsumerOffsetsKey.RecordType}
_TABLE = "kafka_consumer_offsets_key"


def _offset_commit_key(k: Any) -> dict[str, Any]:
    return {"group": kafka_string(k.group), "topic": kafka_string(k.topic), "partition": k.partition}


def _offset_commit_value(d: Any, version: int) -> dict[str, Any]:
    """OffsetCommitValue's fields of ``version`` (the topic id tag of version 4 included), from the
    spec through generated/message_tables.py."""
    return message_json(d, VALUE_RECORDS["kafka_offset_commit_value"][2], version)


def _topic_partitions(items: Sequence[Any]) -> list[dict[str, Any]]:
    return [{"topic": kafka_string(tp.topic), "partitions": int32s(tp.partitions)} for tp in items]


def _consumer_subscription(raw: bytes) -> dict[str, Any] | None:
    """ConsumerProtocolSubscription as JSON, or None when the bytes do not parse as one (Kafka
    then keeps the bytes). Kafka's JSON converter refuses versions outside 0-3."""
    try:
        s = parse(KafkaGroupMetadataValue.ConsumerProtocolSubscription, raw)
    except PARSE_ERRORS:
        return None
    if not 0 <= s.version <= 3 or s.topics.len_items.num_items < 0:
        return None
    out: dict[str, Any] = {"topics": strings(s.topics), "userData": kafka_bytes(s.user_data)}
    if s.version >= 1:
        if s.len_owned_partitions < 0:
            return None
        out["ownedPartitions"] = _topic_partitions(s.owned_partitions)
    if s.version >= 2:
        out["generationId"] = s.generation_id
    if s.version >= 3:
        out["rackId"] = kafka_string(s.rack_id)
    return out


def _consumer_assignment(raw: bytes) -> dict[str, Any] | None:
    try:
        a = parse(KafkaGroupMetadataValue.ConsumerProtocolAssignment, raw)
    except PARSE_ERRORS:
        return None
    if not 0 <= a.version <= 3 or a.len_assigned_partitions < 0:
        return None
    return {
        "assignedPartitions": _topic_partitions(a.assigned_partitions),
        "userData": kafka_bytes(a.user_data),
    }


def _group_metadata_value(d: Any, version: int) -> dict[str, Any]:
    protocol_type = kafka_string(d.protocol_type)
    out: dict[str, Any] = {
        "protocolType": protocol_type,
        "generation": d.generation,
        "protocol": kafka_string(d.protocol),
        "leader": kafka_string(d.leader),
    }
    if version >= 2:
        out["currentStateTimestamp"] = d.current_state_timestamp
    members = []
    for m in d.members:
        member: dict[str, Any] = {"memberId": kafka_string(m.member_id)}
        if version >= 3:
            member["groupInstanceId"] = kafka_string(m.group_instance_id)
        member["clientId"] = kafka_string(m.client_id)
        member["clientHost"] = kafka_string(m.client_host)
        if version >= 1:
            member["rebalanceTimeout"] = m.rebalance_timeout
        member["sessionTimeout"] = m.session_timeout
        subscription: Any = kafka_bytes(m.subscription)
        assignment: Any = kafka_bytes(m.assignment)
        # kafka-dump-log decodes the embedded consumer protocol of `consumer` groups, keeping the
        # bytes where they do not parse (DumpLogSegments.prepareGroupMetadataValue).
        if protocol_type == "consumer":
            if m.subscription.len_value >= 0:
                subscription = _consumer_subscription(m.subscription.value) or subscription
            if m.assignment.len_value >= 0:
                assignment = _consumer_assignment(m.assignment.value) or assignment
        member["subscription"] = subscription
        member["assignment"] = assignment
        members.append(member)
    out["members"] = members
    return out


def decode_offsets(key: bytes | None, value: bytes | None) -> DecodedRecord:
    """A ``__consumer_offsets`` record: the key's record type chooses the schemas."""
    opened = read_key("offsets", KafkaConsumerOffsetsKey, key, value)
    if isinstance(opened, DecodedRecord):
        return opened
    k, record_type = opened
    if record_type in COORDINATOR_RECORDS[_TABLE]:
        return coordinator_record("offsets", _TABLE, record_type, k.key, value)
    problems = []
    offset_commit = isinstance(k.key, KafkaConsumerOffsetsKey.OffsetCommitKey)
    key_dict = _offset_commit_key(k.key) if offset_commit else {"group": kafka_string(k.key.group)}
    if None in (key_dict.get("group", ""), key_dict.get("topic", "")):
        problems.append("key: a non-nullable string was serialized as null")
    if (extra := leftover(k.key)) > 0:
        problems.append(f"key: {extra} bytes left over after {type(k.key).__name__}")
    if value is None:
        return DecodedRecord(
            "offsets", record_type, key_dict, None, None, None, True, "; ".join(problems) or None
        )
    value_type = "OffsetCommitValue" if offset_commit else "GroupMetadataValue"
    decoded_value, version, problem = decode_versioned(
        value,
        KafkaOffsetCommitValue if offset_commit else KafkaGroupMetadataValue,
        value_type,
        record_type,
        _offset_commit_value if offset_commit else _group_metadata_value,
    )
    if problem:
        problems.append(problem)
    return DecodedRecord(
        "offsets",
        record_type,
        key_dict,
        value_type,
        version,
        decoded_value,
        False,
        "; ".join(problems) or None,
    )
