"""Kafka log directories as Spark DataFrames: the ``kafka-log`` PySpark data source.

    >>> from kafkaks.spark import KafkaLogDataSource
    >>> spark.dataSource.register(KafkaLogDataSource)
    >>> df = spark.read.format("kafka-log").option("includeHeaders", "true").load("/var/lib/kafka/data")

The DataFrame has the columns and types of Spark's own Kafka source (``format("kafka")``), so code
written for it runs unchanged on retained segments, tiered-storage copies or the disks of a dead
cluster, without a broker. ``path`` is a broker log directory, a ``<topic>-<partition>``
directory, a ``.log`` segment, a glob, or several of them (``load([p1, p2])``), on the local disk or
any filesystem ``pyarrow.fs`` opens (``s3://``, ``gs://``, ``hdfs://``; S3 options such as
``?endpoint_override=...`` go in the URI's query string).

Planning (on the driver) lists the partition directories and cuts one Spark partition per segment,
or several for a segment larger than ``maxBytesPerPartition``, at ``.index`` positions (batch
starts, each checked by its CRC before it is used). ``read_committed`` scans each partition's
batch headers once on the driver and ships the aborted transactions and the last stable offset
with the partition (:class:`~kafkaks.store.partition.Transactions` pickles). Executors read their byte
range with :func:`~kafkaks.store.segment.read_log` and yield Arrow record batches.

A topic-partition given in several copies (replicas, JBOD directories, a backup), or whose segments
overlap, is read once as one log (:mod:`kafkaks.store.replicas`): the driver reads every copy through the
merge (one pass over all their bytes, checking every CRC) and plans runs of adjacent batches of the
files it took; what the merge reports travels with the first split.

Options (lowerCamelCase, as Spark's own):

================== =================== =========================================================
option             default             meaning
================== =================== =========================================================
subscribe          (all)               comma-separated topics to read (Spark's Kafka option)
subscribePattern   (all)               a regular expression topics must match in full
includeHeaders     false               add ``headers`` array<struct<key string, value binary>>
includeMetadata    false               add segment, position and batch header columns
includeControl     false               keep control records (transaction markers) as rows
isolationLevel     read_uncommitted    or ``read_committed``: no aborted records, stop at the LSO
mode               FAILFAST            a corrupt batch fails the job (naming file, position,
                                       offset); ``PERMISSIVE`` skips it and reports the range
problemsPath       (none)              a directory where every task writes the byte ranges it
                                       skipped or found damaged, as JSON lines
maxBytesPerPartition 134217728         split segments larger than this at ``.index`` positions
verifyCrc          true                check every batch's CRC (a mismatch is a corrupt batch)
decodeInternal     false               add ``decodedKey``, ``decodedValue`` and ``decodeProblem``:
                                       the records of ``__consumer_offsets``,
                                       ``__transaction_state``, ``__cluster_metadata``,
                                       ``__share_group_state`` and ``__remote_log_metadata``
                                       decoded as kafka-dump-log's decoders print them (JSON strings; null
                                       for other topics and for control records)
decodeValues       false               ``true``: add ``valueSchemaId``, ``valueDecoded`` (a
                                       struct) and ``valueDecodeProblem``: values decoded with
                                       their schemas (Avro, JSON Schema, Protobuf) from the
                                       ``_schemas`` topic among the paths; or a registry's URL,
                                       or a path holding ``_schemas`` (see
                                       :mod:`kafkaks.spark.decoding`); ``mode`` applies to
                                       values that do not decode
decodeKeys         false               with ``decodeValues``, the keys too (``keySchemaId``, ...)
decodeSubjects     (none)              ``topic=subject,...``: subjects not named ``<topic>-value``
decodeSchemaFiles  (none)              ``topic=file,...``: schema files (``.avsc``, ``.json``,
                                       ``.proto``, read on the driver) for values without framing
startingOffsets    earliest            JSON as Spark's Kafka source takes it,
                                       ``{"orders": {"0": 23, "1": -2}}``: the first offset read
                                       of each topic-partition named (-2 or not named: the
                                       earliest); older segments are not read, older rows dropped
columns            (all)               comma-separated columns to read (``key,value,offset``): the
                                       others are never handed to Spark, which copies every column
                                       of every row it gets (PySpark does not tell a Python source
                                       which columns a query needs)
remote             (none)              tiered storage: a store of remote segments (a folder,
                                       ``s3://bucket/prefix``), read with the paths or alone;
                                       each task reads its segment's chunks from the store
                                       (:mod:`kafkaks.spark.tiers`)
remoteKeyPrefix,   (none)              Aiven's key prefix; ``id=pem-path,...``, the keys of
remoteKeys,                            encrypted segments; log dirs holding
remoteMetadata                         ``__remote_log_metadata`` (comma-separated)
pushFilters        false               ``true``: take Spark's pushed-down filters to skip what
                                       cannot match (Spark fails the query unless its filter
                                       pushdown is on; see the caveat below); ``false``: every
                                       segment is read and Spark filters the rows
================== =================== =========================================================

Filter pushdown (``spark.sql.python.filterPushdown.enabled=true``): filters on ``topic`` and
``partition`` prune directories, ``offset`` ranges prune segments by their file names and start or
end reading at ``.index`` positions, and a lower bound on ``timestamp`` skips what the
``.timeindex`` and the batch headers prove older. Pruning only drops bytes that cannot hold a
matching row; every filter is still evaluated by Spark on what is read.

The modules: :mod:`~kafkaks.spark.options` (the options), :mod:`~kafkaks.spark.filesystems`
(``pyarrow.fs`` by URI), :mod:`~kafkaks.spark.planning` (partitions and splits, on the driver),
:mod:`~kafkaks.spark.probing` (byte ranges from the indexes), :mod:`~kafkaks.spark.tiers` (remote
segments), :mod:`~kafkaks.spark.bounds` (what
pushed-down filters bound), :mod:`~kafkaks.spark.reading` (a split's rows, on the executors) and
this one, the data source Spark calls.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import pyarrow as pa
import pyarrow.fs as pafs

from ..errors import KafkaksError
from .bounds import Bounds, bounds_of
from .decoding import with_decoding
from .filesystems import absolute, filesystem
from .options import Options
from .planning import SegmentSplit, plan
from .pyspark_api import DataSource, DataSourceReader, from_arrow_schema
from .reading import PROBLEMS_SCHEMA, read_split

__all__ = [
    "KafkaLogDataSource",
    "KafkaLogDataSourcePushdownReader",
    "KafkaLogDataSourceReader",
    "read_problems",
]


class KafkaLogDataSourceReader(DataSourceReader):  # type: ignore[misc]
    """Plans one partition per segment (split at ``.index`` positions) and reads them."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.bounds = Bounds()

    # A kafkaks error is raised anew, without the frames and causes it came through: Spark puts the
    # Python traceback in its exception's message, so the reason (file, position, offset, kind)
    # then comes on its third line rather than after a dozen lines of frames.

    def partitions(self) -> list[SegmentSplit]:
        try:
            return plan(self.options, self.bounds)
        except KafkaksError as error:
            raise error.at() from None

    def read(self, partition: SegmentSplit) -> Iterator[pa.RecordBatch]:
        if not isinstance(partition, SegmentSplit):
            return  # Spark's stand-in when planning found nothing to read
        try:
            yield from read_split(partition, self.options)
        except KafkaksError as error:
            raise error.at() from None


class KafkaLogDataSourcePushdownReader(KafkaLogDataSourceReader):
    """The reader of ``option("pushFilters", "true")`` (with
    ``spark.sql.python.filterPushdown.enabled`` on: PySpark refuses a reader that has
    ``pushFilters`` while it is off, and does not tell the source which it is).

    It prunes with every filter it understands and hands all of them back to Spark, which
    evaluates them on the rows read: pruning is an optimisation, never the filter itself.

    It is not the default because PySpark 4.3 keeps the plan of the last query whose filters were
    pushed on the DataFrame's data source, and plans later queries of that DataFrame that push
    nothing with it: after ``df.where("partition = 0").count()``, ``df.count()`` reads only what
    the filter kept (tests/test_spark.py shows it; Spark's later sources keep pushed plans per
    scan). Rows would be lost without an error, so the user asks for pruning, and then makes a
    DataFrame for each filtered query.
    """

    def pushFilters(self, filters: list[Any]) -> Iterable[Any]:
        self.bounds = bounds_of(filters)
        return filters


class KafkaLogDataSource(DataSource):  # type: ignore[misc]
    """``spark.read.format("kafka-log")``: Kafka log directories, read without a broker."""

    @classmethod
    def name(cls) -> str:
        return "kafka-log"

    def schema(self) -> Any:
        return from_arrow_schema(with_decoding(Options.parse(self.options)).arrow_schema())

    def reader(self, schema: Any) -> KafkaLogDataSourceReader:
        options = with_decoding(Options.parse(self.options))
        if options.push_filters:
            return KafkaLogDataSourcePushdownReader(options)
        return KafkaLogDataSourceReader(options)


def read_problems(spark: Any, path: str) -> Any:
    """The problems tasks wrote to ``problemsPath`` as a DataFrame of
    :data:`~kafkaks.spark.reading.PROBLEMS_SCHEMA` (empty when none was written)."""
    fs, root = filesystem(absolute(path))
    if fs.get_file_info(root).type == pafs.FileType.NotFound:
        return spark.createDataFrame([], PROBLEMS_SCHEMA)
    return spark.read.schema(PROBLEMS_SCHEMA).json(absolute(path))
