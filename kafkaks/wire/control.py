"""Control records (transaction markers, KRaft records), decoded with the generated parsers.

The key and value schemas live in ``formats/kafka_control_record.ksy``; this module only turns the
parsed structures into plain dicts named like Kafka's JSON converters, which is what
``kafka-dump-log`` prints (``SnapshotHeader {"version":0,"lastContainedLogTimestamp":...}``).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

from kaitaistruct import BytesIO, KaitaiStream, KaitaiStructError

from ..errors import CorruptDataError
from ..generated import layout
from ..generated.kafka_control_record import KafkaControlRecord as Ksy
from ..models import ControlRecord

__all__ = ["decode_control", "kafka_uuid"]

# ControlRecordType names (ABORT, COMMIT, LEADER_CHANGE, ...), from the spec's enum.
TYPE_NAMES = {t.value: t.name.upper() for t in Ksy.ControlType}


def kafka_uuid(raw: bytes) -> str:
    """Kafka's Uuid.toString(): URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _end_txn_marker(v: Any) -> dict[str, Any]:
    return {"version": v.version, "coordinatorEpoch": v.coordinator_epoch}


def _leader_change(v: Any) -> dict[str, Any]:
    return {
        "version": v.version,
        "leaderId": v.leader_id,
        "voters": [{"voterId": voter.voter_id} for voter in v.voters],
        "grantingVoters": [{"voterId": voter.voter_id} for voter in v.granting_voters],
    }


def _snapshot_header(v: Any) -> dict[str, Any]:
    return {"version": v.version, "lastContainedLogTimestamp": v.last_contained_log_timestamp}


def _snapshot_footer(v: Any) -> dict[str, Any]:
    return {"version": v.version}


def _kraft_version(v: Any) -> dict[str, Any]:
    return {"version": v.version, "kRaftVersion": v.kraft_version}


def _voters(v: Any) -> dict[str, Any]:
    return {
        "version": v.version,
        "voters": [
            {
                "voterId": voter.voter_id,
                "voterDirectoryId": kafka_uuid(voter.voter_directory_id),
                "endpoints": [
                    {"name": e.name.value, "host": e.host.value, "port": e.port} for e in voter.endpoints
                ],
                "kRaftVersionFeature": {
                    "minSupportedVersion": voter.kraft_version_feature.min_supported_version,
                    "maxSupportedVersion": voter.kraft_version_feature.max_supported_version,
                },
            }
            for voter in v.voters
        ],
    }


# The parser and converter of each control type's value, by the spec's ControlRecordType enum.
VALUES: dict[int, tuple[Callable[[KaitaiStream], Any], Callable[[Any], dict[str, Any]]]] = {
    Ksy.ControlType.abort: (Ksy.EndTxnMarker, _end_txn_marker),
    Ksy.ControlType.commit: (Ksy.EndTxnMarker, _end_txn_marker),
    Ksy.ControlType.leader_change: (Ksy.LeaderChangeMessage, _leader_change),
    Ksy.ControlType.snapshot_header: (Ksy.SnapshotHeaderRecord, _snapshot_header),
    Ksy.ControlType.snapshot_footer: (Ksy.SnapshotFooterRecord, _snapshot_footer),
    Ksy.ControlType.kraft_version: (Ksy.KraftVersionRecord, _kraft_version),
    Ksy.ControlType.kraft_voters: (Ksy.VotersRecord, _voters),
}


def decode_control(key: bytes | None, value: bytes | None) -> ControlRecord:
    """Decode a control record's key and value, as Kafka's ControlRecordType and message classes do."""
    if key is None or len(key) < layout.ControlKey.SIZE:
        size = -1 if key is None else len(key)
        raise CorruptDataError(
            "Invalid value size found for end control record key. "
            f"Must have at least {layout.ControlKey.SIZE} bytes, but found only {size}"
        )
    parsed_key = Ksy.ControlKey(KaitaiStream(BytesIO(key)))
    if parsed_key.version < 0:
        raise CorruptDataError(f"Invalid version found for control record: {parsed_key.version}")
    type_id = int(parsed_key.type)
    name = TYPE_NAMES.get(type_id, "UNKNOWN")
    decoded = None
    if value is not None and type_id in VALUES:
        parser, to_dict = VALUES[type_id]
        try:
            decoded = to_dict(parser(KaitaiStream(BytesIO(value))))
        except (KaitaiStructError, EOFError, ValueError, UnicodeDecodeError) as exc:
            raise CorruptDataError(f"Invalid {name} control record value: {exc}") from exc
    return ControlRecord(type=name, type_id=type_id, version=parsed_key.version, value=decoded)
