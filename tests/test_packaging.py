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
from kafkaks.internal_topics import dispatch

ROOT = Path(__file__).resolve().parents[1]


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert kafkaks.__version__ == metadata.version("kafkaks")
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"kafkaks {metadata.version('kafkaks')}\n"


@pytest.mark.slow
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
    # the compiled core, and its types for a user's type checker
    assert any(name.startswith("kafkaks/wire/_core.") and name.endswith((".so", ".pyd")) for name in names)
    assert "kafkaks/wire/_core.pyi" in names
    assert (ROOT / "LICENSE").read_text().startswith("\n                                 Apache License")


HEAVY = ("numpy", "pyarrow", "pandas")
LOGDIR = ROOT / "tests" / "fixtures" / "logdir"
SEGMENTS = ROOT / "tests" / "fixtures" / "segments"


def imported_after(code: str, modules: tuple[str, ...] = HEAVY) -> list[str]:
    """Which of ``modules`` (NumPy, pyarrow and pandas) a fresh interpreter holds after running ``code``."""
    probe = f"import sys\n{code}\nprint(' '.join(m for m in {modules!r} if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return result.stdout.split()


def test_import_kafkaks_imports_no_arrow_numpy_or_pandas() -> None:
    """Issue 15: a one-segment command paid ~0.4 s for NumPy and pyarrow it never used."""
    assert imported_after("import kafkaks\nkafkaks.read_log, kafkaks.Batch, kafkaks.read_partition") == []
    assert (
        imported_after(
            "import contextlib, io\nfrom kafkaks.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    main(['dump', '--deep-iteration', {str(LOGDIR)!r}])"
        )
        == []
    )


DECODERS = tuple(f"kafkaks.internal_topics.{module}" for module, _ in dispatch.DECODERS.values())


def dump(*args: str) -> str:
    return (
        "import contextlib, io\nfrom kafkaks.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n    main({['dump', *args]!r})"
    )


def test_dump_imports_only_the_decoders_it_uses() -> None:
    """The parsers of the internal topics and the pipeline's module cost a command's start (about
    a third of it): ``kafkaks dump`` of user topics loads none of them, a decoder option its own."""
    assert imported_after(dump("--deep-iteration", str(LOGDIR)), (*DECODERS, "kafkaks.spark.pipeline")) == []
    offsets = dump("--offsets-decoder", str(LOGDIR))
    assert imported_after(offsets, DECODERS) == ["kafkaks.internal_topics.consumer_offsets"]
    transactions = dump("--transaction-log-decoder", str(LOGDIR))
    assert imported_after(transactions, DECODERS) == ["kafkaks.internal_topics.transaction_state"]


def test_read_arrow_never_imports_pandas() -> None:
    """pyarrow's converters (pa.array, pa.scalar, from_pydict) import pandas when it is installed;
    read_arrow builds its arrays from buffers. The fixture log dir has v2 batches of every codec and
    control records, and the mixed segment legacy messages (the record-by-record path)."""
    pytest.importorskip("pandas", reason="pandas is not installed: nothing to check")
    code = (
        "import kafkaks\n"
        f"for b in kafkaks.read_arrow({str(LOGDIR)!r}, include_headers=True, include_metadata=True):\n"
        "    assert b.num_rows >= 0\n"
        f"for b in kafkaks.read_arrow({str(LOGDIR)!r}, include_headers=True, include_control=True):\n"
        "    assert b.num_rows >= 0\n"
        f"for b in kafkaks.read_arrow({str(SEGMENTS / 'mixed-v0-v1-v2')!r}, include_metadata=True):\n"
        "    assert b.num_rows > 0"
    )
    assert imported_after(code) == ["numpy", "pyarrow"]


def test_lazy_names_are_public() -> None:
    assert set(kafkaks.__all__) <= set(dir(kafkaks))
    for name in kafkaks.__all__:
        assert getattr(kafkaks, name) is not None
