"""Kafka's JSON text: what Jackson's ``ObjectNode.toString()`` writes, as kafka-dump-log prints the
decoded records of internal topics."""

from __future__ import annotations

import json
import math
from decimal import Decimal
from typing import Any

__all__ = ["to_kafka_json"]

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _json_string(text: str) -> str:
    """A string as Jackson writes it: UTF-8 as is, control characters as \\uXXXX (upper-case hex)."""
    return '"' + "".join(_ESCAPES.get(c) or (f"\\u{ord(c):04X}" if c < " " else c) for c in text) + '"'


def _java_double(x: float) -> str:
    """Java's Double.toString (what Jackson prints for a DoubleNode)."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "-0.0" if math.copysign(1.0, x) < 0 else "0.0"
    sign = "-" if x < 0 else ""
    digits, exponent = _shortest_digits(abs(x))  # value = 0.d1d2... * 10^exponent
    if 1e-3 <= abs(x) < 1e7:
        if exponent <= 0:
            return f"{sign}0.{'0' * -exponent}{digits}"
        whole, frac = digits[:exponent].ljust(exponent, "0"), digits[exponent:]
        return f"{sign}{whole}.{frac or '0'}"
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{exponent - 1}"


def _shortest_digits(x: float) -> tuple[str, int]:
    """The shortest decimal digits that read back as ``x`` (as Java 19+ prints them) and the
    exponent e with x = 0.digits * 10^e."""
    sign_digits_exponent = Decimal(repr(x)).as_tuple()
    digits = "".join(map(str, sign_digits_exponent.digits))
    exponent = len(digits) + int(sign_digits_exponent.exponent)
    return digits.rstrip("0") or "0", exponent


def to_kafka_json(value: Any) -> str:
    """Compact JSON as Kafka's Jackson ObjectNode.toString() writes it (no spaces, UTF-8 kept,
    doubles as Java prints them)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _java_double(value)
    if isinstance(value, str):
        return _json_string(value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{_json_string(k)}:{to_kafka_json(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(to_kafka_json(v) for v in value) + "]"
    return json.dumps(value)
