"""The match record and its entries (docs/match.md#the-match-file): strict, bounded models shared by
the file (``mjscore sheet``), the HTTP API and the store.

A record is ``{"players": [4 names], "hands": [entries], "title"?, "rules"?, "log"?}``. The models
check shapes and bounds; what depends on the match (a name that is not a player, a 17th hand, a
discarder who is the winner) is checked by ``sheet.compute``, with its own error codes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from ..errors import HandError, Problem
from . import partial, wording
from .partial import read_fields, read_partly

MAX_NAME = 32  # a player's name, as on a score sheet
MAX_TEXT = 200  # a reason, a note
MAX_TITLE = 100
MAX_PENALTIES = 32  # penalty and false-win entries in one match
MAX_ENTRIES = 16 + MAX_PENALTIES
RecordT = TypeVar("RecordT", bound=BaseModel)
MAX_LOG = 200  # corrections kept with a match
MAX_FAN = 1000  # above any real MCR hand (88-point hands with flowers stay far below)
MAX_PENALTY_POINTS = 10_000
MAX_HAND_CHARS = 200
MAX_FILE_BYTES = 512 * 1024  # a full match with a long correction log is ~60 KB

LIMITS = {"name_chars": MAX_NAME, "text_chars": MAX_TEXT, "title_chars": MAX_TITLE, "hands": 16,
          "penalty_entries": MAX_PENALTIES, "entries": MAX_ENTRIES, "log_entries": MAX_LOG,
          "fan": MAX_FAN, "penalty_points": MAX_PENALTY_POINTS, "file_bytes": MAX_FILE_BYTES}

# no control characters, no space at either end (two names that differ only there would look alike)
NAME_PATTERN = r"^[^\s\x00-\x1f\x7f](?:[^\x00-\x1f\x7f]*[^\s\x00-\x1f\x7f])?$"
TEXT_PATTERN = r"^[^\x00-\x08\x0b-\x1f\x7f]*$"
REASON_PATTERN = r"^[^\x00-\x08\x0b-\x1f\x7f]*\S[^\x00-\x08\x0b-\x1f\x7f]*$"
BY_PATTERN = r"^[^\x00-\x1f\x7f]*\S[^\x00-\x1f\x7f]*$"
LINE_PATTERN = r"^[^\x00-\x1f\x7f]*$"
DIGITS_PATTERN = r"^[0-9]*$"
# what a text that matches each pattern is, in a problem's words
PATTERN_WORDS = {
    NAME_PATTERN: "a name (no control characters, no space at either end)",
    TEXT_PATTERN: "a text without control characters",
    REASON_PATTERN: "a reason (some words, no control characters)",
    BY_PATTERN: "a name (some words, no control characters)",
    LINE_PATTERN: "one line of text",
    DIGITS_PATTERN: "digits only",
}

UNION_WORDS = {"players[]": 'a name or a player object {"name", "ema_id", "country"}'}

Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME, pattern=NAME_PATTERN,
                            description="a player's name as given at creation")]
Text = Annotated[str, Field(max_length=MAX_TEXT, pattern=TEXT_PATTERN)]
Reason = Annotated[str, Field(min_length=1, max_length=MAX_TEXT, pattern=REASON_PATTERN)]
By = Annotated[str, Field(min_length=1, max_length=64, pattern=BY_PATTERN, description="who made a correction")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    _unread: frozenset[str] = PrivateAttr(default_factory=frozenset)  # partial.read_partly's


class Player(_Strict):
    """A player with the details an EMA results file carries."""

    name: Name
    ema_id: Annotated[str, Field(max_length=16, pattern=DIGITS_PATTERN)] | None = Field(
        None, description="the player's EMA number, for the EMA export")
    country: Annotated[str, Field(max_length=32, pattern=LINE_PATTERN)] | None = None


class MatchRules(_Strict):
    false_win_points: int = Field(10, ge=0, le=1000, description="错和: what the offender pays each other player")
    false_win_paid_to_others: bool = Field(
        True, description="false: the offender loses 3 × false_win_points and nobody gains them")
    preset: Literal["helper", "mcr1998"] | None = Field(
        None, description="the MCR rule preset hands given as tiles are scored under (default: the engine's)")


class WinContext(_Strict):
    """What the match cannot know about a win; seat, round, self-draw and discarder come from the match."""

    flowers: int = Field(0, ge=0, le=8)
    last_tile: bool = False
    kong_win: bool = False
    last_wall: bool = False
    win_tile: Annotated[str, Field(max_length=16)] | None = None


class Win(_Strict):
    """A win: the winner, who dealt in (``null``: self-drawn), and the fan total or the hand itself."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    winner: Name
    from_: Name | None = Field(..., alias="from", description="the discarder; null when self-drawn")
    fan: int | None = Field(None, ge=0, le=MAX_FAN, description="the fan total, flowers included (at least 8)")
    hand: Annotated[str, Field(min_length=1, max_length=MAX_HAND_CHARS)] | None = Field(
        None, description="the winning hand in mjscore notation, scored by the engine")
    context: WinContext | None = None
    note: Text | None = None


class Draw(_Strict):
    """荒庄: the wall ran out, nobody won; nobody pays."""

    draw: Literal[True]
    note: Text | None = None


class NotPlayed(_Strict):
    """A hand not played (time ran out): it takes its place in the 16, and no statistics."""

    not_played: Literal[True]
    note: Text | None = None


class FalseWin(_Strict):
    """错和: a player declared a win that was not one; paid by the match's false-win rule."""

    false_win: Name
    reason: Text | None = None


class Penalty(_Strict):
    """Points added to (positive) or taken from (negative) players, with the reason."""

    penalty: Annotated[dict[Name, Annotated[int, Field(ge=-MAX_PENALTY_POINTS, le=MAX_PENALTY_POINTS)]],
                       Field(min_length=1, max_length=4)]
    reason: Reason


Entry = Win | Draw | NotPlayed | FalseWin | Penalty
KINDS: dict[str, type[Draw | NotPlayed | FalseWin | Penalty]] = {"draw": Draw, "not_played": NotPlayed, "false_win": FalseWin,
                                   "penalty": Penalty}
KIND_NAMES = {Win: "win", Draw: "draw", NotPlayed: "not_played", FalseWin: "false_win", Penalty: "penalty"}


class LogEntry(_Strict):
    """One correction: who changed which entry, when and why, and the entry before and after."""

    seq: int = Field(ge=1, le=MAX_LOG)
    at: Annotated[str, Field(max_length=40)]
    by: By
    reason: Reason
    action: Literal["edit", "delete", "insert"]
    n: int = Field(ge=1, le=MAX_ENTRIES + 1, description="the entry's number (1-based) in the hands list")
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None


class MatchRecord(_Strict):
    players: Annotated[list[Name | Player], Field(min_length=4, max_length=4,
                                                  description="four players in their first seats: E, S, W, N")]
    hands: Annotated[list[dict[str, Any]], Field(max_length=MAX_ENTRIES)] = Field(default_factory=list)
    title: Annotated[str, Field(max_length=MAX_TITLE, pattern=LINE_PATTERN)] | None = None
    rules: MatchRules = Field(default_factory=lambda: MatchRules.model_validate({}))
    log: Annotated[list[LogEntry], Field(max_length=MAX_LOG)] = Field(default_factory=list)


def validation_problems(err: ValidationError, raw: Any, where: str = "") -> list[Problem]:
    """pydantic's errors in the project's words, at their paths under ``where``."""
    return wording.problems(err, raw, where, PATTERN_WORDS, UNION_WORDS)


def player_names(record: MatchRecord) -> list[str]:
    return [p if isinstance(p, str) else p.name for p in record.players]


def takes_a_hand(raw: Any) -> bool:
    """Whether an entry, even a faulty one, is a hand of the 16 (not a false win or a penalty):
    so that the entries after a faulty one keep their seats while its problems are reported."""
    return not (isinstance(raw, dict) and ("false_win" in raw or "penalty" in raw))


def entry_problems(raw: Any, where: str = "entry") -> tuple[Entry | None, list[Problem]]:
    """One entry, told apart by its keys so that a problem names the right kind: the entry, or
    every problem found in it."""
    if not isinstance(raw, dict):
        return None, [Problem(f"{where}: {wording.shown(raw)} is not an entry (a JSON object)", None, "bad_entry")]
    kinds = [k for k in KINDS if k in raw]
    if len(kinds) > 1:
        return None, [Problem(f"{where}: one entry is one of a win, draw, not_played, false_win or penalty, "
                              f"not {' and '.join(kinds)}", None, "bad_entry")]
    winner = raw.get("winner")
    if not kinds and (winner is None or (isinstance(winner, str) and not winner.strip())):
        return None, [Problem(f"{where}: a hand needs a winner (or draw: true, not_played: true, false_win, "
                              "penalty)", None, "no_winner")]
    model = KINDS[kinds[0]] if kinds else Win
    try:
        return model.model_validate(raw), []
    except ValidationError as err:
        return None, validation_problems(err, raw, where)


def entry_partly(raw: Any) -> Entry | None:
    """What can be read of a faulty entry (partial.py), told apart by its keys as ``entry_problems``
    tells it; None when its kind is unclear."""
    return cast("Entry | None", partial.entry_partly(raw, KINDS, Win))


def parse_entry(raw: Any, where: str = "entry") -> Entry:
    """One entry; raises HandError with every problem found in it."""
    entry, problems = entry_problems(raw, where)
    if entry is None:
        raise HandError(problems)
    return entry


def entry_json(entry: Entry) -> dict[str, Any]:
    """An entry as the record keeps it: given fields only (``from`` always, for a win)."""
    out = entry.model_dump(by_alias=True, exclude_unset=True, mode="json")
    if isinstance(entry, Win):
        out["from"] = entry.from_
    return out


def count_problems(raw: dict[str, Any], table: str, most: int, too_many_hands: Callable[[int], str]
                   ) -> tuple[list[Problem], bool, bool]:
    """Not four players, or more than ``most`` entries, said in the words of a table (``table``:
    "an MCR table"); and whether each was said, so the model's own wording of them is left out."""
    problems: list[Problem] = []
    players = raw.get("players")
    counted = isinstance(players, list) and len(players) != 4
    if isinstance(players, list) and counted:
        code = "too_many_players" if len(players) > 4 else "too_few_players"
        problems.append(Problem(f"players: {table} has four players, not {len(players)}", None, code))
    hands = raw.get("hands")
    too_many = isinstance(hands, list) and len(hands) > most
    if isinstance(hands, list) and too_many:
        problems.append(Problem(too_many_hands(len(hands)), None, "too_many_hands"))
    return problems, counted, too_many


def validated(model: type[RecordT], raw: dict[str, Any], counted: bool, too_many: bool
              ) -> tuple[RecordT | None, list[Problem]]:
    """The record by its model, or None; the model's problems not already said, and four different
    names ("ann" and "Ann" at one table would be misread)."""
    try:
        record = model.model_validate(raw)
    except ValidationError as err:
        return None, [found for found in validation_problems(err, raw)
                      if not ((counted and found.message.startswith("players: "))
                              or (too_many and found.message.startswith("hands: ")))]
    if len({n.casefold() for n in player_names(record)}) != 4:  # type: ignore[arg-type]
        return record, [Problem("players: the four players need four different names", None, "duplicate_player")]
    return record, []


def record_problems(raw: Any) -> tuple[MatchRecord | None, list[Problem]]:
    """A whole record's own fields (players, title, rules, log, the list of entries; not what is in
    each entry): the record, or None and every problem found."""
    if not isinstance(raw, dict):
        raise HandError('a match is a JSON object {"players": [...], "hands": [...]}', None, "bad_request")
    problems, counted, too_many = count_problems(
        raw, "an MCR table", MAX_ENTRIES, lambda n: f"hands: {n} entries, and a match holds at most 16 hands and "
                                       f"{MAX_PENALTIES} penalties")
    record, found = validated(MatchRecord, raw, counted, too_many)
    problems += found
    return (record if not problems else None), problems


def hands_problems(raw: Any) -> list[Problem]:
    """Every problem in the entries of a record's ``hands`` (each read on its own)."""
    hands = raw.get("hands") if isinstance(raw, dict) else None
    if not isinstance(hands, list) or len(hands) > MAX_ENTRIES:
        return []
    return [p for i, h in enumerate(hands) if isinstance(h, dict) for p in entry_problems(h, f"hands[{i}]")[1]]


def record_partly(raw: Any) -> MatchRecord | None:
    """What can be read of a faulty record to check its entries (partial.py): its players and its
    list of entries, with the rules' readable fields (the defaults for the others); None when the
    players or the list cannot be read."""
    part = read_partly(MatchRecord, raw)
    if part is None or part.players is None or part.hands is None:
        return None
    part.rules = read_fields(MatchRules, raw.get("rules", {}))
    part.log = part.log or []
    return part


def parse_record(raw: Any) -> MatchRecord:
    """A whole record (a match file, a stored match): shapes and bounds, every problem at once;
    ``sheet.compute`` does the rest."""
    record, problems = record_problems(raw)
    problems += hands_problems(raw)
    if record is None or problems:
        raise HandError(problems)
    return record


def record_json(record: MatchRecord) -> dict[str, Any]:
    """The record as stored and exported: it reads back to the same record."""
    out: dict[str, Any] = {"players": [p if isinstance(p, str) else p.model_dump(exclude_none=True)
                                       for p in record.players]}
    if record.title is not None:
        out["title"] = record.title
    out["rules"] = record.rules.model_dump()
    out["hands"] = [entry_json(parse_entry(h)) for h in record.hands]
    out["log"] = [e.model_dump() for e in record.log]
    return out


def problem(message: str, code: str) -> HandError:
    return HandError([Problem(message, None, code)])
