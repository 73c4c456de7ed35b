"""Fuzhou Mahjong (福州麻将), variant ``fuzhou``.

Rules: docs/rules/fuzhou.md. A 16-tile game won on 17 tiles = 5 sets + a pair (kongs count as
one set), suited tiles only (the 28 honours and 8 flowers are all flowers, set aside and given in
``flowers``). One suited kind is the gold (``wild``): wild only in the concealed part. Scored
(docs/rules/fuzhou.md#items): flower points F, dealer points D, one bonus type (金雀 60 > 三金倒 40 >
抢金 30, else 平胡 30 when F = 0, +10 for a gold type with F = 0), the multiplier m and the payments
``base × ((F + D_p) × m + B)`` (docs/rules/fuzhou.md#payments). The page's rules are the default
preset ``spec``; each choice between the sources that changes a score is a rule option
(docs/rules/fuzhou.md#rule-options-and-presets, ``context.FuzhouRules``).

Golds: the golds are taken out of the concealed counts and the readings of the rest with that
many wilds (any suited stand-in, the 4-copy cap lifted: docs/rules/fuzhou.md#what-wins) are
considered. A reading is 金雀 when its pair's kind appears at least twice among the stand-ins (the
pair's two tiles can then be two golds, also when the golds stand for their own kind). Only the
bonus depends on the reading, so the best one is a 金雀 reading if any (docs/rules/fuzhou.md#what-wins,
"Which arrangement counts"; fixture case W17); the one shown has the most golds standing for their
own kind, then comes first in the sorted listing. ``score`` needs only the number of readings,
whether one is 金雀 and the one shown: arrangements.py finds them without listing the hundreds of
readings a 金雀 hand can have; ``explain`` lists them all.
``explain`` lists the arrangements side by side, one entry per distinct score (explain.py).

Readings chosen where the rules page is silent:
- ``wild`` that cannot be read as tiles (``"5x"``) is ``bad_notation`` (a tile field that cannot
  be parsed); a readable wild that is not one suited kind (``"1z"``, ``"5p6p"``, a flower, missing
  or empty) is ``bad_wild``; so is more than one tile, even of one kind (``"5p5p"``, ``["5p", "5p"]``):
  ``wild`` is a single suited tile, a one-element list at most (docs/rules/fuzhou.md#context).
- ``flowers`` also accepts ``"-"`` or ``""`` for none; commas and spaces between tiles are ignored.
  A suited tile or a long card (Q B H) in it is ``bad_flowers``; garbage is ``bad_notation``.
- A long card (Q B H) or a flower written in the hand is ``honour_in_hand`` (only suited tiles may
  be in a Fuzhou hand); ``<..>`` groups are ``bad_meld``.
- ``win_tile`` that is not one tile (``"5p6p"``, a flower) is ``bad_context``; unreadable text is
  ``bad_notation``.
- ``dealer_streak`` < 0 and ``base`` < 1 are ``bad_context`` (checked in the order of
  docs/rules/fuzhou.md#errors, after the hand).
- 抢金 forbids exposed melds (``[..]``, ``{..}``) only (docs/rules/fuzhou.md#rob-gold); a concealed
  kong is allowed.
- The displayed gold taken by 抢金 is a gold like the others (fixture cases W12/W13), so a robbed
  hand may hold 4.
- 游金 shape test (docs/rules/fuzhou.md#what-wins, "Self-draw only") on a hand with melds: the rest
  must split into ``5 − melds`` sets.
- ``items[].points`` is the item's whole contribution to F or B (docs/rules/fuzhou.md#items),
  ``count`` how many tiles/kongs gave it: ``flower_tiles`` 5 → points 5, count 5; ``flower_kong``
  ×2 → points 4.
- An invalid win still reports F and D under ``details``; bonus, B, m, points are null/0 and every
  payment is 0. ``details.reason_code`` and ``details.error`` hold its reason code
  (docs/rules/fuzhou.md#errors).
- Added kongs ``{xxxx}`` score as exposed kongs (+1).
- ``wilds`` says what each gold stands for in the reading shown (``金 9s → 3s``): one entry per gold
  held, a gold standing for its own kind included, group by group in the partition's order; within
  a group natural tiles are used before golds, except a 金雀 pair, which takes two golds (as
  ``explain``'s group texts show them, each reading with its own list). A 三金倒 won without any
  arrangement lists each gold as itself. Golds never sit in melds (``gold_in_meld``); an invalid
  hand lists none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from scorer.apidoc import FLOWER_TEXT, SEATS, SUITED, ApiDoc, nullable
from scorer.decompose import reading_texts
from scorer.efficiency_profile import SUITED_KINDS, THREE_GOLDS, Profile, always, wild_of_context
from scorer.errors import HandError
from scorer.fields import Invalid, Model
from scorer.hand import Hand
from scorer.notation import SUITED_16, format_hand, format_meld
from scorer.registry import ItemDef, ResolvedRules, Variant, register, scored_item, validation_problems
from scorer.result import Item, ReadingView, Result, WildUse
from scorer.seats import no_payments
from scorer.tiles import tile_name, tiles_text

from .context import PRESETS, FuzhouContext, FuzhouRules
from .explain import TIE_BREAK, gold_uses, wild_use
from .items import INDEX, ITEMS
from .scoring import REASONS, Outcome, evaluate
from .validate import Facts, check


@dataclass(slots=True, kw_only=True)
class FuzhouResult(Result):
    """The common result plus the Fuzhou figures (docs/rules/fuzhou.md#payments), at the top level
    as well as under ``details``: ``reason_code`` (the reason code of an invalid win,
    docs/rules/fuzhou.md#errors, else null) and the score's figures F, D, bonus, B, m, points and
    winner_gain."""

    reason_code: str | None = None
    flower_points: int | None = None
    dealer_points: int | None = None
    bonus: str | None = None
    bonus_points: int | None = None
    multiplier: int | None = None
    points: int | None = None
    winner_gain: int | None = None


def _top(details: dict[str, Any]) -> dict[str, Any]:
    keys = ("reason_code", "flower_points", "dealer_points", "bonus", "bonus_points", "multiplier", "points",
            "winner_gain")
    return {k: details.get(k) for k in keys}


class Fuzhou(Variant):
    id: ClassVar[str] = "fuzhou"
    edition: ClassVar[str] = "Fuzhou table rules: 16 tiles, the gold, 36 flowers, 金雀/三金倒/抢金/平胡"
    name: ClassVar[str] = "Fuzhou Mahjong"
    name_zh: ClassVar[str] = "福州麻将"
    notation = SUITED_16
    Context = FuzhouContext
    Rules = FuzhouRules
    presets = PRESETS
    default_preset = "spec"
    items: ClassVar[tuple[ItemDef, ...]] = ITEMS
    shapes = 0
    # tile efficiency (docs/efficiency.md#variants)
    efficiency: ClassVar[Profile | None] = Profile(SUITED_KINDS, 5, always(THREE_GOLDS), wild_of_context, SUITED_KINDS)
    api_doc: ClassVar[ApiDoc] = ApiDoc(
        example_hand="[123p]456m789m234s99s56p4p",
        example_context={"wild": "9s", "self_draw": True, "seat_wind": "S", "dealer_streak": 2},
        fields={
            "wild": {"anyOf": [{"type": "string", "enum": SUITED},
                               {"type": "array", "items": {"type": "string", "enum": SUITED},
                                "minItems": 1, "maxItems": 1}]},
            "flowers": nullable({"anyOf": [FLOWER_TEXT, {"type": "array", "items": FLOWER_TEXT, "maxItems": 40}]}),
            "seat_wind": nullable({"type": "string", "enum": SEATS}),
            "discarder": nullable({"type": "string", "enum": SEATS}),
            "win_tile": nullable({"type": "string", "enum": SUITED}),
        },
        required=("wild",))  # required by the variant's own check (docs/rules/fuzhou.md#context)

    def total_of(self, result: Result) -> int | None:
        """The winner's gain (docs/rules/fuzhou.md#payments)."""
        return max(result.payments.values())

    def resolved_context(self, ctx: Model, hand: Hand | None) -> dict[str, Any]:
        """The seat, dealer and discarder as the check settled them (the dealer sits East; a
        discard comes from the winner's previous seat by default)."""
        values = ctx.dump()
        checked = getattr(ctx, "_checked", None)
        if checked is not None:
            facts = checked[1]
            values.update(seat_wind=facts.seat, dealer=facts.dealer_wins, discarder=facts.discarder)
        return values

    def context(self, raw: dict[str, Any] | Model | None) -> Model:
        """A field that fails its type's checks (a wrong type, an unknown name) is left out and its
        problem kept on the context, so ``check`` reports it in the order of
        docs/rules/fuzhou.md#errors (bad_context after the hand's own codes) instead of before the
        hand is even read."""
        if isinstance(raw, FuzhouContext):
            return raw
        try:
            return FuzhouContext.validate(raw or {}, "context")
        except Invalid as err:
            bad = {i.field for i in err.faults if i.field is not None}
            if not isinstance(raw, dict) or not bad:
                raise HandError(validation_problems(err, "context")) from None
            try:
                ctx = FuzhouContext.validate({k: v for k, v in raw.items() if k not in bad}, "context")
            except Invalid:
                raise HandError(validation_problems(err, "context")) from None
            ctx._deferred = tuple(validation_problems(err, "context"))
            return ctx

    def parse_short(self, text: str, context: Model, dialect: str | None) -> Hand:
        """``waits``: a context field its type rejected is still an input error there."""
        deferred = getattr(context, "_deferred", None)
        if deferred:
            raise HandError(list(deferred))
        return super().parse_short(text, context, dialect)

    def parse_hand(self, text: str | None, context: Model, dialect: str | None) -> Hand:
        """Read the hand and check the whole request in the order of docs/rules/fuzhou.md#errors
        (the input errors)."""
        hand, facts = check(context, text=text, dialect=dialect)  # type: ignore[arg-type]
        context._checked = (hand, facts, context.dump())  # type: ignore[attr-defined]
        return hand

    def score(self, hand: Hand, context: Model, rules: ResolvedRules) -> Result:
        ctx: FuzhouContext = context  # type: ignore[assignment]
        opts: FuzhouRules = rules.options  # type: ignore[assignment]
        checked = getattr(ctx, "_checked", None)
        if checked is not None and checked[0] is hand and checked[2] == ctx.dump():
            facts = checked[1]  # parse_hand just checked this very hand with this very context
        else:
            hand, facts = check(ctx, hand=hand)
        return build_result(self.id, hand, facts, opts, evaluate(hand, facts, opts))

    def explain(self, hand: Hand, context: Model, rules: ResolvedRules) -> list[ReadingView]:
        """The arrangements and gold assignments side by side, one entry per distinct score
        (docs/rules/fuzhou.md#what-wins, "Which arrangement counts")."""
        from .explain import explain_views

        hand, facts = check(context, hand=hand)  # type: ignore[arg-type]
        return explain_views(self.id, hand, facts, rules.options, build_result)  # type: ignore[arg-type]


def _item(item_id: str, points: int, count: int = 1, tiles: str = "", detail: str | None = None) -> Item:
    return scored_item(INDEX[item_id], points, 1, count, tiles, detail)


def _flower_text(flowers: tuple[int, ...]) -> str:
    fl = "".join(f"{n}f" for n in sorted(-k for k in flowers if k < 0))
    return fl + tiles_text(sorted(k for k in flowers if k > 0))


def build_items(hand: Hand, f: Facts, o: Outcome) -> list[Item]:
    items = _flower_point_items(hand, f, o)
    if o.valid:
        items += _bonus_items(f, o)
    if o.D:
        items.append(_item("dealer_streak", o.D, 1, detail="paid only between the dealer and the winner"))
    return items


def _flower_point_items(hand: Hand, f: Facts, o: Outcome) -> list[Item]:
    """The parts of F: flowers, flower kongs, kongs, golds counted as flowers."""
    items: list[Item] = []
    if o.flower_tiles:
        items.append(_item("flower_tiles", o.flower_tiles, o.flower_tiles, _flower_text(f.flowers)))
    if o.flower_kongs:
        items.append(_item("flower_kong", o.F - o.flower_tiles - o.exposed_kongs - 2 * o.concealed_kongs
                           - o.gold_flowers, o.flower_kongs))
    if o.exposed_kongs:
        items.append(_item("exposed_kong", o.exposed_kongs, o.exposed_kongs,
                           " ".join(format_meld(m) for m in hand.melds if m.is_kong and not m.is_concealed)))
    if o.concealed_kongs:
        items.append(_item("concealed_kong", 2 * o.concealed_kongs, o.concealed_kongs,
                           " ".join(format_meld(m) for m in hand.melds if m.is_kong and m.is_concealed)))
    if o.gold_flowers:
        items.append(_item("gold_tiles", o.gold_flowers, o.gold_flowers, tiles_text([f.wild] * o.gold_flowers)))
    return items


def _bonus_items(f: Facts, o: Outcome) -> list[Item]:
    """B: the gold bonuses counted, 平胡, the plain extra."""
    from .scoring import BONUS_VALUES, PINGHU, PLAIN_EXTRA

    gold = tile_name(f.wild)
    shown = {"golden_bird": f"{gold} {gold} as the pair", "three_golds": tiles_text([f.wild] * o.golds),
             "rob_gold": gold}
    items = [_item(b, BONUS_VALUES[b], tiles=shown[b]) for b in o.bonuses]
    if o.pinghu:
        items.append(_item("pinghu", PINGHU))
    if o.plain_extra:
        items.append(_item("plain_extra", PLAIN_EXTRA))
    return items


def _shown_reading(hand: Hand, f: Facts, o: Outcome) -> tuple[list[str], list[WildUse]]:
    """The partition shown and what each gold stands for in it."""
    partition = [format_meld(m) for m in hand.melds]
    wilds: list[WildUse] = []
    if o.reading:
        partition += reading_texts(o.reading)
        wilds = gold_uses(hand, o.reading, o.standins, f.wild)
    elif o.valid:  # 三金倒 without an arrangement: the loose tiles, then the golds
        partition += [tiles_text([k for k in hand.concealed if k != f.wild]), tiles_text([f.wild] * o.golds)]
        wilds = [wild_use(f.wild, f.wild)] * o.golds  # shown as themselves: no arrangement gives them a part
    return partition, wilds


def _details(f: Facts, opts: FuzhouRules, o: Outcome) -> dict[str, Any]:
    details: dict[str, Any] = {
        "flower_points": o.F,
        "dealer_points": o.D,
        "bonus": o.bonuses[0] if o.bonuses else ("pinghu" if o.pinghu else None),
        "bonus_points": o.B,
        "multiplier": o.m if o.valid else None,
        "points": o.points,
        "winner_gain": o.payments[f.seat] if o.valid else 0,
        "base": f.base,
        "seat": f.seat,
        "dealer": f.dealer_wins,
        "self_draw": f.self_draw,
        "discarder": f.discarder,
        "gold": tile_name(f.wild),
        "golds": o.golds,
        "gold_stands_for": tiles_text(sorted(o.standins)) if o.reading else "",
        "arrangements": o.arrangements,
    }
    if opts.stack_bonuses and len(o.bonuses) > 1:
        details["bonuses"] = list(o.bonuses)
    return details


def build_result(variant: str, hand: Hand, f: Facts, opts: FuzhouRules, o: Outcome) -> Result:
    canonical = format_hand(hand)
    partition, wilds = _shown_reading(hand, f, o)
    details = _details(f, opts, o)
    if not o.valid:
        reason_key = "you_jin_shape" if o.running_gold_shape else (o.reason_code or "")
        details.update({"reason_code": o.reason_code, "error": o.reason_code, "bonus": None,
                        "bonus_points": 0, "points": 0})
        return FuzhouResult(variant=variant, hand=canonical, valid=False, reason=REASONS[reason_key], total=0,
                            items=build_items(hand, f, o), partition=partition, payments=no_payments(),
                            details=details, tie_break=TIE_BREAK, **_top(details))
    return FuzhouResult(variant=variant, hand=canonical, valid=True, total=details["winner_gain"],
                        items=build_items(hand, f, o), excluded=o.excluded, partition=partition, payments=o.payments,
                        details=details, wilds=wilds, tie_break=TIE_BREAK, **_top(details))


register(Fuzhou())
