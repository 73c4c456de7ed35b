"""The winner's best reading without scoring every reading (docs/rules/huangyan.md#what-wins), for
hands holding 得.

With four 得 a hand has up to ~900 readings (every concrete reading of the wilds), and scoring each
one costs milliseconds. This search gives exactly what scoring them all in the decomposer's order
gives (``scoring.score_winner_exhaustive``, kept as the reference), from far less work:

1. **Split by tile group.** A set never spans two tile groups (three suits, honours), so a reading is
   the union of one *local* reading per group, the group's naturals completed by the ``w`` 得 it takes
   (standing for its own kinds) with or without the pair. The decomposer's whole list is the cross
   product, over every way to share the 得 and the pair among the groups (a *distribution*), of the
   local lists, so the number of readings is a sum of products of local list lengths.
2. **Score locally.** The key (total, raw, fans, base) only grows with raw = (base + 20) × 2^fans
   (total is raw rounded up and capped; three 得 force 300 for every reading alike), and a reading's
   base and fans are sums of per-group parts plus parts fixed by the distribution:
   * per group: pair and concealed-pung points, set fans, the best placement of the winning tile
     (only the group holding it; the placements of one reading differ in points only) and 得复原
     (only the group of the wild's kind holds what a 得 stands for as itself);
   * per distribution: the flush (which groups hold tiles), the melds, self-draw, 无得/三得;
   * 对对和 (``all_pungs_points``) needs "no chow anywhere": local parts are kept apart by that too.
   So each local list is reduced to a table (fans, has a chow) -> the most points, and combining the
   groups' tables for every distribution finds the best key.
3. **Ties.** The decomposer lists readings sorted (as tuples of group codes) and the first reading
   with the best key wins. Comparing sorted tuples of equal length is comparing multiplicities at the
   smallest code where they differ, which a common part added to both does not change. So the first
   best reading is the union of each group's first local reading among its best ones (local lists
   come sorted from the decomposer), minimised over the (few) optimal combinations.
4. Each group's table is memoised (bounded) by the group's naturals, its 得 and pair, and every
   context fact and rule option it depends on, so a hand seen again skips the decomposer's listing.
5. The chosen reading is then scored by the very routine the exhaustive search uses, so its items,
   placement of the winning tile, partition and 得 assignment are the ones it would report; its key is
   checked against the predicted one (any difference falls back to the exhaustive search).

Cases this does not cover go to the exhaustive search: no 得 (a handful of readings), the ``pung``
reading of 三得 (the 辣子 limit then depends on the reading), and ``closed_wait_with_wild`` with a 得
as the winning tile (嵌档 then depends on what the 得 elsewhere stand for).
"""

from __future__ import annotations

from itertools import product

from scorer import wildsplit
from scorer.decompose import CHOW, PAIR, PUNG

from .sets import PAIR_POINTS, WAIT_POINTS, natural_placements

# per tile group (scorer.wildsplit): the groups, their readings, the shares of the 得 and the pair
NO_CAP = wildsplit.NO_CAP
TILE_GROUPS = wildsplit.TILE_GROUPS
Local = wildsplit.Local
group_readings = wildsplit.group_readings


class LocalScorer:
    """Per-group parts of a reading's base and fans (see the module docstring), and each tile group's
    table of them, memoised across calls by everything the table depends on."""

    def __init__(self, env, tid: int | None, self_draw: bool, n_wilds: int, chows_matter: bool) -> None:
        self.env = env
        self.tid = tid                      # identity of a natural winning tile, else None
        self.self_draw = self_draw
        self.n_wilds = n_wilds              # 得 standing for something in every reading
        self.chows_matter = chows_matter    # 对对和 scores: keep readings with and without chows apart
        self.codes: dict[int, tuple[int, int]] = {}
        opts = env.opts
        # every input of code(), restored_fans() and placement_points() besides the groups themselves
        self.signature = (env.wild, env.seat, env.round, env.winner, opts.seat_wind_column,
                          opts.wild_dragon_is_dragon, opts.round_wind_fan, opts.wait_points,
                          opts.discard_pung_exposed, opts.wild_restored, tid, self_draw, n_wilds, chows_matter)

    def code(self, code: int) -> tuple[int, int]:
        """(points, fans) of one group of a reading, the placement of the winning tile aside."""
        v = self.codes.get(code)
        if v is None:
            env, gtype, x = self.env, code >> 6, code & 63
            if gtype == PAIR:
                v = (PAIR_POINTS if env.pair_item(x) else 0, 0)
            elif gtype == PUNG:
                v = (env.set_points("concealed_pung", x), len(env.set_fan_items(x)))
            else:
                v = (0, 0)
            self.codes[code] = v
        return v

    def restored_fans(self, restored: int) -> int:
        """Fans of 得复原 when ``restored`` 得 stand for their own kind (docs/rules/huangyan.md#wild-restored,
        option ``wild_restored``)."""
        mode = self.env.opts.wild_restored
        if mode == "all_once":
            return 1 if restored == self.n_wilds else 0
        if mode == "any_once":
            return 1 if restored else 0
        return restored

    def placement_points(self, gs: tuple[int, ...]) -> int | None:
        """The most points the winning tile's placement adds in a reading whose group of the winning
        tile is ``gs`` (every placement of a reading has the same fans); None if it has none."""
        env = self.env
        if self.tid is None:  # a wild winning tile has no natural placement
            return None
        pair = None
        chows: list[int] = []
        pungs: list[int] = []
        for code in gs:
            gtype = code >> 6
            if gtype == PAIR:
                pair = code & 63
            elif gtype == PUNG:
                pungs.append(code & 63)
            elif gtype == CHOW:
                chows.append(code & 63)
        best = None
        for _, lo, wait, exposed in natural_placements(env, self.tid, pair, chows, pungs, self.self_draw):
            pts = WAIT_POINTS if wait else 0
            if exposed:
                pts += env.set_points("exposed_pung", lo) - env.set_points("concealed_pung", lo)
            if best is None or pts > best:
                best = pts
        return best

    def tables(self, g: int, counts: list[int]) -> dict[tuple[int, int], tuple[int, list]]:
        """Tile group ``g``'s tables by (得, pair), filled in by ``table``; memoised across calls by
        everything they depend on (cleared when full)."""
        base, size = TILE_GROUPS[g]
        return wildsplit.memo_slot(_TABLES, (self.signature, g, tuple(counts[base:base + size])), _TABLES_MAX)

    def table(self, tables: dict, g: int, counts: list[int], n: int, w: int, p: int) -> tuple[int, list]:
        """The number of local readings of tile group ``g`` with ``w`` 得 and ``p`` pair, and their
        table: [((fans, has a chow), (most points, first local reading with them, its 得)), ...]."""
        base, size = TILE_GROUPS[g]
        if wildsplit.RECORDS is None or (self.tid is not None and base <= self.tid < base + size):
            local = group_readings(g, counts, n, w, p)
            found = tables[(w, p)] = (len(local), list(self._table(g, local).items()))
        else:
            found = tables[(w, p)] = self._table_in_c(g, counts, w, p)
        return found

    def _table_in_c(self, g: int, counts: list[int], w: int, p: int) -> tuple[int, list]:
        """``_table`` for a group without the winning tile, summed over the decomposer's records in
        C (a group with four 得 has hundreds of readings): the same entries in the same order."""
        got = wildsplit.group_records(g, counts, w, p)
        if got is None:
            return 0, []
        records, ngroups, width, count = got
        lib = wildsplit.RECORDS
        codes = lib.record_codes(records, ngroups, width)
        values = self.codes
        found = [values.get(c) or self.code(c) for c in codes]
        points = [v[0] for v in found]
        fans = [v[1] for v in found]
        base, size = TILE_GROUPS[g]
        wild = self.env.wild
        holds_wild = base <= wild < base + size
        extra = tuple(self.restored_fans(k) for k in range(w + 1)) if holds_wild else ()
        best = lib.best_per_key(records, ngroups, width, codes, points, fans, wild if holds_wild else -1, extra,
                               self.chows_matter)
        entries = []
        for f, chow, pts, index in best:
            gs, st = lib.record_reading(records, index, ngroups, width)
            entries.append(((f, chow), (pts, gs, st)))
        return count, entries

    def _table(self, g: int, local: list[Local]) -> dict[tuple[int, bool], tuple[int, tuple, tuple]]:
        base, size = TILE_GROUPS[g]
        tid = self.tid
        holds_win = tid is not None and base <= tid < base + size
        wild = self.env.wild
        holds_wild = base <= wild < base + size
        values = self.codes
        code = self.code
        chows_matter = self.chows_matter
        out: dict[tuple[int, bool], tuple[int, tuple, tuple]] = {}
        for gs, st in local:
            pts = fans = 0
            for c in gs:
                v = values.get(c) or code(c)
                pts += v[0]
                fans += v[1]
            if holds_wild:
                fans += self.restored_fans(st.count(wild))
            if holds_win:
                extra = self.placement_points(gs)
                if extra is None:
                    continue
                pts += extra
            key = (fans, chows_matter and bool(gs) and gs[-1] >> 6 == CHOW)
            cur = out.get(key)
            if cur is None or pts > cur[0]:
                out[key] = (pts, gs, st)
        return out


# (scorer signature, tile group, its naturals) -> {(得, pair): LocalScorer.table()}; cleared when full.
_TABLES: dict[tuple, dict[tuple[int, int], tuple[int, list]]] = {}
_TABLES_MAX = 2048


def best_reading(counts: list[int], n_wilds: int, local_scorer: LocalScorer, *, fixed_points: int,
                 fixed_fans: int, flush_fans, all_pungs_points: int, limit):
    """Search every distribution of the 得 and the pair over the tile groups.

    ``flush_fans(suits, honours)`` gives the flush fans of a distribution (which suits / whether
    honours hold tiles, melds included by the caller), ``all_pungs_points`` the 对对和 points for a
    reading without chows, ``limit(raw)`` the total. Returns (number of readings, best key or None,
    its groups, its 得), the groups and 得 sorted as the decomposer lists them.
    """
    sizes = wildsplit.group_sizes(counts)
    memo = [local_scorer.tables(g, counts) for g in range(4)]
    flush_memo: dict[tuple, int] = {}
    n_readings = 0
    best_key = None
    best_groups: tuple[int, ...] = ()
    best_wilds: tuple[int, ...] = ()

    def lookup(g: int, share: tuple[int, int]) -> tuple[int, list]:
        return memo[g].get(share) or local_scorer.table(memo[g], g, counts, sizes[g], *share)

    for dist in wildsplit.shares(sizes, n_wilds):
        count, tables = wildsplit.group_tables(dist, lookup)
        if not count:
            continue
        n_readings += count
        fans0 = _distribution_fans(sizes, dist, flush_memo, fixed_fans, flush_fans)
        for combo in product(*tables):
            key = _combo_key(combo, fans0, fixed_points, all_pungs_points, limit)
            if best_key is not None and key < best_key:
                continue
            groups = tuple(sorted([c for _, (_, gs, _) in combo for c in gs]))
            if best_key is None or key > best_key or groups < best_groups:
                best_key = key
                best_groups = groups
                best_wilds = tuple(sorted([k for _, (_, _, st) in combo for k in st]))
    return n_readings, best_key, best_groups, best_wilds


def _distribution_fans(sizes, dist, flush_memo: dict[tuple, int], fixed_fans: int, flush_fans) -> int:
    """The fixed fans plus the flush fans of a distribution (by which groups hold tiles), memoised."""
    held = (sizes[0] + dist[0][0] > 0, sizes[1] + dist[1][0] > 0, sizes[2] + dist[2][0] > 0,
            sizes[3] + dist[3][0] > 0)
    fans0 = flush_memo.get(held)
    if fans0 is None:
        fans0 = flush_memo[held] = fixed_fans + flush_fans([s for s in range(3) if held[s]], held[3])
    return fans0


def _combo_key(combo, fans0: int, fixed_points: int, all_pungs_points: int, limit) -> tuple[int, int, int, int]:
    """(total, raw, fans, base) of one combination of local readings, one per tile group."""
    fans = fans0
    pts = fixed_points
    chow = False
    for (f, c), (p, _, _) in combo:
        fans += f
        pts += p
        chow = chow or c
    if all_pungs_points and not chow:
        pts += all_pungs_points
    raw = (pts + 20) << fans
    return limit(raw), raw, fans, pts
