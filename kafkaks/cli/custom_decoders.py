"""``--key-decoder`` and ``--value-decoder``: Python's counterpart of kafka-dump-log's
``--key-decoder-class`` and ``--value-decoder-class``. A decoder is ``module:function``, a
function of the key or value bytes whose result is printed with ``str()`` after ``key:`` or
``payload:``, as Kafka prints what its ``Decoder.fromBytes`` returns. A null key or value prints
no token, as in Kafka; a decoder option for an internal topic (``--offsets-decoder``, ...) wins
over these, as in Kafka."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from typing import TextIO

from ..internal_topics import DecodedRecord, InternalKind
from ..models import Record
from ..progress import Progress
from ..wire.batch import Batch
from .dump_text import TextRenderer, record_line

__all__ = ["Decoder", "DecoderTextRenderer", "load_decoder"]

Decoder = Callable[[bytes], object]


def load_decoder(spec: str) -> Decoder:
    """``module:function`` (``module`` importable from sys.path or the current directory) -> the
    function; an argparse type, so a bad one is a usage error."""
    module_name, sep, function_name = spec.partition(":")
    if not sep or not module_name or not function_name:
        raise argparse.ArgumentTypeError(f"{spec!r}: expected module:function, e.g. mydecoders:avro_value")
    added = os.getcwd() not in sys.path
    if added:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # an import error of any kind in the user's module
        raise argparse.ArgumentTypeError(f"{spec!r}: cannot import {module_name}: {exc}") from exc
    finally:
        if added:
            sys.path.remove(os.getcwd())
    function = getattr(module, function_name, None)
    if not callable(function):
        raise argparse.ArgumentTypeError(f"{spec!r}: {module_name} has no function {function_name}")
    return function  # type: ignore[no-any-return]


def _decoded(decoder: Decoder | None, data: bytes | None, offset: int) -> str | None:
    if data is None:
        return None
    if decoder is None:  # Kafka's default StringDecoder
        return data.decode("utf-8", errors="replace")
    try:
        return str(decoder(data))
    except Exception as exc:  # the user's function failed on this record: say so, go on
        return f"Error at offset {offset}, skipping. {type(exc).__name__}: {exc}"


class DecoderTextRenderer(TextRenderer):
    """kafka-dump-log's text, with keys and payloads printed by the user's decoders."""

    def __init__(
        self,
        out: TextIO,
        err: TextIO,
        progress: Progress,
        metadata: bool,
        key_decoder: Decoder | None,
        value_decoder: Decoder | None,
    ) -> None:
        super().__init__(out, err, progress, metadata, True)
        self.key_decoder = key_decoder
        self.value_decoder = value_decoder

    def record(
        self, batch: Batch, record: Record, kind: InternalKind | None, d: DecodedRecord | None
    ) -> None:
        if kind is not None or batch.is_control:
            super().record(batch, record, kind, d)
            return
        self.follow(record.offset)
        texts = (
            _decoded(self.key_decoder, record.key, record.offset),
            _decoded(self.value_decoder, record.value, record.offset),
        )
        self.emit(record_line(batch, record, self.metadata, True, texts))
