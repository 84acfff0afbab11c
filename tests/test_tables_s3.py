"""Iceberg and Delta tables on S3 (a moto server on 127.0.0.1), appended incrementally by
``kafkaks pipeline --format iceberg|delta``, with no Hadoop connector: the tasks write the data
files and pyiceberg/deltalake the metadata, all through the endpoint and credentials of DEST's URI.

Each table is read back by the format's own reader, configured by hand here (pyiceberg's ``s3.*``
properties, deltalake's ``AWS_*`` storage options), and compared with :func:`kafkaks.read_arrow`
of the same log dir; the bucket is listed with boto3 to check that it holds the table's files and
nothing else. The log dirs are changed between runs as in tests/test_tables.py.
"""

from __future__ import annotations

import json
import posixpath
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pytest
import test_tables
from test_spark import _free_port
from test_tables import LOGDIR, earlier_state, grow

import kafkaks

COLUMNS = ["topic", "partition", "offset", "timestamp", "timestampType", "key", "value", "headers"]
spark = test_tables.spark  # the module's local[2] session, made as tests/test_tables.py makes it
KEY = "k", "s"  # moto takes any credentials; these go in the URIs only, never the environment


@dataclass
class S3:
    """The moto server: its endpoint, a boto3 client, and URIs with the settings pyarrow.fs reads."""

    endpoint: str
    client: Any

    def uri(self, path: str) -> str:
        host_port = self.endpoint.removeprefix("http://")
        return f"s3://{KEY[0]}:{KEY[1]}@{path}?endpoint_override={host_port}&scheme=http&region=us-east-1"

    def upload(self, logdir: Path, prefix: str) -> None:
        for file in logdir.rglob("*"):
            if file.is_file():
                self.client.upload_file(str(file), "lake", f"{prefix}/{file.relative_to(logdir)}")

    def keys(self, prefix: str) -> set[str]:
        pages = self.client.get_paginator("list_objects_v2").paginate(Bucket="lake", Prefix=prefix)
        return {item["Key"] for page in pages for item in page.get("Contents", [])}


@pytest.fixture(scope="module")
def s3() -> Iterator[S3]:
    """A moto server in a process of its own: deltalake holds the GIL in some calls (opening a
    table), which would stall a server thread in this process (moto's ThreadedMotoServer)."""
    pytest.importorskip("moto.server", reason="moto[server] is not installed (the test extra)")
    import boto3
    from botocore.exceptions import EndpointConnectionError

    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        endpoint = f"http://127.0.0.1:{port}"
        client = boto3.client(
            "s3",
            endpoint_url=endpoint,
            aws_access_key_id=KEY[0],
            aws_secret_access_key=KEY[1],
            region_name="us-east-1",
        )
        deadline = time.monotonic() + 300  # bounds a server that never comes up, on a loaded machine
        while True:  # until the server answers: the bucket is made
            try:
                client.create_bucket(Bucket="lake")
                break
            except EndpointConnectionError:
                assert server.poll() is None, f"the moto server exited ({server.returncode})"
                assert time.monotonic() < deadline, "the moto server did not answer within 300 s"
                time.sleep(0.1)
        yield S3(endpoint, client)
    finally:
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def read_back(format: str, s3: S3, name: str, catalog: Path) -> pa.Table:
    """The table's rows by the format's own reader, sorted by topic, partition and offset."""
    credentials = {"access-key-id": KEY[0], "secret-access-key": KEY[1], "region": "us-east-1"}
    if format == "iceberg":
        from pyiceberg.catalog.sql import SqlCatalog

        properties = {"s3.endpoint": s3.endpoint, **{f"s3.{k}": v for k, v in credentials.items()}}
        table = SqlCatalog("kafkaks", uri=f"sqlite:///{catalog}", warehouse=f"s3://lake/{name}", **properties)
        rows = table.load_table("kafka.records").scan().to_arrow()
        # pyiceberg's reader returns a null list<struct> as [] (apache/iceberg-python#3833; the
        # files hold nulls, as deltalake's reader of the same files shows): nulls again.
        headers = rows["headers"]
        rows = rows.set_column(
            rows.schema.get_field_index("headers"),
            "headers",
            pc.if_else(pc.equal(pc.list_value_length(headers), 0), None, headers),
        )
    else:
        import deltalake

        options = {"AWS_ENDPOINT_URL": s3.endpoint, "AWS_ALLOW_HTTP": "true"}
        options |= {f"AWS_{k.replace('-', '_').upper()}": v for k, v in credentials.items()}
        rows = deltalake.DeltaTable(f"s3://lake/{name}", storage_options=options).to_pyarrow_table()
    return rows.select(COLUMNS).sort_by(
        [("topic", "ascending"), ("partition", "ascending"), ("offset", "ascending")]
    )


def library(logdir: Path) -> pa.Table:
    rows = pa.Table.from_batches(kafkaks.read_arrow(logdir, include_headers=True))
    return rows.select(COLUMNS).sort_by(
        [("topic", "ascending"), ("partition", "ascending"), ("offset", "ascending")]
    )


def data_files(format: str, s3: S3, name: str, catalog: Path) -> set[str]:
    """The keys of the data files the table refers to."""
    if format == "iceberg":
        from pyiceberg.catalog.sql import SqlCatalog

        properties = {"s3.endpoint": s3.endpoint, "s3.access-key-id": KEY[0], "s3.secret-access-key": KEY[1]}
        table = SqlCatalog("kafkaks", uri=f"sqlite:///{catalog}", **properties).load_table("kafka.records")
        paths = table.inspect.files()["file_path"].to_pylist()
    else:
        import deltalake

        options = {"AWS_ENDPOINT_URL": s3.endpoint, "AWS_ALLOW_HTTP": "true", "AWS_REGION": "us-east-1"}
        options |= {"AWS_ACCESS_KEY_ID": KEY[0], "AWS_SECRET_ACCESS_KEY": KEY[1]}
        paths = deltalake.DeltaTable(f"s3://lake/{name}", storage_options=options).file_uris()
    return {path.removeprefix("s3://lake/") for path in paths}


def catalog_uri(format: str, catalog: Path) -> str | None:
    """Iceberg's catalog: a SQLite file on the local disk (it cannot live in a bucket)."""
    return f"sqlite:///{catalog}" if format == "iceberg" else None


def run(spark: Any, format: str, src: str, dest: str, catalog: Path) -> Any:
    from kafkaks.spark import pipeline

    return pipeline.run_table(
        [src], dest, format=format, spark=spark, echo=None, catalog_uri=catalog_uri(format, catalog)
    )


@pytest.mark.parametrize("format", ["iceberg", "delta"])
def test_a_table_on_s3_gets_each_offset_once(spark: Any, s3: S3, tmp_path: Path, format: str) -> None:
    logdir, name, catalog = earlier_state(tmp_path), f"{format}-table", tmp_path / "catalog.db"
    src, dest = s3.uri(f"lake/{format}-logs"), s3.uri(f"lake/{name}")
    s3.upload(logdir, f"{format}-logs")

    first = run(spark, format, src, dest, catalog)
    assert first.commit is not None
    assert read_back(format, s3, name, catalog).to_pylist() == library(logdir).to_pylist()

    again = run(spark, format, src, dest, catalog)  # nothing new: no commit
    assert again.commit is None and again.appended == []

    grow(logdir)  # new batches in the then active segment, and a new segment
    s3.upload(logdir, f"{format}-logs")
    high = first.appended[0].last_offset
    assert (first.appended[0].topic, first.appended[0].partition) == ("orders", 0)
    third = run(spark, format, src, dest, catalog)
    [appended] = third.appended
    assert (appended.topic, appended.partition, appended.first_offset, appended.last_offset) == (
        "orders",
        0,
        high + 1,
        41,
    )
    table = read_back(format, s3, name, catalog)
    assert (
        table.to_pylist() == library(LOGDIR).to_pylist()
    )  # every offset once, timestamps and headers as read
    assert appended.records == len(library(LOGDIR)) - len(library(earlier_state(tmp_path / "then")))

    # The bucket holds the table's data files and its metadata, nothing else (no Hadoop markers,
    # no leftovers of the runs); pyiceberg's and deltalake's metadata went to the same server.
    parquet = {key for key in s3.keys(f"{name}/") if key.endswith(".parquet")}
    assert parquet == data_files(format, s3, name, catalog) and len(parquet) == first.files + third.files
    metadata = s3.keys(f"{name}/kafka.db/records/metadata/" if format == "iceberg" else f"{name}/_delta_log/")
    assert len(metadata) >= 2
    assert not s3.keys(f"{name}/") - parquet - metadata


@pytest.mark.parametrize("format", ["iceberg", "delta"])
def test_a_file_of_another_task_attempt_is_not_committed_and_is_removed(
    spark: Any, s3: S3, tmp_path: Path, format: str
) -> None:
    """A file in the run's folder that no successful task reported (a failed or speculative
    attempt of a task writes the same rows under another name) is left out of the commit and
    removed after it."""
    from kafkaks.spark.filesystems import filesystem
    from kafkaks.spark.options import Options
    from kafkaks.spark.source import KafkaLogDataSource
    from kafkaks.tables import open_table
    from kafkaks.tables.appending import append, plan_append
    from kafkaks.tables.observe import observe

    name, catalog = f"{format}-attempts", tmp_path / "catalog.db"
    table = open_table(format, s3.uri(f"lake/{name}"), catalog_uri=catalog_uri(format, catalog))
    options = {"includeHeaders": "true", "includeMetadata": "true"}
    planned = plan_append(table, observe(Options.parse({**options, "paths": json.dumps([str(LOGDIR)])})))
    strays: list[str] = []
    commit = table.commit

    def commit_after_another_attempt(files: list[Any], schema: Any, marks: Any) -> str:
        fs, path = filesystem(table.storage.filesystem_uri(files[0].uri))
        stray = posixpath.join(posixpath.dirname(path), "part-00000-1-another-attempt.parquet")
        fs.copy_file(path, stray)  # what the other attempt wrote: the same rows, its own name
        strays.append(stray.removeprefix("lake/"))
        return commit(files, schema, marks)

    table.commit = commit_after_another_attempt  # type: ignore[method-assign]
    spark.dataSource.register(KafkaLogDataSource)
    df = spark.read.format("kafka-log").options(**options).load(str(LOGDIR))
    done = append(df, table, planned, lambda _line: None)
    assert done.commit is not None and strays
    assert (
        read_back(format, s3, name, catalog).to_pylist() == library(LOGDIR).to_pylist()
    )  # the copy's rows are not in it
    parquet = {key for key in s3.keys(f"{name}/") if key.endswith(".parquet")}
    assert parquet == data_files(format, s3, name, catalog) and not set(strays) & parquet


def test_the_settings_of_an_s3_dest_go_to_each_client_and_not_into_the_table() -> None:
    from kafkaks.tables.location import Location

    dest = Location.parse(
        "s3://AK:S%2F1@lake/w/t?endpoint_override=127.0.0.1:9000&scheme=http&region=eu-west-1"
    )
    assert dest.uri == "s3://lake/w/t"
    assert dest.filesystem_uri("s3://lake/w/t/data/f.parquet") == (
        "s3://AK:S%2F1@lake/w/t/data/f.parquet?endpoint_override=127.0.0.1:9000&scheme=http&region=eu-west-1"
    )
    assert dest.pyiceberg_properties() == {
        "s3.endpoint": "http://127.0.0.1:9000",
        "s3.region": "eu-west-1",
        "s3.access-key-id": "AK",
        "s3.secret-access-key": "S/1",
    }
    assert dest.delta_storage_options() == {
        "AWS_CONDITIONAL_PUT": "etag",
        "AWS_ENDPOINT_URL": "http://127.0.0.1:9000",
        "AWS_ALLOW_HTTP": "true",
        "AWS_REGION": "eu-west-1",
        "AWS_ACCESS_KEY_ID": "AK",
        "AWS_SECRET_ACCESS_KEY": "S/1",
    }
    plain = Location.parse("s3://lake/t")  # settings from the AWS environment
    assert (plain.uri, plain.pyiceberg_properties(), plain.delta_storage_options()) == (
        "s3://lake/t",
        {},
        {"AWS_CONDITIONAL_PUT": "etag"},
    )
    local = Location.parse("/data/t")
    assert (local.filesystem_uri("/data/t/x"), local.delta_storage_options()) == ("/data/t/x", None)
    with pytest.raises(ValueError, match="names no bucket"):
        Location.parse("s3:///t")
