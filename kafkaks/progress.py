"""A progress bar on stderr for long runs of the CLI, shown only where a person is watching.

It draws nothing unless the stream is a terminal and the input is at least :data:`THRESHOLD`
bytes, so pipes, files and small inputs get no control characters. It redraws at most once per
whole percent, and :meth:`Progress.clear` wipes it before anything else is written to the stream.
"""

from __future__ import annotations

from typing import TextIO

__all__ = ["THRESHOLD", "Progress"]

THRESHOLD = 64 * 1024 * 1024  # inputs smaller than this are read in a few seconds at most
WIDTH = 30


class Progress:
    """``advance(n)`` as bytes are read; ``clear()`` before writing other text to ``stream``;
    ``close()`` at the end."""

    def __init__(self, stream: TextIO, total: int, label: str = "kafkaks") -> None:
        self.stream = stream
        self.total = total
        self.label = label
        self.done = 0
        self.shown = -1  # the percentage on screen, -1 when nothing is
        self.enabled = total >= THRESHOLD and stream.isatty()

    def advance(self, size: int) -> None:
        self.done += size
        if not self.enabled:
            return
        percent = min(100, self.done * 100 // self.total)
        if percent != self.shown:
            filled = WIDTH * percent // 100
            bar = "#" * filled + "-" * (WIDTH - filled)
            mib_done, mib_total = self.done >> 20, self.total >> 20
            self.stream.write(f"\r{self.label} [{bar}] {percent:3d}% {mib_done}/{mib_total} MiB")
            self.stream.flush()
            self.shown = percent

    def clear(self) -> None:
        if self.shown >= 0:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = -1

    def close(self) -> None:
        self.clear()
        self.enabled = False
