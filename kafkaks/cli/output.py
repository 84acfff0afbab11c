"""Writing the output of ``kafkaks``: :func:`quiet_stdout` for a closed pipe."""

from __future__ import annotations

import contextlib
import os
import sys

__all__ = ["quiet_stdout"]


def quiet_stdout() -> None:
    """After a closed pipe (``kafkaks dump x.log | head``): send what is left to /dev/null, so the
    interpreter's final flush does not fail again."""
    with contextlib.suppress(OSError, ValueError):  # not a real file (e.g. captured in tests)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
