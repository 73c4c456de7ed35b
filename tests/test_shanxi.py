"""Shanxi Koudian (docs/rules/shanxi.md): fixtures through the library, the CLI and the API; unit tests of the
waits, the multiplier and the settlement; a bounded property over random hands and contexts."""

from __future__ import annotations

import json

import fixture_routes
import orjson
import pytest
from cli_runner import run_cli
from conftest import FIXTURES
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.app import app
from scorer import registry, score
from scorer.errors import HandError
from scorer.notation import parse_tile
from scorer.variants.shanxi import NOTATION, REASON_CODES
from scorer.variants.shanxi.evaluate import hand13_waits, pt, tiles_of
from scorer.variants.shanxi.items import ITEMS
from scorer.variants.shanxi.settle import relative_seat

CASES = json.loads((FIXTURES / "shanxi" / "cases.json").read_text(encoding="utf-8"))
client = TestClient(app)
ITEM_KEYS = ("id", "name_zh", "points", "factor", "count")


ROUTES = fixture_routes.routes("shanxi")
_via_library, _via_api, _via_cli = ROUTES["library"], ROUTES["api"], ROUTES["cli"]


def _check(result: dict, expect: dict, explain: str) -> None:
    for key in ("valid", "reason_code", "total", "point", "multiplier", "bao", "kongs", "payments"):
        if key in expect:
            assert result[key] == expect[key], f"{key}: {explain}"
    if "items" in expect:
        got = [{k: i[k] for k in ITEM_KEYS} for i in result["items"]]
        assert got == expect["items"], explain
    assert sum(result["payments"].values()) == 0
    assert set(result["payments"]) == {"E", "S", "W", "N"}
    if result["valid"]:
        d = result["details"]
        assert d["point"] == result["point"] and d["multiplier"] == result["multiplier"]
        assert d["bao"] == result["bao"] and d["kongs"] == result["kongs"]
        product = 1
        for it in result["items"]:
            product *= (it["points"] or 1) * it["factor"] ** it["count"]
        assert product == result["total"]
    else:
        assert result["total"] == 0 and result["items"] == [] and result["reason"]
        assert result["reason_code"] in REASON_CODES
        assert set(result["payments"].values()) == {0}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_fixture(case, route):
    expect = case["expect"]
    if "error" in expect:
        if route == "library":
            with pytest.raises(HandError) as err:
                _via_library(case)
            assert err.value.code == expect["error"], case["explain"]
        else:
            body = ROUTES[route](case)
            assert "error" in body
            if route == "api":
                assert body["error"]["code"] == expect["error"]
        return
    _check(ROUTES[route](case), expect, case["explain"])


def test_fixture_coverage():
    ids = [c["id"] for c in CASES]
    assert all(f"SW{i}" in ids for i in range(1, 18))
    assert len(ids) - 17 >= 20
    codes = {c["expect"].get("reason_code") for c in CASES} | {c["expect"].get("error") for c in CASES}
    assert set(REASON_CODES) <= codes
    assert {"invalid_hand", "invalid_context"} <= codes
    for c in CASES:
        assert set(c) <= {"id", "explain", "hand", "context", "rules", "expect"} and c["explain"]


def test_item_table_covers_emitted_ids():
    table = {i.id for i in ITEMS}
    for c in CASES:
        for it in c["expect"].get("items", []):
            assert it["id"] in table
    described = registry.get("shanxi").describe()
    assert [i["id"] for i in described["items"]] == [i.id for i in ITEMS]
    assert described["rules"]["default_preset"] == "spec"


def test_tile_points():
    assert [pt(parse_tile(t)) for t in ("1m", "5p", "9s", "E", "N", "C", "F", "P")] == [1, 5, 9, 10, 10, 10, 10, 10]


def test_relative_seats():
    assert relative_seat("W", 1) == "S" and relative_seat("W", 2) == "E" and relative_seat("W", 3) == "N"
    assert relative_seat("E", 1) == "N" and relative_seat("E", 3) == "S"


def _waits(text: str, wild: str | None = None) -> list[str]:
    from scorer.notation import parse
    from scorer.tiles import tile_name

    hand = parse(text, NOTATION)
    w = parse_tile(wild) if wild else None
    return [tile_name(k) for k in hand13_waits(tiles_of(hand, w, False), hand.win_tile)]


def test_waits_of_hand13():
    assert _waits("[222m]345s678s11z56p7p") == ["4p", "7p"]
    assert _waits("[999p]123s456s77m555z") == ["7m", "P"]
    # four held copies (melds included) are not a wait
    assert "7s" not in _waits("123s456s78s55s777s9s")
    # the mouse stays wild in hand13; a self-drawn mouse is removed from hand13
    assert _waits("123m456m789p22s67s5z", "5z") == ["5s", "8s"]
    assert _waits("123m456m789p4s6z22s3s", "6z") == ["2s", "3s", "4s", "5s", "6s"]


def test_wild_kind_counts_as_natural_wait():
    # hand13 = 1122m + ... + one mouse P; the mouse kind P itself (natural) completes a pung of P with it
    res = score("shanxi", "123m456m789p55z11s1s", {"seat_wind": "S", "self_draw": True, "wild": "5z"})
    assert "P" in res.details["waits"]
    off = score("shanxi", "123m456m789p55z11s1s", {"seat_wind": "S", "self_draw": True, "wild": "5z"},
                rules={"wild_kind_as_wait": False})
    assert "P" not in off.details["waits"]


def test_options_change_scores():
    hand, ctx = "[222m]345s678s11z56p7p", {"seat_wind": "S", "discarder": "W"}
    assert score("shanxi", hand, ctx, {"total_mode": "winner_gain"}).total == 21
    assert score("shanxi", hand, ctx, {"hu_point": "max_wait"}).total == 7
    r = score("shanxi", "[6666m]123p456p99s777z", {"seat_wind": "W", "discarder": "N"},
              {"baohu_includes_kongs": False})
    assert r.payments == {"E": -6, "S": -6, "W": 48, "N": -36}
    r = score("shanxi", "{5555z}(9999m)123p789p6s6s", {"seat_wind": "N", "discarder": "E",
                                                       "discarder_declared": True}, {"added_kong": "concealed"})
    assert r.payments["N"] == 3 * (6 + 20 + 18)
    r = score("shanxi", "{5555z}(9999m)123p789p6s6s", {"seat_wind": "N", "discarder": "E",
                                                       "discarder_declared": True}, {"kong_value": "fixed"})
    assert r.payments["N"] == 3 * (6 + 1 + 2)
    r = score("shanxi", hand, {"seat_wind": "S", "discarder": "W", "kong_win": True}, {"robbed_kong_as": "self_draw"})
    assert r.total == 14 and r.bao is None and r.payments["S"] == 42
    r = score("shanxi", "11m33m55p22s88s77p9p9p", {"seat_wind": "S", "self_draw": True, "wild": "5z"},
              {"mouse_no_bonus": "hand"})
    assert r.multiplier == 2
    r = score("shanxi", hand, {"seat_wind": "S", "discarder": "W", "declared": False}, {"require_declared": False})
    assert r.valid and r.bao == "W"
    r = score("shanxi", hand, {"seat_wind": "S", "discarder": "W", "declared": False},
              {"require_declared": False, "baohu_declaration": "winner"})
    assert r.bao == "W"
    r = score("shanxi", "[111z]45678s99p777m3s", {"seat_wind": "S", "self_draw": True}, {"declare_rule": "winning_tile"})
    assert r.reason_code == "declare_wait_too_low"
    r = score("shanxi", "19m19p19s1234567z9m", {"seat_wind": "E", "discarder": "N", "thirteen_orphans": True,
                                                "discarder_declared": True}, {"thirteen_orphans_factor": 4})
    assert r.total == 36


def test_rules_echo_and_presets():
    r = score("shanxi", "[222m]345s678s11z56p7p", {"seat_wind": "S", "self_draw": True})
    assert r.rules["preset"] == "spec" and r.rules["hu_point"] == "winning_tile"
    with pytest.raises(HandError):
        score("shanxi", "[222m]345s678s11z56p7p", {"seat_wind": "S", "self_draw": True}, {"nope": 1})


def test_hand_and_context_errors_reported_together():
    with pytest.raises(HandError) as err:
        score("shanxi", "[222m]345s678s11z56p", {"seat_wind": "X", "bogus": 1})
    codes = [p.code for p in err.value.problems]
    assert codes[0] == "invalid_hand" and "invalid_context" in codes


def test_cli_readable_output_and_batch(tmp_path):
    res = run_cli(["shanxi", "[7777p](1111z)234s88m567s", "--seat", "S", "--self-draw"])
    assert res.exit_code == 0 and "total 14" in res.output and "S +123" in res.output
    res = run_cli(["shanxi", "[222m]345s678s11z56p", "--seat", "S", "--self-draw"])
    assert res.exit_code == 2
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps({"variant": "shanxi", "hand": c["hand"], "context": c["context"],
                                         "rules": c.get("rules")}) for c in CASES[:5]) + "\nnot json\n")
    res = run_cli(["batch", str(src)])
    lines = [orjson.loads(x) for x in res.output.splitlines()]
    assert len(lines) == 6 and lines[0]["total"] == 7 and "error" in lines[-1]


def test_api_batch_and_variants():
    body = [{"variant": "shanxi", "hand": "[222m]345s678s11z56p7p", "context": {"seat_wind": "S", "discarder": "W"}},
            {"variant": "shanxi", "hand": "[222m]345s678s11z56p", "context": {}}]
    res = client.post("/v1/score/batch", json=body).json()
    assert res[0]["total"] == 7 and res[1]["error"]["code"] == "invalid_hand"
    variants = client.get("/v1/variants").json()["variants"]
    sx = next(v for v in variants if v["id"] == "shanxi")
    assert {o["name"] for o in sx["rules"]["options"]} >= {"hu_point", "baohu_includes_kongs", "mouse_no_bonus"}


# --- property: random hands, random contexts ---------------------------------------------------

_SUITED = [f"{r}{s}" for s in "mps" for r in range(1, 10)]
_TILES = _SUITED + list("ESWNCFP")


@st.composite
def _hands(draw):
    pool = [t for t in _TILES for _ in range(4)]
    melds = []
    n_melds = draw(st.integers(0, 2))
    for _ in range(n_melds):
        t = draw(st.sampled_from(_TILES))
        shape = draw(st.sampled_from(["pung", "kong", "added", "concealed"]))
        size = 3 if shape == "pung" else 4
        if pool.count(t) < size:
            continue
        for _ in range(size):
            pool.remove(t)
        melds.append({"pung": f"[{t * 3}]", "kong": f"[{t * 4}]", "added": "{" + t * 4 + "}",
                      "concealed": f"({t * 4})"}[shape])
    n = 14 - 3 * len(melds)
    concealed = draw(st.lists(st.sampled_from(sorted(set(pool))), min_size=n, max_size=n))
    return "".join(melds) + "".join(concealed)


_SEATS = st.sampled_from(["E", "S", "W", "N"])


@st.composite
def _contexts(draw):
    seat = draw(_SEATS)
    self_draw = draw(st.booleans())
    ctx = {"seat_wind": seat, "self_draw": self_draw}
    if not self_draw:
        ctx["discarder"] = draw(st.sampled_from([s for s in "ESWN" if s != seat]))
        ctx["discarder_declared"] = draw(st.booleans())
    if draw(st.booleans()):
        ctx["wild"] = draw(st.sampled_from(_TILES))
    ctx["kong_win"] = draw(st.booleans())
    ctx["dealer_bonus"] = draw(st.sampled_from([0, 5]))
    ctx["dian_gang_bao_gang"] = draw(st.booleans())
    ctx["thirteen_orphans"] = draw(st.booleans())
    return ctx


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(_hands(), _contexts())
def test_property_random_hands(hand, ctx):
    try:
        r = score("shanxi", hand, ctx)
    except HandError:
        return
    assert sum(r.payments.values()) == 0
    if not r.valid:
        assert r.total == 0 and all(v == 0 for v in r.payments.values())
    else:
        assert r.total > 0 and r.payments[ctx["seat_wind"]] >= 3 * r.total


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.sampled_from([c for c in CASES if c["expect"].get("valid")]), _SEATS, st.booleans())
def test_property_fixture_hands_in_other_seats(case, seat, declared):
    """Moving the winner or the discarder's declaration never breaks the zero sum."""
    ctx = dict(case["context"], seat_wind=seat, discarder_declared=declared)
    ctx.pop("kong_from", None)
    ctx["dian_gang_bao_gang"] = False
    if not ctx.get("self_draw"):
        ctx["discarder"] = next(s for s in "ESWN" if s != seat)
    try:
        r = score("shanxi", case["hand"], ctx, case.get("rules"))
    except HandError:
        return
    assert sum(r.payments.values()) == 0


def test_explain_lists_interpretations():
    r = score("shanxi", "123s456s78s55s777s9s", {"seat_wind": "W", "discarder": "S", "discarder_declared": True},
              explain=True)
    assert r.readings and sum(v.chosen for v in r.readings) == 1
    chosen = next(v for v in r.readings if v.chosen)
    assert chosen.total == r.total == 36
    assert all(v.total <= r.total for v in r.readings)
    mouse = score("shanxi", "11m33m55p22s88s7p6z8p8p",
                  {"seat_wind": "S", "discarder": "W", "discarder_declared": True, "wild": "6z"}, explain=True)
    assert all(v.total == 8 for v in mouse.readings)
    assert mouse.details["cancelled"] == ["qixiaodui"]


def test_claim_verdict():
    r = score("shanxi", "1111s33s55s77s99s88s", {"seat_wind": "N", "self_draw": True},
              claim=["qixiaodui", "haohua", "qingyise", "self_draw", "256"])
    assert r.verdict is not None and r.verdict.total_agrees
