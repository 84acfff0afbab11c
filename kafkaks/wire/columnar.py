"""Column-wise decoding of v2 records: many batches' record areas at once, with NumPy, into Arrow.

The object-based decoder (:mod:`kafkaks.wire.records`) spends its time on one Python step per field.
Here each field is decoded for all records of many batches at once (the record layout is in
``formats/kafka_record.ksy`` and :mod:`kafkaks.wire.records`)::

    length varint | attributes int8 | timestampDelta varlong | offsetDelta varint
    | keyLength varint | key | valueLength varint | value
    | headersCount varint | [headerKeyLength varint | headerKey | headerValueLength varint | headerValue]

1. Record boundaries. The length chain is sequential inside a batch, but batches are independent:
   one NumPy step reads the next record length of every batch at once ("lanes"), so a run of N
   batches of up to M records costs about M vector steps. When few lanes remain (one long batch),
   a plain loop finishes them.
2. Fields. Every varint field is read for all records at once: gather the first byte, then loop
   only over the continuation bytes that occur. Headers take one step per header index.
3. Arrow. Keys, values, header keys and values are cut out of the record bytes by an Arrow
   ``take`` over a binary array whose offsets interleave each field's start and end, so no
   per-record Python object is ever made.

The compiled core (``kafkaks/wire/_core.c``, built by ``pip install``) does the same in C, a
record at a time straight into Arrow buffers, whatever the batch sizes: :func:`decode_columns`
uses it when it is built, and this NumPy decoder (:func:`decode_columns_numpy`) otherwise, as
when the package is run from a source tree without building it; tests/test_core.py checks each
against the other.

Acceptance is that of :func:`kafkaks.wire.records.decode_records` (tests/test_columnar.py checks it
field by field against it and the generated parsers), except that values outside int64 are
rejected here: Arrow columns cannot hold them. Every read is clipped to the buffer and every
record checked against its declared length, so corrupt input raises CorruptDataError, never an
IndexError, and nothing outside a batch's own record area ends up in its columns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, cast

import numpy as np
import pyarrow as pa

from ..errors import CorruptDataError
from .arrays import Array, from_numpy, from_values, list_array
from .records import MISPLACED_END, read_varint

if TYPE_CHECKING:
    from ._core import CoreColumn, CoreColumns, CoreHeaders

Allocate = Callable[[int], pa.Buffer]
compiled_decode: (
    Callable[[Sequence[bytes | memoryview], Sequence[int], bool, Allocate], CoreColumns | None] | None
)
compiled_spans: Callable[[bytes | bytearray, Array, Array, Array, bool, Allocate], CoreColumns | None] | None
try:
    from ._core import decode_records as compiled_decode
    from ._core import decode_spans as compiled_spans
except ImportError:  # not built: the NumPy decoder
    compiled_decode = compiled_spans = None

__all__ = [
    "HEADERS",
    "JoinBuffer",
    "RecordColumns",
    "decode_columns",
    "decode_columns_numpy",
    "decode_spans",
]

HEADERS = pa.list_(pa.struct([pa.field("key", pa.string()), pa.field("value", pa.binary())]))

# Below this many batches still decoding, a plain loop beats a vector step per record.
MIN_LANES = 4
MIN_RECORD_SIZE = 7  # one byte each: length, attributes, deltas, key and value lengths, header count
MAX_VARINT_BYTES = 10
MAX_INT32_OFFSETS = 0x7FFFFFFF


class RecordColumns(NamedTuple):
    """The records of several batches, in batch order: deltas as int64 NumPy arrays, the rest
    as Arrow arrays (``headers`` null for a record without headers, as in Spark's Kafka source;
    None when not asked for)."""

    timestamp_delta: Array
    offset_delta: Array
    key: pa.Array
    value: pa.Array
    headers: pa.Array | None


class JoinBuffer:
    """Where :func:`decode_columns` joins the record areas, reused from call to call.

    A fresh multi-megabyte buffer a call is handed back to the system and faulted in again each
    time; reusing one saved about 100,000 page faults a million zstd records (a quarter of the
    time). Nothing :func:`decode_columns` returns points into it.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()

    def join(self, payloads: Sequence[bytes | memoryview]) -> memoryview:
        total = sum(map(len, payloads))
        if len(self._buffer) < total:  # a new one: the old one may still be exported
            self._buffer = bytearray(total + total // 4)
        view = memoryview(self._buffer)[:total]
        at = 0
        for payload in payloads:
            view[at : at + len(payload)] = payload
            at += len(payload)
        return view


def _varint(buf: Array, pos: Array) -> tuple[Array, Array]:
    """The ZigZag varints starting at ``pos`` (int64 positions): (int64 values, positions after).

    Reads are clipped to ``buf``; a varint of more than 10 bytes or one whose value does not fit
    in 64 bits raises.
    """
    first: Array = buf.take(pos, mode="clip")
    if not len(first) or first.max() < 0x80:  # all one byte
        raw: Array = first.astype(np.int64)
        return (raw >> 1) ^ -(raw & 1), pos + 1
    second: Array = buf.take(pos + 1, mode="clip")
    going: Array = first >> 7
    if not (going & (second >> 7)).any():  # all one or two bytes: record lengths are mostly so
        raw = (first & 0x7F).astype(np.int64) | (second * going).astype(np.int64) << 7
        return (raw >> 1) ^ -(raw & 1), pos + 1 + going
    wide: Array = first.astype(np.uint64)
    after: Array = pos + 1
    more: Array = np.flatnonzero(going)
    wide[more] &= 0x7F
    cursor = after[more]
    for shift in range(7, 7 * MAX_VARINT_BYTES, 7):
        byte: Array = buf.take(cursor, mode="clip")
        if shift == 63 and (byte > 1).any():
            raise CorruptDataError("varint does not fit in 64 bits")
        wide[more] |= (byte & 0x7F).astype(np.uint64) << np.uint64(shift)
        after[more] += 1
        going = byte >= 0x80
        if not going.any():
            raw = wide.view(np.int64)
            return (wide >> np.uint64(1)).view(np.int64) ^ -(raw & 1), after
        more, cursor = more[going], cursor[going] + 1
    raise CorruptDataError("varint is too long: more than 10 bytes")


def _two_byte_steps() -> Array:
    """For each pair of bytes (first | second << 8) starting a record: how far the next record
    starts (the length varint's size plus its value), or 0 when that takes a closer look (a
    varint of 3 or more bytes, a negative length)."""
    pair = np.arange(1 << 16)
    first, second = pair & 0xFF, pair >> 8
    raw = np.where(first < 0x80, first, (first & 0x7F) | (second & 0x7F) << 7)
    value = (raw >> 1) ^ -(raw & 1)
    step: Array = np.where(first < 0x80, 1, 2) + value
    step[((first >= 0x80) & (second >= 0x80)) | (value < 0)] = 0
    return step


TWO_BYTE_STEPS = _two_byte_steps()


def _record_starts(data: bytes | memoryview, buf: Array, starts: Array, ends: Array, counts: Array) -> Array:
    """Where every record starts (at its length varint), in batch order, as far as the length
    chain says: the caller checks that each record ends where the next one (or its batch) starts.

    ``data`` holds at least one record's worth of bytes.
    """
    order: Array = np.argsort(-counts, kind="stable")  # lanes by record count, longest first
    lane_counts: Array = counts[order]
    longest = int(lane_counts[0]) if len(order) else 0
    # lanes[step]: how many batches hold more than `step` records
    active = cast(Array, np.searchsorted(-lane_counts, -np.arange(longest), "left"))
    lanes: list[int] = active.tolist()
    # every two bytes as one little-endian number: a view with a stride of one byte, no copy
    pairs = np.ndarray((len(data) - 1,), "<u2", data, 0, (1,))
    last_pair = len(pairs) - 1
    pos: Array = starts[order]
    found: list[Array] = []
    step = 0
    while step < longest and lanes[step] >= MIN_LANES:
        here = pos[: lanes[step]]
        found.append(here)
        # (indexing, not take: take would copy the strided view; positions past it are corrupt data)
        advance: Array = TWO_BYTE_STEPS[pairs[np.minimum(here, last_pair)]]
        if advance.min() < 1:
            value, after = _varint(buf, here)
            _check(value > len(buf), "record length larger than its batch")  # and no int64 overflow
            advance = after - here + np.maximum(value, 0)
        pos = here + advance
        step += 1
    record_start: Array = np.empty(int(counts.sum()), np.int64)
    lane_rows: Array = (np.cumsum(counts) - counts)[order]
    if step:  # what the steps found, step by step, goes to the records' rows
        per_step: Array = np.array(lanes[:step])
        step_of: Array = np.repeat(np.arange(step), per_step)
        lane_of: Array = np.arange(len(step_of)) - np.repeat(np.cumsum(per_step) - per_step, per_step)
        record_start[lane_rows[lane_of] + step_of] = np.concatenate(found)
    lane_ends: Array = ends[order]
    for lane in range(lanes[step] if step < longest else 0):
        position, end = int(pos[lane]), int(lane_ends[lane])
        first_row = int(lane_rows[lane])
        try:
            for row in range(first_row + step, first_row + int(lane_counts[lane])):
                if position >= end:
                    raise CorruptDataError(MISPLACED_END)
                record_start[row] = position
                size, position = read_varint(data, position)
                position += max(size, 0)
        except IndexError:  # a varint running off the end of the last batch
            raise CorruptDataError(MISPLACED_END) from None
    return record_start


def _check(bad: Array, message: str) -> None:
    if bad.any():
        raise CorruptDataError(message)


def _binary(data: pa.Buffer, start: Array, end: Array, null: Array | None, kind: pa.DataType) -> pa.Array:
    """An Arrow array of ``kind`` holding ``data[start[i]:end[i]]`` (null where ``null``): a take
    of the even elements of a binary array whose offsets interleave the starts and ends."""
    count = len(start)
    if not count:
        return pa.nulls(0, kind)
    bounds: Array = np.empty(2 * count, np.int64)
    bounds[0::2] = start
    bounds[1::2] = end
    large = int(bounds[-1]) > MAX_INT32_OFFSETS
    spread_type = pa.large_binary() if large else pa.binary()
    spread = pa.Array.from_buffers(
        spread_type, 2 * count - 1, [None, pa.py_buffer(bounds if large else bounds.astype(np.int32)), data]
    )
    picks = from_numpy(
        np.arange(0, 2 * count, 2, dtype=np.int64), pa.int64(), None if null is None else ~null
    )
    taken = spread.take(picks)
    if kind == pa.string():
        return _text(taken)
    return taken.cast(kind) if large else taken


def _text(binary: pa.Array) -> pa.Array:
    """A binary array as strings: UTF-8 as is, anything else decoded as the record API does,
    with U+FFFD. Bytes all below 0x80 (ASCII, so UTF-8: header keys nearly always) need no check:
    the array is viewed as strings as it is."""
    data = binary.buffers()[2]
    if binary.type == pa.binary() and (
        data is None or data.size == 0 or np.frombuffer(data, np.uint8).max() < 0x80
    ):
        return binary.view(pa.string())
    try:
        return binary.cast(pa.string())
    except pa.ArrowInvalid:
        values = [None if v is None else v.decode("utf-8", "replace") for v in binary.to_pylist()]
        return from_values(values, pa.string())


def _no_records(with_headers: bool) -> RecordColumns:
    empty: Array = np.empty(0, np.int64)
    binary = pa.nulls(0, pa.binary())
    return RecordColumns(empty, empty, binary, binary, pa.nulls(0, HEADERS) if with_headers else None)


def decode_columns(
    payloads: Sequence[bytes | memoryview],
    counts: Sequence[int],
    *,
    with_headers: bool = True,
    joined: JoinBuffer | None = None,
) -> RecordColumns:
    """Decode ``counts[i]`` records from each uncompressed v2 record area ``payloads[i]``, with the
    compiled core when it is built, else with :func:`decode_columns_numpy` (which joins the areas
    in ``joined`` when given: a caller decoding chunk after chunk keeps one).

    Raises CorruptDataError when any area is not exactly its records (the caller finds which one
    by decoding them one at a time).
    """
    if compiled_decode is None:
        return decode_columns_numpy(payloads, counts, with_headers=with_headers, joined=joined)
    return _from_core(compiled_decode(payloads, counts, with_headers, pa.allocate_buffer), with_headers)


def decode_spans(
    data: bytes | bytearray, starts: Array, ends: Array, counts: Array, *, with_headers: bool
) -> RecordColumns:
    """:func:`decode_columns` of the record areas ``data[starts[i]:ends[i]]`` (int64 arrays), with
    no Python object per area: the compiled core only (:data:`compiled_spans` is None without it)."""
    assert compiled_spans is not None
    begin, end, count = (np.ascontiguousarray(values, np.int64) for values in (starts, ends, counts))
    return _from_core(compiled_spans(data, begin, end, count, with_headers, pa.allocate_buffer), with_headers)


def _from_core(decoded: CoreColumns | None, with_headers: bool) -> RecordColumns:
    """The core's columns, in buffers of pyarrow's memory pool (which keeps their memory for the
    next call when they are freed: fresh memory a call costs a page fault every 4 KiB)."""
    if decoded is None:
        return _no_records(with_headers)
    timestamp_delta, offset_delta, key, value, headers = decoded
    count = len(timestamp_delta) // 8
    return RecordColumns(
        np.frombuffer(timestamp_delta, np.int64),
        np.frombuffer(offset_delta, np.int64),
        _core_binary(key, count),
        _core_binary(value, count),
        None if headers is None else _core_headers(headers, count),
    )


def _core_binary(column: CoreColumn, count: int) -> pa.Array:
    """A binary array of the compiled core's (validity, offsets, data, large) buffers."""
    validity, offsets, data, large = column
    buffers = [validity, offsets, data]
    if large:  # as the NumPy decoder: cast down, which fails past 2 GiB of data
        return pa.Array.from_buffers(pa.large_binary(), count, buffers).cast(pa.binary())
    return pa.Array.from_buffers(pa.binary(), count, buffers)


def _core_headers(headers: CoreHeaders, count: int) -> pa.Array:
    validity, offsets, key, value = headers
    total = int(np.frombuffer(offsets, np.int32)[-1])
    items = pa.StructArray.from_arrays(
        [_text(_core_binary(key, total)), _core_binary(value, total)], fields=list(HEADERS.value_type)
    )
    return pa.Array.from_buffers(HEADERS, count, [validity, offsets], children=[items])


def decode_columns_numpy(
    payloads: Sequence[bytes | memoryview],
    counts: Sequence[int],
    *,
    with_headers: bool = True,
    joined: JoinBuffer | None = None,
) -> RecordColumns:
    """:func:`decode_columns` in NumPy, for when the compiled core is not built."""
    data = b"".join(payloads) if joined is None else joined.join(payloads)
    buf = np.frombuffer(data, np.uint8)
    sizes = np.fromiter(map(len, payloads), np.int64, len(payloads))
    ends = np.cumsum(sizes)
    starts = ends - sizes
    batch_counts = np.array(counts, np.int64)
    if (batch_counts < 0).any():
        raise CorruptDataError(f"Found invalid record count {int(batch_counts.min())} in magic v2 batch")
    _check(batch_counts > sizes // MIN_RECORD_SIZE + 1, "record count cannot fit in the batch's bytes")
    _check((batch_counts == 0) & (sizes > 0), MISPLACED_END)
    if not batch_counts.any():
        return _no_records(with_headers)
    if len(data) < MIN_RECORD_SIZE:
        raise CorruptDataError("Incorrect declared batch size, premature EOF reached")
    record_start = _record_starts(data, buf, starts, ends, batch_counts)
    length, body = _varint(buf, record_start)
    _check(length < 0, "Invalid negative record length")
    record_end = body + length
    # Each record ends where the next one starts, the last one of a batch where the batch ends.
    chained: Array = np.empty_like(record_start)
    chained[:-1] = record_start[1:]
    chained[np.cumsum(batch_counts)[batch_counts > 0] - 1] = ends[batch_counts > 0]
    _check(record_end != chained, MISPLACED_END)

    pos: Array = body + 1  # attributes (unused) are one byte
    timestamp_delta, pos = _varint(buf, pos)
    offset_delta, pos = _varint(buf, pos)
    key_length, pos = _varint(buf, pos)
    _check(key_length > length, "key length larger than its record")
    key_start, pos = pos, pos + np.maximum(key_length, 0)
    value_length, pos = _varint(buf, pos)
    _check(value_length > length, "value length larger than its record")
    value_start, pos = pos, pos + np.maximum(value_length, 0)
    header_count, pos = _varint(buf, pos)
    _check(header_count < 0, "Found invalid number of record headers")
    _check(header_count > length, "header count larger than its record")

    list_offsets: Array = np.zeros(len(body) + 1, np.int64)
    np.cumsum(header_count, out=list_offsets[1:])
    total_headers = int(list_offsets[-1])
    hkey_start: Array = np.empty(total_headers, np.int64)
    hkey_end: Array = np.empty(total_headers, np.int64)
    hvalue_start: Array = np.empty(total_headers, np.int64)
    hvalue_end: Array = np.empty(total_headers, np.int64)
    hvalue_null: Array = np.empty(total_headers, np.bool_)
    having = np.flatnonzero(header_count)
    index = 0
    while len(having):
        here = pos[having]
        hkey_length, here = _varint(buf, here)
        _check(hkey_length < 0, "Invalid negative header key size")
        _check(hkey_length > length[having], "header key larger than its record")
        slots = list_offsets[having] + index
        hkey_start[slots] = here
        here = here + hkey_length
        hkey_end[slots] = here
        hvalue_length, here = _varint(buf, here)
        _check(hvalue_length > length[having], "header value larger than its record")
        hvalue_start[slots] = here
        hvalue_null[slots] = hvalue_length < 0
        here = here + np.maximum(hvalue_length, 0)
        hvalue_end[slots] = here
        pos[having] = here
        _check(here > record_end[having], "headers run past the end of their record")
        index += 1
        having = having[header_count[having] > index]
    wrong = np.flatnonzero(pos != record_end)
    if len(wrong):
        row = int(wrong[0])
        raise CorruptDataError(
            f"Invalid record size: expected to read {int(length[row])} bytes in record payload, "
            f"but instead read {int(pos[row] - body[row])}"
        )

    buffer = pa.py_buffer(data)
    key_null = key_length < 0
    value_null = value_length < 0
    headers = None
    if with_headers:
        headers = list_array(
            list_offsets,
            pa.StructArray.from_arrays(
                [
                    _binary(buffer, hkey_start, hkey_end, None, pa.string()),
                    _binary(buffer, hvalue_start, hvalue_end, hvalue_null, pa.binary()),
                ],
                fields=list(HEADERS.value_type),
            ),
            HEADERS,
            header_count != 0,
        )
    return RecordColumns(
        timestamp_delta,
        offset_delta,
        _binary(buffer, key_start, key_start + np.maximum(key_length, 0), key_null, pa.binary()),
        _binary(buffer, value_start, value_start + np.maximum(value_length, 0), value_null, pa.binary()),
        headers,
    )
