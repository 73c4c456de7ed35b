"""Pure-Python twin of :mod:`scorer._fast`: the plain, executable spec of the decomposer contract.

Used only by the tests (and by :mod:`scorer.decompose` when ``MJSCORE_PURE=1``). Everything here
is written to be obviously correct rather than fast:

* A standard reading is found by the canonical recursion over the WHOLE hand: take the lowest
  kind that still has a natural tile and put it into some group (a pung, a chow in which it is
  the 1st, 2nd or 3rd member, or the pair). The group's other members are taken from the naturals
  when there are any left, otherwise from the wilds. When no natural is left, the remaining wilds
  form groups made only of wilds (every combination of them).
* Every candidate group multiset is then checked against the contract as a whole: its tiles minus
  the naturals are the standins, which must all be allowed by ``wild_mask`` and ``max_copies``.
* Duplicates (the same multiset reached along different paths) are removed with a set.

Why taking naturals first is complete: if a valid multiset G holds a group g containing the lowest
natural kind, then G - g is a valid completion of the naturals left after g took every member it
could from the naturals (for each kind: either g took all of them, or g needed no wild there).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

PAIR, PUNG, CHOW, KNITTED, SINGLE = 0, 1, 2, 3, 4
SEVEN_PAIRS = 1
THIRTEEN_ORPHANS = 2
HONORS_KNITTED = 4
KNITTED_STRAIGHT = 8
SEVEN_PAIRS_DISTINCT = 16
STANDARD_MASK = (1 << 34) - 1
SUITED_MASK = (1 << 27) - 1

NUM_KINDS = 37
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONOURS = tuple(range(27, 34))
_PERMS = list(itertools.permutations((0, 1, 2)))

__all__ = [
    "PAIR", "PUNG", "CHOW", "KNITTED", "SINGLE", "group_code",
    "SEVEN_PAIRS", "THIRTEEN_ORPHANS", "HONORS_KNITTED", "KNITTED_STRAIGHT", "SEVEN_PAIRS_DISTINCT",
    "STANDARD_MASK", "SUITED_MASK", "readings", "is_winning", "waits",
]


def group_code(gtype: int, tile: int) -> int:
    return gtype << 6 | tile


def family_tiles(f: int) -> list[int]:
    """The nine kinds of knitted family ``f``: suit perms[f][j] holds ranks j+1, j+4, j+7."""
    perm = _PERMS[f]
    return sorted(perm[j] * 9 + j + 3 * i for j in range(3) for i in range(3))


def group_tiles(code: int) -> list[int]:
    gtype, t = code >> 6, code & 63
    if gtype == PAIR:
        return [t, t]
    if gtype == PUNG:
        return [t, t, t]
    if gtype == CHOW:
        return [t, t + 1, t + 2]
    if gtype == KNITTED:
        return family_tiles(t)
    return [t]


def _counts(counts: Sequence[int]) -> list[int]:
    c = [int(x) for x in counts]
    if len(c) > NUM_KINDS or any(x < 0 for x in c):
        raise ValueError("counts must be at most 37 non-negative ints")
    return c + [0] * (NUM_KINDS - len(c))


def _check(c: list[int], groups: list[int], wilds: int, wild_mask: int, max_copies: int):
    """The contract, applied to one candidate group multiset: the reading, or None."""
    total: Counter[int] = Counter()
    for g in groups:
        total.update(group_tiles(g))
    standins: list[int] = []
    for k in range(NUM_KINDS):
        extra = total[k] - c[k]
        if extra < 0:
            return None
        if extra > 0:
            if not (wild_mask >> k) & 1 or c[k] + extra > max_copies:
                return None
            standins += [k] * extra
    if len(standins) != wilds:
        return None
    return tuple(sorted(groups)), tuple(standins)


def _melds_of_wilds(wild_mask: int) -> list[int]:
    """Every set that three wilds could form (all members allowed by the mask)."""
    out = [group_code(PUNG, k) for k in range(NUM_KINDS) if (wild_mask >> k) & 1]
    for k in range(27):
        if k % 9 <= 6 and all((wild_mask >> (k + j)) & 1 for j in range(3)):
            out.append(group_code(CHOW, k))
    return out


def _take(c: list[int], tiles: list[int], wild_mask: int):
    """Put ``tiles`` into a group, naturals first: (naturals left, wilds used) or None."""
    left = list(c)
    used = 0
    for t in tiles:
        if left[t] > 0:
            left[t] -= 1
        elif (wild_mask >> t) & 1:
            used += 1
        else:
            return None
    return left, used


def _standard(c: list[int], sets: int, pair: int, wilds: int, wild_mask: int) -> Iterator[list[int]]:
    """Candidate group lists: ``sets`` sets + ``pair`` pairs covering c with ``wilds`` wilds."""
    if sum(c) + wilds != 3 * sets + 2 * pair:
        return
    low = next((k for k in range(NUM_KINDS) if c[k]), None)
    if low is None:  # only wilds left: every choice of all-wild groups
        yield from _all_wild(sets, pair, wild_mask)
        return
    for code, tiles, dsets, dpair in _first_groups(low, sets, pair):
        taken = _take(c, tiles, wild_mask)
        if taken is None or taken[1] > wilds:
            continue
        left, used = taken
        for rest in _standard(left, sets - dsets, pair - dpair, wilds - used, wild_mask):
            yield [code] + rest


def _all_wild(sets: int, pair: int, wild_mask: int) -> Iterator[list[int]]:
    pairs = [group_code(PAIR, k) for k in range(NUM_KINDS) if (wild_mask >> k) & 1] if pair else [None]
    for p in pairs:
        for melds in itertools.combinations_with_replacement(_melds_of_wilds(wild_mask), sets):
            yield ([p] if p is not None else []) + list(melds)


def _first_groups(low: int, sets: int, pair: int) -> list[tuple[int, list[int], int, int]]:
    """The groups that may hold the lowest tile left: (code, tiles, sets used, pairs used)."""
    options: list[tuple[int, list[int], int, int]] = []
    if sets:
        options.append((group_code(PUNG, low), [low] * 3, 1, 0))
        starts = range(low - 2, low + 1) if low < 27 else range(0)
        options.extend((group_code(CHOW, start), [start, start + 1, start + 2], 1, 0) for start in starts
                       if start // 9 == low // 9 and start >= 0 and start % 9 <= 6)
    if pair:
        options.append((group_code(PAIR, low), [low] * 2, 0, 1))
    return options


def _seven_pairs(c: list[int], wilds: int, wild_mask: int) -> Iterator[list[int]]:
    def rec(c: list[int], n: int, wilds: int) -> Iterator[list[int]]:
        low = next((k for k in range(NUM_KINDS) if c[k]), None)
        if low is None:
            if wilds == 2 * n:
                kinds = [k for k in range(NUM_KINDS) if (wild_mask >> k) & 1]
                for ks in itertools.combinations_with_replacement(kinds, n):
                    yield [group_code(PAIR, k) for k in ks]
            return
        if n == 0:
            return
        taken = _take(c, [low, low], wild_mask)
        if taken is None or taken[1] > wilds:
            return
        for rest in rec(taken[0], n - 1, wilds - taken[1]):
            yield [group_code(PAIR, low)] + rest

    yield from rec(c, 7, wilds)


def _candidates(c: list[int], n_sets: int, wilds: int, wild_mask: int, shapes: int) -> Iterator[list[int]]:
    if sum(c) + wilds != 3 * n_sets + 2:
        return
    yield from _standard(c, n_sets, 1, wilds, wild_mask)
    for shape, set_counts, found in _SPECIAL_SHAPES:
        if n_sets in set_counts and shapes & shape:
            yield from found(c, n_sets, wilds, wild_mask, shapes)


def _seven_pairs_of(c: list[int], n_sets: int, wilds: int, wild_mask: int, shapes: int) -> Iterator[list[int]]:
    for groups in _seven_pairs(c, wilds, wild_mask):
        if not (shapes & SEVEN_PAIRS_DISTINCT) or len(set(groups)) == 7:
            yield groups


def _thirteen_orphans(c: list[int], n_sets: int, wilds: int, wild_mask: int, shapes: int) -> Iterator[list[int]]:
    for p in ORPHANS:
        yield [group_code(PAIR, p)] + [group_code(SINGLE, o) for o in ORPHANS if o != p]


def _honors_knitted(c: list[int], n_sets: int, wilds: int, wild_mask: int, shapes: int) -> Iterator[list[int]]:
    for f in range(6):
        for kinds in itertools.combinations(family_tiles(f) + list(HONOURS), 14):
            yield [group_code(SINGLE, k) for k in kinds]


def _knitted_straight(c: list[int], n_sets: int, wilds: int, wild_mask: int, shapes: int) -> Iterator[list[int]]:
    for f in range(6):
        taken = _take(c, family_tiles(f), wild_mask)
        if taken is None or taken[1] > wilds:
            continue
        for rest in _standard(taken[0], n_sets - 3, 1, wilds - taken[1], wild_mask):
            yield [group_code(KNITTED, f)] + rest


# the special shapes, in the order they are tried: (shape bit, set counts it is read for, candidates)
_SPECIAL_SHAPES: tuple[tuple[int, tuple[int, ...], Callable[..., Iterator[list[int]]]], ...] = (
    (SEVEN_PAIRS, (4,), _seven_pairs_of),
    (THIRTEEN_ORPHANS, (4,), _thirteen_orphans),
    (HONORS_KNITTED, (4,), _honors_knitted),
    (KNITTED_STRAIGHT, (3, 4), _knitted_straight),
)


def readings(counts, n_sets, wilds=0, wild_mask=STANDARD_MASK, max_copies=4, shapes=0):
    c = _counts(counts)
    found = set()
    for groups in _candidates(c, n_sets, wilds, wild_mask, shapes):
        r = _check(c, groups, wilds, wild_mask, max_copies)
        if r is not None:
            found.add(r)
    return sorted(found)


def is_winning(counts, n_sets, wilds=0, wild_mask=STANDARD_MASK, max_copies=4, shapes=0):
    c = _counts(counts)
    return any(
        _check(c, groups, wilds, wild_mask, max_copies) is not None
        for groups in _candidates(c, n_sets, wilds, wild_mask, shapes)
    )


def waits(counts, n_sets, wilds=0, wild_mask=STANDARD_MASK, max_copies=4, shapes=0,
          kinds_mask=STANDARD_MASK):
    c = _counts(counts)
    if sum(c) + wilds != 3 * n_sets + 1:
        return []
    out = []
    for t in range(NUM_KINDS):
        if (kinds_mask >> t) & 1:
            c2 = list(c)
            c2[t] += 1
            if is_winning(c2, n_sets, wilds, wild_mask, max_copies, shapes):
                out.append((t, c[t] >= 4))
    return out
