meta:
  id: kafka_internal_records
  title: Apache Kafka records of the internal topics, keys and values decoded
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_log
    - kafka_record_batch
    - kafka_varint
    - kafka_record_header
    - kafka_consumer_offsets_key
    - kafka_offset_commit_value
    - kafka_group_metadata_value
    - kafka_transaction_log_key
    - kafka_transaction_log_value
    - kafka_metadata_record
    - kafka_group_coordinator_records
    - kafka_share_coordinator_records
    - kafka_remote_log_metadata_record
  endian: be
doc: |
  The records of an uncompressed v2 batch of an internal topic, with their keys and values parsed
  by the specs of that topic: `__consumer_offsets` (group coordinator; the records of consumer,
  share and streams groups of Kafka 4.x too), `__transaction_state` (transaction coordinator),
  `__cluster_metadata` (KRaft controller; its snapshots, the `.checkpoint` files, too),
  `__share_group_state` (share coordinator) and `__remote_log_metadata` (tiered storage). The layout is `kafka_record`'s; only the key and value get a type,
  chosen by `topic` (and, in `__consumer_offsets`, by the key's record type). Like
  `kafka_protocol_types`, this file is a collection of types: the top-level type reads nothing.
  The top-level specs `kafka_consumer_offsets_log`, `kafka_transaction_state_log`,
  `kafka_cluster_metadata_log`, `kafka_share_group_state_log` and `kafka_remote_log_metadata_log`
  use it for a whole segment.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/DefaultRecord.java
types:
  internal_log_entry:
    doc: |
      One `kafka_log` entry of an internal topic's segment, and the decoded records of its batch
      when the batch is an uncompressed, non-control v2 batch (the records are the bytes of
      `entry.body.records`, read again: the hex view keeps showing the first reading).
    -webide-representation: '{entry}'
    params:
      - id: topic
        type: u1
        enum: internal_topic
    seq:
      - id: entry
        type: kafka_log::log_entry(_io.pos)
    instances:
      records:
        io: entry.body.as<kafka_record_batch>._io
        # 61: the size of the v2 batch header, where the records start (RECORDS_OFFSET)
        pos: 61
        type: internal_records(topic)
        if: >-
          entry.is_complete and entry.magic == 2
          and entry.body.as<kafka_record_batch>.compression == kafka_record_batch::compression_type::none
          and not entry.body.as<kafka_record_batch>.is_control
  internal_records:
    doc: The records of one batch, from the end of its 61-byte header to the end of the batch.
    params:
      - id: topic
        type: u1
        enum: internal_topic
    seq:
      - id: records
        type: internal_record(topic)
        repeat: eos
  internal_record:
    doc: |
      A record as `kafka_record` reads it, its key and value parsed as the topic's records. A
      null value is a tombstone: the group, offset or transaction was deleted.
    -webide-representation: 'offset +{offset_delta}: {key} = {value}'
    params:
      - id: topic
        type: u1
        enum: internal_topic
    seq:
      - id: len_record
        type: kafka_varint
      - id: attributes
        type: s1
      - id: timestamp_delta
        type: kafka_varint
      - id: offset_delta
        type: kafka_varint
      - id: len_key
        type: kafka_varint
      - id: key
        size: len_key.value
        type:
          switch-on: topic
          cases:
            internal_topic::consumer_offsets: kafka_consumer_offsets_key
            internal_topic::transaction_state: kafka_transaction_log_key
            internal_topic::share_group_state: kafka_share_coordinator_records
        if: len_key.value >= 0
        doc: Raw bytes in `__cluster_metadata` and `__remote_log_metadata`, whose records have no key.
      - id: len_value
        type: kafka_varint
      - id: value
        size: len_value.value
        type:
          switch-on: value_kind
          cases:
            1: kafka_offset_commit_value
            2: kafka_group_metadata_value
            3: kafka_transaction_log_value
            4: kafka_metadata_record
            5: kafka_remote_log_metadata_record
            103: kafka_group_coordinator_records::consumer_group_metadata_value
            104: kafka_group_coordinator_records::consumer_group_partition_metadata_value
            105: kafka_group_coordinator_records::consumer_group_member_metadata_value
            106: kafka_group_coordinator_records::consumer_group_target_assignment_metadata_value
            107: kafka_group_coordinator_records::consumer_group_target_assignment_member_value
            108: kafka_group_coordinator_records::consumer_group_current_member_assignment_value
            110: kafka_group_coordinator_records::share_group_member_metadata_value
            111: kafka_group_coordinator_records::share_group_metadata_value
            112: kafka_group_coordinator_records::share_group_target_assignment_metadata_value
            113: kafka_group_coordinator_records::share_group_target_assignment_member_value
            114: kafka_group_coordinator_records::share_group_current_member_assignment_value
            115: kafka_group_coordinator_records::share_group_state_partition_metadata_value
            116: kafka_group_coordinator_records::consumer_group_regular_expression_value
            117: kafka_group_coordinator_records::streams_group_metadata_value
            119: kafka_group_coordinator_records::streams_group_member_metadata_value
            120: kafka_group_coordinator_records::streams_group_target_assignment_metadata_value
            121: kafka_group_coordinator_records::streams_group_target_assignment_member_value
            122: kafka_group_coordinator_records::streams_group_current_member_assignment_value
            123: kafka_group_coordinator_records::streams_group_topology_value
            200: kafka_share_coordinator_records::share_snapshot_value
            201: kafka_share_coordinator_records::share_update_value
        if: len_value.value >= 0
      - id: num_headers
        type: kafka_varint
      - id: headers
        type: kafka_record_header
        repeat: expr
        repeat-expr: num_headers.value
    instances:
      value_kind:
        value: >-
          topic == internal_topic::transaction_state ? 3 : topic == internal_topic::cluster_metadata ? 4
          : topic == internal_topic::remote_log_metadata ? 5
          : len_key.value < 2 ? 0
          : topic == internal_topic::share_group_state
          ? 200 + key.as<kafka_share_coordinator_records>.record_type.to_i
          : key.as<kafka_consumer_offsets_key>.record_type.to_i < 2 ? 1
          : key.as<kafka_consumer_offsets_key>.record_type.to_i == 2 ? 2
          : 100 + key.as<kafka_consumer_offsets_key>.record_type.to_i
        doc: |
          Which spec reads the value: in `__consumer_offsets` the key's record type tells (0 and 1
          an offset commit, 2 group metadata, 100 + the type for the records of consumer, share
          and streams groups), in `__share_group_state` 200 + the type; 0 when it cannot.
enums:
  internal_topic:
    1: consumer_offsets
    2: transaction_state
    3: cluster_metadata
    4: share_group_state
    5: remote_log_metadata
