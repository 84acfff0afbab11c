"""Kafka's internal topics, decoded: ``__consumer_offsets``, ``__transaction_state`` and the KRaft
``__cluster_metadata`` log (and its ``.checkpoint`` snapshots).

The record schemas are specs (``formats/kafka_consumer_offsets_key.ksy``,
``kafka_offset_commit_value.ksy``, ``kafka_group_metadata_value.ksy``,
``kafka_transaction_log_key.ksy``, ``kafka_transaction_log_value.ksy``,
``kafka_metadata_record.ksy``), written from Kafka 3.9's message JSON schemas. This module turns
the parsed structures into plain dicts named as Kafka's generated ``...JsonConverter`` classes name
them (``{"group": ..., "topic": ..., "partition": ...}``), and formats them as kafka-dump-log's
``--offsets-decoder``, ``--transaction-log-decoder`` and ``--cluster-metadata-decoder`` print them.

    >>> for record in kafkaks.read_partition("logs/__consumer_offsets-7"):
    ...     d = kafkaks.decoded(record)
    ...     print(d.key_json(), d.value_json())

Decoding never raises on bad data: an unknown record type or version, bytes left over after a
schema, or a missing key is a :attr:`DecodedRecord.problem` for the caller to report, as
kafka-dump-log prints ``Error at offset N, skipping. ...`` and goes on.

What Kafka 3.9 decodes and kafkaks does not: the KIP-848 consumer group records (key record types
3 to 8 of ``__consumer_offsets``) and share group records; they are reported as unknown types.
"""

from __future__ import annotations

import base64
import json
import math
import struct
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, NamedTuple

from kaitaistruct import BytesIO, KaitaiStream, KaitaiStructError

from ..errors import CorruptDataError
from ..generated.kafka_consumer_offsets_key import KafkaConsumerOffsetsKey
from ..generated.kafka_group_metadata_value import KafkaGroupMetadataValue
from ..generated.kafka_metadata_record import KafkaMetadataRecord
from ..generated.kafka_offset_commit_value import KafkaOffsetCommitValue
from ..generated.kafka_transaction_log_key import KafkaTransactionLogKey
from ..generated.kafka_transaction_log_value import KafkaTransactionLogValue
from ..models import Record

__all__ = [
    "INTERNAL_TOPICS",
    "DecodedRecord",
    "InternalKind",
    "decode_internal",
    "decoded",
    "format_cluster_metadata",
    "format_internal",
    "format_offsets",
    "format_transaction_log",
    "internal_kind",
    "to_kafka_json",
]

InternalKind = Literal["offsets", "transaction_log", "cluster_metadata"]
INTERNAL_TOPICS: dict[str, InternalKind] = {
    "__consumer_offsets": "offsets",
    "__transaction_state": "transaction_log",
    "__cluster_metadata": "cluster_metadata",
}
_PARSE_ERRORS = (KaitaiStructError, EOFError, ValueError, UnicodeDecodeError, struct.error)


def internal_kind(topic: str | None) -> InternalKind | None:
    """The decoder for a topic name (``__consumer_offsets`` -> ``"offsets"``), or None."""
    return INTERNAL_TOPICS.get(topic) if topic is not None else None


@dataclass(frozen=True, slots=True)
class DecodedRecord:
    """A record of an internal topic, decoded.

    ``key_type``: the int16 in front of an ``__consumer_offsets`` key (0/1 offset commit, 2 group
    metadata) or of a ``__transaction_state`` key (0); None for cluster metadata, which has no key.
    ``key``: the key's fields (Kafka's JSON names), or None.
    ``value_type``: ``OffsetCommitValue``, ``GroupMetadataValue``, ``TransactionLogValue``, or the
    metadata record type as Kafka names it (``TOPIC_RECORD``, ``PARTITION_CHANGE_RECORD``, ...).
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
        cluster metadata ``{"type": "TOPIC_RECORD", "version": 0, "data": {...}}``."""
        if self.value is None or self.value_version is None:
            return None
        if self.kind == "cluster_metadata":
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


# --- small converters from generated objects to Kafka's JSON values -----------------------------------


def _str(v: Any) -> str | None:
    return None if v.len_value < 0 else str(v.value)


def _bytes(v: Any) -> str | None:
    """Jackson writes a BinaryNode as standard base64 with padding."""
    return None if v.len_value < 0 else base64.b64encode(v.value).decode()


def _uuid(raw: bytes) -> str:
    """Kafka's Uuid.toString(): URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _ints(v: Any) -> list[int] | None:
    return None if v.len_items.num_items < 0 else [int(i) for i in v.items]


def _uuids(v: Any) -> list[str] | None:
    return None if v.len_items.num_items < 0 else [_uuid(i) for i in v.items]


def _strs(v: Any) -> list[str | None] | None:
    return None if v.len_items.num_items < 0 else [_str(i) for i in v.items]


def _int(v: Any) -> int:
    return int(v)


def _bool(v: Any) -> bool:
    return int(v) != 0


def _float(v: Any) -> float:
    return float(v)


def _tag_value(v: Any) -> int:
    return int(v.value)


def _parse(parser: Callable[[KaitaiStream], Any], data: bytes) -> Any:
    return parser(KaitaiStream(BytesIO(data)))


def _leftover(obj: Any) -> int:
    io = obj._io
    return int(io.size() - io.pos())


# --- __consumer_offsets -------------------------------------------------------------------------------

OFFSET_KEY_TYPES = {0: "OffsetCommitKey", 1: "OffsetCommitKey", 2: "GroupMetadataKey"}
# Known to Kafka 3.9 (KIP-848 consumer groups), not decoded here.
CONSUMER_GROUP_KEY_TYPES = {
    3: "ConsumerGroupMetadataKey",
    4: "ConsumerGroupPartitionMetadataKey",
    5: "ConsumerGroupMemberMetadataKey",
    6: "ConsumerGroupTargetAssignmentMetadataKey",
    7: "ConsumerGroupTargetAssignmentMemberKey",
    8: "ConsumerGroupCurrentMemberAssignmentKey",
}


def _offset_commit_key(k: Any) -> dict[str, Any]:
    return {"group": _str(k.group), "topic": _str(k.topic), "partition": k.partition}


def _offset_commit_value(d: Any, version: int) -> dict[str, Any]:
    out: dict[str, Any] = {"offset": d.offset}
    if version >= 3:
        out["leaderEpoch"] = d.leader_epoch
    out["metadata"] = _str(d.metadata)
    out["commitTimestamp"] = d.commit_timestamp
    if version == 1:
        out["expireTimestamp"] = d.expire_timestamp
    return out


def _topic_partitions(items: Sequence[Any]) -> list[dict[str, Any]]:
    return [{"topic": _str(tp.topic), "partitions": _ints(tp.partitions)} for tp in items]


def _consumer_subscription(raw: bytes) -> dict[str, Any] | None:
    """ConsumerProtocolSubscription as JSON, or None when the bytes do not parse as one (Kafka
    then keeps the bytes). Kafka's JSON converter refuses versions outside 0-3."""
    try:
        s = _parse(KafkaGroupMetadataValue.ConsumerProtocolSubscription, raw)
    except _PARSE_ERRORS:
        return None
    if not 0 <= s.version <= 3 or s.topics.len_items.num_items < 0:
        return None
    out: dict[str, Any] = {"topics": _strs(s.topics), "userData": _bytes(s.user_data)}
    if s.version >= 1:
        if s.len_owned_partitions < 0:
            return None
        out["ownedPartitions"] = _topic_partitions(s.owned_partitions)
    if s.version >= 2:
        out["generationId"] = s.generation_id
    if s.version >= 3:
        out["rackId"] = _str(s.rack_id)
    return out


def _consumer_assignment(raw: bytes) -> dict[str, Any] | None:
    try:
        a = _parse(KafkaGroupMetadataValue.ConsumerProtocolAssignment, raw)
    except _PARSE_ERRORS:
        return None
    if not 0 <= a.version <= 3 or a.len_assigned_partitions < 0:
        return None
    return {"assignedPartitions": _topic_partitions(a.assigned_partitions), "userData": _bytes(a.user_data)}


def _group_metadata_value(d: Any, version: int) -> dict[str, Any]:
    protocol_type = _str(d.protocol_type)
    out: dict[str, Any] = {
        "protocolType": protocol_type,
        "generation": d.generation,
        "protocol": _str(d.protocol),
        "leader": _str(d.leader),
    }
    if version >= 2:
        out["currentStateTimestamp"] = d.current_state_timestamp
    members = []
    for m in d.members:
        member: dict[str, Any] = {"memberId": _str(m.member_id)}
        if version >= 3:
            member["groupInstanceId"] = _str(m.group_instance_id)
        member["clientId"] = _str(m.client_id)
        member["clientHost"] = _str(m.client_host)
        if version >= 1:
            member["rebalanceTimeout"] = m.rebalance_timeout
        member["sessionTimeout"] = m.session_timeout
        subscription: Any = _bytes(m.subscription)
        assignment: Any = _bytes(m.assignment)
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


def _decode_offsets(key: bytes | None, value: bytes | None) -> DecodedRecord:
    if key is None:
        return DecodedRecord("offsets", None, None, None, None, None, value is None, "missing key")
    try:
        k = _parse(KafkaConsumerOffsetsKey, key)
    except _PARSE_ERRORS as exc:
        return DecodedRecord("offsets", None, None, None, None, None, value is None, f"key: {exc}")
    record_type = k.record_type
    if record_type not in OFFSET_KEY_TYPES:
        name = CONSUMER_GROUP_KEY_TYPES.get(record_type)
        why = f" ({name}, a KIP-848 consumer group record, not decoded)" if name else ""
        return DecodedRecord(
            "offsets",
            record_type,
            None,
            None,
            None,
            None,
            value is None,
            f"unknown record type {record_type}{why}",
        )
    problems = []
    key_dict = _offset_commit_key(k.key) if record_type < 2 else {"group": _str(k.key.group)}
    if None in (key_dict.get("group", ""), key_dict.get("topic", "")):
        problems.append("key: a non-nullable string was serialized as null")
    if (extra := _leftover(k.key)) > 0:
        problems.append(f"key: {extra} bytes left over after {OFFSET_KEY_TYPES[record_type]}")
    if value is None:
        return DecodedRecord(
            "offsets", record_type, key_dict, None, None, None, True, "; ".join(problems) or None
        )
    value_type = "OffsetCommitValue" if record_type < 2 else "GroupMetadataValue"
    decoded_value, version, problem = _decode_versioned(
        value,
        KafkaOffsetCommitValue if record_type < 2 else KafkaGroupMetadataValue,
        value_type,
        _offset_commit_value if record_type < 2 else _group_metadata_value,
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


def _decode_versioned(
    value: bytes, parser: Any, name: str, to_dict: Callable[[Any, int], dict[str, Any]]
) -> tuple[dict[str, Any] | None, int | None, str | None]:
    """A value made of an int16 version and a body: (fields, version, problem)."""
    try:
        v = _parse(parser, value)
    except _PARSE_ERRORS as exc:
        version = struct.unpack_from(">h", value)[0] if len(value) >= 2 else None
        return None, version, f"value: could not read {name} version {version}: {exc}"
    if isinstance(v.data, bytes):
        return None, v.version, f"unknown version {v.version} of {name}"
    try:
        fields = to_dict(v.data, v.version)
    except _PARSE_ERRORS as exc:
        return None, v.version, f"value: could not read {name} version {v.version}: {exc}"
    extra = _leftover(v.data)
    problem = f"value: {extra} bytes left over after {name} version {v.version}" if extra else None
    return fields, v.version, problem


# --- __transaction_state ------------------------------------------------------------------------------

TRANSACTION_STATES = {
    0: "Empty",
    1: "Ongoing",
    2: "PrepareCommit",
    3: "PrepareAbort",
    4: "CompleteCommit",
    5: "CompleteAbort",
    6: "Dead",
    7: "PrepareEpochFence",
}


def _transaction_log_value(d: Any, _version: int) -> dict[str, Any]:
    partitions = None
    if d.len_transaction_partitions.num_items >= 0:
        partitions = [
            {"topic": _str(p.topic), "partitionIds": _ints(p.partition_ids)} for p in d.transaction_partitions
        ]
    return {
        "producerId": d.producer_id,
        "producerEpoch": d.producer_epoch,
        "transactionTimeoutMs": d.transaction_timeout_ms,
        "transactionStatus": int(d.transaction_status),
        "transactionPartitions": partitions,
        "transactionLastUpdateTimestampMs": d.transaction_last_update_timestamp_ms,
        "transactionStartTimestampMs": d.transaction_start_timestamp_ms,
    }


def _decode_transaction_log(key: bytes | None, value: bytes | None) -> DecodedRecord:
    if key is None:
        return DecodedRecord("transaction_log", None, None, None, None, None, value is None, "missing key")
    try:
        k = _parse(KafkaTransactionLogKey, key)
    except _PARSE_ERRORS as exc:
        return DecodedRecord("transaction_log", None, None, None, None, None, value is None, f"key: {exc}")
    if isinstance(k.key, bytes):
        return DecodedRecord(
            "transaction_log",
            k.version,
            None,
            None,
            None,
            None,
            value is None,
            f"unknown key version {k.version}",
        )
    problems = []
    key_dict = {"transactionalId": _str(k.key.transactional_id)}
    if (extra := _leftover(k.key)) > 0:
        problems.append(f"key: {extra} bytes left over after TransactionLogKey")
    if value is None:
        return DecodedRecord(
            "transaction_log", k.version, key_dict, None, None, None, True, "; ".join(problems) or None
        )
    fields, version, problem = _decode_versioned(
        value, KafkaTransactionLogValue, "TransactionLogValue", _transaction_log_value
    )
    if problem:
        problems.append(problem)
    elif fields is not None and fields["transactionStatus"] not in TRANSACTION_STATES:
        problems.append(f"unknown transaction state {fields['transactionStatus']}")
    return DecodedRecord(
        "transaction_log",
        k.version,
        key_dict,
        "TransactionLogValue",
        version,
        fields,
        False,
        "; ".join(problems) or None,
    )


# --- __cluster_metadata -------------------------------------------------------------------------------


class _F(NamedTuple):
    """A field of a record: JSON name, attribute of the generated object, converter, first version."""

    json: str
    attr: str
    conv: Callable[[Any], Any]
    since: int = 0


class _T(NamedTuple):
    """A tagged field: JSON name, tag, converter, first version, default (left out when equal)."""

    json: str
    tag: int
    conv: Callable[[Any], Any]
    since: int
    default: Any


class _A(NamedTuple):
    """An array of structures: JSON name, attribute, the structure's fields."""

    json: str
    attr: str
    fields: tuple[_F, ...]


_Field = _F | _T | _A
_ENDPOINT = (
    _F("name", "name", _str),
    _F("host", "host", _str),
    _F("port", "port", _int),
    _F("securityProtocol", "security_protocol", _int),
)
_FEATURE = (
    _F("name", "name", _str),
    _F("minSupportedVersion", "min_supported_version", _int),
    _F("maxSupportedVersion", "max_supported_version", _int),
)

# Kafka 3.9 metadata records: api key -> (MetadataRecordType name, highest version, fields in schema
# order). The JSON converters print every field of the record's version, and a tagged field only
# when it differs from its default (JsonConverterGenerator.generateWrite).
METADATA_RECORDS: dict[int, tuple[str, int, tuple[_Field, ...]]] = {
    0: (
        "REGISTER_BROKER_RECORD",
        3,
        (
            _F("brokerId", "broker_id", _int),
            _F("isMigratingZkBroker", "is_migrating_zk_broker", _bool, 2),
            _F("incarnationId", "incarnation_id", _uuid),
            _F("brokerEpoch", "broker_epoch", _int),
            _A("endPoints", "end_points", _ENDPOINT),
            _A("features", "features", _FEATURE),
            _F("rack", "rack", _str),
            _F("fenced", "fenced", _bool),
            _F("inControlledShutdown", "in_controlled_shutdown", _bool, 1),
            _T("logDirs", 0, _uuids, 3, []),
        ),
    ),
    1: (
        "UNREGISTER_BROKER_RECORD",
        0,
        (_F("brokerId", "broker_id", _int), _F("brokerEpoch", "broker_epoch", _int)),
    ),
    2: ("TOPIC_RECORD", 0, (_F("name", "name", _str), _F("topicId", "topic_id", _uuid))),
    3: (
        "PARTITION_RECORD",
        2,
        (
            _F("partitionId", "partition_id", _int),
            _F("topicId", "topic_id", _uuid),
            _F("replicas", "replicas", _ints),
            _F("isr", "isr", _ints),
            _F("removingReplicas", "removing_replicas", _ints),
            _F("addingReplicas", "adding_replicas", _ints),
            _F("leader", "leader", _int),
            _T("leaderRecoveryState", 0, _tag_value, 0, 0),
            _F("leaderEpoch", "leader_epoch", _int),
            _F("partitionEpoch", "partition_epoch", _int),
            _F("directories", "directories", _uuids, 1),
            _T("eligibleLeaderReplicas", 1, _ints, 2, None),
            _T("lastKnownElr", 2, _ints, 2, None),
        ),
    ),
    4: (
        "CONFIG_RECORD",
        0,
        (
            _F("resourceType", "resource_type", _int),
            _F("resourceName", "resource_name", _str),
            _F("name", "name", _str),
            _F("value", "value", _str),
        ),
    ),
    5: (
        "PARTITION_CHANGE_RECORD",
        2,
        (
            _F("partitionId", "partition_id", _int),
            _F("topicId", "topic_id", _uuid),
            _T("isr", 0, _ints, 0, None),
            _T("leader", 1, _tag_value, 0, -2),
            _T("replicas", 2, _ints, 0, None),
            _T("removingReplicas", 3, _ints, 0, None),
            _T("addingReplicas", 4, _ints, 0, None),
            _T("leaderRecoveryState", 5, _tag_value, 0, -1),
            _T("directories", 8, _uuids, 1, None),
            _T("eligibleLeaderReplicas", 6, _ints, 2, None),
            _T("lastKnownElr", 7, _ints, 2, None),
        ),
    ),
    7: ("FENCE_BROKER_RECORD", 0, (_F("id", "id", _int), _F("epoch", "epoch", _int))),
    8: ("UNFENCE_BROKER_RECORD", 0, (_F("id", "id", _int), _F("epoch", "epoch", _int))),
    9: ("REMOVE_TOPIC_RECORD", 0, (_F("topicId", "topic_id", _uuid),)),
    10: (
        "DELEGATION_TOKEN_RECORD",
        0,
        (
            _F("owner", "owner", _str),
            _F("requester", "requester", _str),
            _F("renewers", "renewers", _strs),
            _F("issueTimestamp", "issue_timestamp", _int),
            _F("maxTimestamp", "max_timestamp", _int),
            _F("expirationTimestamp", "expiration_timestamp", _int),
            _F("tokenId", "token_id", _str),
        ),
    ),
    11: (
        "USER_SCRAM_CREDENTIAL_RECORD",
        0,
        (
            _F("name", "name", _str),
            _F("mechanism", "mechanism", _int),
            _F("salt", "salt", _bytes),
            _F("storedKey", "stored_key", _bytes),
            _F("serverKey", "server_key", _bytes),
            _F("iterations", "iterations", _int),
        ),
    ),
    12: ("FEATURE_LEVEL_RECORD", 0, (_F("name", "name", _str), _F("featureLevel", "feature_level", _int))),
    14: (
        "CLIENT_QUOTA_RECORD",
        0,
        (
            _A(
                "entity",
                "entity",
                (_F("entityType", "entity_type", _str), _F("entityName", "entity_name", _str)),
            ),
            _F("key", "key", _str),
            _F("value", "value", _float),
            _F("remove", "remove", _bool),
        ),
    ),
    15: (
        "PRODUCER_IDS_RECORD",
        0,
        (
            _F("brokerId", "broker_id", _int),
            _F("brokerEpoch", "broker_epoch", _int),
            _F("nextProducerId", "next_producer_id", _int),
        ),
    ),
    17: (
        "BROKER_REGISTRATION_CHANGE_RECORD",
        2,
        (
            _F("brokerId", "broker_id", _int),
            _F("brokerEpoch", "broker_epoch", _int),
            _T("fenced", 0, _tag_value, 0, 0),
            _T("inControlledShutdown", 1, _tag_value, 1, 0),
            _T("logDirs", 2, _uuids, 2, []),
        ),
    ),
    18: (
        "ACCESS_CONTROL_ENTRY_RECORD",
        0,
        (
            _F("id", "id", _uuid),
            _F("resourceType", "resource_type", _int),
            _F("resourceName", "resource_name", _str),
            _F("patternType", "pattern_type", _int),
            _F("principal", "principal", _str),
            _F("host", "host", _str),
            _F("operation", "operation", _int),
            _F("permissionType", "permission_type", _int),
        ),
    ),
    19: ("REMOVE_ACCESS_CONTROL_ENTRY_RECORD", 0, (_F("id", "id", _uuid),)),
    20: ("NO_OP_RECORD", 0, ()),
    21: ("ZK_MIGRATION_STATE_RECORD", 0, (_F("zkMigrationState", "zk_migration_state", _int),)),
    22: (
        "REMOVE_USER_SCRAM_CREDENTIAL_RECORD",
        0,
        (_F("name", "name", _str), _F("mechanism", "mechanism", _int)),
    ),
    23: ("BEGIN_TRANSACTION_RECORD", 0, (_T("name", 0, _str, 0, None),)),
    24: ("END_TRANSACTION_RECORD", 0, ()),
    25: ("ABORT_TRANSACTION_RECORD", 0, (_T("reason", 0, _str, 0, None),)),
    26: ("REMOVE_DELEGATION_TOKEN_RECORD", 0, (_F("tokenId", "token_id", _str),)),
    27: (
        "REGISTER_CONTROLLER_RECORD",
        0,
        (
            _F("controllerId", "controller_id", _int),
            _F("incarnationId", "incarnation_id", _uuid),
            _F("zkMigrationReady", "zk_migration_ready", _bool),
            _A("endPoints", "end_points", _ENDPOINT),
            _A("features", "features", _FEATURE),
        ),
    ),
}


def _struct_json(obj: Any, fields: Iterable[_Field], version: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    tags = {}
    if any(isinstance(f, _T) for f in fields):
        tags = {int(t.tag.value): t.data for t in obj.tagged_fields.fields}
    for f in fields:
        if isinstance(f, _A):
            out[f.json] = [_struct_json(item, f.fields, version) for item in getattr(obj, f.attr)]
        elif isinstance(f, _T):
            # A tag of a later version than the record's is unknown to Kafka: left out.
            if version >= f.since and f.tag in tags and not isinstance(tags[f.tag], bytes):
                value = f.conv(tags[f.tag])
                if value != f.default:
                    out[f.json] = value
        elif version >= f.since:
            out[f.json] = f.conv(getattr(obj, f.attr))
    return out


def _decode_cluster_metadata(value: bytes | None) -> DecodedRecord:
    def fail(problem: str, api_key: int | None = None, version: int | None = None) -> DecodedRecord:
        name = METADATA_RECORDS[api_key][0] if api_key in METADATA_RECORDS else None
        return DecodedRecord("cluster_metadata", None, None, name, version, None, value is None, problem)

    if value is None:
        return fail("null value (a metadata record always has one)")
    try:
        r = _parse(KafkaMetadataRecord, value)
    except _PARSE_ERRORS as exc:
        return fail(f"could not read the record: {exc}")
    frame, api_key, version = (
        r.frame_version.value,
        r.api_key.value,
        r.version.value,
    )
    if frame == 0:
        return fail(
            "Could not deserialize metadata record with frame version 0. Note that upgrades from the "
            "preview release of KRaft in 2.8 to newer versions are not supported."
        )
    if frame != 1:
        return fail(
            f"Could not deserialize metadata record due to unknown frame version {frame}"
            "(only frame version 1 is supported)"
        )
    if api_key not in METADATA_RECORDS:
        return fail(
            f"org.apache.kafka.common.errors.UnsupportedVersionException: Unknown metadata id {api_key}"
        )
    name, highest, fields = METADATA_RECORDS[api_key]
    if isinstance(r.data, bytes) or version > highest:
        return fail(f"unknown version {version} of {name} (Kafka 3.9 reads 0 to {highest})", api_key, version)
    try:
        data = _struct_json(r.data, fields, version)
    except _PARSE_ERRORS as exc:
        return fail(f"Failed to deserialize record with type {api_key}: {exc}", api_key, version)
    extra = _leftover(r.data)
    problem = f"Found {extra} byte(s) of garbage after {api_key}" if extra else None
    return DecodedRecord("cluster_metadata", None, None, name, version, data, False, problem)


# --- public API ---------------------------------------------------------------------------------------


def decode_internal(
    topic: str | None, key: bytes | None, value: bytes | None, *, kind: InternalKind | None = None
) -> DecodedRecord | None:
    """Decode a record of an internal topic; None when ``topic`` is not one (and no ``kind`` is
    forced). ``kind`` (``"offsets"``, ``"transaction_log"``, ``"cluster_metadata"``) chooses the
    decoder whatever the topic, as kafka-dump-log's decoder options do. Never raises on bad data:
    see :attr:`DecodedRecord.problem`."""
    chosen = kind or internal_kind(topic)
    if chosen == "offsets":
        return _decode_offsets(key, value)
    if chosen == "transaction_log":
        return _decode_transaction_log(key, value)
    if chosen == "cluster_metadata":
        return _decode_cluster_metadata(value)
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


# --- Kafka's JSON text --------------------------------------------------------------------------------

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _json_string(text: str) -> str:
    """A string as Jackson writes it: UTF-8 as is, control characters as \\uXXXX (upper-case hex)."""
    return '"' + "".join(_ESCAPES.get(c) or (f"\\u{ord(c):04X}" if c < " " else c) for c in text) + '"'


def _java_double(x: float) -> str:
    """Java's Double.toString (what Jackson prints for a DoubleNode)."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "-0.0" if math.copysign(1.0, x) < 0 else "0.0"
    sign = "-" if x < 0 else ""
    digits, exponent = _shortest_digits(abs(x))  # value = 0.d1d2... * 10^exponent
    if 1e-3 <= abs(x) < 1e7:
        if exponent <= 0:
            return f"{sign}0.{'0' * -exponent}{digits}"
        whole, frac = digits[:exponent].ljust(exponent, "0"), digits[exponent:]
        return f"{sign}{whole}.{frac or '0'}"
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{exponent - 1}"


def _shortest_digits(x: float) -> tuple[str, int]:
    """The shortest decimal digits that read back as ``x`` (as Java 19+ prints them) and the
    exponent e with x = 0.digits * 10^e."""
    sign_digits_exponent = Decimal(repr(x)).as_tuple()
    digits = "".join(map(str, sign_digits_exponent.digits))
    exponent = len(digits) + int(sign_digits_exponent.exponent)
    return digits.rstrip("0") or "0", exponent


def to_kafka_json(value: Any) -> str:
    """Compact JSON as Kafka's Jackson ObjectNode.toString() writes it (no spaces, UTF-8 kept,
    doubles as Java prints them)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _java_double(value)
    if isinstance(value, str):
        return _json_string(value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{_json_string(k)}:{to_kafka_json(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(to_kafka_json(v) for v in value) + "]"
    return json.dumps(value)


# --- kafka-dump-log decoder text ----------------------------------------------------------------------


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
    d = decoded or _decode_offsets(key, value)
    if d.key is None:
        if d.key_type is not None and d.key_type not in OFFSET_KEY_TYPES:
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
    d = decoded or _decode_transaction_log(key, value)
    if d.key is None:
        if d.key_type is not None and d.problem and d.problem.startswith("unknown key version"):
            return f"unknown::version={d.key_type}", None
        return f"Error at offset {offset}, skipping. {d.problem}", None
    key_text = f"transaction_metadata::transactionalId={d.key['transactionalId']}"
    if d.tombstone:
        return key_text, "<DELETE>"
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
    d = decoded or _decode_cluster_metadata(value)
    if d.value is None or d.problem:
        return None, f"Error at {offset}, skipping. {d.problem}"
    return None, to_kafka_json(d.value_json())


FORMATTERS: dict[
    InternalKind,
    Callable[[int, bytes | None, bytes | None, DecodedRecord | None], tuple[str | None, str | None]],
] = {
    "offsets": format_offsets,
    "transaction_log": format_transaction_log,
    "cluster_metadata": format_cluster_metadata,
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
