"""JSON out: orjson (fast), falling back to the standard library for what orjson refuses (integers
past 64 bits, which a context may legally carry, and lone surrogates): an answer that exists must
never become an error."""

from __future__ import annotations

import json
import re
from dataclasses import fields, is_dataclass
from typing import Any

import orjson

_SURROGATE = re.compile("[\ud800-\udfff]")


class NotUnicode(ValueError):
    """The content holds a lone surrogate (read from a JSON ``\\ud800`` escape): text that UTF-8, and
    so most JSON readers, cannot carry."""


def plain(value: Any) -> Any:
    """Dataclasses (results) as dicts, fields in order, all the way down: the JSON-ready form."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def dumps(content: Any, surrogates: str = "escape") -> bytes:
    """``content`` as compact UTF-8 JSON. A lone surrogate in a string is written as its ``\\uXXXX``
    escape (``surrogates="escape"``) or raises NotUnicode (``"raise"``)."""
    # orjson.JSONEncodeError is a TypeError. Its option for keys that are not strings costs a third
    # of the time and changes nothing where every key is a string (a result's): tried second
    try:
        return orjson.dumps(content)
    except TypeError:
        pass
    try:
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        pass
    content = plain(content)
    try:
        text = json.dumps(content, ensure_ascii=False, separators=(",", ":"))
    except ValueError:  # an integer past the interpreter's digit limit for int -> str
        text = _dumps_long_ints(content)
    try:
        return text.encode()
    except UnicodeEncodeError:
        if surrogates == "raise":
            raise NotUnicode("lone surrogate in text") from None
        return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text).encode()


def _dumps_long_ints(content: Any) -> str:
    """JSON text of content holding integers too long for ``str(int)`` (Decimal has no such limit):
    each is written as a marker string, then the marker is replaced by its digits."""
    digits: list[str] = []
    # a rare path: its modules are loaded here, not on every start-up
    import uuid
    from decimal import Decimal

    tag = uuid.uuid4().hex  # unguessable: no string of the content can pass for a marker

    def swap(value: Any) -> Any:
        if isinstance(value, bool):
            return value
        if isinstance(value, int):
            digits.append(str(Decimal(value)))
            return f"{tag}{len(digits) - 1}"
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [swap(v) for v in value]
        return value

    text = json.dumps(swap(content), ensure_ascii=False, separators=(",", ":"))
    return re.sub(f'"{tag}(\\d+)"', lambda m: digits[int(m.group(1))], text)


def loads(data: bytes | str) -> Any:
    """JSON in: orjson, falling back to the standard library for what orjson refuses (integers
    past 64 bits, lone surrogates); ``ValueError`` when neither can read it."""
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        try:
            return json.loads(data)
        except RecursionError:
            raise ValueError("nested too deeply") from None


def has_lone_surrogate(value: Any) -> bool:
    """Whether any string in a decoded JSON value (keys included) holds a lone surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False
