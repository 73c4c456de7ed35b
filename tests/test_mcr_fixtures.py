"""MCR fixtures through the library, the CLI and the API.

fixtures/mcr/spec_examples.json: every worked example of mcr.md and mcr-fans.md (extracted by
tools/extract_mcr_examples.py), with the reference's fan list. fixtures/mcr/referee_cases.json:
hand-written referee cases with one-line explanations.
"""

from __future__ import annotations

import json
from collections import Counter

import orjson
import pytest
from conftest import FIXTURES
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api.app import app
from cli.main import app as cli_app
from scorer import score
from scorer.errors import HandError

SPEC = json.loads((FIXTURES / "mcr" / "spec_examples.json").read_text(encoding="utf-8"))
REFEREE_PATH = FIXTURES / "mcr" / "referee_cases.json"
REFEREE = json.loads(REFEREE_PATH.read_text(encoding="utf-8")) if REFEREE_PATH.exists() else []
client = TestClient(app)


def _fans(result: dict) -> Counter:
    return Counter((i["id"], i["points"], i["count"]) for i in result["items"])


def _via_library(case: dict) -> dict:
    return score("mcr", case["hand"], case["context"], case.get("rules")).model_dump(mode="json")


def _via_api(case: dict) -> dict:
    res = client.post("/v1/score", json={"variant": "mcr", "hand": case["hand"], "context": case["context"],
                                         "rules": case.get("rules")})
    body = res.json()
    assert res.status_code == (422 if "error" in body else 200)
    return body


def _via_cli(case: dict) -> dict:
    args = ["mcr", case["hand"], "--json"]
    for key, value in case["context"].items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            args.append(flag)
        elif value is not False:
            args += [flag, str(value)]
    if case.get("rules"):
        args += ["--rules", case["rules"] if isinstance(case["rules"], str) else json.dumps(case["rules"])]
    res = CliRunner().invoke(cli_app, args)
    if res.exit_code == 2:
        return {"error": {"message": res.output}}
    assert res.exit_code == 0, res.output
    return orjson.loads(res.output)


ROUTES = {"library": _via_library, "api": _via_api, "cli": _via_cli}


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
        if route == "library":
            with pytest.raises(HandError) as err:
                _via_library(case)
            assert err.value.code == expect["error"] or expect["error"] in {p.code for p in err.value.problems}
        else:
            assert "error" in ROUTES[route](case)
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
