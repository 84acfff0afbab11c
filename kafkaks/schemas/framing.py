"""Confluent's wire format: what a Schema Registry serializer puts before the encoded payload.

    byte 0      magic, 0
    bytes 1-4   the schema id, a big-endian int32
    (Protobuf)  message indexes: a zigzag varint count, then that many zigzag varints, the path
                of the message type in its ``.proto`` file (``[1, 0]``: the first message declared
                in the second top-level one; which messages count: :mod:`~kafkaks.schemas.protobuf`);
                the count 0 alone stands for ``[0]``, the first one
    then        the Avro binary, JSON text or Protobuf message

(Confluent's "Wire format" documentation; ``AbstractKafkaSchemaSerDe``, ``MessageIndexes`` in
schema-registry's sources.) Serializers of the newer header-based format put the schema's GUID in a
record header instead; kafkaks reads the id-prefixed format.
"""

from __future__ import annotations

__all__ = ["MAGIC", "FramingError", "message_indexes", "schema_id"]

MAGIC = 0
PREFIX = 5  # magic and schema id
MAX_INDEXES = 1 << 10  # deeper nesting than any real .proto: the bytes are not indexes


class FramingError(ValueError):
    """Bytes that do not carry the wire format (no magic byte, too short, broken indexes)."""


def schema_id(data: bytes) -> int:
    """The schema id of a framed key or value; :class:`FramingError` when it is not framed."""
    if len(data) < PREFIX:
        raise FramingError(f"{len(data)} bytes: too short for the wire format (magic byte and schema id)")
    if data[0] != MAGIC:
        raise FramingError(f"no wire format: the first byte is {data[0]}, not the magic byte {MAGIC}")
    return int.from_bytes(data[1:PREFIX], "big", signed=True)


def message_indexes(data: bytes, position: int = PREFIX) -> tuple[list[int], int]:
    """The Protobuf message indexes at ``position`` and the position after them."""
    count, position = _zigzag(data, position)
    if count == 0:
        return [0], position
    if not 0 < count <= MAX_INDEXES:
        raise FramingError(f"{count} message indexes: not the Protobuf wire format")
    indexes = []
    for _ in range(count):
        index, position = _zigzag(data, position)
        if index < 0:
            raise FramingError(f"a negative message index ({index})")
        indexes.append(index)
    return indexes, position


def _zigzag(data: bytes, position: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if position >= len(data):
            raise FramingError("the message indexes end early")
        byte = data[position]
        position += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return (result >> 1) ^ -(result & 1), position
        shift += 7
        if shift > 63:
            raise FramingError("a message index varint longer than 10 bytes")
