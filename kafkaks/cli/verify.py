"""``kafkaks verify``: checks the files (:func:`kafkaks.store.verify.verify_files`), reports each
finding as it is found (stderr, or ``problem`` objects with ``--json``), then writes a summary
table per directory (or ``summary`` objects) and, with ``--recovery``, the recovery view
(:mod:`kafkaks.cli.recovery`)."""

from __future__ import annotations

import argparse
import os
from typing import TextIO

from ..errors import NoKafkaDataError
from ..models import Problem
from ..problems import ProblemKind
from ..progress import Progress
from ..store.verify import PartitionReport, verify_files
from .jsonl import dumps, problem_object, summary_object
from .output import quiet_stdout
from .paths import SUFFIXES, expand, log_bytes, suffix_of
from .recovery import offset_range, write_recovery

__all__ = ["run_verify", "summary_table"]


def _counts(counts: dict[ProblemKind, int]) -> str:
    return ", ".join(f"{kind}={count}" for kind, count in counts.items()) or "-"


def summary_table(reports: list[PartitionReport]) -> list[str]:
    """One row per partition: segments, batches, records, offset range, then the problems that are
    damage and those that are information, by kind."""
    rows = [("partition", "segments", "batches", "records", "offsets", "damage", "info")]
    for report in reports:
        rows.append(
            (
                report.path,
                str(len(report.segments)),
                str(report.batches),
                str(report.records),
                offset_range(report.first_offset, report.last_offset),
                _counts(report.damage_counts),
                _counts(report.info_counts),
            )
        )
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
    unknown = [
        path
        for path in args.paths
        if os.path.isfile(path) and suffix_of(os.path.basename(path)) not in SUFFIXES
    ]
    if unknown:
        raise NoKafkaDataError(f"not a file verify checks (none of {', '.join(SUFFIXES)})", path=unknown[0])
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
