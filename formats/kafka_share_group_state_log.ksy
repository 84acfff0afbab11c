meta:
  id: kafka_share_group_state_log
  title: Apache Kafka __share_group_state segment, keys and values decoded
  file-extension:
    - log
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_internal_records
  endian: be
doc: |
  A segment of `__share_group_state`, read as `kafka_log` reads any segment, with one more node per entry:
  `records`, the records of an uncompressed, non-control batch with their keys and values
  decoded as the share coordinator's records (`kafka_share_coordinator_records`), through `kafka_internal_records`. The records are the same bytes as
  `entry.body.records`, read again (the hex view keeps showing the first reading); the records
  of a compressed batch stay raw bytes.
seq:
  - id: entries
    type: kafka_internal_records::internal_log_entry(kafka_internal_records::internal_topic::share_group_state)
    repeat: until
    repeat-until: _io.eof or not _.entry.is_complete
    if: not _io.eof
