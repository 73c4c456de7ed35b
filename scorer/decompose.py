"""The decomposer façade: the rest of the library imports the decomposer from here.

The names of the contract come from the Cython core :mod:`scorer._fast`, or from its pure-Python
twin :mod:`scorer._reference` when the environment variable ``MJSCORE_PURE=1`` is set (or when the
extension is not built). ``BACKEND`` says which one is in use. Display helpers live here too.
"""

from __future__ import annotations

import importlib
import os
from functools import lru_cache
from types import ModuleType

from . import deadline
from .tiles import tile_name, tiles_text

_impl: ModuleType
if os.environ.get("MJSCORE_PURE", "") == "1":
    _impl = importlib.import_module("._reference", __package__)
    BACKEND = "pure"
else:
    try:
        _impl = importlib.import_module("._fast", __package__)
        BACKEND = "fast"
    except ImportError:  # extension not built: fall back to the pure-Python twin
        _impl = importlib.import_module("._reference", __package__)
        BACKEND = "pure"

PAIR = _impl.PAIR
PUNG = _impl.PUNG
CHOW = _impl.CHOW
KNITTED = _impl.KNITTED
SINGLE = _impl.SINGLE
SEVEN_PAIRS = _impl.SEVEN_PAIRS
THIRTEEN_ORPHANS = _impl.THIRTEEN_ORPHANS
HONORS_KNITTED = _impl.HONORS_KNITTED
KNITTED_STRAIGHT = _impl.KNITTED_STRAIGHT
SEVEN_PAIRS_DISTINCT = _impl.SEVEN_PAIRS_DISTINCT
STANDARD_MASK = _impl.STANDARD_MASK
SUITED_MASK = _impl.SUITED_MASK
group_code = _impl.group_code
readings = _impl.readings
is_winning = _impl.is_winning
waits = _impl.waits

__all__ = [
    "BACKEND", "PAIR", "PUNG", "CHOW", "KNITTED", "SINGLE", "group_code",
    "SEVEN_PAIRS", "THIRTEEN_ORPHANS", "HONORS_KNITTED", "KNITTED_STRAIGHT", "SEVEN_PAIRS_DISTINCT",
    "STANDARD_MASK", "SUITED_MASK", "readings", "is_winning", "waits",
    "group_tiles", "group_text", "display_key", "reading_texts", "family_tiles",
]

# The knitted families and the tiles of a group: one definition, the twin's (plain Python, no state).
from ._reference import family_tiles, group_tiles  # noqa: E402


@lru_cache(maxsize=1024)  # a pure function of a group code (a few hundred of them)
def group_text(code: int) -> str:
    """Display text of one group: ``22m``, ``111m``, ``234m``, ``147m258p369s``, ``1m``, ``EEE``."""
    if code >> 6 == SINGLE:
        return tile_name(code & 63)
    return tiles_text(group_tiles(code))


@lru_cache(maxsize=1024)
def display_key(code: int) -> tuple[int, int]:
    """A group's place in the display order: (first tile, type)."""
    return group_tiles(code)[0], code >> 6


def reading_texts(groups) -> list[str]:
    """The groups of a reading as texts, sorted by (first tile, type) for display. Explanations
    list readings by the hundred: each is a step where the time budget is checked."""
    deadline.check()
    return [group_text(g) for g in sorted(groups, key=display_key)]
