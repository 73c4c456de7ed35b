"""Response models documented in the OpenAPI document (requests live in scorer.request)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from scorer.result import ContextUsed, Result


class Problem(BaseModel):
    message: str
    position: int | None = None
    code: str


class ErrorDetail(Problem):
    errors: list[Problem] = Field(default_factory=list, description="every problem found")


class ErrorBody(BaseModel):
    """The answer to malformed input (422) or an over-limit request (413)."""

    error: ErrorDetail


class ParseResult(BaseModel):
    hand: str = Field(description="the hand in canonical notation")
    partitions: list[list[str]] = Field(description="every reading, melds first")
    warnings: list[str] = Field(default_factory=list, description="how the input was read where it could be "
                                "read another way")


class WaitScore(BaseModel):
    valid: bool
    total: int
    reason: str | None = None
    items: list[str] = Field(default_factory=list)
    note: str | None = Field(None, description="the score in the variant's own words, where it has them "
                             "(riichi: han, fu, the self-draw's payments; why a wait has no yaku)")


class Wait(BaseModel):
    tile: str
    four_held: bool = Field(description="the hand already holds all four copies: a formal wait only")
    scores: dict[str, WaitScore] | None = Field(None, description="by win mode (self_draw / discard)")


class WaitsResult(BaseModel):
    variant: str
    hand: str
    waits: list[Wait]
    any_valid: bool
    context_used: ContextUsed = Field(description="the context the waits were scored under, defaults marked")
    warnings: list[str] = Field(default_factory=list, description="how the input was read where it could be "
                                "read another way")


class Health(BaseModel):
    status: str
    version: str


class Variants(BaseModel):
    variants: list[dict[str, Any]]


ERRORS: dict[int | str, dict[str, Any]] = {
    422: {"model": ErrorBody, "description": "malformed notation, context or request; a value over its bound "
                                             "(input_too_long, too_many, out_of_range); over the time budget "
                                             "(time_budget)"},
    413: {"model": ErrorBody, "description": "body over the size limit (body_too_large) or batch over its "
                                             "length (batch_too_large)"},
    415: {"model": ErrorBody, "description": "the body is not declared application/json (unsupported_media_type)"},
    408: {"model": ErrorBody, "description": "the body did not arrive in time (body_timeout)"},
    503: {"model": ErrorBody, "description": "every scorer is busy (busy): retry after the Retry-After seconds",
          "headers": {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}},
}


class Compact(BaseModel):
    """A result without the explanation (``view=compact``): items as ``[id, points, factor, count]``."""

    variant: str
    valid: bool
    total: int
    reason: str | None = None
    items: list[tuple[str, int, int, int]]
    payments: dict[str, int]


BatchAnswer = list[Result | ErrorBody] | list[Compact | ErrorBody]


class ItemExclusion(BaseModel):
    id: str
    name: str
    name_zh: str
    principle: str


class ItemExample(BaseModel):
    command: str = Field(description="the worked example as a command line")
    hand: str
    context: dict[str, Any]
    valid: bool
    total: int
    item: dict[str, Any] | None = Field(description="the item as scored in the example")


class ItemReference(BaseModel):
    """``GET /v1/variants/{variant}/items/{item}``: the rules reference of one item."""

    variant: str
    id: str
    name: str
    name_zh: str
    points: int
    factor: int
    excludes: list[ItemExclusion]
    definition: str | None = Field(description="from the variant's rules page")
    doc: str = Field(description="the item's section of the rules pages, e.g. docs/rules/mcr.md#pure-straight")
    example: ItemExample | None
