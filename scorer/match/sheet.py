"""The score sheet of a match record: every entry settled, running totals, standings, 追分 and
statistics (docs/match.md). A pure function: the same record always gives the same sheet."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import HandError, Problem
from ..seats import sums_to_zero
from ..variants.mcr.settle import BASE, payments
from .entries import settle_each
from .model import (
    KIND_NAMES,
    MAX_PENALTIES,
    Draw,
    Entry,
    FalseWin,
    MatchRecord,
    MatchRules,
    NotPlayed,
    Penalty,
    Win,
    entry_json,
    entry_partly,
    entry_problems,
    player_names,
    takes_a_hand,
)
from .partial import unread
from .seating import HANDS, WINDS, HandSeats, hand_seats
from .standings import needs, places, table_points

MINIMUM = 8  # the MCR minimum a win's fan total must reach (docs/rules/mcr.md#the-8-point-minimum-and-flowers)

Scorer = Callable[[str, dict[str, Any], str | None], Any]


def _engine_score(hand: str, context: dict[str, Any], preset: str | None) -> Any:
    from .. import engine

    return engine.score("mcr", hand, context, preset)


def _fail(where: str, message: str, code: str) -> HandError:
    return HandError([Problem(f"{where}: {message}", None, code)])


def _scored_win(entry: Win, where: str, seats: dict[str, str], round_wind: str, winner: int,
                discarder: int | None, preset: str | None, score: Scorer) -> tuple[int, dict[str, Any]]:
    """The fan total of a win given as tiles, scored by the engine in the match's seats."""
    context: dict[str, Any] = entry.context.model_dump(exclude_defaults=True) if entry.context else {}
    context.update(self_draw=discarder is None, seat_wind=seats[WINDS[winner]], round_wind=round_wind)
    if discarder is not None:
        context["discarder"] = seats[WINDS[discarder]]
    try:
        result = score(entry.hand or "", context, preset)
    except HandError as err:
        raise HandError([Problem(f"{where}: {p.message}", p.position, p.code) for p in err.problems]) from None
    if not result.valid:
        raise _fail(where, f"not a win: {result.reason}", "not_a_win")
    items = [{"id": i.id, "name": i.name, "name_zh": i.name_zh, "points": i.points * i.factor * i.count,
              "tiles": i.tiles} for i in result.items]
    request = {"variant": "mcr", "hand": entry.hand, "context": context, "explain": True}
    if preset:
        request["rules"] = preset
    return result.total, {"hand": result.hand, "total": result.total, "items": items, "context": context,
                          "request": request}


def _blank(names: list[str]) -> dict[str, int]:
    return dict.fromkeys(names, 0)


def _win_players(entry: Win, names: list[str], where: str) -> tuple[int, int | None]:
    """(winner, discarder) of a win by seat index; HandError with every problem of the win that
    the match can tell without scoring it."""
    problems = _win_problems(entry, names, where)
    if problems:
        raise HandError(problems)
    return names.index(entry.winner), None if entry.from_ is None else names.index(entry.from_)


def _win_problems(entry: Win, names: list[str], where: str) -> list[Problem]:
    """What the match can tell is wrong with a win without scoring it (its unread fields left
    alone: partial.py)."""
    faulty = unread(entry)
    problems: list[Problem] = []
    for role, name in (("the winner", entry.winner), ("the discarder", entry.from_)):
        if name is not None and name not in names:
            problems.append(Problem(f"{where}: {role} {name!r} is not one of the players ({', '.join(names)})",
                                    None, "unknown_player"))
    if entry.from_ is not None and entry.from_ == entry.winner:
        problems.append(Problem(f"{where}: {entry.winner} cannot win on their own discard "
                                "(from: null is a self-drawn win)", None, "discarder_is_winner"))
    given = [k for k, v in (("fan", entry.fan), ("hand", entry.hand)) if v is not None or k in faulty]
    if len(given) != 1:
        problems.append(Problem(f"{where}: a win gives its fan total (fan) or its tiles (hand), one of the two",
                                None, "bad_entry"))
    if entry.context is not None and entry.hand is None and "hand" not in faulty:
        problems.append(Problem(f"{where}: context goes with hand (the tiles), not with a fan total", None,
                                "bad_entry"))
    if entry.fan is not None and entry.fan < MINIMUM:
        problems.append(Problem(f"{where}: a fan total of {entry.fan} is below the {MINIMUM}-point minimum",
                                None, "fan_below_minimum"))
    return problems


def _penalty_problems(entry: FalseWin | Penalty, names: list[str], where: str) -> list[Problem]:
    """A false win's offender or a penalised player who is not one of the players."""
    if isinstance(entry, FalseWin):
        who = [entry.false_win] if entry.false_win is not None else []
        return [Problem(f"{where}: the offender {n!r} is not one of the players ({', '.join(names)})", None,
                        "unknown_player") for n in who if n not in names]
    return [Problem(f"{where}: the penalised player {name!r} is not one of the players ({', '.join(names)})",
                    None, "unknown_player") for name in entry.penalty or {} if name not in names]


def _problems(entry: Entry, names: list[str], where: str) -> list[Problem]:
    """What the match can tell is wrong with an entry without settling it."""
    if isinstance(entry, Win):
        return _win_problems(entry, names, where)
    return _penalty_problems(entry, names, where) if isinstance(entry, FalseWin | Penalty) else []


def _settle(entry: Entry, n: int, where: str, names: list[str], rules: MatchRules, slot: int, penalties: int,
            score: Scorer, stats: dict[str, dict[str, int]], table: dict[str, int], totals: dict[str, int],
            rows: list[dict[str, Any]]) -> tuple[int, int]:
    """Entry ``n`` settled: its row added, the totals and statistics moved on; (hands, penalties)
    taken after it. Raises HandError (nothing changed) when the entry does not fit the match."""
    kind = KIND_NAMES[type(entry)]
    row: dict[str, Any] = {"n": n, "kind": kind}
    if isinstance(entry, Win | Draw | NotPlayed):
        if slot == HANDS:
            raise _fail(where, f"this would be hand {HANDS + 1}: a match has {HANDS} hands", "too_many_hands")
        slot += 1
        deltas = _hand_row(entry, where, names, rules, slot, score, stats, table, row)
    else:
        penalties += 1
        if penalties > MAX_PENALTIES:
            raise _fail(where, f"more than {MAX_PENALTIES} penalty entries", "too_many_penalties")
        row["hand"] = min(slot + 1, HANDS)  # the hand in progress
        deltas = _penalty_row(entry, where, names, rules, stats, row)
    if isinstance(entry, Win):
        assert sums_to_zero(deltas), "a hand's settlement sums to zero"
    note = getattr(entry, "note", None)
    if note:
        row["note"] = note
    for name in names:
        totals[name] += deltas[name]
    row.update(deltas=deltas, totals=dict(totals), entry=entry_json(entry))
    rows.append(row)
    return slot, penalties


def _hand_row(entry: Win | Draw | NotPlayed, where: str, names: list[str], rules: MatchRules, slot: int,
              score: Scorer, stats: dict[str, dict[str, int]], table: dict[str, int],
              row: dict[str, Any]) -> dict[str, int]:
    """Hand ``slot`` (a win, a draw or a hand not played) into ``row`` and the counts; its deltas."""
    seats = hand_seats(slot)
    by_name = {name: seats.seat_wind[WINDS[i]] for i, name in enumerate(names)}
    row.update(hand=slot, label=seats.label, label_zh=seats.label_zh, round_wind=seats.round_wind,
               dealer=names[WINDS.index(seats.dealer)], seats=by_name)
    if isinstance(entry, Win):
        return _win_row(entry, where, names, rules, seats, score, stats, table, row)
    table["draws" if isinstance(entry, Draw) else "not_played"] += 1
    return _blank(names)


def _win_row(entry: Win, where: str, names: list[str], rules: MatchRules, seats: HandSeats, score: Scorer,
             stats: dict[str, dict[str, int]], table: dict[str, int], row: dict[str, Any]) -> dict[str, int]:
    winner, discarder = _win_players(entry, names, where)
    scored = None
    if entry.hand is not None:
        fan, scored = _scored_win(entry, where, seats.seat_wind, seats.round_wind, winner,
                                  discarder, rules.preset, score)
    else:
        fan = entry.fan or 0
    by_seat = payments(WINDS[winner], fan, discarder is None,
                       None if discarder is None else WINDS[discarder])
    deltas = {name: by_seat[WINDS[i]] for i, name in enumerate(names)}
    w = stats[names[winner]]
    w["wins"] += 1
    w["self_draws"] += discarder is None
    w["best_fan"] = max(w["best_fan"], fan)
    if discarder is not None:
        stats[names[discarder]]["dealt_in"] += 1
    table["wins"] += 1
    row.update(winner=names[winner], **{"from": None if discarder is None else names[discarder]},
               self_draw=discarder is None, fan=fan, scored=scored)
    return deltas


def _penalty_row(entry: Entry, where: str, names: list[str], rules: MatchRules,
                 stats: dict[str, dict[str, int]], row: dict[str, Any]) -> dict[str, int]:
    """A false win or a penalty into ``row`` and the counts; its deltas."""
    deltas = _blank(names)
    if isinstance(entry, FalseWin | Penalty) and (unknown := _penalty_problems(entry, names, where)):
        raise HandError(unknown)
    if isinstance(entry, FalseWin):
        offender = entry.false_win
        pay = rules.false_win_points
        for name in names:
            if name != offender and rules.false_win_paid_to_others:
                deltas[name] = pay
        deltas[offender] = -3 * pay
        stats[offender]["false_wins"] += 1
        row.update(offender=offender, points=pay, reason=entry.reason)
    elif isinstance(entry, Penalty):
        for name, points in entry.penalty.items():
            deltas[name] += points
            stats[name]["penalty_points"] += points
        row.update(points=dict(entry.penalty), reason=entry.reason)
    return deltas


def at_index(i: int) -> str:
    return f"hands[{i}]"


def compute(record: MatchRecord, score: Scorer = _engine_score, where: Callable[[int], str] = at_index
            ) -> dict[str, Any]:
    """The sheet of ``record``. Raises HandError with every problem of every entry, each naming its
    entry by ``where`` (its 0-based index: ``hands[3]``); nothing is partial. A faulty entry still
    takes its hand, so the entries after it are checked in their own seats."""
    names = player_names(record)
    rules = record.rules
    totals = _blank(names)
    rows: list[dict[str, Any]] = []
    slot = 0  # hands taken so far (wins, draws, hands not played)
    penalties = 0
    stats = {name: {"wins": 0, "self_draws": 0, "dealt_in": 0, "false_wins": 0, "penalty_points": 0,
                    "best_fan": 0} for name in names}
    table = {"wins": 0, "draws": 0, "not_played": 0}

    def settle_one(entry: Entry, n: int, place: str) -> None:
        nonlocal slot, penalties
        slot, penalties = _settle(entry, n, place, names, rules, slot, penalties, score, stats, table, totals, rows)

    def skip(raw: Any) -> None:
        nonlocal slot, penalties
        if takes_a_hand(raw):
            slot += slot < HANDS
        else:
            penalties += 1

    problems = settle_each(record.hands, where, read=entry_problems, read_partly=entry_partly,
                           check=lambda entry, place: _problems(entry, names, place), settle=settle_one, skip=skip)
    if problems:
        raise HandError(problems)
    by_place = table_points(totals)
    upcoming = None
    if slot < HANDS:  # what the table needs to know before the next hand starts
        seats = hand_seats(slot + 1)
        upcoming = {"hand": slot + 1, "label": seats.label, "label_zh": seats.label_zh,
                    "round_wind": seats.round_wind, "dealer": names[WINDS.index(seats.dealer)],
                    "seats": {name: seats.seat_wind[WINDS[i]] for i, name in enumerate(names)}}
    return {
        "title": record.title,
        "players": names,
        "rules": record.rules.model_dump(),
        "hands": rows,
        "hands_played": slot,
        "hands_left": HANDS - slot,
        "complete": slot == HANDS,
        "next": upcoming,
        "totals": totals,
        "places": places(totals),
        "table_points": {k: float(v) for k, v in by_place.items()},
        "table_points_exact": {k: f"{v.numerator}/{v.denominator}" if v.denominator != 1 else str(v.numerator)
                               for k, v in by_place.items()},
        "needs": needs(totals, minimum=MINIMUM, base=BASE),
        "stats": {"table": {**table, "hands_played": table["wins"] + table["draws"]}, "players": stats},
        "log": [e.model_dump() for e in record.log],
    }


def explanation(sheet: dict[str, Any], n: int) -> Any:
    """The engine's full explanation (every reading, items, exclusions) of entry ``n``'s hand."""
    from .. import engine

    rows = sheet["hands"]
    if not 1 <= n <= len(rows):
        raise HandError(f"no entry {n}: the match has {len(rows)}", None, "no_such_entry")
    scored = rows[n - 1].get("scored")
    if not scored:
        raise HandError(f"entry {n} gives no tiles to explain (a fan total, a draw or a penalty)", None,
                        "no_hand")
    request = scored["request"]
    return engine.score("mcr", request["hand"], request["context"], request.get("rules"), explain=True)
