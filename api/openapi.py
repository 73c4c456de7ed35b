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
from scorer.fields import Model, json_schema
from scorer.request import MAX_CLAIM_ITEMS, MAX_HAND_CHARS, MAX_NAME_CHARS, MAX_TOTAL
from scorer.seats import SEATS as SEAT_WINDS
from scorer.tiles import tile_name

from . import limits

SEATS = list(SEAT_WINDS)  # a JSON schema enum
SUITED = [tile_name(k) for k in range(27)]
TILES = [tile_name(k) for k in range(34)]
LONG_CARDS = [*SUITED, "Q", "B", "H"]


def _tile(kinds: list[str]) -> str:
    letters = "".join(k for k in kinds if not k[0].isdigit())
    return f"(?:[1-9][mps]|[{letters}])" if letters else "(?:[1-9][mps])"


def _tiles(kinds: list[str], n: int, melds: int = 0) -> str:
    """A pattern for ``melds`` exposed chows or pungs, then ``n`` tiles written one by one."""
    chow = "(?:123|234|345|456|567|678|789)[mps]"
    pung = "(?:111|222|333|444|555|666|777|888|999)[mps]"
    honours = "".join(k for k in kinds if not k[0].isdigit() and k in TILES)
    if honours:
        pung += f"|{'|'.join(h * 3 for h in honours)}"
    meld = f"(?:\\[(?:{chow}|{pung})\\])"
    return f"^{meld}{{{melds}}}{_tile(kinds)}{{{n}}}$" if melds else f"^{_tile(kinds)}{{{n}}}$"


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


# variant -> (tile kinds, tiles in a winning hand)
HANDS: dict[str, tuple[list[str], int]] = {
    "mcr": (TILES, 14), "hebei": (TILES, 14), "shanxi": (TILES, 14), "huangyan": (TILES, 14),
    "fuzhou": (SUITED, 17), "nantong": (LONG_CARDS, 23), "riichi": (TILES, 14),
}

# context fields the models read as free text, documented with what the variant accepts
_FLOWER_TEXT = {"type": "string", "maxLength": 200, "pattern": r"^(?:[1-8]f|[1-7]z|[ESWNCFP])*$",
                "description": "flowers 1f-8f and honours (E S W N C F P or 1z-7z), e.g. 1f2fEE"}
CONTEXT_FIELDS: dict[str, dict[str, Any]] = {
    "fuzhou": {
        "wild": {"anyOf": [{"type": "string", "enum": SUITED},
                           {"type": "array", "items": {"type": "string", "enum": SUITED}, "minItems": 1, "maxItems": 1}]},
        "flowers": _nullable({"anyOf": [_FLOWER_TEXT, {"type": "array", "items": _FLOWER_TEXT, "maxItems": 40}]}),
        "seat_wind": _nullable({"type": "string", "enum": SEATS}),
        "discarder": _nullable({"type": "string", "enum": SEATS}),
        "win_tile": _nullable({"type": "string", "enum": SUITED}),
    },
    "hebei": {"wild": {"type": "null"}, "indicators": {"type": "array", "maxItems": 0},
              "flowers": {"type": "integer", "const": 0}, "win_tile": _nullable({"type": "string", "enum": TILES})},
    "shanxi": {"wild": _nullable({"type": "string", "enum": TILES}), "indicators": {"type": "array", "maxItems": 0},
               "flowers": {"type": "integer", "const": 0}, "win_tile": _nullable({"type": "string", "enum": TILES})},
    "huangyan": {"wild": {"type": "string", "enum": TILES}, "flowers": _nullable({"type": "integer", "const": 0}),
                 "others": {"type": "object", "propertyNames": {"enum": SEATS}, "maxProperties": 3,
                            "additionalProperties": {"type": "string", "pattern": _tiles(TILES, 13)}},
                 "bombs": {"type": "object", "propertyNames": {"enum": SEATS[1:]},
                           "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 100}}},
    "mcr": {"win_tile": _nullable({"type": "string", "enum": TILES})},
    "riichi": {name: {"type": "string", "pattern": r"^(?:[0-9][mps]|[1-7]z|[ESWNCFP]){0,5}$", "maxLength": 40}
               for name in ("dora_indicators", "ura_dora_indicators")},
    "nantong": {"indicators": {"type": "array", "items": {"type": "string", "enum": LONG_CARDS},
                               "minItems": 2, "maxItems": 2},
                "others": _nullable({"type": "array", "minItems": 2, "maxItems": 3, "items": {
                    "type": "string", "pattern": _tiles(LONG_CARDS, 22), "description": "a holding of 22 cards"}}),
                "win_tile": _nullable({"type": "string", "enum": LONG_CARDS})},
}
REQUIRED = {"fuzhou": ["wild"]}  # required by the variant's own check rather than by its model
# fields required in some cases only
CONDITIONS: dict[str, dict[str, Any]] = {
    "shanxi": {"anyOf": [{"required": ["self_draw"], "properties": {"self_draw": {"const": True}}},
                         {"required": ["discarder"]}]},  # a discard win names the discarder
}

EXAMPLES: dict[str, dict[str, Any]] = {
    "mcr": {"variant": "mcr", "hand": "[123m]456789m555pCC", "context": {"self_draw": True, "seat_wind": "S"}},
    "fuzhou": {"variant": "fuzhou", "hand": "[123p]456m789m234s99s56p4p",
               "context": {"wild": "9s", "self_draw": True, "seat_wind": "S", "dealer_streak": 2}},
    "hebei": {"variant": "hebei", "hand": "234s456s678s555p22p", "context": {"seat_wind": "E", "self_draw": True}},
    "riichi": {"variant": "riichi", "hand": "234m456p678s22s34m0m",
               "context": {"seat_wind": "S", "riichi": True, "dora_indicators": "1m", "honba": 1}},
    "shanxi": {"variant": "shanxi", "hand": "[222m]345s678s11z56p4p", "context": {"seat_wind": "N", "self_draw": True}},
    "huangyan": {"variant": "huangyan", "hand": "[789m]123p456p99s24s3s",
                 "context": {"wild": "5m", "seat_wind": "E", "self_draw": True}},
    "nantong": {"variant": "nantong", "hand": "222456789m222s68s123567p99p7s",
                "context": {"indicators": ["2s", "3m"], "self_draw": True,
                            "others": ["[QQQQ][888m][444s]555pBBB11m35s668p", "[666m]333pHHH11s99s2478p1p457m3s"]}},
}
WAITS_EXAMPLE = {"variant": "mcr", "hand": "[123m]456789m555pC", "context": {"seat_wind": "S"}}
PARSE_EXAMPLE = {"variant": "mcr", "hand": "11122233344455m"}


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


def _hand(variant_id: str, short: bool) -> dict[str, Any]:
    forms: list[dict[str, Any]] = []
    if variant_id in HANDS:
        kinds, n = HANDS[variant_id]
        n -= 1 if short else 0
        last = "" if short else ", the winning tile last"
        forms.append({"type": "string", "pattern": _tiles(kinds, n),
                      "description": f"{n} tiles written one by one{last}"})
        if variant_id != "nantong":  # long cards are not claimed in chows
            for melds in (1, 2):
                forms.append({"type": "string", "pattern": _tiles(kinds, n - 3 * melds, melds),
                              "description": f"{melds} exposed chow(s) or pung(s), then {n - 3 * melds} tiles{last}"})
    # the rest of the notation (grouped digits, kongs, claims, pasted tiles), apart from the forms
    # above so that a generator does not fold them into it
    other = {"type": "string", "minLength": 1, "maxLength": MAX_HAND_CHARS,
             "description": "any other hand in the notation (at most 200 written characters)"}
    if forms:
        other["not"] = {"anyOf": [{"pattern": f["pattern"]} for f in forms]}
    forms.append(other)
    return {"anyOf": forms} if len(forms) > 1 else forms[0]


def request_components() -> dict[str, Any]:
    """``components.schemas`` for the request bodies."""
    out: dict[str, Any] = {}
    score_refs: dict[str, str] = {}
    waits_refs: dict[str, str] = {}
    parse_refs: list[dict[str, str]] = []
    for v in registry.variants().values():
        ctx = _model(v.Context, out)
        for name, schema in CONTEXT_FIELDS.get(v.id, {}).items():
            if name in ctx["properties"]:
                keep = {k: ctx["properties"][name][k] for k in ("description", "default") if k in ctx["properties"][name]}
                ctx["properties"][name] = {**copy.deepcopy(schema), **keep}
        if REQUIRED.get(v.id):
            ctx["required"] = sorted(set(ctx.get("required", [])) | set(REQUIRED[v.id]))
        ctx.update(copy.deepcopy(CONDITIONS.get(v.id, {})))
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
            "dialect": _nullable({"type": "string", "enum": ["helper"]}),
        }
        out[f"ScoreRequest_{v.id}"] = {
            "type": "object", "additionalProperties": False, "required": ["variant", "hand", *needs_context],
            "properties": {
                **common,
                "hand": _hand(v.id, short=False),
                "explain": {"type": "boolean", "default": False, "description": "list every reading side by side"},
                "claim": _nullable({
                    "type": "array", "maxItems": MAX_CLAIM_ITEMS,
                    "description": "a claim to check: items (by id, English or Chinese name) and/or a total",
                    "items": {"anyOf": [{"type": "string", "maxLength": MAX_NAME_CHARS},
                                        {"type": "integer", "minimum": -MAX_TOTAL, "maximum": MAX_TOTAL}]}}),
            },
        }
        if v.id == "nantong":  # an exhausted deal has no winner: the hand is null
            out["ScoreRequest_nantong"]["properties"]["hand"] = _nullable(_hand(v.id, short=False))
        if v.id in EXAMPLES:
            out[f"ScoreRequest_{v.id}"]["examples"] = [EXAMPLES[v.id]]
        out[f"WaitsRequest_{v.id}"] = {
            "type": "object", "additionalProperties": False, "required": ["variant", "hand", *needs_context],
            "properties": {**common, "hand": _hand(v.id, short=True)},
        }
        parse = {"type": "object", "additionalProperties": False,
                 "required": ["hand"] if v.id == "mcr" else ["variant", "hand"],
                 "properties": {"variant": common["variant"], "hand": _hand(v.id, short=False),
                                "dialect": common["dialect"]}}
        out[f"ParseRequest_{v.id}"] = parse
        score_refs[v.id] = f"#/components/schemas/ScoreRequest_{v.id}"
        waits_refs[v.id] = f"#/components/schemas/WaitsRequest_{v.id}"
        parse_refs.append({"$ref": f"#/components/schemas/ParseRequest_{v.id}"})
    out["ScoreRequest"] = {"oneOf": [{"$ref": r} for r in score_refs.values()],
                           "discriminator": {"propertyName": "variant", "mapping": score_refs}}
    out["WaitsRequest"] = {"oneOf": [{"$ref": r} for r in waits_refs.values()],
                           "discriminator": {"propertyName": "variant", "mapping": waits_refs}}
    out["ParseRequest"] = {"oneOf": parse_refs, "description": "variant defaults to mcr"}
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
