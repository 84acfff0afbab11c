"""Copies of one partition in several log dirs: where they diverge, by their leader epochs, as a
follower's truncation finds it (KIP-101, KIP-279: the follower asks the leader for the end offset
of its own latest epoch, ``LeaderEpochFileCache.endOffsetFor``, and truncates there). The copy
kept is the one of the highest leader epoch, then the longest log: what the leader of the newest
epoch holds. Each other copy would lose its records from the truncation point to its end.
Damage between copies is found by the merged read (:mod:`kafkaks.store.replicas`)."""

from __future__ import annotations

from .model import PartitionCopy, ReplicaDivergence

__all__ = ["divergence"]


def _end_for(leader: PartitionCopy, epoch: int) -> tuple[int | None, int | None]:
    """The leader's largest epoch not above ``epoch``, and where that epoch ends in its log."""
    below = [e for e, _ in leader.epochs if e <= epoch]
    if not below:
        return None, None
    found = max(below)
    later = [start for e, start in leader.epochs if e > found]
    return found, min(later) if later else leader.log_end


def _truncation(leader: PartitionCopy, follower: PartitionCopy) -> int | None:
    if follower.log_end is None:
        return None
    if follower.last_epoch is None or leader.log_end is None:
        return min(follower.log_end, leader.log_end or 0)
    epoch, end = _end_for(leader, follower.last_epoch)
    if epoch is None or end is None:  # no epoch in common: the whole log goes
        return follower.log_start or 0
    if epoch != follower.last_epoch:  # the follower's epoch is unknown to the leader: cut at its next epoch
        later = [start for e, start in follower.epochs if e > epoch]
        end = min([end, *later])
    return min(end, follower.log_end)


def divergence(topic: str, partition: int, copies: list[PartitionCopy]) -> ReplicaDivergence:
    longest = max(copies, key=lambda c: (c.last_epoch if c.last_epoch is not None else -1, c.log_end or 0))
    lose: dict[str, int] = {}
    points = []
    for copy in copies:
        if copy is longest:
            continue
        cut = _truncation(longest, copy)
        if cut is not None and copy.log_end is not None and cut < copy.log_end:
            lose[copy.directory] = copy.log_end - cut
            points.append(cut)
    return ReplicaDivergence(
        topic=topic,
        partition=partition,
        copies=tuple(copies),
        diverge_at=min(points) if points else None,
        longest=longest.directory,
        would_lose=lose,
    )
