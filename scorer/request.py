"""A scoring request: one hand, its context and rules (docs/library.md, docs/http.md).

Requests are JSON: the models are strict (a boolean is ``true``/``false``, never ``"yes"`` or ``1``;
an integer is never ``2.0`` or ``"2"``) and every string, list, object and number in them is
bounded, the context's and the rules' too: their bounds are declared on each variant's context and
rules models and checked here first, so that an over-limit value gets the same code in every
variant (``input_too_long``, ``too_many``, ``out_of_range``) and no variant ever works on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Annotated, Any, Literal, TypeGuard

from .errors import HandError, Problem
from .fields import REQUIRED, Bound, FieldError, Invalid, Model, Shape, field
from .validation_words import code_of, said

MAX_HAND_CHARS = 2000  # raw characters; the notation reads at most 200 written (non-whitespace) ones
MAX_NAME_CHARS = 64  # a variant id, a preset name, a claimed item (id, English or Chinese name)
MAX_CLAIM_ITEMS = 100  # the largest item table has 82 rows
MAX_TOTAL = 2**53 - 1  # a claimed total; every computed total stays below it (JavaScript's exact integers)
# what a context or rules value may hold where its model names no tighter bound
MAX_STRING_CHARS = 64
MAX_ENTRIES = 64  # items of a list, fields of an object
MAX_DEPTH = 6  # objects and lists inside each other
MAX_TEXT_FORM_CHARS = 8000  # a list or object given in its text form ("E=...;W=...", as the CLI writes it)

LIMIT_CODES = ("input_too_long", "too_many", "out_of_range")
CODES = (*LIMIT_CODES, "bad_rules")  # codes the request models raise that are answered as they are

Claimed = Annotated[str, Bound(max_length=MAX_NAME_CHARS)] | Annotated[int, Bound(ge=-MAX_TOTAL, le=MAX_TOTAL)]
HAND = f"the hand in the shared notation (at most 200 written characters, {MAX_HAND_CHARS} with whitespace)"
RulesValue = Annotated[str, Bound(max_length=MAX_NAME_CHARS)] | Annotated[dict[str, Any], Bound(max_length=MAX_ENTRIES)] | None
ContextValue = Annotated[dict[str, Any], Bound(max_length=MAX_ENTRIES)]


def _rules_value(rules: Any) -> Any:
    """A preset name, an object of options (its preset named by a string) or null."""
    if rules is not None and not isinstance(rules, str | dict):
        raise FieldError("rules must be a preset name or an object of options", "bad_rules")
    if isinstance(rules, dict) and not isinstance(rules.get("preset", ""), str):
        raise FieldError("rules.preset must be a preset name (a string)", "bad_rules")
    return rules


def rules_field(description: str = "") -> Any:
    return field(None, description, before=_rules_value)


class ScoreRequest(Model):
    variant: str = field(REQUIRED, "a variant id (GET /v1/variants lists them)", max_length=MAX_NAME_CHARS)
    hand: str | None = field(REQUIRED, HAND)
    context: ContextValue = field(description="win context; fields per variant", factory=dict)
    rules: RulesValue = rules_field("a preset name or an object of rule options")
    dialect: Literal["helper"] | None = field(None, "'helper' reads ChineseOfficialMahjongHelper strings")
    explain: bool = field(False, "list every reading side by side")
    claim: list[Claimed] | None = field(
        None, "a claim to check: item ids and/or a claimed total, e.g. ['pure_straight', 32]",
        max_length=MAX_CLAIM_ITEMS)


class ParseRequest(Model):
    variant: str = field("mcr", max_length=MAX_NAME_CHARS)
    hand: str = field(REQUIRED, HAND)
    dialect: Literal["helper"] | None = None


class WaitsRequest(Model):
    HAND_ROLES = ("idle",)  # how its hand is read when its problems are told with the rest's
    variant: str = field(REQUIRED, max_length=MAX_NAME_CHARS)
    hand: str = field(REQUIRED, "a hand one tile short of a win")
    context: ContextValue = field(factory=dict)
    rules: RulesValue = rules_field()
    dialect: Literal["helper"] | None = None


# --- bounds of the context and rules values -----------------------------------------------------

@dataclass(slots=True)
class Bounds:
    """What one JSON value may hold, by JSON type (a union field holds several)."""

    max_chars: int | None = None
    max_items: int | None = None
    items: Bounds | None = None
    max_fields: int | None = None
    fields: dict[str, Bounds] = dataclass_field(default_factory=dict)
    values: Bounds | None = None  # an object's values outside ``fields``
    key_chars: int | None = None
    minimum: float | None = None
    maximum: float | None = None


ANY = Bounds()


def _bounds(shape: Shape, into: Bounds | None = None) -> Bounds:
    """The bounds a field's shape declares (a union's members merged into one)."""
    b = into or Bounds()
    add = _BOUNDS_OF.get(shape.kind)
    if add is not None:
        add(shape, b)
    return b


def _union_bounds(shape: Shape, b: Bounds) -> None:
    for member in shape.members:
        _bounds(member, b)


def _model_bounds(shape: Shape, b: Bounds) -> None:
    assert shape.model is not None
    for name, f in shape.model.fields.items():
        b.fields[name] = _bounds(f.shape)


def _string_bounds(shape: Shape, b: Bounds) -> None:
    b.max_chars = _either(shape.bound.max_length, b.max_chars)


def _integer_bounds(shape: Shape, b: Bounds) -> None:
    b.minimum = _either(shape.bound.ge, b.minimum)
    b.maximum = _either(shape.bound.le, b.maximum)


def _array_bounds(shape: Shape, b: Bounds) -> None:
    assert shape.items is not None
    b.items = _bounds(shape.items)
    b.max_items = _either(shape.bound.max_length, b.max_items)


def _object_bounds(shape: Shape, b: Bounds) -> None:
    assert shape.items is not None and shape.keys is not None
    if shape.items.kind != "any":
        b.values = _bounds(shape.items)
    b.key_chars = shape.keys.bound.max_length if shape.keys.kind == "string" else None
    b.max_fields = _either(shape.bound.max_length, b.max_fields)


def _either(declared: Any, before: Any) -> Any:
    """A declared bound, or the one already gathered when none is declared."""
    return declared if declared is not None else before


_BOUNDS_OF: dict[str, Callable[[Shape, Bounds], None]] = {
    "union": _union_bounds, "model": _model_bounds, "string": _string_bounds,
    "integer": _integer_bounds, "array": _array_bounds, "object": _object_bounds,
}


_BOUNDS: dict[type[Model], Bounds] = {}


def model_bounds(model: type[Model]) -> Bounds:
    """The bounds a model's declared fields give, gathered once."""
    found = _BOUNDS.get(model)
    if found is None:
        found = _BOUNDS[model] = _bounds(Shape("model", model=model))
    return found


def _walk(value: Any, b: Bounds, where: str, depth: int, out: list[Problem]) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, str):
        _walk_text(value, b, where, out)
    elif isinstance(value, int | float):
        _walk_number(value, b, where, out)
    elif depth >= MAX_DEPTH:
        out.append(Problem(f"{where}: nested more than {MAX_DEPTH} levels deep", None, "too_many"))
    elif isinstance(value, list):
        _walk_list(value, b, where, depth, out)
    elif isinstance(value, dict):
        _walk_object(value, b, where, depth, out)


def _walk_text(value: str, b: Bounds, where: str, out: list[Problem]) -> None:
    # a list or object field may be given in its text form, which is longer
    collection = b.items is not None or b.fields or b.values is not None or b.max_items or b.max_fields
    limit = b.max_chars or (MAX_TEXT_FORM_CHARS if collection else MAX_STRING_CHARS)
    if len(value) > limit:
        out.append(Problem(f"{where}: {len(value)} characters, at most {limit}", None, "input_too_long"))


def _walk_number(value: float, b: Bounds, where: str, out: list[Problem]) -> None:
    if (b.maximum is not None and value > b.maximum) or (b.minimum is not None and value < b.minimum):
        shown = str(value) if abs(value) < 10**12 else f"{value:.3g}"
        out.append(Problem(f"{where}: {shown} is out of range ({_span(b)})", None, "out_of_range"))


def _span(b: Bounds) -> str:
    low = "" if b.minimum is None else f"{b.minimum:g} "
    high = "" if b.maximum is None else f" {b.maximum:g}"
    span = f"from {low}to{high}" if low and high else (f"at most{high}" if high else f"at least {low}")
    return span.strip()


def _walk_list(value: list[Any], b: Bounds, where: str, depth: int, out: list[Problem]) -> None:
    limit = b.max_items or MAX_ENTRIES
    if len(value) > limit:
        out.append(Problem(f"{where}: {len(value)} items, at most {limit}", None, "too_many"))
        return
    for i, v in enumerate(value):
        _walk(v, b.items or ANY, f"{where}[{i}]", depth + 1, out)


def _walk_object(value: dict[Any, Any], b: Bounds, where: str, depth: int, out: list[Problem]) -> None:
    limit = b.max_fields or MAX_ENTRIES
    if len(value) > limit:
        out.append(Problem(f"{where}: {len(value)} entries, at most {limit}", None, "too_many"))
        return
    key_limit = b.key_chars or MAX_STRING_CHARS
    for k, v in value.items():
        if isinstance(k, str) and len(k) > key_limit:
            out.append(Problem(f"{where}: a key of {len(k)} characters, at most {key_limit}", None,
                               "input_too_long"))
            continue
        _walk(v, b.fields.get(k) or b.values or ANY, f"{where}.{k}", depth + 1, out)


def check_bounds(variant_id: str, context: Any, rules: Any) -> list[Problem]:
    """Every over-limit value of a request's context and rules (empty when none): their models'
    declared bounds, and a general one where a model declares none. Types are left to the models."""
    if not context and not isinstance(rules, dict):
        return []
    from . import registry

    # an unknown variant is the engine's to report; its values are still bounded
    v = registry.get(variant_id) if isinstance(variant_id, str) and variant_id in registry.ids() else None
    out: list[Problem] = []
    if context:
        _walk(context, model_bounds(v.Context) if v is not None else ANY, "context", 0, out)
    if isinstance(rules, dict):
        _walk(rules, model_bounds(v.Rules) if v is not None else ANY, "rules", 0, out)
    return out


def request_problems(err: Any, prefix: str = "") -> list[Problem]:
    """pydantic's errors (a ValidationError, or FastAPI's RequestValidationError) as problems:
    unknown fields, passed bounds and the models' custom codes by their code."""
    out = []
    for e in err.errors():
        loc = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
        where = f"{prefix}.{loc}" if prefix and loc else (loc or prefix)
        kind = e.get("type", "")
        if kind == "extra_forbidden":
            out.append(Problem(f"unknown field {where!r}", None, "unknown_field"))
        elif kind in CODES:
            out.append(Problem(str(e.get("msg")), None, kind))
        else:
            out.append(Problem(f"{where or 'body'}: {said(e, 'parameter')}", None, code_of(e)))
    return out or [Problem("malformed request", None, "bad_request")]


def field_problems(err: Invalid) -> list[Problem]:
    """A request's problems: unknown fields, passed bounds and the validators' own codes by their
    code, anything else ``bad_request``."""
    out = []
    for i in err.faults:
        if i.code == "unknown_field":
            out.append(Problem(i.message, None, "unknown_field"))
        elif i.code in CODES and i.code not in LIMIT_CODES:
            out.append(Problem(i.message, None, i.code))
        else:
            out.append(Problem(f"{i.where}: {i.message}", None, i.code if i.code in LIMIT_CODES else "bad_request"))
    return out or [Problem("malformed request", None, "bad_request")]


_PLAIN_KEYS = frozenset({"variant", "hand", "context", "rules"})


def plain_request(raw: Any) -> tuple[str, str, dict[str, Any], str | dict[str, Any] | None] | None:
    """(variant, hand, context, rules) of a score request that ``validated(ScoreRequest, raw)``
    accepts with these same values, and that ``engine.score`` tries the compiled path on; None for
    any other (the checked way answers it, or names its problems).

    At least as strict as the request model: the four fields only (no explain, claim or dialect),
    variant and hand present, each of the type ``ScoreRequest`` declares and within its bounds
    (hand a string, not null), the context an object (``{}`` when absent, as the model's default),
    the rules a preset name, an object naming its preset by a string, or null; and the context's
    and the rules' values within theirs (``check_bounds`` itself, as ``validated`` runs it)."""
    if type(raw) is not dict or not raw.keys() <= _PLAIN_KEYS:
        return None
    variant = raw.get("variant")
    hand = raw.get("hand")
    context = raw["context"] if "context" in raw else {}
    rules = raw.get("rules")
    if not _plain_name(variant) or type(hand) is not str or not _plain_object(context):
        return None
    if not _plain_rules(rules):
        return None
    if check_bounds(variant, context, rules):
        return None
    return variant, hand, context, rules


def _plain_name(value: Any) -> TypeGuard[str]:
    return type(value) is str and len(value) <= MAX_NAME_CHARS


def _plain_object(value: Any) -> TypeGuard[dict[str, Any]]:
    return type(value) is dict and len(value) <= MAX_ENTRIES


def _plain_rules(rules: Any) -> bool:
    if rules is None or type(rules) is str:
        return rules is None or _plain_name(rules)
    return _plain_object(rules) and type(rules.get("preset", "")) is str


def validated(model: type[Model], raw: Any) -> Any:
    """A request model from a decoded JSON value, as every front end reads one (HTTP, batch lines,
    the library): over-limit values first (each with its limit's code), then the model's own checks.
    Raises HandError."""
    if not isinstance(raw, dict):
        raise HandError("a request must be a JSON object", None, "bad_request")
    problems = check_bounds(raw.get("variant", "mcr"), raw.get("context"), raw.get("rules"))
    if problems:
        raise _with_the_rest(model, raw, problems)
    try:
        return model.validate(raw)
    except Invalid as err:
        if _unknown_fields_only(err):  # the request read without them: its other problems told too
            raise _with_the_rest(model, raw, field_problems(err)) from None
        raise HandError(field_problems(err)) from None


def _unknown_fields_only(err: Invalid) -> set[str] | None:
    """The request's unknown top-level fields, when they are all that is wrong with its shape (the
    rest can then be read past them), else None."""
    unknown = {f.where for f in err.faults if f.code == "unknown_field" and f.where == f.field}
    return unknown if len(unknown) == len(err.faults) else None


# problems a request can be read past, to find its others: a number out of its range, a field it
# does not have (cheap to step over, unlike an over-size text or list)
_READ_PAST = frozenset({"out_of_range", "unknown_field"})


def _with_the_rest(model: type[Model], raw: dict[str, Any], problems: list[Problem]) -> HandError:
    """The problems found so far (over-limit values, unknown fields), and the request's others (the
    hand's first) when those can be read past (``_READ_PAST``): every problem at once, each once."""
    if any(p.code not in _READ_PAST for p in problems):
        return HandError(problems)
    from . import registry
    from .notation import with_hand_problems

    named = {p.message.split(": ", 1)[0] for p in problems}
    try:
        request = model.validate(raw)
    except Invalid as err:
        more = [p for p in field_problems(err) if p.message.split(": ", 1)[0] not in named]
        unknown = _unknown_fields_only(err)
        if unknown is None:
            return HandError(problems + more)
        problems = problems + more
        request = model.validate({k: v for k, v in raw.items() if k not in unknown})
    try:
        v = registry.get(getattr(request, "variant", None))  # type: ignore[arg-type]
    except HandError as err:  # an unknown variant: its name is the one other problem to tell
        return HandError(problems + err.problems)
    error = HandError(problems + _values_problems(v, request, named))
    return with_hand_problems(getattr(request, "hand", None), v.notation, getattr(request, "dialect", None), error,
                              getattr(model, "HAND_ROLES", ("winner",)))


def _values_problems(v: Any, request: Any, named: set[str]) -> list[Problem]:
    """The problems of the request's context and rules as the variant reads them, but those of the
    values already ``named``."""
    if not hasattr(request, "context"):  # a request of the hand alone (parse)
        return []
    found = v.read_settings(request.context, request.rules)[2]
    return [p for p in found if p.message.split(": ", 1)[0] not in named]
