"""What people paste: glyphs, fullwidth, Chinese tile names, ChineseOfficialMahjongHelper strings.

Every problem is reported at its position in the text as typed and quotes what was typed; ASCII
notation reads exactly as before (tests/test_notation.py, tests/test_fastparse.py).
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli.render import glyphs_of
from scorer.engine import score
from scorer.errors import HandError
from scorer.hand import Exposure, Hand, Meld, MeldKind
from scorer.notation import (
    LONG_CARDS,
    MAX_LENGTH,
    MAX_RAW_LENGTH,
    STANDARD,
    SUITED_16,
    format_hand,
    parse,
    parse_tiles,
)
from scorer.pasted import read
from scorer.tiles import flower_glyph, glyph, tile_name

ASCII = "[123m]456789m555pCC"  # self-drawn, seat S: 19 (清龙 16, 缺一门, 单钓将, 自摸)


def problems(text: str, **kwargs) -> list[tuple[str, int | None]]:
    with pytest.raises(HandError) as info:
        parse(text, **kwargs)
    for p in info.value.problems:
        assert p.message and (p.position is None or 0 <= p.position < len(text))
    return [(p.code, p.position) for p in info.value.problems]


def messages(text: str, **kwargs) -> list[str]:
    with pytest.raises(HandError) as info:
        parse(text, **kwargs)
    return [p.message for p in info.value.problems]


# ------------------------------------------------------------------------------- the same hand, pasted

SAME_HAND = [
    pytest.param("[🀇🀈🀉]🀊🀋🀌🀍🀎🀏🀝🀝🀝🀄🀄", id="glyphs"),
    pytest.param("[🀇🀈🀉]🀊🀋🀌🀍🀎🀏🀝🀝🀝🀄\ufe0f🀄\ufe0e", id="glyphs-variation-selectors"),
    pytest.param("[ 🀇 🀈 🀉 ] 🀊🀋🀌 🀍🀎🀏 🀝🀝🀝 🀄🀄", id="glyphs-spaced"),
    pytest.param("【１２３ｍ】４５６７８９ｍ５５５ｐＣＣ", id="fullwidth-ime-brackets"),
    pytest.param("［１２３ｍ］\u3000４５６７８９ｍ\u3000５５５ｐ\u3000ＣＣ", id="fullwidth-ideographic-space"),
    pytest.param("[一二三万]四五六七八九万五五五筒红中红中", id="chinese"),
    pytest.param("[一 二 三 萬]四五六 七八九萬 五五五餅 紅中 紅中", id="chinese-traditional-spaced"),
    pytest.param("[123m]四五六七八九万555饼中中", id="chinese-and-ascii"),
    pytest.param("[🀇🀈🀉]456789m五五五筒Ｃ中", id="glyphs-ascii-chinese-fullwidth"),
    pytest.param("[123万]456789万555筒CC", id="ascii-digits-chinese-suit"),
]


@pytest.mark.parametrize("text", SAME_HAND)
def test_pasted_reads_as_the_ascii_hand(text: str) -> None:
    assert parse(text) == parse(ASCII)
    assert format_hand(parse(text)) == ASCII
    assert parse(text).notes == ()


@pytest.mark.parametrize("text", SAME_HAND)
def test_pasted_scores_as_the_ascii_hand(text: str) -> None:
    context = {"self_draw": True, "seat_wind": "S"}
    assert score("mcr", text, context).total == score("mcr", ASCII, context).total == 19


def test_every_glyph() -> None:
    for k in range(34):
        assert parse_tiles(glyph(k)) == [k], tile_name(k)
        assert parse_tiles(glyph(k) + "\ufe0f") == [k]
    hand = parse("".join(flower_glyph(n) for n in range(1, 9)) + ASCII)
    assert hand.flowers == tuple(range(1, 9))
    assert parse(flower_glyph(1) + ASCII).flowers == (1,)  # 🀦 spring
    assert parse(flower_glyph(5) + ASCII).flowers == (5,)  # 🀢 plum


NAMES = [
    *[pytest.param(f"{n}{suit}", f"{i}{letter}", id=f"{n}{suit}")
      for i, n in enumerate("一二三四五六七八九", start=1)
      for suit, letter in (("万", "m"), ("筒", "p"), ("条", "s"))],
    *[pytest.param(f"五{suit}", f"5{letter}", id=f"five-{suit}")
      for suit, letter in (("萬", "m"), ("饼", "p"), ("餅", "p"), ("條", "s"), ("索", "s"))],
    *[pytest.param(name, letter, id=name) for name, letter in (
        ("东", "E"), ("東", "E"), ("南", "S"), ("西", "W"), ("北", "N"), ("中", "C"), ("发", "F"),
        ("發", "F"), ("白", "P"), ("红中", "C"), ("紅中", "C"), ("发财", "F"), ("發財", "F"), ("白板", "P"),
        ("东风", "E"), ("東風", "E"), ("南风", "S"), ("南風", "S"), ("西风", "W"), ("西風", "W"),
        ("北风", "N"), ("北風", "N"))],
    pytest.param("３万", "3m", id="fullwidth-digit-chinese-suit"),
    pytest.param("一二三索", "1s2s3s", id="numeral-run"),
]


@pytest.mark.parametrize("name, expected", NAMES)
def test_chinese_names(name: str, expected: str) -> None:
    assert "".join(tile_name(k) for k in parse_tiles(name)) == expected


def test_chinese_flowers_and_long_cards() -> None:
    hand = parse("春夏秋冬梅兰竹菊" + ASCII)
    assert hand.flowers == tuple(range(1, 9))
    assert parse("蘭" + ASCII).flowers == (6,)
    assert [tile_name(k) for k in parse_tiles("千白花红花紅花", LONG_CARDS)] == ["Q", "B", "H", "H"]
    # the longest name first: 白花 is a long card, 白 the White dragon
    nantong = parse("<千千>白花白花白花红花红花红花一二三万四五六七八九万一一一二二二条千千", LONG_CARDS)
    assert format_hand(nantong) == "<QQ>123456789m111222sQBBBHHHQ"  # winning Q last


def test_parse_tiles_pasted_list() -> None:
    assert parse_tiles("🀇，一万 东") == [0, 0, 27]
    with pytest.raises(HandError) as info:
        parse_tiles("一万【二万】")
    assert [(p.code, p.position) for p in info.value.problems] == [
        ("unexpected_bracket", 2), ("unexpected_bracket", 5)]
    assert info.value.problems[0].message == "bracket '【' in a tile list"


def test_glyph_meld_kinds() -> None:
    hand = parse("[🀇🀈🀉,1]{🀙🀙🀙🀙}(🀀🀀🀀🀀)[🀝🀝🀝🀝,2]🀆🀆")
    assert format_hand(hand) == "[123m,1]{1111p}(EEEE)[5555p,2]PP"


# ---------------------------------------------------------------------------------- glyph round trip

@st.composite
def standard_hands(draw, idle: bool = False) -> Hand:
    """A legal 14-tile hand (13 when idle) with melds of every kind and maybe flowers."""
    copies = [0] * 34
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        shape = draw(st.sampled_from(["chow", "pung", "kong", "added", "concealed"]))
        if shape == "chow":
            k = draw(st.sampled_from([k for k in range(27) if k % 9 <= 6]))
            tiles = (k, k + 1, k + 2)
        else:
            k = draw(st.integers(0, 33))
            tiles = (k,) * (3 if shape == "pung" else 4)
        if any(copies[t] + tiles.count(t) > 4 for t in tiles):
            continue
        for t in tiles:
            copies[t] += 1
        claim = None if shape == "concealed" else draw(st.sampled_from([None, 1, 2, 3]))
        exposure = {"added": Exposure.ADDED, "concealed": Exposure.CONCEALED}.get(shape, Exposure.EXPOSED)
        kind = {"chow": MeldKind.CHOW, "pung": MeldKind.PUNG}.get(shape, MeldKind.KONG)
        melds.append(Meld(kind, tiles, exposure, claim))
    concealed = []
    for _ in range(3 * (4 - len(melds)) + 2 - idle):
        k = draw(st.sampled_from([k for k in range(34) if copies[k] < 4]))
        copies[k] += 1
        concealed.append(k)
    flowers = tuple(sorted(draw(st.sets(st.integers(1, 8), max_size=3))))
    win = None if idle else draw(st.sampled_from(concealed))
    return Hand(tuple(melds), tuple(sorted(concealed)), win, flowers)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(standard_hands())
def test_cli_glyph_line_reads_back(hand: Hand) -> None:
    """What the CLI draws (``glyphs_of`` of the canonical text) parses back to the same hand."""
    line = glyphs_of(format_hand(hand))
    assert parse(line) == hand
    assert parse(line).notes == ()  # glyph kongs are never taken for a helper string


@settings(max_examples=100, deadline=None, derandomize=True)
@given(standard_hands(idle=True))
def test_cli_glyph_line_reads_back_idle(hand: Hand) -> None:
    assert parse(glyphs_of(format_hand(hand)), role="idle") == hand


# ------------------------------------------------------------------ errors: positions and quotes as typed

BAD = [
    pytest.param("[一二四万]四五六七八九万五五五筒红中红中", [("bad_meld", 0)],
                 ["[一二四万] is not a chow, pung or kong"], id="bad-meld-quoted-as-typed"),
    pytest.param("红中红中[124m]456m789m123p", [("bad_meld", 4)], None, id="position-after-two-char-names"),
    pytest.param("东风东风✗" + "123m456m789m123p", [("unknown_character", 4)],
                 ["unknown character '✗'"], id="unknown-after-two-char-names"),
    pytest.param("[123m]456789m555pCC✗✗", [("unknown_character", 19), ("unknown_character", 20)],
                 ["unknown character '✗'", "unknown character '✗'"], id="one-error-per-unknown"),
    pytest.param("🀇🀈🀉🀊🀋🀌🀍🀎🀏🀝🀝🀝ｘ🀄🀄", [("unknown_character", 12)],
                 ["unknown character 'ｘ'"], id="fullwidth-unknown-quoted-as-typed"),
    pytest.param("一二三四五六七八九万五五五筒红中三", [("digit_without_suit", 16), ("tile_count", None)],
                 ["digits '三' are not followed by a suit letter (m p s z f)", None], id="numeral-without-suit"),
    pytest.param("一二三四五六七八九五五五红中红中", [("digit_without_suit", 0), ("tile_count", None)],
                 ["digits '一二三四五六七八九五五五' are not followed by a suit letter (m p s z f)", None],
                 id="numeral-run-without-suit"),
    pytest.param("一二三m四五六七八九万五五五筒红中红中", [("digit_without_suit", 0), ("suit_without_digit", 3),
                                              ("tile_count", None)], None, id="numeral-with-ascii-suit"),
    pytest.param("2一万二三四五六七八九万五五五筒红中", [("digit_without_suit", 0), ("tile_count", None)],
                 ["digits '2' are not followed by a suit letter (m p s z f)", None], id="digit-then-numeral"),
    pytest.param("万一二三四五六七八九万五五五筒红中红中", [("suit_without_digit", 0)],
                 ["suit letter '万' has no digits before it"], id="suit-word-alone"),
    pytest.param("2🀈🀉🀊🀋🀌🀍🀎🀏🀝🀝🀝🀄🀄🀇", [("digit_without_suit", 0)], None, id="digit-then-glyph"),
    pytest.param("两万三四五六七八九万五五五筒红中红中", [("unknown_character", 0), ("suit_without_digit", 1),
                                             ("tile_count", None)], None, id="liang-is-not-a-numeral"),
    pytest.param("红一二三四五六七八九万五五五筒中中", [("unknown_character", 0)], None, id="hong-alone"),
    pytest.param("[一二三万]四五六七八九万五五五筒红中红中】", [("unexpected_bracket", 21)],
                 ["closing '】' without an opening bracket"], id="ime-bracket-quoted"),
    pytest.param("【一二三万)四五六七八九万五五五筒红中红中", [("unclosed_bracket", 0), ("unexpected_bracket", 5)],
                 ["'【' is never closed", "')' does not close '【' at 0"], id="mismatched-ime-bracket"),
    pytest.param("[🀇🀈🀉]🀊🀋🀌🀍🀎🀏🀝🀝🀝🀄🀄🀄🀄🀄", [("too_many_copies", 18), ("tile_count", None)],
                 None, id="fifth-copy-position"),
    pytest.param("[123m]456m789m123p东东", [("foreign_tile", 18), ("foreign_tile", 19), ("tile_count", None)],
                 ["'东' (E) is not among the suited tiles (m p s)", "'东' (E) is not among the suited tiles (m p s)", None],
                 id="foreign-tile-named-as-typed"),
    pytest.param("春[123m]456m789m123p456p77s", [("foreign_tile", 0)],
                 ["flower '春' (1f) is not among the suited tiles (m p s)"], id="foreign-flower-named-as-typed"),
    pytest.param("春春" + ASCII, [("too_many_copies", 1)], None, id="flower-twice"),
    pytest.param("🀪🀫" + ASCII, [("unknown_character", 0), ("unknown_character", 1)], None,
                 id="joker-and-back-are-not-tiles"),
    pytest.param("\ufe0f" + ASCII + "中", [("unknown_character", 0), ("tile_count", None)], None,
                 id="selector-not-after-a-glyph"),
    pytest.param(ASCII + "\x00中", [("unknown_character", 19), ("tile_count", None)],
                 ["unknown character '\\x00'", None], id="nul-reported"),
]


@pytest.mark.parametrize("text, expected, texts", BAD)
def test_errors_as_typed(text: str, expected: list, texts: list[str | None] | None) -> None:
    rules = SUITED_16 if SUITED_16.name in str(texts) else STANDARD
    assert problems(text, rules=rules) == expected
    if texts is not None:
        got = messages(text, rules=rules)
        for want, message in zip(texts, got, strict=True):
            if want is not None:
                assert message == want


def test_meld_positions_are_typed_positions() -> None:
    hand = parse("红中[一二三万]【🀝🀝🀝】四五六七八九万中")
    assert [m.position for m in hand.melds] == [2, 8]


# ------------------------------------------------------------------------------------ length limits

def test_padding_past_the_limit_reads() -> None:
    padded = " " * 150 + "[1 2 3 m]" + " " * 150 + "456789m555pCC" + " " * 300
    assert len(padded) > MAX_LENGTH
    assert parse(padded) == parse(ASCII)
    assert parse_tiles(" " * 300 + "123m") == [0, 1, 2]
    assert parse(ASCII + "\u3000" * 400) == parse(ASCII)


def test_limit_counts_written_characters() -> None:
    text = " ".join(["1m"] * 101)  # 202 written characters, 100 spaces
    assert problems(text) == [("input_too_long", 300)]  # where the 201st written character is
    assert messages(text) == ["input longer than 200 characters (not counting whitespace)"]
    with pytest.raises(HandError) as info:
        parse_tiles(" " + "1m" * 101)
    assert [(p.code, p.position) for p in info.value.problems] == [("input_too_long", 201)]


def test_raw_bound() -> None:
    text = " " * MAX_RAW_LENGTH + ASCII
    assert problems(text) == [("input_too_long", MAX_RAW_LENGTH)]
    assert messages(text) == [f"input longer than {MAX_RAW_LENGTH} characters"]
    with pytest.raises(HandError):
        parse_tiles(" " * MAX_RAW_LENGTH + "1m")
    assert parse(" " * (MAX_RAW_LENGTH - len(ASCII)) + ASCII) == parse(ASCII)


@pytest.mark.parametrize("text", [" " * 10**6, "🀇" * 10**6, "一" * 10**6, "1m " * 10**6],
                         ids=["spaces", "glyphs", "numerals", "spaced-tiles"])
def test_hostile_input_costs_nothing(text: str) -> None:
    start = time.perf_counter()
    with pytest.raises(HandError) as info:
        parse(text)
    assert time.perf_counter() - start < 0.05
    assert info.value.code == "input_too_long"


# ------------------------------------------------------------------- ChineseOfficialMahjongHelper strings

HELPER_NOTE = ('read as a ChineseOfficialMahjongHelper string ([567m2]: chow claimed with its 2nd tile); '
               'pass dialect "helper" to say so')


def test_helper_string_read_as_helper() -> None:
    hand = parse("[567m2]456m789m123pEE")
    assert format_hand(hand) == "[567m,2]456789m123pEE"
    assert hand.notes == (HELPER_NOTE,)
    assert hand == parse("[567m2]456m789m123pEE", dialect="helper")
    assert parse("[567m2]456m789m123pEE", dialect="helper").notes == ()  # said, not guessed


def test_helper_string_every_feature_noted() -> None:
    hand = parse("[1111m5][SSSS][999s3][567m2]EE")
    assert format_hand(hand) == "{1111m,1}(SSSS)[999s,3][567m,2]EE"
    assert hand.notes == (
        "read as a ChineseOfficialMahjongHelper string ([1111m5]: kong added to a pung claimed from the "
        "left; [SSSS]: concealed kong; [999s3]: pung claimed from the right; [567m2]: chow claimed with "
        'its 2nd tile); pass dialect "helper" to say so',)


@pytest.mark.parametrize("kwargs, canonical", [
    ({"role": "idle"}, "[567m,2]456789m123pE"),
    ({"win_tile": "4m"}, "[567m,2]56789m123pEE4m"),
], ids=["idle", "win-tile"])
def test_helper_string_with_role_and_win_tile(kwargs: dict, canonical: str) -> None:
    text = "[567m2]456m789m123pE" + ("" if kwargs.get("role") == "idle" else "E")
    hand = parse(text, **kwargs)
    assert format_hand(hand) == canonical and hand.notes == (HELPER_NOTE,)


def test_helper_string_pasted_is_quoted_as_typed() -> None:
    hand = parse("［五六七万２］四五六七八九万一二三筒东东")
    assert format_hand(hand) == "[567m,2]456789m123pEE"
    assert hand.notes == (HELPER_NOTE.replace("[567m2]", "［五六七万２］"),)


def test_helper_string_scores() -> None:
    context = {"self_draw": True, "seat_wind": "S"}
    guessed = score("mcr", "[567m2]456m789m123pEE", context)
    said = score("mcr", "[567m2]456m789m123pEE", context, dialect="helper")
    assert guessed.total == said.total and guessed.hand == said.hand


KONG_NOTE = ('[EEEE], [CCCC], [FFFF] and [PPPP] are read as claimed kongs; ChineseOfficialMahjongHelper '
             'writes concealed kongs this way — write (EEEE) for a concealed kong, [EEEE,N] to name the '
             'discarder, or use dialect "helper"')


def test_bare_kong_is_ours_with_a_note() -> None:
    text = "[EEEE][CCCC][FFFF][PPPP]NN"
    hand = parse(text)
    assert all(m.exposure is Exposure.EXPOSED for m in hand.melds)
    assert hand.notes == (KONG_NOTE,)
    assert score("mcr", text).total == 250
    assert score("mcr", text, dialect="helper").total == 308
    assert parse(text, dialect="helper").notes == ()
    one = parse("[5555p]123m456m789mSS")
    assert one.notes == ('[5555p] is read as a claimed kong; ChineseOfficialMahjongHelper writes a concealed '
                         'kong this way — write (5555p) for a concealed kong, [5555p,N] to name the '
                         'discarder, or use dialect "helper"',)


@pytest.mark.parametrize("text", [
    "(EEEE)123m456m789mSS", "[EEEE,1]123m456m789mSS", "{EEEE}123m456m789mSS", "[EEE]123m456m789mSS",
    "[🀀🀀🀀🀀]123m456m789mSS",  # glyphs: our own output, never a helper string
    "[东东东东]123m456m789mSS",
])
def test_no_kong_note(text: str) -> None:
    assert parse(text).notes == ()


def test_bare_kong_note_with_role_win_tile_and_other_rules() -> None:
    assert parse("[EEEE]123m456m789mS", role="idle").notes
    assert parse("[EEEE]123m456m789mSS", win_tile="1m").notes
    assert parse("[ＥＥＥＥ]123m456m789mSS").notes[0].startswith("[ＥＥＥＥ] is read as a claimed kong")
    # helper strings are 14-tile hands of the 136 tiles: no guess for Nantong or Fuzhou
    assert parse("<QQ><BBB>[HHHH]111222333m456s789pQQ", LONG_CARDS).notes == ()
    assert parse("[1111m]234m567m123p456p77s", SUITED_16).notes == ()


OLDER = [
    pytest.param("WWWW 444s 45m678pFF6m", "[WWWW][444s]45m678pFF6m",
                 "WWWW: claimed kong; 444s: claimed pung", id="readme-example"),
    pytest.param("  546m  1111s [EEEE]789p 11p ", "[456m][1111s](EEEE)[789p]11p",
                 "546m: claimed chow; 1111s: claimed kong; [EEEE]: concealed kong; 789p: claimed chow", id="concealed-kong-and-spacing"),
    pytest.param("ＷＷＷＷ\u3000４４４ｓ\u3000４５ｍ６７８ｐＦＦ６ｍ", "[WWWW][444s]45m678pFF6m",
                 "ＷＷＷＷ: claimed kong; ４４４ｓ: claimed pung", id="fullwidth"),
    pytest.param("🀂🀂🀂🀂 🀓🀓🀓 🀊🀋🀞🀟🀠🀅🀅🀌", "[WWWW][444s]45m678pFF6m",
                 "🀂🀂🀂🀂: claimed kong; 🀓🀓🀓: claimed pung", id="glyphs"),
]


@pytest.mark.parametrize("text, canonical, chunks", OLDER)
def test_older_helper_form(text: str, canonical: str, chunks: str) -> None:
    hand = parse(text)
    assert format_hand(hand) == canonical
    assert hand.notes == (f"read as an older ChineseOfficialMahjongHelper string ({chunks}; then the hand, "
                          f"winning tile last); write {canonical} to say so",)
    assert all(m.claimed is None for m in hand.melds)  # the form names no discarder
    said = parse(text, dialect="helper")
    assert said == hand and said.notes == hand.notes


def test_older_form_with_role_and_win_tile() -> None:
    assert format_hand(parse("WWWW 444s 45m678pFF", role="idle")) == "[WWWW][444s]45m678pFF"
    assert format_hand(parse("WWWW 444s 45m678pFF6m", win_tile="5m")) == "[WWWW][444s]46m678pFF5m"


@pytest.mark.parametrize("text, expected", [
    # a valid hand with spaces for readability is ours: whitespace is ignored, no guess
    ("123m 456m 789m 123p EE", None),
    # not the older form: a two-tile chunk, a comma, an offer digit, a space inside the standing hand
    ("WWWW 44s 445m678pFF6m", [("tile_count", None)]),
    ("WWWW,1 444s 45m678pFF6m", [("bad_claim_digit", 5), ("suit_without_digit", 10), ("tile_count", None)]),
    # an older-form string ours also reads (3-tile chunks count the same): ours, with the kong note
    ("546m [EEEE]123p 789s 11p", "notes"),
    ("WWWW 444s 45m 678pFF6m", [("tile_count", None)]),
])
def test_older_form_only_where_it_reads(text: str, expected: list | None) -> None:
    if expected is None:
        assert parse(text).notes == () and parse(text).melds == ()
    elif expected == "notes":
        assert format_hand(parse(text)) == "[EEEE]456m1123p789s1p"
        assert parse(text).notes[0].startswith("[EEEE] is read as a claimed kong")
    else:
        assert problems(text) == expected


def test_fails_both_ways_hints_at_the_dialect() -> None:
    text = "[567m2]456m789m123pE✗"
    assert problems(text) == [("digit_without_suit", 5), ("unknown_character", 20), ("tile_count", None)]
    assert messages(text)[0] == (
        "digits '2' are not followed by a suit letter (m p s z f); in ChineseOfficialMahjongHelper "
        'notation [567m2] has an offer digit: pass dialect "helper"')
    # with the dialect named, the offer digit is read and only the real problem is left
    assert problems(text, dialect="helper") == [("unknown_character", 20), ("tile_count", None)]
    # a digit before ']' that is no offer digit in the helper's notation either gets no hint
    assert "ChineseOfficialMahjongHelper" not in messages("[567m22]456m789m123pEE")[0]


# ------------------------------------------------------------------------------------------- fuzzing

PASTE_CHARS = (list("0123456789mpszf ESWNCFP[](),") + list("一二三四五六七八九万筒条索东南西北中发白红风花春梅千")
               + [glyph(k) for k in range(0, 34, 3)] + ["\ufe0f", "【", "】", "，", "１", "ｍ", "\u3000", "✗"])


@settings(max_examples=400, deadline=None, derandomize=True)
@given(text=st.text(st.sampled_from(PASTE_CHARS), max_size=40), idle=st.booleans(),
       dialect=st.sampled_from([None, "helper"]))
def test_fuzz_pasted(text: str, idle: bool, dialect: str | None) -> None:
    role = "idle" if idle else "winner"
    try:
        hand = parse(text, dialect=dialect, role=role)
    except HandError as err:
        for p in err.problems:
            assert p.code and p.message
            assert p.position is None or 0 <= p.position < len(text)
    else:
        assert parse(format_hand(hand), role=role) == hand
        assert parse(glyphs_of(format_hand(hand)), role=role) == hand


def test_read_keeps_origins() -> None:
    pasted = read("红中🀇一二万")
    assert pasted.text.replace("\x00", "") == "C1m12m"
    assert [pasted.typed(i) for i, ch in enumerate(pasted.text) if ch != "\x00"] == [
        "红中", "🀇", "🀇", "一", "二", "万"]


@pytest.mark.parametrize("variant, typed, ascii_hand, context", [
    pytest.param("fuzhou", "[一二三筒]四五六万七八九万二三四索九九索五六筒四筒", "[123p]456m789m234s99s56p4p",
                 {"wild": "9s", "self_draw": True, "seat_wind": "S"}, id="fuzhou-chinese-names"),
    pytest.param("huangyan", "［１１１ｐ］２３４ｍ白６７ｍ８８８ｍ９ｍ９ｍ", "[111p]234mP67m888m9m9m",
                 {"wild": "5m", "self_draw": True}, id="huangyan-fullwidth"),
    pytest.param("hebei", "🀇🀈🀉🀊🀋🀌🀍🀎🀏🀉🀉🀋🀋🀋", "123m456m789m33m555m",
                 {"seat_wind": "S", "self_draw": True}, id="hebei-glyphs"),
])
def test_variants_with_readers_of_their_own_read_pasted_hands(variant, typed, ascii_hand, context):
    typed_result = score(variant, typed, context)
    ascii_result = score(variant, ascii_hand, context)
    assert typed_result.as_dict() == ascii_result.as_dict()


def test_a_pasted_error_in_a_variant_reader_is_placed_in_what_was_typed():
    typed = "［１１１ｐ］２３４ｍ白６７ｍ８８８ｍ９ｍ✗９ｍ"
    with pytest.raises(HandError) as err:
        score("huangyan", typed, {"wild": "5m"})
    bad = next(p for p in err.value.problems if p.code == "unknown_character")
    assert bad.position == typed.index("✗") == 20 and "'✗'" in bad.message
