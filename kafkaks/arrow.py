"""Kafka records as Apache Arrow record batches, with the columns of Spark's Kafka source.

    >>> import kafkaks
    >>> table = pyarrow.Table.from_batches(kafkaks.read_arrow("/var/lib/kafka/data/orders-0"))

The columns are those of ``spark.read.format("kafka")`` (``key``, ``value``, ``topic``,
``partition``, ``offset``, ``timestamp``, ``timestampType``; ``headers`` with
``include_headers``), so code written for Spark's source runs unchanged on a DataFrame made from
them. ``include_metadata`` appends what only the files know: the segment, the batch's position and
base offset, producer id and epoch, sequence, transactional and control flags, leader epoch, codec
and whether the CRC is valid. As in Spark, ``headers`` is null (not empty) for a record without
headers, and control records are left out unless ``include_control`` is set.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

import pyarrow as pa

from .codecs import DEFAULT_MAX_DECOMPRESSED_BYTES
from .partition import Isolation, PartitionDir, partition_dirs, read_partition_batches
from .segment import Batch, ProblemHandler, read_log

__all__ = ["ROWS_PER_BATCH", "batches_to_arrow", "read_arrow", "spark_schema"]

ROWS_PER_BATCH = 65_536

HEADERS = pa.list_(pa.struct([pa.field("key", pa.string()), pa.field("value", pa.binary())]))
SPARK_FIELDS = [
    pa.field("key", pa.binary()),
    pa.field("value", pa.binary()),
    pa.field("topic", pa.string()),
    pa.field("partition", pa.int32()),
    pa.field("offset", pa.int64()),
    pa.field("timestamp", pa.timestamp("us", tz="UTC")),
    pa.field("timestampType", pa.int32()),
]
METADATA_FIELDS = [
    pa.field("segment", pa.string()),
    pa.field("position", pa.int64()),
    pa.field("batchBaseOffset", pa.int64()),
    pa.field("producerId", pa.int64()),
    pa.field("producerEpoch", pa.int16()),
    pa.field("sequence", pa.int32()),
    pa.field("isTransactional", pa.bool_()),
    pa.field("isControl", pa.bool_()),
    pa.field("leaderEpoch", pa.int32()),
    pa.field("compression", pa.string()),
    pa.field("crcValid", pa.bool_()),
]


def spark_schema(*, include_headers: bool = False, include_metadata: bool = False) -> pa.Schema:
    """The Arrow schema of :func:`read_arrow`'s batches for these options."""
    fields = list(SPARK_FIELDS)
    if include_headers:
        fields.append(pa.field("headers", HEADERS))
    if include_metadata:
        fields.extend(METADATA_FIELDS)
    return pa.schema(fields)


def read_arrow(
    path: str | os.PathLike[str],
    *,
    isolation: Isolation = "read_uncommitted",
    include_headers: bool = False,
    include_metadata: bool = False,
    include_control: bool = False,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    rows_per_batch: int = ROWS_PER_BATCH,
) -> Iterator[pa.RecordBatch]:
    """The records under ``path`` as Arrow record batches of :func:`spark_schema`.

    ``path`` is a segment (``.log``), a ``<topic>-<partition>`` directory or a broker log
    directory; directories are read partition by partition, each in offset order. Each Arrow
    batch holds the records of one partition, at most ``rows_per_batch`` of them. The other
    arguments are those of :func:`~kafkaks.partition.read_partition`; ``isolation`` needs a
    directory, since a segment alone does not say which of its transactions were aborted.
    """
    if Path(path).is_file():
        if isolation != "read_uncommitted":
            raise ValueError(
                f"isolation={isolation!r} needs a partition or log directory, not a segment: {path}"
            )
        sources = [
            read_log(
                path,
                verify_crc=verify_crc,
                on_problem=on_problem,
                max_decompressed_bytes=max_decompressed_bytes,
            )
        ]
    else:
        partition = PartitionDir.of(path)
        sources = [
            read_partition_batches(
                directory.path,
                isolation=isolation,
                verify_crc=verify_crc,
                on_problem=on_problem,
                max_decompressed_bytes=max_decompressed_bytes,
            )
            for directory in ([partition] if partition else partition_dirs(path))
        ]
    for batches in sources:
        yield from batches_to_arrow(
            batches,
            include_headers=include_headers,
            include_metadata=include_metadata,
            include_control=include_control,
            rows_per_batch=rows_per_batch,
        )


def batches_to_arrow(
    batches: Iterable[Batch],
    *,
    include_headers: bool = False,
    include_metadata: bool = False,
    include_control: bool = False,
    rows_per_batch: int = ROWS_PER_BATCH,
) -> Iterator[pa.RecordBatch]:
    """Kafka batches (of one partition) as Arrow record batches of :func:`spark_schema`,
    each of at most ``rows_per_batch`` rows."""
    schema = spark_schema(include_headers=include_headers, include_metadata=include_metadata)
    columns: dict[str, list[object]] = {name: [] for name in schema.names}
    for batch in batches:
        if batch.is_control and not include_control:
            continue
        _append(columns, batch, include_headers, include_metadata)
        if len(columns["offset"]) >= rows_per_batch:
            yield pa.RecordBatch.from_pydict(columns, schema=schema)
            columns = {name: [] for name in schema.names}
    if columns["offset"]:
        yield pa.RecordBatch.from_pydict(columns, schema=schema)


def _append(
    columns: dict[str, list[object]], batch: Batch, include_headers: bool, include_metadata: bool
) -> None:
    records = list(batch.records())
    rows = len(records)
    columns["key"].extend(record.key for record in records)
    columns["value"].extend(record.value for record in records)
    columns["topic"].extend([batch.topic] * rows)
    columns["partition"].extend([batch.partition] * rows)
    columns["offset"].extend(record.offset for record in records)
    columns["timestamp"].extend(record.timestamp * 1000 for record in records)
    columns["timestampType"].extend([batch.timestamp_type.id] * rows)
    if include_headers:
        columns["headers"].extend(
            [{"key": key, "value": value} for key, value in record.headers] or None for record in records
        )
    if include_metadata:
        columns["segment"].extend([batch.path] * rows)
        columns["position"].extend([batch.position] * rows)
        columns["batchBaseOffset"].extend([batch.base_offset] * rows)
        columns["producerId"].extend([batch.producer_id] * rows)
        columns["producerEpoch"].extend([batch.producer_epoch] * rows)
        columns["sequence"].extend(record.sequence for record in records)
        columns["isTransactional"].extend([batch.is_transactional] * rows)
        columns["isControl"].extend([batch.is_control] * rows)
        columns["leaderEpoch"].extend([batch.partition_leader_epoch] * rows)
        columns["compression"].extend([batch.compression.value] * rows)
        columns["crcValid"].extend([batch.crc_valid] * rows)
