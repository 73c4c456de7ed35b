"""Shanxi Koudian win context and rule options (docs/rules/shanxi.md#context, #rule-options-and-presets)."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from scorer.errors import HandError
from scorer.fields import Bound, Model, field
from scorer.notation import parse_tile
from scorer.seats import Wind
from scorer.tiles import tile_name

Tile = Annotated[str, Bound(max_length=16)]


def canonical_tile(value: Any) -> str:
    """A tile kind of the 136-tile set in canonical text (``5p``, ``C``); ValueError otherwise."""
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not a tile")
    try:
        k = parse_tile(value)
    except HandError:
        raise ValueError(f"{value!r} is not a tile") from None
    if k >= 34:
        raise ValueError(f"{value!r} is not a tile of the 136-tile set")
    return tile_name(k)


def _mouse(value: Any) -> Any:
    if value is None:
        return None
    return canonical_tile(value)


def _json_object_text(value: Any) -> Any:
    if isinstance(value, str):  # the CLI passes the raw string
        text = value.strip()
        if not text:
            return {}
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"kong_from is not a JSON object: {exc}") from None
    return value


class KongFeeder(Model):
    """Who fed a ``[xxxx]`` kong (点杠), read only under 点杠包杠."""

    seat: Wind | None = field(None, "the feeder's seat (may come from the meld's ,N instead)")
    declared: bool = field(False, "the feeder had declared ready when he fed the kong")


class ShanxiContext(Model):
    seat_wind: Wind = field("S", "the winner's seat; E is the dealer",
                            cli=("--seat",))
    self_draw: bool = field(False, "自摸: the winner drew the winning tile")
    discarder: Wind | None = field(None, "who discarded the winning tile (or whose added kong was "
                                         "robbed); required unless self-drawn")
    declared: bool = field(True, "报听: the winner had declared ready (must be true); "
                                 "CLI: --no-declared")
    discarder_declared: bool = field(False, "the discarder had declared ready before discarding "
                                            "(else 包胡: he pays for all)")
    kong_win: bool = field(False, "抢杠 on a discard win, 杠上开花 (no bonus) on a self-draw")
    passed_win: bool = field(False, "过胡: the winner passed a win and has not discarded since: "
                                    "self-draw only")
    wild: Tile | None = field(None, "耗子 mouse tile kind (all four copies wild), e.g. 5z; "
                                    "null for the plain game", before=_mouse)
    dian_gang_bao_gang: bool = field(False, "room option 点杠包杠: an undeclared feeder of a "
                                            "kong claimed from a discard pays it alone")
    kong_from: dict[Tile, KongFeeder] = field(
        description='feeders of kongs claimed from a discard, under 点杠包杠, e.g. {"8s": {"seat": "S", '
                    '"declared": false}} (CLI: a JSON object)', factory=dict, max_length=8, before=_json_object_text)
    dealer_bonus: int = field(0, "room option 带庄: added to each win share between the "
                                 "dealer (E) and the winner", ge=0, le=1000)
    thirteen_orphans: bool = field(False, "room option: allow 十三幺 (×2)")
    dealer: bool | None = field(None, "optional alias; must equal seat_wind == E")
    win_tile: Tile | None = field(None, "optional; must equal the last concealed tile written")
    last_wall: bool = field(False, "海底: accepted, no effect in Koudian")
    last_tile: bool = field(False, "和绝张: accepted, no effect in Koudian")
    round_wind: Wind | None = field(None, "accepted, no effect in Koudian",
                                    cli=("--round",))
    flowers: int = field(0, "must be 0 (no flowers in Koudian)", le=8)
    indicators: list[Tile] = field(description="must be empty (give the mouse as wild)", factory=list, max_length=8)


class ShanxiRules(Model):
    """Each option is a point where Koudian tables differ and the score changes; the default is the
    reading of docs/rules/shanxi.md (#rule-options-and-presets)."""

    hu_point: Literal["winning_tile", "max_wait"] = field(
        "winning_tile", "the winning point is the winning tile's point (max wait only for a "
                        "self-drawn mouse), or always the best wait's point")
    declare_rule: Literal["max_wait", "winning_tile"] = field(
        "max_wait", "the >=6 declaration rule applies to the best wait, or to the winning tile")
    require_declared: bool = field(
        True, "the winner must have declared ready (报听) to win (default: yes)")
    kong_value: Literal["tile_point", "fixed"] = field(
        "tile_point", "a kong share is its tile point (concealed x2), or a fixed 1 (concealed 2)")
    added_kong: Literal["exposed", "concealed"] = field(
        "exposed", "an added kong {xxxx} is shared like an exposed kong (K), or like a "
                   "concealed one (2K)")
    stack_qingyise_yitiaolong: bool = field(
        True, "清一色 and 一条龙 multiply (x4); false keeps only one x2")
    haohua_per_quad: bool = field(
        False, "豪华 x4 for each group of four identical tiles instead of once (default: once)")
    thirteen_orphans_factor: int = field(2, "the 十三幺 factor when the thirteen_orphans room option is on", ge=1, le=64)
    baohu_declaration: Literal["discarder", "winner"] = field(
        "discarder", "包胡 when the discarder had not declared, or when the winner had not")
    baohu_includes_kongs: bool = field(
        True, "an undeclared discarder who pays the win alone (包胡) also pays the winner's "
              "kongs (包杠)")
    robbed_kong_as: Literal["discard", "self_draw"] = field(
        "discard", "a robbed-kong win (抢杠) is scored and paid as a discard by the kong "
                   "maker, or as a self-draw")
    mouse_no_bonus: Literal["game", "hand"] = field(
        "game", "special hands get no bonus in the whole mouse game, or only when a mouse "
                "is in the hand")
    wild_kind_as_wait: bool = field(
        True, "the mouse kind itself (as a natural tile) counts among the waits (default: yes)")
    total_mode: Literal["win_share", "winner_gain"] = field(
        "win_share", "total is the win share W, or the winner's whole gain (payments)")


PRESETS: dict[str, dict[str, Any]] = {
    "spec": {},
}
