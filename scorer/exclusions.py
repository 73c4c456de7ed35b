"""The exclusion pass every variant applies: an item a variant's table says another excludes (不计)
is dropped when both are found, and recorded with who dropped it and under which principle.

The table is the rule: each ``ItemDef.excludes`` row names an excluded item and its principle
(non_repetition, high_over_low, ...). One pass in table order, as MCR's tally does it: an item goes
when a found item not already dropped excludes it, so an excluded item excludes nothing after it
(四暗刻 drops 不求人, and 自摸 then stays: docs/rules/mcr.md#four-concealed-pungs). A table lists an
excluder before what it excludes wherever both can be found together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from .registry import ItemDef
from .result import Exclusion


class FoundItem(Protocol):
    """What the pass reads of a found item: its id and how many times it was found."""

    @property
    def id(self) -> str: ...

    @property
    def count(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Found:
    """A found item by id, for a variant that settles which items count before it builds them."""

    id: str
    count: int = 1


FoundT = TypeVar("FoundT", bound=FoundItem)


@dataclass(frozen=True, slots=True)
class _TableRules:
    rows: dict[str, ItemDef]
    position: dict[str, int]
    excluded_by: dict[str, tuple[tuple[str, str], ...]]  # item id -> (excluder id, principle), table order


_RULES: dict[int, tuple[Sequence[ItemDef], _TableRules | None]] = {}


def table_problems(table: Sequence[ItemDef]) -> list[str]:
    """The exclusions of a table that name an item it does not hold (a typo never excludes)."""
    held = {row.id for row in table}
    return [f"{row.id} excludes {target}, which the table does not hold"
            for row in table for target, _ in row.excludes if target not in held]


def _rules(table: Sequence[ItemDef]) -> _TableRules | None:
    """The table read once (None when it declares no exclusion), cached by the table object."""
    cached = _RULES.get(id(table))
    if cached is not None and cached[0] is table:
        return cached[1]
    rules: _TableRules | None = None
    if any(row.excludes for row in table):
        excluded_by: dict[str, list[tuple[str, str]]] = {}
        for row in table:
            for target, principle in row.excludes:
                excluded_by.setdefault(target, []).append((row.id, principle))
        rules = _TableRules(rows={row.id: row for row in table},
                            position={row.id: n for n, row in enumerate(table)},
                            excluded_by={k: tuple(v) for k, v in excluded_by.items()})
    _RULES[id(table)] = (table, rules)  # the table is kept alive, so its id stays its own
    return rules


def apply_exclusions(found: Sequence[FoundT], table: Sequence[ItemDef]) -> tuple[list[FoundT], list[Exclusion]]:
    """The found items that count, in their found order, and an ``Exclusion`` for each one dropped
    (its count, the excluder, the principle), in table order. Items the table does not hold are kept
    and exclude nothing."""
    rules = _rules(table)
    if rules is None or len(found) < 2:
        return list(found), []
    last = len(rules.position)
    walk = sorted(range(len(found)), key=lambda n: rules.position.get(found[n].id, last))
    standing = {item.id: 0 for item in found}  # how many of each id are not dropped
    for item in found:
        standing[item.id] += 1
    dropped: dict[int, Exclusion] = {}
    for n in walk:
        item = found[n]
        by = next(((excluder, principle) for excluder, principle in rules.excluded_by.get(item.id, ())
                   if standing.get(excluder)), None)
        if by is None:
            continue
        standing[item.id] -= 1
        row = rules.rows[item.id]
        dropped[n] = Exclusion(id=row.id, name=row.name, name_zh=row.name_zh, by=by[0], principle=by[1],
                               count=item.count)
    if not dropped:
        return list(found), []
    kept = [item for n, item in enumerate(found) if n not in dropped]
    return kept, [dropped[n] for n in walk if n in dropped]
