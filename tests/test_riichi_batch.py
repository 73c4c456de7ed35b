"""Riichi lines through ``mjscore batch`` end to end (docs/batch.md): each answer line, full and
``--compact``, carries the figures ``scorer.score`` gives for the same request, on the differential
generator's seeded rows (every preset and rule option, contradictions included: those answer the
same error inline).
"""

from __future__ import annotations

import json
from typing import Any

import orjson
import pytest
from cli_runner import run_cli
from riichi_generator import generate

from scorer import HandError, score

ROWS = 400
SEED = 20261207


def _request(hand: str, ctx: dict[str, Any], rules: Any) -> dict[str, Any]:
    req: dict[str, Any] = {"variant": "riichi", "hand": hand, "context": ctx}
    if rules is not None:
        req["rules"] = rules
    return req


def _expected(req: dict[str, Any]) -> dict[str, Any]:
    try:
        return score("riichi", req["hand"], dict(req["context"]), req.get("rules")).as_dict()
    except HandError as err:
        return {"error": err.as_dict()}


@pytest.fixture(scope="module")
def answered(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[dict, dict, dict, dict]]:
    requests = [_request(*row) for row in generate(ROWS, SEED)]
    src = tmp_path_factory.mktemp("riichi_batch") / "in.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in requests), encoding="utf-8")
    runs = [run_cli(["batch", str(src), "--workers", "1", *extra]) for extra in ([], ["--compact"])]
    for ran in runs:
        assert ran.exit_code == 0, ran.output
    full, compact = ([orjson.loads(line) for line in ran.stdout.splitlines()] for ran in runs)
    assert len(full) == len(compact) == ROWS
    return [(req, _expected(req), f, c) for req, f, c in zip(requests, full, compact, strict=True)]


def test_the_full_answer_is_the_library_result(answered) -> None:
    errors = 0
    for req, expected, full, _ in answered:
        if "error" in expected:
            errors += 1
            assert full["error"]["code"] == expected["error"]["code"], req
            continue
        assert full == expected, req
    assert 0 < errors < ROWS / 4  # the generator's contradictions are in, and they are few


def test_the_compact_answer_has_the_library_figures(answered) -> None:
    for req, expected, _, compact in answered:
        if "error" in expected:
            assert compact["error"]["code"] == expected["error"]["code"], req
            continue
        items = [[i["id"], i["points"], i["factor"], i["count"]] for i in expected["items"]]
        assert (compact["valid"], compact["total"], compact["reason"], compact["items"], compact["payments"]) == (
            expected["valid"], expected["total"], expected["reason"], items, expected["payments"]), req
