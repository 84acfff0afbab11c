meta:
  id: kafka_transaction_state_log
  title: Apache Kafka __transaction_state segment, keys and values decoded
  file-extension:
    - log
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_internal_records
  endian: be
doc: |
  A segment of `__transaction_state`, read as `kafka_log` reads any segment, with one more
  node per entry: `records`, the records of an uncompressed, non-control batch with their keys
  and values decoded (`kafka_internal_records`). In the Web IDE, open an entry and its
  `records`: no saving and re-uploading of each key and value. The records are the same bytes
  as `entry.body.records`, read again (the hex view keeps showing the first reading); the
  records of a compressed batch stay raw bytes.
seq:
  - id: entries
    type: kafka_internal_records::internal_log_entry(kafka_internal_records::internal_topic::transaction_state)
    repeat: until
    repeat-until: _io.eof or not _.entry.is_complete
    if: not _io.eof
