"""What a set, a pair and a winning-tile placement are worth in Huangyan (docs/rules/huangyan.md#items):
the table both the winner's reference scoring (scoring.py) and the search by tile group (search.py)
read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from scorer.decompose import CHOW, PAIR, PUNG
from scorer.tiles import DRAGONS, WHITE, WINDS, is_terminal, tiles_text

from .context import HuangyanRules

SIMPLE, HARD, SEAT = 0, 1, 2
VALUES = {
    "exposed_pung": (2, 4, 8),
    "concealed_pung": (4, 8, 16),
    "exposed_kong": (8, 16, 32),
    "concealed_kong": (16, 32, 64),
}
_CATEGORY = ("simple", "hard", "own seat wind")
PAIR_POINTS = 2  # a seat-wind or dragon pair
WAIT_POINTS = 2  # 嵌档 (and, as options, 边张 / 单吊)
SELF_DRAW_POINTS = 2

# A lightweight item while searching: (id, points, factor, tiles, detail)
Row = tuple[str, int, int, str, "str | None"]


@dataclass(frozen=True)
class Env:
    wild: int
    seat: int
    round: int | None
    winner: bool
    opts: HuangyanRules

    def ident(self, x: int) -> int:
        if self.opts.white_also_wild:
            return x
        return self.wild if (x == WHITE and self.wild != WHITE) else x

    def is_wild(self, x: int) -> bool:
        return x == self.wild or (self.opts.white_also_wild and x == WHITE)

    def dragon(self, x: int) -> bool:
        return x in DRAGONS and (x != self.wild or self.opts.wild_dragon_is_dragon)

    def hard(self, x: int) -> bool:
        return x in WINDS or is_terminal(x) or self.dragon(x)

    def category(self, x: int) -> int:
        if self.winner and x == self.seat:
            return SEAT
        return HARD if self.hard(x) else SIMPLE

    def set_points(self, item: str, x: int) -> int:
        """Points of a set of identity ``x`` scored as ``item`` (exposed_pung, concealed_pung, ...)."""
        cat = self.category(x)
        vals = VALUES[item]
        return vals[HARD] + vals[SEAT] if (cat == SEAT and self.opts.seat_wind_column == "bonus") else vals[cat]

    def set_row(self, item: str, x: int, n: int, detail: str | None = None) -> Row:
        text = _CATEGORY[self.category(x)] + (f"; {detail}" if detail else "")
        return (item, self.set_points(item, x), 1, set_text(x, n), text)

    def pair_item(self, x: int) -> str | None:
        """The item a pair of identity ``x`` scores (``PAIR_POINTS``), or None."""
        if x == self.seat:
            return "pair_seat_wind"
        if self.dragon(x):
            return "pair_dragon"
        return None

    def pair_row(self, x: int) -> Row | None:
        item = self.pair_item(x)
        return None if item is None else (item, PAIR_POINTS, 1, set_text(x, 2), None)

    def set_fan_items(self, x: int) -> list[str]:
        """The fans (one doubling each) of a pung or kong of identity ``x``."""
        items = []
        if x == self.seat:
            items.append("seat_wind_set")
        if self.dragon(x):
            items.append("dragon_set")
        if self.opts.round_wind_fan and self.round is not None and x == self.round:
            items.append("round_wind_set")
        return items

    def set_fans(self, x: int, n: int) -> list[Row]:
        text = set_text(x, n)
        return [(item, 0, 2, text, None) for item in self.set_fan_items(x)]


@lru_cache(maxsize=256)
def set_text(x: int, n: int) -> str:
    """``n`` copies of kind ``x`` as text (``555m``): a pair, pung or kong's tiles."""
    return tiles_text([x] * n)


def natural_placements(env: Env, tid: int, pair: int | None, chows: list[int], pungs: list[int],
                       self_draw: bool) -> list[tuple[int, int, str | None, bool]]:
    """Where a natural winning tile of identity ``tid`` can sit in a reading, in the order tried:
    (PAIR/CHOW/PUNG, the set's lowest tile, the wait item it scores (``WAIT_POINTS``) or None,
    whether it completes a pung that then scores as exposed: docs/rules/huangyan.md#exposed-pung)."""
    opts = env.opts
    out: list[tuple[int, int, str | None, bool]] = []
    if pair == tid:
        out.append((PAIR, tid, "single_wait" if opts.wait_points == "closed_edge_single" else None, False))
    seen: set[int] = set()
    for lo in chows:
        if not lo <= tid <= lo + 2 or lo in seen:
            continue
        seen.add(lo)
        wait = None
        if tid == lo + 1:
            wait = "closed_wait"
        elif opts.wait_points == "closed_edge_single" and (
                (lo % 9 == 0 and tid == lo + 2) or (lo % 9 == 6 and tid == lo)):
            wait = "edge_wait"
        out.append((CHOW, lo, wait, False))
    if tid in pungs:
        out.append((PUNG, tid, None, not self_draw and opts.discard_pung_exposed))
    return out
