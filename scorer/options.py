"""How a variant's context fields are written as command-line options.

The CLI builds its options from these rules, and the rules reference (``scorer.reference``) reads
documented commands back into requests with them, so a command in the docs means what it means at
the terminal.
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from .errors import HandError
from .fields import Field
from .jsonread import _no_repeats
from .registry import Variant
from .seats import SEATS

# Every way a seat's wind may be written at the command line, case-folded: the letter, the English
# name, the Chinese name (simplified and traditional) and the honour's z digit.
WIND_NAMES: dict[str, str] = {
    written.casefold(): wind
    for wind, names in (("E", ("E", "East", "东", "東", "1z")), ("S", ("S", "South", "南", "2z")),
                        ("W", ("W", "West", "西", "3z")), ("N", ("N", "North", "北", "4z")))
    for written in names
}
# Context fields that name a seat in every variant's contract, whatever their declared type (Fuzhou
# declares its seats as tiles, read through its tile reader).
SEAT_FIELDS = ("seat_wind", "round_wind", "discarder")


def context_fields(variant: Variant) -> dict[str, Field]:
    """A variant's context fields by name, in their declared order: each has its ``description``,
    ``default``, ``annotation`` and the helpers below read its option's form."""
    return variant.Context.fields


def flag(name: str) -> str:
    """``seat_wind`` → ``--seat-wind``."""
    return "--" + name.replace("_", "-")


def aliases(info: Field) -> list[str]:
    """Extra option names of a field (``field(..., cli=("--seat",))``)."""
    return list(info.cli)


def is_bool(info: Field) -> bool:
    """A switch: ``--x`` / ``--no-x``."""
    return info.shape.non_null().kind == "boolean"


def is_int(info: Field) -> bool:
    return info.shape.non_null().kind == "integer" and not info.shape.non_null().enum


def is_wind(info: Field) -> bool:
    """A seat's wind: a field whose values are the four winds, or one of the contract's seat fields."""
    return info.shape.non_null().enum == SEATS or info.name in SEAT_FIELDS


def read_wind(text: str) -> str:
    """``s``, ``South``, ``南`` → ``S``; any other text is left as written for the field's own check
    to report."""
    return WIND_NAMES.get(text.strip().casefold(), text)


def is_list(info: Field) -> bool:
    """Given as ``a,b`` (``a;b`` when the items hold commas) and read as a list."""
    shape = info.shape
    return any(m.kind == "array" for m in shape.members) if shape.kind == "union" else shape.kind == "array"


def split_list(value: str) -> list[str]:
    """``2s,3m`` for tiles; hands (which may hold commas, ``[555p,1]``) go ``;``-separated."""
    sep = ";" if ";" in value else ","
    return [part.strip() for part in value.split(sep) if part.strip()]


def read_rules(text: str | None) -> str | dict[str, Any] | None:
    """``--rules``: a preset name, or a JSON object of rule options."""
    if text is None:
        return None
    text = text.strip()
    if text.startswith("{"):
        try:
            # a key given twice is refused, as a request's body refuses it
            return json.loads(text, object_pairs_hook=_no_repeats)
        except HandError as err:
            raise HandError(f"--rules: {err.message}", None, err.problems[0].code) from None
        except json.JSONDecodeError as exc:
            raise HandError(f"--rules is not valid JSON: {exc}", None, "bad_rules") from None
    return text


def request_from_command(variant: Variant, command: str) -> dict[str, Any]:
    """A documented ``mjscore VARIANT HAND [options]`` line as a request (variant, hand, context,
    rules, dialect). Output options (``--json``, ``--no-glyphs``) are ignored."""
    argv = shlex.split(command)
    if argv[:2] != ["mjscore", variant.id] or len(argv) < 3:
        raise ValueError(f"not a {variant.id} scoring command: {command!r}")
    by_option: dict[str, tuple[str, Any, bool]] = {}
    for name, info in context_fields(variant).items():
        for option in [flag(name), *aliases(info)]:
            by_option[option] = (name, info, True)
        if is_bool(info):
            by_option["--no-" + flag(name)[2:]] = (name, info, False)
    request: dict[str, Any] = {"variant": variant.id, "hand": argv[2], "context": {}, "rules": None,
                               "dialect": None}
    args = iter(argv[3:])
    for arg in args:
        if arg in ("--json", "--glyphs", "--no-glyphs"):
            continue
        if arg in ("--rules", "--dialect"):
            value = next(args)
            request[arg[2:]] = read_rules(value) if arg == "--rules" else value
            continue
        if arg not in by_option:
            raise ValueError(f"unknown option {arg!r} in {command!r}")
        name, info, truth = by_option[arg]
        if is_bool(info):
            request["context"][name] = truth
            continue
        request["context"][name] = read_option(info, next(args))
    return request


def read_option(info: Field, text: str) -> Any:
    """An option's text as the field's value: a whole number for an integer field (else the text,
    for the field's check to report), a list split, a wind folded to its letter."""
    if is_int(info):
        try:
            return int(text.strip())
        except ValueError:
            return text
    if is_list(info) and isinstance(text, str):
        return split_list(text)
    if is_wind(info):
        return read_wind(text)
    return text
