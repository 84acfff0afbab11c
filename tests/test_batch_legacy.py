"""Legacy (v0/v1) messages read through the layouts (kafkaks.wire.batch.legacy_message) against the
generated parser (kafka_message.ksy) on the same bytes: messages written by kafka-python's
LegacyRecordBatchBuilder (an independent writer), then cut short or damaged at random."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kafka.record.legacy_records import LegacyRecordBatchBuilder
from kafkaks.generated.kafka_message import KafkaMessage
from kaitaistruct import BytesIO, KaitaiStream, KaitaiStructError

from kafkaks.errors import CorruptDataError
from kafkaks.wire.batch import LOG_OVERHEAD, legacy_message


def generated(data: bytes, start: int, end: int) -> tuple[object, ...] | str:
    """What the generated parser reads from ``data[start:end]``, as legacy_message's fields, or
    its error."""
    try:
        message = KafkaMessage(KaitaiStream(BytesIO(data[start:end])))
    except (KaitaiStructError, EOFError, ValueError) as exc:
        return f"Found invalid legacy message: {exc}"
    return (
        message.crc,
        message.magic,
        message.attributes,
        getattr(message, "timestamp", -1),
        getattr(message, "key", None),
        getattr(message, "value", None),
    )


def through_layouts(data: bytes, start: int, end: int) -> tuple[object, ...] | str:
    try:
        return tuple(legacy_message(data, start, end))
    except CorruptDataError as exc:
        return str(exc)


def message(magic: int, key: bytes | None, value: bytes | None, timestamp: int) -> bytes:
    """One uncompressed entry (offset, length, message) as kafka-python writes it."""
    builder = LegacyRecordBatchBuilder(magic=magic, compression_type=0, batch_size=1 << 20)
    builder.append(0, timestamp=timestamp if magic else None, key=key, value=value)
    return bytes(builder.build())


@settings(max_examples=400, deadline=None)
@given(
    magic=st.sampled_from([0, 1]),
    key=st.one_of(st.none(), st.binary(max_size=40)),
    value=st.one_of(st.none(), st.binary(max_size=200)),
    timestamp=st.integers(0, 2**62),
    cut=st.one_of(st.none(), st.integers(0)),
    edits=st.lists(st.tuples(st.integers(0), st.integers(0, 255)), max_size=3),
    tail=st.binary(max_size=6),
)
def test_a_message_reads_as_the_generated_parser_reads_it(
    magic: int,
    key: bytes | None,
    value: bytes | None,
    timestamp: int,
    cut: int | None,
    edits: list[tuple[int, int]],
    tail: bytes,
) -> None:
    data = bytearray(message(magic, key, value, timestamp) + tail)
    for at, byte in edits:  # the lengths and the magic byte too: every path of the reader
        data[LOG_OVERHEAD + at % (len(data) - LOG_OVERHEAD)] = byte
    end = len(data) if cut is None else LOG_OVERHEAD + cut % (len(data) - LOG_OVERHEAD + 1)
    assert through_layouts(bytes(data), LOG_OVERHEAD, end) == generated(bytes(data), LOG_OVERHEAD, end)


@pytest.mark.parametrize("magic", [0, 1])
def test_an_undamaged_message_keeps_its_fields(magic: int) -> None:
    data = message(magic, b"key", b"value", 1_700_000_000_000)
    read = legacy_message(data, LOG_OVERHEAD, len(data))
    assert (read.magic, read.key, read.value) == (magic, b"key", b"value")
    assert read.timestamp == (1_700_000_000_000 if magic else -1)


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=64))
def test_arbitrary_bytes_read_as_the_generated_parser_reads_them(data: bytes) -> None:
    assert through_layouts(data, 0, len(data)) == generated(data, 0, len(data))
