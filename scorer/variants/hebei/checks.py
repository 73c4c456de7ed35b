"""The context's contradictions (docs/rules/hebei.md#context), one small function per rule; the
table gives the order they are reported in (every one at once, code ``invalid_context``)."""

from __future__ import annotations

from collections.abc import Callable

from scorer.errors import HandError
from scorer.hand import Hand
from scorer.notation import parse_tile
from scorer.tiles import tile_name

from .context import HebeiContext, HebeiRules

ContextCheck = Callable[[Hand, HebeiContext, HebeiRules], "str | None"]


def _misplaced_discarder(hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> str | None:
    if ctx.discarder is None:
        return None
    if ctx.self_draw:
        return "discarder given on a self-drawn win"
    if ctx.discarder == ctx.seat_wind:
        return f"the discarder {ctx.discarder} is the winner's own seat"
    return None


def _kong_draw_without_kong(hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> str | None:
    if ctx.kong_win and ctx.self_draw and not hand.kongs:
        return "kong_win on a self-drawn win (杠上开花) needs a kong in the hand"
    return None


def _last_tile_discarded(hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> str | None:
    if ctx.last_wall and not ctx.self_draw and not opts.last_wall_on_discard:
        return "last_wall (海底捞月) needs self_draw: the last tile cannot be discarded"
    return None


def _flowers_given(hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> str | None:
    return f"flowers must be 0 in Hebei (no flower tiles), not {ctx.flowers}" if ctx.flowers != 0 else None


def _wild_given(hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> str | None:
    return "wild must be null: Hebei has no wild tiles" if ctx.wild is not None else None


def _indicators_given(hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> str | None:
    return "indicators must be empty: Hebei has no indicator tiles" if ctx.indicators else None


def _dealer_off_east(hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> str | None:
    if ctx.dealer is not None and ctx.dealer != (ctx.seat_wind == "E"):
        return (f"dealer={str(ctx.dealer).lower()} contradicts seat_wind {ctx.seat_wind} "
                "(the dealer is always E)")
    return None


def _win_tile_disagrees(hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> str | None:
    if ctx.win_tile is None:
        return None
    try:
        win = parse_tile(ctx.win_tile)
    except HandError:
        return f"win_tile {ctx.win_tile[:20]!r} is not a tile"
    if win != hand.win_tile:
        return (f"win_tile {tile_name(win)} is not the last concealed tile written "
                f"({tile_name(hand.win_tile) if hand.win_tile is not None else 'none'})")
    return None


def _payer_without_discarder(hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> str | None:
    if opts.payer != "all_three" and not ctx.self_draw and ctx.discarder is None:
        return f"rule payer={opts.payer} needs the discarder of a discard win"
    return None


CONTEXT_CHECKS: tuple[ContextCheck, ...] = (
    _misplaced_discarder, _kong_draw_without_kong, _last_tile_discarded, _flowers_given, _wild_given,
    _indicators_given, _dealer_off_east, _win_tile_disagrees, _payer_without_discarder,
)


def context_problems(hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> list[str]:
    """Every contradiction of ``CONTEXT_CHECKS``, in the table's order."""
    return [p for check in CONTEXT_CHECKS if (p := check(hand, ctx, opts)) is not None]
