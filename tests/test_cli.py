"""``kafkaks dump`` against Kafka's DumpLogSegments output (Scala, Kafka 3.x-4.0).

The expected lines are built here independently of kafkaks: the batches and records come from
kafka-python's reader (``kafka.record``), the header fields it does not expose from ``struct``, and
the line templates are written out below from DumpLogSegments.scala (reference §1.4-1.9).
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import pytest
from conftest import real_params
from kafka.record import MemoryRecords
from kafka.record.default_records import DefaultRecordBatch, DefaultRecordBatchBuilder
from kafka.record.util import calc_crc32c

from kafkaks import KafkaksError
from kafkaks.cli.main import main
from kafkaks.store.listing import KAFKA_SUFFIXES as SUFFIXES

ROOT = Path(__file__).resolve().parents[1]
CODECS = ["none", "gzip", "snappy", "lz4", "zstd"]
V2_BATCH = (
    "baseOffset: {base} lastOffset: {last} count: {count} baseSequence: {bseq} lastSequence: {lseq} "
    "producerId: {pid} producerEpoch: {epoch} partitionLeaderEpoch: {ple} isTransactional: {txn} "
    "isControl: {control} deleteHorizonMs: {horizon} position: {pos} {tstype}: {maxts} size: {size} "
    "magic: 2 compresscodec: {codec} crc: {crc} isvalid: {valid}"
)
LEGACY_BATCH = (
    "offset: {last} position: {pos} {tstype}: {maxts} size: {size} magic: {magic} "
    "compresscodec: {codec} crc: {crc} isvalid: {valid}"
)
V2_RECORD = (
    "| offset: {offset} {tstype}: {ts} keySize: {ksize} valueSize: {vsize} sequence: {seq} "
    "headerKeys: [{keys}]"
)
LEGACY_RECORD = (
    "| offset: {offset} {tstype}: {ts} keySize: {ksize} valueSize: {vsize} isValid: {valid} crc: {crc}}}"
)
SNAPSHOT_ENTRY = struct.Struct(
    ">qhiqiqiq"
)  # pid, epoch, lastSeq, lastOffset, offsetDelta, ts, coordEpoch, txnFirst


def java_bool(value: bool) -> str:
    return "true" if value else "false"


def size_of(data: bytes | None) -> int:
    return -1 if data is None else len(data)


def log_header(path: Path) -> str:
    if path.name == "bootstrap.checkpoint":
        return "KRaft bootstrap snapshot"
    snapshot = re.fullmatch(r"(\d{20})-(\d{10})\.checkpoint", path.name)
    if snapshot:
        return f"Snapshot end offset: {int(snapshot[1])}, epoch: {int(snapshot[2])}"
    return f"Log starting offset: {int(path.name.split('.')[0])}"


def control_suffix(key: bytes, value: bytes) -> str:
    """What DumpLogSegments.scala prints after a control record's metadata."""
    _version, control_type = struct.unpack_from(">hh", key)
    if control_type in (0, 1):
        coordinator_epoch = struct.unpack_from(">hi", value)[1]
        return f" endTxnMarker: {('ABORT', 'COMMIT')[control_type]} coordinatorEpoch: {coordinator_epoch}"
    if control_type == 3:
        version, timestamp = struct.unpack_from(">hq", value)
        return f' SnapshotHeader {{"version":{version},"lastContainedLogTimestamp":{timestamp}}}'
    if control_type == 4:
        return f' SnapshotFooter {{"version":{struct.unpack_from(">h", value)[0]}}}'
    names = {2: "LEADER_CHANGE", 5: "KRAFT_VERSION", 6: "KRAFT_VOTERS"}
    return f" controlType: {names.get(control_type, 'UNKNOWN')}({control_type})"


def contents(key: bytes | None, value: bytes | None, prefix: str) -> str:
    text = ""
    if key is not None:
        text += f"{prefix}key: {key.decode('utf-8', 'replace')}"
    if value is not None:
        text += f" payload: {value.decode('utf-8', 'replace')}"
    return text


def expected_log(
    path: Path, deep: bool, data_log: bool, metadata: bool = True
) -> tuple[list[str], list[str]]:
    """(stdout lines, stderr lines) of DumpLogSegments for a .log or .checkpoint, via kafka-python."""
    data = path.read_bytes()
    out = [f"Dumping {path}", log_header(path)]
    gaps: list[str] = []
    previous = -1
    position = 0
    records = MemoryRecords(data)
    while (batch := records.next_batch()) is not None:
        raw = data[position : position + batch.size_in_bytes]
        crc = struct.unpack_from(">I", raw, 12 if raw[16] < 2 else 17)[0]
        if isinstance(batch, DefaultRecordBatch):
            tstype = ("CreateTime", "LogAppendTime")[batch.timestamp_type]
            horizon = struct.unpack_from(">q", raw, 27)[0] if batch.attributes & 0x40 else None
            out.append(
                V2_BATCH.format(
                    base=batch.base_offset,
                    last=batch.last_offset,
                    count=batch.records_count,
                    bseq=batch.base_sequence,
                    lseq=batch.last_sequence,
                    pid=batch.producer_id,
                    epoch=batch.producer_epoch,
                    ple=batch.leader_epoch,
                    txn=java_bool(batch.is_transactional),
                    control=java_bool(batch.is_control_batch),
                    horizon="OptionalLong.empty" if horizon is None else f"OptionalLong[{horizon}]",
                    pos=position,
                    tstype=tstype,
                    maxts=batch.max_timestamp,
                    size=batch.size_in_bytes,
                    codec=CODECS[batch.compression_type],
                    crc=crc,
                    valid=java_bool(calc_crc32c(raw[21:]) == crc),
                )
            )
        else:
            magic = raw[16]
            tstype = "NoTimestampType" if magic == 0 else ("CreateTime", "LogAppendTime")[raw[17] >> 3 & 1]
            out.append(
                LEGACY_BATCH.format(
                    last=batch.base_offset,  # kafka-python's base_offset of a legacy entry: its offset
                    pos=position,
                    tstype=tstype,
                    maxts=-1 if magic == 0 else struct.unpack_from(">q", raw, 18)[0],
                    size=batch.size_in_bytes,
                    magic=magic,
                    codec=CODECS[batch.compression_type],
                    crc=crc,
                    valid=java_bool(zlib.crc32(raw[16:]) == crc),
                )
            )
        for record in batch if deep else ():
            if previous != -1 and record.offset != previous + 1:
                gaps.insert(0, f"  {previous} is followed by {record.offset}")
            previous = record.offset
            line, prefix = "", "| "
            if metadata:
                prefix = " "
                fields: dict[str, Any] = dict(
                    offset=record.offset,
                    tstype=tstype,
                    ts=-1 if record.timestamp is None else record.timestamp,
                    ksize=size_of(record.key),
                    vsize=size_of(record.value),
                )
                if isinstance(batch, DefaultRecordBatch):
                    sequence = (
                        -1
                        if batch.base_sequence == -1
                        else batch.base_sequence + record.offset - batch.base_offset
                    )
                    keys = ",".join(key for key, _ in record.headers)
                    line = V2_RECORD.format(seq=sequence, keys=keys, **fields)
                    if batch.is_control_batch:
                        line += control_suffix(record.key, record.value)
                else:
                    line = LEGACY_RECORD.format(
                        valid=java_bool(record.validate_crc()), crc=record.checksum, **fields
                    )
            if data_log and not (isinstance(batch, DefaultRecordBatch) and batch.is_control_batch):
                line += contents(record.key, record.value, prefix)
            out.append(line)
        position += batch.size_in_bytes
    if position < len(data):
        out.append(f"Found {len(data) - position} invalid bytes at the end of {path.name}")
    err = [f"Non-consecutive offsets in {path}", *gaps] if gaps else []
    return "\n".join(out).split("\n"), err  # payloads may hold newlines: compare by "\n" alone


def dump(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], list[str]]:
    code = main(["dump", *args])
    captured = capsys.readouterr()
    return code, captured.out.split("\n")[:-1], captured.err.split("\n")[:-1]


TEMP_SUFFIXES = (".deleted", ".swap", ".cleaned")


def live_params(*kinds: str) -> list[Any]:
    """real_params without the cleaner's and the deleter's temporary files, which Kafka ignores."""
    return [
        p for p in real_params(*kinds) if p.values[0] is None or not p.values[0].name.endswith(TEMP_SUFFIXES)
    ]


LOGS = live_params("log", "checkpoint")


@pytest.mark.parametrize(("path", "info"), LOGS)
def test_log_golden_print_data_log(
    path: Path, info: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    expected_out, expected_err = expected_log(path, deep=True, data_log=True)
    code, out, err = dump(capsys, "--print-data-log", str(path))
    assert out == expected_out
    assert err == expected_err
    assert code == 0
    assert sum(line.startswith(("baseOffset: ", "offset: ")) for line in out) == info["entries"]


@pytest.fixture
def real(real_data: Path) -> Any:
    return lambda rel: real_data / rel


SMALL_LOGS = [
    "confluent-ksql-txn/kafka-data/_confluent-ksql-default__command_topic-0/00000000000000000000.log",
    "ldi-poc/bootstrap.checkpoint",
    "magic1-kafka-0.10.1/tmp/kafka-logs/foo-0/00000000000000000000.log",
    "gzip-headers-epochs/data/lsx1-0/00000000000000000000.log",
    "compacted-delete-horizon/kafka/data/__consumer_offsets-2/00000000000000000000.log",
]


@pytest.mark.parametrize("rel", SMALL_LOGS)
@pytest.mark.parametrize(
    ("flags", "deep", "data_log", "metadata"),
    [
        ((), False, False, True),
        (("--deep-iteration",), True, False, True),
        (("--print-data-log", "--skip-record-metadata"), True, True, False),
        (("--deep-iteration", "--skip-record-metadata"), True, False, False),
    ],
    ids=["batches", "deep", "data-no-metadata", "deep-no-metadata"],
)
def test_log_golden_flags(
    real: Any,
    rel: str,
    flags: tuple[str, ...],
    deep: bool,
    data_log: bool,
    metadata: bool,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = real(rel)
    expected_out, expected_err = expected_log(path, deep, data_log, metadata)
    code, out, err = dump(capsys, *flags, "--files", str(path))
    assert (code, out, err) == (0, expected_out, expected_err)


def test_features_covered_by_the_golden_files(real: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """The golden comparisons above include each line kind the brief lists."""
    wanted = {
        "confluent-ksql-txn/kafka-data/_confluent-ksql-default__command_topic-0/00000000000000000000.log": (
            " endTxnMarker: COMMIT coordinatorEpoch: 0"
        ),
        "ldi-poc/__cluster_metadata-0/00000000000000000000.log": " controlType: LEADER_CHANGE(2)",
        "ldi-poc/bootstrap.checkpoint": ' SnapshotHeader {"version":0,"lastContainedLogTimestamp":',
        "compacted-delete-horizon/kafka/data/__consumer_offsets-2/00000000000000000000.log": "OptionalLong[",
        "magic1-kafka-0.10.1/tmp/kafka-logs/topic1-0/00000000000000000000.log": "}",
        "lz4-logappend-headers-cp7.6/data/_confluent-monitoring-0/00000000000000000000.log": "LogAppendTime:",
        "snappy-raw-multiseg/kafka-data/oms_order_status_changed-0/00000000000000000000.log": "snappy",
        "gzip-headers-epochs/data/lsx1-0/00000000000000000000.log": "headerKeys: [app.name]",
        "lz4-support-metrics/kafka/data/test-0/00000000000000000000.log": "compresscodec: lz4",
    }
    for rel, fragment in wanted.items():
        _code, out, _err = dump(capsys, "--deep-iteration", str(real(rel)))
        assert any(fragment in line for line in out), rel


def test_published_kafka_sample_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The batch and record lines quoted in PR apache/kafka#18910 (reference §1.11), rebuilt with
    kafka-python's writer; only size and crc depend on the unknown header values."""
    builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 20)
    headers = [("myheader", b"a"), ("myotherheader", b"b"), ("mythird:header", b"c")]
    builder.append(0, 1739569505569, None, b"This is a test", headers)
    data = bytes(builder.build())
    (tmp_path / "2.log").write_bytes(data)
    crc = struct.unpack_from(">I", data, 17)[0]
    published = [
        "Log starting offset: 2",
        "baseOffset: 0 lastOffset: 0 count: 1 baseSequence: -1 lastSequence: -1 producerId: -1 "
        "producerEpoch: -1 partitionLeaderEpoch: 0 isTransactional: false isControl: false "
        "deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 1739569505569 size: 131 magic: 2 "
        "compresscodec: none crc: 90285099 isvalid: true",
        "| offset: 0 CreateTime: 1739569505569 keySize: -1 valueSize: 14 sequence: -1 "
        "headerKeys: [myheader,myotherheader,mythird:header] payload: This is a test",
    ]
    published[1] = (
        published[1].replace("size: 131", f"size: {len(data)}").replace("crc: 90285099", f"crc: {crc}")
    )
    code, out, _err = dump(capsys, "--print-data-log", str(tmp_path / "2.log"))
    assert code == 0
    assert out[1:] == published


def test_published_snapshot_header_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The SnapshotHeader record line of PR apache/kafka#12084 (reference §1.11), byte for byte."""
    builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 20)
    builder.append(0, 1653548892941, struct.pack(">hh", 0, 3), struct.pack(">hqB", 0, 10000, 0), [])
    data = bytearray(builder.build())
    data[22] |= 0x20  # control batch; kafka-python's builder cannot set it
    struct.pack_into(">I", data, 17, calc_crc32c(bytes(data[21:])))
    path = tmp_path / "00000000000000000000-0000000000.checkpoint"
    path.write_bytes(data)
    code, out, _err = dump(capsys, "--deep-iteration", str(path))
    assert code == 0
    assert out[1] == "Snapshot end offset: 0, epoch: 0"
    assert out[2].endswith(
        "isControl: true deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 1653548892941 "
        f"size: {len(data)} magic: 2 compresscodec: none crc: {struct.unpack_from('>I', data, 17)[0]} "
        "isvalid: true"
    )
    assert out[3] == (
        "| offset: 0 CreateTime: 1653548892941 keySize: 4 valueSize: 11 sequence: -1 headerKeys: [] "
        'SnapshotHeader {"version":0,"lastContainedLogTimestamp":10000}'
    )


def first_batch_last_offset(log: bytes, position: int) -> int:
    return int(MemoryRecords(memoryview(log)[position : position + 5 * 1024 * 1024]).next_batch().last_offset)


def raw_entries(path: Path, layout: str) -> list[tuple[int, ...]]:
    """Index entries as Kafka iterates them: stop at a relative offset of 0 after slot 0."""
    data = path.read_bytes()
    size = struct.calcsize(layout)
    entries = []
    for slot in range(len(data) // size):
        entry = struct.unpack_from(layout, data, slot * size)
        if slot > 0 and entry[layout.index("i") - 1] == 0:
            break
        entries.append(entry)
    return entries


@pytest.mark.parametrize(("path", "info"), live_params("index"))
def test_index_golden(path: Path, info: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    base = int(path.name.split(".")[0])
    entries = raw_entries(path, ">ii")
    log = path.with_name(f"{path.name.split('.')[0]}.log")
    code, out, err = dump(capsys, str(path))
    assert code == 0
    if path.stat().st_size < 8:
        assert (out, err) == ([f"Dumping {path}", f"{path} is empty."], [])
        return
    assert out == [f"Dumping {path}", *(f"offset: {base + rel} position: {pos}" for rel, pos in entries)]
    if not log.exists():
        assert err == [f"kafkaks: {path}: cannot verify the entries: {log} not found"]
        return
    data = log.read_bytes()
    mismatches = [
        f"  Index offset: {base + rel}, log offset: {found}"
        for rel, pos in reversed(entries)
        if (found := first_batch_last_offset(data, pos)) != base + rel
    ]
    assert err == ([f"Mismatches in :{path}", *mismatches] if mismatches else [])


def expected_time_index_errors(path: Path) -> list[str]:
    """Kafka's time index verification (DumpLogSegments.dumpTimeIndex), on kafka-python batches."""
    base = int(path.name.split(".")[0])
    log = path.with_name(f"{base:020d}.log").read_bytes()
    index = path.with_name(f"{base:020d}.index")
    offsets = raw_entries(index, ">ii") if index.exists() else []
    mismatch, order, missing = [], [], []
    previous = -1
    for timestamp, rel in raw_entries(path, ">qi"):
        offset = base + rel
        position = max((pos for r, pos in offsets if base + r <= offset), default=0)
        records = MemoryRecords(memoryview(log)[position:])
        while (batch := records.next_batch()) is not None and batch.last_offset < offset:
            pass
        if batch is None or batch.last_offset != offset:
            missing.insert(
                0, f"Indexed offset: {offset}, found log offset: {-1 if batch is None else batch.last_offset}"
            )
        else:
            max_timestamp = max([-1, *(record.timestamp for record in batch)])
            if max_timestamp != timestamp:
                mismatch.insert(0, f"  Index timestamp: {timestamp}, log timestamp: {max_timestamp}")
            if previous >= timestamp:
                order.insert(0, f"  Index timestamp: {timestamp}, Previously indexed timestamp: {previous}")
        previous = timestamp
    return [
        *([f"Found timestamp mismatch in :{path}", *mismatch] if mismatch else []),
        *([f"Found out of order timestamp in :{path}", *order] if order else []),
        *(["The following indexed offsets are not found in the log.", *missing] if missing else []),
    ]


@pytest.mark.parametrize(("path", "info"), live_params("timeindex"))
def test_time_index_golden(path: Path, info: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    base = int(path.name.split(".")[0])
    entries = raw_entries(path, ">qi")
    log = path.with_name(f"{base:020d}.log")
    code, out, err = dump(capsys, str(path))
    assert code == 0
    if path.stat().st_size < 12:
        assert (out, err) == ([f"Dumping {path}", f"{path} is empty."], [])
        return
    assert out == [f"Dumping {path}", *(f"timestamp: {ts} offset: {base + rel}" for ts, rel in entries)]
    if log.exists():
        assert err == expected_time_index_errors(path)
    else:
        assert err == [f"kafkaks: {path}: cannot verify the entries: {log} not found"]


def test_time_index_reports_kafkas_not_found(real: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """orders-0 was written by a broker that indexed the offset of the max-timestamp record, not the
    batch's last offset; DumpLogSegments reports such an entry as not found, and so do we."""
    path = real("lz4-logappend-headers-cp7.6/data/orders-0/00000000000000000000.timeindex")
    code, out, err = dump(capsys, "--verify-index-only", str(path))
    assert (code, out) == (0, [f"Dumping {path}"])
    assert err == [
        "The following indexed offsets are not found in the log.",
        "Indexed offset: 13562, found log offset: 13563",
    ]


def expected_snapshot_line(entry: tuple[int, ...]) -> str:
    pid, epoch, last_seq, last_offset, delta, timestamp, coordinator_epoch, txn_first = entry
    txn = "OptionalLong.empty" if txn_first < 0 else f"OptionalLong[{txn_first}]"
    line = (
        f"producerId: {pid} producerEpoch: {epoch} coordinatorEpoch: {coordinator_epoch} "
        f"currentTxnFirstOffset: {txn} lastTimestamp: {timestamp} "
    )
    if last_offset >= 0:
        first_seq = last_seq - delta if last_seq >= delta else 0x7FFFFFFF - (delta - last_seq) + 1
        line += (
            f"firstSequence: {first_seq} lastSequence: {last_seq} lastOffset: {last_offset} "
            f"offsetDelta: {delta} timestamp: {timestamp}"
        )
    return line


@pytest.mark.parametrize(("path", "info"), live_params("snapshot"))
def test_producer_snapshot_golden(
    path: Path, info: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    data = path.read_bytes()
    count = struct.unpack_from(">i", data, 6)[0]
    entries = [SNAPSHOT_ENTRY.unpack_from(data, 10 + i * SNAPSHOT_ENTRY.size) for i in range(count)]
    code, out, err = dump(capsys, str(path))
    assert (code, err) == (0, [])
    assert out == [f"Dumping {path}", *map(expected_snapshot_line, entries)]


def test_snapshot_with_entries(real: Any, capsys: pytest.CaptureFixture[str]) -> None:
    path = real("codecrafters-kafka-tester@e856b9a/kraft-combined-logs/foo-0/00000000000000000003.snapshot")
    assert dump(capsys, str(path))[1] == [
        f"Dumping {path}",
        "producerId: 0 producerEpoch: 0 coordinatorEpoch: -1 currentTxnFirstOffset: OptionalLong.empty "
        "lastTimestamp: 1725272041932 firstSequence: 2 lastSequence: 2 lastOffset: 2 offsetDelta: 0 "
        "timestamp: 1725272041932",
    ]


def test_snapshot_crc_mismatch(real: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = real("codecrafters-kafka-tester@e856b9a/kraft-combined-logs/foo-0/00000000000000000003.snapshot")
    data = bytearray(source.read_bytes())
    data[-1] ^= 1
    path = tmp_path / source.name
    path.write_bytes(data)
    code, out, err = dump(capsys, str(path))
    assert code == 1
    assert out == [f"Dumping {path}"]
    assert len(err) == 1 and "Snapshot is corrupt (CRC is no longer valid). Stored crc: " in err[0]


def test_txn_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "00000000000000000000.txnindex"
    path.write_bytes(
        struct.pack(">hqqqq", 0, 7, 10, 20, 21) + struct.pack(">hqqqq", 0, 8, 30, 31, 30) + b"\0" * 5
    )
    code, out, err = dump(capsys, str(path))
    assert (code, err) == (0, [])
    assert out == [
        f"Dumping {path}",
        "version: 0 producerId: 7 firstOffset: 10 lastOffset: 20 lastStableOffset: 21",
        "version: 0 producerId: 8 firstOffset: 30 lastOffset: 31 lastStableOffset: 30",
    ]


def test_index_sanity_check(real: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    index = real("ldi-poc/__consumer_offsets-6/00000000000000000000.index")
    timeindex = index.with_suffix(".timeindex")
    code, out, err = dump(capsys, "--index-sanity-check", "--files", f"{index},{timeindex}")
    assert (code, err) == (0, [])
    assert out == [
        f"Dumping {index}",
        f"{index} passed sanity check.",
        f"Dumping {timeindex}",
        f"{timeindex} passed sanity check.",
    ]
    broken = tmp_path / index.name
    broken.write_bytes(index.read_bytes() + b"\0\0\0")
    code, out, err = dump(capsys, "--index-sanity-check", str(broken))
    assert code == 1
    assert err == [
        f"kafkaks: {broken}: Index file {broken} is corrupt, found 19 bytes which is neither positive "
        "nor a multiple of 8"
    ]
    empty = tmp_path / "00000000000000000000.timeindex"
    empty.write_bytes(b"")
    assert dump(capsys, str(empty))[1] == [f"Dumping {empty}", f"{empty} is empty."]


def test_partition_directory_in_offset_order(real: Any, capsys: pytest.CaptureFixture[str]) -> None:
    directory = real("ldi-poc/__consumer_offsets-6")
    code, out, _err = dump(capsys, str(directory))
    assert code == 0
    assert [line.removeprefix("Dumping ") for line in out if line.startswith("Dumping ")] == [
        f"{directory}/00000000000000000000.log",
        f"{directory}/00000000000000000000.index",
        f"{directory}/00000000000000000000.timeindex",
        f"{directory}/00000000000000000013.snapshot",
    ]


def test_log_directory(real: Any, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = dump(capsys, str(real("ldi-poc")))
    assert code == 0
    dumped = [line.removeprefix("Dumping ") for line in out if line.startswith("Dumping ")]
    assert dumped[0].endswith("ldi-poc/bootstrap.checkpoint")
    assert [Path(p).parent.name for p in dumped[1:]] == sorted(
        (Path(p).parent.name for p in dumped[1:]),
        key=lambda name: (name.rsplit("-", 1)[0], int(name.rsplit("-", 1)[1])),
    )


@pytest.mark.parametrize(
    "rel",
    [
        "ldi-poc/__consumer_offsets-6/partition.metadata",
        "ldi-poc/__consumer_offsets-6/leader-epoch-checkpoint",
        "deleted-segment/kafka/data/rappel_conso-0/00000000000000020907.log.deleted",
        "cleaner-swap-files-a/kafka/kafka-logs/__consumer_offsets-18/00000000000000000000.log.swap",
    ],
)
def test_unknown_file_is_ignored(real: Any, rel: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Kafka's text for a file it does not dump; when nothing at all was dumped, exit status 2."""
    path = real(rel)
    code, out, err = dump(capsys, str(path))
    assert (code, out, err[0]) == (2, [f"Dumping {path}"], f"Ignoring unknown file {path}")
    assert err[1:] == [
        f"kafkaks: error: nothing dumped: no Kafka file (none of {', '.join(SUFFIXES)}) among {path}"
    ]
    log = real(SMALL_LOGS[2])
    code, out, err = dump(capsys, "--files", f"{path},{log}")
    assert (code, out[0], out[1], err) == (
        0,
        f"Dumping {path}",
        f"Dumping {log}",
        [f"Ignoring unknown file {path}"],
    )


# Corruption: kafkaks reports and goes on where Kafka throws.

SEGMENT = "gzip-headers-epochs/data/lsx1-0/00000000000000000000.log"


def batch_positions(data: bytes) -> list[int]:
    positions, position = [], 0
    while position < len(data):
        positions.append(position)
        position += 12 + struct.unpack_from(">i", data, position + 8)[0]
    return positions


def without_batch(lines: list[str], base_offset: int) -> list[str]:
    """The lines without those of one batch (its batch line and record lines)."""
    start = next(i for i, line in enumerate(lines) if line.startswith(f"baseOffset: {base_offset} "))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("| ")), len(lines))
    return lines[:start] + lines[end:]


def corrupt_copy(real: Any, tmp_path: Path, damage: Any) -> tuple[Path, list[int], list[str]]:
    source = real(SEGMENT)
    data = bytearray(source.read_bytes())
    positions = batch_positions(bytes(data))
    expected, _ = expected_log(source, deep=True, data_log=False)
    damage(data, positions)
    path = tmp_path / source.name
    path.write_bytes(data)
    return path, positions, expected


def test_flipped_byte_in_third_batch(real: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def flip(data: bytearray, positions: list[int]) -> None:
        data[positions[3] - 5] ^= 0xFF  # inside the records of the third batch (index 2)

    path, positions, expected = corrupt_copy(real, tmp_path, flip)
    code, out, err = dump(capsys, "--deep-iteration", str(path))
    assert code == 1
    assert err[0].startswith(f"kafkaks: {path}: position {positions[2]}, offset 2: CRC-32C mismatch")
    batches = [line for line in out if line.startswith("baseOffset: ")]
    assert len(batches) == len(positions)
    assert "isvalid: false" in batches[2] and all(
        "isvalid: true" in b for i, b in enumerate(batches) if i != 2
    )
    assert without_batch(out, 2) == [f"Dumping {path}", *without_batch(expected, 2)[1:]]


def test_overwritten_batch_length(real: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def shorten(data: bytearray, positions: list[int]) -> None:
        struct.pack_into(">i", data, positions[2] + 8, 5)

    path, positions, expected = corrupt_copy(real, tmp_path, shorten)
    code, out, err = dump(capsys, "--deep-iteration", str(path))
    assert code == 1
    assert err[0] == (
        f"kafkaks: {path}: position {positions[2]}, offset 2: Found record size 5 smaller than minimum "
        f"record overhead (14); skipped {positions[3] - positions[2]} bytes to the next valid batch"
    )
    # Every other batch and its records are printed exactly as from the intact file.
    assert out == [f"Dumping {path}", *without_batch(expected, 2)[1:]]


def test_undecodable_records_are_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A gzip batch whose payload is not gzip: Kafka throws; kafkaks reports and goes on."""
    batches = []
    for offset, codec in ((0, 1), (1, 0)):
        builder = DefaultRecordBatchBuilder(2, codec, False, -1, -1, -1, 1 << 20)
        builder.append(0, 1000 + offset, b"k", b"v" * 50, [])
        data = bytearray(builder.build())
        struct.pack_into(">q", data, 0, offset)
        batches.append(data)
    batches[0][-8:] = b"garbage!"  # inside the compressed payload; the CRC is made right again
    struct.pack_into(">I", batches[0], 17, calc_crc32c(bytes(batches[0][21:])))
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(b"".join(batches))
    code, out, err = dump(capsys, "--deep-iteration", str(path))
    assert code == 1
    assert len(err) == 1 and err[0].startswith(f"kafkaks: {path}: position 0, offset 0: ")
    assert [line.split(" lastOffset")[0] for line in out if line.startswith("baseOffset")] == [
        "baseOffset: 0",
        "baseOffset: 1",
    ]
    assert out[-1].startswith("| offset: 1 CreateTime: 1001 keySize: 1 valueSize: 50")


def test_partial_batch_at_the_end_is_reported_and_fails_the_run(
    real: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = real(SEGMENT)
    path = tmp_path / source.name
    path.write_bytes(source.read_bytes()[:-10])
    code, out, err = dump(capsys, str(path))
    last = batch_positions(source.read_bytes())[-1]
    assert code == 1
    assert len(err) == 1 and err[0].startswith(f"kafkaks: {path}: position {last}")
    assert out[-1] == f"Found {len(source.read_bytes()) - 10 - last} invalid bytes at the end of {path.name}"
    code, out, _err = dump(capsys, "--max-bytes", str(last + 5), str(path))
    assert code == 0 and not out[-1].startswith("Found")


def test_zero_filled_tail_is_reported_but_not_corruption(
    real: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = real(SEGMENT)
    path = tmp_path / source.name
    path.write_bytes(source.read_bytes() + bytes(4096))
    code, out, err = dump(capsys, str(path))
    assert code == 0
    assert out[-1] == f"Found 4096 invalid bytes at the end of {path.name}"
    assert len(err) == 1 and err[0].startswith(f"kafkaks: {path}: position {len(source.read_bytes())}: ")


def test_dump_is_read_only(real: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    directory = tmp_path / "lsx1-0"
    shutil.copytree(real("ldi-poc/__consumer_offsets-6"), directory)
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in directory.iterdir()}
    assert main(["dump", "--print-data-log", str(directory)]) == 0
    capsys.readouterr()
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in directory.iterdir()} == before


def one_batch_segment(directory: Path, count: int, step: int) -> Path:
    """One uncompressed batch of ``count`` one-byte records at offsets 0, step, 2 * step, ... (a
    compacted batch when step > 1), written by kafka-python."""
    builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 30)
    for number in range(count):
        builder.append(number * step, 1000, None, b"v", [])
    directory.mkdir()
    path = directory / "00000000000000000000.log"
    path.write_bytes(builder.build())
    return path


@pytest.mark.slow
def test_offset_gaps_are_kept_in_arrays_and_printed_last_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 14.3: each gap was prepended to a list, so a compacted segment took quadratic time.
    The gaps are appended to int64 arrays (``Pairs``) and read backwards for Kafka's order; how
    their cost grows is timed in ``make bench``, not here (a timed test fails on a loaded machine)."""
    large = one_batch_segment(tmp_path / "large-0", 200_000, 2)
    code = main(["dump", "--deep-iteration", "--skip-record-metadata", str(large)])
    err = capsys.readouterr().err.split("\n")
    assert code == 0
    assert err[:3] == [  # Kafka's order: the last gap first
        f"Non-consecutive offsets in {large}",
        "  399996 is followed by 399998",
        "  399994 is followed by 399996",
    ]
    assert err[-2] == "  0 is followed by 2"
    assert len(err) == 200_000 + 1  # the title, a line per gap, the final newline


# Command line


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dump", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "come later" not in text
    # Issue 13.8: a partial batch at the end fails the run (exit 1); the help called it information.
    assert "partial batch at the end of a segment are information" not in text
    assert "skipped bytes, a partial batch at the end of a segment, whose records are lost" in text
    assert "Index mismatches and a zero-filled tail (file.preallocate=true) are information" in text
    for phrase in (
        "--offsets-decoder",
        "--transaction-log-decoder",
        "--cluster-metadata-decoder",
        "--remote-log-metadata-decoder",
        "--share-group-state-decoder",
        "--key-decoder-class",
        "crc: 123}",
        "LEADER_CHANGE(2)",
        "payload: v",
        "first record",
    ):
        assert phrase in text


@pytest.mark.parametrize(
    "argv",
    [
        ["dump", "--bogus", "x.log"],
        ["dump", "--print-data", "x.log"],
        ["dump"],
        ["dump", "--max-bytes", "x"],
        [],
    ],
    ids=["unknown-option", "abbreviation", "no-files", "bad-int", "no-command"],
)
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "usage:" in capsys.readouterr().err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "00000000000000000000.log"
    code, out, err = dump(capsys, str(missing))
    assert (code, out) == (2, [])
    assert err == [f"kafkaks: error: {missing}: No such file or directory"]


def test_entry_point_subprocess(real: Any) -> None:
    path = real(SMALL_LOGS[0])
    kafkaks = Path(sys.executable).with_name("kafkaks")
    result = subprocess.run(
        [str(kafkaks), "dump", "--deep-iteration", str(path)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == expected_log(path, deep=True, data_log=False)[0]


def large_record_segment(directory: Path, value: bytes) -> Path:
    builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 30)
    builder.append(0, 1000, b"key", value, [("h", b"v")])
    directory.mkdir()
    path = directory / "00000000000000000000.log"
    path.write_bytes(builder.build())
    return path


def peak_rss(command: list[str]) -> int:
    """Peak resident bytes of ``command``, run as the only child of a fresh interpreter."""
    probe = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True
    )
    return int(result.stdout) * 1024  # ru_maxrss is in KiB on Linux


@pytest.mark.parametrize(
    "options", [["--print-data-log"], ["--json", "--bytes", "utf8"]], ids=["print-data-log", "json-utf8"]
)
def test_memory_of_a_large_record(tmp_path: Path, options: list[str]) -> None:
    """Issue 14.14: a large value was decoded, copied into its line, joined and encoded whole, a
    string of 4 bytes per character as soon as one character is outside the BMP: 15 times the
    record. It is now written piece by piece; what is left is the reader's batch and value."""
    size = 32 << 20
    large = large_record_segment(tmp_path / "large-0", b"x" * size + "\U0001f600".encode())
    small = large_record_segment(tmp_path / "small-0", b"x")
    kafkaks = str(Path(sys.executable).with_name("kafkaks"))
    baseline = peak_rss([kafkaks, "dump", *options, str(small)])
    peak = peak_rss([kafkaks, "dump", *options, str(large)])
    assert peak < baseline + 4 * size, (peak >> 20, baseline >> 20)


def test_large_values_are_written_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A value written in pieces reads as the same text: characters and malformed bytes that
    straddle the pieces, every --bytes format, checked against kafka-python's reader."""
    value = bytes(range(256)) * 4096 + ("\u00e9\U0001f600" * 300_000).encode() + b"\xf0\x9f\x98"
    path = large_record_segment(tmp_path / "t-0", value)
    batch = MemoryRecords(path.read_bytes()).next_batch()
    (record,) = list(batch)
    assert record.value == value
    assert main(["dump", "--print-data-log", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert captured.out.endswith(
        f"\n| offset: 0 CreateTime: 1000 keySize: 3 valueSize: {len(value)} sequence: -1 headerKeys: [h] "
        f"key: key payload: {value.decode('utf-8', 'replace')}\n"
    )
    encodings = {
        "utf8": value.decode("utf-8", "replace"),
        "base64": base64.b64encode(value).decode(),
        "hex": value.hex(),
    }
    for name, encoded in encodings.items():
        assert main(["dump", "--json", "--bytes", name, str(path)]) == 0
        objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        (fields,) = [o for o in objects if o["type"] == "record"]
        assert fields["value"] == encoded and fields["key"] == encodings_of(b"key")[name], name
        assert fields["headers"] == [{"key": "h", "value": encodings_of(b"v")[name]}]


def encodings_of(data: bytes) -> dict[str, str]:
    return {"utf8": data.decode(), "base64": base64.b64encode(data).decode(), "hex": data.hex()}


def damaged_segment(directory: Path, batches: int) -> Path:
    """A segment of one-record batches by kafka-python, the CRC of the first one broken."""
    data = bytearray()
    for offset in range(batches):
        builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 20)
        builder.append(0, 1000 + offset, b"key", b"value" * 20, [])
        batch = builder.build()
        struct.pack_into(">q", batch, 0, offset)
        data += batch
    data[70] ^= 0xFF  # in the value of the first record
    directory.mkdir()
    path = directory / "00000000000000000000.log"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    "command",
    [["dump", "--deep-iteration"], ["dump", "--print-data-log", "--json"], ["verify"], ["verify", "--json"]],
    ids=["dump", "dump-json", "verify", "verify-json"],
)
def test_ctrl_c_exits_quietly_with_130(
    tmp_path: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 14.7: Ctrl-C printed a KeyboardInterrupt traceback. The input is a small damaged
    segment given many times, so the run lasts; SIGINT comes once output flows (50 kB of it: a
    sign, not a time; the limits only bound a run that hangs). What was printed is a prefix of
    the whole output, cut at the end of a line. The child has SIGINT's default action even when
    the tests run in the background (tests/conftest.py)."""
    path = damaged_segment(tmp_path / "t-0", 200)
    assert main([*command, str(path)]) == 1
    one = capsys.readouterr()
    out, err = tmp_path / "out", tmp_path / "err"
    kafkaks = Path(sys.executable).with_name("kafkaks")
    limit = 600  # seconds: far beyond a loaded 2-core machine's pace
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(
            [str(kafkaks), *command, *[str(path)] * 5000], stdout=stdout, stderr=stderr
        )
        try:
            deadline = time.monotonic() + limit
            while out.stat().st_size + err.stat().st_size < 50_000 and process.poll() is None:
                assert time.monotonic() < deadline, f"no output within {limit} s"
                time.sleep(0.05)
            assert process.poll() is None, "the run ended before SIGINT"
            process.send_signal(signal.SIGINT)
            assert process.wait(timeout=limit) == 130
        finally:
            process.kill()  # nothing once it has ended
            process.wait()
    errors = err.read_text()
    assert is_cut_at_a_line_end(errors, one.err)
    if command[0] == "dump":  # verify prints its table at the end: nothing yet
        assert is_cut_at_a_line_end(out.read_text(), one.out)


def is_cut_at_a_line_end(text: str, once: str) -> bool:
    """Whether text is what `once` repeated prints, cut at the end of one of its lines (SIGINT may
    come between two lines of one file's output)."""
    if not once:
        return text == ""
    whole = once * (len(text) // len(once) + 1)
    return whole[: len(text)] == text and (text == "" or text.endswith("\n"))


def test_broken_pipe_is_quiet(real: Any) -> None:
    path = real("magic1-kafka-0.10.1/tmp/kafka-logs/TEST-TOPIC-0/00000000000000000000.log")
    kafkaks = Path(sys.executable).with_name("kafkaks")
    result = subprocess.run(
        f"'{kafkaks}' dump --deep-iteration '{path}' | head -1",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONUNBUFFERED": "0"},
    )
    assert result.stdout == f"Dumping {path}\n"
    assert result.stderr == ""


@pytest.mark.parametrize("command", [["dump"], ["verify", "--json"]], ids=["dump", "verify-json"])
def test_closed_pipe_keeps_damage_line_and_status(
    tmp_path: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """stdout's reader gone before the first write: the run stops quietly, but the damage already
    found is still said on stderr and in the exit status."""
    path = damaged_segment(tmp_path / "t-0", 3)
    assert main(["dump", str(path)]) == 1
    damage = capsys.readouterr().err
    kafkaks = Path(sys.executable).with_name("kafkaks")
    read, write = os.pipe()
    os.close(read)
    try:
        result = subprocess.run(
            [str(kafkaks), *command, str(path)], stdout=write, stderr=subprocess.PIPE, text=True, check=False
        )
    finally:
        os.close(write)
    assert (result.returncode, result.stderr) == (1, damage if command == ["dump"] else "")


def test_closed_pipe_on_healthy_data_exits_0(real: Any) -> None:
    """verify --json writes an information finding to a pipe nobody reads: not a file error."""
    directory = real("lz4-logappend-headers-cp7.6/data/orders-0")
    kafkaks = Path(sys.executable).with_name("kafkaks")
    read, write = os.pipe()
    os.close(read)
    try:
        result = subprocess.run(
            [str(kafkaks), "verify", "--json", str(directory)],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        os.close(write)
    assert (result.returncode, result.stderr) == (0, "")


# --- issue 30.3: no bare traceback, whatever the process was started with ---------------------------

KAFKAKS = Path(sys.executable).with_name("kafkaks")  # the console script, as a user runs it


def run_kafkaks(*args: str, shell_redirect: str = "", env: dict[str, str] | None = None) -> Any:
    """The console script with ``args``, its streams redirected as a shell does (``>&-``)."""
    return subprocess.run(
        ["sh", "-c", f'exec "$0" "$@" {shell_redirect}', str(KAFKAKS), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        env=env,
    )


@pytest.mark.parametrize(
    "command",
    [["dump"], ["dump", "--deep-iteration"], ["dump", "--json"], ["verify"], ["verify", "--json"]],
    ids=["dump", "dump-deep", "dump-json", "verify", "verify-json"],
)
def test_closed_stdout_is_an_error_not_a_traceback(tmp_path: Path, command: list[str]) -> None:
    """``kafkaks dump SEG >&-`` ended with AttributeError: 'NoneType' object has no attribute
    'write' (Python sets sys.stdout to None). Now the first write fails as a write to a closed
    descriptor does: one error line, exit status 1."""
    path = damaged_segment(tmp_path / "t-0", 3)
    result = run_kafkaks(*command, str(path), shell_redirect=">&-")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.endswith(
        "kafkaks: error: [Errno 9] cannot write the output: standard output is closed\n"
    )


def test_closed_stderr_keeps_output_and_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With stderr closed (``2>&-``) the damage cannot be shown, but the output and the exit
    status are those of a run with it open."""
    path = damaged_segment(tmp_path / "t-0", 3)
    assert main(["dump", "--deep-iteration", str(path)]) == 1
    expected = capsys.readouterr().out
    result = run_kafkaks("dump", "--deep-iteration", str(path), shell_redirect="2>&-")
    assert (result.returncode, result.stdout) == (1, expected)


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("http://[::1", "'http://[::1' is not a Schema Registry URL: Invalid IPv6 URL"),
        ("http://user:secret@[::1", "'http://***@[::1' is not a Schema Registry URL: Invalid IPv6 URL"),
        ("https://registry:80a81", "'https://registry:80a81' is not a Schema Registry URL: Port could not"),
        ("http://registry:65536", "'http://registry:65536' is not a Schema Registry URL: Port out of range"),
    ],
    ids=["open-bracket", "password-hidden", "port-not-a-number", "port-out-of-range"],
)
def test_a_bad_registry_url_is_a_usage_error(tmp_path: Path, url: str, shown: str) -> None:
    """``--registry 'http://[::1'`` ended with ValueError: Invalid IPv6 URL. Now it is a usage
    error (exit status 2) naming the URL, its password hidden; the library raises a KafkaksError."""
    from kafkaks.schemas.registry_rest import RestRegistry

    path = damaged_segment(tmp_path / "t-0", 1)
    result = run_kafkaks("dump", "--json", "--decode-values", "--registry", url, str(path))
    assert result.returncode == 2
    assert f"kafkaks dump: error: argument --registry: {shown}" in result.stderr
    assert "Traceback" not in result.stderr and "secret" not in result.stderr
    with pytest.raises(KafkaksError, match="is not a Schema Registry URL") as raised:
        RestRegistry(url)
    assert "secret" not in str(raised.value)


@pytest.mark.parametrize("module", ["kafkaks.cli", "kafkaks.cli.main", "kafkaks.cli.dump"])
def test_ctrl_c_while_importing_exits_quietly_with_130(tmp_path: Path, module: str) -> None:
    """Issue 30.3: the console script imported the CLI before any handler was in place, so Ctrl-C
    during its start printed a KeyboardInterrupt traceback. A ``sitecustomize`` sends SIGINT to the
    process as ``module`` starts loading, the deterministic sign of an interrupt while importing."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        "import os, signal, sys\n"
        "class InterruptOnImport:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name == {module!r}:\n"
        "            os.kill(os.getpid(), signal.SIGINT)\n"
        "        return None\n"
        "sys.meta_path.insert(0, InterruptOnImport())\n"
    )
    path = damaged_segment(tmp_path / "t-0", 1)
    env = {**os.environ, "PYTHONPATH": str(site)}
    result = run_kafkaks("dump", str(path), env=env)
    assert (result.returncode, result.stdout, result.stderr) == (130, "", "")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_full_disk_stops_the_run_once(real: Any) -> None:
    """Output that cannot be written (ENOSPC) is no unreadable input: it stops the run with one
    error line, not a report about each file being read when a write failed."""
    files = [real("lz4-logappend-headers-cp7.6/data/orders-0/00000000000000000000.log")] * 2
    result = run_kafkaks("dump", "--deep-iteration", *map(str, files), shell_redirect=">/dev/full")
    assert (result.returncode, result.stderr) == (
        1,
        "kafkaks: error: [Errno 28] cannot write the output: No space left on device\n",
    )
