"""Why the chosen reading of an MCR hand is the one kept (docs/rules/mcr.md#choosing-between-readings):
the decisions the evaluator and its compiled twin report, by code, and the text a result carries
in ``tie_break``. The codes are the indices of ``DECISIONS``: ``_fast.pyx`` reads them from here."""

from __future__ import annotations

# (code name, the result's tie_break text), in code order
DECISIONS: tuple[tuple[str, str], ...] = (
    ("only", "the only reading"),
    ("highest", "the highest total: no other reading reaches it"),
    ("first_kept", "ties with a later reading: the first in the reference's generation order is kept"),
    ("pure_triple_chow", "ties with an earlier reading: a later division holding 一色三同顺 replaces it"),
    ("triple_pung", "ties with an earlier reading: a later division holding 三同刻 replaces it"),
    ("over_seven_pairs", "ties with the seven-pairs reading: a four-sets division replaces it "
                         "(of equal divisions, the last in generation order)"),
)
ONLY, HIGHEST, FIRST_KEPT, PURE_TRIPLE_CHOW, TRIPLE_PUNG, OVER_SEVEN_PAIRS = range(len(DECISIONS))
TEXTS: tuple[str, ...] = tuple(text for _, text in DECISIONS)

# how the last change of the kept reading came about, while the readings are weighed
TOOK_FIRST, TOOK_HIGHER = -1, -2


def decision(n_readings: int, best_points: int, second_points: int, took: int) -> int:
    """The decision once every reading is weighed: ``second_points`` is the highest total of the
    readings not kept (-1: none), ``took`` how the kept one last took over (``TOOK_FIRST``,
    ``TOOK_HIGHER`` or the tie rule's code)."""
    if n_readings <= 1 or second_points < 0:
        return ONLY
    if second_points < best_points:
        return HIGHEST
    return FIRST_KEPT if took < 0 else took
