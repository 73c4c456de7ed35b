"""``wilds``: what each wild stands for in the chosen reading (Fuzhou 金, Huangyan 得, Shanxi 耗子),
in ``score`` and in each reading of ``explain``. Every fixture case with wilds is checked for one
entry per wild held and for the partition's tiles; a few hand-checked hands have their exact list."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from cli_runner import run_cli
from conftest import FIXTURES

from scorer import score
from scorer.errors import HandError
from scorer.notation import parse_tile
from scorer.tiles import LETTERS, WHITE, tile_name

NAME = {"fuzhou": "金", "huangyan": "得", "shanxi": "耗子"}
_TILES = re.compile(r"(\d+)([mpsz])|([A-Z])")
_MELD = re.compile(r"[\[({<][^\])}>]*[\])}>]")


def _kinds(text: str) -> list[int]:
    """The tile kinds of a text such as ``159m134p25899s``, ``EEE``, ``5z``."""
    out: list[int] = []
    for digits, suit, letter in _TILES.findall(text):
        if letter:
            out.append(27 + LETTERS.index(letter))
        else:
            out += [(27 if suit == "z" else 9 * "mps".index(suit)) + int(d) - 1 for d in digits]
    return out


def _cases(variant: str) -> list[dict]:
    return json.loads((FIXTURES / variant / "cases.json").read_text(encoding="utf-8"))


def _wild_kinds(variant: str, context: dict, result) -> set[int]:
    """The kinds held as wilds: the wild kind, and White too under Huangyan's ``white_also_wild``."""
    wild = context.get("wild")
    if isinstance(wild, list):
        wild = wild[0]
    if not wild:
        return set()
    kinds = {parse_tile(wild)}
    if variant == "huangyan" and result.rules.get("white_also_wild"):
        kinds.add(WHITE)
    return kinds


def _concealed(result) -> list[int]:
    return _kinds(_MELD.sub("", result.hand))


def _check(variant: str, case: dict) -> None:
    try:
        result = score(variant, case["hand"], case["context"], case.get("rules"), explain=True)
    except HandError:
        return
    ctx = case["context"]
    kinds = _wild_kinds(variant, ctx, result)
    concealed = _concealed(result)
    held = [k for k in concealed if k in kinds]
    winner = result.valid and not (variant == "huangyan" and ctx.get("role") == "idle")
    if not winner:
        assert result.wilds == [], case["id"]
        return
    # one entry per wild held, named as held, with the variant's name for a wild
    assert len(result.wilds) == len(held), case["id"]
    assert Counter(w.wild for w in result.wilds) == Counter(tile_name(k) for k in held), case["id"]
    assert {w.name_zh for w in result.wilds} <= {NAME[variant]}
    # each wild replaced by what it stands for gives the partition's tiles (melds aside)
    tiles = Counter(concealed)
    if variant == "huangyan" and (wild := parse_tile(ctx["wild"])) != WHITE and not result.rules.get("white_also_wild"):
        tiles[wild] += tiles.pop(WHITE, 0)  # White boards stand in for the wild's kind
    for w in result.wilds:
        tiles[parse_tile(w.wild)] -= 1
        tiles[parse_tile(w.stands_for)] += 1
    groups = [g for g in result.partition if not g.startswith(("[", "(", "{", "<"))]
    assert +tiles == Counter(k for g in groups for k in _kinds(g)), case["id"]
    # explain's chosen reading says the same
    chosen = [v for v in result.readings if v.chosen]
    assert len(chosen) == 1 and chosen[0].wilds == result.wilds, case["id"]
    for view in result.readings:
        assert len(view.wilds) == len(held), (case["id"], view.index)


@pytest.mark.parametrize("variant", sorted(NAME))  # the variants whose wilds have a name checked here
def test_fixture_cases(variant):
    cases = _cases(variant)
    for case in cases:
        _check(variant, case)
    # the fixtures do hold wilds in winning hands
    with_wilds = sum(1 for c in cases if _lists_wilds(variant, c))
    assert with_wilds >= {"fuzhou": 15, "huangyan": 10, "shanxi": 4}[variant]


def _lists_wilds(variant: str, case: dict) -> bool:
    try:
        return bool(score(variant, case["hand"], case["context"], case.get("rules")).wilds)
    except HandError:
        return False


def _uses(result) -> list[tuple[str, str]]:
    return [(w.wild, w.stands_for) for w in result.wilds]


# ------------------------------------------------------------------------------------ worked examples

def test_fuzhou_worked_examples():
    # W6: 1m 2m + a gold as 3m
    r = score("fuzhou", "125m456p789p234s66s789s", {"wild": "5m", "seat_wind": "S", "discarder": "N"})
    assert _uses(r) == [("5m", "3m")] and r.wilds[0].name_zh == "金"
    # W17: 金雀, the two golds as their own pair
    r = score("fuzhou", "123p456p789s345m99m666m", {"wild": "9m", "flowers": "8f", "seat_wind": "W",
                                                    "discarder": "N"}, explain=True)
    assert _uses(r) == [("9m", "9m"), ("9m", "9m")]
    other = r.readings[1]
    assert "333m(金→33m)" in other.partition and [(w.wild, w.stands_for) for w in other.wilds] == [("9m", "3m")] * 2
    # W11: a gold completes 12p, two golds are the pair (listed in the partition's order)
    r = score("fuzhou", "123m456m789m12p567s222s", {"wild": "2s", "flowers": "3f", "self_draw": True,
                                                    "seat_wind": "E"})
    assert r.partition == ["123m", "456m", "789m", "123p", "22s", "567s"]
    assert _uses(r) == [("2s", "3p"), ("2s", "2s"), ("2s", "2s")]
    # W10: 三金倒 without any arrangement, the golds as themselves
    r = score("fuzhou", "[234m]159m134p7p7p2589s9s7p", {"wild": "7p", "flowers": "1f2f4z6z6z", "self_draw": True,
                                                        "seat_wind": "W"}, explain=True)
    assert _uses(r) == [("7p", "7p")] * 3 and r.readings[0].wilds == r.wilds
    # four golds (a robbed one): two as 3m beside a natural 3m, two as their own pair
    r = score("fuzhou", "3444555666777m4p4p4p4p", {"wild": "4p", "rob_gold": True})
    assert _uses(r) == [("4p", "3m"), ("4p", "3m"), ("4p", "4p"), ("4p", "4p")]
    # no gold held, none listed
    assert score("fuzhou", "[123m]456m789m234p55s678s", {"wild": "9p", "discarder": "W", "seat_wind": "S"}).wilds == []


def test_fuzhou_invalid_hand_lists_no_golds():
    r = score("fuzhou", "123m456m234p567p789s8m3s", {"wild": "8m", "flowers": "2f", "seat_wind": "S",
                                                     "discarder": "W"})  # W14a: running gold
    assert not r.valid and r.wilds == []


def test_huangyan_worked_examples():
    # W7: the 得 completes the pung of North
    r = score("huangyan", "[456s][789p]NN3m123p5s5s", {"wild": "3m", "seat_wind": "S"}, explain=True)
    assert _uses(r) == [("3m", "N")] and r.wilds[0].name_zh == "得"
    assert "NNN(得→N)" in r.readings[0].partition
    # T27: four 得, one completing 78s, three as a pung of East (三得: 辣子)
    r = score("huangyan", "[123m][456p]5m5m5m5m78s9s9s", {"wild": "5m", "seat_wind": "E", "self_draw": True})
    assert _uses(r) == [("5m", "6s"), ("5m", "E"), ("5m", "E"), ("5m", "E")]
    # T35: a winning 得 won on a discard and read as a natural tile: listed as its own kind
    r = score("huangyan", "[123m][789p]456s234s5p5p", {"wild": "5p", "seat_wind": "S"},
              {"wild_discard_win": "natural"}, explain=True)
    assert _uses(r) == [("5p", "5p"), ("5p", "5p")]
    assert r.readings[0].partition[2] == "55p(得→5p, win 5p)"


def test_huangyan_white_boards():
    # a White board standing in for the wild's kind is a natural tile, not a 得
    r = score("huangyan", "[111m]234mP67m888m9m9m", {"wild": "5m", "seat_wind": "S"}, {"flush_by": "face"})
    assert r.valid and "567m" in r.partition and r.wilds == []
    r = score("huangyan", "[4mP6m]123p789sPP5m5m5m", {"wild": "5m", "self_draw": True})
    assert "55m" in r.partition and len(r.wilds) == 3 and {w.wild for w in r.wilds} == {"5m"}
    # with white_also_wild the White board is a 得 too
    r = score("huangyan", "123p456s789m77s34mP", {"wild": "5m", "self_draw": True}, {"white_also_wild": True})
    assert _uses(r) == [("P", "5m")]
    # two kinds of 得 held: the 5m goes where a 得 stands for 5m (得复原), the White board elsewhere
    r = score("huangyan", "1m34m789m123p456s5mP", {"wild": "5m", "self_draw": True},
              {"white_also_wild": True, "wild_restored": "any_once"}, explain=True)
    assert r.partition == ["11m", "345m", "789m", "123p", "456s"]
    assert _uses(r) == [("P", "1m"), ("5m", "5m")] and r.readings[0].wilds == r.wilds


def test_huangyan_non_winner_lists_nothing():
    r = score("huangyan", "[PPP]CCC5m5m5mWW13p", {"wild": "5m", "role": "idle", "seat_wind": "W"})
    assert r.valid and r.wilds == []


def test_shanxi_worked_examples():
    # SW14: a self-drawn mouse completes 67s as 5s (the first reading of the best)
    r = score("shanxi", "123m456m789p22s67s5z", {"wild": "5z", "seat_wind": "E", "self_draw": True}, explain=True)
    assert _uses(r) == [("P", "5s")] and r.wilds[0].name_zh == "耗子"
    assert [(w.wild, w.stands_for) for w in r.readings[1].wilds] == [("P", "8s")]
    # S24: a self-drawn mouse completes the pung of Red
    r = score("shanxi", "[222m]345s678s11z77z9m", {"wild": "9m", "seat_wind": "W", "self_draw": True})
    assert r.partition == ["[222m]", "345s", "678s", "EE", "CCC"] and _uses(r) == [("9m", "C")]
    # S23: seven pairs, the mouse pairs the 7p
    r = score("shanxi", "11m33m55p22s88s7p6z8p8p", {"wild": "6z", "seat_wind": "S", "discarder": "W",
                                                    "discarder_declared": True})
    assert _uses(r) == [("F", "7p")]
    # four mice, seven pairs
    r = score("shanxi", "4555666777m9p9p9p9p", {"wild": "9p", "self_draw": True})
    assert r.partition == ["44m", "55m", "55m", "66m", "66m", "77m", "77m"]
    assert _uses(r) == [("9p", "4m"), ("9p", "5m"), ("9p", "6m"), ("9p", "7m")]


def test_shanxi_mouse_in_meld_lists_nothing():
    r = score("shanxi", "[999m]123p456p55s78p9p", {"wild": "9m", "seat_wind": "S", "discarder": "N"})
    assert r.reason_code == "wild_in_meld" and r.wilds == []


# ----------------------------------------------------------------------------- random winning hands

def _random_hand(rng: random.Random, n_sets: int, suited_only: bool, wild: int, golds: int) -> str | None:
    """Sets and a pair of random tiles, ``golds`` of the tiles not of the wild's kind turned into
    wilds (so the hand wins); None when it holds a fifth copy or more than 3 wilds."""
    kinds = list(range(27 if suited_only else 34))
    tiles: list[int] = []
    for _ in range(n_sets):
        k = rng.choice(kinds)
        if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
            tiles += [k, k + 1, k + 2]
        else:
            tiles += [k] * 3
    tiles += [rng.choice(kinds)] * 2
    others = [i for i, t in enumerate(tiles) if t != wild]
    for i in rng.sample(others, min(golds, len(others))):
        tiles[i] = wild
    rng.shuffle(tiles)
    if max(Counter(tiles).values()) > 4 or tiles.count(wild) > 3:
        return None
    return "".join(tile_name(t) for t in tiles)


@pytest.mark.parametrize(("variant", "n_sets", "ctx"), [
    ("fuzhou", 5, {"self_draw": True}),
    ("huangyan", 4, {"self_draw": True}),
    ("shanxi", 4, {"self_draw": True}),
])
def test_random_winning_hands(variant, n_sets, ctx):
    rng = random.Random(20240611)
    listed = 0
    for _ in range(60):
        wild = rng.randrange(27 if variant == "fuzhou" else 34)
        hand = _random_hand(rng, n_sets, variant == "fuzhou", wild, rng.choice((1, 2, 3)))
        if hand is None:
            continue
        case = {"id": hand, "hand": hand, "context": {**ctx, "wild": tile_name(wild)}}
        score(variant, hand, case["context"])  # well-formed: no input error
        _check(variant, case)
        listed += bool(score(variant, hand, case["context"]).wilds)
    assert listed >= 20


# ---------------------------------------------------------------------------------------------- CLI

@pytest.mark.parametrize(("args", "line"), [
    (["fuzhou", "123m456m789m12p567s222s", "--wild", "2s", "--flowers", "3f", "--self-draw", "--seat-wind", "E"],
     "wilds: 金 2s → 3p, 金 2s → 2s, 金 2s → 2s"),
    (["huangyan", "[456s][789p]NN3m123p5s5s", "--wild", "3m", "--seat-wind", "S"], "wilds: 得 3m → N"),
    (["shanxi", "123m456m789p22s67s5z", "--wild", "5z", "--seat-wind", "E", "--self-draw"], "wilds: 耗子 P → 5s"),
])
def test_cli_prints_the_wilds(args, line):
    res = run_cli(args)
    assert res.exit_code == 0, res.output
    assert line in res.output.splitlines()


def test_cli_json_carries_the_wilds():
    res = run_cli(["fuzhou", "125m456p789p234s66s789s", "--wild", "5m", "--seat-wind", "S",
                              "--discarder", "N", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["wilds"] == [{"wild": "5m", "name_zh": "金", "stands_for": "3m"}]
