"""The ``kafkaks`` command: ``kafkaks dump`` prints Kafka files like ``bin/kafka-dump-log.sh``.

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

Where Kafka throws and stops the whole run (a record size below 14, a zero-filled preallocated
tail, a record that does not decode, a missing companion file, a failed index sanity check),
kafkaks reports one line on stderr, ``kafkaks: <file>: position P, offset O: <reason>``, and goes
on with the next readable batch or file. ``position`` on a batch line is the batch's byte position
in the file: Kafka's running sum of batch sizes, which it equals unless damaged bytes were skipped.

Exit status: 0 when every file was read cleanly, 1 when corruption was found (a CRC mismatch, a
batch or record that does not decode, skipped bytes, a corrupt index or snapshot) or a file could
not be read, 2 for a usage error. Kafka reports index mismatches and a partial batch at the end of
a segment (``Found N invalid bytes``) as information, and so does kafkaks: they do not change the
exit status. Neither does a zero-filled tail, which ``file.preallocate=true`` leaves legitimately,
nor a missing ``.log`` beside an index (the entries are printed unverified, with a note on stderr;
a ``.timeindex`` without its ``.index`` is verified by scanning from the start of the ``.log``).
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import json
import os
import re
import struct
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from .errors import KafkaksError
from .files import (
    base_offset_of,
    read_offset_index,
    read_producer_snapshot,
    read_time_index,
    read_txn_index,
)
from .models import ControlRecord, OffsetIndexEntry, Problem, ProducerSnapshotEntry, Record, TimeIndexEntry
from .partition import PartitionDir, partition_dirs
from .segment import Batch, read_log

__all__ = ["main"]

MAX_INT32 = 0x7FFFFFFF
DEFAULT_MAX_MESSAGE_SIZE = 5 * 1024 * 1024
FLUSH_LINES = 4096
# Kafka's dispatch order for the files of one segment, used when a directory is dumped.
SUFFIXES = (".log", ".checkpoint", ".index", ".timeindex", ".txnindex", ".snapshot")
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
directory (by topic, then partition), in offset order.

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

Decoders of internal topics (--offsets-decoder, --transaction-log-decoder,
--cluster-metadata-decoder, --remote-log-metadata-decoder, --share-group-state-decoder) and
custom --key-decoder-class/--value-decoder-class come later; --print-data-log prints keys and
values as UTF-8 text, as Kafka's default StringDecoder does.

Exit status: 0 clean; 1 corruption found (CRC mismatch, undecodable batch or record, skipped
bytes, corrupt index or snapshot) or a file could not be read; 2 usage error. Index mismatches
and a partial batch at the end of a segment are information, as in Kafka, not corruption."""


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


def record_line(batch: Batch, record: Record, metadata: bool, contents: bool) -> str:
    """One record, as DumpLogSegments prints it (an empty line when there is nothing to show)."""
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
        if record.key is not None:
            parts.append(f"{prefix}key: {_text(record.key)}")
        if record.value is not None:
            parts.append(f" payload: {_text(record.value)}")
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


def _ignore(_problem: Problem) -> None:
    """For the reads that verify an index: the .log's own problems are reported when it is dumped."""


def first_batch(log: str, position: int, max_size: int) -> Batch | None:
    """The batch that starts exactly at ``position`` within ``max_size`` bytes, if any (Kafka's
    ``fileRecords.slice(position, maxMessageSize).batches.iterator.next``)."""
    for batch in read_log(log, start=position, end=position + max_size, verify_crc=False, on_problem=_ignore):
        return batch if batch.position == position else None
    return None


def batch_reaching(log: str, position: int, offset: int) -> Batch | None:
    """The first batch from ``position`` whose last offset is at least ``offset``, if any."""
    for batch in read_log(log, start=position, verify_crc=False, on_problem=_ignore):
        if batch.last_offset >= offset:
            return batch
    return None


def lookup(entries: list[OffsetIndexEntry], offset: int) -> int:
    """OffsetIndex.lookup(offset).position: the largest entry at or below ``offset``, else 0."""
    found = bisect.bisect_right([entry.offset for entry in entries], offset)
    return entries[found - 1].position if found else 0


class Dumper:
    """Dumps files one after the other to ``out``, collecting Kafka's end-of-run summaries."""

    def __init__(self, args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
        self.args = args
        self.out = out
        self.err = err
        self.lines: list[str] = []
        self.failed = False
        self.deep = args.deep_iteration or args.print_data_log
        # Kafka's summaries, keyed by absolute path; each list in reverse discovery order.
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

    def flush(self) -> None:
        if self.lines:
            self.out.write("\n".join(self.lines) + "\n")
            self.lines.clear()

    def warn(self, message: str) -> None:
        self.flush()
        self.out.flush()
        self.err.write(message + "\n")

    def report(
        self,
        path: str,
        reason: str,
        position: int | None = None,
        offset: int | None = None,
        corrupt: bool = True,
    ) -> None:
        """One line on stderr naming the file, position and offset; ``corrupt`` fails the run."""
        where = "".join(
            (
                "" if position is None else f": position {position}",
                "" if offset is None else f"{',' if position is not None else ':'} offset {offset}",
            )
        )
        self.warn(f"kafkaks: {path}{where}: {reason}")
        self.failed = self.failed or corrupt

    def report_error(self, exc: KafkaksError) -> None:
        self.report(exc.path or "<unknown>", exc.reason, exc.position, exc.offset)

    # Dispatch

    def dump(self, path: str) -> None:
        self.emit(f"Dumping {path}")
        name = os.path.basename(path)
        suffix = name[name.rfind(".") :] if "." in name else ""
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
        except OSError as exc:
            self.report(exc.filename or path, exc.strerror or str(exc))

    # .log and .checkpoint

    def on_log_problem(self, problem: Problem) -> None:
        # A partial batch at the end is what Kafka reports as "Found N invalid bytes" (stdout).
        # A zero-filled tail is what file.preallocate=true leaves: Kafka throws, but it is no damage.
        if problem.kind != "truncated":
            corrupt = problem.kind != "zero_tail"
            self.report(problem.path, problem.message, problem.position, problem.offset, corrupt)

    def dump_log(self, path: str) -> None:
        self.emit(log_header(path))
        size = os.path.getsize(path)
        max_bytes = self.args.max_bytes
        metadata, contents = not self.args.skip_record_metadata, self.args.print_data_log
        valid_end = 0
        previous = -1
        gaps: list[tuple[int, int]] = []
        for batch in read_log(path, end=max_bytes, on_problem=self.on_log_problem):
            self.emit(batch_line(batch))
            valid_end = batch.position + batch.size
            if not self.deep:
                continue
            try:
                for record in batch.records():
                    # Scala DumpLogSegments: the first record only sets the previous offset.
                    if previous != -1 and record.offset != previous + 1:
                        gaps.insert(0, (previous, record.offset))
                    previous = record.offset
                    self.emit(record_line(batch, record, metadata, contents))
            except KafkaksError as exc:
                self.report_error(exc.at(path, batch.position, batch.last_offset))
        if gaps:
            absolute = _absolute(path)
            self.non_consecutive[absolute] = gaps + self.non_consecutive.get(absolute, [])
        if max_bytes is None and size > valid_end:
            self.emit(f"Found {size - valid_end} invalid bytes at the end of {os.path.basename(path)}")

    # .index and .timeindex

    def sanity(self, path: str, error: str | None) -> None:
        if error is None:
            self.emit(f"{path} passed sanity check.")
        else:
            self.report(path, error)

    def can_verify(self, path: str, log: str) -> bool:
        """Kafka needs the segment's .log to verify an index (and stops without it); kafkaks notes
        its absence (not damage: copies of log dirs often lack it) and dumps the entries."""
        if os.path.isfile(log):
            return True
        self.report(path, f"cannot verify the entries: {log} not found", corrupt=False)
        return False

    def dump_index(self, path: str) -> None:
        base_offset = base_offset_of(path)
        if os.path.getsize(path) < 8:
            self.emit(f"{path} is empty.")
            return
        if self.args.index_sanity_check:
            self.sanity(path, index_sanity_error(path, Path(path).read_bytes(), base_offset))
            return
        log = _sibling(path, ".log")
        verify = self.can_verify(path, log)
        mismatches: list[tuple[int, int]] = []
        for entry in read_offset_index(path, base_offset):
            if verify:
                batch = first_batch(log, entry.position, self.args.max_message_size)
                if batch is None:
                    self.report(
                        path, f"no batch starts at position {entry.position} of {log}", None, entry.offset
                    )
                elif batch.last_offset != entry.offset:
                    mismatches.insert(0, (entry.offset, batch.last_offset))
            if not self.args.verify_index_only:
                self.emit(f"offset: {entry.offset} position: {entry.position}")
        if mismatches:
            absolute = _absolute(path)
            self.index_mismatches[absolute] = mismatches + self.index_mismatches.get(absolute, [])

    def dump_time_index(self, path: str) -> None:
        base_offset = base_offset_of(path)
        if os.path.getsize(path) < 12:
            self.emit(f"{path} is empty.")
            return
        if self.args.index_sanity_check:
            self.sanity(path, time_index_sanity_error(path, Path(path).read_bytes(), base_offset))
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
                    self.verify_time_entry(absolute, log, lookup(offsets, entry.offset), entry, previous)
                except KafkaksError as exc:
                    self.report_error(exc.at(log))
            if not self.args.verify_index_only:
                self.emit(f"timestamp: {entry.timestamp} offset: {entry.offset}")
            previous = entry.timestamp

    def verify_time_entry(
        self, absolute: str, log: str, position: int, entry: TimeIndexEntry, previous: int
    ) -> None:
        """Kafka's check: the first batch from ``position`` reaching the offset must end there and
        have the indexed timestamp as its largest; timestamps must grow strictly."""
        batch = batch_reaching(log, position, entry.offset)
        if batch is None or batch.last_offset != entry.offset:
            found = -1 if batch is None else batch.last_offset
            self.not_found.setdefault(absolute, []).insert(0, (entry.offset, found))
            return
        max_timestamp = max([-1, *(record.timestamp for record in batch.records())])
        if max_timestamp != entry.timestamp:
            self.timestamp_mismatches.setdefault(absolute, []).insert(0, (entry.timestamp, max_timestamp))
        if previous >= entry.timestamp:
            self.out_of_order.setdefault(absolute, []).insert(0, (entry.timestamp, previous))

    # .txnindex and .snapshot

    def dump_txn_index(self, path: str) -> None:
        for txn in read_txn_index(path):
            if txn.version > 0:
                self.report(
                    path,
                    f"Unexpected aborted transaction version {txn.version} in transaction index "
                    f"{_absolute(path)}, current version is 0",
                )
            self.emit(
                f"version: {txn.version} producerId: {txn.producer_id} firstOffset: {txn.first_offset} "
                f"lastOffset: {txn.last_offset} lastStableOffset: {txn.last_stable_offset}"
            )

    def dump_snapshot(self, path: str) -> None:
        snapshot = read_producer_snapshot(path)
        if not snapshot.crc_valid:
            self.report(
                path,
                "Snapshot is corrupt (CRC is no longer valid). "
                f"Stored crc: {snapshot.crc}. Computed crc: {snapshot.computed_crc}",
            )
            return
        for entry in snapshot.entries:
            self.emit(snapshot_line(entry))

    # After all files

    def summaries(self) -> None:
        """Kafka's error summaries on stderr, in its order and wording."""
        lines = []
        for path, pairs in self.index_mismatches.items():
            lines.append(f"Mismatches in :{path}")
            lines += [f"  Index offset: {index}, log offset: {log}" for index, log in pairs]
        for path, pairs in self.timestamp_mismatches.items():
            lines.append(f"Found timestamp mismatch in :{path}")
            lines += [f"  Index timestamp: {index}, log timestamp: {log}" for index, log in pairs]
        for path, pairs in self.out_of_order.items():
            lines.append(f"Found out of order timestamp in :{path}")
            lines += [f"  Index timestamp: {index}, Previously indexed timestamp: {p}" for index, p in pairs]
        for pairs in self.not_found.values():
            lines.append("The following indexed offsets are not found in the log.")
            lines += [f"Indexed offset: {index}, found log offset: {log}" for index, log in pairs]
        for path, pairs in self.non_consecutive.items():
            lines.append(f"Non-consecutive offsets in {path}")
            lines += [f"  {first} is followed by {second}" for first, second in pairs]
        self.flush()
        if lines:
            self.warn("\n".join(lines))


def _kafka_files(directory: str) -> list[str]:
    """The dumpable files of one directory, by base offset, then in Kafka's suffix order."""

    def order(name: str) -> tuple[int, int, str]:
        digits = LEADING_DIGITS.match(name)
        return (int(digits[0]) if digits else -1, SUFFIXES.index(name[name.rfind(".") :]), name)

    names = [
        entry.name
        for entry in os.scandir(directory)
        if entry.is_file() and "." in entry.name and entry.name[entry.name.rfind(".") :] in SUFFIXES
    ]
    return [os.path.join(directory, name) for name in sorted(names, key=order)]


def expand(path: str) -> list[str]:
    """The files to dump for one argument: the file itself, or for a directory its own Kafka files,
    then, recursively, those of each ``<topic>-<partition>`` directory in it (by topic, then
    partition) and of its other subdirectories (by name). Partitions being deleted or moved
    (``-delete``, ``-future``, ``-stray``) are left out."""
    if not os.path.isdir(path):
        return [path]
    subdirs = [os.path.join(path, partition.path.name) for partition in partition_dirs(path)]
    subdirs += sorted(
        entry.path for entry in os.scandir(path) if entry.is_dir() and PartitionDir.of(entry.path) is None
    )
    files = _kafka_files(path)
    for subdir in subdirs:
        files += expand(subdir)
    return files


def _file_list(value: str) -> list[str]:
    """Kafka's --files: a comma-separated list (String.split drops empty trailing parts)."""
    return [name for name in value.split(",") if name]


def _positive_int(value: str) -> int:
    number = int(value)
    if number <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive integer: {value}")
    return number


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kafkaks",
        description="Read Apache Kafka's on-disk files (segments, indexes, snapshots) without a broker.",
        allow_abbrev=False,
    )
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
        help="print the keys and values of the records (implies --deep-iteration)",
    )
    dump.add_argument(
        "--deep-iteration", action="store_true", help="print the records of each batch, not only the batch"
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
    dump.add_argument(
        "--max-message-size",
        type=_positive_int,
        default=DEFAULT_MAX_MESSAGE_SIZE,
        metavar="size",
        help=f"the largest batch an index entry may point to (default {DEFAULT_MAX_MESSAGE_SIZE})",
    )
    dump.add_argument(
        "--max-bytes",
        type=_positive_int,
        default=None,
        metavar="size",
        help="read only the first N bytes of each .log (no 'invalid bytes' line then)",
    )
    dump.set_defaults(dump_parser=dump)
    from .pipeline import add_parser as add_pipeline_parser  # Spark loads only when it runs

    add_pipeline_parser(commands)
    return parser


def _quiet_stdout() -> None:
    """After a closed pipe (``kafkaks dump x.log | head``): send what is left to /dev/null, so the
    interpreter's final flush does not fail again."""
    with contextlib.suppress(OSError, ValueError):  # not a real file (e.g. captured in tests)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "pipeline":
            return int(args.run(args))
        files = [*args.files, *args.paths]
        if not files:
            args.dump_parser.error("no files to dump: give --files file1,file2,... or paths")
    except SystemExit as exc:  # --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else 2
    dumper = Dumper(args, sys.stdout, sys.stderr)
    try:
        for argument in files:
            for path in expand(argument):
                dumper.dump(path)
        dumper.summaries()
    except BrokenPipeError:
        _quiet_stdout()
    except (KafkaksError, OSError) as exc:
        dumper.flush()
        sys.stderr.write(f"kafkaks: error: {exc}\n")
        return 1
    return 1 if dumper.failed else 0


if __name__ == "__main__":
    sys.exit(main())
