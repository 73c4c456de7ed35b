"""Hand notation: parsing, canonical form, every error code with its position, round trips."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.errors import HandError
from scorer.hand import Exposure, Hand, Meld, MeldKind
from scorer.notation import (
    LONG_CARDS,
    MAX_LENGTH,
    STANDARD,
    SUITED_16,
    NotationRules,
    format_hand,
    parse,
    parse_tile,
    parse_tiles,
)
from scorer.tiles import EAST, RED, SOUTH, THOUSAND, WEST, WHITE, kind

FILL = "456m789m123pEE"  # 11 tiles: with one 3-tile meld in front, a 14-tile hand

# (text, parse keyword arguments, canonical form)
GOOD = [
    pytest.param("[123m][555p]234sPPCCC", {}, "[123m][555p]234sCCPPC", id="melds-then-sorted-then-win"),
    pytest.param("123m456m789p1155z1z", {}, "123456m789pEEPPE", id="z-digits-to-letters"),
    pytest.param("[312m,1][555p,2]234sPPCCC", {}, "[123m,1][555p,2]234sCCPPC", id="chow-any-order-claims"),
    pytest.param("[5555p,3]{1111s}(EEEE)123mPP", {}, "[5555p,3]{1111s}(EEEE)123mPP", id="three-kong-kinds"),
    pytest.param("[777z][1111z,1]123m456pSS", {}, "[CCC][EEEE,1]123m456pSS", id="z-digits-in-melds"),
    pytest.param("[C7zC]" + FILL, {}, "[CCC]456789m123pEE", id="mixed-letter-and-z-meld"),
    pytest.param("1f5f3f[123m]" + FILL, {}, "[123m]1f3f5f456789m123pEE", id="flowers-sorted"),
    pytest.param("  [1 23m] 456 m789m\t123p E E ", {}, "[123m]456789m123pEE", id="whitespace-ignored"),
    pytest.param("123m456m789m123pEE", {"win_tile": "3m"}, "12456789m123pEE3m", id="win-tile-text"),
    pytest.param("123m456m789m123pEE", {"win_tile": kind(3, "m")}, "12456789m123pEE3m", id="win-tile-int"),
    pytest.param("123m456m789m555zEE", {"win_tile": "5z"}, "123456789mEEPPP", id="win-tile-z"),
    pytest.param("123m456m789m123pE", {"role": "idle"}, "123456789m123pE", id="idle-role"),
    pytest.param("123m456m789m123p456p77s", {"rules": SUITED_16}, "123456789m123456p77s", id="fuzhou-17"),
    pytest.param("[345p][7777s]{1111m}234m567m99s", {"rules": SUITED_16},
                 "[345p][7777s]{1111m}234567m99s", id="fuzhou-melds"),
    pytest.param("<QQ><BBB>[HHHH]111222333m456s789pQQ", {"rules": LONG_CARDS},
                 "<QQ><BBB>[HHHH]111222333m789p456sQQ", id="nantong-declarations"),
    pytest.param("[555p,1][666p,3]111m222m333m444m555m7s7s", {"rules": LONG_CARDS},
                 "[555p,1][666p,3]111222333444555m77s", id="nantong-claims-1-3"),
    pytest.param("[567m2][999s3][SSSS][1111m5]EE", {"dialect": "helper"},
                 "[567m,2][999s,3](SSSS){1111m,1}EE", id="helper-dialect"),
    pytest.param("[567m,2]" + FILL, {"dialect": "helper"}, "[567m,2]456789m123pEE", id="helper-accepts-comma"),
]


@pytest.mark.parametrize("text, kwargs, canonical", GOOD)
def test_parse_and_format(text: str, kwargs: dict, canonical: str) -> None:
    hand = parse(text, **kwargs)
    assert format_hand(hand) == canonical
    again = parse(canonical, rules=kwargs.get("rules", STANDARD), role=kwargs.get("role", "winner"))
    assert again == hand


# (text, parse keyword arguments, every (code, position) expected, in order)
BAD = [
    pytest.param("[123m]456m789m123pEx E", {}, [("unknown_character", 19)], id="unknown-character"),
    pytest.param("[123m]456m789m123pEéE", {}, [("unknown_character", 19)], id="unknown-unicode"),
    pytest.param("[123m]456m789m123pEE12", {}, [("digit_without_suit", 20)],
                 id="digit-without-suit-at-end"),
    pytest.param("[123m]45E6m789m123pE", {}, [("digit_without_suit", 6), ("tile_count", None)],
                 id="digit-run-broken-by-letter"),
    pytest.param("[123m]456m789m123pE m", {}, [("suit_without_digit", 20), ("tile_count", None)],
                 id="suit-without-digit"),
    pytest.param("[123m]406m789m123pEE", {}, [("zero_rank", 7), ("tile_count", None)], id="zero-rank"),
    pytest.param("[123m]456m789m123p18z", {}, [("bad_honour_digit", 19), ("tile_count", None)],
                 id="bad-honour-digit-8z"),
    pytest.param("[123m]456m789m123p9z1z", {}, [("bad_honour_digit", 18), ("tile_count", None)],
                 id="bad-honour-digit-9z"),
    pytest.param("9f[123m]" + FILL, {}, [("bad_flower_digit", 0)], id="bad-flower-digit"),
    pytest.param("1f1f[123m]" + FILL, {}, [("too_many_copies", 2)], id="flower-twice"),
    pytest.param("11111m456m789m1pP", {}, [("too_many_copies", 4), ("tile_count", None)], id="fifth-copy"),
    pytest.param("[1111m]456m789m123p1mE", {}, [("too_many_copies", 19)], id="fifth-copy-across-meld"),
    pytest.param("[124m]" + FILL, {}, [("bad_meld", 0)], id="bad-meld-not-chow"),
    pytest.param("[13m]456m789m123pEEE", {}, [("bad_meld", 0)], id="bad-meld-two-tiles"),
    pytest.param("[789m1p]" + FILL, {}, [("bad_meld", 0)], id="bad-meld-cross-suit"),
    pytest.param("[ESW]" + FILL, {}, [("bad_meld", 0)], id="bad-meld-honour-run"),
    pytest.param("123m{555p}" + FILL, {}, [("bad_meld", 4), ("tile_count", None)], id="bad-meld-added-pung"),
    pytest.param("(1234m)" + FILL, {}, [("bad_meld", 0)], id="bad-meld-concealed-kong"),
    pytest.param("[]" + FILL + "123s", {}, [("bad_meld", 0)], id="bad-meld-empty"),
    pytest.param("[1f23m]" + FILL, {}, [("bad_meld", 0), ("tile_count", None)], id="bad-meld-flower"),
    pytest.param("<CCC>" + FILL, {}, [("bad_meld", 0)], id="bad-meld-angle-outside-nantong"),
    pytest.param("<QQ><BB>111222333m456m789m456s789pQQ", {"rules": LONG_CARDS}, [("bad_meld", 4)],
                 id="bad-meld-second-hezi"),
    pytest.param("[123m]111222333m456s789p456pQQ", {"rules": LONG_CARDS}, [("bad_meld", 0)],
                 id="bad-meld-nantong-chow"),
    pytest.param("[123m456m789m123pEE", {}, [("unclosed_bracket", 0)], id="unclosed-bracket"),
    pytest.param("[123m]]" + FILL, {}, [("unexpected_bracket", 6)], id="unexpected-closing"),
    pytest.param("[12[3m]]" + FILL, {}, [("unexpected_bracket", 3)], id="unexpected-nested"),
    pytest.param("[123m)" + FILL, {}, [("unclosed_bracket", 0), ("unexpected_bracket", 5)],
                 id="mismatched-closing"),
    pytest.param("[555p,4]" + FILL, {}, [("bad_claim_digit", 6)], id="claim-digit-4"),
    pytest.param("[123m,0]" + FILL, {}, [("bad_claim_digit", 6)], id="claim-digit-0-chow"),
    pytest.param("[555p,]" + FILL, {}, [("bad_claim_digit", 5)], id="comma-without-digit"),
    pytest.param("[555p,12]" + FILL, {}, [("bad_claim_digit", 6)], id="claim-two-digits"),
    pytest.param("[CC,2C]" + FILL, {}, [("bad_claim_digit", 4)], id="claim-before-tiles"),
    pytest.param("(5555p,1)" + FILL, {}, [("bad_claim_digit", 7)], id="claim-on-concealed-kong"),
    pytest.param(FILL + "123s,1", {}, [("bad_claim_digit", 19)], id="claim-outside-bracket"),
    pytest.param("[555p,2]111m222m333m444m555m66p77s7s", {"rules": LONG_CARDS}, [("bad_claim_digit", 6)],
                 id="nantong-claim-2"),
    pytest.param("<QQQ,1>111m222m333m444m555m66p77s7s", {"rules": LONG_CARDS}, [("bad_claim_digit", 5)],
                 id="claim-on-declaration"),
    pytest.param("123m456m789m123p456pE7s", {"rules": SUITED_16}, [("foreign_tile", 20)],
                 id="foreign-honour-fuzhou"),
    pytest.param("123m456m789m123p456p1z7s", {"rules": SUITED_16}, [("foreign_tile", 20)],
                 id="foreign-z-fuzhou"),
    pytest.param("5f123m456m789m123p456p77s", {"rules": SUITED_16}, [("foreign_tile", 0)],
                 id="foreign-flower-fuzhou"),
    pytest.param("[123m]456m789m123pQQ", {}, [("foreign_tile", 18), ("foreign_tile", 19)],
                 id="foreign-long-card-standard"),
    pytest.param("111m222m333m444m555m666p9p77sPP", {"rules": LONG_CARDS},
                 [("foreign_tile", 29), ("foreign_tile", 30)], id="foreign-honour-nantong"),
    pytest.param("[123m]456m789m123pE", {}, [("tile_count", None)], id="tile-count-13"),
    pytest.param("[1111m]456m789m123pE", {}, [("tile_count", None)], id="tile-count-kong-needs-15"),
    pytest.param("111m222m333m444m555m66p77s7s", {"rules": LONG_CARDS, "role": "idle"},
                 [("tile_count", None)], id="tile-count-nantong-idle"),
    pytest.param("<QQ>111m222m333m444m555m66p77s7s", {"rules": LONG_CARDS}, [("tile_count", None)],
                 id="tile-count-hezi-adds-2"),
    pytest.param("123m456m789m123pEE", {"win_tile": "9s"}, [("bad_win_tile", None)], id="win-tile-absent"),
    pytest.param("123m456m789m123pEE", {"win_tile": "10m"}, [("bad_win_tile", None)], id="win-tile-bad-text"),
    pytest.param("123m456m789m123pEE", {"win_tile": 99}, [("bad_win_tile", None)], id="win-tile-bad-int"),
    pytest.param("123m456m789m123pE", {"role": "idle", "win_tile": "E"}, [("bad_win_tile", None)],
                 id="win-tile-idle"),
    pytest.param("[123m]" + FILL, {"dialect": "tenhou"}, [("bad_dialect", None)], id="bad-dialect"),
    pytest.param("", {}, [("empty_hand", None)], id="empty"),
    pytest.param(" \t ", {}, [("empty_hand", None)], id="blank"),
    pytest.param("1m" * 101, {}, [("input_too_long", MAX_LENGTH)], id="input-too-long-202"),
    pytest.param("[567m2]" + FILL + "✗", {}, [("digit_without_suit", 5), ("unknown_character", 21)],
                 id="helper-digit-without-dialect"),
    pytest.param("[1111m4]" + FILL, {"dialect": "helper"}, [("bad_claim_digit", 6)], id="helper-kong-4"),
    pytest.param("[567m5]" + FILL, {"dialect": "helper"}, [("bad_claim_digit", 5)], id="helper-chow-5"),
    pytest.param("[999s5]" + FILL, {"dialect": "helper"}, [("bad_claim_digit", 5)], id="helper-pung-5"),
    pytest.param("[124m]x0m8z99", {}, [("bad_meld", 0), ("unknown_character", 6), ("zero_rank", 7),
                                       ("bad_honour_digit", 9), ("digit_without_suit", 11),
                                       ("tile_count", None)], id="many-errors-at-once"),
    pytest.param("E E 0m [12", {"rules": SUITED_16},
                 [("foreign_tile", 0), ("foreign_tile", 2), ("zero_rank", 4), ("unclosed_bracket", 7),
                  ("digit_without_suit", 8), ("tile_count", None)], id="many-errors-fuzhou"),
]


@pytest.mark.parametrize("text, kwargs, expected", BAD)
def test_errors(text: str, kwargs: dict, expected: list[tuple[str, int | None]]) -> None:
    with pytest.raises(HandError) as info:
        parse(text, **kwargs)
    got = [(p.code, p.position) for p in info.value.problems]
    assert got == expected, info.value.problems
    for p in info.value.problems:
        assert p.message


def test_bad_meld_message_names_the_group() -> None:
    with pytest.raises(HandError) as info:
        parse("[124m]" + FILL)
    assert info.value.message == "[124m] is not a chow, pung or kong"


def test_tile_count_message() -> None:
    with pytest.raises(HandError) as info:
        parse("[1111m]456m789m123pE")
    assert "14 tiles found" in info.value.message and "holds 15" in info.value.message


def test_foreign_tile_names_the_rules() -> None:
    with pytest.raises(HandError) as info:
        parse("123m456m789m123p456pE7s", SUITED_16)
    # the tile set in words, not an internal name
    assert info.value.message == "E is not among the suited tiles (m p s)"


def test_exactly_200_characters_is_scanned() -> None:
    with pytest.raises(HandError) as info:
        parse("1m" * 100)  # 200 characters: read, then too many copies and tiles
    assert "input_too_long" not in {p.code for p in info.value.problems}


def test_huge_input_fails_fast() -> None:
    text = "1m" * 10_000
    start = time.perf_counter()
    with pytest.raises(HandError) as info:
        parse(text)
    assert time.perf_counter() - start < 0.05
    assert [(p.code, p.position) for p in info.value.problems] == [("input_too_long", 200)]


def test_parsed_structure() -> None:
    hand = parse("1f[312m,1][555p,2]{1111s}(EEEE)7zW")
    assert hand.flowers == (1,)
    assert hand.melds == (
        Meld(MeldKind.CHOW, (0, 1, 2), Exposure.EXPOSED, 1),
        Meld(MeldKind.PUNG, (13, 13, 13), Exposure.EXPOSED, 2),
        Meld(MeldKind.KONG, (18,) * 4, Exposure.ADDED),
        Meld(MeldKind.KONG, (EAST,) * 4, Exposure.CONCEALED),
    )
    assert [m.position for m in hand.melds] == [2, 10, 18, 25]
    assert hand.concealed == (29, RED)
    assert hand.win_tile == 29  # W, the last tile written, not the last sorted


def test_helper_dialect_exposures() -> None:
    hand = parse("[567m2][999s3][SSSS][1111m5]EE", dialect="helper")
    assert [(m.kind, m.exposure, m.claimed) for m in hand.melds] == [
        (MeldKind.CHOW, Exposure.EXPOSED, 2),
        (MeldKind.PUNG, Exposure.EXPOSED, 3),
        (MeldKind.KONG, Exposure.CONCEALED, None),
        (MeldKind.KONG, Exposure.ADDED, 1),
    ]
    exposed = parse("[SSSS1]123m456m789mEE", dialect="helper").melds[0]
    assert (exposed.exposure, exposed.claimed, exposed.tiles) == (Exposure.EXPOSED, 1, (SOUTH,) * 4)
    # Without the dialect, [SSSS] is an exposed kong.
    assert parse("[SSSS]123m456m789mEE").melds[0].exposure is Exposure.EXPOSED


def test_nantong_declarations() -> None:
    hand = parse("<QQ><BBB><HHHH>111222333m456s789pQQ", LONG_CARDS)
    assert [(m.kind, m.exposure) for m in hand.melds] == [
        (MeldKind.PAIR, Exposure.DECLARED),
        (MeldKind.PUNG, Exposure.DECLARED),
        (MeldKind.KONG, Exposure.DECLARED),
    ]
    assert hand.sets_fixed == 2 and hand.win_tile == THOUSAND


def test_idle_has_no_win_tile() -> None:
    assert parse("123m456m789m123pE", role="idle").win_tile is None


def test_winning_tile_is_last_written() -> None:
    assert parse("P123m456m789m123pP").win_tile == WHITE


def test_parse_tile() -> None:
    assert [parse_tile(t) for t in ("5p", "E", "5z", "7z", " C ", "Q")] == [13, EAST, WHITE, RED, RED, THOUSAND]
    for bad in ("", "0m", "8z", "1f", "55p", "x", "5", "1m" * 100):
        with pytest.raises(HandError):
            parse_tile(bad)


def test_parse_tiles() -> None:
    assert parse_tiles("2s,3m") == [19, 2]
    assert parse_tiles("2s 35z") == [19, WEST, WHITE]
    assert parse_tiles("Q1s", LONG_CARDS) == [THOUSAND, 18]
    assert parse_tiles("") == []
    for bad, rules in (("1f", STANDARD), ("[1m]", STANDARD), ("E", SUITED_16), ("12", STANDARD)):
        with pytest.raises(HandError):
            parse_tiles(bad, rules)


# ------------------------------------------------------------------------------------------ properties

PROFILES = [STANDARD, SUITED_16, LONG_CARDS]


@st.composite
def hands(draw, rules: NotationRules, idle: bool) -> Hand:
    """A legal hand for ``rules``: random melds, then concealed tiles to the exact count."""
    kinds = sorted(rules.kinds)
    copies = dict.fromkeys(kinds, 0)

    def pick(need: int, pool: list[int] | None = None) -> int | None:
        options = [k for k in (pool if pool is not None else kinds) if copies[k] + need <= 4]
        return draw(st.sampled_from(options)) if options else None

    claims = st.sampled_from([None, *sorted(rules.claim_digits)])
    melds: list[Meld] = []
    n_melds = draw(st.integers(0, rules.n_sets))
    shapes = ["pung", "kong", "added", "concealed"]
    if rules.chow_melds:
        shapes.append("chow")
    if rules.long_cards:
        shapes += ["declared3", "declared4"]
    for _ in range(n_melds):
        shape = draw(st.sampled_from(shapes))
        if shape == "chow":
            starts = [k for k in kinds if k < 27 and k % 9 <= 6 and all(copies[k + i] < 4 for i in range(3))]
            if not starts:
                continue
            k = draw(st.sampled_from(starts))
            tiles = (k, k + 1, k + 2)
            meld = Meld(MeldKind.CHOW, tiles, Exposure.EXPOSED, draw(st.sampled_from([None, 1, 2, 3])))
        else:
            size = 3 if shape in ("pung", "declared3") else 4
            k = pick(size)
            if k is None:
                continue
            tiles = (k,) * size
            meld_kind = MeldKind.PUNG if size == 3 else MeldKind.KONG
            if shape in ("pung", "kong"):
                meld = Meld(meld_kind, tiles, Exposure.EXPOSED, draw(claims))
            elif shape == "added":
                meld = Meld(meld_kind, tiles, Exposure.ADDED, draw(claims))
            elif shape == "concealed":
                meld = Meld(meld_kind, tiles, Exposure.CONCEALED)
            else:
                meld = Meld(meld_kind, tiles, Exposure.DECLARED)
        for t in meld.tiles:
            copies[t] += 1
        melds.append(meld)
    if rules.long_cards and draw(st.booleans()):
        k = pick(2)
        if k is not None:
            copies[k] += 2
            melds.insert(draw(st.integers(0, len(melds))), Meld(MeldKind.PAIR, (k, k), Exposure.DECLARED))
    sets = sum(1 for m in melds if m.kind is not MeldKind.PAIR)
    concealed: list[int] = []
    for _ in range(3 * (rules.n_sets - sets) + 2 - (1 if idle else 0)):
        k = pick(1)
        assert k is not None  # 4 copies of every kind always leave room
        copies[k] += 1
        concealed.append(k)
    win = None if idle else draw(st.sampled_from(concealed))
    flowers: tuple[int, ...] = ()
    if rules.flowers_in_hand:
        flowers = tuple(sorted(draw(st.sets(st.integers(1, 8), max_size=8))))
    return Hand(tuple(melds), tuple(sorted(concealed)), win, flowers)


@pytest.mark.parametrize("idle", [False, True], ids=["winner", "idle"])
@pytest.mark.parametrize("rules", PROFILES, ids=[r.name for r in PROFILES])
@settings(max_examples=300, deadline=None, derandomize=True)
@given(data=st.data())
def test_round_trip(rules: NotationRules, idle: bool, data: st.DataObject) -> None:
    hand = data.draw(hands(rules, idle))
    text = format_hand(hand)
    assert len(text) <= MAX_LENGTH
    assert parse(text, rules, role="idle" if idle else "winner") == hand
    assert format_hand(parse(text, rules, role="idle" if idle else "winner")) == text


NOTATION_CHARS = list("0123456789mpszf ESWNCFPQBH[]{}()<>,,x\t")
FUZZ_TEXT = st.text(st.one_of(st.sampled_from(NOTATION_CHARS), st.characters()), max_size=80)


@pytest.mark.parametrize("dialect", [None, "helper"], ids=["standard", "helper"])
@pytest.mark.parametrize("rules", PROFILES, ids=[r.name for r in PROFILES])
@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=FUZZ_TEXT, idle=st.booleans())
def test_fuzz_only_hand_errors(rules: NotationRules, dialect: str | None, text: str, idle: bool) -> None:
    try:
        hand = parse(text, rules, dialect=dialect, role="idle" if idle else "winner")
    except HandError as err:
        for p in err.problems:
            assert p.code and p.message
            assert p.position is None or 0 <= p.position <= len(text)
    else:
        # Whatever parses is echoed in a form that parses back to the same hand.
        assert parse(format_hand(hand), rules, role="idle" if idle else "winner") == hand


@pytest.mark.parametrize("rules", PROFILES, ids=[r.name for r in PROFILES])
@settings(max_examples=200, deadline=None, derandomize=True)
@given(data=st.data())
def test_fuzz_mutated_hands(rules: NotationRules, data: st.DataObject) -> None:
    """Near-miss strings (one character inserted, deleted or replaced in a legal hand) stay HandErrors."""
    text = format_hand(data.draw(hands(rules, idle=False)))
    i = data.draw(st.integers(0, len(text)))
    op = data.draw(st.sampled_from(["insert", "delete", "replace"]))
    ch = data.draw(st.sampled_from(NOTATION_CHARS))
    if op == "insert":
        text = text[:i] + ch + text[i:]
    elif op == "delete":
        text = text[:i] + text[i + 1:]
    else:
        text = text[:i] + ch + text[i + 1:]
    dialect = data.draw(st.sampled_from([None, "helper"]))
    try:
        hand = parse(text, rules, dialect=dialect)
    except HandError as err:
        assert all(p.position is None or 0 <= p.position <= len(text) for p in err.problems)
    else:
        assert parse(format_hand(hand), rules) == hand
