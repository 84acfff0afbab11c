"""``kafkaks state LOGDIR...``: the cluster's state from its disks, as text, JSON or an HTML page."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

__all__ = ["add_arguments", "run_state"]

STATE_HELP = "consumer groups and lag, open transactions, cluster metadata and replicas, from log dirs"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "log_dirs", nargs="+", metavar="LOGDIR", help="broker log dirs (or partition directories)"
    )
    parser.add_argument(
        "--at",
        metavar="TIME|OFFSET",
        help="replay the internal topics up to this offset (digits), or every log up to this time "
        "(ISO 8601, e.g. 2024-05-01T12:00:00Z)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object instead of tables")
    parser.add_argument("--html", metavar="FILE", help="also write a self-contained HTML page with pictures")
    parser.add_argument(
        "--offsets-retention-minutes",
        type=int,
        default=10080,
        help="the brokers' offsets.retention.minutes, to tell which offsets the coordinator "
        "would expire (10080)",
    )
    parser.add_argument(
        "--max-transaction-timeout",
        type=int,
        default=15,
        metavar="MINUTES",
        help="an open transaction quiet for longer is a hanging candidate, as "
        "kafka-transactions find-hanging (15)",
    )


def run_state(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..state import cluster_state, to_json
    from ..state.html import render_html
    from ..state.text import render_text

    try:
        state = cluster_state(
            *args.log_dirs,
            at=args.at,
            offsets_retention_ms=args.offsets_retention_minutes * 60_000,
            max_transaction_timeout_ms=args.max_transaction_timeout * 60_000,
        )
    except ValueError as exc:
        err.write(f"kafkaks: error: {exc}\n")
        return 2
    if args.json:
        json.dump(to_json(state), out, indent=1)
        out.write("\n")
    else:
        out.write(render_text(state) + "\n")
    if args.html:
        with open(args.html, "w", encoding="utf-8") as page:
            page.write(render_html(state))
    return 1 if state.damaged else 0
