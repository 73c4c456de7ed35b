"""One recorded round as both Botzone readers give it (docs/archive.md#the-format-as-mjscore-reads-it):
its deals, its actions in order and its recorded end, each with the line (or log entry) it came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..seats import SEATS as SEATS  # seat i of a record is SEATS[i]; so is the round wind ``Wind i``
from ..tiles import GREEN, RED, WHITE

MAX_ROUND_LINES = 1000  # a real round has under 300 lines: past this a round is refused unread
MAX_LINE_CHARS = 2000

# Botzone's tile codes: W characters, B dots, T bamboo, F1-F4 the winds E S W N, J1-J3 the dragons
# 中 发 白, H1-H8 the flowers
_SUITS = {"W": 0, "B": 9, "T": 18}
_HONOURS = {"F1": 27, "F2": 28, "F3": 29, "F4": 30, "J1": RED, "J2": GREEN, "J3": WHITE}
VERBS = ("Draw", "Play", "Chi", "Peng", "Gang", "AnGang", "BuGang", "Hu", "BuHua")


class RecordError(ValueError):
    """A record that cannot be replayed: the message, and where: ``unit`` "line" of a file, or
    "turn" of a JSON match log (the judge's turn, counted from 0); None: the round's own unit."""

    def __init__(self, at: int, message: str, unit: str | None = None) -> None:
        super().__init__(message)
        self.at = at
        self.message = message
        self.unit = unit


def is_flower(code: str) -> bool:
    return len(code) == 2 and code[0] == "H" and code[1] in "12345678"


def tile_kind(code: str, at: int) -> int:
    """Our tile kind (scorer/tiles.py) of a Botzone tile code; RecordError for anything else."""
    if len(code) == 2 and code[0] in _SUITS and code[1] in "123456789":
        return _SUITS[code[0]] + int(code[1]) - 1
    kind = _HONOURS.get(code)
    if kind is None:
        raise RecordError(at, f"{code!r} is no tile (W1-W9, B1-B9, T1-T9, F1-F4, J1-J3)")
    return kind


@dataclass(frozen=True, slots=True)
class Event:
    """``Player seat verb tile``: ``tile`` is a kind, or None where the verb names none (a JSON
    log's HU)."""

    at: int
    seat: int
    verb: str
    tile: int | None


@dataclass(slots=True)
class Recorded:
    """What the record says of a win: the fans as written (name, count, value where the record
    gives it), their total ``F`` and the four seats' scores."""

    total: int
    fans: list[tuple[str, int, int | None]]
    scores: list[int]

    def as_dict(self) -> dict[str, object]:
        return {"total": self.total, "fans": [{"name": n, "count": c, **({"value": v} if v is not None else {})}
                                              for n, c, v in self.fans], "scores": self.scores}


@dataclass(slots=True)
class Round:
    """A parsed round: ``deals[seat]`` the 13 dealt tiles (kinds), ``flowers[seat]`` the flowers
    dealt, ``events`` the actions; ``end`` "hu" with ``record``, or "huang" (a drawn round)."""

    id: str
    source: str
    at: int
    unit: str = "line"  # what ``at`` of its events counts: "line", or "turn" of a JSON log
    wind: int = 0
    deals: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    flowers: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    events: list[Event] = field(default_factory=list)
    end: str = ""
    end_at: int = 0
    record: Recorded | None = None
    scores: list[int] = field(default_factory=list)
