"""Independent review of the MCR variant against its rules, docs/rules/mcr.md.

Every expected number below was worked out by hand from the rules (section named in each comment),
never copied from the scorer. The fan lists themselves are proven against pymahjonggb elsewhere;
these cases concentrate on what the oracle cannot check: the context contradictions and
non-contradictions, the 8-point minimum, flowers, the settlement, the presets and their echo, the
exclusions and their principles, the tie-break statement, the partition, explain and claim.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from fastapi.testclient import TestClient

import scorer
from api.app import app
from scorer import score
from scorer.variants.mcr.evaluate import TIE_BREAK


def P(e: int, s: int, w: int, n: int) -> dict[str, int]:
    return {"E": e, "S": s, "W": w, "N": n}


ZERO = P(0, 0, 0, 0)
PRINCIPLES = {"non_repetition", "non_separation", "non_identity", "high_over_low", "account_once"}
CHICKEN = "[123m][567p]789p45sEE3s"  # 无番和 8 on a discard (docs/rules/mcr.md#chicken-hand)


def _fans(result) -> Counter:
    return Counter((i.id, i.points, i.count) for i in result.items)


# --------------------------------------------------------------------------------------------
# Contradictions: a 422 error naming the contradiction
# (docs/rules/mcr.md#errors-a-context-that-contradicts-the-hand)
# (id, hand, context, number of problems, a word each message must contain)
CONTRADICTIONS = [
    # kong_win + self_draw with no kong (seven pairs hold no kong)
    ("replacement_no_kong_seven_pairs", "1122m3344p5566sEE", {"self_draw": True, "kong_win": True}, 1, "kong"),
    # robbing a kong while the winning tile sits in the hand's own exposed pung
    ("robbing_tile_in_own_pung", "[333s][567p]789p45sEE3s", {"kong_win": True}, 1, "3s"),
    # robbing a kong on thirteen orphans' paired tile (P held twice)
    ("robbing_orphans_pair_tile", "19m19p19sESWNCFPP", {"kong_win": True}, 1, "P"),
    # last_tile while two more 3s are in the concealed part (a concealed pung of the winning tile)
    ("last_tile_concealed_pung", "[123m][567p]789p33sEE3s", {"last_tile": True}, 1, "last_tile"),
    # last_tile on a knitted-straight hand whose winning C completes the CC pair
    ("last_tile_knitted_pair", "147m258p369sEEECC", {"last_tile": True}, 1, "last_tile"),
    # every contradiction is reported, not only the first: no kong + last_tile with 3s held thrice
    ("two_at_once_no_kong_and_last_tile", "[123m][567p]789p33sEE3s",
     {"self_draw": True, "kong_win": True, "last_tile": True}, 2, ""),
    # robbing + last_wall AND the robbed tile elsewhere: two problems
    ("two_at_once_robbing", "[333s][567p]789p45sEE3s", {"kong_win": True, "last_wall": True}, 2, ""),
]


@pytest.mark.parametrize(("hand", "context", "n", "word"), [c[1:] for c in CONTRADICTIONS],
                         ids=[c[0] for c in CONTRADICTIONS])
def test_contradiction_is_an_error(hand, context, n, word):
    with pytest.raises(scorer.errors.HandError) as err:
        score("mcr", hand, context)
    assert err.value.code == "contradiction"
    assert len(err.value.problems) == n and all(p.code == "contradiction" for p in err.value.problems)
    assert word in err.value.message


def test_contradiction_is_a_422_over_http():
    # "a 422 error naming the contradiction"
    res = TestClient(app).post("/v1/score", json={"variant": "mcr", "hand": CHICKEN,
                                                  "context": {"kong_win": True, "last_wall": True}})
    assert res.status_code == 422
    body = res.json()["error"]
    assert body["code"] == "contradiction" and "last_wall" in body["message"]


# --------------------------------------------------------------------------------------------
# Scored cases. (id, hand, context, rules, fans | None, total, valid, payments, extra checks)
# extra: {"reason": str, "excluded": [(id, by, principle)], "preset": str, "partition": [...]}
CASES = [
    # --- non-contradictions (docs/rules/mcr.md#errors-a-context-that-contradicts-the-hand) ---
    # an added kong is a kong: 杠上开花 8 (drops 自摸), 明杠 1, 无字 1 = 10; self-draw: 3 × (8+10)
    ("replacement_on_added_kong", "{6666s}[234p]789s99s45m3m", {"self_draw": True, "kong_win": True}, None,
     [("out_with_replacement_tile", 8, 1), ("melded_kong", 1, 1), ("no_honors", 1, 1)], 10, True,
     P(54, -18, -18, -18), {"excluded": [("self_drawn", "out_with_replacement_tile", "non_repetition")]}),
    # kong_win + last_wall self-drawn both score: 8 + 8 + 不求人 4 + 暗杠 2 + 门风刻 2 (NNNN, seat N)
    # + 连六 1 (123s 456s) + 缺一门 1 = 26; 34 from each other seat
    ("replacement_on_last_wall_concealed_kong", "(NNNN)123s456s55m67m8m",
     {"self_draw": True, "kong_win": True, "last_wall": True, "seat_wind": "N"}, None,
     [("out_with_replacement_tile", 8, 1), ("last_tile_draw", 8, 1), ("fully_concealed_hand", 4, 1),
      ("concealed_kong", 2, 1), ("seat_wind", 2, 1), ("short_straight", 1, 1), ("one_voided_suit", 1, 1)],
     26, True, P(-34, -34, -34, 102), {}),
    # robbing a kong with last_tile: 抢杠和 8, 和绝张 not also scored; N (default discarder) pays 16
    ("robbing_with_last_tile", CHICKEN, {"kong_win": True, "last_tile": True}, None,
     [("robbing_the_kong", 8, 1)], 8, True, P(32, -8, -8, -16),
     {"excluded": [("last_tile", "robbing_the_kong", "non_repetition")]}),
    # robbing with a kong of another tile in the hand is fine: 8 + 明杠 1 + 幺九刻 1 (1111m) = 10
    ("robbing_with_own_kong", "[1111m][567p]789p45sEE3s", {"kong_win": True}, None,
     [("robbing_the_kong", 8, 1), ("melded_kong", 1, 1), ("pung_of_terminals_or_honors", 1, 1)], 10, True,
     P(34, -8, -8, -18), {}),
    # three 3s in the own exposed pung: 和绝张 without the flag; + 四归一 2 + 缺一门 1 + 自摸 1 = 8
    ("forced_last_tile_self_drawn", "[333s][567p]789p45sEE3s", {"self_draw": True}, None,
     [("last_tile", 4, 1), ("tile_hog", 2, 1), ("one_voided_suit", 1, 1), ("self_drawn", 1, 1)], 8, True,
     P(48, -16, -16, -16), {}),
    # the flag on top of the forced case still scores 和绝张 once: 4 + 2 + 1 = 7 → below the minimum
    ("forced_last_tile_flag_counts_once", "[333s][567p]789p45sEE3s", {"last_tile": True}, None,
     [("last_tile", 4, 1), ("tile_hog", 2, 1), ("one_voided_suit", 1, 1)], 0, False, ZERO,
     {"reason": "below the 8-point minimum: 7"}),
    # last_tile honoured when the other 3m are two in melds + one unseen: 一色三步高 16 (123 234 345m)
    # + 平和 2 + 边张 1 (12m + 3m, unique) + 和绝张 4 = 23; N pays 31
    ("last_tile_flag_honoured", "[234m][345m]789p55s12m3m", {"last_tile": True}, None,
     [("pure_shifted_chows", 16, 1), ("all_chows", 2, 1), ("edge_wait", 1, 1), ("last_tile", 4, 1)], 23, True,
     P(47, -8, -8, -31), {}),
    # the same hand without the flag (only two 3m in melds: not forced): 19
    ("last_tile_not_forced_by_two", "[234m][345m]789p55s12m3m", {}, None,
     [("pure_shifted_chows", 16, 1), ("all_chows", 2, 1), ("edge_wait", 1, 1)], 19, True, P(43, -8, -8, -27), {}),
    # 海底捞月 on seven pairs (a discard with last_wall is no contradiction): 24 + 8 = 32
    ("seven_pairs_last_tile_claim", "1122m3344p5566sEE", {"last_wall": True}, None,
     [("seven_pairs", 24, 1), ("last_tile_claim", 8, 1)], 32, True, P(56, -8, -8, -40), {}),

    # --- minimum and flowers (docs/rules/mcr.md#the-8-point-minimum-and-flowers, #settlement) ---
    # exactly 8 without flowers is a win
    ("chicken_exactly_eight", CHICKEN, {}, None, [("chicken_hand", 8, 1)], 8, True, P(32, -8, -8, -16), {}),
    # self-drawn chicken = 自摸 1; eight flowers never count toward the minimum
    ("flowers_never_reach_minimum", CHICKEN, {"self_draw": True, "flowers": 8}, None,
     [("self_drawn", 1, 1), ("flower_tiles", 1, 8)], 0, False, ZERO, {"reason": "below the 8-point minimum: 1"}),
    # flowers added after: 8 + 3 = 11; the discarder pays 8 + 11
    ("flowers_added_after", CHICKEN, {"flowers": 3}, None,
     [("chicken_hand", 8, 1), ("flower_tiles", 1, 3)], 11, True, P(35, -8, -8, -19), {}),
    # 7 points + 1 flower is still below the minimum (N = 7, flowers left out)
    ("seven_plus_one_flower_invalid", "[333s][567p]789p45sEE3s", {"flowers": 1}, None,
     [("last_tile", 4, 1), ("tile_hog", 2, 1), ("one_voided_suit", 1, 1), ("flower_tiles", 1, 1)], 0, False,
     ZERO, {"reason": "below the 8-point minimum: 7"}),

    # --- settlement: default discarder = the winner's previous seat (E→S→W→N) ---
    ("discarder_default_for_south_is_east", CHICKEN, {"seat_wind": "S"}, None,
     [("chicken_hand", 8, 1)], 8, True, P(-16, 32, -8, -8), {}),
    ("discarder_default_for_west_is_south", CHICKEN, {"seat_wind": "W"}, None,
     [("chicken_hand", 8, 1)], 8, True, P(-8, -16, 32, -8), {}),
    ("discarder_default_for_north_is_west", CHICKEN, {"seat_wind": "N"}, None,
     [("chicken_hand", 8, 1)], 8, True, P(-8, -8, -16, 32), {}),
    # an explicit discarder pays 8 + total, the two others 8
    ("discarder_explicit", CHICKEN, {"seat_wind": "S", "discarder": "N"}, None,
     [("chicken_hand", 8, 1)], 8, True, P(-8, 32, -8, -16), {}),
    # self-draw: each of the three others pays 8 + total (妙手回春 8, seat W)
    ("self_draw_each_pays", CHICKEN, {"self_draw": True, "last_wall": True, "seat_wind": "W"}, None,
     [("last_tile_draw", 8, 1)], 8, True, P(-16, -16, 48, -16),
     {"excluded": [("self_drawn", "last_tile_draw", "non_repetition")]}),
    # self-draw with flowers: total 10, each pays 18
    ("self_draw_with_flowers", CHICKEN, {"self_draw": True, "last_wall": True, "flowers": 2}, None,
     [("last_tile_draw", 8, 1), ("flower_tiles", 1, 2)], 10, True, P(54, -18, -18, -18), {}),

    # --- presets (docs/rules/mcr.md#rule-presets) ---
    # helper: 明暗杠 5 + 幺九刻 1 + 无字 1 + 单钓将 1 = 8
    ("helper_melded_and_concealed_kong", "[1111m](5555p)234s678s9p9p", {}, "helper",
     [("concealed_kong_and_melded_kong", 5, 1), ("pung_of_terminals_or_honors", 1, 1), ("no_honors", 1, 1),
      ("single_wait", 1, 1)], 8, True, P(32, -8, -8, -16), {"preset": "helper"}),
    # mcr1998: 明杠 1 + 暗杠 2 instead → 6, below the minimum
    ("mcr1998_melded_plus_concealed_kong", "[1111m](5555p)234s678s9p9p", {}, "mcr1998",
     [("melded_kong", 1, 1), ("concealed_kong", 2, 1), ("pung_of_terminals_or_honors", 1, 1),
      ("no_honors", 1, 1), ("single_wait", 1, 1)], 0, False, ZERO,
     {"preset": "mcr1998", "reason": "below the 8-point minimum: 6"}),
    # mcr1998 with a concealed pung: 双暗刻 2 + 明杠 1 + 暗杠 2 + 幺九刻 1 + 无字 1 + 单钓将 1 = 8
    ("mcr1998_kongs_reach_eight", "[1111m](5555p)222s678s9p9p", {}, "mcr1998",
     [("two_concealed_pungs", 2, 1), ("melded_kong", 1, 1), ("concealed_kong", 2, 1),
      ("pung_of_terminals_or_honors", 1, 1), ("no_honors", 1, 1), ("single_wait", 1, 1)], 8, True,
     P(32, -8, -8, -16), {"preset": "mcr1998"}),
    # the same option as a rules object
    ("rules_object_no_kong_pair_fan", "[1111m](5555p)234s678s9p9p", {}, {"concealed_kong_and_melded_kong": False},
     [("melded_kong", 1, 1), ("concealed_kong", 2, 1), ("pung_of_terminals_or_honors", 1, 1),
      ("no_honors", 1, 1), ("single_wait", 1, 1)], 0, False, ZERO, {}),
    # mcr1998: a wait outside the knitted straight keeps its wait fan. 12m + 3m,
    # 3m not one of 147m 258p 369s: 组合龙 12 + 门前清 2 + 边张 1 = 15, as under helper
    ("mcr1998_knitted_edge", "147m258p369s12mEE3m", {}, "mcr1998",
     [("knitted_straight", 12, 1), ("concealed_hand", 2, 1), ("edge_wait", 1, 1)], 15, True,
     P(39, -8, -8, -23), {}),
    # body 258m 369p 147s, 13p + 2p: 组合龙 12 + 门前清 2 + 平和 2 + 嵌张 1 = 17
    ("mcr1998_knitted_closed_outside", "258m13369p14788s2p", {}, "mcr1998",
     [("knitted_straight", 12, 1), ("concealed_hand", 2, 1), ("all_chows", 2, 1), ("closed_wait", 1, 1)], 17,
     True, P(41, -8, -8, -25), {}),
    # 456p 8m waits on 8m alone (the pair): 组合龙 12 + 门前清 2 + 平和 2 + 单钓将 1 = 17
    ("mcr1998_knitted_single_outside", "147m258p369s456p8m8m", {}, "mcr1998",
     [("knitted_straight", 12, 1), ("concealed_hand", 2, 1), ("all_chows", 2, 1), ("single_wait", 1, 1)], 17,
     True, P(41, -8, -8, -25), {}),
    # one meld, C (not a body tile) makes the pair: 组合龙 12 + 五门齐 6 + 圈风刻 2 + 门风刻 2 + 单钓将 1 = 23
    ("mcr1998_knitted_one_meld_pair_outside", "[EEE]147m258p369sCC", {}, "mcr1998",
     [("knitted_straight", 12, 1), ("all_types", 6, 1), ("prevalent_wind", 2, 1), ("seat_wind", 2, 1),
      ("single_wait", 1, 1)], 23, True, P(47, -8, -8, -31), {}),
    # a winning tile of one of the body's nine kinds is a wait inside the knitted straight: no wait fan,
    # and the one helper scores is listed, by 组合龙. 4m (147m) closes 35m: 12 + 2 + 2 = 16 (helper 17)
    ("mcr1998_knitted_closed_inside", "147m258p369s35m88s4m", {}, "mcr1998",
     [("knitted_straight", 12, 1), ("concealed_hand", 2, 1), ("all_chows", 2, 1)], 16, True,
     P(40, -8, -8, -24), {"excluded": [("closed_wait", "knitted_straight", "knitted_straight_wait")]}),
    # 3m (369m) on 1233m: helper's 边张 (which beats 单钓将) is the one listed; 12 + 2 + 平和 2 + 四归一 2
    # (3333m: body + 33m + the 3m of 123m) = 18 (helper 19)
    ("mcr1998_knitted_edge_inside", "147p258s369m1233m3m", {}, "mcr1998",
     [("knitted_straight", 12, 1), ("concealed_hand", 2, 1), ("all_chows", 2, 1), ("tile_hog", 2, 1)], 18,
     True, P(42, -8, -8, -26), {"excluded": [("edge_wait", "knitted_straight", "knitted_straight_wait")]}),
    # one meld, 5s (258s) both body tile and pair: no 单钓将 (helper: 17), listed
    ("mcr1998_knitted_one_meld", "[EEE]147m28s369p55s5s", {}, "mcr1998",
     [("knitted_straight", 12, 1), ("prevalent_wind", 2, 1), ("seat_wind", 2, 1)], 16, True,
     P(40, -8, -8, -24), {"excluded": [("single_wait", "knitted_straight", "knitted_straight_wait")]}),
    # helper (default) keeps the wait inside the body: the same two hands at 17 and 19
    ("helper_knitted_closed_inside", "147m258p369s35m88s4m", {}, None,
     [("knitted_straight", 12, 1), ("concealed_hand", 2, 1), ("all_chows", 2, 1), ("closed_wait", 1, 1)], 17,
     True, P(41, -8, -8, -25), {"preset": "helper"}),
    ("helper_knitted_edge_inside", "147p258s369m1233m3m", {}, None,
     [("knitted_straight", 12, 1), ("concealed_hand", 2, 1), ("all_chows", 2, 1), ("tile_hog", 2, 1),
      ("edge_wait", 1, 1)], 19, True, P(43, -8, -8, -27),
     {"excluded": [("single_wait", "edge_wait", "non_repetition")]}),
    # a hand with neither kongs nor a knitted straight scores the same in both presets: 九莲宝灯 91
    ("mcr1998_nine_gates_unchanged", "1112345678999m5m", {}, "mcr1998",
     [("nine_gates", 88, 1), ("two_concealed_pungs", 2, 1), ("pung_of_terminals_or_honors", 1, 1)], 91, True,
     P(115, -8, -8, -99), {"preset": "mcr1998"}),

    # --- exclusions: the fan that caused each, and its principle (docs/rules/mcr.md#the-five-principles) ---
    # 一色四同顺's 不计 list holds 四归一 and 一般高: non-repetition
    ("quadruple_chow_drops_tile_hog", "[234s]234s234s234s5m5m", {}, None,
     [("quadruple_chow", 48, 1), ("all_chows", 2, 1), ("all_simples", 2, 1), ("one_voided_suit", 1, 1),
      ("single_wait", 1, 1)], 54, True, P(78, -8, -8, -62),
     {"excluded": [("tile_hog", "quadruple_chow", "non_repetition"),
                   ("pure_double_chow", "quadruple_chow", "non_repetition")]}),
    # 清龙 + a fourth 456m: 一般高 is its one extra; 连六 goes by account-once, 连六/老少副 inside 清龙 by
    # non-repetition: 16 + 6 + 1 + 1 = 24
    ("pure_straight_fourth_chow", "[123m]456m789m456mEE", {}, None,
     [("pure_straight", 16, 1), ("half_flush", 6, 1), ("pure_double_chow", 1, 1), ("single_wait", 1, 1)], 24,
     True, P(48, -8, -8, -32),
     {"excluded": [("short_straight", "pure_straight", "non_repetition"),
                   ("two_terminal_chows", "pure_straight", "non_repetition"),
                   ("short_straight", "pure_double_chow", "account_once")]}),
    # cap 3 over 喜相逢 ×2 + 老少副 ×2: one 老少副 trimmed (account once): 4 + 2 + 1 + 1 + 1 = 9
    ("account_once_trims_terminal_chows", "[123m][789m]123s789sEE", {}, None,
     [("outside_hand", 4, 1), ("mixed_double_chow", 1, 2), ("two_terminal_chows", 1, 1),
      ("one_voided_suit", 1, 1), ("single_wait", 1, 1)], 9, True, P(33, -8, -8, -17),
     {"excluded": [("two_terminal_chows", "mixed_double_chow", "account_once")]}),
    # 三风刻 absorbs its three 幺九刻; 圈风刻 + 门风刻 on EEE: 12+6+6+2+2+2+2+1 = 33
    ("big_three_winds_absorbs", "[EEE][SSS]WWWCCC5p5p", {}, None,
     [("big_three_winds", 12, 1), ("all_pungs", 6, 1), ("half_flush", 6, 1), ("dragon_pung", 2, 1),
      ("prevalent_wind", 2, 1), ("seat_wind", 2, 1), ("two_concealed_pungs", 2, 1), ("single_wait", 1, 1)],
     33, True, P(57, -8, -8, -41),
     {"excluded": [("pung_of_terminals_or_honors", "big_three_winds", "non_repetition")]}),
    # 大四喜 drops 圈风刻, 门风刻, 碰碰和, 幺九刻: 88 + 32 + 6 + 2 + 1 = 129, self-drawn seat S
    ("big_four_winds_exclusions", "[SSS][WWW]NNN99pEEE", {"self_draw": True, "seat_wind": "S"}, None,
     [("big_four_winds", 88, 1), ("all_terminals_and_honors", 32, 1), ("half_flush", 6, 1),
      ("two_concealed_pungs", 2, 1), ("self_drawn", 1, 1)], 129, True, P(-137, 411, -137, -137),
     {"excluded": [("prevalent_wind", "big_four_winds", "non_repetition"),
                   ("seat_wind", "big_four_winds", "non_repetition"),
                   ("all_pungs", "big_four_winds", "non_repetition")]}),

    # --- tie-break and partition (docs/rules/mcr.md#choosing-between-readings) ---
    # 123s 123s 44s (边张) ties 234s 234s 11s (嵌张) at 3: the first division is kept
    ("tie_first_division_kept", "[456p]333m1122344s3s", {}, None,
     [("pure_double_chow", 1, 1), ("no_honors", 1, 1), ("edge_wait", 1, 1)], 0, False, ZERO,
     {"partition": ["[456p]", "333m", "123s", "123s", "44s"], "reason": "below the 8-point minimum: 3"}),
    # the partition: melds first, then the concealed sets, then the pair
    ("partition_four_sets", "[123m]456789m555pCC", {"seat_wind": "S"}, None,
     [("pure_straight", 16, 1), ("one_voided_suit", 1, 1), ("single_wait", 1, 1)], 18, True,
     P(-26, 42, -8, -8), {"partition": ["[123m]", "456m", "789m", "555p", "CC"]}),
    # the knitted-straight form: the nine-tile body is part of the partition
    ("partition_knitted_straight", "147m258p369sEEECC", {}, None,
     [("knitted_straight", 12, 1), ("all_types", 6, 1), ("prevalent_wind", 2, 1), ("seat_wind", 2, 1),
      ("concealed_hand", 2, 1), ("single_wait", 1, 1)], 25, True, P(49, -8, -8, -33),
     {"partition": ["147m258p369s", "EEE", "CC"]}),
    # seven pairs: four of a kind is two pairs (docs/rules/mcr.md#the-winning-shapes, shape 2)
    ("partition_seven_pairs_four_alike", "2222m3355p7788s9s9s", {}, None,
     [("seven_pairs", 24, 1), ("tile_hog", 2, 1), ("no_honors", 1, 1)], 27, True, P(51, -8, -8, -35),
     {"partition": ["22m", "22m", "33p", "55p", "77s", "88s", "99s"]}),
]


@pytest.mark.parametrize(("hand", "context", "rules", "fans", "total", "valid", "payments", "extra"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_case(hand, context, rules, fans, total, valid, payments, extra):
    r = score("mcr", hand, context, rules)
    if fans is not None:
        assert _fans(r) == Counter(fans)
    assert r.total == total
    assert r.valid is valid
    assert r.payments == payments and sum(r.payments.values()) == 0
    if "reason" in extra:
        assert r.reason == extra["reason"]
    elif valid:
        assert r.reason is None
    for fan, by, principle in extra.get("excluded", []):
        assert any(e.id == fan and e.by == by and e.principle == principle for e in r.excluded), (fan, by, principle)
    if "preset" in extra:
        assert r.rules["preset"] == extra["preset"]
    if "partition" in extra:
        assert r.partition == extra["partition"]


# --------------------------------------------------------------------------------------------
# Whole-result properties

def _tiles_in(text: str) -> int:
    n = digits = 0
    for ch in re.sub(r"[\[\](){},]", "", text):
        if ch.isdigit():
            digits += 1
        elif ch in "mps":
            n, digits = n + digits, 0
        elif ch in "ESWNCFP":
            n += 1
    return n


PROPERTY_HANDS = [
    ("19m19p119sESWNCFP", {}), ("1112345678999p9p", {}), ("25m369p14sESWNCFP", {"self_draw": True}),
    ("[EEE]147m28s369p55s5s", {}), ("(5555m)147m258p369s5s5s", {}), ("3334566m666s666p6m", {}),
    ("[1111m][2222p](3333s)EEESS", {}), ("2233445566778s8s", {}), ("[234s][567s]234p567p5m5m", {}),
]


@pytest.mark.parametrize(("hand", "context"), PROPERTY_HANDS, ids=[h for h, _ in PROPERTY_HANDS])
def test_partition_covers_the_hand_and_exclusions_name_a_standing_fan(hand, context):
    # every exclusion names its principle and the fan that caused it (a fan that is scored)
    r = score("mcr", hand, context)
    assert sum(_tiles_in(p) for p in r.partition) == 14 + r.details["kongs"]
    scored = {i.id for i in r.items}
    for e in r.excluded:
        assert e.principle in PRINCIPLES and e.by in scored, e


def test_rules_echo_default_preset():
    # docs/rules/mcr.md#rule-presets: helper is the default, and the result echoes the preset used
    r = score("mcr", CHICKEN)
    assert r.rules["preset"] == "helper" and r.rules["concealed_kong_and_melded_kong"] is True
    assert score("mcr", CHICKEN, rules="mcr1998").rules["knitted_straight_waits"] is False


def test_not_a_winning_hand():
    r = score("mcr", "123456789m123p5s9s")
    assert r.valid is False and r.total == 0 and r.payments == ZERO and r.reason


def test_tie_break_statement():
    # docs/rules/mcr.md#choosing-between-readings: the tie-break rule is stated with the result
    r = score("mcr", "3334566m666s666p6m")
    assert r.tie_break == "ties with an earlier reading: a later division holding 三同刻 replaces it"
    # the general rule, which each reading tying the chosen one quotes under explain
    assert "一色三同顺" in TIE_BREAK and "三同刻" in TIE_BREAK and "seven-pairs" in TIE_BREAK
    # 三同刻 + 双暗刻 (22) replaces the earlier 三暗刻 + 双同刻 (22)
    assert _fans(r) == Counter([("triple_pung", 16, 1), ("concealed_hand", 2, 1), ("two_concealed_pungs", 2, 1),
                                ("all_simples", 2, 1)])
    assert r.total == 22 and r.partition == ["345m", "666m", "666p", "666s", "33m"]


def test_explain_readings_tie_and_chosen():
    # 三暗刻 + 双同刻 (333m 456m 666s 666p + 66m, 22) ties the chosen 三同刻 reading
    r = score("mcr", "3334566m666s666p6m", explain=True)
    chosen = [v for v in r.readings if v.chosen]
    assert len(chosen) == 1 and chosen[0].total == 22
    assert "triple_pung" in {i.id for i in chosen[0].items}
    tied = [v for v in r.readings if not v.chosen and v.total == 22]
    assert tied and all(v.note and TIE_BREAK in v.note for v in tied)
    assert any("three_concealed_pungs" in {i.id for i in v.items} for v in tied)


def test_explain_knitted_straight_reading_shows_the_body():
    r = score("mcr", "147s2333469m258p3m", explain=True)
    assert len(r.readings) == 1 and r.readings[0].shape == "knitted_straight"
    assert r.readings[0].partition == ["369m258p147s", "234m", "33m"] == r.partition
    assert r.readings[0].total == 19  # a checked example of the rule specification: 12 + 2 + 2 + 2 + 1


def test_claim_excluded_tile_hog_names_principle():
    r = score("mcr", "[234s]234s234s234s5m5m", claim=["quadruple_chow", "tile_hog", 56])
    status = {c.id: c for c in r.verdict.items}
    assert status["quadruple_chow"].status == "confirmed"
    assert status["tile_hog"].status == "excluded" and status["tile_hog"].by == "quadruple_chow"
    assert status["tile_hog"].principle == "non_repetition"
    assert r.verdict.computed_total == 54 and r.verdict.total_agrees is False
    assert r.verdict.summary.startswith("The claim does not stand")


def test_claim_other_reading_lower_total_is_high_over_low():
    # [234s]222s333s444s+55m reads 一色三节高 (50) but the 一色四同顺 reading (54) wins
    r = score("mcr", "[234s]234s234s234s5m5m", claim=["pure_shifted_pungs"])
    c = r.verdict.items[0]
    assert c.status == "not_present" and "high over low" in c.why and "50" in c.why


def test_claim_upheld_with_flowers():
    r = score("mcr", CHICKEN, {"flowers": 3}, claim=["chicken_hand", "flower_tiles", 11])
    assert r.verdict.summary.startswith("The claim is upheld") and r.verdict.missed == []
