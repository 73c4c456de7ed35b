"""Shanten with wilds: each wild stands for whatever lowers the count most
(docs/efficiency.md#wilds).

The value of a holding with ``w`` wilds is the least shanten over every choice of the kinds they
stand for (a fifth copy allowed: the variants lift the four-copy cap for a wild's stand-in). One
more tile lowers a shanten by one step at most, so ``natural − w`` (never below −1) bounds the
search: it is tried best-first and stops as soon as it reaches the bound. Kinds that nothing in the
holding is near are all alike for the standard shape and for seven pairs, so only one of them is
tried. Choices are multisets, memoised: the work is bounded by the multisets of at most four wilds.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import deadline
from ..efficiency_profile import (
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_DIFFERENT_PAIRS,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    THREE_GOLDS,
)
from . import backend as core

Natural = Callable[[list[int]], int]


def natural(flag: int, n_sets: int, fixed: int) -> Natural:
    """The shanten of one shape without wilds, as a function of the counts."""
    if flag == 0:
        return lambda c: core.standard(c, n_sets, fixed)
    if flag == SEVEN_PAIRS:
        return lambda c: core.seven_pairs(c)[0]
    if flag == SEVEN_DIFFERENT_PAIRS:
        return lambda c: core.seven_different_pairs(c)[0]
    if flag == THIRTEEN_ORPHANS:
        return lambda c: core.thirteen_orphans(c)[0]
    if flag == HONORS_KNITTED:
        return lambda c: core.honors_and_knitted(c)[0]
    if flag == KNITTED_STRAIGHT:
        return lambda c: core.knitted_straight(c, fixed)[0]
    raise ValueError(f"no natural count for shape {flag}")


def _alike_when_empty(flag: int) -> bool:
    """Shapes for which every kind the holding has nothing near is as good as any other."""
    return flag in (0, SEVEN_PAIRS, SEVEN_DIFFERENT_PAIRS)


def _near(counts: list[int], k: int) -> bool:
    if counts[k]:
        return True
    if k >= 27:
        return False
    r = k % 9
    return any(0 <= r + d <= 8 and counts[k + d] for d in (-2, -1, 1, 2))


class Search:
    """``value(counts, w)`` for one shape, memoised over the calls of one analysis."""

    def __init__(self, flag: int, n_sets: int, fixed: int, targets: tuple[int, ...]) -> None:
        self.flag = flag
        self.natural = natural(flag, n_sets, fixed)
        self.targets = targets
        self.memo: dict[tuple[tuple[int, ...], int], int] = {}

    def _candidates(self, counts: list[int]) -> list[int]:
        if not _alike_when_empty(self.flag):
            return list(self.targets)
        near = [k for k in self.targets if _near(counts, k)]
        lone = next((k for k in self.targets if not _near(counts, k)), None)
        return near + ([lone] if lone is not None else [])

    def value(self, counts: list[int], w: int) -> int:
        key = (tuple(counts), w)
        found = self.memo.get(key)
        if found is not None:
            return found
        base = self.natural(counts)
        if w == 0 or base == -1:
            self.memo[key] = base
            return base
        deadline.check()  # a search over what each wild stands for
        ranked = []
        for k in self._candidates(counts):
            counts[k] += 1
            ranked.append((self.natural(counts), k))
            counts[k] -= 1
        ranked.sort()
        best = min(base, ranked[0][0]) if ranked else base
        if w > 1:
            floor = max(-1, base - w)
            for v, k in ranked:
                if best == floor or max(-1, v - (w - 1)) >= best:
                    break  # the wilds left lower it by one each at most: nothing further can do better
                counts[k] += 1
                best = min(best, self.value(counts, w - 1))
                counts[k] -= 1
        self.memo[key] = best
        return best

    def lowers(self, counts: list[int], w: int, limit: int) -> bool:
        """Is ``value(counts, w)`` below ``limit``? Settled by the bounds where they suffice."""
        key = (tuple(counts), w)
        if key in self.memo:
            return self.memo[key] < limit
        base = self.natural(counts)
        if base < limit:
            return True
        if max(-1, base - w) >= limit:
            return False
        return self.value(counts, w) < limit


def three_golds(golds: int) -> int:
    """Fuzhou's 三金倒: two more golds to draw, then the third (docs/rules/fuzhou.md#what-wins)."""
    return max(0, 2 - golds)


def shape_value(flag: int, counts: list[int], wilds: int, search: Search | None) -> int:
    if flag == THREE_GOLDS:
        return three_golds(wilds)
    assert search is not None
    return search.value(counts, wilds)
