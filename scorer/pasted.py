"""What people paste, turned into notation, keeping where each character came from.

``read(text)`` turns a non-ASCII hand string into the ASCII notation the scanner reads, with, for
every character it writes, the position in the original text of what it was written for, so that
problems are reported where the user typed them and quote what they typed (docs/notation.md):

* our own glyph output read back: the mahjong tiles U+1F000..U+1F021 (🀇 = 1m, 🀄 = C, ...) and
  the flowers U+1F022..U+1F029 (🀢..🀥 plants = 5f..8f, 🀦..🀩 seasons = 1f..4f); a variation
  selector (U+FE0E / U+FE0F) right after a glyph is presentation only and dropped;
* fullwidth ASCII (U+FF01..U+FF5E), the ideographic space and the IME brackets 【】 as their ASCII
  twins. Deliberately not NFKC, which would also turn ``²`` into ``2``;
* Chinese tile names: numerals 一..九 run like digits and are closed by a suit word 万/萬 (m),
  筒/饼/餅 (p), 条/條/索 (s): ``一万`` 1m, ``一二三万`` 123m; a suit word also closes ASCII digits
  (``3万`` 3m). Honours 东南西北中发白 (東 發 too) and the words 红中, 发财, 白板, 东风..北风;
  flowers 春夏秋冬梅兰竹菊 = 1f..8f; Nantong 千 Q, 白花 B, 红花 H. The longest name wins (白花
  before 白).

What stays an error rather than a guess: a numeral run not closed by a suit word (its count, its
suit? ``三`` alone, ``三m``, ``2一万``), a suit word with nothing before it, and any character not
listed above (两, 风 or 红 on their own, 🀪, ...). A numeral run never joins ASCII digits, and a glyph
never joins a digit run before it: ``2🀇`` is a lone ``2`` and then 1m, not 2m 1m.

``older_helper_form`` rewrites ChineseOfficialMahjongHelper's older space-separated strings
(``WWWW 444s 45m678pFF6m``) into our brackets; the ``*_note`` functions word what ``parse`` tells
the user when it read a string one of two ways.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .hand import Exposure, Meld, MeldKind
from .tiles import NUM_STANDARD_KINDS, flower_glyph, glyph, tile_name

__all__ = [
    "BREAK",
    "Pasted",
    "helper_note",
    "kong_note",
    "offer_hint",
    "older_form_note",
    "older_helper_form",
    "plain",
    "read",
    "typed_as_letters",
]

# Written before a tile that starts with a digit (🀇 -> "1m"), so that a digit run before it ends
# there: the scanner flushes the run on it and otherwise ignores it (pasted text only).
BREAK = "\x00"
_UNKNOWN = "\ufffd"  # stands in for a BREAK the user typed, still reported as what they typed

_GLYPHS = {glyph(k): tile_name(k) for k in range(NUM_STANDARD_KINDS)}
_GLYPHS.update({flower_glyph(n): f"{n}f" for n in range(1, 9)})
_SELECTORS = "\ufe0e\ufe0f"

_NUMERALS = {ch: str(i) for i, ch in enumerate("一二三四五六七八九", start=1)}
_SUIT_WORDS = {"万": "m", "萬": "m", "筒": "p", "饼": "p", "餅": "p", "条": "s", "條": "s", "索": "s"}
_WORDS_2 = {
    "红中": "C", "紅中": "C", "发财": "F", "發財": "F", "白板": "P",
    "东风": "E", "東風": "E", "南风": "S", "南風": "S", "西风": "W", "西風": "W", "北风": "N", "北風": "N",
    "白花": "B", "红花": "H", "紅花": "H",
}
_WORDS_1 = {
    "东": "E", "東": "E", "南": "S", "西": "W", "北": "N", "中": "C", "发": "F", "發": "F", "白": "P",
    "千": "Q",
    **{ch: f"{n}f" for n, ch in enumerate("春夏秋冬梅兰竹菊", start=1)}, "蘭": "6f",
}
_FOLD = {"\u3000": " ", "【": "[", "】": "]"}


@dataclass(frozen=True, slots=True)
class Pasted:
    """Notation ``text`` read from ``source``: ``origin[i]`` is where ``text[i]`` came from."""

    text: str
    origin: Sequence[int]
    source: str
    ends: dict[int, int] = field(default_factory=dict)  # start -> end of a name longer than 1 character

    def typed(self, i: int) -> str:
        """What the user typed for ``text[i]``: ``一``, ``🀇``, ``红中``, ``５``."""
        start = self.origin[i]
        return self.source[start:self.ends.get(start, start + 1)]


def plain(text: str) -> Pasted:
    """ASCII text as it is (for the rewrites below)."""
    return Pasted(text, range(len(text)), text)


def _fold(ch: str) -> str | None:
    code = ord(ch)
    if 0xFF01 <= code <= 0xFF5E:
        return chr(code - 0xFEE0)
    return _FOLD.get(ch)


def read(source: str) -> Pasted:
    """Notation for ``source``; characters it does not know are passed on for the scanner to report."""
    out: list[str] = []
    origin: list[int] = []
    ends: dict[int, int] = {}

    def emit(chars: str, pos: int) -> None:
        out.extend(chars)
        origin.extend([pos] * len(chars))

    i, n = 0, len(source)
    after_glyph = False
    while i < n:
        ch = source[i]
        was_glyph, after_glyph = after_glyph, False
        if ch in _NUMERALS:
            i = _numerals(source, i, emit)
            continue
        if ch in _GLYPHS:
            tile = _GLYPHS[ch]
            emit(BREAK + tile if tile[0].isdigit() else tile, i)
            after_glyph = True
        elif ch in _SELECTORS and was_glyph:
            after_glyph = True  # presentation only (text or emoji style of the glyph before it)
        elif source[i:i + 2] in _WORDS_2:
            emit(_WORDS_2[source[i:i + 2]], i)
            ends[i] = i + 2
            i += 2
            continue
        elif ch in _WORDS_1:
            tile = _WORDS_1[ch]
            emit(BREAK + tile if tile[0].isdigit() else tile, i)
        elif ch in _SUIT_WORDS:
            emit(_SUIT_WORDS[ch], i)  # closes ASCII digits (3万); alone, the scanner reports it
        elif (folded := _fold(ch)) is not None:
            emit(folded, i)
        else:
            emit(_UNKNOWN if ch == BREAK else ch, i)
        i += 1
    return Pasted("".join(out), origin, source, ends)


def _numerals(source: str, i: int, emit: Callable[[str, int], None]) -> int:
    """A run of Chinese numerals from ``i`` (whitespace allowed inside, as in ``1 2 3m``), closed by a
    suit word or else left without a suit; returns the index after what it read."""
    emit(BREAK, i)  # never joins ASCII digits written before it
    n = len(source)
    last = i
    j = i
    while j < n and (source[j] in _NUMERALS or source[j].isspace()):
        if source[j] in _NUMERALS:
            emit(_NUMERALS[source[j]], j)
            last = j
        j += 1
    if j < n and source[j] in _SUIT_WORDS:
        emit(_SUIT_WORDS[source[j]], j)
        return j + 1
    emit(BREAK, last)  # nothing else may close it: the scanner reports the run without a suit
    return last + 1


def typed_as_letters(written: str) -> bool:
    """Written in ASCII or fullwidth letters and digits, as ChineseOfficialMahjongHelper writes."""
    return all(ch.isascii() or 0xFF01 <= ord(ch) <= 0xFF5E or ch.isspace() for ch in written)


# ------------------------------------------------------------- ChineseOfficialMahjongHelper's older form

_OLDER_TILE_CHARS = frozenset("123456789mpszESWNCFP" + BREAK)


def older_helper_form(p: Pasted) -> Pasted | None:
    """ChineseOfficialMahjongHelper's older strings in our brackets, or None if ``p`` is not one.

    That form lists the claimed melds first, each a chunk ended by a space (three tiles: a pung or a
    chow, four: a claimed kong; no offer digit, no discarder), ``[XXXX]`` for a concealed kong (no
    space needed around it), then the standing hand with the winning tile last:
    ``WWWW 444s 45m678pFF6m`` is ``[WWWW][444s]45m678pFF6m``. It applies only where a space ends a
    chunk; whether the result is a hand is left to the reader.
    """
    s = p.text
    start, end = 0, len(s)
    while start < end and s[start].isspace():
        start += 1
    while end > start and s[end - 1].isspace():
        end -= 1
    w = _OlderWriter(p)
    spaced = False
    i = start
    while i < end:
        ch = s[i]
        if ch.isspace():
            spaced = w.close_chunk() or spaced
        elif ch == "[":
            w.close_chunk()
            closed = w.concealed_kong(i, end)
            if closed is None:
                return None
            i = closed
        elif ch in _OLDER_TILE_CHARS:
            w.chunk.append(i)
        else:
            return None  # commas, offer digits in brackets, other brackets, flowers: not that form
        i += 1
    if not spaced or not w.chunk:
        return None
    for c in w.chunk:  # the standing hand
        w.emit(s[c], c)
    return Pasted("".join(w.out), w.origin, p.source, p.ends)


class _OlderWriter:
    """The older form rewritten in our brackets, each character with its origin in the text typed."""

    def __init__(self, p: Pasted) -> None:
        self.p = p
        self.out: list[str] = []
        self.origin: list[int] = []
        self.chunk: list[int] = []  # positions of the tiles of the chunk being read

    def emit(self, ch: str, at: int) -> None:
        self.out.append(ch)
        self.origin.append(self.p.origin[at])

    def close_chunk(self) -> bool:
        """The chunk read so far as a claimed meld; whether there was one."""
        chunk = self.chunk
        if not chunk:
            return False
        self.emit("[", chunk[0])
        for c in chunk:
            self.emit(self.p.text[c], c)
        self.emit("]", chunk[-1])
        self.chunk = []
        return True

    def concealed_kong(self, i: int, end: int) -> int | None:
        """``[XXXX]`` at ``i`` as ``(XXXX)``: the position of its ``]``, or None if it is no such bracket."""
        s = self.p.text
        j = s.find("]", i + 1, end)
        if j < 0 or "[" in s[i + 1:j]:
            return None
        self.emit("(", i)
        for c in range(i + 1, j):
            if not s[c].isspace():
                if s[c] not in _OLDER_TILE_CHARS:
                    return None
                self.emit(s[c], c)
        self.emit(")", j)
        return j


# -------------------------------------------------------------------------------------------- notes

_HELPER = "ChineseOfficialMahjongHelper"
_FROM = {1: "the left", 2: "across", 3: "the right"}
_NTH = {1: "1st", 2: "2nd", 3: "3rd"}


def _helper_meaning(meld: Meld) -> str:
    if meld.kind is MeldKind.CHOW:
        return f"chow claimed with its {_NTH[meld.claimed or 1]} tile"
    if meld.exposure is Exposure.CONCEALED:
        return "concealed kong"
    who = _FROM.get(meld.claimed or 0, "another player")
    if meld.exposure is Exposure.ADDED:
        return f"kong added to a pung claimed from {who}"
    return f"{meld.kind.value} claimed from {who}"


def helper_note(read_as: list[tuple[str, Meld]]) -> str:
    """A string that only ChineseOfficialMahjongHelper's notation reads: what its melds meant."""
    parts = "; ".join(f"{written}: {_helper_meaning(meld)}" for written, meld in read_as)
    return f'read as a {_HELPER} string ({parts}); pass dialect "helper" to say so'


def kong_note(written: list[str], kind: int) -> str:
    """Bare ``[XXXX]`` kongs (as typed, whitespace removed; ``kind``: the first one's tile kind):
    claimed in our notation, concealed in the helper's. The MCR full result in C writes the same
    note from this function (scorer/variants/mcr/_full_path.pxi)."""
    tiles = _kong_text(kind)
    if len(written) == 1:
        head = f"{written[0]} is read as a claimed kong; {_HELPER} writes a concealed kong this way"
    else:
        listed = ", ".join(written[:-1]) + f" and {written[-1]}"
        head = f"{listed} are read as claimed kongs; {_HELPER} writes concealed kongs this way"
    return (f"{head} — write ({tiles}) for a concealed kong, [{tiles},N] to name the discarder, "
            'or use dialect "helper"')


def _kong_text(k: int) -> str:
    return tile_name(k) * 4 if k >= 27 else f"{k % 9 + 1}" * 4 + tile_name(k)[1]


def older_form_note(read_as: list[tuple[str, Meld]], canonical: str) -> str:
    """What the chunks of an older space-separated ChineseOfficialMahjongHelper string were read as."""
    parts = "; ".join(f"{written}: {'concealed' if meld.is_concealed else 'claimed'} {meld.kind.value}"
                      for written, meld in read_as)
    return (f"read as an older {_HELPER} string ({parts}; then the hand, winning tile last); "
            f"write {canonical} to say so")


def offer_hint(written: str) -> str:
    """Appended to the error at a helper offer digit when the string fails both ways."""
    return f'; in {_HELPER} notation {written} has an offer digit: pass dialect "helper"'
