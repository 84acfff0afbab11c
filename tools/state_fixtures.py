#!/usr/bin/env python3
"""Writes tests/fixtures/state: log dirs of a small cluster whose state is known by construction,
for ``kafkaks state``. Records of ``__consumer_offsets`` and ``__transaction_state`` are encoded
by tools/kafka_schema_encoder.py's encoder from Apache Kafka 4.3.1's message JSON schemas (read
from a git checkout); batches are built with kafka-python's ``DefaultRecordBatchBuilder``
(control batches: its batch with the control bit set and the CRC-32C computed again, as Kafka's
``MemoryRecords.withEndTransactionMarker`` frames them). ``expected.json`` is the state the
scenario below implies by Kafka's replay rules, written here, not by kafkaks.

    python tools/state_fixtures.py --git-dir /work/.mirror/confluentinc+kafka/repo \
        --commit 26b251a451ce941d3d7a55e6487bcb7f16b5ad48 tests/fixtures/state
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import shutil
import struct
import sys
from pathlib import Path
from typing import Any

from kafka.record.default_records import DefaultRecordBatchBuilder
from kafka.record.util import calc_crc32c

sys.path.insert(0, str(Path(__file__).parent))
from kafka_schema_encoder import GROUP_DIR, STORAGE_DIR, TXN_DIR, Encoder, load

T0 = 1_700_000_000_000
MINUTE = 60_000
U1, U2 = bytes(range(16)), bytes(range(16, 32))  # topic ids


class Schemas:
    def __init__(self, git_dir: str, commit: str) -> None:
        self.git_dir, self.commit = git_dir, commit
        self.rng = random.Random(0)

    def producer_snapshot(self, entries: list[dict[str, Any]]) -> bytes:
        """A producer state snapshot as ProducerStateManager.writeSnapshot writes it: the int16
        version, then ProducerSnapshot (storage's message schema), its CRC-32C over the entries."""
        schema = load(self.git_dir, self.commit, f"{STORAGE_DIR}/ProducerSnapshot.json")
        version = int(schema["validVersions"])
        body = bytearray(struct.pack(">h", version))
        body += Encoder(schema, self.rng).encode_struct(
            schema["fields"], {"Crc": 0, "ProducerEntries": entries}, version
        )
        struct.pack_into(">I", body, 2, calc_crc32c(bytes(body[6:])))
        return bytes(body)

    def record(
        self, folder: str, name: str, key: dict[str, Any], value: dict[str, Any] | None, version: int = 0
    ) -> tuple[bytes, bytes | None]:
        ks = load(self.git_dir, self.commit, f"{folder}/{name}Key.json")
        vs = load(self.git_dir, self.commit, f"{folder}/{name}Value.json")
        kenc, venc = Encoder(ks, self.rng), Encoder(vs, self.rng)
        venc.rng = random.Random(1)  # no unknown tags in these values: kept plain
        key = {f["name"]: _named(key, f["name"]) for f in ks["fields"]}
        encoded_key = struct.pack(">h", ks["apiKey"]) + kenc.encode_struct(ks["fields"], key, 0)
        if value is None:
            return encoded_key, None
        full = {f["name"]: _named(value, f["name"], venc.default(f)) for f in vs["fields"]}
        return encoded_key, struct.pack(">h", version) + venc.encode_struct(vs["fields"], full, version)


def _named(values: dict[str, Any], name: str, default: Any = None) -> Any:
    """The value given for a schema field, whatever the case of its name (OffsetCommitKey's
    fields are lower case, the others Pascal case)."""
    return next((v for k, v in values.items() if k.lower() == name.lower()), default)


def assignment(epoch: int, state: int, partitions: list[dict[str, Any]]) -> dict[str, Any]:
    """A consumer or share group member's current assignment (the fields left out take their
    schema defaults: no partitions pending revocation)."""
    return {
        "MemberEpoch": epoch,
        "PreviousMemberEpoch": epoch - 1,
        "State": state,
        "AssignedPartitions": partitions,
    }


def batch(
    base: int,
    records: list[tuple[bytes | None, bytes | None, int]],
    *,
    pid: int = -1,
    epoch: int = -1,
    transactional: bool = False,
    control: bool = False,
    leader_epoch: int = 0,
) -> bytes:
    b = DefaultRecordBatchBuilder(
        magic=2,
        compression_type=0,
        is_transactional=transactional,
        producer_id=pid,
        producer_epoch=epoch,
        base_sequence=-1 if pid < 0 else 0,
        batch_size=1 << 20,
    )
    for delta, (key, value, ts) in enumerate(records):
        b.append(delta, timestamp=ts, key=key, value=value, headers=[])
    buf = bytearray(b.build())
    struct.pack_into(">q", buf, 0, base)
    struct.pack_into(">i", buf, 12, leader_epoch)
    if control:
        attributes = struct.unpack_from(">h", buf, 21)[0] | 0x20
        struct.pack_into(">h", buf, 21, attributes)
    struct.pack_into(">I", buf, 17, calc_crc32c(bytes(buf[21:])))
    return bytes(buf)


def marker(base: int, pid: int, epoch: int, commit: bool, ts: int) -> bytes:
    key = struct.pack(">hh", 0, 1 if commit else 0)
    value = struct.pack(">hi", 0, 0)
    return batch(base, [(key, value, ts)], pid=pid, epoch=epoch, transactional=True, control=True)


def write(directory: Path, batches: list[bytes]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "00000000000000000000.log").write_bytes(b"".join(batches))


def s(name: str) -> str:
    return name


def build(git_dir: str, commit: str, out: Path) -> dict[str, Any]:
    sc = Schemas(git_dir, commit)
    G = GROUP_DIR

    def oc(
        group: str, topic: str, partition: int, offset: int | None, ts: int
    ) -> tuple[bytes | None, bytes | None, int]:
        key = {"Group": group, "Topic": topic, "Partition": partition}
        value = (
            None
            if offset is None
            else {"Offset": offset, "LeaderEpoch": -1, "Metadata": "", "CommitTimestamp": ts}
        )
        k, v = sc.record(G, "OffsetCommit", key, value, version=3)
        return k, v, ts

    def rec(
        name: str, key: dict[str, Any], value: dict[str, Any] | None, ts: int
    ) -> tuple[bytes | None, bytes | None, int]:
        k, v = sc.record(G, name, key, value)
        return k, v, ts

    t = T0
    co: list[bytes] = []
    off = 0

    def put(records: list[tuple[bytes | None, bytes | None, int]], **kw: Any) -> None:
        nonlocal off
        co.append(batch(off, records, **kw))
        off += len(records)

    # A consumer group (KIP-848): epoch 5, target assignment epoch 5, two members, one still reconciling.
    put(
        [
            rec("ConsumerGroupMetadata", {"GroupId": "kip848"}, {"Epoch": 5, "MetadataHash": 0}, t),
            rec(
                "ConsumerGroupMemberMetadata",
                {"GroupId": "kip848", "MemberId": "m1"},
                {
                    "ClientId": "c1",
                    "ClientHost": "/10.0.0.1",
                    "SubscribedTopicNames": ["orders"],
                    "ServerAssignor": "uniform",
                    "RebalanceTimeoutMs": 300000,
                },
                t,
            ),
            rec(
                "ConsumerGroupMemberMetadata",
                {"GroupId": "kip848", "MemberId": "m2"},
                {
                    "ClientId": "c2",
                    "ClientHost": "/10.0.0.2",
                    "SubscribedTopicNames": ["orders"],
                    "ServerAssignor": "uniform",
                    "RebalanceTimeoutMs": 300000,
                },
                t,
            ),
            rec(
                "ConsumerGroupTargetAssignmentMetadata",
                {"GroupId": "kip848"},
                {"AssignmentEpoch": 5, "AssignmentTimestamp": t},
                t,
            ),
            rec(
                "ConsumerGroupCurrentMemberAssignment",
                {"GroupId": "kip848", "MemberId": "m1"},
                assignment(5, 0, [{"TopicId": U1, "Partitions": [0]}]),
                t,
            ),
            rec(
                "ConsumerGroupCurrentMemberAssignment",
                {"GroupId": "kip848", "MemberId": "m2"},
                assignment(4, 1, []),  # state 1: UNREVOKED_PARTITIONS
                t,
            ),
        ]
    )
    # A member that left: current assignment tombstone, then member metadata tombstone.
    put(
        [
            rec(
                "ConsumerGroupMemberMetadata",
                {"GroupId": "kip848", "MemberId": "gone"},
                {
                    "ClientId": "c3",
                    "ClientHost": "/10.0.0.3",
                    "SubscribedTopicNames": ["orders"],
                    "ServerAssignor": "uniform",
                    "RebalanceTimeoutMs": 300000,
                },
                t + 1,
            ),
            rec(
                "ConsumerGroupCurrentMemberAssignment", {"GroupId": "kip848", "MemberId": "gone"}, None, t + 2
            ),
            rec("ConsumerGroupMemberMetadata", {"GroupId": "kip848", "MemberId": "gone"}, None, t + 2),
        ]
    )
    # A share group with one member; a streams group with a topology not yet validated.
    put(
        [
            rec("ShareGroupMetadata", {"GroupId": "share1"}, {"Epoch": 2, "MetadataHash": 0}, t),
            rec(
                "ShareGroupMemberMetadata",
                {"GroupId": "share1", "MemberId": "s1"},
                {"ClientId": "sc", "ClientHost": "/10.0.0.4", "SubscribedTopicNames": ["orders"]},
                t,
            ),
            rec(
                "ShareGroupCurrentMemberAssignment",
                {"GroupId": "share1", "MemberId": "s1"},
                assignment(2, 0, [{"TopicId": U1, "Partitions": [0]}]),
                t,
            ),
            rec(
                "StreamsGroupMetadata",
                {"GroupId": "streams1"},
                {"Epoch": 3, "MetadataHash": 0, "ValidatedTopologyEpoch": 0},
                t,
            ),
            rec(
                "StreamsGroupTopology",
                {"GroupId": "streams1"},
                {
                    "Epoch": 1,
                    "Subtopologies": [
                        {
                            "SubtopologyId": "0",
                            "SourceTopics": ["orders"],
                            "SourceTopicRegex": [],
                            "StateChangelogTopics": [],
                            "RepartitionSinkTopics": [],
                            "RepartitionSourceTopics": [],
                            "CopartitionGroups": [],
                        }
                    ],
                },
                t,
            ),
            rec(
                "StreamsGroupMemberMetadata",
                {"GroupId": "streams1", "MemberId": "st1"},
                {
                    "ClientId": "stc",
                    "ClientHost": "/10.0.0.5",
                    "TopologyEpoch": 1,
                    "ProcessId": "p1",
                    "ClientTags": [],
                },
                t,
            ),
            rec(
                "StreamsGroupCurrentMemberAssignment",
                {"GroupId": "streams1", "MemberId": "st1"},
                {
                    "MemberEpoch": 3,
                    "PreviousMemberEpoch": 2,
                    "State": 0,
                    "ActiveTasks": [{"SubtopologyId": "0", "Partitions": [0]}],
                    "StandbyTasks": [],
                    "WarmupTasks": [],
                    "ActiveTasksPendingRevocation": [],
                    "StandbyTasksPendingRevocation": [],
                    "WarmupTasksPendingRevocation": [],
                },
                t,
            ),
            # A deleted consumer group: its records, then the tombstones the coordinator writes.
            rec("ConsumerGroupMetadata", {"GroupId": "deleted"}, {"Epoch": 1, "MetadataHash": 0}, t),
            rec("ConsumerGroupMetadata", {"GroupId": "deleted"}, None, t + 1),
        ]
    )
    # Offsets: plain commits, a later one replacing an earlier one, a tombstone.
    put(
        [
            oc("kip848", "orders", 0, 3, t),
            oc("kip848", "orders", 0, 7, t + MINUTE),
            oc("kip848", "orders", 1, 2, t),
            oc("kip848", "orders", 1, None, t + MINUTE),
            oc("simple", "orders", 0, 1, t),
        ]
    )
    # Transactional commits: producer 500 commits, 501 aborts, 502 never ends (pending).
    put([oc("txgroup", "orders", 0, 4, t)], pid=500, epoch=0, transactional=True)
    put([oc("txgroup", "orders", 1, 9, t)], pid=501, epoch=0, transactional=True)
    pending_at = off  # where producer 502's commit, never ended, lands
    put([oc("txgroup", "payments", 0, 1, t)], pid=502, epoch=0, transactional=True)
    co.append(marker(off, 500, 0, True, t + 2))
    off += 1
    co.append(marker(off, 501, 0, False, t + 2))
    off += 1
    write(out / "broker1" / "__consumer_offsets-0", co)

    # __transaction_state (TransactionState ids: 1 Ongoing, 4 CompleteCommit, 5 CompleteAbort):
    # producer 1002 is Ongoing with orders-0; 1000 completed; 1001 aborted.
    ts: list[bytes] = []

    def txn(
        tid: str, pid: int, status: int, partitions: list[tuple[str, list[int]]], start: int
    ) -> tuple[bytes | None, bytes | None, int]:
        value = {
            "ProducerId": pid,
            "ProducerEpoch": 0,
            "TransactionTimeoutMs": 60000,
            "TransactionStatus": status,
            "TransactionPartitions": [{"Topic": tp, "PartitionIds": ps} for tp, ps in partitions],
            "TransactionLastUpdateTimestampMs": start,
            "TransactionStartTimestampMs": start,
        }
        k, v = sc.record(TXN_DIR, "TransactionLog", {"TransactionalId": tid}, value)
        return k, v, start

    ts.append(
        batch(
            0,
            [
                txn("tx-committed", 1000, 4, [], t),
                txn("tx-aborted", 1001, 5, [], t),
                txn("tx-open", 1002, 1, [("orders", [0])], t),
                txn("tx-gone", 1004, 1, [], t),
            ],
        )
    )
    k, _, _ = txn("tx-gone", 1004, 1, [], t)
    ts.append(batch(4, [(k, None, t + 1)]))
    write(out / "broker1" / "__transaction_state-0", ts)

    # orders-0: a committed transaction, an aborted one, one open and listed (1002), one open
    # and unknown to the coordinator (1003, hanging), then plain records.
    data = [
        batch(0, [(b"k", b"v", t), (b"k", b"v", t)], pid=1000, epoch=0, transactional=True),
        marker(2, 1000, 0, True, t + 1),
        batch(3, [(b"k", b"v", t + 2)], pid=1001, epoch=0, transactional=True),
        marker(4, 1001, 0, False, t + 3),
        batch(5, [(b"k", b"v", t + 4)], pid=1003, epoch=0, transactional=True),
        batch(6, [(b"k", b"v", t + 5)], pid=1002, epoch=0, transactional=True),
        batch(7, [(b"k", b"v", t + 60 * MINUTE)] * 3),
    ]
    write(out / "broker1" / "orders-0", data)
    # ledger-0: retention removed the segment where producer 1005's transaction began (offset 7);
    # the producer snapshot taken at offset 10 still says it is open.
    ledger = out / "broker1" / "ledger-0"
    ledger.mkdir(parents=True)
    (ledger / "00000000000000000010.log").write_bytes(batch(10, [(b"k", b"v", t + 1)] * 3))
    (ledger / "00000000000000000010.snapshot").write_bytes(
        sc.producer_snapshot(
            [
                {
                    "ProducerId": 1005,
                    "Epoch": 2,
                    "LastSequence": 4,
                    "LastOffset": 9,
                    "OffsetDelta": 0,
                    "Timestamp": t,
                    "CoordinatorEpoch": 0,
                    "CurrentTxnFirstOffset": 7,
                }
            ]
        )
    )
    topic_id = base64.urlsafe_b64encode(U1).decode().rstrip("=")  # as Kafka's Uuid.toString
    (out / "broker1" / "orders-0" / "partition.metadata").write_text(f"version: 0\ntopic_id: {topic_id}\n")
    # payments-0 on two brokers: same epoch-0 prefix, then broker2 went on in epoch 1 while broker1
    # wrote 2 records in epoch 0 that broker2 never had (an unclean leader election).
    common = [batch(0, [(b"a", b"1", t)] * 4, leader_epoch=0)]
    write(out / "broker1" / "payments-0", [*common, batch(4, [(b"b", b"2", t + 1)] * 2, leader_epoch=0)])
    write(out / "broker2" / "payments-0", [*common, batch(4, [(b"c", b"3", t + 2)] * 5, leader_epoch=1)])
    (out / "broker1" / "replication-offset-checkpoint").write_text("0\n1\norders 0 9\n")

    return {
        "kafka_commit": commit,
        "now": t + 60 * MINUTE,
        "groups": {
            "kip848": {
                "type": "consumer",
                "state": "Reconciling",
                "epoch": 5,
                "members": ["m1", "m2"],
                "assigned": {"m1": {"orders": [0]}, "m2": {}},
                "offsets": {"orders-0": 7},
            },
            "share1": {"type": "share", "state": "Stable", "epoch": 2, "members": ["s1"], "offsets": {}},
            "streams1": {
                "type": "streams",
                "state": "NotReady",
                "epoch": 3,
                "members": ["st1"],
                "offsets": {},
            },
            "simple": {
                "type": "classic",
                "state": "Empty",
                "epoch": 0,
                "members": [],
                "offsets": {"orders-0": 1},
            },
            "txgroup": {
                "type": "classic",
                "state": "Empty",
                "epoch": 0,
                "members": [],
                "offsets": {"orders-0": 4},
            },
        },
        "lag": {"kip848/orders-0": 2, "simple/orders-0": 8, "txgroup/orders-0": 5},
        "transactions": {
            "tx-committed": "CompleteCommit",
            "tx-aborted": "CompleteAbort",
            "tx-open": "Ongoing",
        },
        # 502's transactional offset commit in __consumer_offsets-0 has no marker and
        # no transactional id: find-hanging lists internal topics too
        "open_transactions": {
            "1002": {"partition": "orders-0", "first_offset": 6, "hanging": False},
            "1003": {"partition": "orders-0", "first_offset": 5, "hanging": True},
            "502": {"partition": "__consumer_offsets-0", "first_offset": pending_at, "hanging": True},
            "1005": {"partition": "ledger-0", "first_offset": 7, "hanging": True},
        },
        "last_stable_offset": {"orders-0": 5, "__consumer_offsets-0": pending_at, "ledger-0": 7},
        "replicas": {"payments-0": {"longest": "broker2", "diverge_at": 4, "would_lose": {"broker1": 2}}},
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--git-dir", required=True)
    p.add_argument("--commit", required=True)
    p.add_argument("out", type=Path)
    args = p.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    expected = build(args.git_dir, args.commit, args.out)
    (args.out / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")


if __name__ == "__main__":
    main()
