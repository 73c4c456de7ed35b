"""Chow fans (一色双龙会, 一色四同顺, 一色四步高, 一色三同顺, 清龙, 三色双龙会, 一色三步高, 花龙, 三色三同顺,
三色三步高, 平和, 一般高, 喜相逢, 连六, 老少副; how they combine: docs/rules/mcr.md#account-once).

Pure-Python twin of the compiled evaluator ``_fast.pyx`` (docs/architecture.md#the-compiled-core-and-its-pure-python-twins):
a rule changed here is changed there too; ``make test`` runs the rules suites on both.
"""

from __future__ import annotations

from .division import Division, Set, ref_order
from .fans import AO, NR, F
from .tally import Tally

# Pair fans in the order the reference gives them up when over the cap (老少副 first).
_TRIM_ORDER = (F.TWO_TERMINAL_CHOWS, F.SHORT_STRAIGHT, F.MIXED_DOUBLE_CHOW, F.PURE_DOUBLE_CHOW)
# The fourth chow's one extra fan beside a 3-chow fan, best first.
_EXTRA_ORDER = (F.PURE_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)


def _two_chows_fan(a: int, b: int) -> int | None:
    """The one 1-point fan two chows (given by their lowest tiles) may form."""
    if a // 9 != b // 9:
        return F.MIXED_DOUBLE_CHOW if a % 9 == b % 9 else None
    if abs(a - b) == 3:
        return F.SHORT_STRAIGHT
    if {a % 9, b % 9} == {0, 6}:
        return F.TWO_TERMINAL_CHOWS
    if a == b:
        return F.PURE_DOUBLE_CHOW
    return None


def _three_chows_fan(a: int, b: int, c: int) -> int | None:
    suits = {a // 9, b // 9, c // 9}
    ranks = sorted((a % 9, b % 9, c % 9))
    if len(suits) == 3:
        if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
            return F.MIXED_SHIFTED_CHOWS
        if ranks[0] == ranks[2]:
            return F.MIXED_TRIPLE_CHOW
        if ranks == [0, 3, 6]:
            return F.MIXED_STRAIGHT
        return None
    if len(suits) == 1:
        if ranks == [0, 3, 6]:
            return F.PURE_STRAIGHT
        step = ranks[1] - ranks[0]
        if step in (1, 2) and ranks[2] - ranks[1] == step:
            return F.PURE_SHIFTED_CHOWS
        if ranks[0] == ranks[2]:
            return F.PURE_TRIPLE_CHOW
    return None


def _four_chows_fan(tiles: list[int], pair: int) -> int | None:
    """一色双龙会 / 三色双龙会 (need the 5 pair) / 一色四步高 / 一色四同顺."""
    if pair < 27 and pair % 9 == 4:
        fan = _terminal_chows_fan(tiles, pair)
        if fan is not None:
            return fan
    if len({t // 9 for t in tiles}) == 1:
        return _one_suit_four_chows_fan(sorted(t % 9 for t in tiles))
    return None


def _terminal_chows_fan(tiles: list[int], pair: int) -> int | None:
    """一色双龙会 (123 123 789 789 of the 5 pair's suit) / 三色双龙会 (123 789 of each other suit)."""
    ends = sorted((t // 9, t % 9) for t in tiles)
    pair_suit = pair // 9
    if all(s == pair_suit for s, _ in ends) and [r for _, r in ends] == [0, 0, 6, 6]:
        return F.PURE_TERMINAL_CHOWS
    others = sorted({0, 1, 2} - {pair_suit})
    if ends == [(others[0], 0), (others[0], 6), (others[1], 0), (others[1], 6)]:
        return F.THREE_SUITED_TERMINAL_CHOWS
    return None


def _one_suit_four_chows_fan(r: list[int]) -> int | None:
    """一色四同顺 / 一色四步高 from the four chows' sorted ranks."""
    if r[0] == r[3]:
        return F.QUADRUPLE_CHOW
    for step in (1, 2):
        if r[1] - r[0] == step and r[2] - r[1] == step and r[3] - r[2] == step:
            return F.FOUR_PURE_SHIFTED_CHOWS
    return None


def chow_combinations(division: Division, t: Tally) -> None:
    """Score the chow fans of one division (docs/rules/mcr.md#account-once) and record what the
    rules keep out."""
    chows = sorted(division.chows(), key=lambda s: ref_order(s.tile))
    tiles = [c.tile for c in chows]
    if len(chows) == 4:
        _four_chows(chows, division.pair, t)
    elif len(chows) == 3:
        fan = _three_chows_fan(*tiles)
        if fan is not None:
            t.add(fan, 1, chows)
            _suppress_pairs(chows, fan, t)
            return
        _capped_pairs(chows, cap=2, t=t)
    elif len(chows) == 2:
        fan = _two_chows_fan(tiles[0], tiles[1])
        if fan is not None:
            t.add(fan, 1, chows)


def _four_chows(chows: list[Set], pair: int, t: Tally) -> None:
    """Four chows: a 4-chow fan; else the first 3-chow fan with the fourth chow's best pair fan;
    else the pair fans under the account-once cap."""
    fan = _four_chows_fan([c.tile for c in chows], pair)
    if fan is not None:
        t.add(fan, 1, chows)
        _suppress_pairs(chows, fan, t)
        return
    for free in (3, 2, 1, 0):  # the reference's triple order: 012, 013, 023, 123
        trio = [c for i, c in enumerate(chows) if i != free]
        fan = _three_chows_fan(*(c.tile for c in trio))
        if fan is None:
            continue
        t.add(fan, 1, trio)
        _suppress_pairs(trio, fan, t)
        _fourth_chow_extra(trio, chows[free], t)
        return
    _capped_pairs(chows, cap=3 - _unrelated(chows), t=t)


def _fourth_chow_extra(trio: list[Set], fourth: Set, t: Tally) -> None:
    """Beside a 3-chow fan the fourth chow combines once (account once): its best pair fan with
    one of the three; the others it could form are kept out."""
    extras = {f: c for c in trio if (f := _two_chows_fan(c.tile, fourth.tile)) is not None}
    extra = next((f for f in _EXTRA_ORDER if f in extras), None)
    if extra is None:
        return
    t.add(extra, 1, [extras[extra], fourth])
    for other in extras:
        if other != extra:
            t.suppress(other, 1, extra, AO)


def _pair_fans(chows: list[Set]) -> list[tuple[int, int, int]]:
    out = []
    for i in range(len(chows)):
        for j in range(i + 1, len(chows)):
            fan = _two_chows_fan(chows[i].tile, chows[j].tile)
            if fan is not None:
                out.append((fan, i, j))
    return out


def _suppress_pairs(chows: list[Set], by: int, t: Tally) -> None:
    """The chows of a 3- or 4-chow fan form no 1-point fans among themselves (不重复)."""
    found: dict[int, int] = {}
    for fan, _, _ in _pair_fans(chows):
        found[fan] = found.get(fan, 0) + 1
    for fan, n in found.items():
        t.suppress(fan, n, by, NR)


def _unrelated(chows: list[Set]) -> int:
    """Chows that form a pair fan with none of the others."""
    related: set[int] = set()
    for _, i, j in _pair_fans(chows):
        related.update((i, j))
    return len(chows) - len(related)


def _capped_pairs(chows: list[Set], cap: int, t: Tally) -> None:
    """Every pair of chows, then the account-once cap: trim one at a time, first each kind down to
    one copy (老少副, 连六, 喜相逢, 一般高), then whole kinds in the same order (docs/rules/mcr.md#account-once)."""
    pairs = _pair_fans(chows)
    counts = {fan: 0 for fan in _TRIM_ORDER}
    texts: dict[int, list[list[Set]]] = {fan: [] for fan in _TRIM_ORDER}
    for fan, i, j in pairs:
        counts[fan] += 1
        texts[fan].append([chows[i], chows[j]])
    total = len(pairs)
    trimmed = {fan: 0 for fan in _TRIM_ORDER}
    for limit in (1, 0):
        for fan in _TRIM_ORDER:
            while total > cap and counts[fan] > limit:
                counts[fan] -= 1
                trimmed[fan] += 1
                total -= 1
    for fan in _TRIM_ORDER:
        if counts[fan]:
            t.add(fan, counts[fan], None)
            for pair in texts[fan][: counts[fan]]:
                t.sources.setdefault(fan, []).append(pair)
    kept = next((fan for fan in _EXTRA_ORDER if counts[fan]), None)
    for fan, n in trimmed.items():
        t.suppress(fan, n, kept, AO)


def all_chows(division: Division, t: Tally) -> None:
    """平和: four chows and a numbered pair (docs/rules/mcr.md#all-chows)."""
    if len(division.chows()) == 4 and division.pair < 27:
        t.add(F.ALL_CHOWS)
