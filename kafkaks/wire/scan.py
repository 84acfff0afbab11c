"""The compiled batch scan: runs of whole, valid v2 batches, their headers read in C.

:func:`kafkaks.store.segment.read_log` reads a file a chunk at a time and hands each chunk to
``scan_batches`` of the compiled core (``kafkaks/wire/_core.c``). It walks the entries as
``read_log`` frames them (Kafka's FileLogInputStream), reads each v2 batch header through the
layout the specs generate (``generated/layout.h``) and checks its CRC-32C, all without the GIL,
and stops at the first entry that is not a whole, valid v2 batch of a known codec: ``read_log``'s
careful path reads that one (reporting what is wrong with it, resynchronising after damage), then
scanning goes on. What a scan took is a :class:`ScannedRun`: the chunk's bytes and one row of
header fields per batch, so that :mod:`kafkaks.arrow` decodes whole runs with no Python object per
batch, and ``read_log`` has the core make its :class:`~kafkaks.wire.batch.Batch` objects from the
rows (``scanned_batches``: the slots filled in C) without unpacking a header or computing a CRC
again.

With ``kafkaks.store.segment.compiled_scan`` set to None, ``read_log`` reads every entry the
careful way: tests/test_scan.py checks that both give the same batches and problems.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..generated.kafka_record_batch import KafkaRecordBatch
from ..generated.layout import RecordBatchHeader
from ._core import SCAN_FIELDS, STOP_OTHER, batch_class, scanned_batches
from ._core import scan_batches as compiled_scan
from .batch import _TIMESTAMP_TYPES, V2_CODECS, Batch

if TYPE_CHECKING:
    import numpy as np

__all__ = ["KNOWN_CODECS", "SCAN_BYTES", "ScannedRun", "compiled_scan"]

batch_class(Batch)

# The codecs a scanned batch may have (bit n: compression id n), from the spec's enum; a batch of
# any other is left to the careful path, which reports it.
KNOWN_CODECS = sum(1 << codec.value for codec in KafkaRecordBatch.CompressionType)
# What read_log reads for a scan; an entry larger than this is read the careful way.
SCAN_BYTES = 1 << 20
_COLUMNS = len(SCAN_FIELDS)
# What scanned_batches puts in a batch's compression and timestamp_type, by codec id and bit.
_CODECS = tuple(V2_CODECS.get(codec_id) for codec_id in range(max(V2_CODECS) + 1))
_TIMESTAMP_KINDS = (_TIMESTAMP_TYPES[0], _TIMESTAMP_TYPES[1])
_BATCHES_AT_ONCE = 1024  # Batch objects made at a time: their bytes are copies


class ScannedRun:
    """Batches one after another in ``data``, which starts at file position ``start``: ``fields``
    holds ``count`` rows of the compiled scan's ``SCAN_FIELDS`` (int64), positions relative to
    ``data``. Every batch is a whole v2 batch of a known codec whose CRC matched (or, read with
    ``verify_crc=False``, was not checked: ``crc_valid`` -1)."""

    __slots__ = ("count", "data", "fields", "max_decompressed", "partition", "path", "start", "topic")

    def __init__(
        self,
        data: bytes,
        start: int,
        fields: bytes,
        count: int,
        *,
        path: str,
        topic: str | None,
        partition: int | None,
        max_decompressed: int,
    ) -> None:
        self.data = data
        self.start = start
        self.fields = fields
        self.count = count
        self.path = path
        self.topic = topic
        self.partition = partition
        self.max_decompressed = max_decompressed

    @staticmethod
    def column(name: str) -> int:
        """Where a field of ``SCAN_FIELDS`` is in a row of :meth:`rows`."""
        return SCAN_FIELDS.index(name)

    def slice(self, first: int, stop: int) -> ScannedRun:
        """The run of batches ``first`` to ``stop`` (rows), over the same bytes."""
        size = _COLUMNS * 8
        return ScannedRun(
            self.data,
            self.start,
            self.fields[first * size : stop * size],
            stop - first,
            path=self.path,
            topic=self.topic,
            partition=self.partition,
            max_decompressed=self.max_decompressed,
        )

    def rows(self, first: int = 0, stop: int | None = None) -> list[list[int]]:
        """Rows ``first`` to ``stop`` of ``SCAN_FIELDS`` values."""
        stop = self.count if stop is None else min(stop, self.count)
        values = memoryview(self.fields).cast("q")[first * _COLUMNS : stop * _COLUMNS].tolist()
        return [values[at : at + _COLUMNS] for at in range(0, len(values), _COLUMNS)]

    def batches(self, first: int = 0, stop: int | None = None) -> Iterator[Batch]:
        """The run's batches (rows ``first`` to ``stop``) as :class:`Batch` objects."""
        stop = self.count if stop is None else min(stop, self.count)
        data, fields, path, start = self.data, self.fields, self.path, self.start
        topic, partition, limit = self.topic, self.partition, self.max_decompressed
        for at in range(first, stop, _BATCHES_AT_ONCE):
            end = min(at + _BATCHES_AT_ONCE, stop)
            yield from scanned_batches(
                data, fields, at, end, path, start, topic, partition, limit, _CODECS, _TIMESTAMP_KINDS
            )

    def columns(self) -> dict[str, np.ndarray[Any, Any]]:
        """Each of ``SCAN_FIELDS`` as an int64 NumPy array of ``count`` values (``position`` made a
        file position), and ``records_at`` and ``records_end``: where each batch's records start
        and end in ``data``."""
        import numpy as np

        table = np.frombuffer(self.fields, np.int64).reshape(self.count, _COLUMNS)
        columns = {name: table[:, index] for index, name in enumerate(SCAN_FIELDS)}
        columns["records_at"] = columns["position"] + RecordBatchHeader.SIZE
        columns["records_end"] = columns["position"] + columns["size"]
        columns["position"] = columns["position"] + self.start
        return columns

    def _last(self, name: str) -> int:
        value: int = memoryview(self.fields).cast("q")[(self.count - 1) * _COLUMNS + self.column(name)]
        return value

    @property
    def last_offset(self) -> int:
        return self._last("base_offset") + self._last("last_offset_delta")

    @property
    def end(self) -> int:
        """The file position after the run's last batch."""
        return self.start + self._last("position") + self._last("size")


def scan(
    data: bytes,
    start: int,
    *,
    verify_crc: bool,
    path: str,
    topic: str | None,
    partition: int | None,
    max_decompressed: int,
) -> tuple[ScannedRun | None, int, bool]:
    """(the run of valid v2 batches at the start of ``data`` or None, bytes it takes, whether the
    entry after it needs the careful path: it is in ``data`` but is not such a batch)."""
    count, consumed, fields, stop = compiled_scan(data, verify_crc, KNOWN_CODECS, -1)
    run = None
    if count:
        run = ScannedRun(
            data,
            start,
            fields,
            count,
            path=path,
            topic=topic,
            partition=partition,
            max_decompressed=max_decompressed,
        )
    return run, consumed, stop == STOP_OTHER
