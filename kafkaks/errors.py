"""The errors kafkaks raises. Every one says where: file, byte position and Kafka offset.

    KafkaksError                      anything kafkaks raises on bad input
    ├── CorruptDataError              bytes that break the format (lengths, varints, structure)
    │   └── DecompressionError        a compressed payload that does not decompress
    │       └── DecompressionLimitError   ... or decompresses past the configured cap
    ├── UnsupportedError              valid-looking data kafkaks cannot read (magic, codec id)
    ├── NoKafkaDataError              a path that does not exist or holds no Kafka file
    └── UnreadableFileError           a file or directory that cannot be opened or listed, or a
                                      link that is not followed (a loop, out of the directory read)
    KafkaksWarning                    a problem that is not fatal, warned when no on_problem is given

Low-level helpers raise without a location; the reader that knows the file and batch adds it with
:meth:`KafkaksError.at`, so messages read ``<file>: position <p>, offset <o>: <reason>``.
"""

from __future__ import annotations

import os
from typing import Self

__all__ = [
    "CorruptDataError",
    "DecompressionError",
    "DecompressionLimitError",
    "KafkaksError",
    "KafkaksWarning",
    "NoKafkaDataError",
    "UnreadableFileError",
    "UnsupportedError",
]


class KafkaksError(Exception):
    """Base class. ``reason`` is the bare message; ``path``, ``position``, ``offset`` may be None."""

    def __init__(
        self,
        reason: str,
        *,
        path: str | os.PathLike[str] | None = None,
        position: int | None = None,
        offset: int | None = None,
    ) -> None:
        self.reason = reason
        self.path = None if path is None else os.fspath(path)
        self.position = position
        self.offset = offset
        super().__init__(self._message())

    def _message(self) -> str:
        where = []
        if self.path is not None:
            where.append(self.path)
        if self.position is not None:
            where.append(f"position {self.position}")
        if self.offset is not None:
            where.append(f"offset {self.offset}")
        return f"{', '.join(where)}: {self.reason}" if where else self.reason

    def at(
        self,
        path: str | os.PathLike[str] | None = None,
        position: int | None = None,
        offset: int | None = None,
    ) -> Self:
        """A copy of this error with the location filled in where it was missing."""
        located = type(self)(
            self.reason,
            path=self.path if self.path is not None else path,
            position=self.position if self.position is not None else position,
            offset=self.offset if self.offset is not None else offset,
        )
        located.__cause__ = self.__cause__
        return located


class CorruptDataError(KafkaksError):
    """The bytes do not follow Kafka's format: a broken length, varint, record or index entry."""


class DecompressionError(CorruptDataError):
    """A compressed payload is damaged or is not in the codec its batch claims."""


class DecompressionLimitError(DecompressionError):
    """A payload decompresses to more than the cap (``max_decompressed_bytes``)."""


class UnsupportedError(KafkaksError):
    """Data kafkaks does not read: an unknown magic or codec id, zstd in a v0/v1 message."""


class NoKafkaDataError(KafkaksError):
    """A path that does not exist, or a file or directory that holds no Kafka file: no segment,
    no partition directory (one holding segments), no file of a broker log directory."""


class UnreadableFileError(KafkaksError):
    """A file or directory that cannot be opened or listed (no permission, a dangling link, a
    directory where a segment was expected), or a link that is not followed: one that loops, or
    leads out of the directory being read."""


class KafkaksWarning(UserWarning):
    """A problem that is not fatal (a partial batch at the end of a file, a zero-filled tail)."""
