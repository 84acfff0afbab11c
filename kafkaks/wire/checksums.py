"""CRC-32C (Castagnoli), the checksum of v2 record batches and producer state snapshots.

The compiled core's (``kafkaks/wire/_core.c``: the CPU's CRC32 instruction where there is one, else
a slicing-by-8 table) when it is built, else the ``crc32c`` package, imported on first use: that
package loads ``importlib.metadata`` when imported, a third of ``import kafkaks`` at cold start.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["crc32c"]

_compute: Callable[[bytes | memoryview, int], int] | None
try:
    from ._core import crc32c as _compute
except ImportError:  # not built: the crc32c package
    _compute = None


def crc32c(data: bytes | memoryview, value: int = 0) -> int:
    """The CRC-32C of ``data``, continuing ``value``, the CRC-32C of the bytes before it."""
    if _compute is not None:
        return _compute(data, value)
    import crc32c as package

    crc: int = package.crc32c(data, value)
    return crc
