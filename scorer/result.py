"""The result of scoring one hand, shared by every variant (docs/library.md, the ``--json`` output
described in docs/rules/mcr.md#reading-the-examples).

Plain dataclasses: the engine builds them from values it has checked itself, so nothing is
validated again on the way out (a result is cheap to build). ``as_dict`` gives the JSON form;
orjson writes a result directly in the same field order. Each field's ``metadata["description"]``
is what the HTTP API's schema says of it (api/openapi.py).
"""

from __future__ import annotations

import importlib
from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING, Any

from .jsonio import plain

# The parts only explained, claimed and wild-tile answers hold (scorer/result_parts.py) are built on
# first use, so that a one-line query does not pay for their classes: ``from scorer.result import
# ReadingView`` works as before, and the fields below name them through ``result_parts``, which
# imports that module when an annotation reader (typing.get_type_hints, pydantic) resolves them.
if TYPE_CHECKING:
    from . import result_parts
    from .result_parts import ClaimCheck as ClaimCheck
    from .result_parts import OwnClaims as OwnClaims
    from .result_parts import ReadingView as ReadingView
    from .result_parts import Verdict as Verdict
    from .result_parts import WildUse as WildUse
else:
    class _Parts:
        def __getattr__(self, name: str) -> Any:
            return getattr(importlib.import_module(".result_parts", __package__), name)

    result_parts = _Parts()

_PARTS = frozenset({"ClaimCheck", "OwnClaims", "ReadingView", "Verdict", "WildUse"})


def __getattr__(name: str) -> Any:
    if name not in _PARTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(result_parts, name)
    return value


def described(description: str, default: Any = MISSING, factory: Any = MISSING) -> Any:
    """A field with its documentation (and its default, or a factory for a mutable default)."""
    return field(default=default, default_factory=factory, metadata={"description": description})


class Plain:
    """``as_dict()`` for the result classes."""

    __slots__ = ()

    def as_dict(self) -> dict[str, Any]:
        return _as_dict(self, _FIELD_NAMES.get(self.__class__) or _names(self.__class__))


# each result class's field names, in order (``dataclasses.fields`` costs more than the copy itself)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


# what ``plain`` gives back as it is: most of a result's values, copied without a call each
_ATOMS = frozenset({str, int, bool, float, type(None)})


def _as_dict(value: Plain, names: tuple[str, ...]) -> dict[str, Any]:
    out = {}
    for name in names:
        v = getattr(value, name)
        out[name] = v if v.__class__ in _ATOMS else _plain(v)
    return out


def _plain(value: Any) -> Any:
    """``jsonio.plain`` for what a result holds, by exact type first: the same dicts and lists."""
    cls = value.__class__
    if cls in _ATOMS:
        return value
    if cls is list or cls is tuple:
        return [v if v.__class__ in _ATOMS else _plain(v) for v in value]
    if cls is dict:
        return {k: v if v.__class__ in _ATOMS else _plain(v) for k, v in value.items()}
    names = _FIELD_NAMES.get(cls)
    if names is None:
        if not issubclass(cls, Plain):
            return plain(value)  # anything else (a subclass of list or dict, another dataclass)
        names = _names(cls)
    return _as_dict(value, names)


@dataclass(frozen=True, slots=True, kw_only=True)
class Item(Plain):
    """One scoring contribution: additive ``points`` and/or a multiplying ``factor``."""

    id: str = described("stable snake_case id")
    name: str = described("English name")
    name_zh: str = described("standard Chinese name")
    points: int = 0
    factor: int = 1
    count: int = 1
    tiles: str = described("the tiles or sets behind the item", "")
    detail: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Exclusion(Plain):
    """A fan (item) that the hand also shows but does not score, and why."""

    id: str
    name: str
    name_zh: str
    by: str | None = described("the item whose presence excludes it")
    principle: str = described("non_repetition, non_separation, non_identity, high_over_low, account_once, ...")
    count: int = 1


@dataclass(slots=True, kw_only=True)
class ContextUsed(Plain):
    """The context a result was scored under: every field's value (derived defaults resolved, e.g.
    the discarder) and the fields the request left to their defaults."""

    values: dict[str, Any] = field(default_factory=dict)
    defaults: list[str] = described("fields not given, their defaults used", factory=list)


@dataclass(slots=True, kw_only=True)
class Result(Plain):
    """A scored hand. Variants with figures of their own subclass it (fields after these)."""

    variant: str
    hand: str = described("the hand in canonical notation")
    valid: bool
    reason: str | None = None
    total: int = 0
    items: list[Item] = field(default_factory=list)
    excluded: list[Exclusion] = field(default_factory=list)
    partition: list[str] = field(default_factory=list)
    payments: dict[str, int] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)
    version: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    wilds: list[result_parts.WildUse] = described("what each wild stands for in the chosen reading", factory=list)
    context_used: ContextUsed | None = described("the context scored under, defaults marked", None)
    warnings: list[str] = described("how the input was read where it could be read another way (e.g. a "
                                    "ChineseOfficialMahjongHelper string)", factory=list)
    readings: list[result_parts.ReadingView] | None = described("every reading side by side (explain)", None)
    tie_break: str | None = described("how the chosen reading wins among equal totals", None)
    verdict: result_parts.Verdict | None = described("the claim check, when a claim was given", None)
