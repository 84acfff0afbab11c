meta:
  id: kafka_transaction_log_key
  title: Apache Kafka __transaction_state record key (TransactionLogKey)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_protocol_types
  endian: be
doc: |
  The key of a record of `__transaction_state`, the compacted internal topic where the
  transaction coordinator (a broker) persists the state of every transactional producer (KIP-98):
  one record per state change of a `transactional.id`, the last one per key being the current
  state. A transactional id lives in partition `abs(transactionalId.hashCode) %
  transaction.state.log.num.partitions`. A null value (tombstone) is written when the id expires.

  An int16 version (only 0 exists), then the transactional id as a classic string. The value is
  `kafka_transaction_log_value`. The body of an unknown version stays raw bytes; kafka-dump-log
  prints such a key as `unknown::version=N`.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/transaction-coordinator/src/main/resources/common/message/TransactionLogKey.json
  - https://github.com/apache/kafka/blob/3.9.0/core/src/main/scala/kafka/coordinator/transaction/TransactionLog.scala readTxnRecordKey
-webide-representation: '{key}'
seq:
  - id: version
    type: s2
  - id: key
    size-eos: true
    type:
      switch-on: version
      cases:
        0: transaction_log_key
types:
  transaction_log_key:
    -webide-representation: '{transactional_id}'
    doc: 'The transactional id.'
    -orig-id: TransactionLogKey
    seq:
      - id: transactional_id
        -orig-id: TransactionalId
        type: kafka_protocol_types::string(false)
