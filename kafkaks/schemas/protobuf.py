"""Protobuf: ``.proto`` text compiled with protoc (``grpcio-tools``), messages read with
``google.protobuf``.

A registered schema is the text of one ``.proto`` file; its references are the files it imports
(a reference's ``name`` is the import path), looked up in the registry and compiled with it, and
Google's well-known types (``google/protobuf/timestamp.proto``, ...) come with protoc. The framing's
message indexes (:func:`~kafkaks.schemas.framing.message_indexes`) pick the message type in the
writer's file as schema-registry's ``ProtobufSchema.toMessageName`` does: the messages the schema
declares, top-level ones in file order, nested ones in declaration order inside their parent. A
``map<K, V>`` field declares no message: protoc's entry type for it (``nested_types`` holds it
where the field stands) is not counted in ``.proto`` text, while a schema given as a
``FileDescriptorProto`` declares its entry types and counts them, as Confluent's serializers built
from a descriptor (Java's without ``normalize.schemas``, confluent-kafka-python's) do.

Each value is decoded as its writer's message. The column's type holds every message the
subject's latest version declares (:meth:`ProtobufSchema.arrow_type`): a struct with a field per
message, named by its name inside the package (``Event``, ``Event.Detail``), each value filling
its own message's field; a value of another version is fitted to it by field name
(:mod:`~kafkaks.schemas.fitting`).

Types follow Spark's ``from_protobuf``: see :func:`arrow_type`.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import os
import re
import tempfile
from importlib import resources
from typing import Any

import pyarrow as pa

from . import framing
from .extras import require
from .fitting import DoesNotFit, fit
from .registry import RegisteredSchema, Registry, SchemaLookupError, referenced

__all__ = ["ProtobufSchema", "arrow_type", "parse"]

MAIN_FILE = "kafkaks_schema.proto"  # the name the registered text is compiled under
_WRAPPERS = {
    f"google.protobuf.{name}"
    for name in (
        "DoubleValue",
        "FloatValue",
        "Int64Value",
        "UInt64Value",
        "Int32Value",
        "UInt32Value",
        "BoolValue",
        "StringValue",
        "BytesValue",
    )
}
TIMESTAMP = "google.protobuf.Timestamp"
# JSON in a message (recursive types): as JSON text
_JSON_TYPES = {"google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue"}


class ProtobufSchema:
    """A compiled ``.proto`` file: its messages in index order, the column's type and decoder.

    ``map_entries_declared``: the schema declares its map entry types (a ``FileDescriptorProto``,
    or the registry's text of one, :func:`_explicit_map_entries`), and message indexes count them;
    ``.proto`` text with ``map<K, V>`` fields declares none.
    """

    def __init__(self, file: Any, framed: bool = True, map_entries_declared: bool = False) -> None:
        self.file, self.framed = file, framed
        self.map_entries_declared = map_entries_declared
        proto = require("google.protobuf.descriptor_pb2").FileDescriptorProto()
        file.CopyToProto(proto)  # its messages in the order of the file, which indexes count in
        self.messages = [file.message_types_by_name[m.name] for m in proto.message_type]
        if not self.messages:
            raise SchemaLookupError(f"the .proto file {file.name} defines no message")
        self.message = self.messages[0]
        self._arrow_type: pa.DataType | None = None

    def declared(self, messages: Any) -> list[Any]:
        """The messages among ``messages`` (a file's or a message's nested ones) that message
        indexes count."""
        return [m for m in messages if self.map_entries_declared or not m.GetOptions().map_entry]

    def message_at(self, indexes: list[int]) -> Any:
        messages = self.messages
        descriptor = None
        for index in indexes:
            declared = self.declared(messages)
            if index >= len(declared):
                where = self.file.name if descriptor is None else descriptor.full_name
                skipped = len(declared) < len(messages)
                raise ValueError(
                    f"message indexes {indexes}: {where} declares {len(declared)} messages, no message "
                    f"{index}" + (" (map entries are not declared messages)" if skipped else "")
                )
            descriptor = declared[index]
            messages = descriptor.nested_types
        return descriptor

    def name(self, message: Any) -> str:
        """The name of ``message`` inside the file's package: its field of the column."""
        package, full_name = self.file.package, str(message.full_name)
        return full_name[len(package) + 1 :] if package else full_name

    def all_messages(self) -> list[Any]:
        """Every message the file declares, in index order (depth first), map entries left out."""
        out: list[Any] = []

        def walk(messages: Any) -> None:
            for message in messages:
                if not message.GetOptions().map_entry:
                    out.append(message)
                    walk(message.nested_types)

        walk(self.messages)
        return out

    @property
    def arrow_type(self) -> pa.DataType:
        """A struct with a field per message the file declares (a recursive message, which has
        no Arrow type, left out: a value of it does not fit)."""
        if self._arrow_type is None:
            fields, recursive = [], []
            for message in self.all_messages():
                try:
                    fields.append(pa.field(self.name(message), arrow_type(message)))
                except SchemaLookupError as error:
                    recursive.append(error)
            if not fields:
                raise recursive[0]
            self._arrow_type = pa.struct(fields)
        return self._arrow_type

    def decode(self, payload: bytes, reader: ProtobufSchema | None = None) -> Any:
        """The value as its writer's message: ``{name: fields}`` in this file's column type,
        or fitted to ``reader``'s when given (:class:`~kafkaks.schemas.fitting.DoesNotFit` when
        it does not fit)."""
        factory = require("google.protobuf.message_factory")
        if self.framed:
            indexes, start = framing.message_indexes(payload, 0)
            descriptor = self.message_at(indexes)
        else:
            descriptor, start = self.message, 0
        message = factory.GetMessageClass(descriptor)()
        message.ParseFromString(payload[start:])
        name = self.name(descriptor)
        value = {name: _message_value(message)}
        target = self if reader is None else reader
        column = target.arrow_type
        if column.get_field_index(name) < 0:
            raise DoesNotFit(
                f"a {descriptor.full_name} message, and the column's schema has no message {name}"
                " (it does not declare it, or it is recursive)"
            )
        if target is self or column.field(name).type == self._type_of(name):
            return value  # the column's message as the writer wrote it: nothing to fit
        return fit(value, column)

    def _type_of(self, name: str) -> pa.DataType | None:
        own = self.arrow_type
        return own.field(name).type if own.get_field_index(name) >= 0 else None


def parse(schema: RegisteredSchema, registry: Registry | None, *, framed: bool = True) -> ProtobufSchema:
    """Compiles a registered ``.proto`` with the files it references into its own pool. A schema
    may also be a base64 ``FileDescriptorProto`` (as clients such as confluent-kafka's register
    it; the registry stores text), its references likewise."""
    files = {ref.name: target.schema for ref, target in referenced(schema, registry)}
    main = _descriptor_proto(schema.schema)
    if main is None:
        declared = bool(_explicit_map_entries(schema.schema)[1])
        return ProtobufSchema(_compile(schema.schema, files, schema.id), framed, declared)
    return ProtobufSchema(_from_descriptors(main, files, schema.id), framed, map_entries_declared=True)


_MAP_ENTRY_TOKENS = re.compile(
    r"""(?P<skip>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|//[^\n]*|/\*.*?\*/)"""
    r"|(?P<entry>\boption\s+map_entry\s*=\s*true\s*;)"
    r"|\bmessage\s+(?P<message>\w+)\s*\{|(?P<open>\{)|(?P<close>\})",
    re.DOTALL,
)


def _explicit_map_entries(text: str) -> tuple[str, list[tuple[str, ...]]]:
    """``text`` without its ``option map_entry = true;`` statements, and the paths of the messages
    that had one. The registry's text of a schema registered as a descriptor (without
    ``normalize.schemas``) declares its map entry types so (``repeated CountsEntry counts``), which
    protoc refuses: they are compiled as messages and marked as map entries after."""
    stack: list[str | None] = []
    entries: list[tuple[str, ...]] = []
    kept, start = [], 0
    for token in _MAP_ENTRY_TOKENS.finditer(text):
        if token["message"] is not None:
            stack.append(token["message"])
        elif token["open"] is not None:
            stack.append(None)
        elif token["close"] is not None and stack:
            stack.pop()
        elif token["entry"] is not None and stack and stack[-1] is not None:
            entries.append(tuple(name for name in stack if name is not None))
            kept.append(text[start : token.start()])
            start = token.end()
    return "".join(kept) + text[start:], entries


def _compile(text: str, imports: dict[str, str], schema_id: int) -> Any:
    protoc = require("grpc_tools.protoc")
    descriptor_pb2 = require("google.protobuf.descriptor_pb2")
    descriptor_pool = require("google.protobuf.descriptor_pool")
    well_known = str(resources.files("grpc_tools") / "_proto")
    entries: dict[str, list[tuple[str, ...]]] = {}
    with tempfile.TemporaryDirectory(prefix="kafkaks-proto-") as tmp:
        # Google's own files come with protoc (a client may have registered them, as base64).
        texts = {n: b for n, b in imports.items() if not n.startswith("google/protobuf/")}
        for name, original in {**texts, MAIN_FILE: text}.items():
            body, entries[name] = _explicit_map_entries(original)
            path = os.path.join(tmp, name)
            if os.path.commonpath([tmp, os.path.abspath(path)]) != tmp:
                raise SchemaLookupError(f"schema id {schema_id}: the import {name!r} leaves its folder")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(body)
        out = os.path.join(tmp, "set.pb")
        status = protoc.main(
            [
                "protoc",
                f"-I{tmp}",
                f"-I{well_known}",
                "--include_imports",
                f"--descriptor_set_out={out}",
                MAIN_FILE,
            ]
        )
        if status != 0:
            raise SchemaLookupError(f"schema id {schema_id}: protoc does not compile it (status {status})")
        with open(out, "rb") as f:
            file_set = descriptor_pb2.FileDescriptorSet.FromString(f.read())
    pool = descriptor_pool.DescriptorPool()
    for proto in file_set.file:
        _mark_map_entries(proto, entries.get(proto.name, []))
        pool.Add(proto)
    return pool.FindFileByName(MAIN_FILE)


def _mark_map_entries(proto: Any, paths: list[tuple[str, ...]]) -> None:
    """Marks the messages at ``paths`` (of :func:`_explicit_map_entries`) as map entries."""
    for path in paths:
        messages, found = proto.message_type, None
        for part in path:
            found = next((m for m in messages if m.name == part), None)
            if found is None:  # not a message protoc made of it: left as it is
                break
            messages = found.nested_type
        if found is not None:
            found.options.map_entry = True


def _descriptor_proto(text: str) -> Any:
    """The ``FileDescriptorProto`` a base64 schema holds, or None for ``.proto`` text."""
    stripped = text.strip()
    if not stripped or any(c.isspace() for c in stripped) or ";" in stripped:
        return None
    descriptor_pb2 = require("google.protobuf.descriptor_pb2")
    try:
        return descriptor_pb2.FileDescriptorProto.FromString(base64.b64decode(stripped, validate=True))
    except (ValueError, binascii.Error, Exception):  # protobuf's DecodeError is not a ValueError
        return None


_WELL_KNOWN_MODULES = (
    "any_pb2",
    "api_pb2",
    "duration_pb2",
    "empty_pb2",
    "field_mask_pb2",
    "source_context_pb2",
    "struct_pb2",
    "timestamp_pb2",
    "type_pb2",
    "wrappers_pb2",
    "descriptor_pb2",
)


def _from_descriptors(main: Any, files: dict[str, str], schema_id: int) -> Any:
    """A pool of base64 descriptors: the main file, its imports (base64 too, or Google's own)."""
    descriptor_pool = require("google.protobuf.descriptor_pool")
    descriptor_pb2 = require("google.protobuf.descriptor_pb2")
    for module in _WELL_KNOWN_MODULES:
        require(f"google.protobuf.{module}")
    pool = descriptor_pool.DescriptorPool()
    added: set[str] = set()

    def add(proto: Any, chain: tuple[str, ...]) -> None:
        if proto.name in added:
            return
        for dependency in proto.dependency:
            if dependency in chain:
                raise SchemaLookupError(f"schema id {schema_id}: {dependency} imports itself")
            text = files.get(dependency)
            if text is not None:
                found = _descriptor_proto(text)
                if found is None:  # .proto text imported by a descriptor: compiled alone
                    found = descriptor_pb2.FileDescriptorProto()
                    _compile(text, files, schema_id).CopyToProto(found)
                found.name = dependency
            else:
                try:
                    known = descriptor_pool.Default().FindFileByName(dependency)
                except KeyError:
                    raise SchemaLookupError(
                        f"schema id {schema_id}: no schema for the import {dependency}"
                    ) from None
                found = descriptor_pb2.FileDescriptorProto()
                known.CopyToProto(found)
            add(found, (*chain, proto.name))
        pool.Add(proto)
        added.add(proto.name)

    if not main.name:
        main.name = MAIN_FILE
    try:
        add(main, ())
        return pool.FindFileByName(main.name)
    except (TypeError, KeyError, ValueError) as error:
        raise SchemaLookupError(f"schema id {schema_id}: its descriptors do not build: {error}") from error


def _scalar_type(field: Any) -> pa.DataType:
    fd = type(field)
    types = {
        fd.TYPE_DOUBLE: pa.float64(),
        fd.TYPE_FLOAT: pa.float32(),
        fd.TYPE_INT64: pa.int64(),
        fd.TYPE_SINT64: pa.int64(),
        fd.TYPE_SFIXED64: pa.int64(),
        fd.TYPE_UINT64: pa.decimal128(20, 0),
        fd.TYPE_FIXED64: pa.decimal128(20, 0),
        fd.TYPE_INT32: pa.int32(),
        fd.TYPE_SINT32: pa.int32(),
        fd.TYPE_SFIXED32: pa.int32(),
        fd.TYPE_UINT32: pa.int64(),
        fd.TYPE_FIXED32: pa.int64(),
        fd.TYPE_BOOL: pa.bool_(),
        fd.TYPE_STRING: pa.string(),
        fd.TYPE_BYTES: pa.binary(),
        fd.TYPE_ENUM: pa.string(),
    }
    return types[field.type]


def arrow_type(message: Any, seen: tuple[str, ...] = ()) -> pa.DataType:
    """The Arrow type of a message, as Spark's ``from_protobuf`` types it: a struct of its fields
    (each nullable; a oneof's fields side by side); ``int32``/``sint32``/``sfixed32`` int32,
    ``uint32``/``fixed32`` int64, ``int64``/``sint64``/``sfixed64`` int64, ``uint64``/``fixed64``
    decimal(20, 0), ``float`` float32, ``double`` float64, ``bytes`` binary, an enum its value's
    name (string), ``repeated`` list, ``map<K, V>`` map, ``google.protobuf.Timestamp``
    timestamp[us, UTC], the wrapper types (``StringValue``, ...) their value, ``Struct``,
    ``Value`` and ``ListValue`` their JSON text. A recursive message has no Arrow type
    (:class:`SchemaLookupError`)."""
    if message.full_name in seen:
        raise SchemaLookupError(f"the recursive message {message.full_name} cannot be an Arrow column")
    inner = (*seen, message.full_name)
    return pa.struct([pa.field(f.name, _field_type(f, inner)) for f in message.fields])


def _field_type(field: Any, seen: tuple[str, ...]) -> pa.DataType:
    if _is_map(field):
        key, value = field.message_type.fields_by_name["key"], field.message_type.fields_by_name["value"]
        return pa.map_(_single_type(key, seen), _single_type(value, seen))
    single = _single_type(field, seen)
    return pa.list_(single) if field.is_repeated else single


def _single_type(field: Any, seen: tuple[str, ...]) -> pa.DataType:
    if field.message_type is None:
        return _scalar_type(field)
    name = field.message_type.full_name
    if name == TIMESTAMP:
        return pa.timestamp("us", tz="UTC")
    if name in _JSON_TYPES:
        return pa.string()
    if name in _WRAPPERS:
        return _scalar_type(field.message_type.fields_by_name["value"])
    return arrow_type(field.message_type, seen)


def _is_map(field: Any) -> bool:
    return bool(
        field.is_repeated and field.message_type is not None and field.message_type.GetOptions().map_entry
    )


def _message_value(message: Any) -> dict[str, Any]:
    """A message as the Python value of its Arrow type."""
    out: dict[str, Any] = {}
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        if _is_map(field):
            value_field = field.message_type.fields_by_name["value"]
            out[field.name] = {k: _single_value(v, value_field) for k, v in value.items()}
        elif field.is_repeated:
            out[field.name] = [_single_value(v, field) for v in value]
        elif field.has_presence and not message.HasField(field.name):
            out[field.name] = None
        else:
            out[field.name] = _single_value(value, field)
    return out


def _single_value(value: Any, field: Any) -> Any:
    if field.message_type is None:
        if field.enum_type is not None:
            named = field.enum_type.values_by_number.get(value)
            return named.name if named is not None else str(value)
        return value
    name = field.message_type.full_name
    if name == TIMESTAMP:
        epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
        return epoch + datetime.timedelta(seconds=value.seconds, microseconds=value.nanos // 1000)
    if name in _WRAPPERS:
        return value.value
    if name in _JSON_TYPES:
        json_format = require("google.protobuf.json_format")
        return json_format.MessageToJson(value, indent=None, sort_keys=True)
    return _message_value(value)
