"""The ``kafkaks`` command: ``dump`` (what ``kafka-dump-log.sh`` prints, and JSON), ``verify`` and
``pipeline``."""

from .main import main

__all__ = ["main"]
