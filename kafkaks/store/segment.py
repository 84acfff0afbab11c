"""Reading a ``.log`` segment or KRaft ``.checkpoint`` file batch by batch: :func:`read_log`.

The walk is Kafka's FileLogInputStream: an entry is ``offset int64 | length int32 | ...`` with the
magic byte at entry offset 16; it is read only when more than 17 bytes remain and the whole entry
is in the file. Where Kafka throws or stops, kafkaks reports a :class:`~kafkaks.models.Problem`
and, for damage in the middle of a file, looks for the next batch whose checksum is right.

Memory stays bounded by about one batch: each :class:`Batch` holds its own bytes and nothing else.
"""

from __future__ import annotations

import io
import os
import re
import threading
import warnings
from _queue import SimpleQueue
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO, TypeVar

from ..errors import (
    CorruptDataError,
    KafkaksError,
    KafkaksWarning,
    NoKafkaDataError,
    UnreadableFileError,
)
from ..generated.layout import LogEntryPrefix, RecordBatchHeader
from ..models import Problem, Record
from ..problems import ProblemKind
from ..wire.batch import (
    HEADER_SIZE_UP_TO_MAGIC,
    LOG_OVERHEAD,
    MAGIC_OFFSET,
    V2_MIN_LENGTH,
    Batch,
    Unframed,
    crc_mismatch,
    ensure_valid,
    frame,
)
from ..wire.codecs import DEFAULT_MAX_DECOMPRESSED_BYTES
from ..wire.scan import SCAN_BYTES, ScannedRun, compiled_scan, scan
from .options import ProblemHandler, ReadOptions

__all__ = [
    "Batch",
    "BatchOrRun",
    "LogSource",
    "ProblemHandler",
    "ScannedRun",
    "batch_records",
    "decoded_count",
    "default_handler",
    "flatten",
    "ignore",
    "read_log",
    "read_log_runs",
    "report_undecodable",
    "topic_partition",
    "undecodable",
]

LogSource = str | os.PathLike[str] | bytes | bytearray | memoryview | BinaryIO
BatchOrRun = Batch | ScannedRun
"""What the store hands up to its readers (:func:`read_log_runs`, and the partition, replica and
tiered readers over it): a :class:`Batch` read the careful way (any magic, or one next to damage),
or a :class:`ScannedRun` of whole, valid v2 batches that the compiled scan read, decoded without a
Python object per batch."""
_T = TypeVar("_T")

ENTRY_PREFIX = LogEntryPrefix.STRUCT
V2_HEADER_SIZE = RecordBatchHeader.SIZE
# <topic>-<partition>, and the same with .<uuid>-delete, -future or -stray while being removed or moved
PARTITION_DIR = re.compile(
    r"^(?P<topic>.+)-(?P<partition>\d+)(?:\.(?P<uuid>[0-9a-f]{32})-(?P<status>delete|future|stray))?$"
)
SCAN_CHUNK = 1 << 20
CANDIDATE_MAGIC = re.compile(b"[\x00-\x02]")  # resynchronising jumps from one magic 0-2 to the next
NONZERO = re.compile(b"[^\x00]")
ZERO_LENGTH = bytes(LogEntryPrefix.LEN_BODY_LENGTH)
LENGTH_AT, LENGTH_END = LogEntryPrefix.LEN_BODY_OFFSET, LogEntryPrefix.SIZE
# A candidate whose length field has a byte at n has its magic at n + this or later.
MAGIC_AFTER_LENGTH = MAGIC_OFFSET - LENGTH_END + 1
ZERO_BLOCK = bytes(1 << 16)
# Resynchronising checks the CRC of each candidate batch; on crafted input every position can be
# a candidate claiming a long length. What it may spend on candidates that fail, in bytes of CRC,
# is capped per read at this factor of the file's size (plus a slack), keeping a read linear.
RESYNC_WORK_FACTOR = 16
RESYNC_WORK_SLACK = 64 << 20


def topic_partition(path: str | None) -> tuple[str | None, int | None]:
    """(topic, partition) from a ``<topic>-<partition>`` directory holding ``path``, else (None, None)."""
    if path is None:
        return None, None
    match = PARTITION_DIR.match(Path(path).resolve().parent.name)
    return (match["topic"], int(match["partition"])) if match else (None, None)


def undecodable(batch: Batch, error: KafkaksError) -> Problem:
    """The ``corrupt_records`` Problem of a batch whose records do not decompress or decode."""
    offset = batch.last_offset if error.offset is None else error.offset
    return Problem(ProblemKind.CORRUPT_RECORDS, batch.path, batch.position, batch.size, error.reason, offset)


def report_undecodable(batch: Batch, error: KafkaksError, on_problem: ProblemHandler | None) -> None:
    """What a reader taking ``on_problem`` does with a batch whose records do not decode: hand
    its :func:`undecodable` Problem to ``on_problem`` and go on, or without one, raise ``error``."""
    if on_problem is None:
        raise error
    on_problem(undecodable(batch, error))


def batch_records(batch: Batch, on_problem: ProblemHandler | None) -> Iterator[Record]:
    """``batch.records()`` for a reader taking ``on_problem``: a failure to decode is handled by
    :func:`report_undecodable`, so with a handler the records end there (those decoded before it
    are kept) and the reader goes on with the next batch."""
    try:
        yield from batch.records()
    except KafkaksError as exc:
        report_undecodable(batch, exc, on_problem)


def decoded_count(batch: Batch, on_problem: ProblemHandler | None) -> int:
    """How many records of ``batch`` :func:`batch_records` would give, without making them
    (:meth:`Batch.decoded_counts`); a failure to decode is handled as there."""
    count = 0
    try:
        for records in batch.decoded_counts():
            count += records
    except KafkaksError as exc:
        report_undecodable(batch, exc, on_problem)
    return count


class _CallerError(Exception):
    """An ``OSError`` of the caller's ``on_problem`` or ``on_scan`` (writing what it was given to
    a full disk or a closed stdout), carried past the reader's handler of the file's own errors."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


def _callers(function: Callable[[_T], None]) -> Callable[[_T], None]:
    """``function``, with an ``OSError`` it raises carried as a :class:`_CallerError`."""

    def call(argument: _T) -> None:
        try:
            function(argument)
        except OSError as exc:
            raise _CallerError(exc) from exc

    return call


class _ResyncGaveUp(Exception):
    """Resynchronising spent its budget on candidates that were not valid batches."""

    def __init__(self, position: int, spent: int) -> None:
        super().__init__(position, spent)
        self.position = position
        self.spent = spent


class _ResyncBudget:
    """What resynchronising may still spend in one read, and whom it tells how far it got."""

    __slots__ = ("left", "on_scan", "spent")

    def __init__(self, size: int, on_scan: Callable[[int], None] | None) -> None:
        self.left = RESYNC_WORK_SLACK + RESYNC_WORK_FACTOR * size
        self.spent = 0
        self.on_scan = on_scan


def _open(source: LogSource) -> tuple[BinaryIO, str, bool]:
    """(stream, name for messages, whether we opened it and must close it). Files open read-only."""
    if isinstance(source, bytes | bytearray | memoryview):
        return io.BytesIO(bytes(source)), "<bytes>", True
    if isinstance(source, str | os.PathLike):
        try:
            return open(source, "rb"), os.fspath(source), True  # closed by read_log
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError) as exc:
            reason = exc.strerror or str(exc)
            if isinstance(exc, IsADirectoryError):
                reason += ": a directory is read with read_partition, read_log_dir or read_arrow"
            raise NoKafkaDataError(reason, path=source) from None
        except OSError as exc:
            raise UnreadableFileError(exc.strerror or str(exc), path=source) from exc
    return source, str(getattr(source, "name", "<stream>")), False


def ignore(_problem: Problem) -> None:
    """A problem handler that drops what it is given (for reads whose problems another read reports)."""


def default_handler(problem: Problem) -> None:
    """What happens to a problem when no ``on_problem`` is given: a warning for the kinds after
    which reading goes on as Kafka's does (:attr:`~kafkaks.problems.ProblemKind.warns`: a partial or
    zero-filled tail, an open transaction, what copies of a partition disagree on), else an error."""
    if problem.kind.warns:
        warnings.warn(str(problem), KafkaksWarning, stacklevel=3)
    elif problem.kind == ProblemKind.UNREADABLE_FILE:
        raise UnreadableFileError(problem.message, path=problem.path)
    else:
        raise CorruptDataError(
            problem.message, path=problem.path, position=problem.position, offset=problem.offset
        )


def read_log(
    source: LogSource,
    *,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    start: int = 0,
    end: int | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
    on_scan: Callable[[int], None] | None = None,
) -> Iterator[Batch]:
    """Stream the batches of a ``.log`` or KRaft ``.checkpoint`` file of any magic, lazily.

    ``source`` is a path, the file's bytes, or a binary file object. Only the byte range
    ``[start, end)`` is read (``end`` defaults to the end of the file); ``start`` must be a batch
    boundary. With ``verify_crc`` every batch's CRC is checked (``Batch.crc_valid``).

    Problems are reported as :class:`~kafkaks.models.Problem` to ``on_problem``, and reading goes
    on with the next readable batch. Without a handler, a partial batch or a zero-filled tail at
    the end of the file is a :class:`~kafkaks.errors.KafkaksWarning`, and anything else (a CRC
    mismatch, a broken batch header) raises :class:`~kafkaks.errors.CorruptDataError`.
    A batch whose CRC does not match is still yielded, after the report, unless a valid batch
    starts inside the bytes it claims: then its length is damaged, and it is reported as
    ``corrupt_batch`` and skipped so that the batches it would swallow are read.

    Every batch before damage is yielded before the next valid batch is looked for. That scan
    reads at disk speed (runs of zeros are skipped whole) and calls ``on_scan``, if given, with
    the position it reads next, before each MiB, so that a caller can show progress or flush its
    output.
    """
    options = ReadOptions(
        verify_crc=verify_crc, max_decompressed_bytes=max_decompressed_bytes, on_problem=on_problem
    )
    return flatten(read_log_runs(source, options, start=start, end=end, on_scan=on_scan))


def flatten(items: Iterable[BatchOrRun]) -> Iterator[Batch]:
    """Batches and runs of batches (:func:`read_log_runs`) as batches."""
    for item in items:
        if isinstance(item, ScannedRun):
            yield from item.batches()
        else:
            yield item


def read_log_runs(
    source: LogSource,
    options: ReadOptions,
    *,
    start: int = 0,
    end: int | None = None,
    on_scan: Callable[[int], None] | None = None,
    partition_of: tuple[str, int] | None = None,
) -> Iterator[BatchOrRun]:
    """:func:`read_log` (its settings in ``options``), with the runs of whole, valid v2 batches
    that the compiled scan reads (:mod:`kafkaks.wire.scan`) as
    :class:`~kafkaks.wire.scan.ScannedRun` objects, in file order among the batches read the
    careful way (all of them when the core is not built).
    ``partition_of`` gives the batches' topic and partition where no directory name tells them
    (a remote segment read as a stream)."""
    stream, name, owned = _open(source)
    report = _callers(options.on_problem or default_handler)
    ahead: _ReadAhead | None = None
    position = start
    try:
        size = stream.seek(0, io.SEEK_END)
        limit = size if end is None else min(end, size)
        is_path = isinstance(source, str | os.PathLike)
        topic, partition = partition_of or topic_partition(name if is_path else None)
        fd = _fileno(stream)  # where the next chunk can be read ahead with os.pread
        min_offset = -1  # offsets only grow: a batch found by resynchronising below this is reported
        budget = _ResyncBudget(limit - start, None if on_scan is None else _callers(on_scan))
        # off while the careful path meets legacy entries (and throughout when tests/test_scan.py sets
        # compiled_scan to None, to compare the two paths)
        scanning = compiled_scan is not None
        while position < limit:
            if scanning:
                chunk = min(limit - position, SCAN_BYTES)
                data = ahead.take(position, chunk) if ahead is not None else None
                if data is None:
                    stream.seek(position)
                    data = stream.read(chunk)
                run, consumed, careful = scan(
                    data,
                    position,
                    verify_crc=options.verify_crc,
                    path=name,
                    topic=topic,
                    partition=partition,
                    max_decompressed=options.max_decompressed_bytes,
                )
                if run is not None:
                    after = position + consumed
                    if not careful and after < limit and fd is not None:  # read on while the run is used
                        ahead = ahead or _ReadAhead(fd)
                        ahead.start(after, min(limit - after, SCAN_BYTES))
                    yield run
                    min_offset = run.last_offset + 1
                    position = after
                    if not careful:
                        continue  # read on from where the chunk ended
                # the entry at position is not a whole, valid v2 batch inside one chunk
            stream.seek(position)
            remaining = limit - position
            head = stream.read(min(remaining, V2_HEADER_SIZE))
            problem = _check_entry(head, remaining, name, position)
            if problem is None:
                entry_size = LOG_OVERHEAD + ENTRY_PREFIX.unpack_from(head)[1]
                data = head[:entry_size] + stream.read(max(entry_size - len(head), 0))
                try:
                    batch = Batch(
                        data,
                        path=name,
                        position=position,
                        verify_crc=options.verify_crc,
                        max_decompressed_bytes=options.max_decompressed_bytes,
                        topic=topic,
                        partition=partition,
                    )
                except KafkaksError as exc:
                    problem = Problem(
                        ProblemKind.CORRUPT_BATCH, name, position, len(data), exc.reason, _head_offset(head)
                    )
                else:
                    if batch.crc_valid is False:
                        # A wrong checksum means the length may be wrong too: if a valid batch
                        # starts inside the bytes this one claims, the length swallowed it.
                        try:
                            inside = _resync(
                                stream, position + 1, limit, budget, before=position + batch.size
                            )
                        except _ResyncGaveUp:
                            inside = None
                        if inside is not None:
                            report(
                                Problem(
                                    ProblemKind.CORRUPT_BATCH,
                                    name,
                                    position,
                                    inside - position,
                                    f"{crc_mismatch(batch)}, and a valid batch starts at {inside}, inside "
                                    f"the {batch.size} bytes this one claims: its length is damaged; "
                                    f"skipped {inside - position} bytes to the next valid batch",
                                    batch.last_offset,
                                )
                            )
                            position = inside
                            continue
                        report(
                            Problem(
                                ProblemKind.CRC_MISMATCH,
                                name,
                                position,
                                batch.size,
                                crc_mismatch(batch),
                                batch.last_offset,
                            )
                        )
                    yield batch
                    position += batch.size
                    scanning = compiled_scan is not None and batch.magic >= 2
                    if batch.crc_valid is not False:  # a damaged header's offsets are no guide
                        min_offset = batch.last_offset + 1
                    continue
            if problem.kind in (ProblemKind.TRUNCATED, ProblemKind.ZERO_TAIL) and limit < size:
                return  # a --max-bytes style slice cuts the last batch: not a problem
            if problem.kind == ProblemKind.CORRUPT_BATCH and _all_zero(stream, position, limit):
                problem = Problem(
                    ProblemKind.ZERO_TAIL,
                    name,
                    position,
                    limit - position,
                    f"Found {limit - position} zero bytes at the end of the file (a preallocated segment)",
                    None,
                )
            try:
                resume = (
                    None
                    if problem.kind == ProblemKind.ZERO_TAIL
                    else _resync(stream, position + 1, limit, budget)
                )
            except _ResyncGaveUp as gave_up:
                report(
                    Problem(
                        ProblemKind.UNREADABLE,
                        name,
                        position,
                        limit - position,
                        f"{problem.message}; gave up looking for the next valid batch at {gave_up.position} "
                        f"after checking {gave_up.spent} bytes of candidates that were not batches "
                        "(crafted input?); the rest of the file is not read",
                        problem.offset,
                    )
                )
                return
            if resume is None:
                if problem.kind == ProblemKind.CORRUPT_BATCH:
                    problem = Problem(
                        ProblemKind.UNREADABLE,
                        name,
                        position,
                        limit - position,
                        f"{problem.message}; no readable batch follows in the last {limit - position} bytes",
                        problem.offset,
                    )
                report(problem)
                return
            message = problem.message
            if problem.kind == ProblemKind.TRUNCATED:  # not the end of the file after all
                message = (
                    f"a batch of {LOG_OVERHEAD + ENTRY_PREFIX.unpack_from(head)[1]} bytes would run past "
                    "the end of the file, yet a valid batch follows: its length is damaged"
                )
            stream.seek(resume)
            resumed_offset = ENTRY_PREFIX.unpack_from(stream.read(ENTRY_PREFIX.size))[0]
            report(
                Problem(
                    ProblemKind.CORRUPT_BATCH
                    if problem.kind == ProblemKind.CORRUPT_BATCH
                    else ProblemKind.UNREADABLE,
                    name,
                    position,
                    resume - position,
                    f"{message}; skipped {resume - position} bytes to the next valid batch"
                    + (
                        f", whose offsets go back to {resumed_offset} from above {min_offset - 1}: a base "
                        "offset before it is damaged (it lies outside the CRC) or batches are out of order"
                        if resumed_offset < min_offset
                        else ""
                    ),
                    problem.offset,
                )
            )
            position = resume
    except OSError as exc:  # a disk failing mid-file: located, after every batch before it
        raise UnreadableFileError(
            f"{exc.strerror or exc} (reading the batches from this position on)", path=name, position=position
        ) from exc
    except _CallerError as carried:  # not the file's: the caller's own, as it raised it
        raise carried.error from None
    finally:
        if ahead is not None:  # its read done before the file closes
            ahead.close()
        if owned:
            stream.close()


def _fileno(stream: BinaryIO) -> int | None:
    """The descriptor of a stream that reads a file's bytes at their own positions, else None."""
    try:
        return stream.fileno()
    except (OSError, AttributeError, ValueError):  # io.UnsupportedOperation is both
        return None


class _ReadAhead:
    """Reads the chunk the scan wants next on a thread of its own while the caller works on the run
    just yielded: ``os.pread`` releases the GIL, so the copy from the page cache (about as long as
    decoding uncompressed batches takes) runs on another core. One read at a time. A caller that
    comes back for the chunk before it is read, :data:`WAITS` times in a row (a scan that only
    looks at the batches' headers), gains nothing but the handing over, about a tenth of a scan's
    time: the chunks after that are read when they are wanted."""

    WAITS = 3

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._waits = 0
        self._requests: SimpleQueue[tuple[int, int] | None] = SimpleQueue()
        self._results: SimpleQueue[bytes | OSError] = SimpleQueue()
        self._pending: tuple[int, int] | None = None
        self._thread = threading.Thread(target=self._serve, name="kafkaks-read-ahead", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while (request := self._requests.get()) is not None:
            position, size = request
            try:
                self._results.put(os.pread(self._fd, size, position))
            except OSError as exc:  # raised where the bytes are wanted, as a read there would
                self._results.put(exc)

    def start(self, position: int, size: int) -> None:
        if self._waits < self.WAITS:
            self._requests.put((position, size))
            self._pending = position, size

    def take(self, position: int, size: int) -> bytes | None:
        """The ``size`` bytes at ``position`` when they are what was read ahead (None otherwise:
        the caller reads them)."""
        if self._pending is None:
            return None
        pending, self._pending = self._pending, None
        self._waits = self._waits + 1 if self._results.empty() else 0
        result = self._results.get()
        if pending != (position, size):
            return None
        if isinstance(result, OSError):
            raise result
        return result

    def close(self) -> None:
        if self._pending is not None:
            self._results.get()
        self._requests.put(None)
        self._thread.join()


def _head_offset(head: bytes) -> int | None:
    return ENTRY_PREFIX.unpack_from(head)[0] if len(head) >= ENTRY_PREFIX.size else None


def _check_entry(head: bytes, remaining: int, name: str, position: int) -> Problem | None:
    """None if a complete entry starts here, else the Problem that stops Kafka's reader."""
    offset = _head_offset(head)
    size = frame(head, 0, remaining)
    if isinstance(size, Unframed):
        # At the end, FileLogInputStream stops without reading a header. Even if these bytes are
        # zeros they are a cut, not preallocation: a preallocated file is zero-filled up to
        # segment.bytes (and trimmed to its size on roll), far more than one header.
        kind = ProblemKind.CORRUPT_BATCH if size is Unframed.SHORT else ProblemKind.TRUNCATED
        return Problem(kind, name, position, remaining, size.message(head, remaining), offset)
    magic = head[MAGIC_OFFSET]
    if magic > 2:
        return Problem(
            ProblemKind.CORRUPT_BATCH,
            name,
            position,
            size,
            f"Unknown magic byte {magic}",
            offset,
        )
    if magic == 2 and size < V2_HEADER_SIZE:
        return Problem(
            ProblemKind.CORRUPT_BATCH,
            name,
            position,
            size,
            f"v2 batch length {size - LOG_OVERHEAD} is below {V2_MIN_LENGTH}",
            offset,
        )
    return None


def _all_zero(stream: BinaryIO, begin: int, end: int) -> bool:
    stream.seek(begin)
    while begin < end:
        chunk = stream.read(min(SCAN_CHUNK, end - begin))
        if not chunk or chunk.count(0) != len(chunk):
            return False
        begin += len(chunk)
    return True


def _candidates(chunk: bytes, last: int) -> Iterator[int]:
    """Where an entry may start in ``chunk``, before ``last``: a magic of 0-2 at +16 and a length
    field (+8..+12) that is not all zeros.

    A run of zeros (a preallocated or zeroed region) is skipped at C speed, not a position at a
    time: if a length field lies in a run of zeros ending at n, so does that of every later
    position before n - 11, so the next candidate's magic is at n + 5 or later."""
    at = MAGIC_OFFSET
    while (match := CANDIDATE_MAGIC.search(chunk, at, last + MAGIC_OFFSET)) is not None:
        candidate = match.start() - MAGIC_OFFSET
        if chunk[candidate + LENGTH_AT : candidate + LENGTH_END] != ZERO_LENGTH:
            yield candidate
            at = match.start() + 1
        else:
            at = _zeros_end(chunk, candidate + LENGTH_AT) + MAGIC_AFTER_LENGTH


def _zeros_end(chunk: bytes, start: int) -> int:
    """The first position at or after ``start`` whose byte is not zero (or the chunk's end)."""
    while start < len(chunk):
        piece = chunk[start : start + len(ZERO_BLOCK)]
        if piece != ZERO_BLOCK[: len(piece)]:  # a compare of 64 KiB at a time
            found = NONZERO.search(piece)
            return start + (found.start() if found else len(piece))
        start += len(piece)
    return len(chunk)


def _resync(
    stream: BinaryIO,
    begin: int,
    end: int,
    budget: _ResyncBudget,
    *,
    before: int | None = None,
) -> int | None:
    """The position of the next entry at or after ``begin`` (and before ``before``, if given)
    whose CRC is right, or None.

    A candidate must have a magic of 0-2, a length that fits before ``end``, a plausible header
    and a matching CRC, so random bytes are practically never taken for a batch. Its offsets are
    not asked to follow those read before: a base offset lies outside the CRC, so one damaged
    batch would otherwise make every later one unreadable, and a segment concatenated after a
    copy cut short, or a batch written twice, must be read whole (the caller reports offsets that
    go back). The scan reads the file in chunks, so damaged regions of any size take bounded
    memory; raises _ResyncGaveUp when candidates that fail have used up ``budget``.
    """
    stop = end if before is None else min(before, end)
    position = begin
    while end - position > HEADER_SIZE_UP_TO_MAGIC and position < stop:
        if budget.on_scan is not None:
            budget.on_scan(position)
        stream.seek(position)
        chunk = stream.read(min(SCAN_CHUNK, end - position))
        last = min(len(chunk) - HEADER_SIZE_UP_TO_MAGIC, stop - position)
        for candidate in _candidates(chunk, max(last, 0)):
            size = frame(chunk, candidate, end - position - candidate)
            if isinstance(size, Unframed):
                continue
            head = chunk[candidate : candidate + V2_HEADER_SIZE]
            if len(head) < V2_HEADER_SIZE:  # the chunk ends inside this candidate's header
                stream.seek(position + candidate)
                head = stream.read(V2_HEADER_SIZE)
            invalid = ensure_valid(stream, position + candidate, head, plausible=True)
            if invalid is None:
                return position + candidate
            if invalid.kind != "crc":
                continue  # rejected before any CRC was computed
            budget.left -= size - LOG_OVERHEAD
            budget.spent += size - LOG_OVERHEAD
            if budget.left < 0:
                raise _ResyncGaveUp(position + candidate, budget.spent)
        position += max(last, 1)
    return None
