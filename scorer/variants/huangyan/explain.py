"""Huangyan ``explain``: every 得 assignment and winning-tile placement side by side
(docs/rules/huangyan.md#what-wins, "The best reading").

The winner's search scores every reading (every partition with every assignment of the 得) and, in
each, every placement of the winning tile. Many of them score exactly alike (with two 得 a hand has
dozens of readings), so they are grouped: one entry per distinct score (the same items with the same
points and factors, the same raw value and total), showing the first one found, with the others
counted and a few named in ``note``. Entries are listed best first; past ``MAX_ENTRIES`` the rest are
summed up in the last entry's note.

Each group text tells what its 得 stand for and where the winning tile sits:
``456p(得→6p, win 5p)`` is a chow completed by a 得 as 6p, won on the 5p; each entry's ``wilds``
lists the same, 得 by 得.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from scorer.decompose import group_tiles
from scorer.hand import Hand
from scorer.notation import format_meld
from scorer.result import ReadingView, WildUse
from scorer.tiles import tile_name, tiles_text

from .context import HuangyanRules
from .items import items_of
from .scoring import Scored, Winner, winner_candidates, winner_of

TIE_BREAK = ("the best reading is the largest total; equal totals go to the larger raw value (before rounding "
             "and the 辣子 cap), then more fans, then the larger base; among full ties the "
             "first reading found is kept")
IDLE_TIE_BREAK = ("a non-winner's hand is counted as it physically stands, without substitution: it has one "
                  "reading, so no tie-break applies")
MAX_ENTRIES = 40
EXAMPLES = 3  # other assignments of a group named in its note


@dataclass(frozen=True)
class Layout:
    """What showing a reading needs besides its groups: the counts of the concealed tiles read as
    naturals (by identity), the winning tile as placed (None when it is a 得 standing for something),
    the 得 held that stand for something (physical kinds, sorted) and a winning 得 won on a discard
    and read as a natural tile (its kind), if any."""

    left: tuple[int, ...]
    win: int | None
    wilds: tuple[int, ...]
    natural_wild: int | None


def layout(w: Winner) -> Layout:
    """The ``Layout`` of a winning hand as the search reads it (``scoring.winner_of``)."""
    natural_wild = w.win if not w.win_wild and w.env.is_wild(w.win) else None  # a discarded 得 read as natural
    return Layout(tuple(w.counts), None if w.win_wild else w.env.ident(w.win), tuple(sorted(w.wilds)),
                  natural_wild)


@lru_cache(maxsize=1024)
def _shown(code: int) -> tuple[tuple[int, int], tuple[int, ...], str]:
    """A group's place in the display order (as ``scoring._sorted_groups``), its tiles and text."""
    tiles = tuple(group_tiles(code))
    return (tiles[0], code >> 6), tiles, tiles_text(tiles)


def _placed(groups, lay: Layout, winning_set: str | None) -> list[tuple[str, list[int], bool]]:
    """Each group in display order: its text, the tiles its 得 stand for, whether it holds the winning
    tile. The group that takes the winning tile is served first, so that the winning tile is a
    natural there; elsewhere natural tiles are used before 得."""
    left = list(lay.left)
    shown = sorted(map(_shown, groups))
    win_at = None
    if winning_set is not None:
        win_at = next((i for i, g in enumerate(shown) if g[2] == winning_set), None)
    order = ([win_at] if win_at is not None else []) + [i for i in range(len(shown)) if i != win_at]
    out: list[tuple[str, list[int], bool]] = [("", [], False)] * len(shown)
    for i in order:
        _, tiles, text = shown[i]
        holds_win = i == win_at and lay.win is not None
        skip = lay.win if holds_win else None  # the winning tile, a natural of this group
        as_wild: list[int] = []
        for t in tiles:
            if t == skip:
                skip = None
                left[t] -= 1
            elif left[t] > 0:
                left[t] -= 1
            else:
                as_wild.append(t)
        out[i] = (text, as_wild, holds_win)
    return out


def reading_texts(hand: Hand, placed: list[tuple[str, list[int], bool]], win: int | None) -> list[str]:
    """The melds, then each group with what its 得 stand for and the winning tile's place."""
    out = [format_meld(m) for m in hand.melds]
    for text, as_wild, holds_win in placed:
        notes = ([f"得→{tiles_text(as_wild)}"] if as_wild else []) + ([f"win {tile_name(win)}"] if holds_win and win is not None else [])
        out.append(text + (f"({', '.join(notes)})" if notes else ""))
    return out


def _uses(placed: list[tuple[str, list[int], bool]], lay: Layout) -> list[WildUse]:
    """One ``得 5m → 3s`` per 得 held, group by group in display order. A winning 得 read as a natural
    tile stands for its own kind, in the group that takes the winning tile. When White boards are
    wilds too, a 得 goes where it stands for its own kind when it can, the others in kind order."""
    slots: list[tuple[int | None, int]] = []  # (the 得 as held, once known; what it stands for)
    for _, as_wild, holds_win in placed:
        if holds_win and lay.natural_wild is not None:
            slots.append((lay.natural_wild, lay.win))  # type: ignore[arg-type]
        slots += [(None, t) for t in as_wild]
    pool = list(lay.wilds)
    if pool and pool[0] != pool[-1]:  # two kinds of 得 held (sorted): own kinds first
        for i, (held, t) in enumerate(slots):
            if held is None and t in pool:
                pool.remove(t)
                slots[i] = (t, t)
    pool.reverse()
    return [wild_use(pool.pop() if held is None else held, t) for held, t in slots]


@lru_cache(maxsize=4096)
def wild_use(held: int, stands_for: int) -> WildUse:
    """``得 5m → 3s`` (frozen, so one instance is shared)."""
    return WildUse(wild=tile_name(held), name_zh="得", stands_for=tile_name(stands_for))


def wild_uses(sc: Scored) -> list[WildUse]:
    """What each 得 stands for in the chosen reading ``sc`` (its groups and winning-tile placement), as
    ``explain`` shows that reading."""
    if sc.winner is None:
        return []
    lay = layout(sc.winner)
    return _uses(_placed(sc.groups, lay, sc.winning_set), lay)


def _signature(sc: Scored) -> tuple:
    return (sc.total, sc.raw, sc.fans, sc.base, sc.lazi, tuple((r[0], r[1], r[2]) for r in sc.rows))


def explain_views(hand: Hand, wild: int, seat: str, self_draw: bool, round_wind: str | None,
            opts: HuangyanRules) -> list[ReadingView]:
    """One entry per distinct score, best first, the chosen one (the first found with the best
    key, as ``score_winner`` picks it) marked. Nothing for a hand that does not win."""
    groups: dict[tuple, list[tuple[int, tuple, tuple, Scored]]] = {}
    n = 0
    for grs, standins, sc in winner_candidates(hand, wild, seat, self_draw, round_wind, opts):
        groups.setdefault(_signature(sc), []).append((n, grs, standins, sc))
        n += 1
    if not groups:
        return []
    lay = layout(winner_of(hand, wild, seat, self_draw, round_wind, opts))
    win = lay.win
    entries = sorted(groups.values(), key=lambda ms: (tuple(-x for x in ms[0][3].key), ms[0][0]))
    best = entries[0][0][3]
    hidden = entries[MAX_ENTRIES:]
    entries = entries[:MAX_ENTRIES]
    views = []
    for index, members in enumerate(entries):
        _, grs, _, sc = members[0]
        chosen = index == 0
        notes = _tie_notes(hand, lay, members[1:], sc, best, chosen)
        if hidden and index == len(entries) - 1:
            notes.append(_collapsed_note(hidden))
        placed = _placed(grs, lay, sc.winning_set)
        items, excluded = items_of(sc.rows)
        views.append(ReadingView(index=index, chosen=chosen, shape="standard",
                                 partition=reading_texts(hand, placed, win), items=items, excluded=excluded,
                                 total=sc.total, note="; ".join(notes) or None, wilds=_uses(placed, lay)))
    return views


def _tie_notes(hand: Hand, lay, others: list, sc: Scored, best: Scored, chosen: bool) -> list[str]:
    """The assignments / placements that score the same (a few named), and a tie with the chosen one."""

    def text(m) -> str:
        return " ".join(reading_texts(hand, _placed(m[1], lay, m[3].winning_set), lay.win)[len(hand.melds):])

    named = "; ".join(text(m) for m in others[:EXAMPLES])
    more = f" and {len(others) - EXAMPLES} more" if len(others) > EXAMPLES else ""
    notes = []
    if chosen and others:
        notes.append(f"{len(others)} other assignment(s) of the 得 / placement(s) of the winning tile tie "
                     f"with this one at {sc.total} (e.g. {named}{more}); tie-break: {TIE_BREAK}")
    elif others:
        notes.append(f"{len(others)} other assignment(s) / placement(s) score the same (e.g. {named}{more})")
    if not chosen and sc.total == best.total:
        notes.append(f"ties with the chosen reading at {sc.total} (raw {sc.raw}, {sc.fans} fan(s), base "
                     f"{sc.base} against raw {best.raw}, {best.fans} fan(s), base {best.base}); "
                     f"tie-break: {TIE_BREAK}")
    return notes


def _collapsed_note(hidden: list) -> str:
    """What the entries beyond ``MAX_ENTRIES`` hold."""
    count = sum(len(ms) for ms in hidden)
    totals = sorted({ms[0][3].total for ms in hidden})
    span = f"{totals[0]}" if len(totals) == 1 else f"{totals[0]}-{totals[-1]}"
    return (f"{len(hidden)} further distinct score(s) from {count} assignment(s) / placement(s), "
            f"totals {span}, are collapsed and not listed")
