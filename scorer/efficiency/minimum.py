"""The waits of a ready hand scored, and the variant's minimum kept in view one step before ready
(docs/efficiency.md#the-8-point-minimum; riichi's, a yaku: docs/efficiency.md#riichi-the-yaku-minimum).
Whatever the minimum asks, a win reaches it when the variant scores it ``valid``.

A ready hand's waits come from the referee's ``waits`` (every wait scored self-drawn and on a
discard). One step from ready, each useful tile is tried: every discard that leaves a ready hand,
every wait of that hand scored both ways (through the variant's compact path, the C one for MCR
under the default rules); the tile keeps the minimum alive when one of those wins is valid on a
wait with a copy left. A full hand's discards rank by the minimum first (``discard_rank``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .. import engine, referee
from ..errors import HandError
from ..hand import Hand
from ..notation import format_hand
from ..seats import SEATS, previous_seat
from ..tiles import tile_name

_DISCARD_ONLY = ("discarder", "dian_pao", "discarder_declared")  # as the referee's waits


def modes(variant: Any, given: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The contexts a wait is scored under: self-drawn, and on a discard (from the player before
    the winner unless one is named), as the referee's ``waits`` does."""
    if "self_draw" not in variant.Context.fields:
        return [("win", given)]
    self_ctx = {k: v for k, v in given.items() if k not in _DISCARD_ONLY}
    discard_ctx = {**given, "self_draw": False}
    if "discarder" in variant.Context.fields and "discarder" not in given:
        seat = str(given.get("seat_wind") or "E")
        if seat in SEATS:
            discard_ctx["discarder"] = previous_seat(seat)
    return [("self_draw", {**self_ctx, "self_draw": True}), ("discard", discard_ctx)]


def ready_waits(variant_id: str, text: str, context: dict[str, Any], rules: Any, dialect: str | None,
                left: dict[str, int], minimum: bool) -> list[dict[str, Any]]:
    """Each wait of a ready hand with its copies left and its score both ways; with ``minimum``
    (MCR, riichi) each is flagged when no way of winning on it is valid (below the minimum)."""
    answer = referee.waits(variant_id, text, context, rules, dialect)
    out = []
    for w in answer["waits"]:
        entry = {"tile": w["tile"], "left": left.get(w["tile"], 0), "four_held": w["four_held"],
                 "scores": w["scores"]}
        if minimum:
            entry["below_minimum"] = not (w["scores"] and any(s["valid"] for s in w["scores"].values()))
        out.append(entry)
    return out


def _valid(variant_id: str, text: str, ctx: dict[str, Any], rules: Any) -> bool:
    try:
        if rules is None:
            return bool(engine.score_compact(variant_id, text, ctx).valid)
        return engine.score(variant_id, text, ctx, rules).valid
    except HandError:
        return False


def with_concealed(hand: Hand, concealed: tuple[int, ...]) -> Hand:
    """The hand holding ``concealed`` instead, no winning tile: a red five is kept while a five of
    its suit is (a discarded five is a plain one where the hand holds both)."""
    red = tuple(k for k in hand.red if k in concealed)
    return dataclasses.replace(hand, concealed=concealed, win_tile=None, red=red, red_win=False)


def keeps_minimum(variant: Any, short: Hand, counts_after: list[int], waits: dict[int, int],
                  context: dict[str, Any], rules: Any) -> list[str]:
    """The live waits (of the ready hand ``short`` with concealed ``counts_after``; ``waits`` maps
    each to its copies left) on which some win is valid. A wait with no copy left to draw or claim
    (all held, seen, or just discarded) cannot be won and is left out."""
    concealed = tuple(k for k, n in enumerate(counts_after) for _ in range(n))
    base = format_hand(with_concealed(short, concealed))
    good = []
    for k, copies_left in waits.items():
        if copies_left <= 0:
            continue
        text = base + tile_name(k)
        if any(_valid(variant.id, text, ctx, rules) for _, ctx in modes(variant, context)):
            good.append(tile_name(k))
    return good


def live_valid_left(waits: list[dict[str, Any]]) -> int:
    """The copies left of a ready hand's live waits on which a win is valid (it reaches the minimum)."""
    return sum(w["left"] for w in waits if not w.get("below_minimum", True) and w["left"] > 0)


def discard_rank(entry: dict[str, Any], kind: int) -> tuple[int, ...]:
    """A discard's place under a minimum (MCR, riichi), best first (docs/efficiency.md#a-full-hand-which-tile-to-discard):
    (a) a ready hand with a live valid wait, by those waits' copies left, then by all tiles left;
    (b) one step away with draws left that keep the minimum, by those draws, then by all tiles left;
    (c) the rest by shanten, then tiles left. Ties in tile order."""
    if entry["shanten"] == 0 and (valid := live_valid_left(entry["waits"])):
        return 0, -valid, -entry["tiles_left"], kind
    if entry["shanten"] == 1 and (keeping := entry["minimum"]["tiles_left"]):
        return 1, -keeping, -entry["tiles_left"], kind
    return 2, entry["shanten"], -entry["tiles_left"], kind
