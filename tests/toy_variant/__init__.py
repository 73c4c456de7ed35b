"""A small variant that exists only in the test suite: it proves that a variant is its package, its
fixtures and its rules page, with nothing else naming it (tests/test_toy_variant.py).

Laid out as a built-in variant is: this package (as ``scorer/variants/<id>/``), and beside it its
fixtures ``fixtures/toy/cases.json`` and its rules page ``docs/rules/`` + ``toy.md``, as the
repository's ``fixtures/<id>/`` and ``docs/rules/<id>.md``. Unlike a built-in variant it does not register itself on
import: a test registers it for its own run and takes it out again (``registered``), so that no
other test sees a seventh variant.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar

from scorer import reference, registry
from scorer.apidoc import ApiDoc
from scorer.exclusions import apply_exclusions
from scorer.fields import Model, field
from scorer.hand import Hand
from scorer.notation import SUITED_16
from scorer.registry import ItemDef, ResolvedRules, Variant, item_table
from scorer.result import Item, Result
from scorer.seats import Wind, paid_by_discarder, previous_seat


class ToyContext(Model):
    self_draw: bool = field(False, "won on one's own draw")
    bonus: int = field(0, "points added to every win", ge=0)
    seat_wind: Wind = field("E", cli=("--seat",))
    tags: list[str] = field(description="free labels", factory=list)


class ToyRules(Model):
    pung_points: int = field(1, "points per pung", ge=0)


PUNG, BONUS = item_table("toy", (ItemDef("pung", "Pung", "刻子", 1), ItemDef("bonus", "Bonus", "奖励", 0)))


class Toy(Variant):
    """17-tile suited hands; a point per pung (any reading), plus the context bonus."""

    id: ClassVar[str] = "toy"
    name: ClassVar[str] = "Toy"
    name_zh: ClassVar[str] = "玩具"
    edition: ClassVar[str] = "the test suite's toy rules"
    api_doc: ClassVar[ApiDoc] = ApiDoc(example_hand="[111m]222m333m456p11s55s5s", example_context={"bonus": 1})
    notation = SUITED_16
    Context = ToyContext
    Rules = ToyRules
    presets = {"default": {"pung_points": 1}, "generous": {"pung_points": 5}}
    items = (PUNG, BONUS)

    def score(self, hand: Hand, context: Model, rules: ResolvedRules) -> Result:
        from scorer.decompose import readings
        from scorer.notation import format_hand

        ctx: ToyContext = context  # type: ignore[assignment]
        n_sets = 5 - hand.sets_fixed
        found = readings(hand.counts(), n_sets)
        canonical = format_hand(hand)
        if not found:
            return Result(variant=self.id, hand=canonical, valid=False, reason="not a winning hand")
        pungs = max(sum(1 for code in groups if code >> 6 == 1) for groups, _ in found)
        pungs += sum(1 for m in hand.melds if m.kind.value in ("pung", "kong"))
        per = rules.options.pung_points  # type: ignore[attr-defined]
        items = [Item(id="pung", name="Pung", name_zh="刻子", points=per, count=pungs)] if pungs else []
        if ctx.bonus:
            items.append(Item(id="bonus", name="Bonus", name_zh="奖励", points=ctx.bonus))
        items, excluded = apply_exclusions(items, self.items)
        total = sum(item.points * item.count for item in items)
        return Result(variant=self.id, hand=canonical, valid=True, total=total, items=items, excluded=excluded,
                      payments=paid_by_discarder(ctx.seat_wind, previous_seat(ctx.seat_wind), total))


HOME = Path(__file__).resolve().parent
FIXTURES = HOME / "fixtures"  # as the repository's fixtures/: <id>/cases.json
DOCS = HOME / "docs"  # as the repository's docs/: rules/<id>.md


@contextmanager
def registered(variant: Variant | None = None) -> Iterator[Variant]:
    """The toy (or a variant made from it) registered, and its rules page found with the others',
    for the time of a test; both taken out again after."""
    found = registry.register(variant or Toy())
    roots = reference.DOCS_ROOTS
    reference.DOCS_ROOTS = (*roots, DOCS)
    try:
        yield found
    finally:
        reference.DOCS_ROOTS = roots
        registry.unregister(found.id)
