"""Column-wise decoding of v2 records: many batches' record areas at once, by the compiled core, into Arrow.

The record layout is in ``formats/kafka_record.ksy`` and :mod:`kafkaks.wire.records`. The compiled
core (``kafkaks/wire/_core.c``, built by every install) decodes a record at a time straight into
Arrow buffers of pyarrow's memory pool, with the GIL released, whatever the batch sizes; here its
buffers become Arrow arrays (:func:`~kafkaks.wire.arrays.core_binary`).

Acceptance is that of :func:`kafkaks.wire.records.decode_records`, the readable reference
(tests/test_columnar.py checks the two field by field against the generated parsers, and
tests/test_core.py against kafka-python's reader), except that values outside int64 are rejected
here: Arrow columns cannot hold them. Every read is clipped to the buffer and every record
checked against its declared length, so corrupt input raises CorruptDataError, and nothing
outside a batch's own record area ends up in its columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import pyarrow as pa

from ._core import decode_records as core_decode
from ._core import decode_spans as core_spans
from .arrays import HEADERS, Array, core_binary, core_headers

if TYPE_CHECKING:
    from ._core import CoreColumns

__all__ = ["RecordColumns", "decode_columns", "decode_spans"]


class RecordColumns(NamedTuple):
    """The records of several batches, in batch order: deltas as int64 NumPy arrays, the rest
    as Arrow arrays (``headers`` null for a record without headers, as in Spark's Kafka source;
    None when not asked for)."""

    timestamp_delta: Array
    offset_delta: Array
    key: pa.Array
    value: pa.Array
    headers: pa.Array | None


def decode_columns(
    payloads: Sequence[bytes | memoryview], counts: Sequence[int], *, with_headers: bool = True
) -> RecordColumns:
    """Decode ``counts[i]`` records from each uncompressed v2 record area ``payloads[i]``.

    Raises CorruptDataError when any area is not exactly its records (the caller finds which one
    by decoding them one at a time).
    """
    return _from_core(core_decode(payloads, counts, with_headers, pa.allocate_buffer), with_headers)


def decode_spans(
    data: bytes | bytearray, starts: Array, ends: Array, counts: Array, *, with_headers: bool
) -> RecordColumns:
    """:func:`decode_columns` of the record areas ``data[starts[i]:ends[i]]`` (int64 arrays), with
    no Python object per area."""
    begin, end, count = (np.ascontiguousarray(values, np.int64) for values in (starts, ends, counts))
    return _from_core(core_spans(data, begin, end, count, with_headers, pa.allocate_buffer), with_headers)


def _from_core(decoded: CoreColumns | None, with_headers: bool) -> RecordColumns:
    """The core's columns, in buffers of pyarrow's memory pool (which keeps their memory for the
    next call when they are freed: fresh memory a call costs a page fault every 4 KiB)."""
    if decoded is None:
        empty: Array = np.empty(0, np.int64)
        binary = pa.nulls(0, pa.binary())
        return RecordColumns(empty, empty, binary, binary, pa.nulls(0, HEADERS) if with_headers else None)
    timestamp_delta, offset_delta, key, value, headers = decoded
    count = len(timestamp_delta) // 8
    return RecordColumns(
        np.frombuffer(timestamp_delta, np.int64),
        np.frombuffer(offset_delta, np.int64),
        core_binary(key, count),
        core_binary(value, count),
        None if headers is None else core_headers(headers, count),
    )
