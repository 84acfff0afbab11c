meta:
  id: kafka_record_batch
  title: Apache Kafka record batch (message format v2, magic 2)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_record
    - kafka_control_record
  endian: be
doc: |
  The unit in which Kafka 0.11 and later stores and ships records (KIP-98): a 61-byte header and
  the records, compressed as a whole when the batch is compressed. A `.log` segment is a sequence
  of these (see `kafka_log`).

  `len_batch` counts the bytes after itself, so the batch takes `12 + len_batch` bytes. The CRC is
  a CRC-32C (Castagnoli) over everything from `attributes` to the end of the batch; it leaves out
  `partition_leader_epoch`, which the broker rewrites without recomputing the CRC. Kaitai cannot
  compute checksums: the Python layer (`kafkaks`) checks it.

  The attributes are kept raw; the instances name their bits. When `has_delete_horizon` is set
  (KIP-534, written by the log cleaner), `base_timestamp` holds the delete horizon in ms instead of
  the first timestamp, and the record timestamp deltas are relative to it. Under LogAppendTime
  every record's timestamp is `max_timestamp`. A batch may hold no record at all (the cleaner keeps
  empty batches to preserve producer state), so never derive the last offset from the count:
  `last_offset` is `base_offset + last_offset_delta`. `base_sequence` is -1 for non-idempotent
  producers.

  Records of an uncompressed batch are parsed here (as `kafka_control_record` in a control batch).
  The records of a compressed batch stay raw bytes in `records_compressed`: the payload is a gzip
  stream, snappy in xerial framing (or raw), an LZ4 frame or zstd frames, which the Kaitai Web IDE
  cannot decompress; the Python layer decompresses them and parses the result with `kafka_record`.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/DefaultRecordBatch.java
  - https://kafka.apache.org/39/documentation/#recordbatch
-webide-representation: 'offsets {base_offset:dec}..{last_offset:dec}, {num_records:dec} records, {compression}'
seq:
  - id: base_offset
    -orig-id: baseOffset
    type: s8
  - id: len_batch
    -orig-id: batchLength
    type: s4
  - id: partition_leader_epoch
    -orig-id: partitionLeaderEpoch
    type: s4
  - id: magic
    type: s1
    valid: 2
  - id: crc
    type: u4
    doc: CRC-32C of the bytes from `attributes` to the end of the batch.
  - id: attributes
    type: s2
    doc: |
      bits 0-2 compression, bit 3 timestamp type, bit 4 transactional, bit 5 control,
      bit 6 delete horizon; the rest unused. An int16, as in Kafka.
  - id: last_offset_delta
    -orig-id: lastOffsetDelta
    type: s4
  - id: base_timestamp
    -orig-id: baseTimestamp
    type: s8
    doc: The first timestamp, or the delete horizon when `has_delete_horizon`; -1 in an empty batch.
  - id: max_timestamp
    -orig-id: maxTimestamp
    type: s8
  - id: producer_id
    -orig-id: producerId
    type: s8
  - id: producer_epoch
    -orig-id: producerEpoch
    type: s2
  - id: base_sequence
    -orig-id: baseSequence
    type: s4
  - id: num_records
    -orig-id: recordsCount
    type: s4
    doc: The number of records, also in a compressed batch.
  - id: records
    type:
      switch-on: is_control
      cases:
        false: kafka_record
        true: kafka_control_record
    repeat: expr
    repeat-expr: num_records
    if: compression == compression_type::none
  - id: records_compressed
    size: len_batch - 49
    if: compression != compression_type::none
    doc: The compressed records, raw (decompressed and parsed by the Python layer).
instances:
  last_offset:
    value: base_offset + last_offset_delta
  compression:
    value: attributes & 7
    enum: compression_type
  timestamp_type:
    value: (attributes & 8) / 8
    enum: timestamp_type
  is_transactional:
    value: (attributes & 16) != 0
  is_control:
    value: (attributes & 32) != 0
  has_delete_horizon:
    -orig-id: hasDeleteHorizonMs
    value: (attributes & 64) != 0
enums:
  compression_type:
    0: none
    1: gzip
    2: snappy
    3: lz4
    4: zstd
  timestamp_type:
    0: create_time
    1: log_append_time
