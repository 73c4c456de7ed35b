"""Type stubs of ``_dispatch.pyx``: the compiled ``scorer.score``."""

from collections.abc import Callable
from typing import Any

from .fields import Model
from .result import Result

def use_engine(twin: Callable[..., Result], checked: Callable[..., Result], declined: type,
               engine_globals: dict[str, Any]) -> None: ...
def score(variant: str, hand: str | None, context: dict[str, Any] | Model | None = None,
          rules: str | dict[str, Any] | None = None, dialect: str | None = None, *,
          explain: bool = False, claim: list[str | int] | None = None) -> Result: ...
