"""The dora indicators read, and the context checked against the hand
(docs/rules/riichi.md#context): every contradiction is reported at once, naming the field or the tile."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.errors import HandError, Problem
from scorer.hand import Hand
from scorer.notation import NotationRules, red_name, scan
from scorer.seats import DEALER
from scorer.tiles import NUM_STANDARD_KINDS, tile_name

from .context import RiichiContext

NOTATION = NotationRules(name="the riichi tiles (no flowers)", kinds=frozenset(range(NUM_STANDARD_KINDS)), n_sets=4, red_fives=True)
MAX_INDICATORS = 5
BAD_CONTEXT = "bad_context"


@dataclass(frozen=True, slots=True)
class Indicators:
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    red: tuple[int, ...]  # the kinds of the red fives among them


def read_indicators(ctx: RiichiContext, problems: list[Problem]) -> Indicators:
    """Both indicator fields as tile kinds; a field that is not a list of tiles is a problem."""
    read: dict[str, tuple[int, ...]] = {}
    red: list[int] = []
    for name in ("dora_indicators", "ura_dora_indicators"):
        text = getattr(ctx, name)
        known = _READ.get(text)
        if known is not None:
            read[name], reds = known
            red += reds
        else:
            found: list[Problem] = []
            tokens = scan(text, NOTATION, found, list_mode=True) if text.strip() else []
            for p in found:
                problems.append(Problem(f"{name} {text!r}: {p.message}", None, BAD_CONTEXT))
            read[name] = tuple(t.value for t in tokens) if not found else ()
            red += [t.value for t in tokens if t.red] if not found else []
            if not found and len(_READ) < _READ_KEPT:
                _READ[text] = (read[name], tuple(t.value for t in tokens if t.red))
        if len(read[name]) > MAX_INDICATORS:
            problems.append(Problem(f"{name}: {_tiles(len(read[name]))}, at most {MAX_INDICATORS}", None, BAD_CONTEXT))
    return Indicators(read["dora_indicators"], read["ura_dora_indicators"], tuple(red))


# indicator texts read without a problem, as (kinds, red fives): a text reads the same every time,
# and a table holds few (bounded, so that no stream of new texts grows it)
_READ: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
_READ_KEPT = 4096


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def next_tile(k: int) -> int:
    """The tile an indicator points at: 9→1 in a suit, E→S→W→N→E, P→F→C→P."""
    if k < 27:
        return k - 8 if k % 9 == 8 else k + 1
    if k < 31:
        return 27 + (k - 26) % 4
    return {33: 32, 32: 31, 31: 33}[k]  # P (33) → F (32) → C (31) → P


def problems(hand: Hand, ctx: RiichiContext, found: list[Problem], ind: Indicators) -> None:
    """The contradictions between the context and the hand (added to ``found``)."""
    messages = (_riichi(hand, ctx, ind) + _kong_win(hand, ctx, ind) + _first_turn(hand, ctx)
                + _discarder(ctx) + _copies(hand, ind))
    found += [Problem(m, None, BAD_CONTEXT) for m in messages]


def _riichi(hand: Hand, ctx: RiichiContext, ind: Indicators) -> list[str]:
    """Riichi, double riichi and ippatsu need a concealed hand; ippatsu and ura dora need riichi."""
    out: list[str] = []
    open_melds = [m for m in hand.melds if not m.is_concealed]
    riichi = ctx.riichi or ctx.double_riichi
    for name in ("riichi", "double_riichi", "ippatsu"):
        if getattr(ctx, name) and open_melds:
            out.append(f"{name} needs a concealed hand, and the hand has an open meld ({_melds(open_melds)})")
    if ctx.ippatsu and not riichi:
        out.append("ippatsu needs riichi (or double_riichi)")
    if ind.ura and not riichi:
        out.append("ura_dora_indicators are only seen after riichi (or double_riichi)")
    if len(ind.ura) > len(ind.dora):
        out.append(f"ura_dora_indicators: {_tiles(len(ind.ura))}, more than the dora indicators "
                   f"({_tiles(len(ind.dora))})")
    return out


def _kong_win(hand: Hand, ctx: RiichiContext, ind: Indicators) -> list[str]:
    """Rinshan needs a kan and is not the wall's last tile; chankan robs a kan no other copy of
    which is in the hand or among the indicators, and is no last discard."""
    if not ctx.kong_win:
        return []
    if ctx.self_draw:
        return ((["kong_win on a self-draw (rinshan) needs a kan in the hand"] if not hand.kongs else [])
                + (["kong_win and last_wall on a self-draw: a kan's replacement tile is never the wall's last tile"]
                   if ctx.last_wall else []))
    win = hand.win_tile
    if win is None:
        return []
    out: list[str] = []
    if hand.all_counts()[win] > 1:
        out.append(f"kong_win on a discard (chankan) robs a kan of {tile_name(win)}, "
                   f"so no other {tile_name(win)} can be in the hand")
    if ctx.last_wall:
        out.append("kong_win on a discard (chankan) and last_wall: the robbed tile is not a discard")
    if win in ind.dora or win in ind.ura:
        out.append(f"kong_win on a discard (chankan) robs a kan of {tile_name(win)}: "
                   f"no {tile_name(win)} can be an indicator")
    return out


def _first_turn(hand: Hand, ctx: RiichiContext) -> list[str]:
    """A first-turn win: no call or kan, no riichi, the dealer's only self-drawn."""
    if not ctx.first_turn:
        return []
    out: list[str] = []
    if hand.melds:
        out.append(f"first_turn needs a hand with no call or kan ({_melds(list(hand.melds))})")
    if ctx.riichi or ctx.double_riichi:
        out.append("first_turn and riichi: a first-turn win comes before any riichi")
    if ctx.seat_wind == DEALER and not ctx.self_draw:
        out.append(f"first_turn for the dealer (seat {DEALER}) on a discard: the dealer's first-turn win is tenhou, "
                   "self-drawn")
    return out


def _discarder(ctx: RiichiContext) -> list[str]:
    if not ctx.self_draw and ctx.discarder == ctx.seat_wind:
        return [f"discarder {ctx.discarder} is the winner's own seat"]
    return []


def _copies(hand: Hand, ind: Indicators) -> list[str]:
    """Four copies of a kind and one red five of a suit, the hand and the indicators together."""
    out: list[str] = []
    counts = hand.all_counts()
    for k in ind.dora + ind.ura:
        counts[k] += 1
    for k in range(NUM_STANDARD_KINDS) if max(counts) > 4 else ():
        if counts[k] > 4:
            out.append(f"{counts[k]} copies of {tile_name(k)} in the hand and the indicators together (four at most)")
    reds = list(hand.red) + [m.tiles[0] // 9 * 9 + 4 for m in hand.melds for _ in range(m.red)] + list(ind.red)
    for k in sorted(set(reds)):
        if reds.count(k) > 1:
            out.append(f"{reds.count(k)} red fives {red_name(k)} in the hand and the indicators together "
                       "(one per suit)")
    return out


def _melds(melds) -> str:
    from scorer.notation import format_meld

    return " ".join(format_meld(m) for m in melds)


def check_short(hand: Hand, ctx: RiichiContext) -> None:
    """HandError with every contradiction of the context and a hand one tile short that no winning
    tile, self-drawn or on a discard, can lift (the indicators read, riichi and ura dora, the copies
    held and seen, a first-turn win with a call or riichi)."""
    found: list[Problem] = []
    ind = read_indicators(ctx, found)
    messages = _riichi(hand, ctx, ind) + _copies(hand, ind)
    if ctx.first_turn:
        messages += [m for m in _first_turn(hand, ctx) if "on a discard" not in m]
    found += [Problem(m, None, BAD_CONTEXT) for m in messages]
    if found:
        raise HandError(found)


def check(hand: Hand, ctx: RiichiContext) -> Indicators:
    """The indicators, or HandError with every problem of the context."""
    found: list[Problem] = []
    ind = read_indicators(ctx, found)
    problems(hand, ctx, found, ind)
    if found:
        raise HandError(found)
    return ind
