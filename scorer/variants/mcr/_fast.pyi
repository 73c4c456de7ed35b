"""Type stubs of the compiled MCR evaluator ``_fast.pyx`` (its pure-Python twin: the fan modules beside
it, ``evaluate.evaluate``)."""

from typing import Any

from scorer._compact import CompactResult
from scorer.result import Result

NONE: int
SEVEN_PAIRS: int
FOUR_SETS: int
DEFER: int
SOURCE_SETS: int
SOURCE_WIN: int
SOURCE_FOUR: int
SOURCE_PAIRS: int
SOURCE_SHIFT: int
SOURCE_PAIR_INDEX: int
SOURCE_HAND: int
SOURCE_KINDS: int
SOURCE_NUMBERED: int
SOURCE_RUN: int
SOURCE_FAMILY: int
SPECIAL: int
SHAPES: tuple[str, ...]
PRINCIPLES: list[str]
COMPACT_ENTRY: object  # a PyCapsule holding the C entry point of ``compact``
FULL_PATH: bool  # ``full`` can build the result classes (False: it declines every request)
DECLINED: str | None  # why FULL_PATH is False (a context field it does not read, ...); None when it is True
CONTEXT_FIELDS_READ: tuple[str, ...]  # the context fields it reads, in its codes' order (compiled.py)

def evaluate(concealed: list[int], fixed: list[int], win: int, self_draw: bool, last_wall: bool, kong_win: bool,
             last_tile: bool, seat: int, prevalent: int,
             kong_pair_fan: bool) -> tuple[int, int, list[int], int, list[int], bool]: ...
def explain(concealed: list[int], fixed: list[int], win: int, self_draw: bool, last_wall: bool, kong_win: bool,
            last_tile: bool, seat: int, prevalent: int, kong_pair_fan: bool, knitted_waits: bool
            ) -> tuple[int, int, str | None, tuple[int, ...] | None, int, list[int] | None, tuple[int, ...],
                       list[tuple[int, int, int | None, str]], int]: ...
def explain_all(concealed: list[int], fixed: list[int], win: int, self_draw: bool, last_wall: bool,
                kong_win: bool, last_tile: bool, seat: int, prevalent: int, kong_pair_fan: bool, knitted_waits: bool
                ) -> list[tuple[str, tuple[int, ...] | None, int, list[int], tuple[int, ...],
                                list[tuple[int, int, int | None, str]], bool]] | None: ...
def compact(text: Any, context: Any) -> CompactResult | None: ...
def compact_many(requests: list[Any], threads: int = 1, as_json: bool = False) -> list[Any]: ...
def full(text: Any, context: Any, rules: Any = None) -> Result | None: ...
