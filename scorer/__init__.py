"""mjscore: a Mahjong hand-scoring calculator that says why.

    from scorer import score, parse
    result = score("mcr", "[123m][555p]234s5577z7z", {"self_draw": True, "seat_wind": "S"})

``score_compact`` / ``score_many(..., view="compact")`` answer the same totals, items and payments
without the explanation, MCR scored in C (about 1 µs a hand; see README "Performance").
"""

from ._compact import CompactResult
from .engine import compact_of, parse, partitions, score, score_compact, score_many, score_request
from .errors import HandError, Problem
from .hand import Exposure, Hand, Meld, MeldKind
from .result import Exclusion, Item, Result
from .version import __version__

__all__ = [
    "CompactResult", "Exclusion", "Exposure", "Hand", "HandError", "Item", "Meld", "MeldKind", "Problem",
    "Result", "__version__", "compact_of", "parse", "partitions", "score", "score_compact", "score_many",
    "score_request",
]
