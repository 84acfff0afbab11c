"""The rows of a log directory as kafka-python's reader (``kafka.record.MemoryRecords``) sees them:
the independent answer the Spark cluster and the tables are checked against.

Read-uncommitted, control batches left out (as the ``kafka-log`` source does), live ``.log``
segments only (not ``.deleted``/``.cleaned``/``.swap``), every segment of every partition read whole.
"""

from __future__ import annotations

from pathlib import Path

from kafka.record import MemoryRecords

Row = tuple[str, int, int, bytes | None, bytes | None]  # topic, partition, offset, key, value


def kafka_python_rows(logdir: Path, *, offset_above: dict[tuple[str, int], int] | None = None) -> list[Row]:
    """Every data record under ``logdir`` (a broker log directory), sorted; with ``offset_above``,
    only offsets above the given one for a topic-partition."""
    rows: list[Row] = []
    for log in sorted(logdir.glob("*/*.log")):
        topic, _, number = log.parent.name.rpartition("-")
        partition = int(number)
        floor = (offset_above or {}).get((topic, partition), -1)
        records = MemoryRecords(log.read_bytes())
        while (batch := records.next_batch()) is not None:
            if batch.is_control_batch:
                continue
            for record in batch:
                if record.offset > floor:
                    key = bytes(record.key) if record.key is not None else None
                    value = bytes(record.value) if record.value is not None else None
                    rows.append((topic, partition, record.offset, key, value))
    return sorted(rows, key=lambda row: row[:3])
