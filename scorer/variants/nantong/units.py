"""Base hu (docs/rules/nantong.md#items): every player's units and their values."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.hand import Exposure, Hand, MeldKind
from scorer.notation import format_meld
from scorer.tiles import RED_FLOWER, THOUSAND, WHITE_FLOWER, tile_name, tiles_text

from .context import NantongRules

NINE_STRINGS = 26  # 9s: kinds 18-26 are strings (s)
OLD_GENERALS = frozenset({THOUSAND, WHITE_FLOWER, RED_FLOWER, NINE_STRINGS})

BASE = {
    "exposed_pung": 2,
    "concealed_triplet": 4,
    "exposed_kong": 8,
    "concealed_kong": 12,
    "four_in_hand": 12,
    "opening_declaration": 16,
    "tiandi_hezi": 16,
}


def is_old(k: int) -> bool:
    return k in OLD_GENERALS


def indicator_doubles(ind: int, x: int, scope: str) -> bool:
    """Step 2 of "How a unit is doubled" (docs/rules/nantong.md#items, option ``indicator_scope``):
    does indicator ``ind`` double a unit of kind ``x``?"""
    if is_old(ind) or is_old(x):
        return is_old(ind) and is_old(x)  # an old-general indicator doubles all four
    if scope == "rank":
        return ind % 9 == x % 9
    if scope == "tile":
        return ind == x
    if scope == "suit":
        return ind // 9 == x // 9
    return ind % 9 % 3 == x % 9 % 3  # family 1-4-7 / 2-5-8 / 3-6-9


@dataclass(frozen=True, slots=True)
class Unit:
    id: str       # item id
    kind: int     # tile kind X
    tiles: str    # display, e.g. "[555m]", "222m", "<44p>"
    value: int = 0
    detail: str = ""


def value_of(uid: str, x: int, indicators: list[int], opts: NantongRules) -> tuple[int, str]:
    """The unit's value after its own doublings, and the chain as text (docs/rules/nantong.md#items)."""
    v = BASE[uid]
    exact = x in indicators
    chain = [f"base {v}"]
    if uid == "concealed_triplet" and exact:
        v = 12
        chain = ["base 12 (exact)"]
    if is_old(x):
        v *= 2
        chain.append("×2 (old)")
    for ind in indicators:
        if indicator_doubles(ind, x, opts.indicator_scope):
            v *= 2
            chain.append(f"×2 ({tile_name(ind)})")
    if exact and (uid == "exposed_pung" or (uid == "opening_declaration" and opts.declaration_exact_match
                                            and x in indicators)):
        v *= 2
        chain.append("×2 (exact)")
    return v, " ".join(chain)


def _unit(uid: str, x: int, tiles: str, indicators: list[int], opts: NantongRules) -> Unit:
    v, detail = value_of(uid, x, indicators, opts)
    return Unit(uid, x, tiles, v, detail)


def meld_units(hand: Hand, indicators: list[int], opts: NantongRules) -> list[Unit]:
    """Units of the fixed groups: melds, declarations, the Hezi."""
    out = []
    for m in hand.melds:
        x = m.tiles[0]
        if m.exposure is Exposure.DECLARED:
            uid = "tiandi_hezi" if m.kind is MeldKind.PAIR else "opening_declaration"
        elif m.kind is MeldKind.PUNG:
            uid = "exposed_pung"
        elif m.exposure is Exposure.CONCEALED:
            uid = "concealed_kong"
        else:  # [XXXX] or {XXXX}
            uid = "exposed_kong"
        out.append(_unit(uid, x, format_meld(m), indicators, opts))
    return out


def concealed_units(counts: list[int], indicators: list[int], opts: NantongRules,
                    discard_win: bool = False, w: int | None = None,
                    only: frozenset[int] | None = None) -> list[Unit]:
    """Triplets and fours held in the concealed part: the count rule and the winning card on a discard
    (docs/rules/nantong.md#items).

    ``only`` (count_rule off) restricts the units to the kinds the chosen partition holds as triplets.
    """
    out = []
    for x, n in enumerate(counts):
        if n < 3 or (only is not None and x not in only):
            continue
        text = tiles_text([x] * n)
        if discard_win and x == w:
            held = n - 1
            if held == 2:
                out.append(_unit("exposed_pung", x, text, indicators, opts))
            elif held == 3:
                out.append(_unit(opts.discard_fourth, x, text, indicators, opts))
        elif n == 3:
            out.append(_unit("concealed_triplet", x, text, indicators, opts))
        elif n == 4:
            out.append(_unit("four_in_hand", x, text, indicators, opts))
    return out


def ceil10(x: int) -> int:
    return -(-x // 10) * 10
