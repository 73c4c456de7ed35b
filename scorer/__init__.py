"""mjscore: a Mahjong hand-scoring calculator that says why.

    from scorer import score, parse
    result = score("mcr", "[123m][555p]234s5577z7z", {"self_draw": True, "seat_wind": "S"})
"""

from .engine import parse, partitions, score, score_many, score_request
from .errors import HandError, Problem
from .hand import Exposure, Hand, Meld, MeldKind
from .result import Exclusion, Item, Result
from .version import __version__

__all__ = [
    "Exclusion", "Exposure", "Hand", "HandError", "Item", "Meld", "MeldKind", "Problem", "Result",
    "__version__", "parse", "partitions", "score", "score_many", "score_request",
]
