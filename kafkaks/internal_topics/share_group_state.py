"""``__share_group_state``: the share coordinator's state of each share-partition (KIP-932),
decoded with the spec ``kafka_share_coordinator_records`` and the table derived from it."""

from __future__ import annotations

from ..generated.kafka_share_coordinator_records import KafkaShareCoordinatorRecords
from .convert import PARSE_ERRORS, parse, unknown_record_type
from .messages import COORDINATOR_RECORDS, coordinator_record
from .records import DecodedRecord

__all__ = ["SHARE_RECORD_TYPES", "decode_share_group_state"]

_TABLE = "kafka_share_coordinator_records"
# record type -> name (ShareSnapshot, ShareUpdate), from the spec.
SHARE_RECORD_TYPES = {t: entry[0] for t, entry in COORDINATOR_RECORDS[_TABLE].items()}


def decode_share_group_state(key: bytes | None, value: bytes | None) -> DecodedRecord:
    """A ``__share_group_state`` record: the key's record type chooses the schemas."""
    if key is None:
        return DecodedRecord("share_group_state", None, None, None, None, None, value is None, "missing key")
    try:
        k = parse(KafkaShareCoordinatorRecords, key)
    except PARSE_ERRORS as exc:
        return DecodedRecord("share_group_state", None, None, None, None, None, value is None, f"key: {exc}")
    record_type = int(k.record_type)
    if isinstance(k.key, bytes) or record_type not in COORDINATOR_RECORDS[_TABLE]:
        return DecodedRecord(
            "share_group_state",
            record_type,
            None,
            None,
            None,
            None,
            value is None,
            unknown_record_type(record_type),
        )
    return coordinator_record("share_group_state", _TABLE, record_type, k.key, value)
