"""``kafkaks state`` and :func:`kafkaks.cluster_state`.

Two kinds of evidence, neither from kafkaks' decoders:
- tests/fixtures/state, made by tools/state_fixtures.py with the schema-driven encoder
  (Kafka 4.3.1's message schemas) and kafka-python's batch builder, for Kafka 4.x group types and
  open, committed and aborted transactions; its expected.json is the state the scenario implies;
- real broker data in ../shared/testdata/real, whose committed offsets are replayed here from
  kafka-python's record reader and a parse of the records written from Kafka's message schemas
  (OffsetCommitKey, OffsetCommitValue, TransactionLogKey/Value), with the coordinator's rules
  (OffsetMetadataManager.replay).
"""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from conftest import NO_REAL_DATA, REAL_DATA, ROOT
from kafka.record.memory_records import MemoryRecords

import kafkaks
from kafkaks.cli.main import main
from kafkaks.state import ClusterState, to_json
from kafkaks.state.html import render_html

sys.path.insert(0, str(ROOT / "tools"))
from state_fixtures import batch as kafka_python_batch  # the fixture's writer: kafka-python's builder

FIXTURE = ROOT / "tests" / "fixtures" / "state"
EXPECTED = json.loads((FIXTURE / "expected.json").read_text())


@pytest.fixture(scope="module")
def state() -> ClusterState:
    return kafkaks.cluster_state(FIXTURE / "broker1", FIXTURE / "broker2")


def test_kafka4_groups_have_the_coordinators_state(state: ClusterState) -> None:
    groups = {g.group_id: g for g in state.groups}
    assert set(groups) == set(EXPECTED["groups"])  # "deleted" was removed by its tombstone
    for group_id, want in EXPECTED["groups"].items():
        g = groups[group_id]
        assert (g.type, g.state, g.epoch) == (want["type"], want["state"], want["epoch"]), group_id
        assert sorted(m.member_id for m in g.members) == want["members"], group_id
        assert {f"{o.topic}-{o.partition}": o.offset for o in g.offsets} == want["offsets"], group_id
        for member, assigned in want.get("assigned", {}).items():  # topic ids named by partition.metadata
            found = next(m for m in g.members if m.member_id == member)
            assert {t: list(p) for t, p in found.assigned.items()} == assigned


def test_lag_is_the_high_watermark_minus_the_committed_offset(state: ClusterState) -> None:
    lags = {f"{g.group_id}/{o.topic}-{o.partition}": o.lag for g in state.groups for o in g.offsets}
    assert lags == EXPECTED["lag"]
    sources = {o.end_source for g in state.groups for o in g.offsets}
    assert sources == {"high_watermark"}


def test_pending_transactional_offsets_are_not_committed(state: ClusterState) -> None:
    txgroup = next(g for g in state.groups if g.group_id == "txgroup")
    assert txgroup.pending_transactional_offsets == 1  # producer 502 never ended


def test_transactions_and_hanging_candidates(state: ClusterState) -> None:
    assert {t.transactional_id: t.state for t in state.transactions} == EXPECTED["transactions"]
    found = {str(o.producer_id): o for o in state.open_transactions}
    assert set(found) == set(EXPECTED["open_transactions"])
    for pid, want in EXPECTED["open_transactions"].items():
        assert found[pid].first_offset == want["first_offset"]
        assert found[pid].hanging == want["hanging"]
        partition = f"{found[pid].topic}-{found[pid].partition}"
        assert partition == want["partition"]
        assert found[pid].last_stable_offset == EXPECTED["last_stable_offset"][partition]
    hanging = found["1003"]
    assert hanging.abort_command.endswith("--topic orders --partition 0 --start-offset 5")
    assert hanging.open_ms == EXPECTED["now"] - (EXPECTED["now"] - 60 * 60_000 + 4)


def test_replica_divergence(state: ClusterState) -> None:
    (r,) = state.replicas
    want = EXPECTED["replicas"]["payments-0"]
    assert Path(r.longest).parent.name == want["longest"]
    assert r.diverge_at == want["diverge_at"]
    assert {Path(k).parent.name: v for k, v in r.would_lose.items()} == want["would_lose"]
    orders = next(p for p in state.partitions if p.topic == "payments")
    assert orders.copies == 2


def test_at_offset_stops_the_replay(state: ClusterState) -> None:
    early = kafkaks.cluster_state(FIXTURE / "broker1", at="5")
    kip848 = next(g for g in early.groups if g.group_id == "kip848")
    assert kip848.offsets == ()  # the commits come later in the log
    assert kip848.state == "Reconciling"


def test_cli_json_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["state", str(FIXTURE / "broker1"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {g["group_id"] for g in data["groups"]} == set(EXPECTED["groups"])
    assert main(["state", str(FIXTURE / "broker1"), "--html", str(tmp_path / "s.html")]) == 0
    text = capsys.readouterr().out
    assert "CONSUMER GROUPS" in text and "kafka-transactions.sh" in text
    assert "<svg" in (tmp_path / "s.html").read_text()


@pytest.mark.parametrize("damage", ["flipped", "truncated", "garbage"])
def test_damaged_internal_topics_are_reported_not_raised(
    damage: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broker = tmp_path / "broker1"
    shutil.copytree(FIXTURE / "broker1", broker)
    segment = broker / "__consumer_offsets-0" / "00000000000000000000.log"
    data = bytearray(segment.read_bytes())
    if damage == "flipped":
        data[len(data) // 2] ^= 0xFF
    elif damage == "truncated":
        del data[len(data) - 40 :]
    else:
        data[61 : len(data) // 2] = bytes(range(256)) * ((len(data) // 2 - 61) // 256 + 1)
    segment.write_bytes(bytes(data))
    assert main(["state", str(broker)]) == 1
    out = capsys.readouterr().out
    assert "PROBLEMS" in out and "CONSUMER GROUPS" in out
    state = kafkaks.cluster_state(broker)
    assert state.damaged and any(p.damage for p in state.partitions if p.topic == "__consumer_offsets")


def test_bad_at_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["state", str(FIXTURE / "broker1"), "--at", "yesterday"]) == 2
    assert "--at" in capsys.readouterr().err


def test_html_is_self_contained(state: ClusterState) -> None:
    page = render_html(state)
    for remote in ("http://", "https://", "<script", "src="):
        assert remote not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_library_names_are_exported() -> None:
    assert kafkaks.cluster_state is kafkaks.state.cluster_state
    assert "cluster_state" in kafkaks.__all__


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(
    CHROMIUM is None,
    reason="Chromium not found: `apt-get install chromium` to check the HTML page in a browser",
)
def test_html_renders_in_headless_chromium(state: ClusterState, tmp_path: Path) -> None:
    page = tmp_path / "state.html"
    page.write_text(render_html(state))
    run = subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.count("<svg") == 3 and "Consumer groups" in run.stdout
    console = [line for line in run.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == []


# --- real broker data, replayed independently --------------------------------------------------


def _string(data: bytes, pos: int) -> tuple[str | None, int]:
    (n,) = struct.unpack_from(">h", data, pos)
    if n < 0:
        return None, pos + 2
    return data[pos + 2 : pos + 2 + n].decode(), pos + 2 + n


def _batches(directory: Path) -> list[Any]:
    out = []
    for log in sorted(directory.glob("*.log")):
        records = MemoryRecords(log.read_bytes())
        while (batch := records.next_batch()) is not None:
            out.append(batch)
    return out


def _replay_offsets(directory: Path) -> dict[tuple[str, str, int], int]:
    """OffsetMetadataManager.replay and replayEndTransactionMarker, over kafka-python's reading."""
    offsets: dict[tuple[str, str, int], int] = {}
    pending: dict[int, dict[tuple[str, str, int], int]] = {}
    for batch in _batches(directory):
        pid = getattr(batch, "producer_id", -1)
        pid = -1 if pid is None else pid
        for record in batch:
            key, value = record.key, record.value
            if getattr(batch, "is_control_batch", False):
                kind = struct.unpack_from(">h", key, 2)[0]
                for k, v in pending.pop(pid, {}).items():
                    if kind == 1:
                        offsets[k] = v
                continue
            if key is None or struct.unpack_from(">h", key)[0] not in (0, 1):
                continue
            group, pos = _string(key, 2)
            topic, pos = _string(key, pos)
            (partition,) = struct.unpack_from(">i", key, pos)
            k = (group or "", topic or "", partition)
            if value is None:
                offsets.pop(k, None)
                for commits in pending.values():
                    commits.pop(k, None)
            else:
                (committed,) = struct.unpack_from(">q", value, 2)
                (offsets if pid == -1 else pending.setdefault(pid, {}))[k] = committed
    return offsets


REAL_GROUP_DIRS = [
    "ldi-poc",
    "multiseg-offsets-2.7/kafka-logs",
    "magic1-kafka-0.10.1/tmp/kafka-logs",
    "snappy-xerial-headers/kafka-logs",
    "compacted-delete-horizon/kafka/data",
    "confluent-ksql-txn/kafka-data",
]


@pytest.mark.parametrize("where", REAL_GROUP_DIRS)
def test_real_committed_offsets_match_an_independent_replay(where: str) -> None:
    log_dir = REAL_DATA / where
    if not log_dir.is_dir():
        pytest.skip(f"{NO_REAL_DATA}: {log_dir} is absent")
    expected: dict[tuple[str, str, int], int] = {}
    for directory in sorted(log_dir.glob("__consumer_offsets-*")):
        expected.update(_replay_offsets(directory))
    state = kafkaks.cluster_state(log_dir)
    got = {(g.group_id, o.topic, o.partition): o.offset for g in state.groups for o in g.offsets}
    assert got == expected
    for g in state.groups:
        for o in g.offsets:
            if o.end_offset is not None:
                assert o.lag == o.end_offset - o.offset


def test_real_transaction_state_matches_an_independent_parse() -> None:
    log_dir = REAL_DATA / "confluent-ksql-txn" / "kafka-data"
    if not log_dir.is_dir():
        pytest.skip(f"{NO_REAL_DATA}: {log_dir} is absent")
    expected: dict[str, tuple[int, int]] = {}
    for directory in sorted(log_dir.glob("__transaction_state-*")):
        for batch in _batches(directory):
            for record in batch:
                tid, _ = _string(record.key, 2)
                if record.value is None:
                    expected.pop(tid or "", None)
                    continue
                # TransactionLogValue v0: ProducerId int64, ProducerEpoch int16, TimeoutMs int32, Status int8
                pid, _epoch, _timeout, status = struct.unpack_from(">qhib", record.value, 2)
                expected[tid or ""] = (pid, status)
    state = kafkaks.cluster_state(log_dir)
    names = ["Empty", "Ongoing", "PrepareCommit", "PrepareAbort", "CompleteCommit", "CompleteAbort", "Dead"]
    assert {t.transactional_id: (t.producer_id, names.index(t.state)) for t in state.transactions} == expected
    assert expected


@pytest.mark.parametrize(
    "where", ["kraft-snapshots-nonzero-base/kafka-logs", "confluent-ksql-txn/kafka-data", "ldi-poc"]
)
def test_real_kraft_metadata_names_every_partition_on_disk(where: str) -> None:
    log_dir = REAL_DATA / where
    if not log_dir.is_dir():
        pytest.skip(f"{NO_REAL_DATA}: {log_dir} is absent")
    state = kafkaks.cluster_state(log_dir)
    assert state.metadata is not None and state.metadata.source == "kraft"
    registered = {(t.name, p.partition) for t in state.metadata.topics for p in t.partitions}
    on_disk = {
        (d.topic, d.partition) for d in kafkaks.partition_dirs(log_dir) if d.topic != "__cluster_metadata"
    }
    assert on_disk <= registered
    node = state.metadata.node_ids
    assert node and all(p.replicas == node for t in state.metadata.topics for p in t.partitions)
    assert state.metadata.features.get("metadata.version", 0) > 0
    json.dumps(to_json(state))


def test_at_time_stops_every_log_at_the_first_later_batch() -> None:
    # The fixture's records are written from T0 = 2023-11-14T22:13:20Z: the first batch of
    # __consumer_offsets (kip848's records) at T0, the second (a member joining at T0 + 1 ms and
    # leaving at T0 + 2 ms) after the time asked for: the replay stops there.
    early = kafkaks.cluster_state(FIXTURE / "broker1", at="2023-11-14T22:13:20.001Z")
    (kip848,) = early.groups
    assert kip848.group_id == "kip848" and kip848.offsets == ()
    assert [m.member_id for m in kip848.members] == ["m1", "m2"]
    assert early.now == EXPECTED["now"] - 60 * 60_000 + 1


def test_expiry_follows_the_groups_expiration_condition() -> None:
    state = kafkaks.cluster_state(FIXTURE / "broker1", offsets_retention_ms=1)
    expired = {(g.group_id, o.topic, o.partition): o.expired for g in state.groups for o in g.offsets}
    # simple groups (no protocol type) expire from the commit time; kip848's members subscribe to
    # "orders", whose offsets a consumer group never expires
    assert expired == {
        ("kip848", "orders", 0): False,
        ("simple", "orders", 0): True,
        ("txgroup", "orders", 0): True,
    }
    kept = kafkaks.cluster_state(FIXTURE / "broker1")
    assert not any(o.expired for g in kept.groups for o in g.offsets)


def _metadata_replay() -> Any:
    from kafkaks.state.metadata import MetadataReplay

    replay = MetadataReplay()
    replay.record("TOPIC_RECORD", {"name": "orders", "topicId": "T"})
    replay.record(
        "PARTITION_RECORD",
        {
            "partitionId": 0,
            "topicId": "T",
            "replicas": [1, 2, 3],
            "isr": [1, 2, 3],
            "leader": 1,
            "leaderEpoch": 4,
            "partitionEpoch": 7,
        },
    )
    return replay


def test_partition_changes_as_partition_registration_merge() -> None:
    replay = _metadata_replay()
    replay.record("PARTITION_CHANGE_RECORD", {"partitionId": 0, "topicId": "T", "isr": [1, 2], "leader": -2})
    (p,) = replay.metadata(None, None, None, ()).topics[0].partitions
    assert (p.isr, p.leader, p.leader_epoch, p.partition_epoch) == (
        (1, 2),
        1,
        4,
        8,
    )  # no new leader: same epoch
    replay.record(
        "PARTITION_CHANGE_RECORD",
        {"partitionId": 0, "topicId": "T", "leader": 2, "eligibleLeaderReplicas": [3]},
    )
    (p,) = replay.metadata(None, None, None, ()).topics[0].partitions
    assert (p.isr, p.leader, p.leader_epoch, p.partition_epoch, p.elr) == ((1, 2), 2, 5, 9, (3,))


def test_metadata_transactions_apply_whole_or_not_at_all() -> None:
    replay = _metadata_replay()
    replay.record("BEGIN_TRANSACTION_RECORD", {"name": "t"})
    replay.record(
        "CONFIG_RECORD", {"resourceType": 2, "resourceName": "orders", "name": "retention.ms", "value": "1"}
    )
    replay.record("ABORT_TRANSACTION_RECORD", {})
    replay.record("BEGIN_TRANSACTION_RECORD", {"name": "t"})
    replay.record(
        "CONFIG_RECORD",
        {"resourceType": 2, "resourceName": "orders", "name": "cleanup.policy", "value": "compact"},
    )
    assert replay.metadata(None, None, None, ()).topics[0].configs == {}  # not ended yet
    replay.record("END_TRANSACTION_RECORD", {})
    replay.record("FEATURE_LEVEL_RECORD", {"name": "metadata.version", "featureLevel": 27})
    metadata = replay.metadata(None, None, None, ())
    assert metadata.topics[0].configs == {"cleanup.policy": "compact"}
    assert metadata.features == {"metadata.version": 27}
    replay.record("REMOVE_TOPIC_RECORD", {"topicId": "T"})
    assert replay.metadata(None, None, None, ()).topics == ()


def test_records_that_do_not_decode_are_problems(tmp_path: Path) -> None:
    def s16(text: str) -> bytes:
        return struct.pack(">h", len(text)) + text.encode()

    commit_key = struct.pack(">h", 1) + s16("g") + s16("t") + struct.pack(">i", 0)
    records: list[tuple[bytes | None, bytes | None, int]] = [
        (commit_key, struct.pack(">h", 3) + b"\x01", 1),  # OffsetCommitValue v3 cut short
        (struct.pack(">h", 999) + b"??", b"x", 1),  # no such record type
        (None, b"x", 1),
        (struct.pack(">h", 2) + s16("g"), b"\x00\x09junk", 1),  # GroupMetadataValue v9
    ]
    partition = tmp_path / "__consumer_offsets-0"
    partition.mkdir()
    (partition / "00000000000000000000.log").write_bytes(kafka_python_batch(0, records))
    state = kafkaks.cluster_state(tmp_path)
    (group,) = state.groups
    assert group.group_id == "g" and group.offsets == () and group.members == ()
    assert len(state.problems) == 4
    assert all("__consumer_offsets" in p for p in state.problems)


def test_real_replicas_diverging_after_an_unclean_election(tmp_path: Path) -> None:
    """Two copies of a real partition (gzip-headers-epochs lsx1-0: 14 records over leader epochs
    0 to 7): the leader's, whole; a follower's, cut where epoch 5 began (offset 12) and then
    written on in epoch 4, an epoch the leader never had. The follower asks the leader where its
    epoch 4 ends (KIP-279): the leader's largest epoch not above 4 is 3, which ends at offset 12,
    so the follower would lose its 3 records from there."""
    original = REAL_DATA / "gzip-headers-epochs" / "data" / "lsx1-0"
    if not original.is_dir():
        pytest.skip(f"{NO_REAL_DATA}: {original} is absent")
    leader, follower = tmp_path / "a" / "lsx1-0", tmp_path / "b" / "lsx1-0"
    shutil.copytree(original, leader)
    follower.mkdir(parents=True)
    data = (original / "00000000000000000000.log").read_bytes()
    position = 0  # whole batches below offset 12: base offset int64, then the batch length int32
    while struct.unpack_from(">q", data, position)[0] < 12:
        position += 12 + struct.unpack_from(">i", data, position + 8)[0]
    tail = kafka_python_batch(12, [(None, b"other leader", 1)] * 3, leader_epoch=4)
    (follower / "00000000000000000000.log").write_bytes(data[:position] + tail)
    (follower / "leader-epoch-checkpoint").write_text("0\n5\n0 0\n1 9\n3 10\n4 12\n")
    state = kafkaks.cluster_state(tmp_path / "a", tmp_path / "b")
    (r,) = state.replicas
    assert (r.topic, r.partition, r.diverge_at) == ("lsx1", 0, 12)
    assert Path(r.longest).parent.name == "a"
    assert {Path(k).parent.name: v for k, v in r.would_lose.items()} == {"b": 3}
    assert {Path(c.directory).parent.name: (c.log_end, c.last_epoch) for c in r.copies} == {
        "a": (14, 7),
        "b": (15, 4),
    }


def _open_by_kafka_python(partition: Path) -> dict[int, int]:
    """Producers with transactional batches and no control batch after them, and the first offset
    of each one's open run: kafka-python's reading of the segments, in offset order."""
    open_since: dict[int, int] = {}
    for batch in _batches(partition):
        if not batch.is_transactional:
            continue
        if batch.is_control_batch:
            open_since.pop(batch.producer_id, None)
        else:
            open_since.setdefault(batch.producer_id, batch.base_offset)
    return open_since


@pytest.mark.parametrize(
    "where", ["confluent-ksql-txn/kafka-data", "compacted-gaps-producer-snapshots/kafka/data"]
)
def test_real_open_transactions_match_kafka_python(where: str) -> None:
    """ksql's command topic holds a committed transaction, the other dir idempotent producers."""
    log_dir = REAL_DATA / where
    if not log_dir.is_dir():
        pytest.skip(f"{NO_REAL_DATA}: {log_dir} is absent")
    expected = {
        (partition.name, producer): first
        for partition in sorted(log_dir.iterdir())
        if partition.is_dir()
        for producer, first in _open_by_kafka_python(partition).items()
    }
    state = kafkaks.cluster_state(log_dir)
    found = {(f"{o.topic}-{o.partition}", o.producer_id): o.first_offset for o in state.open_transactions}
    assert found == expected


def _replay_classic_groups(directory: Path) -> dict[str, tuple[int, int]]:
    """The last GroupMetadataValue of each group (a tombstone removes it): its generation and
    member count, parsed as GroupMetadataValue v0-v3 lays them out (protocolType, generation,
    protocol, leader, v2+ currentStateTimestamp, members)."""
    groups: dict[str, tuple[int, int]] = {}
    for batch in _batches(directory):
        for record in batch:
            if record.key is None or struct.unpack_from(">h", record.key)[0] != 2:
                continue
            group, _ = _string(record.key, 2)
            if record.value is None:
                groups.pop(group or "", None)
                continue
            (version,) = struct.unpack_from(">h", record.value)
            _protocol_type, pos = _string(record.value, 2)
            (generation,) = struct.unpack_from(">i", record.value, pos)
            _protocol, pos = _string(record.value, pos + 4)
            _leader, pos = _string(record.value, pos)
            pos += 8 if version >= 2 else 0
            (members,) = struct.unpack_from(">i", record.value, pos)
            groups[group or ""] = (generation, members)
    return groups


@pytest.mark.parametrize("where", REAL_GROUP_DIRS)
def test_real_classic_groups_match_an_independent_replay(where: str) -> None:
    log_dir = REAL_DATA / where
    if not log_dir.is_dir():
        pytest.skip(f"{NO_REAL_DATA}: {log_dir} is absent")
    expected: dict[str, tuple[int, int, str]] = {}
    for directory in sorted(log_dir.glob("__consumer_offsets-*")):
        for group, (generation, members) in _replay_classic_groups(directory).items():
            expected[group] = (generation, members, "Stable" if members else "Empty")
    state = kafkaks.cluster_state(log_dir)
    found = {g.group_id: (g.epoch, len(g.members), g.state) for g in state.groups if not g.simple}
    assert found == expected


def test_the_state_as_tables_holds_what_the_fixture_implies(state: ClusterState) -> None:
    from kafkaks.state.frames import to_arrow

    tables = to_arrow(state)
    offsets = tables["offsets"].to_pylist()
    assert {f"{o['group_id']}/{o['topic']}-{o['partition']}": o["lag"] for o in offsets} == EXPECTED["lag"]
    groups = {g["group_id"]: g for g in tables["groups"].to_pylist()}
    assert set(groups) == set(EXPECTED["groups"])
    for group_id, want in EXPECTED["groups"].items():
        assert (groups[group_id]["type"], groups[group_id]["state"]) == (want["type"], want["state"])
        assert groups[group_id]["members"] == len(want["members"])
    members = {(m["group_id"], m["member_id"]) for m in tables["members"].to_pylist()}
    assert members == {(g, m) for g, want in EXPECTED["groups"].items() for m in want["members"]}
    assert {t["transactional_id"]: t["state"] for t in tables["transactions"].to_pylist()} == EXPECTED[
        "transactions"
    ]
    opened = {str(o["producer_id"]): o for o in tables["open_transactions"].to_pylist()}
    assert {
        pid: (f"{o['topic']}-{o['partition']}", o["first_offset"], o["hanging"]) for pid, o in opened.items()
    } == {
        pid: (want["partition"], want["first_offset"], want["hanging"])
        for pid, want in EXPECTED["open_transactions"].items()
    }
    [replica] = tables["replicas"].to_pylist()
    want = EXPECTED["replicas"]["payments-0"]
    assert (replica["topic"], replica["partition"], replica["diverge_at"]) == (
        "payments",
        0,
        want["diverge_at"],
    )
    assert json.loads(replica["would_lose"]) == {
        str(FIXTURE / name / "payments-0"): lost for name, lost in want["would_lose"].items()
    }
    for name, table in tables.items():  # every column typed, none inferred from the rows
        assert all(not pa.types.is_null(field.type) for field in table.schema), name


def test_the_state_as_spark_dataframes(spark: Any, state: ClusterState) -> None:
    from kafkaks.state.frames import to_arrow, to_spark

    frames = to_spark(spark, state)
    for name, table in to_arrow(state).items():
        assert frames[name].count() == table.num_rows, name
        assert frames[name].columns == table.column_names, name
    lag = frames["offsets"].groupBy("group_id").sum("lag").collect()
    assert {row[0]: row[1] for row in lag} == {
        group: sum(v for k, v in EXPECTED["lag"].items() if k.startswith(f"{group}/"))
        for group in {k.split("/")[0] for k in EXPECTED["lag"]}
    }
