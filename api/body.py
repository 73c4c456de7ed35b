"""Reading a request body: JSON only, bounded in size and in time, every key once."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from starlette.requests import Request

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
    return int(value) if value.is_integer() else value


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


def parse_json(body: bytes) -> Any:
    """The JSON value of a body (RFC 8259: UTF-8, no NaN, no lone surrogate), every object's keys
    distinct; HandError ``bad_json`` / ``duplicate_key`` otherwise."""
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


def is_json(request: Request) -> bool:
    ctype = request.headers.get("content-type", "")
    return ctype.partition(";")[0].strip().lower() == "application/json"


async def read_json(request: Request, max_bytes: int) -> Any:
    """The body's JSON value. 415 unless it is declared ``application/json`` (a web page cannot send
    that to another site without the browser asking first); 413 past ``max_bytes``; 408 when the
    client has not sent all of it within ``limits.BODY_TIMEOUT_S``."""
    if not is_json(request):
        raise HandError("send the request as JSON (content-type: application/json)", None,
                        "unsupported_media_type")
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > max_bytes):
        raise HandError(f"request body over the limit of {max_bytes} bytes", None, "body_too_large")
    chunks: list[bytes] = []
    size = 0
    receive = request.receive
    try:
        async with asyncio.timeout(limits.BODY_TIMEOUT_S):
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
    except TimeoutError:
        raise HandError(f"the body did not arrive within {limits.BODY_TIMEOUT_S:g} s", None,
                        "body_timeout") from None
    return parse_json(chunks[0] if len(chunks) == 1 else b"".join(chunks))
