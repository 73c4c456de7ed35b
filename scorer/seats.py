"""Seats, winds and payments: what every variant settles a win with.

A table of four sits East, South, West, North in turn order (E→S→W→N, the dealer East); a variant
with another table (Nantong's three players "0", "1", "2") passes its own seat tuple to every
function here. Payments are a dict keyed by seat in seat order, the winner positive, summing to
zero (docs/architecture.md#the-variant-kit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from .tiles import WINDS as WIND_TILES

Wind = Literal["E", "S", "W", "N"]
SEATS: tuple[str, ...] = ("E", "S", "W", "N")  # turn order; each a Wind
DEALER: Wind = "E"
WIND_TILE: dict[str, int] = dict(zip(SEATS, WIND_TILES, strict=True))  # a seat's own wind tile kind


def seat_after(seat: str, steps: int, seats: Sequence[str] = SEATS) -> str:
    """The seat ``steps`` places after ``seat`` in turn order (negative: before it)."""
    return seats[(seats.index(seat) + steps) % len(seats)]


def previous_seat(seat: str, seats: Sequence[str] = SEATS) -> str:
    """The player before ``seat`` (上家): whose discard a player may chow, the default discarder."""
    return seat_after(seat, -1, seats)


def next_seat(seat: str, seats: Sequence[str] = SEATS) -> str:
    """The player after ``seat`` (下家)."""
    return seat_after(seat, 1, seats)


def other_seats(winner: str, seats: Sequence[str] = SEATS) -> list[str]:
    """Every seat but the winner's, in turn order from East (or the variant's first seat)."""
    return [seat for seat in seats if seat != winner]


def no_payments(seats: Iterable[str] = SEATS) -> dict[str, int]:
    """Every seat 0: an invalid win, or a draw."""
    return dict.fromkeys(seats, 0)


def collect(winner: str, owed: Mapping[str, int], seats: Sequence[str] = SEATS) -> dict[str, int]:
    """The payments when each seat in ``owed`` pays the winner its amount: keyed by every seat in
    seat order, the winner gaining what the others pay."""
    pay = no_payments(seats)
    for seat, amount in owed.items():
        pay[seat] -= amount
        pay[winner] += amount
    return pay


def paid_by_all(winner: str, amount: int, seats: Sequence[str] = SEATS) -> dict[str, int]:
    """A self-drawn win: every other seat pays the winner ``amount``."""
    return collect(winner, dict.fromkeys(other_seats(winner, seats), amount), seats)


def paid_by_discarder(winner: str, discarder: str, amount: int, seats: Sequence[str] = SEATS) -> dict[str, int]:
    """A win on a discard paid by the discarder alone."""
    return collect(winner, {discarder: amount}, seats)


def transfer(ledger: dict[str, int], payer: str, payee: str, amount: int) -> None:
    """Move ``amount`` from ``payer`` to ``payee`` in a ledger keyed by seat (the sum stays)."""
    ledger[payer] -= amount
    ledger[payee] += amount


def sums_to_zero(payments: Mapping[str, int]) -> bool:
    """Does what the losers pay equal what the winners gain? Every settlement must."""
    return sum(payments.values()) == 0
