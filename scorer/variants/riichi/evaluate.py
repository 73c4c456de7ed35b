"""One reading scored (docs/rules/riichi.md#items), and the choice among readings
(docs/rules/riichi.md#what-wins): the most points, then a real yakuman over a counted one, then the
higher han, then the higher fu, then the higher fu before rounding."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from scorer.exclusions import apply_exclusions
from scorer.hand import Hand
from scorer.result import Exclusion, Item

from . import fu as fu_module
from .context import RiichiContext, RiichiRules
from .item_tiles import tiles_of
from .items import BY_ID, DORA_IDS, ITEMS, YAKUMAN_IDS
from .shapes import Reading
from .value import Settlement, Value, settle, value
from .yaku import HandFacts, han_of, ordinary, yakuman

# how the chosen reading wins among others (the result's ``tie_break``)
TIE_BREAK = ("the most points, then a real yakuman over a counted one, then the higher han, then the higher fu, "
             "then the more fu before rounding")

ONE_YAKUMAN = "one_yakuman"
# before rounding, the 30 fu of an open hand without fu count as 22 (20 base + 2, as the behaviour
# oracle adds them): a reading with a 2-fu wait beats it no more than it is beaten
OPEN_PINFU_RAW = 2
MAX_YAKUMAN = 6
_POSITION = {row.id: n for n, row in enumerate(ITEMS)}


@dataclass(frozen=True, slots=True)
class DoraCount:
    dora: int
    aka_dora: int
    ura_dora: int
    tiles: tuple[str, str, str] = ("", "", "")  # the dora, red fives and ura dora held, as text

    def as_dict(self) -> dict[str, int]:
        return {"dora": self.dora, "aka_dora": self.aka_dora, "ura_dora": self.ura_dora}


@dataclass(slots=True)
class Scored:
    reading: Reading
    items: list[Item]
    excluded: list[Exclusion]
    han: int
    fu: int
    fu_items: list[fu_module.FuItem]
    yakuman: int  # yakuman counted (0: none)
    has_yaku: bool
    value: Value
    settlement: Settlement

    @property
    def raw_fu(self) -> int:
        """The fu before rounding up to 10."""
        return sum(OPEN_PINFU_RAW if f.reason == "open_pinfu" else f.fu for f in self.fu_items)

    @property
    def key(self) -> tuple[int, bool, int, int, int]:
        return (self.settlement.total, self.yakuman > 0, self.han, self.fu, self.raw_fu)


def item(item_id: str, points: int, count: int = 1, tiles: str = "") -> Item:
    row = BY_ID[item_id]
    return Item(id=row.id, name=row.name, name_zh=row.name_zh, points=points, count=count, tiles=tiles)


def score_reading(reading: Reading, hand: Hand, ctx: RiichiContext, rules: RiichiRules, facts: HandFacts,
                  dora: DoraCount, discarder: str) -> Scored:
    ids = yakuman(reading, ctx, rules, facts) + ordinary(reading, ctx, rules, facts)
    found = [item(i, han, tiles=tiles_of(i, reading, ctx, facts.win))
             for i in ids if (han := han_of(i, facts.closed, rules))]
    found += [item(i, 1, n, text) for i, n, text
              in zip(DORA_IDS, (dora.dora, dora.aka_dora, dora.ura_dora), dora.tiles, strict=True) if n]
    found.sort(key=lambda it: _POSITION[it.id])
    kept, excluded = apply_exclusions(found, ITEMS)
    kept, excluded = _one_yakuman(kept, excluded, rules)
    yakuman_han = sum(it.points for it in kept if it.id in YAKUMAN_IDS)
    count = min(yakuman_han // 13, MAX_YAKUMAN)
    han = 13 * count if count else sum(it.points * it.count for it in kept)
    pinfu = "pinfu" in ids  # a yakuman hand keeps the fu of its reading (pinfu's self-draw 20 included)
    fu, fu_items = fu_module.fu_of(reading, ctx, facts.closed, pinfu)
    worth = value(han, fu, count, rules)
    paid = settle(worth.basic, ctx.seat_wind, ctx.self_draw, discarder, ctx.honba)
    has_yaku = any(it.id not in DORA_IDS for it in kept)
    return Scored(reading, kept, excluded, han, fu, fu_items, count, has_yaku, worth, paid)


def _one_yakuman(kept: list[Item], excluded: list[Exclusion],
                 rules: RiichiRules) -> tuple[list[Item], list[Exclusion]]:
    """Under ``yakuman_stack`` false: the highest-valued yakuman alone (the first in the table on a
    tie), paid as one; the others go to ``excluded``."""
    if rules.yakuman_stack:
        return kept, excluded
    yakuman_items = [it for it in kept if it.id in YAKUMAN_IDS]
    if not yakuman_items:
        return kept, excluded
    best = max(yakuman_items, key=lambda it: (it.points, -_POSITION[it.id]))
    dropped = [Exclusion(id=it.id, name=it.name, name_zh=it.name_zh, by=best.id, principle=ONE_YAKUMAN)
               for it in yakuman_items if it is not best]
    one = dataclasses.replace(best, points=13)  # paid as one yakuman, its tiles kept
    return [one if it is best else it for it in kept if it is best or it.id not in YAKUMAN_IDS], dropped + excluded


def choose(scored: list[Scored]) -> Scored:
    """The reading worth the most (readings with a yaku first)."""
    return max(scored, key=lambda s: (s.has_yaku, s.key))
