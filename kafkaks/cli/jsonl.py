"""JSON Lines output of the CLI: one object per line, the library's models with their own names.

Every object has a ``type``; the other keys are the snake_case attribute names of the model it
comes from (``base_offset``, ``crc_valid``, ``timestamp_type``, ...), plus ``path`` where the model
does not name its file. The types:

=====================  ===================================================================
``file``               a file begins: ``path``, ``kind`` (log, checkpoint, index, timeindex,
                       txnindex, snapshot), ``size``; a producer snapshot adds its ``version``,
                       ``crc``, ``computed_crc`` and ``crc_valid``
``batch``              a :class:`~kafkaks.wire.batch.Batch` (every attribute but its raw bytes)
``record``             a :class:`~kafkaks.models.Record` with ``batch_position``; ``control`` is
                       null or the :class:`~kafkaks.models.ControlRecord` as an object. The
                       records of internal topics (and all records under a decoder option of
                       ``kafkaks dump``) add ``decoded``: ``kind`` and
                       :meth:`~kafkaks.internal_topics.DecodedRecord.to_json` (``key``, ``value``,
                       ``tombstone``, ``problem``), or null for a control record. With
                       ``--decode-values``, ``decoded_value``: ``schema_id``, ``value`` (the
                       value decoded with its schema, :mod:`kafkaks.schemas.json_values`) and
                       ``problem`` (why it did not decode), or null for a control record
``index_entry``        an :class:`~kafkaks.models.OffsetIndexEntry`
``time_index_entry``   a :class:`~kafkaks.models.TimeIndexEntry`
``txn_entry``          an :class:`~kafkaks.models.AbortedTxn`
``snapshot_entry``     a :class:`~kafkaks.models.ProducerSnapshotEntry`
``problem``            a :class:`~kafkaks.models.Problem`, with ``corrupt``: whether it counts
                       as corruption for the exit status (``dump`` adds the kind
                       ``undecodable_internal_record``: a record its decoder cannot fully read)
``summary``            (verify) one partition: segments, batches, records, offsets, problems;
                       its KRaft snapshots (a log dir's ``bootstrap.checkpoint``) in
                       ``snapshots``, apart from its segments
``recovery``           (verify --recovery) one partition's recovery plan
=====================  ===================================================================

:class:`JsonRenderer` writes the objects of ``kafkaks dump --json``, in the order the dump walk
reads (:class:`kafkaks.cli.output.Renderer`).

Keys, values and header values are bytes: base64 by default, or ``utf8`` (malformed bytes become
U+FFFD, as Kafka's StringDecoder does) or ``hex``. A value of :data:`LARGE_VALUE` bytes or more is
written in pieces (:func:`split_object`, :func:`encoded_pieces`), never held encoded whole. Enums
are their Kafka names (``CreateTime``, ``gzip``). JSON numbers are exact in Python; JavaScript
readers lose precision above 2^53.
"""

from __future__ import annotations

import base64
import codecs
import dataclasses
import json
import os
import re
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from ..errors import KafkaksError
from ..internal_topics import DecodedRecord, InternalKind
from ..models import AbortedTxn, OffsetIndexEntry, Problem, ProducerSnapshotEntry, Record, TimeIndexEntry
from ..problems import ProblemKind
from ..progress import Progress
from ..store.recovery import RecoveryPlan
from ..store.verify import PartitionReport
from ..wire.batch import Batch
from .output import FileEntry, Renderer

__all__ = [
    "BATCH_FIELDS",
    "BYTES_FORMATS",
    "LARGE_VALUE",
    "JsonRenderer",
    "batch_object",
    "dumps",
    "encoded_pieces",
    "entry_object",
    "json_piece",
    "large_value",
    "problem_object",
    "record_object",
    "recovery_object",
    "split_object",
    "summary_object",
]

Encoder = Callable[[bytes], str]
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
BYTES_FORMATS: dict[str, Encoder] = {
    "base64": lambda data: base64.b64encode(data).decode("ascii"),
    "utf8": lambda data: data.decode("utf-8", "replace"),
    "hex": bytes.hex,
}
LARGE_VALUE = 1 << 20  # values from this size on are encoded and written piece by piece
PIECE = 3 << 18  # bytes encoded at a time: a multiple of 3, so base64 pieces join into the whole
# The public attributes of a Batch; its raw bytes (``data``) are left out, the records say more.
BATCH_FIELDS = (
    "path",
    "position",
    "size",
    "magic",
    "base_offset",
    "last_offset",
    "count",
    "base_sequence",
    "last_sequence",
    "producer_id",
    "producer_epoch",
    "partition_leader_epoch",
    "is_transactional",
    "is_control",
    "delete_horizon_ms",
    "attributes",
    "compression",
    "timestamp_type",
    "base_timestamp",
    "max_timestamp",
    "crc",
    "crc_valid",
    "topic",
    "partition",
)


def dumps(value: dict[str, Any]) -> str:
    """One JSON line. Paths are bytes on POSIX; Python holds their undecodable bytes as lone
    surrogates (``os.fsdecode``), written here as JSON escapes (byte 0xFF as ``\\udcff``), so the
    line stays valid UTF-8 and ``os.fsencode(json.loads(line)["path"])`` gives the bytes back."""
    return LONE_SURROGATE.sub(
        lambda match: f"\\u{ord(match[0]):04x}", json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    )


def encoded_pieces(data: bytes, bytes_format: str) -> Iterator[str]:
    """``BYTES_FORMATS[bytes_format](data)`` in pieces of :data:`PIECE` bytes' worth; ``utf8`` decodes
    incrementally, so a character or a malformed sequence split between pieces comes out as from
    the whole."""
    view = memoryview(data)
    if bytes_format == "utf8":
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        for start in range(0, len(view), PIECE):
            yield decoder.decode(view[start : start + PIECE], final=start + PIECE >= len(view))
        return
    encode = BYTES_FORMATS[bytes_format]
    for start in range(0, len(view), PIECE):
        yield encode(bytes(view[start : start + PIECE]))


def large_value(record: Record) -> bytes | None:
    """The record's value if it is :data:`LARGE_VALUE` bytes or more, to be written in pieces."""
    return record.value if record.value is not None and len(record.value) >= LARGE_VALUE else None


def split_object(value: dict[str, Any], name: str) -> tuple[str, str]:
    """``dumps(value)`` cut around the contents of its string field ``name``: what comes before the
    string's first character and after its last, so a large string can be written in between,
    each piece escaped with :func:`json_piece`."""
    names = list(value)
    at = names.index(name)
    before = dumps({key: value[key] for key in names[:at]})[:-1]
    after = dumps({key: value[key] for key in names[at + 1 :]})[1:]
    return (
        f"{before}{',' if at else ''}{dumps({name: ''})[1:-2]}",
        f'"{"," if at + 1 < len(names) else ""}{after}',
    )


def json_piece(text: str) -> str:
    """A piece of a JSON string, escaped as :func:`dumps` escapes it, without the quotes."""
    return dumps({"": text})[len('{"":"') : -len('"}')]


def batch_object(batch: Batch) -> dict[str, Any]:
    """The batch's header fields; ``base_offset`` and ``count`` are null for a legacy wrapper
    whose records do not decode."""
    fields: dict[str, Any] = {"type": "batch"}
    for name in BATCH_FIELDS:
        try:
            fields[name] = getattr(batch, name)
        except KafkaksError:  # a legacy wrapper computes them from its records
            fields[name] = None
    return fields


def _bytes(data: bytes | None, encode: Encoder) -> str | None:
    return None if data is None else encode(data)


def record_object(record: Record, batch: Batch, encode: Encoder) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "type": "record",
        "path": batch.path,
        "batch_position": batch.position,
        **record._asdict(),
    }
    fields["key"] = _bytes(record.key, encode)
    fields["value"] = _bytes(record.value, encode)
    fields["headers"] = [{"key": key, "value": _bytes(value, encode)} for key, value in record.headers]
    if record.control is not None:
        fields["control"] = dataclasses.asdict(record.control)
    return fields


ENTRY_TYPES = {
    OffsetIndexEntry: "index_entry",
    TimeIndexEntry: "time_index_entry",
    AbortedTxn: "txn_entry",
    ProducerSnapshotEntry: "snapshot_entry",
}


def entry_object(entry: FileEntry, path: str) -> dict[str, Any]:
    return {"type": ENTRY_TYPES[type(entry)], "path": path, **dataclasses.asdict(entry)}


def problem_object(problem: Problem, corrupt: bool) -> dict[str, Any]:
    return {"type": "problem", **dataclasses.asdict(problem), "corrupt": corrupt}


def summary_object(report: PartitionReport) -> dict[str, Any]:
    return {
        "type": "summary",
        "path": report.path,
        "files": report.files,
        "segments": len(report.segments),
        "batches": report.batches,
        "records": report.records,
        "first_offset": report.first_offset,
        "last_offset": report.last_offset,
        "problems": report.problem_counts,
        "corrupt": report.corrupt,
        "segment_summaries": [dataclasses.asdict(segment) for segment in report.segments],
        "snapshots": [dataclasses.asdict(snapshot) for snapshot in report.snapshots],
    }


def recovery_object(plan: RecoveryPlan) -> dict[str, Any]:
    losses = []
    for loss in plan.losses:
        fields = dataclasses.asdict(loss)
        fields.update(
            lost_bytes=loss.lost_bytes,
            unreadable_bytes=loss.unreadable_bytes,
            records=loss.records,
            first_offset=loss.first_offset,
            last_offset=loss.last_offset,
        )
        losses.append(fields)
    fields = dataclasses.asdict(plan)
    fields.update(type="recovery", losses=losses, lost_records=plan.lost_records)
    return fields


class JsonRenderer(Renderer):
    """``kafkaks dump --json``: one object per file, batch, record, entry and problem."""

    def __init__(self, out: TextIO, err: TextIO, progress: Progress, bytes_format: str) -> None:
        super().__init__(out, err, progress)
        self.bytes_format = bytes_format
        self.encode = BYTES_FORMATS[bytes_format]
        # --decode-values: the decoded_value object of a record (kafkaks.schemas.json_values)
        self.value_decoder: Callable[[str | None, Record], dict[str, Any] | None] | None = None

    def emit_object(self, value: dict[str, Any]) -> None:
        self.emit(dumps(value))

    def file(self, path: str, kind: str, **fields: Any) -> None:
        self.emit_object(
            {"type": "file", "path": path, "kind": kind, "size": os.path.getsize(path), **fields}
        )

    def log_file(self, path: str, header: str, base_offset: int | None, size: int) -> None:
        base = {"base_offset": base_offset} if base_offset is not None else {}
        kind = "log" if base_offset is not None else "checkpoint"
        self.emit_object({"type": "file", "path": path, "kind": kind, "size": size, **base})

    def batch(self, batch: Batch) -> None:
        self.emit_object(batch_object(batch))

    def record(
        self, batch: Batch, record: Record, kind: InternalKind | None, d: DecodedRecord | None
    ) -> None:
        """A ``record`` object, with a ``decoded`` object when ``kind`` is set."""
        large = large_value(record)
        fields = record_object(record if large is None else record._replace(value=b""), batch, self.encode)
        if kind is not None:
            fields["decoded"] = None if d is None else {"kind": d.kind, **d.to_json()}
        if self.value_decoder is not None:
            fields["decoded_value"] = self.value_decoder(batch.path, record)
        if large is not None:
            pieces = map(json_piece, encoded_pieces(large, self.bytes_format))
            self.write_large(*split_object(fields, "value"), pieces)
        else:
            self.emit_object(fields)

    def entry(self, entry: FileEntry, path: str) -> None:
        self.emit_object(entry_object(entry, path))

    def problem(self, problem: Problem, corrupt: bool, positioned: bool) -> None:
        self.emit_object(problem_object(problem, corrupt))

    def info(self, kind: ProblemKind, path: str, message: str, offset: int) -> None:
        """A ``problem`` object, not corruption (as for Kafka)."""
        corrupt = kind.damage and not kind.kafka_summary
        self.emit_object(problem_object(Problem(kind, path, 0, 0, message, offset), corrupt))
