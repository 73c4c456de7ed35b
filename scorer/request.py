"""A scoring request (INTERFACE.md, "Request (one hand)")."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class ScoreRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    variant: str = Field(description="mcr, fuzhou, hebei, shanxi, huangyan or nantong")
    hand: str | None = Field(description="the hand in the shared notation")
    context: dict[str, Any] = Field(default_factory=dict, description="win context; fields per variant")
    rules: str | dict[str, Any] | None = Field(None, description="a preset name or an object of rule options")
    dialect: Literal["helper"] | None = Field(None, description="'helper' reads ChineseOfficialMahjongHelper strings")
    explain: bool = Field(False, description="list every reading side by side")
    claim: list[str | int] | None = Field(
        None, description="a claim to check: item ids and/or a claimed total, e.g. ['pure_straight', 32]")


class ParseRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    variant: str = "mcr"
    hand: str
    dialect: Literal["helper"] | None = None


class WaitsRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    variant: str
    hand: str = Field(description="a hand one tile short of a win")
    context: dict[str, Any] = Field(default_factory=dict)
    rules: str | dict[str, Any] | None = None
    dialect: Literal["helper"] | None = None
