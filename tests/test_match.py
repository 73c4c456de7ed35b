"""The MCR match sheet (docs/match.md): seating, settlement, standings, 追分, penalties,
corrections, bad input, exports and ``mjscore sheet``."""

from __future__ import annotations

import copy
import csv
import io
import itertools
import json
import random
import re
import subprocess
from fractions import Fraction

import pytest
from conftest import ROOT

from scorer.errors import HandError
from scorer.match import add_entry, correct, new_record
from scorer.match import export as ex
from scorer.match.seating import POSITION, WINDS, hand_seats
from scorer.match.sheet import explanation
from scorer.match.standings import needs, table_points
from scorer.variants.mcr.settle import payments

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
# a whole match: 14 hands played, two not played (time ran out), a false win and a penalty
MATCH = [
    {"winner": "Ann", "from": "Bo", "fan": 8},        # E1
    {"winner": "Cy", "from": None, "fan": 10},        # E2
    {"draw": True},                                   # E3
    {"winner": "Di", "from": "Ann", "fan": 24},       # E4
    {"winner": "Bo", "from": None, "fan": 8},         # S1
    {"winner": "Ann", "from": "Cy", "fan": 12},       # S2
    {"false_win": "Bo", "reason": "declared on a tile he was not waiting for"},
    {"winner": "Cy", "from": "Di", "fan": 16},        # S3
    {"draw": True},                                   # S4
    {"winner": "Ann", "from": None, "fan": 8},        # W1
    {"winner": "Bo", "from": "Cy", "fan": 9},         # W2
    {"winner": "Di", "from": None, "fan": 13},        # W3
    {"penalty": {"Ann": -10}, "reason": "showed a tile"},
    {"winner": "Cy", "from": "Ann", "fan": 8},        # W4
    {"winner": "Di", "from": "Bo", "fan": 11},        # N1
    {"draw": True},                                   # N2
    {"not_played": True},                             # N3
    {"not_played": True},                             # N4
]


def match(hands=MATCH, **extra):
    return new_record({"players": PLAYERS, "hands": copy.deepcopy(hands), **extra})


# --- seating ----------------------------------------------------------------------------------------

def test_seating_is_the_helper_score_sheet_rule():
    # ChineseOfficialMahjongHelper's score sheet: the seat each first-hand seat takes in the
    # East, South, West and North rounds ("每圈座位")
    helper = {"E": "东南北西", "S": "南东西北", "W": "西北东南", "N": "北西南东"}
    zh = dict(zip("东南西北", WINDS, strict=True))
    for first, rounds in helper.items():
        assert [POSITION[r][first] for r in WINDS] == [zh[c] for c in rounds]


def test_seating_agrees_with_mahjongscoring2():
    # MahjongScoring2 asks the other way round: who sits in each seat, by round
    ms2 = {"S": {"E": "S", "S": "E", "W": "N", "N": "W"},
           "W": {"E": "W", "S": "N", "W": "S", "N": "E"},
           "N": {"E": "N", "S": "W", "W": "E", "N": "S"}}
    for rnd, by_seat in ms2.items():
        for seat, first in by_seat.items():
            assert POSITION[rnd][first] == seat


def test_each_player_deals_four_times_and_has_every_other_player_before_them():
    dealers = [hand_seats(h).dealer for h in range(1, 17)]
    assert sorted(dealers) == sorted(WINDS * 4)
    before = {p: set() for p in WINDS}  # 上家: the player whose discards one may chow
    for rnd in WINDS:
        pos = {p: WINDS.index(POSITION[rnd][p]) for p in WINDS}
        assert sorted(pos.values()) == [0, 1, 2, 3]
        for p, q in itertools.permutations(WINDS, 2):
            if (pos[p] - pos[q]) % 4 == 1:
                before[p].add(q)
    assert all(before[p] == set(WINDS) - {p} for p in WINDS)


def test_hand_labels_and_winds():
    h2 = hand_seats(2)
    assert (h2.label, h2.label_zh, h2.round_wind, h2.dealer) == ("E2", "东风南", "E", "S")
    assert h2.seat_wind == {"E": "N", "S": "E", "W": "S", "N": "W"}
    h5 = hand_seats(5)  # South round: the first East and South have swapped seats
    assert (h5.label_zh, h5.dealer, h5.seat_wind["E"]) == ("南风东", "S", "S")
    assert hand_seats(16).label_zh == "北风北"


# --- a whole match ----------------------------------------------------------------------------------

def test_whole_match_settles_and_ranks():
    record, sheet = match()
    assert sheet["hands_played"] == 16 and sheet["complete"] and sheet["hands_left"] == 0
    assert sheet["totals"] == {"Ann": -11, "Bo": -71, "Cy": 22, "Di": 50}
    assert sheet["places"] == {"Ann": 3, "Bo": 4, "Cy": 2, "Di": 1}
    assert sheet["table_points"] == {"Ann": 1.0, "Bo": 0.0, "Cy": 2.0, "Di": 4.0}
    rows = sheet["hands"]
    assert rows[0]["deltas"] == {"Ann": 32, "Bo": -16, "Cy": -8, "Di": -8}
    assert rows[1]["deltas"] == {"Ann": -18, "Bo": -18, "Cy": 54, "Di": -18}
    assert rows[6]["kind"] == "false_win" and rows[6]["deltas"] == {"Ann": 10, "Bo": -30, "Cy": 10, "Di": 10}
    assert rows[6]["hand"] == 7  # during the hand in progress
    assert rows[12]["deltas"] == {"Ann": -10, "Bo": 0, "Cy": 0, "Di": 0}
    for row in rows:
        if row["kind"] == "win":
            assert sum(row["deltas"].values()) == 0
            assert row["deltas"][row["winner"]] == (3 * (8 + row["fan"]) if row["self_draw"] else 24 + row["fan"])
    assert rows[-1]["totals"] == sheet["totals"]
    assert [r.get("label") for r in rows if "label" in r] == [f"{w}{i}" for w in WINDS for i in range(1, 5)]
    assert sheet["stats"]["table"] == {"wins": 11, "draws": 3, "not_played": 2, "hands_played": 14}
    assert sheet["stats"]["players"]["Di"] == {"wins": 3, "self_draws": 1, "dealt_in": 1, "false_wins": 0,
                                               "penalty_points": 0, "best_fan": 24}
    assert sheet["stats"]["players"]["Bo"]["false_wins"] == 1
    assert record["hands"][1] == {"winner": "Cy", "from": None, "fan": 10}


def test_a_seventeenth_hand_is_refused():
    record, _ = match()
    before = copy.deepcopy(record)
    with pytest.raises(HandError) as err:
        add_entry(record, {"draw": True})
    assert err.value.code == "too_many_hands" and err.value.message.startswith("entry: this would be hand 17")
    assert record == before
    # a penalty after the last hand is still taken
    _, sheet = add_entry(record, {"penalty": {"Cy": -5}, "reason": "late score sheet"})
    assert sheet["totals"]["Cy"] == 17 and sheet["hands"][-1]["hand"] == 16


def test_hand_given_as_tiles_is_scored_in_the_match_seats():
    # hand 2: Bo deals (East); Cy sits South. The dragon pung and the winds depend on the seat.
    _, sheet = new_record({"players": PLAYERS, "hands": [
        {"draw": True},
        {"winner": "Cy", "from": "Di", "hand": "[123m]456789m555pCC"},
    ]})
    row = sheet["hands"][1]
    assert row["seats"] == {"Ann": "N", "Bo": "E", "Cy": "S", "Di": "W"}
    assert row["scored"]["context"] == {"self_draw": False, "seat_wind": "S", "round_wind": "E", "discarder": "W"}
    assert row["fan"] == row["scored"]["total"] == 18
    assert row["deltas"] == {"Ann": -8, "Bo": -8, "Cy": 42, "Di": -26}
    full = explanation(sheet, 2)
    assert full.total == 18 and full.readings and full.context_used.values["seat_wind"] == "S"


def test_seat_wind_of_a_scored_hand_follows_the_seat_changes():
    # a pung of South: 门风 for the player whose seat wind is South in that hand, 圈风 in the South round
    hand = "SSS123m456p789s11p"
    hands = [{"draw": True}] * 4 + [{"winner": "Ann", "from": None, "hand": hand}]
    _, sheet = new_record({"players": PLAYERS, "hands": hands})
    row = sheet["hands"][4]
    assert row["seats"]["Ann"] == "S" and row["round_wind"] == "S"
    ids = {i["id"] for i in row["scored"]["items"]}
    assert {"prevalent_wind", "seat_wind"} <= ids


# --- standings --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("totals", "expected"), [
    ((24, -32, 24, -16), (3, 0, 3, 1)),
    ((5, 5, 5, -15), (Fraction(7, 3),) * 3 + (0,)),
    ((0, 0, 0, 0), (Fraction(7, 4),) * 4),
    ((10, 0, 0, -10), (4, Fraction(3, 2), Fraction(3, 2), 0)),
    ((10, 5, -7, -7), (4, 2, Fraction(1, 2), Fraction(1, 2))),
    ((3, -1, -1, -1), (4, 1, 1, 1)),
])
def test_table_points_share_tied_places(totals, expected):
    got = table_points(dict(zip(PLAYERS, totals, strict=True)))
    assert tuple(got[p] for p in PLAYERS) == expected
    assert sum(got.values()) == 7


def test_tied_first_in_a_match():
    _, sheet = new_record({"players": PLAYERS, "hands": [
        {"winner": "Ann", "from": "Bo", "fan": 8}, {"winner": "Cy", "from": "Bo", "fan": 8}]})
    assert sheet["totals"] == {"Ann": 24, "Bo": -32, "Cy": 24, "Di": -16}
    assert sheet["table_points"] == {"Ann": 3.0, "Bo": 0.0, "Cy": 3.0, "Di": 1.0}
    assert sheet["places"] == {"Ann": 1, "Bo": 4, "Cy": 1, "Di": 3}
    assert sheet["table_points_exact"]["Ann"] == "3"
    _, three = new_record({"players": PLAYERS, "hands": [{"penalty": {"Di": -15}, "reason": "r"}]})
    assert three["table_points_exact"] == {"Ann": "7/3", "Bo": "7/3", "Cy": "7/3", "Di": "0"}


# --- 追分, checked by brute force over fan values -----------------------------------------------------

def _after(totals, winner, discarder, fan):
    seat = dict(zip(totals, WINDS, strict=True))
    pay = payments(seat[winner], fan, discarder is None, None if discarder is None else seat[discarder])
    return {p: totals[p] + pay[seat[p]] for p in totals}


def _passes(totals, me, discarder, target, fan):
    after = _after(totals, me, discarder, fan)
    return after[me] > after[target]


def _reaches(totals, me, discarder, place, fan):
    after = _after(totals, me, discarder, fan)
    return sum(after[p] >= after[me] for p in totals if p != me) <= place - 1


def _brute(ok, *args):
    """The smallest fan from 8 up for which ``ok(*args, fan)`` holds."""
    return next(f for f in range(8, 5000) if ok(*args, f))


def _check_needs(totals):
    got = needs(totals)
    for me in totals:
        others = [p for p in totals if p != me]
        for t in got[me]["to_pass"]:
            p = t["player"]
            third = next(o for o in others if o != p)
            assert t["self_draw"] == _brute(_passes, totals, me, None, p)
            assert t["off_them"] == _brute(_passes, totals, me, p, p)
            assert t["off_other"] == _brute(_passes, totals, me, third, p)
        assert [t["player"] for t in got[me]["to_pass"]] == sorted(
            (p for p in others if totals[p] >= totals[me]), key=lambda p: -totals[p])
        place = 1 + sum(totals[p] >= totals[me] for p in others)
        assert got[me]["place"] == place
        assert [t["place"] for t in got[me]["to_place"]] == list(range(1, place))
        for t in got[me]["to_place"]:
            assert t["self_draw"] == _brute(_reaches, totals, me, None, t["place"])
            assert t["from"] == {d: _brute(_reaches, totals, me, d, t["place"]) for d in others}


def test_needs_match_a_brute_force_over_fans():
    rng = random.Random(22)
    cases = [{"Ann": 0, "Bo": 0, "Cy": 0, "Di": 0}, {"Ann": 99, "Bo": 100, "Cy": 0, "Di": -199},
             {"Ann": 40, "Bo": 40, "Cy": -40, "Di": -40}, match(MATCH[:9])[1]["totals"]]
    cases += [dict(zip(PLAYERS, (rng.randint(-300, 300) for _ in PLAYERS), strict=True)) for _ in range(40)]
    for totals in cases:
        _check_needs(totals)


def test_needs_in_the_sheet_are_the_helpers_pursuit_table():
    _, sheet = match(MATCH[:8])
    assert sheet["totals"] == {"Ann": 4, "Bo": -40, "Cy": 52, "Di": -16}
    ann = sheet["needs"]["Ann"]
    # the Helper's 追分: d = gap - 32, then self-draw d/4 + 1, off them d/2 + 1, off another d + 1, at least 8
    assert ann["to_pass"] == [{"player": "Cy", "gap": 48, "self_draw": 8, "off_them": 9, "off_other": 17}]
    di = sheet["needs"]["Di"]
    assert di["to_pass"] == [{"player": "Cy", "gap": 68, "self_draw": 10, "off_them": 19, "off_other": 37},
                             {"player": "Ann", "gap": 20, "self_draw": 8, "off_them": 8, "off_other": 8}]
    assert di["place"] == 3 and di["to_place"][0] == {"place": 1, "self_draw": 10,
                                                      "from": {"Ann": 37, "Bo": 37, "Cy": 19}}
    assert sheet["needs"]["Cy"] == {"place": 1, "to_pass": [], "to_place": []}


# --- penalties --------------------------------------------------------------------------------------

def test_false_win_rule_is_configurable():
    hands = [{"false_win": "Cy"}]
    assert match(hands)[1]["totals"] == {"Ann": 10, "Bo": 10, "Cy": -30, "Di": 10}
    _, sheet = match(hands, rules={"false_win_points": 5})
    assert sheet["totals"] == {"Ann": 5, "Bo": 5, "Cy": -15, "Di": 5}
    _, sheet = match(hands, rules={"false_win_points": 10, "false_win_paid_to_others": False})
    assert sheet["totals"] == {"Ann": 0, "Bo": 0, "Cy": -30, "Di": 0}


def test_penalty_adjusts_seats_with_its_reason():
    _, sheet = match([{"penalty": {"Ann": -20, "Di": 5}, "reason": "table talk"}])
    assert sheet["totals"] == {"Ann": -20, "Bo": 0, "Cy": 0, "Di": 5}
    assert sheet["hands"][0]["reason"] == "table talk" and sheet["hands_played"] == 0


# --- corrections ------------------------------------------------------------------------------------

def test_corrections_recompute_and_are_logged():
    record, sheet = match(MATCH[:4])
    assert sheet["totals"] == {"Ann": -18, "Bo": -42, "Cy": 38, "Di": 22}
    edited, sheet = correct(record, 1, {"winner": "Ann", "from": "Cy", "fan": 10}, by="referee Li",
                            reason="the discard was Cy's", at="2026-05-01T10:00:00Z")
    assert sheet["totals"] == {"Ann": -16, "Bo": -34, "Cy": 28, "Di": 22}
    assert sheet["log"] == [{"seq": 1, "at": "2026-05-01T10:00:00Z", "by": "referee Li",
                             "reason": "the discard was Cy's", "action": "edit", "n": 1,
                             "before": {"winner": "Ann", "from": "Bo", "fan": 8},
                             "after": {"winner": "Ann", "from": "Cy", "fan": 10}}]
    deleted, sheet = correct(edited, 3, None, by="referee Li", reason="no draw was called", action="delete")
    assert len(deleted["hands"]) == 3 and sheet["hands"][2]["label"] == "E3"  # hand 4 moved up
    assert [e["action"] for e in sheet["log"]] == ["edit", "delete"]
    assert sheet["log"][1]["before"] == {"draw": True} and sheet["log"][1]["after"] is None
    inserted, sheet = correct(deleted, 1, {"draw": True}, by="Li", reason="a hand was missed", action="insert")
    assert sheet["hands"][0]["kind"] == "draw" and sheet["hands"][1]["label"] == "E2"
    assert len(inserted["log"]) == 3
    # the log reads back with the record
    again = new_record(inserted)[1]
    assert again["log"] == sheet["log"] and again["totals"] == sheet["totals"]


def test_a_correction_that_breaks_the_match_changes_nothing():
    record, _ = match()
    before = copy.deepcopy(record)
    with pytest.raises(HandError) as err:  # a 17th hand through an insert
        correct(record, 1, {"draw": True}, by="Li", reason="x", action="insert")
    assert err.value.code == "too_many_hands"
    with pytest.raises(HandError) as err:
        correct(record, 40, {"draw": True}, by="Li", reason="x")
    assert err.value.code == "no_such_entry"
    with pytest.raises(HandError) as err:
        correct(record, 1, {"winner": "Ann", "from": "Ann", "fan": 8}, by="Li", reason="x")
    assert err.value.code == "discarder_is_winner"
    with pytest.raises(HandError):
        correct(record, 1, {"draw": True}, by="Li", reason="")
    assert record == before


# --- bad input --------------------------------------------------------------------------------------

# pydantic's own phrases: never shown to a user
PYDANTIC_WORDS = re.compile(r"Field required|Input should|Extra inputs|String should|should have|valid dictionary")
BAD_ENTRIES = [
    ({"from": "Bo", "fan": 8}, "no_winner"),
    ({"winner": None, "from": "Bo", "fan": 8}, "no_winner"),
    ({"winner": "", "from": "Bo", "fan": 8}, "no_winner"),
    ({"winner": "Ann", "from": "Ann", "fan": 8}, "discarder_is_winner"),
    ({"winner": "Ann", "from": "Bo", "fan": 7}, "fan_below_minimum"),
    ({"winner": "Eve", "from": "Bo", "fan": 8}, "unknown_player"),
    ({"winner": "Ann", "from": "Eve", "fan": 8}, "unknown_player"),
    ({"winner": "Ann", "fan": 8}, "missing"),  # from is required (null for self-drawn)
    ({"winner": "Ann", "from": None}, "bad_entry"),
    ({"winner": "Ann", "from": None, "fan": 8, "hand": "123m456p789s123s11p"}, "bad_entry"),
    ({"winner": "Ann", "from": None, "fan": "8"}, "bad_request"),
    ({"winner": "Ann", "from": None, "fan": 1001}, "out_of_range"),
    ({"winner": "Ann", "from": None, "hand": "123m456p789s123s1p2p"}, "not_a_win"),
    ({"winner": "Ann", "from": None, "hand": "123m456p"}, None),  # too short: the engine's code
    ({"winner": "Ann", "from": None, "hand": "123m456p789s123s11p", "context": {"seat_wind": "E"}}, "unknown_field"),
    ({"winner": "Ann", "from": None, "fan": 8, "context": {"flowers": 1}}, "bad_entry"),
    ({"draw": True, "winner": "Ann"}, "unknown_field"),
    ({"draw": True, "penalty": {"Ann": 1}}, "bad_entry"),
    ({"draw": False}, "bad_request"),
    ({"penalty": {"Ann": -5}}, "missing"),  # a penalty needs its reason
    ({"penalty": {"Eve": -5}, "reason": "r"}, "unknown_player"),
    ({"penalty": {}, "reason": "r"}, "too_many"),
    ({"false_win": "Eve"}, "unknown_player"),
    ("draw", "bad_entry"),
]


@pytest.mark.parametrize(("entry", "code"), BAD_ENTRIES, ids=[json.dumps(e) for e, _ in BAD_ENTRIES])
def test_bad_entries_are_refused_and_change_nothing(entry, code):
    record, sheet = match(MATCH[:5])
    before = copy.deepcopy(record)
    with pytest.raises(HandError) as err:
        add_entry(record, entry)
    if code == "too_many":
        assert err.value.code in ("too_many", "bad_request")
    elif code is not None:
        assert err.value.code == code, err.value.as_dict()
    assert all(p.message.startswith("entry") for p in err.value.problems), err.value.as_dict()
    assert not PYDANTIC_WORDS.search(str(err.value)), err.value.as_dict()
    assert record == before


@pytest.mark.parametrize(("raw", "code"), [
    ({"players": PLAYERS + ["Eve"], "hands": []}, "too_many_players"),
    ({"players": PLAYERS[:3], "hands": []}, "too_few_players"),
    ({"players": ["Ann", "Ann", "Cy", "Di"], "hands": []}, "duplicate_player"),
    ({"players": ["Ann", "ann", "Cy", "Di"], "hands": []}, "duplicate_player"),
    ({"players": ["Ann ", "Bo", "Cy", "Di"], "hands": []}, "bad_request"),
    ({"players": ["A" * 33, "Bo", "Cy", "Di"]}, "input_too_long"),
    ({"players": [" ", "Bo", "Cy", "Di"]}, "bad_request"),
    ({"players": PLAYERS, "hands": [{"draw": True}] * 17}, "too_many_hands"),
    ({"players": PLAYERS, "hands": [{"draw": True}] * 49}, "too_many_hands"),
    ({"players": PLAYERS, "rules": {"false_win_points": -1}}, "out_of_range"),
    ({"players": PLAYERS, "colour": "red"}, "unknown_field"),
    ([], "bad_request"),
])
def test_bad_matches_are_refused(raw, code):
    with pytest.raises(HandError) as err:
        new_record(raw)
    assert err.value.code == code, err.value.as_dict()


# --- exports ----------------------------------------------------------------------------------------

def test_exports():
    record, _ = match()
    record, sheet = correct(record, 1, {"winner": "Ann", "from": "Bo", "fan": 8}, by="=cmd()",
                            reason="checked again")
    rows = list(csv.reader(io.StringIO(ex.as_csv(sheet))))
    header = rows[0]
    assert header[:10] == ["record", "n", "hand", "label", "kind", "winner_or_offender", "from", "fan", "tiles",
                           "reason"] and header[10:14] == PLAYERS
    entries = [r for r in rows if r and r[0] == "entry"]
    assert len(entries) == 18 and entries[0][10:14] == ["32", "-16", "-8", "-8"]
    assert next(r for r in rows if r and r[0] == "totals")[10:14] == ["-11", "-71", "22", "50"]
    assert next(r for r in rows if r and r[0] == "table_points")[10:14] == ["1", "0", "2", "4"]
    log = [r for r in rows if r and r[0] == "correction" and r[1] == "1"]
    assert log and log[0][3] == "'=cmd()"  # never a live formula in a spreadsheet
    ema = list(csv.reader(io.StringIO(ex.as_ema(record, sheet))))
    assert ema[0] == ex.EMA_COLUMNS
    assert [r[1] for r in ema[1:]] == ["Di", "Cy", "Ann", "Bo"]
    assert ema[1] == ["1", "Di", "", "", "4.00", "50"]
    doc = ex.as_json(record, sheet)
    assert doc["format"] == "mjscore-match" and new_record(doc["record"])[1] == sheet


def test_ema_export_carries_player_details():
    players = [{"name": "Ann", "ema_id": "04290001", "country": "FR"}, "Bo", "Cy", "Di"]
    record, sheet = new_record({"players": players, "hands": [{"winner": "Ann", "from": None, "fan": 8}]})
    ema = list(csv.reader(io.StringIO(ex.as_ema(record, sheet))))
    assert ema[1] == ["1", "Ann", "04290001", "FR", "4.00", "48"]
    assert ema[2][0] == ema[3][0] == ema[4][0] == "2" and ema[2][4] == "1.00"  # three tied second


# --- mjscore sheet ----------------------------------------------------------------------------------

MJSCORE = str(ROOT / ".venv" / "bin" / "mjscore")


def run_cli(*args, cwd=None):
    return subprocess.run([MJSCORE, *args], capture_output=True, text=True, timeout=60, cwd=cwd)


def test_cli_sheet_json_and_table(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps({"players": PLAYERS, "hands": MATCH}), encoding="utf-8")
    res = run_cli("sheet", str(path), "--json")
    assert res.returncode == 0, res.stderr
    body = json.loads(res.stdout)
    assert body["totals"] == {"Ann": -11, "Bo": -71, "Cy": 22, "Di": 50}
    assert body["table_points"] == {"Ann": 1.0, "Bo": 0.0, "Cy": 2.0, "Di": 4.0}
    assert {"hands", "needs", "places", "log"} <= set(body)
    res = run_cli("sheet", str(path))
    assert res.returncode == 0, res.stderr
    assert "北风北" in res.stdout and "table points" in res.stdout and "Di 11 off Bo" in res.stdout
    res = run_cli("sheet", str(path), "--export", "ema")
    assert res.stdout.splitlines()[1] == "1,Di,,,4.00,50"


def test_cli_sheet_bad_file(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps({"players": PLAYERS, "hands": [{"winner": "Ann", "from": "Ann", "fan": 8}]}))
    res = run_cli("sheet", str(path))
    assert res.returncode == 2
    assert "hands[0]: Ann cannot win on their own discard" in res.stderr and "[discarder_is_winner]" in res.stderr
    path.write_text("{")
    res = run_cli("sheet", str(path))
    assert res.returncode == 2 and "[bad_json]" in res.stderr
    # what is wrong with the file and where, in words (no reader's exception text)
    for text, words in [('{"players":\n  1,}', f"{path} is not JSON: expecting property name enclosed in double "
                                                 "quotes at line 2, column 5"),
                        (b"\xff{}", f"{path} is not UTF-8 text (byte 0)"),
                        ("[" * 100_000, f"{path} is not a match file: a number too long or nesting too deep")]:
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        res = run_cli("sheet", str(path))
        assert res.returncode == 2 and res.stderr.strip() == f"error: {words} [bad_json]", res.stderr
    res = run_cli("sheet", str(tmp_path / "missing.json"))
    assert res.returncode == 2 and "[bad_file]" in res.stderr


def test_cli_explains_a_hand(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps({"players": PLAYERS, "hands": [
        {"draw": True}, {"winner": "Cy", "from": "Di", "hand": "[123m]456789m555pCC"}]}))
    res = run_cli("sheet", str(path), "--explain", "2", "--json")
    assert res.returncode == 0, res.stderr
    body = json.loads(res.stdout)
    assert body["total"] == 18 and body["readings"]
    res = run_cli("sheet", str(path), "--explain", "1")
    assert res.returncode == 2 and "[no_hand]" in res.stderr


def test_a_correction_that_moves_a_hand_into_a_seat_where_it_does_not_win_is_refused():
    # Di's hand is worth 8 with 门风 North in W3; moved up to W2 by a deletion Di sits East and it is 7
    tiles = {"winner": "Di", "from": None, "hand": "[WWW]123p789pNNN55s", "context": {"flowers": 1}}
    record, sheet = match([{"draw": True}] * 10 + [tiles])
    row = sheet["hands"][10]
    assert (row["label"], row["seats"]["Di"], row["fan"]) == ("W3", "N", 9)
    before = copy.deepcopy(record)
    with pytest.raises(HandError) as err:
        correct(record, 1, None, by="Li", reason="one draw too many", action="delete")
    assert err.value.code == "not_a_win" and err.value.message.startswith("hands[9]: not a win")
    assert "below the 8-point minimum: 7" in err.value.message
    assert record == before


def test_cli_sheet_reports_every_mistake_of_a_file_at_once(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps({"players": PLAYERS, "hands": [
        {"winner": "Ann", "from": "Bo", "fan": "8"},  # a fan total as text
        {"winner": "Bo", "fan": 8},  # no from
        {"winner": "Eve", "from": None, "fan": 8},  # not a player
        {"winner": "Cy", "from": "Cy", "fan": 8},  # won on their own discard
        {"penalty": {"Di": -5}},  # no reason
        {"winner": "Di", "from": "Ann", "fan": 6},  # below the minimum
    ]}))
    res = run_cli("sheet", str(path))
    assert res.returncode == 2
    assert res.stderr.splitlines() == [
        'error: hands[0].fan: "8" is not an integer [bad_request]',
        "error: hands[1].from: missing [missing]",
        "error: hands[2]: the winner 'Eve' is not one of the players (Ann, Bo, Cy, Di) [unknown_player]",
        "error: hands[3]: Cy cannot win on their own discard (from: null is a self-drawn win) [discarder_is_winner]",
        "error: hands[4].reason: missing [missing]",
        "error: hands[5]: a fan total of 6 is below the 8-point minimum [fan_below_minimum]",
    ]


def test_a_faulty_entry_keeps_its_hand_so_later_ones_are_checked_in_their_own_seats():
    # Di's hand wins with 门风 North in W3 (the 11th hand); a faulty entry before it still counts as a hand
    tiles = {"winner": "Di", "from": None, "hand": "[WWW]123p789pNNN55s", "context": {"flowers": 1}}
    hands = [{"draw": True}] * 9 + [{"winner": "Ann", "fan": 8}, tiles]
    with pytest.raises(HandError) as err:
        new_record({"players": PLAYERS, "hands": hands})
    assert [p.message for p in err.value.problems] == ["hands[9].from: missing"]
    hands[10] = {**tiles, "winner": "Ann", "from": None}  # the same tiles for Ann: not her seat's wind
    with pytest.raises(HandError) as err:
        new_record({"players": PLAYERS, "hands": hands})
    assert [p.code for p in err.value.problems] == ["missing", "not_a_win"]
    assert err.value.problems[1].message.startswith("hands[10]: not a win")


def test_every_problem_of_a_record_in_our_words_at_its_path():
    bad = {"players": [{"name": "A", "ema_id": "x"}, "B", "C\x01", {}], "title": "x" * 101,
           "rules": {"false_win_points": -1, "preset": "zz", "false_win_paid_to_others": 1},
           "log": [{"seq": 1, "at": "t", "by": "Li", "reason": "r", "action": "edit", "n": 1, "x": 2}],
           "hands": [{"penalty": {" x": "3"}, "reason": "r"}]}
    with pytest.raises(HandError) as err:
        new_record(bad)
    name = "a name (no control characters, no space at either end)"
    assert [(p.code, p.message) for p in err.value.problems] == [
        ("bad_request", 'players[0].ema_id: "x" is not digits only'),
        ("bad_request", f'players[2]: "C\\u0001" is not {name}'),
        ("missing", "players[3].name: missing"),
        ("input_too_long", "title: 101 characters, at most 100"),
        ("out_of_range", "rules.false_win_points: -1 is below the least allowed, 0"),
        ("bad_request", "rules.false_win_paid_to_others: 1 is not true or false"),
        ("bad_request", 'rules.preset: "zz" is not "helper" or "mcr1998"'),
        ("unknown_field", "log[0].x: unknown field"),
        ("bad_request", f'hands[0].penalty key: " x" is not {name}'),
        ("bad_request", 'hands[0].penalty[" x"]: "3" is not an integer'),
    ]
    assert not PYDANTIC_WORDS.search(str(err.value))


def test_every_problem_of_one_entry_at_once():
    hands = [{"winner": "Eve", "from": "Zed", "fan": 5}, {"penalty": {"X": 1, "Y": 2, "Ann": 3}, "reason": "r"}]
    with pytest.raises(HandError) as err:
        new_record({"players": PLAYERS, "hands": hands})
    assert [(p.code, p.message.split(":")[0], p.message.split("'")[1:2]) for p in err.value.problems] == [
        ("unknown_player", "hands[0]", ["Eve"]), ("unknown_player", "hands[0]", ["Zed"]),
        ("fan_below_minimum", "hands[0]", []), ("unknown_player", "hands[1]", ["X"]),
        ("unknown_player", "hands[1]", ["Y"])]


def test_the_cli_exports_every_format_of_the_table(monkeypatch):
    """``mjscore sheet --export`` reads the one table of formats: a format added to it is written,
    an unknown one is refused naming the known ones."""
    from cli_runner import run_cli

    extra = ex.ExportFormat("names", "the players, one a line", "text/plain", "-names.txt",
                            lambda record, sheet: "\n".join(sheet["players"]) + "\n")
    monkeypatch.setitem(ex.FORMATS, extra.name, extra)
    path = str(ROOT / "docs" / "examples" / "match.json")
    ran = run_cli(["sheet", path, "--export", "names"])
    assert ran.exit_code == 0 and ran.stdout.splitlines() == ["Ann", "Bo", "Cy", "Di"]
    ran = run_cli(["sheet", path, "--export", "ema"])
    assert ran.exit_code == 0 and ran.stdout.splitlines()[0] == ",".join(ex.EMA_COLUMNS)
    ran = run_cli(["sheet", path, "--export", "xml"])
    assert ran.exit_code == 2
    assert "--export: 'xml' is not an export format (known: json, csv, ema, names)" in ran.stderr
