"""The HTTP service assembled: the middleware, the error handlers and the two lanes of scoring
threads, then each resource's routes (``api.routes``). Built from the variant registry.

Every route that scores hands its work to ``answer``, which runs it in ``api.pool``'s threads
within a time budget, in two lanes: one hand or one table, and batches (whose bodies are also read
there); the answers are JSON written by orjson.

One exception: a plain ``POST /v1/score`` (variant, hand, context, rules; no explain, claim or
dialect) that the variant's compiled full path takes (``engine.decide``) is answered on the
event loop by ``api.lane``, before FastAPI's routing. That path is C without a search, bounded to
microseconds, so it needs no thread and no time budget, and it gives the very Result the scoring
thread would (which calls it first, with the same values): the answer is the same either way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import Response

from scorer import registry
from scorer.errors import HandError
from scorer.version import __version__

from . import errors, limits
from .guard import DocsPages, SecurityHeaders
from .lane import ScoreLane
from .pool import Busy, Overrun, Pool
from .routes import JSON, efficiency, health, matches, pages, scoring, variants

STATIC = Path(__file__).resolve().parent / "static"


class Service(FastAPI):
    """FastAPI with the security headers outermost, so that every answer carries them (also
    those of the last-resort error handler, which sits outside the user middleware), and inside
    them the fast lane of ``POST /v1/score`` (``api.lane``)."""

    def __init__(self, *args: Any, page_csp: dict[str, str] | None = None, **kwargs: Any) -> None:
        self.page_csp = page_csp or {}
        super().__init__(*args, **kwargs)

    def build_middleware_stack(self) -> Any:
        return SecurityHeaders(ScoreLane(super().build_middleware_stack()), self.page_csp)


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

    # each resource's routes, in the order of the OpenAPI document
    pages.install(app, STATIC, docs)
    health.install(app)
    variants.install(app, answer)
    scoring.install(app, answer)
    efficiency.install(app, answer)
    matches.install(app)
    return app


app = create_app()
