"""`make bench`: kafkaks, kafka-python and aiokafka's C reader on the same segments, into BENCHMARKS.md.

Every reader does a full decode with CRC checks: each record's offset, timestamp, key, value and
headers are materialised. Runs are interleaved (round after round over codecs and readers) and the
median is reported, so a busy moment of the machine hurts every reader alike. Knobs (environment):

    BENCH_RECORDS            records per segment (default 1000000)
    BENCH_REPEATS            rounds of timed runs (default 5)
    BENCH_GENERATED_RECORDS  records for the generated-parser comparison (default 100000)
    BENCH_MEMORY_BYTES       size of the big segment for the memory check (default 1 GiB; 0 skips)
    BENCH_LOG_ENTRIES_MIB    segment sizes for the generated parsers one entry at a time (default
                             32,1024; empty skips)
    BENCH_SHAPE_RECORDS      records per segment of the batch-size comparison (default 200000)
    BENCH_PROCESS_RECORDS    records per segment of the one-process-per-file comparison (default
                             1000000)
    BENCH_STATE_RECORDS      offset commits in __consumer_offsets for `kafkaks state` (default
                             1000000; a quarter as many too)
    BENCH_BOMB_RECORDS       records of the record bomb's one batch (default 36000000)
    BENCH_SPARK_RECORDS      records of the smaller log dirs of the Spark pipeline section (the
                             larger hold four times as many; those of one-record batches a fifth as
                             many; default 1000000)
    BENCH_SPARK_REPEATS      rounds of the Spark pipeline section (default 3)
    BENCH_SPARK_MAX_BYTES    the pipeline's --max-bytes-per-partition there (default: its own,
                             128 MiB; smaller for smaller log dirs, to cut them as large ones)
    BENCH_OUTPUT             where to write the report (default BENCHMARKS.md)
    BENCH_SECTIONS           the sections to run, comma-separated, of deep, shapes, process, scan,
                             cold, generated, memory, spark, source, entries, state, remote,
                             bomb (default all). Fewer than all
                             replace only their own sections in BENCH_OUTPUT, and build only the
                             uncompressed segment when no other is needed:
                             BENCH_SECTIONS=spark python bench/run.py
"""

from __future__ import annotations

import compileall
import functools
import os

os.environ.pop("AIOKAFKA_NO_EXTENSIONS", None)  # measure aiokafka's C reader, never its fallback

import platform
import shlex
import statistics
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import crc32c
from cold_start import table as cold_start_table
from corpus import CODECS, RECORDS_PER_BATCH, build_indexed_segment, build_segment, corpus
from kafka.record import MemoryRecords as KafkaPythonMemoryRecords
from kafkaks.generated.kafka_record_batch import KafkaRecordBatch
from kaitaistruct import BytesIO, KaitaiStream
from log_entries import table as log_entries_table
from one_file import AIO, ARROW, DEEP, KP, SINGLE, aiokafka_reader_class
from record_bomb import table as record_bomb_table
from state_corpus import state_log_dir

import kafkaks
from kafkaks.stream import BytesStream

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "build" / "bench"
RECORDS = int(os.environ.get("BENCH_RECORDS", 1_000_000))
REPEATS = int(os.environ.get("BENCH_REPEATS", 5))
GENERATED_RECORDS = int(os.environ.get("BENCH_GENERATED_RECORDS", 100_000))
MEMORY_BYTES = int(os.environ.get("BENCH_MEMORY_BYTES", 1 << 30))
LOG_ENTRIES_MIB = [int(s) for s in os.environ.get("BENCH_LOG_ENTRIES_MIB", "32,1024").split(",") if s]
SHAPE_RECORDS = int(os.environ.get("BENCH_SHAPE_RECORDS", 200_000))
PROCESS_RECORDS = int(os.environ.get("BENCH_PROCESS_RECORDS", 1_000_000))
STATE_RECORDS = int(os.environ.get("BENCH_STATE_RECORDS", 1_000_000))
BOMB_RECORDS = int(os.environ.get("BENCH_BOMB_RECORDS", 36_000_000))
SPARK_RECORDS = int(os.environ.get("BENCH_SPARK_RECORDS", 1_000_000))
SPARK_REPEATS = int(os.environ.get("BENCH_SPARK_REPEATS", 3))
SPARK_MAX_BYTES = int(os.environ["BENCH_SPARK_MAX_BYTES"]) if "BENCH_SPARK_MAX_BYTES" in os.environ else None
# The real broker-written data beside the checkout (as for the tests): its largest segment is measured too.
REAL_DATA = Path(os.environ.get("KAFKAKS_REAL_DATA", ROOT.parent / "shared" / "testdata" / "real"))
SHAPES = (1, 10, 500)
OUTPUT = Path(os.environ.get("BENCH_OUTPUT", ROOT / "BENCHMARKS.md"))
ALL_SECTIONS = (
    "deep",
    "shapes",
    "process",
    "scan",
    "cold",
    "generated",
    "memory",
    "spark",
    "source",
    "entries",
    "state",
    "remote",
    "bomb",
)
SECTIONS = set(os.environ.get("BENCH_SECTIONS", ",".join(ALL_SECTIONS)).split(","))
EVERY_SECTION = set(ALL_SECTIONS) <= SECTIONS


def kafkaks_scan(path: Path) -> int:
    """Batch headers and CRCs only, what `kafkaks dump` prints without --deep-iteration."""
    return sum(1 for batch in kafkaks.read_log(path) if batch.crc_valid)


def scan_median(path: Path) -> tuple[int, float]:
    """Batches of :func:`kafkaks_scan` over ``path`` and its median seconds, in this process."""
    return interleaved(in_process({"scan": lambda: kafkaks_scan(path)}), REPEATS)["scan"]


def _generated_reader(stream: Callable[[bytes], KaitaiStream]) -> Callable[[bytes], int]:
    def read(data: bytes) -> int:
        io = stream(data)
        view = memoryview(data)
        count = 0
        while not io.is_eof():
            start = io.pos()
            batch = KafkaRecordBatch(io)
            if crc32c.crc32c(view[start + 21 : io.pos()]) != batch.crc:
                raise ValueError("CRC mismatch")
            for r in batch.records:
                (batch.base_offset + r.offset_delta.value, batch.base_timestamp + r.timestamp_delta.value,
                 getattr(r, "key", None), getattr(r, "value", None),
                 [(h.key, getattr(h, "value", None)) for h in r.headers])  # fmt: skip
                count += 1
        return count

    return read


def _kafka_python_bytes(data: bytes) -> int:
    records = KafkaPythonMemoryRecords(data)
    count = 0
    while (batch := records.next_batch()) is not None:
        if not batch.validate_crc():
            raise ValueError("CRC mismatch")
        for record in batch:
            record.offset, record.timestamp, record.key, record.value, record.headers  # noqa: B018
            count += 1
    return count


GENERATED: dict[str, Callable[[bytes], int]] = {
    "generated parser, KaitaiStream(BytesIO)": _generated_reader(lambda d: KaitaiStream(BytesIO(d))),
    "generated parser, kafkaks.stream.BytesStream": _generated_reader(BytesStream),
    "kafka-python 3.0 (pure Python)": _kafka_python_bytes,
}


def timed(read: Callable[[], int]) -> tuple[int, float]:
    start = time.perf_counter()
    count = read()
    return count, time.perf_counter() - start


Measure = Callable[[], tuple[int, float]]  # one timed run: (items, seconds)


def interleaved(runs: dict[str, Measure], repeats: int) -> dict[str, tuple[int, float]]:
    """name -> (items, median seconds): ``repeats`` rounds, each measuring every run once."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    counts: dict[str, int] = {}
    for round_ in range(repeats):
        for name, run in runs.items():
            counts[name], seconds = run()
            times[name].append(seconds)
        print(f"  round {round_ + 1}/{repeats} done", file=sys.stderr, flush=True)
    return {name: (counts[name], statistics.median(times[name])) for name in runs}


def in_process(runs: dict[str, Callable[[], int]]) -> dict[str, Measure]:
    """The runs timed in this interpreter, after one untimed warm-up run of each."""
    for read in runs.values():
        read()
    return {name: functools.partial(timed, read) for name, read in runs.items()}


def measure(reader: str, path: Path) -> None:
    """In a fresh interpreter (``run.py --measure READER PATH``): one warm-up run of a DEEP reader,
    then one timed run; prints the record count and the seconds."""
    read = DEEP[reader]
    read(path)
    count, seconds = timed(lambda: read(path))
    print(count, seconds)


def in_fresh_interpreter(reader: str, path: Path) -> Measure:
    """A DEEP reader on ``path``, each measurement in a fresh interpreter (:func:`measure`):
    readers then share no allocator state (in one process, one reader's freed heap, or another's
    decompression threads, changed how often the next one's allocations fault in fresh pages, by
    as much as 40%)."""

    def run() -> tuple[int, float]:
        command = [sys.executable, __file__, "--measure", reader, str(path)]
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout.split()
        return int(out[0]), float(out[1])

    return run


def whole_batches(data: bytes, records: int) -> bytes:
    """The leading batches of ``data`` holding at least ``records`` records."""
    pos = count = 0
    while pos < len(data) and count < records:
        count += struct.unpack_from(">i", data, pos + 57)[0]
        pos += 12 + struct.unpack_from(">i", data, pos + 8)[0]
    return data[:pos]


def big_segment(source: Path, size: int) -> Path:
    """A segment of at least ``size`` bytes: ``source``'s batches again and again, renumbered."""
    return repeated(source, size, CACHE / f"memory-{size}" / "bench-memory-0" / "00000000000000000000.log")


def repeated(source: Path, size: int, path: Path) -> Path:
    """``path``, made once: a segment of at least ``size`` bytes, ``source``'s batches again and
    again, renumbered."""
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    data = bytearray(source.read_bytes())
    partial = path.with_suffix(".partial")
    written = next_offset = 0
    with partial.open("wb") as out:
        while written < size:
            pos = 0
            while pos < len(data):
                # The base offset is outside the CRC-covered bytes: renumbering keeps CRCs valid.
                struct.pack_into(">q", data, pos, next_offset)
                next_offset += struct.unpack_from(">i", data, pos + 23)[0] + 1
                pos += 12 + struct.unpack_from(">i", data, pos + 8)[0]
            out.write(data)
            written += len(data)
    partial.rename(path)
    return path


def peak_rss_mib(command: list[str]) -> float:
    """Peak RSS of ``command``, run as the only child of a fresh interpreter."""
    probe = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True)
    return int(out.stdout) / 1024


def machine() -> list[str]:
    cpu = next(
        (line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
         if line.startswith("model name")),
        platform.processor() or "unknown",
    )  # fmt: skip
    packages = ["kafkaks", "numpy", "pyarrow", "crc32c", "lz4", "zstandard", "cramjam", "isal",
                "kaitaistruct", "aiokafka", "kafka-python", "python-snappy"]  # fmt: skip
    versions = ", ".join(f"{name} {metadata.version(name)}" for name in packages)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return [
        f"- CPU: {cpu}, {os.cpu_count()} cores; {platform.platform()}",
        f"- Python {platform.python_version()} ({platform.python_implementation()}); {versions}",
        f"- load average when the run started: {load} (other work on the machine shows up here)",
        f"- aiokafka reader class: `{aiokafka_reader_class()}`",
    ]


SPARK_PARTITIONS = 16
"""Partitions of the many-partition log dir of the Spark section."""
BATCHES_OF_500 = "one segment, 500-record batches"
BATCHES_OF_1 = "one segment, one-record batches"
PARTITIONS = f"{SPARK_PARTITIONS} partitions of one segment each, 500-record batches"
"""The Spark section's shapes of log dir (:func:`spark_logdirs`), as its tables name them."""


SPARK_LARGER = 4
"""The Spark section's larger log dirs hold this many times SPARK_RECORDS: a wide gap between the
two sizes, so that the seconds by which Spark's start swings from one process to the next are small
beside the marginal's (at twice, they were as large as the gain of a second core)."""


def spark_logdirs() -> dict[str, dict[int, Path]]:
    """The Spark section's log dirs by shape, each at SPARK_RECORDS and SPARK_LARGER times as many
    records: one segment of 500-record batches, one of one-record batches (a fifth as many records:
    they cost several times more each), and SPARK_PARTITIONS partitions of one segment of 500-record
    batches. A segment holds at most 2 GiB: about 13 million of these 500-record batches' records."""
    shapes: dict[str, dict[int, Path]] = {BATCHES_OF_500: {}, BATCHES_OF_1: {}, PARTITIONS: {}}
    for size in (SPARK_RECORDS, SPARK_LARGER * SPARK_RECORDS):
        one = CACHE / f"spark-500-{size}"
        build_indexed_segment(one / "bench-0" / SEGMENT_NAME, size, (RECORDS_PER_BATCH,))
        shapes[BATCHES_OF_500][size] = one
        single = CACHE / f"spark-1-{size // 5}"
        build_indexed_segment(single / "bench-0" / SEGMENT_NAME, size // 5, (1,))
        shapes[BATCHES_OF_1][size // 5] = single
        many = CACHE / f"spark-partitions-{size}"
        for partition in range(SPARK_PARTITIONS):
            path = many / f"bench-{partition}" / SEGMENT_NAME
            build_indexed_segment(path, size // SPARK_PARTITIONS, (RECORDS_PER_BATCH,), seed=partition)
        shapes[PARTITIONS][size] = many
    return shapes


def spark_section() -> list[str]:
    """``kafkaks pipeline`` as whole processes on the log dirs of :func:`spark_logdirs` at two sizes,
    against ``read_arrow`` + pyarrow's Parquet writer in one process; the marginal cost per record
    leaves start-up out. Then the whole run on the demo log dir against a bare Spark session running
    one trivial job (:mod:`spark_bench`)."""
    try:
        import pyspark  # noqa: F401
        import spark_bench
        from spark_bench import CLUSTER, Run
    except ImportError as exc:
        return [f"Skipped: PySpark is not installed ({exc}); `make .venv` installs it."]
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    shapes = spark_logdirs()
    baseline = Run("`read_arrow` + `pyarrow.parquet` in one process, one thread (no Spark)")
    local1 = Run("`kafkaks pipeline` (Parquet), `local[1]`", "local[1]")
    local2 = Run("the same, `local[2]`", "local[2]")
    cluster = Run("the same, a standalone cluster of two one-core workers", CLUSTER)
    tables = [
        Run("`kafkaks pipeline --format iceberg`, `local[1]`", "local[1]", "iceberg"),
        Run("`kafkaks pipeline --format delta`, `local[1]`", "local[1]", "delta"),
    ]
    runs = {
        BATCHES_OF_500: [baseline, local1, local2, *tables, cluster],
        BATCHES_OF_1: [baseline, local1, local2, *tables],
        PARTITIONS: [baseline, local1, local2, cluster],
    }
    demo = CACHE / "demo"
    if not demo.exists():
        subprocess.run([sys.executable, str(ROOT / "examples" / "make_sample.py"), str(demo)], check=True)
    timings = spark_bench.pipeline_runs(shapes, runs, demo, SPARK_REPEATS, SPARK_MAX_BYTES)

    def marginals(shape: str, run: Run, stage: bool = False) -> list[float]:
        """Seconds per extra record, a figure for each round (of the write stage: ``stage``)."""
        return timings.marginals(shape, run.name, *shapes[shape], stage=stage)

    def marginal(shape: str, run: Run, stage: bool = False) -> float:
        return statistics.median(marginals(shape, run, stage))

    def ratio(shape: str, over: Run, run: Run, stage: bool = False) -> tuple[float, str]:
        """How many times faster ``run``'s marginal is than ``over``'s (the medians'), and that
        said with the range of each round's."""
        each = [
            a / b for a, b in zip(marginals(shape, over, stage), marginals(shape, run, stage), strict=True)
        ]
        value = marginal(shape, over, stage) / marginal(shape, run, stage)
        return value, f"{value:.2f}x (rounds: {min(each):.2f}-{max(each):.2f}x)"

    lines = [
        "Log dirs of uncompressed segments with their `.index` (100-byte values, 3 headers), each at "
        f"two sizes; whole processes in {SPARK_REPEATS} rounds (`bench/spark_bench.py`), each run's "
        "log dir read once just before it (page cache warm); in a round, each run on one size straight "
        "after the same run on the other. Marginal: `(t(large) - t(small)) / (large - small)` records "
        "of one round's two runs, so that each process's start (Spark's above all) is left out; the "
        "median of the rounds' marginals, and in brackets the fastest and slowest round's (how far "
        "this machine swings). Sizes: the median of the rounds' whole runs. Write stage: the same "
        "marginal of the seconds the pipeline's `wrote ... in X s` line gives (Spark's start, planning "
        "and the commit left out; for the one process, its whole run). Peak memory: the largest "
        "resident set of a Spark Python worker (for the baseline, of its process) over the larger runs.",
        "",
    ]
    verdicts = []
    for shape, listed in runs.items():
        small, large = shapes[shape]
        base = marginal(shape, baseline)
        lines += [
            f"**{shape}**: {small:,} and {large:,} records.",
            "",
            f"| run | {small:,} records | {large:,} records | marginal a record (rounds) "
            "| marginal records/s | vs one process | write stage's marginal | peak memory |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for run in listed:
            each = marginal(shape, run)
            rounds = marginals(shape, run)
            lines.append(
                f"| {run.name} | {timings.median(shape, run.name, small):.1f} s "
                f"| {timings.median(shape, run.name, large):.1f} s | {each * 1e6:.2f} µs "
                f"({min(rounds) * 1e6:.2f}-{max(rounds) * 1e6:.2f}) "
                f"| **{1 / each / 1e3:.0f}k** | **{base / each:.2f}x** "
                f"| {marginal(shape, run, stage=True) * 1e6:.2f} µs "
                f"| {timings.peak_mib[shape, run.name]:.0f} MiB |"
            )
        lines.append("")
        for run in listed[1:]:
            if run.master == "local[1]":
                value, said = ratio(shape, baseline, run)
                verdicts.append(
                    f"{shape}, {run.format} `local[1]` {said} the one process "
                    f"({'reached' if value >= 0.7 else 'not reached'})"
                )
            elif run is not local1:
                value, said = ratio(shape, local1, run)
                where = "`local[2]`" if run is local2 else "the cluster"
                reached = "reached" if value >= 1.7 else "not reached"
                stage = ratio(shape, local1, run, stage=True)[1]
                verdicts.append(f"{shape}, {where} {said} `local[1]` ({reached}; the write stage {stage})")
    fixed = {name: statistics.median(values) for name, values in timings.fixed.items()}
    over = fixed["demo"] - fixed["bare"]
    than_bare = f"{over:.1f} s more" if over >= 0 else f"{-over:.1f} s less"
    max_bytes = "" if SPARK_MAX_BYTES is None else f" BENCH_SPARK_MAX_BYTES={SPARK_MAX_BYTES}"
    lines += [
        f"The demo log dir (`make demo`): the whole `kafkaks pipeline` run {fixed['demo']:.1f} s, "
        f"a bare Spark session running one trivial `mapInArrow` job {fixed['bare']:.1f} s "
        "(Spark's own JVM options and Python daemon; the pipeline's are in docs/spark.md, "
        f'"The JVMs"): {than_bare}.',
        "",
        f"Command: `BENCH_SECTIONS=spark BENCH_SPARK_RECORDS={SPARK_RECORDS} "
        f"BENCH_SPARK_REPEATS={SPARK_REPEATS}{max_bytes} python bench/run.py` (load average at its "
        f"start: {load}; on a busy machine the wall times of whole processes swing).",
        "",
        "Targets (marginal figures): each format on `local[1]` at least 0.7x the one process; "
        "`local[2]` and the cluster at least 1.7x `local[1]`; the demo run at most 3 s over the bare "
        "session. This run: " + "; ".join(verdicts) + f"; the demo run {than_bare} than the bare session "
        f"({'reached' if over <= 3 else 'not reached'}).",
    ]
    return lines


def source_section() -> list[str]:
    """The ``kafka-log`` source in one warm ``local[1]`` session (:func:`spark_bench.source_runs`)
    on the Spark section's log dirs of one segment of 500-record batches."""
    try:
        import spark_bench
    except ImportError as exc:
        return [f"Skipped: PySpark is not installed ({exc}); `make .venv` installs it."]
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    logdirs = spark_logdirs()[BATCHES_OF_500]
    small, large = logdirs
    seconds, split = spark_bench.source_runs(logdirs, SPARK_REPEATS)
    lines = [
        f'`spark.read.format(...).load(logdir).write.format("noop")` (every row of the query made, '
        f"nothing written) in one warm `local[1]` session, on one segment of 500-record batches of "
        f"{small:,} and {large:,} records (built as the Spark pipeline section's are); median of "
        f"{SPARK_REPEATS} interleaved rounds. Marginal: `(t(large) - t(small)) / (large - small)`, "
        "so that the query's own fixed cost is left out.",
        "",
        f"| query | {small:,} records | {large:,} records | marginal a record | marginal records/s |",
        "|---|---|---|---|---|",
    ]
    for name in spark_bench.SOURCE_QUERIES:
        each = (seconds[name, large] - seconds[name, small]) / (large - small)
        lines.append(
            f"| {name} | {seconds[name, small]:.1f} s | {seconds[name, large]:.1f} s "
            f"| {each * 1e6:.2f} µs | **{1 / each / 1e3:.0f}k** |"
        )
    total = split["jvm"] + split["python"]
    lines += [
        "",
        f"CPU time of the every-column query on {large:,} records: {split['jvm']:.1f} s in the JVM, "
        f"{split['python']:.1f} s in the Python worker ({split['jvm'] / total:.0%} JVM).",
        "",
        f"Command: `BENCH_SECTIONS=source BENCH_SPARK_RECORDS={SPARK_RECORDS} "
        f"BENCH_SPARK_REPEATS={SPARK_REPEATS} python bench/run.py` (load average at its start: {load}).",
    ]
    return lines


SEGMENT_NAME = "00000000000000000000.log"


def shaped_segments() -> dict[str, Path]:
    """``codec|records a batch`` -> a segment of SHAPE_RECORDS records, in batches of 1, 10 and 500."""
    return {
        f"{codec}|{per_batch}": build_segment(
            # "compressed": every batch is (before, kafka-python left small batches uncompressed)
            CACHE
            / f"shapes-compressed-{SHAPE_RECORDS}"
            / f"bench-{codec}-{per_batch}"
            / "00000000000000000000.log",
            codec,
            SHAPE_RECORDS,
            per_batch=per_batch,
        )
        for codec in CODECS
        for per_batch in SHAPES
    }


def largest_real_segment() -> Path | None:
    """The largest segment of the real data (KAFKAKS_REAL_DATA), None without it."""
    segments = list(REAL_DATA.rglob("*.log")) if REAL_DATA.is_dir() else []
    return max(segments, key=lambda path: path.stat().st_size, default=None)


def shapes_section() -> list[str]:
    """read_arrow and aiokafka on segments of 1, 10 and 500 records a batch, and on the largest
    real segment."""
    shaped = shaped_segments()
    real = largest_real_segment()
    if real is not None:
        shaped[f"real|{real.relative_to(REAL_DATA)}"] = real
    runs = {
        f"{key}|{name}": in_fresh_interpreter(name, path)
        for key, path in shaped.items()
        for name in (ARROW, AIO, KP)
    }
    results = interleaved(runs, REPEATS)
    lines = [
        f"{SHAPE_RECORDS} records (as above) in batches of 1, 10 and 500 records, measured as above; "
        f"last, the largest segment of the real data ({REAL_DATA}), when it is there.",
        "",
        f"| codec and records a batch | {ARROW} | {AIO} | {KP} | read_arrow / aiokafka "
        "| read_arrow / kafka-python |",
        "|---|---|---|---|---|---|",
    ]
    for key in shaped:
        (count, arrow), (_, aio), (_, kp) = (results[f"{key}|{name}"] for name in (ARROW, AIO, KP))
        codec, per_batch = key.split("|")
        shape = f"the real `{per_batch}` ({count} records)" if codec == "real" else f"{codec}, {per_batch}"
        lines.append(
            f"| {shape} | {count / arrow / 1e3:.0f}k | {count / aio / 1e3:.0f}k "
            f"| {count / kp / 1e3:.0f}k | **{aio / arrow:.2f}x** | **{kp / arrow:.1f}x** |"
        )
    one = shaped["none|1"]
    scan = scan_median(one)
    lines += [
        "",
        f"`read_log` over the uncompressed segment of 1-record batches ({one.stat().st_size / 1e6:.0f} MB, "
        f"{scan[0]} batches), headers and CRC-32C, a Batch object each: median {scan[1] * 1e3:.0f} ms = "
        f"**{scan[0] / scan[1] / 1e3:.0f}k batches/s**.",
    ]
    return lines


def whole_process(reader: str, path: Path) -> Measure:
    """A DEEP reader on ``path`` as one whole process (``bench/one_file.py``), its wall time: the
    interpreter's start and the imports counted."""

    def run() -> tuple[int, float]:
        command = [sys.executable, str(Path(__file__).with_name("one_file.py")), reader, str(path)]
        start = time.perf_counter()
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        return int(out), time.perf_counter() - start

    return run


def process_section() -> list[str]:
    """read_arrow and aiokafka, one whole process per file, on segments of PROCESS_RECORDS records
    in batches of 1, 10 and 500."""
    copies = -(-PROCESS_RECORDS // SHAPE_RECORDS)
    segments = {
        key: repeated(
            path,
            copies * path.stat().st_size,
            CACHE / f"process-{copies * SHAPE_RECORDS}" / path.parent.name / path.name,
        )
        for key, path in shaped_segments().items()
    }
    runs = {
        f"{key}|{name}": whole_process(name, path) for key, path in segments.items() for name in (ARROW, AIO)
    }
    results = interleaved(runs, REPEATS)
    lines = [
        f"The segments above made {copies * SHAPE_RECORDS} records long (their batches again and again, "
        "renumbered), each read by a process of its own, as an operator runs one per file: "
        "`python bench/one_file.py READER SEGMENT`, which imports only what its reader needs, every "
        "package byte-compiled as `pip install` leaves it. "
        f"Median wall time of {REPEATS} interleaved runs, the interpreter's start and the imports counted, "
        "page cache warm.",
        "",
        f"| codec and records a batch | {ARROW} | {AIO} | aiokafka / read_arrow |",
        "|---|---|---|---|",
    ]
    for key in segments:
        (count, arrow), (aio_count, aio) = (results[f"{key}|{name}"] for name in (ARROW, AIO))
        if count != aio_count:
            raise SystemExit(f"{key}: read_arrow read {count} records, aiokafka {aio_count}")
        codec, per_batch = key.split("|")
        lines.append(f"| {codec}, {per_batch} | {arrow:.2f} s | {aio:.2f} s | **{aio / arrow:.2f}x** |")
    return lines


def state_section() -> list[str]:
    """``kafkaks state`` on log dirs whose ``__consumer_offsets`` holds STATE_RECORDS and a quarter
    as many offset commits (``bench/state_corpus.py``): whole processes, their wall time and CPU
    time (user + system, which a busy machine inflates less), and the cost of a record as the
    difference between the two sizes."""
    sizes = (STATE_RECORDS // 4, STATE_RECORDS)
    commands = {n: ["kafkaks", "state", str(state_log_dir(CACHE, n)), "--json"] for n in sizes}
    wall: dict[int, list[float]] = {n: [] for n in sizes}
    cpu: dict[int, list[float]] = {n: [] for n in sizes}
    for round_number in range(REPEATS):
        for n, command in commands.items():
            before = os.times()
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
            wall[n].append(time.perf_counter() - start)
            after = os.times()
            cpu[n].append(
                after.children_user - before.children_user + after.children_system - before.children_system
            )
        print(f"  round {round_number + 1}/{REPEATS} done", file=sys.stderr)
    small, big = sizes
    median_wall = {n: statistics.median(wall[n]) for n in sizes}
    median_cpu = {n: statistics.median(cpu[n]) for n in sizes}
    per_record = (median_cpu[big] - median_cpu[small]) / (big - small)
    return [
        f"`kafkaks state LOGDIR --json > /dev/null` (whole process: interpreter start, reading, the "
        "replay of every record as the group coordinator replays it, the lag of every committed "
        "offset against the 96 data partitions) on a `__consumer_offsets` partition of offset "
        f"commits, 500 a batch, 19,200 distinct keys. Medians of {REPEATS} interleaved runs, page "
        "cache warm; CPU time is the process's user + system time (`os.times`), which other jobs "
        "on the machine inflate less than its wall time.",
        "",
        "| offset commits | wall time | CPU time |",
        "|---|---|---|",
        *(f"| {n} | {median_wall[n]:.2f} s | **{median_cpu[n]:.2f} s** |" for n in sizes),
        "",
        f"A record costs {per_record * 1e6:.2f} µs of CPU (the difference between the two sizes): "
        f"**{1 / per_record / 1e3:.0f}k records/s** replayed; the rest is the interpreter's start, "
        "the data partitions and decoding the last value of each distinct key.",
    ]


CLOSING = "Total benchmark time"


def replace_sections(report: str, lines: list[str]) -> str:
    """``report`` with each ``## `` section of ``lines`` in place of the section of that title
    (which runs to the next ``## `` line or the closing "Total benchmark time" line); a section
    the report does not have yet goes in front of the next section of ``lines`` that it has, or
    when none follows, before the closing line."""
    new: dict[str, list[str]] = {}
    for line in lines:
        if line.startswith("## "):
            title = line
            new[title] = []
        new[title].append(line)
    present = {line for line in report.splitlines() if line.startswith("## ")}
    titles = list(new)
    in_front: dict[str, list[str]] = {}  # a section of the report -> new ones to put before it
    at_end: list[str] = []
    for index, title in enumerate(titles):
        if title not in present:
            follower = next((later for later in titles[index + 1 :] if later in present), CLOSING)
            in_front.setdefault(follower, []).extend(new.pop(title))
    out: list[str] = []
    skipping = False
    for line in report.splitlines():
        if line.startswith("## ") or line.startswith(CLOSING):
            skipping = line in new
            out += in_front.pop(CLOSING if line.startswith(CLOSING) else line, []) + new.pop(line, [])
        if not skipping:
            out.append(line)
    return "\n".join(out + at_end) + "\n"


def stamped(lines: list[str], load: str) -> list[str]:
    """``lines`` with a line closing each section that names the partial run which measured it, as
    the report's header names the full run (the Spark section names its own command)."""
    settings = " ".join(
        f"{name}={value}" for name, value in sorted(os.environ.items()) if name.startswith("BENCH_")
    )
    stamp = f"Measured again by `{settings} python bench/run.py` (load average at its start: {load})."
    out: list[str] = []
    title = ""
    for line in [*lines, "## "]:
        if line.startswith("## "):
            if title and not title.startswith("## Spark"):
                at = len(out) - 1 if out[-1] == "" else len(out)
                out[at:at] = ["", stamp]
            title = line
        out.append(line)
    return out[:-1]


def byte_compile() -> None:
    """kafkaks' modules compiled to bytecode (``__pycache__``), as ``pip install`` leaves an
    installed package and a first run a source tree: with PYTHONDONTWRITEBYTECODE set (as on some
    CI machines) every process would compile them again, about 0.1 s of each one's start that no
    installed reader pays."""
    import kafkaks.generated

    for package in (kafkaks, kafkaks.generated):
        compileall.compile_dir(Path(package.__file__).parent, quiet=1)


def main() -> None:
    if not EVERY_SECTION and not OUTPUT.is_file():  # said before the sections run, not after
        sys.exit(
            f"BENCH_SECTIONS={','.join(sorted(SECTIONS))} replaces those sections of {OUTPUT}, which is "
            "not there: copy BENCHMARKS.md there first, or run every section"
        )
    started = time.time()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    byte_compile()
    if EVERY_SECTION:
        print(f"building the corpus ({RECORDS} records per codec) under {CACHE}", file=sys.stderr)
        segments = corpus(CACHE, RECORDS)
        lines = [
            "# Benchmarks",
            "",
            "Written by `make bench` (`bench/run.py`); the numbers below are from one run of it.",
            "",
            f"Command: `{shlex.join(['make', 'bench'])}` with "
            f"BENCH_RECORDS={RECORDS} BENCH_REPEATS={REPEATS} BENCH_GENERATED_RECORDS={GENERATED_RECORDS} "
            f"BENCH_MEMORY_BYTES={MEMORY_BYTES}",
            "",
            "## Machine",
            *machine(),
            "",
            "## Corpus",
            f"{RECORDS} v2 records per codec, 500 per batch, 12-byte keys, 100-byte values, 3 headers, "
            "written with kafka-python's `DefaultRecordBatchBuilder`, every batch of a compressed topic "
            "compressed as Kafka's producer does (`bench/corpus.py`); "
            "nothing is committed.",
            "",
            "| codec | segment size |",
            "|---|---|",
            *(f"| {codec} | {path.stat().st_size / 1e6:.1f} MB |" for codec, path in segments.items()),
            "",
        ]
    else:
        segments = corpus(CACHE, RECORDS, CODECS if "deep" in SECTIONS else ("none",))
        lines = []

    if "deep" in SECTIONS:
        print("deep decode", file=sys.stderr)
        deep = {
            f"{c}|{name}": in_fresh_interpreter(name, path) for c, path in segments.items() for name in DEEP
        }
        results = interleaved(deep, REPEATS)
        lines += [
            "## Deep decode",
            "Every record's offset, timestamp, key, value and headers, every batch CRC checked. "
            f"Median of {REPEATS} interleaved runs, each in a fresh interpreter after one warm-up run there, "
            "records per second (k = thousand). `read_arrow` "
            "decompresses the compressed batches of the next Arrow batches on two more threads by default "
            "(without the GIL, so that work overlaps the decoding on the second core); "
            "`threads=0` is the same decode in one thread, like the other readers.",
            "",
            "| codec | " + " | ".join(DEEP) + " | read_arrow / aiokafka | read_arrow / kafka-python "
            "| threads=0 / aiokafka | threads=0 / kafka-python |",
            "|---|" + "---|" * (len(DEEP) + 4),
        ]
        for codec in CODECS:
            rate = {name: results[f"{codec}|{name}"][0] / results[f"{codec}|{name}"][1] for name in DEEP}
            cells = " | ".join(f"{rate[name] / 1e3:.0f}k" for name in DEEP)
            ratios = " | ".join(
                f"**{rate[mine] / rate[theirs]:.{digits}f}x**"
                for mine in (ARROW, SINGLE)
                for theirs, digits in ((AIO, 2), (KP, 1))
            )
            lines.append(f"| {codec} | {cells} | {ratios} |")
        lines.append("")

    if "shapes" in SECTIONS:
        print("deep decode by batch size", file=sys.stderr)
        lines += ["## Deep decode by batch size", *shapes_section(), ""]

    if "process" in SECTIONS:
        print("one process per file", file=sys.stderr)
        lines += ["## One process per file", *process_section(), ""]

    if "scan" in SECTIONS:
        print("batch scan", file=sys.stderr)
        size = segments["none"].stat().st_size
        scan = scan_median(segments["none"])
        cli = ["kafkaks", "dump", "--files", str(segments["none"])]
        cli_seconds = statistics.median(
            timed(lambda: subprocess.run(cli, stdout=subprocess.DEVNULL, check=True).returncode)[1]
            for _ in range(REPEATS)
        )
        lines += [
            "## Batch scan",
            f"`read_log` over the uncompressed segment ({size / 1e6:.0f} MB, {scan[0]} batches), headers and "
            f"CRC-32C only: median {scan[1] * 1e3:.1f} ms = **{size / scan[1] / 1e9:.2f} GB/s**.",
            f"The whole `{shlex.join(cli[:3])} ... > /dev/null` process "
            "(interpreter start, one line per batch): "
            f"{cli_seconds:.2f} s = {size / cli_seconds / 1e9:.2f} GB/s.",
            "",
        ]

    if "cold" in SECTIONS:
        print("cold start", file=sys.stderr)
        small = CACHE / "cold-start" / "00000000000000000000.log"
        small.parent.mkdir(parents=True, exist_ok=True)
        small.write_bytes(whole_batches(segments["none"].read_bytes(), 7_000))
        lines += [
            "## Cold start",
            "",
            "One process per file, as an operator runs it: `bench/cold_start.py` (also alone:",
            "`python bench/cold_start.py SEGMENT`) on the first 7,000 records of the uncompressed segment,",
            "whole processes, page cache warm, kafkaks byte-compiled as `pip install` leaves it.",
            "",
            *cold_start_table(small, 2 * REPEATS + 1),
            "",
        ]

    if "generated" in SECTIONS:
        print("generated parsers", file=sys.stderr)
        data = whole_batches(segments["none"].read_bytes(), GENERATED_RECORDS)
        generated = interleaved(
            in_process({name: (lambda read=read: read(data)) for name, read in GENERATED.items()}), REPEATS
        )
        kp_count, kp_seconds = generated["kafka-python 3.0 (pure Python)"]
        kp_rate = kp_count / kp_seconds
        lines += [
            "## Generated parsers",
            f"`kafkaks.generated.kafka_record_batch` on the first {kp_count} "
            "uncompressed records, same decode and CRC check, against kafka-python on the same bytes.",
            "",
            "| reader | records/s | vs kafka-python |",
            "|---|---|---|",
            *(
                f"| {name} | {count / seconds / 1e3:.1f}k | {count / seconds / kp_rate:.2f}x |"
                for name, (count, seconds) in generated.items()
            ),
            "",
        ]

    if "memory" in SECTIONS:
        lines += ["## Memory", ""]
        if MEMORY_BYTES:
            print("memory", file=sys.stderr)
            small = big_segment(segments["none"], MEMORY_BYTES // 8)
            big = big_segment(segments["none"], MEMORY_BYTES)
            lines += ["Peak RSS of `kafkaks dump --deep-iteration --files <segment> > /dev/null`:", ""]
            lines += ["| segment | peak RSS |", "|---|---|"]
            for path in (small, big):
                rss = peak_rss_mib(["kafkaks", "dump", "--deep-iteration", "--files", str(path)])
                lines.append(f"| {path.stat().st_size / (1 << 20):.0f} MiB | {rss:.0f} MiB |")
            scan_big = scan_median(big)
            lines += [
                "",
                f"The batch scan over the {big.stat().st_size / (1 << 20):.0f} MiB segment "
                f"({scan_big[0]} batches): median {scan_big[1]:.2f} s = "
                f"**{big.stat().st_size / scan_big[1] / 1e9:.2f} GB/s**.",
                "",
            ]
        else:
            lines += ["Skipped (BENCH_MEMORY_BYTES=0).", ""]

    if "spark" in SECTIONS:
        print("spark", file=sys.stderr)
        lines += ["## Spark pipeline", "", *spark_section(), ""]

    if "source" in SECTIONS:
        print("spark source", file=sys.stderr)
        lines += ["## Spark source (`kafka-log`)", "", *source_section(), ""]

    if "entries" in SECTIONS:
        print("generated parsers, one entry at a time", file=sys.stderr)
        lines += [
            "## Generated parsers on big segments, one entry at a time",
            "",
            "`bench/log_entries.py` (also alone: `python bench/log_entries.py --sizes-mib 32,1024`):",
            "segments of uncompressed v2 batches of 100 records with 100-byte values (about 115 bytes a",
            "record, as in a typical segment), every record's value touched, each measurement in a fresh",
            "interpreter. `kafkaks.stream.log_entries` parses one `KafkaLog.LogEntry` at a time from the",
            "open file; `KafkaLog.from_file` reads the whole file and keeps every entry (not run above",
            "64 MiB).",
            "",
            *(
                log_entries_table(LOG_ENTRIES_MIB)
                if LOG_ENTRIES_MIB
                else ["Skipped (BENCH_LOG_ENTRIES_MIB empty)."]
            ),
            "",
        ]

    if "state" in SECTIONS:
        print("state", file=sys.stderr)
        lines += ["## Replaying __consumer_offsets", "", *state_section(), ""]

    if "remote" in SECTIONS:
        print("remote segments", file=sys.stderr)
        import remote_bench

        results = interleaved(in_process(remote_bench.readers(segments["none"], CACHE)), REPEATS)
        lines += [
            "## Remote segments (tiered storage)",
            "",
            f"`read_arrow` of the uncompressed segment ({RECORDS} records) from its file, and from a local "
            "folder holding it in Aiven's tiered storage layout (`bench/remote_bench.py`: 4 MiB chunks, "
            "the .log object plain, zstd-compressed chunk by chunk, AES-GCM-encrypted, or both). Median "
            f"of {REPEATS} interleaved runs in this process after a warm-up run of each.",
            "",
            *remote_bench.table(results, segments["none"].stat().st_size),
            "",
            "`kafkaks verify -q` of the same segment in whole processes (`bench/remote_bench.py`, "
            "`verify_table`; output to /dev/null):",
            "",
            *remote_bench.verify_table(segments["none"], CACHE),
            "",
        ]
    if "bomb" in SECTIONS:
        print("record bomb", file=sys.stderr)
        bomb = CACHE / "record-bomb" / str(BOMB_RECORDS) / "t-0" / "00000000000000000000.log"
        lines += ["## A record bomb by count", "", *record_bomb_table(bomb, BOMB_RECORDS), ""]

    if not EVERY_SECTION:
        OUTPUT.write_text(replace_sections(OUTPUT.read_text(), stamped(lines, load)))
        print(f"updated {', '.join(sorted(SECTIONS))} in {OUTPUT}", file=sys.stderr)
        return
    lines.append(f"Total benchmark time: {time.time() - started:.0f} s.")
    OUTPUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUTPUT}", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--measure"]:
        measure(sys.argv[2], Path(sys.argv[3]))
    else:
        main()
