"""A table run killed with SIGKILL at each step of its commit, then run again: the table is exact.

``kafkaks pipeline --format iceberg|delta`` runs in a process of its own (tests/table_crash.py),
which kills itself at one step: the data files written and the commit not started (``written``),
inside the commit (``inside``: pyiceberg's SQL catalog has written the new metadata file but not
pointed the catalog at it; a REST catalog has taken the commit and the client died before reading
the answer; Delta's log entry is one put-if-absent inside deltalake's Rust code, so there the run
dies just before it and leaves the temporary file a local commit writes first), and the commit made
with nothing after it (``committed``). Then the same command runs again, and the table, read by
the format's own reader, holds each offset of the log dir exactly once (kafka-python's reader of
the same log dir says which), its watermarks say so, and every data file it refers to exists.

Iceberg through its SQLite and REST catalogs and Delta on the local disk, and Iceberg (SQLite) and
Delta on S3 (a moto server), for the first commit of a table and for an append to it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
import test_tables
from kafka_python_rows import kafka_python_rows
from test_tables import LOGDIR, NO_TABLES, earlier_state, grow, highs

from kafkaks.tables.watermarks import PROPERTY, load_watermarks

pytest.importorskip("pyiceberg", reason=NO_TABLES)
pytest.importorskip("deltalake", reason=NO_TABLES)

from iceberg_rest import RestCatalogServer, serve
from test_tables_s3 import S3, read_back, s3  # noqa: F401  (s3: the fixture)

pytestmark = pytest.mark.slow

spark = test_tables.spark  # the module's local session, made as tests/test_tables.py makes it
CRASH = Path(__file__).with_name("table_crash.py")
STEPS = ("written", "inside", "committed")
TABLE = "lake.kafka_records"


def crash(step: str, arguments: list[str], env: dict[str, str] | None = None) -> None:
    """Run the pipeline in a process that kills itself at ``step``; it must die there (-9)."""
    done = subprocess.run(
        [sys.executable, str(CRASH), step, "--", "pipeline", "--master", "local[1]", *arguments],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env={**os.environ, **(env or {})},
    )
    assert done.returncode == -9, f"the run did not die at {step!r}:\n{done.stdout}\n{done.stderr}"


class Local:
    """A table on the local disk, through ``catalog``: 'sql' (Iceberg, SQLite), 'rest' (Iceberg), or
    None (Delta)."""

    def __init__(self, format: str, catalog: str | None, root: Path, rest: RestCatalogServer | None) -> None:
        self.format, self.catalog, self.dest, self.rest = format, catalog, root / "table", rest

    def options(self) -> list[str]:
        if self.catalog == "rest":
            assert self.rest is not None
            return ["--format", "iceberg", "--catalog-uri", self.rest.uri, "--table", TABLE]
        return ["--format", self.format]

    def append(self, spark: Any, logdir: Path) -> Any:
        from kafkaks.spark import pipeline

        catalog_uri = self.rest.uri if self.catalog == "rest" and self.rest else None
        table = TABLE if self.catalog == "rest" else None
        return pipeline.run_table(
            [str(logdir)], str(self.dest), format=self.format, spark=spark, echo=None,
            catalog_uri=catalog_uri, table=table,
        )  # fmt: skip

    def iceberg(self) -> Any:
        if self.catalog == "rest":
            from pyiceberg.catalog import load_catalog

            assert self.rest is not None
            catalog = load_catalog("reader", type="rest", uri=self.rest.uri, warehouse=f"file://{self.dest}")
            return catalog.load_table(TABLE)
        return test_tables.iceberg_table(self.dest)

    def rows(self) -> list[tuple[str, int, int, bytes | None, bytes | None]]:
        if self.format == "delta":
            return test_tables.table_rows("delta", self.dest)
        table = self.iceberg().scan().to_arrow()
        columns = [table[name].to_pylist() for name in ("topic", "partition", "offset", "key", "value")]
        return sorted(zip(*columns, strict=True), key=lambda row: row[:3])

    def commits(self) -> list[dict[str, Any]]:
        if self.format == "delta":
            return test_tables.commits("delta", self.dest)
        return [dict(s.summary.additional_properties) for s in self.iceberg().snapshots()]

    def files(self) -> list[str]:
        if self.format == "delta":
            import deltalake

            return list(deltalake.DeltaTable(str(self.dest)).file_uris())
        return list(self.iceberg().inspect.files()["file_path"].to_pylist())

    def torn(self) -> None:
        """What dying inside deltalake's local commit leaves: the temporary file it writes first."""
        if self.format == "delta" and (self.dest / "_delta_log").is_dir():
            (self.dest / "_delta_log" / f"_commit_{uuid.uuid4()}.json.tmp").write_text('{"add":{"path":"par')


def exact(table: Local, logdir: Path) -> None:
    """The table holds each offset of ``logdir`` once; its newest watermarks say what it holds; the
    files it refers to are there."""
    rows = kafka_python_rows(logdir)
    assert table.rows() == rows
    marks = load_watermarks(table.commits()[-1][PROPERTY])
    assert {key: mark.high for key, mark in marks.items()} == highs(rows)
    for uri in table.files():
        assert Path(uri.removeprefix("file://")).is_file(), uri


# Each case starts Spark in a process of its own (seconds each): every step through the SQLite
# catalog; through a REST catalog, the step only it has (the catalog committed, the client never
# heard); Delta inside (its temporary commit file left) and after its commit.
CASES = [
    *(pytest.param("iceberg", "sql", step, id=f"iceberg-sqlite-{step}") for step in STEPS),
    pytest.param("iceberg", "rest", "inside", id="iceberg-rest-inside"),
    pytest.param("delta", None, "inside", id="delta-inside"),
    pytest.param("delta", None, "committed", id="delta-committed"),
]


@pytest.mark.parametrize(("format", "catalog", "step"), CASES)
def test_a_run_killed_in_its_commit_is_exact_after_a_rerun(
    spark: Any, tmp_path: Path, format: str, catalog: str | None, step: str
) -> None:
    servers = serve(tmp_path / "rest") if catalog == "rest" else None
    rest = next(servers) if servers is not None else None
    try:
        logdir = earlier_state(tmp_path)
        table = Local(format, catalog, tmp_path, rest)
        table.append(spark, logdir)  # the table as an earlier run left it
        before = len(table.commits())
        grow(logdir)  # the broker wrote on

        crash(step, [*table.options(), str(logdir), str(table.dest)])
        if step == "inside":
            table.torn()
        committed = step == "committed" or (step == "inside" and catalog == "rest")
        assert len(table.commits()) == before + committed  # the killed run committed or did not

        again = table.append(spark, logdir)
        assert (again.commit is None) == committed  # nothing left to append after a commit
        exact(table, logdir)
        assert table.rows() == kafka_python_rows(LOGDIR)
    finally:
        if servers is not None:
            servers.close()


@pytest.mark.parametrize(("format", "step"), [("iceberg", "inside"), ("delta", "written")])
def test_a_first_run_killed_in_its_commit_leaves_a_table_the_rerun_makes_exact(
    spark: Any, tmp_path: Path, format: str, step: str
) -> None:
    logdir = earlier_state(tmp_path)
    table = Local(format, "sql" if format == "iceberg" else None, tmp_path, None)
    crash(step, [*table.options(), str(logdir), str(table.dest)])
    if step == "inside":
        table.torn()
    first = table.append(spark, logdir)
    assert first.commit is not None
    exact(table, logdir)
    assert len(table.commits()) == 1


@pytest.mark.parametrize(("format", "step"), [("iceberg", "inside"), ("delta", "committed")])
def test_a_run_on_s3_killed_in_its_commit_is_exact_after_a_rerun(
    spark: Any,
    s3: S3,  # noqa: F811
    tmp_path: Path,
    format: str,
    step: str,
) -> None:
    from test_tables_s3 import catalog_uri, library
    from test_tables_s3 import run as append

    logdir, name, catalog = earlier_state(tmp_path), f"faults-{format}-{step}", tmp_path / "catalog.db"
    prefix = f"faults-{format}-{step}-logs"
    src, dest = s3.uri(f"lake/{prefix}"), s3.uri(f"lake/{name}")
    s3.upload(logdir, prefix)
    append(spark, format, src, dest, catalog)
    grow(logdir)
    s3.upload(logdir, prefix)

    options = ["--format", format]
    uri = catalog_uri(format, catalog)
    if uri is not None:
        options += ["--catalog-uri", uri]
    crash(step, [*options, src, dest])

    again = append(spark, format, src, dest, catalog)
    assert (again.commit is None) == (step == "committed")
    assert read_back(format, s3, name, catalog).to_pylist() == library(LOGDIR).to_pylist()
