"""pydantic's complaints about a match record or entry, said in the project's words: each problem
names its place as a path into what the user wrote (``hands[3].winner``) and says what is wrong
with the value they gave (docs/match.md#limits-and-errors). Nothing of pydantic's own wording
("Field required", "Input should be ...") reaches the user."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from pydantic import ValidationError

from ..errors import Problem
from ..validation_words import EXPECTED, code_of, said, shown

_MISSING = object()


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
    if kind in _OF_THE_FIELD:
        return Problem(f"{where}: {said(e, 'record')}", None, _OF_THE_FIELD[kind])
    place = f"{where} key" if key else where
    return Problem(f"{place}: {said(e, 'record', words)}", None, code_of(e))


# the complaints about a field itself, not its value (never its key), with their codes
_OF_THE_FIELD = {"missing": "missing", "extra_forbidden": "unknown_field"}


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

    def under(path: str) -> str:
        joint = "" if not path or not prefix or path.startswith("[") else "."
        return f"{prefix}{joint}{path}" or "body"

    found: list[Problem] = []
    for item, group in _in_order(err, raw, under):
        if isinstance(item, _Fault):
            found.append(_message(item.error, item.where, item.key, words))
        else:
            found.extend(_union_problems(item, group, words, unions or {}))
    return found


def _in_order(err: ValidationError, raw: Any, under: Callable[[str], str]) -> list[tuple[_Fault | str, list[_Fault]]]:
    """The faults in the order pydantic found them; a union's together, at its first one's place
    (its path, with its faults)."""
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
    return [(item, [] if isinstance(item, _Fault) else groups[item]) for item in order]


def _union_problems(where: str, faults: list[_Fault], words: dict[str, str], unions: dict[str, str]) -> list[Problem]:
    # a member's type mismatch at the union's own place says only "not this member"
    mismatch = [f for f in faults if f.error.get("type") in EXPECTED and f.where == where]
    rest = [f for f in faults if f not in mismatch]
    if rest:
        return [_message(f.error, f.where, f.key, words) for f in rest]
    kinds = unions.get(re.sub(r"\[\d+\]", "[]", where)) or \
        " or ".join(dict.fromkeys(EXPECTED[f.error["type"]] for f in mismatch))
    return [Problem(f"{where}: {shown(mismatch[0].error.get('input'))} is not {kinds}", None, "bad_request")]
