"""Cluster metadata: KRaft's newest ``.checkpoint`` snapshot of ``__cluster_metadata``, then the
log after it, replayed as Kafka 4.3.1's ``MetadataDelta`` applies records to a ``MetadataImage``
(``metadata/src/main/java/org/apache/kafka/image``): topics and their partition registrations
(``PartitionRegistration.merge`` for a change: a field left null keeps its value, a new leader
bumps the leader epoch, every change the partition epoch), broker registrations and their
fencing, configs (a null value deletes), feature levels (level 0 removes), the next producer id;
records between ``BeginTransactionRecord`` and ``EndTransactionRecord`` (KIP-868) apply together,
and not at all after ``AbortTransactionRecord``. For ZooKeeper-era log dirs, what
``meta.properties`` and the partition directories say."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..errors import KafkaksError
from ..internal_topics import decode_internal
from ..models import Record
from ..store.partition import read_partition
from ..store.segment import read_log
from .model import Broker, Metadata, PartitionState, Topic

__all__ = ["MetadataReplay", "kraft_metadata", "zookeeper_metadata"]

NO_LEADER_CHANGE = -2  # PartitionChangeRecord.leader when the leader stays
FENCE, UNFENCE = 1, -1  # BrokerRegistrationFencingChange
IN_CONTROLLED_SHUTDOWN = 1  # BrokerRegistrationInControlledShutdownChange
# ConfigResource.Type ids, as ConfigRecord.resourceType stores them
RESOURCE_TYPES = {2: "topic", 4: "broker", 8: "broker_logger", 16: "client_metrics", 32: "group"}


def _ids(value: Any) -> tuple[int, ...]:
    return tuple(value or ())


@dataclass(slots=True)
class MetadataReplay:
    topics: dict[str, dict[str, Any]] = field(default_factory=dict)  # topic id -> {name, partitions}
    brokers: dict[int, Broker] = field(default_factory=dict)
    controllers: dict[int, Broker] = field(default_factory=dict)
    configs: dict[str, dict[str, str | None]] = field(default_factory=dict)
    features: dict[str, int] = field(default_factory=dict)
    next_producer_id: int | None = None
    pending: list[tuple[str, dict[str, Any]]] | None = None
    problems: list[str] = field(default_factory=list)

    def record(self, kind: str, value: dict[str, Any]) -> None:
        if kind == "BEGIN_TRANSACTION_RECORD":
            self.pending = []
        elif kind == "END_TRANSACTION_RECORD":
            for k, v in self.pending or ():
                self._apply(k, v)
            self.pending = None
        elif kind == "ABORT_TRANSACTION_RECORD":
            self.pending = None
        elif self.pending is not None:
            self.pending.append((kind, value))
        else:
            self._apply(kind, value)

    def _apply(self, kind: str, v: dict[str, Any]) -> None:
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, v)

    def _topic(self, v: dict[str, Any]) -> None:
        self.topics[v["topicId"]] = {"name": v["name"], "partitions": {}}

    def _remove_topic(self, v: dict[str, Any]) -> None:
        topic = self.topics.pop(v["topicId"], None)
        if topic is not None:
            self.configs.pop(f"topic:{topic['name']}", None)

    def _partition(self, v: dict[str, Any]) -> None:
        topic = self.topics.get(v["topicId"])
        if topic is None:
            self.problems.append(f"PartitionRecord for unknown topic id {v['topicId']}")
            return
        topic["partitions"][v["partitionId"]] = PartitionState(
            partition=v["partitionId"],
            replicas=_ids(v["replicas"]),
            isr=_ids(v["isr"]),
            elr=_ids(v.get("eligibleLeaderReplicas")),
            last_known_elr=_ids(v.get("lastKnownElr")),
            leader=v["leader"],
            leader_epoch=v["leaderEpoch"],
            partition_epoch=v["partitionEpoch"],
            adding_replicas=_ids(v.get("addingReplicas")),
            removing_replicas=_ids(v.get("removingReplicas")),
        )

    def _partition_change(self, v: dict[str, Any]) -> None:
        topic = self.topics.get(v["topicId"])
        old = None if topic is None else topic["partitions"].get(v["partitionId"])
        if topic is None or old is None:
            self.problems.append(
                f"PartitionChangeRecord for unknown partition {v['topicId']}-{v['partitionId']}"
            )
            return

        def changed(name: str, current: tuple[int, ...]) -> tuple[int, ...]:
            return current if v.get(name) is None else _ids(v[name])

        leader = v.get("leader", NO_LEADER_CHANGE)
        topic["partitions"][old.partition] = replace(
            old,
            replicas=changed("replicas", old.replicas),
            isr=changed("isr", old.isr),
            elr=changed("eligibleLeaderReplicas", old.elr),
            last_known_elr=changed("lastKnownElr", old.last_known_elr),
            adding_replicas=changed("addingReplicas", old.adding_replicas),
            removing_replicas=changed("removingReplicas", old.removing_replicas),
            leader=old.leader if leader == NO_LEADER_CHANGE else leader,
            leader_epoch=old.leader_epoch if leader == NO_LEADER_CHANGE else old.leader_epoch + 1,
            partition_epoch=old.partition_epoch + 1,
        )

    def _clear_elr(self, v: dict[str, Any]) -> None:
        name = v.get("topicName") or ""
        for topic in self.topics.values():
            if name in ("", topic["name"]):
                for number, p in list(topic["partitions"].items()):
                    topic["partitions"][number] = replace(p, elr=(), last_known_elr=())

    def _register_broker(self, v: dict[str, Any]) -> None:
        self.brokers[v["brokerId"]] = Broker(
            broker_id=v["brokerId"],
            epoch=v.get("brokerEpoch"),
            incarnation_id=v.get("incarnationId"),
            rack=v.get("rack"),
            endpoints=_endpoints(v.get("endPoints")),
            fenced=bool(v.get("fenced", True)),
            in_controlled_shutdown=bool(v.get("inControlledShutdown", False)),
            log_dirs=tuple(v.get("logDirs") or ()),
        )

    def _unregister_broker(self, v: dict[str, Any]) -> None:
        self.brokers.pop(v["brokerId"], None)

    def _register_controller(self, v: dict[str, Any]) -> None:
        self.controllers[v["controllerId"]] = Broker(
            broker_id=v["controllerId"],
            epoch=None,
            incarnation_id=v.get("incarnationId"),
            rack=None,
            endpoints=_endpoints(v.get("endPoints")),
            fenced=False,
            in_controlled_shutdown=False,
            controller=True,
        )

    def _fence(self, v: dict[str, Any], fenced: bool) -> None:
        broker = self.brokers.get(v["id"])
        if broker is not None:
            self.brokers[v["id"]] = replace(broker, fenced=fenced)

    def _registration_change(self, v: dict[str, Any]) -> None:
        broker = self.brokers.get(v["brokerId"])
        if broker is None:
            self.problems.append(f"BrokerRegistrationChangeRecord for unknown broker {v['brokerId']}")
            return
        fenced = {FENCE: True, UNFENCE: False}.get(v.get("fenced", 0), broker.fenced)
        shutdown = v.get("inControlledShutdown", 0) == IN_CONTROLLED_SHUTDOWN or broker.in_controlled_shutdown
        dirs = tuple(v.get("logDirs") or ()) or broker.log_dirs
        self.brokers[broker.broker_id] = replace(
            broker, fenced=fenced, in_controlled_shutdown=shutdown, log_dirs=dirs
        )

    def _config(self, v: dict[str, Any]) -> None:
        resource = f"{RESOURCE_TYPES.get(v['resourceType'], str(v['resourceType']))}:{v['resourceName']}"
        if v.get("value") is None:
            self.configs.get(resource, {}).pop(v["name"], None)
        else:
            self.configs.setdefault(resource, {})[v["name"]] = v["value"]

    def _feature(self, v: dict[str, Any]) -> None:
        if v["featureLevel"] == 0:
            self.features.pop(v["name"], None)
        else:
            self.features[v["name"]] = v["featureLevel"]

    def _producer_ids(self, v: dict[str, Any]) -> None:
        self.next_producer_id = v["nextProducerId"]

    def metadata(
        self, snapshot: str | None, last_offset: int | None, cluster_id: str | None, node_ids: tuple[int, ...]
    ) -> Metadata:
        topics = tuple(
            sorted(
                (
                    Topic(
                        name=t["name"],
                        topic_id=topic_id,
                        partitions=tuple(t["partitions"][n] for n in sorted(t["partitions"])),
                        configs=self.configs.get(f"topic:{t['name']}", {}),
                    )
                    for topic_id, t in self.topics.items()
                ),
                key=lambda t: t.name,
            )
        )
        return Metadata(
            source="kraft",
            cluster_id=cluster_id,
            node_ids=node_ids,
            brokers=tuple(self.brokers[b] for b in sorted(self.brokers))
            + tuple(self.controllers[c] for c in sorted(self.controllers)),
            topics=topics,
            features=dict(sorted(self.features.items())),
            configs={k: v for k, v in sorted(self.configs.items()) if not k.startswith("topic:")},
            snapshot=snapshot,
            last_offset=last_offset,
            next_producer_id=self.next_producer_id,
        )


def _endpoints(endpoints: Any) -> tuple[str, ...]:
    return tuple(f"{e['name']}://{e['host']}:{e['port']}" for e in endpoints or ())


_HANDLERS: dict[str, Callable[[MetadataReplay, dict[str, Any]], None]] = {
    "TOPIC_RECORD": MetadataReplay._topic,
    "REMOVE_TOPIC_RECORD": MetadataReplay._remove_topic,
    "PARTITION_RECORD": MetadataReplay._partition,
    "PARTITION_CHANGE_RECORD": MetadataReplay._partition_change,
    "CLEAR_ELR_RECORD": MetadataReplay._clear_elr,
    "REGISTER_BROKER_RECORD": MetadataReplay._register_broker,
    "UNREGISTER_BROKER_RECORD": MetadataReplay._unregister_broker,
    "REGISTER_CONTROLLER_RECORD": MetadataReplay._register_controller,
    "FENCE_BROKER_RECORD": lambda m, v: m._fence(v, True),
    "UNFENCE_BROKER_RECORD": lambda m, v: m._fence(v, False),
    "BROKER_REGISTRATION_CHANGE_RECORD": MetadataReplay._registration_change,
    "CONFIG_RECORD": MetadataReplay._config,
    "FEATURE_LEVEL_RECORD": MetadataReplay._feature,
    "PRODUCER_IDS_RECORD": MetadataReplay._producer_ids,
}


def _snapshot_end(path: Path) -> int:
    return int(path.name.split("-")[0])


def _header_time(path: Path) -> int | None:
    """The snapshot header's ``lastContainedLogTimestamp``."""
    for batch in read_log(path, on_problem=lambda p: None):
        for record in batch.records():
            if record.control is not None and record.control.value is not None:
                found = record.control.value.get("lastContainedLogTimestamp")
                return found if isinstance(found, int) else None
        return None
    return None


def _choose_snapshot(directory: Path, at_offset: int | None, at_time: int | None) -> Path | None:
    for path in sorted(directory.glob("*-*.checkpoint"), key=_snapshot_end, reverse=True):
        if at_offset is not None and _snapshot_end(path) > at_offset + 1:
            continue
        if at_time is not None:
            contained = _header_time(path)
            if contained is None or contained > at_time:
                continue
        return path
    return None


def kraft_metadata(
    directory: Path,
    cluster_id: str | None,
    node_ids: tuple[int, ...],
    *,
    at_offset: int | None = None,
    at_time: int | None = None,
) -> tuple[Metadata, list[str]]:
    """Replay a ``__cluster_metadata-0`` directory: its newest snapshot (not after ``at_offset``
    or ``at_time``), then its log from the snapshot's end offset."""
    replay = MetadataReplay()
    snapshot = _choose_snapshot(directory, at_offset, at_time)
    start, last = 0, None
    problems: list[str] = []

    def feed(record: Record) -> None:
        nonlocal last
        if record.control is not None:
            return
        d = decode_internal("__cluster_metadata", record.key, record.value)
        if d is None or d.value is None or d.value_type is None:
            problems.append(f"__cluster_metadata offset {record.offset}: {d.problem if d else 'not decoded'}")
            return
        replay.record(d.value_type, d.value)
        last = record.offset

    def on_problem(problem: object) -> None:
        problems.append(str(problem))

    try:
        if snapshot is not None:
            start = _snapshot_end(snapshot)
            for batch in read_log(snapshot, on_problem=on_problem):
                for record in batch.records():
                    feed(record)
            last = start - 1
        for record in read_partition(directory, on_problem=on_problem):
            if record.offset < start:
                continue
            if (at_offset is not None and record.offset > at_offset) or (
                at_time is not None and record.timestamp > at_time
            ):
                break
            feed(record)
    except (OSError, KafkaksError) as exc:
        problems.append(f"{directory}: {exc}")
    problems += replay.problems
    name = None if snapshot is None else snapshot.name
    return replay.metadata(name, last, cluster_id, node_ids), problems


def zookeeper_metadata(
    cluster_id: str | None, node_ids: tuple[int, ...], partitions: dict[str, list[int]]
) -> Metadata:
    """What a ZooKeeper-era log dir says without ZooKeeper: ``meta.properties`` and the
    partition directories (topics and partition numbers; no replicas, ISR or leaders)."""
    topics = tuple(
        Topic(
            name=name,
            topic_id=None,
            partitions=tuple(PartitionState(n, (), (), (), (), -1, -1, -1) for n in sorted(numbers)),
            configs={},
        )
        for name, numbers in sorted(partitions.items())
    )
    return Metadata("zookeeper", cluster_id, node_ids, (), topics, {}, {}, None, None)
