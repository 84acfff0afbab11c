"""``kafkaks state --html FILE``: one self-contained page (no script, no network), its pictures
drawn here as inline SVG: each partition's time range and offset range with gaps, damage, the
last stable offset and replica divergence marked; open transactions on the same time axis; lag
per group and partition. The tables are the text tables' content."""

from __future__ import annotations

from html import escape

from .model import ClusterState, PartitionExtent
from .text import cell, format_time

__all__ = ["render_html"]

WIDTH, LABEL, ROW = 900, 260, 18
COLORS = {
    "bar": "#4c78a8",
    "gap": "#d8d8d8",
    "damage": "#d62728",
    "lso": "#9467bd",
    "diverge": "#ff7f0e",
    "open": "#e45756",
}
STYLE = """
body{font:13px/1.4 system-ui,sans-serif;margin:24px;color:#222}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}
th{background:#f3f3f3}.legend span{display:inline-block;margin-right:14px}
.sw{display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:middle}
svg text{font:11px system-ui,sans-serif}
"""


def _x(value: float, lo: float, hi: float) -> float:
    return LABEL + (WIDTH - LABEL - 10) * ((value - lo) / (hi - lo) if hi > lo else 0.0)


def _svg(height: int, body: list[str], title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" role="img" '
        f'aria-label="{escape(title)}">{"".join(body)}</svg>'
    )


def _bar(x0: float, x1: float, y: int, color: str, title: str = "") -> str:
    tip = f"<title>{escape(title)}</title>" if title else ""
    return (
        f'<rect x="{x0:.1f}" y="{y + 3}" width="{max(x1 - x0, 2):.1f}" height="{ROW - 6}" '
        f'fill="{color}">{tip}</rect>'
    )


def _tick(x: float, y: int, color: str, title: str) -> str:
    return (
        f'<line x1="{x:.1f}" y1="{y + 1}" x2="{x:.1f}" y2="{y + ROW - 1}" stroke="{color}" '
        f'stroke-width="3"><title>{escape(title)}</title></line>'
    )


def _label(y: float, text: str) -> str:
    return f'<text x="4" y="{y + 12}">{escape(text[:40])}</text>'


def time_chart(state: ClusterState) -> str:
    """Each partition's first to last timestamp, and each open transaction from its first batch to
    the state's time, on one time axis."""
    spans = [
        (f"{p.topic}-{p.partition}", p.first_timestamp, p.last_timestamp)
        for p in state.partitions
        if p.first_timestamp is not None and p.last_timestamp is not None
    ]
    times = [t for _, first, last in spans for t in (first, last)]
    times += [o.first_timestamp for o in state.open_transactions if o.first_timestamp is not None]
    if state.now is not None:
        times.append(state.now)
    if not times:
        return "<p>No timestamps on the disks read.</p>"
    lo, hi = min(times), max(times)
    body, y = [], 24
    body.append(f'<text x="{LABEL}" y="12">{escape(format_time(lo))}</text>')
    body.append(f'<text x="{WIDTH - 10}" y="12" text-anchor="end">{escape(format_time(hi))}</text>')
    for name, first, last in spans:
        body.append(_label(y, name))
        span = f"{name}: {format_time(first)} to {format_time(last)}"
        body.append(_bar(_x(first, lo, hi), _x(last, lo, hi), y, COLORS["bar"], span))
        y += ROW
    for o in state.open_transactions:
        if o.first_timestamp is None:
            continue
        x0, x1 = _x(o.first_timestamp, lo, hi), _x(state.now if state.now is not None else hi, lo, hi)
        body.append(_label(y, f"open txn {o.topic}-{o.partition} pid {o.producer_id}"))
        body.append(_bar(x0, x1, y, COLORS["open"], o.reason))
        y += ROW
    if state.now is not None:
        xn = _x(state.now, lo, hi)
        body.append(
            f'<line x1="{xn:.1f}" y1="16" x2="{xn:.1f}" y2="{y}" stroke="#000" stroke-dasharray="3,3"/>'
        )
    return _svg(y + 6, body, "partitions and open transactions over time")


def _offset_row(p: PartitionExtent, y: int, diverge: int | None) -> list[str]:
    if p.log_start is None or p.log_end is None:
        return []
    lo, hi = p.log_start, max(p.log_end, p.high_watermark or 0)
    name = f"{p.topic}-{p.partition} [{p.log_start}, {p.log_end})"
    out = [_label(y, name), _bar(_x(lo, lo, hi), _x(p.log_end, lo, hi), y, COLORS["bar"], name)]
    if p.high_watermark is not None and p.high_watermark != p.log_end:
        out.append(_tick(_x(p.high_watermark, lo, hi), y, "#000", f"high watermark {p.high_watermark}"))
    out += [_bar(_x(a, lo, hi), _x(b, lo, hi), y, COLORS["gap"], f"gap {a}-{b - 1}") for a, b in p.gaps]
    marks = [(o, COLORS["damage"], kind) for o, kind in p.damage if o >= 0]
    if p.last_stable_offset is not None:
        marks.append((p.last_stable_offset, COLORS["lso"], "last stable offset"))
    if diverge is not None:
        marks.append((diverge, COLORS["diverge"], "copies diverge"))
    for offset, color, what in marks:
        x = _x(min(max(offset, lo), hi), lo, hi)
        out.append(_tick(x, y, color, f"{what} at offset {offset}"))
    return out


def offset_chart(state: ClusterState) -> str:
    """Each partition's offsets, from its log start to its log end, scaled to its own range."""
    diverge = {(r.topic, r.partition): r.diverge_at for r in state.replicas}
    drawn = [p for p in state.partitions if p.log_start is not None]
    body, y = [], 4
    for p in drawn:
        body += _offset_row(p, y, diverge.get((p.topic, p.partition)))
        y += ROW
    empty = len(state.partitions) - len(drawn)
    note = f"<p>{empty} partitions without records are not drawn.</p>" if empty else ""
    return (_svg(y + 4, body, "offset ranges") if drawn else "<p>No partition holds records.</p>") + note


def lag_chart(state: ClusterState) -> str:
    rows = [(g.group_id, o) for g in state.groups for o in g.offsets if o.lag is not None]
    if not rows:
        return "<p>No committed offset with a partition on these disks.</p>"
    top = max(max(o.lag or 0 for _, o in rows), 1)
    body, y = [], 4
    for group, o in rows:
        lag = o.lag or 0
        body.append(_label(y, f"{group} {o.topic}-{o.partition}"))
        body.append(
            f'<rect x="{LABEL}" y="{y + 3}" width="{max((WIDTH - LABEL - 80) * max(lag, 0) / top, 1):.1f}" '
            f'height="{ROW - 6}" fill="{COLORS["damage"] if o.expired else COLORS["bar"]}"/>'
            f'<text x="{WIDTH - 70}" y="{y + 12}">{lag}</text>'
        )
        y += ROW
    return _svg(y + 4, body, "lag per group and partition")


def _table(header: list[str], rows: list[list[object]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(cell(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def render_html(state: ClusterState) -> str:
    legend = "".join(
        f'<span><i class="sw" style="background:{c}"></i>{escape(n)}</span>'
        for n, c in [
            ("records", COLORS["bar"]),
            ("gap", COLORS["gap"]),
            ("damage / expired", COLORS["damage"]),
            ("last stable offset", COLORS["lso"]),
            ("replicas diverge", COLORS["diverge"]),
            ("open transaction", COLORS["open"]),
            ("high watermark", "#000"),
        ]
    )
    groups = _table(
        ["group", "type", "state", "epoch", "members", "lag"],
        [[g.group_id, g.type, g.state, g.epoch, len(g.members), g.total_lag] for g in state.groups],
    )
    open_txns = _table(
        ["partition", "producer", "first offset", "open for (s)", "transactional id", "hanging", "abort"],
        [
            [
                f"{o.topic}-{o.partition}",
                o.producer_id,
                o.first_offset,
                None if o.open_ms is None else o.open_ms // 1000,
                o.transactional_id,
                o.hanging,
                o.abort_command if o.hanging else None,
            ]
            for o in state.open_transactions
        ],
    )
    txns = _table(
        ["transactional id", "state", "producer", "epoch", "partitions", "last update"],
        [
            [
                t.transactional_id,
                t.state,
                t.producer_id,
                t.producer_epoch,
                ", ".join(t.partitions),
                format_time(t.last_update),
            ]
            for t in state.transactions
        ],
    )
    m = state.metadata
    meta = "<p>No cluster metadata.</p>"
    if m is not None:
        meta = (
            f"<p>{escape(m.source)}; cluster id {escape(m.cluster_id or '-')}; "
            f"snapshot {escape(m.snapshot or '-')}</p>"
            + _table(
                ["topic", "id", "partition", "leader", "epoch", "replicas", "isr", "elr"],
                [
                    [
                        t.name,
                        t.topic_id,
                        p.partition,
                        p.leader,
                        p.leader_epoch,
                        list(p.replicas),
                        list(p.isr),
                        list(p.elr),
                    ]
                    for t in m.topics
                    for p in t.partitions
                ],
            )
        )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>kafkaks state</title><style>{STYLE}</style></head>
<body>
<h1>State of {escape(", ".join(state.log_dirs))}</h1>
<p>At {escape(format_time(state.now))}. <span class="legend">{legend}</span></p>
<h2>Partitions over time, with open transactions</h2>{time_chart(state)}
<h2>Offsets: gaps, damage, last stable offset, divergence</h2>{offset_chart(state)}
<h2>Lag per group and partition</h2>{lag_chart(state)}
<h2>Consumer groups</h2>{groups}
<h2>Open transactions</h2>{open_txns}
<h2>Transactions</h2>{txns}
<h2>Cluster metadata</h2>{meta}
<h2>Problems</h2>{_table(["problem"], [[p] for p in state.problems])}
</body></html>
"""
