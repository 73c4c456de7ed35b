"""Batch throughput: `score_stream` on one core and on every core, and peak memory on a long file.

    .venv/bin/python bench/batch.py [--lines 20000] [--big 1000000]

Lines are MCR requests from the differential generator (varied hands and contexts). The big run
streams a generated file of --big lines through `mjscore batch` and reports the peak RSS of the
parent and of the largest worker, to show memory stays flat however long the input is.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from mcr_generator import generate  # noqa: E402
from mcr_oracle import contradiction  # noqa: E402

from scorer.batch import score_stream  # noqa: E402


def corpus(n: int) -> list[str]:
    rows = [(h, c) for h, c in generate(max(n // 2, 100), 4242) if contradiction(h, c) is None]
    lines = [json.dumps({"variant": "mcr", "hand": h, "context": c}) for h, c in rows]
    return [lines[i % len(lines)] for i in range(n)]


def throughput(lines: list[str], workers: int) -> float:
    t = time.perf_counter()
    n = sum(1 for _ in score_stream(lines, workers=workers))
    return n / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=20000)
    ap.add_argument("--big", type=int, default=0, help="also stream a file of this many lines (e.g. 1000000)")
    args = ap.parse_args()
    lines = corpus(args.lines)
    cores = os.cpu_count() or 1
    one = throughput(lines, 1)
    every = throughput(lines, cores)
    print(f"{args.lines} MCR requests: 1 core {one:,.0f} hands/s; {cores} cores {every:,.0f} hands/s "
          f"(×{every / one:.2f})")
    if args.big:
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "big.jsonl"
            with src.open("w") as f:
                for i in range(args.big):
                    f.write(lines[i % len(lines)] + "\n")
            out = Path(tmp) / "out.jsonl"
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "cli.main", "batch", str(src), "-o", str(out)], check=True,
                           cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
            took = time.perf_counter() - t
            peak_children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            n = sum(1 for _ in out.open())
            print(f"{args.big:,} lines through `mjscore batch`: {n:,} results in {took:.0f} s "
                  f"({n / took:,.0f} hands/s); peak RSS of the largest process: {peak_children:.0f} MB")


if __name__ == "__main__":
    main()
