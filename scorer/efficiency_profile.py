"""What tile efficiency needs to know of a variant: its tiles, its sets, its shapes and its wilds
(docs/efficiency.md#variants, from each variant's rules page under docs/rules/).

Each variant declares a ``Profile`` as ``Variant.efficiency`` in its own package (None: tile
efficiency is not offered for it); ``scorer.efficiency`` reads it through the registry. The pieces
a declaration is written with (the shape flags, the usual tile sets, how a context names its wild)
are here, in the variant kit: a variant sits below the features and never imports them.
Everything else is the variant's own machinery (parsing, waits, scoring), reached through the
registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .notation import parse_tile
from .tiles import NUM_STANDARD_KINDS, WHITE

# the special shapes a profile may allow (the decomposer's flags, scorer.decompose)
SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT = 1, 2, 4, 8
THREE_GOLDS = 16  # Fuzhou's 三金倒: three golds self-drawn win whatever the rest
SEVEN_DIFFERENT_PAIRS = 32  # riichi's 七対子: seven pairs of seven different kinds (four alike are not two)

# what a variant's minimum asks of a win (docs/efficiency.md#the-8-point-minimum), by its id: the words an
# answer's readers (the CLI, the page) show for it
MINIMUM_WORDS = {"8_points": "8 points", "yaku": "a yaku"}

STANDARD_KINDS = tuple(range(NUM_STANDARD_KINDS))  # the 34 kinds
SUITED_KINDS = tuple(range(27))                    # the three suits alone


def wild_of_context(ctx: Any) -> int | None:
    """The wild a context's ``wild`` field names (the first, where it holds a list), if any."""
    wild = getattr(ctx, "wild", None)
    if isinstance(wild, list | tuple):
        wild = wild[0] if wild else None
    return parse_tile(wild) if isinstance(wild, str) else wild


def no_wild(ctx: Any) -> int | None:
    return None


def no_special_shapes(ctx: Any) -> int:
    return 0


def always(flags: int) -> Callable[[Any], int]:
    """The same special shapes under every context."""
    return lambda ctx: flags


@dataclass(frozen=True, slots=True)
class Profile:
    """A variant as tile efficiency sees it."""

    kinds: tuple[int, ...]              # its tile set
    n_sets: int                         # sets of a winning hand (a pair besides)
    shapes: Callable[[Any], int] = no_special_shapes  # its special shapes under this context (flags above)
    wild: Callable[[Any], int | None] = no_wild       # the kind whose copies are wild, if any
    wild_targets: tuple[int, ...] = ()  # what a wild may stand for
    white_stands_in: bool = False       # Huangyan: a White board is a natural tile of the wild's kind
    copies: int = 4
    # what a win must reach to be valid, kept in view (docs/efficiency.md#the-8-point-minimum,
    # docs/efficiency.md#riichi-the-yaku-minimum), an id of
    # MINIMUM_WORDS: MCR's 8 points, riichi's yaku; a ready hand's waits flagged below it, one step
    # before ready the draws that keep it, discards ranked by it. None: every winning shape wins
    minimum: str | None = None

    def __post_init__(self) -> None:
        if self.minimum is not None and self.minimum not in MINIMUM_WORDS:
            raise ValueError(f"unknown minimum {self.minimum!r}")

    def identity(self, kind: int, wild: int | None) -> int:
        """The kind a physical tile plays (the White board as the wild's kind in Huangyan)."""
        if self.white_stands_in and wild is not None and wild != WHITE and kind == WHITE:
            return wild
        return kind
