"""The HTTP service through FastAPI's TestClient: answers, error shapes, never a 500."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from api.app import app
from scorer import registry

client = TestClient(app)
HAND = "[123m]456789m555pCC"


def test_healthz_and_openapi():
    assert client.get("/healthz").json()["status"] == "ok"
    spec = client.get("/openapi.json").json()
    assert {"/v1/score", "/v1/score/batch", "/v1/parse", "/v1/variants", "/healthz"} <= set(spec["paths"])


def test_score_answers_a_result():
    res = client.post("/v1/score", json={"variant": "mcr", "hand": HAND,
                                         "context": {"self_draw": True, "seat_wind": "S"}})
    assert res.status_code == 200
    body = res.json()
    assert body["total"] == 19 and body["valid"] is True
    assert body["hand"] == HAND and body["version"]
    assert sum(body["payments"].values()) == 0


def test_not_winning_is_a_normal_answer():
    res = client.post("/v1/score", json={"variant": "mcr", "hand": "123456789m123p5s9s"})
    assert res.status_code == 200
    assert res.json()["valid"] is False and res.json()["total"] == 0
    assert "not a winning hand" in res.json()["reason"]


@pytest.mark.parametrize(("body", "code", "position"), [
    ({"variant": "mcr", "hand": "123m4x5p"}, "unknown_character", 5),
    ({"variant": "mcr", "hand": HAND, "context": {"bogus": 1}}, "unknown_field", None),
    ({"variant": "mcr", "hand": HAND, "bogus": 1}, "unknown_field", None),
    ({"variant": "nope", "hand": HAND}, "unknown_variant", None),
    ({"variant": "mcr", "hand": HAND, "context": {"self_draw": True, "kong_win": True}}, "contradiction", None),
    ({"variant": "mcr", "hand": "x" * 20000}, "input_too_long", 200),
    ({"hand": HAND}, "bad_request", None),
])
def test_bad_input_is_422_with_every_problem(body, code, position):
    res = client.post("/v1/score", json=body)
    assert res.status_code == 422
    err = res.json()["error"]
    assert err["code"] == code and err["position"] == position
    assert err["errors"] and err["message"] == err["errors"][0]["message"]

@pytest.mark.parametrize(("route", "body", "messages"), [
    # a field the request does not have is told with the hand's, the context's and the rules' problems
    ("/v1/score", {"variant": "riichi", "hand": "123m0x", "extra": 2, "context": {"seat_wind": "X", "bogus": 1},
                   "rules": {"aka": "yes"}},
     ["unknown character 'x'", "digits '0' are not followed by a suit letter (m p s z f)",
      "3 tiles found; a winning hand holds 14", "unknown field 'extra'",
      "context.seat_wind: 'X' is not one of 'E', 'S', 'W', 'N'", "unknown field 'context.bogus'",
      "rules.aka: 'yes' is not a boolean (true or false)"]),
    ("/v1/score", {"variant": "nope", "hand": HAND, "extra": 2},
     ["unknown field 'extra'", f"unknown variant 'nope' (known: {', '.join(registry.ids())})"]),
    ("/v1/score", {"variant": "mcr", "hand": "1m", "context": {"flowers": 9}},
     ["1 tile found; a winning hand holds 14", "context.flowers: 9 is out of range (from 0 to 8)"]),
    # the hand is read as the route reads it: one tile short for the waits, short or full for efficiency
    ("/v1/waits", {"variant": "mcr", "hand": "123m45567p23789s", "context": {"flowers": 9}},
     ["context.flowers: 9 is out of range (from 0 to 8)"]),
    ("/v1/waits", {"variant": "mcr", "hand": "123m45567p23789s1m", "context": {"flowers": 9}},
     ["14 tiles found; an idle hand holds 13", "context.flowers: 9 is out of range (from 0 to 8)"]),
    ("/v1/efficiency", {"variant": "mcr", "hand": "123m45567p23789s", "context": {"flowers": 9}},
     ["context.flowers: 9 is out of range (from 0 to 8)"]),
    ("/v1/efficiency", {"variant": "mcr", "hand": "123m45567p23789s5s", "extra": 1}, ["unknown field 'extra'"]),
    # a bad context or rules value does not hide a bad hand, nor one the other
    *[(route, {"variant": "mcr", "hand": "123m4x", "context": {"seat_wind": "X"}, "rules": "nope"},
       ["unknown character 'x'", "digits '4' are not followed by a suit letter (m p s z f)",
        "3 tiles found; an idle hand holds 13", "context.seat_wind: 'X' is not one of 'E', 'S', 'W', 'N'",
        "unknown rule preset 'nope' for mcr (known: helper, mcr1998)"]) for route in ("/v1/waits", "/v1/efficiency")],
])
def test_every_problem_of_a_request_at_once(route, body, messages):
    res = client.post(route, json=body)
    assert res.status_code == 422
    assert [e["message"] for e in res.json()["error"]["errors"]] == messages



@pytest.mark.parametrize("raw", [b"", b"{", b"[]", b"null", b'"x"', b'{"variant": 3, "hand": []}'])
def test_garbage_bodies_never_500(raw):
    res = client.post("/v1/score", content=raw, headers={"content-type": "application/json"})
    assert res.status_code == 422
    assert "error" in res.json()


def test_batch_inline_errors():
    res = client.post("/v1/score/batch", json=[
        {"variant": "mcr", "hand": HAND},
        {"variant": "mcr", "hand": "0m"},
        "not an object",
    ])
    assert res.status_code == 200
    a, b, c = res.json()
    assert a["total"] == 18
    assert b["error"]["code"] in ("zero_rank", "tile_count")
    assert c["error"]["code"] == "bad_request"


def test_parse_endpoint():
    res = client.post("/v1/parse", json={"variant": "mcr", "hand": "11122233344455m"})
    assert res.status_code == 200
    assert len(res.json()["partitions"]) == 4
    res = client.post("/v1/parse", json={"variant": "mcr", "hand": "[124m]"})
    assert res.status_code == 422 and res.json()["error"]["position"] == 0


def test_variants_lists_mcr_with_context_presets_and_fans():
    mcr = next(v for v in client.get("/v1/variants").json()["variants"] if v["id"] == "mcr")
    fields = {f["name"]: f for f in mcr["context"]}
    assert fields["seat_wind"]["default"] == "E" and fields["flowers"]["default"] == 0
    assert set(mcr["rules"]["presets"]) == {"helper", "mcr1998"}
    assert len(mcr["items"]) == 82
    straight = next(i for i in mcr["items"] if i["id"] == "pure_straight")
    assert straight["name_zh"] == "清龙" and straight["points"] == 16
    assert straight["doc"] == "docs/rules/mcr.md#pure-straight"
