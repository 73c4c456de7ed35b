"""An MCR match at one table: 16 hands, seat changes, settlement, standings, 追分, corrections
(docs/match.md). Pure functions over a match record; ``store`` keeps records in SQLite."""

from __future__ import annotations

from .corrections import add_entry, correct, new_record
from .model import LIMITS, parse_record
from .sheet import compute

__all__ = ["LIMITS", "add_entry", "compute", "correct", "new_record", "parse_record"]
