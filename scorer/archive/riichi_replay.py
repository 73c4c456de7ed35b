"""Replay a riichi round (docs/batch.md#how-a-riichi-round-is-replayed): every tile followed from
the deal, each move checked against what the seat holds, and each recorded win turned into a
scoring request with the context the play implies, and the four score changes it should make.

The replay rules the records follow: the winner takes the honba and every riichi stick on the
table, sticks placed this round included; a riichi whose declaration tile is ronned is void; any
call (a closed kan too) breaks every ippatsu, but a chankan win keeps it; haitei / houtei is the
70th draw of the round (kan replacements included); on a double ron the honba and the sticks go to
the first winner in turn order after the discarder; pao (the feeder of the third dragon or the
fourth wind set) pays a self-draw alone, or half of a ron.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..seats import SEATS
from .riichi_round import (
    LIVE_DRAWS,
    ROUND_WINDS,
    Action,
    LogError,
    RecordedWin,
    RiichiRound,
    kind,
    sort_key,
    tile_text,
    tiles_text,
)

DRAGONS = frozenset((45, 46, 47))
WINDS = frozenset((41, 42, 43, 44))
PAO_YAKUMAN = {"dragons": "daisangen", "winds": "daisuushii"}


@dataclass(slots=True)
class Meld:
    verb: str  # chi, pon, daiminkan, kakan, ankan
    tiles: list[int]

    def text(self) -> str:
        body = tiles_text(sorted(self.tiles, key=sort_key))
        return {"chi": "[{}]", "pon": "[{}]", "daiminkan": "[{}]", "kakan": "{{{}}}", "ankan": "({})"}[
            self.verb].format(body)


@dataclass(slots=True)
class ReplayedWin:
    """A recorded win replayed: the request that scores it, what the record says, and what the
    settlement needs besides the hand's value: the honba and sticks it takes (the first winner of a
    double ron only) and the liable player, if any (``liable_for``: "dragons" or "winds")."""

    record: RecordedWin
    request: dict[str, Any]
    dealer: int
    honba: int
    sticks: int
    liable: int | None = None
    liable_for: str = ""


@dataclass(slots=True)
class _Table:
    hands: list[Counter[int]]
    melds: list[list[Meld]] = field(default_factory=lambda: [[], [], [], []])
    state: str = "draw"  # draw, play (after a draw or a call), discarded, kakan / ankan (robbable)
    turn: int = 0
    tile: int | None = None  # the discard on the table, the added kan's tile, or the last draw
    replacement: bool = False  # the last draw replaced a kan
    drawn: bool = False  # the seat to play has just drawn (not called)
    draws: int = 0
    riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    double: list[bool] = field(default_factory=lambda: [False] * 4)
    ippatsu: list[bool] = field(default_factory=lambda: [False] * 4)
    before_kakan: list[bool] = field(default_factory=lambda: [False] * 4)
    discarded: list[bool] = field(default_factory=lambda: [False] * 4)
    pending_riichi: int | None = None
    declared_double: bool = False
    called: bool = False  # any call this round, a closed kan included
    sticks_placed: int = 0
    dora: list[int] = field(default_factory=list)
    liable: list[tuple[int, str] | None] = field(default_factory=lambda: [None] * 4)
    seen: Counter[int] = field(default_factory=Counter)


def replay(rnd: RiichiRound, rules: str | dict[str, Any] | None) -> list[ReplayedWin]:
    """Each recorded win as a scoring request (none for a drawn round); LogError at the first move
    that cannot have happened."""
    if len(rnd.deals) != 4 or any(len(d) != 13 for d in rnd.deals):
        raise LogError(rnd.where, "each of the four players is dealt 13 tiles")
    t = _Table(hands=[Counter(d) for d in rnd.deals], turn=rnd.dealer, dora=list(rnd.dora))
    for deal in rnd.deals:
        t.seen.update(kind(x) for x in deal)
    _no_fifth(t, rnd.where, "deal")
    for action in rnd.actions:
        _STEP[action.verb](t, action)
    if not rnd.wins:
        if t.pending_riichi is not None:
            _accept_riichi(t)
        return []
    return _wins(t, rnd, rules)


def _no_fifth(t: _Table, where: str, what: str) -> None:
    over = [k for k, n in t.seen.items() if n > 4]
    if over:
        raise LogError(where, f"impossible {what}: a fifth {tile_text(over[0])}")


def _waiting(t: _Table) -> str:
    return {"draw": f"player {t.turn} is to draw",
            "play": f"player {t.turn} is to discard",
            "discarded": f"player {t.turn}'s discard is to be called or the next player is to draw",
            "kakan": f"player {t.turn}'s added kan is to be robbed or replaced",
            "ankan": f"player {t.turn} is to draw a closed kan's replacement"}[t.state]


def _take(t: _Table, a: Action, tiles: tuple[int, ...] | list[int]) -> None:
    need = Counter(tiles)
    for tile, n in need.items():
        if t.hands[a.seat][tile] < n:
            held = t.hands[a.seat][tile]
            raise LogError(a.where, f"player {a.seat} holds {held} {tile_text(tile)}, needs {n} to {a.verb}")
    t.hands[a.seat].subtract(need)
    t.hands[a.seat] += Counter()  # drop the zeros


def _accept_riichi(t: _Table) -> None:
    """The declaration tile was not ronned: the stick is down, and ippatsu runs."""
    seat = t.pending_riichi
    assert seat is not None
    t.riichi[seat] = True
    t.double[seat] = t.declared_double
    t.ippatsu[seat] = True
    t.sticks_placed += 1
    t.pending_riichi = None


def _draw(t: _Table, a: Action) -> None:
    if t.state == "discarded" and a.seat == (t.turn + 1) % 4:
        pass
    elif t.state in ("draw", "kakan", "ankan") and a.seat == t.turn:
        if t.state != "draw":
            t.replacement = True
    else:
        raise LogError(a.where, f"player {a.seat} cannot draw now: {_waiting(t)}")
    if t.pending_riichi is not None:
        _accept_riichi(t)
    replacement = t.state in ("draw", "kakan", "ankan") and t.replacement
    if t.draws >= LIVE_DRAWS:
        raise LogError(a.where, f"impossible draw: the live wall is empty ({LIVE_DRAWS} tiles drawn)")
    t.draws += 1
    t.seen[kind(a.tile)] += 1
    _no_fifth(t, a.where, "draw")
    t.hands[a.seat][a.tile] += 1
    t.state, t.turn, t.tile, t.replacement, t.drawn = "play", a.seat, a.tile, replacement, True


def _discard(t: _Table, a: Action) -> None:
    if t.state != "play" or a.seat != t.turn:
        raise LogError(a.where, f"player {a.seat} cannot discard now: {_waiting(t)}")
    if a.riichi:
        if t.riichi[a.seat]:
            raise LogError(a.where, f"player {a.seat} declares riichi twice")
        if any(m.verb != "ankan" for m in t.melds[a.seat]):
            raise LogError(a.where, f"player {a.seat} declares riichi with an open hand")
        t.pending_riichi = a.seat
        t.declared_double = not t.discarded[a.seat] and not t.called
    elif t.ippatsu[a.seat]:
        t.ippatsu[a.seat] = False  # a full turn went by
    _take(t, a, [a.tile])
    t.discarded[a.seat] = True
    t.state, t.tile, t.replacement, t.drawn = "discarded", a.tile, False, False


def _call(t: _Table, a: Action) -> None:
    """chi, pon or daiminkan of the discard on the table."""
    _check_call(t, a)
    if t.pending_riichi is not None:
        _accept_riichi(t)
    _take(t, a, a.own)
    discarder = t.turn
    t.melds[a.seat].append(Meld(a.verb, [*a.own, a.tile]))
    _broken_by_call(t)
    if a.verb != "chi":
        _check_liable(t, a.seat, kind(a.tile), discarder)
    t.state, t.turn, t.tile, t.drawn = ("draw" if a.verb == "daiminkan" else "play"), a.seat, None, False
    t.replacement = a.verb == "daiminkan"


def _check_call(t: _Table, a: Action) -> None:
    """The call takes the discard on the table, with the tiles its kind takes from the hand."""
    if t.state != "discarded" or a.seat == t.turn or t.tile is None:
        raise LogError(a.where, f"player {a.seat} cannot {a.verb}: no other player's discard is on the table "
                       f"({_waiting(t)})")
    if a.source is not None and a.source != t.turn:
        raise LogError(a.where, f"player {a.seat}'s {a.verb} names player {a.source}'s discard, but the discard "
                       f"on the table is player {t.turn}'s")
    if a.tile != t.tile:
        raise LogError(a.where, f"{a.verb} of {tile_text(a.tile)}, but the discard is {tile_text(t.tile)}")
    size = {"chi": 2, "pon": 2, "daiminkan": 3}[a.verb]
    if len(a.own) != size:
        raise LogError(a.where, f"a {a.verb} takes {size} tiles from the hand, not {len(a.own)}")
    kinds = sorted(kind(x) for x in (*a.own, a.tile))
    if a.verb == "chi":
        _check_chi(t, a, kinds)
    elif len(set(kinds)) != 1:
        raise LogError(a.where, f"{a.verb} of {tiles_text(list(a.own))} and {tile_text(a.tile)}: not one kind")


def _check_chi(t: _Table, a: Action, kinds: list[int]) -> None:
    if a.seat != (t.turn + 1) % 4:
        raise LogError(a.where, f"player {a.seat} cannot chi player {t.turn}'s discard: only the next player can")
    if kinds[0] > 40 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2] or kinds[0] // 10 != kinds[2] // 10:
        raise LogError(a.where, f"chi of {tiles_text(list(a.own))} and {tile_text(a.tile)} is no run")


def _broken_by_call(t: _Table) -> None:
    t.called = True
    t.ippatsu = [False] * 4


def _check_liable(t: _Table, seat: int, called: int, discarder: int) -> None:
    """Pao: the discard that completed a player's third dragon set or fourth wind set."""
    sets = [kind(m.tiles[0]) for m in t.melds[seat] if m.verb != "chi"]
    for group, name in ((DRAGONS, "dragons"), (WINDS, "winds")):
        if called in group and sum(k in group for k in sets) == len(group):
            t.liable[seat] = (discarder, name)


def _ankan(t: _Table, a: Action) -> None:
    if t.state != "play" or a.seat != t.turn:
        raise LogError(a.where, f"player {a.seat} cannot declare a closed kan now: {_waiting(t)}")
    if len(a.own) != 4 or len({kind(x) for x in a.own}) != 1:
        raise LogError(a.where, "a closed kan is four tiles of one kind")
    _take(t, a, a.own)
    t.melds[a.seat].append(Meld("ankan", list(a.own)))
    _broken_by_call(t)
    # only thirteen orphans may rob a closed kan (Tenhou allows it): its tile stays robbable
    t.state, t.tile, t.replacement, t.drawn = "ankan", a.own[0], True, False


def _kakan(t: _Table, a: Action) -> None:
    if t.state != "play" or a.seat != t.turn:
        raise LogError(a.where, f"player {a.seat} cannot add to a kan now: {_waiting(t)}")
    pon = next((m for m in t.melds[a.seat] if m.verb == "pon" and kind(m.tiles[0]) == kind(a.tile)), None)
    if pon is None:
        raise LogError(a.where, f"player {a.seat} adds {tile_text(a.tile)} to a kan but has no pon of it")
    added = a.tile
    if len(a.own) == 4:  # the record's four tiles: the added one is the one the pon lacks (a red five matters)
        rest = list((Counter(a.own) - Counter(pon.tiles)).elements())
        if len(rest) != 1:
            raise LogError(a.where, f"the added kan {tiles_text(list(a.own))} does not extend the pon "
                           f"{tiles_text(pon.tiles)}")
        added = rest[0]
    _take(t, a, [added])
    pon.verb = "kakan"
    pon.tiles.append(added)
    t.tile = added
    t.before_kakan = list(t.ippatsu)  # a chankan win keeps its ippatsu
    _broken_by_call(t)
    t.state, t.drawn = "kakan", False


def _dora(t: _Table, a: Action) -> None:
    t.dora.append(a.tile)
    t.seen[kind(a.tile)] += 1
    _no_fifth(t, a.where, "dora indicator")


_STEP = {"draw": _draw, "discard": _discard, "chi": _call, "pon": _call, "daiminkan": _call,
         "ankan": _ankan, "kakan": _kakan, "dora": _dora}


def _wins(t: _Table, rnd: RiichiRound, rules: str | dict[str, Any] | None) -> list[ReplayedWin]:
    first = rnd.wins[0]
    source = first.source
    _check_wins(t, rnd)
    chankan = t.state == "kakan"
    if source is not None and t.pending_riichi is not None:
        t.pending_riichi = None  # ronned on its declaration tile: void, no stick
    ordered = sorted(rnd.wins, key=lambda w: (w.winner - (source if source is not None else w.winner)) % 4)
    out = []
    for n, win in enumerate(ordered):
        if source is not None and win.winner == source:
            raise LogError(win.where, f"player {win.winner} wins on their own discard")
        honba, sticks = (rnd.honba, rnd.sticks + t.sticks_placed) if n == 0 else (0, 0)
        out.append(_request(t, rnd, win, chankan, honba, sticks, rules))
    return sorted(out, key=lambda w: rnd.wins.index(w.record))


def _check_wins(t: _Table, rnd: RiichiRound) -> None:
    """The round's wins are all on one tile, each by another player, and the table offers that tile."""
    first = rnd.wins[0]
    source = first.source
    if any(w.source != source for w in rnd.wins):
        raise LogError(first.where, "the wins of one round are not all on the same discard")
    if len({w.winner for w in rnd.wins}) != len(rnd.wins):
        raise LogError(first.where, "one player wins twice in a round")
    if source is None:
        if len(rnd.wins) > 1:
            raise LogError(first.where, "two self-drawn wins in one round")
        if t.state != "play" or t.turn != first.winner or not t.drawn:
            raise LogError(first.where, f"player {first.winner} cannot win self-drawn now: {_waiting(t)}")
    elif t.state not in ("discarded", "kakan", "ankan") or t.turn != source:
        raise LogError(first.where, f"a win on player {source}'s tile, but {_waiting(t)}")


def _request(t: _Table, rnd: RiichiRound, win: RecordedWin, chankan: bool, honba: int, sticks: int,
             rules: str | dict[str, Any] | None) -> ReplayedWin:
    w = win.winner
    hand = Counter(t.hands[w])
    context: dict[str, Any] = {"seat_wind": SEATS[(w - rnd.dealer) % 4], "round_wind": ROUND_WINDS[rnd.round_wind]}
    assert t.tile is not None
    tile = t.tile
    if win.source is None:
        context.update(_self_drawn(t, w))
    else:
        hand[tile] += 1
        context.update(_on_a_discard(t, rnd, win.source, w, chankan))
    context["riichi"] = t.riichi[w]
    context["double_riichi"] = t.double[w]
    context["dora_indicators"] = tiles_text(t.dora)
    if t.riichi[w]:
        ura = win.ura if win.ura is not None else rnd.ura
        context["ura_dora_indicators"] = tiles_text(ura[:len(t.dora)])
    context["honba"] = honba
    context["riichi_sticks"] = sticks
    held = sum(hand.values()) + 3 * len(t.melds[w])
    if held != 14:
        raise LogError(win.where, f"player {w} wins holding {held} tiles (melds counted as three), not 14")
    hand[tile] -= 1
    concealed = sorted(hand.elements(), key=sort_key)
    text = "".join(m.text() for m in t.melds[w]) + tiles_text([*concealed, tile])
    context = {k: v for k, v in context.items() if v not in (False, "", 0)}
    request: dict[str, Any] = {"variant": "riichi", "hand": text, "context": context}
    if rules is not None:
        request["rules"] = rules
    liable = t.liable[w]
    return ReplayedWin(win, request, rnd.dealer, honba, sticks, *(liable if liable else (None, "")))


def _self_drawn(t: _Table, w: int) -> dict[str, Any]:
    """The context of a self-drawn win."""
    return {"self_draw": True, "kong_win": t.replacement, "last_wall": t.draws == LIVE_DRAWS and not t.replacement,
            "ippatsu": t.ippatsu[w], "first_turn": not t.called and not t.discarded[w] and not t.melds[w]}


def _on_a_discard(t: _Table, rnd: RiichiRound, source: int, w: int, chankan: bool) -> dict[str, Any]:
    """The context of a win on another's discard, or on the tile of their added kan (chankan)."""
    return {"discarder": SEATS[(source - rnd.dealer) % 4], "kong_win": chankan,
            "last_wall": t.draws == LIVE_DRAWS and not chankan,
            "ippatsu": (t.before_kakan if chankan else t.ippatsu)[w],
            "first_turn": not t.called and not t.discarded[w] and w != rnd.dealer}


def settle(win: ReplayedWin, payments: dict[str, int], total: int, yakuman_ids: set[str]) -> list[int]:
    """The four players' score changes for a scored win: the hand's payments (honba included), the
    sticks to the winner, and pao where the liable player's yakuman is in the hand."""
    dealer, w = win.dealer, win.record.winner
    deltas = [payments.get(SEATS[(p - dealer) % 4], 0) for p in range(4)]
    if win.liable is not None and PAO_YAKUMAN[win.liable_for] in yakuman_ids:
        deltas = liable_split(deltas, w, win.record.source, win.liable, total, win.honba)
    deltas[w] += 1000 * win.sticks
    return deltas


def liable_split(deltas: list[int], winner: int, source: int | None, liable: int, total: int,
                 honba: int) -> list[int]:
    """Pao: the four score changes (by seat 0-3, honba included, sticks not) of a win whose liable
    player pays a self-draw alone, honba included, or half of a ron from another player with the
    honba (the discarder pays the other half). ``total``: the hand's value before honba. The liable
    player's own discard is an ordinary ron (``deltas`` as they are)."""
    if liable == source:
        return list(deltas)
    out = [0, 0, 0, 0]
    if source is None:
        out[liable] = -(total + 300 * honba)
    else:
        out[source] = -(total // 2)
        out[liable] = -(total - total // 2 + 300 * honba)
    out[winner] = -sum(out)
    return out
