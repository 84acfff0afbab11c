meta:
  id: kafka_log
  title: Apache Kafka log segment (.log) or KRaft snapshot (.checkpoint)
  file-extension:
    - log
    - checkpoint
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_record_batch
    - kafka_message_set
  endian: be
doc: |
  A Kafka log segment, `<base offset, 20 digits>.log` in a `<topic>-<partition>` directory, is the
  batches of that partition appended back to back, nothing before or after them. A KRaft metadata
  snapshot (`<offset>-<epoch>.checkpoint`, `bootstrap.checkpoint`) has the same layout. A segment
  written over the years can mix message formats, so each entry is dispatched on its magic byte,
  which every format keeps at entry offset 16: v2 record batches (`kafka_record_batch`) and legacy
  v0/v1 messages (`kafka_message_set::entry`). An entry with another magic stays raw bytes.

  Every entry starts with an 8-byte offset and a 4-byte length of the rest. As in Kafka's own
  reader (FileLogInputStream), an entry is read only when more than 17 bytes remain, its length is
  at least 14 (the smallest v0 message) and the whole entry is in the file. Whatever follows the
  last such entry is `leftover`: a batch cut short by a crash mid-write, or the zero-filled tail of
  a preallocated segment. Kafka reports the former as "invalid bytes at the end" and throws on the
  latter; here the file stays readable either way. `entries` is absent when the file holds no
  complete entry.

  Keep files small in the Web IDE: it struggles with more than a few MiB.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/FileLogInputStream.java nextBatch
  - https://kafka.apache.org/39/documentation/#log
seq:
  - id: entries
    type: entry(_io.pos)
    repeat: until
    repeat-until: not _.next_fits
    if: first_fits
  - id: leftover
    size-eos: true
    doc: Bytes after the last complete entry; empty in a healthy segment.
instances:
  len_first:
    pos: 8
    type: s4
    if: _io.size >= 18
  first_fits:
    value: _io.size >= 18 and len_first >= 14 and _io.size >= 12 + len_first
types:
  entry:
    params:
      - id: ofs_entry
        type: u8
        doc: Position of the entry in the file.
    seq:
      - id: body
        size: 12 + len_body
        type:
          switch-on: magic
          cases:
            0: kafka_message_set::entry
            1: kafka_message_set::entry
            2: kafka_record_batch
    instances:
      len_body:
        pos: ofs_entry + 8
        type: s4
      magic:
        pos: ofs_entry + 16
        type: s1
      ofs_next:
        value: ofs_entry + 12 + len_body
      len_next:
        pos: ofs_next + 8
        type: s4
        if: _io.size - ofs_next >= 18
      next_fits:
        value: _io.size - ofs_next >= 18 and len_next >= 14 and _io.size - ofs_next >= 12 + len_next
