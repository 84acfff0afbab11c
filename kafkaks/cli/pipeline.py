"""``kafkaks pipeline SRC DEST``: its arguments, and the text it prints (:mod:`kafkaks.pipeline`
is the run).

Also runs under spark-submit, on any cluster where kafkaks is installed on the executors::

    spark-submit --master spark://host:7077 kafkaks/cli/pipeline.py s3://bucket/kafka-logs s3://bucket/out
    python -m kafkaks.cli.pipeline /var/lib/kafka/data /tmp/out          # local[*]
"""

from __future__ import annotations

# Run as a file (spark-submit kafkaks/cli/pipeline.py), Python puts this folder first on sys.path,
# where its modules (output.py, paths.py, ...) could shadow others; import the package instead.
if __name__ == "__main__" and not __package__:
    import os as _os
    import sys as _sys

    _here = _os.path.dirname(_os.path.abspath(__file__))
    _sys.path[:] = [p for p in _sys.path if _os.path.abspath(p or ".") != _here]

import argparse
import contextlib
import os
import re
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from kafkaks.cli.remote import add_remote_options, keys_of
from kafkaks.pipeline import (
    READ_MODES,
    SAVE_MODES,
    Destination,
    PartitionSummary,
    RefusedError,
    append_to_table,
    plural,
    session,
    write_parquet,
)

__all__ = [
    "Destination",
    "PartitionSummary",
    "RefusedError",
    "add_arguments",
    "main",
    "run",
    "run_table",
    "session",
]

FORMATS = ("parquet", "iceberg", "delta")  # kafkaks.tables.FORMATS, without importing it


def run(
    src: str | Sequence[str], dest: str, *, echo: Callable[[str], None] | None = print, **kwargs: Any
) -> list[PartitionSummary]:
    """:func:`kafkaks.pipeline.write_parquet`, its summary handed to ``echo`` as text: a line per
    topic-partition, the total, the problems and what did not decode. Returns the summary."""
    done = write_parquet(src, dest, **kwargs)
    if done is None:  # a dry run
        return []
    if echo is not None:
        for line in format_summary(done.summary, done.problems, done.dest):
            echo(line)
        for line in _undecodable_lines(done.written):
            echo(line)
    return done.summary


def run_table(
    src: str | Sequence[str], dest: str, *, echo: Callable[[str], None] | None = print, **kwargs: Any
) -> Any:
    """:func:`kafkaks.pipeline.append_to_table`, handed to ``echo`` as text: what was appended per
    topic-partition, what was skipped and why, the commit (with ``dry_run``, the plan). Returns the
    :class:`~kafkaks.tables.appending.TableRun`."""
    done = append_to_table(src, dest, **kwargs)
    if echo is not None:
        for line in format_plan(done) if kwargs.get("dry_run") else format_table_run(done):
            echo(line)
    return done


def format_plan(run: Any) -> list[str]:
    """``--dry-run``: what each topic-partition would get."""
    lines = [f"plan for {run.table}:"]
    for decision in run.decisions:
        seen = run.observed[decision.key]
        log = "empty log" if seen.log_start is None else f"log {seen.log_start}-{seen.log_end}"
        name = f"{decision.topic}-{decision.partition}"
        if decision.skip is not None:
            lines.append(f"  {name}: skip ({log}): {decision.skip}")
        elif decision.after is None:
            lines.append(f"  {name}: append every offset ({log}; new to the table)")
        elif seen.log_end is not None and seen.log_end > decision.after:
            lines.append(f"  {name}: append offsets {decision.after + 1}-{seen.log_end} ({log})")
        else:
            lines.append(f"  {name}: nothing new ({log}; the table holds up to {decision.after})")
        lines += [f"    note: {note}" for note in decision.notes]
    return lines


def format_table_run(run: Any) -> list[str]:
    """What a table run did: a line per topic-partition appended to, then what was skipped and
    why, the notes, and the commit."""
    header = ("topic", "part", "appended offsets", "records", "key+value B", "time range (UTC)")
    table = [header]
    for a in run.appended:
        offsets = "-" if a.first_offset is None else f"{a.first_offset}-{a.last_offset}"
        times = f"{_time(a.first_timestamp_us)} .. {_time(a.last_timestamp_us)}"
        table.append((a.topic, str(a.partition), offsets, str(a.records), str(a.bytes or 0), times))
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    right = {3, 4}
    lines = [
        "  ".join(
            cell.rjust(w) if i in right else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in table
    ]
    if not run.appended:
        lines = []  # no table of nothing
    appended = {(a.topic, a.partition) for a in run.appended}
    empty = [d for d in run.decisions if d.skip is None and d.key not in appended and d.after is None]
    for decision in run.decisions:
        name = f"{decision.topic}-{decision.partition}"
        if decision.skip is not None:
            lines.append(f"skipped {name}: {decision.skip}")
        elif decision.key not in appended and (decision.after is not None or len(empty) == 1):
            held = "nothing" if decision.after is None else f"up to offset {decision.after}"
            lines.append(f"nothing new in {name}: the table holds {held}")
        lines += [f"note {name}: {note}" for note in decision.notes]
    if len(empty) > 1:  # empty partitions of a log dir (a broker's 50 __consumer_offsets): one line
        names = ", ".join(f"{d.topic}-{d.partition}" for d in empty[:3]) + (", ..." if len(empty) > 3 else "")
        lines.append(f"nothing new in {len(empty)} partitions ({names}): the table holds nothing of them")
    lines += _undecodable_lines(run.appended)
    records = plural(sum(a.records for a in run.appended), "record")
    if run.commit is None:
        lines.append(f"{records} appended: no commit made to {run.table}")
    else:
        lines.append(
            f"{records} appended in {plural(len(run.appended), 'partition')}: commit {run.commit}, "
            f"{plural(run.files, 'file')}, {run.file_bytes} bytes, to {run.table}"
        )
    return lines


def _undecodable_lines(appended: Sequence[Any]) -> list[str]:
    """What ``--decode-values`` could not decode, per topic, as :func:`run` says it."""
    counts: dict[str, int] = {}
    for a in appended:
        if a.undecodable:
            counts[a.topic] = counts.get(a.topic, 0) + a.undecodable
    if not counts:
        return []
    from kafkaks.spark.decoding import undecodable_line

    return [undecodable_line(topic, count) for topic, count in sorted(counts.items())]


def _time(micros: int | None) -> str:
    if micros is None:
        return "-"
    return (
        datetime.fromtimestamp(micros / 1e6, tz=UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    )


def format_summary(summary: list[PartitionSummary], problems: list[dict[str, Any]], dest: str) -> list[str]:
    header = ("topic", "part", "records", "key+value B", "offsets", "time range (UTC)", "codecs", "corrupt")
    table = [header]
    for s in summary:
        offsets = "-" if s.first_offset is None else f"{s.first_offset}-{s.last_offset}"
        times = f"{_time(s.first_timestamp_us)} .. {_time(s.last_timestamp_us)}"
        table.append(
            (
                s.topic,
                str(s.partition),
                str(s.records),
                str(s.bytes or 0),
                offsets,
                times,
                ",".join(s.codecs) or "-",
                str(s.corrupt_batches),
            )
        )
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    right = {2, 3, 7}
    lines = [
        "  ".join(
            cell.rjust(w) if i in right else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in table
    ]
    records = plural(sum(s.records for s in summary), "record")
    lines.append(f"{records} in {plural(len(summary), 'partition')} written to {dest}")
    for p in problems:
        lines.append(
            f"{p['kind']}: {p['file']}, position {p['position']}, {p['length']} bytes: {p['message']}"
        )
    return lines


DESCRIPTION = """\
Read Kafka log directories with Spark (the kafka-log data source) and write them as Parquet,
partitioned by topic and partition: the columns of Spark's Kafka source, the headers and the batch
metadata. Prints one line per partition on stdout: records, key+value bytes, offsets, time range,
codecs, and corrupt or partial batches. Needs the spark extra (pip install 'kafkaks[spark]') and
Java 17+."""


EPILOG = """\
DEST must not exist or must be an empty directory, unless --mode overwrite (replace it) or
--mode append (add to it) is given. Whatever the mode, DEST is refused when it holds Kafka data
(segments, indexes, meta.properties, checkpoints) or overlaps a SRC. A local DEST is written to
a sibling directory DEST.kafkaks-staging-<id> and renamed into place at the end (append moves the
new files in), so a failed run leaves DEST as it was. On object stores and HDFS, Spark writes DEST
in place (S3 has no atomic rename): a failed overwrite can leave it empty or partial.

Byte ranges skipped or found damaged go to DEST/_problems as JSON lines and are listed after the
table. FAILFAST (the default) stops at the first corrupt or partial batch, PERMISSIVE skips it.

Progress goes to stderr, one line per stage. SRC is listed before Spark starts, so a path without
Kafka data fails at once. Spark's own output goes to the --spark-log file; when the job fails,
the cause is printed in one line (file, position, offset, kind) and the full trace is in that file.

With --format iceberg or delta, DEST is a table (for Iceberg, the warehouse holding the SQLite
catalog, unless --catalog-uri names one) and each run appends only the offsets above what the
table holds of each topic-partition (the high offsets stored with each commit), in one commit; a
rerun with nothing new commits nothing, a failed run commits nothing. A partition that started
over (topic re-created, log ending below the table's high offset) is skipped and said why;
offsets deleted before they were read and segments rewritten by compaction are noted. With
--decode-values the decoded columns go into the table too; a run whose schema adds optional fields
(a newer schema version) adds them to the table's schema, any other change of a column fails the
run, naming the columns, and commits nothing.

Exit status: 0 done, 1 the Spark job failed (damaged data in FAILFAST, ...), 2 nothing was done
(bad arguments, no Kafka data in SRC, DEST refused, PySpark or the tables extra missing), 3 a table
run done, but partitions that started over were skipped."""


def _mode(value: str) -> str:
    """--mode: a DEST mode (error, overwrite, append) or, as before, the read mode."""
    for known in (*SAVE_MODES, *READ_MODES):
        if value.lower() == known.lower():
            return known
    raise argparse.ArgumentTypeError(f"invalid mode {value!r}: choose from {', '.join(SAVE_MODES)}")


def _setting(option: str) -> Callable[[str], tuple[str, str]]:
    """The argument type of an option taking NAME=VALUE (--conf, --catalog-property)."""

    def parse(value: str) -> tuple[str, str]:
        name, equals, setting = value.partition("=")
        if not equals or not name.strip():
            raise argparse.ArgumentTypeError(f"{option} takes NAME=VALUE, not {value!r}")
        return name.strip(), setting

    return parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The pipeline's description and arguments, on ``kafkaks pipeline`` or ``kafkaks-pipeline``."""
    parser.description = DESCRIPTION
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "src",
        nargs="*",
        metavar="SRC",
        help="broker log dirs, partition dirs, segments or globs (local, s3://, ...); none with --remote: "
        "the store alone",
    )
    parser.add_argument("dest", metavar="DEST", help="the Parquet output directory")
    parser.add_argument(
        "--mode",
        type=_mode,
        action="append",
        default=[],
        metavar="MODE",
        help="what to do with a DEST that holds something: error (the default: refuse), overwrite or "
        "append (FAILFAST and PERMISSIVE are still taken here, as --read-mode)",
    )
    parser.add_argument(
        "--read-mode",
        type=str.upper,
        choices=READ_MODES,
        default=None,
        help="FAILFAST: a corrupt or partial batch fails the job; PERMISSIVE: skip it and report it "
        "(default: FAILFAST)",
    )
    parser.add_argument(
        "--isolation-level",
        choices=("read_uncommitted", "read_committed"),
        default="read_uncommitted",
        help="read_committed leaves out aborted transactions, transaction markers and what follows "
        "the last stable offset (default: %(default)s)",
    )
    parser.add_argument(
        "--master",
        default=None,
        help="Spark master URL (spark://host:7077, yarn, local[4], ...), or a Spark Connect server's "
        "sc://host:15002 (default: spark-submit's, else local[*])",
    )
    parser.add_argument("--no-metadata", action="store_true", help="leave out the segment and batch columns")
    parser.add_argument(
        "--max-bytes-per-partition",
        type=int,
        default=None,
        metavar="N",
        help="split segments larger than N bytes into several Spark tasks (default: 128 MiB)",
    )
    parser.add_argument(
        "--decode-values",
        action="store_true",
        help="add valueSchemaId, valueDecoded and valueDecodeProblem: values decoded with their schemas "
        "(Avro, JSON Schema, Protobuf) from the _schemas topic in SRC, or --registry (the schemas extra)",
    )
    parser.add_argument(
        "--registry",
        default=None,
        metavar="URL_OR_PATH",
        help="where --decode-values finds schemas: a Schema Registry's URL, or a log dir holding _schemas",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="parquet",
        help="parquet: a folder of Parquet files per run (the default); iceberg, delta: append to the "
        "table at DEST, incrementally (needs the tables extra: pip install 'kafkaks[tables]')",
    )
    parser.add_argument(
        "--catalog-uri",
        default=None,
        metavar="URI",
        help="--format iceberg: the catalog, http(s)://... for a REST catalog, sqlite:///... or "
        "postgresql://... for a SQL catalog (default: SQLite in DEST/catalog.db, DEST the warehouse)",
    )
    parser.add_argument(
        "--catalog-property",
        action="append",
        default=[],
        type=_setting("--catalog-property"),
        metavar="NAME=VALUE",
        help="--format iceberg: a pyiceberg catalog property, over kafkaks' own (a REST catalog's "
        "warehouse name, scope, header.NAME, ...); repeat it for several. Secrets (credential, token) "
        "are better in pyiceberg's environment: PYICEBERG_CATALOG__KAFKAKS__CREDENTIAL=id:secret",
    )
    parser.add_argument(
        "--table",
        default=None,
        metavar="NAMESPACE.NAME",
        help="--format iceberg: the table's name in the catalog (default: kafka.records)",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="check SRC and DEST and print what would be read (per topic-partition for a table), "
        "without starting Spark",
    )
    parser.add_argument(
        "--conf",
        action="append",
        default=[],
        type=_setting("--conf"),
        metavar="NAME=VALUE",
        help="a Spark setting for the session the pipeline starts, as spark-submit's --conf "
        "(spark.executor.memory=2g); repeat it for several",
    )
    parser.add_argument(
        "--spark-log",
        default=None,
        metavar="FILE",
        help="where Spark's output goes (default: kafkaks-pipeline-<time>-<pid>.log in the temp directory)",
    )
    add_remote_options(parser, store=True)


def _remote_options(args: argparse.Namespace) -> dict[str, str] | None:
    """The ``kafka-log`` options of --remote and its companions (None without --remote)."""
    if not args.remote:
        return None
    options = {"remote": args.remote}
    if args.remote_key_prefix:
        options["remoteKeyPrefix"] = args.remote_key_prefix
    keys = keys_of(args)
    if keys:
        options["remoteKeys"] = ",".join(f"{key_id}={path}" for key_id, path in keys.items())
    if args.remote_metadata:
        options["remoteMetadata"] = ",".join(args.remote_metadata)
    return options


def command(args: argparse.Namespace) -> int:
    from kafkaks.errors import KafkaksError

    def progress(line: str) -> None:
        # A line for the operator: a closed stderr must not stop the run (DEST is moved into place
        # after the last progress line, and what failed is said in the exit status).
        with contextlib.suppress(OSError):
            sys.stderr.write(f"kafkaks pipeline: {line}\n")
            sys.stderr.flush()

    write_modes = {m for m in args.mode if m in SAVE_MODES}
    read_modes = {m for m in args.mode if m in READ_MODES} | ({args.read_mode} if args.read_mode else set())
    if len(write_modes) > 1 or len(read_modes) > 1:
        args.command_parser.print_usage(sys.stderr)
        progress(f"error: conflicting modes: {', '.join(sorted(write_modes | read_modes))}")
        return 2
    spark_log = args.spark_log
    if spark_log is None and "PYSPARK_GATEWAY_PORT" not in os.environ:  # else spark-submit's JVM runs
        stamp = time.strftime("%Y%m%d-%H%M%S")
        spark_log = os.path.join(tempfile.gettempdir(), f"kafkaks-pipeline-{stamp}-{os.getpid()}.log")
    read_mode = read_modes.pop() if read_modes else "FAILFAST"
    if args.format != "parquet" and (write_modes or args.no_metadata):
        progress(
            f"error: --format {args.format} appends to the table incrementally, with the lineage columns: "
            "--mode overwrite/append/error and --no-metadata are for --format parquet"
        )
        return 2
    if args.format == "parquet" and (args.catalog_uri or args.table or args.catalog_property):
        progress("error: --catalog-uri, --catalog-property and --table are for --format iceberg")
        return 2
    decode_values = (args.registry or "registry") if args.decode_values or args.registry else None
    if args.remote and args.remote.startswith("sc://"):
        args.command_parser.print_usage(sys.stderr)
        progress(
            "error: --remote is tiered storage's store (as for kafkaks dump and verify), not a Spark "
            f"Connect server: give {args.remote} as --master"
        )
        return 2
    if not args.src and not args.remote:
        args.command_parser.print_usage(sys.stderr)
        progress("error: no SRC: give log dirs (or partition dirs, segments), or --remote STORE")
        return 2
    try:
        remote = _remote_options(args)
    except ValueError as exc:
        progress(f"error: {exc}")
        return 2
    try:
        if args.format == "parquet":
            run(
                args.src,
                args.dest,
                master=args.master,
                isolation=args.isolation_level,
                mode=read_mode,
                write_mode=write_modes.pop() if write_modes else "error",
                include_metadata=not args.no_metadata,
                max_bytes_per_partition=args.max_bytes_per_partition,
                progress=progress,
                spark_log=spark_log,
                decode_values=decode_values,
                conf=dict(args.conf),
                dry_run=args.dry_run,
                remote=remote,
            )
        else:
            done = run_table(
                args.src,
                args.dest,
                format=args.format,
                catalog_uri=args.catalog_uri,
                catalog_properties=dict(args.catalog_property),
                table=args.table,
                master=args.master,
                isolation=args.isolation_level,
                mode=read_mode,
                max_bytes_per_partition=args.max_bytes_per_partition,
                progress=progress,
                spark_log=spark_log,
                decode_values=decode_values,
                conf=dict(args.conf),
                dry_run=args.dry_run,
                remote=remote,
            )
            if done.skipped:
                return 3
    except RefusedError as exc:
        progress(f"error: {exc}")
        return 2
    except Exception as exc:  # Spark wraps task failures in its own exceptions
        if not isinstance(exc, KafkaksError | OSError | ValueError) and not (
            type(exc).__module__.startswith(("pyspark", "py4j")) or _table_error(exc)
        ):
            raise
        where = "Spark's log"
        if spark_log is not None:
            with contextlib.suppress(OSError), open(spark_log, "a", encoding="utf-8") as log:
                traceback.print_exception(exc, file=log)
                where = spark_log
        progress(f"error: {_spark_error(exc)} (the full trace is in {where})")
        return 1
    return 0


def _table_error(exc: BaseException) -> bool:
    """Whether ``exc`` is pyiceberg's or deltalake's (a commit that failed, a catalog that cannot be
    reached): a one-line error, not a traceback."""
    if type(exc).__module__.startswith("pyiceberg"):
        return True
    try:
        from deltalake.exceptions import DeltaError
    except ImportError:
        return False
    return isinstance(exc, DeltaError)


def _spark_error(exc: BaseException) -> str:
    """The kafkaks error inside a Spark failure (which wraps the executor's traceback and the JVM's
    stack), else the last line of a Python traceback in it, else its first line."""
    text = str(exc)
    found = re.search(r"kafkaks\.errors\.\w+: (.*)", text)
    if found:
        return found[1]
    python = re.findall(r"^(\w+(?:Error|Exception): .*)$", text, re.MULTILINE)
    if python:
        return str(python[-1])
    return next((line.strip() for line in text.splitlines() if line.strip()), type(exc).__name__)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kafkaks-pipeline")
    add_arguments(parser)
    parser.set_defaults(command_parser=parser)
    return command(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
