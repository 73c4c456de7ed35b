"""Riichi scoring speed: ``score("riichi", ...)`` with every field of the result read, against the
``mahjong`` package's ``HandCalculator.estimate_hand_value``.

Both run in this process on the same seeded hands: the differential-test generator
(tests/riichi_generator.py: every preset and rule option, every context field, melds, kans, red
fives, seven pairs, kokushi, the yakuman shapes, hands that do not win or have no yaku), the
contradictory contexts left out, and the hands the oracle cannot take (four plain fives) too. Each
library gets its native input prepared beforehand: our notation string, context dict and rules; the
oracle's 136-format tiles, melds, indicators and ``HandConfig``. Our side reads the whole explained
result back (``Result.as_dict()``: the items, exclusions, partition, payments, fu breakdown, cost,
context echo); the oracle's side reads its han, fu, cost and every yaku's name and han. No result is
cached. Rounds are interleaved (ours, then the oracle's) and the medians reported, with the median of
the per-round ratios; the count of requests the compiled entry (``compiled.full_path``) answers
itself is printed too. Run: ``.venv/bin/python bench/riichi.py [--n 3000 --rounds 7]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from riichi_generator import generate  # noqa: E402
from riichi_oracle import (  # noqa: E402
    _config,
    _melds,
    _to_136,
    contradiction,
    full_context,
    parse_hand,
    parse_tiles,
    resolve_rules,
)

from scorer import score  # noqa: E402
from scorer.jsonio import dumps  # noqa: E402

Row = tuple[str, dict[str, Any], Any]


def corpus(n: int, seed: int) -> list[Row]:
    """The generator's rows the oracle takes (no contradiction, a 136-format form exists)."""
    out = []
    for hand, ctx, rules in generate(n, seed):
        if contradiction(hand, ctx) is not None:
            continue
        try:
            oracle_input(hand, ctx, rules)
        except ValueError:
            continue
        out.append((hand, ctx, rules))
    return out


def oracle_input(hand_str: str, ctx: dict[str, Any], rules: Any) -> tuple:
    """``estimate_hand_value``'s arguments, as tests/riichi_oracle.py builds them."""
    hand = parse_hand(hand_str)
    c = full_context(ctx)
    r = resolve_rules(rules)
    tiles136, (dora136, ura136) = _to_136(hand, [parse_tiles(c["dora_indicators"]),
                                                 parse_tiles(c["ura_dora_indicators"])])
    return (tiles136, tiles136[-1], _melds(hand, tiles136), dora136, _config(c, r), ura136)


def ours_runner(rows: list[Row]) -> Callable[[], int]:
    def run() -> int:
        seen = 0
        for h, c, r in rows:
            seen += len(dumps(score("riichi", h, c, r)))
        return seen
    return run


def oracle_runner(rows: list[Row]) -> Callable[[], int]:
    from mahjong.hand_calculating.hand import HandCalculator

    prepared = [oracle_input(h, c, r) for h, c, r in rows]
    estimate = HandCalculator.estimate_hand_value

    def run() -> int:
        seen = 0
        for tiles, win, melds, dora, config, ura in prepared:
            a = estimate(tiles, win, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura)
            seen += (a.han or 0) + (a.fu or 0) + len(a.error or "")
            if a.cost:
                seen += a.cost["main"] + a.cost["additional"] + len(a.cost["yaku_level"])
            for y in a.yaku or ():
                seen += len(y.name) + (y.han_closed or 0) + (y.han_open or 0)
        return seen
    return run


def taken(rows: list[Row]) -> int:
    """How many requests the compiled entry (``Riichi.full_fast``) answers itself."""
    from scorer import engine

    full = engine._full_path("riichi")
    return 0 if full is None else sum(full(h, c, r) is not None for h, c, r in rows)


def measure(n: int, rounds: int, seed: int) -> tuple[int, float, float, float, list[float]]:
    """(hands, our µs/hand, the oracle's µs/hand, median ratio, per-round ratios)."""
    rows = corpus(n, seed)
    ours, oracle = ours_runner(rows), oracle_runner(rows)
    ours(), oracle()  # warm up
    ours_t, oracle_t, ratios = [], [], []
    for _ in range(rounds):
        t = time.perf_counter()
        ours()
        a = time.perf_counter() - t
        t = time.perf_counter()
        oracle()
        b = time.perf_counter() - t
        ours_t.append(a)
        oracle_t.append(b)
        ratios.append(b / a)
    k = len(rows)
    return (k, statistics.median(ours_t) / k * 1e6, statistics.median(oracle_t) / k * 1e6,
            statistics.median(ratios), ratios)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=20240601)
    args = ap.parse_args()
    from scorer.variants.riichi import compiled

    hands, ours, oracle, ratio, ratios = measure(args.n, args.rounds, args.seed)
    print(f"hands: {hands} (seed {args.seed}), rounds: {args.rounds}, riichi backend: {compiled.BACKEND}, "
          f"taken by the compiled entry (the rest by the checked path): {taken(corpus(args.n, args.seed))}")
    print(f"{'':40} {'µs/hand':>10} {'hands/s':>10}")
    print(f"{'mjscore score(riichi), result read':40} {ours:10.2f} {1e6 / ours:10.0f}")
    print(f"{'mahjong estimate_hand_value':40} {oracle:10.2f} {1e6 / oracle:10.0f}")
    print(f"median ratio (ours hands/s ÷ oracle hands/s): {ratio:.3f}  (target ≥ 10×; rounds: "
          f"{', '.join(f'{r:.3f}' for r in ratios)})")


if __name__ == "__main__":
    main()
