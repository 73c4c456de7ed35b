"""The fast lane of POST /v1/score (api.lane): a plain request the compiled full path takes is
answered on the event loop, with the same status, headers and bytes as the checked path's; every
other request goes the checked way (request model, scoring thread, time budget) and gets its answer.

Most tests stand a compiled path in (the checked path's own Result, or one that takes anything),
for every variant, to see the lane taken or not, and compare it with the checked path;
``test_the_real_compiled_path_answers_as_the_checked_path`` does the same with the real ones."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import api.routes.scoring
from api import lane
from api.app import app
from scorer import engine, registry
from scorer.errors import HandError
from scorer.jsonio import dumps
from scorer.request import ScoreRequest, plain_request, validated

client = TestClient(app)
MCR_FULL_PATH = registry.get("mcr").full_fast() is not None  # none under MJSCORE_PURE=1 (the twins alone)
HAND = "[123m]456789m555pCC"
MCR = {"variant": "mcr", "hand": HAND, "context": {"self_draw": True, "seat_wind": "S"}}

PLAIN = [
    MCR,
    {"variant": "mcr", "hand": HAND},
    {"variant": "mcr", "hand": HAND, "context": {}},
    {"variant": "mcr", "hand": HAND, "context": {"self_draw": True}, "rules": None},
    {"variant": "mcr", "hand": HAND, "context": {"flowers": 2, "seat_wind": "W", "round_wind": "S"}},
    {"variant": "mcr", "hand": HAND, "context": {"self_draw": False}, "rules": "mcr1998"},
    {"variant": "mcr", "hand": HAND, "rules": {"preset": "helper"}},
    {"variant": "mcr", "hand": "123456789m123p5s9s"},  # not a win: a normal answer
    {"variant": "mcr", "hand": "11m22m33m44m55m66m77m", "context": {"self_draw": True}},
    {"variant": "mcr", "hand": "[NNN]77789m11888p7m"},
    {"variant": "mcr", "hand": "19m19p19sESWNCFP E", "context": {"seat_wind": "E"}},
    {"rules": None, "context": {"seat_wind": "N"}, "hand": "[123m]456789m555pCC", "variant": "mcr"},
    {"variant": "hebei", "hand": "234s456s678s555p22p", "context": {"self_draw": True}},
]


def post(body: Any) -> Any:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    return client.post("/v1/score", content=raw, headers={"content-type": "application/json"})


def answer_of(res: Any) -> tuple[int, list[tuple[str, str]], bytes]:
    return res.status_code, sorted(res.headers.items()), res.content


@pytest.fixture
def routed(monkeypatch) -> list[Any]:
    """The requests the route (the checked way) scored."""
    seen: list[Any] = []
    score = api.routes.scoring._score

    def counted(request: Any, declined: Any = None) -> bytes:
        seen.append(request)
        return score(request, declined)

    monkeypatch.setattr(api.routes.scoring, "_score", counted)
    return seen


def use_fast(monkeypatch, fast: Any) -> None:
    """``fast`` in the place of ``engine.compiled``, for the lane and for ``engine.score`` (whose
    cache of the variants' compiled paths is emptied, so that it asks ``compiled``)."""
    monkeypatch.setattr(engine, "_FULL_PATHS", {})
    monkeypatch.setattr(engine, "compiled", fast)


def checked_path_only(monkeypatch) -> None:
    use_fast(monkeypatch, lambda variant, hand, context, rules: engine.COMPILED_DECLINED)


def stand_in(monkeypatch) -> list[tuple]:
    """``engine.compiled`` answering what the checked path answers (as a compiled path must), for
    the requests whose hand it reads; the calls it answered, listed."""
    answered: list[tuple] = []

    def fast(variant: Any, hand: Any, context: Any, rules: Any) -> Any:
        try:
            result = engine.score_checked(variant, hand, context, rules)
        except HandError:
            return engine.COMPILED_DECLINED
        answered.append((variant, hand, context, rules))
        return result

    use_fast(monkeypatch, fast)
    return answered


@pytest.mark.parametrize("body", PLAIN, ids=range(len(PLAIN)))
def test_the_lane_answers_as_the_checked_path(body, monkeypatch, routed):
    checked_path_only(monkeypatch)
    expected = answer_of(post(body))
    assert expected[0] == 200 and len(routed) == 1
    answered = stand_in(monkeypatch)
    got = post(body)
    assert answer_of(got) == expected
    assert len(answered) == 1 and len(routed) == 1  # answered by the lane: the route never saw it
    assert got.headers["content-security-policy"].startswith("default-src 'none'")


def test_the_real_compiled_path_answers_as_the_checked_path(monkeypatch, routed):
    # the real engine.compiled: the lane where it answers, the checked way where it declines
    real = [answer_of(post(body)) for body in PLAIN]
    taken = len(PLAIN) - len(routed)
    checked_path_only(monkeypatch)
    assert real == [answer_of(post(body)) for body in PLAIN]
    if MCR_FULL_PATH:
        assert taken >= sum(body["variant"] == "mcr" for body in PLAIN) - 2
    else:
        assert taken == 0


def test_the_readme_hand_takes_the_lane(routed):
    res = post(MCR)
    assert res.status_code == 200 and res.json()["total"] == 19
    assert len(routed) == (0 if MCR_FULL_PATH else 1)


def test_the_same_bytes_differently_written(monkeypatch, routed):
    # spaces, key order, 2.0 for 2: the same request, the same answer
    body = b'{ "context" : {"flowers": 2.0, "self_draw": true}, "hand": "[123m]456789m555pCC", "variant": "mcr" }'
    checked_path_only(monkeypatch)
    expected = answer_of(post(body))
    answered = stand_in(monkeypatch)
    assert answer_of(post(body)) == expected and len(answered) == 1 and len(routed) == 1


def grabbing(monkeypatch) -> list[Any]:
    """A compiled path that would answer anything (none may be so careless): the lane's own checks
    are all that stand between a bad request and a 200. What the lane answered, listed (a Declined:
    it handed the request to the route)."""
    canned = engine.score_checked(MCR["variant"], MCR["hand"], MCR["context"])
    in_lane = False
    use_fast(monkeypatch, lambda *request: canned if in_lane else engine.COMPILED_DECLINED)
    answers: list[Any] = []
    answer = lane.answer

    def spy(raw: Any) -> Any:
        nonlocal in_lane
        in_lane = True
        try:
            answers.append(answer(raw))
        finally:
            in_lane = False
        return answers[-1]

    monkeypatch.setattr(lane, "answer", spy)
    return answers


# requests the request model refuses, or that ask for more than the compiled path gives. (A context
# the model takes but the variant's context refuses, {"self_draw": "yes"}, is the compiled path's
# to decline: the checked path hands it the same values before reading the context itself.)
CHECKED_WAY = [
    ({**MCR, "bogus": 1}, 422, "unknown_field"),
    ({**MCR, "explain": True}, 200, None),
    ({**MCR, "explain": False}, 200, None),
    ({**MCR, "claim": ["pure_straight", 19]}, 200, None),
    ({**MCR, "dialect": "helper"}, 200, None),
    ({**MCR, "dialect": "Helper"}, 422, "bad_request"),
    ({**MCR, "explain": "yes"}, 422, "bad_request"),
    ({**MCR, "variant": ["mcr"]}, 422, "bad_request"),
    ({**MCR, "variant": "m" * 65}, 422, "input_too_long"),
    ({**MCR, "hand": None}, 422, None),
    ({**MCR, "hand": ["1m"]}, 422, "bad_request"),
    ({"variant": "mcr", "context": {}}, 422, "bad_request"),
    ({"hand": HAND}, 422, "bad_request"),
    ({**MCR, "context": None}, 422, "bad_request"),
    ({**MCR, "context": [1]}, 422, "bad_request"),
    ({**MCR, "context": {f"k{i}": 1 for i in range(65)}}, 422, "too_many"),
    ({**MCR, "context": {"win_tile": "5" * 17}}, 422, "input_too_long"),
    ({**MCR, "context": {"flowers": 9}}, 422, "out_of_range"),
    ({**MCR, "context": {"nested": [[[[[[[1]]]]]]]}}, 422, "too_many"),
    ({**MCR, "context": {"x" * 65: 1}}, 422, "input_too_long"),
    ({**MCR, "rules": "h" * 65}, 422, "input_too_long"),
    ({**MCR, "rules": {"minimum": 1001}}, 422, "out_of_range"),
    ({**MCR, "rules": {"preset": ["helper"]}}, 422, "bad_rules"),
    ({**MCR, "rules": 5}, 422, "bad_rules"),
    ({**MCR, "rules": {f"o{i}": 1 for i in range(65)}}, 422, "too_many"),
    ({"variant": "nope", "hand": HAND, "context": {"x": "y" * 65}}, 422, "input_too_long"),
    ({"variant": "fuzhou", "hand": "123m456m789m123p456p77p", "context": {"wild": "5s", "base": 10_001}}, 422,
     "out_of_range"),
    ([MCR], 422, "bad_request"),
    ("mcr", 422, "bad_request"),
]


@pytest.mark.parametrize(("body", "status", "code"), CHECKED_WAY, ids=range(len(CHECKED_WAY)))
def test_any_other_request_goes_the_checked_way(body, status, code, monkeypatch, routed):
    checked_path_only(monkeypatch)
    expected = answer_of(post(body))
    assert expected[0] == status
    if code is not None:
        assert json.loads(expected[2])["error"]["code"] == code
    answers = grabbing(monkeypatch)
    assert answer_of(post(body)) == expected
    assert answers == [engine.NOT_PLAIN]  # handed to the route, which scores it by the checked path


@pytest.mark.parametrize("raw", [
    b"", b"{", b'{"variant": "mcr", "hand": "[123m]456789m555pCC", "hand": "11m"}', b'{"variant": "mcr", "hand": "\xff"}',
    b'{"variant": "mcr", "hand": "\\ud800"}', b"[" * 50_000, b'{"variant": "mcr", "hand": "11m", "context": {"flowers": NaN}}',
])
def test_a_body_that_is_not_json_is_answered_by_the_route(raw, monkeypatch):
    checked_path_only(monkeypatch)
    expected = answer_of(post(raw))
    assert expected[0] == 422
    answers = grabbing(monkeypatch)
    assert answer_of(post(raw)) == expected and answers == []  # not JSON: never asked


@pytest.mark.parametrize("headers", [{"content-type": "text/plain"}, {}, {"content-type": "application/json",
                                                                         "content-length": "70000"}])
def test_headers_the_route_refuses(headers, monkeypatch):
    answers = grabbing(monkeypatch)
    res = client.post("/v1/score", content=json.dumps(MCR), headers=headers)
    if "content-length" in headers:  # what the client claims is refused before reading (TestClient sends 70000)
        assert res.status_code == 413
    else:
        assert res.status_code == 415 and res.json()["error"]["code"] == "unsupported_media_type"
    assert answers == [] and res.headers["x-content-type-options"] == "nosniff"


def test_a_fault_in_the_compiled_path_is_answered_by_the_route(monkeypatch, routed):
    def broken(*request: Any) -> Any:
        raise RuntimeError("a bug")

    use_fast(monkeypatch, broken)
    res = TestClient(app, raise_server_exceptions=False).post("/v1/score", json=MCR)
    # the route meets the same fault in its thread: the last guard answers 422, never a 5xx
    assert res.status_code == 422 and res.json()["error"]["code"] == "unprocessable" and len(routed) == 1


def test_only_post_v1_score():
    # other methods and paths are the router's, as before
    assert client.get("/v1/score").status_code == 405
    assert client.post("/v1/score/", content=json.dumps(MCR), headers={"content-type": "application/json"},
                       follow_redirects=False).status_code in (307, 404)


# --- the lane's own check is at least as strict as the request model ------------------------------

VALUES = {
    "variant": ["mcr", "hebei", "nope", "m" * 64, "m" * 65, "", None, 3, ["mcr"], True],
    "hand": [HAND, "", "x" * 3000, None, 5, ["1m"], True],
    "context": [{}, {"self_draw": True}, {"flowers": 2}, {"flowers": 9}, {"flowers": 2.5}, {"self_draw": "yes"},
                {"win_tile": "5" * 17}, {"x" * 65: 1}, {f"k{i}": 1 for i in range(65)}, {"n": [[[[[[[1]]]]]]]},
                None, [], "self_draw", 0],
    "rules": [None, "helper", "h" * 64, "h" * 65, {}, {"preset": "helper"}, {"preset": 5}, {"minimum": 1001},
              {f"o{i}": 1 for i in range(65)}, 5, [], True],
    "explain": [False, True, "yes", None],
    "claim": [None, [], ["pure_straight"]],
    "dialect": [None, "helper", "Helper"],
    "bogus": [1],
}


def test_what_the_lane_lets_through_the_model_accepts_as_it_is():
    rng = random.Random(16)
    through = 0
    for _ in range(4000):
        raw = {name: rng.choice(values) for name, values in VALUES.items()
               if rng.random() < (0.9 if name in ("variant", "hand", "context", "rules") else 0.1)}
        request = plain_request(raw)
        if request is None:
            continue
        through += 1
        model = validated(ScoreRequest, raw)  # raises HandError if the lane let a bad request through
        assert (model.variant, model.hand, model.context, model.rules) == request
        assert model.explain is False and model.claim is None and model.dialect is None
    assert through > 50


def test_every_combination_of_the_plain_fields():
    for variant, hand, context, rules in itertools.product(VALUES["variant"], VALUES["hand"], VALUES["context"],
                                                           VALUES["rules"]):
        raw = {"variant": variant, "hand": hand, "context": context, "rules": rules}
        request = plain_request(raw)
        try:
            model = validated(ScoreRequest, raw)
        except HandError:
            assert request is None, raw
            continue
        if request is not None:
            assert (model.variant, model.hand, model.context, model.rules) == request


def test_the_lane_writes_what_dumps_writes_also_for_what_orjson_refuses(monkeypatch):
    result = engine.score_checked(MCR["variant"], MCR["hand"], MCR["context"])
    result.warnings = ["a lone surrogate \ud800"]  # orjson refuses it; dumps writes it as an escape
    result.payments = {**result.payments, 7: 0}  # a key that is not a string
    use_fast(monkeypatch, lambda *request: result)
    assert lane.answer(MCR) == dumps(result)
    assert b"\\ud800" in dumps(result)
