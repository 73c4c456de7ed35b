"""Routes: health, parse, score, waits, batch, variants. Built from the variant registry.

Every POST body is read by ``api.body`` (JSON only, bounded in size and time, keys once), checked
against the request models (strict types, every value bounded) and scored in ``api.pool``'s
threads within a time budget, in two lanes: one hand or one table, and batches (whose bodies are
also read there); the answers are JSON written by orjson.

One exception: a plain ``POST /v1/score`` (variant, hand, context, rules; no explain, claim or
dialect) that the variant's compiled full path takes (``engine.score_fast``) is answered on the
event loop by ``api.lane``, before FastAPI's routing. That path is C without a search, bounded to
microseconds, so it needs no thread and no time budget, and it gives the very Result the scoring
thread would (which calls it first, with the same values): the answer is the same either way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from scorer import deadline, engine, referee, reference, registry
from scorer.errors import HandError
from scorer.jsonio import dumps
from scorer.jsonread import parse_json
from scorer.request import ParseRequest, ScoreRequest, WaitsRequest, validated
from scorer.result import Result
from scorer.version import __version__

from . import errors, limits, openapi, page, schemas
from .body import read_body, read_json
from .guard import DocsPages, SecurityHeaders
from .lane import ScoreLane
from .pool import Busy, Overrun, Pool

STATIC = Path(__file__).resolve().parent / "static"
JSON = "application/json"


class Service(FastAPI):
    """FastAPI with the security headers outermost, so that every answer carries them (also
    those of the last-resort error handler, which sits outside the user middleware), and inside
    them the fast lane of ``POST /v1/score`` (``api.lane``)."""

    def __init__(self, *args: Any, page_csp: dict[str, str] | None = None, **kwargs: Any) -> None:
        self.page_csp = page_csp or {}
        super().__init__(*args, **kwargs)

    def build_middleware_stack(self) -> Any:
        return SecurityHeaders(ScoreLane(super().build_middleware_stack()), self.page_csp)


# --- the work done in the scoring threads ----------------------------------------------------------

def _score(request: ScoreRequest) -> bytes:
    result = engine.score_request(request)
    return dumps(result)


def _waits(request: WaitsRequest) -> bytes:
    return dumps(referee.waits(request.variant, request.hand, request.context, request.rules, request.dialect))


def _parse(request: ParseRequest) -> bytes:
    return dumps(engine.partitions(request.hand, request.variant, request.dialect))


def _item_reference(variant: str, item: str) -> bytes:
    return dumps(reference.item_reference(variant, item))


def _batch_item(raw: Any, view: str) -> Any:
    try:
        result = engine.score_request(raw, checked=view == "compact")  # compact: its C path declined it
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


def create_app() -> FastAPI:
    registry.variants()  # load every variant before the first request (and fail fast if one is broken)
    docs = DocsPages("mjscore", "/openapi.json")
    app = Service(
        title="mjscore",
        version=__version__,
        description="Mahjong hand scoring with a referee's explanation of every point. Requests are JSON "
                    "(`content-type: application/json`); every string, list and number in them is bounded "
                    "(see each schema), and each request is scored within a time budget.",
        default_response_class=Response,
        docs_url=None, redoc_url=None,
        page_csp=docs.csp,
    )
    errors.install(app)
    # two lanes (api.pool): one hand or one table, and batches, which give way to the first
    pool = Pool(limits.SCORING_THREADS, limits.QUEUE_SIZE, limits.QUEUE_WAIT_S, "scorer")
    batch_pool = Pool(limits.BATCH_THREADS, limits.BATCH_QUEUE_SIZE, limits.BATCH_QUEUE_WAIT_S, "batch",
                      yield_to=pool)
    app.state.pool, app.state.batch_pool = pool, batch_pool
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    page.install(app, STATIC)

    async def answer(fn: Any, *args: Any, batch: bool = False) -> Response:
        budget = limits.BATCH_TIME_BUDGET_S if batch else limits.TIME_BUDGET_S
        try:
            body = await (batch_pool if batch else pool).run(fn, *args, budget=budget)
        except Busy:
            raise HandError("every scorer is busy: retry in a moment", None, "busy") from None
        except Overrun:
            raise HandError(f"the request needed more than the {budget:g} s time budget", None,
                            "time_budget") from None
        return Response(body, media_type=JSON)

    @app.get("/", include_in_schema=False)
    async def referee_page() -> FileResponse:
        """The referee web page (everything it needs is served from /static: it works offline)."""
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/docs", include_in_schema=False)
    async def swagger() -> Response:
        return docs.swagger_page()

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> Response:
        return docs.redoc_page()

    health = dumps({"status": "ok", "version": __version__})

    @app.get("/healthz", responses={200: {"model": schemas.Health, "content": {JSON: {}}}})
    async def healthz() -> Response:
        return Response(health, media_type=JSON)

    variants_json: dict[tuple, bytes] = {}

    @app.get("/v1/variants", responses={200: {"model": schemas.Variants, "content": {JSON: {}}}})
    async def list_variants() -> Response:
        found = registry.variants()
        key = tuple((k, id(v)) for k, v in found.items())
        if key not in variants_json:
            variants_json.clear()
            variants_json[key] = dumps({"variants": [page.describe(v) for v in found.values()]})
        return Response(variants_json[key], media_type=JSON)

    @app.get("/v1/variants/{variant}/items/{item}",
             responses={200: {"model": schemas.ItemReference, "content": {JSON: {}}},
                        404: {"model": schemas.ErrorBody, "description": "no such variant or item"}})
    async def item_reference(
        variant: Annotated[str, PathParam(max_length=32, description="a variant id, e.g. mcr")],
        item: Annotated[str, PathParam(max_length=64, description="an item by id, Chinese or English name")],
    ) -> Response:
        """One item: its value and exclusions, its definition from the rules page, its worked example
        scored now (as ``mjscore rules VARIANT ITEM``)."""
        try:
            return await answer(_item_reference, variant, item)
        except HandError as err:
            if err.code in ("unknown_variant", "unknown_item"):
                return errors.JSONBytes(errors.error_body(err), status_code=404)
            raise

    @app.post("/v1/parse", responses={200: {"model": schemas.ParseResult, "content": {JSON: {}}}, **schemas.ERRORS},
              openapi_extra=openapi.body("ParseRequest", {"mcr": openapi.PARSE_EXAMPLE}))
    async def parse_hand(request: Request) -> Response:
        """The canonical hand and every reading of it."""
        return await answer(_parse, validated(ParseRequest, await read_json(request, limits.MAX_BODY_BYTES)))

    @app.post("/v1/score", responses={200: {"model": Result, "content": {JSON: {}}}, **schemas.ERRORS},
              openapi_extra=openapi.body("ScoreRequest", openapi.examples()))
    async def score(request: Request) -> Response:
        """One hand scored: items, total, payments; every reading with ``explain``, a verdict with ``claim``."""
        return await answer(_score, validated(ScoreRequest, await read_json(request, limits.MAX_BODY_BYTES)))

    @app.post("/v1/waits", responses={200: {"model": schemas.WaitsResult, "content": {JSON: {}}}, **schemas.ERRORS},
              openapi_extra=openapi.body("WaitsRequest", {"mcr": openapi.WAITS_EXAMPLE}))
    async def waits(request: Request) -> Response:
        """Every tile that completes a hand one tile short, each scored."""
        return await answer(_waits, validated(WaitsRequest, await read_json(request, limits.MAX_BODY_BYTES)))

    @app.post("/v1/score/batch", responses={200: {"model": schemas.BatchAnswer, "content": {JSON: {}}}, **schemas.ERRORS},
              openapi_extra=openapi.body("ScoreBatch", {"two": list(openapi.examples().values())[:2]}))
    async def score_batch(request: Request, view: Annotated[Literal["full", "compact"], Query(
            description="full results, or compact ones: no explanation, items as "
                        "[id, points, factor, count] (MCR scored in C)")] = "full") -> Response:
        """Many requests; a bad one is answered by an error object in its place."""
        # only the bytes are read here: reading 2 MiB of JSON takes the event loop's time (up to a
        # second), so it is done in the batch lane with the rest
        body = await read_body(request.receive, request.scope["headers"], limits.MAX_BATCH_BODY_BYTES)
        return await answer(_batch_body, body, view, batch=True)

    openapi.add_components(app, openapi.request_components)
    from . import efficiency

    efficiency.install(app, answer, validated)
    from . import matches

    matches.install(app)
    return app


app = create_app()
