"""The deep readers of the benchmark, and one file read by one of them in a process of its own.

usage: python bench/one_file.py READER SEGMENT   (prints the records read)

An operator runs one process per file: ``make bench`` times such whole processes (``process``
section), the interpreter's start and every import counted. So this module imports nothing at its
top but the standard library: each reader imports what it needs when it runs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

Reader = Callable[[Path], int]


def kafkaks_arrow(path: Path, threads: int | None = None) -> int:
    """The public deep-decode API: Arrow batches with every column, headers included; by default
    with its decompression threads, with ``threads=0`` all in the calling thread."""
    import kafkaks

    options = {} if threads is None else {"threads": threads}
    return sum(batch.num_rows for batch in kafkaks.read_arrow(path, include_headers=True, **options))


def kafkaks_records(path: Path) -> int:
    """The record objects API: Batch.records()."""
    import kafkaks

    count = 0
    for batch in kafkaks.read_log(path):
        for record in batch.records():
            record.offset, record.timestamp, record.key, record.value, record.headers  # noqa: B018
            count += 1
    return count


def client_reader(memory_records: Callable[[], type]) -> Reader:
    """A Kafka client's reader of record batches in memory (its ``MemoryRecords``, imported when
    the reader runs): every record's fields touched, every batch's CRC checked."""

    def read(path: Path) -> int:
        records = memory_records()(path.read_bytes())
        count = 0
        while (batch := records.next_batch()) is not None:
            if not batch.validate_crc():
                raise ValueError(f"CRC mismatch in {path}")
            for record in batch:
                record.offset, record.timestamp, record.key, record.value, record.headers  # noqa: B018
                count += 1
        return count

    return read


def _aiokafka() -> type:
    from aiokafka.record.memory_records import MemoryRecords

    return MemoryRecords


def _kafka_python() -> type:
    from kafka.record import MemoryRecords

    return MemoryRecords


ARROW, SINGLE, RECORDS, AIO, KP = (
    "kafkaks read_arrow",
    "kafkaks read_arrow(threads=0)",
    "kafkaks Batch.records()",
    "aiokafka 0.14 (C)",
    "kafka-python 3.0 (pure Python)",
)
DEEP: dict[str, Reader] = {
    ARROW: kafkaks_arrow,
    SINGLE: lambda path: kafkaks_arrow(path, threads=0),
    RECORDS: kafkaks_records,
    AIO: client_reader(_aiokafka),
    KP: client_reader(_kafka_python),
}


def aiokafka_reader_class() -> str:
    """Which aiokafka reader runs (its C one, when built)."""
    reader = _aiokafka()
    return f"{reader.__module__}.{reader.__name__}"


if __name__ == "__main__":
    print(DEEP[sys.argv[1]](Path(sys.argv[2])))
