"""The result of scoring one hand, shared by every variant (docs/library.md, the ``--json`` output
described in docs/rules/mcr.md#reading-the-examples).

Plain dataclasses: the engine builds them from values it has checked itself, so nothing is
validated again on the way out (a result is cheap to build). ``as_dict`` gives the JSON form;
orjson writes a result directly in the same field order. Each field's ``metadata["description"]``
is what the HTTP API's schema says of it (api/openapi.py). The rows and the ``as_dict`` base are in
scorer/result_base.py, the parts only some answers hold in scorer/result_parts.py; this module names
them all.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .result_base import Exclusion, Item, Plain, described

__all__ = ["ClaimCheck", "ContextUsed", "Exclusion", "Item", "OwnClaims", "Plain", "ReadingView", "Result",
           "Verdict", "WildUse", "described"]

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
