"""What can still be read of a faulty match record or entry, so that the sheet checks the rest of it
and a file gets every problem at once (docs/match.md#limits-and-errors): a field with a value of the
wrong type or out of range, or a required field left out, is *unread* (None); every other field is
read as usual. A sheet's checks leave alone what reads an unread field, so nothing is said twice or
said wrongly about a value the user did not give. A partly read entry is only checked, never settled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


def unread(model: BaseModel | None) -> frozenset[str]:
    """The fields of a partly read model left unread, by their names in the file (``from``)."""
    return frozenset() if model is None else getattr(model, "_unread", frozenset())


def read_fields(model: type[M], raw: Any) -> M:
    """``raw`` read as ``model`` with every faulty or unknown field left at its default (a model
    whose fields all have one: a match's rules)."""
    part = read_partly(model, raw)
    if part is None:
        return model.model_validate({})
    keys = {info.alias or name for name, info in model.model_fields.items()} - unread(part)
    return model.model_validate({k: v for k, v in raw.items() if k in keys})


def read_partly(model: type[M], raw: Any, nested: dict[str, type[BaseModel]] | None = None) -> M | None:
    """``raw`` read as ``model``, the faulty fields unread; None when nothing can be read (not an
    object, or a fault of the whole object). ``nested``: a list field of objects read item by item
    (a multiple ron's wins), unread only when the list itself is faulty or an item is unreadable."""
    if not isinstance(raw, dict):
        return None
    try:
        return model.model_validate(raw)
    except ValidationError as err:
        faults = [tuple(e.get("loc", ())) for e in err.errors(include_url=False)]
    if any(not loc for loc in faults):
        return None
    bad = {loc[0] for loc in faults}
    whole = {loc[0] for loc in faults if len(loc) == 1}  # the list itself is faulty, not its items
    part = model.model_construct()
    left: set[str] = set()
    for name, info in model.model_fields.items():
        key = info.alias or name
        value = raw.get(key)
        if key in (nested or {}) and key in bad and key not in whole and isinstance(value, list):
            items = [read_partly((nested or {})[key], item) for item in value]
            if all(item is not None for item in items):
                object.__setattr__(part, name, items)
                continue
        if key in bad or (key not in raw and info.is_required()):
            object.__setattr__(part, name, None)
            left.add(key)
        elif key in raw:
            model.__pydantic_validator__.validate_assignment(part, name, value)
    part._unread = frozenset(left)  # type: ignore[attr-defined]
    return part


def entry_partly(raw: Any, kinds: Mapping[str, type[BaseModel]], default: type[BaseModel],
                 nested: dict[str, type[BaseModel]] | None = None) -> BaseModel | None:
    """What can be read of a faulty sheet entry, its kind told apart by the one kind key it holds
    (``default`` without one, as a sheet's ``entry_problems`` tells them); None when it holds more."""
    named = [k for k in kinds if k in raw] if isinstance(raw, dict) else []
    if len(named) > 1:
        return None
    return read_partly(kinds[named[0]] if named else default, raw, nested)
