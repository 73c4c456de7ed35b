"""Suit, tile and rank fans of the whole hand, and the set-trait fans of a division
(绿一色, 清幺九, 字一色, 混幺九, 全双刻, 清一色, 全大, 全中, 全小, 全带五, 大于五, 小于五, 推不倒, 混一色, 五门齐,
全带幺, 断幺, 缺一门, 无字: each has its section of docs/rules/mcr.md).

Pure-Python twin of the compiled evaluator ``_fast.pyx`` (docs/architecture.md#the-compiled-core-and-its-pure-python-twins):
a rule changed here is changed there too; ``make test`` runs the rules suites on both.
"""

from __future__ import annotations

from scorer.tiles import DRAGONS, GREEN, WHITE, WINDS

from .division import CHOW, Division
from .fans import F
from .tally import Tally

# 绿一色: 2 3 4 6 8 bamboo and the green dragon.
GREEN_TILES = frozenset({19, 20, 21, 23, 25, GREEN})
# 推不倒: 1 2 3 4 5 8 9 dots, 2 4 5 6 8 9 bamboo, the white dragon.
REVERSIBLE_TILES = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE})
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})


def suit_fans(kinds: tuple[int, ...], t: Tally) -> None:
    """无字, 缺一门, 混一色 / 清一色, 五门齐 (step 7)."""
    suits = {k // 9 for k in kinds if k < 27}
    honours = any(k >= 27 for k in kinds)
    if not honours:
        t.add(F.NO_HONORS)
    missing = 3 - len(suits)
    if missing == 1:
        t.add(F.ONE_VOIDED_SUIT)
    elif missing == 2:
        t.add(F.HALF_FLUSH if honours else F.FULL_FLUSH)
    if len(suits) == 3 and any(k in WINDS for k in kinds) and any(k in DRAGONS for k in kinds):
        t.add(F.ALL_TYPES)


def tile_fans(kinds: tuple[int, ...], t: Tally) -> None:
    """断幺, 推不倒, 绿一色, then 字一色 / 清幺九 / 混幺九 (step 8)."""
    simples = not any(k >= 27 or k in TERMINALS for k in kinds)
    if simples:
        t.add(F.ALL_SIMPLES)
    if all(k in REVERSIBLE_TILES for k in kinds):
        t.add(F.REVERSIBLE_TILES)
    if all(k in GREEN_TILES for k in kinds):
        t.add(F.ALL_GREEN)
    if not simples:
        _terminal_and_honour_fans(kinds, t)


def _terminal_and_honour_fans(kinds: tuple[int, ...], t: Tally) -> None:
    """字一色, else 清幺九, else 混幺九."""
    if all(k >= 27 for k in kinds):
        t.add(F.ALL_HONORS)
    elif all(k in TERMINALS for k in kinds):
        t.add(F.ALL_TERMINALS)
    elif all(k >= 27 or k in TERMINALS for k in kinds):
        t.add(F.ALL_TERMINALS_AND_HONORS)


def rank_fans(kinds: tuple[int, ...], t: Tally) -> None:
    """Numbered hands only: 小于五 / 全小, 大于五 / 全大, 全中 (step 9). The narrower fan is
    recorded beside the wider one it excludes (全小 ⊂ 小于五, 全大 ⊂ 大于五)."""
    if any(k >= 27 for k in kinds):
        return
    ranks = {k % 9 + 1 for k in kinds}
    if max(ranks) <= 4:
        t.add(F.LOWER_FOUR)
        if max(ranks) <= 3:
            t.add(F.LOWER_TILES)
    elif min(ranks) >= 6:
        t.add(F.UPPER_FOUR)
        if min(ranks) >= 7:
            t.add(F.UPPER_TILES)
    elif min(ranks) >= 4 and max(ranks) <= 6:
        t.add(F.MIDDLE_TILES)


def set_trait_fans(division: Division, t: Tally) -> None:
    """全带幺, else 全带五, else 全双刻: a trait every set and the pair share (step 6)."""
    groups = [(s.kind == CHOW, s.tile) for s in division.sets] + [(False, division.pair)]

    def outside(chow: bool, tile: int) -> bool:
        if tile >= 27:
            return True
        r = tile % 9
        return r in (0, 6) if chow else r in (0, 8)

    def five(chow: bool, tile: int) -> bool:
        return tile < 27 and (2 <= tile % 9 <= 4 if chow else tile % 9 == 4)

    def even_pung(chow: bool, tile: int) -> bool:
        return not chow and tile < 27 and tile % 9 in (1, 3, 5, 7)

    if all(outside(c, k) for c, k in groups):
        t.add(F.OUTSIDE_HAND)
    elif all(five(c, k) for c, k in groups):
        t.add(F.ALL_FIVES)
    elif all(even_pung(c, k) for c, k in groups):
        t.add(F.ALL_EVEN_PUNGS)
