"""``kafkaks verify``: checks the files (:func:`kafkaks.store.verify.verify_files`), reports each
finding as it is found (stderr, or ``problem`` objects with ``--json``), then writes a summary
table per directory (or ``summary`` objects) and, with ``--recovery``, the recovery view
(:mod:`kafkaks.cli.recovery`)."""

from __future__ import annotations

import argparse
import os
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, TextIO

from ..errors import KafkaksError, NoKafkaDataError
from ..models import Problem
from ..problems import ProblemKind
from ..progress import Progress
from ..store.listing import KAFKA_SUFFIXES, FileKind, PartitionDir
from ..store.verify import PartitionReport, SnapshotSummary, verify_files
from .dump_text import log_header
from .jsonl import dumps, problem_object, summary_object
from .output import quiet_stdout
from .paths import expand, log_bytes
from .recovery import offset_range, write_recovery
from .remote import open_remote

if TYPE_CHECKING:
    from ..remote.tiers import Remote

__all__ = ["run_verify", "summary_table"]


def _counts(counts: dict[ProblemKind, int]) -> str:
    return ", ".join(f"{kind}={count}" for kind, count in counts.items()) or "-"


def _problem_cells(problems: list[Problem]) -> tuple[str, str]:
    """The damage and information cells of these problems, by kind."""
    counts = Counter(problem.kind for problem in problems)
    return (
        _counts({kind: counts[kind] for kind in sorted(counts) if kind.damage}),
        _counts({kind: counts[kind] for kind in sorted(counts) if not kind.damage}),
    )


def _snapshot_name(snapshot: SnapshotSummary) -> str:
    """The file, with what dump's header says it is and its metadata.version."""
    try:
        what = log_header(snapshot.path)
    except KafkaksError:  # a .checkpoint not named like a KRaft snapshot
        what = "snapshot"
    if snapshot.metadata_version is not None:
        what += f", metadata.version {snapshot.metadata_version}"
    return f"{snapshot.path} ({what})"


def _rows(report: PartitionReport) -> list[tuple[str, ...]]:
    """A row for the directory's segments (unless it holds KRaft snapshots only, as a log dir with
    its bootstrap.checkpoint does), then one per snapshot, each with the problems of its files."""
    apart = {snapshot.path for snapshot in report.snapshots}
    rows: list[tuple[str, ...]] = []
    if report.segments or report.files > len(report.snapshots):
        rows.append(
            (
                report.path,
                str(len(report.segments)),
                str(report.batches),
                str(report.records),
                offset_range(report.first_offset, report.last_offset),
                *_problem_cells([p for p in report.problems if p.path not in apart]),
            )
        )
    for snapshot in report.snapshots:
        rows.append(
            (
                _snapshot_name(snapshot),
                "-",
                str(snapshot.batches),
                str(snapshot.records),
                offset_range(snapshot.first_offset, snapshot.last_offset),
                *_problem_cells([p for p in report.problems if p.path == snapshot.path]),
            )
        )
    return rows


def summary_table(reports: list[PartitionReport]) -> list[str]:
    """One row per partition: segments, batches, records, offset range, then the problems that are
    damage and those that are information, by kind; a KRaft snapshot gets a row of its own."""
    rows: list[tuple[str, ...]] = [
        ("partition", "segments", "batches", "records", "offsets", "damage", "info")
    ]
    for report in reports:
        rows.extend(_rows(report))
    widths = [max(len(row[column]) for row in rows) for column in range(6)]
    lines = []
    for row in rows:
        cells = [
            row[0].ljust(widths[0]),
            *(cell.rjust(width) for cell, width in zip(row[1:5], widths[1:5], strict=True)),
            row[5].ljust(widths[5]),
        ]
        lines.append("  ".join([*cells, row[6]]))
    return lines


def _finding(err: TextIO, line: str) -> None:
    """What the store's planning leaves out, and why (as ``kafkaks dump --remote`` says it)."""
    err.write(f"kafkaks: {line}\n")


def _verify_remote(
    args: argparse.Namespace,
    remote: Remote,
    local: list[PartitionReport],
    on_problem: Callable[[Problem], None],
    progress: Callable[[int], None],
) -> list[PartitionReport]:
    """The reports of the store's partitions, a gap to the local segments checked beside it included."""
    from ..remote.checking import verify_remote

    starts: dict[tuple[str, int], int] = {}
    for report in local:
        named = PartitionDir.of(os.path.abspath(report.path))
        if named is not None and report.segments:
            first = min(segment.base_offset for segment in report.segments)
            key = (named.topic, named.partition)
            starts[key] = min(starts.get(key, first), first)
    return verify_remote(
        remote,
        local_starts=starts,
        max_message_size=args.max_message_size,
        on_problem=on_problem,
        progress=progress,
    )


def run_verify(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    damaged = False

    def on_listing_problem(problem: Problem) -> None:
        nonlocal damaged
        damaged = True
        if args.json:
            out.write(dumps(problem_object(problem, True)) + "\n")
        else:
            err.write(f"kafkaks: {problem.path}: {problem.message}\n")

    files = [path for argument in args.paths for path in expand(argument, on_listing_problem)]
    remote = open_remote(args, partial(_finding, err)) if args.remote else None
    unknown = [path for path in args.paths if os.path.isfile(path) and FileKind.of(path) is None]
    if unknown:
        suffixes = ", ".join(KAFKA_SUFFIXES)
        raise NoKafkaDataError(f"not a file verify checks (none of {suffixes})", path=unknown[0])
    stored = sum(s.stored_bytes for part in remote.partitions.values() for s in part) if remote else 0
    progress = Progress(err, log_bytes(files) + stored, "kafkaks verify")

    def on_problem(problem: Problem) -> None:
        nonlocal damaged
        corrupt = problem.kind.damage
        damaged = damaged or corrupt
        if args.json:
            out.write(dumps(problem_object(problem, corrupt)) + "\n")
        elif corrupt or args.verbose:
            progress.clear()
            err.write(f"kafkaks: {problem}\n")

    try:
        reports = verify_files(
            files, max_message_size=args.max_message_size, on_problem=on_problem, progress=progress.advance
        )
        if remote is not None:
            damaged = damaged or any(finding.kind == "missing_objects" for finding in remote.findings)
            reports += _verify_remote(args, remote, reports, on_problem, progress.advance)
        progress.close()
        if args.json:
            out.writelines(dumps(summary_object(report)) + "\n" for report in reports)
        elif not args.quiet:
            out.write("\n".join(summary_table(reports)) + "\n")
        if args.recovery:
            write_recovery(args, reports, out, err)
    except BrokenPipeError:  # stdout's reader has gone (| head): stop, with what was found so far
        quiet_stdout()
    finally:
        progress.close()
    return 1 if damaged else 0
