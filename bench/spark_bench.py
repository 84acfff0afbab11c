"""Spark in ``make bench``: ``kafkaks pipeline`` as whole processes against ``read_arrow`` and
pyarrow's Parquet writer in one process, and the ``kafka-log`` source in a warm session.

:func:`pipeline_runs` times whole processes (``kafkaks pipeline`` on ``local[1]``, ``local[2]`` and a
standalone cluster, each format, and the one-process baseline, :data:`BASELINE`) on log dirs of two
sizes, so that the marginal cost per record, ``(t(large) - t(small)) / (large - small)``, leaves
each process's start-up out; and the whole run on the demo log dir against a bare Spark session
running one trivial job (:data:`BARE`).

:func:`source_runs` times queries of the ``kafka-log`` source in one warm session at two sizes, and
beside them ``DecodedDataSource`` (``format("kafka-log-decoded")``), which yields Arrow batches
already decoded and saved by :func:`save_decoded` (an Arrow IPC file, memory-mapped): the same
rows, columns, types and batch sizes as ``kafka-log``, with no reading or decoding at all. What a
query over it costs is what Spark spends on any Python data source of this schema: the Arrow stream
from the Python worker to the JVM, and the JVM turning each row of it into an ``UnsafeRow``
(``MapInBatchEvaluatorFactory``: a Python data source gives rows, never columnar batches, and is
given no column pruning, so every column of every row is copied).

:func:`cpu_seconds` splits a query's CPU time between the JVM and its Python workers (Linux
``/proc``), since on a shared machine wall time alone does not say which side was waiting.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
from pyspark.sql.datasource import DataSource, DataSourceReader, InputPartition
from pyspark.sql.pandas.types import from_arrow_schema

import kafkaks
from kafkaks.pipeline import PIPELINE_CONF

_TICKS = os.sysconf("SC_CLK_TCK")


def save_decoded(segment: Path, path: Path) -> Path:
    """``read_arrow(segment, include_headers=True)``'s batches, as they come, into an Arrow IPC file."""
    batches = kafkaks.read_arrow(segment, include_headers=True, threads=0)
    first = next(batches)
    with pa.OSFile(str(path), "wb") as out, pa.ipc.new_file(out, first.schema) as writer:
        writer.write_batch(first)
        for batch in batches:
            writer.write_batch(batch)
    return path


class DecodedReader(DataSourceReader):  # type: ignore[misc]
    def __init__(self, path: str) -> None:
        self.path = path

    def partitions(self) -> list[InputPartition]:
        return [InputPartition(self.path)]

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        saved = pa.ipc.open_file(pa.memory_map(partition.value))
        for index in range(saved.num_record_batches):
            yield saved.get_batch(index)


class DecodedDataSource(DataSource):  # type: ignore[misc]
    """``spark.read.format("kafka-log-decoded").load(ipc_file)``: batches saved by :func:`save_decoded`."""

    @classmethod
    def name(cls) -> str:
        return "kafka-log-decoded"

    def schema(self) -> Any:
        return from_arrow_schema(pa.ipc.open_file(pa.memory_map(self.options["path"])).schema)

    def reader(self, schema: Any) -> DecodedReader:
        return DecodedReader(self.options["path"])


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (none once it has ended), whichever thread started them."""
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return found
    for task in tasks:
        try:
            found += [int(child) for child in Path(f"/proc/{pid}/task/{task}/children").read_text().split()]
        except FileNotFoundError:  # a thread that just ended
            continue
    return found


def _process_cpu(pid: int) -> float:
    """User and system time of a process and of its children it has waited for, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(ticks) for ticks in fields[11:15]) / _TICKS


def jvm_pid() -> int:
    """The JVM this interpreter started (PySpark's gateway): the first ``java`` below it."""
    waiting = _children(os.getpid())
    while waiting:
        pid = waiting.pop()
        if Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].endswith(b"java"):
            return pid
        waiting += _children(pid)
    raise RuntimeError("no JVM below this process")


def cpu_seconds(jvm: int) -> tuple[float, float]:
    """CPU seconds used so far by the JVM and by the Python processes below it (daemon, workers)."""
    python = 0.0
    waiting = _children(jvm)
    while waiting:
        pid = waiting.pop()
        try:
            python += _process_cpu(pid)
            waiting += _children(pid)
        except FileNotFoundError:  # a worker that just ended
            continue
    return _process_cpu(jvm), python


BASELINE = """\
import sys
import pyarrow as pa
import pyarrow.parquet as pq
import kafkaks

batches = kafkaks.read_arrow(sys.argv[1], include_headers=True, include_metadata=True, threads=0)
first = next(batches)
with pq.ParquetWriter(sys.argv[2], first.schema) as out:
    out.write_table(pa.Table.from_batches([first]))
    for batch in batches:
        out.write_table(pa.Table.from_batches([batch]))
"""
"""``read_arrow`` (the pipeline's columns: headers and metadata) and ``pyarrow.parquet`` in one
process, one thread: what a pipeline task does, without Spark."""

BARE = """\
import os, sys
import pyarrow as pa
from pyspark.sql import SparkSession

os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
spark = SparkSession.builder.master(sys.argv[1]).config("spark.ui.showConsoleProgress", "false").getOrCreate()
spark.range(1).mapInArrow(lambda batches: batches, "id long").count()
spark.stop()
"""
"""A bare Spark session running one trivial job that starts a Python worker."""


@dataclass(frozen=True)
class Run:
    """One way to write a log dir to Parquet or a table: ``master`` None is :data:`BASELINE`."""

    name: str
    master: str | None = None
    format: str = "parquet"


CLUSTER = "cluster"
"""A :class:`Run`'s master that stands for the standalone cluster :func:`pipeline_runs` starts."""


DAEMONS = (b"pyspark.daemon", PIPELINE_CONF["spark.python.daemon.module"].encode())
"""The modules a Python worker's daemon runs: Spark's, and the pipeline's own sessions'."""


def _python_workers() -> list[int]:
    """Every PySpark Python worker on the machine: the daemons and the workers they fork, which
    keep the daemon's command line (the driver's workers, and the cluster executors')."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:  # a process that just ended
            continue
        if any(name in command for name in DAEMONS):
            found.append(int(entry))
    return found


def _peak_mib(pid: int) -> float:
    """The peak resident memory of a process so far (``VmHWM``), 0 once it has ended."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _warm(logdir: Path) -> None:
    """Read every file of ``logdir`` once, untimed, so that a run starts with its input in the page
    cache: a machine that reclaims cold page cache on its own (Linux's DAMON ``pageout``, as this
    one does) had put back on disk some of what the previous round read, and runs then read their
    input from disk by chance."""
    for path in sorted(logdir.rglob("*")):
        if path.is_file():
            with path.open("rb") as file:
                while file.read(1 << 23):
                    pass


def _timed(argv: Sequence[str], workers: bool) -> tuple[float, float, str]:
    """The wall time of a whole process (a failure raises), the peak resident memory, in MiB, of
    the largest of its Python workers (``workers``) or of the process itself, and what it wrote to
    stderr (its stdout is thrown away). The peaks are read from ``/proc`` twice a second: a peak is
    a high-water mark, so it is not missed between two looks, only after a worker's end (PySpark
    reuses its workers, which end with the application); and looking through ``/proc`` every 50 ms,
    as this did, took about 5% of a core from the run it watched."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        peak = 0.0
        while True:
            pids = _python_workers() if workers else [process.pid]
            peak = max([peak, *(_peak_mib(pid) for pid in pids)])
            try:
                process.wait(timeout=0.5)  # returns as the process ends: the wall time is exact
                break
            except subprocess.TimeoutExpired:
                continue
        seconds = time.perf_counter() - start
        err.seek(0)
        said = err.read().decode(errors="replace")
    if process.returncode != 0:
        raise subprocess.CalledProcessError(process.returncode, argv, stderr=said)
    return seconds, peak, said


WROTE = re.compile(r"wrote [\d,]+ records? in ([\d.]+) s")
"""``kafkaks pipeline``'s progress line of its write stage, with its seconds."""


def pipeline_argv(
    src: Path,
    dest: Path,
    master: str,
    format: str,
    max_bytes: int | None = None,
    conf: dict[str, str] | None = None,
) -> list[str]:
    """``kafkaks pipeline`` (this interpreter's) writing ``format`` to ``dest`` on ``master``."""
    argv = [sys.executable, "-m", "kafkaks.cli.main", "pipeline", "--master", master, "--format", format]
    if max_bytes is not None:
        argv += ["--max-bytes-per-partition", str(max_bytes)]
    for name, value in (conf or {}).items():
        argv += ["--conf", f"{name}={value}"]
    return [*argv, *(["--mode", "overwrite"] if format == "parquet" else []), str(src), str(dest)]


@dataclass
class Timings:
    """What :func:`pipeline_runs` measured: every round's wall seconds by ``(shape, run,
    records)``, in round order, and of the pipeline's write stage alone (``wrote``: the seconds of
    its ``wrote ... in X s`` line; the baseline's whole run, which is all writing), the largest
    worker (or baseline process) peak in MiB by ``(shape, run)``, and every round's seconds of the
    bare session and of the demo run (``fixed``)."""

    seconds: dict[tuple[str, str, int], list[float]]
    wrote: dict[tuple[str, str, int], list[float]]
    peak_mib: dict[tuple[str, str], float]
    fixed: dict[str, list[float]]

    def median(self, shape: str, run: str, records: int) -> float:
        return statistics.median(self.seconds[shape, run, records])

    def marginals(self, shape: str, run: str, small: int, large: int, stage: bool = False) -> list[float]:
        """Seconds per extra record, one figure a round: ``(t(large) - t(small)) / (large - small)``
        of that round's two runs, which ran one after the other (so a machine slower for some
        minutes slows both); of the whole processes, or of their write stage (``stage``)."""
        timed = self.wrote if stage else self.seconds
        pairs = zip(timed[shape, run, small], timed[shape, run, large], strict=True)
        return [(big - little) / (large - small) for little, big in pairs]


def pipeline_runs(
    shapes: dict[str, dict[int, Path]],
    runs: dict[str, list[Run]],
    demo: Path,
    repeats: int,
    max_bytes: int | None = None,
) -> Timings:
    """Time every run of ``runs[shape]`` on each log dir of ``shapes[shape]`` (records -> log dir),
    whole processes, in rounds: in each, a run on one size straight after the same run on the
    other (the larger first every other round), so that :meth:`Timings.marginals` pairs runs a
    minute apart (each run's seconds go to stderr as it ends); and the whole run on the demo log
    dir against a bare Spark session running one trivial job. A table's destination is made afresh
    for each run (a rerun would append nothing). ``max_bytes``: the pipeline's ``--max-bytes-per-partition``.
    Runs on :data:`CLUSTER` go to a standalone cluster of two one-core workers started here from
    the installed PySpark (tests/spark_cluster.py) and stopped at the end."""
    seconds: dict[tuple[str, str, int], list[float]] = {}
    wrote: dict[tuple[str, str, int], list[float]] = {}
    peaks: dict[tuple[str, str], float] = {}
    fixed: dict[str, list[float]] = {"bare": [], "demo": []}
    with contextlib.ExitStack() as stack:
        out = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="kafkaks-bench-")))
        cluster_master, cluster_conf = "", {}
        if any(run.master == CLUSTER for listed in runs.values() for run in listed):
            sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
            from spark_cluster import driver_conf, standalone

            (out / "cluster").mkdir()
            cluster_master = stack.enter_context(standalone(out / "cluster")).master
            cluster_conf = driver_conf()
        for round_ in range(repeats):
            for shape, logdirs in shapes.items():
                for run in runs[shape]:
                    sizes = list(logdirs.items())
                    for records, logdir in sizes[::-1] if round_ % 2 else sizes:
                        # pyarrow's URIs (a table's folders) refuse brackets: local[1] -> local1
                        named = "".join(c if c.isalnum() else "-" for c in f"{shape}-{run.name}")
                        dest = out / f"{named}-{records}-{round_}"
                        if run.master is None:
                            argv = [sys.executable, "-c", BASELINE, str(logdir), str(dest)]
                        elif run.master == CLUSTER:
                            argv = pipeline_argv(
                                logdir, dest, cluster_master, run.format, max_bytes, cluster_conf
                            )
                        else:
                            argv = pipeline_argv(logdir, dest, run.master, run.format, max_bytes)
                        _warm(logdir)
                        took, peak, said = _timed(argv, workers=run.master is not None)
                        stage = took
                        if run.master is not None:
                            found = WROTE.search(said)
                            if found is None:
                                raise RuntimeError(f"no write stage's line in the output of {argv}:\n{said}")
                            stage = float(found[1])
                        seconds.setdefault((shape, run.name, records), []).append(took)
                        wrote.setdefault((shape, run.name, records), []).append(stage)
                        print(
                            f"  {shape} | {run.name} | {records:,}: {took:.1f} s (writing {stage:.1f} s)",
                            file=sys.stderr,
                            flush=True,
                        )
                        peaks[shape, run.name] = max(peaks.get((shape, run.name), 0.0), peak)
                        shutil.rmtree(dest, ignore_errors=True)
            fixed["bare"].append(_timed([sys.executable, "-c", BARE, "local[1]"], workers=False)[0])
            dest = out / f"demo-{round_}"
            _warm(demo)
            fixed["demo"].append(_timed(pipeline_argv(demo, dest, "local[1]", "parquet"), workers=False)[0])
            print(f"  round {round_ + 1}/{repeats} done", file=sys.stderr, flush=True)
    return Timings(seconds, wrote, peaks, fixed)


SOURCE_QUERIES = {
    "`kafka-log`, every column (headers too)": ("kafka-log", {"includeHeaders": "true"}),
    "`kafka-log`, `columns` = `partition,offset,timestamp`": (
        "kafka-log",
        {"columns": "partition,offset,timestamp"},
    ),
    "the same rows decoded beforehand (no reading, no decoding)": ("kafka-log-decoded", {}),
}
"""The ``kafka-log`` source's queries of :func:`source_runs`, and the bound of any Python source of
its schema (:class:`DecodedDataSource`)."""


def source_runs(
    logdirs: dict[int, Path], repeats: int
) -> tuple[dict[tuple[str, int], float], dict[str, float]]:
    """Median wall seconds of ``df.write.format("noop")`` (every row of the query made, nothing
    written) in one warm ``local[1]`` session, by ``(query, records)`` for each query of
    :data:`SOURCE_QUERIES` and each log dir of ``logdirs`` (records -> a log dir of one segment);
    a first query on the smallest log dir starts the session's Python worker before any is timed.
    Also, for the largest log dir's every-column query, the share of its CPU time spent by the JVM
    and by the Python workers (:func:`cpu_seconds`)."""
    from kafkaks.pipeline import session  # kafka-log registered, as kafkaks pipeline starts it

    # The Python workers unpickle DecodedDataSource by reference: they import this module.
    here = str(Path(__file__).resolve().parent)
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")]))
    spark = session("local[1]", "kafkaks bench: source", conf={"spark.ui.enabled": "false"})
    spark.sparkContext.setLogLevel("ERROR")
    spark.dataSource.register(DecodedDataSource)
    seconds: dict[tuple[str, int], list[float]] = {}
    split: dict[str, float] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="kafkaks-bench-source-") as scratch:
            saved = {
                records: save_decoded(next(logdir.rglob("*.log")), Path(scratch) / f"{records}.arrow")
                for records, logdir in logdirs.items()
            }

            def query(name: str, records: int) -> Any:
                source, options = SOURCE_QUERIES[name]
                path = saved[records] if source == "kafka-log-decoded" else logdirs[records]
                return spark.read.format(source).options(**options).load(str(path))

            first = next(iter(SOURCE_QUERIES))
            query(first, min(logdirs)).write.format("noop").mode("overwrite").save()
            jvm = jvm_pid()
            for _ in range(repeats):
                for records in logdirs:
                    for name in SOURCE_QUERIES:
                        before = cpu_seconds(jvm)
                        start = time.perf_counter()
                        query(name, records).write.format("noop").mode("overwrite").save()
                        seconds.setdefault((name, records), []).append(time.perf_counter() - start)
                        if name == first and records == max(logdirs):
                            after = cpu_seconds(jvm)
                            split = {"jvm": after[0] - before[0], "python": after[1] - before[1]}
    finally:
        spark.stop()
    return {key: statistics.median(values) for key, values in seconds.items()}, split
