"""The ``kafkaks`` command: ``dump`` (what ``kafka-dump-log.sh`` prints, and JSON), ``verify`` and
``pipeline``.

:mod:`~kafkaks.cli.main` parses the arguments and runs a subcommand; :mod:`~kafkaks.cli.paths`
finds the files a path stands for; :mod:`~kafkaks.cli.dump` walks them for ``dump`` and hands what
it reads to a :class:`~kafkaks.cli.output.Renderer`: :mod:`~kafkaks.cli.dump_text` (Kafka's text)
or :mod:`~kafkaks.cli.jsonl` (JSON Lines); :mod:`~kafkaks.cli.verify` and
:mod:`~kafkaks.cli.recovery` write what ``verify`` found.
"""

from .main import main

__all__ = ["main"]
