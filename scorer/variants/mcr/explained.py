"""The chosen reading as the compiled evaluator explains it (``_fast.explain``): its division and
its tally rebuilt from the C records — final fan counts, each fan's sources, each fan not scored —
for ``build_result`` to format exactly as it formats the twin's tally
(docs/architecture.md#the-explained-reading). Imported only when the compiled evaluator is built.
"""

from __future__ import annotations

from scorer.tiles import tile_name, tiles_text

from ._fast import (
    SOURCE_FAMILY,
    SOURCE_FOUR,
    SOURCE_HAND,
    SOURCE_KINDS,
    SOURCE_NUMBERED,
    SOURCE_PAIR_INDEX,
    SOURCE_PAIRS,
    SOURCE_RUN,
    SOURCE_SETS,
    SOURCE_SHIFT,
    SOURCE_WIN,
)
from .division import Division, HandFacts, Set, division_from_groups
from .specials import FAMILIES, pair_texts
from .tally import Tally

_LOW = (1 << SOURCE_SHIFT) - 1


def division(facts: HandFacts, shape: str, codes: tuple[int, ...] | None) -> Division | None:
    """The chosen reading's division: a four-sets division from its group codes, the knitted
    straight's set and pair (``(pair, kind, tile, concealed, fixed)``), none for other shapes."""
    if codes is None:
        return None
    if shape == "knitted_straight":
        pair, kind, tile, concealed, fixed = codes
        return Division((facts.fixed[0] if fixed else Set(kind, tile, bool(concealed)),), pair)
    return division_from_groups(facts, codes)


def source(code: int, facts: HandFacts, division: Division | None) -> object:
    """One source code as the twin's families give it to ``Tally.add``."""
    kind, low = code >> SOURCE_SHIFT, code & _LOW
    if kind == SOURCE_SETS:
        assert division is not None, "set indices need a division"
        sets: list[object] = []
        for i in range(low & 7):
            index = (low >> (3 + 3 * i)) & 7
            sets.append(tiles_text([division.pair] * 2) if index == SOURCE_PAIR_INDEX else division.sets[index])
        return sets
    if kind == SOURCE_WIN:
        return tile_name(facts.win)
    if kind == SOURCE_FOUR:
        return tiles_text([low] * 4)
    concealed = facts.concealed
    if kind == SOURCE_PAIRS:
        return " ".join(pair_texts(facts))
    if kind == SOURCE_HAND:
        return tiles_text([k for k in facts.kinds for _ in range(concealed[k])])
    if kind == SOURCE_KINDS:
        return tiles_text(list(facts.kinds))
    if kind == SOURCE_NUMBERED:
        return tiles_text([k for k in facts.kinds if k < 27])
    if kind == SOURCE_RUN:
        return tiles_text(list(range(low, low + 9)))
    if kind == SOURCE_FAMILY:
        return tiles_text(list(FAMILIES[low]))
    raise ValueError(f"unknown source code {code}")


def tally(counts: list[int], sources: tuple[int, ...], removed: list[tuple[int, int, int | None, str]],
          facts: HandFacts, division: Division | None) -> Tally:
    """The chosen reading's Tally: the C counts (after the removals), sources and removals."""
    t = Tally()
    t.counts = counts
    found = t.sources
    for i in range(0, len(sources), 2):
        fan = sources[i]
        entry = source(sources[i + 1], facts, division)
        if fan in found:
            found[fan].append(entry)
        else:
            found[fan] = [entry]
    t.removed = removed
    return t
