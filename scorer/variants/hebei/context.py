"""Hebei win context (hebei.md §3) and rule options (one per score-changing ambiguity of §11)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

Wind = Literal["E", "S", "W", "N"]
Tile = Annotated[str, Field(max_length=16)]


class HebeiContext(BaseModel):
    """§3. Unknown fields are ``invalid_context``; the checks that need the hand run after parsing."""

    model_config = ConfigDict(extra="forbid", strict=True)

    seat_wind: Wind = Field("S", description="the winner's seat; E is the dealer (庄家)",
                            json_schema_extra={"cli": ["--seat"]})
    self_draw: bool = Field(False, description="自摸: the winner drew the winning tile (else won off a discard)")
    discarder: Wind | None = Field(None, description="who discarded the winning tile (information only; "
                                                     "not with self_draw, not the winner)")
    kong_win: bool = Field(False, description="with self_draw: 杠上开花 (needs a kong); without: 抢杠, "
                                              "an ordinary discard win")
    last_wall: bool = Field(False, description="海底捞月: the last tile of the wall, needs self_draw")
    last_tile: bool = Field(False, description="和绝张: accepted, no effect in Hebei")
    round_wind: Wind | None = Field(None, description="accepted, no effect in Hebei",
                                    json_schema_extra={"cli": ["--round"]})
    flowers: int = Field(0, le=8, description="must be 0: no flowers in the Hebei set")
    wild: Tile | None = Field(None, description="must be null: no wild tiles in Hebei")
    indicators: list[Tile] = Field(default_factory=list, max_length=8, description="must be empty")
    dealer: bool | None = Field(None, description="optional; must equal seat_wind == 'E'")
    win_tile: Tile | None = Field(None, description="optional; must equal the last concealed tile written")

    # A context problem found by pydantic, held back so that invalid_hand is reported first (§4).
    _error: object = PrivateAttr(None)


class HebeiRules(BaseModel):
    """Named options for the §11 ambiguities whose readings change a score; defaults = the spec."""

    model_config = ConfigDict(extra="forbid", strict=True)

    door_rule: Literal["two_suits_eight", "exactly_two_suits", "eight_only"] = Field(
        "two_suits_eight", description="A1: ≤2 suits and one suit ≥8 tiles (spec); exactly two suits and "
                                       "one ≥8; or only one suit ≥8")
    kong_tiles: Literal[3, 4] = Field(4, description="A2: a kong counts 4 tiles (spec) or 3 toward 够八张 "
                                                     "and 混一色's eight")
    straight_exempt: bool = Field(False, description="A3 broad reading: 一条龙 is also exempt from the "
                                                     "door rule (spec: it is not)")
    menqing_on_special: bool = Field(False, description="A4: 门清 also doubles seven pairs and 十三幺 "
                                                        "(spec: standard hands only)")
    concealed_kong_breaks_menqing: bool = Field(False, description="A5: a concealed kong breaks 门清 "
                                                                   "(spec: it does not)")
    payer: Literal["all_three", "discarder_pays_all", "discarder_only"] = Field(
        "all_three", description="A8 on a discard win: all three pay (spec); the discarder pays all three "
                                 "shares; or only the discarder pays its own share")
    dealer_double: Literal["once", "twice"] = Field(
        "once", description="A9: the dealer double applies once, in payment (spec); 'twice' also doubles "
                            "a dealer's hand value")
    fengyise_tiles: Literal["all_honours", "winds_only"] = Field(
        "all_honours", description="A10: 风一色 is every tile an honour (spec) or every tile a wind")
    orphans_extra: Literal["any", "dragon"] = Field(
        "any", description="A11: the 14th tile of 十三幺 may duplicate any of the 13 (spec) or only a dragon")
    seven_pairs_four_alike: bool = Field(True, description="A12: four identical tiles count as two pairs "
                                                           "(spec); false makes such a hand not seven pairs")
    hunyise_stacks: bool = Field(False, description="A13: 混一色 doubles 对对胡 / 一条龙 like 清一色 does "
                                                    "(spec: take the maximum)")
    self_draw_with_specials: Literal["both", "replace"] = Field(
        "both", description="A14: 自摸 doubles alongside 杠上开花 / 海底捞月 (spec) or is replaced by them")
    last_wall_on_discard: bool = Field(False, description="A15: accept last_wall on a discard win (海底炮) "
                                                          "and double it (spec: invalid_context)")
    all_pungs_with_kongs: bool = Field(True, description="A17: 对对胡 may hold kongs (spec); false: a "
                                                         "no-chow hand with a kong is neither 对对胡 nor exempt")
    added_kong_exposed: bool = Field(True, description="A18: an added kong {xxxx} is exposed and breaks "
                                                       "门清 (spec)")


PRESETS: dict[str, dict[str, object]] = {
    "spec": {},
}
