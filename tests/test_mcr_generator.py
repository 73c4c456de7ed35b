"""The MCR hand generator and the oracle translator, proved against pymahjonggb alone (no scorer needed)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from mcr_generator import generate
from mcr_oracle import (
    ALL_FAN_IDS,
    CONTEXT_DEFAULTS,
    contradiction,
    full_context,
    oracle_fans,
    oracle_total,
    parse_hand,
    parse_tiles,
    tile_text,
)

SEED = 20261129
N = 3000
MIN_COVERAGE = 5


@pytest.fixture(scope="module")
def rows() -> list[tuple[str, dict]]:
    return generate(N, SEED)


@pytest.fixture(scope="module")
def answers(rows) -> list[Counter]:
    return [oracle_fans(hand, ctx) for hand, ctx in rows]


def _ids(answer: Counter) -> set[str]:
    return {fan_id for fan_id, _points, _count in answer}


# --------------------------------------------------------------------------- generator


def test_deterministic():
    assert generate(300, 7) == generate(300, 7)
    assert generate(300, 7) != generate(300, 8)
    assert generate(N, SEED)[:50] == generate(50, SEED)  # a prefix does not depend on n


_MELD = re.compile(r"\[(\d+[mps]|[ESWNCFP]+)(,[123])?\]|\{(\d{4}[mps]|[ESWNCFP]{4})\}|\((\d{4}[mps]|[ESWNCFP]{4})\)")
_TILES = re.compile(r"(?:\d+[mps]|[ESWNCFP])+")


def test_well_formed(rows):
    shapes = Counter()
    for hand, ctx in rows:
        # lexical form: melds first, then concealed tiles, nothing else
        pos = 0
        while m := _MELD.match(hand, pos):
            pos = m.end()
        rest = hand[pos:]
        assert _TILES.fullmatch(rest), hand
        parsed = parse_hand(hand)
        kongs = sum(1 for m in parsed.melds if m.kind == "kong")
        tiles = parsed.all_tiles()
        assert len(tiles) == 14 + kongs, hand
        assert max(Counter(tiles).values()) <= 4, hand
        for m in parsed.melds:
            if m.bracket in "{(":
                assert m.kind == "kong" and m.offer is None, hand
        # the winning tile is written last, after the rest of the concealed part in ascending order
        before = parsed.concealed[:-1]
        assert before == sorted(before), hand
        assert rest.endswith(tile_text(parsed.win)), hand
        assert len(parsed.concealed) == 14 + kongs - 3 * len(parsed.melds) - kongs, hand
        # context: our field names, sane values
        assert set(ctx) <= set(CONTEXT_DEFAULTS), ctx
        full = full_context(ctx)
        assert full["seat_wind"] in "ESWN" and full["round_wind"] in "ESWN", ctx
        assert isinstance(full["flowers"], int) and 0 <= full["flowers"] <= 8, ctx
        for flag in ("self_draw", "last_tile", "kong_win", "last_wall"):
            assert isinstance(full[flag], bool), ctx
        shapes[len(parsed.melds)] += 1
    assert set(shapes) == {0, 1, 2, 3, 4}, shapes


def test_contradictions_are_a_few_percent(rows):
    kinds = Counter(contradiction(hand, ctx) for hand, ctx in rows)
    bad = N - kinds[None]
    assert 0.01 * N <= bad <= 0.06 * N, kinds
    assert len(kinds) == 5, kinds  # every one of the four contradictions occurs


def test_oracle_accepts_every_row(rows, answers):
    # the fixture already ran the oracle on every row (a TypeError would have failed it); every
    # non-contradictory answer holds at least one fan
    for (hand, ctx), answer in zip(rows, answers, strict=True):
        if contradiction(hand, ctx) is None:
            assert answer, (hand, ctx)


def test_oracle_honours_consistent_flags(rows, answers):
    """On non-contradictory rows the oracle scores what the flags say (so the translation of the context is
    right); on contradictory rows it silently corrects the flags
    (docs/rules/mcr.md#errors-a-context-that-contradicts-the-hand)."""
    for (hand, ctx), answer in zip(rows, answers, strict=True):
        full = full_context(ctx)
        ids = _ids(answer)
        why = contradiction(hand, ctx)
        if why is None:
            robbing = full["kong_win"] and not full["self_draw"]
            if robbing:
                assert "robbing_the_kong" in ids, (hand, ctx, answer)
            if full["kong_win"] and full["self_draw"]:
                assert "out_with_replacement_tile" in ids, (hand, ctx, answer)
            if full["last_wall"]:
                assert ("last_tile_draw" if full["self_draw"] else "last_tile_claim") in ids, (hand, ctx, answer)
            if full["last_tile"] and not robbing:
                assert "last_tile" in ids, (hand, ctx, answer)
            if full["flowers"]:
                assert ("flower_tiles", 1, full["flowers"]) in answer, (hand, ctx, answer)
            else:
                assert "flower_tiles" not in ids
            continue
        if why.startswith("robbing a kong together with last_wall"):
            assert {"robbing_the_kong", "last_tile_claim"} <= ids, (hand, ctx, answer)
            continue
        parsed = parse_hand(hand)
        fixed = dict(full)
        if fixed["last_tile"] and parsed.concealed.count(parsed.win) > 1:
            fixed["last_tile"] = False
        if fixed["kong_win"] and fixed["self_draw"] and not any(m.kind == "kong" for m in parsed.melds):
            fixed["kong_win"] = False
        if fixed["kong_win"] and not fixed["self_draw"] and parsed.all_tiles().count(parsed.win) > 1:
            fixed["kong_win"] = False
        assert fixed != full, (hand, ctx, why)
        assert oracle_fans(hand, fixed) == answer, (hand, ctx, why)


def coverage_table(rows, answers) -> Counter:
    cov: Counter = Counter()
    for (hand, ctx), answer in zip(rows, answers, strict=True):
        if contradiction(hand, ctx) is None:
            for fan_id in _ids(answer):
                cov[fan_id] += 1
    return cov


def test_every_fan_is_covered(rows, answers):
    cov = coverage_table(rows, answers)
    short = [f for f in ALL_FAN_IDS if cov[f] < MIN_COVERAGE]
    table = "\n".join(f"{cov[f]:6d}  {f}" for f in ALL_FAN_IDS)
    assert not short, f"fans below {MIN_COVERAGE} occurrences: {short}\ncoverage over {N} rows:\n{table}"
    assert set(cov) <= set(ALL_FAN_IDS)


def test_every_shape_is_generated(rows, answers):
    ids = Counter()
    for answer in answers:
        ids.update(_ids(answer))
    # special shapes, each recognised by the oracle's fan
    for fan in ("seven_pairs", "seven_shifted_pairs", "thirteen_orphans", "lesser_honors_and_knitted_tiles",
                "greater_honors_and_knitted_tiles", "knitted_straight", "nine_gates"):
        assert ids[fan] >= MIN_COVERAGE, fan
    seen = Counter()
    for (hand, _ctx), answer in zip(rows, answers, strict=True):
        p = parse_hand(hand)
        if "knitted_straight" in _ids(answer) and len(p.melds) <= 1:
            seen[f"knitted straight with {len(p.melds)} meld"] += 1
        c = Counter(p.all_tiles())
        if not p.melds and len(c) <= 6 and all(v in (2, 4) for v in c.values()):
            seen["seven pairs with four of a kind"] += 1
        for m in p.melds:
            seen[(m.bracket, m.kind, m.offer is not None)] += 1
    assert seen["seven pairs with four of a kind"] >= MIN_COVERAGE
    assert seen["knitted straight with 0 meld"] >= MIN_COVERAGE
    assert seen["knitted straight with 1 meld"] >= MIN_COVERAGE
    for key in [("[", "chow", False), ("[", "chow", True), ("[", "pung", False), ("[", "pung", True),
                ("[", "kong", False), ("[", "kong", True), ("{", "kong", False), ("(", "kong", False)]:
        assert seen[key] >= MIN_COVERAGE, (key, seen)


# --------------------------------------------------------------------------- translator


def test_parser():
    assert parse_tiles("123m5pECFP") == [0, 1, 2, 13, 27, 31, 32, 33]
    p = parse_hand("[123m,2]{5555p}(EEEE)[999s]C3m")  # not a win; the parser only counts tiles
    assert [(m.bracket, m.kind, m.offer) for m in p.melds] == [
        ("[", "chow", 2), ("{", "kong", None), ("(", "kong", None), ("[", "pung", None)]
    assert p.win == 2 and p.concealed == [31, 2]
    with pytest.raises(ValueError):
        parse_hand("[124m]123m456m789mEE")
    with pytest.raises(ValueError):
        parse_hand("123m456m789mEE")  # 11 tiles


# Worked examples of the MCR rule specification (see test_mcr_fixtures), through our translation (dragons,
# kongs, winds, flags)
EXAMPLES = [
    ("[NNN]77789m11888p7m", {}, {"tile_hog": 2, "two_concealed_pungs": 2, "pung_of_terminals_or_honors": 1,
                                 "one_voided_suit": 1}),
    ("[123p]55m12379s789p8s", {}, {"three_suited_terminal_chows": 16, "closed_wait": 1}),
    ("[678s]147m369s25pSS8p", {}, {"knitted_straight": 12}),
    ("1112345678999m5m", {}, {"nine_gates": 88, "two_concealed_pungs": 2, "pung_of_terminals_or_honors": 1}),
    ("147s2333469m258p3m", {}, {"knitted_straight": 12, "concealed_hand": 2, "all_chows": 2, "tile_hog": 2,
                                "closed_wait": 1}),
    ("[999p]147m258s369pPP", {}, {"knitted_straight": 12, "tile_hog": 2, "pung_of_terminals_or_honors": 1,
                                  "single_wait": 1}),
    ("[234s][666s]33888sFFF", {}, {"all_green": 88, "dragon_pung": 2}),
    ("[CCC]FFFPPP234m5s5s", {}, {"big_three_dragons": 88, "two_concealed_pungs": 2, "one_voided_suit": 1,
                                 "single_wait": 1}),
    ("[1111m](5555p)234s678s9p9p", {}, {"pung_of_terminals_or_honors": 1, "no_honors": 1, "single_wait": 1,
                                        "concealed_kong_and_melded_kong": 5}),
    ("{1111m}(5555p)234s678s9p9p", {}, {"pung_of_terminals_or_honors": 1, "no_honors": 1, "single_wait": 1,
                                        "concealed_kong_and_melded_kong": 5}),
    ("[2222m][5555p]345s789s8s8s", {}, {"two_melded_kongs": 4, "no_honors": 1, "closed_wait": 1}),
    ("[123m][567p]789p45sEE3s", {"flowers": 2}, {"chicken_hand": 8, "flower_tiles": 2}),
    ("[1111m][567p]789p45sEE3s", {"self_draw": True, "kong_win": True},
     {"out_with_replacement_tile": 8, "pung_of_terminals_or_honors": 1, "melded_kong": 1}),
    ("[123m][567p]789p45sEE3s", {"kong_win": True, "last_wall": True},
     {"last_tile_claim": 8, "robbing_the_kong": 8}),
    ("[123m][567p]789p45sEE3s", {"self_draw": True, "last_wall": True}, {"last_tile_draw": 8}),
    ("[123m][567p]789p45sEE3s", {"last_tile": True}, {"last_tile": 4}),
    ("[EEE][SSS]WWW123mNN", {}, {"little_four_winds": 64, "half_flush": 6, "outside_hand": 4,
                                 "prevalent_wind": 2, "seat_wind": 2, "single_wait": 1}),
    ("[SSS]123m456p789s5s5s", {"seat_wind": "S", "round_wind": "W"},
     {"mixed_straight": 8, "seat_wind": 2, "single_wait": 1}),
    ("[SSS]123m456p789s5s5s", {"seat_wind": "N", "round_wind": "S"},
     {"mixed_straight": 8, "prevalent_wind": 2, "single_wait": 1}),
]


@pytest.mark.parametrize(("hand", "ctx", "expected"), EXAMPLES)
def test_translation_examples(hand, ctx, expected):
    got = Counter()
    for (fan_id, points, count), n in oracle_fans(hand, ctx).items():
        got[fan_id] += points * count * n
    assert dict(got) == expected
    assert oracle_total(hand, ctx) == sum(expected.values())


def test_added_kong_scores_as_a_claimed_kong():
    # the binding has no promoted-kong input: {1111m} goes in as ("GANG", "W1", 1), like a claimed kong,
    # and the offer digit never matters
    base = oracle_fans("[1111m][567p]789p45sEE3s", {})
    assert base == Counter({("pung_of_terminals_or_honors", 1, 1): 1, ("melded_kong", 1, 1): 1})
    assert oracle_fans("{1111m}[567p]789p45sEE3s", {}) == base
    assert oracle_fans("[1111m,3][567p,2]789p45sEE3s", {}) == base
    assert oracle_fans("(1111m)[567p]789p45sEE3s", {}) != base  # a concealed kong is different


def test_contradiction_examples():
    assert contradiction("[123m][567p]789p45sEE3s", {"self_draw": True, "kong_win": True})
    assert contradiction("[1111m][567p]789p45sEE3s", {"self_draw": True, "kong_win": True}) is None
    assert contradiction("[345s][567p]789p45sEE3s", {"kong_win": True})  # 3s also in a meld
    assert contradiction("[123m][567p]789p345s3s3s", {"kong_win": True})  # 3s also concealed
    assert contradiction("[123m][567p]789p45sEE3s", {"kong_win": True}) is None
    assert contradiction("[123m][567p]789p45sEE3s", {"kong_win": True, "last_wall": True})
    assert contradiction("[1111m][567p]789p45sEE3s",
                         {"self_draw": True, "kong_win": True, "last_wall": True}) is None
    assert contradiction("[123m][567p]789p45sEE3s", {"kong_win": True, "last_tile": True}) is None
    assert contradiction("[123m][567p]789p345s3s3s", {"last_tile": True})
    assert contradiction("[333s][567p]789p45sEE3s", {"last_tile": True}) is None  # copies in a meld only
