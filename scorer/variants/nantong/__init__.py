"""Nantong long cards (南通长牌), variant ``nantong``: 3 players, 23-card hands, two indicators.

Rules: docs/rules/nantong.md (cards, groups and the winning split: #what-wins; base hu, bonuses and
multipliers: #items; totals and settlement: #payments; errors: #errors). Every choice between the
sources that changes a score is a rule option (``context.NantongRules``,
docs/rules/nantong.md#rule-options-and-presets; the page's rules are the default, preset ``spec``);
preset ``js`` approximates the public JavaScript implementation (147/258/369 indicators, base hu
rounded first, 闷 = self-drawn without melds).

Readings chosen where the rules page is silent:
- Every player's base hu is computed by counting (docs/rules/nantong.md#items, "The count rule")
  for non-winners even when the option
  ``count_rule`` is off (a non-winner's hand has no partition); the option only changes the winner.
- On an exhausted deal, any winner-only context flag (self_draw, kong_replacement, ready,
  heavenly, dealer_first_discard, last_tile, win_tile) is a contradiction (an error).
- ``others`` must hold exactly 2 holdings on a won deal (3 on an exhausted one) when given; on an
  exhausted deal it is required.
- A hand that parses but forms no seven groups + pair: ``valid`` false, ``total`` 0, and payments
  all zero (a false claim is not settled); every player's base hu is still in ``details``.
- An exhausted deal is a valid result with ``total`` 0, ``hand`` "-", no items and no partition;
  ``details.winner_total`` is null.
- Ties between partitions/placements with the same final total keep the first reading found (the
  decomposer's order); the wait bonus is shown only when the chosen placement earns it.
- The Wenqian item's ``points`` is the whole bonus (20/50/100/200) and ``count`` the number of
  1-2-3 coins sequences (docs/rules/nantong.md#wenqian), not points per sequence.
- Errors about an entry of ``others`` name it (``others[1]: ...``) with the character position in
  the message; the problem's ``position`` is null (positions refer to the winner's hand string).
- Error codes: the parser's (unknown_character, bad_meld, bad_claim_digit, tile_count, ...),
  plus bad_indicator, bad_others, bad_declaration, too_many_copies (across hands and indicators),
  contradiction, empty_hand (a null hand without ``exhausted``, or a hand with it).
- A heavenly win's canonical hand lists the concealed cards sorted (there is no winning card);
  an explicit ``self_draw: true`` beside ``heavenly`` is accepted (and earns the +10 even when
  the option ``heavenly_self_draw`` is off).
- ``kong_replacement`` and ``last_tile`` may be given together (the rules forbid neither).
- Three Elders counts every Q, B and H the winner holds outside the Hezi; in a winning hand such
  cards can only sit in groups (Q/B/H form no sequences), so this is "in groups" of docs/rules/nantong.md#three-elders.
- The winning card may sit in any group or the pair holding its kind; for each partition the
  placement with the highest total is kept (docs/rules/nantong.md#what-wins), and ``details.placement`` names it.
- ``indicators`` also accepts the string form ``"2s,3m"`` and ``others`` ``"HAND1;HAND2"``
  (the CLI forms) in the API; a hand of ``""``, ``"-"`` or ``null`` is the null hand.
- Option ``count_rule`` off: a concealed kind scores (with the unit its count gives) only when the
  chosen partition holds a triplet of it.
- Option ``closed_piao`` = ``no_exposed``: no ``[..]``/``{..}`` meld and no discard-completed
  triplet; ``self_drawn_no_melds``: a self-draw (or heavenly win) with no ``[..]``, ``{..}`` or
  ``(..)``, declarations allowed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from scorer.apidoc import ApiDoc, nullable, tile_names, tiles_pattern
from scorer.efficiency_profile import Profile
from scorer.errors import HandError, Problem
from scorer.exclusions import apply_exclusions
from scorer.fields import Model
from scorer.hand import Hand, MeldKind
from scorer.notation import LONG_CARDS, Builder, format_hand, format_meld, parse, scan
from scorer.registry import ItemDef, ResolvedRules, Variant, register, scored_item
from scorer.result import Item, ReadingView, Result
from scorer.seats import no_payments

from .context import PRESETS, NantongContext, NantongRules
from .evaluate import TIE_BREAK, Outcome, best_outcome, reading_outcomes
from .items import INDEX, ITEMS
from .units import Unit, ceil10, concealed_units, meld_units
from .validate import (
    check_copies,
    check_declarations,
    context_problems,
    in_check_order,
    indicators_of,
    parse_others,
)

SEATS = ("0", "1", "2")
NULL_HAND = Hand(melds=(), concealed=(), win_tile=None)


def settle(totals: list[int]) -> dict[str, int]:
    """Every pair settles the difference: payment_i = 2·T_i − T_j − T_k (docs/rules/nantong.md#payments)."""
    return {SEATS[i]: sum(totals[i] - totals[j] for j in range(3) if j != i) for i in range(3)}


def _unit_dict(u: Unit) -> dict[str, Any]:
    return {"id": u.id, "tiles": u.tiles, "value": u.value, "detail": u.detail}


def _item(iid: str, points: int = 0, factor: int = 1, count: int = 1, tiles: str = "",
          detail: str | None = None) -> Item:
    return scored_item(INDEX[iid], points, factor, count, tiles, detail)


def _outcome_items(o: Outcome) -> list[Item]:
    """The winner's items: one per base unit, then bonuses, then multipliers (docs/rules/nantong.md#items)."""
    items = [_item(u.id, u.value, tiles=u.tiles, detail=u.detail) for u in o.units]
    for iid, points, count in o.bonuses:
        factor = 2 if iid == "piao_hu" else 1
        detail = f"{count} × 1-2-3 coins" if iid == "wenqian" else None
        if iid == "wait_bonus":
            detail = o.placement
        items.append(_item(iid, points, factor, count, detail=detail))
    for iid, factor in o.factors:
        if iid != "piao_hu":  # its ×2 sits on the piao_hu item
            items.append(_item(iid, 0, factor))
    return items


def _checked_others(hand: Hand, ctx: NantongContext, indicators: list[int]) -> list[Hand]:
    """The other players' hands; every input problem of the request at once, in the order of
    docs/rules/nantong.md#errors."""
    problems: list[Problem] = []
    try:
        others = parse_others(ctx)
    except HandError as err:  # reported with the rest, in the order of docs/rules/nantong.md#errors
        problems += err.problems
        others = []
    holdings = others if ctx.exhausted else [hand, *others]
    if not ctx.exhausted:
        problems += check_declarations(hand, indicators, "hand")
    for i, o in enumerate(others):
        problems += check_declarations(o, indicators, f"others[{i}]")
    problems += check_copies(holdings, indicators)
    problems += context_problems(None if ctx.exhausted else hand, ctx)
    if problems:
        raise HandError(in_check_order(problems))
    return others


class Nantong(Variant):
    id: ClassVar[str] = "nantong"
    edition: ClassVar[str] = "Nantong long-card rules: 3 players, 23 cards, two indicators, pairwise settlement"
    name: ClassVar[str] = "Nantong long cards"
    name_zh: ClassVar[str] = "南通长牌"
    notation = LONG_CARDS
    Context = NantongContext
    Rules = NantongRules
    presets = PRESETS
    default_preset = "spec"
    items: ClassVar[tuple[ItemDef, ...]] = ITEMS
    shapes = 0
    # tile efficiency (docs/efficiency.md#variants): the suits and the three long cards, seven sets
    efficiency: ClassVar[Profile | None] = Profile((*range(27), 34, 35, 36), 7)
    api_doc: ClassVar[ApiDoc] = ApiDoc(
        example_hand="222456789m222s68s123567p99p7s",
        example_context={"indicators": ["2s", "3m"], "self_draw": True,
                         "others": ["[QQQQ][888m][444s]555pBBB11m35s668p", "[666m]333pHHH11s99s2478p1p457m3s"]},
        fields={"indicators": {"type": "array", "items": {"type": "string", "enum": tile_names(LONG_CARDS.kinds)},
                               "minItems": 2, "maxItems": 2},
                "others": nullable({"type": "array", "minItems": 2, "maxItems": 3, "items": {
                    "type": "string", "pattern": tiles_pattern(tile_names(LONG_CARDS.kinds), 22),
                    "description": "a holding of 22 cards"}}),
                "win_tile": nullable({"type": "string", "enum": tile_names(LONG_CARDS.kinds)})},
        hand_may_be_null=True)  # an exhausted deal has no winner

    def total_of(self, result: Result) -> int | None:
        """The winner's total against the other two (docs/rules/nantong.md); none for a deal
        without a winner."""
        return None if result.details.get("winner_total") is None else result.details["totals"]["0"]

    def resolved_context(self, ctx: Model, hand: Hand | None) -> dict[str, Any]:
        """An exhausted deal has no win to be self-drawn or not; a heavenly win scores as self-drawn."""
        values = ctx.dump()
        if values["exhausted"]:
            values["self_draw"] = None
        elif values["heavenly"]:
            values["self_draw"] = True
        return values

    def parse_hand(self, text: str | None, context: Model, dialect: str | None) -> Hand:
        ctx: NantongContext = context  # type: ignore[assignment]
        null = text is None or text.strip() in ("", "-", "null")
        if null and not ctx.exhausted:
            raise HandError("a null hand ('-') is only for an exhausted deal (exhausted: true)", None, "empty_hand")
        if ctx.exhausted:
            if not null:
                raise HandError("an exhausted deal has no winner: the hand must be null ('-')", None,
                                "contradiction")
            return NULL_HAND
        win_tile = None if ctx.heavenly else ctx.win_tile
        assert text is not None  # a null hand is an exhausted deal's, answered above
        try:
            hand = parse(text, self.notation, dialect=dialect, win_tile=win_tile)
        except HandError as err:  # a bad declaration comes before a wrong count (docs/rules/nantong.md#errors)
            if any(p.code in ("input_too_long", "bad_dialect") for p in err.problems):
                raise
            raise HandError(in_check_order(err.problems + self._declaration_problems(text, ctx, dialect))) from None
        if ctx.heavenly:
            hand = Hand(hand.melds, hand.concealed, None, hand.flowers)
        return hand

    def _not_winning(self, canonical: str, units: list[Unit], base_hu: dict[str, int | None], hezi: str | None,
                     players: list[dict[str, Any]]) -> Result:
        """A hand of no seven groups and a pair: its units counted all the same."""
        base = sum(u.value for u in units)
        base_hu["0"] = base
        return Result(
            variant=self.id, hand=canonical, valid=False, total=0,
            reason="not a winning hand: the cards do not form seven groups and a pair",
            payments=no_payments(SEATS),
            details={"base_hu": base_hu, "totals": dict.fromkeys(SEATS, 0), "winner_total": 0,
                     "readings": 0, "hezi": hezi,
                     "players": [{"seat": "0", "role": "winner", "units": [_unit_dict(u) for u in units],
                                  "base_hu": base, "total": 0}, *players]})

    def score(self, hand: Hand, context: Model, rules: ResolvedRules) -> Result:
        ctx: NantongContext = context  # type: ignore[assignment]
        opts: NantongRules = rules.options  # type: ignore[assignment]
        indicators = indicators_of(ctx)
        others = _checked_others(hand, ctx, indicators)
        idle = [self._idle(o, indicators, opts) for o in others]
        if ctx.exhausted:
            return self._exhausted(idle, ctx)
        while len(idle) < 2:
            idle.append(([], 0))

        fixed_units = meld_units(hand, indicators, opts)
        best, n_readings = best_outcome(hand, ctx, opts, indicators, fixed_units)
        base_hu = {"0": None, "1": idle[0][1], "2": idle[1][1]}
        players = [{"seat": s, "role": "other", "units": [_unit_dict(u) for u in us], "base_hu": b,
                    "total": ceil10(b)} for s, (us, b) in zip(SEATS[1:], idle, strict=True)]
        canonical = format_hand(hand)
        hezi = next((format_meld(m) for m in hand.melds if m.kind is MeldKind.PAIR), None)
        if best is None:
            units = fixed_units + concealed_units(hand.counts(), indicators, opts,
                                                  not (ctx.self_draw or ctx.heavenly), hand.win_tile)
            return self._not_winning(canonical, units, base_hu, hezi, players)

        totals = [ceil10(best.raw), ceil10(idle[0][1]), ceil10(idle[1][1])]
        base_hu["0"] = best.base
        items, excluded = apply_exclusions(_outcome_items(best), ITEMS)
        players.insert(0, {"seat": "0", "role": "winner", "units": [_unit_dict(u) for u in best.units],
                           "base_hu": best.base, "total": totals[0]})
        details = {
            "base_hu": base_hu,
            "totals": dict(zip(SEATS, totals, strict=True)),
            "winner_total": totals[0],
            "bonus": best.bonus,
            "multiplier": best.multiplier,
            "raw": best.raw,
            "shape": best.shape,
            "wenqian": best.wenqian,
            "placement": best.placement,
            "readings": n_readings,
            "hezi": hezi,
            "players": players,
        }
        return Result(variant=self.id, hand=canonical, valid=True, total=totals[0], items=items, excluded=excluded,
                      partition=best.partition, payments=settle(totals), details=details, tie_break=TIE_BREAK)

    def explain(self, hand: Hand, context: Model, rules: ResolvedRules) -> list[ReadingView]:
        """Every partition of the winner's hand with its best placement, scored on its own."""
        ctx: NantongContext = context  # type: ignore[assignment]
        if ctx.exhausted:
            return []
        opts: NantongRules = rules.options  # type: ignore[assignment]
        indicators = indicators_of(ctx)
        outcomes = reading_outcomes(hand, ctx, opts, indicators, meld_units(hand, indicators, opts))
        if not outcomes:
            return []
        best = max(outcomes, key=lambda o: o.raw)  # max keeps the first of equals, as the scorer does
        views = []
        for i, o in enumerate(outcomes):
            note = f"raw {o.raw} = ({o.base} + {o.bonus}) × {o.multiplier}"
            if o is not best and ceil10(o.raw) == ceil10(best.raw):
                note += f"; ties with the chosen reading; {TIE_BREAK}"
            items, excluded = apply_exclusions(_outcome_items(o), ITEMS)
            views.append(ReadingView(index=i, chosen=o is best, shape=o.shape, partition=o.partition,
                                     items=items, excluded=excluded, total=ceil10(o.raw), note=note))
        return views

    def _declaration_problems(self, text: str, ctx: NantongContext, dialect: str | None) -> list[Problem]:
        """The declaration check (``bad_declaration``) for a winner's hand that did not parse (its melds
        read again on their own)."""
        try:
            indicators = indicators_of(ctx)
        except HandError:
            return []
        scratch: list[Problem] = []
        builder = Builder(text, self.notation, scratch, helper=dialect == "helper")
        builder.walk(scan(text, self.notation, scratch, helper=dialect == "helper"))
        return check_declarations(Hand(tuple(builder.melds), (), None), indicators, "hand")

    @staticmethod
    def _idle(h: Hand, indicators: list[int], opts: NantongRules) -> tuple[list[Unit], int]:
        units = meld_units(h, indicators, opts) + concealed_units(h.counts(), indicators, opts)
        return units, sum(u.value for u in units)

    def _exhausted(self, idle: list[tuple[list[Unit], int]], ctx: NantongContext) -> Result:
        totals = [ceil10(b) for _, b in idle]
        details = {
            "base_hu": {s: b for s, (_, b) in zip(SEATS, idle, strict=True)},
            "totals": dict(zip(SEATS, totals, strict=True)),
            "winner_total": None,
            "players": [{"seat": s, "role": "holding", "units": [_unit_dict(u) for u in us], "base_hu": b,
                         "total": t} for s, (us, b), t in zip(SEATS, idle, totals, strict=True)],
        }
        return Result(variant=self.id, hand="-", valid=True, total=0, payments=settle(totals), details=details)


register(Nantong())
