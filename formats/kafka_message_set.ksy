meta:
  id: kafka_message_set
  title: Apache Kafka legacy message set (message format v0 and v1)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_message
  endian: be
doc: |
  A sequence of legacy messages, each preceded by its offset and size: the content of a `.log`
  segment written in message format v0 or v1, and of the decompressed value of a compressed
  wrapper message. A `.log` file that may mix formats is better read with `kafka_log`.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/AbstractLegacyRecordBatch.java
  - https://kafka.apache.org/39/documentation/#messageset
seq:
  - id: entries
    type: legacy_entry
    repeat: eos
types:
  legacy_entry:
    -webide-representation: 'offset {offset:dec}: {message}'
    doc: 'One message with the offset and size in front of it.'
    seq:
      - id: offset
        type: s8
        doc: |
          The message's offset. In a compressed v1 wrapper's inner set it is relative (0, 1, ...,
          with gaps after compaction); the wrapper holds the absolute offset of the last inner one.
      - id: len_message
        -orig-id: messageSize
        type: s4
      - id: message
        size: len_message
        type: kafka_message
