"""Who sits where, hand by hand (docs/match.md#seating): the Chinese Official competition rule as a
table, checked against the ChineseOfficialMahjongHelper score sheet and MahjongScoring2."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.seats import SEATS as WINDS  # the seat winds in turn order

WIND_ZH = {"E": "东", "S": "南", "W": "西", "N": "北"}
HANDS = 16  # four wind rounds of four hands

# POSITION[round wind][initial seat] = the seat a player takes for that round (its wind at the
# round's first hand). Before the South round East/South and West/North swap; before the West round
# East and South go across, West moves to South, North to East; before the North round the two pairs
# swap again.
POSITION: dict[str, dict[str, str]] = {
    "E": {"E": "E", "S": "S", "W": "W", "N": "N"},
    "S": {"E": "S", "S": "E", "W": "N", "N": "W"},
    "W": {"E": "N", "S": "W", "W": "E", "N": "S"},
    "N": {"E": "W", "S": "N", "W": "S", "N": "E"},
}


@dataclass(frozen=True, slots=True)
class HandSeats:
    """Hand ``number`` (1-16): its round wind, each initial seat's seat wind, the dealer's initial seat."""

    number: int
    round_wind: str
    seat_wind: dict[str, str]  # initial seat -> seat wind (门风) in this hand
    dealer: str  # initial seat of the player whose seat wind is East

    @property
    def label(self) -> str:
        """``E1`` … ``N4``: round wind and the hand's place in the round."""
        return f"{self.round_wind}{(self.number - 1) % 4 + 1}"

    @property
    def label_zh(self) -> str:
        """东风东 … 北风北: the round wind, then the table seat the dealer sits in."""
        return f"{WIND_ZH[self.round_wind]}风{WIND_ZH[WINDS[(self.number - 1) % 4]]}"


def hand_seats(number: int) -> HandSeats:
    """The seats of hand ``number`` (1-16). Within a round the players stay put and the seat winds
    move on by one each hand (no dealer repeats in MCR)."""
    if not 1 <= number <= HANDS:
        raise ValueError(f"a match has hands 1 to {HANDS}, not {number}")
    round_wind = WINDS[(number - 1) // 4]
    k = (number - 1) % 4
    winds = {seat: WINDS[(WINDS.index(POSITION[round_wind][seat]) - k) % 4] for seat in WINDS}
    dealer = next(seat for seat, wind in winds.items() if wind == "E")
    return HandSeats(number, round_wind, winds, dealer)
