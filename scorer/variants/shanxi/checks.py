"""What stops a Koudian win before its value is counted (docs/rules/shanxi.md#errors): the context's
contradictions (``invalid_context``, every one at once) and the reasons a well-formed hand is not a
legal win (``valid: false`` with a reason code, the first that applies).

Each rule is one small function; the tables give the order the problems are reported in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorer.hand import Exposure, Hand, Meld, MeldKind
from scorer.notation import format_meld
from scorer.tiles import tile_name

from .context import ShanxiContext, ShanxiRules, canonical_tile
from .settle import KongFeed, relative_seat

# --- invalid_context -----------------------------------------------------------------------------

ContextCheck = Callable[[Hand, ShanxiContext], "str | None"]


def _discarder_on_self_draw(hand: Hand, ctx: ShanxiContext) -> str | None:
    return "discarder given on a self-drawn win" if ctx.self_draw and ctx.discarder is not None else None


def _discard_win_without_discarder(hand: Hand, ctx: ShanxiContext) -> str | None:
    if not ctx.self_draw and ctx.discarder is None:
        return "a win off a discard (or a robbed kong) needs the discarder"
    return None


def _winner_discarded(hand: Hand, ctx: ShanxiContext) -> str | None:
    if ctx.discarder is not None and ctx.discarder == ctx.seat_wind:
        return "the discarder is the winner's own seat"
    return None


def _kong_draw_without_kong(hand: Hand, ctx: ShanxiContext) -> str | None:
    if ctx.kong_win and ctx.self_draw and not hand.kongs:
        return "kong_win on a self-drawn win (杠上开花) needs a kong in the hand"
    return None


def _flowers_given(hand: Hand, ctx: ShanxiContext) -> str | None:
    return f"flowers must be 0 in Koudian, not {ctx.flowers}" if ctx.flowers != 0 else None


def _indicators_given(hand: Hand, ctx: ShanxiContext) -> str | None:
    return "indicators must be empty: give the mouse kind as wild" if ctx.indicators else None


def _dealer_off_east(hand: Hand, ctx: ShanxiContext) -> str | None:
    if ctx.dealer is not None and bool(ctx.dealer) != (ctx.seat_wind == "E"):
        return (f"dealer={str(ctx.dealer).lower()} disagrees with seat_wind {ctx.seat_wind} "
                "(the dealer is the E seat)")
    return None


def _win_tile_disagrees(hand: Hand, ctx: ShanxiContext) -> str | None:
    if ctx.win_tile is None:
        return None
    try:
        named = canonical_tile(ctx.win_tile)
    except ValueError:
        return f"win_tile {str(ctx.win_tile)[:20]!r} is not a tile"
    if hand.win_tile is not None and named != tile_name(hand.win_tile):
        return f"win_tile {named} is not the last concealed tile ({tile_name(hand.win_tile)})"
    return None


CONTEXT_CHECKS: tuple[ContextCheck, ...] = (
    _discarder_on_self_draw, _discard_win_without_discarder, _winner_discarded, _kong_draw_without_kong,
    _flowers_given, _indicators_given, _dealer_off_east, _win_tile_disagrees,
)


def context_problems(hand: Hand, ctx: ShanxiContext) -> list[str]:
    """Every contradiction of ``CONTEXT_CHECKS``, in the table's order."""
    return [p for check in CONTEXT_CHECKS if (p := check(hand, ctx)) is not None]


# --- 点杠包杠: who fed each [xxxx] kong ------------------------------------------------------------

def _named_feeds(ctx: ShanxiContext, exposed: dict[str, int], problems: list[str]) -> dict[str, Any]:
    """``kong_from`` keyed by canonical tile name; a key that is no tile, names a kind twice or names
    no [xxxx] kong of the hand is a problem."""
    given: dict[str, Any] = {}
    for key, feed in ctx.kong_from.items():
        try:
            name = canonical_tile(key)
        except ValueError:
            problems.append(f"kong_from: {key!r} is not a tile")
            continue
        if name in given:
            problems.append(f"kong_from names {name} twice")
            continue
        given[name] = feed
        if name not in exposed:
            problems.append(f"kong_from names {name}, which is not a [xxxx] kong of the hand")
    return given


def _feeder_of(meld: Meld, entry: Any, ctx: ShanxiContext) -> KongFeed | str:
    """The feeder of one [xxxx] kong from its ``,N`` and its ``kong_from`` entry, or the problem."""
    from_digit = relative_seat(ctx.seat_wind, meld.claimed) if meld.claimed in (1, 2, 3) else None
    from_ctx = entry.seat if entry is not None else None
    if from_digit and from_ctx and from_digit != from_ctx:
        return f"{format_meld(meld)} names {from_digit} as the feeder but kong_from says {from_ctx}"
    seat = from_digit or from_ctx
    if seat is None:
        return f"{format_meld(meld)} needs a feeder under dian_gang_bao_gang (,N or kong_from seat)"
    if seat == ctx.seat_wind:
        return f"the feeder of {format_meld(meld)} cannot be the winner's own seat"
    return KongFeed(seat, bool(entry.declared) if entry is not None else False)


def kong_feeders(hand: Hand, ctx: ShanxiContext, problems: list[str]) -> dict[int, KongFeed]:
    """``kong_from`` / ``,N`` under 点杠包杠 (docs/rules/shanxi.md#context): the feeder of every [xxxx] kong."""
    kongs = list(hand.kongs)
    exposed = {tile_name(m.tiles[0]): i for i, m in enumerate(kongs) if m.exposure is Exposure.EXPOSED}
    given = _named_feeds(ctx, exposed, problems)
    feeders: dict[int, KongFeed] = {}
    for name, i in exposed.items():
        found = _feeder_of(kongs[i], given.get(name), ctx)
        if isinstance(found, str):
            problems.append(found)
        else:
            feeders[i] = found
    return feeders


# --- valid: false, before the waits are known ----------------------------------------------------

Refusal = tuple[str, str]  # (reason code, reason)
HandCheck = Callable[[Hand, ShanxiContext, ShanxiRules, "int | None"], "Refusal | None"]


def _chow_claimed(hand: Hand, ctx: ShanxiContext, opts: ShanxiRules, wild: int | None) -> Refusal | None:
    chow = next((m for m in hand.melds if m.kind is MeldKind.CHOW), None)
    if chow is None:
        return None
    return "chow_not_allowed", f"chows cannot be claimed in Koudian: {format_meld(chow)} is not a legal meld"


def _mouse_in_meld(hand: Hand, ctx: ShanxiContext, opts: ShanxiRules, wild: int | None) -> Refusal | None:
    if wild is None:
        return None
    meld = next((m for m in hand.melds if wild in m.tiles), None)
    if meld is None:
        return None
    return "wild_in_meld", f"the mouse {tile_name(wild)} cannot be claimed or konged: {format_meld(meld)}"


def _undeclared(hand: Hand, ctx: ShanxiContext, opts: ShanxiRules, wild: int | None) -> Refusal | None:
    if opts.require_declared and not ctx.declared:
        return "not_declared", "the winner had not declared ready (报听), and only a declared player may win"
    return None


def _discard_after_passing(hand: Hand, ctx: ShanxiContext, opts: ShanxiRules, wild: int | None) -> Refusal | None:
    if ctx.passed_win and not ctx.self_draw:
        return "passed_win", "after passing a win (过胡) the winner may only win by self-draw"
    return None


HAND_CHECKS: tuple[HandCheck, ...] = (_chow_claimed, _mouse_in_meld, _undeclared, _discard_after_passing)


def hand_refusal(hand: Hand, ctx: ShanxiContext, opts: ShanxiRules, wild: int | None) -> Refusal | None:
    """The first of ``HAND_CHECKS`` that refuses the win."""
    return next((r for check in HAND_CHECKS if (r := check(hand, ctx, opts, wild)) is not None), None)


# --- valid: false, once the point is known -------------------------------------------------------

def point_refusal(point: int | None, max_wait: int | None, waits: list[str], self_draw: bool, win: int,
                  opts: ShanxiRules) -> Refusal | None:
    """A hand that could not be declared (no wait of 6 points or more), a 1 or 2 point win, a 3-5
    point win off a discard."""
    declared_value = max_wait if opts.declare_rule == "max_wait" else point
    if declared_value is None or declared_value < 6:
        shown = ", ".join(waits) or "none"
        if opts.declare_rule == "max_wait":
            why = f"the hand's waits ({shown}) hold no tile of 6 points or more, so it could not be declared"
        else:
            why = f"the winning point {point} is below 6, so the hand could not be declared"
        return "declare_wait_too_low", why
    assert point is not None
    if point <= 2:
        return "point_too_low", f"the winning tile {tile_name(win)} is worth {point} point(s): 1 and 2 never win"
    if point <= 5 and not self_draw:
        return ("self_draw_only",
                f"the winning tile {tile_name(win)} is worth {point} points: 3 to 5 only win by self-draw")
    return None
