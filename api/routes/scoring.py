"""``POST /v1/parse``, ``/v1/score``, ``/v1/waits`` and ``/v1/score/batch``: hands read and scored.

Every body is read by ``api.body`` (JSON only, bounded in size and time, keys once), checked
against the request models (strict types, every value bounded) and scored in ``api.pool``'s
threads within a time budget: one hand in the first lane, batches (whose bodies are also read
there) in the second; the answers are JSON written by orjson. A plain ``POST /v1/score`` that the
variant's compiled full path takes is answered before these routes, by ``api.lane`` (``api.app``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request
from fastapi.responses import Response

from scorer import deadline, engine, referee
from scorer.errors import HandError
from scorer.jsonio import dumps
from scorer.jsonread import parse_json
from scorer.request import ParseRequest, ScoreRequest, WaitsRequest, validated
from scorer.result import Result

from .. import limits, openapi, schemas
from ..body import read_body, read_json
from ..lane import declined_in
from . import JSON, Answer

# --- the work done in the scoring threads ----------------------------------------------------------

def _score(request: ScoreRequest, declined: engine.Declined | None) -> bytes:
    result = engine.score_request(request, declined=declined)
    return dumps(result)


def _waits(request: WaitsRequest) -> bytes:
    return dumps(referee.waits(request.variant, request.hand, request.context, request.rules, request.dialect))


def _parse(request: ParseRequest) -> bytes:
    return dumps(engine.partitions(request.hand, request.variant, request.dialect))


def _batch_item(raw: Any, view: str) -> Any:
    try:
        # compact: the batch's C path has already declined it (fast_compact_many)
        result = engine.score_request(raw, declined=engine.COMPACT_DECLINED if view == "compact" else None)
    except HandError as err:
        return engine.error_result(err)
    except Exception as exc:  # a bug: answered in its place, the batch goes on
        return engine.internal_error(exc)
    return engine.compact_of(result) if view == "compact" else result


def _batch_body(body: bytes, view: str) -> bytes:
    requests = parse_json(body)
    if not isinstance(requests, list):
        raise HandError("the body must be a JSON list of score requests", None, "bad_request")
    if len(requests) > limits.MAX_BATCH:
        raise HandError(f"a batch of {len(requests)} requests is over the limit of {limits.MAX_BATCH}",
                        None, "batch_too_large")
    return _batch(requests, view)


def _batch(requests: list[Any], view: str) -> bytes:
    # the C fast paths answer what they can (compact view), on every core; the rest one by one
    answers: list[Any] = (engine.fast_compact_many(requests, as_json=True) if view == "compact"
                          else [None] * len(requests))
    size = 0
    for i, raw in enumerate(requests):
        deadline.check()
        answers[i] = engine.answer_json(answers[i] if answers[i] is not None else _batch_item(raw, view))
        size += len(answers[i])
        if size > limits.MAX_BATCH_ANSWER_BYTES:
            raise HandError(f"the answers to this batch pass {limits.MAX_BATCH_ANSWER_BYTES >> 20} MiB by request "
                            f"{i + 1}: send fewer requests, or fewer with explain", None, "answer_too_large")
    return b"[" + b",".join(answers) + b"]"


# --- the routes ------------------------------------------------------------------------------------

def install(app: FastAPI, answer: Answer) -> None:
    examples = openapi.examples()  # each variant's worked request, read once for both routes
    @app.post("/v1/parse", responses={200: {"model": schemas.ParseResult, "content": {JSON: {}}}, **schemas.ERRORS},
              openapi_extra=openapi.body("ParseRequest", {"mcr": openapi.PARSE_EXAMPLE}))
    async def parse_hand(request: Request) -> Response:
        """The canonical hand and every reading of it."""
        return await answer(_parse, validated(ParseRequest, await read_json(request, limits.MAX_BODY_BYTES)))

    @app.post("/v1/score", responses={200: {"model": Result, "content": {JSON: {}}}, **schemas.ERRORS},
              openapi_extra=openapi.body("ScoreRequest", examples))
    async def score(request: Request) -> Response:
        """One hand scored: items, total, payments; every reading with ``explain``, a verdict with ``claim``."""
        # a request the lane has already asked the compiled path about comes with its decline
        return await answer(_score, validated(ScoreRequest, await read_json(request, limits.MAX_BODY_BYTES)),
                            declined_in(request.scope))

    @app.post("/v1/waits", responses={200: {"model": schemas.WaitsResult, "content": {JSON: {}}}, **schemas.ERRORS},
              openapi_extra=openapi.body("WaitsRequest", {"mcr": openapi.WAITS_EXAMPLE}))
    async def waits(request: Request) -> Response:
        """Every tile that completes a hand one tile short, each scored."""
        return await answer(_waits, validated(WaitsRequest, await read_json(request, limits.MAX_BODY_BYTES)))

    @app.post("/v1/score/batch", responses={200: {"model": schemas.BatchAnswer, "content": {JSON: {}}}, **schemas.ERRORS},
              openapi_extra=openapi.body("ScoreBatch", {"two": list(examples.values())[:2]}))
    async def score_batch(request: Request, view: Annotated[Literal["full", "compact"], Query(
            description="full results, or compact ones: no explanation, items as "
                        "[id, points, factor, count] (MCR scored in C)")] = "full") -> Response:
        """Many requests; a bad one is answered by an error object in its place."""
        # only the bytes are read here: reading 2 MiB of JSON takes the event loop's time (up to a
        # second), so it is done in the batch lane with the rest
        body = await read_body(request.receive, request.scope["headers"], limits.MAX_BATCH_BODY_BYTES)
        return await answer(_batch_body, body, view, batch=True)

    openapi.add_components(app, openapi.request_components)
