"""JSON out: orjson (fast), falling back to the standard library for what orjson refuses (integers
past 64 bits, which a context may legally carry): an answer that exists must never become an error."""

from __future__ import annotations

import json
from typing import Any

import orjson


def dumps(content: Any) -> bytes:
    try:
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode()


def loads(data: bytes | str) -> Any:
    """JSON in: orjson, falling back to the standard library for what orjson refuses (integers
    past 64 bits); ``ValueError`` when neither can read it."""
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        try:
            return json.loads(data)
        except RecursionError:
            raise ValueError("nested too deeply") from None
