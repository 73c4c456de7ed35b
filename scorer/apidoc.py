"""How a variant documents its requests in the HTTP API's OpenAPI document.

Each variant declares an ``ApiDoc`` (``Variant.api_doc``): a worked example, and the JSON Schema of
the context fields its model takes as free text (tiles, seats), with the values the variant accepts.
``api/openapi.py`` reads it; nothing outside the variant's package names the variant. The schema
pieces a declaration is written with (``nullable``, ``tiles_pattern`` …) are here too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .seats import SEATS as SEAT_WINDS
from .tiles import tile_name

SEATS = list(SEAT_WINDS)  # a JSON Schema enum
SUITED = [tile_name(k) for k in range(27)]
TILES = [tile_name(k) for k in range(34)]
# flowers written as text (Fuzhou): 1f-8f and honours
FLOWER_TEXT = {"type": "string", "maxLength": 200, "pattern": r"^(?:[1-8]f|[1-7]z|[ESWNCFP])*$",
               "description": "flowers 1f-8f and honours (E S W N C F P or 1z-7z), e.g. 1f2fEE"}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def tile_names(kinds: Iterable[int]) -> list[str]:
    """The tiles of these kinds as written, in kind order (a JSON Schema enum)."""
    return [tile_name(k) for k in sorted(kinds)]


def _tile(kinds: list[str]) -> str:
    letters = "".join(k for k in kinds if not k[0].isdigit())
    return f"(?:[1-9][mps]|[{letters}])" if letters else "(?:[1-9][mps])"


def tiles_pattern(kinds: list[str], n: int, melds: int = 0) -> str:
    """A pattern for ``melds`` exposed chows or pungs, then ``n`` tiles written one by one."""
    chow = "(?:123|234|345|456|567|678|789)[mps]"
    pung = "(?:111|222|333|444|555|666|777|888|999)[mps]"
    honours = "".join(k for k in kinds if not k[0].isdigit() and k in TILES)
    if honours:
        pung += f"|{'|'.join(h * 3 for h in honours)}"
    meld = f"(?:\\[(?:{chow}|{pung})\\])"
    return f"^{meld}{{{melds}}}{_tile(kinds)}{{{n}}}$" if melds else f"^{_tile(kinds)}{{{n}}}$"


@dataclass(frozen=True, slots=True)
class ApiDoc:
    """What the OpenAPI document says of one variant's requests beyond its declared models."""

    # the worked example of a score request: its hand and context
    example_hand: str | None = None
    example_context: dict[str, Any] = field(default_factory=dict)
    # context field -> the schema documenting the values accepted (the model reads it as free text)
    fields: dict[str, dict[str, Any]] = field(default_factory=dict)
    # context fields the variant's own check requires (the model gives them a default)
    required: tuple[str, ...] = ()
    # a schema over the whole context: fields required in some cases only
    conditions: dict[str, Any] = field(default_factory=dict)
    # a request may score a deal without a winner: its hand is null
    hand_may_be_null: bool = False

    def example(self, variant_id: str) -> dict[str, Any] | None:
        """The example request, or None when the variant declares none."""
        if self.example_hand is None:
            return None
        out: dict[str, Any] = {"variant": variant_id, "hand": self.example_hand}
        if self.example_context:
            out["context"] = dict(self.example_context)
        return out
