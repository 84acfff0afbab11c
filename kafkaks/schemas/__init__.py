"""Keys and values decoded with their schemas: Avro, JSON Schema and Protobuf, as written by
Confluent's Schema Registry serializers, with schemas taken from the registry's own ``_schemas``
topic in the log dirs (no registry running), a registry's REST API, or a schema file.

    >>> import kafkaks
    >>> batches = kafkaks.read_arrow("/data/kafka-logs", decode_values=True)

The modules: :mod:`~kafkaks.schemas.decode` (columns added to Arrow batches, :class:`Decoding`),
:mod:`~kafkaks.schemas.framing` (the wire format), :mod:`~kafkaks.schemas.registry` (what a
registry holds), :mod:`~kafkaks.schemas.registry_topic` (``_schemas`` read from the log),
:mod:`~kafkaks.schemas.registry_rest` (a registry's REST API), :mod:`~kafkaks.schemas.avro`,
:mod:`~kafkaks.schemas.json_schema` and :mod:`~kafkaks.schemas.protobuf` (each type's decoding and
Arrow types), :mod:`~kafkaks.schemas.json_values` (decoded values as JSON, for ``kafkaks dump``)
and :mod:`~kafkaks.schemas.extras` (the optional libraries, from the ``schemas`` extra). Names are
imported when first used: the command line imports :class:`MissingExtraError` without pyarrow.
"""

from typing import TYPE_CHECKING, Any

from .extras import MissingExtraError

if TYPE_CHECKING:
    from .decode import Decoder, Decoding, columns, decoder, decoding_of
    from .registry import RegisteredSchema, Registry, RegistryState, SchemaDecodeError, SchemaLookupError
    from .registry_topic import find_schemas_topic, read_schemas_topic

_LAZY = {
    "Decoder": "decode",
    "Decoding": "decode",
    "columns": "decode",
    "decoder": "decode",
    "decoding_of": "decode",
    "RegisteredSchema": "registry",
    "Registry": "registry",
    "RegistryState": "registry",
    "SchemaDecodeError": "registry",
    "SchemaLookupError": "registry",
    "find_schemas_topic": "registry_topic",
    "read_schemas_topic": "registry_topic",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Decoder",
    "Decoding",
    "MissingExtraError",
    "RegisteredSchema",
    "Registry",
    "RegistryState",
    "SchemaDecodeError",
    "SchemaLookupError",
    "columns",
    "decoder",
    "decoding_of",
    "find_schemas_topic",
    "read_schemas_topic",
]
