"""Places, table points (标准分) and 追分 from the running totals (docs/match.md#standings and
docs/match.md#追分-what-each-player-needs)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

TABLE_POINTS = (4, 2, 1, 0)  # 1st to 4th


def places(totals: dict[str, int]) -> dict[str, int]:
    """1 + the number of players strictly ahead: tied players share the better place."""
    return {p: 1 + sum(t > totals[p] for t in totals.values()) for p in totals}


def table_points(totals: dict[str, int]) -> dict[str, Fraction]:
    """4 / 2 / 1 / 0 by place; tied players share the points of the places they cover equally."""
    out = {}
    for p, place in places(totals).items():
        tied = sum(t == totals[p] for t in totals.values())
        out[p] = Fraction(sum(TABLE_POINTS[place - 1:place - 1 + tied]), tied)
    return out


def _pass_fan(gap: int, per_fan: int, minimum: int, base: int) -> int:
    """The smallest fan F >= minimum with ``4 * base + per_fan * F > gap``: a win closes a gap by the
    base paid by the target plus the base and fan earned (4 × 8 in all) and ``per_fan`` × F."""
    return max(minimum, (gap - 4 * base) // per_fan + 1)


def _closing(chaser: str, target: str, discarder: str | None) -> int:
    """How many times F a win by ``chaser`` closes its gap to ``target``: self-drawn 4 (the chaser
    takes 3 F, the target pays 1); on the target's discard 2; on another's discard 1."""
    if discarder is None:
        return 4
    return 2 if discarder == target else 1


def _fan_to_pass(totals: dict[str, int], me: str, discarder: str | None, count: int, minimum: int,
                 base: int) -> int:
    """The smallest fan with which ``me`` gets strictly ahead of ``count`` of the others: each
    other is passed from its own threshold on, so it is the count-th smallest threshold."""
    fans = sorted(_pass_fan(totals[p] - totals[me], _closing(me, p, discarder), minimum, base)
                  for p in totals if p != me)
    return fans[count - 1]


def needs(totals: dict[str, int], minimum: int = 8, base: int = 8) -> dict[str, Any]:
    """For each player, the smallest fan to get strictly ahead of each player at or above them
    (``to_pass``: 自摸 / 对点 / 旁点) and to reach each better place outright (``to_place``: by
    self-draw, or on each opponent's discard)."""
    out: dict[str, Any] = {}
    for me, mine in totals.items():
        others = [p for p in totals if p != me]
        strict_place = 1 + sum(totals[p] >= mine for p in others)  # a tie is not a place reached
        ahead = sorted((p for p in others if totals[p] >= mine), key=lambda p: -totals[p])
        to_pass = [{"player": p, "gap": totals[p] - mine,
                    "self_draw": _pass_fan(totals[p] - mine, 4, minimum, base),
                    "off_them": _pass_fan(totals[p] - mine, 2, minimum, base),
                    "off_other": _pass_fan(totals[p] - mine, 1, minimum, base)} for p in ahead]
        to_place = []
        for place in range(1, strict_place):
            must_pass = len(others) - (place - 1)
            to_place.append({"place": place,
                             "self_draw": _fan_to_pass(totals, me, None, must_pass, minimum, base),
                             "from": {d: _fan_to_pass(totals, me, d, must_pass, minimum, base) for d in others}})
        out[me] = {"place": strict_place, "to_pass": to_pass, "to_place": to_place}
    return out
