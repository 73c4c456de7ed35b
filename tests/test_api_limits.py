"""The HTTP service's contract on hostile or careless input: JSON only, strict types, every value
bounded, a clear error object with a stable code, security headers on every answer."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api import limits
from api.app import app
from scorer import engine, referee, registry
from scorer.errors import HandError

MJSCORE = str(Path(sys.executable).with_name("mjscore"))

client = TestClient(app)
HAND = "[123m]456789m555pCC"
MCR = {"variant": "mcr", "hand": HAND, "context": {"self_draw": True, "seat_wind": "S"}}


def post(path: str, body: object, **kw) -> object:
    return client.post(path, content=json.dumps(body), headers={"content-type": "application/json"}, **kw)


def error_of(res) -> dict:
    err = res.json()["error"]
    assert err["errors"] and err["message"] == err["errors"][0]["message"]
    return err


# --- JSON only ------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/v1/score", "/v1/score/batch", "/v1/waits", "/v1/parse"])
@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                                   None, "application/jsonx", "text/json"])
def test_only_json_bodies(path, ctype):
    # a page on another site can make a browser send text/plain or a form without asking first
    body = json.dumps([MCR] if path.endswith("batch") else MCR)
    headers = {"content-type": ctype} if ctype else {}
    res = client.post(path, content=body, headers=headers)
    assert res.status_code == 415
    assert error_of(res)["code"] == "unsupported_media_type"


def test_json_with_charset_is_json():
    res = client.post("/v1/score", content=json.dumps(MCR), headers={"content-type": "Application/JSON; charset=utf-8"})
    assert res.status_code == 200 and res.json()["total"] == 19


@pytest.mark.parametrize(("raw", "code"), [
    (b'{"variant": "mcr", "hand": "[123m]456789m555pCC", "hand": "11m"}', "duplicate_key"),
    (b'{"variant": "mcr", "hand": "[123m]456789m555pCC", "context": {"self_draw": true, "self_draw": false}}',
     "duplicate_key"),
    (b'{"variant": "mcr", "hand": "[123m]456789m555pCC", "context": {"flowers": NaN}}', "bad_json"),
    (b'{"variant": "mcr", "hand": "[123m]456789m555pCC", "context": {"flowers": Infinity}}', "bad_json"),
    (b'{"variant": "mcr", "hand": "\\ud800"}', "bad_json"),
    (b'{"variant": "mcr", "hand": "\xff"}', "bad_json"),
    (b'\xef\xbb\xbf{"variant": "mcr", "hand": "11m"}', "bad_json"),
    (b"[" * 100_000, "body_too_large"),
    (b"[" * 50_000, "bad_json"),
    (b'{"variant": "mcr", "hand": "11m", "claim": [1' + b"0" * 5000 + b"]}", "bad_json"),
])
def test_malformed_json(raw, code):
    res = client.post("/v1/score", content=raw, headers={"content-type": "application/json"})
    assert res.status_code == (413 if code == "body_too_large" else 422)
    assert error_of(res)["code"] == code


def test_batch_rejects_repeated_keys_anywhere():
    raw = b'[{"variant": "mcr", "hand": "11m"}, {"variant": "mcr", "variant": "mcr", "hand": "11m"}]'
    res = client.post("/v1/score/batch", content=raw, headers={"content-type": "application/json"})
    assert res.status_code == 422 and error_of(res)["code"] == "duplicate_key"


# --- strict types ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "context"), [
    ("mcr", {"self_draw": "yes"}), ("mcr", {"self_draw": 1}), ("mcr", {"last_tile": "true"}),
    ("mcr", {"flowers": True}), ("mcr", {"flowers": "2"}), ("mcr", {"flowers": 2.5}),
    ("shanxi", {"declared": "yes", "self_draw": True}), ("shanxi", {"dealer": "false", "self_draw": True}),
    ("shanxi", {"kong_from": {"8s": {"declared": "no"}}, "self_draw": True}),
    ("hebei", {"self_draw": "on"}), ("nantong", {"indicators": ["2s", "3m"], "ready": "1"}),
    ("huangyan", {"wild": "5m", "self_draw": 0}), ("fuzhou", {"wild": "5s", "you_jin": "yes"}),
])
def test_booleans_and_integers_are_json_ones(variant, context):
    hands = {"mcr": HAND, "shanxi": "[222m]345s678s11z56p4p", "hebei": "234s456s678s555p22p",
             "nantong": "222456789m222s68s123567p99p7s", "huangyan": "[789m]123p456p99s24s3s",
             "fuzhou": "123m456m789m123p456p77p"}
    res = post("/v1/score", {"variant": variant, "hand": hands[variant], "context": context})
    assert res.status_code == 422, res.text
    assert error_of(res)["code"] not in ("unprocessable", "internal_error")


@pytest.mark.parametrize("body", [
    {**MCR, "explain": "yes"}, {**MCR, "explain": 1}, {**MCR, "claim": [True]}, {**MCR, "claim": [1.5]},
    {**MCR, "rules": {"minimum": "8"}}, {**MCR, "rules": {"knitted_straight_waits": "no"}},
    {**MCR, "rules": {"preset": ["helper"]}}, {**MCR, "variant": ["mcr"]}, {**MCR, "dialect": "Helper"},
])
def test_request_fields_are_strict(body):
    res = post("/v1/score", body)
    assert res.status_code == 422, res.text
    assert error_of(res)["code"] in ("bad_request", "bad_rules", "bad_context", "unknown_variant")


def test_integral_numbers_are_integers():
    # JSON has one number type: 2.0 is the integer 2, as JSON Schema counts it
    res = client.post("/v1/score", content=b'{"variant": "mcr", "hand": "[123m]456789m555pCC", '
                      b'"context": {"flowers": 2.0}, "claim": [21.0]}', headers={"content-type": "application/json"})
    assert res.status_code == 200
    assert res.json()["verdict"]["claimed_total"] == 21 and res.json()["total"] == 20


# --- every value bounded ------------------------------------------------------------------------------

BOUNDED = [
    # (request, code)
    ({**MCR, "claim": ["pure_straight"] * (101)}, "too_many"),
    ({**MCR, "claim": ["x" * 65]}, "input_too_long"),
    ({**MCR, "claim": [2**53]}, "out_of_range"),
    ({**MCR, "variant": "m" * 65}, "input_too_long"),
    ({**MCR, "rules": "h" * 65}, "input_too_long"),
    ({**MCR, "context": {f"k{i}": 1 for i in range(65)}}, "too_many"),
    ({**MCR, "context": {"win_tile": "5" * 17}}, "input_too_long"),
    ({**MCR, "rules": {"minimum": 1001}}, "out_of_range"),
    ({**MCR, "context": {"nested": [[[[[[[1]]]]]]]}}, "too_many"),
    ({**MCR, "context": {"x" * 65: 1}}, "input_too_long"),
    ({"variant": "fuzhou", "hand": "123m456m789m123p456p77p", "context": {"wild": "5s", "flowers": ["1f"] * 41}},
     "too_many"),
    ({"variant": "fuzhou", "hand": "123m456m789m123p456p77p", "context": {"wild": "5s", "flowers": "1f" * 101}},
     "input_too_long"),
    ({"variant": "fuzhou", "hand": "123m456m789m123p456p77p", "context": {"wild": ["5s"] * 5}}, "too_many"),
    ({"variant": "fuzhou", "hand": "123m456m789m123p456p77p", "context": {"wild": "5s", "base": 10_001}},
     "out_of_range"),
    ({"variant": "fuzhou", "hand": "123m456m789m123p456p77p", "context": {"wild": "5s", "dealer_streak": 10**30}},
     "out_of_range"),
    ({"variant": "huangyan", "hand": "[789m]123p456p99s24s3s", "context": {"wild": "5m", "bombs": {"S": 101}}},
     "out_of_range"),
    ({"variant": "huangyan", "hand": "[789m]123p456p99s24s3s", "context": {"wild": "5m", "bullets": 101}},
     "out_of_range"),
    ({"variant": "huangyan", "hand": "[789m]123p456p99s24s3s", "context": {"wild": "5m", "dealer_streak": 101}},
     "out_of_range"),
    ({"variant": "huangyan", "hand": "[789m]123p456p99s24s3s", "context": {"wild": "5m", "others": {"S": " " * 2001}}},
     "input_too_long"),
    ({"variant": "huangyan", "hand": "[789m]123p456p99s24s3s", "context": {"wild": "5m"},
      "rules": {"side_payment_rate": 1001}}, "out_of_range"),
    ({"variant": "shanxi", "hand": "[222m]345s678s11z56p4p",
      "context": {"self_draw": True, "kong_from": {f"{i}s": {"seat": "S"} for i in range(1, 10)}}}, "too_many"),
    ({"variant": "shanxi", "hand": "[222m]345s678s11z56p4p", "context": {"self_draw": True, "dealer_bonus": 1001}},
     "out_of_range"),
    ({"variant": "shanxi", "hand": "[222m]345s678s11z56p4p", "context": {"self_draw": True, "indicators": ["5m"] * 9}},
     "too_many"),
    ({"variant": "nantong", "hand": "222456789m222s68s123567p99p7s",
      "context": {"indicators": ["2s", "3m"], "others": ["1m"] * 9}}, "too_many"),
    ({"variant": "nantong", "hand": "222456789m222s68s123567p99p7s", "context": {"indicators": ["2s" * 9, "3m"]}},
     "input_too_long"),
    ({"variant": "nope", "hand": HAND, "context": {"x": "y" * 65}}, "input_too_long"),
]


@pytest.mark.parametrize(("body", "code"), BOUNDED, ids=[f"{b['variant']}-{c}-{i}" for i, (b, c) in enumerate(BOUNDED)])
def test_every_value_is_bounded(body, code):
    res = post("/v1/score", body)
    assert res.status_code == 422, res.text
    assert error_of(res)["code"] == code, res.text
    if body["variant"] in registry.ids():
        # the same limit inline in a batch, and on /v1/waits where the request has the field
        batch = post("/v1/score/batch", [body]).json()
        assert batch[0]["error"]["code"] == code


def test_the_bounds_hold_in_the_library_too():
    # a batch line or a library caller gets the same bounds (by the request model)
    answer = engine.score_raw({**MCR, "claim": ["x"] * 101})
    assert "101" in answer["error"]["message"]


def test_every_front_end_answers_a_limit_with_its_code(tmp_path):
    # HTTP, the library and `mjscore batch` (full and compact) read a request the same way
    lines = tmp_path / "bounded.jsonl"
    lines.write_text("".join(json.dumps(body) + "\n" for body, _ in BOUNDED), encoding="utf-8")
    wanted = [code for _, code in BOUNDED]
    assert [engine.score_raw(body)["error"]["code"] for body, _ in BOUNDED] == wanted
    for extra in ([], ["--compact"]):
        out = subprocess.run([MJSCORE, "batch", str(lines), *extra], capture_output=True, timeout=120, check=True)
        assert [json.loads(line)["error"]["code"] for line in out.stdout.splitlines()] == wanted


def test_huge_request_of_the_probe_is_refused_at_once():
    # the probe: a 2 MiB Shanxi explain with 165,000 claim items ran 178 s
    body = {"variant": "shanxi", "hand": "4555666777m9p9p9p9p", "context": {"wild": "9p", "self_draw": True},
            "explain": True, "claim": ["清一色"] * 165_000}
    res = post("/v1/score", body)
    assert res.status_code == 413 and error_of(res)["code"] == "body_too_large"
    res = post("/v1/score", {**body, "claim": ["清一色"] * 1000})
    assert res.status_code == 422 and error_of(res)["code"] == "too_many"


def test_the_heaviest_request_within_the_limits_answers():
    names = [i.name for i in registry.get("shanxi").items]
    body = {"variant": "shanxi", "hand": "4555666777m9p9p9p9p", "context": {"wild": "9p", "self_draw": True},
            "explain": True, "claim": (names * 100)[:99] + [32]}
    assert len(json.dumps(body)) < limits.MAX_BODY_BYTES
    res = post("/v1/score", body)
    assert res.status_code == 200
    assert len(res.json()["readings"]) > 800 and len(res.json()["verdict"]["items"]) == 99


def test_body_limits():
    res = client.post("/v1/score", content=b" " * (limits.MAX_BODY_BYTES + 1), headers={"content-type": "application/json"})
    assert res.status_code == 413 and error_of(res)["code"] == "body_too_large"
    batch = [MCR] * limits.MAX_BATCH
    assert limits.MAX_BODY_BYTES < len(json.dumps(batch)) < limits.MAX_BATCH_BODY_BYTES
    res = post("/v1/score/batch?view=compact", batch)
    assert res.status_code == 200 and len(res.json()) == limits.MAX_BATCH
    res = post("/v1/score/batch", [MCR] * (limits.MAX_BATCH + 1))
    assert res.status_code == 413 and error_of(res)["code"] == "batch_too_large"


def test_totals_stay_exact_in_javascript():
    # every integer of the context and rules at its maximum: totals and payments stay below 2**53
    # (the referee page reads them as JavaScript numbers)
    top = {
        "fuzhou": ("123m123m456p789p55s34s5s", {"wild": "8m", "flowers": "1z1z1z1z1f2f3f4f6z", "discarder": "E",
                                                "seat_wind": "W", "dealer_streak": 100, "base": 10_000},
                   {"flower_kong_points": 100}),
        "huangyan": ("[123m][456p]789s234s5p5p", {"wild": "9p", "seat_wind": "E", "self_draw": True, "bullets": 100,
                                                  "dealer_streak": 100, "bombs": {"S": 100, "W": 100, "N": 100}},
                     {"lazi_limit": 100_000, "side_payment_rate": 1000, "all_pungs_points": 100}),
        "shanxi": ("[222m]345s678s11z56p4p", {"seat_wind": "N", "self_draw": True, "dealer_bonus": 1000},
                   {"thirteen_orphans_factor": 64}),
        "mcr": (HAND, {"self_draw": True, "flowers": 8}, {"minimum": 0}),
    }
    for variant, (hand, context, rules) in top.items():
        res = post("/v1/score", {"variant": variant, "hand": hand, "context": context, "rules": rules})
        assert res.status_code == 200, res.text
        body = res.json()
        assert body["valid"], body
        assert abs(body["total"]) < 2**53 and all(abs(p) < 2**53 for p in body["payments"].values())


# --- waits report what score reports ---------------------------------------------------------------

@pytest.mark.parametrize("flowers", ["xyz", "1f1f", "EEEEE"])
def test_waits_reports_a_bad_context_as_score_does(flowers):
    context = {"wild": "5s", "flowers": flowers}
    score = post("/v1/score", {"variant": "fuzhou", "hand": "123m456m789m123p456p77p", "context": context})
    waits = post("/v1/waits", {"variant": "fuzhou", "hand": "123m456m789m123p456p7p", "context": context})
    assert score.status_code == waits.status_code == 422
    assert error_of(waits)["code"] == error_of(score)["code"]
    assert error_of(waits)["message"] == error_of(score)["message"]


@pytest.mark.parametrize(("variant", "hand", "win", "context"), [
    ("shanxi", "[222m]345s678s11z56p", "4p", {"seat_wind": "N", "self_draw": True, "discarder": "E"}),
    ("shanxi", "[222m]345s678s11z56p", "4p", {"seat_wind": "E", "discarder": "E"}),
    ("mcr", "[123m]456789m555pC", "C", {"seat_wind": "S", "self_draw": True, "discarder": "E"}),
    ("mcr", "[123m]456789m555pC", "C", {"seat_wind": "S", "discarder": "S"}),
    ("hebei", "234s456s678s555p2p", "2p", {"seat_wind": "E", "self_draw": True, "discarder": "S"}),
])
def test_waits_refuse_a_context_the_variant_refuses(variant, hand, win, context):
    # the context contradicts itself: score refuses it whatever the winning tile, and so do waits
    score = post("/v1/score", {"variant": variant, "hand": hand + win, "context": context})
    waits = post("/v1/waits", {"variant": variant, "hand": hand, "context": context})
    assert score.status_code == waits.status_code == 422, waits.text
    assert error_of(waits)["code"] == error_of(score)["code"]
    assert error_of(waits)["message"] == error_of(score)["message"]


@pytest.mark.parametrize("context", [{}, {"seat_wind": "N"}, {"seat_wind": "N", "self_draw": True},
                                     {"seat_wind": "N", "discarder": "E"}])
def test_waits_under_a_context_the_variant_takes_still_answer(context):
    res = post("/v1/waits", {"variant": "shanxi", "hand": "[222m]345s678s11z56p", "context": context})
    assert res.status_code == 200 and res.json()["waits"], res.text


# --- one code per problem, whichever entry point --------------------------------------------------

ILL_TYPED = [
    ({"hand": 123}, "hand"), ({"hand": ["1m"]}, "hand"), ({"context": "self_draw"}, "context"),
    ({"context": [1]}, "context"), ({"dialect": 5}, "dialect"), ({"variant": 5}, "variant"),
    ({"hand": 7, "context": "x"}, "hand"),
]


@pytest.mark.parametrize(("wrong", "field"), ILL_TYPED)
def test_an_ill_typed_request_gets_one_code_from_library_batch_and_http(wrong, field):
    score = {"variant": "mcr", "hand": "[123m]456789m555pCC", "context": {}, **wrong}
    waits = {**score, "hand": wrong.get("hand", "[123m]456789m555pC")}

    def library(fn, req) -> list[tuple[str, str]]:
        with pytest.raises(HandError) as err:
            fn(req["variant"], req["hand"], req["context"], None, req.get("dialect"))
        return [(p.code, p.message) for p in err.value.problems]

    http = [(e["code"], e["message"]) for e in error_of(post("/v1/score", score))["errors"]]
    many = [(e["code"], e["message"]) for e in engine.score_many([score])[0]["error"]["errors"]]
    assert library(engine.score, score) == many == http
    assert http[0][0] == "bad_request" and http[0][1].startswith(field + ":")
    assert len(http) == len(wrong)  # every problem at once
    http_waits = [(e["code"], e["message"]) for e in error_of(post("/v1/waits", waits))["errors"]]
    assert library(referee.waits, waits) == http_waits


def test_waits_of_a_good_context_still_answer():
    res = post("/v1/waits", {"variant": "fuzhou", "hand": "123m456m789m123p456p7p",
                             "context": {"wild": "5s", "flowers": "1f2f"}})
    assert res.status_code == 200 and res.json()["waits"]


# --- security headers ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("method", "path", "status"), [
    ("GET", "/", 200), ("GET", "/static/app.js", 200), ("GET", "/static/tiles/1m.svg", 200), ("GET", "/healthz", 200),
    ("GET", "/v1/variants", 200), ("GET", "/openapi.json", 200), ("GET", "/nowhere", 404),
    ("POST", "/v1/score", 200), ("POST", "/v1/parse", 422), ("DELETE", "/v1/score", 405),
])
def test_security_headers_on_every_answer(method, path, status):
    res = client.request(method, path, content=json.dumps(MCR) if method == "POST" else None,
                         headers={"content-type": "application/json"})
    assert res.status_code == status
    csp = res.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'none'" in csp and "script-src 'self'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert res.headers["x-content-type-options"] == "nosniff"
    assert res.headers["referrer-policy"] == "no-referrer"
    assert res.headers["x-frame-options"] == "DENY"


def test_the_docs_pages_allow_their_viewer_only():
    # the viewers are served from the package: the docs work offline and name no other site
    for path, viewer in (("/docs", "/static/swagger/swagger-ui-bundle.js"), ("/redoc", "/static/redoc/redoc.standalone.js")):
        res = client.get(path)
        assert res.status_code == 200 and "/openapi.json" in res.text and viewer in res.text
        assert "http" not in res.text.split("<body>")[-1]
        csp = res.headers["content-security-policy"]
        assert "http" not in csp and "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        asset = client.get(viewer)
        assert asset.status_code == 200 and len(asset.content) > 100_000
        assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
        assert res.headers["x-content-type-options"] == "nosniff"


def test_the_page_needs_nothing_its_csp_refuses():
    # the referee page: no inline script or style, nothing from another origin
    page = client.get("/").text
    assert "<script>" not in page and "<style" not in page and " style=" not in page and "http" not in page
    script = client.get("/static/app.js").text
    assert "eval(" not in script and "new Function" not in script and "http" not in script


def test_a_batch_answer_is_bounded(monkeypatch):
    monkeypatch.setattr(limits, "MAX_BATCH_ANSWER_BYTES", 1_000_000)
    heavy = {"variant": "shanxi", "hand": "4555666777m9p9p9p9p", "context": {"wild": "9p", "self_draw": True},
             "explain": True}
    res = post("/v1/score/batch", [MCR, heavy, heavy])
    assert res.status_code == 422 and error_of(res)["code"] == "answer_too_large"
    assert "request 3" in error_of(res)["message"]
    assert post("/v1/score/batch", [MCR, heavy]).status_code == 200
