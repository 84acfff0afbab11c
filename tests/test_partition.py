"""What a path is (a segment, a partition directory, a broker log directory, or no Kafka data),
decided from what it holds, and listings that survive bad entries: the library's readers and the
``kafkaks`` command on the same inputs.

The inputs are copies of the client-made fixture log dir (tests/fixtures/logdir, see its README),
renamed, emptied or given bad entries here; record offsets are cross-checked with kafka-python's
reader.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from conftest import FIXTURES
from kafka.record import MemoryRecords

import kafkaks
import kafkaks.store.recovery
import kafkaks.store.segment
from kafkaks import NoKafkaDataError, Problem, UnreadableFileError
from kafkaks.cli.main import main
from kafkaks.store.listing import partition_listings
from kafkaks.store.recovery import plan_recovery

LOGDIR = FIXTURES / "logdir"
PARTITIONS = ["orders-0", "orders-1", "txn-topic-0"]


def kafka_python_offsets(directory: Path) -> list[int]:
    """Every record offset of the live segments under a directory, read by kafka-python."""
    offsets = []
    for log in sorted(directory.glob("*/*.log")):
        records = MemoryRecords(log.read_bytes())
        while (batch := records.next_batch()) is not None:
            offsets += [record.offset for record in batch]
    return offsets


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, list[str]]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err.splitlines()


@pytest.fixture
def kafka_logs_1(tmp_path: Path) -> Path:
    """The fixture log dir under a name that parses as topic ``kafka-logs``, partition 1."""
    target = tmp_path / "kafka-logs-1"
    shutil.copytree(LOGDIR, target)
    return target


# 1. A directory is what it holds, not what its name says.


def test_a_log_dir_named_like_a_partition_is_read_as_a_log_dir(kafka_logs_1: Path) -> None:
    table = pa.Table.from_batches(kafkaks.read_arrow(kafka_logs_1, include_control=True))
    assert table.num_rows == 67
    assert sorted(set(table.column("topic").to_pylist())) == ["orders", "txn-topic"]
    assert table.column("offset").to_pylist() == kafka_python_offsets(kafka_logs_1)
    records = list(kafkaks.read_log_dir(kafka_logs_1))
    assert [(r.topic, r.partition, r.offset) for r in records] == [
        (r.topic, r.partition, r.offset) for r in kafkaks.read_log_dir(LOGDIR)
    ]
    assert [p.path.name for p in kafkaks.partition_dirs(kafka_logs_1)] == PARTITIONS
    with pytest.raises(ValueError, match=f"{kafka_logs_1} is a broker log directory"):
        list(kafkaks.read_partition(kafka_logs_1))


def test_the_command_reads_it_whole_too(kafka_logs_1: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "--recovery", str(kafka_logs_1))
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()[1:4]] == [str(kafka_logs_1 / p) for p in PARTITIONS]
    assert out.count("Recovery of ") == 3


def test_a_directory_holding_segments_is_a_partition_whatever_its_name(tmp_path: Path) -> None:
    unnamed = tmp_path / "copied segments"
    shutil.copytree(LOGDIR / "orders-0", unnamed)
    table = pa.Table.from_batches(kafkaks.read_arrow(unnamed))
    assert table.num_rows == 42
    assert set(table.column("topic").to_pylist()) == {None}
    assert table.column("offset").to_pylist() == list(range(42))
    assert len(list(kafkaks.read_log_dir(unnamed))) == 42


# 2. No Kafka data is an error; an empty partition is not.


def no_kafka_data(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "missing"
    (tmp_path / "empty").mkdir()
    yield tmp_path / "empty"
    etc = tmp_path / "etc"
    (etc / "ssh").mkdir(parents=True)
    (etc / "hostname").write_text("broker-1\n")
    (etc / "ssh" / "sshd_config").write_text("Port 22\n")
    yield etc
    named = tmp_path / "orders-0"  # named like a partition, holding nothing
    named.mkdir()
    yield named


def test_a_path_without_kafka_data_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in no_kafka_data(tmp_path):
        for read in (
            kafkaks.read_arrow,
            kafkaks.read_log_dir,
            kafkaks.read_partition,
            kafkaks.partition_dirs,
        ):
            with pytest.raises(NoKafkaDataError, match=f"^{path}: "):
                list(read(path))
        for command in (["verify"], ["verify", "--recovery"], ["dump"], ["dump", "--json"]):
            code, out, err = run(capsys, *command, str(path))
            assert (code, out) == (2, ""), (command, path)
            assert len(err) == 1 and err[0].startswith(f"kafkaks: error: {path}: "), err


def test_verify_of_a_file_kafka_does_not_read_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not Kafka\n")
    code, out, err = run(capsys, "verify", str(notes))
    assert (code, out) == (2, "")
    assert err == [f"kafkaks: error: {notes}: not a file verify checks (none of .log, .checkpoint, .index, "
                   ".timeindex, .txnindex, .snapshot)"]  # fmt: skip


def test_empty_partitions_and_log_dirs_are_kafka_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new_partition = tmp_path / "logs" / "fresh-0"  # what a broker creates before the first append
    new_partition.mkdir(parents=True)
    (new_partition / "00000000000000000000.log").write_bytes(b"")
    metadata_only = tmp_path / "logs" / "bare-1"
    metadata_only.mkdir()
    shutil.copy(LOGDIR / "orders-0" / "partition.metadata", metadata_only)
    new_broker = tmp_path / "new-broker"
    new_broker.mkdir()
    shutil.copy(LOGDIR / "meta.properties", new_broker)
    for path in (new_partition, metadata_only, tmp_path / "logs", new_broker):
        assert list(kafkaks.read_arrow(path)) == []
        assert list(kafkaks.read_log_dir(path)) == []
        assert run(capsys, "verify", str(path))[0] == 0
    assert list(kafkaks.read_partition(new_partition)) == []
    assert [p.path.name for p in kafkaks.partition_dirs(tmp_path / "logs")] == ["bare-1", "fresh-0"]


# 3. Bad directory entries are reported, once each, and everything else is read.


def bad_entries(log_dir: Path) -> list[Path]:
    """Give a log dir every kind of entry that must not stop a reader; return them."""
    partition = log_dir / "orders-0"
    (log_dir / "loop").symlink_to(".")
    (log_dir / "rootlink").symlink_to("/")
    (partition / "00000000000000000099.log").symlink_to("00000000000000000099.log")
    (partition / "00000000000000000098.index").symlink_to("00000000000000000098.index")
    (partition / "00000000000000000097.log").mkdir()
    (partition / "00000000000000000096.log").symlink_to("gone")
    (partition / "00000000000000000095.log").symlink_to("/etc/hostname")
    return [
        log_dir / "loop",
        log_dir / "rootlink",
        *(partition / f"000000000000000000{n}.{kind}" for n, kind in
          [(95, "log"), (96, "log"), (97, "log"), (98, "index"), (99, "log")]),
    ]  # fmt: skip


def test_bad_entries_are_problems_and_the_rest_is_read(kafka_logs_1: Path) -> None:
    bad = bad_entries(kafka_logs_1)
    (kafka_logs_1 / "txn-topic-0" / "inside.log").symlink_to("00000000000000000000.log")  # fine
    problems: list[Problem] = []
    records = list(kafkaks.read_log_dir(kafka_logs_1, on_problem=problems.append))
    assert len(records) == 67
    assert {p.kind for p in problems} == {"unreadable_file"}
    segments = [b for b in bad if b.name.endswith(".log")]
    assert sorted(p.path for p in problems) == sorted(map(str, [*bad[:2], *segments]))
    problems.clear()
    table = pa.Table.from_batches(
        kafkaks.read_arrow(kafka_logs_1, include_control=True, on_problem=problems.append)
    )
    assert table.num_rows == 67 and len(problems) == 6
    with pytest.raises(UnreadableFileError, match="not followed"):
        list(kafkaks.read_log_dir(kafka_logs_1))


def test_the_command_reports_bad_entries_once_and_goes_on(
    kafka_logs_1: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clean = tmp_path / "clean"
    shutil.copytree(kafka_logs_1, clean)
    bad = bad_entries(kafka_logs_1)
    _, clean_out, _ = run(capsys, "dump", str(clean))
    code, out, err = run(capsys, "dump", str(kafka_logs_1))
    assert code == 1
    assert out == clean_out.replace(str(clean), str(kafka_logs_1))
    assert sorted(line.split(": ")[1] for line in err) == sorted(map(str, bad))
    assert any("a link to the directory /: not followed" in line for line in err)
    code, out, err = run(capsys, "verify", str(kafka_logs_1))
    assert code == 1 and len(out.splitlines()) == 4
    assert sorted(line.split(": ")[1] for line in err) == sorted(map(str, bad))
    code, out, _ = run(capsys, "dump", "--json", str(kafka_logs_1))
    problems = [json.loads(line) for line in out.splitlines() if '"type":"problem"' in line]
    assert sorted(p["path"] for p in problems) == sorted(map(str, bad))


def test_a_symlinked_log_dir_argument_is_followed(kafka_logs_1: Path, tmp_path: Path) -> None:
    link = tmp_path / "current"
    link.symlink_to(kafka_logs_1)
    assert len(list(kafkaks.read_log_dir(link))) == 67


def test_a_directory_that_cannot_be_listed_is_one_problem(
    kafka_logs_1: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As an unprivileged user without permission on orders-1 (tests run as root: simulated)."""
    denied = str(kafka_logs_1 / "orders-1")
    scandir = os.scandir

    def no_permission(path: Any) -> Any:
        if os.fspath(path) == denied:
            raise PermissionError(13, "Permission denied", denied)
        return scandir(path)

    monkeypatch.setattr(os, "scandir", no_permission)
    problems: list[Problem] = []
    assert len(list(kafkaks.read_log_dir(kafka_logs_1, on_problem=problems.append))) == 42 + 16
    assert [(p.path, p.message) for p in problems] == [
        (denied, "cannot list the directory: Permission denied")
    ]
    code, _out, err = run(capsys, "verify", str(kafka_logs_1))
    assert (code, err) == (1, [f"kafkaks: {denied}: cannot list the directory: Permission denied"])


# 5. A segment that cannot be read is one problem.


def test_an_unreadable_segment_is_one_problem(kafka_logs_1: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As an unprivileged user without permission on one segment (simulated: tests run as root)."""
    denied = str(kafka_logs_1 / "orders-0" / "00000000000000000016.log")

    def no_permission(path: Any, mode: str = "r") -> Any:
        if os.fspath(path) == denied:
            raise PermissionError(13, "Permission denied", denied)
        return open(path, mode)

    monkeypatch.setattr(kafkaks.store.segment, "open", no_permission, raising=False)
    monkeypatch.setattr(kafkaks.store.recovery, "open", no_permission, raising=False)
    plan = plan_recovery(kafka_logs_1 / "orders-0")
    assert [(p.kind, p.path, p.message) for p in plan.unreadable] == [
        ("unreadable_file", denied, "Permission denied")
    ]
    assert plan.losses == [] and len(plan.recovered) == 1
    for isolation in ("read_uncommitted", "read_committed"):
        problems: list[Problem] = []
        records = list(
            kafkaks.read_partition(kafka_logs_1 / "orders-0", isolation=isolation, on_problem=problems.append)
        )  # type: ignore[arg-type]
        assert [r.offset for r in records] == [*range(16), *range(30, 42)]
        assert [(p.kind, p.path, p.message) for p in problems] == [
            ("unreadable_file", denied, "Permission denied")
        ]
    with pytest.raises(UnreadableFileError, match=f"^{denied}: Permission denied"):
        list(kafkaks.read_partition(kafka_logs_1 / "orders-0"))


def nobody(*argv: str) -> subprocess.CompletedProcess[str]:
    """The installed command, run as user nobody."""
    command = [sys.executable, "-m", "kafkaks.cli.main", *argv]
    setpriv = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    return subprocess.run([*setpriv, *command], capture_output=True, text=True, timeout=600, check=False)


@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None,
    reason="runs the command as user nobody: needs root and setpriv (util-linux)",
)
@pytest.mark.slow
def test_unreadable_files_as_an_unprivileged_user() -> None:
    probe = nobody("--version")
    if probe.returncode != 0:  # e.g. a clone in a `mktemp -d` folder, which only root may enter
        pytest.skip(
            f"user nobody cannot run kafkaks from this checkout ({Path(__file__).parents[1]}): "
            f"{probe.stderr.strip().splitlines()[-1] if probe.stderr.strip() else probe.returncode}"
        )
    with tempfile.TemporaryDirectory() as scratch:
        os.chmod(scratch, 0o755)
        logs = Path(scratch) / "logs"
        shutil.copytree(LOGDIR, logs)
        denied = logs / "orders-0" / "00000000000000000016.log"
        denied.chmod(0)
        (logs / "orders-1").chmod(0)
        result = nobody("verify", "--recovery", str(logs / "orders-0"))
        assert result.returncode == 1, result.stderr
        assert "Recovery of " in result.stdout and "[Errno" not in result.stdout + result.stderr
        assert f"  {denied.name}: cannot be read (Permission denied): not in this view" in result.stdout
        assert result.stderr.count(f"{denied}: position 0: Permission denied") == 1
        result = nobody("dump", str(logs))
        assert result.returncode == 1
        assert result.stderr.count(f"kafkaks: {denied}: Permission denied") == 1
        assert f"kafkaks: {logs / 'orders-1'}: cannot list the directory: Permission denied" in result.stderr
        assert result.stdout.count("Dumping ") == 17


# 4. Directory names that are not UTF-8.


@pytest.fixture
def non_utf8(tmp_path: Path) -> Path:
    """A log dir whose partition directory is named b'caf\\xff-0' (orders-1's segment in it)."""
    partition = os.path.join(os.fsencode(tmp_path), b"caf\xff-0")
    os.mkdir(partition)
    shutil.copy(
        LOGDIR / "orders-1" / "00000000000000000010.log", os.path.join(partition, b"00000000000000000010.log")
    )
    return tmp_path


def test_non_utf8_directory_names_are_read(non_utf8: Path) -> None:
    table = pa.Table.from_batches(kafkaks.read_arrow(non_utf8, include_metadata=True))
    assert table.num_rows == 9
    assert set(table.column("topic").to_pylist()) == {"caf\ufffd"}
    assert set(table.column("segment").to_pylist()) == {f"{non_utf8}/caf\\xff-0/00000000000000000010.log"}
    assert {r.topic for r in kafkaks.read_log_dir(non_utf8)} == {os.fsdecode(b"caf\xff")}


def test_json_escapes_non_utf8_paths(non_utf8: Path) -> None:
    command = [sys.executable, "-m", "kafkaks.cli.main", "dump", "--json", str(non_utf8)]
    result = subprocess.run(command, capture_output=True, timeout=600, check=True)
    lines = result.stdout.decode("utf-8").splitlines()  # strict: valid UTF-8
    paths = {os.fsencode(json.loads(line)["path"]) for line in lines}
    assert paths == {os.path.join(os.fsencode(non_utf8), b"caf\xff-0", b"00000000000000000010.log")}
    assert "\\udcff" in lines[0]
    text = subprocess.run([*command[:4], str(non_utf8)], capture_output=True, timeout=600, check=True,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})  # fmt: skip
    assert text.stdout.startswith(b"Dumping " + os.fsencode(non_utf8) + b"/caf\xff-0/")


def test_partition_listings_are_ordered_by_topic_and_partition(kafka_logs_1: Path) -> None:
    (kafka_logs_1 / "orders-10").mkdir()
    shutil.copy(LOGDIR / "orders-1" / "00000000000000000010.log", kafka_logs_1 / "orders-10")
    names = [Path(listing.path).name for listing in partition_listings([kafka_logs_1])]
    assert names == ["orders-0", "orders-1", "orders-10", "txn-topic-0"]


def test_links_in_a_tree_without_kafka_data_are_not_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A directory like /etc (links out of it everywhere, no Kafka file) is one error, not a
    report per link: entries are judged only in directories that hold Kafka data."""
    tree = tmp_path / "etc"
    (tree / "sub").mkdir(parents=True)
    (tree / "os-release").symlink_to("/etc/hostname")
    (tree / "sub" / "dangling").symlink_to("gone")
    (tree / "sub" / "up").symlink_to("..")
    for command in ("dump", "verify"):
        code, out, err = run(capsys, command, str(tree))
        assert code == 2 and out == ""
        assert err == [
            f"kafkaks: error: {tree}: no Kafka data: no Kafka file, partition directory or log "
            "directory in it"
        ]


def test_a_file_that_is_not_a_log_is_no_kafka_data(tmp_path: Path) -> None:
    """``read_arrow("notes.txt")`` was 0 rows and a warning: it is an error naming the file, as in
    verify; a segment renamed for the Web IDE (``orders-0.log``) is still read."""
    notes = tmp_path / "notes.txt"
    notes.write_text("not Kafka\n")
    with pytest.raises(NoKafkaDataError, match=f"^{notes}: not a .log segment"):
        list(kafkaks.read_arrow(notes))
    renamed = tmp_path / "orders-0.log"
    shutil.copyfile(LOGDIR / "orders-0" / "00000000000000000000.log", renamed)
    rows = pa.Table.from_batches(kafkaks.read_arrow(renamed, include_control=True)).num_rows
    assert rows == sum(batch.count for batch in kafkaks.read_log(renamed))


def test_read_log_of_a_missing_path_or_a_directory_is_a_kafkaks_error(tmp_path: Path) -> None:
    with pytest.raises(NoKafkaDataError, match="No such file or directory"):
        list(kafkaks.read_log(tmp_path / "missing.log"))
    with pytest.raises(NoKafkaDataError, match="a directory is read with read_partition"):
        list(kafkaks.read_log(tmp_path))


def test_a_folder_of_log_dirs_is_read_as_their_partitions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Several brokers' disks copied side by side under one folder: the library reads what the
    command dumps, each partition's copies merged, one level down and no further."""
    backup = tmp_path / "backup"
    shutil.copytree(LOGDIR, backup / "broker-1" / "kafka-logs")
    shutil.copytree(LOGDIR, backup / "broker-2" / "kafka-logs")
    one = kafkaks.read_log_dir(LOGDIR)
    assert [(r.topic, r.partition, r.offset) for r in kafkaks.read_log_dir(backup / "broker-1")] == [
        (r.topic, r.partition, r.offset) for r in one
    ]
    merged = pa.Table.from_batches(kafkaks.read_arrow(backup / "broker-1", include_control=True))
    both = pa.Table.from_batches(
        kafkaks.read_arrow([backup / "broker-1", backup / "broker-2"], include_control=True)
    )
    assert merged.num_rows == both.num_rows > 0
    with pytest.raises(NoKafkaDataError):
        list(kafkaks.read_log_dir(backup))  # two levels down: not looked for
    code, _, _ = run(capsys, "verify", str(backup / "broker-1"))
    assert code == 0
