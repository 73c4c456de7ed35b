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
    points = no_payments()
    transfers: list[tuple[str, str, int]] = []  # (payer, payee, amount) of points

    # what each non-winner owes the winner
    owed = {}
    for s in others:
        owed[s] = t_win - t[s] if opts.settlement == "pairwise" else t_win
    for s in others:
        payer = dian_pao or s
        amount = owed[s]
        if amount >= 0:
            transfers.append((payer, winner, amount))
        else:  # pairwise reading: a non-winner worth more than the winner is paid by him
            transfers.append((winner, s, -amount))
    # between non-winners
    if dian_pao is None:
        for a, b in combinations(others, 2):
            if t[a] != t[b]:
                lo, hi = (a, b) if t[a] < t[b] else (b, a)
                transfers.append((lo, hi, t[hi] - t[lo]))
    else:
        rest = [s for s in others if s != dian_pao]
        for s in rest:  # 点炮 rule 3: the difference to his 0
            transfers.append((dian_pao, s, t[s]))
        a, b = rest
        if t[a] != t[b]:  # 点炮 rule 4: their difference, paid by the discarder too
            hi = a if t[a] > t[b] else b
            transfers.append((dian_pao, hi, abs(t[a] - t[b])))
    for payer, payee, amount in transfers:
        if opts.dealer_double and DEALER in (payer, payee):
            amount *= 2
        transfer(points, payer, payee, amount)

    streak = dealer_streak if (winner == DEALER or opts.bullet_streak == "current") else 1
    per_payer = bullets * streak * mult
    bullet_ledger = no_payments()
    for s in others:
        transfer(bullet_ledger, dian_pao or s, winner, per_payer)

    bomb_ledger = no_payments()
    if winner == DEALER:
        for s in others:
            transfer(bomb_ledger, dian_pao or s, winner, bombs.get(s, 0) * mult)
    else:
        transfer(bomb_ledger, dian_pao or DEALER, winner, bombs.get(winner, 0) * mult)

    if opts.side_payment_rate:
        for s in SEATS:
            points[s] += (bullet_ledger[s] + bomb_ledger[s]) * opts.side_payment_rate
    return {"points": points, "bullets": bullet_ledger, "bombs": bomb_ledger}
