"""Referee features over any variant: every reading side by side, a claim checked, the waits of a
hand one tile short (README.md#referee-tools)."""

from __future__ import annotations

import re
from typing import Any

from . import decompose, registry
from .errors import HandError
from .notation import format_hand, parse_tile
from .result import ClaimCheck, ReadingView, Result, Verdict
from .tiles import tile_name

# Context fields that only make sense on a discard win; dropped when a wait is tried self-drawn.
_DISCARD_ONLY = ("discarder", "dian_pao", "discarder_declared")
_SEATS = ("E", "S", "W", "N")


def readings_of(variant: registry.Variant, hand, context, rules, result: Result) -> list[ReadingView]:
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


def item_names(variant: registry.Variant) -> dict[str, str]:
    """Every way a claim may name an item (id, English name, Chinese name) → the item's id."""
    names: dict[str, str] = {}
    for item in variant.items:
        for name in (item.name_zh, item.name, item.id):
            names[name_key(name)] = item.id
    return names


def check_claim(variant: registry.Variant, result: Result, claim: list[str | int],
                readings: list[ReadingView]) -> Verdict:
    ids: list[str] = []
    claimed_total: int | None = None
    names = item_names(variant)
    for c in claim:
        if isinstance(c, int) and not isinstance(c, bool):
            claimed_total = c
        elif isinstance(c, str) and _TOTAL.fullmatch(c.strip()):
            claimed_total = int(c.strip())
        elif isinstance(c, str) and c.strip():
            ids.append(names.get(name_key(c), c.strip()))
    table = {i.id: i for i in variant.items}
    scored = {i.id: i for i in result.items}
    excluded = {e.id: e for e in result.excluded}
    chosen_total = next((r.total for r in readings if r.chosen), result.total)
    checks: list[ClaimCheck] = []
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
            checks.append(ClaimCheck(id=item_id, status="unknown", why=f"{variant.id} has no item {item_id!r} (by id, Chinese or "
                                                                         f"English name: mjscore items {variant.id})"))
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
    missed = [i.id for i in result.items if i.id not in ids] if ids else []
    agrees = None if claimed_total is None else claimed_total == result.total
    wrong = [c for c in checks if c.status != "confirmed"]
    parts = []
    if ids:
        parts.append(f"{len(ids) - len(wrong)} of {len(ids)} claimed items confirmed")
    if missed:
        parts.append(f"{len(missed)} scored item(s) not claimed")
    if claimed_total is not None:
        parts.append(f"claimed total {claimed_total} {'agrees with' if agrees else 'differs from'} "
                     f"the computed {result.total}")
    upheld = not wrong and not missed and agrees is not False
    summary = ("The claim is upheld: " if upheld else "The claim does not stand: ") + "; ".join(parts) + "."
    return Verdict(items=checks, missed=missed, claimed_total=claimed_total, computed_total=result.total,
                   total_agrees=agrees, summary=summary)


def _wild_kinds(context: Any) -> list[int]:
    wild = getattr(context, "wild", None)
    if not wild:
        return []
    values = wild if isinstance(wild, list | tuple) else [wild]
    return [parse_tile(w) if isinstance(w, str) else int(w) for w in values]


def completes(variant: registry.Variant, hand, context: Any) -> bool:
    """Does the hand form a winning shape (sets + pair or the variant's special shapes)?"""
    counts = hand.counts()
    wilds = 0
    for w in _wild_kinds(context):
        wilds += counts[w]
        counts[w] = 0
    n_sets = variant.notation.n_sets - hand.sets_fixed
    shapes = variant.shapes if not hand.melds else variant.shapes & decompose.KNITTED_STRAIGHT
    return decompose.is_winning(counts, n_sets, wilds, max_copies=99, shapes=shapes)


def waits(variant_id: str, hand: str, context: dict[str, Any] | None = None,
          rules: str | dict[str, Any] | None = None, dialect: str | None = None) -> dict[str, Any]:
    """Every tile that completes a hand one tile short, scored (self-drawn and on a discard where the
    variant tells them apart); tiles whose four copies the hand already holds are flagged."""
    from . import engine

    v = registry.get(variant_id)
    ctx = v.context(context)
    v.rules(rules)  # report a bad rules value before the work
    short = v.parse_short(hand, ctx, dialect)
    given = {k: val for k, val in ctx.model_dump().items() if k in ctx.model_fields_set and k != "win_tile"}
    base = format_hand(short)
    held = short.all_counts()
    modes: list[tuple[str, dict[str, Any]]]
    if "self_draw" in v.Context.model_fields:
        self_ctx = {k: val for k, val in given.items() if k not in _DISCARD_ONLY}
        discard_ctx = {**given, "self_draw": False}
        if "discarder" in v.Context.model_fields and "discarder" not in given:
            # someone must have dealt in: by default the player before the winner (E→S→W→N)
            seat = str(getattr(ctx, "seat_wind", None) or "E")
            if seat in _SEATS:
                discard_ctx["discarder"] = _SEATS[(_SEATS.index(seat) - 1) % 4]
        modes = [("self_draw", {**self_ctx, "self_draw": True}), ("discard", discard_ctx)]
    else:
        modes = [("win", given)]
    out = []
    first_error: HandError | None = None  # a context error shows as every candidate failing to read
    read_any = False
    for k in sorted(v.notation.kinds):
        text = base + tile_name(k)
        if held[k] >= 4:
            # the formal wait of a fifth copy: listed and flagged, it cannot be won
            counts = short.counts()
            counts[k] += 1
            n_sets = v.notation.n_sets - short.sets_fixed
            if decompose.is_winning(counts, n_sets, 0, max_copies=99,
                                    shapes=v.shapes if not short.melds else 0):
                out.append({"tile": tile_name(k), "four_held": True, "scores": None})
            continue
        try:
            candidate = v.parse_hand(text, ctx, None)
        except HandError as err:
            first_error = first_error or err
            continue
        read_any = True
        if not v.completes(candidate, ctx):
            continue
        scores: dict[str, Any] = {}
        for mode, mode_ctx in modes:
            try:
                r = engine.score(variant_id, text, mode_ctx, rules, None)
                scores[mode] = {"valid": r.valid, "total": r.total, "reason": r.reason,
                                "items": [i.id for i in r.items]}
            except HandError as err:
                scores[mode] = {"valid": False, "total": 0, "reason": err.message, "items": []}
        out.append({"tile": tile_name(k), "four_held": False, "scores": scores})
    if not read_any and first_error is not None:
        raise first_error  # as score reports it: no tile could make a hand under this context
    answer: dict[str, Any] = {
        "variant": variant_id, "hand": base, "waits": out,
        "any_valid": any(w["scores"] and any(s["valid"] for s in w["scores"].values()) for w in out),
        "context_used": v.context_used(ctx, None).as_dict(),
    }
    if short.notes:
        answer["warnings"] = list(short.notes)
    return answer
