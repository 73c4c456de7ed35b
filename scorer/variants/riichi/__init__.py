"""Riichi (Japanese mahjong, リーチ麻雀), variant ``riichi``.

Rules: docs/rules/riichi.md. The 136-tile set with red fives written 0m 0p 0s; a hand wins as four
sets and a pair, seven pairs or thirteen orphans, and needs a yaku (dora are not yaku). Every
reading is scored (its yaku and yakuman, dora, fu, the limits) and the one worth the most points
is taken; the payments follow the dealer, the self-draw, honba and riichi sticks
(docs/rules/riichi.md#payments). ``details`` carries han, fu and the fu breakdown, the limit, the
dora counts, the riichi sticks and the cost figures.

Readings chosen where the rules page is silent:
- A hand without a yaku is ``valid`` false (reason "no yaku", total 0); its dora are listed in
  ``items`` and counted in ``details.dora``, with the han they would have added in ``details.han``.
- A yakuman hand lists its ordinary yaku and dora under ``excluded`` (principle ``yakuman_only``);
  under ``yakuman_stack`` false the yakuman not kept go there too (principle ``one_yakuman``).
- Context contradictions have the code ``bad_context``; the dora fields' bad tiles too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from scorer.apidoc import ApiDoc
from scorer.efficiency_profile import SEVEN_DIFFERENT_PAIRS, STANDARD_KINDS, THIRTEEN_ORPHANS, Profile, always
from scorer.fields import Invalid, Model
from scorer.hand import Hand
from scorer.notation import NotationRules, format_hand, red_name, red_text
from scorer.registry import ItemDef, ResolvedRules, Variant, register
from scorer.result import OwnClaims, ReadingView, Result
from scorer.seats import DEALER, no_payments, previous_seat
from scorer.tiles import tiles_text

from . import compiled
from .checks import MAX_INDICATORS, NOTATION, Indicators, check, check_short, next_tile
from .claims import read_claim
from .context import DEFAULT_PRESET, PRESETS, RiichiContext, RiichiRules
from .evaluate import DoraCount, Scored, choose, score_reading
from .items import ITEMS, YAKUMAN_IDS, value_text
from .notes import reading_notes, wait_note
from .shapes import PAIR, TRIPLET, Reading, readings
from .value import settle, value
from .yaku import hand_facts

INDICATORS = {"type": "string", "maxLength": 40, "pattern": r"^(?:[0-9][mps]|[1-7]z|[ESWNCFP]){0,5}$",
              "format": "tiles", "x-max-tiles": MAX_INDICATORS,  # the referee page picks them as tiles
              "description": "0 to 5 indicator tiles written together, e.g. 3mE (0m 0p 0s: red fives)"}
TIE_BREAK = ("the most points, then a real yakuman over a counted one, then the higher han, then the higher fu, "
             "then the more fu before rounding")


def dora_count(hand: Hand, ind: Indicators, rules: RiichiRules) -> DoraCount:
    counts = hand.all_counts()
    reds = sorted([*hand.red, *(m.tiles[0] for m in hand.melds for _ in range(m.red))])
    red = len(reds) if rules.aka else 0
    return DoraCount(sum(counts[next_tile(k)] for k in ind.dora), red,
                     sum(counts[next_tile(k)] for k in ind.ura),
                     (_held(counts, ind.dora), " ".join(red_name(k) for k in reds) if red else "",
                      _held(counts, ind.ura)))


def _held(counts: list[int], indicators: tuple[int, ...]) -> str:
    """The tiles of the hand the indicators point at (a tile pointed at twice is written once)."""
    if not indicators:
        return ""
    kinds = sorted({next_tile(k) for k in indicators})
    return tiles_text([k for k in kinds for _ in range(counts[k])])


def written_partition(reading: Reading, hand: Hand) -> list[str]:
    """The reading's groups as the hand writes them: a concealed red five as ``0m`` in the first
    concealed group holding a five of its suit (the melds write their own)."""
    if not hand.red or len(reading.groups) != len(reading.partition):  # thirteen orphans: no five
        return list(reading.partition)
    reds = list(hand.red)
    out = []
    for group, text in zip(reading.groups, reading.partition, strict=True):
        tiles = [] if group.called else [k for k in group.tiles for _ in range(_COPIES.get(group.kind, 1))]
        flags = [False] * len(tiles)
        for n, k in enumerate(tiles):
            if k in reds:
                reds.remove(k)
                flags[n] = True
        out.append(red_text(tiles, flags) if any(flags) else text)
    return out


def _red_in_texts(parts: list[str], red: tuple[int, ...]) -> list[str]:
    out = list(parts)
    for k in red:
        suit = "mps"[k // 9]
        five = next((n for n, p in enumerate(out) if p[:1] not in "[{(" and p.endswith(suit) and "5" in p), None)
        if five is not None:
            out[five] = out[five].replace("5", "0", 1)
    return out


_COPIES = {PAIR: 2, TRIPLET: 3}  # a concealed group's copies of its tile (a sequence: one of each)


class Riichi(Variant):
    id: ClassVar[str] = "riichi"
    name: ClassVar[str] = "Riichi Mahjong"
    name_zh: ClassVar[str] = "リーチ麻雀"
    edition: ClassVar[str] = ("Japanese riichi: yaku and yakuman, dora, red fives and ura dora, fu, the limits, "
                              "honba and riichi sticks")
    notation: ClassVar[NotationRules] = NOTATION
    match_sheet: ClassVar[str | None] = "riichi_hanchan"  # the hanchan sheet (docs/match.md)
    points_name: ClassVar[str] = "han"  # an item's points are its han
    Context = RiichiContext
    Rules = RiichiRules
    presets = PRESETS
    default_preset = DEFAULT_PRESET
    items: ClassVar[tuple[ItemDef, ...]] = ITEMS
    shapes = 1 | 2  # seven pairs, thirteen orphans
    # tile efficiency (docs/efficiency.md#variants): seven pairs of seven different kinds and
    # thirteen orphans, for a closed hand only (the profile's shape rules drop them once a set is
    # melded); a win needs a yaku, the minimum kept in view (docs/efficiency.md#riichi-the-yaku-minimum)
    efficiency: ClassVar[Profile | None] = Profile(
        STANDARD_KINDS, 4, always(SEVEN_DIFFERENT_PAIRS | THIRTEEN_ORPHANS), minimum="yaku")
    api_doc: ClassVar[ApiDoc] = ApiDoc(
        example_hand="234m456p678s22s34m0m",
        example_context={"seat_wind": "S", "riichi": True, "dora_indicators": "1m", "honba": 1},
        fields={"dora_indicators": INDICATORS, "ura_dora_indicators": INDICATORS})

    def total_of(self, result: Result) -> int | None:
        """The han of the items and the fu, valued and paid (docs/rules/riichi.md#value,
        docs/rules/riichi.md#who-pays): the discarder's payment, or the three payments of a self-draw,
        before honba."""
        if result.context_used is None:
            return None
        han = sum(i.points * i.count for i in result.items)
        yakuman = min(sum(i.points for i in result.items if i.id in YAKUMAN_IDS) // 13, 6)
        try:
            opts = RiichiRules.validate({k: v for k, v in result.rules.items() if k != "preset"})
        except Invalid:
            return None
        ctx = result.context_used.values
        worth = value(13 * yakuman if yakuman else han, result.details["fu"], yakuman, opts)
        return settle(worth.basic, ctx["seat_wind"], ctx["self_draw"], ctx["discarder"], 0).total

    def resolved_context(self, ctx: Model, hand: Hand | None) -> dict[str, Any]:
        values = {name: getattr(ctx, name) for name in RiichiContext.fields}  # every field a JSON scalar
        if values["discarder"] is None:
            values["discarder"] = previous_seat(values["seat_wind"])
        return values

    def parse_hand(self, text: str | None, context: Model, dialect: str | None) -> Hand:
        """The plain texts read in C (``compiled.parse_plain``), the rest by the notation parser."""
        hand = compiled.parse_plain(text) if dialect is None else None
        return hand if hand is not None else super().parse_hand(text, context, dialect)

    def full_fast(self) -> Callable[[Any, Any, Any], Result | None] | None:
        """The plain request read without the request models (``compiled.full_path``), when the
        compiled path is on."""
        return compiled.full_path(self)

    def why_declined(self, hand: Any, context: Any, rules: Any) -> str | None:
        """Why the compiled entry leaves this request to the checked path (``engine.why_declined``)."""
        return compiled.why_declined(self, hand, context, rules)
    def readings(self, hand: Hand) -> list[list[str]]:
        """``mjscore parse``'s readings, a concealed red five written ``0m`` as in the answer's
        partition (the first concealed group holding a five of its suit)."""
        return [_red_in_texts(parts, hand.red) for parts in super().readings(hand)]

    def parse_short(self, text: str, context: Model, dialect: str | None) -> Hand:
        """A hand one tile short, and the context's contradictions with it that no winning tile
        lifts: ``waits`` refuses them as ``score`` does, not as every wait's reason."""
        hand = super().parse_short(text, context, dialect)
        check_short(hand, context)  # type: ignore[arg-type]
        return hand

    def completes(self, hand: Hand, context: Model) -> bool:
        """A winning shape as riichi reads it (seven pairs of seven different kinds)."""
        return bool(readings(hand, False))

    def _scored(self, hand: Hand, ctx: RiichiContext, opts: RiichiRules,
                chosen_only: bool = False) -> tuple[list[Scored], DoraCount]:
        ind = check(hand, ctx)
        dora = dora_count(hand, ind, opts)
        discarder = ctx.discarder or previous_seat(ctx.seat_wind)
        if chosen_only:  # the compiled path's chosen reading (compiled.py), when it is on
            chosen = compiled.best_scored(hand, ctx, opts, dora, discarder)
            if chosen is not None:
                return chosen, dora
        facts = hand_facts(hand)
        return [score_reading(r, hand, ctx, opts, facts, dora, discarder)
                for r in readings(hand, ctx.self_draw)], dora

    def score(self, hand: Hand, context: Model, rules: ResolvedRules) -> Result:
        ctx: RiichiContext = context  # type: ignore[assignment]
        opts: RiichiRules = rules.options  # type: ignore[assignment]
        scored, dora = self._scored(hand, ctx, opts, chosen_only=True)
        canonical = format_hand(hand)
        details: dict[str, Any] = {"dealer": ctx.seat_wind == DEALER, "dora": dora.as_dict(),
                                   "riichi_sticks": 1000 * ctx.riichi_sticks}
        if not scored:
            return Result(variant=self.id, hand=canonical, valid=False, reason="not a winning hand",
                          payments=no_payments(), details=details)
        best = choose(scored)
        if not best.has_yaku:
            dora_items = [i for i in best.items if i.id in ("dora", "aka_dora", "ura_dora")]
            details.update(han=sum(i.points * i.count for i in dora_items), fu=best.fu,
                           fu_items=[f.as_dict() for f in best.fu_items], limit="")
            return Result(variant=self.id, hand=canonical, valid=False, reason="no yaku", items=dora_items,
                          partition=written_partition(best.reading, hand), payments=no_payments(), details=details)
        paid = best.settlement
        details.update(han=best.han, fu=best.fu, fu_items=[f.as_dict() for f in best.fu_items],
                       limit=best.value.limit, cost={"main": paid.main, "additional": paid.additional})
        return Result(variant=self.id, hand=canonical, valid=True, total=paid.total, items=best.items,
                      excluded=best.excluded, partition=written_partition(best.reading, hand), payments=paid.payments,
                      details=details, tie_break=TIE_BREAK)

    def summary(self, result: Result) -> list[str]:
        """Han, fu and the limit, the fu breakdown and the riichi sticks, for the readable answer."""
        d = result.details
        if not result.valid:
            return []
        limit = f", {d['limit'].replace('_', ' ')}" if d["limit"] else ""
        lines = [f"{d['han']} han {d['fu']} fu{limit}"]
        if d["fu_items"]:
            parts = " + ".join(f"{i['fu']} {i['reason'].replace('_', ' ')}" + (f" {i['tiles']}" if i["tiles"] else "")
                               for i in d["fu_items"])
            lines.append(f"fu: {parts} → {d['fu']}")
        if d["riichi_sticks"]:
            lines.append(f"riichi sticks: +{d['riichi_sticks']} to the winner (not in payments)")
        return lines

    def explain(self, hand: Hand, context: Model, rules: ResolvedRules) -> list:
        """Every reading with its han and fu, and why the chosen one wins over it
        (docs/rules/riichi.md#what-wins)."""
        ctx: RiichiContext = context  # type: ignore[assignment]
        opts: RiichiRules = rules.options  # type: ignore[assignment]
        scored, _ = self._scored(hand, ctx, opts)
        best = choose(scored) if scored else None
        return [ReadingView(index=n, chosen=s is best and s.has_yaku, shape=s.reading.shape,
                            partition=written_partition(s.reading, hand), items=s.items, excluded=s.excluded,
                            total=s.settlement.total if s.has_yaku else 0, note=note)
                for n, (s, note) in enumerate(zip(scored, reading_notes(scored, best), strict=True))]

    def item_value(self, item: ItemDef) -> str:
        """"2 han, 1 open", "1 han, concealed only", "yakuman", "1 han per tile" (docs/rules/riichi.md#items)."""
        return value_text(item.id)

    def own_claims(self, result: Result, claim: list[str | int]) -> OwnClaims:
        """"3 han 40 fu", "mangan", "1300/2600", "2600 all", "dora 2" (docs/rules/riichi.md#claims)."""
        return read_claim(self, result, claim)

    def wait_note(self, result: Result) -> str | None:
        return wait_note(result)


register(Riichi())
