"""Tile efficiency keeps its promise (docs/efficiency.md): a kind held four times with its melds is no
useful draw, a wait with no copy left keeps nothing alive, and MCR discards rank by the minimum
first; through the library, the CLI and ``POST /v1/efficiency``."""

from __future__ import annotations

import json
import random

import pytest
from cli_runner import run_cli
from conftest import PURE
from fastapi.testclient import TestClient

from api.app import app
from scorer.efficiency import efficiency
from scorer.tiles import tile_name

pytestmark = pytest.mark.twin

client = TestClient(app)
TILE_ORDER = [tile_name(k) for k in range(34)]  # 1m … 9s, E S W N C F P


def useful(answer: dict) -> dict[str, int]:
    return {u["tile"]: u["left"] for u in answer["useful"]}


@pytest.fixture
def budget(monkeypatch):
    """The pure-Python twin is the slow reference, not what the service runs: it gets time."""
    if PURE:
        from api import limits

        monkeypatch.setattr(limits, "TIME_BUDGET_S", 60.0)


# --- four held, melds counted ------------------------------------------------------------------------

def test_a_kind_held_four_times_with_its_pung_is_no_useful_draw() -> None:
    a = efficiency("mcr", "[666p]3m44677p567sE")
    assert a["shanten"] == 2
    assert "6p" not in useful(a) and "6p" not in a["shapes"]["standard"]["useful"]
    assert a["tiles_left"] == sum(useful(a).values()) and all(n > 0 for n in useful(a).values())
    # the same tiles with the pung in hand: the core already left it out
    assert "6p" not in useful(efficiency("mcr", "3m44666677p567sE"))


def test_a_ready_hand_still_lists_a_wait_it_holds_four_times() -> None:
    a = efficiency("mcr", "[666p]123m456s789s6p")
    assert a["shanten"] == 0 and useful(a) == {"6p": 0}
    assert [(w["tile"], w["left"], w["four_held"]) for w in a["waits"]] == [("6p", 0, True)]


def test_four_held_in_a_kong_in_another_variant() -> None:
    # 5p-7p waits on 6p, but the kong holds every 6p
    a = efficiency("hebei", "[6666p]39m4457p567sE")
    assert a["shanten"] >= 1 and "6p" not in useful(a) and "6p" not in a["shapes"]["standard"]["useful"]
    assert "6p" in useful(efficiency("hebei", "[1111p]39m4457p567sE"))


# --- dead waits --------------------------------------------------------------------------------------

def test_a_wait_with_no_copy_left_keeps_no_draw_alive() -> None:
    # after 4p (discard 5p) or 8p (discard 4p) the only valid wait is 1s, all four seen
    live = {u["tile"]: u for u in efficiency("mcr", "123m45567p23789s")["minimum"]["useful"]}
    assert live["4p"]["keeps_minimum"] and live["8p"]["keeps_minimum"]
    m = efficiency("mcr", "123m45567p23789s", visible="1s1s1s1s")["minimum"]
    by_tile = {u["tile"]: u for u in m["useful"]}
    assert by_tile["4p"] == {"tile": "4p", "left": 3, "keeps_minimum": False, "via": []}
    assert not by_tile["8p"]["keeps_minimum"]
    assert by_tile["5p"]["via"] == [{"discard": "7p", "waits": ["4s"]}]
    assert m["tiles_left"] == sum(u["left"] for u in m["useful"] if u["keeps_minimum"]) == 18


def test_a_dead_wait_shows_left_0_and_stays_about_points() -> None:
    # discarding 2s leaves 222s34s waiting on 2s and 5s: the 2s just discarded was the last one
    a = efficiency("mcr", "2222s34s567s789s55s")
    two = next(d for d in a["discards"] if d["tile"] == "2s")
    waits = {w["tile"]: w for w in two["waits"]}
    assert waits["2s"]["left"] == 0 and waits["2s"]["below_minimum"] is False
    assert waits["5s"]["left"] == 1


# --- MCR discards, by the minimum first --------------------------------------------------------------

def tier(d: dict) -> tuple:
    """The documented order, restated from the answer's own fields."""
    if d["shanten"] == 0:
        live = sum(w["left"] for w in d["waits"] if not w["below_minimum"] and w["left"] > 0)
        if live:
            return 0, -live, -d["tiles_left"], TILE_ORDER.index(d["tile"])
    if d["shanten"] == 1 and d["minimum"]["tiles_left"]:
        return 1, -d["minimum"]["tiles_left"], -d["tiles_left"], TILE_ORDER.index(d["tile"])
    return 2, d["shanten"], -d["tiles_left"], TILE_ORDER.index(d["tile"])


def test_the_readme_example_puts_the_step_that_keeps_the_minimum_above_the_dead_end() -> None:
    a = efficiency("mcr", "[234m][456p]345m2278s5p")
    assert [d["tile"] for d in a["discards"]] == ["8s", "5p", "7s", "3m", "5m", "2s", "4m"]
    assert [tier(d)[0] for d in a["discards"]] == [1, 2, 2, 2, 2, 2, 2]


def test_mcr_discards_in_three_tiers_with_ties_in_tile_order() -> None:
    # (a) 5p leaves 1m (valid) and 4m (below): 2 copies left that win; (b) the steps whose draws
    # keep the minimum, by those draws; (c) 1m: ready on 5p, valid but every copy seen
    a = efficiency("mcr", "1123m4556p234789s", visible="5p5p")
    order = [d["tile"] for d in a["discards"]]
    assert order == ["5p", "6p", "2m", "2s", "4p", "3m", "4s", "3s", "7s", "8s", "9s", "1m"]
    keys = [tier(d) for d in a["discards"]]
    assert keys == sorted(keys)
    assert [k[0] for k in keys] == [0] + [1] * 10 + [2]
    # 3s 7s 8s: same draws, same tiles: tile order
    assert [tier(d)[1:3] for d in a["discards"] if d["tile"] in ("3s", "7s", "8s")] == [(-9, -9)] * 3


def test_ready_discards_rank_by_the_copies_that_win_then_all_copies() -> None:
    a = efficiency("mcr", "123m4556p234789s5p")
    assert [d["tile"] for d in a["discards"]] == ["6p", "2s", "4s", "4p", "1m", "9s", "2m", "3m", "3s", "7s",
                                                  "8s", "5p"]
    # 4p leaves 10 tiles, 2s only 7, but 2s's are all worth 8: it goes first
    assert [d["tiles_left"] for d in a["discards"][1:4]] == [7, 7, 10]


def test_the_order_holds_on_seeded_hands() -> None:
    rng = random.Random(21)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(2 if PURE else 8):
        suit = rng.randrange(3)
        pool = [k for k in wall if 9 * suit <= k < 9 * suit + 9 or rng.random() < 0.15]
        text = "".join(tile_name(k) for k in sorted(rng.sample(pool, 14)))
        discards = efficiency("mcr", text)["discards"]
        keys = [tier(d) for d in discards]
        assert keys == sorted(keys), text


def test_other_variants_keep_the_plain_order() -> None:
    # Hebei has no 8-point minimum: the ready 5p first, by shanten then tiles left then tile order
    a = efficiency("hebei", "[234m][456p]345m2278s5p")
    assert a["discards"][0]["tile"] == "5p"
    keys = [(d["shanten"], -d["tiles_left"], TILE_ORDER.index(d["tile"])) for d in a["discards"]]
    assert keys == sorted(keys)


# --- as a user meets it: the command line and the HTTP route -----------------------------------------

def test_the_cli_shows_the_order_and_the_dead_wait() -> None:
    out = run_cli(["efficiency", "mcr", "[234m][456p]345m2278s5p", "--no-glyphs"])
    assert out.exit_code == 0, out.output
    assert out.output.index("│ 8s ") < out.output.index("│ 5p ")
    short = run_cli(["efficiency", "mcr", "[666p]3m44677p567sE", "--no-glyphs"])
    assert short.exit_code == 0 and "6p×" not in short.output and "E×3" in short.output
    dead = run_cli(["efficiency", "mcr", "1123m4556p234789s", "--visible", "5p5p", "--no-glyphs"])
    rows = [line for line in dead.output.splitlines() if line.startswith("│ ") and line[2:4].strip()]
    assert rows[0].startswith("│ 5p ") and rows[-1].startswith("│ 1m ")
    assert "no valid wait has a copy left" in dead.output
    js = run_cli(["efficiency", "mcr", "1123m4556p234789s", "--visible", "5p5p", "--json"])
    assert json.loads(js.output) == efficiency("mcr", "1123m4556p234789s", visible="5p5p")


def test_the_http_route_ranks_and_counts_the_same(budget) -> None:
    r = client.post("/v1/efficiency", json={"variant": "mcr", "hand": "1123m4556p234789s", "visible": "5p5p"})
    assert r.status_code == 200
    assert [d["tile"] for d in r.json()["discards"]][:2] == ["5p", "6p"] and r.json()["discards"][-1]["tile"] == "1m"
    four = client.post("/v1/efficiency", json={"variant": "mcr", "hand": "[666p]3m44677p567sE"})
    assert four.status_code == 200 and "6p" not in useful(four.json())
    dead = client.post("/v1/efficiency", json={"variant": "mcr", "hand": "123m45567p23789s", "visible": "1s1s1s1s"})
    assert dead.status_code == 200
    assert {u["tile"]: u["keeps_minimum"] for u in dead.json()["minimum"]["useful"]}["4p"] is False
