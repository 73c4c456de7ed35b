"""The parts of a result that only some answers hold: what a wild tile stands for, each reading
explained side by side, a claim checked (``scorer.result`` names them all; docs/library.md).

A dataclass costs a share of a millisecond to create, and a one-line query holds none of these:
``scorer.result`` imports this module when one of these names is first asked of it, so that a plain
query does not build their classes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .result_base import Exclusion, Item, Plain, described


@dataclass(frozen=True, slots=True, kw_only=True)
class WildUse(Plain):
    """What one wild tile of a reading stands for: ``金 9s → 3s``."""

    wild: str = described("the wild tile as held, e.g. 9s")
    name_zh: str = described("the variant's name for a wild: 金 (Fuzhou), 得 (Huangyan), 耗子 (Shanxi)")
    stands_for: str = described("the tile it plays as in this reading, e.g. 3s")


@dataclass(slots=True, kw_only=True)
class ReadingView(Plain):
    """One way to read the hand, scored on its own (``explain``)."""

    index: int
    chosen: bool
    shape: str | None = None
    partition: list[str] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    excluded: list[Exclusion] = field(default_factory=list)
    total: int = described("the reading's own score, before the variant's minimum", 0)
    note: str | None = None
    wilds: list[WildUse] = described("what each wild stands for in this reading", factory=list)


@dataclass(slots=True, kw_only=True)
class ClaimCheck(Plain):
    id: str
    status: Literal["confirmed", "not_present", "excluded", "unknown", "differs"]
    why: str
    by: str | None = None
    principle: str | None = None


@dataclass(slots=True, kw_only=True)
class OwnClaims:
    """The claim terms a variant reads in its own words (``Variant.own_claims``): each checked, the
    items they stand for (not reported as missed), and the terms left to the generic reading."""

    checks: list[ClaimCheck] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    rest: list[str | int] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class Verdict(Plain):
    """A claim (item ids and/or a total) checked against the computed result."""

    items: list[ClaimCheck] = field(default_factory=list)
    missed: list[str] = described("scored items the claim left out", factory=list)
    claimed_total: int | None = None
    computed_total: int = 0
    total_agrees: bool | None = None
    summary: str = ""
