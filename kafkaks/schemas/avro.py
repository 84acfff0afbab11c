"""Avro: schemas parsed and values decoded with ``fastavro``, typed as Arrow.

The writer's schema (by the id in the framing) is resolved to the reader's (the subject's latest
version) by Avro's schema resolution, so every value of a subject comes out in one type: fields
added since carry their defaults, fields removed since are dropped. When the resolution fails (a
field added without a default, a type changed), the value is decoded with the writer's schema
alone and fitted to the column's type (:mod:`~kafkaks.schemas.fitting`). References (another subject's
named types) are parsed first, into the same set of named types.

Types follow Spark's ``from_avro`` (``SchemaConverters``): see :func:`arrow_type`.
"""

from __future__ import annotations

import io
import json
import uuid
from collections.abc import Callable
from typing import Any

import pyarrow as pa

from .extras import require
from .fitting import ReaderCannotRead
from .registry import RegisteredSchema, Registry, SchemaLookupError, referenced

__all__ = ["AvroSchema", "arrow_type", "parse"]

_PRIMITIVES: dict[str, pa.DataType] = {
    "null": pa.null(),
    "boolean": pa.bool_(),
    "int": pa.int32(),
    "long": pa.int64(),
    "float": pa.float32(),
    "double": pa.float64(),
    "bytes": pa.binary(),
    "string": pa.string(),
}
_LOGICAL: dict[str, pa.DataType] = {
    "date": pa.date32(),
    "time-millis": pa.time64("us"),  # as Spark's TimeType(6) takes it (it has no time32)
    "time-micros": pa.time64("us"),
    "timestamp-millis": pa.timestamp("us", tz="UTC"),
    "timestamp-micros": pa.timestamp("us", tz="UTC"),
    "local-timestamp-millis": pa.timestamp("us"),
    "local-timestamp-micros": pa.timestamp("us"),
    "uuid": pa.string(),
}
MAX_DECIMAL128 = 38


class AvroSchema:
    """A parsed Avro schema (with its references' named types), its Arrow type and decoder."""

    def __init__(self, parsed: Any, named: dict[str, Any]) -> None:
        self.parsed, self.named = parsed, named
        self._type: pa.DataType | None = None
        self._convert: Callable[[Any], Any] | None = None

    @property
    def arrow_type(self) -> pa.DataType:
        if self._type is None:
            self._type = arrow_type(self.parsed, self.named)
        return self._type

    def decode(self, payload: bytes, reader: AvroSchema | None = None) -> Any:
        """The value of ``payload`` written with this schema, resolved to ``reader``'s schema
        when given, as Python values that fit :attr:`arrow_type` (of ``reader`` when given);
        :class:`~kafkaks.schemas.fitting.ReaderCannotRead` when Avro's resolution to ``reader``
        fails (a field it adds without a default, a type it changes)."""
        fastavro = require("fastavro")
        target = self if reader is None else reader
        stream = io.BytesIO(payload)
        try:
            value = fastavro.schemaless_reader(
                stream,
                self.parsed,
                None if target is self else target.parsed,
                return_named_type=True,
                return_named_type_override=True,
            )
        except fastavro.read.SchemaResolutionError as error:
            raise ReaderCannotRead(f"Avro's schema resolution fails: {error}") from error
        if stream.tell() != len(payload):
            raise ValueError(f"{len(payload) - stream.tell()} bytes left over after the Avro value")
        if target._convert is None:
            target._convert = _converter(target.parsed, target.named, ())
        return target._convert(value)


def parse(schema: RegisteredSchema, registry: Registry | None) -> AvroSchema:
    """Parses a registered Avro schema, its references (looked up in ``registry``) first."""
    fastavro = require("fastavro")
    named: dict[str, Any] = {}
    for ref, target in referenced(schema, registry):  # named types before the schemas using them
        try:
            fastavro.parse_schema(json.loads(target.schema), named)
        except (ValueError, TypeError, KeyError) as error:
            raise SchemaLookupError(
                f"the reference {ref.name} ({ref.subject} version {ref.version}) is not valid Avro: {error}"
            ) from error
    try:
        parsed = fastavro.parse_schema(json.loads(schema.schema), named)
    except (ValueError, TypeError, KeyError) as error:  # fastavro's SchemaParseException is a ValueError
        raise SchemaLookupError(f"schema id {schema.id} is not a valid Avro schema: {error}") from error
    if _empty_items(parsed, named, ()):
        # A block count is a varint: six bytes could claim 2^40 items that take no bytes, which
        # fastavro would build one by one. Such schemas are refused rather than risk the memory.
        raise SchemaLookupError(
            f"schema id {schema.id} has an array of items that take no bytes (null, an empty record): "
            "its values are not decoded, a few bytes could claim billions of items"
        )
    return AvroSchema(parsed, named)


def _empty_items(schema: Any, named: dict[str, Any], seen: tuple[str, ...]) -> bool:
    """Whether ``schema`` holds an array whose items can take zero bytes."""
    schema = _resolve(schema, named) if isinstance(schema, str) else schema
    if isinstance(schema, list):
        return any(_empty_items(b, named, seen) for b in schema)
    if not isinstance(schema, dict) or schema.get("name") in seen:
        return False
    kind = schema.get("type")
    inner = (*seen, schema["name"]) if "name" in schema else seen
    if kind == "array":
        return _zero_size(schema["items"], named, ()) or _empty_items(schema["items"], named, inner)
    if kind == "map":
        return _empty_items(schema["values"], named, inner)
    if kind in ("record", "error"):
        return any(_empty_items(f["type"], named, inner) for f in schema.get("fields", ()))
    return False


def _zero_size(schema: Any, named: dict[str, Any], seen: tuple[str, ...]) -> bool:
    """Whether a value of ``schema`` can be encoded in zero bytes."""
    if schema == "null":
        return True
    schema = _resolve(schema, named) if isinstance(schema, str) else schema
    if not isinstance(schema, dict) or schema.get("name") in seen:
        return False
    kind = schema.get("type")
    if kind == "fixed":
        return int(schema.get("size", 0)) == 0
    if kind in ("record", "error"):
        inner = (*seen, schema["name"])
        return all(_zero_size(f["type"], named, inner) for f in schema.get("fields", ()))
    return False


def _resolve(schema: Any, named: dict[str, Any]) -> Any:
    if isinstance(schema, str) and schema not in _PRIMITIVES:
        try:
            return named[schema]
        except KeyError:
            raise SchemaLookupError(f"unknown Avro type {schema!r}") from None
    return schema


def arrow_type(schema: Any, named: dict[str, Any], seen: tuple[str, ...] = ()) -> pa.DataType:
    """The Arrow type of an Avro schema, as Spark's ``from_avro`` types it.

    Primitives as themselves (``int`` int32, ``long`` int64, ``float`` float32, ``bytes`` and
    ``fixed`` binary), ``enum`` string, ``record`` struct, ``array`` list, ``map`` map of string
    keys; a union of ``null`` and one type is that type (nullable), any other union a struct of
    ``member0``, ``member1``, ... (its branches other than ``null``, one set per value). Logical
    types: ``decimal`` decimal128 (decimal256 above 38 digits), ``date`` date32, ``time-millis``
    and ``time-micros`` time64[us], ``timestamp-millis``/``-micros`` timestamp[us, UTC],
    ``local-timestamp-*`` timestamp[us] without zone, ``uuid`` string. A recursive type has no
    Arrow type (:class:`SchemaLookupError`).
    """
    if isinstance(schema, str) and schema in _PRIMITIVES:
        return _PRIMITIVES[schema]
    if isinstance(schema, str):
        if schema in seen:
            raise SchemaLookupError(f"the recursive Avro type {schema!r} cannot be an Arrow column")
        return arrow_type(_resolve(schema, named), named, seen)
    if isinstance(schema, list):
        branches = [b for b in schema if b != "null"]
        if len(branches) == 1:
            return arrow_type(branches[0], named, seen)
        if not branches:
            return pa.null()
        return pa.struct([pa.field(f"member{i}", arrow_type(b, named, seen)) for i, b in enumerate(branches)])
    kind, logical = schema.get("type"), schema.get("logicalType")
    if logical == "decimal" and kind in ("bytes", "fixed"):
        precision, scale = int(schema["precision"]), int(schema.get("scale", 0))
        return (pa.decimal128 if precision <= MAX_DECIMAL128 else pa.decimal256)(precision, scale)
    if logical in _LOGICAL:
        return _LOGICAL[logical]
    name = schema.get("name")
    inner = (*seen, name) if kind in ("record", "error") and name else seen
    if kind in ("record", "error"):
        return pa.struct(
            [pa.field(f["name"], arrow_type(f["type"], named, inner)) for f in schema.get("fields", ())]
        )
    if kind == "enum":
        return pa.string()
    if kind == "fixed":
        return pa.binary()
    if kind == "array":
        return pa.list_(arrow_type(schema["items"], named, seen))
    if kind == "map":
        return pa.map_(pa.string(), arrow_type(schema["values"], named, seen))
    return arrow_type(kind, named, seen)


def _identity(value: Any) -> Any:
    return value


def _converter(schema: Any, named: dict[str, Any], seen: tuple[str, ...]) -> Callable[[Any], Any]:
    """A function from fastavro's value of ``schema`` to the Python value of its Arrow type."""
    if isinstance(schema, str) and schema not in _PRIMITIVES:
        if schema in seen:
            raise SchemaLookupError(f"the recursive Avro type {schema!r} cannot be an Arrow column")
        return _converter(_resolve(schema, named), named, seen)
    if isinstance(schema, str):
        return _identity
    if isinstance(schema, list):
        return _union_converter(schema, named, seen)
    kind, logical = schema.get("type"), schema.get("logicalType")
    if logical == "uuid":
        return lambda v: None if v is None else str(v) if isinstance(v, uuid.UUID) else v
    if kind in ("record", "error"):
        inner = (*seen, schema["name"])
        # fastavro's dict has every field: only those whose values change are replaced, in place
        fields = [(f["name"], _converter(f["type"], named, inner)) for f in schema.get("fields", ())]
        changed = [(name, conv) for name, conv in fields if conv is not _identity]
        if not changed:
            return _identity

        def record(v: Any) -> Any:
            if v is not None:
                for name, conv in changed:
                    v[name] = conv(v[name])
            return v

        return record
    if kind == "array":
        item = _converter(schema["items"], named, seen)
        return _identity if item is _identity else lambda v: None if v is None else [item(x) for x in v]
    if kind == "map":
        value = _converter(schema["values"], named, seen)
        return (
            _identity
            if value is _identity
            else lambda v: None if v is None else {k: value(x) for k, x in v.items()}
        )
    return _identity


def _union_converter(schema: list[Any], named: dict[str, Any], seen: tuple[str, ...]) -> Callable[[Any], Any]:
    branches = [b for b in schema if b != "null"]
    if len(branches) == 1:
        return _converter(branches[0], named, seen)
    if not branches:
        return lambda v: None
    resolved = [_resolve(b, named) for b in branches]
    converters = [_converter(b, named, seen) for b in branches]
    names = [r.get("name") if isinstance(r, dict) else None for r in resolved]

    def convert(value: Any) -> Any:
        if value is None:
            return None
        if isinstance(value, tuple) and len(value) == 2 and value[0] in names:  # return_named_type
            index = names.index(value[0])
            value = value[1]
        else:
            index = next((i for i, b in enumerate(resolved) if _matches(value, b)), -1)
            if index < 0:
                raise ValueError(f"a value of type {type(value).__name__} fits no branch of the union")
        out: dict[str, Any] = {f"member{i}": None for i in range(len(branches))}
        out[f"member{index}"] = converters[index](value)
        return out

    return convert


_PYTHON_TYPES: dict[str, type | tuple[type, ...]] = {
    "boolean": bool,
    "int": int,
    "long": int,
    "float": float,
    "double": float,
    "bytes": bytes,
    "string": str,
}


def _matches(value: Any, schema: Any) -> bool:
    """Whether fastavro's ``value`` can come from this (resolved) union branch."""
    if isinstance(schema, str):
        expected = _PYTHON_TYPES.get(schema)
        if expected is int and isinstance(value, bool):
            return False
        return expected is not None and isinstance(value, expected)
    kind, logical = schema.get("type"), schema.get("logicalType")
    if logical is not None and kind in _PYTHON_TYPES:
        # A logical value comes back as its own class (date, datetime, Decimal, UUID, time).
        return not isinstance(value, (bool, int, float, str, bytes)) or _matches(value, kind)
    if kind in ("record", "error", "map"):
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, list)
    if kind == "enum":
        return isinstance(value, str) and value in schema.get("symbols", ())
    if kind == "fixed":
        return isinstance(value, bytes)
    return _matches(value, kind)
