"""Huangyan win context and rule options (docs/rules/huangyan.md#context, #rule-options-and-presets)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from scorer.errors import HandError
from scorer.fields import REQUIRED, Bound, Model, field
from scorer.notation import parse_tile
from scorer.seats import Wind
from scorer.tiles import NUM_STANDARD_KINDS, tile_name

HandText = Annotated[str, Bound(max_length=2000)]  # a hand: the notation reads 200 written characters
# a by-seat count; its CLI form "S=3,N=1" gives text, so it is read like a number written as text
Count = Annotated[int, Bound(lax=True, le=100)]


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


def _wild(v: Any) -> Any:
    if not isinstance(v, str):
        raise ValueError("wild must be a tile such as '5m', 'E', 'P' or '7z'")
    try:
        k = parse_tile(v)
    except HandError:
        raise ValueError(f"{v!r} is not a tile") from None
    if k >= NUM_STANDARD_KINDS:
        raise ValueError(f"{v!r} is not a tile of this variant")
    return tile_name(k)


def _no_flowers(v: int | None) -> int | None:
    if v not in (None, 0):
        raise ValueError("there are no flowers in Huangyan mahjong (must be absent or 0)")
    return v


def _seat_map_text(name: str) -> Callable[[Any], Any]:
    """The CLI form ``"E=...;W=..."`` of a by-seat field."""
    def read(v: Any) -> Any:
        if isinstance(v, str):
            out: dict[str, Any] = {}
            for key, value in _split_pairs(v, name):
                if key in out:
                    raise ValueError(f"{name}: seat {key} given twice")
                out[key] = value
            return out
        return v
    return read


def _bombs(v: dict[str, int]) -> dict[str, int]:
    for seat, n in v.items():
        if n < 0:
            raise ValueError(f"bombs: {seat} has a negative number of bombs")
        if seat == "E" and n:
            raise ValueError("bombs: East is the dealer who throws the bombs; only S, W, N accept them")
    return v


class HuangyanContext(Model):
    wild: Annotated[str, Bound(max_length=16)] = field(
        REQUIRED, "财神 / 得: kind of the wild tile turned up (5m, E, P, 7z ...)", before=_wild)
    seat_wind: Wind = field("E", "门风 of the scored player; E is the dealer",
                            cli=("--seat",))
    self_draw: bool = field(False, "自摸: the winner drew the winning tile himself")
    role: Literal["winner", "idle"] = field("winner", "score a winning hand or a non-winner's (闲家) hand")
    round_wind: Wind | None = field(None, "accepted and ignored (no round-wind scoring by default)",
                                    cli=("--round",))
    dealer: bool | None = field(None, "optional; if given it must equal seat_wind == E")
    flowers: int | None = field(None, "no flowers in this variant: must be absent or 0", le=8,
                                after=_no_flowers)
    others: dict[Wind, HandText] = field(description="settlement: the other players' hands by seat (E=...;W=...;N=...)", factory=dict,
                                         before=_seat_map_text("others"))
    bullets: int = field(0, "子弹 agreed before play (settlement)", ge=0, le=100)
    dealer_streak: int = field(1, "坐庄数 of the current dealer: 1 first hand, 2 after one 连庄 ...", ge=1, le=100)
    bombs: dict[Wind, Count] = field(description="炸弹 each non-dealer accepted from the dealer (S=3,N=1)", factory=dict,
                                     before=_seat_map_text("bombs"), after=_bombs)
    dian_pao: Wind | None = field(None, "点炮: the discarder penalised in the 生牌 stage (needs a discard win)")


class HuangyanRules(Model):
    """One option per point where the sources of this game disagree and the score changes; the defaults
    are the readings of docs/rules/huangyan.md (#rule-options-and-presets)."""

    seat_wind_column: Literal["value", "bonus"] = field(
        "value", "the winner's 门风 rows 8/16/32/64 are the set's value, or a bonus on top of the hard value")
    full_flush_fans: int = field(3, "fans of 清一色: 3 by default, 2 in some rule sets (preset client)", ge=0, le=6)
    no_wild_fans: int = field(1, "fans of 无得: 1 by default, 2 in some rule sets (preset client)", ge=0, le=6)
    wild_restored: Literal["all_once", "per_wild", "any_once"] = field(
        "all_once", "得复原 once when every 得 is its own face, per restored 得, or once if any is")
    three_wilds: Literal["lazi", "pung", "three_fans"] = field(
        "lazi", "three or more 得 anywhere make 辣子, only a pung of three 得 does, or they give 3 fans")
    lazi_limit: int = field(300, "the 辣子 limit (total capped there)", ge=10, le=100_000)
    lazi_before_rounding: bool = field(
        False, "test the limit on the raw value before rounding (only the 辣子 flag differs)")
    wait_points: Literal["closed_only", "closed_edge_single"] = field(
        "closed_only", "only 嵌档 scores 2, or 边张 and 单吊 score 2 as well")
    all_pungs_points: int = field(0, "points of 对对和: 0 by default (not scored), 4 in some rule sets (preset client)", ge=0, le=100)
    discard_pung_exposed: bool = field(
        True, "a concealed pung completed by the winning discard scores as an exposed pung")
    wild_discard_win: Literal["error", "natural"] = field(
        "error", "winning on a discarded 得 is an input error, or the tile counts as a natural tile")
    closed_wait_with_wild: bool = field(
        False, "a 得 drawn as the winning tile may still score 嵌档")
    round_wind_fan: bool = field(False, "a pung/kong of the round wind gives 1 fan (default: no fan)")
    dealer_double: bool = field(False, "every payment between the dealer and another player is doubled")
    idle_wild: Literal["own_face", "ignored"] = field(
        "own_face", "a non-winner's 得 count at their own face, or are ignored")
    flush_by: Literal["identity", "face"] = field(
        "identity", "flushes judged on identities (得 as assigned, White as W) or on physical faces")
    settlement: Literal["winner_collects", "pairwise"] = field(
        "winner_collects",
        "non-winners pay the winner his full total and settle differences, or every pair settles differences")
    side_payment_rate: int = field(0, "和 per bullet/bomb added into payments (0 = separate ledgers)", ge=0, le=1000)
    bullet_streak: Literal["current", "one"] = field(
        "current", "bullets use the current dealer's streak, or 1 when a non-dealer wins")
    white_also_wild: bool = field(
        False, "White boards are wilds too instead of natural stand-ins for the 得's kind")
    wild_dragon_is_dragon: bool = field(
        False, "sets of the wild kind stay dragon sets when the wild is a dragon")


PRESETS: dict[str, dict[str, Any]] = {
    "spec": {},
    "client": {"full_flush_fans": 2, "no_wild_fans": 2, "all_pungs_points": 4},
}
