"""Dask scaling: `score_archive_dask` on a `distributed.LocalCluster` (worker processes, 127.0.0.1)
with 2 workers against 1 worker, and against the local multi-core run (`mjscore batch -o`, in this
process), the median of --repeat runs each, the three interleaved so that a change of load on the
machine falls on all of them alike.

    .venv/bin/python bench/dask.py [--lines 40000] [--repeat 3] [--compact]

Lines are MCR requests from the differential generator (varied hands and contexts), written to a
temporary JSONL file; every run's output is checked to be the same file.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# run as a script, this file's folder comes first on the path, where this file would shadow dask
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from mcr_generator import generate  # noqa: E402
from mcr_oracle import contradiction  # noqa: E402

from cli.main import app  # noqa: E402
from scorer.batch import score_archive_dask  # noqa: E402


def corpus(n: int) -> list[str]:
    rows = [(h, c) for h, c in generate(max(n // 4, 100), 4242) if contradiction(h, c) is None]
    lines = [json.dumps({"variant": "mcr", "hand": h, "context": c}) for h, c in rows]
    return [lines[i % len(lines)] for i in range(n)]


def timed(run) -> float:
    t = time.perf_counter()
    run()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=40000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--compact", action="store_true", help="compact results (the C fast path) instead of full")
    args = ap.parse_args()

    import warnings

    from distributed import Client, LocalCluster

    warnings.filterwarnings("ignore", message="Port .* is already in use")  # the schedulers' HTTP servers

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "archive.jsonl"
        src.write_text("\n".join(corpus(args.lines)) + "\n")
        warm = Path(tmp) / "warm.jsonl"
        with src.open() as f:
            warm.write_text(f.readline() * 200)
        extra = ["--compact"] if args.compact else []

        def local(out: Path) -> None:
            app(["batch", str(src), "-o", str(out), *extra], standalone_mode=False)

        clusters = {n: LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                                    host="127.0.0.1") for n in (1, 2)}
        try:
            clients = {n: Client(c) for n, c in clusters.items()}
            for client in clients.values():  # the first task on a worker imports the scorer
                score_archive_dask(str(warm), str(Path(tmp) / "warm.out"), client, compact=args.compact)
            times: dict[str, list[float]] = {"local": [], "dask 1 worker": [], "dask 2 workers": []}
            outputs: dict[str, bytes] = {}
            for _ in range(args.repeat):
                for name, run in (("local", local),
                                  ("dask 1 worker", lambda out: score_archive_dask(
                                      str(src), str(out), clients[1], compact=args.compact)),
                                  ("dask 2 workers", lambda out: score_archive_dask(
                                      str(src), str(out), clients[2], compact=args.compact))):
                    out = Path(tmp) / f"{name.replace(' ', '_')}.jsonl"
                    times[name].append(timed(lambda run=run, out=out: run(out)))
                    outputs[name] = out.read_bytes()
            for client in clients.values():
                client.close()
        finally:
            for c in clusters.values():
                c.close()
        assert len(set(outputs.values())) == 1, "the runs' outputs differ"

    med = {name: statistics.median(ts) for name, ts in times.items()}
    view = "compact" if args.compact else "full"
    print(f"{args.lines:,} MCR lines ({view} results), median of {args.repeat}; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end")
    print(f"{'run':<16}{'median s':>10}{'lines/s':>10}{'vs 1 worker':>13}{'vs local':>10}")
    for name, m in med.items():
        print(f"{name:<16}{m:>10.2f}{args.lines / m:>10,.0f}{med['dask 1 worker'] / m:>12.2f}x"
              f"{med['local'] / m:>9.2f}x")


if __name__ == "__main__":
    main()
