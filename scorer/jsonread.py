"""Reading JSON as requests are read (an HTTP body, a batch line): RFC 8259 (UTF-8, no NaN, no
number past a double, no lone surrogate), every object's keys distinct, integral numbers (``2.0``,
``2e3``) as integers. Errors are HandErrors, ``bad_json`` or ``duplicate_key``, naming the problem."""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

from .errors import HandError
from .jsonio import has_lone_surrogate


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


DECODER = json.JSONDecoder(object_pairs_hook=_no_repeats, parse_constant=_not_a_number, parse_float=_number)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def what_is_wrong(err: json.JSONDecodeError) -> str:
    """The standard reader's reason in lower case, for a message that says where itself ("expecting
    value", "unterminated string starting" + " at column 7")."""
    return err.msg.removesuffix(" at").lower()


def checked_parse(body: bytes) -> Any:
    """The reference reader (the standard library's, a hook per object): slow, but it names the
    problem -- the byte, the line and column, the repeated key -- and reads every integer exactly."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as err:
        raise HandError(f"the body is not UTF-8 (byte {err.start})", None, "bad_json") from None
    try:
        value = DECODER.decode(text)
    except json.JSONDecodeError as err:
        raise HandError(f"the body is not valid JSON: {err.msg} (line {err.lineno}, column {err.colno})",
                        None, "bad_json") from None
    except RecursionError:
        raise HandError("the body is nested too deeply", None, "bad_json") from None
    except HandError:
        raise
    except ValueError as err:  # NaN, Infinity, or an integer of thousands of digits
        raise HandError(f"the body is not valid JSON: {err}", None, "bad_json") from None
    if "\\u" in text and _SURROGATE_ESCAPE.search(text) and has_lone_surrogate(value):
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


UNSURE: Any = object()  # ``fast_read``: the reading is left to ``checked_parse``


def fast_read(body: bytes) -> Any:
    """orjson's reading of the body when it is certainly the checked reading, else ``UNSURE``
    (an error, a long integer, a repeated key, a colon written as an escape).

    orjson keeps the last of a repeated key, so a repeat shows as a missing colon: each key of the
    body has one colon, and the value written back by orjson has one colon per key it kept plus
    exactly the colons inside its strings, which are the body's own (a colon written ``\\u003a``
    would add one: such a body is left to the checked reading). Equal counts mean no key was
    dropped."""
    digits = body.translate(_ZEROS)
    if _LONG_NUMBER in digits or b"\\u003" in body:
        return UNSURE
    try:
        value = orjson.loads(body)
        written = orjson.dumps(value)
    except (orjson.JSONDecodeError, orjson.JSONEncodeError):  # refused, or nested past orjson's writer
        return UNSURE
    if body.count(b":") != written.count(b":"):
        return UNSURE
    # a number with a fraction or an exponent: 2.0 and 2e3 are read as integers
    if (b"." in body or b"0e" in digits) and type(value) in (dict, list):
        _integral(value)
    elif type(value) is float and value.is_integer():
        value = int(value)
    return value


def parse_json(body: bytes) -> Any:
    """The JSON value of a body (RFC 8259: UTF-8, no NaN, no lone surrogate), every object's keys
    distinct; HandError ``bad_json`` / ``duplicate_key`` otherwise. orjson reads it where that is
    certainly the checked reading (``fast_read``); the checked reader reads the rest, so that every
    error is worded as it always was and every integer read exactly."""
    value = fast_read(body)
    return checked_parse(body) if value is UNSURE else value
