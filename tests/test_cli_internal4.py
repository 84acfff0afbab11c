"""``kafkaks dump`` on Kafka 4.x internal topics: ``--offsets-decoder`` on the records of consumer,
share and streams groups, ``--share-group-state-decoder``, ``--remote-log-metadata-decoder``, and
``--json`` on their partition directories. Fixtures and the values encoded in them: see
tests/test_internal4.py."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path
from typing import Any

import pytest
from kafka.record.memory_records import MemoryRecordsBuilder

from kafkaks.cli.main import main

FIXTURES = Path(__file__).parent / "fixtures" / "internal4"
EXPECTED: dict[str, Any] = json.loads((FIXTURES / "expected.json").read_text())
LINE = re.compile(r"^\| offset: (\d+) .*? headerKeys: \[\](?: key: (.*?))?(?: payload: (.*))?$")


def segment(partition: str) -> str:
    return str(FIXTURES / partition / "00000000000000000000.log")


def dump(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main(["dump", *args])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


@pytest.mark.parametrize(
    ("option", "partition"),
    [
        ("--offsets-decoder", "__consumer_offsets-0"),
        ("--share-group-state-decoder", "__share_group_state-0"),
        ("--transaction-log-decoder", "__transaction_state-0"),
    ],
)
def test_coordinator_decoders_print_kafkas_json(
    capsys: pytest.CaptureFixture[str], option: str, partition: str
) -> None:
    """Kafka 4.3's CoordinatorRecordMessageParser: key and value JSON, <DELETE>, and its texts in
    place of the key for the records of unknown types and versions (also reported on stderr)."""
    code, out, err = dump(capsys, option, "--files", segment(partition))
    expected = EXPECTED["partitions"][partition]
    assert code == 0 and len(err.splitlines()) == sum("dump" in e for e in expected)
    lines = [m for m in map(LINE.match, out) if m]
    assert len(lines) == len(expected)
    for m, e in zip(lines, expected, strict=True):
        assert int(m[1]) == e["offset"]
        if "dump" in e:
            assert (m[2], m[3]) == (e["dump"], None)
            continue
        assert json.loads(m[2]) == e["key"]
        if e["value"] is None:
            assert m[3] == "<DELETE>"
        else:
            assert json.loads(m[3]) == e["value"]
            # Jackson's compact form: no spaces, "type" and "version" as strings
            assert m[3].startswith('{"version":"') and ": " not in m[3][:30]


# kafka-dump-log 4.3's text of four fixture records: the toString() of the objects
# RemoteLogMetadataSerde builds (RemoteLogSegmentMetadata: leader epochs in a TreeMap, state by id,
# Optional<CustomMetadata>; txnIdxEmpty false when the tag is absent), checked by hand against
# expected.json and Kafka 4.3.1's storage/api sources.
REMOTE_TEXTS = {
    1: "RemoteLogSegmentMetadata{remoteLogSegmentId=RemoteLogSegmentId{topicIdPartition="
    "jcmIamLTGp3l2s-5dNndZw:--1, id=qCyVgbhTpwG_rdFEzfibUw}, startOffset=327, endOffset=1036, brokerId=0, "
    "maxTimestampMs=-1, eventTimestampMs=-9223372036854775808, segmentLeaderEpochs={1=-9223372036854775808}, "
    "segmentSizeInBytes=-1, customMetadata=Optional[CustomMetadata{9 bytes}], state=DELETE_SEGMENT_STARTED, "
    "txnIdxEmpty=false}",
    9: "RemoteLogSegmentMetadataUpdate{remoteLogSegmentId=RemoteLogSegmentId{topicIdPartition="
    "luLrL5xMUz8TBUk-Rl6Amw:group-\u00e9\u4e2d-2147483647, id=6W2pXcKHU2r_uwtHxjsYfQ}, "
    "customMetadata=Optional.empty, state=COPY_SEGMENT_FINISHED, eventTimestampMs=-1456087772011385751, "
    "brokerId=-2147483648}",
    13: "RemotePartitionDeleteMetadata{topicPartition=I75gvVlTIxd53zt25owkgw:group-\u00e9\u4e2d-2147483647, "
    "state=DELETE_PARTITION_STARTED, eventTimestampMs=-550551672093408741, brokerId=-2147483648}",
    19: "RemoteLogSegmentMetadataSnapshot{segmentId=Eqhf6hjbUrjs-9_YIkaP5g, startOffset=508, endOffset=1859, "
    "maxTimestampMs=-1, segmentLeaderEpochs={0=-9223372036854775808, 2=-6043202045417287208}, "
    "segmentSizeInBytes=-1, customMetadata=Optional[CustomMetadata{2 bytes}], state=DELETE_SEGMENT_STARTED, "
    "txnIdxEmpty=false}",
}


def test_remote_log_metadata_decoder_prints_kafkas_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = dump(
        capsys, "--remote-log-metadata-decoder", "--files", segment("__remote_log_metadata-0")
    )
    assert code == 0 and "Unknown metadata id" in err
    payloads = {int(m[1]): m[3] for m in map(LINE.match, out) if m}
    assert len(payloads) == len(EXPECTED["partitions"]["__remote_log_metadata-0"])
    for offset, text in REMOTE_TEXTS.items():
        assert payloads[offset] == text
    # Records Kafka's constructors refuse (the encoder's values of any kind) print its message.
    errors = [p for p in payloads.values() if p.startswith("Error at offset")]
    assert errors and all(
        re.search(
            r"skipping\. (state can not|Unexpected (start|end) offset|segmentLeaderEpochs can not|null$"
            r"|org.apache.kafka.common.errors.UnsupportedVersionException: Unknown metadata id)",
            p,
        )
        for p in errors
    )


@pytest.mark.parametrize("partition", sorted(EXPECTED["partitions"]))
def test_json_decodes_the_new_internal_topics(capsys: pytest.CaptureFixture[str], partition: str) -> None:
    code = main(["dump", "--json", "--files", segment(partition)])
    out = capsys.readouterr().out
    assert code == 0
    records = [o for o in map(json.loads, out.splitlines()) if o["type"] == "record"]
    expected = EXPECTED["partitions"][partition]
    assert len(records) == len(expected)
    read = [(r, e) for r, e in zip(records, expected, strict=True) if "dump" not in e]
    assert [r["decoded"]["key"] for r, _ in read] == [e["key"] for _, e in read]
    assert [r["decoded"]["value"] for r, _ in read] == [e["value"] for _, e in read]
    # a type or version Kafka 4.3.1 does not know: no value, and the problem in Kafka's words
    for r, e in zip(records, expected, strict=True):
        if "dump" in e:
            problem = r["decoded"]["problem"]
            assert r["decoded"]["value"] is None
            assert problem in e["dump"] or problem.replace("Found an u", "U") in e["dump"]


def test_share_group_state_decoder_reports_a_missing_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    builder = MemoryRecordsBuilder(magic=2, compression_type=0, batch_size=1 << 16, offset=0)
    builder.append(0, None, struct.pack(">h", 0))
    builder.append(1, struct.pack(">h", 9) + b"\x00\x01g", struct.pack(">h", 0))
    builder.close()
    log = tmp_path / "__share_group_state-3" / "00000000000000000000.log"
    log.parent.mkdir()
    log.write_bytes(bytes(builder.buffer()))
    code, out, err = dump(capsys, "--share-group-state-decoder", "--files", str(log))
    assert code == 1  # Kafka's parser throws on a record without a key
    assert "message had a missing key" in err
    assert any(line.endswith("key: Unknown record type 9 at offset 1, skipping.") for line in out)


def test_key_and_value_decoders_print_what_the_functions_return(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mydecoders.py").write_text(
        "def key_hex(b):\n    return b.hex()\n\ndef value_len(b):\n    return f'{len(b)} bytes'\n"
    )
    monkeypatch.chdir(tmp_path)  # the module is found in the current directory
    builder = MemoryRecordsBuilder(magic=2, compression_type=0, batch_size=1 << 16, offset=0)
    builder.append(0, b"\x01\xff", b"abc")
    builder.append(1, None, b"\x00")
    builder.append(2, b"k", None)
    builder.close()
    log = tmp_path / "t-0" / "00000000000000000000.log"
    log.parent.mkdir()
    log.write_bytes(bytes(builder.buffer()))
    code, out, err = dump(
        capsys,
        "--key-decoder",
        "mydecoders:key_hex",
        "--value-decoder",
        "mydecoders:value_len",
        "--files",
        str(log),
    )
    assert (code, err) == (0, "")
    tails = [line.split("headerKeys: []", 1)[1] for line in out if line.startswith("| offset:")]
    assert tails == [" key: 01ff payload: 3 bytes", " payload: 1 bytes", " key: 6b"]
    # Only a key decoder: values print as UTF-8 text (Kafka's default StringDecoder).
    code, out, _ = dump(capsys, "--key-decoder", "mydecoders:key_hex", "--files", str(log))
    assert out[3].endswith(" key: 01ff payload: abc")


@pytest.mark.parametrize("spec", ["nocolon", "no_such_module_x:f", "json:no_such_function"])
def test_a_decoder_that_cannot_be_loaded_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], spec: str
) -> None:
    assert main(["dump", "--key-decoder", spec, "x.log"]) == 2
    assert "--key-decoder" in capsys.readouterr().err
