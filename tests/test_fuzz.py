"""Fuzzing every registered variant (bounded, seeded): arbitrary text and random parsed hands with
valid contexts never raise anything but HandError, and every result keeps the invariants:
payments sum to zero, an invalid hand totals 0, every item comes from the variant's item table."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest
from conftest import FIXTURES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import options, registry, score
from scorer.errors import HandError
from scorer.tiles import tile_name

VARIANTS = registry.variants()
FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.large_base_example,
                                     HealthCheck.data_too_large])


def _fixture_cases(variant_id: str) -> list[dict[str, Any]]:
    """The variant's fixture cases that are not errors (docs: CONTRIBUTING.md#adding-a-variant)."""
    cases = json.loads((FIXTURES / variant_id / "cases.json").read_text(encoding="utf-8"))
    return [c for c in cases if "error" not in c.get("expect", {})]


def _fixture_contexts(variant_id: str) -> list[dict[str, Any]]:
    contexts = []
    for c in _fixture_cases(variant_id):
        ctx = {k: v for k, v in (c.get("context") or {}).items() if k not in ("win_tile", "others", "exhausted")}
        contexts.append(ctx)
    return contexts or [{}]


def _fixture_valid_case(variant_id: str) -> tuple[str, dict[str, Any]]:
    """A fixture hand that scores as a valid win, with its context (for the unknown-field checks)."""
    for c in _fixture_cases(variant_id):
        if c.get("expect", {}).get("valid") and c.get("hand"):
            return c["hand"], c.get("context") or {}
    raise AssertionError(f"{variant_id} has no valid fixture")


CONTEXTS = {vid: _fixture_contexts(vid) for vid in VARIANTS}


def _randomised(draw, variant: registry.Variant, base: dict[str, Any]) -> dict[str, Any]:
    ctx = dict(base)
    for name, info in options.context_fields(variant).items():
        if info.annotation in (bool, bool | None) and draw(st.integers(0, 3)) == 0:
            ctx[name] = draw(st.booleans())
        choices = [a for a in get_args(info.annotation) if isinstance(a, str)]
        literal = getattr(info.annotation, "__origin__", None) is None and choices
        if literal and draw(st.integers(0, 3)) == 0:
            ctx[name] = draw(st.sampled_from(choices))
    return ctx


@st.composite
def hands(draw, variant: registry.Variant) -> str:
    """A hand of the right size for the variant: mostly built from sets and a pair, else random."""
    kinds = sorted(k for k in variant.notation.kinds)
    n_sets = variant.notation.n_sets
    counts: dict[int, int] = {}
    tiles: list[int] = []

    def take(group: list[int]) -> bool:
        if any(counts.get(k, 0) + group.count(k) > 4 for k in set(group)):
            return False
        for k in group:
            counts[k] = counts.get(k, 0) + 1
        tiles.extend(group)
        return True

    structured = draw(st.booleans())
    attempts = 0
    while len(tiles) < 3 * n_sets and attempts < 60:
        attempts += 1
        k = draw(st.sampled_from(kinds))
        if structured and k < 27 and k % 9 <= 6 and (k + 2) in kinds and draw(st.booleans()):
            take([k, k + 1, k + 2])
        elif structured:
            take([k, k, k])
        else:
            take([k])
    while len(tiles) < 3 * n_sets + 2:
        k = draw(st.sampled_from(kinds))
        take([k, k] if structured and len(tiles) <= 3 * n_sets else [k])
    tiles = tiles[: 3 * n_sets + 2]
    order = draw(st.permutations(tiles))
    return "".join(tile_name(k) if k >= 27 else f"{k % 9 + 1}{'mps'[k // 9]}" for k in order)


def _check_invariants(variant: registry.Variant, result) -> None:
    assert sum(result.payments.values()) == 0, result.payments
    if not result.valid:
        assert result.total == 0
    table = {i.id for i in variant.items}
    assert {i.id for i in result.items} <= table, {i.id for i in result.items} - table
    expected = variant.total_of(result) if result.valid else None
    assert expected is None or result.total == expected, (
        result.total, expected, [(i.id, i.points, i.factor, i.count) for i in result.items])


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_items_recompute_the_total_on_every_fixture(variant_id):
    checked = 0
    for case in _fixture_cases(variant_id):
        try:
            result = score(variant_id, case["hand"], case["context"], case.get("rules"))
        except HandError:
            continue
        _check_invariants(VARIANTS[variant_id], result)
        checked += result.valid
    assert checked >= 1  # a variant's fixtures hold at least one valid win (CONTRIBUTING.md)


# MCR's random hands run on the pure-Python twins too (its evaluator is the one with a compiled twin)
@pytest.mark.parametrize("variant_id", [pytest.param(v, marks=pytest.mark.twin) if v == "mcr" else v
                                        for v in sorted(VARIANTS)])
@FUZZ
@given(data=st.data())
def test_score_never_crashes_and_keeps_invariants(variant_id, data):
    variant = VARIANTS[variant_id]
    ctx = _randomised(data.draw, variant, data.draw(st.sampled_from(CONTEXTS[variant_id])))
    hand = data.draw(hands(variant))
    try:
        result = score(variant_id, hand, ctx)
    except HandError:
        return
    _check_invariants(variant, result)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
@FUZZ
@given(text=st.text(alphabet=st.sampled_from(list("0123456789mpszfESWNCFPQBH[](){}<>, x")) | st.characters(),
                    max_size=60))
def test_arbitrary_text_only_raises_hand_error(variant_id, text):
    ctx = CONTEXTS[variant_id][0]
    try:
        result = score(variant_id, text, ctx)
    except HandError:
        return
    _check_invariants(VARIANTS[variant_id], result)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_unknown_fields_rejected_for_every_variant(variant_id):
    from fastapi.testclient import TestClient

    from api.app import app

    client = TestClient(app)
    hand, ctx = _fixture_valid_case(variant_id)
    assert client.post("/v1/score", json={"variant": variant_id, "hand": hand, "context": ctx}).status_code == 200
    res = client.post("/v1/score", json={"variant": variant_id, "hand": hand, "context": {**ctx, "bogus": 1}})
    assert res.status_code == 422
    assert any("bogus" in e["message"] for e in res.json()["error"]["errors"])
    res = client.post("/v1/score", json={"variant": variant_id, "hand": hand, "context": ctx, "bogus": 1})
    assert res.status_code == 422 and res.json()["error"]["code"] == "unknown_field"
    res = client.post("/v1/score", json={"variant": variant_id, "hand": "1m" * 10000, "context": ctx})
    assert res.status_code == 422


def test_limits_answer_413():
    from fastapi.testclient import TestClient

    from api.app import app
    from api.limits import MAX_BATCH, MAX_BODY_BYTES

    client = TestClient(app)
    res = client.post("/v1/score/batch", json=[{"variant": "mcr", "hand": "123m"}] * (MAX_BATCH + 1))
    assert res.status_code == 413 and res.json()["error"]["code"] == "batch_too_large"
    res = client.post("/v1/score", content=b"x" * (MAX_BODY_BYTES + 1), headers={"content-type": "application/json"})
    assert res.status_code == 413 and res.json()["error"]["code"] == "body_too_large"
