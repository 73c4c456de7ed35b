"""A tile efficiency request (``POST /v1/efficiency``): strict and bounded like every request
(scorer.request), with the tiles seen outside the hand besides."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .efficiency import MAX_VISIBLE_CHARS
from .request import MAX_NAME_CHARS, Context, Hand, Rules, _Strict


class EfficiencyRequest(_Strict):
    variant: str = Field(max_length=MAX_NAME_CHARS)
    hand: Hand = Field(description="a hand one tile short (shanten, useful tiles) or a full hand (every discard)")
    context: Context = Field(default_factory=dict)
    rules: Rules = None
    dialect: Literal["helper"] | None = None
    visible: str | None = Field(None, max_length=MAX_VISIBLE_CHARS,
                                description="tiles seen outside the hand (discards, others' melds), e.g. 5p5p9sE")
