"""The result of scoring one hand, shared by every variant (README.md#library, the ``--json`` output
described in docs/rules/mcr.md#reading-the-examples)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Item(BaseModel):
    """One scoring contribution: additive ``points`` and/or a multiplying ``factor``."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="stable snake_case id")
    name: str = Field(description="English name")
    name_zh: str = Field(description="standard Chinese name")
    points: int = 0
    factor: int = 1
    count: int = 1
    tiles: str = Field("", description="the tiles or sets behind the item")
    detail: str | None = None


class Exclusion(BaseModel):
    """A fan (item) that the hand also shows but does not score, and why."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    name_zh: str
    by: str | None = Field(description="the item whose presence excludes it")
    principle: str = Field(description="non_repetition, non_separation, non_identity, high_over_low, account_once, ...")
    count: int = 1


class WildUse(BaseModel):
    """What one wild tile of a reading stands for: ``金 9s → 3s``."""

    model_config = ConfigDict(frozen=True)

    wild: str = Field(description="the wild tile as held, e.g. 9s")
    name_zh: str = Field(description="the variant's name for a wild: 金 (Fuzhou), 得 (Huangyan), 耗子 (Shanxi)")
    stands_for: str = Field(description="the tile it plays as in this reading, e.g. 3s")


class ContextUsed(BaseModel):
    """The context a result was scored under: every field's value (derived defaults resolved, e.g.
    the discarder) and the fields the request left to their defaults."""

    values: dict[str, Any] = Field(default_factory=dict)
    defaults: list[str] = Field(default_factory=list, description="fields not given, their defaults used")


class ReadingView(BaseModel):
    """One way to read the hand, scored on its own (``explain``)."""

    index: int
    chosen: bool
    shape: str | None = None
    partition: list[str] = Field(default_factory=list)
    items: list[Item] = Field(default_factory=list)
    excluded: list[Exclusion] = Field(default_factory=list)
    total: int = Field(0, description="the reading's own score, before the variant's minimum")
    note: str | None = None
    wilds: list[WildUse] = Field(default_factory=list, description="what each wild stands for in this reading")


class ClaimCheck(BaseModel):
    id: str
    status: Literal["confirmed", "not_present", "excluded", "unknown"]
    why: str
    by: str | None = None
    principle: str | None = None


class Verdict(BaseModel):
    """A claim (item ids and/or a total) checked against the computed result."""

    items: list[ClaimCheck] = Field(default_factory=list)
    missed: list[str] = Field(default_factory=list, description="scored items the claim left out")
    claimed_total: int | None = None
    computed_total: int = 0
    total_agrees: bool | None = None
    summary: str = ""


class Result(BaseModel):
    variant: str
    hand: str = Field(description="the hand in canonical notation")
    valid: bool
    reason: str | None = None
    total: int = 0
    items: list[Item] = Field(default_factory=list)
    excluded: list[Exclusion] = Field(default_factory=list)
    partition: list[str] = Field(default_factory=list)
    payments: dict[str, int] = Field(default_factory=dict)
    rules: dict[str, Any] = Field(default_factory=dict)
    version: str = ""
    details: dict[str, Any] = Field(default_factory=dict)
    wilds: list[WildUse] = Field(default_factory=list, description="what each wild stands for in the chosen reading")
    context_used: ContextUsed | None = Field(None, description="the context scored under, defaults marked")
    warnings: list[str] = Field(default_factory=list, description="how the input was read where it could be "
                                "read another way (e.g. a ChineseOfficialMahjongHelper string)")
    readings: list[ReadingView] | None = Field(None, description="every reading side by side (explain)")
    tie_break: str | None = Field(None, description="how the chosen reading wins among equal totals")
    verdict: Verdict | None = Field(None, description="the claim check, when a claim was given")
