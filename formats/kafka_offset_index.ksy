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
  offset is 0, and so does `entries`: its last item is that first unused slot (`is_unused`), and
  `leftover` holds the rest of the file as one field (the other unused slots and a partial entry
  when the length is not a multiple of 8). So the Web IDE shows a preallocated index as its
  entries and one tail, not as a million zero entries.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/OffsetIndex.java
  - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/AbstractIndex.java
seq:
  - id: entries
    type: offset_index_entry(_index)
    repeat: until
    repeat-until: _.is_unused or _io.size - _io.pos < 8
    if: _io.size >= 8
    doc: The entries in use, then the first unused slot (`is_unused`), where readers stop.
  - id: leftover
    size-eos: true
    doc: |
      The unused slots after that one (the zero-filled preallocated tail) and a partial entry:
      what Kafka's readers ignore, as one field.
types:
  offset_index_entry:
    -webide-representation: 'offset +{relative_offset:dec} at byte {position:dec}'
    doc: |
      One slot: an offset (relative to the segment's base offset) and the byte position of its
      batch.
    params:
      - id: slot
        type: u4
        doc: The entry's index in the file.
    seq:
      - id: relative_offset
        -orig-id: relativeOffset
        type: s4
      - id: position
        -orig-id: physical
        type: s4
        doc: Byte position of the batch in the `.log` file.
    instances:
      is_unused:
        value: slot > 0 and relative_offset == 0
        doc: |
          A zero relative offset after slot 0 marks the first unused slot of a preallocated
          index: Kafka's readers stop here, and so does `entries`.
