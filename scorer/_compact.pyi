"""Type stubs of ``_compact.pyx``: the compact result."""

from collections.abc import Callable
from typing import Any

ITEM_FIELDS: tuple[str, ...]

class CompactResult:
    variant: str
    valid: bool
    total: int
    reason: str | None
    items: tuple[tuple[str, int, int, int], ...]
    def __init__(self, variant: str, valid: bool, total: int, reason: str | None,
                 items: tuple[tuple[str, int, int, int], ...], payments: dict[str, int]) -> None: ...
    @property
    def payments(self) -> dict[str, int]: ...
    def as_dict(self) -> dict[str, Any]: ...

def has_none(items: list[Any]) -> bool: ...

def use_engine(twin: Callable[..., CompactResult], declined: Callable[[str, str | None, Any], CompactResult]) -> None: ...
def add_entry(variant: str, entry: Any) -> None: ...
def score_compact(variant: str, hand: str | None, context: Any = None, rules: Any = None,
                  dialect: str | None = None) -> CompactResult: ...
