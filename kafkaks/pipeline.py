"""Kafka log directories to Parquet files or lakehouse tables with Spark: plan, write, commit.

The run behind ``kafkaks pipeline`` (:mod:`kafkaks.cli.pipeline` holds its arguments and text),
one path for every format:

1. **Plan**, on the driver, before Spark starts: SRC is listed and DEST checked
   (:class:`Destination`, or the table's watermarks: :mod:`kafkaks.tables.appending`), and the
   segments are cut into splits (:mod:`kafkaks.spark.planning`: at ``.index`` entries, or at batch
   starts found by walking the headers) grouped into tasks of about ``maxBytesPerPartition``.
2. **Write**: Spark runs one task per group (:mod:`kafkaks.spark.tasks`); each reads its splits
   with the compiled core into Arrow and writes its own Parquet files with pyarrow, then reports
   each file (path, bytes, rows, offset and time ranges per topic-partition) and the problems it
   found. No record becomes a JVM row, and nothing written is read again.
3. **Commit**, on the driver, from the reports alone: Parquet by moving the staging folder into
   place with a manifest and the problems (``_manifests/``, ``_problems/``), Iceberg and Delta by
   one table commit carrying the new watermarks (:mod:`kafkaks.tables`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import glob
import json
import os
import re
import shutil
import sys
import time
import urllib.parse
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .problems import ProblemKind
from .spark.writing import Appended
from .store.listing import is_kafka_file

__all__ = [
    "Destination",
    "ParquetRun",
    "PartitionSummary",
    "RefusedError",
    "append",
    "append_to_table",
    "session",
    "write_parquet",
]

SAVE_MODES = ("error", "overwrite", "append")  # what to do with a DEST that holds something


READ_MODES = ("FAILFAST", "PERMISSIVE")  # the data source's mode option


STAGING = ".kafkaks-staging-"


class RefusedError(Exception):
    """The pipeline did not start: SRC holds nothing readable, DEST may not be written, or PySpark
    is missing. Nothing was read by Spark and nothing was written."""


@dataclass
class PartitionSummary(Appended):
    """What the pipeline wrote for one topic partition (``bytes`` counts key and value bytes: what
    consumers receive, without headers and batch overhead), and the corrupt or partial batches its
    tasks skipped."""

    corrupt_batches: int = 0

    @classmethod
    def of(cls, written: Appended) -> PartitionSummary:
        """The summary of what the tasks reported of a topic-partition."""
        return cls(**dataclasses.asdict(written))


@dataclass
class ParquetRun:
    """What a Parquet run wrote: where, a summary per topic-partition, the problems the tasks
    found (rows of :data:`~kafkaks.spark.reading.PROBLEMS_SCHEMA` as dicts), and what the tasks
    reported per topic-partition (:class:`~kafkaks.spark.writing.Appended`: undecodable values)."""

    dest: str
    summary: list[PartitionSummary]
    problems: list[dict[str, Any]]
    written: list[Any]


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

        from .spark.filesystems import filesystem

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
    local SQLite catalog, DEST, where its file would go. What runs killed before their first
    commit left there is no reason (:func:`kafkaks.tables.left_by_runs`): it is returned, for the
    run to name."""
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


def plural(count: int, word: str) -> str:
    """``1 record``, ``2 records``."""
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


PIPELINE_JVM_OPTIONS = "-XX:TieredStopAtLevel=1"
"""The JVM options of a pipeline's own driver and of its executors: those JVMs only schedule the
tasks and collect their reports (no record passes through them), so the C1 compiler alone does,
and the cores stay with the Python tasks (docs/spark.md, "How fast": about 2 s less a run, and
``local[2]``'s gain over ``local[1]`` measured with and without them)."""

PIPELINE_CONF = {"spark.python.daemon.module": "kafkaks.spark.daemon"}
"""Spark settings of a pipeline's own session (a ``--conf`` overrides them): its Python workers
import PySpark's cached bytecode, not its zip (:mod:`kafkaks.spark.daemon`)."""


@contextlib.contextmanager
def _java_options(options: str | None) -> Iterator[None]:
    """``options`` put before ``JDK_JAVA_OPTIONS`` meanwhile: a JVM started now takes them, and
    anything on its command line (``spark.driver.extraJavaOptions``, ``SPARK_SUBMIT_OPTS``)
    overrides them, so a user's own options still win."""
    if options is None:
        yield
        return
    held = os.environ.get("JDK_JAVA_OPTIONS")
    os.environ["JDK_JAVA_OPTIONS"] = options if held is None else f"{options} {held}"
    try:
        yield
    finally:
        if held is None:
            del os.environ["JDK_JAVA_OPTIONS"]
        else:
            os.environ["JDK_JAVA_OPTIONS"] = held


def session(
    master: str | None = None,
    app_name: str = "kafkaks pipeline",
    log: str | None = None,
    conf: dict[str, str] | None = None,
    jvm_options: str | None = None,
    source: bool = True,
) -> Any:
    """A SparkSession with the ``kafka-log`` source registered (unless ``source`` is False: the
    pipeline's own runs read no DataFrame of it, and registering costs Spark 2-3 s) and filter
    pushdown on.

    ``master`` None keeps what spark-submit set, else ``local[*]``; an ``sc://`` URL is a Spark
    Connect server (this process is then its client: no JVM here, and the data source is
    registered from here, shipped to the server with cloudpickle). With ``log``, a JVM started
    here writes its output (Spark's log4j console, executor stderr) to that file.
    ``jvm_options`` go to a JVM started here and to its executors, as ``JDK_JAVA_OPTIONS``
    (``spark.executorEnv.JDK_JAVA_OPTIONS`` for executors). ``conf`` is set on the builder last
    (``--conf`` on the command line), so it can change any of the above."""
    import warnings

    # An operator's terminal gets the progress lines, not PySpark's notice about pandas 3 (which
    # kafkaks does not use).
    warnings.filterwarnings("ignore", "PySpark does not yet fully support pandas", FutureWarning)
    from pyspark.sql import SparkSession

    from .spark.source import KafkaLogDataSource

    if master is not None and master.startswith("sc://"):
        remote = (
            SparkSession.builder.remote(master)
            .config("spark.sql.python.filterPushdown.enabled", "true")
            .config("spark.sql.session.timeZone", "UTC")
        )
        for name, value in (conf or {}).items():
            remote = remote.config(name, value)
        spark = remote.getOrCreate()
        if source:
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
    if jvm_options is not None:
        builder = builder.config("spark.executorEnv.JDK_JAVA_OPTIONS", jvm_options)
    for name, value in (conf or {}).items():
        builder = builder.config(name, value)
    with _output_to(log) if log is not None else contextlib.nullcontext(), _java_options(jvm_options):
        spark = builder.getOrCreate()
    if source:
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


def _sources(paths: list[str], remote: Mapping[str, str] | None) -> list[str]:
    """What a run reads, for :meth:`Destination.check`: SRC and the store of remote segments."""
    return [*paths, *([remote["remote"]] if remote else [])]


def _survey(paths: list[str], options: dict[str, str], say: Callable[[str], None]) -> tuple[Any, int]:
    """List SRC on the driver (the first progress line) and set up the decoding of values: the
    parsed options and the bytes of the segments; what holds no Kafka data is refused."""
    try:
        from .spark.decoding import with_decoding
        from .spark.options import Options
        from .spark.planning import survey
    except ImportError as exc:
        raise RefusedError(str(exc)) from exc
    from .errors import KafkaksError

    try:
        parsed = Options.parse({**options, "paths": json.dumps(paths)})
        found = survey(parsed)
        parsed = with_decoding(parsed)  # reads the registry, once
    except (KafkaksError, OSError, ValueError) as exc:
        raise RefusedError(str(exc)) from exc
    say(
        f"planning: {plural(found.partitions, 'partition')}, {plural(found.segments, 'segment')}, "
        f"{found.bytes / (1 << 20):.1f} MiB"
    )
    return parsed, found.bytes


def _sized(options: Any, total: int, master: str | None, conf: dict[str, str] | None, spark: Any) -> Any:
    """``options`` with ``maxBytesPerPartition`` lowered so that a run of more than one task has a
    multiple of the cores' count of tasks of one size (three tasks on two cores take two rounds,
    one of them half idle), when the cores are known: ``local[N]``, a session given,
    ``spark.default.parallelism``, or a cluster's ``spark.cores.max``."""
    cores = _cores(master, conf or {}, spark)
    pieces = -(-total // options.max_bytes_per_partition)
    if cores is None or pieces <= 1:
        return options
    pieces = -(-pieces // cores) * cores
    return dataclasses.replace(options, max_bytes_per_partition=max(1, -(-total // pieces)))


def _cores(master: str | None, conf: dict[str, str], spark: Any) -> int | None:
    """The tasks Spark runs at once, where it can be told before a session starts."""
    if "spark.default.parallelism" in conf:
        return _whole(conf, "spark.default.parallelism")
    if spark is not None:
        with contextlib.suppress(Exception):  # Spark Connect has no SparkContext on the client
            return int(spark.sparkContext.defaultParallelism)
        return None
    if master is None and "PYSPARK_GATEWAY_PORT" in os.environ:  # spark-submit's master
        return None
    found = re.fullmatch(r"local(?:\[(\d+|\*)(?:,\d+)?\])?", master or "local[*]")
    if found is None:  # a cluster: the cores it gives the application at most, if they are set
        return _whole(conf, "spark.cores.max") if "spark.cores.max" in conf else None
    if found[1] is None:  # "local": one thread
        return 1
    return os.cpu_count() or 1 if found[1] == "*" else int(found[1])


def _whole(conf: dict[str, str], name: str) -> int:
    """A ``--conf`` that counts cores, as a number; one that is not is refused before Spark starts."""
    try:
        return int(conf[name])
    except ValueError:
        raise RefusedError(f"--conf {name}={conf[name]}: not a whole number") from None


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
        own = {} if master is not None and master.startswith("sc://") else PIPELINE_CONF
        return session(
            master,
            log=spark_log,
            conf={**own, **(conf or {})},
            jvm_options=PIPELINE_JVM_OPTIONS,
            source=False,
        )
    except Exception as exc:  # no Java, an unwritable log, a bad master URL, ...
        first = next(iter(str(exc).splitlines()), type(exc).__name__)
        raise RefusedError(f"Spark did not start ({where}): {first}") from exc


def write_parquet(
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
    progress: Callable[[str], None] | None = None,
    spark_log: str | None = None,
    decode_values: str | None = None,
    conf: dict[str, str] | None = None,
    dry_run: bool = False,
    remote: Mapping[str, str] | None = None,
) -> ParquetRun | None:
    """Read ``src`` as the ``kafka-log`` source reads it, write ``dest`` as Parquet partitioned by
    topic and partition, and return what was written (None: a dry run).

    ``mode`` is the data source's (FAILFAST, PERMISSIVE); ``write_mode`` says what to do with a
    ``dest`` that holds something: ``error`` (refuse), ``overwrite`` or ``append``. Before Spark
    starts, the sources are listed and ``dest`` is checked (:meth:`Destination.check`); what is
    wrong there raises :class:`RefusedError`. ``progress`` gets a short line per stage;
    ``spark_log`` is where a session started here writes Spark's output. ``decode_values`` is the
    source's ``decodeValues`` option (``registry``, a registry URL or path). ``dry_run`` stops after
    the checks and the planning line, before Spark starts. ``remote`` holds the source's options of
    tiered storage (``remote``: the store; ``remoteKeyPrefix``, ``remoteKeys``, ``remoteMetadata``):
    the remote segments are read too (``src`` may then be empty: the store alone)."""
    try:
        from .spark.filesystems import filesystem
        from .spark.planning import plan
        from .spark.writing import Layout, remove_strays, summarise
    except ImportError as exc:
        raise RefusedError(str(exc)) from exc

    say = progress if progress is not None else (lambda _line: None)
    paths = [src] if isinstance(src, str) else list(src)
    options = source_options(isolation, mode, include_metadata, max_bytes_per_partition, decode_values)
    options.update(remote or {})
    target = Destination.check(dest, _sources(paths, remote), write_mode)
    parsed, total = _survey(paths, options, say)
    parsed = _sized(parsed, total, master, conf, spark)  # the tasks are grouped by this size too
    splits = plan(parsed)
    if dry_run:
        say(
            f"dry run: would write Parquet to {target.uri}{_tasks(splits, parsed)}; "
            "nothing read, nothing written"
        )
        return None
    run_id = uuid.uuid4().hex[:12]
    fs, root = filesystem(target.staging)
    own_session = spark is None
    if own_session and splits:
        spark = _start_session(master, spark_log, conf, say)
    try:
        if not target.local and target.write_mode == "overwrite":
            fs.delete_dir_contents(root, missing_dir_ok=True)
        fs.create_dir(root, recursive=True)
        say(f"writing Parquet to {target.staging}{_tasks(splits, parsed)}")
        layout = Layout.parquet(parsed.arrow_schema())
        reports = write(spark, parsed, splits, target.staging, layout, run_id, say)
        files = [r for r in reports if r.name is not None]
        written = summarise(files)
        remove_strays(fs, root, {r.name for r in files}, run_id)
        problems = sorted(
            (json.loads(p) for r in reports for p in r.problems or ()),
            key=lambda p: (p["file"], p["position"]),
        )
        _write_record(fs, root, run_id, files, problems)
        target.commit()
    except BaseException:
        target.abandon()
        raise
    finally:
        if own_session and splits:
            spark.stop()
    if target.staging != target.uri:
        say(f"moved into place: {target.uri}")
    summary = {(w.topic, w.partition): PartitionSummary.of(w) for w in written}
    for problem in problems:
        key = (problem["topic"], problem["partition"])
        if key not in summary:
            summary[key] = PartitionSummary(problem["topic"], problem["partition"])
        if ProblemKind(problem["kind"]).damage:
            summary[key].corrupt_batches += 1
    result = [summary[key] for key in sorted(summary, key=lambda k: (k[0] or "", k[1] or 0))]
    return ParquetRun(target.uri, result, problems, written)


def _tasks(splits: Sequence[Any], options: Any) -> str:
    """``: N splits in M tasks`` (of about ``maxBytesPerPartition`` each), for a progress line."""
    from .spark.planning import group_splits

    if not splits:
        return ": nothing to read"
    tasks = len(group_splits(list(splits), options.max_bytes_per_partition))
    return f": {plural(len(splits), 'split')} in {plural(tasks, 'task')}"


def write(
    spark: Any,
    options: Any,
    splits: Sequence[Any],
    fs_uri: str,
    layout: Any,
    run_id: str,
    say: Callable[[str], None],
) -> list[Any]:
    """The write stage of every format: ``splits`` grouped into tasks, each read and written as
    Parquet under ``fs_uri`` by a Spark task (:mod:`kafkaks.spark.tasks`); the report rows
    (:data:`~kafkaks.spark.writing.REPORT_SCHEMA`). Says how fast it went."""
    from .spark.planning import group_splits
    from .spark.tasks import WriteTask, run_tasks

    groups = group_splits(list(splits), options.max_bytes_per_partition)
    task = WriteTask(options, tuple(groups), fs_uri, layout, run_id)
    started = time.monotonic()
    terminal = sys.stderr.isatty()
    reports = run_tasks(spark, task, _terminal_count() if terminal else None)
    if terminal:  # the count's line is the next progress line's
        with contextlib.suppress(OSError):
            sys.stderr.write("\r\x1b[K")
    seconds = max(time.monotonic() - started, 1e-9)
    records = sum(held.records for r in reports if r.name is not None for held in r.partitions)
    size = sum(r.size for r in reports if r.name is not None)
    read = sum(split.length for split in splits)
    say(
        f"wrote {plural(records, 'record')} in {seconds:.1f} s ({records / seconds:,.0f} records/s, "
        f"{read / 1e6 / seconds:.1f} MB/s read): {plural(sum(r.name is not None for r in reports), 'file')}, "
        f"{size / 1e6:.1f} MB"
    )
    return reports


def _terminal_count() -> Callable[[int, int], None]:
    """A count of the tasks done, rewritten in place on a terminal's progress line."""

    def count(done: int, tasks: int) -> None:
        with contextlib.suppress(OSError):
            sys.stderr.write(f"\rkafkaks pipeline: {done} of {plural(tasks, 'task')} done\x1b[K")
            sys.stderr.flush()

    return count


def _write_record(fs: Any, root: str, run_id: str, files: list[Any], problems: list[dict[str, Any]]) -> None:
    """What a Parquet run wrote, beside its files: the problems the tasks found
    (``_problems/<run>.jsonl``, JSON lines) and a manifest of its files with what each holds
    (``_manifests/<run>.json``), then ``_SUCCESS``; Spark's readers skip names that start with ``_``."""
    if problems:
        fs.create_dir(f"{root}/_problems", recursive=True)
        with fs.open_output_stream(f"{root}/_problems/{run_id}.jsonl") as out:
            out.write("".join(json.dumps(p) + "\n" for p in problems).encode())
    manifest = {
        "run": run_id,
        "files": [
            {
                "path": r.name,
                "bytes": r.size,
                "rows": r.rows,
                "partitions": [p.asDict() for p in r.partitions],
            }
            for r in sorted(files, key=lambda r: r.name)
        ],
        "problems": len(problems),
    }
    fs.create_dir(f"{root}/_manifests", recursive=True)
    with fs.open_output_stream(f"{root}/_manifests/{run_id}.json") as out:
        out.write(json.dumps(manifest, indent=1).encode())
    # Last, the empty marker Hadoop's FileOutputCommitter leaves (and Spark's writers did here):
    # what schedulers and readers that wait for a finished folder look for.
    with fs.open_output_stream(f"{root}/_SUCCESS"):
        pass


def append_to_table(
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
    progress: Callable[[str], None] | None = None,
    spark_log: str | None = None,
    decode_values: str | None = None,
    conf: dict[str, str] | None = None,
    dry_run: bool = False,
    remote: Mapping[str, str] | None = None,
) -> Any:
    """Append ``src`` to the Iceberg or Delta table at ``dest`` (``format``), incrementally: only
    the offsets above what the table holds of each topic-partition, in one commit
    (:mod:`kafkaks.tables`). Returns the :class:`~kafkaks.tables.appending.TableRun`: what was
    appended per topic-partition, what was skipped and why, the commit.

    ``dest`` may not hold Kafka data nor overlap a source (:class:`RefusedError`, as for Parquet);
    a missing ``tables`` extra is a :class:`RefusedError` naming it. ``decode_values`` is as for
    :func:`write_parquet`: the decoded columns go into the table, whose schema takes the fields a newer
    schema version adds (:mod:`kafkaks.tables.evolution`). ``dry_run`` returns the plan (what each
    topic-partition would get) without starting Spark. ``remote`` is as for :func:`write_parquet`:
    a topic-partition's log, its watermark's checks included, is then that of both tiers."""
    try:
        from .tables import open_table
        from .tables.appending import plan_append
        from .tables.observe import observe
    except ImportError as exc:
        raise RefusedError(str(exc)) from exc
    from .errors import KafkaksError

    say = progress if progress is not None else (lambda _line: None)
    paths = [src] if isinstance(src, str) else list(src)
    options = source_options(isolation, mode, True, max_bytes_per_partition, decode_values)  # lineage columns
    options.update(remote or {})
    target = Destination.check(dest, _sources(paths, remote), "append")
    parsed, total = _survey(paths, options, say)
    parsed = _sized(parsed, total, master, conf, spark)
    try:
        opened = open_table(
            format, target.uri, catalog_uri=catalog_uri, table=table, catalog_properties=catalog_properties
        )
        say(f"reading {opened.describe()}")
        if not opened.exists:
            sqlite_catalog = format == "iceberg" and catalog_uri is None
            for left in _check_new_table(opened, dest, sqlite_catalog=sqlite_catalog):
                say(f"left by a run that did not commit, in no table: {left}")
        tables_run = plan_append(opened, observe(parsed))
    except (ImportError, ValueError, KafkaksError, OSError) as exc:
        raise RefusedError(str(exc)) from exc
    appending = [d for d in tables_run.decisions if d.reads]
    say(
        f"checked: {plural(len(appending), 'partition')} to read, "
        f"{plural(len(tables_run.skipped), 'partition')} skipped, "
        f"{sum(d.up_to_date for d in tables_run.decisions)} up to date"
    )
    if dry_run:
        return tables_run
    if appending:
        own_session = spark is None
        if own_session:
            spark = _start_session(master, spark_log, conf, say)
        try:
            append(spark, opened, tables_run, parsed, say)
        finally:
            if own_session:
                spark.stop()
    return tables_run


def append(spark: Any, table: Any, run: Any, options: Any, say: Callable[[str], None]) -> Any:
    """Read what ``run`` (a :class:`~kafkaks.tables.appending.TableRun`) decided from the log dirs
    of ``options`` (the ``kafka-log`` source's, parsed), write it as Parquet files into a folder
    of this run in the table's location, and commit them in one commit (none when nothing is new;
    :func:`kafkaks.tables.appending.commit`). Whatever fails before that commit has landed removes
    the run's folder. Returns ``run`` with what was appended."""
    from .spark.filesystems import filesystem
    from .spark.planning import plan
    from .spark.writing import Layout, remove_strays
    from .tables import new_run_id
    from .tables.appending import commit, reading_options, remove, schemas, wait_for_tasks

    reads = {d.key for d in run.decisions if d.reads}
    if not reads:
        say("nothing to read: every partition is up to date or skipped")
        return run
    options = reading_options(options, run.decisions)
    splits = [s for s in plan(options) if (s.topic, s.partition) in reads]
    schema, file_schema = schemas(table, options.arrow_schema())
    run_id = new_run_id()
    folder = table.run_folder(run_id)
    fs_uri = table.storage.filesystem_uri(folder)
    fs, root = filesystem(fs_uri)
    try:
        say(f"writing Parquet files to {folder}{_tasks(splits, options)}")
        layout = Layout(table.partition_columns, True, file_schema)
        reports = [
            r for r in write(spark, options, splits, fs_uri, layout, run_id, say) if r.name is not None
        ]
        commit(table, run, folder, reports, schema, say)
        if run.commit is None:
            remove(fs, root)
            return run
    except BaseException:
        if run.commit is None:
            wait_for_tasks(spark)
            remove(fs, root)
        raise
    remove_strays(fs, root, {r.name for r in reports})
    return run
