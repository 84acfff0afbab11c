"""Replays every input in tests/regressions/ through the fuzz target (fuzz/fuzz_kafkaks.py): each
must return or raise a KafkaksError, and allocate only a few MiB."""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "fuzz"))

from fuzz_kafkaks import TARGETS, run_one  # noqa: E402

REGRESSIONS = sorted((ROOT / "tests" / "regressions").glob("*.bin"))


def test_there_are_regression_inputs() -> None:
    assert REGRESSIONS


@pytest.mark.parametrize("path", REGRESSIONS, ids=[p.stem for p in REGRESSIONS])
def test_regression_input(path: Path) -> None:
    data = path.read_bytes()
    target = TARGETS[data[0] % len(TARGETS)]
    assert path.stem.startswith(target.split("-magic")[0].removesuffix("-no-crc")), "named for its target"
    tracemalloc.start()
    try:
        run_one(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < len(data) + 4 * (1 << 20)
