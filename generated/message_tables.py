"""Kafka's coordinator records and framed metadata records, derived from formats/*.ksy by
tools/message_tables.js. Do not edit: run `make generate`.

COORDINATOR_RECORDS: key spec -> record type -> (name, spec holding the types, key type, key
fields, value type, highest value version, value fields); types are the generated classes'
names inside the spec's top-level class.
FRAMED_RECORDS: spec -> api key -> (message name, highest version, fields).
VALUE_RECORDS: spec of one versioned value -> (message name, highest version, fields).
A field is one of
    ("field", JSON name, attribute, conversion)
    ("array", JSON name, attribute, fields of an item)        (null when len_<attribute> is -1)
    ("struct", JSON name, attribute, fields, nullable)        (null when present_<attribute> < 0)
    ("tag", JSON name, tag, conversion, first version, default)
    ("tagarray" | "tagstruct", JSON name, tag, fields, first version, default)
in the order Kafka's JSON converters print them.
"""

COORDINATOR_RECORDS = {
    "kafka_consumer_offsets_key": {
        3: (
            "ConsumerGroupMetadata",
            "kafka_group_coordinator_records",
            "ConsumerGroupMetadataKey",
            (
                ("field", "groupId", "group_id", "string"),
            ),
            "ConsumerGroupMetadataValue",
            0,
            (
                ("field", "epoch", "epoch", "s4"),
                ("tag", "metadataHash", 0, "tag_s8", 0, 0),
            ),
        ),
        4: (
            "ConsumerGroupPartitionMetadata",
            "kafka_group_coordinator_records",
            "ConsumerGroupPartitionMetadataKey",
            (
                ("field", "groupId", "group_id", "string"),
            ),
            "ConsumerGroupPartitionMetadataValue",
            0,
            (
                (
                    "array",
                    "topics",
                    "topics",
                    (
                        ("field", "topicId", "topic_id", "uuid"),
                        ("field", "topicName", "topic_name", "string"),
                        ("field", "numPartitions", "num_partitions", "s4"),
                        (
                            "array",
                            "partitionMetadata",
                            "partition_metadata",
                            (
                                ("field", "partition", "partition", "s4"),
                                ("field", "racks", "racks", "string_array"),
                            ),
                        ),
                    ),
                ),
            ),
        ),
        5: (
            "ConsumerGroupMemberMetadata",
            "kafka_group_coordinator_records",
            "ConsumerGroupMemberMetadataKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "memberId", "member_id", "string"),
            ),
            "ConsumerGroupMemberMetadataValue",
            0,
            (
                ("field", "instanceId", "instance_id", "string"),
                ("field", "rackId", "rack_id", "string"),
                ("field", "clientId", "client_id", "string"),
                ("field", "clientHost", "client_host", "string"),
                ("field", "subscribedTopicNames", "subscribed_topic_names", "string_array"),
                ("field", "subscribedTopicRegex", "subscribed_topic_regex", "string"),
                ("field", "rebalanceTimeoutMs", "rebalance_timeout_ms", "s4"),
                ("field", "serverAssignor", "server_assignor", "string"),
                (
                    "tagstruct",
                    "classicMemberMetadata",
                    0,
                    (
                        ("field", "sessionTimeoutMs", "session_timeout_ms", "s4"),
                        (
                            "array",
                            "supportedProtocols",
                            "supported_protocols",
                            (
                                ("field", "name", "name", "string"),
                                ("field", "metadata", "metadata", "bytes"),
                            ),
                        ),
                    ),
                    0,
                    None,
                ),
            ),
        ),
        6: (
            "ConsumerGroupTargetAssignmentMetadata",
            "kafka_group_coordinator_records",
            "ConsumerGroupTargetAssignmentMetadataKey",
            (
                ("field", "groupId", "group_id", "string"),
            ),
            "ConsumerGroupTargetAssignmentMetadataValue",
            0,
            (
                ("field", "assignmentEpoch", "assignment_epoch", "s4"),
                ("tag", "assignmentTimestamp", 0, "tag_s8", 0, 0),
            ),
        ),
        7: (
            "ConsumerGroupTargetAssignmentMember",
            "kafka_group_coordinator_records",
            "ConsumerGroupTargetAssignmentMemberKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "memberId", "member_id", "string"),
            ),
            "ConsumerGroupTargetAssignmentMemberValue",
            0,
            (
                (
                    "array",
                    "topicPartitions",
                    "topic_partitions",
                    (
                        ("field", "topicId", "topic_id", "uuid"),
                        ("field", "partitions", "partitions", "int32_array"),
                    ),
                ),
            ),
        ),
        8: (
            "ConsumerGroupCurrentMemberAssignment",
            "kafka_group_coordinator_records",
            "ConsumerGroupCurrentMemberAssignmentKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "memberId", "member_id", "string"),
            ),
            "ConsumerGroupCurrentMemberAssignmentValue",
            0,
            (
                ("field", "memberEpoch", "member_epoch", "s4"),
                ("field", "previousMemberEpoch", "previous_member_epoch", "s4"),
                ("field", "state", "state", "s1"),
                (
                    "array",
                    "assignedPartitions",
                    "assigned_partitions",
                    (
                        ("field", "topicId", "topic_id", "uuid"),
                        ("field", "partitions", "partitions", "int32_array"),
                        ("tag", "assignmentEpochs", 0, "int32_array", 0, None),
                    ),
                ),
                (
                    "array",
                    "partitionsPendingRevocation",
                    "partitions_pending_revocation",
                    (
                        ("field", "topicId", "topic_id", "uuid"),
                        ("field", "partitions", "partitions", "int32_array"),
                        ("tag", "assignmentEpochs", 0, "int32_array", 0, None),
                    ),
                ),
            ),
        ),
        10: (
            "ShareGroupMemberMetadata",
            "kafka_group_coordinator_records",
            "ShareGroupMemberMetadataKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "memberId", "member_id", "string"),
            ),
            "ShareGroupMemberMetadataValue",
            0,
            (
                ("field", "rackId", "rack_id", "string"),
                ("field", "clientId", "client_id", "string"),
                ("field", "clientHost", "client_host", "string"),
                ("field", "subscribedTopicNames", "subscribed_topic_names", "string_array"),
            ),
        ),
        11: (
            "ShareGroupMetadata",
            "kafka_group_coordinator_records",
            "ShareGroupMetadataKey",
            (
                ("field", "groupId", "group_id", "string"),
            ),
            "ShareGroupMetadataValue",
            0,
            (
                ("field", "epoch", "epoch", "s4"),
                ("field", "metadataHash", "metadata_hash", "s8"),
            ),
        ),
        12: (
            "ShareGroupTargetAssignmentMetadata",
            "kafka_group_coordinator_records",
            "ShareGroupTargetAssignmentMetadataKey",
            (
                ("field", "groupId", "group_id", "string"),
            ),
            "ShareGroupTargetAssignmentMetadataValue",
            0,
            (
                ("field", "assignmentEpoch", "assignment_epoch", "s4"),
                ("tag", "assignmentTimestamp", 0, "tag_s8", 0, 0),
            ),
        ),
        13: (
            "ShareGroupTargetAssignmentMember",
            "kafka_group_coordinator_records",
            "ShareGroupTargetAssignmentMemberKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "memberId", "member_id", "string"),
            ),
            "ShareGroupTargetAssignmentMemberValue",
            0,
            (
                (
                    "array",
                    "topicPartitions",
                    "topic_partitions",
                    (
                        ("field", "topicId", "topic_id", "uuid"),
                        ("field", "partitions", "partitions", "int32_array"),
                    ),
                ),
            ),
        ),
        14: (
            "ShareGroupCurrentMemberAssignment",
            "kafka_group_coordinator_records",
            "ShareGroupCurrentMemberAssignmentKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "memberId", "member_id", "string"),
            ),
            "ShareGroupCurrentMemberAssignmentValue",
            0,
            (
                ("field", "memberEpoch", "member_epoch", "s4"),
                ("field", "previousMemberEpoch", "previous_member_epoch", "s4"),
                ("field", "state", "state", "s1"),
                (
                    "array",
                    "assignedPartitions",
                    "assigned_partitions",
                    (
                        ("field", "topicId", "topic_id", "uuid"),
                        ("field", "partitions", "partitions", "int32_array"),
                    ),
                ),
            ),
        ),
        15: (
            "ShareGroupStatePartitionMetadata",
            "kafka_group_coordinator_records",
            "ShareGroupStatePartitionMetadataKey",
            (
                ("field", "groupId", "group_id", "string"),
            ),
            "ShareGroupStatePartitionMetadataValue",
            0,
            (
                (
                    "array",
                    "initializingTopics",
                    "initializing_topics",
                    (
                        ("field", "topicId", "topic_id", "uuid"),
                        ("field", "topicName", "topic_name", "string"),
                        ("field", "partitions", "partitions", "int32_array"),
                    ),
                ),
                (
                    "array",
                    "initializedTopics",
                    "initialized_topics",
                    (
                        ("field", "topicId", "topic_id", "uuid"),
                        ("field", "topicName", "topic_name", "string"),
                        ("field", "partitions", "partitions", "int32_array"),
                    ),
                ),
                (
                    "array",
                    "deletingTopics",
                    "deleting_topics",
                    (
                        ("field", "topicId", "topic_id", "uuid"),
                        ("field", "topicName", "topic_name", "string"),
                    ),
                ),
            ),
        ),
        16: (
            "ConsumerGroupRegularExpression",
            "kafka_group_coordinator_records",
            "ConsumerGroupRegularExpressionKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "regularExpression", "regular_expression", "string"),
            ),
            "ConsumerGroupRegularExpressionValue",
            0,
            (
                ("field", "topics", "topics", "string_array"),
                ("field", "version", "version_", "s8"),
                ("field", "timestamp", "timestamp", "s8"),
            ),
        ),
        17: (
            "StreamsGroupMetadata",
            "kafka_group_coordinator_records",
            "StreamsGroupMetadataKey",
            (
                ("field", "groupId", "group_id", "string"),
            ),
            "StreamsGroupMetadataValue",
            0,
            (
                ("field", "epoch", "epoch", "s4"),
                ("field", "metadataHash", "metadata_hash", "s8"),
                ("tag", "validatedTopologyEpoch", 0, "tag_s4", 0, -1),
                (
                    "tagarray",
                    "lastAssignmentConfigs",
                    1,
                    (
                        ("field", "key", "key", "string"),
                        ("field", "value", "value", "string"),
                    ),
                    0,
                    None,
                ),
            ),
        ),
        19: (
            "StreamsGroupMemberMetadata",
            "kafka_group_coordinator_records",
            "StreamsGroupMemberMetadataKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "memberId", "member_id", "string"),
            ),
            "StreamsGroupMemberMetadataValue",
            0,
            (
                ("field", "instanceId", "instance_id", "string"),
                ("field", "rackId", "rack_id", "string"),
                ("field", "clientId", "client_id", "string"),
                ("field", "clientHost", "client_host", "string"),
                ("field", "rebalanceTimeoutMs", "rebalance_timeout_ms", "s4"),
                ("field", "topologyEpoch", "topology_epoch", "s4"),
                ("field", "processId", "process_id", "string"),
                (
                    "struct",
                    "userEndpoint",
                    "user_endpoint",
                    (
                        ("field", "host", "host", "string"),
                        ("field", "port", "port", "u2"),
                    ),
                    True,
                ),
                (
                    "array",
                    "clientTags",
                    "client_tags",
                    (
                        ("field", "key", "key", "string"),
                        ("field", "value", "value", "string"),
                    ),
                ),
            ),
        ),
        20: (
            "StreamsGroupTargetAssignmentMetadata",
            "kafka_group_coordinator_records",
            "StreamsGroupTargetAssignmentMetadataKey",
            (
                ("field", "groupId", "group_id", "string"),
            ),
            "StreamsGroupTargetAssignmentMetadataValue",
            0,
            (
                ("field", "assignmentEpoch", "assignment_epoch", "s4"),
                ("tag", "assignmentTimestamp", 0, "tag_s8", 0, 0),
            ),
        ),
        21: (
            "StreamsGroupTargetAssignmentMember",
            "kafka_group_coordinator_records",
            "StreamsGroupTargetAssignmentMemberKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "memberId", "member_id", "string"),
            ),
            "StreamsGroupTargetAssignmentMemberValue",
            0,
            (
                (
                    "array",
                    "activeTasks",
                    "active_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string"),
                        ("field", "partitions", "partitions", "int32_array"),
                    ),
                ),
                (
                    "array",
                    "standbyTasks",
                    "standby_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string"),
                        ("field", "partitions", "partitions", "int32_array"),
                    ),
                ),
                (
                    "array",
                    "warmupTasks",
                    "warmup_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string"),
                        ("field", "partitions", "partitions", "int32_array"),
                    ),
                ),
            ),
        ),
        22: (
            "StreamsGroupCurrentMemberAssignment",
            "kafka_group_coordinator_records",
            "StreamsGroupCurrentMemberAssignmentKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "memberId", "member_id", "string"),
            ),
            "StreamsGroupCurrentMemberAssignmentValue",
            0,
            (
                ("field", "memberEpoch", "member_epoch", "s4"),
                ("field", "previousMemberEpoch", "previous_member_epoch", "s4"),
                ("field", "state", "state", "s1"),
                (
                    "array",
                    "activeTasks",
                    "active_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string"),
                        ("field", "partitions", "partitions", "int32_array"),
                        ("tag", "assignmentEpochs", 0, "int32_array", 0, None),
                    ),
                ),
                (
                    "array",
                    "standbyTasks",
                    "standby_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string"),
                        ("field", "partitions", "partitions", "int32_array"),
                        ("tag", "assignmentEpochs", 0, "int32_array", 0, None),
                    ),
                ),
                (
                    "array",
                    "warmupTasks",
                    "warmup_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string"),
                        ("field", "partitions", "partitions", "int32_array"),
                        ("tag", "assignmentEpochs", 0, "int32_array", 0, None),
                    ),
                ),
                (
                    "array",
                    "activeTasksPendingRevocation",
                    "active_tasks_pending_revocation",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string"),
                        ("field", "partitions", "partitions", "int32_array"),
                        ("tag", "assignmentEpochs", 0, "int32_array", 0, None),
                    ),
                ),
                (
                    "array",
                    "standbyTasksPendingRevocation",
                    "standby_tasks_pending_revocation",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string"),
                        ("field", "partitions", "partitions", "int32_array"),
                        ("tag", "assignmentEpochs", 0, "int32_array", 0, None),
                    ),
                ),
                (
                    "array",
                    "warmupTasksPendingRevocation",
                    "warmup_tasks_pending_revocation",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string"),
                        ("field", "partitions", "partitions", "int32_array"),
                        ("tag", "assignmentEpochs", 0, "int32_array", 0, None),
                    ),
                ),
            ),
        ),
        23: (
            "StreamsGroupTopology",
            "kafka_group_coordinator_records",
            "StreamsGroupTopologyKey",
            (
                ("field", "groupId", "group_id", "string"),
            ),
            "StreamsGroupTopologyValue",
            0,
            (
                ("field", "epoch", "epoch", "s4"),
                (
                    "array",
                    "subtopologies",
                    "subtopologies",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string"),
                        ("field", "sourceTopics", "source_topics", "string_array"),
                        ("field", "sourceTopicRegex", "source_topic_regex", "string_array"),
                        (
                            "array",
                            "stateChangelogTopics",
                            "state_changelog_topics",
                            (
                                ("field", "name", "name", "string"),
                                ("field", "partitions", "partitions", "s4"),
                                ("field", "replicationFactor", "replication_factor", "s2"),
                                (
                                    "array",
                                    "topicConfigs",
                                    "topic_configs",
                                    (
                                        ("field", "key", "key", "string"),
                                        ("field", "value", "value", "string"),
                                    ),
                                ),
                            ),
                        ),
                        ("field", "repartitionSinkTopics", "repartition_sink_topics", "string_array"),
                        (
                            "array",
                            "repartitionSourceTopics",
                            "repartition_source_topics",
                            (
                                ("field", "name", "name", "string"),
                                ("field", "partitions", "partitions", "s4"),
                                ("field", "replicationFactor", "replication_factor", "s2"),
                                (
                                    "array",
                                    "topicConfigs",
                                    "topic_configs",
                                    (
                                        ("field", "key", "key", "string"),
                                        ("field", "value", "value", "string"),
                                    ),
                                ),
                            ),
                        ),
                        (
                            "array",
                            "copartitionGroups",
                            "copartition_groups",
                            (
                                ("field", "sourceTopics", "source_topics", "int_array"),
                                ("field", "sourceTopicRegex", "source_topic_regex", "int_array"),
                                ("field", "repartitionSourceTopics", "repartition_source_topics", "int_array"),
                            ),
                        ),
                    ),
                ),
            ),
        ),
    },
    "kafka_share_coordinator_records": {
        0: (
            "ShareSnapshot",
            "kafka_share_coordinator_records",
            "ShareSnapshotKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "topicId", "topic_id", "uuid"),
                ("field", "partition", "partition", "s4"),
            ),
            "ShareSnapshotValue",
            0,
            (
                ("field", "snapshotEpoch", "snapshot_epoch", "s4"),
                ("field", "stateEpoch", "state_epoch", "s4"),
                ("field", "leaderEpoch", "leader_epoch", "s4"),
                ("field", "startOffset", "start_offset", "s8"),
                ("tag", "deliveryCompleteCount", 0, "tag_s4", 0, -1),
                ("field", "createTimestamp", "create_timestamp", "s8"),
                ("field", "writeTimestamp", "write_timestamp", "s8"),
                (
                    "array",
                    "stateBatches",
                    "state_batches",
                    (
                        ("field", "firstOffset", "first_offset", "s8"),
                        ("field", "lastOffset", "last_offset", "s8"),
                        ("field", "deliveryState", "delivery_state", "s1"),
                        ("field", "deliveryCount", "delivery_count", "s2"),
                    ),
                ),
            ),
        ),
        1: (
            "ShareUpdate",
            "kafka_share_coordinator_records",
            "ShareUpdateKey",
            (
                ("field", "groupId", "group_id", "string"),
                ("field", "topicId", "topic_id", "uuid"),
                ("field", "partition", "partition", "s4"),
            ),
            "ShareUpdateValue",
            0,
            (
                ("field", "snapshotEpoch", "snapshot_epoch", "s4"),
                ("field", "leaderEpoch", "leader_epoch", "s4"),
                ("field", "startOffset", "start_offset", "s8"),
                ("tag", "deliveryCompleteCount", 0, "tag_s4", 0, -1),
                (
                    "array",
                    "stateBatches",
                    "state_batches",
                    (
                        ("field", "firstOffset", "first_offset", "s8"),
                        ("field", "lastOffset", "last_offset", "s8"),
                        ("field", "deliveryState", "delivery_state", "s1"),
                        ("field", "deliveryCount", "delivery_count", "s2"),
                    ),
                ),
            ),
        ),
    },
}

FRAMED_RECORDS = {
    "kafka_remote_log_metadata_record": {
        0: (
            "RemoteLogSegmentMetadataRecord",
            0,
            (
                (
                    "struct",
                    "remoteLogSegmentId",
                    "remote_log_segment_id",
                    (
                        (
                            "struct",
                            "topicIdPartition",
                            "topic_id_partition",
                            (
                                ("field", "name", "name", "string"),
                                ("field", "id", "id", "uuid"),
                                ("field", "partition", "partition", "s4"),
                            ),
                            False,
                        ),
                        ("field", "id", "id", "uuid"),
                    ),
                    False,
                ),
                ("field", "startOffset", "start_offset", "s8"),
                ("field", "endOffset", "end_offset", "s8"),
                ("field", "brokerId", "broker_id", "s4"),
                ("field", "maxTimestampMs", "max_timestamp_ms", "s8"),
                ("field", "eventTimestampMs", "event_timestamp_ms", "s8"),
                (
                    "array",
                    "segmentLeaderEpochs",
                    "segment_leader_epochs",
                    (
                        ("field", "leaderEpoch", "leader_epoch", "s4"),
                        ("field", "offset", "offset", "s8"),
                    ),
                ),
                ("field", "segmentSizeInBytes", "segment_size_in_bytes", "s4"),
                ("field", "customMetadata", "custom_metadata", "bytes"),
                ("field", "remoteLogSegmentState", "remote_log_segment_state", "s1"),
                ("tag", "txnIndexEmpty", 0, "tag_u1", 0, False),
            ),
        ),
        1: (
            "RemoteLogSegmentMetadataUpdateRecord",
            0,
            (
                (
                    "struct",
                    "remoteLogSegmentId",
                    "remote_log_segment_id",
                    (
                        (
                            "struct",
                            "topicIdPartition",
                            "topic_id_partition",
                            (
                                ("field", "name", "name", "string"),
                                ("field", "id", "id", "uuid"),
                                ("field", "partition", "partition", "s4"),
                            ),
                            False,
                        ),
                        ("field", "id", "id", "uuid"),
                    ),
                    False,
                ),
                ("field", "brokerId", "broker_id", "s4"),
                ("field", "eventTimestampMs", "event_timestamp_ms", "s8"),
                ("field", "customMetadata", "custom_metadata", "bytes"),
                ("field", "remoteLogSegmentState", "remote_log_segment_state", "s1"),
            ),
        ),
        2: (
            "RemotePartitionDeleteMetadataRecord",
            0,
            (
                (
                    "struct",
                    "topicIdPartition",
                    "topic_id_partition",
                    (
                        ("field", "name", "name", "string"),
                        ("field", "id", "id", "uuid"),
                        ("field", "partition", "partition", "s4"),
                    ),
                    False,
                ),
                ("field", "brokerId", "broker_id", "s4"),
                ("field", "eventTimestampMs", "event_timestamp_ms", "s8"),
                ("field", "remotePartitionDeleteState", "remote_partition_delete_state", "s1"),
            ),
        ),
        3: (
            "RemoteLogSegmentMetadataSnapshotRecord",
            0,
            (
                ("field", "segmentId", "segment_id", "uuid"),
                ("field", "startOffset", "start_offset", "s8"),
                ("field", "endOffset", "end_offset", "s8"),
                ("field", "brokerId", "broker_id", "s4"),
                ("field", "maxTimestampMs", "max_timestamp_ms", "s8"),
                ("field", "eventTimestampMs", "event_timestamp_ms", "s8"),
                (
                    "array",
                    "segmentLeaderEpochs",
                    "segment_leader_epochs",
                    (
                        ("field", "leaderEpoch", "leader_epoch", "s4"),
                        ("field", "offset", "offset", "s8"),
                    ),
                ),
                ("field", "segmentSizeInBytes", "segment_size_in_bytes", "s4"),
                ("field", "customMetadata", "custom_metadata", "bytes"),
                ("field", "remoteLogSegmentState", "remote_log_segment_state", "s1"),
                ("tag", "txnIndexEmpty", 0, "tag_u1", 0, False),
            ),
        ),
    },
}

VALUE_RECORDS = {
    "kafka_offset_commit_value": (
        "OffsetCommitValue",
        4,
        (
            ("field", "offset", "offset", "s8"),
            ("field", "leaderEpoch", "leader_epoch", "s4"),
            ("field", "metadata", "metadata", "string"),
            ("field", "commitTimestamp", "commit_timestamp", "s8"),
            ("field", "expireTimestamp", "expire_timestamp", "s8"),
            ("tag", "topicId", 0, "tag_uuid", 4, "AAAAAAAAAAAAAAAAAAAAAA"),
        ),
    ),
    "kafka_transaction_log_value": (
        "TransactionLogValue",
        1,
        (
            ("field", "producerId", "producer_id", "s8"),
            ("tag", "previousProducerId", 0, "tag_s8", 1, -1),
            ("tag", "nextProducerId", 1, "tag_s8", 1, -1),
            ("field", "producerEpoch", "producer_epoch", "s2"),
            ("tag", "nextProducerEpoch", 3, "tag_s2", 1, -1),
            ("field", "transactionTimeoutMs", "transaction_timeout_ms", "s4"),
            ("field", "transactionStatus", "transaction_status", "s1"),
            (
                "array",
                "transactionPartitions",
                "transaction_partitions",
                (
                    ("field", "topic", "topic", "string"),
                    ("field", "partitionIds", "partition_ids", "int32_array"),
                ),
            ),
            ("field", "transactionLastUpdateTimestampMs", "transaction_last_update_timestamp_ms", "s8"),
            ("field", "transactionStartTimestampMs", "transaction_start_timestamp_ms", "s8"),
            ("tag", "clientTransactionVersion", 2, "tag_s2", 1, 0),
        ),
    ),
}
