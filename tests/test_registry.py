"""The variant registry drives the library, the CLI and the API (exercised with a test-only variant)."""

from __future__ import annotations

import orjson
import pytest
from fastapi.testclient import TestClient
from toy_variant import Toy

from scorer import registry, score
from scorer.errors import HandError

TOY_HAND = "[111m]222m333m456p11s55s5s"  # 17 tiles: pung meld + 4 sets + pair


@pytest.fixture()
def toy():
    variant = registry.register(Toy())
    yield variant
    registry.unregister("toy")


def test_library_scores_a_registered_variant(toy):
    r = score("toy", TOY_HAND, {"bonus": 2})
    # pungs: the meld 111m and 222m 333m 555s from the concealed part; + the bonus
    assert r.valid and r.total == 4 + 2
    assert [(i.id, i.points, i.count) for i in r.items] == [("pung", 1, 4), ("bonus", 2, 1)]
    assert r.rules == {"preset": "default", "pung_points": 1}


def test_rules_presets_and_overrides(toy):
    assert score("toy", TOY_HAND, rules="generous").rules["pung_points"] == 5
    r = score("toy", TOY_HAND, rules={"pung_points": 3})
    assert r.rules == {"preset": "default+custom", "pung_points": 3}
    with pytest.raises(HandError) as err:
        score("toy", TOY_HAND, rules="nope")
    assert err.value.code == "bad_rules"
    with pytest.raises(HandError) as err:
        score("toy", TOY_HAND, rules={"unknown_option": 1})
    assert err.value.code == "unknown_field"


def test_unknown_context_field_is_an_error(toy):
    with pytest.raises(HandError) as err:
        score("toy", TOY_HAND, {"bogus": True})
    assert err.value.code == "unknown_field"
    assert "bogus" in err.value.message


def test_variant_notation_profile_applies(toy):
    with pytest.raises(HandError) as err:
        score("toy", "[111m]222m333m456p11sEE5s")
    assert {p.code for p in err.value.problems} >= {"foreign_tile"}


def test_unknown_variant():
    with pytest.raises(HandError) as err:
        score("nope", "123m")
    assert err.value.code == "unknown_variant"


def test_cli_command_generated_from_context_model(toy):
    from cli_runner import run_cli

    res = run_cli(["toy", TOY_HAND, "--bonus", "4", "--seat", "S", "--tags", "a,b", "--json"])
    assert res.exit_code == 0, res.output
    body = orjson.loads(res.output)
    assert body["variant"] == "toy" and body["payments"]["S"] == body["total"]
    res = run_cli(["toy", TOY_HAND, "--bonus", "-1"])
    assert res.exit_code == 2
    assert "bonus" in res.output
    res = run_cli(["toy", "--help"])
    assert "--self-draw" in res.output and "--bonus" in res.output and "--seat" in res.output


def test_api_generated_from_registry(toy):
    from api.app import create_app

    client = TestClient(create_app())
    variants = client.get("/v1/variants").json()["variants"]
    toy_desc = next(v for v in variants if v["id"] == "toy")
    assert {f["name"] for f in toy_desc["context"]} == {"self_draw", "bonus", "seat_wind", "tags"}
    assert toy_desc["rules"]["presets"]["generous"] == {"pung_points": 5}
    assert [i["id"] for i in toy_desc["items"]] == ["pung", "bonus"]
    res = client.post("/v1/score", json={"variant": "toy", "hand": TOY_HAND, "context": {"bonus": 1}})
    assert res.status_code == 200 and res.json()["valid"] is True
    res = client.post("/v1/score", json={"variant": "toy", "hand": TOY_HAND, "context": {"nope": 1}})
    assert res.status_code == 422 and "nope" in res.json()["error"]["message"]


def test_registry_is_complete_when_first_used_from_many_threads():
    """Regression: threads serving the first requests saw a half-filled registry ("unknown variant")."""
    import importlib
    import threading

    registry._DISCOVERED = False  # as in a fresh process
    results: list[bool] = []

    def use() -> None:
        results.append("mcr" in registry.variants())

    threads = [threading.Thread(target=use) for _ in range(16)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    importlib.import_module("scorer.variants.mcr")
    assert results == [True] * 16
