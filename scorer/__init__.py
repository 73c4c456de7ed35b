"""mjscore: a Mahjong hand-scoring calculator that says why.

    from scorer import score, parse
    result = score("mcr", "[123m][555p]234s5577z7z", {"self_draw": True, "seat_wind": "S"})

``score_compact`` / ``score_many(..., view="compact")`` answer the same totals, items and payments
without the explanation, MCR scored in C (about 1 µs a hand; see docs/performance.md).

The names below are imported on first use, so that ``import scorer`` (and a one-line CLI query)
loads only what it needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .version import __version__

_LAZY = {
    "CompactResult": "._compact",
    "compact_of": ".engine", "parse": ".engine", "partitions": ".engine", "score": ".engine",
    "score_compact": ".engine", "score_many": ".engine", "score_request": ".engine",
    "HandError": ".errors", "Problem": ".errors",
    "Exposure": ".hand", "Hand": ".hand", "Meld": ".hand", "MeldKind": ".hand",
    "Exclusion": ".result", "Item": ".result", "Result": ".result",
}

__all__ = [
    "CompactResult", "Exclusion", "Exposure", "Hand", "HandError", "Item", "Meld", "MeldKind", "Problem",
    "Result", "__version__", "compact_of", "parse", "partitions", "score", "score_compact", "score_many",
    "score_request",
]

if TYPE_CHECKING:
    from ._compact import CompactResult
    from .engine import compact_of, parse, partitions, score, score_compact, score_many, score_request
    from .errors import HandError, Problem
    from .hand import Exposure, Hand, Meld, MeldKind
    from .result import Exclusion, Item, Result


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'scorer' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
