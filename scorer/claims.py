"""A claim checked against a result, and every reading side by side (``explain``): the referee's
answers that come with a score (docs/referee.md)."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

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


def name_key(name: str) -> str:
    """Names compare without case, spaces, hyphens or underscores: "Pure Straight" = "pure_straight"."""
    return re.sub(r"[\s_\-]+", "", name).casefold()


@functools.cache
def item_names(variant: Variant) -> dict[str, str]:
    """Every way a claim may name an item (id, English name, Chinese name) → the item's id."""
    names: dict[str, str] = {}
    for item in variant.items:
        for name in (item.name_zh, item.name, item.id):
            names[name_key(name)] = item.id
    return names


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


def check_claim(variant: Variant, result: Result, claim: list[str | int],
                readings: list[ReadingView]) -> Verdict:
    ids: list[str] = []
    claimed_total: int | None = None
    names = item_names(variant)
    # the terms the variant reads in its own words first (riichi: "3 han 40 fu", "mangan")
    own = variant.own_claims(result, claim) or OwnClaims(rest=list(claim))
    for c in own.rest:
        if isinstance(c, int) and not isinstance(c, bool):
            claimed_total = c
        elif isinstance(c, str) and _TOTAL.fullmatch(c.strip()):
            claimed_total = int(c.strip())
        elif isinstance(c, str) and c.strip():
            item_id = names.get(name_key(c), c.strip())
            if item_id not in ids:  # an item claimed twice (by id and by name, say) is one claim
                ids.append(item_id)
    table = {i.id: i for i in variant.items}
    scored = {i.id: i for i in result.items}
    excluded = {e.id: e for e in result.excluded}
    chosen_total = next((r.total for r in readings if r.chosen), result.total)
    checks: list[ClaimCheck] = list(own.checks)
    for item_id in ids:
        if item_id in scored:
            it = scored[item_id]
            count = f" ×{it.count}" if it.count > 1 else ""
            tiles = f" from {it.tiles}" if it.tiles else ""
            checks.append(ClaimCheck(id=item_id, status="confirmed",
                                     why=f"{it.name} ({it.name_zh}) scores{count}{tiles}"))
        elif item_id in excluded:
            e = excluded[item_id]
            by = table[e.by].name if e.by in table else e.by
            checks.append(ClaimCheck(id=item_id, status="excluded", by=e.by, principle=e.principle,
                                     why=f"{e.name} ({e.name_zh}) is in the hand but not also scored: "
                                         f"{by} excludes it ({e.principle.replace('_', '-')})"))
        elif item_id not in table:
            checks.append(ClaimCheck(id=item_id, status="unknown", why=unknown_item(variant, item_id)))
        else:
            other = next((r for r in readings if not r.chosen and any(i.id == item_id for i in r.items)), None)
            name = f"{table[item_id].name} ({table[item_id].name_zh})"
            if other is not None and other.total == chosen_total:
                why = (f"{name} appears only in another reading ({' '.join(other.partition)}), which ties at "
                       f"{other.total}; the tie-break keeps the chosen one ({result.tie_break or 'first found'})")
            elif other is not None:
                why = (f"{name} appears only in another reading ({' '.join(other.partition)}), which totals "
                       f"{other.total} against {chosen_total} for the chosen one (high over low)")
            else:
                why = f"{name}: no reading of this hand shows it"
            checks.append(ClaimCheck(id=item_id, status="not_present", why=why))
    named = ids + own.items
    missed = [i.id for i in result.items if i.id not in named] if named else []
    agrees = None if claimed_total is None else claimed_total == result.total
    wrong = [c for c in checks if c.status != "confirmed"]
    parts = []
    if checks:
        parts.append(f"{len(checks) - len(wrong)} of {len(checks)} claimed items confirmed")
    if missed:
        parts.append(f"{len(missed)} scored item(s) not claimed")
    if claimed_total is not None:
        parts.append(f"claimed total {claimed_total} {'agrees with' if agrees else 'differs from'} "
                     f"the computed {result.total}")
    upheld = not wrong and not missed and agrees is not False
    summary = ("The claim is upheld: " if upheld else "The claim does not stand: ") + "; ".join(parts) + "."
    return Verdict(items=checks, missed=missed, claimed_total=claimed_total, computed_total=result.total,
                   total_agrees=agrees, summary=summary)
