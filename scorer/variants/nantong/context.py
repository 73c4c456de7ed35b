"""Nantong win context and rule options (docs/rules/nantong.md#context, #rule-options-and-presets)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from scorer.fields import REQUIRED, Bound, Model, field


def _split(value: Any, seps: str) -> Any:
    """CLI / loose API form of a list: ``"2s,3m"`` or ``"HAND1;HAND2"``."""
    if isinstance(value, str):
        sep = next((s for s in seps if s in value), seps[-1])
        return [p.strip() for p in value.split(sep) if p.strip()]
    return value


Card = Annotated[str, Bound(max_length=16)]
HandText = Annotated[str, Bound(max_length=2000)]  # a holding: the notation reads 200 written characters


class NantongContext(Model):
    indicators: list[Card] = field(REQUIRED, "翻将: the two indicator cards, e.g. ['2s','3m'] (may be equal)", max_length=8,
                                   before=lambda v: _split(v, ";,"))
    self_draw: bool = field(False, "自摸: the winner drew the winning card (a kong-replacement win too)")
    kong_replacement: bool = field(False, "杠上开花: won on the replacement card after a kong; needs self_draw")
    ready: bool = field(False, "报听: the winner made the opening ready declaration")
    heavenly: bool = field(False, "天胡: the dealer's heavenly win (scored as self-drawn)")
    dealer_first_discard: bool = field(False, "地胡: a non-dealer won on the dealer's first discard")
    last_tile: bool = field(False, "海底捞月: the winner self-drew the last card of the stock")
    exhausted: bool = field(False, "no winner: hand is null ('-') and others lists all three holdings")
    others: Annotated[list[HandText], Bound(max_length=8)] | None = field(
        None, "the other seats' holdings in turn order after the winner (2), or all 3 when exhausted",
        before=lambda v: _split(v, ";"))
    win_tile: Card | None = field(None, "the winning tile, if not the last concealed card written")


IndicatorScope = Literal["rank", "tile", "suit", "family"]
DiscardFourth = Literal["concealed_triplet", "four_in_hand", "exposed_kong"]
ClosedPiao = Literal["no_pung", "no_exposed", "self_drawn_no_melds"]
WaitRule = Literal["placement", "only_wait"]


class NantongRules(Model):
    indicator_scope: IndicatorScope = field(
        "rank", "an ordinary indicator doubles units of its rank in any suit (rank), only its "
                "own tile (tile), its whole suit (suit), or its 1-4-7/2-5-8/3-6-9 family (family)")
    declaration_exact_match: bool = field(
        False, "a <XXX> declaration of an indicator card gets the exact-match ×2 as a pung does")
    count_rule: bool = field(
        True, "concealed triplets/fours score by counting cards in hand (else only when the "
              "winner's chosen partition holds them as a triplet)")
    discard_fourth: DiscardFourth = field(
        "concealed_triplet", "three held + a discarded fourth copy scores as a concealed triplet "
                             "4, four in hand 12, or an exposed kong 8")
    wait_rule: WaitRule = field(
        "placement", "the wait bonus by placement alone, or only when the winning kind is the "
                     "hand's only wait")
    closed_piao: ClosedPiao = field(
        "no_pung", "Closed Piao needs no exposed-pung unit (no_pung), no exposed group at all "
                   "(no_exposed), or a self-draw with no [..] {..} (..) meld (self_drawn_no_melds)")
    round_base_first: bool = field(
        False, "round base hu up to tens before adding bonuses (as a public JavaScript implementation does; preset js)")
    ready_doubles_twice: bool = field(
        False, "the ready declaration doubles twice (×4) instead of once (default: once)")
    heavenly_self_draw: bool = field(
        True, "a heavenly win earns the self-draw +10 (default: yes)")


PRESETS: dict[str, dict[str, object]] = {
    "spec": {},
    "js": {"indicator_scope": "family", "round_base_first": True, "closed_piao": "self_drawn_no_melds"},
}
