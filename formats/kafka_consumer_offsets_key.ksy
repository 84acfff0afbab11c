meta:
  id: kafka_consumer_offsets_key
  title: Apache Kafka __consumer_offsets record key (OffsetCommitKey, GroupMetadataKey, and the keys of consumer, share and streams group records)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_protocol_types
    - kafka_group_coordinator_records
  endian: be
doc: |
  The key of a record of `__consumer_offsets`, the compacted internal topic where the group
  coordinator (a broker) persists consumer groups: one record per committed offset of a group,
  topic and partition, and one per group state change (its generation, protocol, leader and
  members). A group lives in partition `abs(groupId.hashCode) % offsets.topic.num.partitions`.
  Compaction keeps the last value of each key; a null value (tombstone) deletes the offset or
  the group.

  The key starts with an int16 that Kafka calls the key's version but that really is the record
  type: 0 and 1 are offset commits (`OffsetCommitKey`; brokers since 0.10 write 1), 2 is group
  metadata (`GroupMetadataKey`). The type also chooses the schema of the value:
  `kafka_offset_commit_value` for 0 and 1, `kafka_group_metadata_value` for 2. Keys are never
  flexible: strings are int16 length + UTF-8.

  Kafka 4.x writes more record types: the state of KIP-848 consumer groups (3 to 8 and 16),
  share groups (KIP-932, 10 to 15) and streams groups (KIP-1071, 17 to 23). Their keys and values
  are types of `kafka_group_coordinator_records` (the value of type `<name>` is its
  `<name>_value`). The key body of any other type stays raw bytes, for a reader to report.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/resources/common/message/OffsetCommitKey.json
  - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/resources/common/message/GroupMetadataKey.json
  - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/java/org/apache/kafka/coordinator/group/CoordinatorRecordSerde.java record_type = key version
  - https://github.com/apache/kafka/tree/4.3.1/group-coordinator/src/main/resources/common/message the *Key.json schemas of types 3 to 23 (apiKey = record type)
-webide-representation: '{key}'
seq:
  - id: record_type
    -orig-id: version
    type: s2
    enum: record_type
  - id: key
    size-eos: true
    type:
      switch-on: record_type
      cases:
        record_type::legacy_offset_commit: offset_commit_key
        record_type::offset_commit: offset_commit_key
        record_type::group_metadata: group_metadata_key
        record_type::consumer_group_metadata: kafka_group_coordinator_records::consumer_group_metadata_key
        record_type::consumer_group_partition_metadata: kafka_group_coordinator_records::consumer_group_partition_metadata_key
        record_type::consumer_group_member_metadata: kafka_group_coordinator_records::consumer_group_member_metadata_key
        record_type::consumer_group_target_assignment_metadata: kafka_group_coordinator_records::consumer_group_target_assignment_metadata_key
        record_type::consumer_group_target_assignment_member: kafka_group_coordinator_records::consumer_group_target_assignment_member_key
        record_type::consumer_group_current_member_assignment: kafka_group_coordinator_records::consumer_group_current_member_assignment_key
        record_type::share_group_member_metadata: kafka_group_coordinator_records::share_group_member_metadata_key
        record_type::share_group_metadata: kafka_group_coordinator_records::share_group_metadata_key
        record_type::share_group_target_assignment_metadata: kafka_group_coordinator_records::share_group_target_assignment_metadata_key
        record_type::share_group_target_assignment_member: kafka_group_coordinator_records::share_group_target_assignment_member_key
        record_type::share_group_current_member_assignment: kafka_group_coordinator_records::share_group_current_member_assignment_key
        record_type::share_group_state_partition_metadata: kafka_group_coordinator_records::share_group_state_partition_metadata_key
        record_type::consumer_group_regular_expression: kafka_group_coordinator_records::consumer_group_regular_expression_key
        record_type::streams_group_metadata: kafka_group_coordinator_records::streams_group_metadata_key
        record_type::streams_group_member_metadata: kafka_group_coordinator_records::streams_group_member_metadata_key
        record_type::streams_group_target_assignment_metadata: kafka_group_coordinator_records::streams_group_target_assignment_metadata_key
        record_type::streams_group_target_assignment_member: kafka_group_coordinator_records::streams_group_target_assignment_member_key
        record_type::streams_group_current_member_assignment: kafka_group_coordinator_records::streams_group_current_member_assignment_key
        record_type::streams_group_topology: kafka_group_coordinator_records::streams_group_topology_key
types:
  offset_commit_key:
    -webide-representation: 'offset commit: group {group}, {topic}-{partition:dec}'
    doc: 'Key of a committed offset (record types 0 and 1): group, topic and partition.'
    -orig-id: OffsetCommitKey
    seq:
      - id: group
        type: kafka_protocol_types::string(false)
      - id: topic
        type: kafka_protocol_types::string(false)
      - id: partition
        type: s4
  group_metadata_key:
    -webide-representation: 'group metadata: {group}'
    doc: 'Key of a group''s metadata (record type 2): the group id.'
    -orig-id: GroupMetadataKey
    seq:
      - id: group
        type: kafka_protocol_types::string(false)
enums:
  record_type:
    # The key schema of each type is the type's name and `Key` (OffsetCommitKey for 0 and 1), as
    # Kafka 4.3's CoordinatorRecordType names them (apiKey of each *Key.json). 9 and 18 were the
    # partition metadata of share and streams groups before their release, and are gone.
    0: legacy_offset_commit
    1: offset_commit
    2: group_metadata
    3: consumer_group_metadata
    4: consumer_group_partition_metadata
    5: consumer_group_member_metadata
    6: consumer_group_target_assignment_metadata
    7: consumer_group_target_assignment_member
    8: consumer_group_current_member_assignment
    10: share_group_member_metadata
    11: share_group_metadata
    12: share_group_target_assignment_metadata
    13: share_group_target_assignment_member
    14: share_group_current_member_assignment
    15: share_group_state_partition_metadata
    16: consumer_group_regular_expression
    17: streams_group_metadata
    19: streams_group_member_metadata
    20: streams_group_target_assignment_metadata
    21: streams_group_target_assignment_member
    22: streams_group_current_member_assignment
    23: streams_group_topology
