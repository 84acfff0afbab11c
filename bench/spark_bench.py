"""What bounds the ``kafka-log`` Spark source on ``local[1]``: a stand-in source and CPU accounting.

``DecodedDataSource`` (``format("kafka-log-decoded")``) yields Arrow batches already decoded and
saved by :func:`save_decoded` (an Arrow IPC file, memory-mapped): the same rows, columns, types
and batch sizes as ``kafka-log``, with no reading or decoding at all. What a query over it costs
is what Spark spends on any Python data source of this schema: the Arrow stream from the Python
worker to the JVM, and the JVM turning each row of it into an ``UnsafeRow``
(``MapInBatchEvaluatorFactory``: a Python data source gives rows, never columnar batches, and is
given no column pruning, so every column of every row is copied).

:func:`cpu_seconds` splits a query's CPU time between the JVM and its Python workers (Linux
``/proc``), since on a shared machine wall time alone does not say which side was waiting.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
from pyspark.sql.datasource import DataSource, DataSourceReader, InputPartition
from pyspark.sql.pandas.types import from_arrow_schema

import kafkaks

_TICKS = os.sysconf("SC_CLK_TCK")


def save_decoded(segment: Path, path: Path) -> Path:
    """``read_arrow(segment, include_headers=True)``'s batches, as they come, into an Arrow IPC file."""
    batches = kafkaks.read_arrow(segment, include_headers=True, threads=0)
    first = next(batches)
    with pa.OSFile(str(path), "wb") as out, pa.ipc.new_file(out, first.schema) as writer:
        writer.write_batch(first)
        for batch in batches:
            writer.write_batch(batch)
    return path


class DecodedReader(DataSourceReader):  # type: ignore[misc]
    def __init__(self, path: str) -> None:
        self.path = path

    def partitions(self) -> list[InputPartition]:
        return [InputPartition(self.path)]

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        saved = pa.ipc.open_file(pa.memory_map(partition.value))
        for index in range(saved.num_record_batches):
            yield saved.get_batch(index)


class DecodedDataSource(DataSource):  # type: ignore[misc]
    """``spark.read.format("kafka-log-decoded").load(ipc_file)``: batches saved by :func:`save_decoded`."""

    @classmethod
    def name(cls) -> str:
        return "kafka-log-decoded"

    def schema(self) -> Any:
        return from_arrow_schema(pa.ipc.open_file(pa.memory_map(self.options["path"])).schema)

    def reader(self, schema: Any) -> DecodedReader:
        return DecodedReader(self.options["path"])


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (none once it has ended), whichever thread started them."""
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return found
    for task in tasks:
        try:
            found += [int(child) for child in Path(f"/proc/{pid}/task/{task}/children").read_text().split()]
        except FileNotFoundError:  # a thread that just ended
            continue
    return found


def _process_cpu(pid: int) -> float:
    """User and system time of a process and of its children it has waited for, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(ticks) for ticks in fields[11:15]) / _TICKS


def jvm_pid() -> int:
    """The JVM this interpreter started (PySpark's gateway): the first ``java`` below it."""
    waiting = _children(os.getpid())
    while waiting:
        pid = waiting.pop()
        if Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].endswith(b"java"):
            return pid
        waiting += _children(pid)
    raise RuntimeError("no JVM below this process")


def cpu_seconds(jvm: int) -> tuple[float, float]:
    """CPU seconds used so far by the JVM and by the Python processes below it (daemon, workers)."""
    python = 0.0
    waiting = _children(jvm)
    while waiting:
        pid = waiting.pop()
        try:
            python += _process_cpu(pid)
            waiting += _children(pid)
        except FileNotFoundError:  # a worker that just ended
            continue
    return _process_cpu(jvm), python
