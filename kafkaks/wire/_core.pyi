"""Types of the compiled core, kafkaks/wire/_core.c (the type aliases exist only here)."""

from collections.abc import Callable, Sequence
from typing import Any

from pyarrow import Buffer

# (validity bitmap or None, offsets, data, offsets are int64): buffers from the call's allocate
CoreColumn = tuple[Buffer | None, Buffer, Buffer, bool]
# (list validity or None, int32 list offsets, header keys, header values)
CoreHeaders = tuple[Buffer | None, Buffer, CoreColumn, CoreColumn]
# (int64 timestamp deltas, int64 offset deltas, keys, values, headers when asked for)
CoreColumns = tuple[Buffer, Buffer, CoreColumn, CoreColumn, CoreHeaders | None]

def decode_records(
    payloads: Sequence[bytes | memoryview],
    counts: Sequence[int],
    with_headers: bool,
    allocate: Callable[[int], Buffer],
    /,
) -> CoreColumns | None: ...

# scan_batches' columns, one int64 each per batch, in this order; why a scan stopped
SCAN_FIELDS: tuple[str, ...]
STOP_END: int
STOP_PARTIAL: int
STOP_OTHER: int
STOP_MAX: int

def scan_batches(
    buffer: bytes | memoryview, verify_crc: bool, codecs: int, max_batches: int, /
) -> tuple[int, int, bytes, int]: ...
def crc32c(data: bytes | memoryview, value: int = 0, portable: bool = False, /) -> int: ...
def decode_spans(
    buffer: bytes | bytearray | memoryview,
    starts: object,
    ends: object,
    counts: object,
    with_headers: bool,
    allocate: Callable[[int], Buffer],
    /,
) -> CoreColumns | None: ...
def record_tuples(
    area: bytes | memoryview, count: int, /
) -> list[tuple[int, int, bytes | None, bytes | None, list[tuple[str, bytes | None]]]]: ...
def check_records(area: bytes | memoryview, count: int, /) -> None: ...
def piece_ends(area: bytes | memoryview, count: int, rows: int, /) -> tuple[bytes, bool]: ...
def lz4_frame(data: bytes | memoryview, limit: int, check_header: bool, /) -> bytes: ...
def snappy(data: bytes | memoryview, limit: int, /) -> bytes: ...
def decompress_spans(
    codec: str,
    buffer: bytes | memoryview,
    starts: object,
    ends: object,
    limit: int,
    into: bytearray | None,
    /,
) -> tuple[bytes | bytearray, bytes, bytes]: ...
def zstd_load(name: str, /) -> bool: ...
def gzip_load(name: str, /) -> bool: ...
def deflate_load(name: str, /) -> bool: ...
def zstd(data: bytes | memoryview, limit: int, /) -> bytes: ...
def batch_class(cls: type, /) -> None: ...
def scanned_batches(
    data: bytes,
    fields: bytes,
    first: int,
    stop: int,
    path: str,
    start: int,
    topic: str | None,
    partition: int | None,
    limit: int,
    codecs: tuple[object, ...],
    timestamp_types: tuple[object, object],
    /,
) -> list[Any]: ...
