"""Type stub for the compiled riichi evaluator (``_fast.pyx``); its twin is the pure path
(``evaluate.score_reading`` over ``shapes.readings``), selected by ``MJSCORE_PURE=1``."""

from collections.abc import Collection, Sequence
from typing import Any

from scorer.result import Result

NAMED: tuple[str, ...]
FU_REASONS: tuple[str, ...]
DECLINED: str | None

def configure(ids: list[str], closed_han: list[int], open_han: list[int], yakuman: list[bool], double: list[bool],
              dora: list[bool], excluded_by: list[list[tuple[int, int]]], one_yakuman: int, most_yakuman: int,
              green_kinds: Collection[int], nine: Sequence[int], limits: Sequence[int],
              kiriage: Sequence[tuple[int, int]], dragons: Sequence[int], orphans: Sequence[int]) -> None: ...
def best(concealed: Sequence[int], melds: tuple[tuple[int, int, bool], ...], win: int, situation: int,
         seat_tile: int, round_tile: int, rules: int, dora: int, aka_dora: int, ura_dora: int) -> (
    tuple[int, list[tuple[int, int, int]], int, list[tuple[int, int, int]], list[tuple[int, int, int, int]], int, int,
          list[tuple[int, int, int]], int, int] | None): ...

# the whole Result in C (_full_path.pxi)
FULL_DECLINED: str | None

def configure_full(c: dict[str, Any]) -> None: ...
def full(text: Any, context: Any, rules: Any) -> Result | None: ...
def why_full_declines(text: Any, context: Any, rules: Any) -> int: ...
