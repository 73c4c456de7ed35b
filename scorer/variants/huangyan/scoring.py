"""Winner and non-winner scoring (docs/rules/huangyan.md#items).

The winner's search: the 得 tiles of the concealed part are taken out of the counts and handed to
the decomposer as ``wilds`` (any of the 34 kinds, ``max_copies=99`` so a 得 may be a fifth copy).
The decomposer enumerates every distinct group multiset, i.e. every wild assignment that completes
the hand (it is the exhaustive 34^n search, deduplicated). For every reading every placement of the
winning tile is tried; the best is the largest (total, raw, fans, base), the first one found on a
tie (``score_winner_exhaustive``, the reference, and what ``explain`` lists). With 得 in hand there
can be hundreds of readings, so ``score_winner`` finds the same answer by tile group (search.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer import deadline
from scorer.decompose import CHOW, PAIR, PUNG, STANDARD_MASK, display_key, group_text, is_winning, readings
from scorer.hand import Hand, MeldKind
from scorer.seats import WIND_TILE
from scorer.tiles import tile_name, tiles_text

from .context import HuangyanRules
from .search import LocalScorer, best_reading
from .sets import SELF_DRAW_POINTS, WAIT_POINTS, Env, Row, natural_placements


def fans_of(rows: list[Row]) -> int:
    return sum(r[2].bit_length() - 1 for r in rows)


def base_of(rows: list[Row]) -> int:
    return sum(r[1] for r in rows if r[0] != "win_reward")


def round_up(raw: int) -> int:
    return -(-raw // 10) * 10


def limit(raw: int, forced: bool, opts: HuangyanRules) -> tuple[int, bool]:
    """(total, lazi) from the raw value: round up to tens, then the 辣子 cap (docs/rules/huangyan.md#lazi)."""
    total = round_up(raw)
    reached = (raw if opts.lazi_before_rounding else total) >= opts.lazi_limit
    if forced or total >= opts.lazi_limit:
        total = opts.lazi_limit
    return total, forced or reached


@dataclass
class Scored:
    total: int
    raw: int
    fans: int
    base: int
    lazi: bool
    rows: list[Row]
    partition: list[str] = field(default_factory=list)
    wild_as: list[str] = field(default_factory=list)
    winning_set: str | None = None
    # the chosen reading only: its groups and the hand as the search read it (what the 得 stand for)
    groups: tuple[int, ...] = ()
    winner: Winner | None = None

    @property
    def key(self) -> tuple[int, int, int, int]:
        return (self.total, self.raw, self.fans, self.base)


def _meld_rows(hand: Hand, env: Env) -> tuple[list[Row], list[int], int, list[int]]:
    """Rows of the fixed melds, their identity tiles, how many are chows, and the set identities."""
    rows: list[Row] = []
    idents: list[int] = []
    chows = 0
    set_kinds: list[int] = []
    for m in hand.melds:
        ids = sorted(env.ident(t) for t in m.tiles)
        idents += ids
        if m.kind is MeldKind.CHOW:
            chows += 1
            continue
        x = ids[0]
        if m.kind is MeldKind.KONG:
            item = "concealed_kong" if m.is_concealed else "exposed_kong"
        else:
            item = "exposed_pung"
        rows.append(env.set_row(item, x, len(ids)))
        rows.extend(env.set_fans(x, len(ids)))
        set_kinds.append(x)
    return rows, idents, chows, set_kinds


def _flush_rows(tiles: list[int], opts: HuangyanRules) -> list[Row]:
    suits = {t // 9 for t in tiles if t < 27}
    honours = any(t >= 27 for t in tiles)
    if len(suits) != 1:
        return []
    if honours:
        return [("half_flush", 0, 2, "", None)]
    if opts.full_flush_fans:
        return [("full_flush", 0, 2 ** opts.full_flush_fans, "", None)]
    return []


@dataclass
class Winner:
    """A winning hand as the search sees it: the 得 taken out of the concealed tiles."""

    env: Env
    meld_rows: list[Row]
    meld_idents: list[int]
    meld_chows: int
    win: int
    win_wild: bool          # the winning tile is a 得 (nothing was waited on)
    wilds: list[int]        # the 得 that stand for any kind
    naturals: list[int]     # identities of the other concealed tiles
    n_wild_tiles: int       # 得 held, for 无得 / 三得 (a discarded 得 read as natural included)
    counts: list[int]       # the naturals by kind
    physical: list[int]

    def score(self, groups, standins, hand: Hand, self_draw: bool) -> list[Scored]:
        """Every placement of the winning tile in one reading, scored."""
        return _score_reading(groups, list(standins), self.env, hand, self.win, self.win_wild, self_draw,
                              self.naturals, self.meld_rows, self.meld_idents, self.meld_chows,
                              self.n_wild_tiles, self.physical)


def winner_of(hand: Hand, wild: int, seat: str, self_draw: bool, round_wind: str | None,
              opts: HuangyanRules) -> Winner:
    env = Env(wild, WIND_TILE[seat], WIND_TILE.get(round_wind or ""), True, opts)
    meld_rows, meld_idents, meld_chows, _ = _meld_rows(hand, env)
    t = hand.win_tile
    assert t is not None
    is_wild, ident = env.is_wild, env.ident
    wilds: list[int] = []
    naturals: list[int] = []
    for x in hand.concealed:
        if is_wild(x):
            wilds.append(x)
        else:
            naturals.append(ident(x))
    n_wild_tiles = len(wilds)  # 得 held, a discarded one read as natural included
    t_wild = is_wild(t)
    if t_wild and not self_draw and opts.wild_discard_win == "natural":
        wilds.remove(t)
        naturals.append(ident(t))
        t_wild = False
    counts = [0] * 37
    for x in naturals:
        counts[x] += 1
    physical = [x for m in hand.melds for x in m.tiles] + list(hand.concealed)
    return Winner(env, meld_rows, meld_idents, meld_chows, t, t_wild, wilds, naturals, n_wild_tiles, counts,
                  physical)


def winner_candidates(hand: Hand, wild: int, seat: str, self_draw: bool, round_wind: str | None,
                      opts: HuangyanRules, stats: dict[str, int] | None = None):
    """Every (reading, placement of the winning tile) scored: yields ``(groups, standins, scored)``
    in the order the decomposer lists the readings (``partition``/``wild_as`` not filled in);
    ``stats["readings"]`` gets the number of readings."""
    yield from _candidates(hand, winner_of(hand, wild, seat, self_draw, round_wind, opts), self_draw, stats)


def _candidates(hand: Hand, w: Winner, self_draw: bool, stats: dict[str, int] | None = None):
    found = readings(w.counts, 4 - len(hand.melds), len(w.wilds), STANDARD_MASK, 99)
    if stats is not None:
        stats["readings"] = len(found)
    for groups, standins in found:
        for sc in w.score(groups, standins, hand, self_draw):
            yield groups, standins, sc


def partition_of(hand: Hand, groups) -> list[str]:
    from scorer.notation import format_meld

    return [format_meld(m) for m in hand.melds] + [group_text(g) for g in _sorted_groups(groups)]


def score_winner(hand: Hand, wild: int, seat: str, self_draw: bool, round_wind: str | None,
                 opts: HuangyanRules) -> tuple[Scored | None, int]:
    """The best reading of a winning hand (None when it has none) and the number of readings.
    Hands with 得 go through the search of ``search.py``, which gives what
    ``score_winner_exhaustive`` gives without scoring every reading."""
    w = winner_of(hand, wild, seat, self_draw, round_wind, opts)
    found = _score_winner_searched(hand, w, self_draw, opts)
    return found if found is not None else _best_candidate(hand, w, self_draw)


def score_winner_exhaustive(hand: Hand, wild: int, seat: str, self_draw: bool, round_wind: str | None,
                            opts: HuangyanRules) -> tuple[Scored | None, int]:
    """The reference: every reading scored in the decomposer's order, the first best one kept."""
    return _best_candidate(hand, winner_of(hand, wild, seat, self_draw, round_wind, opts), self_draw)


def _best_candidate(hand: Hand, w: Winner, self_draw: bool) -> tuple[Scored | None, int]:
    best: Scored | None = None
    stats = {"readings": 0}
    for groups, standins, sc in _candidates(hand, w, self_draw, stats):
        if best is None or sc.key > best.key:
            best = _shown(sc, hand, groups, standins, w)
    return best, stats["readings"]


def _shown(sc: Scored, hand: Hand, groups, standins, w: Winner) -> Scored:
    """The chosen reading with what it shows: its partition, what the 得 stand for, its groups."""
    sc.partition = partition_of(hand, groups)
    sc.wild_as = [tile_name(s) for s in standins]
    sc.groups = tuple(groups)
    sc.winner = w
    return sc


def _score_winner_searched(hand: Hand, w: Winner, self_draw: bool,
                           opts: HuangyanRules) -> tuple[Scored | None, int] | None:
    """``score_winner_exhaustive``'s answer from the per-tile-group search (search.py), or None
    where that search does not apply."""
    if not w.wilds or opts.three_wilds == "pung" or (w.win_wild and opts.closed_wait_with_wild):
        return None
    if not is_winning(w.counts, 4 - len(hand.melds), len(w.wilds), STANDARD_MASK, 99):
        return None, 0  # no reading at all
    env = w.env
    hand_rows, forced = _hand_fan_rows(w.n_wild_tiles, opts)
    fixed_points = base_of(w.meld_rows) + (SELF_DRAW_POINTS if self_draw else 0)
    fixed_fans = fans_of(w.meld_rows) + fans_of(hand_rows)
    all_pungs = opts.all_pungs_points if not w.meld_chows else 0
    scorer = LocalScorer(env, None if w.win_wild else env.ident(w.win), self_draw, len(w.wilds), bool(all_pungs))
    n_readings, key, groups, standins = best_reading(
        w.counts, len(w.wilds), scorer, fixed_points=fixed_points, fixed_fans=fixed_fans,
        flush_fans=_flush_fans(w, opts), all_pungs_points=all_pungs, limit=lambda raw: limit(raw, forced, opts)[0])
    if key is None:
        return None, n_readings
    best: Scored | None = None
    for sc in w.score(groups, standins, hand, self_draw):
        if best is None or sc.key > best.key:
            best = sc
    if best is None or best.key != key:  # cannot happen; the exhaustive search decides then
        return None
    return _shown(best, hand, groups, standins, w), n_readings


def _flush_fans(w: Winner, opts: HuangyanRules):
    """The flush fans of a reading from the suits (and whether honours) its concealed part uses; by
    the tiles' faces (``flush_by="face"``) they are the same for every reading."""
    if opts.flush_by == "face":
        face_fans = fans_of(_flush_rows(w.physical, opts))

        def by_face(suits, honours) -> int:
            return face_fans
        return by_face

    def by_reading(suits, honours) -> int:
        return fans_of(_flush_rows(w.meld_idents + [9 * s for s in suits] + ([27] if honours else []), opts))
    return by_reading


def _sorted_groups(groups) -> list[int]:
    return sorted(groups, key=display_key)


def _score_reading(groups, standins, env: Env, hand: Hand, t: int, t_wild: bool, self_draw: bool,
                   naturals, meld_rows, meld_idents, meld_chows, n_wild_tiles, physical) -> list[Scored]:
    deadline.check()  # one reading of hundreds (explain): a step of the time budget
    opts = env.opts
    pair, pungs, chows = _split(groups)
    common = _common_rows(env, meld_rows, pair, pungs, self_draw, any_chow=bool(chows) or bool(meld_chows))
    # fans that depend on the reading only
    tiles = physical if opts.flush_by == "face" else meld_idents + naturals + standins
    fan_rows: list[Row] = _flush_rows(tiles, opts) + _wild_restored_rows(env, standins)
    hand_rows, forced = _hand_fan_rows(n_wild_tiles, opts)
    fan_rows += hand_rows
    if n_wild_tiles >= 3 and opts.three_wilds == "pung" and any(standins.count(x) >= 3 for x in pungs):
        forced = True
        fan_rows.append(("three_wilds", 0, 1, "", None))
    if t_wild:
        placements = _wild_placements(env, pungs, chows, standins)
    else:
        placements = _natural_placements(env, t, pair, chows, pungs, self_draw)
    return [_placed(common, placement, fan_rows, forced, opts) for placement in placements]


def _split(groups) -> tuple[int | None, list[int], list[int]]:
    """(the pair's tile, the pungs' tiles, the chows' lowest tiles) of a reading."""
    pungs: list[int] = []
    chows: list[int] = []
    pair = None
    for g in groups:
        gtype, x = g >> 6, g & 63
        if gtype == PAIR:
            pair = x
        elif gtype == PUNG:
            pungs.append(x)
        elif gtype == CHOW:
            chows.append(x)
    return pair, pungs, chows


def _common_rows(env: Env, meld_rows: list[Row], pair: int | None, pungs: list[int], self_draw: bool, *,
                 any_chow: bool) -> list[Row]:
    """The rows every placement of the winning tile shares: the melds, the pair, the pungs' fans,
    self-draw, all pungs."""
    common: list[Row] = list(meld_rows)
    pair_row = env.pair_row(pair) if pair is not None else None
    if pair_row:
        common.append(pair_row)
    for x in pungs:
        common.extend(env.set_fans(x, 3))
    if self_draw:
        common.append(("self_draw", SELF_DRAW_POINTS, 1, "", None))
    if env.opts.all_pungs_points and not any_chow:
        common.append(("all_pungs", env.opts.all_pungs_points, 1, "", None))
    return common


def _wild_restored_rows(env: Env, standins) -> list[Row]:
    """得 standing for its own kind (``wild_restored``: once when all do, once when any does, or per 得)."""
    if not standins:
        return []
    rule = env.opts.wild_restored
    restored = sum(1 for s in standins if s == env.wild)
    if (rule == "all_once" and restored == len(standins)) or (rule == "any_once" and restored):
        return [("wild_restored", 0, 2, tiles_text([env.wild] * restored), None)]
    if rule == "per_wild":
        return [("wild_restored", 0, 2, tile_name(env.wild), None)] * restored
    return []


# one placement of the winning tile: (set rows, wait rows, winning set text)
Placement = tuple[list[Row], list[Row], "str | None"]


def _natural_placements(env: Env, t: int, pair: int | None, chows: list[int], pungs: list[int],
                        self_draw: bool) -> list[Placement]:
    placements: list[Placement] = []
    for kind, lo, wait, exposed in natural_placements(env, env.ident(t), pair, chows, pungs, self_draw):
        text = tiles_text([lo, lo + 1, lo + 2] if kind == CHOW else [lo] * (2 if kind == PAIR else 3))
        waits: list[Row] = [(wait, WAIT_POINTS, 1, text, None)] if wait else []
        placements.append((_pung_rows(env, pungs, lo if exposed else None), waits, text))
    return placements


def _wild_placements(env: Env, pungs: list[int], chows: list[int], standins) -> list[Placement]:
    """A 得 winning tile: no wait, or a closed wait in a chow whose middle it stands for
    (``closed_wait_with_wild``)."""
    placements: list[Placement] = [(_pung_rows(env, pungs, None), [], None)]
    if env.opts.closed_wait_with_wild:
        for lo in chows:
            if lo + 1 in standins:
                text = tiles_text([lo, lo + 1, lo + 2])
                placements.append((_pung_rows(env, pungs, None), [("closed_wait", 2, 1, text, None)], text))
    return placements


def _placed(common: list[Row], placement: Placement, fan_rows: list[Row], forced: bool,
            opts: HuangyanRules) -> Scored:
    """One placement scored: base, fans, raw, the total after rounding and 辣子."""
    pung_rows, wait_rows, wset = placement
    rows: list[Row] = [("win_reward", 20, 1, "", None)]
    rows += [r for r in common if r[2] == 1]
    rows += pung_rows + wait_rows
    rows += [r for r in common if r[2] != 1] + fan_rows
    base = base_of(rows)
    fans = fans_of(rows)
    raw = (base + 20) * 2 ** fans
    total, lazi = limit(raw, forced, opts)
    if lazi:
        rows.append(("lazi", 0, 1, "", None))
    return Scored(total, raw, fans, base, lazi, _ordered(rows), winning_set=wset)


def _hand_fan_rows(n_wild_tiles: int, opts: HuangyanRules) -> tuple[list[Row], bool]:
    """The 无得 / 三得 rows every reading of the hand has (the ``pung`` reading of 三得 aside), and
    whether 三得 forces the 辣子 limit."""
    rows: list[Row] = []
    forced = False
    if n_wild_tiles == 0 and opts.no_wild_fans:
        rows.append(("no_wild", 0, 2 ** opts.no_wild_fans, "", None))
    if n_wild_tiles >= 3:
        if opts.three_wilds == "lazi":
            forced = True
            rows.append(("three_wilds", 0, 1, "", None))
        elif opts.three_wilds == "three_fans":
            rows.append(("three_wilds", 0, 8, "", None))
    return rows, forced


_ORDER = ("win_reward", "pair_seat_wind", "pair_dragon", "exposed_pung", "concealed_pung", "exposed_kong",
          "concealed_kong", "self_draw", "closed_wait", "edge_wait", "single_wait", "all_pungs",
          "seat_wind_set", "dragon_set", "round_wind_set", "full_flush", "half_flush", "no_wild",
          "wild_restored", "three_wilds", "lazi")


def _ordered(rows: list[Row]) -> list[Row]:
    return sorted(rows, key=lambda r: _ORDER.index(r[0]))


def _pung_rows(env: Env, pungs: list[int], exposed: int | None) -> list[Row]:
    rows: list[Row] = []
    for x in pungs:
        if exposed is not None and x == exposed:
            rows.append(env.set_row("exposed_pung", x, 3, "completed by the winning discard"))
            exposed = None
        else:
            rows.append(env.set_row("concealed_pung", x, 3))
    return rows


def score_idle(hand: Hand, wild: int, seat: str, round_wind: str | None, opts: HuangyanRules) -> Scored:
    """Count what is physically there, no substitution, no +20 (docs/rules/huangyan.md#non-winners)."""
    env = Env(wild, WIND_TILE[seat], WIND_TILE.get(round_wind or ""), False, opts)
    rows, _, _, _ = _meld_rows(hand, env)
    counts = [0] * 37
    for x in hand.concealed:
        if opts.idle_wild == "ignored" and env.is_wild(x):
            continue
        counts[env.ident(x)] += 1
    from scorer.notation import format_meld

    partition = [format_meld(m) for m in hand.melds]
    for x, n in enumerate(counts):
        for _ in range(n // 3):
            rows.append(env.set_row("concealed_pung", x, 3))
            rows.extend(env.set_fans(x, 3))
            partition.append(tiles_text([x] * 3))
        if n % 3 == 2:
            partition.append(tiles_text([x] * 2))
            pr = env.pair_row(x)
            if pr:
                rows.append(pr)
    base = base_of(rows)
    fans = fans_of(rows)
    raw = base * 2 ** fans
    total, lazi = limit(raw, False, opts)
    if lazi:
        rows.append(("lazi", 0, 1, "", None))
    return Scored(total, raw, fans, base, lazi, _ordered(rows), partition=partition)
