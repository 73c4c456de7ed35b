"""``POST /v1/efficiency``: tile efficiency, the same JSON as ``mjscore efficiency --json``
(docs/efficiency.md). Installed by ``api.app`` like the other routes: the body read and checked
as theirs, the work done in its scoring threads within the time budget."""

from __future__ import annotations

import copy
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from scorer import registry
from scorer.efficiency import MAX_VISIBLE_CHARS, efficiency
from scorer.efficiency.request import EfficiencyRequest
from scorer.jsonio import dumps
from scorer.request import validated

from .. import limits, openapi, schemas
from ..body import read_json
from . import JSON, Answer


class UsefulTile(BaseModel):
    tile: str
    left: int = Field(description="copies not seen: four, less those in the hand, its melds and visible")


class ShapeCount(BaseModel):
    shanten: int = Field(description="0 ready, 1 one tile from ready, ...; -1 complete")
    useful: list[str] = Field(description="the tiles that lower this shape's shanten")


class EfficiencyWait(BaseModel):
    tile: str
    left: int = Field(description="copies left to draw or claim; 0 is a dead wait, which keeps nothing alive")
    four_held: bool
    scores: dict[str, schemas.WaitScore] | None = Field(None, description="by win mode (self_draw / discard)")
    below_minimum: bool | None = Field(None, description="where a minimum applies (MCR's 8 points, riichi's "
                                      "yaku): no way of winning on it reaches the minimum")


class MinimumRoute(BaseModel):
    discard: str
    waits: list[str] = Field(description="the live waits (a copy left) of the ready hand left on which a win is valid")


class MinimumTile(BaseModel):
    tile: str
    left: int
    keeps_minimum: bool
    via: list[MinimumRoute]


class Minimum(BaseModel):
    useful: list[MinimumTile]
    tiles_left: int = Field(description="copies left of the useful tiles that keep the minimum")


class OneShort(BaseModel):
    shanten: int
    shapes: dict[str, ShapeCount]
    useful: list[UsefulTile]
    tiles_left: int
    waits: list[EfficiencyWait] = Field(description="a ready hand's waits, scored")
    minimum: Minimum | None = Field(None, description="where a minimum applies, one tile from ready: the "
                                   "minimum kept in view")


class Discard(OneShort):
    tile: str = Field(description="the tile discarded")


class EfficiencyResult(BaseModel):
    variant: str
    hand: str
    wild: str | None = None
    minimum_rule: str | None = Field(
        None, description="what a win must reach to be valid, where the variant has a minimum: \"8_points\" (MCR), "
                          "\"yaku\" (riichi) (docs/efficiency.md)")
    shanten: int | None = None
    shapes: dict[str, ShapeCount] | None = None
    useful: list[UsefulTile] | None = None
    tiles_left: int | None = None
    waits: list[EfficiencyWait] | None = None
    minimum: Minimum | None = None
    complete: bool | None = Field(None, description="a full hand: it already forms a winning shape")
    discards: list[Discard] | None = Field(None, description="a full hand: every discard, best first (where a "
                                           "minimum applies by it first; docs/efficiency.md)")
    warnings: list[str] = Field(default_factory=list)


EXAMPLE = {"variant": "mcr", "hand": "123m45567p23789s", "visible": "3p3p"}


def _efficiency(request: EfficiencyRequest) -> bytes:
    return dumps(efficiency(request.variant, request.hand, request.context, request.rules, request.dialect,
                            request.visible))


def request_components() -> dict[str, Any]:
    """``EfficiencyRequest``: one schema per variant that declares an efficiency profile
    (``Variant.efficiency``; the others answer ``unsupported_variant``), as the waits requests
    (``api.openapi``)."""
    out: dict[str, Any] = {}
    refs: dict[str, str] = {}
    base = openapi.request_components()
    for v in registry.variants().values():
        if v.efficiency is None:
            continue
        waits = copy.deepcopy(base[f"WaitsRequest_{v.id}"])
        waits["properties"]["hand"] = {"anyOf": [openapi.hand_schema(v, short=True), openapi.hand_schema(v, short=False)]}
        waits["properties"]["visible"] = {"anyOf": [{"type": "string", "maxLength": MAX_VISIBLE_CHARS,
                                                     "pattern": r"^(?:[1-9]+[mpsz]|[ESWNCFPQBH]|[\s,;])*$"},
                                                    {"type": "null"}],
                                          "description": "tiles seen outside the hand, e.g. 5p5p9sE"}
        out[f"EfficiencyRequest_{v.id}"] = waits
        refs[v.id] = f"#/components/schemas/EfficiencyRequest_{v.id}"
    out["EfficiencyRequest"] = {"oneOf": [{"$ref": r} for r in refs.values()],
                                "discriminator": {"propertyName": "variant", "mapping": refs}}
    return out


def install(app: FastAPI, answer: Answer) -> None:
    @app.post("/v1/efficiency",
              responses={200: {"model": EfficiencyResult, "content": {JSON: {}}}, **schemas.ERRORS},
              openapi_extra=openapi.body("EfficiencyRequest", {"mcr": EXAMPLE}))
    async def tile_efficiency(request: Request) -> Response:
        """Tile efficiency: a hand one tile short (shanten per shape, useful tiles and copies left,
        its waits scored when ready) or a full hand (every discard, best first)."""
        return await answer(_efficiency, validated(EfficiencyRequest, await read_json(request, limits.MAX_BODY_BYTES)))

    openapi.add_components(app, request_components)
