"""Values decoded with their schemas (kafkaks.schemas): values encoded by confluent-kafka's
serializers with its mock registry, the registry's ``_schemas`` topic written in its own format,
segments by kafka-python; decoded values compared with the objects that were serialized."""

from __future__ import annotations

import json
import pickle
import sys
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from schema_registry_data import (
    MONEY,
    ORDER_V1,
    ORDER_V2,
    ORDER_V3,
    PAYMENT,
    Record,
    order,
    order_as_read,
    registry_records,
    schema_key,
    schema_value,
    soft_deleted,
    write_partition,
)

from kafkaks import read_arrow
from kafkaks.schemas import Decoding, SchemaDecodeError, SchemaLookupError, columns
from kafkaks.schemas.registry_topic import state_of

pytest.importorskip("fastavro")
confluent = pytest.importorskip("confluent_kafka.schema_registry")
avro_serde = pytest.importorskip("confluent_kafka.schema_registry.avro")
from confluent_kafka.serialization import MessageField, SerializationContext  # noqa: E402

ORDER_V4 = {**ORDER_V3, "fields": [*ORDER_V3["fields"], {"name": "extra", "type": "int", "default": 0}]}


class Avro:
    """The log dir of the Avro tests: what was written, and where."""

    def __init__(self, root: Path) -> None:
        self.root = root
        client = confluent.SchemaRegistryClient.new_client({"url": "mock://avro-tests"})
        context = SerializationContext("orders", MessageField.VALUE)
        self.orders: list[Record] = []
        self.expected: list[tuple[int | None, Any, str | None]] = []  # schema id, decoded, problem
        for version, schema in ((1, ORDER_V1), (2, ORDER_V2), (3, ORDER_V3), (4, ORDER_V4)):
            serializer = avro_serde.AvroSerializer(client, json.dumps(schema))
            for n in range(version * 10, version * 10 + 6):
                value = order(n, min(version, 3)) | ({"extra": n} if version == 4 else {})
                self.orders.append((str(n).encode(), serializer(value, context)))
                self.expected.append((version, order_as_read(value), None))
        # Values that do not decode, and a tombstone
        truncated = self.orders[0][1]
        assert truncated is not None
        self.bad = {
            len(self.orders): (None, "no framing"),
            len(self.orders) + 1: (99, "no schema with id 99"),
            len(self.orders) + 2: (1, "EOFError"),
        }
        self.orders += [
            (b"plain", b"plain text"),
            (b"unknown", b"\0\0\0\0\x63\x02"),
            (b"cut", truncated[:12]),
        ]
        self.orders.append((b"gone", None))
        self.expected += [
            (None, None, "no framing"),
            (99, None, "no schema"),
            (1, None, "does not decode with schema id 1: EOFError"),
            (None, None, None),
        ]
        # A payment: a schema with a reference to another subject's type
        money = confluent.Schema(json.dumps(MONEY), "AVRO")
        client.register_schema("money", money)
        payment_schema = confluent.Schema(
            json.dumps(PAYMENT), "AVRO", [confluent.SchemaReference("shop.common.Money", "money", 1)]
        )
        pay = avro_serde.AvroSerializer(client, payment_schema)
        self.payments = [{"order": n, "total": {"units": n * 100, "currency": "EUR"}} for n in range(5)]
        pay_context = SerializationContext("payments", MessageField.VALUE)
        self.payment_records: list[Record] = [(None, pay(p, pay_context)) for p in self.payments]
        write_partition(root / "payments-0", self.payment_records)
        write_partition(root / "orders-0", self.orders)
        # A subject soft-deleted whole: its topic's values find no subject
        retired = avro_serde.AvroSerializer(client, json.dumps(MONEY))
        retired_context = SerializationContext("retired", MessageField.VALUE)
        write_partition(root / "retired-0", [(None, retired({"units": 1, "currency": "X"}, retired_context))])
        records = registry_records(client)
        v4 = client.get_version("orders-value", 4)
        # orders-value version 4 soft-deleted, then hard-deleted (a tombstone): version 3 is the latest
        records.append((schema_key("orders-value", 4), schema_value(v4, deleted=True)))
        records.append((schema_key("orders-value", 4), None))
        records.append(
            (
                b'{"keytype":"DELETE_SUBJECT","subject":"retired-value","magic":0}',
                b'{"subject":"retired-value","version":1}',
            )
        )
        records.append((b"not json", b"{}"))
        write_partition(root / "_schemas-0", records, per_batch=3)


@pytest.fixture(scope="module")
def avro_dir(tmp_path_factory: pytest.TempPathFactory) -> Avro:
    return Avro(tmp_path_factory.mktemp("avro") / "kafka-logs")


def rows_of(batches: list[pa.RecordBatch], topic: str) -> list[dict[str, Any]]:
    table = pa.Table.from_batches([b for b in batches if b.column("topic")[0].as_py() == topic])
    return table.to_pylist()


def normalized(decoded: dict[str, Any] | None) -> dict[str, Any] | None:
    if decoded is None:
        return None
    return {**decoded, "tags": sorted(decoded["tags"])}


def test_avro_values_decode_with_the_subjects_latest_schema(avro_dir: Avro) -> None:
    batches = list(read_arrow(avro_dir.root, decode_values=True))
    rows = rows_of(batches, "orders")
    assert len(rows) == len(avro_dir.expected)
    for row, (key, value), (schema_id, decoded, problem) in zip(
        rows, avro_dir.orders, avro_dir.expected, strict=True
    ):
        assert row["key"] == key and row["value"] == value  # the raw bytes stay
        assert row["valueSchemaId"] == schema_id
        assert normalized(row["valueDecoded"]) == decoded
        if problem is None:
            assert row["valueDecodeProblem"] is None
        else:
            assert problem in row["valueDecodeProblem"]
    # one type for the topic, the latest version's (v3: no customer, no extra)
    types = {b.schema.field("valueDecoded").type for b in batches if b.column("topic")[0].as_py() == "orders"}
    assert len(types) == 1
    (order_type,) = types
    assert [f.name for f in order_type] == [f["name"] for f in ORDER_V3["fields"]]
    assert order_type.field("amount").type == pa.decimal128(9, 2)
    assert order_type.field("created").type == pa.timestamp("us", tz="UTC")
    assert order_type.field("day").type == pa.date32()
    assert order_type.field("tags").type == pa.map_(pa.string(), pa.int32())
    assert order_type.field("note").type == pa.struct([("member0", pa.string()), ("member1", pa.int64())])


def test_references_are_resolved(avro_dir: Avro) -> None:
    rows = rows_of(list(read_arrow(avro_dir.root, decode_values=True)), "payments")
    assert [r["valueDecoded"] for r in rows] == avro_dir.payments
    assert {r["valueSchemaId"] for r in rows} == {6}


def test_a_deleted_subjects_values_decode_with_its_last_version(avro_dir: Avro) -> None:
    """retired-value is soft-deleted whole: its last version is the column's, its values' schema
    is known by id, as Confluent's deserializer finds it."""
    (row,) = rows_of(list(read_arrow(avro_dir.root, decode_values=True)), "retired")
    assert row["valueDecoded"] == {"units": 1, "currency": "X"}
    assert row["valueDecodeProblem"] is None


READING_V1 = {
    "type": "record",
    "name": "Reading",
    "fields": [{"name": "id", "type": "long"}, {"name": "unit", "type": "string"}],
}
READING_V2 = {**READING_V1, "fields": READING_V1["fields"][:1]}  # unit removed (it had no default)
READING_V3 = {**READING_V1, "fields": [{"name": "id", "type": "string"}]}  # id's type changed


def test_avro_values_the_columns_schema_cannot_read(tmp_path: Path) -> None:
    """readings-value soft-deleted back to version 1, which cannot read versions 2 (no default for
    unit) and 3 (id a string) by Avro's resolution: each value is decoded with its writer's
    schema and fitted to version 1's type where it fits, and said not to where it does not."""
    from kafkaks.schemas import decoder

    client = confluent.SchemaRegistryClient.new_client({"url": "mock://readings"})
    context = SerializationContext("readings", MessageField.VALUE)
    records: list[Record] = []
    for schema, value in (
        (READING_V1, {"id": 1, "unit": "C"}),
        (READING_V2, {"id": 2}),
        (READING_V3, {"id": "3"}),
    ):
        records.append((None, avro_serde.AvroSerializer(client, json.dumps(schema))(value, context)))
    write_partition(tmp_path / "logs" / "readings-0", records)
    schemas = registry_records(client)
    schemas += [soft_deleted(client, "readings-value", version) for version in (2, 3)]
    write_partition(tmp_path / "logs" / "_schemas-0", schemas)
    built = decoder(Decoding(), [tmp_path / "logs"])
    batch = built.decode_batch(next(read_arrow(tmp_path / "logs" / "readings-0")))
    assert batch.column("valueDecoded").to_pylist() == [{"id": 1, "unit": "C"}, {"id": 2, "unit": None}, None]
    assert batch.column("valueDecodeProblem").to_pylist() == [
        None,
        None,
        "schema id 3 does not fit the column's type: field id: a str where the column has int64",
    ]
    assert built.undecodable == {"schema id 3 does not fit the column's type": 1}


def test_a_partition_dir_finds_the_registry_in_its_log_dir(avro_dir: Avro) -> None:
    batches = list(read_arrow(avro_dir.root / "payments-0", decode_values=True))
    assert [r["valueDecoded"] for r in rows_of(batches, "payments")] == avro_dir.payments
    segment = next((avro_dir.root / "payments-0").glob("*.log"))
    batches = list(read_arrow(segment, decode_values=True))
    assert [r["valueDecoded"] for r in rows_of(batches, "payments")] == avro_dir.payments


def test_failfast_names_the_record(avro_dir: Avro) -> None:
    decoding = Decoding(mode="FAILFAST")
    assert len(list(read_arrow(avro_dir.root / "retired-0", decode_values=decoding))) == 1
    with pytest.raises(SchemaDecodeError) as error:
        list(read_arrow(avro_dir.root / "orders-0", decode_values=decoding))
    assert error.value.offset == min(avro_dir.bad)
    assert "topic orders partition 0: the value does not decode: no framing" in str(error.value)


def test_no_registry_is_a_clear_error(tmp_path: Path) -> None:
    write_partition(tmp_path / "logs" / "t-0", [(None, b"x")])
    with pytest.raises(SchemaLookupError, match="no _schemas topic"):
        list(read_arrow(tmp_path / "logs", decode_values=True))


def test_decoding_off_changes_nothing(avro_dir: Avro) -> None:
    plain = list(read_arrow(avro_dir.root / "orders-0"))
    assert plain[0].schema.names == [
        "key",
        "value",
        "topic",
        "partition",
        "offset",
        "timestamp",
        "timestampType",
    ]
    assert list(read_arrow(avro_dir.root / "orders-0", decode_values=False)) == plain


def test_keys_decode_with_their_subject(tmp_path: Path) -> None:
    client = confluent.SchemaRegistryClient.new_client({"url": "mock://keys"})
    keys = avro_serde.AvroSerializer(client, json.dumps(MONEY))
    values = avro_serde.AvroSerializer(client, json.dumps(PAYMENT_FLAT))
    k_ctx, v_ctx = SerializationContext("k", MessageField.KEY), SerializationContext("k", MessageField.VALUE)
    written = [({"units": n, "currency": "EUR"}, {"order": n}) for n in range(3)]
    write_partition(tmp_path / "logs" / "k-0", [(keys(k, k_ctx), values(v, v_ctx)) for k, v in written])
    write_partition(tmp_path / "logs" / "_schemas-0", registry_records(client))
    rows = rows_of(list(read_arrow(tmp_path / "logs", decode_values=Decoding(keys=True))), "k")
    assert [(r["keyDecoded"], r["valueDecoded"]) for r in rows] == written
    assert columns("key") == ("keySchemaId", "keyDecoded", "keyDecodeProblem")


PAYMENT_FLAT = {"type": "record", "name": "P", "fields": [{"name": "order", "type": "long"}]}


def test_the_decoder_pickles(avro_dir: Avro) -> None:
    from kafkaks.schemas import decoder

    built = decoder(Decoding(), [avro_dir.root])
    again = pickle.loads(pickle.dumps(built))
    batch = next(read_arrow(avro_dir.root / "payments-0"))
    assert again.decode_batch(batch).column("valueDecoded").to_pylist() == avro_dir.payments


# The registry's own records, one rule at a time


def schema_record(subject: str, version: int, schema_id: int, **extra: Any) -> Record:
    value = {"subject": subject, "version": version, "id": schema_id, "schema": '"string"', "deleted": False}
    return schema_key(subject, version), json.dumps(value | extra).encode()


def test_state_soft_and_hard_deletes() -> None:
    state = state_of(
        [
            schema_record("s", 1, 1),
            schema_record("s", 2, 2),
            schema_record("s", 3, 3),
            (b'{"keytype":"DELETE_SUBJECT","subject":"s","magic":0}', b'{"subject":"s","version":2}'),
        ]
    )
    latest = state.latest("s")
    assert latest is not None and latest.version == 3
    assert [v.deleted for v in state.versions["s"].values()] == [True, True, False]
    state = state_of([schema_record("s", 1, 1), schema_record("s", 2, 2), (schema_key("s", 2), None)])
    latest = state.latest("s")
    assert latest is not None and latest.version == 1
    assert state.by_id(2).schema == '"string"'  # a hard-deleted schema is still found by its id
    assert state.version("s", 2).id == 2


def test_state_types_configs_and_modes() -> None:
    state = state_of(
        [
            schema_record("j", 1, 7, schemaType="JSON"),
            (b'{"keytype":"CONFIG","subject":"j","magic":0}', b'{"compatibilityLevel":"NONE"}'),
            (b'{"keytype":"MODE","magic":0}', b'{"mode":"READONLY"}'),
            schema_record("j", 2, 9, deleted=True),
            schema_record(":.ctx:c", 1, 10, deleted=True),
            (b'{"keytype":"CLEAR_SUBJECT","subject":"j","magic":0}', b'{"subject":"j"}'),
            (b'{"keytype":"CLEAR_SUBJECT","subject":":.ctx:","magic":0}', b'{"subject":":.ctx:"}'),
            schema_record("a", 1, 8),
        ]
    )
    # CLEAR_SUBJECT drops soft-deleted versions only (of the subject, or of a context's subjects)
    assert list(state.versions["j"]) == [1] and state.versions[":.ctx:c"] == {}
    assert state.by_id(7).schema_type == "JSON" and state.by_id(8).schema_type == "AVRO"
    assert state.configs == {"j": {"compatibilityLevel": "NONE"}}
    assert state.modes == {None: "READONLY"}
    assert state.subjects == ["a", "j"]


@pytest.mark.parametrize(
    ("key", "value", "skipped"),
    [
        (b"{", b"{}", "not JSON"),
        (b'{"magic":0}', b"{}", "without a keytype"),
        (b'{"keytype":"SOMETHING"}', b"{}", "unknown keytype"),
        (b'{"keytype":"SCHEMA","subject":"s","version":1}', b'{"schema":"x"}', "without the fields"),
        (
            b'{"keytype":"SCHEMA","subject":"s","version":1}',
            b'{"id":1,"schema":"x","schemaType":"XML"}',
            "XML",
        ),
    ],
    ids=["not-json", "no-keytype", "unknown-keytype", "no-id", "unknown-type"],
)
def test_records_not_understood_are_skipped(key: bytes, value: bytes, skipped: str) -> None:
    state = state_of([(key, value), schema_record("s", 1, 1)])
    assert len(state.skipped) == 1 and skipped in state.skipped[0]
    assert state.by_id(1).subject == "s"


def test_dump_json_decoded_value(avro_dir: Avro, capsys: pytest.CaptureFixture[str]) -> None:
    from kafkaks.cli import main

    assert main(["dump", "--json", "--decode-values", str(avro_dir.root / "orders-0")]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    decoded = [r["decoded_value"] for r in records if r["type"] == "record"]
    assert len(decoded) == len(avro_dir.expected)
    for got, (schema_id, expected, problem) in zip(decoded, avro_dir.expected, strict=True):
        assert got["schema_id"] == schema_id
        if expected is None:
            assert got["value"] is None
            assert (got["problem"] is None) == (problem is None)
            continue
        assert got["problem"] is None
        value = got["value"]
        assert value["amount"] == f"{expected['amount']:.2f}"  # decimals exact, as text, at their scale
        assert value["created"] == expected["created"].isoformat()
        assert value["day"] == (None if expected["day"] is None else expected["day"].isoformat())
        assert sorted(value["tags"].items()) == expected["tags"]
        assert {k: value[k] for k in ("id", "ref", "status", "address", "note", "lines")} == {
            k: expected[k] for k in ("id", "ref", "status", "address", "note", "lines")
        }


def test_dump_decode_values_needs_json(avro_dir: Avro, capsys: pytest.CaptureFixture[str]) -> None:
    from kafkaks.cli import main

    assert main(["dump", "--decode-values", str(avro_dir.root / "orders-0")]) == 2
    assert "--decode-values needs --json" in capsys.readouterr().err


# A registry's REST API: a stub server on 127.0.0.1 answering from the log dir's own registry


class StubRegistry:
    """Answers the three GETs kafkaks makes from a registry state, with basic authentication."""

    def __init__(self, root: Path) -> None:
        import base64
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        from kafkaks.schemas import find_schemas_topic, read_schemas_topic

        state = read_schemas_topic(find_schemas_topic([root]))
        self.paths: list[str] = []
        stub = self
        expected_auth = "Basic " + base64.b64encode(b"user:p@ss").decode()

        def answer(schema: Any) -> dict[str, Any]:
            refs = [{"name": r.name, "subject": r.subject, "version": r.version} for r in schema.references]
            return {
                "subject": schema.subject,
                "version": schema.version,
                "id": schema.id,
                "schema": schema.schema,
                "references": refs,
            }

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                stub.paths.append(self.path)
                path, _, query = self.path.partition("?")
                parts = path.strip("/").split("/")
                body: Any = None
                if self.headers.get("Authorization") != expected_auth:
                    self.send_error(401)
                    return
                try:
                    if parts[:2] == ["schemas", "ids"]:
                        body = answer(state.by_id(int(parts[2])))
                    elif parts[0] == "subjects" and parts[2:] == ["versions"] and query == "deleted=true":
                        body = sorted(state.versions.get(parts[1], {})) or None  # soft-deleted ones too
                    elif parts[0] == "subjects" and parts[2] == "versions":
                        subject = parts[1].replace("%2F", "/")
                        found = (
                            state.latest(subject)
                            if parts[3] == "latest"
                            else state.version(subject, int(parts[3]))
                        )
                        body = None if found is None else answer(found)
                except SchemaLookupError:
                    body = None
                if body is None:
                    self.send_error(404)
                    return
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/vnd.schemaregistry.v1+json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://user:p%40ss@127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


def test_rest_registry_gives_what_the_topic_gives(avro_dir: Avro, tmp_path: Path) -> None:
    import shutil

    # The data without its _schemas topic: the schemas come from the REST API alone
    shutil.copytree(avro_dir.root / "orders-0", tmp_path / "logs" / "orders-0")
    shutil.copytree(avro_dir.root / "payments-0", tmp_path / "logs" / "payments-0")
    shutil.copytree(avro_dir.root / "retired-0", tmp_path / "logs" / "retired-0")
    stub = StubRegistry(avro_dir.root)
    try:
        rest = list(read_arrow(tmp_path / "logs", decode_values=stub.url))
    finally:
        stub.close()
    offline = list(read_arrow(avro_dir.root, decode_values=True))
    where = f" at {stub.url.replace('user:p%40ss@', '')}"  # the REST API's messages name the registry
    for topic in ("orders", "payments", "retired"):
        got = rows_of(rest, topic)
        assert not any("p%40ss" in (row["valueDecodeProblem"] or "") for row in got)  # no password shown
        for row in got:
            row["valueDecodeProblem"] = row["valueDecodeProblem"] and row["valueDecodeProblem"].replace(
                where, ""
            )
        assert got == rows_of(offline, topic)
    assert "/schemas/ids/99" in stub.paths  # asked, and answered 404: a problem, not an error
    assert "/subjects/orders-value/versions/latest" in stub.paths
    assert "/subjects/money/versions/1" in stub.paths  # the reference
    assert "/subjects/retired-value/versions/1?deleted=true" in stub.paths  # every version deleted


def test_an_unreachable_registry_is_a_clear_problem(avro_dir: Avro) -> None:
    import socket

    with socket.socket() as unused:  # a port that nothing listens on once closed
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    (batch,) = read_arrow(avro_dir.root / "payments-0", decode_values=f"http://127.0.0.1:{port}")
    problems = set(batch.column("valueDecodeProblem").to_pylist())
    assert len(problems) == 1
    (problem,) = problems
    assert problem.startswith(f"not decoded: the registry at http://127.0.0.1:{port} cannot be read")


def test_schema_files_for_unframed_values_and_as_readers(avro_dir: Avro, tmp_path: Path) -> None:
    import io

    import fastavro

    # Unframed Avro (no magic byte, no id), and unframed JSON, each with its schema file
    parsed = fastavro.parse_schema(MONEY)
    values = []
    for n in range(4):
        out = io.BytesIO()
        fastavro.schemaless_writer(out, parsed, {"units": n, "currency": "EUR"})
        values.append((None, out.getvalue()))
    write_partition(tmp_path / "logs" / "plain-0", values)
    write_partition(tmp_path / "logs" / "events-0", [(None, b'{"units": 5, "currency": "USD", "x": 1}')])
    (tmp_path / "money.avsc").write_text(json.dumps(MONEY))
    (tmp_path / "money.json").write_text(
        json.dumps(
            {"type": "object", "properties": {"units": {"type": "integer"}, "currency": {"type": "string"}}}
        )
    )
    decoding = Decoding(
        schema_files={"plain": str(tmp_path / "money.avsc"), "events": str(tmp_path / "money.json")}
    )
    batches = list(read_arrow(tmp_path / "logs", decode_values=decoding))
    assert [r["valueDecoded"] for r in rows_of(batches, "plain")] == [
        {"units": n, "currency": "EUR"} for n in range(4)
    ]
    assert [r["valueSchemaId"] for r in rows_of(batches, "plain")] == [None] * 4
    assert [r["valueDecoded"] for r in rows_of(batches, "events")] == [{"units": 5, "currency": "USD"}]
    # A reader schema given: version 1's fields only, whatever version wrote the value
    (tmp_path / "order_v1.avsc").write_text(json.dumps(ORDER_V1))
    decoding = Decoding(reader_schemas={"orders": str(tmp_path / "order_v1.avsc")})
    rows = rows_of(list(read_arrow(avro_dir.root / "orders-0", decode_values=decoding)), "orders")
    v1_rows = [r for r in rows if r["valueSchemaId"] in (1, 2) and r["valueDecoded"] is not None]
    assert [r["valueDecoded"]["customer"] for r in v1_rows] == [
        f"customer {n}" for n in (*range(10, 16), *range(20, 26))
    ]
    # versions 3 and 4 have no customer, and it has no default: Avro's resolution fails, so they
    # are decoded with their writer's schema and fitted to version 1's fields, customer null
    later = [r for r in rows if r["valueSchemaId"] in (3, 4)]
    assert [r["valueDecoded"] for r in later] == [
        {k: v for k, v in order_as_read(order(n, 3)).items() if k in ("id", "amount", "created")}
        | {"customer": None}
        for n in (*range(30, 36), *range(40, 46))
    ]


def test_without_the_extra_the_error_names_it(avro_dir: Avro, monkeypatch: pytest.MonkeyPatch) -> None:
    from kafkaks.schemas import MissingExtraError

    monkeypatch.setitem(sys.modules, "fastavro", None)  # import fastavro raises ImportError
    with pytest.raises(MissingExtraError, match=r"pip install 'kafkaks\[schemas\]'"):
        list(read_arrow(avro_dir.root / "payments-0", decode_values=True))


ALL_TYPES = {
    "type": "record",
    "name": "All",
    "fields": [
        {"name": "flag", "type": "boolean"},
        {"name": "f", "type": "float"},
        {"name": "raw", "type": "bytes"},
        {"name": "fx", "type": {"type": "fixed", "name": "F4", "size": 4}},
        {
            "name": "dfx",
            "type": {
                "type": "fixed",
                "name": "D",
                "size": 8,
                "logicalType": "decimal",
                "precision": 12,
                "scale": 4,
            },
        },
        {"name": "big", "type": {"type": "bytes", "logicalType": "decimal", "precision": 40, "scale": 0}},
        {"name": "tm", "type": {"type": "int", "logicalType": "time-millis"}},
        {"name": "tu", "type": {"type": "long", "logicalType": "time-micros"}},
        {"name": "tsu", "type": {"type": "long", "logicalType": "timestamp-micros"}},
        {"name": "local", "type": {"type": "long", "logicalType": "local-timestamp-millis"}},
        {"name": "either", "type": ["null", "F4", {"type": "array", "items": "int"}]},
    ],
}


def test_avro_types_map_to_arrow_and_decode(tmp_path: Path) -> None:
    import datetime
    import decimal
    import io

    import fastavro

    from kafkaks.schemas import avro
    from kafkaks.schemas.registry import RegisteredSchema

    value = {
        "flag": True,
        "f": 1.5,
        "raw": b"\x00\xff",
        "fx": b"abcd",
        "dfx": decimal.Decimal("12345678.1234"),
        "big": decimal.Decimal(10**39 + 7),
        "tm": datetime.time(1, 2, 3, 4000),
        "tu": datetime.time(1, 2, 3, 4),
        "tsu": datetime.datetime(2024, 1, 2, 3, 4, 5, 6, tzinfo=datetime.UTC),
        "local": datetime.datetime(2024, 1, 2, 3, 4, 5, 6000),
        "either": [1, 2],
    }
    out = io.BytesIO()
    fastavro.schemaless_writer(out, fastavro.parse_schema(ALL_TYPES), value)
    schema = avro.parse(RegisteredSchema(1, json.dumps(ALL_TYPES)), None)
    decoded = schema.decode(out.getvalue())
    column = pa.array([decoded], schema.arrow_type)
    expected = value | {"either": {"member0": None, "member1": [1, 2]}}
    assert column.to_pylist()[0] == expected
    assert schema.arrow_type.field("big").type == pa.decimal256(40, 0)
    assert schema.arrow_type.field("local").type == pa.timestamp("us")
    pyspark_api = pytest.importorskip("kafkaks.spark.pyspark_api", exc_type=ImportError)
    spark_types = pyspark_api.from_arrow_schema(pa.schema([pa.field("v", schema.arrow_type)]))
    assert spark_types["v"].dataType["tm"].dataType.simpleString().startswith("time")


@pytest.mark.parametrize(
    "items",
    ["null", {"type": "record", "name": "E", "fields": []}, {"type": "fixed", "name": "Z", "size": 0}],
    ids=["null", "empty-record", "empty-fixed"],
)
def test_arrays_of_items_without_bytes_are_refused(items: Any) -> None:
    """Six bytes could claim 2^40 such items: the schema is refused, never decoded item by item."""
    from kafkaks.schemas import avro
    from kafkaks.schemas.registry import RegisteredSchema

    schema = {
        "type": "record",
        "name": "R",
        "fields": [{"name": "a", "type": {"type": "array", "items": items}}],
    }
    with pytest.raises(SchemaLookupError, match="items that take no bytes"):
        avro.parse(RegisteredSchema(1, json.dumps(schema)), None)
    fine = {
        "type": "record",
        "name": "R",
        "fields": [{"name": "a", "type": {"type": "array", "items": "int"}}],
    }
    assert avro.parse(RegisteredSchema(1, json.dumps(fine)), None).arrow_type == pa.struct(
        [("a", pa.list_(pa.int32()))]
    )


BAD_SCHEMAS = {
    "avro-not-json": ("AVRO", "{"),
    "avro-unknown-type": (
        "AVRO",
        '{"type": "record", "name": "R", "fields": [{"name": "a", "type": "nope"}]}',
    ),
    "avro-decimal-without-precision": ("AVRO", '{"type": "bytes", "logicalType": "decimal"}'),
    "avro-recursive": (
        "AVRO",
        '{"type": "record", "name": "L", "fields": [{"name": "next", "type": ["null", "L"]}]}',
    ),
    "json-properties-a-list": ("JSON", '{"type": "object", "properties": [1, 2]}'),
    "json-bad-ref": ("JSON", '{"$ref": "#/definitions/nothing"}'),
    "proto-not-proto": ("PROTOBUF", "message {"),
    "proto-no-message": ("PROTOBUF", 'syntax = "proto3";'),
    "proto-missing-import": (
        "PROTOBUF",
        'syntax = "proto3"; import "gone.proto"; message M { int32 a = 1; }',
    ),
    "proto-recursive": ("PROTOBUF", 'syntax = "proto3"; message M { M next = 1; }'),
}


@pytest.mark.parametrize("name", sorted(BAD_SCHEMAS))
def test_bad_schemas_are_problems_not_exceptions(tmp_path: Path, name: str) -> None:
    schema_type, text = BAD_SCHEMAS[name]
    value = {"subject": "t-value", "version": 1, "id": 1, "schemaType": schema_type, "schema": text}
    write_partition(
        tmp_path / "logs" / "_schemas-0", [(schema_key("t-value", 1), json.dumps(value).encode())]
    )
    write_partition(tmp_path / "logs" / "t-0", [(None, b"\0\0\0\0\x01\x00\x02"), (None, None)])
    (batch,) = read_arrow(tmp_path / "logs" / "t-0", decode_values=True)
    problem, none = batch.column("valueDecodeProblem").to_pylist()
    assert problem is not None and problem.startswith("not decoded: ") and none is None
    assert batch.column("valueDecoded").null_count == 2


def test_dump_with_schema_files_and_subjects(
    avro_dir: Avro, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from kafkaks.cli import main

    write_partition(tmp_path / "logs" / "plain-0", [(None, b'{"units": 3, "currency": "EUR"}'), (None, b"{")])
    schema = {"type": "object", "properties": {"units": {"type": "integer"}, "currency": {"type": "string"}}}
    (tmp_path / "money.json").write_text(json.dumps(schema))
    args = ["dump", "--json", "--decode-values", "--schema-file", f"plain={tmp_path / 'money.json'}"]
    assert main([*args, str(tmp_path / "logs" / "plain-0")]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    decoded = [line["decoded_value"] for line in lines if line["type"] == "record"]
    assert decoded[0] == {"schema_id": None, "value": {"units": 3, "currency": "EUR"}, "problem": None}
    assert decoded[1]["problem"].startswith("JSONDecodeError")
    # the payments, read as the subject of another name: --subject and --registry
    write_partition(tmp_path / "logs" / "pay-0", [(None, pay) for _, pay in avro_dir.payment_records])
    args = ["dump", "--json", "--registry", str(avro_dir.root), "--subject", "pay=payments-value"]
    assert main([*args, str(tmp_path / "logs" / "pay-0")]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["decoded_value"]["value"] for line in lines if line["type"] == "record"] == avro_dir.payments
    assert main(["dump", "--json", "--decode-values", "--subject", "pay", str(tmp_path / "logs")]) == 2
    assert "take TOPIC=VALUE" in capsys.readouterr().err


def test_transaction_markers_are_not_decoded(tmp_path: Path) -> None:
    """The fixture's txn-topic (JSON values, kafka-python's transactional batches and markers),
    decoded with a schema file: the markers' bytes are Kafka's own, left alone even in FAILFAST."""
    from conftest import FIXTURES

    schema = {"type": "object", "properties": {"order_id": {"type": "integer"}, "item": {"type": "string"}}}
    (tmp_path / "order.json").write_text(json.dumps(schema))
    decoding = Decoding(schema_files={"txn-topic": str(tmp_path / "order.json")}, mode="FAILFAST")
    path = FIXTURES / "logdir" / "txn-topic-0"
    rows = [
        r
        for b in read_arrow(path, decode_values=decoding, include_control=True, include_metadata=True)
        for r in b.to_pylist()
    ]
    markers = [r for r in rows if r["isControl"]]
    records = [r for r in rows if not r["isControl"]]
    assert markers and all(r["valueDecoded"] is None and r["valueDecodeProblem"] is None for r in markers)
    assert [r["valueDecoded"] for r in records] == [
        {"order_id": json.loads(r["value"])["order_id"], "item": json.loads(r["value"])["item"]}
        for r in records
    ]
    with pytest.raises(ValueError, match="needs include_metadata"):
        list(read_arrow(path, decode_values=decoding, include_control=True))


def test_a_real_registrys_topic(real_data: Path) -> None:
    """confluent-ksql-txn: a Confluent Platform broker's log dir whose registry wrote only its NOOP
    markers (no schema registered): read without a skipped record, and the topics are left alone,
    in FAILFAST too."""
    from kafkaks.schemas import find_schemas_topic, read_schemas_topic

    logs = real_data / "confluent-ksql-txn" / "kafka-data"
    partitions = find_schemas_topic([logs / "docker-connect-configs-0"])
    assert partitions == [[str(logs / "_schemas-0")]]
    state = read_schemas_topic(partitions)
    assert (state.skipped, state.ids, state.subjects) == ([], {}, [])
    rows = [
        r
        for b in read_arrow(logs / "docker-connect-configs-0", decode_values=Decoding(mode="FAILFAST"))
        for r in b.to_pylist()
    ]
    assert rows and {r["valueDecodeProblem"] for r in rows if r["value"] is not None} == {
        "not decoded: no subject 'docker-connect-configs-value' in the registry"
    }
