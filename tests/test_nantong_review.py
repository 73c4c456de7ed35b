"""Independent review of the Nantong long cards variant against its rules, docs/rules/nantong.md.

Every expectation below was computed by hand from the rules (the unit values, bonuses and multipliers
of docs/rules/nantong.md#items, the rounding and settlement of docs/rules/nantong.md#payments), never
copied from the scorer's output; a comment names the section of the page that holds its rule,
``(#payments)``, and the rule option whose default it relies on. The cases concentrate on what
fixtures/nantong/cases.json does not already pin (W8 is a case of that file): the cells of the table of
"How a unit is doubled" (two indicators of one rank, old-general indicators, exact matches), the
discard rule inside a Piao hand (Closed Piao kept by a discarded fourth copy), the wait placements (3
of 1-2-3 and 7 of 7-8-9 in any suit, the edges that earn nothing), Three Elders corners (Hezi and
pair cards do not count, declarations and pungs do), non-winners' units in a won deal, an exhausted
deal with a Hezi, an added kong and a concealed kong, and the checks of docs/rules/nantong.md#errors
(including their order).
"""

from __future__ import annotations

import pytest

import scorer
from scorer.errors import HandError

V = "nantong"

W1 = "[777m]123456m234678s35p789p66p4p"
W1_OTHER0 = "[111s]999m2388m5599s1245pQBHH"
W8 = "QQQBBBHHH456789m234p111s55s"
N02 = "(4444s)111122334m567p789p678s5m5m"
QING = "12456789m123456s789p345p99s3m"   # 123m 456m 789m 123s 456s 345p 789p + 99s, no kind held 3 times
W10_OTHERS = ["[444m]999m1235m12356s12356pBH", "999s12678m124678s124678pBH", "[QQQ]999p35678m34578s34578pB"]

PIAO = ("piao_hu", 50, 2, 1)
CLOSED = ("closed_piao", 0, 2, 1)
TAZI = ("tazi_hu", 20, 1, 1)
QINGHU = ("qing_hu", 100, 1, 1)
WAIT = ("wait_bonus", 10, 1, 1)
SELF = ("self_draw", 10, 1, 1)
KR = ("kong_replacement", 10, 1, 1)
ELDERS = ("three_elders", 0, 2, 1)


def WQ(n: int) -> tuple:
    return ("wenqian", {1: 20, 2: 50, 3: 100, 4: 200}[n], 1, n)


def CT(v: int) -> tuple:
    return ("concealed_triplet", v, 1, 1)


def won(total, base, settlement, others=(0, 0), items=None, partition=None):
    t1, t2 = (-(-b // 10) * 10 for b in others)
    return {"total": total, "base": [base, *others], "totals": [total, t1, t2], "settlement": settlement,
            "items": items, "partition": partition}


# (id, hand, context, rules, expectation) — every expectation worked by hand from the rules.
CASES = [
    # three held + a discarded fourth 1p = concealed triplet 4, not a pung: Closed Piao stays. 555m 666m 777s
    # 888s 4 each, BBB 4x2 = 8, 1p 4 → 28; Piao 50 + Wenqian 20 = 70; (28+70)x4 = 392 → 400. (#items,
    # #closed-piao)
    ("piao_discarded_fourth_keeps_closed", "555m666m777s888sBBB44m23p111p1p", {"indicators": ["2m", "3s"]}, None,
     won(400, 28, [800, -400, -400], items=[CT(4)] * 5 + [CT(8), PIAO, WQ(1), CLOSED])),
    # two held + the discard 9p = exposed pung 2: Piao x2 only. (26+70)x2 = 192 → 200. (#items, #piao-hu)
    ("piao_discard_completed_pung_opens", "555m666m777s888sBBB44m123p99p9p", {"indicators": ["2m", "3s"]}, None,
     won(200, 26, [400, -200, -200],
         items=[CT(4)] * 4 + [CT(8), ("exposed_pung", 2, 1, 1), PIAO, WQ(1)])),
    # Hezi Q cards do not make Three Elders. <QQ> 16x2x2x2 = 128, BBB HHH 4x2x2x2 = 32 each; Tazi 20 + pair
    # wait 10: 222 → 230 (Elders would give 444 → 450). (#three-elders)
    ("hezi_not_three_elders", "<QQ>BBBHHH123456789m234567s5p5p", {"indicators": ["Q", "Q"]}, None,
     won(230, 192, [460, -230, -230], items=[("tiandi_hezi", 128, 1, 1), CT(32), CT(32), TAZI, WAIT])),
    # Three Elders from a declaration <QQQQ> 16x2 = 32, a pung [BBB] 2x2 = 4 and HHH 4x2 = 8; (44 + 20 + 10)
    # x2 = 148 → 150. (#three-elders)
    ("three_elders_declaration_and_pung", "<QQQQ>[BBB]HHH123456789m234s5p5p", {"indicators": ["5m", "6p"]}, None,
     won(150, 44, [300, -150, -150],
         items=[("opening_declaration", 32, 1, 1), ("exposed_pung", 4, 1, 1), CT(8), TAZI, WAIT, ELDERS])),
    # the pair HH is not three H: no Three Elders. QQQ BBB 8 each; 16 + 20 + 10 = 46 → 50. (#three-elders)
    ("pair_cards_not_three_elders", "QQQBBB123456789m234s567pHH", {"indicators": ["5m", "6p"]}, None,
     won(50, 16, [100, -50, -50], items=[CT(8), CT(8), TAZI, WAIT])),
    # indicators 5m,5p: [555m] 2x2x2x2(exact) = 16, 555p exact 12x2x2 = 48, 555s 4x2x2 = 16 → 80; Tazi 20 + 3
    # of 123s 10 → 110. (#items; "How a unit is doubled", both indicators of its rank)
    ("two_same_rank_indicators", "[555m]555p555s123m789m789p12s77s3s", {"indicators": ["5m", "5p"]}, None,
     won(110, 80, [220, -110, -110],
         items=[("exposed_pung", 16, 1, 1), CT(48), CT(16), TAZI, WAIT])),
    # indicators H,B: [BBB] 2x2x2x2x2 = 32, [9999s] 8x2x2x2 = 64, HHH exact 12x2x2x2 = 96, QQQ 4x2x2x2 = 32 →
    # 224; (224 + 20 + 10) x2 (Elders) = 508 → 510. (#items; "How a unit is doubled", the old-general rows)
    ("old_general_two_old_indicators", "[BBB][9999s]HHHQQQ123456m234p5s5s", {"indicators": ["H", "B"]}, None,
     won(510, 224, [1020, -510, -510],
         items=[("exposed_pung", 32, 1, 1), ("exposed_kong", 64, 1, 1), CT(96), CT(32), TAZI, WAIT, ELDERS])),
    # 9m doubles 999p (rank 9) but not 9s; Q doubles [999s]: 2x2x2 = 8; 999p 4x2 = 8; 16 + 20 + middle 6p 10 =
    # 46 → 50. (#items; indicator_scope rank)
    ("nine_ranks_and_old_indicator", "[999s]999p123456789m234s11s57p6p", {"indicators": ["9m", "Q"]}, None,
     won(50, 16, [100, -50, -50], items=[("exposed_pung", 8, 1, 1), CT(8), TAZI, WAIT])),
    # <QQQ> with a Q indicator 16x2x2 = 64, no exact extra; Tazi 20 + Wenqian 20 + pair wait 10 → 114 → 120.
    # (#opening-declaration; declaration_exact_match false)
    ("old_declaration_no_exact_extra", "<QQQ>123456789m234567s123p8s8s", {"indicators": ["Q", "4p"]}, None,
     won(120, 64, [240, -120, -120],
         items=[("opening_declaration", 64, 1, 1), TAZI, WQ(1), WAIT])),
    # discard completes 2s with a 2s indicator: pung 2x2x2 = 8; Tazi 20 + Wenqian 20: 48 → 50. (#items; "The
    # winning card on a discard", the exact match)
    ("discard_pung_exact_match", "123456789m123345678p99s22s2s", {"indicators": ["2s", "7m"]}, None,
     won(50, 8, [100, -50, -50], items=[("exposed_pung", 8, 1, 1), TAZI, WQ(1)])),
    # the same hand self-drawn: concealed triplet exact 12x2 = 24; 24 + 20 + 20 + 10 = 74 → 80. (#items)
    ("self_drawn_triplet_exact_match", "123456789m123345678p99s22s2s", {"indicators": ["2s", "7m"],
                                                                        "self_draw": True}, None,
     won(80, 24, [160, -80, -80], items=[CT(24), TAZI, WQ(1), SELF])),
    # kong replacement + last card together: (48 + 20 + 10 + 10 + 10) x2 = 196 → 200. (#kong-replacement,
    # #last-tile)
    ("kong_replacement_and_last_tile", N02, {"indicators": ["4m", "1s"], "self_draw": True,
                                             "kong_replacement": True, "last_tile": True}, None,
     won(200, 48, [400, -200, -200],
         items=[("concealed_kong", 24, 1, 1), ("four_in_hand", 24, 1, 1), TAZI, SELF, KR, WAIT,
                ("last_tile", 0, 2, 1)])),
    # kong replacement after a claimed [XXXX]: 16 + 20 + 10 + 10 + pair 10 = 66 → 70. (#kong-replacement)
    ("kong_replacement_exposed_kong", "[5555m]{6666p}123s456s789s234m789m11p",
     {"indicators": ["2s", "3s"], "self_draw": True, "kong_replacement": True}, None,
     won(70, 16, [140, -70, -70],
         items=[("exposed_kong", 8, 1, 1), ("exposed_kong", 8, 1, 1), TAZI, SELF, KR, WAIT])),
    # four 1-2-3 coins inside a Piao: fours 12x3, QQQ 8, 555s 4, 777m 4 = 52; Piao 50 + Wenqian 200 + pair 10
    # = 260; x2 x2 (no pung) → 1248 → 1250 (111p222p333p123p gives 528). (#wenqian, #piao-hu)
    ("piao_with_four_wenqian", "123123123123pQQQ555s777m9m9m", {"indicators": ["8s", "8m"]}, None,
     won(1250, 52, [2500, -1250, -1250],
         items=[CT(4), CT(4), CT(8), ("four_in_hand", 12, 1, 1), ("four_in_hand", 12, 1, 1),
                ("four_in_hand", 12, 1, 1), PIAO, WQ(4), WAIT, CLOSED],
         partition=["777m", "555s", "123p", "123p", "123p", "123p", "QQQ", "99m"])),
    # ready allows opening declarations: <HHHH> 64, <666m> 32, 333s 4 = 100; (100 + 20 + middle 7s 10) x2 =
    # 260. (#opening-declaration, #ready)
    ("ready_with_declarations", "<HHHH><666m>333s123m456789p68s55s7s", {"indicators": ["6m", "B"], "ready": True},
     None,
     won(260, 100, [520, -260, -260],
         items=[("opening_declaration", 64, 1, 1), ("opening_declaration", 32, 1, 1), CT(4), TAZI, WAIT,
                ("ready", 0, 2, 1)])),
    # wait: the 3 of a 1-2-3 of characters (any suit): Qing 100 + 10. (#wait-bonus)
    ("wait_3_of_123_any_suit", QING, {"indicators": ["5p", "6p"]}, None,
     won(110, 0, [220, -110, -110], items=[QINGHU, WAIT])),
    # wait: the 1 of 1-2-3 is an edge: nothing. (#wait-bonus)
    ("no_wait_1_of_123", "23456789m123456s789p345p99s1m", {"indicators": ["5p", "6p"]}, None,
     won(100, 0, [200, -100, -100], items=[QINGHU])),
    # wait: the 7 of 7-8-9 of coins. (#wait-bonus)
    ("wait_7_of_789", "123456789m123456s89p345p99s7p", {"indicators": ["5p", "6p"]}, None,
     won(110, 0, [220, -110, -110], items=[QINGHU, WAIT])),
    # wait: the 9 of 7-8-9 is an edge. (#wait-bonus)
    ("no_wait_9_of_789", "123456789m123456s78p345p99s9p", {"indicators": ["5p", "6p"]}, None,
     won(100, 0, [200, -100, -100], items=[QINGHU])),
    # wait: the 3 of 3-4-5 is an edge (only 1-2-3 has a "3" wait). (#wait-bonus)
    ("no_wait_3_of_345", "123456789m123456s789p45p99s3p", {"indicators": ["5p", "6p"]}, None,
     won(100, 0, [200, -100, -100], items=[QINGHU])),
    # wait: the middle of 3-4-5. (#wait-bonus)
    ("wait_middle", "123456789m123456s789p35p99s4p", {"indicators": ["5p", "6p"]}, None,
     won(110, 0, [220, -110, -110], items=[QINGHU, WAIT])),
    # wait: the 5 of 3-4-5 is an edge. (#wait-bonus)
    ("no_wait_5_of_345", "123456789m123456s789p34p99s5p", {"indicators": ["5p", "6p"]}, None,
     won(100, 0, [200, -100, -100], items=[QINGHU])),
    # self-draw and the wait bonus add up: 100 + 10 + 10 = 120. (#self-draw, #wait-bonus)
    ("self_draw_plus_wait", QING, {"indicators": ["5p", "6p"], "self_draw": True}, None,
     won(120, 0, [240, -120, -120], items=[QINGHU, SELF, WAIT])),
    # non-winners, 2222p in hand = four in hand 12 + HHH 8 = 20; [666p] exact pung 2x2x2 = 8 + 111s 4 = 12 →
    # 20. Totals 110, 20, 20 → +180, -90, -90. (#items, #payments)
    ("others_four_in_hand_and_exact_pung", QING,
     {"indicators": ["5p", "6p"], "others": ["2222pHHH14789m23578s14pBQ9p", "[666p]111s234569m34689s18pBQ7p"]},
     None, won(110, 0, [180, -90, -90], others=(20, 12))),
    # an explicit self_draw true beside heavenly is no contradiction and earns +10 once (W8). (#heavenly-win;
    # heavenly_self_draw)
    ("heavenly_explicit_self_draw", W8, {"indicators": ["H", "2m"], "heavenly": True, "self_draw": True}, None,
     won(460, 84, [920, -460, -460])),
    # Q, B, H never form a sequence: right count, no seven groups + pair → valid false, total 0. (#what-wins)
    ("qbh_is_no_sequence", "123456789m234567s123p99pQBH", {"indicators": ["5p", "6p"]}, None,
     {"valid": False}),
]

EXHAUSTED = [
    # <33m> Hezi 16x2x2 = 64 → 70; {5555s} 8 + QQQ 8 = 16 → 20; (6666p) 12 + 333p 4x2x2 = 16 → 28 → 30.
    # Settlement 140-20-30 = +90, 40-70-30 = -60, 60-70-20 = -30. (#payments, "Exhausted deal")
    ("exhausted_hezi_added_kong", {"indicators": ["3m", "3m"], "exhausted": True,
                                   "others": ["<33m>124567m124678s124578p9m9s9pB",
                                              "{5555s}QQQ12m89m12p89p12s78sBHH6m",
                                              "(6666p)333p4567m234678s79pBQ9m1s"]},
     [64, 16, 28], [70, 20, 30], [90, -60, -30]),
]

ERRORS = [
    # (id, hand, context, the code expected first) — docs/rules/nantong.md#errors
    ("pung_of_two", "[77m]7m123456m234678s35p789p66p4p", {"indicators": ["5m", "8p"]}, "bad_meld"),  # 2.3.1
    ("added_kong_of_three", "{777m}123456m234678s35p789p66p4p", {"indicators": ["5m", "8p"]}, "bad_meld"),  # 2.3.1
    ("declaration_of_five", "<77777m>123456m234678s35p789p66p4p", {"indicators": ["5m", "8p"]},
     "bad_meld"),  # 2.3.1
    ("sixz_foreign", "[777m]123456m234678s35p789p6z6p4p", {"indicators": ["5m", "8p"]}, "foreign_tile"),  # 2.1
    ("flower_foreign", "[777m]123456m234678s35p789p5f6p4p", {"indicators": ["5m", "8p"]}, "foreign_tile"),  # 2.1
    ("old_declaration_no_indicator", "<QQQ>123456789m234567s123p8s8s", {"indicators": ["B", "4p"]},
     "bad_declaration"),  # 2.3.2
    ("others_declaration_no_indicator", W1,
     {"indicators": ["5m", "8p"], "others": [W1_OTHER0, "<222s>QQQ1469m34567s13679pBB"]},
     "bad_declaration"),  # 2.3.2 applies to others too
    ("others_hezi_wrong_indicators", W1,
     {"indicators": ["5m", "8p"], "others": [W1_OTHER0, "<22s>[888s]QQQ1469m34567s123679pB"]},
     "bad_declaration"),  # 2.3.2
    ("copies_winner_and_others", W1,
     {"indicators": ["5m", "8p"], "others": [W1_OTHER0, "[888s]QQQ1469m246s123679pB77m"]},
     "too_many_copies"),  # 2.3.3: [777m] + 77m
    ("copies_hezi_and_indicators", "<44p>123456789m234567s123p678p8s4p", {"indicators": ["4p", "4p"]},
     "too_many_copies"),  # 2.3.3: two 4p indicators + <44p> + 4p
    ("copies_exhausted", None,
     {"indicators": ["9s", "9m"], "exhausted": True, "others": [*W10_OTHERS[:2], "[QQQ]999p35678m34578s34578p9m"]},
     "too_many_copies"),  # 2.3.3: 999m + 9m + the 9m indicator
    ("hezi_count", "<44p>123456789m234567s123p678p8s", {"indicators": ["4p", "4p"]}, "tile_count"),  # 2.1: 25
    ("exhausted_holding_count", None,
     {"indicators": ["9s", "9m"], "exhausted": True, "others": [W10_OTHERS[0] + "1p", *W10_OTHERS[1:]]},
     "tile_count"),  # 2.1: every exhausted holding has 22
    ("others_claim_digit_2", W1,
     {"indicators": ["5m", "8p"], "others": ["[111s,2]999m2388m5599s1245pQBHH", "[888s]QQQ1469m23467s123679pB"]},
     "bad_claim_digit"),  # 2.1
    ("ready_concealed_kong", N02, {"indicators": ["4m", "1s"], "ready": True}, "contradiction"),  # 2.3.5
    ("ready_exposed_kong", "[5555m]{6666p}123s456s789s234m789m11p", {"indicators": ["2s", "3s"], "ready": True},
     "contradiction"),  # 2.3.5
    ("first_discard_with_pung", W1, {"indicators": ["5m", "8p"], "dealer_first_discard": True},
     "contradiction"),  # 2.3.5
    ("heavenly_added_kong", "{6666p}QQQBBBHHH456789m111s55s", {"indicators": ["H", "2m"], "heavenly": True},
     "contradiction"),  # 2.3.5
    ("heavenly_last_tile", W8, {"indicators": ["H", "2m"], "heavenly": True, "self_draw": True, "last_tile": True},
     "contradiction"),  # 2.3.5
    ("heavenly_first_discard", W8, {"indicators": ["H", "2m"], "heavenly": True, "dealer_first_discard": True},
     "contradiction"),  # 2.3.5
    ("win_tile_only_in_meld", W1, {"indicators": ["5m", "8p"], "win_tile": "7m"}, "bad_win_tile"),  # 2.3.5
    ("exhausted_two_holdings", None, {"indicators": ["9s", "9m"], "exhausted": True, "others": W10_OTHERS[:2]},
     "bad_others"),  # 2.2
    ("three_indicators", W1, {"indicators": ["5m", "8p", "9p"]}, "bad_indicator"),  # 2.2
    # the order of #errors: a declaration error is reported before a context contradiction ...
    ("order_declaration_before_context", W1,
     {"indicators": ["5m", "8p"], "ready": True, "others": [W1_OTHER0, "<222s>QQQ1469m34567s13679pBB"]},
     "bad_declaration"),
    # ... a bad declaration (2) in the winner's hand before its wrong card count (4) ...
    ("order_declaration_before_count", "<777m>123456m234678s35p789p66p4p6p", {"indicators": ["5m", "8p"]},
     "bad_declaration"),
    # ... and a card-count error (4) of an entry of others before a contradiction (5).
    ("order_count_before_context", W1,
     {"indicators": ["5m", "8p"], "ready": True, "others": ["[111s]999m2388m5599s1245pQBH", W1_OTHER0]},
     "tile_count"),
]


@pytest.mark.parametrize(("hand", "ctx", "rules", "exp"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_won_deal(hand, ctx, rules, exp):
    r = scorer.score(V, hand, ctx, rules)
    if exp.get("valid") is False:
        assert r.valid is False and r.total == 0 and r.reason
        assert sum(r.payments.values()) == 0
        return
    assert r.valid is True
    assert r.total == exp["total"]
    bh = r.details["base_hu"]
    assert [bh["0"], bh["1"], bh["2"]] == exp["base"]
    assert [r.details["totals"][s] for s in "012"] == exp["totals"]
    assert [r.payments[s] for s in "012"] == exp["settlement"]
    if exp["items"] is not None:
        got = sorted((i.id, i.points, i.factor, i.count) for i in r.items)
        assert got == sorted(exp["items"])
    if exp["partition"] is not None:
        assert sorted(r.partition) == sorted(exp["partition"])


@pytest.mark.parametrize(("ctx", "base", "totals", "settlement"), [c[1:] for c in EXHAUSTED],
                         ids=[c[0] for c in EXHAUSTED])
def test_exhausted(ctx, base, totals, settlement):
    r = scorer.score(V, None, ctx)
    assert r.total == 0 and r.valid is True and not r.items
    assert r.details["winner_total"] is None
    assert [r.details["base_hu"][s] for s in "012"] == base
    assert [r.details["totals"][s] for s in "012"] == totals
    assert [r.payments[s] for s in "012"] == settlement


@pytest.mark.parametrize(("hand", "ctx", "code"), [c[1:] for c in ERRORS], ids=[c[0] for c in ERRORS])
def test_error(hand, ctx, code):
    with pytest.raises(HandError) as err:
        scorer.score(V, hand, ctx)
    assert err.value.code == code, str(err.value)


def test_every_problem_reported_in_spec_order():
    # a declaration problem and a contradiction are both reported, in that order (#errors).
    ctx = {"indicators": ["5m", "8p"], "ready": True, "others": [W1_OTHER0, "<222s>QQQ1469m34567s13679pBB"]}
    with pytest.raises(HandError) as err:
        scorer.score(V, W1, ctx)
    assert [p.code for p in err.value.problems] == ["bad_declaration", "contradiction"]
