"""A log dir for the ``state`` benchmark: ``__consumer_offsets-0`` holding ``records`` offset
commits (OffsetCommitKey v1 and OffsetCommitValue v3, as Kafka's group coordinator writes them:
200 groups committing for 8 topics of 12 partitions, every commit a new offset), in batches of
500 written with kafka-python's ``DefaultRecordBatchBuilder`` (through tools/state_fixtures.py),
and the 96 data partitions they commit for, a batch each. Built once into the bench cache."""

from __future__ import annotations

import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from state_fixtures import batch  # kafka-python's batch builder, as the test fixtures'

GROUPS, TOPICS, PARTITIONS = 200, 8, 12
BASE_TIMESTAMP = 1_700_000_000_000
PER_BATCH = 500


def _string(text: str) -> bytes:
    data = text.encode()
    return struct.pack(">h", len(data)) + data


def _commit(i: int) -> tuple[bytes, bytes, int]:
    group, topic, partition = i % GROUPS, (i // GROUPS) % TOPICS, (i // (GROUPS * TOPICS)) % PARTITIONS
    timestamp = BASE_TIMESTAMP + i
    key = (
        struct.pack(">h", 1)
        + _string(f"group-{group}")
        + _string(f"topic-{topic}")
        + struct.pack(">i", partition)
    )
    # OffsetCommitValue v3: offset, leaderEpoch, metadata, commitTimestamp
    value = struct.pack(">hqi", 3, i, 0) + _string("") + struct.pack(">q", timestamp)
    return key, value, timestamp


def state_log_dir(cache: Path, records: int) -> Path:
    log_dir = cache / f"state-{records}"
    offsets = log_dir / "__consumer_offsets-0" / "00000000000000000000.log"
    if offsets.is_file():
        return log_dir
    offsets.parent.mkdir(parents=True, exist_ok=True)
    partial = offsets.with_suffix(".partial")
    with partial.open("wb") as out:
        for base in range(0, records, PER_BATCH):
            out.write(batch(base, [_commit(i) for i in range(base, min(base + PER_BATCH, records))]))
    for topic in range(TOPICS):
        for partition in range(PARTITIONS):
            segment = log_dir / f"topic-{topic}-{partition}" / "00000000000000000000.log"
            segment.parent.mkdir(parents=True, exist_ok=True)
            segment.write_bytes(batch(0, [(b"k", b"v", BASE_TIMESTAMP)] * 10))
    partial.rename(offsets)
    return log_dir
