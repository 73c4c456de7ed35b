"""MCR scoring speed: ``score("mcr", ...)`` against pymahjonggb's ``MahjongFanCalculator``.

Both run in this process on the same generated winning hands (the differential-test generator,
contradictory contexts left out), each library given its own native input prepared beforehand
(our notation string + context dict; the oracle's tile-name tuples). Rounds are interleaved and
the median of the per-round ratios is reported. Run: ``.venv/bin/python bench/mcr.py [--n 5000]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from mcr_generator import generate  # noqa: E402
from mcr_oracle import contradiction, oracle_args  # noqa: E402

from scorer import score  # noqa: E402
from scorer.decompose import BACKEND  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=6000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=20240601)
    args = ap.parse_args()

    from MahjongGB import MahjongFanCalculator

    rows = [(h, c) for h, c in generate(args.n, args.seed) if contradiction(h, c) is None]
    oracle_inputs = [oracle_args(h, c) for h, c in rows]
    ours_inputs = [(h, dict(c)) for h, c in rows]

    def run_ours() -> float:
        t = time.perf_counter()
        for h, c in ours_inputs:
            score("mcr", h, c)
        return time.perf_counter() - t

    def run_oracle() -> float:
        t = time.perf_counter()
        for kw in oracle_inputs:
            MahjongFanCalculator(**kw)
        return time.perf_counter() - t

    run_ours(), run_oracle()  # warm up
    ours_t, oracle_t, ratios = [], [], []
    for _ in range(args.rounds):
        a = run_ours()
        b = run_oracle()
        ours_t.append(a)
        oracle_t.append(b)
        ratios.append(b / a)
    n = len(rows)
    ours_us = statistics.median(ours_t) / n * 1e6
    oracle_us = statistics.median(oracle_t) / n * 1e6
    print(f"hands: {n} (seed {args.seed}), rounds: {args.rounds}, decomposer backend: {BACKEND}")
    print(f"{'':28} {'µs/hand':>10} {'hands/s':>10}")
    label = 'mjscore score("mcr")'
    print(f"{label:28} {ours_us:10.2f} {1e6 / ours_us:10.0f}")
    print(f"{'pymahjonggb (C++ binding)':28} {oracle_us:10.2f} {1e6 / oracle_us:10.0f}")
    print(f"median ratio (ours hands/s ÷ oracle hands/s): {statistics.median(ratios):.3f}"
          f"  (rounds: {', '.join(f'{r:.3f}' for r in ratios)})")


if __name__ == "__main__":
    main()
