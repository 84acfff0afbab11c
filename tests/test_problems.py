"""``kafkaks.problems``: every kind kafkaks reports is a :class:`ProblemKind`, whose severity is what
``kafkaks verify``, ``kafkaks dump`` and the library's default handler do with it.

A :class:`~kafkaks.models.Problem` makes its ``kind`` a ``ProblemKind`` and refuses any other string,
so every problem the test suite provokes checks that its kind is listed; the checks here add that
no producer names a kind by a string, that every kind is produced somewhere, and that the damage
and information the CLI reports on damaged copies of a fixture follow the enum.
"""

from __future__ import annotations

import ast
import json
import shutil
import struct
import warnings
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, ROOT

import kafkaks
from kafkaks import CorruptDataError, KafkaksWarning, Problem, UnreadableFileError, problems
from kafkaks.cli.main import main
from kafkaks.problems import ProblemKind
from kafkaks.store.segment import default_handler

PACKAGE = ROOT / "kafkaks"
DAMAGE = {kind for kind in ProblemKind if kind.damage}


def test_a_kind_is_its_string() -> None:
    for kind in ProblemKind:
        problem = Problem(kind.value, "f.log", 0, 0, "m")
        assert problem.kind is kind and problem.kind == kind.value
        assert (str(kind), f"{kind}", json.dumps(kind)) == (kind.value, kind.value, json.dumps(kind.value))
    with pytest.raises(ValueError, match="not a valid ProblemKind"):
        Problem("no_such_kind", "f.log", 0, 0, "m")


def test_public_names() -> None:
    assert problems.__all__ == ["ProblemKind"]
    assert kafkaks.ProblemKind is ProblemKind and "ProblemKind" in kafkaks.__all__
    assert Problem.__dataclass_fields__["kind"].type == "ProblemKind"
    assert [name for name in vars(problems) if not name.startswith("_") and name.isupper()] == []


def _documented(section: str) -> set[str]:
    """The kinds of one table of the module docstring (``Damage:`` or ``Information:``)."""
    doc = problems.__doc__ or ""
    table = doc.split(f"\n{section}:\n\n", 1)[1].split("\n\n", 1)[0]
    return {line.split("``")[1] for line in table.splitlines() if line.startswith("``")}


def test_the_docstring_lists_every_kind_under_its_severity() -> None:
    assert _documented("Damage") == {kind.value for kind in DAMAGE}
    assert _documented("Information") == {kind.value for kind in ProblemKind if not kind.damage}


def _sources() -> dict[Path, ast.Module]:
    return {
        path: ast.parse(path.read_text(), str(path))
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "problems.py"
    }


# What takes a kind: Problem and the CLI's, verify's and the Spark source's reporting helpers.
PRODUCERS = {"Problem", "problem", "report", "report_error", "info", "sanity", "_failfast"}


def _kind_literals(node: ast.AST) -> list[ast.Constant]:
    """The string constants given as a kind to a producer, or compared with a kind."""
    if isinstance(node, ast.Call):
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        given = [*node.args, *(keyword.value for keyword in node.keywords)] if name in PRODUCERS else []
    elif isinstance(node, ast.Compare) and "kind" in ast.unparse(node):
        given = [node.left, *node.comparators]
    else:
        given = []
    return [c for g in given for c in ast.walk(g) if isinstance(c, ast.Constant) and isinstance(c.value, str)]


def test_every_kind_is_produced_and_none_is_named_by_a_string() -> None:
    named: set[str] = set()
    literal: list[str] = []
    values = {kind.value for kind in ProblemKind}
    for path, tree in _sources().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "ProblemKind":
                named.add(node.attr)
            literal += [
                f"{path.relative_to(ROOT)}:{c.lineno}: {c.value!r}"
                for c in _kind_literals(node)
                if c.value in values
            ]
    assert literal == []
    assert named == {kind.name for kind in ProblemKind}


def test_the_default_handler_warns_or_raises_as_the_kind_says() -> None:
    for kind in ProblemKind:
        problem = Problem(kind, "f.log", 0, 0, "m")
        if kind.warns:
            with pytest.warns(KafkaksWarning):
                default_handler(problem)
        else:
            error = UnreadableFileError if kind is ProblemKind.UNREADABLE_FILE else CorruptDataError
            with warnings.catch_warnings(), pytest.raises(error):
                warnings.simplefilter("error")
                default_handler(problem)


def _copy(tmp_path: Path, name: str) -> Path:
    directory = tmp_path / name / "orders-0"
    shutil.copytree(FIXTURES / "logdir" / "orders-0", directory)
    index = directory / "00000000000000000000.index"
    data = bytearray(index.read_bytes())
    struct.pack_into(">i", data, 0, struct.unpack_from(">i", data, 0)[0] - 1)  # not its batch's offset
    index.write_bytes(data)
    with (directory / "00000000000000000000.log").open("ab") as log:
        log.write(bytes(100))  # a preallocated tail
    shutil.copy(directory / "00000000000000000030.index", directory / "00000000000000000099.index")
    return directory


def _information_and_kafka_summary(tmp_path: Path) -> Path:
    """index_mismatch (damage, in Kafka's summaries), zero_tail and missing_log (information)."""
    return _copy(tmp_path, "summary")


def _damaged(tmp_path: Path) -> Path:
    """The above, and a partial last batch and a CRC mismatch (damage)."""
    directory = _copy(tmp_path, "damaged")
    with (directory / "00000000000000000016.log").open("ab") as log:
        log.write(b"\x01" * 10)
    log = directory / "00000000000000000030.log"
    data = bytearray(log.read_bytes())
    data[-5] ^= 0xFF
    log.write_bytes(data)
    return directory


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, Any]]]:
    code = main([*args, "--json"])
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return code, objects


@pytest.mark.parametrize(
    ("make", "kinds", "dump_status"),
    [
        (_information_and_kafka_summary, {"index_mismatch", "zero_tail", "missing_log"}, 0),
        (_damaged, {"index_mismatch", "zero_tail", "missing_log", "truncated", "crc_mismatch"}, 1),
    ],
    ids=["kafka-summary", "damaged"],
)
def test_the_cli_judges_each_kind_by_its_severity(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    make: Any,
    kinds: set[str],
    dump_status: int,
) -> None:
    directory = make(tmp_path)
    code, objects = _json(capsys, "verify", str(directory))
    found = [(ProblemKind(o["kind"]), o["corrupt"]) for o in objects if o["type"] == "problem"]
    assert kinds <= {kind.value for kind, _ in found}
    assert all(corrupt == kind.damage for kind, corrupt in found)
    assert code == (1 if any(kind.damage for kind, _ in found) else 0) == 1
    (summary,) = [o for o in objects if o["type"] == "summary"]
    assert summary["corrupt"] is True and summary["problems"].keys() == {kind.value for kind, _ in found}

    assert main(["verify", str(directory)]) == 1
    header, row = capsys.readouterr().out.splitlines()
    damage, info = header.index("damage"), header.index("info")
    columns = row[damage:info], row[info:]  # "kind=count, ..." or "-"
    shown = [{part.split("=")[0] for part in column.strip().split(", ")} - {"-"} for column in columns]
    assert shown == [
        {kind.value for kind, _ in found if kind.damage},
        {kind.value for kind, _ in found if not kind.damage},
    ]

    code, objects = _json(capsys, "dump", str(directory))
    found = [(ProblemKind(o["kind"]), o["corrupt"]) for o in objects if o["type"] == "problem"]
    assert kinds <= {kind.value for kind, _ in found}
    assert all(corrupt == (kind.damage and not kind.kafka_summary) for kind, corrupt in found)
    assert code == (1 if any(corrupt for _, corrupt in found) else 0) == dump_status
