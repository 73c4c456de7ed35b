"""Dask scaling: `score_archive_dask` on a `distributed.LocalCluster` (worker processes, 127.0.0.1)
with 2 workers against 1 worker, and against the local multi-core run (`mjscore batch -o`, in this
process), the median of --repeat runs each, the three interleaved so that a change of load on the
machine falls on all of them alike.

    .venv/bin/python bench/dask.py [--lines 12000] [--repeat 3] [--compact]

Lines are MCR requests from the differential generator (varied hands and contexts), written to a
temporary JSONL file; every run's output is checked to be the same file.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=12000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--compact", action="store_true", help="compact results (the C fast path) instead of full")
    args = ap.parse_args()

    import warnings

    from distributed import Client, LocalCluster

    load = os.getloadavg()[0]

    warnings.filterwarnings("ignore", message="Port .* is already in use")  # the schedulers' HTTP servers

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "archive.jsonl"
        src.write_text("\n".join(corpus(args.lines)) + "\n")
        warm = Path(tmp) / "warm.jsonl"
        with src.open() as f:
            warm.write_text(f.readline() * 200)
        extra = ["--compact"] if args.compact else []
        clusters = {n: LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                                    host="127.0.0.1") for n in (1, 2)}
        try:
            clients = {n: Client(c) for n, c in clusters.items()}
            for client in clients.values():  # the first task on a worker imports the scorer
                score_archive_dask(str(warm), str(Path(tmp) / "warm.out"), client, compact=args.compact)
            runs: dict[str, list[Run]] = {"local": [], "dask 1 worker": [], "dask 2 workers": []}
            outputs: dict[str, bytes] = {}
            for _ in range(args.repeat):
                for name in runs:
                    out = Path(tmp) / f"{name.replace(' ', '_')}.jsonl"
                    if name == "local":
                        runs[name].append(local_run(src, out, extra))
                    else:
                        runs[name].append(dask_run(src, out, clients[int(name.split()[1])], args.compact))
                    outputs[name] = out.read_bytes()
            for client in clients.values():
                client.close()
        finally:
            for c in clusters.values():
                c.close()
        assert len(set(outputs.values())) == 1, "the runs' outputs differ"

    med = {name: Run(*(statistics.median(getattr(r, f) for r in rs) for f in Run._fields)) for name, rs in runs.items()}
    view = "compact" if args.compact else "full"
    print(f"{args.lines:,} MCR lines ({view} results), median of {args.repeat}; "
          f"{os.cpu_count()} cores, load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    print(f"{'run':<16}{'median s':>10}{'lines/s':>10}{'vs 1 worker':>13}{'vs local':>10}"
          f"{'cores got':>11}{'workers busy':>14}")
    for name, m in med.items():
        busy = f"{m.busy:>13.0%}" if name != "local" else f"{'':>13}"
        print(f"{name:<16}{m.wall:>10.2f}{args.lines / m.wall:>10,.0f}{med['dask 1 worker'].wall / m.wall:>12.2f}x"
              f"{med['local'].wall / m.wall:>9.2f}x{m.cpu / m.wall:>11.2f} {busy}")
    print("cores got: CPU seconds the run's processes were given per second (others' load takes the rest);\n"
          "workers busy: the share of the run each Dask worker spent scoring a range")


class Run(NamedTuple):
    wall: float
    cpu: float  # CPU seconds of the processes doing the work
    busy: float  # Dask: task time / (wall x workers)


def _own_cpu() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def local_run(src: Path, out: Path, extra: list[str]) -> Run:
    """`mjscore batch` in this process (its worker processes end with it: their CPU is counted)."""
    cpu, t = _own_cpu(), time.perf_counter()
    app(["batch", str(src), "-o", str(out), *extra])
    wall = time.perf_counter() - t
    return Run(wall, _own_cpu() - cpu, 1.0)


def dask_run(src: Path, out: Path, client: Any, compact: bool) -> Run:
    from distributed import get_task_stream

    def cpu() -> float:
        return sum(client.run(time.process_time).values())

    workers = len(client.scheduler_info()["workers"])
    before, t = cpu(), time.perf_counter()
    with get_task_stream(client=client) as stream:
        score_archive_dask(str(src), str(out), client, compact=compact)
    wall = time.perf_counter() - t
    spent = cpu() - before
    scoring = sum(s["stop"] - s["start"] for task in stream.data for s in task["startstops"]
                  if s["action"] == "compute")
    return Run(wall, spent, scoring / (wall * workers))


if __name__ == "__main__":
    main()
