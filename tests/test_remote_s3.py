"""kafkaks.remote on S3: Aiven segments (encrypted, zstd, 150-byte chunks, key prefix "kafka/")
uploaded by tests/remote_encoder.py into a bucket of a moto server on 127.0.0.1, read through
``pyarrow.fs`` with the endpoint and credentials in the URI, as the same segments read locally."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pyarrow as pa
import pytest
import remote_encoder as enc

import kafkaks
from kafkaks.remote.tiers import Remote

ORDERS = Path(__file__).parent / "fixtures" / "logdir" / "orders-0"
TOPIC_ID = enc.kafka_uuid(bytes(range(16)))


@pytest.fixture(scope="module")
def bucket() -> Iterator[tuple[str, bytes]]:
    """The store's URI and the private key of its key pair "k1"."""
    moto_server = pytest.importorskip("moto.server", reason="moto[server] is not installed (the test extra)")
    import boto3

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        client = boto3.client(
            "s3",
            endpoint_url=f"http://127.0.0.1:{port}",
            aws_access_key_id="k",
            aws_secret_access_key="s",
            region_name="us-east-1",
        )
        client.create_bucket(Bucket="tiers")
        private, public = enc.rsa_key_pair()
        options = enc.AivenOptions(150, compression=True, encryption=("k1", public), prefix="kafka/")

        def put(key: str, data: bytes) -> None:
            client.put_object(Bucket="tiers", Key=f"cluster/{key}", Body=data)

        for base, end in [(0, 15), (16, 29)]:
            files = enc.SegmentFiles.of(ORDERS / f"{base:020d}.log", end, {0: base})
            enc.aiven_copy(put, files, "orders", TOPIC_ID, 0, enc.kafka_uuid(), options)
        yield (
            f"s3://k:s@tiers/cluster?endpoint_override=127.0.0.1:{port}&scheme=http&region=us-east-1",
            private,
        )
    finally:
        server.stop()


def test_read_arrow_from_s3(bucket: tuple[str, bytes]) -> None:
    uri, private = bucket
    remote = Remote.open(uri, key_prefix="kafka/", keys={"k1": private})
    assert [s.start_offset for s in remote.segments("orders", 0)] == [0, 16]
    assert remote.store.name.startswith("s3://tiers/cluster") and "k:s" not in remote.store.name
    got = pa.Table.from_batches(list(kafkaks.read_arrow([], remote=remote, include_headers=True)))
    expected = pa.Table.from_batches(list(kafkaks.read_arrow(ORDERS, include_headers=True)))
    assert got.equals(expected.slice(0, 30))


def test_without_the_prefix_nothing_is_a_segment(bucket: tuple[str, bytes]) -> None:
    uri, _private = bucket
    remote = Remote.open(uri)
    assert remote.partitions == {}


def test_split_of_an_s3_segment_is_read_where_it_is_unpickled(
    bucket: tuple[str, bytes], tmp_path: Path
) -> None:
    """The kafka-log source's splits of the bucket: a segment's store pickles as its URI and is
    opened again by the task, which reads the chunks and decrypts them (key file from remoteKeys)."""
    import pickle

    pytest.importorskip("pyspark", reason="PySpark is not installed: pip install 'kafkaks[spark]'")
    from kafkaks.spark.options import Options
    from kafkaks.spark.planning import plan
    from kafkaks.spark.reading import read_split

    uri, private = bucket
    (tmp_path / "k1.pem").write_bytes(private)
    options = {"remote": uri, "remoteKeyPrefix": "kafka/", "remoteKeys": f"k1={tmp_path / 'k1.pem'}"}
    parsed = Options.parse(options)
    splits = [pickle.loads(pickle.dumps(split)) for split in plan(parsed)]
    assert [split.base_offset for split in splits] == [0, 16]
    assert splits[0].remote is not None and splits[0].remote.store.name.startswith("s3://tiers/cluster")
    got = pa.Table.from_batches([batch for split in splits for batch in read_split(split, parsed)])
    expected = pa.Table.from_batches(list(kafkaks.read_arrow(ORDERS)))
    assert got.equals(expected.slice(0, 30))
