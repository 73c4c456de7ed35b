"""Hand facts and divisions: what the MCR fan families look at.

A *division* is one way to read a hand as four sets + a pair (docs/rules/mcr.md#the-winning-shapes):
the fixed melds plus a reading of the concealed tiles from the decomposer. Divisions are ordered as
the reference generates them (docs/rules/mcr.md#choosing-between-readings): concealed sets sorted by
their first tile in the order 1-9m, 1-9s, 1-9p, winds, dragons, a pung before a chow on the same
tile, lexicographically.

Pure-Python twin of the compiled evaluator ``_fast.pyx`` (docs/architecture.md#the-compiled-core-and-its-pure-python-twins):
a rule changed here is changed there too; ``make test`` runs the rules suites on both.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.hand import Exposure, Hand, MeldKind
from scorer.tiles import tiles_text

CHOW, PUNG, KONG = 0, 1, 2


def ref_order(kind: int) -> int:
    """Tile order of the reference (m, s, p, honours) for tie-breaks and triple order."""
    if 9 <= kind < 18:  # dots after bamboo
        return kind + 9
    if 18 <= kind < 27:
        return kind - 9
    return kind


_SET_TEXT: dict[tuple, str] = {}  # at most 55 set kinds x 3 exposures


@dataclass(frozen=True, slots=True)
class Set:
    """A chow, pung or kong of a division. ``tile`` is its lowest tile."""

    kind: int
    tile: int
    concealed: bool  # formed in the concealed part, or a concealed kong
    fixed: bool = False  # a meld written in brackets

    @property
    def is_pung(self) -> bool:
        """Pungs include kongs (docs/rules/mcr.md#the-82-items)."""
        return self.kind != CHOW

    def text(self) -> str:
        key = (self.kind, self.tile, self.concealed, self.fixed)
        text = _SET_TEXT.get(key)
        if text is None:
            text = _SET_TEXT[key] = self._text()
        return text

    def _text(self) -> str:
        if self.kind == CHOW:
            body = tiles_text([self.tile, self.tile + 1, self.tile + 2])
        else:
            body = tiles_text([self.tile] * (4 if self.kind == KONG else 3))
        if not self.fixed:
            return body
        return f"({body})" if self.concealed else f"[{body}]"

    def tiles(self) -> list[int]:
        if self.kind == CHOW:
            return [self.tile, self.tile + 1, self.tile + 2]
        return [self.tile] * (4 if self.kind == KONG else 3)


@dataclass(slots=True)
class Division:
    sets: tuple[Set, ...]
    pair: int
    key: tuple = ()

    def chows(self) -> list[Set]:
        return [s for s in self.sets if s.kind == CHOW]

    def pungs(self) -> list[Set]:
        return [s for s in self.sets if s.kind != CHOW]

    def texts(self) -> list[str]:
        fixed = [s.text() for s in self.sets if s.fixed]
        hidden = sorted((s for s in self.sets if not s.fixed), key=lambda s: (s.tile, s.kind))
        return fixed + [s.text() for s in hidden] + [tiles_text([self.pair, self.pair])]


@dataclass(slots=True)
class HandFacts:
    """Everything about a hand that does not depend on the division."""

    hand: Hand
    win: int
    self_draw: bool
    last_wall: bool
    kong_win: bool
    last_tile: bool  # also when the hand's own melds hold the other three (docs/rules/mcr.md#last-tile)
    flowers: int
    fixed: tuple[Set, ...]
    melded_count: int  # exposed melds (claimed chows/pungs/kongs, added kongs)
    melded_kongs: int
    concealed_kongs: int
    concealed: list[int]  # concealed counts (34), winning tile included
    total: list[int]  # all tiles of the hand, melds included
    kinds: tuple[int, ...] = field(default=())  # distinct kinds present, ascending

    @property
    def fixed_count(self) -> int:
        return len(self.fixed)


def meld_set(meld) -> Set:
    kind = {MeldKind.CHOW: CHOW, MeldKind.PUNG: PUNG, MeldKind.KONG: KONG}[meld.kind]
    return Set(kind, meld.tiles[0], meld.exposure is Exposure.CONCEALED, True)


def hand_facts(hand: Hand, self_draw: bool, last_wall: bool, kong_win: bool, last_tile: bool,
               flowers: int) -> HandFacts:
    fixed = tuple(meld_set(m) for m in hand.melds)
    concealed = hand.counts()[:34]
    total = hand.all_counts()[:34]
    win = hand.win_tile
    assert win is not None, "an MCR hand is read with its winning tile"
    in_melds = total[win] - concealed[win]
    return HandFacts(
        hand=hand,
        win=win,
        self_draw=self_draw,
        last_wall=last_wall,
        kong_win=kong_win,
        # the player's own melds holding the other three copies make it the last tile
        # (docs/rules/mcr.md#last-tile)
        last_tile=last_tile or in_melds == 3,
        flowers=flowers,
        fixed=fixed,
        melded_count=sum(1 for s in fixed if not s.concealed),
        melded_kongs=sum(1 for s in fixed if s.kind == KONG and not s.concealed),
        concealed_kongs=sum(1 for s in fixed if s.kind == KONG and s.concealed),
        concealed=concealed,
        total=total,
        kinds=tuple(k for k in range(34) if total[k]),
    )


def division_from_groups(facts: HandFacts, groups: tuple[int, ...]) -> Division:
    """A decomposer reading (group codes) plus the fixed melds → a Division with its order key."""
    sets: list[Set] = list(facts.fixed)
    pair = -1
    keys = []
    for code in groups:
        gtype, tile = code >> 6, code & 63
        if gtype == 0:
            pair = tile
        else:
            kind = PUNG if gtype == 1 else CHOW
            sets.append(Set(kind, tile, True))
            keys.append((ref_order(tile), 0 if kind == PUNG else 1))
    keys.sort()
    return Division(tuple(sets), pair, tuple(keys))
