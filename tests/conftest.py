"""Shared test helpers: where the real broker-written data lives, and how to parametrize over it.

The real data (../shared/testdata/real beside the checkout, or $KAFKAKS_REAL_DATA) is not part of
the repository. Tests that need it skip with a clear reason when it is absent (a user's clone).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
REAL_DATA = Path(os.environ.get("KAFKAKS_REAL_DATA", ROOT.parent / "shared" / "testdata" / "real"))
NO_REAL_DATA = f"real Kafka data not found at {REAL_DATA} (set KAFKAKS_REAL_DATA to read it elsewhere)"


def real_data_available() -> bool:
    return REAL_DATA.is_dir()


def verified_files() -> Iterator[tuple[Path, dict[str, Any]]]:
    """Every file listed in a VERIFIED.json, with the counts the independent inspector found."""
    for verified in sorted(REAL_DATA.glob("*/VERIFIED.json")):
        for rel, info in json.loads(verified.read_text())["per_file"].items():
            yield verified.parent / rel, info


def file_kind(path: Path) -> str:
    """'log', 'index', 'timeindex', 'snapshot', ... for a Kafka file, also behind .deleted/.swap/.cleaned."""
    name = path.name
    for temp in (".deleted", ".swap", ".cleaned"):
        name = name.removesuffix(temp)
    if name.endswith(".records.bin"):
        return "bin"
    return name.rsplit(".", 1)[-1]


def real_params(*kinds: str) -> list[Any]:
    """pytest params (path, info) for the real files of these kinds; one skipped param if absent."""
    if not real_data_available():
        return [pytest.param(None, None, marks=pytest.mark.skip(reason=NO_REAL_DATA), id="no-real-data")]
    return [
        pytest.param(path, info, id=str(path.relative_to(REAL_DATA)))
        for path, info in verified_files()
        if file_kind(path) in kinds
    ]


@pytest.fixture(scope="session")
def real_data() -> Path:
    if not real_data_available():
        pytest.skip(NO_REAL_DATA)
    return REAL_DATA
