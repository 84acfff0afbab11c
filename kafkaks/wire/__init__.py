"""Kafka's wire format, as it is on disk: record batches and legacy messages, their records, codecs
and control records, and the column-wise (Arrow) record decoding, all over the compiled core
(``kafkaks/wire/_core.c``), which every install builds."""

try:
    from . import _core  # noqa: F401
except ImportError as exc:  # a source tree that was not built
    raise ImportError(
        "kafkaks' compiled core (kafkaks/wire/_core.c) is not built: install kafkaks with pip, or run "
        "`pip install -e .` in a source tree (a C compiler and the Python headers are needed)"
    ) from exc
