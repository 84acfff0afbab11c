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
  v0/v1 messages (`kafka_message_set::legacy_entry`). An entry with another magic stays raw bytes.

  Every entry starts with an 8-byte offset and a 4-byte length of the rest. As in Kafka's own
  reader (FileLogInputStream), an entry is read only when more than 17 bytes remain, its length is
  at least 14 (the smallest v0 message) and the whole entry is in the file (`is_complete`).
  Whatever follows the last such entry is the `leftover` of one last, incomplete entry: a batch
  cut short by a crash mid-write, or the zero-filled tail of a preallocated segment. Kafka reports
  the former as "invalid bytes at the end" and throws on the latter; here the file stays readable
  either way. `entries` is absent only in an empty file.

  In the Web IDE every byte of a healthy segment belongs to one leaf of the tree, in file order.
  Compressed batches keep their records as raw bytes (`records_compressed`); the IDE cannot
  decompress them. It slows down on files of more than a few MiB: see the README's "Web IDE"
  section for load times, and for reading big files with the generated parsers one entry at a
  time.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/FileLogInputStream.java nextBatch
  - https://kafka.apache.org/39/documentation/#log
seq:
  - id: entries
    type: log_entry(_io.pos)
    repeat: until
    repeat-until: _io.eof or not _.is_complete
    if: not _io.eof
types:
  log_entry:
    doc: |
      One entry: a whole batch or legacy message when `is_complete`, else the bytes from here to
      the end of the file (`leftover`), which only the last entry of a file can have. The entry
      decides this from its own bytes (`len_body` and `magic` are read where `body` shows them
      again) and from the size of the file, never from the next entry: that keeps each byte in one
      field of the tree, which is what the Web IDE needs to map its hex view to the tree.
    -webide-representation: '{body}{note}'
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
            0: kafka_message_set::legacy_entry
            1: kafka_message_set::legacy_entry
            2: kafka_record_batch
        if: is_complete
        doc: The batch or message, from its offset on; raw bytes for an unknown magic.
      - id: leftover
        size-eos: true
        if: not is_complete
        doc: |
          Bytes after the last complete entry: a batch cut short by a crash mid-write, or the
          zero-filled tail of a preallocated segment. Absent in a healthy segment.
    instances:
      offset:
        pos: ofs_entry
        type: s8
        if: _io.size - ofs_entry >= 8
        doc: |
          The entry's offset field (a batch's base offset, a legacy message's own offset), also
          shown in `body`.
      len_body:
        pos: ofs_entry + 8
        type: s4
        if: _io.size - ofs_entry >= 12
        doc: The entry's length field (bytes after it), also shown in `body`.
      magic:
        pos: ofs_entry + 16
        type: s1
        if: is_complete
        doc: The magic byte, at the same place in every format, also shown in `body`.
      is_complete:
        value: >-
          _io.size - ofs_entry >= 18 and len_body >= 14
          and _io.size - ofs_entry >= 12 + len_body
        doc: |
          Kafka's rule (FileLogInputStream.nextBatch): more than 17 bytes left, a length of at
          least 14 (the smallest v0 message) and the whole entry in the file.
      note:
        value: >-
          is_complete ? "" : "incomplete: " + (_io.size - ofs_entry).to_s
          + " bytes to the end of the file"
        doc: What the tree shows next to an incomplete entry; empty for a complete one.
