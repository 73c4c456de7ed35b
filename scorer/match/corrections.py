"""Changing a match: a new record, an entry added, an entry edited, inserted or deleted with the
change logged (docs/match.md#corrections). Every function returns a new record and leaves its
input alone; the new record is only returned once its whole sheet computes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import ValidationError

from ..errors import HandError, Problem
from .kinds import SheetKind, of_record
from .model import MAX_LOG, LogEntry, validation_problems
from .sheet import Scorer, at_index


def _checked(raw: Any, score: Scorer | None, changed: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The record (normalised) and its sheet, by the kind of sheet its variant names; HandError with
    every problem of the record and of its entries. ``changed``: the index of the entry the caller
    sent, whose problems are said to be the entry's."""
    kind = of_record(raw)
    record, problems = kind.record_problems(raw)
    score = score or kind.default_score

    def where(i: int) -> str:
        return "entry" if i == changed else at_index(i)

    if record is None:
        raise HandError(problems + _entries_problems(kind, raw, score, where))
    sheet = kind.compute(record, score, where)  # first: it says every problem of every entry
    return kind.record_json(record), sheet


def _entries_problems(kind: SheetKind, raw: Any, score: Scorer, where: Callable[[int], str]) -> list[Problem]:
    """Every problem of a faulty record's entries, checked as far as the record can be read: a
    faulty title or rule hides none of them."""
    part = kind.record_partly(raw)
    if part is None:
        return kind.hands_problems(raw)
    try:
        kind.compute(part, score, where)
    except HandError as err:
        return err.problems
    return []


def new_record(raw: Any, score: Scorer | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """A record from its JSON form (a file, a create request): normalised, and its sheet. ``score``
    values a hand given as tiles (default: the engine, for the record's variant)."""
    return _checked(raw, score)


def _entry(kind: SheetKind, entry: Any) -> dict[str, Any]:
    """The entry as the record keeps it; a faulty one as sent (an object), for the sheet to say all
    that is wrong with it where it stands: its shape and what it means in the match."""
    read, problems = kind.entry_problems(entry, "entry")
    if read is not None:
        return kind.entry_json(read)
    if not isinstance(entry, dict):
        raise HandError(problems)
    return entry


def add_entry(record: dict[str, Any], entry: Any, score: Scorer | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """``record`` with ``entry`` appended, and its sheet."""
    raw = {**record, "hands": [*record.get("hands", []), _entry(of_record(record), entry)]}
    return _checked(raw, score, len(raw["hands"]) - 1)


def correct(record: dict[str, Any], n: int, entry: Any | None, by: str, reason: str,
            action: Literal["edit", "delete", "insert"] = "edit", at: str | None = None,
            score: Scorer | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Entry ``n`` (1-based) replaced (``edit``), removed (``delete``) or a new one put before it
    (``insert``; n = count + 1 appends), logged with ``by``, ``reason`` and the time."""
    hands = list(record.get("hands", []))
    log = list(record.get("log", []))
    last = len(hands) + (1 if action == "insert" else 0)
    if not 1 <= n <= last:
        raise HandError(f"no entry {n}: the match has {len(hands)}", None, "no_such_entry")
    if len(log) >= MAX_LOG:
        raise HandError(f"this match already has {MAX_LOG} corrections", None, "too_many_corrections")
    if (entry is None) != (action == "delete"):
        raise HandError("an edit or an insert gives the new entry; a delete gives none", None, "bad_request")
    after = _entry(of_record(record), entry) if entry is not None else None
    before = hands[n - 1] if action != "insert" else None
    if action == "edit":
        hands[n - 1] = after
    elif action == "delete":
        del hands[n - 1]
    else:
        hands.insert(n - 1, after)
    stamp = at or datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    fields = {"seq": len(log) + 1, "at": stamp, "by": by, "reason": reason, "action": action, "n": n,
              "before": before, "after": after}
    try:
        logged = LogEntry.model_validate(fields)
    except ValidationError as err:  # who and why are required, bounded
        raise HandError(validation_problems(err, fields)) from None
    log.append(logged.model_dump())
    return _checked({**record, "hands": hands, "log": log}, score, None if action == "delete" else n - 1)
