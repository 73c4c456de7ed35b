"""MCR settlement (docs/rules/mcr.md#settlement)."""

from __future__ import annotations

from scorer.seats import collect, other_seats

BASE = 8  # every loser pays the 8-point base
NO_WIN_REASON = "not a winning hand: the tiles form no MCR winning shape"


def below_minimum(minimum: int, fan_points: int) -> str:
    """The reason of a winning hand short of the minimum
    (docs/rules/mcr.md#the-8-point-minimum-and-flowers)."""
    return f"below the {minimum}-point minimum: {fan_points}"


def payments(winner: str, total: int, self_draw: bool, discarder: str | None) -> dict[str, int]:
    """Self-draw: each other seat pays 8 + total. Discard: the discarder pays 8 + total, the two
    others 8 each. Keyed by seat, winner positive, summing to zero."""
    return collect(winner, {seat: BASE + total if (self_draw or seat == discarder) else BASE
                            for seat in other_seats(winner)})
