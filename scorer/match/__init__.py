"""A match at one table (docs/match.md): an MCR match (16 hands, seat changes, settlement,
standings, 追分) or a riichi hanchan (dealer, honba, sticks, session scores), each a kind of sheet
chosen by the record's ``variant`` (``kinds``), with corrections. Pure functions over a match
record; ``store`` keeps records in SQLite."""

from __future__ import annotations

from .corrections import add_entry, correct, new_record
from .model import LIMITS, parse_record
from .sheet import compute

__all__ = ["LIMITS", "add_entry", "compute", "correct", "new_record", "parse_record"]
