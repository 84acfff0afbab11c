"""Log dirs with schema-framed values and the Schema Registry's ``_schemas`` topic, for the tests.

Values are encoded by an independent encoder: confluent-kafka's serializers (``AvroSerializer``,
``JSONSerializer``, ``ProtobufSerializer``) with its mock registry client, which assigns the ids
and versions. Segments are written by kafka-python's ``DefaultRecordBatchBuilder``. The
``_schemas`` records are written in the registry's own format (keys and values as JSON, per
schema-registry's ``SchemaKey``/``SchemaValue``/``DeleteSubjectKey``/... classes) from what the
mock registry holds, so ids and versions are the serializers' own.
"""

from __future__ import annotations

import datetime
import decimal
import json
import struct
import uuid
from pathlib import Path
from typing import Any

from kafka.record.default_records import DefaultRecordBatchBuilder

Record = tuple[bytes | None, bytes | None]

ORDER_V1 = {
    "type": "record",
    "name": "Order",
    "namespace": "shop",
    "fields": [
        {"name": "id", "type": "long"},
        {"name": "customer", "type": "string"},
        {"name": "amount", "type": {"type": "bytes", "logicalType": "decimal", "precision": 9, "scale": 2}},
        {"name": "created", "type": {"type": "long", "logicalType": "timestamp-millis"}},
    ],
}
# v2 adds fields with defaults (a date, a UUID, a map, an enum, a nested record, a union)
ORDER_V2 = {
    **ORDER_V1,
    "fields": [
        *ORDER_V1["fields"],
        {"name": "day", "type": ["null", {"type": "int", "logicalType": "date"}], "default": None},
        {"name": "ref", "type": ["null", {"type": "string", "logicalType": "uuid"}], "default": None},
        {"name": "tags", "type": {"type": "map", "values": "int"}, "default": {}},
        {
            "name": "status",
            "type": {"type": "enum", "name": "Status", "symbols": ["NEW", "PAID", "SHIPPED"]},
            "default": "NEW",
        },
        {
            "name": "address",
            "type": [
                "null",
                {
                    "type": "record",
                    "name": "Address",
                    "fields": [
                        {"name": "city", "type": "string"},
                        {"name": "zip", "type": ["null", "string"]},
                    ],
                },
            ],
            "default": None,
        },
        {"name": "note", "type": ["null", "string", "long"], "default": None},
        {"name": "lines", "type": {"type": "array", "items": "double"}, "default": []},
    ],
}
# v3 removes ``customer``
ORDER_V3 = {**ORDER_V2, "fields": [f for f in ORDER_V2["fields"] if f["name"] != "customer"]}

# A type of its own subject, referenced by ``payments-value``
MONEY = {
    "type": "record",
    "name": "Money",
    "namespace": "shop.common",
    "fields": [{"name": "units", "type": "long"}, {"name": "currency", "type": "string"}],
}
PAYMENT = {
    "type": "record",
    "name": "Payment",
    "namespace": "shop",
    "fields": [{"name": "order", "type": "long"}, {"name": "total", "type": "shop.common.Money"}],
}


def order(n: int, version: int) -> dict[str, Any]:
    """Order ``n`` as written with schema version ``version``."""
    value: dict[str, Any] = {
        "id": n,
        "customer": f"customer {n}",
        "amount": decimal.Decimal(n * 1001) / 100,
        "created": datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC) + datetime.timedelta(seconds=n),
    }
    if version >= 2:
        value |= {
            "day": datetime.date(2024, 2, 1) + datetime.timedelta(days=n),
            "ref": uuid.UUID(int=n),
            "tags": {"n": n, "twice": 2 * n},
            "status": ["NEW", "PAID", "SHIPPED"][n % 3],
            "address": None if n % 2 else {"city": f"city {n}", "zip": None if n % 4 else str(10000 + n)},
            "note": [None, "a note", n * 1000][n % 3],
            "lines": [n / 2, n / 4],
        }
    if version >= 3:
        del value["customer"]
    return value


def order_as_read(value: dict[str, Any]) -> dict[str, Any]:
    """What an order written with any version reads as with v3, the subject's latest: fields
    added since carry their defaults, ``customer`` (removed) is gone; the union of string and
    long is a struct of members; the UUID is its text."""
    note = value.get("note")
    return {
        "id": value["id"],
        "amount": value["amount"],
        "created": value["created"],
        "day": value.get("day"),
        "ref": None if value.get("ref") is None else str(value["ref"]),
        "tags": sorted(value.get("tags", {}).items()),
        "status": value.get("status", "NEW"),
        "address": value.get("address"),
        "note": None
        if note is None
        else {
            "member0": note if isinstance(note, str) else None,
            "member1": note if isinstance(note, int) else None,
        },
        "lines": value.get("lines", []),
    }


def schema_key(subject: str, version: int) -> bytes:
    return json.dumps({"keytype": "SCHEMA", "subject": subject, "version": version, "magic": 1}).encode()


def schema_value(registered: Any, *, deleted: bool = False) -> bytes:
    """A ``SchemaValue`` from the mock registry's ``RegisteredSchema``."""
    schema = registered.schema
    value: dict[str, Any] = {
        "subject": registered.subject,
        "version": registered.version,
        "id": registered.schema_id,
    }
    if schema.schema_type != "AVRO":  # the registry's default, left out here as old registries do
        value["schemaType"] = schema.schema_type
    if schema.references:
        value["references"] = [
            {"name": r.name, "subject": r.subject, "version": r.version} for r in schema.references
        ]
    value |= {"schema": schema.schema_str, "deleted": deleted}
    return json.dumps(value).encode()


def soft_deleted(client: Any, subject: str, version: int) -> Record:
    """The ``SCHEMA`` record that soft-deletes ``version`` of ``subject`` (``DELETE
    /subjects/{subject}/versions/{version}``)."""
    return schema_key(subject, version), schema_value(client.get_version(subject, version), deleted=True)


def registry_records(client: Any) -> list[Record]:
    """A ``SCHEMA`` record for every version of every subject of the mock registry, in id
    order, with the registry's other record kinds between them (NOOP, CONFIG, MODE)."""
    versions = [client.get_version(s, v) for s in client.get_subjects() for v in client.get_versions(s)]
    records: list[Record] = [
        (b'{"keytype":"NOOP","magic":0}', None),
        (b'{"keytype":"CONFIG","magic":0}', b'{"compatibilityLevel":"BACKWARD"}'),
    ]
    for registered in sorted(versions, key=lambda r: r.schema_id):
        records.append((schema_key(registered.subject, registered.version), schema_value(registered)))
    records.append((b'{"keytype":"MODE","subject":"orders-value","magic":0}', b'{"mode":"READWRITE"}'))
    records.append((b'{"keytype":"NOOP","magic":0}', None))
    return records


def write_partition(directory: Path, records: list[Record], per_batch: int = 4) -> Path:
    """``records`` as a segment of kafka-python batches of ``per_batch`` records each."""
    directory.mkdir(parents=True, exist_ok=True)
    out = bytearray()
    for base in range(0, len(records), per_batch):
        builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 30)
        for delta, (key, value) in enumerate(records[base : base + per_batch]):
            builder.append(delta, 1_700_000_000_000 + base + delta, key, value, [])
        batch = bytearray(builder.build())
        struct.pack_into(">q", batch, 0, base)  # the base offset lies outside the CRC
        out += batch
    path = directory / "00000000000000000000.log"
    path.write_bytes(bytes(out))
    return path
