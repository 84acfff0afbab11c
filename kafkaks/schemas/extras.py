"""The optional libraries decoding needs, imported when first used, with a friendly error naming
the extra that installs them (``pip install 'kafkaks[schemas]'``)."""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["EXTRA", "MissingExtraError", "require"]

EXTRA = "schemas"
_WHAT = {
    "fastavro": "Avro values",
    "google.protobuf": "Protobuf values",
    "grpc_tools": "Protobuf schemas (.proto text, compiled with grpcio-tools' protoc)",
}


class MissingExtraError(ImportError):
    """An optional library that decoding needs is not installed."""


def require(module: str) -> ModuleType:
    """``module``, imported; :class:`MissingExtraError` naming the extra when it is missing."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        what = _WHAT.get(module, "schema decoding")
        raise MissingExtraError(
            f"decoding {what} needs {module.split('.')[0]}, which is not installed: "
            f"pip install 'kafkaks[{EXTRA}]'"
        ) from error
