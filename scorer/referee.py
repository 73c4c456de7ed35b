"""The waits of a hand one tile short, each scored, over any variant (docs/referee.md)."""

from __future__ import annotations

from typing import Any, NamedTuple

from . import deadline, decompose, engine, registry
from .errors import HandError
from .notation import format_hand
from .seats import SEATS, previous_seat
from .tiles import tile_name

# Context fields that only make sense on a discard win; dropped when a wait is tried self-drawn.
_DISCARD_ONLY = ("discarder", "dian_pao", "discarder_declared")


class _Modes(NamedTuple):
    """The ways a wait is scored, each with its context, and the one the context itself describes
    (a self-drawn or a discard win, or the one way to win; None when it does not say)."""

    modes: list[tuple[str, dict[str, Any]]]
    own: str | None


def _modes(v: registry.Variant, ctx: Any, given: dict[str, Any]) -> _Modes:
    # the context's own mode is scored under the context exactly as given: a context the variant
    # refuses is refused here as score refuses it, not hidden by the other mode's changes
    if "self_draw" not in v.Context.fields:
        return _Modes([("win", given)], "win")
    self_ctx = {k: val for k, val in given.items() if k not in _DISCARD_ONLY}
    discard_ctx = {**given, "self_draw": False}
    if "discarder" in v.Context.fields and "discarder" not in given:
        # someone must have dealt in: by default the player before the winner (E→S→W→N)
        seat = str(getattr(ctx, "seat_wind", None) or "E")
        if seat in SEATS:
            discard_ctx["discarder"] = previous_seat(seat)
    own: str | None = None
    if given.get("self_draw") is True:
        own, self_ctx = "self_draw", given
    elif "self_draw" in given or any(k in given for k in _DISCARD_ONLY):
        own = "discard"
    return _Modes([("self_draw", {**self_ctx, "self_draw": True}), ("discard", discard_ctx)], own)


def _fifth_copy_wins(v: registry.Variant, short: Any, k: int) -> bool:
    """Whether a fifth copy of a kind the hand holds four of would complete it (a formal wait)."""
    counts = short.counts()
    counts[k] += 1
    n_sets = v.notation.n_sets - short.sets_fixed
    return decompose.is_winning(counts, n_sets, 0, max_copies=99, shapes=v.shapes if not short.melds else 0)


class _Scoring:
    """The waits found so far, and the refusals to report when no tile gets past them."""

    def __init__(self, variant: registry.Variant, rules: Any, modes: _Modes) -> None:
        self.variant, self.rules, self.modes = variant, rules, modes
        self.out: list[dict[str, Any]] = []
        self.own_error: HandError | None = None  # the first refusal of the context's own mode
        self.own_scored = False
        self.first_error: HandError | None = None  # a context error shows as every candidate failing to read
        self.read_any = False

    def score_modes(self, text: str) -> dict[str, Any]:
        scores: dict[str, Any] = {}
        for mode, mode_ctx in self.modes.modes:
            try:
                r = engine.score(self.variant.id, text, mode_ctx, self.rules, None)
                scores[mode] = {"valid": r.valid, "total": r.total, "reason": r.reason,
                                "items": [i.id for i in r.items]}
                note = self.variant.wait_note(r)  # e.g. riichi: this wait's value, or "no yaku"
                if note:
                    scores[mode]["note"] = note
                self.own_scored = self.own_scored or mode == self.modes.own
            except HandError as err:
                if mode == self.modes.own:
                    self.own_error = self.own_error or err
                scores[mode] = {"valid": False, "total": 0, "reason": err.message, "items": []}
        return scores

    def refusal(self) -> HandError | None:
        if not self.read_any and self.first_error is not None:
            return self.first_error  # as score reports it: no tile could make a hand under this context
        if self.own_error is not None and not self.own_scored:
            return self.own_error  # the context as given: score refuses it with every tile that wins
        return None


def _try_tile(v: registry.Variant, short: Any, held: list[int], k: int, ctx: Any, base: str,
              found: _Scoring) -> None:
    if held[k] >= 4:
        # the formal wait of a fifth copy: listed and flagged, it cannot be won
        if _fifth_copy_wins(v, short, k):
            found.out.append({"tile": tile_name(k), "four_held": True, "scores": None})
        return
    text = base + tile_name(k)
    try:
        candidate = v.parse_hand(text, ctx, None)
    except HandError as err:
        found.first_error = found.first_error or err
        return
    found.read_any = True
    if v.completes(candidate, ctx):
        found.out.append({"tile": tile_name(k), "four_held": False, "scores": found.score_modes(text)})


def waits(variant_id: str, hand: str, context: dict[str, Any] | None = None,
          rules: str | dict[str, Any] | None = None, dialect: str | None = None) -> dict[str, Any]:
    """Every tile that completes a hand one tile short, scored (self-drawn and on a discard where the
    variant tells them apart); tiles whose four copies the hand already holds are flagged."""
    engine.refuse_ill_typed("WaitsRequest", variant_id, hand, context, rules, dialect)
    v = registry.get(variant_id)
    ctx, _ = v.settings(hand, context, rules, dialect, ("idle",))  # every problem before the work
    short = v.parse_short(hand, ctx, dialect)
    given = {k: val for k, val in ctx.dump().items() if k in ctx.fields_set and k != "win_tile"}
    base = format_hand(short)
    held = short.all_counts()
    found = _Scoring(v, rules, _modes(v, ctx, given))
    for k in sorted(v.notation.kinds):
        deadline.check()  # each candidate is scored: a step of the time budget
        _try_tile(v, short, held, k, ctx, base, found)
    refusal = found.refusal()
    if refusal is not None:
        raise refusal
    out = found.out
    answer: dict[str, Any] = {
        "variant": variant_id, "hand": base, "waits": out,
        "any_valid": any(w["scores"] and any(s["valid"] for s in w["scores"].values()) for w in out),
        "context_used": v.context_used(ctx, None).as_dict(),
    }
    if short.notes:
        answer["warnings"] = list(short.notes)
    return answer
