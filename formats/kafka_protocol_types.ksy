meta:
  id: kafka_protocol_types
  title: Apache Kafka message field types (strings, bytes, arrays, tagged fields), classic and flexible
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_unsigned_varint
  endian: be
doc: |
  The field encodings shared by Kafka's generated "data" messages: the records of the internal
  topics `__consumer_offsets`, `__transaction_state` and `__cluster_metadata` are such messages,
  written by the group coordinator, the transaction coordinator and the KRaft controller.

  A message version is either classic or flexible (KIP-482; the schema's `flexibleVersions`):

  * classic: a string is an int16 length and UTF-8 bytes, bytes have an int32 length, an array an
    int32 element count; -1 stands for null in all three.
  * flexible: the same lengths as an unsigned varint holding length + 1, so 0 is null ("compact"
    strings, bytes and arrays), and every structure ends with a tagged-field section (`tagged_fields`).

  The types here take a `flexible` parameter and read either form; `len_value` / `num_items` is
  the decoded length (-1 for null) in both cases. Like Kafka's own `Type` class this file is a
  collection of types: the top-level type reads nothing. `tagged_fields` keeps each tagged field
  as tag, length and raw bytes, which is how Kafka itself keeps tags it does not know; specs that
  know some tags of a structure decode them with a switch of their own. `kafka_control_record`
  uses them for the flexible KRaft control records.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/protocol/types/Type.java STRING, COMPACT_STRING, BYTES, COMPACT_BYTES, UUID
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/protocol/ByteBufferAccessor.java
  - https://cwiki.apache.org/confluence/display/KAFKA/KIP-482%3A+The+Kafka+Protocol+should+Support+Optional+Tagged+Fields KIP-482, the flexible encoding
types:
  string:
    -webide-representation: '{value}'
    doc: STRING / NULLABLE_STRING (classic) or COMPACT_STRING / COMPACT_NULLABLE_STRING (flexible).
    params:
      - id: flexible
        type: bool
    seq:
      - id: len_classic
        type: s2
        if: not flexible
      - id: len_compact
        type: kafka_unsigned_varint
        if: flexible
        doc: Length + 1; 0 is null.
      - id: value
        size: len_value
        type: str
        encoding: UTF-8
        if: len_value >= 0
    instances:
      len_value:
        value: 'flexible ? len_compact.value - 1 : len_classic'
        doc: Length in bytes, -1 for null.
  bytes:
    -webide-representation: '{len_value:dec} bytes'
    doc: BYTES / NULLABLE_BYTES (int32 length) or COMPACT_BYTES (flexible).
    params:
      - id: flexible
        type: bool
    seq:
      - id: len_classic
        type: s4
        if: not flexible
      - id: len_compact
        type: kafka_unsigned_varint
        if: flexible
      - id: value
        size: len_value
        if: len_value >= 0
    instances:
      len_value:
        value: 'flexible ? len_compact.value - 1 : len_classic'
        doc: Length in bytes, -1 for null.
  array_length:
    -webide-representation: '{num_items:dec}'
    doc: |
      The element count in front of an array: int32 (classic) or unsigned varint count + 1
      (flexible, COMPACT_ARRAY). -1 is a null array.
    params:
      - id: flexible
        type: bool
    seq:
      - id: num_classic
        type: s4
        if: not flexible
      - id: num_compact
        type: kafka_unsigned_varint
        if: flexible
    instances:
      num_items:
        value: 'flexible ? num_compact.value - 1 : num_classic'
  string_array:
    -webide-representation: '{items}'
    doc: An array of strings (`[]string`).
    params:
      - id: flexible
        type: bool
    seq:
      - id: len_items
        type: array_length(flexible)
      - id: items
        type: string(flexible)
        repeat: expr
        repeat-expr: 'len_items.num_items < 0 ? 0 : len_items.num_items'
  int32_array:
    -webide-representation: '{len_items} items'
    doc: An array of int32 (`[]int32`).
    params:
      - id: flexible
        type: bool
    seq:
      - id: len_items
        type: array_length(flexible)
      - id: items
        type: s4
        repeat: expr
        repeat-expr: 'len_items.num_items < 0 ? 0 : len_items.num_items'
  uuid_array:
    -webide-representation: '{len_items} UUIDs'
    doc: An array of UUIDs (`[]uuid`), 16 bytes each.
    params:
      - id: flexible
        type: bool
    seq:
      - id: len_items
        type: array_length(flexible)
      - id: items
        size: 16
        repeat: expr
        repeat-expr: 'len_items.num_items < 0 ? 0 : len_items.num_items'
  tagged_fields:
    -webide-representation: '{num_fields} tagged fields'
    doc: The tagged-field section that ends every structure of a flexible message (KIP-482).
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: tagged_field
        repeat: expr
        repeat-expr: num_fields.value
  tagged_field:
    -webide-representation: 'tag {tag}, {len_data} bytes'
    doc: Tags are unsigned varints in increasing order; each is followed by its data's length.
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
