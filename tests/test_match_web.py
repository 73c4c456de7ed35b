"""The match sheet's edit key on the referee page, in headless Chromium (docs/match.md#who-may-change-a-match):
the device that creates a match keeps its key and can change it; another device reads it only,
until it opens the match's link to edit; a key the server refuses leaves the sheet read only.
Reuses the browser and server of test_web.py (and so its skip / MJSCORE_REQUIRE_BROWSER rule)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest
import test_web
from fastapi.testclient import TestClient
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from test_web import _id, _open, _wait

from api.app import app
from scorer.match.store import MatchStore

browser, server, desktop = test_web.browser, test_web.server, test_web.desktop
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture(scope="module", autouse=True)
def match_store() -> Iterator[MatchStore]:
    folder = tempfile.mkdtemp(prefix="mjscore-web-keys-")
    before = getattr(app.state, "match_store", None)
    app.state.match_store = MatchStore(Path(folder) / "matches.sqlite3")
    yield app.state.match_store
    app.state.match_store = before


def _read(match_id: str) -> dict:
    res = TestClient(app).get(f"/v1/matches/{match_id}")
    assert res.status_code == 200, res.text
    return res.json()


def _stored_key(d, match_id: str) -> str | None:
    return d.execute_script("return localStorage.getItem(arguments[0])", f"mjscore.matchKey.{match_id}")


def _add_fan(d, winner: str, fan: int) -> None:
    Select(_id(d, "m-winner")).select_by_value(winner)
    Select(_id(d, "m-from")).select_by_value("")
    _id(d, "m-fan").send_keys(str(fan))
    _id(d, "m-add").click()


def _rows(d, n: int) -> None:
    _wait(d).until(lambda x: len(x.find_elements(By.CSS_SELECTOR, "#m-sheet tbody tr")) == n)


def test_the_creating_device_edits_another_reads_until_it_opens_the_link_to_edit(server, desktop):
    d = desktop
    _open(d, f"{server}/?lang=en")  # a page of the origin, to start from an empty storage
    d.execute_script("localStorage.clear()")
    _open(d, f"{server}/?lang=en&tab=match")
    for i, name in enumerate(PLAYERS):
        _id(d, f"m-p{i}").send_keys(name)
    _id(d, "m-create").click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-id"))
    match_id = _id(d, "m-id").text
    key = _stored_key(d, match_id)
    assert key and len(key) >= 40
    edit_link = _id(d, "m-edit-link").get_attribute("href")
    assert edit_link.startswith(f"{server}/?tab=match&match={match_id}") and unquote(edit_link).endswith(f"#key={key}")
    assert key not in d.current_url  # the key is in the link to edit only, never in the address shown
    _add_fan(d, "Ann", 8)
    _rows(d, 1)
    assert _read(match_id)["revision"] == 2

    # another device: the share link reads the match, and nothing on the page can change it
    d.execute_script("localStorage.clear()")
    _open(d, f"{server}/?lang=en&tab=match&match={match_id}")
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-read-only"))
    assert "Read only" in _id(d, "m-read-only").text
    assert not d.find_elements(By.ID, "m-add") and not d.find_elements(By.CSS_SELECTOR, "button.m-fix")
    assert not d.find_elements(By.ID, "m-edit-link")
    assert len(d.find_elements(By.CSS_SELECTOR, "#m-sheet tbody tr")) == 1

    # the link to edit, opened there: the key is kept on that device and taken out of the address
    _open(d, edit_link)
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-add"))
    assert _stored_key(d, match_id) == key
    assert "key=" not in d.current_url and f"match={match_id}" in d.current_url
    _add_fan(d, "Bo", 9)
    _rows(d, 2)
    assert _read(match_id)["revision"] == 3


def test_a_key_the_server_refuses_leaves_the_sheet_read_only(server, desktop):
    d = desktop
    created = TestClient(app).post("/v1/matches", json={"players": PLAYERS}).json()
    match_id = created["id"]
    _open(d, f"{server}/?lang=en&tab=match&match={match_id}#key=not-the-key")
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-add"))
    _add_fan(d, "Cy", 8)
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#m-msg .error li"))
    assert "not the match's edit key" in _id(d, "m-msg").text
    assert d.find_elements(By.ID, "m-read-only") and not d.find_elements(By.ID, "m-add")
    assert _stored_key(d, match_id) is None
    assert _read(match_id)["revision"] == 1
    assert test_web._console_errors(d, allowed=("status of 403",)) == []
    d.get_log("browser")  # the 403 was expected: the fixture's own check starts clean
