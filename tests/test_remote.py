"""kafkaks.remote: remote segments written by tests/remote_encoder.py (from Aiven's and Kafka's Java
code, not from kafkaks' reader) read back batch for batch as the same segments read locally.

The segments are the fixtures' (tests/fixtures/logdir: every codec, transactions) and the real
broker-written ones of ../shared/testdata/real (gzip, lz4, snappy, legacy magics), chunked at
several sizes, with zstd on and off, encryption on and off, fixed and variable chunk indexes.
"""

from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path

import pytest
import remote_encoder as enc
import zstandard
from conftest import NO_REAL_DATA, REAL_DATA, real_data_available
from kafkaks.generated.aiven_chunk_sizes import AivenChunkSizes
from kafkaks.generated.aiven_segment_indexes import AivenSegmentIndexes
from kafkaks.generated.kafka_offset_index import KafkaOffsetIndex
from kaitaistruct import BytesIO, KaitaiStream

from kafkaks.errors import CorruptDataError
from kafkaks.models import Problem
from kafkaks.remote import Keyring, find_segments, open_store, read_remote_segment
from kafkaks.remote.aiven import INDEX_KINDS, parse_manifest
from kafkaks.remote.crypto import MissingExtraError
from kafkaks.store.options import ReadOptions
from kafkaks.store.segment import flatten, read_log

FIXTURES = Path(__file__).parent / "fixtures"
ORDERS = FIXTURES / "logdir" / "orders-0"
TOPIC_ID = enc.kafka_uuid(bytes(range(16)))
REAL_SEGMENTS = [
    "gzip-headers-epochs/data/lsx1-0/00000000000000000000.log",
    "lz4-logappend-headers-cp7.6/data/_confluent-monitoring-0/00000000000000000000.log",
    "snappy-raw-multiseg/kafka-data/oms_order_status_changed-0/00000000000000000000.log",
    "magic1-kafka-0.10.1/tmp/kafka-logs/TEST-TOPIC-0/00000000000000000000.log",
]


@pytest.fixture(scope="module")
def key_pair() -> tuple[bytes, bytes]:
    return enc.rsa_key_pair()


def signature(batches: object) -> list[tuple[int, int, int, bytes, bool | None]]:
    """What must match: each batch's offsets, position, bytes and CRC verdict."""
    return [(b.base_offset, b.last_offset, b.position, bytes(b.data), b.crc_valid) for b in flatten(batches)]  # type: ignore[arg-type]


def local_signature(log: Path) -> list[tuple[int, int, int, bytes, bool | None]]:
    return signature(read_log(log))


def copy_one(
    root: Path, log: Path, options: enc.AivenOptions | None, segment_id: str | None = None
) -> tuple[str, str]:
    files = enc.SegmentFiles.of(log, end_offset=int(log.name[:20]) + 10, epochs={0: int(log.name[:20])})
    segment_id = segment_id or enc.kafka_uuid()
    if options is None:
        enc.local_tiered_copy(enc.put_files(root), files, "orders", TOPIC_ID, 0, segment_id)
    else:
        enc.aiven_copy(enc.put_files(root), files, "orders", TOPIC_ID, 0, segment_id, options)
    return segment_id, log.name


CASES = [
    pytest.param(enc.AivenOptions(chunk_size=1 << 20), id="aiven-one-chunk"),
    pytest.param(enc.AivenOptions(chunk_size=100), id="aiven-100"),
    pytest.param(enc.AivenOptions(chunk_size=61), id="aiven-61"),
    pytest.param(enc.AivenOptions(chunk_size=100, compression=True), id="aiven-100-zstd"),
    pytest.param(enc.AivenOptions(chunk_size=4096, compression=True), id="aiven-4096-zstd"),
    pytest.param(enc.AivenOptions(chunk_size=100, prefix="tiered/"), id="aiven-prefix"),
    pytest.param(None, id="local-tiered"),
]


def keyring_for(options: enc.AivenOptions | None, key_pair: tuple[bytes, bytes]) -> Keyring | None:
    return Keyring({"k1": key_pair[0]}) if options is not None and options.encryption else None


@pytest.mark.parametrize("encrypt", [False, True], ids=["plain", "encrypted"])
@pytest.mark.parametrize("options", CASES)
def test_fixture_segments_read_as_locally(
    tmp_path: Path, options: enc.AivenOptions | None, encrypt: bool, key_pair: tuple[bytes, bytes]
) -> None:
    if options is None and encrypt:
        pytest.skip("LocalTieredStorage does not encrypt")
    if options is not None and encrypt:
        options = enc.AivenOptions(
            options.chunk_size, options.compression, ("k1", key_pair[1]), options.prefix
        )
    logs = sorted(ORDERS.glob("*.log")) + sorted((FIXTURES / "logdir" / "txn-topic-0").glob("*.log"))
    for log in logs:
        copy_one(tmp_path / log.parent.name, log, options)
    for log in logs:
        found = find_segments(open_store(tmp_path / log.parent.name), options.prefix if options else "")
        assert not found.unknown
        (segment,) = [s for s in found.segments if s.start_offset == int(log.name[:20])]
        assert segment.complete and segment.topic == "orders" and segment.topic_id == TOPIC_ID
        batches = list(flatten(read_remote_segment(segment, keyring=keyring_for(options, key_pair))))
        assert signature(batches) == local_signature(log)
        assert {(b.topic, b.partition) for b in batches} == {("orders", 0)}


@pytest.mark.parametrize("relative", REAL_SEGMENTS)
@pytest.mark.parametrize("chunk_size", [512, 65536], ids=["512", "64k"])
@pytest.mark.parametrize("zstd", [False, True], ids=["plain", "zstd"])
def test_real_segments_read_as_locally(
    tmp_path: Path, relative: str, chunk_size: int, zstd: bool, key_pair: tuple[bytes, bytes]
) -> None:
    if not real_data_available():
        pytest.skip(NO_REAL_DATA)
    log = REAL_DATA / relative
    options = enc.AivenOptions(chunk_size, compression=zstd, encryption=("k1", key_pair[1]) if zstd else None)
    copy_one(tmp_path, log, options)
    (segment,) = find_segments(open_store(tmp_path)).segments
    got = signature(read_remote_segment(segment, keyring=Keyring({"k1": key_pair[0]})))
    assert got == local_signature(log)


def test_byte_range_of_a_remote_segment(tmp_path: Path) -> None:
    """A task reads a part of a segment: the byte range [start, end) at batch boundaries."""
    log = ORDERS / "00000000000000000000.log"
    copy_one(tmp_path, log, enc.AivenOptions(chunk_size=97, compression=True))
    (segment,) = find_segments(open_store(tmp_path)).segments
    whole = local_signature(log)
    middle = whole[len(whole) // 2][2]
    first = signature(read_remote_segment(segment, end=middle))
    second = signature(read_remote_segment(segment, start=middle))
    assert first + second == whole and first and second


def test_variable_index_upstream_vector() -> None:
    """The test vector of Aiven's TransformedChunksSerializerTest: [10, 20, 30]."""
    raw = zstandard.ZstdDecompressor().decompress(base64.b64decode("KLUv/SAPeQAAAAAAAwAAAAoBAAoAAAAe"))
    parsed = AivenChunkSizes.from_bytes(raw)
    assert (parsed.num_chunks, parsed.base, parsed.bytes_per_value, parsed.deltas, parsed.last_size) == (
        3,
        10,
        1,
        [0, 10],
        30,
    )
    assert enc.chunk_sizes_encode([10, 20, 30]) == raw


@pytest.mark.parametrize(
    "sizes", [[], [7], [5, 5], [300, 70000, 3], [1, 1 << 24, 9], [2**31 - 1, 0, 5]], ids=str
)
def test_chunk_sizes_spec_reads_the_codec(sizes: list[int]) -> None:
    parsed = AivenChunkSizes.from_bytes(enc.chunk_sizes_encode(sizes))
    assert parsed.num_chunks == len(sizes)
    if len(sizes) == 1:
        assert parsed.single_size == sizes[0]
    elif sizes:
        assert [parsed.base + d for d in parsed.deltas] + [parsed.last_size] == sizes


def test_damaged_chunk_is_located(tmp_path: Path) -> None:
    """A chunk whose bytes changed fails its GCM tag: an unreadable_file problem where the read
    that needed it started (read_log reads up to a MiB at once: here the whole segment), after
    every batch before that."""
    pair = enc.rsa_key_pair()
    log = ORDERS / "00000000000000000000.log"
    copy_one(tmp_path, log, enc.AivenOptions(chunk_size=400, encryption=("k1", pair[1])))
    (segment,) = find_segments(open_store(tmp_path)).segments
    key, _ = segment.objects["log"]
    data = bytearray((tmp_path / key).read_bytes())
    data[(400 + 28) * 2 + 20] ^= 1  # inside the third chunk's ciphertext
    (tmp_path / key).write_bytes(bytes(data))
    problems: list[Problem] = []
    got = signature(
        read_remote_segment(
            segment, ReadOptions(on_problem=problems.append), keyring=Keyring({"k1": pair[0]})
        )
    )
    whole = local_signature(log)
    assert got == whole[: len(got)] and len(got) < len(whole)
    (problem,) = problems
    assert problem.kind == "unreadable_file" and "chunk 2" in problem.message
    assert problem.position == (got[-1][2] + len(got[-1][3]) if got else 0)


def test_wrong_key_and_missing_key(tmp_path: Path) -> None:
    pair, other = enc.rsa_key_pair(), enc.rsa_key_pair()
    copy_one(tmp_path, ORDERS / "00000000000000000000.log", enc.AivenOptions(100, encryption=("k1", pair[1])))
    (segment,) = find_segments(open_store(tmp_path)).segments
    for keyring, words in [
        (None, "give its private key"),
        (Keyring({"k2": pair[0]}), "not in the keyring"),
        (Keyring({"k1": other[0]}), "does not unwrap"),
    ]:
        problems: list[Problem] = []
        assert not list(
            read_remote_segment(segment, ReadOptions(on_problem=problems.append), keyring=keyring)
        )
        assert len(problems) == 1 and words in problems[0].message, problems


def test_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "Crypto", None)
    with pytest.raises(MissingExtraError, match=r"kafkaks\[remote\]"):
        Keyring({"k1": b"-----BEGIN PRIVATE KEY-----"})


@pytest.mark.parametrize(
    "mutate, words",
    [
        (lambda m: m.pop("chunkIndex"), "chunkIndex"),
        (lambda m: m.update(version="2"), "version"),
        (lambda m: m["chunkIndex"].update(type="other"), "neither fixed nor variable"),
        (lambda m: m["chunkIndex"].update(originalChunkSize=0), "positive"),
        (lambda m: m["segmentIndexes"].pop("offset"), "offset"),
    ],
    ids=["no-chunk-index", "version", "index-type", "chunk-size", "no-offset-index"],
)
def test_bad_manifests(tmp_path: Path, mutate: object, words: str) -> None:
    copy_one(tmp_path, ORDERS / "00000000000000000000.log", enc.AivenOptions(100))
    (path,) = tmp_path.rglob("*.rsm-manifest")
    manifest = json.loads(path.read_text())
    mutate(manifest)  # type: ignore[operator]
    with pytest.raises(Exception, match=words) as caught:
        parse_manifest(json.dumps(manifest).encode(), str(path))
    assert str(path) in str(caught.value)
    with pytest.raises(CorruptDataError, match="not JSON"):
        parse_manifest(b"{", str(path))


def test_variable_index_that_cannot_hold_the_segment(tmp_path: Path) -> None:
    copy_one(tmp_path, ORDERS / "00000000000000000000.log", enc.AivenOptions(100, compression=True))
    (path,) = tmp_path.rglob("*.rsm-manifest")
    manifest = json.loads(path.read_text())
    manifest["chunkIndex"]["originalFileSize"] *= 3
    with pytest.raises(CorruptDataError, match="cannot hold"):
        parse_manifest(json.dumps(manifest).encode(), str(path))


def test_cut_log_object(tmp_path: Path) -> None:
    """A .log object shorter than its chunk index says: the batches before the cut, then a problem."""
    log = ORDERS / "00000000000000000000.log"
    copy_one(tmp_path, log, enc.AivenOptions(chunk_size=300))
    (segment,) = find_segments(open_store(tmp_path)).segments
    key, _ = segment.objects["log"]
    shutil.copyfile(tmp_path / key, tmp_path / "whole")
    (tmp_path / key).write_bytes((tmp_path / "whole").read_bytes()[:700])
    (tmp_path / "whole").unlink()
    problems: list[Problem] = []
    got = signature(read_remote_segment(segment, ReadOptions(on_problem=problems.append)))
    assert got == local_signature(log)[: len(got)]
    assert [p.kind for p in problems] == ["unreadable_file"] and "cut short" in problems[0].message


@pytest.mark.parametrize("encrypt", [False, True], ids=["plain", "encrypted"])
def test_indexes_object(tmp_path: Path, encrypt: bool, key_pair: tuple[bytes, bytes]) -> None:
    """The .indexes object's parts are the broker's files: read by aiven_segment_indexes.ksy from a
    plain object, and each part alone (decrypted) as Aiven's fetchIndex gives it."""
    log = ORDERS / "00000000000000000016.log"
    options = enc.AivenOptions(100, compression=True, encryption=("k1", key_pair[1]) if encrypt else None)
    copy_one(tmp_path, log, options)
    (segment,) = find_segments(open_store(tmp_path)).segments
    keyring = Keyring({"k1": key_pair[0]})
    parts = {kind: segment.index_part(kind, keyring) for kind in INDEX_KINDS}
    assert parts["offset"] == log.with_suffix(".index").read_bytes()
    assert parts["timestamp"] == log.with_suffix(".timeindex").read_bytes()
    assert parts["producerSnapshot"] == (ORDERS / "00000000000000000016.snapshot").read_bytes()
    assert parts["leaderEpoch"] == b"0\n1\n0 16\n" and parts["transaction"] == b""
    if not encrypt:
        manifest = segment.manifest()
        sizes = [r.size if r is not None else 0 for r in (manifest.indexes[kind] for kind in INDEX_KINDS)]
        whole = AivenSegmentIndexes(
            *sizes, KaitaiStream(BytesIO((tmp_path / segment.objects["indexes"][0]).read_bytes()))
        )
        assert [e.relative_offset for e in whole.offset_index.entries if not e.is_unused] == [
            e.relative_offset for e in KafkaOffsetIndex.from_bytes(parts["offset"]).entries if not e.is_unused
        ]
        assert whole.leader_epoch_checkpoint == "0\n1\n0 16\n" and not hasattr(whole, "transaction_index")


@pytest.mark.parametrize(
    "index",
    [
        {
            "type": "fixed",
            "originalChunkSize": 1,
            "originalFileSize": 2**31 - 1,
            "transformedChunkSize": 1,
            "finalTransformedChunkSize": 1,
        },
        {
            "type": "fixed",
            "originalChunkSize": 2**31 - 1,
            "originalFileSize": 2**31 - 1,
            "transformedChunkSize": 5,
            "finalTransformedChunkSize": 2**31 - 1,
        },
    ],
    ids=["two-billion-chunks", "one-huge-chunk"],
)
def test_hostile_chunk_index(tmp_path: Path, index: dict[str, object]) -> None:
    """A manifest claiming a huge segment: nothing is materialised or fetched past the object, and
    reading stops with a located problem."""
    copy_one(tmp_path, ORDERS / "00000000000000000000.log", enc.AivenOptions(100))
    (path,) = tmp_path.rglob("*.rsm-manifest")
    manifest = json.loads(path.read_text())
    manifest["chunkIndex"] = index
    path.write_text(json.dumps(manifest))
    (segment,) = find_segments(open_store(tmp_path)).segments
    problems: list[Problem] = []
    assert signature(read_remote_segment(segment, ReadOptions(on_problem=problems.append))) == []
    assert [p.kind for p in problems] == ["unreadable_file"] and "cut short" in problems[0].message


def test_a_split_pickles(tmp_path: Path, key_pair: tuple[bytes, bytes]) -> None:
    """A remote segment, its keyring (used once) and a byte range go to a task by pickle and read there."""
    import pickle

    log = ORDERS / "00000000000000000000.log"
    copy_one(tmp_path, log, enc.AivenOptions(100, compression=True, encryption=("k1", key_pair[1])))
    (segment,) = find_segments(open_store(tmp_path)).segments
    keyring = Keyring({"k1": key_pair[0]})
    whole = signature(read_remote_segment(segment, keyring=keyring))
    task_segment, task_keyring = pickle.loads(pickle.dumps((segment, keyring)))
    start = whole[1][2]
    assert signature(read_remote_segment(task_segment, keyring=task_keyring, start=start)) == whole[1:]


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ((1 << 40, "tiered/", "orders-x/0/key"), (1 << 40, "tiered/", "orders-x/0/key")),
        ((None, None, "k"), (None, None, "k")),
        ((None, None, None), (None, None, None)),
    ],
    ids=["all", "key-only", "none"],
)
def test_custom_metadata_spec(
    fields: tuple[int | None, str | None, str | None], expected: tuple[int | None, str | None, str | None]
) -> None:
    """aiven_segment_custom_metadata.ksy reads the tagged fields Aiven's serde writes (the encoder's
    bytes, from SegmentCustomMetadataField); a cut section is a ValueError."""
    from kafkaks.remote.aiven import parse_custom_metadata

    data = enc.custom_metadata(*fields)
    parsed = parse_custom_metadata(data)
    assert (parsed.remote_size, parsed.object_prefix, parsed.object_key) == expected
    if data:
        with pytest.raises(ValueError, match="does not parse"):
            parse_custom_metadata(data[:-1])


def test_rsa_oaep_sha3_test_vectors(key_pair: tuple[bytes, bytes], tmp_path: Path) -> None:
    """The data key's RSA wrap, made by implementations other than kafkaks' PyCryptodome: the
    encoder's RFC 8017 OAEP (decrypted by ``cryptography`` with SHA-256, which it supports, to show
    the construction right) with SHA3-512 as Aiven's RsaEncryptionProvider uses it, and OpenSSL's
    own SHA3-512 OAEP; kafkaks' Keyring unwraps both."""
    import shutil
    import subprocess

    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import padding

    private_pem, public_pem = key_pair
    private = serialization.load_pem_private_key(private_pem, password=None)
    sha256 = padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None)
    data_key = bytes(range(32))
    assert private.decrypt(enc.oaep_encrypt(public_pem, data_key, "sha256"), sha256) == data_key  # type: ignore[union-attr, call-arg]
    keyring = Keyring({"k1": private_pem})
    assert keyring.unwrap("k1", enc.wrap_data_key(public_pem, data_key), "here") == data_key
    if shutil.which("openssl") is None:
        pytest.skip("no openssl command: the OpenSSL vector is not made")
    (tmp_path / "key.pem").write_bytes(private_pem)
    (tmp_path / "data-key").write_bytes(data_key[::-1])
    options = ["rsa_padding_mode:oaep", "rsa_oaep_md:sha3-512", "rsa_mgf1_md:sha3-512"]
    command = ["openssl", "pkeyutl", "-encrypt", "-inkey", str(tmp_path / "key.pem")]
    command += [word for option in options for word in ("-pkeyopt", option)]
    command += ["-in", str(tmp_path / "data-key"), "-out", str(tmp_path / "wrapped")]
    subprocess.run(command, check=True, capture_output=True)
    assert keyring.unwrap("k1", (tmp_path / "wrapped").read_bytes(), "here") == data_key[::-1]


def test_memory_stays_a_few_chunks_when_chunks_compress_well(tmp_path: Path) -> None:
    """A fetch takes as many stored chunks as fit in FETCH_BYTES: 8 MiB of segment in 64 KiB
    chunks that zstd makes tiny is one fetch, decoded chunk by chunk as read_log wants them, so the
    read holds a few chunks and read_log's buffer, not the segment (measured with tracemalloc)."""
    import tracemalloc

    from kafka.record.memory_records import MemoryRecordsBuilder

    log = tmp_path / "logdir" / "orders-0" / "00000000000000000000.log"
    log.parent.mkdir(parents=True)
    batches, offset = bytearray(), 0
    while len(batches) < 8 << 20:
        builder = MemoryRecordsBuilder(magic=2, compression_type=0, batch_size=1 << 20)
        for _ in range(100):
            builder.append(timestamp=1700000000000, key=None, value=b"x" * 400, headers=[])
        builder.close()
        batch = bytearray(builder.buffer())
        batch[0:8] = offset.to_bytes(8, "big")  # the base offset is outside the CRC
        batches += batch
        offset += 100
    log.write_bytes(bytes(batches))
    copy_one(tmp_path / "store", log, enc.AivenOptions(64 << 10, compression=True))
    (segment,) = find_segments(open_store(tmp_path / "store")).segments
    tracemalloc.start()
    try:
        count = sum(1 for _ in flatten(read_remote_segment(segment)))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == offset // 100 and peak < 4 << 20, peak
