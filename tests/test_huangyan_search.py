"""Huangyan: the winner's search by tile group (scorer/variants/huangyan/search.py) gives exactly what
scoring every reading gives (``score_winner_exhaustive``), on a seeded corpus of wild-heavy hands
under varied contexts and rule options: the same best reading, items, placement of the winning tile,
partition, 得 assignment and number of readings, and the same whole result through ``score``."""

from __future__ import annotations

import random

import pytest

from scorer import registry, score
from scorer.errors import HandError
from scorer.notation import parse_tile
from scorer.tiles import WHITE, tile_name
from scorer.variants.huangyan import scoring, search

HUANGYAN = registry.get("huangyan")
# bench/wilds.py's worst hands and a few more of the same kind
WORST = [("123p456s789m7s5m5m5m5m", "5m"), ("4555666777m9p9p9p9p", "9p"), ("1199p19sEECW5m5m5m5m", "5m"),
         ("3444555666m7m7m7m7m", "7m"), ("4555666777mPPPP", "P"), ("2223334445mEEEE", "E"),
         ("11123456789m9m9m9m", "9m"), ("[EEE]1112345m5m5m5m", "5m")]
OPTIONS = {
    "seat_wind_column": ["bonus"], "full_flush_fans": [0, 2], "no_wild_fans": [2],
    "wild_restored": ["per_wild", "any_once"], "three_wilds": ["three_fans", "pung"],
    "lazi_before_rounding": [True], "lazi_limit": [500, 2000], "wait_points": ["closed_edge_single"],
    "all_pungs_points": [4], "discard_pung_exposed": [False], "wild_discard_win": ["natural"],
    "closed_wait_with_wild": [True], "round_wind_fan": [True], "flush_by": ["face"],
    "white_also_wild": [True], "wild_dragon_is_dragon": [True],
}


def _hand(rng: random.Random) -> tuple[str, dict, dict | str | None]:
    """A winning hand (by identities) with up to four 得 (mostly three or four) and some melds."""
    wild = rng.choice([rng.randrange(34), rng.choice([4, 13, 27, 31, 33])])
    kinds = [k for k in range(34) if k != WHITE or wild == WHITE]
    pool = kinds
    flush = rng.random()
    if flush < 0.3:
        suit = rng.randrange(3)
        pool = [k for k in kinds if k // 9 == suit] + ([k for k in kinds if k >= 27] if flush < 0.1 else [])
    counts = dict.fromkeys(range(34), 0)
    groups: list[list[int]] = []
    while len(groups) < 4:
        k = rng.choice(pool)
        g = [k, k + 1, k + 2] if (k < 27 and k % 9 <= 6 and rng.random() < 0.5) else [k] * 3
        if all(counts[x] + g.count(x) <= 4 for x in g):
            for x in g:
                counts[x] += 1
            groups.append(g)
    while True:
        k = rng.choice(pool)
        if counts[k] <= 2:
            counts[k] += 2
            break
    n_melds = rng.choice([0, 0, 0, 0, 1, 1, 2])
    melds = [g for g in groups[:n_melds] if wild not in g]
    conc = [x for g in groups[len(melds):] for x in g] + [k, k]
    # the 得: some concealed tiles become wilds; an identity-wild natural is a White stand-in
    phys = [WHITE if (x == wild and wild != WHITE) else x for x in conc]
    n_wilds = rng.choice([1, 2, 3, 3, 4, 4, 4, 4])
    for i in rng.sample(range(len(phys)), len(phys)):
        if sum(1 for x in phys if x == wild) >= n_wilds:
            break
        phys[i] = wild
    rng.shuffle(phys)
    ctx: dict = {"wild": tile_name(wild), "seat_wind": rng.choice("ESWN"),
                 "self_draw": rng.random() < 0.5 or phys[-1] == wild}
    if rng.random() < 0.3:
        ctx["round_wind"] = rng.choice("ESWN")
    rules: dict | str | None = None
    if rng.random() < 0.1:
        rules = "client"
    elif rng.random() < 0.4:
        rules = {name: rng.choice(values) for name, values in OPTIONS.items() if rng.random() < 0.2}
    texts = ["[" + "".join(tile_name(WHITE if (x == wild and wild != WHITE) else x) for x in g) + "]" for g in melds]
    return "".join(texts) + "".join(tile_name(x) for x in phys), ctx, rules


def _corpus(seed: int, n: int) -> list[tuple[str, dict, dict | str | None]]:
    rng = random.Random(seed)
    cases = [(h, {"wild": w, "self_draw": True, "seat_wind": s}, None) for h, w in WORST for s in "ES"]
    while len(cases) < n:
        cases.append(_hand(rng))
    return cases


def _scored(sc: scoring.Scored | None):
    if sc is None:
        return None
    return (sc.key, sc.lazi, sc.rows, sc.partition, sc.wild_as, sc.winning_set)


@pytest.mark.parametrize("seed", range(3))
def test_search_matches_every_reading_scored(seed):
    searched = 0
    for hand, ctx, rules in _corpus(seed, 110):
        try:
            c = HUANGYAN.context(ctx)
            opts = HUANGYAN.rules(rules).options
            h = HUANGYAN.parse_hand(hand, c, None)
        except HandError:
            continue
        args = (h, parse_tile(c.wild), c.seat_wind, c.self_draw, c.round_wind, opts)
        expect = scoring.score_winner_exhaustive(*args)
        w = scoring.winner_of(*args)
        for cold in (True, False):  # the per-group memo empty, then filled
            if cold:
                search._TABLES.clear()
            got = scoring._score_winner_searched(h, w, c.self_draw, opts)
            if got is None:  # outside the search's scope: score_winner takes the exhaustive search
                assert not w.wilds or opts.three_wilds == "pung" or (w.win_wild and opts.closed_wait_with_wild)
                break
            assert (_scored(got[0]), got[1]) == (_scored(expect[0]), expect[1]), (hand, ctx, rules)
        else:
            searched += 1
    assert searched >= 80


def test_whole_results_are_unchanged(monkeypatch):
    """Through ``score``: the result (items, partition, details, payments) with the search equals the
    result with every reading scored."""
    cases = _corpus(99, 60)
    results = []
    for hand, ctx, rules in cases:
        ctx = {**ctx, "others": {s: "123m456p789s1122z" for s in "ESWN" if s != ctx["seat_wind"]}}
        try:
            results.append((hand, ctx, rules, score("huangyan", hand, ctx, rules).as_dict()))
        except HandError:
            continue
    monkeypatch.setattr(scoring, "_score_winner_searched", lambda *a: None)
    for hand, ctx, rules, got in results:
        assert score("huangyan", hand, ctx, rules).as_dict() == got, (hand, ctx, rules)


def test_worst_hands_count_every_reading():
    for hand, wild in WORST[:3]:
        r = score("huangyan", hand, {"wild": wild, "self_draw": True})
        assert r.details["readings"] == scoring.score_winner_exhaustive(
            HUANGYAN.parse_hand(hand, HUANGYAN.context({"wild": wild, "self_draw": True}), None),
            parse_tile(wild), "E", True, None, HUANGYAN.rules(None).options)[1]
    assert score("huangyan", "4555666777m9p9p9p9p", {"wild": "9p", "self_draw": True}).details["readings"] == 895
