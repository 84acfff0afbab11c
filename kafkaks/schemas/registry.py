"""What a schema registry holds, whichever way it was read: schemas by id, subjects' versions.

:class:`Registry` is the one interface the decoders use; :mod:`~kafkaks.schemas.registry_topic`
fills a :class:`RegistryState` from the registry's own ``_schemas`` topic, and
:mod:`~kafkaks.schemas.registry_rest` asks a running registry over its REST API.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Protocol

from ..errors import KafkaksError

__all__ = [
    "SCHEMA_TYPES",
    "Reference",
    "RegisteredSchema",
    "Registry",
    "RegistryState",
    "SchemaDecodeError",
    "SchemaLookupError",
    "referenced",
]

# The registry's schemaType values; a schema registered without one is Avro (SchemaValue.java).
SCHEMA_TYPES = ("AVRO", "JSON", "PROTOBUF")


class SchemaLookupError(KafkaksError):
    """A schema, subject or version the registry does not hold, or a registry that cannot be read."""


class SchemaDecodeError(KafkaksError):
    """A key or value that does not decode with its schema (``FAILFAST``); the message names the
    topic, partition, offset and why."""


@dataclass(frozen=True, slots=True)
class Reference:
    """A schema reference: the ``name`` the referring schema imports (an Avro full name, a
    ``.proto`` file name, a JSON Schema ``$ref``), found as ``version`` of ``subject``."""

    name: str
    subject: str
    version: int


@dataclass(frozen=True, slots=True)
class RegisteredSchema:
    """One version of a subject, or a schema found by id alone (``subject`` None)."""

    id: int
    schema: str
    schema_type: str = "AVRO"
    references: tuple[Reference, ...] = ()
    subject: str | None = None
    version: int | None = None
    deleted: bool = False


class Registry(Protocol):
    """Where schemas are looked up: by id (the writer's schema) and by subject (the reader's)."""

    def by_id(self, schema_id: int) -> RegisteredSchema:
        """The schema registered under ``schema_id``; :class:`SchemaLookupError` if none."""
        ...

    def version(self, subject: str, version: int) -> RegisteredSchema:
        """``version`` of ``subject`` (a reference's target); :class:`SchemaLookupError` if none."""
        ...

    def latest(self, subject: str) -> RegisteredSchema | None:
        """The subject's latest version that is not deleted, or None."""
        ...

    def newest(self, subject: str) -> RegisteredSchema | None:
        """The subject's latest version, deleted or not, or None: the column's schema of a
        subject whose every version is deleted (its values' schemas are still known by id)."""
        ...


def referenced(
    schema: RegisteredSchema, registry: Registry | None
) -> Iterator[tuple[Reference, RegisteredSchema]]:
    """Every schema ``schema`` references, directly or not, with the reference naming it: each
    version of a subject once, the schemas a schema references before it (what Avro's named types
    need). Without a ``registry``, a reference raises :class:`SchemaLookupError`."""
    seen: set[tuple[str, int]] = set()

    def walk(current: RegisteredSchema) -> Iterator[tuple[Reference, RegisteredSchema]]:
        for ref in current.references:
            if (ref.subject, ref.version) in seen:
                continue
            seen.add((ref.subject, ref.version))
            if registry is None:
                raise SchemaLookupError(
                    f"schema id {current.id} references {ref.name}, and no registry is given"
                )
            target = registry.version(ref.subject, ref.version)
            yield from walk(target)
            yield ref, target

    return walk(schema)


@dataclass
class RegistryState:
    """A registry's contents as its ``_schemas`` topic builds them, record by record.

    ``versions`` maps each subject to its versions, soft-deleted ones included (``deleted`` set);
    a hard delete (a tombstone for the version's key) removes the version from the subject, but
    the schema stays findable by id: a record already written with it still decodes, which is
    what a reader of a dead cluster's data wants (the registry itself would refuse the id).
    """

    versions: dict[str, dict[int, RegisteredSchema]] = field(default_factory=dict)
    ids: dict[int, RegisteredSchema] = field(default_factory=dict)
    configs: dict[str | None, dict[str, object]] = field(default_factory=dict)
    modes: dict[str | None, str] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)  # records not understood, with why

    def by_id(self, schema_id: int) -> RegisteredSchema:
        try:
            return self.ids[schema_id]
        except KeyError:
            raise SchemaLookupError(f"no schema with id {schema_id} in the registry") from None

    def version(self, subject: str, version: int) -> RegisteredSchema:
        found = self.versions.get(subject, {}).get(version)
        if found is None:
            # A reference may name a version hard-deleted since: its text is still known by id.
            for schema in self.ids.values():
                if schema.subject == subject and schema.version == version:
                    return schema
            raise SchemaLookupError(f"no version {version} of subject {subject!r} in the registry")
        return found

    def latest(self, subject: str) -> RegisteredSchema | None:
        live = [s for s in self.versions.get(subject, {}).values() if not s.deleted]
        return max(live, key=lambda s: s.version or 0) if live else None

    def newest(self, subject: str) -> RegisteredSchema | None:
        known = [*self.versions.get(subject, {}).values()]
        known += [s for s in self.ids.values() if s.subject == subject]  # hard-deleted ones too
        return max(known, key=lambda s: s.version or 0) if known else None

    @property
    def subjects(self) -> list[str]:
        """The subjects with a version that is not deleted, sorted."""
        return sorted(s for s in self.versions if self.latest(s) is not None)
