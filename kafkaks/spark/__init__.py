"""Kafka log directories in Spark: the ``kafka-log`` data source and the Parquet pipeline.

    >>> from kafkaks.spark import KafkaLogDataSource
    >>> spark.dataSource.register(KafkaLogDataSource)

The data source needs PySpark (the ``spark`` extra); its names are imported when first asked for,
so that ``kafkaks pipeline`` can say what is missing without it.
"""

from typing import Any

__all__ = ["KafkaLogDataSource", "read_problems"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import source

        return getattr(source, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
