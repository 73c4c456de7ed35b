"""``explain`` for the wild-tile variants fuzhou (golds, 金) and huangyan (得): every arrangement /
wild assignment / winning-tile placement that gives a distinct score side by side, the chosen one
marked, equal-scoring ones grouped, the tie-break stated. Hands from the variants' fixtures."""

from __future__ import annotations

import json

import orjson
import pytest
from cli_runner import run_cli
from conftest import FIXTURES
from fastapi.testclient import TestClient

import scorer.variants.huangyan.explain as huangyan_explain
from api.app import app
from scorer import score
from scorer.errors import HandError
from scorer.variants.fuzhou.explain import TIE_BREAK as FUZHOU_TIE_BREAK
from scorer.variants.huangyan.explain import TIE_BREAK as HUANGYAN_TIE_BREAK

client = TestClient(app)


def _cases(variant: str) -> dict[str, dict]:
    return {c["id"]: c for c in json.loads((FIXTURES / variant / "cases.json").read_text(encoding="utf-8"))}


FUZHOU = _cases("fuzhou")
HUANGYAN = _cases("huangyan")


def _explain(variant: str, case: dict):
    return score(variant, case["hand"], case.get("context"), case.get("rules"), explain=True)


def _ids(view) -> list[str]:
    return [i.id for i in view.items]


def _chosen(result):
    chosen = [v for v in result.readings if v.chosen]
    assert len(chosen) == 1
    return chosen[0]


# ------------------------------------------------------------------------------------------- fuzhou

def test_fuzhou_w17_golden_bird_beats_the_other_arrangements():
    r = _explain("fuzhou", FUZHOU["W17"])
    assert r.total == 62 and r.tie_break == FUZHOU_TIE_BREAK
    assert [v.total for v in r.readings] == [62, 1]
    best, other = r.readings
    assert best.chosen and best.index == 0 and best.shape == "golden_bird"
    assert "99m(金→99m)" in best.partition  # the two golds are the pair
    assert _ids(best) == ["flower_tiles", "golden_bird"]
    # the other arrangements (a gold completing a pung or a chow): no bonus, F alone
    assert not other.chosen and other.shape == "standard" and _ids(other) == ["flower_tiles"]
    assert any("金→" in g for g in other.partition)
    # 41 arrangements, grouped by score: the chosen one's equals are counted with the tie-break
    assert best.note and "26 other arrangement(s) tie with this one at 62" in best.note
    assert FUZHOU_TIE_BREAK in best.note
    assert other.note and "13 other arrangement(s) score the same" in other.note
    assert r.details["arrangements"] == 1 + 26 + 1 + 13


def test_fuzhou_w11_golden_bird_over_three_golds():
    r = _explain("fuzhou", FUZHOU["W11"])
    best, other = r.readings
    assert best.chosen and best.total == r.total == 186
    assert "22s(金→22s)" in best.partition and "123p(金→3p)" in best.partition
    assert [(e.id, e.by, e.principle) for e in best.excluded] == [("three_golds", "golden_bird", "high_over_low")]
    assert other.shape == "three_golds" and other.total == 126 and "three_golds" in _ids(other)


def test_fuzhou_rob_gold_and_four_golds():
    r = _explain("fuzhou", FUZHOU["F04"])  # 4 golds robbed: 金雀 60 beats 抢金 30
    assert [(v.shape, v.total, v.chosen) for v in r.readings] == [("golden_bird", 186, True), ("rob_gold", 96, False)]
    assert [e.id for e in r.readings[0].excluded] == ["rob_gold"]
    r = _explain("fuzhou", FUZHOU["W12"])  # 抢金 alone: three arrangements, one score
    assert len(r.readings) == 1 and r.readings[0].shape == "rob_gold" and r.readings[0].total == 96
    assert "2 other arrangement(s) tie" in r.readings[0].note


def test_fuzhou_three_golds_without_arrangement():
    r = _explain("fuzhou", FUZHOU["W10"])
    (only,) = r.readings
    assert only.chosen and only.shape == "three_golds" and only.total == r.total == 150
    assert only.partition[-1] == "777p" and "三金倒" in only.note


def test_fuzhou_plain_and_invalid_hands():
    r = _explain("fuzhou", FUZHOU["W1"])  # no gold in the hand: one arrangement
    assert len(r.readings) == 1 and r.readings[0].note is None and r.readings[0].total == 3
    r = _explain("fuzhou", FUZHOU["F22"])  # not a win: the result alone
    assert not r.valid and r.tie_break == FUZHOU_TIE_BREAK
    assert len(r.readings) == 1 and r.readings[0].chosen and r.readings[0].total == 0


# ----------------------------------------------------------------------------------------- huangyan

def test_huangyan_two_wilds_restored_pair_against_every_other_assignment():
    r = _explain("huangyan", HUANGYAN["T09"])  # wild F, FF + three 5s, self-drawn
    assert r.total == 60 and r.tie_break == HUANGYAN_TIE_BREAK
    best = _chosen(r)
    assert best.index == 0 and best.total == 60
    assert "FF(得→FF)" in best.partition and "555s(win 5s)" in best.partition
    assert "wild_restored" in _ids(best)
    rest = r.readings[1:]
    assert rest and all(v.total == 30 for v in rest)
    assert any("EE(得→EE)" in v.partition and "pair_seat_wind" in _ids(v) for v in rest)
    assert any("closed_wait" in _ids(v) and "456s(得→46s, win 5s)" in v.partition for v in rest)
    # the pair of any other kind: 31 equal-scoring assignments collapsed into one entry
    pairs = next(v for v in rest if "11m(得→11m)" in v.partition)
    assert "30 other assignment(s) / placement(s) score the same" in pairs.note
    # 37 readings (with their placements) in a handful of entries, no tie with the chosen one
    assert r.details["readings"] == 37 and len(r.readings) == 6
    assert not any("ties with the chosen" in (v.note or "") for v in rest)


def test_huangyan_winning_tile_placement_and_wild_assignment():
    r = _explain("huangyan", HUANGYAN["W14"])  # 得 2m as 6p: 4-5-6p won on 5p is 嵌档
    best, other = r.readings
    assert best.chosen and best.total == 60 and "closed_wait" in _ids(best)
    assert "456p(win 5p)" in best.partition and "678p(得→6p)" in best.partition
    assert "1 other assignment(s)" in best.note and "789p(得→9p)" in best.note and HUANGYAN_TIE_BREAK in best.note
    assert not other.chosen and other.total == 50 and "closed_wait" not in _ids(other)
    assert "345p(得→3p, win 5p)" in other.partition


def test_huangyan_three_wilds_ties_state_the_tie_break():
    r = _explain("huangyan", HUANGYAN["T27"])  # four 得: every reading is 辣子 300
    assert all(v.total == 300 for v in r.readings) and r.readings[0].chosen
    assert _chosen(r).items == r.items and r.details["raw"] == 76
    for v in r.readings[1:]:
        assert "ties with the chosen reading at 300" in v.note and HUANGYAN_TIE_BREAK in v.note
        assert "against raw 76" in v.note


def test_huangyan_collapse_note_past_the_cap(monkeypatch):
    monkeypatch.setattr(huangyan_explain, "MAX_ENTRIES", 3)
    r = _explain("huangyan", HUANGYAN["T09"])
    assert len(r.readings) == 3
    assert "3 further distinct score(s) from 37 assignment(s) / placement(s), totals 30, are collapsed" \
        in r.readings[-1].note


def test_huangyan_idle_and_non_winning():
    r = _explain("huangyan", HUANGYAN["W15"])  # a non-winner: one physical reading
    assert len(r.readings) == 1 and r.readings[0].chosen and r.tie_break
    r = _explain("huangyan", HUANGYAN["T25"])
    assert not r.valid and r.tie_break == HUANGYAN_TIE_BREAK and r.readings[0].total == 0


# ------------------------------------------------------------------ every fixture: the chosen = the result

@pytest.mark.parametrize("variant,case", [("fuzhou", c) for c in FUZHOU.values()]
                         + [("huangyan", c) for c in HUANGYAN.values()], ids=lambda x: x if isinstance(x, str)
                         else x["id"])
def test_chosen_reading_is_the_result(variant, case):
    try:
        r = _explain(variant, case)
    except HandError:
        return
    assert r.tie_break
    chosen = _chosen(r)
    assert chosen.total == r.total and chosen.items == r.items
    assert len(r.readings) <= 40
    assert [v.index for v in r.readings] == list(range(len(r.readings)))


# --------------------------------------------------------------------------------------- CLI and API

def test_cli_explain_fuzhou():
    c = FUZHOU["W17"]["context"]
    args = ["explain", "fuzhou", FUZHOU["W17"]["hand"], "--gold", c["wild"], "--flowers", c["flowers"],
            "--seat", c["seat_wind"], "--discarder", c["discarder"], "--no-glyphs"]
    out = run_cli(args)
    assert out.exit_code == 0, out.output
    assert "every reading" in out.output and "chosen" in out.output and "金→99m" in out.output
    assert "tie-break" in out.output
    out = run_cli([*args, "--json"])
    body = orjson.loads(out.output)
    assert body["tie_break"] == FUZHOU_TIE_BREAK
    assert [(v["chosen"], v["shape"], v["total"]) for v in body["readings"]] == [
        (True, "golden_bird", 62), (False, "standard", 1)]


def test_cli_explain_huangyan():
    case = HUANGYAN["T09"]
    args = ["explain", "huangyan", case["hand"], "--wild", "F", "--seat-wind", "E", "--self-draw", "--json"]
    out = run_cli(args)
    assert out.exit_code == 0, out.output
    body = orjson.loads(out.output)
    assert body["total"] == 60 and body["tie_break"] == HUANGYAN_TIE_BREAK
    first = body["readings"][0]
    assert first["chosen"] and "FF(得→FF)" in first["partition"]
    out = run_cli(args[:-1] + ["--no-glyphs"])
    assert out.exit_code == 0 and "every reading" in out.output and "得→" in out.output


def test_api_explain_both_variants():
    for variant, case in (("fuzhou", FUZHOU["W11"]), ("huangyan", HUANGYAN["W14"])):
        res = client.post("/v1/score", json={"variant": variant, "hand": case["hand"], "context": case["context"],
                                             "explain": True})
        assert res.status_code == 200, res.text
        body = res.json()
        assert body["tie_break"] and len(body["readings"]) == 2
        assert [v["chosen"] for v in body["readings"]] == [True, False]
        assert body["readings"][0]["total"] == body["total"] > body["readings"][1]["total"]
    # without explain, no readings (but the tie-break sentence is there)
    res = client.post("/v1/score", json={"variant": "fuzhou", "hand": FUZHOU["W11"]["hand"],
                                         "context": FUZHOU["W11"]["context"]})
    assert res.json()["readings"] is None and res.json()["tie_break"] == FUZHOU_TIE_BREAK


def test_claim_check_uses_the_wild_readings():
    case = FUZHOU["W11"]
    r = score("fuzhou", case["hand"], case["context"], claim=["three_golds", "golden_bird"])
    status = {c.id: c.status for c in r.verdict.items}
    assert status == {"three_golds": "excluded", "golden_bird": "confirmed"}
    case = HUANGYAN["W14"]
    r = score("huangyan", case["hand"], case["context"], claim=["closed_wait", 60])
    assert r.verdict.total_agrees and r.verdict.items[0].status == "confirmed"
