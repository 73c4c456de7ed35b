"""Differential test of the MCR scorer against the reference calculator pymahjonggb 1.4.0.

Every row of ``mcr_generator.generate`` is scored by ``scorer.score("mcr", hand, context)`` and by the oracle
(``mcr_oracle``).  A row whose context docs/rules/mcr.md rejects as a contradiction must raise ``HandError`` (the oracle
silently corrects such flags instead); every other row must give the oracle's fan list exactly -- same fan ids,
points and counts -- and the same total, flowers included.  Our ``total`` is 0 below the 8-point minimum, so
the total compared is ``details["fan_points"] + flowers``; flowers appear as the item ``flower_tiles``
(1 point, count = flowers).
"""

from __future__ import annotations

import traceback
from collections import Counter

import pytest
from mcr_generator import generate
from mcr_oracle import contradiction, full_context, oracle_fans, oracle_total

SEED = 20261129
N = 3000
SLOW_SEED = 1129
SLOW_N = 30000
REPORT = 20


def _fmt(counter: Counter) -> str:
    items = sorted(counter.elements(), key=lambda t: (-t[1], t[0]))
    return ", ".join(f"{fan} {points}" + (f"x{count}" if count != 1 else "") for fan, points, count in items) or "-"


def _compare(rows: list[tuple[str, dict]]) -> tuple[int, list[str]]:
    import scorer
    from scorer.errors import HandError

    agree = 0
    problems: list[str] = []
    for hand, ctx in rows:
        why = contradiction(hand, ctx)
        if why is not None:
            try:
                result = scorer.score("mcr", hand, dict(ctx))
            except HandError:
                agree += 1
                continue
            except Exception:
                problems.append(f"{hand}  {ctx}\n    contradiction ({why}): expected HandError, got\n"
                                f"    {traceback.format_exc(limit=3).strip()}")
                continue
            problems.append(f"{hand}  {ctx}\n    contradiction ({why}): expected HandError, got a result: "
                            f"{_fmt(Counter((i.id, i.points, i.count) for i in result.items))}")
            continue

        expected = oracle_fans(hand, ctx)
        expected_total = oracle_total(hand, ctx)
        try:
            result = scorer.score("mcr", hand, dict(ctx))
            ours = Counter((item.id, item.points, item.count) for item in result.items)
            ours_total = result.details["fan_points"] + full_context(ctx)["flowers"]
        except Exception:
            problems.append(f"{hand}  {ctx}\n    raised instead of scoring:\n"
                            f"    {traceback.format_exc(limit=3).strip()}\n    oracle: {_fmt(expected)} = {expected_total}")
            continue
        if ours == expected and ours_total == expected_total:
            agree += 1
            continue
        problems.append(
            f"{hand}  {ctx}\n"
            f"    ours:   {_fmt(ours)} = {ours_total}\n"
            f"    oracle: {_fmt(expected)} = {expected_total}\n"
            f"    only ours: {_fmt(ours - expected)}; only oracle: {_fmt(expected - ours)}"
        )
    return agree, problems


def _check(rows: list[tuple[str, dict]]) -> None:
    agree, problems = _compare(rows)
    if problems:
        shown = "\n".join(problems[:REPORT])
        pytest.fail(
            f"{len(problems)} of {len(rows)} rows disagree with pymahjonggb ({agree} agree); first "
            f"{min(REPORT, len(problems))}:\n{shown}",
            pytrace=False,
        )
    assert agree == len(rows)


def test_mcr_matches_oracle():
    _check(generate(N, SEED))


@pytest.mark.slow
def test_mcr_matches_oracle_30k():
    _check(generate(SLOW_N, SLOW_SEED))
