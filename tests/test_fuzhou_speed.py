"""Fuzhou's fast scoring path against the full enumeration of every gold reading (bounded, seeded).

``evaluate`` finds the count of arrangements, the golden bird and the shown arrangement without
listing every concrete reading of the golds; ``_evaluate_exhaustive`` is the plain listing it
replaced. Both must agree on everything the result shows. No timing is asserted here: the times
are in bench/wilds.py.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorer import score
from scorer.decompose import SUITED_MASK, readings
from scorer.errors import HandError
from scorer.registry import get
from scorer.variants.fuzhou import scoring as fz
from scorer.variants.fuzhou.arrangements import (
    _suit_covers_slow,
    arrangement_summary,
    count_arrangements,
    is_bird,
    shown_arrangement,
    suit_covers,
)
from scorer.variants.fuzhou.validate import check

FLOWER_TILES = [f"{n}f" for n in range(1, 9)] + [f"{n}z" for n in range(1, 8)]
RULES: list[Any] = [None] * 14 + ["golds_count", {"stack_bonuses": True}, {"running_gold_shape": "any_gold"},
                                  {"running_gold_shape": "off"}, {"three_golds_on_discard": True},
                                  {"golds_as_flowers": True, "discard_payers": "all"}]


def tile(k: int) -> str:
    return f"{k % 9 + 1}{'mps'[k // 9]}"


def _group(rng: random.Random, kinds: list[int]) -> list[int]:
    k = rng.choice(kinds)
    if k % 9 <= 6 and rng.random() < 0.55:
        return [k, k + 1, k + 2]
    return [k, k, k]


def random_case(rng: random.Random, wild_heavy: bool = False) -> dict[str, Any]:
    """A Fuzhou request: mostly a winning shape (melds, then sets and a pair) with 0-4 of its
    concealed tiles turned into golds, sometimes one tile changed or a random hand; random flowers,
    seats and flags, sometimes a non-default rule set."""
    wild = rng.randrange(27)
    suits = rng.sample(range(3), rng.choice([1, 1, 2, 3]))
    kinds = [k for k in range(27) if k // 9 in suits and k != wild and (k % 9 <= 6 or rng.random() < 0.8)]
    rob = rng.random() < (0.6 if wild_heavy else 0.25)
    golds = rng.choice([3, 4, 4] if wild_heavy else [0, 1, 1, 2, 2, 3, 4])
    if golds == 4 and not rob and rng.random() < 0.9:
        rob = True
    n_melds = 0 if wild_heavy or rng.random() < 0.5 else rng.choice([1, 1, 2, 3, 4, 5])
    for _ in range(50):
        counts = [0] * 27
        melds: list[str] = []
        for _ in range(n_melds):
            g = _group(rng, [k for k in range(27) if k != wild])
            kind = rng.random()
            if g[0] == g[1] and kind < 0.35:
                g = g + [g[0]]
                melds.append(rng.choice(["[{}]", "({})", "{{{}}}"]).format("".join(str(k % 9 + 1) for k in g)
                                                                         + "mps"[g[0] // 9]))
            else:
                melds.append("[{}]".format("".join(str(k % 9 + 1) for k in g) + "mps"[g[0] // 9]))
            for k in g:
                counts[k] += 1
        concealed: list[int] = []
        if rng.random() < 0.12 and not wild_heavy:  # a random concealed part
            concealed = [rng.choice(kinds) for _ in range(17 - 3 * n_melds)]
        else:
            for _ in range(5 - n_melds):
                concealed += _group(rng, kinds)
            p = rng.choice(kinds)
            concealed += [p, p]
            if rng.random() < 0.25 and not wild_heavy:  # one tile changed: often not winning
                concealed[rng.randrange(len(concealed))] = rng.choice(kinds)
        for k in concealed:
            counts[k] += 1
        if any(c > 4 for c in counts):
            continue
        rng.shuffle(concealed)
        for i in range(min(golds, len(concealed))):
            concealed[i] = wild
        rng.shuffle(concealed)
        if rob and wild in concealed:
            concealed.remove(wild)
            concealed.append(wild)
        break
    text = "".join(melds) + "".join(tile(k) for k in concealed)
    ctx: dict[str, Any] = {"wild": tile(wild)}
    flowers = rng.sample(FLOWER_TILES, rng.choice([0, 0, 0, 1, 2, 3, 5]))
    if rng.random() < 0.1:
        flowers += [rng.choice(["1z", "5z"])] * 4 if rng.random() < 0.5 else ["1f", "2f", "3f", "4f"]
    if flowers or rng.random() < 0.3:
        ctx["flowers"] = "".join(flowers)
    if rob:
        ctx["rob_gold"] = True
    else:
        ctx["self_draw"] = rng.random() < 0.5
    seat = rng.choice("ESWN")
    if rng.random() < 0.8:
        ctx["seat_wind"] = seat
    else:
        ctx["dealer"] = rng.random() < 0.5
    if not rob and not ctx["self_draw"] and rng.random() < 0.6:
        ctx["discarder"] = rng.choice([s for s in "ESWN" if s != seat])
    if rng.random() < 0.5:
        ctx["dealer_streak"] = rng.randrange(4)
    if rng.random() < 0.3:
        ctx["base"] = rng.randrange(1, 4)
    if rng.random() < 0.08:
        ctx["you_jin"] = True
    if rng.random() < 0.08:
        ctx["passed_hu"] = True
    if rng.random() < 0.08 and concealed:
        ctx["win_tile"] = tile(rng.choice(concealed))
    return {"hand": text, "context": ctx, "rules": rng.choice(RULES)}


def corpus(seed: int, n: int, wild_heavy: bool = False) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [random_case(rng, wild_heavy) for _ in range(n)]


def run(case: dict[str, Any]) -> dict[str, Any]:
    """The full JSON of a case's result, or of its input error."""
    try:
        return score("fuzhou", case["hand"], case["context"], case["rules"]).as_dict()
    except HandError as err:
        return {"error": err.as_dict()}


WILD_HEAVY = corpus(20261129, 300, wild_heavy=True) + corpus(7, 300)


def _prepared(case: dict[str, Any]):
    v = get("fuzhou")
    try:
        ctx = v.context(case["context"])
        opts = v.rules(case["rules"]).options
        hand, facts = check(ctx, text=case["hand"])
    except HandError:
        return None
    return hand, facts, opts


def test_corpus_is_wild_heavy_and_mostly_winning():
    prepared = [p for p in map(_prepared, WILD_HEAVY[:300]) if p is not None]
    heavy = [p for p in prepared if p[0].concealed.count(p[1].wild) >= 3]
    assert len(heavy) >= 200
    outcomes = [fz.evaluate(*p) for p in heavy]
    assert sum(o.valid for o in outcomes) >= 150
    assert sum("golden_bird" in o.bonuses for o in outcomes) >= 50


@pytest.mark.parametrize("chunk", range(6))
def test_fast_path_equals_the_full_enumeration(chunk):
    for case in WILD_HEAVY[chunk * 100:(chunk + 1) * 100]:
        p = _prepared(case)
        if p is None:
            continue
        fast, slow = fz.evaluate(*p), fz._evaluate_exhaustive(*p)
        assert fast == slow, case


@pytest.mark.parametrize("golds", range(5))
def test_summary_equals_the_listing_by_gold_count(golds):
    """The arrangement summary alone (count, golden bird, shown reading) on hands of each gold count."""
    rng = random.Random(1000 + golds)
    seen = 0
    for _ in range(400):
        n_sets = rng.choice([5, 5, 5, 4, 3, 2, 1, 0])
        wild = rng.randrange(27)
        kinds = [k for k in range(27) if k != wild and k // 9 in rng.sample(range(3), rng.choice([1, 2, 3]))]
        counts = [0] * 37
        tiles = [rng.choice(kinds) for _ in range(3 * n_sets + 2 - golds)] if rng.random() < 0.2 else []
        if not tiles:
            for _ in range(n_sets):
                tiles += _group(rng, kinds)
            p = rng.choice(kinds)
            tiles += [p, p]
            rng.shuffle(tiles)
            tiles = tiles[golds:]
            tiles = [t if t != wild else rng.choice(kinds) for t in tiles]
        for k in tiles:
            counts[k] += 1
        if any(c > 4 for c in counts):
            continue
        seen += 1
        arrs = readings(counts, n_sets, golds, SUITED_MASK, 99)
        birds = [r for r in arrs if is_bird(*r)]
        pool = birds or arrs
        chosen = max(pool, key=lambda r: r[1].count(wild)) if pool else None
        naturals = tuple(counts[:27])
        assert arrangement_summary(naturals, n_sets, golds, wild) == (len(arrs), bool(birds), chosen)
        # each way on its own, also where arrangement_summary would list the readings
        assert count_arrangements(naturals, n_sets, golds) == len(arrs)
        if arrs:
            assert shown_arrangement(naturals, n_sets, golds, wild, bool(birds)) == chosen
    assert seen > 250


def test_suit_covers_tables_equal_the_programme_worked_out():
    """The per-suit counts from the import-time step tables (and the closed form of an empty suit)
    equal the same programme with its steps worked out as it goes."""
    rng = random.Random(77)
    for spare in range(9):
        assert suit_covers((0,) * 9, spare) == _suit_covers_slow((0,) * 9, spare)
    for _ in range(1500):
        v = [0] * 9
        for _ in range(rng.randrange(1, 15)):
            v[rng.randrange(9)] += 1
        key, spare = tuple(min(c, 4) for c in v), rng.randrange(5)
        suit_covers.cache_clear()
        assert suit_covers(key, spare) == _suit_covers_slow(key, spare), (key, spare)


def test_worst_hands_unchanged():
    """The hands timed in bench/wilds.py, fast against exhaustive."""
    hands = [("3444555666777m4p4p4p4p", "4p"), ("5556667778889m4m4m4m4m", "4m"), ("1122335566778m4m4m4m4m", "4m"),
             ("356m15788p24899s4m4m4m4m", "4m"), ("3555666777888m4m4m4m4m", "4m")]
    for hand, wild in hands:
        p = _prepared({"hand": hand, "context": {"wild": wild, "rob_gold": True}, "rules": None})
        assert p is not None
        assert fz.evaluate(*p) == fz._evaluate_exhaustive(*p)


def test_full_results_equal_the_full_enumeration(monkeypatch):
    """Whole results (items, partition, details, payments) with the fast path and with the listing."""
    import scorer.variants.fuzhou as fuzhou

    cases = WILD_HEAVY[::3]
    fast = [run(c) for c in cases]
    monkeypatch.setattr(fuzhou, "evaluate", fz._evaluate_exhaustive)
    assert [run(c) for c in cases] == fast


def test_score_reuses_the_check_only_for_the_same_hand_and_context():
    v = get("fuzhou")
    rules = v.rules(None)
    ctx = v.context({"wild": "4m", "rob_gold": True})
    hand = v.parse_hand("5556667778889m4m4m4m4m", ctx, None)
    assert v.score(hand, ctx, rules).details["bonus"] == "golden_bird"
    ctx.wild = "9m"  # changed after parse_hand: score checks the request again
    with pytest.raises(HandError):  # the robbed winning tile 4m is no longer the gold
        v.score(hand, ctx, rules)
    other = v.parse_hand("5556667778889m4m4m4m4m", v.context({"wild": "4m", "rob_gold": True}), None)
    r = v.score(other, v.context({"wild": "4m", "rob_gold": True, "flowers": "1f"}), rules)  # another context
    assert (r.details["flower_points"], r.details["bonus_points"]) == (1, 60)
