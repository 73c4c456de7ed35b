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


def reading_outcomes(hand: Hand, ctx: NantongContext, opts: NantongRules, indicators: list[int],
                     fixed_units: list[Unit]) -> list[Outcome]:
    """Every partition, each with its best placement of the winning card (docs/rules/nantong.md#what-wins)."""
    fixed = [m for m in hand.melds if m.kind is not MeldKind.PAIR]
    n_sets = 7 - len(fixed)
    counts = hand.counts()
    found = readings(counts, n_sets) if n_sets >= 0 else []
    if not found:
        return []
    heavenly = ctx.heavenly
    selfdrawn = ctx.self_draw or heavenly
    discard_win = not selfdrawn
    w = None if heavenly else hand.win_tile

    counted = concealed_units(counts, indicators, opts, discard_win, w) if opts.count_rule else None
    only_wait = True
    if opts.wait_rule == "only_wait" and w is not None:
        short = list(counts)
        short[w] -= 1
        kinds = {k for k, _ in waits(short, n_sets, kinds_mask=NANTONG_MASK)}
        only_wait = kinds == {w}

    fixed_all_triplets = all(m.kind is not MeldKind.CHOW for m in fixed)  # always true: no chow melds
    elders = _elders(hand)
    outcomes: list[Outcome] = []
    for groups, _ in found:
        groups = list(groups)
        if counted is None:
            trip = frozenset(g & 63 for g in groups if g >> 6 == PUNG)
            units = fixed_units + concealed_units(counts, indicators, opts, discard_win, w, only=trip)
        else:
            units = fixed_units + counted
        base = sum(u.value for u in units)
        sets = [g for g in groups if g >> 6 != PAIR]
        if not fixed and all(g >> 6 == CHOW for g in sets):
            shape = "qing_hu"
        elif fixed_all_triplets and all(g >> 6 != CHOW or g == COINS_123 for g in sets):
            shape = "piao_hu"
        else:
            shape = "tazi_hu"
        wq = sum(1 for g in sets if g == COINS_123)
        bonuses: list[tuple[str, int, int]] = [(shape, SHAPE_BONUS[shape], 1)]
        if wq:
            bonuses.append(("wenqian", WENQIAN[wq], wq))
        if ctx.self_draw or (heavenly and opts.heavenly_self_draw):
            bonuses.append(("self_draw", 10, 1))
        if ctx.kong_replacement:
            bonuses.append(("kong_replacement", 10, 1))
        factors: list[tuple[str, int]] = []
        if shape == "piao_hu":
            factors.append(("piao_hu", 2))
            if _closed_piao(hand, units, selfdrawn, opts):
                factors.append(("closed_piao", 2))
        if elders:
            factors.append(("three_elders", 2))
        for flag, iid in (("heavenly", "heavenly_win"), ("dealer_first_discard", "dealer_first_discard"),
                          ("ready", "ready"), ("last_tile", "last_tile")):
            if getattr(ctx, flag):
                factors.append((iid, 4 if flag == "ready" and opts.ready_doubles_twice else 2))
        mult = 1
        for _, f in factors:
            mult *= f
        counted_base = ceil10(base) if opts.round_base_first else base
        places = _placements(groups, w) if w is not None else [(None, False)]
        best: Outcome | None = None
        for where, fits in places:
            wait = fits and only_wait
            bonus = sum(p for _, p, _ in bonuses) + (10 if wait else 0)
            raw = (counted_base + bonus) * mult
            if best is None or raw > best.raw:
                b = bonuses + ([("wait_bonus", 10, 1)] if wait else [])
                best = Outcome(raw, base, units, groups, shape, wq, b, factors, where, bonus, mult,
                               partition_texts(fixed, groups))
        if best is not None:
            outcomes.append(best)
    return outcomes


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
