"""Huangyan ``explain``: every 得 assignment and winning-tile placement side by side (huangyan.md §7).

The winner's search scores every reading (every partition with every assignment of the 得) and, in
each, every placement of the winning tile. Many of them score exactly alike (with two 得 a hand has
dozens of readings), so they are grouped: one entry per distinct score (the same items with the same
points and factors, the same raw value and total), showing the first one found, with the others
counted and a few named in ``note``. Entries are listed best first; past ``MAX_ENTRIES`` the rest are
summed up in the last entry's note.

Each group text tells what its 得 stand for and where the winning tile sits:
``456p(得→6p, win 5p)`` is a chow completed by a 得 as 6p, won on the 5p.
"""

from __future__ import annotations

from collections import Counter

from scorer.decompose import group_tiles
from scorer.hand import Hand
from scorer.notation import format_meld
from scorer.result import ReadingView
from scorer.tiles import tile_name, tiles_text

from .context import HuangyanRules
from .scoring import Env, Scored, _sorted_groups, winner_candidates, winner_naturals

TIE_BREAK = ("the best reading is the largest total; equal totals go to the larger raw value (before rounding "
             "and the 辣子 cap), then more fans, then the larger base (huangyan.md §7); among full ties the "
             "first reading found is kept")
IDLE_TIE_BREAK = ("a non-winner's hand is counted as it physically stands, without substitution (huangyan.md "
                  "§6.4): it has one reading, so no tie-break applies")
MAX_ENTRIES = 40
EXAMPLES = 3  # other assignments of a group named in its note


def reading_texts(hand: Hand, groups, standins, naturals: list[int], sc: Scored, win: int | None) -> list[str]:
    """The melds, then each group with what its 得 stand for and the winning tile's place."""
    left = Counter(naturals)
    wilds = Counter(standins)
    ordered = _sorted_groups(groups)
    texts = [tiles_text(group_tiles(g)) for g in ordered]
    # the group that takes the winning tile is served first, so that the winning tile is a natural there
    win_at = next((i for i, t in enumerate(texts) if sc.winning_set is not None and t == sc.winning_set), None)
    order = ([win_at] if win_at is not None else []) + [i for i in range(len(ordered)) if i != win_at]
    out = list(texts)
    for i in order:
        tiles = group_tiles(ordered[i])
        as_wild: list[int] = []
        if i == win_at and win is not None:
            left[win] -= 1
            tiles = list(tiles)
            tiles.remove(win)
        for t in tiles:
            if left[t] > 0:
                left[t] -= 1
            else:
                wilds[t] -= 1
                as_wild.append(t)
        notes = ([f"得→{tiles_text(as_wild)}"] if as_wild else []) + \
                ([f"win {tile_name(win)}"] if i == win_at and win is not None else [])
        out[i] = texts[i] + (f"({', '.join(notes)})" if notes else "")
    return [format_meld(m) for m in hand.melds] + out


def _signature(sc: Scored) -> tuple:
    return (sc.total, sc.raw, sc.fans, sc.base, sc.lazi, tuple((r[0], r[1], r[2]) for r in sc.rows))


def explain_views(hand: Hand, wild: int, seat: str, self_draw: bool, round_wind: str | None,
            opts: HuangyanRules) -> list[ReadingView]:
    """One entry per distinct score, best first, the chosen one (the first found with the best
    key, as ``score_winner`` picks it) marked. Nothing for a hand that does not win."""
    from . import _items

    groups: dict[tuple, list[tuple[int, tuple, tuple, Scored]]] = {}
    n = 0
    for grs, standins, sc in winner_candidates(hand, wild, seat, self_draw, round_wind, opts):
        groups.setdefault(_signature(sc), []).append((n, grs, standins, sc))
        n += 1
    if not groups:
        return []
    naturals = winner_naturals(hand, wild, self_draw, opts)
    env = Env(wild, 0, None, True, opts)
    t = hand.win_tile
    t_wild = t is not None and env.is_wild(t) and (self_draw or opts.wild_discard_win != "natural")
    win = None if t is None or t_wild else env.ident(t)  # the winning tile as placed (its identity)
    entries = sorted(groups.values(), key=lambda ms: (tuple(-x for x in ms[0][3].key), ms[0][0]))
    best = entries[0][0][3]
    hidden = entries[MAX_ENTRIES:]
    entries = entries[:MAX_ENTRIES]
    views = []
    for index, members in enumerate(entries):
        _, grs, standins, sc = members[0]
        chosen = index == 0

        def text(m) -> str:
            return " ".join(reading_texts(hand, m[1], m[2], naturals, m[3], win)[len(hand.melds):])

        others = members[1:]
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
        if hidden and index == len(entries) - 1:
            count = sum(len(ms) for ms in hidden)
            totals = sorted({ms[0][3].total for ms in hidden})
            span = f"{totals[0]}" if len(totals) == 1 else f"{totals[0]}-{totals[-1]}"
            notes.append(f"{len(hidden)} further distinct score(s) from {count} assignment(s) / placement(s), "
                         f"totals {span}, are collapsed and not listed")
        views.append(ReadingView(index=index, chosen=chosen, shape="standard",
                                 partition=reading_texts(hand, grs, standins, naturals, sc, win),
                                 items=_items(sc.rows), total=sc.total, note="; ".join(notes) or None))
    return views
