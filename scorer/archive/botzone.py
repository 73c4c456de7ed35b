"""Botzone's text records (docs/archive.md#botzone-text-records): rounds of ``Match``, ``Wind``,
``Player i Deal/Draw/Play/Chi/Peng/Gang/AnGang/BuGang/Hu``, then ``Fan``/``Score`` or ``Huang``.

``split_rounds`` cuts a file into rounds without reading them (cheap: the main process does it while
the workers parse and score); ``parse_round`` reads one round's lines into a ``Round``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .record import MAX_LINE_CHARS, MAX_ROUND_LINES, VERBS, Event, Recorded, RecordError, Round, tile_kind

_VERB_OF = {v.lower(): v for v in VERBS if v != "BuHua"}


@dataclass(slots=True)
class RawRound:
    """A round's text as cut from its file: where it starts and its lines (or, for a round past
    ``MAX_ROUND_LINES`` or unreadable, the reason it is refused). ``size`` is its bytes, for the
    progress bar. ``kind``: "text" or "json" (then ``lines`` holds one JSON document)."""

    source: str
    at: int
    lines: list[str]
    size: int
    kind: str = "text"
    refused: str | None = None

    @property
    def ident(self) -> str | None:
        """The round's id as its Match line gives it, before any reading that may fail."""
        first = self.lines[0].split() if self.kind == "text" and self.lines else []
        return first[1] if len(first) == 2 and first[0] == "Match" else None


def split_rounds(raw: Iterable[bytes], source: str) -> Iterator[RawRound]:
    """The rounds of a text record, in order: each starts at its ``Match`` line. Non-blank lines
    before the first ``Match`` make a round of their own, refused (nothing is dropped unseen)."""
    current: RawRound | None = None
    for number, data in enumerate(raw, start=1):
        try:
            line = data.decode("utf-8").strip()
        except UnicodeDecodeError as err:
            line = None
            bad = f"line {number} is not UTF-8 text (byte 0x{data[err.start]:02x})"
        if line is not None and line.startswith("Match") and line[5:6] in (" ", "\t", ""):
            if current is not None:
                yield current
            current = RawRound(source, number, [], 0)
        elif current is None:
            if line == "":
                continue
            current = RawRound(source, number, [], 0, refused=f"line {number}: text before the first Match line")
        current.size += len(data)
        if current.refused is not None:
            continue
        if line is None:
            current.refused = bad
        elif len(line) > MAX_LINE_CHARS:
            current.refused = f"line {number} is longer than {MAX_LINE_CHARS} characters"
        elif len(current.lines) >= MAX_ROUND_LINES:
            current.refused = f"the round has more than {MAX_ROUND_LINES} lines (a real round has under 300)"
        else:
            current.lines.append(line)
    if current is not None:
        yield current


def parse_round(raw: RawRound) -> Round:
    """Read one round's lines; RecordError (with the line at fault) for anything out of form."""
    if raw.refused is not None:
        raise RecordError(raw.at, raw.refused)
    numbered = [(raw.at + i, line) for i, line in enumerate(raw.lines) if line]
    rest = iter(numbered[1:])
    rnd, at = _head(raw, numbered[0], rest)
    for at, line in rest:
        _body_line(rnd, at, line)
    if not rnd.end or not rnd.scores:
        raise RecordError(at, "truncated round: it ends without its Fan and Score lines (or Huang and Score)")
    if rnd.end == "hu" and not any(e.verb == "Hu" for e in rnd.events):
        raise RecordError(rnd.end_at, "a Fan line but no player's Hu")
    return rnd


def _head(raw: RawRound, first_line: tuple[int, str], rest: Iterator[tuple[int, str]]) -> tuple[Round, int]:
    """The round's Match ID, Wind and four Deal lines: the round begun, and the last line read."""
    at, first = first_line
    parts = first.split()
    if len(parts) != 2:
        raise RecordError(at, f"expected 'Match ID', found {first!r}")
    rnd = Round(id=parts[1], source=raw.source, at=raw.at)
    at, line = _next(rest, at, "a Wind line")
    words = line.split()
    if len(words) != 2 or words[0] != "Wind" or words[1] not in ("0", "1", "2", "3"):
        raise RecordError(at, f"expected 'Wind 0..3', found {line!r}")
    rnd.wind = int(words[1])
    for seat in range(4):
        at, line = _next(rest, at, f"the Deal line of player {seat}")
        words = line.split()
        if words[:3] != ["Player", str(seat), "Deal"]:
            raise RecordError(at, f"expected 'Player {seat} Deal' and 13 tiles, found {line!r}")
        if len(words) != 16:
            raise RecordError(at, f"player {seat} is dealt {len(words) - 3} tiles, not 13")
        rnd.deals[seat] = [tile_kind(w, at) for w in words[3:]]
    return rnd, at


def _body_line(rnd: Round, at: int, line: str) -> None:
    """One line after the deals: an action, the round's end (Huang, or Fan for a win) or its Score."""
    words = line.split()
    if words[0] == "Player":
        if rnd.end:
            raise RecordError(at, f"an action after the round's end: {line!r}")
        rnd.events.append(_action(at, words, line))
    elif words[0] == "Huang" and len(words) == 1 and not rnd.end:
        rnd.end, rnd.end_at = "huang", at
    elif words[0] == "Fan" and not rnd.end:
        rnd.end, rnd.end_at = "hu", at
        rnd.record = Recorded(*_fans(at, words), scores=[])
    elif words[0] == "Score" and rnd.end and not rnd.scores:
        _score_line(rnd, at, words, line)
    else:
        raise RecordError(at, f"unexpected line {line!r}")


def _score_line(rnd: Round, at: int, words: list[str], line: str) -> None:
    if len(words) != 5 or not all(_is_int(w) for w in words[1:]):
        raise RecordError(at, f"expected 'Score' and four integers, found {line!r}")
    rnd.scores = [int(w) for w in words[1:]]
    if rnd.record is not None:
        rnd.record.scores = rnd.scores


def _next(rest: Iterator[tuple[int, str]], at: int, wanted: str) -> tuple[int, str]:
    item = next(rest, None)
    if item is None:
        raise RecordError(at, f"truncated round: it ends before {wanted}")
    return item


def _action(at: int, words: list[str], line: str) -> Event:
    """``Player i Verb TILE`` with any number of ``Ignore Player j VERB TILE`` after it (claims the
    judge set aside: read for their form only)."""
    if len(words) < 4 or words[1] not in ("0", "1", "2", "3"):
        raise RecordError(at, f"expected 'Player 0..3 Verb Tile', found {line!r}")
    verb = _VERB_OF.get(words[2].lower())
    if verb is None:
        raise RecordError(at, f"unknown verb {words[2]!r} (known: {', '.join(_VERB_OF.values())})")
    tail = words[4:]
    while tail:
        if len(tail) < 5 or tail[0] != "Ignore" or tail[1] != "Player" or tail[2] not in ("0", "1", "2", "3") \
                or tail[3].lower() not in _VERB_OF:
            raise RecordError(at, f"expected 'Ignore Player 0..3 Verb Tile' after the action, found "
                                  f"{' '.join(tail)!r}")
        tile_kind(tail[4], at)
        tail = tail[5:]
    return Event(at, int(words[1]), verb, tile_kind(words[3], at))


def _fans(at: int, words: list[str]) -> tuple[int, list[tuple[str, int, int | None]]]:
    """``Fan F name*n+name*n…``: the total and the fans as written."""
    if len(words) != 3 or not _is_int(words[1]):
        raise RecordError(at, f"expected 'Fan F name*n+…', found {' '.join(words)!r}")
    fans: list[tuple[str, int, int | None]] = []
    for part in words[2].split("+"):
        name, star, count = part.partition("*")
        if not name or not star or not count.isdigit() or int(count) < 1:
            raise RecordError(at, f"expected 'name*count' in the Fan line, found {part!r}")
        fans.append((name, int(count), None))
    return int(words[1]), fans


def _is_int(word: str) -> bool:
    return word.lstrip("-").isdigit()
