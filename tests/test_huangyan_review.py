"""Independent review of the ``huangyan`` variant against its rules, docs/rules/huangyan.md.

Every expected number below was computed by hand from the rules (the tables and the formula of
docs/rules/huangyan.md#items, its non-winners, docs/rules/huangyan.md#payments), not copied from the
scorer; a comment names the section of the page that holds its rule, ``(#payments)``, and the rule
option whose default it relies on. Each case targets something the fixtures in
fixtures/huangyan/cases.json do not already pin (the W… ids are cases of that file).
"""

from __future__ import annotations

from collections import Counter

import pytest

import scorer
from scorer.errors import HandError

V = "huangyan"
WR = ("win_reward", 20, 1)
NW = ("no_wild", 0, 2)


# (id, hand, context, expect) — expect keys: total, base, fans, raw, lazi, valid, items, payments,
# bullets, bombs
CASES = [
    # seat_wind defaults to E, so EE is the own-seat pair (2); 22x2=44 -> 50 (#context)
    ("default_seat_E_pair", "[123m][456p]789s234sEE", {"wild": "9p"},
     {"total": 50, "base": 2, "fans": 1, "items": [WR, ("pair_seat_wind", 2, 1), NW]}),
    # a pair of a wind that is not the seat wind scores 0 (default seat E, pair SS) (#items)
    ("non_seat_wind_pair_zero", "[123m][456p]789s234sSS", {"wild": "9p"},
     {"total": 40, "base": 0, "fans": 1, "items": [WR, NW]}),
    # dragon pair 2; 22x2=44 -> 50 (#items)
    ("dragon_pair", "[123m][456p]789s234sFF", {"wild": "9p", "seat_wind": "S"},
     {"total": 50, "base": 2, "fans": 1, "items": [WR, ("pair_dragon", 2, 1), NW]}),
    # with W=5m a White pair is a 5m pair (simple, 0), not a dragon pair; no 5m -> 无得 (#what-wins)
    ("white_standin_pair_is_simple", "[123m][456p]789s234sPP", {"wild": "5m", "seat_wind": "S"},
     {"total": 40, "base": 0, "fans": 1, "items": [WR, NW]}),
    # [PPP] with W=5m is an exposed simple pung 555m (2); 22x2=44 -> 50 (#what-wins, #items)
    ("standin_exposed_pung", "[PPP][456p]789s234s1p1p", {"wild": "5m", "seat_wind": "S"},
     {"total": 50, "base": 2, "fans": 1, "items": [WR, ("exposed_pung", 2, 1), NW]}),
    # an added kong {....} scores as an exposed kong (simple 8); 28x2=56 -> 60 (#exposed-kong)
    ("added_kong_is_exposed", "{5555p}[123m]789s234s1p1p", {"wild": "E", "seat_wind": "S"},
     {"total": 60, "base": 8, "fans": 1, "items": [WR, ("exposed_kong", 8, 1), NW]}),
    # concealed dragon kong 32 + dragon fan + 无得: 52x4=208 -> 210 (#items)
    ("concealed_dragon_kong", "(CCCC)[123m]789s234s1p1p", {"wild": "E", "seat_wind": "S"},
     {"total": 210, "base": 32, "fans": 2,
      "items": [WR, ("concealed_kong", 32, 1), ("dragon_set", 0, 2), NW]}),
    # W=S, [PPPP] = SSSS exposed kong of the seat wind: 32 + 门风 fan; no S tile -> 无得 (#what-wins, #items)
    ("standin_seat_wind_kong", "[PPPP][123m]789s234s1p1p", {"wild": "S", "seat_wind": "S"},
     {"total": 210, "base": 32, "fans": 2,
      "items": [WR, ("exposed_kong", 32, 1), ("seat_wind_set", 0, 2), NW]}),
    # W=F, [PPPP] = FFFF is not a dragon set: simple exposed kong 8, no dragon fan (#what-wins, #dragon-set)
    ("wild_dragon_kong_is_simple", "[PPPP][123m]789s234s1p1p", {"wild": "F", "seat_wind": "S"},
     {"total": 60, "base": 8, "fans": 1, "items": [WR, ("exposed_kong", 8, 1), NW]}),
    # W=S=seat; the two 得 kept as SS are the seat-wind pair (2) and 得复原; + 自摸 2: 24x2=48 -> 50
    # (#pair-seat-wind)
    ("wild_is_seat_wind_pair", "[123m][456p][789s]234sSS", {"wild": "S", "seat_wind": "S", "self_draw": True},
     {"total": 50, "base": 4, "fans": 1,
      "items": [WR, ("pair_seat_wind", 2, 1), ("self_draw", 2, 1), ("wild_restored", 0, 2)]}),
    # W=White, the self-drawn P is a 得 -> CCC dragon pung 8 + fan, 11s pair: 30x2=60 (得 as 1s: 111s 8 + CC 2 +
    # 2 = 12, 0 fans -> 40) (#what-wins)
    ("white_wild_makes_dragon_pung", "[123m][456p][789s]11sCCP", {"wild": "P", "self_draw": True},
     {"total": 60, "base": 10, "fans": 1,
      "items": [WR, ("concealed_pung", 8, 1), ("self_draw", 2, 1), ("dragon_set", 0, 2)]}),
    # a 得 may be a fifth copy of a kind; 555s concealed 4 + 自摸 2 = 6, 0 fans: 26 -> 30 (#what-wins)
    ("wild_as_fifth_copy", "[123m][456p][678p]5s5s5s5s9p", {"wild": "9p", "seat_wind": "S", "self_draw": True},
     {"total": 30, "base": 6, "fans": 0,
      "items": [WR, ("concealed_pung", 4, 1), ("self_draw", 2, 1)]}),
    # a stand-in White can be won on by discard; PPP (=555m) completed by the discard is an exposed simple
    # pung 2: 22x2=44 -> 50 (#what-wins, #exposed-pung; discard_pung_exposed)
    ("ron_on_standin_pung_exposed", "[123m][456p]789s11sPPP", {"wild": "5m", "seat_wind": "S"},
     {"total": 50, "base": 2, "fans": 1, "items": [WR, ("exposed_pung", 2, 1), NW]}),
    # stand-in Whites are not 得: three P are not 三得; concealed 4 + 自摸 2: 26x2=52 -> 60 (#three-wilds)
    ("standins_not_three_wilds", "[123m][456p]789s11sPPP", {"wild": "5m", "seat_wind": "S", "self_draw": True},
     {"total": 60, "base": 6, "fans": 1, "lazi": False,
      "items": [WR, ("concealed_pung", 4, 1), ("self_draw", 2, 1), NW]}),
    # W=White, three P are 三得 -> 300; best raw reading EEE (own seat E) 16 + 自摸 2 + 门风 fan: 38x2=76
    # (#three-wilds, #what-wins, "The best reading")
    ("three_white_wilds", "[123m][456p][789s]11sPPP", {"wild": "P", "self_draw": True},
     {"total": 300, "lazi": True, "raw": 76, "base": 18, "fans": 1}),
    # a pung made with a 得 and completed by the winning discard is exposed: 得 as C -> CCC exposed dragon 4 +
    # fan: 24x2=48 -> 50 (得 as E: EEE 8 + CC 2 -> 30) (#exposed-pung; discard_pung_exposed)
    ("wild_pung_completed_by_discard", "[123m][456p][789s]EE9pCC", {"wild": "9p", "seat_wind": "S"},
     {"total": 50, "base": 4, "fans": 1, "items": [WR, ("exposed_pung", 4, 1), ("dragon_set", 0, 2)]}),
    # own-seat concealed pung completed by discard = exposed seat value 8 + fan; 28x4=112 -> 120
    # (#exposed-pung; discard_pung_exposed)
    ("seat_pung_by_discard", "[123m][456p]789s11sSSS", {"wild": "E", "seat_wind": "S"},
     {"total": 120, "base": 8, "fans": 2, "items": [WR, ("exposed_pung", 8, 1), ("seat_wind_set", 0, 2), NW]}),
    # same, self-drawn: concealed seat pung 16 + 自摸 2: 38x4=152 -> 160
    ("seat_pung_self_drawn", "[123m][456p]789s11sSSS", {"wild": "E", "seat_wind": "S", "self_draw": True},
     {"total": 160, "base": 18, "fans": 2,
      "items": [WR, ("concealed_pung", 16, 1), ("self_draw", 2, 1), ("seat_wind_set", 0, 2), NW]}),
    # an edge wait (12s + 3s) scores 0: 40 (#edge-wait; wait_points)
    ("edge_wait_zero", "[123m][456p][789s]EE12s3s", {"wild": "9p", "seat_wind": "S"},
     {"total": 40, "base": 0, "fans": 1, "items": [WR, NW]}),
    # 混一色 with the 得 standing for an honour (E pair): 自摸 2, 1 fan: 22x2=44 -> 50 (#items)
    ("half_flush_wild_as_honour", "[123m][456m]789mE1m2m3m5p", {"wild": "5p", "seat_wind": "S", "self_draw": True},
     {"total": 50, "base": 2, "fans": 1, "items": [WR, ("self_draw", 2, 1), ("half_flush", 0, 2)]}),
    # 清一色 3 + 得复原 1 (5m used as 5m in 567m): 20x16=320 -> 300 辣子 (#full-flush, #wild-restored, #lazi)
    ("full_flush_restored_lazi", "[123m][234m]789m5m6m7m9m9m", {"wild": "5m", "seat_wind": "S"},
     {"total": 300, "base": 0, "fans": 4, "raw": 320, "lazi": True,
      "items": [WR, ("full_flush", 0, 8), ("wild_restored", 0, 2), ("lazi", 0, 1)]}),
    # an all-honour hand is not a flush: [EEE][WWW][NNN] 4+4+4, CCC by discard 4 + fan, SS seat pair 2: base
    # 18, 2 fans: 38x4=152 -> 160 (#items)
    ("all_honours_no_flush", "[EEE][WWW][NNN]SSCCC", {"wild": "1p", "seat_wind": "S"},
     {"total": 160, "base": 18, "fans": 2,
      "items": [WR, ("exposed_pung", 4, 1), ("exposed_pung", 4, 1), ("exposed_pung", 4, 1),
                ("exposed_pung", 4, 1), ("pair_seat_wind", 2, 1), ("dragon_set", 0, 2), NW]}),
    # a White stand-in for 5p breaks a characters flush (by identity): 40 (#half-flush, #full-flush; flush_by)
    ("standin_breaks_flush", "[123m][456m][789m]2m3m4mPP", {"wild": "5p", "seat_wind": "S"},
     {"total": 40, "base": 0, "fans": 1, "items": [WR, NW]}),
    # [P6m7m] with W=5m is the chow 567m; plain hand: 40 (#what-wins)
    ("standin_in_exposed_chow", "[P6m7m][456p]789s234s1p1p", {"wild": "5m", "seat_wind": "S"},
     {"total": 40, "base": 0, "fans": 1, "items": [WR, NW]}),
    # round_wind accepted and ignored (no round-wind fan): W4 stays 130 (#context)
    ("round_wind_ignored", "[EEE][WWW]234m567m8p8p", {"wild": "5s", "seat_wind": "W", "round_wind": "E"},
     {"total": 130, "base": 12, "fans": 2}),
    # dealer true with seat E is consistent; flowers 0 accepted (#context)
    ("dealer_true_east_ok", "[123m][456p]789s234s5p5p", {"wild": "9p", "dealer": True, "flowers": 0},
     {"total": 40}),
    # dealer false with a non-East seat is consistent (#context)
    ("dealer_false_south_ok", "[123m][456p]789s234s5p5p", {"wild": "9p", "seat_wind": "S", "dealer": False},
     {"total": 40}),
    # two 得 (5s), one read as 5s in 345s, the other as 9s for the pair: not every 得 restored -> no 得复原, and no
    # 无得; 自摸 only: 22 -> 30 (#wild-restored; wild_restored)
    ("partial_restore_no_fan", "[123m][789m][123p]345s9s5s", {"wild": "5s", "seat_wind": "S", "self_draw": True},
     {"total": 30, "base": 2, "fans": 0, "items": [WR, ("self_draw", 2, 1)]}),
    # wild given as a z digit: 7z is Red -> W13 reads the same (110) (#context)
    ("wild_as_z_digit", "[PPP][FFF]234p567p8s8s", {"wild": "7z", "seat_wind": "S"},
     {"total": 110, "base": 6, "fans": 2}),
    # W=S=seat, stand-in PP = SS own-seat pair 2, no S tile -> 无得: 22x2=44 -> 50 (#what-wins, #items)
    ("standin_seat_pair", "[123m][456p][789s]234sPP", {"wild": "S", "seat_wind": "S"},
     {"total": 50, "base": 2, "fans": 1, "items": [WR, ("pair_seat_wind", 2, 1), NW]}),
    # two 得 alone as the pair: kept as 5m (0) + 得复原 beats a dragon pair (2, 0 fans): 自摸 2: 22x2=44 -> 50
    # (dragon pair: 24 -> 30) (#three-wilds, #what-wins, "The best reading")
    ("two_wild_pair_restored", "[123m][456p][789s][123s]5m5m", {"wild": "5m", "seat_wind": "S", "self_draw": True},
     {"total": 50, "base": 2, "fans": 1, "items": [WR, ("self_draw", 2, 1), ("wild_restored", 0, 2)]}),

    # ---- non-winners (#non-winners) ----
    # W = seat wind S: the idle player's SSS (得 at own face) is a hard concealed pung 8 (no seat column) + 门风
    # fan: 16 -> 20 (#non-winners)
    ("idle_wild_is_seat_wind", "SSS123m456p789s1p", {"wild": "S", "seat_wind": "S", "role": "idle"},
     {"total": 20, "base": 8, "fans": 1, "items": [("concealed_pung", 8, 1), ("seat_wind_set", 0, 2)],
      "payments": {}}),
    # W = C: idle CCC at own face is not a dragon set: simple 4, no fan -> 10 (#non-winners, #dragon-set)
    ("idle_wild_dragon_simple", "CCC123m456p789s1p", {"wild": "C", "seat_wind": "S", "role": "idle"},
     {"total": 10, "base": 4, "fans": 0, "items": [("concealed_pung", 4, 1)]}),
    # identity N held 5 times (NNN + two stand-in P, W=N=seat): pung 8 + fan + seat pair 2: 10x2 -> 20
    # (#non-winners)
    ("idle_five_of_wild_kind", "NNNPP123p456p78s", {"wild": "N", "seat_wind": "N", "role": "idle"},
     {"total": 20, "base": 10, "fans": 1,
      "items": [("concealed_pung", 8, 1), ("seat_wind_set", 0, 2), ("pair_seat_wind", 2, 1)]}),
    # several scoring pairs (two dragon pairs + seat pair): 6 -> 10 (#non-winners)
    ("idle_several_pairs", "CCFFSS123m456p7s", {"wild": "9p", "seat_wind": "S", "role": "idle"},
     {"total": 10, "base": 6, "fans": 0,
      "items": [("pair_dragon", 2, 1), ("pair_dragon", 2, 1), ("pair_seat_wind", 2, 1)]}),
    # four undeclared C = one concealed pung 8 + dragon fan (+ a loose tile): 16 -> 20 (#non-winners)
    ("idle_four_undeclared_dragons", "CCCC123m456p789s", {"wild": "9p", "seat_wind": "S", "role": "idle"},
     {"total": 20, "base": 8, "fans": 1, "items": [("concealed_pung", 8, 1), ("dragon_set", 0, 2)]}),
    # kongs without the seat column: (WWWW) 32 + fan, [9999m] 16: 48x2=96 -> 100 (#non-winners)
    ("idle_kongs", "(WWWW)[9999m]123p456s7s", {"wild": "E", "seat_wind": "W", "role": "idle"},
     {"total": 100, "base": 48, "fans": 1,
      "items": [("concealed_kong", 32, 1), ("seat_wind_set", 0, 2), ("exposed_kong", 16, 1)]}),
    # W = White: idle PPP at own face is not a dragon: simple 4 -> 10 (#non-winners, #dragon-set)
    ("idle_white_wild_own_face", "PPP123m456p789s1s", {"wild": "P", "seat_wind": "S", "role": "idle"},
     {"total": 10, "base": 4, "fans": 0, "items": [("concealed_pung", 4, 1)]}),
    # idle exposed seat-wind pung: hard 4 (no column) + fan: 8 -> 10 (#non-winners)
    ("idle_exposed_seat_pung", "[SSS]123m456p789s1s", {"wild": "9p", "seat_wind": "S", "role": "idle"},
     {"total": 10, "base": 4, "fans": 1, "items": [("exposed_pung", 4, 1), ("seat_wind_set", 0, 2)]}),
    # an idle hand may end with a 得 (no winning tile, self_draw irrelevant): total 0 (#non-winners)
    ("idle_last_tile_wild_ok", "123p456s789s123m5m", {"wild": "5m", "seat_wind": "S", "role": "idle"},
     {"total": 0, "base": 0, "fans": 0, "valid": True, "items": [], "payments": {}}),

    # ---- settlement (#payments) ----
    # seats missing from others have T_i = 0: each pays the winner 40 (#payments)
    ("settle_missing_others", "[123m][456p]789s234s5p5p", {"wild": "9p", "seat_wind": "S"},
     {"total": 40, "payments": {"E": -40, "S": 120, "W": -40, "N": -40},
      "bullets": {"E": 0, "S": 0, "W": 0, "N": 0}, "bombs": {"E": 0, "S": 0, "W": 0, "N": 0}}),
    # a non-winner worth more (E: (CCCC) 32 + fan = 70) still pays the winner 40 in full, then collects 70
    # from W and from N: S +120, E -40+140=+100, W -110, N -110 (#payments)
    ("settle_idle_richer_than_winner", "[123m][456p]789s234s5p5p",
     {"wild": "9p", "seat_wind": "S", "others": {"E": "(CCCC)123m456p789s1s"}},
     {"total": 40, "payments": {"E": 100, "S": 120, "W": -110, "N": -110}}),
    # 点炮 with no other hands: N pays 3 x 40 (#payments, "The 点炮 penalty")
    ("settle_dian_pao_alone", "[123m][456p]789s234s5p5p", {"wild": "9p", "seat_wind": "S", "dian_pao": "N"},
     {"total": 40, "payments": {"E": 0, "S": 120, "W": 0, "N": -120}}),
    # dealer rons (W10, 60), bullets 5 x streak 2 x 1 = 10 from each payer (#payments)
    ("settle_dealer_ron_bullets", "[234m][567p]678s9s9sEE9s", {"wild": "1p", "bullets": 5, "dealer_streak": 2},
     {"total": 60, "payments": {"E": 180, "S": -60, "W": -60, "N": -60},
      "bullets": {"E": 30, "S": -10, "W": -10, "N": -10}}),
    # non-dealer self-draw: bullets 2 x current streak 3 x 2 = 12 per payer; W2 hand = 50 (#payments;
    # bullet_streak)
    ("settle_nondealer_selfdraw_bullets", "[789m]123p456p99s24s3s",
     {"wild": "5m", "seat_wind": "S", "self_draw": True, "bullets": 2, "dealer_streak": 3},
     {"total": 50, "payments": {"E": -50, "S": 150, "W": -50, "N": -50},
      "bullets": {"E": -12, "S": 36, "W": -12, "N": -12}}),
    # non-dealer West rons: only the dealer pays West his own reward 4 x 1; S's bombs untouched (#payments)
    ("settle_bombs_nondealer_ron", "[123m][456p]789s234s5p5p", {"wild": "9p", "seat_wind": "W", "bombs": {"W": 4, "S": 2}},
     {"total": 40, "bombs": {"E": -4, "S": 0, "W": 4, "N": 0}}),
    # 点炮 by West, South wins: West pays the points, every bullet and the dealer's bomb reward (#payments, "The
    # 点炮 penalty")
    ("settle_dian_pao_pays_bombs", "[123m][456p]789s234s5p5p",
     {"wild": "9p", "seat_wind": "S", "dian_pao": "W", "bullets": 1, "bombs": {"S": 3}},
     {"total": 40, "payments": {"E": 0, "S": 120, "W": -120, "N": 0},
      "bullets": {"E": 0, "S": 3, "W": -3, "N": 0}, "bombs": {"E": 0, "S": 3, "W": -3, "N": 0}}),
    # 点炮 by the dealer when N and W hold hands: E's own total becomes 0, he pays 3 x 40, W's 10 and N's 20 and
    # their difference 10: S +120, E -160, W +10, N +30 (#payments, "The 点炮 penalty")
    ("settle_dian_pao_dealer", "[123m][456p]789s234s5p5p",
     {"wild": "9p", "seat_wind": "S", "dian_pao": "E",
      "others": {"E": "(CCCC)123m456p789s1s", "W": "111m678p5678sEEN", "N": "[SSS]456m78p6p6pWWW"}},
     {"total": 40, "payments": {"E": -160, "S": 120, "W": 10, "N": 30}}),
]


ERRORS = [
    # a 得 inside an exposed chow (#what-wins)
    ("wild_in_chow", "[4m5m6m][456p]789s234s1p1p", {"wild": "5m"}, "wild_in_meld"),
    # meld checked after the White mapping: [P6m7m] with W=9m is 9-6-7m: not a meld (#errors)
    ("standin_bad_meld", "[P6m7m][456p]789s234s1p1p", {"wild": "9m"}, "bad_meld"),
    # with W=White the P in a chow is a 得 (#what-wins)
    ("white_wild_in_chow", "[P6m7m][456p]789s234s1p1p", {"wild": "P"}, "wild_in_meld"),
    # five physical White boards (even as stand-ins) (#errors)
    ("five_whites", "[123m][456p]789sPPPPP", {"wild": "5m", "self_draw": True}, "too_many_copies"),
    # five physical copies of the wild kind (#errors)
    ("five_wilds", "[123m][456p]789s5m5m5m5m5m", {"wild": "5m", "self_draw": True}, "too_many_copies"),
    # idle hand must hold 13 tiles (#errors)
    ("idle_count", "123m456p789s12345s", {"wild": "E", "role": "idle"}, "tile_count"),
    # winner with one kong needs 14 - 3 = 11 concealed... here one short (#errors)
    ("winner_count_with_kong", "[5555p][123m]789s234s1p", {"wild": "E"}, "tile_count"),
    # dealer false contradicts seat E (#errors)
    ("dealer_false_east", "[123m][456p]789s234s5p5p", {"wild": "9p", "dealer": False}, "contradiction"),
    # a 得 inside an other player's exposed meld (#errors)
    ("others_wild_in_meld", "[123m][456p]789s234s1p1p",
     {"wild": "5m", "seat_wind": "S", "others": {"E": "[555m]123p456s789s1s"}}, "wild_in_meld"),
    # missing wild, idle too (#errors)
    ("idle_missing_wild", "123m456p789s1234s", {"role": "idle"}, "bad_context"),
    # default self_draw false + winning 得 (W = wind) (#errors; wild_discard_win)
    ("wind_wild_discard_win", "[123m][456p]789s234s1pE", {"wild": "E"},
     "wild_discard_win"),
]


def _check(result, expect):
    d = result.details
    for key in ("total", "valid", "payments"):
        if key in expect:
            assert getattr(result, key) == expect[key], key
    for key in ("base", "fans", "raw", "lazi"):
        if key in expect:
            assert d[key] == expect[key], key
    if "items" in expect:
        got = Counter((i.id, i.points, i.factor) for i in result.items)
        assert got == Counter(expect["items"])
    for key in ("bullets", "bombs"):
        if key in expect:
            assert d["side_payments"][key] == expect[key], key
    if result.payments:
        assert sum(result.payments.values()) == 0


@pytest.mark.parametrize(("hand", "context", "expect"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_review_case(hand, context, expect):
    _check(scorer.score(V, hand, context), expect)


@pytest.mark.parametrize(("hand", "context", "code"), [c[1:] for c in ERRORS], ids=[c[0] for c in ERRORS])
def test_review_error(hand, context, code):
    with pytest.raises(HandError) as err:
        scorer.score(V, hand, context)
    assert err.value.code == code or code in {p.code for p in err.value.problems}


def test_wild_discard_win_has_position():
    """Input errors carry the character position where it applies (the winning 得; #errors)."""
    with pytest.raises(HandError) as err:
        scorer.score(V, "[123m][456p]789s234s1pE", {"wild": "E"})
    assert err.value.code == "wild_discard_win" and err.value.position == 22
