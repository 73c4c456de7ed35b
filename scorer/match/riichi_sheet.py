"""The riichi hanchan sheet of a record: every hand settled with the dealer, honba and riichi sticks
the sheet keeps, the running points, the game's end after South 4, final points, places, session
scores and the sum-to-zero check (docs/match.md#the-riichi-hanchan-sheet). A pure function of the
record; hand values come from the riichi scorer's tables (scorer/variants/riichi/value.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..archive.riichi_replay import PAO_YAKUMAN as PAO_FOR
from ..archive.riichi_replay import liable_split
from ..errors import HandError, Problem
from ..seats import SEATS as WINDS
from ..variants.riichi.value import settle, value
from .entries import settle_each
from .model import player_names
from .partial import unread
from .riichi_model import (
    FU_VALUES,
    KIND_NAMES,
    MAX_PENALTIES,
    HanchanRecord,
    MultipleRon,
    RiichiDraw,
    RiichiEntry,
    RiichiHand,
    RiichiPenalty,
    RiichiWin,
    entry_json,
    entry_partly,
    entry_problems,
    takes_a_hand,
)
from .riichi_rules import MOST_RONS, HanchanRules, number

Scorer = Callable[[str, dict[str, Any], str | None], Any]
ROUNDS = 8  # E1 … E4, S1 … S4
STICK = 1000
RON_HONBA, TSUMO_HONBA = 300, 100
# the 3,000 noten payment, by the number of tenpai players: (each tenpai player gets, each noten pays)
NOTEN = {1: (3000, 1000), 2: (1500, 1500), 3: (1000, 3000)}
MANGAN_HAN = 5  # from 5 han the fu no longer matter
PAO_YAKUMAN = frozenset(PAO_FOR.values())  # the yakuman a player can be liable for


def _engine_score(hand: str, context: dict[str, Any], preset: str | None) -> Any:
    from .. import engine

    return engine.score("riichi", hand, context, preset)


def _value_rules(scoring: str) -> Any:
    from .. import registry

    return registry.get("riichi").rules(scoring).options


def label(round_index: int) -> str:
    return f"{'ES'[round_index // 4]}{round_index % 4 + 1}"


@dataclass(slots=True)
class Table:
    """What the sheet keeps between hands."""

    names: list[str]
    rules: HanchanRules
    points: dict[str, int]
    round_index: int = 0  # 0 … 7: E1 … S4
    honba: int = 0
    sticks: int = 0  # riichi sticks on the table
    over_at: int | None = None  # the entry after which the game ended
    lost_track: bool = False  # a faulty hand: the rotation after it is not known
    penalties: list[dict[str, Any]] = field(default_factory=list)

    @property
    def dealer(self) -> int:
        return self.round_index % 4

    def seat(self, player: int) -> str:
        return WINDS[(player - self.dealer) % 4]

    def seats(self) -> dict[str, str]:
        return {name: self.seat(i) for i, name in enumerate(self.names)}

    def where_now(self) -> dict[str, Any]:
        return {"label": label(self.round_index), "round_wind": "ES"[self.round_index // 4],
                "dealer": self.names[self.dealer], "honba": self.honba, "sticks": self.sticks,
                "seats": self.seats()}


def _fail(where: str, message: str, code: str) -> Problem:
    return Problem(f"{where}: {message}", None, code)


def _known(names: list[str], who: Sequence[str | None], where: str, role: str) -> list[Problem]:
    return [_fail(where, f"{role} {n!r} is not one of the players ({', '.join(names)})", "unknown_player")
            for n in who if n is not None and n not in names]


def _twice(who: list[str], where: str, what: str) -> list[Problem]:
    seen = [n for i, n in enumerate(who) if n in who[:i]]
    return [_fail(where, f"{n} is named twice in {what}", "duplicate_player") for n in dict.fromkeys(seen)]


def _win_problems(win: RiichiWin, where: str, names: list[str], riichi: list[str] | None) -> list[Problem]:
    """What the sheet can tell is wrong with one win without valuing it (its unread fields left
    alone: partial.py)."""
    found = (_known(names, [win.winner], where, "the winner") + _known(names, [win.from_], where, "the discarder")
             + _known(names, [win.pao], where, "the liable player (pao)"))
    if win.from_ is not None and win.from_ == win.winner:
        found.append(_fail(where, f"{win.winner} cannot win on their own discard (from: null is a self-draw)",
                           "discarder_is_winner"))
    return (found + _given_problems(win, where) + _fu_problems(win, where) + _declared_problems(win, where, riichi)
            + _pao_problems(win, where))


def _pao_problems(win: RiichiWin, where: str) -> list[Problem]:
    """A liable player only for a yakuman (the hand given as tiles is checked once valued)."""
    if win.pao is None:
        return []
    if win.pao == win.winner:
        return [_fail(where, f"{win.winner} cannot be liable (pao) for their own win", "bad_pao")]
    if win.han is not None:
        return [_fail(where, f"pao: {win.pao} is liable only for a yakuman of big three dragons or big four "
                      f"winds, not for {win.han} han (give yakuman: 1, or the hand)", "bad_pao")]
    return []


def _given_problems(win: RiichiWin, where: str) -> list[Problem]:
    """A win's value given one way: han (and fu), yakuman, or the hand with its context."""
    found: list[Problem] = []
    faulty = unread(win)
    given = [k for k, v in (("han", win.han), ("yakuman", win.yakuman), ("hand", win.hand))
             if v is not None or k in faulty]
    if len(given) != 1:
        found.append(_fail(where, "a win gives han (and fu), yakuman, or the hand, one of the three"
                           + (f", not {' and '.join(given)}" if given else ""), "bad_entry"))
    if win.fu is not None and win.han is None and "han" not in faulty:
        found.append(_fail(where, "fu goes with han", "bad_entry"))
    if win.context is not None and win.hand is None and "hand" not in faulty:
        found.append(_fail(where, "context goes with hand (the tiles), not with han and fu", "bad_entry"))
    if win.han is not None and win.han < MANGAN_HAN and win.fu is None and "fu" not in faulty:
        found.append(_fail(where, f"{win.han} han needs its fu (from 5 han the fu no longer count)", "bad_entry"))
    return found


def _fu_problems(win: RiichiWin, where: str) -> list[Problem]:
    """A fu count that does not exist, or that no hand of that kind has."""
    if win.fu is None:
        return []
    if win.fu not in FU_VALUES:
        return [_fail(where, f"{win.fu} fu is not a fu count (20, 25, then 30 to 110 in tens)", "bad_fu")]
    if win.fu == 20 and win.from_ is not None:
        return [_fail(where, "20 fu is a self-drawn pinfu: a win on a discard has at least 25 fu", "bad_fu")]
    if win.fu in (20, 25) and win.han == 1:
        return [_fail(where, f"1 han {win.fu} fu is no hand: {win.fu} fu "
                      + ("is pinfu self-drawn" if win.fu == 20 else "is seven pairs") + ", 2 han at least", "bad_fu")]
    return []


def _declared_problems(win: RiichiWin, where: str, riichi: list[str] | None) -> list[Problem]:
    """Riichi in a hand's context for a winner who put no stick down (``riichi`` None: the hand's
    list is unread)."""
    if riichi is None:
        return []
    return [_fail(where, f"context.{declared}: {win.winner} is not in this hand's riichi list "
                  "(the list puts the 1,000 stick down)", "bad_context")
            for declared in ("riichi", "double_riichi")
            if win.context is not None and win.winner is not None and getattr(win.context, declared)
            and win.winner not in riichi]


def _scored(win: RiichiWin, where: str, table: Table, winner: int, discarder: int | None, honba: int,
            sticks: int, declared: bool, score: Scorer) -> tuple[dict[str, int], dict[str, Any]]:
    """A win given as tiles, valued by the riichi scorer in the sheet's seats: payments by seat wind."""
    context: dict[str, Any] = win.context.model_dump(exclude_defaults=True) if win.context else {}
    context.update(seat_wind=table.seat(winner), round_wind="ES"[table.round_index // 4],
                   self_draw=discarder is None, honba=honba)
    if sticks:
        context["riichi_sticks"] = sticks
    if discarder is not None:
        context["discarder"] = table.seat(discarder)
    if declared and not context.get("double_riichi"):
        context["riichi"] = True
    elif context.get("double_riichi"):
        context.pop("riichi", None)  # double riichi is riichi's 2-han form
    try:
        result = score(win.hand or "", context, table.rules.scoring)
    except HandError as err:
        raise HandError([Problem(f"{where}: {p.message}", p.position, p.code) for p in err.problems]) from None
    if not result.valid:
        raise HandError([_fail(where, f"not a win: {result.reason}", "not_a_win")])
    if win.pao is not None and not PAO_YAKUMAN.intersection(i.id for i in result.items):
        raise HandError([_fail(where, f"pao: {win.pao} is liable only for big three dragons or big four winds, "
                               "and this hand holds neither", "bad_pao")])
    d = result.details
    items = [{"id": i.id, "name": i.name, "name_zh": i.name_zh, "han": i.points * i.count} for i in result.items]
    request = {"variant": "riichi", "hand": win.hand, "context": context, "rules": table.rules.scoring,
               "explain": True}
    return dict(result.payments), {"hand": result.hand, "han": d["han"], "fu": d["fu"], "limit": d["limit"],
                                   "items": items, "context": context, "request": request, "total": result.total}


def _settle_win(win: RiichiWin, where: str, table: Table, honba: int, sticks: int, riichi: list[str],
                score: Scorer) -> tuple[dict[str, int], dict[str, Any]]:
    """One win's score changes by name (``honba`` as given; the ``sticks`` it takes are added by the
    caller) and its row."""
    names = table.names
    winner = names.index(win.winner)
    discarder = None if win.from_ is None else names.index(win.from_)
    row: dict[str, Any] = {"winner": win.winner, "from": win.from_, "self_draw": discarder is None}
    if win.hand is not None:
        by_seat, scored = _scored(win, where, table, winner, discarder, honba, sticks, win.winner in riichi,
                                    score)
        row.update(han=scored["han"], fu=scored["fu"], limit=scored["limit"], scored=scored)
        total = scored.pop("total")
    else:
        opts = _value_rules(table.rules.scoring)
        yakuman = win.yakuman or 0
        worth = value(13 * yakuman if yakuman else win.han or 0, win.fu or 0, yakuman, opts)
        paid = settle(worth.basic, table.seat(winner), discarder is None,
                      table.seat(discarder) if discarder is not None else WINDS[0], honba)
        by_seat, total = paid.payments, paid.total
        row.update(han=win.han, fu=win.fu, yakuman=win.yakuman, limit=worth.limit)
    row["honba"] = honba
    changes = [by_seat[table.seat(i)] for i in range(len(names))]
    if win.pao is not None:  # the audit's pao rule (scorer/archive/riichi_replay.py), not a second one
        changes = liable_split(changes, winner, discarder, names.index(win.pao), total, honba)
        row["pao"] = win.pao
    deltas = dict(zip(names, changes, strict=True))
    row["points"] = deltas[win.winner]
    return deltas, row


def _noten(tenpai: list[str], names: list[str]) -> dict[str, int]:
    deltas = dict.fromkeys(names, 0)
    if len(tenpai) in NOTEN:
        gain, loss = NOTEN[len(tenpai)]
        for name in names:
            deltas[name] = gain if name in tenpai else -loss
    return deltas


def _wins_of(entry: RiichiHand | MultipleRon | RiichiDraw) -> list[RiichiWin]:
    return [entry] if isinstance(entry, RiichiHand) else list(entry.wins or []) if isinstance(entry, MultipleRon) else []


def _hand_problems(entry: RiichiHand | MultipleRon | RiichiDraw, where: str, table: Table) -> list[Problem]:
    """Everything the sheet can tell is wrong with a hand before settling it."""
    names = table.names
    problems: list[Problem] = []
    if table.over_at is not None and not table.lost_track:
        problems.append(_fail(where, f"the game ended after South 4 (entry {table.over_at}): no hand comes "
                              "after it (no West round)", "game_over"))
    riichi = list(entry.riichi or [])
    problems += _known(names, list(riichi), where + ".riichi", "the player") + _twice(riichi, where + ".riichi", "riichi")
    declared = None if "riichi" in unread(entry) else riichi
    for i, win in enumerate(_wins_of(entry)):
        problems += _win_problems(win, f"{where}.wins[{i}]" if isinstance(entry, MultipleRon) else where,
                                  names, declared)
    if isinstance(entry, MultipleRon) and entry.wins is not None:
        problems += _multiple_problems(entry, where, table)
    if isinstance(entry, RiichiDraw):
        problems += _draw_problems(entry, where, table, riichi)
    return problems


def _settle_wins(wins: list[RiichiWin], where: str, table: Table, pot: int, riichi: list[str],
                 deltas: dict[str, int], score: Scorer) -> list[dict[str, Any]]:
    """The wins settled into ``deltas``, the first in turn order after the discarder taking the
    honba and the ``pot`` of sticks; their rows. Raises HandError with every win's problems."""
    names = table.names
    first = wins[0].from_
    order = sorted(wins, key=lambda w: (names.index(w.winner) - names.index(first)) % 4) if first else wins
    rows = []
    found: list[Problem] = []
    for k, win in enumerate(order):
        try:
            got, win_row = _settle_win(win, f"{where}.wins[{wins.index(win)}]" if len(wins) > 1 else where,
                                       table, table.honba if k == 0 else 0, pot if k == 0 else 0, riichi, score)
        except HandError as err:
            found += err.problems
            continue
        win_row["sticks"] = pot * STICK if k == 0 else 0
        got[win.winner] += win_row["sticks"]
        for name in names:
            deltas[name] += got[name]
        rows.append(win_row)
    if found:
        raise HandError(found)
    return rows


def _settle_draw(entry: RiichiDraw, table: Table, deltas: dict[str, int], row: dict[str, Any]) -> bool:
    """A draw's noten payments into ``deltas``; whether the dealer stays."""
    names = table.names
    tenpai = [p for p in names if p in entry.tenpai]  # in seat order
    row.update(tenpai=tenpai, abortive=entry.abortive)
    for name, d in _noten(tenpai if not entry.abortive else [], names).items():
        deltas[name] += d
    return entry.abortive or names[table.dealer] in tenpai


def _move_on(table: Table, n: int, dealer_stays: bool) -> None:
    """The next hand's dealer: the same one, the next seat, or the game's end after South 4."""
    if dealer_stays:
        return
    if table.round_index == ROUNDS - 1:
        table.over_at = n
    else:
        table.round_index += 1


def _hand(entry: RiichiHand | MultipleRon | RiichiDraw, n: int, where: str, table: Table,
          score: Scorer) -> dict[str, Any]:
    """A hand settled and the table moved on (dealer, honba, sticks); its row. Raises HandError
    with every problem, the table unchanged."""
    names = table.names
    problems = _hand_problems(entry, where, table)
    if problems:
        raise HandError(problems)
    riichi = list(entry.riichi)
    wins = _wins_of(entry)
    row: dict[str, Any] = {"n": n, "kind": KIND_NAMES[type(entry)], **table.where_now(), "riichi": riichi}
    deltas = dict.fromkeys(names, 0)
    for name in riichi:
        deltas[name] -= STICK
    pot = table.sticks + len(riichi)
    before = table.sticks
    if wins:
        row["wins"] = _settle_wins(wins, where, table, pot, riichi, deltas, score)
        dealer_stays = names[table.dealer] in [w.winner for w in wins]
        table.honba = table.honba + 1 if dealer_stays else 0
        table.sticks = 0
    else:
        assert isinstance(entry, RiichiDraw)
        dealer_stays = _settle_draw(entry, table, deltas, row)
        table.honba += 1
        table.sticks = pot
    # the points change by the sticks taken off the table less the sticks put on it
    assert sum(deltas.values()) == STICK * (before - table.sticks), "a hand's settlement balances"
    for name in names:
        table.points[name] += deltas[name]
    row.update(deltas=deltas, points=dict(table.points), sticks_after=table.sticks, entry=entry_json(entry))
    if note := getattr(entry, "note", None):
        row["note"] = note
    _move_on(table, n, dealer_stays)
    return row


@dataclass(frozen=True, slots=True)
class _Named:
    """The rules named in a refusal, with the verb agreeing: "the wrc preset has", "these rules have"."""

    has: str
    allows: str


def _named(rules: HanchanRules) -> _Named:
    if rules.preset:
        return _Named(f"the {rules.preset} preset has", f"the {rules.preset} preset allows")
    return _Named("these rules have", "these rules allow")


def _multiple_problems(entry: MultipleRon, where: str, table: Table) -> list[Problem]:
    names, rules = table.names, table.rules
    found: list[Problem] = []
    wins = list(entry.wins or [])
    sources = [w.from_ for w in wins if "from" not in unread(w)]
    if any(s is None for s in sources):
        found.append(_fail(where, "several wins in one hand are rons on one discard: a self-draw (from: null) "
                           "wins alone", "bad_multiple_ron"))
    elif len(set(sources)) > 1:
        found.append(_fail(where, f"the wins of a multiple ron are on one discard, not on {' and '.join(sorted(set(sources)))}",  # type: ignore[arg-type]
                           "bad_multiple_ron"))
    found += _twice([w.winner for w in wins if w.winner is not None], where + ".wins", "the winners")
    most = MOST_RONS[rules.multiple_ron]
    named = _named(rules)
    if len(wins) > most:
        if most == 1:
            nearest = ""
            src = sources[0] if sources else None
            if src in table.names and all(w.winner in names for w in wins):
                near = min(wins, key=lambda w: (names.index(w.winner) - names.index(src)) % 4)
                nearest = f" ({near.winner})"
            found.append(_fail(where, f"{named.has} head bump: one discard has one winner, the player nearest the "
                               f"discarder in turn order{nearest}; enter that win alone", "head_bump"))
        else:
            found.append(_fail(where, f"{len(wins)} rons on one discard: {named.allows} {most} at most "
                               + ("(three rons are an abortive draw: enter draw: true, abortive: true)"
                                  if rules.abortive_draws else ""), "too_many_rons"))
    return found


def _draw_problems(entry: RiichiDraw, where: str, table: Table, riichi: list[str]) -> list[Problem]:
    names, rules = table.names, table.rules
    tenpai = list(entry.tenpai or [])
    found = _known(names, tenpai, where + ".tenpai", "the player") + _twice(tenpai, where + ".tenpai", "tenpai")
    named = _named(rules)
    if entry.abortive:
        if not rules.abortive_draws:
            found.append(_fail(where, f"{named.has} no abortive draws (the hand is played on)", "no_abortive_draws"))
        if entry.tenpai:
            found.append(_fail(where, "an abortive draw names no tenpai players (nobody pays)", "bad_entry"))
    elif not unread(entry) & {"tenpai", "abortive"}:  # else who was tenpai is not known
        for name in riichi:
            if name in names and name not in entry.tenpai:
                found.append(_fail(where, f"{name} declared riichi, so is tenpai at the draw: add them to tenpai "
                                   "(a riichi that was not tenpai is a chombo: a penalty entry)", "riichi_not_tenpai"))
    return found


def _penalty_problems(entry: RiichiPenalty, where: str, table: Table) -> list[Problem]:
    return _known(table.names, list(entry.penalty or {}), where, "the penalised player")


def _penalty(entry: RiichiPenalty, n: int, where: str, table: Table) -> dict[str, Any]:
    unknown = _penalty_problems(entry, where, table)
    if unknown:
        raise HandError(unknown)
    if len(table.penalties) >= MAX_PENALTIES:
        raise HandError([_fail(where, f"more than {MAX_PENALTIES} penalty entries", "too_many_penalties")])
    for name, points in entry.penalty.items():
        table.penalties.append({"n": n, "player": name, "points": points, "reason": entry.reason})
    return {"n": n, "kind": "penalty", "penalty": dict(entry.penalty), "reason": entry.reason,
            "deltas": dict.fromkeys(table.names, 0), "points": dict(table.points), "sticks_after": table.sticks,
            "entry": entry_json(entry)}


def _places(points: dict[str, int], names: list[str], rules: HanchanRules) -> dict[str, int]:
    """1 + the players strictly ahead (split ties), or every tie broken by seat from E1's dealer."""
    if rules.ties == "split":
        return {p: 1 + sum(v > points[p] for v in points.values()) for p in names}
    order = sorted(names, key=lambda p: (-points[p], names.index(p)))
    return {p: order.index(p) + 1 for p in names}


def _shares(points: dict[str, int], places: dict[str, int], names: list[str],
            rules: HanchanRules) -> dict[str, Fraction]:
    """Each player's uma, with the oka to first: tied players (split ties) share their places' uma
    (and the oka, when first is shared) equally."""
    out = {}
    bonus = [rules.uma[0] + rules.oka, *rules.uma[1:]]
    for p in names:
        place = places[p]
        tied = sum(places[q] == place for q in names)
        out[p] = sum(bonus[place - 1:place - 1 + tied], Fraction(0)) / tied
    return out


def _leftover(table: Table, places: dict[str, int]) -> tuple[dict[str, int], dict[str, Any]]:
    """The riichi sticks still on the table at the end: to first place (split in hundreds when
    first is shared, the odd hundreds in seat order from E1's dealer), or lost."""
    gains = dict.fromkeys(table.names, 0)
    pot = table.sticks * STICK
    if table.rules.leftover_riichi == "lost" or not pot:
        return gains, {"sticks": table.sticks, "to": [] if not pot else None}
    firsts = [p for p in table.names if places[p] == 1]
    each, odd = divmod(pot // 100, len(firsts))
    for i, p in enumerate(firsts):
        gains[p] = 100 * (each + (i < odd))
    return gains, {"sticks": table.sticks, "to": firsts}


def _exact(v: Fraction) -> str:
    """A session score exactly: a decimal when it has one (21.6), else a fraction (an uma split in three)."""
    if v.denominator == 1:
        return str(v.numerator)
    if 10**6 % v.denominator == 0:
        return format(v.numerator / v.denominator, "f").rstrip("0").rstrip(".")
    return f"{v.numerator}/{v.denominator}"


def at_index(i: int) -> str:
    return f"hands[{i}]"


def compute(parsed: tuple[HanchanRecord, HanchanRules], score: Scorer = _engine_score,
            where: Callable[[int], str] = at_index) -> dict[str, Any]:
    """The hanchan sheet of a record. Raises HandError with every problem of every entry, each
    naming its entry by ``where``; nothing is partial."""
    record, rules = parsed
    names = player_names(record)  # type: ignore[arg-type]
    table = Table(names, rules, dict.fromkeys(names, rules.start))
    rows: list[dict[str, Any]] = []

    def check(entry: RiichiEntry, place: str) -> list[Problem]:
        return (_penalty_problems(entry, place, table) if isinstance(entry, RiichiPenalty)
                else _hand_problems(entry, place, table))

    def settle_one(entry: RiichiEntry, n: int, place: str) -> None:
        rows.append(_penalty(entry, n, place, table) if isinstance(entry, RiichiPenalty)
                    else _hand(entry, n, place, table, score))

    def skip(raw: Any) -> None:  # after a faulty hand the dealer and honba are not known
        table.lost_track |= takes_a_hand(raw)

    problems = settle_each(record.hands, where, read=entry_problems, read_partly=entry_partly, check=check,
                           settle=settle_one, skip=skip)
    if problems:
        raise HandError(problems)
    return standings(record, table, rows)


def _check(table: Table, session: dict[str, Fraction], penalty: dict[str, Fraction],
           complete: bool) -> dict[str, Any]:
    """The tournament office's check: the session scores and the sticks lost sum to zero."""
    lost = Fraction(table.sticks * STICK, 1000) if complete and table.rules.leftover_riichi == "lost" else Fraction(0)
    total = sum(session.values(), Fraction(0))
    return {"session_sum": number(total), "lost_sticks": number(lost), "zero": total + lost == 0,
            "penalties": number(sum(penalty.values(), Fraction(0)))}


def standings(record: HanchanRecord, table: Table, rows: list[dict[str, Any]]) -> dict[str, Any]:
    names, rules = table.names, table.rules
    complete = table.over_at is not None
    points = dict(table.points)
    places = _places(points, names, rules)
    gains, leftover = _leftover(table, places) if complete else (dict.fromkeys(names, 0), None)
    final = {p: points[p] + gains[p] for p in names}
    shares = _shares(points, places, names, rules)
    session = {p: Fraction(final[p] - rules.return_, 1000) + shares[p] for p in names}
    penalty = {p: Fraction(sum(x["points"] for x in table.penalties if x["player"] == p), 1000) for p in names}
    return {
        "variant": "riichi",
        "title": record.title,
        "players": names,
        "rules": rules.as_dict(),
        "hands": rows,
        "hands_played": sum(1 for r in rows if r["kind"] != "penalty"),
        "complete": complete,
        "next": None if complete else table.where_now(),
        "points": points,
        "sticks": table.sticks,
        "leftover_riichi": leftover,
        "final_points": final,
        "places": places,
        "uma": {p: number(shares[p]) for p in names},
        "session_scores": {p: number(session[p]) for p in names},
        "session_scores_exact": {p: _exact(session[p]) for p in names},
        "penalties": table.penalties,
        "scores": {p: number(session[p] + penalty[p]) for p in names},
        "check": _check(table, session, penalty, complete),
        "log": [e.model_dump() for e in record.log],
    }


def explanation(sheet: dict[str, Any], n: int) -> Any:
    """The riichi scorer's full explanation of entry ``n``'s first win given as tiles."""
    from .. import engine

    rows = sheet["hands"]
    if not 1 <= n <= len(rows):
        raise HandError(f"no entry {n}: the match has {len(rows)}", None, "no_such_entry")
    scored = [w["scored"] for w in rows[n - 1].get("wins", []) if w.get("scored")]
    if not scored:
        raise HandError(f"entry {n} gives no tiles to explain (han and fu, a draw or a penalty)", None, "no_hand")
    request = scored[0]["request"]
    return engine.score("riichi", request["hand"], request["context"], request.get("rules"), explain=True)

