"""One partition across tiers: :class:`Remote` (a store, planned once) and :func:`tiered_runs`
(its remote segments and the local ones of the same partition, read as one log).

:class:`Remote` lists the store once, picks the live segments (:func:`~kafkaks.remote.metadata.select`,
from ``__remote_log_metadata`` when log dirs holding it are given) and keeps, per partition, the
segments to read, each with its end offset when the metadata or the manifest tells it. It holds
only what pickles (a store, names, numbers), so a planner can ship it, or one
:class:`~kafkaks.remote.segments.RemoteSegment` of it, to the task that reads it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from ..errors import KafkaksError
from ..models import Record
from ..store.listing import PartitionDir, copy_listings, segments_in
from ..store.options import ProblemHandler, ReadOptions
from ..store.partition import Transactions, segment_runs
from ..store.replicas import Run, merge, merge_runs
from ..store.segment import BatchOrRun, batch_records, default_handler, flatten, ignore
from .crypto import Keyring
from .metadata import Finding, MetadataState, locate, read_metadata, select
from .reading import remote_runs, tier_gaps
from .segments import RemoteSegment, by_partition
from .stores import Store, open_store

__all__ = ["Remote", "read_tiered_partition", "tiered_runs", "tiered_sources"]


@dataclass
class Remote:
    """A store of remote segments, planned: the live segments by (topic, partition), their end
    offsets where known, and the findings of :func:`~kafkaks.remote.metadata.select`."""

    store: Store
    partitions: dict[tuple[str, int], list[RemoteSegment]]
    end_offsets: dict[str, int]  # segment id -> end offset
    findings: list[Finding]
    keyring: Keyring | None = None

    @classmethod
    def open(
        cls,
        where: str | os.PathLike[str] | Store,
        *,
        key_prefix: str = "",
        keys: Mapping[str, str | bytes | os.PathLike[str]] | None = None,
        metadata: Sequence[str | os.PathLike[str]] | MetadataState | None = None,
        on_problem: ProblemHandler | None = None,
    ) -> Remote:
        """``where``: a folder or URI (:func:`~kafkaks.remote.stores.open_store`); ``key_prefix``:
        Aiven's ``rsm.config.key.prefix``; ``keys``: RSA private keys by key pair id, for encrypted
        segments; ``metadata``: log dirs holding ``__remote_log_metadata`` (or its state)."""
        store = where if not isinstance(where, str | os.PathLike) else open_store(where)
        state = metadata if isinstance(metadata, MetadataState) or metadata is None else None
        if state is None and metadata:
            state = read_metadata(list(metadata), on_problem)  # type: ignore[arg-type]
        found = locate(store, key_prefix, state)
        chosen, findings = select(found.segments, state)
        ends: dict[str, int] = {}
        for segment in chosen:
            meta = state.segments.get(segment.segment_id) if state is not None else None
            if meta is not None:
                ends[segment.segment_id] = meta.end_offset
            elif segment.layout == "aiven":
                try:
                    end = (segment.manifest().metadata or {}).get("endOffset")
                except KafkaksError:
                    end = None  # reported when the segment is read
                if isinstance(end, int):
                    ends[segment.segment_id] = end
        keyring = Keyring(keys) if keys else None
        return cls(store, by_partition(chosen), ends, findings, keyring)

    def segments(self, topic: str, partition: int) -> list[RemoteSegment]:
        return self.partitions.get((topic, partition), [])

    def partition_runs(
        self, local: Sequence[str | os.PathLike[str]], options: ReadOptions = ReadOptions()
    ) -> Iterator[BatchOrRun]:
        """:func:`tiered_runs` of the partition whose directories (copies) are ``local``, named
        ``<topic>-<partition>`` (what :func:`~kafkaks.store.partition.read_partition` with
        ``remote`` reads)."""
        named = PartitionDir.of(os.fspath(local[0])) if local else None
        if named is None:
            raise ValueError(
                "reading one partition across tiers needs its local directory, named <topic>-<partition>"
                f" (not {os.fspath(local[0]) if local else 'none'}): read_tiered_partition(remote, topic,"
                " partition) reads the store alone"
            )
        return tiered_runs(self, named.topic, named.partition, local, options)

    def sources(
        self, local_copies: Sequence[Sequence[str]], options: ReadOptions = ReadOptions()
    ) -> list[Iterator[BatchOrRun]]:
        """:func:`tiered_sources` (what :func:`~kafkaks.store.partition.read_log_dir` and
        :func:`~kafkaks.arrow.read_arrow` with ``remote`` read)."""
        return tiered_sources(self, local_copies, options)


def tiered_runs(
    remote: Remote,
    topic: str,
    partition: int,
    local: Sequence[str | os.PathLike[str]] = (),
    options: ReadOptions = ReadOptions(),
) -> Iterator[BatchOrRun]:
    """The batches of one partition: its remote segments, then the segments of its local copies
    (``local``: partition directories), as one log in offset order (:mod:`kafkaks.remote.reading`).
    Offsets between segments that no segment holds are reported first (``tier_gap``)."""
    on_problem = options.on_problem
    report = on_problem or default_handler
    local_segments = [
        segment
        for listing in (copy_listings(list(local), on_problem) if local else [])
        for segment in segments_in(listing, False, on_problem)
    ]
    segments = remote.segments(topic, partition)
    copy = os.fspath(local[0]) if local else remote.store.name
    where = copy if local else (segments[-1].location if segments else remote.store.name)
    spans = [(s.start_offset, remote.end_offsets.get(s.segment_id), s.location) for s in segments]
    local_start = min((s.base_offset for s in local_segments), default=None)
    for problem in tier_gaps(spans, local_start, where):
        report(problem)

    def runs(verify: bool) -> list[Run]:
        reading = replace(options, verify_crc=verify)
        remote_part = remote_runs(segments, copy, reading, keyring=remote.keyring)
        local_part = segment_runs(local_segments, reading)
        # one copy: the local files are named by their own directory, made that of the first one
        return remote_part + [replace(run, copy=copy) for run in local_part]

    if options.isolation == "read_committed":
        # Aborted transactions from the ABORT markers of both tiers: a topic with tiered storage
        # is never compacted (KIP-405), so no marker is gone and no .txnindex is needed.
        transactions = Transactions.scan([], merge(runs(False), ignore), on_problem)
        yield from transactions.read_committed(merge(runs(options.verify_crc), on_problem), on_problem)
    else:
        yield from merge_runs(runs(options.verify_crc), on_problem)


def tiered_sources(
    remote: Remote, local_copies: Sequence[Sequence[str]], options: ReadOptions
) -> list[Iterator[BatchOrRun]]:
    """One source of batches per partition, by topic then partition number: every partition the
    store or the local copies (groups of partition directories, as
    :func:`~kafkaks.store.listing.partition_copies` gives them) hold, each across its tiers."""
    local: dict[tuple[str, int], list[str]] = {}
    for copies in local_copies:
        named = PartitionDir.of(copies[0])
        if named is not None:
            local.setdefault((named.topic, named.partition), []).extend(copies)
    return [
        tiered_runs(remote, topic, partition, local.get((topic, partition), []), options)
        for topic, partition in sorted(set(local) | set(remote.partitions))
    ]


def read_tiered_partition(
    remote: Remote,
    topic: str,
    partition: int,
    local: Sequence[str | os.PathLike[str]] = (),
    options: ReadOptions = ReadOptions(),
) -> Iterator[Record]:
    """:func:`~kafkaks.store.partition.read_partition` of a tiered partition: the records of
    :func:`tiered_runs`, in offset order, with the same problems."""
    for batch in flatten(tiered_runs(remote, topic, partition, local, options)):
        yield from batch_records(batch, options.on_problem)
