"""Limits that keep one request from costing the service more than its share.

Every over-limit request is answered 413 or 422 with the usual error object, never 5xx or a hang.
The scorer's own work is bounded by design (the notation caps a hand at 200 characters; the
decomposer lists at most ~1,300 readings, a few ms even with four wilds), so a request's time is
bounded by the batch size; the time budget is a last guard.
"""

from __future__ import annotations

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 2 * 1024 * 1024  # a batch of 1,000 requests is ~200 KB
MAX_BATCH = 1000  # requests in one POST /v1/score/batch
TIME_BUDGET_S = 20.0  # wall-clock seconds one request may spend scoring


def _error(status: int, message: str, code: str) -> tuple[int, bytes]:
    body = {"error": {"message": message, "position": None, "code": code,
                      "errors": [{"message": message, "position": None, "code": code}]}}
    return status, orjson.dumps(body)


class BodyLimit:
    """Refuse bodies over MAX_BODY_BYTES (by Content-Length, and while streaming) with 413."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send)
            return
        seen = 0
        too_big = False

        async def counted() -> Message:
            nonlocal seen, too_big
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    too_big = True
                    return {"type": "http.disconnect"}
            return message

        started = False

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if too_big and not started:
                started = True
                await self._refuse(send)
                return
            if message["type"] == "http.response.start":
                started = True
            if not too_big:
                await send(message)

        await self.app(scope, counted, guarded_send)

    async def _refuse(self, send: Send) -> None:
        status, body = _error(413, f"request body over the limit of {self.limit} bytes", "body_too_large")
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
