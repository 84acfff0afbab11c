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
  zero-filled; readers stop at the first entry after slot 0 whose relative offset is 0, and so
  does `entries`: its last item is that first unused slot (`is_unused`), and `leftover` holds the
  rest as one field (the other unused slots and a partial entry when the length is not a multiple
  of 12).
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/TimeIndex.java
seq:
  - id: entries
    type: time_index_entry(_index)
    repeat: until
    repeat-until: _.is_unused or _io.size - _io.pos < 12
    if: _io.size >= 12
    doc: The entries in use, then the first unused slot (`is_unused`), where readers stop.
  - id: leftover
    size-eos: true
    doc: |
      The unused slots after that one (the zero-filled preallocated tail) and a partial entry:
      what Kafka's readers ignore, as one field.
types:
  time_index_entry:
    -webide-representation: '{timestamp:dec} ms: offset +{relative_offset:dec}'
    doc: |
      One slot: a timestamp and the offset (relative to the base offset) of the batch that reached
      it.
    params:
      - id: slot
        type: u4
        doc: The entry's index in the file.
    seq:
      - id: timestamp
        type: s8
        doc: Milliseconds since the epoch.
      - id: relative_offset
        -orig-id: relativeOffset
        type: s4
    instances:
      is_unused:
        value: slot > 0 and relative_offset == 0
        doc: |
          A zero relative offset after slot 0 marks the first unused slot of a preallocated
          index: Kafka's readers stop here, and so does `entries`.
