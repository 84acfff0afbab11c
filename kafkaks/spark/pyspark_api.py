"""PySpark's Python data source API, or an ImportError that names the ``spark`` extra.

Every module of :mod:`kafkaks.spark` that needs PySpark imports it from here, so that whichever
is imported first says what to install.
"""

import warnings

try:
    # PySpark warns, as its modules load, that it does not yet fully support pandas 3 (which kafkaks
    # does not use): a user of the data source, a Spark Connect client above all, need not read it.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "PySpark does not yet fully support pandas", FutureWarning)
        from pyspark.sql.datasource import (
            DataSource,
            DataSourceReader,
            EqualTo,
            GreaterThan,
            GreaterThanOrEqual,
            In,
            InputPartition,
            LessThan,
            LessThanOrEqual,
        )
        from pyspark.sql.pandas.types import from_arrow_schema
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        "the kafka-log data source and kafkaks pipeline need PySpark 4.1 or later, the 'spark' extra: "
        "pip install 'kafkaks[spark]' (Spark also needs Java 17+)"
    ) from exc

__all__ = [
    "DataSource",
    "DataSourceReader",
    "EqualTo",
    "GreaterThan",
    "GreaterThanOrEqual",
    "In",
    "InputPartition",
    "LessThan",
    "LessThanOrEqual",
    "from_arrow_schema",
]
