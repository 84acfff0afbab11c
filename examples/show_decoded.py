#!/usr/bin/env python3
"""Print the decoded columns of a topic the pipeline wrote: ``show_decoded.py PARQUET_DIR TOPIC [N]``.

The first N rows (default 5) of partition 0's ``valueSchemaId`` and ``valueDecoded``, one line each, as
``make demo`` shows them after ``kafkaks pipeline --decode-values``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pyarrow.compute as pc
import pyarrow.parquet as pq


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("parquet", type=Path)
    parser.add_argument("topic")
    parser.add_argument("rows", type=int, nargs="?", default=5)
    args = parser.parse_args()
    columns = ["offset", "valueSchemaId", "valueDecoded", "valueDecodeProblem"]
    table = pq.read_table(args.parquet / f"topic={args.topic}" / "partition=0", columns=columns)
    table = table.sort_by("offset")
    print(f"{args.topic}: {table.num_rows} rows, {pc.count(table['valueDecodeProblem']).as_py()} not decoded")
    print(f"valueDecoded: {table.schema.field('valueDecoded').type}")
    for row in table.slice(0, args.rows).to_pylist():
        decoded = json.dumps(row["valueDecoded"], default=str)
        print(f"offset {row['offset']}  schema id {row['valueSchemaId']}  {decoded}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
