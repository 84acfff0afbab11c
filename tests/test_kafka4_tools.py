"""The Kafka 4.x specs and fixtures are reproducible: tools/kafka_message_ksy.py and
tools/kafka_schema_encoder.py, run on Apache Kafka 4.3.1's sources, write exactly the committed
files (needs a git directory of Kafka holding the release commit: set KAFKA_GIT_DIR, a clone of
apache/kafka or of a fork carrying its history). And both tools read a field's default as Kafka's
generator does."""

from __future__ import annotations

import filecmp
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMMIT = "26b251a451ce941d3d7a55e6487bcb7f16b5ad48"  # the 4.3.1 release ("Bump version to 4.3.1")
GIT_DIR = os.environ.get("KAFKA_GIT_DIR")

needs_kafka = pytest.mark.skipif(
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


@needs_kafka
def test_the_specs_are_what_the_tool_writes_from_kafkas_schemas(tmp_path: Path) -> None:
    run("kafka_message_ksy.py", *(str(tmp_path / f"{spec}.ksy") for spec in SPECS))
    for spec in SPECS:
        assert (tmp_path / f"{spec}.ksy").read_text() == (ROOT / "formats" / f"{spec}.ksy").read_text(), spec


@needs_kafka
def test_the_fixtures_are_what_the_encoder_writes(tmp_path: Path) -> None:
    run("kafka_schema_encoder.py", str(tmp_path / "internal4"))
    committed = ROOT / "tests" / "fixtures" / "internal4"
    files = sorted(p.relative_to(committed) for p in committed.rglob("*") if p.is_file())
    assert files == sorted(
        p.relative_to(tmp_path / "internal4") for p in (tmp_path / "internal4").rglob("*") if p.is_file()
    )
    assert all(filecmp.cmp(committed / f, tmp_path / "internal4" / f, shallow=False) for f in files)


def _tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COMMON = {"Item": [{"name": "Count", "type": "int32", "versions": "0+", "default": "-1"}]}
# Field specs and the default Kafka's generator gives them (FieldSpec.fieldDefault, 4.3.1): the
# schema's default is read as a string, a JSON null or none as the empty string, which is the
# type's empty value; only the string "null" is null; 0x is hexadecimal.
DEFAULTS: list[tuple[dict[str, Any], Any]] = [
    ({"type": "int32"}, 0),
    ({"type": "int64", "default": -1}, -1),
    ({"type": "int16", "default": "0x7f"}, 127),
    ({"type": "int8", "default": "010"}, 10),  # base 10, not octal
    ({"type": "bool", "default": True}, True),
    ({"type": "bool", "default": "FALSE"}, False),
    ({"type": "float64", "default": "1.5"}, 1.5),
    ({"type": "uuid"}, "AAAAAAAAAAAAAAAAAAAAAA"),
    ({"type": "uuid", "default": "AAECAwQFBgcICQoLDA0ODw"}, "AAECAwQFBgcICQoLDA0ODw"),
    ({"type": "string", "default": None, "nullableVersions": "0+"}, ""),
    ({"type": "string", "default": "null", "nullableVersions": "0+"}, None),
    ({"type": "bytes"}, ""),
    ({"type": "[]int32", "default": None, "nullableVersions": "0+"}, []),
    ({"type": "[]int32", "default": "null", "nullableVersions": "0+"}, None),
    ({"type": "Item", "default": None, "nullableVersions": "0+"}, {"count": -1}),
    ({"type": "Item", "default": "null", "nullableVersions": "0+"}, None),
]


@pytest.mark.parametrize(("field", "default"), DEFAULTS, ids=[f"{f['type']}-{d!r}" for f, d in DEFAULTS])
def test_both_tools_read_a_default_as_kafkas_generator(field: dict[str, Any], default: Any) -> None:
    field = {"name": "F", "versions": "0+", **field}
    assert _tool("kafka_message_ksy").default_of(field, COMMON) == default
    encoder = _tool("kafka_schema_encoder").Encoder(
        {"commonStructs": [{"name": "Item", "fields": COMMON["Item"]}]}, None
    )
    # the encoder's default, printed as Kafka's JSON converter prints an untagged field
    assert encoder.to_json([field], {"F": encoder.default(field, 0)}, 0) == {"f": default}


@pytest.mark.parametrize(
    "field",
    [
        # tagged in versions 1+ only, an ordinary field in version 0 (FieldSpec allows it)
        {"name": "T", "type": "int32", "versions": "0+", "taggedVersions": "1+", "tag": 0},
        {"name": "S", "type": "string", "versions": "0+", "nullableVersions": "1+"},
        {"name": "S", "type": "string", "versions": "0+", "flexibleVersions": "none"},
    ],
    ids=["tagged-in-some-versions", "nullable-in-some-versions", "own-flexible-versions"],
)
def test_the_spec_tool_refuses_rules_it_does_not_implement(field: dict[str, Any]) -> None:
    """Rules of Kafka's FieldSpec that no 4.3.1 schema of these topics uses: the tool stops rather
    than write a spec that would misread them."""
    writer = _tool("kafka_message_ksy").SpecWriter("p")
    fields = [{"name": "A", "type": "int8", "versions": "0+"}, field]
    with pytest.raises(SystemExit, match="not supported"):
        writer.struct("t", "T", fields, {}, (0, 3), (0, 0x7FFF), None)
