"""What tile efficiency needs to know of each variant: its tiles, its sets, its shapes and its wilds
(docs/efficiency.md#variants, from each variant's rules page under docs/rules/).

One row per variant: the kinds of its tile set, the sets of a winning hand, the special shapes it
allows (and when), and how its context names the wild. Everything else is the variant's own
machinery (parsing, waits, scoring), reached through the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .hand import Hand
from .notation import parse_tile
from .tiles import NUM_STANDARD_KINDS, WHITE

SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT = 1, 2, 4, 8
THREE_GOLDS = 16  # Fuzhou's 三金倒: three golds self-drawn win whatever the rest

SHAPE_NAMES = {0: "standard", SEVEN_PAIRS: "seven_pairs", THIRTEEN_ORPHANS: "thirteen_orphans",
               HONORS_KNITTED: "honors_and_knitted", KNITTED_STRAIGHT: "knitted_straight",
               THREE_GOLDS: "three_golds"}
# shapes that admit melds, and how many: the knitted straight takes one (docs/rules/mcr.md)
MELDS_ALLOWED = {0: 99, KNITTED_STRAIGHT: 1, THREE_GOLDS: 99}


def _wild_of(ctx: Any) -> int | None:
    wild = getattr(ctx, "wild", None)
    if isinstance(wild, list | tuple):
        wild = wild[0] if wild else None
    return parse_tile(wild) if isinstance(wild, str) else wild


def _no_wild(ctx: Any) -> int | None:
    return None


def _shanxi_shapes(ctx: Any) -> int:
    return SEVEN_PAIRS | (THIRTEEN_ORPHANS if getattr(ctx, "thirteen_orphans", False) else 0)


@dataclass(frozen=True, slots=True)
class Profile:
    """A variant as tile efficiency sees it."""

    kinds: tuple[int, ...]              # its tile set
    n_sets: int                         # sets of a winning hand (a pair besides)
    shapes: Callable[[Any], int]        # its special shapes under this context (flags above)
    wild: Callable[[Any], int | None]   # the kind whose copies are wild, if any
    wild_targets: tuple[int, ...]       # what a wild may stand for
    white_stands_in: bool = False       # Huangyan: a White board is a natural tile of the wild's kind
    copies: int = 4

    def identity(self, kind: int, wild: int | None) -> int:
        """The kind a physical tile plays (the White board as the wild's kind in Huangyan)."""
        if self.white_stands_in and wild is not None and wild != WHITE and kind == WHITE:
            return wild
        return kind


STANDARD_KINDS = tuple(range(NUM_STANDARD_KINDS))
SUITED = tuple(range(27))
LONG_CARDS = (*SUITED, 34, 35, 36)

PROFILES: dict[str, Profile] = {
    "mcr": Profile(STANDARD_KINDS, 4, lambda ctx: SEVEN_PAIRS | THIRTEEN_ORPHANS | HONORS_KNITTED | KNITTED_STRAIGHT,
                   _no_wild, ()),
    "hebei": Profile(STANDARD_KINDS, 4, lambda ctx: SEVEN_PAIRS | THIRTEEN_ORPHANS, _no_wild, ()),
    "shanxi": Profile(STANDARD_KINDS, 4, _shanxi_shapes, _wild_of, STANDARD_KINDS),
    "huangyan": Profile(STANDARD_KINDS, 4, lambda ctx: 0, _wild_of, STANDARD_KINDS, white_stands_in=True),
    "fuzhou": Profile(SUITED, 5, lambda ctx: THREE_GOLDS, _wild_of, SUITED),
    "nantong": Profile(LONG_CARDS, 7, lambda ctx: 0, _no_wild, ()),
}


def profile(variant_id: str) -> Profile | None:
    return PROFILES.get(variant_id)


def allowed_shapes(p: Profile, ctx: Any, hand: Hand, wild: int | None) -> list[int]:
    """The shapes this hand can still make: the standard one, and each special shape its melds do
    not rule out (three golds only where there is a gold)."""
    melds = sum(1 for m in hand.melds)
    flags = p.shapes(ctx)
    out = [0]
    for flag in (SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT, THREE_GOLDS):
        if flags & flag and melds <= MELDS_ALLOWED.get(flag, 0) and (flag != THREE_GOLDS or wild is not None):
            out.append(flag)
    return out
