meta:
  id: kafka_producer_snapshot
  title: Apache Kafka producer state snapshot (.snapshot)
  file-extension: snapshot
  license: Apache-2.0
  ks-version: '0.11'
  endian: be
doc: |
  The state of idempotent and transactional producers of a partition at one offset, which the
  broker writes when a segment rolls and on shutdown so that it need not replay the whole log
  (`<offset>.snapshot`, the offset being the next one to be written). One entry per producer: its
  epoch, the last sequence and offset it wrote, and the first offset of its open transaction.

  The CRC is a CRC-32C over everything after the `crc` field. Only version 1 exists.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/resources/message/ProducerSnapshot.json
  - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/ProducerStateManager.java readSnapshot
seq:
  - id: version
    type: s2
    valid: 1
  - id: crc
    type: u4
    doc: CRC-32C of the bytes after this field.
  - id: num_entries
    type: s4
  - id: entries
    -orig-id: ProducerEntries
    type: producer_entry
    repeat: expr
    repeat-expr: num_entries
types:
  producer_entry:
    -webide-representation: 'producer {producer_id:dec} epoch {producer_epoch:dec}: last sequence {last_sequence:dec} at offset {last_offset:dec}'
    doc: 'The state of one producer id at the snapshot''s offset.'
    seq:
      - id: producer_id
        -orig-id: ProducerId
        type: s8
      - id: producer_epoch
        -orig-id: Epoch
        type: s2
      - id: last_sequence
        -orig-id: LastSequence
        type: s4
      - id: last_offset
        -orig-id: LastOffset
        type: s8
      - id: offset_delta
        -orig-id: OffsetDelta
        type: s4
        doc: Last offset minus the first offset of the producer's last batch.
      - id: timestamp
        -orig-id: Timestamp
        type: s8
      - id: coordinator_epoch
        -orig-id: CoordinatorEpoch
        type: s4
      - id: current_txn_first_offset
        -orig-id: CurrentTxnFirstOffset
        type: s8
        doc: First offset of the open transaction, or -1.
