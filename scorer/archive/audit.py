"""Audit recorded rounds (docs/archive.md#what-the-audit-reports): replay each, score its win with
the library, and compare fans (item, value, count), total and the four scores with the record.

``audit_round`` answers one round with a report (a plain dict, one JSON line of ``-o``);
``convert_round`` turns one into a scoring request; ``Summary`` counts the reports. Every round
gets an answer: a record that cannot be read or replayed is an ``error`` report with its line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import engine
from ..errors import HandError
from . import fans
from .botzone import RawRound, parse_round
from .record import SEATS, Recorded, RecordError, Round
from .replay import Win, replay


def read(raw: RawRound) -> Round:
    """A raw round parsed by its format's reader."""
    if raw.kind == "json":
        from .botzone_json import parse_log

        return parse_log(raw)
    return parse_round(raw)


def audit_round(raw: RawRound) -> dict[str, Any]:
    """One round's report: ``outcome`` win, drawn or error; for a win the request, our result, the
    record, ``agree`` and the reasons it does not (``why``)."""

    def win_report(rnd: Round, win: Win) -> dict[str, Any]:
        assert rnd.record is not None
        return compare(win, rnd.record)

    return _answer(raw, win_report, lambda rnd: {"record": {"scores": rnd.scores}})


def convert_round(raw: RawRound) -> dict[str, Any]:
    """One round as ``mjscore convert`` writes it: a win's request (the record's fans and total as
    its ``claim``) and the record; a drawn round or an error as in the audit."""

    def win_request(rnd: Round, win: Win) -> dict[str, Any]:
        assert rnd.record is not None
        record = _record_view(rnd.record)
        claim: list[str | int] = [f["id"] for f in record["fans"] if f["id"]]
        request = {**win.request, "claim": [*claim, rnd.record.total]}
        return {"outcome": "win", "winner": win.winner, "request": request, "record": record}

    return _answer(raw, win_request, lambda rnd: {})


def _answer(raw: RawRound, on_win: Callable[[Round, Win], dict[str, Any]],
            on_drawn: Callable[[Round], dict[str, Any]]) -> dict[str, Any]:
    """Read and replay a round, then answer it: every failure is an ``error`` answer, never an
    exception, so that the run goes on."""
    head: dict[str, Any] = {"id": raw.ident, "source": raw.source, "line": raw.at}
    rnd: Round | None = None
    try:
        rnd = read(raw)
        head["id"] = rnd.id
        win = replay(rnd)
        return {**head, **(on_win(rnd, win) if win is not None else {"outcome": "drawn", **on_drawn(rnd)})}
    except RecordError as err:
        unit = err.unit or (rnd.unit if rnd is not None else "line")
        error = {unit: err.at, "message": err.message}
    except HandError as err:
        error = {"line": raw.at, "message": "the replayed hand is not readable: "
                 + "; ".join(p.message for p in err.problems)}
    except Exception as exc:  # a bug, not the record's fault: reported, and the run goes on
        error = {"line": raw.at, "message": f"internal error: {type(exc).__name__}: {exc}"[:500]}
    return {**head, "outcome": "error", "error": error}


def compare(win: Win, record: Recorded) -> dict[str, Any]:
    """Score the win and set our result beside the record's."""
    result = engine.score("mcr", win.request["hand"], win.request["context"])
    ours = Counter({i.id: i.count for i in result.items})
    scores = [result.payments.get(s, 0) for s in SEATS]
    ours_view = {"hand": result.hand, "valid": result.valid, "reason": result.reason, "total": result.total,
                 "fans": [{"name": i.name_zh, "id": i.id, "value": i.points, "count": i.count} for i in result.items],
                 "scores": scores}
    rec = _record_view(record)
    theirs: Counter[str] = Counter()
    why: list[str] = []
    for f in rec["fans"]:
        if f["id"] is None:
            why.append(f"the record names a fan we do not know: {f['name']}")
        else:
            theirs[f["id"]] += f["count"]
            if f.get("value") is not None and f["value"] != fans.by_id()[f["id"]][1]:
                why.append(f"{f['name']} is worth {f['value']} in the record, {fans.by_id()[f['id']][1]} in ours")
    added = sum(f["count"] * (f["value"] if f.get("value") is not None else fans.by_id()[f["id"]][1])
                for f in rec["fans"] if f["id"])
    if not why and added != record.total:
        why.append(f"the record's own fans add up to {added}, not its total {record.total}")
    if not result.valid:
        why.append(f"not a win by our scoring: {result.reason}")
    if ours != theirs:
        why.extend(_fan_differences(win, theirs, ours))
    if result.total != record.total:
        why.append(f"total: the record {record.total}, ours {result.total}")
    if scores != record.scores:
        why.append(f"scores: the record {' '.join(map(str, record.scores))}, ours {' '.join(map(str, scores))}")
    report = {"outcome": "win", "winner": win.winner, "discarder": win.discarder, "request": win.request,
              "result": ours_view, "record": rec, "agree": not why, "why": why}
    if why and ours != theirs and set((ours - theirs) + (theirs - ours)) <= fans.WAIT_FANS:
        report["wait_fans_only"] = True
    return report


def _record_view(record: Recorded) -> dict[str, Any]:
    table = fans.table()
    out = []
    for name, count, value in record.fans:
        item_id = table[name][0] if name in table else None
        out.append({"name": name, "id": item_id, "value": value if value is not None else
                    (table[name][2] if name in table else None), "count": count})
    return {"total": record.total, "fans": out, "scores": record.scores}


def _fan_differences(win: Win, theirs: Counter[str], ours: Counter[str]) -> list[str]:
    """Each fan the record and we count differently, the record's extra ones with our reason
    (the library's claim check: excluded by which fan, or in no reading of the hand)."""
    checks = {}
    only_theirs = [i for i in theirs if not ours[i]]
    if only_theirs:
        checked = engine.score("mcr", win.request["hand"], win.request["context"], claim=list(only_theirs))
        checks = {c.id: c.why for c in checked.verdict.items} if checked.verdict else {}
    names = fans.by_id()
    out = []
    for item_id in [*theirs, *(i for i in ours if i not in theirs)]:
        name = f"{names[item_id][0]} ({item_id})"
        a, b = theirs[item_id], ours[item_id]
        if a == b:
            continue
        if not b:
            out.append(f"fan {name} ×{a} in the record, not in ours: {checks.get(item_id, '')}".rstrip(": "))
        elif not a:
            out.append(f"fan {name} ×{b} in ours, not in the record")
        else:
            out.append(f"fan {name}: ×{a} in the record, ×{b} in ours")
    return out


@dataclass(slots=True)
class Summary:
    rounds: int = 0
    wins: int = 0
    drawn: int = 0
    agree: int = 0
    disagree: int = 0
    errors: int = 0
    wait_fans_only: int = 0

    def add(self, report: dict[str, Any]) -> None:
        self.rounds += 1
        outcome = report["outcome"]
        if outcome == "win":
            for win in report.get("wins", [report]):  # a riichi double ron: one round, two wins
                self.wins += 1
                if win.get("agree", True):
                    self.agree += 1
                else:
                    self.disagree += 1
                    self.wait_fans_only += bool(win.get("wait_fans_only"))
        elif outcome == "drawn":
            self.drawn += 1
        else:
            self.errors += 1

    def as_dict(self) -> dict[str, int]:
        return {"rounds": self.rounds, "wins": self.wins, "drawn": self.drawn, "agree": self.agree,
                "disagree": self.disagree, "errors": self.errors}
