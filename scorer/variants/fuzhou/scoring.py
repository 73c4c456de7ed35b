"""Fuzhou scoring (docs/rules/fuzhou.md#items, #payments): the invalid wins, F, D, the bonus, m,
payments."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from scorer import deadline
from scorer.decompose import SUITED_MASK, readings
from scorer.exclusions import Found, apply_exclusions
from scorer.hand import Exposure, Hand
from scorer.result import Exclusion
from scorer.seats import DEALER, collect, no_payments, other_seats

from .arrangements import arrangement_summary, listed_summary
from .context import FuzhouRules
from .items import ITEMS
from .validate import Facts

BONUS_VALUES = {"golden_bird": 60, "three_golds": 40, "rob_gold": 30}
PINGHU = 30
PLAIN_EXTRA = 10

REASONS = {
    "gold_discard_win": "a discarded gold cannot be claimed or won on",
    "you_jin_discard": "the winner was running gold (游金) and may only win by self-draw",
    "passed_hu": "the winner passed up a win on this tile since his last draw (过胡) and may not win on it now",
    "not_winning": "not a winning hand: the tiles do not form 5 sets and a pair, even with the golds",
    "you_jin_shape": "running gold (游金): before the winning tile the hand held one gold and its other tiles "
                     "were complete sets, so it may only win by self-draw",
}


@dataclass
class Outcome:
    valid: bool
    reason_code: str | None = None
    flower_tiles: int = 0
    flower_kongs: int = 0
    exposed_kongs: int = 0
    concealed_kongs: int = 0
    golds: int = 0
    gold_flowers: int = 0
    F: int = 0
    D: int = 0
    candidates: list[str] = field(default_factory=list)  # every gold bonus type that applies, highest first
    bonuses: list[str] = field(default_factory=list)  # the gold bonus types counted, highest first
    excluded: list[Exclusion] = field(default_factory=list)  # the types the counted one excludes
    pinghu: bool = False
    plain_extra: bool = False
    B: int = 0
    m: int = 1
    points: int = 0
    payments: dict[str, int] = field(default_factory=no_payments)
    reading: tuple[int, ...] = ()      # chosen arrangement (group codes), () if none
    standins: tuple[int, ...] = ()     # what the golds stand for in it
    arrangements: int = 0
    running_gold_shape: bool = False


# ------------------------------------------------------------------------------------------ helpers

@lru_cache(maxsize=4096)
def _sets_only(counts: tuple[int, ...]) -> bool:
    """Do these suited counts split into chows and pungs only (no pair, no wild)?"""
    k = next((i for i, x in enumerate(counts) if x), -1)
    if k < 0:
        return True
    n = counts[k]
    c = list(counts)
    if n >= 3:
        c[k] -= 3
        if _sets_only(tuple(c)):
            return True
        c[k] += 3
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        c[k] -= 1
        c[k + 1] -= 1
        c[k + 2] -= 1
        if _sets_only(tuple(c)):
            return True
    return False


def _sets_with_wilds(counts: list[int], n_sets: int, wilds: int) -> bool:
    """Do these counts plus ``wilds`` golds split into ``n_sets`` sets and nothing else?

    A pair of East (kind 27) is added: golds cannot stand for honours (SUITED_MASK) and the naturals
    are suited, so the East pair can only be the reading's pair and the rest must be sets."""
    c = list(counts)
    c[27] = 2
    return bool(readings(c, n_sets, wilds, SUITED_MASK, 99))


def flower_counts(flowers: tuple[int, ...]) -> tuple[int, int]:
    """(tiles, flower kongs): four of one honour, 1f2f3f4f, 5f6f7f8f (docs/rules/fuzhou.md#flower-kong)."""
    kongs = sum(1 for k in set(flowers) if k >= 27 and flowers.count(k) == 4)
    if all(-n in flowers for n in (1, 2, 3, 4)):
        kongs += 1
    if all(-n in flowers for n in (5, 6, 7, 8)):
        kongs += 1
    return len(flowers), kongs


# ---------------------------------------------------------------------------------------- the score

def arrangements_of(hand: Hand, f: Facts) -> list:
    """Every arrangement (groups, stand-ins) of the concealed part with the golds wild
    (docs/rules/fuzhou.md#what-wins)."""
    counts = hand.counts()
    counts[f.wild] = 0
    return readings(counts, 5 - len(hand.melds), hand.concealed.count(f.wild), SUITED_MASK, 99)


def evaluate(hand: Hand, f: Facts, opts: FuzhouRules, arrangements: list | None = None, *,
             exhaustive: bool = False) -> Outcome:
    """The whole score. ``arrangements`` restricts the bonus to those arrangements (``explain``
    scores each one on its own; ``[]`` is the 三金倒 reading without an arrangement).

    Without it, what the score needs from the arrangements (their count, whether one is 金雀, the
    one shown) is computed without listing them (arrangements.py); ``exhaustive`` lists every
    reading instead, as ``_evaluate_exhaustive`` does, with the same outcome."""
    deadline.check()  # explain scores each of hundreds of arrangements: a step of the time budget
    out = Outcome(valid=False)
    k = len(hand.melds)
    n_sets = 5 - k
    golds = hand.concealed.count(f.wild)
    counts = hand.counts()
    counts[f.wild] = 0
    out.golds = golds

    # F and D never depend on the arrangement; computed first so invalid results show them too.
    out.flower_tiles, out.flower_kongs = flower_counts(f.flowers)
    out.exposed_kongs = sum(1 for m in hand.melds if m.is_kong and m.exposure is not Exposure.CONCEALED)
    out.concealed_kongs = sum(1 for m in hand.melds if m.is_kong and m.exposure is Exposure.CONCEALED)
    out.gold_flowers = golds if opts.golds_as_flowers else 0
    out.F = (out.flower_tiles + (opts.flower_kong_points - 4) * out.flower_kongs
             + out.exposed_kongs + 2 * out.concealed_kongs + out.gold_flowers)
    if opts.dealer_points == "streak":
        out.D = f.streak
    elif opts.dealer_points == "streak_plus_one":
        out.D = f.streak + 1
    else:
        out.D = 1

    discard = not f.self_draw
    # the invalid wins, in the order of docs/rules/fuzhou.md#errors
    if discard and f.win == f.wild:
        out.reason_code = "gold_discard_win"
        return out
    if discard and f.you_jin:
        out.reason_code = "you_jin_discard"
        return out
    if discard and f.passed_hu:
        out.reason_code = "passed_hu"
        return out

    if arrangements is not None:
        n_arrs, bird, chosen = listed_summary(arrangements, f.wild)
    elif exhaustive:
        n_arrs, bird, chosen = listed_summary(readings(counts, n_sets, golds, SUITED_MASK, 99), f.wild)
    else:  # the same three facts, without listing every reading (arrangements.py)
        n_arrs, bird, chosen = arrangement_summary(tuple(counts[:27]), n_sets, golds, f.wild)
    out.arrangements = n_arrs
    three = golds >= 3 and not f.rob_gold and (f.self_draw or opts.three_golds_on_discard)
    if not n_arrs and not three:
        out.reason_code = "not_winning"
        return out
    # running gold (游金) by its shape: the hand before the winning tile, H'
    if discard and opts.running_gold_shape != "off":
        pre = list(counts)
        pre[f.win] -= 1  # the winning tile is not a gold here (checked above)
        if opts.running_gold_shape == "single_gold":
            shape = golds == 1 and _sets_only(tuple(pre[:27]))
        else:
            shape = golds >= 1 and _sets_with_wilds(pre, n_sets, golds - 1)
        if shape:
            out.running_gold_shape = True
            out.reason_code = "you_jin_discard"
            return out

    out.valid = True
    # Display: prefer golds standing for their own kind (the reading a player would name).
    if chosen is not None:
        out.reading, out.standins = chosen
    cands = []
    if bird:
        cands.append("golden_bird")
    if three:
        cands.append("three_golds")
    if f.rob_gold and n_arrs:
        cands.append("rob_gold")
    out.candidates = cands
    if cands:
        if opts.stack_bonuses:  # the option counts every type: no high-over-low
            out.bonuses = cands
        else:
            kept, out.excluded = apply_exclusions([Found(c) for c in cands], ITEMS)
            out.bonuses = [c.id for c in kept]
        out.B = sum(BONUS_VALUES[b] for b in out.bonuses)
        if out.F == 0:
            out.plain_extra = True
            out.B += PLAIN_EXTRA
    elif out.F == 0:
        out.pinghu = True
        out.B = PINGHU
    has_bonus = bool(out.bonuses) or out.pinghu
    out.m = 2 if f.self_draw or (has_bonus and opts.bonus_doubles_discard) else 1
    out.points = f.base * (out.F * out.m + out.B)

    if f.self_draw or opts.discard_payers == "all" or (opts.discard_payers == "all_for_bonus" and has_bonus):
        payers = other_seats(f.seat)
    else:
        assert f.discarder is not None, "a discard win has its discarder (validate.check)"
        payers = [f.discarder]

    def dealer_points(payer: str) -> int:
        if opts.dealer_points_flow == "dealer_and_winner":
            return out.D if (f.dealer_wins or payer == DEALER) else 0
        if opts.dealer_points_flow == "winner_always":
            return out.D
        return out.D if f.dealer_wins else 0

    out.payments = collect(f.seat, {p: f.base * ((out.F + dealer_points(p)) * out.m + out.B) for p in payers})
    return out


def _evaluate_exhaustive(hand: Hand, f: Facts, opts: FuzhouRules) -> Outcome:
    """``evaluate`` by listing every reading of the golds (the way it was done before
    arrangements.py): kept as the reference the fast path is tested against."""
    return evaluate(hand, f, opts, exhaustive=True)
