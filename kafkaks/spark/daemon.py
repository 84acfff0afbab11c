"""PySpark's Python daemon (``spark.python.daemon.module``), importing PySpark's cached bytecode.

Spark puts its ``pyspark.zip`` and ``py4j-*-src.zip`` first on the path of every Python worker,
and Python compiles each module it imports from a zip afresh in every process (it caches no
bytecode there): about a second of a core for the daemon and again for each worker it forks, at
the start of every run. Where this interpreter has the same version of PySpark (or Py4J)
installed, those zips go to the end of the path, so that the installed modules, compiled once,
are imported; a zip of another version is left where Spark put it.

``kafkaks pipeline`` starts its own sessions with it (:data:`kafkaks.pipeline.PIPELINE_CONF`).
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import sys
import zipfile


def zip_version(path: str) -> tuple[str, str] | None:
    """``(distribution, version)`` of one of Spark's zips of Python modules, else None."""
    name = os.path.basename(path)
    py4j = re.fullmatch(r"py4j-(.+)-src\.zip", name)
    if py4j is not None:
        return "py4j", py4j[1]
    if name != "pyspark.zip":
        return None
    try:
        with zipfile.ZipFile(path) as archive:
            text = archive.read("pyspark/version.py").decode("utf-8", "replace")
    except (OSError, KeyError, zipfile.BadZipFile):
        return None
    found = re.search(r"""__version__[^=]*=\s*['"]([^'"]+)""", text)
    return None if found is None else ("pyspark", found[1])


def installed_first(path: list[str]) -> list[str]:
    """``path`` with Spark's zips of an installed version moved to its end."""

    def same(entry: str) -> bool:
        found = zip_version(entry) if entry.endswith(".zip") else None
        if found is None:
            return False
        try:
            return importlib.metadata.version(found[0]) == found[1]
        except importlib.metadata.PackageNotFoundError:
            return False

    moved = [entry for entry in path if same(entry)]
    return [entry for entry in path if entry not in moved] + moved


if __name__ == "__main__":
    sys.path[:] = installed_first(sys.path)
    from pyspark.daemon import manager

    manager()
