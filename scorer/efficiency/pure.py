"""Shanten and useful tiles of one holding, per shape: the pure-Python twin of ``_shanten.pyx``.

Both modules keep the same contract (``backend`` picks one; ``MJSCORE_PURE=1`` selects this
one). Counts are lists indexed by tile kind (``scorer.tiles``); ``n_sets`` is the sets
of a winning hand (4, Fuzhou 5, Nantong 7) and ``fixed`` the sets already melded. Definitions in
docs/efficiency.md#what-shanten-means:

* standard: the fewest partial groups' worth of work, ``2·n − 2·sets − min(partials, n − sets) −
  pair`` over every split of the tiles into sets, partial sets (a pair of alike, two in a row, two
  with a gap), one pair and leftovers; 0 is ready, −1 complete;
* useful: the kinds whose one more copy lowers it (a kind held four times only when the hand is
  ready: its fifth copy is a formal wait), per shape.
"""

from __future__ import annotations

from functools import lru_cache

MAX_SETS = 7  # Nantong's seven groups: the most any variant needs
NO = -1  # an entry no split reaches

# The six knitted arrangements: which suit holds 1-4-7, 2-5-8, 3-6-9 (docs/rules/mcr.md).
KNITTED = tuple(
    tuple(sorted(9 * suit + rank for suit, start in enumerate(order) for rank in (start, start + 3, start + 6)))
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
TERMINALS_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONOURS = tuple(range(27, 34))


def _merge(into: list[int], sub: tuple[int, ...], dp: int, dq: int, dpair: int) -> None:
    """Fold a sub-split's vector into ``into``, after adding one unit (``dp`` sets, ``dq`` partials,
    ``dpair`` pair) to it."""
    for pair in range(2 - dpair):
        for p in range(MAX_SETS + 1):
            q = sub[pair * 8 + p]
            if q == NO:
                continue
            p2 = min(p + dp, MAX_SETS)
            q2 = min(q + dq, MAX_SETS - p2)
            i = (pair + dpair) * 8 + p2
            if q2 > into[i]:
                into[i] = q2


@lru_cache(maxsize=1 << 16)
def block(counts: tuple[int, ...], suited: bool) -> tuple[int, ...]:
    """The best partial count for each (pair 0/1, sets 0..7) over every split of one suit's counts
    (ranks 1-9; an honour is a one-rank block without runs). Index ``pair·8 + sets``; partials are
    capped at ``7 − sets``, which never changes a hand's value (see ``value``)."""
    i = next((r for r, c in enumerate(counts) if c), None)
    out = [NO] * 16
    if i is None:
        out[0] = 0
        return tuple(out)
    c = list(counts)

    def take(ranks: tuple[int, ...], dp: int, dq: int, dpair: int) -> None:
        for r in ranks:
            c[r] -= 1
        _merge(out, block(tuple(c), suited), dp, dq, dpair)
        for r in ranks:
            c[r] += 1

    take((i,), 0, 0, 0)  # left as a single
    n = counts[i]
    if n >= 3:
        take((i, i, i), 1, 0, 0)
    if n >= 2:
        take((i, i), 0, 0, 1)
        take((i, i), 0, 1, 0)
    if suited:
        if i <= 6 and counts[i + 1] and counts[i + 2]:
            take((i, i + 1, i + 2), 1, 0, 0)
        if i <= 7 and counts[i + 1]:
            take((i, i + 1), 0, 1, 0)
        if i <= 6 and counts[i + 2]:
            take((i, i + 2), 0, 1, 0)
    return tuple(out)


def _blocks(counts: list[int]) -> list[tuple[int, ...]]:
    out = [block(tuple(counts[s * 9:s * 9 + 9]), True) for s in range(3)]
    out += [block((counts[k],), False) for k in range(27, len(counts)) if counts[k]]
    return out


def _combine(a: tuple[int, ...] | list[int], b: tuple[int, ...]) -> list[int]:
    out = [NO] * 16
    for pa in range(2):
        for sa in range(MAX_SETS + 1):
            qa = a[pa * 8 + sa]
            if qa == NO:
                continue
            for pb in range(2 - pa):
                for sb in range(MAX_SETS + 1 - sa):
                    qb = b[pb * 8 + sb]
                    if qb == NO:
                        continue
                    i = (pa + pb) * 8 + sa + sb
                    q = min(qa + qb, MAX_SETS - sa - sb)
                    if q > out[i]:
                        out[i] = q
    return out


def value(vec: list[int] | tuple[int, ...], n_sets: int, fixed: int) -> int:
    """The standard shanten of a combined vector: ``2n − 2P − min(Q, n − P) − pair``, P the sets
    (melds included, at most n), Q the partials."""
    best = 2 * n_sets
    for pair in range(2):
        for s in range(MAX_SETS + 1):
            q = vec[pair * 8 + s]
            if q == NO:
                continue
            p = min(s + fixed, n_sets)
            v = 2 * n_sets - 2 * p - min(q, n_sets - p) - pair
            if v < best:
                best = v
    return best


def standard(counts: list[int], n_sets: int = 4, fixed: int = 0) -> int:
    vec: list[int] | tuple[int, ...] = block((), False)
    for b in _blocks(counts):
        vec = _combine(vec, b)
    return value(vec, n_sets, fixed)


def _isolated(counts: list[int], k: int) -> bool:
    """A kind the hand has nothing near: one more copy cannot lower the standard shanten."""
    if counts[k]:
        return False
    if k >= 27:
        return True
    r = k % 9
    return not any(0 <= r + d <= 8 and counts[k + d] for d in (-2, -1, 1, 2))


def standard_useful(counts: list[int], n_sets: int = 4, fixed: int = 0) -> tuple[int, list[int]]:
    """The standard shanten and the kinds that lower it."""
    base = standard(counts, n_sets, fixed)
    useful = []
    for k in range(len(counts)):
        if (counts[k] >= 4 and base > 0) or _isolated(counts, k):
            continue
        counts[k] += 1
        if standard(counts, n_sets, fixed) < base:
            useful.append(k)
        counts[k] -= 1
    return base, useful


def seven_pairs(counts: list[int]) -> tuple[int, list[int]]:
    """Six less the pairs (four alike count twice); useful: every kind held an odd number of times."""
    pairs = sum(c // 2 for c in counts)
    return 6 - pairs, [k for k, c in enumerate(counts) if c % 2]


def seven_different_pairs(counts: list[int]) -> tuple[int, list[int]]:
    """Seven pairs of seven different kinds (four alike are one pair and two spare tiles): six less
    the kinds paired, plus the kinds still missing; useful: every kind held once, and every kind not
    held while fewer than seven are."""
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c)
    return 6 - pairs + max(0, 7 - kinds), [k for k, c in enumerate(counts) if c == 1 or (not c and kinds < 7)]


def thirteen_orphans(counts: list[int]) -> tuple[int, list[int]]:
    held = [k for k in TERMINALS_HONOURS if counts[k]]
    paired = any(counts[k] > 1 for k in held)
    useful = [k for k in TERMINALS_HONOURS if not (paired and counts[k])]
    return (12 if paired else 13) - len(held), useful


def honors_and_knitted(counts: list[int]) -> tuple[int, list[int]]:
    """Thirteen less the distinct tiles of one knitted arrangement and honours; ties merge their
    useful tiles."""
    best, useful = 99, set()
    for kn in KNITTED:
        wanted = kn + HONOURS
        v = 13 - sum(1 for k in wanted if counts[k])
        missing = {k for k in wanted if not counts[k]}
        if v < best:
            best, useful = v, missing
        elif v == best:
            useful |= missing
    return best, sorted(useful)


def knitted_straight(counts: list[int], fixed: int = 0) -> tuple[int, list[int]]:
    """Per arrangement: its missing tiles plus the standard shanten of the rest as one set and a
    pair; ties merge their useful tiles."""
    best, useful = 99, set()
    for kn in KNITTED:
        rest = list(counts)
        missing = []
        for k in kn:
            if rest[k]:
                rest[k] -= 1
            else:
                missing.append(k)
        # the rest is one set and a pair: four sets with the straight's three made
        v_rest, u_rest = standard_useful(rest, 1, fixed)
        v = len(missing) + v_rest
        here = set(missing) | set(u_rest)
        if v < best:
            best, useful = v, here
        elif v == best:
            useful |= here
    return best, sorted(useful)


# --- every shape at once (the contract of _shanten.pyx) --------------------------------------------

# shape flags, as scorer.decompose's (the standard shape is 0)
SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT = 1, 2, 4, 8
SEVEN_DIFFERENT_PAIRS = 32  # seven pairs of seven different kinds (riichi); 16 is Fuzhou's three golds
SHAPE_ORDER = (0, SEVEN_PAIRS, SEVEN_DIFFERENT_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT)


def _mask(kinds: list[int]) -> int:
    return sum(1 << k for k in kinds)


def _shape(flag: int, counts: list[int], n_sets: int, fixed: int) -> tuple[int, list[int]]:
    if flag == 0:
        return standard_useful(list(counts), n_sets, fixed)
    if flag == SEVEN_PAIRS:
        return seven_pairs(counts)
    if flag == SEVEN_DIFFERENT_PAIRS:
        return seven_different_pairs(counts)
    if flag == THIRTEEN_ORPHANS:
        return thirteen_orphans(counts)
    if flag == HONORS_KNITTED:
        return honors_and_knitted(counts)
    return knitted_straight(counts, fixed)


def shapes(counts: list[int], n_sets: int, fixed: int, flags: int) -> list[tuple[int, int, int]]:
    """``[(flag, shanten, useful bit mask)]`` for the standard shape and each shape in ``flags``."""
    out = []
    for flag in SHAPE_ORDER:
        if flag and not flags & flag:
            continue
        v, useful = _shape(flag, list(counts), n_sets, fixed)
        out.append((flag, v, _mask(useful)))
    return out


def _knitted_bound(counts: list[int]) -> int:
    """A floor under the knitted straight's count: the fewest knitted tiles missing, less one."""
    return min(sum(1 for k in kn if not counts[k]) for kn in KNITTED) - 1


def _value_only(flag: int, counts: list[int], n_sets: int, fixed: int) -> int:
    if flag == 0:
        return standard(counts, n_sets, fixed)
    return _shape(flag, counts, n_sets, fixed)[0]


def best(counts: list[int], n_sets: int, fixed: int, flags: int) -> tuple[int, int]:
    """``(shanten, useful bit mask)`` over the standard shape and the shapes in ``flags``: the
    fewest steps, and the kinds that lower it (the union over the shapes at that fewest). The
    useful tiles are worked out only for the shapes at the fewest."""
    values: dict[int, int] = {}
    low = 99
    for flag in SHAPE_ORDER:
        if flag and not flags & flag:
            continue
        if flag == KNITTED_STRAIGHT and _knitted_bound(counts) > low:
            continue  # it cannot come down to the fewest
        values[flag] = _value_only(flag, list(counts), n_sets, fixed)
        low = min(low, values[flag])
    mask = 0
    for flag, v in values.items():
        if v == low:
            mask |= _mask(_shape(flag, list(counts), n_sets, fixed)[1])
    return low, mask
