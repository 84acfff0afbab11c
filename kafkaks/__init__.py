"""kafkaks: read Apache Kafka's on-disk data (log segments, indexes, snapshots) without a broker.

    >>> import kafkaks
    >>> for batch in kafkaks.read_log("orders-0/00000000000000000000.log"):
    ...     for record in batch.records():
    ...         print(record.offset, record.timestamp, record.key, record.value)

The file formats are described once, in Kaitai Struct specs (``formats/*.ksy``); their generated
parsers are importable as ``kafkaks.generated``. This package adds what a spec cannot say:
decompression, checksums, offset and timestamp reconstruction, and whole-directory reading.
"""

from typing import TYPE_CHECKING, Any

from .errors import (
    CorruptDataError,
    DecompressionError,
    DecompressionLimitError,
    KafkaksError,
    KafkaksWarning,
    NoKafkaDataError,
    UnreadableFileError,
    UnsupportedError,
)
from .models import (
    AbortedTxn,
    Compression,
    ControlRecord,
    EpochEntry,
    OffsetIndexEntry,
    PartitionMetadata,
    Problem,
    ProducerSnapshot,
    ProducerSnapshotEntry,
    Record,
    TimeIndexEntry,
    TimestampType,
)
from .problems import ProblemKind

if TYPE_CHECKING:
    from .arrow import read_arrow, spark_schema
    from .internal_topics import DecodedRecord, decode_internal, decoded
    from .state import ClusterState, cluster_state
    from .store.files import (
        read_leader_epoch_checkpoint,
        read_offset_checkpoint,
        read_offset_index,
        read_partition_metadata,
        read_producer_snapshot,
        read_time_index,
        read_txn_index,
    )
    from .store.listing import PartitionDir, Segment, partition_dirs
    from .store.partition import Transactions, read_log_dir, read_partition, read_partition_batches
    from .store.segment import read_log
    from .wire.batch import Batch
    from .wire.codecs import DEFAULT_MAX_DECOMPRESSED_BYTES

    __version__: str

# The readers are imported when first used: ``import kafkaks`` loads the errors and models only,
# so that it stays fast in one-file commands; Arrow (pyarrow and NumPy) and the internal-topic
# decoders come only with what needs them.
_LAZY = {
    "read_arrow": "arrow",
    "spark_schema": "arrow",
    "DecodedRecord": "internal_topics",
    "decode_internal": "internal_topics",
    "decoded": "internal_topics",
    **dict.fromkeys(
        [
            "read_leader_epoch_checkpoint",
            "read_offset_checkpoint",
            "read_offset_index",
            "read_partition_metadata",
            "read_producer_snapshot",
            "read_time_index",
            "read_txn_index",
        ],
        "store.files",
    ),
    **dict.fromkeys(["PartitionDir", "Segment", "partition_dirs"], "store.listing"),
    **dict.fromkeys(
        ["Transactions", "read_log_dir", "read_partition", "read_partition_batches"], "store.partition"
    ),
    "read_log": "store.segment",
    **dict.fromkeys(["ClusterState", "cluster_state"], "state"),
    "Batch": "wire.batch",
    "DEFAULT_MAX_DECOMPRESSED_BYTES": "wire.codecs",
}


def __getattr__(name: str) -> Any:
    if name == "__version__":
        from importlib import metadata

        try:
            return metadata.version("kafkaks")
        except metadata.PackageNotFoundError:  # the source tree on sys.path, never installed
            return "0+unknown"
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY, "__version__"])


__all__ = [
    "DEFAULT_MAX_DECOMPRESSED_BYTES",
    "AbortedTxn",
    "Batch",
    "ClusterState",
    "Compression",
    "ControlRecord",
    "CorruptDataError",
    "DecodedRecord",
    "DecompressionError",
    "DecompressionLimitError",
    "EpochEntry",
    "KafkaksError",
    "KafkaksWarning",
    "NoKafkaDataError",
    "OffsetIndexEntry",
    "PartitionDir",
    "PartitionMetadata",
    "Problem",
    "ProblemKind",
    "ProducerSnapshot",
    "ProducerSnapshotEntry",
    "Record",
    "Segment",
    "TimeIndexEntry",
    "TimestampType",
    "Transactions",
    "UnreadableFileError",
    "UnsupportedError",
    "cluster_state",
    "decode_internal",
    "decoded",
    "partition_dirs",
    "read_arrow",
    "read_leader_epoch_checkpoint",
    "read_log",
    "read_log_dir",
    "read_offset_checkpoint",
    "read_offset_index",
    "read_partition",
    "read_partition_batches",
    "read_partition_metadata",
    "read_producer_snapshot",
    "read_time_index",
    "read_txn_index",
    "spark_schema",
]
