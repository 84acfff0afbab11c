"""``kafkaks state`` as text tables on the terminal."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from .model import ClusterState

__all__ = ["cell", "format_time", "render_text"]


def format_time(ms: int | None) -> str:
    if ms is None or ms < 0:
        return "-"
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ").replace("000Z", "Z")


def cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ",".join(map(str, value)) or "-"
    return str(value)


def table(title: str, header: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    cells = [[cell(v) for v in row] for row in rows]
    if not cells:
        return [f"{title}: none", ""]
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(header)]
    line = "  ".join
    out = [title, line(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip()]
    out += [line(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    return [*out, ""]


def render_text(state: ClusterState) -> str:
    out = [f"State of {', '.join(state.log_dirs)} at {format_time(state.now)}", ""]
    out += table(
        "CONSUMER GROUPS",
        ["GROUP", "TYPE", "STATE", "EPOCH", "MEMBERS", "OFFSETS", "LAG"],
        (
            (
                g.group_id,
                g.type + (" (simple)" if g.simple else ""),
                g.state,
                g.epoch,
                len(g.members),
                len(g.offsets),
                g.total_lag,
            )
            for g in state.groups
        ),
    )
    out += table(
        "COMMITTED OFFSETS",
        ["GROUP", "TOPIC", "PARTITION", "OFFSET", "END", "LAG", "COMMITTED", "EXPIRED"],
        (
            (
                g.group_id,
                o.topic,
                o.partition,
                o.offset,
                o.end_offset,
                o.lag,
                format_time(o.commit_timestamp),
                o.expired,
            )
            for g in state.groups
            for o in g.offsets
        ),
    )
    out += table(
        "MEMBERS",
        ["GROUP", "MEMBER", "CLIENT", "HOST", "EPOCH", "ASSIGNED"],
        (
            (
                g.group_id,
                m.member_id,
                m.client_id,
                m.client_host,
                m.member_epoch,
                " ".join(f"{t}:{cell(p)}" for t, p in m.assigned.items()),
            )
            for g in state.groups
            for m in g.members
        ),
    )
    out += table(
        "TRANSACTIONS",
        [
            "TRANSACTIONAL ID",
            "STATE",
            "PRODUCER",
            "EPOCH",
            "TIMEOUT MS",
            "PARTITIONS",
            "LAST UPDATE",
            "TIMED OUT",
        ],
        (
            (
                t.transactional_id,
                t.state,
                t.producer_id,
                t.producer_epoch,
                t.timeout_ms,
                t.partitions,
                format_time(t.last_update),
                t.timed_out,
            )
            for t in state.transactions
        ),
    )
    out += table(
        "OPEN TRANSACTIONS",
        [
            "PARTITION",
            "PRODUCER",
            "FIRST OFFSET",
            "LSO",
            "OPEN FOR S",
            "TRANSACTIONAL ID",
            "HANGING",
            "REASON",
        ],
        (
            (
                f"{o.topic}-{o.partition}",
                o.producer_id,
                o.first_offset,
                o.last_stable_offset,
                None if o.open_ms is None else round(o.open_ms / 1000),
                o.transactional_id,
                o.hanging,
                o.reason,
            )
            for o in state.open_transactions
        ),
    )
    hanging = [o.abort_command for o in state.open_transactions if o.hanging]
    if hanging:
        out += ["To abort the hanging transactions on a live cluster:", *(f"  {c}" for c in hanging), ""]
    m = state.metadata
    if m is not None:
        source = (
            f"{m.source}"
            + (f", snapshot {m.snapshot}" if m.snapshot else "")
            + (f", to offset {m.last_offset}" if m.last_offset is not None else "")
        )
        out += [
            f"CLUSTER METADATA ({source}): cluster id {m.cluster_id or '-'}, nodes {cell(m.node_ids)}",
            "",
        ]
        out += table(
            "BROKERS",
            ["ID", "ROLE", "EPOCH", "ENDPOINTS", "RACK", "FENCED", "CONTROLLED SHUTDOWN"],
            (
                (
                    b.broker_id,
                    "controller" if b.controller else "broker",
                    b.epoch,
                    b.endpoints,
                    b.rack,
                    b.fenced,
                    b.in_controlled_shutdown,
                )
                for b in m.brokers
            ),
        )
        out += table(
            "PARTITIONS",
            ["TOPIC", "TOPIC ID", "PARTITION", "LEADER", "LEADER EPOCH", "REPLICAS", "ISR", "ELR"],
            (
                (t.name, t.topic_id, p.partition, p.leader, p.leader_epoch, p.replicas, p.isr, p.elr)
                for t in m.topics
                for p in t.partitions
            ),
        )
        out += table(
            "CONFIGS",
            ["RESOURCE", "NAME", "VALUE"],
            [(f"topic:{t.name}", k, v) for t in m.topics for k, v in t.configs.items()]
            + [(r, k, v) for r, values in m.configs.items() for k, v in values.items()],
        )
        out += table("FEATURES", ["NAME", "LEVEL"], m.features.items())
    out += table(
        "REPLICAS",
        ["PARTITION", "COPY", "LOG START", "LOG END", "LAST EPOCH", "KEPT", "WOULD LOSE"],
        (
            (
                f"{r.topic}-{r.partition}",
                c.directory,
                c.log_start,
                c.log_end,
                c.last_epoch,
                c.directory == r.longest,
                r.would_lose.get(c.directory, 0),
            )
            for r in state.replicas
            for c in r.copies
        ),
    )
    if state.problems:
        out += [f"PROBLEMS ({len(state.problems)})", *(f"  {p}" for p in state.problems[:50]), ""]
    return "\n".join(out)
