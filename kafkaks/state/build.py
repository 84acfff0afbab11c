"""Putting it together: :func:`cluster_state` reads the log dirs once, partition by partition,
replaying the internal topics while it reads them."""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from ..errors import KafkaksError
from ..store.files import read_offset_checkpoint, read_partition_metadata
from ..store.listing import PartitionDir, partition_copies, partition_listings
from ..wire.batch import Batch
from .groups import DEFAULT_RETENTION_MS, GroupReplay, PartitionEnd
from .metadata import kraft_metadata, zookeeper_metadata
from .model import ClusterState, Metadata
from .partitions import OpenRun, PartitionScan, copy_epochs, scan_partition
from .replicas import divergence
from .transactions import DEFAULT_MAX_TRANSACTION_TIMEOUT_MS, TransactionReplay, open_transactions

__all__ = ["cluster_state", "parse_at"]


def parse_at(text: str) -> tuple[int | None, int | None]:
    """``--at``: an offset (digits) or a time (ISO 8601, UTC unless it says otherwise), as
    ``(offset, time in ms)``."""
    if text.isdigit():
        return int(text), None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError as exc:
        raise ValueError(
            f"--at {text!r}: neither an offset nor an ISO 8601 time (2024-05-01T12:00:00Z)"
        ) from exc
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return None, int(moment.timestamp() * 1000)


def _meta_properties(log_dirs: Sequence[Path]) -> tuple[str | None, tuple[int, ...]]:
    cluster_id, nodes = None, set()
    for log_dir in log_dirs:
        path = log_dir / "meta.properties"
        try:
            text = path.read_text(errors="replace") if path.is_file() else ""
        except OSError:
            continue  # unreadable: the cluster id may come from another log dir
        pairs = (line.split("=", 1) for line in text.splitlines() if "=" in line and not line.startswith("#"))
        props = {key.strip(): value.strip() for key, value in pairs}
        cluster_id = cluster_id or props.get("cluster.id")
        node = props.get("node.id") or props.get("broker.id")
        if node is not None and node.lstrip("-").isdigit():
            nodes.add(int(node))
    return cluster_id, tuple(sorted(nodes))


def _high_watermarks(log_dirs: Sequence[Path], problems: list[str]) -> dict[tuple[str, int], int]:
    found: dict[tuple[str, int], int] = {}
    for log_dir in log_dirs:
        path = log_dir / "replication-offset-checkpoint"
        if not path.is_file():
            continue
        try:
            for key, offset in read_offset_checkpoint(path).items():
                found[key] = max(offset, found.get(key, offset))
        except (OSError, KafkaksError) as exc:
            problems.append(f"{path}: {exc}")
    return found


def _feeder(replay: GroupReplay | TransactionReplay, at_offset: int | None) -> Callable[[Batch], bool]:
    """The callback that hands a partition's batches to a replay, reporting a batch whose records
    do not decode and going on."""

    def feed(batch: Batch) -> bool:
        try:
            return replay.batch(batch, at_offset)
        except KafkaksError as exc:
            replay.problems.append(str(exc))
            return True

    return feed


def _metadata(
    metadata_dir: Path | None,
    cluster_id: str | None,
    node_ids: tuple[int, ...],
    scans: list[PartitionScan],
    at_offset: int | None,
    at_time: int | None,
) -> tuple[Metadata | None, list[str]]:
    """KRaft's metadata where the log dirs hold ``__cluster_metadata``, else what a ZooKeeper-era
    log dir says, else None."""
    if metadata_dir is not None:
        return kraft_metadata(metadata_dir, cluster_id, node_ids, at_offset=at_offset, at_time=at_time)
    if cluster_id is None and not node_ids and not scans:
        return None, []
    numbers: dict[str, list[int]] = defaultdict(list)
    for scan in scans:
        numbers[scan.topic].append(scan.partition)
    return zookeeper_metadata(cluster_id, node_ids, numbers), []


def _topic_names(metadata: Metadata | None, scans: list[PartitionScan]) -> dict[str, str]:
    """Topic ids to names: from the metadata, and the ``partition.metadata`` files on disk."""
    names = {t.topic_id: t.name for t in metadata.topics if t.topic_id} if metadata else {}
    for scan in scans:
        for copy in scan.copies:
            path = Path(copy) / "partition.metadata"
            if path.is_file():
                try:
                    names.setdefault(read_partition_metadata(path).topic_id, scan.topic)
                except (OSError, KafkaksError):
                    continue  # a damaged file names nothing; kafkaks verify reports it
    return names


def cluster_state(
    *log_dirs: str | os.PathLike[str],
    at: str | None = None,
    offsets_retention_ms: int = DEFAULT_RETENTION_MS,
    max_transaction_timeout_ms: int = DEFAULT_MAX_TRANSACTION_TIMEOUT_MS,
) -> ClusterState:
    """The state of a cluster from its log dirs (one or more brokers' ``log.dirs``, or partition
    directories): consumer groups and their lag, transactions and the ones left open, the
    cluster metadata, and replicas that diverge. ``at``: an offset of the internal topics or an
    ISO 8601 time to stop the replay at (see :func:`parse_at`). Raises :class:`NoKafkaDataError`
    for a path without Kafka data."""
    at_offset, at_time = parse_at(at) if at else (None, None)
    dirs = [Path(d) for d in log_dirs]
    problems: list[str] = []
    listings = partition_listings(dirs, on_problem=lambda p: problems.append(str(p)))
    high_watermarks = _high_watermarks(dirs, problems)
    groups, txns = GroupReplay(), TransactionReplay()
    replays: dict[str, GroupReplay | TransactionReplay] = {
        "__consumer_offsets": groups,
        "__transaction_state": txns,
    }
    scans: list[PartitionScan] = []
    metadata_dir: Path | None = None
    divergences = []
    for copies in partition_copies(listings):
        named = PartitionDir.of(copies[0])
        topic = named.topic if named else ""
        if topic == "__cluster_metadata":
            metadata_dir = Path(copies[0])
            continue
        replay = replays.get(topic)
        feed = None if replay is None else _feeder(replay, at_offset)
        scan = scan_partition(copies, feed, until_time=at_time)
        scans.append(scan)
        problems += scan.problems
        if len(copies) > 1:
            divergences.append(divergence(scan.topic, scan.partition, [copy_epochs(c) for c in copies]))
    times = [s.last_timestamp for s in scans if s.last_timestamp is not None]
    times += [t for t in (groups.newest_timestamp, txns.newest_timestamp) if t is not None]
    now = at_time if at_time is not None else max(times, default=None)
    ends: dict[tuple[str, int], PartitionEnd] = {}
    for scan in scans:
        hw = high_watermarks.get((scan.topic, scan.partition))
        if hw is not None:
            ends[(scan.topic, scan.partition)] = (hw, "high_watermark")
        elif scan.log_end is not None:
            ends[(scan.topic, scan.partition)] = (scan.log_end, "log_end")
    cluster_id, node_ids = _meta_properties(dirs)
    metadata, found = _metadata(metadata_dir, cluster_id, node_ids, scans, at_offset, at_time)
    problems += found
    group_list = groups.groups(ends, now, offsets_retention_ms, _topic_names(metadata, scans))
    transactions = txns.transactions(now)
    runs: dict[tuple[str, int], list[OpenRun]] = defaultdict(list)
    for scan in scans:
        if scan.open_runs:  # internal topics too, as find-hanging lists them
            runs[(scan.topic, scan.partition)] = scan.open_runs
    problems += groups.problems + txns.problems
    return ClusterState(
        log_dirs=tuple(os.fspath(d) for d in dirs),
        now=now,
        at_offset=at_offset,
        groups=tuple(group_list),
        transactions=tuple(transactions),
        open_transactions=tuple(open_transactions(runs, transactions, now, max_transaction_timeout_ms)),
        metadata=metadata,
        partitions=tuple(s.extent(high_watermarks.get((s.topic, s.partition))) for s in scans),
        replicas=tuple(divergences),
        problems=tuple(problems),
    )
