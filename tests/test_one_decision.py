"""One decision per request: the compiled path or the checked path answers, the compiled path asked
at most once (``engine.decide``, ``engine.compiled``), whatever the entry point -- ``score``,
``score_request`` with a dict or a model, ``score_compact``, a batch, ``POST /v1/score`` through the
lane and the route. A decline is one notion (``engine.Declined``) with its reason named
(``engine.why_declined``). And what the compiled path applies of the rules is derived from
``MCRRules``: an option it does not apply is a named failure.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from conftest import PURE
from fastapi.testclient import TestClient

from scorer import engine, score, score_compact, score_many
from scorer.errors import HandError
from scorer.request import ScoreRequest, validated
from scorer.variants.mcr.compiled import DECLINE_REASONS, RULE_OPTIONS_READ, rules_contract_problems
from scorer.variants.mcr.context import MCRRules

FAST = importlib.import_module("scorer.variants.mcr.evaluate")._fast  # None under MJSCORE_PURE=1
needs_fast = pytest.mark.skipif(PURE, reason="compiled core only (MJSCORE_PURE=1 runs the twins)")

HAND = "[123m]456789m555pCC"
# the compiled paths leave each of these to the checked path: a flower written in the hand, a
# contradiction (a discarder on a self-draw), a context key no variant declares (the checked path
# names it)
DECLINED = [("1f[123m]456789m555pCC", {"self_draw": True}),
            (HAND, {"self_draw": True, "discarder": "W"}),
            (HAND, {"self_draw": True, "dealer": 1})]


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The hands the compiled full path was asked about (the real path, counted)."""
    seen: list[Any] = []
    full = engine._full_path("mcr")
    if full is None:
        pytest.skip("compiled core only (MJSCORE_PURE=1 runs the twins)")

    def counted(hand: Any, context: Any, rules: Any) -> Any:
        seen.append(hand)
        return full(hand, context, rules)

    monkeypatch.setitem(engine._FULL_PATHS, "mcr", counted)
    return seen


def answer_or_code(run: Any) -> Any:
    try:
        return run().as_dict()
    except HandError as err:
        return err.as_dict()["code"]


@pytest.mark.parametrize(("hand", "context"), DECLINED)
def test_a_declined_request_is_asked_once_by_every_entry(hand: str, context: dict, asked: list[Any]) -> None:
    raw = {"variant": "mcr", "hand": hand, "context": context}
    expected = answer_or_code(lambda: engine.score_checked("mcr", hand, context))
    runs = {
        "score": lambda: score("mcr", hand, context),
        "score_request(dict)": lambda: engine.score_request(dict(raw)),
        "score_request(model)": lambda: engine.score_request(validated(ScoreRequest, dict(raw))),
        "score_many": lambda: engine.score_many([dict(raw)])[0],
    }
    for name, run in runs.items():
        asked.clear()
        try:
            got = run()
            got = got["error"]["code"] if isinstance(got, dict) else got.as_dict()  # score_many: inline errors
        except HandError as err:
            got = err.as_dict()["code"]
        assert got == expected, name
        assert asked == [hand], name


@pytest.mark.parametrize(("hand", "context"), DECLINED[:2])
def test_the_compact_entries_never_ask_the_full_compiled_path(hand: str, context: dict, asked: list[Any]) -> None:
    # the compact C path reads the text and the context as the full one does: what it declines goes
    # to the checked path, not through a second compiled path
    try:
        score_compact("mcr", hand, context)
    except HandError:
        pass
    score_many([{"variant": "mcr", "hand": hand, "context": context}], view="compact")
    assert asked == []


def test_a_plain_request_the_compiled_path_takes_is_asked_once(asked: list[Any]) -> None:
    raw = {"variant": "mcr", "hand": HAND, "context": {"self_draw": True}}
    assert engine.score_request(dict(raw)) == engine.score_checked("mcr", HAND, {"self_draw": True})
    assert asked == [HAND]
    asked.clear()
    assert engine.decide({**raw, "explain": True}) is engine.NOT_PLAIN and asked == []


@pytest.mark.parametrize(("hand", "context"), DECLINED)
def test_http_a_request_the_lane_declines_is_not_asked_again_by_the_route(hand: str, context: dict,
                                                                         asked: list[Any]) -> None:
    from api.app import app

    res = TestClient(app).post("/v1/score", json={"variant": "mcr", "hand": hand, "context": context})
    expected = answer_or_code(lambda: engine.score_checked("mcr", hand, context))
    assert (res.json() if res.status_code == 200 else res.json()["error"]["code"]) == expected
    assert asked == [hand]  # by the lane; the route scored it by the checked path alone


def test_a_decline_says_why() -> None:
    assert engine.why_declined("mcr", HAND, {"self_draw": True}, {"explain": 1}) is not None
    if PURE:  # no compiled path: every request is the checked path's
        assert engine.why_declined("mcr", HAND, {}) == engine.NO_COMPILED_PATH.reason
        return
    assert engine.why_declined("mcr", HAND, {"self_draw": True}) is None
    assert engine.why_declined("mcr", HAND, {}, "mcr1998") is None
    assert engine.why_declined("mcr", HAND, {}, "no_such_preset") == DECLINE_REASONS[1]
    assert engine.why_declined("mcr", HAND, {"dealer": 1}) == DECLINE_REASONS[2]
    assert engine.why_declined("mcr", HAND, {"self_draw": "yes"}) == DECLINE_REASONS[2]
    assert engine.why_declined("mcr", "1f" + HAND, {}) == DECLINE_REASONS[3]
    assert engine.why_declined("mcr", HAND, {"self_draw": True, "discarder": "W"}) == DECLINE_REASONS[3]
    assert engine.why_declined("fuzhou", "123m456m789m123p456p77p", {"wild": "5s"}) == engine.NO_COMPILED_PATH.reason
    assert isinstance(engine.compiled("mcr", "1f" + HAND, {}, None), engine.Declined)


@needs_fast
def test_the_compiled_path_applies_every_declared_rule_option() -> None:
    """An option added to MCRRules without teaching the C path (compiled.RULE_OPTIONS_READ and the
    preset tables of _full_path.pxi) turns the path off: this test names the option."""
    assert FAST.DECLINED is None, FAST.DECLINED
    assert sorted(MCRRules.fields) == sorted(RULE_OPTIONS_READ)


def test_a_rule_option_the_compiled_path_does_not_apply_is_named() -> None:
    assert rules_contract_problems(RULE_OPTIONS_READ) == []
    assert rules_contract_problems(tuple(reversed(RULE_OPTIONS_READ))) == []  # read by name
    assert rules_contract_problems((*RULE_OPTIONS_READ, "dealer_repeats")) == [
        "MCRRules declares options the compiled path does not read: dealer_repeats"]
    assert rules_contract_problems(RULE_OPTIONS_READ[1:]) == [
        "the compiled path reads options MCRRules no longer declares: concealed_kong_and_melded_kong"]


def test_the_result_dict_is_the_plain_dataclass_walk() -> None:
    from scorer.jsonio import plain

    for hand, context in [(HAND, {"self_draw": True, "flowers": 2}), ("1f" + HAND, {})]:
        result = score("mcr", hand, context, explain=True, claim=["pure_straight"])
        assert result.as_dict() == plain(result)
        assert result.readings and result.verdict is not None
