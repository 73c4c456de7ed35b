"""The referee page for riichi in headless Chromium (docs/web.md#riichi).

A riichi hand with a red five is built by touch at 320 and 375 CSS px (Chrome's device emulation
with touch events, the taps sent through the DevTools protocol as test_web_phone.py does) and with a
mouse on a desktop: the red fives sit in the palette because the variant declares them, a dora
indicator is picked as a tile, riichi is a toggle, and the answer's han, fu, limit, yaku, fu
breakdown and payments are the library's own answer to the same request (asked through the API,
never written here). The link to the hand opens it again, red five, indicator and toggle included.
A hand without a yaku is shown as not a win with the dora it would have had. MCR is checked to be
as it was. Whole-page screenshots go to tests/artifacts/riichi/. Reuses the browser and server of
test_web.py (and its skip rule).
"""

from __future__ import annotations

import base64
from urllib.parse import quote

import pytest
import test_web
from fastapi.testclient import TestClient
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from test_web import ARTIFACTS, STATIC, _console_errors, _id, _open, _wait
from test_web_phone import (
    _all_in_view,
    _hand_tiles,
    _notation,
    _screen,
    _settle,
    _sideways,
    _tap,
    _tap_palette,
)

from api.app import app
from api.page import describe
from scorer import registry

browser, server = test_web.browser, test_web.server

SHOTS = ARTIFACTS / "riichi"
# 234m 456p 678s 22s 34m and the red five 0m as the winning tile: pinfu and tanyao on a discard
TAPS = "2m 3m 4m 4p 5p 6p 6s 7s 8s 2s 2s 3m 4m 0m".split()
NO_YAKU = "[123m]456p678s22s34m0m"  # open, a terminal chow: no yaku, one red five


def _score(hand: str, context: dict) -> dict:
    res = TestClient(app).post("/v1/score", json={"variant": "riichi", "hand": hand, "context": context})
    assert res.status_code == 200, res.text
    return res.json()


@pytest.fixture()
def touch(browser):
    browser.get_log("browser")
    yield browser
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert _console_errors(browser) == []


def _shot(d, name: str) -> None:
    """The whole page at one image pixel per CSS px, in parts of 1500 px (name-1.png, …)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for old in SHOTS.glob(f"{name}-*.png"):
        old.unlink()
    width = d.execute_script("return innerWidth")
    dpr = d.execute_script("return devicePixelRatio")
    height = d.execute_script("return document.documentElement.scrollHeight")
    for part, top in enumerate(range(0, height, 1500), start=1):
        clip = {"x": 0, "y": top, "width": width, "height": min(1500, height - top), "scale": 1 / dpr}
        png = d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip})
        (SHOTS / f"{name}-{part}.png").write_bytes(base64.b64decode(png["data"]))


def _fits(d, where: str) -> None:
    assert _sideways(d) <= 0, f"{where}: the page scrolls sideways by {_sideways(d)} px"
    assert _all_in_view(d) == [], where


def _page_answer(d) -> dict:
    """What the page shows of the answer, in the API's terms."""
    _wait(d).until(lambda x: x.find_element(By.ID, "han-fu").text)
    items = {}
    for row in d.find_elements(By.CSS_SELECTOR, "#result table.items tbody tr"):
        cells = row.find_elements(By.TAG_NAME, "td")
        items[row.get_attribute("data-item")] = int(cells[1].text)
    limit = d.find_elements(By.CSS_SELECTOR, "#han-fu .limit")
    return {
        "total": _id(d, "total").text,
        "han": int(d.find_element(By.CSS_SELECTOR, "#han-fu [data-han]").get_attribute("data-han")),
        "fu": int(d.find_element(By.CSS_SELECTOR, "#han-fu [data-fu]").get_attribute("data-fu")),
        "limit": limit[0].get_attribute("data-limit") if limit else "",
        "items": items,
        "fu_items": [(r.get_attribute("data-reason"), int(r.find_element(By.CSS_SELECTOR, "td.num").text))
                     for r in d.find_elements(By.CSS_SELECTOR, "#fu-breakdown tr[data-reason]")],
        "payments": _id(d, "payments").text,
    }


def _expected(body: dict) -> dict:
    d = body["details"]
    return {
        "total": f"Total {body['total']}", "han": d["han"], "fu": d["fu"], "limit": d["limit"],
        "items": {i["id"]: i["points"] for i in body["items"]},
        "fu_items": [(f["reason"], f["fu"]) for f in d["fu_items"]],
        "payments": "Payments: " + " ".join(
            f"{name} {'+' if v > 0 else ''}{v}" for name, v in zip(("East", "South", "West", "North"),
                                                                   (body["payments"][s] for s in "ESWN"), strict=True)),
    }


def _pick_indicator(d, field: str, tile: str, by_touch: bool, shot: str = "") -> None:
    press = (lambda e: _tap(d, e)) if by_touch else (lambda e: e.click())
    box = d.find_element(By.CSS_SELECTOR, f'#context .tile-list[data-field="{field}"]')
    before = int(box.get_attribute("data-count"))
    press(box.find_element(By.CSS_SELECTOR, ".tile-list-open"))
    if shot:  # the grid open, each suit one row
        rows = box.find_elements(By.CSS_SELECTOR, ".tile-list-row")
        assert all(len({b.rect["y"] for b in r.find_elements(By.TAG_NAME, "button")}) == 1 for r in rows)
        _fits(d, shot)
        _shot(d, shot)
    press(box.find_element(By.CSS_SELECTOR, f'.tile-list-grid button[data-tile="{tile}"]'))
    _wait(d).until(lambda x: int(x.find_element(By.CSS_SELECTOR, f'.tile-list[data-field="{field}"]').get_attribute("data-count"))
                   == before + 1)
    press(d.find_element(By.CSS_SELECTOR, f'.tile-list[data-field="{field}"] .tile-list-open'))  # done
    if by_touch:
        _settle(d)


def _build_and_score(d, server: str, by_touch: bool) -> dict:
    """The red-five hand built by taps, South's seat, riichi on, 1m as dora indicator (dora 2m);
    returns the library's answer to the same request."""
    _open(d, f"{server}/?variant=riichi&lang=en")
    press = (lambda e: _tap(d, e)) if by_touch else (lambda e: e.click())
    Select(d.find_element(By.CSS_SELECTOR, '#context select[name="seat_wind"]')).select_by_value("S")
    if by_touch:
        _tap_palette(d, *TAPS)
        _settle(d)
    else:
        for name in TAPS:
            d.find_element(By.CSS_SELECTOR, f'#palette button[data-tile="{name}"]').click()
    # the red five is the winning tile, and the notation writes it 0m
    assert _hand_tiles(d)[-1] == "0m" and _hand_tiles(d).count("0m") == 1
    hand = _notation(d)
    assert hand.endswith("0m") and "5m" not in hand
    # the hand's only red 5m is used: no second one in the palette
    assert not d.find_element(By.CSS_SELECTOR, '#palette button[data-tile="0m"]').is_enabled()
    first = _score(hand, {"seat_wind": "S"})
    assert _page_answer(d) == _expected(first)
    press(d.find_element(By.CSS_SELECTOR, '#context input[name="riichi"]'))
    _pick_indicator(d, "dora_indicators", "1m", by_touch,
                    shot=f"riichi-dora-picker-{d.execute_script('return innerWidth')}" if by_touch else "")
    context = {"seat_wind": "S", "riichi": True, "dora_indicators": "1m"}
    body = _score(hand, context)
    assert body["valid"] and body["details"]["han"] > first["details"]["han"]
    _wait(d).until(lambda x: _page_answer(x) == _expected(body))
    # the red five and the dora are yaku-less han of their own
    assert {"riichi", "dora", "aka_dora"} <= set(_page_answer(d)["items"])
    return body


@pytest.mark.parametrize("width", [320, 375])
def test_a_red_five_hand_with_a_dora_and_riichi_by_touch(server, touch, width):
    d = touch
    _screen(d, width)
    body = _build_and_score(d, server, by_touch=True)
    # a suit's ten tiles, its red five beside its five, are one row of the palette
    row = d.find_elements(By.CSS_SELECTOR, '#palette .palette-row:first-child button')
    assert [b.get_attribute("data-tile") for b in row][4:6] == ["5m", "0m"]
    assert len({b.rect["y"] for b in row}) == 1
    _fits(d, f"riichi answer at {width}")
    _shot(d, f"riichi-{width}")
    # the link brings back the hand, its red five, the indicator and the toggle
    link = _id(d, "permalink").get_attribute("href")
    assert "0m" in link and "dora_indicators=1m" in link
    _open(d, link)
    assert _hand_tiles(d)[-1] == "0m"
    assert d.find_element(By.CSS_SELECTOR, '#context input[name="riichi"]').is_selected()
    picked = d.find_elements(By.CSS_SELECTOR, '.tile-list[data-field="dora_indicators"] .tile-list-chosen > button')
    assert [b.get_attribute("data-tile") for b in picked] == ["1m"]
    assert _page_answer(d) == _expected(body)
    # a tap on a picked indicator takes it back
    _tap(d, picked[0])
    _settle(d)
    _wait(d).until(lambda x: _page_answer(x) == _expected(_score(body["hand"], {"seat_wind": "S", "riichi": True})))


def test_a_red_five_hand_on_a_desktop_and_in_chinese(server, browser):
    d = browser
    _screen(d, 1200, touch=False)
    d.get_log("browser")
    try:
        body = _build_and_score(d, server, by_touch=False)
        cost = _id(d, "cost").text
        assert str(body["details"]["cost"]["main"]) in cost
        _fits(d, "riichi answer on a desktop")
        _shot(d, "riichi-desktop")
        _id(d, "lang").click()
        _wait(d).until(lambda x: "番" in x.find_element(By.ID, "han-fu").text)
        names = [b.text for b in d.find_elements(By.CSS_SELECTOR, "#result table.items .item-name")]
        assert names[0].startswith(body["items"][0]["name_zh"])
        _shot(d, "riichi-desktop-zh")
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert _console_errors(d) == []


def test_no_yaku_is_not_a_win_with_the_dora_it_would_have_had(server, touch):
    d = touch
    _screen(d, 375)
    body = _score(NO_YAKU, {"honba": 2, "riichi_sticks": 1})
    assert not body["valid"] and body["reason"] == "no yaku"
    _open(d, f"{server}/?variant=riichi&lang=en&hand={quote(NO_YAKU)}&honba=2&riichi_sticks=1")
    total = _wait(d).until(lambda x: x.find_element(By.ID, "total").text)
    assert total == "Not a valid win: no yaku"
    han_fu = _id(d, "han-fu")
    assert "invalid" in han_fu.get_attribute("class") and str(body["details"]["han"]) in han_fu.text
    assert [r.get_attribute("data-item") for r in d.find_elements(By.CSS_SELECTOR, "#result table.items tbody tr")] == [
        i["id"] for i in body["items"]]
    assert not d.find_elements(By.ID, "cost")
    _fits(d, "no yaku at 375")
    _shot(d, "riichi-no-yaku-375")


def test_honba_and_sticks_are_in_the_answer(server, touch):
    d = touch
    _screen(d, 375)
    hand = "234m456p678s22s34m0m"
    context = {"seat_wind": "S", "self_draw": True, "honba": 2, "riichi_sticks": 1}
    body = _score(hand, context)
    query = "&".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in context.items())
    _open(d, f"{server}/?variant=riichi&lang=en&hand={hand}&{query}")
    assert _page_answer(d) == _expected(body)
    lines = {li.get_attribute("data-cost"): li.text for li in d.find_elements(By.CSS_SELECTOR, "#cost li")}
    cost = body["details"]["cost"]
    assert str(cost["main"]) in lines["main"] and str(cost["additional"]) in lines["main"]
    assert "+200" in lines["honba"] and str(body["details"]["riichi_sticks"]) in lines["sticks"]
    _fits(d, "honba and sticks at 375")
    _shot(d, "riichi-tsumo-honba-375")


def test_the_rules_presets_and_red_fives_come_from_the_variant(server, touch):
    d = touch
    _screen(d, 375)
    for variant in ("riichi", "mcr"):
        shape = describe(registry.get(variant))
        _open(d, f"{server}/?variant={variant}&lang=en")
        palette = {b.get_attribute("data-tile") for b in d.find_elements(By.CSS_SELECTOR, "#palette button")}
        assert {x for x in palette if x.startswith("0")} == ({"0m", "0p", "0s"} if shape["hand"]["red_fives"] else set())
        presets = {o.get_attribute("value") or shape["rules"]["default_preset"]
                   for o in d.find_elements(By.CSS_SELECTOR, "#rules option")}
        assert presets == set(shape["rules"]["presets"])
        tile_fields = {b.get_attribute("data-field") for b in d.find_elements(By.CSS_SELECTOR, "#context .tile-list")}
        assert tile_fields == {f["name"] for f in shape["context"] if f.get("format") == "tiles"}
    # riichi: the tile fields and the riichi toggle are shown, not folded away
    _open(d, f"{server}/?variant=riichi&lang=en")
    for css in ('.tile-list[data-field="dora_indicators"]', '.tile-list[data-field="ura_dora_indicators"]',
                'input[name="riichi"]'):
        assert d.find_element(By.CSS_SELECTOR, f"#context {css}").is_displayed(), css


def test_red_five_tiles_are_svgs_that_need_no_font():
    for suit in "mps":
        svg = (STATIC / "tiles" / f"0{suit}.svg").read_text(encoding="utf-8")
        assert "<path" in svg and "<text" not in svg and "font" not in svg
        assert svg != (STATIC / "tiles" / f"5{suit}.svg").read_text(encoding="utf-8")


def test_mcr_is_as_it_was(server, touch):
    """MCR: no red five, no tile fields, no han or fu; its total is the library's."""
    d = touch
    _screen(d, 375)
    hand = "[123m]456789m555pCC"
    res = TestClient(app).post("/v1/score", json={"variant": "mcr", "hand": hand, "context": {"seat_wind": "S"}}).json()
    _open(d, f"{server}/?variant=mcr&lang=en&hand={quote(hand)}&seat_wind=S")
    assert _wait(d).until(lambda x: x.find_element(By.ID, "total").text) == f"Total {res['total']}"
    for css in ("#han-fu", "#fu-breakdown", "#cost", "#context .tile-list", "#palette.red-fives"):
        assert not d.find_elements(By.CSS_SELECTOR, css), css
    assert d.find_element(By.CSS_SELECTOR, "#result table.items thead th:nth-child(2)").text == "Points"
    _fits(d, "mcr at 375")


def test_red_fives_in_melds_and_in_typed_notation(server, touch):
    d = touch
    _screen(d, 375)
    _open(d, f"{server}/?variant=riichi&lang=en")
    for kind, tile in (("pung", "0p"), ("chow", "0s")):
        _tap(d, d.find_element(By.CSS_SELECTOR, f'#modes button[data-meld="{kind}"]'))
        _tap_palette(d, tile)
        _settle(d)
    assert _notation(d) == "[055p][067s]"
    # one red five per suit: both are used; one 5p is left beside [055p], three 5s beside [067s]
    for tile, left in (("0p", "0"), ("0s", "0"), ("5p", "1"), ("5s", "3")):
        assert d.find_element(By.CSS_SELECTOR, f'#palette button[data-tile="{tile}"]').get_attribute("data-left") == left
    assert not d.find_element(By.CSS_SELECTOR, '#palette button[data-tile="0p"]').is_enabled()
    # a chow with its red five in the middle, typed, goes into the picker as a meld
    hand = "[340m]456p678s22s345s"
    body = _score(hand, {})
    _open(d, f"{server}/?variant=riichi&lang=en&hand={quote(hand)}")
    assert _wait(d).until(lambda x: x.find_element(By.ID, "total").text) == f"Total {body['total']}"
    assert _notation(d) == body["hand"]
    faces = [i.get_attribute("data-tile") for i in d.find_elements(By.CSS_SELECTOR, "#hand-tiles .meld-btn img")]
    assert faces == ["3m", "4m", "0m"]
