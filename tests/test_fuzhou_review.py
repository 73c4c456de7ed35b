"""Independent review of the Fuzhou variant against its rules, docs/rules/fuzhou.md.

Every expectation below was computed by hand from the rules (docs/rules/fuzhou.md#payments:
each payer pays base × ((F + D_p) × m + B); D_p = D only between dealer and winner), not copied
from the scorer. The cases concentrate on what fixtures/fuzhou/cases.json does not already pin
(W1, W7, W8 and W12 are cases of that file). A comment names the section of the page that holds its
rule, ``(#payments)``; those of the error cases name the error code instead (docs/rules/fuzhou.md#errors
lists the input errors and the invalid wins in the order they are checked).
"""

from __future__ import annotations

import pytest

import scorer
from scorer.errors import HandError

W1 = "[123m]456m789m234p55s678s"          # W1's hand: no gold (wild 9p), wins on 8s
W7 = "[456m]234p567p88s123s567s"          # W7's hand: F = 0 unless flowers
W8 = "123m789m33678p456s456s"             # W8's hand: two golds 3p as the pair
W12 = "123p456p789p234s55s67s4m"          # W12's hand: robbed gold 4m
THREE = "1245m7p123456678s9s9s9s"         # three golds 9s, an arrangement exists but no 金雀
F22 = "123m456m789m123p456p9s1s"          # no arrangement (wild 5s)
NONE = {"E": 0, "S": 0, "W": 0, "N": 0}


def pay(**kw: int) -> dict[str, int]:
    return {**NONE, **kw}


# (id, hand, context, expected); expected keys: payments / F / D / bonus / B / m / points / items
SCORED = [
    # tile count: each kong counts 3, so 5 concealed kongs + a pair is 17; F = 5×2 = 10, self-draw m=2
    # (#what-wins)
    ("five_concealed_kongs", "(2222s)(3333s)(4444s)(5555s)(6666s)11m",
     {"wild": "9p", "self_draw": True, "seat_wind": "S"},
     {"payments": pay(E=-20, S=60, W=-20, N=-20), "F": 10, "B": 0, "bonus": None, "m": 2, "points": 20}),
    # five exposed chows + pair on a discard, F=0 → 平胡 30, m=2; the discarder defaults to S (seat W) (#pinghu)
    ("five_melds_pinghu_default_discarder", "[123m][456m][789m][123p][456p]9s9s", {"wild": "5s", "seat_wind": "W"},
     {"payments": pay(S=-30, W=30), "F": 0, "bonus": "pinghu", "B": 30, "m": 2, "points": 30}),
    # 三金倒 when an arrangement exists but no 金雀 one (7p needs two golds): F=1, B=40 (#three-golds)
    ("three_golds_with_arrangement", THREE, {"wild": "9s", "flowers": "1f", "self_draw": True, "seat_wind": "N"},
     {"payments": pay(E=-42, S=-42, W=-42, N=126), "F": 1, "bonus": "three_golds", "B": 40, "m": 2,
      "items": {"flower_tiles": 1, "three_golds": 40}}),
    # 三金倒 + plain_extra (F=0): B=50; non-dealer winner: only E adds D=2 → (0+2)×2+50 (#plain-extra)
    ("three_golds_plain_extra_streak", THREE, {"wild": "9s", "self_draw": True, "seat_wind": "N", "dealer_streak": 2},
     {"payments": pay(E=-54, S=-50, W=-50, N=154), "F": 0, "D": 2, "bonus": "three_golds", "B": 50, "points": 50,
      "items": {"three_golds": 40, "plain_extra": 10, "dealer_streak": 2}}),
    # the same three-gold hand won on a discard: no 三金倒, no 金雀, F=1 → m=1, W pays 1 (#three-golds)
    ("three_golds_hand_on_discard_no_bonus", THREE,
     {"wild": "9s", "flowers": "1f", "seat_wind": "N", "discarder": "W", "win_tile": "8s"},
     {"payments": pay(W=-1, N=1), "F": 1, "bonus": None, "B": 0, "m": 1, "points": 1}),
    # the same on a discard with F=0: 平胡 30 (not 三金倒 50), m=2 (#three-golds)
    ("three_golds_hand_on_discard_pinghu", THREE, {"wild": "9s", "seat_wind": "N", "discarder": "W", "win_tile": "8s"},
     {"payments": pay(W=-30, N=30), "bonus": "pinghu", "B": 30, "m": 2}),
    # 抢金 whose robbed gold pairs with a held gold: 金雀 60 (+10, F=0) beats 抢金; E adds D=1 → 72 (#what-wins,
    # "Which arrangement counts")
    ("rob_gold_golden_bird", "123m567m789p123p456s4m4m", {"wild": "4m", "rob_gold": True, "seat_wind": "S",
                                                          "dealer_streak": 1},
     {"payments": pay(E=-72, S=212, W=-70, N=-70), "bonus": "golden_bird", "B": 70, "m": 2,
      "items": {"golden_bird": 60, "plain_extra": 10, "dealer_streak": 1}}),
    # W12 by a non-dealer with streak 2: E pays (1+2)×2+30 = 36, W and N 32 (#rob-gold)
    ("rob_gold_nondealer_streak", W12, {"wild": "4m", "flowers": "5f", "rob_gold": True, "seat_wind": "S",
                                        "dealer_streak": 2},
     {"payments": pay(E=-36, S=100, W=-32, N=-32), "bonus": "rob_gold", "B": 30, "D": 2}),
    # an explicit self_draw true with rob_gold is fine (W12 again) (#context)
    ("rob_gold_explicit_self_draw", W12, {"wild": "4m", "flowers": "5f", "rob_gold": True, "self_draw": True,
                                          "seat_wind": "S"},
     {"payments": pay(E=-32, S=96, W=-32, N=-32)}),
    # rob_gold is not a discard win: you_jin / passed_hu flags do not apply (W12 again) (#what-wins)
    ("rob_gold_ignores_discard_flags", W12, {"wild": "4m", "flowers": "5f", "rob_gold": True, "seat_wind": "S",
                                             "you_jin": True, "passed_hu": True},
     {"payments": pay(E=-32, S=96, W=-32, N=-32)}),
    # four White written as 5z and P is a flower kong: F = 4 + 2 = 6, discard m=1 (#flower-kong)
    ("flower_kong_mixed_notation", W1, {"wild": "9p", "flowers": "5z5zPP", "seat_wind": "S", "discarder": "W"},
     {"payments": pay(S=6, W=-6), "F": 6, "items": {"flower_tiles": 4, "flower_kong": 2}}),
    # all eight flower tiles: two flower kongs, F = 8 + 2 + 2 = 12 (#flower-kong)
    ("all_eight_flowers", W1, {"wild": "9p", "flowers": "1f2f3f4f5f6f7f8f", "seat_wind": "S", "discarder": "W"},
     {"payments": pay(S=12, W=-12), "F": 12, "items": {"flower_tiles": 8, "flower_kong": 4}}),
    # flowers as a list of strings, letters included: EEEE + 2f = 5 tiles + flower kong 2 = 7 (#context)
    ("flowers_list_letters", W1, {"wild": "9p", "flowers": ["EEEE", "2f"], "seat_wind": "S", "discarder": "W"},
     {"payments": pay(S=7, W=-7), "F": 7}),
    # four different winds are no flower kong: F = 4 (#flower-kong)
    ("four_winds_no_kong", W1, {"wild": "9p", "flowers": "ESWN", "seat_wind": "S", "discarder": "W"},
     {"payments": pay(S=4, W=-4), "F": 4, "items": {"flower_tiles": 4}}),
    # 13f115z compact notation: 1f 3f E E P = 5 (#context)
    ("flowers_compact_digits", W1, {"wild": "9p", "flowers": "13f115z", "seat_wind": "S", "discarder": "W"},
     {"payments": pay(S=5, W=-5), "F": 5}),
    # seat aliases 3z (W) and 1z (E); the dealer E discards, streak 1: (3+1)×1 (#context)
    ("seat_aliases_dealer_pays", W1, {"wild": "9p", "flowers": "1f5f2z", "seat_wind": "3z", "discarder": "1z",
                                      "dealer_streak": 1},
     {"payments": pay(E=-4, W=4), "D": 1, "points": 3}),
    # the dealer wins, discarder defaults to N; winner is dealer → D_N = 2: (3+2)×1 (#context)
    ("dealer_wins_default_discarder_N", W1, {"wild": "9p", "flowers": "1f5f2z", "seat_wind": "E", "dealer_streak": 2},
     {"payments": pay(E=5, N=-5), "m": 1}),
    # seat N → discarder W; neither is the dealer, D=2 reported but not paid (#context)
    ("seat_N_default_discarder_W", W1, {"wild": "9p", "flowers": "1f5f2z", "seat_wind": "N", "dealer_streak": 2},
     {"payments": pay(W=-3, N=3), "D": 2, "items": {"flower_tiles": 3, "dealer_streak": 2}}),
    # dealer false without seat → S, discarder defaults to E (the dealer) who adds D=1 (#context)
    ("dealer_false_default_seat", W1, {"wild": "9p", "flowers": "1f5f2z", "dealer": False, "dealer_streak": 1},
     {"payments": pay(E=-4, S=4)}),
    # dealer self-draw, base 3, streak 1: each pays 3×((3+1)×2) = 24; points = 3×(3×2) = 18 (#payments)
    ("dealer_selfdraw_base3", W1, {"wild": "9p", "flowers": "1f5f2z", "self_draw": True, "seat_wind": "E",
                                   "dealer_streak": 1, "base": 3},
     {"payments": pay(E=72, S=-24, W=-24, N=-24), "points": 18, "m": 2}),
    # base 2, dealer wins on a discard, streak 1: S pays 2×((3+1)×1) = 8; points 6 (#payments)
    ("dealer_discard_base2", W1, {"wild": "9p", "flowers": "1f5f2z", "seat_wind": "E", "discarder": "S",
                                  "dealer_streak": 1, "base": 2},
     {"payments": pay(E=8, S=-8), "points": 6}),
    # the dealer wins 金雀 on a discard from S, streak 2: F and D doubled (bonus_doubles_discard) →
    # (3+2)×2+60 = 70 (#payments)
    ("dealer_golden_bird_discard", W8, {"wild": "3p", "flowers": "7f2z3z", "seat_wind": "E", "discarder": "S",
                                        "dealer_streak": 2},
     {"payments": pay(E=70, S=-70), "bonus": "golden_bird", "B": 60, "m": 2, "points": 66}),
    # exposed + concealed + added kongs: F = 1 + 2 + 1 = 4; self-draw 8 each (#items)
    ("mixed_kongs", "[1111m](2222p){3333s}456m789m55p", {"wild": "9s", "self_draw": True, "seat_wind": "W"},
     {"payments": pay(E=-8, S=-8, W=24, N=-8), "F": 4, "bonus": None,
      "items": {"exposed_kong": 2, "concealed_kong": 2}}),
    # a discard 平胡 paid by the dealer, streak 3, 4 melds + 5 concealed: (0+3)×2+30 = 36 (#payments)
    ("pinghu_dealer_payer_streak3", "[123m][456m][789m][123p]456p9s9s", {"wild": "5s", "seat_wind": "S",
                                                                         "discarder": "E", "dealer_streak": 3},
     {"payments": pay(E=-36, S=36), "bonus": "pinghu", "B": 30, "points": 30}),
    # 平胡 self-drawn by a non-dealer, streak 2: E (0+2)×2+30 = 34, others 30 (#dealer-streak)
    ("pinghu_nondealer_selfdraw_streak", W7, {"wild": "9m", "self_draw": True, "seat_wind": "N", "dealer_streak": 2},
     {"payments": pay(E=-34, S=-30, W=-30, N=94), "bonus": "pinghu", "B": 30, "points": 30,
      "items": {"pinghu": 30, "dealer_streak": 2}}),
    # 金雀 self-drawn on a gold (allowed on a self-draw), F=0: 60 + 10, each pays 70 (#golden-bird)
    ("golden_bird_selfdraw_on_gold", "123m456m789m123p456p9s9s", {"wild": "9s", "self_draw": True, "seat_wind": "S"},
     {"payments": pay(E=-70, S=210, W=-70, N=-70), "bonus": "golden_bird", "B": 70}),
    # a gold standing for its own kind in a chow (4m G 6m); H' = one gold + 55s pair + 4m: not running
    # (#what-wins)
    ("gold_own_kind_in_chow", "123p456p789p234s55s5m46m", {"wild": "5m", "seat_wind": "S"},
     {"payments": pay(E=-30, S=30), "bonus": "pinghu"}),
    # the shape rule only fires on exactly one gold in H': one gold, rest is 4 sets + 55s + 4m → allowed, with
    # flowers: F=2, no bonus, m=1 (#what-wins)
    ("one_gold_not_running", "123p456p789p234s55s5m46m", {"wild": "5m", "flowers": "1f2f", "seat_wind": "W",
                                                          "discarder": "N"},
     {"payments": pay(W=2, N=-2), "m": 1, "bonus": None}),
    # a concealed four-of-a-kind not declared as a kong scores nothing (1111m = 111m + 1m in 123m)
    # (#what-wins)
    ("undeclared_four_scores_nothing", "1111m23m456p789p234s55s", {"wild": "9s", "flowers": "2f", "seat_wind": "S",
                                                                    "discarder": "E"},
     {"payments": pay(E=-1, S=1), "F": 1, "m": 1}),
]

INVALID = [
    # the running-gold check uses H' = concealed minus win_tile (3s), not minus the last tile (#what-wins)
    ("running_gold_via_win_tile", "123m456m234p567p789s3s8m", {"wild": "8m", "flowers": "2f", "seat_wind": "S",
                                                               "discarder": "W", "win_tile": "3s"},
     "you_jin_discard"),
    # gold_discard_win: without win_tile the last tile (a gold 8m) is the winning tile: a discarded gold
    ("last_tile_gold_on_discard", "123m456m234p567p789s3s8m", {"wild": "8m", "seat_wind": "S", "discarder": "W"},
     "gold_discard_win"),
    # gold_discard_win: win_tile naming a gold on a discard
    ("win_tile_gold_on_discard", "125m456p789p234s66s789s", {"wild": "5m", "seat_wind": "S", "discarder": "N",
                                                             "win_tile": "5m"},
     "gold_discard_win"),
    # gold_discard_win before you_jin_discard: discarded gold and you_jin flag
    ("gold_discard_before_you_jin", "123m456m789m234p55s66s5s", {"wild": "5s", "seat_wind": "W", "discarder": "S",
                                                                 "you_jin": True},
     "gold_discard_win"),
    # you_jin_discard before passed_hu
    ("you_jin_before_passed_hu", W1, {"wild": "9p", "seat_wind": "S", "discarder": "W", "you_jin": True,
                                      "passed_hu": True},
     "you_jin_discard"),
    # you_jin_discard before not_winning: you_jin on a hand that does not win
    ("you_jin_before_not_winning", F22, {"wild": "5s", "seat_wind": "S", "discarder": "E", "you_jin": True},
     "you_jin_discard"),
    # passed_hu before not_winning
    ("passed_hu_before_not_winning", F22, {"wild": "5s", "seat_wind": "S", "discarder": "E", "passed_hu": True},
     "passed_hu"),
    # not winning on a self-draw with two golds (三金倒 needs 3) (#what-wins)
    ("two_golds_not_winning_selfdraw", "13579m13579p13579s2s2s", {"wild": "2s", "self_draw": True, "seat_wind": "S"},
     "not_winning"),
]

ERRORS = [
    # tile_count: 16 tiles
    ("count_16", "[123m]456m789m234p55s67s", {"wild": "9p"}, "tile_count"),
    # tile_count: a kong counts 3: [1111m] + 15 concealed = 18
    ("count_kong_as_3", "[1111m]456m789m234p55s678s9s", {"wild": "9p"}, "tile_count"),
    # tile_count: a 17-tile concealed part with a meld is 20
    ("count_meld_plus_17", "[123m]456m789m234p55s678s123p", {"wild": "9s"}, "tile_count"),
    # bad_meld: (..) must be four identical tiles
    ("concealed_pung_in_parens", "(555m)123p456p789p11s789s", {"wild": "9m"}, "bad_meld"),
    # bad_meld: [1234m] is no chow, pung or kong
    ("meld_four_run", "[1234m]456m789m234p55s678s", {"wild": "9p"}, "bad_meld"),
    # gold_in_meld: a concealed kong of the gold kind
    ("gold_concealed_kong", "(9999p)456m789m234p55s678s", {"wild": "9p", "self_draw": True}, "gold_in_meld"),
    # gold_in_meld: an exposed chow containing the gold kind
    ("gold_in_chow", "[789p]456m789m234p55s678s", {"wild": "9p"}, "gold_in_meld"),
    # bad_wild: a flower as wild
    ("wild_flower", W1, {"wild": "1f"}, "bad_wild"),
    # bad_wild: a two-kind list
    ("wild_list_two_kinds", W1, {"wild": ["5p", "6p"]}, "bad_wild"),
    # bad_wild: empty wild
    ("wild_empty", W1, {"wild": ""}, "bad_wild"),
    # bad_wild: "not a single suited tile": two tiles of one kind
    ("wild_two_tiles", W1, {"wild": "5p5p"}, "bad_wild"),
    # bad_wild: only a one-element list is accepted
    ("wild_list_two_tiles", W1, {"wild": ["5p", "5p"]}, "bad_wild"),
    # bad_notation before bad_wild: unreadable flowers and no wild
    ("notation_before_wild", W1, {"flowers": "xx"}, "bad_notation"),
    # bad_wild before bad_flowers
    ("wild_before_flowers", W1, {"wild": "1z", "flowers": "5s"}, "bad_wild"),
    # honour_in_hand: an honour pung as a meld
    ("honour_meld", "[EEE]456m789m234p55s678s", {"wild": "9p"}, "honour_in_hand"),
    # bad_flowers: a suited tile in a flower list
    ("flowers_list_suited", W1, {"wild": "9p", "flowers": ["1f", "5m"]}, "bad_flowers"),
    # bad_flowers: five East written two ways
    ("five_east_mixed", W1, {"wild": "9p", "flowers": "1z1z1z1zE"}, "bad_flowers"),
    # bad_flowers before bad_meld
    ("flowers_before_meld", "[124m]456m789m234p55s678s", {"wild": "9p", "flowers": "1f1f"}, "bad_flowers"),
    # tile_count before too_many_copies: 18 tiles with five 1m
    ("count_before_copies", "11111m456m789m234p55s678s", {"wild": "9p"}, "tile_count"),
    # too_many_copies: four golds without rob_gold, before bad_context (a bad seat)
    ("four_golds_before_context", "123m456m789m1p567s2222s", {"wild": "2s", "self_draw": True, "seat_wind": "X"},
     "too_many_copies"),
    # bad_context: dealer false contradicts seat E
    ("dealer_false_seat_E", W1, {"wild": "9p", "seat_wind": "E", "dealer": False}, "bad_context"),
    # bad_context: win_tile present only in a meld
    ("win_tile_in_meld_only", W1, {"wild": "9p", "win_tile": "2m"}, "bad_context"),
    # bad_context: dealer true seats the winner E, so discarder E is the winner
    ("discarder_is_default_seat", W1, {"wild": "9p", "dealer": True, "discarder": "E"}, "bad_context"),
    # bad_context: 5z is not a seat
    ("seat_5z", W1, {"wild": "9p", "seat_wind": "5z"}, "bad_context"),
    # bad_context: discarder given on a self-draw even when it differs from the winner
    ("discarder_on_selfdraw", W7, {"wild": "9m", "self_draw": True, "seat_wind": "E", "discarder": "S"},
     "bad_context"),
    # rob_gold_invalid: rob_gold with an added kong {..} (an exposed meld)
    ("rob_gold_added_kong", "{1111m}456p789p234s55s67s4m", {"wild": "4m", "rob_gold": True}, "rob_gold_invalid"),
    # rob_gold_invalid: rob_gold with win_tile that is not the gold
    ("rob_gold_win_tile_not_gold", W12, {"wild": "4m", "rob_gold": True, "win_tile": "7s"}, "rob_gold_invalid"),
    # the order of the errors: a wrongly typed context field is bad_context, after the hand's bad_notation ...
    ("typed_context_after_notation", "[123m]456m789m2x4p55s678s", {"wild": "9p", "dealer_streak": "x"},
     "bad_notation"),
    # ... and after honour_in_hand
    ("typed_context_after_honour", "[123m]456m789m234p55s67sE", {"wild": "9p", "base": "two"}, "honour_in_hand"),
    # on its own it is bad_context
    ("typed_context_alone", W1, {"wild": "9p", "dealer_streak": "x"}, "bad_context"),
    # gold_in_meld before rob_gold_invalid: rob_gold with a gold in an exposed meld
    ("gold_meld_before_rob", "[456m]123p789p234s55s67s4m", {"wild": "4m", "rob_gold": True}, "gold_in_meld"),
]


def _check(result, expect: dict) -> None:
    d = result.details
    assert result.valid is True
    assert sum(result.payments.values()) == 0
    assert result.payments == expect["payments"]
    seat_gain = max(result.payments.values())
    assert result.total == seat_gain == d["winner_gain"]
    assert result.reason_code is None and result.winner_gain == result.total
    for key, field in (("F", "flower_points"), ("D", "dealer_points"), ("bonus", "bonus"), ("B", "bonus_points"),
                       ("m", "multiplier"), ("points", "points")):
        if key in expect:
            assert d[field] == expect[key], field
            assert getattr(result, field) == expect[key], field  # the figures, also top-level (#payments)
    if "items" in expect:
        assert {i.id: i.points for i in result.items} == expect["items"]


@pytest.mark.parametrize(("hand", "ctx", "expect"), [c[1:] for c in SCORED], ids=[c[0] for c in SCORED])
def test_scored(hand, ctx, expect):
    _check(scorer.score("fuzhou", hand, ctx), expect)


@pytest.mark.parametrize(("hand", "ctx", "code"), [c[1:] for c in INVALID], ids=[c[0] for c in INVALID])
def test_invalid(hand, ctx, code):
    r = scorer.score("fuzhou", hand, ctx)
    assert r.valid is False and r.total == 0 and r.reason
    assert r.payments == NONE
    assert r.details["reason_code"] == code
    assert r.as_dict()["reason_code"] == code  # {valid: false, reason, reason_code, total: 0}


@pytest.mark.parametrize(("hand", "ctx", "code"), [c[1:] for c in ERRORS], ids=[c[0] for c in ERRORS])
def test_errors(hand, ctx, code):
    with pytest.raises(HandError) as err:
        scorer.score("fuzhou", hand, ctx)
    assert err.value.code == code
