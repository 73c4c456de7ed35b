"""Tile kinds as small integers, shared by every variant.

Kinds 0-8 are 1m-9m (characters), 9-17 1p-9p (dots), 18-26 1s-9s (bamboo),
27-30 the winds E S W N, 31-33 the dragons C F P (red, green, white),
34-36 the Nantong long cards Q B H. Flowers are not kinds: they travel as
numbers 1-8 beside the hand (see ``Hand.flowers``).
"""

from __future__ import annotations

NUM_KINDS = 37
NUM_STANDARD_KINDS = 34  # the 136-tile set: suits + winds + dragons

SUITS = "mps"
SUIT_OF_LETTER = {"m": 0, "p": 1, "s": 2}
HONOUR_LETTERS = "ESWNCFP"
LONG_CARD_LETTERS = "QBH"
LETTERS = HONOUR_LETTERS + LONG_CARD_LETTERS  # kinds 27..36 in order

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
RED, GREEN, WHITE = 31, 32, 33  # 中 发 白
THOUSAND, WHITE_FLOWER, RED_FLOWER = 34, 35, 36  # 千 白花 红花
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (RED, GREEN, WHITE)

# Tenhou order of the honour digits: 1z E, 2z S, 3z W, 4z N, 5z White, 6z Green, 7z Red.
Z_DIGIT_KIND = {1: EAST, 2: SOUTH, 3: WEST, 4: NORTH, 5: WHITE, 6: GREEN, 7: RED}

# Unicode mahjong tiles (U+1F000 block); Nantong cards have no glyph.
_GLYPH_BASE = {0: 0x1F007, 1: 0x1F019, 2: 0x1F010}
_HONOUR_GLYPHS = {EAST: 0x1F000, SOUTH: 0x1F001, WEST: 0x1F002, NORTH: 0x1F003,
                  RED: 0x1F004, GREEN: 0x1F005, WHITE: 0x1F006}


def kind(rank: int, suit: str) -> int:
    """Kind of a numbered tile, e.g. ``kind(5, "p") == 13``."""
    return SUIT_OF_LETTER[suit] * 9 + rank - 1


def is_terminal(k: int) -> bool:
    return k < 27 and k % 9 in (0, 8)


def tile_name(k: int) -> str:
    """Canonical text of one tile: ``5p``, ``E``, ``Q``."""
    if k < 27:
        return f"{k % 9 + 1}{SUITS[k // 9]}"
    return LETTERS[k - 27]


def tiles_text(kinds: list[int] | tuple[int, ...]) -> str:
    """Compact text of tiles in the given order, digits grouped before their suit: ``123m5p``."""
    out: list[str] = []
    run_suit: str | None = None
    for k in kinds:
        if k < 27:
            suit = SUITS[k // 9]
            if run_suit is not None and run_suit != suit:
                out.append(run_suit)
            out.append(str(k % 9 + 1))
            run_suit = suit
        else:
            if run_suit is not None:
                out.append(run_suit)
                run_suit = None
            out.append(LETTERS[k - 27])
    if run_suit is not None:
        out.append(run_suit)
    return "".join(out)


def glyph(k: int) -> str:
    """The U+1F000 glyph of a tile, or its text where Unicode has none."""
    if k < 27:
        return chr(_GLYPH_BASE[k // 9] + k % 9)
    if k in _HONOUR_GLYPHS:
        return chr(_HONOUR_GLYPHS[k])
    return tile_name(k)


def flower_glyph(n: int) -> str:
    """Flowers 1-4 seasons (U+1F026..29), 5-8 plants (U+1F022..25)."""
    return chr(0x1F026 + n - 1) if n <= 4 else chr(0x1F022 + n - 5)
