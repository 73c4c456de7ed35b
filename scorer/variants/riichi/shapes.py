"""The readings of a riichi hand (docs/rules/riichi.md#what-wins): four sets and a pair (each way
the concealed tiles split, and each group the winning tile can complete), seven pairs of seven
different kinds, thirteen orphans.

A ``Group`` is a set or the pair as the fu and the yaku see it: a triplet completed by the winning
tile on a discard is open (``concealed`` false); a closed kan is concealed, an open or added kan is not.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from scorer.hand import Exposure, Hand, MeldKind
from scorer.notation import format_meld
from scorer.tiles import tiles_text

SEQ, TRIPLET, KAN, PAIR = "seq", "triplet", "kan", "pair"
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI, THIRTEEN = "ryanmen", "kanchan", "penchan", "shanpon", "tanki", "thirteen"


@dataclass(frozen=True, slots=True)
class Group:
    kind: str        # SEQ, TRIPLET, KAN or PAIR
    tile: int        # its lowest tile kind
    concealed: bool  # concealed for the fu and the concealed-triplet yaku
    called: bool     # a meld written in brackets
    text: str

    @property
    def is_triplet(self) -> bool:
        """A triplet or a kan (kans count as triplets for the yaku)."""
        return self.kind in (TRIPLET, KAN)

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == SEQ:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,)


@dataclass(frozen=True, slots=True)
class Reading:
    shape: str                 # "standard", "chiitoitsu", "kokushi"
    groups: tuple[Group, ...]  # standard: the four sets then the pair; chiitoitsu: seven pairs
    wait: str                  # RYANMEN ... TANKI, THIRTEEN for a 13-sided kokushi wait
    partition: tuple[str, ...]

    @property
    def sets(self) -> tuple[Group, ...]:
        return self.groups[:4]

    @property
    def pair(self) -> Group:
        return self.groups[4]


def meld_group(meld) -> Group:
    tiles = sorted(meld.tiles)
    if meld.kind is MeldKind.CHOW:
        kind = SEQ
    elif meld.kind is MeldKind.KONG:
        kind = KAN
    else:
        kind = TRIPLET
    return Group(kind, tiles[0], meld.exposure is Exposure.CONCEALED, True, format_meld(meld))


def _splits(counts: list[int], start: int, n_sets: int, out: list[tuple[str, int]]) -> Iterator[list[tuple[str, int]]]:
    """Every way to split ``counts`` into ``n_sets`` triplets and sequences (the lowest tile first)."""
    i = start
    while i < 34 and not counts[i]:
        i += 1
    if i == 34:
        if n_sets == 0:
            yield list(out)
        return
    if n_sets == 0:
        return
    if counts[i] >= 3:
        counts[i] -= 3
        out.append((TRIPLET, i))
        yield from _splits(counts, i, n_sets - 1, out)
        out.pop()
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        out.append((SEQ, i))
        yield from _splits(counts, i, n_sets - 1, out)
        out.pop()
        for k in (i, i + 1, i + 2):
            counts[k] += 1


@functools.cache
def _group_text(kind: str, tile: int) -> str:
    if kind == SEQ:
        return tiles_text([tile, tile + 1, tile + 2])
    return tiles_text([tile] * (2 if kind == PAIR else 3))


def _seq_wait(tile: int, win: int) -> str:
    if win == tile + 1:
        return KANCHAN
    if (win == tile and tile % 9 == 6) or (win == tile + 2 and tile % 9 == 0):
        return PENCHAN
    return RYANMEN


def _completed(groups: list[tuple[str, int]], pair: int, win: int) -> list[tuple[int, str]]:
    """Each group the winning tile may have completed, with its wait: the pair (place -1, a pair
    wait), or one set holding it."""
    places: list[tuple[int, str]] = [(-1, TANKI)] if pair == win else []
    for n, (kind, t) in enumerate(groups):
        if kind == TRIPLET and t == win:
            places.append((n, SHANPON))
        elif kind == SEQ and t <= win <= t + 2:
            places.append((n, _seq_wait(t, win)))
    return places


def standard_readings(hand: Hand, self_draw: bool) -> list[Reading]:
    """Four sets and a pair, one reading per split and per group the winning tile completes."""
    melds = tuple(meld_group(m) for m in hand.melds)
    counts = hand.counts()
    win = hand.win_tile
    out: list[Reading] = []
    if win is None:
        return out
    seen: set[tuple] = set()
    for p in range(34):
        if counts[p] < 2:
            continue
        counts[p] -= 2
        for split in _splits(counts, 0, 4 - len(melds), []):
            groups = sorted(split, key=lambda g: (g[1], g[0]))
            for place, wait in _completed(groups, p, win):
                key = (tuple(groups), p, wait, groups[place] if place >= 0 else None)
                if key not in seen:
                    seen.add(key)
                    out.append(_reading(melds, groups, p, place, wait, self_draw))
        counts[p] += 2
    return out


def _reading(melds: tuple[Group, ...], groups: list[tuple[str, int]], pair: int, place: int, wait: str,
             self_draw: bool) -> Reading:
    """A triplet completed by a discard is open (``place``: the group the winning tile completed)."""
    concealed = [Group(kind, t, not (n == place and kind == TRIPLET and not self_draw), False, _group_text(kind, t))
                 for n, (kind, t) in enumerate(groups)]
    all_groups = (*melds, *concealed, Group(PAIR, pair, True, False, _group_text(PAIR, pair)))
    return Reading("standard", all_groups, wait, tuple(g.text for g in all_groups))


def chiitoitsu_reading(hand: Hand) -> Reading | None:
    """Seven pairs of seven different kinds (four alike are not two pairs), no meld."""
    if hand.melds:
        return None
    counts = hand.counts()
    kinds = [k for k in range(34) if counts[k]]
    if len(kinds) != 7 or any(counts[k] != 2 for k in kinds):
        return None
    pairs = tuple(Group(PAIR, k, True, False, _group_text(PAIR, k)) for k in kinds)
    return Reading("chiitoitsu", pairs, TANKI, tuple(g.text for g in pairs))


def kokushi_reading(hand: Hand) -> Reading | None:
    """One of each terminal and honour and a second of one; 13-sided when the winning tile made the pair."""
    if hand.melds:
        return None
    counts = hand.counts()
    if any(counts[k] for k in range(34) if k not in ORPHANS) or any(not counts[k] for k in ORPHANS):
        return None
    wait = THIRTEEN if hand.win_tile is not None and counts[hand.win_tile] == 2 else TANKI
    return Reading("kokushi", (), wait, (tiles_text(sorted(hand.concealed)),))


def readings(hand: Hand, self_draw: bool) -> list[Reading]:
    found = [r for r in (kokushi_reading(hand), chiitoitsu_reading(hand)) if r is not None]
    return found + standard_readings(hand, self_draw)
