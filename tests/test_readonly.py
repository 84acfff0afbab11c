"""Inputs are only ever read: after every command, every file is byte-identical with the same
mtime, no file appeared or vanished, and every file under the data was opened for reading only.

The data is a copy of the client-made fixtures and of the real broker data (when present). Add a
command to COMMANDS to hold it to the same rule. ``pipeline`` reads through pyarrow.fs and Spark:
its refusals are checked in process like the others, a whole run in a subprocess.
"""

from __future__ import annotations

import builtins
import contextlib
import hashlib
import io
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, NO_REAL_DATA, REAL_DATA, real_data_available

from kafkaks.cli.main import main

# Real datasets copied for the in-process runs: every file kind, magic and codec, control batches,
# temporary (.deleted/.swap) files; the two largest sets are left to the subprocess run.
LARGE_REAL = {"lz4-logappend-headers-cp7.6", "magic1-kafka-0.10.1"}

Snapshot = dict[str, tuple[str, int, int]]  # relative path -> (sha256, size, mtime_ns)


def snapshot(root: Path) -> Snapshot:
    found = {}
    for path in sorted(root.rglob("*")):
        stat = path.lstat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        found[str(path.relative_to(root))] = (digest, stat.st_size, stat.st_mtime_ns)
    return found


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("readonly")
    shutil.copytree(FIXTURES / "segments", root / "fixtures" / "segments")
    shutil.copytree(FIXTURES / "logdir", root / "fixtures" / "logdir")
    if real_data_available():
        for dataset in sorted(REAL_DATA.iterdir()):
            if dataset.is_dir() and dataset.name not in LARGE_REAL:
                shutil.copytree(dataset, root / "real" / dataset.name)
    return root


def some_files(root: Path) -> str:
    """A --files list with one file of each kind."""
    logdir = root / "fixtures" / "logdir" / "orders-0"
    names = ["00000000000000000016.log", "00000000000000000016.index", "00000000000000000016.timeindex"]
    names += ["00000000000000000016.snapshot"]
    return ",".join(str(logdir / name) for name in names)


COMMANDS: list[Any] = [
    pytest.param(["dump"], id="dump"),
    pytest.param(["dump", "--deep-iteration"], id="dump-deep-iteration"),
    pytest.param(["dump", "--print-data-log"], id="dump-print-data-log"),
    pytest.param(["dump", "--print-data-log", "--skip-record-metadata"], id="dump-skip-record-metadata"),
    pytest.param(["dump", "--verify-index-only"], id="dump-verify-index-only"),
    pytest.param(["dump", "--index-sanity-check"], id="dump-index-sanity-check"),
    pytest.param(["dump", "--max-bytes", "1000", "--max-message-size", "200"], id="dump-max-bytes"),
    pytest.param(["dump", "--deep-iteration", "--files", some_files], id="dump-files"),
    pytest.param(["dump", "--json", "--bytes", "hex", "--deep-iteration"], id="dump-json"),
    pytest.param(["dump", "--offsets-decoder"], id="dump-offsets-decoder"),
    pytest.param(["dump", "--cluster-metadata-decoder"], id="dump-cluster-metadata-decoder"),
    pytest.param(["verify"], id="verify"),
    pytest.param(["verify", "--recovery", "--json"], id="verify-recovery"),
]

WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


@contextlib.contextmanager
def opens_recorded(root: Path) -> Iterator[list[tuple[str, str]]]:
    """Records (path, mode) of every open of a file under ``root`` through builtins.open,
    io.open (what pathlib uses) and os.open (with its flags spelled as a mode)."""
    opened: list[tuple[str, str]] = []
    real_open, real_os_open = io.open, os.open
    prefix = str(root)

    def under(file: Any) -> bool:
        return isinstance(file, str | os.PathLike) and os.path.abspath(os.fspath(file)).startswith(prefix)

    def recording_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if under(file):
            opened.append((os.fspath(file), mode))
        return real_open(file, mode, *args, **kwargs)

    def recording_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if under(path):
            opened.append((os.fspath(path), "write" if flags & WRITE_FLAGS else "r (os.open)"))
        result: int = real_os_open(path, flags, *args, **kwargs)
        return result

    patches: list[tuple[Any, str, Callable[..., Any]]] = [
        (builtins, "open", recording_open),
        (io, "open", recording_open),
        (os, "open", recording_os_open),
    ]
    with pytest.MonkeyPatch.context() as monkeypatch:
        for target, name, replacement in patches:
            monkeypatch.setattr(target, name, replacement)
        yield opened


def run_in_process(argv: list[str], capsys: pytest.CaptureFixture[str]) -> int:
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
def test_commands_leave_the_files_as_they_were(
    command: list[Any], data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [part(data) if callable(part) else part for part in command]
    if "--files" not in argv:
        argv += [str(data / "fixtures"), str(data / "real")] if (data / "real").is_dir() else [str(data)]
    before = snapshot(data)
    with opens_recorded(data) as opened:
        code = run_in_process(argv, capsys)
    assert code in (0, 1)  # 1: the real data holds known damage (a corrupt index, partial tails)
    assert opened, "the command opened no file under the data: the check saw nothing"
    writes = [(path, mode) for path, mode in opened if mode not in ("rb", "r", "r (os.open)")]
    assert not writes
    assert snapshot(data) == before


@pytest.mark.slow
def test_the_console_script_leaves_all_real_data_as_it_was(tmp_path: Path) -> None:
    """The installed command, as a user runs it, over a copy of all the real data."""
    if not real_data_available():
        pytest.skip(NO_REAL_DATA)
    root = tmp_path / "real"
    shutil.copytree(REAL_DATA, root)
    before = snapshot(root)
    script = Path(sys.executable).with_name("kafkaks")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "kafkaks.cli.main"]
    result = subprocess.run(
        [*command, "dump", "--print-data-log", str(root)], capture_output=True, text=True, timeout=600
    )
    assert result.returncode in (0, 1)
    assert "Traceback" not in result.stderr
    assert snapshot(root) == before


PIPELINE_DESTS: dict[str, Callable[[Path], Path]] = {
    "the-source": lambda root: root / "fixtures" / "logdir",
    "inside-the-source": lambda root: root / "fixtures" / "logdir" / "parquet",
    "around-the-source": lambda root: root / "fixtures",
    "other-kafka-data": lambda root: root / "fixtures" / "segments",
}


@pytest.mark.parametrize("mode", ["error", "overwrite", "append"])
@pytest.mark.parametrize("dest", PIPELINE_DESTS, ids=str)
def test_pipeline_never_writes_into_kafka_data_whatever_the_flags(
    dest: str, mode: str, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    src = data / "fixtures" / "logdir"
    before = snapshot(data)
    with opens_recorded(data) as opened:
        code = run_in_process(["pipeline", "--mode", mode, str(src), str(PIPELINE_DESTS[dest](data))], capsys)
    assert code == 2
    assert not [(path, mode) for path, mode in opened if mode not in ("rb", "r", "r (os.open)")]
    assert snapshot(data) == before


@pytest.mark.spark
def test_a_pipeline_run_leaves_its_input_as_it_was(data: Path, tmp_path: Path) -> None:
    """A whole run, with the flags that read most (read_committed scans on the driver, PERMISSIVE
    writes _problems), into a DEST that is replaced."""
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("Spark needs Java 17+ (apt-get install openjdk-17-jre-headless)")
    src = data / "fixtures" / "logdir"
    dest = tmp_path / "out"
    dest.mkdir()
    (dest / "old.parquet").write_bytes(b"replaced")
    before = snapshot(data)
    script = Path(sys.executable).with_name("kafkaks")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "kafkaks.cli.main"]
    flags = ["--mode", "overwrite", "--read-mode", "PERMISSIVE", "--isolation-level", "read_committed"]
    result = subprocess.run(
        [*command, "pipeline", *flags, "--spark-log", str(tmp_path / "spark.log"), str(src), str(dest)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    assert snapshot(data) == before
    assert not (dest / "old.parquet").exists() and (dest / "_SUCCESS").exists()
