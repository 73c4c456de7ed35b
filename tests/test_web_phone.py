"""The referee page on a phone, by touch, in headless Chromium (docs/web.md#on-a-phone).

The browser is a phone here: Chrome's device emulation at 320 and 375 CSS px with touch events on,
and every tap and press-and-hold is a touch sequence sent through the DevTools protocol
(`Input.dispatchTouchEvent`), so the page meets what a finger sends (pointer events of type touch,
the browser's own tap and long-press gestures), not a mouse. Every tab is opened with real content
in it (a scored hand, its waits and claim, the efficiency of a full hand, a match sheet with hands)
and checked for sideways scrolling; the tables must show every column inside the screen, not in a
box scrolled sideways. Screenshots of every tab at 320, 375 and a desktop width, whole pages, go to
tests/artifacts/phone/. Reuses the browser and server of test_web.py (and its skip rule).
"""

from __future__ import annotations

import base64
import json
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import test_web
from conftest import ROOT
from fastapi.testclient import TestClient
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from test_web import ARTIFACTS, _console_errors, _id, _open, _wait

from api.app import app
from scorer.match.store import MatchStore

browser, server = test_web.browser, test_web.server

SHOTS = ARTIFACTS / "phone"
HAND = "[123m]456789m555pCC"
FULL_EFF = "123m455667p23789s"  # 14 tiles: every discard listed
MATCH_HANDS = [
    {"winner": "Ann", "from": None, "fan": 8},
    {"winner": "Bo", "from": "Cy", "hand": HAND},
    {"draw": True},
    {"winner": "Di", "from": "Ann", "fan": 24},
    {"penalty": {"Ann": -10, "Bo": 10}, "reason": "slow play"},
]


@pytest.fixture(scope="module", autouse=True)
def match_store() -> Iterator[MatchStore]:
    folder = tempfile.mkdtemp(prefix="mjscore-web-phone-")
    before = app.state.match_store if hasattr(app.state, "match_store") else None
    app.state.match_store = MatchStore(Path(folder) / "matches.sqlite3")
    yield app.state.match_store
    app.state.match_store = before


SCREEN = {"width": 375, "dpr": 2}  # what _screen set last


def _screen(d, width: int, touch: bool = True) -> None:
    SCREEN["width"] = width
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": 740, "deviceScaleFactor": 2, "mobile": touch})
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5 if touch else 1})


@pytest.fixture()
def phone(browser):
    """A 375 px phone with touch; the test may narrow it."""
    _screen(browser, 375)
    browser.get_log("browser")
    yield browser
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert _console_errors(browser) == []


# --- touch ---------------------------------------------------------------------------------------

def _centre(d, element) -> tuple[float, float]:
    """The element's centre in viewport CSS px, scrolled into the middle of the screen first."""
    d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", element)
    r = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]",
                         element)
    return r[0], r[1]


def _touch(d, kind: str, x: float, y: float) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "radiusX": 4, "radiusY": 4, "force": 1, "id": 1}]
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def _tap(d, element) -> None:
    x, y = _centre(d, element)
    _touch(d, "touchStart", x, y)
    _touch(d, "touchEnd", x, y)


def _hold(d, element, seconds: float) -> None:
    x, y = _centre(d, element)
    _touch(d, "touchStart", x, y)
    time.sleep(seconds)
    _touch(d, "touchEnd", x, y)


def _tap_palette(d, *tiles: str) -> None:
    for name in tiles:
        _tap(d, d.find_element(By.CSS_SELECTOR, f'#palette button[data-tile="{name}"]'))


def _hand_tiles(d) -> list[str]:
    """The hand's tiles as the page's tests read them (`#hand-tiles > [data-tile]`), the winning tile last."""
    return [b.get_attribute("data-tile") for b in d.find_elements(By.CSS_SELECTOR, "#hand-tiles > [data-tile]")]


def _notation(d) -> str:
    return _id(d, "hand").get_attribute("value")


def _settle(d) -> None:
    """Waits out the browser's gesture timers (a tap's click arrives after the touch ends)."""
    time.sleep(0.35)


# --- layout checks -------------------------------------------------------------------------------

def _sideways(d) -> int:
    # against the screen, not innerWidth: a phone widens its layout viewport to content that overflows
    return d.execute_script("return Math.max(document.documentElement.scrollWidth, innerWidth)") - SCREEN["width"]


# every table cell and tile of the visible page that reaches past the screen's edges
OUTSIDE = """
const w = Math.min(document.documentElement.clientWidth, arguments[0]), out = [];
for (const n of document.querySelectorAll('main td, main th, main img, dialog td, dialog th')) {
  if (!n.getClientRects().length || n.closest('.off-tab, [hidden], details:not([open]) > :not(summary)')) continue;
  const r = n.getBoundingClientRect();
  if (r.width && (r.left < -0.5 || r.right > w + 0.5)) out.push(`${n.closest('[id]').id} ${n.tagName} ${n.textContent.slice(0, 20)} ${Math.round(r.left)}..${Math.round(r.right)}`);
}
for (const n of document.querySelectorAll('main *')) {
  const s = getComputedStyle(n);
  if (n.getClientRects().length && /auto|scroll/.test(s.overflowX) && n.scrollWidth > n.clientWidth + 1 && n.tagName !== 'INPUT')
    out.push(`scrolled box ${n.id || n.className} ${n.scrollWidth}>${n.clientWidth}`);
}
return out;
"""


def _all_in_view(d) -> list[str]:
    return d.execute_script(OUTSIDE, SCREEN["width"])


def _fits(d, where: str) -> None:
    assert _sideways(d) <= 0, f"{where}: the page scrolls sideways by {_sideways(d)} px"
    assert _all_in_view(d) == [], where


def _shot(d, name: str) -> None:
    """The whole page, not only the screen, at one image pixel per CSS px, in parts of 1500 px
    (name-1.png, name-2.png, …) that can be read without shrinking."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for old in SHOTS.glob(f"{name}-*.png"):
        old.unlink()
    height = d.execute_script("return document.documentElement.scrollHeight")
    for part, top in enumerate(range(0, height, 1500), start=1):
        clip = {"x": 0, "y": top, "width": SCREEN["width"], "height": min(1500, height - top), "scale": 1 / SCREEN["dpr"]}
        png = d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip})
        (SHOTS / f"{name}-{part}.png").write_bytes(base64.b64decode(png["data"]))


def _pick_tab(d, tab: str) -> None:
    _tap(d, d.find_element(By.CSS_SELECTOR, f'#tabs button[data-tab="{tab}"]'))
    _wait(d).until(lambda x: x.find_element(By.TAG_NAME, "body").get_attribute("data-tab") == tab)


# --- press and hold ------------------------------------------------------------------------------

@pytest.mark.parametrize("hold_s", [0.55, 1.2])  # past the page's long press; past the browser's own too
def test_press_and_hold_by_touch_makes_the_winning_tile_and_removes_nothing(server, phone, hold_s):
    d = phone
    _open(d, f"{server}/?variant=mcr&lang=en&hand={HAND}")
    _wait(d).until(lambda x: _hand_tiles(x)[-1:] == ["C"])
    before = sorted(_hand_tiles(d))
    _hold(d, d.find_element(By.CSS_SELECTOR, '#hand-tiles > [data-tile="4m"]'), hold_s)
    _settle(d)
    assert _hand_tiles(d)[-1] == "4m" and sorted(_hand_tiles(d)) == before  # moved to the end, nothing gone
    assert _notation(d) == "[123m]56789m555pCC4m"
    assert "win" in d.find_element(By.CSS_SELECTOR, "#hand-tiles > [data-tile]:last-child").get_attribute("class")
    # the next tap by touch takes back the tile tapped, and only it
    _tap(d, d.find_element(By.CSS_SELECTOR, '#hand-tiles > [data-tile="7m"]'))
    _settle(d)
    assert _notation(d) == "[123m]5689m555pCC4m"


def test_a_touch_tap_takes_back_one_tile_and_a_scroll_takes_none(server, phone):
    d = phone
    _open(d, f"{server}/?variant=mcr&lang=en")
    _tap_palette(d, "2p", "3p", "4p", "C")
    _settle(d)
    assert _notation(d) == "234pC"
    _tap(d, d.find_element(By.CSS_SELECTOR, '#hand-tiles > [data-tile="3p"]'))
    _settle(d)
    assert _notation(d) == "24pC"
    # a finger that lands on a tile and drags the page is scrolling: no tile taken, none made winning
    x, y = _centre(d, d.find_element(By.CSS_SELECTOR, '#hand-tiles > [data-tile="2p"]'))
    _touch(d, "touchStart", x, y)
    for step in range(1, 8):
        _touch(d, "touchMove", x, y - 12 * step)
        time.sleep(0.08)
    _touch(d, "touchEnd", x, y - 84)
    _settle(d)
    assert _notation(d) == "24pC"


# --- the answer comes into view ------------------------------------------------------------------

def test_the_14th_tap_brings_the_answer_into_view(server, phone):
    d = phone
    _open(d, f"{server}/?variant=mcr&lang=en")
    _tap(d, d.find_element(By.CSS_SELECTOR, '#modes button[data-meld="chow"]'))
    _tap_palette(d, "1m", *"4m 5m 6m 7m 8m 9m 5p 5p 5p C".split())
    _settle(d)
    assert not d.find_elements(By.ID, "total")
    d.execute_script("scrollTo(0, 0)")
    _tap(d, d.find_element(By.CSS_SELECTOR, '#palette button[data-tile="C"]'))  # the 14th tile
    _wait(d).until(lambda x: x.execute_script(
        "const t = document.getElementById('total'); if (!t) return false;"
        "const r = t.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight"))
    assert _id(d, "total").text == "Total 18"
    # on the Efficiency tab, the discards of the full hand
    _open(d, f"{server}/?variant=mcr&lang=en&tab=efficiency")
    _tap_palette(d, *"1m 2m 3m 4p 5p 5p 6p 6p 7p 2s 3s 7s 8s".split())
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#eff-shanten[data-shanten]"))
    d.execute_script("scrollTo(0, 0)")
    _tap(d, d.find_element(By.CSS_SELECTOR, '#palette button[data-tile="9s"]'))
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#eff-discards tbody tr") and x.execute_script(
        "const r = document.getElementById('eff-box').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2"))


# --- every tab at 320 px, with content -----------------------------------------------------------

def _score_tab_full(d, server: str) -> None:
    """A scored hand with items not also scored, its claim checked, and the waits of a hand one short."""
    _open(d, f"{server}/?variant=mcr&lang=en&hand={HAND}&seat_wind=S")
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#result .excluded"))
    _tap(d, d.find_element(By.CSS_SELECTOR, "#claim-details summary"))
    _tap(d, d.find_element(By.CSS_SELECTOR, '#claim-items input[value="pure_straight"]'))
    _id(d, "claim-total").send_keys("30")
    _tap(d, _id(d, "claim-check"))
    _wait(d).until(lambda x: x.find_elements(By.ID, "verdict"))


def _waits(d, server: str, lang: str) -> None:
    _open(d, f"{server}/?variant=mcr&lang={lang}&hand=%5B123m%5D456789m55p234s")
    _tap(d, d.find_element(By.CSS_SELECTOR, '#hand-tiles > [data-tile="4s"]'))  # one short: waiting on 1s 4s
    _wait(d).until(lambda x: _notation(x) == "[123m]456789m55p23s")
    _tap(d, _id(d, "waits"))
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#waits-list tbody tr"))


def _efficiency_full(d, server: str, lang: str) -> None:
    _open(d, f"{server}/?variant=mcr&lang={lang}&tab=efficiency&hand={FULL_EFF}")
    try:
        _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#eff-discards tbody tr"))
    except TimeoutException:  # say what the page showed instead
        shown = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#eff-result")]
        raise AssertionError(f"no discards listed for {FULL_EFF}; the page shows {shown}") from None


def _api(path: str, body: dict) -> dict:
    res = TestClient(app).post(path, json=body)
    assert res.status_code in (200, 201), res.text
    return res.json()


def _match(d, server: str, lang: str) -> dict:
    created = _api("/v1/matches", {"players": ["Ann", "Bo", "Cy", "Di"], "title": "Table 3", "hands": MATCH_HANDS})
    _open(d, f"{server}/?lang={lang}&tab=match&match={created['id']}")
    _wait(d).until(lambda x: len(x.find_elements(By.CSS_SELECTOR, "#m-sheet tbody tr")) == len(MATCH_HANDS))
    return created


def _every_tab(d, server: str, width: int, lang: str) -> None:
    """Each tab with content, checked and photographed at this width."""
    name = f"{width}-{lang}"
    _score_tab_full(d, server)
    _fits(d, f"score {name}")
    _shot(d, f"score-{name}")
    d.find_element(By.CSS_SELECTOR, '#result button[data-item="pure_straight"]').click()
    _wait(d).until(lambda x: x.find_element(By.ID, "item-title").text)
    _fits(d, f"item card {name}")
    _shot(d, f"item-{name}")
    _id(d, "item-close").click()
    # the same hand in the other tabs, reached by their buttons
    seq = int(d.find_element(By.TAG_NAME, "body").get_attribute("data-eff-done") or 0)
    _pick_tab(d, "efficiency")
    _wait(d).until(lambda x: int(x.find_element(By.TAG_NAME, "body").get_attribute("data-eff-done") or 0) > seq)
    assert d.find_elements(By.CSS_SELECTOR, "#eff-discards tbody tr")
    _fits(d, f"efficiency tab by its button {name}")
    _pick_tab(d, "match")
    _fits(d, f"match tab by its button {name}")
    _pick_tab(d, "score")
    _fits(d, f"score tab by its button {name}")
    _open(d, f"{server}/?variant=mcr&lang={lang}&hand=111222333m789pEE")  # read three ways
    _wait(d).until(lambda x: len(x.find_elements(By.CSS_SELECTOR, "#result .reading")) >= 2)
    _fits(d, f"readings {name}")
    _shot(d, f"readings-{name}")
    _waits(d, server, lang)
    _fits(d, f"waits {name}")
    card = _id(d, "waits-box").rect
    table = _id(d, "waits-list").rect
    assert table["x"] >= card["x"] and table["x"] + table["width"] <= card["x"] + card["width"] + 0.5, (card, table)
    _shot(d, f"waits-{name}")
    _efficiency_full(d, server, lang)
    _fits(d, f"efficiency {name}")
    _shot(d, f"efficiency-{name}")
    created = _match(d, server, lang)
    assert len(d.find_elements(By.CSS_SELECTOR, "#m-needs tbody tr")) == sum(
        len(created["sheet"]["needs"][p]["to_pass"]) for p in created["sheet"]["players"]) > 0
    _fits(d, f"match {name}")
    _shot(d, f"match-{name}")
    # the sheet's hand given by its tiles, explained in the dialog
    d.find_element(By.CSS_SELECTOR, '#m-sheet button.m-why[data-n="2"]').click()
    _wait(d).until(lambda x: _id(x, "item-dialog").get_attribute("open") is not None)
    _fits(d, f"match explanation {name}")
    _id(d, "item-close").click()


@pytest.mark.parametrize(("width", "lang"), [(320, "en"), (320, "zh"), (375, "en")])
def test_every_tab_with_content_fits_a_phone(server, phone, width, lang):
    d = phone
    _screen(d, width)
    _every_tab(d, server, width, lang)


def test_every_tab_on_a_desktop_for_the_screenshots(server, browser):
    d = browser
    _screen(d, 1200, touch=False)
    d.get_log("browser")
    try:
        _every_tab(d, server, 1200, "en")
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert _console_errors(d) == []


def test_tables_are_stacked_not_scrolled_at_375(server, phone):
    """The efficiency of a full hand and the match sheet: every column's cell inside the screen."""
    d = phone
    _efficiency_full(d, server, "en")
    rows = d.find_elements(By.CSS_SELECTOR, "#eff-discards tbody tr")
    assert len(rows) > 5
    for row in rows:
        cells = row.find_elements(By.TAG_NAME, "td")
        assert len(cells) == 4 and all(c.is_displayed() for c in cells)
    assert _all_in_view(d) == []
    _match(d, server, "en")
    for row in d.find_elements(By.CSS_SELECTOR, "#m-sheet tbody tr"):
        deltas = row.find_elements(By.CSS_SELECTOR, "td[data-delta]")
        assert len(deltas) == 4 and all(c.is_displayed() for c in deltas)
    assert _all_in_view(d) == []


# --- the claim filter and the match form ---------------------------------------------------------

# each filter also finds longer names listed before the exact one (Fully Concealed Hand, 连七对, 双暗杠)
@pytest.mark.parametrize(("typed", "first"), [("concealed hand", "concealed_hand"), ("Concealed Kong", "concealed_kong"),
                                              ("七对", "seven_pairs"), ("暗杠", "concealed_kong"),
                                              ("pung", "pung_of_terminals_or_honors")])
def test_the_claim_filter_puts_the_exact_name_first(server, phone, typed, first):
    d = phone
    _open(d, f"{server}/?variant=mcr&lang=en")
    _tap(d, d.find_element(By.CSS_SELECTOR, "#claim-details summary"))
    _id(d, "claim-filter").send_keys(typed)
    shown = [c.find_element(By.TAG_NAME, "input").get_attribute("value")
             for c in d.find_elements(By.CSS_SELECTOR, "#claim-items .chip") if c.is_displayed()]
    assert len(shown) >= 2 and shown[0] == first, shown


@pytest.mark.parametrize(("lang", "seats", "sheets"), [
    ("en", ["East", "South", "West", "North"],
     ["MCR", "Riichi — WRC", "Riichi — EMA", "Riichi — Mahjong Soul", "Riichi — Tenhou"]),
    ("zh", ["东", "南", "西", "北"], ["国标麻将", "立直麻将 — WRC", "立直麻将 — EMA", "立直麻将 — 雀魂", "立直麻将 — 天凤"]),
])
def test_the_match_form_names_the_seats_and_sheets_in_the_pages_language(server, phone, lang, seats, sheets):
    d = phone
    _open(d, f"{server}/?lang={lang}&tab=match")
    if d.find_elements(By.ID, "m-close"):  # a match an earlier test left open on the device
        _tap(d, _id(d, "m-close"))
        _wait(d).until(lambda x: x.find_elements(By.ID, "m-p0"))
    labels = [d.find_element(By.CSS_SELECTOR, f'label:has(#m-p{i}) > span').text for i in range(4)]
    assert labels == seats
    assert [o.text for o in Select(_id(d, "m-sheet-kind")).options] == sheets


# --- riichi: a hand and a hanchan on a phone -----------------------------------------------------

@pytest.mark.parametrize("width", [320, 375])
def test_a_riichi_hand_and_a_riichi_hanchan_fit_a_phone(server, phone, width):
    d = phone
    _screen(d, width)
    _open(d, f"{server}/?variant=riichi&lang=en&hand=234m456p678s22s34m0m&seat_wind=S&riichi=true&dora_indicators=1m")
    want = _api("/v1/score", {"variant": "riichi", "hand": "234m456p678s22s34m0m",
                              "context": {"seat_wind": "S", "riichi": True, "dora_indicators": "1m"}})
    _wait(d).until(lambda x: x.find_element(By.ID, "total").text == f"Total {want['total']}")
    _fits(d, f"riichi score {width}")
    used = {li.get_attribute("data-field"): li.text for li in d.find_elements(By.CSS_SELECTOR, ".context-used li")}
    assert used["dora_indicators"] == "Dora indicators: 1m"
    assert used["ura_dora_indicators"] == "Ura-dora indicators: none (default)"  # an empty list is said
    _shot(d, f"riichi-score-{width}")
    hanchan = json.loads((ROOT / "docs" / "examples" / "riichi-hanchan.json").read_text(encoding="utf-8"))
    created = _api("/v1/matches", {k: v for k, v in hanchan.items() if k != "log"})
    _open(d, f"{server}/?lang=en&tab=match&match={created['id']}")
    _wait(d).until(lambda x: len(x.find_elements(By.CSS_SELECTOR, "#m-sheet tbody tr")) >= len(hanchan["hands"]))
    _shot(d, f"riichi-hanchan-{width}")
    _fits(d, f"riichi hanchan {width}")
