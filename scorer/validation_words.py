"""pydantic's complaints said in the project's words: what the value given is not, by pydantic's
error type, and the code each answers with. The one translator of the service's path and query
parameters (``scorer.request.request_problems``) and of the match records and entries
(``scorer.match.wording``, docs/match.md#limits-and-errors): nothing of pydantic's own wording
("Field required", "Input should be ...") is written there.

A parameter is a word in a URL and shows as Python writes it (``'bad id'``); a record is JSON and
shows as JSON (``"bad id"``), with the size it has against its limit.
"""

from __future__ import annotations

import json
from typing import Any, Literal, NamedTuple

Form = Literal["parameter", "record"]

# what a value of the wrong type should have been, by pydantic's error type
EXPECTED = {
    "string_type": "a text", "int_type": "an integer", "int_from_float": "an integer",
    "int_parsing": "an integer", "bool_type": "true or false", "bool_parsing": "true or false",
    "dict_type": "an object", "model_type": "an object", "model_attributes_type": "an object",
    "list_type": "a list", "none_required": "null",
}
# the types a parameter says so of (the others are not met there)
_PARAMETER_TYPES = ("int_parsing", "int_type", "string_type", "bool_parsing", "bool_type")

# the code of a passed bound, by pydantic's error type
BOUND_CODES = {
    "string_too_long": "input_too_long",
    "too_long": "too_many",
    "less_than_equal": "out_of_range",
    "greater_than_equal": "out_of_range",
    "less_than": "out_of_range",
    "greater_than": "out_of_range",
}


class Words(NamedTuple):
    """What is said of a value, as a parameter and in a record (None: not said there). ``{value}``
    is the value as shown, ``{size}`` its length, ``{expected}`` the values a literal allows, as
    each form writes them; ``{rule}`` the words for a pattern; the rest pydantic's context."""

    parameter: str | None
    record: str | None


_SAID: dict[str, Words] = {
    "missing": Words("missing", "missing"),
    "extra_forbidden": Words(None, "unknown field"),
    "string_pattern_mismatch": Words("{value} does not have the form {pattern}", "{value} is not {rule}"),
    "literal_error": Words("{value} is not one of {expected}", "{value} is not {expected}"),
    "enum": Words("{value} is not one of {expected}", None),
    "string_too_long": Words("longer than {max_length} characters", "{size} characters, at most {max_length}"),
    "too_long": Words("more than {max_length} items", "{size} items, at most {max_length}"),
    "string_too_short": Words(None, "empty"),
    "too_short": Words(None, "{size} items, at least {min_length}"),
    "less_than_equal": Words("{value} is above the maximum {le}", "{value} is above the most allowed, {le}"),
    "less_than": Words("{value} is not below {lt}", "{value} is above the most allowed, {lt}"),
    "greater_than_equal": Words("{value} is below the minimum {ge}", "{value} is below the least allowed, {ge}"),
    "greater_than": Words("{value} is not above {gt}", "{value} is below the least allowed, {gt}"),
    **{kind: Words("{value} is not " + what if kind in _PARAMETER_TYPES else None, "{value} is not " + what)
       for kind, what in EXPECTED.items()},
}
# what neither form has words for: a record's value "cannot be read here"; a parameter's complaint
# is the message its own validator wrote (pydantic's is never reached: every type met is above)
_RECORD_ELSE = "{value} cannot be read here"


def shown(value: Any, form: Form = "record") -> str:
    """A value as the user wrote it, cut short: JSON in a record, Python's text for a parameter."""
    if form == "parameter":
        text = repr(value) if not isinstance(value, str) else f"'{value}'"
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def said(error: dict[str, Any], form: Form, rules: dict[str, str] | None = None) -> str:
    """What is wrong with the value of one of pydantic's errors, in our words; ``rules``: what a
    text matching each pattern is, said for a user (a record's)."""
    kind = error.get("type", "")
    words = _SAID.get(kind)
    template = None if words is None else getattr(words, form)
    if template is None:
        return str(error.get("msg")) if form == "parameter" else _RECORD_ELSE.format(value=shown(error.get("input")))
    ctx = error.get("ctx") or {}
    value = error.get("input")
    return template.format_map(_Context(ctx, value=shown(value, form), size=_size(kind, value, ctx),
                                        expected=_expected(ctx, form),
                                        rule=(rules or {}).get(str(ctx.get("pattern")),
                                                               "a text of characters it may not hold")))


def code_of(error: dict[str, Any]) -> str:
    """The code a complaint answers with: a passed bound's, else ``bad_request``."""
    return BOUND_CODES.get(error.get("type", ""), "bad_request")


class _Context(dict[str, Any]):
    """pydantic's context with the shown values besides; a key it lacks reads as None, as
    ``ctx.get`` gives it."""

    def __init__(self, ctx: dict[str, Any], **shown_values: Any) -> None:
        super().__init__(ctx)
        self.update(shown_values)

    def __missing__(self, key: str) -> Any:
        return None


def _size(kind: str, value: Any, ctx: dict[str, Any]) -> Any:
    """A value's length (a list's, an object's; a text's where the complaint is about a text)."""
    sized = isinstance(value, list | dict) or (isinstance(value, str) and kind != "too_short")
    return len(value) if sized else ctx.get("actual_length")


def _expected(ctx: dict[str, Any], form: Form) -> str:
    if form == "parameter":
        return str(ctx.get("expected"))
    return str(ctx.get("expected", "")).replace("True", "true").replace("'", '"')
