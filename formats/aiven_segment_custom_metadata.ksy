meta:
  id: aiven_segment_custom_metadata
  title: Aiven tiered storage segment custom metadata (customMetadata of COPY_SEGMENT_FINISHED)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_unsigned_varint
    - kafka_varint
    - kafka_protocol_types
  endian: be
doc: |
  What Aiven's tiered-storage-for-apache-kafka returns from `copyLogSegmentData` when
  `rsm.config.custom.metadata.fields.include` names fields: the broker keeps these bytes in the
  `CustomMetadata` of the segment's `RemoteLogSegmentMetadataUpdateRecord` in state
  COPY_SEGMENT_FINISHED (`__remote_log_metadata`), and hands them back to the plugin when it
  fetches the segment. With no field configured the plugin returns no bytes at all (an empty array,
  not an empty section), which this spec does not read.

  The bytes are a Kafka `Struct` whose schema is one tagged-field section (KIP-482's encoding,
  `kafka_protocol_types::tagged_fields`), the tags fixed by `SegmentCustomMetadataField`: 0
  `remote_size` (VARLONG: the bytes uploaded for the segment, its three objects together), 1
  `object_prefix` (COMPACT_STRING: the key prefix it was uploaded under) and 2 `object_key`
  (COMPACT_STRING: the key's main part, `<topic>-<topic id>/<partition>/<offset>-<segment id>`).
  When fetching, the plugin builds a segment's keys from these before its configuration
  (`ObjectKeyFactory.key(fields, ...)`: the prefix of tag 1, else the configured one, then the main
  part of tag 2, else the one computed from the metadata, then `.` and the suffix), so a segment
  uploaded under an older prefix is still found after the prefix changes.
doc-ref:
  - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/3afb9d7f2e577737b770c623a4d6b6e80e0d5818/core/src/main/java/io/aiven/kafka/tieredstorage/metadata/SegmentCustomMetadataField.java
  - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/7deb35b395b176343c35cbacd0ccd9bce30f724b/core/src/main/java/io/aiven/kafka/tieredstorage/metadata/SegmentCustomMetadataSerde.java
  - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/3afb9d7f2e577737b770c623a4d6b6e80e0d5818/core/src/main/java/io/aiven/kafka/tieredstorage/ObjectKeyFactory.java key(fields, metadata, suffix)
-webide-representation: '{num_fields.value:dec} custom metadata fields'
seq:
  - id: num_fields
    type: kafka_unsigned_varint
  - id: fields
    type: field
    repeat: expr
    repeat-expr: num_fields.value
types:
  field:
    -webide-representation: 'tag {tag.value:dec}, {len_data.value:dec} bytes'
    doc: One tagged field; a tag this spec does not know is kept as its bytes, as Kafka keeps it.
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
        type:
          switch-on: tag.value
          cases:
            0: kafka_varint
            1: kafka_protocol_types::string(true)
            2: kafka_protocol_types::string(true)
    instances:
      kind:
        value: tag.value
        enum: field_kind
enums:
  field_kind:
    0: remote_size
    1: object_prefix
    2: object_key
