"""The ``kafkaks`` command: ``kafkaks dump`` prints Kafka files like ``bin/kafka-dump-log.sh``
(or as JSON Lines with ``--json``, :mod:`kafkaks.cli.jsonl`); ``kafkaks verify`` checks them
(:mod:`kafkaks.store.verify`) and with ``--recovery`` tells what a broker's recovery would remove
(:mod:`kafkaks.store.recovery`). This module parses arguments and formats; the checks are libraries.

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
``--cluster-metadata-decoder``) print keys and payloads as Kafka 3.9's decoders do
(:func:`kafkaks.internal_topics.decode.format_internal`); with ``--json`` the records of internal
topics carry a ``decoded`` object whether or not a decoder option is given.

Where Kafka throws and stops the whole run (a record size below 14, a zero-filled preallocated
tail, a record that does not decode, a missing companion file, a failed index sanity check, a
record without a key under ``--offsets-decoder``),
kafkaks reports one line on stderr, ``kafkaks: <file>: position P, offset O: <reason>``, and goes
on with the next readable batch or file. ``position`` on a batch line is the batch's byte position
in the file: Kafka's running sum of batch sizes, which it equals unless damaged bytes were skipped.

Exit status: 0 when every file was read cleanly, 1 when corruption was found (a CRC mismatch, a
batch or record that does not decode, skipped bytes, a partial batch at the end of a segment:
Kafka's ``Found N invalid bytes``, records lost in a crash; a corrupt index or snapshot) or a file
could not be read, 2 for a usage error or no Kafka data (a path that does not exist, a directory
without Kafka files, nothing dumped), 130 when interrupted (Ctrl-C). Kafka reports index
mismatches as information, and so does kafkaks: they do not change the exit status. Neither does a
zero-filled tail, which ``file.preallocate=true`` leaves legitimately, nor a missing ``.log`` beside
an index (the entries are printed unverified, with a note on stderr; a ``.timeindex`` without its
``.index`` is verified by scanning from the start of the ``.log``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import struct
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from .. import __version__
from ..errors import CorruptDataError, KafkaksError, NoKafkaDataError
from ..internal_topics.decode import (
    INTERNAL_TOPICS,
    TRANSACTION_STATES,
    DecodedRecord,
    InternalKind,
    decoded,
    format_internal,
    internal_kind,
)
from ..models import ControlRecord, Problem, ProducerSnapshotEntry, Record, TimeIndexEntry
from ..progress import Progress
from ..store.files import (
    base_offset_of,
    read_offset_index,
    read_producer_snapshot,
    read_time_index,
    read_txn_index,
)
from ..store.listing import (
    KAFKA_SUFFIXES,
    Entry,
    Listing,
    PartitionDir,
    classify,
    local_lister,
    locate,
    report_entries,
)
from ..store.recovery import RecoveryPlan, SegmentLoss, plan_recovery
from ..store.segment import Batch, ProblemHandler, batch_records, read_log, topic_partition
from ..store.verify import (
    CORRUPTION,
    DEFAULT_MAX_MESSAGE_SIZE,
    PartitionReport,
    batch_reaching,
    first_batch,
    lookup,
    unverifiable,
    verify_files,
)
from .jsonl import (
    BYTES_FORMATS,
    LARGE_VALUE,
    batch_object,
    dumps,
    encoded_pieces,
    entry_object,
    json_piece,
    problem_object,
    record_object,
    recovery_object,
    split_object,
    summary_object,
)

__all__ = ["main"]

MAX_INT32 = 0x7FFFFFFF
FLUSH_LINES = 4096
SUFFIXES = KAFKA_SUFFIXES  # Kafka's dispatch order for the files of one segment
KRAFT_SNAPSHOT = re.compile(r"^(\d{20})-(\d{10})\.checkpoint$")
LEADING_DIGITS = re.compile(r"^\d+")
# Control records whose value DumpLogSegments prints as JSON, with the label it uses (no colon).
CONTROL_JSON = {
    "SNAPSHOT_HEADER": "SnapshotHeader",
    "SNAPSHOT_FOOTER": "SnapshotFooter",
    "KRAFT_VERSION": "KRaftVersion",
    "KRAFT_VOTERS": "KRaftVoters",
}

DESCRIPTION = """\
This tool helps to parse a log file and dump its contents to the console, useful for debugging a
seemingly corrupt log segment. Output is line for line that of Apache Kafka 3.x-4.0's
kafka-dump-log.sh (the Scala DumpLogSegments); files are read without a broker, never written."""

EPILOG = """\
Files are dispatched by their last suffix: .log and .checkpoint (KRaft snapshots), .index,
.timeindex, .txnindex and .snapshot (producer state); other files are ignored. A directory
argument dumps every such file of a partition directory, or of every partition of a broker log
directory (by topic, then partition), in offset order; what a directory is comes from what it
holds, not its name. Entries that cannot be read (no permission, a link that loops, dangles, or
leads to a directory or out of the directory given) are reported, not followed.

Where Kafka versions print differently, kafkaks follows the Scala tool of Kafka 3.x-4.0:
  - legacy (v0/v1) record lines end their crc with a stray '}': "isValid: true crc: 123}"
  - with --skip-record-metadata the payload prints as " payload: v" (no '|')
  - non-consecutive offsets: the first record of a file only sets the previous offset
  - LEADER_CHANGE control records print " controlType: LEADER_CHANGE(2)" (Kafka 4.1 prints
    " LeaderChange: {json}", KAFKA-19069)
  - producer snapshot entries without batch metadata keep the trailing space

Where Kafka would throw and stop (a record size below 14, a zero-filled tail, a record that does
not decode), kafkaks prints "kafkaks: <file>: position P, offset O: <reason>" on stderr and goes
on. Summaries of index mismatches and non-consecutive offsets go to stderr after all files, in
Kafka's wording.

--offsets-decoder, --transaction-log-decoder and --cluster-metadata-decoder print each record's
key and payload as Kafka 3.9's decoders do: JSON ({"type":"1","data":{...}},
{"version":"3","data":{...}}, {"type":"TOPIC_RECORD","version":0,"data":{...}}), Kafka's
"transaction_metadata::transactionalId=..." text, <DELETE> for a tombstone, and Kafka's inline
"Error at offset N, skipping. ..." and "Unknown record type ..." texts. A record that a decoder
cannot fully read is also reported on stderr. Where Kafka's decoder throws and stops the run (a
record without a key under --offsets-decoder; a __transaction_state record whose key or value
cannot be read or has an unknown state), kafkaks prints what Kafka printed of the line, reports
it as corruption (exit status 1) and goes on; other decoder problems do not change the exit
status. Not supported: --remote-log-metadata-decoder, --share-group-state-decoder and custom
--key-decoder-class/--value-decoder-class; --print-data-log prints keys and values as UTF-8
text, as Kafka's default StringDecoder does.

--json prints JSON Lines instead: one object per file, batch, record (always, as if with
--deep-iteration), index, time index, txn index and snapshot entry, and problem, each with a
"type" and the library's snake_case field names; keys, values and header values in --bytes
(base64, utf8 or hex). Problems are then objects on stdout with "kind", "position" and
"corrupt", Kafka's end-of-run summaries included; non-consecutive offsets are left to the reader
of the records. Records of __consumer_offsets, __transaction_state and __cluster_metadata
partition directories and of .checkpoint files, or of every file when a decoder option is given,
carry a "decoded" object (kind, key, value, tombstone, problem; null for control records); a
decoder problem is also a problem object of kind undecodable_internal_record.

Exit status: 0 clean; 1 corruption found (CRC mismatch, undecodable batch or record, skipped
bytes, a partial batch at the end of a segment, whose records are lost: Kafka's "Found N invalid
bytes", corrupt index or snapshot) or a file could not be read; 2 usage error, or no Kafka data:
a path that does not exist, a directory without Kafka files, nothing dumped; 130 interrupted
(Ctrl-C). Index mismatches and a zero-filled tail (file.preallocate=true) are information, as in
Kafka, not corruption. A progress bar is drawn on stderr when it is a terminal and the input is
large."""

VERIFY_DESCRIPTION = """\
Check Kafka files without a broker: every batch CRC and record, every .index and .timeindex
entry against its .log (with Kafka's semantics), offsets increasing within and across segments,
producer snapshot CRCs. Damage goes to stderr as it is found ("kafkaks: <file>: position P,
offset O: <reason>"), then a summary table per directory goes to stdout, with the damage and
the information found, by kind."""

VERIFY_EPILOG = """\
Index entries that brokers wrote before KAFKA-806 for an append of several batches (the first
batch's position with the last batch's offset) are reported as index_multi_batch_append, and
time index entries holding the offset of the record with the largest timestamp (brokers before
KAFKA-16310) as time_index_record_offset: information, not corruption. So are a zero-filled tail
at the end of a segment longer than a batch header (zero_tail) and repeated time index timestamps;
a partial batch at the end, or 17 bytes or fewer even if zeros (truncated), is damage: its records
are lost. kafkaks.store.verify documents every kind.

--recovery adds what a broker's startup recovery would do to each partition directory
(LogLoader.recoverLog and LogSegment.recover): after an unclean shutdown (no .kafka_cleanshutdown
in the log dir) it walks the segments from the one holding the recovery point
(recovery-point-offset-checkpoint in the log dir, else 0) and truncates a segment at its first
invalid batch, then deletes every later segment. For each segment it names the byte where the
truncation happens, why, and every batch, record and offset lost, and the segments deleted.

--json prints problem, summary and recovery objects as JSON Lines on stdout instead.

Without --verbose, findings that are information are only counted (the info column); with
--quiet, only the damage lines are printed. --json is not affected by either: every finding is a
problem object, with "corrupt" telling damage from information.

Exit status: 0 clean, 1 corruption found or a file could not be read, 2 usage error or no Kafka
data (a path that does not exist, a directory without Kafka files, a file verify does not check),
130 interrupted (Ctrl-C)."""


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


def _absolute(path: str) -> str:
    """java.io.File.getAbsolutePath(): joined to the working directory, not normalised."""
    return path if os.path.isabs(path) else os.path.join(os.getcwd(), path)


def _sibling(path: str, suffix: str) -> str:
    """The file of the same segment with another suffix, as Kafka names it from the prefix."""
    return os.path.join(os.path.dirname(path), os.path.basename(path).split(".")[0] + suffix)


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


def log_header(path: str) -> str:
    name = os.path.basename(path)
    if name.endswith(".log"):
        return f"Log starting offset: {base_offset_of(path)}"
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


def index_sanity_error(path: str, data: bytes, base_offset: int) -> str | None:
    """OffsetIndex.sanityCheck(): the last slot of the file (even a zero one) and the length."""
    if len(data) >= 8:
        last_offset = base_offset + struct.unpack_from(">i", data, len(data) // 8 * 8 - 8)[0]
        if last_offset < base_offset:
            return (
                f"Corrupt index found, index file {_absolute(path)} has non-zero size but the last "
                f"offset is {last_offset} which is less than the base offset {base_offset}"
            )
    if len(data) % 8:
        return (
            f"Index file {_absolute(path)} is corrupt, found {len(data)} bytes which is neither "
            "positive nor a multiple of 8"
        )
    return None


def time_index_sanity_error(path: str, data: bytes, base_offset: int) -> str | None:
    """TimeIndex.sanityCheck(): the last slot against the first, and the length."""
    where = f"Corrupt time index found, time index file ({_absolute(path)}) has non-zero size but the"
    if len(data) >= 12:
        first_timestamp = struct.unpack_from(">q", data)[0]
        last_timestamp, relative = struct.unpack_from(">qi", data, len(data) // 12 * 12 - 12)
        if last_timestamp < first_timestamp:
            return (
                f"{where} last timestamp is {last_timestamp} which is less than the first timestamp "
                f"{first_timestamp}"
            )
        if base_offset + relative < base_offset:
            return (
                f"{where} last offset is {base_offset + relative} which is less than the first offset "
                f"{base_offset}"
            )
    if len(data) % 12:
        return (
            f"Time index file {_absolute(path)} is corrupt, found {len(data)} bytes which is neither "
            "positive nor a multiple of 12"
        )
    return None


# Kafka's decoder options (dest, kind) in the order DumpLogSegmentsOptions.messageParser tries them:
# given together, the first one wins and the others are ignored, as in Kafka.
DECODER_OPTIONS: tuple[tuple[str, InternalKind], ...] = (
    ("offsets_decoder", "offsets"),
    ("transaction_log_decoder", "transaction_log"),
    ("cluster_metadata_decoder", "cluster_metadata"),
)
TOPIC_OF_KIND = {kind: topic for topic, kind in INTERNAL_TOPICS.items()}
UNDECODABLE = "undecodable_internal_record"


def decoder_kind(args: argparse.Namespace) -> InternalKind | None:
    """The decoder chosen by the options, applied to every file dumped, or None."""
    return next((kind for dest, kind in DECODER_OPTIONS if getattr(args, dest, False)), None)


def file_kind(path: str) -> InternalKind | None:
    """What ``--json`` decodes a file's records as when no decoder option is given: the internal
    topic its ``<topic>-<partition>`` directory names, or cluster metadata for a KRaft
    ``.checkpoint`` (``bootstrap.checkpoint`` sits in the log dir itself, out of any partition)."""
    if path.endswith(".checkpoint"):
        return "cluster_metadata"
    return internal_kind(topic_partition(path)[0])


def kafka_decoder_throws(kind: InternalKind, record: Record, d: DecodedRecord) -> bool:
    """Whether Kafka 3.9's decoder throws on this record, which ends kafka-dump-log's whole run:
    the offsets decoder on a record without a key (every other error it prints as ``Error at
    offset N, skipping.``); the transaction log decoder on a key or value it cannot read or an
    unknown state (``TransactionLog.formatRecordKeyAndValue``; an unknown key version prints
    ``unknown::version=V``). The cluster metadata decoder catches everything."""
    if kind == "offsets":
        return record.key is None
    if kind == "transaction_log":
        if d.key is None:
            return d.key_type is None
        return not d.tombstone and (d.value is None or d.value["transactionStatus"] not in TRANSACTION_STATES)
    return False


def decoder_problem(kind: InternalKind, record: Record, d: DecodedRecord) -> str:
    """The reason reported for a record the decoder could not (fully) read: Kafka's exception
    message for a missing key under the offsets decoder, else the library's ``problem``."""
    if kind == "offsets" and record.key is None:
        return (
            f"Failed to decode message at offset {record.offset} using offset topic decoder "
            "(message had a missing key)"
        )
    return f"{TOPIC_OF_KIND[kind]} decoder: {d.problem}"


class Dumper:
    """Dumps files one after the other to ``out``: Kafka's text lines, collecting its end-of-run
    summaries, or with ``--json`` one JSON object per line (:mod:`kafkaks.cli.jsonl`)."""

    def __init__(self, args: argparse.Namespace, out: TextIO, err: TextIO, progress: Progress) -> None:
        self.args = args
        self.out = out
        self.err = err
        self.progress = progress
        self.json = args.json
        self.encode = BYTES_FORMATS[args.bytes]
        self.lines: list[str] = []
        self.failed = False
        # Kafka: any decoder option turns on printing, which turns on deep iteration.
        self.decoder = decoder_kind(args)
        self.contents = args.print_data_log or self.decoder is not None
        self.deep = args.deep_iteration or self.contents or args.json
        # Kafka's summaries, keyed by absolute path; each list in discovery order (Kafka prints
        # them in reverse: it prepends to Scala Lists, and prepending here would be quadratic).
        self.index_mismatches: dict[str, list[tuple[int, int]]] = {}
        self.timestamp_mismatches: dict[str, list[tuple[int, int]]] = {}
        self.out_of_order: dict[str, list[tuple[int, int]]] = {}
        self.not_found: dict[str, list[tuple[int, int]]] = {}
        self.non_consecutive: dict[str, list[tuple[int, int]]] = {}

    # Output

    def emit(self, line: str) -> None:
        self.lines.append(line)
        if len(self.lines) >= FLUSH_LINES:
            self.flush()

    def emit_object(self, value: dict[str, Any]) -> None:
        self.emit(dumps(value))

    def flush(self) -> None:
        if self.lines:
            self.progress.clear()
            lines, self.lines = self.lines, []  # taken first: a write cut by Ctrl-C is not repeated
            self.out.write("\n".join(lines) + "\n")

    def write_large(
        self, head: str, tail: str, value: bytes, bytes_format: str, escape: Callable[[str], str]
    ) -> None:
        """A line around a large value, written piece by piece (:func:`kafkaks.cli.jsonl.encoded_pieces`):
        the value is never held encoded or decoded whole, nor copied into the line."""
        self.flush()
        self.progress.clear()
        self.out.write(head)
        for piece in encoded_pieces(value, bytes_format):
            self.out.write(escape(piece))
        self.out.write(tail + "\n")

    def warn(self, message: str) -> None:
        try:
            self.flush()
            self.out.flush()
        finally:  # the message is not lost when stdout's reader has gone
            self.progress.clear()
            self.err.write(message + "\n")

    def report(
        self,
        kind: str,
        path: str,
        reason: str,
        position: int | None = None,
        offset: int | None = None,
        corrupt: bool = True,
        length: int = 0,
    ) -> None:
        """A problem: one line on stderr naming the file, position and offset, or with ``--json``
        a ``problem`` object; ``corrupt`` fails the run."""
        self.failed = self.failed or corrupt
        if self.json:
            problem = Problem(kind, path, position or 0, length, reason, offset)
            self.emit_object(problem_object(problem, corrupt))
            return
        where = "".join(
            (
                "" if position is None else f": position {position}",
                "" if offset is None else f"{',' if position is not None else ':'} offset {offset}",
            )
        )
        self.warn(f"kafkaks: {path}{where}: {reason}")

    def report_error(self, exc: KafkaksError, kind: str = "unreadable_file") -> None:
        self.report(kind, exc.path or "<unknown>", exc.reason, exc.position, exc.offset)

    def file(self, path: str, kind: str, **fields: Any) -> None:
        if self.json:
            self.emit_object(
                {"type": "file", "path": path, "kind": kind, "size": os.path.getsize(path), **fields}
            )

    # Dispatch

    def dump(self, path: str) -> None:
        if not self.json:
            self.emit(f"Dumping {path}")
        suffix = _suffix(os.path.basename(path))
        dumpers: dict[str, Callable[[str], None]] = {
            ".log": self.dump_log,
            ".checkpoint": self.dump_log,
            ".index": self.dump_index,
            ".timeindex": self.dump_time_index,
            ".txnindex": self.dump_txn_index,
            ".snapshot": self.dump_snapshot,
        }
        dumper = dumpers.get(suffix)
        if dumper is None:
            self.warn(f"Ignoring unknown file {path}")
            return
        try:
            dumper(path)
        except KafkaksError as exc:
            self.report_error(exc.at(path))
        except BrokenPipeError:  # stdout, not the file: run_dump stops
            raise
        except OSError as exc:
            self.report("unreadable_file", exc.filename or path, exc.strerror or str(exc))

    # .log and .checkpoint

    def on_log_problem(self, problem: Problem) -> None:
        # A partial batch at the end is what Kafka reports as "Found N invalid bytes" (stdout),
        # damage all the same. A zero-filled tail is what file.preallocate=true leaves: Kafka
        # throws, but it is no damage.
        corrupt = problem.kind in CORRUPTION
        self.failed = self.failed or corrupt
        if self.json:
            self.emit_object(problem_object(problem, corrupt))
        else:
            self.report(
                problem.kind, problem.path, problem.message, problem.position, problem.offset, corrupt
            )

    def on_scan(self, _position: int) -> None:
        # A search for the next valid batch after damage, which can take long in a large file:
        # the batches before the damage are printed now, not after it. If stdout's reader has
        # gone, the next write says so, once the damage being scanned past has been reported.
        with contextlib.suppress(BrokenPipeError):
            self.flush()
            self.out.flush()

    def dump_log(self, path: str) -> None:
        header = log_header(path)
        if self.json:
            base = {"base_offset": base_offset_of(path)} if path.endswith(".log") else {}
            self.file(path, "log" if path.endswith(".log") else "checkpoint", **base)
        else:
            self.emit(header)
        size = os.path.getsize(path)
        max_bytes = self.args.max_bytes
        metadata, contents = not self.args.skip_record_metadata, self.contents
        kind = self.decoder or (file_kind(path) if self.json else None)
        valid_end = 0
        previous = -1
        gaps: list[tuple[int, int]] = []
        for batch in read_log(path, end=max_bytes, on_problem=self.on_log_problem, on_scan=self.on_scan):
            self.progress.advance(batch.position + batch.size - valid_end)
            self.emit(dumps(batch_object(batch)) if self.json else batch_line(batch))
            valid_end = batch.position + batch.size
            if not self.deep:
                continue
            for record in batch_records(batch, self.on_log_problem):
                # Scala DumpLogSegments: the first record only sets the previous offset.
                if previous != -1 and record.offset != previous + 1 and not self.json:
                    gaps.append((previous, record.offset))
                previous = record.offset
                self.dump_record(path, batch, record, metadata, contents, kind)
        self.progress.advance(size - valid_end)
        if gaps:
            self.non_consecutive.setdefault(_absolute(path), []).extend(gaps)
        if max_bytes is None and size > valid_end and not self.json:
            self.emit(f"Found {size - valid_end} invalid bytes at the end of {os.path.basename(path)}")

    def dump_record(
        self,
        path: str,
        batch: Batch,
        record: Record,
        metadata: bool,
        contents: bool,
        kind: InternalKind | None,
    ) -> None:
        """One record: Kafka's line, with the decoder's key and payload texts when one is chosen,
        or a ``record`` object, with a ``decoded`` object when ``kind`` is set. A record the decoder
        cannot (fully) read is also a problem; it fails the run only where Kafka's decoder throws
        and a decoder option asked for it."""
        d = None if kind is None else decoded(record, kind=kind)
        large = record.value if record.value is not None and len(record.value) >= LARGE_VALUE else None
        if self.json:
            fields = record_object(
                record if large is None else record._replace(value=b""), batch, self.encode
            )
            if kind is not None:
                fields["decoded"] = None if d is None else {"kind": d.kind, **d.to_json()}
            if large is not None:
                self.write_large(*split_object(fields, "value"), large, self.args.bytes, json_piece)
            else:
                self.emit_object(fields)
        else:
            texts = None
            if kind is not None and contents and not batch.is_control:
                try:
                    texts = format_internal(kind, record.offset, record.key, record.value, d)
                except CorruptDataError:  # Kafka throws here (a missing key): reported below
                    texts = (None, None)
            if large is not None and texts is None and contents and not batch.is_control:
                key = None if record.key is None else _text(record.key)
                head = record_line(batch, record, metadata, contents, (key, ""))  # ends in "payload: "
                self.write_large(head, "", large, "utf8", str)  # StringDecoder's text
            else:
                self.emit(record_line(batch, record, metadata, contents, texts))
        if kind is not None and d is not None and d.problem is not None:
            corrupt = self.decoder is not None and kafka_decoder_throws(kind, record, d)
            reason = decoder_problem(kind, record, d)
            self.report(UNDECODABLE, path, reason, batch.position, record.offset, corrupt)

    # .index and .timeindex

    def sanity(self, path: str, kind: str, error: str | None) -> None:
        if error is not None:
            self.report(kind, path, error)
        elif not self.json:
            self.emit(f"{path} passed sanity check.")

    def can_verify(self, path: str, log: str) -> bool:
        """Kafka needs the segment's .log to verify an index (and stops without it); kafkaks notes
        its absence (not damage: copies of log dirs often lack it) and dumps the entries."""
        reason = unverifiable(log)
        if reason is None:
            return True
        self.report("missing_log", path, reason, corrupt=False)
        return False

    def empty(self, path: str, size: int) -> bool:
        """Kafka's "<file> is empty." for an index without a single entry."""
        if os.path.getsize(path) >= size:
            return False
        if not self.json:
            self.emit(f"{path} is empty.")
        return True

    def dump_index(self, path: str) -> None:
        base_offset = base_offset_of(path)
        self.file(path, "index", base_offset=base_offset)
        if self.empty(path, 8):
            return
        if self.args.index_sanity_check:
            self.sanity(path, "index_sanity", index_sanity_error(path, Path(path).read_bytes(), base_offset))
            return
        log = _sibling(path, ".log")
        verify = self.can_verify(path, log)
        mismatches: list[tuple[int, int]] = []
        for entry in read_offset_index(path, base_offset):
            if verify:
                batch = first_batch(log, entry.position, self.args.max_message_size)
                if batch is None:
                    self.report(
                        "index_no_batch",
                        path,
                        f"no batch starts at position {entry.position} of {log}",
                        None,
                        entry.offset,
                    )
                elif batch.last_offset != entry.offset:
                    mismatches.append((entry.offset, batch.last_offset))
                    self.info(
                        "index_mismatch",
                        path,
                        f"Index offset: {entry.offset}, log offset: {batch.last_offset}",
                        entry.offset,
                    )
            if self.args.verify_index_only:
                continue
            if self.json:
                self.emit_object(entry_object(entry, path))
            else:
                self.emit(f"offset: {entry.offset} position: {entry.position}")
        if mismatches:
            self.index_mismatches.setdefault(_absolute(path), []).extend(mismatches)

    def info(self, kind: str, path: str, message: str, offset: int) -> None:
        """A finding Kafka lists in its end-of-run summaries: a ``problem`` object with ``--json``
        (not corruption, as for Kafka); in text mode the summaries say it."""
        if self.json:
            self.emit_object(problem_object(Problem(kind, path, 0, 0, message, offset), False))

    def dump_time_index(self, path: str) -> None:
        base_offset = base_offset_of(path)
        self.file(path, "timeindex", base_offset=base_offset)
        if self.empty(path, 12):
            return
        if self.args.index_sanity_check:
            error = time_index_sanity_error(path, Path(path).read_bytes(), base_offset)
            self.sanity(path, "time_index_sanity", error)
            return
        log, index = _sibling(path, ".log"), _sibling(path, ".index")
        verify = self.can_verify(path, log)
        # Kafka needs the .index too; without it every lookup starts at position 0: same result, slower.
        offsets = read_offset_index(index, base_offset) if verify and os.path.isfile(index) else []
        absolute = _absolute(path)
        previous = -1
        for entry in read_time_index(path, base_offset):
            if verify:
                try:
                    self.verify_time_entry(
                        path, absolute, log, lookup(offsets, entry.offset), entry, previous
                    )
                except KafkaksError as exc:
                    self.report_error(exc.at(log), "corrupt_records")
            previous = entry.timestamp
            if self.args.verify_index_only:
                continue
            if self.json:
                self.emit_object(entry_object(entry, path))
            else:
                self.emit(f"timestamp: {entry.timestamp} offset: {entry.offset}")

    def verify_time_entry(
        self, path: str, absolute: str, log: str, position: int, entry: TimeIndexEntry, previous: int
    ) -> None:
        """Kafka's check: the first batch from ``position`` reaching the offset must end there and
        have the indexed timestamp as its largest; timestamps must grow strictly."""
        batch = batch_reaching(log, position, entry.offset)
        if batch is None or batch.last_offset != entry.offset:
            found = -1 if batch is None else batch.last_offset
            self.not_found.setdefault(absolute, []).append((entry.offset, found))
            self.info(
                "time_index_not_found",
                path,
                f"Indexed offset: {entry.offset}, found log offset: {found}",
                entry.offset,
            )
            return
        max_timestamp = max([-1, *(record.timestamp for record in batch.records())])
        if max_timestamp != entry.timestamp:
            self.timestamp_mismatches.setdefault(absolute, []).append((entry.timestamp, max_timestamp))
            message = f"Index timestamp: {entry.timestamp}, log timestamp: {max_timestamp}"
            self.info("time_index_mismatch", path, message, entry.offset)
        if previous >= entry.timestamp:
            self.out_of_order.setdefault(absolute, []).append((entry.timestamp, previous))
            message = f"Index timestamp: {entry.timestamp}, Previously indexed timestamp: {previous}"
            self.info("time_index_out_of_order", path, message, entry.offset)

    # .txnindex and .snapshot

    def dump_txn_index(self, path: str) -> None:
        self.file(path, "txnindex")
        for txn in read_txn_index(path):
            if txn.version > 0:
                self.report(
                    "txn_index_version",
                    path,
                    f"Unexpected aborted transaction version {txn.version} in transaction index "
                    f"{_absolute(path)}, current version is 0",
                )
            if self.json:
                self.emit_object(entry_object(txn, path))
            else:
                self.emit(
                    f"version: {txn.version} producerId: {txn.producer_id} firstOffset: {txn.first_offset} "
                    f"lastOffset: {txn.last_offset} lastStableOffset: {txn.last_stable_offset}"
                )

    def dump_snapshot(self, path: str) -> None:
        snapshot = read_producer_snapshot(path)
        self.file(
            path,
            "snapshot",
            version=snapshot.version,
            crc=snapshot.crc,
            computed_crc=snapshot.computed_crc,
            crc_valid=snapshot.crc_valid,
        )
        if not snapshot.crc_valid:
            self.report(
                "snapshot_crc_mismatch",
                path,
                "Snapshot is corrupt (CRC is no longer valid). "
                f"Stored crc: {snapshot.crc}. Computed crc: {snapshot.computed_crc}",
            )
            return
        for entry in snapshot.entries:
            self.emit(dumps(entry_object(entry, path)) if self.json else snapshot_line(entry))

    # After all files

    def summaries(self) -> None:
        """Kafka's error summaries on stderr, in its order and wording (with ``--json`` they
        were ``problem`` objects)."""
        if self.json:
            self.flush()
            return
        lines = []
        for path, pairs in self.index_mismatches.items():
            lines.append(f"Mismatches in :{path}")
            lines += [f"  Index offset: {index}, log offset: {log}" for index, log in reversed(pairs)]
        for path, pairs in self.timestamp_mismatches.items():
            lines.append(f"Found timestamp mismatch in :{path}")
            lines += [f"  Index timestamp: {index}, log timestamp: {log}" for index, log in reversed(pairs)]
        for path, pairs in self.out_of_order.items():
            lines.append(f"Found out of order timestamp in :{path}")
            lines += [
                f"  Index timestamp: {index}, Previously indexed timestamp: {p}"
                for index, p in reversed(pairs)
            ]
        for pairs in self.not_found.values():
            lines.append("The following indexed offsets are not found in the log.")
            lines += [f"Indexed offset: {index}, found log offset: {log}" for index, log in reversed(pairs)]
        for path, pairs in self.non_consecutive.items():
            lines.append(f"Non-consecutive offsets in {path}")
            lines += [f"  {first} is followed by {second}" for first, second in reversed(pairs)]
        self.flush()
        if lines:
            self.warn("\n".join(lines))


def _kafka_files(listing: Listing) -> list[str]:
    """The dumpable files of one directory, by base offset, then in Kafka's suffix order."""

    def order(entry: Entry) -> tuple[int, int, str]:
        digits = LEADING_DIGITS.match(entry.name)
        return (int(digits[0]) if digits else -1, SUFFIXES.index(_suffix(entry.name)), entry.name)

    files = [entry for entry in listing.entries if entry.type == "file" and _suffix(entry.name) in SUFFIXES]
    return [entry.path for entry in sorted(files, key=order)]


def _suffix(name: str) -> str:
    return name[name.rfind(".") :] if "." in name else ""


def expand(path: str, on_problem: ProblemHandler) -> list[str]:
    """The files to dump or verify for one argument: the file itself, or for a directory its own
    Kafka files, then, recursively, those of each partition directory in it (by topic, then
    partition) and of its other subdirectories (by name). What a directory is comes from what it
    holds (:func:`~kafkaks.store.listing.classify`). Partitions being deleted or moved (``-delete``,
    ``-future``, ``-stray``) are left out. Entries that are not read (links that loop, dangle or
    lead out of the directory given or to a directory, directories named like Kafka files,
    directories that cannot be listed) go to ``on_problem``. Raises :class:`NoKafkaDataError` for a
    path that does not exist or a directory that holds no Kafka data at any depth."""
    if not os.path.isdir(path):
        if not os.path.exists(path):
            raise NoKafkaDataError("No such file or directory", path=path)
        return [path]
    files, kafka = _walk(path, local_lister(path, on_problem), on_problem)
    if not kafka:
        raise NoKafkaDataError(
            "no Kafka data: no Kafka file, partition directory or log directory in it", path=path
        )
    return files


def _walk(
    directory: str, list_dir: Callable[[str], Listing | None], on_problem: ProblemHandler
) -> tuple[list[str], bool]:
    """(the files of :func:`expand`, whether any directory held Kafka data)."""
    listing = list_dir(directory)
    if listing is None:
        return [], False
    found = classify(listing, list_dir, nested=False)  # the walk goes down by itself
    if found is not None:  # entries of directories without Kafka data are none of our business
        report_entries(listing, on_problem)
    partitions = {
        p.path: PartitionDir.of(p.path) for p in (found[1] if found and found[0] == "log_dir" else [])
    }
    named = [partition for partition in partitions.values() if partition is not None and not partition.status]
    subdirs = [os.fspath(p.path) for p in sorted(named, key=lambda p: (p.topic, p.partition))]
    subdirs += sorted(
        entry.path
        for entry in listing.entries
        if entry.type == "directory" and (entry.path not in partitions or partitions[entry.path] is None)
    )
    files = _kafka_files(listing)
    kafka = found is not None
    for subdir in subdirs:
        more, held = _walk(subdir, list_dir, on_problem)
        files += more
        kafka = kafka or held
    return files, kafka or bool(files)


def _file_list(value: str) -> list[str]:
    """Kafka's --files: a comma-separated list (String.split drops empty trailing parts)."""
    return [name for name in value.split(",") if name]


def _positive_int(value: str) -> int:
    number = int(value)
    if number <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive integer: {value}")
    return number


# kafkaks verify


def _offsets(first: int | None, last: int | None) -> str:
    return "-" if first is None or last is None else f"{first}..{last}"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{kind}={count}" for kind, count in counts.items()) or "-"


def summary_table(reports: list[PartitionReport]) -> list[str]:
    """One row per partition: segments, batches, records, offset range, then the problems that are
    damage and those that are information, by kind."""
    rows = [("partition", "segments", "batches", "records", "offsets", "damage", "info")]
    for report in reports:
        rows.append(
            (
                report.path,
                str(len(report.segments)),
                str(report.batches),
                str(report.records),
                _offsets(report.first_offset, report.last_offset),
                _counts(report.damage_counts),
                _counts(report.info_counts),
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(6)]
    lines = []
    for row in rows:
        cells = [
            row[0].ljust(widths[0]),
            *(cell.rjust(width) for cell, width in zip(row[1:5], widths[1:5], strict=True)),
            row[5].ljust(widths[5]),
        ]
        lines.append("  ".join([*cells, row[6]]))
    return lines


def _count(number: int, noun: str, plural: str | None = None) -> str:
    """``1 batch``, ``2 batches``: a number with its noun in the right form."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def _loss_lines(loss: SegmentLoss) -> list[str]:
    name = os.path.basename(loss.path)
    what = (
        f"{_count(loss.lost_bytes, 'byte')}, {_count(len(loss.batches), 'batch', 'batches')}, "
        f"{_count(loss.records, 'record')}, offsets {_offsets(loss.first_offset, loss.last_offset)}"
    )
    if loss.stage == "deleted":
        return [f"  {name}: deleted whole: {what}"]
    verb = {
        "recovery": "truncated",
        "load": "truncated at load (its .index is missing)",
        "untouched": "damaged",
    }[loss.stage]
    lines = [f"  {name}: {verb} at byte {loss.position} of {loss.size}: {loss.reason}"]
    if loss.stage == "untouched":
        return [*lines, "    recovery does not reach it (see above): the damage stays, nothing is removed"]
    lines.append(f"    lost: {what}")
    for batch in loss.batches:
        first = "?" if batch.base_offset is None else batch.base_offset
        records = "? records" if batch.records is None else _count(batch.records, "record")
        crc = "" if batch.crc_valid else " (CRC mismatch)"
        lines.append(
            f"    - batch at position {batch.position}, {_count(batch.size, 'byte')}: "
            f"offsets {first}..{batch.last_offset}, {records}{crc}"
        )
    if loss.unreadable_bytes:
        lines.append(f"    - {_count(loss.unreadable_bytes, 'byte')} that hold no readable batch")
    return lines


def recovery_lines(plan: RecoveryPlan) -> list[str]:
    """What a broker's startup recovery would do to one partition, in words."""
    lines = [f"Recovery of {plan.path}: recovery point {plan.recovery_point} ({plan.basis})"]
    if plan.clean_shutdown:
        lines.append(
            "  the log dir has .kafka_cleanshutdown: a broker starting on it skips recovery "
            "(only segments without their .index are rebuilt)"
        )
    elif plan.recovered:
        first = os.path.basename(plan.recovered[0])
        count = _count(len(plan.recovered), "segment")
        lines.append(f"  after an unclean shutdown a broker recovers {count} from {first}")
    for loss in plan.losses:
        lines += _loss_lines(loss)
    for problem in plan.unreadable:
        lines.append(
            f"  {os.path.basename(problem.path)}: cannot be read ({problem.message}): not in this view"
        )
    if not any(loss.stage != "untouched" for loss in plan.losses):
        lines.append("  nothing would be truncated or deleted")
    return lines


def partition_of(path: str) -> str | None:
    """The partition directory a path is or is in, for ``--recovery``; None for other places."""
    directory = path if os.path.isdir(path) else os.path.dirname(path) or "."
    try:
        kind, _ = locate(directory, on_problem=lambda _problem: None)
    except KafkaksError:
        return None
    return directory if kind == "partition" else None


def _log_bytes(files: list[str]) -> int:
    """The size of the .log and .checkpoint files, for the progress bar (missing ones count 0)."""
    return sum(
        os.path.getsize(path)
        for path in files
        if path.endswith((".log", ".checkpoint")) and os.path.isfile(path)
    )


def run_verify(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    damaged = False

    def on_listing_problem(problem: Problem) -> None:
        nonlocal damaged
        damaged = True
        if args.json:
            out.write(dumps(problem_object(problem, True)) + "\n")
        else:
            err.write(f"kafkaks: {problem.path}: {problem.message}\n")

    files = [path for argument in args.paths for path in expand(argument, on_listing_problem)]
    unknown = [
        path
        for path in args.paths
        if os.path.isfile(path) and _suffix(os.path.basename(path)) not in SUFFIXES
    ]
    if unknown:
        raise NoKafkaDataError(f"not a file verify checks (none of {', '.join(SUFFIXES)})", path=unknown[0])
    progress = Progress(err, _log_bytes(files), "kafkaks verify")

    def on_problem(problem: Problem) -> None:
        nonlocal damaged
        corrupt = problem.kind in CORRUPTION
        damaged = damaged or corrupt
        if args.json:
            out.write(dumps(problem_object(problem, corrupt)) + "\n")
        elif corrupt or args.verbose:
            progress.clear()
            err.write(f"kafkaks: {problem}\n")

    try:
        reports = verify_files(
            files, max_message_size=args.max_message_size, on_problem=on_problem, progress=progress.advance
        )
        progress.close()
        if args.json:
            out.writelines(dumps(summary_object(report)) + "\n" for report in reports)
        elif not args.quiet:
            out.write("\n".join(summary_table(reports)) + "\n")
        if args.recovery:
            write_recovery(args, reports, out, err)
    except BrokenPipeError:  # stdout's reader has gone (| head): stop, with what was found so far
        _quiet_stdout()
    finally:
        progress.close()
    return 1 if damaged else 0


def write_recovery(
    args: argparse.Namespace, reports: list[PartitionReport], out: TextIO, err: TextIO
) -> None:
    """``verify --recovery``: what a broker's recovery would do to each partition directory."""
    partitions = dict.fromkeys(d for d in map(partition_of, [r.path for r in reports]) if d is not None)
    for directory in partitions:
        plan = plan_recovery(directory)
        if args.json:
            out.write(dumps(recovery_object(plan)) + "\n")
        else:
            out.write("\n" + "\n".join(recovery_lines(plan)) + "\n")
    if not partitions:
        err.write("kafkaks: --recovery: no <topic>-<partition> directory among the paths\n")


# Command line


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kafkaks",
        description="Read Apache Kafka's on-disk files (segments, indexes, snapshots) without a broker.",
        allow_abbrev=False,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    dump = commands.add_parser(
        "dump",
        help="print log segments, indexes and snapshots like kafka-dump-log.sh",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    dump.add_argument("paths", nargs="*", metavar="PATH", help="files or directories to dump")
    dump.add_argument(
        "--files",
        type=_file_list,
        action="extend",
        default=[],
        metavar="file1,file2,...",
        help="a comma-separated list of data and index files to dump (Kafka's required option)",
    )
    dump.add_argument(
        "--print-data-log",
        action="store_true",
        help="print the keys and values of the records (implies --deep-iteration); implied by the "
        "decoder options",
    )
    dump.add_argument(
        "--deep-iteration", action="store_true", help="print the records of each batch, not only the batch"
    )
    decoders = dump.add_argument_group(
        "decoders of internal topics",
        "Each implies --print-data-log and applies to every file dumped, as in Kafka; given\n"
        "together, the first in this order wins, as in Kafka. Not supported:\n"
        "--remote-log-metadata-decoder, --share-group-state-decoder, --key-decoder-class and\n"
        "--value-decoder-class.",
    )
    decoders.add_argument(
        "--offsets-decoder",
        action="store_true",
        help="parse the records as __consumer_offsets data: key and payload as JSON",
    )
    decoders.add_argument(
        "--transaction-log-decoder",
        action="store_true",
        help="parse the records as __transaction_state data (transactionalId, producerId, state, ...)",
    )
    decoders.add_argument(
        "--cluster-metadata-decoder",
        action="store_true",
        help="parse the records as KRaft __cluster_metadata records: the payload as JSON",
    )
    dump.add_argument(
        "--skip-record-metadata",
        action="store_true",
        help="do not print record metadata; this also skips the details of control records",
    )
    dump.add_argument(
        "--verify-index-only",
        action="store_true",
        help="verify .index and .timeindex files against the .log without printing their entries",
    )
    dump.add_argument(
        "--index-sanity-check",
        action="store_true",
        help="only run the broker's sanity check on .index and .timeindex files",
    )
    _max_message_size(dump)
    dump.add_argument(
        "--max-bytes",
        type=_positive_int,
        default=None,
        metavar="size",
        help="read only the first N bytes of each .log (no 'invalid bytes' line then)",
    )
    dump.add_argument(
        "--json",
        action="store_true",
        help="JSON Lines instead of Kafka's text: one object per file, batch, record, index entry and "
        "problem, with a 'type' field (records are always included)",
    )
    dump.add_argument(
        "--bytes",
        choices=sorted(BYTES_FORMATS),
        default="base64",
        help="how --json writes keys, values and header values (default base64)",
    )
    dump.set_defaults(command_parser=dump)
    verify = commands.add_parser(
        "verify",
        help="check CRCs, indexes, offsets and snapshots; a summary per partition",
        description=VERIFY_DESCRIPTION,
        epilog=VERIFY_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    verify.add_argument("paths", nargs="+", metavar="PATH", help="files, partition or log directories")
    verify.add_argument(
        "--recovery",
        action="store_true",
        help="also tell what a broker's log recovery would truncate and delete, batch by batch",
    )
    verify.add_argument(
        "--json", action="store_true", help="JSON Lines: problem, summary and recovery objects"
    )
    chatter = verify.add_mutually_exclusive_group()
    chatter.add_argument(
        "--verbose",
        "-v",
        action="store_true",
        help="also print each finding that is information, not damage, on stderr",
    )
    chatter.add_argument(
        "--quiet",
        "-q",
        action="store_true",
        help="print no summary table and no information: only the damage lines on stderr (and the "
        "recovery view when --recovery asks for it)",
    )
    _max_message_size(verify)
    verify.set_defaults(command_parser=verify)
    from ..spark.pipeline import add_parser as add_pipeline_parser  # Spark loads only when it runs

    add_pipeline_parser(commands)
    return parser


def _max_message_size(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--max-message-size",
        type=_positive_int,
        default=DEFAULT_MAX_MESSAGE_SIZE,
        metavar="size",
        help=f"the largest batch an index entry may point to (default {DEFAULT_MAX_MESSAGE_SIZE})",
    )


def _quiet_stdout() -> None:
    """After a closed pipe (``kafkaks dump x.log | head``): send what is left to /dev/null, so the
    interpreter's final flush does not fail again."""
    with contextlib.suppress(OSError, ValueError):  # not a real file (e.g. captured in tests)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _interrupted() -> int:
    """Ctrl-C: what was printed so far goes out, then exit 130 (128 + SIGINT) without a traceback."""
    try:
        sys.stdout.flush()
    except OSError:  # the reader of a pipe was interrupted too
        _quiet_stdout()
    return 130


def run_dump(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    arguments = [*args.files, *args.paths]
    problems: list[Problem] = []
    files = [path for argument in arguments for path in expand(argument, problems.append)]
    progress = Progress(err, _log_bytes(files), "kafkaks dump")
    dumper = Dumper(args, out, err, progress)
    for problem in problems:  # entries of the directories that are not read
        dumper.report(problem.kind, problem.path, problem.message)
    try:
        for path in files:
            dumper.dump(path)
        dumper.summaries()
    except BrokenPipeError:  # stdout's reader has gone (| head): stop, with what was found so far
        _quiet_stdout()
        return 1 if dumper.failed else 0
    except (KafkaksError, OSError, KeyboardInterrupt):
        dumper.flush()  # what was dumped before the error or Ctrl-C
        raise
    finally:
        progress.close()
    if not any(_suffix(os.path.basename(path)) in SUFFIXES for path in files):
        raise NoKafkaDataError(
            f"nothing dumped: no Kafka file (none of {', '.join(SUFFIXES)}) among {', '.join(arguments)}"
        )
    return 1 if dumper.failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "dump" and not [*args.files, *args.paths]:
            args.command_parser.error("no files to dump: give --files file1,file2,... or paths")
    except SystemExit as exc:  # --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else 2
    if isinstance(sys.stdout, io.TextIOWrapper):
        # Paths are bytes on POSIX: printed as they are, whatever the locale (--json escapes them).
        sys.stdout.reconfigure(errors="surrogateescape")
    try:
        if args.command == "pipeline":
            return int(args.run(args))
        run = run_dump if args.command == "dump" else run_verify
        return run(args, sys.stdout, sys.stderr)
    except KeyboardInterrupt:
        return _interrupted()
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except NoKafkaDataError as exc:
        sys.stdout.flush()
        sys.stderr.write(f"kafkaks: error: {exc}\n")
        return 2
    except (KafkaksError, OSError) as exc:
        sys.stdout.flush()
        sys.stderr.write(f"kafkaks: error: {exc}\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
