"""Shanten and useful tiles against the reference, pymahjonggb's six shanten functions (module
``MahjongGB``, test-only): value and useful tiles of every shape, on seeded random hands with and
without melds. A seeded slice runs by default; ``make test-slow`` runs 100,000 hands and more.

The reference takes the standing tiles (``RegularShanten(hand=...)`` and the four special shapes)
or the melds and the standing tiles (``MahjongShanten(pack=..., hand=...)``); tiles are ``W1``-``W9``
(characters), ``B1``-``B9`` (dots), ``T1``-``T9`` (bamboo), ``F1``-``F4`` (winds E S W N), ``J1``-``J3``
(C F P). Its useful tiles are our useful kinds: the kinds one more copy of which lowers the count.
"""

from __future__ import annotations

import random

import pytest
from conftest import PURE
from MahjongGB import (
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongShanten,
    RegularShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
)

from scorer import efficiency_backend as core
from scorer.efficiency import efficiency
from scorer.tiles import tile_name

pytestmark = pytest.mark.twin

ORACLE = [f"W{r}" for r in range(1, 10)] + [f"B{r}" for r in range(1, 10)] + [f"T{r}" for r in range(1, 10)] \
    + ["F1", "F2", "F3", "F4", "J1", "J2", "J3"]
ALL_SHAPES = core.SEVEN_PAIRS | core.THIRTEEN_ORPHANS | core.HONORS_KNITTED | core.KNITTED_STRAIGHT
SPECIAL = {core.SEVEN_PAIRS: SevenPairsShanten, core.THIRTEEN_ORPHANS: ThirteenOrphansShanten,
           core.HONORS_KNITTED: HonorsAndKnittedTilesShanten}
# the pure twin is a thousand times slower: the same seeds, fewer hands
SLICE = 250 if PURE else 8000
SLOW = 10_000 if PURE else 120_000


def _meld(rng: random.Random, left: list[int]) -> tuple[str, int, list[int]] | None:
    """A random pung, kong or chow from the tiles left: (reference type, reference tile, kinds)."""
    for _ in range(20):
        k = rng.randrange(34)
        if rng.random() < 0.5 and k < 27 and k % 9 <= 6 and all(left[k + i] for i in range(3)):
            return "CHI", k + 1, [k, k + 1, k + 2]
        if left[k] == 4 and rng.random() < 0.3:
            return "GANG", k, [k, k, k, k]
        if left[k] >= 3:
            return "PENG", k, [k, k, k]
    return None


def random_hand(rng: random.Random) -> tuple[list[tuple[str, str, int]], list[int], list[int]]:
    """Melds (reference packs), their kinds, and standing tiles: uniform draws, draws from a few
    kinds (pairs, pungs, four alike) and near-complete hands."""
    left = [4] * 34
    packs: list[tuple[str, str, int]] = []
    meld_kinds: list[int] = []
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3, 4])):
        m = _meld(rng, left)
        if m is None:
            break
        kind, tile, kinds = m
        for k in kinds:
            left[k] -= 1
        packs.append((kind, ORACLE[tile], 1))
        meld_kinds += kinds
    n = 13 - 3 * len(packs)
    style = rng.random()
    if style < 0.4:
        pool = [k for k in range(34) for _ in range(left[k])]
    elif style < 0.8:
        kinds = rng.sample(range(34), rng.choice([4, 6, 9, 12]))
        pool = [k for k in kinds for _ in range(left[k])]
    else:  # one suit and some honours: runs, shapes close to ready
        suit = rng.randrange(3)
        pool = [k for k in [*range(9 * suit, 9 * suit + 9), *rng.sample(range(27, 34), 2)] for _ in range(left[k])]
    if len(pool) < n:
        pool = [k for k in range(34) for _ in range(left[k])]
    standing = rng.sample(pool, n)
    return packs, meld_kinds, standing


def _counts(kinds: list[int]) -> list[int]:
    c = [0] * 34
    for k in kinds:
        c[k] += 1
    return c


def _oracle(fn, standing: list[int]) -> tuple[int, list[str]]:
    value, useful = fn(hand=tuple(ORACLE[k] for k in standing))
    return value, sorted(useful)


def _ours(value_useful: tuple[int, list[int]]) -> tuple[int, list[str]]:
    value, useful = value_useful
    return value, sorted(ORACLE[k] for k in useful)


def check_hand(packs, standing) -> None:
    c = _counts(standing)
    fixed = len(packs)
    where = f"packs={packs} hand={[ORACLE[k] for k in standing]}"
    assert _ours(core.standard_useful(list(c), 4, fixed)) == _oracle(RegularShanten, standing), where
    shapes = 0
    if len(standing) in (13, 10):
        shapes |= core.KNITTED_STRAIGHT
        assert _ours(core.knitted_straight(list(c), fixed)) == _oracle(KnittedStraightShanten, standing), where
    if len(standing) == 13:
        shapes = ALL_SHAPES
        for flag, fn in SPECIAL.items():
            ours = {core.SEVEN_PAIRS: core.seven_pairs, core.THIRTEEN_ORPHANS: core.thirteen_orphans,
                    core.HONORS_KNITTED: core.honors_and_knitted}[flag](list(c))
            assert _ours(ours) == _oracle(fn, standing), f"{fn.__name__} {where}"
    best, _ = core.best(c, 4, fixed, shapes)
    assert best == MahjongShanten(pack=tuple(packs), hand=tuple(ORACLE[k] for k in standing)), where
    # every shape at once agrees with the shapes one by one
    for flag, value, mask in core.shapes(c, 4, fixed, shapes):
        one = {0: lambda: core.standard_useful(list(c), 4, fixed), core.KNITTED_STRAIGHT:
               lambda: core.knitted_straight(list(c), fixed)}.get(flag)
        if one is not None:
            v, useful = one()
            assert (value, mask) == (v, sum(1 << k for k in useful)), where


def run(seed: int, n: int) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        packs, _, standing = random_hand(rng)
        check_hand(packs, standing)


def test_a_seeded_slice_agrees_with_the_reference() -> None:
    run(20, SLICE)


@pytest.mark.slow
def test_a_hundred_thousand_hands_agree_with_the_reference() -> None:
    run(2020, SLOW)


def test_the_public_answer_carries_the_reference_counts() -> None:
    # through the notation, the variant and the answer: shapes, their counts and useful tiles
    rng = random.Random(7)
    for _ in range(25 if PURE else 300):
        packs, meld_kinds, standing = random_hand(rng)
        melds, at = "", 0
        for kind, _, _ in packs:
            size = 4 if kind == "GANG" else 3
            melds += f"[{''.join(tile_name(k) for k in meld_kinds[at:at + size])}]"
            at += size
        answer = efficiency("mcr", melds + "".join(tile_name(k) for k in standing))
        assert answer["shanten"] == MahjongShanten(pack=tuple(packs), hand=tuple(ORACLE[k] for k in standing))
        expected = {"standard": RegularShanten}
        if len(standing) == 13:
            expected |= {"seven_pairs": SevenPairsShanten, "thirteen_orphans": ThirteenOrphansShanten,
                         "honors_and_knitted": HonorsAndKnittedTilesShanten}
        if len(standing) in (13, 10):
            expected["knitted_straight"] = KnittedStraightShanten
        assert set(answer["shapes"]) == set(expected)
        # the reference sees the standing tiles only: a kind held four times counting the melds is
        # no useful draw before the hand is ready (docs/efficiency.md#useful-tiles-and-copies-left)
        all_four = {ORACLE[k] for k in range(34) if (list(meld_kinds) + list(standing)).count(k) >= 4}
        for name, fn in expected.items():
            value, useful = fn(hand=tuple(ORACLE[k] for k in standing))
            if value > 0:
                useful = [t for t in useful if t not in all_four]
            got = answer["shapes"][name]
            assert (got["shanten"], sorted(ORACLE[_kind(t)] for t in got["useful"])) == (value, sorted(useful))


def _kind(name: str) -> int:
    return next(k for k in range(34) if tile_name(k) == name)
