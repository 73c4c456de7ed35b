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


class ParseRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    variant: str = "mcr"
    hand: str
    dialect: Literal["helper"] | None = None
