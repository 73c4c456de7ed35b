"""Fuzhou ``explain``: the arrangements and gold assignments side by side
(docs/rules/fuzhou.md#what-wins, "Which arrangement counts").

F and D never depend on the arrangement; only the gold bonus does (金雀 when two golds are the
pair, else 三金倒 / 抢金 / 平胡 / nothing). A hand with golds typically has dozens of arrangements
(W17: 41, F04: 192), almost all worth the same, so the arrangements are grouped by what they score:
one entry per distinct score, showing the arrangement a player would name (the golds standing for
their own kind as often as possible, as ``evaluate`` shows it), with the others of the group counted
(and a few named) in ``note``. A 三金倒 without any arrangement is its own single reading.

Each group text tells what its golds stand for: ``99m(金→99m)`` is a pair made of two golds,
``345p(金→5p)`` a chow completed by one gold; each entry's ``wilds`` lists the same, gold by gold.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from scorer.decompose import PAIR, group_tiles
from scorer.hand import Hand
from scorer.notation import format_meld
from scorer.result import ReadingView, Result, WildUse
from scorer.tiles import tile_name, tiles_text

from .context import FuzhouRules
from .scoring import Outcome, arrangements_of, evaluate
from .validate import Facts

TIE_BREAK = ("only the gold bonus depends on the arrangement: the arrangement that gives the winner "
             "the most is taken (金雀 60 > 三金倒 40 > 抢金 30); among arrangements worth the same, the one whose "
             "golds most often stand for their own kind is shown, then the first found")
EXAMPLES = 3  # other arrangements of a group named in its note


@lru_cache(maxsize=1024)
def _shown(code: int) -> tuple[tuple[int, int], tuple[int, ...], bool]:
    """A group's place in the display order (as ``decompose.reading_texts`` sorts), its tiles, whether a pair."""
    tiles = tuple(group_tiles(code))
    return (tiles[0], code >> 6), tiles, code >> 6 == PAIR


def _placed(hand: Hand, groups, standins, wild: int) -> list[tuple[tuple[int, ...], list[int]]]:
    """Each group in display order with the tiles its golds stand for. The golds are put in the
    pair first when it can be two golds (金雀), else natural tiles are used first."""
    naturals = hand.counts()
    naturals[wild] = 0
    golds = [0] * len(naturals)
    for k in standins:
        golds[k] += 1
    shown = sorted(map(_shown, groups))
    out: list[tuple[tuple[int, ...], list[int]]] = [((), [])] * len(shown)
    for i in sorted(range(len(shown)), key=lambda i: not shown[i][2]):  # the pair first
        _, tiles, pair = shown[i]
        as_gold: list[int] = []
        bird = pair and golds[tiles[0]] >= 2
        for t in tiles:
            if (bird or not naturals[t]) and golds[t]:
                golds[t] -= 1
                as_gold.append(t)
            else:
                naturals[t] -= 1
        out[i] = (tiles, as_gold)
    return out


def arrangement_texts(hand: Hand, groups, standins, wild: int) -> list[str]:
    """The melds, then each group with what its golds stand for: ``99m(金→99m)``."""
    return [format_meld(m) for m in hand.melds] + [
        tiles_text(tiles) + (f"(金→{tiles_text(as_gold)})" if as_gold else "")
        for tiles, as_gold in _placed(hand, groups, standins, wild)]


def gold_uses(hand: Hand, groups, standins, wild: int) -> list[WildUse]:
    """What each gold stands for, group by group in display order (as ``arrangement_texts`` shows
    them): one entry per gold held."""
    return [wild_use(wild, t) for _, as_gold in _placed(hand, groups, standins, wild) for t in as_gold]


@lru_cache(maxsize=1024)
def wild_use(wild: int, stands_for: int) -> WildUse:
    """``金 9s → 3s`` (frozen, so one instance is shared)."""
    return WildUse(wild=tile_name(wild), name_zh="金", stands_for=tile_name(stands_for))


def _shape(o: Outcome) -> str:
    if o.bonuses:
        return "+".join(o.bonuses)
    return "pinghu" if o.pinghu else "standard"


def explain_views(variant_id: str, hand: Hand, f: Facts, opts: FuzhouRules,
                  build_result: Callable[[str, Hand, Facts, FuzhouRules, Outcome], Result]) -> list[ReadingView]:
    """One entry per distinct score over every arrangement (the chosen one marked); a 三金倒 hand
    with no arrangement gives its single reading. Nothing for an invalid hand. ``build_result``:
    the variant's result of one outcome (each entry shows its items, exclusions and total)."""
    best = evaluate(hand, f, opts)
    if not best.valid:
        return []
    arrs = arrangements_of(hand, f)
    if not arrs:  # 三金倒 needs no arrangement
        r = build_result(variant_id, hand, f, opts, best)
        return [ReadingView(index=0, chosen=True, shape=_shape(best), partition=r.partition, items=r.items,
                            excluded=r.excluded, total=r.total, wilds=r.wilds,
                            note="no arrangement into 5 sets and a pair exists: 三金倒 needs none")]
    chosen_arr = (best.reading, best.standins)
    groups: dict[tuple, list[_Member]] = {}
    for n, arr in enumerate(arrs):
        o = evaluate(hand, f, opts, [arr])
        sig = (tuple(o.bonuses), o.pinghu, o.plain_extra, o.B, o.payments[f.seat])
        groups.setdefault(sig, []).append((n, arr, o))
    entries = [_entry(members, chosen_arr, hand, f) for members in groups.values()]
    entries.sort(key=lambda e: (-e[0][2].payments[f.seat], not e[2], min(m[0] for m in e[1])))
    chosen_total = best.payments[f.seat]
    views = []
    for index, ((_, arr, o), members, is_chosen) in enumerate(entries):
        r = build_result(variant_id, hand, f, opts, o)
        others = [m for m in members if m[1] is not arr]
        notes = _notes(hand, f, others, is_chosen, r.total, chosen_total)
        views.append(ReadingView(index=index, chosen=is_chosen, shape=_shape(o),
                                 partition=arrangement_texts(hand, arr[0], arr[1], f.wild), items=r.items,
                                 excluded=r.excluded, total=r.total, note="; ".join(notes) or None,
                                 wilds=gold_uses(hand, arr[0], arr[1], f.wild)))
    return views


# (its place in the listing, the arrangement (groups, stand-ins), its outcome)
_Member = tuple[int, Any, Outcome]


def _entry(members: list[_Member], chosen_arr: tuple, hand: Hand,
           f: Facts) -> tuple[_Member, list[_Member], bool]:
    """One distinct score: the member shown (the chosen arrangement when it is one of them, else the
    plainest), every member, whether it holds the chosen one."""

    def plain(member: _Member) -> tuple[int, int, int]:
        """The arrangement a player would name first: golds as their own kind (as ``evaluate``
        shows it), then the golds in as few groups as possible, then the first found."""
        n, (grs, standins), _ = member
        spread = sum("金" in t for t in arrangement_texts(hand, grs, standins, f.wild))
        return (-standins.count(f.wild), spread, n)

    members.sort(key=plain)
    chosen = next((m for m in members if tuple(m[1][0]) == tuple(chosen_arr[0])
                   and tuple(m[1][1]) == tuple(chosen_arr[1])), None)
    return chosen or members[0], members, chosen is not None


def _notes(hand: Hand, f: Facts, others: list[_Member], is_chosen: bool, total: int | None,
           chosen_total: int) -> list[str]:
    """The arrangements that score the same (a few named), and a tie with the chosen reading."""
    named = "; ".join(" ".join(arrangement_texts(hand, m[1][0], m[1][1], f.wild)[len(hand.melds):])
                      for m in others[:EXAMPLES])
    more = f" and {len(others) - EXAMPLES} more" if len(others) > EXAMPLES else ""
    notes = []
    if is_chosen and others:
        notes.append(f"{len(others)} other arrangement(s) tie with this one at {total} "
                     f"(e.g. {named}{more}); tie-break: {TIE_BREAK}")
    elif others:
        notes.append(f"{len(others)} other arrangement(s) score the same (e.g. {named}{more})")
    if not is_chosen and total == chosen_total:
        notes.append(f"ties with the chosen reading at {total}; tie-break: {TIE_BREAK}")
    return notes
