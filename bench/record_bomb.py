"""A record bomb by count: whole processes over one batch of tens of millions of tiny records.

usage: python bench/record_bomb.py [--records 36000000] [--path SEGMENT]
(``make bench`` runs it too: the section ``bomb`` of bench/run.py, ``BENCH_BOMB_RECORDS`` records.)

The batch is what an adversarial trial found slow (issue 30.4): one zstd v2 batch of N 7-byte
records (null key and value, every record at offset delta 0), 252 MB decompressed for 36 million,
under the default decompression cap of 256 MiB, a few dozen KB stored. Each command runs once
in a fresh interpreter, its output thrown away; the table gives its wall time and peak RSS.
``dump`` without ``--deep-iteration`` prints one line; ``verify`` prints a table of one row;
``dump --deep-iteration`` prints a line per record on stdout and Kafka's summary of
non-consecutive offsets, a line per record too, on stderr; ``read_arrow`` makes a row per record.
"""

from __future__ import annotations

import argparse
import os
import struct
import subprocess
import sys
import time
from pathlib import Path

import crc32c
import zstandard

RECORD = bytes([12, 0, 0, 0, 1, 1, 0])  # length 6, attributes, deltas 0, null key and value, no headers
ZSTD = 4  # the codec id in a v2 batch's attributes
HEADER = struct.Struct(">qiibIhiqqqhii")  # DefaultRecordBatch's header, as kafka-python spells it
CRC_FROM = 21  # attributes onward: what a v2 batch's CRC-32C covers
T0 = 1_700_000_000_000


def bomb(path: Path, records: int) -> Path:
    """``path``, made once: a segment of one zstd batch of ``records`` :data:`RECORD` s."""
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = zstandard.ZstdCompressor(level=19).compress(RECORD * records)
    length = HEADER.size - 12 + len(payload)
    data = bytearray(HEADER.pack(0, length, 0, 2, 0, ZSTD, 0, T0, T0, -1, -1, -1, records) + payload)
    struct.pack_into(">I", data, 17, crc32c.crc32c(bytes(data[CRC_FROM:])))
    path.write_bytes(bytes(data))
    return path


def commands(path: Path) -> dict[str, list[str]]:
    """Each command as the arguments of a Python interpreter."""
    kafkaks = str(Path(sys.executable).with_name("kafkaks"))
    read_arrow = f"import kafkaks; sum(b.num_rows for b in kafkaks.read_arrow({str(path)!r}))"
    return {
        "`kafkaks dump <segment>`": [kafkaks, "dump", str(path)],
        "`kafkaks verify <segment>`": [kafkaks, "verify", str(path)],
        "`kafkaks dump --deep-iteration <segment>`": [kafkaks, "dump", "--deep-iteration", str(path)],
        "`kafkaks.read_arrow(<segment>)`": [sys.executable, "-c", read_arrow],
    }


def measure(command: list[str]) -> tuple[float, float]:
    """(wall seconds, peak RSS in MiB) of ``command``, run as the only child of a fresh interpreter."""
    probe = (
        "import resource, subprocess, sys, time\n"
        "start = time.perf_counter()\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True)
    seconds, rss_kib = out.stdout.split()
    return float(seconds), int(rss_kib) / 1024


def table(path: Path, records: int) -> list[str]:
    segment = bomb(path, records)
    load = " ".join(f"{value:.1f}" for value in os.getloadavg())
    lines = [
        f"One zstd batch of {records:,} 7-byte records ({segment.stat().st_size:,} bytes stored, "
        f"{records * len(RECORD) / 1e6:.0f} MB decompressed), `bench/record_bomb.py` (also alone: "
        f"`python bench/record_bomb.py --records {records}`); whole processes, output to /dev/null, "
        f"load average at the start {load}:",
        "",
        "| command | wall time | peak RSS |",
        "|---|---|---|",
    ]
    for name, command in commands(segment).items():
        print(f"  {name}", file=sys.stderr)
        seconds, rss = measure(command)
        lines.append(f"| {name} | {seconds:.1f} s | {rss:.0f} MiB |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--records", type=int, default=36_000_000)
    default = Path(__file__).resolve().parents[1] / "build" / "bench" / "record-bomb"
    parser.add_argument("--path", type=Path, default=None)
    args = parser.parse_args()
    path = args.path or default / f"{args.records}" / "t-0" / "00000000000000000000.log"
    started = time.time()
    print("\n".join(table(path, args.records)))
    print(f"\n({time.time() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
