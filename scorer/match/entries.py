"""The loop every kind of sheet runs over a record's entries (``sheet`` for MCR, ``riichi_sheet``):
each entry read, then settled in order, and every problem of every entry kept. A faulty entry is
still checked as far as it can be read (``partial``: a wrong type in one field hides nothing else
of the entry) and still takes its place, so the entries after it are checked where they stand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..errors import HandError, Problem

E = Any  # a kind of sheet's entry (its model's union): each sheet's own functions are typed


def settle_each(hands: Sequence[Any], where: Callable[[int], str], *,
                read: Callable[[Any, str], tuple[E | None, list[Problem]]],
                read_partly: Callable[[Any], E | None],
                check: Callable[[E, str], list[Problem]],
                settle: Callable[[E, int, str], None],
                skip: Callable[[Any], None]) -> list[Problem]:
    """Every problem of ``hands`` (entry ``n`` is 1-based, named by ``where(n - 1)``).

    ``read``: the entry or its shape problems; ``read_partly``: what can be read of a faulty one;
    ``check``: what is wrong with an entry where it stands, without settling it; ``settle``: the
    entry settled into the sheet, or HandError with nothing changed; ``skip``: a faulty entry (as
    written) takes its place."""
    problems: list[Problem] = []
    for n, raw in enumerate(hands, 1):
        place = where(n - 1)
        entry, faults = read(raw, place)
        if entry is None:
            part = read_partly(raw) if faults else None
            problems += faults + (check(part, place) if part is not None else [])
            skip(raw)
            continue
        try:
            settle(entry, n, place)
        except HandError as err:
            problems += err.problems
            skip(raw)
    return problems
