"""``kafkaks pipeline --format iceberg|delta --decode-values``: the decoded columns go into the table,
whose schema takes the fields a newer schema version adds, and refuses any other change.

The log dir is built as ``make demo`` builds ``shipments-0`` and ``_schemas-0``
(examples/make_sample.py): Avro values framed with their schema id, encoded by fastavro, and the
registry's own records in ``_schemas-0``. A later state adds schema version 2 (a new optional
field) and values written with it; a last one version 3, which changes a field's type. The
tables are read back with the formats' own readers and each decoded value compared with
fastavro's decode of the raw value (its writer schema, read with the latest schema as reader).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from schema_registry_data import Record, write_partition
from test_tables import FORMATS, commits, iceberg_table, spark  # noqa: F401  (spark: the fixture)

from kafkaks.cli.main import main

fastavro = pytest.importorskip("fastavro", reason="fastavro is not installed: pip install 'kafkaks[schemas]'")

SHIPMENT_V1: dict[str, Any] = {
    "type": "record",
    "name": "Shipment",
    "namespace": "demo",
    "fields": [
        {"name": "id", "type": "long"},
        {"name": "order", "type": "string"},
        {"name": "weight", "type": {"type": "bytes", "logicalType": "decimal", "precision": 8, "scale": 3}},
        {"name": "shipped", "type": {"type": "long", "logicalType": "timestamp-millis"}},
        {"name": "carrier", "type": {"type": "enum", "name": "Carrier", "symbols": ["POST", "COURIER"]}},
    ],
}
# Version 2 adds an optional field (what the table takes); version 3 makes ``id`` a double (an
# Avro promotion, so every value still decodes, but not a change a table column can take).
SHIPMENT_V2 = {
    **SHIPMENT_V1,
    "fields": [*SHIPMENT_V1["fields"], {"name": "signed_by", "type": ["null", "string"], "default": None}],
}
SHIPMENT_V3 = {
    **SHIPMENT_V2,
    "fields": [{"name": "id", "type": "double"}, *SHIPMENT_V2["fields"][1:]],
}
SCHEMAS = {1: SHIPMENT_V1, 2: SHIPMENT_V2, 3: SHIPMENT_V3}  # the schema id is the version here
PER_VERSION = 8


def shipment(n: int, version: int) -> dict[str, Any]:
    import datetime
    import decimal

    value: dict[str, Any] = {
        "id": float(n) if version == 3 else n,
        "order": f"order-{n}",
        "weight": decimal.Decimal(n * 1001 % 5000) / 1000,
        "shipped": datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC) + datetime.timedelta(minutes=n),
        "carrier": "POST" if n % 3 else "COURIER",
    }
    if version >= 2:
        value["signed_by"] = None if n % 2 else f"person {n}"
    return value


def framed(value: dict[str, Any], schema_id: int) -> bytes:
    """The Schema Registry's wire format: magic 0, the schema id, the Avro body (fastavro's)."""
    body = io.BytesIO()
    fastavro.schemaless_writer(body, fastavro.parse_schema(SCHEMAS[schema_id]), value)
    return b"\0" + schema_id.to_bytes(4, "big") + body.getvalue()


def registry(latest: int) -> list[Record]:
    """``_schemas`` records of versions 1 to ``latest`` of ``shipments-value``, as the registry
    writes them."""
    records: list[Record] = [(b'{"keytype":"NOOP","magic":0}', None)]
    for version in range(1, latest + 1):
        key = {"keytype": "SCHEMA", "subject": "shipments-value", "version": version, "magic": 1}
        value = {"subject": "shipments-value", "version": version, "id": version}
        value |= {"schema": json.dumps(SCHEMAS[version]), "deleted": False}
        records.append((json.dumps(key).encode(), json.dumps(value).encode()))
    return records


def write_logdir(logdir: Path, latest: int) -> None:
    """The log dir when the producers had written with versions 1 to ``latest``, PER_VERSION
    values each (a later state holds an earlier one's records, and more)."""
    write_partition(logdir / "_schemas-0", registry(latest))
    values: list[Record] = []
    for version in range(1, latest + 1):
        for n in range(len(values), len(values) + PER_VERSION):
            values.append((f"shipment-{n}".encode(), framed(shipment(n, version), version)))
    write_partition(logdir / "shipments-0", values)


def expected(value: bytes, latest: int) -> tuple[int, dict[str, Any]]:
    """fastavro's decode of a framed value: with its writer schema, read with the latest one."""
    schema_id = int.from_bytes(value[1:5], "big")
    writer, reader = (fastavro.parse_schema(SCHEMAS[v]) for v in (schema_id, latest))
    return schema_id, fastavro.schemaless_reader(io.BytesIO(value[5:]), writer, reader)


def table(format: str, dest: Path) -> Any:
    if format == "iceberg":
        return iceberg_table(dest).scan().to_arrow()
    import deltalake

    return deltalake.DeltaTable(str(dest)).to_pyarrow_table()


def decoded(format: str, dest: Path) -> dict[int, tuple[int | None, dict[str, Any] | None, bytes | None]]:
    """Per offset of shipments-0: valueSchemaId, valueDecoded and the raw value, as the table holds them."""
    rows = [row for row in table(format, dest).to_pylist() if row["topic"] == "shipments"]
    return {row["offset"]: (row["valueSchemaId"], row["valueDecoded"], row["value"]) for row in rows}


def check_decoded(format: str, dest: Path, latest: int, offsets: range) -> None:
    held = decoded(format, dest)
    assert sorted(held) == list(offsets)
    for offset, (schema_id, value, raw) in held.items():
        assert raw is not None
        want_id, want = expected(raw, latest)
        assert (schema_id, value) == (want_id, want), offset


def append(spark: Any, format: str, logdir: Path, dest: Path) -> Any:  # noqa: F811
    from kafkaks.cli import pipeline

    return pipeline.run_table(
        [str(logdir)], str(dest), format=format, spark=spark, echo=None, decode_values="registry"
    )


@pytest.mark.parametrize("format", FORMATS)
def test_decoded_values_go_into_the_table_and_a_new_optional_field_evolves_it(
    spark: Any,  # noqa: F811  (tests/test_tables.py's session)
    tmp_path: Path,
    format: str,
) -> None:
    logdir, dest = tmp_path / "logdir", tmp_path / "table"
    write_logdir(logdir, 1)
    append(spark, format, logdir, dest)
    check_decoded(format, dest, 1, range(PER_VERSION))
    assert "signed_by" not in table(format, dest).schema.field("valueDecoded").type.names

    write_logdir(logdir, 2)  # version 2 registered, values written with it
    run = append(spark, format, logdir, dest)
    assert [(a.topic, a.first_offset, a.records) for a in run.appended] == [
        ("_schemas", 2, 1),
        ("shipments", PER_VERSION, PER_VERSION),
    ]
    # Earlier rows keep what they were decoded as, the new field null; new rows have it.
    held = decoded(format, dest)
    for offset in range(PER_VERSION):
        schema_id, value, raw = held[offset]
        assert raw is not None and value is not None
        assert (schema_id, value) == (1, {**expected(raw, 1)[1], "signed_by": None})
    for offset in range(PER_VERSION, 2 * PER_VERSION):
        schema_id, value, raw = held[offset]
        assert raw is not None and (schema_id, value) == expected(raw, 2)
    assert any(value is not None and value["signed_by"] for _, value, _ in held.values())
    watermarked = [c for c in commits(format, dest) if "kafkaks.watermarks" in c]
    assert len(watermarked) == 2


@pytest.mark.parametrize("format", FORMATS)
def test_a_changed_field_type_fails_naming_the_column_and_commits_nothing(
    spark: Any,  # noqa: F811
    tmp_path: Path,
    format: str,
) -> None:
    logdir, dest = tmp_path / "logdir", tmp_path / "table"
    write_logdir(logdir, 2)
    append(spark, format, logdir, dest)
    before = (table(format, dest).to_pylist(), len(commits(format, dest)))
    files = sorted(p for p in dest.rglob("*") if p.is_file())
    write_logdir(logdir, 3)  # version 3: id a double
    with pytest.raises(
        ValueError, match=r"valueDecoded\.id: int64 in the table, double in this run"
    ) as error:
        append(spark, format, logdir, dest)
    assert "\n" not in str(error.value) and "nothing was committed" in str(error.value)
    assert (table(format, dest).to_pylist(), len(commits(format, dest))) == before
    assert sorted(p for p in dest.rglob("*") if p.is_file()) == files  # the run's data files removed


@pytest.mark.parametrize("format", FORMATS)
def test_decode_values_is_taken_for_tables(
    format: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    logdir, dest = tmp_path / "logdir", tmp_path / "table"
    write_logdir(logdir, 1)
    assert main(["pipeline", "--format", format, "--decode-values", "--dry-run", str(logdir), str(dest)]) == 0
    assert (
        f"  shipments-0: append every offset (log 0-{PER_VERSION - 1}; new to the table)"
        in capsys.readouterr().out
    )
    assert not dest.exists()


@pytest.mark.parametrize("format", FORMATS)
def test_values_that_do_not_decode_are_kept_raw_and_counted(
    spark: Any,  # noqa: F811  (tests/test_tables.py's session)
    tmp_path: Path,
    format: str,
) -> None:
    """With --read-mode PERMISSIVE (FAILFAST stops the run), as a Parquet run says it: the table
    keeps their raw bytes, the run counts them per topic."""
    from kafkaks.cli import pipeline

    logdir, dest = tmp_path / "logdir", tmp_path / "table"
    write_partition(logdir / "_schemas-0", registry(1))
    broken = [b"\x00\x00\x00\x00\x63" + b"no schema 99", b"\x00\x00\x00\x00\x01\xff"]  # unknown id; cut short
    good = [framed(shipment(n, 1), 1) for n in range(3)]
    write_partition(logdir / "shipments-0", [(b"k", value) for value in [*good, *broken]])
    lines: list[str] = []
    run = pipeline.run_table(
        [str(logdir)],
        str(dest),
        format=format,
        spark=spark,
        echo=lines.append,
        decode_values="registry",
        mode="PERMISSIVE",
    )
    assert [(a.topic, a.undecodable) for a in run.appended] == [("_schemas", 0), ("shipments", 2)]
    assert "shipments: 2 values did not decode (raw bytes kept; the reason in valueDecodeProblem)" in lines
    held = decoded(format, dest)
    assert [held[offset][2] for offset in (3, 4)] == broken and held[3][1] is None and held[4][1] is None
