"""kafkaks.wire.codecs against independent encoders (kafka-python, python-snappy, cramjam, lz4, zstandard)
and against the compressed batches of real broker-written data."""

from __future__ import annotations

import contextlib
import io
import random
import struct
import subprocess
import sys
import tracemalloc
import warnings
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cramjam
import lz4.block
import lz4.frame
import numpy as np
import pytest
import snappy
import xxhash
import zstandard
from conftest import real_params
from hypothesis import given, settings
from hypothesis import strategies as st

from kafkaks.errors import DecompressionError, DecompressionLimitError, UnsupportedError
from kafkaks.wire import codecs
from kafkaks.wire.codecs import _xxh32, decompress

with warnings.catch_warnings():  # kafka-python 3.0.12 calls the deprecated importlib.resources.read_text
    warnings.simplefilter("ignore", DeprecationWarning)
    from kafka import codec as kafka_codec

PAYLOAD = random.Random(3160).randbytes(40_000) + b"kafka log segment " * 20_000  # > 64 KiB blocks
XERIAL_HEADER = b"\x82SNAPPY\x00" + struct.pack(">ii", 1, 1)
XERIAL_HEADER_LE = b"\x82SNAPPY\x00" + struct.pack("<ii", 1, 1)  # as Redpanda wrote it (#25091)
MIB = 1 << 20


def lz4_frame(**options: Any) -> Callable[[bytes], bytes]:
    return lambda data: lz4.frame.compress(data, block_linked=False, **options)


def zstd_stream(data: bytes) -> bytes:
    """Like zstd-jni's streaming writer: a frame without content size."""
    compressor = zstandard.ZstdCompressor().compressobj()
    return compressor.compress(data) + compressor.flush()


def halves(encode: Callable[[bytes], bytes]) -> Callable[[bytes], bytes]:
    return lambda data: encode(data[: len(data) // 2]) + encode(data[len(data) // 2 :])


Encoder = tuple[str, int, Callable[[bytes], bytes]]
STRICT: dict[str, Encoder] = {  # every strict prefix of their output is damaged
    "gzip-kafka-python": ("gzip", 1, kafka_codec.gzip_encode),
    "snappy-raw-python-snappy": ("snappy", 2, snappy.compress),
    "snappy-raw-cramjam": ("snappy", 0, lambda data: bytes(cramjam.snappy.compress_raw(data))),
    "lz4-kafka-python-content-size": ("lz4", 1, kafka_codec.lz4_encode),
    "lz4-kafka-3160-broken-hc-magic0": ("lz4", 0, kafka_codec.lz4_encode_old_kafka),
    "lz4-kafka-layout-flg60-bd40": ("lz4", 2, lz4_frame(store_size=False)),
    "lz4-block-checksums": ("lz4", 2, lz4_frame(block_checksum=True)),
    "lz4-content-checksum": ("lz4", 2, lz4_frame(content_checksum=True)),
    "lz4-256k-blocks": ("lz4", 2, lz4_frame(block_size=lz4.frame.BLOCKSIZE_MAX256KB)),
    "lz4-1m-blocks": ("lz4", 2, lz4_frame(block_size=lz4.frame.BLOCKSIZE_MAX1MB)),
    "lz4-4m-blocks": ("lz4", 2, lz4_frame(block_size=lz4.frame.BLOCKSIZE_MAX4MB)),
    "zstd-kafka-python-content-size": ("zstd", 2, kafka_codec.zstd_encode),
    "zstd-streaming": ("zstd", 2, zstd_stream),
}
ENCODERS: dict[str, Encoder] = {
    **STRICT,
    "gzip-multi-member": ("gzip", 2, halves(kafka_codec.gzip_encode)),
    "snappy-xerial-kafka-python": ("snappy", 2, kafka_codec.snappy_encode),
    "snappy-xerial-concatenated": ("snappy", 2, halves(kafka_codec.snappy_encode)),
    "snappy-xerial-le-version": ("snappy", 1, lambda d: XERIAL_HEADER_LE + kafka_codec.snappy_encode(d)[16:]),
    "zstd-streaming-multi-frame": ("zstd", 2, halves(zstd_stream)),
}


def encoded(names: dict[str, Encoder], payload: bytes = PAYLOAD) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(
        ("codec", "magic", "data"),
        [(codec, magic, encode(payload)) for codec, magic, encode in names.values()],
        ids=list(names),
    )


@encoded(ENCODERS)
def test_round_trip(codec: str, magic: int, data: bytes) -> None:
    assert decompress(codec, data, magic=magic) == PAYLOAD
    assert decompress(codec, memoryview(b"xx" + data)[2:], magic=magic) == PAYLOAD


@pytest.mark.parametrize("name", list(ENCODERS))
@settings(max_examples=50, deadline=None)
@given(
    payload=st.binary(max_size=3000) | st.builds(bytes.__mul__, st.binary(max_size=20), st.integers(0, 5000))
)
def test_round_trip_random(name: str, payload: bytes) -> None:
    codec, magic, encode = ENCODERS[name]
    assert decompress(codec, encode(payload), magic=magic) == payload


def test_stored_lz4_blocks() -> None:
    payload = random.Random(0).randbytes(200_000)
    data = lz4_frame(store_size=False)(payload)
    assert struct.unpack_from("<I", data, 7)[0] & 0x80000000  # incompressible: stored as is
    assert decompress("lz4", data, magic=2) == payload


@settings(max_examples=50, deadline=None)
@given(data=st.binary(max_size=15))
def test_xxh32_matches_xxhash(data: bytes) -> None:
    assert _xxh32(memoryview(data)) == xxhash.xxh32(data).intdigest()


@encoded(ENCODERS, PAYLOAD[:3000])
def test_limit_is_inclusive(codec: str, magic: int, data: bytes) -> None:
    assert decompress(codec, data, magic=magic, limit=3000) == PAYLOAD[:3000]
    with pytest.raises(DecompressionLimitError, match="more than 2999 bytes"):
        decompress(codec, data, magic=magic, limit=2999)


def streamed(compressor: Any, total: int, chunk: bytes = bytes(MIB)) -> bytes:
    """``total`` zero bytes compressed chunk by chunk, never holding them all."""
    return b"".join([compressor.compress(chunk) for _ in range(total // len(chunk))] + [compressor.flush()])


def lz4_bomb(total: int) -> bytes:
    compressor = lz4.frame.LZ4FrameCompressor(block_linked=False)
    header: bytes = compressor.begin()
    return header + streamed(compressor, total)


def xerial_bomb(total: int) -> bytes:
    block = bytes(cramjam.snappy.compress_raw(bytes(32 * 1024)))
    return XERIAL_HEADER + (struct.pack(">i", len(block)) + block) * (total // (32 * 1024))


BOMBS: dict[str, tuple[str, Callable[[int], bytes]]] = {
    "gzip": ("gzip", lambda total: streamed(zlib.compressobj(1, wbits=31), total)),
    "snappy-xerial": ("snappy", xerial_bomb),
    "snappy-raw": ("snappy", lambda total: bytes(cramjam.snappy.compress_raw(bytes(total // 4)))),
    "lz4": ("lz4", lz4_bomb),
    "zstd": ("zstd", lambda total: streamed(zstandard.ZstdCompressor().compressobj(), total)),
}


@pytest.mark.parametrize("name", list(BOMBS))
def test_bomb_stops_early(name: str) -> None:
    codec, bomb = BOMBS[name]
    data = bomb(256 * MIB)
    tracemalloc.start()
    try:
        with pytest.raises(DecompressionLimitError):
            decompress(codec, data, magic=2, limit=MIB)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * MIB


@encoded(STRICT, PAYLOAD[:3000])
def test_every_truncation_raises(codec: str, magic: int, data: bytes) -> None:
    for cut in range(len(data)):
        with pytest.raises(DecompressionError):
            decompress(codec, data[:cut], magic=magic)


@pytest.mark.parametrize("name", list(ENCODERS))
@settings(max_examples=50, deadline=None)
@given(
    edits=st.lists(st.tuples(st.integers(0), st.integers(0, 255)), min_size=1, max_size=4), cut=st.integers(0)
)
def test_damage_raises_only_decompression_error(name: str, edits: list[tuple[int, int]], cut: int) -> None:
    codec, magic, encode = ENCODERS[name]
    data = bytearray(encode(PAYLOAD[:5000]))
    for position, value in edits:
        data[position % len(data)] = value
    with contextlib.suppress(DecompressionError):
        decompress(codec, bytes(data[: len(data) - cut % 8]), magic=magic, limit=MIB)


WORDS = [random.Random(word).randbytes(3 + word % 10) for word in range(60)]
IN_C = [name for name, (codec, _magic, _encode) in ENCODERS.items() if codec in ("lz4", "snappy", "zstd")]


def zero_offset(frame: bytes) -> bool:
    """Whether a block of an LZ4 frame has a match of offset 0 before it ends: the block format
    calls that damage, and the core says so, where python-lz4 (as the reference decoder) copies
    whatever its output buffer held."""
    pos = 15 if len(frame) > 4 and frame[4] & 0x08 else 7
    while pos + 4 <= len(frame):
        (word,) = struct.unpack_from("<I", frame, pos)
        size = word & 0x7FFFFFFF
        block = frame[pos + 4 : pos + 4 + size] if not word & 0x80000000 else b""
        pos += 4 + size + (4 if frame[4] & 0x10 else 0)
        at = 0
        while at < len(block):
            token, at = block[at], at + 1
            at, literals = _length(block, at, token >> 4)
            at += literals
            if at + 2 > len(block):
                break
            if block[at] == block[at + 1] == 0:
                return True
            at, _match = _length(block, at + 2, token & 15)
    return False


def _length(block: bytes, at: int, length: int) -> tuple[int, int]:
    """A length of 4 bits of the token and, from 15, the bytes at ``at`` (up to one below 255):
    where those bytes end, and the length."""
    if length == 15:
        while at < len(block):
            at += 1
            length += block[at - 1]
            if block[at - 1] != 255:
                break
    return at, length


def both_ways(codec: str, data: bytes, magic: int, limit: int) -> tuple[Any, Any]:
    """What the compiled core and the Python path make of a payload: bytes, or the error's class."""
    results = []
    for core in (True, False):
        with pytest.MonkeyPatch.context() as patch:
            if not core:
                patch.setattr(codecs, "_core_lz4", None)
                patch.setattr(codecs, "_core_snappy", None)
                patch.setattr(codecs, "_zstd_in_core", lambda: None)
            try:
                results.append(decompress(codec, data, magic=magic, limit=limit))
            except DecompressionError as exc:
                results.append(type(exc))
    return results[0], results[1]


@pytest.mark.skipif(codecs._core_lz4 is None, reason="the compiled core is not built")
@pytest.mark.parametrize("name", IN_C)
@settings(max_examples=200, deadline=None)
@given(
    edits=st.lists(st.tuples(st.integers(0), st.integers(0, 255)), max_size=4),
    cut=st.integers(0),
    source=st.one_of(
        st.integers(0, 3000).map(lambda size: PAYLOAD[:size]),  # long matches and incompressible bytes
        st.lists(st.sampled_from([b"a", b"b", b"\0", b"kafka", b"log"]), max_size=600).map(b"".join),  # short
        st.lists(st.sampled_from(WORDS), max_size=2000).map(b"".join),  # matches of every length and distance
    ),
    limit=st.sampled_from([MIB, 100, 2999]),
)
def test_the_core_decompresses_as_the_python_path(
    name: str, edits: list[tuple[int, int]], cut: int, source: bytes, limit: int
) -> None:
    """kafkaks/wire/_codecs.c (zstd: with the system's libzstd) against the Python framings with
    python-lz4's and cramjam's block decoders and zstandard: the same bytes, or the same error,
    for whole, damaged and cut payloads."""
    codec, magic, encode = ENCODERS[name]
    data = bytearray(encode(source))
    for position, value in edits:
        data[position % len(data)] = value
    payload = bytes(data[: len(data) - cut % 8])
    core, python = both_ways(codec, payload, magic, limit)
    if isinstance(core, bytes) or isinstance(python, bytes):
        assert core == python or known_difference(codec, payload)
    else:  # both raised: for zstd, which of the cap and the damage comes first differs; an LZ4
        # match of offset 0 is damage to the core where python-lz4 decodes on, past the cap
        assert core == python or codec == "zstd" or known_difference(codec, payload)


def known_difference(codec: str, payload: bytes) -> bool:
    """Where one decoder takes damaged data that the other rejects: an LZ4 match of offset 0
    (python-lz4 copies its buffer's bytes); zstd data that zstandard's libzstd finds damaged
    (the system's libzstd may be of another version, which checks otherwise; the Python path,
    fed a byte at a time under a small cap, misses some damage)."""
    return (codec == "lz4" and zero_offset(payload)) or (codec == "zstd" and zstd_rejects(payload))


def zstd_rejects(payload: bytes) -> bool:
    """Whether zstandard, reading the whole payload across frames, finds it damaged."""
    reader = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(payload), read_across_frames=True)
    try:
        reader.readall()
    except zstandard.ZstdError:
        return True
    return False


@pytest.mark.skipif(codecs._core_lz4 is None, reason="the compiled core is not built")
@settings(max_examples=500, deadline=None)
@given(block=st.binary(max_size=300), stored=st.booleans())
def test_the_core_decodes_any_block_as_the_reference_decoders(block: bytes, stored: bool) -> None:
    """Arbitrary bytes as an LZ4 block of a Kafka frame and as a raw snappy block."""
    header = lz4_frame(store_size=False)(b"")[:7]
    size = len(block) | (0x80000000 if stored else 0)
    frame = header + struct.pack("<I", size) + block + b"\0\0\0\0"
    core, python = both_ways("lz4", frame, 2, MIB)
    assert core == python or known_difference("lz4", frame)
    core, python = both_ways("snappy", block, 2, MIB)
    assert core == python


@pytest.mark.skipif(codecs._core_lz4 is None, reason="the compiled core is not built")
def test_a_match_of_offset_zero_is_damage() -> None:
    """The reference decoder copies its output buffer's own bytes for it (zeros here)."""
    header = lz4_frame(store_size=False)(b"")[:7]
    good = bytes([0x10]) + b"a" + b"\x01\x00" + bytes([0x80]) + b"b" * 8  # "a", then 4 more from 1 back
    zero = bytes([0x10]) + b"a" + b"\x00\x00" + bytes([0x80]) + b"b" * 8
    for block, expected in ((good, b"aaaaa" + b"b" * 8), (zero, None)):
        frame = header + struct.pack("<I", len(block)) + block + bytes(4)
        assert zero_offset(frame) == (expected is None)
        if expected is None:
            with pytest.raises(DecompressionError, match="lz4: "):
                decompress("lz4", frame, magic=2)
        else:
            assert decompress("lz4", frame, magic=2) == expected == lz4.block.decompress(block, 65536)


@pytest.mark.skipif(codecs._core_zstd_load is None, reason="the compiled core is not built")
def test_zstd_goes_through_the_core_where_the_system_has_libzstd() -> None:
    """Without a library of one of the names tried, the zstandard package decompresses."""
    import ctypes.util

    if ctypes.util.find_library("zstd") is None:
        pytest.skip("this machine has no libzstd: zstd goes through the zstandard package")
    assert codecs._zstd_in_core() is not None
    frames = zstd_stream(PAYLOAD[:1000]) + zstd_stream(PAYLOAD[1000:70_000])  # the second without the GIL
    assert decompress("zstd", frames, magic=2) == PAYLOAD[:70_000]


def test_zstd_without_a_system_library_goes_through_zstandard() -> None:
    probe = (
        "from kafkaks.wire import codecs\n"
        "codecs.ZSTD_LIBRARIES = ('libkafkaks-no-such-library.so',)\n"
        "import zstandard\n"
        "data = zstandard.ZstdCompressor().compress(b'kafka' * 1000)\n"
        "assert codecs.decompress('zstd', data, magic=2) == b'kafka' * 1000\n"
        "print(codecs._zstd_in_core())"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "None"


@pytest.mark.parametrize("value_size", [160, 20_000], ids=["small", "large"])
def test_gzip_batches_read_the_same_with_libdeflate_zlib_or_neither(tmp_path: Path, value_size: int) -> None:
    """Runs of gzip batches are inflated in one call by the core: through the system's libdeflate
    where it opens it, else through its zlib when they are small, else one by one by ISA-L: the
    same rows every way, damage included."""
    from kafka.record.default_records import DefaultRecordBatchBuilder

    letters = random.Random(value_size)
    words = [bytes(letters.choices(b"abcdefghijklmnopqrstuvwxyz", k=3 + n % 7)) + b" " for n in range(64)]
    text = letters.choices(words, k=value_size // 7)  # about 1 bit a byte: 1-3 KiB deflated when large
    segment = tmp_path / "t-0" / "00000000000000000000.log"
    segment.parent.mkdir()
    with segment.open("wb") as out:
        for offset in range(40):
            builder = DefaultRecordBatchBuilder(2, 1, False, -1, -1, -1, 1 << 20)
            value = b"".join(text[offset % len(text) :] + text[: offset % len(text)]) + b"%d" % offset
            builder.append(0, 1_700_000_000_000 + offset, b"k%d" % offset, value, [])
            batch = bytearray(builder.build())
            batch[:8] = offset.to_bytes(8, "big")
            if offset == 30:  # damage the payload, CRC left stale: read with verify_crc=False
                batch[-5] ^= 0xFF
            out.write(batch)
    probe = (
        "import sys, json\n"
        "from kafkaks.wire import codecs\n"
        "if sys.argv[2] != 'libdeflate': codecs.DEFLATE_LIBRARIES = ()\n"
        "if sys.argv[2] == 'neither': codecs.GZIP_LIBRARIES = ('libkafkaks-no-such-library.so',)\n"
        "import kafkaks\n"
        "problems = []\n"
        "rows = [r for t in kafkaks.read_arrow(sys.argv[1], verify_crc=False, on_problem=problems.append)\n"
        "        for r in t.to_pylist()]\n"
        "print(codecs._gzip_in_core(), codecs._deflate_in_core(), len(rows),\n"
        "      repr([(r['offset'], r['value']) for r in rows]), [(p.kind, p.offset) for p in problems])"
    )
    outputs = {
        way: subprocess.run(
            [sys.executable, "-c", probe, str(segment), way], capture_output=True, text=True, check=True
        ).stdout.split(" ", 2)
        for way in ("libdeflate", "zlib", "neither")
    }
    import ctypes.util

    has_zlib, has_libdeflate = (ctypes.util.find_library(name) is not None for name in ("z", "deflate"))
    assert outputs["libdeflate"][:2] == [str(has_zlib), str(has_zlib and has_libdeflate)]
    assert outputs["zlib"][:2] == [str(has_zlib), "False"]
    assert outputs["neither"][:2] == ["False", "False"]
    assert outputs["libdeflate"][2] == outputs["zlib"][2] == outputs["neither"][2]
    assert outputs["neither"][2].startswith("39 ")  # the damaged batch reported, the others read
    assert outputs["neither"][2].rstrip().endswith("[(<ProblemKind.CORRUPT_RECORDS: 'corrupt_records'>, 30)]")


def lz4_patch(offset: int, value: bytes) -> bytes:
    data = lz4_frame(store_size=False)(b"kafka" * 100)
    return data[:offset] + value + data[offset + len(value) :]


DAMAGED: dict[str, tuple[str, int, bytes, str]] = {
    "gzip-empty": ("gzip", 2, b"", "ended prematurely"),
    "gzip-garbage": ("gzip", 2, b"not gzip at all", "gzip: "),
    "snappy-empty": ("snappy", 2, b"", "snappy: "),
    "xerial-header-cut": ("snappy", 2, XERIAL_HEADER[:12], "header cut short"),
    "xerial-chunk-length-cut": ("snappy", 2, XERIAL_HEADER + b"\x00\x00", "chunk length cut short"),
    "xerial-negative-chunk": ("snappy", 2, XERIAL_HEADER + struct.pack(">i", -1), "chunk of -1 bytes"),
    "xerial-chunk-past-end": ("snappy", 2, XERIAL_HEADER + struct.pack(">i", 9) + b"\x05kafka", "of 9 bytes"),
    "lz4-empty": ("lz4", 2, b"", "Stream ended prematurely"),
    "lz4-bad-magic": ("lz4", 2, lz4_patch(0, b"\x05"), "invalid magic bytes"),
    "lz4-linked-blocks": ("lz4", 2, lz4.frame.compress(PAYLOAD), "descriptor FLG 0x48"),
    "lz4-dict-id": ("lz4", 2, lz4_patch(4, b"\x61"), "descriptor FLG 0x61"),
    "lz4-bad-hc": ("lz4", 2, lz4_patch(6, b"\x00"), "Stream frame descriptor corrupted"),
    "lz4-kafka-3160-hc-magic1": ("lz4", 1, kafka_codec.lz4_encode_old_kafka(b"kafka"), "corrupted"),
    "lz4-block-too-big": (
        "lz4",
        2,
        lz4_patch(7, b"\x01\x00\x01\x00"),
        "Block size 65537 exceeded max: 65536",
    ),
    "lz4-block-past-end": ("lz4", 2, lz4_patch(7, b"\xff\x7f\x00\x00"), "Stream ended prematurely"),
    "lz4-garbled-block": ("lz4", 2, lz4_patch(11, b"\xff\xff"), "lz4: "),
    "zstd-empty": ("zstd", 2, b"", "ended prematurely"),
    "zstd-garbage": ("zstd", 2, b"\x28\xb5\x2f\xfd" + b"\xff" * 20, "zstd: "),
    "zstd-trailing-junk": ("zstd", 2, kafka_codec.zstd_encode(b"kafka") + b"junk", "zstd: "),
}


@pytest.mark.parametrize(("codec", "magic", "data", "message"), list(DAMAGED.values()), ids=list(DAMAGED))
def test_damaged(codec: str, magic: int, data: bytes, message: str) -> None:
    with pytest.raises(DecompressionError, match=message):
        decompress(codec, data, magic=magic)


UNSUPPORTED: dict[str, tuple[str, int, str]] = {
    "zstd-magic0": ("zstd", 0, "zstd compression is invalid in message format v0"),
    "zstd-magic1": ("zstd", 1, "zstd compression is invalid in message format v1"),
    "unknown-codec": ("brotli", 2, "unknown compression codec 'brotli'"),
    "none-codec": ("none", 2, "unknown compression codec 'none'"),
}


@pytest.mark.parametrize(("codec", "magic", "message"), list(UNSUPPORTED.values()), ids=list(UNSUPPORTED))
def test_unsupported(codec: str, magic: int, message: str) -> None:
    with pytest.raises(UnsupportedError, match=message):
        decompress(codec, kafka_codec.zstd_encode(b"kafka"), magic=magic)


CODECS = {1: "gzip", 2: "snappy", 3: "lz4", 4: "zstd"}


def walk(data: bytes, v2: bool) -> int:
    """Count v2 records (zigzag varint length | body) or legacy entries (offset | int32 size | message)."""
    pos = count = 0
    while pos < len(data):
        if v2:
            raw = shift = 0
            while data[pos] & 0x80:
                raw, shift, pos = raw | (data[pos] & 0x7F) << shift, shift + 7, pos + 1
            raw, pos = raw | data[pos] << shift, pos + 1
            pos += (raw >> 1) ^ -(raw & 1)
        else:
            pos += 12 + int.from_bytes(data[pos + 8 : pos + 12], "big")
        count += 1
    assert pos == len(data)
    return count


@pytest.mark.parametrize(
    ("path", "info"),
    [p for p in real_params("log", "bin") if p.values[1] is None or p.values[1].get("decomp")],
)
def test_real_compressed_batches(path: Path, info: dict[str, Any]) -> None:
    """Every compressed batch a broker or client wrote decompresses to exactly its records, one by
    one and, the v2 batches of each codec, all in one call to the core."""
    buf, pos, records, inner = path.read_bytes(), 0, 0, 0
    spans: dict[str, list[tuple[int, int]]] = {}
    while pos < len(buf):  # these files hold whole batches only (VERIFIED.json: no trailing bytes)
        end, magic = pos + 12 + int.from_bytes(buf[pos + 8 : pos + 12], "big"), buf[pos + 16]
        if magic == 2:
            count, codec = int.from_bytes(buf[pos + 57 : pos + 61], "big"), CODECS.get(buf[pos + 22] & 7)
            records += count
            if codec:
                assert walk(decompress(codec, buf[pos + 61 : end], magic=2), v2=True) == count
                spans.setdefault(codec, []).append((pos + 61, end))
        elif codec := CODECS.get(buf[pos + 17] & 7):
            key = pos + 18 + 8 * magic
            value = key + 8 + max(0, int.from_bytes(buf[key : key + 4], "big", signed=True))
            inner += walk(decompress(codec, buf[value:end], magic=magic), v2=False)
        pos = end
    assert (records, inner) == (info["records"], info.get("inner_msgs", 0))
    for codec, where in spans.items():
        if codecs.in_one_call(codec, 0):
            starts, ends = (np.array(column, np.int64) for column in zip(*where, strict=True))
            together = codecs.decompress_spans(
                codec, buf, starts, ends, codecs.DEFAULT_MAX_DECOMPRESSED_BYTES
            )
            assert payloads(together) == [decompress(codec, buf[start:end], magic=2) for start, end in where]


def test_gzip_ignores_junk_after_the_last_member_as_java_does() -> None:
    assert decompress("gzip", kafka_codec.gzip_encode(b"kafka") + b"junk", magic=2) == b"kafka"


SPANS: dict[str, Encoder] = {name: ENCODERS[name] for name in ENCODERS if ENCODERS[name][1] >= 1}


def payloads(decompressed: codecs.Decompressed) -> list[bytes]:
    """The payloads decompress_spans put back to back, one by one."""
    starts, ends = (np.frombuffer(column, np.int64).tolist() for column in decompressed[1:])
    return [decompressed.data[start:end] for start, end in zip(starts, ends, strict=True)]


def one_by_one(codec: str, buffer: bytes, spans: list[tuple[int, int]], limit: int) -> Any:
    """:func:`decompress` of each span in turn (magic 2), or the class and message of its first error."""
    try:
        return [decompress(codec, buffer[start:end], magic=2, limit=limit) for start, end in spans]
    except DecompressionError as exc:
        return type(exc), str(exc)


@pytest.mark.skipif(not codecs.in_one_call("lz4", 0), reason="the compiled core is not built")
@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from([name for name, (codec, _, _) in SPANS.items() if codecs.in_one_call(codec, 0)]),
    sources=st.lists(st.lists(st.sampled_from(WORDS), max_size=300).map(b"".join), min_size=1, max_size=8),
    gaps=st.lists(st.binary(max_size=5), min_size=9, max_size=9),
    damage=st.one_of(st.none(), st.tuples(st.integers(0), st.integers(0, 255))),
    tail=st.sampled_from([b"", b"\0", b"\x1f", b"\x1f\x8b", b"\x1f\x8b\x08\x00junk", b"trailing"]),
    limit=st.sampled_from([MIB, 500]),
    into=st.sampled_from([None, 0, 7, 5000]),
)
def test_many_payloads_in_one_call_as_one_by_one(
    name: str,
    sources: list[bytes],
    gaps: list[bytes],
    damage: tuple[int, int] | None,
    tail: bytes,
    limit: int,
    into: int | None,
) -> None:
    """decompress_spans (the compiled core's loop over a run's batches) gives what decompress gives
    each payload, or raises the error decompress raises at the first payload that fails. For gzip
    the core inflates with the system's zlib and decompress with ISA-L: the same bytes, the same
    error class (their messages are their own). Written into a bytearray of old bytes (``into``
    bytes long), it is that bytearray, grown as needed and never cut."""
    codec, _, encode = SPANS[name]
    buffer = bytearray(gaps[0])
    spans = []
    for source, gap in zip(sources, gaps[1:], strict=False):
        start = len(buffer)
        buffer += encode(source) + tail
        spans.append((start, len(buffer)))
        buffer += gap
    if damage is not None:
        start, end = spans[damage[0] % len(spans)]
        if end > start:
            buffer[start + damage[0] % (end - start)] = damage[1]
    data = bytes(buffer)
    starts, ends = (np.array(column, np.int64) for column in zip(*spans, strict=True))
    old = None if into is None else bytearray(b"\xa5" * into)
    try:
        decompressed = codecs.decompress_spans(codec, data, starts, ends, limit, old)
        together: Any = payloads(decompressed)
    except DecompressionError as exc:
        together = type(exc), str(exc)
    else:
        if old is not None:
            assert decompressed.data is old
            assert len(old) >= max(into or 0, len(b"".join(together)))
    expected = one_by_one(codec, data, spans, limit)
    if codec == "gzip" and isinstance(expected, tuple) and isinstance(together, tuple):
        assert together[0] == expected[0], (together, expected)
    else:
        assert together == expected


def gzip_member(body: bytes, *, header_crc: int | None = None, size: int | None = None) -> bytes:
    """A gzip member of ``body``, with a header CRC-16 (FHCRC) when ``header_crc`` is given (the
    right one for 0, else that value XOR the right one), its trailer declaring ``size`` when given."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    deflated = compressor.compress(body) + compressor.flush()
    header = b"\x1f\x8b\x08" + (b"\x02" if header_crc is not None else b"\x00") + bytes(4) + b"\x00\xff"
    if header_crc is not None:
        header += struct.pack("<H", (zlib.crc32(header) & 0xFFFF) ^ header_crc)
    declared = len(body) if size is None else size
    return header + deflated + struct.pack("<II", zlib.crc32(body), declared & 0xFFFFFFFF)


def spans_or_error(codec: str, payload: bytes, limit: int = MIB, into: bytearray | None = None) -> Any:
    """decompress_spans of one payload: its bytes, or the class of its error."""
    try:
        return payloads(
            codecs.decompress_spans(codec, payload, np.array([0]), np.array([len(payload)]), limit, into)
        )
    except DecompressionError as exc:
        return type(exc)


GZIP_TRAILERS = {
    "a header CRC that matches": gzip_member(PAYLOAD[:5000], header_crc=0),
    "a header CRC that does not": gzip_member(PAYLOAD[:5000], header_crc=0x1234),
    "a first member larger than the trailer says": gzip_member(PAYLOAD) + gzip_member(b"kafka"),
    "a trailer declaring too little": gzip_member(PAYLOAD, size=100),
    "a trailer declaring too much": gzip_member(PAYLOAD[:1000], size=len(PAYLOAD)),
    "a member over the cap": gzip_member(PAYLOAD[: MIB // 2]) + gzip_member(PAYLOAD[: MIB // 2 + 1]),
}


@pytest.mark.skipif(
    not codecs.in_one_call("gzip", 0), reason="the compiled core or the system's zlib is missing"
)
@pytest.mark.parametrize("payload", GZIP_TRAILERS.values(), ids=GZIP_TRAILERS.keys())
def test_gzip_runs_read_each_member_as_one_by_one(payload: bytes) -> None:
    """The core inflates runs of gzip payloads with libdeflate where the system has it, which sizes
    a member's output by the size the payload's trailer declares and skips the header's CRC-16:
    a member larger than declared, a declared size that lies and a damaged header CRC read as
    ISA-L (one by one) and Kafka's reader read them."""
    expected = one_by_one("gzip", payload, [(0, len(payload))], MIB)
    together = spans_or_error("gzip", payload)
    assert together == (expected[0] if isinstance(expected, tuple) else expected)


@pytest.mark.skipif(
    not codecs.in_one_call("gzip", 0), reason="the compiled core or the system's zlib is missing"
)
def test_a_gzip_trailer_declaring_gigabytes_reserves_what_deflate_could_make() -> None:
    """A crafted trailer is no reason to allocate: the room given to a member is bounded by what
    its bytes could inflate to (deflate's densest ratio is 1032 to 1)."""
    payload = gzip_member(b"kafka" * 6, size=0xFFFFFFF0)
    into = bytearray()
    assert spans_or_error("gzip", payload, 1 << 40, into) is DecompressionError
    assert len(into) <= 1032 * len(payload) + 64


@pytest.mark.skipif(not codecs.in_one_call("lz4", 0), reason="the compiled core is not built")
def test_spans_into_anything_but_a_free_bytearray_are_refused() -> None:
    """A bytearray a memoryview holds could not grow; bytes or a memoryview cannot at all."""
    data = kafka_codec.lz4_encode(b"kafka" * 10)
    starts, ends = np.array([0], np.int64), np.array([len(data)], np.int64)
    held = bytearray(10)
    with memoryview(held), pytest.raises(BufferError, match="exported"):
        codecs.decompress_spans("lz4", data, starts, ends, MIB, held)
    assert payloads(codecs.decompress_spans("lz4", data, starts, ends, MIB, held)) == [b"kafka" * 10]
    for wrong in (bytes(10), memoryview(bytearray(10))):
        with pytest.raises(TypeError, match="bytearray"):
            codecs.decompress_spans("lz4", data, starts, ends, MIB, wrong)  # type: ignore[arg-type]


@pytest.mark.skipif(not codecs.in_one_call("lz4", 0), reason="the compiled core is not built")
def test_spans_outside_the_buffer_are_refused() -> None:
    data = kafka_codec.lz4_encode(b"kafka" * 10)
    for start, end in ((0, len(data) + 1), (-1, 5), (6, 5)):
        with pytest.raises(ValueError, match="outside the buffer"):
            codecs.decompress_spans("lz4", data, np.array([start], np.int64), np.array([end], np.int64), MIB)
    with pytest.raises(ValueError, match="one length"):
        codecs.decompress_spans("lz4", data, np.array([0, 1], np.int64), np.array([1], np.int64), MIB)
