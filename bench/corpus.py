"""The benchmark corpus: v2 segments written with kafka-python's batch builder (an independent writer).

Each segment holds ``records`` records in batches of 500, each record with a 12-byte key, a
100-byte value (50 random bytes as hex, so codecs have something to do but not everything) and
3 headers, with increasing timestamps. One segment per codec; nothing is committed, the files are
built once into a cache directory and reused while their parameters stay the same.
"""

from __future__ import annotations

import itertools
import random
import struct
from collections.abc import Iterable, Sequence
from pathlib import Path

from kafka.codec import gzip_encode, lz4_encode, snappy_encode, zstd_encode
from kafka.record.default_records import DefaultRecordBatchBuilder
from kafkaks.generated.layout import OffsetIndexEntry

CODECS = {"none": 0, "gzip": 1, "snappy": 2, "lz4": 3, "zstd": 4}
RECORDS_PER_BATCH = 500
BASE_TIMESTAMP = 1_700_000_000_000


_ENCODERS = {1: gzip_encode, 2: snappy_encode, 3: lz4_encode, 4: zstd_encode}


class _CompressingBuilder(DefaultRecordBatchBuilder):  # type: ignore[misc]
    """kafka-python's batch builder, except that every batch of a compressed topic is compressed.

    kafka-python keeps a batch uncompressed when compressing does not make it smaller, as for most
    one-record batches here; Kafka's producer (``MemoryRecordsBuilder``) compresses every batch, and
    that is what segments of a compressed topic hold (the real ``lz4-logappend-headers-cp7.6``
    segment: 17,194 lz4 batches of one record).
    """

    def _maybe_compress(self) -> bool:
        if self._compression_type == self.CODEC_NONE:
            return False
        header_size = self.HEADER_STRUCT.size
        self._buffer[header_size:] = _ENCODERS[self._compression_type](bytes(self._buffer[header_size:]))
        return True


def _batch(codec: int, base_offset: int, count: int, rng: random.Random) -> bytes:
    builder = _CompressingBuilder(
        magic=2,
        compression_type=codec,
        is_transactional=False,
        producer_id=-1,
        producer_epoch=-1,
        base_sequence=-1,
        batch_size=1 << 30,
    )
    for delta in range(count):
        offset = base_offset + delta
        headers = [
            ("trace-id", rng.randbytes(8).hex().encode()),
            ("source", b"bench"),
            ("seq", str(offset).encode()),
        ]
        value = rng.randbytes(50).hex().encode()
        builder.append(delta, BASE_TIMESTAMP + offset, f"key-{offset:08d}".encode(), value, headers)
    data = bytearray(builder.build())
    # The builder numbers from 0; the base offset sits before the CRC-covered bytes.
    struct.pack_into(">q", data, 0, base_offset)
    return bytes(data)


def build_segment(
    path: Path, codec: str, records: int, *, per_batch: int = RECORDS_PER_BATCH, seed: int = 6
) -> Path:
    """Write ``records`` records compressed with ``codec``, ``per_batch`` a batch, to ``path`` (if
    not already there)."""
    if path.exists():
        return path
    rng = random.Random(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    with partial.open("wb") as out:
        for base in range(0, records, per_batch):
            out.write(_batch(CODECS[codec], base, min(per_batch, records - base), rng))
    partial.rename(path)
    return path


INDEX_INTERVAL_BYTES = 4096  # the broker's index.interval.bytes default
SEGMENT_LIMIT = 2**31 - 1  # the largest segment.bytes a broker takes


MIXED = (RECORDS_PER_BATCH, *[1] * 100)
"""A 500-record batch then 100 one-record batches: the shape a producer with a lull writes."""
UNIT_RECORDS = 100_000


def build_indexed_segment(path: Path, records: int, pattern: Sequence[int] = MIXED, *, seed: int = 6) -> Path:
    """Write ``records`` uncompressed records to ``path`` (if not already there), in batches of the
    sizes of ``pattern``, over and over, with an ``.index`` beside it holding an entry every
    :data:`INDEX_INTERVAL_BYTES`, as a broker writes it.

    The batches of the first :data:`UNIT_RECORDS` records are built with kafka-python's builder;
    larger segments repeat them, renumbered (the base offset is outside the CRC-covered bytes), so
    that a segment of millions of records takes seconds to make, not minutes."""
    if path.exists():
        return path
    rng = random.Random(seed)
    unit: list[tuple[int, bytes]] = []
    sizes, built = itertools.cycle(pattern), 0
    while built < min(records, UNIT_RECORDS):
        count = min(next(sizes), records - built)
        unit.append((count, _batch(0, built, count, rng)))
        built += count
    path.parent.mkdir(parents=True, exist_ok=True)
    partial, index = path.with_suffix(".partial"), bytearray()
    with partial.open("wb") as out:
        base = position = indexed = 0
        while base < records:
            for count, batch in unit:
                if base >= records:
                    break
                if count > records - base:
                    count, batch = records - base, _batch(0, base, records - base, rng)
                data = bytearray(batch)
                struct.pack_into(">q", data, 0, base)
                if position + len(data) > SEGMENT_LIMIT:
                    partial.unlink()
                    raise ValueError(
                        f"{path}: {records:,} records of these batches make more than a segment's "
                        f"{SEGMENT_LIMIT:,} bytes (its .index holds 4-byte positions): ask for fewer"
                    )
                if position - indexed > INDEX_INTERVAL_BYTES:  # LogSegment.append: the batch's last offset
                    index += OffsetIndexEntry.STRUCT.pack(base + count - 1, position)
                    indexed = position
                out.write(data)
                position += len(data)
                base += count
    path.with_suffix(".index").write_bytes(bytes(index))
    partial.rename(path)
    return path


def corpus(cache: Path, records: int, codecs: Iterable[str] = CODECS) -> dict[str, Path]:
    """One segment per codec (by default all of :data:`CODECS`) under ``cache``, in
    ``<topic>-<partition>`` directories."""
    return {
        codec: build_segment(
            cache / f"{records}" / f"bench-{codec}-0" / "00000000000000000000.log", codec, records
        )
        for codec in codecs
    }
