"""Seed corpus for ``fuzz/fuzz_kafkaks.py`` from the client-made fixtures (tests/fixtures).

Every fixture file becomes one input per target that reads its kind (target byte + file bytes),
and every compressed payload in the fixture segments one input for its codec at its magic.
Usage: ``python fuzz/make_corpus.py OUTPUT_DIR``.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "fuzz")]

from fuzz_kafkaks import TARGETS  # noqa: E402

from kafkaks import read_log  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
BY_SUFFIX = {
    ".log": ["log", "log-no-crc"],
    ".index": ["offset-index"],
    ".timeindex": ["time-index"],
    ".txnindex": ["txn-index"],
    ".snapshot": ["producer-snapshot"],
}
BY_NAME = {
    "leader-epoch-checkpoint": ["leader-epoch-checkpoint"],
    "partition.metadata": ["partition-metadata"],
}


def inputs() -> list[bytes]:
    found = []
    for path in sorted(FIXTURES.rglob("*")):
        if not path.is_file():
            continue
        targets = BY_NAME.get(path.name) or BY_SUFFIX.get(path.suffix, [])
        data = path.read_bytes()
        found += [bytes([TARGETS.index(target)]) + data for target in targets]
        if path.suffix == ".log":
            for batch in read_log(path):
                if batch.compression.value == "none":
                    continue
                if batch.magic == 2:
                    payload = batch.data[61:]
                else:  # a wrapper: the value after the null key's and the value's length fields
                    start = 12 + (14 if batch.magic == 0 else 22)
                    payload = batch.data[start:]
                target = f"{batch.compression.value}-magic{batch.magic}"
                found.append(bytes([TARGETS.index(target)]) + payload)
    return found


def main() -> None:
    output = Path(sys.argv[1])
    output.mkdir(parents=True, exist_ok=True)
    seeds = inputs()
    for seed in seeds:
        (output / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
    print(f"make_corpus: {len(seeds)} seed inputs in {output}")


if __name__ == "__main__":
    main()
