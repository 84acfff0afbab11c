"""The ``decodeValues`` option: values (and with ``decodeKeys`` keys) decoded with their schemas.

On the driver, :func:`job_decoding` reads the registry once (the ``_schemas`` topic among the
partitions the paths hold, listed through ``pyarrow.fs`` as for planning, or a registry's URL or a
path) and fixes the job's columns: ``valueSchemaId``, ``valueDecoded`` and
``valueDecodeProblem`` (:mod:`kafkaks.schemas.decode`). ``valueDecoded`` has one type for the
whole job: the subject's latest schema when the topics read have one subject with a schema (or
several of the same type); else a struct with one field per such topic, each row filling its
topic's. The :class:`JobDecoding` travels to the executors with the options (it pickles the
registry's contents, not a connection, and the text of the schema files of ``decodeSchemaFiles``,
read on the driver) and :meth:`JobDecoding.apply` adds the columns there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from ..schemas.decode import NOT_DECODED, Decoder, Decoding, Side, columns, decoder
from ..schemas.registry import SchemaDecodeError
from ..schemas.registry_topic import state_of
from ..store.segment import batch_records, ignore, read_log
from .filesystems import open_file

if TYPE_CHECKING:
    from .options import Options

__all__ = ["OFFLINE", "JobDecoding", "job_decoding", "with_decoding"]

OFFLINE = "registry"  # decodeValues=true: the registry's topic among the paths read


@dataclass
class JobDecoding:
    """The decoder of a job and the types of its columns, fixed on the driver."""

    decoder: Decoder
    types: dict[Side, pa.DataType]

    def fields(self) -> list[pa.Field]:
        out = []
        for side in self.decoder.sides():
            schema_id, decoded, problem = columns(side)
            out += [
                pa.field(schema_id, pa.int32()),
                pa.field(decoded, self.types[side]),
                pa.field(problem, pa.string()),
            ]
        return out

    def apply_all(self, batches: Iterator[pa.RecordBatch], path: str) -> Iterator[pa.RecordBatch]:
        """:meth:`apply` to each batch of a split of ``path``; FAILFAST's error names the file."""
        for batch in batches:
            try:
                yield self.apply(batch)
            except SchemaDecodeError as error:
                raise error.at(path) from error.__cause__

    def apply(self, batch: pa.RecordBatch) -> pa.RecordBatch:
        """``batch`` (one topic's rows) with the decoded columns, in the job's types."""
        decoded = self.decoder.decode_batch(batch)
        topic = batch.column("topic")[0].as_py() if batch.num_rows else None
        for side in self.decoder.sides():
            name = columns(side)[1]
            index = decoded.schema.get_field_index(name)
            column = _fitted(decoded.column(index), self.types[side], topic)
            decoded = decoded.set_column(index, pa.field(name, self.types[side]), column)
        return decoded


def _fitted(column: pa.Array, job_type: pa.DataType, topic: str | None) -> pa.Array:
    if column.type == job_type:
        return column
    if pa.types.is_struct(job_type) and topic is not None and job_type.get_field_index(topic) >= 0:
        children = [
            column if job_type.field(i).name == topic else pa.nulls(len(column), job_type.field(i).type)
            for i in range(job_type.num_fields)
        ]
        if children[job_type.get_field_index(topic)].type == job_type.field(topic).type:
            return pa.StructArray.from_arrays(children, fields=list(job_type), mask=column.is_null())
    return pa.nulls(len(column), job_type)


def with_decoding(options: Options) -> Options:
    """``options`` with the job's decoding (:func:`job_decoding`) when they ask for one: the
    planning step that reads the registry, once, on the driver."""
    if options.decode_values is None or options.decoding is not None:
        return options
    return dataclasses.replace(options, decoding=job_decoding(options))


def job_decoding(options: Options) -> JobDecoding:
    """Reads the registry and fixes the columns' types for the topics the options read."""
    from .planning import partitions  # planning imports the options, which import this module

    source = options.decode_values
    decoding = Decoding(
        registry=None if source in (None, OFFLINE) else source,
        subjects=dict(options.decode_subjects),
        schema_files=dict(options.decode_schema_files),
        keys=options.decode_keys,
        mode=options.mode,
    )
    parts = partitions(options)
    registry = None
    if decoding.registry is None:
        records: list[tuple[bytes | None, bytes | None]] = []
        # Damage in the registry's topic fails planning in FAILFAST; PERMISSIVE reads what it can.
        on_problem = None if options.mode == "FAILFAST" else ignore
        for part in (p for p in parts if p.topic == decoding.topic):
            for segment in part.segments:
                with open_file(part.fs_uri, str(segment.path)) as stream:
                    for batch in read_log(stream, on_problem=on_problem):
                        records += [
                            (r.key, r.value) for r in batch_records(batch, on_problem) if r.control is None
                        ]
        if any(p.topic == decoding.topic for p in parts):
            registry = state_of(records)
    # Without the topic among the partitions, the decoder looks beside them (local paths).
    local = [p.path for p in parts if "://" not in p.fs_uri]
    built = decoder(decoding, local or list(options.paths), registry=registry)
    topics = sorted({p.topic for p in parts if p.topic is not None and options.wants_topic(p.topic)})
    types: dict[Side, pa.DataType] = {}
    for side in built.sides():
        by_topic = {t: built.arrow_type(t, side) for t in topics}
        typed = {t: ty for t, ty in by_topic.items() if ty != pa.null()}
        distinct = set(typed.values())
        if len(distinct) <= 1:
            types[side] = distinct.pop() if distinct else pa.null()
        else:
            types[side] = pa.struct([pa.field(t, ty) for t, ty in typed.items()])
    return JobDecoding(built, types)


def undecodable_lines(written: Any) -> list[str]:
    """``kafkaks pipeline``'s count of what did not decode, per topic, from the DataFrame written:
    one line per topic with such values (none when every value decoded)."""
    from pyspark.sql import functions as F

    problem = columns("value")[2]
    failed = F.col(problem).isNotNull() & ~F.col(problem).startswith(NOT_DECODED)
    counts = written.where(failed).groupBy("topic").count().orderBy("topic").collect()
    return [undecodable_line(row["topic"], row["count"]) for row in counts]


def undecodable_line(topic: str, count: int) -> str:
    """The pipeline's line on ``count`` values of ``topic`` that did not decode."""
    return f"{topic}: {count} values did not decode (raw bytes kept; the reason in {columns('value')[2]})"
