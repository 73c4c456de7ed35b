"""What every result class is made of (scorer/result.py names them all): ``as_dict`` for the
result dataclasses, fields with their documentation (what the HTTP API's schema says of each,
api/openapi.py), and the rows of a result: an item scored, an item excluded.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from .jsonio import plain


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
