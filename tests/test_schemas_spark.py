"""decodeValues in the Spark source and ``kafkaks pipeline --decode-values``: the columns Spark
gives equal what read_arrow gives (tests/test_schemas.py compares those with the objects the
confluent-kafka serializers encoded), with one type for the whole job."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from test_schemas import Avro, normalized, rows_of

from kafkaks import read_arrow

pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
pytest.importorskip("fastavro", reason="fastavro is not installed: pip install 'kafkaks[schemas]'")


@pytest.fixture(scope="module")
def avro_dir(tmp_path_factory: pytest.TempPathFactory) -> Avro:
    return Avro(tmp_path_factory.mktemp("avro-spark") / "kafka-logs")


def spark_rows(df: Any) -> list[dict[str, Any]]:
    return [row.asDict(recursive=True) for row in df.orderBy("topic", "partition", "offset").collect()]


def test_one_topic_gets_its_subjects_type(spark: Any, avro_dir: Avro) -> None:
    df = (
        spark.read.format("kafka-log")
        .option("decodeValues", "true")
        .option("decodeKeys", "true")
        .option("subscribe", "orders")
        .option("mode", "PERMISSIVE")
        .load(str(avro_dir.root))
    )
    expected = rows_of(list(read_arrow(avro_dir.root, decode_values=True)), "orders")
    got = spark_rows(df)
    assert len(got) == len(expected)
    for row, want in zip(got, expected, strict=True):
        assert row["valueSchemaId"] == want["valueSchemaId"]
        assert row["valueDecodeProblem"] == want["valueDecodeProblem"]
        decoded = row["valueDecoded"]
        if decoded is not None:  # Spark gives maps as dicts, Arrow as pairs; times in the session's UTC
            created = decoded["created"].replace(tzinfo=datetime.UTC)
            decoded = {**decoded, "tags": list(decoded["tags"].items()), "created": created}
        assert normalized(decoded) == normalized(want["valueDecoded"])
    assert [f.name for f in df.schema["valueDecoded"].dataType.fields][:3] == ["id", "amount", "created"]
    # keys: no subject orders-key, so left alone, said in every row with a key
    assert {r["keyDecodeProblem"] for r in got if r["key"] is not None} == {
        "not decoded: no subject 'orders-key' in the registry"
    }
    assert {r["keyDecoded"] for r in got} == {None}


def test_failfast_fails_the_job_naming_the_record(spark: Any, avro_dir: Avro) -> None:
    df = spark.read.format("kafka-log").option("decodeValues", "true").load(str(avro_dir.root / "orders-0"))
    with pytest.raises(Exception, match="the value does not decode: no framing") as error:
        df.collect()
    assert f"offset {min(avro_dir.bad)}" in str(error.value)


def test_pipeline_writes_and_counts(spark: Any, avro_dir: Avro, tmp_path: Path) -> None:
    from kafkaks.spark.pipeline import run

    lines: list[str] = []
    run(
        str(avro_dir.root),
        str(tmp_path / "out"),
        spark=spark,
        mode="PERMISSIVE",
        decode_values="registry",
        include_metadata=False,
        echo=lines.append,
    )
    # Several topics with a subject each: valueDecoded has a field per topic, each row filling its own
    written = pq.read_table(tmp_path / "out" / "topic=payments")
    assert written.schema.field("valueDecoded").type.names == ["orders", "payments", "retired"]
    decoded = written.column("valueDecoded").to_pylist()
    assert decoded == [{"orders": None, "payments": p, "retired": None} for p in avro_dir.payments]
    # orders: 3 values that do not decode; retired (its subject deleted) decodes with its last version
    assert "orders: 3 values did not decode (raw bytes kept; the reason in valueDecodeProblem)" in lines
    assert not any(line.startswith(("retired:", "payments:")) for line in lines)
    retired = pq.read_table(tmp_path / "out" / "topic=retired").column("valueDecoded").to_pylist()
    assert [r["retired"] for r in retired] == [{"units": 1, "currency": "X"}]


def test_subjects_and_schema_files_travel_with_the_options(avro_dir: Avro, tmp_path: Path) -> None:
    """Planned on the driver, without Spark: the options' types, and the decoder as an executor
    gets it (pickled), once the schema file has gone from the driver's disk."""
    import json
    import pickle

    from schema_registry_data import write_partition

    from kafkaks.spark.options import Options

    logs = tmp_path / "logs"
    write_partition(logs / "plain-0", [(None, b'{"units": 3, "currency": "EUR"}')])
    write_partition(logs / "renamed-0", [(None, avro_dir.orders[0][1])])  # orders-value's, topic renamed
    schema_file = tmp_path / "money.json"
    schema_file.write_text(json.dumps({"type": "object", "properties": {"units": {"type": "integer"}}}))
    options = Options.parse(
        {
            "path": str(logs),
            "decodeValues": str(avro_dir.root),  # the registry's topic in another log dir
            "decodeSubjects": "renamed=orders-value",
            "decodeSchemaFiles": f"plain={schema_file}",
        }
    )
    assert options.arrow_schema().field("valueDecoded").type.names == ["plain", "renamed"]
    assert options.decoding is not None
    shipped = pickle.loads(pickle.dumps(options.decoding))
    schema_file.unlink()
    plain = shipped.apply(next(read_arrow(logs / "plain-0")))
    assert plain.column("valueDecoded").to_pylist() == [{"plain": {"units": 3}, "renamed": None}]
    renamed = shipped.apply(next(read_arrow(logs / "renamed-0")))
    assert renamed.column("valueDecoded").to_pylist()[0]["renamed"]["id"] == 10
    with pytest.raises(ValueError, match="topic=value pairs"):
        Options.parse({"path": str(logs), "decodeValues": "true", "decodeSubjects": "renamed"})
