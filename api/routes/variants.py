"""``GET /v1/variants`` (every variant, with its hand shape for the referee page) and
``GET /v1/variants/{variant}/items/{item}`` (one item's reference, scored in a scoring thread)."""

from __future__ import annotations

from typing import Annotated

from fastapi import FastAPI
from fastapi import Path as PathParam
from fastapi.responses import Response

from scorer import reference, registry
from scorer.errors import HandError
from scorer.jsonio import dumps

from .. import errors, page, schemas
from . import JSON, Answer


def _item_reference(variant: str, item: str) -> bytes:
    return dumps(reference.item_reference(variant, item))


def install(app: FastAPI, answer: Answer) -> None:
    variants_json: dict[tuple, bytes] = {}

    @app.get("/v1/variants", responses={200: {"model": schemas.Variants, "content": {JSON: {}}}})
    async def list_variants() -> Response:
        found = registry.variants()
        key = tuple((k, id(v)) for k, v in found.items())
        if key not in variants_json:
            variants_json.clear()
            variants_json[key] = dumps({"variants": [page.describe(v) for v in found.values()]})
        return Response(variants_json[key], media_type=JSON)

    @app.get("/v1/variants/{variant}/items/{item}",
             responses={200: {"model": schemas.ItemReference, "content": {JSON: {}}},
                        404: {"model": schemas.ErrorBody, "description": "no such variant or item"}})
    async def item_reference(
        variant: Annotated[str, PathParam(max_length=32, description="a variant id, e.g. mcr")],
        item: Annotated[str, PathParam(max_length=64, description="an item by id, Chinese or English name")],
    ) -> Response:
        """One item: its value and exclusions, its definition from the rules page, its worked example
        scored now (as ``mjscore rules VARIANT ITEM``)."""
        try:
            return await answer(_item_reference, variant, item)
        except HandError as err:
            if err.code in ("unknown_variant", "unknown_item"):
                return errors.JSONBytes(errors.error_body(err), status_code=404)
            raise
