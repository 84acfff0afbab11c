"""The ``kafka-log`` source's options (see :mod:`kafkaks.spark.source` for the table), parsed and
checked once on the driver, and the schema they give."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

import pyarrow as pa

from ..arrow import spark_schema
from ..store.options import Isolation, ProblemHandler, ReadOptions
from ..wire.codecs import DEFAULT_MAX_DECOMPRESSED_BYTES
from .filesystems import absolute

__all__ = ["DECODED_COLUMNS", "DEFAULT_MAX_BYTES_PER_PARTITION", "Mode", "Options", "RemoteSource"]

Mode = Literal["FAILFAST", "PERMISSIVE"]
DEFAULT_MAX_BYTES_PER_PARTITION = 128 << 20
DECODED_COLUMNS = ("decodedKey", "decodedValue", "decodeProblem")
_TRUE, _FALSE = {"true", "1", "yes"}, {"false", "0", "no"}


class ValueDecoding(Protocol):
    """What the options need of the job's decoding (:class:`kafkaks.spark.decoding.JobDecoding`)."""

    def fields(self) -> list[pa.Field]: ...

    def apply_all(self, batches: Iterator[pa.RecordBatch], path: str) -> Iterator[pa.RecordBatch]: ...


@dataclass(frozen=True)
class RemoteSource:
    """Where a tiered topic's remote segments are (options ``remote``, ``remoteKeyPrefix``,
    ``remoteKeys``, ``remoteMetadata``): what the driver plans with and each task opens the store
    with itself (:class:`kafkaks.remote.tiers.Remote`'s arguments, as text)."""

    store: str  # a folder or a URI of pyarrow.fs (s3://bucket/prefix?...)
    key_prefix: str = ""
    keys: tuple[tuple[str, str], ...] = ()  # key pair id, path of its RSA private key (PEM)
    metadata: tuple[str, ...] = ()  # log dirs holding __remote_log_metadata


@dataclass(frozen=True)
class Options:
    """The data source's options, parsed and checked once on the driver, without I/O."""

    paths: tuple[str, ...]
    subscribe: frozenset[str] | None = None
    subscribe_pattern: str | None = None
    include_headers: bool = False
    include_metadata: bool = False
    include_control: bool = False
    isolation: Isolation = "read_uncommitted"
    mode: Mode = "FAILFAST"
    problems_path: str | None = None
    max_bytes_per_partition: int = DEFAULT_MAX_BYTES_PER_PARTITION
    verify_crc: bool = True
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES
    decode_internal: bool = False
    push_filters: bool = False  # see source.py: PySpark 4.3 reuses a pruned plan
    decode_values: str | None = None  # decoding.OFFLINE, a registry URL or path; None: off
    decode_keys: bool = False
    decode_subjects: tuple[tuple[str, str], ...] = ()  # topic=subject, where not <topic>-value
    decode_schema_files: tuple[tuple[str, str], ...] = ()  # topic=file, for values without framing
    starting_offsets: tuple[tuple[str, int, int], ...] = ()  # (topic, partition, first offset read)
    columns: tuple[str, ...] | None = None  # the columns a query needs (None: all of them)
    remote: RemoteSource | None = None  # tiered storage: remote segments too
    # Built by planning (decoding.with_decoding), which reads the registry: parsing reads nothing.
    decoding: ValueDecoding | None = dataclasses.field(default=None, compare=False)

    @classmethod
    def parse(cls, options: Mapping[str, str]) -> Options:
        lower = {key.lower(): value for key, value in options.items()}

        def flag(name: str, default: bool) -> bool:
            value = lower.get(name.lower())
            if value is None:
                return default
            if value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            raise ValueError(f"option {name} must be true or false, not {value!r}")

        def positive(name: str, default: int) -> int:
            value = lower.get(name.lower())
            if value is None:
                return default
            if not value.strip().isdigit() or int(value) <= 0:
                raise ValueError(f"option {name} must be a positive number of bytes, not {value!r}")
            return int(value)

        remote = _remote(lower)
        if "paths" in lower:
            paths = tuple(json.loads(lower["paths"]))
        elif "path" in lower:
            paths = (lower["path"],)
        elif remote is not None:
            paths = ()  # the store alone
        else:
            raise ValueError("kafka-log needs a path: spark.read.format('kafka-log').load(path)")
        isolation = lower.get("isolationlevel", "read_uncommitted").strip().lower()
        if isolation not in ("read_uncommitted", "read_committed"):
            raise ValueError(f"isolationLevel must be read_uncommitted or read_committed, not {isolation!r}")
        mode = lower.get("mode", "FAILFAST").strip().upper()
        if mode not in ("FAILFAST", "PERMISSIVE"):
            raise ValueError(f"mode must be FAILFAST or PERMISSIVE, not {mode!r}")
        subscribe = lower.get("subscribe")
        pattern = lower.get("subscribepattern")
        if pattern is not None:
            re.compile(pattern)  # fail on the driver, not in every task
        problems = lower.get("problemspath")
        decode_values = lower.get("decodevalues", "false").strip()
        if decode_values.lower() in _TRUE | {"registry"}:
            decode_values = "registry"
        parsed = cls(
            paths=paths,
            subscribe=frozenset(t.strip() for t in subscribe.split(",") if t.strip()) if subscribe else None,
            subscribe_pattern=pattern,
            include_headers=flag("includeHeaders", False),
            include_metadata=flag("includeMetadata", False),
            include_control=flag("includeControl", False),
            isolation="read_committed" if isolation == "read_committed" else "read_uncommitted",
            mode="PERMISSIVE" if mode == "PERMISSIVE" else "FAILFAST",
            problems_path=absolute(problems) if problems else None,
            max_bytes_per_partition=positive("maxBytesPerPartition", DEFAULT_MAX_BYTES_PER_PARTITION),
            verify_crc=flag("verifyCrc", True),
            max_decompressed_bytes=positive("maxDecompressedBytes", DEFAULT_MAX_DECOMPRESSED_BYTES),
            decode_internal=flag("decodeInternal", False),
            push_filters=flag("pushFilters", False),
            decode_values=None if decode_values.lower() in _FALSE else decode_values,
            decode_keys=flag("decodeKeys", False),
            decode_subjects=_pairs("decodeSubjects", lower.get("decodesubjects")),
            decode_schema_files=_pairs("decodeSchemaFiles", lower.get("decodeschemafiles")),
            starting_offsets=_starting_offsets(lower.get("startingoffsets")),
            columns=_columns(lower.get("columns")),
            remote=remote,
        )
        if parsed.decode_values is not None and parsed.include_control and not parsed.include_metadata:
            raise ValueError(
                "decodeValues with includeControl needs includeMetadata: its isControl column tells the "
                "transaction markers, which are not decoded, from the records"
            )
        return parsed

    def reading(self, on_problem: ProblemHandler | None) -> ReadOptions:
        """What the readers of segments take of these options, their problems to ``on_problem``."""
        return ReadOptions(self.verify_crc, self.max_decompressed_bytes, self.isolation, on_problem)

    def arrow_schema(self) -> pa.Schema:
        """The schema of the rows, of the ``columns`` asked for (in this order) when named."""
        schema = self.read_schema()
        if self.columns is None:
            return schema
        unknown = [name for name in self.columns if name not in schema.names]
        if unknown:
            raise ValueError(
                f"option columns names {', '.join(unknown)}, not among these options' columns: "
                f"{', '.join(schema.names)}"
            )
        return pa.schema([schema.field(name) for name in self.columns])

    def read_schema(self) -> pa.Schema:
        """The schema of the rows as read, before ``columns`` keeps some of them."""
        schema = spark_schema(include_headers=self.include_headers, include_metadata=self.include_metadata)
        if self.decode_internal:
            for name in DECODED_COLUMNS:
                schema = schema.append(pa.field(name, pa.string()))
        for field in self.decoding.fields() if self.decoding is not None else ():
            schema = schema.append(field)
        return schema

    def start_of(self, topic: str | None, partition: int | None) -> int | None:
        """The first offset ``startingOffsets`` lets through for a topic-partition (None: all)."""
        for name, number, first in self.starting_offsets:
            if name == topic and number == partition:
                return first
        return None

    def wants_topic(self, topic: str | None) -> bool:
        if self.subscribe is not None and topic not in self.subscribe:
            return False
        return self.subscribe_pattern is None or (
            topic is not None and re.fullmatch(self.subscribe_pattern, topic) is not None
        )


def _remote(lower: Mapping[str, str]) -> RemoteSource | None:
    """The ``remote*`` options (names in lower case), None without ``remote``."""
    store = lower.get("remote", "").strip()
    others = [name for name in ("remotekeyprefix", "remotekeys", "remotemetadata") if name in lower]
    if not store:
        if others:
            raise ValueError(f"option {others[0]} is for remote storage: give the store as option remote")
        return None
    if store.startswith("sc://"):
        raise ValueError(
            f"option remote is tiered storage's store (a folder or s3://...), not Spark Connect's {store}"
        )
    metadata = lower.get("remotemetadata", "")
    return RemoteSource(
        absolute(store),
        lower.get("remotekeyprefix", ""),
        _pairs("remoteKeys", lower.get("remotekeys")),
        tuple(absolute(path.strip()) for path in metadata.split(",") if path.strip()),
    )


def _pairs(name: str, value: str | None) -> tuple[tuple[str, str], ...]:
    """``topic=thing,topic2=thing2`` as pairs."""
    if value is None or not value.strip():
        return ()
    pairs = []
    for item in value.split(","):
        topic, sep, thing = item.partition("=")
        if not sep or not topic.strip() or not thing.strip():
            raise ValueError(f"option {name} is topic=value pairs separated by commas, not {value!r}")
        pairs.append((topic.strip(), thing.strip()))
    return tuple(pairs)


def _columns(value: str | None) -> tuple[str, ...] | None:
    """``columns``: comma-separated column names (a query's own column pruning: PySpark does not
    tell a Python source which columns a query reads)."""
    if value is None or not value.strip():
        return None
    return tuple(dict.fromkeys(name.strip() for name in value.split(",") if name.strip()))


EARLIEST = -2  # startingOffsets' "earliest", as Spark's Kafka source writes it


def _starting_offsets(value: str | None) -> tuple[tuple[str, int, int], ...]:
    """Spark Kafka source's ``startingOffsets`` JSON, ``{"topic": {"0": 23, "1": -2}}``: per
    topic-partition, the first offset read (-2: the earliest, as for a partition not named)."""
    if value is None or value.strip().lower() == "earliest":
        return ()
    usage = 'option startingOffsets is "earliest" or JSON such as {"orders": {"0": 23, "1": -2}}'
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{usage}, not {value!r}: {exc}") from None
    if not isinstance(parsed, dict) or not all(isinstance(offsets, dict) for offsets in parsed.values()):
        raise ValueError(f"{usage}, not {value!r}")
    found: list[tuple[str, int, int]] = []
    for topic, offsets in parsed.items():
        for partition, offset in offsets.items():
            if not partition.isdigit() or not isinstance(offset, int) or isinstance(offset, bool):
                raise ValueError(f"{usage}, not {value!r}")
            if offset < 0 and offset != EARLIEST:
                raise ValueError(
                    f"option startingOffsets: {topic}-{partition}: {offset} is not an offset (-2 is the "
                    "earliest; a log dir has no 'latest' to start from)"
                )
            if offset >= 0:
                found.append((topic, int(partition), offset))
    return tuple(found)
