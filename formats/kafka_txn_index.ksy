meta:
  id: kafka_txn_index
  title: Apache Kafka transaction index (.txnindex)
  file-extension: txnindex
  license: Apache-2.0
  ks-version: '0.11'
  endian: be
doc: |
  The aborted transactions whose ABORT marker landed in a segment (KIP-98). A read_committed
  consumer uses it to skip their records. The file exists only for segments that saw an aborted
  transaction and is never preallocated; a partial trailing entry is ignored by Kafka and left in
  `leftover` here.

  Quirk: Kafka reads the version of an entry as a single byte (the high byte of the int16), and
  that byte is what `kafka-dump-log` prints and checks.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/TransactionIndex.java
  - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/AbortedTxn.java
seq:
  - id: entries
    type: aborted_txn
    repeat: expr
    repeat-expr: _io.size / 34
  - id: leftover
    size-eos: true
types:
  aborted_txn:
    -webide-representation: 'producer {producer_id:dec}: offsets {first_offset:dec}..{last_offset:dec}'
    doc: |
      One aborted transaction: its producer, first offset, the offset of its ABORT marker, and the
      last stable offset then.
    -orig-id: AbortedTxn
    seq:
      - id: version
        type: s2
        doc: 0.
      - id: producer_id
        -orig-id: producerId
        type: s8
      - id: first_offset
        -orig-id: firstOffset
        type: s8
        doc: The first offset of the transaction.
      - id: last_offset
        -orig-id: lastOffset
        type: s8
        doc: The offset of the ABORT marker.
      - id: last_stable_offset
        -orig-id: lastStableOffset
        type: s8
