"""The winner's search (docs/rules/nantong.md#what-wins, docs/rules/nantong.md#items): every partition,
every winning-card placement."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.decompose import CHOW, PAIR, PUNG, SUITED_MASK, group_tiles, readings, waits
from scorer.hand import Exposure, Hand, MeldKind
from scorer.notation import format_meld
from scorer.tiles import tiles_text

from .context import NantongContext, NantongRules
from .units import RED_FLOWER, THOUSAND, WHITE_FLOWER, Unit, ceil10, concealed_units

NANTONG_MASK = SUITED_MASK | (1 << THOUSAND) | (1 << WHITE_FLOWER) | (1 << RED_FLOWER)
WENQIAN = {0: 0, 1: 20, 2: 50, 3: 100, 4: 200}
SHAPE_BONUS = {"qing_hu": 100, "piao_hu": 50, "tazi_hu": 20}
COINS_123 = (CHOW << 6) | 9  # 1p2p3p: coins are kinds 9-17
SUIT_ORDER = {0: 0, 2: 1, 1: 2}  # display order m, s, p


@dataclass
class Outcome:
    raw: int
    base: int
    units: list[Unit]
    groups: list[int]               # concealed group codes, pair included
    shape: str
    wenqian: int
    bonuses: list[tuple[str, int, int]]   # (item id, points, count)
    factors: list[tuple[str, int]]        # (item id, factor)
    placement: str | None
    bonus: int = 0
    multiplier: int = 1
    partition: list[str] = field(default_factory=list)


def _sort_key(code: int) -> tuple[int, int, int]:
    t = code & 63
    gtype = code >> 6
    suit = SUIT_ORDER[t // 9] if t < 27 else 3
    return (gtype == PAIR, suit, t)


def partition_texts(fixed: list, groups: list[int]) -> list[str]:
    return [format_meld(m) for m in fixed] + [tiles_text(group_tiles(g)) for g in sorted(groups, key=_sort_key)]


def _placements(groups: list[int], w: int) -> list[tuple[str, bool]]:
    """Where the winning card may sit: (description, earns the wait bonus)."""
    out = []
    for g in sorted(set(groups)):
        gtype, t = g >> 6, g & 63
        text = tiles_text(group_tiles(g))
        if gtype == PAIR and t == w:
            out.append((f"pair {text}", True))
        elif gtype == PUNG and t == w:
            out.append((f"triplet {text}", False))
        elif gtype == CHOW and t <= w <= t + 2:
            i = w - t
            rank = t % 9 + 1
            if i == 1:
                out.append((f"middle of {text}", True))
            elif i == 2 and rank == 1:
                out.append((f"3 of {text}", True))
            elif i == 0 and rank == 7:
                out.append((f"7 of {text}", True))
            else:
                out.append((f"edge of {text}", False))
    return out


def _elders(hand: Hand) -> bool:
    c = [0] * 37
    for k in hand.concealed:
        c[k] += 1
    for m in hand.melds:
        if m.kind is not MeldKind.PAIR:  # Hezi cards do not count (docs/rules/nantong.md#three-elders)
            for k in m.tiles:
                c[k] += 1
    return all(c[k] >= 3 for k in (THOUSAND, WHITE_FLOWER, RED_FLOWER))


TIE_BREAK = "the first reading found in the decomposer's order, then the first placement, keeps a tie"


def best_outcome(hand: Hand, ctx: NantongContext, opts: NantongRules, indicators: list[int],
                 fixed_units: list[Unit]) -> tuple[Outcome | None, int]:
    """The highest-scoring (partition, placement); None when the hand forms no seven groups + pair."""
    outcomes = reading_outcomes(hand, ctx, opts, indicators, fixed_units)
    best: Outcome | None = None
    for o in outcomes:
        if best is None or o.raw > best.raw:
            best = o
    return best, len(outcomes)


@dataclass(frozen=True)
class _Deal:
    """What every partition of one winning hand shares."""

    hand: Hand
    ctx: NantongContext
    opts: NantongRules
    fixed: list                      # the fixed melds but the 盒子 pair
    fixed_units: list[Unit]
    counted: list[Unit] | None       # the concealed units when they do not depend on the partition
    counts: list[int]
    indicators: list[int]
    win: int | None                  # the winning card (None for a heavenly win)
    only_wait: bool
    elders: bool

    @property
    def selfdrawn(self) -> bool:
        return self.ctx.self_draw or self.ctx.heavenly


def reading_outcomes(hand: Hand, ctx: NantongContext, opts: NantongRules, indicators: list[int],
                     fixed_units: list[Unit]) -> list[Outcome]:
    """Every partition, each with its best placement of the winning card (docs/rules/nantong.md#what-wins)."""
    fixed = [m for m in hand.melds if m.kind is not MeldKind.PAIR]
    n_sets = 7 - len(fixed)
    counts = hand.counts()
    found = readings(counts, n_sets) if n_sets >= 0 else []
    if not found:
        return []
    w = None if ctx.heavenly else hand.win_tile
    discard_win = not (ctx.self_draw or ctx.heavenly)
    counted = concealed_units(counts, indicators, opts, discard_win, w) if opts.count_rule else None
    deal = _Deal(hand, ctx, opts, fixed, fixed_units, counted, counts, indicators, w,
                 _only_wait(counts, n_sets, w, opts), _elders(hand))
    outcomes: list[Outcome] = []
    for groups, _ in found:
        best = _partition_outcome(deal, list(groups))
        if best is not None:
            outcomes.append(best)
    return outcomes


def _only_wait(counts: list[int], n_sets: int, w: int | None, opts: NantongRules) -> bool:
    """Under ``wait_rule="only_wait"``: the winning card was the hand's only wait."""
    if opts.wait_rule != "only_wait" or w is None:
        return True
    short = list(counts)
    short[w] -= 1
    kinds = {k for k, _ in waits(short, n_sets, kinds_mask=NANTONG_MASK)}
    return kinds == {w}


def _partition_outcome(deal: _Deal, groups: list[int]) -> Outcome | None:
    """One partition with its best placement of the winning card."""
    units = deal.fixed_units + _concealed_units(deal, groups)
    base = sum(u.value for u in units)
    sets = [g for g in groups if g >> 6 != PAIR]
    shape = _shape(deal.fixed, sets)
    wq = sum(1 for g in sets if g == COINS_123)
    bonuses = _bonuses(shape, wq, deal.ctx, deal.opts)
    factors = _factors(shape, deal, units)
    mult = 1
    for _, f in factors:
        mult *= f
    counted_base = ceil10(base) if deal.opts.round_base_first else base
    places = _placements(groups, deal.win) if deal.win is not None else [(None, False)]
    best: Outcome | None = None
    for where, fits in places:
        wait = fits and deal.only_wait
        bonus = sum(p for _, p, _ in bonuses) + (10 if wait else 0)
        raw = (counted_base + bonus) * mult
        if best is None or raw > best.raw:
            best = Outcome(raw, base, units, groups, shape, wq, _with_wait(bonuses, wait), factors, where, bonus,
                           mult, partition_texts(deal.fixed, groups))
    return best


def _with_wait(bonuses: list[tuple[str, int, int]], wait: bool) -> list[tuple[str, int, int]]:
    return bonuses + ([("wait_bonus", 10, 1)] if wait else [])


def _concealed_units(deal: _Deal, groups: list[int]) -> list[Unit]:
    """The concealed part's units: counted once for the hand, or from this partition's triplets."""
    if deal.counted is not None:
        return deal.counted
    trip = frozenset(g & 63 for g in groups if g >> 6 == PUNG)
    return concealed_units(deal.counts, deal.indicators, deal.opts, not deal.selfdrawn, deal.win, only=trip)


def _shape(fixed: list, sets: list[int]) -> str:
    """清胡 (no fixed meld, every set a chow), 飘胡 (no chow but 1p2p3p), else 塌子胡."""
    if not fixed and all(g >> 6 == CHOW for g in sets):
        return "qing_hu"
    fixed_all_triplets = all(m.kind is not MeldKind.CHOW for m in fixed)  # always true: no chow melds
    if fixed_all_triplets and all(g >> 6 != CHOW or g == COINS_123 for g in sets):
        return "piao_hu"
    return "tazi_hu"


def _bonuses(shape: str, wq: int, ctx: NantongContext, opts: NantongRules) -> list[tuple[str, int, int]]:
    """The added points: the shape, 文钱 (each 1p2p3p), self-draw, the kong replacement."""
    bonuses: list[tuple[str, int, int]] = [(shape, SHAPE_BONUS[shape], 1)]
    if wq:
        bonuses.append(("wenqian", WENQIAN[wq], wq))
    if ctx.self_draw or (ctx.heavenly and opts.heavenly_self_draw):
        bonuses.append(("self_draw", 10, 1))
    if ctx.kong_replacement:
        bonuses.append(("kong_replacement", 10, 1))
    return bonuses


# the context flags that double the hand: (flag, item id)
_FLAG_FACTORS = (("heavenly", "heavenly_win"), ("dealer_first_discard", "dealer_first_discard"),
                 ("ready", "ready"), ("last_tile", "last_tile"))


def _factors(shape: str, deal: _Deal, units: list[Unit]) -> list[tuple[str, int]]:
    """The doublings: 飘胡 (and 闷飘), three elders, the context's flags (ready ×4 under
    ``ready_doubles_twice``)."""
    factors: list[tuple[str, int]] = []
    if shape == "piao_hu":
        factors.append(("piao_hu", 2))
        if _closed_piao(deal.hand, units, deal.selfdrawn, deal.opts):
            factors.append(("closed_piao", 2))
    if deal.elders:
        factors.append(("three_elders", 2))
    for flag, iid in _FLAG_FACTORS:
        if getattr(deal.ctx, flag):
            factors.append((iid, 4 if flag == "ready" and deal.opts.ready_doubles_twice else 2))
    return factors


def _closed_piao(hand: Hand, units: list[Unit], selfdrawn: bool, opts: NantongRules) -> bool:
    """闷飘 under the option ``closed_piao`` (docs/rules/nantong.md#closed-piao)."""
    if opts.closed_piao == "no_pung":
        return not any(u.id == "exposed_pung" for u in units)
    if opts.closed_piao == "no_exposed":
        exposed_meld = any(m.exposure in (Exposure.EXPOSED, Exposure.ADDED) for m in hand.melds)
        discard_pung = any(u.id == "exposed_pung" for u in units)
        return not exposed_meld and not discard_pung
    played = any(m.exposure is not Exposure.DECLARED for m in hand.melds)
    return selfdrawn and not played
