"""``kafkaks dump --json``: every line parses, every model field is there, values match kafka-python.

Key coverage is checked by introspection of the models, so a field added to a model later fails
here until the JSON output carries it.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import struct
from pathlib import Path
from typing import Any

import pytest
from conftest import real_params
from kafka.record import MemoryRecords
from kafka.record.default_records import DefaultRecordBatch

from kafkaks.cli.main import main
from kafkaks.models import (
    AbortedTxn,
    ControlRecord,
    OffsetIndexEntry,
    Problem,
    ProducerSnapshot,
    ProducerSnapshotEntry,
    Record,
    TimeIndexEntry,
)
from kafkaks.wire.batch import Batch

TEMP = (".deleted", ".swap", ".cleaned")


def dump_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, Any]], str]:
    code = main(["dump", "--json", *args])
    captured = capsys.readouterr()
    return code, [json.loads(line) for line in captured.out.splitlines()], captured.err


def model_fields(model: type) -> set[str]:
    """The public fields of a model: dataclass fields, NamedTuple fields, slots and properties."""
    if dataclasses.is_dataclass(model):
        names = {f.name for f in dataclasses.fields(model)}
    elif hasattr(model, "_fields"):
        names = set(model._fields)
    else:
        names = {name for name in getattr(model, "__slots__", ()) if not name.startswith("_")}
    names |= {name for name, value in vars(model).items() if isinstance(value, property)}
    return names


LOGS = [
    p for p in real_params("log", "checkpoint") if p.values[0] is None or not p.values[0].name.endswith(TEMP)
]


@pytest.mark.parametrize(("path", "info"), LOGS)
def test_real_logs_match_kafka_python(
    path: Path, info: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code, objects, err = dump_json(capsys, str(path))
    assert (code, err) == (0, "")
    assert objects[0] == {
        "type": "file",
        "path": str(path),
        "kind": path.suffix[1:],
        "size": path.stat().st_size,
        **({"base_offset": int(path.name.split(".")[0])} if path.suffix == ".log" else {}),
    }
    data = path.read_bytes()
    batches = [o for o in objects if o["type"] == "batch"]
    records = [o for o in objects if o["type"] == "record"]
    assert len(batches) == info["entries"]
    expected_batches, expected_records = [], []
    position = 0
    reader = MemoryRecords(data)
    while (batch := reader.next_batch()) is not None:
        raw = data[position : position + batch.size_in_bytes]
        crc = struct.unpack_from(">I", raw, 17 if raw[16] >= 2 else 12)[0]
        last = batch.last_offset if isinstance(batch, DefaultRecordBatch) else batch.base_offset
        expected_batches.append((position, batch.size_in_bytes, raw[16], last, crc))
        for record in batch:
            expected_records.append(
                (
                    record.offset,
                    record.timestamp,
                    record.key,
                    record.value,
                    [[k, v] for k, v in getattr(record, "headers", [])],
                    position,
                )
            )
        position += batch.size_in_bytes

    def decode(text: str | None) -> bytes | None:
        return None if text is None else base64.b64decode(text)

    assert [(b["position"], b["size"], b["magic"], b["last_offset"], b["crc"]) for b in batches] == (
        expected_batches
    )
    assert all(b["crc_valid"] is True for b in batches)
    assert [
        (
            r["offset"],
            r["timestamp"],
            decode(r["key"]),
            decode(r["value"]),
            [[h["key"], decode(h["value"])] for h in r["headers"]],
            r["batch_position"],
        )
        for r in records
    ] == expected_records


def test_keys_cover_every_model_field(
    real_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    txn = real_data / "confluent-ksql-txn/kafka-data/_confluent-ksql-default__command_topic-0"
    snapshot = (
        real_data
        / "codecrafters-kafka-tester@e856b9a/kraft-combined-logs/foo-0/00000000000000000003.snapshot"
    )
    txn_index = tmp_path / "00000000000000000000.txnindex"
    txn_index.write_bytes(struct.pack(">hqqqq", 0, 7, 10, 20, 21))
    indexed = real_data / "ldi-poc/__consumer_offsets-6"
    _code, objects, _err = dump_json(capsys, str(txn), str(snapshot), str(txn_index), str(indexed))
    keys: dict[str, set[str]] = {}
    for value in objects:
        keys.setdefault(value["type"], set()).update(value)
    assert model_fields(Batch) - {"data"} <= keys["batch"]  # the raw bytes are left out on purpose
    assert model_fields(Record) <= keys["record"]
    controls = [o["control"] for o in objects if o["type"] == "record" and o["control"] is not None]
    assert controls and all(model_fields(ControlRecord) <= set(control) for control in controls)
    assert model_fields(OffsetIndexEntry) <= keys["index_entry"]
    assert model_fields(TimeIndexEntry) <= keys["time_index_entry"]
    assert model_fields(AbortedTxn) <= keys["txn_entry"]
    assert model_fields(ProducerSnapshotEntry) <= keys["snapshot_entry"]
    snapshot_file = next(o for o in objects if o["type"] == "file" and o["kind"] == "snapshot")
    assert model_fields(ProducerSnapshot) - {"entries"} <= set(snapshot_file)  # entries: own objects

    broken = tmp_path / "00000000000000000001.log"
    broken.write_bytes(bytes(40))
    _code, objects, _err = dump_json(capsys, str(broken))
    problems = [o for o in objects if o["type"] == "problem"]
    assert problems and all(model_fields(Problem) | {"corrupt"} <= set(p) for p in problems)


@pytest.mark.parametrize(
    ("fmt", "encode"),
    [("base64", lambda b: base64.b64encode(b).decode()), ("hex", bytes.hex), ("utf8", bytes.decode)],
)
def test_bytes_formats(real_data: Path, fmt: str, encode: Any, capsys: pytest.CaptureFixture[str]) -> None:
    path = real_data / "gzip-headers-epochs/data/lsx1-0/00000000000000000000.log"
    _code, objects, _err = dump_json(capsys, "--bytes", fmt, str(path))
    record = next(o for o in objects if o["type"] == "record")
    batch = MemoryRecords(path.read_bytes()).next_batch()
    first = next(iter(batch))
    assert record["value"] == encode(first.value)
    assert record["headers"] == [{"key": k, "value": encode(v)} for k, v in first.headers]


def test_corrupted_copy(real_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = real_data / "gzip-headers-epochs/data/lsx1-0/00000000000000000000.log"
    data = bytearray(source.read_bytes())
    positions, position = [], 0
    while position < len(data):
        positions.append(position)
        position += 12 + struct.unpack_from(">i", data, position + 8)[0]
    data[positions[3] - 5] ^= 0xFF  # in the third batch's records
    struct.pack_into(">i", data, positions[6] + 8, 3)  # the sixth batch's length: below 14
    path = tmp_path / source.name
    path.write_bytes(data)
    code, objects, err = dump_json(capsys, str(path))
    assert (code, err) == (1, "")
    problems = [(o["kind"], o["position"], o["corrupt"]) for o in objects if o["type"] == "problem"]
    assert ("crc_mismatch", positions[2], True) in problems
    assert ("corrupt_batch", positions[6], True) in problems
    batches = [o["position"] for o in objects if o["type"] == "batch"]
    assert batches == [p for p in positions if p != positions[6]]
