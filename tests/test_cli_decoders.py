"""``kafkaks dump`` with Kafka's decoders of internal topics, and the ``decoded`` data of ``--json``.

Expected lines are built here, not by kafkaks' formatters: batch and record metadata come from
test_cli's kafka-python based ``expected_log``; keys and payloads from readers written below with
``struct`` (``__consumer_offsets`` via test_internal's hand reader, ``__transaction_state`` and the
simple metadata records here), put into Kafka's templates (reference §1.10,
``TransactionLog.formatRecordKeyAndValue``) with ``json.dumps``. Where a hand reader would
duplicate a whole schema (consumer group members, most metadata record types), the library's
decoded values are used, formatted here with ``json.dumps`` rather than ``to_kafka_json``. Kafka's
own expected strings come from DumpLogSegmentsTest (3.9) via test_internal.
"""

from __future__ import annotations

import base64
import json
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from conftest import real_params
from kafka.record import MemoryRecords
from kafka.record.default_records import DefaultRecordBatchBuilder
from test_cli import expected_log
from test_internal import (
    ASSIGNMENT_V3,
    GROUP_KEY,
    OFFSET_KEY,
    SUBSCRIPTION_V3,
    Reader,
    group_metadata_v4,
    offsets_by_hand,
    s16,
    uvarint,
)

from kafkaks.cli.main import main
from kafkaks.internal_topics import decode_internal

TOPICS = {
    "__consumer_offsets": "offsets",
    "__transaction_state": "transaction_log",
    "__cluster_metadata": "cluster_metadata",
}
FLAGS = {
    "offsets": "--offsets-decoder",
    "transaction_log": "--transaction-log-decoder",
    "cluster_metadata": "--cluster-metadata-decoder",
}


def kind_of(path: Path) -> str | None:
    if path.suffix == ".checkpoint":
        return "cluster_metadata"
    return TOPICS.get(path.parent.name.rsplit("-", 1)[0])


INTERNAL_LOGS = [
    p
    for p in real_params("log", "checkpoint")
    if p.values[0] is None or (p.values[0].suffix != ".swap" and kind_of(p.values[0]) is not None)
]


def compact_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# --- independent readers ------------------------------------------------------------------------------


class Expected(NamedTuple):
    """What a decoder gives for one record: Kafka's key and payload texts, and the JSON data."""

    key_text: str | None
    payload_text: str | None
    key_json: dict[str, Any] | None
    value_json: dict[str, Any] | None


def expected_offsets(key: bytes, value: bytes | None) -> Expected:
    record_type = struct.unpack_from(">h", key)[0]
    key_fields, value_fields = offsets_by_hand(key, value)
    key_json = {"type": str(record_type), "data": key_fields}
    if value is None or value_fields is None:
        return Expected(compact_json(key_json), "<DELETE>", key_json, None)
    if "members" in value_fields:
        # The members' embedded consumer protocol: the library's values (test_internal checks them).
        library = decode_internal("__consumer_offsets", key, value)
        assert library is not None and library.value is not None
        raw = value_fields["members"]
        assert [m["memberId"] for m in library.value["members"]] == [m["memberId"] for m in raw]
        value_fields["members"] = library.value["members"]
    value_json = {"version": str(struct.unpack_from(">h", value)[0]), "data": value_fields}
    return Expected(compact_json(key_json), compact_json(value_json), key_json, value_json)


def expected_transaction_log(key: bytes, value: bytes | None) -> Expected:
    """TransactionLogKey/Value v0 (the classic versions; the real data has no other)."""
    k = Reader(key)
    assert k.take("h") == 0
    transactional_id = k.string()
    assert k.done()
    key_json = {"type": "0", "data": {"transactionalId": transactional_id}}
    key_text = compact_json(key_json)
    if value is None:
        return Expected(key_text, "<DELETE>", key_json, None)
    v = Reader(value)
    assert v.take("h") == 0
    pid, epoch, timeout, status = v.take("q"), v.take("h"), v.take("i"), v.take("b")
    partitions: list[dict[str, Any]] | None = []
    count = v.take("i")
    if count < 0:  # Kafka writes null partitions for an Empty transaction
        partitions = None
    for _ in range(count):
        topic = v.string()
        assert partitions is not None
        partitions.append({"topic": topic, "partitionIds": [v.take("i") for _ in range(v.take("i"))]})
    last_update, start = v.take("q"), v.take("q")
    assert v.done()
    value_json = {
        "version": "0",
        "data": {
            "producerId": pid,
            "producerEpoch": epoch,
            "transactionTimeoutMs": timeout,
            "transactionStatus": status,
            "transactionPartitions": partitions,
            "transactionLastUpdateTimestampMs": last_update,
            "transactionStartTimestampMs": start,
        },
    }
    # Kafka 4.3's coordinator record parser prints both as its JSON converters write them.
    return Expected(key_text, compact_json(value_json), key_json, value_json)


def read_uvarint(data: bytes, pos: int) -> tuple[int, int]:
    shift = result = 0
    while True:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return result, pos


def read_compact_string(data: bytes, pos: int) -> tuple[str, int]:
    n, pos = read_uvarint(data, pos)
    return data[pos : pos + n - 1].decode(), pos + n - 1


HAND_DECODED = {2: "TOPIC_RECORD", 12: "FEATURE_LEVEL_RECORD"}


def expected_cluster_metadata(value: bytes, seen: set[str]) -> Expected:
    """TOPIC_RECORD and FEATURE_LEVEL_RECORD v0 read by hand; other types: the library's values."""
    frame, pos = read_uvarint(value, 0)
    api_key, pos = read_uvarint(value, pos)
    version, pos = read_uvarint(value, pos)
    assert frame == 1
    if api_key in HAND_DECODED and version == 0:
        name, pos = read_compact_string(value, pos)
        if api_key == 2:
            topic_id = base64.urlsafe_b64encode(value[pos : pos + 16]).decode().rstrip("=")
            data: dict[str, Any] = {"name": name, "topicId": topic_id}
            pos += 16
        else:
            data = {"name": name, "featureLevel": struct.unpack_from(">h", value, pos)[0]}
            pos += 2
        assert value[pos:] == b"\x00"  # no tagged fields
        value_json = {"type": HAND_DECODED[api_key], "version": 0, "data": data}
        seen.add(HAND_DECODED[api_key])
    else:
        library = decode_internal("__cluster_metadata", None, value)
        assert library is not None and library.problem is None
        value_json = library.value_json()
        assert value_json is not None and value_json["version"] == version
    return Expected(None, compact_json(value_json), None, value_json)


class RawRecord(NamedTuple):
    offset: int
    key: bytes | None
    value: bytes | None
    control: bool


def raw_records(path: Path) -> Iterator[RawRecord]:
    """Every record of a file, through kafka-python."""
    records = MemoryRecords(path.read_bytes())
    while (batch := records.next_batch()) is not None:
        control = bool(getattr(batch, "is_control_batch", False))
        for record in batch:
            key = None if record.key is None else bytes(record.key)
            value = None if record.value is None else bytes(record.value)
            yield RawRecord(record.offset, key, value, control)


def expected_of(kind: str, record: RawRecord, seen: set[str]) -> Expected:
    if kind == "offsets":
        assert record.key is not None
        return expected_offsets(record.key, record.value)
    if kind == "transaction_log":
        assert record.key is not None
        return expected_transaction_log(record.key, record.value)
    assert record.value is not None
    return expected_cluster_metadata(record.value, seen)


def expected_decoded_log(
    path: Path, kind: str, metadata: bool, seen: set[str]
) -> tuple[list[str], list[str]]:
    """DumpLogSegments' lines under the decoder option of ``kind``: the record metadata of
    test_cli's expected_log, then the decoder's key and payload (none for control records)."""
    out, err = expected_log(path, deep=True, data_log=False, metadata=metadata)
    records = list(raw_records(path))
    # Record lines: "| offset: ..." with metadata, else one (empty) line after each batch line's records.
    if metadata:
        lines = [i for i, line in enumerate(out) if line.startswith("| offset: ")]
    else:
        lines = [i for i, line in enumerate(out) if line == ""]
    assert len(lines) == len(records)
    for index, record in zip(lines, records, strict=True):
        if record.control:
            continue
        expected = expected_of(kind, record, seen)
        prefix = " " if metadata else "| "
        if expected.key_text is not None:
            out[index] += f"{prefix}key: {expected.key_text}"
        if expected.payload_text is not None:
            out[index] += f" payload: {expected.payload_text}"
    return out, err


def dump(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], list[str]]:
    code = main(["dump", *args])
    captured = capsys.readouterr()
    return code, captured.out.split("\n")[:-1], captured.err.split("\n")[:-1]


def dump_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, Any]], str]:
    code = main(["dump", "--json", *args])
    captured = capsys.readouterr()
    return code, [json.loads(line) for line in captured.out.splitlines()], captured.err


# --- golden text on the real data ---------------------------------------------------------------------


@pytest.mark.parametrize(("path", "info"), INTERNAL_LOGS)
def test_real_internal_logs_golden(
    path: Path, info: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    kind = kind_of(path)
    assert kind is not None
    expected_out, expected_err = expected_decoded_log(path, kind, metadata=True, seen=set())
    code, out, err = dump(capsys, FLAGS[kind], str(path))
    assert out == expected_out
    assert err == expected_err
    assert code == 0


GOLDEN_SAMPLES = {
    "offsets": "compacted-delete-horizon/kafka/data/__consumer_offsets-2/00000000000000000000.log",
    "group-metadata": "cleaner-swap-files-a/kafka/kafka-logs/__consumer_offsets-18/00000000000000000000.log",
    "offsets-magic1": "magic1-kafka-0.10.1/tmp/kafka-logs/__consumer_offsets-40/00000000000000000000.log",
    "transaction-log": "confluent-ksql-txn/kafka-data/__transaction_state-44/00000000000000000000.log",
    "metadata-log": (
        "codecrafters-kafka-tester@e856b9a/kraft-combined-logs/__cluster_metadata-0/00000000000000000000.log"
    ),
    "kraft-checkpoint": (
        "confluent-ksql-txn/kafka-data/__cluster_metadata-0/00000000000000007364-0000000001.checkpoint"
    ),
    "bootstrap-checkpoint": "ldi-poc/bootstrap.checkpoint",
}


@pytest.mark.parametrize("rel", GOLDEN_SAMPLES.values(), ids=GOLDEN_SAMPLES.keys())
def test_real_samples_with_skip_record_metadata(
    real_data: Path, rel: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under --skip-record-metadata the key starts the line with '| ' and a payload without a key
    prints as ' payload: ...'; control records give empty lines."""
    path = real_data / rel
    kind = kind_of(path)
    assert kind is not None
    expected_out, expected_err = expected_decoded_log(path, kind, metadata=False, seen=set())
    code, out, err = dump(capsys, "--skip-record-metadata", "--files", str(path), FLAGS[kind])
    assert (code, out, err) == (0, expected_out, expected_err)


def test_samples_cover_the_decoders(real_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The golden samples hold what each decoder prints: JSON keys of the three offsets types,
    tombstones, consumer group members, Kafka's transaction text, hand-read metadata records,
    KRaft control records; and the hand readers were used, not only the library."""
    texts: list[str] = []
    seen: set[str] = set()
    for rel in GOLDEN_SAMPLES.values():
        path = real_data / rel
        kind = kind_of(path)
        assert kind is not None
        out, _err = expected_decoded_log(path, kind, True, seen)
        texts += out
    joined = "\n".join(texts)
    for phrase in (
        ' key: {"type":"1","data":{"group":',
        ' key: {"type":"2","data":{"group":',
        " payload: <DELETE>",
        ' payload: {"version":"1","data":{"offset":',
        ' payload: {"version":"3","data":{"offset":',
        '"subscription":{"topics":["HelloTopic"]',
        ' key: {"type":"0","data":{"transactionalId":"default_"}} payload: {"version":"0","data":'
        '{"producerId":0,"producerEpoch":0,"transactionTimeoutMs":60000,"transactionStatus":1,',
        ' payload: {"type":"TOPIC_RECORD","version":0,"data":{"name":',
        ' payload: {"type":"PARTITION_RECORD","version":',
        " SnapshotHeader {",
        " SnapshotFooter {",
    ):
        assert phrase in joined, phrase
    assert seen == {"TOPIC_RECORD", "FEATURE_LEVEL_RECORD"}


def test_readme_example_line(real_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A line shown in the README, written out in full."""
    path = real_data / GOLDEN_SAMPLES["offsets"]
    code, out, _err = dump(capsys, "--offsets-decoder", str(path))
    assert code == 0
    assert out[3] == (
        "| offset: 73 CreateTime: 1744370793132 keySize: 30 valueSize: -1 sequence: 1 headerKeys: [] "
        'key: {"type":"2","data":{"group":"adminServiceBecomingAnswer"}} payload: <DELETE>'
    )
    assert out[5] == (
        "| offset: 173 CreateTime: 1744737625326 keySize: 50 valueSize: 24 sequence: 0 headerKeys: [] "
        'key: {"type":"1","data":{"group":"adminServiceBecomingAnswer","topic":"jwtCheckAnswer",'
        '"partition":0}} payload: {"version":"3","data":{"offset":150,"leaderEpoch":-1,"metadata":"",'
        '"commitTimestamp":1744737625326}}'
    )


def test_decoder_applies_to_every_file_and_implies_print_data_log(
    real_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As in Kafka, the option is not tied to the topic: every file dumped is read with it, and the
    output is --deep-iteration's with the decoder's key and payload added to each record line
    (batch lines, summaries, index dumps unchanged)."""
    partition = real_data / "compacted-delete-horizon/kafka/data/__consumer_offsets-2"
    txn = real_data / GOLDEN_SAMPLES["transaction-log"]
    code, out, err = dump(capsys, "--offsets-decoder", str(partition), str(txn))
    _code, plain, plain_err = dump(capsys, "--deep-iteration", str(partition), str(txn))
    # Kafka's summaries as without the option, after one problem line per __transaction_state record.
    assert [line for line in err if not line.startswith("kafkaks: ")] == plain_err
    assert len([line for line in err if line.startswith(f"kafkaks: {txn}: ")]) == 4
    assert len(out) == len(plain)
    for got, text in zip(out, plain, strict=True):
        if not text.startswith("| offset: "):
            assert got == text
        else:
            assert got.startswith(text + " key: ")
    # The __transaction_state records read as __consumer_offsets ones: Kafka's inline error, no stop.
    txn_lines = [line for line in out[out.index(f"Dumping {txn}") :] if line.startswith("| offset: ")]
    assert txn_lines and all(" key: Error at offset " in line for line in txn_lines)
    assert code == 0


def test_first_decoder_option_wins(real_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """DumpLogSegmentsOptions.messageParser: offsets, then transaction log, then cluster metadata."""
    path = str(real_data / GOLDEN_SAMPLES["offsets"])
    _code, offsets, _err = dump(capsys, "--offsets-decoder", path)
    _code, both, _err = dump(capsys, "--cluster-metadata-decoder", "--offsets-decoder", path)
    _code, all_three, _err = dump(
        capsys, "--cluster-metadata-decoder", "--transaction-log-decoder", "--offsets-decoder", path
    )
    assert both == offsets == all_three
    txn = str(real_data / GOLDEN_SAMPLES["transaction-log"])
    _code, txn_only, _err = dump(capsys, "--transaction-log-decoder", txn)
    _code, txn_first, _err = dump(capsys, "--cluster-metadata-decoder", "--transaction-log-decoder", txn)
    assert txn_only == txn_first


# --- hand-made records: Kafka's DumpLogSegmentsTest expectations, errors and exit codes ----------------


def write_log(directory: Path, records: list[tuple[bytes | None, bytes | None]]) -> Path:
    """One batch, records at offsets 0.., timestamps 1000 + offset."""
    directory.mkdir(parents=True, exist_ok=True)
    builder = DefaultRecordBatchBuilder(2, 0, False, -1, -1, -1, 1 << 20)
    for offset, (key, value) in enumerate(records):
        builder.append(offset, 1000 + offset, key, value, [])
    path = directory / "00000000000000000000.log"
    path.write_bytes(bytes(builder.build()))
    return path


def metadata_prefix(offset: int, key: bytes | None, value: bytes | None) -> str:
    return (
        f"| offset: {offset} CreateTime: {1000 + offset} keySize: {-1 if key is None else len(key)} "
        f"valueSize: {-1 if value is None else len(value)} sequence: -1 headerKeys: []"
    )


# DumpLogSegmentsTest.testOffsetsMessageParser (Kafka 3.9): the key and payload strings it expects.
KAFKA_GROUP_KEY = '{"type":"2","data":{"group":"group"}}'
KAFKA_GROUP_VALUE = (
    '{"version":"4","data":{"protocolType":"consumer","generation":10,"protocol":"range",'
    '"leader":"member","currentStateTimestamp":-1,"members":[{"memberId":"member",'
    '"groupInstanceId":"instance","clientId":"client","clientHost":"host",'
    '"rebalanceTimeout":1000,"sessionTimeout":100,"subscription":{"topics":["foo"],'
    '"userData":null,"ownedPartitions":[{"topic":"foo","partitions":[0]}],'
    '"generationId":0,"rackId":"rack"},"assignment":{"assignedPartitions":'
    '[{"topic":"foo","partitions":[0]}],"userData":null}}]}}'
)
KAFKA_MALFORMED_GROUP_VALUE = (
    '{"version":"4","data":{"protocolType":"consumer","generation":10,"protocol":"range",'
    '"leader":"member","currentStateTimestamp":-1,"members":[{"memberId":"member",'
    '"groupInstanceId":"instance","clientId":"client","clientHost":"host",'
    '"rebalanceTimeout":1000,"sessionTimeout":100,"subscription":"U3Vic2NyaXB0aW9u",'
    '"assignment":"QXNzaWdubWVudA=="}]}}'
)
# CoordinatorRecordMessageParser (Kafka 4.3), for every coordinator's decoder.
KAFKA_MISSING_KEY = (
    "Failed to decode message at offset {} using the specified decoder (message had a missing key)"
)

OFFSETS_RECORDS: list[tuple[bytes | None, bytes | None]] = [
    (GROUP_KEY, group_metadata_v4(SUBSCRIPTION_V3, ASSIGNMENT_V3)),
    (None, None),  # Kafka throws here
    (GROUP_KEY, group_metadata_v4(b"Subscription", b"Assignment")),
    (struct.pack(">h", 32767) + s16("group"), struct.pack(">hi", 0, 10)),
    (OFFSET_KEY, None),
    (OFFSET_KEY, struct.pack(">h", 7) + bytes(30)),
]


def test_kafka_offsets_decoder_expectations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_log(tmp_path / "logs", OFFSETS_RECORDS)
    code, out, err = dump(capsys, "--offsets-decoder", str(path))
    m = [metadata_prefix(offset, key, value) for offset, (key, value) in enumerate(OFFSETS_RECORDS)]
    assert out[3:] == [
        f"{m[0]} key: {KAFKA_GROUP_KEY} payload: {KAFKA_GROUP_VALUE}",
        m[1],  # Kafka prints the metadata, then throws; kafkaks goes on
        f"{m[2]} key: {KAFKA_GROUP_KEY} payload: {KAFKA_MALFORMED_GROUP_VALUE}",
        f"{m[3]} key: Unknown record type 32767 at offset 3, skipping.",
        f'{m[4]} key: {{"type":"1","data":{{"group":"g","topic":"t","partition":3}}}} payload: <DELETE>',
        # CoordinatorRecordSerde (Kafka 4.3) checks the version before it reads
        f"{m[5]} key: Error at offset 5, skipping. Found an unknown record version 7 for 1 type",
    ]
    assert err == [
        f"kafkaks: {path}: position 0, offset 1: {KAFKA_MISSING_KEY.format(1)}",
        f"kafkaks: {path}: position 0, offset 3: __consumer_offsets decoder: "
        "Found an unknown record type 32767",
        f"kafkaks: {path}: position 0, offset 5: __consumer_offsets decoder: "
        "Found an unknown record version 7 for 1 type",
    ]
    assert code == 1  # the missing key, where Kafka's run stops


def test_offsets_without_the_missing_key_exit_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Problems Kafka prints inline (unknown type or version) are reported but are not corruption."""
    records = [r for r in OFFSETS_RECORDS if r[0] is not None]
    path = write_log(tmp_path / "logs", records)
    code, _out, err = dump(capsys, "--offsets-decoder", str(path))
    assert code == 0 and len(err) == 2


def test_offsets_decoder_with_skip_record_metadata(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_log(tmp_path / "logs", OFFSETS_RECORDS[:2])
    code, out, _err = dump(capsys, "--offsets-decoder", "--skip-record-metadata", str(path))
    assert out[3:] == [f"| key: {KAFKA_GROUP_KEY} payload: {KAFKA_GROUP_VALUE}", ""]
    assert code == 1


def txn_key(transactional_id: str) -> bytes:
    return struct.pack(">h", 0) + s16(transactional_id)


def txn_value(version: int, status: int) -> bytes:
    return (
        struct.pack(">hqhib", version, 7, 1, 60000, status) + struct.pack(">i", 0) + struct.pack(">qq", 5, 4)
    )


def test_transaction_log_decoder_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Kafka 4.3's transaction log parser is a coordinator record parser: an unknown record type
    or value version is printed in the key's place (and reported), a state outside the known ones
    is just a number; only a record without a key stops Kafka's run."""
    records: list[tuple[bytes | None, bytes | None]] = [
        (txn_key("a"), txn_value(0, 4)),
        (struct.pack(">h", 3) + s16("a"), None),
        (txn_key("b"), txn_value(9, 0)),
        (txn_key("c"), txn_value(0, 42)),
        (txn_key("d"), None),
        (None, txn_value(0, 4)),
    ]
    path = write_log(tmp_path / "logs", records)
    code, out, err = dump(capsys, "--transaction-log-decoder", str(path))
    m = [metadata_prefix(offset, key, value) for offset, (key, value) in enumerate(records)]
    value = (
        '{"version":"0","data":{"producerId":7,"producerEpoch":1,"transactionTimeoutMs":60000,'
        '"transactionStatus":%d,"transactionPartitions":[],"transactionLastUpdateTimestampMs":5,'
        '"transactionStartTimestampMs":4}}'
    )
    assert out[3:] == [
        f'{m[0]} key: {{"type":"0","data":{{"transactionalId":"a"}}}} payload: {value % 4}',
        f"{m[1]} key: Unknown record type 3 at offset 1, skipping.",
        f"{m[2]} key: Error at offset 2, skipping. Found an unknown record version 9 for 0 type",
        f'{m[3]} key: {{"type":"0","data":{{"transactionalId":"c"}}}} payload: {value % 42}',
        f'{m[4]} key: {{"type":"0","data":{{"transactionalId":"d"}}}} payload: <DELETE>',
        m[5],  # Kafka prints the metadata, then throws; kafkaks goes on
    ]
    assert [line.split(": ", 4)[2:4] for line in err] == [
        ["position 0, offset 1", "__transaction_state decoder"],
        ["position 0, offset 2", "__transaction_state decoder"],
        ["position 0, offset 5", KAFKA_MISSING_KEY.format(5)],
    ]
    assert code == 1
    # Without the record Kafka would stop on, the run is clean.
    path = write_log(tmp_path / "clean", records[:5])
    code, _out, err = dump(capsys, "--transaction-log-decoder", str(path))
    assert code == 0 and len(err) == 2  # the unknown type and version, as information


def metadata_record(api_key: int, version: int, body: bytes) -> bytes:
    return uvarint(1) + uvarint(api_key) + uvarint(version) + body


def test_cluster_metadata_decoder_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """DumpLogSegmentsTest.testDumpMetadataRecords' bogus record (two varints of 10000): Kafka
    prints 'Error at N, skipping.' (no 'offset') and goes on; not corruption."""
    topic = metadata_record(2, 0, uvarint(2) + b"t" + bytes(range(16)) + b"\x00")
    records: list[tuple[bytes | None, bytes | None]] = [
        (None, topic),
        (None, uvarint(10000) + uvarint(10000)),
        (None, topic),
    ]
    path = write_log(tmp_path / "logs", records)
    code, out, err = dump(capsys, "--cluster-metadata-decoder", str(path))
    m = [metadata_prefix(offset, key, value) for offset, (key, value) in enumerate(records)]
    topic_json = '{"type":"TOPIC_RECORD","version":0,"data":{"name":"t","topicId":"AAECAwQFBgcICQoLDA0ODw"}}'
    assert out[3] == f"{m[0]} payload: {topic_json}"
    assert out[4].startswith(f"{m[1]} payload: Error at 1, skipping. ")
    assert out[5] == f"{m[2]} payload: {topic_json}"
    assert len(err) == 1 and err[0].startswith(
        f"kafkaks: {path}: position 0, offset 1: __cluster_metadata decoder: "
    )
    assert code == 0


def test_text_mode_decodes_only_with_an_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Kafka's text output is unchanged for internal topics without a decoder option."""
    records: list[tuple[bytes | None, bytes | None]] = [(OFFSET_KEY, None), (None, None)]
    path = write_log(tmp_path / "__consumer_offsets-0", records)
    code, out, err = dump(capsys, "--print-data-log", str(path))
    assert (code, err) == (0, [])
    assert out[3:] == [
        metadata_prefix(0, OFFSET_KEY, None) + " key: " + OFFSET_KEY.decode(),
        metadata_prefix(1, None, None),
    ]


def test_unsupported_decoders_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for option in ("--key-decoder-class", "--value-decoder-class"):  # Java classes: see --key-decoder
        assert main(["dump", option, "x.log"]) == 2
        assert "unrecognized arguments" in capsys.readouterr().err


# --- --json -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "info"), INTERNAL_LOGS)
def test_json_decodes_internal_topics_without_an_option(
    path: Path, info: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """Every record of an internal topic (and of a .checkpoint) carries the same data as the text
    decoders, from the independent readers; control records carry null."""
    kind = kind_of(path)
    assert kind is not None
    code, objects, err = dump_json(capsys, str(path))
    assert (code, err) == (0, "")
    records = [o for o in objects if o["type"] == "record"]
    raw = list(raw_records(path))
    assert len(records) == len(raw)
    assert not [o for o in objects if o["type"] == "problem"]
    for obj, record in zip(records, raw, strict=True):
        assert obj["offset"] == record.offset
        if record.control:
            assert obj["decoded"] is None
            continue
        expected = expected_of(kind, record, set())
        assert obj["decoded"] == {
            "kind": kind,
            "key": expected.key_json,
            "value": expected.value_json,
            "tombstone": record.value is None,
            "problem": None,
        }
    # ... and the same objects with the decoder option.
    _code, forced, _err = dump_json(capsys, FLAGS[kind], str(path))
    assert forced == objects


def test_json_other_topics_have_no_decoded_key(real_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = real_data / "gzip-headers-epochs/data/lsx1-0/00000000000000000000.log"
    code, objects, _err = dump_json(capsys, str(path))
    records = [o for o in objects if o["type"] == "record"]
    assert code == 0 and records and all("decoded" not in o for o in records)


def test_json_decoder_option_on_any_topic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With an option every record is decoded; problems are objects after their record, corrupt only
    where Kafka's decoder throws (the missing key), which fails the run."""
    path = write_log(tmp_path / "orders-0", OFFSETS_RECORDS)
    code, objects, err = dump_json(capsys, "--offsets-decoder", str(path))
    assert err == ""
    records = [o for o in objects if o["type"] == "record"]
    assert [o["decoded"]["kind"] for o in records] == ["offsets"] * len(OFFSETS_RECORDS)
    assert records[0]["decoded"]["key"] == json.loads(KAFKA_GROUP_KEY)
    assert records[0]["decoded"]["value"] == json.loads(KAFKA_GROUP_VALUE)
    assert records[2]["decoded"]["value"] == json.loads(KAFKA_MALFORMED_GROUP_VALUE)
    assert records[4]["decoded"] == {
        "kind": "offsets",
        "key": {"type": "1", "data": {"group": "g", "topic": "t", "partition": 3}},
        "value": None,
        "tombstone": True,
        "problem": None,
    }
    problems = [o for o in objects if o["type"] == "problem"]
    assert [(p["kind"], p["offset"], p["position"], p["corrupt"]) for p in problems] == [
        ("undecodable_internal_record", 1, 0, True),
        ("undecodable_internal_record", 3, 0, False),
        ("undecodable_internal_record", 5, 0, False),
    ]
    assert problems[0]["message"] == KAFKA_MISSING_KEY.format(1)
    assert records[1]["decoded"]["problem"] == "missing key"
    # Each problem follows its record.
    order = [(o["type"], o.get("offset")) for o in objects if o["type"] in ("record", "problem")]
    assert order.index(("problem", 1)) == order.index(("record", 1)) + 1
    assert code == 1


def test_json_automatic_decoding_never_fails_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without an option the decoding is additive: the same problems, none of them corruption."""
    path = write_log(tmp_path / "__consumer_offsets-0", OFFSETS_RECORDS)
    code, objects, _err = dump_json(capsys, str(path))
    problems = [(p["offset"], p["corrupt"]) for p in objects if p["type"] == "problem"]
    assert problems == [(1, False), (3, False), (5, False)]
    assert all(o["decoded"]["kind"] == "offsets" for o in objects if o["type"] == "record")
    assert code == 0


def test_json_bootstrap_checkpoint_is_cluster_metadata(
    real_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """bootstrap.checkpoint sits in the log dir, not in a partition directory: its suffix says it."""
    path = real_data / GOLDEN_SAMPLES["bootstrap-checkpoint"]
    code, objects, _err = dump_json(capsys, str(path))
    decoded = [o["decoded"] for o in objects if o["type"] == "record" and o["decoded"] is not None]
    assert code == 0 and decoded
    assert {d["value"]["type"] for d in decoded} >= {"FEATURE_LEVEL_RECORD"}
