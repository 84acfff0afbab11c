meta:
  id: kafka_time_index
  title: Apache Kafka time index (.timeindex)
  file-extension: timeindex
  license: Apache-2.0
  ks-version: '0.11'
  endian: be
doc: |
  The sparse time index beside each segment (`<base offset>.timeindex`, KIP-33): each entry says
  that the largest timestamp seen up to a batch is `timestamp`, and that batch's last offset is
  `relative_offset` after the segment's base offset (known from the file name). Timestamps only
  grow along the file. Like the offset index, the active segment's file is preallocated and
  zero-filled; readers stop at the first entry after slot 0 whose relative offset is 0. A length
  that is not a multiple of 12 leaves a partial entry in `leftover`.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/TimeIndex.java
seq:
  - id: entries
    type: time_index_entry
    repeat: expr
    repeat-expr: _io.size / 12
  - id: leftover
    size-eos: true
types:
  time_index_entry:
    seq:
      - id: timestamp
        type: s8
        doc: Milliseconds since the epoch.
      - id: relative_offset
        -orig-id: relativeOffset
        type: s4
