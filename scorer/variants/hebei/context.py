"""Hebei win context and rule options (docs/rules/hebei.md#context, #rule-options-and-presets)."""

from __future__ import annotations

from typing import Annotated, Literal

from scorer.fields import Bound, Model, field
from scorer.seats import Wind

Tile = Annotated[str, Bound(max_length=16)]


class HebeiContext(Model):
    """docs/rules/hebei.md#context. Unknown fields are ``invalid_context``; the checks that need the
    hand run after parsing."""

    seat_wind: Wind = field("S", "the winner's seat; E is the dealer (庄家)",
                            cli=("--seat",))
    self_draw: bool = field(False, "自摸: the winner drew the winning tile (else won off a discard)")
    discarder: Wind | None = field(None, "who discarded the winning tile (information only; "
                                         "not with self_draw, not the winner)")
    kong_win: bool = field(False, "with self_draw: 杠上开花 (needs a kong); without: 抢杠, "
                                  "an ordinary discard win")
    last_wall: bool = field(False, "海底捞月: the last tile of the wall, needs self_draw")
    last_tile: bool = field(False, "和绝张: accepted, no effect in Hebei")
    round_wind: Wind | None = field(None, "accepted, no effect in Hebei",
                                    cli=("--round",))
    flowers: int = field(0, "must be 0: no flowers in the Hebei set", le=8)
    wild: Tile | None = field(None, "must be null: no wild tiles in Hebei")
    indicators: list[Tile] = field(description="must be empty", factory=list, max_length=8)
    dealer: bool | None = field(None, "optional; must equal seat_wind == 'E'")
    win_tile: Tile | None = field(None, "optional; must equal the last concealed tile written")

    # A context problem found by the field checks, held back so that invalid_hand is reported first
    # (docs/rules/hebei.md#errors).
    _error: object = None


class HebeiRules(Model):
    """Named options for the points where Hebei tables differ and the score changes; the defaults are
    the readings of docs/rules/hebei.md (#rule-options-and-presets)."""

    door_rule: Literal["two_suits_eight", "exactly_two_suits", "eight_only"] = field(
        "two_suits_eight", "≤2 suits and one suit ≥8 tiles (default); exactly two suits and "
                           "one ≥8; or only one suit ≥8")
    kong_tiles: Literal[3, 4] = field(4, "a kong counts 4 tiles (default) or 3 toward 够八张 "
                                         "and 混一色's eight")
    straight_exempt: bool = field(False, "一条龙 is also exempt from the "
                                         "door rule (default: it is not)")
    menqing_on_special: bool = field(False, "门清 also doubles seven pairs and 十三幺 "
                                            "(default: standard hands only)")
    concealed_kong_breaks_menqing: bool = field(False, "a concealed kong breaks 门清 "
                                                       "(default: it does not)")
    payer: Literal["all_three", "discarder_pays_all", "discarder_only"] = field(
        "all_three", "on a discard win: all three pay (default); the discarder pays all three "
                     "shares; or only the discarder pays its own share")
    dealer_double: Literal["once", "twice"] = field(
        "once", "the dealer double applies once, in payment (default); 'twice' also doubles "
                "a dealer's hand value")
    fengyise_tiles: Literal["all_honours", "winds_only"] = field(
        "all_honours", "风一色 is every tile an honour (default) or every tile a wind")
    orphans_extra: Literal["any", "dragon"] = field(
        "any", "the 14th tile of 十三幺 may duplicate any of the 13 (default) or only a dragon")
    seven_pairs_four_alike: bool = field(True, "four identical tiles count as two pairs "
                                               "(default); false makes such a hand not seven pairs")
    hunyise_stacks: bool = field(False, "混一色 doubles 对对胡 / 一条龙 like 清一色 does "
                                        "(default: take the maximum)")
    self_draw_with_specials: Literal["both", "replace"] = field(
        "both", "自摸 doubles alongside 杠上开花 / 海底捞月 (default) or is replaced by them")
    last_wall_on_discard: bool = field(False, "accept last_wall on a discard win (海底炮) "
                                              "and double it (default: refused, invalid_context)")
    all_pungs_with_kongs: bool = field(True, "对对胡 may hold kongs (default); false: a "
                                             "no-chow hand with a kong is neither 对对胡 nor exempt")
    added_kong_exposed: bool = field(True, "an added kong {xxxx} is exposed and breaks "
                                           "门清 (default)")


PRESETS: dict[str, dict[str, object]] = {
    "spec": {},
}
