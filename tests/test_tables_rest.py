"""``kafkaks pipeline --format iceberg --catalog-uri http://...``: appends through an Iceberg REST
catalog (pyiceberg's ``RestCatalog``).

The catalog is tests/iceberg_rest.py, a server for the routes of the REST catalog spec pyiceberg
uses, backed by pyiceberg's SQL catalog; what it records of each request shows the table was
created, committed to and refused through it. Tables are read back through the REST catalog
with pyiceberg's scan and compared with ``kafkaks.read_arrow`` of the log dir (every column) and
kafka-python's reader (the rows). Spark runs in tests/test_tables.py's session, and once from the
command line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kafka_python_rows import kafka_python_rows
from test_tables import NO_TABLES, earlier_state, grow, highs, spark  # noqa: F401  (spark: the fixture)

import kafkaks
from kafkaks.cli.main import main
from kafkaks.tables.watermarks import PROPERTY, load_watermarks

pytest.importorskip("pyiceberg", reason=NO_TABLES)

from iceberg_rest import RestCatalogServer, serve

TABLE = "lake.kafka_records"
TABLE_PATH = "/v1/namespaces/lake/tables/kafka_records"


@pytest.fixture
def rest(tmp_path: Path) -> Iterator[RestCatalogServer]:
    yield from serve(tmp_path / "rest")


def rest_table(rest: RestCatalogServer, warehouse: Path) -> Any:
    """The table, loaded through the REST catalog (as any client would)."""
    from pyiceberg.catalog import load_catalog

    catalog = load_catalog("reader", type="rest", uri=rest.uri, warehouse=f"file://{warehouse}")
    return catalog.load_table(TABLE)


def table_rows(
    rest: RestCatalogServer, warehouse: Path
) -> list[tuple[str, int, int, bytes | None, bytes | None]]:
    table = rest_table(rest, warehouse).scan().to_arrow()
    columns = [table[name].to_pylist() for name in ("topic", "partition", "offset", "key", "value")]
    return sorted(zip(*columns, strict=True), key=lambda row: row[:3])


def same_as_read_arrow(rest: RestCatalogServer, warehouse: Path, logdir: Path) -> None:
    """Every column of the data files the table's snapshot lists (read with pyarrow: pyiceberg's
    scan reads a null ``headers`` list as ``[]``) is what kafkaks.read_arrow reads of ``logdir``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    files = [
        task.file.file_path.removeprefix("file://")
        for task in rest_table(rest, warehouse).scan().plan_files()
    ]
    held = pa.concat_tables([pq.read_table(path) for path in files])
    read = pa.Table.from_batches(
        list(kafkaks.read_arrow(logdir, include_headers=True, include_metadata=True))
    )
    assert sorted(held.column_names) == sorted(read.column_names)
    order = [("topic", "ascending"), ("partition", "ascending"), ("offset", "ascending")]
    held, read = held.sort_by(order), read.sort_by(order)
    for name in read.column_names:
        assert held[name].to_pylist() == read[name].cast(held.schema.field(name).type).to_pylist(), name


def kafkaks_command() -> list[str]:
    script = Path(sys.executable).with_name("kafkaks")
    return [str(script)] if script.exists() else [sys.executable, "-m", "kafkaks.cli.main"]


def arguments(rest: RestCatalogServer, logdir: Path, warehouse: Path) -> list[str]:
    return [
        "pipeline",
        "--format",
        "iceberg",
        "--catalog-uri",
        rest.uri,
        "--table",
        TABLE,
        str(logdir),
        str(warehouse),
    ]


def test_the_command_line_appends_through_a_rest_catalog_incrementally(
    spark: Any,  # noqa: F811  (tests/test_tables.py's session, for the third run)
    rest: RestCatalogServer,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from kafkaks.spark import pipeline

    logdir, warehouse = earlier_state(tmp_path), tmp_path / "warehouse"
    first = subprocess.run(
        [*kafkaks_command(), *arguments(rest, logdir, warehouse), "--conf", "spark.ui.enabled=false"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines()[-1].startswith(
        f"{len(kafka_python_rows(logdir))} records appended in 3 partitions"
    )
    # Created by a staged create and the commit that asserts it, both through the catalog.
    assert ("/v1/namespaces", 200) in rest.posts()
    assert [p for p in rest.posts() if p[0].startswith("/v1/namespaces/lake/")] == [
        ("/v1/namespaces/lake/tables", 200),
        (TABLE_PATH, 200),
    ]
    assert table_rows(rest, warehouse) == kafka_python_rows(logdir)
    same_as_read_arrow(rest, warehouse, logdir)
    assert len(rest_table(rest, warehouse).snapshots()) == 1

    # Nothing new: no Spark, no commit (in this process: the run would start no session).
    posts = len(rest.posts())
    assert main(arguments(rest, logdir, warehouse)) == 0
    assert (
        capsys.readouterr()
        .out.splitlines()[-1]
        .startswith("0 records appended: no commit made to Iceberg table")
    )
    assert len(rest.posts()) == posts
    assert len(rest_table(rest, warehouse).snapshots()) == 1

    grow(logdir)  # the broker wrote on: new batches in orders-0, and a new segment
    held = highs(kafka_python_rows(earlier_state(tmp_path / "before")))
    done = pipeline.run_table(
        [str(logdir)],
        str(warehouse),
        format="iceberg",
        catalog_uri=rest.uri,
        table=TABLE,
        spark=spark,
        echo=None,
    )
    [appended] = done.appended
    assert (appended.topic, appended.partition, appended.first_offset) == ("orders", 0, held["orders", 0] + 1)
    assert rest.posts()[posts:] == [(TABLE_PATH, 200)]  # one commit
    assert table_rows(rest, warehouse) == kafka_python_rows(logdir)  # each offset once
    same_as_read_arrow(rest, warehouse, logdir)
    snapshots = rest_table(rest, warehouse).snapshots()
    assert len(snapshots) == 2
    marks = load_watermarks(snapshots[-1].summary.additional_properties[PROPERTY])
    assert {k: m.high for k, m in marks.items()} == highs(kafka_python_rows(logdir))


def test_a_run_racing_another_through_the_rest_catalog_commits_nothing(
    spark: Any,  # noqa: F811
    rest: RestCatalogServer,
    tmp_path: Path,
) -> None:
    """Both runs read the same high offsets; the catalog refuses the second commit (409
    CommitFailedException: the branch moved) and that run removes its files."""
    from pyiceberg.exceptions import CommitFailedException

    from kafkaks.spark import pipeline
    from kafkaks.spark.options import Options
    from kafkaks.spark.source import KafkaLogDataSource
    from kafkaks.tables import open_table
    from kafkaks.tables.appending import append, plan_append
    from kafkaks.tables.observe import observe

    logdir, warehouse = earlier_state(tmp_path), tmp_path / "warehouse"

    def run() -> Any:
        return pipeline.run_table(
            [str(logdir)],
            str(warehouse),
            format="iceberg",
            catalog_uri=rest.uri,
            table=TABLE,
            spark=spark,
            echo=None,
        )

    run()
    grow(logdir)
    options = {"includeHeaders": "true", "includeMetadata": "true"}
    late = open_table("iceberg", str(warehouse), catalog_uri=rest.uri, table=TABLE)
    late_run = plan_append(late, observe(Options.parse({**options, "paths": json.dumps([str(logdir)])})))
    run()  # the other run commits first
    files = sorted(p for p in warehouse.rglob("*") if p.is_file())
    spark.dataSource.register(KafkaLogDataSource)
    df = spark.read.format("kafka-log").options(**options).load(str(logdir))
    with pytest.raises(CommitFailedException, match="CommitFailedException"):
        append(df, late, late_run, lambda _line: None)
    assert late_run.commit is None
    assert rest.posts()[-1] == (TABLE_PATH, 409)
    assert len(rest_table(rest, warehouse).snapshots()) == 2
    assert table_rows(rest, warehouse) == kafka_python_rows(logdir)
    assert sorted(p for p in warehouse.rglob("*") if p.is_file()) == files


def test_dry_run_against_a_rest_catalog_writes_nothing(
    rest: RestCatalogServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    logdir, warehouse = earlier_state(tmp_path), tmp_path / "warehouse"
    assert main([*arguments(rest, logdir, warehouse), "--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(
        f"plan for Iceberg table {TABLE} (new, at file://{warehouse}/lake.db/kafka_records)"
    )
    assert [line.split(":")[0] for line in out[1:]] == ["  orders-0", "  orders-1", "  txn-topic-0"]
    assert all(": append every offset (log " in line for line in out[1:])
    assert rest.posts() == []
    assert rest.requests and {r.method for r in rest.requests} <= {"GET", "HEAD"}
    assert rest.catalog.list_namespaces() == []
    assert not warehouse.exists()


@pytest.mark.slow
def test_catalog_properties_and_pyicebergs_environment_reach_the_catalog(
    rest: RestCatalogServer, tmp_path: Path
) -> None:
    """What a real REST catalog needs besides its URI: a warehouse name (--catalog-property) and a
    credential or token, kept out of the command line in pyiceberg's environment (read when
    pyiceberg is imported: hence a process of its own)."""
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    logdir, warehouse = earlier_state(tmp_path), tmp_path / "warehouse"
    argv = [*arguments(rest, logdir, warehouse), "--catalog-property", "warehouse=lake", "--dry-run"]
    result = subprocess.run(
        [*kafkaks_command(), *argv],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "PYICEBERG_CATALOG__KAFKAKS__TOKEN": "a-token"},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"plan for Iceberg table {TABLE} (new, at file://{warehouse}/")
    config = [r for r in rest.requests if r.path == "/v1/config"]
    assert [r.query for r in config] == ["warehouse=lake"]
    assert {r.authorization for r in rest.requests if r.path != "/v1/config"} == {"Bearer a-token"}
    assert not warehouse.exists()
