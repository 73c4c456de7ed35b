"""Riichi scoring speed: ``score("riichi", ...)`` with every field of the result read, against the
``mahjong`` package's ``HandCalculator.estimate_hand_value``.

Both run in this process on the same seeded hands: the differential-test generator
(tests/riichi_generator.py: every preset and rule option, every context field, melds, kans, red
fives, seven pairs, kokushi, the yakuman shapes, hands that do not win or have no yaku), the
contradictory contexts left out, and the hands the oracle cannot take (four plain fives) too. Each
library gets its native input prepared beforehand: our notation string, context dict and rules; the
oracle's 136-format tiles, melds, indicators and ``HandConfig``. Our side reads every field of the
explained result back by attribute, as bench/run.py does for MCR (``reading.read_every_field``, with
``read_every_riichi_field``'s details: each item's and exclusion's fields, the partition, the payments, the rules, the details with the
fu breakdown, dora counts and cost, the context used); a second line serialises each result whole
(``jsonio.dumps``), for reference. The oracle's side reads its han, fu, cost and every yaku's name and
han. No result is cached. Rounds are interleaved (ours read, ours serialised, the oracle's) and the
medians reported, with the median of the per-round ratios; the count of requests the compiled entry
(``compiled.full_path``) answers itself is printed too. Run: ``.venv/bin/python bench/riichi.py
[--n 3000 --rounds 7]``.
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

from reading import read_every_field  # noqa: E402
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


def read_every_riichi_field(r: Any) -> int:
    """Every field of a riichi result read by attribute (``reading.read_every_field``), and the
    details' own parts: the dora counts, the fu breakdown, the cost."""
    seen = read_every_field(r)
    d = r.details
    seen += d["dealer"] + d["riichi_sticks"] + sum(d["dora"].values())
    if "han" in d:
        seen += d["han"] + d["fu"] + len(d["limit"])
        for part in d["fu_items"]:
            seen += len(part["reason"]) + part["fu"] + len(part["tiles"])
    if "cost" in d:
        seen += d["cost"]["main"] + d["cost"]["additional"]
    return seen


def ours_runner(rows: list[Row], serialised: bool = False) -> Callable[[], int]:
    def run() -> int:
        seen = 0
        for h, c, r in rows:
            seen += read_every_riichi_field(score("riichi", h, c, r))
        return seen

    def run_serialised() -> int:
        seen = 0
        for h, c, r in rows:
            seen += len(dumps(score("riichi", h, c, r)))
        return seen
    return run_serialised if serialised else run


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


Figures = tuple[int, float, float, float, list[float]]


def measure(n: int, rounds: int, seed: int, serialised: bool = False) -> Figures:
    """(hands, our µs/hand, the oracle's µs/hand, median ratio, per-round ratios): every field read,
    or (``serialised``) each result serialised whole."""
    return measure_both(n, rounds, seed)[1 if serialised else 0]


def measure_both(n: int, rounds: int, seed: int) -> tuple[Figures, Figures]:
    """``measure``'s figures with every field read, and serialised, from the same interleaved rounds."""
    rows = corpus(n, seed)
    runners = (ours_runner(rows), ours_runner(rows, serialised=True), oracle_runner(rows))
    for run in runners:  # warm up
        run()
    times: tuple[list[float], list[float], list[float]] = ([], [], [])
    for _ in range(rounds):
        for run, kept in zip(runners, times, strict=True):
            t = time.perf_counter()
            run()
            kept.append(time.perf_counter() - t)
    k = len(rows)
    oracle_t = times[2]

    def figures(ours_t: list[float]) -> Figures:
        ratios = [b / a for a, b in zip(ours_t, oracle_t, strict=True)]
        return (k, statistics.median(ours_t) / k * 1e6, statistics.median(oracle_t) / k * 1e6,
                statistics.median(ratios), ratios)
    return figures(times[0]), figures(times[1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=20240601)
    args = ap.parse_args()
    from scorer.variants.riichi import compiled

    read, serialised = measure_both(args.n, args.rounds, args.seed)
    hands, ours, oracle, ratio, ratios = read
    print(f"hands: {hands} (seed {args.seed}), rounds: {args.rounds}, riichi backend: {compiled.BACKEND}, "
          f"taken by the compiled entry (the rest by the checked path): {taken(corpus(args.n, args.seed))}")
    print(f"{'':44} {'µs/hand':>10} {'hands/s':>10}")
    print(f"{'mjscore score(riichi), every field read':44} {ours:10.2f} {1e6 / ours:10.0f}")
    print(f"{'mjscore score(riichi), serialised (dumps)':44} {serialised[1]:10.2f} {1e6 / serialised[1]:10.0f}")
    print(f"{'mahjong estimate_hand_value':44} {oracle:10.2f} {1e6 / oracle:10.0f}")
    print(f"median ratio, every field read (ours hands/s ÷ oracle hands/s): {ratio:.3f}  (target ≥ 10×; rounds: "
          f"{', '.join(f'{r:.3f}' for r in ratios)})")
    print(f"median ratio, serialised: {serialised[3]:.3f}  (rounds: {', '.join(f'{r:.3f}' for r in serialised[4])})")


if __name__ == "__main__":
    main()
