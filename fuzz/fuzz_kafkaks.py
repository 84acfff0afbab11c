"""The atheris (libFuzzer) target for kafkaks: ``make fuzz`` runs it; see docs/library.md,
"Damaged and hostile input".

One input = one target byte + the data. The target byte picks what reads the data: the log reader
(with and without CRC checks, every record decoded), an index, a producer snapshot, a text
checkpoint, or one codec's decompressor at one message magic. A target may only return or raise
a :class:`kafkaks.KafkaksError`: anything else is a crash, which libFuzzer saves as a file.
Decompression is capped at 1 MiB, so a bomb costs about that much memory.

Run it directly with libFuzzer flags::

    .venv/bin/python fuzz/fuzz_kafkaks.py -max_total_time=60 -rss_limit_mb=2048 -timeout=10 CORPUS_DIR

A crash becomes a regression case: copy the saved file to ``tests/regressions/`` (its name says
what it found); ``tests/test_regressions.py`` runs every file there through :func:`run_one`.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

MAX_DECOMPRESSED = 1 << 20

TARGETS: list[str] = [
    "log",
    "log-no-crc",
    "offset-index",
    "time-index",
    "txn-index",
    "producer-snapshot",
    "leader-epoch-checkpoint",
    "partition-metadata",
    *[f"{codec}-magic{magic}" for codec in ("gzip", "snappy", "lz4", "zstd") for magic in (0, 1, 2)],
]
FILE_NAMES = {
    "offset-index": "00000000000000000100.index",
    "time-index": "00000000000000000100.timeindex",
    "txn-index": "00000000000000000100.txnindex",
    "producer-snapshot": "00000000000000000100.snapshot",
    "leader-epoch-checkpoint": "leader-epoch-checkpoint",
    "partition-metadata": "partition.metadata",
}

_scratch: list[Path] = []


def _scratch_dir() -> Path:
    """Where file readers' inputs are written: $KAFKAKS_FUZZ_SCRATCH (``make fuzz`` passes its
    temporary directory), else a temporary directory removed at exit."""
    if not _scratch:
        given = os.environ.get("KAFKAKS_FUZZ_SCRATCH")
        if given:
            _scratch.append(Path(given))
        else:
            _scratch.append(Path(tempfile.mkdtemp(prefix="kafkaks-fuzz-")))
            atexit.register(shutil.rmtree, _scratch[0], ignore_errors=True)
    return _scratch[0]


def _consume_log(data: bytes, verify_crc: bool) -> None:
    from kafkaks import KafkaksError, Problem, read_log

    problems: list[Problem] = []
    for batch in read_log(
        data, verify_crc=verify_crc, on_problem=problems.append, max_decompressed_bytes=MAX_DECOMPRESSED
    ):
        with contextlib.suppress(KafkaksError):
            _ = batch.base_offset, batch.count
            for _record in batch.records():
                pass


def _file_reader(target: str) -> Callable[[Path], object]:
    import kafkaks

    readers: dict[str, Callable[[Path], object]] = {
        "offset-index": kafkaks.read_offset_index,
        "time-index": kafkaks.read_time_index,
        "txn-index": kafkaks.read_txn_index,
        "producer-snapshot": kafkaks.read_producer_snapshot,
        "leader-epoch-checkpoint": kafkaks.read_leader_epoch_checkpoint,
        "partition-metadata": kafkaks.read_partition_metadata,
    }
    return readers[target]


def run_one(data: bytes) -> None:
    """Run one fuzz input; raises only if kafkaks fails its contract (returns or KafkaksError)."""
    from kafkaks import KafkaksError
    from kafkaks.wire.codecs import decompress

    if not data:
        return
    target, payload = TARGETS[data[0] % len(TARGETS)], data[1:]
    try:
        if target in ("log", "log-no-crc"):
            _consume_log(payload, verify_crc=target == "log")
        elif target in FILE_NAMES:
            path = _scratch_dir() / FILE_NAMES[target]
            path.write_bytes(payload)
            _file_reader(target)(path)
        else:
            codec, magic = target.split("-magic")
            decompress(codec, payload, magic=int(magic), limit=MAX_DECOMPRESSED)
    except KafkaksError:
        pass


def main() -> None:
    try:
        import atheris
    except ImportError:
        sys.exit("fuzz_kafkaks: atheris is not installed: `make fuzz` installs it (pip install -e '.[fuzz]')")
    with atheris.instrument_imports(include=["kafkaks", "kaitaistruct"]):
        import kafkaks.wire.codecs  # noqa: F401  (imported here to be instrumented; used in run_one)
    atheris.Setup(sys.argv, run_one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
