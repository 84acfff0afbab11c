"""``kafkaks pipeline`` at its edges, from the command line: what it refuses before Spark starts
(DEST holding data, SRC without Kafka data, PySpark missing), its help, and how a failed Spark job
reads on the terminal. The Parquet it writes is checked in tests/test_spark.py.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import FIXTURES
from test_readonly import snapshot

import kafkaks
from kafkaks.cli import pipeline as pipeline_module
from kafkaks.cli.main import build_parser, main

LOGDIR = FIXTURES / "logdir"
NO_PYSPARK = "import sys\nsys.modules['pyspark'] = None\n"  # what a plain `pip install kafkaks` has


def pipeline(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["pipeline", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def truncated_copy(tmp_path: Path) -> tuple[Path, Path, kafkaks.Batch]:
    """The fixture log dir with orders-0's last segment cut inside its last batch (a crash
    mid-write): (copy, segment, the batch cut short)."""
    copy = tmp_path / "logdir"
    shutil.copytree(LOGDIR, copy)
    segment = copy / "orders-0" / "00000000000000000030.log"
    last = list(kafkaks.read_log(segment))[-1]
    with segment.open("r+b") as f:
        f.truncate(last.position + last.size // 2)
    return copy, segment, last


needs_java = pytest.mark.skipif(
    shutil.which("java") is None and not os.environ.get("JAVA_HOME"), reason="Spark needs Java 17+"
)


@pytest.fixture
def source(tmp_path: Path) -> Path:
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    copy = tmp_path / "kafka-logs-1"
    shutil.copytree(LOGDIR, copy)
    return copy


@pytest.mark.parametrize("mode", [[], ["--mode", "overwrite"], ["--mode", "append"]], ids=str)
def test_dest_holding_kafka_data_is_refused_whatever_the_mode(
    source: Path, tmp_path: Path, mode: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``kafkaks pipeline /data/kafka-logs-1 /data/kafka-logs-2``: DEST forgotten after the sources."""
    dest = tmp_path / "kafka-logs-2"
    shutil.copytree(LOGDIR, dest)
    before = snapshot(dest)
    code, out, err = pipeline([*mode, str(source), str(dest)], capsys)
    assert code == 2
    assert out == ""
    assert f"DEST {dest} holds Kafka data" in err and "Traceback" not in err
    assert snapshot(dest) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kafka-logs-1", "kafka-logs-2"]  # no staging


def test_a_partition_dir_deeper_in_dest_is_kafka_data(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "backup"
    shutil.copytree(LOGDIR / "orders-1", dest / "disk-b" / "orders-1")
    code, _, err = pipeline(["--mode", "overwrite", str(source), str(dest)], capsys)
    assert code == 2
    assert "holds Kafka data" in err and "orders-1" in err


def test_non_empty_dest_needs_a_mode(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "out"
    dest.mkdir()
    (dest / "notes.txt").write_text("mine")
    before = snapshot(dest)
    code, _, err = pipeline([str(source), str(dest)], capsys)
    assert code == 2
    assert f"DEST {dest} is not empty: --mode overwrite replaces it, --mode append adds to it" in err
    assert snapshot(dest) == before
    file_dest = tmp_path / "file"
    file_dest.write_text("x")
    code, _, err = pipeline(["--mode", "overwrite", str(source), str(file_dest)], capsys)
    assert code == 2 and "is a file, not a directory" in err
    assert file_dest.read_text() == "x"


def test_parquet_output_is_not_mistaken_for_kafka_data(source: Path, tmp_path: Path) -> None:
    """What a run writes, for a topic whose name ends like a Kafka checkpoint file."""
    dest = tmp_path / "out"
    (dest / "topic=offsets-checkpoint" / "partition=0").mkdir(parents=True)
    (dest / "topic=offsets-checkpoint" / "partition=0" / "part-00000-1.c000.snappy.parquet").write_bytes(b"")
    (dest / "_problems").mkdir()
    (dest / "_problems" / "offsets-checkpoint-0-00000000000000000000-0.jsonl").write_text("{}\n")
    target = pipeline_module.Destination.check(str(dest), [str(source)], "overwrite")
    assert target.staging.startswith(f"{dest}.kafkaks-staging-")
    with pytest.raises(pipeline_module.RefusedError, match="is not empty"):
        pipeline_module.Destination.check(str(dest), [str(source)], "error")


@pytest.mark.parametrize("where", ["inside", "same", "parent"])
def test_dest_overlapping_src_is_refused(
    source: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = {"inside": source / "parquet", "same": source, "parent": source.parent}[where]
    before = snapshot(source)
    code, _, err = pipeline(["--mode", "overwrite", str(source), str(dest)], capsys)
    assert code == 2
    assert "overlap" in err or "holds Kafka data" in err
    assert snapshot(source) == before


def test_missing_src_fails_before_spark_in_one_line(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "spark.log"
    missing = tmp_path / "no-such-dir"
    code, out, err = pipeline(["--spark-log", str(log), str(missing), str(tmp_path / "out")], capsys)
    assert code == 2
    assert out == ""
    [line] = err.splitlines()
    assert line.startswith(f"kafkaks pipeline: error: {missing}: no Kafka data")
    assert not log.exists()  # Spark never started
    assert not (tmp_path / "out").exists()


def test_conflicting_modes_are_a_usage_error(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = pipeline(
        ["--mode", "overwrite", "--mode", "append", str(source), str(tmp_path / "o")], capsys
    )
    assert code == 2 and "conflicting modes: append, overwrite" in err
    code, _, err = pipeline(
        ["--mode", "PERMISSIVE", "--read-mode", "FAILFAST", str(source), str(tmp_path / "o")], capsys
    )
    assert code == 2 and "conflicting modes: FAILFAST, PERMISSIVE" in err


def run_without_pyspark(code: str, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", NO_PYSPARK + code, *argv], capture_output=True, text=True, timeout=600
    )


def test_pipeline_without_pyspark_names_the_extra(tmp_path: Path) -> None:
    result = run_without_pyspark(
        "from kafkaks.cli.main import main; sys.exit(main(sys.argv[1:]))",
        "pipeline",
        str(LOGDIR),
        str(tmp_path / "out"),
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [
        "kafkaks pipeline: error: the kafka-log data source and kafkaks pipeline need PySpark 4.1 or later, "
        "the 'spark' extra: pip install 'kafkaks[spark]' (Spark also needs Java 17+)"
    ]
    assert not (tmp_path / "out").exists()


def test_import_kafkaks_spark_without_pyspark_names_the_extra() -> None:
    result = run_without_pyspark(
        "try:\n    from kafkaks.spark import KafkaLogDataSource\n"
        "except ImportError as e:\n    print(e)\n    sys.exit(3)"
    )
    assert result.returncode == 3, result.stderr
    assert "pip install 'kafkaks[spark]'" in result.stdout


def test_help_names_the_spark_extra_and_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "pip install 'kafkaks[spark]'" in " ".join(capsys.readouterr().out.split())
    assert main(["pipeline", "--help"]) == 0
    text = capsys.readouterr().out
    assert "``" not in text
    assert "--mode overwrite" in text and "DEST.kafkaks-staging-<id>" in text
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for action in commands.choices["pipeline"]._actions:
        assert action.help, f"{action.option_strings or action.dest} has no help"


@pytest.mark.spark
@needs_java
def test_failfast_stops_at_a_truncated_segment_and_says_why_in_one_line(tmp_path: Path) -> None:
    """A partial batch at the end of a segment is damage (as for dump and verify): exit 1, the
    cause on one line with file, position and kind, Spark's output and the trace in the log."""
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    copy, segment, cut = truncated_copy(tmp_path)
    dest, log = tmp_path / "out", tmp_path / "spark.log"
    script = Path(sys.executable).with_name("kafkaks")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "kafkaks.cli.main"]
    result = subprocess.run(
        [*command, "pipeline", "--spark-log", str(log), str(copy), str(dest)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0] == "kafkaks pipeline: planning: 3 partitions, 5 segments, 0.0 MiB"
    assert all(line.startswith("kafkaks pipeline: ") for line in lines), result.stderr
    where = f"{segment}, position {cut.position}, offset {cut.base_offset}"
    assert lines[-1].startswith(f"kafkaks pipeline: error: {where}: truncated: Found ")
    assert lines[-1].endswith(f"(the full trace is in {log})")
    trace = log.read_text()
    assert "Traceback" in trace and "log4j" in trace
    assert not dest.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["logdir", "spark.log"]  # no staging left


def test_java_options_go_first_and_are_taken_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pipeline's JVM options come before a user's JDK_JAVA_OPTIONS (Java takes the later of
    two settings, so the user's win) and only while a JVM starts; none set, none added."""
    from kafkaks.pipeline import _java_options

    monkeypatch.setenv("JDK_JAVA_OPTIONS", "-XX:TieredStopAtLevel=4")
    with _java_options("-XX:TieredStopAtLevel=1"):
        assert os.environ["JDK_JAVA_OPTIONS"] == "-XX:TieredStopAtLevel=1 -XX:TieredStopAtLevel=4"
    assert os.environ["JDK_JAVA_OPTIONS"] == "-XX:TieredStopAtLevel=4"
    monkeypatch.delenv("JDK_JAVA_OPTIONS")
    with _java_options("-Xss2m"):
        assert os.environ["JDK_JAVA_OPTIONS"] == "-Xss2m"
    assert "JDK_JAVA_OPTIONS" not in os.environ
    with _java_options(None):
        assert "JDK_JAVA_OPTIONS" not in os.environ


@pytest.mark.parametrize(
    ("master", "conf", "daemon"),
    [
        ("local[1]", {}, "kafkaks.spark.daemon"),
        ("local[1]", {"spark.python.daemon.module": "pyspark.daemon"}, "pyspark.daemon"),  # --conf wins
        ("sc://127.0.0.1:15002", {}, None),  # a Spark Connect server's workers are its own
    ],
)
def test_the_pipelines_own_session_sets_its_daemon_and_registers_no_source(
    monkeypatch: pytest.MonkeyPatch, master: str, conf: dict[str, str], daemon: str | None
) -> None:
    import kafkaks.pipeline

    started: list[dict[str, object]] = []
    monkeypatch.setattr(kafkaks.pipeline, "session", lambda master, **kwargs: started.append(kwargs))
    kafkaks.pipeline._start_session(master, None, conf, lambda _line: None)
    assert (
        started[0]["source"] is False and started[0]["jvm_options"] == kafkaks.pipeline.PIPELINE_JVM_OPTIONS
    )
    assert started[0]["conf"].get("spark.python.daemon.module") == daemon  # type: ignore[attr-defined]


def test_links_in_dest_are_not_followed(source: Path, tmp_path: Path) -> None:
    """A link in DEST to a big tree (``/usr``, ``/``) must not make the check walk it, and a link
    to another directory's Kafka data is a link, not Kafka data of DEST's own."""
    dest = tmp_path / "out"
    dest.mkdir()
    (dest / "rootlink").symlink_to("/")
    (dest / "elsewhere").symlink_to(LOGDIR)
    target = pipeline_module.Destination.check(str(dest), [str(source)], "overwrite")
    assert target.uri == str(dest)
    with pytest.raises(pipeline_module.RefusedError, match="is not empty"):
        pipeline_module.Destination.check(str(dest), [str(source)], "error")


@pytest.mark.parametrize("form", ["file://{}", "file://{}/"])
def test_dest_inside_a_file_uri_src_is_refused(source: Path, form: str) -> None:
    with pytest.raises(pipeline_module.RefusedError, match="overlap"):
        pipeline_module.Destination.check(str(source / "out"), [form.format(source)], "overwrite")
    with pytest.raises(pipeline_module.RefusedError, match="overlap"):
        pipeline_module.Destination.check(f"file://{source}/out", [str(source)], "overwrite")


@pytest.mark.spark
@needs_java
def test_a_closed_stderr_does_not_stop_the_run(source: Path, tmp_path: Path) -> None:
    """``kafkaks pipeline SRC DEST 2>&1 | head -1``: the progress lines have nowhere to go, but
    DEST is still written and moved into place."""
    dest = tmp_path / "out"
    read, write = os.pipe()
    os.close(read)
    script = Path(sys.executable).with_name("kafkaks")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "kafkaks.cli.main"]
    try:
        result = subprocess.run(
            [*command, "pipeline", "--spark-log", str(tmp_path / "spark.log"), str(source), str(dest)],
            stdout=subprocess.DEVNULL,
            stderr=write,
            timeout=600,
            check=False,
        )
    finally:
        os.close(write)
    assert result.returncode == 0
    assert sorted(p.name for p in dest.iterdir() if p.name.startswith("topic=")) == [
        "topic=orders",
        "topic=txn-topic",
    ]


def test_a_parent_folder_names_the_log_dirs_further_down(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Log dirs two levels down (disks copied as ``backup/broker-1/kafka-logs``) are not read from
    the parent, but the refusal names them."""
    parent = tmp_path / "backup"
    shutil.copytree(LOGDIR, parent / "broker-1" / "kafka-logs")
    code, out, err = pipeline(["--dry-run", str(parent), str(tmp_path / "out")], capsys)
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"kafkaks pipeline: error: {parent}: no Kafka data at this level, but log directories further "
        f"down: {parent / 'broker-1' / 'kafka-logs'} (name them as SRC)"
    ]


def test_empty_partitions_new_to_a_table_are_one_line() -> None:
    from kafkaks.tables.appending import TableRun
    from kafkaks.tables.watermarks import Decision

    decisions = [Decision("__consumer_offsets", n) for n in range(50)]
    decisions.append(Decision("orders", 0, after=41))
    text = pipeline_module.format_table_run(TableRun("the table", decisions, {}, {}))
    assert text == [
        "nothing new in orders-0: the table holds up to offset 41",
        "nothing new in 50 partitions (__consumer_offsets-0, __consumer_offsets-1, __consumer_offsets-2, "
        "...): the table holds nothing of them",
        "0 records appended: no commit made to the table",
    ]
    one = pipeline_module.format_table_run(TableRun("the table", decisions[:1], {}, {}))
    assert one[0] == "nothing new in __consumer_offsets-0: the table holds nothing"


def test_importing_the_source_prints_no_pandas_warning() -> None:
    """PySpark's notice about pandas 3 (kafkaks does not use pandas) is not shown to a user of the
    data source, a Spark Connect client say."""
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    result = subprocess.run(
        [sys.executable, "-W", "default", "-c", "from kafkaks.spark import KafkaLogDataSource"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "FutureWarning" not in result.stderr


@pytest.mark.parametrize(
    ("total", "master", "tasks"),
    [
        (300, "local[1]", 3),
        (300, "local[2]", 4),
        (200, "local[2]", 2),
        (50, "local[2]", 1),
        (300, "yarn", 3),
        (300, "spark://127.0.0.1:7077", 3),
        (300, "spark://127.0.0.1:7077 spark.cores.max=2", 4),  # the cores the cluster gives it at most
        (300, "local[2] spark.cores.max=3", 4),  # not a cluster: local[2] says the cores
    ],
)
def test_a_run_of_several_tasks_has_as_many_as_the_cores_take_in_rounds(
    total: int, master: str, tasks: int
) -> None:
    """Three tasks on two cores take two rounds, one half idle: a run of more than one task is cut
    into a multiple of the cores' count of pieces of one size, where the master says the cores."""
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    from kafkaks.pipeline import _sized
    from kafkaks.spark.options import Options

    options = Options.parse({"path": str(LOGDIR), "maxBytesPerPartition": "100"})
    master, _, conf = master.partition(" ")
    sized = _sized(options, total, master, dict([conf.split("=")]) if conf else None, None)
    assert -(-total // sized.max_bytes_per_partition) == tasks


def test_a_parquet_run_groups_its_segments_by_the_size_cut_for_the_cores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Six equal segments, at most four a task, on three cores: groups of two (three tasks, one
    round), not of four and two (two tasks, one core idle)."""
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    segment = LOGDIR / "orders-0" / "00000000000000000000.log"
    for partition in range(6):
        (tmp_path / "src" / f"t-{partition}").mkdir(parents=True)
        shutil.copy(segment, tmp_path / "src" / f"t-{partition}" / segment.name)
    most = str(4 * segment.stat().st_size)
    argv = ["--dry-run", "--master", "local[3]", "--max-bytes-per-partition", most]
    code, _, err = pipeline([*argv, str(tmp_path / "src"), str(tmp_path / "out")], capsys)
    assert code == 0, err
    assert ": 6 splits in 3 tasks;" in err


@pytest.mark.parametrize("name", ["spark.cores.max", "spark.default.parallelism"])
def test_a_count_of_cores_that_is_no_number_is_refused_naming_it(
    name: str, source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    argv = ["--master", "spark://127.0.0.1:1", "--conf", f"{name}=two", "--dry-run"]
    code, _, err = pipeline([*argv, str(source), str(tmp_path / "out")], capsys)
    assert code == 2
    assert err.splitlines()[-1] == f"kafkaks pipeline: error: --conf {name}=two: not a whole number"


def test_remote_is_tiered_storage_and_spark_connect_goes_to_master(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--remote was --master's other name (Spark Connect's sc://, as spark-submit takes it): it is
    tiered storage's store now, and an sc:// URL given to it is refused saying where it goes."""
    code, _, err = pipeline(["--remote", "sc://host:15002", str(source), str(tmp_path / "o")], capsys)
    assert code == 2 and "give sc://host:15002 as --master" in err
    code, _, err = pipeline([str(tmp_path / "o")], capsys)
    assert code == 2 and "no SRC" in err
    store = tmp_path / "store"
    store.mkdir()
    code, _, err = pipeline(["--dry-run", "--remote", str(store), str(source), str(tmp_path / "o")], capsys)
    assert code == 0 and "dry run" in err
    pytest.importorskip("pyiceberg", reason="the tables extra is not installed: pip install kafkaks[tables]")
    table = ["--format", "iceberg", "--dry-run", "--remote", str(store), str(source), str(tmp_path / "t")]
    code, out, _ = pipeline(table, capsys)  # tables take --remote too
    assert code == 0 and "plan for" in out


def test_the_pipelines_python_workers_import_the_installed_pyspark_not_sparks_zip(tmp_path: Path) -> None:
    """Spark puts pyspark.zip first on its workers' path; the pipeline's daemon module moves the
    zips of an installed version after it (Python would compile each module of a zip afresh in
    every worker), and leaves a zip of another version first."""
    pyspark = pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    import importlib.metadata

    from kafkaks.spark.daemon import installed_first

    lib = Path(pyspark.__file__).parent / "python" / "lib"
    zips = sorted(str(path) for path in lib.glob("*.zip"))
    assert [Path(z).name for z in zips] == [
        "py4j-" + importlib.metadata.version("py4j") + "-src.zip",
        "pyspark.zip",
    ]
    code = (
        "import sys\n"
        "from kafkaks.spark.daemon import installed_first\n"
        "sys.path[:] = installed_first(sys.path)\n"
        "import pyspark.daemon, py4j\n"
        "print(pyspark.daemon.__file__, py4j.__file__)\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(zips)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert ".zip" not in done.stdout and done.stdout.count(".py") == 2
    # another version of PySpark in the zip: the zip stays where Spark put it
    other = tmp_path / "pyspark.zip"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("pyspark/version.py", "__version__: str = '0.0.1'\n")
    assert installed_first([str(other), "/site-packages"]) == [str(other), "/site-packages"]
    assert installed_first([zips[1], "/site-packages"]) == ["/site-packages", zips[1]]
    assert installed_first(["/elsewhere/other.zip", "/x"]) == ["/elsewhere/other.zip", "/x"]
