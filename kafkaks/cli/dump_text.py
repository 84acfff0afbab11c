"""kafka-dump-log's text: what ``kafkaks dump`` prints without ``--json`` (:class:`TextRenderer`),
its line templates (:func:`batch_line`, :func:`record_line`, ...) and Kafka's end-of-run summaries.

``kafkaks dump`` reproduces, line for line, the output of Apache Kafka 3.x-4.0's DumpLogSegments
(the Scala tool, ``core/src/main/scala/kafka/tools/DumpLogSegments.scala``) for ``.log``,
``.checkpoint``, ``.index``, ``.timeindex``, ``.txnindex`` and ``.snapshot`` files, so scripts
written against Kafka's output keep working. Where Kafka versions differ, it follows the Scala tool
of 3.x-4.0 rather than the 2026 Java port:

- legacy (v0/v1) record lines keep the stray ``}`` after the crc: ``isValid: true crc: 123}``;
- with ``--skip-record-metadata`` the payload is printed as `` payload: v`` (no ``|``);
- non-consecutive offsets: the first record of a file only sets the previous offset, so a segment
  that does not start at 0 reports no ``-1 is followed by N``;
- a LEADER_CHANGE control record prints ``controlType: LEADER_CHANGE(2)``, as every Kafka up to
  4.0 does (4.1 prints ``LeaderChange: {json}``, KAFKA-19069);
- the producer snapshot line keeps the trailing space after ``lastTimestamp`` when the entry has
  no batch metadata.

The decoder options (``--offsets-decoder``, ``--transaction-log-decoder``,
``--cluster-metadata-decoder``, ...) print keys and payloads as Kafka 4.3's decoders do
(:func:`kafkaks.cli.decoder_text.format_internal`); with ``--json`` the records of internal
topics carry a ``decoded`` object whether or not a decoder option is given.

Where Kafka throws and stops the whole run (a record size below 14, a zero-filled preallocated
tail, a record that does not decode, a missing companion file, a failed index sanity check, a
record without a key under ``--offsets-decoder``),
kafkaks reports one line on stderr, ``kafkaks: <file>: position P, offset O: <reason>``, and goes
on with the next readable batch or file. ``position`` on a batch line is the batch's byte position
in the file: Kafka's running sum of batch sizes, which it equals unless damaged bytes were skipped.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import tempfile
from array import array
from collections.abc import Iterable, Iterator
from typing import BinaryIO, TextIO

from ..errors import CorruptDataError, KafkaksError
from ..internal_topics import DecodedRecord, InternalKind
from ..models import AbortedTxn, ControlRecord, OffsetIndexEntry, Problem, ProducerSnapshotEntry, Record
from ..problems import ProblemKind
from ..progress import Progress
from ..store.files import base_offset_of
from ..store.listing import FileKind
from ..wire.batch import Batch
from .decoder_text import format_internal
from .jsonl import encoded_pieces, large_value
from .output import FileEntry, Renderer

__all__ = [
    "TextRenderer",
    "absolute_path",
    "batch_line",
    "control_text",
    "entry_line",
    "log_header",
    "record_line",
    "snapshot_line",
]

MAX_INT32 = 0x7FFFFFFF
KRAFT_SNAPSHOT = re.compile(r"^(\d{20})-(\d{10})\.checkpoint$")
# Control records whose value DumpLogSegments prints as JSON, with the label it uses (no colon).
CONTROL_JSON = {
    "SNAPSHOT_HEADER": "SnapshotHeader",
    "SNAPSHOT_FOOTER": "SnapshotFooter",
    "KRAFT_VERSION": "KRaftVersion",
    "KRAFT_VOTERS": "KRaftVoters",
}


def _bool(value: bool | None) -> str:
    return "true" if value else "false"


def _optional_long(value: int | None) -> str:
    """java.util.OptionalLong.toString()."""
    return "OptionalLong.empty" if value is None else f"OptionalLong[{value}]"


def _size(data: bytes | None) -> int:
    return -1 if data is None else len(data)


def _text(data: bytes) -> str:
    """Kafka's StringDecoder: new String(bytes, UTF_8), malformed input becomes U+FFFD."""
    return data.decode("utf-8", "replace")


def _json(value: object) -> str:
    """Compact JSON, as Jackson writes it."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _decrement_sequence(sequence: int, decrement: int) -> int:
    """DefaultRecordBatch.decrementSequence: sequences wrap below 0 to 2^31 - 1."""
    if sequence < decrement:
        return MAX_INT32 - (decrement - sequence) + 1
    return sequence - decrement


def absolute_path(path: str) -> str:
    """java.io.File.getAbsolutePath(): joined to the working directory, not normalised."""
    return path if os.path.isabs(path) else os.path.join(os.getcwd(), path)


def batch_line(batch: Batch) -> str:
    if batch.magic >= 2:
        head = (
            f"baseOffset: {batch.base_offset} lastOffset: {batch.last_offset} count: {batch.count} "
            f"baseSequence: {batch.base_sequence} lastSequence: {batch.last_sequence} "
            f"producerId: {batch.producer_id} producerEpoch: {batch.producer_epoch} "
            f"partitionLeaderEpoch: {batch.partition_leader_epoch} "
            f"isTransactional: {_bool(batch.is_transactional)} isControl: {_bool(batch.is_control)} "
            f"deleteHorizonMs: {_optional_long(batch.delete_horizon_ms)}"
        )
    else:
        head = f"offset: {batch.last_offset}"
    return (
        f"{head} position: {batch.position} {batch.timestamp_type.value}: {batch.max_timestamp} "
        f"size: {batch.size} magic: {batch.magic} compresscodec: {batch.compression.value} "
        f"crc: {batch.crc} isvalid: {_bool(batch.crc_valid)}"
    )


def control_text(control: ControlRecord) -> str:
    if control.type in ("ABORT", "COMMIT"):
        if control.value is None:
            raise KafkaksError("Invalid value size found for end transaction marker: the value is null")
        return f" endTxnMarker: {control.type} coordinatorEpoch: {control.value['coordinatorEpoch']}"
    if control.type in CONTROL_JSON:
        return f" {CONTROL_JSON[control.type]} {_json(control.value)}"
    return f" controlType: {control.type}({control.type_id})"


KeyPayload = tuple[str | None, str | None]


def record_line(
    batch: Batch, record: Record, metadata: bool, contents: bool, texts: KeyPayload | None = None
) -> str:
    """One record, as DumpLogSegments prints it (an empty line when there is nothing to show).
    ``texts`` are the key and payload texts of a decoder (None: that token is left out); without
    them key and value print as UTF-8, as Kafka's default StringDecoder does."""
    parts = []
    prefix = "| "
    if metadata:
        prefix = " "
        parts.append(
            f"| offset: {record.offset} {batch.timestamp_type.value}: {record.timestamp} "
            f"keySize: {_size(record.key)} valueSize: {_size(record.value)}"
        )
        if batch.magic >= 2:
            keys = ",".join(key for key, _ in record.headers)
            parts.append(f" sequence: {record.sequence} headerKeys: [{keys}]")
        else:
            # The closing brace is a typo of Kafka 3.0-4.x (DumpLogSegments.scala), kept on purpose.
            parts.append(f" isValid: {_bool(record.crc_valid)} crc: {record.crc}}}")
        if record.control is not None:
            parts.append(control_text(record.control))
    if contents and not batch.is_control:
        if texts is None:
            texts = (
                None if record.key is None else _text(record.key),
                None if record.value is None else _text(record.value),
            )
        key, payload = texts
        if key is not None:
            parts.append(f"{prefix}key: {key}")
        if payload is not None:
            parts.append(f" payload: {payload}")
    return "".join(parts)


def segment_header(base_offset: int) -> str:
    """Kafka's first line for a ``.log`` segment."""
    return f"Log starting offset: {base_offset}"


def log_header(path: str) -> str:
    name = os.path.basename(path)
    if FileKind.of(name) is FileKind.LOG:
        return segment_header(base_offset_of(path))
    if name == "bootstrap.checkpoint":
        return "KRaft bootstrap snapshot"
    match = KRAFT_SNAPSHOT.match(name)
    if match is None:
        raise KafkaksError("not a KRaft snapshot name (<20-digit offset>-<10-digit epoch>.checkpoint)")
    return f"Snapshot end offset: {int(match[1])}, epoch: {int(match[2])}"


def snapshot_line(entry: ProducerSnapshotEntry) -> str:
    line = (
        f"producerId: {entry.producer_id} producerEpoch: {entry.producer_epoch} "
        f"coordinatorEpoch: {entry.coordinator_epoch} "
        f"currentTxnFirstOffset: {_optional_long(entry.current_txn_first_offset)} "
        f"lastTimestamp: {entry.timestamp} "
    )
    if entry.last_offset >= 0:
        line += (
            f"firstSequence: {_decrement_sequence(entry.last_sequence, entry.offset_delta)} "
            f"lastSequence: {entry.last_sequence} lastOffset: {entry.last_offset} "
            f"offsetDelta: {entry.offset_delta} timestamp: {entry.timestamp}"
        )
    return line


def entry_line(entry: FileEntry) -> str:
    """One entry of an index or a producer snapshot, as DumpLogSegments prints it."""
    if isinstance(entry, OffsetIndexEntry):
        return f"offset: {entry.offset} position: {entry.position}"
    if isinstance(entry, AbortedTxn):
        return (
            f"version: {entry.version} producerId: {entry.producer_id} firstOffset: {entry.first_offset} "
            f"lastOffset: {entry.last_offset} lastStableOffset: {entry.last_stable_offset}"
        )
    if isinstance(entry, ProducerSnapshotEntry):
        return snapshot_line(entry)
    return f"timestamp: {entry.timestamp} offset: {entry.offset}"


SUMMARY_LINES = 4096  # lines of the end-of-run summaries written at a time
SPILL_VALUES = 1 << 20  # integers of a summary held in memory; more go to a temporary file


class Pairs:
    """Pairs of integers (int64) in the order added, for a summary printed at the end of the run:
    up to :data:`SPILL_VALUES` in memory, the rest in a temporary file, so that a summary with a line
    per record (non-consecutive offsets in a batch of tens of millions of tiny records) takes
    bounded memory; disk use follows the lines to print."""

    def __init__(self) -> None:
        self.memory = array("q")
        self.spilled: BinaryIO | None = None

    def extend(self, pairs: Iterable[tuple[int, int]]) -> None:
        for first, second in pairs:
            self.append(first, second)

    def append(self, first: int, second: int) -> None:
        self.memory.append(first)
        self.memory.append(second)
        if len(self.memory) >= SPILL_VALUES:
            if self.spilled is None:
                self.spilled = tempfile.TemporaryFile()  # noqa: SIM115 - closed by reversed()
            self.memory.tofile(self.spilled)
            self.memory = array("q")

    def __reversed__(self) -> Iterator[tuple[int, int]]:
        """The pairs, last first (as Kafka prints its summaries); the file is closed after."""
        yield from _pairs_backwards(self.memory)
        if self.spilled is None:
            return
        with self.spilled as spilled:
            at = spilled.seek(0, os.SEEK_END)
            while at > 0:
                size = min(at, SPILL_VALUES * self.memory.itemsize)
                at -= size
                spilled.seek(at)
                chunk = array("q")
                chunk.frombytes(spilled.read(size))
                yield from _pairs_backwards(chunk)
        self.spilled = None


def _pairs_backwards(values: array[int]) -> Iterator[tuple[int, int]]:
    for at in range(len(values) - 2, -1, -2):
        yield values[at], values[at + 1]


class TextRenderer(Renderer):
    """kafka-dump-log's lines on ``out``, problems on ``err``, and at the end Kafka's summaries of
    index mismatches and non-consecutive offsets on ``err``, in its order and wording.
    ``metadata`` and ``contents``: whether record lines show the metadata, the key and payload."""

    def __init__(self, out: TextIO, err: TextIO, progress: Progress, metadata: bool, contents: bool) -> None:
        super().__init__(out, err, progress)
        self.metadata = metadata
        self.contents = contents
        # Kafka's summaries, keyed by absolute path; each list in discovery order (Kafka prints
        # them in reverse: it prepends to Scala Lists, and prepending here would be quadratic).
        self.index_mismatches: dict[str, Pairs] = {}
        self.timestamp_mismatches: dict[str, Pairs] = {}
        self.out_of_order: dict[str, Pairs] = {}
        self.not_found: dict[str, Pairs] = {}
        self.non_consecutive: dict[str, Pairs] = {}
        # The records of the .log being dumped: its absolute path, the last offset, the gaps found
        self.current = ""
        self.previous = -1
        self.gaps: Pairs | None = None

    def start(self, path: str) -> None:
        self.emit(f"Dumping {path}")

    def log_file(self, path: str, header: str, base_offset: int | None, size: int) -> None:
        self.emit(header)
        self.current = absolute_path(path)
        self.previous = -1
        self.gaps = None

    def batch(self, batch: Batch) -> None:
        self.emit(batch_line(batch))

    def record(
        self, batch: Batch, record: Record, kind: InternalKind | None, d: DecodedRecord | None
    ) -> None:
        """Kafka's line, with the decoder's key and payload texts when one is chosen."""
        self.follow(record.offset)
        metadata, contents = self.metadata, self.contents
        large = large_value(record)
        texts = None
        if kind is not None and contents and not batch.is_control:
            try:
                texts = format_internal(kind, record.offset, record.key, record.value, d)
            except CorruptDataError:  # Kafka throws here (a missing key): the walk reports it
                texts = (None, None)
        if large is not None and texts is None and contents and not batch.is_control:
            key = None if record.key is None else _text(record.key)
            head = record_line(batch, record, metadata, contents, (key, ""))  # ends in "payload: "
            self.write_large(head, "", encoded_pieces(large, "utf8"))  # StringDecoder's text
        else:
            self.emit(record_line(batch, record, metadata, contents, texts))

    def follow(self, offset: int) -> None:
        """Note a record's offset, and a gap from the previous record's. As Scala DumpLogSegments,
        the first record of a file only sets the previous offset."""
        if self.previous != -1 and offset != self.previous + 1:
            if self.gaps is None:  # Kafka lists the files in the order their first gap is found
                self.gaps = self.non_consecutive.setdefault(self.current, Pairs())
            self.gaps.append(self.previous, offset)
        self.previous = offset

    def log_end(self, path: str, invalid_bytes: int) -> None:
        if invalid_bytes > 0:
            self.emit(f"Found {invalid_bytes} invalid bytes at the end of {os.path.basename(path)}")

    def entry(self, entry: FileEntry, path: str) -> None:
        self.emit(entry_line(entry))

    def empty(self, path: str) -> None:
        self.emit(f"{path} is empty.")

    def sanity_passed(self, path: str) -> None:
        self.emit(f"{path} passed sanity check.")

    def problem(self, problem: Problem, corrupt: bool, positioned: bool) -> None:
        """One line on stderr naming the file, position and offset."""
        position, offset = problem.position if positioned else None, problem.offset
        where = "".join(
            (
                "" if position is None else f": position {position}",
                "" if offset is None else f"{',' if position is not None else ':'} offset {offset}",
            )
        )
        self.warn(f"kafkaks: {problem.path}{where}: {problem.message}")

    def summarize(self, kind: ProblemKind, path: str, pairs: list[tuple[int, int]]) -> None:
        summaries = {
            ProblemKind.INDEX_MISMATCH: self.index_mismatches,
            ProblemKind.TIME_INDEX_MISMATCH: self.timestamp_mismatches,
            ProblemKind.TIME_INDEX_OUT_OF_ORDER: self.out_of_order,
            ProblemKind.TIME_INDEX_NOT_FOUND: self.not_found,
        }
        summaries[kind].setdefault(absolute_path(path), Pairs()).extend(pairs)

    def summaries(self) -> None:
        """Kafka's error summaries on stderr, in its order and wording, :data:`SUMMARY_LINES` at a
        time."""
        self.flush()
        lines = self._summary_lines()
        while chunk := list(itertools.islice(lines, SUMMARY_LINES)):
            self.warn("\n".join(chunk))

    def _summary_lines(self) -> Iterator[str]:
        for path, pairs in self.index_mismatches.items():
            yield f"Mismatches in :{path}"
            yield from (f"  Index offset: {index}, log offset: {log}" for index, log in reversed(pairs))
        for path, pairs in self.timestamp_mismatches.items():
            yield f"Found timestamp mismatch in :{path}"
            yield from (f"  Index timestamp: {index}, log timestamp: {log}" for index, log in reversed(pairs))
        for path, pairs in self.out_of_order.items():
            yield f"Found out of order timestamp in :{path}"
            yield from (
                f"  Index timestamp: {index}, Previously indexed timestamp: {p}"
                for index, p in reversed(pairs)
            )
        for pairs in self.not_found.values():
            yield "The following indexed offsets are not found in the log."
            yield from (f"Indexed offset: {index}, found log offset: {log}" for index, log in reversed(pairs))
        for path, pairs in self.non_consecutive.items():
            yield f"Non-consecutive offsets in {path}"
            yield from (f"  {first} is followed by {second}" for first, second in reversed(pairs))
