"""Seeded generator of WINNING MCR hands in our notation, with a random win context.

``generate(n, seed) -> [(hand_text, context), ...]`` is deterministic for a given (n, seed) and uses only
``random.Random(seed)``; it does not consult the oracle.  Every hand is a win by construction (four sets +
a pair, seven pairs, seven shifted pairs, thirteen orphans, lesser / greater honours-and-knitted, knitted
straight + set + pair with 0 or 1 meld, nine gates), never holds more than four copies of a tile, and is
written as: melds (``[123m]``, ``[123m,2]``, ``[555p]``, ``[555p,1]``, ``[5555p]``, ``{5555p}``,
``(5555p)``), then the concealed tiles in ascending order, then the winning tile last.

About half the rows are uniformly random four-sets hands (random groups, random exposure); the rest come
from templates aimed at the rarer fans (every one of the 82 fans of docs/rules/mcr.md#the-82-items must show
up in the reference's answers).  The context is mostly default, with the win flags on now and then; a few % of the
rows deliberately keep a combination that docs/rules/mcr.md#errors-a-context-that-contradicts-the-hand
rejects as a contradiction.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass, field

from scorer.tiles import tiles_text  # same kinds: 0-26 m p s, 27-33 E S W N C F P

WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
HONOUR_KINDS = tuple(range(27, 34))
ALL_KINDS = tuple(range(34))
SUITED = tuple(range(27))
TERMINALS = tuple(k for k in SUITED if k % 9 in (0, 8))
GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s F
REVERSIBLE = (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33)  # 1234589p 245689s P


def K(rank: int, suit: int) -> int:
    return suit * 9 + rank - 1


def rank(k: int) -> int:
    return k % 9 + 1


def suit(k: int) -> int:
    return k // 9


# --------------------------------------------------------------------------- text



# --------------------------------------------------------------------------- sets

# a set is (type, kind): "c" chow starting at kind, "p" pung, "k" kong
def set_tiles(s: tuple[str, int]) -> list[int]:
    t, k = s
    if t == "c":
        return [k, k + 1, k + 2]
    return [k] * (3 if t == "p" else 4)


CHOWS = [("c", K(r, s)) for s in range(3) for r in range(1, 8)]


def chow_ok(k: int) -> bool:
    return k < 27 and rank(k) <= 7


@dataclass
class MeldOut:
    bracket: str
    tiles: list[int]
    offer: int | None

    def text(self) -> str:
        close = {"[": "]", "{": "}", "(": ")"}[self.bracket]
        off = f",{self.offer}" if self.offer else ""
        return f"{self.bracket}{tiles_text(self.tiles)}{off}{close}"


@dataclass
class Built:
    melds: list[MeldOut]
    concealed: list[int]  # without the winning tile
    win: int
    hints: dict = field(default_factory=dict)  # forced context values

    def text(self) -> str:
        return "".join(m.text() for m in self.melds) + tiles_text(sorted(self.concealed)) + tiles_text([self.win])

    def all_tiles(self) -> list[int]:
        return [t for m in self.melds for t in m.tiles] + self.concealed + [self.win]

    def has_kong(self) -> bool:
        return any(len(m.tiles) == 4 for m in self.melds)


class Retry(Exception):
    pass


def counts_ok(tiles) -> bool:
    return max(Counter(tiles).values()) <= 4


def _offer(rng: random.Random) -> int | None:
    return rng.choice((1, 2, 3)) if rng.random() < 0.5 else None


def realize(rng: random.Random, sets: list, pair: int, *, n_open: int | None = None,
            kong_style: str | None = None, win: int | None = None, hints: dict | None = None) -> Built:
    """Four sets + a pair -> melds / concealed tiles / winning tile.

    Kongs are always melds (style ``[`` claimed, ``{`` added, ``(`` concealed, random unless ``kong_style``);
    ``n_open`` non-kong sets are exposed (random 0-4 when None); the winning tile is a random tile of the
    concealed part (or ``win`` when given and possible)."""
    assert len(sets) == 4
    tiles = [t for s in sets for t in set_tiles(s)] + [pair, pair]
    if not counts_ok(tiles):
        raise Retry
    kongs = [s for s in sets if s[0] == "k"]
    others = [s for s in sets if s[0] != "k"]
    rng.shuffle(others)
    if n_open is None:
        n_open = rng.choices((0, 1, 2, 3, 4), (34, 24, 20, 13, 9))[0]
    n_open = min(n_open, len(others))
    melds: list[MeldOut] = []
    for s in kongs:
        style = kong_style or rng.choices("[{(", (35, 25, 40))[0]
        melds.append(MeldOut(style, set_tiles(s), _offer(rng) if style == "[" else None))
    for s in others[:n_open]:
        melds.append(MeldOut("[", set_tiles(s), _offer(rng)))
    rng.shuffle(melds)
    concealed = [t for s in others[n_open:] for t in set_tiles(s)] + [pair, pair]
    if win is None or win not in concealed:
        win = rng.choice(concealed)
    concealed.remove(win)
    return Built(melds, concealed, win, dict(hints or {}))


def special(rng: random.Random, tiles: list[int], win: int | None = None, melds=None, hints=None) -> Built:
    """A special-shape hand: concealed ``tiles`` (winning tile included), optional ready-made ``melds``."""
    tiles = list(tiles)
    melds = list(melds or [])
    all_t = tiles + [t for m in melds for t in m.tiles]
    if not counts_ok(all_t):
        raise Retry
    if win is None:
        win = rng.choice(tiles)
    tiles.remove(win)
    return Built(melds, tiles, win, dict(hints or {}))


# --------------------------------------------------------------------------- random groups

def random_set(rng: random.Random, allowed=ALL_KINDS, weights=(55, 35, 10), types="cpk", pred=None):
    allowed = set(allowed)
    for _ in range(200):
        t = rng.choices("cpk", weights)[0]
        if t not in types:
            continue
        if t == "c":
            cands = [s for s in CHOWS if set(set_tiles(s)) <= allowed]
        else:
            cands = [(t, k) for k in sorted(allowed)]
        if pred:
            cands = [s for s in cands if pred(s)]
        if cands:
            return rng.choice(cands)
    raise Retry


def fill(rng, sets: list, n: int = 4, **kw) -> list:
    sets = list(sets)
    while len(sets) < n:
        sets.append(random_set(rng, **kw))
    return sets


def random_pair(rng, allowed=ALL_KINDS) -> int:
    return rng.choice(tuple(allowed))


# --------------------------------------------------------------------------- templates: four sets + pair

def t_random(rng):
    return realize(rng, fill(rng, []), random_pair(rng))


def t_random_chowy(rng):
    return realize(rng, fill(rng, [], weights=(85, 15, 0)), random_pair(rng))


def t_random_pungy(rng):
    return realize(rng, fill(rng, [], weights=(20, 60, 20)), random_pair(rng))


def t_chicken(rng):
    """无番和: four unrelated chows over the three suits, an honour pair, 1-3 of the chows exposed, won on a
    discard on a two-sided wait; the win flags are forced off (flowers may still come)."""
    sets = [rng.choice(CHOWS) for _ in range(4)]
    starts = [(suit(k), rank(k)) for _, k in sets]
    if len({r for _, r in starts}) < 4 or sorted(Counter(s for s, _ in starts).values()) != [1, 1, 2]:
        raise Retry  # equal ranks: 一般高 / 喜相逢 / 三同顺; a missing suit: 缺一门; 3 in one suit: 步高 / 清龙
    for (s1, r1), (s2, r2) in itertools.combinations(starts, 2):
        if s1 == s2 and abs(r1 - r2) in (3, 6):
            raise Retry  # 连六 / 老少副
    for combo in itertools.combinations(starts, 3):
        ranks = sorted(r for _, r in combo)
        if len({s for s, _ in combo}) == 3 and (ranks == [1, 4, 7] or ranks[2] - ranks[0] == 2):
            raise Retry  # 花龙 / 三色三步高
    pair = rng.choice(HONOUR_KINDS)
    tiles = [t for s in sets for t in set_tiles(s)]
    if not counts_ok(tiles) or max(Counter(tiles).values()) == 4:
        raise Retry  # 四归一
    n_open = rng.choice((1, 2, 2, 3))
    open_sets, closed = sets[:n_open], sets[n_open:]
    two_sided = [s for s in closed if 2 <= rank(s[1]) <= 6]
    if not two_sided:
        raise Retry
    ws = rng.choice(two_sided)
    win = ws[1] if rng.random() < 0.5 else ws[1] + 2
    melds = [MeldOut("[", set_tiles(s), _offer(rng)) for s in open_sets]
    concealed = [t for s in closed for t in set_tiles(s)] + [pair, pair]
    concealed.remove(win)
    flags = dict(self_draw=False, last_tile=False, kong_win=False, last_wall=False)
    return Built(melds, concealed, win, flags)


def _filtered(allowed, types="cpk", weights=(55, 35, 10), pair_allowed=None, set_pred=None, pair_pred=None):
    allowed = tuple(allowed)

    def template(rng):
        sets = fill(rng, [], allowed=allowed, types=types, weights=weights, pred=set_pred)
        pairs = [k for k in (pair_allowed or allowed) if not pair_pred or pair_pred(k)]
        return realize(rng, sets, rng.choice(pairs))

    return template


def t_full_flush(rng):
    s = rng.randrange(3)
    return _filtered(range(9 * s, 9 * s + 9))(rng)


def t_half_flush(rng):
    s = rng.randrange(3)
    return _filtered(tuple(range(9 * s, 9 * s + 9)) + HONOUR_KINDS)(rng)


def t_voided(rng):
    a, b = rng.sample(range(3), 2)
    return _filtered(tuple(range(9 * a, 9 * a + 9)) + tuple(range(9 * b, 9 * b + 9)))(rng)


def t_all_honours(rng):
    return _filtered(HONOUR_KINDS, types="pk", weights=(0, 75, 25))(rng)


def t_all_terminals(rng):
    return _filtered(TERMINALS, types="pk", weights=(0, 80, 20))(rng)


def t_terminals_honours(rng):
    return _filtered(TERMINALS + HONOUR_KINDS, types="pk", weights=(0, 80, 20))(rng)


def _ranks(lo, hi):
    return tuple(k for k in SUITED if lo <= rank(k) <= hi)


def t_upper(rng):
    return _filtered(_ranks(7, 9))(rng)


def t_middle(rng):
    return _filtered(_ranks(4, 6))(rng)


def t_lower(rng):
    return _filtered(_ranks(1, 3))(rng)


def t_upper_four(rng):
    return _filtered(_ranks(6, 9), pair_pred=lambda k: rank(k) in (6, 7))(rng)


def t_lower_four(rng):
    return _filtered(_ranks(1, 4), pair_pred=lambda k: rank(k) in (3, 4))(rng)


def t_all_fives(rng):
    return _filtered(_ranks(3, 7), set_pred=lambda s: 5 in [rank(t) for t in set_tiles(s)],
                     pair_pred=lambda k: rank(k) == 5)(rng)


def t_all_green(rng):
    return _filtered(GREEN)(rng)


def t_reversible(rng):
    return _filtered(REVERSIBLE)(rng)


def t_all_even_pungs(rng):
    evens = tuple(k for k in SUITED if rank(k) % 2 == 0)
    return _filtered(evens, types="pk", weights=(0, 80, 20))(rng)


def t_all_simples(rng):
    return _filtered(_ranks(2, 8))(rng)


def t_outside(rng):
    def pred(s):
        return any(t >= 27 or rank(t) in (1, 9) for t in set_tiles(s))

    return _filtered(ALL_KINDS, set_pred=pred, pair_allowed=TERMINALS + HONOUR_KINDS)(rng)


def t_all_pungs(rng):
    return _filtered(ALL_KINDS, types="pk", weights=(0, 80, 20))(rng)


def t_concealed_pungs(rng):
    n = rng.choice((3, 3, 4))
    sets = fill(rng, [], n, types="p", weights=(0, 1, 0))
    sets = fill(rng, sets)
    return realize(rng, sets, random_pair(rng), n_open=rng.choice((0, 0, 1)))


def t_fully_concealed(rng):
    b = realize(rng, fill(rng, [], weights=(60, 35, 5)), random_pair(rng), n_open=0, kong_style="(")
    b.hints["self_draw"] = True
    return b


def t_melded_hand(rng):
    sets = fill(rng, [], weights=(50, 40, 10))
    b = realize(rng, sets, random_pair(rng), n_open=4, kong_style=rng.choice("[{"))
    b.hints["self_draw"] = rng.random() < 0.2
    return b


def t_winds(rng):
    # wind pungs: 大四喜 / 小四喜 / 三风刻 / 圈风刻 / 门风刻
    n = rng.choice((1, 2, 3, 3, 4))
    winds = rng.sample(WINDS, 4)
    sets = [(rng.choice("ppk"), w) for w in winds[:n]]
    pair = winds[3] if n == 3 and rng.random() < 0.5 else random_pair(rng)
    return realize(rng, fill(rng, sets), pair)


def t_dragons(rng):
    n = rng.choice((1, 2, 2, 3))
    dr = rng.sample(DRAGONS, 3)
    sets = [(rng.choice("ppk"), d) for d in dr[:n]]
    if n == 2 and rng.random() < 0.5:
        pair = dr[2]
    else:
        pair = random_pair(rng, [k for k in ALL_KINDS if k not in DRAGONS])
    return realize(rng, fill(rng, sets, pred=lambda s: s[1] not in DRAGONS), pair)


def t_pung_combo(rng):
    # 双同刻 / 三同刻 / 三色三节高 / 一色三节高 / 一色四节高
    kind = rng.choice(("double", "triple", "mixed_shift", "pure_shift", "four_shift"))
    perm = rng.sample(range(3), 3)
    if kind == "double":
        r = rng.randint(1, 9)
        sets = [("p", K(r, perm[0])), ("p", K(r, perm[1]))]
    elif kind == "triple":
        r = rng.randint(1, 9)
        sets = [("p", K(r, s)) for s in perm]
    elif kind == "mixed_shift":
        r = rng.randint(1, 7)
        sets = [("p", K(r + i, perm[i])) for i in range(3)]
    elif kind == "pure_shift":
        r = rng.randint(1, 7)
        sets = [("p", K(r + i, perm[0])) for i in range(3)]
    else:
        r = rng.randint(1, 6)
        sets = [("p", K(r + i, perm[0])) for i in range(4)]
    sets = [(rng.choice("pppk"), k) for _, k in sets]
    return realize(rng, fill(rng, sets), random_pair(rng))


def t_chow_combo(rng):
    kind = rng.choice(("quad", "pure_triple", "pure_straight", "pure_shift", "four_shift", "mixed_straight",
                       "mixed_triple", "mixed_shift", "terminal", "three_suited", "pairs"))
    perm = rng.sample(range(3), 3)
    s0 = perm[0]
    pair = None
    if kind == "quad":
        r = rng.randint(1, 7)
        sets = [("c", K(r, s0))] * 4
    elif kind == "pure_triple":
        r = rng.randint(1, 7)
        sets = [("c", K(r, s0))] * 3
    elif kind == "pure_straight":
        sets = [("c", K(r, s0)) for r in (1, 4, 7)]
    elif kind == "pure_shift":
        d = rng.choice((1, 2))
        r = rng.randint(1, 7 - 2 * d)
        sets = [("c", K(r + i * d, s0)) for i in range(3)]
    elif kind == "four_shift":
        d = rng.choice((1, 1, 2))
        r = rng.randint(1, 7 - 3 * d)
        sets = [("c", K(r + i * d, s0)) for i in range(4)]
    elif kind == "mixed_straight":
        sets = [("c", K(r, perm[i])) for i, r in enumerate((1, 4, 7))]
    elif kind == "mixed_triple":
        r = rng.randint(1, 7)
        sets = [("c", K(r, s)) for s in perm]
    elif kind == "mixed_shift":
        r = rng.randint(1, 5)
        sets = [("c", K(r + i, perm[i])) for i in range(3)]
    elif kind == "terminal":
        sets = [("c", K(1, s0)), ("c", K(1, s0)), ("c", K(7, s0)), ("c", K(7, s0))]
        pair = K(5, s0)
    elif kind == "three_suited":
        sets = [("c", K(1, perm[0])), ("c", K(7, perm[0])), ("c", K(1, perm[1])), ("c", K(7, perm[1]))]
        pair = K(5, perm[2])
    else:  # two related chows: 一般高 / 喜相逢 / 连六 / 老少副
        r = rng.randint(1, 7)
        a = ("c", K(r, s0))
        b = rng.choice((a, ("c", K(r, perm[1])), ("c", K(1, s0)), ("c", K(7, s0)),
                        ("c", K(r + 3, s0)) if r <= 4 else ("c", K(r - 3, s0))))
        sets = [a, b]
    sets = fill(rng, sets)
    return realize(rng, sets, random_pair(rng) if pair is None else pair)


def t_tile_hog(rng):
    # a pung (not a kong) plus a chow through the same tile, or two chows + pair on it
    s = rng.randrange(3)
    r = rng.randint(1, 9)
    k = K(r, s)
    chows = [("c", K(st, s)) for st in range(max(1, r - 2), min(7, r) + 1)]
    if rng.random() < 0.6:
        sets = [("p", k), rng.choice(chows)]
        pair = random_pair(rng)
    else:
        sets = [rng.choice(chows), rng.choice(chows)]
        pair = k
    return realize(rng, fill(rng, sets, weights=(60, 40, 0)), pair)


def t_kongs(rng):
    n = rng.choice((2, 2, 2, 3, 3, 4))
    kinds = rng.sample(ALL_KINDS, n)
    sets = fill(rng, [("k", k) for k in kinds], weights=(55, 45, 0))
    pair = random_pair(rng)
    tiles = [t for s in sets for t in set_tiles(s)] + [pair, pair]
    if not counts_ok(tiles):
        raise Retry
    styles = rng.choice(("[[", "((", "[(", "{(", "[{", "mixed"))
    kongs = [s for s in sets if s[0] == "k"]
    others = [s for s in sets if s[0] != "k"]
    n_open = rng.choices((0, 1, 2), (50, 30, 20))[0] if others else 0
    melds = []
    for i, s in enumerate(kongs):
        st = rng.choice("[{(") if styles == "mixed" or i >= 2 else styles[i]
        melds.append(MeldOut(st, set_tiles(s), _offer(rng) if st == "[" else None))
    n_open = min(n_open, len(others))
    for s in others[:n_open]:
        melds.append(MeldOut("[", set_tiles(s), _offer(rng)))
    rng.shuffle(melds)
    concealed = [t for s in others[n_open:] for t in set_tiles(s)] + [pair, pair]
    win = rng.choice(concealed)
    concealed.remove(win)
    return Built(melds, concealed, win)


def t_kong_win(rng):
    # a hand with a kong, self-drawn with kong_win (杠上开花), or a robbed kong on a single-copy tile
    if rng.random() < 0.5:
        sets = fill(rng, [("k", rng.choice(ALL_KINDS))])
        b = realize(rng, sets, random_pair(rng))
        b.hints.update(self_draw=True, kong_win=True)
    else:
        sets = fill(rng, [], weights=(80, 20, 0))
        b = realize(rng, sets, random_pair(rng))
        b.hints.update(self_draw=False, kong_win=True)
    return b


def t_last_tile(rng):
    b = t_random_chowy(rng)
    b.hints["last_tile"] = True
    return b


# --------------------------------------------------------------------------- templates: special shapes

def t_seven_pairs(rng):
    n_quads = rng.choices((0, 1, 2), (70, 22, 8))[0]
    theme = rng.choices(("any", "suit", "honour", "green", "terms"), (70, 10, 8, 6, 6))[0]
    pool = {
        "any": ALL_KINDS,
        "suit": tuple(range(9 * (s := rng.randrange(3)), 9 * s + 9)) + (HONOUR_KINDS if rng.random() < 0.5 else ()),
        "honour": HONOUR_KINDS,
        "green": GREEN,
        "terms": TERMINALS + (HONOUR_KINDS if rng.random() < 0.5 else ()),
    }[theme]
    kinds = rng.sample(pool, min(7 - n_quads, len(pool)))
    if len(kinds) < 7 - n_quads:
        raise Retry
    quads = kinds[:n_quads]
    tiles = [k for k in kinds for _ in range(2)] + [k for k in quads for _ in range(2)]
    return special(rng, tiles)


def t_seven_shifted(rng):
    s = rng.randrange(3)
    r = rng.randint(1, 3)
    return special(rng, [K(r + i, s) for i in range(7) for _ in range(2)])


def t_thirteen(rng):
    base = list(TERMINALS) + list(HONOUR_KINDS)
    return special(rng, base + [rng.choice(base)])


def _knitted_body(rng) -> list[int]:
    perm = rng.sample(range(3), 3)
    return [K(r, perm[i]) for i in range(3) for r in (1 + i, 4 + i, 7 + i)]


def t_honours_knitted(rng):
    body = _knitted_body(rng)
    pool = body + list(HONOUR_KINDS)
    if rng.random() < 0.4:  # greater: all 7 honours + 7 of the 9 knitted tiles
        drop = rng.sample(body, 2)
    else:  # lesser: at least one honour missing
        drop = [rng.choice(HONOUR_KINDS), rng.choice(pool)]
        if drop[0] == drop[1]:
            raise Retry
    return special(rng, [k for k in pool if k not in drop])


def t_knitted_straight(rng):
    body = _knitted_body(rng)
    s = random_set(rng, weights=(50, 35, 15))
    pair = random_pair(rng)
    melds = []
    rest = [pair, pair]
    if s[0] == "k" or rng.random() < 0.4:
        style = rng.choice("[{(") if s[0] == "k" else "["
        melds.append(MeldOut(style, set_tiles(s), _offer(rng) if style == "[" else None))
    else:
        rest += set_tiles(s)
    return special(rng, body + rest, melds=melds)


def t_nine_gates(rng):
    s = rng.randrange(3)
    base = [K(r, s) for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
    extra = K(rng.randint(1, 9), s)
    # pure form: the extra tile is the winning tile; now and then another tile (then just a full flush)
    win = extra if rng.random() < 0.85 else None
    return special(rng, base + [extra], win=win)


# --------------------------------------------------------------------------- the mix

TEMPLATES = [
    (t_random, 30),
    (t_random_chowy, 8),
    (t_random_pungy, 6),
    (t_chicken, 3),
    (t_full_flush, 1.5),
    (t_half_flush, 1.5),
    (t_voided, 1),
    (t_all_honours, 0.8),
    (t_all_terminals, 0.8),
    (t_terminals_honours, 0.8),
    (t_upper, 0.8),
    (t_middle, 0.8),
    (t_lower, 0.8),
    (t_upper_four, 0.8),
    (t_lower_four, 0.8),
    (t_all_fives, 1.5),
    (t_all_green, 1.2),
    (t_reversible, 0.8),
    (t_all_even_pungs, 0.8),
    (t_all_simples, 0.8),
    (t_outside, 1),
    (t_all_pungs, 1),
    (t_concealed_pungs, 1.5),
    (t_fully_concealed, 1.5),
    (t_melded_hand, 1.5),
    (t_winds, 3),
    (t_dragons, 2),
    (t_pung_combo, 3),
    (t_chow_combo, 6.5),
    (t_tile_hog, 1.5),
    (t_kongs, 3),
    (t_kong_win, 1.5),
    (t_last_tile, 1),
    (t_seven_pairs, 3),
    (t_seven_shifted, 0.6),
    (t_thirteen, 1),
    (t_honours_knitted, 2),
    (t_knitted_straight, 2),
    (t_nine_gates, 1.2),
]
_FUNCS = [f for f, _ in TEMPLATES]
_WEIGHTS = [w for _, w in TEMPLATES]


# --------------------------------------------------------------------------- context

def _contradiction(b: Built, ctx: dict) -> str | None:
    """Same rules as mcr_oracle.contradiction, on the structured hand (independent implementation)."""
    if ctx["kong_win"] and ctx["self_draw"] and not b.has_kong():
        return "kong_win"
    if ctx["kong_win"] and not ctx["self_draw"]:
        if b.win in b.all_tiles()[:-1]:
            return "kong_win"
        if ctx["last_wall"]:
            return "kong_win+last_wall"
    if ctx["last_tile"] and b.win in b.concealed:
        return "last_tile"
    return None


def random_context(rng: random.Random, b: Built, keep_contradiction: float = 0.2, inject: float = 0.015) -> dict:
    ctx = {
        "self_draw": rng.random() < 0.4,
        "seat_wind": "E" if rng.random() < 0.3 else rng.choice("ESWN"),
        "round_wind": "E" if rng.random() < 0.3 else rng.choice("ESWN"),
        "flowers": 0 if rng.random() < 0.75 else rng.randint(1, 8),
        "last_tile": rng.random() < 0.08,
        "kong_win": rng.random() < (0.2 if b.has_kong() else 0.05),
        "last_wall": rng.random() < 0.07,
    }
    ctx.update(b.hints)
    if rng.random() < inject:  # deliberately contradictory (when this hand allows the chosen kind)
        kind = rng.choice(("no_kong", "held", "last_wall", "last_tile"))
        if kind == "no_kong" and not b.has_kong():
            ctx.update(self_draw=True, kong_win=True)
        elif kind == "held" and b.win in b.all_tiles()[:-1]:
            ctx.update(self_draw=False, kong_win=True)
        elif kind == "last_wall":
            ctx.update(self_draw=False, kong_win=True, last_wall=True)
        elif kind == "last_tile" and b.win in b.concealed:
            ctx.update(last_tile=True)
        return _drop_defaults(rng, ctx)
    if rng.random() >= keep_contradiction:
        while (why := _contradiction(b, ctx)) is not None:
            if why == "last_tile":
                ctx["last_tile"] = False
            elif why == "kong_win+last_wall" and rng.random() < 0.5:
                ctx["last_wall"] = False
            else:
                ctx["kong_win"] = False
    return _drop_defaults(rng, ctx)


_DEFAULTS = {"self_draw": False, "seat_wind": "E", "round_wind": "E", "flowers": 0,
             "last_tile": False, "kong_win": False, "last_wall": False}


def _drop_defaults(rng: random.Random, ctx: dict) -> dict:
    if rng.random() < 0.5:  # leave default values out now and then: the scorer must default them
        ctx = {key: v for key, v in ctx.items() if v != _DEFAULTS[key]}
    return ctx


# --------------------------------------------------------------------------- entry point

def generate_one(rng: random.Random) -> tuple[str, dict]:
    while True:
        f = rng.choices(_FUNCS, _WEIGHTS)[0]
        for _ in range(100):  # retry the same template, so that the weights hold
            try:
                b = f(rng)
            except Retry:
                continue
            if counts_ok(b.all_tiles()):
                return b.text(), random_context(rng, b)


def generate(n: int = 3000, seed: int = 20261129) -> list[tuple[str, dict]]:
    rng = random.Random(seed)
    return [generate_one(rng) for _ in range(n)]


if __name__ == "__main__":  # pragma: no cover
    for hand, ctx in generate(20, 1):
        print(hand, ctx)
