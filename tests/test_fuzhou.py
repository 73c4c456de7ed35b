"""Fuzhou (福州麻将) fixtures through the library, the CLI and the API, plus unit tests.

fixtures/fuzhou/cases.json: the worked examples W1-W17 of the rule specification this variant was
written from, and hand-written referee cases (F..: scoring, E..: the error codes of
docs/rules/fuzhou.md#errors and their order), expectations computed from the rules by hand.
"""

from __future__ import annotations

import json

import fixture_routes
import orjson
import pytest
from cli_runner import run_cli
from conftest import FIXTURES
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from api.app import app
from scorer import score
from scorer.errors import HandError
from scorer.registry import get
from scorer.variants.fuzhou.scoring import _sets_only, flower_counts
from scorer.variants.fuzhou.validate import RANK

CASES = json.loads((FIXTURES / "fuzhou" / "cases.json").read_text(encoding="utf-8"))
client = TestClient(app)
INVALID_CODES = {"gold_discard_win", "you_jin_discard", "passed_hu", "not_winning"}
DETAIL_KEYS = ("flower_points", "dealer_points", "bonus", "bonus_points", "multiplier", "points", "winner_gain")


ROUTES = fixture_routes.routes("fuzhou")
_via_library, _via_api, _via_cli = ROUTES["library"], ROUTES["api"], ROUTES["cli"]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_fixture(case, route):
    expect = case["expect"]
    code = expect.get("error")
    if code is not None and code not in INVALID_CODES:
        assert code in RANK, code
        if route == "library":
            with pytest.raises(HandError) as err:
                _via_library(case)
            assert err.value.code == code, f"{err.value}: {case['explain']}"
        elif route == "api":
            assert _via_api(case)["error"]["code"] == code
        else:
            assert "error" in _via_cli(case)
        return
    result = ROUTES[route](case)
    assert sum(result["payments"].values()) == 0
    assert set(result["payments"]) == {"E", "S", "W", "N"}
    for key in ("valid", "total", "payments"):
        if key in expect:
            assert result[key] == expect[key], f"{key}: {case['explain']}"
    if code is not None:
        assert result["valid"] is False and result["total"] == 0 and result["reason"]
        assert result["details"]["reason_code"] == code, case["explain"]
        return
    assert result["total"] == result["details"]["winner_gain"]
    for key in DETAIL_KEYS:
        if key in expect:
            assert result["details"][key] == expect[key], f"{key}: {case['explain']}"
    if "items" in expect:
        got = {i["id"]: (i["points"], i["count"]) for i in result["items"]}
        assert set(got) == {it["item"] for it in expect["items"]}, case["explain"]
        for it in expect["items"]:
            assert got[it["item"]][0] == it["points"], it
            if "count" in it:
                assert got[it["item"]][1] == it["count"], it


def test_fixture_coverage():
    ids = {c["id"] for c in CASES}
    assert {f"W{i}" for i in range(1, 18) if i != 14} | {"W14a", "W14b"} <= ids
    assert len([c for c in CASES if not c["id"].startswith("W")]) >= 25
    codes = {c["expect"].get("error") for c in CASES}
    assert set(RANK) | INVALID_CODES <= codes


def test_item_ids_are_in_the_table():
    variant = get("fuzhou")
    table = {i.id for i in variant.items}
    for case in CASES:
        try:
            result = _via_library(case)
        except HandError:
            continue
        assert {i["id"] for i in result["items"]} <= table
        assert {e["id"] for e in result["excluded"]} <= table


def test_error_message_and_position():
    with pytest.raises(HandError) as err:
        score("fuzhou", "[123m]456m789m234p55s67sE", {"wild": "9p"})
    assert err.value.code == "honour_in_hand" and err.value.position == 24
    res = client.post("/v1/score", json={"variant": "fuzhou", "hand": "123m", "context": {"wild": "9p"}})
    assert res.status_code == 422 and res.json()["error"]["code"] == "tile_count"


def test_options_listed_and_echoed():
    desc = next(v for v in client.get("/v1/variants").json()["variants"] if v["id"] == "fuzhou")
    options = {o["name"]: o for o in desc["rules"]["options"]}
    assert {"golds_as_flowers", "stack_bonuses", "discard_payers", "dealer_points", "dealer_points_flow",
            "flower_kong_points", "running_gold_shape", "three_golds_on_discard",
            "bonus_doubles_discard"} <= set(options)
    assert all(o["description"] for o in options.values())
    assert desc["rules"]["default_preset"] == "spec"
    r = score("fuzhou", "125m456p789p234s66s789s", {"wild": "5m", "seat_wind": "S", "discarder": "N"})
    assert r.rules["preset"] == "spec" and r.rules["golds_as_flowers"] is False


W8 = ("123m789m33678p456s456s", {"wild": "3p", "flowers": "7f2z3z", "seat_wind": "N", "discarder": "S"})


@pytest.mark.parametrize(("rules", "payments"), [
    ({"bonus_doubles_discard": False}, {"S": -63, "N": 63}),               # no doubling on a discard: 3*1 + 60
    ({"discard_payers": "all_for_bonus"}, {"E": -66, "S": -66, "W": -66, "N": 198}),  # all three pay
    ({"flower_kong_points": 2}, {"S": -66, "N": 66}),                      # no flower kong here
])
def test_rule_options_on_w8(rules, payments):
    r = score("fuzhou", *W8, rules=rules)
    assert {k: v for k, v in r.payments.items() if v} == payments


def test_dealer_point_options():
    hand, ctx = "[345p]123m678m22m456s789s", {"wild": "1p", "flowers": "8f3z", "self_draw": True,
                                              "seat_wind": "N", "dealer_streak": 3}
    assert score("fuzhou", hand, ctx, {"dealer_points_flow": "winner_always"}).payments == \
        {"E": -10, "S": -10, "W": -10, "N": 30}
    assert score("fuzhou", hand, ctx, {"dealer_points_flow": "dealer_wins_only"}).payments == \
        {"E": -4, "S": -4, "W": -4, "N": 12}
    assert score("fuzhou", hand, ctx, {"dealer_points": "streak_plus_one"}).payments == \
        {"E": -12, "S": -4, "W": -4, "N": 20}
    assert score("fuzhou", hand, ctx, {"dealer_points": "flat"}).payments == {"E": -6, "S": -4, "W": -4, "N": 14}


def test_flower_kong_option_and_stacking():
    hand = "123m123m456p789p55s34s5s"
    ctx = {"wild": "8m", "flowers": "1z1z1z1z1f2f3f4f6z", "seat_wind": "W", "discarder": "E", "dealer_streak": 1}
    r = score("fuzhou", hand, ctx, {"flower_kong_points": 2})  # F = 9 - 2 - 2 = 5
    assert r.details["flower_points"] == 5 and r.payments["W"] == 6
    # W11 with stacking: 金雀 60 + 三金倒 40
    r = score("fuzhou", "123m456m789m12p567s222s", {"wild": "2s", "flowers": "3f", "self_draw": True,
                                                    "seat_wind": "E"}, {"stack_bonuses": True})
    assert r.details["bonus_points"] == 100 and r.total == 3 * 102


def test_running_gold_options():
    hand, ctx = "123m456m234p567p789s8m3s", {"wild": "8m", "flowers": "2f", "seat_wind": "S", "discarder": "W"}
    assert score("fuzhou", hand, ctx, {"running_gold_shape": "off"}).valid
    # W8 under "any gold": removing one gold leaves 5 sets with the other gold wild → running gold
    r = score("fuzhou", *W8, rules={"running_gold_shape": "any_gold"})
    assert not r.valid and r.details["reason_code"] == "you_jin_discard"
    r = score("fuzhou", "[234m]159m134p7p7p2589s9s7p", {"wild": "7p", "seat_wind": "W", "discarder": "S",
                                                         "win_tile": "9s"}, {"three_golds_on_discard": True})
    assert r.valid and r.details["bonus"] == "three_golds" and r.payments == {"E": 0, "S": -50, "W": 50, "N": 0}


def test_helpers():
    assert flower_counts((27, 27, 27, 27, -1, -2, -3, -4, -5)) == (9, 2)
    assert flower_counts((27, 27, 27, -5, -6, -7)) == (6, 0)
    c = [0] * 27
    for k in (0, 1, 2, 0, 1, 2, 9, 9, 9):
        c[k] += 1
    assert _sets_only(tuple(c))
    c[26] = 1
    assert not _sets_only(tuple(c))


def test_cli_readable_table():
    res = run_cli(["fuzhou", "[123p]456m789m234s99s56p4p", "--wild", "9s", "--self-draw",
                                       "--seat", "S", "--dealer-streak", "2"])
    assert res.exit_code == 0, res.output
    assert "Golden bird" in res.output and "金雀" in res.output and "total 214" in res.output


def test_batch_route():
    lines = [{"variant": "fuzhou", "hand": c["hand"], "context": c["context"]} for c in CASES[:5]]
    res = client.post("/v1/score/batch", json=lines)
    assert res.status_code == 200 and [b["total"] for b in res.json()] == [3, 24, 54, 18, 14]


def test_four_golds_are_searched():
    """The worst case (timed in bench/wilds.py): four golds in 17 tiles, every assignment tried."""
    golden = score("fuzhou", "5556667778889m4m4m4m4m", {"wild": "4m", "rob_gold": True})
    assert golden.valid and golden.details["bonus"] == "golden_bird"
    loose = score("fuzhou", "356m15788p24899s4m4m4m4m", {"wild": "4m", "rob_gold": True})
    assert not loose.valid and loose.details["reason_code"] == "not_winning"


SUITED = [f"{r}{s}" for s in "mps" for r in range(1, 10)]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    tiles=st.lists(st.sampled_from(SUITED), min_size=17, max_size=17),
    wild=st.sampled_from(SUITED),
    flowers=st.lists(st.sampled_from(["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f", "E", "S", "P", "C"]),
                     max_size=8),
    self_draw=st.booleans(), rob=st.booleans(), you_jin=st.booleans(),
    seat=st.sampled_from("ESWN"), discarder=st.sampled_from("ESWN"), streak=st.integers(0, 4),
    base=st.integers(1, 3),
)
def test_property(tiles, wild, flowers, self_draw, rob, you_jin, seat, discarder, streak, base):
    ctx = {"wild": wild, "flowers": "".join(flowers), "self_draw": self_draw, "rob_gold": rob,
           "you_jin": you_jin, "seat_wind": seat, "dealer_streak": streak, "base": base}
    if not self_draw and not rob:
        ctx["discarder"] = discarder
    try:
        r = score("fuzhou", "".join(tiles), ctx)
    except HandError:
        return
    assert sum(r.payments.values()) == 0
    if not r.valid:
        assert r.total == 0 and r.reason and not any(r.payments.values())
    else:
        assert r.total == r.payments[seat] > 0


def test_cli_batch(tmp_path):
    lines = [{"variant": "fuzhou", "hand": c["hand"], "context": c["context"]} for c in CASES[:3]]
    lines.append({"variant": "fuzhou", "hand": "125m", "context": {"wild": "5m"}})
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    res = run_cli(["batch", str(src)])
    assert res.exit_code == 0, res.output
    out = [orjson.loads(line) for line in res.output.splitlines() if line.strip()]
    assert [o.get("total") for o in out[:3]] == [3, 24, 54]
    assert out[3]["error"]["code"] == "tile_count"


def test_three_golds_partition_lists_loose_tiles():
    r = score("fuzhou", "[234m]159m134p7p7p2589s9s7p", {"wild": "7p", "self_draw": True, "seat_wind": "W"})
    assert r.partition == ["[234m]", "159m134p25899s", "777p"]
