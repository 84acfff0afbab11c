meta:
  id: kafka_group_metadata_value
  title: Apache Kafka __consumer_offsets group metadata value (GroupMetadataValue v0-v4)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_protocol_types
  endian: be
doc: |
  The value of a `__consumer_offsets` record whose key is group metadata (key record type 2, see
  `kafka_consumer_offsets_key`): the state of a classic consumer group as the group coordinator
  stores it after each rebalance: protocol type (`consumer` for Kafka consumers, `connect` for
  Connect workers, ...), generation, the chosen assignor (`protocol`), the leader, and every member
  with its client id and host, timeouts, and the opaque subscription and assignment bytes it
  exchanged through the JoinGroup and SyncGroup requests.

  An int16 version comes first: 0 (Kafka 0.9), 1 adds each member's rebalance timeout (0.10.1),
  2 adds the time of the last state change (2.1), 3 adds each member's group instance id for
  static membership (KIP-345, 2.3; what current brokers write), 4 is the first flexible version
  (KIP-915: compact strings, bytes and arrays, and tagged-field sections), read but not yet
  written by Kafka 3.9.

  For protocol type `consumer`, `subscription` and `assignment` are the consumer's embedded
  protocol (`consumer_protocol_subscription`, `consumer_protocol_assignment`, each with its own
  int16 version first). They are kept as bytes here because any client may put anything there;
  kafka-dump-log decodes them when they parse and leaves them as bytes otherwise, and so does
  kafkaks with these two types.

  The body of an unknown version stays raw bytes, so a reader can report it rather than fail.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/resources/common/message/GroupMetadataValue.json
  - https://github.com/apache/kafka/blob/3.9.0/server-common/src/main/java/org/apache/kafka/server/common/MetadataVersion.java groupMetadataValueVersion
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/resources/common/message/ConsumerProtocolSubscription.json
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/resources/common/message/ConsumerProtocolAssignment.json
  - https://github.com/apache/kafka/blob/3.9.0/core/src/main/scala/kafka/tools/DumpLogSegments.scala OffsetsMessageParser.prepareGroupMetadataValue
-webide-representation: 'v{version:dec}: {data}'
seq:
  - id: version
    type: s2
  - id: data
    size-eos: true
    type:
      switch-on: version
      cases:
        0: group_metadata_body(0)
        1: group_metadata_body(1)
        2: group_metadata_body(2)
        3: group_metadata_body(3)
        4: group_metadata_body(4)
types:
  group_metadata_body:
    -webide-representation: '{protocol_type} group, generation {generation:dec}, leader {leader}, {len_members} members'
    doc: |
      A consumer group's state as the coordinator last wrote it (generation, protocol, leader,
      members).
    -orig-id: GroupMetadataValue
    params:
      - id: version
        type: s2
    seq:
      - id: protocol_type
        -orig-id: protocolType
        type: kafka_protocol_types::string(version >= 4)
      - id: generation
        type: s4
      - id: protocol
        type: kafka_protocol_types::string(version >= 4)
        doc: The assignor chosen by the group (nullable).
      - id: leader
        type: kafka_protocol_types::string(version >= 4)
        doc: Member id of the group leader (nullable).
      - id: current_state_timestamp
        -orig-id: currentStateTimestamp
        type: s8
        if: version >= 2
      - id: len_members
        type: kafka_protocol_types::array_length(version >= 4)
      - id: members
        type: member_metadata(version)
        repeat: expr
        repeat-expr: 'len_members.num_items < 0 ? 0 : len_members.num_items'
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
        if: version >= 4
  member_metadata:
    -webide-representation: '{member_id} ({client_id} at {client_host})'
    doc: |
      One member of the group, with its subscription and assignment as raw bytes (decoded by the
      consumer protocol types below).
    -orig-id: MemberMetadata
    params:
      - id: version
        type: s2
    seq:
      - id: member_id
        -orig-id: memberId
        type: kafka_protocol_types::string(version >= 4)
      - id: group_instance_id
        -orig-id: groupInstanceId
        type: kafka_protocol_types::string(version >= 4)
        if: version >= 3
      - id: client_id
        -orig-id: clientId
        type: kafka_protocol_types::string(version >= 4)
      - id: client_host
        -orig-id: clientHost
        type: kafka_protocol_types::string(version >= 4)
      - id: rebalance_timeout
        -orig-id: rebalanceTimeout
        type: s4
        if: version >= 1
      - id: session_timeout
        -orig-id: sessionTimeout
        type: s4
      - id: subscription
        type: kafka_protocol_types::bytes(version >= 4)
      - id: assignment
        type: kafka_protocol_types::bytes(version >= 4)
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
        if: version >= 4
  consumer_protocol_subscription:
    -webide-representation: 'topics {topics}'
    -orig-id: ConsumerProtocolSubscription
    doc: |
      A `consumer` member's subscription: its topics, user data for the assignor, and since
      version 1 the partitions it owns (cooperative rebalancing), since 2 its generation, since 3
      its rack. Never flexible. Kafka reads a version above 3 with the version 3 layout.
    seq:
      - id: version
        type: s2
      - id: topics
        type: kafka_protocol_types::string_array(false)
      - id: user_data
        -orig-id: UserData
        type: kafka_protocol_types::bytes(false)
      - id: len_owned_partitions
        type: s4
        if: version >= 1
      - id: owned_partitions
        -orig-id: OwnedPartitions
        type: topic_partitions
        repeat: expr
        repeat-expr: 'len_owned_partitions < 0 ? 0 : len_owned_partitions'
        if: version >= 1
      - id: generation_id
        -orig-id: GenerationId
        type: s4
        if: version >= 2
      - id: rack_id
        -orig-id: RackId
        type: kafka_protocol_types::string(false)
        if: version >= 3
  consumer_protocol_assignment:
    -webide-representation: '{assigned_partitions}'
    -orig-id: ConsumerProtocolAssignment
    doc: A `consumer` member's assignment from the leader, and the assignor's user data. Never flexible.
    seq:
      - id: version
        type: s2
      - id: len_assigned_partitions
        type: s4
      - id: assigned_partitions
        -orig-id: AssignedPartitions
        type: topic_partitions
        repeat: expr
        repeat-expr: 'len_assigned_partitions < 0 ? 0 : len_assigned_partitions'
      - id: user_data
        -orig-id: UserData
        type: kafka_protocol_types::bytes(false)
  topic_partitions:
    -webide-representation: '{topic}: {partitions}'
    doc: 'A topic and partitions of it.'
    -orig-id: TopicPartition
    seq:
      - id: topic
        type: kafka_protocol_types::string(false)
      - id: partitions
        type: kafka_protocol_types::int32_array(false)
