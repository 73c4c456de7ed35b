"""The kinds of match sheet, by the sheet-kind name a variant declares (``Variant.match_sheet``,
docs/match.md): MCR keeps the match of 16 hands (a file with no ``variant`` is MCR's) and riichi
the hanchan. Each kind brings its record model, its sheet and its export rows; corrections, the
store, the HTTP routes and the CLI work on any kind through this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import registry
from ..errors import HandError, Problem
from . import model, riichi_model, riichi_sheet, sheet

DEFAULT = "mcr"  # a match file without "variant" (every MCR file written before the riichi sheet)


@dataclass(frozen=True, slots=True)
class SheetKind:
    """One kind of match sheet. ``record_problems`` gives an opaque parsed record (or None and every
    problem) that ``compute`` and ``record_json`` take."""

    name: str  # what a variant's ``match_sheet`` names
    variant: str  # the variant whose sheet it is: a computed sheet's ``variant``
    title: str  # what the sheet is, for a heading
    record_problems: Callable[[Any], tuple[Any, list[Problem]]]
    record_partly: Callable[[Any], Any | None]  # a faulty record as far as read, to check its entries
    hands_problems: Callable[[Any], list[Problem]]
    entry_problems: Callable[[Any, str], tuple[Any, list[Problem]]]
    parse_entry: Callable[[Any, str], Any]
    entry_json: Callable[[Any], dict[str, Any]]
    record_json: Callable[[Any], dict[str, Any]]
    compute: Callable[..., dict[str, Any]]  # (parsed, score, where) -> the sheet
    default_score: Callable[[str, dict[str, Any], str | None], Any]
    explanation: Callable[[dict[str, Any], int], Any]


def _mcr_record(raw: Any) -> tuple[Any, list[Problem]]:
    return model.record_problems(_without_variant(raw))


def _without_variant(raw: Any) -> Any:
    if isinstance(raw, dict) and raw.get("variant") == DEFAULT:  # naming the default is allowed
        return {k: v for k, v in raw.items() if k != "variant"}
    return raw


SHEETS: dict[str, SheetKind] = {k.name: k for k in (
    SheetKind("mcr_match", "mcr", "MCR match", _mcr_record, lambda raw: model.record_partly(_without_variant(raw)),
              model.hands_problems, model.entry_problems,
              model.parse_entry, model.entry_json, model.record_json, sheet.compute, sheet._engine_score,
              sheet.explanation),
    SheetKind("riichi_hanchan", "riichi", "riichi hanchan", riichi_model.record_problems, riichi_model.record_partly,
              riichi_model.hands_problems, riichi_model.entry_problems, riichi_model.parse_entry,
              riichi_model.entry_json, lambda parsed: riichi_model.record_json(parsed[0]), riichi_sheet.compute,
              riichi_sheet._engine_score, riichi_sheet.explanation),
)}


def _declared(variant_id: str) -> str | None:
    """The sheet kind a variant declares (None for a variant without one, or no variant)."""
    if variant_id not in registry.ids():
        return None
    return registry.get(variant_id).match_sheet


def keeping_sheets() -> list[str]:
    """The variants that keep a match sheet, by id."""
    return [v.id for v in registry.variants().values() if v.match_sheet in SHEETS]


def of_variant(variant_id: Any) -> SheetKind:
    """The kind of sheet a variant keeps; HandError naming the variants that keep one when it
    keeps none (or is no variant)."""
    name = _declared(variant_id) if isinstance(variant_id, str) else None
    if name not in SHEETS:
        raise HandError(f"variant: {variant_id!r} has no match sheet (match sheets: {', '.join(keeping_sheets())})",
                        None, "unknown_variant")
    return SHEETS[name]


def of_record(raw: Any) -> SheetKind:
    """The kind a match file (or stored record) names by its ``variant`` (MCR's when it names none)."""
    return of_variant(raw.get("variant", DEFAULT) if isinstance(raw, dict) else DEFAULT)


def of_sheet(computed: dict[str, Any]) -> SheetKind:
    """The kind a computed sheet is of (an MCR sheet carries no ``variant``)."""
    return of_variant(computed.get("variant", DEFAULT))
