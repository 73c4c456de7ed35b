"""``/v1/matches``: an MCR match or a riichi hanchan at one table, kept in SQLite
(docs/match.md#http-api); the kind of sheet is the one the created record's ``variant`` names
(``scorer.match.kinds``).

Create a match, add a hand, correct or delete one (logged), read the sheet, export it, and read a
hand's full explanation. Bodies are read by ``api.body`` (JSON only, bounded); the sheet is
computed (hands given as tiles scored) in the scoring threads within the time budget; the store is
written only after the new sheet computes, in its own thread, never cut off half-way.

Reads by id are open (the id is the share link); a change needs the match's edit key, given once
at creation, as ``Authorization: Bearer KEY``; the list of all matches needs the admin key the
server was started with (docs/match.md#who-may-change-a-match).
"""

from __future__ import annotations

import asyncio
import copy
import functools
import os
import sqlite3
import weakref
import zlib
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from scorer.errors import HandError
from scorer.jsonio import dumps
from scorer.match import add_entry, correct, keys, new_record
from scorer.match import export as ex
from scorer.match import model as m
from scorer.match import riichi_model as rm
from scorer.match.kinds import DEFAULT, of_record, of_sheet, of_variant
from scorer.match.store import Conflict, MatchStore, Stored
from scorer.result import Result

from .. import errors, limits, openapi, schemas
from ..body import read_json
from ..pool import Busy, Overrun
from ..ratelimit import TokenBuckets, retry_after
from . import JSON

MAX_CREATE_BYTES = m.MAX_FILE_BYTES  # a whole match imported with its log
MAX_WRITE_ATTEMPTS = 4  # a write raced by another process is computed again on the newer record
LOCK_STRIPES = 64
# a sheet scores every hand given as tiles (16 at most): more than one hand's budget
SHEET_BUDGET_S = limits.BATCH_TIME_BUDGET_S
STATUS = {"no_such_match": 404, "stale_revision": 409, "store_unavailable": 503,
          "key_required": 401, "bad_authorization": 401, "wrong_key": 403, "read_only_match": 403,
          "no_admin_key": 403, "too_many_matches_created": 429}
ADMIN_ENV = "MJSCORE_ADMIN_KEY"
RATE_ENV = "MJSCORE_MATCHES_PER_MINUTE"
CREATES_PER_MINUTE = 10  # new matches one client address may make a minute, after a first burst
BURST_MINUTES = 2  # the burst: this many minutes' worth at once (a venue's tables behind one address)
MIN_ADMIN_KEY = 16
SCHEME = "Bearer"
EDIT_KEY = "editKey"  # the OpenAPI security schemes
ADMIN_KEY = "adminKey"

MatchId = Annotated[str, PathParam(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$",
                                   description="the match id given at creation")]


# --- request bodies ------------------------------------------------------------------------------

class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class AddHand(_Body):
    entry: dict[str, Any] = Field(description="a win, draw, not_played, false_win or penalty entry")
    revision: int | None = Field(None, ge=1, le=2**31, description="the revision you saw: refused (409) "
                                 "if the match has changed since (a double tap, another phone)")


class Correction(_Body):
    n: int = Field(ge=1, le=m.MAX_ENTRIES + 1, description="the entry's number (1-based) in the hands list")
    action: Literal["edit", "delete", "insert"] = Field(
        "edit", description="edit: replace entry n; delete: remove it; insert: put entry before n")
    entry: dict[str, Any] | None = Field(None, description="the new entry (edit, insert); null to delete")
    by: m.By = Field(description="who makes the correction")
    reason: m.Reason = Field(description="why")
    revision: int | None = Field(None, ge=1, le=2**31)


# --- answers -------------------------------------------------------------------------------------

class ScoredItem(BaseModel):
    id: str
    name: str
    name_zh: str
    points: int
    tiles: str


class Scored(BaseModel):
    hand: str = Field(description="the hand in canonical notation")
    total: int
    items: list[ScoredItem]
    context: dict[str, Any] = Field(description="the context it was scored under, seats from the match")
    request: dict[str, Any] = Field(description="a POST /v1/score request that explains it again")


class SheetRow(BaseModel):
    n: int = Field(description="the entry's number in the hands list")
    kind: Literal["win", "draw", "not_played", "false_win", "penalty"]
    hand: int = Field(description="the hand (1-16) it is, or the hand in progress for a penalty")
    label: str | None = Field(None, description="E1 … N4")
    label_zh: str | None = Field(None, description="东风东 … 北风北")
    round_wind: str | None = None
    dealer: str | None = None
    seats: dict[str, str] | None = Field(None, description="each player's seat wind in this hand")
    winner: str | None = None
    from_: str | None = Field(None, alias="from")
    self_draw: bool | None = None
    fan: int | None = None
    scored: Scored | None = None
    offender: str | None = None
    points: int | dict[str, int] | None = None
    reason: str | None = None
    note: str | None = None
    deltas: dict[str, int]
    totals: dict[str, int] = Field(description="running totals after this entry")
    entry: dict[str, Any] = Field(description="the entry as recorded")


class Pass(BaseModel):
    player: str
    gap: int
    self_draw: int
    off_them: int
    off_other: int


class Place(BaseModel):
    place: int
    self_draw: int
    from_: dict[str, int] = Field(alias="from")


class Needs(BaseModel):
    place: int = Field(description="1 + the players at or above this total")
    to_pass: list[Pass]
    to_place: list[Place]


class PlayerStats(BaseModel):
    wins: int
    self_draws: int
    dealt_in: int
    false_wins: int
    penalty_points: int
    best_fan: int


class TableStats(BaseModel):
    wins: int
    draws: int
    not_played: int
    hands_played: int = Field(description="wins and draws: the hands not played are left out")


class Stats(BaseModel):
    table: TableStats
    players: dict[str, PlayerStats]


class LogRow(BaseModel):
    seq: int
    at: str
    by: str
    reason: str
    action: Literal["edit", "delete", "insert"]
    n: int
    before: dict[str, Any] | None
    after: dict[str, Any] | None


class NextHand(BaseModel):
    hand: int
    label: str
    label_zh: str
    round_wind: str
    dealer: str
    seats: dict[str, str] = Field(description="each player's seat wind in the next hand")


class Sheet(BaseModel):
    title: str | None
    players: list[str]
    rules: dict[str, Any]
    hands: list[SheetRow]
    hands_played: int
    hands_left: int
    complete: bool
    next: NextHand | None = Field(description="the hand to play next, null once 16 are in")
    totals: dict[str, int]
    places: dict[str, int]
    table_points: dict[str, float]
    table_points_exact: dict[str, str]
    needs: dict[str, Needs]
    stats: Stats
    log: list[LogRow]


class HanchanWin(BaseModel):
    winner: str
    from_: str | None = Field(alias="from")
    self_draw: bool
    han: int | None = None
    fu: int | None = None
    yakuman: int | None = None
    limit: str | None = None
    honba: int = Field(description="the honba this win took (0 for a later winner on the same discard)")
    sticks: int = Field(description="the riichi sticks' points this win took")
    points: int = Field(description="what its hand paid the winner, honba included")
    scored: dict[str, Any] | None = Field(None, description="for a hand given as tiles: the riichi scorer's answer")


class HanchanRow(BaseModel):
    n: int = Field(description="the entry's number in the hands list")
    kind: Literal["win", "multiple_ron", "draw", "penalty"]
    label: str | None = Field(None, description="E1 … S4")
    round_wind: str | None = None
    dealer: str | None = None
    honba: int | None = None
    sticks: int | None = Field(None, description="riichi sticks on the table before the hand")
    seats: dict[str, str] | None = None
    riichi: list[str] | None = None
    wins: list[HanchanWin] | None = None
    tenpai: list[str] | None = None
    abortive: bool | None = None
    penalty: dict[str, int] | None = None
    reason: str | None = None
    note: str | None = None
    deltas: dict[str, int] = Field(description="the score changes, riichi sticks included")
    points: dict[str, int] = Field(description="running points after this entry")
    sticks_after: int
    entry: dict[str, Any] = Field(description="the entry as recorded")


class HanchanSheet(BaseModel):
    """The riichi hanchan sheet (a match file with "variant": "riichi"; docs/match.md)."""

    variant: Literal["riichi"]
    title: str | None
    players: list[str]
    rules: dict[str, Any] = Field(description="the resolved rules: start, return, uma, oka, ties, …")
    hands: list[HanchanRow]
    hands_played: int
    complete: bool = Field(description="true once the dealer moved on from South 4")
    next: dict[str, Any] | None = Field(description="the hand to play next (label, dealer, honba, sticks, seats)")
    points: dict[str, int]
    sticks: int
    leftover_riichi: dict[str, Any] | None
    final_points: dict[str, int]
    places: dict[str, int]
    uma: dict[str, float]
    session_scores: dict[str, float] = Field(description="(final points − return) / 1000 + uma (+ oka to first)")
    session_scores_exact: dict[str, str]
    penalties: list[dict[str, Any]]
    scores: dict[str, float] = Field(description="session scores with penalties")
    check: dict[str, Any] = Field(description="session_sum, lost_sticks, zero, penalties")
    log: list[LogRow]


class MatchAnswer(BaseModel):
    edit_key: str | None = Field(None, description="in the answer to POST /v1/matches only: the key every change "
                                                   "to the match needs (Authorization: Bearer KEY)")
    id: str
    revision: int = Field(description="goes up by one with every change")
    created: str
    updated: str
    record: dict[str, Any] = Field(description="the match as a file for mjscore sheet (its log included)")
    sheet: Sheet | HanchanSheet = Field(description="an MCR match sheet, or the riichi hanchan sheet")
    exports: list[str] = Field(description="the formats GET /v1/matches/{id}/export writes it in")


class MatchSummary(BaseModel):
    id: str
    revision: int
    created: str
    updated: str
    title: str | None
    players: list[str]
    entries: int


class MatchList(BaseModel):
    matches: list[MatchSummary]


NOT_FOUND: dict[str, Any] = {"model": schemas.ErrorBody, "description": "no such match (no_such_match)"}
NO_KEY: dict[str, Any] = {"model": schemas.ErrorBody, "description": "no Authorization header (key_required), or one that is not "
                                                     "Bearer and a key (bad_authorization)"}
NOT_YOURS: dict[str, Any] = {"model": schemas.ErrorBody, "description": "not the match's edit key nor the admin key (wrong_key), or "
                                                        "a match made before edit keys (read_only_match)"}
ADMIN_ONLY: dict[str, Any] = {"model": schemas.ErrorBody, "description": "not the admin key (wrong_key), or the server was "
                                                         "started without one (no_admin_key)"}
TOO_MANY: dict[str, Any] = {"model": schemas.ErrorBody, "description": "too many new matches from this address "
                                                       "(too_many_matches_created); Retry-After says when"}
KEYED: dict[int | str, dict[str, Any]] = {401: NO_KEY, 403: NOT_YOURS}
WRITE: list[dict[str, list[str]]] = [{EDIT_KEY: []}, {ADMIN_KEY: []}]
CONFLICT: dict[str, Any] = {"model": schemas.ErrorBody, "description": "the match changed since the revision given (stale_revision)"}


def request_components() -> dict[str, Any]:
    """The request schemas, entries spelled out one kind at a time."""
    out: dict[str, Any] = {}
    refs = []
    for model in (m.Win, m.Draw, m.NotPlayed, m.FalseWin, m.Penalty):
        out[f"Match{model.__name__}"] = openapi._model(model, out)
        refs.append({"$ref": f"#/components/schemas/Match{model.__name__}"})
    out["MatchEntry"] = {"oneOf": refs}
    mcr_entry = {"$ref": "#/components/schemas/MatchEntry"}
    record = openapi._model(m.MatchRecord, out)
    record["properties"]["hands"]["items"] = mcr_entry
    out["MatchCreate"] = record
    # a riichi hanchan (docs/match.md#the-riichi-hanchan-sheet): its own record and entries
    riichi_refs = []
    riichi_models: tuple[tuple[str, type[BaseModel]], ...] = (
        ("Win", rm.RiichiHand), ("MultipleRon", rm.MultipleRon), ("Draw", rm.RiichiDraw), ("Penalty", rm.RiichiPenalty))
    for name, riichi_model in riichi_models:
        out[f"RiichiMatch{name}"] = openapi._model(riichi_model, out)
        riichi_refs.append({"$ref": f"#/components/schemas/RiichiMatch{name}"})
    out["RiichiMatchEntry"] = {"oneOf": riichi_refs}
    hanchan = openapi._model(rm.HanchanRecord, out)
    hanchan["properties"]["hands"]["items"] = {"$ref": "#/components/schemas/RiichiMatchEntry"}
    out["RiichiMatchCreate"] = hanchan
    entry = {"anyOf": [mcr_entry, {"$ref": "#/components/schemas/RiichiMatchEntry"}],
             "description": "an entry of the match's kind: MCR, or a riichi hanchan's"}
    add = openapi._model(AddHand, out)
    add["properties"]["entry"] = entry
    out["MatchAddHand"] = add
    fix = openapi._model(Correction, out)
    fix["properties"]["entry"] = {"anyOf": [*entry["anyOf"], {"type": "null"}]}
    out["MatchCorrection"] = fix
    return out


def add_security_schemes(app: FastAPI) -> None:
    """The two bearer keys in the OpenAPI document, which the write routes and the list name."""
    build = app.openapi

    def with_schemes() -> dict[str, Any]:
        schema = build()
        schemes = schema.setdefault("components", {}).setdefault("securitySchemes", {})
        schemes[EDIT_KEY] = {"type": "http", "scheme": "bearer",
                             "description": "a match's edit_key, given by POST /v1/matches"}
        schemes[ADMIN_KEY] = {"type": "http", "scheme": "bearer",
                              "description": "the admin key the server was started with (MJSCORE_ADMIN_KEY)"}
        return schema

    app.openapi = with_schemes  # type: ignore[method-assign]


EXAMPLE_CREATE = {"players": ["Ann", "Bo", "Cy", "Di"], "title": "Table 3"}
EXAMPLE_RIICHI = {"variant": "riichi", "players": ["Ann", "Bo", "Cy", "Di"], "rules": {"preset": "wrc"},
                  "title": "Table 5"}
EXAMPLE_ADD = {"entry": {"winner": "Cy", "from": None, "hand": "[123m]456789m555pCC"}, "revision": 1}
EXAMPLE_FIX = {"n": 1, "action": "edit", "entry": {"winner": "Cy", "from": "Di", "fan": 19},
               "by": "referee Li", "reason": "it was Di's discard"}


def create_body() -> dict[str, Any]:
    """POST /v1/matches takes an MCR match file or a riichi hanchan's."""
    extra = openapi.body("MatchCreate", {"new": EXAMPLE_CREATE, "riichi": EXAMPLE_RIICHI})
    extra["requestBody"]["content"][JSON]["schema"] = {"oneOf": [
        {"$ref": "#/components/schemas/MatchCreate"}, {"$ref": "#/components/schemas/RiichiMatchCreate"}]}
    return extra


def _validated(model: type[BaseModel], raw: Any,
               entry_problems: Callable[[Any, str], tuple[Any, list[Any]]] = m.entry_problems) -> Any:
    """The request body, or HandError with its problems and its entry's, in the words of the match's
    kind of entry (``entry_problems``)."""
    if not isinstance(raw, dict):
        raise HandError("a request must be a JSON object", None, "bad_request")
    try:
        return model.model_validate(raw)
    except ValidationError as err:
        problems = m.validation_problems(err, raw)
    entry = raw.get("entry")
    if isinstance(entry, dict):  # the entry's own problems too, not only the body's
        problems += entry_problems(entry, "entry")[1]
    raise HandError(problems)


def _entry_trial(model: type[BaseModel], raw: Any) -> Callable[[dict[str, Any]], Any] | None:
    """The change a faulty body's entry would make, to hear what the match says of it (None when
    there is no entry, or no place to put it): added at the end, or a correction's at ``n``."""
    entry = raw.get("entry") if isinstance(raw, dict) else None
    if not isinstance(entry, dict):
        return None
    if model is AddHand:
        return functools.partial(add_entry, entry=entry)
    n, action = raw.get("n"), raw.get("action", "edit")
    if type(n) is int and action in ("edit", "insert"):
        return functools.partial(correct, n=n, entry=entry, by="-", reason="-", action=action)
    return None


def _answer(stored: Stored, sheet: dict[str, Any], status: int = 200, key: str | None = None) -> Response:
    body = {"id": stored.id, "revision": stored.revision, "created": stored.created, "updated": stored.updated,
            "record": stored.record, "sheet": sheet, "exports": list(ex.FORMATS)}
    if key is None:
        return Response(dumps(body), status_code=status, media_type=JSON)
    # the one answer that holds the key: kept by no cache
    return Response(dumps({**body, "edit_key": key}), status_code=status, media_type=JSON,
                    headers={"cache-control": "no-store"})


class Refused(HandError):
    """A request refused for who sent it (401, 403) or how often (429), with the headers saying how
    to do better (``WWW-Authenticate``, ``Retry-After``)."""

    def __init__(self, message: str, code: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message, None, code)
        self.headers = headers or {}


def _error(err: HandError) -> Response:
    status = STATUS.get(err.code)
    if status is None:
        return errors.error_response(err)
    return errors.JSONBytes(errors.error_body(err), status_code=status, headers=getattr(err, "headers", None))


def bearer(request: Request, needed: str = "the match's edit key") -> str:
    """The key of ``Authorization: Bearer KEY``; Refused (401) when there is none or it is ill-formed."""
    header = request.headers.get("authorization")
    if header is None:
        raise Refused(f"this needs {needed}: send Authorization: Bearer KEY", "key_required",
                      {"www-authenticate": f'{SCHEME} realm="mjscore"'})
    scheme, _, key = header.strip().partition(" ")
    key = key.strip()
    if scheme.lower() != SCHEME.lower() or not keys.KEY_SHAPE.fullmatch(key):
        raise Refused("the Authorization header must be Bearer followed by the key", "bad_authorization",
                      {"www-authenticate": f'{SCHEME} realm="mjscore", error="invalid_request"'})
    return key


def admin_key_from_env() -> str | None:
    """``$MJSCORE_ADMIN_KEY``, checked: a key short or odd enough to be a mistake stops the server."""
    key = os.environ.get(ADMIN_ENV) or None
    if key is not None and (len(key) < MIN_ADMIN_KEY or not keys.KEY_SHAPE.fullmatch(key)):
        raise ValueError(f"{ADMIN_ENV} must be {MIN_ADMIN_KEY} to 128 characters of A-Z a-z 0-9 . _ ~ + / = -")
    return key


def creations_from_env() -> TokenBuckets:
    """The per-client limit on new matches: ``$MJSCORE_MATCHES_PER_MINUTE`` (default 10) a minute."""
    text = os.environ.get(RATE_ENV) or str(CREATES_PER_MINUTE)
    if not text.isdigit() or not 1 <= int(text) <= 100_000:
        raise ValueError(f"{RATE_ENV} must be a whole number from 1 to 100000, not {text!r}")
    per_minute = int(text)
    return TokenBuckets(per_minute, per_minute * BURST_MINUTES)


def install(app: FastAPI) -> None:
    """The match routes on ``app``; the store is opened on first use (``$MJSCORE_MATCHES``), the
    admin key read from ``$MJSCORE_ADMIN_KEY`` and the creation limit from
    ``$MJSCORE_MATCHES_PER_MINUTE`` (``app.state.match_admin_key``, ``app.state.match_creations``)."""
    app.state.match_store = None
    app.state.match_admin_key = admin_key_from_env()
    app.state.match_creations = creations_from_env()

    def is_admin(key: str) -> bool:
        admin = app.state.match_admin_key
        return admin is not None and keys.same_secret(key, admin)

    def may_change(key: str, match: Stored) -> None:
        """Refused (403) unless ``key`` is the match's edit key or the admin key."""
        if is_admin(key):
            return
        if match.key_hash is None:
            raise Refused("this match was made before matches had edit keys: it can be read, and changed only "
                          "with the server's admin key", "read_only_match")
        if not keys.matches(key, match.key_hash):
            raise Refused("this is not the match's edit key: it may be read, not changed", "wrong_key")

    def store() -> MatchStore:
        if app.state.match_store is None:
            app.state.match_store = MatchStore()
        return app.state.match_store

    async def stored(fn_name: str, *args: Any) -> Any:
        """A store call in a thread of its own: never cut off inside a transaction."""
        def call() -> Any:
            try:
                return getattr(store(), fn_name)(*args)
            except (OSError, sqlite3.Error) as err:
                raise HandError(f"the match store cannot be used: {err}", None, "store_unavailable") from None
        return await asyncio.to_thread(call)

    async def compute(fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return await app.state.pool.run(fn, *args, budget=SHEET_BUDGET_S)
        except Busy:
            raise HandError("every scorer is busy: retry in a moment", None, "busy") from None
        except Overrun:
            raise HandError(f"the sheet needed more than the {SHEET_BUDGET_S:g} s time budget", None,
                            "time_budget") from None

    # One writer at a time per match in this process (striped locks, one set per event loop), so
    # that the compare-and-set below only ever races other processes.
    stripes: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, list[asyncio.Lock]] = weakref.WeakKeyDictionary()

    def lock_for(match_id: str) -> asyncio.Lock:
        locks = stripes.setdefault(asyncio.get_running_loop(), [asyncio.Lock() for _ in range(LOCK_STRIPES)])
        return locks[zlib.crc32(match_id.encode()) % LOCK_STRIPES]

    async def body_of(model: type[BaseModel], raw: Any, match_id: str) -> Any:
        """The body of a change to ``match_id``; a faulty entry is told in the words of the match's
        kind (an MCR entry when the match cannot be read), with what the match says of it where it
        would go: a faulty ``revision`` or ``reason`` hides none of the entry's problems."""
        try:
            return _validated(model, raw, lambda entry, where: ([], []))
        except HandError:
            pass
        try:
            current: Stored | None = await stored("get", match_id)
            kind = of_record(current.record)  # type: ignore[union-attr]
        except HandError:
            current, kind = None, of_variant(DEFAULT)
        try:
            return _validated(model, raw, kind.entry_problems)
        except HandError as err:
            found = list(err.problems)
        trial = _entry_trial(model, raw)
        if current is not None and trial is not None:
            said = {p.message for p in found}
            try:
                await compute(trial, copy.deepcopy(current.record))
            except HandError as err:
                found += [p for p in err.problems if p.message.startswith("entry") and p.message not in said]
        raise HandError(found)

    async def change(key: str, match_id: str, revision: int | None, fn: Callable[..., Any], *args: Any) -> Response:
        may_change(key, await stored("get", match_id))  # a match's key never changes: checked once
        async with lock_for(match_id):
            return await _change(match_id, revision, fn, *args)

    async def _change(match_id: str, revision: int | None, fn: Callable[..., Any], *args: Any) -> Response:
        """Read, compute the changed record in the scoring threads, write it if nobody else wrote
        in between (else compute again on the newer record)."""
        for _ in range(MAX_WRITE_ATTEMPTS):
            current = await stored("get", match_id)
            if revision is not None and current.revision != revision:
                raise HandError(f"the match is at revision {current.revision}, not {revision}: reload it",
                                None, "stale_revision")
            record, sheet = await compute(fn, copy.deepcopy(current.record), *args)
            try:
                saved = await stored("put", match_id, current.revision, record)
            except Conflict:
                continue
            return _answer(saved, sheet)
        raise HandError("the match is being changed by others: retry in a moment", None, "busy")

    def guarded(route: Callable[..., Any]) -> Callable[..., Any]:
        """The route's errors with the statuses of ``STATUS`` (404, 409, 503), the rest as usual."""
        @functools.wraps(route)
        async def run(*args: Any, **kwargs: Any) -> Response:
            try:
                return await route(*args, **kwargs)
            except HandError as err:
                return _error(err)
        return run

    errs = {**schemas.ERRORS, 404: NOT_FOUND}

    @app.get("/v1/matches", responses={200: {"model": MatchList, "content": {JSON: {}}},
                                       401: NO_KEY, 403: ADMIN_ONLY,
                                       422: schemas.ERRORS[422], 503: schemas.ERRORS[503]},
             openapi_extra={"security": [{ADMIN_KEY: []}]})
    @guarded
    async def list_matches(request: Request, limit: Annotated[int, Query(
            ge=1, le=1000, description="at most this many")] = 100) -> Response:
        """Every match, most recently changed first: only with the admin key the server was started
        with (``MJSCORE_ADMIN_KEY``), as ``Authorization: Bearer KEY``."""
        if app.state.match_admin_key is None:
            raise Refused(f"the list of all matches needs the admin key, and this server was started without one "
                          f"({ADMIN_ENV}): open a match by its id", "no_admin_key")
        if not is_admin(bearer(request, "the server's admin key")):
            raise Refused("this is not the server's admin key", "wrong_key")
        found = await stored("list", limit)
        return Response(dumps({"matches": found}), media_type=JSON)

    @app.post("/v1/matches", status_code=201,
              responses={201: {"model": MatchAnswer, "content": {JSON: {}}, "description": "the new match, with "
                               "its edit_key: keep it, it is given only this once"},
                         **schemas.ERRORS, 429: TOO_MANY},
              openapi_extra=create_body())
    @guarded
    async def create_match(request: Request) -> Response:
        """A new match: four players in their first seats (E, S, W, N), optional title and rules
        (``"variant": "riichi"`` and its ``rules`` make a riichi hanchan, docs/match.md);
        hands (and a log) may come along, e.g. a match exported before. The answer's ``edit_key``
        is what every change to the match needs; it is given only here. At most 10 new matches a
        minute per client address (after a first 20)."""
        client = request.client.host if request.client else "unknown"
        wait = app.state.match_creations.take(client)
        if wait:
            raise Refused(f"too many new matches from this address: try again in {retry_after(wait)} s",
                          "too_many_matches_created", {"retry-after": retry_after(wait)})
        raw = await read_json(request, MAX_CREATE_BYTES)
        record, sheet = await compute(new_record, raw)
        key = keys.new_key()
        created = await stored("create", record, keys.digest(key))
        return _answer(created, sheet, 201, key)

    @app.get("/v1/matches/{match_id}", responses={200: {"model": MatchAnswer, "content": {JSON: {}}},
                                                  404: NOT_FOUND, 422: schemas.ERRORS[422],
                                                  503: schemas.ERRORS[503]})
    @guarded
    async def read_match(match_id: MatchId) -> Response:
        """The match: its record and its sheet (totals, places, table points, 追分, log)."""
        current = await stored("get", match_id)
        _, sheet = await compute(new_record, current.record)
        return _answer(current, sheet)

    @app.post("/v1/matches/{match_id}/hands",
              responses={200: {"model": MatchAnswer, "content": {JSON: {}}}, **errs, **KEYED, 409: CONFLICT},
              openapi_extra={**openapi.body("MatchAddHand", {"self_drawn": EXAMPLE_ADD}), "security": WRITE})
    @guarded
    async def add_hand(match_id: MatchId, request: Request) -> Response:
        """The next entry: a win (fan total, or the tiles to score), a draw, a hand not played, a
        false win or a penalty. Refused with nothing changed if the match would not compute.
        Needs the match's edit key (``Authorization: Bearer KEY``)."""
        key = bearer(request)
        body = await body_of(AddHand, await read_json(request, limits.MAX_BODY_BYTES), match_id)
        return await change(key, match_id, body.revision, add_entry, body.entry)

    @app.post("/v1/matches/{match_id}/corrections",
              responses={200: {"model": MatchAnswer, "content": {JSON: {}}}, **errs, **KEYED, 409: CONFLICT},
              openapi_extra={**openapi.body("MatchCorrection", {"edit": EXAMPLE_FIX}), "security": WRITE})
    @guarded
    async def correct_hand(match_id: MatchId, request: Request) -> Response:
        """Edit, delete or insert an entry, logged with who, when and why; the sheet is computed again.
        Needs the match's edit key (``Authorization: Bearer KEY``)."""
        key = bearer(request)
        body = await body_of(Correction, await read_json(request, limits.MAX_BODY_BYTES), match_id)
        return await change(key, match_id, body.revision, correct, body.n, body.entry, body.by, body.reason,
                            body.action)

    @app.get("/v1/matches/{match_id}/export",
             responses={200: {"content": {f.media_type.split(";")[0]: {} for f in ex.FORMATS.values()},
                              "description": "; ".join(f"{f.name}: {f.description}" for f in ex.FORMATS.values())},
                        404: NOT_FOUND, 422: schemas.ERRORS[422], 503: schemas.ERRORS[503]})
    @guarded
    async def export_match(match_id: MatchId, format: Annotated[str, Query(
            description=", ".join(ex.FORMATS), json_schema_extra={"enum": list(ex.FORMATS)})] = "json") -> Response:
        """The match written out for the tournament office."""
        chosen = ex.FORMATS.get(format)
        if chosen is None:
            raise HandError(f"query.format: {ex.unknown_format(format)}", None, "bad_request")
        current = await stored("get", match_id)
        record, sheet = await compute(new_record, current.record)
        written = chosen.write(record, sheet)
        body = dumps(written) if isinstance(written, dict) else written.encode("utf-8")
        return Response(body, media_type=chosen.media_type, headers={
            "content-disposition": f'attachment; filename="match-{match_id}{chosen.file_suffix}"'})

    @app.get("/v1/matches/{match_id}/hands/{n}/explanation",
             responses={200: {"model": Result, "content": {JSON: {}}},
                        404: {"model": schemas.ErrorBody, "description": "no such match or entry, or the entry "
                                                                         "gives no tiles (no_hand)"},
                        422: schemas.ERRORS[422], 503: schemas.ERRORS[503]})
    @guarded
    async def explain_hand(match_id: MatchId, n: Annotated[int, PathParam(ge=1, le=m.MAX_ENTRIES)]) -> Response:
        """The engine's full explanation of entry n's hand (every reading, items, exclusions), scored
        in the match's seats: what a referee shows a player who asks why."""
        current = await stored("get", match_id)

        def explained(record: dict[str, Any]) -> bytes:
            sheet = new_record(record)[1]
            return dumps(of_sheet(sheet).explanation(sheet, n))

        try:
            body = await compute(explained, current.record)
        except HandError as err:
            if err.code in ("no_such_entry", "no_hand"):
                return errors.JSONBytes(errors.error_body(err), status_code=404)
            raise
        return Response(body, media_type=JSON)

    openapi.add_components(app, request_components)
    add_security_schemes(app)
