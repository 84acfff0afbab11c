"""JSON Schema and Protobuf values decoded with their schemas: values encoded by confluent-kafka's
``JSONSerializer`` (which validates them with jsonschema) and ``ProtobufSerializer`` (message
indexes, references) with its mock registry; ``_schemas`` written in the registry's format with
evolution (fields added and removed) and references; decoded values compared with the objects
that were serialized."""

from __future__ import annotations

import datetime
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from schema_registry_data import Record, schema_key, schema_value, write_partition

from kafkaks import read_arrow
from kafkaks.schemas import Decoding

confluent = pytest.importorskip("confluent_kafka.schema_registry")
json_serde = pytest.importorskip("confluent_kafka.schema_registry.json_schema")
pb_serde = pytest.importorskip("confluent_kafka.schema_registry.protobuf")
protoc = pytest.importorskip("grpc_tools.protoc")
from confluent_kafka.serialization import MessageField, SerializationContext  # noqa: E402
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory  # noqa: E402

ADDRESS = {"type": "object", "properties": {"city": {"type": "string"}, "zip": {"type": "string"}}}
CUSTOMER_V1: dict[str, Any] = {
    "type": "object",
    "title": "Customer",
    "properties": {
        "id": {"type": "integer"},
        "name": {"type": "string"},
        "legacy": {"type": "string"},
        "joined": {"type": "string", "format": "date-time"},
        "born": {"type": "string", "format": "date"},
        "scores": {"type": "array", "items": {"type": "number"}},
        "attrs": {"type": "object", "additionalProperties": {"type": "integer"}},
        "address": {"$ref": "address.json"},
        "nick": {"type": ["string", "null"]},
        "home": {"$ref": "#/definitions/Point"},
        "anything": {},
        "level": {"enum": ["LOW", "HIGH"]},
    },
    "definitions": {"Point": {"type": "object", "properties": {"x": {"type": "number"}}}},
    "required": ["id"],
}
CUSTOMER_V2 = {
    **CUSTOMER_V1,
    "properties": {
        **{k: v for k, v in CUSTOMER_V1["properties"].items() if k != "legacy"},
        "vip": {"type": "boolean"},
    },
}


def customer(n: int, version: int) -> dict[str, Any]:
    value: dict[str, Any] = {
        "id": n,
        "name": f"name {n}",
        "joined": f"2024-05-0{1 + n % 9}T10:00:00+00:00",
        "born": f"1990-01-{10 + n}",
        "scores": [n / 2, 1.5],
        "attrs": {"a": n},
        "address": {"city": f"city {n}"},
        "nick": None if n % 2 else f"nick {n}",
        "home": {"x": float(n)},
        "anything": {"nested": [n]},
        "level": ["LOW", "HIGH"][n % 2],
    }
    if version == 1:
        value["legacy"] = "old"
    else:
        value["vip"] = bool(n % 2)
    return value


def customer_as_read(value: dict[str, Any]) -> dict[str, Any]:
    """What a customer reads as with v2: ``legacy`` gone, ``vip`` null where not written; the
    property without a type is its JSON text."""
    return {
        "id": value["id"],
        "name": value["name"],
        "joined": datetime.datetime.fromisoformat(value["joined"]),
        "born": datetime.date.fromisoformat(value["born"]),
        "scores": value["scores"],
        "attrs": list(value["attrs"].items()),
        "address": {"city": value["address"]["city"], "zip": None},
        "nick": value["nick"],
        "home": value["home"],
        "anything": json.dumps(value["anything"], separators=(",", ":")),
        "level": value["level"],
        "vip": value.get("vip"),
    }


def test_json_schema_values(tmp_path: Path) -> None:
    client = confluent.SchemaRegistryClient.new_client({"url": "mock://json-tests"})
    client.register_schema("address", confluent.Schema(json.dumps(ADDRESS), "JSON"))
    refs = [confluent.SchemaReference("address.json", "address", 1)]
    context = SerializationContext("customers", MessageField.VALUE)
    records: list[Record] = []
    written = []
    for version, schema in ((1, CUSTOMER_V1), (2, CUSTOMER_V2)):
        serializer = json_serde.JSONSerializer(confluent.Schema(json.dumps(schema), "JSON", refs), client)
        for n in range(version * 3, version * 3 + 3):
            written.append(customer(n, version))
            records.append((None, serializer(written[-1], context)))
    records.append((None, b"\0\0\0\0\x02{not json"))
    write_partition(tmp_path / "logs" / "customers-0", records)
    write_partition(tmp_path / "logs" / "_schemas-0", registry_records_of(client))
    (batch,) = read_arrow(tmp_path / "logs" / "customers-0", decode_values=True)
    rows = batch.to_pylist()
    assert [r["valueDecoded"] for r in rows[:-1]] == [customer_as_read(v) for v in written]
    assert [r["valueSchemaId"] for r in rows] == [2, 2, 2, 3, 3, 3, 2]
    assert rows[-1]["valueDecodeProblem"].startswith("does not decode with schema id 2: JSONDecodeError")
    value_type = batch.schema.field("valueDecoded").type
    assert value_type.field("joined").type == pa.timestamp("us", tz="UTC")
    assert value_type.field("attrs").type == pa.map_(pa.string(), pa.int64())
    assert value_type.field("anything").type == pa.string()


def registry_records_of(client: Any, texts: dict[tuple[str, int], str] | None = None) -> list[Record]:
    """The ``SCHEMA`` records of every version the mock registry holds (with ``texts`` in place
    of the registered strings where given), in id order."""
    versions = [client.get_version(s, v) for s in client.get_subjects() for v in client.get_versions(s)]
    records: list[Record] = []
    for registered in sorted(versions, key=lambda r: r.schema_id):
        value = json.loads(schema_value(registered))
        value["schema"] = (texts or {}).get((registered.subject, registered.version), value["schema"])
        records.append((schema_key(registered.subject, registered.version), json.dumps(value).encode()))
    return records


COMMON_PROTO = """syntax = "proto3";
package demo.common;
message Money { int64 units = 1; string currency = 2; }
"""
ORDER_PROTO_V1 = """syntax = "proto3";
package demo;
import "google/protobuf/timestamp.proto";
import "google/protobuf/struct.proto";
import "common.proto";
message Order {
  int64 id = 1;
  string customer = 2;
  google.protobuf.Timestamp created = 3;
  repeated string tags = 4;
  map<string, int32> counts = 5;
  enum Status { NEW = 0; PAID = 1; }
  Status status = 6;
  message Line { string sku = 1; uint64 qty = 2; }
  Line line = 7;
  optional string note = 8;
  demo.common.Money total = 9;
  google.protobuf.Struct extra = 11;
}
"""
# v2 removes ``customer`` and adds ``priority``
ORDER_PROTO_V2 = ORDER_PROTO_V1.replace("  string customer = 2;\n", "  reserved 2;\n").replace(
    "  demo.common.Money total = 9;\n", "  demo.common.Money total = 9;\n  sint32 priority = 10;\n"
)


def message_classes(folder: Path, order_proto: str) -> dict[str, Any]:
    """The message classes protoc and protobuf's runtime make of the .proto text, in a pool of
    their own (each version defines ``demo.Order``)."""
    folder.mkdir()
    (folder / "common.proto").write_text(COMMON_PROTO)
    (folder / "order.proto").write_text(order_proto)
    well_known = str(resources.files("grpc_tools") / "_proto")
    out = folder / "set.pb"
    args = ["protoc", f"-I{folder}", f"-I{well_known}", "--include_imports", f"--descriptor_set_out={out}"]
    assert protoc.main([*args, "order.proto"]) == 0
    pool = descriptor_pool.DescriptorPool()
    for proto in descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file:
        pool.Add(proto)
    return {
        name: message_factory.GetMessageClass(pool.FindMessageTypeByName(name))
        for name in ("demo.Order", "demo.Order.Line")
    }


def order_message(classes: dict[str, Any], n: int, version: int) -> tuple[Any, dict[str, Any]]:
    """An order message and what it reads as with v2."""
    message = classes["demo.Order"](id=n, tags=[f"t{n}", "x"], status=n % 2)
    message.created.seconds, message.created.nanos = 1_700_000_000 + n, 123_456_000
    message.counts["n"] = n
    message.line.sku, message.line.qty = f"sku {n}", 2**63 + n  # uint64 beyond int64
    if n % 2:
        message.note = f"note {n}"
    message.total.units, message.total.currency = 100 * n, "EUR"
    message.extra.update({"n": n, "list": ["a", True]})
    if version == 1:
        message.customer = f"customer {n}"
    else:
        message.priority = -n
    expected = {
        "id": n,
        "created": datetime.datetime.fromtimestamp(1_700_000_000 + n, datetime.UTC).replace(
            microsecond=123456
        ),
        "tags": [f"t{n}", "x"],
        "counts": [("n", n)],
        "status": ["NEW", "PAID"][n % 2],
        "line": {"sku": f"sku {n}", "qty": 2**63 + n},
        "note": f"note {n}" if n % 2 else None,
        "total": {"units": 100 * n, "currency": "EUR"},
        "extra": json.dumps(
            {"list": ["a", True], "n": float(n)}, sort_keys=True
        ),  # Struct numbers are doubles
        "priority": -n if version == 2 else None,
    }
    return message, expected


@pytest.mark.parametrize("form", ["text", "descriptor"])
def test_protobuf_values(tmp_path: Path, form: str) -> None:
    """``text``: ``_schemas`` holds the .proto text, as the registry stores it; ``descriptor``:
    the base64 descriptors confluent-kafka's serializer registered."""
    client = confluent.SchemaRegistryClient.new_client({"url": f"mock://protobuf-{form}"})
    context = SerializationContext("orders", MessageField.VALUE)
    records: list[Record] = []
    expected = []
    for version, proto in ((1, ORDER_PROTO_V1), (2, ORDER_PROTO_V2)):
        classes = message_classes(tmp_path / f"v{version}", proto)
        serializer = pb_serde.ProtobufSerializer(
            classes["demo.Order"], client, {"use.deprecated.format": False}
        )
        for n in range(version * 3, version * 3 + 3):
            message, read = order_message(classes, n, version)
            records.append((None, serializer(message, context)))
            expected.append(read)
    # a nested message (message indexes [0, 1]) where the subject's is demo.Order
    lines = pb_serde.ProtobufSerializer(classes["demo.Order.Line"], client, {"use.deprecated.format": False})
    records.append(
        (None, lines(classes["demo.Order.Line"](sku="s"), SerializationContext("x", MessageField.VALUE)))
    )
    assert records[-1][1] is not None and records[-1][1][5:8] == b"\x04\x00\x02"
    write_partition(tmp_path / "logs" / "orders-0", records)
    texts = {
        ("common.proto", 1): COMMON_PROTO,
        ("orders-value", 1): ORDER_PROTO_V1,
        ("orders-value", 2): ORDER_PROTO_V2,
    }
    schemas = registry_records_of(client, texts if form == "text" else None)
    write_partition(tmp_path / "logs" / "_schemas-0", schemas)
    (batch,) = read_arrow(tmp_path / "logs" / "orders-0", decode_values=Decoding())
    rows = batch.to_pylist()
    assert [r["valueDecoded"] for r in rows[:-1]] == expected
    assert [r["valueSchemaId"] for r in rows] == [2, 2, 2, 3, 3, 3, 4]
    assert rows[-1]["valueDecodeProblem"] == (
        "does not decode with schema id 4: "
        "ValueError: a demo.Order.Line message, where the subject's is demo.Order"
    )
    order_type = batch.schema.field("valueDecoded").type
    assert order_type.field("line").type == pa.struct([("sku", pa.string()), ("qty", pa.decimal128(20, 0))])
    assert order_type.field("created").type == pa.timestamp("us", tz="UTC")
    assert order_type.field("counts").type == pa.map_(pa.string(), pa.int32())
