"""MCR scoring speed: ``score("mcr", ...)`` against pymahjonggb's ``MahjongFanCalculator``.

Both run in this process on the same generated winning hands (the differential-test generator,
contradictory contexts left out), each library given its own native input prepared beforehand
(our notation string + context dict; the oracle's tile-name tuples). Rounds are interleaved and
the median of the per-round ratios is reported. Run: ``.venv/bin/python bench/mcr.py [--n 5000]``.

A second line times the C fan evaluator alone (``evaluate.fast_outcome`` on hand facts prepared
beforehand: every reading scored and one chosen, no parsing, no Result) -- for information only;
the ratio is the end-to-end one.
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
    core = _core_us(ours_inputs, args.rounds)
    if core is not None:
        print(f"{'  of which C fan evaluator':28} {core:10.2f} {1e6 / core:10.0f}  (facts prepared; not in the ratio)")


def _core_us(inputs: list[tuple[str, dict]], rounds: int) -> float | None:
    import importlib

    from scorer import registry
    from scorer.variants.mcr.division import hand_facts

    ev = importlib.import_module("scorer.variants.mcr.evaluate")
    if ev._fast is None:
        return None
    v = registry.get("mcr")
    prepared = []
    for h, c in inputs:
        ctx = v.context(c)
        hand = v.parse_hand(h, ctx, None)
        facts = hand_facts(hand, ctx.self_draw, ctx.last_wall, ctx.kong_win, ctx.last_tile, 0)
        prepared.append((facts, ctx.seat_wind, ctx.round_wind, True))
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        for p in prepared:
            ev.fast_outcome(*p)
        times.append(time.perf_counter() - t)
    return statistics.median(times) / len(prepared) * 1e6


if __name__ == "__main__":
    main()
