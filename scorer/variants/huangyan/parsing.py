"""Reading a Huangyan hand: the shared notation plus the White-board stand-in
(docs/rules/huangyan.md#what-wins, docs/rules/huangyan.md#errors).

The core parser checks a bracketed meld on its physical faces, so ``[4mP6m]`` (wild 5m) would be
rejected. Here the meld is checked on its identities (White -> the wild's kind when the wild is not
White) while the Meld keeps the physical tiles, so the canonical echo still shows the White board.
A tile of the wild kind inside any bracket is an error: a 得 cannot be chowed, punged or konged.
"""

from __future__ import annotations

import dataclasses

from scorer import notation as N
from scorer.errors import HandError, Problem
from scorer.hand import Hand, Meld
from scorer.tiles import NUM_STANDARD_KINDS, WHITE, tile_name

NOTATION = N.NotationRules(name="Huangyan's tiles (no flowers)", kinds=frozenset(range(NUM_STANDARD_KINDS)), n_sets=4,
                           flowers_in_hand=False)


def identity(x: int, wild: int) -> int:
    """The kind a physical tile plays: a White board is a natural tile of the wild's kind
    (docs/rules/huangyan.md#what-wins)."""
    return wild if (x == WHITE and wild != WHITE) else x


class WildBuilder(N.Builder):
    def __init__(self, text: str, rules: N.NotationRules, problems: list[Problem], *, helper: bool,
                 wild: int) -> None:
        super().__init__(text, rules, problems, helper=helper)
        self.wild = wild

    def meld(self, group, written: str) -> Meld | None:
        if self.wild in group.tiles:
            self.problem(f"{written}: a 得 ({tile_name(self.wild)}, the wild) cannot be chowed, punged or "
                         "konged", group.pos, "wild_in_meld")
            return None
        mapped = dataclasses.replace(group, tiles=[identity(t, self.wild) for t in group.tiles])
        meld = super().meld(mapped, written)
        if meld is None:
            return None
        return dataclasses.replace(meld, tiles=tuple(sorted(group.tiles)))


def parse_hand(text: str, wild: int, *, role: str = "winner", self_draw: bool = True,
               dialect: str | None = None, wild_discard_error: bool = True,
               win_position: list[int] | None = None) -> Hand:
    """Parse with every problem collected (core codes, plus ``wild_in_meld`` and ``wild_discard_win``).
    ``win_position``, if given, receives the character position of the winning tile."""
    if not isinstance(text, str):
        raise HandError("a hand is required", None, "empty_hand")
    too_long = N.too_long(text)
    if too_long is not None:
        raise too_long
    if dialect not in (None, "helper"):
        raise HandError(f"unknown dialect {dialect!r} (known: helper)", None, "bad_dialect")
    if not text.strip():
        raise HandError("empty hand", None, "empty_hand")
    if role != "idle" and dialect is None:
        hand = _read_fast(text, wild, self_draw, wild_discard_error, win_position)
        if hand is not None:
            return hand
    problems: list[Problem] = []
    helper = dialect == "helper"
    tokens = N.scan(text, NOTATION, problems, helper=helper)
    b = WildBuilder(text, NOTATION, problems, helper=helper, wild=wild)
    b.walk(tokens)
    b.check_copies(tokens)
    idle = role == "idle"
    b.check_count(idle)
    win: int | None = None
    if not idle and b.concealed:
        win = b.concealed[-1]
        if win_position is not None:
            win_position.append(b.concealed_positions[-1])
        if win == wild and not self_draw and wild_discard_error:
            b.problem(f"the winning tile {tile_name(win)} is a 得 (wild): a discarded 得 cannot be claimed, "
                      "so the win must be self-drawn", b.concealed_positions[-1], "wild_discard_win")
    if problems:
        problems.sort(key=lambda p: (p.position is None, p.position or 0))
        raise HandError(problems)
    return Hand(melds=tuple(b.melds), concealed=tuple(sorted(b.concealed)), win_tile=win, flowers=())


def _read_fast(text: str, wild: int, self_draw: bool, wild_discard_error: bool,
               win_position: list[int] | None) -> Hand | None:
    """A winner's hand without melds as the C reader reads it (None when it does not, or when the
    hand has melds or flowers: those are this parser's). Without brackets the White-board mapping and
    ``wild_in_meld`` have nothing to read, so the C reader's hand is this parser's."""
    if N._fastparse is None:
        return None
    hand = N._fastparse.parse_hand(text)
    if hand is None or hand.melds or hand.flowers or (hand.win_tile == wild and not self_draw and wild_discard_error):
        return None  # the discarded 得 is reported (with the other problems) by the reading below
    if win_position is not None:
        win_position.append(_last_tile_position(text))
    return hand


def _last_tile_position(text: str) -> int:
    """Where the last tile of a text without brackets is written: its honour letter, or the last digit
    of its digit run (whitespace skipped), as the scanner places a tile."""
    i = len(text) - 1
    while text[i].isspace():
        i -= 1
    if text[i] in "mpsz":
        i -= 1
        while text[i].isspace():
            i -= 1
    return i
