"""The specs work in the Kaitai Web IDE: JavaScript parsers agree with the Python ones, field by field.

The Web IDE compiles .ksy files with the same compiler (kaitai-struct-compiler 0.11.0) and parses
with the kaitai-struct JavaScript runtime. Here every spec is compiled to JavaScript, the real files
are parsed under node by tools/kaitai_dump.js, and the resulting tree (every seq field and every
instance, recursively) must equal the tree of the generated Python parser. Integers are compared
where |v| < 2^53 only: JavaScript numbers lose precision above, so larger ones are counted as
skipped. Files over 256 KiB are compared on a prefix of whole entries; their entry count is still
checked on the whole file, in JavaScript.

What the IDE shows is checked too: the specs compiled in debug mode, tools/webide_ranges.js
rebuilds the IDE's tree and hex-view ranges for every real file (no byte outside a leaf, no seq
field hidden by an earlier range, as a look-ahead would cause) and its `-webide-representation`
summaries, which must match kafkaks's own reading of the batches.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
from collections import Counter
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from conftest import REAL_DATA, ROOT, file_kind, real_params, verified_files
from kafkaks.generated import (
    kafka_cluster_metadata_log,
    kafka_consumer_offsets_key,
    kafka_consumer_offsets_log,
    kafka_group_metadata_value,
    kafka_log,
    kafka_metadata_record,
    kafka_offset_commit_value,
    kafka_offset_index,
    kafka_producer_snapshot,
    kafka_time_index,
    kafka_transaction_log_key,
    kafka_transaction_log_value,
    kafka_transaction_state_log,
    kafka_txn_index,
    kafka_unsigned_varint,
    kafka_varint,
)
from kaitaistruct import KaitaiStream, KaitaiStruct

from kafkaks import read_log

NODE = shutil.which("node")
NODE_MODULES = ROOT / "node_modules"
DUMP = ROOT / "tools" / "kaitai_dump.js"

PY_TOP: dict[str, type[KaitaiStruct]] = {
    "KafkaLog": kafka_log.KafkaLog,
    "KafkaOffsetIndex": kafka_offset_index.KafkaOffsetIndex,
    "KafkaTimeIndex": kafka_time_index.KafkaTimeIndex,
    "KafkaProducerSnapshot": kafka_producer_snapshot.KafkaProducerSnapshot,
    "KafkaTxnIndex": kafka_txn_index.KafkaTxnIndex,
    "KafkaVarint": kafka_varint.KafkaVarint,
    "KafkaUnsignedVarint": kafka_unsigned_varint.KafkaUnsignedVarint,
    "KafkaConsumerOffsetsKey": kafka_consumer_offsets_key.KafkaConsumerOffsetsKey,
    "KafkaOffsetCommitValue": kafka_offset_commit_value.KafkaOffsetCommitValue,
    "KafkaGroupMetadataValue": kafka_group_metadata_value.KafkaGroupMetadataValue,
    "KafkaTransactionLogKey": kafka_transaction_log_key.KafkaTransactionLogKey,
    "KafkaTransactionLogValue": kafka_transaction_log_value.KafkaTransactionLogValue,
    "KafkaMetadataRecord": kafka_metadata_record.KafkaMetadataRecord,
    "KafkaConsumerOffsetsLog": kafka_consumer_offsets_log.KafkaConsumerOffsetsLog,
    "KafkaTransactionStateLog": kafka_transaction_state_log.KafkaTransactionStateLog,
    "KafkaClusterMetadataLog": kafka_cluster_metadata_log.KafkaClusterMetadataLog,
}
TOP_OF_KIND = {
    "log": "KafkaLog",
    "checkpoint": "KafkaLog",
    "bin": "KafkaLog",
    "index": "KafkaOffsetIndex",
    "timeindex": "KafkaTimeIndex",
    "snapshot": "KafkaProducerSnapshot",
    "txnindex": "KafkaTxnIndex",
}
LOG_KINDS = ("log", "checkpoint", "bin")
ENTRY_SIZE = {"index": 8, "timeindex": 12, "txnindex": 34}
PREFIX_LIMIT = 256 * 1024
EXACT_LIMIT = 2**53


# --- the Python side: the same tree shape as tools/kaitai_dump.js -------------------------------------


def js_name(name: str) -> str:
    """The compiler's JavaScript name of a field: lower camel case (`value_unsigned` -> `valueUnsigned`)."""
    first, *rest = name.split("_")
    return first + "".join(part[:1].upper() + part[1:] for part in rest)


def py_tree(value: Any) -> Any:
    """JSON-like tree of a generated Python object; None stands for an absent field."""
    if value is None:
        return None
    if isinstance(value, bool | str | float):
        return value
    if isinstance(value, int):  # also IntEnum: enums dump as their integer value
        return int(value)
    if isinstance(value, bytes | bytearray):
        return {"hex": bytes(value).hex()}
    if isinstance(value, list):
        return [py_tree(item) for item in value]
    if isinstance(value, KaitaiStruct):
        out: dict[str, Any] = {}
        for name, field in list(vars(value).items()):
            if not name.startswith("_"):
                dumped = py_tree(field)
                if dumped is not None:
                    out[js_name(name)] = dumped
        for name, attr in vars(type(value)).items():
            if name.startswith("_") or not isinstance(attr, property):
                continue
            try:
                dumped = py_tree(getattr(value, name))
            except Exception as err:
                dumped = {"error": f"{type(err).__name__}: {err}"}
            if dumped is not None:
                out[js_name(name)] = dumped
        return out
    return {"unsupported": type(value).__name__}


def py_parse(top: str, data: bytes) -> Any:
    try:
        return py_tree(PY_TOP[top](KaitaiStream(BytesIO(data))))
    except Exception as err:
        return {"error": f"{type(err).__name__}: {err}"}


# --- comparison --------------------------------------------------------------------------------------


def is_error(tree: Any) -> bool:
    return isinstance(tree, dict) and set(tree) == {"error"}


def compare(py: Any, js: Any, path: str, stats: Counter[str], diffs: list[str]) -> None:
    """Walks both trees; appends one line per difference to diffs (up to 10) and counts leaves."""
    if len(diffs) >= 10:
        return
    if is_error(py) or is_error(js):
        if is_error(py) and is_error(js):
            stats["errors on both sides"] += 1
        else:
            diffs.append(f"{path}: python {short(py)} != javascript {short(js)}")
        return
    if isinstance(py, bool) or isinstance(js, bool):
        if type(py) is not type(js) or py != js:
            diffs.append(f"{path}: python {py!r} != javascript {js!r}")
        else:
            stats["compared"] += 1
        return
    if isinstance(py, int) and isinstance(js, int | float):
        if abs(py) >= EXACT_LIMIT:
            stats["skipped (|v| >= 2^53)"] += 1
        elif not isinstance(js, int) or js != py:
            diffs.append(f"{path}: python {py!r} != javascript {js!r}")
        else:
            stats["compared"] += 1
        return
    if isinstance(py, dict) and isinstance(js, dict):
        for key in sorted(set(py) | set(js)):
            if key not in py or key not in js:
                side = "javascript only" if key not in py else "python only"
                diffs.append(f"{path}.{key}: {side}: {short(js.get(key, py.get(key)))}")
            else:
                compare(py[key], js[key], f"{path}.{key}", stats, diffs)
        return
    if isinstance(py, list) and isinstance(js, list):
        if len(py) != len(js):
            diffs.append(f"{path}: python has {len(py)} items, javascript {len(js)}")
        for i, (p, j) in enumerate(zip(py, js, strict=False)):
            compare(p, j, f"{path}[{i}]", stats, diffs)
        return
    if type(py) is not type(js) or py != js:
        diffs.append(f"{path}: python {short(py)} != javascript {short(js)}")
    else:
        stats["compared"] += 1


def short(tree: Any) -> str:
    text = json.dumps(tree)
    return text if len(text) <= 200 else text[:200] + "..."


def assert_same(py: Any, js: Any, what: str) -> Counter[str]:
    stats: Counter[str] = Counter()
    diffs: list[str] = []
    compare(py, js, "$", stats, diffs)
    assert not diffs, f"{what}: JavaScript and Python parsers differ:\n  " + "\n  ".join(diffs)
    return stats


# --- the JavaScript side -----------------------------------------------------------------------------


def node_env() -> dict[str, str]:
    env = dict(os.environ)
    env["NODE_PATH"] = os.pathsep.join(p for p in (str(NODE_MODULES), env.get("NODE_PATH", "")) if p)
    return env


def js_dump(js_dir: Path, top: str, files: list[Path], max_depth: int | None = None) -> list[Any]:
    """One tree per file, from one node process."""
    if not files:
        return []
    depth = [] if max_depth is None else ["--max-depth", str(max_depth)]
    cmd = [str(NODE), str(DUMP), *depth, str(js_dir), top, *map(str, files)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=node_env(), check=False)
    assert done.returncode == 0, f"{' '.join(cmd[:5])} ... failed:\n{done.stderr}"
    lines = done.stdout.splitlines()
    assert len(lines) == len(files), done.stderr
    return [json.loads(line) for line in lines]


@pytest.fixture(scope="session")
def js_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every formats/*.ksy compiled to JavaScript, as the Web IDE does."""
    if NODE is None:
        pytest.skip("node not found: the JavaScript parsers cannot be built (install Node.js 18+)")
    for package in ("kaitai-struct-compiler", "kaitai-struct", "js-yaml"):
        if not (NODE_MODULES / package).is_dir():
            pytest.skip(f"{NODE_MODULES / package} missing: run `npm ci` (or `make test`)")
    out = tmp_path_factory.mktemp("webide-js")
    specs = sorted(str(p) for p in (ROOT / "formats").glob("*.ksy"))
    done = subprocess.run(
        [NODE, str(ROOT / "tools" / "ksc.js"), "javascript", str(out), *specs],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"compiling the specs to JavaScript failed:\n{done.stderr}"
    missing = [top for top in PY_TOP if not (out / f"{top}.js").is_file()]
    assert not missing, f"no JavaScript module for {missing}"
    return out


def compared_bytes(path: Path, kind: str) -> bytes:
    """The file, or for a file over PREFIX_LIMIT its longest prefix of whole entries within it."""
    data = path.read_bytes()
    if len(data) <= PREFIX_LIMIT:
        return data
    if kind in LOG_KINDS:
        end = 0
        while end + 12 <= len(data):
            (length,) = struct.unpack_from(">i", data, end + 8)
            if length < 14 or end + 12 + length > PREFIX_LIMIT:
                break
            end += 12 + length
        assert end > 0, f"{path}: first entry larger than {PREFIX_LIMIT} bytes"
        return data[:end]
    if kind in ENTRY_SIZE:
        return data[: PREFIX_LIMIT - PREFIX_LIMIT % ENTRY_SIZE[kind]]
    return data  # a producer snapshot cannot be cut (its entry count comes first); they are small


class RealTrees:
    """JavaScript trees of every real file (or its prefix), made in one node process per top type."""

    def __init__(self, js_dir: Path, work: Path) -> None:
        self.data: dict[Path, bytes] = {}
        self.trees: dict[Path, Any] = {}
        self.whole: dict[Path, Any] = {}  # the whole file to depth 3, for files compared on a prefix
        inputs: dict[str, list[tuple[Path, Path]]] = {}
        whole: dict[str, list[Path]] = {}
        for n, (path, _info) in enumerate(verified_files()):
            kind = file_kind(path)
            if kind not in TOP_OF_KIND:
                continue
            data = compared_bytes(path, kind)
            self.data[path] = data
            source = path
            if len(data) != path.stat().st_size:
                source = work / f"{n}-{path.name}"
                source.write_bytes(data)
                whole.setdefault(TOP_OF_KIND[kind], []).append(path)
            inputs.setdefault(TOP_OF_KIND[kind], []).append((path, source))
        for top, pairs in inputs.items():
            for (path, _), tree in zip(pairs, js_dump(js_dir, top, [s for _, s in pairs]), strict=True):
                self.trees[path] = tree
        for top, paths in whole.items():
            for path, tree in zip(paths, js_dump(js_dir, top, paths, max_depth=3), strict=True):
                self.whole[path] = tree


@pytest.fixture(scope="session")
def real_trees(js_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> RealTrees:
    return RealTrees(js_dir, tmp_path_factory.mktemp("webide-prefixes"))


def num_items(tree: Any, name: str) -> int:
    """Length of an array field of a top-level tree, whether dumped in full or as {"length": n}."""
    value = tree.get(name, [])
    return value["length"] if isinstance(value, dict) else len(value)


@pytest.mark.parametrize(("path", "info"), real_params(*TOP_OF_KIND))
def test_javascript_parse_equals_python(path: Path, info: dict[str, Any], real_trees: RealTrees) -> None:
    kind = file_kind(path)
    top = TOP_OF_KIND[kind]
    js = real_trees.trees[path]
    py = py_parse(top, real_trees.data[path])
    what = f"{path.relative_to(REAL_DATA)} ({top}, {len(real_trees.data[path])} bytes)"
    assert not is_error(js), f"{what}: JavaScript parse failed: {js['error']}"
    stats = assert_same(py, js, what)
    assert stats["compared"] > 0

    whole = real_trees.whole.get(path, js)
    if kind in LOG_KINDS:
        trailing = info["trailing_bytes"]
        # The inspector counts a partial last entry once its 12-byte header is readable;
        # kafka_log leaves those bytes in the `leftover` of a last entry that is not complete.
        entries = whole.get("entries", [])
        complete = [e for e in entries if e["isComplete"]]
        assert len(complete) == info["entries"] - (1 if trailing >= 12 else 0)
        assert len(entries) == len(complete) + (1 if trailing else 0)
        assert (len(entries[-1]["leftover"]["hex"]) // 2 if len(entries) > len(complete) else 0) == trailing
    elif kind == "txnindex":
        assert num_items(whole, "entries") == info["entries"]
    elif kind in ENTRY_SIZE:
        # Up to the first unused slot; the other unused slots are the `leftover` tail.
        unused = len(whole["leftover"]["hex"]) // 2 // ENTRY_SIZE[kind]
        assert num_items(whole, "entries") + unused == info["entries"]
    elif kind == "snapshot":
        assert whole["numEntries"] == num_items(whole, "entries") == info["entries"]


# --- what the Web IDE shows: every byte in one leaf of the tree, in file order ----------------------

RANGES = ROOT / "tools" / "webide_ranges.js"


@pytest.fixture(scope="session")
def debug_js_dir(js_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every formats/*.ksy compiled to JavaScript in debug mode, as the Web IDE does for its views."""
    out = tmp_path_factory.mktemp("webide-debug-js")
    specs = sorted(str(p) for p in (ROOT / "formats").glob("*.ksy"))
    done = subprocess.run(
        [NODE, str(ROOT / "tools" / "ksc.js"), "--debug", "javascript", str(out), *specs],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"compiling the specs to debug JavaScript failed:\n{done.stderr}"
    return out


def ide_ranges(debug_js_dir: Path, top: str, files: list[Path]) -> list[dict[str, Any]]:
    """tools/webide_ranges.js: the gaps and hidden seq fields of the IDE's hex view, per file."""
    cmd = [str(NODE), str(RANGES), str(debug_js_dir), str(ROOT / "formats"), top, *map(str, files)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=node_env(), check=False)
    assert done.returncode == 0, f"{' '.join(cmd[:5])} ... failed:\n{done.stderr}"
    # split on "\n" only: str.splitlines would also split inside strings (at U+0085, U+2028, ...)
    return [json.loads(line) for line in done.stdout.split("\n")[:-1]]


@pytest.fixture(scope="session")
def real_ranges(debug_js_dir: Path) -> dict[Path, dict[str, Any]]:
    by_top: dict[str, list[Path]] = {}
    for path, _info in verified_files():
        if file_kind(path) in TOP_OF_KIND:
            by_top.setdefault(TOP_OF_KIND[file_kind(path)], []).append(path)
    out: dict[Path, dict[str, Any]] = {}
    for top, paths in by_top.items():
        out.update(zip(paths, ide_ranges(debug_js_dir, top, paths), strict=True))
    return out


@pytest.mark.parametrize(("path", "info"), real_params(*TOP_OF_KIND))
def test_web_ide_hex_view_covers_every_byte_in_file_order(
    path: Path, info: dict[str, Any], real_ranges: dict[Path, dict[str, Any]]
) -> None:
    """Every byte of the file is in a leaf the IDE shows ("Unparsed parts" stays empty), and no seq
    field loses its bytes to an earlier range (a peek ahead would take them)."""
    ranges = real_ranges[path]
    assert "error" not in ranges, ranges["error"]
    assert ranges["gaps"] == [], f"bytes in no leaf of the tree: {ranges['gaps']}"
    assert ranges["hidden"] == [], f"seq fields the hex view drops: {ranges['hidden']}"
    assert ranges["leaves"] > 0 or ranges["size"] == 0


@pytest.mark.parametrize(("path", "info"), real_params("log", "checkpoint"))
def test_web_ide_batch_summaries_match_the_reader(
    path: Path, info: dict[str, Any], real_ranges: dict[Path, dict[str, Any]]
) -> None:
    """A collapsed batch reads "offsets 0..499, 500 records, LZ4": checked against kafkaks.read_log."""
    reprs = real_ranges[path]["reprs"]
    batches = {batch.position: batch for _, batch in zip(range(3), read_log(path), strict=False)}
    entries = [key for key in reprs if key.count("/") == 1]
    assert entries or not batches
    position = 0
    for key in entries:
        batch = batches.get(position)
        if batch is None:  # an incomplete last entry
            assert reprs[key] == f"incomplete: {path.stat().st_size - position} bytes to the end of the file"
            continue
        if batch.magic == 2:
            summary = f"offsets {batch.base_offset}..{batch.last_offset}, {batch.count} records"
            assert reprs[key] == f"{summary}, {batch.compression.name}"
        else:
            assert reprs[key].startswith(f"offset {batch.last_offset}: ")
        position += batch.size


def specs() -> dict[str, Any]:
    """Every formats/*.ksy as JSON, read with the js-yaml that the compiler driver uses."""
    script = (
        "const yaml = require('js-yaml'), fs = require('fs'), out = {};"
        "for (const f of process.argv.slice(1)) out[f] = yaml.load(fs.readFileSync(f, 'utf8'));"
        "console.log(JSON.stringify(out));"
    )
    files = sorted(str(p) for p in (ROOT / "formats").glob("*.ksy"))
    done = subprocess.run(
        [str(NODE), "-e", script, *files], capture_output=True, text=True, env=node_env(), check=True
    )
    return {Path(name).stem: spec for name, spec in json.loads(done.stdout).items()}


def all_types(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found = {spec["meta"]["id"]: spec}
    stack = [spec]
    while stack:
        for name, sub in stack.pop().get("types", {}).items():
            found[name] = sub
            stack.append(sub)
    return found


# Containers whose items carry the summary, and structures with nothing to summarize.
WITHOUT_REPRESENTATION = {
    "kafka_log", "kafka_message_set", "kafka_offset_index", "kafka_time_index", "kafka_txn_index",
    "kafka_producer_snapshot", "kafka_protocol_types", "no_op_record", "end_transaction_record",
    "kafka_consumer_offsets_log", "kafka_transaction_state_log", "kafka_cluster_metadata_log",
    "kafka_share_group_state_log", "kafka_remote_log_metadata_log",
    "kafka_internal_records", "internal_records", "aiven_segment_indexes",
}  # fmt: skip


def test_every_type_a_user_meets_has_a_representation_naming_its_own_fields(js_dir: Path) -> None:
    missing, unknown = [], []
    for spec in specs().values():
        for name, typ in all_types(spec).items():
            template = typ.get("-webide-representation")
            if template is None:
                if name not in WITHOUT_REPRESENTATION:
                    missing.append(name)
                continue
            own = {f["id"] for f in typ.get("seq", [])} | set(typ.get("instances", {}))
            own |= {p["id"] for p in typ.get("params", [])}
            for ref in re.findall(r"{(.*?)}", template):
                if ref.split(":")[0].split(".")[0] not in own:
                    unknown.append(f"{name}: {{{ref}}}")
    assert missing == []
    assert unknown == []


def test_the_range_check_sees_a_look_ahead(debug_js_dir: Path, tmp_path: Path) -> None:
    """A spec that reads into the next entry, as kafka_log once did, fails the check."""
    spec = tmp_path / "peek.ksy"
    spec.write_text(
        "meta: {id: peek, endian: be}\n"
        "seq: [{id: entries, type: entry, repeat: until, repeat-until: _io.eof or _.len_next == 0}]\n"
        "types:\n"
        "  entry:\n"
        "    seq: [{id: len_body, type: u1}, {id: body, size: len_body}]\n"
        "    instances: {len_next: {pos: _io.pos, type: u1, if: not _io.eof}}\n"
    )
    out = tmp_path / "js"
    subprocess.run(
        [NODE, str(ROOT / "tools" / "ksc.js"), "--debug", "javascript", str(out), str(spec)], check=True
    )
    data = tmp_path / "two.bin"
    data.write_bytes(b"\x02ab\x01c")
    cmd = [str(NODE), str(RANGES), str(out), str(tmp_path), "Peek", str(data)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=node_env(), check=True)
    ranges = json.loads(done.stdout)
    assert ranges["hidden"] == ["entries/1/lenBody"]


# --- hand-made bytes: integers >= 2^31 and up to 2^53 in JavaScript ----------------------------------


def varint(unsigned: int) -> bytes:
    out = bytearray()
    while True:
        group, unsigned = unsigned & 0x7F, unsigned >> 7
        out.append(group | (0x80 if unsigned else 0))
        if not unsigned:
            return bytes(out)


def zigzag(value: int) -> int:
    return value * 2 if value >= 0 else -value * 2 - 1


# (id, bytes, expected value, expected value_unsigned); None when parsing must fail.
VARINT_CASES: list[tuple[str, bytes, int | None, int | None]] = [
    *(
        (f"signed {v}", varint(zigzag(v)), v, zigzag(v))
        for v in (
            0,
            -1,
            63,
            -64,
            2**31 - 1,
            2**31,
            -(2**31),
            -(2**31) - 1,
            2**32 + 7,
            1_700_000_000_000,
            -1_700_000_000_000,
            1_725_272_040_411,
            2**52 - 1,
            -(2**52),  # value_unsigned 2^53 - 1, the largest exact one
        )
    ),
    ("unsigned 2^53 - 2", varint(2**53 - 2), 2**52 - 1, 2**53 - 2),
    ("10 groups, value 1 padded", b"\x82" + b"\x80" * 8 + b"\x00", 1, 2),
    ("10 groups, 2^63 - 1", varint(zigzag(2**63 - 1)), 2**63 - 1, 2**64 - 2),
    ("10 groups, -2^63", varint(zigzag(-(2**63))), -(2**63), 2**64 - 1),
    ("11 groups rejected", b"\xff" * 10 + b"\x01", None, None),
]

# Other hand-made files, for specs the real data does not cover and for s8 fields at 2^53 and beyond:
# (id, top type, bytes, None or why JavaScript is known to differ).
READ_S8BE_BUG = (
    "kaitai-struct JS runtime 0.11.0: readS8be is off by +2^32 for a negative s8 whose low 32-bit word "
    "is below 2^31 (`v2 ^ 0xffffffff` is a signed 32-bit result); open upstream as "
    "kaitai_struct_javascript_runtime PR #16. No real file here holds such a value (their negative "
    "int64 fields are all -1)."
)
TXN = struct.Struct(">hqqqq")
OTHER_CASES: list[tuple[str, str, bytes, str | None]] = [
    (
        "txnindex two entries and a partial one",
        "KafkaTxnIndex",
        TXN.pack(0, 2**53 - 1, 1_700_000_000_000, 2**40, -1)
        + TXN.pack(0, 2**62 + 1, 0, 2**31, 2**31 - 1)
        + b"\x00\x01\x02",
        None,
    ),
    (
        "timeindex with a partial entry",
        "KafkaTimeIndex",
        struct.pack(">qi", 1_725_272_040_411, 2**31 - 1) + struct.pack(">qi", -(2**31), -1) + b"\x01",
        None,
    ),
    (
        "log with an entry of unknown magic and a partial one",
        "KafkaLog",
        struct.pack(">qi", 2**53 - 1, 14) + bytes(4) + b"\x07" + bytes(9) + struct.pack(">qi", 2**60, 99),
        None,
    ),
    (
        "flexible OffsetCommitValue v4 with an unknown tag",
        "KafkaOffsetCommitValue",
        struct.pack(">hqi", 4, 2**40, 7)
        + b"\x05meta"
        + struct.pack(">q", 1_700_000_000_000)
        + b"\x01\x05\x02\xab\xcd",
        None,
    ),
    (
        "flexible TransactionLogValue v1",
        "KafkaTransactionLogValue",
        struct.pack(">hqhib", 1, 5000, 3, 60000, 1)
        + b"\x02\x02b\x02"
        + struct.pack(">i", 1)
        + b"\x00"
        + struct.pack(">qq", 1_700_000_000_002, 1_700_000_000_001)
        + b"\x00",
        None,
    ),
    (
        "PartitionChangeRecord v2 with isr, leader, ELR and an unknown tag",
        "KafkaMetadataRecord",
        b"\x01\x05\x02"
        + struct.pack(">i", 0)
        + bytes(range(16))
        + b"\x04"
        + b"\x00\x09\x03"
        + struct.pack(">ii", 1, 2)
        + b"\x01\x04"
        + struct.pack(">i", 2)
        + b"\x06\x01\x00"
        + b"\x09\x01\x00",
        None,
    ),
    ("metadata record of an unknown type", "KafkaMetadataRecord", b"\x01\x63\x00\x01\x02", None),
    *(
        (
            f"negative s8 {v}",
            "KafkaTimeIndex",
            struct.pack(">qi", v, 0),
            READ_S8BE_BUG,
        )
        for v in (-(2**32), -1_700_000_000_000, -(2**53) + 1)
    ),
]


@pytest.fixture(scope="module")
def hand_made(js_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    work = tmp_path_factory.mktemp("webide-hand-made")
    cases = [(name, "KafkaVarint", data) for name, data, _, _ in VARINT_CASES]
    cases += [(f"unsigned {name}", "KafkaUnsignedVarint", data) for name, data, _, _ in VARINT_CASES]
    cases += [(name, top, data) for name, top, data, _ in OTHER_CASES]
    trees: dict[str, Any] = {}
    for top in sorted({top for _, top, _ in cases}):
        mine = [(name, data) for name, t, data in cases if t == top]
        files = []
        for i, (_, data) in enumerate(mine):
            files.append(work / f"{top}-{i}.bin")
            files[-1].write_bytes(data)
        for (name, _), tree in zip(mine, js_dump(js_dir, top, files), strict=True):
            trees[name] = tree
    return trees


@pytest.mark.parametrize(
    ("data", "value", "unsigned"), [pytest.param(*case[1:], id=case[0]) for case in VARINT_CASES]
)
def test_varint_arithmetic_in_javascript(
    data: bytes, value: int | None, unsigned: int | None, hand_made: dict[str, Any], request: Any
) -> None:
    js = hand_made[request.node.callspec.id]
    py = py_parse("KafkaVarint", data)
    assert_same(py, js, f"varint {data.hex()}")
    if value is None:
        assert is_error(py) and is_error(js)
        return
    assert (py["value"], py["valueUnsigned"]) == (value, unsigned)
    if unsigned is not None and unsigned < EXACT_LIMIT:
        # Exact in JavaScript, not merely close: the spec's arithmetic has no 32-bit shift.
        assert (js["value"], js["valueUnsigned"]) == (value, unsigned)
        assert isinstance(js["value"], int) and isinstance(js["valueUnsigned"], int)
    # The same bytes as an unsigned varint (compact lengths, tags, KRaft api keys): `value` is the
    # unsigned number, in Python and in JavaScript.
    js_unsigned = hand_made[f"unsigned {request.node.callspec.id}"]
    py_unsigned = py_parse("KafkaUnsignedVarint", data)
    assert_same(py_unsigned, js_unsigned, f"unsigned varint {data.hex()}")
    if unsigned is None:
        assert is_error(py_unsigned) and is_error(js_unsigned)
    else:
        assert py_unsigned == {**{k: v for k, v in py.items() if k[0] == "b"}, "value": unsigned}


@pytest.mark.parametrize(
    ("top", "data"),
    [
        pytest.param(top, data, id=name, marks=[pytest.mark.xfail(strict=True, reason=bug)] if bug else [])
        for name, top, data, bug in OTHER_CASES
    ],
)
def test_hand_made_files(top: str, data: bytes, hand_made: dict[str, Any], request: Any) -> None:
    js = hand_made[request.node.callspec.id]
    assert not is_error(js), js
    assert_same(py_parse(top, data), js, request.node.callspec.id)


# --- keys and values of the internal topics: every distinct one of the real data ---------------------


def internal_blobs() -> dict[str, list[bytes]]:
    """Distinct keys and values of __consumer_offsets, __transaction_state and __cluster_metadata
    records in the real data (logs and KRaft snapshots), by the top-level spec that parses them."""
    blobs: dict[str, dict[bytes, None]] = {}

    def add(top: str, data: bytes | None) -> None:
        if data is not None:
            blobs.setdefault(top, {})[data] = None

    for path, _info in verified_files():
        topic = path.parent.name.rsplit("-", 1)[0]
        if path.name == "bootstrap.checkpoint":
            topic = "__cluster_metadata"
        if file_kind(path) not in ("log", "checkpoint") or topic not in INTERNAL_TOPICS:
            continue
        for batch in read_log(path):
            for record in batch.records():
                if record.control is not None:
                    continue
                if topic == "__consumer_offsets" and record.key is not None:
                    add("KafkaConsumerOffsetsKey", record.key)
                    record_type = struct.unpack_from(">h", record.key)[0]
                    add(
                        "KafkaOffsetCommitValue" if record_type < 2 else "KafkaGroupMetadataValue",
                        record.value,
                    )
                elif topic == "__transaction_state":
                    add("KafkaTransactionLogKey", record.key)
                    add("KafkaTransactionLogValue", record.value)
                elif topic == "__cluster_metadata":
                    add("KafkaMetadataRecord", record.value)
    return {top: list(found) for top, found in blobs.items()}


INTERNAL_TOPICS = ("__consumer_offsets", "__transaction_state", "__cluster_metadata")


def test_internal_topic_records_parse_alike_in_javascript(
    real_data: Path, js_dir: Path, tmp_path: Path
) -> None:
    blobs = internal_blobs()
    assert set(blobs) == {
        "KafkaConsumerOffsetsKey",
        "KafkaOffsetCommitValue",
        "KafkaGroupMetadataValue",
        "KafkaTransactionLogKey",
        "KafkaTransactionLogValue",
        "KafkaMetadataRecord",
    }
    for top, items in sorted(blobs.items()):
        files = []
        for i, data in enumerate(items):
            files.append(tmp_path / f"{top}-{i}.bin")
            files[-1].write_bytes(data)
        for data, js in zip(items, js_dump(js_dir, top, files), strict=True):
            assert not is_error(js), f"{top} {data[:32].hex()}: JavaScript parse failed: {js}"
            stats = assert_same(py_parse(top, data), js, f"{top} {data[:32].hex()}")
            assert stats["compared"] > 0
            if top == "KafkaMetadataRecord":
                # Unsigned varints: the tree's `value` is the frame version, api key and version
                # (each one byte below 128 in real records), not their ZigZag reading.
                assert [js[f]["value"] for f in ("frameVersion", "apiKey", "version")] == list(data[:3])


def test_class_names_are_unique_across_specs(js_dir: Path) -> None:
    """The Web IDE finds a type's doc and representation by class name alone, so two types of the
    same name in different specs (kafka_log::entry, kafka_message_set::entry) mix up."""
    classes = Counter(
        name
        for module in js_dir.glob("*.js")
        for name in re.findall(r"function (\w+)\(_io, _parent, _root", module.read_text())
    )
    assert len(classes) > len(PY_TOP)
    assert [name for name, n in classes.items() if n > 1] == []


# --- whole segments of the internal topics, keys and values decoded --------------------------------

TOP_OF_INTERNAL_TOPIC = {
    "__consumer_offsets": "KafkaConsumerOffsetsLog",
    "__transaction_state": "KafkaTransactionStateLog",
    "__cluster_metadata": "KafkaClusterMetadataLog",
}


def internal_segments() -> dict[str, list[Path]]:
    """Real segments (small enough to compare whole) of each internal topic, by top-level spec."""
    found: dict[str, list[Path]] = {}
    for path, _info in verified_files():
        topic = "__cluster_metadata" if path.suffix == ".checkpoint" else path.parent.name.rsplit("-", 1)[0]
        small = path.stat().st_size <= PREFIX_LIMIT
        if file_kind(path) in ("log", "checkpoint") and topic in TOP_OF_INTERNAL_TOPIC and small:
            found.setdefault(TOP_OF_INTERNAL_TOPIC[topic], []).append(path)
    return found


def test_internal_topic_segments_parse_alike_and_show_every_byte(
    real_data: Path, js_dir: Path, debug_js_dir: Path
) -> None:
    segments = internal_segments()
    assert set(segments) == set(TOP_OF_INTERNAL_TOPIC.values())
    decoded = 0
    for top, paths in sorted(segments.items()):
        for path, js, ranges in zip(
            paths, js_dump(js_dir, top, paths), ide_ranges(debug_js_dir, top, paths), strict=True
        ):
            what = f"{path.relative_to(REAL_DATA)} ({top})"
            assert not is_error(js), f"{what}: {js}"
            assert_same(py_parse(top, path.read_bytes()), js, what)
            assert (ranges["gaps"], ranges["hidden"]) == ([], []), what
            decoded += sum(len(e["records"]["records"]) for e in js.get("entries", []) if "records" in e)
    assert decoded > 0


# Kafka 4.x internal topics (tests/fixtures/internal4, written by tools/kafka_schema_encoder.py):
# the specs load and parse under the IDE's runtime, every byte in a field. Values are not compared:
# the fixtures hold extreme int64 values that the JS runtime reads wrongly (see above).
INTERNAL4 = {
    "KafkaConsumerOffsetsLog": "__consumer_offsets-0",
    "KafkaTransactionStateLog": "__transaction_state-0",
    "KafkaClusterMetadataLog": "__cluster_metadata-0",
    "KafkaShareGroupStateLog": "__share_group_state-0",
    "KafkaRemoteLogMetadataLog": "__remote_log_metadata-0",
}


@pytest.mark.parametrize(("top", "directory"), INTERNAL4.items(), ids=list(INTERNAL4.values()))
def test_kafka4_internal_topic_fixtures_show_every_byte(
    js_dir: Path, debug_js_dir: Path, top: str, directory: str
) -> None:
    fixtures = ROOT / "tests" / "fixtures" / "internal4"
    path = fixtures / directory / "00000000000000000000.log"
    expected = json.loads((fixtures / "expected.json").read_text())["partitions"][directory]
    [js] = js_dump(js_dir, top, [path])
    [ranges] = ide_ranges(debug_js_dir, top, [path])
    assert not is_error(js), js
    assert (ranges["gaps"], ranges["hidden"]) == ([], [])
    records = [r for e in js["entries"] for r in e["records"]["records"]]
    assert len(records) == len(expected)
    for record, e in zip(records, expected, strict=True):
        if "dump" in e:  # a type or version Kafka 4.3.1 does not know: shown, not decoded
            continue
        assert (record.get("value") is None) == (e["value"] is None)
        if e["value"] is not None:  # decoded, not left as raw bytes ({"hex": ...})
            assert "hex" not in record["value"] and "hex" not in record["value"]["data"], record
