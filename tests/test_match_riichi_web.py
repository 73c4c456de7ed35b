"""The match sheet tab running a riichi hanchan, in headless Chromium (docs/match.md#the-riichi-hanchan-sheet):
a new WRC table, a win entered as han and fu in two taps with a riichi, a draw with its tenpai
player, a win given as the hand in the picker, the points, places and session scores drawn from
the sheet. Reuses the browser and server of test_web.py (and so its skip / MJSCORE_REQUIRE_BROWSER rule)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import test_web
import test_web_phone
from fastapi.testclient import TestClient
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from test_web import _id, _open, _wait

from api.app import app
from scorer import registry
from scorer.match import new_record
from scorer.match.store import MatchStore
from scorer.variants.riichi.value import settle, value

browser, server, desktop = test_web.browser, test_web.server, test_web.desktop
phone = test_web_phone.phone
phone_screen, phone_tap, phone_settle, _fits = (test_web_phone._screen, test_web_phone._tap, test_web_phone._settle,
                                                test_web_phone._fits)
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture(scope="module", autouse=True)
def match_store() -> Iterator[MatchStore]:
    folder = tempfile.mkdtemp(prefix="mjscore-web-riichi-")
    before = getattr(app.state, "match_store", None)
    app.state.match_store = MatchStore(Path(folder) / "matches.sqlite3")
    yield app.state.match_store
    app.state.match_store = before


def _rows(d, n: int) -> None:
    _wait(d).until(lambda x: len(x.find_elements(By.CSS_SELECTOR, "#m-sheet tbody tr")) == n)


def _deltas(d, n: int) -> dict[str, int]:
    cells = d.find_elements(By.CSS_SELECTOR, f'#m-sheet tbody tr[data-n="{n}"] td[data-player]')
    return {c.get_attribute("data-player"): int(c.get_attribute("data-delta")) for c in cells}


def _tap(d, group: str, value: int) -> None:
    d.find_element(By.CSS_SELECTOR, f'#{group} button[data-value="{value}"]').click()
    _wait(d).until(lambda x: x.find_element(By.CSS_SELECTOR, f'#{group} button[data-value="{value}"]')
                   .get_attribute("aria-pressed") == "true")


def test_a_riichi_table_by_han_and_fu_taps_a_draw_and_the_picker(server, desktop):
    d = desktop
    _open(d, f"{server}/?lang=en")
    d.execute_script("localStorage.clear()")
    _open(d, f"{server}/?lang=en&tab=match")
    Select(_id(d, "m-sheet-kind")).select_by_value("riichi:wrc")
    for i, name in enumerate(PLAYERS):
        _id(d, f"m-p{i}").send_keys(name)
    _id(d, "m-create").click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-id"))
    match_id = _id(d, "m-id").text
    assert "E1-0" in _id(d, "m-next").text and "dealer Ann" in _id(d, "m-next").text

    # E1: Ann (dealer) ron off Bo after riichi, 3 han 30 fu: two taps
    Select(_id(d, "m-winner")).select_by_value("Ann")
    Select(_id(d, "m-from")).select_by_value("Bo")
    _tap(d, "m-han", 3)
    _tap(d, "m-fu", 30)
    _id(d, "m-riichi-0").click()
    _id(d, "m-add").click()
    _rows(d, 1)
    assert _deltas(d, 1) == {"Ann": 5800, "Bo": -5800, "Cy": 0, "Di": 0}
    assert "E1-1" in _id(d, "m-next").text

    # E1-1: a draw, Bo alone tenpai: the dealer moves on
    d.find_element(By.CSS_SELECTOR, '.m-kinds button[data-kind="draw"]').click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-tenpai-1"))
    _id(d, "m-tenpai-1").click()
    _id(d, "m-add").click()
    _rows(d, 2)
    assert _deltas(d, 2) == {"Ann": -1000, "Bo": 3000, "Cy": -1000, "Di": -1000}
    assert "E2-2" in _id(d, "m-next").text and "dealer Bo" in _id(d, "m-next").text

    # E2-2: Cy's hand built in the picker (riichi), valued by the scorer: pinfu, tanyao 2 han 30 fu + 600
    _open(d, f"{server}/?variant=riichi&lang=en&tab=match&match={match_id}&hand=234m456p678s22s34m5m")
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-add"))
    _id(d, "m-mode-tiles").click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-tiles-note") and "—" not in _id(x, "m-tiles-note").text)
    assert _id(d, "m-tiles-note").text.endswith("23344m456p22678s5m")  # the picker's notation, 5m to win
    Select(_id(d, "m-winner")).select_by_value("Cy")
    Select(_id(d, "m-from")).select_by_value("Di")
    _id(d, "m-add").click()
    _rows(d, 3)
    assert _deltas(d, 3) == {"Ann": 0, "Bo": 0, "Cy": 2600, "Di": -2600}
    assert d.find_elements(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="3"] button.m-why')

    totals = {r.get_attribute("data-player"): (int(r.get_attribute("data-points")), r.get_attribute("data-session"))
              for r in d.find_elements(By.CSS_SELECTOR, "#m-totals tbody tr")}
    assert totals == {"Ann": (34_800, "19.8"), "Bo": (27_200, "-7.8"), "Cy": (31_600, "6.6"), "Di": (26_400, "-18.6")}
    stored = TestClient(app).get(f"/v1/matches/{match_id}").json()
    assert stored["revision"] == 4 and stored["record"]["rules"] == {"preset": "wrc"}

    # a correction: the draw's tenpai player was Cy, not Bo
    d.find_element(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="2"] button.m-fix').click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-fixing"))
    assert _id(d, "m-tenpai-1").is_selected() and not _id(d, "m-tenpai-2").is_selected()
    _id(d, "m-tenpai-1").click()
    _id(d, "m-tenpai-2").click()
    _id(d, "m-by").send_keys("referee")
    _id(d, "m-fix-reason").send_keys("Cy showed tenpai, not Bo")
    _id(d, "m-save").click()
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#m-log li"))
    assert _deltas(d, 2) == {"Ann": -1000, "Bo": -1000, "Cy": 3000, "Di": -1000}
    assert _deltas(d, 3) == {"Ann": 0, "Bo": 0, "Cy": 2600, "Di": -2600}


def _new_table(d, server, preset: str) -> None:
    _open(d, f"{server}/?lang=en&tab=match")
    if d.find_elements(By.ID, "m-close"):
        _id(d, "m-close").click()
    Select(_wait(d).until(lambda x: _id(x, "m-sheet-kind"))).select_by_value(f"riichi:{preset}")
    for i, name in enumerate(PLAYERS):
        _id(d, f"m-p{i}").send_keys(name)
    _id(d, "m-create").click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-more"))


def _finger(d, element) -> None:
    """A tap by touch (the phone tests' touch sequence), then the browser's gesture timers waited out."""
    phone_tap(d, element)
    phone_settle(d)


def _finger_tap(d, group: str, value: int) -> None:
    _finger(d, d.find_element(By.CSS_SELECTOR, f'#{group} button[data-value="{value}"]'))
    assert d.find_element(By.CSS_SELECTOR, f'#{group} button[data-value="{value}"]').get_attribute("aria-pressed") == "true"


def _bo_off_ann_by_touch_and_a_second_winner(d) -> None:
    """The first winner by touch, Bo off Ann with 2 han 30 fu, and the form for a second winner."""
    Select(_id(d, "m-winner")).select_by_value("Bo")
    Select(_id(d, "m-from")).select_by_value("Ann")
    _finger_tap(d, "m-han", 2)
    _finger_tap(d, "m-fu", 30)
    _finger(d, _id(d, "m-more"))
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-win2"))


def _said(d) -> str:
    return _wait(d).until(lambda x: x.find_element(By.CSS_SELECTOR, "#m-msg .error")).text


def test_a_triple_ron_by_touch_at_375_where_the_preset_allows_three(server, phone):
    d = phone
    phone_screen(d, 375)
    _new_table(d, server, "ema")
    # E1-0, Ann deals into Bo (2 han 30 fu: 480 × 4 = 1,920 → 2,000), Cy (1 han 30 fu: 240 × 4 = 960 →
    # 1,000) and Di (3 han 40 fu: 1,280 × 4 = 5,120 → 5,200); Cy's riichi stick goes to Bo, the first
    # winner after Ann in turn order: Ann −8,200, Bo +3,000, Cy +1,000 − 1,000, Di +5,200
    _bo_off_ann_by_touch_and_a_second_winner(d)
    assert Select(_id(d, "m-winner2")).first_selected_option.get_attribute("value") == "Cy"  # the first one free
    _finger_tap(d, "m-han2", 1)
    _finger_tap(d, "m-fu2", 30)
    _finger(d, _id(d, "m-more"))
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-win3"))
    Select(_id(d, "m-winner3")).select_by_value("Di")
    _finger_tap(d, "m-han3", 3)
    _finger_tap(d, "m-fu3", 40)
    # a fourth is more than EMA allows: said, nothing added
    _finger(d, _id(d, "m-more"))
    assert _said(d) == "EMA allows at most 3 winners on one discard."
    assert not d.find_elements(By.ID, "m-win4")
    _finger(d, _id(d, "m-riichi-2"))
    _fits(d, "a triple ron's form at 375 px")
    _finger(d, _id(d, "m-add"))
    _rows(d, 1)
    assert _deltas(d, 1) == {"Ann": -8200, "Bo": 3000, "Cy": 0, "Di": 5200}
    assert d.find_element(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="1"]').get_attribute("data-kind") == "multiple_ron"
    # non-dealers won: the deal moves to Bo, the honba back to 0
    assert "E2-0" in _id(d, "m-next").text and "dealer Bo" in _id(d, "m-next").text

    # the fix form opens with the three winners, and a winner removed leaves a double ron: Di's 5,200 undone
    d.find_element(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="1"] button.m-fix').click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-win3"))
    assert d.find_element(By.CSS_SELECTOR, '#m-han3 button[data-value="3"]').get_attribute("aria-pressed") == "true"
    _finger(d, _id(d, "m-drop3"))
    assert not d.find_elements(By.ID, "m-win3")
    _id(d, "m-by").send_keys("referee")
    _id(d, "m-fix-reason").send_keys("Di did not call ron")
    _finger(d, _id(d, "m-save"))
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#m-log li"))
    assert _deltas(d, 1) == {"Ann": -3000, "Bo": 3000, "Cy": 0, "Di": 0}


def test_head_bump_and_the_most_rons_are_refused_by_touch_at_320(server, phone):
    d = phone
    phone_screen(d, 320)
    # WRC: head bump, one winner on a discard; the page says so and adds none
    _new_table(d, server, "wrc")
    Select(_id(d, "m-winner")).select_by_value("Cy")
    Select(_id(d, "m-from")).select_by_value("Ann")
    _finger(d, _id(d, "m-more"))
    assert _said(d) == ("WRC has head bump (atamahane): one discard has one winner, the player nearest the "
                        "discarder in turn order. Enter that win alone.")
    assert not d.find_elements(By.ID, "m-win2")
    _fits(d, "the head bump message at 320 px")
    # Mahjong Soul: two winners at most, a third ron is an abortive draw
    _new_table(d, server, "mahjongsoul")
    Select(_id(d, "m-from")).select_by_value("Di")
    _finger(d, _id(d, "m-more"))
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-win2"))
    _finger(d, _id(d, "m-more"))
    assert _said(d) == ("Mahjong Soul allows at most 2 winners on one discard: one more is an abortive draw "
                        "(enter a draw, abortive).")
    assert not d.find_elements(By.ID, "m-win3")
    # a self-draw has no discard to share
    Select(_id(d, "m-from")).select_by_value("")
    _finger(d, _id(d, "m-add"))
    assert _said(d) == "Several winners are rons on one discard: choose who discarded it."
    _fits(d, "a double ron's form at 320 px")


def test_a_hand_in_the_picker_names_its_liable_player(server, desktop):
    d = desktop
    _new_table(d, server, "wrc")
    match_id = _id(d, "m-id").text
    # Bo's big three dragons, ron off Di, Cy liable (pao): 32,000 halved, 16,000 from each
    _open(d, f"{server}/?variant=riichi&lang=en&tab=match&match={match_id}&hand=%5BCCC%5D%5BFFF%5DPPP123m44p")
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-add"))
    _id(d, "m-mode-tiles").click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-pao"))
    Select(_id(d, "m-winner")).select_by_value("Bo")
    Select(_id(d, "m-from")).select_by_value("Di")
    Select(_id(d, "m-pao")).select_by_value("Cy")
    _id(d, "m-add").click()
    _rows(d, 1)
    assert _deltas(d, 1) == {"Ann": 0, "Bo": 32_000, "Cy": -16_000, "Di": -16_000}
    assert "pao: Cy liable" in d.find_element(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="1"] .m-what').text


def _phone_table_after_a_draw(d, server, width: int, preset: str) -> str:
    """A new table on a phone ``width`` px wide, and its E1-0 by touch: a draw with Ann (the dealer)
    alone tenpai, the sheet's first row. The match's id."""
    phone_screen(d, width)
    _new_table(d, server, preset)
    match_id: str = _id(d, "m-id").text
    _finger(d, d.find_element(By.CSS_SELECTOR, '.m-kinds button[data-kind="draw"]'))
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-tenpai-0"))
    _finger(d, _id(d, "m-tenpai-0"))
    _finger(d, _id(d, "m-add"))
    _rows(d, 1)
    return match_id


def test_a_yakuman_by_count_with_its_liable_player_by_touch_at_375(server, phone):
    d = phone
    # E1-0: a draw, Ann (dealer) alone tenpai: +3,000 / −1,000 each; Ann deals again, one honba
    match_id = _phone_table_after_a_draw(d, server, 375, "tenhou")
    assert "E1-1" in _id(d, "m-next").text

    # E1-1: Bo's big three dragons by self-draw, Cy fed the third dragon set; Di declared riichi.
    # A non-dealer yakuman is 32,000, the liable player pays it alone with the honba (+300):
    # Bo +32,300 + Di's stick 1,000, Cy −32,300, Di −1,000, Ann (the dealer) nothing
    _finger(d, d.find_element(By.CSS_SELECTOR, '.m-kinds button[data-kind="win"]'))
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-yakuman"))
    Select(_id(d, "m-winner")).select_by_value("Bo")
    Select(_id(d, "m-from")).select_by_value("")
    assert not _id(d, "m-yakuman-row").is_displayed()  # the count and pao show only for a yakuman
    _finger(d, _id(d, "m-yakuman"))
    assert _id(d, "m-yakuman").get_attribute("aria-pressed") == "true" and _id(d, "m-yakuman-row").is_displayed()
    assert all(not b.is_enabled() for b in d.find_elements(By.CSS_SELECTOR, "#m-fu button"))
    assert d.find_element(By.CSS_SELECTOR, '#m-yakuman-n button[data-value="1"]').get_attribute("aria-pressed") == "true"
    # a han tap leaves the yakuman (ordinary hands stay two taps), the chip takes it back
    _finger_tap(d, "m-han", 3)
    assert _id(d, "m-yakuman").get_attribute("aria-pressed") == "false" and not _id(d, "m-yakuman-row").is_displayed()
    _finger(d, _id(d, "m-yakuman"))
    assert d.find_element(By.CSS_SELECTOR, '#m-han button[data-value="3"]').get_attribute("aria-pressed") == "false"
    Select(_id(d, "m-pao")).select_by_value("Cy")
    _finger(d, _id(d, "m-riichi-3"))
    _fits(d, "a yakuman's form with its liable player at 375 px")
    _finger(d, _id(d, "m-add"))
    _rows(d, 2)
    assert _deltas(d, 2) == {"Ann": 0, "Bo": 33_300, "Cy": -32_300, "Di": -1000}
    what = d.find_element(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="2"] .m-what').text
    assert "Bo 1× yakuman" in what and "pao: Cy liable" in what
    stored = TestClient(app).get(f"/v1/matches/{match_id}").json()["record"]["hands"][1]
    assert stored == {"winner": "Bo", "from": None, "yakuman": 1, "pao": "Cy", "riichi": ["Di"]}

    # corrected: a double yakuman (Tenhou counts it: 64,000), Ann liable: 64,000 + 300 from Ann alone
    d.find_element(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="2"] button.m-fix').click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-fixing"))
    assert _id(d, "m-yakuman").get_attribute("aria-pressed") == "true"
    assert Select(_id(d, "m-pao")).first_selected_option.get_attribute("value") == "Cy"
    _finger_tap(d, "m-yakuman-n", 2)
    Select(_id(d, "m-pao")).select_by_value("Ann")
    _id(d, "m-by").send_keys("referee")
    _id(d, "m-fix-reason").send_keys("tsuuiisou too; Ann fed the dragons")
    _finger(d, _id(d, "m-save"))
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#m-log li"))
    assert _deltas(d, 2) == {"Ann": -64_300, "Bo": 65_300, "Cy": 0, "Di": -1000}
    # the CSV names the liable player beside the changes
    csv_text = TestClient(app).get(f"/v1/matches/{match_id}/export?format=csv").text
    head, _, second = csv_text.splitlines()[:3]
    assert dict(zip(head.split(","), second.split(","), strict=True))["pao"] == "Ann"


def _library_deltas(preset: str, hands: list[dict]) -> list[dict[str, int]]:
    """Each hand's score changes as the library's sheet settles them (docs/match.md#pao-the-liable-player)."""
    _, sheet = new_record({"variant": "riichi", "players": PLAYERS, "rules": {"preset": preset}, "hands": hands})
    return [row["deltas"] for row in sheet["hands"]]


def _yakuman_ron_half(preset: str) -> int:
    """Half a non-dealer's single yakuman on a discard, by the riichi scorer's value tables: what the
    liable player of a later winner (no honba, no sticks) pays."""
    opts = registry.get("riichi").rules(preset).options
    return settle(value(13, 0, 1, opts).basic, "S", False, "E", 0).total // 2


def _yakuman_with_pao(d, k: str, liable: str, by_touch: bool) -> None:
    """Winner ``k``'s Yakuman chip (one yakuman) and their liable player."""
    chip = _id(d, f"m-yakuman{k}")
    (_finger if by_touch else lambda _d, e: e.click())(d, chip)
    _wait(d).until(lambda x: _id(x, f"m-yakuman{k}").get_attribute("aria-pressed") == "true"
                   and _id(x, f"m-yakuman-row{k}").is_displayed())
    assert all(not b.is_enabled() for b in d.find_elements(By.CSS_SELECTOR, f"#m-fu{k} button"))
    assert d.find_element(By.CSS_SELECTOR, f'#m-yakuman-n{k} button[data-value="1"]').get_attribute("aria-pressed") == "true"
    Select(_id(d, f"m-pao{k}")).select_by_value(liable)


def test_the_second_and_third_winners_yakuman_with_liable_players_by_touch_at_320(server, phone):
    d = phone
    # E1-0 a draw, Ann (dealer) alone tenpai: E1-1. Then Ann deals into three: Bo 2 han 30 fu (the
    # first after Ann in turn order: the honba's 300 and Cy's riichi stick), Cy a yakuman Bo fed,
    # Di a yakuman Cy fed: each liable player pays half of that yakuman, the discarder the other half
    match_id = _phone_table_after_a_draw(d, server, 320, "ema")
    _finger(d, d.find_element(By.CSS_SELECTOR, '.m-kinds button[data-kind="win"]'))
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-more"))
    _bo_off_ann_by_touch_and_a_second_winner(d)
    Select(_id(d, "m-winner2")).select_by_value("Cy")
    _yakuman_with_pao(d, "2", "Bo", by_touch=True)
    _finger(d, _id(d, "m-more"))
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-win3"))
    Select(_id(d, "m-winner3")).select_by_value("Di")
    _yakuman_with_pao(d, "3", "Cy", by_touch=True)
    # the first and second winners' choices stand after the third was added
    assert d.find_element(By.CSS_SELECTOR, '#m-han button[data-value="2"]').get_attribute("aria-pressed") == "true"
    assert _id(d, "m-yakuman2").get_attribute("aria-pressed") == "true" and _id(d, "m-yakuman-row2").is_displayed()
    assert Select(_id(d, "m-pao2")).first_selected_option.get_attribute("value") == "Bo"
    _finger(d, _id(d, "m-riichi-2"))
    _fits(d, "three winners, two yakuman with their liable players, at 320 px")
    test_web_phone._shot(d, "riichi-triple-ron-yakuman-320")
    _finger(d, _id(d, "m-add"))
    _rows(d, 2)
    _fits(d, "a triple ron with two liable players on the sheet at 320 px")

    entry = {"wins": [{"winner": "Bo", "from": "Ann", "han": 2, "fu": 30},
                      {"winner": "Cy", "from": "Ann", "yakuman": 1, "pao": "Bo"},
                      {"winner": "Di", "from": "Ann", "yakuman": 1, "pao": "Cy"}], "riichi": ["Cy"]}
    stored = TestClient(app).get(f"/v1/matches/{match_id}").json()["record"]["hands"]
    assert stored[1] == entry  # what the form sent: each winner's own yakuman and liable player
    want = _library_deltas("ema", [{"draw": True, "tenpai": ["Ann"]}, entry])
    assert _deltas(d, 2) == want[1]
    # the pao rule itself: Cy's yakuman is paid half by Bo, Di's half by Cy (no honba on a later winner)
    half = _yakuman_ron_half("ema")
    alone = _library_deltas("ema", [{"draw": True, "tenpai": ["Ann"]},
                                    {"winner": "Bo", "from": "Ann", "han": 2, "fu": 30, "riichi": ["Cy"]}])[1]
    assert want[1]["Ann"] == alone["Ann"] - 2 * half
    assert want[1]["Bo"] == alone["Bo"] - half and want[1]["Cy"] == alone["Cy"] + 2 * half - half
    assert want[1]["Di"] == 2 * half
    what = d.find_element(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="2"] .m-what').text
    assert "Cy 1× yakuman" in what and "pao: Bo liable" in what and "pao: Cy liable" in what


def test_a_double_rons_second_winner_yakuman_with_its_liable_player_and_its_fix(server, desktop):
    d = desktop
    _new_table(d, server, "tenhou")
    match_id = _id(d, "m-id").text
    # E1-0: Di deals into Ann (dealer, 1 han 30 fu) and Cy (a yakuman Bo fed)
    Select(_id(d, "m-winner")).select_by_value("Ann")
    Select(_id(d, "m-from")).select_by_value("Di")
    _tap(d, "m-han", 1)
    _tap(d, "m-fu", 30)
    _id(d, "m-more").click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-win2"))
    Select(_id(d, "m-winner2")).select_by_value("Cy")
    assert not _id(d, "m-yakuman-row2").is_displayed()
    _yakuman_with_pao(d, "2", "Bo", by_touch=False)
    _id(d, "m-add").click()
    _rows(d, 1)
    entry = {"wins": [{"winner": "Ann", "from": "Di", "han": 1, "fu": 30},
                      {"winner": "Cy", "from": "Di", "yakuman": 1, "pao": "Bo"}]}
    assert TestClient(app).get(f"/v1/matches/{match_id}").json()["record"]["hands"][0] == entry
    assert _deltas(d, 1) == _library_deltas("tenhou", [entry])[0]
    assert _deltas(d, 1)["Bo"] == -_yakuman_ron_half("tenhou")

    # Fix reopens the second winner's yakuman and liable player; now Ann fed it, and it was a double
    d.find_element(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="1"] button.m-fix').click()
    _wait(d).until(lambda x: x.find_elements(By.ID, "m-win2"))
    assert _id(d, "m-yakuman2").get_attribute("aria-pressed") == "true" and _id(d, "m-yakuman-row2").is_displayed()
    assert Select(_id(d, "m-pao2")).first_selected_option.get_attribute("value") == "Bo"
    assert d.find_element(By.CSS_SELECTOR, '#m-han button[data-value="1"]').get_attribute("aria-pressed") == "true"
    _tap(d, "m-yakuman-n2", 2)
    Select(_id(d, "m-pao2")).select_by_value("Ann")
    _id(d, "m-by").send_keys("referee")
    _id(d, "m-fix-reason").send_keys("a double yakuman; Ann fed the dragons")
    _id(d, "m-save").click()
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#m-log li"))
    fixed = {"wins": [entry["wins"][0], {"winner": "Cy", "from": "Di", "yakuman": 2, "pao": "Ann"}]}
    assert TestClient(app).get(f"/v1/matches/{match_id}").json()["record"]["hands"][0] == fixed
    assert _deltas(d, 1) == _library_deltas("tenhou", [fixed])[0]
    # the row in Chinese says the han, fu and yakuman in Chinese too
    _id(d, "lang").click()
    what = _wait(d).until(lambda x: x.find_element(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="1"] .m-what').text)
    assert "Ann 1番30符" in what and "Cy 2倍役满" in what and "包牌：Ann" in what
    _id(d, "lang").click()


def test_every_han_has_its_own_tap_and_the_row_records_it(server, desktop):
    d = desktop
    _new_table(d, server, "wrc")
    match_id = _id(d, "m-id").text
    assert [int(b.get_attribute("data-value")) for b in d.find_elements(By.CSS_SELECTOR, "#m-han button[data-value]")] \
        == list(range(1, 14))
    # E1-0: Bo's 7 han off Ann (a haneman): the fu are off, the entry and the row say 7 han
    Select(_id(d, "m-winner")).select_by_value("Bo")
    Select(_id(d, "m-from")).select_by_value("Ann")
    _tap(d, "m-han", 7)
    assert all(not b.is_enabled() for b in d.find_elements(By.CSS_SELECTOR, "#m-fu button"))
    _id(d, "m-add").click()
    _rows(d, 1)
    entry = {"winner": "Bo", "from": "Ann", "han": 7}
    assert TestClient(app).get(f"/v1/matches/{match_id}").json()["record"]["hands"][0] == entry
    assert _deltas(d, 1) == _library_deltas("wrc", [entry])[0]
    assert "Bo 7 han" in d.find_element(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="1"] .m-what').text
    # the fix form opens on the 7
    d.find_element(By.CSS_SELECTOR, '#m-sheet tbody tr[data-n="1"] button.m-fix').click()
    _wait(d).until(lambda x: x.find_element(By.CSS_SELECTOR, '#m-han button[data-value="7"]')
                   .get_attribute("aria-pressed") == "true")
