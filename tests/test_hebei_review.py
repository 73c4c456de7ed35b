"""Independent review of the Hebei variant against its rules, docs/rules/hebei.md.

Every expected number below was worked out by hand from the rules, not copied from the scorer; a
comment names the section of the page that holds its rule, ``(#payments)``, and the rule option whose
default it relies on. The cases concentrate on what fixtures/hebei/cases.json leaves open (HW1, HW3
are cases of that file).
"""

from __future__ import annotations

import fixture_routes
import pytest

import scorer
from scorer import score


def P(e: int, s: int, w: int, n: int) -> dict[str, int]:
    return {"E": e, "S": s, "W": w, "N": n}


ZERO = P(0, 0, 0, 0)

# the Chinese names of docs/rules/hebei.md#items
SPEC_ZH = {"fengyise": "风一色", "shisanyao": "十三幺", "qingqidui": "清七对", "hunqidui": "混七对",
           "qiduizi": "七小对", "qing_yitiaolong": "清一色一条龙", "qing_duiduihu": "清一色对对胡",
           "qingyise": "清一色", "yitiaolong": "一条龙", "duiduihu": "对对胡", "hunyise": "混一色", "pihu": "屁胡",
           "self_draw": "自摸", "menqing": "门清", "kong_win": "杠上开花", "last_wall": "海底捞月"}

# (id, hand, context, total, base, [(item id, points, factor), ...], payments)
VALID = [
    # all-honour standard hand with a concealed kong keeps 门清: 15×2 (#fengyise, #menqing;
    # concealed_kong_breaks_menqing false)
    ("fengyise_concealed_kong", "(EEEE)SSSWWWCCCFF", {"seat_wind": "S", "discarder": "N"},
     30, 15, [("fengyise", 15, 1), ("menqing", 0, 2)], P(-60, 120, -30, -30)),
    # winds only is also 风一色, concealed: 15×门清 (#fengyise; fengyise_tiles all_honours)
    ("fengyise_winds_and_dragon_pair", "EEESSSWWWNNNCC", {"seat_wind": "W", "discarder": "E"},
     30, 15, [("fengyise", 15, 1), ("menqing", 0, 2)], P(-60, -30, 120, -30)),
    # 十三幺 dealer self-draw: 15×自摸 (no 门清), each pays 60 (#shisanyao, #payments; menqing_on_special false)
    ("shisanyao_dealer_self_draw", "19m19p19s1234567z5z", {"seat_wind": "E", "self_draw": True},
     30, 15, [("shisanyao", 15, 1), ("self_draw", 0, 2)], P(180, -60, -60, -60)),
    # four 1s and four 9s are two pairs each → 清七对 12×自摸 (#qingqidui; seven_pairs_four_alike)
    ("qingqidui_four_alike", "1111s33s55s77s9999s", {"seat_wind": "N", "self_draw": True},
     24, 12, [("qingqidui", 12, 1), ("self_draw", 0, 2)], P(-48, -24, -24, 96)),
    # 混七对 needs no eight tiles (m = 4 only): 6, no 门清 (#hunqidui, #what-wins)
    ("hunqidui_short_suit_exempt", "11m99mEESSWWNNCC", {"seat_wind": "W", "discarder": "S"},
     6, 6, [("hunqidui", 6, 1)], P(-12, -6, 24, -6)),
    # standard 屁胡 1×门清 = 2 ties 七小对 2; the higher base (七小对 2) wins (#what-wins, "Which reading counts")
    ("tie_S_higher_base_qiduizi", "11m22m33m44p55p66p77p", {"seat_wind": "S", "discarder": "W"},
     2, 2, [("qiduizi", 2, 1)], P(-4, 8, -2, -2)),
    # self-drawn, 屁胡 1×2×2 = 4 ties 七小对 2×2 = 4 → 七小对 by base (#what-wins, "Which reading counts")
    ("tie_S_higher_base_self_draw", "11m22m33m44p55p66p77p", {"seat_wind": "S", "self_draw": True},
     4, 2, [("qiduizi", 2, 1), ("self_draw", 0, 2)], P(-8, 16, -4, -4)),
    # exposed chow counts for 一条龙, one suit → 清一色一条龙 6, no 门清 (#qing-yitiaolong)
    ("qing_yitiaolong_exposed", "[123s]456s789s111s22s", {"seat_wind": "S", "discarder": "E"},
     6, 6, [("qing_yitiaolong", 6, 1)], P(-12, 24, -6, -6)),
    # concealed 清一色对对胡 4×自摸×门清 = 16 (#qing-duiduihu)
    ("qing_duiduihu_concealed", "111p333p555p777p99p", {"seat_wind": "W", "self_draw": True},
     16, 4, [("qing_duiduihu", 4, 1), ("self_draw", 0, 2), ("menqing", 0, 2)], P(-32, -16, 64, -16)),
    # concealed plain 清一色 3×门清 (#qingyise)
    ("qingyise_concealed", "123m345m678m999m22m", {"seat_wind": "N", "discarder": "W"},
     6, 3, [("qingyise", 3, 1), ("menqing", 0, 2)], P(-12, -6, -6, 24)),
    # two exposed chows 123m 456m + concealed 789m → 一条龙 3, no 门清 (#yitiaolong)
    ("yitiaolong_two_exposed_chows", "[123m][456m]789m123p55p", {"seat_wind": "S", "discarder": "N"},
     3, 3, [("yitiaolong", 3, 1)], P(-6, 12, -3, -3)),
    # 123m 456m 789p is no 一条龙 → 屁胡 ×门清 (#yitiaolong, "of the same suit")
    ("straight_across_suits_is_pihu", "123m456m789p222m33p", {"seat_wind": "N", "discarder": "E"},
     2, 1, [("pihu", 1, 1), ("menqing", 0, 2)], P(-4, -2, -2, 8)),
    # three suits, no chow, concealed kong: 2×自摸×门清×杠上开花 (#duiduihu, #kong-win; all_pungs_with_kongs)
    ("duiduihu_kong_win", "(1111m)999m222p333p44s", {"seat_wind": "S", "self_draw": True, "kong_win": True},
     16, 2, [("duiduihu", 2, 1), ("self_draw", 0, 2), ("menqing", 0, 2), ("kong_win", 0, 2)],
     P(-32, 64, -16, -16)),
    # one suit + honours with m = 5 and no chow is exempt → 对对胡 (not 混一色) (#what-wins, #duiduihu)
    ("duiduihu_half_flush_short_suit", "[EEE][SSS][WWW]111m22m", {"seat_wind": "N", "discarder": "E"},
     2, 2, [("duiduihu", 2, 1)], P(-4, -2, -2, 8)),
    # 够八张 edge, one suit + honours with m exactly 8 and chows → 混一色 ×门清 (#what-wins, #hunyise)
    ("hunyise_exactly_eight", "123m456mEEESSS99m", {"seat_wind": "S", "discarder": "W"},
     4, 2, [("hunyise", 2, 1), ("menqing", 0, 2)], P(-8, 16, -4, -4)),
    # a kong claimed from a discard [5555m] is exposed (no 门清) but is a kong for 杠上开花 (#menqing, #kong-win;
    # added_kong_exposed)
    ("claimed_kong_kong_win", "[5555m]123m789m123p44p", {"seat_wind": "N", "self_draw": True, "kong_win": True},
     4, 1, [("pihu", 1, 1), ("self_draw", 0, 2), ("kong_win", 0, 2)], P(-8, -4, -4, 16)),
    # 海底捞月 on seven pairs: 2×自摸×海底 (no 门清) (#last-wall; menqing_on_special false)
    ("seven_pairs_last_wall", "11m99m22p88p33s77s55z", {"seat_wind": "W", "self_draw": True, "last_wall": True},
     8, 2, [("qiduizi", 2, 1), ("self_draw", 0, 2), ("last_wall", 0, 2)], P(-16, -8, 32, -8)),
    # kong_win, robbing a kong (no self-draw) is an ordinary discard win: 1×门清 (#context)
    ("robbing_kong_ordinary", "(6666p)123p789p22s333s", {"seat_wind": "W", "discarder": "S", "kong_win": True},
     2, 1, [("pihu", 1, 1), ("menqing", 0, 2)], P(-4, -2, 8, -2)),
    # self-draw holding a kong but without kong_win gets no 杠上开花 (#kong-win)
    ("kong_held_no_kong_win", "(6666p)123p789p22s333s", {"seat_wind": "W", "self_draw": True},
     4, 1, [("pihu", 1, 1), ("self_draw", 0, 2), ("menqing", 0, 2)], P(-8, -4, 16, -4)),
    # every doubling at once for the dealer: 1×16, each pays 32 (#items, #payments)
    ("all_doublings_dealer", "(2222s)345s678s999s11m",
     {"seat_wind": "E", "self_draw": True, "kong_win": True, "last_wall": True},
     16, 1, [("pihu", 1, 1), ("self_draw", 0, 2), ("menqing", 0, 2), ("kong_win", 0, 2), ("last_wall", 0, 2)],
     P(96, -32, -32, -32)),
    # dealer wins off a discard: each of the three pays 2S (S = 2) → +12 (#payments)
    ("dealer_discard_win", "123m456m99m789pEEE", {"seat_wind": "E", "discarder": "N"},
     2, 1, [("pihu", 1, 1), ("menqing", 0, 2)], P(12, -4, -4, -4)),
    # the discarder is information only; a dealer discarder pays 2S like on any win (#payments; payer
    # all_three)
    ("discarder_info_only", "123m456m99m789pEEE", {"seat_wind": "W", "discarder": "N"},
     2, 1, [("pihu", 1, 1), ("menqing", 0, 2)], P(-4, -2, 8, -2)),
    # discarder omitted on a discard win is fine (all three pay anyway) (#context)
    ("no_discarder_discard_win", "123m456m99m789pEEE", {"seat_wind": "N"},
     2, 1, [("pihu", 1, 1), ("menqing", 0, 2)], P(-4, -2, -2, 8)),
    # ",N" discarder digit on a meld is accepted and changes nothing (HW1) (#context)
    ("claim_digit_ignored", "[234m,1]567m789m12p55m3p", {"seat_wind": "S", "discarder": "W"},
     1, 1, [("pihu", 1, 1)], P(-2, 4, -1, -1)),
    # claim digit on an exposed pung; HW3 unchanged (#context)
    ("claim_digit_on_pung", "[EEE,2]234m567m78m99m9m", {"seat_wind": "N", "discarder": "E"},
     2, 2, [("hunyise", 2, 1)], P(-4, -2, -2, 8)),
    # round_wind and last_tile are accepted and have no effect (HW1) (#context)
    ("round_wind_last_tile_no_effect", "[234m]567m789m12p55m3p",
     {"seat_wind": "S", "discarder": "W", "round_wind": "E", "last_tile": True},
     1, 1, [("pihu", 1, 1)], P(-2, 4, -1, -1)),
    # seat_wind defaults to S; self_draw to false (#context)
    ("default_seat_is_south", "[234m]567m789m12p55m3p", {},
     1, 1, [("pihu", 1, 1)], P(-2, 4, -1, -1)),
    # explicit neutral values of flowers / wild / indicators / dealer are accepted (#context)
    ("neutral_context_values", "234s456s678s555p22p",
     {"seat_wind": "W", "flowers": 0, "wild": None, "indicators": [], "dealer": False},
     2, 1, [("pihu", 1, 1), ("menqing", 0, 2)], P(-4, -2, 8, -2)),
    # win_tile may name the last tile with a letter when the hand writes 7z (#context)
    ("win_tile_letter_for_z", "19m19p19s1234567z7z", {"seat_wind": "W", "discarder": "E", "win_tile": "C"},
     15, 15, [("shisanyao", 15, 1)], P(-30, -15, 60, -15)),
    # 混一色 + 一条龙 → take the higher (一条龙 3), concealed ×门清 ×自摸 (#items)
    ("half_flush_straight_concealed", "123m456m789mEEE99m", {"seat_wind": "S", "self_draw": True},
     12, 3, [("yitiaolong", 3, 1), ("self_draw", 0, 2), ("menqing", 0, 2)], P(-24, 48, -12, -12)),
    # 11112222333344… readings — standard 屁胡 ×门清 = 2 ties 七小对 2 → 七小对 (#what-wins, "Which reading counts")
    ("four_alike_seven_pairs_vs_standard", "111122223333m44p", {"seat_wind": "S", "discarder": "E"},
     2, 2, [("qiduizi", 2, 1)], P(-4, 8, -2, -2)),
    # one-suit + honours pairs: 混七对 6 beats 混一色 2×门清 = 4 (#what-wins, "Which reading counts")
    ("hunqidui_beats_hunyise", "112233m445566mEE", {"seat_wind": "S", "discarder": "E"},
     6, 6, [("hunqidui", 6, 1)], P(-12, 24, -6, -6)),
    # 十三幺 with 自摸 and 海底捞月: 15×2×2 = 60, each non-dealer 60, dealer 120 (#shisanyao, #payments;
    # menqing_on_special false)
    ("shisanyao_last_wall", "19m19p19s1234567z6z", {"seat_wind": "S", "self_draw": True, "last_wall": True},
     60, 15, [("shisanyao", 15, 1), ("self_draw", 0, 2), ("last_wall", 0, 2)], P(-120, 240, -60, -60)),
    # an added kong in 对对胡 (exempt, p 10 s 5) breaks 门清 → 2 (#menqing; added_kong_exposed)
    ("added_kong_duiduihu", "{5555p}[777s]111p999p33s", {"seat_wind": "W", "discarder": "S"},
     2, 2, [("duiduihu", 2, 1)], P(-4, -2, 8, -2)),
    # 111 222 333 read as pungs (清一色对对胡 4) beats 123×3 (清一色 3); both ×门清 (#what-wins, "Which reading counts")
    ("qing_duiduihu_beats_qingyise", "111222333p999p55p", {"seat_wind": "S", "discarder": "E"},
     8, 4, [("qing_duiduihu", 4, 1), ("menqing", 0, 2)], P(-16, 32, -8, -8)),
]

# (id, hand, context, reason_code)
NOT_WINNING = [
    # one suit + honours with chows but m = 6 < 8 → 混一色 is not exempt (#what-wins)
    ("half_flush_six_tiles", "123m456mEEESSSWW", {"seat_wind": "S", "discarder": "W"}, "requirement_not_met"),
    # an exposed kong counts 4, so kong + chow of m = 7 still misses eight (#what-wins; kong_tiles 4)
    ("kong_plus_chow_is_seven", "[1111m]234m567pEEE99p", {"seat_wind": "S", "discarder": "W"},
     "requirement_not_met"),
    # 缺一门 fails even with a suit of 9 (three suits with chows) (#what-wins)
    ("three_suits_nine_of_one", "123m456m789m123p5s5s", {"seat_wind": "N", "discarder": "E"},
     "requirement_not_met"),
    # honours never form chows (ESW is no set) (#what-wins)
    ("honours_no_chow", "ESW123m456m789mNN", {"seat_wind": "S", "discarder": "E"}, "not_a_winning_hand"),
    # 十三幺 missing 发 (two 白 instead) is no win (#what-wins)
    ("orphans_missing_one", "19m19p19s1234557z7z", {"seat_wind": "S", "discarder": "E"}, "not_a_winning_hand"),
    # one tile off a win (a pair and three loose dots) is no winning structure (#what-wins)
    ("one_off_a_win", "123m456m789m11p249p", {"seat_wind": "S", "discarder": "E"}, "not_a_winning_hand"),
]

# (id, hand, context, error code)
ERRORS = [
    # invalid_hand, 15 tiles without a kong (#errors)
    ("fifteen_tiles", "123m456m789m123p55m5m", {"seat_wind": "S"}, "invalid_hand"),
    # tile count, a kong counts 3, so kong + 12 concealed = 15 (#what-wins)
    ("kong_plus_twelve", "(1111m)234m567m123p55p6p", {"seat_wind": "S"}, "invalid_hand"),
    # invalid_hand, malformed meld: honours in a chow bracket (#errors)
    ("honour_chow_meld", "[ESW]123m456m789m11p", {"seat_wind": "S"}, "invalid_hand"),
    # invalid_hand, five 1m across a kong and the concealed part (#errors)
    ("five_of_kind_across_meld", "[1111m]1m23m456m789m55p", {"seat_wind": "S"}, "invalid_hand"),
    # invalid_hand, malformed meld: four tiles in a run (#errors)
    ("four_tile_run_meld", "[1234m]567m789m11p22p", {"seat_wind": "S"}, "invalid_hand"),
    # invalid_context is checked before not_a_winning_hand (#errors)
    ("context_before_not_winning", "12345m6789p11sEWN", {"seat_wind": "S", "flowers": 1}, "invalid_context"),
    # invalid_context is checked before requirement_not_met (#errors)
    ("context_before_requirement", "[123m]456p789s234s55s", {"seat_wind": "S", "last_wall": True},
     "invalid_context"),
    # a bad hand comes before a contradictory context (flowers ≠ 0) (#errors)
    ("hand_before_context_rule", "123m456m789m12p55m", {"seat_wind": "S", "flowers": 2}, "invalid_hand"),
    # unknown seat in round_wind (#context)
    ("bad_round_wind", "[234m]567m789m12p55m3p", {"seat_wind": "S", "round_wind": "X"}, "invalid_context"),
    # unknown discarder seat (#context)
    ("bad_discarder_seat", "[234m]567m789m12p55m3p", {"seat_wind": "S", "discarder": "Q"}, "invalid_context"),
    # dealer alias, false contradicts seat E (#context)
    ("dealer_false_seat_e", "234s456s678s555p22p", {"seat_wind": "E", "dealer": False}, "invalid_context"),
    # dealer alias against the default seat S (#context)
    ("dealer_true_default_seat", "234s456s678s555p22p", {"dealer": True}, "invalid_context"),
    # discarder equal to the default seat S (#context)
    ("discarder_is_default_seat", "234s456s678s555p22p", {"discarder": "S"}, "invalid_context"),
    # win_tile, a tile only in a meld is not the last concealed tile (#context)
    ("win_tile_in_meld", "[234m]567m789m12p55m3p", {"seat_wind": "S", "win_tile": "2m"}, "invalid_context"),
    # kong_win + self_draw, four identical concealed tiles are not a kong meld (#context)
    ("kong_win_four_alike_not_kong", "1111m33m55p77p99pEE", {"seat_wind": "N", "self_draw": True, "kong_win": True},
     "invalid_context"),
    # discarder with self_draw even when the discarder is another seat (dealer) (#context)
    ("discarder_with_self_draw", "(6666p)123p789p22s333s",
     {"seat_wind": "W", "self_draw": True, "kong_win": True, "discarder": "E"}, "invalid_context"),
    # last_wall with kong_win but no self_draw (#context)
    ("last_wall_robbing_kong", "(6666p)123p789p22s333s", {"seat_wind": "W", "kong_win": True, "last_wall": True},
     "invalid_context"),
    # negative flowers are ≠ 0 (#context)
    ("negative_flowers", "234s456s678s555p22p", {"seat_wind": "S", "flowers": -1}, "invalid_context"),
    # wild tiles do not exist; any value is an error (#context)
    ("wild_honour", "234s456s678s555p22p", {"seat_wind": "S", "wild": "C"}, "invalid_context"),
    # a field not in the table (mcr's round fields etc.) (#context)
    ("unknown_field_dealer_wind", "234s456s678s555p22p", {"seat_wind": "S", "prevalent_wind": "E"},
     "invalid_context"),
]


@pytest.mark.parametrize(("hand", "ctx", "total", "base", "items", "payments"),
                         [c[1:] for c in VALID], ids=[c[0] for c in VALID])
def test_valid(hand, ctx, total, base, items, payments):
    r = score("hebei", hand, ctx)
    assert r.valid, r.reason
    assert r.reason_code is None
    assert r.total == total
    assert r.base == base
    assert [(i.id, i.points, i.factor) for i in r.items] == items
    assert all(i.count == 1 for i in r.items)
    assert all(i.name_zh == SPEC_ZH[i.id] for i in r.items)
    assert r.payments == payments
    prod = 1
    for i in r.items:
        prod *= (i.points or 1) * i.factor
    assert prod == r.total


@pytest.mark.parametrize(("hand", "ctx", "code"), [c[1:] for c in NOT_WINNING], ids=[c[0] for c in NOT_WINNING])
def test_not_winning(hand, ctx, code):
    r = score("hebei", hand, ctx)
    assert not r.valid
    assert r.reason_code == code
    assert r.reason
    assert r.total == 0 and r.items == [] and r.payments == ZERO


@pytest.mark.parametrize(("hand", "ctx", "code"), [c[1:] for c in ERRORS], ids=[c[0] for c in ERRORS])
def test_input_errors(hand, ctx, code):
    with pytest.raises(scorer.errors.HandError) as err:
        score("hebei", hand, ctx)
    assert err.value.code == code, str(err.value)
    assert all(p.code == code for p in err.value.problems)


def test_item_names_zh():
    # name_zh of every emitted id (#items)
    expected = {"pihu": "屁胡", "menqing": "门清", "self_draw": "自摸"}
    r = score("hebei", "234s456s678s555p22p", {"seat_wind": "E", "self_draw": True})
    assert {i.id: i.name_zh for i in r.items} == expected
    r = score("hebei", "(6666p)123p789p22s333s", {"seat_wind": "W", "self_draw": True, "kong_win": True,
                                                   "last_wall": True})
    names = {i.id: i.name_zh for i in r.items}
    assert names["kong_win"] == "杠上开花" and names["last_wall"] == "海底捞月"


ROUTES = fixture_routes.routes("hebei")
ALL = ([(c[0], c[1], c[2], {"valid": True, "total": c[3], "base": c[4], "payments": c[6]}) for c in VALID]
       + [(c[0], c[1], c[2], {"valid": False, "reason_code": c[3], "total": 0, "payments": ZERO})
          for c in NOT_WINNING]
       + [(c[0], c[1], c[2], {"error": c[3]}) for c in ERRORS])


@pytest.mark.parametrize("route", ["api", "cli"])
@pytest.mark.parametrize(("hand", "ctx", "expect"), [c[1:] for c in ALL], ids=[c[0] for c in ALL])
def test_same_answer_over_api_and_cli(route, hand, ctx, expect):
    # HTTP 422 / CLI exit 2, and the top-level base and reason_code, on every route (#errors)
    body = ROUTES[route]({"hand": hand, "context": ctx})
    if "error" in expect:
        assert "error" in body
        if route == "api":
            assert body["error"]["code"] == expect["error"]
        return
    for key, value in expect.items():
        assert body[key] == value, key
