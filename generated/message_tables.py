"""Kafka's coordinator records and framed metadata records, derived from formats/*.ksy by
tools/message_tables.js. Do not edit: run `make generate`.

COORDINATOR_RECORDS: key spec -> record type -> (name, spec holding the types, key type, key
fields, value type, highest value version, value fields); types are the generated classes'
names inside the spec's top-level class.
FRAMED_RECORDS: spec -> api key -> (message name, highest version, fields).
VALUE_RECORDS: spec of one versioned value -> (message name, highest version, fields).
A field is one of
    ("field", JSON name, attribute, conversion, nullable)
    ("array", JSON name, attribute, fields of an item, nullable)  (null when len_<attribute> is -1)
    ("struct", JSON name, attribute, fields, nullable)        (null when present_<attribute> < 0)
    ("tag", JSON name, tag, conversion, first version, default)
    ("tagarray" | "tagstruct", JSON name, tag, fields, first version, default)
in the order Kafka's JSON converters print them. A tag's default is what Kafka's JSON converter
prints for it when absent; an array's is a tuple, a structure's the defaults of its fields
(kafkaks.internal_topics.messages.is_default compares).
"""

COORDINATOR_RECORDS = {
    "kafka_consumer_offsets_key": {
        3: (
            "ConsumerGroupMetadata",
            "kafka_group_coordinator_records",
            "ConsumerGroupMetadataKey",
            (
                ("field", "groupId", "group_id", "string", False),
            ),
            "ConsumerGroupMetadataValue",
            0,
            (
                ("field", "epoch", "epoch", "s4", False),
                ("tag", "metadataHash", 0, "tag_s8", 0, 0),
            ),
        ),
        4: (
            "ConsumerGroupPartitionMetadata",
            "kafka_group_coordinator_records",
            "ConsumerGroupPartitionMetadataKey",
            (
                ("field", "groupId", "group_id", "string", False),
            ),
            "ConsumerGroupPartitionMetadataValue",
            0,
            (
                (
                    "array",
                    "topics",
                    "topics",
                    (
                        ("field", "topicId", "topic_id", "uuid", False),
                        ("field", "topicName", "topic_name", "string", False),
                        ("field", "numPartitions", "num_partitions", "s4", False),
                        (
                            "array",
                            "partitionMetadata",
                            "partition_metadata",
                            (
                                ("field", "partition", "partition", "s4", False),
                                ("field", "racks", "racks", "string_array", False),
                            ),
                            False,
                        ),
                    ),
                    False,
                ),
            ),
        ),
        5: (
            "ConsumerGroupMemberMetadata",
            "kafka_group_coordinator_records",
            "ConsumerGroupMemberMetadataKey",
            (
                ("field", "groupId", "group_id", "string", False),
                ("field", "memberId", "member_id", "string", False),
            ),
            "ConsumerGroupMemberMetadataValue",
            0,
            (
                ("field", "instanceId", "instance_id", "string", True),
                ("field", "rackId", "rack_id", "string", True),
                ("field", "clientId", "client_id", "string", False),
                ("field", "clientHost", "client_host", "string", False),
                ("field", "subscribedTopicNames", "subscribed_topic_names", "string_array", False),
                ("field", "subscribedTopicRegex", "subscribed_topic_regex", "string", True),
                ("field", "rebalanceTimeoutMs", "rebalance_timeout_ms", "s4", False),
                ("field", "serverAssignor", "server_assignor", "string", True),
                (
                    "tagstruct",
                    "classicMemberMetadata",
                    0,
                    (
                        ("field", "sessionTimeoutMs", "session_timeout_ms", "s4", False),
                        (
                            "array",
                            "supportedProtocols",
                            "supported_protocols",
                            (
                                ("field", "name", "name", "string", False),
                                ("field", "metadata", "metadata", "bytes", False),
                            ),
                            False,
                        ),
                    ),
                    0,
                    {
                        "sessionTimeoutMs": 0,
                        "supportedProtocols": (),
                    },
                ),
            ),
        ),
        6: (
            "ConsumerGroupTargetAssignmentMetadata",
            "kafka_group_coordinator_records",
            "ConsumerGroupTargetAssignmentMetadataKey",
            (
                ("field", "groupId", "group_id", "string", False),
            ),
            "ConsumerGroupTargetAssignmentMetadataValue",
            0,
            (
                ("field", "assignmentEpoch", "assignment_epoch", "s4", False),
                ("tag", "assignmentTimestamp", 0, "tag_s8", 0, 0),
            ),
        ),
        7: (
            "ConsumerGroupTargetAssignmentMember",
            "kafka_group_coordinator_records",
            "ConsumerGroupTargetAssignmentMemberKey",
            (
                ("field", "groupId", "group_id", "string", False),
                ("field", "memberId", "member_id", "string", False),
            ),
            "ConsumerGroupTargetAssignmentMemberValue",
            0,
            (
                (
                    "array",
                    "topicPartitions",
                    "topic_partitions",
                    (
                        ("field", "topicId", "topic_id", "uuid", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                    ),
                    False,
                ),
            ),
        ),
        8: (
            "ConsumerGroupCurrentMemberAssignment",
            "kafka_group_coordinator_records",
            "ConsumerGroupCurrentMemberAssignmentKey",
            (
                ("field", "groupId", "group_id", "string", False),
                ("field", "memberId", "member_id", "string", False),
            ),
            "ConsumerGroupCurrentMemberAssignmentValue",
            0,
            (
                ("field", "memberEpoch", "member_epoch", "s4", False),
                ("field", "previousMemberEpoch", "previous_member_epoch", "s4", False),
                ("field", "state", "state", "s1", False),
                (
                    "array",
                    "assignedPartitions",
                    "assigned_partitions",
                    (
                        ("field", "topicId", "topic_id", "uuid", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                        (
                            "tag",
                            "assignmentEpochs",
                            0,
                            "int32_array",
                            0,
                            (),
                        ),
                    ),
                    False,
                ),
                (
                    "array",
                    "partitionsPendingRevocation",
                    "partitions_pending_revocation",
                    (
                        ("field", "topicId", "topic_id", "uuid", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                        (
                            "tag",
                            "assignmentEpochs",
                            0,
                            "int32_array",
                            0,
                            (),
                        ),
                    ),
                    False,
                ),
            ),
        ),
        10: (
            "ShareGroupMemberMetadata",
            "kafka_group_coordinator_records",
            "ShareGroupMemberMetadataKey",
            (
                ("field", "groupId", "group_id", "string", False),
                ("field", "memberId", "member_id", "string", False),
            ),
            "ShareGroupMemberMetadataValue",
            0,
            (
                ("field", "rackId", "rack_id", "string", True),
                ("field", "clientId", "client_id", "string", False),
                ("field", "clientHost", "client_host", "string", False),
                ("field", "subscribedTopicNames", "subscribed_topic_names", "string_array", False),
            ),
        ),
        11: (
            "ShareGroupMetadata",
            "kafka_group_coordinator_records",
            "ShareGroupMetadataKey",
            (
                ("field", "groupId", "group_id", "string", False),
            ),
            "ShareGroupMetadataValue",
            0,
            (
                ("field", "epoch", "epoch", "s4", False),
                ("field", "metadataHash", "metadata_hash", "s8", False),
            ),
        ),
        12: (
            "ShareGroupTargetAssignmentMetadata",
            "kafka_group_coordinator_records",
            "ShareGroupTargetAssignmentMetadataKey",
            (
                ("field", "groupId", "group_id", "string", False),
            ),
            "ShareGroupTargetAssignmentMetadataValue",
            0,
            (
                ("field", "assignmentEpoch", "assignment_epoch", "s4", False),
                ("tag", "assignmentTimestamp", 0, "tag_s8", 0, 0),
            ),
        ),
        13: (
            "ShareGroupTargetAssignmentMember",
            "kafka_group_coordinator_records",
            "ShareGroupTargetAssignmentMemberKey",
            (
                ("field", "groupId", "group_id", "string", False),
                ("field", "memberId", "member_id", "string", False),
            ),
            "ShareGroupTargetAssignmentMemberValue",
            0,
            (
                (
                    "array",
                    "topicPartitions",
                    "topic_partitions",
                    (
                        ("field", "topicId", "topic_id", "uuid", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                    ),
                    False,
                ),
            ),
        ),
        14: (
            "ShareGroupCurrentMemberAssignment",
            "kafka_group_coordinator_records",
            "ShareGroupCurrentMemberAssignmentKey",
            (
                ("field", "groupId", "group_id", "string", False),
                ("field", "memberId", "member_id", "string", False),
            ),
            "ShareGroupCurrentMemberAssignmentValue",
            0,
            (
                ("field", "memberEpoch", "member_epoch", "s4", False),
                ("field", "previousMemberEpoch", "previous_member_epoch", "s4", False),
                ("field", "state", "state", "s1", False),
                (
                    "array",
                    "assignedPartitions",
                    "assigned_partitions",
                    (
                        ("field", "topicId", "topic_id", "uuid", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                    ),
                    False,
                ),
            ),
        ),
        15: (
            "ShareGroupStatePartitionMetadata",
            "kafka_group_coordinator_records",
            "ShareGroupStatePartitionMetadataKey",
            (
                ("field", "groupId", "group_id", "string", False),
            ),
            "ShareGroupStatePartitionMetadataValue",
            0,
            (
                (
                    "array",
                    "initializingTopics",
                    "initializing_topics",
                    (
                        ("field", "topicId", "topic_id", "uuid", False),
                        ("field", "topicName", "topic_name", "string", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                    ),
                    False,
                ),
                (
                    "array",
                    "initializedTopics",
                    "initialized_topics",
                    (
                        ("field", "topicId", "topic_id", "uuid", False),
                        ("field", "topicName", "topic_name", "string", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                    ),
                    False,
                ),
                (
                    "array",
                    "deletingTopics",
                    "deleting_topics",
                    (
                        ("field", "topicId", "topic_id", "uuid", False),
                        ("field", "topicName", "topic_name", "string", False),
                    ),
                    False,
                ),
            ),
        ),
        16: (
            "ConsumerGroupRegularExpression",
            "kafka_group_coordinator_records",
            "ConsumerGroupRegularExpressionKey",
            (
                ("field", "groupId", "group_id", "string", False),
                ("field", "regularExpression", "regular_expression", "string", False),
            ),
            "ConsumerGroupRegularExpressionValue",
            0,
            (
                ("field", "topics", "topics", "string_array", False),
                ("field", "version", "version_", "s8", False),
                ("field", "timestamp", "timestamp", "s8", False),
            ),
        ),
        17: (
            "StreamsGroupMetadata",
            "kafka_group_coordinator_records",
            "StreamsGroupMetadataKey",
            (
                ("field", "groupId", "group_id", "string", False),
            ),
            "StreamsGroupMetadataValue",
            0,
            (
                ("field", "epoch", "epoch", "s4", False),
                ("field", "metadataHash", "metadata_hash", "s8", False),
                ("tag", "validatedTopologyEpoch", 0, "tag_s4", 0, -1),
                (
                    "tagarray",
                    "lastAssignmentConfigs",
                    1,
                    (
                        ("field", "key", "key", "string", False),
                        ("field", "value", "value", "string", False),
                    ),
                    0,
                    (),
                ),
            ),
        ),
        19: (
            "StreamsGroupMemberMetadata",
            "kafka_group_coordinator_records",
            "StreamsGroupMemberMetadataKey",
            (
                ("field", "groupId", "group_id", "string", False),
                ("field", "memberId", "member_id", "string", False),
            ),
            "StreamsGroupMemberMetadataValue",
            0,
            (
                ("field", "instanceId", "instance_id", "string", True),
                ("field", "rackId", "rack_id", "string", True),
                ("field", "clientId", "client_id", "string", False),
                ("field", "clientHost", "client_host", "string", False),
                ("field", "rebalanceTimeoutMs", "rebalance_timeout_ms", "s4", False),
                ("field", "topologyEpoch", "topology_epoch", "s4", False),
                ("field", "processId", "process_id", "string", False),
                (
                    "struct",
                    "userEndpoint",
                    "user_endpoint",
                    (
                        ("field", "host", "host", "string", False),
                        ("field", "port", "port", "u2", False),
                    ),
                    True,
                ),
                (
                    "array",
                    "clientTags",
                    "client_tags",
                    (
                        ("field", "key", "key", "string", False),
                        ("field", "value", "value", "string", False),
                    ),
                    False,
                ),
            ),
        ),
        20: (
            "StreamsGroupTargetAssignmentMetadata",
            "kafka_group_coordinator_records",
            "StreamsGroupTargetAssignmentMetadataKey",
            (
                ("field", "groupId", "group_id", "string", False),
            ),
            "StreamsGroupTargetAssignmentMetadataValue",
            0,
            (
                ("field", "assignmentEpoch", "assignment_epoch", "s4", False),
                ("tag", "assignmentTimestamp", 0, "tag_s8", 0, 0),
            ),
        ),
        21: (
            "StreamsGroupTargetAssignmentMember",
            "kafka_group_coordinator_records",
            "StreamsGroupTargetAssignmentMemberKey",
            (
                ("field", "groupId", "group_id", "string", False),
                ("field", "memberId", "member_id", "string", False),
            ),
            "StreamsGroupTargetAssignmentMemberValue",
            0,
            (
                (
                    "array",
                    "activeTasks",
                    "active_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                    ),
                    False,
                ),
                (
                    "array",
                    "standbyTasks",
                    "standby_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                    ),
                    False,
                ),
                (
                    "array",
                    "warmupTasks",
                    "warmup_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                    ),
                    False,
                ),
            ),
        ),
        22: (
            "StreamsGroupCurrentMemberAssignment",
            "kafka_group_coordinator_records",
            "StreamsGroupCurrentMemberAssignmentKey",
            (
                ("field", "groupId", "group_id", "string", False),
                ("field", "memberId", "member_id", "string", False),
            ),
            "StreamsGroupCurrentMemberAssignmentValue",
            0,
            (
                ("field", "memberEpoch", "member_epoch", "s4", False),
                ("field", "previousMemberEpoch", "previous_member_epoch", "s4", False),
                ("field", "state", "state", "s1", False),
                (
                    "array",
                    "activeTasks",
                    "active_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                        (
                            "tag",
                            "assignmentEpochs",
                            0,
                            "int32_array",
                            0,
                            (),
                        ),
                    ),
                    False,
                ),
                (
                    "array",
                    "standbyTasks",
                    "standby_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                        (
                            "tag",
                            "assignmentEpochs",
                            0,
                            "int32_array",
                            0,
                            (),
                        ),
                    ),
                    False,
                ),
                (
                    "array",
                    "warmupTasks",
                    "warmup_tasks",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                        (
                            "tag",
                            "assignmentEpochs",
                            0,
                            "int32_array",
                            0,
                            (),
                        ),
                    ),
                    False,
                ),
                (
                    "array",
                    "activeTasksPendingRevocation",
                    "active_tasks_pending_revocation",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                        (
                            "tag",
                            "assignmentEpochs",
                            0,
                            "int32_array",
                            0,
                            (),
                        ),
                    ),
                    False,
                ),
                (
                    "array",
                    "standbyTasksPendingRevocation",
                    "standby_tasks_pending_revocation",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                        (
                            "tag",
                            "assignmentEpochs",
                            0,
                            "int32_array",
                            0,
                            (),
                        ),
                    ),
                    False,
                ),
                (
                    "array",
                    "warmupTasksPendingRevocation",
                    "warmup_tasks_pending_revocation",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string", False),
                        ("field", "partitions", "partitions", "int32_array", False),
                        (
                            "tag",
                            "assignmentEpochs",
                            0,
                            "int32_array",
                            0,
                            (),
                        ),
                    ),
                    False,
                ),
            ),
        ),
        23: (
            "StreamsGroupTopology",
            "kafka_group_coordinator_records",
            "StreamsGroupTopologyKey",
            (
                ("field", "groupId", "group_id", "string", False),
            ),
            "StreamsGroupTopologyValue",
            0,
            (
                ("field", "epoch", "epoch", "s4", False),
                (
                    "array",
                    "subtopologies",
                    "subtopologies",
                    (
                        ("field", "subtopologyId", "subtopology_id", "string", False),
                        ("field", "sourceTopics", "source_topics", "string_array", False),
                        ("field", "sourceTopicRegex", "source_topic_regex", "string_array", False),
                        (
                            "array",
                            "stateChangelogTopics",
                            "state_changelog_topics",
                            (
                                ("field", "name", "name", "string", False),
                                ("field", "partitions", "partitions", "s4", False),
                                ("field", "replicationFactor", "replication_factor", "s2", False),
                                (
                                    "array",
                                    "topicConfigs",
                                    "topic_configs",
                                    (
                                        ("field", "key", "key", "string", False),
                                        ("field", "value", "value", "string", False),
                                    ),
                                    False,
                                ),
                            ),
                            False,
                        ),
                        ("field", "repartitionSinkTopics", "repartition_sink_topics", "string_array", False),
                        (
                            "array",
                            "repartitionSourceTopics",
                            "repartition_source_topics",
                            (
                                ("field", "name", "name", "string", False),
                                ("field", "partitions", "partitions", "s4", False),
                                ("field", "replicationFactor", "replication_factor", "s2", False),
                                (
                                    "array",
                                    "topicConfigs",
                                    "topic_configs",
                                    (
                                        ("field", "key", "key", "string", False),
                                        ("field", "value", "value", "string", False),
                                    ),
                                    False,
                                ),
                            ),
                            False,
                        ),
                        (
                            "array",
                            "copartitionGroups",
                            "copartition_groups",
                            (
                                ("field", "sourceTopics", "source_topics", "int_array", False),
                                ("field", "sourceTopicRegex", "source_topic_regex", "int_array", False),
                                ("field", "repartitionSourceTopics", "repartition_source_topics", "int_array", False),
                            ),
                            False,
                        ),
                    ),
                    False,
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
                ("field", "groupId", "group_id", "string", False),
                ("field", "topicId", "topic_id", "uuid", False),
                ("field", "partition", "partition", "s4", False),
            ),
            "ShareSnapshotValue",
            0,
            (
                ("field", "snapshotEpoch", "snapshot_epoch", "s4", False),
                ("field", "stateEpoch", "state_epoch", "s4", False),
                ("field", "leaderEpoch", "leader_epoch", "s4", False),
                ("field", "startOffset", "start_offset", "s8", False),
                ("tag", "deliveryCompleteCount", 0, "tag_s4", 0, -1),
                ("field", "createTimestamp", "create_timestamp", "s8", False),
                ("field", "writeTimestamp", "write_timestamp", "s8", False),
                (
                    "array",
                    "stateBatches",
                    "state_batches",
                    (
                        ("field", "firstOffset", "first_offset", "s8", False),
                        ("field", "lastOffset", "last_offset", "s8", False),
                        ("field", "deliveryState", "delivery_state", "s1", False),
                        ("field", "deliveryCount", "delivery_count", "s2", False),
                    ),
                    False,
                ),
            ),
        ),
        1: (
            "ShareUpdate",
            "kafka_share_coordinator_records",
            "ShareUpdateKey",
            (
                ("field", "groupId", "group_id", "string", False),
                ("field", "topicId", "topic_id", "uuid", False),
                ("field", "partition", "partition", "s4", False),
            ),
            "ShareUpdateValue",
            0,
            (
                ("field", "snapshotEpoch", "snapshot_epoch", "s4", False),
                ("field", "leaderEpoch", "leader_epoch", "s4", False),
                ("field", "startOffset", "start_offset", "s8", False),
                ("tag", "deliveryCompleteCount", 0, "tag_s4", 0, -1),
                (
                    "array",
                    "stateBatches",
                    "state_batches",
                    (
                        ("field", "firstOffset", "first_offset", "s8", False),
                        ("field", "lastOffset", "last_offset", "s8", False),
                        ("field", "deliveryState", "delivery_state", "s1", False),
                        ("field", "deliveryCount", "delivery_count", "s2", False),
                    ),
                    False,
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
                                ("field", "name", "name", "string", False),
                                ("field", "id", "id", "uuid", False),
                                ("field", "partition", "partition", "s4", False),
                            ),
                            False,
                        ),
                        ("field", "id", "id", "uuid", False),
                    ),
                    False,
                ),
                ("field", "startOffset", "start_offset", "s8", False),
                ("field", "endOffset", "end_offset", "s8", False),
                ("field", "brokerId", "broker_id", "s4", False),
                ("field", "maxTimestampMs", "max_timestamp_ms", "s8", False),
                ("field", "eventTimestampMs", "event_timestamp_ms", "s8", False),
                (
                    "array",
                    "segmentLeaderEpochs",
                    "segment_leader_epochs",
                    (
                        ("field", "leaderEpoch", "leader_epoch", "s4", False),
                        ("field", "offset", "offset", "s8", False),
                    ),
                    False,
                ),
                ("field", "segmentSizeInBytes", "segment_size_in_bytes", "s4", False),
                ("field", "customMetadata", "custom_metadata", "bytes", True),
                ("field", "remoteLogSegmentState", "remote_log_segment_state", "s1", False),
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
                                ("field", "name", "name", "string", False),
                                ("field", "id", "id", "uuid", False),
                                ("field", "partition", "partition", "s4", False),
                            ),
                            False,
                        ),
                        ("field", "id", "id", "uuid", False),
                    ),
                    False,
                ),
                ("field", "brokerId", "broker_id", "s4", False),
                ("field", "eventTimestampMs", "event_timestamp_ms", "s8", False),
                ("field", "customMetadata", "custom_metadata", "bytes", True),
                ("field", "remoteLogSegmentState", "remote_log_segment_state", "s1", False),
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
                        ("field", "name", "name", "string", False),
                        ("field", "id", "id", "uuid", False),
                        ("field", "partition", "partition", "s4", False),
                    ),
                    False,
                ),
                ("field", "brokerId", "broker_id", "s4", False),
                ("field", "eventTimestampMs", "event_timestamp_ms", "s8", False),
                ("field", "remotePartitionDeleteState", "remote_partition_delete_state", "s1", False),
            ),
        ),
        3: (
            "RemoteLogSegmentMetadataSnapshotRecord",
            0,
            (
                ("field", "segmentId", "segment_id", "uuid", False),
                ("field", "startOffset", "start_offset", "s8", False),
                ("field", "endOffset", "end_offset", "s8", False),
                ("field", "brokerId", "broker_id", "s4", False),
                ("field", "maxTimestampMs", "max_timestamp_ms", "s8", False),
                ("field", "eventTimestampMs", "event_timestamp_ms", "s8", False),
                (
                    "array",
                    "segmentLeaderEpochs",
                    "segment_leader_epochs",
                    (
                        ("field", "leaderEpoch", "leader_epoch", "s4", False),
                        ("field", "offset", "offset", "s8", False),
                    ),
                    False,
                ),
                ("field", "segmentSizeInBytes", "segment_size_in_bytes", "s4", False),
                ("field", "customMetadata", "custom_metadata", "bytes", True),
                ("field", "remoteLogSegmentState", "remote_log_segment_state", "s1", False),
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
            ("field", "offset", "offset", "s8", False),
            ("field", "leaderEpoch", "leader_epoch", "s4", False),
            ("field", "metadata", "metadata", "string", False),
            ("field", "commitTimestamp", "commit_timestamp", "s8", False),
            ("field", "expireTimestamp", "expire_timestamp", "s8", False),
            ("tag", "topicId", 0, "tag_uuid", 4, "AAAAAAAAAAAAAAAAAAAAAA"),
        ),
    ),
    "kafka_transaction_log_value": (
        "TransactionLogValue",
        1,
        (
            ("field", "producerId", "producer_id", "s8", False),
            ("tag", "previousProducerId", 0, "tag_s8", 1, -1),
            ("tag", "nextProducerId", 1, "tag_s8", 1, -1),
            ("field", "producerEpoch", "producer_epoch", "s2", False),
            ("tag", "nextProducerEpoch", 3, "tag_s2", 1, -1),
            ("field", "transactionTimeoutMs", "transaction_timeout_ms", "s4", False),
            ("field", "transactionStatus", "transaction_status", "s1", False),
            (
                "array",
                "transactionPartitions",
                "transaction_partitions",
                (
                    ("field", "topic", "topic", "string", False),
                    ("field", "partitionIds", "partition_ids", "int32_array", False),
                ),
                True,
            ),
            ("field", "transactionLastUpdateTimestampMs", "transaction_last_update_timestamp_ms", "s8", False),
            ("field", "transactionStartTimestampMs", "transaction_start_timestamp_ms", "s8", False),
            ("tag", "clientTransactionVersion", 2, "tag_s2", 1, 0),
        ),
    ),
}
