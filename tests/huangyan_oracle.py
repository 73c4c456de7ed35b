"""An independent brute force of the Huangyan winner's best reading (docs/rules/huangyan.md#items,
docs/rules/huangyan.md#what-wins "The best reading"), default rules.

Every assignment of the 得 to the 34 kinds (34^n), every 4-sets-plus-pair partition found by a plain
recursion, every placement of the winning tile; returns max (total, raw, fans, base) or None.
Only the hand parser is shared with the implementation.
"""

from __future__ import annotations

import itertools

from scorer.hand import MeldKind
from scorer.notation import parse_tile
from scorer.variants.huangyan.parsing import parse_hand

WINDS = {27, 28, 29, 30}
SEAT_KIND = {"E": 27, "S": 28, "W": 29, "N": 30}


def _partitions(counts: list[int], n_sets: int, pair_done: bool = False):
    i = next((k for k in range(34) if counts[k]), None)
    if i is None:
        if n_sets == 0 and pair_done:
            yield None, []
        return
    if not pair_done and counts[i] >= 2:
        counts[i] -= 2
        for _, sets in _partitions(counts, n_sets, True):
            yield i, sets
        counts[i] += 2
    if n_sets and counts[i] >= 3:
        counts[i] -= 3
        for p, sets in _partitions(counts, n_sets - 1, pair_done):
            yield p, [("pung", i)] + sets
        counts[i] += 3
    if n_sets and i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        for p, sets in _partitions(counts, n_sets - 1, pair_done):
            yield p, [("chow", i)] + sets
        for k in (i, i + 1, i + 2):
            counts[k] += 1


def oracle_best(text: str, wild_name: str, seat: str, self_draw: bool):
    w = parse_tile(wild_name)
    s = SEAT_KIND[seat]
    hand = parse_hand(text, w, self_draw=self_draw)

    def ident(x):
        return w if (x == 33 and w != 33) else x

    def dragon(x):
        return x in (31, 32, 33) and x != w

    def col(x):
        if x == s:
            return 2
        if x in WINDS or (x < 27 and x % 9 in (0, 8)) or dragon(x):
            return 1
        return 0

    table = {"ep": (2, 4, 8), "cp": (4, 8, 16), "ek": (8, 16, 32), "ck": (16, 32, 64)}
    fixed_base, fixed_fans, fixed_tiles = 0, 0, []
    for m in hand.melds:
        ids = [ident(x) for x in m.tiles]
        fixed_tiles += ids
        if m.kind is MeldKind.CHOW:
            continue
        x = ids[0]
        kind = ("ck" if m.is_concealed else "ek") if m.kind is MeldKind.KONG else "ep"
        fixed_base += table[kind][col(x)]
        fixed_fans += (x == s) + dragon(x)
    naturals = [ident(x) for x in hand.concealed if x != w]
    n = len(hand.concealed) - len(naturals)
    t = hand.win_tile
    best = None
    for assign in itertools.product(range(34), repeat=n):
        tiles = naturals + list(assign)
        counts = [0] * 34
        for x in tiles:
            counts[x] += 1
        every = fixed_tiles + tiles
        suits = {x // 9 for x in every if x < 27}
        honours = any(x >= 27 for x in every)
        fans0 = fixed_fans
        if len(suits) == 1:
            fans0 += 1 if honours else 3
        if n == 0:
            fans0 += 1
        elif all(a == w for a in assign):
            fans0 += 1
        for pair, sets in _partitions(counts, 4 - len(hand.melds)):
            base0 = fixed_base + (2 if (pair == s or dragon(pair)) else 0) + (2 if self_draw else 0)
            fans = fans0
            for kind, x in sets:
                if kind == "pung":
                    base0 += table["cp"][col(x)]
                    fans += (x == s) + dragon(x)
            adjust = [0]
            if t != w:
                tid = ident(t)
                adjust = []
                if pair == tid:
                    adjust.append(0)
                for kind, x in sets:
                    if kind == "chow" and x <= tid <= x + 2:
                        adjust.append(2 if tid == x + 1 else 0)
                    if kind == "pung" and x == tid:
                        adjust.append(0 if self_draw else table["ep"][col(x)] - table["cp"][col(x)])
            for a in adjust:
                base = base0 + a
                raw = (base + 20) * 2 ** fans
                total = -(-raw // 10) * 10
                if total >= 300 or n >= 3:
                    total = 300
                key = (total, raw, fans, base)
                if best is None or key > best:
                    best = key
    return best
