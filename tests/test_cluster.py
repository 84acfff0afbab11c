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

import pytest
from conftest import FIXTURES

pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip("Spark needs Java 17+ (apt-get install openjdk-17-jre-headless)", allow_module_level=True)

from kafka_python_rows import kafka_python_rows
from spark_cluster import Cluster, driver_conf, executor_logs, logs, loopback_env, standalone

import kafkaks
from kafkaks.pipeline import PIPELINE_JVM_OPTIONS

LOGDIR = FIXTURES / "logdir"
NO_TABLES = "the tables extra is not installed: pip install 'kafkaks[tables]'"
JOB_TIMEOUT = 1200  # seconds for one pipeline or client process: a bound for a hang, on a loaded machine


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    folder = tmp_path_factory.mktemp("spark-cluster")
    with standalone(folder) as running:
        running.start_connect_server()  # it comes up while the first test runs
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


def iceberg_rows(warehouse: Path) -> list[tuple[str, int, int, bytes | None, bytes | None]]:
    """The rows of the table ``kafka.records`` in the SQLite catalog of ``warehouse``, read by pyiceberg."""
    from pyiceberg.catalog.sql import SqlCatalog

    catalog = SqlCatalog("kafkaks", uri=f"sqlite:///{warehouse}/catalog.db", warehouse=f"file://{warehouse}")
    table = catalog.load_table("kafka.records").scan().to_arrow()
    return rows_of(table)


def rows_of(table: Any) -> list[tuple[str, int, int, bytes | None, bytes | None]]:
    columns = [table[name].to_pylist() for name in ("topic", "partition", "offset", "key", "value")]
    return sorted(zip(*columns, strict=True), key=lambda row: row[:3])


def test_pipeline_to_iceberg_on_the_standalone_cluster(cluster: Cluster, tmp_path: Path) -> None:
    """``kafkaks pipeline --master spark://127.0.0.1:PORT --format iceberg SRC DEST``: the tasks run
    on both workers' executors, and the table pyiceberg reads holds what kafka-python reads."""
    pytest.importorskip("pyiceberg", reason=NO_TABLES)
    dest, log = tmp_path / "warehouse", tmp_path / "spark.log"
    confs = [arg for name, value in driver_conf().items() for arg in ("--conf", f"{name}={value}")]
    command = [
        *kafkaks_command(),
        "pipeline",
        "--format",
        "iceberg",
        "--master",
        cluster.master,
        *confs,
        "--spark-log",
        str(log),
        str(LOGDIR),
        str(dest),
    ]
    result = run_process(cluster, command)
    assert result.returncode == 0, f"{result.stderr}\n{log.read_text() if log.exists() else ''}"
    assert iceberg_rows(dest) == kafka_python_rows(LOGDIR)
    assert "65 records appended in 3 partitions: commit " in result.stdout
    # The workers started executors for it: not local[*].
    executors = executor_logs(cluster, cluster.app_id("kafkaks pipeline"))
    assert all(executors[worker] for worker in ("worker-0", "worker-1")), executors
    # Its driver and its executors ran with the pipeline's own JVM options.
    note = f"Picked up JDK_JAVA_OPTIONS: {PIPELINE_JVM_OPTIONS}"
    assert note in log.read_text()
    assert all(note in (folder / "stderr").read_text() for found in executors.values() for folder in found)


CONNECT_CLIENT = """
import json, sys
from pyspark.sql import SparkSession
from kafkaks.spark import KafkaLogDataSource

url, path, broken = sys.argv[1:4]
spark = SparkSession.builder.remote(url).getOrCreate()
spark.dataSource.register(KafkaLogDataSource)
spark.conf.set("spark.sql.python.filterPushdown.enabled", "true")
df = spark.read.format("kafka-log").option("pushFilters", "true").load(path)
condition = "topic = 'orders' AND partition = 0"
rows = df.where(condition).select("offset", "key", "value").collect()
out = {
    "rows": [[r.offset, r.key.hex() if r.key is not None else None, r.value.hex()] for r in rows],
    "counts": sorted(
        [r.topic, r.partition, r["count"]]
        for r in df.where(condition).groupBy("topic", "partition").count().collect()
    ),
}
try:
    again = spark.read.format("kafka-log").option("pushFilters", "true").load(path)
    again.where(f"partition = {broken}").count()
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
    copy = tmp_path / "logdir"
    shutil.copytree(LOGDIR, copy)
    segment = copy / "orders-1" / "00000000000000000010.log"
    batch = next(iter(kafkaks.read_log(segment)))
    data = bytearray(segment.read_bytes())
    data[batch.position + 61] ^= 0xFF  # a record byte: the CRC no longer matches
    segment.write_bytes(bytes(data))
    client = [sys.executable, "-c", CONNECT_CLIENT, cluster.connect_url(), str(copy), "1"]
    result = run_process(cluster, client)
    assert result.returncode == 0, f"{result.stderr}\n{logs(cluster)}"
    answer: dict[str, Any] = json.loads(result.stdout.splitlines()[-1])
    expected = [row for row in kafka_python_rows(LOGDIR) if row[:2] == ("orders", 0)]
    assert answer["rows"] == [[o, k.hex() if k is not None else None, v.hex()] for _, _, o, k, v in expected]
    assert answer["counts"] == [["orders", 0, len(expected)]]
    assert answer["broken"] is not None and str(segment) in answer["broken"]
    assert "crc" in answer["broken"].lower()


def test_pipeline_to_delta_through_spark_connect(cluster: Cluster, tmp_path: Path) -> None:
    """``kafkaks pipeline --master sc://127.0.0.1:PORT --format delta SRC DEST``: the client plans
    and commits, the Connect server's executors read and write; a rerun with nothing new starts no
    Spark job and commits nothing. deltalake reads the table back."""
    deltalake = pytest.importorskip("deltalake", reason=NO_TABLES)
    dest = tmp_path / "table"
    command = [*kafkaks_command(), "pipeline", "--format", "delta", "--master", cluster.connect_url()]
    result = run_process(cluster, [*command, str(LOGDIR), str(dest)])
    assert result.returncode == 0, f"{result.stderr}\n{logs(cluster)}"
    assert rows_of(deltalake.DeltaTable(str(dest)).to_pyarrow_table()) == kafka_python_rows(LOGDIR)
    again = run_process(cluster, [*command, str(LOGDIR), str(dest)])
    assert again.returncode == 0, again.stderr
    assert "starting Spark" not in again.stderr
    assert "0 records appended: no commit made" in again.stdout
    assert deltalake.DeltaTable(str(dest)).version() == 0
