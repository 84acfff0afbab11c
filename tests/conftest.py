"""Shared test helpers: where the real broker-written data lives, and how to parametrize over it;
the one Spark session of the test session; the markers that slice the suite.

The real data (../shared/testdata/real beside the checkout, or $KAFKAKS_REAL_DATA) is not part of
the repository. Tests that need it skip with a clear reason when it is absent (a user's clone).

Markers (registered in pyproject.toml; ``make test-fast`` deselects all four):

- ``spark``: starts Spark. A test that asks for the ``spark`` fixture gets it here; a test that
  runs ``kafkaks pipeline`` in a process of its own has ``@pytest.mark.spark``.
- ``cluster``: starts the standalone cluster and Spark Connect server (the ``cluster`` fixture,
  tests/test_cluster.py); also ``spark`` and ``slow``.
- ``node``: runs Node.js (the fixtures that compile the specs with the Kaitai compiler).
- ``slow``: takes seconds of its own on a 2-core machine: ``@pytest.mark.slow`` on the test, and
  the params of the few big real files (:func:`real_params`).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
REAL_DATA = Path(os.environ.get("KAFKAKS_REAL_DATA", ROOT.parent / "shared" / "testdata" / "real"))
NO_REAL_DATA = f"real Kafka data not found at {REAL_DATA} (set KAFKAKS_REAL_DATA to read it elsewhere)"

# Every JVM the tests start (Spark's driver in this process and in each process a test runs, the
# cluster's daemons and executors: tests/spark_cluster.py) compiles with C1 only and collects with
# one thread. A test's JVM lives seconds and does little work of its own (the records stay in
# Python), so the optimising compiler's threads cost more than they give back: a `kafkaks pipeline`
# run on the demo log dir took 33 CPU seconds with the defaults and 19-21 with these, on 2 cores.
JVM_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
os.environ.setdefault("SPARK_SUBMIT_OPTS", JVM_OPTIONS)  # spark-submit's JVM: every driver
os.environ.setdefault("SPARK_DAEMON_JAVA_OPTS", JVM_OPTIONS)  # the standalone master and workers


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


BIG_REAL_FILE = 300_000  # bytes: the few real files this big take seconds in the Python-level readers


def is_big(path: Path) -> bool:
    """Whether a real file, or the segment beside it that it indexes, is :data:`BIG_REAL_FILE`."""
    segment = path.with_name(path.name.split(".", 1)[0] + ".log")
    return any(p.is_file() and p.stat().st_size >= BIG_REAL_FILE for p in (path, segment))


def real_params(*kinds: str) -> list[Any]:
    """pytest params (path, info) for the real files of these kinds; one skipped param if absent.
    A big file's param is marked ``slow``."""
    if not real_data_available():
        return [pytest.param(None, None, marks=pytest.mark.skip(reason=NO_REAL_DATA), id="no-real-data")]
    return [
        pytest.param(
            path, info, id=str(path.relative_to(REAL_DATA)), marks=[pytest.mark.slow] if is_big(path) else []
        )
        for path, info in verified_files()
        if file_kind(path) in kinds
    ]


@pytest.fixture(scope="session")
def real_data() -> Path:
    if not real_data_available():
        pytest.skip(NO_REAL_DATA)
    return REAL_DATA


# --- markers --------------------------------------------------------------------------------------

MARKS_OF_FIXTURE = {
    "spark": ("spark",),
    "cluster": ("cluster", "spark", "slow"),
    "js_dir": ("node",),  # tests/test_webide.py: the specs compiled to JavaScript
    "debug_parsers": ("node",),  # tests/test_layout.py: the specs compiled to debug Python
}
# pytest-xdist (`make test`) runs the tests that use one of these fixtures on one worker: the cluster
# (its ports are fixed), and the specs compiled by node and the real files parsed with them, which
# would otherwise be made again by each worker that runs one of those tests.
GROUP_OF_FIXTURE = {"cluster": "cluster", "js_dir": "webide", "debug_parsers": "layout"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's, which reads the groups given here
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test that uses one of :data:`MARKS_OF_FIXTURE` (directly or through another fixture)
    gets its markers, so ``-m "not spark"`` leaves out every test that would start Spark."""
    for item in items:
        used = getattr(item, "fixturenames", ())
        marks = {mark for name, given in MARKS_OF_FIXTURE.items() if name in used for mark in given}
        for mark in sorted(marks):
            item.add_marker(mark)
        groups = {group for name, group in GROUP_OF_FIXTURE.items() if name in used}
        for group in sorted(groups):
            item.add_marker(pytest.mark.xdist_group(group))
    if os.environ.get("KAFKAKS_HYPOTHESIS") == "fast":
        fewer_examples(items)


def fewer_examples(items: list[pytest.Item]) -> None:
    """``make test-fast`` (KAFKAKS_HYPOTHESIS=fast): each Hypothesis test tries a tenth of the
    examples its ``@settings`` asks for (at least 10); ``make test`` tries them all. The settings
    a test runs with are the ones ``@given``/``@settings`` leave on the function (Hypothesis
    reads them there when the test runs); a test without them is left as it is."""
    from hypothesis import settings

    done: set[int] = set()
    for item in items:
        test = getattr(item, "obj", None)
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if chosen is None or id(test) in done:
            continue
        done.add(id(test))
        fewer = min(chosen.max_examples, max(10, chosen.max_examples // 10))
        test._hypothesis_internal_use_settings = settings(chosen, max_examples=fewer)  # type: ignore[union-attr]


def pytest_configure(config: pytest.Config) -> None:
    """A shell that starts ``make test`` in the background (``make test &``, nohup, some CI
    runners) sets SIGINT to be ignored, and every child inherits that: a test that sends a child
    SIGINT (Ctrl-C) would see it ignored. A handler of this process's own is reset to the default
    action in each child it starts, as a terminal's foreground job has it."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


# --- Spark ----------------------------------------------------------------------------------------

NO_PYSPARK = "PySpark is not installed: pip install 'kafkaks[spark]'"
NO_JAVA = "Spark needs Java 17+ (apt-get install openjdk-17-jre-headless)"


@pytest.fixture(scope="session")
def spark() -> Iterator[Any]:
    """One local[2] SparkSession for every test that asks for it, started at the first and stopped
    at the end of the test session, with the ``kafka-log`` source registered. Its runtime confs
    are Spark's defaults but for UTC, two shuffle partitions and no UI: a test or module that sets
    one (filter pushdown) sets it back when done. Code under test must be given this session
    (``spark=``): one that starts its own would get this one from ``getOrCreate`` and stop it."""
    pytest.importorskip("pyspark", reason=NO_PYSPARK)
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip(NO_JAVA)
    from pyspark.sql import SparkSession

    from kafkaks.spark.source import KafkaLogDataSource

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    session = (
        SparkSession.builder.master("local[2]")
        .appName("kafkaks-tests")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    session.dataSource.register(KafkaLogDataSource)
    yield session
    session.stop()
