"""Nantong long cards: fixtures through the library, the CLI and the API; unit tests; a property.

fixtures/nantong/cases.json holds the worked examples W1-W14 of the rule specification this variant
was written from and our own cases (N.., errors E..), expectations written by hand from the rules.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import fixture_routes
import orjson
import pytest
from cli_runner import run_cli
from conftest import FIXTURES
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from api.app import app
from scorer import score
from scorer.errors import HandError
from scorer.registry import get
from scorer.variants.nantong import settle
from scorer.variants.nantong.items import INDEX
from scorer.variants.nantong.units import ceil10, indicator_doubles

CASES = json.loads((FIXTURES / "nantong" / "cases.json").read_text(encoding="utf-8"))
client = TestClient(app)


ROUTES = fixture_routes.routes("nantong")
_via_library, _via_api, _via_cli = ROUTES["library"], ROUTES["api"], ROUTES["cli"]


def _items(result: dict) -> Counter:
    return Counter((i["id"], i["points"], i["factor"], i["count"]) for i in result["items"])


def check(case: dict, result: dict) -> None:
    expect = case["expect"]
    why = f"{case['id']}: {case['explain']}"
    assert sum(result["payments"].values()) == 0, why
    assert set(result["payments"]) == {"0", "1", "2"}, why
    if "valid" in expect:
        assert result["valid"] is expect["valid"], why
    if not result["valid"]:
        assert result["total"] == 0 and result["reason"], why
    if "winner_total" in expect:
        assert result["details"]["winner_total"] == expect["winner_total"], why
        assert result["total"] == (expect["winner_total"] or 0), why
    if "base_hu" in expect:
        bh = result["details"]["base_hu"]
        if "winner" in expect["base_hu"]:
            assert [bh["0"], bh["1"], bh["2"]] == [expect["base_hu"]["winner"], *expect["base_hu"]["others"]], why
        else:
            assert [bh["0"], bh["1"], bh["2"]] == expect["base_hu"]["others"], why
    if "totals" in expect:
        assert [result["details"]["totals"][s] for s in "012"] == expect["totals"], why
    if "settlement" in expect:
        assert [result["payments"][s] for s in "012"] == expect["settlement"], why
    if "items" in expect:
        assert _items(result) == Counter(tuple(i) for i in expect["items"]), why


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_fixture(case, route):
    expect = case["expect"]
    if "error" in expect:
        if route == "library":
            with pytest.raises(HandError) as err:
                _via_library(case)
            assert expect["error"] in {p.code for p in err.value.problems}, (case["id"], str(err.value))
        elif route == "api":
            body = _via_api(case)
            assert expect["error"] in {e["code"] for e in body["error"]["errors"]}, case["id"]
        else:
            body = _via_cli(case)
            message = body["error"]["message"]
            # an unknown context field is an unknown option to the CLI: a usage error
            assert f"[{expect['error']}]" in message or "no such option" in message, (case["id"], body)
        return
    check(case, ROUTES[route](case))


def test_fixture_coverage():
    own = [c for c in CASES if not c["id"].startswith("W")]
    assert {f"W{i}" for i in range(1, 15)} <= {c["id"] for c in CASES}
    assert len(own) >= 25
    assert all(c["explain"] for c in CASES)
    # every item of the table appears in some fixture's expected items
    seen = {i[0] for c in CASES for i in c["expect"].get("items", [])}
    assert seen == set(INDEX)


def test_every_emitted_item_is_in_the_table():
    for case in CASES:
        if "error" in case["expect"]:
            continue
        result = _via_library(case)
        for item in result["items"]:
            assert item["id"] in INDEX
            assert item["name"] == INDEX[item["id"]].name and item["name_zh"] == INDEX[item["id"]].name_zh


def test_detail_chain_and_partition():
    w2 = next(c for c in CASES if c["id"] == "W2")
    result = _via_library(w2)
    details = {i["detail"] for i in result["items"] if i["id"] == "concealed_triplet"}
    assert details == {"base 4 ×2 (2s)", "base 12 (exact) ×2 (2s)"}
    assert result["partition"] == ["222m", "456m", "789m", "222s", "678s", "123p", "567p", "99p"]
    w3 = _via_library(next(c for c in CASES if c["id"] == "W3"))
    assert w3["details"]["hezi"] == "<44p>" and "<44p>" not in w3["partition"]


def test_rounding_and_settlement_numbers():
    assert ceil10(22) == 30 and ceil10(20) == 20 and ceil10(0) == 0
    assert settle([100, 40, 20]) == {"0": 140, "1": -40, "2": -100}


def test_indicator_classes():
    m9, p9, s9, s2, m2, q = 8, 17, 26, 19, 1, 34
    assert indicator_doubles(s2, m2, "rank") and not indicator_doubles(s2, m2, "tile")
    assert indicator_doubles(s9, q, "rank") and indicator_doubles(q, s9, "rank")
    assert not indicator_doubles(m9, s9, "rank") and not indicator_doubles(s9, p9, "rank")
    assert indicator_doubles(m9, p9, "rank") and indicator_doubles(1, 7, "family")


def test_variant_is_described():
    desc = next(v for v in client.get("/v1/variants").json()["variants"] if v["id"] == "nantong")
    assert {f["name"] for f in desc["context"]} >= {"indicators", "others", "exhausted", "heavenly"}
    assert desc["rules"]["default_preset"] == "spec"
    assert {o["name"] for o in desc["rules"]["options"]} >= {"indicator_scope", "closed_piao", "count_rule"}
    res = client.post("/v1/score", json={"variant": "nantong", "hand": "[777m]123456m234678s35p789p66p4p",
                                         "context": {"indicators": ["5m", "8p"]}})
    assert res.json()["rules"]["preset"] == "spec"


def test_cli_readable_output_and_exhausted_dash():
    res = run_cli(["nantong", "[777m]123456m234678s35p789p66p4p", "--indicators", "5m,8p"])
    assert res.exit_code == 0 and "塌子胡" in res.output and "total 40" in res.output
    res = run_cli(["nantong", "-", "--indicators", "9s,9m", "--exhausted", "--others",
                                  "[444m]999m1235m12356s12356pBH;999s12678m124678s124678pBH;"
                                  "[QQQ]999p35678m34578s34578pB", "--json"])
    assert res.exit_code == 0, res.output
    assert orjson.loads(res.output)["payments"] == {"0": -10, "1": 50, "2": -40}


def test_batch_route(tmp_path):
    lines = [json.dumps({"variant": "nantong", "hand": c["hand"], "context": c["context"], "rules": c.get("rules")})
             for c in CASES[:14]]
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = run_cli(["batch", str(src)])
    assert res.exit_code == 0
    out = [orjson.loads(x) for x in res.output.splitlines()]
    assert [o["payments"]["0"] for o in out] == [c["expect"]["settlement"][0] for c in CASES[:14]]


# --------------------------------------------------------------------------- property

KINDS = [f"{r}{s}" for s in "msp" for r in range(1, 10)] + ["Q", "B", "H"]


def _random_deal(rnd: random.Random) -> tuple[str, dict]:
    wall = [k for k in KINDS for _ in range(4)]
    rnd.shuffle(wall)
    ind = [wall.pop(), wall.pop()]
    hands = []
    for size in (23, 22, 22):
        hands.append(sorted(wall[:size], key=KINDS.index))
        del wall[:size]
    ctx = {"indicators": ind, "others": ["".join(h) for h in hands[1:]]}
    for flag in ("self_draw", "ready", "last_tile", "dealer_first_discard", "heavenly", "kong_replacement"):
        if rnd.random() < 0.2:
            ctx[flag] = True
    return "".join(hands[0]), ctx


def _winning_deal(rnd: random.Random) -> tuple[str, dict]:
    counts = Counter()
    groups = []
    while len(groups) < 7:
        if rnd.random() < 0.5:
            s, r = rnd.choice("msp"), rnd.randint(1, 7)
            g = [f"{r + i}{s}" for i in range(3)]
        else:
            g = [rnd.choice(KINDS)] * 3
        if all(counts[t] + g.count(t) <= 4 for t in set(g)):
            counts.update(g)
            groups.append(g)
    pair = rnd.choice([k for k in KINDS if counts[k] <= 2])
    counts.update([pair, pair])
    tiles = [t for g in groups for t in g] + [pair, pair]
    rnd.shuffle(tiles)
    ind = [k for k in KINDS if counts[k] < 4]
    ctx = {"indicators": [rnd.choice(ind), rnd.choice(ind)]}
    if rnd.random() < 0.5:
        ctx["self_draw"] = True
    return "".join(tiles), ctx


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(0, 2**32), st.booleans())
def test_property_payments_sum_to_zero(seed, winning):
    rnd = random.Random(seed)
    hand, ctx = _winning_deal(rnd) if winning else _random_deal(rnd)
    try:
        result = score("nantong", hand, ctx)
    except HandError:
        return
    assert sum(result.payments.values()) == 0
    assert set(result.payments) == {"0", "1", "2"}
    if not result.valid:
        assert result.total == 0
    else:
        assert result.total % 10 == 0 and result.total >= 20


def test_explain_lists_every_partition():
    w6 = next(c for c in CASES if c["id"] == "W6")
    result = score("nantong", w6["hand"], w6["context"], explain=True)
    assert sorted(r.total for r in result.readings) == [40, 130]
    chosen = next(r for r in result.readings if r.chosen)
    assert chosen.total == result.total and chosen.partition == result.partition


def test_decomposer_handles_23_cards():
    v = get("nantong")
    from scorer.notation import parse

    h = parse("111222333444555666777m88m", v.notation)
    assert len(v.readings(h)) >= 2
