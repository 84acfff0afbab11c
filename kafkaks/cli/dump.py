"""``kafkaks dump``: the walk over the files (:class:`Dumper`), which reads each file as Kafka's
DumpLogSegments does (dispatched by suffix; indexes verified against their ``.log``; records
decoded by a decoder option) and hands what it finds to a renderer
(:class:`kafkaks.cli.output.Renderer`): kafka-dump-log's text (:mod:`kafkaks.cli.dump_text`,
which documents where it follows which Kafka) or JSON Lines (:mod:`kafkaks.cli.jsonl`).

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
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, BinaryIO, TextIO, cast

from ..errors import KafkaksError, NoKafkaDataError
from ..internal_topics import (
    INTERNAL_TOPICS,
    DecodedRecord,
    InternalKind,
    decoded,
    internal_kind,
)
from ..models import Problem, Record, TimeIndexEntry
from ..problems import ProblemKind
from ..progress import Progress
from ..store.files import (
    base_offset_of,
    iter_offset_index,
    iter_time_index,
    iter_txn_index,
    read_producer_snapshot,
)
from ..store.listing import KAFKA_SUFFIXES, FileKind, sibling
from ..store.options import ReadOptions
from ..store.segment import batch_records, flatten, read_log_runs, topic_partition
from ..store.verify import (
    INDEX_ENTRY,
    TIME_INDEX_ENTRY,
    batch_reaching,
    first_batch,
    index_sanity_error,
    lookup,
    open_offset_index,
    time_index_sanity_error,
    unverifiable,
)
from ..wire.batch import Batch
from .custom_decoders import DecoderTextRenderer
from .decoder_text import missing_key_message
from .dump_text import TextRenderer, absolute_path, log_header, segment_header
from .jsonl import JsonRenderer
from .output import OutputError, Renderer, quiet_stdout
from .paths import expand, log_bytes
from .remote import open_remote

if TYPE_CHECKING:
    from ..remote.crypto import Keyring
    from ..remote.segments import RemoteSegment

__all__ = ["Dumper", "run_dump"]


# Kafka's decoder options (dest, kind) in the order DumpLogSegmentsOptions.messageParser tries them:
# given together, the first one wins and the others are ignored, as in Kafka.
DECODER_OPTIONS: tuple[tuple[str, InternalKind], ...] = (
    ("offsets_decoder", "offsets"),
    ("transaction_log_decoder", "transaction_log"),
    ("cluster_metadata_decoder", "cluster_metadata"),
    ("remote_log_metadata_decoder", "remote_log_metadata"),
    ("share_group_state_decoder", "share_group_state"),
)
TOPIC_OF_KIND = {kind: topic for topic, kind in INTERNAL_TOPICS.items()}


def decoder_kind(args: argparse.Namespace) -> InternalKind | None:
    """The decoder chosen by the options, applied to every file dumped, or None."""
    return next((kind for dest, kind in DECODER_OPTIONS if getattr(args, dest, False)), None)


def file_kind(path: str) -> InternalKind | None:
    """What ``--json`` decodes a file's records as when no decoder option is given: the internal
    topic its ``<topic>-<partition>`` directory names, or cluster metadata for a KRaft
    ``.checkpoint`` (``bootstrap.checkpoint`` sits in the log dir itself, out of any partition)."""
    if FileKind.of(path) is FileKind.CHECKPOINT:
        return "cluster_metadata"
    return internal_kind(topic_partition(path)[0])


def kafka_decoder_throws(kind: InternalKind, record: Record, d: DecodedRecord) -> bool:
    """Whether Kafka 4.3's decoder throws on this record, which ends kafka-dump-log's whole run:
    the coordinators' decoders (offsets, transaction log, share group state) on a record without
    a key; every other error they print as ``Error at offset N, skipping.``. The cluster metadata
    decoder catches everything."""
    return kind in ("offsets", "transaction_log", "share_group_state") and record.key is None


def decoder_problem(kind: InternalKind, record: Record, d: DecodedRecord) -> str:
    """The reason reported for a record the decoder could not (fully) read: Kafka's exception
    message for a missing key under a coordinator's decoder, else the library's ``problem``."""
    if kind in ("offsets", "transaction_log", "share_group_state") and record.key is None:
        return missing_key_message(record.offset)
    return f"{TOPIC_OF_KIND[kind]} decoder: {d.problem}"


class Dumper:
    """Dumps files one after the other, in Kafka's way, to a renderer: Kafka's text lines,
    collecting its end-of-run summaries, or with ``--json`` one JSON object per line."""

    def __init__(self, args: argparse.Namespace, out: TextIO, err: TextIO, progress: Progress) -> None:
        self.args = args
        self.progress = progress
        self.failed = False
        # Kafka: any decoder option turns on printing, which turns on deep iteration.
        self.decoder = decoder_kind(args)
        key_decoder, value_decoder = getattr(args, "key_decoder", None), getattr(args, "value_decoder", None)
        custom = key_decoder is not None or value_decoder is not None
        contents = args.print_data_log or self.decoder is not None or custom
        self.deep = args.deep_iteration or contents or args.json
        # With --json the records of internal topics are decoded without a decoder option too.
        self.decode_internal_topics = args.json
        self.output: Renderer = (
            JsonRenderer(out, err, progress, args.bytes)
            if args.json
            else DecoderTextRenderer(
                out, err, progress, not args.skip_record_metadata, key_decoder, value_decoder
            )
            if custom
            else TextRenderer(out, err, progress, not args.skip_record_metadata, contents)
        )
        if isinstance(self.output, JsonRenderer) and (args.decode_values or args.registry):
            from ..schemas.decode import Decoding
            from ..schemas.json_values import DumpDecoder

            decoding = Decoding(
                registry=args.registry,
                subjects=dict(pair.split("=", 1) for pair in args.subject),
                schema_files=dict(pair.split("=", 1) for pair in args.schema_file),
            )
            self.output.value_decoder = DumpDecoder(decoding, self.output.encode)

    def report(
        self,
        kind: ProblemKind,
        path: str,
        reason: str,
        position: int | None = None,
        offset: int | None = None,
        corrupt: bool = True,
        length: int = 0,
    ) -> None:
        """A problem, for the renderer; ``corrupt`` fails the run."""
        self.failed = self.failed or corrupt
        problem = Problem(kind, path, position or 0, length, reason, offset)
        self.output.problem(problem, corrupt, position is not None)

    def report_error(self, exc: KafkaksError, kind: ProblemKind = ProblemKind.UNREADABLE_FILE) -> None:
        self.report(kind, exc.path or "<unknown>", exc.reason, exc.position, exc.offset)

    # Dispatch

    def dump(self, path: str) -> None:
        self.output.start(path)
        dumpers: dict[FileKind | None, Callable[[str], None]] = {
            FileKind.LOG: self.dump_log,
            FileKind.CHECKPOINT: self.dump_log,
            FileKind.INDEX: self.dump_index,
            FileKind.TIMEINDEX: self.dump_time_index,
            FileKind.TXNINDEX: self.dump_txn_index,
            FileKind.SNAPSHOT: self.dump_snapshot,
        }
        dumper = dumpers.get(FileKind.of(path))
        if dumper is None:
            self.output.warn(f"Ignoring unknown file {path}")
            return
        try:
            dumper(path)
        except KafkaksError as exc:
            self.report_error(exc.at(path))
        except (BrokenPipeError, OutputError):  # stdout, not the file: run_dump stops
            raise
        except OSError as exc:
            self.report(ProblemKind.UNREADABLE_FILE, exc.filename or path, exc.strerror or str(exc))

    # .log and .checkpoint

    def on_log_problem(self, problem: Problem) -> None:
        # A partial batch at the end is what Kafka reports as "Found N invalid bytes" (stdout),
        # damage all the same. A zero-filled tail is what file.preallocate=true leaves: Kafka
        # throws, but it is no damage.
        corrupt = problem.kind.damage
        self.failed = self.failed or corrupt
        self.output.problem(problem, corrupt, True)

    def on_scan(self, _position: int) -> None:
        # A search for the next valid batch after damage, which can take long in a large file:
        # the batches before the damage are printed now, not after it. If stdout's reader has
        # gone, the next write says so, once the damage being scanned past has been reported.
        with contextlib.suppress(BrokenPipeError):
            self.output.flush()
            self.output.out.flush()

    def dump_log(self, path: str) -> None:
        # Kafka's header line, computed in either format: it refuses a .checkpoint whose name is
        # not a KRaft snapshot's.
        base_offset = base_offset_of(path) if FileKind.of(path) is FileKind.LOG else None
        self.output.log_file(path, log_header(path), base_offset, os.path.getsize(path))
        self.read_batches(path, path, file_kind(path), None)

    def dump_remote(self, segment: RemoteSegment, keyring: Keyring | None) -> None:
        """A remote segment (tiered storage), named by its ``.log`` object, as a ``.log`` file."""
        name = segment.location
        self.output.start(name)
        try:
            with segment.open(keyring) as stream:
                size = stream.seek(0, os.SEEK_END)
                self.output.log_file(name, segment_header(segment.start_offset), segment.start_offset, size)
                where = (segment.topic, segment.partition)
                self.read_batches(name, cast(BinaryIO, stream), internal_kind(segment.topic), where)
        except KafkaksError as exc:
            self.report_error(exc.at(name))

    def read_batches(
        self,
        path: str,
        source: str | BinaryIO,
        internal: InternalKind | None,
        partition_of: tuple[str, int] | None,
    ) -> None:
        """The batches (and with deep iteration the records) of a log whose header is out;
        ``partition_of`` where its path does not name the partition (a remote segment)."""
        size = source.seek(0, os.SEEK_END) if not isinstance(source, str) else os.path.getsize(source)
        max_bytes = self.args.max_bytes
        kind = self.decoder or (internal if self.decode_internal_topics else None)
        valid_end = 0
        batches = read_log_runs(
            source,
            ReadOptions(on_problem=self.on_log_problem),
            end=max_bytes,
            on_scan=self.on_scan,
            partition_of=partition_of,
        )
        for batch in flatten(batches):
            self.progress.advance(batch.position + batch.size - valid_end)
            self.output.batch(batch)
            valid_end = batch.position + batch.size
            if not self.deep:
                continue
            for record in batch_records(batch, self.on_log_problem):
                self.dump_record(path, batch, record, kind)
        self.progress.advance(size - valid_end)
        self.output.log_end(path, size - valid_end if max_bytes is None else 0)

    def dump_record(self, path: str, batch: Batch, record: Record, kind: InternalKind | None) -> None:
        """One record, decoded when ``kind`` is set. A record the decoder cannot (fully) read is
        also a problem; it fails the run only where Kafka's decoder throws and a decoder option
        asked for it."""
        d = None if kind is None else decoded(record, kind=kind)
        self.output.record(batch, record, kind, d)
        if kind is not None and d is not None and d.problem is not None:
            corrupt = self.decoder is not None and kafka_decoder_throws(kind, record, d)
            reason = decoder_problem(kind, record, d)
            self.report(
                ProblemKind.UNDECODABLE_INTERNAL_RECORD, path, reason, batch.position, record.offset, corrupt
            )

    # .index and .timeindex

    def sanity(self, path: str, kind: ProblemKind, error: str | None) -> None:
        if error is not None:
            self.report(kind, path, error)
        else:
            self.output.sanity_passed(path)

    def can_verify(self, path: str, log: str) -> bool:
        """Kafka needs the segment's .log to verify an index (and stops without it); kafkaks notes
        its absence (not damage: copies of log dirs often lack it) and dumps the entries."""
        reason = unverifiable(log)
        if reason is None:
            return True
        self.report(ProblemKind.MISSING_LOG, path, reason, corrupt=False)
        return False

    def empty(self, path: str, size: int) -> bool:
        """Kafka's "<file> is empty." for an index without a single entry."""
        if os.path.getsize(path) >= size:
            return False
        self.output.empty(path)
        return True

    def dump_index(self, path: str) -> None:
        base_offset = base_offset_of(path)
        self.output.file(path, FileKind.INDEX, base_offset=base_offset)
        if self.empty(path, INDEX_ENTRY):
            return
        if self.args.index_sanity_check:
            error = index_sanity_error(absolute_path(path), path, base_offset)
            self.sanity(path, ProblemKind.INDEX_SANITY, error)
            return
        log = sibling(path, FileKind.LOG)
        verify = self.can_verify(path, log)
        mismatches: list[tuple[int, int]] = []
        for entry in iter_offset_index(path, base_offset):
            if verify:
                batch = first_batch(log, entry.position, self.args.max_message_size)
                if batch is None:
                    self.report(
                        ProblemKind.INDEX_NO_BATCH,
                        path,
                        f"no batch starts at position {entry.position} of {log}",
                        None,
                        entry.offset,
                    )
                elif batch.last_offset != entry.offset:
                    mismatches.append((entry.offset, batch.last_offset))
                    self.output.info(
                        ProblemKind.INDEX_MISMATCH,
                        path,
                        f"Index offset: {entry.offset}, log offset: {batch.last_offset}",
                        entry.offset,
                    )
            if self.args.verify_index_only:
                continue
            self.output.entry(entry, path)
        if mismatches:
            self.output.summarize(ProblemKind.INDEX_MISMATCH, path, mismatches)

    def dump_time_index(self, path: str) -> None:
        base_offset = base_offset_of(path)
        self.output.file(path, FileKind.TIMEINDEX, base_offset=base_offset)
        if self.empty(path, TIME_INDEX_ENTRY):
            return
        if self.args.index_sanity_check:
            error = time_index_sanity_error(absolute_path(path), path, base_offset)
            self.sanity(path, ProblemKind.TIME_INDEX_SANITY, error)
            return
        log, index = sibling(path, FileKind.LOG), sibling(path, FileKind.INDEX)
        verify = self.can_verify(path, log)
        # Kafka needs the .index too; without it every lookup starts at position 0: same result, slower.
        with open_offset_index(index) if verify else contextlib.nullcontext([]) as offsets:
            previous = -1
            for entry in iter_time_index(path, base_offset):
                if verify:
                    try:
                        self.verify_time_entry(path, log, lookup(offsets, entry.offset), entry, previous)
                    except KafkaksError as exc:
                        self.report_error(exc.at(log), ProblemKind.CORRUPT_RECORDS)
                previous = entry.timestamp
                if self.args.verify_index_only:
                    continue
                self.output.entry(entry, path)

    def verify_time_entry(
        self, path: str, log: str, position: int, entry: TimeIndexEntry, previous: int
    ) -> None:
        """Kafka's check: the first batch from ``position`` reaching the offset must end there and
        have the indexed timestamp as its largest; timestamps must grow strictly."""
        batch = batch_reaching(log, position, entry.offset)
        if batch is None or batch.last_offset != entry.offset:
            found = -1 if batch is None else batch.last_offset
            self.output.summarize(ProblemKind.TIME_INDEX_NOT_FOUND, path, [(entry.offset, found)])
            self.output.info(
                ProblemKind.TIME_INDEX_NOT_FOUND,
                path,
                f"Indexed offset: {entry.offset}, found log offset: {found}",
                entry.offset,
            )
            return
        max_timestamp = max([-1, *(record.timestamp for record in batch.records())])
        if max_timestamp != entry.timestamp:
            self.output.summarize(ProblemKind.TIME_INDEX_MISMATCH, path, [(entry.timestamp, max_timestamp)])
            message = f"Index timestamp: {entry.timestamp}, log timestamp: {max_timestamp}"
            self.output.info(ProblemKind.TIME_INDEX_MISMATCH, path, message, entry.offset)
        if previous >= entry.timestamp:
            self.output.summarize(ProblemKind.TIME_INDEX_OUT_OF_ORDER, path, [(entry.timestamp, previous)])
            message = f"Index timestamp: {entry.timestamp}, Previously indexed timestamp: {previous}"
            self.output.info(ProblemKind.TIME_INDEX_OUT_OF_ORDER, path, message, entry.offset)

    # .txnindex and .snapshot

    def dump_txn_index(self, path: str) -> None:
        self.output.file(path, FileKind.TXNINDEX)
        for txn in iter_txn_index(path):
            if txn.version > 0:
                self.report(
                    ProblemKind.TXN_INDEX_VERSION,
                    path,
                    f"Unexpected aborted transaction version {txn.version} in transaction index "
                    f"{absolute_path(path)}, current version is 0",
                )
            self.output.entry(txn, path)

    def dump_snapshot(self, path: str) -> None:
        snapshot = read_producer_snapshot(path)
        self.output.file(
            path,
            FileKind.SNAPSHOT,
            version=snapshot.version,
            crc=snapshot.crc,
            computed_crc=snapshot.computed_crc,
            crc_valid=snapshot.crc_valid,
        )
        if not snapshot.crc_valid:
            self.report(
                ProblemKind.SNAPSHOT_CRC_MISMATCH,
                path,
                "Snapshot is corrupt (CRC is no longer valid). "
                f"Stored crc: {snapshot.crc}. Computed crc: {snapshot.computed_crc}",
            )
            return
        for entry in snapshot.entries:
            self.output.entry(entry, path)


def run_dump(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    arguments = [*args.files, *args.paths]
    problems: list[Problem] = []
    files = [path for argument in arguments for path in expand(argument, problems.append)]
    progress = Progress(err, log_bytes(files), "kafkaks dump")
    dumper = Dumper(args, out, err, progress)
    for problem in problems:  # entries of the directories that are not read
        dumper.report(problem.kind, problem.path, problem.message)
    remote = open_remote(args, dumper.output.warn) if args.remote else None
    try:
        for path in files:
            dumper.dump(path)
        if remote is not None:
            for segments in remote.partitions.values():
                for segment in segments:
                    dumper.dump_remote(segment, remote.keyring)
        dumper.output.summaries()
    except BrokenPipeError:  # stdout's reader has gone (| head): stop, with what was found so far
        quiet_stdout()
        return 1 if dumper.failed else 0
    except (KafkaksError, OSError, KeyboardInterrupt):
        dumper.output.flush()  # what was dumped before the error or Ctrl-C
        raise
    finally:
        progress.close()
    if remote is None and not any(FileKind.of(path) is not None for path in files):
        suffixes, among = ", ".join(KAFKA_SUFFIXES), ", ".join(arguments)
        raise NoKafkaDataError(f"nothing dumped: no Kafka file (none of {suffixes}) among {among}")
    return 1 if dumper.failed else 0
