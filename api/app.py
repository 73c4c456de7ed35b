"""Routes: health, parse, score, batch, variants. Built from the variant registry."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from scorer import engine, referee, registry
from scorer.errors import HandError
from scorer.jsonio import loads
from scorer.request import ParseRequest, ScoreRequest, WaitsRequest
from scorer.result import Result
from scorer.version import __version__

from . import errors, limits, schemas
from .responses import JSONBytes

STATIC = Path(__file__).resolve().parent / "static"


def _score_rest(requests: list[Any], answers: list[Any], view: str) -> list[Any]:
    """Score the requests the fast paths left (None), within the batch's time budget."""
    deadline = time.monotonic() + limits.TIME_BUDGET_S
    for i, raw in enumerate(requests):
        if answers[i] is not None:
            continue
        if time.monotonic() > deadline:
            raise HandError(f"the batch needed more than the {limits.TIME_BUDGET_S:.0f} s time budget; "
                            "send it in smaller batches", None, "time_budget")
        answers[i] = engine.score_raw(raw, view)  # type: ignore[arg-type]
    return answers


def create_app() -> FastAPI:
    registry.variants()  # load every variant before the first request (and fail fast if one is broken)
    app = FastAPI(
        title="mjscore",
        version=__version__,
        description="Mahjong hand scoring with a referee's explanation of every point.",
        default_response_class=JSONBytes,
    )
    errors.install(app)
    app.add_middleware(limits.BodyLimit)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def referee_page() -> FileResponse:
        """The referee web page (everything it needs is served from /static: it works offline)."""
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/healthz", response_model=None, responses={200: {"model": schemas.Health}})
    def healthz() -> JSONBytes:
        return JSONBytes({"status": "ok", "version": __version__})

    @app.get("/v1/variants", response_model=None, responses={200: {"model": schemas.Variants}})
    def list_variants() -> JSONBytes:
        return JSONBytes({"variants": [v.describe() for v in registry.variants().values()]})

    @app.post("/v1/parse", response_model=None, responses={200: {"model": schemas.ParseResult}, **schemas.ERRORS})
    def parse_hand(request: ParseRequest) -> JSONBytes:
        return JSONBytes(engine.partitions(request.hand, request.variant, request.dialect))

    @app.post("/v1/score", response_model=None, responses={200: {"model": Result}, **schemas.ERRORS})
    def score(request: ScoreRequest) -> JSONBytes:
        result = engine.score_request(request)
        return JSONBytes(result.model_dump(mode="json"))

    @app.post("/v1/waits", response_model=None, responses={200: {"model": schemas.WaitsResult}, **schemas.ERRORS})
    def waits(request: WaitsRequest) -> JSONBytes:
        """Every tile that completes a hand one tile short, each scored."""
        return JSONBytes(referee.waits(request.variant, request.hand, request.context, request.rules,
                                       request.dialect))

    @app.post("/v1/score/batch", response_model=None,
              responses={200: {"model": schemas.BatchAnswer}, **schemas.ERRORS},
              openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
                  "schema": {"type": "array", "items": {}, "description": "a list of score requests"}}}}})
    async def score_batch(request: Request, view: Annotated[Literal["full", "compact"], Query(
            description="full results, or compact ones: no explanation, items as "
                        "[id, points, factor, count] (MCR scored in C)")] = "full") -> Response:
        # the body is read with orjson; the C fast paths answer here (a bounded ~1 µs a request),
        # whatever is left is scored in a worker thread so the event loop never waits on it
        try:
            requests = loads(await request.body())
        except ValueError as err:
            raise HandError(f"the body is not valid JSON: {err}", None, "bad_request") from None
        if not isinstance(requests, list):
            raise HandError("the body must be a JSON list of score requests", None, "bad_request")
        if len(requests) > limits.MAX_BATCH:
            raise HandError(f"a batch of {len(requests)} requests is over the limit of {limits.MAX_BATCH}",
                            None, "batch_too_large")
        answers: list[Any] = (engine.fast_compact_many(requests, as_json=True) if view == "compact"
                              else [None] * len(requests))
        if engine.has_none(answers):
            answers = await run_in_threadpool(_score_rest, requests, answers, view)
        return Response(b"[" + b",".join(engine.answer_json(a) for a in answers) + b"]", media_type="application/json")

    return app


app = create_app()
