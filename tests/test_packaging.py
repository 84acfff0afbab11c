"""What a user installs: the version, the PEP 561 marker and the licence in the wheel."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

import kafkaks
from kafkaks.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert kafkaks.__version__ == metadata.version("kafkaks")
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"kafkaks {metadata.version('kafkaks')}\n"


def test_wheel_has_py_typed_and_license(tmp_path: Path) -> None:
    """Issue 13.8: without py.typed in the wheel a user's mypy sees kafkaks as Any."""
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", str(ROOT), "-w", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0 and "No matching distribution found for setuptools" in result.stderr:
        pytest.skip("pip cannot get setuptools>=77 (offline, empty cache) to build the wheel")
    assert result.returncode == 0, result.stderr
    (wheel,) = tmp_path.glob("kafkaks-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = f"kafkaks-{metadata.version('kafkaks')}.dist-info"
        assert {"kafkaks/py.typed", f"{info}/licenses/LICENSE"} <= names
        assert archive.read(f"{info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
        fields = archive.read(f"{info}/METADATA").decode().splitlines()
    assert "License-Expression: Apache-2.0" in fields
    assert any(name.startswith("kafkaks/generated/") for name in names)
    assert (ROOT / "LICENSE").read_text().startswith("\n                                 Apache License")
