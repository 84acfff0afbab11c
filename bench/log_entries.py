"""Time and peak RSS of the generated parsers on big segments: whole-file vs one entry at a time.

usage: python bench/log_entries.py [SCRATCH_DIR] [--sizes-mib 32,1024] [--value-bytes 100]
(``make bench`` runs it too, as its last section: BENCH_LOG_ENTRIES_MIB sets the sizes.)

Writes segments of uncompressed v2 batches (100 records, values of --value-bytes, written once by
kafka-python and repeated) to SCRATCH_DIR (a temporary folder by default, removed afterwards), then in a fresh
interpreter per measurement goes through each with ``kafkaks.stream.log_entries`` (touching every
record's value) and, up to 64 MiB, with ``KafkaLog.from_file``. Prints a Markdown table for
BENCHMARKS.md. Not part of the tests: a 1 GiB run of 100-byte records takes minutes.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from kafka.record.default_records import DefaultRecordBatchBuilder

WHOLE_LIMIT_MIB = 64

MEASURE = r"""
import sys, time
from pathlib import Path
path, how = Path(sys.argv[1]), sys.argv[2]
start = time.perf_counter()
records = 0
if how == "log_entries":
    from kafkaks.stream import log_entries
    with path.open("rb") as f:
        for entry in log_entries(f):
            if entry.is_complete:
                records += sum(len(r.value) > 0 for r in entry.body.records)
else:
    from kafkaks.generated.kafka_log import KafkaLog
    log = KafkaLog.from_file(str(path))
    records = sum(len(r.value) > 0 for e in log.entries if e.is_complete for r in e.body.records)
seconds = time.perf_counter() - start
# VmHWM is this program's own peak: ru_maxrss would also count the parent's RSS when it forked
# (Linux carries it across exec), which make bench's process makes large.
peak_kib = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(records, seconds, peak_kib // 1024)
"""


def batch(value_bytes: int) -> bytes:
    builder = DefaultRecordBatchBuilder(
        magic=2, compression_type=0, is_transactional=0, producer_id=-1, producer_epoch=-1,
        base_sequence=-1, batch_size=1 << 20,
    )  # fmt: skip
    for i in range(100):
        builder.append(
            i, timestamp=1_700_000_000_000 + i, key=b"key-%d" % i, value=bytes(value_bytes), headers=[]
        )
    return bytes(builder.build())


def write_segment(path: Path, mib: int, raw: bytes) -> None:
    copies = (mib << 20) // len(raw)
    chunk = raw * 64
    with path.open("wb") as f:
        for _ in range(copies // 64):
            f.write(chunk)
        f.write(raw * (copies % 64))


def measure(path: Path, how: str) -> tuple[int, float, int]:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(path), how], capture_output=True, text=True, check=True
    )
    records, seconds, rss_mib = done.stdout.split()
    return int(records), float(seconds), int(rss_mib)


def table(sizes_mib: list[int], value_bytes: int = 100, scratch: Path | None = None) -> list[str]:
    """The Markdown table of the measurements, one row per segment size and way of reading."""
    raw = batch(value_bytes)
    lines = ["| segment | how | records | seconds | records/s | peak RSS |", "|---|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory(dir=scratch) as tmp:
        for mib in sizes_mib:
            path = Path(tmp) / f"{mib:020d}.log"
            write_segment(path, mib, raw)
            hows = ["log_entries"] + (["KafkaLog.from_file"] if mib <= WHOLE_LIMIT_MIB else [])
            for how in hows:
                records, seconds, rss = measure(path, how)
                rate = records / seconds
                lines.append(
                    f"| {mib} MiB | `{how}` | {records:,} | {seconds:.1f} | {rate:,.0f} | {rss} MiB |"
                )
            path.unlink()
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scratch", nargs="?", type=Path)
    parser.add_argument("--sizes-mib", default="32,1024")
    parser.add_argument("--value-bytes", type=int, default=100)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes_mib.split(",")]
    print("\n".join(table(sizes, args.value_bytes, args.scratch)))


if __name__ == "__main__":
    main()
