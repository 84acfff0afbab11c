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
Arrow types), :mod:`~kafkaks.schemas.extras` (the optional libraries, from the ``schemas`` extra).
"""

from .decode import Decoder, Decoding, columns, decoder, decoding_of
from .extras import MissingExtraError
from .registry import RegisteredSchema, Registry, RegistryState, SchemaDecodeError, SchemaLookupError
from .registry_topic import find_schemas_topic, read_schemas_topic

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
