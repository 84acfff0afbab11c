"""kafkaks.remote across tiers: which remote segments are live (``__remote_log_metadata`` written by
tests/remote_encoder.py from Kafka's message schemas, or the objects alone), and one partition read
from its remote and local segments as the same partition read from a complete log dir.

The partition is tests/fixtures/logdir/orders-0 (segments at 0, 16 and 30, every codec). The store
holds 0 and 16 (Aiven, zstd, 200-byte chunks), plus a second copy of 0 that was deleted
(DELETE_SEGMENT_STARTED) and a copy of 30 that stopped after its .log (COPY_SEGMENT_STARTED only);
the local log dir keeps 16 and 30, as a broker does after tiering 0 and 16.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pytest
import remote_encoder as enc

import kafkaks
from kafkaks.cli import main
from kafkaks.errors import KafkaksWarning
from kafkaks.models import Problem
from kafkaks.remote.metadata import read_metadata
from kafkaks.remote.tiers import Remote, read_tiered_partition, tiered_runs
from kafkaks.store.options import ReadOptions
from kafkaks.store.partition import read_partition, read_partition_batches
from kafkaks.store.segment import flatten

ORDERS = Path(__file__).parent / "fixtures" / "logdir" / "orders-0"
TOPIC_ID = enc.kafka_uuid(bytes(range(16)))
ENDS = {0: 15, 16: 29, 30: 41}


@dataclass
class Tiers:
    store: Path
    local: Path  # a log dir holding orders-0 with segments 16 and 30
    metadata: Path  # a log dir holding __remote_log_metadata-0
    ids: dict[str, str]


def files(base: int) -> enc.SegmentFiles:
    return enc.SegmentFiles.of(ORDERS / f"{base:020d}.log", ENDS[base], {0: base})


def segment_values(segment_id: str, base: int, states: list[int]) -> list[bytes]:
    size = (ORDERS / f"{base:020d}.log").stat().st_size
    first = enc.segment_record("orders", TOPIC_ID, 0, segment_id, base, ENDS[base], {0: base}, size)
    return [first] + [enc.update_record("orders", TOPIC_ID, 0, segment_id, state) for state in states]


@pytest.fixture
def tiers(tmp_path: Path) -> Tiers:
    put = enc.put_files(tmp_path / "store")
    options = enc.AivenOptions(chunk_size=200, compression=True)
    ids = {name: enc.kafka_uuid() for name in ("first", "second", "deleted", "half")}
    enc.aiven_copy(put, files(0), "orders", TOPIC_ID, 0, ids["first"], options)
    enc.aiven_copy(put, files(16), "orders", TOPIC_ID, 0, ids["second"], options)
    enc.aiven_copy(put, files(0), "orders", TOPIC_ID, 0, ids["deleted"], options)
    enc.aiven_copy(put, files(30), "orders", TOPIC_ID, 0, ids["half"], options, stop_after="log")
    local = tmp_path / "logdir" / "orders-0"
    shutil.copytree(ORDERS, local)
    for path in local.glob("00000000000000000000.*"):
        path.unlink()
    values = (
        segment_values(ids["first"], 0, [1])
        + segment_values(ids["deleted"], 0, [1, 2])
        + segment_values(ids["second"], 16, [1])
        + segment_values(ids["half"], 30, [])
    )
    enc.write_metadata_log(tmp_path / "meta", values)
    return Tiers(tmp_path / "store", local, tmp_path / "meta", ids)


def whole() -> list[tuple[int, bytes]]:
    return [(b.base_offset, bytes(b.data)) for b in read_partition_batches(ORDERS)]


def read(remote: Remote, local: list[Path]) -> tuple[list[tuple[int, bytes]], list[Problem]]:
    problems: list[Problem] = []
    batches = flatten(tiered_runs(remote, "orders", 0, local, ReadOptions(on_problem=problems.append)))
    return [(b.base_offset, bytes(b.data)) for b in batches], problems


def test_metadata_states(tiers: Tiers) -> None:
    state = read_metadata([tiers.metadata])
    live = {s.segment_id for s in state.segments.values() if s.live}
    assert live == {tiers.ids["first"], tiers.ids["second"]}
    assert state.segments[tiers.ids["deleted"]].state.name == "DELETE_SEGMENT_STARTED"
    assert state.segments[tiers.ids["half"]].state.name == "COPY_SEGMENT_STARTED"
    assert state.segments[tiers.ids["second"]].leader_epochs == {0: 16}
    assert (
        state.segments[tiers.ids["second"]].start_offset,
        state.segments[tiers.ids["second"]].end_offset,
    ) == (
        16,
        29,
    )


def test_remote_then_local_reads_the_whole_partition(tiers: Tiers) -> None:
    remote = Remote.open(tiers.store, metadata=[tiers.metadata])
    got, problems = read(remote, [tiers.local])
    assert got == whole()
    assert {p.kind for p in problems} == {"segment_overlap"}  # 16..29 in both tiers, read once
    named = {(f.kind, name) for f in remote.findings for name, id in tiers.ids.items() if id in f.location}
    assert named == {("not_live", "deleted"), ("not_live", "half")} and len(remote.findings) == 2


def test_objects_alone(tiers: Tiers) -> None:
    """Without metadata the deleted copy of 0 is read beside the other (each offset once), the
    half-copied segment is left out and reported."""
    remote = Remote.open(tiers.store)
    assert [s.start_offset for s in remote.segments("orders", 0)] == [0, 0, 16]
    assert [(f.kind, "no .indexes, .rsm-manifest" in f.message) for f in remote.findings] == [
        ("incomplete_copy", True)
    ]
    got, problems = read(remote, [tiers.local])
    assert got == whole()
    assert {p.kind for p in problems} == {"segment_overlap"}


def test_store_alone(tiers: Tiers) -> None:
    remote = Remote.open(tiers.store, metadata=[tiers.metadata])
    got, problems = read(remote, [])
    assert got == [batch for batch in whole() if batch[0] < 30] and not problems


def test_gap_between_tiers(tiers: Tiers) -> None:
    for path in tiers.local.glob("00000000000000000016.*"):
        path.unlink()
    for path in (tiers.store / f"orders-{TOPIC_ID}" / "0").glob(f"*{tiers.ids['second']}*"):
        path.unlink()
    remote = Remote.open(tiers.store, metadata=[tiers.metadata])
    got, problems = read(remote, [tiers.local])
    assert got == [batch for batch in whole() if not 16 <= batch[0] < 30]
    gaps = [p for p in problems if p.kind == "tier_gap"]
    assert [(p.offset, "offsets 16..29" in p.message) for p in gaps] == [(16, True)]
    assert [f.kind for f in remote.findings if f.kind == "missing_objects"] == ["missing_objects"]


def test_partition_delete(tiers: Tiers, tmp_path: Path) -> None:
    log = next((tiers.metadata / "__remote_log_metadata-0").glob("*.log"))
    log.unlink()
    values = [
        *segment_values(tiers.ids["first"], 0, [1]),
        enc.partition_delete_record("orders", TOPIC_ID, 0, 0),
    ]
    enc.write_metadata_log(tiers.metadata, values)
    remote = Remote.open(tiers.store, metadata=[tiers.metadata])
    assert remote.partitions == {}
    assert any("partition was deleted" in f.message for f in remote.findings)


def test_read_arrow_across_tiers(tiers: Tiers) -> None:
    """read_arrow with remote storage: the same rows as the complete log dir's."""
    remote = Remote.open(tiers.store, metadata=[tiers.metadata])
    expected = pa.Table.from_batches(list(kafkaks.read_arrow(ORDERS, include_headers=True)))
    problems: list[Problem] = []
    got = kafkaks.read_arrow([tiers.local], include_headers=True, remote=remote, on_problem=problems.append)
    assert pa.Table.from_batches(list(got)).equals(expected)
    assert {p.kind for p in problems} == {"segment_overlap"}
    alone = pa.Table.from_batches(list(kafkaks.read_arrow([], remote=remote)))
    assert alone["offset"].to_pylist() == list(range(30))


def test_read_committed_across_tiers(tmp_path: Path) -> None:
    """The transactional fixture partition split across tiers gives read_committed's records."""
    source = Path(__file__).parent / "fixtures" / "logdir" / "txn-topic-0"
    log = source / "00000000000000000000.log"
    enc.aiven_copy(
        enc.put_files(tmp_path / "store"),
        enc.SegmentFiles.of(log, 15, {0: 0}),
        "txn-topic",
        TOPIC_ID,
        0,
        enc.kafka_uuid(),
        enc.AivenOptions(chunk_size=128),
    )
    remote = Remote.open(tmp_path / "store")
    got = [
        b.base_offset
        for b in flatten(
            tiered_runs(remote, "txn-topic", 0, [], ReadOptions(isolation="read_committed", on_problem=print))
        )
    ]
    expected = [b.base_offset for b in read_partition_batches(source, isolation="read_committed")]
    assert got == expected and len(got) < len(list(read_partition_batches(source)))


def test_inventory(tiers: Tiers, capsys: pytest.CaptureFixture[str]) -> None:
    """kafkaks remote-inventory: segments with their offsets and sizes, what is not read and why,
    unknown objects, a chunk that does not decompress; exit 1 only for what cannot be read."""
    (tiers.store / "notes.txt").write_text("not a segment")
    assert (
        main(["remote-inventory", str(tiers.store), "--json", "--remote-metadata", str(tiers.metadata)]) == 0
    )
    report = json.loads(capsys.readouterr().out)
    (partition,) = report["partitions"]
    rows = {row["segment_id"]: row for row in partition["segments"]}
    first, half = rows[tiers.ids["first"]], rows[tiers.ids["half"]]
    assert (first["start_offset"], first["end_offset"], first["read"], first["compression"]) == (
        0,
        15,
        True,
        True,
    )
    assert first["original_bytes"] == (ORDERS / "00000000000000000000.log").stat().st_size
    assert (half["read"], half["state"]) == (False, "COPY_SEGMENT_STARTED")
    assert partition["gaps"] == []
    assert report["unknown_objects"] == [{"key": "notes.txt", "size": 13}]
    assert sorted(f["kind"] for f in report["findings"]) == ["not_live", "not_live"]
    # damage a chunk of the second segment: --read-chunks finds it, exit 1
    key = next((tiers.store / f"orders-{TOPIC_ID}" / "0").glob(f"*{tiers.ids['second']}.log"))
    data = bytearray(key.read_bytes())
    data[10] ^= 0xFF  # inside the first zstd frame's header or block
    key.write_bytes(bytes(data))
    args = ["remote-inventory", str(tiers.store), "--remote-metadata", str(tiers.metadata), "--read-chunks"]
    assert main(args) == 1
    text = capsys.readouterr().out
    assert "problem: unreadable_file" in text and "chunk 0 fails" in text and "NOT READ" in text
    assert main([*args, "--json"]) == 1
    rows = {
        row["segment_id"]: row for row in json.loads(capsys.readouterr().out)["partitions"][0]["segments"]
    }
    assert [c["chunk"] for c in rows[tiers.ids["second"]]["failing_chunks"]] == [0]
    assert rows[tiers.ids["first"]]["failing_chunks"] == [] and rows[tiers.ids["first"]]["last_offset"] == 15


def test_read_tiered_partition_records(tiers: Tiers) -> None:
    """Records across tiers, as read_partition gives those of the complete directory."""
    remote = Remote.open(tiers.store, metadata=[tiers.metadata])
    got = list(
        read_tiered_partition(remote, "orders", 0, [tiers.local], ReadOptions(on_problem=lambda _p: None))
    )
    expected = list(read_partition(ORDERS))
    assert [(r.offset, r.timestamp, r.key, r.value, r.headers, r.topic, r.partition) for r in got] == [
        (r.offset, r.timestamp, r.key, r.value, r.headers, r.topic, r.partition) for r in expected
    ]


def test_read_partition_and_log_dir_across_tiers(tiers: Tiers) -> None:
    """read_partition and read_log_dir with remote=: the records of the complete directory, the
    overlap reported as read_arrow reports it; read_log_dir of the store alone."""
    remote = Remote.open(tiers.store, metadata=[tiers.metadata])

    def rows(records: object) -> list[tuple[object, ...]]:
        return [(r.offset, r.timestamp, r.key, r.value, r.headers, r.topic, r.partition) for r in records]  # type: ignore[attr-defined]

    expected = rows(read_partition(ORDERS))
    problems: list[Problem] = []
    assert rows(read_partition(tiers.local, remote=remote, on_problem=problems.append)) == expected
    assert {p.kind for p in problems} == {"segment_overlap"}
    problems.clear()
    assert (
        rows(kafkaks.read_log_dir(tiers.local.parent, remote=remote, on_problem=problems.append)) == expected
    )
    assert {p.kind for p in problems} == {"segment_overlap"}
    assert [r.offset for r in kafkaks.read_log_dir(remote=remote)] == list(range(30))
    with pytest.raises(ValueError, match="read_tiered_partition"):
        list(read_partition([], remote=remote))


def test_local_tiered_storage_across_tiers(tmp_path: Path) -> None:
    """LocalTieredStorage's directory: 0 copied, 16 copied up to its time index only (a broker that
    died mid-copy), the local log dir holding 16 and 30."""
    put = enc.put_files(tmp_path / "rsm")
    enc.local_tiered_copy(put, files(0), "orders", TOPIC_ID, 0, enc.kafka_uuid())
    enc.local_tiered_copy(put, files(16), "orders", TOPIC_ID, 0, enc.kafka_uuid(), stop_after=".timeindex")
    local = tmp_path / "logdir" / "orders-0"
    shutil.copytree(ORDERS, local)
    for path in local.glob("00000000000000000000.*"):
        path.unlink()
    remote = Remote.open(tmp_path / "rsm")
    assert [(s.layout, s.start_offset) for s in remote.segments("orders", 0)] == [("local_tiered", 0)]
    (finding,) = remote.findings
    assert finding.kind == "incomplete_copy" and ".leader_epoch_checkpoint, .snapshot" in finding.message
    got, problems = read(remote, [local])
    assert got == whole() and not problems  # 0..15 remote, then 16 on locally: no overlap, no gap


@pytest.mark.parametrize("json_output", [False, True], ids=["text", "json"])
def test_dump_remote(tiers: Tiers, capsys: pytest.CaptureFixture[str], json_output: bool) -> None:
    """kafkaks dump --remote: the live remote segments dumped as the same segments' files are
    (Kafka's lines, or JSON objects), but for the names; what is left out is said on stderr."""
    options = ["--deep-iteration", "--print-data-log"] + (["--json"] if json_output else [])
    local = [str(ORDERS / "00000000000000000000.log"), str(ORDERS / "00000000000000000016.log")]
    assert main(["dump", *options, *local]) == 0
    expected = capsys.readouterr().out
    remote = ["--remote", str(tiers.store), "--remote-metadata", str(tiers.metadata)]
    assert main(["dump", *options, *remote]) == 0
    captured = capsys.readouterr()
    assert "not_live" in captured.err and tiers.ids["deleted"] in captured.err

    def unnamed(text: str) -> list[object]:
        if not json_output:
            return [line for line in text.splitlines() if not line.startswith("Dumping ")]
        objects = [json.loads(line) for line in text.splitlines()]
        return [{k: v for k, v in o.items() if k != "path"} for o in objects]

    assert unnamed(captured.out) == unnamed(expected) and len(unnamed(expected)) > 40


def damaged_partition(tmp_path: Path) -> Path:
    """orders-0's segments 0 and 16 with their offset and time indexes: a byte of 16's first batch
    flipped (a CRC mismatch at offset 16), and 0's first index entry pointing where no batch starts."""
    local = tmp_path / "local" / "orders-0"
    local.mkdir(parents=True)
    for base in (0, 16):
        for suffix in (".log", ".index", ".timeindex"):
            shutil.copy(ORDERS / f"{base:020d}{suffix}", local)
    log = local / "00000000000000000016.log"
    data = bytearray(log.read_bytes())
    data[100] ^= 0xFF
    log.write_bytes(bytes(data))
    index = local / "00000000000000000000.index"
    data = bytearray(index.read_bytes())
    data[4:8] = (7).to_bytes(4, "big")  # entry 0's position
    index.write_bytes(bytes(data))
    return local


def verify_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, object]], str]:
    code = main(["verify", "--json", *args])
    captured = capsys.readouterr()
    return code, [json.loads(line) for line in captured.out.splitlines()], captured.err


def unnamed(objects: list[dict[str, object]]) -> list[object]:
    """The objects without the names of files and directories, which differ between tiers."""

    def value(key: str, v: object) -> object:
        if key == "segment_summaries":
            return [{**s, "path": None} for s in v]  # type: ignore[attr-defined]
        return re.sub(r"/\S+", "<file>", v) if key == "message" else v  # type: ignore[call-overload]

    return [{k: value(k, v) for k, v in o.items() if k != "path"} for o in objects]


@pytest.mark.parametrize("layout", ["aiven", "local_tiered"])
def test_verify_remote_as_local(tmp_path: Path, capsys: pytest.CaptureFixture[str], layout: str) -> None:
    """kafkaks verify --remote checks the remote segments and their indexes (Aiven's .indexes
    parts, zstd chunks of 61 bytes; LocalTieredStorage's files) as verify checks the same
    segments' files: the same problems, summary and exit code, each problem naming its object."""
    local = damaged_partition(tmp_path)
    put = enc.put_files(tmp_path / "store")
    ids = [enc.kafka_uuid(), enc.kafka_uuid()]
    for segment_id, base in zip(ids, (0, 16), strict=True):
        segment = enc.SegmentFiles.of(local / f"{base:020d}.log", ENDS[base], {0: base})
        if layout == "aiven":
            options = enc.AivenOptions(61, compression=True)
            enc.aiven_copy(put, segment, "orders", TOPIC_ID, 0, segment_id, options)
        else:
            enc.local_tiered_copy(put, segment, "orders", TOPIC_ID, 0, segment_id)
    code, expected, _ = verify_json(capsys, str(local))
    kinds = [(o["kind"], Path(str(o["path"])).name) for o in expected if o["type"] == "problem"]
    assert code == 1 and kinds == [
        ("index_no_batch", "00000000000000000000.index"),
        ("crc_mismatch", "00000000000000000016.log"),
    ]
    remote_code, got, err = verify_json(capsys, "--remote", str(tmp_path / "store"))
    assert (remote_code, unnamed(got)) == (code, unnamed(expected)) and not err
    index, log = (str(o["path"]) for o in got if o["type"] == "problem")
    assert f"00000000000000000016-{ids[1]}.log" in log and log.startswith(str(tmp_path / "store"))
    assert f"00000000000000000000-{ids[0]}" in index
    assert index.endswith(".indexes (offset)" if layout == "aiven" else ".index")
    (summary,) = [o for o in got if o["type"] == "summary"]
    assert [s["path"] for s in summary["segment_summaries"]][1] == log  # type: ignore[attr-defined]


def test_verify_remote_findings_and_gaps(tiers: Tiers, capsys: pytest.CaptureFixture[str]) -> None:
    """With the metadata: what is not live is said on stderr; segment 16 gone from the store and
    the local log dir starting at 30 is a gap (exit 1), as are the live segment's missing objects."""
    for path in (tiers.store / f"orders-{TOPIC_ID}" / "0").glob(f"*{tiers.ids['second']}*"):
        path.unlink()
    for path in tiers.local.glob("00000000000000000016.*"):
        path.unlink()
    remote = ["--remote", str(tiers.store), "--remote-metadata", str(tiers.metadata)]
    code, got, err = verify_json(capsys, str(tiers.local), *remote)
    assert code == 1
    assert err.count("not_live") == 2 and "missing_objects" in err
    (gap,) = [o for o in got if o["type"] == "problem"]
    assert (gap["kind"], gap["offset"], gap["corrupt"]) == ("tier_gap", 16, True)
    assert "offsets 16..29" in str(gap["message"])


def test_verify_remote_encrypted_without_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An encrypted segment without its key pair: an unreadable_file problem naming its object."""
    private, public = enc.rsa_key_pair()
    options = enc.AivenOptions(chunk_size=100, encryption=("pair1", public))
    enc.aiven_copy(
        enc.put_files(tmp_path / "store"), files(0), "orders", TOPIC_ID, 0, enc.kafka_uuid(), options
    )
    code, got, _ = verify_json(capsys, "--remote", str(tmp_path / "store"))
    problem = got[0]
    assert (code, problem["kind"]) == (1, "unreadable_file")
    assert str(problem["path"]).endswith(".log") and "pair1" in str(problem["message"])
    (tmp_path / "pair1.pem").write_bytes(private)
    key = ["--remote-key", f"pair1={tmp_path / 'pair1.pem'}"]
    code, got, _ = verify_json(capsys, "--remote", str(tmp_path / "store"), *key)
    assert code == 0 and got[0]["records"] == 16


def test_custom_metadata_names_the_objects(tmp_path: Path) -> None:
    """Aiven's custom metadata in COPY_SEGMENT_FINISHED (object prefix and key, written by
    tests/remote_encoder.py from SegmentCustomMetadataField) says where a segment's objects are,
    over the configured prefix: segment 0 under the prefix it was uploaded with ("old/", the
    configuration now says "new/"), segment 16 under a key of its own. Without it, neither is found."""
    put = enc.put_files(tmp_path / "store")
    options = enc.AivenOptions(chunk_size=300, prefix="old/")
    first, second = enc.kafka_uuid(), enc.kafka_uuid()
    enc.aiven_copy(put, files(0), "orders", TOPIC_ID, 0, first, options)
    main = enc.aiven_copy(put, files(16), "orders", TOPIC_ID, 0, second, options)
    for path in (tmp_path / "store" / "old").glob(f"{main}.*"):
        target = tmp_path / "store" / "old" / "moved" / f"segment{path.suffix}"
        target.parent.mkdir(exist_ok=True)
        path.rename(target)

    def metadata(custom: bool) -> Path:
        folder = tmp_path / f"meta-{custom}"
        records = []
        for segment_id, base, key in ((first, 0, None), (second, 16, "moved/segment")):
            size = (ORDERS / f"{base:020d}.log").stat().st_size
            records.append(
                enc.segment_record("orders", TOPIC_ID, 0, segment_id, base, ENDS[base], {0: base}, size)
            )
            fields = enc.custom_metadata(size, "old/", key) if custom else None
            records.append(enc.update_record("orders", TOPIC_ID, 0, segment_id, 1, fields))
        enc.write_metadata_log(folder, records)
        return folder

    remote = Remote.open(tmp_path / "store", key_prefix="new/", metadata=[metadata(True)])
    assert [s.start_offset for s in remote.segments("orders", 0)] == [0, 16] and not remote.findings
    got, problems = read(remote, [])
    assert got == [batch for batch in whole() if batch[0] < 30] and not problems
    plain = Remote.open(tmp_path / "store", key_prefix="new/", metadata=[metadata(False)])
    assert plain.partitions == {} and [f.kind for f in plain.findings] == ["missing_objects"] * 2


def test_verify_remote_overlapping_copies(tiers: Tiers, capsys: pytest.CaptureFixture[str]) -> None:
    """Without the metadata, the deleted copy of 0..15 is read beside the other (each offset once):
    verify notes the overlap as reading does (segment_overlap, information, exit 0), and says on
    stderr that the half-copied segment is left out."""
    code, got, err = verify_json(capsys, "--remote", str(tiers.store))
    problems = [o for o in got if o["type"] == "problem"]
    assert code == 0 and [(p["kind"], p["corrupt"]) for p in problems] == [("segment_overlap", False)]
    assert "offsets 0..15 are also in" in str(problems[0]["message"]) and "incomplete_copy" in err
    (summary,) = [o for o in got if o["type"] == "summary"]
    assert (summary["segments"], summary["first_offset"], summary["last_offset"]) == (3, 0, 29)


def test_custom_metadata_that_does_not_parse_is_reported(tmp_path: Path) -> None:
    """A COPY_SEGMENT_FINISHED record whose custom metadata is not SegmentCustomMetadataSerde's
    (a tag whose size runs past the end) is an undecodable_internal_record problem naming the
    record's offset, and the segment is found under the configured keys all the same."""
    put = enc.put_files(tmp_path / "store")
    segment_id = enc.kafka_uuid()
    enc.aiven_copy(put, files(0), "orders", TOPIC_ID, 0, segment_id, enc.AivenOptions(chunk_size=300))
    size = (ORDERS / f"{0:020d}.log").stat().st_size
    folder = tmp_path / "meta"
    enc.write_metadata_log(
        folder,
        [
            enc.segment_record("orders", TOPIC_ID, 0, segment_id, 0, ENDS[0], {0: 0}, size),
            enc.update_record("orders", TOPIC_ID, 0, segment_id, 1, b"\x01\x01\x7f\x00"),
        ],
    )
    problems: list[Problem] = []
    remote = Remote.open(tmp_path / "store", metadata=[folder], on_problem=problems.append)
    assert [(p.kind, p.offset) for p in problems] == [("undecodable_internal_record", 1)]
    assert f"segment {segment_id}'s custom metadata" in problems[0].message
    assert [s.start_offset for s in remote.segments("orders", 0)] == [0]
    with pytest.warns(KafkaksWarning, match="custom metadata"):
        Remote.open(tmp_path / "store", metadata=[folder])
