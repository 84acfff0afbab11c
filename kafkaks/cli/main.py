"""The ``kafkaks`` command: its arguments, and what runs for each subcommand. ``kafkaks dump``
prints Kafka files like ``bin/kafka-dump-log.sh`` (:mod:`kafkaks.cli.dump`: the walk over the files;
:mod:`kafkaks.cli.dump_text`: Kafka's text, and where it follows which Kafka) or as JSON Lines with
``--json`` (:mod:`kafkaks.cli.jsonl`); ``kafkaks verify`` checks them (:mod:`kafkaks.cli.verify`)
and with ``--recovery`` tells what a broker's recovery would remove (:mod:`kafkaks.cli.recovery`);
``kafkaks pipeline`` runs Spark (:mod:`kafkaks.cli.pipeline`, the run in :mod:`kafkaks.pipeline`).
The checks are libraries (:mod:`kafkaks.store`). This module also ends a run on Ctrl-C (exit
status 130) and when stdout's reader has gone.
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import sys
from typing import TextIO, cast

from ..errors import KafkaksError, NoKafkaDataError
from ..schemas.extras import MissingExtraError
from ..store.verify import DEFAULT_MAX_MESSAGE_SIZE
from .custom_decoders import load_decoder
from .dump import run_dump
from .jsonl import BYTES_FORMATS
from .output import GuardedOutput, quiet_stdout
from .remote import add_remote_options, run_inventory
from .state import STATE_HELP, run_state
from .state import add_arguments as add_state_arguments
from .verify import run_verify

__all__ = ["main"]

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

--offsets-decoder, --transaction-log-decoder and --share-group-state-decoder print each record's
key and payload as Kafka 4.3's coordinator record parser does: JSON ({"type":"1","data":{...}},
{"version":"3","data":{...}}), <DELETE> for a tombstone, and Kafka's inline "Error at offset N,
skipping. ..." and "Unknown record type ..." texts; --offsets-decoder decodes the records of
classic, consumer (KIP-848), share and streams groups (key types 0 to 23). --cluster-metadata-decoder
prints {"type":"TOPIC_RECORD","version":0,"data":{...}}, --remote-log-metadata-decoder
(__remote_log_metadata) Kafka 4.3's text of each record (RemoteLogSegmentMetadata{...}). A record
that a decoder cannot fully read is also reported on stderr. Where Kafka's decoder throws and
stops the run (a record without a key under a coordinator's decoder), kafkaks prints what Kafka
printed of the line, reports it as corruption (exit status 1) and goes on; other decoder problems
do not change the exit status. --key-decoder and --value-decoder (module:function, Kafka's
--key-decoder-class and --value-decoder-class) print str() of what a Python function returns for
the key or value bytes (e.g. --value-decoder mydecoders:avro_value, mydecoders.py in the current
directory); without them --print-data-log prints keys and values as UTF-8 text, as Kafka's
default StringDecoder does.

--json prints JSON Lines instead: one object per file, batch, record (always, as if with
--deep-iteration), index, time index, txn index and snapshot entry, and problem, each with a
"type" and the library's snake_case field names; keys, values and header values in --bytes
(base64, utf8 or hex). Problems are then objects on stdout with "kind", "position" and
"corrupt", Kafka's end-of-run summaries included; non-consecutive offsets are left to the reader
of the records. Records of __consumer_offsets, __transaction_state, __cluster_metadata,
__share_group_state and __remote_log_metadata partition directories and of .checkpoint files,
or of every file when a decoder option is given,
carry a "decoded" object (kind, key, value, tombstone, problem; null for control records); a
decoder problem is also a problem object of kind undecodable_internal_record.

Exit status: 0 clean; 1 corruption found (CRC mismatch, undecodable batch or record, skipped
bytes, a partial batch at the end of a segment, whose records are lost: Kafka's "Found N invalid
bytes", corrupt index or snapshot) or a file could not be read; 2 usage error, or no Kafka data:
a path that does not exist, a directory without Kafka files, nothing dumped; 130 interrupted
(Ctrl-C). Index mismatches and a zero-filled tail (file.preallocate=true) are information, as in
Kafka, not corruption. A progress bar is drawn on stderr when it is a terminal and the input is
large."""

PIPELINE_HELP = (
    "Kafka log dirs to Parquet with Spark, with a per-partition summary "
    "(needs the spark extra: pip install 'kafkaks[spark]')"
)

REMOTE_INVENTORY_DESCRIPTION = """\
What a store of a tiered topic's remote segments holds (Aiven's tiered storage layout, or Apache
Kafka's LocalTieredStorage): per partition, its segments with offsets, largest timestamp, sizes,
compression and encryption; the offsets no segment holds; copies that did not finish, segments no
longer live, objects no __remote_log_metadata record names (given --remote-metadata) and live
segments with no object; objects of no known layout. --read-chunks reads every segment through.
Exit status: 0 nothing lost, 1 offsets or chunks that cannot be read, 2 usage error. See
docs/remote.md."""

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
are lost. kafkaks.problems documents every kind.

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


def _file_list(value: str) -> list[str]:
    """Kafka's --files: a comma-separated list (String.split drops empty trailing parts)."""
    return [name for name in value.split(",") if name]


def _positive_int(value: str) -> int:
    number = int(value)
    if number <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive integer: {value}")
    return number


def _registry(value: str) -> str:
    """--registry: a URL is checked now (a usage error), a path when it is read."""
    if value.startswith(("http://", "https://")):
        from ..schemas.registry_rest import split_url

        try:
            split_url(value)
        except KafkaksError as error:
            raise argparse.ArgumentTypeError(error.reason) from None
    return value


class _Version(argparse.Action):
    """--version, looked up only when asked for: importlib.metadata costs every command's start."""

    def __call__(self, parser: argparse.ArgumentParser, *_args: object, **_kwargs: object) -> None:
        from .. import __version__

        print(f"{parser.prog} {__version__}")  # on stdout, as argparse's own version action
        parser.exit()


def build_parser(command: str | None = "pipeline") -> argparse.ArgumentParser:
    """The parser of ``kafkaks``; the pipeline's arguments are added only when ``command`` is
    ``pipeline`` (``main`` passes the command of its arguments)."""
    parser = argparse.ArgumentParser(
        prog="kafkaks",
        description="Read Apache Kafka's on-disk files (segments, indexes, snapshots) without a broker.",
        allow_abbrev=False,
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
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
        "together, the first in this order wins, as in Kafka.",
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
    decoders.add_argument(
        "--remote-log-metadata-decoder",
        action="store_true",
        help="parse the records as tiered storage's __remote_log_metadata records (Kafka's text of each)",
    )
    decoders.add_argument(
        "--share-group-state-decoder",
        action="store_true",
        help="parse the records as __share_group_state data: key and payload as JSON",
    )
    decoders.add_argument(
        "--key-decoder",
        type=load_decoder,
        metavar="module:function",
        help="print each key as str(function(key bytes)), as Kafka's --key-decoder-class; the "
        "module is imported from sys.path or the current directory (text output only)",
    )
    decoders.add_argument(
        "--value-decoder",
        type=load_decoder,
        metavar="module:function",
        help="print each value as str(function(value bytes)), as Kafka's --value-decoder-class",
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
    dump.add_argument(
        "--decode-values",
        action="store_true",
        help="with --json, add 'decoded_value' to each record: its value decoded with its schema "
        "(Avro, JSON Schema, Protobuf), from the _schemas topic of the file's log dir, or --registry "
        "(needs the schemas extra)",
    )
    dump.add_argument(
        "--subject",
        action="append",
        default=[],
        metavar="TOPIC=SUBJECT",
        help="with --decode-values, the subject of a topic's values where it is not <topic>-value",
    )
    dump.add_argument(
        "--schema-file",
        action="append",
        default=[],
        metavar="TOPIC=FILE",
        help="with --decode-values, a schema file (.avsc, .json, .proto) for a topic whose values carry "
        "no framing",
    )
    dump.add_argument(
        "--registry",
        type=_registry,
        default=None,
        metavar="URL_OR_PATH",
        help="where --decode-values finds schemas: a Schema Registry's URL (http://host:8081), or a "
        "log dir or _schemas partition directory elsewhere",
    )
    add_remote_options(dump, store=True)
    dump.set_defaults(command_parser=dump)
    verify = commands.add_parser(
        "verify",
        help="check CRCs, indexes, offsets and snapshots; a summary per partition",
        description=VERIFY_DESCRIPTION,
        epilog=VERIFY_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    verify.add_argument("paths", nargs="*", metavar="PATH", help="files, partition or log directories")
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
    add_remote_options(verify, store=True)
    verify.set_defaults(command_parser=verify)
    state = commands.add_parser("state", help=STATE_HELP, description=STATE_HELP, allow_abbrev=False)
    add_state_arguments(state)
    state.set_defaults(command_parser=state)
    inventory = commands.add_parser(
        "remote-inventory",
        help="what a store of remote segments (tiered storage) holds, and what is wrong with it",
        description=REMOTE_INVENTORY_DESCRIPTION,
        allow_abbrev=False,
    )
    inventory.add_argument(
        "store", metavar="STORE", help="a folder, or a URI: s3://bucket/prefix, gs://, abfs://"
    )
    inventory.add_argument("--json", action="store_true", help="one JSON object")
    inventory.add_argument(
        "--read-chunks",
        action="store_true",
        help="also read every segment through: fetch, decrypt and decompress each chunk, check each CRC",
    )
    add_remote_options(inventory)
    inventory.set_defaults(command_parser=inventory)
    pipeline = commands.add_parser("pipeline", help=PIPELINE_HELP)
    if command == "pipeline":  # its module (Spark itself loads only when it runs) costs every start
        from .pipeline import add_arguments
        from .pipeline import command as run_pipeline

        add_arguments(pipeline)
        pipeline.set_defaults(run=run_pipeline)
    pipeline.set_defaults(command_parser=pipeline)
    return parser


def _max_message_size(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--max-message-size",
        type=_positive_int,
        default=DEFAULT_MAX_MESSAGE_SIZE,
        metavar="size",
        help=f"the largest batch an index entry may point to (default {DEFAULT_MAX_MESSAGE_SIZE})",
    )


def _interrupted() -> int:
    """Ctrl-C: what was printed so far goes out, then exit 130 (128 + SIGINT) without a traceback."""
    try:
        sys.stdout.flush()
    except OSError:  # the reader of a pipe was interrupted too
        quiet_stdout()
    return 130


class _ClosedStream(io.TextIOBase):
    """What stands for stdout when the command was started with it closed (``>&-``, where Python
    sets ``sys.stdout`` to None): the first write fails as a write to a closed descriptor does,
    with an error the command reports (exit status 1), not an AttributeError."""

    def write(self, _text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def _standard_streams() -> None:
    """Streams in place of those the command was started without (``>&-``, ``2>&-``)."""
    if sys.stderr is None:  # diagnostics cannot be shown; the exit status still tells
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - for the rest of the process
    if sys.stdout is None:
        sys.stdout = _ClosedStream()


def _command(argv: list[str]) -> str | None:
    """The subcommand named in ``argv``: its first word that is not an option."""
    return next((word for word in argv if not word.startswith("-")), None)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    _standard_streams()
    parser = build_parser(_command(argv))
    try:
        args = parser.parse_args(argv)
        if args.command == "dump" and not [*args.files, *args.paths] and not args.remote:
            args.command_parser.error("no files to dump: give --files file1,file2,... or paths")
        if args.command == "verify" and not args.paths and not args.remote:
            args.command_parser.error("nothing to verify: give paths, or --remote STORE")
        if args.command == "verify" and args.remote and args.recovery:
            args.command_parser.error("--recovery is about a broker's local log: it does not take --remote")
        if args.command == "dump" and (args.decode_values or args.registry) and not args.json:
            args.command_parser.error("--decode-values needs --json")
        for pair in [*args.subject, *args.schema_file] if args.command == "dump" else ():
            if "=" not in pair:
                args.command_parser.error(f"{pair!r}: --subject and --schema-file take TOPIC=VALUE")
    except SystemExit as exc:  # --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else 2
    if isinstance(sys.stdout, io.TextIOWrapper):
        # Paths are bytes on POSIX: printed as they are, whatever the locale (--json escapes them).
        sys.stdout.reconfigure(errors="surrogateescape")
    try:
        if args.command == "pipeline":
            return int(args.run(args))
        run = {"dump": run_dump, "verify": run_verify, "state": run_state, "remote-inventory": run_inventory}[
            args.command
        ]
        out = cast(TextIO, GuardedOutput(sys.stdout))  # a text stream, as io's classes are
        return run(args, out, sys.stderr)
    except KeyboardInterrupt:
        return _interrupted()
    except BrokenPipeError:
        quiet_stdout()
        return 0
    except NoKafkaDataError as exc:
        sys.stdout.flush()
        sys.stderr.write(f"kafkaks: error: {exc}\n")
        return 2
    except (KafkaksError, OSError, MissingExtraError) as exc:
        sys.stdout.flush()
        sys.stderr.write(f"kafkaks: error: {exc}\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
