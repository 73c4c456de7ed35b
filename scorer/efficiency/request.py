"""A tile efficiency request (``POST /v1/efficiency``): strict and bounded like every request
(``scorer.request``), with the tiles seen outside the hand besides."""

from __future__ import annotations

from typing import Literal

from ..fields import REQUIRED, Model, field
from ..request import MAX_NAME_CHARS, ContextValue, RulesValue, rules_field
from .reading import MAX_VISIBLE_CHARS


class EfficiencyRequest(Model):
    HAND_ROLES = ("idle", "winner")  # a hand one tile short, or a full hand (its discards)
    variant: str = field(REQUIRED, max_length=MAX_NAME_CHARS)
    hand: str = field(REQUIRED, "a hand one tile short (shanten, useful tiles) or a full hand (every discard)")
    context: ContextValue = field(factory=dict)
    rules: RulesValue = rules_field()
    dialect: Literal["helper"] | None = None
    visible: str | None = field(None, "tiles seen outside the hand (discards, others' melds), e.g. 5p5p9sE",
                                max_length=MAX_VISIBLE_CHARS)
