"""Shanxi: the best interpretation found by tile group (scorer/variants/shanxi/search.py) is exactly the
reference's ``best_pattern`` over every reading ``all_readings`` lists, with the same count, on a
seeded corpus of mouse-heavy hands (standard, seven pairs, flushes, 一条龙) under varied contexts and
rule options; and whole results through ``score`` are unchanged."""

from __future__ import annotations

import random

import pytest

from scorer import registry, score
from scorer.errors import HandError
from scorer.notation import parse_tile
from scorer.tiles import tile_name
from scorer.variants.shanxi import evaluate, search

SHANXI = registry.get("shanxi")
WORST = [("4555666777mPPPP", "P"), ("4555666777m9p9p9p9p", "9p"), ("3444555666m7m7m7m7m", "7m"),
         ("2223334445m5p5p5p5p", "5p"), ("123p456s789m7s5m5m5m5m", "5m"), ("1199p19sEECW5m5m5m5m", "5m"),
         ("1234567899m1s1s1s1s", "1s"), ("11223344556m7s7s7s", "7s"), ("1122334455mCCCC", "C")]
OPTIONS = {"stack_qingyise_yitiaolong": [False], "haohua_per_quad": [True], "mouse_no_bonus": ["hand"],
           "wild_kind_as_wait": [False], "hu_point": ["max_wait"], "declare_rule": ["winning_tile"]}


def _hand(rng: random.Random) -> tuple[str, dict, dict | None]:
    """A winning hand (sets + pair, or seven pairs) with up to four mice, sometimes one suit, with a
    一条龙, or with melds."""
    wild = rng.randrange(34)
    suit = rng.randrange(3)
    pool = list(range(34)) if rng.random() < 0.6 else [k for k in range(34) if k // 9 == suit]
    counts = dict.fromkeys(range(34), 0)
    tiles: list[int] = []

    def take(g: list[int]) -> bool:
        if any(counts[x] + g.count(x) > 4 for x in g):
            return False
        for x in g:
            counts[x] += 1
        tiles.extend(g)
        return True

    shape = rng.random()
    melds: list[list[int]] = []
    if shape < 0.25:  # seven pairs
        while len(tiles) < 14:
            k = rng.choice(pool)
            take([k, k])
    else:
        if shape < 0.4:  # 一条龙
            for r in (0, 3, 6):
                take([9 * suit + r, 9 * suit + r + 1, 9 * suit + r + 2])
        while len(tiles) < 12:
            k = rng.choice(pool)
            g = [k, k + 1, k + 2] if (k < 27 and k % 9 <= 6 and rng.random() < 0.5) else [k] * 3
            take(g)
        while len(tiles) < 14:
            k = rng.choice(pool)
            if counts[k] <= 2:
                take([k, k])
        if rng.random() < 0.25:  # a pung becomes an exposed or concealed kong
            pungs = [k for k in range(34) if counts[k] == 3 and k != wild and tiles.count(k) == 3]
            if pungs:
                k = rng.choice(pungs)
                for _ in range(3):
                    tiles.remove(k)
                melds.append([k] * 4)
    n_wilds = rng.choice([1, 2, 3, 3, 4, 4, 4, 4])
    idx = rng.sample(range(len(tiles)), len(tiles))
    for i in idx:
        if tiles.count(wild) >= n_wilds:
            break
        tiles[i] = wild
    if tiles.count(wild) > 4:
        return _hand(rng)
    rng.shuffle(tiles)
    ctx: dict = {"wild": tile_name(wild), "seat_wind": rng.choice("ESWN"), "self_draw": True}
    if rng.random() < 0.3 and tiles[-1] != wild:
        ctx = {**ctx, "self_draw": False, "discarder": rng.choice([s for s in "ESWN" if s != ctx["seat_wind"]])}
    rules = {name: rng.choice(v) for name, v in OPTIONS.items() if rng.random() < 0.2} or None
    texts = []
    for m in melds:
        left, right = rng.choice(["[]", "()", "{}"])
        texts.append(left + tile_name(m[0]) * 4 + right)
    return "".join(texts) + "".join(tile_name(x) for x in tiles), ctx, rules


def _corpus(seed: int, n: int) -> list[tuple[str, dict, dict | None]]:
    rng = random.Random(seed)
    cases = [(h, {"wild": w, "self_draw": True, "seat_wind": "S"}, None) for h, w in WORST]
    while len(cases) < n:
        cases.append(_hand(rng))
    return cases


@pytest.mark.parametrize("seed", range(3))
def test_search_matches_every_reading(seed):
    searched = 0
    for hand, ctx, rules in _corpus(seed, 110):
        try:
            c = SHANXI.context(ctx)
            opts = SHANXI.rules(rules).options
            h = SHANXI.parse_hand(hand, c, None)
        except HandError:
            continue
        t = evaluate.tiles_of(h, parse_tile(c.wild), c.thirteen_orphans)
        found = evaluate.all_readings(t)
        assert evaluate.has_reading(t) == bool(found)
        if not found:
            continue
        kw = {"haohua_per_quad": opts.haohua_per_quad, "stack_qingyise_yitiaolong": opts.stack_qingyise_yitiaolong,
              "thirteen_factor": opts.thirteen_orphans_factor}
        expect = (evaluate.best_pattern(t, found, **kw), len(found))
        for cold in (True, False):  # the per-group memo empty, then filled
            if cold:
                search._TABLES.clear()
            got = evaluate._best_pattern_searched(t, **kw)
            assert got == expect, (hand, ctx, rules)
        searched += t.wilds > 0
    assert searched >= 80


def test_whole_results_are_unchanged(monkeypatch):
    """Through ``score``: the whole result (partition, items, details, payments) is the reference's."""
    results = []
    for hand, ctx, rules in _corpus(77, 60):
        try:
            results.append((hand, ctx, rules, score("shanxi", hand, ctx, rules).as_dict()))
        except HandError:
            continue
    monkeypatch.setattr(evaluate, "_best_pattern_searched", lambda t, **kw: None)
    for hand, ctx, rules, got in results:
        assert score("shanxi", hand, ctx, rules).as_dict() == got, (hand, ctx, rules)


def test_worst_hand_counts_every_reading():
    r = score("shanxi", "4555666777m9p9p9p9p", {"wild": "9p", "self_draw": True})
    assert r.valid and r.details["readings"] == 895 + 1  # standard readings + the seven pairs 44 55 55 66 66 77 77
