"""JSON Schema: a value is JSON text, parsed, then typed by the subject's latest schema (when that
schema's types do not take it, by the writer's schema, and fitted to the column's type:
:mod:`~kafkaks.schemas.fitting`).

The schema gives the Arrow type (:func:`arrow_type`); the parsed JSON is fitted to it: a property
the schema does not name is left out of the struct (it stays in the raw ``value``), one it names
and the value lacks is null. ``$ref`` is followed within the schema (``#/definitions/...``,
``#/$defs/...``) and to a referenced schema (a registry reference whose ``name`` is the
``$ref``). Where a type cannot be fixed (no ``type``, a union of several types, a recursive
``$ref``), the column holds the value's JSON text.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any

import pyarrow as pa

from .fitting import ReaderCannotRead
from .registry import RegisteredSchema, Registry, SchemaLookupError, referenced

__all__ = ["JsonSchema", "arrow_type", "parse"]

_SIMPLE: dict[str, pa.DataType] = {
    "integer": pa.int64(),
    "number": pa.float64(),
    "boolean": pa.bool_(),
    "null": pa.null(),
}
_FORMATS: dict[str, pa.DataType] = {"date-time": pa.timestamp("us", tz="UTC"), "date": pa.date32()}
Converter = Callable[[Any], Any]


class JsonSchema:
    """A JSON Schema with what its ``$ref``s point to, its Arrow type and decoder."""

    def __init__(self, root: Any, documents: dict[str, Any]) -> None:
        self.root, self.documents = root, documents
        self.arrow_type, self._convert = _typed(root, root, documents, ())

    def decode(self, payload: bytes, reader: JsonSchema | None = None) -> Any:
        """The JSON value fitted to ``reader``'s schema (this one when not given);
        :class:`~kafkaks.schemas.fitting.ReaderCannotRead` when ``reader``'s types do not take it
        (the value is then this schema's to read)."""
        value = json.loads(payload)
        if reader is None or reader is self:
            return self._convert(value)
        try:
            return reader._convert(value)
        except (ValueError, TypeError, AttributeError) as error:
            raise ReaderCannotRead(f"the column's schema does not read it: {error}") from error


def parse(schema: RegisteredSchema, registry: Registry | None) -> JsonSchema:
    """Parses a registered JSON Schema, its references (looked up in ``registry``) with it."""
    documents = {ref.name: _loads(target) for ref, target in referenced(schema, registry)}
    return JsonSchema(_loads(schema), documents)


def arrow_type(schema: Any) -> pa.DataType:
    """The Arrow type of a JSON Schema: ``object`` with ``properties`` struct, with only
    ``additionalProperties`` map of string keys, ``array`` list, ``string`` string (``format``
    ``date-time`` timestamp[us, UTC], ``date`` date32), ``integer`` int64, ``number`` float64,
    ``boolean`` bool; a type with ``null`` (in ``type``, ``oneOf`` or ``anyOf``) nullable; what has
    no single type, JSON text (string)."""
    return _typed(schema, schema, {}, ())[0]


def _loads(schema: RegisteredSchema) -> Any:
    try:
        return json.loads(schema.schema)
    except ValueError as error:
        raise SchemaLookupError(f"schema id {schema.id} is not JSON: {error}") from error


def _text(value: Any) -> Any:
    return None if value is None else json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _identity(value: Any) -> Any:
    return value


def _deref(schema: Any, root: Any, documents: dict[str, Any]) -> tuple[Any, Any, str]:
    """The schema a ``$ref`` points to, the document it lies in, and the ref itself."""
    ref = str(schema["$ref"])
    document, _, pointer = ref.partition("#")
    if document:
        if document not in documents:
            raise SchemaLookupError(f"$ref {ref!r}: no reference named {document!r}")
        root = documents[document]
    target = root
    for part in (p for p in pointer.split("/") if p):
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(target, dict) or part not in target:
            raise SchemaLookupError(f"$ref {ref!r} points to nothing")
        target = target[part]
    return target, root, ref


def _typed(
    schema: Any, root: Any, documents: dict[str, Any], seen: tuple[str, ...]
) -> tuple[pa.DataType, Converter]:
    if not isinstance(schema, dict):  # true, false: anything, nothing
        return pa.string(), _text
    if "$ref" in schema:
        target, target_root, ref = _deref(schema, root, documents)
        if ref in seen:
            return pa.string(), _text  # recursive: JSON text
        return _typed(target, target_root, documents, (*seen, ref))
    for combiner in ("oneOf", "anyOf"):
        if combiner in schema:
            branches = [b for b in schema[combiner] if not (isinstance(b, dict) and b.get("type") == "null")]
            if len(branches) == 1:
                return _typed(branches[0], root, documents, seen)
            return pa.string(), _text
    if "allOf" in schema:
        merged: dict[str, Any] = {"type": "object", "properties": {}}
        for part in schema["allOf"]:
            while isinstance(part, dict) and "$ref" in part:
                part, root, _ = _deref(part, root, documents)
            if not isinstance(part, dict) or part.get("type", "object") != "object":
                return pa.string(), _text
            merged["properties"].update(part.get("properties", {}))
        return _typed(merged, root, documents, seen)
    kind = schema.get("type")
    choices = schema.get("enum", [schema["const"]] if "const" in schema else None)
    if kind is None and choices and all(isinstance(c, str) for c in choices):
        return pa.string(), _identity  # an enum (or const) of strings
    if isinstance(kind, list):
        kinds = [k for k in kind if k != "null"]
        if len(kinds) != 1:
            return pa.string(), _text
        kind = kinds[0]
    if kind == "object":
        properties = schema.get("properties")
        extra = schema.get("additionalProperties")
        if not properties and isinstance(extra, dict):
            value_type, value_convert = _typed(extra, root, documents, seen)
            return pa.map_(
                pa.string(), value_type
            ), lambda v: None if v is None else {k: value_convert(x) for k, x in _object(v).items()}
        if not properties:
            return pa.string(), _text
        fields = [(name, *_typed(sub, root, documents, seen)) for name, sub in properties.items()]
        return pa.struct(
            [pa.field(name, t) for name, t, _ in fields]
        ), lambda v: None if v is None else {name: conv(_object(v).get(name)) for name, _, conv in fields}
    if kind == "array":
        if not isinstance(schema.get("items"), dict):
            return pa.list_(pa.string()), lambda v: None if v is None else [_text(x) for x in _list(v)]
        item_type, item_convert = _typed(schema["items"], root, documents, seen)
        return pa.list_(item_type), lambda v: None if v is None else [item_convert(x) for x in _list(v)]
    if kind == "string":
        fmt = schema.get("format")
        if fmt == "date-time":
            return _FORMATS[fmt], _timestamp
        if fmt == "date":
            return _FORMATS[fmt], lambda v: None if v is None else datetime.date.fromisoformat(v)
        return pa.string(), _identity
    if kind in _SIMPLE:
        return _SIMPLE[kind], _identity
    return pa.string(), _text


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"a JSON {type(value).__name__} where the schema has an object")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"a JSON {type(value).__name__} where the schema has an array")
    return value


def _timestamp(value: Any) -> datetime.datetime | None:
    if value is None:
        return None
    parsed = datetime.datetime.fromisoformat(value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=datetime.UTC)
