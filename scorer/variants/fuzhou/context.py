"""Fuzhou win context and rule options (docs/rules/fuzhou.md#context, #rule-options-and-presets).

The context model is deliberately lenient about *values* (seats, tiles, flowers are plain strings)
so that every value problem is reported by the variant's own validation, with the page's error
codes in the page's order (docs/rules/fuzhou.md#errors), instead of by the field types.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from scorer.fields import Bound, Model, field


def _as_text(value: Any) -> Any:
    """Keep None, strings and lists of strings; turn anything else into text for the tile reader
    (so that e.g. ``wild: 5`` is reported as unreadable notation rather than a type error)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return [v if isinstance(v, str) else str(v) for v in value]
    return str(value)


def _scalar_text(value: Any) -> Any:
    if value is None or isinstance(value, str):
        return value
    return str(value)


Tile = Annotated[str, Bound(max_length=16)]  # one tile, as notation or a pasted glyph or name
Flowers = Annotated[str, Bound(max_length=200)]


class FuzhouContext(Model):
    wild: Tile | Annotated[list[Tile], Bound(max_length=4)] | None = field(
        None, "金 the gold: one suited tile kind such as 5p (required; a one-element list is accepted)",
        cli=("--gold",), before=_as_text)
    flowers: Flowers | Annotated[list[Flowers], Bound(max_length=40)] | None = field(
        None, "every flower/honour tile set aside, in tile notation (1f2f1z1z, EEEE2f) or a list",
        before=_as_text)
    self_draw: bool = field(False, "自摸: the winner drew the winning tile")
    rob_gold: bool = field(False, "抢金: the winning (last) tile is the robbed displayed gold; a self-draw")
    seat_wind: Tile | None = field(
        None, "the winner's seat E/S/W/N (or 1z-4z); default E if dealer else S; the dealer sits East",
        cli=("--seat",), before=_scalar_text)
    dealer: bool | None = field(None, "the winner is the dealer (must agree with seat_wind)")
    discarder: Tile | None = field(
        None, "discard wins only: who discarded the winning tile; default the winner's previous seat",
        before=_scalar_text)
    dealer_streak: int = field(0, "连庄 count of the current dealer before this hand (0 on a first hand)", le=100,
                               cli=("--streak",))
    base: int = field(1, "底分, the table stake multiplying every payment (>= 1)", le=10_000)
    you_jin: bool = field(False, "游金: the winner was running gold (self-draw only), a discard win is invalid")
    passed_hu: bool = field(False, "过胡: the winner passed up a win on this tile kind since his last draw")
    win_tile: Tile | None = field(None, "the winning tile, if not the last concealed tile written",
                                  before=_scalar_text)
    # Problems of fields that failed their type's checks (wrong types, unknown fields): kept until
    # the hand is read, so that the order of docs/rules/fuzhou.md#errors still holds (Fuzhou.context, validate.check).
    _deferred: tuple = ()
    # (hand, facts, field values) of the last successful check of this context: ``Fuzhou.score``
    # reuses the facts for the very hand object ``Fuzhou.parse_hand`` returned, if no field has
    # changed since, instead of checking the request again.
    _checked: tuple | None = None


class FuzhouRules(Model):
    """Each option is a point where Fuzhou tables differ and the score changes; the defaults are the
    readings of docs/rules/fuzhou.md (#rule-options-and-presets)."""

    golds_as_flowers: bool = field(
        False, "each gold held in the hand also scores +1 flower point (default: no)")
    stack_bonuses: bool = field(
        False, "add up every applicable gold bonus instead of taking only the highest (default: the highest only)")
    bonus_doubles_discard: bool = field(
        True, "a bonus hand (incl. 平胡) won on a discard doubles F and dealer points (default: yes)")
    discard_payers: Literal["discarder", "all", "all_for_bonus"] = field(
        "discarder", "who pays a discard win: the discarder alone (default), all three, "
                     "or all three only for bonus hands")
    dealer_points: Literal["streak", "streak_plus_one", "flat"] = field(
        "streak", "dealer points D = the streak count (default), 1 + streak, or a flat 1")
    dealer_points_flow: Literal["dealer_and_winner", "winner_always", "dealer_wins_only"] = field(
        "dealer_and_winner", "D is paid only between dealer and winner (default), by every payer, "
                             "or only when the dealer wins")
    flower_kong_points: int = field(6, "what a flower kong's four tiles are worth together (default 6 = 4 tiles + 2; 2 = like a kong)", ge=0, le=100)
    running_gold_shape: Literal["single_gold", "any_gold", "off"] = field(
        "single_gold", "discard-win running-gold shape test: exactly one gold and five plain "
                       "sets (default), any gold leaving five sets with golds wild, or the flag only")
    three_golds_on_discard: bool = field(
        False, "三金倒 may also be claimed on a discard win (default: self-draw only)")


PRESETS: dict[str, dict[str, object]] = {
    "spec": {
        "golds_as_flowers": False, "stack_bonuses": False, "bonus_doubles_discard": True,
        "discard_payers": "discarder", "dealer_points": "streak", "dealer_points_flow": "dealer_and_winner",
        "flower_kong_points": 6, "running_gold_shape": "single_gold", "three_golds_on_discard": False,
    },
    # The 《福州麻将游戏规则》family of table rules: golds count as flowers, dealer points only when
    # the dealer wins. Kept for comparison; not the default.
    "golds_count": {"golds_as_flowers": True, "dealer_points_flow": "dealer_wins_only"},
}
