"""A fan tally for one reading: raw counts, the tiles behind each fan, and what was not scored.

Pure-Python twin of the compiled evaluator ``_fast.pyx`` (docs/architecture.md#the-compiled-core-and-its-pure-python-twins):
a rule changed here is changed there too; ``make test`` runs the rules suites on both.
"""

from __future__ import annotations

from .fans import EXCLUDED_BY, NUM_FANS, POINTS


def render(source: object) -> str:
    """Text of a fan's source: a set, a list of sets, or text."""
    if isinstance(source, str):
        return source
    if isinstance(source, list | tuple):
        return " ".join(render(s) for s in source)
    return source.text()  # type: ignore[attr-defined]


class Tally:
    """Fans found in one reading, before and after the 不计 removals.

    ``counts`` are the raw counts as the families find them; ``removed`` records, per fan, how
    many were taken away, by which fan and under which principle (the referee's "why").
    """

    __slots__ = ("counts", "sources", "removed")

    def __init__(self) -> None:
        self.counts = [0] * NUM_FANS
        # what makes each fan: Set objects, lists of them or text, rendered only for the chosen reading
        self.sources: dict[int, list[object]] = {}
        self.removed: list[tuple[int, int, int | None, str]] = []  # (fan, count, by fan, principle)

    def add(self, fan: int, n: int = 1, tiles: object = None) -> None:
        self.counts[fan] += n
        if tiles is not None:
            self.sources.setdefault(fan, []).append(tiles)

    def set(self, fan: int, n: int, tiles: object = None) -> None:
        self.counts[fan] = n
        if tiles is not None:
            self.sources[fan] = [tiles]

    def source_text(self, fan: int) -> str:
        return " / ".join(render(s) for s in self.sources.get(fan, ()))

    def suppress(self, fan: int, n: int, by: int | None, principle: str) -> None:
        """A fan the hand shows but a combination rule does not let count (never in ``counts``)."""
        if n > 0:
            self.removed.append((fan, n, by, principle))

    def take(self, fan: int, n: int, by: int, principle: str) -> None:
        """Remove up to n of a counted fan, recording why."""
        n = min(n, self.counts[fan])
        if n > 0:
            self.counts[fan] -= n
            self.removed.append((fan, n, by, principle))

    def apply_exclusions(self) -> None:
        """One pass in table order: a fan goes when a fan still standing excludes it (不计).

        Every excluder precedes what it excludes in the table, so a fan's fate is known before
        it can exclude others; an excluded fan excludes nothing (四暗刻 drops 不求人, and
        自摸 then stays: docs/rules/mcr.md#four-concealed-pungs).
        """
        counts = self.counts
        for fan in range(NUM_FANS):
            if not counts[fan]:
                continue
            for by, principle in EXCLUDED_BY[fan]:
                if counts[by]:
                    self.removed.append((fan, counts[fan], by, principle))
                    counts[fan] = 0
                    break

    def points(self) -> int:
        return sum(c * p for c, p in zip(self.counts, POINTS, strict=True))

    def any(self) -> bool:
        return any(self.counts)
