"""Riichi (docs/rules/riichi.md): every yaku and yakuman, the fu, the limits and presets, the
payments with honba and riichi sticks, red fives, and every contradiction of the context."""

from __future__ import annotations

import pytest

from scorer import engine
from scorer.errors import HandError
from scorer.notation import format_hand, parse, parse_tile
from scorer.variants.riichi.checks import NOTATION, next_tile


def score(hand: str, rules=None, **context):
    return engine.score("riichi", hand, context, rules)


def ids(result) -> list[str]:
    return [i.id for i in result.items]


def problems(hand: str, rules=None, **context) -> list[str]:
    with pytest.raises(HandError) as err:
        score(hand, rules, **context)
    return [p.message for p in err.value.problems]


PINFU_HAND = "234m456p678s22s34m5m"  # 234m 345m 456p 678s 22s, won on 5m (two-sided)

# (hand, context, rules, items scored, han, fu, total): docs/rules/riichi.md#items
YAKU = [
    (PINFU_HAND, {"seat_wind": "S", "riichi": True}, None, ["riichi", "pinfu", "tanyao"], 3, 30, 3900),
    (PINFU_HAND, {"seat_wind": "S", "double_riichi": True}, None, ["double_riichi", "pinfu", "tanyao"], 4, 30, 7700),
    (PINFU_HAND, {"seat_wind": "S", "riichi": True, "ippatsu": True}, None,
     ["riichi", "ippatsu", "pinfu", "tanyao"], 4, 30, 7700),
    (PINFU_HAND, {"seat_wind": "S", "self_draw": True}, None, ["menzen_tsumo", "pinfu", "tanyao"], 3, 20, 2700),
    ("[234m]456p678s22s34m5m", {"seat_wind": "S"}, None, ["tanyao"], 1, 30, 1000),
    ("223344m667788p5s5s", {"seat_wind": "S"}, None, ["tanyao", "ryanpeikou"], 4, 40, 8000),
    ("223344m456p678s5p5p", {"seat_wind": "S"}, None, ["tanyao", "iipeikou"], 2, 40, 2600),
    ("[PPP]234m567p789s1s1s", {"seat_wind": "S"}, None, ["yakuhai_haku"], 1, 30, 1000),
    ("[FFF]234m567p789s1s1s", {"seat_wind": "S"}, None, ["yakuhai_hatsu"], 1, 30, 1000),
    ("[CCC]234m567p789s1s1s", {"seat_wind": "S"}, None, ["yakuhai_chun"], 1, 30, 1000),
    ("[SSS]234m567p789s1s1s", {"seat_wind": "S", "round_wind": "S"}, None, ["seat_wind", "round_wind"], 2, 30, 2000),
    ("[EEE]234m567p789s1s1s", {"seat_wind": "S"}, None, ["round_wind"], 1, 30, 1000),
    ("[234m]456p678s22s34m5m", {"seat_wind": "S", "self_draw": True, "last_wall": True}, None,
     ["tanyao", "haitei"], 2, 30, 2000),
    ("[234m]456p678s22s34m5m", {"seat_wind": "S", "last_wall": True}, None, ["tanyao", "houtei"], 2, 30, 2000),
    ("(2222m)345p678s456m9s9s", {"seat_wind": "S", "self_draw": True, "kong_win": True}, None,
     ["menzen_tsumo", "rinshan"], 2, 40, 2700),
    (PINFU_HAND, {"seat_wind": "S", "kong_win": True}, None, ["pinfu", "tanyao", "chankan"], 3, 30, 3900),
    ("11m33m55p77p99sEESS", {"seat_wind": "S"}, None, ["chiitoitsu"], 2, 25, 1600),
    ("123m789m123p789s1s1s", {"seat_wind": "S"}, None, ["junchan"], 3, 40, 5200),
    ("123m789p789sEEE9m9m", {"seat_wind": "S"}, None, ["round_wind", "chanta"], 3, 40, 5200),
    ("123456789m234p5s5s", {"seat_wind": "S"}, None, ["ittsu"], 2, 40, 2600),
    ("234m234p234s678m5p5p", {"seat_wind": "S"}, None, ["tanyao", "sanshoku"], 3, 40, 5200),
    ("222m222p222s456m8p8p", {"seat_wind": "S"}, None, ["tanyao", "sanshoku_doukou", "sanankou"], 5, 50, 8000),
    ("[111m][999p]222sEEE5p5p", {"seat_wind": "S"}, None, ["round_wind", "toitoi"], 3, 50, 6400),
    ("222m444p666s456m8p8p", {"seat_wind": "S", "riichi": True}, None, ["riichi", "tanyao", "sanankou"], 4, 50, 8000),
    ("(2222m)(3333p)[4444s]678m5p5p", {"seat_wind": "S"}, None, ["tanyao", "sankantsu"], 3, 70, 8000),
    ("[PPP][FFF]234m567pCC", {"seat_wind": "S"}, None, ["yakuhai_haku", "yakuhai_hatsu", "shousangen"], 4, 40, 8000),
    ("[111m][999p]EEESSS9s9s", {"seat_wind": "S", "round_wind": "W"}, None,
     ["seat_wind", "toitoi", "honroutou"], 5, 50, 8000),
    ("123m456m789m234m5m5m", {"seat_wind": "S"}, None, ["ittsu", "chinitsu"], 8, 40, 16000),
    ("123m456m789mEEE5m5m", {"seat_wind": "S", "round_wind": "S"}, None, ["ittsu", "honitsu"], 5, 40, 8000),
    ("[123m][789m]456mEEE5m5m", {"seat_wind": "S"}, None, ["round_wind", "ittsu", "honitsu"], 4, 30, 7700),
    (PINFU_HAND, {"seat_wind": "S", "first_turn": True}, "ema", ["pinfu", "tanyao", "renhou"], 7, 30, 12000),
]


@pytest.mark.parametrize(("hand", "context", "rules", "items", "han", "fu", "total"), YAKU,
                         ids=[f"{c[3][-1]}:{c[0]}" for c in YAKU])
def test_yaku(hand, context, rules, items, han, fu, total):
    r = score(hand, rules, **context)
    assert r.valid and ids(r) == items
    assert (r.details["han"], r.details["fu"], r.total) == (han, fu, total)
    assert sum(i.points * i.count for i in r.items) == han
    assert sum(r.payments.values()) == 0


# (hand, context, yakuman id, total): docs/rules/riichi.md#items
YAKUMAN = [
    ("119m19p19sESWNCFP", {"seat_wind": "S"}, "kokushi", 32000),
    ("19m19p19sESWNCFP1m", {"seat_wind": "S", "self_draw": True}, "kokushi_13", 32000),
    ("111m333p555s77sEEE", {"seat_wind": "S", "self_draw": True}, "suuankou", 32000),
    ("111m333p555sEEE7s7s", {"seat_wind": "S"}, "suuankou_tanki", 32000),
    ("[PPP][FFF]CCC234m5s5s", {"seat_wind": "S"}, "daisangen", 32000),
    ("[EEE][SSS]WWW234mNN", {"seat_wind": "W"}, "shousuushii", 32000),
    ("[EEE][SSS]WWWNNN5m5m", {"seat_wind": "W"}, "daisuushii", 32000),
    ("[EEE][SSS]PPPCCCFF", {"seat_wind": "W"}, "tsuuiisou", 32000),
    ("234s234s666s888sFF", {"seat_wind": "S"}, "ryuuiisou", 32000),
    ("[111m][999p]111s999s9m9m", {"seat_wind": "S"}, "chinroutou", 32000),
    ("1112245678999m3m", {"seat_wind": "S"}, "chuuren", 32000),
    ("1112345678999m5m", {"seat_wind": "S"}, "junsei_chuuren", 32000),
    ("(1111m)[2222p]{3333s}(4444s)5m5m", {"seat_wind": "S"}, "suukantsu", 32000),
    (PINFU_HAND, {"self_draw": True, "first_turn": True}, "tenhou", 48000),
    (PINFU_HAND, {"seat_wind": "S", "self_draw": True, "first_turn": True}, "chiihou", 32000),
]


@pytest.mark.parametrize(("hand", "context", "yakuman", "total"), YAKUMAN, ids=[c[2] for c in YAKUMAN])
def test_yakuman(hand, context, yakuman, total):
    r = score(hand, **context)
    assert ids(r) == [yakuman] and r.total == total
    assert r.details["han"] == 13 and r.details["limit"] == "yakuman"
    # a yakuman hand scores its yakuman only: its ordinary yaku go to excluded
    assert all(e.by == yakuman and e.principle == "yakuman_only" for e in r.excluded)


def test_renhou_as_yakuman_and_not_scored():
    r = score(PINFU_HAND, {"renhou": "yakuman"}, seat_wind="S", first_turn=True)
    assert ids(r) == ["renhou_yakuman"] and r.total == 32000
    plain = score(PINFU_HAND, seat_wind="S", first_turn=True)  # tenhou: renhou none
    assert ids(plain) == ["pinfu", "tanyao"] and plain.total == 2000


def test_seven_pairs_with_yakuman_and_with_flush():
    assert ids(score("EESSWWNNPPFFCC", seat_wind="S")) == ["tsuuiisou"]
    r = score("11224455778899p", seat_wind="S", riichi=True)
    assert ids(r) == ["riichi", "chiitoitsu", "chinitsu"] and r.details["fu"] == 25


def test_four_alike_are_not_two_pairs():
    r = score("11112233445566m", seat_wind="S")  # read as sets, never as seven pairs
    assert "chiitoitsu" not in ids(r)


def test_excluded_lower_yaku():
    r = score(PINFU_HAND, seat_wind="S", riichi=True, double_riichi=True)
    assert [(e.id, e.by, e.principle) for e in r.excluded] == [("riichi", "double_riichi", "high_over_low")]
    assert [(e.id, e.by) for e in score("123m789m123p789s1s1s", seat_wind="S").excluded] == [("chanta", "junchan")]
    assert [(e.id, e.by) for e in score("223344m667788p5s5s", seat_wind="S").excluded] == [("iipeikou", "ryanpeikou")]


def test_the_reading_worth_most_is_taken():
    # ryanpeikou (4 sets) over chiitoitsu on the same tiles
    r = score("223344m667788p5s5s", seat_wind="S")
    assert "chiitoitsu" not in ids(r) and len(r.partition) == 5
    # 2344m won on 4m: a pair wait (no yaku) or 23m waiting two-sided with 44m the pair (pinfu)
    r = score("123m567p789s2344m4m", seat_wind="S")
    assert ids(r) == ["pinfu"] and r.details["fu"] == 30


# --- fu: docs/rules/riichi.md#fu -------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "context", "fu", "reasons"), [
    (PINFU_HAND, {"seat_wind": "S"}, 30, ["base", "closed_ron"]),
    (PINFU_HAND, {"seat_wind": "S", "self_draw": True}, 20, ["base"]),
    ("[234m]456p678s22s34m5m", {"seat_wind": "S"}, 30, ["base", "open_pinfu"]),
    ("11m33m55p77p99sEESS", {"seat_wind": "S"}, 25, ["chiitoitsu"]),
    ("555m123p789sEE12m3m", {"seat_wind": "S", "riichi": True}, 40,
     ["base", "closed_ron", "closed_pon", "valued_pair", "penchan"]),
    ("555m123p789sEE13m2m", {"seat_wind": "S", "riichi": True}, 40,
     ["base", "closed_ron", "closed_pon", "valued_pair", "kanchan"]),
    ("123m456p789sEE55m5m", {"seat_wind": "E", "riichi": True}, 40,  # EE: seat and round wind
     ["base", "closed_ron", "open_pon", "double_valued_pair"]),
    ("(9999m)[1111p]234s567sPP", {"seat_wind": "S", "self_draw": True}, 80,
     ["base", "tsumo", "closed_terminal_kan", "open_terminal_kan", "valued_pair", "pair_wait"]),
    ("19m19p19sESWNCFP1m", {"seat_wind": "S"}, 0, []),
])
def test_fu(hand, context, fu, reasons):
    r = score(hand, **context)
    assert r.details["fu"] == fu
    assert [i["reason"] for i in r.details["fu_items"]] == reasons
    raw = sum(i["fu"] for i in r.details["fu_items"])
    assert raw == fu if fu in (0, 25) else -(-raw // 10) * 10 == fu


# --- limits and presets: docs/rules/riichi.md#value, docs/rules/riichi.md#rule-options-and-presets ----

def test_kazoe_by_preset():
    hand = "11223344556677p"  # riichi pinfu ryanpeikou chinitsu + 2 dora = 13 han
    tenhou = score(hand, seat_wind="S", riichi=True, dora_indicators="1p")
    assert (tenhou.details["han"], tenhou.details["limit"], tenhou.total) == (13, "kazoe_yakuman", 32000)
    ema = score(hand, "ema", seat_wind="S", riichi=True, dora_indicators="1p")
    assert (ema.details["han"], ema.details["limit"], ema.total) == (13, "sanbaiman", 24000)


def test_kiriage():
    ctx = {"seat_wind": "S", "riichi": True, "dora_indicators": "1p1m"}  # 4 han 30 fu
    assert score(PINFU_HAND, **ctx).total == 7700
    r = score(PINFU_HAND, {"kiriage": True}, **ctx)
    assert (r.total, r.details["limit"]) == (8000, "mangan")
    assert r.rules["preset"] == "tenhou+custom" and r.rules["kiriage"] is True


def test_aka_by_preset():
    hand = "234m456p678s22s34m0m"
    assert "aka_dora" in ids(score(hand, seat_wind="S"))
    r = score(hand, "wrc", seat_wind="S")
    assert "aka_dora" not in ids(r) and r.details["dora"]["aka_dora"] == 0


def test_open_tanyao_off_leaves_no_yaku():
    r = score("[234m]456p678s22s34m5m", {"open_tanyao": False}, seat_wind="S", dora_indicators="1m")
    assert not r.valid and r.reason == "no yaku" and r.total == 0
    assert ids(r) == ["dora"] and r.details["dora"]["dora"] == 1
    assert set(r.payments.values()) == {0}


def test_double_yakuman_and_stacking():
    kokushi13 = "19m19p19sESWNCFP1m"
    r = score(kokushi13, "mahjongsoul", seat_wind="S")
    assert (r.details["han"], r.details["limit"], r.total) == (26, "2x_yakuman", 64000)
    assert [i.points for i in r.items] == [26]
    # daisangen + tsuuiisou stack under tenhou, one yakuman under wrc
    hand = "[EEE]PPPFFFCCCSS"
    assert score(hand, seat_wind="S").details["limit"] == "2x_yakuman"
    wrc = score(hand, "wrc", seat_wind="S")
    assert ids(wrc) == ["daisangen"] and wrc.total == 32000
    assert ("tsuuiisou", "daisangen", "one_yakuman") in [(e.id, e.by, e.principle) for e in wrc.excluded]
    # a double yakuman alone is paid as one without stacking
    one = score(kokushi13, {"double_yakuman": True, "yakuman_stack": False}, seat_wind="S")
    assert one.details["han"] == 13 and one.total == 32000


def test_presets_echo_and_partial_rules():
    r = score(PINFU_HAND, {"preset": "wrc", "aka": True}, seat_wind="S")
    assert r.rules == {"preset": "wrc+custom", "open_tanyao": True, "aka": True, "double_yakuman": False,
                       "yakuman_stack": False, "kazoe": "sanbaiman", "kiriage": False, "renhou": "none"}
    assert score(PINFU_HAND, seat_wind="S").rules["preset"] == "tenhou"
    with pytest.raises(HandError) as err:
        score(PINFU_HAND, {"yakitori": True})
    assert "yakitori" in str(err.value)
    with pytest.raises(HandError):
        score(PINFU_HAND, "majsoul")


# --- payments: docs/rules/riichi.md#who-pays ----------------------------------------------------------

def test_payments_with_honba_and_sticks():
    ron = score(PINFU_HAND, seat_wind="S", discarder="W", honba=2, riichi_sticks=3)
    assert ron.total == 2000 and ron.payments == {"E": 0, "S": 2600, "W": -2600, "N": 0}
    assert ron.details["riichi_sticks"] == 3000 and ron.details["cost"] == {"main": 2000, "additional": 0}
    tsumo = score(PINFU_HAND, seat_wind="S", self_draw=True, honba=2)
    assert tsumo.total == 2700 and tsumo.payments == {"E": -1500, "S": 3300, "W": -900, "N": -900}
    assert tsumo.details["cost"] == {"main": 1300, "additional": 700}
    dealer = score(PINFU_HAND, self_draw=True, honba=1)
    assert dealer.total == 3900 and dealer.details["dealer"]
    assert dealer.payments == {"E": 4200, "S": -1400, "W": -1400, "N": -1400}
    dealer_ron = score(PINFU_HAND, discarder="N")
    assert dealer_ron.total == 2900 and dealer_ron.payments["N"] == -2900


def test_default_discarder_is_the_seat_before():
    r = score(PINFU_HAND, seat_wind="W")
    assert r.payments["S"] == -r.total
    assert r.context_used.values["discarder"] == "S"


# --- dora: docs/rules/riichi.md#dora ------------------------------------------------------------------

def test_indicators_point_at_the_next_tile():
    pairs = [("9m", "1m"), ("1p", "2p"), ("E", "S"), ("N", "E"), ("P", "F"), ("F", "C"), ("C", "P")]
    assert all(next_tile(parse_tile(a)) == parse_tile(b) for a, b in pairs)
    r = score(PINFU_HAND, seat_wind="S", riichi=True, dora_indicators="0p")  # a red indicator points at 6p
    assert r.details["dora"]["dora"] == 1


def test_a_red_five_is_also_a_five_for_dora():
    r = score("234m456p678s22s34m0m", seat_wind="S", riichi=True, dora_indicators="4m", ura_dora_indicators="3m")
    assert r.details["dora"] == {"dora": 1, "aka_dora": 1, "ura_dora": 2}  # 5m (red), 4m twice
    assert r.details["han"] == 3 + 4


def test_yakuman_takes_no_dora():
    r = score("[PPP][FFF]CCC234m5s5s", seat_wind="S", dora_indicators="4s")
    assert ids(r) == ["daisangen"] and ("dora", "daisangen") in [(e.id, e.by) for e in r.excluded]


# --- notation: red fives -----------------------------------------------------------------------------

def test_red_fives_read_and_echoed():
    assert score("[406p]0m55m123s789sEE", seat_wind="S").hand == "[406p]055m123789sEE"
    assert score("234m456p678s22s34m0m", seat_wind="S").hand == "23344m456p22678s0m"  # won on the red five
    for text in ("[406p]123m789s0s55sEE", "[505p]123m789s0s55sEE", "(5550m)123m789s55sEEE"):
        hand = parse(text, NOTATION)
        assert parse(format_hand(hand), NOTATION) == hand


def test_zero_stays_an_error_elsewhere():
    with pytest.raises(HandError) as err:
        engine.score("mcr", "234m456p678s22s34m0m", {})
    assert err.value.problems[0].code == "zero_rank"


def test_two_red_fives_of_a_suit():
    with pytest.raises(HandError) as err:
        score("0m0m5m123p456p789sEE", seat_wind="S")
    assert "second red five 0m" in err.value.problems[0].message


# --- errors: docs/rules/riichi.md#context -------------------------------------------------------------

@pytest.mark.parametrize(("hand", "context", "words"), [
    ("[234m]456p678s22s34m5m", {"riichi": True}, "riichi needs a concealed hand"),
    ("[234m]456p678s22s34m5m", {"double_riichi": True}, "double_riichi needs a concealed hand"),
    (PINFU_HAND, {"ippatsu": True}, "ippatsu needs riichi"),
    (PINFU_HAND, {"dora_indicators": "1m", "ura_dora_indicators": "1p"}, "ura_dora_indicators are only seen"),
    (PINFU_HAND, {"riichi": True, "dora_indicators": "1m", "ura_dora_indicators": "1p2p"}, "2 tiles, more than the dora indicators (1 tile)"),
    (PINFU_HAND, {"self_draw": True, "kong_win": True}, "needs a kan in the hand"),
    (PINFU_HAND, {"kong_win": True, "seat_wind": "S"}, None),
    ("234m456p678s22s44m4m", {"kong_win": True, "seat_wind": "S"}, "no other 4m"),
    (PINFU_HAND, {"kong_win": True, "last_wall": True, "seat_wind": "S"}, "the robbed tile is not a discard"),
    ("(2222m)345p678s456m9s9s", {"kong_win": True, "last_wall": True, "self_draw": True},
     "never the wall's last tile"),
    (PINFU_HAND, {"kong_win": True, "seat_wind": "S", "dora_indicators": "5m"}, "no 5m can be an indicator"),
    ("(2222m)345p678s456m9s9s", {"first_turn": True, "self_draw": True}, "first_turn needs a hand with no call"),
    (PINFU_HAND, {"first_turn": True, "riichi": True, "self_draw": True}, "first_turn and riichi"),
    (PINFU_HAND, {"first_turn": True}, "first_turn for the dealer"),
    (PINFU_HAND, {"seat_wind": "S", "discarder": "S"}, "discarder S is the winner's own seat"),
    ("555m123p789sEE12m3m", {"riichi": True, "dora_indicators": "5m5m"}, "5 copies of 5m"),
    (PINFU_HAND[:-2] + "0m", {"dora_indicators": "0m"}, "2 red fives 0m"),
    (PINFU_HAND, {"dora_indicators": "1m2m3m4m5m6m"}, "6 tiles, at most 5"),
    (PINFU_HAND, {"dora_indicators": "1x"}, "dora_indicators '1x'"),
])
def test_contradictions(hand, context, words):
    if words is None:  # the winning tile is the only one of its kind: chankan is fine
        assert score(hand, **context).valid
        return
    found = problems(hand, **context)
    assert any(words in message for message in found), found


def test_every_contradiction_at_once():
    found = problems("[234m]456p678s22s34m5m", seat_wind="S", riichi=True, ippatsu=True, self_draw=True,
                     kong_win=True, discarder="S")
    assert len(found) == 3  # riichi and ippatsu on an open hand, rinshan without a kan (discarder ignored)


def test_counts_and_winning_shape():
    with pytest.raises(HandError) as err:
        score("234m456p678s22s34m")
    assert err.value.problems[0].code == "tile_count"
    r = score("123m456p789s11p22z0m")
    assert not r.valid and r.reason == "not a winning hand"


def test_explain_lists_every_reading():
    r = engine.score("riichi", "223344m667788p5s5s", {"seat_wind": "S"}, None, explain=True)
    shapes = {v.shape for v in r.readings}
    assert {"standard", "chiitoitsu"} <= shapes
    assert sum(v.chosen for v in r.readings) == 1
    chosen = next(v for v in r.readings if v.chosen)
    assert chosen.total == r.total
