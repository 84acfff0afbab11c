"""Writes remote segments as tiered storage plugins do, for the tests of kafkaks.remote, written from
the plugins' Java code and not from kafkaks' reader:

- Aiven-Open/tiered-storage-for-apache-kafka at 8fb15816df2d0b3f880b76e5ac0a14b64dd790d9
  (``A:`` = core/src/main/java/io/aiven/kafka/tieredstorage/): KafkaRemoteStorageManager
  .copyLogSegmentData (upload order log, indexes, manifest; ``transformation``: chunks of
  ``chunk.size``, zstd then AES-GCM), transform/BaseTransformChunkEnumeration (readNBytes of the
  chunk size), CompressionChunkEnumeration (ZstdCompressCtx with the content size set),
  EncryptionChunkEnumeration (IV then Cipher.doFinal's ciphertext and tag), TransformFinisher
  (fixed index when the chain keeps sizes, else variable; calculateChunkIndex), manifest/
  index/FixedSizeChunkIndex, VariableSizeChunkIndex, serde/ChunkSizesBinaryCodec.encode,
  serde/TransformedChunksSerializer, SegmentManifestV1, SegmentIndexesV1(Builder), uploadIndexes
  and transformIndex (each non-empty index one chunk, encrypted alone, never compressed),
  security/AesEncryptionProvider (256-bit key, AAD = a second generated key's 32 bytes),
  RsaEncryptionProvider (RSA/NONE/OAEPWithSHA3-512AndMGF1Padding), EncryptedDataKey.serialize,
  serde/KafkaTypeSerdeModule (the remoteLogSegmentMetadata field), ObjectKeyFactory.
- Apache Kafka's LocalTieredStorage (storage/src/test/java/org/apache/kafka/server/log/remote/
  storage/ at 26b251a451ce941d3d7a55e6487bcb7f16b5ad48): RemoteTopicPartitionDirectory (the
  ``<topic>-<partition>-<topic id>`` folder under ``kafka-tiered-storage``), RemoteLogSegmentFileset
  (file names, copy order; an empty leader epoch buffer and a missing transaction index leave no file).
- ``__remote_log_metadata`` records as Kafka's RemoteLogMetadataSerde writes them: the unsigned
  varints frame version 1, apiKey, version, then the message of storage/src/main/resources/message/
  RemoteLogSegmentMetadataRecord.json (0), RemoteLogSegmentMetadataUpdateRecord.json (1),
  RemotePartitionDeleteMetadataRecord.json (2), version 0, flexible (compact strings, arrays and
  bytes, a tagged-field count after each structure); batches by kafka-python's MemoryRecordsBuilder.

AES-GCM and the RSA key pair come from ``cryptography``, never from PyCryptodome, which kafkaks
decrypts with. ``cryptography`` refuses SHA3 in OAEP ("This combination of padding and hash
algorithm is not supported"), so the wrap is RFC 8017's RSAES-OAEP-ENCRYPT written here (EME-OAEP
with ``hashlib``'s SHA3-512 and MGF1 over it, then the RSA public operation on ``cryptography``'s
key numbers); tests/test_remote.py checks this OAEP against ``cryptography``'s own decryption
with SHA-256, and against OpenSSL's SHA3-512 OAEP.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import zstandard
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from kafka.record.memory_records import MemoryRecordsBuilder

Put = Callable[[str, bytes], None]
IV_SIZE = 12


def kafka_uuid(raw: bytes | None = None) -> str:
    """Kafka's Uuid.toString(): URL-safe base64 of the 16 bytes, no padding."""
    return base64.urlsafe_b64encode(raw or uuid.uuid4().bytes).decode().rstrip("=")


def put_files(root: Path) -> Put:
    def put(key: str, data: bytes) -> None:
        path = root / key
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)

    return put


@dataclass
class SegmentFiles:
    """What the broker hands a RemoteStorageManager (LogSegmentData) and the segment's metadata."""

    log: bytes
    offset_index: bytes
    time_index: bytes
    producer_snapshot: bytes
    leader_epochs: bytes  # the leader-epoch checkpoint text of the segment's epochs
    transaction_index: bytes | None
    start_offset: int
    end_offset: int
    max_timestamp: int = 0
    epochs: dict[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, log: Path, end_offset: int, epochs: dict[int, int]) -> SegmentFiles:
        base = int(log.name[:20])
        snapshot = next(iter(sorted(log.parent.glob("*.snapshot"))), None)
        txn = log.with_suffix(".txnindex")
        lines = ["0", str(len(epochs)), *(f"{epoch} {offset}" for epoch, offset in epochs.items())]

        def read(path: Path) -> bytes:
            return path.read_bytes() if path.is_file() else b""

        return cls(
            log.read_bytes(),
            read(log.with_suffix(".index")),
            read(log.with_suffix(".timeindex")),
            read(snapshot) if snapshot else b"",
            ("\n".join(lines) + "\n").encode(),
            txn.read_bytes() if txn.is_file() else None,
            base,
            end_offset,
            epochs=epochs,
        )


def rsa_key_pair(bits: int = 2048) -> tuple[bytes, bytes]:
    """(private key PKCS#8 PEM, public key X.509 PEM), as RsaKeyReader reads them."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    public = key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return private, public


def _mgf1(seed: bytes, length: int, hash_name: str) -> bytes:
    """RFC 8017 B.2.1 MGF1."""
    out = b"".join(
        hashlib.new(hash_name, seed + counter.to_bytes(4, "big")).digest()
        for counter in range(-(-length // hashlib.new(hash_name).digest_size))
    )
    return out[:length]


def oaep_encrypt(public_pem: bytes, message: bytes, hash_name: str = "sha3_512") -> bytes:
    """RFC 8017 7.1.1 RSAES-OAEP-ENCRYPT with an empty label, ``hash_name`` (hashlib's) as the hash
    and in MGF1; the RSA public operation on the key's numbers, from ``cryptography``."""
    key = serialization.load_pem_public_key(public_pem)
    assert isinstance(key, rsa.RSAPublicKey)
    numbers = key.public_numbers()
    k = (numbers.n.bit_length() + 7) // 8
    h_len = hashlib.new(hash_name).digest_size
    if len(message) > k - 2 * h_len - 2:
        raise ValueError("message too long")
    l_hash = hashlib.new(hash_name, b"").digest()
    db = l_hash + b"\x00" * (k - len(message) - 2 * h_len - 2) + b"\x01" + message
    seed = os.urandom(h_len)
    masked_db = bytes(a ^ b for a, b in zip(db, _mgf1(seed, k - h_len - 1, hash_name), strict=True))
    masked_seed = bytes(a ^ b for a, b in zip(seed, _mgf1(masked_db, h_len, hash_name), strict=True))
    encoded = int.from_bytes(b"\x00" + masked_seed + masked_db, "big")
    return pow(encoded, numbers.e, numbers.n).to_bytes(k, "big")


def wrap_data_key(public_pem: bytes, data_key: bytes) -> bytes:
    """RsaEncryptionProvider.encryptDataKey (Cipher "RSA/NONE/OAEPWithSHA3-512AndMGF1Padding"):
    OAEP with SHA3-512 as the hash and in MGF1, empty label."""
    return oaep_encrypt(public_pem, data_key, "sha3_512")


def _zstd(data: bytes) -> bytes:
    # ZstdCompressCtx with setPledgedSrcSize and setContentSize(true); zstd-jni's level is 3
    return zstandard.ZstdCompressor(level=3, write_content_size=True).compress(data)


def _encrypt(key: bytes, aad: bytes, data: bytes) -> bytes:
    iv = os.urandom(IV_SIZE)  # Cipher.init with SecureRandom: a fresh IV each chunk
    return iv + AESGCM(key).encrypt(iv, data, aad)  # doFinal: ciphertext || 16-byte tag


def chunk_sizes_encode(values: list[int]) -> bytes:
    """ChunkSizesBinaryCodec.encode."""
    count = len(values)
    if count == 0:
        return struct.pack(">i", 0)
    if count == 1:
        return struct.pack(">ii", 1, values[0])
    base = min(values[:-1])

    def needed(v: int) -> int:
        return 1 if v <= 0xFF else 2 if v <= 0xFFFF else 3 if v <= 0xFFFFFF else 4

    per = max(needed(v - base) for v in values[:-1])
    body = b"".join((v - base).to_bytes(4, "big")[4 - per :] for v in values[:-1])
    return struct.pack(">iib", count, base, per) + body + struct.pack(">i", values[-1])


@dataclass
class AivenOptions:
    chunk_size: int
    compression: bool = False
    encryption: tuple[str, bytes] | None = None  # (key pair id, public key PEM)
    prefix: str = ""


def aiven_copy(
    put: Put,
    files: SegmentFiles,
    topic: str,
    topic_id: str,
    partition: int,
    segment_id: str,
    options: AivenOptions,
    *,
    stop_after: str | None = None,
) -> str:
    """KafkaRemoteStorageManager.copyLogSegmentData: uploads .log, .indexes, .rsm-manifest (stopping
    after the object ``stop_after``, as a broker dying mid-copy would); returns the main path."""
    main = f"{topic}-{topic_id}/{partition}/{files.start_offset:020d}-{segment_id}"
    key = aad = b""
    if options.encryption is not None:
        key, aad = os.urandom(32), os.urandom(32)  # two separate generateKey() calls

    # uploadSegmentLog
    chunks = [files.log[i : i + options.chunk_size] for i in range(0, len(files.log), options.chunk_size)]
    transformed = []
    for chunk in chunks:
        if options.compression:
            chunk = _zstd(chunk)
        if options.encryption is not None:
            chunk = _encrypt(key, aad, chunk)
        transformed.append(chunk)
    put(options.prefix + main + ".log", b"".join(transformed))
    if stop_after == "log":
        return main
    if options.compression:  # CompressionChunkEnumeration: variable transformed sizes
        sizes = [len(chunk) for chunk in transformed]
        index = {
            "type": "variable",
            "originalChunkSize": options.chunk_size,
            "originalFileSize": len(files.log),
            "transformedChunks": base64.b64encode(_zstd(chunk_sizes_encode(sizes))).decode(),
        }
    else:  # fixed: the base transform's size, plus IV and tag when encrypted
        overhead = IV_SIZE + 16 if options.encryption is not None else 0
        last = len(files.log) - (len(chunks) - 1) * options.chunk_size if chunks else 0
        index = {
            "type": "fixed",
            "originalChunkSize": options.chunk_size,
            "originalFileSize": len(files.log),
            "transformedChunkSize": options.chunk_size + overhead,
            "finalTransformedChunkSize": last + overhead if chunks else 0,
        }

    # uploadIndexes
    parts = [
        ("offset", files.offset_index),
        ("timestamp", files.time_index),
        ("producerSnapshot", files.producer_snapshot),
        ("leaderEpoch", files.leader_epochs),
    ]
    if files.transaction_index is not None:
        parts.append(("transaction", files.transaction_index))
    indexes: dict[str, dict[str, int] | None] = {"transaction": None}
    blob, position = [], 0
    for name, data in parts:
        if data and options.encryption is not None:
            data = _encrypt(key, aad, data)
        indexes[name] = {"position": position, "size": len(data)}
        blob.append(data)
        position += len(data)
    put(options.prefix + main + ".indexes", b"".join(blob))
    if stop_after == "indexes":
        return main

    # uploadManifest
    manifest: dict[str, object] = {
        "version": "1",
        "chunkIndex": index,
        "segmentIndexes": indexes,
        "compression": options.compression,
    }
    if options.encryption is not None:
        key_id, public = options.encryption
        wrapped = base64.b64encode(wrap_data_key(public, key)).decode()
        manifest["encryption"] = {"dataKey": f"{key_id}:{wrapped}", "aad": base64.b64encode(aad).decode()}
    manifest["remoteLogSegmentMetadata"] = {
        "remoteLogSegmentId": {
            "topicIdPartition": {
                "topicId": topic_id,
                "topicPartition": {"topic": topic, "partition": partition},
            },
            "id": segment_id,
        },
        "startOffset": files.start_offset,
        "endOffset": files.end_offset,
        "maxTimestampMs": files.max_timestamp,
        "brokerId": 0,
        "eventTimestampMs": 1700000000000,
        "segmentLeaderEpochs": {str(epoch): offset for epoch, offset in files.epochs.items()},
    }
    put(options.prefix + main + ".rsm-manifest", json.dumps(manifest).encode())
    return main


def local_tiered_copy(
    put: Put,
    files: SegmentFiles,
    topic: str,
    topic_id: str,
    partition: int,
    segment_id: str,
    *,
    stop_after: str = "",
) -> str:
    """LocalTieredStorage.copyLogSegmentData through RemoteLogSegmentFileset.copy."""
    folder = f"kafka-tiered-storage/{topic}-{partition}-{topic_id}"
    name = f"{folder}/{files.start_offset:020d}-{segment_id}"
    for suffix, data in [
        (".log", files.log),
        (".index", files.offset_index),
        (".timeindex", files.time_index),
        (".txnindex", files.transaction_index),
        (".leader_epoch_checkpoint", files.leader_epochs),
        (".snapshot", files.producer_snapshot),
    ]:
        if data is None or (suffix == ".leader_epoch_checkpoint" and not data):
            continue
        put(name + suffix, data)
        if suffix == stop_after:
            break
    return name


# __remote_log_metadata records (RemoteLogMetadataSerde; message JSON schemas, version 0, flexible)


def _uvarint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _compact_string(text: str) -> bytes:
    raw = text.encode()
    return _uvarint(len(raw) + 1) + raw


def _uuid(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "==")


def _topic_id_partition(topic: str, topic_id: str, partition: int) -> bytes:
    return _compact_string(topic) + _uuid(topic_id) + struct.pack(">i", partition) + _uvarint(0)


def _segment_id(topic: str, topic_id: str, partition: int, segment_id: str) -> bytes:
    return _topic_id_partition(topic, topic_id, partition) + _uuid(segment_id) + _uvarint(0)


def _framed(api_key: int, message: bytes) -> bytes:
    return _uvarint(1) + _uvarint(api_key) + _uvarint(0) + message


def segment_record(
    topic: str,
    topic_id: str,
    partition: int,
    segment_id: str,
    start: int,
    end: int,
    epochs: dict[int, int],
    size: int,
    state: int = 0,
) -> bytes:
    """RemoteLogSegmentMetadataRecord (apiKey 0): COPY_SEGMENT_STARTED (state 0) as the broker writes it."""
    entries = b"".join(struct.pack(">iq", e, o) + _uvarint(0) for e, o in epochs.items())
    message = (
        _segment_id(topic, topic_id, partition, segment_id)
        + struct.pack(">qqiqq", start, end, 0, 1700000000000, 1700000000000)
        + _uvarint(len(epochs) + 1)
        + entries
        + struct.pack(">i", size)
        + _uvarint(0)  # CustomMetadata null
        + struct.pack(">b", state)
        + _uvarint(0)
    )
    return _framed(0, message)


def update_record(
    topic: str, topic_id: str, partition: int, segment_id: str, state: int, custom: bytes | None = None
) -> bytes:
    """RemoteLogSegmentMetadataUpdateRecord (apiKey 1): 1 COPY_SEGMENT_FINISHED, 2 DELETE_SEGMENT_STARTED,
    3 DELETE_SEGMENT_FINISHED; ``custom``: its CustomMetadata (COMPACT_NULLABLE_BYTES)."""
    message = (
        _segment_id(topic, topic_id, partition, segment_id)
        + struct.pack(">iq", 0, 1700000000001)
        + (_uvarint(0) if custom is None else _uvarint(len(custom) + 1) + custom)
        + struct.pack(">b", state)
        + _uvarint(0)
    )
    return _framed(1, message)


def custom_metadata(remote_size: int | None, object_prefix: str | None, object_key: str | None) -> bytes:
    """What Aiven's copyLogSegmentData returns as the segment's custom metadata
    (SegmentCustomMetadataBuilder.build, SegmentCustomMetadataSerde.serialize; fields and tags of
    SegmentCustomMetadataField, at 3afb9d7f2e577737b770c623a4d6b6e80e0d5818): a Kafka Struct of one
    TaggedFieldsSection, written as Kafka's TaggedFields type writes it (count, then per tag in
    increasing order: tag, size, value), each value by its Type: 0 VARLONG (ZigZag), 1 and 2
    COMPACT_STRING. No field configured: no bytes at all."""
    values = {}
    if remote_size is not None:
        values[0] = _uvarint((remote_size << 1) ^ (remote_size >> 63))
    if object_prefix is not None:
        values[1] = _compact_string(object_prefix)
    if object_key is not None:
        values[2] = _compact_string(object_key)
    if not values:
        return b""
    fields = b"".join(_uvarint(tag) + _uvarint(len(value)) + value for tag, value in sorted(values.items()))
    return _uvarint(len(values)) + fields


def partition_delete_record(topic: str, topic_id: str, partition: int, state: int) -> bytes:
    """RemotePartitionDeleteMetadataRecord (apiKey 2): 0 MARKED, 1 STARTED, 2 FINISHED."""
    message = (
        _topic_id_partition(topic, topic_id, partition)
        + struct.pack(">iqb", 0, 1700000000002, state)
        + _uvarint(0)
    )
    return _framed(2, message)


def write_metadata_log(folder: Path, values: list[bytes]) -> Path:
    """A ``__remote_log_metadata-0`` partition directory holding the values, one batch."""
    builder = MemoryRecordsBuilder(magic=2, compression_type=0, batch_size=1 << 20, offset=0)
    for i, value in enumerate(values):
        if builder.append(1700000000000 + i, None, value, headers=[]) is None:
            raise RuntimeError("the batch is full")
    builder.close()
    path = folder / "__remote_log_metadata-0" / "00000000000000000000.log"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(builder.buffer()))
    return path.parent
