"""The Kafka 4.x specs and fixtures are reproducible: tools/kafka_message_ksy.py and
tools/kafka_schema_encoder.py, run on Apache Kafka 4.3.1's sources, write exactly the committed
files. Needs a git directory of Kafka holding the release commit: set KAFKA_GIT_DIR (a clone of
apache/kafka, or of a fork carrying its history)."""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMMIT = "26b251a451ce941d3d7a55e6487bcb7f16b5ad48"  # the 4.3.1 release ("Bump version to 4.3.1")
GIT_DIR = os.environ.get("KAFKA_GIT_DIR")

pytestmark = pytest.mark.skipif(
    not GIT_DIR
    or subprocess.run(["git", "-C", GIT_DIR, "cat-file", "-e", COMMIT], capture_output=True).returncode != 0,
    reason=f"KAFKA_GIT_DIR is not set to a git directory of Apache Kafka holding {COMMIT} (4.3.1)",
)
SPECS = [
    "kafka_group_coordinator_records",
    "kafka_share_coordinator_records",
    "kafka_remote_log_metadata_record",
]


def run(tool: str, *args: str) -> None:
    assert GIT_DIR is not None
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / tool),
            "--git-dir",
            GIT_DIR,
            "--commit",
            COMMIT,
            "--tag",
            "4.3.1",
            *args,
        ],
        check=True,
        capture_output=True,
    )


def test_the_specs_are_what_the_tool_writes_from_kafkas_schemas(tmp_path: Path) -> None:
    run("kafka_message_ksy.py", *(str(tmp_path / f"{spec}.ksy") for spec in SPECS))
    for spec in SPECS:
        assert (tmp_path / f"{spec}.ksy").read_text() == (ROOT / "formats" / f"{spec}.ksy").read_text(), spec


def test_the_fixtures_are_what_the_encoder_writes(tmp_path: Path) -> None:
    run("kafka_schema_encoder.py", str(tmp_path / "internal4"))
    committed = ROOT / "tests" / "fixtures" / "internal4"
    files = sorted(p.relative_to(committed) for p in committed.rglob("*") if p.is_file())
    assert files == sorted(
        p.relative_to(tmp_path / "internal4") for p in (tmp_path / "internal4").rglob("*") if p.is_file()
    )
    assert all(filecmp.cmp(committed / f, tmp_path / "internal4" / f, shallow=False) for f in files)
