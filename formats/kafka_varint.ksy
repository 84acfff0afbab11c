meta:
  id: kafka_varint
  title: Apache Kafka variable-length integer (zigzag varint and varlong)
  license: Apache-2.0
  ks-version: '0.11'
  endian: be
doc: |
  The variable-length integer of Kafka's message format v2 (record lengths, deltas, key, value and
  header lengths) and of the flexible "data" messages (compact array and string lengths, tagged
  fields; those are unsigned and read as `kafka_unsigned_varint`). The encoding is the one of
  Protocol Buffers: groups of 7 bits, least significant group
  first, the high bit of each byte set when another byte follows.

  Kafka's record fields are *signed* and use ZigZag on top of that (`value`): 0 -> 0, 1 -> -1,
  2 -> 1, 3 -> -2, ... so -1 (a null key or value) is the single byte 0x01. Even the record length
  and the header count are ZigZag-coded. The flexible message encoding uses the same groups without
  ZigZag (`value_unsigned`), for example a compact array of N elements stores N + 1.

  An int32 varint takes at most 5 bytes and an int64 varlong at most 10; Kafka rejects longer ones
  ("Varint is too long"). This type accepts up to 10 groups for both and rejects an 11th.

  The groups are flat fields (`b0` .. `b9`) rather than a repeated group type: one object per
  integer instead of one per byte keeps the generated parsers about twice as fast. The value is
  computed with arithmetic (`* 128`, `% 2`, `/ 2`), never with shifts, because the JavaScript
  generator emits 32-bit shift operators: this way the Kaitai Web IDE shows every value below 2^53
  (all real offsets and millisecond timestamps) exactly.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/utils/ByteUtils.java readVarint, readVarlong, readUnsignedVarint
  - https://protobuf.dev/programming-guides/encoding/#varints Protocol Buffers varints and ZigZag
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
  value_unsigned:
    value: >-
      b0 % 128 + (b0 >= 128 ? 128 * (b1 % 128 + (b1 >= 128 ? 128 * (b2 % 128 + (b2 >= 128 ? 128 *
      (b3 % 128 + (b3 >= 128 ? 128 * (b4 % 128 + (b4 >= 128 ? 128 * (b5 % 128 + (b5 >= 128 ? 128 *
      (b6 % 128 + (b6 >= 128 ? 128 * (b7 % 128 + (b7 >= 128 ? 128 * (b8 % 128 + (b8 >= 128 ? 128 *
      (b9 % 128) : 0)) : 0)) : 0)) : 0)) : 0)) : 0)) : 0)) : 0)) : 0)
    doc: The groups read as an unsigned number (UNSIGNED_VARINT in the flexible message encoding).
  value:
    value: 'value_unsigned % 2 == 0 ? value_unsigned / 2 : -((value_unsigned + 1) / 2)'
    doc: The ZigZag-decoded signed value (Kafka's varint and varlong).
