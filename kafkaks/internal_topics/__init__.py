"""Kafka's internal topics, decoded: ``__consumer_offsets``, ``__transaction_state``, the KRaft
``__cluster_metadata`` log (and its ``.checkpoint`` snapshots), ``__share_group_state`` and
``__remote_log_metadata``, as of Kafka 4.3.1.

The record schemas are specs (``formats/kafka_consumer_offsets_key.ksy``,
``kafka_offset_commit_value.ksy``, ``kafka_group_metadata_value.ksy``,
``kafka_group_coordinator_records.ksy``, ``kafka_share_coordinator_records.ksy``,
``kafka_transaction_log_key.ksy``, ``kafka_transaction_log_value.ksy``,
``kafka_metadata_record.ksy``, ``kafka_remote_log_metadata_record.ksy``), written from Kafka's
message JSON schemas. This package turns the parsed structures into plain dicts named as Kafka's
generated ``...JsonConverter`` classes name them (``{"group": ..., "topic": ..., "partition": ...}``),
and formats them as kafka-dump-log's decoders print them.

    >>> for record in kafkaks.read_partition("logs/__consumer_offsets-7"):
    ...     d = kafkaks.decoded(record)
    ...     print(d.key_json(), d.value_json())

Decoding never raises on bad data: an unknown record type or version, bytes left over after a
schema, or a missing key is a :attr:`DecodedRecord.problem` for the caller to report, as
kafka-dump-log prints ``Error at offset N, skipping. ...`` and goes on.

Modules: ``records`` (:class:`DecodedRecord`, which topics are internal), ``dispatch``
(:func:`decode_internal`, :func:`decoded`), one decoder a topic (``consumer_offsets``,
``transaction_state``, ``cluster_metadata``, ``share_group_state``, ``remote_log_metadata``),
``messages`` (the one walker that prints every record type of the tables derived from the specs,
``generated/message_tables.py``), the converters they share (``convert``), and ``kafka_json``
(Kafka's JSON text). kafka-dump-log's decoder texts are the CLI's (:mod:`kafkaks.cli.decoder_text`).
"""

from .dispatch import decode_internal, decoded
from .kafka_json import to_kafka_json
from .records import INTERNAL_TOPICS, DecodedRecord, InternalKind, internal_kind

__all__ = [
    "INTERNAL_TOPICS",
    "TRANSACTION_STATES",
    "DecodedRecord",
    "InternalKind",
    "decode_internal",
    "decoded",
    "internal_kind",
    "to_kafka_json",
]


def __getattr__(name: str) -> object:
    """``TRANSACTION_STATES``, from the transaction log's parser, loaded when first asked for."""
    if name == "TRANSACTION_STATES":
        from .transaction_state import TRANSACTION_STATES

        return TRANSACTION_STATES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
