"""圈风刻 and 门风刻, and the 幺九刻 that wind fans absorb (docs/rules/mcr.md#prevalent-wind,
docs/rules/mcr.md#seat-wind, docs/rules/mcr.md#pung-of-terminals-or-honors).

Pure-Python twin of the compiled evaluator ``_fast.pyx`` (docs/architecture.md#the-compiled-core-and-its-pure-python-twins):
a rule changed here is changed there too; ``make test`` runs the rules suites on both.
"""

from __future__ import annotations

from scorer.seats import WIND_TILE
from scorer.tiles import WINDS

from .division import Set
from .fans import NR, F
from .tally import Tally


def wind_fans(pungs: list[Set], seat_wind: str, round_wind: str, t: Tally) -> None:
    """Called after the 不计 removals, as the reference does. 大四喜 takes both fans away (table);
    三风刻 takes its three 幺九刻, and each wind fan one more unless 三风刻, 小四喜, 字一色 or
    混幺九 already dropped them (only one when seat and round are the same wind)."""
    counts = t.counts
    if counts[F.BIG_THREE_WINDS]:
        t.take(F.PUNG_OF_TERMINALS_OR_HONORS, 3, F.BIG_THREE_WINDS, NR)
    if counts[F.BIG_FOUR_WINDS]:
        t.suppress(F.PREVALENT_WIND, 1, F.BIG_FOUR_WINDS, NR)
        t.suppress(F.SEAT_WIND, 1, F.BIG_FOUR_WINDS, NR)
        return
    deducted = bool(counts[F.BIG_THREE_WINDS] or counts[F.LITTLE_FOUR_WINDS] or counts[F.ALL_HONORS]
                    or counts[F.ALL_TERMINALS_AND_HONORS])
    prevalent, seat = WIND_TILE[round_wind], WIND_TILE[seat_wind]
    for s in pungs:
        if s.tile not in WINDS:
            continue
        if s.tile == prevalent:
            t.add(F.PREVALENT_WIND, 1, s)
            if not deducted:
                t.take(F.PUNG_OF_TERMINALS_OR_HONORS, 1, F.PREVALENT_WIND, NR)
        if s.tile == seat:
            t.add(F.SEAT_WIND, 1, s)
            if seat != prevalent and not deducted:
                t.take(F.PUNG_OF_TERMINALS_OR_HONORS, 1, F.SEAT_WIND, NR)
