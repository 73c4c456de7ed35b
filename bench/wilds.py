"""Worst cases of the wild-tile variants: every gold / 得 assignment matters, so the cost grows
with the number of wilds. Reports the median and the worst per-hand scoring time.

    .venv/bin/python bench/wilds.py [--random 300] [--repeat 200] [--exhaustive]

Fuzhou: 4 golds in a 17-tile hand (a robbed gold makes the 4th); each hand-picked hand is
reported on its own (median of ``--repeat`` calls). Up to 1,305 readings of the golds exist, but
the score needs only their count, whether one is 金雀 and the one shown, which
scorer/variants/fuzhou/arrangements.py finds without listing them; ``--exhaustive`` times the
full listing instead (``scoring._evaluate_exhaustive``, the way it was done before). The random
hands are timed once each (mostly not winning, told by the O(1) win check); the winning ones are
also reported apart. Huangyan: 4 得 in a 14-tile hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorer import score  # noqa: E402
from scorer.errors import HandError  # noqa: E402

SUITED = [f"{r}{s}" for s in "mps" for r in range(1, 10)]
FUZHOU_WORST = [("3444555666777m4p4p4p4p", "4p"), ("5556667778889m4m4m4m4m", "4m"), ("1122335566778m4m4m4m4m", "4m"),
                ("356m15788p24899s4m4m4m4m", "4m"), ("3555666777888m4m4m4m4m", "4m")]
HUANGYAN_WORST = [("123p456s789m7s5m5m5m5m", "5m"), ("4555666777m9p9p9p9p", "9p"), ("1199p19sEECW5m5m5m5m", "5m")]


def timed(variant: str, hand: str, ctx: dict, repeat: int = 5) -> float:
    """The median time of ``repeat`` calls (one call: its time)."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        try:
            score(variant, hand, ctx)
        except HandError:
            pass
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def random_hands(rng: random.Random, n: int, size: int, wild: str) -> list[str]:
    out = []
    while len(out) < n:
        tiles = [rng.choice([t for t in SUITED if t != wild]) for _ in range(size - 4)] + [wild] * 4
        if all(tiles.count(t) <= 4 for t in set(tiles)):
            out.append("".join(tiles[:-1]) + tiles[-1])
    return out


def report(name: str, times: list[float]) -> None:
    print(f"{name:44} n={len(times):4}  median {statistics.median(times) * 1e3:7.3f} ms  "
          f"worst {max(times) * 1e3:7.3f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--random", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=200)
    ap.add_argument("--exhaustive", action="store_true", help="Fuzhou: list every reading (the old way)")
    args = ap.parse_args()
    if args.exhaustive:
        import scorer.variants.fuzhou as fuzhou
        from scorer.variants.fuzhou.scoring import _evaluate_exhaustive

        fuzhou.evaluate = _evaluate_exhaustive  # type: ignore[assignment]
    rng = random.Random(20261129)
    for hand, wild in FUZHOU_WORST:
        us = timed("fuzhou", hand, {"wild": wild, "rob_gold": True}, args.repeat) * 1e6
        print(f"fuzhou {hand:26} wild {wild}  median {us:8.1f} µs")
    fuzhou_ctx = {"wild": "4m", "rob_gold": True}
    report("fuzhou: hand-picked 4-gold hands",
           [timed("fuzhou", h, {"wild": w, "rob_gold": True}, args.repeat) for h, w in FUZHOU_WORST])
    hands = random_hands(rng, args.random, 17, "4m")
    report("fuzhou: random 17-tile hands with 4 golds", [timed("fuzhou", h, fuzhou_ctx, 1) for h in hands])
    winning = [h for h in hands if score("fuzhou", h, fuzhou_ctx).valid]
    if winning:
        report("fuzhou: the winning ones, again (once each)", [timed("fuzhou", h, fuzhou_ctx, 1) for h in winning])
    hy_ctx = {"wild": "5m", "self_draw": True}
    report("huangyan: hand-picked 4-wild hands",
           [timed("huangyan", h, {**hy_ctx, "wild": w}) for h, w in HUANGYAN_WORST])
    report("huangyan: random 14-tile hands with 4 wilds",
           [timed("huangyan", h, hy_ctx, 1) for h in random_hands(rng, args.random, 14, "5m")])


if __name__ == "__main__":
    main()
