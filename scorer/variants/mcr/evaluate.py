"""Score every reading of an MCR hand and choose the best (docs/rules/mcr.md#the-winning-shapes,
docs/rules/mcr.md#choosing-between-readings).

Order of work, as the reference does it:
1. special shapes (no meld: seven pairs, honours-and-knitted, thirteen orphans, knitted straight,
   nine gates; one meld: knitted straight) — any fit but 七对 is final;
2. the unique-wait test, once;
3. each four-sets division: fans by family, the 不计 removals, wind fans, 无番和;
4. the highest total wins; ties as docs/rules/mcr.md#choosing-between-readings says.

Pure-Python twin of the compiled evaluator ``_fast.pyx`` (docs/architecture.md#the-compiled-core-and-its-pure-python-twins):
a rule changed here is changed there too; ``make test`` runs the rules suites on both.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from types import ModuleType

from scorer import decompose
from scorer.seats import WIND_TILE

from . import chows, pungs, situation, specials, suits, winds
from .division import Division, HandFacts, division_from_groups
from .fans import F
from .tally import Tally
from .tiebreak import (
    ONLY,
    OVER_SEVEN_PAIRS,
    PURE_TRIPLE_CHOW,
    TOOK_FIRST,
    TOOK_HIGHER,
    TRIPLE_PUNG,
    decision,
)

# The C-level twin (_fast.pyx) scores every reading; ``MJSCORE_PURE=1`` (or a missing build)
# selects this pure-Python evaluator for everything, as scorer/decompose.py does.
_fast: ModuleType | None = None
if os.environ.get("MJSCORE_PURE", "") != "1":
    try:
        _fast = importlib.import_module("._fast", __package__)
    except ImportError:  # extension not built
        _fast = None
BACKEND = "pure" if _fast is None else "fast"
if _fast is not None:
    from . import explained

TIE_BREAK = ("highest total; on equal totals the division first in the reference's generation order "
             "is kept, except that a later one holding 一色三同顺 or 三同刻 replaces it, and a four-sets "
             "division replaces an equal seven-pairs reading")


@dataclass(slots=True)
class Reading:
    """One scored reading: its shape, its division (None for fixed-list shapes), its tally."""

    shape: str
    division: Division | None
    tally: Tally
    points: int = 0
    chosen: bool = False
    decided: int = ONLY  # the chosen reading's: why it is kept (tiebreak.DECISIONS)


def finish(t: Tally) -> int:
    t.apply_exclusions()
    return t.points()


def score_division(facts: HandFacts, division: Division, unique_wait: bool, seat_wind: str,
                   round_wind: str, kong_pair_fan: bool) -> Tally:
    """All fans of one four-sets division."""
    t = Tally()
    situation.win_condition(facts, t)
    pungs.concealed_pungs_and_kongs(facts, division, kong_pair_fan, t)
    pungs.single_pungs(division, t)
    chows.chow_combinations(division, t)
    pungs.pung_combinations(division, t)
    situation.concealment(facts, t)
    chows.all_chows(division, t)
    suits.set_trait_fans(division, t)
    suits.suit_fans(facts.kinds, t)
    suits.tile_fans(facts.kinds, t)
    suits.rank_fans(facts.kinds, t)
    situation.tile_hog(facts, t)
    if unique_wait and not t.counts[F.MELDED_HAND] and not t.counts[F.FOUR_KONGS]:
        situation.wait_position(division, facts.win, t)
    t.apply_exclusions()
    winds.wind_fans(division.pungs(), seat_wind, round_wind, t)
    if not t.any():
        t.add(F.CHICKEN_HAND)
    return t


def is_unique_wait(facts: HandFacts) -> bool:
    """The concealed tiles before the win wait (formally) on the winning tile alone
    (docs/rules/mcr.md#edge-wait)."""
    before = list(facts.concealed) + [0, 0, 0]
    before[facts.win] -= 1
    shapes = decompose.SEVEN_PAIRS if not facts.fixed else 0
    n_sets = 4 - len(facts.fixed)
    found = decompose.waits(before, n_sets, shapes=shapes)
    return len(found) == 1 and found[0][0] == facts.win


def evaluate(facts: HandFacts, seat_wind: str, round_wind: str, kong_pair_fan: bool,
             knitted_waits: bool) -> list[Reading]:
    """Every reading of the hand, scored; exactly one (if any) marked ``chosen``."""
    seven = _seven_pairs_reading(facts) if not facts.fixed else None
    if seven is not None and seven.shape == "seven_shifted_pairs":
        seven.chosen = True
        return [seven]
    if seven is None:
        alone = _special_reading(facts, seat_wind, round_wind, knitted_waits)
        if alone is not None:
            return [alone]
    readings: list[Reading] = [seven] if seven is not None else []
    best = seven
    second, took = -1, TOOK_FIRST  # the best total not kept; how the kept reading last took over
    n_sets = 4 - len(facts.fixed)
    groups = decompose.readings(list(facts.concealed) + [0, 0, 0], n_sets)
    divisions = sorted((division_from_groups(facts, g) for g, _ in groups), key=lambda d: d.key)
    if divisions:
        unique = is_unique_wait(facts)
        from_seven_pairs = best is not None
        for division in divisions:
            t = score_division(facts, division, unique, seat_wind, round_wind, kong_pair_fan)
            r = Reading("four_sets", division, t, t.points())
            readings.append(r)
            best, second, took = _weigh(r, best, second, took, from_seven_pairs)
    if best is not None:
        best.chosen = True
        best.decided = decision(len(readings), best.points, second, took)
    return readings


def _seven_pairs_reading(facts: HandFacts) -> Reading | None:
    """七对 or 连七对, the readings that still compete with four sets (连七对 wins outright)."""
    sp = specials.seven_pairs(facts)
    if sp is None:
        return None
    shape = "seven_shifted_pairs" if sp.counts[F.SEVEN_SHIFTED_PAIRS] else "seven_pairs"
    return Reading(shape, None, sp, finish(sp))


def _special_reading(facts: HandFacts, seat_wind: str, round_wind: str, knitted_waits: bool) -> Reading | None:
    """The special hands that are the only reading when they fit, in order: 全不靠 / 七星不靠, 十三幺
    (no meld), 组合龙 (at most one meld), 九莲宝灯 (no meld)."""
    if not facts.fixed:
        for shape, fit in (("honors_and_knitted", specials.honors_and_knitted),
                           ("thirteen_orphans", specials.thirteen_orphans)):
            t = fit(facts)
            if t is not None:
                return Reading(shape, None, t, finish(t), True)
    if len(facts.fixed) > 1:
        return None
    ks = specials.knitted_straight(facts, decompose.waits, knitted_waits, seat_wind, round_wind)
    if ks is not None:
        t, division = ks
        return Reading("knitted_straight", division, t, finish(t), True)
    if not facts.fixed:
        t = specials.nine_gates(facts)
        if t is not None:
            return Reading("nine_gates", None, t, finish(t), True)
    return None


def _weigh(r: Reading, best: Reading | None, second: int, took: int,
           from_seven_pairs: bool) -> tuple[Reading, int, int]:
    """(the reading kept, the best total not kept, how the kept one last took over) once ``r`` is
    weighed: a higher total takes over; an equal one only over seven pairs, or with 一色三同顺 / 三同刻
    (docs/rules/mcr.md)."""
    if best is None:
        return r, second, took
    if r.points > best.points:
        return r, max(second, best.points), TOOK_HIGHER
    t = r.tally
    if r.points == best.points and (from_seven_pairs or t.counts[F.PURE_TRIPLE_CHOW] or t.counts[F.TRIPLE_PUNG]):
        took = (OVER_SEVEN_PAIRS if from_seven_pairs
                else PURE_TRIPLE_CHOW if t.counts[F.PURE_TRIPLE_CHOW] else TRIPLE_PUNG)
        return r, max(second, best.points), took
    return best, max(second, r.points), took


def _fixed_ints(facts: HandFacts) -> list[int]:
    """The fixed melds as the C evaluator reads them: (kind, tile, concealed) per meld, flat."""
    fixed: list[int] = []
    for s in facts.fixed:
        fixed += (s.kind, s.tile, 1 if s.concealed else 0)
    return fixed


def fast_outcome(facts: HandFacts, seat_wind: str, round_wind: str, kong_pair_fan: bool) -> tuple:
    """The C evaluator's answer: (status, readings, group codes, points, counts, unique wait);
    status is ``_fast.NONE`` / ``SEVEN_PAIRS`` / ``FOUR_SETS`` / ``DEFER`` (see _fast.pyx)."""
    return _fast.evaluate(facts.concealed, _fixed_ints(facts), facts.win, facts.self_draw, facts.last_wall,  # type: ignore[union-attr]
                          facts.kong_win, facts.last_tile, WIND_TILE[seat_wind], WIND_TILE[round_wind],
                          kong_pair_fan)


def choose(facts: HandFacts, seat_wind: str, round_wind: str, kong_pair_fan: bool,
           knitted_waits: bool) -> tuple[Reading | None, int]:
    """The chosen reading (what ``evaluate`` marks ``chosen``) and the number of readings weighed.

    The C evaluator scores every reading, picks one and says what it is made of (``explained``);
    only a hand it hands back (``DEFER``: more divisions than its arrays hold) is scored here.
    """
    if _fast is not None:
        status, n, shape, codes, points, counts, sources, removed, decided = _fast.explain(
            facts.concealed, _fixed_ints(facts), facts.win, facts.self_draw, facts.last_wall, facts.kong_win,
            facts.last_tile, WIND_TILE[seat_wind], WIND_TILE[round_wind], kong_pair_fan, knitted_waits)
        if status == _fast.NONE:
            return None, 0
        if status != _fast.DEFER:
            division = explained.division(facts, shape, codes)
            t = explained.tally(counts, sources, removed, facts, division)
            return Reading(shape, division, t, points, True, decided), n
    readings = evaluate(facts, seat_wind, round_wind, kong_pair_fan, knitted_waits)
    return next((r for r in readings if r.chosen), None), len(readings)


def every_reading(facts: HandFacts, seat_wind: str, round_wind: str, kong_pair_fan: bool,
                  knitted_waits: bool) -> list[Reading]:
    """What ``evaluate`` gives (every reading, scored and explained, one marked ``chosen``), from the
    C evaluator when it is built and can take the hand."""
    if _fast is not None:
        found = _fast.explain_all(
            facts.concealed, _fixed_ints(facts), facts.win, facts.self_draw, facts.last_wall, facts.kong_win,
            facts.last_tile, WIND_TILE[seat_wind], WIND_TILE[round_wind], kong_pair_fan, knitted_waits)
        if found is not None:
            readings = []
            for shape, codes, points, counts, sources, removed, chosen in found:
                division = explained.division(facts, shape, codes)
                t = explained.tally(counts, sources, removed, facts, division)
                readings.append(Reading(shape, division, t, points, chosen))
            return readings
    return evaluate(facts, seat_wind, round_wind, kong_pair_fan, knitted_waits)
