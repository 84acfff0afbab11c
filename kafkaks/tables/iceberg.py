"""An Iceberg table through pyiceberg: the Parquet files a run's tasks wrote are added in one commit.

The catalog is an embedded SQL catalog on SQLite by default (``DEST/catalog.db``, the warehouse
``DEST``, for a local DEST), or any catalog pyiceberg loads by URI: ``http(s)://`` a REST catalog,
``sqlite:///...``/``postgresql://...`` a SQL catalog. Catalog properties given by the operator
(``--catalog-property``: a REST catalog's ``warehouse`` name, ``scope``, ``header.*``, ...) go over
kafkaks' own; pyiceberg adds those of its environment (``PYICEBERG_CATALOG__KAFKAKS__CREDENTIAL``,
``..._TOKEN``) and ``.pyiceberg.yaml`` (catalog ``kafkaks``) under them, the place for secrets.
The table (``kafka.records`` unless named) is partitioned by ``identity(topic)`` and
``day(timestamp)``, at ``<DEST>/<namespace>.db/<name>`` when kafkaks creates it. A warehouse on S3
carries its settings in DEST's URI (:mod:`kafkaks.tables.location` turns them into pyiceberg's
``s3.*`` properties, so the metadata goes where the data files go); its catalog must be named,
since the SQLite file cannot live in a bucket.

Each run's files go under ``<table location>/data/kafkaks-<run id>/``, one folder per
topic and day, every column inside each file (Iceberg takes partition values from the data,
``add_files`` from each file's column statistics). The driver then adds them all with
``add_files`` in one snapshot whose summary carries the watermarks
(:mod:`kafkaks.tables.watermarks`); a new table is created in that same commit, and fields new
to the table (``--decode-values`` with a newer schema version) are added to its schema in that
same commit too (:mod:`kafkaks.tables.evolution`). The commit
asserts that the branch still points where it pointed when the watermarks were read, and is not
retried (pyiceberg would re-apply it on top of a concurrent commit), so two runs racing on one
table cannot both append the same offsets: the second commit fails and its files are removed.
No Iceberg jar is needed on the cluster.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from typing import Any

from . import CATALOG_FILE, DataFile
from .evolution import schema_change
from .location import Location
from .watermarks import PROPERTY, Key, Watermark, dump_watermarks, load_watermarks

__all__ = ["IcebergTable"]

DEFAULT_TABLE = "kafka.records"
TOPIC_DIR, DAY_DIR = "kafkaks_topic", "kafkaks_day"  # a run's folders; Iceberg ignores the paths


class IcebergTable:
    """One Iceberg table, opened (not created) on construction."""

    format = "iceberg"
    partition_columns: tuple[str, ...] = (TOPIC_DIR, DAY_DIR)
    partition_values_in_files = True  # Iceberg reads partition values from the data columns

    def __init__(
        self,
        dest: str,
        *,
        catalog_uri: str | None = None,
        table: str | None = None,
        catalog_properties: Mapping[str, str] | None = None,
    ) -> None:
        from pyiceberg.exceptions import NoSuchTableError

        self.catalog_file: str | None = None
        self.identifier = table or DEFAULT_TABLE
        if "." not in self.identifier:
            raise ValueError(f"an Iceberg table is named NAMESPACE.TABLE, not {self.identifier!r}")
        self.storage = Location.parse(dest if "://" in dest else f"file://{dest}")
        warehouse = self.storage.uri
        properties = {"warehouse": warehouse, **self.storage.pyiceberg_properties()}
        if catalog_uri is None:
            if "://" in dest and not dest.startswith("file://"):
                raise ValueError(
                    f"DEST {dest} is not local: its SQLite catalog cannot live there; give the catalog's "
                    "URI (--catalog-uri sqlite:////local/catalog.db or a REST catalog's http://...)"
                )
            self.catalog_file = os.path.join(dest.removeprefix("file://"), CATALOG_FILE)
            properties |= {"type": "sql", "uri": f"sqlite:///{self.catalog_file}"}
        elif catalog_uri.startswith(("http://", "https://")):
            properties |= {"type": "rest", "uri": catalog_uri}
        else:
            properties |= {"type": "sql", "uri": catalog_uri}
        self.properties = properties | dict(catalog_properties or {})  # the operator's last
        self.namespace = self.identifier.rsplit(".", 1)[0]
        self.warehouse = warehouse
        self.table: Any = None
        self._catalog: Any = None
        if self.catalog_file is None or os.path.exists(self.catalog_file):  # else: a new table
            with contextlib.suppress(NoSuchTableError):
                self.table = self.catalog.load_table(self.identifier)

    @property
    def catalog(self) -> Any:
        """The catalog, loaded when first needed: a new local DEST and its SQLite file are made
        by the first commit, not by a dry run."""
        if self._catalog is None:
            from pyiceberg.catalog import load_catalog

            if self.catalog_file is not None:
                os.makedirs(os.path.dirname(self.catalog_file), exist_ok=True)
            self._catalog = load_catalog("kafkaks", **self.properties)
        return self._catalog

    @property
    def location(self) -> str:
        if self.table is not None:
            return str(self.table.location())
        name = self.identifier.rsplit(".", 1)[1]
        return f"{self.warehouse.rstrip('/')}/{self.namespace.replace('.', '/')}.db/{name}"

    @property
    def exists(self) -> bool:
        return self.table is not None

    def describe(self) -> str:
        if self.table is None:
            return f"Iceberg table {self.identifier} (new, at {self.location})"
        snapshot = self.table.current_snapshot()
        at = f"snapshot {snapshot.snapshot_id}" if snapshot is not None else "no snapshot"
        return f"Iceberg table {self.identifier} ({at}, at {self.location})"

    def held(self) -> dict[Key, Watermark]:
        """The watermarks of the newest snapshot of the branch that carries them (a snapshot made
        by another writer, a compaction say, carries none: its parents are looked at)."""
        if self.table is None:
            return {}
        snapshot = self.table.current_snapshot()
        while snapshot is not None:
            summary = snapshot.summary
            text = summary.additional_properties.get(PROPERTY) if summary is not None else None
            if text is not None:
                return load_watermarks(text)
            parent = snapshot.parent_snapshot_id
            snapshot = self.table.snapshot_by_id(parent) if parent is not None else None
        return {}

    def run_folder(self, run_id: str) -> str:
        return f"{self.location.rstrip('/')}/data/kafkaks-{run_id}"

    def commit(self, files: list[DataFile], arrow_schema: Any, marks: Mapping[Key, Watermark]) -> str:
        """Add ``files`` in one snapshot carrying ``marks``; returns the snapshot id. pyiceberg
        reads each file's footer for its statistics and partition values. New fields in
        ``arrow_schema`` are added to the table's schema in the same commit; a conflicting schema
        raises :class:`~kafkaks.tables.evolution.SchemaConflictError` before anything is committed."""
        from pyiceberg.catalog import Catalog

        properties = {PROPERTY: dump_watermarks(marks)}
        schema = Catalog._convert_schema_if_needed(arrow_schema)
        if self.table is None:
            from pyiceberg.partitioning import PartitionField, PartitionSpec
            from pyiceberg.schema import assign_fresh_schema_ids
            from pyiceberg.transforms import DayTransform, IdentityTransform

            schema = assign_fresh_schema_ids(schema)
            topic, timestamp = schema.find_field("topic").field_id, schema.find_field("timestamp").field_id
            spec = PartitionSpec(
                PartitionField(topic, 1000, IdentityTransform(), "topic"),
                PartitionField(timestamp, 1001, DayTransform(), "timestamp_day"),
            )
            self.catalog.create_namespace_if_not_exists(self.namespace)
            transaction = self.catalog.create_table_transaction(
                self.identifier, schema=schema, location=self.location, partition_spec=spec
            )
        else:
            change = schema_change(self.table.schema().as_arrow(), schema.as_arrow())
            change.check(self.describe())
            transaction = _without_retries(self.table).transaction()
            if change.added:
                with transaction.update_schema() as update:
                    update.union_by_name(schema)
        transaction.add_files([file.uri for file in files], snapshot_properties=properties)
        table = transaction.commit_transaction()
        self.table = table
        return str(table.current_snapshot().snapshot_id)


def _without_retries(table: Any) -> Any:
    """The table as loaded, but committing without pyiceberg's retries: a retry would re-apply the
    append on top of whatever another writer committed meanwhile (offsets that writer may have
    appended too). The property is changed in memory only, for this commit: commits carry their
    updates, not the table's properties."""
    from pyiceberg.table import Table, TableProperties

    metadata = table.metadata.model_copy(
        update={"properties": {**table.metadata.properties, TableProperties.COMMIT_NUM_RETRIES: "0"}}
    )
    return Table(table.name(), metadata, table.metadata_location, table.io, table.catalog)
