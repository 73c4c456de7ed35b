"""Replay a round (docs/archive.md#how-a-round-is-replayed): every tile followed from the deal to
the end, each action checked against what the seat holds, and the win turned into a scoring
request with the context the record implies.

The facts applied (found on real records): seat i is E S W N for i = 0..3; ``Chi X`` names the
chow's middle tile and claims the previous discard; a self-drawn ``Hu`` repeats the last discard,
so the winning tile is the winner's own preceding draw; each seat draws from its own 34-tile wall
(13 dealt, 21 to draw, kong replacements included), so the round's last tile is drawn when the
seat after the drawer (or after the discarder) has nothing left to draw. A game with flowers (JSON
logs of the judge's older build) draws from one wall of 144 instead.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..tiles import tile_name, tiles_text
from .record import SEATS, Event, RecordError, Round

WALL_DRAWS = 21  # 34 tiles a seat, 13 of them dealt
SHARED_WALL = 144  # a game with flowers (the judge's older build) draws from one wall of 144
SORT_ORDER = range(34)  # our kinds are already in the notation's order (m p s, then E S W N C F P)


@dataclass(slots=True)
class Meld:
    kind: str  # chow, pung, kong (claimed), added (pung promoted), concealed
    tile: int  # the chow's lowest tile; the set's tile otherwise
    offer: int = 0  # our ",N": the discarder seen from the owner, or the claimed tile of a chow

    def text(self) -> str:
        if self.kind == "chow":
            return f"[{tiles_text([self.tile, self.tile + 1, self.tile + 2])},{self.offer}]"
        size = 3 if self.kind == "pung" else 4
        body = tiles_text([self.tile] * size)
        if self.kind == "concealed":
            return f"({body})"
        return f"{{{body},{self.offer}}}" if self.kind == "added" else f"[{body},{self.offer}]"


@dataclass(slots=True)
class Win:
    """A replayed win: who, how, and the request that scores it."""

    winner: int
    discarder: int | None
    request: dict[str, Any]
    at: int


@dataclass(slots=True)
class _Table:
    hands: list[Counter[int]]
    melds: list[list[Meld]] = field(default_factory=lambda: [[], [], [], []])
    draws: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    flowers: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    copies: Counter[int] = field(default_factory=Counter)  # every tile seen so far: never a fifth
    shown: Counter[int] = field(default_factory=Counter)  # copies on view, for 和绝张
    # whose move it is: ("draw", seat), ("play", seat), ("discarded", seat), ("kong", seat) (a
    # replacement draw due), ("added", seat) (a BuGang others may rob)
    state: tuple[str, int] = ("draw", 0)
    discard: int | None = None
    added: int | None = None
    last_draw: tuple[int, int, bool] | None = None  # (seat, tile, a kong's replacement?)
    shared: int | None = None  # tiles left in a shared wall; None: a 34-tile wall per seat

    def wall_empty_after(self, seat: int) -> bool:
        """Whether the round's last tile is out, the next draw being ``seat + 1``'s."""
        if self.shared is not None:
            return self.shared == 0
        return self.draws[(seat + 1) % 4] >= WALL_DRAWS


def replay(rnd: Round) -> Win | None:
    """The round's win as a scoring request, or None for a drawn round; RecordError at the first
    action that cannot have happened."""
    t = _Table(hands=[Counter(d) for d in rnd.deals], flowers=list(rnd.flowers))
    if any(rnd.flowers) or any(ev.verb == "BuHua" for ev in rnd.events):
        t.shared = SHARED_WALL - 52 - sum(rnd.flowers)
    for deal in rnd.deals:
        t.copies.update(deal)
    _no_fifth(t, rnd.at, "deal")
    for i, ev in enumerate(rnd.events):
        if ev.verb == "Hu":
            if i + 1 < len(rnd.events):
                raise RecordError(rnd.events[i + 1].at, "an action after the round's Hu")
            if rnd.end != "hu":
                raise RecordError(ev.at, "a Hu, but the round ends without its Fan line")
            return _win(t, ev, rnd)
        _STEP[ev.verb](t, ev)
    if rnd.end == "hu":
        raise RecordError(rnd.end_at, "a Fan line but no player's Hu")
    return None


def _no_fifth(t: _Table, at: int, what: str) -> None:
    over = [k for k, n in t.copies.items() if n > 4]
    if over:
        raise RecordError(at, f"impossible {what}: a fifth {tile_name(over[0])}")


def _expect(t: _Table, ev: Event, *states: str) -> None:
    what, seat = t.state
    if what not in states or (what in ("draw", "play", "kong") and seat != ev.seat):
        raise RecordError(ev.at, f"player {ev.seat} cannot {ev.verb} now: {_waiting(t)}")


def _waiting(t: _Table) -> str:
    what, seat = t.state
    return {"draw": f"player {seat} is to draw",
            "play": f"player {seat} is to play",
            "discarded": f"player {seat}'s discard is to be claimed or player {(seat + 1) % 4} is to draw",
            "kong": f"player {seat} is to draw a kong's replacement",
            "added": f"player {seat}'s added kong is to be robbed or replaced"}[what]


def _take(t: _Table, ev: Event, tile: int, n: int) -> None:
    if t.hands[ev.seat][tile] < n:
        held = t.hands[ev.seat][tile]
        raise RecordError(ev.at, f"player {ev.seat} holds {held} {tile_name(tile)}, needs {n} to {ev.verb}")
    t.hands[ev.seat][tile] -= n


def _tile(ev: Event) -> int:
    if ev.tile is None:
        raise RecordError(ev.at, f"{ev.verb} without its tile")
    return ev.tile


def _to_draw(t: _Table, ev: Event) -> bool:
    """Check that ``ev.seat`` may draw now; True when the draw replaces a kong."""
    what, seat = t.state
    if what == "discarded" and ev.seat == (seat + 1) % 4:
        if t.discard is not None:
            t.shown[t.discard] += 1  # the discard went unclaimed: it stays on view
        t.discard = None
    elif what == "added" and ev.seat == seat:
        t.added = None
    else:
        _expect(t, ev, "draw", "kong")
    if t.shared is not None:
        if t.shared == 0:
            raise RecordError(ev.at, f"impossible draw: the wall is empty (all {SHARED_WALL} tiles out)")
        t.shared -= 1
    elif t.draws[ev.seat] >= WALL_DRAWS:
        raise RecordError(ev.at, f"impossible draw: player {ev.seat}'s wall is empty ({WALL_DRAWS} drawn)")
    t.draws[ev.seat] += 1
    return what in ("kong", "added")


def _draw(t: _Table, ev: Event) -> None:
    tile = _tile(ev)
    replacement = _to_draw(t, ev)
    t.copies[tile] += 1
    if t.copies[tile] > 4:
        raise RecordError(ev.at, f"impossible draw: a fifth {tile_name(tile)}")
    t.hands[ev.seat][tile] += 1
    t.last_draw = (ev.seat, tile, replacement)
    t.state = ("play", ev.seat)


def _flower(t: _Table, ev: Event) -> None:
    """A flower drawn (JSON logs): set aside, and the seat draws again (still a kong's replacement
    if this one was)."""
    replacement = _to_draw(t, ev)
    t.flowers[ev.seat] += 1
    t.state = ("kong" if replacement else "draw", ev.seat)


def _play(t: _Table, ev: Event) -> None:
    _expect(t, ev, "play")
    tile = _tile(ev)
    _take(t, ev, tile, 1)
    t.discard = tile
    t.state = ("discarded", ev.seat)
    t.last_draw = None


def _claim(t: _Table, ev: Event) -> tuple[int, int]:
    """The discard a Chi/Peng/Gang takes (the previous one): (its discarder, its tile)."""
    what, seat = t.state
    if what != "discarded" or seat == ev.seat or t.discard is None:
        raise RecordError(ev.at, f"player {ev.seat} cannot {ev.verb}: no other player's discard is on the table")
    return seat, t.discard


def _chi(t: _Table, ev: Event) -> None:
    discarder, taken = _claim(t, ev)
    if ev.seat != (discarder + 1) % 4:
        raise RecordError(ev.at, f"player {ev.seat} cannot Chi player {discarder}'s discard: only the next player chows")
    mid = _tile(ev)
    if mid >= 27 or mid % 9 in (0, 8):
        raise RecordError(ev.at, f"Chi {tile_name(mid)}: the middle tile of a chow is a suited 2-8")
    if taken not in (mid - 1, mid, mid + 1):
        raise RecordError(ev.at, f"Chi {tile_name(mid)} does not take the discard {tile_name(taken)}")
    for k in (mid - 1, mid, mid + 1):
        if k != taken:
            _take(t, ev, k, 1)
        t.shown[k] += 1
    t.melds[ev.seat].append(Meld("chow", mid - 1, taken - mid + 2))
    t.discard = None
    t.state = ("play", ev.seat)


def _peng(t: _Table, ev: Event) -> None:
    _claimed_set(t, ev, "pung", 2)
    t.state = ("play", ev.seat)


def _gang(t: _Table, ev: Event) -> None:
    _claimed_set(t, ev, "kong", 3)
    t.state = ("kong", ev.seat)


def _claimed_set(t: _Table, ev: Event, kind: str, held: int) -> None:
    """A pung or kong of the discard: ``held`` copies from the hand, all of them on view."""
    discarder, taken = _claim(t, ev)
    tile = _tile(ev)
    if tile != taken:
        raise RecordError(ev.at, f"{ev.verb} {tile_name(tile)}, but the discard is {tile_name(taken)}")
    _take(t, ev, tile, held)
    t.shown[tile] += held + 1
    t.melds[ev.seat].append(Meld(kind, tile, (ev.seat - discarder) % 4))
    t.discard = None


def _angang(t: _Table, ev: Event) -> None:
    _expect(t, ev, "play")
    tile = _tile(ev)
    _take(t, ev, tile, 4)
    t.melds[ev.seat].append(Meld("concealed", tile))  # face down: not on view
    t.state = ("kong", ev.seat)


def _bugang(t: _Table, ev: Event) -> None:
    _expect(t, ev, "play")
    tile = _tile(ev)
    pung = next((m for m in t.melds[ev.seat] if m.kind == "pung" and m.tile == tile), None)
    if pung is None:
        raise RecordError(ev.at, f"BuGang {tile_name(tile)}: player {ev.seat} has no pung of it")
    _take(t, ev, tile, 1)
    pung.kind = "added"
    t.shown[tile] += 1
    t.added = tile
    t.state = ("added", ev.seat)


_STEP = {"Draw": _draw, "Play": _play, "Chi": _chi, "Peng": _peng, "Gang": _gang, "AnGang": _angang,
         "BuGang": _bugang, "BuHua": _flower}


def _win(t: _Table, ev: Event, rnd: Round) -> Win:
    w = ev.seat
    context: dict[str, Any] = {"seat_wind": SEATS[w], "round_wind": SEATS[rnd.wind]}
    tile, discarder, shown = _winning_tile(t, ev, context)
    if discarder is not None:
        context["discarder"] = SEATS[discarder]
    context["last_tile"] = shown >= 3
    if t.flowers[w]:
        context["flowers"] = t.flowers[w]
    held = sum(t.hands[w].values()) + 3 * len(t.melds[w])
    if held != 14:
        raise RecordError(ev.at, f"player {w} wins holding {held} tiles (melds counted as three), not 14")
    rest = Counter(t.hands[w])
    rest[tile] -= 1
    concealed = [k for k in SORT_ORDER for _ in range(rest[k])] + [tile]
    hand = "".join(m.text() for m in t.melds[w]) + tiles_text(concealed)
    context = {k: v for k, v in context.items() if v is not False}
    return Win(w, discarder, {"variant": "mcr", "hand": hand, "context": context}, ev.at)


def _winning_tile(t: _Table, ev: Event, context: dict[str, Any]) -> tuple[int, int | None, int]:
    """How the Hu wins, by the table's last move: (the winning tile, who dealt it in if anyone, its
    copies shown), the context's facts of it added; RecordError when no win is open to the player."""
    what, seat = t.state
    w = ev.seat
    if what == "play" and seat == w and t.last_draw is not None and t.last_draw[0] == w:
        # self-drawn: the record's Hu tile repeats the last discard; the winner's draw is the one
        _, tile, replacement = t.last_draw
        context.update(self_draw=True, kong_win=replacement, last_wall=t.wall_empty_after(w))
        return tile, None, t.shown[tile]
    if what == "discarded" and seat != w and t.discard is not None:
        tile = t.discard
        _same_tile(ev, tile, "the discard")
        context["last_wall"] = t.wall_empty_after(seat)
        t.hands[w][tile] += 1
        return tile, seat, t.shown[tile]
    if what == "added" and seat != w and t.added is not None:
        tile = t.added  # robbing the kong: its owner pays as the discarder
        _same_tile(ev, tile, "the added kong's tile")
        context["kong_win"] = True
        t.hands[w][tile] += 1
        return tile, seat, t.shown[tile] - 1  # the robbed tile is the winning tile, not a shown copy
    raise RecordError(ev.at, f"player {w} cannot Hu now: {_waiting(t)}")


def _same_tile(ev: Event, tile: int, what: str) -> None:
    if ev.tile is not None and ev.tile != tile:
        raise RecordError(ev.at, f"Hu {tile_name(ev.tile)}, but {what} is {tile_name(tile)}")
