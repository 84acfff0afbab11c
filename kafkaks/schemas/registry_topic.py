"""The Schema Registry's own topic, ``_schemas``, read from a broker's log dirs: no registry running.

The registry (Confluent's ``kafka-schema-registry``) keeps everything in one compacted topic,
``_schemas`` by default (``kafkastore.topic``), and rebuilds its state by reading it from the start
(``KafkaStoreReaderThread``): each record's key and value are JSON, the key's ``keytype`` saying
what the record is (``SchemaRegistryKeyType.java``, ``SchemaRegistrySerializer.java``):

=============== ============================================ =======================================
keytype         key fields                                   value
=============== ============================================ =======================================
SCHEMA          ``subject``, ``version``, ``magic`` (1)      ``subject, version, id, schema,
                                                             schemaType`` (absent: AVRO),
                                                             ``references`` (``name, subject,
                                                             version``), ``deleted``; null: the
                                                             version is hard-deleted
DELETE_SUBJECT  ``subject``                                  ``subject, version``: every version up
                                                             to it is soft-deleted
CLEAR_SUBJECT   ``subject``                                  the subject's soft-deleted versions are
                                                             dropped (every subject's of a context,
                                                             for a context alone: ``:.ctx:``)
CONFIG          ``subject`` (absent: global)                 compatibility and other settings
MODE            ``subject`` (absent: global)                 ``mode``: READWRITE, READONLY, IMPORT
NOOP            (none)                                       a marker the registry writes to find
                                                             the end of the topic
CONTEXT, ASSOC  (contexts, associations)                     not needed to decode; skipped
=============== ============================================ =======================================

A later record for the same key replaces the earlier one (the topic is compacted), so the state is
that of the last record per key, applied in offset order, as the registry applies them. A record
that is not such JSON is skipped and listed in :attr:`RegistryState.skipped`, as the registry logs
and skips it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import NoKafkaDataError
from ..store.listing import PartitionDir, partition_copies, partition_listings
from ..store.partition import read_partition
from ..store.segment import ProblemHandler
from .registry import SCHEMA_TYPES, Reference, RegisteredSchema, RegistryState

__all__ = ["DEFAULT_TOPIC", "apply_record", "find_schemas_topic", "read_schemas_topic", "state_of"]

DEFAULT_TOPIC = "_schemas"
PathArg = str | os.PathLike[str]


def find_schemas_topic(paths: Sequence[PathArg], topic: str = DEFAULT_TOPIC) -> list[list[str]]:
    """The partition directories of ``topic`` in the paths being read, grouped by partition (each
    group the copies of one partition). A path that is a partition directory is looked for in its
    log dir too (its parent), where the registry's topic lives beside the data."""
    found = _partitions_of(paths, topic)
    if not found:
        parents = []
        for path in paths:
            if os.path.isfile(path):  # a segment: its partition directory's log dir
                path = os.path.dirname(os.path.abspath(os.fspath(path)))
            parent = os.path.dirname(os.path.abspath(os.fspath(path)))
            if os.path.isdir(parent) and PartitionDir.of(path) is not None:
                parents.append(parent)
        found = _partitions_of(parents, topic)
    return found


def _partitions_of(paths: Iterable[PathArg], topic: str) -> list[list[str]]:
    groups = []
    for path in dict.fromkeys(os.fspath(p) for p in paths):
        if os.path.isfile(path):
            continue
        try:
            listings = partition_listings([path])
        except NoKafkaDataError:
            continue
        for copies in partition_copies(listings):
            partition = PartitionDir.of(copies[0])
            if partition is not None and partition.topic == topic and not partition.status:
                groups.append(copies)
    return groups


def read_schemas_topic(
    partitions: Sequence[Sequence[PathArg]], *, on_problem: ProblemHandler | None = None
) -> RegistryState:
    """The registry's state from the partition directories of its topic (each a list of copies)."""
    records: list[tuple[bytes | None, bytes | None]] = []
    for copies in partitions:
        for record in read_partition(list(copies), on_problem=on_problem):
            if record.control is None:
                records.append((record.key, record.value))
    return state_of(records)


def state_of(records: Iterable[tuple[bytes | None, bytes | None]]) -> RegistryState:
    """The state the registry builds from these ``(key, value)`` records, in order."""
    state = RegistryState()
    for position, (key, value) in enumerate(records):
        problem = apply_record(state, key, value)
        if problem is not None:
            state.skipped.append(f"record {position}: {problem}")
    return state


def apply_record(state: RegistryState, key: bytes | None, value: bytes | None) -> str | None:
    """Applies one ``_schemas`` record to ``state``; returns why it was skipped, or None."""
    try:
        key_obj = json.loads(key) if key is not None else None
        value_obj = json.loads(value) if value is not None else None
    except (ValueError, UnicodeDecodeError) as error:
        return f"not JSON: {error}"
    if not isinstance(key_obj, dict) or not isinstance(key_obj.get("keytype"), str):
        return "a key without a keytype"
    if value_obj is not None and not isinstance(value_obj, dict):
        return "a value that is not a JSON object"
    keytype, subject = key_obj["keytype"], key_obj.get("subject")
    try:
        if keytype == "SCHEMA":
            return _schema(state, key_obj, value_obj)
        if keytype in ("NOOP", "CONTEXT", "ASSOC"):
            return None
        if value_obj is None:  # the registry ignores tombstones of keys other than SCHEMA
            return None
        if keytype == "DELETE_SUBJECT":
            upto = int(value_obj["version"])
            versions = state.versions.get(str(value_obj.get("subject", subject)), {})
            for version, schema in versions.items():
                if version <= upto:
                    versions[version] = _replace_deleted(schema, True)
        elif keytype == "CLEAR_SUBJECT":
            _clear(state, str(value_obj.get("subject", subject)))
        elif keytype == "CONFIG":
            state.configs[subject] = value_obj
        elif keytype == "MODE":
            state.modes[subject] = str(value_obj.get("mode"))
        else:
            return f"unknown keytype {keytype!r}"
    except (KeyError, TypeError, ValueError) as error:
        return f"a {keytype} record without the fields it needs ({error!r})"
    return None


def _schema(state: RegistryState, key: dict[str, Any], value: dict[str, Any] | None) -> str | None:
    subject, version = str(key["subject"]), int(key["version"])
    if value is None:  # a hard delete: the version leaves its subject (its id stays known)
        state.versions.get(subject, {}).pop(version, None)
        return None
    schema_type = str(value.get("schemaType") or "AVRO").upper()
    if schema_type not in SCHEMA_TYPES:
        return f"schema id {value.get('id')} has the unknown schemaType {schema_type!r}"
    schema = RegisteredSchema(
        id=int(value["id"]),
        schema=str(value["schema"]),
        schema_type=schema_type,
        references=tuple(
            Reference(str(ref["name"]), str(ref["subject"]), int(ref["version"]))
            for ref in value.get("references") or ()
        ),
        subject=str(value.get("subject", subject)),
        version=int(value.get("version", version)),
        deleted=bool(value.get("deleted", False)),
    )
    state.versions.setdefault(subject, {})[version] = schema
    state.ids[schema.id] = _replace_deleted(schema, False)
    return None


def _clear(state: RegistryState, subject: str) -> None:
    """CLEAR_SUBJECT: what ``InMemoryCache.clearSubjects`` removes, the soft-deleted versions of
    the subject, or of every subject of a context named alone (``:.ctx:``)."""
    context = (
        subject if subject.startswith(":.") and subject.endswith(":") and subject.count(":") == 2 else None
    )
    for name, versions in state.versions.items():
        if name == subject or (context is not None and name.startswith(context)):
            for version in [v for v, schema in versions.items() if schema.deleted]:
                del versions[version]


def _replace_deleted(schema: RegisteredSchema, deleted: bool) -> RegisteredSchema:
    return RegisteredSchema(
        schema.id,
        schema.schema,
        schema.schema_type,
        schema.references,
        schema.subject,
        schema.version,
        deleted,
    )
