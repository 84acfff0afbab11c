"""read_log and Batch.records() on real broker-written data: the independent counts, every CRC,
kafka-python's reader record by record, and the generated parsers field by field."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, real_params
from kafka.record import MemoryRecords
from kafkaks.generated.kafka_record import KafkaRecord
from kafkaks.generated.kafka_record_batch import KafkaRecordBatch
from kaitaistruct import BytesIO, KaitaiStream

from kafkaks import Compression, Problem, read_log
from kafkaks.wire.codecs import decompress

LOGS = real_params("log", "checkpoint", "bin")


def read_all(path: Path) -> tuple[list[Any], list[Problem]]:
    problems: list[Problem] = []
    return list(read_log(path, on_problem=problems.append)), problems


@pytest.mark.parametrize(("path", "info"), LOGS)
def test_counts_match_the_independent_inspector(path: Path, info: dict[str, Any]) -> None:
    batches, problems = read_all(path)
    trailing = info.get("trailing_bytes", 0)
    assert len(batches) == info["entries"] - (1 if trailing > 17 else 0)
    assert [p.kind for p in problems] == (["truncated"] if trailing else [])
    v2 = [b for b in batches if b.magic == 2]
    records = [r for b in v2 for r in b.records()]
    assert len(records) == info["records"]
    assert sum(len(r.headers) for r in records) == info["headers"]
    assert sum(r.value is None for b in batches for r in b.records()) == info["null_value_records"]
    assert sum(b.is_control for b in batches) == info["control"]
    assert sum(b.is_transactional for b in batches) == info["transactional"]
    assert sum(b.delete_horizon_ms is not None for b in batches) == info["delete_horizon_batches"]
    assert all(b.crc_valid for b in batches) == info["all_crc_ok"]
    assert {b.compression.value for b in batches} == set(info["codecs"])
    controls = {r.control.type for b in v2 if b.is_control for r in b.records() if r.control}
    assert controls == set(info["control_types"])
    if batches and "first_offset" in info:  # the inspector takes a legacy entry's own offset
        first = batches[0]
        assert (first.base_offset if first.magic == 2 else first.last_offset) == info["first_offset"]


def kafka_python_records(data: bytes) -> list[tuple[Any, ...]]:
    """Records as kafka-python's reader sees them (an implementation independent of ours)."""
    memory = MemoryRecords(data)
    found = []
    while (batch := memory.next_batch()) is not None:
        for r in batch:
            headers = [(k, v) for k, v in r.headers] if batch.magic >= 2 else []
            timestamp = -1 if r.timestamp is None else r.timestamp  # Kafka's NO_TIMESTAMP for v0
            found.append((r.offset, timestamp, r.key, r.value, headers))
    return found


@pytest.mark.parametrize(("path", "info"), LOGS)
def test_records_equal_kafka_pythons_reader(path: Path, info: dict[str, Any]) -> None:
    batches = read_all(path)[0]
    ours = [(r.offset, r.timestamp, r.key, r.value, r.headers) for b in batches for r in b.records()]
    complete = batches[-1].position + batches[-1].size if batches else 0
    # kafka-python's reader is given only the complete batches: it fails on a partial one.
    assert ours == kafka_python_records(path.read_bytes()[:complete])


def generated_records(payload: bytes, count: int, is_control: bool) -> list[tuple[Any, ...]]:
    stream = KaitaiStream(BytesIO(payload))
    found = []
    for _ in range(count):
        if is_control:
            found.append(None)  # control framing is the same; compared below through kafka_record
        r = KafkaRecord(stream)
        headers = [(h.key, getattr(h, "value", None)) for h in r.headers]
        found.append((r.timestamp_delta.value, r.offset_delta.value, getattr(r, "key", None),
                      getattr(r, "value", None), headers))  # fmt: skip
    assert stream.is_eof()
    return [f for f in found if f is not None]


@pytest.mark.parametrize(("path", "info"), LOGS)
def test_v2_fast_path_equals_the_generated_parser(path: Path, info: dict[str, Any]) -> None:
    """The handwritten header and record decoders against formats/kafka_record_batch.ksy and
    formats/kafka_record.ksy, field by field, on every v2 batch."""
    for batch in read_all(path)[0]:
        if batch.magic != 2:
            continue
        ksy = KafkaRecordBatch(KaitaiStream(BytesIO(batch.data)))
        assert (batch.base_offset, batch.last_offset, batch.partition_leader_epoch, batch.crc) == (
            ksy.base_offset, ksy.last_offset, ksy.partition_leader_epoch, ksy.crc)  # fmt: skip
        assert (batch.base_timestamp, batch.max_timestamp, batch.producer_id, batch.producer_epoch) == (
            ksy.base_timestamp, ksy.max_timestamp, ksy.producer_id, ksy.producer_epoch)  # fmt: skip
        assert (batch.base_sequence, batch.count, batch.is_control, batch.is_transactional) == (
            ksy.base_sequence, ksy.num_records, ksy.is_control, ksy.is_transactional)  # fmt: skip
        assert batch.compression.value == ksy.compression.name
        assert batch.timestamp_type.id == int(ksy.timestamp_type)
        assert (batch.delete_horizon_ms is not None) == ksy.has_delete_horizon
        raw = batch.data[61:]
        payload = (
            raw if batch.compression is Compression.NONE else decompress(batch.compression, raw, magic=2)
        )
        expected = generated_records(payload, batch.count, batch.is_control)
        ours = [
            (r.timestamp - batch.base_timestamp, r.offset - batch.base_offset, r.key, r.value, r.headers)
            for r in batch.records()
        ]
        if batch.timestamp_type.id == 1:  # LogAppendTime replaces the stored deltas
            assert all(r.timestamp == batch.max_timestamp for r in batch.records())
            ours = [(e[0], *o[1:]) for o, e in zip(ours, expected, strict=True)]
        assert ours == expected


def test_log_append_time_applies_to_every_record(real_data: Path) -> None:
    path = real_data / "lz4-logappend-headers-cp7.6/data/_confluent-monitoring-0/00000000000000000000.log"
    batches = [b for b in read_all(path)[0] if b.timestamp_type.id == 1]
    assert batches
    for batch in batches:
        assert {r.timestamp for r in batch.records()} == {batch.max_timestamp}


def test_delete_horizon_batch(real_data: Path) -> None:
    path = real_data / "compacted-delete-horizon/kafka/data/__consumer_offsets-2/00000000000000000000.log"
    horizon = [b for b in read_all(path)[0] if b.delete_horizon_ms is not None]
    assert horizon
    for batch in horizon:
        assert batch.delete_horizon_ms == batch.base_timestamp
        header = struct.unpack_from(">h", batch.data, 21)[0]
        assert header & 0x40


def fixture_logs() -> list[Any]:
    expected = json.loads((FIXTURES / "expected.json").read_text())["files"]
    return [pytest.param(FIXTURES / rel, files, id=rel) for rel, files in sorted(expected.items())]


def unhex(value: str | None) -> bytes | None:
    return None if value is None else bytes.fromhex(value)


@pytest.mark.parametrize(("path", "expected"), fixture_logs())
def test_client_made_fixtures_equal_kafka_pythons_reader(path: Path, expected: dict[str, Any]) -> None:
    """Magic 0, 1 and 2 with every codec each supports, headers, null keys and values,
    LogAppendTime, offset gaps: every batch and record as kafka-python's reader saw them."""
    batches = list(read_log(path))
    assert [b.position for b in batches] == [e["position"] for e in expected["batches"]]
    for batch, want in zip(batches, expected["batches"], strict=True):
        # kafka-python's legacy base_offset is the wrapper's own offset, Kafka's last_offset
        last = want["last_offset"] if batch.magic == 2 else want["base_offset"]
        assert (batch.magic, batch.size, batch.last_offset, batch.crc_valid) == (
            want["magic"], want["size_in_bytes"], last, want["crc_valid"])  # fmt: skip
        assert batch.compression.value == ("none", "gzip", "snappy", "lz4", "zstd")[want["compression_type"]]
        assert batch.is_control == want.get("is_control_batch", False)
        assert batch.is_transactional == want.get("is_transactional", False)
        ours = [
            (r.offset, r.timestamp if batch.magic else None, r.key, r.value, [list(h) for h in r.headers])
            for r in batch.records()
        ]
        theirs = [
            (
                w["offset"],
                w["timestamp"],
                unhex(w["key"]),
                unhex(w["value"]),
                [[k, unhex(v)] for k, v in w["headers"]],
            )
            for w in want["records"]
        ]
        assert ours == theirs
