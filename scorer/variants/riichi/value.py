"""What a hand is worth and who pays it (docs/rules/riichi.md#value, docs/rules/riichi.md#payments).

Basic points are fu × 2^(han+2), capped at the limits; a yakuman hand is 8,000 per yakuman. A ron
is paid by the discarder, 6× basic from a dealer's win, 4× otherwise; a self-draw by all three, 2×
each for the dealer's win, else 2× from the dealer and 1× from the others; each payment rounded up
to 100. Honba add 300 on a ron (from the discarder), 100 from each payer on a self-draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.seats import DEALER, collect, other_seats

from .context import RiichiRules

MANGAN, HANEMAN, BAIMAN, SANBAIMAN, YAKUMAN = 2000, 3000, 4000, 6000, 8000
KIRIAGE = ((4, 30), (3, 60))


@dataclass(frozen=True, slots=True)
class Value:
    basic: int
    limit: str  # "", "mangan", ..., "kazoe_yakuman", "yakuman", "2x_yakuman" ...


def value(han: int, fu: int, yakuman: int, rules: RiichiRules) -> Value:
    """Basic points and the limit's name; ``yakuman`` is the number of yakuman (0: none)."""
    if yakuman:
        return Value(YAKUMAN * yakuman, "yakuman" if yakuman == 1 else f"{yakuman}x_yakuman")
    if han >= 13:
        return Value(YAKUMAN, "kazoe_yakuman") if rules.kazoe == "yakuman" else Value(SANBAIMAN, "sanbaiman")
    if han >= 11:
        return Value(SANBAIMAN, "sanbaiman")
    if han >= 8:
        return Value(BAIMAN, "baiman")
    if han >= 6:
        return Value(HANEMAN, "haneman")
    if han >= 5:
        return Value(MANGAN, "mangan")
    basic = fu * 2 ** (han + 2)
    if basic >= MANGAN or (rules.kiriage and (han, fu) in KIRIAGE):
        return Value(MANGAN, "mangan")
    return Value(basic, "")


def up100(points: int) -> int:
    return -(-points // 100) * 100


@dataclass(frozen=True, slots=True)
class Settlement:
    total: int                # before honba: the discarder's payment, or the sum of the three
    main: int                 # the cost figures (before honba): ron, or the dealer's / each share
    additional: int           # a non-dealer's share of a non-dealer's self-draw (the dealer's: = main)
    payments: dict[str, int]  # by seat, honba included, summing to zero


def settle(basic: int, winner: str, self_draw: bool, discarder: str, honba: int) -> Settlement:
    dealer = winner == DEALER
    if not self_draw:
        pay = up100(basic * (6 if dealer else 4))
        return Settlement(pay, pay, 0, collect(winner, {discarder: pay + 300 * honba}))
    if dealer:
        each = up100(2 * basic)
        owed = dict.fromkeys(other_seats(winner), each)
        main, additional = each, each
    else:
        main, additional = up100(2 * basic), up100(basic)
        owed = {seat: main if seat == DEALER else additional for seat in other_seats(winner)}
    total = sum(owed.values())
    return Settlement(total, main, additional, collect(winner, {s: v + 100 * honba for s, v in owed.items()}))
