"""Pung and kong fans (大四喜, 大三元, 四杠, 小四喜, 小三元, 四暗刻, 一色四节高, 三杠, 一色三节高, 三同刻, 三暗刻,
三风刻, 三色三节高, 碰碰和, 双暗杠, 双箭刻, 明暗杠, 双明杠, 箭刻, 双同刻, 双暗刻, 暗杠, 幺九刻, 明杠). How pungs
combine: docs/rules/mcr.md#account-once; concealed pungs: docs/rules/mcr.md#the-82-items.

Pure-Python twin of the compiled evaluator ``_fast.pyx`` (docs/architecture.md#the-compiled-core-and-its-pure-python-twins):
a rule changed here is changed there too; ``make test`` runs the rules suites on both.
"""

from __future__ import annotations

from scorer.tiles import DRAGONS, EAST, NORTH, SOUTH, WEST, WINDS, is_terminal, tiles_text

from .division import CHOW, KONG, Division, HandFacts, Set, ref_order
from .fans import AO, NR, F
from .tally import Tally

_WIND_TRIPLES = {(EAST, SOUTH, WEST), (EAST, SOUTH, NORTH), (EAST, WEST, NORTH), (SOUTH, WEST, NORTH)}


def concealed_pungs_and_kongs(facts: HandFacts, division: Division, concealed_kong_and_melded_kong: bool,
                              t: Tally) -> None:
    """Kong fans, then 双暗刻/三暗刻/四暗刻 from N = concealed pungs + concealed kongs
    (docs/rules/mcr.md#two-concealed-pungs)."""
    pungs = [s for s in division.sets if s.kind != CHOW]
    melded_kongs = [s for s in pungs if s.kind == KONG and not s.concealed]
    concealed_kongs = [s for s in pungs if s.kind == KONG and s.concealed]
    _kong_fans(melded_kongs, concealed_kongs, concealed_kong_and_melded_kong, t)
    hidden = _concealed_pungs(facts, division, pungs) + concealed_kongs
    fan = _CONCEALED_PUNG_FANS.get(len(hidden))
    if fan is not None:
        t.add(fan, 1, hidden)


# 双暗刻, 三暗刻, 四暗刻 by the number of concealed pungs and kongs
_CONCEALED_PUNG_FANS = {2: F.TWO_CONCEALED_PUNGS, 3: F.THREE_CONCEALED_PUNGS, 4: F.FOUR_CONCEALED_PUNGS}


def _concealed_pungs(facts: HandFacts, division: Division, pungs: list[Set]) -> list[Set]:
    """The concealed pungs (kongs apart). On a discard win, a concealed pung of the winning tile
    counts as exposed unless the tile can be read in one of the division's concealed chows."""
    concealed_pungs = [s for s in pungs if s.concealed and s.kind != KONG]
    if not facts.self_draw:
        win = facts.win
        in_chow = any(s.kind == CHOW and s.concealed and s.tile <= win <= s.tile + 2 for s in division.sets)
        if not in_chow:
            concealed_pungs = [s for s in concealed_pungs if s.tile != win]
    return concealed_pungs


def _kong_fans(melded_kongs: list[Set], concealed_kongs: list[Set], concealed_kong_and_melded_kong: bool,
               t: Tally) -> None:
    """明杠 / 暗杠, the two-kong fans, 三杠, 四杠."""
    kongs = melded_kongs + concealed_kongs
    if len(kongs) == 1:
        t.add(F.MELDED_KONG if melded_kongs else F.CONCEALED_KONG, 1, kongs)
    elif len(kongs) == 2:
        _two_kongs_fans(melded_kongs, concealed_kongs, concealed_kong_and_melded_kong, t)
    elif len(kongs) == 3:
        t.add(F.THREE_KONGS, 1, kongs)
    elif len(kongs) == 4:
        t.add(F.FOUR_KONGS, 1, kongs)


def _two_kongs_fans(melded_kongs: list[Set], concealed_kongs: list[Set], concealed_kong_and_melded_kong: bool,
                    t: Tally) -> None:
    kongs = melded_kongs + concealed_kongs
    if not concealed_kongs:
        t.add(F.TWO_MELDED_KONGS, 1, kongs)
    elif not melded_kongs:
        t.add(F.TWO_CONCEALED_KONGS, 1, kongs)
    elif concealed_kong_and_melded_kong:
        t.add(F.CONCEALED_KONG_AND_MELDED_KONG, 1, kongs)
    else:  # mcr1998: the two kongs score separately
        t.add(F.MELDED_KONG, 1, melded_kongs[0])
        t.add(F.CONCEALED_KONG, 1, concealed_kongs[0])


def single_pungs(division: Division, t: Tally) -> None:
    """碰碰和, and per pung 箭刻 (dragons) or 幺九刻 (terminals, winds)."""
    pungs = division.pungs()
    if len(pungs) == 4:
        t.add(F.ALL_PUNGS, 1, pungs)
    for s in pungs:
        if s.tile in DRAGONS:
            t.add(F.DRAGON_PUNG, 1, s)
        elif s.tile in WINDS or is_terminal(s.tile):
            t.add(F.PUNG_OF_TERMINALS_OR_HONORS, 1, s)


def _three_pungs_fan(a: int, b: int, c: int) -> int | None:
    """The 3-pung fan of three pungs given by their tiles in reference order, if any."""
    if a < 27 and b < 27 and c < 27:
        suits = {a // 9, b // 9, c // 9}
        ranks = sorted((a % 9, b % 9, c % 9))
        if len(suits) == 3:
            if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
                return F.MIXED_SHIFTED_PUNGS
            if ranks[0] == ranks[2]:
                return F.TRIPLE_PUNG
        elif len(suits) == 1 and ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
            return F.PURE_SHIFTED_PUNGS
        return None
    tiles = tuple(sorted((a, b, c)))
    if tiles in _WIND_TRIPLES:
        return F.BIG_THREE_WINDS
    if tiles == DRAGONS_SORTED:
        return F.BIG_THREE_DRAGONS
    return None


DRAGONS_SORTED = tuple(sorted(DRAGONS))


def _two_pungs_fan(a: int, b: int) -> int | None:
    if a < 27 and b < 27:
        return F.DOUBLE_PUNG if a % 9 == b % 9 and a != b else None
    if a in DRAGONS and b in DRAGONS:
        return F.TWO_DRAGON_PUNGS
    return None


def _four_pungs_fan(tiles: list[int]) -> int | None:
    a, b, c, d = tiles
    if a < 27 and d < 27 and a // 9 == d // 9 and b == a + 1 and c == a + 2 and d == a + 3:
        return F.FOUR_PURE_SHIFTED_PUNGS
    if sorted(tiles) == list(WINDS):
        return F.BIG_FOUR_WINDS
    return None


def pung_combinations(division: Division, t: Tally) -> None:
    """A 4-pung fan ends the count; else a 3-pung fan plus at most one pair fan with the fourth
    pung; else every pair of pungs (双同刻, 双箭刻) (docs/rules/mcr.md#account-once). Then 小三元 /
    小四喜 from the pair."""
    pungs = sorted(division.pungs(), key=lambda s: ref_order(s.tile))
    tiles = [s.tile for s in pungs]
    if len(pungs) == 4:
        fan = _four_pungs_fan(tiles)
        if fan is not None:
            t.add(fan, 1, pungs)
            return
        for free in (3, 2, 1, 0):  # the reference's triple order: 012, 013, 023, 123
            trio = [p for i, p in enumerate(pungs) if i != free]
            fan = _three_pungs_fan(*(p.tile for p in trio))
            if fan is not None:
                t.add(fan, 1, trio)
                _pair_fans_inside(trio, fan, t)
                for p in trio:
                    extra = _two_pungs_fan(p.tile, pungs[free].tile)
                    if extra is not None:
                        t.add(extra, 1, [p, pungs[free]])
                        break
                break
        else:
            _every_pair(pungs, t)
    elif len(pungs) == 3:
        fan = _three_pungs_fan(*tiles)
        if fan is not None:
            t.add(fan, 1, pungs)
            _pair_fans_inside(pungs, fan, t)
        else:
            _every_pair(pungs, t)
    elif len(pungs) == 2:
        _every_pair(pungs, t)
    _pair_upgrades(division, t)


def _every_pair(pungs: list[Set], t: Tally) -> None:
    for i in range(len(pungs)):
        for j in range(i + 1, len(pungs)):
            fan = _two_pungs_fan(pungs[i].tile, pungs[j].tile)
            if fan is not None:
                t.add(fan, 1, [pungs[i], pungs[j]])


def _pair_fans_inside(trio: list[Set], by: int, t: Tally) -> None:
    """Pair fans the three pungs of a 3-pung fan would make among themselves are not scored."""
    n_double = n_dragons = 0
    for i in range(3):
        for j in range(i + 1, 3):
            fan = _two_pungs_fan(trio[i].tile, trio[j].tile)
            if fan == F.DOUBLE_PUNG:
                n_double += 1
            elif fan == F.TWO_DRAGON_PUNGS:
                n_dragons += 1
    t.suppress(F.DOUBLE_PUNG, n_double, by, NR)
    t.suppress(F.TWO_DRAGON_PUNGS, n_dragons, by, NR)


def _pair_upgrades(division: Division, t: Tally) -> None:
    """双箭刻 + a dragon pair is 小三元; 三风刻 + a wind pair is 小四喜 (docs/rules/mcr.md#little-three-dragons,
    docs/rules/mcr.md#little-four-winds)."""
    pair = division.pair
    if t.counts[F.TWO_DRAGON_PUNGS] and pair in DRAGONS:
        t.add(F.LITTLE_THREE_DRAGONS, 1, [s for s in division.pungs() if s.tile in DRAGONS] + [_pair_text(pair)])
    if t.counts[F.BIG_THREE_WINDS] and pair in WINDS:
        t.add(F.LITTLE_FOUR_WINDS, 1, [s for s in division.pungs() if s.tile in WINDS] + [_pair_text(pair)])


def _pair_text(tile: int) -> str:
    return tiles_text([tile, tile])


__all__ = ["AO", "concealed_pungs_and_kongs", "pung_combinations", "single_pungs"]
