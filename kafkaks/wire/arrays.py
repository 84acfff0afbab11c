"""Arrow arrays built from their buffers: NumPy arrays, Python lists and the compiled core's record
columns to ``pyarrow`` arrays.

pyarrow's own converters (``pa.array``, ``pa.scalar``, ``RecordBatch.from_pydict``) import pandas
on first use whenever it is installed, to ask whether the input is a pandas object: about half a
second that a reader of Kafka segments never needs. Everything here builds arrays with
``pa.Array.from_buffers`` instead (zero-copy for NumPy input and the core's buffers), for the
handful of types the Kafka source schema has: integers, timestamps, booleans, binary, strings and
lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa

if TYPE_CHECKING:
    from ._core import CoreColumn, CoreHeaders

__all__ = [
    "HEADERS",
    "Array",
    "binaries",
    "core_binary",
    "core_headers",
    "from_numpy",
    "from_values",
    "list_array",
    "repeated",
]

Array = np.ndarray[Any, Any]
HEADERS = pa.list_(pa.struct([pa.field("key", pa.string()), pa.field("value", pa.binary())]))


def _validity(valid: Array | None) -> pa.Buffer | None:
    """Arrow's validity bitmap (least significant bit first) of a boolean array, or None if all valid."""
    if valid is None or valid.all():
        return None
    return pa.py_buffer(np.packbits(valid, bitorder="little"))


def from_numpy(values: Array, kind: pa.DataType, valid: Array | None = None) -> pa.Array:
    """A fixed-width array of ``kind`` (an integer, timestamp or boolean type) over ``values``;
    ``valid`` (booleans) marks the non-null entries."""
    count = len(values)
    if kind == pa.bool_():
        data = pa.py_buffer(np.packbits(np.asarray(values, np.bool_), bitorder="little"))
    else:
        width = kind.bit_width // 8
        data = pa.py_buffer(np.ascontiguousarray(values, np.dtype(f"<i{width}")))
    return pa.Array.from_buffers(kind, count, [_validity(valid), data])


def binaries(values: Sequence[bytes | None], kind: pa.DataType) -> pa.Array:
    """A binary or string array of ``values`` (bytes; None is null); for a string ``kind`` the bytes
    must be UTF-8."""
    sizes = np.fromiter((0 if v is None else len(v) for v in values), np.int64, len(values))
    offsets: Array = np.zeros(len(values) + 1, np.int64)
    np.cumsum(sizes, out=offsets[1:])
    if offsets[-1] > np.iinfo(np.int32).max:
        kind = pa.large_string() if pa.types.is_string(kind) else pa.large_binary()
    width = np.int64 if kind in (pa.large_string(), pa.large_binary()) else np.int32
    valid = np.fromiter((v is not None for v in values), np.bool_, len(values))
    data = pa.py_buffer(b"".join(v for v in values if v is not None))
    return pa.Array.from_buffers(
        kind, len(values), [_validity(valid), pa.py_buffer(offsets.astype(width)), data]
    )


def list_array(offsets: Array, items: pa.Array, kind: pa.ListType, valid: Array | None = None) -> pa.Array:
    """A list array of ``kind``: entry i holds ``items[offsets[i]:offsets[i + 1]]``."""
    return pa.ListArray.from_arrays(
        from_numpy(offsets, pa.int32()),
        items,
        type=kind,
        mask=None if valid is None else from_numpy(~valid, pa.bool_()),
    )


def from_values(values: Sequence[Any], kind: pa.DataType) -> pa.Array:
    """An array of ``kind`` from Python values (None is null): integers, timestamps (as integers in
    the type's unit), booleans, bytes, str, or for a list of structs of two fields, lists of
    (first, second) pairs."""
    if pa.types.is_list(kind):
        pairs = [[] if v is None else v for v in values]
        offsets: Array = np.zeros(len(values) + 1, np.int64)
        np.cumsum([len(p) for p in pairs], out=offsets[1:])
        fields = list(kind.value_type)
        flat = [pair for p in pairs for pair in p]
        items = pa.StructArray.from_arrays(
            [from_values([pair[i] for pair in flat], field.type) for i, field in enumerate(fields)],
            fields=fields,
        )
        return list_array(
            offsets, items, kind, np.fromiter((v is not None for v in values), np.bool_, len(values))
        )
    if pa.types.is_string(kind):
        return binaries([None if v is None else v.encode("utf-8") for v in values], kind)
    if pa.types.is_binary(kind):
        return binaries(values, kind)
    valid = np.fromiter((v is not None for v in values), np.bool_, len(values))
    numbers = np.fromiter((0 if v is None else v for v in values), np.int64, len(values))
    return from_numpy(numbers, kind, valid)


def repeated(value: Any, count: int, kind: pa.DataType) -> pa.Array:
    """``count`` times ``value`` as an array of ``kind`` (a value as :func:`from_values` takes it;
    None is null), built from its buffers: what a column holding one file's or one partition's
    value for each of its rows costs is then a fill, not a take."""
    if value is None:
        return pa.nulls(count, kind)
    if pa.types.is_string(kind) or pa.types.is_binary(kind):
        data = value.encode("utf-8") if isinstance(value, str) else bytes(value)
        if len(data) * count > np.iinfo(np.int32).max:  # past int32 offsets: Arrow's take says what
            return from_values([value], kind).take(from_numpy(np.zeros(count, np.int64), pa.int64()))
        offsets = np.arange(count + 1, dtype=np.int32) * np.int32(len(data))
        return pa.Array.from_buffers(kind, count, [None, pa.py_buffer(offsets), pa.py_buffer(data * count)])
    return from_numpy(np.full(count, value, np.int64), kind)


def core_binary(column: CoreColumn, count: int) -> pa.Array:
    """A binary array of the compiled core's (validity, offsets, data, large) buffers."""
    validity, offsets, data, large = column
    buffers = [validity, offsets, data]
    if large:  # cast down, which fails past 2 GiB of data
        return pa.Array.from_buffers(pa.large_binary(), count, buffers).cast(pa.binary())
    return pa.Array.from_buffers(pa.binary(), count, buffers)


def core_headers(headers: CoreHeaders, count: int) -> pa.Array:
    """A :data:`HEADERS` array of the compiled core's header buffers."""
    validity, offsets, key, value = headers
    total = int(np.frombuffer(offsets, np.int32)[-1])
    items = pa.StructArray.from_arrays(
        [_text(core_binary(key, total)), core_binary(value, total)], fields=list(HEADERS.value_type)
    )
    return pa.Array.from_buffers(HEADERS, count, [validity, offsets], children=[items])


def _text(binary: pa.Array) -> pa.Array:
    """A binary array as strings: UTF-8 as is, anything else decoded as the record API does,
    with U+FFFD. Bytes all below 0x80 (ASCII, so UTF-8: header keys nearly always) need no check:
    the array is viewed as strings as it is."""
    data = binary.buffers()[2]
    if data is None or data.size == 0 or np.frombuffer(data, np.uint8).max() < 0x80:
        return binary.view(pa.string())
    try:
        return binary.cast(pa.string())
    except pa.ArrowInvalid:
        values = [None if v is None else v.decode("utf-8", "replace") for v in binary.to_pylist()]
        return from_values(values, pa.string())
