"""Every example in README.md and docs/ runs as written, and every relative link resolves.

A fenced block's tag says what it is:

- `sh`: shell commands, run with bash (`set -e`): every command must succeed.
- `console`: a shell session: each `$ ` line (with its `\\` continuation lines) is run, and what it
  prints (stdout and stderr, as a terminal shows them) must be the lines below it.
- `python`: run as a script.
- `text`: not an example (output, a diagram, a command's synopsis); not run.

Any other tag, or none, fails `test_every_block_is_known`: no block is skipped silently.

A marker on the line right before a fence changes how its block is run, `<!-- docs-test: WORD;
WORD -->`, with these words:

- `skip: REASON`: not run (it needs a server or a cluster, installs packages, or takes minutes
  and gigabytes); reported as a skip with the reason.
- `spark`: the example starts Spark: it runs under the `spark` mark.
- `spark-session`: a `python` snippet that uses `spark`: a local SparkSession is made first, with
  the `kafka-log` source registered (as the page's first snippet shows).
- `real`: it reads the real broker data (`tests/conftest.py`'s REAL_DATA), whose folders appear
  in its working folder; skipped, saying so, where that data is absent.
- `setup: COMMAND`: a shell command run (in the same way) before the block.
- `output` (on a `text` block): what the example block above it prints on stdout; compared.

Expected output is compared line by line, trailing blanks ignored; `...` on a line of its own stands
for any number of lines, and inside a line for any text.

Each example runs in a fresh temporary folder T, its working folder T/work, which holds links to
the checkout's `examples/`, `tests/`, `tools/`, `formats/` and the running interpreter's
environment as `.venv`, so the relative paths of the pages (`.venv/bin/kafkaks`,
`tests/fixtures/...`) work. Paths under `/tmp/` are taken to be under T (and T is shown as `/tmp`
in the output compared), TMPDIR is T, and the sample log dir of `examples/make_sample.py` is at
`/tmp/kafkaks-sample`, the path README's examples use, unless the block builds it itself.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import NO_REAL_DATA, REAL_DATA, real_data_available

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
EXAMPLE_TAGS = {"sh", "console", "python"}
MARKER = re.compile(r"^<!-- docs-test: (.*) -->$")
FENCE = re.compile(r"^(\s*)(```+)(.*)$")
SAMPLE = "/tmp/kafkaks-sample"
# A path that starts at /tmp (also in a URI: file:///tmp/..., sqlite:////tmp/...), not .../tmp/ inside one
TMP_PATH = re.compile(r"(?:(?<=://)|(?<=:///)|(?<![\w./-]))/tmp/")
LINKED_FROM_CHECKOUT = ("examples", "tests", "tools", "formats")
SPARK_PRELUDE = """\
from pyspark.sql import SparkSession
from kafkaks.spark import KafkaLogDataSource
spark = SparkSession.builder.master("local[1]").getOrCreate()
spark.dataSource.register(KafkaLogDataSource)
"""
TIMEOUT_S = 600


@dataclass
class Block:
    page: Path
    line: int  # of the opening fence, 1-based
    tag: str
    text: str
    markers: dict[str, str] = field(default_factory=dict)
    output: Block | None = None  # the `output` block that follows it

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def parse_markers(line: str) -> dict[str, str]:
    match = MARKER.match(line.strip())
    if not match:
        return {}
    words: dict[str, str] = {}
    for word in match.group(1).split(";"):
        name, _, value = word.strip().partition(":")
        words[name.strip()] = value.strip()
    return words


def blocks(page: Path) -> Iterator[Block]:
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence, info = opening.groups()
        body: list[str] = []
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            body.append(lines[j][len(indent) :] if lines[j].startswith(indent) else lines[j])
            j += 1
        markers = parse_markers(lines[i - 1]) if i > 0 else {}
        yield Block(page, i + 1, info.strip().split(" ")[0], "\n".join(body) + "\n", markers)
        i = j + 1


def page_blocks(page: Path) -> list[Block]:
    """The blocks of a page, each `output` block attached to the example above it."""
    found: list[Block] = []
    for block in blocks(page):
        if "output" in block.markers and found and found[-1].tag in EXAMPLE_TAGS:
            found[-1].output = block
        found.append(block)
    return found


ALL_BLOCKS = [block for page in PAGES for block in page_blocks(page)]


def test_every_block_is_known() -> None:
    unknown = [f"{b.id}: ```{b.tag}" for b in ALL_BLOCKS if b.tag not in EXAMPLE_TAGS | {"text"}]
    assert not unknown, "blocks tagged neither as an example nor as text:\n" + "\n".join(unknown)
    known = {"skip", "spark", "spark-session", "real", "setup", "output"}
    odd = [f"{b.id}: {sorted(set(b.markers) - known)}" for b in ALL_BLOCKS if set(b.markers) - known]
    assert not odd, "unknown docs-test markers:\n" + "\n".join(odd)
    orphans = [b.id for b in ALL_BLOCKS if "output" in b.markers and b.tag != "text"]
    orphans += [
        b.id for b in ALL_BLOCKS if "output" in b.markers and not any(e.output is b for e in ALL_BLOCKS)
    ]
    orphans += [b.output.id for b in ALL_BLOCKS if b.tag == "console" and b.output is not None]
    assert not orphans, "output blocks that follow no sh or python example: " + ", ".join(orphans)
    unexplained = [b.id for b in ALL_BLOCKS if "skip" in b.markers and not b.markers["skip"]]
    assert not unexplained, "skipped without a reason: " + ", ".join(unexplained)


def example_params() -> list[object]:
    params: list[object] = []
    for block in ALL_BLOCKS:
        if block.tag not in EXAMPLE_TAGS:
            continue
        marks: list[pytest.MarkDecorator] = []
        if "skip" in block.markers:
            marks.append(pytest.mark.skip(reason=f"{block.id} not run: {block.markers['skip']}"))
        if "spark" in block.markers or "spark-session" in block.markers:
            marks.append(pytest.mark.spark)
        if "real" in block.markers and not real_data_available():
            marks.append(pytest.mark.skip(reason=NO_REAL_DATA))
        params.append(pytest.param(block, id=block.id, marks=marks))
    return params


def test_examples_are_found() -> None:
    """The parser sees the examples (a fence it misread would hide them all)."""
    assert {b.page.name for b in ALL_BLOCKS if b.tag in EXAMPLE_TAGS} >= {"README.md", "library.md"}
    readme = [b for b in ALL_BLOCKS if b.page.name == "README.md" and b.tag in EXAMPLE_TAGS]
    assert [b.tag for b in readme] == ["sh", "sh", "sh", "python", "sh"]


@pytest.fixture(scope="session")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs-sample") / "kafkaks-sample"
    subprocess.run(
        [sys.executable, str(ROOT / "examples" / "make_sample.py"), str(out)],
        check=True,
        capture_output=True,
    )
    return out


@dataclass
class Sandbox:
    """Where an example runs: T, with T/work as its working folder."""

    tmp: Path
    env: dict[str, str]

    @property
    def work(self) -> Path:
        return self.tmp / "work"

    def localize(self, text: str) -> str:
        return TMP_PATH.sub(f"{self.tmp}/", text)

    def delocalize(self, text: str) -> str:
        return text.replace(f"{self.tmp}/", "/tmp/").replace(str(self.tmp), "/tmp")

    def run(self, argv: list[str], *, merged: bool = False) -> subprocess.CompletedProcess[str]:
        """Run argv in the sandbox; with `merged`, stderr goes where stdout goes, as on a terminal."""
        return subprocess.run(
            argv,
            cwd=self.work,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if merged else subprocess.PIPE,
            text=True,
            timeout=TIMEOUT_S,
            check=False,
        )

    def shell(self, script: str, *, merged: bool = False) -> subprocess.CompletedProcess[str]:
        return self.run(["bash", "-e", "-c", self.localize(script)], merged=merged)


def make_sandbox(tmp: Path, block: Block, sample: Path) -> Sandbox:
    work = tmp / "work"
    work.mkdir()
    for name in LINKED_FROM_CHECKOUT:
        (work / name).symlink_to(ROOT / name)
    (work / ".venv").symlink_to(Path(sys.prefix))
    if "real" in block.markers:
        for entry in REAL_DATA.iterdir():
            (work / entry.name).symlink_to(entry)
    if "make_sample.py " + SAMPLE not in block.text:
        shutil.copytree(sample, tmp / "kafkaks-sample")
    env = dict(os.environ)
    env.update(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        PYTHONUNBUFFERED="1",
        PYSPARK_PYTHON=sys.executable,
        TMPDIR=str(tmp),
        COLUMNS="200",
    )
    return Sandbox(tmp, env)


def console_steps(text: str) -> list[tuple[str, str]]:
    """The (command, expected output) pairs of a `console` block."""
    steps: list[tuple[str, list[str]]] = []
    continued = False
    for line in text.splitlines():
        if continued:
            steps[-1] = (steps[-1][0] + "\n" + line, steps[-1][1])
        elif line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
        else:
            raise AssertionError(f"a console block must start with a `$ ` command: {line!r}")
        continued = line.endswith("\\")
    return [(command, "\n".join(lines)) for command, lines in steps]


def expected_pattern(expected: str) -> re.Pattern[str]:
    parts: list[str] = []
    for line in normalize(expected).splitlines():
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(piece) for piece in line.split("...")) + r"\n")
    return re.compile("".join(parts), re.DOTALL)


def normalize(text: str) -> str:
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return "".join(line + "\n" for line in lines)


def assert_output(sandbox: Sandbox, got: str, expected: str, what: str) -> None:
    shown = normalize(sandbox.delocalize(got))
    if not expected_pattern(expected).fullmatch(shown):
        pytest.fail(f"{what} printed\n{shown}\nwhere the page shows\n{normalize(expected)}")


def assert_ran(result: subprocess.CompletedProcess[str], what: str) -> None:
    if result.returncode != 0:
        pytest.fail(f"{what} exited {result.returncode}:\n{result.stdout}{result.stderr or ''}")


@pytest.mark.parametrize("block", example_params())
def test_example(block: Block, tmp_path: Path, sample: Path) -> None:
    sandbox = make_sandbox(tmp_path, block, sample)
    if "setup" in block.markers:
        assert_ran(sandbox.shell(block.markers["setup"]), f"setup of {block.id}")
    if block.tag == "console":
        for command, expected in console_steps(block.text):
            result = sandbox.shell(command, merged=True)
            assert_ran(result, f"{block.id}: {command}")
            assert_output(sandbox, result.stdout, expected, f"{block.id}: {command}")
        return
    if block.tag == "sh":
        result = sandbox.shell(block.text)
    else:
        script = sandbox.work / "example.py"
        prelude = SPARK_PRELUDE if "spark-session" in block.markers else ""
        script.write_text(prelude + sandbox.localize(block.text), encoding="utf-8")
        result = sandbox.run([sys.executable, str(script)])
    assert_ran(result, block.id)
    if block.output is not None:
        assert_output(sandbox, result.stdout, block.output.text, block.id)


# Links: every relative link and #anchor of the pages names a file and a heading that exist.

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def prose(page: Path) -> list[str]:
    """A page's lines outside fenced blocks, inline code removed."""
    lines: list[str] = []
    fence: str | None = None
    for line in page.read_text(encoding="utf-8").splitlines():
        opening = FENCE.match(line)
        if opening and (fence is None or opening.group(2).startswith(fence)):
            fence = None if fence else opening.group(2)
            continue
        if fence is None:
            lines.append(re.sub(r"`[^`]*`", "", line))
    return lines


def anchors(page: Path) -> set[str]:
    """The ids GitHub gives a page's headings."""
    seen: dict[str, int] = {}
    ids: set[str] = set()
    fence: str | None = None
    for line in page.read_text(encoding="utf-8").splitlines():
        opening = FENCE.match(line)
        if opening and (fence is None or opening.group(2).startswith(fence)):
            fence = None if fence else opening.group(2)
            continue
        heading = HEADING.match(line) if fence is None else None
        if not heading:
            continue
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.group(1))
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        ids.add(slug if count == 0 else f"{slug}-{count}")
    return ids


def links(page: Path) -> Iterator[str]:
    for line in prose(page):
        for target in LINK.findall(line):
            if not re.match(r"^[a-z][a-z0-9+.-]*:", target):
                yield target


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_resolve(page: Path) -> None:
    broken: list[str] = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target}: no {linked.relative_to(ROOT)}")
        elif anchor and (linked.suffix != ".md" or anchor not in anchors(linked)):
            broken.append(f"{target}: no heading #{anchor} in {linked.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_link_check_sees_links() -> None:
    """The link test reads README's table of contents (a regex gone wrong would pass everything)."""
    assert "docs/cli.md" in list(links(ROOT / "README.md"))
    assert "values-decoded-with-their-schemas-avro-json-schema-protobuf" in anchors(
        ROOT / "docs" / "values.md"
    )
