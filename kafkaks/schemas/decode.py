"""Decoding keys and values with their schemas: columns added to Arrow record batches.

:class:`Decoding` says what to decode and where schemas come from; :func:`decoder` builds a
:class:`Decoder` from it (reading the registry once), and :meth:`Decoder.decode_batch` appends,
for values (and keys with ``keys=True``), three columns to each batch of the Kafka source's
columns:

- ``valueSchemaId`` (int32): the schema id of the framing, null for a null value or one without it;
- ``valueDecoded`` (struct): the value, decoded with its writer's schema (the framing's id) and
  typed by the column's schema, the subject's latest version (the latest deleted one when every
  version is deleted): its type fixed per topic, every batch of a topic has the same one. A value
  the column's schema cannot read is fitted to its type (:mod:`~kafkaks.schemas.fitting`); null
  for a null value or when it does not decode or fit;
- ``valueDecodeProblem`` (string): why the value did not decode, null when it did (or was null).

A topic without a subject (``<topic>-value``, or the one :class:`Decoding` maps it to) or schema
file is left alone: its values keep null columns, the problem saying ``not decoded: no subject
...``, neither counted nor failing ``FAILFAST``.

Nothing is dropped: the raw ``value`` stays, and a value that does not decode (no framing, an
unknown id, bytes that do not fit the schema) has a problem instead of a decoded value, and is
counted in :attr:`Decoder.undecodable`. With ``mode="FAILFAST"`` it raises
:class:`~kafkaks.schemas.registry.SchemaDecodeError` instead, naming topic, partition and offset.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import pyarrow as pa

from ..store.segment import ProblemHandler
from . import framing
from .extras import MissingExtraError
from .fitting import DoesNotFit, ReaderCannotRead, fit
from .registry import RegisteredSchema, Registry, SchemaDecodeError, SchemaLookupError
from .registry_topic import DEFAULT_TOPIC, find_schemas_topic, read_schemas_topic

__all__ = ["Decoder", "Decoding", "Side", "batch_decoder", "columns", "decoder", "decoding_of"]

Side = Literal["value", "key"]
Mode = Literal["PERMISSIVE", "FAILFAST"]
NOT_DECODED = "not decoded: "  # the problem of a topic without a subject: left alone, not counted
_SCHEMA_FILE_TYPES = {".avsc": "AVRO", ".avro": "AVRO", ".json": "JSON", ".proto": "PROTOBUF"}


@dataclass(frozen=True)
class Decoding:
    """What to decode, and where the schemas come from.

    ``registry``: None (the default) for the registry's topic (``topic``, ``_schemas``) found in
    the paths being read, or in the log dir a partition directory given lies in; a URL
    (``http://registry:8081``) for a running registry's REST API; a path to a log dir or to the
    topic's partition directory elsewhere. ``subjects`` maps a topic to the subject of its values
    where it is not ``<topic>-value`` (TopicNameStrategy), ``key_subjects`` likewise for keys
    (``<topic>-key``). ``schema_files`` maps a topic to a schema file (``.avsc``, ``.json``,
    ``.proto``) for values written without the framing: they are decoded with it, whole.
    ``reader_schemas`` maps a topic to a schema file to read its framed values with, in place of
    the subject's latest version (the writer's schema still comes by id).
    ``keys`` decodes keys too. ``mode``: ``PERMISSIVE`` keeps a value that does not decode with
    its reason, ``FAILFAST`` raises.
    """

    registry: str | None = None
    topic: str = DEFAULT_TOPIC
    subjects: Mapping[str, str] = field(default_factory=dict)
    key_subjects: Mapping[str, str] = field(default_factory=dict)
    schema_files: Mapping[str, str] = field(default_factory=dict)
    reader_schemas: Mapping[str, str] = field(default_factory=dict)
    keys: bool = False
    mode: Mode = "PERMISSIVE"

    def subject(self, topic: str, side: Side) -> str:
        given = self.subjects if side == "value" else self.key_subjects
        return given.get(topic, f"{topic}-{side}")


def decoding_of(value: bool | str | os.PathLike[str] | Decoding | None) -> Decoding | None:
    """``decode_values`` as :func:`~kafkaks.read_arrow` takes it: True (the ``_schemas`` topic of
    the paths read), a URL or path (the registry), or a :class:`Decoding`; None or False: off."""
    if value is None or value is False:
        return None
    if value is True:
        return Decoding()
    if isinstance(value, Decoding):
        return value
    return Decoding(registry=os.fspath(value))


def columns(side: Side) -> tuple[str, str, str]:
    """The names of the columns added for ``side``: schema id, decoded value, problem."""
    return f"{side}SchemaId", f"{side}Decoded", f"{side}DecodeProblem"


class Schema(Protocol):
    """A parsed schema of any type: its Arrow type and its decoder."""

    @property
    def arrow_type(self) -> pa.DataType: ...

    def decode(self, payload: bytes, reader: Any = None) -> Any: ...


def load_registry(
    decoding: Decoding, paths: Sequence[str | os.PathLike[str]], on_problem: ProblemHandler | None = None
) -> Registry | None:
    """The registry ``decoding`` names, read now: None when only schema files are used."""
    if decoding.registry is not None and decoding.registry.startswith(("http://", "https://")):
        from .registry_rest import RestRegistry

        return RestRegistry(decoding.registry)
    where = [decoding.registry] if decoding.registry is not None else list(paths)
    partitions = find_schemas_topic(where, decoding.topic)
    if not partitions:
        if decoding.schema_files and decoding.registry is None:
            return None
        raise SchemaLookupError(
            f"no {decoding.topic} topic (the Schema Registry's) in "
            + ", ".join(os.fspath(p) for p in where)
            + ": give the registry's URL or the log dir holding it (decode_values='http://...' or a path)"
        )
    return read_schemas_topic(partitions, on_problem=on_problem)


def decoder(
    decoding: Decoding,
    paths: Sequence[str | os.PathLike[str]] = (),
    *,
    registry: Registry | None = None,
    on_problem: ProblemHandler | None = None,
) -> Decoder:
    """A :class:`Decoder` for ``decoding``, its registry read from ``paths`` unless given."""
    if registry is None:
        registry = load_registry(decoding, paths, on_problem)
    return Decoder(decoding, registry)


class Decoder:
    """Decodes the keys and values of Arrow record batches (see the module's docstring).

    Picklable, for Spark: it holds the registry's contents (or its URL) and the text of the schema
    files (read where it is made), and parses schemas again where it is unpickled.
    """

    def __init__(
        self,
        decoding: Decoding,
        registry: Registry | None,
        files: dict[str, str | SchemaLookupError] | None = None,
    ) -> None:
        self.decoding, self.registry = decoding, registry
        self.decoded = 0
        self.undecodable: Counter[str] = Counter()  # reasons, by kind (the problem's first words)
        self._writers: dict[int, Schema | SchemaLookupError] = {}
        self._readers: dict[tuple[str, Side], Schema | SchemaLookupError] = {}
        paths = [*decoding.schema_files.values(), *decoding.reader_schemas.values()]
        self._files = files if files is not None else {path: _read_text(path) for path in paths}

    def __getstate__(self) -> dict[str, Any]:
        return {"decoding": self.decoding, "registry": self.registry, "files": self._files}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["decoding"], state["registry"], state["files"])  # type: ignore[misc]

    def sides(self) -> tuple[Side, ...]:
        return ("value", "key") if self.decoding.keys else ("value",)

    def fields(self, topic: str | None) -> list[pa.Field]:
        """The columns :meth:`decode_batch` adds for ``topic``."""
        out = []
        for side in self.sides():
            schema_id, decoded, problem = columns(side)
            out += [
                pa.field(schema_id, pa.int32()),
                pa.field(decoded, self.arrow_type(topic, side)),
                pa.field(problem, pa.string()),
            ]
        return out

    def arrow_type(self, topic: str | None, side: Side) -> pa.DataType:
        """The type of the decoded column of ``topic``: its subject's latest schema's, or null
        when it has none."""
        reader = self.reader(topic, side)
        return pa.null() if isinstance(reader, SchemaLookupError) else reader.arrow_type

    def reader(self, topic: str | None, side: Side) -> Schema | SchemaLookupError:
        """The schema of ``topic``'s column of values (or keys): a schema file's, else the
        subject's latest version (the latest deleted one when every version is deleted); the
        error saying why there is none."""
        topic = topic or ""
        cache_key = (topic, side)
        if cache_key not in self._readers:
            try:
                schema = self._reader(topic, side)
                schema.arrow_type  # noqa: B018  computed now: a schema without one is the topic's problem
                self._readers[cache_key] = schema
            except MissingExtraError:
                raise
            except SchemaLookupError as error:
                self._readers[cache_key] = error
            except Exception as error:  # a schema that breaks a parser in its own way
                self._readers[cache_key] = SchemaLookupError(f"the schema of {topic!r}: {_reason(error)}")
        return self._readers[cache_key]

    def _reader(self, topic: str, side: Side) -> Schema:
        if side == "value" and topic in self.decoding.schema_files:
            path = self.decoding.schema_files[topic]
            return _schema_file(path, self._files[path])
        if side == "value" and topic in self.decoding.reader_schemas:
            path = self.decoding.reader_schemas[topic]
            return _schema_file(path, self._files[path])
        subject = self.decoding.subject(topic, side)
        if self.registry is None:
            raise SchemaLookupError(f"no schema file for topic {topic!r} and no registry")
        latest = self.registry.latest(subject) or self.registry.newest(subject)
        if latest is None:
            raise SchemaLookupError(f"no subject {subject!r} in the registry")
        return self._parsed(latest)

    def writer(self, schema_id: int) -> Schema:
        if schema_id not in self._writers:
            try:
                if self.registry is None:
                    raise SchemaLookupError(f"schema id {schema_id}: no registry to look it up in")
                self._writers[schema_id] = self._parsed(self.registry.by_id(schema_id))
            except MissingExtraError:
                raise
            except SchemaLookupError as error:
                self._writers[schema_id] = error
            except Exception as error:  # a schema that breaks a parser in its own way
                self._writers[schema_id] = SchemaLookupError(f"schema id {schema_id}: {_reason(error)}")
        found = self._writers[schema_id]
        if isinstance(found, SchemaLookupError):
            raise found
        return found

    def _parsed(self, schema: RegisteredSchema) -> Schema:
        """The schema parsed, once per id: the writer of a value written with the latest version
        is then its reader too, and needs no resolution."""
        if schema.id >= 0 and schema.id in self._writers:
            found = self._writers[schema.id]
            if not isinstance(found, SchemaLookupError):
                return found
        parsed = self._parse(schema)
        if schema.id >= 0:
            self._writers[schema.id] = parsed
        return parsed

    def _parse(self, schema: RegisteredSchema) -> Schema:
        if schema.schema_type == "AVRO":
            from . import avro

            return avro.parse(schema, self.registry)
        if schema.schema_type == "JSON":
            from . import json_schema

            return json_schema.parse(schema, self.registry)
        if schema.schema_type == "PROTOBUF":
            from . import protobuf

            return protobuf.parse(schema, self.registry)
        raise SchemaLookupError(f"schema id {schema.id}: unknown schemaType {schema.schema_type!r}")

    def decode_one(self, data: bytes, topic: str | None, side: Side) -> tuple[int | None, Any]:
        """``(schema id, value)`` of one key or value; raises ValueError, SchemaLookupError or
        a codec's error when it does not decode."""
        reader = self.reader(topic, side)
        if side == "value" and (topic or "") in self.decoding.schema_files:
            if isinstance(reader, SchemaLookupError):
                raise reader
            return None, reader.decode(data)
        schema_id = framing.schema_id(data)
        writer = self.writer(schema_id)
        if isinstance(reader, SchemaLookupError):
            raise reader
        payload = data[framing.PREFIX :]
        try:
            if type(writer) is type(reader):
                try:
                    return schema_id, writer.decode(payload, reader)
                except ReaderCannotRead:
                    pass  # decoded with the writer's schema alone, then fitted
            return schema_id, fit(writer.decode(payload), reader.arrow_type)
        except (SchemaLookupError, framing.FramingError):
            raise
        except DoesNotFit as error:
            raise Undecodable(f"schema id {schema_id} does not fit the column's type: {error}") from error
        except Exception as error:  # each library's own errors: fastavro, json, protobuf
            raise Undecodable(f"does not decode with schema id {schema_id}: {_reason(error)}") from error

    def decode_value(
        self, data: bytes, topic: str | None, side: Side
    ) -> tuple[int | None, Any, str | None, Exception | None]:
        """``(schema id, value, None, None)`` of a key or value that decodes, else ``(schema id
        or None, None, why, the error)``; counted in :attr:`decoded` or :attr:`undecodable`. A
        topic without a reader schema is not decoded: ``(None, None, "not decoded: ...", None)``,
        not counted."""
        schema_id: int | None = None
        reader = self.reader(topic, side)
        if isinstance(reader, SchemaLookupError):
            return None, None, NOT_DECODED + reader.reason, None
        try:
            if len(data) >= framing.PREFIX and data[0] == framing.MAGIC:
                schema_id = framing.schema_id(data)
            found_id, value = self.decode_one(data, topic, side)
        except MissingExtraError:
            raise
        except Exception as error:  # a codec's own errors are of many classes
            reason = _reason(error)
            self.undecodable[reason.split(":")[0]] += 1
            return schema_id, None, reason, error
        self.decoded += 1
        return found_id, value, None, None

    def decode_batch(self, batch: pa.RecordBatch) -> pa.RecordBatch:
        """``batch`` (the Kafka source's columns, records of one topic) with the decoded columns."""
        topics = batch.column("topic")
        topic = topics[0].as_py() if len(topics) else None
        offsets = batch.column("offset").to_pylist() if self.decoding.mode == "FAILFAST" else None
        names = batch.schema.names
        control = batch.column("isControl").to_pylist() if "isControl" in names else [False] * batch.num_rows
        for side in self.sides():
            ids: list[int | None] = []
            values: list[Any] = []
            problems: list[str | None] = []
            reader = self.reader(topic, side)
            for row, data in enumerate(batch.column(side).to_pylist()):
                if control[row]:  # a transaction marker's key and value are Kafka's own
                    ids.append(None)
                    values.append(None)
                    problems.append(None)
                    continue
                if isinstance(reader, SchemaLookupError):  # a topic left alone: said, not counted
                    ids.append(None)
                    values.append(None)
                    problems.append(None if data is None else NOT_DECODED + reader.reason)
                    continue
                if data is None:
                    ids.append(None)
                    values.append(None)
                    problems.append(None)
                    continue
                schema_id, value, reason, error = self.decode_value(data, topic, side)
                if reason is not None and offsets is not None:
                    partition = batch.column("partition")[row].as_py()
                    raise SchemaDecodeError(
                        f"topic {topic} partition {partition}: the {side} does not decode: {reason}"
                        " (mode FAILFAST; mode PERMISSIVE keeps it with its reason)",
                        offset=offsets[row],
                    ) from error
                ids.append(schema_id)
                values.append(value)
                problems.append(reason)
            id_name, decoded_name, problem_name = columns(side)
            decoded_type = self.arrow_type(topic, side)
            batch = batch.append_column(id_name, pa.array(ids, pa.int32()))
            batch = batch.append_column(decoded_name, _array(values, decoded_type, problems))
            batch = batch.append_column(problem_name, pa.array(problems, pa.string()))
        return batch


def _array(values: list[Any], arrow_type: pa.DataType, problems: list[str | None]) -> pa.Array:
    """The decoded values as one array; a value that does not fit the type (a bug in a mapping,
    never silently) becomes a problem of its row."""
    try:
        return pa.array(values, arrow_type)
    except (pa.ArrowException, ValueError, TypeError, OverflowError):
        fitted = []
        for row, value in enumerate(values):
            try:
                pa.array([value], arrow_type)
                fitted.append(value)
            except (pa.ArrowException, ValueError, TypeError, OverflowError) as error:
                fitted.append(None)
                problems[row] = f"does not fit the column's type {arrow_type}: {error}"
        return pa.array(fitted, arrow_type)


class Undecodable(ValueError):
    """Bytes that do not fit the schema of their id (the codec's own error as the cause)."""


def _reason(error: BaseException) -> str:
    if isinstance(error, SchemaLookupError):
        return error.reason
    if isinstance(error, Undecodable):
        return str(error)
    if isinstance(error, framing.FramingError):
        return f"no framing: {error}"
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def _read_text(path: str) -> str | SchemaLookupError:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as error:
        return SchemaLookupError(f"{path}: cannot read the schema file: {error}")


def _schema_file(path: str, text: str | SchemaLookupError) -> Schema:
    """The schema of a file (its text read before), its type told by its extension."""
    suffix = os.path.splitext(path)[1].lower()
    schema_type = _SCHEMA_FILE_TYPES.get(suffix)
    if schema_type is None:
        raise SchemaLookupError(
            f"{path}: a schema file is .avsc, .json or .proto, not {suffix or 'no suffix'}"
        )
    if isinstance(text, SchemaLookupError):
        raise text
    registered = RegisteredSchema(id=-1, schema=text, schema_type=schema_type, subject=path)
    if schema_type == "AVRO":
        from . import avro

        return avro.parse(registered, None)
    if schema_type == "JSON":
        from . import json_schema

        return json_schema.parse(registered, None)
    from . import protobuf

    return protobuf.parse(registered, None, framed=False)


def batch_decoder(
    decode_values: bool | str | os.PathLike[str] | Decoding | None,
    paths: Sequence[str | os.PathLike[str]],
    on_problem: ProblemHandler | None = None,
    control_unmarked: bool = False,
) -> Callable[[Iterable[pa.RecordBatch]], Iterator[pa.RecordBatch]]:
    """What :func:`~kafkaks.read_arrow` applies to its batches for ``decode_values``: the
    batches with the decoded columns, or as they are when decoding is off. ``control_unmarked``:
    control records are among the rows without the ``isControl`` column that tells them apart."""
    decoding = decoding_of(decode_values)
    if decoding is None:
        return iter
    if control_unmarked:
        raise ValueError(
            "decode_values with include_control needs include_metadata: its isControl column tells the "
            "transaction markers, which are not decoded, from the records"
        )
    built = decoder(decoding, paths, on_problem=on_problem)

    def decode(batches: Iterable[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for batch in batches:
            yield built.decode_batch(batch)

    return decode
