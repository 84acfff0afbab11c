"""A Delta table through deltalake (delta-rs): the Parquet files a run's tasks wrote are added in
one commit.

DEST is the table's root (on S3 with its settings in the URI: :mod:`kafkaks.tables.location`
turns them into deltalake's storage options). The table is partitioned by ``topic`` and ``day``
(a ``date`` column, the UTC day of ``timestamp``: Delta has no hidden partitioning). Each run's
files go under ``DEST/kafkaks-<run id>/topic=<topic>/day=<day>/``, the partition columns in the
folder names and not in the files, as Delta stores them. The driver then commits one ``add``
action per file in one commit whose commit info carries the watermarks
(:mod:`kafkaks.tables.watermarks`); a new table is created by that same commit. The commit is made
against the version the watermarks were read from, without retries: when another writer committed
meanwhile, it fails and the run's files are removed. Fields new to the table (``--decode-values``
with a newer schema version) are added to its schema by a commit of their own just before
(deltalake adds files under the table's schema as it is): should the append then fail, the table
keeps the new, empty, optional fields and nothing else (:mod:`kafkaks.tables.evolution`). No Delta
jar is needed on the cluster.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any

from . import DataFile
from .evolution import schema_change
from .location import Location
from .watermarks import PROPERTY, Key, Watermark, dump_watermarks, load_watermarks

__all__ = ["DeltaTable"]

DAY = "day"


class DeltaTable:
    """One Delta table at ``dest``, opened (not created) on construction."""

    format = "delta"
    partition_columns: tuple[str, ...] = ("topic", DAY)
    partition_values_in_files = False  # Delta keeps them in the log, not in the files

    def __init__(self, dest: str) -> None:
        import deltalake
        from deltalake.exceptions import TableNotFoundError

        self.storage = Location.parse(dest)
        self.storage_options = self.storage.delta_storage_options()
        try:
            self.table: Any = deltalake.DeltaTable(self.location, storage_options=self.storage_options)
        except TableNotFoundError:
            self.table = None

    @property
    def location(self) -> str:
        return self.storage.uri

    @property
    def exists(self) -> bool:
        return self.table is not None

    def describe(self) -> str:
        if self.table is None:
            return f"Delta table at {self.location} (new)"
        return f"Delta table at {self.location} (version {self.table.version()})"

    def held(self) -> dict[Key, Watermark]:
        """The watermarks of the newest commit that carries them."""
        if self.table is None:
            return {}
        for commit in self.table.history():  # newest first
            text = commit.get(PROPERTY)
            if text is not None:
                return load_watermarks(text)
        return {}

    def run_folder(self, run_id: str) -> str:
        return f"{self.location.rstrip('/')}/kafkaks-{run_id}"

    def commit(self, files: list[DataFile], arrow_schema: Any, marks: Mapping[Key, Watermark]) -> str:
        """Add ``files`` (with their partition values) in one commit carrying ``marks``; returns the
        new version."""
        import deltalake
        from deltalake.transaction import AddAction, CommitProperties, create_table_with_add_actions

        now = int(time.time() * 1000)
        root = self.location.rstrip("/") + "/"
        actions = [
            AddAction(
                file.uri.removeprefix(root),
                file.size,
                dict(file.values),
                now,
                True,
                json.dumps({"numRecords": file.rows}),
            )
            for file in files
        ]
        properties = CommitProperties(
            custom_metadata={PROPERTY: dump_watermarks(marks)}, max_commit_retries=0
        )
        if self.table is None:
            create_table_with_add_actions(
                self.location,
                deltalake.Schema.from_arrow(arrow_schema),
                actions,
                mode="error",
                partition_by=list(self.partition_columns),
                storage_options=self.storage_options,
                commit_properties=properties,
            )
            self.table = deltalake.DeltaTable(self.location, storage_options=self.storage_options)
        else:
            self._evolve(deltalake.Schema.from_arrow(arrow_schema))
            self.table.create_write_transaction(
                actions,
                mode="append",
                schema=self.table.schema(),
                partition_by=list(self.partition_columns),
                commit_properties=properties,
            )
            self.table.update_incremental()
        return str(self.table.version())

    def _evolve(self, schema: Any) -> None:
        """Add the fields of ``schema`` (the run's) the table lacks, in a commit of its own made,
        like the append, without retries against the version the watermarks were read from:
        deltalake's append of files (``create_write_transaction``) keeps the table's schema as it
        is. A conflicting schema raises :class:`~kafkaks.tables.evolution.SchemaConflictError`
        before either commit."""
        import pyarrow as pa
        from deltalake.transaction import CommitProperties

        change = schema_change(pa.schema(self.table.schema().to_arrow()), pa.schema(schema.to_arrow()))
        change.check(self.describe())
        if change.added:
            evolved = [f for f in schema.fields if f.name in change.added_columns]
            self.table.alter.add_columns(evolved, commit_properties=CommitProperties(max_commit_retries=0))
