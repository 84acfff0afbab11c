"""The ``kafkaks`` console script: :func:`main` loads the command (:mod:`kafkaks.cli.main`) inside
its handler of Ctrl-C, so that an interrupt while Python is still importing it exits with status
130 and no traceback, as it does once the command runs. This module imports nothing itself."""

from __future__ import annotations

__all__ = ["main"]

INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command that Ctrl-C ended


def main() -> int:
    try:
        from .cli.main import main as command

        return command()
    except KeyboardInterrupt:  # before the command's own handler was in place: nothing printed yet
        return INTERRUPTED
