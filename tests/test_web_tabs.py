"""The referee page's tile-efficiency and match-sheet tabs in headless Chromium (docs/web.md).

Reuses the browser, server and helpers of test_web.py (and so its skip / MJSCORE_REQUIRE_BROWSER
rule). Every number read back from the page is checked against the API's own answer; the match
store is a SQLite file of this module's own. Each test checks the console stayed clean.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import test_web
from fastapi.testclient import TestClient
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from test_web import _id, _open, _shot, _tap, _wait

from api.app import app
from scorer.match.store import MatchStore

# the browser, the served app and the per-test console check, shared with test_web.py
browser, server, desktop, phone = test_web.browser, test_web.server, test_web.desktop, test_web.phone

HAND_13 = "123m45567p23789s"
HAND_14 = "123m455667p23789s"
VISIBLE = "3p3p"


@pytest.fixture(scope="module", autouse=True)
def match_store() -> Iterator[MatchStore]:
    # a store of this module's own, whatever MJSCORE_MATCHES says
    folder = tempfile.mkdtemp(prefix="mjscore-web-matches-")
    before = app.state.match_store if hasattr(app.state, "match_store") else None
    store = MatchStore(Path(folder) / "matches.sqlite3")
    app.state.match_store = store
    yield store
    app.state.match_store = before


def _api(path: str, body: dict | None = None) -> dict:
    client = TestClient(app)
    res = client.post(path, json=body) if body is not None else client.get(path)
    assert res.status_code in (200, 201), res.text
    return res.json()


def _no_overflow(d) -> None:
    assert d.execute_script("return document.documentElement.scrollWidth") <= 375


def _eff_done(d, after: int) -> None:
    _wait(d).until(lambda x: int(x.find_element(By.TAG_NAME, "body").get_attribute("data-eff-done") or 0) > after)


def _shot_at(d, section: str, name: str) -> None:
    d.execute_script("arguments[0].scrollIntoView({block: 'start'})", _id(d, section))
    _shot(d, name)


def _eff_seq(d) -> int:
    return int(d.find_element(By.TAG_NAME, "body").get_attribute("data-eff-done") or 0)


# --- tile efficiency -----------------------------------------------------------------------------

def test_efficiency_of_a_riichi_hand_words_the_yaku(server, desktop):
    """Riichi's minimum is a yaku: the page words it from the answer's minimum_rule."""
    d = desktop
    hand = "[111m]456p789s23m55s"  # open, no yakuhai, no tanyao: no yaku on either wait
    _open(d, f"{server}/?variant=riichi&lang=en&tab=efficiency&hand=%5B111m%5D456p789s23m55s")
    seq = _eff_seq(d)
    _id(d, "eff-run").click()
    _eff_done(d, seq)
    want = _api("/v1/efficiency", {"variant": "riichi", "hand": hand, "context": {}})
    rows = d.find_elements(By.CSS_SELECTOR, ".eff-waits tbody tr")
    assert [(r.get_attribute("data-tile"), r.get_attribute("data-below-minimum")) for r in rows] == \
        [(w["tile"], "true") for w in want["waits"]] == [("1m", "true"), ("4m", "true")]
    assert all("no yaku" in r.text for r in rows) and "8 fan" not in _id(d, "eff-box").text


def test_efficiency_of_a_13_and_a_14_tile_mcr_hand(server, desktop):
    d = desktop
    _open(d, f"{server}/?variant=mcr&lang=en&tab=efficiency&hand={HAND_13}")
    assert not _id(d, "eff-box").get_attribute("class").count("off-tab")
    assert "off-tab" in _id(d, "result").get_attribute("class")  # the score tab's answer is not shown
    seq = _eff_seq(d)
    _id(d, "eff-visible").send_keys(VISIBLE)
    _id(d, "eff-run").click()
    _eff_done(d, seq)
    want = _api("/v1/efficiency", {"variant": "mcr", "hand": HAND_13, "context": {}, "visible": VISIBLE})
    assert int(_id(d, "eff-shanten").get_attribute("data-shanten")) == want["shanten"] == 1
    useful = [(n.get_attribute("data-tile"), int(n.get_attribute("data-left")), n.get_attribute("data-keeps-minimum"))
              for n in d.find_elements(By.CSS_SELECTOR, ".eff-useful .left-tile")]
    keeps = {m["tile"]: str(m["keeps_minimum"]).lower() for m in want["minimum"]["useful"]}
    assert useful == [(u["tile"], u["left"], keeps[u["tile"]]) for u in want["useful"]]
    assert ("3p", 2, "false") in useful  # two 3p seen: two left, and it keeps no 8-fan win
    minimum = d.find_element(By.CSS_SELECTOR, ".eff-minimum")
    assert int(minimum.get_attribute("data-tiles-left")) == want["minimum"]["tiles_left"]
    shapes = {r.get_attribute("data-shape"): int(r.get_attribute("data-shanten"))
              for r in d.find_elements(By.CSS_SELECTOR, ".eff-shapes tr")}
    assert shapes == {k: v["shanten"] for k, v in want["shapes"].items()}
    _shot_at(d, "eff-box", "tabs-efficiency-desktop-13")

    # the 14th tile tapped in: every discard, best first, analysed as soon as it is in
    seq = _eff_seq(d)
    _tap(d, "6p")
    _eff_done(d, seq)
    want = _api("/v1/efficiency", {"variant": "mcr", "hand": HAND_14, "context": {}, "visible": VISIBLE})
    rows = d.find_elements(By.CSS_SELECTOR, "#eff-discards tbody tr")
    got = [(r.get_attribute("data-tile"), int(r.get_attribute("data-shanten")), int(r.get_attribute("data-tiles-left")))
           for r in rows]
    assert got == [(x["tile"], x["shanten"], x["tiles_left"]) for x in want["discards"]]
    assert got[0][1] == 0  # discarding 2s or 3s leaves the hand ready
    ready = want["discards"][0]
    assert rows[0].get_attribute("data-min-left") == str(sum(w["left"] for w in ready["waits"] if not w["below_minimum"]))
    one_short = next((i, x) for i, x in enumerate(want["discards"]) if x.get("minimum"))
    assert rows[one_short[0]].get_attribute("data-min-left") == str(one_short[1]["minimum"]["tiles_left"])
    _shot_at(d, "eff-box", "tabs-efficiency-desktop-14")
    # the same hand on the Score tab: scored there on arrival, the efficiency answer put away
    d.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="score"]').click()
    want = _api("/v1/score", {"variant": "mcr", "hand": HAND_14})
    assert not want["valid"]
    assert _wait(d).until(lambda x: _id(x, "total").text) == f"Not a valid win: {want['reason']}"
    assert "off-tab" in _id(d, "eff-box").get_attribute("class") and "tab=" not in d.current_url


def test_efficiency_on_a_phone_in_chinese_and_its_errors(server, phone):
    d = phone
    _open(d, f"{server}/?variant=mcr&lang=zh&tab=efficiency&hand=123m456p789s1122z")
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#eff-shanten[data-shanten]"))
    tabs = [b.text for b in d.find_elements(By.CSS_SELECTOR, "#tabs button")]
    assert tabs == ["计分", "牌效率", "计分表"]
    assert _id(d, "eff-shanten").text == "听牌"
    waits = d.find_elements(By.CSS_SELECTOR, ".eff-waits tbody tr")
    want = _api("/v1/efficiency", {"variant": "mcr", "hand": "123m456p789s1122z", "context": {}})
    assert [(w.get_attribute("data-tile"), int(w.get_attribute("data-left"))) for w in waits] == \
        [(w["tile"], w["left"]) for w in want["waits"]]
    assert "有效牌" in _id(d, "eff-box").text and "剩余" in _id(d, "eff-box").text
    _no_overflow(d)
    _shot_at(d, "eff-box", "tabs-efficiency-phone-zh")
    # a hand of the wrong size is told in tiles, without asking the server
    d.find_element(By.CSS_SELECTOR, "#hand-tiles .tile-btn").click()
    _id(d, "eff-run").click()
    assert "牌效率需要 13 或 14 张，不是 12 张" in _id(d, "eff-result").text


# --- the match sheet -----------------------------------------------------------------------------

def _wait_rows(d, n: int) -> None:
    _wait(d).until(lambda x: len(x.find_elements(By.CSS_SELECTOR, "#m-sheet tbody tr")) == n)


def _kind(d, kind: str) -> None:
    d.find_element(By.CSS_SELECTOR, f'.m-kinds button[data-kind="{kind}"]').click()


def test_a_short_match_on_a_phone(server, phone):
    d = phone
    _open(d, f"{server}/?variant=mcr&lang=zh&tab=match")
    assert "off-tab" in _id(d, "builder").get_attribute("class")  # the picker only when a win is given by tiles
    for i, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
        _id(d, f"m-p{i}").send_keys(name)
    _id(d, "m-title").send_keys("Table 3")
    _id(d, "m-create").click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-next"))
    match_id = _id(d, "m-id").text
    assert d.execute_script("return localStorage.getItem('mjscore.match')") == match_id
    assert "东风东" in _id(d, "m-next").text

    # hand 1: Ann self-draws 8 (by fan total)
    Select(_id(d, "m-winner")).select_by_value("Ann")
    Select(_id(d, "m-from")).select_by_value("")
    _id(d, "m-fan").send_keys("8")
    _id(d, "m-add").click()
    _wait_rows(d, 1)

    # hand 2: Bo wins on Cy's discard, the hand built in the picker
    _id(d, "m-mode-tiles").click()
    assert "off-tab" not in _id(d, "builder").get_attribute("class")
    d.find_element(By.CSS_SELECTOR, "#notation-box summary").click()
    _id(d, "hand").send_keys("[123m]456789m555pCC")
    _id(d, "read").click()
    _wait(d).until(lambda x: "[123m]456789m555pCC" in _id(x, "m-tiles-note").text)
    Select(_id(d, "m-winner")).select_by_value("Bo")
    Select(_id(d, "m-from")).select_by_value("Cy")
    _id(d, "m-add").click()
    _wait_rows(d, 2)

    # hand 3: a draw
    _kind(d, "draw")
    _id(d, "m-add").click()
    _wait_rows(d, 3)

    # hand 1 corrected: it was 10, with who and why
    d.find_element(By.CSS_SELECTOR, '#m-sheet button.m-fix[data-n="1"]').click()
    assert "更正第 1 条" in _id(d, "m-fixing").text
    fan = _id(d, "m-fan")
    assert fan.get_attribute("value") == "8"
    fan.clear()
    fan.send_keys("10")
    _id(d, "m-by").send_keys("referee Li")
    _id(d, "m-fix-reason").send_keys("miscounted")
    _id(d, "m-save").click()
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#m-log li"))

    want = _api(f"/v1/matches/{match_id}")
    sheet = want["sheet"]
    assert want["revision"] == 5 and [h["kind"] for h in sheet["hands"]] == ["win", "win", "draw"]
    assert sheet["hands"][0]["fan"] == 10 and sheet["hands"][1]["fan"] == 18
    rows = d.find_elements(By.CSS_SELECTOR, "#m-totals tbody tr")
    got = {r.get_attribute("data-player"): (int(r.get_attribute("data-total")), int(r.get_attribute("data-place")),
                                            r.get_attribute("data-table-points")) for r in rows}
    assert got == {p: (sheet["totals"][p], sheet["places"][p], sheet["table_points_exact"][p]) for p in sheet["players"]}
    assert got["Ann"][0] == 3 * (8 + 10) - 8 and got["Bo"][0] == -18 + 8 + 18 + 16
    deltas = [int(c.get_attribute("data-delta")) for c in d.find_elements(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="2"] td[data-delta]')]
    assert deltas == [sheet["hands"][1]["deltas"][p] for p in sheet["players"]]
    needs = {(r.get_attribute("data-player"), r.get_attribute("data-target")) for r in d.find_elements(By.CSS_SELECTOR, "#m-needs tbody tr")}
    assert needs == {(p, n["player"]) for p in sheet["players"] for n in sheet["needs"][p]["to_pass"]}
    log = _id(d, "m-log").text
    assert "referee Li" in log and "miscounted" in log
    assert "第 4 盘 东风北" in _id(d, "m-next").text and "荒庄" in _id(d, "m-sheet").text
    assert "标准分" in _id(d, "m-totals").text and "追分" in _id(d, "match-box").text
    formats = {a.get_attribute("data-format"): a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, ".m-export a")}
    assert formats == {f: f"{server}/v1/matches/{match_id}/export?format={f}" for f in ("json", "csv", "ema")}
    _no_overflow(d)
    _shot_at(d, "match-box", "tabs-match-phone-zh")
    _shot_at(d, "m-totals", "tabs-match-phone-zh-sheet")

    # the hand scored from its tiles explains itself
    d.find_element(By.CSS_SELECTOR, '#m-sheet button.m-why[data-n="2"]').click()
    _wait(d).until(lambda x: _id(x, "item-dialog").get_attribute("open") is not None)
    assert _id(d, "item-card").find_element(By.ID, "total").text == "合计 18"
    _shot(d, "tabs-match-explanation-phone")
    _id(d, "item-close").click()

    # the match comes back from the device after a reload, and from its link
    _open(d, f"{server}/?lang=zh&tab=match")
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-id"))
    assert _id(d, "m-id").text == match_id
    assert _id(d, "m-link").get_attribute("href").endswith(f"match={match_id}&lang=zh")


def test_a_penalty_and_a_hand_by_tiles_corrected_on_a_desktop(server, desktop):
    d = desktop
    won = {"winner": "Cy", "from": None, "hand": "[123m]456789m555pCC", "context": {"flowers": 2}}
    created = _api("/v1/matches", {"players": ["Ann", "Bo", "Cy", "Di"], "hands": [won]})
    _open(d, f"{server}/?variant=nantong&lang=en&tab=match&match={created['id']}#key={created['edit_key']}")
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-add"))
    _id(d, "m-add").click()  # no fan given: told, nothing sent
    assert "Give the fan total" in _id(d, "m-msg").text
    _kind(d, "penalty")
    _id(d, "m-pen-0").send_keys("-10")
    _id(d, "m-pen-1").send_keys("10")
    _id(d, "m-reason").send_keys("slow play")
    _id(d, "m-add").click()
    _wait_rows(d, 2)
    assert "slow play" in _id(d, "m-sheet").text
    sheet = _api(f"/v1/matches/{created['id']}")["sheet"]
    assert sheet["hands"][1]["deltas"] == {"Ann": -10, "Bo": 10, "Cy": 0, "Di": 0}
    _shot(d, "tabs-match-desktop")
    # correcting the hand given by its tiles puts it back in the picker (MCR) with its flowers
    d.find_element(By.CSS_SELECTOR, '#m-sheet button.m-fix[data-n="1"]').click()
    assert _id(d, "m-mode-tiles").is_selected()
    assert _id(d, "variant").get_attribute("value") == "mcr"
    assert _id(d, "hand").get_attribute("value") == "[123m]456789m555pCC"
    assert d.find_element(By.CSS_SELECTOR, '#context [name="flowers"]').get_attribute("value") == "2"
    assert "off-tab" not in _id(d, "builder").get_attribute("class")
    _id(d, "m-cancel").click()
    assert not d.find_elements(By.ID, "m-fixing")


def test_bad_input_is_told_in_both_tabs(server, browser):
    d = browser
    d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    d.get_log("browser")
    # a typed hand with a character the notation does not know: marked where it was typed
    _open(d, f"{server}/?variant=mcr&lang=en&tab=efficiency&hand=123m4x5p")
    error = _wait(d).until(lambda x: x.find_element(By.CSS_SELECTOR, "#eff-result .error"))
    assert "unknown character 'x'" in error.text
    assert error.find_element(By.CSS_SELECTOR, "li[data-code=unknown_character] mark").text == "x"
    # tiles seen that cannot be: five 1m in all
    _open(d, f"{server}/?variant=mcr&lang=en&tab=efficiency&hand={HAND_13}")
    seq = _eff_seq(d)
    _id(d, "eff-visible").send_keys("1m1m1m1m")
    _id(d, "eff-run").click()
    _eff_done(d, seq)
    want = TestClient(app).post("/v1/efficiency", json={"variant": "mcr", "hand": HAND_13, "visible": "1m1m1m1m"}).json()
    assert want["error"]["message"] in _id(d, "eff-result").find_element(By.CSS_SELECTOR, ".error").text
    # a match hand the server refuses (a winner who dealt in to himself): told, nothing added
    created = _api("/v1/matches", {"players": ["Ann", "Bo", "Cy", "Di"]})
    _open(d, f"{server}/?lang=en&tab=match&match={created['id']}#key={created['edit_key']}")
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-add"))
    Select(_id(d, "m-winner")).select_by_value("Bo")
    Select(_id(d, "m-from")).select_by_value("Bo")
    _id(d, "m-fan").send_keys("8")
    _id(d, "m-add").click()
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#m-msg .error li"))
    assert "Not entered" in _id(d, "m-msg").text and not d.find_elements(By.CSS_SELECTOR, "#m-sheet")
    assert _api(f"/v1/matches/{created['id']}")["revision"] == 1
    _shot(d, "tabs-errors-desktop")
    # the only console lines are the 422 answers
    assert test_web._console_errors(d, allowed=("status of 422",)) == []


# --- the header's variant and the match on screen ------------------------------------------------

def _header(d) -> tuple[str, str]:
    """The header's variant and the rules preset the context form shows ('' for the variant's default)."""
    return _id(d, "variant").get_attribute("value"), _id(d, "rules").get_attribute("value")


def _create(d, sheet: str) -> str:
    Select(_wait(d).until(lambda x: _id(x, "m-sheet-kind"))).select_by_value(sheet)
    for i, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
        _id(d, f"m-p{i}").send_keys(name)
    _id(d, "m-create").click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-id"))
    return _id(d, "m-id").text


def test_the_header_says_the_variant_of_the_match_on_screen(server, desktop):
    d = desktop
    _open(d, f"{server}/?lang=en")
    d.execute_script("localStorage.clear()")
    _open(d, f"{server}/?variant=mcr&lang=en&tab=match")
    # a riichi hanchan created while the header said MCR: the header says riichi, with the sheet's
    # scoring preset, and the picker builds riichi hands (red fives) for a win given by its tiles
    riichi_id = _create(d, "riichi:wrc")
    assert _header(d) == ("riichi", "wrc")
    assert "red-fives" in _id(d, "palette").get_attribute("class")
    assert "variant=riichi" in d.current_url
    # so from its link too, whatever variant the link says, and on the other tabs
    _open(d, f"{server}/?variant=mcr&lang=en&tab=match&match={riichi_id}")
    assert _header(d) == ("riichi", "wrc")
    d.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="score"]').click()
    assert _header(d) == ("riichi", "wrc")
    d.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="match"]').click()

    # the header switched to MCR while the hanchan is open: the hanchan is put aside (kept, one tap
    # to reopen), and the form for a new sheet is in the header's variant
    Select(_id(d, "variant")).select_by_value("mcr")
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-reopen"))
    assert not d.find_elements(By.ID, "m-sheet") and not d.find_elements(By.ID, "m-id")
    assert _header(d) == ("mcr", "")
    assert Select(_id(d, "m-sheet-kind")).first_selected_option.get_attribute("value") == "mcr"
    assert riichi_id in _id(d, "m-set-aside").text and f"match={riichi_id}" not in d.current_url
    # the sheet's kind chosen before creating: the header follows it, both ways
    Select(_id(d, "m-sheet-kind")).select_by_value("riichi:ema")
    assert _header(d) == ("riichi", "ema")
    Select(_id(d, "variant")).select_by_value("mcr")
    assert Select(_id(d, "m-sheet-kind")).first_selected_option.get_attribute("value") == "mcr"
    mcr_id = _create(d, "mcr")
    assert _header(d) == ("mcr", "")
    assert _id(d, "m-fan").is_displayed()  # an MCR form: the fan total

    # reopening the hanchan by its id brings its variant back to the header
    _id(d, "m-close").click()
    _id(d, "m-open-id").send_keys(riichi_id)
    _id(d, "m-open").click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-id") and _id(x, "m-id").text == riichi_id)
    assert _header(d) == ("riichi", "wrc")
    # and the button that reopens a match put aside
    Select(_id(d, "variant")).select_by_value("mcr")
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-reopen"))
    _id(d, "m-reopen").click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-id") and _id(x, "m-id").text == riichi_id)
    assert _header(d) == ("riichi", "wrc")
    assert _id(d, "m-yakuman").is_displayed()  # the hanchan's own form, editable as before
    # the header changed on another tab puts the match of another variant aside as well
    _open(d, f"{server}/?lang=en&tab=match&match={mcr_id}")
    assert _header(d) == ("mcr", "")
    d.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="score"]').click()
    Select(_id(d, "variant")).select_by_value("riichi")
    d.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="match"]').click()
    assert d.find_elements(By.ID, "m-reopen") and not d.find_elements(By.ID, "m-id")
    # a link naming a variant keeps it: the match kept on the device, of another variant, waits aside
    # (a shared hand link is read in its own variant); a link naming none reopens the kept match
    _open(d, f"{server}/?variant=riichi&lang=en&tab=match")
    assert _header(d) == ("riichi", "") and mcr_id in _id(d, "m-set-aside").text
    _open(d, f"{server}/?lang=en&tab=match")
    assert _id(d, "m-id").text == mcr_id and _header(d) == ("mcr", "")
