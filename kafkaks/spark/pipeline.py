"""Kafka log directories to Parquet with Spark: ``kafkaks pipeline SRC DEST [--master URL]``.

Reads SRC (a broker log directory, partition directories, globs; local or ``s3://``, ``gs://``,
``hdfs://``) with the ``kafka-log`` data source, writes DEST as Parquet partitioned by ``topic``
and ``partition`` (Spark Kafka source columns, ``headers`` and the batch metadata columns), and
prints one line per partition: records, key+value bytes, offset and time range, codecs and corrupt
batches. The byte ranges tasks skipped or found damaged are written to ``DEST/_problems`` as JSON
lines (Spark's readers ignore ``_`` directories) and listed after the table.

Also runs under spark-submit, on any cluster where kafkaks is installed on the executors::

    spark-submit --master spark://host:7077 kafkaks/pipeline.py s3://bucket/kafka-logs s3://bucket/out
    python -m kafkaks.spark.pipeline /var/lib/kafka/data /tmp/out          # local[*]
"""

from __future__ import annotations

# Run as a file (spark-submit kafkaks/pipeline.py), Python puts this folder first on sys.path, where
# codecs.py, errors.py, ... would shadow standard modules; import the package instead.
if __name__ == "__main__" and not __package__:
    import os as _os
    import sys as _sys

    _here = _os.path.dirname(_os.path.abspath(__file__))
    _sys.path[:] = [p for p in _sys.path if _os.path.abspath(p or ".") != _here]

import argparse
import contextlib
import glob
import json
import os
import posixpath
import re
import shutil
import sys
import tempfile
import time
import traceback
import urllib.parse
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from kafkaks.problems import ProblemKind
from kafkaks.store.listing import is_kafka_file

__all__ = ["Destination", "PartitionSummary", "RefusedError", "add_arguments", "main", "run", "run_table"]

FORMATS = ("parquet", "iceberg", "delta")  # kafkaks.tables.FORMATS, without importing it
SAVE_MODES = ("error", "overwrite", "append")  # what to do with a DEST that holds something
READ_MODES = ("FAILFAST", "PERMISSIVE")  # the data source's mode option
STAGING = ".kafkaks-staging-"


class RefusedError(Exception):
    """The pipeline did not start: SRC holds nothing readable, DEST may not be written, or PySpark
    is missing. Nothing was read by Spark and nothing was written."""


@dataclass
class PartitionSummary:
    """What the pipeline wrote for one topic partition. ``bytes`` counts key and value bytes (what
    consumers receive, without headers and batch overhead)."""

    topic: str
    partition: int
    records: int = 0
    bytes: int = 0
    first_offset: int | None = None
    last_offset: int | None = None
    first_timestamp_us: int | None = None
    last_timestamp_us: int | None = None
    codecs: list[str] = field(default_factory=list)
    corrupt_batches: int = 0


@dataclass(frozen=True)
class Destination:
    """Where the Parquet goes, checked before Spark starts.

    On a local filesystem Spark writes a sibling staging directory (``DEST.kafkaks-staging-<id>``),
    which :meth:`commit` renames into place at the end (``append`` moves its files into DEST one by
    one), so a run that fails leaves DEST as it was. Object stores and HDFS are written in place by
    Spark (``s3a://`` has no atomic rename): there a failed ``overwrite`` can leave DEST partial.
    """

    uri: str
    write_mode: str
    local: bool
    staging: str

    @classmethod
    def check(cls, dest: str, sources: Sequence[str], write_mode: str) -> Destination:
        """Refuse (:class:`RefusedError`) a DEST that holds Kafka data or overlaps a source, whatever
        ``write_mode``, and a DEST that holds anything when ``write_mode`` is ``error``."""
        import pyarrow.fs as pafs

        from kafkaks.spark.filesystems import filesystem

        if write_mode not in SAVE_MODES:
            raise RefusedError(f"the write mode must be one of {', '.join(SAVE_MODES)}, not {write_mode!r}")
        path = _local_path(dest)
        local = path is not None
        uri = os.path.abspath(path) if path is not None else dest
        try:
            if local:
                if os.path.isfile(uri):
                    raise RefusedError(f"DEST {uri} is a file, not a directory: nothing was written")
                held = os.path.isdir(uri) and _has_entries(uri)
                kafka = _local_kafka_file(uri) if held else None
            else:
                fs, root = filesystem(uri)
                info = fs.get_file_info(root)
                if info.type == pafs.FileType.File:
                    raise RefusedError(f"DEST {uri} is a file, not a directory: nothing was written")
                found = []
                if info.type == pafs.FileType.Directory:
                    found = fs.get_file_info(pafs.FileSelector(root, recursive=True))
                held = bool(found)
                kafka = next(
                    (e.path for e in found if e.type == pafs.FileType.File and is_kafka_file(e.base_name)),
                    None,
                )
        except (OSError, ValueError) as exc:  # pyarrow's errors are both
            raise RefusedError(f"cannot look at DEST {uri}: {exc}") from exc
        if kafka is not None:
            raise RefusedError(
                f"DEST {uri} holds Kafka data ({kafka}): kafkaks pipeline never writes there, whatever "
                "--mode says (is DEST missing after the sources?)"
            )
        if local:
            _check_apart(uri, sources)
        if held and write_mode == "error":
            raise RefusedError(
                f"DEST {uri} is not empty: --mode overwrite replaces it, --mode append adds to it"
            )
        staging = f"{uri}{STAGING}{uuid.uuid4().hex[:12]}" if local else uri
        return cls(uri, write_mode, local, staging)

    @property
    def spark_mode(self) -> str:
        """The DataFrameWriter mode: a fresh staging directory must not exist; in place, DEST was
        checked to be empty unless asked to overwrite or append."""
        if self.local:
            return "error"
        return "append" if self.write_mode == "append" else "overwrite"

    def commit(self) -> None:
        """Put what Spark wrote in the staging directory in place (local DEST only)."""
        if not self.local:
            return
        if self.write_mode == "append" and os.path.isdir(self.uri):
            for directory, _, files in os.walk(self.staging):
                target = os.path.join(self.uri, os.path.relpath(directory, self.staging))
                os.makedirs(target, exist_ok=True)
                for name in files:
                    os.replace(os.path.join(directory, name), os.path.join(target, name))
            shutil.rmtree(self.staging)
            return
        old = None
        if os.path.lexists(self.uri):  # an empty directory, or what --mode overwrite replaces
            old = f"{self.uri}.kafkaks-old-{self.staging.rsplit('-', 1)[1]}"
            os.rename(self.uri, old)
        try:
            os.rename(self.staging, self.uri)
        except OSError:
            if old is not None:
                os.rename(old, self.uri)
            raise
        if old is not None:
            shutil.rmtree(old)

    def abandon(self) -> None:
        """Remove what a failed run left in the staging directory."""
        if self.local and os.path.isdir(self.staging):
            shutil.rmtree(self.staging)


def _local_path(uri: str) -> str | None:
    """The local path a plain path or a ``file://`` URI names; None for other filesystems."""
    if uri.startswith("file://"):
        return urllib.parse.unquote(urllib.parse.urlparse(uri).path)
    return None if "://" in uri else uri


def _has_entries(directory: str) -> bool:
    with os.scandir(directory) as entries:
        return next(entries, None) is not None


def _local_kafka_file(root: str) -> str | None:
    """A Kafka file anywhere under a local directory, links not followed (a link to ``/`` must
    not make the check walk the whole filesystem)."""
    for directory, _, files in os.walk(root):
        for name in files:
            if is_kafka_file(name):
                return os.path.join(directory, name)
    return None


def _check_new_table(table: Any, dest: str, *, sqlite_catalog: bool) -> list[str]:
    """Refuse to create a table where something is already (what the operator owns there, or
    another tool's table): in a local folder that holds entries, the table's location or, for a
    local SQLite catalog, DEST, where its file would go. The data files of earlier runs that were
    killed before their commit are no reason (:func:`kafkaks.tables.left_by_runs`): their folders
    are returned, for the run to name."""
    from kafkaks.tables import left_by_runs

    left: list[str] = []
    folders = [table.location, dest] if sqlite_catalog else [table.location]
    for folder in folders:
        local = _local_path(folder)
        if local is not None and os.path.isdir(local) and _has_entries(local):
            runs = left_by_runs(local)
            if runs is not None:
                left += [run for run in runs if run not in left]
                continue
            name = "Iceberg catalog (catalog.db)" if sqlite_catalog else f"{table.format.capitalize()} table"
            raise RefusedError(
                f"{local} holds files but no {name}: a new table goes into an empty or new folder "
                "(name another DEST, or --catalog-uri for a warehouse that holds other tables)"
            )
    return left


def _check_apart(dest: str, sources: Sequence[str]) -> None:
    """Refuse a local DEST that is, lies inside or holds one of the (local) sources."""
    real = os.path.realpath(dest)
    for uri in sources:
        source = _local_path(uri)
        if source is None:
            continue
        for match in glob.glob(source) if glob.has_magic(source) else [source]:
            inside = os.path.realpath(match)
            if os.path.commonpath([real, inside]) in (real, inside):
                raise RefusedError(
                    f"DEST {dest} and SRC {match} overlap: kafkaks pipeline writes only outside its inputs"
                )


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


@contextlib.contextmanager
def _output_to(path: str) -> Iterator[None]:
    """Send this process's stdout and stderr file descriptors to ``path`` meanwhile: a JVM started
    now (with its log4j console and the Python workers it spawns) keeps writing there."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    try:
        with open(path, "ab") as log:
            os.dup2(log.fileno(), 1)
            os.dup2(log.fileno(), 2)
        yield
    finally:
        for fd, copy in zip((1, 2), saved, strict=True):
            os.dup2(copy, fd)
            os.close(copy)


def session(
    master: str | None = None,
    app_name: str = "kafkaks pipeline",
    log: str | None = None,
    conf: dict[str, str] | None = None,
) -> Any:
    """A SparkSession with the ``kafka-log`` source registered and filter pushdown on.

    ``master`` None keeps what spark-submit set, else ``local[*]``; an ``sc://`` URL is a Spark
    Connect server (this process is then its client: no JVM here, and the data source is
    registered from here, shipped to the server with cloudpickle). With ``log``, a JVM started
    here writes its output (Spark's log4j console, executor stderr) to that file. ``conf`` is set
    on the builder last (``--conf`` on the command line), so it can change any of the above."""
    import warnings

    # An operator's terminal gets the progress lines, not PySpark's notice about pandas 3 (which
    # kafkaks does not use).
    warnings.filterwarnings("ignore", "PySpark does not yet fully support pandas", FutureWarning)
    from pyspark.sql import SparkSession

    from kafkaks.spark.source import KafkaLogDataSource

    if master is not None and master.startswith("sc://"):
        remote = (
            SparkSession.builder.remote(master)
            .config("spark.sql.python.filterPushdown.enabled", "true")
            .config("spark.sql.session.timeZone", "UTC")
        )
        for name, value in (conf or {}).items():
            remote = remote.config(name, value)
        spark = remote.getOrCreate()
        spark.dataSource.register(KafkaLogDataSource)
        return spark
    # Python workers must run this interpreter (the one with kafkaks and pyarrow), not `python3`.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = (
        SparkSession.builder.appName(app_name)
        .config("spark.sql.python.filterPushdown.enabled", "true")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.ui.showConsoleProgress", "false")
    )
    if master is not None:
        builder = builder.master(master)
    for name, value in (conf or {}).items():
        builder = builder.config(name, value)
    with _output_to(log) if log is not None else contextlib.nullcontext():
        spark = builder.getOrCreate()
    spark.dataSource.register(KafkaLogDataSource)
    return spark


def source_options(
    isolation: str,
    mode: str,
    include_metadata: bool,
    max_bytes_per_partition: int | None,
    decode_values: str | None = None,
) -> dict[str, str]:
    """The ``kafka-log`` options the pipeline reads with (``decode_values``: ``decodeValues``)."""
    options = {
        "includeHeaders": "true",
        "includeMetadata": str(include_metadata).lower(),
        "isolationLevel": isolation,
        "mode": mode,
    }
    if max_bytes_per_partition is not None:
        options["maxBytesPerPartition"] = str(max_bytes_per_partition)
    if decode_values is not None:
        options["decodeValues"] = decode_values
    return options


def _survey(paths: list[str], options: dict[str, str], say: Callable[[str], None]) -> Any:
    """List SRC on the driver (the first progress line); what holds no Kafka data is refused."""
    try:
        from kafkaks.spark.options import Options
        from kafkaks.spark.planning import survey
    except ImportError as exc:
        raise RefusedError(str(exc)) from exc
    from kafkaks.errors import KafkaksError

    try:
        parsed = Options.parse({**options, "paths": json.dumps(paths)})
        found = survey(parsed)
    except (KafkaksError, OSError, ValueError) as exc:
        raise RefusedError(str(exc)) from exc
    say(
        f"planning: {_plural(found.partitions, 'partition')}, {_plural(found.segments, 'segment')}, "
        f"{found.bytes / (1 << 20):.1f} MiB"
    )
    return parsed


def _start_session(
    master: str | None, spark_log: str | None, conf: dict[str, str] | None, say: Callable[[str], None]
) -> Any:
    where = f"its log: {spark_log}" if spark_log is not None else "its log as Spark is set up"
    if master is not None and master.startswith("sc://"):
        where = f"the Spark Connect server {master}"
        say(f"connecting to {where}")
    else:
        say(f"starting Spark (about 30 s the first time; {where})")
    try:
        return session(master, log=spark_log, conf=conf)
    except Exception as exc:  # no Java, an unwritable log, a bad master URL, ...
        first = next(iter(str(exc).splitlines()), type(exc).__name__)
        raise RefusedError(f"Spark did not start ({where}): {first}") from exc


def run(
    src: str | Sequence[str],
    dest: str,
    *,
    master: str | None = None,
    spark: Any = None,
    isolation: str = "read_uncommitted",
    mode: str = "FAILFAST",
    write_mode: str = "error",
    include_metadata: bool = True,
    max_bytes_per_partition: int | None = None,
    echo: Callable[[str], None] | None = print,
    progress: Callable[[str], None] | None = None,
    spark_log: str | None = None,
    decode_values: str | None = None,
    conf: dict[str, str] | None = None,
    dry_run: bool = False,
) -> list[PartitionSummary]:
    """Read ``src`` with the ``kafka-log`` source, write ``dest`` as Parquet partitioned by topic
    and partition, and return (and ``echo``) the per-partition summary.

    ``mode`` is the data source's (FAILFAST, PERMISSIVE); ``write_mode`` says what to do with a
    ``dest`` that holds something: ``error`` (refuse), ``overwrite`` or ``append``. Before Spark
    starts, the sources are listed and ``dest`` is checked (:meth:`Destination.check`); what is
    wrong there raises :class:`RefusedError`. ``progress`` gets a short line per stage;
    ``spark_log`` is where a session started here writes Spark's output. ``decode_values`` is the
    source's ``decodeValues`` option (``registry``, a registry URL or path). ``dry_run`` stops after
    the checks and the planning line, before Spark starts."""
    try:
        from kafkaks.spark.filesystems import filesystem
        from kafkaks.spark.source import KafkaLogDataSource
    except ImportError as exc:
        raise RefusedError(str(exc)) from exc
    from pyspark.sql import functions as F

    say = progress if progress is not None else (lambda _line: None)
    paths = [src] if isinstance(src, str) else list(src)
    options = source_options(isolation, mode, include_metadata, max_bytes_per_partition, decode_values)
    target = Destination.check(dest, paths, write_mode)
    _survey(paths, options, say)
    if dry_run:
        say(f"dry run: would write Parquet to {target.uri}; nothing read, nothing written")
        return []
    problems_path = (posixpath if "://" in target.staging else os.path).join(target.staging, "_problems")
    own_session = spark is None
    if own_session:
        spark = _start_session(master, spark_log, conf, say)
    spark.dataSource.register(KafkaLogDataSource)
    try:
        say(f"writing Parquet to {target.staging}")
        df = spark.read.format("kafka-log").options(**options, problemsPath=problems_path).load(paths)
        df.write.mode(target.spark_mode).partitionBy("topic", "partition").parquet(target.staging)
        say("summarising what was written")
        written = spark.read.schema(df.schema).parquet(target.staging)
        aggregates = [
            F.count(F.lit(1)).alias("records"),
            F.sum(F.coalesce(F.length("key"), F.lit(0)) + F.coalesce(F.length("value"), F.lit(0))).alias(
                "bytes"
            ),
            F.min("offset").alias("first_offset"),
            F.max("offset").alias("last_offset"),
            F.unix_micros(F.min("timestamp")).alias("first_timestamp_us"),
            F.unix_micros(F.max("timestamp")).alias("last_timestamp_us"),
        ]
        if include_metadata:
            aggregates.append(F.array_sort(F.collect_set("compression")).alias("codecs"))
        summary = {
            (row["topic"], row["partition"]): PartitionSummary(**row.asDict())
            for row in written.groupBy("topic", "partition").agg(*aggregates).collect()
        }
        problems = _problems(filesystem, problems_path)
        if decode_values is not None:
            from kafkaks.spark.decoding import undecodable_lines

            undecodable = undecodable_lines(written)
        target.commit()
    except BaseException:
        target.abandon()
        raise
    finally:
        if own_session:
            spark.stop()
    if target.staging != target.uri:
        say(f"moved into place: {target.uri}")
    for problem in problems:
        key = (problem["topic"], problem["partition"])
        if key not in summary:
            summary[key] = PartitionSummary(problem["topic"], problem["partition"])
        if ProblemKind(problem["kind"]).damage:
            summary[key].corrupt_batches += 1
    result = [summary[key] for key in sorted(summary, key=lambda k: (k[0] or "", k[1] or 0))]
    if echo is not None:
        for line in format_summary(result, problems, target.uri):
            echo(line)
        for line in undecodable if decode_values is not None else ():
            echo(line)
    return result


def run_table(
    src: str | Sequence[str],
    dest: str,
    *,
    format: str,
    catalog_uri: str | None = None,
    table: str | None = None,
    catalog_properties: dict[str, str] | None = None,
    master: str | None = None,
    spark: Any = None,
    isolation: str = "read_uncommitted",
    mode: str = "FAILFAST",
    max_bytes_per_partition: int | None = None,
    echo: Callable[[str], None] | None = print,
    progress: Callable[[str], None] | None = None,
    spark_log: str | None = None,
    decode_values: str | None = None,
    conf: dict[str, str] | None = None,
    dry_run: bool = False,
) -> Any:
    """Append ``src`` to the Iceberg or Delta table at ``dest`` (``format``), incrementally: only
    the offsets above what the table holds of each topic-partition, in one commit
    (:mod:`kafkaks.tables`). Returns the :class:`~kafkaks.tables.appending.TableRun`, also handed
    to ``echo`` as text: what was appended per topic-partition, what was skipped and why, the commit.

    ``dest`` may not hold Kafka data nor overlap a source (:class:`RefusedError`, as for Parquet);
    a missing ``tables`` extra is a :class:`RefusedError` naming it. ``decode_values`` is as for
    :func:`run`: the decoded columns go into the table, whose schema takes the fields a newer
    schema version adds (:mod:`kafkaks.tables.evolution`). ``dry_run`` prints the plan (what each
    topic-partition would get) without starting Spark."""
    try:
        from kafkaks.spark.source import KafkaLogDataSource
        from kafkaks.tables import open_table
        from kafkaks.tables.appending import append, plan_append, starting_offsets
        from kafkaks.tables.observe import observe
    except ImportError as exc:
        raise RefusedError(str(exc)) from exc
    from kafkaks.errors import KafkaksError

    say = progress if progress is not None else (lambda _line: None)
    paths = [src] if isinstance(src, str) else list(src)
    options = source_options(isolation, mode, True, max_bytes_per_partition, decode_values)  # lineage columns
    # The incremental read prunes what the table holds; its DataFrame serves that one filtered
    # query, so PySpark's reuse of a pruned plan (kafkaks.spark.source) cannot lose rows here.
    options["pushFilters"] = "true"
    target = Destination.check(dest, paths, "append")
    parsed = _survey(paths, options, say)
    try:
        opened = open_table(
            format, target.uri, catalog_uri=catalog_uri, table=table, catalog_properties=catalog_properties
        )
        say(f"reading {opened.describe()}")
        if not opened.exists:
            for left in _check_new_table(
                opened, dest, sqlite_catalog=format == "iceberg" and catalog_uri is None
            ):
                say(f"left by a run that did not commit, in no table: {left}")
        tables_run = plan_append(opened, observe(parsed))
    except (ImportError, ValueError, KafkaksError, OSError) as exc:
        raise RefusedError(str(exc)) from exc
    appending = [d for d in tables_run.decisions if d.reads]
    say(
        f"checked: {_plural(len(appending), 'partition')} to read, "
        f"{_plural(len(tables_run.skipped), 'partition')} skipped, "
        f"{sum(d.up_to_date for d in tables_run.decisions)} up to date"
    )
    if dry_run:
        if echo is not None:
            for line in format_plan(tables_run):
                echo(line)
        return tables_run
    if appending:
        own_session = spark is None
        if own_session:
            spark = _start_session(master, spark_log, conf, say)
        spark.dataSource.register(KafkaLogDataSource)
        try:
            options["startingOffsets"] = starting_offsets(tables_run.decisions)
            df = spark.read.format("kafka-log").options(**options).load(paths)
            append(df, opened, tables_run, say)
        finally:
            if own_session:
                spark.stop()
    if echo is not None:
        for line in format_table_run(tables_run):
            echo(line)
    return tables_run


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
    for decision in run.decisions:
        name = f"{decision.topic}-{decision.partition}"
        if decision.skip is not None:
            lines.append(f"skipped {name}: {decision.skip}")
        elif decision.key not in appended:
            held = "nothing" if decision.after is None else f"up to offset {decision.after}"
            lines.append(f"nothing new in {name}: the table holds {held}")
        lines += [f"note {name}: {note}" for note in decision.notes]
    lines += _undecodable_lines(run.appended)
    records = _plural(sum(a.records for a in run.appended), "record")
    if run.commit is None:
        lines.append(f"{records} appended: no commit made to {run.table}")
    else:
        lines.append(
            f"{records} appended in {_plural(len(run.appended), 'partition')}: commit {run.commit}, "
            f"{_plural(run.files, 'file')}, {run.file_bytes} bytes, to {run.table}"
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


def _problems(filesystem: Callable[[str], Any], path: str) -> list[dict[str, Any]]:
    import json

    import pyarrow.fs as pafs

    fs, root = filesystem(path)
    if fs.get_file_info(root).type == pafs.FileType.NotFound:
        return []
    found = []
    for info in sorted(fs.get_file_info(pafs.FileSelector(root)), key=lambda i: i.path):
        if info.base_name.endswith(".jsonl"):
            with fs.open_input_stream(info.path) as stream:
                found += [json.loads(line) for line in stream.read().decode().splitlines() if line]
    return sorted(found, key=lambda p: (p["file"], p["position"]))


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
    records = _plural(sum(s.records for s in summary), "record")
    lines.append(f"{records} in {_plural(len(summary), 'partition')} written to {dest}")
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
        nargs="+",
        metavar="SRC",
        help="broker log dirs, partition dirs, segments or globs (local, s3://, ...)",
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
        "--remote",
        dest="master",
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
