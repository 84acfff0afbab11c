"""How a run's columns differ from a table's, and whether the table may take them.

The columns of a run change when ``--decode-values`` decodes with a newer schema version: the
subject's latest schema types ``valueDecoded``, so a version that adds a field adds a field to
that struct (and a topic read for the first time adds one to the struct of topics). A table
takes such an *addition* by evolving its schema in the run's commit (Iceberg) or just before it
(Delta); rows appended earlier read the new field as null. Anything else is a *conflict* and the
run commits nothing: a field whose type changed (a table keeps one type per column), or a field
the table requires that the run's files lack. A field the run lacks and the table holds as
optional is neither (those rows read it as null).

Both schemas are compared as Arrow schemas, each first put through the table format's own type
conversion, so that only what the format can tell apart differs (``string`` and ``large_string``
are one Iceberg type).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pyarrow as pa

__all__ = ["SchemaChange", "SchemaConflictError", "schema_change"]


class SchemaConflictError(ValueError):
    """The run's columns cannot go into the table as they are; nothing was committed."""


@dataclass
class SchemaChange:
    """Fields of the run the table lacks (``added``, each a path of names from a top-level
    column; ``[]`` a list's elements, ``{}`` a map's values), and why the table cannot take others
    (``conflicts``, one phrase each, naming the column)."""

    added: list[tuple[str, ...]] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)

    @property
    def added_columns(self) -> set[str]:
        """The top-level columns that gain a field, or are new."""
        return {path[0] for path in self.added}

    def check(self, table: str) -> None:
        """Raise :class:`SchemaConflictError`, one line naming ``table`` and the columns."""
        if self.conflicts:
            raise SchemaConflictError(
                f"the columns of this run do not fit {table}: {'; '.join(self.conflicts)}; nothing was "
                "committed (a table takes new optional fields only: write to a new table, or decode with a "
                "compatible schema version)"
            )


def schema_change(held: pa.Schema, new: pa.Schema) -> SchemaChange:
    """What differs from ``held`` (the table's) in ``new`` (the run's)."""
    change = SchemaChange()
    _compare(_fields(held), _fields(new), (), change)
    return change


def _fields(fields: pa.Schema | pa.StructType) -> Iterator[pa.Field]:
    return (
        fields.field(i)
        for i in range(len(fields.names) if isinstance(fields, pa.Schema) else fields.num_fields)
    )


def _compare(
    held: Iterator[pa.Field], new: Iterator[pa.Field], parent: tuple[str, ...], change: SchemaChange
) -> None:
    table = {f.name: f for f in held}
    for run_field in new:
        path = (*parent, run_field.name)
        table_field = table.pop(run_field.name, None)
        if table_field is None:
            change.added.append(path)
            if not run_field.nullable:
                change.conflicts.append(f"{_name(path)}: new and required (earlier rows have no value)")
            continue
        _compare_types(table_field.type, run_field.type, path, change)
    for gone in table.values():
        if not gone.nullable:
            change.conflicts.append(
                f"{_name((*parent, gone.name))}: required by the table, absent from this run"
            )


def _compare_types(held: pa.DataType, new: pa.DataType, path: tuple[str, ...], change: SchemaChange) -> None:
    if pa.types.is_struct(held) and pa.types.is_struct(new):
        _compare(_fields(held), _fields(new), path, change)
    elif pa.types.is_map(held) and pa.types.is_map(new):
        _compare_types(held.key_type, new.key_type, (*path, "{}key"), change)
        _compare_types(held.item_type, new.item_type, (*path, "{}"), change)
    elif _is_list(held) and _is_list(new):
        _compare_types(held.value_type, new.value_type, (*path, "[]"), change)
    elif held != new:
        change.conflicts.append(f"{_name(path)}: {held} in the table, {new} in this run")


def _name(path: tuple[str, ...]) -> str:
    """``valueDecoded.lines[]``: a path as the error names it."""
    return "".join(
        part if part.startswith(("[", "{")) or not i else f".{part}" for i, part in enumerate(path)
    )


def _is_list(kind: pa.DataType) -> bool:
    return bool(pa.types.is_list(kind) or pa.types.is_large_list(kind))
