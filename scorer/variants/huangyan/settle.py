"""Settlement (docs/rules/huangyan.md#payments): points (和) by seat, plus the bullet and bomb ledgers.

The 点炮 rules are numbered as in the page's section "The 点炮 penalty"."""

from __future__ import annotations

from itertools import combinations

from scorer.seats import DEALER, SEATS, no_payments, other_seats, transfer

from .context import HuangyanRules


def settle(winner: str, t_win: int, totals: dict[str, int], *, self_draw: bool, bullets: int,
           dealer_streak: int, bombs: dict[str, int], dian_pao: str | None,
           opts: HuangyanRules) -> dict[str, dict[str, int]]:
    """``totals`` holds every non-winner's total (missing seats 0). Returns the ledgers
    {"points", "bullets", "bombs"} by seat, each summing to zero."""
    others = other_seats(winner)
    t = {s: totals.get(s, 0) for s in others}
    if dian_pao is not None:
        t[dian_pao] = 0  # 点炮 rule 1: the discarder's own total counts as 0
    mult = 2 if self_draw else 1
    transfers = _to_winner(winner, t_win, t, dian_pao, opts)
    transfers += _between_others(t) if dian_pao is None else _dian_pao_differences(t, dian_pao)
    points = no_payments()
    for payer, payee, amount in transfers:
        if opts.dealer_double and DEALER in (payer, payee):
            amount *= 2
        transfer(points, payer, payee, amount)
    bullet_ledger = _bullets(winner, others, bullets, dealer_streak, mult, dian_pao, opts)
    bomb_ledger = _bombs(winner, others, bombs, mult, dian_pao)
    if opts.side_payment_rate:
        for s in SEATS:
            points[s] += (bullet_ledger[s] + bomb_ledger[s]) * opts.side_payment_rate
    return {"points": points, "bullets": bullet_ledger, "bombs": bomb_ledger}


Transfer = tuple[str, str, int]  # (payer, payee, amount) of points


def _to_winner(winner: str, t_win: int, t: dict[str, int], dian_pao: str | None,
               opts: HuangyanRules) -> list[Transfer]:
    """What each non-winner owes the winner (paid by the discarder under 点炮)."""
    transfers: list[Transfer] = []
    for s in t:
        amount = t_win - t[s] if opts.settlement == "pairwise" else t_win
        if amount >= 0:
            transfers.append((dian_pao or s, winner, amount))
        else:  # pairwise reading: a non-winner worth more than the winner is paid by him
            transfers.append((winner, s, -amount))
    return transfers


def _between_others(t: dict[str, int]) -> list[Transfer]:
    """Each pair of non-winners settles the difference of their totals."""
    transfers: list[Transfer] = []
    for a, b in combinations(t, 2):
        if t[a] != t[b]:
            lo, hi = (a, b) if t[a] < t[b] else (b, a)
            transfers.append((lo, hi, t[hi] - t[lo]))
    return transfers


def _dian_pao_differences(t: dict[str, int], dian_pao: str) -> list[Transfer]:
    """点炮 rules 3 and 4: the discarder pays the other two the difference to his 0, and their
    difference too."""
    rest = [s for s in t if s != dian_pao]
    transfers: list[Transfer] = [(dian_pao, s, t[s]) for s in rest]
    a, b = rest
    if t[a] != t[b]:
        hi = a if t[a] > t[b] else b
        transfers.append((dian_pao, hi, abs(t[a] - t[b])))
    return transfers


def _bullets(winner: str, others: list[str], bullets: int, dealer_streak: int, mult: int, dian_pao: str | None,
             opts: HuangyanRules) -> dict[str, int]:
    streak = dealer_streak if (winner == DEALER or opts.bullet_streak == "current") else 1
    per_payer = bullets * streak * mult
    ledger = no_payments()
    for s in others:
        transfer(ledger, dian_pao or s, winner, per_payer)
    return ledger


def _bombs(winner: str, others: list[str], bombs: dict[str, int], mult: int, dian_pao: str | None) -> dict[str, int]:
    ledger = no_payments()
    if winner == DEALER:
        for s in others:
            transfer(ledger, dian_pao or s, winner, bombs.get(s, 0) * mult)
    else:
        transfer(ledger, dian_pao or DEALER, winner, bombs.get(winner, 0) * mult)
    return ledger
