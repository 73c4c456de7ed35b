"""MCR fixtures through the library, the CLI and the API.

fixtures/mcr/spec_examples.json: every worked example of the MCR rule specification this variant was
written from (extracted by tools/extract_mcr_examples.py), with the reference's fan list.
fixtures/mcr/cases.json: hand-written referee cases with one-line explanations.
"""

from __future__ import annotations

import json
from collections import Counter

import fixture_routes
import pytest
from conftest import FIXTURES
from fastapi.testclient import TestClient

from api.app import app
from scorer.errors import HandError

SPEC = json.loads((FIXTURES / "mcr" / "spec_examples.json").read_text(encoding="utf-8"))
REFEREE_PATH = FIXTURES / "mcr" / "cases.json"
REFEREE = json.loads(REFEREE_PATH.read_text(encoding="utf-8")) if REFEREE_PATH.exists() else []
client = TestClient(app)


def _fans(result: dict) -> Counter:
    return Counter((i["id"], i["points"], i["count"]) for i in result["items"])


ROUTES = fixture_routes.routes("mcr")
_via_library = ROUTES["library"]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", SPEC, ids=[f"{c['id']}:{c['hand']}" for c in SPEC])
def test_spec_example(case, route):
    if case.get("expect_error"):
        if route == "library":
            with pytest.raises(HandError) as err:
                _via_library(case)
            assert err.value.code == case["expect_error"]
        else:
            assert "error" in ROUTES[route](case)
        return
    result = ROUTES[route](case)
    expected = Counter(tuple(f) for f in case["expect_fans"])
    assert _fans(result) == expected, case["note"]
    assert result["details"]["fan_points"] + result["details"]["flowers"] == case["expect_points"]
    if case["expect_points"] - result["details"]["flowers"] >= 8:
        assert result["valid"] and result["total"] == case["expect_points"]
    else:
        assert not result["valid"] and result["total"] == 0


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", REFEREE, ids=[c["id"] for c in REFEREE])
def test_referee_case(case, route):
    expect = case["expect"]
    if "error" in expect:
        fixture_routes.assert_error(ROUTES, route, case, expect["error"])
        return
    result = ROUTES[route](case)
    if "fans" in expect:
        assert _fans(result) == Counter(tuple(f) for f in expect["fans"]), case["explain"]
    for key in ("total", "valid", "payments"):
        if key in expect:
            assert result[key] == expect[key], f"{key}: {case['explain']}"
    if "reason_contains" in expect:
        assert expect["reason_contains"] in (result["reason"] or "")
    for fan, by in expect.get("excluded_include", []):
        assert any(e["id"] == fan and e["by"] == by for e in result["excluded"]), (fan, by)


def test_there_are_enough_fixtures():
    assert len(SPEC) >= 190
    assert len(REFEREE) >= 40
