"""Huangyan win context and rule options (docs/rules/huangyan.md#context, #rule-options-and-presets)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from scorer.errors import HandError
from scorer.notation import parse_tile
from scorer.seats import Wind
from scorer.tiles import NUM_STANDARD_KINDS, tile_name

HandText = Annotated[str, Field(max_length=2000)]  # a hand: the notation reads 200 written characters
# a by-seat count; its CLI form "S=3,N=1" gives text, so it is read like a number written as text
Count = Annotated[int, Field(strict=False, le=100)]


def _split_pairs(text: str, what: str) -> list[tuple[str, str]]:
    """``"E=hand;W=hand"`` (or ``,``-separated when no ``;`` is present) -> [(key, value)]."""
    sep = ";" if ";" in text else ","
    out = []
    for part in text.split(sep):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise ValueError(f"{what}: {part!r} is not of the form SEAT=VALUE")
        key, value = part.split("=", 1)
        out.append((key.strip(), value.strip()))
    return out


class HuangyanContext(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    wild: Annotated[str, Field(max_length=16)] = Field(description="财神 / 得: kind of the wild tile turned up (5m, E, P, 7z ...)")
    seat_wind: Wind = Field("E", description="门风 of the scored player; E is the dealer",
                            json_schema_extra={"cli": ["--seat"]})
    self_draw: bool = Field(False, description="自摸: the winner drew the winning tile himself")
    role: Literal["winner", "idle"] = Field("winner", description="score a winning hand or a non-winner's (闲家) hand")
    round_wind: Wind | None = Field(None, description="accepted and ignored (no round-wind scoring by default)",
                                    json_schema_extra={"cli": ["--round"]})
    dealer: bool | None = Field(None, description="optional; if given it must equal seat_wind == E")
    flowers: int | None = Field(None, le=8, description="no flowers in this variant: must be absent or 0")
    others: dict[Wind, HandText] = Field(default_factory=dict,
                                    description="settlement: the other players' hands by seat (E=...;W=...;N=...)")
    bullets: int = Field(0, ge=0, le=100, description="子弹 agreed before play (settlement)")
    dealer_streak: int = Field(1, ge=1, le=100, description="坐庄数 of the current dealer: 1 first hand, 2 after one 连庄 ...")
    bombs: dict[Wind, Count] = Field(default_factory=dict,
                                   description="炸弹 each non-dealer accepted from the dealer (S=3,N=1)")
    dian_pao: Wind | None = Field(None, description="点炮: the discarder penalised in the 生牌 stage (needs a discard win)")

    @field_validator("wild", mode="before")
    @classmethod
    def _wild(cls, v: Any) -> Any:
        if not isinstance(v, str):
            raise ValueError("wild must be a tile such as '5m', 'E', 'P' or '7z'")
        try:
            k = parse_tile(v)
        except HandError:
            raise ValueError(f"{v!r} is not a tile") from None
        if k >= NUM_STANDARD_KINDS:
            raise ValueError(f"{v!r} is not a tile of this variant")
        return tile_name(k)

    @field_validator("flowers")
    @classmethod
    def _flowers(cls, v: int | None) -> int | None:
        if v not in (None, 0):
            raise ValueError("there are no flowers in Huangyan mahjong (must be absent or 0)")
        return v

    @field_validator("others", "bombs", mode="before")
    @classmethod
    def _seat_map_text(cls, v: Any, info: ValidationInfo) -> Any:
        """The CLI form ``"E=...;W=..."`` of a by-seat field."""
        if isinstance(v, str):
            out: dict[str, Any] = {}
            for key, value in _split_pairs(v, info.field_name or "field"):
                if key in out:
                    raise ValueError(f"{info.field_name}: seat {key} given twice")
                out[key] = value
            return out
        return v

    @field_validator("bombs")
    @classmethod
    def _bombs(cls, v: dict[str, int]) -> dict[str, int]:
        for seat, n in v.items():
            if n < 0:
                raise ValueError(f"bombs: {seat} has a negative number of bombs")
            if seat == "E" and n:
                raise ValueError("bombs: East is the dealer who throws the bombs; only S, W, N accept them")
        return v


class HuangyanRules(BaseModel):
    """One option per point where the sources of this game disagree and the score changes; the defaults
    are the readings of docs/rules/huangyan.md (#rule-options-and-presets)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    seat_wind_column: Literal["value", "bonus"] = Field(
        "value", description="the winner's 门风 rows 8/16/32/64 are the set's value, or a bonus on top of the hard value")
    full_flush_fans: int = Field(3, ge=0, le=6, description="fans of 清一色: 3 by default, 2 in some rule sets (preset client)")
    no_wild_fans: int = Field(1, ge=0, le=6, description="fans of 无得: 1 by default, 2 in some rule sets (preset client)")
    wild_restored: Literal["all_once", "per_wild", "any_once"] = Field(
        "all_once", description="得复原 once when every 得 is its own face, per restored 得, or once if any is")
    three_wilds: Literal["lazi", "pung", "three_fans"] = Field(
        "lazi", description="three or more 得 anywhere make 辣子, only a pung of three 得 does, or they give 3 fans")
    lazi_limit: int = Field(300, ge=10, le=100_000, description="the 辣子 limit (total capped there)")
    lazi_before_rounding: bool = Field(
        False, description="test the limit on the raw value before rounding (only the 辣子 flag differs)")
    wait_points: Literal["closed_only", "closed_edge_single"] = Field(
        "closed_only", description="only 嵌档 scores 2, or 边张 and 单吊 score 2 as well")
    all_pungs_points: int = Field(0, ge=0, le=100, description="points of 对对和: 0 by default (not scored), 4 in some rule sets (preset client)")
    discard_pung_exposed: bool = Field(
        True, description="a concealed pung completed by the winning discard scores as an exposed pung")
    wild_discard_win: Literal["error", "natural"] = Field(
        "error", description="winning on a discarded 得 is an input error, or the tile counts as a natural tile")
    closed_wait_with_wild: bool = Field(
        False, description="a 得 drawn as the winning tile may still score 嵌档")
    round_wind_fan: bool = Field(False, description="a pung/kong of the round wind gives 1 fan (default: no fan)")
    dealer_double: bool = Field(False, description="every payment between the dealer and another player is doubled")
    idle_wild: Literal["own_face", "ignored"] = Field(
        "own_face", description="a non-winner's 得 count at their own face, or are ignored")
    flush_by: Literal["identity", "face"] = Field(
        "identity", description="flushes judged on identities (得 as assigned, White as W) or on physical faces")
    settlement: Literal["winner_collects", "pairwise"] = Field(
        "winner_collects",
        description="non-winners pay the winner his full total and settle differences, or every pair settles differences")
    side_payment_rate: int = Field(
        0, ge=0, le=1000, description="和 per bullet/bomb added into payments (0 = separate ledgers)")
    bullet_streak: Literal["current", "one"] = Field(
        "current", description="bullets use the current dealer's streak, or 1 when a non-dealer wins")
    white_also_wild: bool = Field(
        False, description="White boards are wilds too instead of natural stand-ins for the 得's kind")
    wild_dragon_is_dragon: bool = Field(
        False, description="sets of the wild kind stay dragon sets when the wild is a dragon")


PRESETS: dict[str, dict[str, Any]] = {
    "spec": {},
    "client": {"full_flush_fans": 2, "no_wild_fans": 2, "all_pungs_points": 4},
}
