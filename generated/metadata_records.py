"""Kafka's KRaft metadata record types, derived from formats/kafka_metadata_record.ksy by
tools/metadata_records.js. Do not edit: run `make generate`.

METADATA_RECORDS: api key -> (MetadataRecordType name, highest version, fields in the order of
Kafka's schema), a field being one of
    ("field", JSON name, attribute of the generated object, Kaitai type, first version)
    ("array", JSON name, attribute, fields of an item)
    ("tag", JSON name, tag, Kaitai type, first version, default)
"""

METADATA_RECORDS = {
    0: ("REGISTER_BROKER_RECORD", 4, [
        ["field", "brokerId", "broker_id", "s4", 0],
        ["field", "isMigratingZkBroker", "is_migrating_zk_broker", "u1", 2],
        ["field", "incarnationId", "incarnation_id", "uuid", 0],
        ["field", "brokerEpoch", "broker_epoch", "s8", 0],
        ["array", "endPoints", "end_points", [
            ["field", "name", "name", "string", 0],
            ["field", "host", "host", "string", 0],
            ["field", "port", "port", "u2", 0],
            ["field", "securityProtocol", "security_protocol", "s2", 0],
        ]],
        ["array", "features", "features", [
            ["field", "name", "name", "string", 0],
            ["field", "minSupportedVersion", "min_supported_version", "s2", 0],
            ["field", "maxSupportedVersion", "max_supported_version", "s2", 0],
        ]],
        ["field", "rack", "rack", "string", 0],
        ["field", "fenced", "fenced", "u1", 0],
        ["field", "inControlledShutdown", "in_controlled_shutdown", "u1", 1],
        ["tag", "logDirs", 0, "uuid_array", 3, []],
        ["tag", "cordonedLogDirs", 1, "uuid_array", 4, None],
    ]),
    1: ("UNREGISTER_BROKER_RECORD", 0, [
        ["field", "brokerId", "broker_id", "s4", 0],
        ["field", "brokerEpoch", "broker_epoch", "s8", 0],
    ]),
    2: ("TOPIC_RECORD", 0, [
        ["field", "name", "name", "string", 0],
        ["field", "topicId", "topic_id", "uuid", 0],
    ]),
    3: ("PARTITION_RECORD", 2, [
        ["field", "partitionId", "partition_id", "s4", 0],
        ["field", "topicId", "topic_id", "uuid", 0],
        ["field", "replicas", "replicas", "int32_array", 0],
        ["field", "isr", "isr", "int32_array", 0],
        ["field", "removingReplicas", "removing_replicas", "int32_array", 0],
        ["field", "addingReplicas", "adding_replicas", "int32_array", 0],
        ["field", "leader", "leader", "s4", 0],
        ["tag", "leaderRecoveryState", 0, "tag_int8", 0, 0],
        ["field", "leaderEpoch", "leader_epoch", "s4", 0],
        ["field", "partitionEpoch", "partition_epoch", "s4", 0],
        ["field", "directories", "directories", "uuid_array", 1],
        ["tag", "eligibleLeaderReplicas", 1, "int32_array", 2, None],
        ["tag", "lastKnownElr", 2, "int32_array", 2, None],
    ]),
    4: ("CONFIG_RECORD", 0, [
        ["field", "resourceType", "resource_type", "s1", 0],
        ["field", "resourceName", "resource_name", "string", 0],
        ["field", "name", "name", "string", 0],
        ["field", "value", "value", "string", 0],
    ]),
    5: ("PARTITION_CHANGE_RECORD", 2, [
        ["field", "partitionId", "partition_id", "s4", 0],
        ["field", "topicId", "topic_id", "uuid", 0],
        ["tag", "isr", 0, "int32_array", 0, None],
        ["tag", "leader", 1, "tag_int32", 0, -2],
        ["tag", "replicas", 2, "int32_array", 0, None],
        ["tag", "removingReplicas", 3, "int32_array", 0, None],
        ["tag", "addingReplicas", 4, "int32_array", 0, None],
        ["tag", "leaderRecoveryState", 5, "tag_int8", 0, -1],
        ["tag", "directories", 8, "uuid_array", 1, None],
        ["tag", "eligibleLeaderReplicas", 6, "int32_array", 2, None],
        ["tag", "lastKnownElr", 7, "int32_array", 2, None],
    ]),
    7: ("FENCE_BROKER_RECORD", 0, [
        ["field", "id", "id", "s4", 0],
        ["field", "epoch", "epoch", "s8", 0],
    ]),
    8: ("UNFENCE_BROKER_RECORD", 0, [
        ["field", "id", "id", "s4", 0],
        ["field", "epoch", "epoch", "s8", 0],
    ]),
    9: ("REMOVE_TOPIC_RECORD", 0, [
        ["field", "topicId", "topic_id", "uuid", 0],
    ]),
    10: ("DELEGATION_TOKEN_RECORD", 0, [
        ["field", "owner", "owner", "string", 0],
        ["field", "requester", "requester", "string", 0],
        ["field", "renewers", "renewers", "string_array", 0],
        ["field", "issueTimestamp", "issue_timestamp", "s8", 0],
        ["field", "maxTimestamp", "max_timestamp", "s8", 0],
        ["field", "expirationTimestamp", "expiration_timestamp", "s8", 0],
        ["field", "tokenId", "token_id", "string", 0],
    ]),
    11: ("USER_SCRAM_CREDENTIAL_RECORD", 0, [
        ["field", "name", "name", "string", 0],
        ["field", "mechanism", "mechanism", "s1", 0],
        ["field", "salt", "salt", "bytes", 0],
        ["field", "storedKey", "stored_key", "bytes", 0],
        ["field", "serverKey", "server_key", "bytes", 0],
        ["field", "iterations", "iterations", "s4", 0],
    ]),
    12: ("FEATURE_LEVEL_RECORD", 0, [
        ["field", "name", "name", "string", 0],
        ["field", "featureLevel", "feature_level", "s2", 0],
    ]),
    14: ("CLIENT_QUOTA_RECORD", 0, [
        ["array", "entity", "entity", [
            ["field", "entityType", "entity_type", "string", 0],
            ["field", "entityName", "entity_name", "string", 0],
        ]],
        ["field", "key", "key", "string", 0],
        ["field", "value", "value", "f8", 0],
        ["field", "remove", "remove", "u1", 0],
    ]),
    15: ("PRODUCER_IDS_RECORD", 0, [
        ["field", "brokerId", "broker_id", "s4", 0],
        ["field", "brokerEpoch", "broker_epoch", "s8", 0],
        ["field", "nextProducerId", "next_producer_id", "s8", 0],
    ]),
    17: ("BROKER_REGISTRATION_CHANGE_RECORD", 3, [
        ["field", "brokerId", "broker_id", "s4", 0],
        ["field", "brokerEpoch", "broker_epoch", "s8", 0],
        ["tag", "fenced", 0, "tag_int8", 0, 0],
        ["tag", "inControlledShutdown", 1, "tag_int8", 1, 0],
        ["tag", "logDirs", 2, "uuid_array", 2, []],
        ["tag", "cordonedLogDirs", 3, "uuid_array", 3, None],
    ]),
    18: ("ACCESS_CONTROL_ENTRY_RECORD", 0, [
        ["field", "id", "id", "uuid", 0],
        ["field", "resourceType", "resource_type", "s1", 0],
        ["field", "resourceName", "resource_name", "string", 0],
        ["field", "patternType", "pattern_type", "s1", 0],
        ["field", "principal", "principal", "string", 0],
        ["field", "host", "host", "string", 0],
        ["field", "operation", "operation", "s1", 0],
        ["field", "permissionType", "permission_type", "s1", 0],
    ]),
    19: ("REMOVE_ACCESS_CONTROL_ENTRY_RECORD", 0, [
        ["field", "id", "id", "uuid", 0],
    ]),
    20: ("NO_OP_RECORD", 0, []),
    21: ("ZK_MIGRATION_STATE_RECORD", 0, [
        ["field", "zkMigrationState", "zk_migration_state", "s1", 0],
    ]),
    22: ("REMOVE_USER_SCRAM_CREDENTIAL_RECORD", 0, [
        ["field", "name", "name", "string", 0],
        ["field", "mechanism", "mechanism", "s1", 0],
    ]),
    23: ("BEGIN_TRANSACTION_RECORD", 0, [
        ["tag", "name", 0, "string", 0, None],
    ]),
    24: ("END_TRANSACTION_RECORD", 0, []),
    25: ("ABORT_TRANSACTION_RECORD", 0, [
        ["tag", "reason", 0, "string", 0, None],
    ]),
    26: ("REMOVE_DELEGATION_TOKEN_RECORD", 0, [
        ["field", "tokenId", "token_id", "string", 0],
    ]),
    27: ("REGISTER_CONTROLLER_RECORD", 0, [
        ["field", "controllerId", "controller_id", "s4", 0],
        ["field", "incarnationId", "incarnation_id", "uuid", 0],
        ["field", "zkMigrationReady", "zk_migration_ready", "u1", 0],
        ["array", "endPoints", "end_points", [
            ["field", "name", "name", "string", 0],
            ["field", "host", "host", "string", 0],
            ["field", "port", "port", "u2", 0],
            ["field", "securityProtocol", "security_protocol", "s2", 0],
        ]],
        ["array", "features", "features", [
            ["field", "name", "name", "string", 0],
            ["field", "minSupportedVersion", "min_supported_version", "s2", 0],
            ["field", "maxSupportedVersion", "max_supported_version", "s2", 0],
        ]],
    ]),
    28: ("CLEAR_ELR_RECORD", 0, [
        ["field", "topicName", "topic_name", "string", 0],
    ]),
}
