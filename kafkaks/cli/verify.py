"""``kafkaks verify``: checks the files (:func:`kafkaks.store.verify.verify_files`), reports each
finding as it is found (stderr, or ``problem`` objects with ``--json``), then writes a summary
table per directory (or ``summary`` objects) and, with ``--recovery``, the recovery view
(:mod:`kafkaks.cli.recovery`)."""

from __future__ import annotations

import argparse
import os
from collections import Counter
from typing import TextIO

from ..errors import KafkaksError, NoKafkaDataError
from ..models import Problem
from ..problems import ProblemKind
from ..progress import Progress
from ..store.listing import KAFKA_SUFFIXES, FileKind
from ..store.verify import PartitionReport, SnapshotSummary, verify_files
from .dump_text import log_header
from .jsonl import dumps, problem_object, summary_object
from .output import quiet_stdout
from .paths import expand, log_bytes
from .recovery import offset_range, write_recovery

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
    unknown = [path for path in args.paths if os.path.isfile(path) and FileKind.of(path) is None]
    if unknown:
        suffixes = ", ".join(KAFKA_SUFFIXES)
        raise NoKafkaDataError(f"not a file verify checks (none of {suffixes})", path=unknown[0])
    progress = Progress(err, log_bytes(files), "kafkaks verify")

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
