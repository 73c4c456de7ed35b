"""Hebei Mahjong (河北麻将), variant ``hebei``.

Rules: docs/rules/hebei.md. The 136-tile set without flowers or wilds; a hand wins as four sets + a
pair, seven pairs or thirteen orphans; a standard partition with a chow must meet the door rule (at
most two suits, one suit with ≥ 8 tiles: docs/rules/hebei.md#what-wins); every interpretation gets
one base pattern, doubled by 自摸 / 门清 / 杠上开花 / 海底捞月 (docs/rules/hebei.md#items); the highest S
wins; every other seat pays S, or 2S where the dealer (E) wins or pays (docs/rules/hebei.md#payments).
``total`` is S; ``base`` and ``reason_code`` are top-level result fields. Every choice between the
sources that changes a score is a rule option (``HebeiRules``,
docs/rules/hebei.md#rule-options-and-presets); the ``spec`` preset (default) is the page's rules.

Readings chosen where the rules page is silent:
- Error codes: every notation problem is ``invalid_hand`` (message and position kept, including
  flowers written in the hand, a claim digit on a concealed kong and an unknown ``dialect``); every
  context problem is ``invalid_context``. A bad hand is reported before a bad context even when the
  context also fails its fields' checks (unknown field, unknown seat, wrong type), as docs/rules/hebei.md#errors orders them.
- ``win_tile`` that is not a tile, or a different tile from the last one written outside brackets,
  is ``invalid_context``; a ``dealer`` flag is checked against ``seat_wind`` (its default ``S``).
- ``kong_win`` without ``self_draw`` (抢杠) is not checked against the hand: it scores as an
  ordinary discard win (docs/rules/hebei.md#context). ``last_tile`` and ``round_wind`` are accepted and ignored; the ``,N`` claim
  digit is accepted and ignored.
- A hand of honours only is exempt from the door rule whatever its sets (it has no chow anyway).
- Seven pairs with four identical tiles is also read as a standard hand when the tiles split into
  sets (11112233445566m); every reading is listed and the best is taken
  (docs/rules/hebei.md#what-wins, "Which reading counts").
- ``details.interpretations`` lists every interpretation that meets the door rule with its base and
  S (the chosen one is ``details.chosen``); ``details.rejected`` lists the standard partitions that
  broke it and why (``explain`` shows both). A non-winning hand has an empty ``partition`` and ``items``
  and ``base`` null.
- The base item's ``tiles`` holds the chosen partition. ``base`` is the base item's points times
  the 混一色 combination factor, which only the non-default rule ``hunyise_stacks`` adds.
- Rule-option errors keep the core codes (``bad_rules``, ``unknown_field``). They are not context.
- Under the non-default ``payer`` options a discard win needs ``discarder``; without it the context
  is ``invalid_context``. Under the default it is information only.

How the non-default options read (docs/rules/hebei.md#rule-options-and-presets): ``door_rule``
``exactly_two_suits`` = exactly two suits and one of them ≥ 8; ``dealer_double`` ``twice`` adds a
``dealer`` ×2 item to a dealer-winner's S (the payment double stays); ``hunyise_stacks`` adds
``hunyise_combo`` ×2 to 对对胡 / 一条龙 read over one suit + honours; ``all_pungs_with_kongs=false``
makes a no-chow hand holding a kong neither 对对胡 nor exempt (all-honour hands stay exempt). Patterns
never add up or multiply beyond the combinations the page lists, and ``hunyise_stacks`` is the one
option for that.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

from scorer.apidoc import TILES, ApiDoc, nullable
from scorer.efficiency_profile import SEVEN_PAIRS, STANDARD_KINDS, THIRTEEN_ORPHANS, Profile, always
from scorer.errors import HandError, Problem
from scorer.exclusions import apply_exclusions
from scorer.fields import Model
from scorer.hand import Hand
from scorer.notation import NotationRules, format_hand, parse
from scorer.registry import ItemDef, ResolvedRules, Variant, register
from scorer.result import Item, ReadingView, Result
from scorer.seats import no_payments
from scorer.tiles import NUM_STANDARD_KINDS

from . import settle
from .checks import context_problems
from .context import PRESETS, HebeiContext, HebeiRules
from .evaluate import choose, interpretations, value
from .items import BY_ID, ITEMS

NOTATION = NotationRules(name="Hebei's tiles (no flowers)", kinds=frozenset(range(NUM_STANDARD_KINDS)), n_sets=4)

INVALID_HAND = "invalid_hand"
INVALID_CONTEXT = "invalid_context"
NOT_WINNING = "not_a_winning_hand"
REQUIREMENT = "requirement_not_met"


@dataclass(slots=True, kw_only=True)
class HebeiResult(Result):
    """The common result plus two top-level fields: ``base`` (the base pattern's points) and
    ``reason_code`` (docs/rules/hebei.md#errors)."""

    base: int | None = None
    reason_code: str | None = None


def recode(err: HandError, code: str) -> HandError:
    """The same problems (messages, positions) under Hebei's error code (docs/rules/hebei.md#errors)."""
    return HandError([Problem(p.message, p.position, code) for p in err.problems])


class Hebei(Variant):
    id: ClassVar[str] = "hebei"
    edition: ClassVar[str] = "Hebei rules: the door rule, base patterns 屁胡-风一色, four doublings, dealer double"
    name: ClassVar[str] = "Hebei Mahjong"
    name_zh: ClassVar[str] = "河北麻将"
    notation: ClassVar[NotationRules] = NOTATION
    Context = HebeiContext
    Rules = HebeiRules
    presets = PRESETS
    default_preset = "spec"
    items: ClassVar[tuple[ItemDef, ...]] = ITEMS
    shapes = 1 | 2  # seven pairs, thirteen orphans
    # tile efficiency (docs/efficiency.md#variants)
    efficiency: ClassVar[Profile | None] = Profile(STANDARD_KINDS, 4, always(SEVEN_PAIRS | THIRTEEN_ORPHANS))
    api_doc: ClassVar[ApiDoc] = ApiDoc(
        example_hand="234s456s678s555p22p", example_context={"seat_wind": "E", "self_draw": True},
        fields={"wild": {"type": "null"}, "indicators": {"type": "array", "maxItems": 0},
                "flowers": {"type": "integer", "const": 0}, "win_tile": nullable({"type": "string", "enum": TILES})})

    def total_of(self, result: Result) -> int | None:
        """S: the base pattern times its doublings (docs/rules/hebei.md#items)."""
        return math.prod((i.points or 1) * i.factor ** i.count for i in result.items)

    # --- input (invalid_hand before invalid_context: docs/rules/hebei.md#errors) --------------
    def context(self, raw: dict[str, Any] | Model | None) -> Model:
        try:
            return super().context(raw)
        except HandError as err:
            ctx = HebeiContext.defaults()
            ctx._error = recode(err, INVALID_CONTEXT)
            return ctx

    def parse_hand(self, text: str | None, context: Model, dialect: str | None) -> Hand:
        if text is None:
            raise HandError("a hand is required", None, INVALID_HAND)
        try:
            hand = parse(text, self.notation, dialect=dialect)
        except HandError as err:
            raise recode(err, INVALID_HAND) from None
        error = getattr(context, "_error", None)
        if isinstance(error, HandError):
            raise error
        return hand

    @staticmethod
    def check_context(hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> None:
        """Every contradiction at once, code ``invalid_context`` (docs/rules/hebei.md#context)."""
        problems = context_problems(hand, ctx, opts)
        if problems:
            raise HandError([Problem(p, None, INVALID_CONTEXT) for p in problems])

    # --- scoring -------------------------------------------------------------------------------
    def score(self, hand: Hand, context: Model, rules: ResolvedRules) -> Result:
        ctx: HebeiContext = context  # type: ignore[assignment]
        opts: HebeiRules = rules.options  # type: ignore[assignment]
        error = getattr(ctx, "_error", None)
        if isinstance(error, HandError):
            raise error
        self.check_context(hand, ctx, opts)
        facts, listing = interpretations(hand, opts)
        canonical = format_hand(hand)
        zero = no_payments()
        details: dict[str, Any] = {
            "suit_tiles": dict(zip("mps", facts.suit_tiles, strict=True)),
            "honour_tiles": facts.honours,
            "interpretations": [],
            "rejected": listing.rejected,
        }
        if not listing.interps:
            if listing.structural:
                code = REQUIREMENT
                why = listing.rejected[0]["reason"] if listing.rejected else "the door rule fails"
                reason = f"every reading has a chow and breaks the door rule: {why}"
            else:
                code = NOT_WINNING
                reason = "not a winning hand: the tiles form neither four sets and a pair, seven pairs nor 十三幺"
            return HebeiResult(variant=self.id, hand=canonical, valid=False, reason=reason, reason_code=code,
                               total=0, payments=zero, details=details)
        for it in listing.interps:
            value(it, hand, facts, ctx, opts)
        best = choose(listing.interps)
        details["interpretations"] = [i.as_dict() for i in listing.interps]
        details["chosen"] = listing.interps.index(best)
        items, excluded = apply_exclusions(_items(best), ITEMS)
        pay = settle.payments(ctx.seat_wind, best.value, ctx.self_draw, ctx.discarder, opts.payer)
        details.update({
            "kind": best.kind,
            "base_id": best.base_id,
            "dealer_wins": ctx.seat_wind == "E",
            "shares": settle.shares(ctx.seat_wind, best.value),
            "winner_gain": pay[ctx.seat_wind],
        })
        return HebeiResult(variant=self.id, hand=canonical, valid=True, total=best.value, base=best.base,
                           items=items, excluded=excluded, partition=best.partition, payments=pay, details=details,
                           tie_break=TIE_BREAK)

    def explain(self, hand: Hand, context: Model, rules: ResolvedRules) -> list:
        """Every interpretation scored on its own (the chosen one marked), then the standard
        partitions that break the door rule (total 0, with the reason)."""
        ctx: HebeiContext = context  # type: ignore[assignment]
        opts: HebeiRules = rules.options  # type: ignore[assignment]
        facts, listing = interpretations(hand, opts)
        for it in listing.interps:
            value(it, hand, facts, ctx, opts)
        best = choose(listing.interps) if listing.interps else None
        views = []
        for n, it in enumerate(listing.interps):
            items, excluded = apply_exclusions(_items(it), ITEMS)
            views.append(ReadingView(index=n, chosen=it is best, shape=it.kind, partition=it.partition,
                                     items=items, excluded=excluded, total=it.value))
        start = len(views)
        views += [ReadingView(index=start + n, chosen=False, shape="standard", partition=r["partition"],
                              total=0, note=f"breaks the door rule: {r['reason']}")
                  for n, r in enumerate(listing.rejected)]
        return views


TIE_BREAK = ("highest S, then the higher base, then the base pattern that comes first in the list of "
             "docs/rules/hebei.md#items")


def _items(interp) -> list[Item]:
    out = []
    for item_id, points, factor in interp.items:
        d = BY_ID[item_id]
        tiles = " ".join(interp.partition) if item_id == interp.base_id else ""
        out.append(Item(id=d.id, name=d.name, name_zh=d.name_zh, points=points, factor=factor, tiles=tiles))
    return out


register(Hebei())
