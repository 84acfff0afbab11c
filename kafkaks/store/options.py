"""How batches are read: :class:`ReadOptions`, the settings every reader of segments hands down.

The public readers (:func:`kafkaks.read_log`, :func:`kafkaks.read_partition`,
:func:`kafkaks.read_arrow`, ...) take these as keyword arguments and build one :class:`ReadOptions`;
the functions below them (runs of segments, tiers, Spark tasks) take that object, so that a new
setting is added in one place, not to every signature on the way down.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..models import Problem
from ..wire.codecs import DEFAULT_MAX_DECOMPRESSED_BYTES

__all__ = ["Isolation", "ProblemHandler", "ReadOptions"]

Isolation = Literal["read_uncommitted", "read_committed"]
ProblemHandler = Callable[[Problem], None]


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """``verify_crc``: check every batch's CRC (``Batch.crc_valid``); ``max_decompressed_bytes``:
    what one batch may decompress to (:class:`~kafkaks.errors.DecompressionLimitError` past it);
    ``isolation``: ``read_committed`` reads what a consumer with that isolation level sees (a
    partition's readers only); ``on_problem``: where problems go (None: the default handler of
    :func:`~kafkaks.store.segment.read_log`, which warns or raises)."""

    verify_crc: bool = True
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES
    isolation: Isolation = "read_uncommitted"
    on_problem: ProblemHandler | None = None
