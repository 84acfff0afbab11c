"""The ``kafka-log`` source and ``kafkaks pipeline`` on a real Spark cluster: a standalone master and
two workers started from the installed PySpark (``spark-class ...Master`` / ``...Worker``, one core
each, on 127.0.0.1), and a Spark Connect server (the one PySpark ships) on the same cluster.

Executors read the log dirs by path (a local path every worker sees here, as a shared mount or
object storage would be in production). Every answer is checked against kafka-python's reader of
the same segments. The cluster is started once for the module and stopped on teardown, also when
a test fails; its logs are printed when it does not come up.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from conftest import FIXTURES

pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip("Spark needs Java 17+ (apt-get install openjdk-17-jre-headless)", allow_module_level=True)

from kafka_python_rows import kafka_python_rows
from spark_cluster import Cluster, driver_conf, executor_logs, logs, loopback_env, standalone

import kafkaks

LOGDIR = FIXTURES / "logdir"
JOB_TIMEOUT = 300  # seconds for one pipeline or client process


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    folder = tmp_path_factory.mktemp("spark-cluster")
    with standalone(folder) as running:
        yield running


def kafkaks_command() -> list[str]:
    script = Path(sys.executable).with_name("kafkaks")
    return [str(script)] if script.exists() else [sys.executable, "-m", "kafkaks.cli.main"]


def run_process(cluster: Cluster, argv: list[str]) -> subprocess.CompletedProcess[str]:
    """A driver process of the cluster (a pipeline, a Connect client), bounded in time; its output
    and the cluster's logs go into the failure message."""
    try:
        return subprocess.run(
            argv, env=loopback_env(), capture_output=True, text=True, timeout=JOB_TIMEOUT, check=False
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"{argv[:3]} did not end in {JOB_TIMEOUT} s: {exc.stderr!r}\n{logs(cluster)}")


def parquet_rows(dest: Path) -> list[tuple[str, int, int, bytes | None, bytes | None]]:
    """What the pipeline wrote, read by pyarrow (topic and partition from the Hive directories)."""
    table = pq.read_table(dest, partitioning="hive")
    rows = zip(
        table["topic"].to_pylist(),
        table["partition"].to_pylist(),
        table["offset"].to_pylist(),
        table["key"].to_pylist(),
        table["value"].to_pylist(),
        strict=True,
    )
    return sorted(((str(t), int(p), o, k, v) for t, p, o, k, v in rows), key=lambda row: row[:3])


def test_pipeline_runs_on_the_standalone_cluster(cluster: Cluster, tmp_path: Path) -> None:
    """``kafkaks pipeline --master spark://127.0.0.1:PORT SRC DEST``: the tasks run on both
    workers' executors, and DEST holds what kafka-python reads from the segments."""
    dest, log = tmp_path / "out", tmp_path / "spark.log"
    confs = [arg for name, value in driver_conf().items() for arg in ("--conf", f"{name}={value}")]
    result = run_process(
        cluster,
        [
            *kafkaks_command(),
            "pipeline",
            "--master",
            cluster.master,
            *confs,
            "--max-bytes-per-partition",
            "300",  # many tasks, so both executors get some
            "--spark-log",
            str(log),
            str(LOGDIR),
            str(dest),
        ],
    )
    assert result.returncode == 0, f"{result.stderr}\n{log.read_text() if log.exists() else ''}"
    assert parquet_rows(dest) == kafka_python_rows(LOGDIR)
    assert "65 records in 3 partitions written to" in result.stdout
    executors = executor_logs(cluster)  # the workers started executors for it: not local[*]
    assert all(executors[worker] for worker in ("worker-0", "worker-1")), executors


def test_source_on_the_standalone_cluster(cluster: Cluster) -> None:
    """The data source from a driver in this process, with filter pushdown, on the cluster."""
    from pyspark.sql import SparkSession

    from kafkaks.spark import KafkaLogDataSource

    active = SparkSession.getActiveSession()
    if active is not None:  # another module's local session
        active.stop()
    builder = SparkSession.builder.master(cluster.master).appName("kafkaks-cluster-tests")
    for name, value in driver_conf().items():
        builder = builder.config(name, value)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = builder.getOrCreate()
    try:
        assert spark.sparkContext.master == cluster.master
        spark.dataSource.register(KafkaLogDataSource)
        df = spark.read.format("kafka-log").load(str(LOGDIR))
        got = sorted(
            (r.topic, r.partition, r.offset, r.key, r.value)
            for r in df.select("topic", "partition", "offset", "key", "value").collect()
        )
        assert got == kafka_python_rows(LOGDIR)
        # Pushdown: the segments of orders-0 from offset 16 on, of 5 segments in all. (A fresh
        # DataFrame: one that a filtered query was planned from reads what that query pruned to.)
        assert df.rdd.getNumPartitions() == 5
        fresh = spark.read.format("kafka-log").load(str(LOGDIR))
        filtered = fresh.where("topic = 'orders' AND partition = 0 AND offset >= 20")
        assert filtered.rdd.getNumPartitions() == 2
        expected = [row for row in kafka_python_rows(LOGDIR) if row[:2] == ("orders", 0) and row[2] >= 20]
        assert sorted(r.offset for r in filtered.select("offset").collect()) == [row[2] for row in expected]
    finally:
        spark.stop()


CONNECT_CLIENT = """
import json, sys
from pyspark.sql import SparkSession
from kafkaks.spark import KafkaLogDataSource

url, path, broken = sys.argv[1:4]
spark = SparkSession.builder.remote(url).getOrCreate()
spark.dataSource.register(KafkaLogDataSource)
spark.conf.set("spark.sql.python.filterPushdown.enabled", "true")
df = spark.read.format("kafka-log").load(path)
rows = df.where(f"topic = 'orders' AND partition = 0").select("offset", "key", "value").collect()
out = {
    "rows": [[r.offset, r.key.hex() if r.key is not None else None, r.value.hex()] for r in rows],
    "counts": sorted(
        [r.topic, r.partition, r["count"]]
        for r in df.where("topic = 'orders'").groupBy("topic", "partition").count().collect()
    ),
}
try:
    spark.read.format("kafka-log").load(path).where(f"partition = {broken}").count()
    out["broken"] = None
except Exception as exc:
    out["broken"] = str(exc)
spark.stop()
print(json.dumps(out))
"""


def test_source_through_spark_connect(cluster: Cluster, tmp_path: Path) -> None:
    """A Spark Connect client registers the data source, reads and filters with pushdown: the
    filter on ``partition = 0`` never opens orders-1, which is damaged (FAILFAST would fail the
    query there), while a query of orders-1 does fail, naming the file."""
    if not cluster.connect:
        cluster.start_connect_server()
    copy = tmp_path / "logdir"
    shutil.copytree(LOGDIR, copy)
    segment = copy / "orders-1" / "00000000000000000010.log"
    batch = next(iter(kafkaks.read_log(segment)))
    data = bytearray(segment.read_bytes())
    data[batch.position + 61] ^= 0xFF  # a record byte: the CRC no longer matches
    segment.write_bytes(bytes(data))
    result = run_process(cluster, [sys.executable, "-c", CONNECT_CLIENT, cluster.connect, str(copy), "1"])
    assert result.returncode == 0, f"{result.stderr}\n{logs(cluster)}"
    answer: dict[str, Any] = json.loads(result.stdout.splitlines()[-1])
    expected = [row for row in kafka_python_rows(LOGDIR) if row[:2] == ("orders", 0)]
    assert answer["rows"] == [[o, k.hex() if k is not None else None, v.hex()] for _, _, o, k, v in expected]
    assert answer["counts"] == [["orders", 0, len(expected)]]
    assert answer["broken"] is not None and str(segment) in answer["broken"]
    assert "crc" in answer["broken"].lower()
