"""Fu, with the breakdown (docs/rules/riichi.md#fu): 20 base; 10 for a concealed ron; 2 for a
self-draw (not with pinfu); each triplet 2, doubled for a terminal or honour, doubled when
concealed, four times as a kan; 2 for a dragon or value-wind pair (4 for a double wind); 2 for a
closed, edge or pair wait; rounded up to 10. Pinfu self-drawn is 20, an open hand with no fu 30,
seven pairs 25, thirteen orphans 0."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.seats import WIND_TILE

from .context import RiichiContext
from .shapes import KANCHAN, PENCHAN, TANKI, Reading
from .yaku import DRAGONS, is_terminal_or_honour


@dataclass(frozen=True, slots=True)
class FuItem:
    reason: str
    fu: int
    tiles: str = ""

    def as_dict(self) -> dict[str, object]:
        return {"reason": self.reason, "fu": self.fu, "tiles": self.tiles}


def fu_of(reading: Reading, ctx: RiichiContext, closed: bool, pinfu: bool) -> tuple[int, list[FuItem]]:
    """The reading's fu (rounded up to 10) and what it is made of."""
    if reading.shape == "kokushi":
        return 0, []
    if reading.shape == "chiitoitsu":
        return 25, [FuItem("chiitoitsu", 25)]
    items = [FuItem("base", 20)]
    if pinfu and ctx.self_draw:
        return 20, items
    if closed and not ctx.self_draw:
        items.append(FuItem("closed_ron", 10))
    if ctx.self_draw:
        items.append(FuItem("tsumo", 2))
    for g in reading.sets:
        if not g.is_triplet:
            continue
        fu = 2 * (2 if is_terminal_or_honour(g.tile) else 1) * (2 if g.concealed else 1) * (4 if g.kind == "kan" else 1)
        state = "closed" if g.concealed else "open"
        what = "terminal_" if is_terminal_or_honour(g.tile) else ""
        items.append(FuItem(f"{state}_{what}{'kan' if g.kind == 'kan' else 'pon'}", fu, g.text))
    pair = reading.pair
    winds = (pair.tile == WIND_TILE[ctx.seat_wind]) + (pair.tile == WIND_TILE[ctx.round_wind])
    if pair.tile in DRAGONS or winds == 1:
        items.append(FuItem("valued_pair", 2, pair.text))
    elif winds == 2:
        items.append(FuItem("double_valued_pair", 4, pair.text))
    if reading.wait in (KANCHAN, PENCHAN, TANKI):
        items.append(FuItem({KANCHAN: "kanchan", PENCHAN: "penchan", TANKI: "pair_wait"}[reading.wait], 2))
    raw = sum(i.fu for i in items)
    if not closed and raw == 20:
        items.append(FuItem("open_pinfu", 10))  # an open hand with no fu is worth 30
        raw = 30
    return -(-raw // 10) * 10, items
