"""A hand one tile short as the counting sees it: its shanten per shape and its useful tiles
(docs/efficiency.md#what-shanten-means), through the shanten core (``backend``) or, with wilds, the
search of ``wilds``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..efficiency_profile import THREE_GOLDS, Profile
from ..errors import HandError
from ..hand import Hand
from ..tiles import NUM_KINDS, tile_name
from . import backend as core
from .shapes import SHAPE_NAMES, allowed_shapes
from .wilds import Search, three_golds


@dataclass(slots=True)
class Holding:
    """A hand one tile short as the counting sees it: natural kinds (stand-ins mapped), wilds apart."""

    profile: Profile
    wild: int | None
    fixed: int
    flags: list[int]
    counts: list[int]          # natural concealed tiles by the kind they play
    wilds: int                 # concealed wilds
    concealed: list[int]       # concealed tiles by physical kind
    searches: dict[tuple[int, int], Search] = field(default_factory=dict)  # shared by one request's holdings

    @classmethod
    def of(cls, p: Profile, hand: Hand, ctx: Any, wild: int | None, concealed: list[int] | None = None,
           searches: dict[tuple[int, int], Search] | None = None) -> Holding:
        phys = concealed if concealed is not None else hand.counts()
        counts = [0] * (37 if p.kinds[-1] >= 34 else 34)
        wilds = 0
        for k, n in enumerate(phys):
            if not n:
                continue
            if k == wild:
                wilds += n
            else:
                counts[p.identity(k, wild)] += n
        return cls(p, wild, hand.sets_fixed, allowed_shapes(p, ctx, hand, wild), counts, wilds, list(phys),
                   searches if searches is not None else {})

    @property
    def natural(self) -> bool:
        """No wild in the game: the core counts every shape at once. (Where there is one, a wild
        drawn is tried as a wild, even by a hand holding none yet.)"""
        return self.wild is None

    def search(self, flag: int) -> Search:
        key = (flag, self.fixed)
        if key not in self.searches:
            self.searches[key] = Search(flag, self.profile.n_sets, self.fixed, self.profile.wild_targets
                                        or self.profile.kinds)
        return self.searches[key]

    def value(self, flag: int, counts: list[int], wilds: int) -> int:
        if flag == THREE_GOLDS:
            return three_golds(wilds)
        return self.search(flag).value(counts, wilds)

    def shapes(self) -> list[tuple[int, int, list[int]]]:
        """``[(shape flag, shanten, useful physical kinds)]``."""
        if self.natural and THREE_GOLDS not in self.flags:
            mask = sum(self.flags)
            return [(flag, v, [k for k in self.profile.kinds if m >> k & 1])
                    for flag, v, m in core.shapes(self.counts, self.profile.n_sets, self.fixed, mask)]
        return [self._shape(flag) for flag in self.flags]

    def _shape(self, flag: int) -> tuple[int, int, list[int]]:
        base = self.value(flag, self.counts, self.wilds)
        if flag == THREE_GOLDS:
            golds = [self.wild] if self.wild is not None else []  # the three-golds shape is Fuzhou's: a gold is named
            return flag, base, list(self.profile.kinds) if self.wilds >= 3 else golds
        useful = []
        for t in self.profile.kinds:
            if self.concealed[t] >= self.profile.copies and base > 0:
                continue  # all its copies held: a fifth is only a formal wait
            if t == self.wild:
                lower = self.search(flag).lowers(self.counts, self.wilds + 1, base)
            else:
                k = self.profile.identity(t, self.wild)
                self.counts[k] += 1
                lower = self.search(flag).lowers(self.counts, self.wilds, base)
                self.counts[k] -= 1
            if lower:
                useful.append(t)
        return flag, base, useful


def copies_left(p: Profile, held: list[int], seen: list[int]) -> list[int]:
    """Copies of each kind not seen: in the hand, its melds or outside it."""
    return [max(0, p.copies - held[k] - seen[k]) for k in range(NUM_KINDS)]


def check_seen(p: Profile, held: list[int], seen: list[int]) -> None:
    """Tiles seen that would make more copies of a kind than the set holds, with the hand's, are an error."""
    over = [f"{tile_name(k)} ({held[k]} in the hand, {seen[k]} visible)" for k in p.kinds
            if seen[k] and held[k] + seen[k] > p.copies]
    if over:
        raise HandError(f"visible: more than {p.copies} copies of {', '.join(over)}", None, "bad_visible")


def summary(h: Holding, left: list[int], held: list[int]) -> dict[str, Any]:
    """The shanten per shape and their useful tiles. A kind held four times, melds included, is
    useful only to a shape already ready: its fifth copy is a formal wait, never a draw."""
    found = [(flag, v, kinds if v <= 0 else [k for k in kinds if held[k] < h.profile.copies])
             for flag, v, kinds in h.shapes()]
    low = min(v for _, v, _ in found)
    useful = sorted({k for _, v, kinds in found if v == low for k in kinds})
    return {
        "shanten": low,
        "shapes": {SHAPE_NAMES[flag]: {"shanten": v, "useful": [tile_name(k) for k in kinds]} for flag, v, kinds in found},
        "useful": [{"tile": tile_name(k), "left": left[k]} for k in useful],
        "tiles_left": sum(left[k] for k in useful),
        "_useful": useful,
    }
