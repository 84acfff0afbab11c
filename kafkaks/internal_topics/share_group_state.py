"""``__share_group_state``: the share coordinator's state of each share-partition (KIP-932),
decoded with the spec ``kafka_share_coordinator_records`` and the table derived from it."""

from __future__ import annotations

from ..generated.kafka_share_coordinator_records import KafkaShareCoordinatorRecords
from .messages import COORDINATOR_RECORDS, coordinator_record
from .records import DecodedRecord, read_key

__all__ = ["SHARE_RECORD_TYPES", "decode_share_group_state"]

_TABLE = "kafka_share_coordinator_records"
# record type -> name (ShareSnapshot, ShareUpdate), from the spec.
SHARE_RECORD_TYPES = {t: entry[0] for t, entry in COORDINATOR_RECORDS[_TABLE].items()}


def decode_share_group_state(key: bytes | None, value: bytes | None) -> DecodedRecord:
    """A ``__share_group_state`` record: the key's record type chooses the schemas."""
    opened = read_key(
        "share_group_state", KafkaShareCoordinatorRecords, key, value, known=COORDINATOR_RECORDS[_TABLE]
    )
    if isinstance(opened, DecodedRecord):
        return opened
    k, record_type = opened
    return coordinator_record("share_group_state", _TABLE, record_type, k.key, value)
