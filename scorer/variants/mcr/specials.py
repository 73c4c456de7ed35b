"""Special shapes with fixed fan lists: 九莲宝灯, 连七对, 十三幺, 七对, 七星不靠, 全不靠, 组合龙
(docs/rules/mcr.md#the-winning-shapes and each item's section).

Each function returns a Tally (before the 不计 removals) when the shape fits, else None.

Pure-Python twin of the compiled evaluator ``_fast.pyx`` (docs/architecture.md#the-compiled-core-and-its-pure-python-twins):
a rule changed here is changed there too; ``make test`` runs the rules suites on both.
"""

from __future__ import annotations

from scorer.decompose import family_tiles
from scorer.tiles import DRAGONS, WINDS, is_terminal, tiles_text

from . import suits, winds
from .division import CHOW, KONG, PUNG, Division, HandFacts, Set
from .fans import F
from .situation import win_condition
from .tally import Tally

# the principle a wait fan dropped inside the knitted straight is listed under (``mcr1998``)
KNITTED_STRAIGHT_WAIT = "knitted_straight_wait"
_WAIT_ORDER = (F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT)  # at most one scores, the first found
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# Knitted families: suits (m, p, s) permuted over 147 / 258 / 369, in the decomposer's order.
FAMILIES: tuple[tuple[int, ...], ...] = tuple(tuple(family_tiles(f)) for f in range(6))


def pair_texts(facts: HandFacts) -> list[str]:
    """The concealed tiles as pairs, a four of a kind as two (docs/rules/mcr.md#the-winning-shapes)."""
    return [tiles_text([k, k]) for k in facts.kinds for _ in range(facts.concealed[k] // 2)]


def seven_pairs(facts: HandFacts) -> Tally | None:
    """七对 (four of a kind = two pairs) or 连七对 (seven consecutive pairs of one suit)."""
    counts = facts.concealed
    if facts.fixed or any(c % 2 for c in counts):
        return None
    t = Tally()
    kinds = facts.kinds
    if len(kinds) == 7 and kinds[0] < 27 and kinds[6] == kinds[0] + 6 and kinds[0] // 9 == kinds[6] // 9:
        t.add(F.SEVEN_SHIFTED_PAIRS, 1, tiles_text([k for k in kinds for _ in (0, 1)]))
        t.add(F.SEVEN_PAIRS)
        t.add(F.FULL_FLUSH)
        t.add(F.NO_HONORS)
        if kinds[0] % 9 == 1:  # the 2-8 run: the reference also scores 断幺
            t.add(F.ALL_SIMPLES)
        win_condition(facts, t)
        return t
    t.add(F.SEVEN_PAIRS, 1, " ".join(pair_texts(facts)))
    suits.suit_fans(kinds, t)
    suits.tile_fans(kinds, t)
    suits.rank_fans(kinds, t)
    for k in kinds:
        if counts[k] == 4:
            t.add(F.TILE_HOG, 1, tiles_text([k] * 4))
    win_condition(facts, t)
    return t


def honors_and_knitted(facts: HandFacts) -> Tally | None:
    """全不靠 / 七星不靠: 14 distinct tiles, 7-9 from one knitted family, the rest honours."""
    if facts.fixed or len(facts.kinds) != 14:
        return None
    numbered = [k for k in facts.kinds if k < 27]
    if not 7 <= len(numbered) <= 9 or not any(set(numbered) <= set(fam) for fam in FAMILIES):
        return None
    t = Tally()
    text = tiles_text(list(facts.kinds))
    if len(numbered) == 7:
        t.add(F.GREATER_HONORS_AND_KNITTED_TILES, 1, text)
        t.add(F.LESSER_HONORS_AND_KNITTED_TILES)
    else:
        t.add(F.LESSER_HONORS_AND_KNITTED_TILES, 1, text)
        if len(numbered) == 9:
            t.add(F.KNITTED_STRAIGHT, 1, tiles_text(numbered))
    t.add(F.ALL_TYPES)
    win_condition(facts, t)
    return t


def thirteen_orphans(facts: HandFacts) -> Tally | None:
    if facts.fixed or facts.kinds != ORPHANS:
        return None
    t = Tally()
    t.add(F.THIRTEEN_ORPHANS, 1, tiles_text(list(ORPHANS)))
    t.add(F.ALL_TYPES)
    t.add(F.ALL_TERMINALS_AND_HONORS)
    win_condition(facts, t)
    return t


def nine_gates(facts: HandFacts) -> Tally | None:
    """九莲宝灯: 1112345678999 of one suit held, any tile of it to win; never divided
    (docs/rules/mcr.md#nine-gates)."""
    if facts.fixed or facts.win >= 27:
        return None
    suit = facts.win // 9
    held = list(facts.concealed)
    held[facts.win] -= 1
    base = suit * 9
    shape = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    if held[base:base + 9] != shape or sum(held) != 13:
        return None
    t = Tally()
    t.add(F.NINE_GATES, 1, tiles_text([k for k in range(base, base + 9) for _ in range(facts.concealed[k])]))
    rank = facts.win % 9 + 1
    if rank in (1, 9):
        t.add(F.PURE_STRAIGHT, 1, tiles_text(list(range(base, base + 9))))
        t.add(F.TILE_HOG, 1, tiles_text([facts.win] * 4))
    elif rank in (2, 8):
        t.add(F.TWO_CONCEALED_PUNGS)
        t.add(F.SHORT_STRAIGHT)
        t.add(F.PUNG_OF_TERMINALS_OR_HONORS)
    elif rank == 5:
        t.add(F.TWO_CONCEALED_PUNGS)
        t.add(F.PUNG_OF_TERMINALS_OR_HONORS)
    else:
        t.add(F.SHORT_STRAIGHT)
    t.add(F.FULL_FLUSH)
    t.add(F.CONCEALED_HAND if not facts.self_draw else F.FULLY_CONCEALED_HAND)
    t.add(F.NO_HONORS)
    win_condition(facts, t)
    return t


def knitted_straight(facts: HandFacts, waits, knitted_waits: bool, seat_wind: str,
                     round_wind: str) -> tuple[Tally, Division] | None:
    """组合龙 + a set + a pair (with no meld, or one meld as the set): docs/rules/mcr.md#knitted-straight.

    ``waits(counts, n_sets)`` is the decomposer's formal wait finder.
    """
    body = _knitted_body(facts)
    if body is None:
        return None
    family, rest, fourth, pair = body
    t = Tally()
    t.add(F.KNITTED_STRAIGHT, 1, tiles_text(list(family)))
    _fourth_set_fans(fourth, pair, facts.total, seat_wind, round_wind, t)
    win_condition(facts, t)
    if fourth.kind == KONG:
        t.add(F.CONCEALED_KONG if fourth.concealed else F.MELDED_KONG, 1, fourth)
    if fourth.concealed:
        t.add(F.FULLY_CONCEALED_HAND if facts.self_draw else F.CONCEALED_HAND)
    division = Division((fourth,), pair)
    if knitted_waits or facts.win not in family:
        _knitted_wait(facts, rest, division, waits, t)
    else:
        _dropped_knitted_wait(facts, rest, division, waits, t)
    return t, division


def _knitted_body(facts: HandFacts) -> tuple[tuple[int, ...], list[int], Set, int] | None:
    """(the knitted family, the concealed counts without it, the fourth set, the pair) when the hand
    is 组合龙 + a set + a pair read one way only, else None."""
    from scorer.decompose import readings

    if len(facts.fixed) > 1:
        return None
    counts = list(facts.concealed)
    family = next((fam for fam in FAMILIES if all(counts[k] for k in fam)), None)
    if family is None or not any(c >= 2 for c in counts):
        return None
    rest = list(counts)
    for k in family:
        rest[k] -= 1
    found = readings(rest + [0, 0, 0], 1 - len(facts.fixed))
    if len(found) != 1:
        return None
    sets: list[Set] = list(facts.fixed)
    pair = -1
    for code in found[0][0]:
        gtype, tile = code >> 6, code & 63
        if gtype == 0:
            pair = tile
        else:
            sets.append(Set(PUNG if gtype == 1 else CHOW, tile, True))
    return family, rest, sets[0], pair


def _fourth_set_fans(fourth: Set, pair: int, total, seat_wind: str, round_wind: str, t: Tally) -> None:
    """What the set beside the 组合龙 adds, with the pair: by a chow, a wind, a dragon or a numbered pung."""
    if fourth.kind == CHOW:
        _knitted_chow_fans(pair, total, t)
    elif fourth.tile in WINDS:
        t.add(F.PUNG_OF_TERMINALS_OR_HONORS, 1, fourth)
        winds.wind_fans([fourth], seat_wind, round_wind, t)
        if pair in DRAGONS:
            t.add(F.ALL_TYPES)
    elif fourth.tile in DRAGONS:
        t.add(F.DRAGON_PUNG, 1, fourth)
        if pair in WINDS:
            t.add(F.ALL_TYPES)
    else:
        _knitted_numbered_pung_fans(fourth, pair, total, t)


def _knitted_chow_fans(pair: int, total, t: Tally) -> None:
    """平和 with a numbered pair; 四归一 when all four copies of the pair's kind are held."""
    if pair < 27:
        t.add(F.ALL_CHOWS)
    if total[pair] == 4:
        t.add(F.TILE_HOG, 1, tiles_text([pair] * 4))


def _knitted_numbered_pung_fans(fourth: Set, pair: int, total, t: Tally) -> None:
    """幺九刻, 无字 with a numbered pair, 四归一 when all four copies of the pung's kind are held."""
    if is_terminal(fourth.tile):
        t.add(F.PUNG_OF_TERMINALS_OR_HONORS, 1, fourth)
    if pair < 27:
        t.add(F.NO_HONORS)
    if fourth.kind != KONG and total[fourth.tile] == 4:
        t.add(F.TILE_HOG, 1, tiles_text([fourth.tile] * 4))


def _knitted_wait(facts: HandFacts, rest: list[int], division: Division, waits, t: Tally) -> None:
    """With no meld, the unique-wait test on the five tiles outside the body, only when the winning
    tile is among them; with one meld, 单钓将 when the winning tile is the pair
    (docs/rules/mcr.md#knitted-straight)."""
    from .situation import wait_position

    win = facts.win
    if facts.fixed:
        if division.pair == win:
            t.set(F.SINGLE_WAIT, 1, tiles_text([win, win]))
        return
    if rest[win] == 0:
        return
    before = rest + [0, 0, 0]
    before[win] -= 1
    if [k for k, _ in waits(before, 1)] == [win]:
        wait_position(division, win, t)


def _dropped_knitted_wait(facts: HandFacts, rest: list[int], division: Division, waits, t: Tally) -> None:
    """``knitted_straight_waits`` off (``mcr1998``) and the winning tile is one of the body's nine
    kinds: a wait inside the knitted straight scores no wait fan. The one the hand would score
    otherwise (边张 > 嵌张 > 单钓将) is listed as not scored, by 组合龙
    (docs/rules/mcr.md#rule-presets)."""
    found = Tally()
    _knitted_wait(facts, rest, division, waits, found)
    fan = next((f for f in _WAIT_ORDER if found.counts[f]), None)
    if fan is not None:
        t.suppress(fan, 1, F.KNITTED_STRAIGHT, KNITTED_STRAIGHT_WAIT)
