"""Independent review of the Shanxi Koudian variant against shared/spec/shanxi.md.

Every expectation below was computed by hand from the spec (never copied from the scorer's output).
It concentrates on what fixtures/shanxi/cases.json does not already pin: the §4 check order between
neighbouring codes, context validation corners, honour points, 一条龙 / 清一色 / 豪华 edge cases, the
max over interpretations, the mouse game, and the payment options (dealer bonus, 包杠, 点杠包杠, ,N).
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
    # --- §3 / §4.1-4.2 input errors --------------------------------------------------------------
    # spec §3: dealer alias must equal seat_wind == "E"
    ("dealer_alias_false_for_E", SW1, {"seat_wind": "E", "self_draw": True, "dealer": False}, None,
     "invalid_context"),
    # spec §3: a win_tile naming another tile (7z = C, the hand ends on 5z = P)
    ("win_tile_7z_is_C", "[999p]123s456s77m555z", {"seat_wind": "W", "discarder": "E", "win_tile": "7z"},
     None, "invalid_context"),
    # spec §4.2: unknown seat for the discarder
    ("discarder_unknown_seat", SW1, {"seat_wind": "S", "discarder": "X"}, None, "invalid_context"),
    # spec §4.2: unknown wind in round_wind
    ("round_wind_unknown", SW1, {"seat_wind": "S", "self_draw": True, "round_wind": "X"}, None,
     "invalid_context"),
    # spec §4.2: a robbed kong (kong_win off a discard) still needs the discarder
    ("robbed_kong_without_discarder", SW1, {"seat_wind": "S", "kong_win": True}, None, "invalid_context"),
    # spec §4.2: wild must be a tile of the 136-tile set
    ("wild_8z_unknown", SW1, {"seat_wind": "S", "self_draw": True, "wild": "8z"}, None, "invalid_context"),
    # spec §3: under 点杠包杠 a kong_from key must name a [xxxx] kong, not a concealed one
    ("kong_from_names_concealed_kong", "(7777z)234m567m11p444z",
     {"seat_wind": "W", "self_draw": True, "dian_gang_bao_gang": True, "kong_from": {"C": {"seat": "N"}}},
     None, "invalid_context"),
    # spec §3: ... nor a pung
    ("kong_from_names_pung", "[888s]234m567m11p444z",
     {"seat_wind": "W", "self_draw": True, "dian_gang_bao_gang": True, "kong_from": {"8s": {"seat": "E"}}},
     None, "invalid_context"),
    # spec §3: ,1 of the dealer E is N; kong_from says S -> disagreement
    ("comma_n_disagrees_for_E", "[8888s,1]234m567m11p444z",
     {"seat_wind": "E", "self_draw": True, "dian_gang_bao_gang": True, "kong_from": {"8s": {"seat": "S"}}},
     None, "invalid_context"),
    # spec §4.1: 15 tiles
    ("fifteen_tiles", SW1 + "7p", {"seat_wind": "S", "self_draw": True}, None, "invalid_hand"),
    # spec §4.1: a fifth copy counting the kong
    ("fifth_copy_with_kong", "[7777p]7p23s456s789m11s", {"seat_wind": "S", "self_draw": True}, None,
     "invalid_hand"),
    # spec §4 order: input errors (2) come before chow_not_allowed (3)
    ("context_error_before_chow", "[123m]456m789p22s67s8s", {"seat_wind": "S", "self_draw": True, "flowers": 2},
     None, "invalid_context"),

    # --- §4.3-4.11 check order between neighbours -------------------------------------------------
    # spec §4: chow_not_allowed (3) before wild_in_meld (4)
    ("chow_before_wild_in_meld", "[789s]123m456m11p99p9p", {"seat_wind": "S", "self_draw": True, "wild": "8s"},
     None, bad("chow_not_allowed")),
    # spec §4: wild_in_meld (4) before not_declared (5); the mouse kind in a concealed kong
    ("wild_in_meld_before_not_declared", "(5555z)123m456m789p1s1s",
     {"seat_wind": "S", "self_draw": True, "wild": "5z", "declared": False}, None, bad("wild_in_meld")),
    # spec §9.1: the mouse kind in an exposed kong
    ("wild_in_exposed_kong", "[9999s]123m456m789p1z1z", {"seat_wind": "S", "self_draw": True, "wild": "9s"},
     None, bad("wild_in_meld")),
    # spec §4: not_declared (5) before passed_win (6)
    ("not_declared_before_passed_win", SW1,
     {"seat_wind": "S", "discarder": "W", "declared": False, "passed_win": True}, None, bad("not_declared")),
    # spec §4: passed_win (6) before not_a_winning_hand (7)
    ("passed_win_before_no_structure", "123m456m789p22s67s9s",
     {"seat_wind": "S", "discarder": "W", "passed_win": True}, None, bad("passed_win")),
    # spec §4: not_a_winning_hand (7) before wild_discard (8)
    ("no_structure_before_wild_discard", "123m456m789p13s67s5z",
     {"seat_wind": "S", "discarder": "W", "wild": "5z"}, None, bad("not_a_winning_hand")),
    # spec §4: wild_discard (8) before declare_wait_too_low (9): waits {1s, 4s} are all low
    ("wild_discard_before_wait_too_low", "123m456m789p11s23s5z",
     {"seat_wind": "S", "discarder": "W", "wild": "5z"}, None, bad("wild_discard")),
    # spec §6.2/B14: the same hand with the mouse self-drawn: waits {1s, 4s}, the natural P no wait
    ("mouse_self_draw_low_waits", "123m456m789p11s23s5z", {"seat_wind": "S", "self_draw": True, "wild": "5z"},
     None, bad("declare_wait_too_low")),
    # spec §4: declare_wait_too_low (9) before point_too_low (10): single wait 2p
    ("wait_too_low_before_point_too_low", "[555z]123m456m789m2p2p", {"seat_wind": "S", "self_draw": True},
     None, bad("declare_wait_too_low")),
    # spec §6.3: a 1-point tile, declarable (waits 1s 4s 7s), self-drawn: point_too_low
    ("one_point_self_draw", "[111z]23456s99p777m1s", {"seat_wind": "S", "self_draw": True}, None,
     bad("point_too_low")),
    # spec §3/§6.3: a robbed kong is a discard win: a 5-point tile is self_draw_only
    ("robbed_kong_five_points", "[111z]55s678s99p777m5s",
     {"seat_wind": "N", "discarder": "W", "kong_win": True, "discarder_declared": True}, None,
     bad("self_draw_only")),
    # spec §5: seven pairs have no melds (two melds + four pairs is no structure)
    ("seven_pairs_no_melds", "[222m][333p]11s55s77s99s", {"seat_wind": "S", "self_draw": True}, None,
     bad("not_a_winning_hand")),
    # spec §5: honours form no chow
    ("honour_chow_is_no_set", "123z456m789m11p999s", {"seat_wind": "S", "self_draw": True}, None,
     bad("not_a_winning_hand")),

    # --- §2 / §7.1 winning point -----------------------------------------------------------------
    # spec §3: dealer=true with seat E is fine; 7p self-drawn by the dealer: 14 each
    ("dealer_alias_true", SW1, {"seat_wind": "E", "self_draw": True, "dealer": True}, None,
     ok(14, 7, 1, [TP(7), SD], pay(E=42, S=-14, W=-14, N=-14))),
    # spec §3: win_tile "P" names 5z (White), the last concealed tile; SW4 figures
    ("win_tile_P_is_5z", "[999p]123s456s77m555z",
     {"seat_wind": "W", "discarder": "E", "discarder_declared": True, "win_tile": "P"}, None,
     ok(10, 10, 1, [TP(10)], pay(E=-10, S=-10, W=30, N=-10))),
    # spec §2/B2: the Green dragon F (6z) scores 10
    ("green_dragon_10", "[999p]123s456s77m666z", {"seat_wind": "W", "discarder": "E", "discarder_declared": True},
     None, ok(10, 10, 1, [TP(10)], pay(E=-10, S=-10, W=30, N=-10))),
    # spec §2: the North wind scores 10; dealer wins off undeclared S: 包胡 3x10
    ("north_wind_10_baohu", "[999p]123s456s77m444z", {"seat_wind": "E", "discarder": "S"}, None,
     ok(10, 10, 1, [TP(10)], pay(E=30, S=-30), bao="S")),
    # spec §7.1/B1: P is the winning tile (6p), not the best wait (9p)
    ("point_is_winning_tile", "[222m]345s678s11z78p6p",
     {"seat_wind": "S", "discarder": "E", "discarder_declared": True}, None,
     ok(6, 6, 1, [TP(6)], pay(E=-6, S=18, W=-6, N=-6))),

    # --- §7.2 multiplier ---------------------------------------------------------------------------
    # spec §7.2: 豪华 with an honour quad EEEE: 七小对 x 豪华 = 8; 7 x 8 = 56 each
    ("haohua_honour_quad", "1111z22m44p55p66s7s7s",
     {"seat_wind": "W", "discarder": "N", "discarder_declared": True}, None,
     ok(56, 7, 8, [TP(7), QXD, HH], pay(E=-56, S=-56, W=168, N=-56))),
    # spec §7.2/§8.2: 清一色 with a concealed 1m kong (no 123 chow, so no 一条龙): 8x2x2=32, kong 2 each
    ("qingyise_with_concealed_kong", "(1111m)234m567m999m88m", {"seat_wind": "E", "self_draw": True}, None,
     ok(32, 8, 2, [TP(8), QYS, SD], pay(E=102, S=-34, W=-34, N=-34), kongs=[K("1m", "concealed", 2)])),
    # spec §7.2: 111 234 456 789 is no 一条龙 (needs 123 456 789)
    ("no_long_without_123", "111m234m456m789m99p", {"seat_wind": "S", "self_draw": True}, None,
     ok(18, 9, 1, [TP(9), SD], pay(E=-18, S=54, W=-18, N=-18))),
    # spec §7.2: 123m 456p 789s is no 一条龙 (one suit)
    ("no_long_across_suits", "123m456p789s555z11z", {"seat_wind": "W", "discarder": "S", "discarder_declared": True},
     None, ok(10, 10, 1, [TP(10)], pay(E=-10, S=-10, W=30, N=-10))),
    # spec §7.2: an honour pung breaks 清一色
    ("no_flush_with_honours", "[555p]123p678p99p11z1z",
     {"seat_wind": "S", "discarder": "N", "discarder_declared": True}, None,
     ok(10, 10, 1, [TP(10)], pay(E=-10, S=30, W=-10, N=-10))),
    # spec §7.2: max over interpretations: seven pairs x 清一色 = 4 beats standard 清一色 = 2
    ("max_over_interpretations", "11223344556677s", {"seat_wind": "S", "self_draw": True}, None,
     ok(56, 7, 4, [TP(7), QXD, QYS, SD], pay(E=-56, S=168, W=-56, N=-56))),
    # spec §7.2: the quad is completed by the winning tile; 包胡 by undeclared E: 3 x 72
    ("haohua_completed_by_win", "999s11s33s55s77s88p9s", {"seat_wind": "S", "discarder": "E"}, None,
     ok(72, 9, 8, [TP(9), QXD, HH], pay(E=-216, S=216), bao="E")),
    # spec §7.2 table: 豪华金七小对 off a declared discarder: M 16, 8 x 16 = 128 each
    ("haohua_jin_discard", "1111s33s55s77s99s88s", {"seat_wind": "N", "discarder": "W", "discarder_declared": True},
     None, ok(128, 8, 16, [TP(8), QXD, HH, QYS], pay(E=-128, S=-128, W=-128, N=384))),
    # spec §7.2/B6: 清一色一条龙 self-drawn by the dealer: 9 x 4 x 2 = 72; items in §11 order
    ("qingyise_long_self_draw", "123s456s78s55s777s9s", {"seat_wind": "E", "self_draw": True}, None,
     ok(72, 9, 4, [TP(9), QYS, YTL, SD], pay(E=216, S=-72, W=-72, N=-72))),
    # spec §7.2/B7: 十三幺 with the option, self-drawn: 10 x 2 x 2 = 40
    ("thirteen_orphans_self_draw", "19m19p19s1234567z1z", {"seat_wind": "S", "self_draw": True,
                                                           "thirteen_orphans": True}, None,
     ok(40, 10, 2, [TP(10), SSY, SD], pay(E=-40, S=120, W=-40, N=-40))),

    # --- §9 mouse game -------------------------------------------------------------------------------
    # spec §7.2/§9.4: M = 1 in a mouse game, 十三幺 included (9s is the mouse standing for 9s)
    ("mouse_game_no_thirteen_bonus", "19m19p19s1234567z1z",
     {"seat_wind": "S", "self_draw": True, "thirteen_orphans": True, "wild": "9s"}, None,
     ok(20, 10, 1, [TP(10), SD], pay(E=-20, S=60, W=-20, N=-20))),
    # spec §9.4/B13: no bonus in the whole mouse game, even with no mouse in the hand (金七小对 x1)
    ("mouse_game_without_mouse", "11p22p55p66p77p88p99p", {"seat_wind": "W", "self_draw": True, "wild": "E"},
     None, ok(18, 9, 1, [TP(9), SD], pay(E=-18, S=-18, W=54, N=-18))),
    # spec §7.1/§9.3: self-drawn mouse; the other mouse pairs with any tile, so an honour wait: P 10
    ("mouse_single_wait_any_tile", "123m456m789p222s5z5z", {"seat_wind": "S", "self_draw": True, "wild": "5z"},
     None, ok(20, 10, 1, [TP(10), SD], pay(E=-20, S=60, W=-20, N=-20))),
    # spec §6.2/B14: self-drawn mouse 9s; waits {6s, 9s} where 9s is the wild kind as a natural tile: P 9
    ("wild_kind_is_best_wait", "123m456m789p78s11z9s", {"seat_wind": "S", "self_draw": True, "wild": "9s"},
     None, ok(18, 9, 1, [TP(9), SD], pay(E=-18, S=54, W=-18, N=-18))),
    # spec §9: seven pairs with a self-drawn mouse; the remaining mouse pairs with anything: P 10, M 1
    ("mouse_seven_pairs_self_draw", "11m33m55p22s88s77p6z6z", {"seat_wind": "N", "self_draw": True, "wild": "6z"},
     None, ok(20, 10, 1, [TP(10), SD], pay(E=-20, S=-20, W=-20, N=60))),

    # --- §8 payments ----------------------------------------------------------------------------
    # spec §8.4: dealer wins off undeclared W with bonus 5: W pays 3 x (7+5) = 36
    ("bonus_dealer_wins_baohu", SW1, {"seat_wind": "E", "discarder": "W", "dealer_bonus": 5}, None,
     ok(7, 7, 1, [TP(7)], pay(E=36, W=-36), bao="W")),
    # spec §8.4: S wins off declared W, bonus 5: only E's share gets it: E 12, W 7, N 7
    ("bonus_only_dealer_share", SW1, {"seat_wind": "S", "discarder": "W", "discarder_declared": True,
                                      "dealer_bonus": 5}, None,
     ok(7, 7, 1, [TP(7)], pay(E=-12, S=26, W=-7, N=-7))),
    # spec §8.4: kong shares never get the bonus: E 14+5+7+20 = 46
    ("bonus_not_on_kongs", SW11, {"seat_wind": "S", "self_draw": True, "dealer_bonus": 5}, None,
     ok(14, 7, 1, [TP(7), SD], pay(E=-46, S=128, W=-41, N=-41),
        kongs=[K("7p", "exposed", 7), K("E", "concealed", 20)])),
    # spec §8.4: the dealer himself is the 包胡 discarder: (7+5)+7+7 = 26
    ("bonus_dealer_is_bao", SW1, {"seat_wind": "N", "discarder": "E", "dealer_bonus": 5}, None,
     ok(7, 7, 1, [TP(7)], pay(E=-26, N=26), bao="E")),
    # spec §8.2/B20/§8.4: 包胡包杠 incl. the added kong; dealer winner, bonus on the win only:
    # N pays 3x(6+5) + 3x10 + 3x18 = 117
    ("baogang_added_kong_bonus", KONGS2, {"seat_wind": "E", "discarder": "N", "dealer_bonus": 5}, None,
     ok(6, 6, 1, [TP(6)], pay(E=117, N=-117), bao="N",
        kongs=[K("P", "added", 10, "N"), K("9m", "concealed", 18, "N")])),
    # spec §8.2: self-draw with an added kong (K) and a concealed kong (2K): 12 + 10 + 18 each
    ("self_draw_added_and_concealed", KONGS2, {"seat_wind": "N", "self_draw": True}, None,
     ok(12, 6, 1, [TP(6), SD], pay(E=-40, S=-40, W=-40, N=120),
        kongs=[K("P", "added", 10), K("9m", "concealed", 18)])),
    # spec §3: 杠上开花 (kong_win self-drawn) with an added kong: no bonus, as above
    ("kong_flower_added_kong", KONGS2, {"seat_wind": "N", "self_draw": True, "kong_win": True}, None,
     ok(12, 6, 1, [TP(6), SD], pay(E=-40, S=-40, W=-40, N=120),
        kongs=[K("P", "added", 10), K("9m", "concealed", 18)])),
    # spec §8.3: 点杠包杠 on a self-draw: the undeclared feeder N pays 3 x 10 besides his win share
    ("dgbg_self_draw_feeder_pays", "[7777z]234m567m11p444z",
     {"seat_wind": "W", "self_draw": True, "dian_gang_bao_gang": True, "kong_from": {"C": {"seat": "N"}}}, None,
     ok(20, 10, 1, [TP(10), SD], pay(E=-20, S=-20, W=90, N=-50), kongs=[K("C", "exposed", 10, "N")])),
    # spec §8.3: under 点杠包杠 a concealed kong is shared and 包杠 is off: S pays 30 + 20
    ("dgbg_concealed_shared_no_baogang", "(7777z)234m567m11p444z",
     {"seat_wind": "W", "discarder": "S", "dian_gang_bao_gang": True}, None,
     ok(10, 10, 1, [TP(10)], pay(E=-20, S=-50, W=90, N=-20), bao="S", kongs=[K("C", "concealed", 20)])),
    # spec §8.3/§3: ,3 of W is N (下家); E pays the win (包胡 30), N the fed kong (24)
    ("dgbg_feeder_not_discarder", "[8888s,3]234m567m11p444z",
     {"seat_wind": "W", "discarder": "E", "dian_gang_bao_gang": True}, None,
     ok(10, 10, 1, [TP(10)], pay(E=-30, W=54, N=-24), bao="E", kongs=[K("8s", "exposed", 8, "N")])),
    # spec §8.2/B12: without the option ,N is not read; 包杠 by the discarder E: 30 + 24
    ("comma_n_ignored_without_option", "[8888s,3]234m567m11p444z", {"seat_wind": "W", "discarder": "E"}, None,
     ok(10, 10, 1, [TP(10)], pay(E=-54, W=54), bao="E", kongs=[K("8s", "exposed", 8, "E")])),
    # spec §3: ,2 of W is E (对家): E pays 20 + 24 on a self-draw
    ("dgbg_comma_2", "[8888s,2]234m567m11p444z", {"seat_wind": "W", "self_draw": True, "dian_gang_bao_gang": True},
     None, ok(20, 10, 1, [TP(10), SD], pay(E=-44, S=-20, W=84, N=-20), kongs=[K("8s", "exposed", 8, "E")])),
    # spec §3: ,1 of the dealer E is N, agreeing with kong_from: N pays 20 + 24
    ("dgbg_comma_1_for_dealer", "[8888s,1]234m567m11p444z",
     {"seat_wind": "E", "self_draw": True, "dian_gang_bao_gang": True, "kong_from": {"8s": {"seat": "N"}}}, None,
     ok(20, 10, 1, [TP(10), SD], pay(E=84, S=-20, W=-20, N=-44), kongs=[K("8s", "exposed", 8, "N")])),
    # spec §8.1/B16: a robbed kong from a declared player: the three share
    ("robbed_kong_declared_shared", SW1, {"seat_wind": "S", "discarder": "N", "kong_win": True,
                                          "discarder_declared": True}, None,
     ok(7, 7, 1, [TP(7)], pay(E=-7, S=21, W=-7, N=-7))),
    # spec §8.2/B16: a robbed kong from an undeclared player: 包胡 27 + 包杠 18
    ("robbed_kong_baohu_baogang", "[6666m]123p456p777z9s9s", {"seat_wind": "W", "discarder": "N", "kong_win": True},
     None, ok(9, 9, 1, [TP(9)], pay(W=45, N=-45), bao="N", kongs=[K("6m", "exposed", 6, "N")])),
    # spec §11: kongs are listed in notation order
    ("kongs_in_notation_order", "(1111z)[7777p]234s88m567s", {"seat_wind": "S", "self_draw": True}, None,
     ok(14, 7, 1, [TP(7), SD], pay(E=-41, S=123, W=-41, N=-41),
        kongs=[K("E", "concealed", 20), K("7p", "exposed", 7)])),
    # spec §8.1: on a self-draw discarder_declared plays no part
    ("self_draw_ignores_discarder_declared", SW1, {"seat_wind": "S", "self_draw": True, "discarder_declared": True},
     None, ok(14, 7, 1, [TP(7), SD], pay(E=-14, S=42, W=-14, N=-14))),
    # spec §4.6/B16: a robbed kong is not a self-draw, so 过胡 forbids it
    ("passed_win_robbed_kong", SW1, {"seat_wind": "S", "discarder": "N", "kong_win": True, "passed_win": True},
     None, bad("passed_win")),
    # spec §3: 杠上开花 with a concealed C kong: no bonus; 20 + 20 each
    ("kong_flower_concealed", "(7777z)234m567m11p444z", {"seat_wind": "W", "self_draw": True, "kong_win": True},
     None, ok(20, 10, 1, [TP(10), SD], pay(E=-40, S=-40, W=120, N=-40), kongs=[K("C", "concealed", 20)])),
    # spec §8.4: a non-dealer self-draw with bonus 5: only E pays 14 + 5
    ("bonus_non_dealer_self_draw", SW1, {"seat_wind": "S", "self_draw": True, "dealer_bonus": 5}, None,
     ok(14, 7, 1, [TP(7), SD], pay(E=-19, S=47, W=-14, N=-14))),
    # spec §3: an explicit null discarder on a self-draw is no error
    ("null_discarder_self_draw", SW1, {"seat_wind": "S", "self_draw": True, "discarder": None}, None,
     ok(14, 7, 1, [TP(7), SD], pay(E=-14, S=42, W=-14, N=-14))),
    # spec §3/§7.1: wild "C" is the kind 7z: the last 7z is a self-drawn mouse, waits {6s, 9s}: P 9
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
    r = score(V, hand, ctx, rules).model_dump(mode="json")
    for key, want in expect.items():
        if key == "items":
            got = [(i["id"], i["name_zh"], i["points"], i["factor"], i["count"]) for i in r["items"]]
            assert got == [tuple(x) for x in want], key
        else:
            assert r[key] == want, key
    assert sum(r["payments"].values()) == 0


def test_review_case_count():
    assert len(CASES) >= 40
