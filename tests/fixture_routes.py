"""Run one fixture case through the library, the HTTP API or the CLI, and get the result as JSON.

Every variant's fixture test uses these three routes, so each case is checked the same way
everywhere a user can reach the scorer."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson
from cli_runner import run_cli
from fastapi.testclient import TestClient

from api.app import app
from scorer import options, registry, score

client = TestClient(app)
Route = Callable[[dict[str, Any]], dict[str, Any]]


def via_library(variant: str, case: dict[str, Any]) -> dict[str, Any]:
    return score(variant, case["hand"], case["context"], case.get("rules")).as_dict()


def via_api(variant: str, case: dict[str, Any]) -> dict[str, Any]:
    res = client.post("/v1/score", json={"variant": variant, "hand": case["hand"], "context": case["context"],
                                         "rules": case.get("rules")})
    body = res.json()
    assert res.status_code == (422 if "error" in body else 200), body
    return body


def cli_args(variant: str, case: dict[str, Any],
             format_dict: Callable[[dict[str, Any]], str] = json.dumps) -> list[str]:
    """The command line a user would type for the case: bools as --x / --no-x (or a value where the
    field also takes text), lists joined by ',' (by ';' when the items hold commas or brackets)."""
    fields = options.context_fields(registry.get(variant))
    args = [variant, "-" if case["hand"] is None else case["hand"], "--json"]
    for key, value in case["context"].items():
        flag = "--" + key.replace("_", "-")
        plain_bool = key in fields and fields[key].annotation in (bool, bool | None)
        if isinstance(value, bool) and plain_bool:
            args.append(flag if value else "--no-" + key.replace("_", "-"))
        elif isinstance(value, bool):
            args += [flag, str(value).lower()]
        elif value is None:
            continue
        elif isinstance(value, dict):
            args += [flag, format_dict(value)]
        elif isinstance(value, list):
            joiner = ";" if any(isinstance(v, str) and ("," in v or "[" in v) for v in value) or key == "others" else ","
            args += [flag, joiner.join(str(v) for v in value)]
        else:
            args += [flag, str(value)]
    rules = case.get("rules")
    if rules:
        args += ["--rules", rules if isinstance(rules, str) else json.dumps(rules)]
    return args


def via_cli(variant: str, case: dict[str, Any],
            format_dict: Callable[[dict[str, Any]], str] = json.dumps) -> dict[str, Any]:
    res = run_cli(cli_args(variant, case, format_dict))
    if res.exit_code == 2:  # with --json: the JSON error object on stdout, said here as the terminal says it
        errors = orjson.loads(res.stdout)["error"]["errors"]
        return {"error": {"message": "\n".join(f"error: {e['message']} [{e['code']}]" for e in errors)}}
    assert res.exit_code == 0, res.output
    return orjson.loads(res.output)


def routes(variant: str, format_dict: Callable[[dict[str, Any]], str] = json.dumps) -> dict[str, Route]:
    return {
        "library": lambda case: via_library(variant, case),
        "api": lambda case: via_api(variant, case),
        "cli": lambda case: via_cli(variant, case, format_dict),
    }


def assert_error(routes: dict[str, Route], route: str, case: dict[str, Any], code: str) -> None:
    """The case is bad input: the library raises HandError with ``code`` among its problems; the API
    and the CLI answer with an error."""
    import pytest

    from scorer.errors import HandError

    if route == "library":
        with pytest.raises(HandError) as err:
            routes["library"](case)
        assert err.value.code == code or code in {p.code for p in err.value.problems}, str(err.value)
    else:
        assert "error" in routes[route](case)
