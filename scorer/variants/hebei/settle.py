"""Hebei payment (docs/rules/hebei.md#payments): keyed by seat, winner positive, summing to zero."""

from __future__ import annotations

from scorer.seats import DEALER, collect, other_seats


def shares(winner: str, value: int) -> dict[str, int]:
    """What each other seat owes: S, or 2S when the dealer wins or pays."""
    return {q: value * (2 if DEALER in (winner, q) else 1) for q in other_seats(winner)}


def payments(winner: str, value: int, self_draw: bool, discarder: str | None, payer: str) -> dict[str, int]:
    """``payer`` (rule option) on a discard win: ``all_three`` (default) — every other seat pays its share;
    ``discarder_pays_all`` — the discarder pays every share; ``discarder_only`` — the discarder pays
    its own share and nobody else pays. A self-drawn win is always paid by all three."""
    owed = shares(winner, value)
    if self_draw or payer == "all_three" or discarder is None:
        return collect(winner, owed)
    if payer == "discarder_pays_all":
        return collect(winner, {discarder: sum(owed.values())})
    return collect(winner, {discarder: owed[discarder]})  # discarder_only
