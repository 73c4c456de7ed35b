"""Botzone's JSON match logs (docs/archive.md#botzone-json-match-logs): the judge's ``display``
objects, one per judge turn, read into the same ``Round`` as the text records.

A log is a JSON array of turns (or an object holding it as ``log`` or ``logs``, as downloaded
matches are); the judge's turns hold ``output.display`` (an object, or its JSON text) with an
``action``: INIT (``quan``, the round wind), DEAL
(``hand``: the four deals), DRAW, BUHUA, PLAY, PENG and CHI (the claim, then ``tile`` discarded; a
CHI names the chow's middle tile as ``tileCHI``), GANG (a claimed kong after another's discard, a
concealed one after the player's own draw), BUGANG, HU (``fanCnt``, ``fan`` as ``{name, cnt,
value}``, ``score``) or HUANG. A file holds one log, or one log per line.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import orjson

from .botzone import RawRound
from .record import Event, Recorded, RecordError, Round, is_flower, tile_kind

MAX_LOG_BYTES = 64 << 20  # one match log is ~100 KB


BOM = b"\xef\xbb\xbf"  # a UTF-8 byte order mark, as some editors begin a file
LOOKAHEAD = 4  # non-blank lines read to tell one log per line from one log over many lines


def _is_value(line: bytes) -> bool:
    try:
        orjson.loads(line)
    except orjson.JSONDecodeError:
        return False
    return True


def _is_log(line: bytes) -> bool:
    """A line that is a whole match log on its own (never a line of a log written over many: a
    turn is an object without ``log``)."""
    try:
        doc = orjson.loads(line)
    except orjson.JSONDecodeError:
        return False
    return isinstance(doc, list) or (isinstance(doc, dict) and ("log" in doc or "logs" in doc))


def split_logs(raw: Iterable[bytes], source: str) -> Iterator[RawRound]:
    """The match logs of a file: one per line (JSON Lines), or the whole file as one. A file is
    one log per line when its first line is a JSON value, or one of the next lines is a whole log:
    then each line is read on its own, and a bad one (the first too) is an error of its own."""
    lines = enumerate(raw, start=1)
    head: list[tuple[int, bytes]] = []
    for n, line in lines:
        if not head:
            line = line.removeprefix(BOM)
        if line.strip():
            head.append((n, line))
            if len(head) == LOOKAHEAD:
                break
    if not head:
        head.append((0, b""))
    per_line = _is_value(head[0][1]) or any(_is_log(line) for _, line in head[1:])
    if per_line:
        for at, line in itertools.chain(head, lines):
            if line.strip():
                yield RawRound(source, at, [line.decode("utf-8", "replace")], len(line), kind="json")
        return
    first_at = head[0][0]
    parts = [line for _, line in head]
    size = sum(map(len, parts))
    for _, line in lines:
        size += len(line)
        if size > MAX_LOG_BYTES:
            yield RawRound(source, first_at, [], size, kind="json",
                           refused=f"a match log of more than {MAX_LOG_BYTES >> 20} MB (one is ~100 KB)")
            return
        parts.append(line)
    yield RawRound(source, first_at, [b"".join(parts).decode("utf-8", "replace")], size, kind="json")


def parse_log(raw: RawRound) -> Round:
    """One match log as a ``Round``; ``at`` of its events is the judge turn's index in the log."""
    if raw.refused is not None:
        raise RecordError(raw.at, raw.refused)
    log, ident = _log_of(raw)
    rnd = Round(id=str(ident) if ident else f"{raw.source}:{raw.at}", source=raw.source, at=raw.at, unit="turn")
    reader = _Reader(rnd)
    for index, turn in enumerate(log):
        output, display = _display(index, turn)
        if display is None:
            continue
        if rnd.end:
            break
        display = _with_scores(display, output)
        try:
            reader.step(index, display)
        except RecordError as err:
            raise RecordError(err.at, err.message, "turn") from None
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise RecordError(index, f"malformed {display.get('action')!r} turn: {err!r}", "turn") from None
    if not rnd.end:
        raise RecordError(raw.at, "truncated log: it ends without a HU or HUANG turn", "line")
    return rnd


def _log_of(raw: RawRound) -> tuple[list[Any], Any]:
    """The log's turns and the match's id, if it names one."""
    try:
        doc = orjson.loads(raw.lines[0])
    except orjson.JSONDecodeError as err:
        raise RecordError(raw.at, f"not JSON: {err}") from None
    log = (doc.get("log") or doc.get("logs")) if isinstance(doc, dict) else doc
    if not isinstance(log, list):
        raise RecordError(raw.at, "not a match log: expected a JSON array of turns, or an object with 'log'")
    ident = next((doc[k] for k in ("_id", "_mid", "id") if doc.get(k)), None) if isinstance(doc, dict) else None
    return log, ident


def _display(index: int, turn: Any) -> tuple[Any, dict[str, Any] | None]:
    """A turn's output and what the judge shows of it (its action), or None for a turn that shows none."""
    output = turn.get("output") if isinstance(turn, dict) else None
    display = output.get("display") if isinstance(output, dict) else None
    if isinstance(display, str):  # some exports keep the display as JSON text
        try:
            display = orjson.loads(display)
        except orjson.JSONDecodeError:
            raise RecordError(index, "a display that is not JSON", "turn") from None
    if not isinstance(display, dict) or "action" not in display:
        return output, None
    return output, display


def _with_scores(display: dict[str, Any], output: Any) -> dict[str, Any]:
    """A HU turn without its scores: the judge's finishing turn also gives them as its content,
    "0".."3" (read only for a turn before the round's end: the turns after it are not read)."""
    if display["action"] == "HU" and "score" not in display and isinstance(output, dict):
        content = output.get("content") or {}
        return {**display, "score": [content.get(str(i)) for i in range(4)]}
    return display


class _Reader:
    def __init__(self, rnd: Round) -> None:
        self.rnd = rnd
        self.discard: int | None = None  # the tile a PENG or CHI takes
        self.last: tuple[str, int] | None = None  # (action, player) of the previous turn

    def add(self, at: int, seat: int, verb: str, tile: int | None) -> None:
        self.rnd.events.append(Event(at, seat, verb, tile))

    def step(self, at: int, d: dict[str, Any]) -> None:
        action = d["action"]
        named = isinstance(action, str)  # anything else (a list, an object) is no action of the judge's
        seat = -1 if named and action in _SEATLESS else _seat(d.get("player"), at)
        read = _STEPS.get(action) if named else None
        if read is None:
            raise RecordError(at, f"the judge ended the match on player {seat}'s {action!r}: no win to score")
        read(self, at, seat, d)
        self.last = (action, seat)

    def init(self, at: int, seat: int, d: dict[str, Any]) -> None:
        quan = d.get("quan", 0)
        if quan not in (0, 1, 2, 3):
            raise RecordError(at, f"quan {quan!r} is no wind (0..3)")
        self.rnd.wind = quan

    def deal(self, at: int, seat: int, d: dict[str, Any]) -> None:
        hands = d["hand"]
        if not isinstance(hands, list) or len(hands) != 4:
            raise RecordError(at, "DEAL without the four hands")
        for s, hand in enumerate(hands):
            tiles = [t for t in hand if not is_flower(t)]
            if len(tiles) != 13:
                raise RecordError(at, f"player {s} is dealt {len(tiles)} tile(s), not 13")
            self.rnd.deals[s] = [tile_kind(t, at) for t in tiles]
            self.rnd.flowers[s] = len(hand) - len(tiles)

    def draw(self, at: int, seat: int, d: dict[str, Any]) -> None:
        self.add(at, seat, "Draw", tile_kind(d.get("tile", ""), at))

    def flower(self, at: int, seat: int, d: dict[str, Any]) -> None:
        self.add(at, seat, "BuHua", None)

    def play(self, at: int, seat: int, d: dict[str, Any]) -> None:
        self.discard = tile_kind(d.get("tile", ""), at)
        self.add(at, seat, "Play", self.discard)

    def claim(self, at: int, seat: int, d: dict[str, Any]) -> None:
        """PENG or CHI of the last discard, then the claimer's own discard."""
        chow = d["action"] == "CHI"
        claimed = tile_kind(d["tileCHI"], at) if chow else self.discard
        self.add(at, seat, "Chi" if chow else "Peng", claimed)
        self.play(at, seat, d)

    def kong(self, at: int, seat: int, d: dict[str, Any]) -> None:
        own = self.last is not None and self.last == ("DRAW", seat)
        self.add(at, seat, "AnGang" if own else "Gang", tile_kind(d.get("tile", ""), at))

    def added_kong(self, at: int, seat: int, d: dict[str, Any]) -> None:
        self.add(at, seat, "BuGang", tile_kind(d.get("tile", ""), at))

    def win(self, at: int, seat: int, d: dict[str, Any]) -> None:
        self.add(at, seat, "Hu", None)
        fans: list[tuple[str, int, int | None]] = [(str(f["name"]), int(f["cnt"]), int(f["value"]))
                                                   for f in d.get("fan") or []]
        self.rnd.scores = _scores(d.get("score"), at)
        self.rnd.record = Recorded(int(d["fanCnt"]), fans, self.rnd.scores)
        self.rnd.end, self.rnd.end_at = "hu", at

    def wall_out(self, at: int, seat: int, d: dict[str, Any]) -> None:
        self.rnd.scores = [0, 0, 0, 0]
        self.rnd.end, self.rnd.end_at = "huang", at


# the judge's turns that name no player
_SEATLESS = frozenset({"INIT", "DEAL", "HUANG"})
# how each of the judge's actions is read
_STEPS: dict[str, Callable[[_Reader, int, int, dict[str, Any]], None]] = {
    "INIT": _Reader.init, "DEAL": _Reader.deal, "DRAW": _Reader.draw, "BUHUA": _Reader.flower,
    "PLAY": _Reader.play, "PENG": _Reader.claim, "CHI": _Reader.claim, "GANG": _Reader.kong,
    "BUGANG": _Reader.added_kong, "HU": _Reader.win, "HUANG": _Reader.wall_out,
}


def _seat(player: Any, at: int) -> int:
    if player not in (0, 1, 2, 3):
        raise RecordError(at, f"player {player!r} is no seat (0..3)")
    return int(player)


def _scores(score: Any, at: int) -> list[int]:
    if not isinstance(score, list) or len(score) != 4 or not all(isinstance(s, int) for s in score):
        raise RecordError(at, "HU without the four seats' scores")
    return list(score)
