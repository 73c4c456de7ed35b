"""Chinese Official Mahjong / MCR (国标麻将), variant ``mcr``.

Rules: docs/rules/mcr.md (the 81 fans + 明暗杠, the five principles, the 8-point minimum, the
settlement). The ``helper`` preset (default) behaves as pymahjonggb 1.4.0; ``mcr1998``
scores 明杠 + 暗杠 instead of 明暗杠 and no wait fan inside the knitted-straight form.

Readings the rules page states and the 1998 rules leave open:
- Flowers may be given as the ``flowers`` count or written in the hand (``1f2f``); giving both
  with different numbers is an error.
- ``discarder`` on a self-drawn win, or naming the winner, contradicts the hand: an error.
- A hand below the minimum keeps its fan list (items, excluded) so the referee sees why; its
  ``total`` is 0 and ``details.fan_points`` holds the points it reached.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from scorer.apidoc import TILES, ApiDoc, nullable
from scorer.efficiency_profile import (
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    STANDARD_KINDS,
    THIRTEEN_ORPHANS,
    Profile,
    always,
)
from scorer.errors import HandError, Problem
from scorer.fields import Model
from scorer.hand import Hand
from scorer.notation import STANDARD, NotationRules
from scorer.registry import ItemDef, ResolvedRules, Variant, register
from scorer.result import Exclusion, Item, Result
from scorer.seats import no_payments, previous_seat
from scorer.tiles import tile_name

from . import evaluate as evaluate_module
from . import settle
from .context import DEFAULT_PRESET, PRESETS, MCRContext, MCRRules
from .division import KONG, HandFacts, hand_facts
from .evaluate import TIE_BREAK, Reading, choose, every_reading
from .fans import FANS, INDEX
from .specials import FAMILIES, pair_texts
from .tiebreak import TEXTS as TIE_BREAKS

if TYPE_CHECKING:  # built on first use (scorer/result_parts.py): a plain query never explains
    from scorer.result_parts import ReadingView


class MCR(Variant):
    id: ClassVar[str] = "mcr"
    name: ClassVar[str] = "Chinese Official Mahjong (MCR)"
    name_zh: ClassVar[str] = "国标麻将"
    Context = MCRContext
    Rules = MCRRules
    presets = PRESETS
    default_preset = DEFAULT_PRESET
    items: ClassVar[tuple[ItemDef, ...]] = FANS
    shapes = 1 | 2 | 4 | 8  # seven pairs, thirteen orphans, honours-and-knitted, knitted straight
    # tile efficiency (docs/efficiency.md#variants)
    efficiency: ClassVar[Profile | None] = Profile(
        STANDARD_KINDS, 4, always(SEVEN_PAIRS | THIRTEEN_ORPHANS | HONORS_KNITTED | KNITTED_STRAIGHT), minimum="8_points")
    edition: ClassVar[str] = "Chinese Official Mahjong, the 81 fans of the 1998 rules (+ 明暗杠 in helper)"
    match_sheet: ClassVar[str | None] = "mcr_match"  # the 16-hand match sheet (docs/match.md)
    notation: ClassVar[NotationRules] = STANDARD  # flowers in the hand, ChineseOfficialMahjongHelper strings
    api_doc: ClassVar[ApiDoc] = ApiDoc(
        example_hand="[123m]456789m555pCC", example_context={"self_draw": True, "seat_wind": "S"},
        fields={"win_tile": nullable({"type": "string", "enum": TILES})})

    def given_in_hand(self, hand: Hand | None) -> set[str]:
        return {"flowers"} if hand is not None and hand.flowers else set()

    def resolved_context(self, ctx: Model, hand: Hand | None) -> dict[str, Any]:
        values = ctx.dump()
        if hand is not None:
            values["flowers"] = self._flowers(hand, ctx)  # type: ignore[arg-type]
            if hand.win_tile is not None:
                values["win_tile"] = tile_name(hand.win_tile)
        if not values["self_draw"] and values["discarder"] is None:
            values["discarder"] = previous_seat(values["seat_wind"])
        return values

    def score(self, hand: Hand, context: Model, rules: ResolvedRules) -> Result:
        ctx: MCRContext = context  # type: ignore[assignment]
        opts: MCRRules = rules.options  # type: ignore[assignment]
        flowers = self._flowers(hand, ctx)
        self._check_context(hand, ctx)
        facts = hand_facts(hand, ctx.self_draw, ctx.last_wall, ctx.kong_win, ctx.last_tile, flowers)
        chosen, n_readings = choose(facts, ctx.seat_wind, ctx.round_wind, opts.concealed_kong_and_melded_kong,
                                    opts.knitted_straight_waits)
        return build_result(self.id, hand, ctx, opts, facts, chosen, n_readings)

    def compact(self) -> Any:
        return None if evaluate_module._fast is None else evaluate_module._fast.compact

    def compact_many(self) -> Callable[[list[Any], int, bool], list[Any]] | None:
        return None if evaluate_module._fast is None else evaluate_module._fast.compact_many

    def full_fast(self) -> Callable[[Any, Any, Any], Result | None] | None:
        fast = evaluate_module._fast
        if fast is None:
            return None
        if not fast.FULL_PATH:
            # never a silent fall to the checked path: the reason is logged (and fails the suite)
            import logging

            logging.getLogger(__name__).warning("MCR's compiled full path is off: %s", fast.DECLINED)
            return None
        return fast.full

    def why_declined(self, hand: Any, context: Any, rules: Any) -> str | None:
        """Why the compiled full path leaves this request to the checked path (``engine.why_declined``)."""
        fast = evaluate_module._fast
        return None if fast is None else fast.why_declined(hand, context, rules)

    def explain(self, hand: Hand, context: Model, rules: ResolvedRules) -> list[ReadingView]:
        """Every reading the scorer weighed: special shapes and each four-sets division."""
        from scorer.result import ReadingView
        ctx: MCRContext = context  # type: ignore[assignment]
        opts: MCRRules = rules.options  # type: ignore[assignment]
        facts = hand_facts(hand, ctx.self_draw, ctx.last_wall, ctx.kong_win, ctx.last_tile,
                           self._flowers(hand, ctx))
        readings = every_reading(facts, ctx.seat_wind, ctx.round_wind, opts.concealed_kong_and_melded_kong,
                                 opts.knitted_straight_waits)
        chosen = next((r for r in readings if r.chosen), None)
        views = []
        for i, r in enumerate(readings):
            note = None
            if chosen is not None and r is not chosen and r.points == chosen.points:
                note = f"ties with the chosen reading at {r.points}; {TIE_BREAK}"
            views.append(ReadingView(
                index=i, chosen=r.chosen, shape=r.shape,
                partition=_partition(r, facts),
                items=[_item(f, c, r.tally.source_text(f)) for f, c in enumerate(r.tally.counts) if c],
                excluded=_exclusions(r), total=r.points, note=note))
        return views

    @staticmethod
    def _flowers(hand: Hand, ctx: MCRContext) -> int:
        written = len(hand.flowers)
        if written and "flowers" in ctx.fields_set and ctx.flowers != written:
            raise HandError(f"the hand shows {written} flower(s) but context.flowers is {ctx.flowers}",
                            None, "contradiction")
        return written or ctx.flowers

    @staticmethod
    def _check_context(hand: Hand, ctx: MCRContext) -> None:
        """Flags that contradict the hand are errors, never corrected
        (docs/rules/mcr.md#errors-a-context-that-contradicts-the-hand)."""
        win = hand.win_tile
        assert win is not None, "an MCR hand is read with its winning tile"
        concealed_copies = hand.concealed.count(win)
        elsewhere = sum(m.tiles.count(win) for m in hand.melds) + concealed_copies - 1
        has_kong = any(m.kind.value == "kong" for m in hand.melds)
        name = tile_name(win)
        problems: list[str] = []
        if ctx.kong_win and ctx.self_draw and not has_kong:
            problems.append("kong_win on a self-drawn win needs a kong in the hand (杠上开花)")
        if ctx.kong_win and not ctx.self_draw:
            if elsewhere:
                problems.append(f"robbing a kong (kong_win on a discard) but {name} also appears elsewhere in the hand")
            if ctx.last_wall:
                problems.append("robbing a kong together with last_wall: no kong can be declared once the wall is empty")
        if ctx.last_tile and concealed_copies > 1:
            problems.append(f"last_tile but another {name} is in the concealed part")
        if ctx.discarder is not None:
            if ctx.self_draw:
                problems.append("discarder given on a self-drawn win")
            elif ctx.discarder == ctx.seat_wind:
                problems.append("the discarder is the winner's own seat")
        if problems:
            raise HandError([Problem(p, None, "contradiction") for p in problems])


def _item(fan: int, count: int, tiles: str) -> Item:
    f = FANS[fan]
    return Item(id=f.id, name=f.name, name_zh=f.name_zh, points=f.points, count=count, tiles=tiles)


def _exclusions(reading: Reading) -> list[Exclusion]:
    merged: dict[tuple[int, int | None, str], int] = {}
    for fan, n, by, principle in reading.tally.removed:
        key = (fan, by, principle)
        merged[key] = merged.get(key, 0) + n
    out = []
    for (fan, by, principle), n in merged.items():
        f = FANS[fan]
        out.append(Exclusion(id=f.id, name=f.name, name_zh=f.name_zh, count=n, principle=principle,
                             by=FANS[by].id if by is not None else None))
    return out


def build_result(variant: str, hand: Hand, ctx: MCRContext, opts: MCRRules, facts: HandFacts,
                 chosen: Reading | None, n_readings: int) -> Result:
    """The Result of the chosen reading; ``n_readings``: how many readings were weighed."""
    from scorer.notation import format_hand

    canonical = format_hand(hand)
    zero = no_payments()
    if chosen is None:
        return Result(variant=variant, hand=canonical, valid=False, total=0, payments=zero,
                      reason=settle.NO_WIN_REASON,
                      details={"fan_points": 0, "flowers": facts.flowers, "readings": 0})
    counts = chosen.tally.counts
    items = [_item(i, c, chosen.tally.source_text(i)) for i, c in enumerate(counts) if c]
    if facts.flowers:
        items.append(_item(INDEX["flower_tiles"], facts.flowers, ""))
    fan_points = chosen.points
    valid = fan_points >= opts.minimum
    total = fan_points + facts.flowers if valid else 0
    discarder = None if ctx.self_draw else (ctx.discarder or previous_seat(ctx.seat_wind))
    partition = _partition(chosen, facts)
    details: dict[str, Any] = {
        "fan_points": fan_points,
        "flowers": facts.flowers,
        "minimum": opts.minimum,
        "shape": chosen.shape,
        "readings": n_readings,
        "tie_break": TIE_BREAKS[chosen.decided],
        "discarder": discarder,
        "kongs": sum(1 for s in facts.fixed if s.kind == KONG),
    }
    return Result(
        variant=variant,
        tie_break=TIE_BREAKS[chosen.decided],
        hand=canonical,
        valid=valid,
        reason=None if valid else settle.below_minimum(opts.minimum, fan_points),
        total=total,
        items=items,
        excluded=_exclusions(chosen),
        partition=partition,
        payments=settle.payments(ctx.seat_wind, total, ctx.self_draw, discarder) if valid else zero,
        details=details,
    )


def _partition(reading: Reading, facts: HandFacts) -> list[str]:
    """How the reading groups all the hand's tiles: a division's sets and pair (the knitted-straight
    form leads with its nine-tile body), seven pairs as pairs (four of a kind = two pairs,
    docs/rules/mcr.md#the-winning-shapes), other fixed-list shapes grouped by kind."""
    from scorer.tiles import tiles_text

    if reading.division is not None:
        texts = reading.division.texts()
        if reading.shape == "knitted_straight":
            body = next(fam for fam in FAMILIES if all(facts.concealed[k] for k in fam))
            texts.insert(0, tiles_text(list(body)))
        return texts
    if reading.shape == "seven_pairs":
        return pair_texts(facts)
    return [tiles_text([k] * facts.concealed[k]) for k in facts.kinds]


register(MCR())
