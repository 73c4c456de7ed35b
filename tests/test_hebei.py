"""Hebei (docs/rules/hebei.md): fixtures through the library, the CLI and the API; units; a bounded
property."""

from __future__ import annotations

import json

import fixture_routes
import pytest
from cli_runner import run_cli
from conftest import FIXTURES
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.app import app
from scorer import registry, score
from scorer.errors import HandError
from scorer.seats import SEATS
from scorer.variants.hebei import settle
from scorer.variants.hebei.items import BASE_ORDER, BY_ID, DOUBLING_ORDER

CASES = json.loads((FIXTURES / "hebei" / "cases.json").read_text(encoding="utf-8"))
client = TestClient(app)
ITEM_KEYS = ("id", "name_zh", "points", "factor", "count")


ROUTES = fixture_routes.routes("hebei")
_via_library, _via_api, _via_cli = ROUTES["library"], ROUTES["api"], ROUTES["cli"]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_fixture(case, route):
    expect = case["expect"]
    if "error" in expect:
        if route == "library":
            with pytest.raises(HandError) as err:
                _via_library(case)
            assert err.value.code == expect["error"], str(err.value)
            assert all(p.code == expect["error"] for p in err.value.problems)
        else:
            body = ROUTES[route](case)
            assert "error" in body
            if route == "api":
                assert body["error"]["code"] == expect["error"]
        return
    result = ROUTES[route](case)
    for key in ("valid", "total", "payments", "base", "reason_code"):
        if key in expect:
            assert result[key] == expect[key], f"{key}: {case['explain']}"
    if "items" in expect:
        got = [{k: i[k] for k in ITEM_KEYS} for i in result["items"]]
        assert got == expect["items"], case["explain"]
    assert sum(result["payments"].values()) == 0
    assert set(result["payments"]) == {"E", "S", "W", "N"}
    if not result["valid"]:
        assert result["total"] == 0 and result["items"] == [] and result["reason"]
    else:
        product = 1
        for item in result["items"]:
            product *= (item["points"] or 1) * item["factor"]
        assert product == result["total"]
        assert result["payments"][case["context"].get("seat_wind", "S")] > 0


def test_enough_fixtures():
    worked = [c for c in CASES if c["id"].startswith("HW")]
    assert len(worked) == 14
    assert len(CASES) - len(worked) >= 20
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))


def test_every_pattern_and_doubling_is_in_a_fixture():
    seen = {i["id"] for c in CASES for i in c["expect"].get("items", [])}
    assert set(BASE_ORDER) - {"hunyise"} <= seen | {"hunyise"}
    assert "hunyise" in seen
    assert set(DOUBLING_ORDER) <= seen


def test_item_table_covers_every_emitted_id():
    variant = registry.get("hebei")
    table = {i.id for i in variant.items}
    assert set(BASE_ORDER) | set(DOUBLING_ORDER) == table
    for case in CASES:
        if "error" in case["expect"]:
            continue
        r = _via_library(case)
        assert {i["id"] for i in r["items"]} <= table
        for i in r["items"]:
            assert i["name_zh"] == BY_ID[i["id"]].name_zh


def test_variant_listing_and_rules_echo():
    body = client.get("/v1/variants").json()
    hebei = next(v for v in body["variants"] if v["id"] == "hebei")
    options = {o["name"] for o in hebei["rules"]["options"]}
    assert {"door_rule", "kong_tiles", "menqing_on_special", "payer", "dealer_double"} <= options
    assert hebei["rules"]["default_preset"] == "spec"
    assert all(o["description"] for o in hebei["rules"]["options"])
    r = score("hebei", "234s456s678s555p22p", {"seat_wind": "E", "self_draw": True}, {"payer": "discarder_only"})
    assert r.rules["preset"] == "spec+custom" and r.rules["payer"] == "discarder_only"


def test_batch_cli_and_api():
    lines = [{"variant": "hebei", "hand": c["hand"], "context": c["context"]} for c in CASES[:3]]
    lines.append({"variant": "hebei", "hand": "123m", "context": {}})
    res = run_cli(["batch", "-"], input="\n".join(json.dumps(x) for x in lines))
    assert res.exit_code == 0
    out = [json.loads(x) for x in res.output.splitlines()]
    assert [o.get("total") for o in out[:3]] == [c["expect"]["total"] for c in CASES[:3]]
    assert out[3]["error"]["code"] == "invalid_hand"
    api = client.post("/v1/score/batch", json=lines).json()
    assert api[0]["total"] == 1 and api[3]["error"]["code"] == "invalid_hand"


def test_readable_cli_output():
    res = run_cli(["hebei", "123m456m789m33m555m", "--seat", "S", "--self-draw", "--last-wall"])
    assert res.exit_code == 0, res.output
    assert "清一色一条龙" in res.output and "total 48" in res.output and "S +192" in res.output


def test_every_interpretation_is_listed():
    r = score("hebei", "11223344556677s", {"seat_wind": "S"})
    kinds = [(i["kind"], i["base_id"], i["value"]) for i in r.details["interpretations"]]
    assert ("seven_pairs", "qingqidui", 12) in kinds
    assert sum(1 for k in kinds if k[0] == "standard") == 3  # three ways to split into sets
    assert r.details["interpretations"][r.details["chosen"]]["base_id"] == "qingqidui"


def test_rejected_partitions_explain_requirement():
    r = score("hebei", "[123m]456p789s234s55s", {"seat_wind": "S"})
    assert not r.valid and r.reason_code == "requirement_not_met"
    assert "three suits" in r.reason and r.details["rejected"]


def test_every_context_problem_is_reported_at_once():
    with pytest.raises(HandError) as err:
        score("hebei", "234s456s678s555p22p", {"seat_wind": "S", "flowers": 2, "wild": "5p", "last_wall": True})
    assert len(err.value.problems) == 3 and {p.code for p in err.value.problems} == {"invalid_context"}


def test_parser_positions_are_kept():
    with pytest.raises(HandError) as err:
        score("hebei", "123m456m789m123p5x5m", {})
    assert err.value.code == "invalid_hand" and err.value.position == 17


@pytest.mark.parametrize("winner", SEATS)
def test_settlement_shape(winner):
    pay = settle.payments(winner, 5, False, None, "all_three")
    assert sum(pay.values()) == 0
    assert pay[winner] == (30 if winner == "E" else 20)


TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP")


@st.composite
def hands(draw):
    pool = [t for t in TILES for _ in range(4)]
    picks = draw(st.permutations(pool))[:14]
    melds = draw(st.integers(0, 2))
    text = "".join(picks[3 * melds:])
    for i in range(melds):
        group = picks[3 * i:3 * i + 3]
        text = "[" + "".join(group) + "]" + text
    return text


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(hand=hands(), seat=st.sampled_from("ESWN"), self_draw=st.booleans(), last_wall=st.booleans(),
       kong_win=st.booleans())
def test_property_random_hands(hand, seat, self_draw, last_wall, kong_win):
    ctx = {"seat_wind": seat, "self_draw": self_draw, "last_wall": last_wall, "kong_win": kong_win}
    try:
        r = score("hebei", hand, ctx)
    except HandError as err:
        assert err.code in {"invalid_hand", "invalid_context"}
        return
    assert sum(r.payments.values()) == 0
    if not r.valid:
        assert r.total == 0 and r.reason_code in {"not_a_winning_hand", "requirement_not_met"}
    else:
        assert r.payments[seat] == r.total * (6 if seat == "E" else 4)


WINNING = ["123m456m789m11p23p4p", "[EEE]111p555p999p22p", "11m99m22p88p33s77s55z", "(2222s)345s678s999s11m",
           "19m19p19s1234567z7z", "[5555m](7777m)234p678pEE"]


@settings(max_examples=120, deadline=None, derandomize=True)
@given(hand=st.sampled_from(WINNING), seat=st.sampled_from("ESWN"), self_draw=st.booleans(),
       kong_win=st.booleans(), last_wall=st.booleans())
def test_property_winning_hands(hand, seat, self_draw, kong_win, last_wall):
    ctx = {"seat_wind": seat, "self_draw": self_draw, "kong_win": kong_win, "last_wall": last_wall}
    try:
        r = score("hebei", hand, ctx)
    except HandError as err:
        assert err.code == "invalid_context"
        assert (last_wall and not self_draw) or (kong_win and self_draw)
        return
    assert r.valid and sum(r.payments.values()) == 0
    doublings = sum(1 for i in r.items if i.factor == 2)
    assert r.total == r.base * 2 ** doublings


README_EXAMPLES = [
    (["hebei", "123m456m789m33m555m", "--seat", "S", "--self-draw", "--last-wall"], 0,
     ["清一色一条龙", "total 48", "payments: E -96  S +192  W -48  N -48"]),
    (["hebei", "[123m]456p789s234s55s", "--seat", "S", "--discarder", "E"], 0, ["not a valid win", "缺一门 fails"]),
    (["hebei", "(6666p)123p789p22s333s", "--seat", "W", "--self-draw", "--kong-win"], 0,
     ["杠上开花", "total 8", "payments: E -16  S -8  W +32  N -8"]),
    (["hebei", "234s456s678s555p22p", "--seat", "S", "--last-wall"], 2, ["error: --last-wall (海底捞月) needs --self-draw"]),
]


@pytest.mark.parametrize(("argv", "status", "expected"), README_EXAMPLES, ids=[" ".join(a[1:3]) for a, _, _ in README_EXAMPLES])
def test_readme_section_examples(argv, status, expected):
    res = run_cli(argv)
    assert res.exit_code == status, res.output
    for line in expected:
        assert line in res.output


def test_rules_errors_keep_their_codes():
    with pytest.raises(HandError) as err:
        score("hebei", "234s456s678s555p22p", {}, {"payer": "nobody"})
    assert err.value.code == "bad_rules"


def test_explain_lists_rejected_partitions():
    r = score("hebei", "[123m]456p789s234s55s", {"seat_wind": "S"}, explain=True)
    assert r.readings and r.readings[0].note and "door rule" in r.readings[0].note

