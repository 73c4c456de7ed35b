"""The shapes a hand can still make, and their names in an answer (docs/efficiency.md#variants)."""

from __future__ import annotations

from typing import Any

from ..efficiency_profile import (
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_DIFFERENT_PAIRS,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    THREE_GOLDS,
    Profile,
)
from ..hand import Hand

SHAPE_NAMES = {0: "standard", SEVEN_PAIRS: "seven_pairs", SEVEN_DIFFERENT_PAIRS: "seven_pairs",
               THIRTEEN_ORPHANS: "thirteen_orphans",
               HONORS_KNITTED: "honors_and_knitted", KNITTED_STRAIGHT: "knitted_straight",
               THREE_GOLDS: "three_golds"}
# shapes that admit melds, and how many: the knitted straight takes one (docs/rules/mcr.md)
MELDS_ALLOWED = {0: 99, KNITTED_STRAIGHT: 1, THREE_GOLDS: 99}


def allowed_shapes(p: Profile, ctx: Any, hand: Hand, wild: int | None) -> list[int]:
    """The shapes this hand can still make: the standard one, and each special shape its melds do
    not rule out (three golds only where there is a gold)."""
    melds = sum(1 for m in hand.melds)
    flags = p.shapes(ctx)
    out = [0]
    for flag in (SEVEN_PAIRS, SEVEN_DIFFERENT_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT, THREE_GOLDS):
        if flags & flag and melds <= MELDS_ALLOWED.get(flag, 0) and (flag != THREE_GOLDS or wild is not None):
            out.append(flag)
    return out
