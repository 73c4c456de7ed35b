"""MCR win context and rule options (docs/rules/mcr.md#the-context, #rule-presets)."""

from __future__ import annotations

from typing import Annotated

from scorer.fields import Bound, Model, field
from scorer.seats import Wind


class MCRContext(Model):
    self_draw: bool = field(False, "自摸: the winner drew the winning tile")
    seat_wind: Wind = field("E", "门风: the winner's seat", cli=("--seat",))
    round_wind: Wind = field("E", "圈风: the prevalent wind", cli=("--round",))
    flowers: int = field(0, "flower tiles, 1 point each, never toward the minimum", ge=0, le=8)
    last_tile: bool = field(False, "和绝张: the winning tile is the last of its four")
    kong_win: bool = field(False, "杠上开花 when self-drawn, 抢杠和 when robbing a kong")
    last_wall: bool = field(False, "妙手回春 when self-drawn, 海底捞月 on a discard")
    discarder: Wind | None = field(None, "who dealt in (discard win); default: the winner's previous seat")
    win_tile: Annotated[str, Bound(max_length=16)] | None = field(
        None, "the winning tile, if not the last concealed tile written")


class MCRRules(Model):
    concealed_kong_and_melded_kong: bool = field(
        True, "明暗杠 5 for one melded + one concealed kong (else 明杠 1 + 暗杠 2)")
    knitted_straight_waits: bool = field(
        True, "a wait inside the knitted-straight form may score 边张/嵌张/单钓将")
    minimum: int = field(8, "points (flowers excluded) a win needs", ge=0, le=1000)


DEFAULT_PRESET = "helper"
PRESETS: dict[str, dict[str, object]] = {
    "helper": {"concealed_kong_and_melded_kong": True, "knitted_straight_waits": True, "minimum": 8},
    "mcr1998": {"concealed_kong_and_melded_kong": False, "knitted_straight_waits": False, "minimum": 8},
}
