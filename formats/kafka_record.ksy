meta:
  id: kafka_record
  title: Apache Kafka record (message format v2)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_varint
    - kafka_record_header
  endian: be
doc: |
  One record inside a v2 record batch (`kafka_record_batch`). A record stores only deltas against
  its batch: its offset is the batch's base offset plus `offset_delta`, and its timestamp is the
  batch's base timestamp plus `timestamp_delta`, except in a LogAppendTime batch, where every
  record takes the batch's max timestamp (the broker rewrites only the batch header when it applies
  LogAppendTime, so the deltas keep the producer's values).

  Every length is a ZigZag varint; -1 marks a null key or value. `len_record` counts the bytes
  after itself; a reader should check that the fields use exactly that many ("Invalid record
  size" in Kafka). The sequence number of a record is not stored either: it is the batch's base
  sequence plus `offset_delta`, wrapping past 2^31 - 1 to 0.

  Records of a compressed batch are stored back to back in its decompressed payload and parse with
  this same type. The records of a control batch parse as `kafka_control_record`.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/DefaultRecord.java
  - https://kafka.apache.org/39/documentation/#record
-webide-representation: 'offset +{offset_delta}: {key:str} = {value:str}'
seq:
  - id: len_record
    -orig-id: length
    type: kafka_varint
  - id: attributes
    type: s1
    doc: Unused by Kafka, always 0.
  - id: timestamp_delta
    -orig-id: timestampDelta
    type: kafka_varint
    doc: A varlong.
  - id: offset_delta
    -orig-id: offsetDelta
    type: kafka_varint
  - id: len_key
    -orig-id: keyLength
    type: kafka_varint
  - id: key
    size: len_key.value
    if: len_key.value >= 0
    doc: Absent when the key is null (length -1).
  - id: len_value
    -orig-id: valueLen
    type: kafka_varint
  - id: value
    size: len_value.value
    if: len_value.value >= 0
    doc: Absent when the value is null (length -1), as in a tombstone of a compacted topic.
  - id: num_headers
    -orig-id: headersCount
    type: kafka_varint
  - id: headers
    -orig-id: Headers
    type: kafka_record_header
    repeat: expr
    repeat-expr: num_headers.value
