"""Who may change a match (docs/match.md#who-may-change-a-match), through a real server: the edit
key given at creation and kept only as its digest, 401 and 403 for a write without it, reads by id
open, the list of all matches for the admin key alone, matches stored before keys read-only, the
per-client limit on new matches; and every problem of a match or an entry reported at once, in
the project's words."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import urllib.error
import urllib.request

import pytest
from served import serving

from api.app import create_app
from api.ratelimit import TokenBuckets
from scorer.match.store import MatchStore

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
ADMIN = "the-admin-key-of-these-tests"
PYDANTIC_WORDS = re.compile(r"Field required|Input should|Extra inputs|String should|should have|valid dictionary")


def call(port: int, method: str, path: str, body: object = None, key: str | None = None,
         authorization: str | None = None) -> tuple[int, dict, dict]:
    """(status, JSON body, headers) of one request to the served app."""
    headers = {"content-type": "application/json"}
    if key is not None:
        headers["authorization"] = f"Bearer {key}"
    if authorization is not None:
        headers["authorization"] = authorization
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read()), dict(r.headers)
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read()), dict(err.headers)


@pytest.fixture()
def served(tmp_path, monkeypatch):
    """A real server on a store of the test's own, started with the admin key."""
    monkeypatch.setenv("MJSCORE_MATCHES", str(tmp_path / "matches.sqlite3"))
    monkeypatch.setenv("MJSCORE_ADMIN_KEY", ADMIN)
    monkeypatch.delenv("MJSCORE_MATCHES_PER_MINUTE", raising=False)
    with serving(create_app()) as (_, port):
        yield port


def _error(body: dict) -> dict:
    error = body["error"]
    assert set(error) == {"message", "position", "code", "errors"} and error["errors"][0]["code"] == error["code"]
    return error


def test_a_match_is_changed_only_with_its_key_and_read_by_anyone(served, tmp_path):
    port = served
    status, match, headers = call(port, "POST", "/v1/matches", {"players": PLAYERS})
    assert status == 201 and headers["cache-control"] == "no-store"
    key, mid = match["edit_key"], match["id"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", key)
    hands = f"/v1/matches/{mid}/hands"
    draw = {"entry": {"draw": True}}

    status, body, headers = call(port, "POST", hands, draw)
    assert status == 401 and _error(body)["code"] == "key_required"
    assert headers["www-authenticate"].startswith("Bearer")
    for bad in ("Basic " + key, "Bearer", f"Bearer {key} extra", "Bearer k\u00e9y"):
        status, body, _ = call(port, "POST", hands, draw, authorization=bad)
        assert status == 401 and _error(body)["code"] == "bad_authorization", bad
    status, other, _ = call(port, "POST", "/v1/matches", {"players": PLAYERS})
    for wrong in ("x" * 43, other["edit_key"]):  # a made-up key, and another match's
        status, body, _ = call(port, "POST", hands, draw, key=wrong)
        assert status == 403 and _error(body)["code"] == "wrong_key"
        assert "not the match's edit key" in body["error"]["message"]
    fix = {"n": 1, "action": "insert", "entry": {"draw": True}, "by": "Li", "reason": "forgotten"}
    status, body, _ = call(port, "POST", f"/v1/matches/{mid}/corrections", fix, key=other["edit_key"])
    assert status == 403 and _error(body)["code"] == "wrong_key"
    status, body, _ = call(port, "GET", f"/v1/matches/{mid}")
    assert status == 200 and body["revision"] == 1  # nothing refused changed the match

    status, body, _ = call(port, "POST", hands, draw, key=key)
    assert status == 200 and body["revision"] == 2 and "edit_key" not in body
    status, body, _ = call(port, "POST", f"/v1/matches/{mid}/corrections", fix, key=key)
    assert status == 200 and body["revision"] == 3
    status, body, _ = call(port, "POST", hands, draw, key=ADMIN)  # the admin key may change any match
    assert status == 200 and body["revision"] == 4

    # reads by id stay open: the match, its export, a hand's explanation
    status, body, _ = call(port, "GET", f"/v1/matches/{mid}")
    assert status == 200 and len(body["record"]["hands"]) == 3 and "edit_key" not in body
    status, body, _ = call(port, "GET", f"/v1/matches/{mid}/export")
    assert status == 200 and body["format"] == "mjscore-match"
    # the store holds the key's digest, never the key
    stored = MatchStore(tmp_path / "matches.sqlite3").get(mid)
    assert stored.key_hash == hashlib.sha256(key.encode()).hexdigest()
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("matches.sqlite3*"))
    assert key.encode() not in raw


def test_the_list_of_all_matches_needs_the_admin_key(served, tmp_path, monkeypatch):
    port = served
    _, match, _ = call(port, "POST", "/v1/matches", {"players": PLAYERS, "title": "T1"})
    status, body, _ = call(port, "GET", "/v1/matches")
    assert status == 401 and _error(body)["code"] == "key_required" and "admin key" in body["error"]["message"]
    status, body, _ = call(port, "GET", "/v1/matches", key=match["edit_key"])
    assert status == 403 and _error(body)["code"] == "wrong_key"
    status, body, _ = call(port, "GET", "/v1/matches", key=ADMIN)
    assert status == 200 and [m["id"] for m in body["matches"]] == [match["id"]]
    # a server started without an admin key lists nothing, and says why
    monkeypatch.delenv("MJSCORE_ADMIN_KEY")
    with serving(create_app()) as (_, other):
        status, body, _ = call(other, "GET", "/v1/matches", key=ADMIN)
        assert status == 403 and _error(body)["code"] == "no_admin_key"
        assert "MJSCORE_ADMIN_KEY" in body["error"]["message"]
        status, body, _ = call(other, "GET", f"/v1/matches/{match['id']}")
        assert status == 200  # and the share link still reads the match
        status, body, _ = call(other, "POST", f"/v1/matches/{match['id']}/hands", {"entry": {"draw": True}},
                               key=ADMIN)
        assert status == 403 and _error(body)["code"] == "wrong_key"  # no admin key: none is one


def test_an_admin_key_too_short_to_be_safe_stops_the_server(monkeypatch, tmp_path):
    monkeypatch.setenv("MJSCORE_MATCHES", str(tmp_path / "m.sqlite3"))
    monkeypatch.setenv("MJSCORE_ADMIN_KEY", "secret")
    with pytest.raises(ValueError, match="MJSCORE_ADMIN_KEY"):
        create_app()


def test_a_match_stored_before_edit_keys_is_read_only_but_for_the_admin(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite3"
    record = {"players": PLAYERS, "rules": {"false_win_points": 10, "false_win_paid_to_others": True, "preset": None},
              "hands": [{"draw": True}], "log": []}
    with sqlite3.connect(path) as db:  # the table as it was before edit keys
        db.execute("CREATE TABLE matches (id TEXT PRIMARY KEY, created TEXT NOT NULL, updated TEXT NOT NULL, "
                   "revision INTEGER NOT NULL, record TEXT NOT NULL)")
        db.execute("INSERT INTO matches VALUES ('oldmatch', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 1, ?)",
                   (json.dumps(record),))
    monkeypatch.setenv("MJSCORE_MATCHES", str(path))
    monkeypatch.setenv("MJSCORE_ADMIN_KEY", ADMIN)
    with serving(create_app()) as (_, port):
        status, body, _ = call(port, "GET", "/v1/matches/oldmatch")
        assert status == 200 and body["revision"] == 1
        status, body, _ = call(port, "POST", "/v1/matches/oldmatch/hands", {"entry": {"draw": True}}, key="k" * 43)
        assert status == 403 and _error(body)["code"] == "read_only_match"
        status, body, _ = call(port, "POST", "/v1/matches/oldmatch/hands", {"entry": {"draw": True}}, key=ADMIN)
        assert status == 200 and body["revision"] == 2
        # new matches on the same (brought up to date) file get their keys
        status, body, _ = call(port, "POST", "/v1/matches", {"players": PLAYERS})
        assert status == 201 and MatchStore(path).get(body["id"]).key_hash is not None
    assert MatchStore(path).get("oldmatch").key_hash is None


def test_new_matches_are_limited_per_client_with_retry_after(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_MATCHES", str(tmp_path / "m.sqlite3"))
    monkeypatch.delenv("MJSCORE_MATCHES_PER_MINUTE", raising=False)
    with serving(create_app()) as (_, port):
        statuses = [call(port, "POST", "/v1/matches", {"players": PLAYERS})[0] for _ in range(20)]
        assert statuses == [201] * 20  # a first burst of 20 (a venue's tables behind one address)
        status, body, headers = call(port, "POST", "/v1/matches", {"players": PLAYERS})
        assert status == 429 and _error(body)["code"] == "too_many_matches_created"
        assert 1 <= int(headers["retry-after"]) <= 6  # one more every 6 s: 10 a minute
        status, _, _ = call(port, "GET", "/healthz")
        assert status == 200  # only creation is limited


def test_the_token_buckets_allow_ten_a_minute_per_client_in_bounded_memory():
    now = [0.0]
    buckets = TokenBuckets(per_minute=10, burst=20, max_clients=100, clock=lambda: now[0])
    assert [buckets.take("a") for _ in range(20)] == [0.0] * 20
    assert buckets.take("a") == pytest.approx(6.0)
    assert buckets.take("b") == 0.0  # another client has its own bucket
    # steady use at 10 a minute is always allowed, for an hour
    for _ in range(600):
        now[0] += 6.0
        assert buckets.take("a") == 0.0
    for i in range(1000):
        buckets.take(f"client-{i}")
    assert len(buckets) == 100  # the least recently seen are dropped


def test_every_problem_of_a_new_match_at_once_in_our_words(served):
    port = served
    bad = {"players": ["Ann", "Bo", "Cy", 5], "title": 7,
           "hands": [{"winner": "Ann", "from": "Bo", "fan": "8"}, {"winner": "Ann", "fan": 8},
                     {"winner": "Eve", "from": None, "fan": 8}, {"winner": "Bo", "from": "Bo", "fan": 8,
                                                                  "extra": 1}]}
    status, body, _ = call(port, "POST", "/v1/matches", bad)
    assert status == 422
    got = [(p["code"], p["message"]) for p in body["error"]["errors"]]
    assert got == [
        ("bad_request", 'players[3]: 5 is not a name or a player object {"name", "ema_id", "country"}'),
        ("bad_request", "title: 7 is not a text"),
        ("bad_request", 'hands[0].fan: "8" is not an integer'),
        ("missing", "hands[1].from: missing"),
        ("unknown_field", "hands[3].extra: unknown field"),
    ]
    # with the players right, the entries are checked in the match: each problem once, in order
    bad["players"], bad["title"] = PLAYERS, "T"
    bad["hands"].append({"winner": "Cy", "from": None, "fan": 5})
    status, body, _ = call(port, "POST", "/v1/matches", bad)
    got = [(p["code"], p["message"].split(":")[0]) for p in body["error"]["errors"]]
    assert got == [("bad_request", "hands[0].fan"), ("missing", "hands[1].from"), ("unknown_player", "hands[2]"),
                   ("unknown_field", "hands[3].extra"), ("discarder_is_winner", "hands[3]"),
                   ("fan_below_minimum", "hands[4]")]
    assert not PYDANTIC_WORDS.search(json.dumps(body))


def test_every_problem_of_an_entry_at_once_over_http(served):
    port = served
    _, match, _ = call(port, "POST", "/v1/matches", {"players": PLAYERS})
    status, body, _ = call(port, "POST", f"/v1/matches/{match['id']}/hands",
                           {"entry": {"winner": "Ann", "fan": "8", "note": 3, "x": 1}, "revision": "1"},
                           key=match["edit_key"])
    assert status == 422
    assert [p["message"] for p in body["error"]["errors"]] == [
        'revision: "1" is not an integer', "entry.from: missing", 'entry.fan: "8" is not an integer',
        "entry.note: 3 is not a text", "entry.x: unknown field"]
    status, body, _ = call(port, "POST", f"/v1/matches/{match['id']}/hands",
                           {"entry": {"winner": "Ann", "fan": "8", "note": 3, "x": 1}}, key=match["edit_key"])
    assert status == 422
    assert [p["message"] for p in body["error"]["errors"]] == [
        "entry.from: missing", 'entry.fan: "8" is not an integer', "entry.note: 3 is not a text",
        "entry.x: unknown field"]
    status, body, _ = call(port, "POST", f"/v1/matches/{match['id']}/corrections",
                           {"n": 0, "action": "fix", "reason": ""}, key=match["edit_key"])
    assert status == 422
    assert [p["message"] for p in body["error"]["errors"]] == [
        "n: 0 is below the least allowed, 1", 'action: "fix" is not "edit", "delete" or "insert"',
        "by: missing", "reason: empty"]
    assert not PYDANTIC_WORDS.search(json.dumps(body))


def test_openapi_says_which_routes_need_which_key(served):
    _, doc, _ = call(served, "GET", "/openapi.json")
    schemes = doc["components"]["securitySchemes"]
    assert schemes["editKey"] == {"type": "http", "scheme": "bearer", "description": schemes["editKey"]["description"]}
    assert schemes["adminKey"]["scheme"] == "bearer"
    paths = doc["paths"]
    for route in ("/v1/matches/{match_id}/hands", "/v1/matches/{match_id}/corrections"):
        post = paths[route]["post"]
        assert post["security"] == [{"editKey": []}, {"adminKey": []}]
        assert {"401", "403"} <= set(post["responses"])
    assert paths["/v1/matches"]["get"]["security"] == [{"adminKey": []}]
    assert "429" in paths["/v1/matches"]["post"]["responses"]
    assert "security" not in paths["/v1/matches"]["post"] and "security" not in paths["/v1/matches/{match_id}"]["get"]
    assert "edit_key" in doc["components"]["schemas"]["MatchAnswer"]["properties"]
