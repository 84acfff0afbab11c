"""Where the ``kafka-log`` source reads and writes: ``pyarrow.fs`` filesystems by URI.

A plain path is local; ``s3://``, ``gs://``, ``hdfs://`` (and Hadoop's ``s3a://``) are opened by
``pyarrow.fs``, with S3 options such as ``?endpoint_override=...`` in the URI's query string.
Directories are listed with :func:`kafkaks.store.listing.list_fs`, on every filesystem.
"""

from __future__ import annotations

import io
import os
import re
from fnmatch import fnmatchcase
from functools import lru_cache
from typing import Any

import pyarrow.fs as pafs

from ..errors import UnreadableFileError
from ..store.listing import Listing, list_fs

__all__ = [
    "NamedReader",
    "absolute",
    "display",
    "expand",
    "filesystem",
    "list_dir",
    "open_file",
    "read_bytes",
]

READ_BUFFER = 1 << 20  # one range request per MiB on object stores, not one per batch header


def absolute(uri: str) -> str:
    return uri if "://" in uri else os.path.abspath(uri)


@lru_cache(maxsize=32)
def filesystem(uri: str) -> tuple[pafs.FileSystem, str]:
    """The pyarrow filesystem of a URI (a plain path is local) and the path inside it."""
    if "://" not in uri:
        return pafs.LocalFileSystem(), os.path.abspath(uri)
    if uri.startswith(("s3a://", "s3n://")):  # Hadoop's names for S3, as Spark writers use them
        uri = "s3://" + uri.split("://", 1)[1]
    fs, path = pafs.FileSystem.from_uri(uri)
    return fs, str(path)


def display(fs_uri: str, path: str) -> str:
    """How messages name a file: the local path, or ``scheme://path`` on a remote filesystem."""
    scheme = fs_uri.split("://", 1)[0] if "://" in fs_uri else ""
    return f"{scheme}://{path}" if scheme and scheme != "file" else path


class NamedReader(io.BufferedReader):
    """A buffered pyarrow file that carries the name :func:`~kafkaks.store.segment.read_log` puts
    in batches and problems."""

    def __init__(self, raw: Any, name: str, buffer_size: int = READ_BUFFER) -> None:
        super().__init__(raw, buffer_size)
        self._display_name = name

    @property
    def name(self) -> str:
        return self._display_name


def open_file(fs_uri: str, path: str) -> NamedReader:
    fs, _ = filesystem(fs_uri)
    return NamedReader(fs.open_input_file(path), display(fs_uri, path))


def read_bytes(fs_uri: str, path: str) -> bytes:
    fs, _ = filesystem(fs_uri)
    with fs.open_input_file(path) as f:
        return bytes(f.read())


def list_dir(fs_uri: str, path: str) -> Listing:
    """A directory's entries, for :func:`~kafkaks.store.listing.classify`; one that cannot be
    listed raises :class:`UnreadableFileError`."""
    fs, _ = filesystem(fs_uri)
    try:
        return list_fs(fs, path)
    except OSError as exc:
        raise UnreadableFileError(f"cannot list the directory: {exc}", path=display(fs_uri, path)) from exc


def expand(uri: str) -> list[tuple[str, str]]:
    """(filesystem URI, path) for every match of a path that may hold glob characters."""
    base, sep, query = uri.partition("?")
    parts = base.split("/")
    first_glob = next((i for i, part in enumerate(parts) if re.search(r"[*?\[]", part)), None)
    if first_glob is None:
        fs_uri = base + sep + query
        return [(fs_uri, filesystem(fs_uri)[1])]
    fs_uri = "/".join(parts[:first_glob]) + sep + query
    if not fs_uri or fs_uri.startswith("?"):
        fs_uri = "." + fs_uri
    fs, root = filesystem(fs_uri)
    found = [root]
    for pattern in parts[first_glob:]:
        if not pattern:
            continue
        matches = []
        for directory in found:
            try:
                infos = fs.get_file_info(pafs.FileSelector(directory))
            except (FileNotFoundError, NotADirectoryError):
                continue
            matches += [info.path for info in infos if fnmatchcase(info.base_name, pattern)]
        found = sorted(matches)
    return [(fs_uri, path) for path in found]
