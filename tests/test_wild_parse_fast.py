"""The wild-tile variants' hands read by the notation's C reader (scorer._fastparse) where it applies:
Shanxi's rules (``c_reader``) and Huangyan's hands without melds. Each reading must be the Python
parser's own, hand for hand and problem for problem, and the winning tile's position (Huangyan
points at it when a discarded 得 is claimed) the one the Python scanner gives.
"""

from __future__ import annotations

import random

import pytest

from scorer import notation
from scorer.errors import HandError
from scorer.variants.huangyan import parsing as huangyan_parsing
from scorer.variants.shanxi import NOTATION as SHANXI_NOTATION

HONOUR_LETTERS = {27: "E", 28: "S", 29: "W", 30: "N", 31: "C", 32: "F", 33: "P"}
Z_DIGIT = {27: 1, 28: 2, 29: 3, 30: 4, 33: 5, 32: 6, 31: 7}
SPACES = " \t"


def _written(tiles: list[int], rng: random.Random) -> str:
    """Tiles as a player writes them: digit runs of one suit, honours as letters or ``Nz``."""
    parts: list[str] = []
    i = 0
    while i < len(tiles):
        k = tiles[i]
        if k >= 27 and rng.random() < 0.5:
            parts.append(HONOUR_LETTERS[k])
            i += 1
            continue
        suit = "mpsz"[k // 9] if k < 27 else "z"
        run = []
        while i < len(tiles) and (("mpsz"[tiles[i] // 9] if tiles[i] < 27 else "z") == suit) and rng.random() < 0.8:
            t = tiles[i]
            run.append(str(t % 9 + 1) if t < 27 else str(Z_DIGIT[t]))
            i += 1
        if not run:
            t = tiles[i]
            run.append(str(t % 9 + 1) if t < 27 else str(Z_DIGIT[t]))
            i += 1
        parts.append("".join(run) + suit)
    text = "".join(parts)
    if rng.random() < 0.3:  # whitespace anywhere, even inside a run and at the end
        text = "".join(c + (rng.choice(SPACES) if rng.random() < 0.15 else "") for c in text)
    return text


def _texts(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        size = rng.choice((14, 14, 14, 13, 15))
        pool = list(range(27)) if rng.random() < 0.6 else list(range(34))
        tiles = [rng.choice(pool) for _ in range(size)]
        if rng.random() < 0.5:  # kept to four copies mostly, so that most hands read
            tiles = [t for t in tiles if tiles.count(t) <= 4] or tiles
        text = _written(tiles, rng)
        roll = rng.random()
        if roll < 0.1:
            text = f"[{rng.randrange(1, 8)}{rng.randrange(1, 8)}{rng.randrange(1, 8)}m]" + text[3:]
        elif roll < 0.15:
            text = "3f" + text
        elif roll < 0.2:
            text = text + rng.choice(("x", "0m", "8z", "[", "Q"))
        out.append(text)
    return out


def _outcome(read, *args, **kwargs):
    try:
        return read(*args, **kwargs)
    except HandError as err:
        return [(p.message, p.position, p.code) for p in err.problems]


class _Counting:
    """The C reader, counting the hands it gives: the tests must see it take most texts."""

    def __init__(self) -> None:
        self.reader = notation._fastparse
        self.hands = 0

    def parse_hand(self, text: str):
        hand = self.reader.parse_hand(text)
        self.hands += hand is not None
        return hand


@pytest.mark.parametrize("seed", [1, 2])
def test_shanxi_reads_as_python(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _texts(600, seed)
    counting = _Counting()
    monkeypatch.setattr(notation, "_fastparse", counting)
    fast = [_outcome(notation.parse, t, SHANXI_NOTATION) for t in texts]
    monkeypatch.setattr(notation, "_fastparse", None)
    python = [_outcome(notation.parse, t, SHANXI_NOTATION) for t in texts]
    for text, a, b in zip(texts, fast, python, strict=True):
        assert a == b, text
    assert counting.hands > len(texts) // 4
    assert sum(isinstance(b, list) for b in python) > len(texts) // 10  # the problems compared too


@pytest.mark.parametrize("seed", [3, 4])
def test_huangyan_reads_as_python(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    texts = _texts(600, seed)
    cases = [(t, rng.randrange(34), rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.1) for t in texts]
    # the hand's last tile as the wild: the discarded 得 (an error or not, by the caller's choice)
    cases += [(t, huangyan_parsing.parse_hand(t, 0, role="idle").concealed[0], s, e, False)
              for t, _, s, e, _ in cases[:50] if not isinstance(_outcome(huangyan_parsing.parse_hand, t, 0, role="idle"),
                                                                   list)]

    def read_all() -> list:
        out = []
        for text, wild, self_draw, error, idle in cases:
            where: list[int] = []
            got = _outcome(huangyan_parsing.parse_hand, text, wild, role="idle" if idle else "winner",
                           self_draw=self_draw, wild_discard_error=error, win_position=where)
            out.append((got, where))
        return out

    counting = _Counting()
    monkeypatch.setattr(notation, "_fastparse", counting)
    fast = read_all()
    monkeypatch.setattr(notation, "_fastparse", None)
    python = read_all()
    for case, a, b in zip(cases, fast, python, strict=True):
        assert a == b, case
    assert counting.hands > len(cases) // 4


def test_huangyan_win_position_with_trailing_space() -> None:
    where: list[int] = []
    huangyan_parsing.parse_hand("123m456m789m123p5 5p \t", 0, win_position=where)
    assert where == [18]
