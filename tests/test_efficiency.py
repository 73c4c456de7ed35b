"""Tile efficiency (docs/efficiency.md): the answers of ``efficiency`` for every variant, the copies
left, discards best first, the MCR minimum in view, wilds against a brute-force reference, bad
input, the CLI and the HTTP route."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from cli_runner import run_cli
from conftest import PURE
from fastapi.testclient import TestClient

from api.app import app
from scorer import registry
from scorer.efficiency import backend as core
from scorer.efficiency import efficiency
from scorer.efficiency.wilds import Search
from scorer.efficiency_profile import SEVEN_PAIRS, Profile
from scorer.errors import HandError
from scorer.tiles import tile_name

pytestmark = pytest.mark.twin

client = TestClient(app)


def profile(variant_id: str) -> Profile:
    """A variant's efficiency profile, as its package declares it."""
    found = registry.get(variant_id).efficiency
    assert found is not None, f"{variant_id} declares no efficiency profile"
    return found


def useful(answer: dict) -> dict[str, int]:
    return {u["tile"]: u["left"] for u in answer["useful"]}


# --- a hand one tile short ----------------------------------------------------------------------------

def test_one_step_from_ready() -> None:
    a = efficiency("mcr", "123m45567p23789s")
    assert a["hand"] == "123m45567p23789s" and a["shanten"] == 1
    assert set(a["shapes"]) == {"standard", "seven_pairs", "thirteen_orphans", "honors_and_knitted",
                                "knitted_straight"}
    assert a["shapes"]["standard"] == {"shanten": 1, "useful": ["3p", "4p", "5p", "6p", "7p", "8p", "1s", "2s",
                                                                 "3s", "4s"]}
    # copies left: four, less the hand's
    assert useful(a) == {"3p": 4, "4p": 3, "5p": 2, "6p": 3, "7p": 3, "8p": 4, "1s": 4, "2s": 3, "3s": 3, "4s": 4}
    assert a["tiles_left"] == 33 and a["waits"] == []


def test_visible_tiles_lower_the_copies_left() -> None:
    a = efficiency("mcr", "123m45567p23789s", visible="3p 3p, 4s;2s")
    assert useful(a)["3p"] == 2 and useful(a)["4s"] == 3 and useful(a)["2s"] == 2
    assert a["tiles_left"] == 33 - 4


def test_melds_rule_out_the_special_shapes() -> None:
    assert set(efficiency("mcr", "[123m]4556p234789s")["shapes"]) == {"standard", "knitted_straight"}
    assert set(efficiency("mcr", "[123m][789s]4556p234s")["shapes"]) == {"standard"}
    # melds count toward the copies left
    assert useful(efficiency("mcr", "[345p]123m4556p789s"))["5p"] == 1


def test_a_ready_mcr_hand_lists_each_wait_scored_and_flags_the_minimum() -> None:
    a = efficiency("mcr", "[234m][456p]34m22789s")
    assert a["shanten"] == 0 and [w["tile"] for w in a["waits"]] == ["2m", "5m"]
    for w in a["waits"]:
        assert w["below_minimum"] is True
        assert set(w["scores"]) == {"self_draw", "discard"} and not w["scores"]["discard"]["valid"]
    good = efficiency("mcr", "123m4556p234789s")  # mixed straight: 8 points and more
    assert [(w["tile"], w["below_minimum"], w["scores"]["discard"]["total"]) for w in good["waits"]] == [("5p", False, 13)]


def test_one_step_from_ready_says_which_useful_tiles_keep_the_minimum() -> None:
    m = efficiency("mcr", "123m45567p23789s")["minimum"]
    by_tile = {u["tile"]: u for u in m["useful"]}
    assert by_tile["3p"]["keeps_minimum"] is False and by_tile["3p"]["via"] == []
    assert by_tile["4p"]["via"] == [{"discard": "5p", "waits": ["1s"]}]
    assert m["tiles_left"] == sum(u["left"] for u in m["useful"] if u["keeps_minimum"]) == 29
    # a chicken-hand shape: no useful tile leads to a valid ready hand
    bare = efficiency("mcr", "[234m][456p]345m278s5p")
    assert bare["shanten"] == 1 and bare["minimum"]["tiles_left"] == 0


def test_the_minimum_view_against_the_referee_waits() -> None:
    # each useful tile, each discard after it: the ready hands and their valid waits as the
    # referee's waits (the decomposer and the full scorer) find them, independently of the count
    from scorer import referee

    rng = random.Random(8)
    checked = 0
    while checked < (2 if PURE else 6):
        suit = rng.randrange(3)
        pool = [k for k in [*range(9 * suit, 9 * suit + 9), *rng.sample(range(27), 5)] for _ in range(4)]
        tiles = sorted(rng.sample(pool, 13))
        if max(tiles.count(k) for k in tiles) > 4:
            continue
        text = "".join(tile_name(k) for k in tiles)
        a = efficiency("mcr", text)
        if a["shanten"] != 1:
            continue
        checked += 1
        for u in a["minimum"]["useful"]:
            drawn = sorted([*tiles, next(k for k in range(34) if tile_name(k) == u["tile"])])
            ways = []
            for d in sorted(set(drawn)):
                if tile_name(d) == u["tile"]:
                    continue
                rest = list(drawn)
                rest.remove(d)
                w = referee.waits("mcr", "".join(tile_name(k) for k in rest))
                valid = [x["tile"] for x in w["waits"] if x["scores"] and any(m["valid"] for m in x["scores"].values())]
                if valid:
                    ways.append({"discard": tile_name(d), "waits": valid})
            assert u["via"] == ways, (text, u["tile"])
            assert u["keeps_minimum"] == bool(ways)


# --- a full hand -----------------------------------------------------------------------------------

def test_discards_best_first() -> None:
    # MCR: the step that keeps the minimum goes above the ready hand that cannot win
    # (tests/test_efficiency_ranking.py has the whole order)
    a = efficiency("mcr", "[234m][456p]345m2278s5p")
    first, second = a["discards"][:2]
    assert first["tile"] == "8s" and first["shanten"] == 1 and first["minimum"]["tiles_left"] == 8
    assert second["tile"] == "5p" and second["shanten"] == 0 and useful(second) == {"6s": 4, "9s": 4}
    assert all(w["below_minimum"] for w in second["waits"])
    # the discarded tile is seen: it is not left to draw
    assert useful(first)["8s"] == 3
    rest = [(d["shanten"], -d["tiles_left"]) for d in a["discards"][2:]]
    assert rest == sorted(rest)


def test_a_complete_hand_is_one_discard_from_ready() -> None:
    a = efficiency("mcr", "123m4556p234789s5p")
    assert a["complete"] is True and a["discards"][0]["shanten"] == 0
    assert efficiency("mcr", "[234m][456p]345m2278s5p")["complete"] is False


# --- every variant ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "hand", "context", "shanten", "shapes"), [
    ("hebei", "123m45567p23789s", {}, 1, {"standard", "seven_pairs", "thirteen_orphans"}),
    ("shanxi", "123m45567p23789s", {}, 1, {"standard", "seven_pairs"}),
    ("shanxi", "123m45567p23789s", {"thirteen_orphans": True}, 1, {"standard", "seven_pairs", "thirteen_orphans"}),
    ("huangyan", "123m45567p23789s", {"wild": "E"}, 1, {"standard"}),
    ("fuzhou", "123m456p789s234s5p66m8m", {"wild": "9s"}, 1, {"standard", "three_golds"}),
    ("nantong", "222456789m222s68s123567p99p", {"indicators": ["2s", "3m"]}, 0, {"standard"}),
])
def test_each_variant_counts_its_own_shapes(variant, hand, context, shanten, shapes) -> None:
    a = efficiency(variant, hand, context)
    assert a["shanten"] == shanten and set(a["shapes"]) == shapes


def test_nantong_long_cards_and_seven_groups() -> None:
    a = efficiency("nantong", "QQ222456789m222s678s12355p", {"indicators": ["2s", "3m"]})
    assert a["shanten"] == 0 and useful(a) == {"Q": 2, "5p": 2}
    assert [w["tile"] for w in a["waits"]] == ["5p", "Q"]


def test_a_wild_stands_for_what_helps_most() -> None:
    # Huangyan, wild 5m: the 5m in the hand makes any wait; drawing one is useful
    a = efficiency("huangyan", "123m4556p23789s5m", {"wild": "5m"})
    assert a["wild"] == "5m" and a["shanten"] == 0 and "5m" in useful(a)
    # the same tiles without the wild are one step further
    assert efficiency("huangyan", "123m4556p23789sE", {"wild": "5m"})["shanten"] == 1


def test_white_boards_stand_in_for_the_huangyan_wild() -> None:
    # wild 5m: a White board is a natural 5m, so 4m-P-6m is a run
    a = efficiency("huangyan", "4mP6m456p789s23s99s", {"wild": "5m"})
    b = efficiency("huangyan", "4m5m6m456p789s23s99s", {"wild": "C"})
    assert a["shanten"] == b["shanten"] == 0
    assert useful(a) == {"5m": 4, "1s": 4, "4s": 4} and useful(b) == {"1s": 4, "4s": 4, "C": 4}  # and a wild


def test_wilds_are_never_offered_as_discards_while_anything_else_can_go() -> None:
    a = efficiency("fuzhou", "123m456p789s234s5p66m9s9s", {"wild": "9s"})
    assert "9s" not in [d["tile"] for d in a["discards"]]
    b = efficiency("huangyan", "123m45567p23789s5m", {"wild": "5m"})
    assert "5m" not in [d["tile"] for d in b["discards"]]
    # nothing but wilds in the concealed part: then a wild it is
    only = efficiency("huangyan", "[123m][456m][789m][123p]9p9p", {"wild": "9p"})
    assert [d["tile"] for d in only["discards"]] == ["9p"]


def test_a_mouse_drawn_is_a_wild_even_to_a_hand_holding_none() -> None:
    # Shanxi, mouse C: the hand waits on 1s/4s, and a drawn C stands for either
    a = efficiency("shanxi", "4m5m6m456p789s23s99s", {"wild": "C"})
    assert a["shanten"] == 0 and useful(a) == {"1s": 4, "4s": 4, "C": 4}
    assert useful(efficiency("shanxi", "4m5m6m456p789s23s99s")) == {"1s": 4, "4s": 4}


def test_three_golds_is_ready_with_two_golds() -> None:
    a = efficiency("fuzhou", "123m456p78s234s5p66m9s9s", {"wild": "9s"})
    assert a["shapes"]["three_golds"] == {"shanten": 0, "useful": ["9s"]}
    # three golds held: any tile self-drawn wins
    b = efficiency("fuzhou", "123m456p789s234s5p6m9s9s", {"wild": "9s"})
    assert len(b["shapes"]["three_golds"]["useful"]) == 27


def _brute(natural, targets, counts: list[int], w: int) -> int:
    best = natural(counts)
    for choice in itertools.combinations_with_replacement(targets, w):
        c = list(counts)
        for k in choice:
            c[k] += 1
        best = min(best, natural(c))
    return best


@pytest.mark.parametrize(("flag", "targets", "hand_size"), [
    (0, profile("huangyan").wild_targets, 13), (0, profile("fuzhou").wild_targets, 16),
    (SEVEN_PAIRS, profile("shanxi").wild_targets, 13),
])
def test_wilds_against_a_brute_force_reference(flag, targets, hand_size) -> None:
    # every choice of what one or two wilds stand for, against the search
    rng = random.Random(11 + flag + hand_size)
    n_sets = 5 if hand_size == 16 else 4
    for _ in range(4 if PURE else 25):
        w = rng.choice([1, 2])
        pool = [k for k in targets for _ in range(4)]
        natural_tiles = rng.sample(pool, hand_size - w)
        counts = [0] * 34
        for k in natural_tiles:
            counts[k] += 1
        search = Search(flag, n_sets, 0, targets)
        natural = search.natural
        assert search.value(list(counts), w) == _brute(natural, targets, counts, w), (counts, w)
        # useful: one more natural tile, or one more wild, lowers it
        base = _brute(natural, targets, counts, w)
        for t in rng.sample(targets, 3):
            c = list(counts)
            c[t] += 1
            assert (search.value(c, w) < base) == (_brute(natural, targets, c, w) < base)
        assert (search.value(list(counts), w + 1) < base) == (_brute(natural, targets, counts, w + 1) < base)


def test_a_huangyan_answer_against_every_choice_of_the_wilds() -> None:
    # the whole path (White boards as the wild's kind, the wild drawn as useful) against a brute
    # force: the standard count of the hand with each wild replaced by each kind, the least
    rng = random.Random(3)
    tiles = [tile_name(k) for k in range(34)]
    for _ in range(3 if PURE else 12):
        wild = rng.randrange(34)
        w = rng.choice([1, 2])
        pool = [k for k in rng.sample(range(34), 9) for _ in range(4) if k != wild]
        natural_tiles = rng.sample(pool, 13 - w)
        answer = efficiency("huangyan", "".join(tiles[k] for k in natural_tiles) + tiles[wild] * w,
                            {"wild": tiles[wild]})
        counts = [0] * 34
        for k in natural_tiles:
            counts[profile("huangyan").identity(k, wild)] += 1

        def brute(c: list[int], wilds: int) -> int:
            return _brute(lambda x: core.standard(x, 4, 0), tuple(range(34)), c, wilds)

        base = brute(counts, w)
        assert answer["shanten"] == base
        held = [natural_tiles.count(k) + (w if k == wild else 0) for k in range(34)]
        expected = []
        for t in range(34):
            if held[t] >= 4 and base > 0:
                continue
            c = list(counts)
            if t == wild:
                lower = brute(c, w + 1) < base
            else:
                c[profile("huangyan").identity(t, wild)] += 1
                lower = brute(c, w) < base
            if lower:
                expected.append(tiles[t])
        assert [u["tile"] for u in answer["useful"]] == expected


# --- the two backends agree --------------------------------------------------------------------------

def test_the_backend_is_the_one_asked_for() -> None:
    assert core.BACKEND == ("pure" if PURE else "fast"), "the compiled core is not built or does not load"


def test_the_pure_twin_and_the_compiled_core_agree() -> None:
    # both modules by name, whichever the façade selected
    from scorer.efficiency import _shanten as compiled
    from scorer.efficiency import pure as efficiency_pure

    rng = random.Random(5)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(300):
        counts = [0] * 34
        for k in rng.sample(wall, rng.choice([13, 10, 7, 14])):
            counts[k] += 1
        flags = rng.choice([0, 15])
        assert compiled.shapes(counts, 4, 0, flags) == efficiency_pure.shapes(counts, 4, 0, flags)
        assert compiled.best(counts, 4, 0, flags) == efficiency_pure.best(counts, 4, 0, flags)
    long_wall = [k for k in [*range(27), 34, 35, 36] for _ in range(4)]
    for _ in range(100):
        counts = [0] * 37
        for k in rng.sample(long_wall, 22):
            counts[k] += 1
        assert compiled.shapes(counts, 7, 0, 0) == efficiency_pure.shapes(counts, 7, 0, 0)


# --- bad input ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "hand", "kwargs", "code"), [
    ("mcr", "123m45567p2378", {}, "digit_without_suit"),
    ("mcr", "123m45567p23789s1s2s", {}, "tile_count"),
    ("mcr", "123m45567p23789s", {"visible": "3p3p3p3p3p"}, "bad_visible"),
    ("mcr", "123m45567p23789s", {"visible": "5p5p5p"}, "bad_visible"),
    ("mcr", "123m45567p23789s", {"visible": "8z"}, "bad_visible"),
    ("mcr", "123m45567p23789s", {"visible": "x" * 500}, "input_too_long"),
    ("fuzhou", "123m456p789s234s5p66m8m", {"visible": "E"}, "bad_visible"),
    ("nosuch", "123m45567p23789s", {}, "unknown_variant"),
    ("huangyan", "123m45567p23789s", {}, "bad_context"),
])
def test_bad_input_is_a_clear_error(variant, hand, kwargs, code) -> None:
    with pytest.raises(HandError) as err:
        efficiency(variant, hand, **kwargs)
    assert err.value.code == code


# --- the command line and the HTTP route -----------------------------------------------------------------

def test_the_cli_draws_a_table_and_answers_json() -> None:
    out = run_cli(["efficiency", "mcr", "123m45567p23789s", "--visible", "3p3p", "--no-glyphs"])
    assert out.exit_code == 0, out.output
    assert "shanten 1 (one step from ready)" in out.output and "3p×2" in out.output
    assert "toward the minimum (8 points): 9 of 10 useful tiles" in out.output
    glyphs = run_cli(["efficiency", "mcr", "123m45567p23789s"])
    assert "\U0001F01B×4" in glyphs.output  # 3p drawn as its glyph
    js = run_cli(["efficiency", "mcr", "123m45567p23789s", "--json"])
    assert json.loads(js.output) == efficiency("mcr", "123m45567p23789s")
    full = run_cli(["efficiency", "huangyan", "123m45567p23789s5m", "--wild", "5m", "--no-glyphs"])
    assert full.exit_code == 0 and "discards, best first" in full.output


def test_the_cli_reports_bad_input_with_status_2() -> None:
    out = run_cli(["efficiency", "mcr", "123m45567p23789s", "--visible", "5p5p5p"])
    assert out.exit_code == 2 and "[bad_visible]" in out.output


@pytest.fixture
def budget(monkeypatch):
    """The pure-Python twin is the slow reference, not what the service runs: it gets time."""
    if PURE:
        from api import limits

        monkeypatch.setattr(limits, "TIME_BUDGET_S", 60.0)


def test_the_http_route_answers_the_same_json(budget) -> None:
    body = {"variant": "mcr", "hand": "123m45567p23789s", "visible": "3p3p"}
    r = client.post("/v1/efficiency", json=body)
    assert r.status_code == 200 and r.json() == efficiency("mcr", "123m45567p23789s", visible="3p3p")
    full = client.post("/v1/efficiency", json={"variant": "fuzhou", "hand": "123m456p789s234s5p66m9s9s",
                                               "context": {"wild": "9s"}})
    assert full.status_code == 200 and full.json()["discards"]


@pytest.mark.parametrize(("body", "code"), [
    ({"variant": "mcr", "hand": "123m45567p23789s", "visible": "5p5p5p"}, "bad_visible"),
    ({"variant": "mcr", "hand": "123m45567p23789s", "visible": "1m" * 300}, "input_too_long"),
    ({"variant": "mcr", "hand": "123m45567p23789s", "extra": 1}, "unknown_field"),
    ({"variant": "mcr", "hand": 5}, "bad_request"),
])
def test_the_http_route_answers_bad_input_with_the_error_object(body, code, budget) -> None:
    r = client.post("/v1/efficiency", json=body)
    assert r.status_code == 422 and r.json()["error"]["code"] == code


def test_the_route_is_documented() -> None:
    doc = client.get("/openapi.json").json()
    post = doc["paths"]["/v1/efficiency"]["post"]
    assert post["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/EfficiencyRequest"}
    schemas = doc["components"]["schemas"]
    assert set(schemas["EfficiencyRequest"]["discriminator"]["mapping"]) == {
        v.id for v in registry.variants().values() if v.efficiency is not None}
    mcr = schemas["EfficiencyRequest_mcr"]
    assert mcr["additionalProperties"] is False and mcr["properties"]["visible"]["anyOf"][0]["maxLength"] == 400


# --- each variant declares its profile ---------------------------------------------------------------

TOY_SHORT = "[111m]222m333m456p11s55s"  # the toy variant's 17-tile hand one tile short: ready on 1s, 5s


@pytest.fixture()
def toy():
    from toy_variant import Toy

    yield registry.register(Toy())
    registry.unregister("toy")


def _efficiency_schemas(doc: dict) -> set[str]:
    schemas = doc["components"]["schemas"]
    mapped = set(schemas["EfficiencyRequest"]["discriminator"]["mapping"])
    named = {name.removeprefix("EfficiencyRequest_") for name in schemas if name.startswith("EfficiencyRequest_")}
    assert mapped == named
    return mapped


def test_a_variant_without_a_profile_is_neither_advertised_nor_served(toy) -> None:
    from api.app import create_app

    assert toy.efficiency is None
    fresh = TestClient(create_app())
    doc = fresh.get("/openapi.json").json()
    assert "toy" in doc["components"]["schemas"]["ScoreRequest"]["discriminator"]["mapping"]  # scored, though
    assert "toy" not in _efficiency_schemas(doc)
    r = fresh.post("/v1/efficiency", json={"variant": "toy", "hand": TOY_SHORT})
    assert r.status_code == 422 and r.json()["error"]["code"] == "unsupported_variant"
    with pytest.raises(HandError) as err:
        efficiency("toy", TOY_SHORT)
    assert err.value.problems[0].code == "unsupported_variant" and "'toy'" in err.value.message


def test_a_variant_that_declares_a_profile_gets_efficiency_with_no_other_edit(budget) -> None:
    from toy_variant import Toy

    from api.app import create_app
    from scorer.efficiency_profile import SUITED_KINDS

    class EfficientToy(Toy):
        efficiency = Profile(SUITED_KINDS, 5)

    registry.register(EfficientToy())
    try:
        a = efficiency("toy", TOY_SHORT)
        assert a["shanten"] == 0 and useful(a) == {"1s": 2, "5s": 2}
        assert [w["tile"] for w in a["waits"]] == ["1s", "5s"]
        fresh = TestClient(create_app())
        assert "toy" in _efficiency_schemas(fresh.get("/openapi.json").json())
        r = fresh.post("/v1/efficiency", json={"variant": "toy", "hand": TOY_SHORT})
        assert r.status_code == 200 and r.json() == a
    finally:
        registry.unregister("toy")
