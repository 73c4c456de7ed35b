"""MCR settlement (mcr.md "Minimum and settlement"; seed, "Cálculo de puntuaciones")."""

from __future__ import annotations

SEATS = ("E", "S", "W", "N")
BASE = 8  # every loser pays the 8-point base


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
