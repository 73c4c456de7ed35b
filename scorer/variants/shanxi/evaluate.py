"""Structures, waits and the pattern multiplier (docs/rules/shanxi.md#what-wins,
docs/rules/shanxi.md#items), on the shared decomposer.

Mice are removed from the concealed counts and passed as ``wilds`` with the whole 34-kind mask and
no copy cap on what they stand for (docs/rules/shanxi.md#what-wins, "The mouse game": the four-copy
limit is not checked for what a mouse stands for).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from scorer.decompose import (
    CHOW,
    PAIR,
    SEVEN_PAIRS,
    SINGLE,
    STANDARD_MASK,
    THIRTEEN_ORPHANS,
    group_tiles,
    is_winning,
    reading_texts,
    readings,
    waits,
)
from scorer.hand import Hand
from scorer.notation import format_meld
from scorer.result import WildUse
from scorer.tiles import tile_name

NO_CAP = 99  # mice may stand for a kind whose four copies are already held


def pt(kind: int) -> int:
    """Tile point: suit tiles their face value, every honour 10 (docs/rules/shanxi.md#overview)."""
    return kind % 9 + 1 if kind < 27 else 10


@dataclass(frozen=True)
class Tiles:
    """The hand as the decomposer sees it."""

    naturals: tuple[int, ...]   # concealed natural counts (37), mice removed
    wilds: int                  # mice in the concealed part
    melded: tuple[int, ...]     # counts of the tiles in melds (37)
    n_sets: int
    shapes: int
    wild: int | None

    def held(self) -> list[int]:
        """Every copy the hand holds by kind, mice counted as the wild kind."""
        out = [a + b for a, b in zip(self.naturals, self.melded, strict=True)]
        if self.wild is not None:
            out[self.wild] += self.wilds
        return out


def tiles_of(hand: Hand, wild: int | None, thirteen_orphans: bool) -> Tiles:
    naturals = hand.counts()
    wilds = 0
    if wild is not None:
        wilds = naturals[wild]
        naturals[wild] = 0
    melded = [0] * len(naturals)
    for m in hand.melds:
        for k in m.tiles:
            melded[k] += 1
    shapes = 0
    if not hand.melds:
        shapes = SEVEN_PAIRS | (THIRTEEN_ORPHANS if thirteen_orphans else 0)
    return Tiles(tuple(naturals), wilds, tuple(melded), 4 - hand.sets_fixed, shapes, wild)


def all_readings(t: Tiles) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    return readings(list(t.naturals), t.n_sets, t.wilds, STANDARD_MASK, NO_CAP, t.shapes)


def has_reading(t: Tiles) -> bool:
    """Whether ``all_readings(t)`` is not empty, by the O(1) win check."""
    return is_winning(list(t.naturals), t.n_sets, t.wilds, STANDARD_MASK, NO_CAP, t.shapes)


def hand13_waits(t: Tiles, win: int, wild_kind_as_wait: bool = True) -> list[int]:
    """The waits of the declaration rule (docs/rules/shanxi.md#what-wins, "Conditions"): kinds t with
    fewer than 4 copies in hand13 such that hand13 + t (a natural t) wins."""
    c = list(t.naturals)
    w = t.wilds
    if t.wild is not None and win == t.wild:
        w -= 1
    else:
        c[win] -= 1
    held = [a + b for a, b in zip(c, t.melded, strict=True)]
    if t.wild is not None:
        held[t.wild] += w
    out = []
    for kind, _ in waits(c, t.n_sets, w, STANDARD_MASK, NO_CAP, t.shapes, STANDARD_MASK):
        if held[kind] >= 4:
            continue
        if t.wild is not None and kind == t.wild and not wild_kind_as_wait:
            continue
        out.append(kind)
    return out


@dataclass
class Pattern:
    """The factors of one interpretation."""

    factors: list[tuple[str, int, int]] = field(default_factory=list)  # (item id, factor, count)
    shape: str = "standard"
    groups: tuple[int, ...] = ()

    @property
    def multiplier(self) -> int:
        m = 1
        for _, f, n in self.factors:
            m *= f ** n
        return m


def pattern_of(t: Tiles, groups: tuple[int, ...], standins: tuple[int, ...], *, haohua_per_quad: bool,
               stack_qingyise_yitiaolong: bool, thirteen_factor: int) -> Pattern:
    p = Pattern(groups=groups)
    pairs = [g & 63 for g in groups if g >> 6 == PAIR]
    seven = len(groups) == 7 and len(pairs) == 7
    orphans = any(g >> 6 == SINGLE for g in groups)
    if seven:
        p.shape = "seven_pairs"
        p.factors += _seven_pairs_factors(t, pairs, haohua_per_quad)
    elif orphans:
        p.shape = "thirteen_orphans"
    flush = _one_suit(t, standins)
    if flush:
        p.factors.append(("qingyise", 2, 1))
    if not seven and not orphans and _has_dragon(groups) and (stack_qingyise_yitiaolong or not flush):
        p.factors.append(("yitiaolong", 2, 1))
    if orphans:
        p.factors.append(("shisanyao", thirteen_factor, 1))
    return p


def _seven_pairs_factors(t: Tiles, pairs: list[int], haohua_per_quad: bool) -> list[tuple[str, int, int]]:
    """七小对, and 豪华 for four identical natural tiles (once, or once per such kind)."""
    factors = [("qixiaodui", 2, 1)]
    quads = sorted({k for k in pairs if pairs.count(k) >= 2 and t.naturals[k] >= 4})
    if quads:
        factors.append(("haohua", 4, len(quads) if haohua_per_quad else 1))
    return factors


def _one_suit(t: Tiles, standins: tuple[int, ...]) -> bool:
    """清一色: every tile held (melds, naturals and what the mice stand for) is of one suit."""
    kinds = {k for k, n in enumerate(t.naturals) if n} | {k for k, n in enumerate(t.melded) if n} | set(standins)
    return bool(kinds) and all(k < 27 for k in kinds) and len({k // 9 for k in kinds}) == 1


def _has_dragon(groups: tuple[int, ...]) -> bool:
    """一条龙: the chows 123, 456 and 789 of one suit."""
    chows = {g & 63 for g in groups if g >> 6 == CHOW}
    return any({s * 9, s * 9 + 3, s * 9 + 6} <= chows for s in range(3))


def best_pattern(t: Tiles, found, **kw) -> Pattern:
    """The interpretation with the largest product of factors (docs/rules/shanxi.md#what-wins, "Which
    reading counts"); the first one on a tie."""
    best: Pattern | None = None
    for groups, standins in found:
        p = pattern_of(t, groups, standins, **kw)
        if best is None or p.multiplier > best.multiplier:
            best = p
    assert best is not None
    return best


def best_pattern_counted(t: Tiles, **kw) -> tuple[Pattern, int]:
    """``best_pattern`` over ``all_readings`` and how many readings there are; for a hand holding
    mice without listing them all (search.py), which gives the same."""
    if t.wilds and not t.shapes & THIRTEEN_ORPHANS:
        searched = _best_pattern_searched(t, **kw)
        if searched is not None:
            return searched
    found = all_readings(t)
    return best_pattern(t, found, **kw), len(found)


def _best_pattern_searched(t: Tiles, **kw) -> tuple[Pattern, int] | None:
    from .search import seven_pairs_candidates, standard_best

    n_readings, best_m, best = 0, None, ((), ())
    if is_winning(list(t.naturals), t.n_sets, t.wilds, STANDARD_MASK, NO_CAP):  # sets and a pair at all
        n_readings, best_m, best = standard_best(t.naturals, t.wilds, t.melded,
                                                 stack=kw["stack_qingyise_yitiaolong"])
    candidates: list[tuple[tuple[int, ...], tuple[int, ...]]] = [best] if best_m is not None else []
    if t.shapes & SEVEN_PAIRS:
        n_pairs, pairs = seven_pairs_candidates(t.naturals)
        n_readings += n_pairs
        candidates += pairs
    chosen: Pattern | None = None
    for groups, standins in sorted(candidates):
        p = pattern_of(t, groups, standins, **kw)
        if best_m is not None and groups == best[0] and p.multiplier != best_m:
            return None  # the predicted multiplier is wrong: cannot happen; the reference decides then
        if chosen is None or p.multiplier > chosen.multiplier:
            chosen = p
    if chosen is None:
        return None  # no reading: cannot happen once the win check passed
    return chosen, n_readings


def partition_texts(hand: Hand, groups: tuple[int, ...]) -> list[str]:
    return [format_meld(m) for m in hand.melds] + reading_texts(groups)


def mouse_uses(t: Tiles, groups: tuple[int, ...]) -> list[WildUse]:
    """What each mouse stands for in a reading: one ``耗子 P → 8s`` per mouse held, group by group in
    the partition's order, natural tiles used first in each group (a mouse standing for its own
    kind included)."""
    if not t.wilds or t.wild is None:
        return []
    left = list(t.naturals)
    out: list[WildUse] = []
    for _, tiles in sorted(map(_shown, groups)):
        for k in tiles:
            if left[k]:
                left[k] -= 1
            else:
                out.append(_mouse(t.wild, k))
    return out


@lru_cache(maxsize=1024)
def _shown(code: int) -> tuple[tuple[int, int], tuple[int, ...]]:
    """A group's place in the partition's order (as ``decompose.reading_texts`` sorts) and its tiles."""
    tiles = tuple(group_tiles(code))
    return (tiles[0], code >> 6), tiles


@lru_cache(maxsize=4096)
def _mouse(wild: int, stands_for: int) -> WildUse:
    """``耗子 P → 8s`` (frozen, so one instance is shared)."""
    return WildUse(wild=tile_name(wild), name_zh="耗子", stands_for=tile_name(stands_for))
