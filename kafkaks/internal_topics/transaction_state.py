"""``__transaction_state``: the state of each transactional id, decoded with the specs
``kafka_transaction_log_key`` and ``kafka_transaction_log_value``. Kafka 4.3 reads these records as
it reads the other coordinators' (``TransactionCoordinatorRecordSerde``): the key's int16 is a
record type (0, the only one), the value's an int16 version, and ``transactionStatus`` is an
int8 like any other (one outside the known states is no error)."""

from __future__ import annotations

from typing import Any

from ..generated.kafka_transaction_log_key import KafkaTransactionLogKey
from ..generated.kafka_transaction_log_value import KafkaTransactionLogValue
from ..generated.message_tables import VALUE_RECORDS
from .convert import (
    decode_versioned,
    kafka_string,
    leftover,
    pascal_case,
)
from .messages import message_json
from .records import DecodedRecord, read_key

__all__ = ["TRANSACTION_STATES", "decode_transaction_log"]

# TransactionState ids as Kafka names them (Empty, Ongoing, PrepareCommit, ...), from the spec's enum.
TRANSACTION_STATES = {s.value: pascal_case(s.name) for s in KafkaTransactionLogValue.TransactionState}


# TransactionLogValue's fields, its tags of KIP-890 (transaction protocol v2) among them, in the
# order Kafka's JSON converter prints them: from the spec, through generated/message_tables.py.
_NAME, _HIGHEST, _FIELDS = VALUE_RECORDS["kafka_transaction_log_value"]


def _transaction_log_value(d: Any, version: int) -> dict[str, Any]:
    return message_json(d, _FIELDS, version)


def _key_version(key: Any) -> int:
    return int(key.version)  # the key's int16, read as its record type (the spec's version)


def decode_transaction_log(key: bytes | None, value: bytes | None) -> DecodedRecord:
    """A ``__transaction_state`` record: a transactional id and its state."""
    opened = read_key("transaction_log", KafkaTransactionLogKey, key, value, record_type=_key_version)
    if isinstance(opened, DecodedRecord):
        return opened
    k, _ = opened
    problems = []
    key_dict = {"transactionalId": kafka_string(k.key.transactional_id)}
    if (extra := leftover(k.key)) > 0:
        problems.append(f"key: {extra} bytes left over after TransactionLogKey")
    if value is None:
        return DecodedRecord(
            "transaction_log", k.version, key_dict, None, None, None, True, "; ".join(problems) or None
        )
    fields, version, problem = decode_versioned(
        value, KafkaTransactionLogValue, "TransactionLogValue", k.version, _transaction_log_value
    )
    if problem:
        problems.append(problem)
    return DecodedRecord(
        "transaction_log",
        k.version,
        key_dict,
        "TransactionLogValue",
        version,
        fields,
        False,
        "; ".join(problems) or None,
    )
