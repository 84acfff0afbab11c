"""A remote ``.log`` object read as the segment it holds: :class:`ChunkedSegment`, a read-only,
seekable binary file that :func:`~kafkaks.store.segment.read_log` takes like a local segment.

A read fetches only the chunks that cover the bytes asked for, the neighbouring ones in one ranged
read (kept as stored, decoded when wanted), and keeps the last chunks it decoded, so a segment read
from start to end fetches each chunk once and memory stays a few chunks and one fetch, whatever
the segment's size and however well its chunks compress. A chunk is decrypted (AES-GCM,
IV first) and then decompressed (zstd), the inverse of Aiven's TransformChunkEnumeration chain
(A:KafkaRemoteStorageManager.transformation: compression, then encryption). Without either, the
object is the segment byte for byte and is read straight through.

A chunk that does not decrypt or decompress, or a ``.log`` object shorter than its chunk index
says, is an :class:`OSError` raised where its bytes are wanted: ``read_log`` reports it as an
``unreadable_file`` problem at the position of the batch it was reading, after every batch before
it, as it does for a local disk failing mid-file.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any

from .aiven import Chunk, ChunkIndex
from .stores import Blob

__all__ = ["FETCH_BYTES", "ChunkError", "ChunkedSegment", "Detransform"]

# How many transformed bytes one ranged read may fetch at least (several chunks when they are
# small), so that small chunks do not cost a request each.
FETCH_BYTES = 1 << 20
KEEP_CHUNKS = 4
Detransform = Callable[[bytes, Chunk], bytes]


class ChunkError(OSError):
    """A chunk of a remote segment that cannot be fetched, decrypted or decompressed."""


class ChunkedSegment(io.RawIOBase):
    """The segment held by ``blob``, chunked as ``index`` says, each chunk turned back into the
    segment's bytes by ``detransform`` (None: the object is the segment as it is)."""

    def __init__(self, blob: Blob, index: ChunkIndex, detransform: Detransform | None) -> None:
        super().__init__()
        self.blob, self.index, self.detransform = blob, index, detransform
        self.name = blob.name
        self._size = index.original_file_size
        self._position = 0
        self._decoded: OrderedDict[int, bytes] = OrderedDict()  # the last KEEP_CHUNKS decoded
        self._fetched: dict[int, tuple[bytes, Chunk]] = {}  # fetched, not decoded yet (as stored)
        if blob.size != index.transformed_size:
            self._short = (
                f"the object holds {blob.size} bytes where its chunk index gives {index.transformed_size}"
            )
        else:
            self._short = ""

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def fileno(self) -> int:
        """The local file's descriptor when the object is the segment as it is (no transform), so
        that :func:`~kafkaks.store.segment.read_log` reads ahead in it as in a local segment."""
        fileno = getattr(self.blob, "fileno", None)
        if self.detransform is not None or self._short or fileno is None:
            raise io.UnsupportedOperation("fileno: not a plain local file")
        number: int = fileno()
        return number

    def tell(self) -> int:
        return self._position

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._position, io.SEEK_END: self._size}[whence]
        if base + offset < 0:
            raise ValueError(f"negative seek position {base + offset}")
        self._position = base + offset
        return self._position

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        data = self.read_range(self._position, len(view))
        view[: len(data)] = data
        self._position += len(data)
        return len(data)

    def read(self, size: int | None = -1) -> bytes:
        if size is None or size < 0:
            size = self._size - self._position
        data = self.read_range(self._position, size)
        self._position += len(data)
        return data

    def read_range(self, position: int, size: int) -> bytes:
        """The segment's bytes ``[position, position + size)``, cut at its end."""
        end = min(position + size, self._size)
        if position >= end:
            return b""
        if self.detransform is None and not self._short:
            return self.blob.read_at(position, end - position)
        pieces = []
        for number in range(self.index.number_at(position), self.index.number_at(end - 1) + 1):
            chunk = self.index.chunk(number)
            data = self._chunk(number)
            lo = max(position - chunk.original_position, 0)
            hi = min(end - chunk.original_position, chunk.original_size)
            pieces.append(data[lo:hi] if (lo, hi) != (0, len(data)) else data)
        return pieces[0] if len(pieces) == 1 else b"".join(pieces)

    def failing_chunks(self) -> Iterator[tuple[int, str]]:
        """Every chunk fetched and decoded once (decrypted, decompressed, its size checked); the
        number of each that fails, with why. For an inventory: reading stops at the first."""
        for number in range(self.index.count):
            try:
                self._chunk(number)
            except ChunkError as exc:
                yield number, str(exc)

    def _chunk(self, number: int) -> bytes:
        data = self._decoded.get(number)
        if data is not None:
            self._decoded.move_to_end(number)
            return data
        if number not in self._fetched:
            self._fetch(number)
        data = self._decoded[number] = self._detransformed(*self._fetched.pop(number))
        while len(self._decoded) > KEEP_CHUNKS:
            self._decoded.popitem(last=False)
        return data

    def _fetch(self, number: int) -> None:
        """Fetch chunk ``number`` and the ones after it, up to FETCH_BYTES and the object's end, in
        one read, kept as they are stored until each is wanted: chunks that compress well are
        many to a fetch, and decoding them all at once would hold that many chunks' segment bytes."""
        chunks = [self.index.chunk(number)]
        end = chunks[0].transformed_position + chunks[0].transformed_size
        if end > self.blob.size:
            raise ChunkError(f"{self.blob.name}: chunk {number}: {self._short} (the object is cut short)")
        while chunks[-1].number + 1 < self.index.count and end - chunks[0].transformed_position < FETCH_BYTES:
            following = self.index.chunk(chunks[-1].number + 1)
            if following.transformed_position + following.transformed_size > self.blob.size:
                break
            chunks.append(following)
            end = following.transformed_position + following.transformed_size
        start = chunks[0].transformed_position
        length = end - start
        try:
            raw = self.blob.read_at(start, length)
        except OSError as exc:
            raise ChunkError(f"{self.blob.name}: chunk {number}: {exc}") from exc
        view = memoryview(raw)
        self._fetched = {
            chunk.number: (
                bytes(view[chunk.transformed_position - start :][: chunk.transformed_size]),
                chunk,
            )
            for chunk in chunks
        }

    def _detransformed(self, piece: bytes, chunk: Chunk) -> bytes:
        if self.detransform is None:
            return piece
        try:
            data = self.detransform(piece, chunk)
        except (ValueError, KeyError) as exc:
            raise ChunkError(
                f"chunk {chunk.number} (object bytes {chunk.transformed_position}.."
                f"{chunk.transformed_position + chunk.transformed_size - 1}) does not decode: {exc}"
            ) from exc
        if len(data) != chunk.original_size:
            raise ChunkError(
                f"chunk {chunk.number} decodes to {len(data)} bytes, "
                f"not the {chunk.original_size} of its index"
            )
        return data

    def close(self) -> None:
        if not self.closed:
            self.blob.close()
        super().close()
