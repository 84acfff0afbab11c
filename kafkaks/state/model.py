"""The state of a cluster read from its disks, as typed, frozen dataclasses: what
:func:`kafkaks.cluster_state` returns and what ``kafkaks state`` prints, as text, JSON or HTML.

Times are milliseconds since the epoch, as Kafka stores them; None where the disks do not say.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Broker",
    "ClusterState",
    "CommittedOffset",
    "Group",
    "GroupMember",
    "Metadata",
    "OpenTransaction",
    "PartitionCopy",
    "PartitionExtent",
    "PartitionState",
    "ReplicaDivergence",
    "Topic",
    "Transaction",
    "to_json",
]


@dataclass(frozen=True, slots=True)
class CommittedOffset:
    """A group's committed offset for one partition.

    ``record_offset`` is where the commit sits in ``__consumer_offsets`` (the coordinator keeps
    the commit of the higher record offset when a transactional commit meets a plain one).
    ``end_offset`` is the partition's high watermark from ``replication-offset-checkpoint``
    (``end_source`` ``"high_watermark"``) or its log end offset on disk (``"log_end"``), None when
    the partition is not on the disks read; ``lag`` = ``end_offset - offset``. ``expired``: the
    coordinator's next expiry pass at :attr:`ClusterState.now` would delete it (with
    ``offsets.retention.minutes`` as given, 7 days by default).
    """

    topic: str
    partition: int
    offset: int
    leader_epoch: int
    metadata: str | None
    commit_timestamp: int
    expire_timestamp: int | None
    record_offset: int
    end_offset: int | None
    end_source: str | None
    lag: int | None
    expired: bool
    topic_id: str | None = None


@dataclass(frozen=True, slots=True)
class GroupMember:
    """A member as the coordinator holds it: for classic groups from ``GroupMetadataValue``; for
    consumer (KIP-848), share and streams groups from the member metadata and current assignment
    records. ``assigned`` maps a topic (id for consumer and share groups) or a streams
    subtopology (``active:<id>``...) to its partitions or tasks."""

    member_id: str
    instance_id: str | None = None
    client_id: str | None = None
    client_host: str | None = None
    member_epoch: int | None = None
    state: int | None = None
    subscribed_topics: tuple[str, ...] = ()
    assigned: dict[str, tuple[int, ...]] = field(default_factory=dict)
    session_timeout_ms: int | None = None
    rebalance_timeout_ms: int | None = None


@dataclass(frozen=True, slots=True)
class Group:
    """A group: ``type`` is ``classic``, ``consumer``, ``share`` or ``streams``; ``state`` as the
    coordinator computes it (classic groups load Empty or Stable; the others Empty, Assigning,
    Reconciling, NotReady or Stable); ``epoch`` the generation (classic) or group epoch.
    ``simple``: a group known only from committed offsets (no membership records), which the
    coordinator creates as an empty classic group without protocol type."""

    group_id: str
    type: str
    state: str
    epoch: int
    protocol_type: str | None
    protocol: str | None
    leader: str | None
    assignment_epoch: int | None
    state_timestamp: int | None
    members: tuple[GroupMember, ...]
    offsets: tuple[CommittedOffset, ...]
    pending_transactional_offsets: int = 0
    simple: bool = False

    @property
    def total_lag(self) -> int | None:
        lags = [o.lag for o in self.offsets if o.lag is not None]
        return sum(lags) if lags else None


@dataclass(frozen=True, slots=True)
class OpenTransaction:
    """A transaction left open in a partition (a data partition, or ``__consumer_offsets`` with a
    transactional offset commit): transactional batches of ``producer_id`` from ``first_offset``
    with no COMMIT or ABORT marker after them (or a producer snapshot's word for it, where those
    batches are gone; ``first_timestamp`` is then None). It holds the partition's last
    stable offset at ``first_offset`` (the lowest such offset of the partition).
    ``open_ms``: how long it had been open at :attr:`ClusterState.now` (from the first batch's
    timestamp). ``hanging``: its producer has no ongoing transaction in ``__transaction_state``
    that includes this partition, or the coordinator's own state says it timed out
    (KIP-664's candidates); ``abort_command`` is what would abort it on a live cluster."""

    topic: str
    partition: int
    producer_id: int
    producer_epoch: int
    first_offset: int
    first_timestamp: int | None
    last_stable_offset: int
    open_ms: int | None
    transactional_id: str | None
    hanging: bool
    reason: str
    abort_command: str


@dataclass(frozen=True, slots=True)
class Transaction:
    """A transactional id's last state in ``__transaction_state``: ``state`` as Kafka names it
    (Empty, Ongoing, PrepareCommit, PrepareAbort, CompleteCommit, CompleteAbort, Dead,
    PrepareEpochFence); partitions as ``topic-partition``; ``timed_out``: Ongoing for longer than
    its timeout at :attr:`ClusterState.now`."""

    transactional_id: str
    state: str
    producer_id: int
    producer_epoch: int
    timeout_ms: int
    partitions: tuple[str, ...]
    last_update: int
    start: int
    record_offset: int
    timed_out: bool


@dataclass(frozen=True, slots=True)
class Broker:
    """A broker registration (KRaft ``RegisterBrokerRecord`` and the changes after it), or a
    controller (``RegisterControllerRecord``, ``controller`` True)."""

    broker_id: int
    epoch: int | None
    incarnation_id: str | None
    rack: str | None
    endpoints: tuple[str, ...]
    fenced: bool
    in_controlled_shutdown: bool
    log_dirs: tuple[str, ...] = ()
    controller: bool = False


@dataclass(frozen=True, slots=True)
class PartitionState:
    """A partition's registration in the metadata log: replicas, ISR, ELR (KIP-966), leader."""

    partition: int
    replicas: tuple[int, ...]
    isr: tuple[int, ...]
    elr: tuple[int, ...]
    last_known_elr: tuple[int, ...]
    leader: int
    leader_epoch: int
    partition_epoch: int
    adding_replicas: tuple[int, ...] = ()
    removing_replicas: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Topic:
    name: str
    topic_id: str | None
    partitions: tuple[PartitionState, ...]
    configs: dict[str, str | None]


@dataclass(frozen=True, slots=True)
class Metadata:
    """The cluster metadata: ``source`` is ``kraft`` (a snapshot, then the log after it: their
    offsets in ``snapshot`` and ``last_offset``) or ``zookeeper`` (``meta.properties`` and the
    partition directories only). ``features`` maps a feature to its level; ``configs`` holds the
    broker and cluster configs (resource ``broker:<id>``, ``broker:`` for the cluster default)."""

    source: str
    cluster_id: str | None
    node_ids: tuple[int, ...]
    brokers: tuple[Broker, ...]
    topics: tuple[Topic, ...]
    features: dict[str, int]
    configs: dict[str, dict[str, str | None]]
    snapshot: str | None
    last_offset: int | None
    next_producer_id: int | None = None


@dataclass(frozen=True, slots=True)
class PartitionCopy:
    """One copy of a partition (a directory), its offsets and leader epochs."""

    directory: str
    log_start: int | None
    log_end: int | None
    last_epoch: int | None
    epochs: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class ReplicaDivergence:
    """Copies of one partition that disagree: ``diverge_at`` is the first offset they do not
    share (from the leader epochs of their batches and ``leader-epoch-checkpoint``), ``longest``
    the copy a truncation to the leader's log would keep, ``would_lose`` what each other copy
    holds beyond it (records from ``diverge_at`` to its end that the longest copy does not
    have)."""

    topic: str
    partition: int
    copies: tuple[PartitionCopy, ...]
    diverge_at: int | None
    longest: str
    would_lose: dict[str, int]


@dataclass(frozen=True, slots=True)
class PartitionExtent:
    """A data partition on disk: offsets, times and what is wrong with it, for the timeline.
    ``gaps`` are offset ranges absent between batches (compaction or lost segments), ``damage``
    the offsets of reported problems."""

    topic: str
    partition: int
    log_start: int | None
    log_end: int | None
    high_watermark: int | None
    first_timestamp: int | None
    last_timestamp: int | None
    last_stable_offset: int | None
    gaps: tuple[tuple[int, int], ...]
    damage: tuple[tuple[int, str], ...]
    copies: int


@dataclass(frozen=True, slots=True)
class ClusterState:
    """Everything :func:`kafkaks.cluster_state` found: ``now`` is the time the state is taken at
    (``--at TIME``, else the newest timestamp seen in the internal topics and partitions).
    ``problems`` lists what could not be read or replayed, as messages."""

    log_dirs: tuple[str, ...]
    now: int | None
    at_offset: int | None
    groups: tuple[Group, ...]
    transactions: tuple[Transaction, ...]
    open_transactions: tuple[OpenTransaction, ...]
    metadata: Metadata | None
    partitions: tuple[PartitionExtent, ...]
    replicas: tuple[ReplicaDivergence, ...]
    problems: tuple[str, ...]

    @property
    def damaged(self) -> bool:
        """Whether reading found damage in a partition (a bad CRC, a truncated batch, ...)."""
        return any(p.damage for p in self.partitions)


def _jsonable(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(value, Group):
            out["total_lag"] = value.total_lag
        return out
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def to_json(state: ClusterState) -> dict[str, Any]:
    """The state as JSON-ready dicts and lists, field names as the dataclasses name them."""
    result: dict[str, Any] = _jsonable(state)
    return result
