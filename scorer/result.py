"""The result of scoring one hand (INTERFACE.md, "Result"), shared by every variant."""

from __future__ import annotations

from typing import Any

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
