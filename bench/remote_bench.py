"""`make bench`'s "Remote segments" section: ``read_arrow`` of one segment from a log dir against the
same segment tiered to a local folder in Aiven's layout (tests/remote_encoder.py, written from
Aiven's Java code), plain, zstd-compressed, encrypted, and both, with Aiven's usual 4 MiB chunks."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import remote_encoder as enc  # noqa: E402

import kafkaks  # noqa: E402
from kafkaks.remote.tiers import Remote  # noqa: E402

CHUNK = 4 << 20
VARIANTS = {
    "plain": (False, False),
    "zstd": (True, False),
    "encrypted": (False, True),
    "zstd+encrypted": (True, True),
}


def stores(segment: Path, cache: Path) -> tuple[dict[str, Path], bytes]:
    """variant -> a folder holding ``segment`` tiered that way; the private key of key pair "k1"."""
    private, public = enc.rsa_key_pair()
    files = enc.SegmentFiles.of(segment, end_offset=0, epochs={0: 0})
    folders = {}
    for name, (zstd, encrypt) in VARIANTS.items():
        folder = cache / f"remote-{name}"
        shutil.rmtree(folder, ignore_errors=True)
        options = enc.AivenOptions(CHUNK, compression=zstd, encryption=("k1", public) if encrypt else None)
        enc.aiven_copy(enc.put_files(folder), files, "bench", enc.kafka_uuid(), 0, enc.kafka_uuid(), options)
        folders[name] = folder
    return folders, private


def readers(segment: Path, cache: Path) -> dict[str, Callable[[], int]]:
    """name -> a read of every record as Arrow, returning the rows read."""
    folders, private = stores(segment, cache)

    def rows(batches: object) -> int:
        return sum(batch.num_rows for batch in batches)  # type: ignore[attr-defined]

    runs: dict[str, Callable[[], int]] = {"log dir": lambda: rows(kafkaks.read_arrow(segment))}
    for name, folder in folders.items():
        runs[f"remote, {name}"] = lambda folder=folder: rows(
            kafkaks.read_arrow([], remote=Remote.open(folder, keys={"k1": private}))
        )
    return runs


def table(results: dict[str, tuple[int, float]], size: int) -> list[str]:
    base = results["log dir"][0] / results["log dir"][1]
    lines = ["| source | records/s | MB/s of segment | / log dir |", "|---|---|---|---|"]
    for name, (count, seconds) in results.items():
        rate = count / seconds
        lines.append(f"| {name} | {rate / 1e3:.0f}k | {size / seconds / 1e6:.0f} | **{rate / base:.2f}x** |")
    return lines


def verify_table(segment: Path, cache: Path) -> list[str]:
    """Whole ``kafkaks verify -q`` processes over the segment's log dir and over the plain and zstd
    stores :func:`readers` made in ``cache``: wall time and peak RSS (a remote segment is read a
    few chunks at a time, so its peak stays that of the log dir's, plus the chunks)."""
    from record_bomb import measure

    kafkaks_command = str(Path(sys.executable).with_name("kafkaks"))
    runs = {
        "`kafkaks verify -q <log dir>`": [str(segment.parent)],
        "`kafkaks verify -q --remote <plain store>`": ["--remote", str(cache / "remote-plain")],
        "`kafkaks verify -q --remote <zstd store>`": ["--remote", str(cache / "remote-zstd")],
    }
    lines = ["| command | wall time | peak RSS |", "|---|---|---|"]
    for name, arguments in runs.items():
        seconds, rss = measure([kafkaks_command, "verify", "-q", *arguments])
        lines.append(f"| {name} | {seconds:.1f} s | {rss:.0f} MiB |")
    return lines
