"""Who pays (docs/rules/shanxi.md#payments): the win shares, 包胡, the winner's kongs (包杠 / 点杠包杠), the dealer bonus."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorer.hand import Exposure, Meld
from scorer.seats import DEALER, collect, other_seats, seat_after
from scorer.tiles import tile_name

from .evaluate import pt

KIND_NAME = {Exposure.EXPOSED: "exposed", Exposure.ADDED: "added", Exposure.CONCEALED: "concealed"}


def relative_seat(winner: str, digit: int) -> str:
    """``,N`` of a meld: 1 上家 (the seat before the winner in E→S→W→N), 2 对家, 3 下家."""
    return seat_after(winner, {1: -1, 2: 2, 3: 1}[digit])


@dataclass
class KongFeed:
    """The feeder of one [xxxx] kong under 点杠包杠."""

    seat: str
    declared: bool


@dataclass
class Settlement:
    payments: dict[str, int]
    shares: dict[str, int]                  # each payer's win share (W + dealer bonus)
    bao: str | None                         # the seat that paid the win alone (包胡)
    kongs: list[dict[str, Any]] = field(default_factory=list)
    win_paid: dict[str, int] = field(default_factory=dict)
    kong_paid: dict[str, int] = field(default_factory=dict)


def kong_share(meld: Meld, kong_value: str, added_kong: str) -> int:
    base = pt(meld.tiles[0]) if kong_value == "tile_point" else 1
    double = meld.exposure is Exposure.CONCEALED or (meld.exposure is Exposure.ADDED and added_kong == "concealed")
    return base * (2 if double else 1)


def _win_paid(others: list[str], shares: dict[str, int], baohu_payer: str | None) -> dict[str, int]:
    """Each payer's part of the win: its own share, or under 包胡 every share paid by one seat."""
    win_paid = dict.fromkeys(others, 0)
    if baohu_payer is not None:
        win_paid[baohu_payer] += sum(shares.values())
    else:
        for q in others:
            win_paid[q] += shares[q]
    return win_paid


def _kong_payer(index: int, meld: Meld, feeders: dict[int, KongFeed] | None, baohu_payer: str | None,
                baohu_includes_kongs: bool) -> str | None:
    """The one seat that pays a kong alone (点杠包杠: an undeclared feeder of a [xxxx] kong; else the
    包胡 payer when it covers kongs), or None when the three pay."""
    if feeders is not None:
        feed = feeders.get(index)
        if meld.exposure is Exposure.EXPOSED and feed is not None and not feed.declared:
            return feed.seat
        return None
    if baohu_payer is not None and baohu_includes_kongs:
        return baohu_payer
    return None


def settle(winner: str, unit: int, *, baohu_payer: str | None, dealer_bonus: int, kongs: list[Meld],
           feeders: dict[int, KongFeed] | None, kong_value: str, added_kong: str,
           baohu_includes_kongs: bool) -> Settlement:
    """``feeders`` is None unless 点杠包杠 is on; then it maps each [xxxx] kong's index in ``kongs`` to
    its feeder."""
    others = other_seats(winner)
    shares = {q: unit + (dealer_bonus if DEALER in (winner, q) else 0) for q in others}
    win_paid = _win_paid(others, shares, baohu_payer)
    kong_paid = dict.fromkeys(others, 0)
    entries = []
    for i, m in enumerate(kongs):
        s = kong_share(m, kong_value, added_kong)
        single = _kong_payer(i, m, feeders, baohu_payer, baohu_includes_kongs)
        if single is not None:
            kong_paid[single] += 3 * s
        else:
            for q in others:
                kong_paid[q] += s
        entries.append({"tile": tile_name(m.tiles[0]), "kind": KIND_NAME[m.exposure], "share": s,
                        "paid_by": single or "three"})
    payments = collect(winner, {q: win_paid[q] + kong_paid[q] for q in others})
    return Settlement(payments, shares, baohu_payer, entries, win_paid, kong_paid)
