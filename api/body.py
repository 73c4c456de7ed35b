"""Reading a request body: JSON only, bounded in size and in time, every key once."""

from __future__ import annotations

import asyncio
import json
import re
import weakref
from typing import Any

import orjson
from starlette.requests import Request
from starlette.types import Receive

from scorer.errors import HandError

from . import limits


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise HandError(f"the key {key[:64]!r} appears twice in one object", None, "duplicate_key")
            seen.add(key)
    return out


def _not_a_number(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _number(text: str) -> float | int:
    # JSON has one number type: 2.0 and 2e3 are integers as JSON Schema counts them (no field of a
    # request takes a fraction)
    value = float(text)
    if value in (_INF, -_INF):  # past a double (1e400): no request holds such a number
        raise ValueError(f"the number {text[:40]} is too large")
    return int(value) if value.is_integer() else value


_INF = float("inf")


_DECODER = json.JSONDecoder(object_pairs_hook=_no_repeats, parse_constant=_not_a_number, parse_float=_number)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _lone_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_lone_surrogate(k) or _lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_lone_surrogate(v) for v in value)
    return False


def _checked_parse(body: bytes) -> Any:
    """The reference reader (the standard library's, a hook per object): slow, but it names the
    problem -- the byte, the line and column, the repeated key -- and reads every integer exactly."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as err:
        raise HandError(f"the body is not UTF-8 (byte {err.start})", None, "bad_json") from None
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as err:
        raise HandError(f"the body is not valid JSON: {err.msg} (line {err.lineno}, column {err.colno})",
                        None, "bad_json") from None
    except RecursionError:
        raise HandError("the body is nested too deeply", None, "bad_json") from None
    except HandError:
        raise
    except ValueError as err:  # NaN, Infinity, or an integer of thousands of digits
        raise HandError(f"the body is not valid JSON: {err}", None, "bad_json") from None
    if "\\u" in text and _SURROGATE_ESCAPE.search(text) and _lone_surrogate(value):
        raise HandError("the body holds an unpaired UTF-16 surrogate (\\ud800-\\udfff)", None, "bad_json")
    return value


_ZEROS = bytes.maketrans(b"123456789E", b"000000000e")  # digits as 0, exponents as e
_LONG_NUMBER = b"0" * 19  # orjson reads an integer past 64 bits as a float; the reference reads it exactly


def _integral(value: Any) -> Any:
    """``value`` with every integral float an int, as ``_number`` reads them (in place)."""
    stack = [value]
    while stack:
        node = stack.pop()
        items = node.items() if type(node) is dict else enumerate(node)
        for key, item in items:
            kind = type(item)
            if kind is float:
                if item.is_integer():
                    node[key] = int(item)
            elif kind is dict or kind is list:
                stack.append(item)
    return value


def parse_json(body: bytes) -> Any:
    """The JSON value of a body (RFC 8259: UTF-8, no NaN, no lone surrogate), every object's keys
    distinct; HandError ``bad_json`` / ``duplicate_key`` otherwise.

    orjson reads the body; the reference reader (``_checked_parse``) reads it instead whenever
    orjson refuses it (so every error is worded as it always was), and whenever the fast reading
    might differ from the reference's: an integer of 19 digits or more, or a repeated key. orjson
    keeps the last of a repeated key, so a repeat shows as a missing colon: each key of the body
    has one colon, and the value written back by orjson has one colon per key it kept plus exactly
    the colons inside its strings, which are the body's own (a colon written ``\\u003a`` would
    add one: such a body goes the reference way). Equal counts mean no key was dropped."""
    digits = body.translate(_ZEROS)
    if _LONG_NUMBER in digits or b"\\u003" in body:
        return _checked_parse(body)
    try:
        value = orjson.loads(body)
        written = orjson.dumps(value)
    except (orjson.JSONDecodeError, orjson.JSONEncodeError):  # refused, or nested past orjson's writer
        return _checked_parse(body)
    if body.count(b":") != written.count(b":"):
        return _checked_parse(body)
    # a number with a fraction or an exponent: 2.0 and 2e3 are read as integers
    if (b"." in body or b"0e" in digits) and type(value) in (dict, list):
        _integral(value)
    elif type(value) is float and value.is_integer():
        value = int(value)
    return value


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
