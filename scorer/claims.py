"""A claim checked against a result, and every reading side by side (``explain``): the referee's
answers that come with a score (docs/referee.md)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .item_names import item_names, name_key
from .result import ClaimCheck, OwnClaims, ReadingView, Result, Verdict

if TYPE_CHECKING:
    from .registry import Variant


def readings_of(variant: Variant, hand: Any, context: Any, rules: Any, result: Result) -> list[ReadingView]:
    """The variant's own readings, or (for a variant that lists none) the result as one reading."""
    views = variant.explain(hand, context, rules)
    if views:
        return views
    return [ReadingView(index=0, chosen=True, shape=None, partition=result.partition, items=result.items,
                        excluded=result.excluded, total=result.total, note=None)]


_TOTAL = re.compile(r"-?[0-9]{1,9}")  # ASCII digits only, and no number a hand could never reach


def similar_items(variant: Variant, name: str) -> list[str]:
    """The items whose id or name is closest to a mistyped one, as "Pure Straight (清龙)"."""
    import difflib

    names = item_names(variant)
    by_id = {i.id: i for i in variant.items}
    close = difflib.get_close_matches(name_key(name), list(names), n=6, cutoff=0.5)
    ids = list(dict.fromkeys(names[c] for c in close))[:3]
    return [f"{by_id[i].name} ({by_id[i].name_zh})" for i in ids]


def unknown_item(variant: Variant, name: str) -> str:
    """What is said of a name that is no item of the variant: the closest items, and where they are listed."""
    close = similar_items(variant, name)
    maybe = f"; did you mean {' or '.join(close)}?" if close else ""
    return (f"{variant.id} has no item {name!r}{maybe} (by id, Chinese or English name: "
            f"mjscore items {variant.id})")


def _read_terms(variant: Variant, terms: list[str | int]) -> tuple[list[str], int | None]:
    """The items a claim names (ids, each once) and the total it states (the last one given)."""
    ids: list[str] = []
    claimed_total: int | None = None
    names = item_names(variant)
    for c in terms:
        if isinstance(c, int) and not isinstance(c, bool):
            claimed_total = c
        elif isinstance(c, str) and _TOTAL.fullmatch(c.strip()):
            claimed_total = int(c.strip())
        elif isinstance(c, str) and c.strip():
            item_id = names.get(name_key(c), c.strip())
            if item_id not in ids:  # an item claimed twice (by id and by name, say) is one claim
                ids.append(item_id)
    return ids, claimed_total


def _absent(variant: Variant, item_id: str, result: Result, readings: list[ReadingView]) -> str:
    """Why an item of the table is not scored: it is only in another reading, or in none."""
    row = next(i for i in variant.items if i.id == item_id)
    name = f"{row.name} ({row.name_zh})"
    chosen_total = next((r.total for r in readings if r.chosen), result.total)
    other = next((r for r in readings if not r.chosen and any(i.id == item_id for i in r.items)), None)
    if other is None:
        return f"{name}: no reading of this hand shows it"
    if other.total == chosen_total:
        return (f"{name} appears only in another reading ({' '.join(other.partition)}), which ties at "
                f"{other.total}; the tie-break keeps the chosen one ({result.tie_break or 'first found'})")
    return (f"{name} appears only in another reading ({' '.join(other.partition)}), which totals "
            f"{other.total} against {chosen_total} for the chosen one (high over low)")


def _item_check(variant: Variant, item_id: str, result: Result, readings: list[ReadingView]) -> ClaimCheck:
    """One claimed item: scored (with its count and tiles), excluded (by which, why), unknown, or absent."""
    table = {i.id: i for i in variant.items}
    scored = {i.id: i for i in result.items}.get(item_id)  # the last of an id, as listed
    if scored is not None:
        count = f" ×{scored.count}" if scored.count > 1 else ""
        tiles = f" from {scored.tiles}" if scored.tiles else ""
        return ClaimCheck(id=item_id, status="confirmed", why=f"{scored.name} ({scored.name_zh}) scores{count}{tiles}")
    e = {x.id: x for x in result.excluded}.get(item_id)
    if e is not None:
        by = table[e.by].name if e.by in table else e.by
        return ClaimCheck(id=item_id, status="excluded", by=e.by, principle=e.principle,
                          why=f"{e.name} ({e.name_zh}) is in the hand but not also scored: "
                              f"{by} excludes it ({e.principle.replace('_', '-')})")
    if item_id not in table:
        return ClaimCheck(id=item_id, status="unknown", why=unknown_item(variant, item_id))
    return ClaimCheck(id=item_id, status="not_present", why=_absent(variant, item_id, result, readings))


def check_claim(variant: Variant, result: Result, claim: list[str | int],
                readings: list[ReadingView]) -> Verdict:
    # the terms the variant reads in its own words first (riichi: "3 han 40 fu", "mangan")
    own = variant.own_claims(result, claim) or OwnClaims(rest=list(claim))
    ids, claimed_total = _read_terms(variant, own.rest)
    checks = list(own.checks) + [_item_check(variant, item_id, result, readings) for item_id in ids]
    named = ids + own.items
    missed = [i.id for i in result.items if i.id not in named] if named else []
    agrees = None if claimed_total is None else claimed_total == result.total
    return Verdict(items=checks, missed=missed, claimed_total=claimed_total, computed_total=result.total,
                   total_agrees=agrees, summary=_summary(checks, missed, claimed_total, result.total))


def _summary(checks: list[ClaimCheck], missed: list[str], claimed_total: int | None, total: int) -> str:
    """Whether the claim stands, and what it got right and wrong, in one sentence."""
    agrees = None if claimed_total is None else claimed_total == total
    wrong = [c for c in checks if c.status != "confirmed"]
    parts = []
    if checks:
        parts.append(f"{len(checks) - len(wrong)} of {len(checks)} claimed items confirmed")
    if missed:
        parts.append(f"{len(missed)} scored item(s) not claimed")
    if claimed_total is not None:
        parts.append(f"claimed total {claimed_total} {'agrees with' if agrees else 'differs from'} "
                     f"the computed {total}")
    upheld = not wrong and not missed and agrees is not False
    return ("The claim is upheld: " if upheld else "The claim does not stand: ") + "; ".join(parts) + "."
