"""pydantic's complaints about a match record or entry, said in the project's words: each problem
names its place as a path into what the user wrote (``hands[3].winner``) and says what is wrong
with the value they gave (docs/match.md#limits-and-errors). Nothing of pydantic's own wording
("Field required", "Input should be ...") reaches the user."""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from pydantic import ValidationError

from ..errors import Problem

# what a value of the wrong type should have been, by pydantic's error type
EXPECTED = {
    "string_type": "a text", "int_type": "an integer", "int_from_float": "an integer",
    "int_parsing": "an integer", "bool_type": "true or false", "bool_parsing": "true or false",
    "dict_type": "an object", "model_type": "an object", "model_attributes_type": "an object",
    "list_type": "a list", "none_required": "null",
}
TOO_LONG = {"string_too_long": ("characters", "input_too_long"), "too_long": ("items", "too_many")}
_MISSING = object()


def shown(value: Any) -> str:
    """A value as the user wrote it (JSON), cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _at(value: Any, step: Any) -> Any:
    if isinstance(value, dict) and step in value:
        return value[step]
    if isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value):
        return value[step]
    return _MISSING


def _step(path: str, step: Any) -> str:
    if isinstance(step, int):
        return f"{path}[{step}]"
    if isinstance(step, str) and step.isidentifier():
        return f"{path}.{step}" if path else step
    return f"{path}[{shown(step)}]"  # an object key such as a player's name with a space


def _walk(raw: Any, loc: tuple[Any, ...], kind: str) -> tuple[str, str | None, bool]:
    """(path, union path, key?) of an error's location in ``raw``: the steps pydantic adds for a
    union member (``constrained-str``, ``Player``) are left out, and where one was found is the
    union path; ``key?``: the error is about an object's key (the path is the object's)."""
    path = ""
    union: str | None = None
    value = raw
    for i, step in enumerate(loc):
        if i + 1 < len(loc) and loc[i + 1] == "[key]":
            return path, union, True
        inner = _at(value, step)
        last = i == len(loc) - 1
        if inner is _MISSING and not (last and kind in ("missing", "extra_forbidden")):
            union = path  # a union member's name: not a step into the value
            continue
        path = _step(path, step)
        value = inner
    return path, union, False


def _message(e: dict[str, Any], where: str, key: bool, words: dict[str, str]) -> Problem:
    kind = e.get("type", "")
    ctx = e.get("ctx") or {}
    value = e.get("input")
    place = f"{where} key" if key else where
    if kind == "missing":
        return Problem(f"{where}: missing", None, "missing")
    if kind == "extra_forbidden":
        return Problem(f"{where}: unknown field", None, "unknown_field")
    if kind in EXPECTED:
        return Problem(f"{place}: {shown(value)} is not {EXPECTED[kind]}", None, "bad_request")
    if kind == "literal_error":
        expected = str(ctx.get("expected", "")).replace("True", "true").replace("'", '"')
        return Problem(f"{place}: {shown(value)} is not {expected}", None, "bad_request")
    if kind in TOO_LONG:
        unit, code = TOO_LONG[kind]
        size = len(value) if isinstance(value, str | list | dict) else ctx.get("actual_length")
        return Problem(f"{place}: {size} {unit}, at most {ctx.get('max_length')}", None, code)
    if kind == "string_too_short":
        return Problem(f"{place}: empty", None, "bad_request")
    if kind == "too_short":
        size = len(value) if isinstance(value, list | dict) else ctx.get("actual_length")
        return Problem(f"{place}: {size} items, at least {ctx.get('min_length')}", None, "bad_request")
    if kind == "string_pattern_mismatch":
        rule = words.get(str(ctx.get("pattern")), "a text of characters it may not hold")
        return Problem(f"{place}: {shown(value)} is not {rule}", None, "bad_request")
    if kind in ("greater_than_equal", "greater_than"):
        return Problem(f"{place}: {shown(value)} is below the least allowed, {ctx.get('ge', ctx.get('gt'))}",
                       None, "out_of_range")
    if kind in ("less_than_equal", "less_than"):
        return Problem(f"{place}: {shown(value)} is above the most allowed, {ctx.get('le', ctx.get('lt'))}",
                       None, "out_of_range")
    return Problem(f"{place}: {shown(value)} cannot be read here", None, "bad_request")


class _Fault(NamedTuple):
    error: dict[str, Any]
    where: str
    key: bool


def problems(err: ValidationError, raw: Any, prefix: str = "", words: dict[str, str] | None = None,
             unions: dict[str, str] | None = None) -> list[Problem]:
    """Every error of ``err`` (from validating ``raw``) as a problem at its path under ``prefix``;
    ``words``: what a text matching each pattern is, said for a user; ``unions``: what a value of
    a union may be, by its path with the list indices left out (``players[]``).

    A value that fits no member of a union gets one problem naming what it may be; a value of the
    right type for one member gets only that member's problems."""
    words = words or {}
    said = unions or {}

    def under(path: str) -> str:
        joint = "" if not path or not prefix or path.startswith("[") else "."
        return f"{prefix}{joint}{path}" or "body"

    # in the order pydantic found them; a union's faults together, at its first one's place
    order: list[_Fault | str] = []
    groups: dict[str, list[_Fault]] = {}
    for e in err.errors(include_url=False):
        path, union, key = _walk(raw, tuple(e.get("loc", ())), e.get("type", ""))
        fault = _Fault(dict(e), under(path), key)
        if union is None:
            order.append(fault)
            continue
        base = under(union)
        if base not in groups:
            groups[base] = []
            order.append(base)
        groups[base].append(fault)
    found: list[Problem] = []
    for item in order:
        if isinstance(item, _Fault):
            found.append(_message(item.error, item.where, item.key, words))
            continue
        # a member's type mismatch at the union's own place says only "not this member"
        mismatch = [f for f in groups[item] if f.error.get("type") in EXPECTED and f.where == item]
        rest = [f for f in groups[item] if f not in mismatch]
        if rest:
            found.extend(_message(f.error, f.where, f.key, words) for f in rest)
        else:
            kinds = said.get(re.sub(r"\[\d+\]", "[]", item)) or \
                " or ".join(dict.fromkeys(EXPECTED[f.error["type"]] for f in mismatch))
            found.append(Problem(f"{item}: {shown(mismatch[0].error.get('input'))} is not {kinds}", None,
                                 "bad_request"))
    return found
