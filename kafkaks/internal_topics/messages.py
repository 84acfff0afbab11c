"""Kafka's generated messages as JSON, driven by the tables that tools/message_tables.js derives
from the specs (``generated/message_tables.py``): the coordinator records of ``__consumer_offsets``
(record types 3 and up) and ``__share_group_state``, and the framed records of
``__remote_log_metadata``. One walker for every record type: the fields, their JSON names and
order, the tags and their defaults all come from the specs."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from ..generated.message_tables import COORDINATOR_RECORDS, FRAMED_RECORDS
from ..wire.control import kafka_uuid
from .convert import (
    PARSE_ERRORS,
    decode_versioned,
    int32s,
    kafka_bytes,
    kafka_string,
    leftover,
    strings,
    uuids,
)
from .records import DecodedRecord, InternalKind, undecoded

__all__ = [
    "COORDINATOR_RECORDS",
    "FRAMED_RECORDS",
    "NullNotAllowedError",
    "TagNotValidError",
    "coordinator_record",
    "message_json",
    "spec_class",
]

# How each conversion the tables name becomes Kafka's JSON value (JsonConverterGenerator): a u1 is
# a Kafka bool (these schemas have no uint8), a 16-byte field a Uuid, bytes base64.
_CONVERTERS: dict[str, Callable[[Any], Any]] = {
    "s1": int,
    "s2": int,
    "s4": int,
    "s8": int,
    "u2": int,
    "u4": int,
    "u1": lambda v: int(v) != 0,
    "f8": float,
    "uuid": kafka_uuid,
    "string": kafka_string,
    "bytes": kafka_bytes,
    "int32_array": int32s,
    "int_array": int32s,
    "uuid_array": uuids,
    "string_array": strings,
}


def _convert(kind: str, value: Any) -> Any:
    if kind.startswith("tag_"):  # a tagged scalar: its value inside a wrapper
        kind = kind[4:]
        value = value.value
    return _CONVERTERS[kind](value)


class NullNotAllowedError(ValueError):
    """A string, bytes or array that Kafka's schema does not let be null was serialized as null:
    Kafka's generated reader refuses the record ("non-nullable field X was serialized as null")."""


class TagNotValidError(ValueError):
    """A known tag in a version where the schema does not have it (its ``taggedVersions`` start
    later): Kafka's generated reader refuses the record ("Tag N is not valid for version V")."""


def is_default(value: Any, default: Any) -> bool:
    """Whether a tag's value is its default, which Kafka neither writes nor prints. A structure's
    default (the empty structure) names the value of each of its fields in any version: a printed
    structure is the default when every field it prints has that value (a tag it prints is not at
    its default, so is not named). The tables hold arrays as tuples."""
    if isinstance(default, dict):
        return isinstance(value, dict) and all(
            k in default and is_default(v, default[k]) for k, v in value.items()
        )
    if isinstance(default, tuple):
        return isinstance(value, list) and len(value) == len(default) and all(map(is_default, value, default))
    return bool(value == default)


def _unknown_tags(obj: Any, fields: Sequence[Sequence[Any]]) -> bool:
    """Whether a parsed structure, or one nested in it, has a tag its schema does not define:
    Kafka's equals compares those too, so such a structure is never the default."""
    section = getattr(obj, "tagged_fields", None)
    if section is not None and any(isinstance(t.data, bytes) for t in getattr(section, "fields", ())):
        return True
    for f in fields:
        if f[0] == "array" and any(_unknown_tags(item, f[3]) for item in getattr(obj, f[2], ())):
            return True
        if (
            f[0] == "struct"
            and getattr(obj, f[2], None) is not None
            and _unknown_tags(getattr(obj, f[2]), f[3])
        ):
            return True
    return False


def message_json(obj: Any, fields: Sequence[Sequence[Any]], version: int) -> dict[str, Any]:
    """A parsed message (or structure of one) as Kafka's JSON converter writes it at ``version``:
    every field the version has, in schema order, and each known tag that differs from its default
    (:func:`is_default`). Raises :class:`NullNotAllowedError` where Kafka's reader would refuse a
    null, :class:`TagNotValidError` for a known tag in a version before its first."""
    out: dict[str, Any] = {}
    tags: dict[int, Any] | None = None
    for f in fields:
        kind, name = f[0], f[1]
        if kind == "field":
            if hasattr(obj, f[2]):
                out[name] = _convert(f[3], getattr(obj, f[2]))
                if out[name] is None and not f[4]:
                    raise NullNotAllowedError(f"non-nullable field {name} was serialized as null")
        elif kind == "array":
            if hasattr(obj, f[2]):
                n = getattr(obj, f"len_{f[2]}").num_items
                if n < 0 and not f[4]:
                    raise NullNotAllowedError(f"non-nullable field {name} was serialized as null")
                out[name] = None if n < 0 else [message_json(i, f[3], version) for i in getattr(obj, f[2])]
        elif kind == "struct":
            marker = f"present_{f[2]}"
            if f[4] and hasattr(obj, marker) and getattr(obj, marker) < 0:
                out[name] = None
            elif hasattr(obj, f[2]):
                out[name] = message_json(getattr(obj, f[2]), f[3], version)
        else:
            tag, sub, since, default = f[2], f[3], f[4], f[5]
            if not hasattr(obj, "tagged_fields"):  # a classic version: no tags
                continue
            if tags is None:
                tags = {int(t.tag.value): t.data for t in obj.tagged_fields.fields}
            data = tags.get(tag)
            if data is None or isinstance(data, bytes):
                continue
            if version < since:
                raise TagNotValidError(f"Tag {tag} is not valid for version {version}")
            value: Any
            if kind == "tag":
                value = _convert(sub, data)
            elif kind == "tagarray":
                n = data.len_items.num_items
                value = None if n < 0 else [message_json(i, sub, version) for i in data.items]
            else:  # tagstruct: an unsigned varint marker (0: null) when nullable
                present = getattr(data, "present", None)
                if present is not None and present.value <= 0:
                    value = None
                else:
                    value = message_json(data.value, sub, version)
                    if _unknown_tags(data.value, sub):
                        out[name] = value
                        continue
            if not is_default(value, default):
                out[name] = value
    return out


def spec_class(spec: str, type_name: str | None = None) -> Any:
    """The generated class of a spec (``kafka_share_coordinator_records``), or one of its types."""
    module = importlib.import_module(f"..generated.{spec}", __package__)
    top = getattr(module, "".join(w.capitalize() for w in spec.split("_")))
    return getattr(top, type_name) if type_name else top


def coordinator_record(
    kind: InternalKind, table: str, record_type: int, key_obj: Any, value: bytes | None
) -> DecodedRecord:
    """A coordinator record whose key was read with the key spec ``table`` (the int16 record type
    and the key type's object), its value (an int16 version and the message) decoded by the spec
    type the table names."""
    name, spec, _key_type, key_fields, value_type, _highest, value_fields = COORDINATOR_RECORDS[table][
        record_type
    ]
    problems: list[str] = []
    try:
        key_dict = message_json(key_obj, key_fields, 0)
    except PARSE_ERRORS as exc:  # a key Kafka cannot read: no type to show (it is not unknown)
        return undecoded(kind, value, f"key: {exc}")
    if (extra := leftover(key_obj)) > 0:
        problems.append(f"key: {extra} bytes left over after {name}Key")
    if value is None:
        return DecodedRecord(kind, record_type, key_dict, None, None, None, True, "; ".join(problems) or None)
    fields, version, problem = decode_versioned(
        value,
        spec_class(spec, value_type),
        f"{name}Value",
        record_type,
        lambda d, v: message_json(d, value_fields, v),
    )
    if problem:
        problems.append(problem)
    return DecodedRecord(
        kind, record_type, key_dict, f"{name}Value", version, fields, False, "; ".join(problems) or None
    )
