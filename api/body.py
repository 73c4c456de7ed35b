"""Reading a request body: JSON only, bounded in size and in time, every key once (``scorer.jsonread``)."""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

from starlette.requests import Request
from starlette.types import Receive

from scorer.errors import HandError
from scorer.jsonread import parse_json

from . import limits


def _header(headers: list[tuple[bytes, bytes]], name: bytes) -> str | None:
    """The first value of a header in an ASGI scope's list (names are lower case there), as
    Starlette's ``request.headers.get`` reads it, without building its mapping."""
    for key, value in headers:
        if key == name:
            return value.decode("latin-1")
    return None


def declared_json(headers: list[tuple[bytes, bytes]]) -> bool:
    ctype = _header(headers, b"content-type") or ""
    return ctype.partition(";")[0].strip().lower() == "application/json"


def is_json(request: Request) -> bool:
    return declared_json(request.scope["headers"])


def check_headers(headers: list[tuple[bytes, bytes]], max_bytes: int) -> None:
    """415 unless the body is declared ``application/json`` (a web page cannot send that to another
    site without the browser asking first); 413 when its declared length passes ``max_bytes``."""
    if not declared_json(headers):
        raise HandError("send the request as JSON (content-type: application/json)", None,
                        "unsupported_media_type")
    length = _header(headers, b"content-length")
    if length is not None and (not length.isdigit() or int(length) > max_bytes):
        raise HandError(f"request body over the limit of {max_bytes} bytes", None, "body_too_large")


class _Deadlines:
    """The body reads in progress on one event loop, each with its deadline, and one timer that
    stops the late ones (a tick past their time at most). An ``asyncio.timeout`` per request costs
    ~10 µs, more than all the rest of reading a one-hand body; this costs a dict entry."""

    TICK_S = 0.1

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.due: dict[asyncio.Task, float] = {}
        self.late: set[asyncio.Task] = set()
        self.timer: asyncio.TimerHandle | None = None

    def add(self, task: asyncio.Task, seconds: float) -> None:
        self.due[task] = self.loop.time() + seconds
        if self.timer is None:
            self.timer = self.loop.call_later(self.TICK_S, self._sweep)

    def _sweep(self) -> None:
        self.timer = None
        now = self.loop.time()
        for task, deadline in list(self.due.items()):
            if now >= deadline:
                del self.due[task]
                self.late.add(task)
                task.cancel()
        if self.due:
            self.timer = self.loop.call_later(self.TICK_S, self._sweep)


_DEADLINES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Deadlines] = weakref.WeakKeyDictionary()


async def read_body(receive: Receive, headers: list[tuple[bytes, bytes]], max_bytes: int) -> bytes:
    """The body's bytes: ``check_headers``, then 413 past ``max_bytes``, 408 when the client has not
    sent all of it within ``limits.BODY_TIMEOUT_S``."""
    check_headers(headers, max_bytes)
    task = asyncio.current_task()
    assert task is not None  # an ASGI app always runs in a task
    loop = task.get_loop()
    deadlines = _DEADLINES.get(loop)
    if deadlines is None:
        deadlines = _DEADLINES[loop] = _Deadlines(loop)
    deadlines.add(task, limits.BODY_TIMEOUT_S)
    chunks: list[bytes] = []
    size = 0
    try:
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise HandError("the client went away before sending the body", None, "bad_request")
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > max_bytes:
                raise HandError(f"request body over the limit of {max_bytes} bytes", None, "body_too_large")
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
    except asyncio.CancelledError:
        if task not in deadlines.late:
            raise
        deadlines.late.discard(task)
        task.uncancel()
        raise HandError(f"the body did not arrive within {limits.BODY_TIMEOUT_S:g} s", None,
                        "body_timeout") from None
    finally:
        deadlines.due.pop(task, None)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


async def read_json(request: Request, max_bytes: int) -> Any:
    """The body's JSON value (``read_body``, ``parse_json``)."""
    return parse_json(await read_body(request.receive, request.scope["headers"], max_bytes))
