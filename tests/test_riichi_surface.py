"""Riichi's answers beyond the score (docs/rules/riichi.md#referee-tools): a claim in the table's
words checked term by term, each wait with its value or why it does not win, every reading with its
han and fu and why the chosen one wins, the tiles behind each item, and every context option of the
command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_runner import run_cli
from fastapi.testclient import TestClient

from api.app import app
from scorer import engine, referee, registry
from scorer.result import ClaimCheck
from scorer.variants.riichi.items import ITEMS

PINFU = "234m456p678s22s34m5m"  # 234m 345m 456p 678s 22s, won on 5m (two-sided)
RED = "234m456p678s22s34m0m"


def claim(hand: str, terms: list[str | int], rules=None, **context):
    return engine.score("riichi", hand, context, rules, claim=terms).verdict


def check(verdict, term: str) -> ClaimCheck:
    return next(c for c in verdict.items if c.id == term)


# --- claims ------------------------------------------------------------------------------------------

def test_han_and_fu_each_checked_in_words():
    # riichi, pinfu, tanyao, dora 2m, red 0m: 5 han 30 fu, mangan 8000
    v = claim(RED, ["4 han 30 fu"], seat_wind="S", riichi=True, dora_indicators="1m")
    han, fu = check(v, "4 han"), check(v, "30 fu")
    assert han.status == "differs" and "scores 5 han" in han.why and "not 4" in han.why
    assert fu.status == "confirmed" and "20 base + 10 closed ron" in fu.why
    assert v.summary.startswith("The claim does not stand: 1 of 2 claimed items confirmed")
    v = claim(RED, ["5翻30符"], seat_wind="S", riichi=True, dora_indicators="1m")
    assert [c.status for c in v.items] == ["confirmed", "confirmed"] and v.summary.startswith("The claim is upheld")


def test_fu_alone_differs_with_the_breakdown():
    v = claim("555m123p789sEE12m3m", ["30 fu"], seat_wind="S", riichi=True)
    c = check(v, "30 fu")
    assert c.status == "differs" and "has 40 fu" in c.why and "penchan" in c.why


@pytest.mark.parametrize(("hand", "context", "rules", "term", "status", "words"), [
    (RED, {"seat_wind": "S", "riichi": True, "dora_indicators": "1m"}, None, "mangan", "confirmed", "mangan (5 han)"),
    (RED, {"seat_wind": "S", "riichi": True, "dora_indicators": "1m"}, None, "haneman", "differs",
     "the hand is mangan (5 han), not haneman"),
    (PINFU, {"seat_wind": "S", "riichi": True}, None, "満貫", "differs", "below mangan (3 han 30 fu: 3900)"),
    ("11223344556677p", {"seat_wind": "S", "riichi": True, "dora_indicators": "1p"}, None, "yakuman", "confirmed",
     "a counted yakuman (13 han"),
    ("11223344556677p", {"seat_wind": "S", "riichi": True, "dora_indicators": "1p"}, None, "kazoe yakuman",
     "confirmed", "kazoe yakuman"),
    ("11223344556677p", {"seat_wind": "S", "riichi": True, "dora_indicators": "1p"}, "ema", "kazoe yakuman",
     "differs", "the hand is sanbaiman (13 han), not kazoe yakuman"),
    ("111m333p555sEEE7s7s", {"seat_wind": "S"}, "mahjongsoul", "double yakuman", "confirmed",
     "2x yakuman"),
    ("111m333p555sEEE7s7s", {"seat_wind": "S"}, "tenhou", "double yakuman", "differs",
     "the hand is yakuman"),
])
def test_limits(hand, context, rules, term, status, words):
    c = check(claim(hand, [term], rules, **context), term)
    assert c.status == status and words in c.why


@pytest.mark.parametrize(("context", "term", "status", "words"), [
    # tsumo, pinfu, tanyao, dora, red five: a mangan self-drawn, 2000 from each other player and
    # 4000 from the dealer (a non-dealer's), 4000 from each (the dealer's)
    ({"seat_wind": "S", "self_draw": True, "dora_indicators": "1m"}, "2000/4000", "confirmed",
     "a non-dealer's self-draw: 2000/4000 (before honba)"),
    ({"seat_wind": "S", "self_draw": True, "dora_indicators": "1m"}, "1300-2600", "differs",
     "2000/4000, not 1300/2600"),
    ({"seat_wind": "E", "self_draw": True, "dora_indicators": "1m"}, "4000 all", "confirmed",
     "the dealer's self-draw: 4000 all"),
    ({"seat_wind": "E", "self_draw": True, "dora_indicators": "1m"}, "2000/4000", "differs",
     "the dealer's self-draw: 4000 all, not 2000/4000"),
    ({"seat_wind": "S", "riichi": True, "dora_indicators": "1m"}, "2000/4000", "differs",
     "won on a discard: the discarder pays 8000"),
    ({"seat_wind": "S", "self_draw": True, "dora_indicators": "1m"}, "4000オール", "differs",
     "not 4000 all"),
])
def test_self_draw_payments(context, term, status, words):
    c = check(claim(RED, [term], **context), term)
    assert c.status == status and words in c.why


def test_counted_items_and_short_names():
    v = claim(RED, ["dora 2", "riichi", "pinfu", "tanyao", "aka"], seat_wind="S", riichi=True, dora_indicators="1m")
    dora = check(v, "dora 2")
    assert dora.status == "differs" and "scores ×1 (2m), not ×2" in dora.why
    assert check(v, "aka_dora").status == "confirmed"  # "aka", read as the red five
    assert v.missed == []  # dora claimed (with a wrong count) is not also missed
    v = claim(RED, ["2 dora", "riichi", "pinfu", "tanyao", "aka_dora"], seat_wind="S", riichi=True,
              dora_indicators="1m1m")
    assert check(v, "2 dora").status == "confirmed" and v.summary.startswith("The claim is upheld")
    v = claim(PINFU, ["tsumo", "pinfu", "tanyao", "dora ×1"], seat_wind="S", self_draw=True)
    assert check(v, "menzen_tsumo").status == "confirmed"
    assert check(v, "dora").status == "not_present"  # not scored: the generic check says why


def test_a_hand_without_yaku_makes_every_figure_differ():
    v = claim("[234m]456p678s22s34m5m", ["1 han 30 fu", "mangan", "1000"], {"open_tanyao": False},
              seat_wind="S", dora_indicators="1m")
    for term in ("1 han 30 fu", "mangan"):
        c = check(v, term)
        assert c.status == "differs" and "does not win (no yaku)" in c.why
    assert v.total_agrees is False


def test_items_and_totals_still_read_as_before():
    v = claim(PINFU, ["平和", "All Simples", "riichi", 3900, "chanta"], seat_wind="S", riichi=True)
    assert [c.status for c in v.items] == ["confirmed", "confirmed", "confirmed", "not_present"]
    assert v.total_agrees is True and v.claimed_total == 3900
    assert check(claim(PINFU, ["no such yaku"], seat_wind="S"), "no such yaku").status == "unknown"


def test_the_claim_option_on_the_command_line():
    ran = run_cli(["riichi", PINFU, "--seat", "S", "--self-draw", "--no-glyphs",
                   "--claim", "3 han 20 fu,700/1300,pinfu,tsumo,tanyao"])
    assert ran.exit_code == 0, ran.output
    assert "a non-dealer's self-draw: 700/1300" in ran.stdout
    assert "The claim is upheld: 6 of 6 claimed items confirmed." in ran.stdout


# --- waits -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("short", "context"), [
    ("234m456p678s22s34m", {"seat_wind": "S"}),
    ("234m456p678s22s34m", {"seat_wind": "E", "riichi": True, "dora_indicators": "1m"}),
    ("123m456p789s11s79m", {"seat_wind": "S", "dora_indicators": "9s"}),
    ("[234m]456p678s22s34m", {"seat_wind": "W"}),
    ("1112345678999m", {"seat_wind": "S"}),
])
def test_each_wait_has_the_value_of_its_completed_hand(short, context):
    answer = referee.waits("riichi", short, context, None)
    assert answer["waits"]
    for wait in answer["waits"]:
        for mode, self_draw in (("self_draw", True), ("discard", False)):
            got = wait["scores"][mode]
            ctx = {**context, "self_draw": self_draw}
            r = engine.score("riichi", short + wait["tile"], ctx, None)
            assert (got["valid"], got["total"]) == (r.valid, r.total)
            if r.valid:
                d = r.details
                assert got["note"].startswith(f"{d['han']} han {d['fu']} fu")
                if self_draw:
                    cost = d["cost"]
                    paid = f"{cost['main']} all" if d["dealer"] else f"{cost['additional']}/{cost['main']}"
                    assert got["note"].endswith(paid)
            elif r.reason == "no yaku":
                assert got["note"].startswith("no yaku")


def test_a_wait_without_yaku_says_so_and_what_would_help():
    answer = referee.waits("riichi", "123m456p789s11s79m", {"seat_wind": "S", "dora_indicators": "9s"}, None)
    discard = answer["waits"][0]["scores"]["discard"]
    assert not discard["valid"] and discard["reason"] == "no yaku"
    assert discard["note"] == "no yaku (its 2 dora count only with a yaku); declaring riichi would give it one"
    answer = referee.waits("riichi", "[234m]456p678s22s34m", {"seat_wind": "S"}, {"open_tanyao": False})
    assert all(w["scores"][m]["note"] == "no yaku" for w in answer["waits"] for m in ("self_draw", "discard"))


def test_the_waits_command_shows_the_values():
    ran = run_cli(["waits", "riichi", "234m456p678s22s34m", "--seat", "S", "--no-glyphs"], env={"COLUMNS": "100"})
    assert ran.exit_code == 0, ran.output
    assert "5200 (4 han 20 fu, 1300/2600)" in ran.stdout and "3900 (3 han 30 fu)" in ran.stdout


# --- explain -----------------------------------------------------------------------------------------

def test_every_reading_with_its_han_and_fu_and_why_the_chosen_one_wins():
    r = engine.score("riichi", "222333444m567p5s5s", {"seat_wind": "S", "riichi": True}, None, explain=True)
    notes = {tuple(v.partition): v.note for v in r.readings}
    chosen = next(v for v in r.readings if v.chosen)
    assert chosen.partition == ["222m", "333m", "444m", "567p", "55s"] and chosen.total == r.total == 8000
    assert notes[("222m", "333m", "444m", "567p", "55s")] == "4 han 50 fu, mangan, tanki wait; chosen: the most points (8000)"
    assert notes[("234m", "234m", "234m", "567p", "55s")] == (
        "3 han 40 fu, tanki wait; 5200 points against 8000 for the chosen #0")


def test_equal_points_are_decided_by_han_and_said_so():
    r = engine.score("riichi", "222333444m567p5s5s", {"seat_wind": "S", "riichi": True, "dora_indicators": "1m"},
                     None, explain=True)
    by_total = {v.index: v for v in r.readings}
    assert {v.total for v in r.readings} == {12000}
    chosen = next(v for v in r.readings if v.chosen)
    other = next(v for v in r.readings if not v.chosen)
    assert chosen.note.endswith(f"chosen: ties with #{other.index} at 12000, and has more han (7 against 6)")
    assert by_total[other.index].note.endswith(f"ties with the chosen #{chosen.index} at 12000, which has more han "
                                               "(7 against 6)")


def test_each_reading_note_gives_the_han_of_its_items():
    r = engine.score("riichi", "11122233344455m", {"seat_wind": "S"}, None, explain=True)
    assert len(r.readings) > 1
    for v in r.readings:
        han = sum(i.points * i.count for i in v.items)
        assert v.note.startswith(f"{min(han, 13) if han >= 13 else han} han ")
    assert sum(v.chosen for v in r.readings) == 1


def test_a_hand_without_yaku_has_no_chosen_reading():
    r = engine.score("riichi", "[234m]456p678s22s34m5m", {"seat_wind": "S"}, {"open_tanyao": False}, explain=True)
    assert not any(v.chosen for v in r.readings)
    assert all(v.note.endswith("no yaku: this reading does not win") for v in r.readings)


# --- the tiles behind each item ----------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "context", "item", "tiles"), [
    ("223344m456p678s5p5p", {"seat_wind": "S"}, "iipeikou", "234m 234m"),
    ("223344m667788p5s5s", {"seat_wind": "S"}, "ryanpeikou", "234m 234m 678p 678p"),
    ("[PPP]234m567p789s1s1s", {"seat_wind": "S"}, "yakuhai_haku", "[PPP]"),
    ("[SSS]234m567p789s1s1s", {"seat_wind": "S", "round_wind": "S"}, "seat_wind", "[SSS]"),
    ("[SSS]234m567p789s1s1s", {"seat_wind": "S", "round_wind": "S"}, "round_wind", "[SSS]"),
    ("123456789m234p5s5s", {"seat_wind": "S"}, "ittsu", "123m 456m 789m"),
    ("234m234p234s678m5p5p", {"seat_wind": "S"}, "sanshoku", "234m 234p 234s"),
    ("222m222p222s456m8p8p", {"seat_wind": "S"}, "sanshoku_doukou", "222m 222p 222s"),
    ("[111m][999p]222sEEE5p5p", {"seat_wind": "S"}, "toitoi", "[111m] [999p] 222s EEE"),
    ("222m444p666s456m8p8p", {"seat_wind": "S", "riichi": True}, "sanankou", "222m 444p 666s"),
    ("(2222m)(3333p)[4444s]678m5p5p", {"seat_wind": "S"}, "sankantsu", "(2222m) (3333p) [4444s]"),
    ("[PPP][FFF]234m567pCC", {"seat_wind": "S"}, "shousangen", "[PPP] [FFF] CC"),
    ("[PPP][FFF]CCC234m5s5s", {"seat_wind": "S"}, "daisangen", "[PPP] [FFF] CCC"),
    ("[234m]456p678s22s34m5m", {"seat_wind": "S", "last_wall": True}, "houtei", "5m"),
    ("19m19p19sESWNCFP1m", {"seat_wind": "S", "self_draw": True}, "kokushi_13", "1m"),
    (PINFU, {"seat_wind": "S", "riichi": True, "dora_indicators": "1m", "ura_dora_indicators": "4m"}, "dora", "2m"),
    (PINFU, {"seat_wind": "S", "riichi": True, "dora_indicators": "1m", "ura_dora_indicators": "4m"}, "ura_dora", "5m"),
    ("223344m456p678s5p5p", {"seat_wind": "S", "dora_indicators": "1m"}, "dora", "22m"),
    ("234m456p678s22s34m0m", {"seat_wind": "S", "riichi": True}, "aka_dora", "0m"),
    (PINFU, {"seat_wind": "S", "riichi": True}, "tanyao", ""),  # a yaku of the whole hand names none
    (PINFU, {"seat_wind": "S", "riichi": True}, "riichi", ""),
])
def test_items_name_their_tiles(hand, context, item, tiles):
    r = engine.score("riichi", hand, context, None)
    found = {i.id: i.tiles for i in r.items}
    assert found[item] == tiles


# --- the command line's context options ---------------------------------------------------------------

HAND = "(2222m)345p678s456m9s9s"  # a closed kan, for --kong-win self-drawn


@pytest.mark.parametrize(("options", "field", "value"), [
    (["--self-draw"], "self_draw", True),
    (["--seat", "W"], "seat_wind", "W"),
    (["--round", "S"], "round_wind", "S"),
    (["--riichi"], "riichi", True),
    (["--double-riichi"], "double_riichi", True),
    (["--riichi", "--ippatsu"], "ippatsu", True),
    (["--last-wall"], "last_wall", True),
    (["--self-draw", "--kong-win"], "kong_win", True),
    (["--first-turn", "--seat", "S", PINFU], "first_turn", True),
    (["--dora", "3m"], "dora_indicators", "3m"),
    (["--riichi", "--dora", "3m", "--ura", "5p"], "ura_dora_indicators", "5p"),
    (["--honba", "2"], "honba", 2),
    (["--sticks", "3"], "riichi_sticks", 3),
    (["--discarder", "W", "--seat", "S"], "discarder", "W"),
])
def test_each_context_option(options, field, value):
    hand, options = (PINFU, options[:-1]) if options[-1] == PINFU else (HAND, options)  # a first-turn win: no kan
    ran = run_cli(["riichi", hand, *options, "--json"])
    assert ran.exit_code == 0, ran.output
    result = json.loads(ran.stdout)
    assert result["context_used"]["values"][field] == value and field not in result["context_used"]["defaults"]


def test_the_rules_option_and_the_readable_answer():
    ran = run_cli(["riichi", HAND, "--seat", "S", "--self-draw", "--kong-win", "--rules", "wrc", "--no-glyphs"])
    assert ran.exit_code == 0, ran.output
    out = ran.stdout
    assert "┃ han ┃" in out and "┃ points ┃" not in out  # each yaku with its han
    assert "After a Kan" in out and "│ 9s" in out  # rinshan names its winning tile
    assert "2 han 40 fu" in out and "fu: 20 base + 2 tsumo + 16 closed kan (2222m) + 2 pair wait → 40" in out
    assert "payments: E -1300  S +2700  W -700  N -700" in out
    assert "rules: wrc" in out and "(* default)" in out and "round E*" in out


@pytest.mark.parametrize(("options", "words"), [
    (["--seat", "X"], "--seat: 'X' is not a wind"),
    (["--honba", "-1"], "--honba: -1 is out of range 0–99"),
    (["--sticks", "100"], "--sticks: 100 is out of range 0–99"),
    (["--dora", "3x"], "--dora '3x': unknown character 'x'"),
    (["--ura", "5p", "--dora", "1m"], "--ura are only seen after riichi"),
    (["--discarder", "S", "--seat", "S"], "--discarder S is the winner's own seat"),
    (["--ippatsu"], "--ippatsu needs riichi"),
    (["--kong-win", "--last-wall", "--self-draw"], "--kong-win and --last-wall on a self-draw"),
    (["--rules", "nope"], "unknown rule preset 'nope' for riichi"),
])
def test_a_bad_option_is_named_as_typed(options, words):
    ran = run_cli(["riichi", HAND, *options, "--no-glyphs"])
    assert ran.exit_code == 2
    assert words in ran.output


# --- the reference -----------------------------------------------------------------------------------

def test_every_item_is_headed_with_its_han_as_the_reference_says_it():
    page = (Path(__file__).parent.parent / "docs" / "rules" / "riichi.md").read_text(encoding="utf-8")
    variant = registry.get("riichi")
    for item in ITEMS:
        heading = re.search(rf'<a id="{item.id.replace("_", "-")}"></a>\n### (.*)$', page, re.M)
        assert heading is not None, item.id
        assert heading.group(1).replace("`", "") == f"{item.name_zh} {item.name} — {variant.item_value(item)}"


def test_rules_command_gives_an_items_han():
    ran = run_cli(["rules", "riichi", "Full Flush"])
    assert ran.exit_code == 0, ran.output
    assert ran.stdout.splitlines()[0] == "清一色 Full Flush — 6 han, 5 open   (chinitsu)"
    assert "清一色 scores 6" in ran.stdout


# --- over HTTP ---------------------------------------------------------------------------------------

def test_http_claim_and_waits_answer_in_riichi_terms():
    client = TestClient(app)
    body = {"variant": "riichi", "hand": PINFU, "context": {"seat_wind": "S", "self_draw": True},
            "claim": ["3 han 20 fu", "700/1300", "pinfu", "tsumo", "tanyao"]}
    answer = client.post("/v1/score", json=body)
    assert answer.status_code == 200, answer.text
    verdict = answer.json()["verdict"]
    assert [c["status"] for c in verdict["items"]] == ["confirmed"] * 6
    body["claim"] = ["40 fu"]
    verdict = client.post("/v1/score", json=body).json()["verdict"]
    assert verdict["items"][0] == {"id": "40 fu", "status": "differs", "why": "the hand has 20 fu (20 base), not 40",
                                   "by": None, "principle": None}
    waits = client.post("/v1/waits", json={"variant": "riichi", "hand": "234m456p678s22s34m",
                                           "context": {"seat_wind": "S"}})
    assert waits.status_code == 200, waits.text
    by_tile = {w["tile"]: w["scores"] for w in waits.json()["waits"]}
    assert by_tile["2m"]["self_draw"]["note"] == "4 han 20 fu, 1300/2600"
    assert by_tile["5m"]["discard"]["note"] == "2 han 30 fu"
