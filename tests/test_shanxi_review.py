"""Independent review of the Shanxi Koudian variant against its rules, docs/rules/shanxi.md.

Every expectation below was computed by hand from the rules (never copied from the scorer's output);
a comment names the section of the page that holds its rule, ``(#payments)``, and the rule option
whose default it relies on. It concentrates on what fixtures/shanxi/cases.json does not already pin
(SW4 is a case of that file): the order of docs/rules/shanxi.md#errors between neighbouring codes,
context validation corners, honour points, 一条龙 / 清一色 / 豪华 edge cases, the max over
interpretations, the mouse game, and the payment options (dealer bonus, 包杠, 点杠包杠, ,N).
"""

from __future__ import annotations

import pytest

import scorer
from scorer import score

V = "shanxi"


def TP(p: int) -> tuple:
    return ("tile_point", "胡牌点数", p, 1, 1)


SD = ("self_draw", "自摸", 0, 2, 1)
QXD = ("qixiaodui", "七小对", 0, 2, 1)
HH = ("haohua", "豪华", 0, 4, 1)
QYS = ("qingyise", "清一色", 0, 2, 1)
YTL = ("yitiaolong", "一条龙", 0, 2, 1)
SSY = ("shisanyao", "十三幺", 0, 2, 1)
ZERO = {"E": 0, "S": 0, "W": 0, "N": 0}


def pay(**kw: int) -> dict[str, int]:
    return {**ZERO, **kw}


def K(tile: str, kind: str, share: int, paid_by: str = "three") -> dict:
    return {"tile": tile, "kind": kind, "share": share, "paid_by": paid_by}


def ok(total: int, point: int, mult: int, items: list, payments: dict, bao: str | None = None,
       kongs: list | None = None) -> dict:
    return {"valid": True, "total": total, "point": point, "multiplier": mult, "items": items,
            "payments": payments, "bao": bao, "kongs": kongs or []}


def bad(code: str) -> dict:
    return {"valid": False, "reason_code": code, "total": 0, "items": [], "payments": ZERO}


SW1 = "[222m]345s678s11z56p7p"          # waits {4p, 7p}, wins on 7p
KONGS2 = "{5555z}(9999m)123p789p6s6s"    # added P kong (K 10), concealed 9m kong (2K 18), wins on 6s
SW11 = "[7777p](1111z)234s88m567s"

# (id, hand, context, rules, expect)
CASES = [
    # --- input errors (#context, #errors) --------------------------------------------------------
    # dealer alias must equal seat_wind == "E" (#context)
    ("dealer_alias_false_for_E", SW1, {"seat_wind": "E", "self_draw": True, "dealer": False}, None,
     "invalid_context"),
    # a win_tile naming another tile (7z = C, the hand ends on 5z = P) (#context)
    ("win_tile_7z_is_C", "[999p]123s456s77m555z", {"seat_wind": "W", "discarder": "E", "win_tile": "7z"},
     None, "invalid_context"),
    # unknown seat for the discarder (#context)
    ("discarder_unknown_seat", SW1, {"seat_wind": "S", "discarder": "X"}, None, "invalid_context"),
    # unknown wind in round_wind (#context)
    ("round_wind_unknown", SW1, {"seat_wind": "S", "self_draw": True, "round_wind": "X"}, None,
     "invalid_context"),
    # a robbed kong (kong_win off a discard) still needs the discarder (#context)
    ("robbed_kong_without_discarder", SW1, {"seat_wind": "S", "kong_win": True}, None, "invalid_context"),
    # wild must be a tile of the 136-tile set (#context)
    ("wild_8z_unknown", SW1, {"seat_wind": "S", "self_draw": True, "wild": "8z"}, None, "invalid_context"),
    # under 点杠包杠 a kong_from key must name a [xxxx] kong, not a concealed one (#context)
    ("kong_from_names_concealed_kong", "(7777z)234m567m11p444z",
     {"seat_wind": "W", "self_draw": True, "dian_gang_bao_gang": True, "kong_from": {"C": {"seat": "N"}}},
     None, "invalid_context"),
    # ... nor a pung (#context)
    ("kong_from_names_pung", "[888s]234m567m11p444z",
     {"seat_wind": "W", "self_draw": True, "dian_gang_bao_gang": True, "kong_from": {"8s": {"seat": "E"}}},
     None, "invalid_context"),
    # ,1 of the dealer E is N; kong_from says S -> disagreement (#context)
    ("comma_n_disagrees_for_E", "[8888s,1]234m567m11p444z",
     {"seat_wind": "E", "self_draw": True, "dian_gang_bao_gang": True, "kong_from": {"8s": {"seat": "S"}}},
     None, "invalid_context"),
    # 15 tiles (#errors)
    ("fifteen_tiles", SW1 + "7p", {"seat_wind": "S", "self_draw": True}, None, "invalid_hand"),
    # a fifth copy counting the kong (#errors)
    ("fifth_copy_with_kong", "[7777p]7p23s456s789m11s", {"seat_wind": "S", "self_draw": True}, None,
     "invalid_hand"),
    # input errors come before chow_not_allowed (#errors)
    ("context_error_before_chow", "[123m]456m789p22s67s8s", {"seat_wind": "S", "self_draw": True, "flowers": 2},
     None, "invalid_context"),

    # --- the invalid wins, in the order of #errors -------------------------------------------------
    # chow_not_allowed before wild_in_meld (#errors)
    ("chow_before_wild_in_meld", "[789s]123m456m11p99p9p", {"seat_wind": "S", "self_draw": True, "wild": "8s"},
     None, bad("chow_not_allowed")),
    # wild_in_meld before not_declared; the mouse kind in a concealed kong (#errors)
    ("wild_in_meld_before_not_declared", "(5555z)123m456m789p1s1s",
     {"seat_wind": "S", "self_draw": True, "wild": "5z", "declared": False}, None, bad("wild_in_meld")),
    # the mouse kind in an exposed kong (#what-wins, "The mouse game")
    ("wild_in_exposed_kong", "[9999s]123m456m789p1z1z", {"seat_wind": "S", "self_draw": True, "wild": "9s"},
     None, bad("wild_in_meld")),
    # not_declared before passed_win (#errors)
    ("not_declared_before_passed_win", SW1,
     {"seat_wind": "S", "discarder": "W", "declared": False, "passed_win": True}, None, bad("not_declared")),
    # passed_win before not_a_winning_hand (#errors)
    ("passed_win_before_no_structure", "123m456m789p22s67s9s",
     {"seat_wind": "S", "discarder": "W", "passed_win": True}, None, bad("passed_win")),
    # not_a_winning_hand before wild_discard (#errors)
    ("no_structure_before_wild_discard", "123m456m789p13s67s5z",
     {"seat_wind": "S", "discarder": "W", "wild": "5z"}, None, bad("not_a_winning_hand")),
    # wild_discard before declare_wait_too_low: waits {1s, 4s} are all low (#errors)
    ("wild_discard_before_wait_too_low", "123m456m789p11s23s5z",
     {"seat_wind": "S", "discarder": "W", "wild": "5z"}, None, bad("wild_discard")),
    # the same hand with the mouse self-drawn: waits {1s, 4s}, the natural P no wait (#what-wins, "The mouse
    # game"; wild_kind_as_wait)
    ("mouse_self_draw_low_waits", "123m456m789p11s23s5z", {"seat_wind": "S", "self_draw": True, "wild": "5z"},
     None, bad("declare_wait_too_low")),
    # declare_wait_too_low before point_too_low: single wait 2p (#errors)
    ("wait_too_low_before_point_too_low", "[555z]123m456m789m2p2p", {"seat_wind": "S", "self_draw": True},
     None, bad("declare_wait_too_low")),
    # a 1-point tile, declarable (waits 1s 4s 7s), self-drawn: point_too_low (#what-wins, "Conditions")
    ("one_point_self_draw", "[111z]23456s99p777m1s", {"seat_wind": "S", "self_draw": True}, None,
     bad("point_too_low")),
    # a robbed kong is a discard win: a 5-point tile is self_draw_only (#context, #what-wins)
    ("robbed_kong_five_points", "[111z]55s678s99p777m5s",
     {"seat_wind": "N", "discarder": "W", "kong_win": True, "discarder_declared": True}, None,
     bad("self_draw_only")),
    # seven pairs have no melds (two melds + four pairs is no structure) (#what-wins)
    ("seven_pairs_no_melds", "[222m][333p]11s55s77s99s", {"seat_wind": "S", "self_draw": True}, None,
     bad("not_a_winning_hand")),
    # honours form no chow (#what-wins)
    ("honour_chow_is_no_set", "123z456m789m11p999s", {"seat_wind": "S", "self_draw": True}, None,
     bad("not_a_winning_hand")),

    # --- the winning point (#tile-point) ----------------------------------------------------------
    # dealer=true with seat E is fine; 7p self-drawn by the dealer: 14 each (#context)
    ("dealer_alias_true", SW1, {"seat_wind": "E", "self_draw": True, "dealer": True}, None,
     ok(14, 7, 1, [TP(7), SD], pay(E=42, S=-14, W=-14, N=-14))),
    # win_tile "P" names 5z (White), the last concealed tile; SW4 figures (#context)
    ("win_tile_P_is_5z", "[999p]123s456s77m555z",
     {"seat_wind": "W", "discarder": "E", "discarder_declared": True, "win_tile": "P"}, None,
     ok(10, 10, 1, [TP(10)], pay(E=-10, S=-10, W=30, N=-10))),
    # the Green dragon F (6z) scores 10 (#tile-point)
    ("green_dragon_10", "[999p]123s456s77m666z", {"seat_wind": "W", "discarder": "E", "discarder_declared": True},
     None, ok(10, 10, 1, [TP(10)], pay(E=-10, S=-10, W=30, N=-10))),
    # the North wind scores 10; dealer wins off undeclared S: 包胡 3x10 (#tile-point)
    ("north_wind_10_baohu", "[999p]123s456s77m444z", {"seat_wind": "E", "discarder": "S"}, None,
     ok(10, 10, 1, [TP(10)], pay(E=30, S=-30), bao="S")),
    # P is the winning tile (6p), not the best wait (9p) (#tile-point; hu_point)
    ("point_is_winning_tile", "[222m]345s678s11z78p6p",
     {"seat_wind": "S", "discarder": "E", "discarder_declared": True}, None,
     ok(6, 6, 1, [TP(6)], pay(E=-6, S=18, W=-6, N=-6))),

    # --- the pattern factors (#items) --------------------------------------------------------------
    # 豪华 with an honour quad EEEE: 七小对 x 豪华 = 8; 7 x 8 = 56 each (#items)
    ("haohua_honour_quad", "1111z22m44p55p66s7s7s",
     {"seat_wind": "W", "discarder": "N", "discarder_declared": True}, None,
     ok(56, 7, 8, [TP(7), QXD, HH], pay(E=-56, S=-56, W=168, N=-56))),
    # 清一色 with a concealed 1m kong (no 123 chow, so no 一条龙): 8x2x2=32, kong 2 each (#qingyise, #payments)
    ("qingyise_with_concealed_kong", "(1111m)234m567m999m88m", {"seat_wind": "E", "self_draw": True}, None,
     ok(32, 8, 2, [TP(8), QYS, SD], pay(E=102, S=-34, W=-34, N=-34), kongs=[K("1m", "concealed", 2)])),
    # 111 234 456 789 is no 一条龙 (needs 123 456 789) (#items)
    ("no_long_without_123", "111m234m456m789m99p", {"seat_wind": "S", "self_draw": True}, None,
     ok(18, 9, 1, [TP(9), SD], pay(E=-18, S=54, W=-18, N=-18))),
    # 123m 456p 789s is no 一条龙 (one suit) (#items)
    ("no_long_across_suits", "123m456p789s555z11z", {"seat_wind": "W", "discarder": "S", "discarder_declared": True},
     None, ok(10, 10, 1, [TP(10)], pay(E=-10, S=-10, W=30, N=-10))),
    # an honour pung breaks 清一色 (#items)
    ("no_flush_with_honours", "[555p]123p678p99p11z1z",
     {"seat_wind": "S", "discarder": "N", "discarder_declared": True}, None,
     ok(10, 10, 1, [TP(10)], pay(E=-10, S=30, W=-10, N=-10))),
    # max over interpretations: seven pairs x 清一色 = 4 beats standard 清一色 = 2 (#items)
    ("max_over_interpretations", "11223344556677s", {"seat_wind": "S", "self_draw": True}, None,
     ok(56, 7, 4, [TP(7), QXD, QYS, SD], pay(E=-56, S=168, W=-56, N=-56))),
    # the quad is completed by the winning tile; 包胡 by undeclared E: 3 x 72 (#items)
    ("haohua_completed_by_win", "999s11s33s55s77s88p9s", {"seat_wind": "S", "discarder": "E"}, None,
     ok(72, 9, 8, [TP(9), QXD, HH], pay(E=-216, S=216), bao="E")),
    # 豪华金七小对 off a declared discarder: M 16, 8 x 16 = 128 each (#items)
    ("haohua_jin_discard", "1111s33s55s77s99s88s", {"seat_wind": "N", "discarder": "W", "discarder_declared": True},
     None, ok(128, 8, 16, [TP(8), QXD, HH, QYS], pay(E=-128, S=-128, W=-128, N=384))),
    # 清一色一条龙 self-drawn by the dealer: 9 x 4 x 2 = 72; items in the order of the page (#items;
    # stack_qingyise_yitiaolong)
    ("qingyise_long_self_draw", "123s456s78s55s777s9s", {"seat_wind": "E", "self_draw": True}, None,
     ok(72, 9, 4, [TP(9), QYS, YTL, SD], pay(E=216, S=-72, W=-72, N=-72))),
    # 十三幺 with the option, self-drawn: 10 x 2 x 2 = 40 (#shisanyao; thirteen_orphans_factor)
    ("thirteen_orphans_self_draw", "19m19p19s1234567z1z", {"seat_wind": "S", "self_draw": True,
                                                           "thirteen_orphans": True}, None,
     ok(40, 10, 2, [TP(10), SSY, SD], pay(E=-40, S=120, W=-40, N=-40))),

    # --- the mouse game (#what-wins) -----------------------------------------------------------------
    # M = 1 in a mouse game, 十三幺 included (9s is the mouse standing for 9s) (#what-wins, "The mouse game")
    ("mouse_game_no_thirteen_bonus", "19m19p19s1234567z1z",
     {"seat_wind": "S", "self_draw": True, "thirteen_orphans": True, "wild": "9s"}, None,
     ok(20, 10, 1, [TP(10), SD], pay(E=-20, S=60, W=-20, N=-20))),
    # no bonus in the whole mouse game, even with no mouse in the hand (金七小对 x1) (#what-wins, "The mouse
    # game"; mouse_no_bonus)
    ("mouse_game_without_mouse", "11p22p55p66p77p88p99p", {"seat_wind": "W", "self_draw": True, "wild": "E"},
     None, ok(18, 9, 1, [TP(9), SD], pay(E=-18, S=-18, W=54, N=-18))),
    # self-drawn mouse; the other mouse pairs with any tile, so an honour wait: P 10 (#tile-point)
    ("mouse_single_wait_any_tile", "123m456m789p222s5z5z", {"seat_wind": "S", "self_draw": True, "wild": "5z"},
     None, ok(20, 10, 1, [TP(10), SD], pay(E=-20, S=60, W=-20, N=-20))),
    # self-drawn mouse 9s; waits {6s, 9s} where 9s is the wild kind as a natural tile: P 9 (#what-wins, "The
    # mouse game"; wild_kind_as_wait)
    ("wild_kind_is_best_wait", "123m456m789p78s11z9s", {"seat_wind": "S", "self_draw": True, "wild": "9s"},
     None, ok(18, 9, 1, [TP(9), SD], pay(E=-18, S=54, W=-18, N=-18))),
    # seven pairs with a self-drawn mouse; the remaining mouse pairs with anything: P 10, M 1 (#what-wins,
    # "The mouse game")
    ("mouse_seven_pairs_self_draw", "11m33m55p22s88s77p6z6z", {"seat_wind": "N", "self_draw": True, "wild": "6z"},
     None, ok(20, 10, 1, [TP(10), SD], pay(E=-20, S=-20, W=-20, N=60))),

    # --- payments (#payments) -------------------------------------------------------------------
    # dealer wins off undeclared W with bonus 5: W pays 3 x (7+5) = 36 (#payments)
    ("bonus_dealer_wins_baohu", SW1, {"seat_wind": "E", "discarder": "W", "dealer_bonus": 5}, None,
     ok(7, 7, 1, [TP(7)], pay(E=36, W=-36), bao="W")),
    # S wins off declared W, bonus 5: only E's share gets it: E 12, W 7, N 7 (#payments)
    ("bonus_only_dealer_share", SW1, {"seat_wind": "S", "discarder": "W", "discarder_declared": True,
                                      "dealer_bonus": 5}, None,
     ok(7, 7, 1, [TP(7)], pay(E=-12, S=26, W=-7, N=-7))),
    # kong shares never get the bonus: E 14+5+7+20 = 46 (#payments)
    ("bonus_not_on_kongs", SW11, {"seat_wind": "S", "self_draw": True, "dealer_bonus": 5}, None,
     ok(14, 7, 1, [TP(7), SD], pay(E=-46, S=128, W=-41, N=-41),
        kongs=[K("7p", "exposed", 7), K("E", "concealed", 20)])),
    # the dealer himself is the 包胡 discarder: (7+5)+7+7 = 26 (#payments)
    ("bonus_dealer_is_bao", SW1, {"seat_wind": "N", "discarder": "E", "dealer_bonus": 5}, None,
     ok(7, 7, 1, [TP(7)], pay(E=-26, N=26), bao="E")),
    # 包胡包杠 incl. the added kong; dealer winner, bonus on the win only: N pays 3x(6+5) + 3x10 + 3x18 = 117
    # (#payments; added_kong, baohu_includes_kongs)
    ("baogang_added_kong_bonus", KONGS2, {"seat_wind": "E", "discarder": "N", "dealer_bonus": 5}, None,
     ok(6, 6, 1, [TP(6)], pay(E=117, N=-117), bao="N",
        kongs=[K("P", "added", 10, "N"), K("9m", "concealed", 18, "N")])),
    # self-draw with an added kong (K) and a concealed kong (2K): 12 + 10 + 18 each (#payments)
    ("self_draw_added_and_concealed", KONGS2, {"seat_wind": "N", "self_draw": True}, None,
     ok(12, 6, 1, [TP(6), SD], pay(E=-40, S=-40, W=-40, N=120),
        kongs=[K("P", "added", 10), K("9m", "concealed", 18)])),
    # 杠上开花 (kong_win self-drawn) with an added kong: no bonus, as above (#context)
    ("kong_flower_added_kong", KONGS2, {"seat_wind": "N", "self_draw": True, "kong_win": True}, None,
     ok(12, 6, 1, [TP(6), SD], pay(E=-40, S=-40, W=-40, N=120),
        kongs=[K("P", "added", 10), K("9m", "concealed", 18)])),
    # 点杠包杠 on a self-draw: the undeclared feeder N pays 3 x 10 besides his win share (#payments)
    ("dgbg_self_draw_feeder_pays", "[7777z]234m567m11p444z",
     {"seat_wind": "W", "self_draw": True, "dian_gang_bao_gang": True, "kong_from": {"C": {"seat": "N"}}}, None,
     ok(20, 10, 1, [TP(10), SD], pay(E=-20, S=-20, W=90, N=-50), kongs=[K("C", "exposed", 10, "N")])),
    # under 点杠包杠 a concealed kong is shared and 包杠 is off: S pays 30 + 20 (#payments)
    ("dgbg_concealed_shared_no_baogang", "(7777z)234m567m11p444z",
     {"seat_wind": "W", "discarder": "S", "dian_gang_bao_gang": True}, None,
     ok(10, 10, 1, [TP(10)], pay(E=-20, S=-50, W=90, N=-20), bao="S", kongs=[K("C", "concealed", 20)])),
    # ,3 of W is N (下家); E pays the win (包胡 30), N the fed kong (24) (#payments, #context)
    ("dgbg_feeder_not_discarder", "[8888s,3]234m567m11p444z",
     {"seat_wind": "W", "discarder": "E", "dian_gang_bao_gang": True}, None,
     ok(10, 10, 1, [TP(10)], pay(E=-30, W=54, N=-24), bao="E", kongs=[K("8s", "exposed", 8, "N")])),
    # without the option ,N is not read; 包杠 by the discarder E: 30 + 24 (#payments)
    ("comma_n_ignored_without_option", "[8888s,3]234m567m11p444z", {"seat_wind": "W", "discarder": "E"}, None,
     ok(10, 10, 1, [TP(10)], pay(E=-54, W=54), bao="E", kongs=[K("8s", "exposed", 8, "E")])),
    # ,2 of W is E (对家): E pays 20 + 24 on a self-draw (#context)
    ("dgbg_comma_2", "[8888s,2]234m567m11p444z", {"seat_wind": "W", "self_draw": True, "dian_gang_bao_gang": True},
     None, ok(20, 10, 1, [TP(10), SD], pay(E=-44, S=-20, W=84, N=-20), kongs=[K("8s", "exposed", 8, "E")])),
    # ,1 of the dealer E is N, agreeing with kong_from: N pays 20 + 24 (#context)
    ("dgbg_comma_1_for_dealer", "[8888s,1]234m567m11p444z",
     {"seat_wind": "E", "self_draw": True, "dian_gang_bao_gang": True, "kong_from": {"8s": {"seat": "N"}}}, None,
     ok(20, 10, 1, [TP(10), SD], pay(E=84, S=-20, W=-20, N=-44), kongs=[K("8s", "exposed", 8, "N")])),
    # a robbed kong from a declared player: the three share (#payments; robbed_kong_as)
    ("robbed_kong_declared_shared", SW1, {"seat_wind": "S", "discarder": "N", "kong_win": True,
                                          "discarder_declared": True}, None,
     ok(7, 7, 1, [TP(7)], pay(E=-7, S=21, W=-7, N=-7))),
    # a robbed kong from an undeclared player: 包胡 27 + 包杠 18 (#payments; robbed_kong_as)
    ("robbed_kong_baohu_baogang", "[6666m]123p456p777z9s9s", {"seat_wind": "W", "discarder": "N", "kong_win": True},
     None, ok(9, 9, 1, [TP(9)], pay(W=45, N=-45), bao="N", kongs=[K("6m", "exposed", 6, "N")])),
    # kongs are listed in notation order (#payments)
    ("kongs_in_notation_order", "(1111z)[7777p]234s88m567s", {"seat_wind": "S", "self_draw": True}, None,
     ok(14, 7, 1, [TP(7), SD], pay(E=-41, S=123, W=-41, N=-41),
        kongs=[K("E", "concealed", 20), K("7p", "exposed", 7)])),
    # on a self-draw discarder_declared plays no part (#payments)
    ("self_draw_ignores_discarder_declared", SW1, {"seat_wind": "S", "self_draw": True, "discarder_declared": True},
     None, ok(14, 7, 1, [TP(7), SD], pay(E=-14, S=42, W=-14, N=-14))),
    # a robbed kong is not a self-draw, so 过胡 forbids it (#what-wins, "Conditions"; robbed_kong_as)
    ("passed_win_robbed_kong", SW1, {"seat_wind": "S", "discarder": "N", "kong_win": True, "passed_win": True},
     None, bad("passed_win")),
    # 杠上开花 with a concealed C kong: no bonus; 20 + 20 each (#context)
    ("kong_flower_concealed", "(7777z)234m567m11p444z", {"seat_wind": "W", "self_draw": True, "kong_win": True},
     None, ok(20, 10, 1, [TP(10), SD], pay(E=-40, S=-40, W=120, N=-40), kongs=[K("C", "concealed", 20)])),
    # a non-dealer self-draw with bonus 5: only E pays 14 + 5 (#payments)
    ("bonus_non_dealer_self_draw", SW1, {"seat_wind": "S", "self_draw": True, "dealer_bonus": 5}, None,
     ok(14, 7, 1, [TP(7), SD], pay(E=-19, S=47, W=-14, N=-14))),
    # an explicit null discarder on a self-draw is no error (#context)
    ("null_discarder_self_draw", SW1, {"seat_wind": "S", "self_draw": True, "discarder": None}, None,
     ok(14, 7, 1, [TP(7), SD], pay(E=-14, S=42, W=-14, N=-14))),
    # wild "C" is the kind 7z: the last 7z is a self-drawn mouse, waits {6s, 9s}: P 9 (#context, #tile-point)
    ("wild_as_letter", "123m456m789p78s11z7z", {"seat_wind": "S", "self_draw": True, "wild": "C"}, None,
     ok(18, 9, 1, [TP(9), SD], pay(E=-18, S=54, W=-18, N=-18))),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_review(case):
    _id, hand, ctx, rules, expect = case
    if isinstance(expect, str):
        with pytest.raises(scorer.errors.HandError) as err:
            score(V, hand, ctx, rules)
        assert err.value.code == expect
        return
    r = score(V, hand, ctx, rules).as_dict()
    for key, want in expect.items():
        if key == "items":
            got = [(i["id"], i["name_zh"], i["points"], i["factor"], i["count"]) for i in r["items"]]
            assert got == [tuple(x) for x in want], key
        else:
            assert r[key] == want, key
    assert sum(r["payments"].values()) == 0


def test_review_case_count():
    assert len(CASES) >= 40
