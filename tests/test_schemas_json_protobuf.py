"""JSON Schema and Protobuf values decoded with their schemas: values encoded by confluent-kafka's
``JSONSerializer`` (which validates them with jsonschema) and ``ProtobufSerializer`` (message
indexes, references) with its mock registry; ``_schemas`` written in the registry's format with
evolution (fields added and removed) and references; decoded values compared with the objects
that were serialized."""

from __future__ import annotations

import datetime
import io
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from schema_registry_data import Record, schema_key, schema_value, soft_deleted, write_partition

from kafkaks import read_arrow
from kafkaks.schemas import Decoding

confluent = pytest.importorskip("confluent_kafka.schema_registry")
json_serde = pytest.importorskip("confluent_kafka.schema_registry.json_schema")
pb_serde = pytest.importorskip("confluent_kafka.schema_registry.protobuf")
protoc = pytest.importorskip("grpc_tools.protoc")
from confluent_kafka.schema_registry.serde import SchemaId  # noqa: E402
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


VISIT_V1 = {
    "type": "object",
    "properties": {
        "id": {"type": "integer"},
        "at": {"type": "string", "format": "date-time"},
        "place": {"type": "object", "properties": {"city": {"type": "string"}}},
    },
}
# v2 drops ``at`` and makes ``place`` a string
VISIT_V2 = {"type": "object", "properties": {"id": {"type": "integer"}, "place": {"type": "string"}}}


def test_json_values_the_columns_schema_cannot_read(tmp_path: Path) -> None:
    """visits-value soft-deleted back to version 1, whose types do not take two v2 values: one
    whose ``at`` is no date-time (v2 does not declare it) is read with v2 and fits; one whose
    ``place`` is a string does not fit v1's struct, and says so."""
    from kafkaks.schemas import decoder

    client = confluent.SchemaRegistryClient.new_client({"url": "mock://visits"})
    context = SerializationContext("visits", MessageField.VALUE)
    v1 = json_serde.JSONSerializer(json.dumps(VISIT_V1), client)
    v2 = json_serde.JSONSerializer(json.dumps(VISIT_V2), client)
    records: list[Record] = [
        (None, v1({"id": 1, "at": "2024-01-01T00:00:00+00:00", "place": {"city": "X"}}, context)),
        (None, v2({"id": 2, "at": "yesterday"}, context)),
        (None, v2({"id": 3, "place": "somewhere"}, context)),
    ]
    write_partition(tmp_path / "logs" / "visits-0", records)
    schemas = registry_records_of(client)
    schemas.append(soft_deleted(client, "visits-value", 2))
    write_partition(tmp_path / "logs" / "_schemas-0", schemas)
    built = decoder(Decoding(), [tmp_path / "logs"])
    batch = built.decode_batch(next(read_arrow(tmp_path / "logs" / "visits-0")))
    assert batch.column("valueDecoded").to_pylist() == [
        {"id": 1, "at": datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC), "place": {"city": "X"}},
        {"id": 2, "at": None, "place": None},
        None,
    ]
    assert batch.column("valueDecodeProblem").to_pylist() == [
        None,
        None,
        "schema id 2 does not fit the column's type: field place: a str where the column has "
        "struct<city: string>",
    ]
    assert built.undecodable == {"schema id 2 does not fit the column's type": 1}


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
    return compiled(folder, {"common.proto": COMMON_PROTO, "order.proto": order_proto}, "order.proto")


def compiled(folder: Path, files: dict[str, str], main: str) -> dict[str, Any]:
    """The class of every message ``main`` declares (by full name), compiled by protoc with
    ``files`` in a pool of their own."""
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    well_known = str(resources.files("grpc_tools") / "_proto")
    out = folder / "set.pb"
    args = ["protoc", f"-I{folder}", f"-I{well_known}", "--include_imports", f"--descriptor_set_out={out}"]
    assert protoc.main([*args, main]) == 0
    pool = descriptor_pool.DescriptorPool()
    for proto in descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file:
        pool.Add(proto)
    classes = {}
    pending = list(pool.FindFileByName(main).message_types_by_name.values())
    while pending:
        descriptor = pending.pop()
        classes[descriptor.full_name] = message_factory.GetMessageClass(descriptor)
        pending += descriptor.nested_types
    return classes


def order_message(classes: dict[str, Any], n: int, version: int) -> tuple[Any, dict[str, Any]]:
    """An order message and what it reads as with v2 (the ``Order`` field of the column, which
    has one per message the file declares)."""
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
    return message, {"Order": expected, "Order.Line": None}


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
    # a nested message: confluent-kafka-python counts protoc's nested types, map entries among
    # them (Order's are [CountsEntry, Line]), as a descriptor declares them: [0, 1]
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
        ("x-value", 1): ORDER_PROTO_V2,  # the file of the Line written above
    }
    schemas = registry_records_of(client, texts if form == "text" else None)
    write_partition(tmp_path / "logs" / "_schemas-0", schemas)
    (batch,) = read_arrow(tmp_path / "logs" / "orders-0", decode_values=Decoding())
    rows = batch.to_pylist()
    assert [r["valueDecoded"] for r in rows[:-1]] == expected
    assert [r["valueSchemaId"] for r in rows] == [2, 2, 2, 3, 3, 3, 4]
    if form == "descriptor":  # the descriptor declares the map entry: [0, 1] is Line
        assert rows[-1]["valueDecoded"] == {"Order": None, "Order.Line": {"sku": "s", "qty": 0}}
    else:  # in the .proto text, Order declares one message, Line: [0, 0] (Confluent's toMessageName)
        assert rows[-1]["valueDecodeProblem"] == (
            "does not decode with schema id 4: ValueError: message indexes [0, 1]: demo.Order declares "
            "1 messages, no message 1 (map entries are not declared messages)"
        )
    column = batch.schema.field("valueDecoded").type
    assert column.names == ["Order", "Order.Line"]
    order_type = column.field("Order").type
    assert order_type.field("line").type == pa.struct([("sku", pa.string()), ("qty", pa.decimal128(20, 0))])
    assert order_type.field("created").type == pa.timestamp("us", tz="UTC")
    assert order_type.field("counts").type == pa.map_(pa.string(), pa.int32())


# Several messages in one file, maps among nested messages: which message indexes name which
EVENTS_PROTO = """syntax = "proto3";
package acme.events;
message Event {
  map<string, string> labels = 1;
  message Detail { string note = 1; }
  map<string, int32> counts = 2;
  message Source {
    map<string, string> tags = 1;
    message Origin { string zone = 1; }
    Origin origin = 2;
  }
  string id = 3;
  Detail detail = 4;
  Source source = 5;
}
message Heartbeat { int64 at = 1; }
"""
EVENT_NAMES = ["Event", "Event.Detail", "Event.Source", "Event.Source.Origin", "Heartbeat"]
# Confluent's toMessageName on the .proto text: the messages it declares (a map field declares
# none), nested ones in declaration order inside their parent; read off the text above.
DECLARED_INDEXES = {
    "Event": [0],
    "Event.Detail": [0, 0],
    "Event.Source": [0, 1],
    "Event.Source.Origin": [0, 1, 0],
    "Heartbeat": [1],
}
# A FileDescriptorProto declares protoc's map entry types where their fields stand (Event's nested
# types are LabelsEntry, Detail, CountsEntry, Source): what confluent-kafka-python's serializer
# writes, and what Confluent's Java deserializer reads in a schema registered as a descriptor.
DESCRIPTOR_INDEXES = {
    **DECLARED_INDEXES,
    "Event.Detail": [0, 1],
    "Event.Source": [0, 3],
    "Event.Source.Origin": [0, 3, 1],
}


def test_message_indexes_name_the_declared_messages(tmp_path: Path) -> None:
    """The message each index array names: in the .proto text by Confluent's rule, in the
    descriptor (as confluent-kafka-python registers it) counting map entries."""
    import base64

    from kafkaks.schemas import protobuf
    from kafkaks.schemas.registry import RegisteredSchema

    classes = compiled(tmp_path / "proto", {"events.proto": EVENTS_PROTO}, "events.proto")
    descriptor = descriptor_pb2.FileDescriptorProto()
    classes["acme.events.Event"].DESCRIPTOR.file.CopyToProto(descriptor)
    as_text = protobuf.parse(RegisteredSchema(1, EVENTS_PROTO, "PROTOBUF"), None)
    as_descriptor = protobuf.parse(
        RegisteredSchema(1, base64.b64encode(descriptor.SerializeToString()).decode(), "PROTOBUF"), None
    )
    for schema, indexes in ((as_text, DECLARED_INDEXES), (as_descriptor, DESCRIPTOR_INDEXES)):
        assert {name: schema.message_at(ix).full_name for name, ix in indexes.items()} == {
            name: f"acme.events.{name}" for name in indexes
        }
    with pytest.raises(ValueError, match=r"acme\.events\.Event\.Source declares 1 messages, no message 1"):
        as_text.message_at([0, 1, 1])


def event_values(classes: dict[str, Any]) -> list[tuple[str, Any, dict[str, Any]]]:
    """A value of each message: its name, the message and what it decodes as."""
    c = {name: classes[f"acme.events.{name}"] for name in EVENT_NAMES}
    event = c["Event"](id="e1", detail=c["Event.Detail"](note="d"))
    event.labels["a"] = "b"
    event.counts["n"] = 1
    event.source.tags["t"] = "u"
    event.source.origin.zone = "z"
    source = c["Event.Source"](origin=c["Event.Source.Origin"](zone="eu"))
    source.tags["k"] = "v"
    return [
        (
            "Event",
            event,
            {
                "labels": [("a", "b")],
                "counts": [("n", 1)],
                "id": "e1",
                "detail": {"note": "d"},
                "source": {"tags": [("t", "u")], "origin": {"zone": "z"}},
            },
        ),
        ("Event.Detail", c["Event.Detail"](note="only"), {"note": "only"}),
        ("Event.Source", source, {"tags": [("k", "v")], "origin": {"zone": "eu"}}),
        ("Event.Source.Origin", c["Event.Source.Origin"](zone="us"), {"zone": "us"}),
        ("Heartbeat", c["Heartbeat"](at=42), {"at": 42}),
    ]


@pytest.mark.parametrize("form", ["text", "descriptor"])
def test_every_message_of_the_file_decodes_as_itself(tmp_path: Path, form: str) -> None:
    """``text``: the registry holds the .proto text, values framed with the indexes of Confluent's
    rule by confluent-kafka's own framing (``SchemaId``); ``descriptor``: the registry holds the
    descriptor confluent-kafka-python's ``ProtobufSerializer`` registered, values its own."""
    classes = compiled(tmp_path / "proto", {"events.proto": EVENTS_PROTO}, "events.proto")
    client = confluent.SchemaRegistryClient.new_client({"url": f"mock://events-{form}"})
    context = SerializationContext("events", MessageField.VALUE)
    values = event_values(classes)
    records: list[Record] = []
    if form == "text":
        schema_id = client.register_schema("events-value", confluent.Schema(EVENTS_PROTO, "PROTOBUF"))
        for name, message, _ in values:
            framing = SchemaId("PROTOBUF", schema_id, None, DECLARED_INDEXES[name])
            records.append((None, framing.id_to_bytes() + message.SerializeToString()))
    else:
        for name, message, _ in values:
            serializer = pb_serde.ProtobufSerializer(type(message), client, {"use.deprecated.format": False})
            records.append((None, serializer(message, context)))
            indexes = SchemaId("PROTOBUF")
            indexes.from_bytes(io.BytesIO(records[-1][1] or b""))
            assert indexes.message_indexes == DESCRIPTOR_INDEXES[name]
    write_partition(tmp_path / "logs" / "events-0", records)
    write_partition(tmp_path / "logs" / "_schemas-0", registry_records_of(client))
    (batch,) = read_arrow(tmp_path / "logs" / "events-0", decode_values=True)
    assert batch.schema.field("valueDecoded").type.names == EVENT_NAMES
    assert batch.column("valueDecodeProblem").to_pylist() == [None] * len(values)
    assert batch.column("valueDecoded").to_pylist() == [
        {n: (decoded if n == name else None) for n in EVENT_NAMES} for name, _, decoded in values
    ]


PING_V1 = 'syntax = "proto3";\npackage acme;\nmessage Ping { int64 at = 1; }\n'
PING_V2 = PING_V1.replace(
    "int64 at = 1; }", "int64 at = 1; string host = 2; }\nmessage Pong { string id = 1; }"
)


def test_protobuf_values_the_columns_schema_cannot_read(tmp_path: Path) -> None:
    """pings-value soft-deleted back to version 1: the column holds v1's Ping; a v2 Ping fits it
    by field name, a v2 Pong (a message v1 does not declare) is said not to fit. gone-value
    deleted whole: its values decode with its last version, deleted but known by id."""
    from kafkaks.schemas import decoder

    client = confluent.SchemaRegistryClient.new_client({"url": "mock://pings"})
    v1 = compiled(tmp_path / "v1", {"ping.proto": PING_V1}, "ping.proto")
    v2 = compiled(tmp_path / "v2", {"ping.proto": PING_V2}, "ping.proto")
    records: list[Record] = []
    for topic in ("pings", "gone"):
        context = SerializationContext(topic, MessageField.VALUE)
        for classes, name, fields in (
            (v1, "Ping", {"at": 1}),
            (v2, "Ping", {"at": 2, "host": "h"}),
            (v2, "Pong", {"id": "p"}),
        ):
            serializer = pb_serde.ProtobufSerializer(
                classes[f"acme.{name}"], client, {"use.deprecated.format": False}
            )
            records.append((None, serializer(classes[f"acme.{name}"](**fields), context)))
        write_partition(tmp_path / "logs" / f"{topic}-0", records[-3:])
    schemas = registry_records_of(client)
    schemas.append(soft_deleted(client, "pings-value", 2))
    schemas.append(
        (
            b'{"keytype":"DELETE_SUBJECT","subject":"gone-value","magic":0}',
            b'{"subject":"gone-value","version":2}',
        )
    )
    write_partition(tmp_path / "logs" / "_schemas-0", schemas)
    built = decoder(Decoding(), [tmp_path / "logs"])
    pings = built.decode_batch(next(read_arrow(tmp_path / "logs" / "pings-0")))
    assert pings.schema.field("valueDecoded").type.names == ["Ping"]
    assert pings.column("valueDecoded").to_pylist() == [{"Ping": {"at": 1}}, {"Ping": {"at": 2}}, None]
    assert pings.column("valueDecodeProblem").to_pylist() == [
        None,
        None,
        "schema id 2 does not fit the column's type: a acme.Pong message, and the column's schema has "
        "no message Pong (it does not declare it, or it is recursive)",
    ]
    assert built.undecodable == {"schema id 2 does not fit the column's type": 1}
    gone = built.decode_batch(next(read_arrow(tmp_path / "logs" / "gone-0")))
    assert gone.schema.field("valueDecoded").type.names == ["Ping", "Pong"]
    assert gone.column("valueDecoded").to_pylist() == [
        {"Ping": {"at": 1, "host": None}, "Pong": None},
        {"Ping": {"at": 2, "host": "h"}, "Pong": None},
        {"Ping": None, "Pong": {"id": "p"}},
    ]
    assert gone.column("valueDecodeProblem").to_pylist() == [None] * 3


CART_PROTO = """syntax = "proto3";
package shop;
message Cart {
  map<string, int32> counts = 1;
  message Item { string sku = 1; }
  Item item = 2;
}
"""
# The registry's text of CART_PROTO registered as a descriptor without normalize.schemas: the map
# entry is a declared message (the form of mapEntrySchemaString in schema-registry's
# ProtobufSchemaTest), which protoc refuses to compile as it stands.
CART_REGISTRY_TEXT = """syntax = "proto3";
package shop;

message Cart {
  repeated .shop.Cart.CountsEntry counts = 1;
  .shop.Cart.Item item = 2;

  message CountsEntry {
    option map_entry = true;

    string key = 1;
    int32 value = 2;
  }
  message Item {
    string sku = 1;
  }
}
"""


def test_the_registrys_text_of_a_descriptor_with_maps(tmp_path: Path) -> None:
    """confluent-kafka-python registers a descriptor and counts its map entry ([0, 1] is Item); the
    registry keeps it as text declaring the entry: the text compiles, counts it, and reads the map."""
    classes = compiled(tmp_path / "proto", {"cart.proto": CART_PROTO}, "cart.proto")
    client = confluent.SchemaRegistryClient.new_client({"url": "mock://carts"})
    context = SerializationContext("carts", MessageField.VALUE)
    cart = classes["shop.Cart"](item=classes["shop.Cart.Item"](sku="a"))
    cart.counts["n"] = 2
    records: list[Record] = []
    for message in (cart, classes["shop.Cart.Item"](sku="b")):
        serializer = pb_serde.ProtobufSerializer(type(message), client, {"use.deprecated.format": False})
        records.append((None, serializer(message, context)))
    assert (records[1][1] or b"")[5:8] == b"\x04\x00\x02"  # [0, 1]
    write_partition(tmp_path / "logs" / "carts-0", records)
    schemas = registry_records_of(client, {("carts-value", 1): CART_REGISTRY_TEXT})
    write_partition(tmp_path / "logs" / "_schemas-0", schemas)
    (batch,) = read_arrow(tmp_path / "logs" / "carts-0", decode_values=True)
    assert batch.column("valueDecodeProblem").to_pylist() == [None, None]
    assert batch.schema.field("valueDecoded").type == pa.struct(
        [
            (
                "Cart",
                pa.struct(
                    [
                        ("counts", pa.map_(pa.string(), pa.int32())),
                        ("item", pa.struct([("sku", pa.string())])),
                    ]
                ),
            ),
            ("Cart.Item", pa.struct([("sku", pa.string())])),
        ]
    )
    assert batch.column("valueDecoded").to_pylist() == [
        {"Cart": {"counts": [("n", 2)], "item": {"sku": "a"}}, "Cart.Item": None},
        {"Cart": None, "Cart.Item": {"sku": "b"}},
    ]
