"""The waits of a hand one tile short, each scored, over any variant (docs/referee.md)."""

from __future__ import annotations

from typing import Any

from . import deadline, decompose, engine, registry
from .errors import HandError
from .notation import format_hand
from .seats import SEATS, previous_seat
from .tiles import tile_name

# Context fields that only make sense on a discard win; dropped when a wait is tried self-drawn.
_DISCARD_ONLY = ("discarder", "dian_pao", "discarder_declared")


def waits(variant_id: str, hand: str, context: dict[str, Any] | None = None,
          rules: str | dict[str, Any] | None = None, dialect: str | None = None) -> dict[str, Any]:
    """Every tile that completes a hand one tile short, scored (self-drawn and on a discard where the
    variant tells them apart); tiles whose four copies the hand already holds are flagged."""
    engine.refuse_ill_typed("WaitsRequest", variant_id, hand, context, rules, dialect)
    v = registry.get(variant_id)
    ctx = v.context(context)
    v.rules(rules)  # report a bad rules value before the work
    short = v.parse_short(hand, ctx, dialect)
    given = {k: val for k, val in ctx.dump().items() if k in ctx.fields_set and k != "win_tile"}
    base = format_hand(short)
    held = short.all_counts()
    modes: list[tuple[str, dict[str, Any]]]
    # the mode the context itself describes (a self-drawn or a discard win, or the one way to win),
    # scored under the context exactly as given: a context the variant refuses is refused here as
    # score refuses it, not hidden by the other mode's changes
    own_mode: str | None = "win"
    if "self_draw" in v.Context.fields:
        self_ctx = {k: val for k, val in given.items() if k not in _DISCARD_ONLY}
        discard_ctx = {**given, "self_draw": False}
        if "discarder" in v.Context.fields and "discarder" not in given:
            # someone must have dealt in: by default the player before the winner (E→S→W→N)
            seat = str(getattr(ctx, "seat_wind", None) or "E")
            if seat in SEATS:
                discard_ctx["discarder"] = previous_seat(seat)
        own_mode = None
        if given.get("self_draw") is True:
            own_mode, self_ctx = "self_draw", given
        elif "self_draw" in given or any(k in given for k in _DISCARD_ONLY):
            own_mode = "discard"
        modes = [("self_draw", {**self_ctx, "self_draw": True}), ("discard", discard_ctx)]
    else:
        modes = [("win", given)]
    own_error: HandError | None = None  # the first refusal of the context's own mode
    own_scored = False
    out: list[dict[str, Any]] = []
    first_error: HandError | None = None  # a context error shows as every candidate failing to read
    read_any = False
    for k in sorted(v.notation.kinds):
        deadline.check()  # each candidate is scored: a step of the time budget
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
                note = v.wait_note(r)
                if note:
                    scores[mode]["note"] = note
                own_scored = own_scored or mode == own_mode
            except HandError as err:
                if mode == own_mode:
                    own_error = own_error or err
                scores[mode] = {"valid": False, "total": 0, "reason": err.message, "items": []}
        out.append({"tile": tile_name(k), "four_held": False, "scores": scores})
    if not read_any and first_error is not None:
        raise first_error  # as score reports it: no tile could make a hand under this context
    if own_error is not None and not own_scored:
        raise own_error  # the context as given: score refuses it with every tile that wins
    answer: dict[str, Any] = {
        "variant": variant_id, "hand": base, "waits": out,
        "any_valid": any(w["scores"] and any(s["valid"] for s in w["scores"].values()) for w in out),
        "context_used": v.context_used(ctx, None).as_dict(),
    }
    if short.notes:
        answer["warnings"] = list(short.notes)
    return answer
