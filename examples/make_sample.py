#!/usr/bin/env python3
"""Build the sample broker log directory that ``make demo`` reads: ``make_sample.py OUT_DIR``.

Three topics, six partitions, segments rolled at 64 KiB with ``.index``/``.timeindex`` entries
every 4096 bytes (Kafka's default ``index.interval.bytes``), every codec, records with headers, and
in ``payments-0`` a committed and an aborted transaction (with its ``.txnindex``). With fastavro
installed (the ``schemas`` extra), also ``shipments-0``, whose values are Avro in the Schema
Registry's wire format (two versions of the schema, the second adding a field), and the
registry's own topic ``_schemas-0`` holding those schemas as the registry writes them. Batches are laid
out by kafka-python's producer-side builders and placed in the log the way a broker does, with the
helpers of ``tests/fixtures/make_fixtures.py`` (see ``tests/fixtures/README.md``); deterministic.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "fixtures"))

from make_fixtures import (
    ABORT,
    COMMIT,
    T0,
    Codec,
    Partition,
    Producer,
    Rec,
    build_v2,
    build_v2_end_txn_marker,
    checkpoint_text,
    frozen_gzip_clock,
    kafka_uuid,
    write_text,
)

SEGMENT_BYTES = 64 * 1024  # log.segment.bytes, small so that segments roll
INDEX_INTERVAL_BYTES = 4096  # Kafka's default index.interval.bytes
CODECS = [Codec.NONE, Codec.GZIP, Codec.SNAPPY, Codec.LZ4, Codec.ZSTD]


class Log:
    """A partition that rolls its segment when the next batch would pass SEGMENT_BYTES."""

    def __init__(self, logdir: Path, topic: str, partition: int) -> None:
        self.topic, self.partition = topic, partition
        self.data = Partition(logdir / f"{topic}-{partition}", index_interval_bytes=INDEX_INTERVAL_BYTES)
        self.data.roll(0)

    def append(self, batch: bytearray) -> None:
        if len(self.data.segments[-1].log) + len(batch) > SEGMENT_BYTES:
            self.data.roll(self.data.next_offset)
        self.data.append(batch)

    @property
    def next_offset(self) -> int:
        return self.data.next_offset


def order(n: int, partition: int) -> bytes:
    return json.dumps(
        {
            "order": n,
            "partition": partition,
            "sku": f"sku-{n % 97:03d}",
            "qty": 1 + n % 5,
            "status": "created",
        },
        separators=(",", ":"),
    ).encode()


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
# Version 2 adds a field with a default: version 1's values read with it get the default.
SHIPMENT_V2 = {
    **SHIPMENT_V1,
    "fields": [*SHIPMENT_V1["fields"], {"name": "signed_by", "type": ["null", "string"], "default": None}],
}


def shipments(out: Path) -> list[Log]:
    """``shipments-0`` (Avro values, schema ids 1 and 2) and ``_schemas-0`` (the registry's
    records: keys and values as JSON, as the Schema Registry writes them); none without fastavro."""
    try:
        import fastavro
    except ImportError:
        print("fastavro is not installed (pip install 'kafkaks[schemas]'): no Avro topic", file=sys.stderr)
        return []
    import datetime
    import decimal

    registry = Log(out, "_schemas", 0)
    records = [Rec(T0, b'{"keytype":"NOOP","magic":0}', None)]
    records.append(Rec(T0, b'{"keytype":"CONFIG","magic":0}', b'{"compatibilityLevel":"BACKWARD"}'))
    for version, schema in ((1, SHIPMENT_V1), (2, SHIPMENT_V2)):
        key = {"keytype": "SCHEMA", "subject": "shipments-value", "version": version, "magic": 1}
        value = {"subject": "shipments-value", "version": version, "id": version}
        value |= {"schema": json.dumps(schema, separators=(",", ":")), "deleted": False}
        records.append(Rec(T0 + version, json.dumps(key).encode(), json.dumps(value).encode()))
    registry.append(build_v2(records, base_offset=0))
    log = Log(out, "shipments", 0)
    epoch = datetime.datetime.fromtimestamp(T0 / 1000, datetime.UTC)
    for number in range(10):
        first, version = log.next_offset, 1 if number < 5 else 2
        parsed = fastavro.parse_schema(SHIPMENT_V1 if version == 1 else SHIPMENT_V2)
        batch = []
        for n in range(first, first + 20):
            value = {
                "id": n,
                "order": f"order-{n % 3000}",
                "weight": decimal.Decimal(n % 5000) / 1000,
                "shipped": epoch + datetime.timedelta(minutes=n),
                "carrier": "POST" if n % 3 else "COURIER",
                "signed_by": None if n % 4 else f"person {n}",
            }
            encoded = io.BytesIO()
            fastavro.schemaless_writer(encoded, parsed, value)
            framed = b"\0" + version.to_bytes(4, "big") + encoded.getvalue()  # magic 0, schema id
            batch.append(Rec(T0 + 60_000 * n, f"shipment-{n}".encode(), framed))
        log.append(build_v2(batch, base_offset=first, codec=Codec.ZSTD if number % 2 else Codec.NONE))
    return [registry, log]


def build(out: Path) -> dict[tuple[str, int], int]:
    out.mkdir(parents=True, exist_ok=True)
    logs: list[Log] = []
    # orders: 3 partitions, 20 records a batch, the codec changing every batch, headers on every record.
    for partition in range(3):
        log = Log(out, "orders", partition)
        for number in range(150):
            first = log.next_offset
            records = [
                Rec(
                    T0 + 1000 * number + i,
                    f"order-{first + i}".encode(),
                    order(first + i, partition),
                    (("trace-id", f"{partition}-{first + i:08x}".encode()), ("source", b"web")),
                )
                for i in range(20)
            ]
            log.append(build_v2(records, base_offset=first, codec=CODECS[number % 5]))
        logs.append(log)
    # clicks: 2 partitions, lz4, no headers, null keys.
    for partition in range(2):
        log = Log(out, "clicks", partition)
        for number in range(100):
            first = log.next_offset
            records = [Rec(T0 + 500 * number + i, None, b"/page/%d" % ((first + i) % 40)) for i in range(50)]
            log.append(build_v2(records, base_offset=first, codec=Codec.LZ4))
        logs.append(log)
    # payments: producer 7001 commits, producer 7002 aborts, a plain producer in between.
    log = Log(out, "payments", 0)

    def payments(first: int, count: int, ts: int) -> list[Rec]:
        return [
            Rec(ts + i, b"account-%d" % (i % 3), b'{"amount":%d}' % (10 * (first + i))) for i in range(count)
        ]

    committer = Producer(7001, 0, 0, transactional=True)
    aborter = Producer(7002, 0, 0, transactional=True)
    steps: list[tuple[str, object]] = [
        ("plain", Codec.NONE),
        ("commit", committer),
        ("abort", aborter),
        ("commit", Producer(7001, 0, 5, transactional=True)),
        ("marker", (ABORT, 7002)),
        ("marker", (COMMIT, 7001)),
        ("plain", Codec.ZSTD),
    ]
    for kind, what in steps:
        first, ts = log.next_offset, T0 + 100 * log.next_offset
        if kind == "plain":
            assert isinstance(what, Codec)
            log.append(build_v2(payments(first, 5, ts), base_offset=first, codec=what))
        elif kind in ("commit", "abort"):
            assert isinstance(what, Producer)
            log.append(build_v2(payments(first, 5, ts), base_offset=first, codec=Codec.SNAPPY, producer=what))
        else:
            assert isinstance(what, tuple)
            marker, producer_id = what
            log.append(
                build_v2_end_txn_marker(
                    marker,
                    base_offset=first,
                    leader_epoch=0,
                    producer_id=producer_id,
                    producer_epoch=0,
                    coordinator_epoch=1,
                    timestamp=ts,
                )
            )
    logs.append(log)
    logs += shipments(out)
    ends = {}
    for log in logs:
        log.data.close(kafka_uuid(log.topic))
        ends[log.topic, log.partition] = log.next_offset
    offsets = [f"{topic} {partition} {end}" for (topic, partition), end in sorted(ends.items())]
    for name in ("recovery-point-offset-checkpoint", "replication-offset-checkpoint"):
        write_text(out / name, checkpoint_text(offsets))
    write_text(out / "log-start-offset-checkpoint", checkpoint_text([]))
    return ends


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("out", type=Path, help="the log directory to create (new or empty)")
    out = parser.parse_args().out.resolve()
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        parser.error(f"{out} exists and is not an empty directory: give a new one (nothing is deleted)")
    with frozen_gzip_clock():
        ends = build(out)
    segments = sorted(out.glob("*/*.log"))
    print(
        f"sample log dir {out}: {len(ends)} partitions, {len(segments)} segments, "
        f"{sum(ends.values())} offsets"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
