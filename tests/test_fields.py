"""Declared fields (scorer.fields): strict JSON types, unknown fields rejected, every problem with
its path and code, the JSON Schema from the same declaration; and the scoring path importing
neither pydantic nor the API or CLI stacks."""

from __future__ import annotations

import subprocess
import sys
from typing import Annotated, Literal

import pytest
from conftest import ROOT

from scorer import options, registry
from scorer.errors import HandError
from scorer.fields import REQUIRED, Bound, Invalid, Model, field, json_schema


class Seat(Model):
    seat: Literal["E", "S", "W", "N"] | None = field(None, "a seat")
    declared: bool = False


class Sample(Model):
    """A sample."""

    name: str = field(REQUIRED, "required text", max_length=8)
    flag: bool = field(False, "a switch", cli=("--f",))
    count: int = field(0, "bounded", ge=0, le=8)
    tiles: list[Annotated[str, Bound(max_length=4)]] = field(description="a list", factory=list, max_length=2)
    by_seat: dict[Literal["E", "S"], Seat] = field(description="nested", factory=dict)


def _faults(raw: object) -> list[tuple[str, str]]:
    with pytest.raises(Invalid) as err:
        Sample.validate(raw, "ctx")
    return [(i.where, i.code) for i in err.value.faults]


@pytest.mark.parametrize(("raw", "expected"), [
    ({"name": "a", "flag": "yes"}, [("ctx.flag", "bad_type")]),
    ({"name": "a", "flag": 1}, [("ctx.flag", "bad_type")]),
    ({"name": "a", "count": 2.0}, [("ctx.count", "bad_type")]),
    ({"name": "a", "count": "2"}, [("ctx.count", "bad_type")]),
    ({"name": "a", "count": True}, [("ctx.count", "bad_type")]),
    ({"name": "a", "count": 9}, [("ctx.count", "out_of_range")]),
    ({"name": "a" * 9}, [("ctx.name", "input_too_long")]),
    ({"name": "a", "tiles": ["1m", "2m", "3m"]}, [("ctx.tiles", "too_many")]),
    ({"name": "a", "tiles": ["12345"]}, [("ctx.tiles[0]", "input_too_long")]),
    ({"name": "a", "by_seat": {"W": {}}}, [("ctx.by_seat key 'W'", "bad_type")]),
    ({"name": "a", "by_seat": {"E": {"seat": "X", "bogus": 1}}},
     [("ctx.by_seat.E.seat", "bad_type"), ("ctx.by_seat.E.bogus", "unknown_field")]),
    ({}, [("ctx.name", "missing")]),
    ({"name": 5, "count": -1, "other": 0}, [("ctx.name", "bad_type"), ("ctx.count", "out_of_range"),
                                            ("ctx.other", "unknown_field")]),
    ("text", [("ctx", "bad_type")]),
])
def test_strict_and_every_problem_with_its_path(raw, expected):
    assert _faults(raw) == expected


def test_given_fields_defaults_and_dump():
    s = Sample.validate({"name": "a", "by_seat": {"E": {"seat": "S"}}})
    assert s.fields_set == {"name", "by_seat"}
    assert s.by_seat["E"].seat == "S" and s.tiles == [] and s.count == 0
    assert s.dump()["by_seat"] == {"E": {"seat": "S", "declared": False}}
    assert Sample.validate({"name": "b"}).tiles is not s.tiles  # a fresh default each time


def test_schema_from_the_declaration():
    schema = json_schema(Sample, "#/components/schemas/{model}")
    props = schema["properties"]
    assert schema["required"] == ["name"] and schema["additionalProperties"] is False
    assert props["count"] == {"type": "integer", "minimum": 0, "maximum": 8, "default": 0, "description": "bounded"}
    assert props["tiles"]["items"] == {"type": "string", "maxLength": 4} and props["tiles"]["maxItems"] == 2
    assert props["by_seat"]["propertyNames"] == {"enum": ["E", "S"]}
    assert props["by_seat"]["additionalProperties"] == {"$ref": "#/components/schemas/Seat"}
    assert schema["$defs"]["Seat"]["properties"]["seat"]["anyOf"][1] == {"type": "null"}


def test_cli_facts_of_a_field():
    fields = options.context_fields(registry.get("mcr"))
    assert list(fields)[:3] == ["self_draw", "seat_wind", "round_wind"]
    assert options.is_bool(fields["self_draw"]) and options.is_int(fields["flowers"])
    assert options.aliases(fields["seat_wind"]) == ["--seat"] and not options.is_int(fields["seat_wind"])
    assert options.is_list(options.context_fields(registry.get("fuzhou"))["wild"])


def test_context_problems_keep_their_codes():
    with pytest.raises(HandError) as err:
        registry.get("mcr").context({"self_draw": "yes", "flowers": 9, "bogus": 1})
    assert [p.code for p in err.value.problems] == ["bad_context", "bad_context", "unknown_field"]
    assert err.value.problems[0].message.startswith("context.self_draw: ")


LEAN = """
import sys
from scorer import score, score_compact
from scorer.engine import score_request
from scorer.referee import waits
from scorer.request import ScoreRequest, validated
hand, ctx = "[123m]456789m555pCC", {"self_draw": True, "seat_wind": "S"}
score("mcr", hand, ctx, explain=True, claim=["pure_straight", 19])
score_compact("mcr", hand, ctx)
waits("mcr", hand[:-1], {"seat_wind": "S"})
score_request(validated(ScoreRequest, {"variant": "mcr", "hand": hand, "context": ctx}))
for variant, h, c in [("hebei", "234s456s678s555p22p", {"seat_wind": "E", "self_draw": True}),
                      ("huangyan", "[789m]123p456p99s24s3s", {"wild": "5m", "self_draw": True}),
                      ("shanxi", "[222m]345s678s11z56p4p", {"seat_wind": "N", "self_draw": True}),
                      ("fuzhou", "[123p]456m789m234s99s56p4p", {"wild": "9s", "self_draw": True}),
                      ("nantong", "222456789m222s68s123567p99p7s", {"indicators": ["2s", "3m"], "self_draw": True})]:
    score(variant, h, c, explain=True)
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core", "fastapi", "typer", "rich"))
print(" ".join(heavy))
"""


def test_scoring_imports_no_pydantic():
    out = subprocess.run([sys.executable, "-c", LEAN], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
