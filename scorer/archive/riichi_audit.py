"""Audit riichi game logs (docs/batch.md#riichi-game-logs): replay each round, score each recorded
win with the library and compare yaku, han, fu, points (where the log states them) and the four
score changes with the record.

``audit_round`` answers one round (a plain dict, one JSON line of ``-o``): ``outcome`` win (its
``wins``, two for a double ron, each with ``agree`` and ``why``), drawn, or error (``where`` and
``message``); ``convert_round`` gives each win's scoring request. A round that cannot be read or
replayed is an error answer, never an exception, so that the run goes on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import orjson

from .. import engine
from ..errors import HandError
from ..variants.riichi.items import YAKUMAN_IDS
from .botzone import RawRound
from .riichi_replay import ReplayedWin, replay, settle
from .riichi_round import LogError, RecordedWin, RiichiRound
from .tenhou import YAKU


def read(raw: RawRound) -> RiichiRound:
    if raw.kind == "mjai":
        from .mjai import parse_round

        return parse_round(raw)
    from .tenhou import parse_round as parse_tenhou

    return parse_tenhou(raw)


def audit_round(raw: RawRound, rules: str | dict[str, Any] | None = None) -> dict[str, Any]:
    """One round's report; ``rules`` (a preset or options) overrides what the log states."""
    return _answer(raw, rules, compare)


def convert_round(raw: RawRound, rules: str | dict[str, Any] | None = None) -> dict[str, Any]:
    """One round as ``mjscore convert`` writes it: each win's request and the record's figures."""
    return _answer(raw, rules, lambda win: {"winner": win.record.winner, "request": win.request,
                                            "record": _record_view(win)})


def _answer(raw: RawRound, rules: str | dict[str, Any] | None,
            on_win: Callable[[ReplayedWin], dict[str, Any]]) -> dict[str, Any]:
    head: dict[str, Any] = {"id": _ident(raw), "source": raw.source, "line": raw.at}
    try:
        rnd = read(raw)
        head["id"] = rnd.id
        wins = replay(rnd, rules if rules is not None else rnd.rules)
        if not wins:
            return {**head, "outcome": "drawn", "drawn": rnd.drawn}
        answers = [on_win(w) for w in wins]
        agree = all(a.get("agree", True) for a in answers)
        return {**head, "outcome": "win", "agree": agree, "wins": answers}
    except LogError as err:
        error = {"where": err.where, "message": err.message}
    except HandError as err:
        error = {"where": f"line {raw.at}", "message": "the replayed hand is not readable: "
                 + "; ".join(p.message for p in err.problems)}
    except Exception as exc:  # a bug, not the log's fault: reported, and the run goes on
        error = {"where": f"line {raw.at}", "message": f"internal error: {type(exc).__name__}: {exc}"[:500]}
    return {**head, "outcome": "error", "error": error}


def _ident(raw: RawRound) -> str:
    """A round's id before it is read (an error names it too): its game and place in the log, or
    the MJAI line it starts at."""
    if raw.kind == "tenhou" and raw.lines:
        try:
            doc = orjson.loads(raw.lines[0])
            return f"{raw.source}#{doc['game']}/log[{doc['index']}]"
        except (orjson.JSONDecodeError, KeyError, TypeError):
            pass
    return f"{raw.source}:{raw.at}"


def _record_view(win: ReplayedWin) -> dict[str, Any]:
    rec = win.record
    out: dict[str, Any] = {"deltas": rec.deltas}
    if rec.text:
        out.update(value=rec.text, han=rec.han, fu=rec.fu, points=rec.points,
                   yaku=[{"name": n, "id": YAKU.get(n), "han": h} for n, h in rec.yaku if h])
    if rec.liable is not None:
        out["liable"] = rec.liable
    return out


def compare(win: ReplayedWin) -> dict[str, Any]:
    """Score the win and set our figures beside the record's, with every difference in words."""
    req = win.request
    try:
        result = engine.score("riichi", req["hand"], req["context"], req.get("rules"))
    except HandError as err:
        raise LogError(win.record.where, "the replayed win is not a hand we can score: "
                       + "; ".join(p.message for p in err.problems)) from None
    ours_yaku = Counter({i.id: i.points * i.count for i in result.items})
    yakuman = {i.id for i in result.items if i.id in YAKUMAN_IDS}
    deltas = settle(win, result.payments, result.total, yakuman) if result.valid else [0, 0, 0, 0]
    details = result.details or {}
    ours = _ours_view(result, details, deltas)
    rec = win.record
    why: list[str] = []
    if not result.valid:
        why.append(f"not a win by our scoring: {result.reason}")
    notes: list[str] = []
    if rec.text:
        unread = [name for name, _ in rec.yaku if name not in YAKU]
        if unread:  # e.g. a converted Mahjong Soul log's English names: the totals still say whether we agree
            notes.append(f"the record names yaku in words we do not read ({', '.join(unread)}): compared by han, "
                         "fu, points and score changes, not yaku by yaku")
        else:
            why.extend(_yaku_differences(rec.yaku, ours_yaku))
        why.extend(_value_differences(rec, details, result.total))
    why.extend(_settlement_differences(win, yakuman, deltas))
    answer = {"winner": rec.winner, "discarder": rec.source, "where": rec.where, "request": req, "result": ours,
              "record": _record_view(win), "agree": not why, "why": why}
    return {**answer, "notes": notes} if notes else answer


def _settlement_differences(win: ReplayedWin, yakuman: set[str], deltas: list[int]) -> list[str]:
    """Who pays for a yakuman (pao), where the record says or we find one, and the score changes."""
    rec = win.record
    why: list[str] = []
    if rec.text and rec.liable != win.liable and (rec.liable is not None or win.liable_for and yakuman):
        why.append(f"liable player (pao): the record {_who(rec.liable)}, ours {_who(win.liable)}")
    if deltas != rec.deltas:
        why.append(f"score changes: the record {' '.join(map(str, rec.deltas))}, ours {' '.join(map(str, deltas))}")
    return why


def _ours_view(result: Any, details: dict[str, Any], deltas: list[int]) -> dict[str, Any]:
    return {"hand": result.hand, "valid": result.valid, "reason": result.reason, "han": details.get("han"),
            "fu": details.get("fu"), "points": result.total,
            "yaku": [{"id": i.id, "name": i.name_zh, "han": i.points * i.count} for i in result.items],
            "deltas": deltas}


def _yaku_differences(recorded: list[tuple[str, int]], ours_yaku: Counter[str]) -> list[str]:
    """Each yaku the record and we count differently (the record's in its order, then ours); every
    name the record gives is one we read."""
    why: list[str] = []
    theirs: Counter[str] = Counter()
    for name, han in recorded:
        if han:
            theirs[YAKU[name]] += han
    names = {YAKU[n]: n for n, _ in recorded if n in YAKU}
    for item in [*theirs, *(i for i in ours_yaku if i not in theirs)]:
        a, b = theirs[item], ours_yaku[item]
        label = f"{names.get(item, '')} ({item})".lstrip()
        if a and not b:
            why.append(f"yaku {label} {a} han in the record, not in ours")
        elif b and not a:
            why.append(f"yaku {label} {b} han in ours, not in the record")
        elif a != b:
            why.append(f"yaku {label}: {a} han in the record, {b} in ours")
    return why


def _value_differences(rec: RecordedWin, details: dict[str, Any], total: int) -> list[str]:
    """The record's han, fu and points against ours."""
    why: list[str] = []
    if rec.han != details.get("han"):
        why.append(f"han: the record {rec.han}, ours {details.get('han')}")
    if rec.fu is not None and rec.fu != details.get("fu"):
        why.append(f"fu: the record {rec.fu}, ours {details.get('fu')}")
    if rec.points != total:
        why.append(f"points: the record {rec.points} ({rec.text}), ours {total}")
    return why


def _who(seat: int | None) -> str:
    return "none" if seat is None else f"player {seat}"
