"""MCR win context and rule options (docs/rules/mcr.md#the-context, #rule-presets)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from scorer.seats import Wind


class MCRContext(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    self_draw: bool = Field(False, description="自摸: the winner drew the winning tile")
    seat_wind: Wind = Field("E", description="门风: the winner's seat", json_schema_extra={"cli": ["--seat"]})
    round_wind: Wind = Field("E", description="圈风: the prevalent wind", json_schema_extra={"cli": ["--round"]})
    flowers: int = Field(0, ge=0, le=8, description="flower tiles, 1 point each, never toward the minimum")
    last_tile: bool = Field(False, description="和绝张: the winning tile is the last of its four")
    kong_win: bool = Field(False, description="杠上开花 when self-drawn, 抢杠和 when robbing a kong")
    last_wall: bool = Field(False, description="妙手回春 when self-drawn, 海底捞月 on a discard")
    discarder: Wind | None = Field(None, description="who dealt in (discard win); default: the winner's previous seat")
    win_tile: Annotated[str, Field(max_length=16)] | None = Field(None, description="the winning tile, if not the last concealed tile written")


class MCRRules(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    concealed_kong_and_melded_kong: bool = Field(
        True, description="明暗杠 5 for one melded + one concealed kong (else 明杠 1 + 暗杠 2)")
    knitted_straight_waits: bool = Field(
        True, description="a wait inside the knitted-straight form may score 边张/嵌张/单钓将")
    minimum: int = Field(8, ge=0, le=1000, description="points (flowers excluded) a win needs")


DEFAULT_PRESET = "helper"
PRESETS: dict[str, dict[str, object]] = {
    "helper": {"concealed_kong_and_melded_kong": True, "knitted_straight_waits": True, "minimum": 8},
    "mcr1998": {"concealed_kong_and_melded_kong": False, "knitted_straight_waits": False, "minimum": 8},
}
