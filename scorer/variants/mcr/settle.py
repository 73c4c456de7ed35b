"""MCR settlement (docs/rules/mcr.md#settlement)."""

from __future__ import annotations

SEATS = ("E", "S", "W", "N")
BASE = 8  # every loser pays the 8-point base
NO_WIN_REASON = "not a winning hand: the tiles form no MCR winning shape"


def below_minimum(minimum: int, fan_points: int) -> str:
    """The reason of a winning hand short of the minimum
    (docs/rules/mcr.md#the-8-point-minimum-and-flowers)."""
    return f"below the {minimum}-point minimum: {fan_points}"


def previous_seat(seat: str) -> str:
    """The player before ``seat`` in turn order E→S→W→N (the default discarder)."""
    return SEATS[(SEATS.index(seat) - 1) % 4]


def payments(winner: str, total: int, self_draw: bool, discarder: str | None) -> dict[str, int]:
    """Self-draw: each other seat pays 8 + total. Discard: the discarder pays 8 + total, the two
    others 8 each. Keyed by seat, winner positive, summing to zero."""
    pay = dict.fromkeys(SEATS, 0)
    for seat in SEATS:
        if seat == winner:
            continue
        amount = BASE + total if (self_draw or seat == discarder) else BASE
        pay[seat] -= amount
        pay[winner] += amount
    return pay
