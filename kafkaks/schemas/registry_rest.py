"""A running Schema Registry, asked over its REST API (``urllib``, no other dependency).

Used for ``decode_values="http://registry:8081"``: ``GET /schemas/ids/{id}`` for a writer's
schema, ``GET /subjects/{subject}/versions/latest`` for a reader's (when every version is
deleted, ``GET /subjects/{subject}/versions?deleted=true`` and the last of them), ``GET
/subjects/{subject}/versions/{version}`` for a reference. Answers are kept for the life of the
object; a user name and password in the URL (``http://user:secret@host:8081``) are sent as HTTP
basic authentication.
"""

from __future__ import annotations

import base64
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from .registry import Reference, RegisteredSchema, SchemaLookupError

__all__ = ["RestRegistry", "split_url"]

TIMEOUT = 30.0  # seconds for one request
CREDENTIALS = re.compile(r"^([^:/?#]*://)[^/?#]*@")  # the user:password@ of a URL


class RestRegistry:
    """The :class:`~kafkaks.schemas.registry.Registry` of a registry's REST API at ``url``."""

    def __init__(self, url: str) -> None:
        parts = split_url(url)
        port = parts.port
        self._auth = None
        if parts.username is not None:
            credentials = (
                f"{urllib.parse.unquote(parts.username)}:{urllib.parse.unquote(parts.password or '')}"
            )
            self._auth = "Basic " + base64.b64encode(credentials.encode()).decode()
            parts = parts._replace(netloc=(parts.hostname or "") + (f":{port}" if port else ""))
        self.url = urllib.parse.urlunsplit(parts).rstrip("/")
        self._cache: dict[str, Any] = {}

    def __getstate__(self) -> dict[str, Any]:
        return {"url": self.url, "_auth": self._auth, "_cache": {}}

    def _get(self, path: str) -> Any:
        if path in self._cache:
            return self._cache[path]
        request = urllib.request.Request(
            self.url + path, headers={"Accept": "application/vnd.schemaregistry.v1+json"}
        )
        if self._auth:
            request.add_header("Authorization", self._auth)
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                answer = json.loads(response.read())
        except urllib.error.HTTPError as error:
            if error.code == 404:
                answer = None
            else:
                raise SchemaLookupError(
                    f"the registry at {self.url} answered {error.code} to GET {path}"
                ) from error
        except (urllib.error.URLError, OSError, ValueError) as error:
            raise SchemaLookupError(
                f"the registry at {self.url} cannot be read (GET {path}): {error}"
            ) from error
        self._cache[path] = answer
        return answer

    def by_id(self, schema_id: int) -> RegisteredSchema:
        answer = self._get(f"/schemas/ids/{schema_id}")
        if answer is None:
            raise SchemaLookupError(f"no schema with id {schema_id} in the registry at {self.url}")
        return _schema(answer, schema_id)

    def version(self, subject: str, version: int) -> RegisteredSchema:
        answer = self._get(f"/subjects/{urllib.parse.quote(subject, safe='')}/versions/{version}")
        if answer is None:
            raise SchemaLookupError(
                f"no version {version} of subject {subject!r} in the registry at {self.url}"
            )
        return _schema(answer, int(answer["id"]))

    def latest(self, subject: str) -> RegisteredSchema | None:
        answer = self._get(f"/subjects/{urllib.parse.quote(subject, safe='')}/versions/latest")
        return None if answer is None else _schema(answer, int(answer["id"]))

    def newest(self, subject: str) -> RegisteredSchema | None:
        """The latest soft-deleted version (the registry's ``?deleted=true``); a hard-deleted
        one the registry no longer lists."""
        path = f"/subjects/{urllib.parse.quote(subject, safe='')}/versions"
        versions = self._get(f"{path}?deleted=true")
        if not isinstance(versions, list) or not all(isinstance(v, int) for v in versions) or not versions:
            return None
        answer = self._get(f"{path}/{max(versions)}?deleted=true")
        return None if answer is None else _schema(answer, int(answer["id"]))


def split_url(url: str) -> urllib.parse.SplitResult:
    """``url`` split into its parts, its port checked; :class:`SchemaLookupError` (with the URL,
    its password hidden) when it cannot be a registry's: a bracket left open, a port that is not a
    number from 0 to 65535."""
    try:
        parts = urllib.parse.urlsplit(url)
        _port = parts.port  # raises for a port that is not a number in range
    except ValueError as error:
        hidden = CREDENTIALS.sub(r"\1***@", url)
        raise SchemaLookupError(f"{hidden!r} is not a Schema Registry URL: {error}") from None
    return parts


def _schema(answer: Any, schema_id: int) -> RegisteredSchema:
    try:
        return RegisteredSchema(
            id=schema_id,
            schema=str(answer["schema"]),
            schema_type=str(answer.get("schemaType") or "AVRO").upper(),
            references=tuple(
                Reference(str(r["name"]), str(r["subject"]), int(r["version"]))
                for r in answer.get("references") or ()
            ),
            subject=answer.get("subject"),
            version=answer.get("version"),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SchemaLookupError(f"an answer of the registry that is not a schema: {error!r}") from error
