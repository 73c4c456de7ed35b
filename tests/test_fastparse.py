"""The C fast path of the notation (scorer._fastparse) against the Python parser it shortcuts.

``parse_fast(text)`` may only answer (non-None) when ``parse(text, STANDARD)`` reads the text without a
problem, and then must describe the very same Hand. Conversely, every ASCII hand without flowers that
Python accepts is one the fast path handles: it only gives up on flowers, non-ASCII text and a comma
outside brackets (a separator between groups, docs/notation.md, read by Python alone).
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcr_generator import generate

from scorer._fastparse import parse_fast, parse_hand, tile_list_fast
from scorer.errors import HandError
from scorer.hand import Exposure, Hand, Meld, MeldKind
from scorer.notation import MAX_LENGTH, STANDARD, parse, scan

SETTINGS = settings(max_examples=500, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large, HealthCheck.large_base_example])

KINDS = (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG)
EXPOSURES = (Exposure.EXPOSED, Exposure.ADDED, Exposure.CONCEALED)
OPEN = {Exposure.EXPOSED: "[", Exposure.ADDED: "{", Exposure.CONCEALED: "("}
CLOSE = {"[": "]", "{": "}", "(": ")"}
HONOUR_LETTERS = "ESWNCFP"  # kinds 27..33
Z_DIGIT = {27: 1, 28: 2, 29: 3, 30: 4, 33: 5, 32: 6, 31: 7}
SPACES = " \t\n\r\x0b\x0c\x1c\x1f"
ALPHABET = "0123456789mpszESWNCFPQBHf[](){},  <>x#\u3000é"


# equal rules in another object: scorer.notation.parse then reads the text in Python only (its
# common-case shortcut through scorer._fastparse is taken for STANDARD itself)
PYTHON_RULES = dataclasses.replace(STANDARD)


def python_parse(text: str) -> Hand | None:
    try:
        return parse(text, PYTHON_RULES)
    except HandError:
        return None


def fast_hand(fast: tuple) -> Hand:
    """The Hand that a parse_fast answer describes."""
    conc, win, melds = fast
    assert len(conc) == 34
    out = []
    for mkind, mtile, mexp, moffer in melds:
        kind = KINDS[mkind]
        tiles = (mtile, mtile + 1, mtile + 2) if kind is MeldKind.CHOW else (mtile,) * (4 if mkind == 2 else 3)
        out.append(Meld(kind, tiles, EXPOSURES[mexp], moffer or None))
    concealed = tuple(k for k in range(34) for _ in range(conc[k]))
    return Hand(melds=tuple(out), concealed=concealed, win_tile=win, flowers=())


def _comma_outside_brackets(text: str) -> bool:
    depth = 0
    for ch in text:
        if ch in "[{(<":
            depth += 1
        elif ch in "]})>":
            depth = max(depth - 1, 0)
        elif ch == "," and depth == 0:
            return True
    return False


def check_agrees(text: str) -> tuple | None:
    """parse_fast answers only for texts Python reads, and then identically; returns its answer."""
    fast = parse_fast(text)
    slow = python_parse(text)
    hand = parse_hand(text)
    assert (hand is None) == (fast is None)
    if fast is not None:
        assert slow is not None, f"fast path accepted {text!r}, Python rejects it"
        assert fast_hand(fast) == slow, f"{text!r}: fast {fast_hand(fast)} != python {slow}"
        assert hand == slow and [m.position for m in hand.melds] == [m.position for m in slow.melds]
        assert parse(text, STANDARD) == slow  # the library's parse takes the C reading
    elif (slow is not None and text.isascii() and not slow.flowers and not slow.notes and len(text) <= MAX_LENGTH
          and not _comma_outside_brackets(text)):
        pytest.fail(f"fast path gave up on {text!r}, a plain hand Python reads as {slow}")
    return fast


# ------------------------------------------------------------------------------------ hand generator

def _tile_tokens(tiles: list[int], rnd: random.Random) -> list[tuple[str, str]]:
    """(digit, suit letter) or (letter, "") per tile; honours as letters or Tenhou z digits."""
    out = []
    for k in tiles:
        if k < 27:
            out.append((str(k % 9 + 1), "mps"[k // 9]))
        elif rnd.random() < 0.4:
            out.append((str(Z_DIGIT[k]), "z"))
        else:
            out.append((HONOUR_LETTERS[k - 27], ""))
    return out


def _tiles_text(tiles: list[int], rnd: random.Random) -> str:
    """Digits grouped before their suit letter at random (``123m`` or ``1m2m3m``)."""
    toks = _tile_tokens(tiles, rnd)
    parts = []
    for i, (ch, suit) in enumerate(toks):
        parts.append(ch)
        if suit and not (i + 1 < len(toks) and toks[i + 1][1] == suit and rnd.random() < 0.7):
            parts.append(suit)
    return "".join(parts)


def random_hand_text(rnd: random.Random) -> str:
    """A text Python's parser accepts: 0-4 melds of every bracket kind, 14 - 3 x melds loose tiles."""
    left = [4] * 34
    segments: list[str] = []
    for _ in range(rnd.choice((0, 1, 1, 2, 2, 3, 3, 4, 4))):
        while True:
            kind = rnd.choice(("chow", "pung", "kong"))
            if kind == "chow":
                suit, rank = rnd.randrange(3), rnd.randrange(7)
                tiles = [suit * 9 + rank + i for i in range(3)]
            else:
                tiles = [rnd.randrange(34)] * (3 if kind == "pung" else 4)
            if all(left[k] >= tiles.count(k) for k in tiles):
                break
        for k in tiles:
            left[k] -= 1
        opener = rnd.choice("[{(") if kind == "kong" else "["
        rnd.shuffle(tiles)  # a meld may be written in any order
        offer = ""
        if opener != "(" and rnd.random() < 0.5:
            offer = f",{rnd.randint(1, 3)}"
        segments.append(f"{opener}{_tiles_text(tiles, rnd)}{offer}{CLOSE[opener]}")
    loose = []
    for _ in range(14 - 3 * len(segments)):
        k = rnd.choice([k for k in range(34) if left[k]])
        left[k] -= 1
        loose.append(k)
    # loose tiles mostly after the melds, sometimes in pieces between them
    cut = sorted(rnd.sample(range(1, len(loose)), rnd.randint(0, min(2, len(loose) - 1))))
    pieces = [loose[a:b] for a, b in zip([0, *cut], [*cut, len(loose)], strict=True)]
    for piece in pieces[:-1]:
        segments.insert(rnd.randint(0, len(segments)), _tiles_text(piece, rnd))
    segments.append(_tiles_text(pieces[-1], rnd))
    text = "".join(segments)
    for _ in range(rnd.choice((0, 0, 1, 3, 8))):  # whitespace is ignored anywhere
        i = rnd.randint(0, len(text))
        text = text[:i] + rnd.choice(SPACES) + text[i:]
    return text


hands = st.randoms(use_true_random=False).map(random_hand_text)


# ------------------------------------------------------------------------------------------ properties

@SETTINGS
@given(hands)
def test_generated_hands_agree(text: str) -> None:
    assert python_parse(text) is not None, f"generator wrote an invalid hand {text!r}"
    assert check_agrees(text) is not None


@SETTINGS
@given(st.text(alphabet=ALPHABET, max_size=40))
def test_arbitrary_strings(text: str) -> None:
    check_agrees(text)


@SETTINGS
@given(st.text(alphabet="123456789mpszESWNCFP[](){}, ", min_size=14, max_size=30))
def test_arbitrary_tile_strings(text: str) -> None:
    check_agrees(text)


@SETTINGS
@given(hands, st.lists(st.tuples(st.sampled_from(("delete", "insert", "swap", "replace")),
                                 st.integers(0, 10_000), st.sampled_from(ALPHABET)), min_size=1, max_size=3))
def test_mutated_hands(text: str, edits: list[tuple[str, int, str]]) -> None:
    for op, pos, ch in edits:
        i = pos % (len(text) + 1)
        if op == "insert":
            text = text[:i] + ch + text[i:]
        elif i < len(text):
            if op == "delete":
                text = text[:i] + text[i + 1:]
            elif op == "replace":
                text = text[:i] + ch + text[i + 1:]
            elif i + 1 < len(text):
                text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
    check_agrees(text)


@SETTINGS
@given(st.integers(0, 33), st.lists(st.integers(0, 3), min_size=2, max_size=5), st.sampled_from("[[[{(<"),
       st.sampled_from(("", ",0", ",1", ",2", ",3", ",4", ",9", ", 2 ")))
def test_random_brackets(base: int, offsets: list[int], opener: str, claim: str) -> None:
    """Near-melds in any bracket, then the rest of a plausible hand: only real melds get through."""
    tiles = [min(33, base + off) for off in offsets]
    close = {"[": "]", "{": "}", "(": ")", "<": ">"}[opener]
    written = _tiles_text(tiles, random.Random(sum(tiles)))
    check_agrees(f"{opener}{written}{claim}{close}123m456s789pWW")


# ------------------------------------------------------------------------------------------- examples

def test_readme_hand() -> None:
    fast = check_agrees("[123m][555p]234s5577z7z")
    conc, win, melds = fast
    assert win == 31  # 7z is Red (C)
    assert melds == ((0, 0, 0, 0), (1, 13, 0, 0))
    assert [k for k in range(34) for _ in range(conc[k])] == [19, 20, 21, 31, 31, 31, 33, 33]


def test_every_bracket_kind() -> None:
    fast = check_agrees("[3 1 2m,2]{5555p,1}(1111z)[999s,3] P P")
    conc, win, melds = fast
    assert melds == ((0, 0, 0, 2), (2, 13, 1, 1), (2, 27, 2, 0), (1, 26, 0, 3))
    assert win == 33 and conc[33] == 2 and sum(conc) == 2
    assert check_agrees("[5555p]123m456s789s1z1z") is not None
    assert check_agrees("{5555p}123m456s789s1z1z") is not None


@pytest.mark.parametrize("text", ["123m,456m,555p,CC789s", ",123m456m555pCC789s", "123m, 456m ,555p,CC789s",
                                  "1 2 3m,456m,555p, C C789s", "[123m],\t456m555pCC789s"])
def test_a_separating_comma_reads_as_whitespace(text: str) -> None:
    """Outside brackets a comma before a group is read as whitespace is, whitespace after it
    included (docs/notation.md); the C reader leaves it to Python, which reads it."""
    assert parse_fast(text) is None and parse_hand(text) is None
    without = text.replace(",", "")
    assert python_parse(text) == python_parse(without) == parse(text, STANDARD) is not None
    check_agrees(text)


def test_honour_digits_and_letters() -> None:
    conc, win, _ = check_agrees("1234567z1234567z")
    assert conc[27:34] == (2,) * 7 and win == 31
    assert check_agrees("ESWNCFPESWNCFP")[0] == conc


def test_four_copies_across_melds_and_hand() -> None:
    conc, win, melds = check_agrees("[555p]5p23m456s789sEE")
    assert conc[13] == 1 and melds == ((1, 13, 0, 0),) and win == 27


def test_win_is_last_loose_tile_written() -> None:
    _, win, melds = check_agrees("[123m]1p[555p]234s557z1p")
    assert win == 9 and len(melds) == 2
    _, win, _ = check_agrees("1p[123m][555p]234s557z7z")
    assert win == 31


@pytest.mark.parametrize("text", [
    "1f[123m][555p]234s5577z7z",        # flower: Python accepts, fast path declines
    "[123m][555p]234s5577z7z\u3000",    # non-ASCII whitespace: Python accepts, fast path declines
    "[135m][555p]234s5577z7z",          # not a meld
    "[89m1p]123m456s789sEE",            # a chow does not run across suits
    "[9sES]123m456p789pNN",             # nor into the honours
    "[ESW]123m456p789pNN",
    "[113m]123m456p789pNN",
    "[133m]123m456p789pNN",
    "[55555p]123m456s789sEE",           # five tiles in a bracket
    "[5555p]5p23m456s789sEE",           # fifth copy across meld + hand
    "11111m234p567s789s",               # fifth copy
    "[111m]{1111m}(EEEE)[11m1m]SS",      # eighth copy, in melds only
    "(555p)123m456s789s1z1z",           # (..) and {..} hold kongs only
    "{555p}123m456s789s1z1z",
    "(5555p,1)123m456s789sEE",          # a concealed kong has no discarder
    "[555p,4]123m456s789sEE",           # discarder 1..3
    "[555p,0]123m456s789sEE",
    "[555p,12]123m456s789sEE",
    "[555p,]123m456s789sEE",
    "[55,5p]123m456s789sEE",            # digits before the comma without suit
    "[555p,1]123m456s789sE,2E",         # claim outside a bracket
    "[555p]123m456s789sEE1",            # digits without suit at the end
    "[555p]123m456s789s12E",            # digits without suit before a letter
    "[555p123m456s789sEE",              # unclosed
    "[555p}123m456s789sEE",             # mismatched closer
    "[[555p]]123m456s789sEE",           # nested
    "555p]123m456s789sEE",
    "[555p]123m456s789sE8z",            # 8z
    "[555p]023m456s789sEE",             # rank 0
    "[555p]123m456s789sEEE",            # 15 tiles
    "123m456p789s1112z",                # 13 tiles
    "[EEE]123m456s789sQQ",              # long cards are not standard tiles
    "<EE>123m456s789s111p",
    "",
    "   ",
    "123m456p789s111zSS" + " " * (MAX_LENGTH - 17),  # too long
])
def test_rejections(text: str) -> None:
    assert parse_fast(text) is None
    check_agrees(text)


def test_max_length_boundary() -> None:
    base = "123m456p789s111zSS"
    assert check_agrees(base + " " * (MAX_LENGTH - len(base))) is not None
    assert check_agrees(base + " " * (MAX_LENGTH - len(base) + 1)) is None


def test_mcr_generator_hands() -> None:
    rows = generate(3000, 20240601)
    answered = sum(check_agrees(text) is not None for text, _ in rows)
    assert answered >= 0.95 * len(rows), f"fast path answered only {answered}/{len(rows)}"


# ------------------------------------------------------------------------------- tile lists (indicators)

RED_RULES = dataclasses.replace(STANDARD, red_fives=True)


def check_list_agrees(text: str, red_fives: bool, max_tiles: int) -> tuple | None:
    """``tile_list_fast`` answers only what ``scan(list_mode=True)`` reads without a problem, the
    same tiles in the same order, red fives marked; and it takes every plain ASCII list of at most
    ``max_tiles`` tiles."""
    problems: list = []
    tokens = scan(text, RED_RULES if red_fives else PYTHON_RULES, problems, list_mode=True)
    python = None if problems else tuple((t.value, t.red) for t in tokens)
    fast = tile_list_fast(text, red_fives, max_tiles)
    if fast is not None:
        assert fast == python, text
    elif python is not None and text.isascii() and len(python) <= max_tiles and len(text) <= MAX_LENGTH:
        pytest.fail(f"the C list reader gave up on the plain list {text!r}")
    return fast


@SETTINGS
@given(st.text(alphabet="0123456789mpszfESWNCFP ,[]\t" + "Qé\u3000", max_size=24), st.booleans(),
       st.integers(0, 8))
def test_tile_lists_agree(text: str, red_fives: bool, max_tiles: int) -> None:
    check_list_agrees(text, red_fives, max_tiles)


@pytest.mark.parametrize(("text", "red_fives", "expected"), [
    ("F9s3m4s0s", True, ((32, False), (26, False), (2, False), (21, False), (22, True))),
    ("1 2m, 7z", False, ((0, False), (1, False), (31, False))),
    ("", True, ()),
    ("0m", False, None),       # rank 0 without red fives
    ("0z", True, None),        # not an honour
    ("8z", True, None),
    ("12", True, None),        # digits without a suit
    ("1E", True, None),
    ("m", True, None),
    ("[1m]", True, None),      # no brackets in a list
    ("1f", True, None),        # a flower
    ("123456m", True, None),   # more than five tiles
])
def test_tile_list_cases(text: str, red_fives: bool, expected: tuple | None) -> None:
    assert tile_list_fast(text, red_fives, 5) == expected
    check_list_agrees(text, red_fives, 5)
