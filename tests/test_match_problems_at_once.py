"""A bad match file gets every problem at once (docs/match.md#limits-and-errors), for both sheets:
a value of the wrong type hides nothing else of its entry, a faulty title or rule hides none of
the entries' problems, and what the faulty value would decide is not guessed at. Library, CLI and
HTTP say the same problems, in the file's words (the entry's path, the field as written)."""

from __future__ import annotations

import json

import pytest
from cli_runner import run_cli
from fastapi.testclient import TestClient

from api.app import create_app
from scorer.errors import HandError
from scorer.match import add_entry, correct, new_record

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
UNKNOWN = "is not one of the players (Ann, Bo, Cy, Di)"
HEAD_BUMP = ("the wrc preset has head bump: one discard has one winner, the player nearest the discarder in "
             "turn order (Cy); enter that win alone")


def riichi(hands, rules=None, **extra):
    return {"variant": "riichi", "players": PLAYERS, "rules": rules or {"preset": "wrc"}, "hands": hands, **extra}


def problems(raw) -> list[tuple[str, str]]:
    with pytest.raises(HandError) as err:
        new_record(raw)
    return [(p.code, p.message) for p in err.value.problems]


# one riichi file: each entry has one value of the wrong type and one mistake of the game
RIICHI_FILE = riichi([
    {"winner": "Zed", "from": "Ann", "han": "3", "fu": 30},
    # a double ron on Bo's discard under WRC's head bump; Cy sits right after Bo
    {"wins": [{"winner": "Ann", "from": "Bo", "han": 2, "fu": 30}, {"winner": "Cy", "from": "Bo", "han": 2, "fu": "30"}]},
    {"draw": True, "tenpai": ["Zed"], "abortive": "no"},
    {"penalty": {"Zed": -8000}, "reason": 5},
    {"winner": "Ann", "from": "Ann", "han": 1, "fu": 20, "note": 3},
], title=["Table 7"])
RIICHI_PROBLEMS = [
    ("bad_request", 'title: ["Table 7"] is not a text'),
    ("bad_request", 'hands[0].han: "3" is not an integer'),
    ("unknown_player", f"hands[0]: the winner 'Zed' {UNKNOWN}"),
    ("bad_request", 'hands[1].wins[1].fu: "30" is not an integer'),
    ("head_bump", f"hands[1]: {HEAD_BUMP}"),
    ("bad_request", 'hands[2].abortive: "no" is not true or false'),
    ("unknown_player", f"hands[2].tenpai: the player 'Zed' {UNKNOWN}"),
    ("bad_request", "hands[3].reason: 5 is not a text"),
    ("unknown_player", f"hands[3]: the penalised player 'Zed' {UNKNOWN}"),
    ("bad_request", "hands[4].note: 3 is not a text"),
    ("discarder_is_winner", "hands[4]: Ann cannot win on their own discard (from: null is a self-draw)"),
    ("bad_fu", "hands[4]: 20 fu is a self-drawn pinfu: a win on a discard has at least 25 fu"),
]


def test_a_riichi_file_gets_its_shape_and_game_problems_together():
    assert problems(RIICHI_FILE) == RIICHI_PROBLEMS


def test_what_a_faulty_value_decides_is_not_guessed():
    # fu as text: "2 han needs its fu" would be wrong, the fu were given
    assert problems(riichi([{"winner": "Ann", "from": "Bo", "han": 2, "fu": "30"}])) == [
        ("bad_request", 'hands[0].fu: "30" is not an integer')]
    # han as text: it was given, so the win does not lack a value, nor has fu without han
    assert problems(riichi([{"winner": "Ann", "from": "Bo", "han": "2", "fu": 30}])) == [
        ("bad_request", 'hands[0].han: "2" is not an integer')]
    # the tenpai list unreadable: Bo's riichi is not said to be noten
    assert problems(riichi([{"draw": True, "tenpai": "Bo", "riichi": ["Bo"]}])) == [
        ("bad_request", 'hands[0].tenpai: "Bo" is not a list')]
    # the riichi list unreadable: the context's riichi is not said to lack its stick
    assert problems(riichi([{"winner": "Bo", "from": "Di", "hand": "234m456p678s22s34m5m",
                             "context": {"riichi": True}, "riichi": "Bo"}])) == [
        ("bad_request", 'hands[0].riichi: "Bo" is not a list')]
    # no from: not taken for a self-draw, so a double ron is not said to mix a self-draw in
    got = problems(riichi([{"wins": [{"winner": "Ann", "han": 2, "fu": 30},
                                     {"winner": "Cy", "from": "Bo", "han": 2, "fu": 30}]}], {"preset": "ema"}))
    assert got == [("missing", "hands[0].wins[0].from: missing")]


def test_a_faulty_rule_or_title_hides_none_of_the_hands_problems():
    double = {"wins": [{"winner": "Ann", "from": "Bo", "han": 2, "fu": 30},
                       {"winner": "Cy", "from": "Bo", "han": 2, "fu": 30}]}
    # the preset is read: its head bump still refuses the double ron
    assert problems(riichi([double], {"preset": "wrc", "uma": "x"})) == [
        ("bad_request", 'rules.uma: "x" is not a list'), ("head_bump", f"hands[0]: {HEAD_BUMP}")]
    # the uma do not sum to zero (a rule's value, not its type): the hands are still checked
    assert problems(riichi([{"winner": "Zed", "from": None, "han": 5}], {"preset": "ema", "uma": [15, 5, -5, -10]})) \
        == [("bad_rules", "rules.uma: [15, 5, -5, -10] sums to 5, not 0"),
            ("unknown_player", f"hands[0]: the winner 'Zed' {UNKNOWN}")]
    # custom rules with a faulty start: their own multiple_ron rule still applies
    custom = {"start": "x", "return": 30000, "uma": [15, 5, -5, -15], "multiple_ron": "head_bump"}
    assert [c for c, _ in problems(riichi([double], custom))] == ["bad_request", "head_bump"]
    assert problems(riichi([double], custom))[1][1].startswith("hands[0]: these rules have head bump")
    # an unreadable preset: no rule is guessed, the double ron stands; the rest is still checked
    assert problems(riichi([double, {"winner": "Ann", "from": "Ann", "han": 2, "fu": 30}], {"preset": "wrcx"})) == [
        ("bad_request", 'rules.preset: "wrcx" is not "wrc", "ema", "mahjongsoul" or "tenhou"'),
        ("discarder_is_winner", "hands[1]: Ann cannot win on their own discard (from: null is a self-draw)")]


MCR_FILE = {"players": PLAYERS, "title": 5, "rules": {"false_win_points": "x"}, "hands": [
    {"winner": "Zed", "from": "Bo", "fan": "8"},
    {"winner": "Ann", "from": "Bo", "fan": "8", "context": {"flowers": 1}},
    {"false_win": "Zed", "reason": 4},
    {"penalty": {"Zed": 5}, "reason": ""},
    {"winner": "Cy", "from": "Cy", "fan": 6, "note": 1},
]}
MCR_PROBLEMS = [
    ("bad_request", "title: 5 is not a text"),
    ("bad_request", 'rules.false_win_points: "x" is not an integer'),
    ("bad_request", 'hands[0].fan: "8" is not an integer'),
    ("unknown_player", f"hands[0]: the winner 'Zed' {UNKNOWN}"),
    ("bad_request", 'hands[1].fan: "8" is not an integer'),
    ("bad_entry", "hands[1]: context goes with hand (the tiles), not with a fan total"),
    ("bad_request", "hands[2].reason: 4 is not a text"),
    ("unknown_player", f"hands[2]: the offender 'Zed' {UNKNOWN}"),
    ("bad_request", "hands[3].reason: empty"),
    ("unknown_player", f"hands[3]: the penalised player 'Zed' {UNKNOWN}"),
    ("bad_request", "hands[4].note: 1 is not a text"),
    ("discarder_is_winner", "hands[4]: Cy cannot win on their own discard (from: null is a self-drawn win)"),
    ("fan_below_minimum", "hands[4]: a fan total of 6 is below the 8-point minimum"),
]


def test_an_mcr_file_gets_its_shape_and_match_problems_together():
    assert problems(MCR_FILE) == MCR_PROBLEMS
    # the same with the variant named
    assert problems({**MCR_FILE, "variant": "mcr"}) == MCR_PROBLEMS


def test_unreadable_players_leave_only_the_shapes():
    # with no players to check names against, an entry's names are not judged
    raw = {"players": ["Ann", "Bo", "Cy", 5], "hands": [{"winner": "Zed", "from": "Bo", "fan": "8"}]}
    assert [m.split(":")[0] for _, m in problems(raw)] == ["players[3]", "hands[0].fan"]


def test_an_entry_added_or_corrected_says_its_shape_and_its_game_problems():
    record, _ = new_record(riichi([{"winner": "Ann", "from": "Bo", "han": 2, "fu": 30}]))
    with pytest.raises(HandError) as err:
        add_entry(record, {"winner": "Zed", "from": "Ann", "han": "3", "fu": 30})
    assert [p.message for p in err.value.problems] == [
        'entry.han: "3" is not an integer', f"entry: the winner 'Zed' {UNKNOWN}"]
    with pytest.raises(HandError) as err:
        correct(record, 1, {"draw": True, "tenpai": ["Zed"], "abortive": 1}, by="referee", reason="a draw")
    assert [p.message for p in err.value.problems] == [
        "entry.abortive: 1 is not true or false", f"entry.tenpai: the player 'Zed' {UNKNOWN}"]
    mcr, _ = new_record({"players": PLAYERS})
    with pytest.raises(HandError) as err:
        add_entry(mcr, {"winner": "Ann", "from": "Ann", "fan": 8.5})
    assert [p.code for p in err.value.problems] == ["bad_request", "discarder_is_winner"]
    # not an object at all: said as before
    with pytest.raises(HandError) as err:
        add_entry(mcr, [1])
    assert err.value.problems[0].message.startswith("entry: ")


def test_the_cli_says_every_problem_with_exit_2(tmp_path):
    for name, raw, expected in (("hanchan.json", RIICHI_FILE, RIICHI_PROBLEMS), ("match.json", MCR_FILE, MCR_PROBLEMS)):
        path = tmp_path / name
        path.write_text(json.dumps(raw))
        out = run_cli(["sheet", str(path)])
        assert out.exit_code == 2
        assert out.stderr.splitlines() == [f"error: {m} [{c}]" for c, m in expected]
        out = run_cli(["sheet", str(path), "--json"])
        assert out.exit_code == 2
        body = json.loads(out.stdout)
        assert [(e["code"], e["message"]) for e in body["error"]["errors"]] == expected
        assert "Traceback" not in out.stderr


@pytest.fixture()
def client(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_MATCHES", str(tmp_path / "matches.sqlite3"))
    with TestClient(create_app()) as c:
        yield c


def test_http_says_every_problem_in_one_422(client):
    for raw, expected in ((RIICHI_FILE, RIICHI_PROBLEMS), (MCR_FILE, MCR_PROBLEMS)):
        r = client.post("/v1/matches", json=raw)
        assert r.status_code == 422, r.text
        assert [(e["code"], e["message"]) for e in r.json()["error"]["errors"]] == expected
    made = client.post("/v1/matches", json=riichi([])).json()
    auth = {"authorization": f"Bearer {made['edit_key']}"}
    r = client.post(f"/v1/matches/{made['id']}/hands", headers=auth,
                    json={"entry": {"wins": [{"winner": "Ann", "from": "Bo", "han": 2, "fu": 30},
                                             {"winner": "Cy", "from": "Bo", "han": "2", "fu": 30}]}})
    assert r.status_code == 422
    assert [(e["code"], e["message"]) for e in r.json()["error"]["errors"]] == [
        ("bad_request", 'entry.wins[1].han: "2" is not an integer'), ("head_bump", f"entry: {HEAD_BUMP}")]
    assert client.get(f"/v1/matches/{made['id']}").json()["revision"] == made["revision"]  # nothing changed


def test_http_a_faulty_body_hides_none_of_its_entrys_problems_in_the_match(client):
    made = client.post("/v1/matches", json=riichi([{"winner": "Ann", "from": "Bo", "han": 2, "fu": 30}])).json()
    auth = {"authorization": f"Bearer {made['edit_key']}"}
    r = client.post(f"/v1/matches/{made['id']}/hands", headers=auth,
                    json={"entry": {"winner": "Zed", "from": "Bo", "han": "2", "fu": 30}, "revision": "x"})
    assert r.status_code == 422
    got = [(e["code"], e["message"].split(":")[0]) for e in r.json()["error"]["errors"]]
    assert got == [("bad_request", "revision"), ("bad_request", "entry.han"), ("unknown_player", "entry")]
    # a correction without its reason, of entry 1 into a double ron under WRC: head bump said too
    double = {"wins": [{"winner": "Ann", "from": "Bo", "han": 2, "fu": 30}, {"winner": "Cy", "from": "Bo", "han": 2, "fu": 30}]}
    r = client.post(f"/v1/matches/{made['id']}/corrections", headers=auth, json={"n": 1, "entry": double, "by": "ref"})
    assert r.status_code == 422
    assert [(e["code"], e["message"]) for e in r.json()["error"]["errors"]] == [
        ("missing", "reason: missing"), ("head_bump", f"entry: {HEAD_BUMP}")]
    assert client.get(f"/v1/matches/{made['id']}").json()["revision"] == made["revision"]  # nothing changed
