"""From the generated parsers' objects to Kafka's JSON values: the converters the decoders of the
three internal topics share."""

from __future__ import annotations

import base64
import struct
from collections.abc import Callable, Collection
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


def unknown_record_type(record_type: int) -> str:
    """Kafka's words for a key of a record type it does not know (coordinator-common's
    ``Deserializer.UnknownRecordTypeException``)."""
    return f"Found an unknown record type {record_type}"


def frame_problem(frame: int, api_key: int, known: Collection[int]) -> str | None:
    """Kafka's words (``AbstractApiMessageSerde.read``, for cluster metadata and remote log
    metadata alike) for a frame version or record type it cannot read, or None."""
    if frame == 0:
        return (
            "Could not deserialize metadata record with frame version 0. Note that upgrades from the "
            "preview release of KRaft in 2.8 to newer versions are not supported."
        )
    if frame != 1:
        return (
            f"Could not deserialize metadata record due to unknown frame version {frame}"
            "(only frame version 1 is supported)"
        )
    if api_key not in known:  # MetadataParseException(e): its message is the cause's toString()
        return f"org.apache.kafka.common.errors.UnsupportedVersionException: Unknown metadata id {api_key}"
    return None


def read_framed(
    parser: Callable[[KaitaiStream], Any], value: bytes | None, known: Collection[int], what: str
) -> tuple[Any, int, int] | str:
    """A framed record's value (cluster metadata, remote log metadata: a frame version, an api key
    and a version before the message) parsed by its spec, with its api key and version; else why
    it cannot be read: null (``what`` always has a value), or in Kafka's words where Kafka has them
    (:func:`frame_problem`)."""
    if value is None:
        return f"null value ({what} always has one)"
    try:
        record = parse(parser, value)
    except PARSE_ERRORS as exc:
        return f"could not read the record: {exc}"
    frame, api_key, version = record.frame_version.value, record.api_key.value, record.version.value
    if problem := frame_problem(frame, api_key, known):
        return problem
    return record, api_key, version


def decode_versioned(
    value: bytes, parser: Any, name: str, record_type: int, to_dict: Callable[[Any, int], dict[str, Any]]
) -> tuple[dict[str, Any] | None, int | None, str | None]:
    """A coordinator record's value, an int16 version and a body: (fields, version, problem).
    Where Kafka 4.3's ``CoordinatorRecordSerde`` refuses the value, the problem is its message:
    ``Found an unknown record version V for T type`` (a version outside those the schema of
    record type T has), ``Could not read record with version V from value's buffer due to:
    ...``; bytes left over after the body, which Kafka ignores, are reported too."""
    if len(value) < 2:
        return None, None, "Could not read version from value's buffer."
    try:
        v = parse(parser, value)
    except PARSE_ERRORS as exc:
        version = struct.unpack_from(">h", value)[0]
        return (
            None,
            version,
            f"Could not read record with version {version} from value's buffer due to: {exc}.",
        )
    if isinstance(v.data, bytes):
        return None, v.version, f"Found an unknown record version {v.version} for {record_type} type"
    try:
        fields = to_dict(v.data, v.version)
    except PARSE_ERRORS as exc:
        return (
            None,
            v.version,
            f"Could not read record with version {v.version} from value's buffer due to: {exc}.",
        )
    extra = leftover(v.data)
    problem = f"value: {extra} bytes left over after {name} version {v.version}" if extra else None
    return fields, v.version, problem
