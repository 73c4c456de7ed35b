"""``/v1/matches`` (docs/match.md#http-api): a whole match over HTTP, every bad input answered 4xx
with the error object and nothing changed, corrections, exports, explanations, and the SQLite file
read again by a new server process."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from conftest import ROOT
from fastapi.testclient import TestClient

from api.app import create_app

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
ADMIN = "admin-key-for-the-tests-0123"
# the routes' own behaviour, tested with the admin key (which may change any match and list them);
# who may do what is tested in test_match_keys.py
ADMIN_AUTH = {"authorization": f"Bearer {ADMIN}"}
HANDS = [
    {"winner": "Ann", "from": "Bo", "fan": 8}, {"winner": "Cy", "from": None, "fan": 10}, {"draw": True},
    {"winner": "Di", "from": "Ann", "fan": 24}, {"winner": "Bo", "from": None, "fan": 8},
    {"winner": "Ann", "from": "Cy", "fan": 12},
    {"false_win": "Bo", "reason": "declared on a tile he was not waiting for"},
    {"winner": "Cy", "from": "Di", "fan": 16}, {"draw": True}, {"winner": "Ann", "from": None, "fan": 8},
    {"winner": "Bo", "from": "Cy", "fan": 9}, {"winner": "Di", "from": None, "fan": 13},
    {"penalty": {"Ann": -10}, "reason": "showed a tile"}, {"winner": "Cy", "from": "Ann", "fan": 8},
    {"winner": "Di", "from": "Bo", "fan": 11}, {"draw": True}, {"not_played": True}, {"not_played": True},
]


@pytest.fixture()
def client(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_MATCHES", str(tmp_path / "matches.sqlite3"))
    monkeypatch.setenv("MJSCORE_ADMIN_KEY", ADMIN)
    with TestClient(create_app(), headers=ADMIN_AUTH) as c:
        yield c


def create(client, **extra):
    r = client.post("/v1/matches", json={"players": PLAYERS, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def test_a_whole_match_over_http(client):
    match = create(client, title="Table 3")
    mid, revision = match["id"], match["revision"]
    assert revision == 1 and match["sheet"]["hands_left"] == 16
    for entry in HANDS:
        r = client.post(f"/v1/matches/{mid}/hands", json={"entry": entry, "revision": revision})
        assert r.status_code == 200, r.text
        assert r.json()["revision"] == revision + 1
        revision += 1
    sheet = client.get(f"/v1/matches/{mid}").json()["sheet"]
    assert sheet["complete"] and sheet["totals"] == {"Ann": -11, "Bo": -71, "Cy": 22, "Di": 50}
    assert sheet["table_points"] == {"Ann": 1.0, "Bo": 0.0, "Cy": 2.0, "Di": 4.0}
    # a 17th hand: refused, nothing changed
    r = client.post(f"/v1/matches/{mid}/hands", json={"entry": {"draw": True}})
    assert r.status_code == 422 and r.json()["error"]["code"] == "too_many_hands"
    assert client.get(f"/v1/matches/{mid}").json()["revision"] == revision
    listed = client.get("/v1/matches").json()["matches"]
    assert listed == [{"id": mid, "revision": revision, "created": match["created"],
                       "updated": listed[0]["updated"], "title": "Table 3", "players": PLAYERS, "entries": 18}]


BAD = [
    ({"entry": {"from": "Bo", "fan": 8}}, 422, "no_winner"),
    ({"entry": {"winner": "Ann", "from": "Ann", "fan": 8}}, 422, "discarder_is_winner"),
    ({"entry": {"winner": "Ann", "from": "Bo", "fan": 7}}, 422, "fan_below_minimum"),
    ({"entry": {"winner": "Eve", "from": "Bo", "fan": 8}}, 422, "unknown_player"),
    ({"entry": {"winner": "Ann", "from": None, "hand": "123m456p789s123s1p2p"}}, 422, "not_a_win"),
    ({"entry": {"winner": "Ann", "from": None, "fan": 8}, "revision": 7}, 409, "stale_revision"),
    ({"entry": {"draw": True}, "extra": 1}, 422, "unknown_field"),
    ({"entry": "draw"}, 422, "bad_request"),
    ([], 422, "bad_request"),
]


@pytest.mark.parametrize(("body", "status", "code"), BAD, ids=[json.dumps(b) for b, _, _ in BAD])
def test_bad_hands_are_refused_with_the_error_object(client, body, status, code):
    mid = create(client)["id"]
    client.post(f"/v1/matches/{mid}/hands", json={"entry": {"draw": True}})
    before = client.get(f"/v1/matches/{mid}").json()
    r = client.post(f"/v1/matches/{mid}/hands", json=body)
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error["code"] == code and error["message"] and error["errors"]
    assert client.get(f"/v1/matches/{mid}").json() == before


def test_bad_matches_and_unknown_ones(client):
    r = client.post("/v1/matches", json={"players": [*PLAYERS, "Eve"]})
    assert r.status_code == 422 and r.json()["error"]["code"] == "too_many_players"
    r = client.post("/v1/matches", content=b"{", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_json"
    r = client.post("/v1/matches", content=b"{}", headers={"content-type": "text/plain"})
    assert r.status_code == 415
    assert client.get("/v1/matches").json() == {"matches": []}
    for url in ("/v1/matches/nope", "/v1/matches/nope/export", "/v1/matches/nope/hands/1/explanation"):
        r = client.get(url)
        assert r.status_code == 404 and r.json()["error"]["code"] == "no_such_match"
    r = client.post("/v1/matches/nope/hands", json={"entry": {"draw": True}})
    assert r.status_code == 404
    r = client.get("/v1/matches/bad%20id")
    assert r.status_code == 422


def test_corrections_are_logged_and_exported(client):
    mid = create(client)["id"]
    for entry in HANDS[:4]:
        client.post(f"/v1/matches/{mid}/hands", json={"entry": entry})
    fix = {"n": 1, "action": "edit", "entry": {"winner": "Ann", "from": "Cy", "fan": 10},
           "by": "referee Li", "reason": "the discard was Cy's"}
    r = client.post(f"/v1/matches/{mid}/corrections", json=fix)
    assert r.status_code == 200, r.text
    sheet = r.json()["sheet"]
    assert sheet["totals"] == {"Ann": -16, "Bo": -34, "Cy": 28, "Di": 22}
    (logged,) = sheet["log"]
    assert (logged["by"], logged["reason"], logged["action"], logged["n"]) == (
        "referee Li", "the discard was Cy's", "edit", 1)
    assert logged["before"] == HANDS[0] and logged["after"] == fix["entry"] and logged["at"].endswith("Z")
    r = client.post(f"/v1/matches/{mid}/corrections",
                    json={"n": 3, "action": "delete", "by": "referee Li", "reason": "no draw"})
    assert r.status_code == 200 and len(r.json()["record"]["hands"]) == 3
    # a correction without its reason, or of an entry that is not there: refused, nothing changed
    before = client.get(f"/v1/matches/{mid}").json()
    for bad in ({"n": 1, "action": "delete", "by": "Li", "reason": ""},
                {"n": 9, "action": "delete", "by": "Li", "reason": "x"},
                {"n": 1, "action": "edit", "by": "Li", "reason": "x"}):
        r = client.post(f"/v1/matches/{mid}/corrections", json=bad)
        assert r.status_code == 422, r.text
    assert client.get(f"/v1/matches/{mid}").json() == before

    r = client.get(f"/v1/matches/{mid}/export", params={"format": "csv"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(r.text)))
    assert [row[6] for row in rows if row and row[0] == "correction" and row[1] != "seq"] == ["the discard was Cy's",
                                                                                           "no draw"]
    r = client.get(f"/v1/matches/{mid}/export", params={"format": "ema"})
    assert r.text.splitlines()[0] == "Rank,Name,EMA number,Country,Table points,Score"
    doc = client.get(f"/v1/matches/{mid}/export").json()
    assert doc["format"] == "mjscore-match" and len(doc["record"]["log"]) == 2
    # an export is a match file: it can be created again, log and all
    again = client.post("/v1/matches", json=doc["record"]).json()
    assert again["sheet"]["totals"] == doc["sheet"]["totals"] and again["sheet"]["log"] == doc["sheet"]["log"]


def test_every_export_format_of_the_table_is_listed_and_served(client, monkeypatch):
    """One table of export formats (scorer.match.export.FORMATS): the match's answer lists them (the
    page's links), the route writes each, and a format added to the table is served with no other edit."""
    from scorer.match import export as ex

    extra = ex.ExportFormat("names", "the players, one a line", "text/plain; charset=utf-8", "-names.txt",
                            lambda record, sheet: "\n".join(sheet["players"]))
    monkeypatch.setitem(ex.FORMATS, extra.name, extra)
    mid = create(client)["id"]
    assert client.get(f"/v1/matches/{mid}").json()["exports"] == ["json", "csv", "ema", "names"]
    for f in ex.FORMATS.values():
        r = client.get(f"/v1/matches/{mid}/export", params={"format": f.name})
        assert r.status_code == 200 and r.headers["content-type"] == (
            "application/json" if f.name == "json" else f.media_type)
        assert r.headers["content-disposition"].endswith(f'filename="match-{mid}{f.file_suffix}"')
    assert client.get(f"/v1/matches/{mid}/export", params={"format": "names"}).text == "Ann\nBo\nCy\nDi"


def test_a_hand_given_as_tiles_links_to_its_explanation(client):
    mid = create(client)["id"]
    client.post(f"/v1/matches/{mid}/hands", json={"entry": {"draw": True}})
    r = client.post(f"/v1/matches/{mid}/hands",
                    json={"entry": {"winner": "Cy", "from": "Di", "hand": "[123m]456789m555pCC",
                                    "context": {"flowers": 2}}})
    row = r.json()["sheet"]["hands"][1]
    assert row["fan"] == 20 and row["scored"]["context"]["seat_wind"] == "S"
    full = client.get(f"/v1/matches/{mid}/hands/2/explanation")
    assert full.status_code == 200 and full.json()["total"] == 20 and full.json()["readings"]
    again = client.post("/v1/score", json=row["scored"]["request"]).json()
    assert again["total"] == 20 and again["items"] == full.json()["items"]
    r = client.get(f"/v1/matches/{mid}/hands/1/explanation")
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_hand"


def test_openapi_documents_the_match_routes(client):
    doc = client.get("/openapi.json").json()
    paths = doc["paths"]
    assert {"/v1/matches", "/v1/matches/{match_id}", "/v1/matches/{match_id}/hands",
            "/v1/matches/{match_id}/corrections", "/v1/matches/{match_id}/export",
            "/v1/matches/{match_id}/hands/{n}/explanation"} <= set(paths)
    schemas = doc["components"]["schemas"]
    assert len(schemas["MatchEntry"]["oneOf"]) == 5
    assert schemas["MatchWin"]["additionalProperties"] is False
    assert schemas["MatchWin"]["properties"]["fan"]["anyOf"][0]["maximum"] == 1000
    assert schemas["MatchCreate"]["properties"]["players"]["maxItems"] == 4
    assert {"404", "409", "422"} <= set(paths["/v1/matches/{match_id}/hands"]["post"]["responses"])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _request(port, method, path, body=None, key=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"content-type": "application/json"} | ({"authorization": f"Bearer {key}"} if key else {})
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def _serve(path):
    """``mjscore serve --matches PATH`` on a free port: (process, port). Another program may take
    the port between our check and the server's bind: then the start is tried on another."""
    failures = []
    for _ in range(3):
        port = _free_port()
        proc = subprocess.Popen([str(ROOT / ".venv" / "bin" / "mjscore"), "serve", "--port", str(port),
                                 "--matches", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                env={**os.environ, "MJSCORE_MATCHES": ""})
        deadline = time.monotonic() + 60
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                    return proc, port
            except OSError:
                time.sleep(0.2)
        _stop(proc)
        failures.append(proc.stderr.read().decode()[-2000:])
    raise AssertionError(f"the server did not start: {failures}")


def _stop(proc):
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


def test_a_new_server_process_reads_the_same_file(tmp_path):
    path = tmp_path / "served.sqlite3"
    proc, port = _serve(path)
    try:
        status, match = _request(port, "POST", "/v1/matches", {"players": PLAYERS})
        assert status == 201
        status, _ = _request(port, "POST", f"/v1/matches/{match['id']}/hands",
                             {"entry": {"winner": "Di", "from": None, "fan": 8}}, match["edit_key"])
        assert status == 200
    finally:
        _stop(proc)
    assert path.exists()
    proc, port = _serve(path)  # a new process, on the same file
    try:
        status, again = _request(port, "GET", f"/v1/matches/{match['id']}")
    finally:
        _stop(proc)
    assert status == 200 and again["revision"] == 2 and "edit_key" not in again
    assert again["sheet"]["totals"] == {"Ann": -16, "Bo": -16, "Cy": -16, "Di": 48}


def test_the_next_hand_and_an_unusable_store(client, tmp_path, monkeypatch):
    match = create(client)
    assert match["sheet"]["next"] == {"hand": 1, "label": "E1", "label_zh": "东风东", "round_wind": "E",
                                      "dealer": "Ann", "seats": {"Ann": "E", "Bo": "S", "Cy": "W", "Di": "N"}}
    r = client.post(f"/v1/matches/{match['id']}/hands", json={"entry": {"draw": True}})
    assert r.json()["sheet"]["next"]["dealer"] == "Bo" and r.json()["sheet"]["next"]["label_zh"] == "东风南"
    # a store that cannot be opened: 503 with the error object, not a crash
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("MJSCORE_MATCHES", str(blocker / "matches.sqlite3"))
    with TestClient(create_app()) as other:
        r = other.get("/v1/matches", headers=ADMIN_AUTH)
        assert r.status_code == 503 and r.json()["error"]["code"] == "store_unavailable"


def test_concurrent_writers_over_http_lose_nothing(tmp_path, monkeypatch):
    import threading

    from served import serving

    monkeypatch.setenv("MJSCORE_MATCHES", str(tmp_path / "busy.sqlite3"))
    with serving(create_app()) as (_, port):
        status, match = _request(port, "POST", "/v1/matches", {"players": PLAYERS})
        assert status == 201
        answers: list[int] = []

        def writer(i: int) -> None:
            for k in range(2):
                winner = PLAYERS[(2 * i + k) % 4]
                answers.append(_request(port, "POST", f"/v1/matches/{match['id']}/hands",
                                        {"entry": {"winner": winner, "from": None, "fan": 8}}, match["edit_key"])[0])

        threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        status, final = _request(port, "GET", f"/v1/matches/{match['id']}")
    assert sorted(answers) == [200] * 16
    assert final["revision"] == 17 and len(final["record"]["hands"]) == 16 and final["sheet"]["complete"]
    assert final["sheet"]["totals"] == dict.fromkeys(PLAYERS, 0)


@pytest.mark.parametrize(("url", "said"), [
    ("/v1/matches/bad%20id", "path.match_id: 'bad id' does not have the form ^[A-Za-z0-9_-]+$"),
    ("/v1/matches/abc/export?format=x", "query.format: 'x' is not an export format (known: json, csv, ema)"),
])
def test_a_bad_path_or_query_parameter_is_said_in_our_words(client, url: str, said: str) -> None:
    res = client.get(url)
    assert res.status_code == 422
    body = res.json()["error"]
    assert body["message"] == said and body["code"] == "bad_request"
    assert not re.search(r"Input should|String should|Field required", res.text)
