"""Splits of one segment (kafkaks.spark.probing, kafkaks.spark.planning): cut at ``.index``
entries, or at batch starts found by walking the headers where the index is missing or damaged,
each batch read by exactly one split. The rows of the splits, read as a pipeline task reads them
(:func:`kafkaks.spark.reading.read_split`), are compared with ``read_arrow`` of the whole segment.

The segment is orders-0's first (tests/fixtures/logdir): batches of every codec (none, gzip,
snappy, lz4, zstd) and an ``.index`` written by the broker. No Spark session is started.
"""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pyarrow as pa
import pytest
from conftest import FIXTURES

pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")

import kafkaks
from kafkaks.errors import CorruptDataError
from kafkaks.spark.options import Options
from kafkaks.spark.planning import SegmentSplit, group_splits, plan
from kafkaks.spark.reading import read_split

SEGMENT = FIXTURES / "logdir" / "orders-0" / "00000000000000000000.log"


def partition_copy(tmp_path: Path) -> Path:
    """orders-0 with its first segment only (and that segment's index and time index)."""
    directory = tmp_path / "orders-0"
    directory.mkdir()
    for suffix in (".log", ".index", ".timeindex"):
        shutil.copy(SEGMENT.with_suffix(suffix), directory / SEGMENT.with_suffix(suffix).name)
    return directory


def options(directory: Path, max_bytes: int) -> Options:
    return Options.parse(
        {
            "path": str(directory),
            "includeHeaders": "true",
            "includeMetadata": "true",
            "maxBytesPerPartition": str(max_bytes),
        }
    )


def rows_of(splits: list[SegmentSplit], parsed: Options) -> pa.Table:
    schema = parsed.arrow_schema()
    batches = [batch for split in splits for batch in read_split(split, parsed)]
    return pa.Table.from_batches(batches, schema).drop_columns(["segment"])


def whole(segment: Path) -> pa.Table:
    batches = list(kafkaks.read_arrow(segment, include_headers=True, include_metadata=True))
    schema = kafkaks.spark_schema(include_headers=True, include_metadata=True)
    return pa.Table.from_batches(batches, schema).drop_columns(["segment"])


def batch_starts(segment: Path) -> set[int]:
    return {batch.position for batch in kafkaks.read_log(segment)}


def cuts(splits: list[SegmentSplit]) -> list[int]:
    return [split.start for split in splits[1:]]


def test_the_segment_has_compressed_batches_and_an_index() -> None:
    codecs = {batch.compression.value for batch in kafkaks.read_log(SEGMENT)}
    assert {"gzip", "snappy", "lz4", "zstd", "none"} <= codecs
    assert len(kafkaks.read_offset_index(SEGMENT.with_suffix(".index"))) >= 3


def test_cut_points_are_index_entries(tmp_path: Path) -> None:
    directory = partition_copy(tmp_path)
    index = {e.position for e in kafkaks.read_offset_index(SEGMENT.with_suffix(".index"))}
    parsed = options(directory, max_bytes=1)  # every entry is a cut; no gap left to walk
    splits = plan(parsed)
    assert cuts(splits) == sorted(index - {0})
    assert rows_of(splits, parsed).equals(whole(SEGMENT))


@pytest.mark.parametrize("max_bytes", [60, 150, 333, 500, 700, 1000, 5000])
def test_any_size_reads_each_batch_once(tmp_path: Path, max_bytes: int) -> None:
    """Wherever ``max_bytes`` falls inside a batch (the batch straddling it is read by the split
    where it starts), the splits give the rows of the whole segment, once."""
    directory = partition_copy(tmp_path)
    parsed = options(directory, max_bytes)
    splits = plan(parsed)
    assert set(cuts(splits)) <= batch_starts(SEGMENT)
    if max_bytes < SEGMENT.stat().st_size // 2:
        assert len(splits) > 1
    assert rows_of(splits, parsed).equals(whole(SEGMENT))


def test_a_missing_index_is_walked(tmp_path: Path) -> None:
    directory = partition_copy(tmp_path)
    (directory / SEGMENT.with_suffix(".index").name).unlink()
    parsed = options(directory, max_bytes=200)
    splits = plan(parsed)
    assert len(splits) >= SEGMENT.stat().st_size // 400
    assert set(cuts(splits)) <= batch_starts(SEGMENT)
    assert rows_of(splits, parsed).equals(whole(SEGMENT))


def test_a_damaged_index_is_not_trusted(tmp_path: Path) -> None:
    """Entries pointing one byte into a batch, and past the end of the segment: no cut there
    (each entry is checked by the CRC of the batch it names); the headers are walked instead."""
    directory = partition_copy(tmp_path)
    index = directory / SEGMENT.with_suffix(".index").name
    data = bytearray(index.read_bytes())
    for entry in range(0, len(data), 8):  # relative offset (4 bytes), then position (4 bytes)
        position = int.from_bytes(data[entry + 4 : entry + 8], "big")
        data[entry + 4 : entry + 8] = (position + 1 if entry else 1 << 30).to_bytes(4, "big")
    index.write_bytes(bytes(data))
    parsed = options(directory, max_bytes=200)
    splits = plan(parsed)
    assert len(splits) > 1
    assert set(cuts(splits)) <= batch_starts(SEGMENT)
    assert rows_of(splits, parsed).equals(whole(SEGMENT))


def test_a_damaged_batch_stops_the_walk_and_is_reported_once(tmp_path: Path) -> None:
    """A batch whose length field is broken: no cut past it (the rest is one split), and in
    PERMISSIVE the damage is reported by the split that reads it, the rows around it kept."""
    directory = partition_copy(tmp_path)
    (directory / SEGMENT.with_suffix(".index").name).unlink()
    segment = directory / SEGMENT.name
    victim = list(kafkaks.read_log(SEGMENT))[3]
    data = bytearray(segment.read_bytes())
    data[victim.position + 8 : victim.position + 12] = (1 << 30).to_bytes(4, "big")
    segment.write_bytes(bytes(data))
    parsed = Options.parse({"path": str(directory), "mode": "PERMISSIVE", "maxBytesPerPartition": "100"})
    splits = plan(parsed)
    assert all(cut <= victim.position for cut in cuts(splits))
    found: list[dict[str, object]] = []
    read = [batch for split in splits for batch in read_split(split, parsed, found)]
    offsets = [offset for batch in read for offset in batch["offset"].to_pylist()]
    library = [
        offset
        for batch in kafkaks.read_arrow(segment, on_problem=lambda _problem: None)
        for offset in batch["offset"].to_pylist()
    ]
    assert offsets == library and victim.base_offset not in offsets
    assert [(p["position"], p["kind"]) for p in found] == [(victim.position, "unreadable")]


def test_small_splits_are_grouped_and_large_ones_alone(tmp_path: Path) -> None:
    directory = partition_copy(tmp_path)
    splits = plan(options(directory, max_bytes=200))
    groups = group_splits(splits, 500)
    assert [s for group in groups for s in group] == splits
    assert all(sum(s.length for s in group) <= 500 or len(group) == 1 for group in groups)
    assert len(groups) < len(splits)
    assert group_splits(splits, 1) == [(s,) for s in splits]


ORDERS = FIXTURES / "logdir" / "orders-0"


def tiered(tmp_path: Path) -> tuple[Path, Path]:
    """(a store, a log dir): the store holds orders-0's offsets 0..29 as one remote segment (its
    segments 0 and 16 back to back, Aiven's layout, zstd, 200-byte chunks) and a second copy of
    0..15 under another segment id (a retried copy); the log dir holds segments 16 and 30."""
    import remote_encoder as enc

    joined = tmp_path / "joined" / "00000000000000000000.log"
    joined.parent.mkdir()
    joined.write_bytes(b"".join((ORDERS / f"{base:020d}.log").read_bytes() for base in (0, 16)))
    topic_id, options = enc.kafka_uuid(), enc.AivenOptions(chunk_size=200, compression=True)
    put = enc.put_files(tmp_path / "store")
    enc.aiven_copy(
        put, enc.SegmentFiles.of(joined, 29, {0: 0}), "orders", topic_id, 0, enc.kafka_uuid(), options
    )
    again = enc.SegmentFiles.of(ORDERS / "00000000000000000000.log", 15, {0: 0})
    enc.aiven_copy(put, again, "orders", topic_id, 0, enc.kafka_uuid(), options)
    local = tmp_path / "logdir" / "orders-0"
    shutil.copytree(ORDERS, local)
    for path in local.glob("00000000000000000000.*"):
        path.unlink()
    return tmp_path / "store", local.parent


def test_remote_segments_are_splits_read_by_their_tasks(tmp_path: Path) -> None:
    """option remote: each remote segment a split that describes it (store, keys, offsets; no
    bytes), read by the task as read_arrow reads both tiers: the same rows, the same kinds of
    problem. Where the tiers overlap (16..29) the local segment is read and the remote one only up
    to 15; the second copy of 0..15 is not read at all."""
    import pickle

    from kafkaks.models import Problem
    from kafkaks.remote.tiers import Remote

    store, logdir = tiered(tmp_path)
    parsed = Options.parse({"path": str(logdir), "remote": str(store), "includeHeaders": "true"})
    splits = plan(parsed)
    assert [(s.remote is not None, s.base_offset, s.offsets) for s in splits] == [
        (True, 0, (0, 15)),
        (False, 16, None),
        (False, 30, None),
    ]
    assert [p.kind for p in splits[0].problems] == ["segment_overlap", "segment_overlap"]
    assert len(pickle.dumps(splits[0])) < 2000  # a description of the segment, not its bytes
    problems: list[dict[str, object]] = []
    batches = [b for s in splits for b in read_split(pickle.loads(pickle.dumps(s)), parsed, problems)]
    expected_problems: list[Problem] = []
    remote = Remote.open(store)
    expected = kafkaks.read_arrow(
        [logdir], include_headers=True, remote=remote, on_problem=expected_problems.append
    )
    assert pa.Table.from_batches(batches).equals(pa.Table.from_batches(list(expected)))
    assert {p["kind"] for p in problems} == {p.kind for p in expected_problems} == {"segment_overlap"}
    alone = Options.parse({"remote": str(store)})
    rows = [b for s in plan(alone) for b in read_split(s, alone)]
    assert pa.Table.from_batches(rows)["offset"].to_pylist() == list(range(30))


def test_remote_segment_that_does_not_open_is_a_problem(tmp_path: Path) -> None:
    """A remote segment whose manifest is gone since planning: FAILFAST fails the task naming it,
    PERMISSIVE reports it (unreadable_file) and reads on."""
    store, logdir = tiered(tmp_path)
    parsed = Options.parse({"path": str(logdir), "remote": str(store), "mode": "PERMISSIVE"})
    splits = plan(parsed)
    for manifest in store.rglob("*.rsm-manifest"):
        manifest.unlink()
    problems: list[dict[str, object]] = []
    assert list(read_split(splits[0], parsed, problems)) == []
    assert [(p["kind"], str(p["file"]).endswith(".rsm-manifest")) for p in problems][-1] == (
        "unreadable_file",
        True,
    )
    with pytest.raises(CorruptDataError, match=r"unreadable_file"):
        list(read_split(splits[0], Options.parse({"path": str(logdir), "remote": str(store)})))


def test_read_committed_across_tiers(tmp_path: Path) -> None:
    """read_committed with option remote: txn-topic-0's batches up to offset 9 in the store (the
    data of producer 4002's transaction), from 10 on in the log dir (its ABORT marker, with no
    .txnindex): one scan of both tiers on the driver tells every split what was aborted."""
    import remote_encoder as enc

    source = FIXTURES / "logdir" / "txn-topic-0"
    batches = list(kafkaks.read_partition_batches(source))
    cut = next(b.position for b in batches if b.base_offset == 10)
    data = (source / "00000000000000000000.log").read_bytes()
    remote_log = tmp_path / "cut" / "00000000000000000000.log"
    remote_log.parent.mkdir()
    remote_log.write_bytes(data[:cut])
    local = tmp_path / "logdir" / "txn-topic-0"
    local.mkdir(parents=True)
    (local / "00000000000000000010.log").write_bytes(data[cut:])
    topic_id = enc.kafka_uuid()
    files = enc.SegmentFiles.of(remote_log, 9, {0: 0})
    enc.aiven_copy(
        enc.put_files(tmp_path / "store"),
        files,
        "txn-topic",
        topic_id,
        0,
        enc.kafka_uuid(),
        enc.AivenOptions(100),
    )
    parsed = Options.parse(
        {"path": str(local.parent), "remote": str(tmp_path / "store"), "isolationLevel": "read_committed"}
    )
    splits = plan(parsed)
    assert [s.remote is not None for s in splits] == [True, False]
    got = [
        row for s in splits for batch in read_split(s, parsed) for row in batch.column("offset").to_pylist()
    ]
    expected = kafkaks.read_arrow(source, isolation="read_committed")
    assert got == [o for batch in expected for o in batch.column("offset").to_pylist()]
    assert len(got) < len(list(kafkaks.read_partition(source)))


@pytest.mark.parametrize("layout", ["aiven", "aiven encrypted", "local_tiered"])
@pytest.mark.parametrize("max_bytes", [1, 150, 700])
def test_a_large_remote_segment_is_cut_at_its_offset_index(
    tmp_path: Path, layout: str, max_bytes: int
) -> None:
    """A remote segment larger than maxBytesPerPartition is cut into byte ranges at its offset
    index's positions (Aiven's ``.indexes`` object, encrypted or not, or LocalTieredStorage's
    ``.index``), each a split its task reads from the store: every batch read once, the rows those
    of the whole segment. Chunks of 100 bytes, so that cuts fall inside chunks."""
    import remote_encoder as enc

    topic_id, segment_id = enc.kafka_uuid(), enc.kafka_uuid()
    put = enc.put_files(tmp_path / "store")
    files = enc.SegmentFiles.of(SEGMENT, 15, {0: 0})
    keys = ""
    if layout == "local_tiered":
        enc.local_tiered_copy(put, files, "orders", topic_id, 0, segment_id)
    else:
        encryption = None
        if layout == "aiven encrypted":
            private, public = enc.rsa_key_pair()
            (tmp_path / "private.pem").write_bytes(private)
            encryption, keys = ("key-1", public), f"key-1={tmp_path / 'private.pem'}"
        options = enc.AivenOptions(chunk_size=100, compression=True, encryption=encryption)
        enc.aiven_copy(put, files, "orders", topic_id, 0, segment_id, options)
    given = {
        "remote": str(tmp_path / "store"),
        "includeHeaders": "true",
        "includeMetadata": "true",
        "maxBytesPerPartition": str(max_bytes),
    }
    parsed = Options.parse({**given, "remoteKeys": keys} if keys else given)
    splits = plan(parsed)
    index = {e.position for e in kafkaks.read_offset_index(SEGMENT.with_suffix(".index"))}
    assert all(split.remote is not None and split.offsets is None for split in splits)
    assert set(cuts(splits)) <= index - {0}
    assert [split.start for split in splits] == sorted({split.start for split in splits})
    assert splits[-1].end is None and all(a.end == b.start for a, b in itertools.pairwise(splits))
    if max_bytes == 1:  # every entry is a cut
        assert cuts(splits) == sorted(index - {0})
    assert len(splits) > 1
    assert rows_of(splits, parsed).equals(whole(SEGMENT))


def test_a_remote_segment_within_the_size_is_one_split(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A remote segment of at most maxBytesPerPartition bytes: one split, its index not read."""
    import remote_encoder as enc

    from kafkaks.remote.segments import RemoteSegment

    put = enc.put_files(tmp_path / "store")
    files = enc.SegmentFiles.of(SEGMENT, 15, {0: 0})
    options = enc.AivenOptions(chunk_size=100)
    enc.aiven_copy(put, files, "orders", enc.kafka_uuid(), 0, enc.kafka_uuid(), options)

    def unread(*_args: object) -> None:
        raise AssertionError("the offset index is read")

    monkeypatch.setattr(RemoteSegment, "offset_index", unread)
    size = str(SEGMENT.stat().st_size)
    parsed = Options.parse({"remote": str(tmp_path / "store"), "maxBytesPerPartition": size})
    assert [(s.start, s.end) for s in plan(parsed)] == [(0, None)]


@pytest.mark.parametrize("max_bytes", [1, 200])
def test_read_committed_over_a_cut_remote_segment(tmp_path: Path, max_bytes: int) -> None:
    """txn-topic-0 (an aborted transaction, its .index and .txnindex) as one remote segment cut into
    splits: read_committed gives the rows kafkaks.read_arrow gives of the segment file."""
    import remote_encoder as enc

    source = FIXTURES / "logdir" / "txn-topic-0"
    last = max(batch.last_offset for batch in kafkaks.read_partition_batches(source))
    files = enc.SegmentFiles.of(source / "00000000000000000000.log", last, {0: 0})
    put = enc.put_files(tmp_path / "store")
    enc.aiven_copy(put, files, "txn-topic", enc.kafka_uuid(), 0, enc.kafka_uuid(), enc.AivenOptions(100))
    parsed = Options.parse(
        {
            "remote": str(tmp_path / "store"),
            "isolationLevel": "read_committed",
            "maxBytesPerPartition": str(max_bytes),
        }
    )
    splits = plan(parsed)
    assert len(splits) > 1
    got = [o for s in splits for batch in read_split(s, parsed) for o in batch.column("offset").to_pylist()]
    expected = kafkaks.read_arrow(source, isolation="read_committed")
    assert got == [o for batch in expected for o in batch.column("offset").to_pylist()]
    assert len(got) < len(list(kafkaks.read_partition(source)))
