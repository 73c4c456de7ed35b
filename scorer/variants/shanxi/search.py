"""The interpretation with the largest multiplier, and how many there are, without listing every
reading (docs/rules/shanxi.md#what-wins), for hands holding mice.

With four mice a hand has up to ~900 standard readings (every concrete reading of the mice) and
hundreds of seven-pairs ones; listing them and computing each one's factors costs milliseconds. This
gives exactly what ``evaluate.best_pattern`` gives over ``evaluate.all_readings`` (the reference,
still used for hands without mice and for ``explain``), and the same count, from far less work:

* **Standard readings, split by tile group.** A set never spans two tile groups (three suits,
  honours), so a reading is the union of one *local* reading per group: the group's naturals
  completed by the ``w`` mice it takes (standing for its own kinds), with or without the pair. The
  decomposer's list is the cross product, over every way to share the mice and the pair among the
  groups (a *distribution*), of the local lists; the count is a sum of products of their lengths.
  A standard reading's factors are 清一色 (fixed by the distribution: which groups hold tiles, the
  melds included) and 一条龙 (some suit's local reading has the chows 123, 456 and 789), so each local
  list only matters through "has a 一条龙 or not".
* **Seven pairs.** The naturals give their pairs (an odd count padded by a mouse); the mice left form
  ``L`` more pairs of any kinds, ``C(33 + L, L)`` readings. Their factors differ only by 清一色, which
  needs every extra pair in the naturals' one suit.
* **Ties.** The reference keeps the first reading with the largest multiplier in the decomposer's
  sorted order. Sorted tuples of equal length compare by multiplicities at the smallest code where
  they differ, which a common part does not change: the first reading of a class is the union of
  each group's first local reading of it (local lists come sorted), and the first extra pairs are
  copies of the smallest allowed kind. The first best reading is the smallest of those candidates.

Each group's local summary (count, first reading with and without a 一条龙) is memoised (bounded) by
the group's naturals, mice and pair, so a hand seen again skips the decomposer's listing.
The chosen reading's factors are then computed by ``evaluate.pattern_of`` itself and checked against
the predicted multiplier (a difference falls back to the reference). Thirteen orphans (a room option)
always go to the reference.
"""

from __future__ import annotations

from itertools import product
from math import comb

from scorer import wildsplit
from scorer.decompose import CHOW, PAIR

# per tile group (scorer.wildsplit): the groups, their readings, the shares of the mice and the pair
TILE_GROUPS = wildsplit.TILE_GROUPS
Local = wildsplit.Local
group_readings = wildsplit.group_readings
# 一条龙: the chows 123, 456 and 789 of one suit, as group codes
_DRAGONS = tuple(frozenset((CHOW << 6) | (base + r) for r in (0, 3, 6)) for base, _ in TILE_GROUPS[:3])
_DRAGON_CODES = tuple(bytes(sorted(d)) for d in _DRAGONS)


def _tables(g: int, naturals) -> dict[tuple[int, int], tuple[int, list[tuple[bool, Local]]]]:
    """Tile group ``g``'s tables by (mice, pair), filled in by ``_table``; memoised across calls by the
    group's naturals (cleared when full)."""
    base, size = TILE_GROUPS[g]
    return wildsplit.memo_slot(_TABLES, (g, tuple(naturals[base:base + size])), _TABLES_MAX)


def _table(tables: dict, g: int, naturals, n: int, w: int, p: int) -> tuple[int, list[tuple[bool, Local]]]:
    """How many local readings, and the first one without and with a 一条龙 (where there is one)."""
    if wildsplit.RECORDS is not None:
        found = tables[(w, p)] = _table_in_c(g, naturals, w, p)
        return found
    local = group_readings(g, naturals, n, w, p)
    first: dict[bool, Local] = {}
    dragon = _DRAGONS[g] if g < 3 else None
    for gs, st in local:
        flag = dragon is not None and dragon.issubset(gs)
        if flag not in first:
            first[flag] = (gs, st)
            if len(first) == 2:
                break
    found = tables[(w, p)] = (len(local), sorted(first.items()))
    return found


def _table_in_c(g: int, naturals, w: int, p: int) -> tuple[int, list[tuple[bool, Local]]]:
    """``_table`` over the decomposer's records in C (a group with four mice has hundreds of
    readings): only the one or two readings kept become tuples."""
    got = wildsplit.group_records(g, naturals, w, p)
    if got is None:
        return 0, []
    records, ngroups, width, count = got
    lib = wildsplit.RECORDS
    without, with_ = lib.first_with_all(records, ngroups, width, _DRAGON_CODES[g]) if g < 3 else (0, -1)
    first = []
    if without >= 0:
        first.append((False, lib.record_reading(records, without, ngroups, width)))
    if with_ >= 0:
        first.append((True, lib.record_reading(records, with_, ngroups, width)))
    return count, first


# (tile group, its naturals) -> {(mice, pair): _table()}; cleared when full.
_TABLES: dict[tuple, dict[tuple[int, int], tuple[int, list[tuple[bool, Local]]]]] = {}
_TABLES_MAX = 2048


def standard_best(naturals, wilds: int, melded, *, stack: bool):
    """(number of standard readings, best multiplier or None, the first reading with it as (groups, standins))."""
    sizes = wildsplit.group_sizes(naturals)
    melded_in = [any(melded[b:b + n]) for b, n in TILE_GROUPS]
    memo = [_tables(g, naturals) for g in range(4)]
    n_readings = 0
    best_m = None
    best: Local = ((), ())

    def lookup(g: int, share: tuple[int, int]) -> tuple[int, list]:
        return memo[g].get(share) or _table(memo[g], g, naturals, sizes[g], *share)

    for dist in wildsplit.shares(sizes, wilds):
        count, tables = wildsplit.group_tables(dist, lookup)
        if not count:
            continue
        n_readings += count
        flush = _one_suit_held(sizes, dist, melded_in)
        for combo in product(*tables):
            m = _multiplier(combo, flush, stack)
            if best_m is not None and m < best_m:
                continue
            groups = tuple(sorted([c for _, (gs, _) in combo for c in gs]))
            if best_m is None or m > best_m or groups < best[0]:
                best_m = m
                best = (groups, tuple(sorted([k for _, (_, st) in combo for k in st])))
    return n_readings, best_m, best


def _one_suit_held(sizes, dist, melded_in: list[bool]) -> bool:
    """清一色 for a distribution: one suit group holds every tile (naturals, mice and melds)."""
    held = [g for g in range(4) if sizes[g] or dist[g][0] or melded_in[g]]
    return len(held) == 1 and held[0] < 3


def _multiplier(combo, flush: bool, stack: bool) -> int:
    """清一色 ×2 and 一条龙 ×2 (with 清一色 only when they stack) of one combination of local readings."""
    dragon = combo[0][0] or combo[1][0] or combo[2][0] or combo[3][0]  # one local reading per tile group
    return (2 if flush else 1) * (2 if dragon and (stack or not flush) else 1)


def seven_pairs_candidates(naturals) -> tuple[int, list[Local]]:
    """(number of seven-pairs readings, the first one and the first one whose extra pairs are all
    in the naturals' suit when they have one suit), as the decomposer writes them."""
    base: list[int] = []
    st: list[int] = []
    m = 0
    kinds = []
    for k, v in enumerate(naturals):
        if v:
            kinds.append(k)
            base += [(PAIR << 6) | k] * ((v + 1) // 2)
            if v & 1:
                st.append(k)
            m += (v + 1) // 2
    if m > 7:
        return 0, []
    extra = 7 - m
    fills = [0]
    suit = kinds[0] // 9 if kinds else None
    if suit is not None and suit < 3 and all(k // 9 == suit for k in kinds) and 9 * suit:
        fills.append(9 * suit)
    out = []
    for k in fills:
        out.append((tuple(sorted(base + [(PAIR << 6) | k] * extra)), tuple(sorted(st + [k] * (2 * extra)))))
    return comb(33 + extra, extra), out
