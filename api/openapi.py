"""The request side of the OpenAPI document, one schema per variant.

FastAPI documents the answers; the requests are read by hand (``api.body``) and documented here:
``ScoreRequest`` is one of ``ScoreRequest_<variant>`` (told apart by ``variant``), each with its
variant's own context and rules schemas (from the models the service validates with: their
types, enums and bounds) and a worked example. A few context fields that the models take as free
text (tiles, seats) are documented with the values the variant accepts, and a hand with two forms:
the tiles written one by one, exactly as many as a hand holds, or anything in the notation.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from scorer import registry
from scorer.apidoc import nullable, tile_names, tiles_pattern
from scorer.fields import Model, json_schema
from scorer.request import MAX_CLAIM_ITEMS, MAX_HAND_CHARS, MAX_NAME_CHARS, MAX_TOTAL, ParseRequest

from . import limits

# the variant a parse request falls back on when it names none (the request model's default)
DEFAULT_VARIANT: str = ParseRequest.fields["variant"].default_value()
WAITS_EXAMPLE = {"variant": DEFAULT_VARIANT, "hand": "[123m]456789m555pC", "context": {"seat_wind": "S"}}
PARSE_EXAMPLE = {"variant": DEFAULT_VARIANT, "hand": "11122233344455m"}


def examples() -> dict[str, dict[str, Any]]:
    """Each variant's worked example of a score request (``Variant.api_doc``), by variant id."""
    found = {v.id: v.api_doc.example(v.id) for v in registry.variants().values()}
    return {variant_id: example for variant_id, example in found.items() if example is not None}


def _clean(node: Any) -> Any:
    """Drop pydantic's titles from a model's schema."""
    if isinstance(node, dict):
        return {k: _clean(v) for k, v in node.items() if k != "title"}
    if isinstance(node, list):
        return [_clean(v) for v in node]
    return node


def _model(model: Any, components: dict[str, Any]) -> dict[str, Any]:
    """A model's schema, its nested models' added to ``components``: a declared model (a variant's
    context or rules, ``scorer.fields``) or a pydantic one (the match sheet's)."""
    ref = "#/components/schemas/{model}"
    if isinstance(model, type) and issubclass(model, Model):
        schema = json_schema(model, ref_template=ref)
    else:
        schema = _clean(model.model_json_schema(ref_template=ref))
    components.update(schema.pop("$defs", {}))
    return schema


def hand_schema(variant: registry.Variant, short: bool) -> dict[str, Any]:
    """A hand of the variant (its notation's tile kinds and hand size), or one tile short of it."""
    kinds = tile_names(variant.notation.kinds)
    n = 3 * variant.notation.n_sets + 2 - (1 if short else 0)
    last = "" if short else ", the winning tile last"
    forms: list[dict[str, Any]] = [{"type": "string", "pattern": tiles_pattern(kinds, n),
                                    "description": f"{n} tiles written one by one{last}"}]
    if variant.notation.chow_melds:  # the forms with claimed sets, where chows may be claimed
        for melds in (1, 2):
            forms.append({"type": "string", "pattern": tiles_pattern(kinds, n - 3 * melds, melds),
                          "description": f"{melds} exposed chow(s) or pung(s), then {n - 3 * melds} tiles{last}"})
    # the rest of the notation (grouped digits, kongs, claims, pasted tiles), apart from the forms
    # above so that a generator does not fold them into it
    other = {"type": "string", "minLength": 1, "maxLength": MAX_HAND_CHARS,
             "description": "any other hand in the notation (at most 200 written characters)"}
    other["not"] = {"anyOf": [{"pattern": f["pattern"]} for f in forms]}
    return {"anyOf": [*forms, other]}


def request_components() -> dict[str, Any]:
    """``components.schemas`` for the request bodies."""
    out: dict[str, Any] = {}
    score_refs: dict[str, str] = {}
    waits_refs: dict[str, str] = {}
    parse_refs: list[dict[str, str]] = []
    for v in registry.variants().values():
        doc = v.api_doc
        ctx = _model(v.Context, out)
        for name, schema in doc.fields.items():
            if name in ctx["properties"]:
                keep = {k: ctx["properties"][name][k] for k in ("description", "default") if k in ctx["properties"][name]}
                ctx["properties"][name] = {**copy.deepcopy(schema), **keep}
        if doc.required:
            ctx["required"] = sorted(set(ctx.get("required", [])) | set(doc.required))
        ctx.update(copy.deepcopy(doc.conditions))
        needs_context = ["context"] if ctx.get("required") else []
        out[f"Context_{v.id}"] = ctx
        rules = _model(v.Rules, out)
        rules["properties"] = {"preset": {"type": "string", "enum": sorted(v.presets),
                                          "description": "the preset the options apply over"},
                               **rules["properties"]}
        out[f"Rules_{v.id}"] = rules
        common = {
            "variant": {"type": "string", "enum": [v.id]},
            "context": {"$ref": f"#/components/schemas/Context_{v.id}"},
            "rules": {"anyOf": [{"type": "string", "enum": sorted(v.presets)},
                                {"$ref": f"#/components/schemas/Rules_{v.id}"}, {"type": "null"}],
                      "description": "a preset name, or options over a preset"},
            "dialect": nullable({"type": "string", "enum": ["helper"]}),
        }
        out[f"ScoreRequest_{v.id}"] = {
            "type": "object", "additionalProperties": False, "required": ["variant", "hand", *needs_context],
            "properties": {
                **common,
                "hand": nullable(hand_schema(v, short=False)) if doc.hand_may_be_null else hand_schema(v, short=False),
                "explain": {"type": "boolean", "default": False, "description": "list every reading side by side"},
                "claim": nullable({
                    "type": "array", "maxItems": MAX_CLAIM_ITEMS,
                    "description": "a claim to check: items (by id, English or Chinese name) and/or a total",
                    "items": {"anyOf": [{"type": "string", "maxLength": MAX_NAME_CHARS},
                                        {"type": "integer", "minimum": -MAX_TOTAL, "maximum": MAX_TOTAL}]}}),
            },
        }
        example = doc.example(v.id)
        if example is not None:
            out[f"ScoreRequest_{v.id}"]["examples"] = [example]
        out[f"WaitsRequest_{v.id}"] = {
            "type": "object", "additionalProperties": False, "required": ["variant", "hand", *needs_context],
            "properties": {**common, "hand": hand_schema(v, short=True)},
        }
        parse = {"type": "object", "additionalProperties": False,
                 "required": ["hand"] if v.id == DEFAULT_VARIANT else ["variant", "hand"],
                 "properties": {"variant": common["variant"], "hand": hand_schema(v, short=False),
                                "dialect": common["dialect"]}}
        out[f"ParseRequest_{v.id}"] = parse
        score_refs[v.id] = f"#/components/schemas/ScoreRequest_{v.id}"
        waits_refs[v.id] = f"#/components/schemas/WaitsRequest_{v.id}"
        parse_refs.append({"$ref": f"#/components/schemas/ParseRequest_{v.id}"})
    out["ScoreRequest"] = {"oneOf": [{"$ref": r} for r in score_refs.values()],
                           "discriminator": {"propertyName": "variant", "mapping": score_refs}}
    out["WaitsRequest"] = {"oneOf": [{"$ref": r} for r in waits_refs.values()],
                           "discriminator": {"propertyName": "variant", "mapping": waits_refs}}
    out["ParseRequest"] = {"oneOf": parse_refs, "description": f"variant defaults to {DEFAULT_VARIANT}"}
    out["ScoreBatch"] = {"type": "array", "maxItems": limits.MAX_BATCH,
                         "items": {"$ref": "#/components/schemas/ScoreRequest"},
                         "description": "score requests; a bad one is answered by an error in its place"}
    return out


def body(schema: str, examples: dict[str, Any]) -> dict[str, Any]:
    """A route's ``requestBody`` (for ``openapi_extra``)."""
    return {"requestBody": {"required": True, "content": {"application/json": {
        "schema": {"$ref": f"#/components/schemas/{schema}"},
        "examples": {name: {"value": value} for name, value in examples.items()},
    }}}}


def add_components(app: Any, make: Callable[[], dict[str, Any]]) -> None:
    """Put request schemas into the app's OpenAPI document, made the first time it is asked for:
    the routes read their bodies by hand, so FastAPI does not see their models."""
    build = app.openapi
    components: dict[str, Any] = {}

    def document() -> dict[str, Any]:
        schema = build()
        if not components:
            components.update(make())
        schema.setdefault("components", {}).setdefault("schemas", {}).update(components)
        return schema

    app.openapi = document
