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
    n_sets = 5 - len(hand.melds)
    golds = hand.concealed.count(f.wild)
    counts = hand.counts()
    counts[f.wild] = 0
    out.golds = golds
    # F and D never depend on the arrangement; computed first so invalid results show them too.
    _count_flowers_and_dealer(out, hand, f, opts)
    out.reason_code = _discard_refusal(f)
    if out.reason_code is not None:
        return out

    n_arrs, bird, chosen = _summary(counts, n_sets, golds, f.wild, arrangements, exhaustive)
    out.arrangements = n_arrs
    three = golds >= 3 and not f.rob_gold and (f.self_draw or opts.three_golds_on_discard)
    if not n_arrs and not three:
        out.reason_code = "not_winning"
        return out
    if _running_gold_shape(counts, n_sets, golds, f, opts):
        out.running_gold_shape = True
        out.reason_code = "you_jin_discard"
        return out

    out.valid = True
    # Display: prefer golds standing for their own kind (the reading a player would name).
    if chosen is not None:
        out.reading, out.standins = chosen
    out.candidates = _gold_bonus_candidates(bird, three, f.rob_gold and bool(n_arrs))
    _count_bonus(out, opts)
    has_bonus = bool(out.bonuses) or out.pinghu
    out.m = 2 if f.self_draw or (has_bonus and opts.bonus_doubles_discard) else 1
    out.points = f.base * (out.F * out.m + out.B)
    payers = _payers(f, opts, has_bonus)
    out.payments = collect(f.seat, {p: f.base * ((out.F + _dealer_points(out.D, p, f, opts)) * out.m + out.B)
                                    for p in payers})
    return out


def _summary(counts: list[int], n_sets: int, golds: int, wild: int, arrangements: list | None,
             exhaustive: bool) -> tuple[int, bool, tuple[tuple[int, ...], tuple[int, ...]] | None]:
    """How many arrangements, whether one is 金雀, the one shown: from the arrangements given, from
    every reading listed, or (the same three facts) without listing them (arrangements.py)."""
    if arrangements is not None:
        return listed_summary(arrangements, wild)
    if exhaustive:
        return listed_summary(readings(counts, n_sets, golds, SUITED_MASK, 99), wild)
    return arrangement_summary(tuple(counts[:27]), n_sets, golds, wild)


# D by ``dealer_points``: the streak, the streak plus one, else 1
_DEALER_POINTS = {"streak": lambda streak: streak, "streak_plus_one": lambda streak: streak + 1}


def _count_flowers_and_dealer(out: Outcome, hand: Hand, f: Facts, opts: FuzhouRules) -> None:
    """F (flowers, flower kongs, kongs, golds as flowers when the room counts them) and D."""
    out.flower_tiles, out.flower_kongs = flower_counts(f.flowers)
    out.exposed_kongs = sum(1 for m in hand.melds if m.is_kong and m.exposure is not Exposure.CONCEALED)
    out.concealed_kongs = sum(1 for m in hand.melds if m.is_kong and m.exposure is Exposure.CONCEALED)
    out.gold_flowers = out.golds if opts.golds_as_flowers else 0
    out.F = (out.flower_tiles + (opts.flower_kong_points - 4) * out.flower_kongs
             + out.exposed_kongs + 2 * out.concealed_kongs + out.gold_flowers)
    by_streak = _DEALER_POINTS.get(opts.dealer_points)
    out.D = by_streak(f.streak) if by_streak is not None else 1


# the discard wins that are no win, in the order of docs/rules/fuzhou.md#errors
_DISCARD_REFUSALS = (
    ("gold_discard_win", lambda f: f.win == f.wild),
    ("you_jin_discard", lambda f: f.you_jin),
    ("passed_hu", lambda f: f.passed_hu),
)


def _discard_refusal(f: Facts) -> str | None:
    if f.self_draw:
        return None
    return next((code for code, applies in _DISCARD_REFUSALS if applies(f)), None)


def _running_gold_shape(counts: list[int], n_sets: int, golds: int, f: Facts, opts: FuzhouRules) -> bool:
    """Running gold (游金) by its shape, on a discard win: the hand before the winning tile, H'."""
    if f.self_draw or opts.running_gold_shape == "off":
        return False
    pre = list(counts)
    pre[f.win] -= 1  # the winning tile is not a gold here (checked above)
    if opts.running_gold_shape == "single_gold":
        return golds == 1 and _sets_only(tuple(pre[:27]))
    return golds >= 1 and _sets_with_wilds(pre, n_sets, golds - 1)


def _gold_bonus_candidates(bird: bool, three: bool, rob: bool) -> list[str]:
    """Every gold bonus type that applies, highest first."""
    return [bonus for bonus, applies in (("golden_bird", bird), ("three_golds", three), ("rob_gold", rob))
            if applies]


def _count_bonus(out: Outcome, opts: FuzhouRules) -> None:
    """B: the gold bonuses counted (the highest, or every one under ``stack_bonuses``) and the plain
    extra when there is no flower point; else 平胡 when there is none."""
    if out.candidates:
        if opts.stack_bonuses:  # the option counts every type: no high-over-low
            out.bonuses = out.candidates
        else:
            kept, out.excluded = apply_exclusions([Found(c) for c in out.candidates], ITEMS)
            out.bonuses = [c.id for c in kept]
        out.B = sum(BONUS_VALUES[b] for b in out.bonuses)
        if out.F == 0:
            out.plain_extra = True
            out.B += PLAIN_EXTRA
    elif out.F == 0:
        out.pinghu = True
        out.B = PINGHU


def _payers(f: Facts, opts: FuzhouRules, has_bonus: bool) -> list[str]:
    """The three on a self-draw (or when ``discard_payers`` says so), else the discarder alone."""
    if f.self_draw or opts.discard_payers == "all" or (opts.discard_payers == "all_for_bonus" and has_bonus):
        return other_seats(f.seat)
    assert f.discarder is not None, "a discard win has its discarder (validate.check)"
    return [f.discarder]


def _dealer_points(d: int, payer: str, f: Facts, opts: FuzhouRules) -> int:
    """What D adds to one payer's part (``dealer_points_flow``)."""
    if opts.dealer_points_flow == "dealer_and_winner":
        return d if (f.dealer_wins or payer == DEALER) else 0
    if opts.dealer_points_flow == "winner_always":
        return d
    return d if f.dealer_wins else 0


def _evaluate_exhaustive(hand: Hand, f: Facts, opts: FuzhouRules) -> Outcome:
    """``evaluate`` by listing every reading of the golds (the way it was done before
    arrangements.py): kept as the reference the fast path is tested against."""
    return evaluate(hand, f, opts, exhaustive=True)
