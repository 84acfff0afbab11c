meta:
  id: kafka_group_coordinator_records
  title: Apache Kafka __consumer_offsets records of consumer, share and streams groups (KIP-848, KIP-932, KIP-1071)
  license: Apache-2.0
  ks-version: "0.11"
  imports:
    - kafka_unsigned_varint
    - kafka_protocol_types
  endian: be
doc: |
  The keys and values of the `__consumer_offsets` records that the group coordinator of Kafka 4.x
  writes besides offset commits and classic group metadata: the state of consumer groups of the
  KIP-848 protocol (record types 3 to 8 and 16: group epoch, subscribed topics' metadata, members,
  target assignment, current assignment, resolved regular expressions), of share groups (KIP-932,
  types 10 to 15) and of streams groups (KIP-1071, types 17 to 23). `kafka_consumer_offsets_key`
  reads the int16 record type in front of a key and chooses the key type here; the value of a
  record type is the type of the same name ending in `_value`: an int16 version and the message.
  A collection of types, like `kafka_protocol_types`: the top level reads nothing.

  Records of one group are written together in one batch (an "atomic" coordinator write), and
  compaction keeps the last value of each key; a tombstone deletes a member, an assignment or the
  group. Types 9 and 18 were used by pre-release versions of share and streams groups (partition
  metadata) and are no longer written.

  Written from the message schemas of Apache Kafka 4.3.1 (doc-ref) with
  tools/kafka_message_ksy.py; `-orig-id` keeps each field's name in the schema, `-nullable`
  marks the strings, bytes and arrays that may be null (Kafka's reader refuses a null in any
  other), and each struct's `-tagged-fields` the tags it defines (number, first version,
  default).
doc-ref:
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupMetadataKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupMetadataValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupPartitionMetadataKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupPartitionMetadataValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupMemberMetadataKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupMemberMetadataValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupTargetAssignmentMetadataKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupTargetAssignmentMetadataValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupTargetAssignmentMemberKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupTargetAssignmentMemberValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupCurrentMemberAssignmentKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupCurrentMemberAssignmentValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupMemberMetadataKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupMemberMetadataValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupMetadataKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupMetadataValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupTargetAssignmentMetadataKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupTargetAssignmentMetadataValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupTargetAssignmentMemberKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupTargetAssignmentMemberValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupCurrentMemberAssignmentKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupCurrentMemberAssignmentValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupStatePartitionMetadataKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupStatePartitionMetadataValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupRegularExpressionKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupRegularExpressionValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupMetadataKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupMetadataValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupMemberMetadataKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupMemberMetadataValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTargetAssignmentMetadataKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTargetAssignmentMetadataValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTargetAssignmentMemberKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTargetAssignmentMemberValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupCurrentMemberAssignmentKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupCurrentMemberAssignmentValue.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTopologyKey.json
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTopologyValue.json
-webide-representation: a collection of types
types:
  consumer_group_metadata_key:
    -orig-id: ConsumerGroupMetadataKey
    -webide-representation: "group id {group_id}"
    doc: The key of record type 3 (ConsumerGroupMetadataKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
  consumer_group_metadata_value_body_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: consumer_group_metadata_value_body_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  consumer_group_metadata_value_body_tag:
    -webide-representation: "tag {tag}: {data}"
    doc: "One tagged field: tag, length, and the data, decoded when the schema defines the tag."
    params:
      - id: version
        type: s2
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
        type:
          switch-on: tag.value
          cases:
            0: group_coordinator_tag_s8
  consumer_group_metadata_value_body:
    -orig-id: ConsumerGroupMetadataValue
    -webide-representation: "epoch {epoch:dec}"
    -tagged-fields:
      - id: metadata_hash
        -orig-id: MetadataHash
        tag: 0
        default: 0
        doc: The hash of all topics in the group.
    params:
      - id: version
        type: s2
    seq:
      - id: epoch
        -orig-id: Epoch
        type: s4
        doc: The group epoch.
      - id: tagged_fields
        type: consumer_group_metadata_value_body_tags(version)
  consumer_group_metadata_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 3: an int16 version and ConsumerGroupMetadataValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: consumer_group_metadata_value_body(0)
  consumer_group_partition_metadata_key:
    -orig-id: ConsumerGroupPartitionMetadataKey
    -webide-representation: "group id {group_id}"
    doc: The key of record type 4 (ConsumerGroupPartitionMetadataKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
  consumer_group_partition_metadata_value_body_topic_metadata_partition_metadata:
    -orig-id: PartitionMetadata
    -webide-representation: "partition {partition:dec}, racks {racks}"
    params:
      - id: version
        type: s2
    seq:
      - id: partition
        -orig-id: Partition
        type: s4
        doc: The partition number.
      - id: racks
        -orig-id: Racks
        type: kafka_protocol_types::string_array(true)
        doc: The set of racks that the partition is mapped to.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  consumer_group_partition_metadata_value_body_topic_metadata:
    -orig-id: TopicMetadata
    -webide-representation: "topic id {topic_id:uuid}, topic name {topic_name}, num partitions {num_partitions:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: topic_id
        -orig-id: TopicId
        size: 16
        doc: The topic id.
      - id: topic_name
        -orig-id: TopicName
        type: kafka_protocol_types::string(true)
        doc: The topic name.
      - id: num_partitions
        -orig-id: NumPartitions
        type: s4
        doc: The number of partitions of the topic.
      - id: len_partition_metadata
        type: kafka_protocol_types::array_length(true)
      - id: partition_metadata
        -orig-id: PartitionMetadata
        type: consumer_group_partition_metadata_value_body_topic_metadata_partition_metadata(version)
        repeat: expr
        repeat-expr: "len_partition_metadata.num_items < 0 ? 0 : len_partition_metadata.num_items"
        doc: "Deprecated: this field is not used after 4.0. Partitions mapped to a set of racks. If the rack information is unavailable for all the partitions, an empty list is stored."
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  consumer_group_partition_metadata_value_body:
    -orig-id: ConsumerGroupPartitionMetadataValue
    -webide-representation: "{len_topics} topics"
    params:
      - id: version
        type: s2
    seq:
      - id: len_topics
        type: kafka_protocol_types::array_length(true)
      - id: topics
        -orig-id: Topics
        type: consumer_group_partition_metadata_value_body_topic_metadata(version)
        repeat: expr
        repeat-expr: "len_topics.num_items < 0 ? 0 : len_topics.num_items"
        doc: The list of topic metadata.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  consumer_group_partition_metadata_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 4: an int16 version and ConsumerGroupPartitionMetadataValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: consumer_group_partition_metadata_value_body(0)
  consumer_group_member_metadata_key:
    -orig-id: ConsumerGroupMemberMetadataKey
    -webide-representation: "group id {group_id}, member id {member_id}"
    doc: The key of record type 5 (ConsumerGroupMemberMetadataKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
      - id: member_id
        -orig-id: MemberId
        type: kafka_protocol_types::string(false)
        doc: The member id.
  consumer_group_member_metadata_value_body_classic_member_metadata_classic_protocol:
    -orig-id: ClassicProtocol
    -webide-representation: "name {name}, metadata {metadata}"
    params:
      - id: version
        type: s2
    seq:
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
        doc: The protocol name.
      - id: metadata
        -orig-id: Metadata
        type: kafka_protocol_types::bytes(true)
        doc: The protocol metadata.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  consumer_group_member_metadata_value_body_classic_member_metadata:
    -orig-id: ClassicMemberMetadata
    -webide-representation: "session timeout ms {session_timeout_ms:dec}, {len_supported_protocols} supported protocols"
    params:
      - id: version
        type: s2
    seq:
      - id: session_timeout_ms
        -orig-id: SessionTimeoutMs
        type: s4
        doc: The session timeout if the consumer uses the classic protocol.
      - id: len_supported_protocols
        type: kafka_protocol_types::array_length(true)
      - id: supported_protocols
        -orig-id: SupportedProtocols
        type: consumer_group_member_metadata_value_body_classic_member_metadata_classic_protocol(version)
        repeat: expr
        repeat-expr: "len_supported_protocols.num_items < 0 ? 0 : len_supported_protocols.num_items"
        doc: The list of protocols that the member supports if the consumer uses the classic protocol.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  consumer_group_member_metadata_value_body_tag_classic_member_metadata:
    -webide-representation: "{present} (0: null)"
    doc: "The tagged field ClassicMemberMetadata: a structure."
    params:
      - id: version
        type: s2
    seq:
      - id: present
        type: kafka_unsigned_varint
        doc: "0: null."
      - id: value
        type: consumer_group_member_metadata_value_body_classic_member_metadata(version)
        if: present.value > 0
  consumer_group_member_metadata_value_body_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: consumer_group_member_metadata_value_body_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  consumer_group_member_metadata_value_body_tag:
    -webide-representation: "tag {tag}: {data}"
    doc: "One tagged field: tag, length, and the data, decoded when the schema defines the tag."
    params:
      - id: version
        type: s2
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
        type:
          switch-on: tag.value
          cases:
            0: consumer_group_member_metadata_value_body_tag_classic_member_metadata(version)
  consumer_group_member_metadata_value_body:
    -orig-id: ConsumerGroupMemberMetadataValue
    -webide-representation: "instance id {instance_id}, rack id {rack_id}, client id {client_id}"
    -tagged-fields:
      - id: classic_member_metadata
        -orig-id: ClassicMemberMetadata
        tag: 0
        default:
          sessionTimeoutMs: 0
          supportedProtocols: []
        doc: The classic member metadata which includes the supported protocols of the consumer if it uses the classic protocol. The metadata is null if the consumer uses the consumer protocol.
    params:
      - id: version
        type: s2
    seq:
      - id: instance_id
        -orig-id: InstanceId
        -nullable: true
        type: kafka_protocol_types::string(true)
        doc: The (optional) instance id.
      - id: rack_id
        -orig-id: RackId
        -nullable: true
        type: kafka_protocol_types::string(true)
        doc: The (optional) rack id.
      - id: client_id
        -orig-id: ClientId
        type: kafka_protocol_types::string(true)
        doc: The client id.
      - id: client_host
        -orig-id: ClientHost
        type: kafka_protocol_types::string(true)
        doc: The client host.
      - id: subscribed_topic_names
        -orig-id: SubscribedTopicNames
        type: kafka_protocol_types::string_array(true)
        doc: The list of subscribed topic names.
      - id: subscribed_topic_regex
        -orig-id: SubscribedTopicRegex
        -nullable: true
        type: kafka_protocol_types::string(true)
        doc: The subscribed topic regular expression.
      - id: rebalance_timeout_ms
        -orig-id: RebalanceTimeoutMs
        type: s4
        doc: The rebalance timeout.
      - id: server_assignor
        -orig-id: ServerAssignor
        -nullable: true
        type: kafka_protocol_types::string(true)
        doc: "The server assignor to use; or null if not used."
      - id: tagged_fields
        type: consumer_group_member_metadata_value_body_tags(version)
  consumer_group_member_metadata_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 5: an int16 version and ConsumerGroupMemberMetadataValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: consumer_group_member_metadata_value_body(0)
  consumer_group_target_assignment_metadata_key:
    -orig-id: ConsumerGroupTargetAssignmentMetadataKey
    -webide-representation: "group id {group_id}"
    doc: The key of record type 6 (ConsumerGroupTargetAssignmentMetadataKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
  consumer_group_target_assignment_metadata_value_body_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: consumer_group_target_assignment_metadata_value_body_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  consumer_group_target_assignment_metadata_value_body_tag:
    -webide-representation: "tag {tag}: {data}"
    doc: "One tagged field: tag, length, and the data, decoded when the schema defines the tag."
    params:
      - id: version
        type: s2
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
        type:
          switch-on: tag.value
          cases:
            0: group_coordinator_tag_s8
  consumer_group_target_assignment_metadata_value_body:
    -orig-id: ConsumerGroupTargetAssignmentMetadataValue
    -webide-representation: "assignment epoch {assignment_epoch:dec}"
    -tagged-fields:
      - id: assignment_timestamp
        -orig-id: AssignmentTimestamp
        tag: 0
        default: 0
        doc: The time at which the assignment calculation finished.
    params:
      - id: version
        type: s2
    seq:
      - id: assignment_epoch
        -orig-id: AssignmentEpoch
        type: s4
        doc: The assignment epoch.
      - id: tagged_fields
        type: consumer_group_target_assignment_metadata_value_body_tags(version)
  consumer_group_target_assignment_metadata_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 6: an int16 version and ConsumerGroupTargetAssignmentMetadataValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: consumer_group_target_assignment_metadata_value_body(0)
  consumer_group_target_assignment_member_key:
    -orig-id: ConsumerGroupTargetAssignmentMemberKey
    -webide-representation: "group id {group_id}, member id {member_id}"
    doc: The key of record type 7 (ConsumerGroupTargetAssignmentMemberKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
      - id: member_id
        -orig-id: MemberId
        type: kafka_protocol_types::string(false)
        doc: The member id.
  consumer_group_target_assignment_member_value_body_topic_partition:
    -orig-id: TopicPartition
    -webide-representation: "topic id {topic_id:uuid}, partitions {partitions}"
    params:
      - id: version
        type: s2
    seq:
      - id: topic_id
        -orig-id: TopicId
        size: 16
        doc: The topic id.
      - id: partitions
        -orig-id: Partitions
        type: kafka_protocol_types::int32_array(true)
        doc: The partition indexes.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  consumer_group_target_assignment_member_value_body:
    -orig-id: ConsumerGroupTargetAssignmentMemberValue
    -webide-representation: "{len_topic_partitions} topic partitions"
    params:
      - id: version
        type: s2
    seq:
      - id: len_topic_partitions
        type: kafka_protocol_types::array_length(true)
      - id: topic_partitions
        -orig-id: TopicPartitions
        type: consumer_group_target_assignment_member_value_body_topic_partition(version)
        repeat: expr
        repeat-expr: "len_topic_partitions.num_items < 0 ? 0 : len_topic_partitions.num_items"
        doc: The assigned partitions.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  consumer_group_target_assignment_member_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 7: an int16 version and ConsumerGroupTargetAssignmentMemberValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: consumer_group_target_assignment_member_value_body(0)
  consumer_group_current_member_assignment_key:
    -orig-id: ConsumerGroupCurrentMemberAssignmentKey
    -webide-representation: "group id {group_id}, member id {member_id}"
    doc: The key of record type 8 (ConsumerGroupCurrentMemberAssignmentKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
      - id: member_id
        -orig-id: MemberId
        type: kafka_protocol_types::string(false)
        doc: The member id.
  consumer_group_current_member_assignment_value_body_topic_partitions_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: consumer_group_current_member_assignment_value_body_topic_partitions_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  consumer_group_current_member_assignment_value_body_topic_partitions_tag:
    -webide-representation: "tag {tag}: {data}"
    doc: "One tagged field: tag, length, and the data, decoded when the schema defines the tag."
    params:
      - id: version
        type: s2
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
        type:
          switch-on: tag.value
          cases:
            0: kafka_protocol_types::int32_array(true)
  consumer_group_current_member_assignment_value_body_topic_partitions:
    -orig-id: TopicPartitions
    -webide-representation: "topic id {topic_id:uuid}, partitions {partitions}"
    -tagged-fields:
      - id: assignment_epochs
        -orig-id: AssignmentEpochs
        tag: 0
        default: []
        doc: The epoch at which the partition was assigned to the member. Used to fence zombie commits requests. Of the same length as Partitions.
    params:
      - id: version
        type: s2
    seq:
      - id: topic_id
        -orig-id: TopicId
        size: 16
        doc: The topic Id.
      - id: partitions
        -orig-id: Partitions
        type: kafka_protocol_types::int32_array(true)
        doc: The partition Ids.
      - id: tagged_fields
        type: consumer_group_current_member_assignment_value_body_topic_partitions_tags(version)
  consumer_group_current_member_assignment_value_body:
    -orig-id: ConsumerGroupCurrentMemberAssignmentValue
    -webide-representation: "member epoch {member_epoch:dec}, previous member epoch {previous_member_epoch:dec}, state {state:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: member_epoch
        -orig-id: MemberEpoch
        type: s4
        doc: The current member epoch that is expected from the member in the heartbeat request.
      - id: previous_member_epoch
        -orig-id: PreviousMemberEpoch
        type: s4
        doc: If the last epoch bump is lost before reaching the member, the member will retry with the previous epoch.
      - id: state
        -orig-id: State
        type: s1
        doc: The member state. See MemberState for the possible values.
      - id: len_assigned_partitions
        type: kafka_protocol_types::array_length(true)
      - id: assigned_partitions
        -orig-id: AssignedPartitions
        type: consumer_group_current_member_assignment_value_body_topic_partitions(version)
        repeat: expr
        repeat-expr: "len_assigned_partitions.num_items < 0 ? 0 : len_assigned_partitions.num_items"
        doc: The partitions assigned to (or owned by) this member.
      - id: len_partitions_pending_revocation
        type: kafka_protocol_types::array_length(true)
      - id: partitions_pending_revocation
        -orig-id: PartitionsPendingRevocation
        type: consumer_group_current_member_assignment_value_body_topic_partitions(version)
        repeat: expr
        repeat-expr: "len_partitions_pending_revocation.num_items < 0 ? 0 : len_partitions_pending_revocation.num_items"
        doc: The partitions that must be revoked by this member.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  consumer_group_current_member_assignment_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 8: an int16 version and ConsumerGroupCurrentMemberAssignmentValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: consumer_group_current_member_assignment_value_body(0)
  share_group_member_metadata_key:
    -orig-id: ShareGroupMemberMetadataKey
    -webide-representation: "group id {group_id}, member id {member_id}"
    doc: The key of record type 10 (ShareGroupMemberMetadataKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
      - id: member_id
        -orig-id: MemberId
        type: kafka_protocol_types::string(false)
        doc: The member id.
  share_group_member_metadata_value_body:
    -orig-id: ShareGroupMemberMetadataValue
    -webide-representation: "rack id {rack_id}, client id {client_id}, client host {client_host}"
    params:
      - id: version
        type: s2
    seq:
      - id: rack_id
        -orig-id: RackId
        -nullable: true
        type: kafka_protocol_types::string(true)
        doc: The (optional) rack id.
      - id: client_id
        -orig-id: ClientId
        type: kafka_protocol_types::string(true)
        doc: The client id.
      - id: client_host
        -orig-id: ClientHost
        type: kafka_protocol_types::string(true)
        doc: The client host.
      - id: subscribed_topic_names
        -orig-id: SubscribedTopicNames
        type: kafka_protocol_types::string_array(true)
        doc: The list of subscribed topic names.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  share_group_member_metadata_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 10: an int16 version and ShareGroupMemberMetadataValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: share_group_member_metadata_value_body(0)
  share_group_metadata_key:
    -orig-id: ShareGroupMetadataKey
    -webide-representation: "group id {group_id}"
    doc: The key of record type 11 (ShareGroupMetadataKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
  share_group_metadata_value_body:
    -orig-id: ShareGroupMetadataValue
    -webide-representation: "epoch {epoch:dec}, metadata hash {metadata_hash:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: epoch
        -orig-id: Epoch
        type: s4
        doc: The group epoch.
      - id: metadata_hash
        -orig-id: MetadataHash
        type: s8
        doc: The hash of all topics in the group.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  share_group_metadata_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 11: an int16 version and ShareGroupMetadataValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: share_group_metadata_value_body(0)
  share_group_target_assignment_metadata_key:
    -orig-id: ShareGroupTargetAssignmentMetadataKey
    -webide-representation: "group id {group_id}"
    doc: The key of record type 12 (ShareGroupTargetAssignmentMetadataKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
  share_group_target_assignment_metadata_value_body_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: share_group_target_assignment_metadata_value_body_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  share_group_target_assignment_metadata_value_body_tag:
    -webide-representation: "tag {tag}: {data}"
    doc: "One tagged field: tag, length, and the data, decoded when the schema defines the tag."
    params:
      - id: version
        type: s2
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
        type:
          switch-on: tag.value
          cases:
            0: group_coordinator_tag_s8
  share_group_target_assignment_metadata_value_body:
    -orig-id: ShareGroupTargetAssignmentMetadataValue
    -webide-representation: "assignment epoch {assignment_epoch:dec}"
    -tagged-fields:
      - id: assignment_timestamp
        -orig-id: AssignmentTimestamp
        tag: 0
        default: 0
        doc: The time at which the assignment calculation finished.
    params:
      - id: version
        type: s2
    seq:
      - id: assignment_epoch
        -orig-id: AssignmentEpoch
        type: s4
        doc: The assignment epoch.
      - id: tagged_fields
        type: share_group_target_assignment_metadata_value_body_tags(version)
  share_group_target_assignment_metadata_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 12: an int16 version and ShareGroupTargetAssignmentMetadataValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: share_group_target_assignment_metadata_value_body(0)
  share_group_target_assignment_member_key:
    -orig-id: ShareGroupTargetAssignmentMemberKey
    -webide-representation: "group id {group_id}, member id {member_id}"
    doc: The key of record type 13 (ShareGroupTargetAssignmentMemberKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
      - id: member_id
        -orig-id: MemberId
        type: kafka_protocol_types::string(false)
        doc: The member id.
  share_group_target_assignment_member_value_body_topic_partition:
    -orig-id: TopicPartition
    -webide-representation: "topic id {topic_id:uuid}, partitions {partitions}"
    params:
      - id: version
        type: s2
    seq:
      - id: topic_id
        -orig-id: TopicId
        size: 16
        doc: The topic id.
      - id: partitions
        -orig-id: Partitions
        type: kafka_protocol_types::int32_array(true)
        doc: The partition indexes.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  share_group_target_assignment_member_value_body:
    -orig-id: ShareGroupTargetAssignmentMemberValue
    -webide-representation: "{len_topic_partitions} topic partitions"
    params:
      - id: version
        type: s2
    seq:
      - id: len_topic_partitions
        type: kafka_protocol_types::array_length(true)
      - id: topic_partitions
        -orig-id: TopicPartitions
        type: share_group_target_assignment_member_value_body_topic_partition(version)
        repeat: expr
        repeat-expr: "len_topic_partitions.num_items < 0 ? 0 : len_topic_partitions.num_items"
        doc: The assigned partitions.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  share_group_target_assignment_member_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 13: an int16 version and ShareGroupTargetAssignmentMemberValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: share_group_target_assignment_member_value_body(0)
  share_group_current_member_assignment_key:
    -orig-id: ShareGroupCurrentMemberAssignmentKey
    -webide-representation: "group id {group_id}, member id {member_id}"
    doc: The key of record type 14 (ShareGroupCurrentMemberAssignmentKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
      - id: member_id
        -orig-id: MemberId
        type: kafka_protocol_types::string(false)
        doc: The member id.
  share_group_current_member_assignment_value_body_topic_partitions:
    -orig-id: TopicPartitions
    -webide-representation: "topic id {topic_id:uuid}, partitions {partitions}"
    params:
      - id: version
        type: s2
    seq:
      - id: topic_id
        -orig-id: TopicId
        size: 16
        doc: The topic Id.
      - id: partitions
        -orig-id: Partitions
        type: kafka_protocol_types::int32_array(true)
        doc: The partition Ids.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  share_group_current_member_assignment_value_body:
    -orig-id: ShareGroupCurrentMemberAssignmentValue
    -webide-representation: "member epoch {member_epoch:dec}, previous member epoch {previous_member_epoch:dec}, state {state:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: member_epoch
        -orig-id: MemberEpoch
        type: s4
        doc: The current member epoch that is expected from the member in the heartbeat request.
      - id: previous_member_epoch
        -orig-id: PreviousMemberEpoch
        type: s4
        doc: If the last epoch bump is lost before reaching the member, the member will retry with the previous epoch.
      - id: state
        -orig-id: State
        type: s1
        doc: The member state. See MemberState for the possible values.
      - id: len_assigned_partitions
        type: kafka_protocol_types::array_length(true)
      - id: assigned_partitions
        -orig-id: AssignedPartitions
        type: share_group_current_member_assignment_value_body_topic_partitions(version)
        repeat: expr
        repeat-expr: "len_assigned_partitions.num_items < 0 ? 0 : len_assigned_partitions.num_items"
        doc: The partitions assigned to (or owned by) this member.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  share_group_current_member_assignment_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 14: an int16 version and ShareGroupCurrentMemberAssignmentValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: share_group_current_member_assignment_value_body(0)
  share_group_state_partition_metadata_key:
    -orig-id: ShareGroupStatePartitionMetadataKey
    -webide-representation: "group id {group_id}"
    doc: The key of record type 15 (ShareGroupStatePartitionMetadataKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
  share_group_state_partition_metadata_value_body_topic_partitions_info:
    -orig-id: TopicPartitionsInfo
    -webide-representation: "topic id {topic_id:uuid}, topic name {topic_name}, partitions {partitions}"
    params:
      - id: version
        type: s2
    seq:
      - id: topic_id
        -orig-id: TopicId
        size: 16
        doc: The topic identifier.
      - id: topic_name
        -orig-id: TopicName
        type: kafka_protocol_types::string(true)
        doc: The topic name.
      - id: partitions
        -orig-id: Partitions
        type: kafka_protocol_types::int32_array(true)
        doc: The partitions.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  share_group_state_partition_metadata_value_body_topic_info:
    -orig-id: TopicInfo
    -webide-representation: "topic id {topic_id:uuid}, topic name {topic_name}"
    params:
      - id: version
        type: s2
    seq:
      - id: topic_id
        -orig-id: TopicId
        size: 16
        doc: The topic identifier.
      - id: topic_name
        -orig-id: TopicName
        type: kafka_protocol_types::string(true)
        doc: The topic name.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  share_group_state_partition_metadata_value_body:
    -orig-id: ShareGroupStatePartitionMetadataValue
    -webide-representation: "{len_initializing_topics} initializing topics, {len_initialized_topics} initialized topics, {len_deleting_topics} deleting topics"
    params:
      - id: version
        type: s2
    seq:
      - id: len_initializing_topics
        type: kafka_protocol_types::array_length(true)
      - id: initializing_topics
        -orig-id: InitializingTopics
        type: share_group_state_partition_metadata_value_body_topic_partitions_info(version)
        repeat: expr
        repeat-expr: "len_initializing_topics.num_items < 0 ? 0 : len_initializing_topics.num_items"
        doc: The topic-partitions whose share-group state is being initialized.
      - id: len_initialized_topics
        type: kafka_protocol_types::array_length(true)
      - id: initialized_topics
        -orig-id: InitializedTopics
        type: share_group_state_partition_metadata_value_body_topic_partitions_info(version)
        repeat: expr
        repeat-expr: "len_initialized_topics.num_items < 0 ? 0 : len_initialized_topics.num_items"
        doc: The topics with initialized share-group state.
      - id: len_deleting_topics
        type: kafka_protocol_types::array_length(true)
      - id: deleting_topics
        -orig-id: DeletingTopics
        type: share_group_state_partition_metadata_value_body_topic_info(version)
        repeat: expr
        repeat-expr: "len_deleting_topics.num_items < 0 ? 0 : len_deleting_topics.num_items"
        doc: The topics whose share-group state is being deleted.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  share_group_state_partition_metadata_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 15: an int16 version and ShareGroupStatePartitionMetadataValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: share_group_state_partition_metadata_value_body(0)
  consumer_group_regular_expression_key:
    -orig-id: ConsumerGroupRegularExpressionKey
    -webide-representation: "group id {group_id}, regular expression {regular_expression}"
    doc: The key of record type 16 (ConsumerGroupRegularExpressionKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
      - id: regular_expression
        -orig-id: RegularExpression
        type: kafka_protocol_types::string(false)
        doc: The regular expression.
  consumer_group_regular_expression_value_body:
    -orig-id: ConsumerGroupRegularExpressionValue
    -webide-representation: "topics {topics}, version  {version_:dec}, timestamp {timestamp:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: topics
        -orig-id: Topics
        type: kafka_protocol_types::string_array(true)
      - id: version_
        -orig-id: Version
        type: s8
      - id: timestamp
        -orig-id: Timestamp
        type: s8
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  consumer_group_regular_expression_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 16: an int16 version and ConsumerGroupRegularExpressionValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: consumer_group_regular_expression_value_body(0)
  streams_group_metadata_key:
    -orig-id: StreamsGroupMetadataKey
    -webide-representation: "group id {group_id}"
    doc: The key of record type 17 (StreamsGroupMetadataKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group ID.
  streams_group_metadata_value_body_last_assignment_config:
    -orig-id: LastAssignmentConfig
    -webide-representation: "key {key}, value {value}"
    params:
      - id: version
        type: s2
    seq:
      - id: key
        -orig-id: Key
        type: kafka_protocol_types::string(true)
        doc: Key of the config.
      - id: value
        -orig-id: Value
        type: kafka_protocol_types::string(true)
        doc: Value of the config.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_metadata_value_body_tag_last_assignment_configs:
    -webide-representation: "{len_items} items"
    doc: "The tagged field LastAssignmentConfigs: a compact array."
    params:
      - id: version
        type: s2
    seq:
      - id: len_items
        type: kafka_protocol_types::array_length(true)
      - id: items
        type: streams_group_metadata_value_body_last_assignment_config(version)
        repeat: expr
        repeat-expr: "len_items.num_items < 0 ? 0 : len_items.num_items"
  streams_group_metadata_value_body_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: streams_group_metadata_value_body_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  streams_group_metadata_value_body_tag:
    -webide-representation: "tag {tag}: {data}"
    doc: "One tagged field: tag, length, and the data, decoded when the schema defines the tag."
    params:
      - id: version
        type: s2
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
        type:
          switch-on: tag.value
          cases:
            0: group_coordinator_tag_s4
            1: streams_group_metadata_value_body_tag_last_assignment_configs(version)
  streams_group_metadata_value_body:
    -orig-id: StreamsGroupMetadataValue
    -webide-representation: "epoch {epoch:dec}, metadata hash {metadata_hash:dec}"
    -tagged-fields:
      - id: validated_topology_epoch
        -orig-id: ValidatedTopologyEpoch
        tag: 0
        default: -1
        after: metadata_hash
        doc: The topology epoch whose topics are validated to be present in a valid configuration in the metadata.
      - id: last_assignment_configs
        -orig-id: LastAssignmentConfigs
        tag: 1
        default: []
        doc: The last used configuration parameters as key-value pairs.
    params:
      - id: version
        type: s2
    seq:
      - id: epoch
        -orig-id: Epoch
        type: s4
        doc: The group epoch.
      - id: metadata_hash
        -orig-id: MetadataHash
        type: s8
        doc: The hash of all topics in the group.
      - id: tagged_fields
        type: streams_group_metadata_value_body_tags(version)
  streams_group_metadata_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 17: an int16 version and StreamsGroupMetadataValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: streams_group_metadata_value_body(0)
  streams_group_member_metadata_key:
    -orig-id: StreamsGroupMemberMetadataKey
    -webide-representation: "group id {group_id}, member id {member_id}"
    doc: The key of record type 19 (StreamsGroupMemberMetadataKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group ID.
      - id: member_id
        -orig-id: MemberId
        type: kafka_protocol_types::string(false)
        doc: The member ID.
  streams_group_member_metadata_value_body_endpoint:
    -orig-id: Endpoint
    -webide-representation: "host {host}, port {port:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: host
        -orig-id: Host
        type: kafka_protocol_types::string(true)
        doc: The host of the endpoint.
      - id: port
        -orig-id: Port
        type: u2
        doc: The port of the endpoint.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_member_metadata_value_body_key_value:
    -orig-id: KeyValue
    -webide-representation: "key {key}, value {value}"
    params:
      - id: version
        type: s2
    seq:
      - id: key
        -orig-id: Key
        type: kafka_protocol_types::string(true)
        doc: The key of the config.
      - id: value
        -orig-id: Value
        type: kafka_protocol_types::string(true)
        doc: the value of the config.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_member_metadata_value_body:
    -orig-id: StreamsGroupMemberMetadataValue
    -webide-representation: "instance id {instance_id}, rack id {rack_id}, client id {client_id}"
    params:
      - id: version
        type: s2
    seq:
      - id: instance_id
        -orig-id: InstanceId
        -nullable: true
        type: kafka_protocol_types::string(true)
        doc: The (optional) instance ID for static membership.
      - id: rack_id
        -orig-id: RackId
        -nullable: true
        type: kafka_protocol_types::string(true)
        doc: The (optional) rack ID.
      - id: client_id
        -orig-id: ClientId
        type: kafka_protocol_types::string(true)
        doc: The client ID.
      - id: client_host
        -orig-id: ClientHost
        type: kafka_protocol_types::string(true)
        doc: The client host.
      - id: rebalance_timeout_ms
        -orig-id: RebalanceTimeoutMs
        type: s4
        doc: The rebalance timeout.
      - id: topology_epoch
        -orig-id: TopologyEpoch
        type: s4
        doc: The epoch of the topology.
      - id: process_id
        -orig-id: ProcessId
        type: kafka_protocol_types::string(true)
        doc: Identity of the streams instance that may have multiple consumers.
      - id: present_user_endpoint
        type: s1
        doc: "Kafka's marker of a nullable structure: -1 null, 1 present."
      - id: user_endpoint
        -orig-id: UserEndpoint
        type: streams_group_member_metadata_value_body_endpoint(version)
        if: present_user_endpoint >= 0
        doc: User-defined endpoint for running interactive queries on this instance.
      - id: len_client_tags
        type: kafka_protocol_types::array_length(true)
      - id: client_tags
        -orig-id: ClientTags
        type: streams_group_member_metadata_value_body_key_value(version)
        repeat: expr
        repeat-expr: "len_client_tags.num_items < 0 ? 0 : len_client_tags.num_items"
        doc: Used for rack-aware assignment algorithm.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_member_metadata_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 19: an int16 version and StreamsGroupMemberMetadataValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: streams_group_member_metadata_value_body(0)
  streams_group_target_assignment_metadata_key:
    -orig-id: StreamsGroupTargetAssignmentMetadataKey
    -webide-representation: "group id {group_id}"
    doc: The key of record type 20 (StreamsGroupTargetAssignmentMetadataKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group ID.
  streams_group_target_assignment_metadata_value_body_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: streams_group_target_assignment_metadata_value_body_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  streams_group_target_assignment_metadata_value_body_tag:
    -webide-representation: "tag {tag}: {data}"
    doc: "One tagged field: tag, length, and the data, decoded when the schema defines the tag."
    params:
      - id: version
        type: s2
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
        type:
          switch-on: tag.value
          cases:
            0: group_coordinator_tag_s8
  streams_group_target_assignment_metadata_value_body:
    -orig-id: StreamsGroupTargetAssignmentMetadataValue
    -webide-representation: "assignment epoch {assignment_epoch:dec}"
    -tagged-fields:
      - id: assignment_timestamp
        -orig-id: AssignmentTimestamp
        tag: 0
        default: 0
        doc: The time at which the assignment calculation finished.
    params:
      - id: version
        type: s2
    seq:
      - id: assignment_epoch
        -orig-id: AssignmentEpoch
        type: s4
        doc: The assignment epoch.
      - id: tagged_fields
        type: streams_group_target_assignment_metadata_value_body_tags(version)
  streams_group_target_assignment_metadata_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 20: an int16 version and StreamsGroupTargetAssignmentMetadataValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: streams_group_target_assignment_metadata_value_body(0)
  streams_group_target_assignment_member_key:
    -orig-id: StreamsGroupTargetAssignmentMemberKey
    -webide-representation: "group id {group_id}, member id {member_id}"
    doc: The key of record type 21 (StreamsGroupTargetAssignmentMemberKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group ID.
      - id: member_id
        -orig-id: MemberId
        type: kafka_protocol_types::string(false)
        doc: The member ID.
  streams_group_target_assignment_member_value_body_task_ids:
    -orig-id: TaskIds
    -webide-representation: "subtopology id {subtopology_id}, partitions {partitions}"
    params:
      - id: version
        type: s2
    seq:
      - id: subtopology_id
        -orig-id: SubtopologyId
        type: kafka_protocol_types::string(true)
        doc: The subtopology ID.
      - id: partitions
        -orig-id: Partitions
        type: kafka_protocol_types::int32_array(true)
        doc: The partitions of the input topics processed by this member.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_target_assignment_member_value_body:
    -orig-id: StreamsGroupTargetAssignmentMemberValue
    -webide-representation: "{len_active_tasks} active tasks, {len_standby_tasks} standby tasks, {len_warmup_tasks} warmup tasks"
    params:
      - id: version
        type: s2
    seq:
      - id: len_active_tasks
        type: kafka_protocol_types::array_length(true)
      - id: active_tasks
        -orig-id: ActiveTasks
        type: streams_group_target_assignment_member_value_body_task_ids(version)
        repeat: expr
        repeat-expr: "len_active_tasks.num_items < 0 ? 0 : len_active_tasks.num_items"
        doc: Currently assigned active tasks for this streams client.
      - id: len_standby_tasks
        type: kafka_protocol_types::array_length(true)
      - id: standby_tasks
        -orig-id: StandbyTasks
        type: streams_group_target_assignment_member_value_body_task_ids(version)
        repeat: expr
        repeat-expr: "len_standby_tasks.num_items < 0 ? 0 : len_standby_tasks.num_items"
        doc: Currently assigned standby tasks for this streams client.
      - id: len_warmup_tasks
        type: kafka_protocol_types::array_length(true)
      - id: warmup_tasks
        -orig-id: WarmupTasks
        type: streams_group_target_assignment_member_value_body_task_ids(version)
        repeat: expr
        repeat-expr: "len_warmup_tasks.num_items < 0 ? 0 : len_warmup_tasks.num_items"
        doc: Currently assigned warm-up tasks for this streams client.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_target_assignment_member_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 21: an int16 version and StreamsGroupTargetAssignmentMemberValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: streams_group_target_assignment_member_value_body(0)
  streams_group_current_member_assignment_key:
    -orig-id: StreamsGroupCurrentMemberAssignmentKey
    -webide-representation: "group id {group_id}, member id {member_id}"
    doc: The key of record type 22 (StreamsGroupCurrentMemberAssignmentKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group ID.
      - id: member_id
        -orig-id: MemberId
        type: kafka_protocol_types::string(false)
        doc: The member ID.
  streams_group_current_member_assignment_value_body_task_ids_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: streams_group_current_member_assignment_value_body_task_ids_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  streams_group_current_member_assignment_value_body_task_ids_tag:
    -webide-representation: "tag {tag}: {data}"
    doc: "One tagged field: tag, length, and the data, decoded when the schema defines the tag."
    params:
      - id: version
        type: s2
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
        type:
          switch-on: tag.value
          cases:
            0: kafka_protocol_types::int32_array(true)
  streams_group_current_member_assignment_value_body_task_ids:
    -orig-id: TaskIds
    -webide-representation: "subtopology id {subtopology_id}, partitions {partitions}"
    -tagged-fields:
      - id: assignment_epochs
        -orig-id: AssignmentEpochs
        tag: 0
        default: []
        doc: The epoch at which the partition was assigned to the member. Used to fence zombie commits requests. Of the same length as Partitions. Only defined for active tasks.
    params:
      - id: version
        type: s2
    seq:
      - id: subtopology_id
        -orig-id: SubtopologyId
        type: kafka_protocol_types::string(true)
        doc: The subtopology ID.
      - id: partitions
        -orig-id: Partitions
        type: kafka_protocol_types::int32_array(true)
        doc: The partitions of the input topics processed by this member.
      - id: tagged_fields
        type: streams_group_current_member_assignment_value_body_task_ids_tags(version)
  streams_group_current_member_assignment_value_body:
    -orig-id: StreamsGroupCurrentMemberAssignmentValue
    -webide-representation: "member epoch {member_epoch:dec}, previous member epoch {previous_member_epoch:dec}, state {state:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: member_epoch
        -orig-id: MemberEpoch
        type: s4
        doc: The current member epoch that is expected from the member in the heartbeat request.
      - id: previous_member_epoch
        -orig-id: PreviousMemberEpoch
        type: s4
        doc: If the last epoch bump is lost before reaching the member, the member will retry with the previous epoch.
      - id: state
        -orig-id: State
        type: s1
        doc: The member state. See StreamsGroupMember.MemberState for the possible values.
      - id: len_active_tasks
        type: kafka_protocol_types::array_length(true)
      - id: active_tasks
        -orig-id: ActiveTasks
        type: streams_group_current_member_assignment_value_body_task_ids(version)
        repeat: expr
        repeat-expr: "len_active_tasks.num_items < 0 ? 0 : len_active_tasks.num_items"
        doc: Currently assigned active tasks for this streams client.
      - id: len_standby_tasks
        type: kafka_protocol_types::array_length(true)
      - id: standby_tasks
        -orig-id: StandbyTasks
        type: streams_group_current_member_assignment_value_body_task_ids(version)
        repeat: expr
        repeat-expr: "len_standby_tasks.num_items < 0 ? 0 : len_standby_tasks.num_items"
        doc: Currently assigned standby tasks for this streams client.
      - id: len_warmup_tasks
        type: kafka_protocol_types::array_length(true)
      - id: warmup_tasks
        -orig-id: WarmupTasks
        type: streams_group_current_member_assignment_value_body_task_ids(version)
        repeat: expr
        repeat-expr: "len_warmup_tasks.num_items < 0 ? 0 : len_warmup_tasks.num_items"
        doc: Currently assigned warm-up tasks for this streams client.
      - id: len_active_tasks_pending_revocation
        type: kafka_protocol_types::array_length(true)
      - id: active_tasks_pending_revocation
        -orig-id: ActiveTasksPendingRevocation
        type: streams_group_current_member_assignment_value_body_task_ids(version)
        repeat: expr
        repeat-expr: "len_active_tasks_pending_revocation.num_items < 0 ? 0 : len_active_tasks_pending_revocation.num_items"
        doc: The active tasks that must be revoked by this member.
      - id: len_standby_tasks_pending_revocation
        type: kafka_protocol_types::array_length(true)
      - id: standby_tasks_pending_revocation
        -orig-id: StandbyTasksPendingRevocation
        type: streams_group_current_member_assignment_value_body_task_ids(version)
        repeat: expr
        repeat-expr: "len_standby_tasks_pending_revocation.num_items < 0 ? 0 : len_standby_tasks_pending_revocation.num_items"
        doc: The standby tasks that must be revoked by this member.
      - id: len_warmup_tasks_pending_revocation
        type: kafka_protocol_types::array_length(true)
      - id: warmup_tasks_pending_revocation
        -orig-id: WarmupTasksPendingRevocation
        type: streams_group_current_member_assignment_value_body_task_ids(version)
        repeat: expr
        repeat-expr: "len_warmup_tasks_pending_revocation.num_items < 0 ? 0 : len_warmup_tasks_pending_revocation.num_items"
        doc: The warmup tasks that must be revoked by this member.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_current_member_assignment_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 22: an int16 version and StreamsGroupCurrentMemberAssignmentValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: streams_group_current_member_assignment_value_body(0)
  streams_group_topology_key:
    -orig-id: StreamsGroupTopologyKey
    -webide-representation: "group id {group_id}"
    doc: The key of record type 23 (StreamsGroupTopologyKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group ID.
  streams_group_topology_value_body_subtopology_topic_info_topic_config:
    -orig-id: TopicConfig
    -webide-representation: "key {key}, value {value}"
    params:
      - id: version
        type: s2
    seq:
      - id: key
        -orig-id: key
        type: kafka_protocol_types::string(true)
        doc: The key of the topic-level configuration.
      - id: value
        -orig-id: value
        type: kafka_protocol_types::string(true)
        doc: The value of the topic-level configuration.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_topology_value_body_subtopology_topic_info:
    -orig-id: TopicInfo
    -webide-representation: "name {name}, partitions {partitions:dec}, replication factor {replication_factor:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
        doc: The name of the topic.
      - id: partitions
        -orig-id: Partitions
        type: s4
        doc: The number of partitions in the topic. Can be 0 if no specific number of partitions is enforced. Always 0 for changelog topics.
      - id: replication_factor
        -orig-id: ReplicationFactor
        type: s2
        doc: The replication factor of the topic. Can be 0 if the default replication factor should be used.
      - id: len_topic_configs
        type: kafka_protocol_types::array_length(true)
      - id: topic_configs
        -orig-id: TopicConfigs
        type: streams_group_topology_value_body_subtopology_topic_info_topic_config(version)
        repeat: expr
        repeat-expr: "len_topic_configs.num_items < 0 ? 0 : len_topic_configs.num_items"
        doc: Topic-level configurations as key-value pairs.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_topology_value_body_subtopology_copartition_group:
    -orig-id: CopartitionGroup
    -webide-representation: "source topics {source_topics}, source topic regex {source_topic_regex}, repartition source topics {repartition_source_topics}"
    params:
      - id: version
        type: s2
    seq:
      - id: source_topics
        -orig-id: SourceTopics
        type: group_coordinator_int16_array(true)
        doc: The topics the topology reads from. Index into the array on the subtopology level.
      - id: source_topic_regex
        -orig-id: SourceTopicRegex
        type: group_coordinator_int16_array(true)
        doc: Regular expressions identifying topics the subtopology reads from. Index into the array on the subtopology level.
      - id: repartition_source_topics
        -orig-id: RepartitionSourceTopics
        type: group_coordinator_int16_array(true)
        doc: The set of source topics that are internally created repartition topics. Index into the array on the subtopology level.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_topology_value_body_subtopology:
    -orig-id: Subtopology
    -webide-representation: "subtopology id {subtopology_id}, source topics {source_topics}, source topic regex {source_topic_regex}"
    params:
      - id: version
        type: s2
    seq:
      - id: subtopology_id
        -orig-id: SubtopologyId
        type: kafka_protocol_types::string(true)
        doc: String to uniquely identify the subtopology.
      - id: source_topics
        -orig-id: SourceTopics
        type: kafka_protocol_types::string_array(true)
        doc: The topics the topology reads from.
      - id: source_topic_regex
        -orig-id: SourceTopicRegex
        type: kafka_protocol_types::string_array(true)
        doc: Regular expressions identifying topics the subtopology reads from.
      - id: len_state_changelog_topics
        type: kafka_protocol_types::array_length(true)
      - id: state_changelog_topics
        -orig-id: StateChangelogTopics
        type: streams_group_topology_value_body_subtopology_topic_info(version)
        repeat: expr
        repeat-expr: "len_state_changelog_topics.num_items < 0 ? 0 : len_state_changelog_topics.num_items"
        doc: The set of state changelog topics associated with this subtopology.
      - id: repartition_sink_topics
        -orig-id: RepartitionSinkTopics
        type: kafka_protocol_types::string_array(true)
        doc: The repartition topics the subtopology writes to.
      - id: len_repartition_source_topics
        type: kafka_protocol_types::array_length(true)
      - id: repartition_source_topics
        -orig-id: RepartitionSourceTopics
        type: streams_group_topology_value_body_subtopology_topic_info(version)
        repeat: expr
        repeat-expr: "len_repartition_source_topics.num_items < 0 ? 0 : len_repartition_source_topics.num_items"
        doc: The set of source topics that are internally created repartition topics.
      - id: len_copartition_groups
        type: kafka_protocol_types::array_length(true)
      - id: copartition_groups
        -orig-id: CopartitionGroups
        type: streams_group_topology_value_body_subtopology_copartition_group(version)
        repeat: expr
        repeat-expr: "len_copartition_groups.num_items < 0 ? 0 : len_copartition_groups.num_items"
        doc: A subset of source topics that must be copartitioned.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_topology_value_body:
    -orig-id: StreamsGroupTopologyValue
    -webide-representation: "epoch {epoch:dec}, {len_subtopologies} subtopologies"
    params:
      - id: version
        type: s2
    seq:
      - id: epoch
        -orig-id: Epoch
        type: s4
        doc: The epoch of the topology.
      - id: len_subtopologies
        type: kafka_protocol_types::array_length(true)
      - id: subtopologies
        -orig-id: Subtopologies
        type: streams_group_topology_value_body_subtopology(version)
        repeat: expr
        repeat-expr: "len_subtopologies.num_items < 0 ? 0 : len_subtopologies.num_items"
        doc: The sub-topologies of the streams application.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  streams_group_topology_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 23: an int16 version and StreamsGroupTopologyValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: streams_group_topology_value_body(0)
  group_coordinator_int16_array:
    -webide-representation: "{len_items} items"
    doc: "An array of int16 (`[]int16`)."
    params:
      - id: flexible
        type: bool
    seq:
      - id: len_items
        type: kafka_protocol_types::array_length(flexible)
      - id: items
        type: s2
        repeat: expr
        repeat-expr: "len_items.num_items < 0 ? 0 : len_items.num_items"
  group_coordinator_tag_s4:
    -webide-representation: "{value}"
    doc: A tagged field of Kafka type s4.
    seq:
      - id: value
        type: s4
  group_coordinator_tag_s8:
    -webide-representation: "{value}"
    doc: A tagged field of Kafka type s8.
    seq:
      - id: value
        type: s8
enums:
  record_type:
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
