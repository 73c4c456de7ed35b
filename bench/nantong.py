"""Benchmark of Nantong long-card scoring (issue 8, item 6): the worst-case hand and the worked examples.

Run from the repository root: ``.venv/bin/python bench/nantong.py [--rounds 7] [--n 200]``.

The worst case is the 23-card hand with the most readings found by a seeded random search plus hill
climbing over one- and two-suit hands (13 readings: ``111222333444555666777m88m``; every other hand
searched had at most 13), won on a ``5m`` so that every reading offers three placements of the winning
card, and scored with both other holdings (their base hu is part of every call). The table gives the
median per-call time of ``scorer.score`` over the rounds, and of the decomposer call alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorer import score  # noqa: E402
from scorer.decompose import readings  # noqa: E402
from scorer.notation import LONG_CARDS, parse  # noqa: E402

WORST = ("11122233344455666777m88m5m", {
    "indicators": ["5s", "Q"], "others": ["1235555p6789p12345699sBBB", "12346789p12346789sHHH89mQ"]})
CASES = {
    "worst (13 readings)": WORST,
    "W2 (tazi, wenqian)": ("222456789m222s68s123567p99p7s", {
        "indicators": ["2s", "3m"], "self_draw": True,
        "others": ["[QQQQ][888m][444s]555pBBB11m35s668p", "[666m]333pHHH11s99s2478p1p457m3s"]}),
    "W12 (4 wenqian)": ("123123123123p456678m55s89s7s", {
        "indicators": ["5p", "Q"], "self_draw": True, "last_tile": True,
        "others": ["[BBB]123799m12346s46789pHHQ", "12345789m1234689s46789pHB"]}),
    "W10 (exhausted)": (None, {
        "indicators": ["9s", "9m"], "exhausted": True,
        "others": ["[444m]999m1235m12356s12356pBH", "999s12678m124678s124678pBH", "[QQQ]999p35678m34578s34578pB"]}),
}


def per_call(fn, n: int) -> float:
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - start) / n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--n", type=int, default=200)
    args = ap.parse_args()
    counts = parse(WORST[0], LONG_CARDS).counts()
    print(f"worst-case readings: {len(readings(counts, 7))}")
    rows = {name: [] for name in CASES}
    rows["decomposer only (worst)"] = []
    for _ in range(args.rounds):
        for name, (hand, ctx) in CASES.items():
            rows[name].append(per_call(lambda h=hand, c=ctx: score("nantong", h, c), args.n))
        rows["decomposer only (worst)"].append(per_call(lambda: readings(counts, 7), args.n * 10))
    print(f"{'case':28} {'median per call':>16}")
    for name, times in rows.items():
        print(f"{name:28} {statistics.median(times) * 1e3:13.3f} ms")


if __name__ == "__main__":
    main()
