"""Types of the compiled core, kafkaks/wire/_core.c (the type aliases exist only here)."""

from collections.abc import Sequence

# (validity bitmap or None, offsets, data, offsets are int64)
CoreColumn = tuple[bytes | None, bytes, bytes, bool]
# (list validity or None, int32 list offsets, header keys, header values)
CoreHeaders = tuple[bytes | None, bytes, CoreColumn, CoreColumn]
# (int64 timestamp deltas, int64 offset deltas, keys, values, headers when asked for)
CoreColumns = tuple[bytes, bytes, CoreColumn, CoreColumn, CoreHeaders | None]

def decode_records(
    payloads: Sequence[bytes], counts: Sequence[int], with_headers: bool, /
) -> CoreColumns | None: ...
