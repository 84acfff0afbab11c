"""A small Iceberg REST catalog for tests: the routes of the REST catalog OpenAPI spec that
pyiceberg's ``RestCatalog`` calls when ``kafkaks pipeline --format iceberg --catalog-uri http://...``
appends to a table, served on 127.0.0.1 by the standard library's HTTP server.

No REST catalog server installs here (the reference servers are Java, or Docker images), so this
one translates the spec's JSON to calls on pyiceberg's own SQL catalog (SQLite), which does the
catalog's work: it checks a commit's requirements against the table as it is, applies the updates
and writes the new metadata file. What it serves, by the spec (version-pinned:
https://github.com/apache/iceberg/blob/apache-iceberg-1.9.0/open-api/rest-catalog-open-api.yaml):

- ``GET /v1/config``: no defaults or overrides, and the ``endpoints`` below, so a client calls
  only these;
- namespaces: list (``GET /v1/namespaces``), create (``POST``; 409 ``AlreadyExistsException``
  when it exists), load and exists (``GET``/``HEAD /v1/namespaces/{namespace}``; 404
  ``NoSuchNamespaceException``);
- tables: list, create (``POST /v1/namespaces/{namespace}/tables``; with ``stage-create`` the
  metadata is returned and nothing is created: the table comes into being with the commit that
  asserts ``assert-create``, as ``create_table_transaction`` does), load and exists (``GET``/
  ``HEAD .../tables/{table}``; 404 ``NoSuchTableException``), and commit (``POST
  .../tables/{table}`` with ``requirements`` and ``updates``; 409 ``CommitFailedException`` when a
  requirement fails, as when another writer committed first).

A multi-level namespace travels in a path joined by the unit separator (0x1F), the spec's
default. Errors carry the spec's ``ErrorModel``: ``{"error": {"message", "type", "code"}}``.
:attr:`RestCatalogServer.requests` records each request's method and path, so a test can tell
that the catalog was used.
"""

from __future__ import annotations

import json
import threading
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter
from pyiceberg.catalog.sql import SqlCatalog
from pyiceberg.exceptions import (
    CommitFailedException,
    NamespaceAlreadyExistsError,
    NoSuchNamespaceError,
    NoSuchTableError,
    TableAlreadyExistsError,
)
from pyiceberg.partitioning import UNPARTITIONED_PARTITION_SPEC, PartitionSpec
from pyiceberg.schema import Schema
from pyiceberg.table.sorting import UNSORTED_SORT_ORDER, SortOrder
from pyiceberg.table.update import TableRequirement, TableUpdate

__all__ = ["Request", "RestCatalogServer", "serve"]

SEPARATOR = "\x1f"  # the spec's default namespace separator in paths
PREFIX = "/v1/"
ENDPOINTS = [
    "GET /v1/{prefix}/namespaces",
    "POST /v1/{prefix}/namespaces",
    "GET /v1/{prefix}/namespaces/{namespace}",
    "HEAD /v1/{prefix}/namespaces/{namespace}",
    "GET /v1/{prefix}/namespaces/{namespace}/tables",
    "POST /v1/{prefix}/namespaces/{namespace}/tables",
    "GET /v1/{prefix}/namespaces/{namespace}/tables/{table}",
    "HEAD /v1/{prefix}/namespaces/{namespace}/tables/{table}",
    "POST /v1/{prefix}/namespaces/{namespace}/tables/{table}",
]
ERRORS: dict[type[Exception], tuple[HTTPStatus, str]] = {
    NoSuchTableError: (HTTPStatus.NOT_FOUND, "NoSuchTableException"),
    NoSuchNamespaceError: (HTTPStatus.NOT_FOUND, "NoSuchNamespaceException"),
    NamespaceAlreadyExistsError: (HTTPStatus.CONFLICT, "AlreadyExistsException"),
    TableAlreadyExistsError: (HTTPStatus.CONFLICT, "AlreadyExistsException"),
    CommitFailedException: (HTTPStatus.CONFLICT, "CommitFailedException"),
}
REQUIREMENT: TypeAdapter[Any] = TypeAdapter(TableRequirement)
UPDATE: TypeAdapter[Any] = TypeAdapter(TableUpdate)


class SpecError(Exception):
    """A request the spec answers with an error of its own (no pyiceberg exception for it)."""

    def __init__(self, status: HTTPStatus, kind: str, message: str) -> None:
        super().__init__(message)
        self.status, self.kind = status, kind


@dataclass(frozen=True)
class Request:
    """What the server saw of a request, and answered."""

    method: str
    path: str
    query: str
    authorization: str | None
    status: int


@dataclass
class RestCatalogServer:
    """The server and the SQL catalog behind it; ``uri`` is what a client is given."""

    catalog: SqlCatalog
    httpd: ThreadingHTTPServer
    requests: list[Request] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def uri(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}/"

    def posts(self) -> list[tuple[str, int]]:
        """The path and status of each POST request so far (namespaces, creates and commits)."""
        return [(r.path, r.status) for r in self.requests if r.method == "POST"]


class _Named:
    """What ``SqlCatalog.commit_table`` needs of its ``table`` argument: the identifier (the
    table may not exist yet: a staged create is committed this way)."""

    def __init__(self, identifier: tuple[str, ...]) -> None:
        self.identifier = identifier

    def name(self) -> tuple[str, ...]:
        return self.identifier


def _namespace(segment: str) -> tuple[str, ...]:
    return tuple(urllib.parse.unquote(segment).split(SEPARATOR))


def _table_result(metadata: Any, metadata_location: str | None) -> dict[str, Any]:
    """The spec's LoadTableResult (``metadata-location`` absent for a staged create)."""
    result: dict[str, Any] = {"metadata": json.loads(metadata.model_dump_json()), "config": {}}
    if metadata_location is not None:
        result["metadata-location"] = metadata_location
    return result


def _handle(server: RestCatalogServer, method: str, path: str, body: Any) -> tuple[HTTPStatus, Any]:
    """The status and JSON body (None: none) answering one request."""
    catalog = server.catalog
    parts = [p for p in path.removeprefix(PREFIX).split("/") if p]
    if method == "GET" and parts == ["config"]:
        return HTTPStatus.OK, {"defaults": {}, "overrides": {}, "endpoints": ENDPOINTS}
    if not parts or parts[0] != "namespaces":
        raise SpecError(HTTPStatus.NOT_FOUND, "NotFoundException", f"no route {method} {path}")
    if len(parts) == 1:
        if method == "GET":
            return HTTPStatus.OK, {"namespaces": [list(n) for n in catalog.list_namespaces()]}
        if method == "POST":
            namespace = tuple(body["namespace"])
            catalog.create_namespace(namespace, body.get("properties") or {})
            return HTTPStatus.OK, {"namespace": list(namespace), "properties": body.get("properties") or {}}
    namespace = _namespace(parts[1])
    if len(parts) == 2 and method in ("GET", "HEAD"):
        properties = catalog.load_namespace_properties(namespace)
        if method == "HEAD":
            return HTTPStatus.NO_CONTENT, None
        return HTTPStatus.OK, {"namespace": list(namespace), "properties": properties}
    if len(parts) == 3 and parts[2] == "tables":
        if method == "GET":
            names = catalog.list_tables(namespace)
            return HTTPStatus.OK, {"identifiers": [{"namespace": list(n[:-1]), "name": n[-1]} for n in names]}
        if method == "POST":
            return HTTPStatus.OK, _create(catalog, namespace, body)
    if len(parts) == 4 and parts[2] == "tables":
        identifier = (*namespace, urllib.parse.unquote(parts[3]))
        if method in ("GET", "HEAD"):
            table = catalog.load_table(identifier)
            if method == "HEAD":
                return HTTPStatus.NO_CONTENT, None
            return HTTPStatus.OK, _table_result(table.metadata, table.metadata_location)
        if method == "POST":
            requirements = tuple(REQUIREMENT.validate_python(r) for r in body.get("requirements", []))
            updates = tuple(UPDATE.validate_python(u) for u in body.get("updates", []))
            response = catalog.commit_table(_Named(identifier), requirements, updates)  # type: ignore[arg-type]
            return HTTPStatus.OK, _table_result(response.metadata, response.metadata_location)
    raise SpecError(HTTPStatus.NOT_FOUND, "NotFoundException", f"no route {method} {path}")


def _create(catalog: SqlCatalog, namespace: tuple[str, ...], body: Any) -> dict[str, Any]:
    """CreateTableRequest: a staged create returns the new table's metadata and creates nothing."""
    identifier = (*namespace, body["name"])
    if not catalog.namespace_exists(namespace):
        raise NoSuchNamespaceError(f"namespace {'.'.join(namespace)} does not exist")
    arguments: dict[str, Any] = {
        "schema": Schema.model_validate(body["schema"]),
        "location": body.get("location"),
        "partition_spec": PartitionSpec.model_validate(body["partition-spec"])
        if body.get("partition-spec")
        else UNPARTITIONED_PARTITION_SPEC,
        "sort_order": SortOrder.model_validate(body["write-order"])
        if body.get("write-order")
        else UNSORTED_SORT_ORDER,
        "properties": body.get("properties") or {},
    }
    if body.get("stage-create"):
        if catalog.table_exists(identifier):
            raise TableAlreadyExistsError(f"table {'.'.join(identifier)} already exists")
        staged = catalog._create_staged_table(identifier, **arguments)  # the catalog's own staging
        return _table_result(staged.metadata, None)
    table = catalog.create_table(identifier, **arguments)
    return _table_result(table.metadata, table.metadata_location)


def _handler(server: RestCatalogServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _answer(self, method: str) -> None:
            url = urllib.parse.urlsplit(self.path)
            path = url.path
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                with server.lock:  # one request at a time on the catalog, as a server's transaction would
                    status, answer = _handle(server, method, path, json.loads(raw) if raw else None)
            except SpecError as error:
                status, answer = error.status, _error(error.status, error.kind, str(error))
            except tuple(ERRORS) as error:
                status, kind = next(v for k, v in ERRORS.items() if isinstance(error, k))
                answer = _error(status, kind, str(error))
            server.requests.append(
                Request(method, path, url.query, self.headers.get("Authorization"), status)
            )
            data = b"" if answer is None or method == "HEAD" else json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            self._answer("GET")

        def do_HEAD(self) -> None:
            self._answer("HEAD")

        def do_POST(self) -> None:
            self._answer("POST")

        def log_message(self, format: str, *args: Any) -> None:
            del format, args  # the test's output stays the test's

    return Handler


def _error(status: HTTPStatus, kind: str, message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "code": int(status)}}


def serve(folder: Path) -> Iterator[RestCatalogServer]:
    """A server on a free port of 127.0.0.1, its SQLite catalog and default warehouse in
    ``folder``, until the generator is closed (a pytest fixture's body)."""
    folder.mkdir(parents=True, exist_ok=True)
    catalog = SqlCatalog(
        "rest", uri=f"sqlite:///{folder}/rest-catalog.db", warehouse=f"file://{folder}/warehouse"
    )
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    server = RestCatalogServer(catalog, httpd)
    httpd.RequestHandlerClass = _handler(server)
    thread = threading.Thread(target=httpd.serve_forever, name="iceberg-rest", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()
