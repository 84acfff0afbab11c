"""The records of a batch as ``(offset, key, value)`` triples, for the replays of the internal
topics: a million records of ``__consumer_offsets`` must replay in seconds, and building a
:class:`~kafkaks.Record` for each (timestamps, sequences, topic) costs three times what decoding
them does. A v2 batch goes through the record decoder alone (:func:`kafkaks.wire.records.decode`,
the compiled core where it is built); a legacy entry, rare and small, through
:meth:`~kafkaks.Batch.records`. Errors carry the file, position and offset as there."""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import KafkaksError
from ..wire.batch import Batch
from ..wire.records import decode

__all__ = ["raw_records"]


def raw_records(batch: Batch) -> Iterator[tuple[int, bytes | None, bytes | None]]:
    if batch.magic < 2:
        for record in batch.records():
            yield record.offset, record.key, record.value
        return
    base = batch.base_offset
    try:
        for _timestamp_delta, offset_delta, key, value, _headers in decode(batch.record_bytes(), batch.count):
            yield base + offset_delta, key, value
    except KafkaksError as exc:
        raise exc.at(batch.path, batch.position, base) from exc
