"""``kafkaks remote-inventory``: what a store of remote segments holds (:mod:`kafkaks.remote.inventory`),
as a text report or ``--json``; exits 1 when data the store should hold cannot be read (a gap, a
segment that does not read through, a live segment with no object)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from ..remote.tiers import Remote

__all__ = ["add_remote_options", "keys_of", "open_remote", "run_inventory"]


def add_remote_options(parser: argparse.ArgumentParser, *, store: bool = False) -> None:
    """The options that say how to read a store of remote segments (with ``store``, --remote too)."""
    group = parser.add_argument_group("tiered storage")
    if store:
        group.add_argument(
            "--remote",
            metavar="STORE",
            help="also the remote segments (tiered storage) of this folder or URI (s3://bucket/prefix, ...)",
        )
    group.add_argument(
        "--remote-key-prefix",
        default="",
        metavar="PREFIX",
        help="Aiven's rsm.config.key.prefix, relative to the store's root (default: none)",
    )
    group.add_argument(
        "--remote-key",
        action="append",
        default=[],
        metavar="ID=PEM",
        help="the RSA private key (PKCS#8 PEM file) of key pair ID, for encrypted segments; repeatable",
    )
    group.add_argument(
        "--remote-metadata",
        action="append",
        default=[],
        metavar="LOGDIR",
        help="a log dir (or partition directory) holding __remote_log_metadata: which segments are live",
    )


def open_remote(args: argparse.Namespace, warn: Callable[[str], None]) -> Remote:
    """The store of ``--remote``, planned (:class:`~kafkaks.remote.tiers.Remote`); what it leaves
    out and why goes to ``warn``, one line each."""
    from ..remote.tiers import Remote

    remote = Remote.open(
        args.remote, key_prefix=args.remote_key_prefix, keys=keys_of(args), metadata=args.remote_metadata
    )
    for finding in remote.findings:
        warn(f"{finding.location}: {finding.kind}: {finding.message}")
    return remote


def keys_of(args: argparse.Namespace) -> dict[str, str]:
    keys = {}
    for pair in args.remote_key:
        key_id, equals, path = pair.partition("=")
        if not equals:
            raise ValueError(f"{pair!r}: --remote-key takes ID=PEM")
        keys[key_id] = path
    return keys


def run_inventory(args: argparse.Namespace, out: TextIO, _err: TextIO) -> int:
    from ..remote.inventory import take_inventory

    inventory = take_inventory(
        args.store,
        key_prefix=args.remote_key_prefix,
        keys=keys_of(args),
        metadata=args.remote_metadata,
        read_chunks=args.read_chunks,
    )
    if args.json:
        out.write(json.dumps(inventory.to_json(), indent=1) + "\n")
    else:
        out.write("\n".join(_text(inventory.to_json())) + "\n")
    return 1 if inventory.damaged else 0


def _time(ms: int | None) -> str:
    if ms is None or ms < 0:
        return "-"
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def _text(inventory: dict[str, Any]) -> list[str]:
    lines = [f"store {inventory['store']}"]
    for p in inventory["partitions"]:
        lines.append(
            f"\n{p['topic']}-{p['partition']} (topic id {p['topic_id']}): {len(p['segments'])} segments, "
            f"{p['stored_bytes']} bytes stored"
        )
        for s in p["segments"]:
            end = "?" if s["end_offset"] is None else s["end_offset"]
            flags = [s["layout"], s.get("state", "")]
            if s["compression"]:
                flags.append("zstd")
            if s["encryption"]:
                flags.append(f"encrypted:{s['encryption']}")
            if not s["read"]:
                flags.append("NOT READ")
            lines.append(
                f"  {s['start_offset']:>12}..{end:<12} max time {_time(s['max_timestamp'])}  "
                f"{s['stored_bytes']:>10} B  {s['segment_id']}  {' '.join(f for f in flags if f)}"
            )
            lines += [f"    problem: {problem}" for problem in s["problems"]]
            lines += [f"    chunk {c['chunk']} fails: {c['message']}" for c in s.get("failing_chunks", [])]
        lines += [f"  gap: {gap['message']}" for gap in p["gaps"]]
    if inventory["findings"]:
        lines.append("\nfindings:")
        lines += [f"  {f['kind']}: {f['object']}: {f['message']}" for f in inventory["findings"]]
    if inventory["unknown_objects"]:
        lines.append("\nobjects of no known layout:")
        lines += [f"  {o['key']} ({o['size']} B)" for o in inventory["unknown_objects"]]
    return lines
