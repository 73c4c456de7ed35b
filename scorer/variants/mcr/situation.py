"""Win-condition, concealment, tile-hog and wait fans (妙手回春, 海底捞月, 杠上开花, 抢杠和, 全求人, 不求人,
和绝张, 门前清, 四归一, 边张, 嵌张, 单钓将, 自摸: each has its section of docs/rules/mcr.md).

Pure-Python twin of the compiled evaluator ``_fast.pyx`` (docs/architecture.md#the-compiled-core-and-its-pure-python-twins):
a rule changed here is changed there too; ``make test`` runs the rules suites on both.
"""

from __future__ import annotations

from scorer.tiles import tile_name, tiles_text

from .division import CHOW, KONG, Division, HandFacts
from .fans import F
from .tally import Tally


def win_condition(facts: HandFacts, t: Tally, *, last_tile_allowed: bool = True) -> None:
    """和绝张, 自摸 / 妙手回春 / 杠上开花, 海底捞月 / 抢杠和; which flags may go together:
    docs/rules/mcr.md#errors-a-context-that-contradicts-the-hand."""
    win = tile_name(facts.win)
    if facts.last_tile and last_tile_allowed:
        t.add(F.LAST_TILE, 1, win)
    if facts.self_draw:
        t.add(F.SELF_DRAWN, 1, win)
        if facts.last_wall:
            t.add(F.LAST_TILE_DRAW, 1, win)
        if facts.kong_win:
            t.add(F.OUT_WITH_REPLACEMENT_TILE, 1, win)
    else:
        if facts.last_wall:
            t.add(F.LAST_TILE_CLAIM, 1, win)
        if facts.kong_win:
            t.add(F.ROBBING_THE_KONG, 1, win)


def concealment(facts: HandFacts, t: Tally) -> None:
    """门前清 / 不求人 with no exposed set, 全求人 with four (docs/rules/mcr.md#concealed-hand,
    docs/rules/mcr.md#fully-concealed-hand, docs/rules/mcr.md#melded-hand)."""
    if facts.melded_count == 0:
        t.add(F.FULLY_CONCEALED_HAND if facts.self_draw else F.CONCEALED_HAND)
    elif facts.melded_count == 4 and not facts.self_draw:
        t.add(F.MELDED_HAND)


def tile_hog(facts: HandFacts, t: Tally) -> None:
    """四归一: kinds held four times, minus declared kongs (docs/rules/mcr.md#tile-hog)."""
    hogs = [k for k in facts.kinds if facts.total[k] == 4]
    n = len(hogs) - facts.melded_kongs - facts.concealed_kongs
    if n > 0:
        kong_tiles = {s.tile for s in facts.fixed if s.kind == KONG}
        for k in hogs:
            if k not in kong_tiles:
                t.add(F.TILE_HOG, 1, tiles_text([k] * 4))


def wait_position(division: Division, win: int, t: Tally) -> None:
    """With a unique wait: 边张 / 嵌张 / 单钓将 by where the winning tile sits among the
    division's concealed chows and its pair (docs/rules/mcr.md#edge-wait). Every position found is recorded;
    the table keeps the first of edge > closed > single."""
    for s in division.sets:
        if s.kind == CHOW and s.concealed and not s.fixed:
            if win == s.tile or win == s.tile + 2:
                t.set(F.EDGE_WAIT, 1, s)
            elif win == s.tile + 1:
                t.set(F.CLOSED_WAIT, 1, s)
    if division.pair == win:
        t.set(F.SINGLE_WAIT, 1, tiles_text([win, win]))
