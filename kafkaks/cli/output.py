"""Writing ``kafkaks dump``'s output: :class:`Renderer`, what the dump walk
(:class:`kafkaks.cli.dump.Dumper`) hands what it reads to, and the buffered writing the two
formats share; and :func:`quiet_stdout` for a closed pipe.

The two renderers are :class:`kafkaks.cli.dump_text.TextRenderer` (kafka-dump-log's lines,
Kafka's end-of-run summaries) and :class:`kafkaks.cli.jsonl.JsonRenderer` (one JSON object per
line). A method that a format has nothing to show for is left to this class, which shows nothing;
every format implements those that raise NotImplementedError here.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from ..internal_topics import DecodedRecord, InternalKind
from ..models import AbortedTxn, OffsetIndexEntry, Problem, ProducerSnapshotEntry, Record, TimeIndexEntry
from ..problems import ProblemKind
from ..progress import Progress
from ..wire.batch import Batch

__all__ = ["FLUSH_LINES", "FileEntry", "GuardedOutput", "OutputError", "Renderer", "quiet_stdout"]

FLUSH_LINES = 4096
# An entry of an index or a producer snapshot, one line or object each.
FileEntry = OffsetIndexEntry | TimeIndexEntry | AbortedTxn | ProducerSnapshotEntry


class OutputError(OSError):
    """The output cannot be written (a closed stdout, a full disk): the run stops there, where a
    file that cannot be read is reported and the run goes on."""


class GuardedOutput(io.TextIOBase):
    """``stream`` (stdout), whose failures to write are :class:`OutputError`, told apart from
    those of the files being read; a closed pipe stays a ``BrokenPipeError`` (the reader has gone,
    which is no error: ``kafkaks dump x.log | head``)."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        with self._guarded():
            return self.stream.write(text)

    def flush(self) -> None:
        with self._guarded():
            self.stream.flush()

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()

    @contextlib.contextmanager
    def _guarded(self) -> Iterator[None]:
        try:
            yield
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(exc.errno, f"cannot write the output: {exc.strerror or exc}") from exc


def quiet_stdout() -> None:
    """After a closed pipe (``kafkaks dump x.log | head``): send what is left to /dev/null, so the
    interpreter's final flush does not fail again."""
    with contextlib.suppress(OSError, ValueError):  # not a real file (e.g. captured in tests)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


class Renderer:
    """Writes lines to ``out``, buffered (:data:`FLUSH_LINES` at a time), and messages to ``err``,
    clearing the progress bar first. The dump walk calls the other methods, in the order of what
    it reads; each renderer shows them in its format."""

    def __init__(self, out: TextIO, err: TextIO, progress: Progress) -> None:
        self.out = out
        self.err = err
        self.progress = progress
        self.lines: list[str] = []

    # Output

    def emit(self, line: str) -> None:
        self.lines.append(line)
        if len(self.lines) >= FLUSH_LINES:
            self.flush()

    def flush(self) -> None:
        if self.lines:
            self.progress.clear()
            lines, self.lines = self.lines, []  # taken first: a write cut by Ctrl-C is not repeated
            self.out.write("\n".join(lines) + "\n")

    def write_large(self, head: str, tail: str, pieces: Iterable[str]) -> None:
        """A line around a large value, written piece by piece (:func:`kafkaks.cli.jsonl.encoded_pieces`):
        the value is never held encoded or decoded whole, nor copied into the line."""
        self.flush()
        self.progress.clear()
        self.out.write(head)
        for piece in pieces:
            self.out.write(piece)
        self.out.write(tail + "\n")

    def warn(self, message: str) -> None:
        try:
            self.flush()
            self.out.flush()
        finally:  # the message is not lost when stdout's reader has gone
            self.progress.clear()
            self.err.write(message + "\n")

    # What the dump walk found

    def start(self, path: str) -> None:
        """A file is about to be dumped, whatever it is."""

    def file(self, path: str, kind: str, **fields: Any) -> None:
        """A file of ``kind`` (index, timeindex, txnindex, snapshot) begins, with ``fields``."""

    def log_file(self, path: str, header: str, base_offset: int | None, size: int) -> None:
        """A ``.log`` (of ``base_offset``) or ``.checkpoint`` (None) of ``size`` bytes begins;
        ``header`` is Kafka's first line for it."""
        raise NotImplementedError

    def batch(self, batch: Batch) -> None:
        """A batch of the ``.log`` or ``.checkpoint``."""
        raise NotImplementedError

    def record(
        self, batch: Batch, record: Record, kind: InternalKind | None, d: DecodedRecord | None
    ) -> None:
        """A record of ``batch``; ``kind`` is the decoder applied to it, ``d`` what it decoded."""
        raise NotImplementedError

    def log_end(self, path: str, invalid_bytes: int) -> None:
        """The ``.log`` or ``.checkpoint`` is read; ``invalid_bytes`` after its last batch."""

    def entry(self, entry: FileEntry, path: str) -> None:
        """An entry of the index or producer snapshot ``path``."""
        raise NotImplementedError

    def empty(self, path: str) -> None:
        """An index without a single entry."""

    def sanity_passed(self, path: str) -> None:
        """An index passed Kafka's sanity check (``--index-sanity-check``)."""

    def problem(self, problem: Problem, corrupt: bool, positioned: bool) -> None:
        """A problem, damage if ``corrupt``; ``positioned``: whether its position is known (else 0)."""
        raise NotImplementedError

    def info(self, kind: ProblemKind, path: str, message: str, offset: int) -> None:
        """A finding that is information, which Kafka lists in its end-of-run summaries."""

    def summarize(self, kind: ProblemKind, path: str, pairs: list[tuple[int, int]]) -> None:
        """Pairs of numbers for Kafka's end-of-run summary of ``kind`` about ``path``."""

    def summaries(self) -> None:
        """After all files."""
        self.flush()
