"""The seats and payments every variant settles with (docs/architecture.md#the-variant-kit)."""

from __future__ import annotations

import pytest

from scorer.seats import (
    SEATS,
    WIND_TILE,
    collect,
    next_seat,
    no_payments,
    other_seats,
    paid_by_all,
    paid_by_discarder,
    previous_seat,
    seat_after,
    sums_to_zero,
    transfer,
)
from scorer.tiles import EAST, NORTH

THREE = ("0", "1", "2")  # a table of three, as Nantong's


def test_turn_order():
    assert [previous_seat(s) for s in SEATS] == ["N", "E", "S", "W"]
    assert [next_seat(s) for s in SEATS] == ["S", "W", "N", "E"]
    assert seat_after("E", 2) == "W" and seat_after("S", -5) == "E"
    assert previous_seat("0", THREE) == "2" and next_seat("2", THREE) == "0"
    assert other_seats("W") == ["E", "S", "N"] and other_seats("1", THREE) == ["0", "2"]
    assert WIND_TILE["E"] == EAST and WIND_TILE["N"] == NORTH


@pytest.mark.parametrize("seats", [SEATS, THREE])
def test_payments_are_keyed_by_every_seat_and_sum_to_zero(seats):
    winner, payer = seats[1], seats[0]
    assert no_payments(seats) == dict.fromkeys(seats, 0)
    by_all = paid_by_all(winner, 5, seats)
    assert list(by_all) == list(seats) and sums_to_zero(by_all)
    assert by_all[winner] == 5 * (len(seats) - 1) and all(by_all[s] == -5 for s in seats if s != winner)
    alone = paid_by_discarder(winner, payer, 7, seats)
    assert alone == {**dict.fromkeys(seats, 0), winner: 7, payer: -7}
    mixed = collect(winner, {payer: 3, seats[2]: 1}, seats)
    assert mixed[winner] == 4 and sums_to_zero(mixed)


def test_transfer_keeps_the_sum():
    ledger = no_payments()
    transfer(ledger, "S", "E", 4)
    transfer(ledger, "E", "N", 1)
    assert ledger == {"E": 3, "S": -4, "W": 0, "N": 1} and sums_to_zero(ledger)
    assert not sums_to_zero({"E": 1, "S": 0})
