"""``__remote_log_metadata``: tiered storage's remote segment metadata (KIP-405), decoded with
the spec ``kafka_remote_log_metadata_record`` and the table derived from it."""

from __future__ import annotations

from ..generated.kafka_remote_log_metadata_record import KafkaRemoteLogMetadataRecord
from .convert import PARSE_ERRORS, leftover, read_framed
from .messages import FRAMED_RECORDS, message_json
from .records import DecodedRecord

__all__ = ["REMOTE_LOG_METADATA_RECORDS", "decode_remote_log_metadata"]

# api key -> (message name, highest version, fields), from the spec.
REMOTE_LOG_METADATA_RECORDS = FRAMED_RECORDS["kafka_remote_log_metadata_record"]


def decode_remote_log_metadata(value: bytes | None) -> DecodedRecord:
    """A ``__remote_log_metadata`` record's value (these records have no key)."""

    def fail(problem: str, name: str | None = None, version: int | None = None) -> DecodedRecord:
        return DecodedRecord("remote_log_metadata", None, None, name, version, None, value is None, problem)

    framed = read_framed(
        KafkaRemoteLogMetadataRecord, value, REMOTE_LOG_METADATA_RECORDS, "a remote log metadata record"
    )
    if isinstance(framed, str):
        return fail(framed)
    r, api_key, version = framed
    name, highest, fields = REMOTE_LOG_METADATA_RECORDS[api_key]
    if isinstance(r.data, bytes):
        return fail(f"unknown version {version} of {name} (Kafka 4.3 reads 0 to {highest})", name, version)
    try:
        data = message_json(r.data, fields, version)
    except PARSE_ERRORS as exc:
        return fail(f"could not read {name} version {version}: {exc}", name, version)
    extra = leftover(r.data)
    problem = f"{extra} bytes left over after {name} version {version}" if extra else None
    return DecodedRecord("remote_log_metadata", None, None, name, version, data, False, problem)
