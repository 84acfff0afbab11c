meta:
  id: kafka_transaction_log_value
  title: Apache Kafka __transaction_state record value (TransactionLogValue v0-v1, with KIP-890 tags)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_unsigned_varint
    - kafka_protocol_types
  endian: be
doc: |
  The value of a `__transaction_state` record (key: `kafka_transaction_log_key`): the state of one
  transactional id as its transaction coordinator last wrote it: producer id and epoch, the
  transaction timeout, the state (Ongoing, PrepareCommit, CompleteCommit, ...), the partitions of
  the open transaction grouped by topic, and when the transaction started and was last updated.

  An int16 version first: 0 is classic; 1 is the first flexible version (KIP-915: compact
  strings and arrays, tagged-field sections), written only once the `transaction.version` feature
  is 1 or more (KIP-890). The partition list is null (-1) in the Empty state.

  Transaction protocol v2 (KIP-890, `transaction.version` 2, Kafka 4.0+) adds tagged fields to
  version 1: the producer id of the last committed transaction, the next producer id and epoch
  the coordinator handed out (the epoch is bumped on every transaction; when it would overflow,
  a new producer id takes over), and the transaction version the client uses. They are decoded
  with `transaction_log_tags` (named in `-tagged-fields`, with their defaults: Kafka writes a
  tag only when it differs); unknown tags stay raw. The body of an unknown version stays raw
  bytes, so a reader can report it rather than fail.
doc-ref:
  - https://github.com/apache/kafka/blob/4.3.1/transaction-coordinator/src/main/resources/common/message/TransactionLogValue.json the tagged fields of version 1 (4.0+)
  - https://github.com/apache/kafka/blob/3.9.0/transaction-coordinator/src/main/resources/common/message/TransactionLogValue.json
  - https://github.com/apache/kafka/blob/3.9.0/core/src/main/scala/kafka/coordinator/transaction/TransactionLog.scala valueToBytes, readTxnRecordValue
  - https://github.com/apache/kafka/blob/3.9.0/core/src/main/scala/kafka/coordinator/transaction/TransactionMetadata.scala TransactionState ids
-webide-representation: 'v{version:dec}: {data}'
seq:
  - id: version
    type: s2
  - id: data
    size-eos: true
    type:
      switch-on: version
      cases:
        0: transaction_log_body(false)
        1: transaction_log_body(true)
types:
  transaction_log_body:
    -webide-representation: 'producer {producer_id:dec} epoch {producer_epoch:dec}, status {transaction_status:dec}, {len_transaction_partitions} partitions'
    doc: 'A transaction''s state as the coordinator last wrote it.'
    -orig-id: TransactionLogValue
    -tagged-fields:
      - id: previous_producer_id
        -orig-id: PreviousProducerId
        tag: 0
        if: version >= 1
        default: -1
        after: producer_id
      - id: next_producer_id
        -orig-id: NextProducerId
        tag: 1
        if: version >= 1
        default: -1
        after: producer_id
      - id: next_producer_epoch
        -orig-id: NextProducerEpoch
        tag: 3
        if: version >= 1
        default: -1
        after: producer_epoch
      - id: client_transaction_version
        -orig-id: ClientTransactionVersion
        tag: 2
        if: version >= 1
        default: 0
    params:
      - id: flexible
        type: bool
    seq:
      - id: producer_id
        -orig-id: ProducerId
        type: s8
      - id: producer_epoch
        -orig-id: ProducerEpoch
        type: s2
      - id: transaction_timeout_ms
        -orig-id: TransactionTimeoutMs
        type: s4
      - id: transaction_status
        -orig-id: TransactionStatus
        type: s1
        enum: transaction_state
      - id: len_transaction_partitions
        type: kafka_protocol_types::array_length(flexible)
        doc: -1 (null) in the Empty state.
      - id: transaction_partitions
        -orig-id: TransactionPartitions
        -nullable: true
        type: partitions_schema(flexible)
        repeat: expr
        repeat-expr: 'len_transaction_partitions.num_items < 0 ? 0 : len_transaction_partitions.num_items'
      - id: transaction_last_update_timestamp_ms
        -orig-id: TransactionLastUpdateTimestampMs
        type: s8
      - id: transaction_start_timestamp_ms
        -orig-id: TransactionStartTimestampMs
        type: s8
      - id: tagged_fields
        type: transaction_log_tags
        if: flexible
  partitions_schema:
    -webide-representation: '{topic}: {partition_ids}'
    doc: 'A topic and the partitions of it in the transaction.'
    -orig-id: PartitionsSchema
    params:
      - id: flexible
        type: bool
    seq:
      - id: topic
        -orig-id: Topic
        type: kafka_protocol_types::string(flexible)
      - id: partition_ids
        -orig-id: PartitionIds
        type: kafka_protocol_types::int32_array(flexible)
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
        if: flexible
  transaction_log_tags:
    -webide-representation: '{num_fields} tagged fields'
    doc: The tagged-field section of a version 1 value, with the tags of KIP-890 decoded.
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: transaction_log_tag
        repeat: expr
        repeat-expr: num_fields.value
  transaction_log_tag:
    -webide-representation: 'tag {tag}: {data}'
    doc: One tagged field; tags 0 and 1 are int64 producer ids, 2 and 3 int16.
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
            0: transaction_log_tag_s8
            1: transaction_log_tag_s8
            2: transaction_log_tag_s2
            3: transaction_log_tag_s2
  transaction_log_tag_s8:
    -webide-representation: '{value:dec}'
    doc: An int64 tagged field.
    seq:
      - id: value
        type: s8
  transaction_log_tag_s2:
    -webide-representation: '{value:dec}'
    doc: An int16 tagged field.
    seq:
      - id: value
        type: s2
enums:
  transaction_state:
    0: empty
    1: ongoing
    2: prepare_commit
    3: prepare_abort
    4: complete_commit
    5: complete_abort
    6: dead
    7: prepare_epoch_fence
