"""A faster stream for the generated parsers: :class:`BytesStream`, a KaitaiStream over bytes.

The runtime's KaitaiStream reads every field through a file object (``read_u1`` is four Python
calls and a ``BytesIO.read``). Kafka's record format reads many one-byte fields (every varint
group), so for data already in memory this stream indexes the bytes directly and is a drop-in
replacement for ``KaitaiStream(BytesIO(data))``::

    >>> from kafkaks.generated.kafka_log import KafkaLog
    >>> log = KafkaLog(BytesStream(path.read_bytes()))

Only the byte-aligned reads are fast; the rest of the KaitaiStream API works through the base
class, which uses this stream as its own file object, so both share one position. Bit-field reads
are not aligned before a following byte read (kafkaks's specs have no bit fields).

For files too big to parse whole (``KafkaLog.from_file`` keeps every entry), :func:`log_entries`
parses a segment with the generated parser one entry at a time, reading from the file::

    >>> with open(path, "rb") as f:
    ...     for entry in log_entries(f):
    ...         print(entry.body.base_offset if entry.is_complete else entry.note)
"""

from __future__ import annotations

import io
import struct
from collections.abc import Iterator
from typing import Any, BinaryIO

from kaitaistruct import EndOfStreamError, KaitaiStream

__all__ = ["BytesStream", "log_entries"]

_S2 = struct.Struct(">h").unpack_from
_S4 = struct.Struct(">i").unpack_from
_S8 = struct.Struct(">q").unpack_from
_U2 = struct.Struct(">H").unpack_from
_U4 = struct.Struct(">I").unpack_from
_U8 = struct.Struct(">Q").unpack_from


class BytesStream(KaitaiStream):  # type: ignore[misc]  # the runtime has no type hints
    """A KaitaiStream over ``data`` in memory. Reading past the end raises the runtime's
    EndOfStreamError (an EOFError), as KaitaiStream does."""

    def __init__(self, data: bytes | bytearray | memoryview) -> None:
        self._buf = bytes(data)
        self._pos = 0
        super().__init__(self)  # the base class reads through read/seek/tell below

    # The file-object side, for the base class's methods.
    def read(self, n: int = -1) -> bytes:
        start = self._pos
        end = len(self._buf) if n < 0 else min(start + n, len(self._buf))
        self._pos = max(end, start)
        return self._buf[start:end]

    def tell(self) -> int:
        return self._pos

    def seek(self, n: int, whence: int = io.SEEK_SET) -> int:
        self._pos = n + (len(self._buf) if whence == io.SEEK_END else self._pos if whence else 0)
        return self._pos

    def close(self) -> None:
        """Nothing to close: the stream owns only its bytes."""

    # The KaitaiStream side.
    def pos(self) -> int:
        return self._pos

    def size(self) -> int:
        return len(self._buf)

    def is_eof(self) -> bool:
        return self._pos >= len(self._buf)

    def _eof(self, n: int) -> EndOfStreamError:
        available = max(len(self._buf) - self._pos, 0)
        return EndOfStreamError(f"requested {n} bytes, but only {available} bytes available", n, available)

    def read_u1(self) -> int:
        pos = self._pos
        try:
            value = self._buf[pos]
        except IndexError:
            raise self._eof(1) from None
        self._pos = pos + 1
        return value

    def read_s1(self) -> int:
        value = self.read_u1()
        return value - 256 if value >= 128 else value

    def _unpack(self, unpack: object, n: int) -> int:
        pos = self._pos
        if pos + n > len(self._buf):
            raise self._eof(n)
        self._pos = pos + n
        return unpack(self._buf, pos)[0]  # type: ignore[operator,no-any-return]

    def read_s2be(self) -> int:
        return self._unpack(_S2, 2)

    def read_s4be(self) -> int:
        return self._unpack(_S4, 4)

    def read_s8be(self) -> int:
        return self._unpack(_S8, 8)

    def read_u2be(self) -> int:
        return self._unpack(_U2, 2)

    def read_u4be(self) -> int:
        return self._unpack(_U4, 4)

    def read_u8be(self) -> int:
        return self._unpack(_U8, 8)

    def read_bytes(self, n: int) -> bytes:
        pos = self._pos
        end = pos + n
        if n < 0 or end > len(self._buf):
            return KaitaiStream.read_bytes(self, n)  # type: ignore[no-any-return]  # raises its errors
        self._pos = end
        return self._buf[pos:end]

    def read_bytes_full(self) -> bytes:
        return BytesStream.read(self)


def log_entries(file: BinaryIO) -> Iterator[Any]:
    """The entries of a ``.log`` or ``.checkpoint`` file as the generated parser reads them
    (``KafkaLog.LogEntry``: ``body`` is a ``KafkaRecordBatch`` or a legacy entry), parsed one at a
    time from ``file`` (opened in binary mode, seekable). Only the current entry is in memory, so a
    segment of any size takes the memory of its largest batch. As in ``KafkaLog.entries``, the last
    entry may be incomplete (``is_complete`` false, its bytes in ``leftover``)."""
    from .generated.kafka_log import KafkaLog

    stream = KaitaiStream(file)
    while not stream.is_eof():
        entry = KafkaLog.LogEntry(stream.pos(), stream)
        yield entry
        if not entry.is_complete:
            return
