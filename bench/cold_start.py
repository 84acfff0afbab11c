"""Cold start: wall time of whole processes that do little, against a bare interpreter.

usage: python bench/cold_start.py SEGMENT [--repeats 11]
(``make bench`` runs it too, on a 1 MB segment cut from its corpus.)

An operator runs one process per file: what the interpreter and kafkaks' imports cost is paid
every time. Each command runs ``--repeats`` times after one warm-up (the page cache warm), in
turns, and the table gives the median wall time and what it adds to ``python -c pass``, plus
whether the process imported NumPy, pyarrow or pandas (``import kafkaks`` imports none of them).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

HEAVY = ("numpy", "pyarrow", "pandas")


def commands(segment: Path) -> dict[str, list[str]]:
    """Each command as the arguments of a Python interpreter."""
    kafkaks = str(Path(sys.executable).with_name("kafkaks"))
    read_arrow = f"import kafkaks; sum(b.num_rows for b in kafkaks.read_arrow({str(segment)!r}))"
    return {
        "`python -c pass`": ["-c", "pass"],
        "`python -c 'import kafkaks'`": ["-c", "import kafkaks"],
        "`kafkaks dump --deep-iteration <segment>`": [kafkaks, "dump", "--deep-iteration", str(segment)],
        "`kafkaks.read_arrow(<segment>)`": ["-c", read_arrow],
    }


def heavy_imports(arguments: list[str]) -> str:
    """Which of NumPy, pyarrow and pandas the command imports (``python -X importtime``)."""
    trace = subprocess.run(
        [sys.executable, "-X", "importtime", *arguments], capture_output=True, text=True, check=True
    ).stderr
    modules = {
        line.rsplit("|", 1)[-1].strip() for line in trace.splitlines() if line.startswith("import time:")
    }
    return ", ".join(name for name in HEAVY if name in modules) or "none"


def table(segment: Path, repeats: int) -> list[str]:
    runs = commands(segment)
    times: dict[str, list[float]] = {name: [] for name in runs}
    for turn in range(repeats + 1):
        for name, command in runs.items():
            start = time.perf_counter()
            subprocess.run([sys.executable, *command], stdout=subprocess.DEVNULL, check=True)
            if turn:
                times[name].append(time.perf_counter() - start)
    median = {name: statistics.median(seconds) for name, seconds in times.items()}
    bare = median["`python -c pass`"]
    return [
        f"Segment: {segment.stat().st_size / 1e6:.1f} MB. Median of {repeats} runs of each, in turns.",
        "",
        "| command | wall | over a bare interpreter | NumPy, pyarrow or pandas imported |",
        "|---|---|---|---|",
        *(
            f"| {name} | {median[name] * 1e3:.0f} ms | +{(median[name] - bare) * 1e3:.0f} ms | "
            f"{heavy_imports(command)} |"
            for name, command in runs.items()
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("segment", type=Path)
    parser.add_argument("--repeats", type=int, default=11)
    args = parser.parse_args()
    print("\n".join(table(args.segment, args.repeats)))


if __name__ == "__main__":
    main()
