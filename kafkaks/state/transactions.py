"""Transactions: the last state of each transactional id in ``__transaction_state`` (its latest
record wins, a tombstone removes the id, as ``TransactionStateManager`` loads the log), and the
transactions that partitions hold open, cross-checked with it as ``kafka-transactions
find-hanging`` (KIP-664, ``TransactionsCommand.FindHangingTransactionsCommand``) does:

1. a candidate is an open transaction whose producer wrote nothing for longer than the maximum
   transaction timeout (15 minutes by default, ``--max-transaction-timeout``);
2. it is hanging when no transactional id has its producer id, or that id's transaction does
   not list the partition (an ongoing transaction lists every partition it wrote to, and one
   being completed those still waiting for their markers).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..internal_topics import decode_internal
from ..internal_topics.transaction_state import TRANSACTION_STATES
from ..wire.batch import Batch
from .model import OpenTransaction, Transaction
from .partitions import OpenRun
from .raw import raw_records

__all__ = ["DEFAULT_MAX_TRANSACTION_TIMEOUT_MS", "TransactionReplay", "open_transactions"]

TOPIC = "__transaction_state"
DEFAULT_MAX_TRANSACTION_TIMEOUT_MS = 15 * 60 * 1000
ONGOING = "Ongoing"


@dataclass(slots=True)
class _Latest:
    record_offset: int
    key: bytes
    value: bytes


class TransactionReplay:
    """Feed it the batches of ``__transaction_state`` partitions (:meth:`batch`), then ask for
    :meth:`transactions`."""

    def __init__(self) -> None:
        self._latest: dict[bytes, _Latest] = {}
        self.problems: list[str] = []
        self.newest_timestamp: int | None = None

    def batch(self, batch: Batch, at_offset: int | None = None) -> bool:
        """One batch of a ``__transaction_state`` partition; False when it reaches past ``at_offset``."""
        if batch.max_timestamp > (self.newest_timestamp or -1):
            self.newest_timestamp = batch.max_timestamp
        if batch.is_control:
            return True
        for offset, key, value in raw_records(batch):
            if at_offset is not None and offset > at_offset:
                return False
            if key is None:
                self.problems.append(f"{TOPIC} offset {offset}: a record without key, skipped")
            elif value is None:
                self._latest.pop(key, None)
            else:
                self._latest[key] = _Latest(offset, key, value)
        return True

    def transactions(self, now: int | None) -> list[Transaction]:
        out = []
        for latest in self._latest.values():
            d = decode_internal(TOPIC, latest.key, latest.value)
            if d is None or d.key is None or d.value is None:
                self.problems.append(
                    f"{TOPIC} offset {latest.record_offset}: {d.problem if d else 'not decoded'}"
                )
                continue
            v = d.value
            state = TRANSACTION_STATES.get(v["transactionStatus"], str(v["transactionStatus"]))
            partitions = tuple(
                f"{tp['topic']}-{p}"
                for tp in v.get("transactionPartitions") or ()
                for p in tp["partitionIds"]
            )
            start, timeout = v["transactionStartTimestampMs"], v["transactionTimeoutMs"]
            out.append(
                Transaction(
                    transactional_id=d.key["transactionalId"],
                    state=state,
                    producer_id=v["producerId"],
                    producer_epoch=v["producerEpoch"],
                    timeout_ms=timeout,
                    partitions=partitions,
                    last_update=v["transactionLastUpdateTimestampMs"],
                    start=start,
                    record_offset=latest.record_offset,
                    timed_out=state == ONGOING and now is not None and start >= 0 and now - start > timeout,
                )
            )
        return sorted(out, key=lambda t: t.transactional_id)


def abort_command(topic: str, partition: int, first_offset: int) -> str:
    """``kafka-transactions`` abort of a transaction by its start offset (brokers 3.0 and up)."""
    return (
        "kafka-transactions.sh --bootstrap-server HOST:PORT abort "
        f"--topic {topic} --partition {partition} --start-offset {first_offset}"
    )


def open_transactions(
    runs: dict[tuple[str, int], list[OpenRun]],
    transactions: list[Transaction],
    now: int | None,
    max_timeout_ms: int = DEFAULT_MAX_TRANSACTION_TIMEOUT_MS,
) -> list[OpenTransaction]:
    """The open transactions of the partitions, each judged as ``find-hanging`` judges it."""
    by_producer = {t.producer_id: t for t in transactions}
    out = []
    for (topic, partition), open_runs in sorted(runs.items()):
        lso = min(run.first_offset for run in open_runs)
        for run in open_runs:
            txn = by_producer.get(run.producer_id)
            quiet = None if now is None or run.last_timestamp is None else now - run.last_timestamp
            stale = quiet is None or quiet > max_timeout_ms
            partition_name = f"{topic}-{partition}"
            listed = txn is not None and partition_name in txn.partitions
            if txn is None:
                reason = f"no transactional id has producer id {run.producer_id} in {TOPIC}"
            elif not listed:
                reason = f"{txn.transactional_id!r} is {txn.state} and does not list {partition_name}"
            else:
                reason = (
                    f"{txn.transactional_id!r} is {txn.state} with {partition_name}: "
                    "its coordinator writes the marker"
                )
            if not stale and not listed:
                reason += f" (but its producer wrote {quiet} ms ago: not a candidate yet)"
            out.append(
                OpenTransaction(
                    topic=topic,
                    partition=partition,
                    producer_id=run.producer_id,
                    producer_epoch=run.producer_epoch,
                    first_offset=run.first_offset,
                    first_timestamp=run.first_timestamp,
                    last_stable_offset=lso,
                    open_ms=None if now is None or run.first_timestamp is None else now - run.first_timestamp,
                    transactional_id=None if txn is None else txn.transactional_id,
                    hanging=stale and not listed,
                    reason=reason,
                    abort_command=abort_command(topic, partition, run.first_offset),
                )
            )
    return out
