"""Fu, with the breakdown (docs/rules/riichi.md#fu): 20 base; 10 for a concealed ron; 2 for a
self-draw (not with pinfu); each triplet 2, doubled for a terminal or honour, doubled when
concealed, four times as a kan; 2 for a dragon or value-wind pair (4 for a double wind); 2 for a
closed, edge or pair wait; rounded up to 10. Pinfu self-drawn is 20, an open hand with no fu 30,
seven pairs 25, thirteen orphans 0."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.seats import WIND_TILE

from .context import RiichiContext
from .shapes import KAN, KANCHAN, PENCHAN, TANKI, Group, Reading
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
    items += [set_fu(g) for g in reading.sets if g.is_triplet]
    items += pair_fu(reading, ctx) + wait_fu(reading)
    raw = sum(i.fu for i in items)
    if not closed and raw == 20:
        items.append(FuItem("open_pinfu", 10))  # an open hand with no fu is worth 30
        raw = 30
    return -(-raw // 10) * 10, items


def set_fu(g: Group) -> FuItem:
    """A triplet: 2, doubled for terminals or honours, doubled when concealed, four times as a kan."""
    outside = is_terminal_or_honour(g.tile)
    fu = 2 * (2 if outside else 1) * (2 if g.concealed else 1) * (4 if g.kind == KAN else 1)
    state = "closed" if g.concealed else "open"
    what = "terminal_" if outside else ""
    return FuItem(f"{state}_{what}{'kan' if g.kind == KAN else 'pon'}", fu, g.text)


def pair_fu(reading: Reading, ctx: RiichiContext) -> list[FuItem]:
    """A pair of dragons or of a value wind 2, of the wind that is both the seat's and the round's 4."""
    pair = reading.pair
    winds = (pair.tile == WIND_TILE[ctx.seat_wind]) + (pair.tile == WIND_TILE[ctx.round_wind])
    if pair.tile in DRAGONS or winds == 1:
        return [FuItem("valued_pair", 2, pair.text)]
    if winds == 2:
        return [FuItem("double_valued_pair", 4, pair.text)]
    return []


WAIT_FU = {KANCHAN: "kanchan", PENCHAN: "penchan", TANKI: "pair_wait"}


def wait_fu(reading: Reading) -> list[FuItem]:
    """A closed, edge or pair wait: 2."""
    return [FuItem(WAIT_FU[reading.wait], 2)] if reading.wait in WAIT_FU else []
