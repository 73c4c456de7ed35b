"""The riichi hanchan sheet (docs/match.md#the-riichi-hanchan-sheet): whole games computed by hand
under each preset (dealer rotation, honba, riichi sticks, noten payments, multiple ron or head
bump, the end after South 4, places with ties, uma and oka), bad files with every problem at once,
the HTTP routes and the exports with the sum-to-zero check."""

from __future__ import annotations

import csv
import io
import json

import pytest
from cli_runner import run_cli
from fastapi.testclient import TestClient

from api.app import create_app
from scorer.errors import HandError
from scorer.match import add_entry, correct, new_record
from scorer.match.export import FORMATS

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
ADMIN = "admin-key-for-the-tests-0123"


def game(preset_or_rules, hands, **extra):
    rules = {"preset": preset_or_rules} if isinstance(preset_or_rules, str) else preset_or_rules
    return {"variant": "riichi", "players": PLAYERS, "rules": rules, "hands": hands, **extra}


def sheet_of(preset_or_rules, hands, **extra):
    return new_record(game(preset_or_rules, hands, **extra))[1]


def problems_of(raw) -> list[str]:
    with pytest.raises(HandError) as err:
        new_record(raw)
    return [p.message for p in err.value.problems]


# A whole hanchan, E1 to S4; the comments are the hand computations (basic = fu × 2^(han+2)).
HANCHAN = [
    # E1-0, dealer Ann: riichi Ann, tsumo 2 han 40 fu, basic 640, 1,300 from each; her stick back
    {"winner": "Ann", "from": None, "han": 2, "fu": 40, "riichi": ["Ann"]},
    # E1-1: draw, Bo tenpai (+3,000, others -1,000) and his riichi stick stays on the table; Ann noten: moves
    {"draw": True, "tenpai": ["Bo"], "riichi": ["Bo"]},
    # E2-2, dealer Bo: Cy ron off Di 1 han 30 fu: 1,000 + 600 honba + the stick
    {"winner": "Cy", "from": "Di", "han": 1, "fu": 30},
    # E3-0, dealer Cy: Di ron off Cy, mangan 8,000
    {"winner": "Di", "from": "Cy", "han": 5},
    # E4-0, dealer Di: ron off Ann 4 han 30 fu, basic 1,920 × 6 = 11,520 → 11,600; dealer repeats
    {"winner": "Di", "from": "Ann", "han": 4, "fu": 30},
    # E4-1: draw, nobody tenpai: nobody pays, the dealer moves
    {"draw": True, "tenpai": []},
    # S1-2, dealer Ann: tsumo haneman, 6,000 + 200 from each
    {"winner": "Ann", "from": None, "han": 6},
    # S1-3: Bo ron off Ann 3 han 40 fu: 1,280 × 4 = 5,120 → 5,200 + 900 honba
    {"winner": "Bo", "from": "Ann", "han": 3, "fu": 40},
    # S2-0, dealer Bo: draw, three tenpai (+1,000 each, Ann -3,000); Cy's riichi stick stays; Bo repeats
    {"draw": True, "tenpai": ["Bo", "Cy", "Di"], "riichi": ["Cy"]},
    # S2-1: Cy tsumo seven pairs 2 han 25 fu: basic 400, dealer 800, others 400, +100 each, + the stick
    {"winner": "Cy", "from": None, "han": 2, "fu": 25},
    # S3-0, dealer Cy: ron off Bo 3 han 30 fu: 960 × 6 = 5,760 → 5,800; Cy repeats
    {"winner": "Cy", "from": "Bo", "han": 3, "fu": 30},
    # S3-1: Ann ron off Cy 2 han 30 fu: 480 × 4 = 1,920 → 2,000 + 300
    {"winner": "Ann", "from": "Cy", "han": 2, "fu": 30},
    # S4-0, dealer Di: draw, Ann tenpai after riichi; Di noten: the game ends, Ann's stick is left over
    {"draw": True, "tenpai": ["Ann"], "riichi": ["Ann"]},
]
DELTAS = [
    (3900, -1300, -1300, -1300), (-1000, 2000, -1000, -1000), (0, 0, 2600, -1600), (0, 0, -8000, 8000),
    (-11600, 0, 0, 11600), (0, 0, 0, 0), (18600, -6200, -6200, -6200), (-6100, 6100, 0, 0),
    (-3000, 1000, 0, 1000), (-500, -900, 2900, -500), (0, -5800, 5800, 0), (2300, 0, -2300, 0),
    (2000, -1000, -1000, -1000),
]
LABELS = ["E1-0", "E1-1", "E2-2", "E3-0", "E4-0", "E4-1", "S1-2", "S1-3", "S2-0", "S2-1", "S3-0", "S3-1", "S4-0"]
DEALERS = ["Ann", "Ann", "Bo", "Cy", "Di", "Di", "Ann", "Ann", "Bo", "Bo", "Cy", "Cy", "Di"]
STICKS_BEFORE = [0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]
# after S4 the points are start + (4,600, -6,100, -8,500, +9,000), and Ann's leftover stick goes
# to first place, Di (+1,000): Di 1st, Ann 2nd, Bo 3rd, Cy 4th
MOVES = {"Ann": 4600, "Bo": -6100, "Cy": -8500, "Di": 10000}
SESSION = {
    # (points − 30,000) / 1000 + 15 / 5 / −5 / −15
    "wrc": {"Ann": 9.6, "Bo": -11.1, "Cy": -23.5, "Di": 25},
    "ema": {"Ann": 9.6, "Bo": -11.1, "Cy": -23.5, "Di": 25},
    # start and return 25,000, the same uma
    "mahjongsoul": {"Ann": 9.6, "Bo": -11.1, "Cy": -23.5, "Di": 25},
    # start 25,000, return 30,000: (points − 30,000) / 1000 + 20 / 10 / −10 / −20, oka +20 to first
    "tenhou": {"Ann": -0.4 + 10, "Bo": -11.1 - 10, "Cy": -13.5 - 20, "Di": 5 + 20 + 20},
}
START = {"wrc": 30_000, "ema": 30_000, "mahjongsoul": 25_000, "tenhou": 25_000}


@pytest.mark.parametrize("preset", ["wrc", "ema", "mahjongsoul", "tenhou"])
def test_a_whole_hanchan_under_each_preset(preset):
    s = sheet_of(preset, HANCHAN)
    assert [f"{r['label']}-{r['honba']}" for r in s["hands"]] == LABELS
    assert [r["dealer"] for r in s["hands"]] == DEALERS
    assert [r["sticks"] for r in s["hands"]] == STICKS_BEFORE
    assert [tuple(r["deltas"][p] for p in PLAYERS) for r in s["hands"]] == DELTAS
    running = dict.fromkeys(PLAYERS, START[preset])
    for row, deltas in zip(s["hands"], DELTAS, strict=True):
        running = {p: running[p] + d for p, d in zip(PLAYERS, deltas, strict=True)}
        assert row["points"] == running
    assert s["complete"] and s["next"] is None
    assert s["leftover_riichi"] == {"sticks": 1, "to": ["Di"]}
    assert s["final_points"] == {p: START[preset] + MOVES[p] for p in PLAYERS}
    assert sum(s["final_points"].values()) == 4 * START[preset]
    assert s["places"] == {"Di": 1, "Ann": 2, "Bo": 3, "Cy": 4} | {}
    assert s["session_scores"] == pytest.approx(SESSION[preset])
    assert s["check"]["zero"] and s["check"]["session_sum"] == 0
    # a hand after the end is refused, naming it
    after = problems_of(game(preset, [*HANCHAN, {"draw": True}]))
    assert after == ["hands[13]: the game ended after South 4 (entry 13): no hand comes after it (no West round)"]


def test_the_dealer_repeats_at_S4_even_when_leading_no_agari_yame():
    """S4's dealer who wins (or is tenpai) deals again: no West round, no stopping while ahead."""
    hands = [{"draw": True, "tenpai": []}] * 7 + [{"winner": "Di", "from": "Ann", "han": 1, "fu": 30}]
    s = sheet_of("wrc", hands)
    assert not s["complete"] and s["next"]["label"] == "S4" and s["next"]["honba"] == 8
    assert s["next"]["dealer"] == "Di"
    # dealer 1 han 30 fu 1,500 + 300 × 7 honba
    assert s["hands"][-1]["deltas"] == {"Ann": -3600, "Bo": 0, "Cy": 0, "Di": 3600}
    done = sheet_of("wrc", [*hands, {"draw": True, "tenpai": ["Ann"]}])
    assert done["complete"]
    # points below zero do not end the game (no busting)
    bust = [{"winner": "Bo", "from": "Ann", "yakuman": 1}, {"winner": "Cy", "from": "Ann", "yakuman": 1}]
    s = sheet_of("tenhou", bust)
    assert s["points"]["Ann"] == 25_000 - 64_000 and not s["complete"]


SPLIT = [{"draw": True, "tenpai": ["Cy", "Di"]}] + [{"draw": True, "tenpai": []}] * 7


@pytest.mark.parametrize(("preset", "places", "session"), [
    # tied players share their places' uma: (15 + 5) / 2 and (−5 − 15) / 2
    ("wrc", {"Ann": 3, "Bo": 3, "Cy": 1, "Di": 1}, {"Ann": -11.5, "Bo": -11.5, "Cy": 11.5, "Di": 11.5}),
    ("ema", {"Ann": 3, "Bo": 3, "Cy": 1, "Di": 1}, {"Ann": -11.5, "Bo": -11.5, "Cy": 11.5, "Di": 11.5}),
    # ties broken by seat from E1's dealer
    ("mahjongsoul", {"Ann": 3, "Bo": 4, "Cy": 1, "Di": 2}, {"Ann": -6.5, "Bo": -16.5, "Cy": 16.5, "Di": 6.5}),
    ("tenhou", {"Ann": 3, "Bo": 4, "Cy": 1, "Di": 2}, {"Ann": -16.5, "Bo": -26.5, "Cy": 36.5, "Di": 6.5}),
])
def test_places_with_ties_and_the_uma_split(preset, places, session):
    s = sheet_of(preset, SPLIT)
    assert s["complete"] and len(s["hands"]) == 8
    assert s["places"] == places
    assert s["session_scores"] == pytest.approx(session)
    assert sum(s["session_scores"].values()) == pytest.approx(0)


def test_a_three_way_tie_shares_the_uma_in_thirds_and_leftover_sticks():
    # E1: Ann tenpai alone after riichi: Ann +2,000, the others −1,000 each, one stick on the table; Ann
    # repeats; then eight draws with nobody tenpai: Bo, Cy and Di tie for second with 29,000
    hands = [{"draw": True, "tenpai": ["Ann"], "riichi": ["Ann"]}] + [{"draw": True, "tenpai": []}] * 8
    s = sheet_of("wrc", hands)
    assert s["complete"] and s["places"] == {"Ann": 1, "Bo": 2, "Cy": 2, "Di": 2}
    assert s["final_points"]["Ann"] == 33_000  # 32,000 and the leftover stick
    assert s["session_scores_exact"]["Bo"] == "-6"  # −1 + (5 − 5 − 15) / 3
    assert s["session_scores"]["Ann"] == 18
    lost = sheet_of({"preset": "wrc", "leftover_riichi": "lost"}, hands)
    assert lost["final_points"]["Ann"] == 32_000
    assert lost["check"] == {"session_sum": -1, "lost_sticks": 1, "zero": True, "penalties": 0}


def test_leftover_sticks_split_between_players_tied_first():
    # E1: Cy and Di tenpai after riichi: +1,500 − 1,000 each, two sticks on the table; then the dealer
    # moves on with nobody tenpai until the end: Cy and Di tie first and share the sticks
    hands = [{"draw": True, "tenpai": ["Cy", "Di"], "riichi": ["Cy", "Di"]}] + [{"draw": True, "tenpai": []}] * 7
    s = sheet_of("wrc", hands)
    assert s["complete"] and s["leftover_riichi"] == {"sticks": 2, "to": ["Cy", "Di"]}
    assert s["final_points"] == {"Ann": 28_500, "Bo": 28_500, "Cy": 31_500, "Di": 31_500}
    assert s["session_scores"] == {"Ann": -11.5, "Bo": -11.5, "Cy": 11.5, "Di": 11.5}


def test_an_mcr_file_may_name_its_variant_and_reads_as_before():
    plain = {"players": PLAYERS, "hands": [{"winner": "Ann", "from": "Bo", "fan": 8}]}
    assert new_record({**plain, "variant": "mcr"}) == new_record(plain)
    assert "variant" not in new_record(plain)[1]


def test_double_ron_honba_and_sticks_to_the_first_winner_after_the_discarder():
    hands = [
        {"draw": True, "tenpai": ["Ann"]},  # E1: Ann +3,000, the others −1,000; honba 1, Ann repeats
        # E1-1: Cy deals into Bo (2 han 30 fu, 2,000) and Ann (dealer 3 han 30 fu, 5,800); after Cy the
        # turn goes Di, Ann, Bo: Ann takes the 300 honba and Bo's riichi stick
        {"wins": [{"winner": "Bo", "from": "Cy", "han": 2, "fu": 30},
                  {"winner": "Ann", "from": "Cy", "han": 3, "fu": 30}], "riichi": ["Bo"]},
    ]
    for preset in ("tenhou", "mahjongsoul", "ema"):
        s = sheet_of(preset, hands)
        assert s["hands"][1]["deltas"] == {"Ann": 7100, "Bo": 1000, "Cy": -8100, "Di": 0}
        assert [w["winner"] for w in s["hands"][1]["wins"]] == ["Ann", "Bo"]
        # the dealer among the winners: the dealer repeats, honba + 1
        assert s["next"] == {**s["next"], "label": "E1", "honba": 2, "dealer": "Ann", "sticks": 0}
    problems = problems_of(game("wrc", hands))
    assert problems == ["hands[1]: the wrc preset has head bump: one discard has one winner, the player nearest the "
                        "discarder in turn order (Ann); enter that win alone"]


def test_triple_ron_by_preset():
    triple = {"wins": [{"winner": w, "from": "Ann", "han": 1, "fu": 30} for w in ("Bo", "Cy", "Di")]}
    s = sheet_of("ema", [triple])
    assert s["hands"][0]["deltas"] == {"Ann": -3000, "Bo": 1000, "Cy": 1000, "Di": 1000}
    assert s["next"]["label"] == "E2" and s["next"]["honba"] == 0
    assert problems_of(game("tenhou", [triple])) == [
        "hands[0]: 3 rons on one discard: the tenhou preset allows 2 at most (three rons are an abortive draw: "
        "enter draw: true, abortive: true)"]
    aborted = sheet_of("tenhou", [{"draw": True, "abortive": True, "riichi": ["Bo"]}])
    assert aborted["next"] == {**aborted["next"], "label": "E1", "honba": 1, "sticks": 1, "dealer": "Ann"}
    assert problems_of(game("wrc", [{"draw": True, "abortive": True}])) == [
        "hands[0]: the wrc preset has no abortive draws (the hand is played on)"]


def test_a_hand_given_as_tiles_is_valued_by_the_riichi_scorer_in_the_sheets_seats():
    hands = [
        {"draw": True, "tenpai": ["Ann"]},  # honba 1, Ann repeats
        # E1-1, Bo (South) ron off Di; riichi from the sheet, one dora (indicator 1m): riichi, pinfu,
        # tanyao, dora = 4 han 30 fu, 7,700 + 300
        {"winner": "Bo", "from": "Di", "hand": "234m456p678s22s34m5m", "context": {"dora_indicators": "1m"},
         "riichi": ["Bo"]},
    ]
    s = sheet_of("wrc", hands)
    win = s["hands"][1]["wins"][0]
    assert (win["han"], win["fu"]) == (4, 30)
    assert {i["id"] for i in win["scored"]["items"]} == {"riichi", "pinfu", "tanyao", "dora"}
    assert win["scored"]["context"] | {} == {**win["scored"]["context"], "seat_wind": "S", "discarder": "N",
                                              "honba": 1, "riichi": True, "round_wind": "E"}
    assert s["hands"][1]["deltas"] == {"Ann": 0, "Bo": 8000, "Cy": 0, "Di": -8000}
    # the same hand by han and fu settles the same
    by_han = sheet_of("wrc", [hands[0], {"winner": "Bo", "from": "Di", "han": 4, "fu": 30, "riichi": ["Bo"]}])
    assert by_han["hands"][1]["deltas"] == s["hands"][1]["deltas"]
    # the context may repeat riichi; without the winner in the riichi list it is refused (no stick down)
    repeated = {**hands[1], "context": {"dora_indicators": "1m", "riichi": True}}
    assert sheet_of("wrc", [hands[0], repeated])["hands"][1]["deltas"] == s["hands"][1]["deltas"]
    assert problems_of(game("wrc", [hands[0], {**repeated, "riichi": []}])) == [
        "hands[1]: context.riichi: Bo is not in this hand's riichi list (the list puts the 1,000 stick down)"]
    # WRC values 13 han without a yakuman at sanbaiman, Tenhou as a counted yakuman
    assert sheet_of("wrc", [{"winner": "Bo", "from": "Ann", "han": 13}])["hands"][0]["deltas"]["Bo"] == 24000
    assert sheet_of("tenhou", [{"winner": "Bo", "from": "Ann", "han": 13}])["hands"][0]["deltas"]["Bo"] == 32000


def test_a_bad_match_file_gets_every_problem_at_once_in_words():
    raw = game("wrc", [
        {"winner": "Ann", "from": "Zed", "han": 2, "fu": 30},
        {"winner": "Bo", "from": None, "han": 1, "fu": 20},
        {"winner": "Cy", "from": "Di", "han": 3},
        {"draw": True, "tenpai": ["Bo"], "riichi": ["Cy"]},
        {"winner": "Di", "from": "Ann", "han": 0, "fu": 30},
        {"draw": True, "tenpai": [], "oops": 1},
        {"winner": "Di", "from": "Bo", "han": 2, "fu": 35, "riichi": ["Cy", "Cy"]},
    ])
    assert problems_of(raw) == [
        "hands[0]: the discarder 'Zed' is not one of the players (Ann, Bo, Cy, Di)",
        "hands[1]: 1 han 20 fu is no hand: 20 fu is pinfu self-drawn, 2 han at least",
        "hands[2]: 3 han needs its fu (from 5 han the fu no longer count)",
        "hands[3]: Cy declared riichi, so is tenpai at the draw: add them to tenpai (a riichi that was not "
        "tenpai is a chombo: a penalty entry)",
        "hands[4].han: 0 is below the least allowed, 1",
        "hands[5].oops: unknown field",
        "hands[6].riichi: Cy is named twice in riichi",
        "hands[6]: 35 fu is not a fu count (20, 25, then 30 to 110 in tens)",
    ]
    # the record's own problems and its entries' shapes together
    assert problems_of({"variant": "riichi", "players": ["Ann", "Bo", "Cy"],
                        "rules": {"start": 25000, "return": 30000, "uma": [15, 5, -5, -10], "oka": 10},
                        "hands": [{"draw": "yes"}]}) == [
        "players: a riichi table has four players, not 3",
        "rules.uma: [15, 5, -5, -10] sums to 5, not 0",
        "rules.oka: 10 with start 25000 and return 30000 would leave the session scores not summing "
        "to zero: the oka is 4 × (return − start) / 1000 = 20",
        'hands[0].draw: "yes" is not true',
    ]
    assert problems_of(game({"preset": "wrcx", "start": "1"}, [])) == [
        'rules.preset: "wrcx" is not "wrc", "ema", "mahjongsoul" or "tenhou"', 'rules.start: "1" is not an integer']
    assert problems_of(game({"uma": [10, 5, -5, -10]}, [])) == [
        "rules: custom rules (no preset) give start, return (or name a preset: wrc, ema, mahjongsoul, tenhou)"]
    assert problems_of({**game("wrc", []), "variant": "hk"}) == [
        "variant: 'hk' has no match sheet (match sheets: mcr, riichi)"]
    assert problems_of({"variant": "riichi", "players": PLAYERS}) == ["rules: missing"]


def test_custom_rules_and_a_preset_overridden():
    s = sheet_of({"start": 25000, "return": 30000, "uma": [30, 10, -10, -30]}, SPLIT)
    assert s["rules"]["oka"] == 20 and s["rules"]["ties"] == "split"
    # Cy and Di tie first: (30 + 10 + 20 oka) / 2 − 3.5
    assert s["session_scores"]["Cy"] == 26.5
    s = sheet_of({"preset": "tenhou", "ties": "split"}, SPLIT)
    assert s["places"]["Di"] == 1 and s["rules"]["uma"] == [20, 10, -10, -20]


def test_cli_sheet_and_a_bad_file(tmp_path):
    path = tmp_path / "hanchan.json"
    path.write_text(json.dumps(game("wrc", HANCHAN, title="Table 7")))
    out = run_cli(["sheet", str(path)])
    assert out.exit_code == 0, out.stderr
    assert "Table 7 — wrc" in out.stdout and "S4-0" in out.stdout
    assert "+25" in out.stdout  # Di's session score
    js = json.loads(run_cli(["sheet", str(path), "--json"]).stdout)
    assert js["places"]["Di"] == 1 and js["final_points"]["Di"] == 40_000
    explained = run_cli(["sheet", "docs/examples/riichi-hanchan.json", "--explain", "8"])
    assert explained.exit_code == 0 and "3 han 40 fu" in explained.stdout and "seat S, round S" in explained.stdout
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(game("wrc", [{"winner": "Zed", "from": None, "han": 1, "fu": 30},
                                            {"draw": True, "tenpai": ["Nobody"]}])))
    out = run_cli(["sheet", str(bad)])
    assert out.exit_code == 2
    assert "Traceback" not in out.output and out.exception is None
    assert "'Zed' is not one of the players" in out.stderr and "'Nobody' is not one of the players" in out.stderr


def test_exports_json_csv_ema_and_the_zero_sum_check_with_penalties():
    raw = game("wrc", [*HANCHAN, {"penalty": {"Bo": -20000}, "reason": "chombo"}],
               title="T", players=[{"name": "Ann", "ema_id": "04170001", "country": "FR"}, "Bo", "Cy", "Di"])
    record, s = new_record(raw)
    assert s["session_scores"]["Bo"] == -11.1 and s["scores"]["Bo"] == pytest.approx(-31.1)
    assert s["check"] == {"session_sum": 0, "lost_sticks": 0, "zero": True, "penalties": -20}
    js = FORMATS["json"].write(record, s)
    assert new_record(js["record"])[1] == s  # the record reads back
    rows = list(csv.reader(io.StringIO(FORMATS["csv"].write(record, s))))
    entries = [r for r in rows if r and r[0] == "entry"]
    assert len(entries) == 14 and entries[7][6:10] == ["Bo", "Ann", "3", "40"]
    assert ["check", "session_sum", "0", "lost_sticks", "0", "sums_to_zero", "yes"] in rows
    assert ["penalty", "14", "Bo", "-20", "chombo"] in rows
    ema = list(csv.reader(io.StringIO(FORMATS["ema"].write(record, s))))
    assert ema == [["Rank", "Name", "EMA number", "Country", "Table points", "Score"],
                   ["1", "Di", "", "", "40000", "25"], ["2", "Ann", "04170001", "FR", "34600", "9.6"],
                   ["3", "Bo", "", "", "23900", "-31.1"], ["4", "Cy", "", "", "21500", "-23.5"]]


def test_add_and_correct_in_the_library():
    record, s = new_record(game("ema", []))
    for entry in HANCHAN[:3]:
        record, s = add_entry(record, entry)
    assert s["next"] == {**s["next"], "label": "E3", "honba": 0, "dealer": "Cy"}
    # the first hand was Ann's tsumo on 2 han 30 fu, not 40: 1,000 each
    record, s = correct(record, 1, {"winner": "Ann", "from": None, "han": 2, "fu": 30, "riichi": ["Ann"]},
                        "referee", "the fu were miscounted")
    assert s["hands"][0]["deltas"] == {"Ann": 3000, "Bo": -1000, "Cy": -1000, "Di": -1000}
    assert s["log"][0]["before"]["fu"] == 40
    with pytest.raises(HandError) as err:
        add_entry(record, {"winner": "Ann", "from": "Ann", "han": 1, "fu": 30})
    assert err.value.problems[0].message == "entry: Ann cannot win on their own discard (from: null is a self-draw)"


@pytest.fixture()
def client(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_MATCHES", str(tmp_path / "matches.sqlite3"))
    monkeypatch.setenv("MJSCORE_ADMIN_KEY", ADMIN)
    with TestClient(create_app()) as c:
        yield c


def test_http_create_add_correct_export_with_edit_keys(client):
    r = client.post("/v1/matches", json=game("tenhou", [], title="Table 9"))
    assert r.status_code == 201, r.text
    made = r.json()
    mid, key = made["id"], made["edit_key"]
    auth = {"authorization": f"Bearer {key}"}
    assert made["record"]["variant"] == "riichi" and made["sheet"]["next"]["label"] == "E1"
    assert client.post(f"/v1/matches/{mid}/hands", json={"entry": HANCHAN[0]}).status_code == 401
    assert client.post(f"/v1/matches/{mid}/hands", json={"entry": HANCHAN[0]},
                       headers={"authorization": "Bearer not-the-key"}).status_code == 403
    for entry in HANCHAN:
        r = client.post(f"/v1/matches/{mid}/hands", json={"entry": entry}, headers=auth)
        assert r.status_code == 200, r.text
    s = r.json()["sheet"]
    assert s["complete"] and s["session_scores"] == pytest.approx(SESSION["tenhou"])
    # a bad entry: 422 with every problem in the words of a riichi entry, nothing changed
    r = client.post(f"/v1/matches/{mid}/hands", json={"entry": {"winner": "Bo", "from": "Ann", "fan": 8},
                                                      "revision": "x"}, headers=auth)
    assert r.status_code == 422
    messages = [e["message"] for e in r.json()["error"]["errors"]]
    assert "entry.fan: unknown field" in messages and any(m.startswith("revision") for m in messages)
    r = client.post(f"/v1/matches/{mid}/hands", json={"entry": {"draw": True}}, headers=auth)
    assert r.status_code == 422 and r.json()["error"]["code"] == "game_over"
    r = client.post(f"/v1/matches/{mid}/corrections", headers=auth, json={
        "n": 4, "entry": {"winner": "Di", "from": "Cy", "han": 3, "fu": 30}, "by": "referee", "reason": "3 han"})
    assert r.status_code == 200, r.text
    assert r.json()["sheet"]["hands"][3]["deltas"]["Di"] == 3900
    r = client.get(f"/v1/matches/{mid}/export", params={"format": "ema"})
    assert r.status_code == 200 and r.text.startswith("Rank,Name")
    r = client.get(f"/v1/matches/{mid}")
    assert r.json()["sheet"]["log"][0]["reason"] == "3 han"
    bad = client.post("/v1/matches", json=game("wrc", [{"wins": [{"winner": "Bo", "from": "Ann", "han": 1, "fu": 30},
                                                                 {"winner": "Cy", "from": "Ann", "han": 1,
                                                                  "fu": 30}]}]))
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "head_bump"


def test_http_explains_a_hand_given_as_tiles(client):
    hands = [{"winner": "Bo", "from": "Di", "hand": "234m456p678s22s34m5m"}]
    made = client.post("/v1/matches", json=game("wrc", hands)).json()
    r = client.get(f"/v1/matches/{made['id']}/hands/1/explanation")
    assert r.status_code == 200, r.text
    assert r.json()["variant"] == "riichi" and r.json()["context_used"]["values"]["seat_wind"] == "S"


# the preset table of the records spec, field by field
PRESET_TABLE = {
    "wrc": (30_000, 30_000, [15, 5, -5, -15], 0, "split", "head_bump", "first", False),
    "ema": (30_000, 30_000, [15, 5, -5, -15], 0, "split", "triple", "first", False),
    "mahjongsoul": (25_000, 25_000, [15, 5, -5, -15], 0, "seat_order", "double", "first", True),
    "tenhou": (25_000, 30_000, [20, 10, -10, -20], 20, "seat_order", "double", "first", True),
}


@pytest.mark.parametrize("preset", PRESET_TABLE)
def test_each_presets_numbers(preset):
    rules = sheet_of(preset, [])["rules"]
    got = tuple(rules[k] for k in ("start", "return", "uma", "oka", "ties", "multiple_ron", "leftover_riichi",
                                   "abortive_draws"))
    assert got == PRESET_TABLE[preset]
    assert rules["preset"] == preset


def test_abortive_draws_and_a_third_ron_by_preset():
    # Mahjong Soul has abortive draws: the dealer deals again with one more honba, the sticks stay
    s = sheet_of("mahjongsoul", [{"draw": True, "abortive": True, "riichi": ["Cy", "Di"]}])
    assert s["hands"][0]["deltas"] == {"Ann": 0, "Bo": 0, "Cy": -1000, "Di": -1000}
    assert s["next"] == {**s["next"], "label": "E1", "dealer": "Ann", "honba": 1, "sticks": 2}
    assert problems_of(game("ema", [{"draw": True, "abortive": True}])) == [
        "hands[0]: the ema preset has no abortive draws (the hand is played on)"]
    triple = {"wins": [{"winner": w, "from": "Ann", "han": 1, "fu": 30} for w in ("Bo", "Cy", "Di")]}
    assert [p.split(":")[1].strip() for p in problems_of(game("mahjongsoul", [triple]))] == [
        "3 rons on one discard"]


def test_a_non_dealer_tsumo_with_honba_resets_them_and_moves_the_dealer():
    hands = [
        {"draw": True, "tenpai": ["Ann"]},  # E1-0: Ann +3,000, the others −1,000; Ann repeats, honba 1
        # E1-1: Cy tsumo 1 han 30 fu: basic 240, the dealer 480 → 500, the others 240 → 300, +100 honba each
        {"winner": "Cy", "from": None, "han": 1, "fu": 30},
    ]
    s = sheet_of("wrc", hands)
    assert s["hands"][1]["deltas"] == {"Ann": -600, "Bo": -400, "Cy": 1400, "Di": -400}
    assert s["next"] == {**s["next"], "label": "E2", "dealer": "Bo", "honba": 0, "sticks": 0}


def test_a_tie_for_first_in_seat_order_gives_the_leftover_sticks_and_the_oka_to_the_earlier_seat():
    # E1: Bo and Cy tenpai after riichi: +1,500 − 1,000 each, Ann and Di −1,500, two sticks on the table;
    # Ann noten: seven more draws with nobody tenpai end the game after S4. Tenhou: 25,000 start.
    hands = [{"draw": True, "tenpai": ["Bo", "Cy"], "riichi": ["Bo", "Cy"]}] + [{"draw": True, "tenpai": []}] * 7
    s = sheet_of("tenhou", hands)
    assert s["complete"]
    assert s["places"] == {"Bo": 1, "Cy": 2, "Ann": 3, "Di": 4}
    assert s["leftover_riichi"] == {"sticks": 2, "to": ["Bo"]}
    assert s["final_points"] == {"Ann": 23_500, "Bo": 27_500, "Cy": 25_500, "Di": 23_500}
    # (points − 30,000) / 1000 + uma, + 20 oka to first
    assert s["session_scores"] == {"Ann": -16.5, "Bo": 37.5, "Cy": 5.5, "Di": -26.5}
    assert s["check"]["zero"]


def test_the_sheet_kind_is_the_one_the_variant_declares():
    from scorer import registry
    from scorer.match.kinds import SHEETS, keeping_sheets, of_record

    assert keeping_sheets() == [v.id for v in registry.variants().values() if v.match_sheet]
    for variant_id in ("mcr", "riichi"):
        assert of_record({"variant": variant_id}) is SHEETS[registry.get(variant_id).match_sheet]
    assert of_record({}) is of_record({"variant": "mcr"})
    # a variant that keeps no sheet, and a name that is no variant, both get the list of those that do
    assert registry.get("fuzhou").match_sheet is None
    for name in ("fuzhou", "hk", 7):
        assert problems_of({**game("wrc", []), "variant": name}) == [
            f"variant: {name!r} has no match sheet (match sheets: {', '.join(keeping_sheets())})"]


@pytest.mark.parametrize("preset", PRESET_TABLE)
@pytest.mark.parametrize(("win", "deltas"), [
    # non-dealer ron 3 han 60 fu: basic 60 × 32 = 1,920, × 4 = 7,680 → 7,700 (no preset rounds it to mangan)
    ({"winner": "Bo", "from": "Cy", "han": 3, "fu": 60}, {"Ann": 0, "Bo": 7700, "Cy": -7700, "Di": 0}),
    # dealer ron 3 han 60 fu: 1,920 × 6 = 11,520 → 11,600
    ({"winner": "Ann", "from": "Cy", "han": 3, "fu": 60}, {"Ann": 11600, "Bo": 0, "Cy": -11600, "Di": 0}),
    # 4 han 40 fu and 3 han 70 fu pass basic 2,000: mangan, 8,000 for a non-dealer
    ({"winner": "Bo", "from": "Di", "han": 4, "fu": 40}, {"Ann": 0, "Bo": 8000, "Cy": 0, "Di": -8000}),
    ({"winner": "Bo", "from": "Di", "han": 3, "fu": 70}, {"Ann": 0, "Bo": 8000, "Cy": 0, "Di": -8000}),
    # non-dealer tsumo 4 han 30 fu: the dealer 3,840 → 3,900, the others 1,920 → 2,000
    ({"winner": "Di", "from": None, "han": 4, "fu": 30}, {"Ann": -3900, "Bo": -2000, "Cy": -2000, "Di": 7900}),
])
def test_hand_values_and_rounding_under_each_preset(preset, win, deltas):
    assert sheet_of(preset, [win])["hands"][0]["deltas"] == deltas
