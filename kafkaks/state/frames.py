"""The state of a cluster as tables: :func:`to_arrow` gives one Arrow table per kind of row (groups,
members, committed offsets, transactions, open transactions, brokers, partitions, replica
divergences, partitions on disk), :func:`to_spark` the same as Spark DataFrames, to join with
other data or to keep beside a table of the records.

The columns are the fields of the dataclasses of :mod:`.model`, typed from their annotations:
integers as int64, strings, booleans, tuples of integers or strings as lists; a field of any
other shape (a mapping, pairs of offsets) is a JSON string. Rows that belong to something carry
its key first: a member or an offset its ``group_id``, a partition its ``topic`` and
``topic_id``.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Iterable
from typing import Any

import pyarrow as pa

from .model import (
    Broker,
    ClusterState,
    CommittedOffset,
    Group,
    GroupMember,
    OpenTransaction,
    PartitionExtent,
    PartitionState,
    ReplicaDivergence,
    Transaction,
)

__all__ = ["to_arrow", "to_spark"]

_SCALARS: dict[Any, pa.DataType] = {int: pa.int64(), str: pa.string(), bool: pa.bool_()}
_SUMMARISED = {"members", "offsets"}  # a group's nested rows: tables of their own


def _arrow_type(hint: Any) -> tuple[pa.DataType, bool]:
    """The Arrow type of an annotation, and whether its values go in as JSON text."""
    arguments = [a for a in typing.get_args(hint) if a is not type(None)]
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(arguments) == 1:
        return _arrow_type(arguments[0])
    if hint in _SCALARS:
        return _SCALARS[hint], False
    tuple_of = typing.get_origin(hint) is tuple and len(arguments) == 2 and arguments[1] is Ellipsis
    if tuple_of and arguments[0] in _SCALARS:
        return pa.list_(_SCALARS[arguments[0]]), False
    return pa.string(), True


def _table(kind: type, rows: Iterable[Any], keys: tuple[tuple[str, pa.DataType], ...] = ()) -> pa.Table:
    """Rows of dataclass ``kind`` (each a (key values, dataclass) pair when ``keys`` are given)."""
    hints = typing.get_type_hints(kind)
    fields = [f.name for f in dataclasses.fields(kind) if f.name not in _SUMMARISED]
    typed = {name: _arrow_type(hints[name]) for name in fields}
    schema = pa.schema([*keys, *((name, typed[name][0]) for name in fields)])
    columns: dict[str, list[Any]] = {name: [] for name in schema.names}
    for row in rows:
        key_values, value = row if keys else ((), row)
        for (name, _), key in zip(keys, key_values, strict=True):
            columns[name].append(key)
        for name in fields:
            item = getattr(value, name)
            if typed[name][1] and item is not None:
                item = json.dumps(_plain(item), sort_keys=True)
            columns[name].append(list(item) if isinstance(item, tuple) else item)
    return pa.table(columns, schema=schema)


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def to_arrow(state: ClusterState) -> dict[str, pa.Table]:
    """One Arrow table per kind of row of ``state`` (the module's docstring)."""
    group_key = (("group_id", pa.string()),)
    topic_key = (("topic", pa.string()), ("topic_id", pa.string()))
    groups = _table(Group, state.groups)
    groups = groups.append_column("members", pa.array([len(g.members) for g in state.groups], pa.int64()))
    groups = groups.append_column("total_lag", pa.array([g.total_lag for g in state.groups], pa.int64()))
    topics = state.metadata.topics if state.metadata is not None else ()
    return {
        "groups": groups,
        "members": _table(
            GroupMember, (((g.group_id,), m) for g in state.groups for m in g.members), group_key
        ),
        "offsets": _table(
            CommittedOffset, (((g.group_id,), o) for g in state.groups for o in g.offsets), group_key
        ),
        "transactions": _table(Transaction, state.transactions),
        "open_transactions": _table(OpenTransaction, state.open_transactions),
        "brokers": _table(Broker, state.metadata.brokers if state.metadata is not None else ()),
        "partitions": _table(
            PartitionState, (((t.name, t.topic_id), p) for t in topics for p in t.partitions), topic_key
        ),
        "replicas": _table(ReplicaDivergence, state.replicas),
        "partitions_on_disk": _table(PartitionExtent, state.partitions),
    }


def to_spark(spark: Any, state: ClusterState) -> dict[str, Any]:
    """:func:`to_arrow`'s tables as DataFrames of the session ``spark`` (PySpark 4.0+ takes Arrow)."""
    return {name: spark.createDataFrame(table) for name, table in to_arrow(state).items()}
