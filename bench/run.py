"""The performance table of the project: every ratio measured side by side with pymahjonggb in one
process, interleaved rounds, medians (issue "Performance"). Run: ``.venv/bin/python bench/run.py``.

Corpora (seeded): natural random MCR hands (the differential generator), pure-suit hands, the worst
natural hands of PERFORMANCE.md §3, random hands with 1/2/4 tiles turned into wilds, 17-tile and
23-tile hands. pymahjonggb gets its native input prepared beforehand; so do we. In particular the
decomposer rows (win checks, all readings) pass each hand's 37 counts as a ``bytes`` object built
beforehand -- the fastest input the API accepts (read as raw bytes, no per-element Python int), just
as pymahjonggb gets its prepared argument tuples -- and call the function through a local name.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from mcr_generator import generate  # noqa: E402
from mcr_oracle import contradiction, oracle_args  # noqa: E402

from scorer import decompose, score, score_many  # noqa: E402
from scorer.notation import STANDARD, parse  # noqa: E402

WORST = ["11122233344455m", "11112222333344m", "11123456789999m", "22334455667788m", "11223344556677m",
         "12345678999m555p"]


def natural(n: int, seed: int) -> list[tuple[str, dict]]:
    return [(h, c) for h, c in generate(n, seed) if contradiction(h, c) is None]


def flush_hands(n: int, seed: int) -> list[tuple[str, dict]]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        suit = rng.choice("mps")
        counts = [0] * 9
        groups = []
        for _ in range(4):
            if rng.random() < 0.6:
                r = rng.randrange(7)
                groups.append([r, r + 1, r + 2])
            else:
                r = rng.randrange(9)
                groups.append([r, r, r])
        pair = rng.randrange(9)
        tiles = [t for g in groups for t in g] + [pair, pair]
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4:
            continue
        rng.shuffle(tiles)
        out.append(("".join(f"{t + 1}{suit}" for t in tiles), {}))
    return out


def worst_hands(repeat: int) -> list[tuple[str, dict]]:
    return [(h, {}) for h in WORST for _ in range(repeat)]


def interleave(rounds: int, *runs: Callable[[], float]) -> list[float]:
    """Median seconds of each run over interleaved rounds (after one warm-up)."""
    for run in runs:
        run()
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(rounds):
        for i, run in enumerate(runs):
            times[i].append(run())
    return [statistics.median(t) for t in times]


def timer(fn: Callable[[], object]) -> Callable[[], float]:
    def run() -> float:
        t = time.perf_counter()
        fn()
        return time.perf_counter() - t
    return run


def oracle_runner(rows: list[tuple[str, dict]]) -> Callable[[], object]:
    from MahjongGB import MahjongFanCalculator

    prepared = [oracle_args(h, c) for h, c in rows]
    return lambda: [MahjongFanCalculator(**kw) for kw in prepared]


def counts_of(hand: str) -> list[int]:
    return parse(hand, STANDARD).counts()


def with_wilds(rows: list[tuple[str, dict]], w: int, seed: int) -> list[tuple[list[int], int, int]]:
    rng = random.Random(seed)
    out = []
    for h, _ in rows:
        hand = parse(h, STANDARD)
        if hand.melds:
            continue
        tiles = list(hand.concealed)
        for _ in range(w):
            tiles.pop(rng.randrange(len(tiles)))
        counts = [0] * 37
        for t in tiles:
            counts[t] += 1
        out.append((counts, 4, w))
    return out


def serve() -> tuple[str, Callable[[], None]]:
    import socket

    import uvicorn

    from api.app import app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)

    def stop() -> None:
        server.should_exit = True
        thread.join(timeout=10)

    return f"http://127.0.0.1:{port}", stop


def startup() -> tuple[float, float]:
    code = ("import time\n"
            "def rss():\n"
            "    return int(next(l for l in open('/proc/self/status') if l.startswith('VmRSS')).split()[1])\n"
            "import glob, importlib.util\n"
            "path = glob.glob('scorer/_fast*.so')[0]\n"
            "spec = importlib.util.spec_from_file_location('_fast', path)\n"
            "r0 = rss(); t = time.perf_counter()\n"
            "mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)\n"
            "dt = time.perf_counter() - t\n"
            "print(dt, (rss() - r0) / 1024)")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                           env={"PYTHONPATH": str(ROOT)}).stdout.split() for _ in range(5)]
    return statistics.median(float(r[0]) for r in runs), statistics.median(float(r[1]) for r in runs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    random_rows = natural(args.n, 20240601)
    flush_rows = flush_hands(args.n // 2, 20240601)
    worst_rows = worst_hands(100)
    rows_table = []

    def row(measure: str, target: str, ratio: float, note: str = "") -> None:
        rows_table.append((measure, target, ratio, note))

    # full MCR scoring, natural hands
    for name, rows in (("random", random_rows), ("flush", flush_rows), ("worst", worst_rows)):
        ours, oracle = interleave(args.rounds, timer(lambda rows=rows: [score("mcr", h, c) for h, c in rows]),
                                  timer(oracle_runner(rows)))
        row(f"full MCR scoring, {name} ({ours / len(rows) * 1e6:.1f} µs vs {oracle / len(rows) * 1e6:.1f} µs)",
            "≥ 3×", oracle / ours)
    oracle_per_hand = interleave(args.rounds, timer(oracle_runner(random_rows)))[0] / len(random_rows)

    # win checks and readings from the decomposer: counts prepared beforehand as bytes (see the docstring)
    is_winning, readings = decompose.is_winning, decompose.readings
    prepared = [(bytes(counts_of(h)), 4, 0) for h, c in random_rows if "[" not in h and "(" not in h
                and "{" not in h]
    for w in (0, 1, 2, 4):
        data = prepared if w == 0 else [
            (bytes(c), n, k) for c, n, k in with_wilds([(h, c) for h, c in random_rows if "[" not in h], w, w)]
        t = interleave(args.rounds, timer(lambda data=data: [is_winning(c, n, k) for c, n, k in data]))[0]
        row(f"win check, {w} wilds ({t / len(data) * 1e9:.0f} ns)", "≥ 60×", oracle_per_hand / (t / len(data)))
    t = interleave(args.rounds, timer(lambda: [readings(c, n, k) for c, n, k in prepared]))[0]
    row(f"all readings as Python objects ({t / len(prepared) * 1e6:.2f} µs)", "≥ 10×",
        oracle_per_hand / (t / len(prepared)))

    # the worst wild hand, full scoring: 17 tiles with 4 golds (Fuzhou)
    worst_wild = "3444555666777m4p4p4p4p"
    t = interleave(args.rounds, timer(lambda: score("fuzhou", worst_wild, {"wild": "4p", "rob_gold": True})))[0]
    row(f"worst 4-wild 17-tile hand, full scoring ({t * 1e3:.2f} ms)", "≤ 50× oracle hand",
        t / oracle_per_hand, "ratio = our time ÷ one oracle hand (lower is better)")

    # batch entry point and the HTTP batch, 1,000 hands
    thousand = random_rows[:1000]
    requests = [{"variant": "mcr", "hand": h, "context": c} for h, c in thousand]
    ours, oracle = interleave(args.rounds, timer(lambda: score_many(requests)), timer(oracle_runner(thousand)))
    row("score_many, 1,000 hands", "≥ 6×", oracle / ours)
    import httpx

    url, stop = serve()
    try:
        with httpx.Client(timeout=60) as client:
            body = json.dumps(requests)
            ours, oracle = interleave(args.rounds, timer(lambda: client.post(
                url + "/v1/score/batch", content=body, headers={"content-type": "application/json"}).raise_for_status()),
                timer(oracle_runner(thousand)))
    finally:
        stop()
    row("POST /v1/score/batch, 1,000 hands (HTTP round trip)", "≥ 1×", oracle / ours)
    seconds, megabytes = startup()
    rows_table.append((f"import of the Cython core + table build ({seconds:.3f} s, {megabytes:.1f} MB)", "≤ 0.2 s, ≤ 8 MB",
                       float("nan"), "met" if seconds <= 0.2 and megabytes <= 8 else "not met"))

    print(f"oracle: pymahjonggb, {oracle_per_hand * 1e6:.2f} µs per natural hand; {args.rounds} interleaved rounds, "
          f"medians; decomposer backend {decompose.BACKEND}")
    print(f"| {'measure':78} | {'target':18} | {'ratio':>8} |")
    print(f"|{'-' * 80}|{'-' * 20}|{'-' * 10}|")
    for measure, target, ratio, note in rows_table:
        shown = "" if ratio != ratio else f"{ratio:7.2f}×"
        print(f"| {measure:78} | {target:18} | {shown:>8} | {note}")


if __name__ == "__main__":
    main()
