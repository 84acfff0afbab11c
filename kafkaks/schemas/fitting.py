"""A decoded value fitted to a column's Arrow type it was not decoded for.

A value is decoded with its writer's schema (the id in its framing); when the column's schema (the
subject's latest version) is another one and cannot read it (Avro resolution fails, JSON does not
convert, a Protobuf value of another version or message), the writer's value is fitted to the
column's type by :func:`fit`: struct fields by name, a field the column lacks dropped (as schema
evolution drops a removed field), one the value lacks null; every other value must already be of
the column's type (an int where it has a string, a string where it has a struct: :class:`DoesNotFit`,
naming the field). Nothing is converted silently: pyarrow would truncate a float into an integer.
"""

from __future__ import annotations

import datetime
import decimal
from typing import Any

import pyarrow as pa

__all__ = ["DoesNotFit", "ReaderCannotRead", "fit"]


class DoesNotFit(ValueError):
    """A value that does not fit the column's type (the message names the field)."""


class ReaderCannotRead(ValueError):
    """The column's schema cannot read a value that its writer's schema decodes."""


def fit(value: Any, arrow_type: pa.DataType, path: str = "") -> Any:
    """``value`` (the Python value of another Arrow type) as a value of ``arrow_type``;
    :class:`DoesNotFit` when it does not fit."""
    if value is None:
        return None
    if pa.types.is_struct(arrow_type):
        found = _expect(value, dict, arrow_type, path)
        return {f.name: fit(found.get(f.name), f.type, f"{path}.{f.name}".lstrip(".")) for f in arrow_type}
    if pa.types.is_map(arrow_type):
        pairs = value.items() if isinstance(value, dict) else _expect(value, list, arrow_type, path)
        return [(fit(k, arrow_type.key_type, path), fit(v, arrow_type.item_type, path)) for k, v in pairs]
    if pa.types.is_list(arrow_type) or pa.types.is_large_list(arrow_type):
        return [fit(v, arrow_type.value_type, path) for v in _expect(value, list, arrow_type, path)]
    expected = _python_type(arrow_type)
    if isinstance(value, bool) and expected is not bool:
        raise _not_fit(value, arrow_type, path)
    if pa.types.is_date(arrow_type) and isinstance(value, datetime.datetime):
        raise _not_fit(value, arrow_type, path)
    zoned = pa.types.is_timestamp(arrow_type) and arrow_type.tz is not None
    if isinstance(value, datetime.datetime) and (value.tzinfo is not None) != zoned:
        raise _not_fit(value, arrow_type, path)  # an instant is not a local time, nor the reverse
    return _expect(value, expected, arrow_type, path)


def _python_type(arrow_type: pa.DataType) -> type | tuple[type, ...]:
    if pa.types.is_integer(arrow_type):
        return int
    if pa.types.is_floating(arrow_type):
        return (float, int)
    if pa.types.is_decimal(arrow_type):
        return (decimal.Decimal, int)
    if pa.types.is_boolean(arrow_type):
        return bool
    if pa.types.is_string(arrow_type) or pa.types.is_large_string(arrow_type):
        return str
    if pa.types.is_binary(arrow_type) or pa.types.is_large_binary(arrow_type):
        return bytes
    if pa.types.is_timestamp(arrow_type):
        return datetime.datetime
    if pa.types.is_date(arrow_type):
        return datetime.date
    if pa.types.is_time(arrow_type):
        return datetime.time
    return type(None)  # null: only None fits, and it returned above


def _expect(value: Any, expected: type | tuple[type, ...], arrow_type: pa.DataType, path: str) -> Any:
    if not isinstance(value, expected):
        raise _not_fit(value, arrow_type, path)
    return value


def _not_fit(value: Any, arrow_type: pa.DataType, path: str) -> DoesNotFit:
    where = f"field {path}: " if path else ""
    return DoesNotFit(f"{where}a {type(value).__name__} where the column has {arrow_type}")
