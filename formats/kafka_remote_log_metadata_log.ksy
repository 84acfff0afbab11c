meta:
  id: kafka_remote_log_metadata_log
  title: Apache Kafka __remote_log_metadata segment, keys and values decoded
  file-extension:
    - log
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_internal_records
  endian: be
doc: |
  A segment of `__remote_log_metadata`, read as `kafka_log` reads any segment, with one more node per entry:
  `records`, the records of an uncompressed, non-control batch with their keys and values
  decoded as tiered storage's remote log metadata records (`kafka_remote_log_metadata_record`), through `kafka_internal_records`. The records are the same bytes as
  `entry.body.records`, read again (the hex view keeps showing the first reading); the records
  of a compressed batch stay raw bytes.
seq:
  - id: entries
    type: kafka_internal_records::internal_log_entry(kafka_internal_records::internal_topic::remote_log_metadata)
    repeat: until
    repeat-until: _io.eof or not _.entry.is_complete
    if: not _io.eof
