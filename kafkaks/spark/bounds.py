"""What pushed-down filters say about the rows wanted: :class:`Bounds`, from :func:`bounds_of`.

Planning prunes with them (:mod:`kafkaks.spark.planning`); Spark still evaluates every filter on
the rows read, so a bound only has to be loose, never wrong.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from .pyspark_api import EqualTo, GreaterThan, GreaterThanOrEqual, In, LessThan, LessThanOrEqual

__all__ = ["Bounds", "bounds_of"]

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass
class Bounds:
    """What pushed-down filters say about the rows wanted (None: no bound). Inclusive."""

    topics: set[str] | None = None
    partitions: set[int] | None = None
    offset_min: int | None = None
    offset_max: int | None = None
    timestamp_min_ms: int | None = None
    unused: list[Any] = field(default_factory=list)

    def at_least(self, offset: int | None) -> Bounds:
        """These bounds, with offsets below ``offset`` (None: no change) not wanted either."""
        if offset is None or (self.offset_min is not None and self.offset_min >= offset):
            return self
        return dataclasses.replace(self, offset_min=offset)

    def wants(self, topic: str | None, partition: int | None) -> bool:
        if self.topics is not None and topic not in self.topics:
            return False
        return self.partitions is None or partition in self.partitions


def bounds_of(filters: Iterable[Any]) -> Bounds:
    """What pushed-down filters (``pyspark.sql.datasource`` filters, ANDed) bound."""
    bounds = Bounds()
    for item in filters:
        attribute: tuple[str, ...] = tuple(getattr(item, "attribute", ()))
        column = attribute[0].lower() if len(attribute) == 1 else None
        value: Any = getattr(item, "value", None)
        values: list[Any] = list(value) if isinstance(item, In) else [value]
        if column == "topic" and isinstance(item, EqualTo | In) and all(isinstance(v, str) for v in values):
            wanted = set(values)
            bounds.topics = wanted if bounds.topics is None else bounds.topics & wanted
        elif column == "partition" and isinstance(item, EqualTo | In) and _ints(values):
            wanted_partitions = set(values)
            bounds.partitions = (
                wanted_partitions if bounds.partitions is None else bounds.partitions & wanted_partitions
            )
        elif column == "offset" and values and _ints(values):
            if isinstance(item, EqualTo | In):
                _raise_min(bounds, "offset_min", min(values))
                _lower_max(bounds, "offset_max", max(values))
            elif isinstance(item, GreaterThan):
                _raise_min(bounds, "offset_min", value + 1)
            elif isinstance(item, GreaterThanOrEqual):
                _raise_min(bounds, "offset_min", value)
            elif isinstance(item, LessThan):
                _lower_max(bounds, "offset_max", value - 1)
            elif isinstance(item, LessThanOrEqual):
                _lower_max(bounds, "offset_max", value)
        elif (
            column == "timestamp"
            and isinstance(item, EqualTo | In | GreaterThan | GreaterThanOrEqual)
            and values
            and all(isinstance(v, datetime) for v in values)
        ):
            # Rounded down to the millisecond: a looser bound, never a wrong one.
            _raise_min(bounds, "timestamp_min_ms", min(_epoch_ms(v) for v in values))
        else:
            bounds.unused.append(item)
    return bounds


def _ints(values: Sequence[Any]) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


def _raise_min(bounds: Bounds, name: str, value: int) -> None:
    current = getattr(bounds, name)
    setattr(bounds, name, value if current is None else max(current, value))


def _lower_max(bounds: Bounds, name: str, value: int) -> None:
    current = getattr(bounds, name)
    setattr(bounds, name, value if current is None else min(current, value))


def _epoch_ms(value: datetime) -> int:
    aware = value if value.tzinfo is not None else value.replace(tzinfo=UTC)
    return (aware - EPOCH) // timedelta(milliseconds=1)
