"""Consumer groups, replayed from ``__consumer_offsets`` as Kafka 4.3.1's group coordinator
replays the topic when it loads a partition (``GroupMetadataManager.replay`` and
``OffsetMetadataManager.replay`` / ``replayEndTransactionMarker`` in ``group-coordinator``):

- an offset commit outside a transaction replaces the group's offset for its partition; a
  tombstone deletes it and the pending transactional commits of that partition;
- a commit inside a transaction waits, per producer id, for the COMMIT or ABORT marker of the
  ``__consumer_offsets`` partition: COMMIT keeps it unless a plain commit at a higher record
  offset already replaced it, ABORT drops it;
- a commit for a group without records creates a *simple* classic group (no protocol type),
  which a consumer, share or streams group record replaces;
- ``GroupMetadataValue`` replaces a classic group whole (Empty without members, else Stable), its
  tombstone removes the group (not its offsets, which have tombstones of their own);
- consumer (KIP-848), share and streams groups are built from their records: group epoch,
  members (metadata, current assignment: member epoch and state; a current-assignment
  tombstone sets the member epoch to -1, a member-metadata tombstone removes the member), target
  assignment epoch, streams topology; their states as ``ConsumerGroup``, ``ShareGroup`` and
  ``StreamsGroup.maybeUpdateGroupState`` compute them.

Offset commits are by far the most records of the topic, and the last one of each key wins, so
their values are decoded once per surviving offset, at the end; keys are decoded once per
distinct key. A million records replay in seconds (``make bench``).

Expiry: the coordinator writes tombstones for expired offsets, which the replay applies. What it
would expire next (``OffsetMetadataManager.cleanupExpiredOffsets`` with the group's
``offsetExpirationCondition``) at the state's time is marked :attr:`CommittedOffset.expired`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ..generated.kafka_consumer_offsets_key import KafkaConsumerOffsetsKey
from ..internal_topics import DecodedRecord, decode_internal
from ..wire.batch import Batch
from .model import CommittedOffset, Group, GroupMember
from .raw import raw_records

__all__ = ["DEFAULT_RETENTION_MS", "GroupReplay", "PartitionEnd"]

TOPIC = "__consumer_offsets"
DEFAULT_RETENTION_MS = 7 * 24 * 3600 * 1000  # offsets.retention.minutes = 10080
NO_PRODUCER_ID = -1
LEAVE_GROUP_MEMBER_EPOCH = -1  # ConsumerGroupMember after a current-assignment tombstone
MEMBER_STATE_STABLE = 0  # MemberState.STABLE
RecordType = KafkaConsumerOffsetsKey.RecordType
OFFSET_COMMIT_TYPES = frozenset({RecordType.legacy_offset_commit.value, RecordType.offset_commit.value})
CLASSIC_TYPE = RecordType.group_metadata.value
# Each record type of a consumer, share or streams group: (group type, what the record holds),
# from the spec's names: consumer_group_member_metadata -> ("consumer", "member_metadata").
MODERN_TYPES: dict[int, tuple[str, str]] = {
    t.value: (t.name.partition("_group_")[0], t.name.partition("_group_")[2])
    for t in RecordType
    if t.name.partition("_group_")[0] in ("consumer", "share", "streams")
}

SKIP: Any = object()  # a key not seen yet
PartitionEnd = tuple[int, str]  # (end offset, "high_watermark" | "log_end")
OffsetKey = tuple[str, str, int]


_Commit = tuple[int, bytes, bytes]  # (record offset in __consumer_offsets, key, value)


@dataclass(slots=True)
class _Member:
    member_id: str
    fields: dict[str, Any] = field(default_factory=dict)
    member_epoch: int = 0
    state: int = MEMBER_STATE_STABLE
    assigned: dict[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass(slots=True)
class _Group:
    group_id: str
    type: str  # classic, consumer, share, streams
    classic: _Commit | None = None  # its GroupMetadata record (offset, key, value), decoded at the end
    epoch: int = 0
    assignment_epoch: int = -1
    assignment_timestamp: int | None = None
    members: dict[str, _Member] = field(default_factory=dict)
    topology_epoch: int | None = None
    validated_topology_epoch: int = -1
    source_topics: frozenset[str] = frozenset()
    regex_topics: dict[str, frozenset[str]] = field(default_factory=dict)

    @property
    def simple(self) -> bool:
        return self.type == "classic" and self.classic is None


class GroupReplay:
    """Feed it the batches of ``__consumer_offsets`` partitions, each partition in offset order
    (:meth:`batch`), then ask for :meth:`groups`."""

    def __init__(self) -> None:
        # What each distinct key is for: an offset commit's (group, topic, partition), or the
        # decoded key of a group record; None for a key that does not decode (reported once)
        # or of a record type that does not change a group.
        self._targets: dict[bytes, OffsetKey | DecodedRecord | None] = {}
        self._offsets: dict[OffsetKey, _Commit] = {}
        self._pending: dict[int, dict[OffsetKey, _Commit]] = {}
        self._open: dict[OffsetKey, set[int]] = defaultdict(set)
        self._groups: dict[str, _Group] = {}
        self.problems: list[str] = []
        self.newest_timestamp: int | None = None

    def batch(self, batch: Batch, at_offset: int | None = None) -> bool:
        """One batch, in offset order; False when it reaches past ``at_offset`` (its records up to
        there are replayed)."""
        if batch.max_timestamp > (self.newest_timestamp or -1):
            self.newest_timestamp = batch.max_timestamp
        if batch.is_control:
            for record in batch.records():
                if at_offset is not None and record.offset > at_offset:
                    return False
                if record.control is not None and record.control.type in ("COMMIT", "ABORT"):
                    self.marker(batch.producer_id, record.control.type == "COMMIT")
            return True
        producer_id = batch.producer_id
        targets, offsets, groups = self._targets, self._offsets, self._groups
        for offset, key, value in raw_records(batch):
            if at_offset is not None and offset > at_offset:
                return False
            if key is None:
                self.problems.append(f"{TOPIC} offset {offset}: a record without key, skipped")
                continue
            target = targets.get(key, SKIP)
            if target is SKIP:
                target = targets[key] = self._target(offset, key)
            if isinstance(target, tuple):  # an offset commit: by far the most records
                if value is not None and producer_id == NO_PRODUCER_ID:
                    if target[0] not in groups:
                        groups[target[0]] = _Group(target[0], "classic")
                    offsets[target] = (offset, key, value)
                else:
                    self._offset_commit(offset, producer_id, target, key, value)
            elif target is None:
                continue
            elif target.key_type == CLASSIC_TYPE:
                self._classic(offset, target.key["group"] if target.key else "", key, value)
            else:
                self._modern(offset, target.key_type or 0, key, value)
        return True

    def _target(self, offset: int, key: bytes) -> OffsetKey | DecodedRecord | None:
        k = decode_internal(TOPIC, key, None)
        if k is None or k.key is None or k.key_type is None:
            self.problems.append(f"{TOPIC} offset {offset}: {k.problem if k else 'not decoded'}, skipped")
            return None
        if k.key_type in OFFSET_COMMIT_TYPES:
            return (k.key["group"], k.key["topic"], k.key["partition"])
        return k if k.key_type == CLASSIC_TYPE or k.key_type in MODERN_TYPES else None

    def _offset_commit(
        self, offset: int, producer_id: int, k: OffsetKey, key: bytes, value: bytes | None
    ) -> None:
        """A tombstone, or a commit inside a transaction (the plain commit is inlined above)."""
        if value is None:
            self._offsets.pop(k, None)
            for producer in self._open.pop(k, ()):
                self._pending.get(producer, {}).pop(k, None)
            return
        if k[0] not in self._groups:
            self._groups[k[0]] = _Group(k[0], "classic")
        self._pending.setdefault(producer_id, {})[k] = (offset, key, value)
        self._open[k].add(producer_id)

    def marker(self, producer_id: int, commit: bool) -> None:
        """A COMMIT (``commit``) or ABORT control record of ``producer_id``."""
        pending = self._pending.pop(producer_id, None)
        if pending is None:
            return
        for k, entry in pending.items():
            producers = self._open.get(k)
            if producers is not None:
                producers.discard(producer_id)
                if not producers:
                    del self._open[k]
            existing = self._offsets.get(k)
            if commit and (existing is None or entry[0] > existing[0]):
                self._offsets[k] = entry

    def _classic(self, offset: int, group_id: str, key: bytes, value: bytes | None) -> None:
        if value is None:
            self._groups.pop(group_id, None)
        else:
            self._groups[group_id] = _Group(group_id, "classic", classic=(offset, key, value))

    def _modern(self, offset: int, key_type: int, key: bytes, value: bytes | None) -> None:
        group_type, role = MODERN_TYPES[key_type]
        d = decode_internal(TOPIC, key, value)
        if d is None or d.key is None or (value is not None and d.value is None):
            self.problems.append(f"{TOPIC} offset {offset}: {d.problem if d else 'not decoded'}, skipped")
            return
        group_id = d.key["groupId"]
        group = self._groups.get(group_id)
        # getOrMaybeCreatePersisted{Consumer,Share,Streams}Group: a tombstone for a group that
        # does not exist is ignored; a simple group (offsets only) is replaced, whatever the record.
        if group is None and value is None:
            return
        if group is None or group.simple:
            group = self._groups[group_id] = _Group(group_id, group_type)
        elif group.type != group_type:
            self.problems.append(
                f"{TOPIC} offset {offset}: a {group_type} group record for {group_id!r}, "
                f"a {group.type} group: skipped"
            )
            return
        if role == "metadata" and value is None:
            del self._groups[group_id]  # removeGroup: its members and assignment had tombstones first
            return
        _apply(group, role, d.key, d.value)

    def groups(
        self,
        ends: dict[tuple[str, int], PartitionEnd],
        now: int | None,
        retention_ms: int = DEFAULT_RETENTION_MS,
        topic_names: dict[str, str] | None = None,
    ) -> list[Group]:
        """The groups at the end of the replay, each with its committed offsets and their lag
        against ``ends`` (partition -> end offset and where it comes from). Consumer and share
        groups assign partitions by topic id: ``topic_names`` (id -> name) names them."""
        by_group: dict[str, list[tuple[OffsetKey, _Commit]]] = defaultdict(list)
        for k, commit in self._offsets.items():
            by_group[k[0]].append((k, commit))
        pending: dict[str, int] = defaultdict(int)
        for commits in self._pending.values():
            for k in commits:
                pending[k[0]] += 1
        names = topic_names or {}
        out = []
        for group_id in sorted(set(self._groups) | set(by_group)):
            group = self._groups.get(group_id) or _Group(group_id, "classic")
            built = self._build(
                group, sorted(by_group.get(group_id, [])), pending[group_id], ends, now, retention_ms, names
            )
            out.append(built)
        return out

    def _build(
        self,
        group: _Group,
        commits: list[tuple[OffsetKey, _Commit]],
        pending: int,
        ends: dict[tuple[str, int], PartitionEnd],
        now: int | None,
        retention_ms: int,
        topic_names: dict[str, str],
    ) -> Group:
        if group.type == "classic":
            base = _classic_group(group, self._classic_value(group))
        else:
            base = _modern_group(group, topic_names)
        expiry = _expiry(base, group)
        offsets = []
        for (_, topic, partition), commit in commits:
            record_offset, key, value = commit
            d = decode_internal(TOPIC, key, value)
            v = d.value if d is not None else None
            if v is None:
                self.problems.append(
                    f"{TOPIC} offset {record_offset}: {d.problem if d else 'not decoded'}, skipped"
                )
                continue
            end = ends.get((topic, partition))
            expire = v.get("expireTimestamp")
            expire = None if expire is None or expire < 0 else expire
            commit_ts = v["commitTimestamp"]
            offsets.append(
                CommittedOffset(
                    topic=topic,
                    partition=partition,
                    offset=v["offset"],
                    leader_epoch=v.get("leaderEpoch", -1),
                    metadata=v.get("metadata"),
                    commit_timestamp=commit_ts,
                    expire_timestamp=expire,
                    record_offset=record_offset,
                    end_offset=None if end is None else end[0],
                    end_source=None if end is None else end[1],
                    lag=None if end is None else end[0] - v["offset"],
                    expired=_expired(expiry, topic, commit_ts, expire, now, retention_ms)
                    and not self._open.get((group.group_id, topic, partition)),
                    topic_id=v.get("topicId"),
                )
            )
        return Group(**{**base, "offsets": tuple(offsets), "pending_transactional_offsets": pending})

    def _classic_value(self, group: _Group) -> dict[str, Any] | None:
        if group.classic is None:
            return None
        offset, key, value = group.classic
        d = decode_internal(TOPIC, key, value)
        if d is None or d.value is None:
            problem = d.problem if d else "not decoded"
            self.problems.append(f"{TOPIC} offset {offset}: group {group.group_id!r}: {problem}, skipped")
            return None
        return d.value


def _apply(group: _Group, role: str, key: dict[str, Any], value: dict[str, Any] | None) -> None:
    """One consumer, share or streams group record, as ``GroupMetadataManager.replay`` applies it."""
    member_id = key.get("memberId")
    if role == "metadata" and value is not None:
        group.epoch = value["epoch"]
        group.validated_topology_epoch = value.get("validatedTopologyEpoch", group.validated_topology_epoch)
    elif role == "target_assignment_metadata":
        group.assignment_epoch = -1 if value is None else value["assignmentEpoch"]
        group.assignment_timestamp = None if value is None else value.get("assignmentTimestamp")
    elif role == "topology":
        group.topology_epoch = None if value is None else value["epoch"]
        group.source_topics = frozenset(
            () if value is None else (t for s in value["subtopologies"] for t in s["sourceTopics"])
        )
    elif role == "regular_expression":
        regex = key["regularExpression"]
        if value is None:
            group.regex_topics.pop(regex, None)
        else:
            group.regex_topics[regex] = frozenset(value["topics"])
    elif role == "member_metadata" and member_id is not None:
        if value is None:
            group.members.pop(member_id, None)
        else:
            group.members.setdefault(member_id, _Member(member_id)).fields = value
    elif role == "current_member_assignment" and member_id is not None:
        if value is None:
            if member_id in group.members:
                member = group.members[member_id]
                member.member_epoch, member.assigned = LEAVE_GROUP_MEMBER_EPOCH, {}
            return
        member = group.members.setdefault(member_id, _Member(member_id))
        member.member_epoch, member.state = value["memberEpoch"], value["state"]
        member.assigned = _assigned(value)
    # partition_metadata, state_partition_metadata and target_assignment_member do not change
    # what is reported: the subscription metadata (replaced by a hash) and the target assignment.


def _assigned(value: dict[str, Any]) -> dict[str, tuple[int, ...]]:
    if "assignedPartitions" in value:
        return {tp["topicId"]: tuple(tp["partitions"]) for tp in value["assignedPartitions"]}
    out: dict[str, tuple[int, ...]] = {}
    for kind in ("active", "standby", "warmup"):
        for task in value.get(f"{kind}Tasks") or ():
            out[f"{kind}:{task['subtopologyId']}"] = tuple(task["partitions"])
    return out


def _classic_group(group: _Group, value: dict[str, Any] | None) -> dict[str, Any]:
    if value is None:  # a simple group: committed offsets only
        return dict(
            group_id=group.group_id,
            type="classic",
            state="Empty",
            epoch=0,
            protocol_type=None,
            protocol=None,
            leader=None,
            assignment_epoch=None,
            state_timestamp=None,
            members=(),
            simple=True,
        )
    members = []
    for m in value["members"]:
        subscription = m.get("subscription")
        topics = tuple(subscription.get("topics", ())) if isinstance(subscription, dict) else ()
        assignment = m.get("assignment")
        assigned = (
            {tp["topic"]: tuple(tp["partitions"]) for tp in assignment.get("assignedPartitions", ())}
            if isinstance(assignment, dict)
            else {}
        )
        members.append(
            GroupMember(
                member_id=m["memberId"],
                instance_id=m.get("groupInstanceId"),
                client_id=m.get("clientId"),
                client_host=m.get("clientHost"),
                subscribed_topics=topics,
                assigned=assigned,
                session_timeout_ms=m.get("sessionTimeout"),
                rebalance_timeout_ms=m.get("rebalanceTimeout"),
            )
        )
    timestamp = value.get("currentStateTimestamp", -1)
    return dict(
        group_id=group.group_id,
        type="classic",
        state="Stable" if members else "Empty",
        epoch=value["generation"],
        protocol_type=value["protocolType"] or None,
        protocol=value.get("protocol"),
        leader=value.get("leader"),
        assignment_epoch=None,
        state_timestamp=None if timestamp is None or timestamp < 0 else timestamp,
        members=tuple(members),
    )


def _modern_state(group: _Group) -> str:
    if not group.members:
        return "Empty"
    if group.type == "share":
        return "Stable"
    if group.type == "streams" and (
        group.topology_epoch is None or group.topology_epoch != group.validated_topology_epoch
    ):
        return "NotReady"
    if group.epoch > group.assignment_epoch:
        return "Assigning"
    reconciled = all(
        m.state == MEMBER_STATE_STABLE and m.member_epoch == group.assignment_epoch
        for m in group.members.values()
    )
    return "Stable" if reconciled else "Reconciling"


def _modern_group(group: _Group, topic_names: dict[str, str]) -> dict[str, Any]:
    members = tuple(
        GroupMember(
            member_id=m.member_id,
            instance_id=m.fields.get("instanceId"),
            client_id=m.fields.get("clientId"),
            client_host=m.fields.get("clientHost"),
            member_epoch=m.member_epoch,
            state=m.state,
            subscribed_topics=tuple(m.fields.get("subscribedTopicNames") or ()),
            assigned={topic_names.get(topic, topic): parts for topic, parts in m.assigned.items()},
            session_timeout_ms=(m.fields.get("classicMemberMetadata") or {}).get("sessionTimeoutMs"),
            rebalance_timeout_ms=m.fields.get("rebalanceTimeoutMs"),
        )
        for m in sorted(group.members.values(), key=lambda m: m.member_id)
    )
    return dict(
        group_id=group.group_id,
        type=group.type,
        state=_modern_state(group),
        epoch=group.epoch,
        protocol_type=group.type if group.type != "streams" else "streams",
        protocol=None,
        leader=None,
        assignment_epoch=group.assignment_epoch,
        state_timestamp=group.assignment_timestamp,
        members=members,
    )


@dataclass(frozen=True, slots=True)
class _Expiry:
    """``offsetExpirationCondition``: whether the group expires offsets at all, from which base
    time (the state timestamp of an Empty classic group, else the commit time), and the topics it
    is subscribed to (never expired)."""

    base: int | None
    subscribed: frozenset[str]


def _expiry(base: dict[str, Any], group: _Group) -> _Expiry | None:
    if base["type"] == "share":
        return None
    if base["type"] == "classic":
        if base["protocol_type"] is None:
            return _Expiry(None, frozenset())
        if base["state"] == "Empty":
            return _Expiry(base["state_timestamp"], frozenset())
        topics = frozenset(t for m in base["members"] for t in m.subscribed_topics)
        if base["protocol_type"] == "consumer" and topics:
            return _Expiry(None, topics)
        return None
    if base["type"] == "streams":
        topics = frozenset() if base["state"] == "Empty" else group.source_topics
        return _Expiry(None, topics)
    names = {t for m in base["members"] for t in m.subscribed_topics}
    names.update(t for topics in group.regex_topics.values() for t in topics)
    return _Expiry(None, frozenset(names))


def _expired(
    expiry: _Expiry | None,
    topic: str,
    commit_ts: int,
    expire_ts: int | None,
    now: int | None,
    retention_ms: int,
) -> bool:
    """``OffsetExpirationConditionImpl.isOffsetExpired`` for a topic the group is not subscribed to."""
    if expiry is None or now is None or topic in expiry.subscribed:
        return False
    if expire_ts is not None:
        return now >= expire_ts
    base = expiry.base if expiry.base is not None else commit_ts
    return now - base >= retention_ms
