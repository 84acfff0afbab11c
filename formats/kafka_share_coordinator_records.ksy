meta:
  id: kafka_share_coordinator_records
  title: Apache Kafka __share_group_state record key and value (share coordinator, KIP-932)
  license: Apache-2.0
  ks-version: "0.11"
  imports:
    - kafka_unsigned_varint
    - kafka_protocol_types
  endian: be
doc: |
  The records of `__share_group_state`, the compacted internal topic where the share coordinator
  (KIP-932, Kafka 4.0+) keeps the state of each share-partition: which offsets of a
  topic-partition a share group has acknowledged, archived or still has to deliver. The key of a
  snapshot and of an update is the same (group, topic id, partition); a snapshot
  (`ShareSnapshotValue`) holds the whole state, the updates after it (`ShareUpdateValue`) the
  batches whose state changed since. A null value (tombstone) deletes the share-partition's state.

  This spec reads a record's key: an int16 record type (Kafka calls it the key's version:
  0 ShareSnapshotKey, 1 ShareUpdateKey) and the key, never flexible. The value of each type is
  the type of the same name ending in `_value`: an int16 version and the message, chosen by
  version; the body of an unknown record type or version stays raw bytes, for a reader to
  report. Delivery states: 0 available, 2 acknowledged, 4 archived.

  Written from the message schemas of Apache Kafka 4.3.1 (doc-ref) with
  tools/kafka_message_ksy.py; `-orig-id` keeps each field's name in the schema, `-nullable`
  marks the strings, bytes and arrays that may be null (Kafka's reader refuses a null in any
  other), and each struct's `-tagged-fields` the tags it defines (number, first version,
  default).
doc-ref:
  - https://github.com/apache/kafka/blob/4.3.1/share-coordinator/src/main/resources/common/message/ShareSnapshotKey.json
  - https://github.com/apache/kafka/blob/4.3.1/share-coordinator/src/main/resources/common/message/ShareSnapshotValue.json
  - https://github.com/apache/kafka/blob/4.3.1/share-coordinator/src/main/resources/common/message/ShareUpdateKey.json
  - https://github.com/apache/kafka/blob/4.3.1/share-coordinator/src/main/resources/common/message/ShareUpdateValue.json
-webide-representation: "{record_type}: {key}"
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
        record_type::share_snapshot: share_snapshot_key
        record_type::share_update: share_update_key
types:
  share_snapshot_key:
    -orig-id: ShareSnapshotKey
    -webide-representation: "group id {group_id}, topic id {topic_id:uuid}, partition {partition:dec}"
    doc: The key of record type 0 (ShareSnapshotKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
      - id: topic_id
        -orig-id: TopicId
        size: 16
        doc: The topic id.
      - id: partition
        -orig-id: Partition
        type: s4
        doc: The partition index.
  share_snapshot_value_body_state_batch:
    -orig-id: StateBatch
    -webide-representation: "first offset {first_offset:dec}, last offset {last_offset:dec}, delivery state {delivery_state:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: first_offset
        -orig-id: FirstOffset
        type: s8
        doc: The first offset of this state batch.
      - id: last_offset
        -orig-id: LastOffset
        type: s8
        doc: The last offset of this state batch.
      - id: delivery_state
        -orig-id: DeliveryState
        type: s1
        doc: The delivery state - 0:Available,2:Acked,4:Archived.
      - id: delivery_count
        -orig-id: DeliveryCount
        type: s2
        doc: The delivery count.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  share_snapshot_value_body_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: share_snapshot_value_body_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  share_snapshot_value_body_tag:
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
            0: share_coordinator_tag_s4
  share_snapshot_value_body:
    -orig-id: ShareSnapshotValue
    -webide-representation: "snapshot epoch {snapshot_epoch:dec}, state epoch {state_epoch:dec}, leader epoch {leader_epoch:dec}"
    -tagged-fields:
      - id: delivery_complete_count
        -orig-id: DeliveryCompleteCount
        tag: 0
        default: -1
        after: start_offset
        doc: The number of offsets greater than or equal to share-partition start offset for which delivery has been completed.
    params:
      - id: version
        type: s2
    seq:
      - id: snapshot_epoch
        -orig-id: SnapshotEpoch
        type: s4
        doc: The snapshot epoch.
      - id: state_epoch
        -orig-id: StateEpoch
        type: s4
        doc: The state epoch for this share-partition.
      - id: leader_epoch
        -orig-id: LeaderEpoch
        type: s4
        doc: The leader epoch of the share-partition.
      - id: start_offset
        -orig-id: StartOffset
        type: s8
        doc: The share-partition start offset.
      - id: create_timestamp
        -orig-id: CreateTimestamp
        type: s8
        doc: The time at which the state was created.
      - id: write_timestamp
        -orig-id: WriteTimestamp
        type: s8
        doc: The time at which the state was written or rewritten.
      - id: len_state_batches
        type: kafka_protocol_types::array_length(true)
      - id: state_batches
        -orig-id: StateBatches
        type: share_snapshot_value_body_state_batch(version)
        repeat: expr
        repeat-expr: "len_state_batches.num_items < 0 ? 0 : len_state_batches.num_items"
        doc: The state batches.
      - id: tagged_fields
        type: share_snapshot_value_body_tags(version)
  share_snapshot_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 0: an int16 version and ShareSnapshotValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: share_snapshot_value_body(0)
  share_update_key:
    -orig-id: ShareUpdateKey
    -webide-representation: "group id {group_id}, topic id {topic_id:uuid}, partition {partition:dec}"
    doc: The key of record type 1 (ShareUpdateKey).
    seq:
      - id: group_id
        -orig-id: GroupId
        type: kafka_protocol_types::string(false)
        doc: The group id.
      - id: topic_id
        -orig-id: TopicId
        size: 16
        doc: The topic id.
      - id: partition
        -orig-id: Partition
        type: s4
        doc: The partition index.
  share_update_value_body_state_batch:
    -orig-id: StateBatch
    -webide-representation: "first offset {first_offset:dec}, last offset {last_offset:dec}, delivery state {delivery_state:dec}"
    params:
      - id: version
        type: s2
    seq:
      - id: first_offset
        -orig-id: FirstOffset
        type: s8
        doc: The first offset of this state batch.
      - id: last_offset
        -orig-id: LastOffset
        type: s8
        doc: The last offset of this state batch.
      - id: delivery_state
        -orig-id: DeliveryState
        type: s1
        doc: The delivery state - 0:Available,2:Acked,4:Archived.
      - id: delivery_count
        -orig-id: DeliveryCount
        type: s2
        doc: The delivery count.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  share_update_value_body_tags:
    -webide-representation: "{num_fields} tagged fields"
    doc: The tagged-field section, with the tags the schema defines decoded.
    params:
      - id: version
        type: s2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: share_update_value_body_tag(version)
        repeat: expr
        repeat-expr: num_fields.value
  share_update_value_body_tag:
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
            0: share_coordinator_tag_s4
  share_update_value_body:
    -orig-id: ShareUpdateValue
    -webide-representation: "snapshot epoch {snapshot_epoch:dec}, leader epoch {leader_epoch:dec}, start offset {start_offset:dec}"
    -tagged-fields:
      - id: delivery_complete_count
        -orig-id: DeliveryCompleteCount
        tag: 0
        default: -1
        after: start_offset
        doc: The number of offsets greater than or equal to share-partition start offset for which delivery has been completed.
    params:
      - id: version
        type: s2
    seq:
      - id: snapshot_epoch
        -orig-id: SnapshotEpoch
        type: s4
        doc: The snapshot epoch.
      - id: leader_epoch
        -orig-id: LeaderEpoch
        type: s4
        doc: The leader epoch of the share-partition.
      - id: start_offset
        -orig-id: StartOffset
        type: s8
        doc: The share-partition start offset, or -1 if the start offset is not being updated.
      - id: len_state_batches
        type: kafka_protocol_types::array_length(true)
      - id: state_batches
        -orig-id: StateBatches
        type: share_update_value_body_state_batch(version)
        repeat: expr
        repeat-expr: "len_state_batches.num_items < 0 ? 0 : len_state_batches.num_items"
        doc: The state batches that have been updated.
      - id: tagged_fields
        type: share_update_value_body_tags(version)
  share_update_value:
    -webide-representation: "v{version:dec}: {data}"
    doc: "The value of record type 1: an int16 version and ShareUpdateValue (versions 0 to 0)."
    seq:
      - id: version
        type: s2
      - id: data
        size-eos: true
        type:
          switch-on: version
          cases:
            0: share_update_value_body(0)
  share_coordinator_tag_s4:
    -webide-representation: "{value}"
    doc: A tagged field of Kafka type s4.
    seq:
      - id: value
        type: s4
enums:
  record_type:
    0: share_snapshot
    1: share_update
