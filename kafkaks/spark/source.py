"""Kafka log directories as Spark DataFrames: the ``kafka-log`` PySpark data source.

    >>> from kafkaks.spark import KafkaLogDataSource
    >>> spark.dataSource.register(KafkaLogDataSource)
    >>> df = spark.read.format("kafka-log").option("includeHeaders", "true").load("/var/lib/kafka/data")

The DataFrame has the columns and types of Spark's own Kafka source (``format("kafka")``), so code
written for it runs unchanged on retained segments, tiered-storage copies or the disks of a dead
cluster, without a broker. ``path`` is a broker log directory, a ``<topic>-<partition>``
directory, a ``.log`` segment, a glob, or several of them (``load([p1, p2])``), on the local disk or
any filesystem ``pyarrow.fs`` opens (``s3://``, ``gs://``, ``hdfs://``; S3 options such as
``?endpoint_override=...`` go in the URI's query string).

Planning (on the driver) lists the partition directories and cuts one Spark partition per segment,
or several for a segment larger than ``maxBytesPerPartition``, at ``.index`` positions (batch
starts, each checked by its CRC before it is used). ``read_committed`` scans each partition's
batch headers once on the driver and ships the aborted transactions and the last stable offset
with the partition (:class:`~kafkaks.store.partition.Transactions` pickles). Executors read their byte
range with :func:`~kafkaks.store.segment.read_log` and yield Arrow record batches.

A topic-partition given in several copies (replicas, JBOD directories, a backup), or whose segments
overlap, is read once as one log (:mod:`kafkaks.store.replicas`): the driver reads every copy through the
merge (one pass over all their bytes, checking every CRC) and plans runs of adjacent batches of the
files it took; what the merge reports travels with the first split.

Options (lowerCamelCase, as Spark's own):

================== =================== =========================================================
option             default             meaning
================== =================== =========================================================
subscribe          (all)               comma-separated topics to read (Spark's Kafka option)
subscribePattern   (all)               a regular expression topics must match in full
includeHeaders     false               add ``headers`` array<struct<key string, value binary>>
includeMetadata    false               add segment, position and batch header columns
includeControl     false               keep control records (transaction markers) as rows
isolationLevel     read_uncommitted    or ``read_committed``: no aborted records, stop at the LSO
mode               FAILFAST            a corrupt batch fails the job (naming file, position,
                                       offset); ``PERMISSIVE`` skips it and reports the range
problemsPath       (none)              a directory where every task writes the byte ranges it
                                       skipped or found damaged, as JSON lines
maxBytesPerPartition 134217728         split segments larger than this at ``.index`` positions
verifyCrc          true                check every batch's CRC (a mismatch is a corrupt batch)
decodeInternal     false               add ``decodedKey``, ``decodedValue`` and ``decodeProblem``:
                                       the records of ``__consumer_offsets``,
                                       ``__transaction_state`` and ``__cluster_metadata`` decoded
                                       as kafka-dump-log's decoders print them (JSON strings; null
                                       for other topics and for control records)
================== =================== =========================================================

Filter pushdown (``spark.sql.python.filterPushdown.enabled=true``): filters on ``topic`` and
``partition`` prune directories, ``offset`` ranges prune segments by their file names and start or
end reading at ``.index`` positions, and a lower bound on ``timestamp`` skips what the
``.timeindex`` and the batch headers prove older. Pruning only drops bytes that cannot hold a
matching row; every filter is still evaluated by Spark on what is read.
"""

from __future__ import annotations

import io
import itertools
import json
import logging
import os
import posixpath
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from fnmatch import fnmatchcase
from functools import lru_cache, partial
from typing import Any, Literal

import pyarrow as pa
import pyarrow.fs as pafs

from ..arrow import ROWS_PER_BATCH, batches_to_arrow, spark_schema
from ..errors import CorruptDataError, KafkaksError, NoKafkaDataError, UnreadableFileError
from ..internal_topics.decode import decode_internal, internal_kind, to_kafka_json
from ..models import OffsetIndexEntry, Problem
from ..store.files import read_offset_index, read_time_index, read_txn_index
from ..store.listing import SEGMENT, Entry, EntryType, Listing, PartitionDir, classify
from ..store.partition import Isolation, Transactions, report_unstable
from ..store.replicas import Run, first_offset, merge
from ..store.segment import (
    ENTRY_PREFIX,
    HEADER_SIZE_UP_TO_MAGIC,
    LOG_OVERHEAD,
    MIN_ENTRY_LENGTH,
    V2_HEADER,
    Batch,
    ProblemHandler,
    read_log,
)
from ..store.verify import CORRUPTION
from ..wire.codecs import DEFAULT_MAX_DECOMPRESSED_BYTES

try:
    from pyspark.sql.datasource import DataSource, DataSourceReader, InputPartition
    from pyspark.sql.pandas.types import from_arrow_schema
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        "the kafka-log data source and kafkaks pipeline need PySpark 4.1 or later, the 'spark' extra: "
        "pip install 'kafkaks[spark]' (Spark also needs Java 17+)"
    ) from exc

__all__ = [
    "PROBLEMS_SCHEMA",
    "KafkaLogDataSource",
    "KafkaLogDataSourcePushdownReader",
    "KafkaLogDataSourceReader",
    "Options",
    "SegmentSplit",
    "Survey",
    "read_problems",
    "survey",
]

log = logging.getLogger("kafkaks.spark")

Mode = Literal["FAILFAST", "PERMISSIVE"]
DEFAULT_MAX_BYTES_PER_PARTITION = 128 << 20
CHUNK_BYTES = 8 << 20  # batches converted to Arrow together (and retried one by one in PERMISSIVE)
READ_BUFFER = 1 << 20  # one range request per MiB on object stores, not one per batch header
MAX_HEADER_WALK = 4096  # batch headers the planner reads past a .timeindex entry
PROBLEMS_SCHEMA = (
    "topic STRING, partition INT, file STRING, position BIGINT, length BIGINT, kind STRING, "
    "offset BIGINT, message STRING, mode STRING"
)
DECODED_COLUMNS = ("decodedKey", "decodedValue", "decodeProblem")
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_TRUE, _FALSE = {"true", "1", "yes"}, {"false", "0", "no"}


# --- options ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """The data source's options, parsed and checked once on the driver."""

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

        if "paths" in lower:
            paths = tuple(json.loads(lower["paths"]))
        elif "path" in lower:
            paths = (lower["path"],)
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
        return cls(
            paths=paths,
            subscribe=frozenset(t.strip() for t in subscribe.split(",") if t.strip()) if subscribe else None,
            subscribe_pattern=pattern,
            include_headers=flag("includeHeaders", False),
            include_metadata=flag("includeMetadata", False),
            include_control=flag("includeControl", False),
            isolation="read_committed" if isolation == "read_committed" else "read_uncommitted",
            mode="PERMISSIVE" if mode == "PERMISSIVE" else "FAILFAST",
            problems_path=_absolute(problems) if problems else None,
            max_bytes_per_partition=positive("maxBytesPerPartition", DEFAULT_MAX_BYTES_PER_PARTITION),
            verify_crc=flag("verifyCrc", True),
            max_decompressed_bytes=positive("maxDecompressedBytes", DEFAULT_MAX_DECOMPRESSED_BYTES),
            decode_internal=flag("decodeInternal", False),
        )

    def arrow_schema(self) -> pa.Schema:
        schema = spark_schema(include_headers=self.include_headers, include_metadata=self.include_metadata)
        if self.decode_internal:
            for name in DECODED_COLUMNS:
                schema = schema.append(pa.field(name, pa.string()))
        return schema

    def wants_topic(self, topic: str | None) -> bool:
        if self.subscribe is not None and topic not in self.subscribe:
            return False
        return self.subscribe_pattern is None or (
            topic is not None and re.fullmatch(self.subscribe_pattern, topic) is not None
        )


# --- filesystems -----------------------------------------------------------------------------


def _absolute(uri: str) -> str:
    return uri if "://" in uri else os.path.abspath(uri)


@lru_cache(maxsize=32)
def filesystem(uri: str) -> tuple[pafs.FileSystem, str]:
    """The pyarrow filesystem of a URI (a plain path is local) and the path inside it."""
    if "://" not in uri:
        return pafs.LocalFileSystem(), os.path.abspath(uri)
    if uri.startswith(("s3a://", "s3n://")):  # Hadoop's names for S3, as Spark writers use them
        uri = "s3://" + uri.split("://", 1)[1]
    fs, path = pafs.FileSystem.from_uri(uri)
    return fs, str(path)


def _display(fs_uri: str, path: str) -> str:
    """How messages name a file: the local path, or ``scheme://path`` on a remote filesystem."""
    scheme = fs_uri.split("://", 1)[0] if "://" in fs_uri else ""
    return f"{scheme}://{path}" if scheme and scheme != "file" else path


class _NamedReader(io.BufferedReader):
    """A buffered pyarrow file that carries the name :func:`read_log` puts in batches and problems."""

    def __init__(self, raw: Any, name: str, buffer_size: int = READ_BUFFER) -> None:
        super().__init__(raw, buffer_size)
        self._display_name = name

    @property
    def name(self) -> str:
        return self._display_name


def _open(fs_uri: str, path: str) -> _NamedReader:
    fs, _ = filesystem(fs_uri)
    return _NamedReader(fs.open_input_file(path), _display(fs_uri, path))


def _read_bytes(fs_uri: str, path: str) -> bytes:
    fs, _ = filesystem(fs_uri)
    with fs.open_input_file(path) as f:
        return bytes(f.read())


def _expand(uri: str) -> list[tuple[str, str]]:
    """(filesystem URI, path) for every match of a path that may hold glob characters."""
    base, sep, query = uri.partition("?")
    parts = base.split("/")
    first_glob = next((i for i, part in enumerate(parts) if re.search(r"[*?\[]", part)), None)
    if first_glob is None:
        fs_uri = base + sep + query
        return [(fs_uri, filesystem(fs_uri)[1])]
    fs_uri = "/".join(parts[:first_glob]) + sep + query
    if not fs_uri or fs_uri.startswith("?"):
        fs_uri = "." + fs_uri
    fs, root = filesystem(fs_uri)
    found = [root]
    for pattern in parts[first_glob:]:
        if not pattern:
            continue
        matches = []
        for directory in found:
            try:
                infos = fs.get_file_info(pafs.FileSelector(directory))
            except (FileNotFoundError, NotADirectoryError):
                continue
            matches += [info.path for info in infos if fnmatchcase(info.base_name, pattern)]
        found = sorted(matches)
    return [(fs_uri, path) for path in found]


# --- planning --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _SegmentFile:
    base_offset: int
    path: str
    size: int

    def companion(self, suffix: str) -> str:
        return posixpath.join(posixpath.dirname(self.path), f"{self.base_offset:020d}{suffix}")


@dataclass(frozen=True)
class _PartitionFiles:
    fs_uri: str
    topic: str | None
    partition: int | None
    segments: list[_SegmentFile]
    names: frozenset[str]  # every file name in the directory, to know which companions exist

    def has(self, path: str) -> bool:
        return posixpath.basename(path) in self.names


@dataclass(frozen=True)
class SegmentSplit(InputPartition):  # type: ignore[misc]
    """One Spark partition: the batches of a segment that start in ``[start, end)`` (``end``
    None: to the end of the file), with what ``read_committed`` needs to know about the partition."""

    fs_uri: str
    path: str
    topic: str | None
    partition: int | None
    base_offset: int
    start: int
    end: int | None
    transactions: Transactions | None = None
    last_stable_offset: int | None = None
    problems: tuple[Problem, ...] = ()  # found on the driver (several copies), reported by the task

    @classmethod
    def of(
        cls,
        part: _PartitionFiles,
        segment: _SegmentFile,
        start: int,
        end: int | None,
        transactions: Transactions | None,
        stable: int | None,
        problems: tuple[Problem, ...] = (),
    ) -> SegmentSplit:
        """The split of ``[start, end)`` of one segment of ``part``."""
        return cls(
            part.fs_uri,
            segment.path,
            part.topic,
            part.partition,
            segment.base_offset,
            start,
            end,
            transactions,
            stable,
            problems,
        )


@dataclass
class Bounds:
    """What pushed-down filters say about the rows wanted (None: no bound). Inclusive."""

    topics: set[str] | None = None
    partitions: set[int] | None = None
    offset_min: int | None = None
    offset_max: int | None = None
    timestamp_min_ms: int | None = None
    unused: list[Any] = field(default_factory=list)

    def wants(self, topic: str | None, partition: int | None) -> bool:
        if self.topics is not None and topic not in self.topics:
            return False
        return self.partitions is None or partition in self.partitions


FILE_TYPES: dict[pafs.FileType, EntryType] = {
    pafs.FileType.File: "file",
    pafs.FileType.Directory: "directory",
}


def _listing(fs_uri: str, path: str) -> Listing:
    """A directory's entries through ``pyarrow.fs``, for :func:`~kafkaks.store.partition.classify`."""
    fs, _ = filesystem(fs_uri)
    try:
        infos = fs.get_file_info(pafs.FileSelector(path))
    except OSError as exc:
        raise UnreadableFileError(f"cannot list the directory: {exc}", path=_display(fs_uri, path)) from exc
    entries = (Entry(i.base_name, i.path, FILE_TYPES.get(i.type, "other"), i.size or 0) for i in infos)
    return Listing(path, tuple(entries))


def _partition_files(fs_uri: str, listing: Listing) -> _PartitionFiles:
    named = PartitionDir.of(listing.path)
    segments = []
    for entry in listing.entries:
        found = SEGMENT.match(entry.name)
        if found and found["kind"] == "log" and not found["temp"] and entry.type == "file":
            segments.append(_SegmentFile(int(found["base"]), entry.path, entry.size))
    segments.sort(key=lambda s: s.base_offset)
    return _PartitionFiles(
        fs_uri,
        None if named is None else named.topic,
        None if named is None else named.partition,
        segments,
        frozenset(entry.name for entry in listing.entries),
    )


def _partitions(options: Options) -> list[_PartitionFiles]:
    """The partition directories (or single segments) the paths name, by topic and partition.
    What a directory is comes from what it holds (:func:`~kafkaks.store.partition.classify`); a path
    (or glob) that matches nothing holding Kafka data raises :class:`NoKafkaDataError`."""
    found: dict[tuple[str, str], _PartitionFiles] = {}
    for uri in options.paths:
        kafka = False
        for fs_uri, path in _expand(_absolute(uri)):
            fs, _ = filesystem(fs_uri)
            info = fs.get_file_info(path)
            if info.type == pafs.FileType.File:
                # One segment: its directory's files, with only this segment kept.
                whole = _partition_files(fs_uri, _listing(fs_uri, posixpath.dirname(path)))
                one = [s for s in whole.segments if s.path == info.path]
                if not one:
                    raise NoKafkaDataError("not a .log segment", path=_display(fs_uri, path))
                found[fs_uri, info.path] = _PartitionFiles(
                    fs_uri, whole.topic, whole.partition, one, whole.names
                )
                kafka = True
                continue
            if info.type != pafs.FileType.Directory:
                continue
            located = classify(_listing(fs_uri, info.path), partial(_listing, fs_uri))
            if located is None:
                continue
            kafka = True
            kind, listings = located
            for listing in listings:
                named = PartitionDir.of(listing.path)
                if kind == "partition" or named is None or not named.status:
                    found[fs_uri, listing.path] = _partition_files(fs_uri, listing)
        if not kafka:
            raise NoKafkaDataError(
                "no Kafka data: no segment, partition directory or log directory there", path=uri
            )
    return sorted(found.values(), key=lambda p: (p.topic or "", p.partition or 0, p.fs_uri))


def plan(options: Options, bounds: Bounds | None = None) -> list[SegmentSplit]:
    """The Spark partitions for these options and pushed-down bounds, in topic, partition and
    offset order."""
    bounds = bounds or Bounds()
    splits: list[SegmentSplit] = []
    for copies in _copies(_partitions(options)):
        part = copies[0]
        if options.wants_topic(part.topic) and bounds.wants(part.topic, part.partition):
            if len(copies) > 1 or _overlapping(part):
                splits += _plan_merged(copies, options, bounds)
            else:
                splits += _plan_partition(part, options, bounds)
    return splits


def _copies(parts: list[_PartitionFiles]) -> list[list[_PartitionFiles]]:
    """The partitions (in order) with the copies of one topic-partition together."""
    groups: dict[object, list[_PartitionFiles]] = {}
    for part in parts:
        key = (part.topic, part.partition) if part.topic is not None else id(part)
        groups.setdefault(key, []).append(part)
    return list(groups.values())


def _overlapping(part: _PartitionFiles) -> bool:
    """Whether a segment holds offsets at or past the next one's base offset (issue 14.11): each
    but the last segment's headers are walked from its last ``.index`` entry (from its start
    without one) to find its last offset."""
    for segment, following in itertools.pairwise(part.segments):
        index_path = segment.companion(".index")
        index = (
            read_offset_index(index_path, segment.base_offset, data=_read_bytes(part.fs_uri, index_path))
            if part.has(index_path)
            else []
        )
        probe = _Probe(part, segment)
        try:
            start = _position_before(index, following.base_offset, probe)
            last = probe.last_offset_from(start)
        finally:
            probe.close()
        if last is not None and last >= following.base_offset:
            return True
    return False


def _plan_merged(copies: list[_PartitionFiles], options: Options, bounds: Bounds) -> list[SegmentSplit]:
    """The splits of a partition given in several copies, or whose segments overlap: the driver
    reads every copy once as one log (:mod:`kafkaks.store.replicas`), and each split is a run of
    adjacent batches of one file that the merge took. What the merge reports travels with the
    first split."""
    segments = {
        _display(part.fs_uri, segment.path): (part, segment) for part in copies for segment in part.segments
    }

    def opener(part: _PartitionFiles, segment: _SegmentFile) -> Callable[[ProblemHandler], Iterator[Batch]]:
        def batches(on_problem: ProblemHandler) -> Iterator[Batch]:
            with _open(part.fs_uri, segment.path) as stream:
                yield from read_log(
                    stream,
                    verify_crc=options.verify_crc,
                    on_problem=on_problem,
                    max_decompressed_bytes=options.max_decompressed_bytes,
                )

        return batches

    runs = [
        Run(
            _display(part.fs_uri, posixpath.dirname(segment.path)),
            name,
            segment.base_offset,
            opener(part, segment),
        )
        for name, (part, segment) in segments.items()
    ]
    found: list[Problem] = []
    ranges: list[list[Any]] = []  # [name, start, end]

    def taken() -> Iterator[Batch]:
        for batch in merge(runs, found.append):
            if batch.crc_valid is False:
                continue  # reported with the merge's problems; tasks skip such a batch anyway
            if (bounds.offset_min is not None and batch.last_offset < bounds.offset_min) or (
                bounds.offset_max is not None and first_offset(batch) > bounds.offset_max
            ):
                continue
            last = ranges[-1] if ranges else None
            if (
                last is not None
                and last[0] == batch.path
                and last[2] == batch.position
                and last[2] - last[1] < options.max_bytes_per_partition
            ):
                last[2] = batch.position + batch.size
            else:
                ranges.append([batch.path, batch.position, batch.position + batch.size])
            yield batch

    transactions = None
    if options.isolation == "read_committed":
        indexes = [(part, s.companion(".txnindex")) for part, s in segments.values()]
        aborted = (
            txn
            for part, index in indexes
            if part.has(index)
            for txn in read_txn_index(index, data=_read_bytes(part.fs_uri, index))
        )
        transactions = Transactions.scan(aborted, taken())
    else:
        for _ in taken():
            pass
    stable = transactions.last_stable_offset if transactions else None
    first_part, first_segment = next(iter(segments.values()))
    if not ranges and found:  # nothing to read, but what was found is still reported
        ranges.append([_display(first_part.fs_uri, first_segment.path), 0, 0])
    splits: list[SegmentSplit] = []
    for name, start, end in ranges:
        part, segment = segments[name]
        problems = tuple(found) if not splits else ()
        splits.append(SegmentSplit.of(part, segment, start, end, transactions, stable, problems))
    return splits


@dataclass(frozen=True)
class Survey:
    """What the paths hold for these options, from their listing alone (no data read): topic
    partitions, and the segments and bytes of all their copies."""

    partitions: int
    segments: int
    bytes: int


def survey(options: Options) -> Survey:
    """List what the paths hold on the driver, without Spark: the check a pipeline makes before it
    starts a session. Raises what planning raises for paths that hold no Kafka data."""
    parts = [part for part in _partitions(options) if options.wants_topic(part.topic)]
    segments = [segment for part in parts for segment in part.segments]
    # Copies of one topic-partition (replicas) are one partition, read merged.
    return Survey(len(_copies(parts)), len(segments), sum(segment.size for segment in segments))


def _transactions(part: _PartitionFiles, options: Options) -> Transactions:
    indexes = [segment.companion(".txnindex") for segment in part.segments]
    aborted = (
        txn
        for index in indexes
        if part.has(index)
        for txn in read_txn_index(index, data=_read_bytes(part.fs_uri, index))
    )
    return Transactions.scan(aborted, _scan_batches(part, options))


def _scan_batches(part: _PartitionFiles, options: Options) -> Iterator[Batch]:
    for segment in part.segments:
        with _open(part.fs_uri, segment.path) as stream:
            # Problems are reported by the tasks, which read the same bytes.
            yield from read_log(
                stream,
                verify_crc=False,
                on_problem=lambda _problem: None,
                max_decompressed_bytes=options.max_decompressed_bytes,
            )


def _plan_partition(part: _PartitionFiles, options: Options, bounds: Bounds) -> list[SegmentSplit]:
    transactions = _transactions(part, options) if options.isolation == "read_committed" else None
    stable = transactions.last_stable_offset if transactions else None
    splits = []
    for number, segment in enumerate(part.segments):
        following = part.segments[number + 1].base_offset if number + 1 < len(part.segments) else None
        if stable is not None and segment.base_offset > stable:
            break  # read_committed shows nothing at or after the last stable offset
        if bounds.offset_max is not None and segment.base_offset > bounds.offset_max:
            break
        if bounds.offset_min is not None and following is not None and following <= bounds.offset_min:
            continue
        for start, end in _ranges(part, segment, options, bounds):
            splits.append(SegmentSplit.of(part, segment, start, end, transactions, stable))
    return splits


class _Probe:
    """Reads a few bytes of one segment on the driver, opening it only when first needed."""

    def __init__(self, part: _PartitionFiles, segment: _SegmentFile) -> None:
        self.part, self.segment = part, segment
        self._stream: _NamedReader | None = None

    def stream(self) -> _NamedReader:
        if self._stream is None:
            self._stream = _open(self.part.fs_uri, self.segment.path)
        return self._stream

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()

    def batch_starts_at(self, position: int) -> bool:
        """Whether a whole batch with a matching CRC starts at ``position``: an index entry is
        only trusted as a cut point after this check."""
        if position == 0:
            return True
        stream = self.stream()
        stream.seek(position)
        head = stream.read(17)
        if len(head) < 17 or head[16] > 2:
            return False
        length = int.from_bytes(head[8:12], "big", signed=True)
        if length < 14 or position + 12 + length > self.segment.size:
            return False
        data = head + stream.read(12 + length - 17)
        try:
            return Batch(data, path=self.segment.path, position=position).crc_valid is True
        except KafkaksError:
            return False

    def last_offset_from(self, start: int) -> int | None:
        """The last offset of the last whole batch from ``start`` (a batch start), by the entry
        headers alone; None when none is whole."""
        stream, position, last = self.stream(), start, None
        while True:
            stream.seek(position)
            head = stream.read(V2_HEADER.size)
            if len(head) < HEADER_SIZE_UP_TO_MAGIC:
                return last
            base_offset, length = ENTRY_PREFIX.unpack_from(head)
            if length < MIN_ENTRY_LENGTH or position + LOG_OVERHEAD + length > self.segment.size:
                return last
            if head[HEADER_SIZE_UP_TO_MAGIC - 1] >= 2 and len(head) == V2_HEADER.size:
                base_offset += V2_HEADER.unpack_from(head)[6]  # lastOffsetDelta
            # else a legacy entry's offset is its last (the wrapper's, for a compressed one)
            last = base_offset
            position += LOG_OVERHEAD + length

    def first_batch_from(
        self, start: int, end: int, offset_min: int | None, timestamp_min: int | None
    ) -> int | None:
        """The first batch in ``[start, end)`` that may hold a wanted row, judged by its v2 header
        (last offset, max timestamp), or None when every batch there is provably out."""
        stream, position = self.stream(), start
        for _ in range(MAX_HEADER_WALK):
            if position >= end:
                return None
            stream.seek(position)
            head = stream.read(V2_HEADER.size)
            if len(head) < V2_HEADER.size or head[16] != 2:
                return position  # legacy or unreadable: not provably out
            fields = V2_HEADER.unpack_from(head)
            base_offset, length, last_offset_delta, max_timestamp = fields[0], fields[1], fields[6], fields[8]
            if length < 49 or position + 12 + length > end:
                return position
            older = timestamp_min is not None and max_timestamp < timestamp_min
            before = offset_min is not None and base_offset + last_offset_delta < offset_min
            if not (older or before):
                return position
            position += 12 + length
        return position


def _ranges(
    part: _PartitionFiles, segment: _SegmentFile, options: Options, bounds: Bounds
) -> list[tuple[int, int | None]]:
    """The byte ranges of a segment to read, cut at index positions into pieces of about
    ``maxBytesPerPartition``; bounds move the start and end where the indexes prove it safe."""
    size = segment.size
    start, end = 0, size
    seeks = (
        (bounds.offset_min is not None and bounds.offset_min > segment.base_offset)
        or bounds.offset_max is not None
        or bounds.timestamp_min_ms is not None
    )
    index_path = segment.companion(".index")
    index: list[OffsetIndexEntry] = []
    if (seeks or size > options.max_bytes_per_partition) and part.has(index_path):
        index = read_offset_index(index_path, segment.base_offset, data=_read_bytes(part.fs_uri, index_path))
    probe = _Probe(part, segment)
    try:
        # An entry (o, p) says the batch at p holds offset o, so every batch before p ends below o.
        if bounds.offset_min is not None:
            start = max(start, _position_before(index, bounds.offset_min, probe))
        if bounds.offset_max is not None:
            # ... and every batch from the next entry's position on starts after o.
            for previous, entry in itertools.pairwise(index):
                if previous.offset >= bounds.offset_max and probe.batch_starts_at(entry.position):
                    end = min(end, entry.position)
                    break
        if bounds.timestamp_min_ms is not None:
            start = _timestamp_start(part, segment, index, start, bounds.timestamp_min_ms, probe)
        if bounds.offset_min is not None or bounds.timestamp_min_ms is not None:
            first = probe.first_batch_from(start, end, bounds.offset_min, bounds.timestamp_min_ms)
            if first is None:
                return []
            start = first
        if start >= end:
            return []
        cuts, last = [], start
        for entry in index:
            if (
                last < entry.position < end
                and entry.position - last >= options.max_bytes_per_partition
                and probe.batch_starts_at(entry.position)
            ):
                cuts.append(entry.position)
                last = entry.position
    finally:
        probe.close()
    edges = [start, *cuts, end]
    ranges: list[tuple[int, int | None]] = list(itertools.pairwise(edges))
    if end == size:
        ranges[-1] = (ranges[-1][0], None)  # to the end: a damaged tail is then reported
    return ranges


def _position_before(index: list[OffsetIndexEntry], offset: int, probe: _Probe) -> int:
    """A batch start before which every offset is below ``offset`` (0 when unknown)."""
    for entry in reversed(index):
        if entry.offset <= offset:
            return entry.position if probe.batch_starts_at(entry.position) else 0
    return 0


def _timestamp_start(
    part: _PartitionFiles,
    segment: _SegmentFile,
    index: list[OffsetIndexEntry],
    start: int,
    timestamp_min: int,
    probe: _Probe,
) -> int:
    """Where rows with ``timestamp >= timestamp_min`` may begin, by the ``.timeindex``.

    An entry (t, o) is written with the largest timestamp appended so far, so every record at or
    below offset o is at most t: after the last entry older than the bound, reading can start at
    the batch holding o + 1. The batch headers then tell more (see :meth:`_Probe.first_batch_from`);
    CreateTime is not monotonic, so nothing is assumed about what follows.
    """
    time_index_path = segment.companion(".timeindex")
    if part.has(time_index_path):
        entries = read_time_index(
            time_index_path, segment.base_offset, data=_read_bytes(part.fs_uri, time_index_path)
        )
        older = [entry for entry in entries if entry.timestamp < timestamp_min]
        if older:
            start = max(start, _position_before(index, older[-1].offset + 1, probe))
    return start


def bounds_of(filters: Iterable[Any]) -> Bounds:
    """What pushed-down filters (``pyspark.sql.datasource`` filters, ANDed) bound."""
    from pyspark.sql.datasource import (
        EqualTo,
        GreaterThan,
        GreaterThanOrEqual,
        In,
        LessThan,
        LessThanOrEqual,
    )

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


# --- reading (on executors) ------------------------------------------------------------------


class _Problems:
    """Where a task's problems go: the log (stderr of the executor), ``problemsPath``, and in
    FAILFAST an exception for anything Kafka itself would not tolerate."""

    def __init__(self, split: SegmentSplit, options: Options) -> None:
        self.split, self.options = split, options
        self.found: list[dict[str, Any]] = []

    def report(self, problem: Problem) -> None:
        # Damage as kafkaks verify and dump judge it: a partial batch at the end of a segment too
        # (its records are lost), while a zero-filled tail or an open transaction is not.
        fatal = problem.kind in CORRUPTION
        self.found.append(
            {
                "topic": self.split.topic,
                "partition": self.split.partition,
                "file": problem.path,
                "position": problem.position,
                "length": problem.length,
                "kind": problem.kind,
                "offset": problem.offset,
                "message": problem.message,
                "mode": self.options.mode,
            }
        )
        if fatal and self.options.mode == "FAILFAST":
            self.flush()
            raise _failfast(problem.kind, problem.message, problem.path, problem.position, problem.offset)
        action = "skipped" if fatal else "noted"
        log.warning("kafka-log %s %s bytes: %s", action, problem.length, problem)

    def undecodable(self, batch: Batch, error: KafkaksError) -> None:
        self.report(
            Problem("corrupt_batch", batch.path, batch.position, batch.size, error.reason, batch.last_offset)
        )

    def flush(self) -> None:
        if not self.found or self.options.problems_path is None:
            return
        fs, root = filesystem(self.options.problems_path)
        split = self.split
        # One file per task, named by what it read: a retried task overwrites its own file.
        name = f"{split.topic}-{split.partition}-{split.base_offset:020d}-{split.start}.jsonl"
        fs.create_dir(root, recursive=True)
        with fs.open_output_stream(posixpath.join(root, name)) as out:
            out.write("".join(json.dumps(p) + "\n" for p in self.found).encode())
        self.found = []


def _failfast(
    kind: str, reason: str, path: str | None, position: int | None, offset: int | None
) -> CorruptDataError:
    """The error that fails a FAILFAST task: file, position and offset, then the problem's kind."""
    return CorruptDataError(
        f"{kind}: {reason} (mode FAILFAST; mode PERMISSIVE skips it and reports the range)",
        path=path,
        position=position,
        offset=offset,
    )


def _selected(batches: Iterator[Batch], split: SegmentSplit, problems: _Problems) -> Iterator[Batch]:
    transactions, stable = split.transactions, split.last_stable_offset
    for batch in batches:
        batch.topic, batch.partition = split.topic, split.partition
        if batch.crc_valid is False:
            continue  # reported by read_log (FAILFAST has raised); its bytes cannot be trusted
        if transactions is None:
            yield batch
            continue
        # The last stable offset is the base offset of a batch: no batch straddles it.
        if stable is not None and batch.last_offset >= stable:
            if batch.base_offset == stable:
                report_unstable(problems.report, batch.path, batch.position, stable)
            return
        if transactions.committed(batch):
            yield batch


def _chunks(batches: Iterator[Batch]) -> Iterator[list[Batch]]:
    chunk: list[Batch] = []
    size = 0
    for batch in batches:
        chunk.append(batch)
        size += batch.size
        if size >= CHUNK_BYTES:
            yield chunk
            chunk, size = [], 0
    if chunk:
        yield chunk


def read_split(split: SegmentSplit, options: Options) -> Iterator[pa.RecordBatch]:
    """The rows of one Spark partition as Arrow record batches of the source's schema."""
    problems = _Problems(split, options)

    def arrow(batches: list[Batch]) -> list[pa.RecordBatch]:
        converted = list(
            batches_to_arrow(
                batches,
                include_headers=options.include_headers,
                include_metadata=options.include_metadata,
                include_control=options.include_control,
                rows_per_batch=ROWS_PER_BATCH,
                threads=0,  # one core a task: Spark runs a task per core
            )
        )
        if not options.decode_internal:
            return converted
        return list(_with_decoded(converted, batches, split.topic, options.include_control))

    try:
        for problem in split.problems:
            problems.report(problem)
        with _open(split.fs_uri, split.path) as stream:
            batches = read_log(
                stream,
                verify_crc=options.verify_crc,
                on_problem=problems.report,
                start=split.start,
                end=split.end,
                max_decompressed_bytes=options.max_decompressed_bytes,
            )
            for chunk in _chunks(_selected(batches, split, problems)):
                try:
                    yield from arrow(chunk)
                except KafkaksError as error:
                    if options.mode == "FAILFAST":
                        raise _failfast(
                            "corrupt_batch", error.reason, error.path, error.position, error.offset
                        ) from error
                    # Find the batches that do not decode, one by one, and keep the rest.
                    for batch in chunk:
                        try:
                            yield from arrow([batch])
                        except KafkaksError as one:
                            problems.undecodable(batch, one)
    finally:
        problems.flush()


def _with_decoded(
    converted: list[pa.RecordBatch], batches: list[Batch], topic: str | None, include_control: bool
) -> Iterator[pa.RecordBatch]:
    """The Arrow batches with :data:`DECODED_COLUMNS` appended (``decodeInternal``)."""
    kind = internal_kind(topic)
    # Which rows are control records: batches_to_arrow keeps each Kafka batch's rows together.
    control = itertools.chain.from_iterable(
        itertools.repeat(batch.is_control, batch.count)
        for batch in batches
        if include_control or not batch.is_control
    )
    for record_batch in converted:
        keys = record_batch.column("key").to_pylist() if kind else []
        values = record_batch.column("value").to_pylist() if kind else []
        texts: list[tuple[str | None, str | None, str | None]] = []
        for row in range(record_batch.num_rows):
            is_control = next(control)
            decoded = None if kind is None or is_control else decode_internal(topic, keys[row], values[row])
            if decoded is None:
                texts.append((None, None, None))
                continue
            key, value = decoded.key_json(), decoded.value_json()
            texts.append(
                (
                    None if key is None else to_kafka_json(key),
                    None if value is None else to_kafka_json(value),
                    decoded.problem,
                )
            )
        columns = zip(*texts, strict=True) if texts else ((), (), ())
        for name, column in zip(DECODED_COLUMNS, columns, strict=True):
            record_batch = record_batch.append_column(name, pa.array(list(column), pa.string()))
        yield record_batch


# --- the data source -------------------------------------------------------------------------


class KafkaLogDataSourceReader(DataSourceReader):  # type: ignore[misc]
    """Plans one partition per segment (split at ``.index`` positions) and reads them."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.bounds = Bounds()

    # A kafkaks error is raised anew, without the frames and causes it came through: Spark puts the
    # Python traceback in its exception's message, so the reason (file, position, offset, kind)
    # then comes on its third line rather than after a dozen lines of frames.

    def partitions(self) -> list[SegmentSplit]:
        try:
            return plan(self.options, self.bounds)
        except KafkaksError as error:
            raise error.at() from None

    def read(self, partition: SegmentSplit) -> Iterator[pa.RecordBatch]:
        if not isinstance(partition, SegmentSplit):
            return  # Spark's stand-in when planning found nothing to read
        try:
            yield from read_split(partition, self.options)
        except KafkaksError as error:
            raise error.at() from None


class KafkaLogDataSourcePushdownReader(KafkaLogDataSourceReader):
    """The reader used when ``spark.sql.python.filterPushdown.enabled`` is true.

    It prunes with every filter it understands and hands all of them back to Spark, which
    evaluates them on the rows read: pruning is an optimisation, never the filter itself.
    """

    def pushFilters(self, filters: list[Any]) -> Iterable[Any]:
        self.bounds = bounds_of(filters)
        return filters


def _planning_with_pushdown() -> bool:
    """Whether Spark asks for a reader to push filters into.

    PySpark fails a query whose reader defines ``pushFilters`` while the conf is off, and does not
    tell ``reader()`` the conf. It does plan a query with pushed filters in a worker module of its
    own, which is on the stack here, so that is what decides. Should a later PySpark rename it, the
    plain reader is used: no pruning, same rows.
    """
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_globals.get("__name__") == "pyspark.sql.worker.data_source_pushdown_filters":
            return True
        frame = frame.f_back  # type: ignore[assignment]
    return False


class KafkaLogDataSource(DataSource):  # type: ignore[misc]
    """``spark.read.format("kafka-log")``: Kafka log directories, read without a broker."""

    @classmethod
    def name(cls) -> str:
        return "kafka-log"

    def schema(self) -> Any:
        return from_arrow_schema(Options.parse(self.options).arrow_schema())

    def reader(self, schema: Any) -> KafkaLogDataSourceReader:
        options = Options.parse(self.options)
        if _planning_with_pushdown():
            return KafkaLogDataSourcePushdownReader(options)
        return KafkaLogDataSourceReader(options)


def read_problems(spark: Any, path: str) -> Any:
    """The problems tasks wrote to ``problemsPath`` as a DataFrame of :data:`PROBLEMS_SCHEMA`
    (empty when none was written)."""
    fs, root = filesystem(_absolute(path))
    if fs.get_file_info(root).type == pafs.FileType.NotFound:
        return spark.createDataFrame([], PROBLEMS_SCHEMA)
    return spark.read.schema(PROBLEMS_SCHEMA).json(_absolute(path))
