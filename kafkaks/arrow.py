"""Kafka records as Apache Arrow record batches, with the columns of Spark's Kafka source.

    >>> import kafkaks
    >>> table = pyarrow.Table.from_batches(kafkaks.read_arrow("/var/lib/kafka/data/orders-0"))

The columns are those of ``spark.read.format("kafka")`` (``key``, ``value``, ``topic``,
``partition``, ``offset``, ``timestamp``, ``timestampType``; ``headers`` with
``include_headers``), so code written for Spark's source runs unchanged on a DataFrame made from
them. ``include_metadata`` appends what only the files know: the segment, the batch's position and
base offset, producer id and epoch, sequence, transactional and control flags, leader epoch, codec
and whether the CRC is valid. As in Spark, ``headers`` is null (not empty) for a record without
headers, and control records are left out unless ``include_control`` is set.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import pyarrow as pa

from .errors import CorruptDataError, KafkaksError, NoKafkaDataError
from .generated.layout import RecordBatchHeader
from .models import Record, TimestampType
from .store.listing import LOG_FILE, partition_copies, partition_listings
from .store.options import ReadOptions
from .store.partition import Isolation, read_partition_runs, read_segment_runs
from .store.segment import Batch, BatchOrRun, ProblemHandler, ScannedRun, report_undecodable
from .wire.arrays import HEADERS, Array, from_numpy, from_values, repeated
from .wire.batch import V2_CODECS
from .wire.codecs import (
    DEFAULT_MAX_DECOMPRESSED_BYTES,
    RELEASES_GIL,
    Decompressed,
    decompress,
    decompress_spans,
    in_one_call,
)
from .wire.columnar import RecordColumns, decode_columns, decode_spans
from .wire.records import split_records

if TYPE_CHECKING:
    from .remote.tiers import Remote
    from .schemas.decode import Decoding

__all__ = ["ROWS_PER_BATCH", "THREADS", "batches_to_arrow", "read_arrow", "spark_schema"]

ROWS_PER_BATCH = 65_536
CHUNK_BYTES = 32 << 20  # stored bytes of Kafka batches in one Arrow batch, at most about this
THREADS = 2
"""Decompression threads of :func:`batches_to_arrow` by default: two keep the decoding fed where
decompressing is the slow part (small zstd and gzip batches: microseconds a batch in libzstd,
libdeflate or zlib, against a fraction of one to decode it)."""
MAX_INT32 = 0x7FFFFFFF
MAX_MILLIS = (1 << 63) // 1000  # the largest millisecond timestamp a microsecond column holds
_CREATE_TIME_ID = TimestampType.CREATE_TIME.id
_LOG_APPEND_TIME_ID = TimestampType.LOG_APPEND_TIME.id
# A scanned run's codec ids and CRC checks (-1 not checked, 0 or 1) as column values, by index.
_CODEC_NAMES = np.array(
    [V2_CODECS[i].value if i in V2_CODECS else None for i in range(max(V2_CODECS) + 1)], dtype=object
)
_CRC_VALID = np.array([None, False, True], dtype=object)
SPARK_FIELDS = [
    pa.field("key", pa.binary()),
    pa.field("value", pa.binary()),
    pa.field("topic", pa.string()),
    pa.field("partition", pa.int32()),
    pa.field("offset", pa.int64()),
    pa.field("timestamp", pa.timestamp("us", tz="UTC")),
    pa.field("timestampType", pa.int32()),
]
METADATA_FIELDS = [
    pa.field("segment", pa.string()),
    pa.field("position", pa.int64()),
    pa.field("batchBaseOffset", pa.int64()),
    pa.field("producerId", pa.int64()),
    pa.field("producerEpoch", pa.int16()),
    pa.field("sequence", pa.int32()),
    pa.field("isTransactional", pa.bool_()),
    pa.field("isControl", pa.bool_()),
    pa.field("leaderEpoch", pa.int32()),
    pa.field("compression", pa.string()),
    pa.field("crcValid", pa.bool_()),
]


def spark_schema(*, include_headers: bool = False, include_metadata: bool = False) -> pa.Schema:
    """The Arrow schema of :func:`read_arrow`'s batches for these options."""
    fields = list(SPARK_FIELDS)
    if include_headers:
        fields.append(pa.field("headers", HEADERS))
    if include_metadata:
        fields.extend(METADATA_FIELDS)
    return pa.schema(fields)


def read_arrow(
    path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    isolation: Isolation = "read_uncommitted",
    include_headers: bool = False,
    include_metadata: bool = False,
    include_control: bool = False,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    rows_per_batch: int = ROWS_PER_BATCH,
    threads: int = THREADS,
    decode_values: bool | str | os.PathLike[str] | Decoding | None = None,
    remote: Remote | None = None,
) -> Iterator[pa.RecordBatch]:
    """The records under ``path`` as Arrow record batches of :func:`spark_schema`.

    ``path`` is a segment (``.log``), a partition directory or a broker log directory, told
    apart by what they hold (:func:`~kafkaks.store.listing.classify`), or a list of directories;
    directories are read partition by partition, each in offset order, and a partition found in
    several of them (replicas, JBOD directories, a backup) is read once, its copies merged as
    :mod:`kafkaks.store.replicas` says. Each Arrow batch holds the records of one partition, at most
    ``rows_per_batch`` of them. The other arguments are those of
    :func:`~kafkaks.store.partition.read_partition`; ``isolation`` needs a directory, since a segment
    alone does not say which of its transactions were aborted. ``rows_per_batch`` and ``threads``
    are those of :func:`batches_to_arrow`. A path that does not exist or holds no Kafka data
    raises :class:`~kafkaks.errors.NoKafkaDataError`. What
    ``on_problem`` does with a batch whose records do not decode is that of
    :func:`batches_to_arrow`. ``decode_values`` (True, a registry URL or path, or a
    :class:`kafkaks.schemas.Decoding`) adds the columns of :mod:`kafkaks.schemas.decode`.
    ``remote`` (a :class:`kafkaks.remote.tiers.Remote`) adds a tiered topic's remote segments: each
    partition is read across its tiers (``path`` may then be an empty list: the store alone).
    """
    paths = [path] if isinstance(path, str | os.PathLike) else list(path)
    options = ReadOptions(verify_crc, max_decompressed_bytes, isolation, on_problem)
    if remote is not None:
        local = partition_copies(partition_listings(paths, on_problem=on_problem)) if paths else []
        sources = remote.sources(local, options)
    elif len(paths) == 1 and os.path.isfile(paths[0]):
        path = paths[0]
        if not LOG_FILE.search(os.fspath(path)):
            raise NoKafkaDataError("not a .log segment or a .checkpoint file", path=path)
        if isolation != "read_uncommitted":
            raise ValueError(
                f"isolation={isolation!r} needs a partition or log directory, not a segment: {path}"
            )
        sources = [read_segment_runs(path, options)]
    else:
        for entry in paths:
            if os.path.isfile(entry):
                raise ValueError(f"a list of paths takes directories, not a segment: {entry}")
        sources = [
            read_partition_runs(copies, options)
            for copies in partition_copies(partition_listings(paths, on_problem=on_problem))
        ]
    from .schemas.decode import batch_decoder  # schema decoding, when asked for

    decode = batch_decoder(decode_values, paths, on_problem, include_control and not include_metadata)
    for batches in sources:
        arrow = batches_to_arrow(
            batches,
            include_headers=include_headers,
            include_metadata=include_metadata,
            include_control=include_control,
            rows_per_batch=rows_per_batch,
            threads=threads,
            on_problem=on_problem,
        )
        yield from decode(arrow)


def batches_to_arrow(
    batches: Iterable[BatchOrRun],
    *,
    include_headers: bool = False,
    include_metadata: bool = False,
    include_control: bool = False,
    rows_per_batch: int = ROWS_PER_BATCH,
    threads: int = THREADS,
    on_problem: ProblemHandler | None = None,
) -> Iterator[pa.RecordBatch]:
    """Kafka batches (of one partition) as Arrow record batches of :func:`spark_schema`.

    Each Arrow batch holds whole Kafka batches: it closes once it has ``rows_per_batch`` rows or
    :data:`CHUNK_BYTES` of stored batches. A Kafka batch of more than ``rows_per_batch`` records
    is cut into pieces of that many records, decoded one piece at a time, so memory stays that of
    one decompressed batch (at most ``max_decompressed_bytes``) plus ``rows_per_batch`` rows,
    whatever the record count. The records of v2 data batches are decoded column-wise
    (:mod:`kafkaks.wire.columnar`), many batches at once; legacy and control batches go through
    :meth:`Batch.records`.

    A batch whose records do not decompress or decode raises a located
    :class:`~kafkaks.errors.KafkaksError` after the rows before it, or with ``on_problem``, is
    reported to it as a ``corrupt_records`` Problem and left out (the pieces of a cut batch
    decoded before the failure are kept), and the rows of the other batches follow.

    With ``threads`` (default :data:`THREADS`), threads decompress the compressed batches of the
    next Arrow batch while this one is decoded: runs of batches (:func:`decompress_spans`) of every
    codec, and batches read one by one of gzip and zstd, whose decompressors release the GIL, so
    that on a second core compressed logs decode at nearly the speed of uncompressed ones. (Snappy
    and lz4 batches read one by one hold it, and are decompressed in the calling thread.) With two
    or more, the Arrow batch being waited for and the next one are decompressed at once (never
    more than those two: the memory is that of one thread). ``threads=0`` does everything in the
    calling thread. Either way, rows and errors come in log order.
    """
    schema = spark_schema(include_headers=include_headers, include_metadata=include_metadata)
    pool = ThreadPoolExecutor(threads, "kafkaks-decompress") if threads > 0 else None
    one_by_one = ThreadPoolExecutor(1, "kafkaks-decompress-one-by-one") if threads > 1 else pool
    decompression = _Decompression(pool, one_by_one, [])

    def decoded(chunk: _Chunk) -> Iterator[pa.RecordBatch]:
        if isinstance(chunk, _RunPiece):
            return _run_batches(chunk, schema, decompression.spare, on_problem)
        return _record_batches(chunk, schema, on_problem)

    try:
        chunks = _chunks(batches, include_control, rows_per_batch, decompression, on_problem)
        waiting: _Chunk | None = None  # decoded once the next chunk is read and its decompression started
        while True:
            try:
                chunk = next(chunks, None)
            except Exception:
                if waiting:  # the rows before the failure come first, as without threads
                    yield from decoded(waiting)
                raise
            if waiting:
                yield from decoded(waiting)
                waiting = None
            if chunk is None:
                return
            if _decompressing(chunk):
                waiting = chunk
            else:  # nothing to overlap: decoded at once, while its bytes are fresh in the cache
                yield from decoded(chunk)
    finally:
        for executor in {pool, one_by_one}:
            if executor:
                executor.shutdown(cancel_futures=True)


class _Decompression(NamedTuple):
    """How a call decompresses: runs of batches on ``pool``'s threads (None: in the calling thread),
    into ``spare`` bytearrays (:func:`decompress_spans`'s ``into``), each given back once its
    records are decoded: a fresh buffer a run would cost a page fault every 4 KiB. Batches
    decompressed one by one go to ``one_by_one``, a single thread: their Python-level buffers,
    made on two threads, came from two of glibc's per-thread arenas and faulted in eight times as
    many pages (gzip batches of 500 records read a third slower)."""

    pool: ThreadPoolExecutor | None
    one_by_one: ThreadPoolExecutor | None
    spare: list[bytearray]


class _Part(NamedTuple):
    """A batch (or a piece of one: ``rows`` of its records) with its decompressed v2 record area
    (columnar path, maybe still being decompressed) or its decoded records."""

    batch: Batch
    payload: Future[bytes] | bytes | list[Record]
    rows: int


class _RunPiece(NamedTuple):
    """Batches ``rows`` of a scanned run (v2 data batches of at most ``rows_per_batch`` records
    each), with their record areas: slices of the run's bytes, or decompressed (maybe still being
    decompressed)."""

    run: ScannedRun
    columns: dict[str, Array]
    rows: slice
    # None: uncompressed
    payloads: (
        list[memoryview | _Compressed]
        | _Spans
        | Future[Sequence[bytes | memoryview]]
        | Future[Decompressed]
        | None
    )
    rows_per_batch: int


def _areas(payloads: list[memoryview | _Compressed]) -> Sequence[bytes | memoryview]:
    """The record areas of a run piece, decompressed."""
    return [payload.result() if isinstance(payload, _Compressed) else payload for payload in payloads]


class _Compressed(NamedTuple):
    """A record area decompressed when its piece is decoded (codecs that hold the GIL)."""

    codec: str
    area: memoryview
    limit: int

    def result(self) -> bytes:
        return decompress(self.codec, self.area, magic=2, limit=self.limit)


class _Spans(NamedTuple):
    """The record areas of a run piece all of one codec that the core decompresses many payloads of
    in one call (:func:`in_one_call`), decompressed when the piece is decoded (or, with a thread
    pool, by it: the call releases the GIL)."""

    codec: str
    data: bytes
    starts: Array
    ends: Array
    limit: int
    spare: list[bytearray]

    def result(self) -> Decompressed:
        into = self.spare.pop() if self.spare else bytearray()
        return decompress_spans(self.codec, self.data, self.starts, self.ends, self.limit, into)


_Chunk = list[_Part] | _RunPiece


def _decompressing(chunk: _Chunk) -> bool:
    if isinstance(chunk, _RunPiece):
        return isinstance(chunk.payloads, Future)
    return any(isinstance(part.payload, Future) for part in chunk)


def _chunks(
    batches: Iterable[BatchOrRun],
    include_control: bool,
    rows_per_batch: int,
    decompression: _Decompression,
    on_problem: ProblemHandler | None,
) -> Iterator[_Chunk]:
    parts: list[_Part] = []
    rows = size = 0
    try:
        for batch in batches:
            if isinstance(batch, ScannedRun):
                if parts:
                    yield parts
                    parts, rows, size = [], 0, 0
                yield from _run_chunks(batch, include_control, rows_per_batch, decompression, on_problem)
                continue
            if batch.is_control and not include_control:
                continue
            for part in _parts(batch, rows_per_batch, decompression.one_by_one, on_problem):
                parts.append(part)
                rows += part.rows
                if rows >= rows_per_batch:
                    yield parts
                    parts, rows, size = [], 0, 0
            size += batch.size
            if size >= CHUNK_BYTES and parts:
                yield parts
                parts, rows, size = [], 0, 0
    except KafkaksError:
        if parts:  # the rows before the failure come first
            yield parts
        raise
    if parts:
        yield parts


def _run_chunks(
    run: ScannedRun,
    include_control: bool,
    rows_per_batch: int,
    decompression: _Decompression,
    on_problem: ProblemHandler | None,
) -> Iterator[_Chunk]:
    """A scanned run as pieces of about ``rows_per_batch`` rows; a control batch, or one of more
    records than that, goes the way of batches read one by one."""
    columns = run.columns()
    counts = columns["count"]
    apart = ((columns["attributes"] & RecordBatchHeader.IS_CONTROL_MASK) != 0) | (counts > rows_per_batch)
    first = 0
    for stop in [*np.flatnonzero(apart).tolist(), run.count]:
        yield from _run_pieces(run, columns, first, stop, rows_per_batch, decompression)
        if stop < run.count:
            batch = next(run.batches(stop, stop + 1))
            if include_control or not batch.is_control:
                for part in _parts(batch, rows_per_batch, decompression.one_by_one, on_problem):
                    yield [part]
        first = stop + 1


def _run_pieces(
    run: ScannedRun,
    columns: dict[str, Array],
    first: int,
    stop: int,
    rows_per_batch: int,
    decompression: _Decompression,
) -> Iterator[_RunPiece]:
    """Batches ``first`` to ``stop`` of a run as pieces."""
    if first >= stop:
        return
    base = first
    rows: Array = np.cumsum(columns["count"][first:stop])
    stored: Array = np.cumsum(columns["size"][first:stop])
    done_rows = done_stored = 0
    while first < stop:
        # as _chunks does: a piece closes once it has rows_per_batch rows or CHUNK_BYTES stored
        close = min(
            int(np.searchsorted(rows, done_rows + rows_per_batch)),
            int(np.searchsorted(stored, done_stored + CHUNK_BYTES)),
        )
        last = min(base + close + 1, stop)
        yield _run_piece(run, columns, slice(first, last), rows_per_batch, decompression)
        done_rows, done_stored = int(rows[last - 1 - base]), int(stored[last - 1 - base])
        first = last


def _run_piece(
    run: ScannedRun,
    columns: dict[str, Array],
    rows: slice,
    rows_per_batch: int,
    decompression: _Decompression,
) -> _RunPiece:
    pool = decompression.pool
    codec_ids: Array = columns["attributes"][rows] & RecordBatchHeader.COMPRESSION_MASK
    if not codec_ids.any():  # decoded straight from the run's bytes
        return _RunPiece(run, columns, rows, None, rows_per_batch)
    first_id = int(codec_ids[0])
    first = V2_CODECS[first_id].value if first_id in V2_CODECS else None
    starts_at, ends_at = (
        np.ascontiguousarray(columns[name][rows], np.int64) for name in ("records_at", "records_end")
    )
    mean_size = float((ends_at - starts_at).mean())
    if first is not None and in_one_call(first, mean_size) and bool((codec_ids == first_id).all()):
        spans = _Spans(first, run.data, starts_at, ends_at, run.max_decompressed, decompression.spare)
        if pool:  # without the GIL: in the pool's thread
            return _RunPiece(run, columns, rows, pool.submit(spans.result), rows_per_batch)
        return _RunPiece(run, columns, rows, spans, rows_per_batch)
    view = memoryview(run.data)
    starts, ends, codecs = starts_at.tolist(), ends_at.tolist(), codec_ids.tolist()
    payloads: list[memoryview | _Compressed] = [
        _Compressed(V2_CODECS[codec_id].value, view[start:end], run.max_decompressed)
        if codec_id
        else view[start:end]
        for start, end, codec_id in zip(starts, ends, codecs, strict=True)
    ]
    if decompression.one_by_one and any(
        isinstance(p, _Compressed) and p.codec in RELEASES_GIL for p in payloads
    ):
        # one task for the piece: a task a batch costs more than decompressing a small batch
        return _RunPiece(
            run, columns, rows, decompression.one_by_one.submit(_areas, payloads), rows_per_batch
        )
    return _RunPiece(run, columns, rows, payloads, rows_per_batch)


def _parts(
    batch: Batch, rows_per_batch: int, pool: ThreadPoolExecutor | None, on_problem: ProblemHandler | None
) -> Iterator[_Part]:
    """A batch as parts of at most ``rows_per_batch`` rows."""
    try:
        if batch.magic < 2 or batch.is_control:
            records = batch.records()
            while piece := list(itertools.islice(records, rows_per_batch)):
                yield _Part(batch, piece, len(piece))
        elif batch.count > rows_per_batch:
            try:
                for payload, rows in split_records(batch.record_bytes(), batch.count, rows_per_batch):
                    yield _Part(batch, payload, rows)
            except KafkaksError as exc:
                raise exc.at(batch.path, batch.position, batch.base_offset) from exc
        elif pool and batch.compression.value in RELEASES_GIL:
            yield _Part(batch, pool.submit(batch.record_bytes), batch.count)
        else:
            yield _Part(batch, batch.record_bytes(), batch.count)
    except KafkaksError as exc:
        report_undecodable(batch, exc, on_problem)


def _run_batches(
    piece: _RunPiece,
    schema: pa.Schema,
    spare: list[bytearray],
    on_problem: ProblemHandler | None,
) -> Iterator[pa.RecordBatch]:
    """The Arrow batch of a run piece, decoded at once (a bytearray its runs were decompressed into
    given back to ``spare``); when something in it does not decompress or decode, its batches go
    the careful way, one by one, which finds and reports what."""
    run, columns, rows = piece.run, piece.columns, piece.rows
    try:
        counts = columns["count"][rows]
        with_headers = "headers" in schema.names
        if piece.payloads is None:
            records = decode_spans(
                run.data,
                columns["records_at"][rows],
                columns["records_end"][rows],
                counts,
                with_headers=with_headers,
            )
        else:
            payloads = (
                piece.payloads.result()
                if isinstance(piece.payloads, Future | _Spans)
                else _areas(piece.payloads)
            )
            if isinstance(payloads, Decompressed):
                try:
                    records = decode_spans(
                        payloads.data,
                        np.frombuffer(payloads.starts, np.int64),
                        np.frombuffer(payloads.ends, np.int64),
                        counts,
                        with_headers=with_headers,
                    )
                finally:  # nothing decoded points into it
                    if isinstance(payloads.data, bytearray):
                        spare.append(payloads.data)
            else:
                records = decode_columns(payloads, counts.tolist(), with_headers=with_headers)
        table = _table(_Headers.of_run(run, columns, rows), counts, records, schema)
    except KafkaksError:
        pass
    else:
        yield table
        return
    parts: list[_Part] = []
    try:
        for batch in run.batches(rows.start, rows.stop):
            parts.extend(_parts(batch, piece.rows_per_batch, None, on_problem))
    except KafkaksError:
        if parts:  # the rows before the failure come first
            yield from _record_batches(parts, schema, on_problem)
        raise
    yield from _record_batches(parts, schema, on_problem)


def _record_batches(
    parts: list[_Part], schema: pa.Schema, on_problem: ProblemHandler | None
) -> Iterator[pa.RecordBatch]:
    """One Arrow batch of the parts' rows (each run of v2 parts decoded at once), or none when
    every part was reported to ``on_problem``."""
    pieces = []
    for columnar, run in itertools.groupby(parts, key=lambda part: not isinstance(part.payload, list)):
        run_parts = list(run)
        if columnar:
            pieces.extend(_v2_batch(run_parts, schema, on_problem))
        else:
            pieces.append(_record_api_batch(run_parts, schema))
    if len(pieces) == 1:
        yield pieces[0]
    elif pieces:
        yield pa.RecordBatch.from_arrays(
            [pa.concat_arrays([piece.column(i) for piece in pieces]) for i in range(len(schema))],
            schema=schema,
        )


def _topic_text(topic: str) -> str:
    """A topic for a UTF-8 column. Names come from directory names, bytes on POSIX that Python
    holds with undecodable bytes as lone surrogates (``os.fsdecode``): those become U+FFFD."""
    return os.fsencode(topic).decode("utf-8", "replace")


def _path_text(path: str) -> str:
    """A path for a UTF-8 column, undecodable bytes written ``\\xff`` (Python's backslashreplace)."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def _per_batch(values: list[Any], counts: Array, kind: pa.DataType) -> pa.Array:
    """A column holding each batch's value once per record of the batch."""
    if values and values.count(values[0]) == len(values):  # the same for all: a run of one file
        return repeated(values[0], int(counts.sum()), kind)
    return from_values(values, kind).take(from_numpy(np.repeat(np.arange(len(values)), counts), pa.int64()))


def _texts(values: Sequence[str | None], text: Callable[[str], str]) -> list[str | None]:
    """``text`` of each value, computed once per distinct value."""
    distinct = set(values)
    if len(distinct) == 1:  # a run of one file
        (value,) = distinct
        return [None if value is None else text(value)] * len(values)
    done = {value: text(value) for value in distinct if value is not None}
    return [None if value is None else done[value] for value in values]


def _v2_batch(
    parts: list[_Part], schema: pa.Schema, on_problem: ProblemHandler | None
) -> list[pa.RecordBatch]:
    try:
        return [_v2_columns(parts, schema)]
    except KafkaksError as error:
        decoded, failed = [], False
        for part in parts:  # which batch is broken: each decodes alone as it does in a run
            batch = part.batch
            try:
                decoded.append(_v2_columns([part], schema))
            except KafkaksError as exc:
                failed = True
                report_undecodable(batch, exc.at(batch.path, batch.position, batch.base_offset), on_problem)
        if not failed:
            raise error
        return decoded


class _Headers(NamedTuple):
    """The header fields of the Kafka batches (or pieces of them) whose rows an Arrow batch holds,
    one entry per batch: int64 NumPy arrays and the text columns as lists."""

    base_offset: Array
    base_timestamp: Array
    max_timestamp: Array
    attributes: Array
    position: Array
    producer_id: Array
    producer_epoch: Array
    base_sequence: Array
    leader_epoch: Array
    path: list[str]
    topic: list[str | None]
    partition: list[int | None]
    compression: list[str] | Array  # NumPy object arrays from a run: made lists only when used
    crc_valid: list[bool | None] | Array

    @classmethod
    def of_batches(cls, batches: list[Batch]) -> _Headers:
        def ints(name: str) -> Array:
            values: Array = np.array([getattr(batch, name) for batch in batches], np.int64)
            return values

        return cls(
            ints("base_offset"),
            ints("base_timestamp"),
            ints("max_timestamp"),
            ints("attributes"),
            ints("position"),
            ints("producer_id"),
            ints("producer_epoch"),
            ints("base_sequence"),
            ints("partition_leader_epoch"),
            [batch.path for batch in batches],
            [batch.topic for batch in batches],
            [batch.partition for batch in batches],
            [batch.compression.value for batch in batches],
            [batch.crc_valid for batch in batches],
        )

    @classmethod
    def of_run(cls, run: ScannedRun, columns: dict[str, Array], rows: slice) -> _Headers:
        count = len(columns["count"][rows])
        codec = columns["attributes"][rows] & RecordBatchHeader.COMPRESSION_MASK
        crc_valid = _CRC_VALID[columns["crc_valid"][rows] + 1]
        return cls(
            columns["base_offset"][rows],
            columns["base_timestamp"][rows],
            columns["max_timestamp"][rows],
            columns["attributes"][rows],
            columns["position"][rows],
            columns["producer_id"][rows],
            columns["producer_epoch"][rows],
            columns["base_sequence"][rows],
            columns["partition_leader_epoch"][rows],
            [run.path] * count,
            [run.topic] * count,
            [run.partition] * count,
            _CODEC_NAMES[codec],
            crc_valid,
        )


def _v2_columns(parts: list[_Part], schema: pa.Schema) -> pa.RecordBatch:
    counts = np.array([part.rows for part in parts], np.int64)
    records = decode_columns(
        [_resolved(part.payload) for part in parts if not isinstance(part.payload, list)],
        counts.tolist(),
        with_headers="headers" in schema.names,
    )
    return _table(_Headers.of_batches([part.batch for part in parts]), counts, records, schema)


def _table(headers: _Headers, counts: Array, records: RecordColumns, schema: pa.Schema) -> pa.RecordBatch:
    """The Arrow batch of decoded records (``counts[i]`` of them from batch ``i`` of ``headers``)."""
    one_each = bool((counts == 1).all())  # batches of one record (a quiet topic): nothing to repeat

    def per_row(values: Array) -> Array:
        """Each batch's value once per record of the batch."""
        return values if one_each else np.repeat(values, counts)

    base_offset = per_row(headers.base_offset)
    offset = _add(base_offset, records.offset_delta, "offset")
    timestamp = _add(per_row(headers.base_timestamp), records.timestamp_delta, "timestamp")
    log_append_batch: Array = (headers.attributes & RecordBatchHeader.TIMESTAMP_TYPE_MASK) != 0
    if log_append_batch.any():
        timestamp = np.where(per_row(log_append_batch), per_row(headers.max_timestamp), timestamp)
    if (np.abs(timestamp) > MAX_MILLIS).any():
        raise CorruptDataError("record timestamp out of the range of a microsecond timestamp")
    timestamp_type = np.where(log_append_batch, _LOG_APPEND_TIME_ID, _CREATE_TIME_ID)
    columns = {
        "key": records.key,
        "value": records.value,
        "topic": _per_batch(_texts(headers.topic, _topic_text), counts, pa.string()),
        "partition": _per_batch(headers.partition, counts, pa.int32()),
        "offset": from_numpy(offset, pa.int64()),
        "timestamp": from_numpy(timestamp * 1000, pa.timestamp("us", tz="UTC")),
        "timestampType": from_numpy(per_row(timestamp_type).astype(np.int32), pa.int32()),
    }
    if records.headers is not None:
        columns["headers"] = records.headers
    if "segment" in schema.names:
        attributes = headers.attributes
        per_batch: dict[str, list[Any] | Array] = {
            "segment": _texts(headers.path, _path_text),
            "position": headers.position,
            "batchBaseOffset": headers.base_offset,
            "producerId": headers.producer_id,
            "producerEpoch": headers.producer_epoch,
            "isTransactional": (attributes & RecordBatchHeader.IS_TRANSACTIONAL_MASK) != 0,
            "isControl": (attributes & RecordBatchHeader.IS_CONTROL_MASK) != 0,
            "leaderEpoch": headers.leader_epoch,
            "compression": headers.compression,
            "crcValid": headers.crc_valid,
        }
        for name, values in per_batch.items():
            kind = schema.field(name).type
            if isinstance(values, np.ndarray) and values.dtype == object:
                values = values.tolist()
            if isinstance(values, list):
                columns[name] = _per_batch(values, counts, kind)
            else:
                columns[name] = from_numpy(per_row(values), kind)
        base_sequence = per_row(headers.base_sequence)
        delta = records.offset_delta
        # DefaultRecordBatch.incrementSequence: past 2^31 - 1 the sequence wraps to 0
        sequence = np.where(
            base_sequence > MAX_INT32 - delta, delta - (MAX_INT32 - base_sequence) - 1, base_sequence + delta
        )
        columns["sequence"] = from_numpy(np.where(base_sequence == -1, -1, sequence), pa.int32())
    return pa.RecordBatch.from_arrays([columns[name] for name in schema.names], schema=schema)


def _resolved(payload: Future[bytes] | bytes) -> bytes:
    return payload.result() if isinstance(payload, Future) else payload


def _add(base: Array, delta: Array, what: str) -> Array:
    """base + delta, raising where int64 overflows (a corrupt delta)."""
    total: Array = base + delta
    if (((base ^ total) & (delta ^ total)) < 0).any():
        raise CorruptDataError(f"record {what} out of the int64 range")
    return total


def _record_api_batch(parts: list[_Part], schema: pa.Schema) -> pa.RecordBatch:
    """The Arrow batch of the parts decoded through :meth:`Batch.records` (legacy and control
    batches), a column at a time."""
    rows = [
        (part.batch, record) for part in parts if isinstance(part.payload, list) for record in part.payload
    ]
    batches = [batch for batch, _ in rows]
    records = [record for _, record in rows]
    columns: dict[str, list[Any]] = {
        "key": [record.key for record in records],
        "value": [record.value for record in records],
        "topic": _texts([batch.topic for batch in batches], _topic_text),
        "partition": [batch.partition for batch in batches],
        "offset": [record.offset for record in records],
        "timestamp": [record.timestamp * 1000 for record in records],
        "timestampType": [batch.timestamp_type.id for batch in batches],
    }
    if "headers" in schema.names:
        columns["headers"] = [record.headers or None for record in records]
    if "segment" in schema.names:
        columns |= {
            "segment": _texts([batch.path for batch in batches], _path_text),
            "position": [batch.position for batch in batches],
            "batchBaseOffset": [batch.base_offset for batch in batches],
            "producerId": [batch.producer_id for batch in batches],
            "producerEpoch": [batch.producer_epoch for batch in batches],
            "sequence": [record.sequence for record in records],
            "isTransactional": [batch.is_transactional for batch in batches],
            "isControl": [batch.is_control for batch in batches],
            "leaderEpoch": [batch.partition_leader_epoch for batch in batches],
            "compression": [batch.compression.value for batch in batches],
            "crcValid": [batch.crc_valid for batch in batches],
        }
    arrays = [from_values(columns[field.name], field.type) for field in schema]
    return pa.RecordBatch.from_arrays(arrays, schema=schema)
