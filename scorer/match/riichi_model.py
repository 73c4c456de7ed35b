"""The riichi hanchan record and its entries (docs/match.md#the-riichi-hanchan-sheet): strict, bounded
models for the file, the HTTP API and the store, as ``model`` is for an MCR match.

A record is ``{"variant": "riichi", "players": [4], "rules": {...}, "hands": [entries], "title"?,
"log"?}``. The models check shapes and bounds; what depends on the game (a name that is not a
player, a hand after South 4, a double ron under head bump) is checked by ``riichi_sheet.compute``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from ..errors import HandError, Problem
from . import partial, riichi_rules, wording
from .model import (
    LINE_PATTERN,
    MAX_HAND_CHARS,
    MAX_LOG,
    MAX_TITLE,
    LogEntry,
    Name,
    Player,
    Reason,
    Text,
    count_problems,
    validated,
    validation_problems,
)
from .partial import read_partly, unread

MAX_HANDS = 40  # a hanchan is 8 rounds plus its repeats and draws; far above any real game
MAX_PENALTIES = 8
MAX_ENTRIES = MAX_HANDS + MAX_PENALTIES
MAX_HAN = 99
MAX_POINTS = 1_000_000
MAX_PENALTY_POINTS = 100_000
FU_VALUES = (20, 25, *range(30, 120, 10))  # 20 (pinfu self-draw), 25 (seven pairs), 30 … 110

LIMITS = {"hands": MAX_HANDS, "penalty_entries": MAX_PENALTIES, "entries": MAX_ENTRIES, "han": MAX_HAN,
          "yakuman": 6, "penalty_points": MAX_PENALTY_POINTS}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    _unread: frozenset[str] = PrivateAttr(default_factory=frozenset)  # partial.read_partly's


Session = Annotated[int | float, Field(ge=-1000, le=1000)]


class RiichiMatchRules(_Strict):
    """A preset, or custom numbers; any field given overrides the preset's."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    preset: Literal["wrc", "ema", "mahjongsoul", "tenhou"] | None = Field(
        None, description="the rules of a tournament or site: start, return, uma, oka, ties, multiple ron")
    start: Annotated[int, Field(ge=1000, le=MAX_POINTS)] | None = Field(
        None, description="each player's points at the start")
    return_: Annotated[int, Field(ge=1000, le=MAX_POINTS)] | None = Field(
        None, alias="return", description="the points subtracted at the end (session = (points − return)/1000 + uma)")
    uma: Annotated[list[Session], Field(min_length=4, max_length=4)] | None = Field(
        None, description="session points for 1st to 4th place, summing to zero")
    oka: Annotated[int | float, Field(ge=0, le=1000)] | None = Field(
        None, description="session points to first place: 4 × (return − start) / 1000")
    ties: Literal["split", "seat_order"] | None = Field(
        None, description="split: tied players share their places' uma; seat_order: the first seat from E1's dealer ranks higher")
    multiple_ron: Literal["head_bump", "double", "triple"] | None = Field(
        None, description="head_bump: one winner on a discard, the one nearest the discarder")
    leftover_riichi: Literal["first", "lost"] | None = Field(
        None, description="riichi sticks on the table at the end: to first place, or lost")
    abortive_draws: bool | None = Field(None, description="whether abortive draws (途中流局) may be entered")
    scoring: Literal["wrc", "ema", "mahjongsoul", "tenhou"] | None = Field(
        None, description="the riichi scoring preset a hand given as tiles is valued under")


class RiichiWinContext(_Strict):
    """What the sheet cannot know about a win given as tiles: seat and round wind, self-draw, the
    discarder, honba and sticks come from the sheet; riichi (and double riichi) is the hand's
    ``riichi`` list, which the context may repeat."""

    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    last_wall: bool = False
    kong_win: bool = False
    first_turn: bool = False
    dora_indicators: Annotated[str, Field(max_length=40)] = ""
    ura_dora_indicators: Annotated[str, Field(max_length=40)] = ""


class RiichiWin(_Strict):
    """One winner: by han and fu (or yakuman), or by the hand in notation."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    winner: Name
    from_: Name | None = Field(..., alias="from", description="the discarder; null when self-drawn")
    han: Annotated[int, Field(ge=1, le=MAX_HAN)] | None = None
    fu: Annotated[int, Field(ge=20, le=110)] | None = None
    yakuman: Annotated[int, Field(ge=1, le=6)] | None = Field(None, description="a yakuman hand: how many yakuman")
    hand: Annotated[str, Field(min_length=1, max_length=MAX_HAND_CHARS)] | None = Field(
        None, description="the winning hand in riichi notation, valued by the riichi scorer")
    context: RiichiWinContext | None = None
    pao: Name | None = Field(
        None, description="the liable player (pao, 責任払い) of big three dragons or big four winds: who fed the "
        "third dragon set or the fourth wind set by a discard that was called; pays a self-draw alone, or half "
        "of a ron with the discarder")


Declared = Annotated[list[Name], Field(max_length=4, description="who declared riichi this hand (1,000 each)")]


class RiichiHand(RiichiWin):
    """A hand won by one player."""

    riichi: Declared = Field(default_factory=list)
    note: Text | None = None


class MultipleRon(_Strict):
    """Several rons on one discard."""

    wins: Annotated[list[RiichiWin], Field(min_length=2, max_length=3)]
    riichi: Declared = Field(default_factory=list)
    note: Text | None = None


class RiichiDraw(_Strict):
    """流局: the wall ran out (tenpai players named), or an abortive draw."""

    draw: Literal[True]
    tenpai: Annotated[list[Name], Field(max_length=4)] = Field(default_factory=list)
    abortive: bool = False
    riichi: Declared = Field(default_factory=list)
    note: Text | None = None


class RiichiPenalty(_Strict):
    """Points taken from (negative) or given to players outside the game's settlement (a chombo):
    they change the session scores, not the game's points."""

    penalty: Annotated[dict[Name, Annotated[int, Field(ge=-MAX_PENALTY_POINTS, le=MAX_PENALTY_POINTS)]],
                       Field(min_length=1, max_length=4)]
    reason: Reason


RiichiEntry = RiichiHand | MultipleRon | RiichiDraw | RiichiPenalty
KINDS: dict[str, type[MultipleRon | RiichiDraw | RiichiPenalty]] = {
    "wins": MultipleRon, "draw": RiichiDraw, "penalty": RiichiPenalty}
KIND_NAMES = {RiichiHand: "win", MultipleRon: "multiple_ron", RiichiDraw: "draw", RiichiPenalty: "penalty"}


class HanchanRecord(_Strict):
    variant: Literal["riichi"]
    players: Annotated[list[Name | Player], Field(min_length=4, max_length=4,
                                                  description="four players in their seats for E1: E, S, W, N")]
    rules: RiichiMatchRules = Field(description='{"preset": ...} or custom start, return, uma')
    hands: Annotated[list[dict[str, Any]], Field(max_length=MAX_ENTRIES)] = Field(default_factory=list)
    title: Annotated[str, Field(max_length=MAX_TITLE, pattern=LINE_PATTERN)] | None = None
    log: Annotated[list[LogEntry], Field(max_length=MAX_LOG)] = Field(default_factory=list)


def takes_a_hand(raw: Any) -> bool:
    """Whether an entry, even a faulty one, is a hand of the game (not a penalty)."""
    return not (isinstance(raw, dict) and "penalty" in raw)


def entry_problems(raw: Any, where: str = "entry") -> tuple[RiichiEntry | None, list[Problem]]:
    """One entry, told apart by its keys: the entry, or every problem found in it."""
    if not isinstance(raw, dict):
        return None, [Problem(f"{where}: {wording.shown(raw)} is not an entry (a JSON object)", None, "bad_entry")]
    kinds = [k for k in KINDS if k in raw]
    if len(kinds) > 1:
        return None, [Problem(f"{where}: one entry is one of a win, wins (several rons), draw or penalty, "
                              f"not {' and '.join(kinds)}", None, "bad_entry")]
    winner = raw.get("winner")
    if not kinds and (winner is None or (isinstance(winner, str) and not winner.strip())):
        return None, [Problem(f"{where}: a hand needs a winner (or wins: [...] for several rons, draw: true, "
                              "penalty)", None, "no_winner")]
    model = KINDS[kinds[0]] if kinds else RiichiHand
    try:
        return model.model_validate(raw), []
    except ValidationError as err:
        return None, validation_problems(err, raw, where)


def entry_partly(raw: Any) -> RiichiEntry | None:
    """What can be read of a faulty entry (partial.py), told apart by its keys as ``entry_problems``
    tells it; None when its kind is unclear."""
    return cast("RiichiEntry | None", partial.entry_partly(raw, KINDS, RiichiHand, {"wins": RiichiWin}))


def parse_entry(raw: Any, where: str = "entry") -> RiichiEntry:
    entry, problems = entry_problems(raw, where)
    if entry is None:
        raise HandError(problems)
    return entry


def _win_json(win: RiichiWin) -> dict[str, Any]:
    out = win.model_dump(by_alias=True, exclude_unset=True, mode="json")
    out["from"] = win.from_
    return out


def entry_json(entry: RiichiEntry) -> dict[str, Any]:
    """An entry as the record keeps it: the fields given (``from`` always, for a win)."""
    out = entry.model_dump(by_alias=True, exclude_unset=True, mode="json")
    if isinstance(entry, RiichiHand):
        out["from"] = entry.from_
    if isinstance(entry, MultipleRon):
        out["wins"] = [_win_json(w) for w in entry.wins]
    return out


def _rules_problems(raw: dict[str, Any], record: HanchanRecord | None) -> tuple[riichi_rules.HanchanRules | None,
                                                                               list[Problem]]:
    """The rules resolved, or their problems (told with the others when the record is faulty)."""
    given: RiichiMatchRules | None = record.rules if record is not None else None
    if record is None and isinstance(raw.get("rules"), dict):  # the rules' own problems, with the others
        try:
            given = RiichiMatchRules.model_validate(raw["rules"])
        except ValidationError:
            given = None  # already said
    if given is None:
        return None, []
    rules, faults = riichi_rules.resolve(given.model_dump(by_alias=True))
    return rules, [Problem(f, None, "bad_rules") for f in faults]


def record_problems(raw: Any) -> tuple[tuple[HanchanRecord, riichi_rules.HanchanRules] | None, list[Problem]]:
    """A record's own fields (players, rules, title, log, the list of entries): the record with its
    resolved rules, or None and every problem found."""
    if not isinstance(raw, dict):
        raise HandError('a match is a JSON object {"variant": "riichi", "players": [...], "hands": [...]}', None,
                        "bad_request")
    problems, counted, too_many = count_problems(raw, "a riichi table", MAX_ENTRIES,
                                                 lambda n: f"hands: {n} entries, at most {MAX_ENTRIES}")
    record, found = validated(HanchanRecord, raw, counted, too_many)
    rules, faults = _rules_problems(raw, record)
    problems += found + faults
    if problems or record is None or rules is None:
        return None, problems
    return (record, rules), []


def record_partly(raw: Any) -> tuple[HanchanRecord, riichi_rules.HanchanRules] | None:
    """What can be read of a faulty record to check its entries (partial.py): its players and its
    list of entries, under the rules as far as they can be read (riichi_rules.for_checks); None when
    the players or the list cannot be read."""
    part = read_partly(HanchanRecord, raw)
    if part is None or part.players is None or part.hands is None:
        return None
    given = raw.get("rules")
    rules = read_partly(RiichiMatchRules, given)
    fields = {} if rules is None else {k: v for k, v in rules.model_dump(by_alias=True).items() if v is not None}
    part.log = part.log or []
    lost = rules is None or "preset" in unread(rules)
    return part, riichi_rules.for_checks(fields, preset_unknown=lost and isinstance(given, dict) and "preset" in given)


def hands_problems(raw: Any) -> list[Problem]:
    hands = raw.get("hands") if isinstance(raw, dict) else None
    if not isinstance(hands, list) or len(hands) > MAX_ENTRIES:
        return []
    return [p for i, h in enumerate(hands) if isinstance(h, dict) for p in entry_problems(h, f"hands[{i}]")[1]]


def record_json(record: HanchanRecord) -> dict[str, Any]:
    """The record as stored and exported: it reads back to the same record."""
    out: dict[str, Any] = {"variant": "riichi",
                           "players": [p if isinstance(p, str) else p.model_dump(exclude_none=True)
                                       for p in record.players]}
    if record.title is not None:
        out["title"] = record.title
    out["rules"] = record.rules.model_dump(by_alias=True, exclude_none=True)
    out["hands"] = [entry_json(parse_entry(h)) for h in record.hands]
    out["log"] = [e.model_dump() for e in record.log]
    return out
