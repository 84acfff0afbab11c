"""Kafka log directories to Parquet with Spark: ``kafkaks pipeline SRC DEST [--master URL]``.

Reads SRC (a broker log directory, partition directories, globs; local or ``s3://``, ``gs://``,
``hdfs://``) with the ``kafka-log`` data source, writes DEST as Parquet partitioned by ``topic``
and ``partition`` (Spark Kafka source columns, ``headers`` and the batch metadata columns), and
prints one line per partition: records, key+value bytes, offset and time range, codecs and corrupt
batches. The byte ranges tasks skipped or found damaged are written to ``DEST/_problems`` as JSON
lines (Spark's readers ignore ``_`` directories) and listed after the table.

Also runs under spark-submit, on any cluster where kafkaks is installed on the executors::

    spark-submit --master spark://host:7077 kafkaks/pipeline.py s3://bucket/kafka-logs s3://bucket/out
    python -m kafkaks.pipeline /var/lib/kafka/data /tmp/out          # local[*]
"""

# Run as a file (spark-submit kafkaks/pipeline.py), Python puts this folder first on sys.path, where
# codecs.py, errors.py, ... would shadow standard modules; import the package instead.
if __name__ == "__main__" and not __package__:
    import os as _os
    import sys as _sys

    _here = _os.path.dirname(_os.path.abspath(__file__))
    _sys.path[:] = [p for p in _sys.path if _os.path.abspath(p or ".") != _here]

import argparse
import os
import posixpath
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

__all__ = ["PartitionSummary", "add_parser", "main", "run"]

SKIPPED_KINDS = frozenset({"crc_mismatch", "corrupt_batch", "unreadable"})


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


def session(master: str | None = None, app_name: str = "kafkaks pipeline") -> Any:
    """A SparkSession with the ``kafka-log`` source registered and filter pushdown on.

    ``master`` None keeps what spark-submit set, else ``local[*]``."""
    from pyspark.sql import SparkSession

    from kafkaks.spark import KafkaLogDataSource

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
    spark = builder.getOrCreate()
    spark.dataSource.register(KafkaLogDataSource)
    return spark


def run(
    src: str | Sequence[str],
    dest: str,
    *,
    master: str | None = None,
    spark: Any = None,
    isolation: str = "read_uncommitted",
    mode: str = "FAILFAST",
    include_metadata: bool = True,
    max_bytes_per_partition: int | None = None,
    echo: Callable[[str], None] | None = print,
) -> list[PartitionSummary]:
    """Read ``src`` with the ``kafka-log`` source, overwrite ``dest`` with Parquet partitioned by
    topic and partition, and return (and ``echo``) the per-partition summary."""
    from pyspark.sql import functions as F

    from kafkaks.spark import KafkaLogDataSource, filesystem

    own_session = spark is None
    spark = spark if spark is not None else session(master)
    spark.dataSource.register(KafkaLogDataSource)
    paths = [src] if isinstance(src, str) else list(src)
    dest = dest if "://" in dest else os.path.abspath(dest)
    problems_path = posixpath.join(dest, "_problems") if "://" in dest else os.path.join(dest, "_problems")
    options = {
        "includeHeaders": "true",
        "includeMetadata": str(include_metadata).lower(),
        "isolationLevel": isolation,
        "mode": mode,
        "problemsPath": problems_path,
    }
    if max_bytes_per_partition is not None:
        options["maxBytesPerPartition"] = str(max_bytes_per_partition)
    try:
        df = spark.read.format("kafka-log").options(**options).load(paths)
        df.write.mode("overwrite").partitionBy("topic", "partition").parquet(dest)
        written = spark.read.schema(df.schema).parquet(dest)
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
    finally:
        if own_session:
            spark.stop()
    problems = _problems(filesystem, problems_path)
    for problem in problems:
        key = (problem["topic"], problem["partition"])
        if key not in summary:
            summary[key] = PartitionSummary(problem["topic"], problem["partition"])
        if problem["kind"] in SKIPPED_KINDS:
            summary[key].corrupt_batches += 1
    result = [summary[key] for key in sorted(summary, key=lambda k: (k[0] or "", k[1] or 0))]
    if echo is not None:
        for line in format_summary(result, problems, dest):
            echo(line)
    return result


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
    lines.append(f"{sum(s.records for s in summary)} records in {len(summary)} partitions written to {dest}")
    for p in problems:
        lines.append(
            f"{p['kind']}: {p['file']}, position {p['position']}, {p['length']} bytes: {p['message']}"
        )
    return lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "src", nargs="+", metavar="SRC", help="broker log dirs, partition dirs or globs (local, s3://, ...)"
    )
    parser.add_argument("dest", metavar="DEST", help="the Parquet output directory (overwritten)")
    parser.add_argument(
        "--master", default=None, help="Spark master URL (default: spark-submit's, else local[*])"
    )
    parser.add_argument(
        "--isolation-level", choices=("read_uncommitted", "read_committed"), default="read_uncommitted"
    )
    parser.add_argument(
        "--mode",
        choices=("FAILFAST", "PERMISSIVE"),
        default="FAILFAST",
        help="FAILFAST: a corrupt batch fails the job; PERMISSIVE: skip and report it (default: %(default)s)",
    )
    parser.add_argument("--no-metadata", action="store_true", help="leave out the segment and batch columns")
    parser.add_argument("--max-bytes-per-partition", type=int, default=None, metavar="N")


def add_parser(commands: Any) -> None:
    """Register ``pipeline`` on ``kafkaks``' subcommands."""
    parser = commands.add_parser(
        "pipeline",
        help="Kafka log dirs to Parquet with Spark, with a per-partition summary",
        description=(__doc__ or "").split("\n\n")[0],
    )
    add_arguments(parser)
    parser.set_defaults(run=command)


def command(args: argparse.Namespace) -> int:
    from kafkaks.errors import KafkaksError

    try:
        run(
            args.src,
            args.dest,
            master=args.master,
            isolation=args.isolation_level,
            mode=args.mode,
            include_metadata=not args.no_metadata,
            max_bytes_per_partition=args.max_bytes_per_partition,
        )
    except (KafkaksError, OSError, ValueError) as exc:
        sys.stderr.write(f"kafkaks pipeline: error: {exc}\n")
        return 1
    except Exception as exc:  # Spark wraps task failures in its own exceptions
        if type(exc).__module__.startswith(("pyspark", "py4j")):
            sys.stderr.write(f"kafkaks pipeline: the Spark job failed: {_spark_error(exc)}\n")
            return 1
        raise
    return 0


def _spark_error(exc: BaseException) -> str:
    """The kafkaks error inside a Spark failure (which wraps the executor's traceback), else its
    first line."""
    import re

    text = str(exc)
    found = re.search(r"kafkaks\.errors\.\w+: (.*)", text)
    return found[1] if found else text.splitlines()[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kafkaks-pipeline", description=(__doc__ or "").split("\n\n")[0])
    add_arguments(parser)
    return command(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
