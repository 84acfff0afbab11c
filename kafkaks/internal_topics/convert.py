"""From the generated parsers' objects to Kafka's JSON values: the converters the decoders of the
three internal topics share."""

from __future__ import annotations

import base64
import struct
from collections.abc import Callable
from typing import Any

from kaitaistruct import BytesIO, KaitaiStream, KaitaiStructError

from ..wire.control import kafka_uuid

PARSE_ERRORS = (KaitaiStructError, EOFError, ValueError, UnicodeDecodeError, struct.error)


def pascal_case(snake: str) -> str:
    """A spec's enum name as Kafka names it: ``prepare_commit`` -> ``PrepareCommit``."""
    return "".join(word.capitalize() for word in snake.split("_"))


def kafka_string(v: Any) -> str | None:
    return None if v.len_value < 0 else str(v.value)


def kafka_bytes(v: Any) -> str | None:
    """Jackson writes a BinaryNode as standard base64 with padding."""
    return None if v.len_value < 0 else base64.b64encode(v.value).decode()


def int32s(v: Any) -> list[int] | None:
    return None if v.len_items.num_items < 0 else [int(i) for i in v.items]


def uuids(v: Any) -> list[str] | None:
    return None if v.len_items.num_items < 0 else [kafka_uuid(i) for i in v.items]


def strings(v: Any) -> list[str | None] | None:
    return None if v.len_items.num_items < 0 else [kafka_string(i) for i in v.items]


def parse(parser: Callable[[KaitaiStream], Any], data: bytes) -> Any:
    return parser(KaitaiStream(BytesIO(data)))


def leftover(obj: Any) -> int:
    io = obj._io
    return int(io.size() - io.pos())


def decode_versioned(
    value: bytes, parser: Any, name: str, to_dict: Callable[[Any, int], dict[str, Any]]
) -> tuple[dict[str, Any] | None, int | None, str | None]:
    """A value made of an int16 version and a body: (fields, version, problem)."""
    try:
        v = parse(parser, value)
    except PARSE_ERRORS as exc:
        version = struct.unpack_from(">h", value)[0] if len(value) >= 2 else None
        return None, version, f"value: could not read {name} version {version}: {exc}"
    if isinstance(v.data, bytes):
        return None, v.version, f"unknown version {v.version} of {name}"
    try:
        fields = to_dict(v.data, v.version)
    except PARSE_ERRORS as exc:
        return None, v.version, f"value: could not read {name} version {v.version}: {exc}"
    extra = leftover(v.data)
    problem = f"value: {extra} bytes left over after {name} version {v.version}" if extra else None
    return fields, v.version, problem
