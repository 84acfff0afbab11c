"""Kafka log dirs appended to lakehouse tables, incrementally and exactly once (``kafkaks pipeline
--format iceberg|delta``).

Spark's tasks write the data files in parallel, through ``pyarrow.fs`` (no Hadoop connector,
whatever the filesystem); the driver adds them to the table in one commit, through
pyiceberg (:mod:`~kafkaks.tables.iceberg`) or deltalake (:mod:`~kafkaks.tables.delta`), so no
Iceberg or Delta jar is needed on the cluster. Each commit stores, per topic-partition, the high
offset the table holds (:mod:`~kafkaks.tables.watermarks`); the next run appends only what lies
above it, after checking the log dirs (:mod:`~kafkaks.tables.observe`) for partitions that started
over or were rewritten. :mod:`~kafkaks.tables.appending` is the Spark job;
:mod:`~kafkaks.tables.evolution` decides whether a run's columns (decoded values typed by a newer
schema version) fit the table.

Needs the ``tables`` extra: ``pip install 'kafkaks[tables]'``.
"""

from __future__ import annotations

import contextlib
import os
import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .location import Location
from .watermarks import Key, Watermark

__all__ = ["FORMATS", "MISSING_EXTRA", "DataFile", "Table", "left_by_runs", "new_run_id", "open_table"]

FORMATS = ("parquet", "iceberg", "delta")
MISSING_EXTRA = "--format {format} needs {package}, in the 'tables' extra: pip install 'kafkaks[tables]'"
CATALOG_FILE = "catalog.db"  # an Iceberg table's SQLite catalog in DEST, when no catalog is named
RUN_FOLDER = re.compile(r"kafkaks-[0-9a-f]{16}")  # Table.run_folder's last name: a run's data files


def new_run_id() -> str:
    """The id of a run's folder of data files (:meth:`Table.run_folder`)."""
    return uuid.uuid4().hex[:16]


def left_by_runs(folder: str) -> list[str] | None:
    """What runs killed before their first commit left under a local ``folder``, when that is all
    it holds, else None: the data files of a run (a :data:`RUN_FOLDER`), the Iceberg metadata and
    manifest files the commit wrote before the catalog named them (``metadata/*.metadata.json``,
    ``metadata/*.avro``: the table is not in the catalog, so none of its metadata is committed), a
    local SQLite catalog that holds no table, and the temporary file of a Delta commit
    (``_delta_log/_commit_*.json.tmp``). None of it is in a table; none of it is a reason to refuse
    a new table in the folder."""
    found: list[str] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if RUN_FOLDER.fullmatch(entry.name):
                    found.append(entry.path)
                    continue
                inner = left_by_runs(entry.path)
                if not inner:
                    return None
                found += inner
            elif _uncommitted(entry.path):
                found.append(entry.path)
            else:
                return None
    return found


def _uncommitted(path: str) -> bool:
    folder, name = os.path.split(path)
    parent = os.path.basename(folder)
    if parent == "metadata" and name.endswith((".metadata.json", ".avro")):  # metadata, manifests
        return True
    if parent == "_delta_log" and name.startswith("_commit_") and name.endswith(".json.tmp"):
        return True
    return name == CATALOG_FILE and _holds_no_table(path)


def _holds_no_table(catalog: str) -> bool:
    """A SQLite file that is a pyiceberg SQL catalog naming no table (read-only)."""
    import sqlite3

    try:
        with contextlib.closing(sqlite3.connect(f"file:{catalog}?mode=ro", uri=True)) as connection:
            [(count,)] = connection.execute("SELECT count(*) FROM iceberg_tables").fetchall()
    except sqlite3.Error:
        return False
    return int(count) == 0


@dataclass(frozen=True)
class DataFile:
    """A Parquet file a task wrote for a commit: its URI as the table names it, its size in bytes,
    its rows, and its partition values by :attr:`Table.partition_columns` (None: null)."""

    uri: str
    size: int
    rows: int
    values: Mapping[str, str | None]


class Table(Protocol):
    """What the pipeline needs of a table format."""

    format: str
    partition_columns: tuple[str, ...]  # the folders of a run's files: (topic, day)
    partition_values_in_files: bool  # True: the files hold every column (Iceberg)
    storage: Location

    @property
    def location(self) -> str: ...

    @property
    def exists(self) -> bool: ...  # False: the first commit creates the table

    def describe(self) -> str: ...

    def held(self) -> dict[Key, Watermark]: ...

    def run_folder(self, run_id: str) -> str: ...

    def commit(
        self,
        files: list[DataFile],
        arrow_schema: Any,
        marks: Mapping[Key, Watermark],
    ) -> str: ...


def open_table(
    format: str,
    dest: str,
    *,
    catalog_uri: str | None = None,
    table: str | None = None,
    catalog_properties: Mapping[str, str] | None = None,
) -> Table:
    """The table at ``dest`` (created by its first commit when absent). ``catalog_properties``
    are pyiceberg's catalog properties, over kafkaks' own. A missing optional dependency raises
    ImportError naming the ``tables`` extra; bad settings raise ValueError."""
    if format == "iceberg":
        try:
            import pyiceberg.catalog.sql  # noqa: F401  (the SQLite catalog's SQLAlchemy too)
        except ImportError as exc:
            raise ImportError(MISSING_EXTRA.format(format=format, package="pyiceberg")) from exc
        from .iceberg import IcebergTable

        return IcebergTable(dest, catalog_uri=catalog_uri, table=table, catalog_properties=catalog_properties)
    if format == "delta":
        if catalog_uri is not None or table is not None or catalog_properties:
            raise ValueError(
                "a Delta table is named by its location (DEST): --catalog-uri, --catalog-property and "
                "--table are Iceberg's"
            )
        try:
            import deltalake  # noqa: F401
        except ImportError as exc:
            raise ImportError(MISSING_EXTRA.format(format=format, package="deltalake")) from exc
        from .delta import DeltaTable

        return DeltaTable(dest)
    raise ValueError(f"a table format is one of iceberg, delta, not {format!r}")
