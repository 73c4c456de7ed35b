"""Hand notation (docs/notation.md): text -> ``Hand`` and back.

The parser works in two passes so that every problem can be reported at once:

1. ``_scan`` turns the text into tokens (tiles, flowers, brackets, claim digits), each carrying the
   0-based position of the character it came from in the *original* string;
2. ``Builder`` walks the tokens, groups bracketed tiles into melds, and checks copies, counts and
   the winning tile.

Nothing stops at the first problem: each one is recorded as a ``Problem`` and the walk goes on, and a
``HandError`` carrying all of them is raised at the end.

Text that is not ASCII (glyphs, fullwidth, Chinese tile names) is first turned into notation by
``scorer.pasted``; the scanner then reads that, reporting positions in, and quoting, what was typed.
With no dialect named, a string that fails only because it is a ChineseOfficialMahjongHelper string
is read as one, and a ``[XXXX]`` kong the two notations read differently is read ours; both are
said in ``Hand.notes``.

``Scanner``, ``Builder``, ``Token``, ``TokenType`` and ``Group`` are the extension points for variants
that read tiles their own way (Huangyan maps White boards to the wild's kind in ``Builder.meld``;
Fuzhou reads honours and flowers to report them with its own codes): subclass, don't copy.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache
from types import ModuleType

from . import pasted as _pasted
from .errors import HandError, Problem
from .hand import Exposure, Hand, Meld, MeldKind
from .pasted import BREAK, Pasted
from .tiles import (
    LETTERS,
    NUM_KINDS,
    NUM_STANDARD_KINDS,
    SUIT_OF_LETTER,
    Z_DIGIT_KIND,
    tile_name,
    tiles_text,
)

_fastparse: ModuleType | None
try:  # the common case read in C; without the build, the Python parser reads everything
    _fastparse = importlib.import_module("._fastparse", __package__)
except ImportError:  # pragma: no cover
    _fastparse = None

__all__ = [
    "Builder",
    "Group",
    "LONG_CARDS",
    "MAX_LENGTH",
    "MAX_RAW_LENGTH",
    "PLAIN",
    "STANDARD",
    "SUITED_16",
    "NotationRules",
    "Scanner",
    "Token",
    "TokenType",
    "format_hand",
    "format_meld",
    "parse",
    "parse_tile",
    "parse_tiles",
]

# Inputs are bounded so that a hostile string costs nothing: anything longer fails before scanning.
# The limit counts what is written, not whitespace (a hand padded with spaces still reads); the raw
# text has a hard bound of its own.
MAX_LENGTH = 200
MAX_RAW_LENGTH = 2000

_DIGITS = "0123456789"  # ASCII only: str.isdigit() would also accept e.g. Arabic-Indic digits
_OPENERS = {"[": "]", "{": "}", "(": ")", "<": ">"}
_CLOSERS = {close: open_ for open_, close in _OPENERS.items()}
_LETTER_KIND = {letter: 27 + i for i, letter in enumerate(LETTERS)}
_SUIT_LETTERS = "mpszf"  # suit letters that follow a digit run (z honours, f flowers)
_HONOUR_LETTERS = "ESWNCFP"
# what starts a group after a separating comma (whitespace before it ignored): a digit run with its
# suit letter -- unbroken, so that ``,1 444s`` stays a claim digit -- a tile letter or a bracket
_GROUP_START = re.compile(r"\s*(?:[0-9]+[mpszf]|[A-Z\[{(<])")
_HELPER = "helper"
_DIALECTS = (None, _HELPER)
_ROLES = ("winner", "idle")


@dataclass(frozen=True)
class NotationRules:
    """What a variant's hand strings may contain and how many tiles a hand holds."""

    name: str  # the tile set in words, as the problems name it ("the long cards (m p s and Q B H)")
    kinds: frozenset[int]           # tile kinds allowed in the hand
    n_sets: int                     # sets in a winning hand (pair not counted)
    flowers_in_hand: bool = False   # 1f..8f may be written in the hand (collected into Hand.flowers)
    long_cards: bool = False        # Q B H and <..> declarations (Nantong)
    chow_melds: bool = True         # [123m] may be written (False where sequences cannot be claimed)
    claim_digits: frozenset[int] = frozenset({1, 2, 3})  # allowed ,N discarders of a pung or kong
    # hands players paste from ChineseOfficialMahjongHelper (an MCR app): read without the dialect
    # where only its notation reads them, noted where the two read a string differently
    helper_strings: bool = False
    red_fives: bool = False  # 0m 0p 0s: the red five of the suit, at most one per suit (riichi)
    # a winner's text tried by the C reader first (scorer._fastparse), as for STANDARD: only for rules
    # that read its texts as STANDARD does (``_reads_fast``), and opted in by name, so that a copy of
    # STANDARD still reads in Python alone (tests/test_fastparse.py)
    c_reader: bool = False


STANDARD = NotationRules(
    name="the standard tiles", kinds=frozenset(range(NUM_STANDARD_KINDS)), n_sets=4, flowers_in_hand=True,
    helper_strings=True,
)
PLAIN = NotationRules(name="the standard tiles without flowers", kinds=frozenset(range(NUM_STANDARD_KINDS)), n_sets=4)
SUITED_16 = NotationRules(name="the suited tiles (m p s)", kinds=frozenset(range(27)), n_sets=5)
LONG_CARDS = NotationRules(
    name="the long cards (m p s and Q B H)", kinds=frozenset(range(27)) | {34, 35, 36}, n_sets=7, long_cards=True,
    chow_melds=False, claim_digits=frozenset({1, 3}),
)


# --------------------------------------------------------------------------------------------- scanner

class TokenType(Enum):
    TILE = "tile"
    FLOWER = "flower"
    OPEN = "open"
    CLOSE = "close"
    CLAIM = "claim"


@dataclass(frozen=True, slots=True)
class Token:
    type: TokenType
    pos: int
    value: int = 0       # tile kind, flower number or claim digit
    char: str = ""       # the bracket character for OPEN / CLOSE
    helper: bool = False  # a CLAIM written the helper way ([567m2]) rather than with a comma
    red: bool = False    # a TILE written as a red five (0m 0p 0s)


@lru_cache(maxsize=8192)
def _tile_token(kind: int, pos: int, red: bool) -> Token:
    """A tile's token: frozen, so one instance is shared (building one costs more than the rest of
    reading the tile)."""
    return Token(TokenType.TILE, pos, kind, red=red)


class Scanner:
    """Characters -> tokens. Reports character-level problems; never raises."""

    def __init__(self, text: str, rules: NotationRules, problems: list[Problem], *,
                 helper: bool = False, list_mode: bool = False, pasted: Pasted | None = None) -> None:
        self.text = text
        self.rules = rules
        self.problems = problems
        self.helper = helper
        self.list_mode = list_mode  # parse_tiles: commas separate tiles, no brackets
        # text read from what was typed (scorer.pasted): tokens and problems get the typed positions
        self.pasted = pasted
        self.tokens: list[Token] = []
        self.digits: list[int] = []  # positions of a pending digit run
        self.depth = 0  # bracket nesting, only so that a stray nested bracket does not split a digit run
        # problems to report ahead of their position (id -> the position to sort at): an unknown
        # character inside a digit run comes before the problems of the run it broke
        self.ahead: dict[int, int] = {}
        self.hinted = False  # the lowercase-honour hint is given once

    def problem(self, message: str, pos: int | None, code: str) -> None:
        if pos is not None and self.pasted is not None:
            pos = self.pasted.origin[pos]
        self.problems.append(Problem(message, pos, code))

    def typed(self, i: int) -> str:
        """What was typed for ``text[i]`` (``一`` for the digit read from it)."""
        return self.text[i] if self.pasted is None else self.pasted.typed(i)

    def shown(self, i: int, name: str, quoted: bool = False) -> str:
        """A tile's name, after what was typed for it when that was not the notation itself."""
        typed = self.typed(i)
        if typed == self.text[i]:
            return repr(name) if quoted else name
        return f"{typed!r} ({name})"

    def run(self) -> list[Token]:
        text = self.text
        i, n = 0, len(text)
        while i < n:
            ch = text[i]
            if ch.isspace():
                pass  # ignored, even inside a digit run ("1 2 3m" is 123m)
            elif ch in _DIGITS:
                self.digits.append(i)
            elif ch in _SUIT_LETTERS:
                self.suit(ch, i)
            elif ch in _LETTER_KIND:
                self.flush()
                self.tile(_LETTER_KIND[ch], i)
            elif ch in _OPENERS or ch in _CLOSERS:
                self.bracket(ch, i)
            elif ch == ",":
                i = self.comma(i)
                continue
            elif ch == BREAK and self.pasted is not None:
                self.flush()  # a pasted tile (🀇, 一万) starts its own digit run
            else:
                # Reported but otherwise skipped: it does not break a digit run, so one typo is one error.
                self.unknown(i)
            i += 1
        self.flush()
        if self.pasted is not None:
            origin = self.pasted.origin
            self.tokens = [replace(t, pos=origin[t.pos]) for t in self.tokens]
        return self.tokens

    def unknown(self, i: int) -> None:
        typed = self.typed(i)
        hint = ""
        if not self.hinted and typed.upper() in _HONOUR_LETTERS and typed != typed.upper():
            hint, self.hinted = f" (honours are written {' '.join(_HONOUR_LETTERS)})", True
        self.problem(f"unknown character {typed!r}{hint}", i, "unknown_character")
        if self.digits:  # the digits before it and after it are read as one run: it comes first
            first = self.digits[0]
            self.ahead[id(self.problems[-1])] = first if self.pasted is None else self.pasted.origin[first]

    def flush(self) -> None:
        """A digit run that meets anything but a suit letter has no suit."""
        if self.digits:
            first = self.digits[0]
            run = "".join(self.typed(p) for p in self.digits)
            self.problem(f"digits {run!r} are not followed by a suit letter (m p s z f)", first,
                         "digit_without_suit")
            self.digits = []

    def suit(self, letter: str, pos: int) -> None:
        if not self.digits:
            self.problem(f"suit letter {self.typed(pos)!r} has no digits before it", pos, "suit_without_digit")
            return
        for p in self.digits:
            rank = ord(self.text[p]) - ord("0")
            if rank == 0 and self.rules.red_fives and letter in SUIT_OF_LETTER:
                self.tile(SUIT_OF_LETTER[letter] * 9 + 4, p, red=True)
            elif rank == 0:
                self.problem(f"rank 0 does not exist ('0{letter}')", p, "zero_rank")
            elif letter == "z":
                if rank in Z_DIGIT_KIND:
                    self.tile(Z_DIGIT_KIND[rank], p)
                else:
                    self.problem(f"'{rank}z' is not an honour (1z..7z)", p, "bad_honour_digit")
            elif letter == "f":
                if rank > 8:
                    self.problem(f"'{rank}f' is not a flower (1f..8f)", p, "bad_flower_digit")
                elif self.rules.flowers_in_hand and not self.list_mode:
                    self.tokens.append(Token(TokenType.FLOWER, p, rank))
                else:
                    flower = self.shown(p, f"{rank}f", quoted=True)
                    self.problem(f"flower {flower} is not among {self.rules.name}", p, "foreign_tile")
            else:
                self.tile(SUIT_OF_LETTER[letter] * 9 + rank - 1, p)
        self.digits = []

    def tile(self, kind: int, pos: int, red: bool = False) -> None:
        if kind not in self.rules.kinds:
            self.problem(f"{self.shown(pos, tile_name(kind))} is not among {self.rules.name}", pos,
                         "foreign_tile")
        # Kept even when foreign, so that one bad tile does not also skew the tile count.
        self.tokens.append(_tile_token(kind, pos, red))

    def bracket(self, ch: str, pos: int) -> None:
        if self.list_mode:
            self.flush()
            self.problem(f"bracket {self.typed(pos)!r} in a tile list", pos, "unexpected_bracket")
            return
        opening = ch in _OPENERS
        if opening:
            self.depth += 1
        nested = self.depth > 1  # reported later as unexpected_bracket; keep "[12[3m]]" as 123m
        if not opening:
            self.depth = max(self.depth - 1, 0)
        if ch == "]" and self.helper and len(self.digits) == 1 and not nested:
            # Helper dialect: a lone digit right before ']' is the offer digit, [567m2].
            p = self.digits[0]
            self.digits = []
            self.tokens.append(Token(TokenType.CLAIM, p, ord(self.text[p]) - ord("0"), helper=True))
        elif not nested:
            self.flush()
        self.tokens.append(Token(TokenType.OPEN if opening else TokenType.CLOSE, pos, char=ch))

    def comma(self, pos: int) -> int:
        """``,N`` claim digit, or a separator: in list mode, and between groups outside brackets
        (``123m,456m``: a group follows, not a claim digit); returns the index after it."""
        self.flush()
        if self.list_mode or (self.depth == 0 and self.group_after(pos)):
            return pos + 1
        i, n = pos + 1, len(self.text)
        digit_positions: list[int] = []
        while i < n and (self.text[i] in _DIGITS or self.text[i].isspace()):
            if self.text[i] in _DIGITS:
                digit_positions.append(i)
            i += 1
        if not digit_positions:
            self.problem("',' must be followed by a claim digit", pos, "bad_claim_digit")
        elif len(digit_positions) > 1:
            self.problem("a claim digit is a single digit", digit_positions[0], "bad_claim_digit")
        else:
            p = digit_positions[0]
            self.tokens.append(Token(TokenType.CLAIM, p, ord(self.text[p]) - ord("0")))
        return i


    def group_after(self, pos: int) -> bool:
        """A group starts after the comma (whitespace skipped): digits and their suit letter, a tile
        letter or an opening bracket (``123m,456m``, ``555p, CC``), not a claim digit (``,1``)."""
        return _GROUP_START.match(self.text, pos + 1) is not None


# ---------------------------------------------------------------------------------------------- melds

@dataclass
class Group:
    """Tiles between an opening bracket and its closing bracket."""

    open_char: str
    pos: int
    tiles: list[int] = field(default_factory=list)
    claim: Token | None = None
    flower_pos: int | None = None
    tile_after_claim: bool = False
    end: int | None = None  # position of the closing bracket, once closed
    red: int = 0  # red fives among its tiles


def _is_chow(tiles: list[int]) -> bool:
    a, b, c = tiles  # sorted
    return c < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2


class Builder:
    """Tokens -> melds, concealed tiles, flowers; then the whole-hand checks.

    ``text`` is the text as typed: token positions refer to it, and problems quote it.
    """

    def __init__(self, text: str, rules: NotationRules, problems: list[Problem], *, helper: bool) -> None:
        self.text = text
        self.rules = rules
        self.problems = problems
        self.helper = helper
        self.melds: list[Meld] = []
        self.concealed: list[int] = []
        self.concealed_positions: list[int] = []
        self.concealed_red: list[bool] = []  # each concealed tile written as a red five
        self.flowers: list[int] = []
        self.groups: list[Group] = []  # every bracket group, closed or not (for counts)
        self.pairs = 0  # <XX> declarations seen
        self.open_group: Group | None = None  # the bracket group being walked
        self.ignored: list[str] = []  # nested opening brackets, reported and skipped with their partner
        self.flower_seen: dict[int, int] = {}

    def problem(self, message: str, pos: int | None, code: str) -> None:
        self.problems.append(Problem(message, pos, code))

    def walk(self, tokens: list[Token]) -> None:
        steps = {TokenType.OPEN: self.on_open, TokenType.CLOSE: self.on_close, TokenType.TILE: self.on_tile,
                 TokenType.FLOWER: self.on_flower, TokenType.CLAIM: self.on_claim}
        tile, on_tile = TokenType.TILE, self.on_tile
        for tok in tokens:
            if tok.type is tile:  # most tokens; an Enum key is hashed by a Python method
                on_tile(tok)
            else:
                steps[tok.type](tok)
        group = self.open_group
        if group is not None:
            self.problem(f"{self.text[group.pos]!r} is never closed", group.pos, "unclosed_bracket")

    def on_open(self, tok: Token) -> None:
        if self.open_group is None:
            self.open_group = Group(tok.char, tok.pos)
            self.groups.append(self.open_group)
        else:
            self.problem(f"bracket {self.text[tok.pos]!r} inside a bracket", tok.pos, "unexpected_bracket")
            self.ignored.append(tok.char)

    def on_close(self, tok: Token) -> None:
        group = self.open_group
        if group is None:
            self.problem(f"closing {self.text[tok.pos]!r} without an opening bracket", tok.pos,
                         "unexpected_bracket")
        elif self.ignored and _CLOSERS[tok.char] == self.ignored[-1]:
            self.ignored.pop()
        elif _CLOSERS[tok.char] == group.open_char:
            self.close(group, tok.pos)
            self.open_group, self.ignored = None, []
        else:
            self.problem(f"{self.text[tok.pos]!r} does not close {self.text[group.pos]!r} at {group.pos}",
                         tok.pos, "unexpected_bracket")

    def on_tile(self, tok: Token) -> None:
        group = self.open_group
        if group is None:
            self.concealed.append(tok.value)
            self.concealed_positions.append(tok.pos)
            self.concealed_red.append(tok.red)
        else:
            group.tiles.append(tok.value)
            group.red += tok.red
            if group.claim is not None:
                group.tile_after_claim = True

    def on_flower(self, tok: Token) -> None:
        if tok.value in self.flower_seen:
            self.problem(f"flower '{tok.value}f' written twice", tok.pos, "too_many_copies")
        self.flower_seen[tok.value] = tok.pos
        if self.open_group is None:
            self.flowers.append(tok.value)
        elif self.open_group.flower_pos is None:
            self.open_group.flower_pos = tok.pos

    def on_claim(self, tok: Token) -> None:
        group = self.open_group
        if group is None:
            self.problem("a claim digit belongs inside a bracket", tok.pos, "bad_claim_digit")
        elif group.claim is not None:
            self.problem("a meld has at most one claim digit", tok.pos, "bad_claim_digit")
        else:
            group.claim = tok

    def close(self, group: Group, end: int) -> None:
        group.end = end
        written = "".join(self.text[group.pos:end + 1].split())
        if group.flower_pos is not None:
            self.problem(f"{written}: a flower cannot be part of a meld", group.pos, "bad_meld")
            return
        if group.tile_after_claim and group.claim is not None:
            self.problem(f"{written}: the claim digit must come after the tiles", group.claim.pos,
                         "bad_claim_digit")
        meld = self.meld(group, written)
        if meld is not None:
            self.melds.append(meld)

    def meld(self, group: Group, written: str) -> Meld | None:
        """The meld a closed group stands for, or None (with a problem) if it is none."""
        tiles = sorted(group.tiles)
        read = {"[": self.claimed_meld, "<": self.declared_meld}.get(group.open_char, self.bracketed_kong)
        found = read(group, tiles, written)
        if found is None:
            return None
        kind, exposure = found
        claimed: int | None = None
        if group.claim is not None:
            claimed, exposure = self.check_claim(group.claim, kind, exposure, written)
        return Meld(kind, tuple(tiles), exposure, claimed, position=group.pos, red=group.red)

    def claimed_meld(self, group: Group, tiles: list[int], written: str) -> tuple[MeldKind, Exposure] | None:
        """``[...]``: a chow, pung or kong (the helper's concealed kong when it names no discarder)."""
        n = len(tiles)
        same = n > 0 and tiles[0] == tiles[-1]
        if n == 3 and same:
            return MeldKind.PUNG, Exposure.EXPOSED
        if n == 3 and _is_chow(tiles):
            if not self.rules.chow_melds:
                self.problem(f"{written}: sequences cannot be claimed with {self.rules.name}", group.pos, "bad_meld")
                return None
            return MeldKind.CHOW, Exposure.EXPOSED
        if n == 4 and same:
            # helper writes a concealed kong as [SSSS]
            concealed = self.helper and group.claim is None
            return MeldKind.KONG, Exposure.CONCEALED if concealed else Exposure.EXPOSED
        self.problem(f"{written} is not a chow, pung or kong", group.pos, "bad_meld")
        return None

    def bracketed_kong(self, group: Group, tiles: list[int], written: str) -> tuple[MeldKind, Exposure] | None:
        """``{...}`` an added kong, ``(...)`` a concealed one."""
        opener = group.open_char
        if not (len(tiles) == 4 and tiles[0] == tiles[-1]):
            self.problem(f"{written}: {opener}..{_OPENERS[opener]} must hold four identical tiles",
                         group.pos, "bad_meld")
            return None
        return MeldKind.KONG, Exposure.ADDED if opener == "{" else Exposure.CONCEALED

    def declared_meld(self, group: Group, tiles: list[int], written: str) -> tuple[MeldKind, Exposure] | None:
        """``<...>``: a long-cards declaration of two, three or four identical tiles (one pair a hand)."""
        n = len(tiles)
        if not self.rules.long_cards:
            self.problem(f"{written}: <..> declarations do not exist with {self.rules.name}", group.pos, "bad_meld")
            return None
        if not (2 <= n <= 4 and tiles[0] == tiles[-1]):
            self.problem(f"{written}: <..> must hold two, three or four identical tiles", group.pos, "bad_meld")
            return None
        if n == 2:
            self.pairs += 1
            if self.pairs > 1:
                self.problem(f"{written}: at most one <XX> per hand", group.pos, "bad_meld")
                return None
        return {2: MeldKind.PAIR, 3: MeldKind.PUNG, 4: MeldKind.KONG}[n], Exposure.DECLARED

    def check_claim(self, claim: Token, kind: MeldKind, exposure: Exposure,
                    written: str) -> tuple[int | None, Exposure]:
        """Validate a claim digit; returns (claimed, exposure) — the helper's 5-7 promote a kong."""
        d = claim.value
        if exposure in (Exposure.CONCEALED, Exposure.DECLARED):
            what = "a concealed kong" if exposure is Exposure.CONCEALED else "a declaration"
            self.problem(f"{written}: {what} has no discarder", claim.pos, "bad_claim_digit")
            return None, exposure
        if kind is MeldKind.CHOW:
            if 1 <= d <= 3:
                return d, exposure
            self.problem(f"{written}: a chow's claim digit names one of its tiles (1-3), not {d}",
                         claim.pos, "bad_claim_digit")
            return None, exposure
        allowed = self.rules.claim_digits
        if claim.helper and kind is MeldKind.KONG and d - 4 in allowed:
            return d - 4, Exposure.ADDED  # helper: 5-7 = kong promoted from a pung claimed from d-4
        if d in allowed:
            return d, exposure
        digits = "/".join(str(x) for x in sorted(allowed))
        self.problem(f"{written}: discarder {d} is not one of {digits}", claim.pos, "bad_claim_digit")
        return None, exposure

    def check_copies(self, tokens: list[Token]) -> None:
        """A fifth copy of a kind, anywhere in the string, is reported where it is written."""
        seen = [0] * NUM_KINDS
        red = [0] * NUM_KINDS
        for tok in tokens:
            if tok.type is TokenType.TILE:
                seen[tok.value] += 1
                if seen[tok.value] == 5:
                    # the red five as written, and that it counts as a five
                    written = f" ({red_name(tok.value)}, a red five)" if tok.red else ""
                    self.problem(f"a fifth {tile_name(tok.value)}{written}", tok.pos, "too_many_copies")
                if tok.red:
                    red[tok.value] += 1
                    if red[tok.value] == 2:
                        self.problem(f"a second red five {red_name(tok.value)} (one per suit)", tok.pos,
                                     "too_many_copies")

    def check_count(self, idle: bool) -> None:
        found = len(self.concealed) + sum(len(g.tiles) for g in self.groups)
        k = sum(1 for g in self.groups if len(g.tiles) == 4)
        h = sum(1 for g in self.groups if g.open_char == "<" and len(g.tiles) == 2)
        expected = 3 * self.rules.n_sets + 2 + k + 2 * h - (1 if idle else 0)
        if found != expected:
            who = "an idle hand" if idle else "a winning hand"
            detail = f" with {k} four-tile group(s)" if k else ""
            detail += f" and {h} <XX>" if h else ""
            tiles = "tile" if found == 1 else "tiles"
            self.problem(f"{found} {tiles} found; {who}{detail} holds {expected}", None, "tile_count")


# ------------------------------------------------------------------------------------------ public API

# the character where the MAX_LENGTH-th written (non-whitespace) character is followed by one more
_PAST_LIMIT = re.compile(rf"(?:\s*\S){{{MAX_LENGTH}}}\s*(\S)")


def too_long(text: str) -> HandError | None:
    """The error for a text past the length limits (non-whitespace characters, and the raw bound), or None."""
    if len(text) <= MAX_LENGTH:
        return None
    past = _PAST_LIMIT.match(text, 0, MAX_RAW_LENGTH)
    if past is not None:
        pos = past.start(1)
        what = "" if pos == MAX_LENGTH else " (not counting whitespace)"
        return HandError([Problem(f"input longer than {MAX_LENGTH} characters{what}", pos, "input_too_long")])
    if len(text) > MAX_RAW_LENGTH:
        return HandError([Problem(f"input longer than {MAX_RAW_LENGTH} characters", MAX_RAW_LENGTH,
                                  "input_too_long")])
    return None


def parse_tile(text: str) -> int:
    """One tile: ``5p``, ``E``, ``5z``, ``Q``. Raises HandError (code ``bad_tile``) on anything else."""
    if not isinstance(text, str) or len(text) > 8:
        raise HandError(f"{str(text)[:20]!r} is not a tile", None, "bad_tile")
    s = text.strip()
    if len(s) == 1 and s in _LETTER_KIND:
        return _LETTER_KIND[s]
    if len(s) == 2 and s[0] in "123456789" and s[1] in "mps":
        return SUIT_OF_LETTER[s[1]] * 9 + int(s[0]) - 1
    if len(s) == 2 and s[1] == "z" and s[0] in _DIGITS and int(s[0]) in Z_DIGIT_KIND:
        return Z_DIGIT_KIND[int(s[0])]
    raise HandError(f"{text!r} is not a tile", 0, "bad_tile")


def scan(text: str, rules: NotationRules, problems: list[Problem], *, helper: bool = False,
         list_mode: bool = False) -> list[Token]:
    """The tokens of a text as typed: pasted text (glyphs, fullwidth, Chinese names) is read first, and
    problems name positions in, and quote, what was typed. For readers of their own (variants)."""
    pasted = None if text.isascii() else _pasted.read(text)
    return Scanner(text if pasted is None else pasted.text, rules, problems, helper=helper, list_mode=list_mode,
                   pasted=pasted).run()


def parse_tiles(text: str, rules: NotationRules = STANDARD) -> list[int]:
    """A plain list of tiles in written order (``2s3m``, ``2s,3m``, ``5z P``, ``🀇🀈``, ``一万，东``): no
    brackets, no flowers."""
    error = too_long(text)
    if error is not None:
        raise error
    problems: list[Problem] = []
    tokens = scan(text, rules, problems, list_mode=True)
    if problems:
        raise HandError(problems)
    return [t.value for t in tokens]


def _win_kind(win_tile: int | str) -> int | None:
    if isinstance(win_tile, bool):
        return None
    if isinstance(win_tile, int):
        return win_tile if 0 <= win_tile < NUM_KINDS else None
    if isinstance(win_tile, str):
        try:
            return parse_tile(win_tile)
        except HandError:
            return None
    return None


@dataclass
class _Reading:
    """One reading of a text: the hand, or the problems that stopped it."""

    hand: Hand | None
    problems: list[Problem]
    builder: Builder


def _read(text: str, pasted: Pasted | None, rules: NotationRules, helper: bool,
          win_tile: int | str | None, idle: bool) -> _Reading:
    problems: list[Problem] = []
    scanner = Scanner(text if pasted is None else pasted.text, rules, problems, helper=helper, pasted=pasted)
    tokens = scanner.run()
    b = Builder(text, rules, problems, helper=helper)
    b.walk(tokens)
    b.check_copies(tokens)
    b.check_count(idle)

    win: int | None = None
    red_win = False
    if idle:
        if win_tile is not None:
            b.problem("an idle hand has no winning tile", None, "bad_win_tile")
    elif win_tile is not None:
        win = _win_kind(win_tile)
        if win is None:
            b.problem(f"win_tile {str(win_tile)[:20]!r} is not a tile", None, "bad_win_tile")
        elif win not in b.concealed:
            b.problem(f"win_tile {tile_name(win)} is not in the concealed part", None, "bad_win_tile")
    elif b.concealed:
        win = b.concealed[-1]  # the last tile written outside brackets
        red_win = b.concealed_red[-1]

    if problems:
        # Position order reads naturally, a cause before what it causes (Scanner.ahead); problems
        # without a position (counts, context) go last.
        ahead = scanner.ahead
        problems.sort(key=lambda p: (p.position is None, ahead.get(id(p), p.position or 0), id(p) not in ahead))
        return _Reading(None, problems, b)
    red = tuple(sorted(k for k, is_red in zip(b.concealed, b.concealed_red, strict=True) if is_red))
    hand = Hand(melds=tuple(b.melds), concealed=tuple(sorted(b.concealed)), win_tile=win,
                flowers=tuple(sorted(b.flowers)), red=red, red_win=red_win)
    return _Reading(hand, problems, b)


def parse(text: str, rules: NotationRules = STANDARD, dialect: str | None = None,
          win_tile: int | str | None = None, role: str = "winner") -> Hand:
    """Read a hand string. Raises HandError carrying every problem found.

    ``dialect="helper"`` reads ChineseOfficialMahjongHelper strings (``[567m2]``); ``win_tile`` names
    the winning tile instead of the last concealed tile; ``role="idle"`` reads a non-winner's holding
    (one tile fewer, no winning tile). Glyphs, fullwidth text and Chinese tile names are read too
    (``scorer.pasted``). Without a dialect, a string only ChineseOfficialMahjongHelper's notation
    reads is read as one, and ``Hand.notes`` says how the text was read wherever it could be read
    another way.
    """
    _refuse_before_reading(text, dialect, role)
    if dialect is None and win_tile is None and role == "winner" and _fastparse is not None and _reads_fast(rules):
        hand = _fastparse.parse_hand(text)  # the common case, read in C (tests/test_fastparse.py)
        if hand is not None and not _bare_kong(hand) and (rules.flowers_in_hand or not hand.flowers):
            return hand

    pasted = None if text.isascii() else _pasted.read(text)
    helper = dialect == _HELPER
    idle = role == "idle"
    ours = _read(text, pasted, rules, helper, win_tile, idle)
    guess = dialect is None and rules.helper_strings
    if ours.hand is not None:
        return _with_kong_note(ours, text) if guess else ours.hand
    if guess or helper:
        other = _as_helper(text, pasted, rules, win_tile, idle, ours, try_brackets=guess)
        if other is not None:
            return other
    raise HandError(ours.problems)


def _reads_fast(rules: NotationRules) -> bool:
    """Whether the C reader's hands are this notation's: it reads what STANDARD reads without a
    problem, and these rules read those texts alike (the same kinds, sets, melds and claim digits;
    a flower, where the rules take none, is left to Python, which reports it)."""
    return rules is STANDARD or (rules.c_reader and rules.kinds == STANDARD.kinds and rules.n_sets == STANDARD.n_sets
                                 and rules.chow_melds and rules.claim_digits == STANDARD.claim_digits
                                 and not rules.long_cards and not rules.red_fives)


def _refuse_before_reading(text: object, dialect: str | None, role: str) -> None:
    """What stops a text before it is read: a role or dialect unknown, a text not a string, too long or empty."""
    if role not in _ROLES:
        raise ValueError(f"role must be one of {_ROLES}, not {role!r}")
    if not isinstance(text, str):
        raise HandError(f"the hand must be a string, not {type(text).__name__}", None, "bad_hand")
    error = too_long(text)
    if error is not None:
        raise error
    if dialect not in _DIALECTS:
        raise HandError(f"unknown dialect {dialect!r} (known: helper)", None, "bad_dialect")
    if not text.strip():
        raise HandError("empty hand", None, "empty_hand")


# ----------------------------------------------------------------- ChineseOfficialMahjongHelper strings

def _bare_kong(hand: Hand) -> bool:
    for m in hand.melds:
        if m.claimed is None and m.kind is MeldKind.KONG and m.exposure is Exposure.EXPOSED:
            return True
    return False


def _typed(text: str, group: Group) -> str:
    end = group.pos if group.end is None else group.end
    return "".join(text[group.pos:end + 1].split())


def _with_kong_note(reading: _Reading, text: str) -> Hand:
    """``[EEEE]`` is a claimed kong here and a concealed one in ChineseOfficialMahjongHelper."""
    hand = reading.hand
    assert hand is not None
    bare = [(_typed(text, g), m) for g, m in zip(reading.builder.groups, hand.melds, strict=True)
            if g.open_char == "[" and m.kind is MeldKind.KONG and m.claimed is None]
    bare = [(written, m) for written, m in bare if _pasted.typed_as_letters(written)]
    if not bare:
        return hand
    return replace(hand, notes=(_pasted.kong_note([w for w, _ in bare], bare[0][1].tiles[0]),))


def _as_helper(text: str, pasted: Pasted | None, rules: NotationRules, win_tile: int | str | None,
               idle: bool, ours: _Reading, *, try_brackets: bool) -> Hand | None:
    """A text our reading failed, read as ChineseOfficialMahjongHelper writes (with a note), or None.

    ``try_brackets``: no dialect was named, so the helper's bracket notation is tried first (a
    failure there leaves a hint at each offer digit in ``ours.problems``); then, in either case, its
    older space-separated form.
    """
    if try_brackets:
        theirs = _as_helper_brackets(text, pasted, rules, win_tile, idle, ours)
        if theirs is not None:
            return theirs
    older = _pasted.older_helper_form(pasted if pasted is not None else _pasted.plain(text))
    if older is None:
        return None
    reading = _read(text, older, rules, False, win_tile, idle)
    if reading.hand is None:
        return None
    read_as = [(_typed(text, g), m) for g, m in zip(reading.builder.groups, reading.hand.melds, strict=True)]
    note = _pasted.older_form_note(read_as, format_hand(reading.hand))
    return replace(reading.hand, notes=(note,))


def _as_helper_brackets(text: str, pasted: Pasted | None, rules: NotationRules, win_tile: int | str | None,
                        idle: bool, ours: _Reading) -> Hand | None:
    """The text in the helper's bracket notation (with a note), or None and a hint at each of its
    offer digits among ``ours.problems``."""
    theirs = _read(text, pasted, rules, True, win_tile, idle)
    # Only an offer digit ([567m2]) makes a text fail ours and read theirs.
    offers = {g.claim.pos: _typed(text, g) for g in theirs.builder.groups if g.claim is not None and g.claim.helper}
    if theirs.hand is not None and offers:
        read_as = [(_typed(text, g), m) for g, m in zip(theirs.builder.groups, theirs.hand.melds, strict=True)
                   if g.open_char == "[" and (g.claim is not None and g.claim.helper or m.is_concealed)]
        return replace(theirs.hand, notes=(_pasted.helper_note(read_as),))
    for i, p in enumerate(ours.problems):
        if p.code == "digit_without_suit" and p.position in offers:
            ours.problems[i] = replace(p, message=p.message + _pasted.offer_hint(offers[p.position]))
    return None


_BRACKETS: dict[Exposure, tuple[str, str]] = {
    Exposure.EXPOSED: ("[", "]"),
    Exposure.ADDED: ("{", "}"),
    Exposure.CONCEALED: ("(", ")"),
    Exposure.DECLARED: ("<", ">"),
}


def format_meld(meld: Meld) -> str:
    """``[123m]``, ``[555p,2]``, ``{5555p}``, ``(5555p)``, ``<QQQ>``."""
    open_, close = _BRACKETS[meld.exposure]
    claim = f",{meld.claimed}" if meld.claimed is not None else ""
    tiles = sorted(meld.tiles)
    text = tiles_text(tiles) if not meld.red else red_text(tiles, [k % 9 == 4 and k < 27 and n < meld.red
                                                                   for n, k in _five_index(tiles)])
    return f"{open_}{text}{claim}{close}"


def format_hand(hand: Hand) -> str:
    """Canonical text: melds in order, flowers, then the concealed tiles sorted with one copy of the
    winning tile moved to the end; honours always as letters. ``parse(format_hand(h)) == h``."""
    parts = [format_meld(m) for m in hand.melds]
    parts.extend(f"{n}f" for n in sorted(hand.flowers))
    concealed = sorted(hand.concealed)
    if hand.win_tile is not None and hand.win_tile in concealed:
        concealed.remove(hand.win_tile)
        concealed.append(hand.win_tile)
    if not hand.red:
        parts.append(tiles_text(concealed))
        return "".join(parts)
    # the red fives: the winning tile last when it was written red, else the first copy of its kind
    flags = [False] * len(concealed)
    red = list(hand.red)
    if hand.red_win and hand.win_tile in red:
        red.remove(hand.win_tile)
        flags[-1] = True
    for k in red:
        flags[concealed.index(k)] = True
    parts.append(red_text(concealed, flags))
    return "".join(parts)


def _five_index(tiles: list[int]) -> list[tuple[int, int]]:
    """Each tile with the number of fives before it (the first ``meld.red`` fives are written red)."""
    out, fives = [], 0
    for k in tiles:
        out.append((fives, k))
        fives += k < 27 and k % 9 == 4
    return out


def red_name(k: int) -> str:
    """A red five's text: ``0p``."""
    return f"0{tile_name(k)[1]}"


def red_text(kinds: list[int], red: list[bool]) -> str:
    """``tiles_text`` with the tiles flagged in ``red`` written as red fives (``340p``)."""
    out: list[str] = []
    run_suit: str | None = None
    for k, is_red in zip(kinds, red, strict=True):
        if k >= 27:
            if run_suit is not None:
                out.append(run_suit)
                run_suit = None
            out.append(tile_name(k))
            continue
        suit = tile_name(k)[1]
        if run_suit is not None and run_suit != suit:
            out.append(run_suit)
        out.append("0" if is_red else str(k % 9 + 1))
        run_suit = suit
    if run_suit is not None:
        out.append(run_suit)
    return "".join(out)


def with_hand_problems(hand: object, rules: NotationRules, dialect: str | None, error: HandError,
                       roles: tuple[str, ...] = ("winner",)) -> HandError:
    """A bad context must not hide a bad hand: the hand read with the variant's notation too, and
    every problem reported, the hand's (with their positions) first. ``roles``: the ways the request
    reads its hand (``parse``'s ``role``: a winning hand, or an idle one a tile short); a hand one
    of them reads has no problem, else the problems of the first whose tile count fits are told."""
    if not isinstance(hand, str):
        return error
    found: list[list[Problem]] = []
    for role in roles:
        try:
            parse(hand, rules, dialect=dialect, role=role)
        except HandError as hand_error:
            found.append(hand_error.problems)
            continue
        return error
    fits = [problems for problems in found if not any(p.code == "tile_count" for p in problems)]
    return HandError((fits or found)[0] + error.problems)
