"""CRC-32C (Castagnoli), the checksum of v2 record batches and producer state snapshots.

The compiled core's (``kafkaks/wire/_core.c``: the CPU's CRC32 instruction where there is one, else
a slicing-by-8 table).
"""

from __future__ import annotations

from ._core import crc32c as _compute

__all__ = ["crc32c"]


def crc32c(data: bytes | memoryview, value: int = 0) -> int:
    """The CRC-32C of ``data``, continuing ``value``, the CRC-32C of the bytes before it."""
    return _compute(data, value)
