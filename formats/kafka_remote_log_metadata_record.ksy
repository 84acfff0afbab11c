meta:
  id: kafka_remote_log_metadata_record
  title: Apache Kafka __remote_log_metadata record (tiered storage, KIP-405)
  license: Apache-2.0
  ks-version: "0.11"
  imports:
    - kafka_unsigned_varint
    - kafka_protocol_types
  endian: be
doc: |
  The value of a record of `__remote_log_metadata`, the internal topic where the default remote
  log metadata manager of tiered storage (KIP-405, `TopicBasedRemoteLogMetadataManager`) keeps
  which log segments were copied to remote storage: a segment's metadata when its copy starts
  (state COPY_SEGMENT_STARTED), updates as it finishes or is deleted (COPY_SEGMENT_FINISHED,
  DELETE_SEGMENT_STARTED, DELETE_SEGMENT_FINISHED), and partition deletions. The snapshot record
  is the same metadata as kept in the manager's local snapshot files. Records have no key; the
  metadata of a user partition goes to the metadata partition its topic id and partition hash to.

  A value starts as a KRaft metadata record does (`kafka_metadata_record`): three unsigned
  varints, the frame version (1, `AbstractApiMessageSerde`'s, which `BytesApiMessageSerde`
  uses), the record type (apiKey) and its version, then the message in the flexible encoding.
  `data` is chosen by type and version (`api_key * 100 + version`); an unknown one stays raw
  bytes. Segment states: 0 COPY_SEGMENT_STARTED, 1 COPY_SEGMENT_FINISHED, 2 DELETE_SEGMENT_STARTED,
  3 DELETE_SEGMENT_FINISHED; partition states: 0 DELETE_PARTITION_MARKED,
  1 DELETE_PARTITION_STARTED, 2 DELETE_PARTITION_FINISHED.

  Written from the message schemas of Apache Kafka 4.3.1 (doc-ref) with
  tools/kafka_message_ksy.py; `-orig-id` keeps each field's name in the schema, `-nullable`
  marks the strings, bytes and arrays that may be null (Kafka's reader refuses a null in any
  other), and each struct's `-tagged-fields` the tags it defines (number, first version,
  default).
doc-ref:
  - https://github.com/apache/kafka/blob/4.3.1/storage/src/main/resources/message/RemoteLogSegmentMetadataRecord.json
  - https://github.com/apache/kafka/blob/4.3.1/storage/src/main/resources/message/RemoteLogSegmentMetadataUpdateRecord.json
  - https://github.com/apache/kafka/blob/4.3.1/storage/src/main/resources/message/RemotePartitionDeleteMetadataRecord.json
  - https://github.com/apache/kafka/blob/4.3.1/storage/src/main/resources/message/RemoteLogSegmentMetadataSnapshotRecord.json
-webide-representation: "{record_type} v{version}: {data}"
seq:
  - id: frame_version
    type: kafka_unsigned_varint
  - id: api_key
    type: kafka_unsigned_varint
  - id: version
    type: kafka_unsigned_varint
  - id: data
    size-eos: true
    type:
      switch-on: type_and_version
      cases:
        0: remote_log_segment_metadata_record(0)
        100: remote_log_segment_metadata_update_record(0)
        200: remote_partition_delete_metadata_record(0)
        300: remote_log_segment_metadata_snapshot_record(0)
instances:
  record_type:
    value: api_key.value
    enum: record_type
  type_and_version:
    value: "frame_version.value == 1 and version.value < 100 ? api_key.value * 100 + version.value : -1"
    doc: "The key of the `data` switch; -1 for a frame version other than 1."
types:
  remote_log_segment_metadata_record_remote_log_segment_id_entry_topic_id_partition_entry:
    -orig-id: TopicIdPartitionEntry
    -webide-representation: "name {name}, id {id:uuid}, partition {partition:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
        doc: Topic name.
      - id: id
        -orig-id: Id
        size: 16
        doc: Unique identifier of the topic.
      - id: partition
        -orig-id: Partition
        type: s4
        doc: Partition number.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  remote_log_segment_metadata_record_remote_log_segment_id_entry:
    -orig-id: RemoteLogSegmentIdEntry
    -webide-representation: "topic id partition {topic_id_partition}, id {id:uuid}"
    params:
      - id: version
        type: s2
    seq:
      - id: topic_id_partition
        -orig-id: TopicIdPartition
        type: remote_log_segment_metadata_record_remote_log_segment_id_entry_topic_id_partition_entry(version)
        doc: Represents unique topic partition.
      - id: id
        -orig-id: Id
        size: 16
        doc: Unique identifier of the remote log segment.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  remote_log_segment_metadata_record_segment_leader_epoch_entry:
    -orig-id: SegmentLeaderEpochEntry
    -webide-representation: "leader epoch {leader_epoch:dec}, offset {offset:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: leader_epoch
        -orig-id: LeaderEpoch
        type: s4
        doc: Leader epoch
      - id: offset
        -orig-id: Offset
        type: s8
        doc: Start offset for the leader epoch.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  remote_log_segment_metadata_record_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: remote_log_segment_metadata_record_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  remote_log_segment_metadata_record_tag:
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
            0: remote_log_metadata_tag_u1
  remote_log_segment_metadata_record:
    -orig-id: RemoteLogSegmentMetadataRecord
    -webide-representation: "remote log segment id {remote_log_segment_id}, start offset {start_offset:dec}, end offset {end_offset:dec}"
    -tagged-fields:
      - id: txn_index_empty
        -orig-id: TxnIndexEmpty
        tag: 0
        default: false
        doc: Flag to indicate if the transaction index is empty.
    params:
      - id: version
        type: s2
    seq:
      - id: remote_log_segment_id
        -orig-id: RemoteLogSegmentId
        type: remote_log_segment_metadata_record_remote_log_segment_id_entry(version)
        doc: Unique representation of the remote log segment.
      - id: start_offset
        -orig-id: StartOffset
        type: s8
        doc: Start offset  of the segment.
      - id: end_offset
        -orig-id: EndOffset
        type: s8
        doc: End offset  of the segment.
      - id: broker_id
        -orig-id: BrokerId
        type: s4
        doc: Broker id from which this event is generated.
      - id: max_timestamp_ms
        -orig-id: MaxTimestampMs
        type: s8
        doc: Maximum timestamp in milliseconds with in this segment.
      - id: event_timestamp_ms
        -orig-id: EventTimestampMs
        type: s8
        doc: Epoch time in milliseconds at which this event is generated.
      - id: len_segment_leader_epochs
        type: kafka_protocol_types::array_length(true)
      - id: segment_leader_epochs
        -orig-id: SegmentLeaderEpochs
        type: remote_log_segment_metadata_record_segment_leader_epoch_entry(version)
        repeat: expr
        repeat-expr: "len_segment_leader_epochs.num_items < 0 ? 0 : len_segment_leader_epochs.num_items"
        doc: Leader epoch to start-offset mappings for the records with in this segment.
      - id: segment_size_in_bytes
        -orig-id: SegmentSizeInBytes
        type: s4
        doc: Segment size in bytes.
      - id: custom_metadata
        -orig-id: CustomMetadata
        -nullable: true
        type: kafka_protocol_types::bytes(true)
        doc: Custom metadata.
      - id: remote_log_segment_state
        -orig-id: RemoteLogSegmentState
        type: s1
        doc: State identifier of the remote log segment, which is RemoteLogSegmentState.id().
      - id: tagged_fields
        type: remote_log_segment_metadata_record_tags(version)
  remote_log_segment_metadata_update_record_remote_log_segment_id_entry_topic_id_partition_entry:
    -orig-id: TopicIdPartitionEntry
    -webide-representation: "name {name}, id {id:uuid}, partition {partition:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
        doc: Topic name.
      - id: id
        -orig-id: Id
        size: 16
        doc: Unique identifier of the topic.
      - id: partition
        -orig-id: Partition
        type: s4
        doc: Partition number.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  remote_log_segment_metadata_update_record_remote_log_segment_id_entry:
    -orig-id: RemoteLogSegmentIdEntry
    -webide-representation: "topic id partition {topic_id_partition}, id {id:uuid}"
    params:
      - id: version
        type: s2
    seq:
      - id: topic_id_partition
        -orig-id: TopicIdPartition
        type: remote_log_segment_metadata_update_record_remote_log_segment_id_entry_topic_id_partition_entry(version)
        doc: Represents unique topic partition.
      - id: id
        -orig-id: Id
        size: 16
        doc: Unique identifier of the remote log segment.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  remote_log_segment_metadata_update_record:
    -orig-id: RemoteLogSegmentMetadataUpdateRecord
    -webide-representation: "remote log segment id {remote_log_segment_id}, broker id {broker_id:dec}, event timestamp ms {event_timestamp_ms:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: remote_log_segment_id
        -orig-id: RemoteLogSegmentId
        type: remote_log_segment_metadata_update_record_remote_log_segment_id_entry(version)
        doc: Unique representation of the remote log segment.
      - id: broker_id
        -orig-id: BrokerId
        type: s4
        doc: Broker id from which this event is generated.
      - id: event_timestamp_ms
        -orig-id: EventTimestampMs
        type: s8
        doc: Epoch time in milliseconds at which this event is generated.
      - id: custom_metadata
        -orig-id: CustomMetadata
        -nullable: true
        type: kafka_protocol_types::bytes(true)
        doc: Custom metadata.
      - id: remote_log_segment_state
        -orig-id: RemoteLogSegmentState
        type: s1
        doc: State identifier of the remote log segment, which is RemoteLogSegmentState.id().
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  remote_partition_delete_metadata_record_topic_id_partition_entry:
    -orig-id: TopicIdPartitionEntry
    -webide-representation: "name {name}, id {id:uuid}, partition {partition:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
        doc: Topic name.
      - id: id
        -orig-id: Id
        size: 16
        doc: Unique identifier of the topic.
      - id: partition
        -orig-id: Partition
        type: s4
        doc: Partition number.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  remote_partition_delete_metadata_record:
    -orig-id: RemotePartitionDeleteMetadataRecord
    -webide-representation: "topic id partition {topic_id_partition}, broker id {broker_id:dec}, event timestamp ms {event_timestamp_ms:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: topic_id_partition
        -orig-id: TopicIdPartition
        type: remote_partition_delete_metadata_record_topic_id_partition_entry(version)
        doc: Represents unique topic partition.
      - id: broker_id
        -orig-id: BrokerId
        type: s4
        doc: Broker (controller or leader) id from which this event is created. DELETE_PARTITION_MARKED is sent by the controller. DELETE_PARTITION_STARTED and DELETE_PARTITION_FINISHED are sent by remote log metadata topic partition leader.
      - id: event_timestamp_ms
        -orig-id: EventTimestampMs
        type: s8
        doc: Epoch time in milliseconds at which this event is generated.
      - id: remote_partition_delete_state
        -orig-id: RemotePartitionDeleteState
        type: s1
        doc: Deletion state identifier of the remote partition, which is RemotePartitionDeleteState.id().
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  remote_log_segment_metadata_snapshot_record_segment_leader_epoch_entry:
    -orig-id: SegmentLeaderEpochEntry
    -webide-representation: "leader epoch {leader_epoch:dec}, offset {offset:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: leader_epoch
        -orig-id: LeaderEpoch
        type: s4
        doc: Leader epoch
      - id: offset
        -orig-id: Offset
        type: s8
        doc: Start offset for the leader epoch
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  remote_log_segment_metadata_snapshot_record_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: remote_log_segment_metadata_snapshot_record_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  remote_log_segment_metadata_snapshot_record_tag:
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
            0: remote_log_metadata_tag_u1
  remote_log_segment_metadata_snapshot_record:
    -orig-id: RemoteLogSegmentMetadataSnapshotRecord
    -webide-representation: "segment id {segment_id:uuid}, start offset {start_offset:dec}, end offset {end_offset:dec}"
    -tagged-fields:
      - id: txn_index_empty
        -orig-id: TxnIndexEmpty
        tag: 0
        default: false
        doc: Flag to indicate if the transaction index is empty.
    params:
      - id: version
        type: s2
    seq:
      - id: segment_id
        -orig-id: SegmentId
        size: 16
        doc: Unique identifier of the log segment
      - id: start_offset
        -orig-id: StartOffset
        type: s8
        doc: Start offset  of the segment.
      - id: end_offset
        -orig-id: EndOffset
        type: s8
        doc: End offset  of the segment.
      - id: broker_id
        -orig-id: BrokerId
        type: s4
        doc: Broker (controller or leader) id from which this event is created or updated.
      - id: max_timestamp_ms
        -orig-id: MaxTimestampMs
        type: s8
        doc: Maximum timestamp with in this segment.
      - id: event_timestamp_ms
        -orig-id: EventTimestampMs
        type: s8
        doc: Event timestamp of this segment.
      - id: len_segment_leader_epochs
        type: kafka_protocol_types::array_length(true)
      - id: segment_leader_epochs
        -orig-id: SegmentLeaderEpochs
        type: remote_log_segment_metadata_snapshot_record_segment_leader_epoch_entry(version)
        repeat: expr
        repeat-expr: "len_segment_leader_epochs.num_items < 0 ? 0 : len_segment_leader_epochs.num_items"
        doc: Leader epochs of this segment.
      - id: segment_size_in_bytes
        -orig-id: SegmentSizeInBytes
        type: s4
        doc: Segment size in bytes
      - id: custom_metadata
        -orig-id: CustomMetadata
        -nullable: true
        type: kafka_protocol_types::bytes(true)
        doc: Custom metadata.
      - id: remote_log_segment_state
        -orig-id: RemoteLogSegmentState
        type: s1
        doc: State of the remote log segment
      - id: tagged_fields
        type: remote_log_segment_metadata_snapshot_record_tags(version)
  remote_log_metadata_tag_u1:
    -webide-representation: "{value}"
    doc: A tagged field of Kafka type u1.
    seq:
      - id: value
        type: u1
enums:
  record_type:
    0: remote_log_segment_metadata_record
    1: remote_log_segment_metadata_update_record
    2: remote_partition_delete_metadata_record
    3: remote_log_segment_metadata_snapshot_record
