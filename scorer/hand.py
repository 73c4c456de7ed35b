"""The canonical hand: immutable, tile kinds as small ints (see ``scorer.tiles``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .tiles import NUM_KINDS


class MeldKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"  # only Nantong's laid-open Tiandi Hezi <XX>


class Exposure(StrEnum):
    EXPOSED = "exposed"      # [..] claimed from a discard (明)
    ADDED = "added"          # {..} a pung promoted with the fourth tile (加杠)
    CONCEALED = "concealed"  # (..) concealed kong (暗杠)
    DECLARED = "declared"    # <..> Nantong opening declaration


@dataclass(frozen=True, slots=True)
class Meld:
    """A fixed set: its kind, its tiles (sorted kinds), how it was made, and the ``,N`` digit.

    ``claimed`` is the discarder (1 left, 2 across, 3 right) for a pung or kong, the claimed
    tile's place (1-3) for a chow, or None when not written.
    """

    kind: MeldKind
    tiles: tuple[int, ...]
    exposure: Exposure
    claimed: int | None = None
    position: int = field(default=0, compare=False, hash=False)
    red: int = 0  # red fives among its tiles, written 0m 0p 0s (riichi only: NotationRules.red_fives)

    @property
    def is_kong(self) -> bool:
        return self.kind is MeldKind.KONG

    @property
    def is_concealed(self) -> bool:
        return self.exposure is Exposure.CONCEALED

    @property
    def first(self) -> int:
        return self.tiles[0]


@dataclass(frozen=True, slots=True)
class Hand:
    """A finished (or claimed-finished) hand.

    ``concealed`` holds every tile outside brackets, winning tile included, sorted by kind;
    ``win_tile`` names the winning tile (None only where a variant has none, e.g. a heavenly win
    or a non-winner's holding); ``flowers`` are flower numbers 1-8 written in the hand.
    """

    melds: tuple[Meld, ...]
    concealed: tuple[int, ...]
    win_tile: int | None
    flowers: tuple[int, ...] = ()
    # red fives (0m 0p 0s, riichi only) among the concealed tiles, as their kinds; ``red_win``: the
    # winning tile was written as one
    red: tuple[int, ...] = ()
    red_win: bool = False
    # how the text was read where it could be read another way (a helper string detected, ...)
    notes: tuple[str, ...] = field(default=(), compare=False, hash=False)

    def counts(self) -> list[int]:
        """Concealed tile counts by kind (length ``NUM_KINDS``)."""
        c = [0] * NUM_KINDS
        for k in self.concealed:
            c[k] += 1
        return c

    def all_counts(self) -> list[int]:
        """Counts of every tile the hand holds, melds included."""
        c = self.counts()
        for m in self.melds:
            for k in m.tiles:
                c[k] += 1
        return c

    @property
    def kongs(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.melds if m.is_kong)

    @property
    def sets_fixed(self) -> int:
        """Melds that count as one set each (a Hezi pair does not)."""
        return sum(1 for m in self.melds if m.kind is not MeldKind.PAIR)
