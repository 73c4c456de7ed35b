"""Riichi fixtures (fixtures/riichi/cases.json) through the library, the HTTP API and the CLI, and
against the behaviour oracle.

Each case's ``expect`` was computed by hand from docs/rules/riichi.md: ``error`` (the code of a 422),
or ``valid``, ``reason``, ``total``, ``payments``, ``han``, ``fu``, ``limit``, ``yaku`` (id -> han scored,
dora aside), ``dora`` (kind -> tiles counted; for a "no yaku" hand the dora it would have had),
``riichi_sticks``, ``dealer`` and ``excluded_include`` ([id, by] pairs that must be in ``excluded``).
Every case the oracle can answer is also checked against it, so a hand-made expectation and the
oracle cannot drift apart unnoticed.
"""

from __future__ import annotations

import json

import fixture_routes
import pytest
from conftest import FIXTURES
from riichi_oracle import contradiction, oracle_result, parse_tiles

CASES = json.loads((FIXTURES / "riichi" / "cases.json").read_text(encoding="utf-8"))
ROUTES = fixture_routes.routes("riichi")
DORA_IDS = ("dora", "aka_dora", "ura_dora")


def _yaku(result: dict) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in result["items"]:
        if item["id"] not in DORA_IDS:
            out[item["id"]] = out.get(item["id"], 0) + item["points"] * item["count"]
    return out


def _dora(result: dict) -> dict[str, int]:
    if not result["valid"]:
        return {k: v for k, v in result["details"].get("dora", {}).items() if v}
    return {i["id"]: i["count"] for i in result["items"] if i["id"] in DORA_IDS}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_fixture(case, route):
    expect = case["expect"]
    if "error" in expect:
        fixture_routes.assert_error(ROUTES, route, case, expect["error"])
        if route == "api":
            body = ROUTES["api"](case)
            assert expect["error"] in {e["code"] for e in body["error"]["errors"]}, body
        return
    result = ROUTES[route](case)
    for key in ("valid", "reason", "total", "payments"):
        if key in expect:
            assert result[key] == expect[key], f"{key}: {case['explain']}"
    details = result["details"]
    for key in ("han", "fu", "limit", "riichi_sticks", "dealer"):
        if key in expect:
            assert details[key] == expect[key], f"{key}: {case['explain']}"
    if "yaku" in expect:
        assert _yaku(result) == expect["yaku"], case["explain"]
    if "dora" in expect:
        assert _dora(result) == expect["dora"], case["explain"]
    for item, by in expect.get("excluded_include", []):
        assert any(e["id"] == item and e["by"] == by for e in result["excluded"]), (item, by, result["excluded"])
    assert sum(result["payments"].values()) == 0
    if not result["valid"]:
        assert result["total"] == 0 and result["reason"]


@pytest.mark.parametrize("case", [c for c in CASES if "error" not in c["expect"]],
                         ids=[c["id"] for c in CASES if "error" not in c["expect"]])
def test_fixture_agrees_with_the_oracle(case):
    assert contradiction(case["hand"], case["context"]) is None
    o = oracle_result(case["hand"], case["context"], case.get("rules"))
    expect = case["expect"]
    assert o.valid == expect["valid"] and o.reason == expect.get("reason")
    if not o.valid:
        assert o.dora == expect.get("dora", o.dora)
        return
    assert (o.han, o.fu, o.limit, o.total, o.payments, o.yaku, o.dora) == (
        expect["han"], expect["fu"], expect["limit"], expect["total"], expect["payments"], expect["yaku"],
        expect["dora"]), case["explain"]


@pytest.mark.parametrize("case", [c for c in CASES if "error" in c["expect"]],
                         ids=[c["id"] for c in CASES if "error" in c["expect"]])
def test_error_fixtures_are_contradictions_or_bad_notation(case):
    """The oracle's bridge names the same contradiction (a notation error is not a context's, nor an
    indicator list that is no list of 0 to 5 tiles)."""
    if case["expect"]["error"] == "bad_context" and _indicators_readable(case["context"]):
        assert contradiction(case["hand"], case["context"]) is not None


def _indicators_readable(context: dict) -> bool:
    try:
        return all(len(parse_tiles(context.get(k, ""))) <= 5 for k in ("dora_indicators", "ura_dora_indicators"))
    except ValueError:
        return False


def test_there_are_enough_fixtures():
    valid = [c for c in CASES if c["expect"].get("valid")]
    errors = [c for c in CASES if "error" in c["expect"]]
    assert len(valid) >= 60 and len(errors) >= 18
    yaku = {y for c in valid for y in c["expect"]["yaku"]}
    from scorer import registry

    table = {i.id for i in registry.get("riichi").items} - set(DORA_IDS)
    assert table <= yaku, f"no fixture scores {sorted(table - yaku)}"


def test_equal_readings_are_told_apart_by_the_fu_before_rounding():
    """Three readings of 3 han 60 fu: the sanankou one with a pair wait (56 fu before rounding) is
    chosen over the same sets on a two-sided wait (54) and the sanshoku doukou one (52), in both
    twins, and the explanation says why."""
    from scorer import score

    result = score("riichi", "(7777p)777m4445677s7s", {"seat_wind": "W"}, "ema", explain=True)
    assert {i.id for i in result.items} == {"tanyao", "sanankou"}
    notes = {tuple(v.partition): v.note for v in result.readings}
    assert "has more fu before rounding (56 against 52)" in notes[("(7777p)", "777m", "456s", "777s", "44s")]
    chosen = [v for v in result.readings if v.chosen]
    assert len(chosen) == 1 and "has more fu before rounding (56 against 54)" in chosen[0].note
