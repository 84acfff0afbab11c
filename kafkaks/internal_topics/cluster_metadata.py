"""``__cluster_metadata`` (and KRaft ``.checkpoint`` snapshots): the metadata records, decoded with
the spec ``kafka_metadata_record``. The record types, their versions and fields in the order
Kafka's JSON converters print them come from the spec too, through the table
``generated/metadata_records.py`` that tools/metadata_records.js derives from it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from ..generated.kafka_metadata_record import KafkaMetadataRecord
from ..generated.metadata_records import METADATA_RECORDS as SPEC_RECORDS
from ..wire.control import kafka_uuid
from .convert import (
    PARSE_ERRORS,
    int32s,
    kafka_bytes,
    kafka_string,
    leftover,
    read_framed,
    strings,
    uuids,
)
from .messages import TagNotValidError
from .records import DecodedRecord

__all__ = ["METADATA_RECORDS", "decode_cluster_metadata"]


class _F(NamedTuple):
    """A field of a record: JSON name, attribute of the generated object, converter, first version."""

    json: str
    attr: str
    conv: Callable[[Any], Any]
    since: int


class _T(NamedTuple):
    """A tagged field: JSON name, tag, converter, first version, default (left out when equal)."""

    json: str
    tag: int
    conv: Callable[[Any], Any]
    since: int
    default: Any


class _A(NamedTuple):
    """An array of structures: JSON name, attribute, the structure's fields."""

    json: str
    attr: str
    fields: tuple[_Field, ...]


_Field = _F | _T | _A

# How each Kaitai type of the spec becomes Kafka's JSON value: a u1 is a Kafka boolean (the
# metadata schemas have no uint8), a 16-byte field a Uuid, tag_int8 and tag_int32 hold an int.
_CONVERTERS: dict[str, Callable[[Any], Any]] = {
    "s1": int,
    "s2": int,
    "s4": int,
    "s8": int,
    "u2": int,
    "u1": lambda v: int(v) != 0,
    "f8": float,
    "uuid": kafka_uuid,
    "string": kafka_string,
    "bytes": kafka_bytes,
    "int32_array": int32s,
    "uuid_array": uuids,
    "string_array": strings,
    "tag_int8": lambda v: int(v.value),
    "tag_int32": lambda v: int(v.value),
}


def _fields(spec: Iterable[Any]) -> tuple[_Field, ...]:
    fields: list[_Field] = []
    for kind, *f in spec:
        if kind == "array":
            fields.append(_A(f[0], f[1], _fields(f[2])))
        elif kind == "tag":
            fields.append(_T(f[0], f[1], _CONVERTERS[f[2]], f[3], f[4]))
        else:
            fields.append(_F(f[0], f[1], _CONVERTERS[f[2]], f[3]))
    return tuple(fields)


# Kafka 4.3 metadata records: api key -> (MetadataRecordType name, highest version, fields in schema
# order). The JSON converters print every field of the record's version, and a tagged field only
# when it differs from its default (JsonConverterGenerator.generateWrite).
METADATA_RECORDS: dict[int, tuple[str, int, tuple[_Field, ...]]] = {
    api_key: (name, highest, _fields(fields)) for api_key, (name, highest, fields) in SPEC_RECORDS.items()
}


def _struct_json(obj: Any, fields: Iterable[_Field], version: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    tags = {}
    if any(isinstance(f, _T) for f in fields):
        tags = {int(t.tag.value): t.data for t in obj.tagged_fields.fields}
    for f in fields:
        if isinstance(f, _A):
            out[f.json] = [_struct_json(item, f.fields, version) for item in getattr(obj, f.attr)]
        elif isinstance(f, _T):
            if f.tag in tags and not isinstance(tags[f.tag], bytes):
                if version < f.since:  # Kafka's reader refuses a tag of a later version
                    raise TagNotValidError(f"Tag {f.tag} is not valid for version {version}")
                value = f.conv(tags[f.tag])
                if value != f.default:
                    out[f.json] = value
        elif version >= f.since:
            out[f.json] = f.conv(getattr(obj, f.attr))
    return out


def decode_cluster_metadata(value: bytes | None) -> DecodedRecord:
    """A ``__cluster_metadata`` record's value (these records have no key)."""

    def fail(problem: str, api_key: int | None = None, version: int | None = None) -> DecodedRecord:
        name = METADATA_RECORDS[api_key][0] if api_key in METADATA_RECORDS else None
        return DecodedRecord("cluster_metadata", None, None, name, version, None, value is None, problem)

    framed = read_framed(KafkaMetadataRecord, value, METADATA_RECORDS, "a metadata record")
    if isinstance(framed, str):
        return fail(framed)
    r, api_key, version = framed
    name, highest, fields = METADATA_RECORDS[api_key]
    if isinstance(r.data, bytes) or version > highest:
        return fail(f"unknown version {version} of {name} (Kafka 4.3 reads 0 to {highest})", api_key, version)
    try:
        data = _struct_json(r.data, fields, version)
    except PARSE_ERRORS as exc:
        return fail(f"Failed to deserialize record with type {api_key}: {exc}", api_key, version)
    extra = leftover(r.data)
    problem = f"Found {extra} byte(s) of garbage after {api_key}" if extra else None
    return DecodedRecord("cluster_metadata", None, None, name, version, data, False, problem)
