"""MJAI game logs (docs/batch.md#riichi-game-logs): JSON lines, one event each; a round runs from
``start_kyoku`` to ``end_kyoku``. Tiles are ``1m``..``9m`` (``5mr`` the red five), ``1p``.., ``1s``..,
and the honours ``E S W N P F C``. A ``hora`` gives the four score changes (``deltas``) and the
winner's ura dora (``ura_markers``), not the hand's han or fu. A ``start_game`` may state the red
fives (``aka_flag``); each round of the game is read with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import orjson

from .botzone import RawRound
from .riichi_round import ROUND_WINDS, Action, LogError, RecordedWin, RiichiRound, json_problem

MAX_ROUND_LINES = 1000  # a round has ~150 events
BOM = b"\xef\xbb\xbf"
IGNORED = {"start_game", "end_game", "none", "reach_accepted"}
_HONOURS = {h: 41 + i for i, h in enumerate("ESWNPFC")}
_SUITS = {"m": 10, "p": 20, "s": 30}


def split_games(raw: Iterable[bytes], source: str) -> Iterator[RawRound]:
    """The rounds of an MJAI file: each from its ``start_kyoku`` line to its ``end_kyoku`` (the
    lines kept as text with their numbers). Lines outside a round other than ``start_game`` /
    ``end_game`` make a refused unit of their own, so nothing is dropped unseen."""
    units = 0
    for unit in _units(raw, source):
        units += 1
        yield unit
    if not units:  # nothing to replay is said, not passed over
        yield RawRound(source, 1, [], 0, kind="mjai", refused="the file holds no round (no start_kyoku): no game to "
                       "replay")


def _units(raw: Iterable[bytes], source: str) -> Iterator[RawRound]:
    lines: list[str] = []
    start = 0
    size = 0
    game: str | None = None  # the game's start_game line: the rules it states go with each round
    for number, data in enumerate(raw, start=1):
        if number == 1:
            data = data.removeprefix(BOM)
        text = data.decode("utf-8", "replace").strip()
        if not text:
            continue
        kind = _type_of(text)
        if kind == "start_kyoku":
            if lines:
                yield _unit(source, start, lines, size, f"the round has no end_kyoku (line {number} starts the next)")
            lines, start, size = ([game] if game else []), number, 0
        if kind == "start_game":
            game = f"{number}\t{text}"
        if not lines and kind != "start_kyoku":
            if kind not in ("start_game", "end_game"):
                yield RawRound(source, number, [f"{number}\t{text}"], len(data), kind="mjai",
                               refused=f"line {number} ({kind or 'not an MJAI event'}) is outside any round")
            continue
        lines.append(f"{number}\t{text}")
        size += len(data)
        if len(lines) > MAX_ROUND_LINES:
            yield _unit(source, start, lines, size, f"a round of more than {MAX_ROUND_LINES} events")
            lines = []
            continue
        if kind == "end_kyoku":
            yield _unit(source, start, lines, size, None)
            lines = []
    if lines:
        yield _unit(source, start, lines, size, "the file ends inside the round (no end_kyoku)")


def _unit(source: str, start: int, lines: list[str], size: int, refused: str | None) -> RawRound:
    return RawRound(source, start, lines, size, kind="mjai", refused=refused)


def _type_of(text: str) -> str:
    try:
        doc = orjson.loads(text)
    except orjson.JSONDecodeError:
        return ""
    return doc.get("type", "") if isinstance(doc, dict) and isinstance(doc.get("type"), str) else ""


def tile(code: Any, where: str) -> int:
    """An MJAI tile as Tenhou's number; LogError for anything else."""
    if isinstance(code, str):
        if code in _HONOURS:
            return _HONOURS[code]
        if len(code) == 2 and code[0] in "123456789" and code[1] in _SUITS:
            return _SUITS[code[1]] + int(code[0])
        if code in ("5mr", "5pr", "5sr"):
            return 50 + "mps".index(code[1]) + 1
        if code == "?":
            raise LogError(where, '"?" is a hidden tile: the log is one player\'s view of the game, and a replay '
                           "needs every tile")
    raise LogError(where, f"{orjson.dumps(code).decode()[:40]} is no tile (1m-9m, 1p-9p, 1s-9s, 5mr 5pr 5sr, "
                   "E S W N P F C)")


def parse_round(raw: RawRound) -> RiichiRound:
    """One round as a ``RiichiRound``; LogError naming the line and why."""
    if raw.refused is not None:
        raise LogError(f"line {raw.at}", raw.refused)
    events = _events(raw)
    rules = None
    if events[0][1]["type"] == "start_game":
        flag = events.pop(0)[1].get("aka_flag")
        rules = {"preset": "tenhou", "aka": flag} if isinstance(flag, bool) else None
    where, start = events[0]
    rnd = _start(raw, where, start)
    rnd.rules = rules
    reader = _Reader(rnd)
    for where, ev in events[1:]:
        reader.read(where, ev)
    if not rnd.wins and rnd.drawn is None:
        raise LogError(events[-1][0], "the round ends with neither a hora nor a ryukyoku")
    return rnd


def _events(raw: RawRound) -> list[tuple[str, dict[str, Any]]]:
    """Each line's event, with where it is (``line N``)."""
    events = []
    for text in raw.lines:
        number, _, body = text.partition("\t")
        where = f"line {number}"
        try:
            event = orjson.loads(body)
        except orjson.JSONDecodeError as err:
            raise LogError(where, json_problem(err)) from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise LogError(where, "an MJAI event is an object with a \"type\"")
        events.append((where, event))
    return events


class _Reader:
    """The round's events after its start, read one by one into its actions and its end."""

    def __init__(self, rnd: RiichiRound) -> None:
        self.rnd = rnd
        self.riichi_next = [False] * 4  # a reach makes the player's next discard the riichi one

    def read(self, where: str, ev: dict[str, Any]) -> None:
        kind = ev["type"]
        if kind in IGNORED or kind == "end_kyoku":
            return
        if self.rnd.wins and kind != "hora" or self.rnd.drawn is not None:
            raise LogError(where, f"a {kind} after the round ended")
        actor = _seat(ev, "actor", where) if kind not in ("dora", "ryukyoku") else -1
        step = _STEPS.get(kind)
        if step is None:
            raise LogError(where, f"{kind!r} is no MJAI event of a round")
        step(self, where, actor, ev)

    def draw(self, where: str, actor: int, ev: dict[str, Any]) -> None:
        self.rnd.actions.append(Action(where, actor, "draw", tile(ev.get("pai"), where)))

    def discard(self, where: str, actor: int, ev: dict[str, Any]) -> None:
        self.rnd.actions.append(Action(where, actor, "discard", tile(ev.get("pai"), where),
                                       riichi=self.riichi_next[actor]))
        self.riichi_next[actor] = False

    def reach(self, where: str, actor: int, ev: dict[str, Any]) -> None:
        self.riichi_next[actor] = True

    def call(self, where: str, actor: int, ev: dict[str, Any]) -> None:
        """chi, pon or daiminkan of another's discard."""
        own = tuple(tile(x, where) for x in _list(ev, "consumed", where))
        self.rnd.actions.append(Action(where, actor, ev["type"], tile(ev.get("pai"), where), own,
                                       _seat(ev, "target", where)))

    def added_kan(self, where: str, actor: int, ev: dict[str, Any]) -> None:
        own = tuple(tile(x, where) for x in _list(ev, "consumed", where))
        added = tile(ev.get("pai"), where)
        self.rnd.actions.append(Action(where, actor, "kakan", added, (*own, added)))

    def closed_kan(self, where: str, actor: int, ev: dict[str, Any]) -> None:
        own = tuple(tile(x, where) for x in _list(ev, "consumed", where))
        self.rnd.actions.append(Action(where, actor, "ankan", own[0] if own else 0, own))

    def dora(self, where: str, actor: int, ev: dict[str, Any]) -> None:
        self.rnd.actions.append(Action(where, -1, "dora", tile(ev.get("dora_marker"), where)))

    def win(self, where: str, actor: int, ev: dict[str, Any]) -> None:
        self.rnd.wins.append(_hora(ev, actor, where))

    def drawn(self, where: str, actor: int, ev: dict[str, Any]) -> None:
        self.rnd.drawn = str(ev.get("reason") or "ryukyoku")


# how each MJAI event of a round is read
_STEPS: dict[str, Callable[[_Reader, str, int, dict[str, Any]], None]] = {
    "tsumo": _Reader.draw, "dahai": _Reader.discard, "reach": _Reader.reach, "chi": _Reader.call,
    "pon": _Reader.call, "daiminkan": _Reader.call, "kakan": _Reader.added_kan, "ankan": _Reader.closed_kan,
    "dora": _Reader.dora, "hora": _Reader.win, "ryukyoku": _Reader.drawn,
}


def _start(raw: RawRound, where: str, ev: dict[str, Any]) -> RiichiRound:
    if ev.get("type") != "start_kyoku":
        raise LogError(where, "a round begins with start_kyoku")
    tehais = ev.get("tehais")
    if not isinstance(tehais, list) or len(tehais) != 4:
        n = len(tehais) if isinstance(tehais, list) else 0
        raise LogError(where, f"{n} hands dealt: only four-player riichi is scored" if n == 3 else
                       "start_kyoku needs the four hands dealt (tehais)")
    bakaze, kyoku = ev.get("bakaze"), ev.get("kyoku")
    if bakaze not in ("E", "S", "W", "N") or type(kyoku) is not int or not 1 <= kyoku <= 4:
        raise LogError(where, f"the round is bakaze {bakaze!r} kyoku {kyoku!r}: E S W N and 1-4")
    honba, sticks = ev.get("honba", 0), ev.get("kyotaku", 0)
    if not (_is_count(honba) and _is_count(sticks)):
        raise LogError(where, "honba and kyotaku are counts")
    scores = ev.get("scores") or []
    if not (isinstance(scores, list) and all(type(x) is int for x in scores)):
        raise LogError(where, f"the scores are {orjson.dumps(scores).decode()[:60]}, not a list of numbers")
    oya = _seat(ev, "oya", where)
    name = f"{bakaze}{kyoku}-{honba}"
    rnd = RiichiRound(id=f"{raw.source}:{raw.at}/{name}", source=raw.source, line=raw.at,
                      where=f"round {name} ({where})", round_wind=ROUND_WINDS.index(bakaze), dealer=oya,
                      honba=honba, sticks=sticks, scores=scores)
    rnd.dora = [tile(ev.get("dora_marker"), where)]
    rnd.deals = [_dealt(s, hand, where) for s, hand in enumerate(tehais)]
    return rnd


def _dealt(seat: int, hand: Any, where: str) -> list[int]:
    if not isinstance(hand, list):
        raise LogError(where, f"player {seat}'s hand is not a list of tiles")
    if len(hand) != 13:
        raise LogError(where, f"player {seat}'s hand has {len(hand)} tiles, not 13")
    return [tile(x, f"{where}, player {seat}'s hand") for x in hand]


def _is_count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _seat(ev: dict[str, Any], key: str, where: str) -> int:
    value = ev.get(key)
    if type(value) is not int or not 0 <= value < 4:
        raise LogError(where, f"{ev['type']}'s {key} is {orjson.dumps(value).decode()[:20]}, not a player 0-3")
    return value


def _list(ev: dict[str, Any], key: str, where: str) -> list[Any]:
    value = ev.get(key)
    if not isinstance(value, list):
        raise LogError(where, f"{ev['type']} needs its {key} list")
    return value


def _hora(ev: dict[str, Any], actor: int, where: str) -> RecordedWin:
    target = _seat(ev, "target", where)
    deltas = ev.get("deltas")
    if not (isinstance(deltas, list) and len(deltas) == 4 and all(type(x) is int for x in deltas)):
        raise LogError(where, "a hora needs its four score changes (deltas)")
    # the original MJAI server writes uradora_markers, later tools ura_markers
    key = "ura_markers" if "ura_markers" in ev else "uradora_markers"
    ura = [tile(x, where) for x in (_list(ev, key, where) if ev.get(key) is not None else [])]
    liable = ev.get("pao")
    return RecordedWin(where, actor, None if target == actor else target, deltas,
                       liable=liable if type(liable) is int and liable != actor else None, ura=ura)
