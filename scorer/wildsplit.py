"""Readings of a hand with wild tiles, split by tile group.

A set never leaves its tile group (one suit, or the honours), so every reading of a hand with wilds
is one choice of a reading per group, for one way of sharing the wilds and the pair among the four
groups. The Huangyan and Shanxi searches score a hand from small per-group tables instead of the
hundreds of concrete readings ``decompose.readings`` would list (their docstrings say why the result
is the same); this module holds what both need.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any

from . import deadline, decompose
from .decompose import readings

# A group's readings as the decomposer's C records (one row of bytes each; scorer._fast's
# group_records and the helpers that read them): the searches build their per-group tables from
# them. None under the pure-Python twin (MJSCORE_PURE=1) or without the build: the searches then
# take their Python loops over ``group_readings``.
RECORDS: Any = None  # the compiled decomposer module (scorer/_fast.pyi) when in use
if decompose.BACKEND == "fast":
    RECORDS = importlib.import_module("._fast", __package__)

# a wild may be a fifth copy of a kind in these variants (docs/rules/huangyan.md#what-wins,
# docs/rules/shanxi.md#what-wins, "The mouse game")
NO_CAP = 99

# The tile groups a set never leaves: (first kind, kinds) for the three suits and the honours.
TILE_GROUPS: tuple[tuple[int, int], ...] = ((0, 9), (9, 9), (18, 9), (27, 7))
GROUP_MASKS = tuple(((1 << n) - 1) << base for base, n in TILE_GROUPS)  # wild masks: one group's kinds
# A pair of two naturals outside the group, so that the decomposer lists a group's readings without
# the pair: no wild may go there (the wild mask is the group's), so those two tiles are always the pair.
_FAKE_PAIR = (27, 27, 27, 0)

Local = tuple[tuple[int, ...], tuple[int, ...]]  # (group codes, kinds the wilds stand for), both sorted
Share = tuple[int, int]  # (wilds, pair) a group takes
Lookup = Callable[[int, Share], tuple[int, Any]]


def group_readings(g: int, counts, n: int, w: int, pair: int) -> list[Local]:
    """The readings of tile group ``g`` alone, sorted as the decomposer lists them: its ``n``
    naturals (from ``counts``) completed by ``w`` wilds standing for kinds of the group, with the
    pair (``pair`` 1) or without it."""
    if n == 0:
        found = _EMPTY.get((g, w, pair))
        if found is not None:
            return found
        if w == 0 and pair == 0:
            return [((), ())]
    tiles = n + w - 2 * pair
    if tiles < 0 or tiles % 3:
        return []
    base, size = TILE_GROUPS[g]
    c = [0] * 37
    c[base:base + size] = counts[base:base + size]
    if pair:
        return readings(c, tiles // 3, w, GROUP_MASKS[g], NO_CAP)
    c[_FAKE_PAIR[g]] = 2
    return [(gs[1:], st) for gs, st in readings(c, tiles // 3, w, GROUP_MASKS[g], NO_CAP)]


# A group without naturals: its readings depend on the group, its wilds and the pair alone (at most
# one set and the pair from up to four wilds), so they are listed once, at import; shared, read-only.
_EMPTY: dict[tuple[int, int, int], list[Local]] = {}
_EMPTY.update({(g, w, pair): group_readings(g, [0] * 37, 0, w, pair)
               for g in range(len(TILE_GROUPS)) for w in range(5) for pair in (0, 1)})


def group_records(g: int, counts, w: int, pair: int) -> tuple[bytes, int, int, int] | None:
    """``group_readings`` as C records (RECORDS must be there): ``(records, ngroups, width,
    count)``, each record ``width`` bytes (``ngroups`` group codes, then the kinds the wilds stand
    for), in the same order; None when the group fits no reading."""
    got = RECORDS.group_records(counts, g, w, pair, GROUP_MASKS[g], NO_CAP)
    if got is None:
        return None
    records, ngroups = got
    width = ngroups + w
    return records, ngroups, width, (1 if width == 0 else len(records) // width)


def memo_slot(store: dict, key: Any, limit: int) -> dict:
    """``store[key]``, a new empty dict when missing; the store is emptied first when it is full
    (per-group tables memoised across calls, bounded)."""
    found = store.get(key)
    if found is None:
        if len(store) >= limit:
            store.clear()
        found = store[key] = {}
    return found


def group_sizes(counts) -> list[int]:
    return [sum(counts[b:b + n]) for b, n in TILE_GROUPS]


def shares(sizes: list[int], n_wilds: int) -> Iterator[tuple[Share, Share, Share, Share]]:
    """Every way to share ``n_wilds`` wilds and the one pair among the four groups so that each
    group's tiles can make whole sets (plus the pair), in a fixed order; a step of the time budget
    each."""
    key = (*sizes, n_wilds)
    found = _SHARES.get(key)
    if found is None:
        if len(_SHARES) >= _SHARES_MAX:
            _SHARES.clear()
        found = _SHARES[key] = tuple(_shares(sizes, n_wilds))
    for share in found:
        deadline.check()
        yield share


def _shares(sizes: list[int], n_wilds: int) -> Iterator[tuple[Share, Share, Share, Share]]:
    options = [[(w, p) for w in range(n_wilds + 1) for p in (0, 1) if n + w >= 2 * p and (n + w - 2 * p) % 3 == 0]
               for n in sizes]
    for d0 in options[0]:
        for d1 in options[1]:
            w01, p01 = d0[0] + d1[0], d0[1] + d1[1]
            if w01 > n_wilds or p01 > 1:
                continue
            for d2 in options[2]:
                d3 = (n_wilds - w01 - d2[0], 1 - p01 - d2[1])
                if d3 in options[3]:
                    yield d0, d1, d2, d3


# (the four groups' sizes, wilds) -> their shares: a pure function of a few small numbers; cleared
# when full.
_SHARES: dict[tuple[int, ...], tuple[tuple[Share, Share, Share, Share], ...]] = {}
_SHARES_MAX = 4096


def group_tables(share: tuple[Share, ...], lookup: Lookup) -> tuple[int, list[Any]]:
    """For one share: how many readings (the product of each group's count) and each group's table
    from ``lookup(group, its share)``; (0, partial) as soon as a group has none."""
    count = 1
    tables: list[Any] = []
    for g in range(4):
        n, table = lookup(g, share[g])
        count *= n
        if not count:
            return 0, tables
        tables.append(table)
    return count, tables
