"""Validation (docs/rules/nantong.md#errors): everything that is an error (HTTP 422, exit 2) rather
than a result."""

from __future__ import annotations

from scorer.errors import HandError, Problem
from scorer.hand import Exposure, Hand, MeldKind
from scorer.notation import LONG_CARDS, format_meld, parse, parse_tile
from scorer.tiles import NUM_KINDS, tile_name

from .context import NantongContext


def indicators_of(ctx: NantongContext) -> list[int]:
    """The two indicator kinds; errors coded ``bad_indicator``."""
    problems = []
    if len(ctx.indicators) != 2:
        problems.append(Problem(f"indicators: exactly two cards are turned, not {len(ctx.indicators)}",
                                None, "bad_indicator"))
    kinds = []
    for text in ctx.indicators:
        try:
            k = parse_tile(text)
        except HandError:
            problems.append(Problem(f"indicator {str(text)[:20]!r} is not a tile", None, "bad_indicator"))
            continue
        if k not in LONG_CARDS.kinds:
            problems.append(Problem(f"indicator {tile_name(k)} is not a Nantong card", None, "bad_indicator"))
            continue
        kinds.append(k)
    if problems:
        raise HandError(problems)
    return kinds


def parse_others(ctx: NantongContext) -> list[Hand]:
    """Each entry of ``others`` read as a non-winner's holding (22 + k + 2h cards)."""
    wanted = 3 if ctx.exhausted else 2
    texts = ctx.others
    if texts is None:
        if ctx.exhausted:
            raise HandError("an exhausted deal needs the three holdings in others", None, "bad_others")
        return []
    if len(texts) != wanted:
        what = "an exhausted deal lists all three holdings" if ctx.exhausted else "others lists the two other seats"
        raise HandError(f"{what}: {wanted} entries expected, {len(texts)} given", None, "bad_others")
    hands, problems = [], []
    for i, text in enumerate(texts):
        try:
            hands.append(parse(text, LONG_CARDS, role="idle"))
        except HandError as err:
            for p in err.problems:
                where = f" (at {p.position})" if p.position is not None else ""
                problems.append(Problem(f"others[{i}]: {p.message}{where}", None, p.code))
    if problems:
        raise HandError(problems)
    return hands


def check_declarations(hand: Hand, indicators: list[int], who: str) -> list[Problem]:
    """Declarations: <XXX> must be an indicator; <XX> needs both indicators X."""
    problems = []
    for m in hand.melds:
        if m.exposure is not Exposure.DECLARED:
            continue
        x = m.tiles[0]
        pos = m.position if who == "hand" else None
        if m.kind is MeldKind.PUNG and x not in indicators:
            problems.append(Problem(f"{who}: {format_meld(m)} declares three cards that match no indicator",
                                    pos, "bad_declaration"))
        if m.kind is MeldKind.PAIR and indicators.count(x) != 2:
            problems.append(Problem(f"{who}: {format_meld(m)} is a Tiandi Hezi only when both indicators are "
                                    f"{tile_name(x)}", pos, "bad_declaration"))
    return problems


def check_copies(hands: list[Hand], indicators: list[int]) -> list[Problem]:
    """Copies: at most 4 of a kind across every holding and the indicators."""
    total = [0] * NUM_KINDS
    for k in indicators:
        total[k] += 1
    for h in hands:
        for k, n in enumerate(h.all_counts()):
            total[k] += n
    return [Problem(f"{n} copies of {tile_name(k)} across the hands and the indicators (at most 4)", None,
                    "too_many_copies") for k, n in enumerate(total) if n > 4]


# The checks in the order docs/rules/nantong.md#errors reports them: 1 notation, 2 declarations,
# 3 copies, 4 card counts, 5 context.
_STAGE = {"bad_declaration": 2, "too_many_copies": 3, "tile_count": 4, "contradiction": 5,
          "bad_win_tile": 5, "empty_hand": 5}


def in_check_order(problems: list[Problem]) -> list[Problem]:
    """Every problem found, the earliest check first (a stable sort: positions keep their order)."""
    return sorted(problems, key=lambda p: _STAGE.get(p.code, 1))


def context_problems(hand: Hand | None, ctx: NantongContext) -> list[Problem]:
    """Contradictory context (docs/rules/nantong.md#context)."""
    if ctx.exhausted:
        msgs = _exhausted_contradictions(ctx)
    else:
        msgs = _win_contradictions(ctx) + _heavenly_contradictions(ctx)
        if hand is not None:
            msgs += _hand_contradictions(hand, ctx)
    return [Problem(m, None, "contradiction") for m in msgs]


def _exhausted_contradictions(ctx: NantongContext) -> list[str]:
    """Nobody won an exhausted deal: no flag of a win, no winning card."""
    msgs = [f"{flag} on an exhausted deal (nobody won)"
            for flag in ("self_draw", "kong_replacement", "ready", "heavenly", "dealer_first_discard", "last_tile")
            if getattr(ctx, flag)]
    if ctx.win_tile is not None:
        msgs.append("win_tile on an exhausted deal (nobody won)")
    return msgs


# (the flag set, what else it needs, the problem otherwise)
_WIN_FLAG_RULES = (
    ("kong_replacement", lambda ctx: ctx.self_draw,
     "kong_replacement without self_draw (a kong-replacement win is self-drawn)"),
    ("last_tile", lambda ctx: ctx.self_draw, "last_tile without self_draw"),
    ("dealer_first_discard", lambda ctx: not ctx.self_draw,
     "dealer_first_discard is a discard win: it cannot be self_draw"),
)


def _win_contradictions(ctx: NantongContext) -> list[str]:
    return [msg for flag, needs, msg in _WIN_FLAG_RULES if getattr(ctx, flag) and not needs(ctx)]


def _heavenly_contradictions(ctx: NantongContext) -> list[str]:
    """A heavenly win is the dealer's self-drawn first hand: no other flag of a later win, no winning card."""
    if not ctx.heavenly:
        return []
    msgs = [f"heavenly together with {flag}" for flag in ("ready", "dealer_first_discard", "kong_replacement",
                                                          "last_tile") if getattr(ctx, flag)]
    if "self_draw" in ctx.fields_set and not ctx.self_draw:
        msgs.append("heavenly with self_draw false (a heavenly win is self-drawn)")
    if ctx.win_tile is not None:
        msgs.append("win_tile with heavenly (a heavenly win has no winning card)")
    return msgs


def _hand_contradictions(hand: Hand, ctx: NantongContext) -> list[str]:
    """Flags of an untouched hand with a claimed meld; a kong replacement without a kong."""
    msgs: list[str] = []
    played = [m for m in hand.melds if m.exposure is not Exposure.DECLARED]
    if played:
        msgs += [f"{flag} but the hand holds {format_meld(played[0])} (nothing can have been claimed or konged)"
                 for flag in ("heavenly", "ready", "dealer_first_discard") if getattr(ctx, flag)]
    if ctx.kong_replacement and not any(m.is_kong and m.exposure is not Exposure.DECLARED for m in hand.melds):
        msgs.append("kong_replacement but the hand holds no [XXXX], {XXXX} or (XXXX)")
    return msgs
