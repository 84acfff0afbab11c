meta:
  id: kafka_offset_index
  title: Apache Kafka offset index (.index)
  file-extension: index
  license: Apache-2.0
  ks-version: '0.11'
  endian: be
doc: |
  The sparse offset index beside each segment (`<base offset>.index`): about one entry per
  `index.interval.bytes` (4 KiB) of log, each mapping an offset to the byte position of the batch
  that holds it. Offsets are stored relative to the segment's base offset, which only the file
  name tells. An entry points at the start of a batch and its offset is that batch's last offset;
  brokers before KAFKA-806 (Kafka 4.0) could write, for a multi-batch append, the last offset of
  the whole append with the position of its first batch.

  The index of the active segment is preallocated (10 MiB by default) and zero-filled; it is
  trimmed when the segment rolls. Readers stop at the first entry after slot 0 whose relative
  offset is 0. A length that is not a multiple of 8 leaves a partial entry in `leftover`.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/OffsetIndex.java
  - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/AbstractIndex.java
seq:
  - id: entries
    type: offset_index_entry
    repeat: expr
    repeat-expr: _io.size / 8
  - id: leftover
    size-eos: true
types:
  offset_index_entry:
    seq:
      - id: relative_offset
        -orig-id: relativeOffset
        type: s4
      - id: position
        -orig-id: physical
        type: s4
        doc: Byte position of the batch in the `.log` file.
