"""The fast lane of ``POST /v1/score``: a plain request the variant's compiled full path takes is
answered on the event loop, before FastAPI's routing; every other request goes the checked way.

The lane asks the engine once (``engine.decide``: the compiled path's Result, or ``Declined``); a
request it declines is handed to the route marked so (``DECLINED_KEY`` in the ASGI scope), and the
route scores it by the checked path alone -- the compiled path is never asked twice.

Why the event loop may score these: ``engine.compiled`` runs the variant's compiled full path
(``Variant.full_fast``), which is C without a search, bounded to microseconds whatever the hand,
and declines (None) any request it does not read exactly as the checked path would. So it needs no
scoring thread and no time budget (``api.pool`` is for the work that may take long), and handing
it to a thread would cost more than it does.

Why the answer is the same, status and bytes, as the checked path's: the lane reads the body as the
route does (``api.body``), and ``engine.decide`` takes only a request that
``validated(ScoreRequest, raw)`` accepts with these very values, without explain, claim or dialect;
for such a request the route's ``engine.score_request`` would ask the compiled path, with the same
values, and answer its Result. The answer is written as the route writes it. Anything else -- a request the compiled path declines,
any other shape, a body that is not JSON, an unexpected error -- is handed, with the body already
read, to the route, which answers it (or names its problems) as it always has.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scorer import engine
from scorer.errors import HandError
from scorer.jsonio import dumps

from . import errors, limits
from .body import check_headers, parse_json, read_body

PATH = "/v1/score"
_JSON = b"application/json"


# the scope key under which a request the compiled path declined reaches the route (its Declined)
DECLINED_KEY = "mjscore.declined"


def answer(raw: Any) -> bytes | engine.Declined:
    """The JSON of the compiled path's Result for a request, or why it declines (the checked way)."""
    result = engine.decide(raw)
    return result if type(result) is engine.Declined else dumps(result)


def declined_in(scope: Scope) -> engine.Declined | None:
    """What the lane left to the route: the compiled path's decline, None when it was not asked."""
    declined: engine.Declined | None = scope.get(DECLINED_KEY)
    return declined


def _replay(body: bytes, receive: Receive) -> Receive:
    """``receive`` with the body already read given back first."""
    given = False

    async def again() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again


class ScoreLane:
    """Pure ASGI, inside the security headers and outside FastAPI's middleware and routing (whose
    work per request costs more than the compiled path's)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # a plain function: any other request is handed on with no coroutine of its own
        if scope["type"] != "http" or scope["path"] != PATH or scope["method"] != "POST" or scope.get("root_path"):
            return self.app(scope, receive, send)
        return self._score(scope, receive, send)

    async def _score(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = scope["headers"]
        try:
            check_headers(headers, limits.MAX_BODY_BYTES)
        except HandError:
            await self.app(scope, receive, send)  # the route answers 415 / 413 without reading
            return
        try:
            body = await read_body(receive, headers, limits.MAX_BODY_BYTES)
        except HandError as err:  # too large, too slow, or the client left: as the route answers
            await errors.error_response(err)(scope, receive, send)
            return
        try:
            found = answer(parse_json(body))
        except Exception:  # not JSON, or a fault: the route finds it again and answers it
            found = None
        if found is None or type(found) is engine.Declined:
            if found is not None:
                scope = {**scope, DECLINED_KEY: found}  # the route does not ask the compiled path again
            await self.app(scope, _replay(body, receive), send)
            return
        # as Response(found, media_type="application/json") sends it
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-length", str(len(found)).encode()), (b"content-type", _JSON)]})
        await send({"type": "http.response.body", "body": found})
