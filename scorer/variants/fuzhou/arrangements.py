"""What the Fuzhou score needs from the arrangements, without listing every reading of the golds.

An arrangement (a "reading", ``scorer.decompose.readings`` with the golds wild, no copy cap) is a
multiset G of ``n_sets`` chows/pungs and one pair of suited tiles whose tiles cover the naturals
N (the concealed tiles less the golds); what the golds stand for is then fixed: tiles(G) − N.
The score uses only three things about the set of them (scoring.evaluate,
docs/rules/fuzhou.md#what-wins, "Which arrangement counts"):

* how many there are (``details.arrangements``);
* whether one is 金雀 (its pair is two golds);
* the one shown: among the 金雀 readings if any, else among all, the first in the listing's
  order (sorted group codes) of those whose golds most often stand for the gold's own kind.

With 4 golds in 17 tiles there are up to 1,305 readings, almost all made of groups of golds
only. Each of the three is found here exactly, without listing them:

* **Count.** Suits are independent: per suit, the multisets of chows and pungs (and the pair)
  covering the suit's naturals are counted by a dynamic programme over the nine ranks, by how
  many tiles beyond the naturals they hold (the golds the suit uses; cached per suit; its steps
  come from small tables made at import, and a suit without naturals has a closed form). The count
  of the hand sums, over the ways to share the golds among the suits and the suit of the pair,
  the product of the suits' counts. A multiset of groups is one reading (the stand-ins follow
  from it), so this is exactly ``len(readings(...))``. A hand that does not win at all is told
  first by the O(1) win check.
* **金雀.** A reading is 金雀 when its pair's two tiles are both stand-ins, i.e. when the other
  groups alone already cover the naturals: so one exists iff the naturals and ``golds − 2`` golds
  make ``n_sets`` sets, an O(1) win check with an East pair added as the pair (golds never stand
  for honours, so nothing else can use it).
* **Shown.** The readings holding at least ``j`` tiles of the gold's kind are exactly the readings
  of the naturals plus ``j`` golds-as-themselves with ``golds − j`` golds left (the gold kind is
  absent from the naturals), in the same sorted order. So the largest ``j`` with a win (O(1)
  check) gives the best own-kind count, and the shown reading is the first of that smaller
  listing. For 金雀 the best readings all have the two golds as a pair of their own kind (+2 over
  any other pair), so their sets are listed the same way with an East pair standing in for the
  pair (golds never stand for honours, so it stays the pair). That listing is short: at most
  ``golds − 2`` ≤ 2 golds are left in it, and none can be a group of golds only (swapped for a
  pung of the gold's own kind it would give more own tiles than the best), so they are tied to
  the naturals (19 readings at most in our searches, mostly 1-3).

Hands without a 金雀 reading have few readings and are simply listed (``arrangement_summary``).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from scorer.decompose import PAIR, SUITED_MASK, group_code, is_winning, readings

EAST = 27


def _rank_moves(need: int, room: int, chows: bool, x: int, y: int,
                p: int) -> tuple[tuple[int, int, int, int], ...]:
    """The choices at one rank of ``suit_covers``'s programme from state (x, y, e, p), at a rank
    holding ``need`` naturals with ``room`` = spare − e tiles beyond the naturals still free: the
    groups starting at the rank, b chows (if ``chows``), the pair or not (only one in all) and
    pungs, must bring its cover to at least ``need`` and at most ``need + room``. Each choice is
    (y, b, d, p'): the next state is (y, b, e + d, p')."""
    top = need + room  # the most this rank may hold
    base = x + y
    if base > top:
        return ()
    out = []
    for b in range(top - base + 1) if chows else (0,):
        for pi in (0,) if p else (0, 1):
            cover = base + b + 2 * pi
            if cover < need:
                cover += 3 * ((need - cover + 2) // 3)  # the fewest pungs that reach need
            while cover <= top:
                out.append((y, b, cover - need, p + pi))
                cover += 3
    return tuple(out)


# ``suit_covers``'s programme runs on states packed in one int, ((x * 16 + y) * 2 + p) * 8 + e,
# with its steps looked up in tables made at import for spare <= _MAX_SPARE and counts <= 4 (a
# hand holds at most 4 golds and 4 of a kind; anything else takes ``_suit_covers_slow``).
# _STEPS[spare][need][chows]: state -> the states after the rank (absent: no choice); _YE[state]:
# y + e, for the check that the chows started one rank back fit the next rank's room.
_MAX_SPARE = 4


def _state(x: int, y: int, e: int, p: int) -> int:
    return ((x * 16 + y) * 2 + p) * 8 + e


def _make_steps() -> list[list[tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]]]:
    steps: list[list[tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]]] = [
        [({}, {}) for _ in range(5)] for _ in range(_MAX_SPARE + 1)]
    for need in range(5):
        for room in range(_MAX_SPARE + 1):
            for chows in (False, True):
                for x in range(need + room + 1):
                    for y in range(need + room + 1 - x):
                        for p in (0, 1):
                            moves = _rank_moves(need, room, chows, x, y, p)
                            for spare in range(room, _MAX_SPARE + 1) if moves else ():
                                e = spare - room
                                steps[spare][need][chows][_state(x, y, e, p)] = tuple(
                                    _state(y2, b, e + d, p2) for y2, b, d, p2 in moves)
    return steps


_STEPS = _make_steps()
_YE = [((s >> 4) & 15) + (s & 7) for s in range(16 * 16 * 2 * 8)]


def _empty_covers(spare: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``suit_covers`` of a suit without naturals: any k of its 16 sets (9 pungs, 7 chows), with
    repetition, hold e = 3k tiles, C(15 + k, k) ways; with one of its 9 pairs, e = 3k + 2."""
    out = ([0] * (spare + 1), [0] * (spare + 1))
    for k in range(spare // 3 + 1):
        out[0][3 * k] = comb(15 + k, k)
        if 3 * k + 2 <= spare:
            out[1][3 * k + 2] = 9 * comb(15 + k, k)
    return tuple(out[0]), tuple(out[1])


@lru_cache(maxsize=1 << 16)
def suit_covers(v: tuple[int, ...], spare: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For the nine counts ``v`` of one suit: ``(without pair, with one pair)``, each indexed by
    e = 0..spare, the number of multisets of chows and pungs of that suit (plus one pair) whose
    tiles cover ``v`` with exactly e tiles beyond it.

    Ranks are taken in order; the state is (chows started two ranks back, chows started one rank
    back, tiles beyond ``v`` so far, pair used), and ``_rank_moves`` gives the choices of groups
    starting at a rank (a pungs, b chows, the pair or not). Each multiset is one choice per rank,
    so each is counted once. A state whose chows started one rank back already hold more than
    the next rank's count and what is left of ``spare`` leads nowhere and is dropped."""
    if not any(v):
        return _empty_covers(spare)
    if spare > _MAX_SPARE or max(v) > 4:
        return _suit_covers_slow(v, spare)
    states: dict[int, int] = {0: 1}
    w = (*v, 0)
    ye = _YE
    by_need = _STEPS[spare]
    for r in range(9):
        table = by_need[w[r]][r < 7]
        limit = w[r + 1] + spare  # y + e above this: the chows started one rank back cannot fit
        nxt: dict[int, int] = {}
        get = nxt.get
        for state, ways in states.items():
            if ye[state] > limit:
                continue
            for key in table.get(state, ()):
                nxt[key] = get(key, 0) + ways
        states = nxt
    out = ([0] * (spare + 1), [0] * (spare + 1))
    for state, ways in states.items():  # no chow starts at ranks 8 or 9: x = y = 0 here
        out[(state >> 3) & 1][state & 7] += ways
    return tuple(out[0]), tuple(out[1])


def _suit_covers_slow(v: tuple[int, ...], spare: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``suit_covers`` without the tables: the same programme, the steps worked out as it goes."""
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 1}
    w = (*v, 0)
    for r in range(9):
        need, limit = w[r], w[r + 1] + spare
        nxt: dict[tuple[int, int, int, int], int] = {}
        get = nxt.get
        for (x, y, e, p), ways in states.items():
            if y + e > limit:
                continue
            for y2, b, d, p2 in _rank_moves(need, spare - e, r < 7, x, y, p):
                key = (y2, b, e + d, p2)
                nxt[key] = get(key, 0) + ways
        states = nxt
    out = ([0] * (spare + 1), [0] * (spare + 1))
    for (_, _, e, p), ways in states.items():
        out[p][e] += ways
    return tuple(out[0]), tuple(out[1])


def is_bird(groups: tuple[int, ...], standins: tuple[int, ...]) -> bool:
    """Is this reading 金雀: are both tiles of its pair golds (stand-ins)?"""
    for g in groups:
        if g >> 6 == PAIR:
            return standins.count(g & 63) >= 2
    return False


def _least_spare(v: tuple[int, ...], offset: int, golds: int) -> int:
    """The fewest tiles beyond the naturals ``v`` of one suit (at ``offset``) that its groups can
    hold, with or without the pair (O(1) win checks), or ``golds + 1`` if more than ``golds``.
    Only used as a lower bound; another suit's golds could only make the check pass sooner."""
    n = sum(v)
    if not n:
        return 0
    best = golds + 1
    for p in (0, 1):
        c = [0] * 28
        c[offset:offset + 9] = v
        if not p:
            c[EAST] = 2  # the pair is elsewhere: an East pair takes its place
        e = (2 * p - n) % 3
        while e < best:
            if is_winning(c, (n + e - 2 * p) // 3, e, SUITED_MASK, 99):
                best = e
                break
            e += 3
    return best


def _covers(naturals: tuple[int, ...], golds: int) -> int:
    """How many multisets of sets and one pair over the three suits cover the 27 counts
    ``naturals`` with exactly ``golds`` tiles beyond them: the golds shared among the suits, the
    pair in one of them. Each suit can take at most the golds the other suits leave over."""
    suits = [naturals[s:s + 9] for s in (0, 9, 18)]
    least = [_least_spare(v, 9 * i, golds) for i, v in enumerate(suits)]
    free = golds - sum(least)
    if free < 0:
        return 0
    (a0, a1), (b0, b1), (c0, c1) = (suit_covers(v, m + free) for v, m in zip(suits, least, strict=True))
    total = 0
    for ea in range(len(a0)):
        for eb in range(min(len(b0), golds + 1 - ea)):
            ec = golds - ea - eb
            if ec < len(c0):
                total += a1[ea] * b0[eb] * c0[ec] + a0[ea] * b1[eb] * c0[ec] + a0[ea] * b0[eb] * c1[ec]
    return total


def count_arrangements(naturals: tuple[int, ...], n_sets: int, golds: int) -> int:
    """``len(readings(naturals, n_sets, golds, SUITED_MASK, 99))`` for 27 suited counts."""
    if n_sets < 0 or sum(naturals) + golds != 3 * n_sets + 2:
        return 0
    if not is_winning(list(naturals), n_sets, golds, SUITED_MASK, 99):  # O(1): most hands stop here
        return 0
    return _covers(naturals, golds)


def has_golden_bird(naturals: tuple[int, ...], n_sets: int, golds: int) -> bool:
    """Some reading's pair is two golds: the naturals and ``golds − 2`` golds make ``n_sets`` sets."""
    if golds < 2 or n_sets < 0 or sum(naturals) + golds != 3 * n_sets + 2:
        return False
    c = [*naturals, 2]  # an East pair (golds never stand for honours) is the pair; the rest are sets
    return is_winning(c, n_sets, golds - 2, SUITED_MASK, 99)


def shown_arrangement(naturals: tuple[int, ...], n_sets: int, golds: int, wild: int,
                      bird: bool) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The reading shown (groups, stand-ins): among the 金雀 readings if ``bird`` else all, the
    first (sorted) of those with the most golds standing for their own kind ``wild``."""
    c = list(naturals) + [0] * 10
    spare = golds
    if bird:
        c[EAST] = 2  # stands in for the pair of two golds, which will be two golds of their own kind
        spare -= 2
    for j in range(spare, -1, -1):
        c[wild] = j
        if is_winning(c, n_sets, spare - j, SUITED_MASK, 99):
            break
    else:
        return None
    pool = readings(c, n_sets, spare - j, SUITED_MASK, 99)  # few: the golds left are tied to naturals
    if not pool:
        return None
    groups, standins = pool[0]
    own = j
    if bird:
        groups = (group_code(PAIR, wild),) + tuple(groups[1:])  # the East pair is the first group
        own += 2
    return tuple(groups), tuple(sorted(tuple(standins) + (wild,) * own))


def listed_summary(arrs: list, wild: int) -> tuple[int, bool, tuple[tuple[int, ...], tuple[int, ...]] | None]:
    """(count, 金雀 exists, shown reading) of listed readings: the shown one is the first of the
    金雀 ones if any (case W17), else of all, with the most golds standing for their own kind."""
    birds = [r for r in arrs if is_bird(*r)]
    pool = birds or arrs
    chosen = max(pool, key=lambda r: r[1].count(wild)) if pool else None
    return len(arrs), bool(birds), chosen


def arrangement_summary(naturals: tuple[int, ...], n_sets: int, golds: int,
                        wild: int) -> tuple[int, bool, tuple[tuple[int, ...], tuple[int, ...]] | None]:
    """(count, 金雀 exists, shown reading) of the readings of 27 suited counts (``naturals[wild]``
    must be 0) with ``golds`` golds wild: ``listed_summary(readings(...))``, found the cheaper way.

    Listing costs about 1 µs a reading. A hand with a 金雀 reading has two golds free to be any
    of 27 pairs, and often three more free to be any of 48 sets: from 27 to 1,305 readings. Those
    are counted and the shown one is taken from a short listing (module docstring), at a cost that
    does not grow with their number. Any other hand has every gold tied to its naturals and few
    readings (a median of 14 with 3 golds, 27 with 4; 132 at most in our corpora): listed."""
    if n_sets < 0 or sum(naturals) + golds != 3 * n_sets + 2:
        return 0, False, None
    counts = list(naturals)
    if not is_winning(counts, n_sets, golds, SUITED_MASK, 99):  # O(1): most hands stop here
        return 0, False, None
    if has_golden_bird(naturals, n_sets, golds):
        return _covers(naturals, golds), True, shown_arrangement(naturals, n_sets, golds, wild, True)
    return listed_summary(readings(counts, n_sets, golds, SUITED_MASK, 99), wild)
