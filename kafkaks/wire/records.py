"""Decoding the records of a v2 batch: by the compiled core, with a readable reference in Python.

Record (DefaultRecord.java; every length a ZigZag varint, -1 for null)::

    length varint | attributes int8 | timestampDelta varlong | offsetDelta varint
    | keyLength varint | key | valueLength varint | value
    | headersCount varint | [headerKeyLength varint | headerKey | headerValueLength varint | headerValue]

:func:`decode` (what ``Batch.records()`` gives), :func:`count_decoded` and :func:`split_records`
run the compiled core (``kafkaks/wire/_core.c``, the decoder :mod:`kafkaks.wire.columnar` runs for
Arrow). :func:`decode_records` reads the same bytes in plain Python, a hand-tuned twin of
``formats/kafka_record.ksy``: the reference the tests compare the core against
(tests/test_columnar.py checks it and the core field by field against the generated parser), and what locates
damage the core rejects: the records before it, then its error where it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from ..errors import CorruptDataError
from ._core import check_records as compiled_check
from ._core import piece_ends as compiled_ends
from ._core import record_tuples as compiled_records

__all__ = [
    "PIECE_RECORDS",
    "RawRecord",
    "count_decoded",
    "decode",
    "decode_records",
    "read_varint",
    "split_records",
]

# (timestamp_delta, offset_delta, key, value, headers)
RawRecord = tuple[int, int, bytes | None, bytes | None, list[tuple[str, bytes | None]]]


def read_varint(buf: bytes | memoryview, pos: int) -> tuple[int, int]:
    """A ZigZag varint or varlong at ``pos``: (value, position after it)."""
    b = buf[pos]
    pos += 1
    if b < 128:
        return (b >> 1) ^ -(b & 1), pos
    raw = b & 0x7F
    shift = 7
    while True:
        b = buf[pos]
        pos += 1
        raw |= (b & 0x7F) << shift
        if b < 128:
            return (raw >> 1) ^ -(raw & 1), pos
        shift += 7
        if shift >= 70:
            raise CorruptDataError("varint is too long: more than 10 bytes")


def decode_records(buf: bytes, count: int, position: int = 0, first: int = 0) -> Iterator[RawRecord]:
    """The ``count`` records that make up all of ``buf`` (a batch's uncompressed records area),
    one at a time: a batch of millions of records costs one record's memory beyond ``buf``.
    With ``position`` and ``first``: those from record ``first`` on, which starts at ``position``.

    A claimed count that cannot fit raises before any record; any other damage raises when the
    record it breaks is reached, after the records before it.
    """
    if count < 0:
        raise CorruptDataError(f"Found invalid record count {count} in magic v2 batch")
    # A hostile count must not make us loop past the data: every record takes at least 7 bytes.
    if count > len(buf) // 7 + 1:
        raise CorruptDataError(f"record count {count} cannot fit in {len(buf)} bytes of records")
    varint = read_varint
    pos = position
    index = first
    try:
        for index in range(first, count):
            length, pos = varint(buf, pos)
            start = pos
            # attributes (unused) are one byte
            pos += 1
            timestamp_delta, pos = varint(buf, pos)
            offset_delta, pos = varint(buf, pos)
            key_len, pos = varint(buf, pos)
            if key_len >= 0:
                key: bytes | None = buf[pos : pos + key_len]
                pos += key_len
            else:
                key = None
            value_len, pos = varint(buf, pos)
            if value_len >= 0:
                value: bytes | None = buf[pos : pos + value_len]
                pos += value_len
            else:
                value = None
            num_headers, pos = varint(buf, pos)
            headers: list[tuple[str, bytes | None]] = []
            if num_headers:
                if num_headers < 0:
                    raise CorruptDataError(f"Found invalid number of record headers {num_headers}")
                for _ in range(num_headers):
                    hkey_len, pos = varint(buf, pos)
                    if hkey_len < 0:
                        raise CorruptDataError(f"Invalid negative header key size {hkey_len}")
                    hkey = buf[pos : pos + hkey_len].decode("utf-8", "replace")
                    pos += hkey_len
                    hvalue_len, pos = varint(buf, pos)
                    if hvalue_len >= 0:
                        hvalue: bytes | None = buf[pos : pos + hvalue_len]
                        pos += hvalue_len
                    else:
                        hvalue = None
                    headers.append((hkey, hvalue))
            if pos - start != length:
                raise CorruptDataError(
                    f"Invalid record size: expected to read {length} bytes in record payload, "
                    f"but instead read {pos - start} (record {index})"
                )
            if pos > len(buf):  # slices stop at the end: a length past it must not pass for data
                raise CorruptDataError(
                    f"Incorrect declared batch size, premature EOF reached ({pos - len(buf)} bytes "
                    f"short in record {index} of {count})"
                )
            yield timestamp_delta, offset_delta, key, value, headers
    except IndexError:
        raise CorruptDataError(
            f"Incorrect declared batch size, premature EOF reached (record {index} of {count})"
        ) from None
    if pos < len(buf):
        raise CorruptDataError(
            f"Incorrect declared batch size, records still remaining in file ({len(buf) - pos} bytes "
            f"after {count} records)"
        )


MISPLACED_END = "Incorrect declared batch size: the records do not end where the batch does"
# What decode hands to the compiled core at once: a batch of more records is decoded in pieces of
# this many, so that its objects take a piece's memory, not the batch's.
PIECE_RECORDS = 4096


def decode(buf: bytes, count: int) -> Iterator[RawRecord]:
    """:func:`decode_records`, by the compiled core (tests/test_core.py checks the two agree): a
    piece of at most :data:`PIECE_RECORDS` records at a time, each checked whole before any of its
    records is made.

    Where the core rejects a piece, :func:`decode_records` reads the area again from the record
    after those already yielded: the records before the damage come, and its error is raised where
    it is. (The core also rejects what int64 cannot hold, which :func:`decode_records` decodes.)
    """
    yield from _through_core(buf, count, compiled_records, lambda records: records)


def count_decoded(buf: bytes, count: int) -> Iterator[int]:
    """How many of the records :func:`decode` gives decode, as numbers that add up to it, without
    making them (the core checks a piece at a time, keeping nothing); the error :func:`decode`
    raises is raised where it does, after the numbers of the records before it."""

    def checked(piece: bytes, records: int) -> list[int]:
        compiled_check(piece, records)
        return [records]

    yield from _through_core(buf, count, checked, lambda records: (1 for _ in records))


_T = TypeVar("_T")


def _through_core(
    buf: bytes,
    count: int,
    core: Callable[[bytes, int], Iterable[_T]],
    fallback: Callable[[Iterator[RawRecord]], Iterable[_T]],
) -> Iterator[_T]:
    """What ``core`` gives for each piece of :data:`PIECE_RECORDS` records; from a piece it
    rejects on, what ``fallback`` gives for :func:`decode_records` of the records from there: those
    before the damage, then its error, where it is. (The core also rejects what int64 cannot hold,
    which :func:`decode_records` decodes.)"""
    done = position = 0
    try:
        pieces = [(buf, count)] if count <= PIECE_RECORDS else split_records(buf, count, PIECE_RECORDS)
        for piece, records in pieces:
            yield from core(piece, records)
            done += records
            position += len(piece)
    except CorruptDataError:
        yield from fallback(decode_records(buf, count, position, done))


def split_records(payload: bytes, count: int, rows: int) -> Iterator[tuple[bytes, int]]:
    """A record area of ``count`` records cut at record boundaries into pieces of at most ``rows``
    records: (piece, records in it), so that a batch of millions of records decodes a piece at a
    time. Only the length chain is followed here (by the core: a batch of tens of millions of tiny
    records is cut in a fraction of a second); :func:`decode_columns` checks each piece. Where the
    chain breaks, the pieces before the break come, then its error (found in Python)."""
    start = first = 0
    ends, complete = compiled_ends(payload, count, rows)
    for end in memoryview(ends).cast("q"):
        yield payload[start:end], rows
        start, first = end, first + rows
    if complete:
        yield payload[start:], count - first
        return
    yield from _split_from(payload, count, rows, start, first)


def _split_from(payload: bytes, count: int, rows: int, start: int, first: int) -> Iterator[tuple[bytes, int]]:
    """:func:`split_records` from the piece of record ``first`` at ``start``, in Python."""
    position = start
    try:
        for index in range(first, count):
            if index - first == rows:
                yield payload[start:position], rows
                start, first = position, index
            if position >= len(payload):
                raise CorruptDataError(MISPLACED_END)
            size, position = read_varint(payload, position)
            position += max(size, 0)
    except IndexError:  # a varint running off the end
        raise CorruptDataError(MISPLACED_END) from None
    if position != len(payload):
        raise CorruptDataError(MISPLACED_END)
    yield payload[start:position], count - first
