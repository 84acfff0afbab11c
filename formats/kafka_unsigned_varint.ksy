meta:
  id: kafka_unsigned_varint
  title: Apache Kafka unsigned variable-length integer (UNSIGNED_VARINT of flexible messages)
  license: Apache-2.0
  ks-version: '0.11'
  endian: be
doc: |
  The unsigned varint of Kafka's flexible "data" messages (KIP-482): compact string, bytes and
  array lengths (length + 1, 0 for null), tagged-field counts, tags and their lengths, and the
  frame version, api key and version in front of every KRaft metadata record. The groups are
  those of `kafka_varint` (7 bits each, least significant first, high bit set when another byte
  follows) without ZigZag, so `value` is the number as Kafka reads it.

  It is a type of its own, not a second value of `kafka_varint`, so that the Web IDE shows one
  right `value` per field (a signed reading of these bytes means nothing). The groups are flat
  fields for the reason `kafka_varint` gives (one object per integer keeps the generated parsers
  fast), and the value uses arithmetic rather than 32-bit shifts, so the Web IDE shows every value
  below 2^53 exactly. Kafka allows at most 5 groups here; like `kafka_varint` this type reads up
  to 10 and rejects an 11th.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/utils/ByteUtils.java readUnsignedVarint
-webide-representation: '{value:dec}'
seq:
  - id: b0
    type: u1
  - id: b1
    type: u1
    if: b0 >= 128
  - id: b2
    type: u1
    if: b0 >= 128 and b1 >= 128
  - id: b3
    type: u1
    if: b0 >= 128 and b1 >= 128 and b2 >= 128
  - id: b4
    type: u1
    if: b0 >= 128 and b1 >= 128 and b2 >= 128 and b3 >= 128
  - id: b5
    type: u1
    if: b0 >= 128 and b1 >= 128 and b2 >= 128 and b3 >= 128 and b4 >= 128
  - id: b6
    type: u1
    if: b0 >= 128 and b1 >= 128 and b2 >= 128 and b3 >= 128 and b4 >= 128 and b5 >= 128
  - id: b7
    type: u1
    if: b0 >= 128 and b1 >= 128 and b2 >= 128 and b3 >= 128 and b4 >= 128 and b5 >= 128 and b6 >= 128
  - id: b8
    type: u1
    if: >-
      b0 >= 128 and b1 >= 128 and b2 >= 128 and b3 >= 128 and b4 >= 128 and b5 >= 128 and b6 >= 128
      and b7 >= 128
  - id: b9
    type: u1
    if: >-
      b0 >= 128 and b1 >= 128 and b2 >= 128 and b3 >= 128 and b4 >= 128 and b5 >= 128 and b6 >= 128
      and b7 >= 128 and b8 >= 128
    valid:
      max: 127
    doc: The tenth group may not announce an eleventh.
instances:
  value:
    value: >-
      b0 % 128 + (b0 >= 128 ? 128 * (b1 % 128 + (b1 >= 128 ? 128 * (b2 % 128 + (b2 >= 128 ? 128 *
      (b3 % 128 + (b3 >= 128 ? 128 * (b4 % 128 + (b4 >= 128 ? 128 * (b5 % 128 + (b5 >= 128 ? 128 *
      (b6 % 128 + (b6 >= 128 ? 128 * (b7 % 128 + (b7 >= 128 ? 128 * (b8 % 128 + (b8 >= 128 ? 128 *
      (b9 % 128) : 0)) : 0)) : 0)) : 0)) : 0)) : 0)) : 0)) : 0)) : 0)
    doc: The groups read as an unsigned number.
