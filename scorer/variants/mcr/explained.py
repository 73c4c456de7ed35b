"""The chosen reading as the compiled evaluator explains it (``_fast.explain``): its division and
its tally rebuilt from the C records — final fan counts, each fan's sources, each fan not scored —
for ``build_result`` to format exactly as it formats the twin's tally
(docs/architecture.md#the-explained-reading).
"""

from __future__ import annotations

from types import ModuleType

from scorer.tiles import tile_name, tiles_text

from .division import Division, HandFacts, Set, division_from_groups
from .specials import FAMILIES
from .tally import Tally


def division(facts: HandFacts, shape: str, codes: tuple[int, ...] | None) -> Division | None:
    """The chosen reading's division: a four-sets division from its group codes, the knitted
    straight's set and pair (``(pair, kind, tile, concealed, fixed)``), none for other shapes."""
    if codes is None:
        return None
    if shape == "knitted_straight":
        pair, kind, tile, concealed, fixed = codes
        return Division((facts.fixed[0] if fixed else Set(kind, tile, bool(concealed)),), pair)
    return division_from_groups(facts, codes)


def source(fast: ModuleType, code: int, facts: HandFacts, division: Division | None) -> object:
    """One source code as the twin's families give it to ``Tally.add``."""
    kind = code >> fast.SOURCE_SHIFT
    low = code & ((1 << fast.SOURCE_SHIFT) - 1)
    if kind == fast.SOURCE_SETS:
        assert division is not None, "set indices need a division"
        sets: list[object] = []
        for i in range(low & 7):
            index = (low >> (3 + 3 * i)) & 7
            sets.append(tiles_text([division.pair] * 2) if index == fast.SOURCE_PAIR_INDEX else division.sets[index])
        return sets
    if kind == fast.SOURCE_WIN:
        return tile_name(facts.win)
    if kind == fast.SOURCE_FOUR:
        return tiles_text([low] * 4)
    concealed = facts.concealed
    if kind == fast.SOURCE_PAIRS:  # a four of a kind is two pairs
        return " ".join(tiles_text([k, k]) for k in facts.kinds for _ in range(concealed[k] // 2))
    if kind == fast.SOURCE_HAND:
        return tiles_text([k for k in facts.kinds for _ in range(concealed[k])])
    if kind == fast.SOURCE_KINDS:
        return tiles_text(list(facts.kinds))
    if kind == fast.SOURCE_NUMBERED:
        return tiles_text([k for k in facts.kinds if k < 27])
    if kind == fast.SOURCE_RUN:
        return tiles_text(list(range(low, low + 9)))
    if kind == fast.SOURCE_FAMILY:
        return tiles_text(list(FAMILIES[low]))
    raise ValueError(f"unknown source code {code}")


def tally(fast: ModuleType, counts: list[int], sources: tuple[int, ...],
          removed: list[tuple[int, int, int | None, str]], facts: HandFacts,
          division: Division | None) -> Tally:
    """The chosen reading's Tally: the C counts (after the removals), sources and removals."""
    t = Tally()
    t.counts = counts
    for i in range(0, len(sources), 2):
        t.sources.setdefault(sources[i], []).append(source(fast, sources[i + 1], facts, division))
    t.removed = removed
    return t
