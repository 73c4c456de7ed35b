"""One recorded riichi round as both game-log readers give it (docs/batch.md#riichi-game-logs): the
deal, the actions in order, the dora indicators and the recorded end, each action with where it was
read, so that a replay error can say where.

Tiles are Tenhou's numbers: 11-19 characters, 21-29 dots, 31-39 bamboo, 41-47 the honours E S W N
P F C (白 發 中), 51 52 53 the red fives of m p s.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SUIT_LETTERS = {1: "m", 2: "p", 3: "s"}
HONOUR_LETTERS = "ESWNPFC"
RED_FIVES = (51, 52, 53)
LIVE_DRAWS = 70  # a four-player game's live wall: 136 - 14 dead - 52 dealt
ROUND_WINDS = "ESWN"


TILES = frozenset([*(s * 10 + r for s in (1, 2, 3) for r in range(1, 10)), *range(41, 48), *RED_FIVES])
_PLAIN_FIVE = {51: 15, 52: 25, 53: 35}


def is_tile(code: object) -> bool:
    return type(code) is int and code in TILES


def kind(tile: int) -> int:
    """A red five is a five for every shape."""
    return _PLAIN_FIVE.get(tile, tile)


def tile_text(tile: int) -> str:
    """In the house notation: ``0m`` for a red five, honours by letter."""
    if tile in RED_FIVES:
        return f"0{SUIT_LETTERS[tile - 50]}"
    if tile > 40:
        return HONOUR_LETTERS[tile - 41]
    return f"{tile % 10}{SUIT_LETTERS[tile // 10]}"


def tiles_text(tiles: list[int]) -> str:
    """Tiles in notation, suited ones grouped by suit (``406p``), in the given order."""
    out: list[str] = []
    pending_suit = ""
    for t in tiles:
        text = tile_text(t)
        if len(text) == 2:
            if pending_suit and pending_suit != text[1]:
                out.append(pending_suit)
            out.append(text[0])
            pending_suit = text[1]
        else:
            if pending_suit:
                out.append(pending_suit)
                pending_suit = ""
            out.append(text)
    if pending_suit:
        out.append(pending_suit)
    return "".join(out)


def sort_key(tile: int) -> tuple[int, int]:
    return kind(tile), 0 if tile in RED_FIVES else 1


# what the JSON reader's complaints mean, in the words of someone reading a log file
_JSON_TROUBLE = (("end of data", "the text ends before the JSON value does (cut short?)"),
                 ("UTF-8", "the bytes are not UTF-8 text"),
                 ("trailing", "more text follows the JSON value"),
                 ("control character", "a control character inside a string"),
                 ("recursion", "nested too deeply"))


def json_problem(err: ValueError) -> str:
    """A JSON decoding error in words, with where in the text it stopped."""
    msg = str(getattr(err, "msg", err))
    words = next((w for key, w in _JSON_TROUBLE if key in msg), msg.split(":")[0])
    line, column = getattr(err, "lineno", None), getattr(err, "colno", None)
    at = "" if column is None else f" (line {line}, column {column})" if line and line > 1 else f" (column {column})"
    return f"not JSON: {words}{at}"


class LogError(ValueError):
    """A log that cannot be replayed: where (the game, round and move, in the log's own terms) and
    why."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


@dataclass(slots=True)
class Action:
    """A seat's move: ``verb`` draw, discard (``riichi`` when it declares), chi, pon, daiminkan
    (``tile`` the called one, ``own`` the tiles from the hand, ``source`` the discarder), kakan
    (``tile`` added), ankan (``own`` the four), or dora (a new indicator, MJAI); ``where`` names it."""

    where: str
    seat: int
    verb: str
    tile: int = 0
    own: tuple[int, ...] = ()
    source: int | None = None
    riichi: bool = False


@dataclass(slots=True)
class RecordedWin:
    """What the record says of one win: who, from whom (None: self-drawn), the liable player
    (pao), the four score changes, and where the record states them its han, fu, points and yaku
    (name, han) — Tenhou does, MJAI gives only the changes."""

    where: str
    winner: int
    source: int | None
    deltas: list[int]
    liable: int | None = None
    han: int | None = None
    fu: int | None = None
    points: int | None = None
    yaku: list[tuple[str, int]] = field(default_factory=list)
    ura: list[int] | None = None  # MJAI: the win's own ura markers; Tenhou: the round's
    text: str = ""  # the record's own words of the value, e.g. 30符1飜1000点


@dataclass(slots=True)
class RiichiRound:
    """A parsed round: ``round_wind`` 0 E, 1 S…; ``dealer`` the seat (0-3) dealing; ``deals`` the
    13 tiles of each seat; ``dora`` the indicators shown from the start (Tenhou: every one the
    round turned over, in order; MJAI's later ones are ``dora`` actions); ``wins`` the recorded wins (two for a double ron), else
    ``drawn`` names the draw."""

    id: str
    source: str
    line: int
    where: str
    round_wind: int = 0
    dealer: int = 0
    honba: int = 0
    sticks: int = 0
    scores: list[int] = field(default_factory=list)
    deals: list[list[int]] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    dora: list[int] = field(default_factory=list)
    ura: list[int] = field(default_factory=list)
    wins: list[RecordedWin] = field(default_factory=list)
    drawn: str | None = None
    rules: dict[str, object] | None = None  # the rules the log states, else None (the tenhou preset)
