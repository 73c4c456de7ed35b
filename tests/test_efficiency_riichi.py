"""Tile efficiency for riichi (docs/efficiency.md#riichi-the-yaku-minimum): the shanten of each
shape against the PyPI ``mahjong`` library (seven pairs of seven different kinds), red fives read as
fives in the hand and in ``visible``, the yaku kept in view as MCR keeps its 8 points, the CLI and
the HTTP route."""

from __future__ import annotations

import json
import random

import pytest
from cli_runner import run_cli
from conftest import PURE
from fastapi.testclient import TestClient
from mahjong.shanten import Shanten

from api.app import app
from scorer.efficiency import backend as core
from scorer.efficiency import efficiency
from scorer.errors import HandError
from scorer.tiles import tile_name

pytestmark = pytest.mark.twin

client = TestClient(app)
ORACLE = Shanten()


@pytest.fixture
def budget(monkeypatch):
    """The pure-Python twin is the slow reference, not what the service runs: it gets time."""
    if PURE:
        from api import limits

        monkeypatch.setattr(limits, "TIME_BUDGET_S", 60.0)


def left(answer: dict) -> dict[str, int]:
    return {u["tile"]: u["left"] for u in answer["useful"]}


def text_of(counts: list[int]) -> str:
    return "".join(tile_name(k) * n for k, n in enumerate(counts))


# --- shanten per shape --------------------------------------------------------------------------------

def test_each_shape_counts_as_the_mahjong_library_on_a_seeded_slice() -> None:
    """Closed hands of 13 drawn from the 136 tiles: standard, seven pairs and thirteen orphans each
    as the library counts them."""
    rng = random.Random(20261206)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(12 if PURE else 60):
        counts = [0] * 34
        for k in rng.sample(wall, 13):
            counts[k] += 1
        shapes = efficiency("riichi", text_of(counts))["shapes"]
        regular = ORACLE.calculate_shanten_for_regular_hand(counts)
        if 4 in counts:  # the library does not count a formal wait on a fifth copy as ready
            assert shapes["standard"]["shanten"] in (regular, regular - 1), counts
        else:
            assert shapes["standard"]["shanten"] == regular, counts
        assert shapes["seven_pairs"]["shanten"] == ORACLE.calculate_shanten_for_chiitoitsu_hand(counts), counts
        assert shapes["thirteen_orphans"]["shanten"] == ORACLE.calculate_shanten_for_kokushi_hand(counts), counts


def test_seven_pairs_want_seven_different_kinds() -> None:
    # four 1m are one pair and two spare tiles: two steps (a pair of 6m, a seventh kind), not ready
    answer = efficiency("riichi", "1111m22334455m6m")
    assert answer["shapes"]["seven_pairs"]["shanten"] == 2
    assert "1m" not in answer["shapes"]["seven_pairs"]["useful"]
    assert {"6m", "7m", "E"} <= set(answer["shapes"]["seven_pairs"]["useful"])
    # MCR counts the same tiles as four pairs and two: ready on 6m
    assert efficiency("mcr", "1111m22334455m6m")["shapes"]["seven_pairs"] == {"shanten": 0, "useful": ["6m"]}
    ready = efficiency("riichi", "113355m2244p66sE")
    assert ready["shanten"] == 0 and [w["tile"] for w in ready["waits"]] == ["E"]
    assert ready["shapes"]["seven_pairs"] == {"shanten": 0, "useful": ["E"]}


def test_the_core_counts_seven_different_pairs_in_both_twins() -> None:
    for counts, expected in [([4, 2, 2, 2, 2, 1] + [0] * 28, 2), ([2] * 6 + [1] + [0] * 27, 0),
                             ([3, 3, 3, 3, 1] + [0] * 29, 4)]:
        assert core.seven_different_pairs(counts)[0] == expected == ORACLE.calculate_shanten_for_chiitoitsu_hand(counts)
        assert core.best(counts, 4, 0, core.SEVEN_DIFFERENT_PAIRS)[0] <= expected


def test_a_wait_on_a_fifth_copy_is_formal_but_ready() -> None:
    # four 5p and three triplets: ready on 5p alone, of which no copy is left (the library: one step)
    answer = efficiency("riichi", "333m999m5555p222s")
    assert answer["shanten"] == 0 and ORACLE.calculate_shanten_for_regular_hand(
        [0, 0, 3, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4] + [0] * 5 + [3] + [0] * 14) == 1
    assert [(w["tile"], w["left"], w["four_held"]) for w in answer["waits"]] == [("5p", 0, True)]


def test_thirteen_orphans_and_the_standard_shape() -> None:
    kokushi = efficiency("riichi", "19m19p19sESWNCFP")
    assert kokushi["shanten"] == 0 and kokushi["shapes"]["thirteen_orphans"]["shanten"] == 0
    assert len(kokushi["waits"]) == 13  # the thirteen-sided wait
    standard = efficiency("riichi", "123m456p789s23m55s")
    assert standard["shanten"] == 0 and [w["tile"] for w in standard["waits"]] == ["1m", "4m"]


def test_melds_leave_the_standard_shape_only() -> None:
    answer = efficiency("riichi", "[123m]456p789s23m55s")
    assert set(answer["shapes"]) == {"standard"}


# --- red fives ----------------------------------------------------------------------------------------

def test_red_fives_in_the_hand_are_fives() -> None:
    red = efficiency("riichi", "123m406p789s23m55s")
    plain = efficiency("riichi", "123m456p789s23m55s")
    assert red["shanten"] == plain["shanten"] == 0 and left(red) == left(plain) == {"1m": 3, "4m": 4}
    assert [w["tile"] for w in red["waits"]] == ["1m", "4m"]
    # the red 5p and the 5p of 456p are two of the four 5p: a 5p seen leaves one
    one_short = efficiency("riichi", "123m456p789s23m0pE", visible="5p")
    assert left(one_short)["5p"] == 1


def test_red_fives_seen_are_copies_of_the_five() -> None:
    base = left(efficiency("riichi", "123m456p789s2m4m5sE"))
    assert (base["3m"], base["5s"]) == (3, 3)
    seen = efficiency("riichi", "123m456p789s2m4m5sE", visible="0s5s3m")
    assert (left(seen)["5s"], left(seen)["3m"]) == (1, 2)
    with pytest.raises(HandError) as e:
        efficiency("riichi", "123m456p789s2m4m5sE", visible="0s0s")
    assert e.value.code == "bad_visible" and "0s" in e.value.message
    with pytest.raises(HandError) as e:
        efficiency("riichi", "123m456p789s2m4m5sE", visible="0s5s5s5s")
    assert e.value.code == "bad_visible"  # a fifth 5s with the hand's


def test_a_red_five_held_cannot_be_seen_too() -> None:
    with pytest.raises(HandError) as e:
        efficiency("riichi", "123m406p789s23m55s", visible="0p")
    assert e.value.code == "bad_visible" and "0p" in e.value.message
    with pytest.raises(HandError) as e:
        efficiency("riichi", "[406p]123m789s23m55s", visible="0p")
    assert e.value.code == "bad_visible"
    assert left(efficiency("riichi", "[406p]123m789s23m55s", visible="0s"))["1m"] == 3


def test_only_a_variant_with_red_fives_reads_0m() -> None:
    with pytest.raises(HandError) as e:
        efficiency("mcr", "123m45567p23789s", visible="0p")
    assert e.value.code == "bad_visible" and "0p" in e.value.message
    with pytest.raises(HandError) as e:
        efficiency("riichi", "123m456p789s2m4m5sE", visible="0z")
    assert e.value.code == "bad_visible"


# --- the yaku, kept in view ---------------------------------------------------------------------------

OPEN_READY = "[111m]456p789s23m55s"  # an open pon, no yakuhai, no tanyao: no yaku on any win
CLOSED_READY = "111m456p789s23m55s"   # the same tiles closed: menzen tsumo on a self-draw


def test_an_open_hand_without_a_yaku_cannot_win_on_its_waits() -> None:
    answer = efficiency("riichi", OPEN_READY)
    assert answer["minimum_rule"] == "yaku"
    assert [w["tile"] for w in answer["waits"]] == ["1m", "4m"]
    for w in answer["waits"]:
        assert w["below_minimum"] is True
        assert set(w["scores"]) == {"self_draw", "discard"}
        assert all(not s["valid"] and s["reason"] == "no yaku" for s in w["scores"].values())


def test_a_closed_hand_wins_on_a_self_draw_without_riichi() -> None:
    answer = efficiency("riichi", CLOSED_READY)
    for w in answer["waits"]:
        assert w["below_minimum"] is False
        assert w["scores"]["self_draw"]["valid"] and w["scores"]["self_draw"]["total"] > 0
        assert not w["scores"]["discard"]["valid"] and w["scores"]["discard"]["reason"] == "no yaku"
    declared = efficiency("riichi", CLOSED_READY, context={"riichi": True})
    assert all(w["scores"]["discard"]["valid"] for w in declared["waits"])


def test_one_step_away_the_draws_that_keep_a_yaku() -> None:
    open_hand = efficiency("riichi", "[111m]456p789s2m55s8p")
    assert open_hand["shanten"] == 1
    assert open_hand["minimum"]["tiles_left"] == 0
    assert not any(u["keeps_minimum"] for u in open_hand["minimum"]["useful"])
    closed = efficiency("riichi", "111m456p789s2m55s8p")
    # every ready hand a closed hand makes wins self-drawn (menzen tsumo) on a live wait
    assert closed["minimum"]["tiles_left"] == closed["tiles_left"] > 0
    # a dragon pair gives the open hand a way: a third C is a yaku
    dragon = efficiency("riichi", "[111m]456p789s2mCC8p")
    keeps = {u["tile"] for u in dragon["minimum"]["useful"] if u["keeps_minimum"]}
    assert keeps == {"2m", "8p", "C"}  # each leaves a wait on C (2m, 8p: a C-or-pair wait)


def test_discards_rank_by_the_yaku_first() -> None:
    answer = efficiency("riichi", "[111m]456p789s23m5sCC")
    order = [d["tile"] for d in answer["discards"]]
    ready_no_yaku = answer["discards"][order.index("5s")]
    assert ready_no_yaku["shanten"] == 0 and all(w["below_minimum"] for w in ready_no_yaku["waits"])
    best = answer["discards"][0]
    assert best["shanten"] == 1 and best["minimum"]["tiles_left"] > 0
    # every discard one step away that keeps a yaku in reach ranks above the ready hand without one
    keeping = [d["tile"] for d in answer["discards"] if d["shanten"] == 1 and d["minimum"]["tiles_left"]]
    assert keeping and all(order.index(t) < order.index("5s") for t in keeping)


def test_mcr_still_names_its_8_points() -> None:
    assert efficiency("mcr", "123m45567p23789s")["minimum_rule"] == "8_points"
    assert "minimum_rule" not in efficiency("hebei", "123m45567p23789s")


# --- the command line and the HTTP route -------------------------------------------------------------

def test_the_cli_says_a_yaku() -> None:
    out = run_cli(["efficiency", "riichi", OPEN_READY, "--no-glyphs"])
    assert out.exit_code == 0, out.output
    assert "shanten 0 (ready)" in out.output and "no yaku" in out.output
    assert "below the minimum (a yaku)" in out.output
    step = run_cli(["efficiency", "riichi", "[111m]456p789s2mCC8p", "--no-glyphs"])
    assert "toward the minimum (a yaku):" in step.output
    mcr = run_cli(["efficiency", "mcr", "123m45567p23789s", "--no-glyphs"])
    assert "toward the minimum (8 points):" in mcr.output
    js = run_cli(["efficiency", "riichi", "123m4067p789s23m5s", "--visible", "0s", "--json"])
    assert json.loads(js.output) == efficiency("riichi", "123m4067p789s23m5s", visible="0s")


def test_the_http_route_answers_riichi(budget) -> None:
    body = {"variant": "riichi", "hand": OPEN_READY, "visible": "0s1m"}
    r = client.post("/v1/efficiency", json=body)
    assert r.status_code == 200 and r.json() == efficiency("riichi", OPEN_READY, visible="0s1m")
    assert r.json()["minimum_rule"] == "yaku" and r.json()["waits"][0]["left"] == 0  # 1m: three held, one seen
    bad = client.post("/v1/efficiency", json={"variant": "riichi", "hand": OPEN_READY, "visible": "0s0s"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_visible"
    doc = client.get("/openapi.json").json()
    assert "EfficiencyRequest_riichi" in doc["components"]["schemas"]
