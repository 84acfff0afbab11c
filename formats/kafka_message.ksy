meta:
  id: kafka_message
  title: Apache Kafka legacy message (message format v0 and v1, magic 0 and 1)
  license: Apache-2.0
  ks-version: '0.11'
  endian: be
doc: |
  One message of the formats Kafka used before 0.11: v0 (Kafka 0.8 to 0.9) and v1 (0.10, which
  added a timestamp, KIP-32). On disk each message is preceded by its offset and size (see
  `kafka_message_set`). Kafka 4.0 no longer writes these formats, but reads them, and old
  segments of compacted topics keep them for years.

  The CRC is a CRC-32 (IEEE, as in zlib), not the CRC-32C of v2, computed over everything from
  `magic` to the end of the message.

  A compressed message is a wrapper: its key is null and its value is a whole message set,
  compressed with gzip, snappy (xerial framing) or LZ4. Kaitai cannot decompress these, so the
  value stays raw bytes; the Python layer decompresses it and parses it with `kafka_message_set`.
  Inner offsets are absolute in v0 and relative to the wrapper in v1 (the wrapper carries the
  absolute offset of its last inner message). zstd never appears in these formats.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/LegacyRecord.java
  - https://kafka.apache.org/39/documentation/#messageset
-webide-representation: '{key:str} = {value:str} ({compression})'
seq:
  - id: crc
    type: u4
    doc: CRC-32 of the bytes from `magic` to the end of the message.
  - id: magic
    type: s1
    valid:
      any-of: [0, 1]
  - id: attributes
    type: u1
    doc: bits 0-2 compression; bit 3 timestamp type (v1 only).
  - id: timestamp
    type: s8
    if: magic >= 1
  - id: len_key
    -orig-id: keyLength
    type: s4
  - id: key
    size: len_key
    if: len_key >= 0
    doc: Absent when the key is null (length -1).
  - id: len_value
    -orig-id: valueLength
    type: s4
  - id: value
    size: len_value
    if: len_value >= 0
    doc: Absent when null. In a compressed wrapper, the compressed inner message set.
instances:
  compression:
    value: attributes & 7
    enum: compression_type
  timestamp_type:
    value: 'magic == 0 ? -1 : (attributes & 8) / 8'
    enum: timestamp_type
enums:
  # The ids of kafka_record_batch::compression_type (zstd, 4, is invalid here). Kept as a copy:
  # kaitai-struct-compiler 0.11 cannot resolve an imported enum on a value instance
  # (kaitai-io/kaitai_struct#857); tests/test_spec_tables.py checks that the two agree.
  compression_type:
    0: none
    1: gzip
    2: snappy
    3: lz4
  timestamp_type:
    -1: no_timestamp_type
    0: create_time
    1: log_append_time
