"""Decoded values as JSON, for ``kafkaks dump --json --decode-values`` (``decoded_value``).

Each value is the Python value of its Arrow column (:mod:`kafkaks.schemas.decode`) written as
JSON: records and structs as objects, maps as objects, lists as arrays; decimals as strings (exact,
``"100.10"``), timestamps, dates and times as ISO 8601 text (``"2024-01-01T00:00:10+00:00"``),
bytes in the dump's ``--bytes`` format (base64 by default).
"""

from __future__ import annotations

import datetime
import decimal
import os
from collections.abc import Callable
from typing import Any

from ..models import Record
from .decode import Decoder, Decoding, decoder, decoding_of
from .registry import SchemaLookupError

__all__ = ["DumpDecoder", "json_value"]


def json_value(value: Any, encode: Callable[[bytes], str]) -> Any:
    """A decoded value as JSON-ready Python (dicts, lists, str, numbers, bool, None)."""
    if isinstance(value, dict):
        return {str(k): json_value(v, encode) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_value(v, encode) for v in value]
    if isinstance(value, bytes):
        return encode(value)
    if isinstance(value, decimal.Decimal):
        return str(value)
    if isinstance(value, datetime.date | datetime.time):  # datetime is a date
        return value.isoformat()
    return value


class DumpDecoder:
    """The ``decoded_value`` object of each record of ``kafkaks dump --json``: ``schema_id``,
    ``value`` and ``problem`` (why it did not decode), as ``source`` says (True, or a
    :class:`~kafkaks.schemas.decode.Decoding` without a registry: the ``_schemas`` topic of each
    dumped file's log dir, found once per log dir; a URL or path: that registry)."""

    def __init__(self, source: bool | str | Decoding, encode: Callable[[bytes], str]) -> None:
        decoding = decoding_of(source)
        self.decoding = decoding if decoding is not None else Decoding()
        self.encode = encode
        self._decoders: dict[str, Decoder | SchemaLookupError] = {}

    def _decoder(self, path: str | None) -> Decoder | SchemaLookupError:
        where = (
            os.path.dirname(os.path.dirname(os.path.abspath(path or ".")))
            if self.decoding.registry is None
            else ""
        )
        if where not in self._decoders:
            try:
                self._decoders[where] = decoder(self.decoding, [os.path.dirname(path or ".")])
            except SchemaLookupError as error:
                self._decoders[where] = error
        return self._decoders[where]

    def __call__(self, path: str | None, record: Record) -> dict[str, Any] | None:
        if record.control is not None:
            return None
        if record.value is None:
            return {"schema_id": None, "value": None, "problem": None}
        found = self._decoder(path)
        if isinstance(found, SchemaLookupError):
            return {"schema_id": None, "value": None, "problem": found.reason}
        schema_id, value, problem, _ = found.decode_value(record.value, record.topic, "value")
        return {"schema_id": schema_id, "value": json_value(value, self.encode), "problem": problem}
