"""Text tables for the terminal: a heavy-ruled header, columns sized by display width, cells wrapped
at word boundaries when the table would be wider than the screen.

Widths are counted in terminal cells: Chinese names (and 🀄) take two, the other mahjong glyphs one
(``display_width``), so the rules line up in a terminal and in the README's console blocks.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal, NamedTuple

Justify = Literal["left", "right"]

# the box: top, header, rule under the header, body, a section rule, bottom
# (each: left edge, line, joint, right edge)
TOP = ("┏", "━", "┳", "┓")
HEAD = ("┃", " ", "┃", "┃")
HEAD_RULE = ("┡", "━", "╇", "┩")
BODY = ("│", " ", "│", "│")
SECTION = ("├", "─", "┼", "┤")
BOTTOM = ("└", "─", "┴", "┘")
PADDING = 1  # a space each side of a cell


def char_width(ch: str) -> int:
    """Cells one character takes: 2 for wide (CJK, 🀄), 0 for combining marks, else 1."""
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    return sum(char_width(ch) for ch in text)


def crop(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells (a wide character that would straddle the edge: a space)."""
    out: list[str] = []
    used = 0
    for ch in text:
        w = char_width(ch)
        if used + w > width:
            return "".join(out) + " " * (width - used)
        out.append(ch)
        used += w
    return "".join(out)


_WORD = re.compile(r"\s*\S+\s*")  # a word with the blanks after it (and, first in a line, before it)


def _breaks(line: str, width: int, fold: bool) -> list[int]:
    """Where to break ``line`` so that each piece fits ``width``: before the word that would not
    fit; a word wider than the width is cut into pieces (``fold``) or left whole on its own line."""
    breaks: list[int] = []
    used = 0
    for m in _WORD.finditer(line):
        start, word = m.start(), m.group()
        length = display_width(word.rstrip())
        if width - used >= length:
            used += display_width(word)
        elif length > width:
            if fold:
                pieces = _chop(word, width)
                for piece in pieces[:-1]:
                    if start:
                        breaks.append(start)
                    start += len(piece)
                if start:
                    breaks.append(start)
                used = display_width(pieces[-1])
            else:
                if start:
                    breaks.append(start)
                used = display_width(word)
        elif used and start:
            breaks.append(start)
            used = display_width(word)
    return breaks


def _chop(word: str, width: int) -> list[str]:
    """A word cut into pieces of at most ``width`` cells."""
    pieces, piece, used = [], "", 0
    for ch in word:
        w = char_width(ch)
        if piece and used + w > width:
            pieces.append(piece)
            piece, used = "", 0
        piece += ch
        used += w
    return [*pieces, piece]


def wrap(text: str, width: int, *, ellipsis: bool = False) -> list[str]:
    """``text`` (``\\n`` breaks kept) as lines at most ``width`` cells wide, broken at spaces. A word
    wider than the width is cut across lines, or, with ``ellipsis`` (table cells), shown cut short
    with "…"."""
    width = max(width, 1)
    lines = []
    for line in text.split("\n"):
        ends = [0, *_breaks(line, width, fold=not ellipsis), len(line)]
        for start, end in zip(ends, ends[1:], strict=False):
            piece = line[start:end]
            if display_width(piece) > width:  # the blanks after the last word first
                piece = piece.rstrip()
            if display_width(piece) > width:
                piece = crop(piece, width - 1) + "…" if ellipsis else crop(piece, width)
            lines.append(piece)
    return lines


class Column(NamedTuple):
    header: str
    justify: Justify = "left"


class Table:
    """Columns, then rows of cells (text, ``\\n`` for a line break); ``section()`` rules a line
    before the next row. (Plain classes here: they are built on every start-up.)"""

    __slots__ = ("columns", "title", "rows")

    def __init__(self, columns: tuple[Column, ...], title: str | None = None) -> None:
        self.columns = columns
        self.title = title
        self.rows: list[tuple[str, ...] | None] = []  # None: a section rule

    @classmethod
    def of(cls, *columns: str | tuple[str, Justify], title: str | None = None) -> Table:
        """``Table.of("item", ("points", "right"), title=...)``."""
        return cls(tuple(Column(c) if isinstance(c, str) else Column(*c) for c in columns), title)

    def row(self, *cells: str) -> None:
        assert len(cells) == len(self.columns), cells
        self.rows.append(cells)

    def section(self) -> None:
        self.rows.append(None)

    @property
    def row_count(self) -> int:
        return sum(1 for r in self.rows if r is not None)

    def render(self, width: int) -> list[str]:
        """The table's lines for a screen ``width`` cells wide."""
        widths = self._widths(width)
        inner = [w - 2 * PADDING for w in widths]
        table_width = sum(widths) + len(widths) + 1
        out: list[str] = []
        if self.title:
            for line in wrap(self.title, table_width):
                line = line.strip()
                out.append(" " * ((table_width - display_width(line)) // 2) + line)
        out.append(_rule(TOP, widths))
        out.extend(self._row_lines(tuple(c.header for c in self.columns), inner, HEAD))
        out.append(_rule(HEAD_RULE, widths))
        for cells in self.rows:
            out.extend([_rule(SECTION, widths)] if cells is None else self._row_lines(cells, inner, BODY))
        out.append(_rule(BOTTOM, widths))
        return out

    def _widths(self, screen: int) -> list[int]:
        """Each column's width with its padding: as wide as its widest line; while the table is wider
        than the screen, the widest columns are narrowed toward the next widest (their cells wrap),
        and if that is not enough, every column gives up an equal share."""
        widths = [max(display_width(line) for cell in [c.header, *(r[i] for r in self.rows if r is not None)]
                      for line in cell.split("\n")) + 2 * PADDING
                  for i, c in enumerate(self.columns)]
        room = screen - len(widths) - 1  # the vertical rules
        while sum(widths) > room:
            widest = max(widths)
            runner_up = max((w for w in widths if w != widest), default=0)
            if not runner_up:  # every column as wide: shared out below
                break
            widths = _share_out(sum(widths) - room, [int(w == widest) for w in widths],
                                min(sum(widths) - room, widest - runner_up), widths)
        if sum(widths) > room:
            widths = _share_out(sum(widths) - room, [1] * len(widths), max(widths), widths)
        return widths

    def _row_lines(self, cells: tuple[str, ...], inner: list[int], box: tuple[str, str, str, str]) -> list[str]:
        wrapped = [wrap(cell, w, ellipsis=True) for cell, w in zip(cells, inner, strict=True)]
        height = max(len(lines) for lines in wrapped)
        left, _, joint, right = box
        pad = " " * PADDING
        out = []
        for n in range(height):
            parts = []
            for lines, w, column in zip(wrapped, inner, self.columns, strict=True):
                text = lines[n] if n < len(lines) else ""
                if column.justify == "right":
                    text = text.rstrip()
                fill = " " * (w - display_width(text))
                parts.append(pad + (fill + text if column.justify == "right" else text + fill) + pad)
            out.append(left + joint.join(parts) + right)
        return out


def _rule(box: tuple[str, str, str, str], widths: list[int]) -> str:
    left, line, joint, right = box
    return left + joint.join(line * w for w in widths) + right


def _share_out(total: int, shares: list[int], most: int, widths: list[int]) -> list[int]:
    """``widths`` less ``total`` cells, split among the columns with a share in proportion to it
    (rounded; none gives up more than ``most``)."""
    left, weight = total, sum(shares)
    out = []
    for share, width in zip(shares, widths, strict=True):
        if share and weight > 0:
            cut = min(most, round(share * left / weight))
            out.append(width - cut)
            left -= cut
            weight -= share
        else:
            out.append(width)
    return out
