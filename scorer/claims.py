"""A claim checked against a result, and every reading side by side (``explain``): the referee's
answers that come with a score (docs/referee.md)."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any, NamedTuple

from .result import ClaimCheck, ReadingView, Result, Verdict

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


class _Claimed(NamedTuple):
    ids: list[str]
    total: int | None


def _read_claim(variant: Variant, claim: list[str | int]) -> _Claimed:
    """The claimed item ids (each once, names read as ids) and the claimed total, if any."""
    ids: list[str] = []
    total: int | None = None
    names = item_names(variant)
    for c in claim:
        if isinstance(c, int) and not isinstance(c, bool):
            total = c
        elif isinstance(c, str) and _TOTAL.fullmatch(c.strip()):
            total = int(c.strip())
        elif isinstance(c, str) and c.strip():
            item_id = names.get(name_key(c), c.strip())
            if item_id not in ids:  # an item claimed twice (by id and by name, say) is one claim
                ids.append(item_id)
    return _Claimed(ids, total)


class _Seen(NamedTuple):
    """What the result shows, looked up by item id."""

    variant: Variant
    result: Result
    readings: list[ReadingView]
    table: dict[str, Any]
    scored: dict[str, Any]
    excluded: dict[str, Any]
    chosen_total: int


def _confirmed(item_id: str, seen: _Seen) -> ClaimCheck:
    it = seen.scored[item_id]
    count = f" ×{it.count}" if it.count > 1 else ""
    tiles = f" from {it.tiles}" if it.tiles else ""
    return ClaimCheck(id=item_id, status="confirmed", why=f"{it.name} ({it.name_zh}) scores{count}{tiles}")


def _excluded(item_id: str, seen: _Seen) -> ClaimCheck:
    e = seen.excluded[item_id]
    by = seen.table[e.by].name if e.by in seen.table else e.by
    return ClaimCheck(id=item_id, status="excluded", by=e.by, principle=e.principle,
                      why=f"{e.name} ({e.name_zh}) is in the hand but not also scored: "
                          f"{by} excludes it ({e.principle.replace('_', '-')})")


def _unknown(item_id: str, seen: _Seen) -> ClaimCheck:
    return ClaimCheck(id=item_id, status="unknown", why=unknown_item(seen.variant, item_id))


def _not_present(item_id: str, seen: _Seen) -> ClaimCheck:
    other = next((r for r in seen.readings if not r.chosen and any(i.id == item_id for i in r.items)), None)
    name = f"{seen.table[item_id].name} ({seen.table[item_id].name_zh})"
    if other is None:
        why = f"{name}: no reading of this hand shows it"
    elif other.total == seen.chosen_total:
        why = (f"{name} appears only in another reading ({' '.join(other.partition)}), which ties at "
               f"{other.total}; the tie-break keeps the chosen one ({seen.result.tie_break or 'first found'})")
    else:
        why = (f"{name} appears only in another reading ({' '.join(other.partition)}), which totals "
               f"{other.total} against {seen.chosen_total} for the chosen one (high over low)")
    return ClaimCheck(id=item_id, status="not_present", why=why)


def _check_item(item_id: str, seen: _Seen) -> ClaimCheck:
    if item_id in seen.scored:
        return _confirmed(item_id, seen)
    if item_id in seen.excluded:
        return _excluded(item_id, seen)
    if item_id not in seen.table:
        return _unknown(item_id, seen)
    return _not_present(item_id, seen)


def _summary(claimed: _Claimed, checks: list[ClaimCheck], missed: list[str], agrees: bool | None,
             computed: int) -> str:
    wrong = [c for c in checks if c.status != "confirmed"]
    parts = []
    if claimed.ids:
        parts.append(f"{len(claimed.ids) - len(wrong)} of {len(claimed.ids)} claimed items confirmed")
    if missed:
        parts.append(f"{len(missed)} scored item(s) not claimed")
    if claimed.total is not None:
        parts.append(f"claimed total {claimed.total} {'agrees with' if agrees else 'differs from'} "
                     f"the computed {computed}")
    upheld = not wrong and not missed and agrees is not False
    return ("The claim is upheld: " if upheld else "The claim does not stand: ") + "; ".join(parts) + "."


def check_claim(variant: Variant, result: Result, claim: list[str | int],
                readings: list[ReadingView]) -> Verdict:
    claimed = _read_claim(variant, claim)
    seen = _Seen(variant, result, readings, table={i.id: i for i in variant.items},
                 scored={i.id: i for i in result.items}, excluded={e.id: e for e in result.excluded},
                 chosen_total=next((r.total for r in readings if r.chosen), result.total))
    checks = [_check_item(item_id, seen) for item_id in claimed.ids]
    missed = [i.id for i in result.items if i.id not in claimed.ids] if claimed.ids else []
    agrees = None if claimed.total is None else claimed.total == result.total
    return Verdict(items=checks, missed=missed, claimed_total=claimed.total, computed_total=result.total,
                   total_agrees=agrees, summary=_summary(claimed, checks, missed, agrees, result.total))
