"""Decompression of Kafka's compressed record payloads, bounded by a size cap.

A v2 batch's records, or a v0/v1 wrapper message's value, may be compressed with one of four codecs.
Kafka wraps three of them in a framing of its own choosing (``clients/.../common/compress/``)::

    gzip    RFC 1952 gzip, possibly several members (java.util.zip.GZIPInputStream reads them all);
            inflated with ISA-L (the isal package), zlib's API at about 2.3 times its speed; runs
            of payloads by the core (decompress_spans), through libdeflate or zlib

    snappy  xerial snappy-java stream (SnappyOutputStream / SnappyInputStream, block size 32 KiB):
              header  82 53 4E 41 50 50 59 00   magic "\\x82SNAPPY\\0"
                      int32 BE version, int32 BE compatible version   (not checked: Redpanda wrote
                                                 them little-endian, redpanda-data/redpanda#25091)
              chunk*  int32 BE length | raw snappy block (varint uncompressed length | data)
            a chunk position holding the magic again starts a concatenated stream (header again);
            a payload without the magic is one raw snappy block (SnappyInputStream.readHeader
            falls back to it, and Kafka 4.0 brokers write such payloads).

    lz4     LZ4 frame (Lz4BlockOutputStream / Lz4BlockInputStream, a partial frame implementation):
              int32 LE magic 0x184D2204 | FLG | BD | [int64 LE content size] | HC
              block*  int32 LE size (bit 31: stored uncompressed) | data | [int32 block checksum]
              int32 0 end mark | [int32 content checksum]
            Kafka writes FLG 0x60 (version 1, independent blocks) and BD 0x40 (64 KiB blocks).
            KAFKA-3160: for magic 0 Kafka computed HC over magic+FLG+BD instead of FLG+BD, so its
            reader ignores HC for magic 0 and checks it for magic 1 and 2; so do we. Standard LZ4
            decoders reject those frames, hence the blocks are decoded here one by one.

    zstd    zstd frames from zstd-jni's streaming writer: no content size in the header and possibly
            several frames in one payload. Magic 2 only: v0/v1 have no codec id for it.

LZ4 and snappy payloads are decompressed by the compiled core (``kafkaks/wire/_codecs.c``: the
framings above and the block formats, in C), zstd ones by the core through the system's libzstd
(opened at run time, where there is one; without it, zstandard). The Python framings of LZ4 and
snappy here (with python-lz4 and cramjam) are the readable reference that tests/test_codecs.py
checks the core against.

Nothing in the format bounds the decompressed size (franz-go and sarama cap it too), so every codec
decompresses in bounded steps and raises DecompressionLimitError as soon as its output passes
``limit``: a bomb costs about ``limit`` bytes of memory (zstd: at most about twice that), not its size.
"""

from __future__ import annotations

import functools
import struct
import sys
import threading
from collections.abc import Callable
from typing import NamedTuple

from kafkaks.errors import DecompressionError, DecompressionLimitError, UnsupportedError

from ._core import decompress_spans as _core_spans
from ._core import deflate_load as _core_deflate_load
from ._core import gzip_load as _core_gzip_load
from ._core import lz4_frame, snappy
from ._core import zstd as _core_zstd
from ._core import zstd_load as _core_zstd_load

__all__ = [
    "DEFAULT_MAX_DECOMPRESSED_BYTES",
    "RELEASES_GIL",
    "Decompressed",
    "decompress",
    "decompress_spans",
    "in_one_call",
]

# The core's LZ4 and snappy: None only where tests/test_codecs.py sets them so, to run the Python
# framings below against them.
_core_lz4: Callable[[memoryview, int, bool], bytes] | None = lz4_frame
_core_snappy: Callable[[memoryview, int], bytes] | None = snappy

# What the system's zstd library is called, for the core to open (kafkaks/wire/_codecs.c).
ZSTD_LIBRARIES = {"darwin": ("libzstd.1.dylib", "libzstd.dylib"), "win32": ("zstd.dll", "libzstd.dll")}.get(
    sys.platform, ("libzstd.so.1", "libzstd.so")
)

# What the system's zlib is called, for the core to open for runs of small gzip payloads.
GZIP_LIBRARIES = {"darwin": ("libz.1.dylib", "libz.dylib"), "win32": ("zlib1.dll", "zlib.dll")}.get(
    sys.platform, ("libz.so.1", "libz.so")
)

# What the system's libdeflate is called: with it, the core inflates runs of gzip payloads of any size.
DEFLATE_LIBRARIES = {
    "darwin": ("libdeflate.0.dylib", "libdeflate.dylib"),
    "win32": ("libdeflate.dll", "deflate.dll"),
}.get(sys.platform, ("libdeflate.so.0", "libdeflate.so"))

GZIP_IN_ONE_CALL = 1024
"""Without libdeflate, up to this average payload size :func:`decompress_spans` takes gzip
payloads (zlib, in the core); larger ones go one by one to ISA-L, which inflates them about twice
as fast as zlib does but costs microseconds a call. libdeflate is about as fast as ISA-L on large
payloads and faster than zlib on small ones: with it, the core takes them all."""


def _opened(load: Callable[[str], bool], names: tuple[str, ...]) -> bool:
    """Whether the core's ``load`` opened a system library under one of ``names``."""
    return any(load(name) for name in names)


@functools.cache
def _gzip_in_core() -> bool:
    """Whether the core has opened the system's zlib."""
    return _opened(_core_gzip_load, GZIP_LIBRARIES)


@functools.cache
def _deflate_in_core() -> bool:
    """Whether the core has opened the system's libdeflate."""
    return _opened(_core_deflate_load, DEFLATE_LIBRARIES)


@functools.cache
def _zstd_in_core() -> Callable[[memoryview, int], bytes] | None:
    """The core's zstd, once it has opened the system's libzstd (None without: the zstandard path)."""
    return _core_zstd if _opened(_core_zstd_load, ZSTD_LIBRARIES) else None


DEFAULT_MAX_DECOMPRESSED_BYTES: int = 256 * 1024 * 1024
"""Default cap on one payload's decompressed size; pass ``limit`` to change it."""

RELEASES_GIL: frozenset[str] = frozenset({"gzip", "zstd"})
"""The codecs whose :func:`decompress` runs without the GIL (isal; zstd: the core, for payloads
above 64 KiB, or zstandard), so that other threads can decompress them in parallel; LZ4 and
snappy hold it (microseconds a batch in the core). :func:`decompress_spans` releases it for all."""

_GZIP_STEP = 256 * 1024

_XERIAL_MAGIC = b"\x82SNAPPY\x00"
_XERIAL_HEADER_SIZE = 16

_LZ4_MAGIC = 0x184D2204
_LZ4_STORED = 0x80000000
_LZ4_BLOCK_CHECKSUM = 0x10
_LZ4_CONTENT_SIZE = 0x08
_LZ4_CONTENT_CHECKSUM = 0x04
_LZ4_PREMATURE = "lz4: Stream ended prematurely"

# zstd's densest block is RLE: 4 bytes of input for 128 KiB of output.
_ZSTD_MAX_RATIO = 32 * 1024


def decompress(
    codec: str,
    data: bytes | memoryview,
    *,
    magic: int,
    limit: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
) -> bytes:
    """Decompress a payload of ``codec`` ("gzip", "snappy", "lz4" or "zstd") from a message of ``magic``.

    Raises DecompressionError for a damaged payload, DecompressionLimitError once the output would
    pass ``limit`` bytes, UnsupportedError for an unknown codec or zstd below magic 2.
    """
    view = memoryview(data)
    match codec:
        case "gzip":
            return _gunzip(view, limit)
        case "snappy":
            return _core_snappy(view, limit) if _core_snappy is not None else _unsnappy(view, limit)
        case "lz4" if _core_lz4 is not None:
            return _core_lz4(view, limit, magic != 0)
        case "lz4":
            return _unlz4(view, limit, check_header=magic != 0)
        case "zstd" if magic >= 2:
            core = _zstd_in_core()
            return core(view, limit) if core is not None else _unzstd(view, limit)
        case "zstd":
            raise UnsupportedError(f"zstd compression is invalid in message format v{magic}")
        case _:
            raise UnsupportedError(f"unknown compression codec {codec!r}")


def in_one_call(codec: str, payload_bytes: float) -> bool:
    """Whether :func:`decompress_spans` takes payloads of ``codec`` averaging ``payload_bytes``: the
    compiled core's codecs, zstd once it has opened libzstd, gzip payloads once it has opened zlib:
    all of them with libdeflate, else small ones (:data:`GZIP_IN_ONE_CALL`)."""
    match codec:
        case "lz4" | "snappy":
            return True
        case "zstd":
            return _zstd_in_core() is not None
        case "gzip":
            return _gzip_in_core() and (_deflate_in_core() or payload_bytes <= GZIP_IN_ONE_CALL)
    return False


class Decompressed(NamedTuple):
    """Payloads decompressed back to back: payload ``i`` is ``data[starts[i]:ends[i]]`` (``starts``
    and ``ends``: int64 arrays, as bytes; ``data`` may run on past the last payload when it is a
    bytearray passed in to be used again)."""

    data: bytes | bytearray
    starts: bytes
    ends: bytes


def decompress_spans(
    codec: str,
    data: bytes | memoryview,
    starts: object,
    ends: object,
    limit: int,
    into: bytearray | None = None,
) -> Decompressed:
    """:func:`decompress` of each v2 payload ``data[starts[i]:ends[i]]`` (int64 arrays), all of
    ``codec`` (see :func:`in_one_call`), in one call and into one buffer: what a run of small
    batches costs is then the decompression, not a Python call or object a batch. The whole call
    runs with the GIL released (every codec: the core's own LZ4 and snappy, the system's zlib and
    libzstd), so another thread decodes meanwhile. Each payload is capped at ``limit`` bytes.
    Raises as :func:`decompress` does, at the first payload that does not decompress.

    With ``into``, the payloads are written into that bytearray from its start, and it grows as
    they need (it is never cut back): a buffer passed call after call is memory the system has
    already given, where a new one costs a page fault every 4 KiB, as much time as the
    decompressing itself on fast codecs."""
    assert codec in ("gzip", "lz4", "snappy", "zstd")
    return Decompressed(*_core_spans(codec, data, starts, ends, limit, into))


def _check_limit(size: int, limit: int) -> None:
    if size > limit:
        raise DecompressionLimitError(f"payload decompresses to more than {limit} bytes")


def _gunzip(data: memoryview, limit: int) -> bytes:
    from isal import isal_zlib  # imported on first use: import kafkaks stays light

    out = bytearray()
    pos = 0
    try:
        while True:  # one gzip member per turn
            inflater = isal_zlib.decompressobj(wbits=31)
            chunk, pending = b"", data[:0]
            while not inflater.eof:
                # At most a step in and out per call: the inflater copies the unconsumed input each time.
                if not pending and len(chunk) < _GZIP_STEP:  # input used up, output not capped
                    if pos == len(data):
                        raise DecompressionError("gzip: stream ended prematurely")
                    pending = data[pos : pos + _GZIP_STEP]
                    pos += len(pending)
                chunk = inflater.decompress(pending, _GZIP_STEP)
                out += chunk
                _check_limit(len(out), limit)
                pending = memoryview(inflater.unconsumed_tail)
            pos -= len(inflater.unused_data)
            # Like java.util.zip.GZIPInputStream, Kafka's reader: bytes after the last member that
            # do not start another member are ignored.
            if bytes(data[pos : pos + 2]) != b"\x1f\x8b":
                return bytes(out)
    except isal_zlib.error as exc:  # type: ignore[misc]  # its stub declares the class an instance
        raise DecompressionError(f"gzip: {exc}") from exc


def _unsnappy(data: memoryview, limit: int) -> bytes:
    import cramjam

    if data[: len(_XERIAL_MAGIC)] != _XERIAL_MAGIC:
        return _snappy_block(data, limit)
    chunks: list[tuple[memoryview, int]] = []  # each raw block with its decompressed size
    total = pos = 0
    while pos < len(data):
        if data[pos : pos + len(_XERIAL_MAGIC)] == _XERIAL_MAGIC:
            if len(data) < pos + _XERIAL_HEADER_SIZE:
                raise DecompressionError("snappy: stream header cut short")
            pos += _XERIAL_HEADER_SIZE
            continue
        if len(data) < pos + 4:
            raise DecompressionError("snappy: chunk length cut short")
        (size,) = struct.unpack_from(">i", data, pos)
        chunk = data[pos + 4 : pos + 4 + max(size, 0)]
        if size < 0 or len(chunk) < size:
            raise DecompressionError(f"snappy: chunk of {size} bytes at {pos} does not fit the payload")
        total += _snappy_size(chunk)
        _check_limit(total, limit)
        chunks.append((chunk, total))
        pos += 4 + size
    # The sizes are known before anything is decompressed: every block goes straight to its place.
    out = bytearray(total)
    view = memoryview(out)
    start = 0
    try:
        for chunk, end in chunks:
            cramjam.snappy.decompress_raw_into(chunk, view[start:end])  # raises unless exactly filled
            start = end
    except cramjam.DecompressionError as exc:
        raise DecompressionError(str(exc)) from exc
    finally:
        view.release()
    return bytes(out)


def _snappy_size(block: memoryview) -> int:
    """The decompressed size a raw snappy block declares (its varint length prefix)."""
    import cramjam

    try:
        return cramjam.snappy.decompress_raw_len(block)
    except cramjam.DecompressionError as exc:
        raise DecompressionError(str(exc)) from exc


def _snappy_block(block: memoryview, limit: int) -> bytes:
    """One raw snappy block; its declared size lets the cap be checked before decompressing."""
    import cramjam

    _check_limit(_snappy_size(block), limit)
    try:
        return bytes(cramjam.snappy.decompress_raw(block))
    except cramjam.DecompressionError as exc:
        raise DecompressionError(str(exc)) from exc


def _unlz4(data: memoryview, limit: int, *, check_header: bool) -> bytes:
    import lz4.block

    if len(data) < 7:
        raise DecompressionError(_LZ4_PREMATURE)
    magic, flg, bd = struct.unpack_from("<IBB", data)
    if magic != _LZ4_MAGIC:
        raise DecompressionError("lz4: Stream unsupported (invalid magic bytes)")
    # Lz4BlockOutputStream.FLG/BD.validate: version 1, independent blocks, no dictionary id.
    if flg >> 6 != 1 or not flg & 0x20 or flg & 0x03 or bd & 0x8F or not 4 <= bd >> 4 <= 7:
        raise DecompressionError(f"lz4: unsupported frame descriptor FLG 0x{flg:02x} BD 0x{bd:02x}")
    max_block = 1 << (2 * (bd >> 4) + 8)
    hc_pos = 14 if flg & _LZ4_CONTENT_SIZE else 6
    if len(data) <= hc_pos:
        raise DecompressionError(_LZ4_PREMATURE)
    if check_header and data[hc_pos] != (_xxh32(data[4:hc_pos]) >> 8) & 0xFF:
        raise DecompressionError("lz4: Stream frame descriptor corrupted")
    # Block and content checksums are skipped, not verified: Kafka never writes them (its reader
    # checks block checksums, and content checksums since KAFKA-20528).
    block_trailer = 4 if flg & _LZ4_BLOCK_CHECKSUM else 0
    out = bytearray()
    pos = hc_pos + 1
    while True:
        if len(data) < pos + 4:
            raise DecompressionError(_LZ4_PREMATURE)
        (word,) = struct.unpack_from("<I", data, pos)
        size = word & ~_LZ4_STORED
        pos += 4
        if size == 0:  # end mark
            if flg & _LZ4_CONTENT_CHECKSUM and len(data) < pos + 4:
                raise DecompressionError(_LZ4_PREMATURE)
            return bytes(out)
        if size > max_block:
            raise DecompressionError(f"lz4: Block size {size} exceeded max: {max_block}")
        if len(data) < pos + size + block_trailer:
            raise DecompressionError(_LZ4_PREMATURE)
        block = data[pos : pos + size]
        if word & _LZ4_STORED:
            out += block
        else:
            try:
                out += lz4.block.decompress(block, uncompressed_size=max_block)
            except lz4.block.LZ4BlockError as exc:
                raise DecompressionError(f"lz4: {exc}") from exc
        _check_limit(len(out), limit)
        pos += size + block_trailer


_P1, _P2, _P3, _P4, _P5 = 2654435761, 2246822519, 3266489917, 668265263, 374761393
_U32 = 0xFFFFFFFF


def _rotl32(x: int, bits: int) -> int:
    return (x << bits | x >> (32 - bits)) & _U32


def _xxh32(data: memoryview) -> int:
    """XXH32 with seed 0 of fewer than 16 bytes (an LZ4 frame descriptor has at most 10)."""
    h = (_P5 + len(data)) & _U32
    words = len(data) // 4 * 4
    for (word,) in struct.iter_unpack("<I", data[:words]):
        h = _rotl32((h + word * _P3) & _U32, 17) * _P4 & _U32
    for byte in data[words:]:
        h = _rotl32((h + byte * _P5) & _U32, 11) * _P1 & _U32
    h = (h ^ h >> 15) * _P2 & _U32
    h = (h ^ h >> 13) * _P3 & _U32
    return h ^ h >> 16


# One decompression context a thread, reused: making one costs more than decompressing a batch.
_zstd = threading.local()


def _unzstd(data: memoryview, limit: int) -> bytes:
    import zstandard

    decompressor = getattr(_zstd, "decompressor", None)
    if decompressor is None:
        decompressor = _zstd.decompressor = zstandard.ZstdDecompressor()
    out = bytearray()
    pos = 0
    try:
        while True:  # one frame per turn
            frame = decompressor.decompressobj()
            while not frame.eof:
                if pos == len(data):
                    raise DecompressionError("zstd: stream ended prematurely")
                # decompressobj returns all it can decode: feed it so little input that even
                # RLE blocks cannot take the output past the cap by more than a block.
                piece = data[pos : pos + max(1, (limit - len(out)) // _ZSTD_MAX_RATIO)]
                pos += len(piece)
                out += frame.decompress(piece)
                _check_limit(len(out), limit)
            pos -= len(frame.unused_data)
            if pos == len(data):
                return bytes(out)
    except zstandard.ZstdError as exc:
        raise DecompressionError(f"zstd: {exc}") from exc
