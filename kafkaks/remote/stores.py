"""Where remote segments are kept: a folder on the local disk, or a bucket that ``pyarrow.fs``
reaches (``s3://``, ``gs://``, ``abfs://``, ``hdfs://``): :func:`open_store`.

A :class:`Store` lists its objects (keys relative to its root, with their sizes) and opens one as
a :class:`Blob` for ranged reads: a reader of a remote segment fetches the chunks it needs, never
the whole object. Everything is opened read-only. A local folder is read with ``os`` calls (no
pyarrow import, and a ranged read is one ``pread``); a URI goes to
``pyarrow.fs.FileSystem.from_uri``, which takes the settings of an S3-compatible store in the URI
(``s3://key:secret@bucket/prefix?endpoint_override=host:port&scheme=http``).
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol

from ..errors import NoKafkaDataError, UnreadableFileError

if TYPE_CHECKING:
    import pyarrow.fs as pafs

__all__ = ["Blob", "FsStore", "LocalStore", "Store", "open_store"]


class Blob(Protocol):
    """One object, opened: its ``size`` and ranged reads."""

    name: str
    size: int

    def read_at(self, position: int, length: int) -> bytes: ...

    def close(self) -> None: ...


class Store(Protocol):
    """A folder or a bucket prefix holding remote segments."""

    name: str

    def list(self) -> Iterator[tuple[str, int]]:
        """Every object under the root, recursively, as (key relative to the root, size)."""
        ...

    def open(self, key: str) -> Blob: ...

    def location(self, key: str) -> str:
        """The object's full name, for messages."""
        ...


def open_store(where: str | os.PathLike[str]) -> Store:
    """A :class:`Store` of a local folder (a path or ``file://`` URI) or of any URI ``pyarrow.fs``
    knows. Raises :class:`~kafkaks.errors.NoKafkaDataError` for a local folder that is not there."""
    text = os.fspath(where)
    if "://" in text and not text.startswith("file://"):
        import pyarrow.fs as pafs

        try:
            fs, root = pafs.FileSystem.from_uri(text)
        except (OSError, ValueError) as exc:
            raise UnreadableFileError(f"cannot open the store: {exc}", path=_without_secret(text)) from exc
        return FsStore(fs, root.rstrip("/"), _without_secret(text), text)
    path = text.removeprefix("file://")
    if not os.path.isdir(path):
        raise NoKafkaDataError("no such folder (a remote store is a folder or a URI)", path=path)
    return LocalStore(path)


def _without_secret(uri: str) -> str:
    """The URI without credentials and query, to name it in messages."""
    scheme, _, rest = uri.partition("://")
    rest = rest.split("?", 1)[0]
    if "@" in rest.split("/", 1)[0]:
        rest = rest.split("@", 1)[1]
    return f"{scheme}://{rest}"


class _LocalBlob:
    __slots__ = ("_fd", "name", "size")

    def __init__(self, path: str) -> None:
        self.name = path
        try:
            self._fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        except FileNotFoundError as exc:
            raise NoKafkaDataError(exc.strerror or str(exc), path=path) from None
        except OSError as exc:
            raise UnreadableFileError(exc.strerror or str(exc), path=path) from exc
        self.size = os.fstat(self._fd).st_size

    def read_at(self, position: int, length: int) -> bytes:
        return os.pread(self._fd, length, position)

    def fileno(self) -> int:
        return self._fd

    def close(self) -> None:
        os.close(self._fd)


class LocalStore:
    """A folder on the local disk."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = os.fspath(root)
        self.name = self.root

    def list(self) -> Iterator[tuple[str, int]]:
        for folder, dirs, files in os.walk(self.root):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(folder, name)
                try:
                    size = os.stat(path).st_size
                except OSError:  # gone since listed: whoever opens it reports it
                    size = -1
                yield os.path.relpath(path, self.root).replace(os.sep, "/"), size

    def open(self, key: str) -> Blob:
        return _LocalBlob(self.location(key))

    def location(self, key: str) -> str:
        return os.path.join(self.root, *key.split("/"))


class _FsBlob:
    __slots__ = ("_file", "name", "size")

    def __init__(self, fs: pafs.FileSystem, path: str, name: str) -> None:
        self.name = name
        try:
            self._file = fs.open_input_file(path)
        except FileNotFoundError as exc:
            raise NoKafkaDataError(str(exc), path=name) from None
        except OSError as exc:
            raise UnreadableFileError(str(exc), path=name) from exc
        self.size = self._file.size()

    def read_at(self, position: int, length: int) -> bytes:
        data: bytes = self._file.read_at(length, position)
        return data

    def close(self) -> None:
        self._file.close()


class FsStore:
    """A prefix of a ``pyarrow.fs`` filesystem (a bucket and folder of S3, GCS, Azure, HDFS),
    opened from ``uri``. It pickles as that URI: whoever unpickles it (a Spark task) opens the
    store again, with the URI's settings, where it runs."""

    def __init__(self, fs: pafs.FileSystem, root: str, name: str, uri: str) -> None:
        self.fs, self.root, self.name, self.uri = fs, root, name.rstrip("/"), uri

    def __reduce__(self) -> tuple[Callable[[str], Store], tuple[str]]:
        return open_store, (self.uri,)

    def list(self) -> Iterator[tuple[str, int]]:
        import pyarrow.fs as pafs

        selector = pafs.FileSelector(self.root, recursive=True, allow_not_found=True)
        try:
            infos = self.fs.get_file_info(selector)
        except OSError as exc:
            raise UnreadableFileError(f"cannot list the store: {exc}", path=self.name) from exc
        for info in sorted(infos, key=lambda info: info.path):
            if info.type == pafs.FileType.File:
                yield posixpath.relpath(info.path, self.root) if self.root else info.path, info.size

    def open(self, key: str) -> Blob:
        return _FsBlob(self.fs, posixpath.join(self.root, key) if self.root else key, self.location(key))

    def location(self, key: str) -> str:
        return f"{self.name}/{key}"
