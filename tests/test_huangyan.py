"""Huangyan (台州黄岩麻将) fixtures through the library, the CLI and the API, plus unit tests.

fixtures/huangyan/cases.json: the worked examples (ids W…) of the rule specification this variant
was written from, and hand-written cases (T…, E…) with one-line explanations.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import fixture_routes
import pytest
from cli_runner import run_cli
from conftest import FIXTURES
from fastapi.testclient import TestClient
from huangyan_oracle import oracle_best
from hypothesis import given, settings
from hypothesis import strategies as st

from api.app import app
from scorer import registry, score
from scorer.errors import HandError
from scorer.variants.huangyan.items import INDEX

CASES = json.loads((FIXTURES / "huangyan" / "cases.json").read_text(encoding="utf-8"))
client = TestClient(app)


ROUTES = fixture_routes.routes("huangyan", lambda d: ";".join(f"{k}={v}" for k, v in d.items()))
_via_library, _via_api, _via_cli = ROUTES["library"], ROUTES["api"], ROUTES["cli"]


def _recompute(result: dict) -> None:
    """raw = Σpoints × Πfactors; total = raw rounded up to tens, capped by 辣子
    (docs/rules/huangyan.md#items)."""
    items = result["items"]
    raw = sum(i["points"] * i["count"] for i in items)
    for i in items:
        raw *= i["factor"] ** i["count"]
    assert raw == result["details"]["raw"]
    total = -(-raw // 10) * 10
    if any(i["id"] == "lazi" for i in items):
        assert result["total"] == 300
    else:
        assert result["total"] == total < 300 or result["total"] == total == 0
    assert result["details"]["base"] == sum(i["points"] for i in items if i["id"] != "win_reward")
    assert result["details"]["fans"] == sum(i["factor"].bit_length() - 1 for i in items)


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case, route):
    expect = case["expect"]
    if "error" in expect:
        fixture_routes.assert_error(ROUTES, route, case, expect["error"])
        return
    result = ROUTES[route](case)
    for key in ("total", "valid", "payments"):
        if key in expect:
            assert result[key] == expect[key], f"{key}: {case['explain']}"
    for key in ("base", "fans", "lazi", "raw"):
        if key in expect:
            assert result["details"][key] == expect[key], f"{key}: {case['explain']}"
    if "items" in expect:
        got = Counter((i["id"], i["points"], i["factor"]) for i in result["items"])
        assert got == Counter(tuple(x) for x in expect["items"]), case["explain"]
    for key, value in expect.get("details", {}).items():
        assert result["details"][key] == value, f"details.{key}: {case['explain']}"
    if "reason_contains" in expect:
        assert expect["reason_contains"] in (result["reason"] or "")
    assert sum(result["payments"].values()) == 0
    for ledger in result["details"].get("side_payments", {}).values():
        assert sum(ledger.values()) == 0
    if result["valid"]:
        _recompute(result)
        assert all(i["id"] in INDEX for i in result["items"])
        assert all(i["count"] == 1 for i in result["items"])
    else:
        assert result["total"] == 0


def test_enough_fixtures():
    worked = [c for c in CASES if c["id"].startswith("W")]
    assert len(worked) >= 17
    assert len(CASES) - len(worked) >= 25


def test_item_table_is_complete():
    v = registry.get("huangyan")
    ids = [i.id for i in v.items]
    assert len(ids) == len(set(ids))
    desc = v.describe()
    assert desc["rules"]["default_preset"] == "spec"
    assert {o["name"] for o in desc["rules"]["options"]} >= {"seat_wind_column", "wild_restored", "settlement"}


def test_variants_endpoint_lists_huangyan():
    body = client.get("/v1/variants").json()
    text = json.dumps(body, ensure_ascii=False)
    assert "huangyan" in text and "wild_restored" in text


def test_rules_echoed():
    r = score("huangyan", "[123m][456p]789s234s5p5p", {"wild": "9p"}, {"full_flush_fans": 2})
    assert r.rules["preset"] == "spec+custom" and r.rules["full_flush_fans"] == 2


def test_batch_cli(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps({"variant": "huangyan", "hand": c["hand"], "context": c["context"]})
                             for c in CASES[:3]) + "\n{bad json\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    res = run_cli(["batch", str(src), "-o", str(out)])
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [x.get("total") for x in lines[:3]] == [40, 50, 70]
    assert "error" in lines[3]


def test_white_stand_in_echo_round_trips():
    r = score("huangyan", "[4mP6m][111p]234s678s9s9s", {"wild": "5m"})
    assert r.hand.startswith("[46mP]")
    again = score("huangyan", r.hand, {"wild": "5m"})
    assert again.total == r.total == 50


def test_error_positions():
    with pytest.raises(HandError) as err:
        score("huangyan", "[555m][456p]789s234s5p5p", {"wild": "5m"})
    assert err.value.code == "wild_in_meld" and err.value.position == 0
    with pytest.raises(HandError) as err:
        score("huangyan", "[123m]x456p789s234s5p5p", {"wild": "9p"})
    assert err.value.position == 6


def test_others_error_is_prefixed():
    with pytest.raises(HandError) as err:
        score("huangyan", "[123m][456p]789s234s5p5p", {"wild": "9p", "seat_wind": "S",
                                                        "others": {"E": "[555p]x123m456s78s"}})
    assert err.value.message.startswith("others.E:")


def test_four_wilds_are_searched():
    """The worst case (timed in bench/wilds.py): four wilds in 14 tiles make 辣子 (三得)."""
    r = score("huangyan", "4555666777m9p9p9p9p", {"wild": "9p", "self_draw": True})
    assert r.valid and r.total == 300 and r.details["lazi"]


# --- the winner's search against an independent brute force over all 34^n assignments --------------

def _random_hand(rng: random.Random) -> tuple[str, str, bool, str]:
    from scorer.tiles import tile_name

    wild = rng.randrange(34)
    counts = [0] * 34
    parts: list[str] = []
    conc: list[int] = []

    def take(kinds):
        if any(counts[k] + kinds.count(k) > 4 for k in kinds):
            return False
        for k in kinds:
            counts[k] += 1
        return True

    melds = rng.choice([0, 0, 1, 1, 2, 3])
    sets = 0
    while sets < 4:
        x = rng.randrange(34)
        if rng.random() < 0.5 and x < 27 and x % 9 <= 6:
            kinds = [x, x + 1, x + 2]
        elif rng.random() < 0.2:
            kinds = [x] * 4
        else:
            kinds = [x] * 3
        if sets < melds:
            if wild in kinds or not take(kinds):
                continue
            br = "(" if len(kinds) == 4 and rng.random() < 0.5 else "["
            parts.append(br + "".join(tile_name(k) for k in kinds) + {"(": ")", "[": "]"}[br])
        else:
            kinds = kinds[:3]
            if not take(kinds):
                continue
            conc += kinds
        sets += 1
    while True:
        x = rng.randrange(34)
        if take([x, x]):
            conc += [x, x]
            break
    # sprinkle wilds: replace up to two concealed tiles by the wild kind
    for _ in range(rng.choice([0, 1, 1, 2])):
        i = rng.randrange(len(conc))
        if counts[wild] < 4 and conc[i] != wild:
            counts[conc[i]] -= 1
            conc[i] = wild
            counts[wild] += 1
    rng.shuffle(conc)
    sd = rng.random() < 0.5 or conc[-1] == wild
    seat = rng.choice("ESWN")
    return "".join(parts) + "".join(tile_name(k) for k in conc), tile_name(wild), sd, seat


@pytest.mark.parametrize("seed", range(4))
def test_search_matches_brute_force(seed):
    rng = random.Random(seed)
    checked = two_wilds = 0
    while checked < 40:
        hand, wild, sd, seat = _random_hand(rng)
        try:
            r = score("huangyan", hand, {"wild": wild, "self_draw": sd, "seat_wind": seat})
        except HandError:
            continue
        wilds = r.details.get("wilds", 0)
        if wilds >= 3 or (wilds == 2 and two_wilds >= 6):  # keep the 34^n brute force cheap
            continue
        expect = oracle_best(hand, wild, seat, sd)
        got = None if not r.valid else (r.total, r.details["raw"], r.details["fans"], r.details["base"])
        assert got == expect, (hand, wild, seat, sd)
        checked += 1
        two_wilds += r.details.get("wilds", 0) >= 2


# --- properties -------------------------------------------------------------------------------------

TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP")


@st.composite
def requests(draw):
    n_melds = draw(st.integers(0, 2))
    melds = []
    for _ in range(n_melds):
        t = draw(st.sampled_from(TILES))
        kind = draw(st.sampled_from(["pung", "kong", "ckong"]))
        melds.append({"pung": f"[{t}{t}{t}]", "kong": f"[{t}{t}{t}{t}]", "ckong": f"({t}{t}{t}{t})"}[kind])
    conc = draw(st.lists(st.sampled_from(TILES), min_size=14 - 3 * n_melds, max_size=14 - 3 * n_melds))
    ctx = {"wild": draw(st.sampled_from(TILES)), "seat_wind": draw(st.sampled_from("ESWN")),
           "self_draw": draw(st.booleans()), "bullets": draw(st.integers(0, 5)),
           "dealer_streak": draw(st.integers(1, 4)), "bombs": {"S": draw(st.integers(0, 3))}}
    if not ctx["self_draw"] and draw(st.booleans()):
        ctx["dian_pao"] = draw(st.sampled_from([s for s in "ESWN" if s != ctx["seat_wind"]]))
    others = {}
    for s in "ESWN":
        if s != ctx["seat_wind"] and draw(st.booleans()):
            others[s] = "".join(draw(st.lists(st.sampled_from(TILES), min_size=13, max_size=13)))
    ctx["others"] = others
    return "".join(melds) + "".join(conc), ctx


@settings(max_examples=150, deadline=None, derandomize=True)
@given(requests())
def test_random_requests(req):
    hand, ctx = req
    try:
        r = score("huangyan", hand, ctx)
    except HandError:
        return
    assert sum(r.payments.values()) == 0
    for ledger in r.details["side_payments"].values():
        assert sum(ledger.values()) == 0
    if not r.valid:
        assert r.total == 0
    else:
        assert 0 < r.total <= 300 and r.total % 10 == 0
