"""Declared fields: the one definition of each field of a variant's context and rule options and of
a request (its type, default, bounds, description and command-line names).

A model is a class of annotated fields (``self_draw: bool = field(False, "自摸: ...")``). From it
the values are checked (``Model.validate``), the context echoed (``fields_set``, ``dump``), the CLI
options built (``scorer.options``), and the JSON Schema the OpenAPI document and ``GET
/v1/variants`` list generated (``json_schema``). Checking is strict, as JSON types are: a boolean
is ``true``/``false``, never ``"yes"`` or ``1``; an integer is never ``2.0`` or ``"2"``; a text is
never a number. Unknown fields are rejected, and every problem is reported at once, each with the
path of its value and a code: ``unknown_field``, the limit codes (``input_too_long``,
``too_many``, ``out_of_range``), ``missing``, ``bad_type``, ``bad_value`` or a validator's own.

Kept to the standard library so that scoring a hand imports nothing heavier.
"""

from __future__ import annotations

import copy
import inspect
import json
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal, NamedTuple, Union, get_args, get_origin


class Required:
    """The default of a field the input must give."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = Required()


class Bound(NamedTuple):
    """Bounds of a value, as ``Annotated`` metadata (``Annotated[str, Bound(max_length=16)]``);
    ``lax``: an integer may also be written as text (``"3"``, the CLI's ``S=3``)."""

    max_length: int | None = None
    min_length: int | None = None
    ge: int | float | None = None
    le: int | float | None = None
    lax: bool = False


class FieldError(ValueError):
    """A validator's complaint with its own code (a plain ValueError is ``bad_value``)."""

    def __init__(self, message: str, code: str = "bad_value") -> None:
        super().__init__(message)
        self.code = code


class Fault(NamedTuple):
    """One problem with a value: ``where`` is its path (``context.others.E``), ``field`` the
    top-level field it belongs to (None for the object itself)."""

    where: str
    message: str
    code: str
    field: str | None = None


class Invalid(Exception):
    """Every problem found in one object."""

    def __init__(self, faults: list[Fault]) -> None:
        super().__init__("; ".join(f"{i.where}: {i.message}" for i in faults))
        self.faults = faults


# --- value shapes ---------------------------------------------------------------------------

class Shape(NamedTuple):
    """What one value may be: ``kind`` is a JSON type (boolean, integer, string, array, object,
    null), ``enum`` (the allowed values), ``model`` (a nested model), ``any`` or ``union``."""

    kind: str
    bound: Bound = Bound()
    enum: tuple[Any, ...] = ()
    items: Shape | None = None  # array items, object values
    keys: Shape | None = None  # object keys
    members: tuple[Shape, ...] = ()  # union members (null among them)
    model: type[Model] | None = None

    def with_bound(self, bound: Bound) -> Shape:
        # a bound given overrides the one already there (0 and False are values, not "none")
        merged = Bound._make(mine if given is None or given is False else given
                             for mine, given in zip(self.bound, bound, strict=True))
        return self._replace(bound=merged)

    @property
    def nullable(self) -> bool:
        return self.kind == "union" and any(m.kind == "null" for m in self.members)

    def non_null(self) -> Shape:
        """The shape without its null member (a one-member union is that member)."""
        if self.kind != "union":
            return self
        rest = tuple(m for m in self.members if m.kind != "null")
        return rest[0] if len(rest) == 1 else Shape("union", members=rest)


_SCALARS = {bool: "boolean", int: "integer", str: "string", type(None): "null"}


def shape_of(hint: Any) -> Shape:
    """The shape of a type hint: bool, int, str, None, Literal, unions, list[X], dict[K, V], a
    model, Any, each possibly ``Annotated`` with a Bound."""
    if hint is Any:
        return Shape("any")
    if hint in _SCALARS:
        return Shape(_SCALARS[hint])
    if isinstance(hint, type) and issubclass(hint, Model):
        return Shape("model", model=hint)
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:
        inner = shape_of(args[0])
        for extra in args[1:]:
            if isinstance(extra, Bound):
                inner = inner.with_bound(extra)
        return inner
    if origin is Literal:
        kind = "integer" if all(type(a) is int for a in args) else "string"
        return Shape(kind, enum=tuple(args))
    if origin in (Union, types.UnionType):
        return Shape("union", members=tuple(shape_of(a) for a in args))
    if origin is list:
        return Shape("array", items=shape_of(args[0]))
    if origin is dict:
        return Shape("object", keys=shape_of(args[0]), items=shape_of(args[1]))
    raise TypeError(f"no field shape for {hint!r}")


_TYPE_NAMES = {"boolean": "a boolean (true or false)", "integer": "an integer", "string": "a text",
               "array": "a list", "object": "an object", "null": "null", "model": "an object"}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "number" if isinstance(value, float) else type(value).__name__


def _expected(shape: Shape) -> str:
    if shape.enum:
        return "one of " + ", ".join(repr(e) for e in shape.enum)
    if shape.kind == "union":
        return " or ".join(_expected(m) for m in shape.members)
    return _TYPE_NAMES.get(shape.kind, shape.kind)


def _shown(value: Any) -> str:
    """A value as the request wrote it: a text quoted, true / false / null, a list or an object in
    JSON (never Python's True, None or {'a': 1})."""
    if isinstance(value, str) or (isinstance(value, int | float) and not isinstance(value, bool)):
        text = repr(value)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=repr)
        except ValueError:  # a container holding itself
            text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check(shape: Shape, value: Any, where: str, top: str | None, out: list[Fault]) -> Any:
    """The value as the shape reads it (nested models built), its problems added to ``out``."""
    kind = shape.kind
    # the common cases first: a boolean, a text of no bound or enum
    if kind == "boolean" and (value is True or value is False):
        return value
    if kind == "string" and type(value) is str and not shape.enum and shape.bound.max_length is None:
        return value
    return _CHECKS[kind](shape, value, where, top, out)


def _bad(out: list[Fault], where: str, top: str | None, value: Any, message: str, code: str = "bad_type") -> Any:
    """The value as given, its problem added."""
    out.append(Fault(where, message, code, top))
    return value


def _check_any(shape: Shape, value: Any, where: str, top: str | None, out: list[Fault]) -> Any:
    return value


def _takes(member: Shape, actual: str) -> bool:
    """Whether a union member is the one for a value of that JSON type."""
    return (member.kind in (actual, "any") or (member.kind == "model" and actual == "object")
            or (member.kind == "integer" and member.bound.lax and actual == "string"))


def _check_union(shape: Shape, value: Any, where: str, top: str | None, out: list[Fault]) -> Any:
    actual = _json_type(value)
    for member in shape.members:
        if _takes(member, actual):
            return check(member, value, where, top, out)
    return _bad(out, where, top, value, f"{_shown(value)} is not {_expected(shape)}")


def _check_null(shape: Shape, value: Any, where: str, top: str | None, out: list[Fault]) -> Any:
    return value if value is None else _bad(out, where, top, value, f"{_shown(value)} is not null")


def _check_boolean(shape: Shape, value: Any, where: str, top: str | None, out: list[Fault]) -> Any:
    return value if isinstance(value, bool) else _bad(out, where, top, value, f"{_shown(value)} is not {_expected(shape)}")


def _check_integer(shape: Shape, value: Any, where: str, top: str | None, out: list[Fault]) -> Any:
    b = shape.bound
    if b.lax and isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            return _bad(out, where, top, value, f"{_shown(value)} is not an integer")
    if type(value) is not int:
        return _bad(out, where, top, value, f"{_shown(value)} is not {_expected(shape)}")
    if shape.enum:
        return value if value in shape.enum else _bad(out, where, top, value, f"{value} is not {_expected(shape)}")
    if (b.ge is not None and value < b.ge) or (b.le is not None and value > b.le):
        return _bad(out, where, top, value, f"{value} is out of range ({_span(b)})", "out_of_range")
    return value


def _check_string(shape: Shape, value: Any, where: str, top: str | None, out: list[Fault]) -> Any:
    if not isinstance(value, str):
        return _bad(out, where, top, value, f"{_shown(value)} is not {_expected(shape)}")
    if shape.enum:
        return value if value in shape.enum else _bad(out, where, top, value, f"{_shown(value)} is not {_expected(shape)}")
    limit = shape.bound.max_length
    if limit is not None and len(value) > limit:
        return _bad(out, where, top, value, f"{len(value)} characters, at most {limit}", "input_too_long")
    return value


def _count_problem(count: int, unit: str, b: Bound) -> tuple[str, str] | None:
    """A list's or an object's size against its bounds: (message, code), or None."""
    if b.max_length is not None and count > b.max_length:
        return f"{count} {unit}, at most {b.max_length}", "too_many"
    if b.min_length is not None and count < b.min_length:
        return f"{count} {unit}, at least {b.min_length}", "bad_type"
    return None


def _check_array(shape: Shape, value: Any, where: str, top: str | None, out: list[Fault]) -> Any:
    if not isinstance(value, list | tuple):
        return _bad(out, where, top, value, f"{_shown(value)} is not a list")
    problem = _count_problem(len(value), "items", shape.bound)
    if problem:
        return _bad(out, where, top, value, *problem)
    assert shape.items is not None
    return [check(shape.items, v, f"{where}[{i}]", top, out) for i, v in enumerate(value)]


def _check_object(shape: Shape, value: Any, where: str, top: str | None, out: list[Fault]) -> Any:
    if not isinstance(value, dict):
        return _bad(out, where, top, value, f"{_shown(value)} is not an object")
    # an object's min_length is never declared: only its most is checked
    problem = _count_problem(len(value), "entries", shape.bound._replace(min_length=None))
    if problem:
        return _bad(out, where, top, value, *problem)
    assert shape.items is not None and shape.keys is not None
    result = {}
    for k, v in value.items():
        before = len(out)
        key = check(shape.keys, k, f"{where} key {_shown(k)}", top, out)
        if len(out) == before:
            result[key] = check(shape.items, v, f"{where}.{k}", top, out)
    return result


def _check_model(shape: Shape, value: Any, where: str, top: str | None, out: list[Fault]) -> Any:
    assert shape.model is not None
    if isinstance(value, shape.model):
        return value
    return shape.model._read(value, where, top, out)


_CHECKS: dict[str, Callable[[Shape, Any, str, str | None, list[Fault]], Any]] = {
    "any": _check_any, "union": _check_union, "null": _check_null, "boolean": _check_boolean,
    "integer": _check_integer, "string": _check_string, "array": _check_array,
    "object": _check_object, "model": _check_model,
}


def _span(b: Bound) -> str:
    if b.ge is not None and b.le is not None:
        return f"from {b.ge} to {b.le}"
    return f"at most {b.le}" if b.le is not None else f"at least {b.ge}"


# --- fields and models ----------------------------------------------------------------------

class Field(NamedTuple):
    """One declared field. ``annotation`` is its type hint (bounds stripped), ``shape`` what it
    accepts; ``before`` turns an accepted other form (the CLI's text) into the declared type,
    ``after`` checks the read value; both raise ValueError (or FieldError with a code)."""

    default: Any = REQUIRED
    description: str = ""
    bound: Bound = Bound()
    cli: tuple[str, ...] = ()  # extra command-line names (``--seat``)
    factory: Callable[[], Any] | None = None
    before: Callable[[Any], Any] | None = None
    after: Callable[[Any], Any] | None = None
    name: str = ""
    annotation: Any = None
    shape: Shape = Shape("any")

    @property
    def required(self) -> bool:
        return self.default is REQUIRED and self.factory is None

    def default_value(self) -> Any:
        if self.factory is not None:
            return self.factory()
        default = self.default
        return default if type(default) in _IMMUTABLE else copy.copy(default)


_JSON_SCALARS = frozenset({bool, int, float, str, type(None)})
_IMMUTABLE = _JSON_SCALARS | {tuple, frozenset}


def field(default: Any = REQUIRED, description: str = "", *, ge: int | None = None, le: int | None = None,
          max_length: int | None = None, min_length: int | None = None, cli: tuple[str, ...] = (),
          factory: Callable[[], Any] | None = None, before: Callable[[Any], Any] | None = None,
          after: Callable[[Any], Any] | None = None) -> Any:
    """Declare a field (its bounds apply to the value itself, not to a null)."""
    return Field(default, description, Bound(max_length, min_length, ge, le), tuple(cli), factory, before, after)


class Model:
    """A declared object: its fields (from the class's annotations), unknown fields rejected.

    ``fields_set`` holds the names the input gave; private attributes (``_name``) are free."""

    fields: ClassVar[dict[str, Field]] = {}
    fields_set: frozenset[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        hints = typing.get_type_hints(cls, include_extras=True)
        plain = typing.get_type_hints(cls)
        found: dict[str, Field] = {}
        for base in reversed(cls.__mro__[1:]):
            found.update(getattr(base, "fields", {}))
        for name in cls.__dict__.get("__annotations__", {}):
            if name.startswith("_") or get_origin(hints[name]) is ClassVar or name in ("fields", "fields_set"):
                continue
            declared = cls.__dict__.get(name, REQUIRED)
            f = declared if isinstance(declared, Field) else Field(declared)
            shape = shape_of(hints[name])
            target = shape.non_null() if shape.nullable else shape
            if f.bound != Bound():
                target = target.with_bound(f.bound)
                shape = Shape("union", members=(target, Shape("null"))) if shape.nullable else target
            found[name] = Field(f.default, f.description, f.bound, f.cli, f.factory, f.before, f.after,
                                name, plain[name], shape)
            if f.default is not REQUIRED and f.factory is None:
                setattr(cls, name, f.default)
            elif hasattr(cls, name):
                delattr(cls, name)
        cls.fields = found

    @classmethod
    def validate(cls, raw: Any, where: str = "") -> Any:
        """The model of a decoded JSON object; raises Invalid with every problem found."""
        out: list[Fault] = []
        model = cls._read(raw, where, None, out)
        if out:
            raise Invalid(out)
        return model

    @classmethod
    def _read(cls, raw: Any, where: str, top: str | None, out: list[Fault]) -> Any:
        if not isinstance(raw, dict):
            out.append(Fault(where or "body", f"{_shown(raw)} is not an object", "bad_type", top))
            return None
        self = cls.__new__(cls)
        for name, f in cls.fields.items():
            self.__dict__[name] = _read_field(f, raw, _path(where, name), top or name, out)
        for key in raw:
            if key not in cls.fields:
                path = _path(where, str(key))
                out.append(Fault(path, f"unknown field {path!r}", "unknown_field", top or str(key)))
        self.__dict__["fields_set"] = frozenset(name for name in raw if name in cls.fields)
        return self

    @classmethod
    def defaults(cls) -> Any:
        """Every field at its default (a required one None), none given."""
        self = cls.__new__(cls)
        for name, f in cls.fields.items():
            self.__dict__[name] = None if f.required else f.default_value()
        self.__dict__["fields_set"] = frozenset()
        return self

    def dump(self) -> dict[str, Any]:
        """Every field's value as JSON data (nested models as objects)."""
        return {name: _plain(getattr(self, name)) for name in self.fields}

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.fields)
        return f"{type(self).__name__}({inner})"


def _path(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def _read_field(f: Field, raw: dict[str, Any], where: str, top: str, out: list[Fault]) -> Any:
    """One field's value from the object (its default when absent), its problems added."""
    if f.name not in raw:
        if f.required:
            out.append(Fault(where, "a value is required", "missing", top))
            return None
        return f.default_value()
    value = raw[f.name]
    before = len(out)
    try:
        if f.before is not None:
            value = f.before(value)
        value = check(f.shape, value, where, top, out)
        if f.after is not None and len(out) == before:
            value = f.after(value)
    except ValueError as err:
        out.append(Fault(where, str(err), getattr(err, "code", "bad_value"), top))
    return value


def _plain(value: Any) -> Any:
    if type(value) in _JSON_SCALARS:
        return value
    if isinstance(value, Model):
        return value.dump()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


# --- JSON Schema ------------------------------------------------------------------------------

def json_schema(model: type[Model], ref_template: str = "#/$defs/{model}") -> dict[str, Any]:
    """The model's JSON Schema: ``properties``, ``required``, no other fields; nested models under
    ``$defs``, referred to by ``ref_template``."""
    defs: dict[str, Any] = {}
    schema = _object_schema(model, ref_template, defs)
    if defs:
        schema["$defs"] = defs
    return schema


def _object_schema(model: type[Model], ref_template: str, defs: dict[str, Any]) -> dict[str, Any]:
    props = {}
    for name, f in model.fields.items():
        prop = _schema(f.shape, ref_template, defs)
        if not f.required and f.factory is None:
            prop["default"] = f.default
        if f.description:
            prop["description"] = f.description
        props[name] = prop
    schema: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if model.__doc__ and model.__doc__ is not Model.__doc__:
        schema["description"] = inspect.cleandoc(model.__doc__)
    required = [name for name, f in model.fields.items() if f.required]
    if required:
        schema["required"] = required
    return schema


def _schema(shape: Shape, ref_template: str, defs: dict[str, Any]) -> dict[str, Any]:
    kind = shape.kind
    if kind == "any":
        return {}
    if kind == "union":
        return {"anyOf": [_schema(m, ref_template, defs) for m in shape.members]}
    if kind == "model":
        assert shape.model is not None
        name = shape.model.__name__
        if name not in defs:
            defs[name] = {}
            defs[name] = _object_schema(shape.model, ref_template, defs)
        return {"$ref": ref_template.format(model=name)}
    out: dict[str, Any] = {"type": kind}
    if shape.enum:
        out["enum"] = list(shape.enum)
    if kind == "array":
        assert shape.items is not None
        out["items"] = _schema(shape.items, ref_template, defs)
    if kind == "object":
        assert shape.items is not None and shape.keys is not None
        if shape.items.kind != "any":
            out["additionalProperties"] = _schema(shape.items, ref_template, defs)
        keys = _schema(shape.keys, ref_template, defs)
        keys.pop("type", None)
        if keys:
            out["propertyNames"] = keys
    out.update(_bound_keywords(kind, shape.bound))
    return out


# the JSON Schema keyword of each bound, by the kind of value it bounds
_BOUND_KEYWORDS: dict[str, tuple[tuple[str, str], ...]] = {
    "string": (("max_length", "maxLength"),),
    "integer": (("ge", "minimum"), ("le", "maximum")),
    "array": (("max_length", "maxItems"), ("min_length", "minItems")),
    "object": (("max_length", "maxProperties"),),
}


def _bound_keywords(kind: str, b: Bound) -> dict[str, Any]:
    return {keyword: getattr(b, bound) for bound, keyword in _BOUND_KEYWORDS.get(kind, ())
            if getattr(b, bound) is not None}
