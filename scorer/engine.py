"""The library's entry points: parse a hand, score it, score many."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ValidationError

from . import referee, registry
from .errors import HandError
from .hand import Hand
from .notation import format_hand
from .notation import parse as parse_notation
from .request import ScoreRequest
from .result import Result
from .version import __version__


def parse(hand: str, variant: str = "mcr", dialect: str | None = None, win_tile: str | None = None) -> Hand:
    """Read a hand in the notation of ``variant`` (its tile set and hand size)."""
    v = registry.get(variant)
    return parse_notation(hand, v.notation, dialect=dialect, win_tile=win_tile)


def partitions(hand: str, variant: str = "mcr", dialect: str | None = None) -> dict[str, Any]:
    """The canonical hand and every natural reading of it (``mjscore parse``, ``POST /v1/parse``)."""
    v = registry.get(variant)
    h = parse_notation(hand, v.notation, dialect=dialect)
    return {"hand": format_hand(h), "partitions": v.readings(h)}


def score(variant: str, hand: str | None, context: dict[str, Any] | BaseModel | None = None,
          rules: str | dict[str, Any] | None = None, dialect: str | None = None, *,
          explain: bool = False, claim: list[str | int] | None = None) -> Result:
    """Score one hand. Malformed notation or context raises HandError; a hand that does not win
    is a normal result with ``valid`` false. ``explain`` adds every reading side by side; ``claim``
    (item ids and/or a total) adds a verdict."""
    v = registry.get(variant)
    try:
        ctx = v.context(context)
    except HandError as ctx_error:
        raise _with_hand_problems(v, hand, dialect, ctx_error) from None
    resolved = v.rules(rules)
    parsed = v.parse_hand(hand, ctx, dialect)
    result = v.score(parsed, ctx, resolved)
    result.rules = resolved.echo()
    result.version = __version__
    if explain or claim:
        views = referee.readings_of(v, parsed, ctx, resolved, result)
        if explain:
            result.readings = views
        if claim:
            result.verdict = referee.check_claim(v, result, claim, views)
    return result


def _with_hand_problems(v: registry.Variant, hand: str | None, dialect: str | None,
                        ctx_error: HandError) -> HandError:
    """A bad context must not hide a bad hand: read the hand with the variant's notation too and
    report every problem, the hand's (with their positions) first."""
    if not isinstance(hand, str):
        return ctx_error
    try:
        parse_notation(hand, v.notation, dialect=dialect)
    except HandError as hand_error:
        return HandError(hand_error.problems + ctx_error.problems)
    return ctx_error


def score_request(request: ScoreRequest | dict[str, Any]) -> Result:
    if not isinstance(request, ScoreRequest):
        request = parse_request(request)
    return score(request.variant, request.hand, request.context, request.rules, request.dialect,
                 explain=request.explain, claim=request.claim)


def parse_request(raw: dict[str, Any]) -> ScoreRequest:
    try:
        return ScoreRequest.model_validate(raw)
    except ValidationError as err:
        raise HandError(registry.validation_problems(err, "request")) from None


def error_result(err: HandError) -> dict[str, Any]:
    """What a batch answers in place of a result for a bad line (same shape as the HTTP 422 body)."""
    return {"error": err.as_dict()}


def score_many(requests: Iterable[ScoreRequest | dict[str, Any]]) -> list[Result | dict[str, Any]]:
    """Score a batch; a bad request yields an inline ``{"error": ...}`` and the batch goes on."""
    out: list[Result | dict[str, Any]] = []
    for req in requests:
        try:
            out.append(score_request(req))
        except HandError as err:
            out.append(error_result(err))
    return out
