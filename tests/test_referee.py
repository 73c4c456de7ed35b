"""Referee features: every reading side by side, the claim check, the waits of a hand."""

from __future__ import annotations

import orjson
from cli_runner import run_cli
from fastapi.testclient import TestClient

from api.app import app
from scorer import score
from scorer.referee import waits
from scorer.variants.mcr.evaluate import TIE_BREAK

client = TestClient(app)
TIE = "345s4455566777p6p"  # 一色三同顺 reading ties 一色三节高 at 31 (docs/rules/mcr.md#choosing-between-readings)


def test_explain_lists_every_reading_and_marks_the_chosen_one():
    r = score("mcr", TIE, explain=True)
    assert [v.total for v in r.readings] == [8, 31, 31]
    chosen = [v for v in r.readings if v.chosen]
    assert len(chosen) == 1 and chosen[0].partition == ["567p", "567p", "567p", "345s", "44p"]
    tied = r.readings[1]
    assert "pure_shifted_pungs" in [i.id for i in tied.items]
    assert tied.note and "一色三同顺" in tied.note and TIE_BREAK in tied.note
    assert r.tie_break == "ties with an earlier reading: a later division holding 一色三同顺 replaces it"


def test_explain_special_shape_and_no_reading():
    r = score("mcr", "19m19p119sESWNCFP", explain=True)
    assert len(r.readings) == 1 and r.readings[0].shape == "thirteen_orphans"
    r = score("mcr", "123456789m123p5s9s", explain=True)
    assert not r.valid and r.readings[0].chosen and r.readings[0].total == 0


def test_claim_verdict_statuses():
    r = score("mcr", "[123m]456789m555pCC", {"seat_wind": "S"},
              claim=["pure_straight", "short_straight", "all_chows", "riichi", 20])
    v = r.verdict
    status = {c.id: c.status for c in v.items}
    assert status == {"pure_straight": "confirmed", "short_straight": "excluded", "all_chows": "not_present",
                      "riichi": "unknown"}
    short = next(c for c in v.items if c.id == "short_straight")
    assert short.by == "pure_straight" and short.principle == "non_repetition"
    assert v.missed == ["one_voided_suit", "single_wait"]
    assert v.claimed_total == 20 and v.computed_total == 18 and v.total_agrees is False
    assert v.summary.startswith("The claim does not stand")


def test_claim_upheld_and_other_reading():
    r = score("mcr", "[123m]456789m555pCC", {"seat_wind": "S"},
              claim=["pure_straight", "one_voided_suit", "single_wait", "18"])
    assert r.verdict.summary.startswith("The claim is upheld") and r.verdict.total_agrees
    r = score("mcr", TIE, claim=["pure_shifted_pungs"])
    assert r.verdict.items[0].status == "not_present"
    assert "ties at 31" in r.verdict.items[0].why


def test_claim_through_api_and_cli():
    res = client.post("/v1/score", json={"variant": "mcr", "hand": "[123m]456789m555pCC",
                                         "claim": ["pure_straight", 18], "explain": True})
    body = res.json()
    assert res.status_code == 200 and body["verdict"]["total_agrees"] is True
    assert body["verdict"]["missed"] == ["one_voided_suit", "single_wait"]
    assert body["verdict"]["items"][0]["status"] == "confirmed" and body["readings"]
    out = run_cli(["mcr", "[123m]456789m555pCC", "--claim", "pure_straight,all_chows,32"])
    assert out.exit_code == 0 and "claim check" in out.output and "not present" in out.output


def test_waits_nine_gates_and_scores():
    w = waits("mcr", "1112345678999p")
    assert [x["tile"] for x in w["waits"]] == [f"{r}p" for r in range(1, 10)]
    one = w["waits"][0]["scores"]
    assert one["discard"]["total"] == 106 and one["self_draw"]["total"] == 107
    assert w["any_valid"]


def test_waits_flags_four_held_and_minimum():
    w = waits("mcr", "[123p][789s]4444567m")
    tiles = {x["tile"]: x for x in w["waits"]}
    assert tiles["4m"]["four_held"] is True and tiles["4m"]["scores"] is None
    assert tiles["7m"]["scores"]["discard"]["valid"] is True
    w = waits("mcr", "[123m][567p]789p45sEE")  # a chicken hand: valid on a discard, 1 point self-drawn
    s = {x["tile"]: x["scores"] for x in w["waits"]}
    assert set(s) == {"3s", "6s"}
    assert s["3s"]["discard"]["valid"] and not s["3s"]["self_draw"]["valid"]
    assert "minimum" in s["3s"]["self_draw"]["reason"]


def test_waits_api_and_cli():
    res = client.post("/v1/waits", json={"variant": "mcr", "hand": "[456p][789s]1233m555s"})
    assert res.status_code == 200 and [x["tile"] for x in res.json()["waits"]] == ["3m"]
    res = client.post("/v1/waits", json={"variant": "mcr", "hand": "[456p][789s]1233m555s3m"})
    assert res.status_code == 422 and res.json()["error"]["code"] == "tile_count"
    out = run_cli(["waits", "mcr", "1112345678999p", "--json"])
    assert out.exit_code == 0 and len(orjson.loads(out.output)["waits"]) == 9
    out = run_cli(["explain", "mcr", TIE, "--no-glyphs"])
    assert out.exit_code == 0 and "every reading" in out.output and "chosen" in out.output
    assert "🀝" not in out.output


def test_glyphs_in_readable_output():
    out = run_cli(["mcr", "[123m]456789m555pCC"])
    assert "🀇🀈🀉" in out.output and "🀄🀄" in out.output


def test_waits_read_the_variants_own_tiles():
    """Huangyan: a White board in a meld is the wild's kind; the 得 stands for anything."""
    w = waits("huangyan", "[4mP6m]123p789s11s5mE", {"wild": "5m", "seat_wind": "S"})
    tiles = [x["tile"] for x in w["waits"]]
    assert "E" in tiles and "1s" in tiles  # EE pair + 5m as 111s..., or 111s + 5m as E
    e = next(x for x in w["waits"] if x["tile"] == "E")["scores"]
    assert e["self_draw"]["valid"] and e["self_draw"]["total"] > 0
