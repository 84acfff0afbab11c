"""generated/layout.py, the fixed-size layouts derived from the specs, agrees with two other sources.

1. The generated parsers themselves: the specs compiled to Python in debug mode (tools/ksc.js
   --debug) record where each field starts and ends; on real broker-written files every field of
   every layout must sit at its layout offset with its layout length, and the layout's struct
   must unpack the same values the parser read.
2. An independent reader: kafka-python's ``kafka.record`` constants (DefaultRecordBase for v2
   batches, LegacyRecordBase for v0/v1 messages).
"""

from __future__ import annotations

import importlib
import io
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import FIXTURES, REAL_DATA, ROOT, file_kind, real_data_available, verified_files
from kafkaks.generated import layout
from kafkaks.generated.kafka_message import KafkaMessage
from kafkaks.generated.kafka_record_batch import KafkaRecordBatch
from kaitaistruct import KaitaiStream

NODE = shutil.which("node")
ENTRIES_PER_FILE = 20  # debug parsing is slow: the first entries of each file show the layout
FILES_PER_KIND = 3


@pytest.fixture(scope="module")
def debug_parsers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The specs compiled to Python in debug mode, as an importable package; yields its name."""
    if NODE is None or not (ROOT / "node_modules").is_dir():
        pytest.skip("node and node_modules (make node_modules) are needed to compile the specs")
    out = tmp_path_factory.mktemp("debug")
    specs = sorted(str(spec) for spec in (ROOT / "formats").glob("*.ksy"))
    subprocess.run(
        [NODE, str(ROOT / "tools" / "ksc.js"), "--debug", "python", str(out / "debug_ksy"), *specs],
        check=True,
    )
    sys.path.insert(0, str(out))
    try:
        yield "debug_ksy"
    finally:
        sys.path.remove(str(out))
        for name in [name for name in sys.modules if name == "debug_ksy" or name.startswith("debug_ksy.")]:
            del sys.modules[name]


def module(package: str, name: str) -> ModuleType:
    return importlib.import_module(f"{package}.{name}")


def files(*kinds: str) -> list[Path]:
    """A few files of these kinds: the project's fixtures, and from each real data set the first
    ones in VERIFIED.json when the real data is there."""
    found = [path for path in sorted(FIXTURES.rglob("*")) if file_kind(path) in kinds and path.stat().st_size]
    if real_data_available():
        per_set: dict[str, list[Path]] = {}
        for path, _info in verified_files():
            chosen = per_set.setdefault(path.relative_to(REAL_DATA).parts[0], [])
            if file_kind(path) in kinds and path.stat().st_size > 0 and len(chosen) < FILES_PER_KIND:
                chosen.append(path)
        found += [path for chosen in per_set.values() for path in chosen]
    if not found:
        pytest.skip(f"no {'/'.join(kinds)} file in {FIXTURES} or {REAL_DATA}")
    return found


def check(obj: Any, layout_class: type, data: bytes, start: int) -> None:
    """Each field of ``layout_class`` is where ``obj`` (a debug-parsed object whose first field
    starts at byte ``start`` of ``data``) read it, and the layout's struct reads the same values."""
    parsed = tuple(getattr(obj, field) for field in layout_class.FIELDS)  # evaluates pos instances too
    assert layout_class.STRUCT.unpack_from(data, start) == parsed, layout_class
    debug = obj._debug
    for field in layout_class.FIELDS:
        name = field.upper()
        where = debug.get(field) or debug[f"_m_{field}"]  # a seq field, or a pos instance
        assert where["start"] - start == getattr(layout_class, f"{name}_OFFSET"), (layout_class, field)
        assert where["end"] - where["start"] == getattr(layout_class, f"{name}_LENGTH"), (layout_class, field)


def debug_read(cls: Any, data: bytes) -> Any:
    obj = cls(KaitaiStream(io.BytesIO(data)))
    obj._read()  # debug parsers start parsing here, as in the Web IDE
    return obj


def test_log_entries_sit_where_the_layout_says(debug_parsers: str) -> None:
    kafka_log = module(debug_parsers, "kafka_log")
    seen = {"v2": 0, "legacy": 0}
    for path in files("log", "checkpoint"):
        data = path.read_bytes()
        stream = KaitaiStream(io.BytesIO(data))
        position = 0
        for _ in range(ENTRIES_PER_FILE):
            if position >= len(data):
                break
            entry = kafka_log.KafkaLog.LogEntry(position, stream)
            entry._read()
            if not entry.is_complete:
                break
            check(entry, layout.LogEntryPrefix, data, position)
            check(entry, layout.LogEntryHeader, data, position)
            body = entry.body
            if entry.magic == 2:
                check(body, layout.RecordBatchHeader, entry._raw_body, 0)  # body is a substream
                seen["v2"] += 1
            elif entry.magic in (0, 1):
                message = body.message
                message_layout = layout.LegacyMessageV0 if entry.magic == 0 else layout.LegacyMessageV1
                check(message, message_layout, body._raw_message, 0)
                seen["legacy"] += 1
            position += layout.LogEntryPrefix.SIZE + entry.len_body
    assert seen["v2"] and seen["legacy"], seen


@pytest.mark.parametrize(
    ("kind", "spec", "top", "entry_type", "layout_class"),
    [
        ("index", "kafka_offset_index", "KafkaOffsetIndex", None, layout.OffsetIndexEntry),
        ("timeindex", "kafka_time_index", "KafkaTimeIndex", None, layout.TimeIndexEntry),
        ("txnindex", "kafka_txn_index", "KafkaTxnIndex", None, layout.AbortedTxnEntry),
        (
            "snapshot",
            "kafka_producer_snapshot",
            "KafkaProducerSnapshot",
            "header",
            layout.ProducerSnapshotEntry,
        ),
    ],
)
def test_entries_sit_where_the_layout_says(
    debug_parsers: str, kind: str, spec: str, top: str, entry_type: str | None, layout_class: type
) -> None:
    cls = getattr(module(debug_parsers, spec), top)
    checked = 0
    for path in files(kind):
        data = path.read_bytes()
        parsed = debug_read(cls, data)
        if entry_type == "header":
            check(parsed, layout.ProducerSnapshotHeader, data, 0)
        for number, entry in enumerate((getattr(parsed, "entries", None) or [])[:ENTRIES_PER_FILE]):
            check(entry, layout_class, data, parsed._debug["entries"]["arr"][number]["start"])
            checked += 1
    if not checked:
        pytest.skip(f"no {kind} file with entries in {FIXTURES} or {REAL_DATA}")


def test_attribute_masks_are_what_the_specs_enums_read() -> None:
    batch = layout.RecordBatchHeader
    assert max(KafkaRecordBatch.CompressionType) <= batch.COMPRESSION_MASK
    for message in (layout.LegacyMessageV0, layout.LegacyMessageV1):
        assert message.COMPRESSION_MASK == batch.COMPRESSION_MASK
        assert message.TIMESTAMP_TYPE_MASK == batch.TIMESTAMP_TYPE_MASK
    assert max(KafkaMessage.CompressionType) <= batch.COMPRESSION_MASK
    # the magic byte is at the same place in every format
    assert layout.LogEntryHeader.MAGIC_OFFSET == batch.MAGIC_OFFSET
    assert (
        layout.LogEntryHeader.MAGIC_OFFSET == layout.LogEntryPrefix.SIZE + layout.LegacyMessageV0.MAGIC_OFFSET
    )


def test_layouts_agree_with_kafka_python() -> None:
    default_records = pytest.importorskip("kafka.record.default_records")
    legacy_records = pytest.importorskip("kafka.record.legacy_records")
    v2, legacy = default_records.DefaultRecordBase, legacy_records.LegacyRecordBase
    batch = layout.RecordBatchHeader
    assert batch.STRUCT.format == v2.HEADER_STRUCT.format
    assert v2.HEADER_STRUCT.size == batch.SIZE
    assert batch.CRC_OFFSET == v2.CRC_OFFSET
    assert batch.ATTRIBUTES_OFFSET == v2.ATTRIBUTES_OFFSET
    assert batch.MAGIC_OFFSET == batch.CRC_OFFSET - batch.MAGIC_LENGTH
    assert batch.PARTITION_LEADER_EPOCH_OFFSET == v2.AFTER_LEN_OFFSET
    assert batch.COMPRESSION_MASK == v2.CODEC_MASK
    assert batch.TIMESTAMP_TYPE_MASK == v2.TIMESTAMP_TYPE_MASK
    assert batch.IS_TRANSACTIONAL_MASK == v2.TRANSACTIONAL_MASK
    assert batch.IS_CONTROL_MASK == v2.CONTROL_MASK

    prefix = layout.LogEntryPrefix
    assert prefix.SIZE == legacy.LOG_OVERHEAD
    for message, key_offset, overhead, header in (
        (layout.LegacyMessageV0, legacy.KEY_OFFSET_V0, legacy.RECORD_OVERHEAD_V0, legacy.HEADER_STRUCT_V0),
        (layout.LegacyMessageV1, legacy.KEY_OFFSET_V1, legacy.RECORD_OVERHEAD_V1, legacy.HEADER_STRUCT_V1),
    ):
        assert prefix.SIZE + message.CRC_OFFSET == legacy.CRC_OFFSET
        assert prefix.SIZE + message.MAGIC_OFFSET == legacy.MAGIC_OFFSET
        assert key_offset == prefix.SIZE + message.LEN_KEY_OFFSET
        assert message.LEN_KEY_LENGTH == legacy.KEY_LENGTH
        assert overhead == message.MIN_SIZE
        # kafka-python's header runs from the offset to the attributes (and the v1 timestamp)
        assert header.size == prefix.SIZE + message.LEN_KEY_OFFSET
        assert message.COMPRESSION_MASK == legacy.CODEC_MASK
        assert message.TIMESTAMP_TYPE_MASK == legacy.TIMESTAMP_TYPE_MASK


def test_the_c_header_has_the_same_layouts() -> None:
    """generated/layout.h, the compiled core's copy of the layouts: every constant of layout.py
    as a macro <LAYOUT>_<NAME> with the same value, and each field's C type of its struct format."""
    text = (ROOT / "generated" / "layout.h").read_text()
    macros = dict(re.findall(r"^#define (\w+) (\w+)", text, re.MULTILINE))
    c_types = {"b": "int8_t", "B": "uint8_t", "h": "int16_t", "H": "uint16_t", "i": "int32_t",
               "I": "uint32_t", "q": "int64_t", "Q": "uint64_t"}  # fmt: skip
    expected = {}
    for name, cls in vars(layout).items():
        if not isinstance(cls, type) or not hasattr(cls, "FIELDS"):
            continue
        prefix = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).upper()
        for constant, value in vars(cls).items():
            if isinstance(value, int):
                expected[f"{prefix}_{constant}"] = value
        for field in cls.FIELDS:
            expected[f"{prefix}_{field.upper()}_TYPE"] = c_types[
                getattr(cls, f"{field.upper()}_STRUCT").format[-1]
            ]
    assert len(expected) > 100
    assert {
        name: int(macros[name], 0) if isinstance(value, int) else macros[name]
        for name, value in expected.items()
    } == expected
    assert set(macros) == set(expected)
