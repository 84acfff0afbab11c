"""kafkaks.wire.arrays: Arrow arrays built from buffers equal what pyarrow's own converters build."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kafkaks.wire.arrays import HEADERS, from_numpy, from_values, list_array, repeated

CASES: list[tuple[pa.DataType, list[Any]]] = [
    (pa.int32(), [1, None, -(2**31), 2**31 - 1]),
    (pa.int64(), [None, -(2**63), 2**63 - 1, 0]),
    (pa.int16(), [-1, None, 7]),
    (pa.bool_(), [True, False, None, True, True, False, False, False, True]),
    (pa.timestamp("us", tz="UTC"), [0, None, -1_000_000, 1_700_000_000_000_000]),
    (pa.string(), ["orders", None, "", "\u00e9t\u00e9 \ufffd"]),
    (pa.binary(), [b"", None, b"\x00\xff", b"x" * 1000]),
    (HEADERS, [[("a", b"1"), ("b", None)], None, [], [("\u00fc", b"")]]),
]


@pytest.mark.parametrize(("kind", "values"), CASES, ids=[str(kind) for kind, _ in CASES])
def test_from_values_equals_pa_array(kind: pa.DataType, values: list[Any]) -> None:
    expected_values = values
    if kind == HEADERS:
        expected_values = [None if v is None else [{"key": k, "value": b} for k, b in v] for v in values]
    built = from_values(values, kind)
    built.validate(full=True)
    assert built.equals(pa.array(expected_values, kind))


def test_empty() -> None:
    for kind, _ in CASES:
        assert from_values([], kind).equals(pa.array([], kind))


@given(st.lists(st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1)), max_size=200))
def test_int64_with_nulls(values: list[int | None]) -> None:
    assert from_values(values, pa.int64()).equals(pa.array(values, pa.int64()))


@given(st.lists(st.booleans(), max_size=100), st.lists(st.booleans(), max_size=100))
def test_from_numpy_validity(values: list[bool], valid: list[bool]) -> None:
    size = min(len(values), len(valid))
    numbers = np.arange(size, dtype=np.int64)
    built = from_numpy(numbers, pa.int64(), np.array(valid[:size], np.bool_))
    expected = pa.array([int(n) if ok else None for n, ok in zip(numbers, valid, strict=False)], pa.int64())
    assert built.equals(expected)


def test_list_array_nulls() -> None:
    items = from_values([1, 2, 3], pa.int32())
    built = list_array(np.array([0, 2, 2, 3]), items, pa.list_(pa.int32()), np.array([True, False, True]))
    assert built.to_pylist() == [[1, 2], None, [3]]


@pytest.mark.parametrize(("kind", "values"), CASES[:-1], ids=[str(kind) for kind, _ in CASES[:-1]])
@pytest.mark.parametrize("count", [0, 1, 7, 1000])
def test_repeated_equals_a_list_of_the_value(kind: pa.DataType, values: list[Any], count: int) -> None:
    for value in values:
        built = repeated(value, count, kind)
        built.validate(full=True)
        assert built.equals(from_values([value] * count, kind))
