"""Whole partitions and broker log directories: :func:`read_partition` and :func:`read_log_dir`.

A broker log directory holds one ``<topic>-<partition>`` directory per partition replica; each
holds segments ``<base offset, 20 digits>.log`` with their ``.index``, ``.timeindex`` and
``.txnindex``. Files being deleted, cleaned or swapped carry a second suffix (``.deleted``,
``.cleaned``, ``.swap``); whole partition directories being deleted or moved end in ``-delete``,
``-future`` or ``-stray``. Those are left out unless asked for.

``isolation="read_committed"`` gives what a Kafka consumer with that setting sees: no control
records, no records of aborted transactions, and nothing at or after the last stable offset (the
first offset of a transaction that has no marker yet).
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from .codecs import DEFAULT_MAX_DECOMPRESSED_BYTES
from .files import read_txn_index
from .models import AbortedTxn, Problem, Record
from .segment import PARTITION_DIR, Batch, ProblemHandler, batch_records, default_handler, read_log

__all__ = [
    "PartitionDir",
    "Segment",
    "Transactions",
    "list_segments",
    "partition_dirs",
    "read_log_dir",
    "read_partition",
    "read_partition_batches",
]

Isolation = Literal["read_uncommitted", "read_committed"]
SEGMENT = re.compile(r"^(?P<base>\d{20})\.(?P<kind>log|checkpoint)(?P<temp>\.deleted|\.cleaned|\.swap)?$")
TEMP_ORDER = {"": 0, ".swap": 1, ".cleaned": 2, ".deleted": 3}


@dataclass(frozen=True, slots=True)
class Segment:
    """A ``.log`` file and its companions (which may be absent)."""

    base_offset: int
    path: Path
    temp_suffix: str = ""

    def companion(self, suffix: str) -> Path:
        """The ``.index``/``.timeindex``/``.txnindex`` beside it, e.g. ``companion(".index")``."""
        return self.path.with_name(f"{self.base_offset:020d}{suffix}{self.temp_suffix}")


@dataclass(frozen=True, slots=True)
class PartitionDir:
    """A ``<topic>-<partition>`` directory; ``status`` is ``delete``/``future``/``stray`` or ''."""

    topic: str
    partition: int
    path: Path
    status: str = ""

    @classmethod
    def of(cls, path: str | os.PathLike[str]) -> PartitionDir | None:
        match = PARTITION_DIR.match(Path(path).name)
        if not match:
            return None
        return cls(match["topic"], int(match["partition"]), Path(path), match["status"] or "")

    def segments(self, include_temp_files: bool = False) -> list[Segment]:
        return list_segments(self.path, include_temp_files)


def list_segments(directory: str | os.PathLike[str], include_temp_files: bool = False) -> list[Segment]:
    """The ``.log`` segments of a directory in offset order (temporary files after the live one)."""
    found = []
    for entry in Path(directory).iterdir():
        match = SEGMENT.match(entry.name)
        if match and match["kind"] == "log" and (include_temp_files or not match["temp"]):
            found.append(Segment(int(match["base"]), entry, match["temp"] or ""))
    return sorted(found, key=lambda s: (s.base_offset, TEMP_ORDER[s.temp_suffix]))


def partition_dirs(*log_dirs: str | os.PathLike[str], include_temp_files: bool = False) -> list[PartitionDir]:
    """The partition directories of broker log directories, by topic and partition."""
    found = []
    for log_dir in log_dirs:
        for entry in Path(log_dir).iterdir():
            partition = PartitionDir.of(entry) if entry.is_dir() else None
            if partition and (include_temp_files or not partition.status):
                found.append(partition)
    return sorted(found, key=lambda p: (p.topic, p.partition, p.status, str(p.path)))


class Transactions:
    """Aborted transactions and the last stable offset of a partition, from a first pass over
    its batch headers and control records, plus the ``.txnindex`` files where present.

    It holds only integers, so it pickles: a Spark driver scans once and ships it to the tasks
    that read the partition's segments.
    """

    def __init__(self) -> None:
        self.aborted: dict[int, list[tuple[int, int]]] = defaultdict(list)
        self.open_since: dict[int, int] = {}

    @classmethod
    def of(
        cls,
        segments: list[Segment],
        max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
        on_problem: ProblemHandler | None = None,
    ) -> Transactions:
        """Scan a partition's segments and ``.txnindex`` files on the local disk; ``on_problem``
        is that of :meth:`scan`."""
        indexes = [segment.companion(".txnindex") for segment in segments]
        aborted = (txn for index in indexes if index.is_file() for txn in read_txn_index(index))
        # Problems are reported by the second pass, which reads the same batches.
        batches = (
            batch
            for segment in segments
            for batch in read_log(
                segment.path,
                verify_crc=False,
                on_problem=_ignore,
                max_decompressed_bytes=max_decompressed_bytes,
            )
        )
        return cls.scan(aborted, batches, on_problem)

    @classmethod
    def scan(
        cls, aborted: Iterable[AbortedTxn], batches: Iterable[Batch], on_problem: ProblemHandler | None = None
    ) -> Transactions:
        """From every ``.txnindex`` entry of the partition and its batches in offset order.

        A transaction marker whose record does not decode raises, or with ``on_problem`` is
        reported (``corrupt_records``) and taken as no ABORT.

        The ``.txnindex`` of the segment holding an ABORT marker lists the whole transaction,
        whose data may sit in earlier segments, so all the entries are taken before the batches.
        An indexed range also covers a transaction whose marker the log cleaner has since removed.
        """
        transactions = cls()
        for txn in aborted:
            transactions.aborted[txn.producer_id].append((txn.first_offset, txn.last_offset))
        for batch in batches:
            transactions._observe(batch, on_problem)
        return transactions

    def _observe(self, batch: Batch, on_problem: ProblemHandler | None) -> None:
        producer = batch.producer_id
        if not batch.is_transactional or self.is_aborted(producer, batch.base_offset):
            return
        if not batch.is_control:
            self.open_since.setdefault(producer, batch.base_offset)
            return
        first = self.open_since.pop(producer, batch.base_offset)
        record = next(batch_records(batch, on_problem), None)
        if record is not None and record.control is not None and record.control.type == "ABORT":
            self.aborted[producer].append((first, batch.last_offset))

    @property
    def last_stable_offset(self) -> int | None:
        return min(self.open_since.values(), default=None)

    def is_aborted(self, producer_id: int, offset: int) -> bool:
        return any(first <= offset <= last for first, last in self.aborted.get(producer_id, ()))

    def committed(self, batch: Batch) -> bool:
        """Whether a ``read_committed`` consumer sees the batch's records (the caller stops at
        :attr:`last_stable_offset`)."""
        if batch.is_control:
            return False
        return not (batch.is_transactional and self.is_aborted(batch.producer_id, batch.base_offset))


def read_partition_batches(
    path: str | os.PathLike[str],
    *,
    isolation: Isolation = "read_uncommitted",
    include_temp_files: bool = False,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
) -> Iterator[Batch]:
    """The batches of a ``<topic>-<partition>`` directory, across its segments in offset order.

    With ``read_committed``, only batches whose records a consumer with that isolation level
    sees: no control batches, no aborted ones, nothing from the last stable offset on.
    """
    segments = list_segments(path, include_temp_files)
    transactions = (
        Transactions.of(segments, max_decompressed_bytes, on_problem)
        if isolation == "read_committed"
        else None
    )
    stable = transactions.last_stable_offset if transactions else None
    for segment in segments:
        for batch in read_log(
            segment.path,
            verify_crc=verify_crc,
            on_problem=on_problem,
            max_decompressed_bytes=max_decompressed_bytes,
        ):
            if transactions is None:
                yield batch
                continue
            # The last stable offset is the base offset of a batch: no batch straddles it.
            if stable is not None and batch.last_offset >= stable:
                report_unstable(on_problem, segment.path, batch.position, stable)
                return
            if transactions.committed(batch):
                yield batch


def read_partition(
    path: str | os.PathLike[str],
    *,
    isolation: Isolation = "read_uncommitted",
    include_temp_files: bool = False,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
) -> Iterator[Record]:
    """The records of a ``<topic>-<partition>`` directory, across its segments in offset order.

    Records carry the topic and partition from the directory name (None when it is not named
    ``<topic>-<partition>``). With ``read_uncommitted``
    every record is yielded, control records too (``Record.control`` is set on them); with
    ``read_committed``, what a consumer with that isolation level sees. ``include_temp_files``
    adds ``.deleted``, ``.cleaned`` and ``.swap`` segments. Problems go to ``on_problem`` as in
    :func:`~kafkaks.segment.read_log`, and so does a batch whose records do not decode (a
    ``corrupt_records`` Problem): reading goes on with the next batch. Without ``on_problem``
    that raises.
    """
    for batch in read_partition_batches(
        path,
        isolation=isolation,
        include_temp_files=include_temp_files,
        verify_crc=verify_crc,
        on_problem=on_problem,
        max_decompressed_bytes=max_decompressed_bytes,
    ):
        yield from batch_records(batch, on_problem)


def report_unstable(
    on_problem: ProblemHandler | None, path: str | os.PathLike[str], position: int, stable: int
) -> None:
    """Report that ``read_committed`` stops at the last stable offset ``stable``."""
    problem = Problem(
        "open_transaction",
        os.fspath(path),
        position,
        0,
        f"read_committed stops at the last stable offset {stable}: a transaction open since then has "
        "no COMMIT or ABORT marker in the log",
        stable,
    )
    (on_problem or default_handler)(problem)


def _ignore(_problem: Problem) -> None:
    pass


def read_log_dir(
    *log_dirs: str | os.PathLike[str],
    isolation: Isolation = "read_uncommitted",
    include_temp_files: bool = False,
    verify_crc: bool = True,
    on_problem: ProblemHandler | None = None,
    max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES,
) -> Iterator[Record]:
    """The records of every partition of one or more broker log directories, partition after
    partition (by topic, then partition number), each in offset order."""
    for partition in partition_dirs(*log_dirs, include_temp_files=include_temp_files):
        yield from read_partition(
            partition.path,
            isolation=isolation,
            include_temp_files=include_temp_files,
            verify_crc=verify_crc,
            on_problem=on_problem,
            max_decompressed_bytes=max_decompressed_bytes,
        )
