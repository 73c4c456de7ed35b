"""Taizhou Huangyan Mahjong (浙江台州黄岩麻将), variant ``huangyan``.

Rules: docs/rules/huangyan.md — the 财神/得 wild, the White board standing in for the wild's kind and
dragons as the wild (docs/rules/huangyan.md#what-wins), 得复原/三得/无得, the winner's base points and
fans, (base + 20) × 2^fans rounded up to tens with the 辣子 limit at 300, the non-winners' totals
(docs/rules/huangyan.md#items), and the settlement with bullets, bombs and the 点炮 penalty
(docs/rules/huangyan.md#payments). Every choice between the sources that changes a score is an option
of ``HuangyanRules`` (docs/rules/huangyan.md#rule-options-and-presets; the defaults are the page's
rules, preset ``spec``).

Readings chosen where the rules page is silent:
- Error codes: the core parser's codes (unknown_character, foreign_tile for a flower or a Nantong
  letter, too_many_copies, bad_meld, tile_count, ...) plus ``wild_in_meld`` (a 得 inside any bracket,
  added kongs ``{..}`` included), ``wild_discard_win`` (a winning 得 on a discard), ``contradiction``
  (``dealer`` ≠ seat_wind == E; ``dian_pao`` with a self-drawn win or naming the winner; ``others``
  holding the scored player's own seat) and ``bad_context`` (missing/invalid ``wild``, flowers ≠ 0,
  bad seats, East in ``bombs``). An error in a hand of ``others`` carries the code of the problem, the
  message is prefixed ``others.X:`` and the position (which refers to that other string) is in the
  message, the problem's position being null.
- Copies are checked per hand (docs/rules/huangyan.md#errors); four hands together holding more than four copies are not checked.
- The White-board mapping happens before a meld is checked, so ``[4mP6m]`` (wild 5m) is a chow; the
  canonical echo keeps the physical tiles (``[46mP]``).
- Under role ``idle`` the settlement fields (``others``, ``bullets``, ``bombs``, ``dian_pao``,
  ``dealer_streak``) and ``self_draw`` are ignored; the result has ``payments`` = {}.
- A non-winning claimed hand (no 4-sets-plus-pair reading) has ``payments`` with every seat at 0 and
  empty side ledgers.
- ``payments`` and the side ledgers always list the four seats (zeros included).
- When two readings tie on (total, raw, fans, base), the first one the decomposer lists is reported.
  ``explain`` lists every 得 assignment and winning-tile placement, one entry per distinct score
  (explain.py); ``result.tie_break`` states the rule.
- A non-winner's concealed pung of the round wind gives no fan (no round-wind scoring) unless the
  option ``round_wind_fan`` is set; it then applies to winners and non-winners alike.
- ``details.next_dealer``/``next_dealer_streak`` follow docs/rules/huangyan.md#what-wins, "Dealer
  and draws" (the dealer keeps the deal only when East wins).
- ``wilds`` says what each 得 stands for in the chosen reading (``得 5m → 3s``; 得, the name the rules
  use for one wild tile, as in ``explain``'s group texts): one entry per 得 in the concealed part, a 得
  standing for its own kind included, group by group in the partition's order, natural tiles used
  before 得 within a group (the group taking the winning tile is served first). White boards standing
  in for the wild's kind are natural tiles, not 得, and are not listed; with ``white_also_wild`` they
  are 得 and are listed (a 得 goes where it stands for its own kind when it can). A winning 得 read as
  a natural tile (``wild_discard_win="natural"``) is listed as standing for its own kind, in the group
  taking the winning tile. 得 never sit in melds (``wild_in_meld``). A non-winner (role ``idle``: his
  得 substitute for nothing) and a hand that does not win list none.
"""

from __future__ import annotations

import math
from contextvars import ContextVar
from typing import Any, ClassVar

from scorer.apidoc import TILES, ApiDoc, nullable, tiles_pattern
from scorer.efficiency_profile import STANDARD_KINDS, Profile, wild_of_context
from scorer.errors import HandError, Problem
from scorer.fields import Model
from scorer.hand import Hand
from scorer.notation import format_hand, parse_tile
from scorer.registry import ItemDef, ResolvedRules, Variant, register
from scorer.result import ReadingView, Result
from scorer.seats import SEATS, no_payments, other_seats
from scorer.tiles import WHITE

from .context import PRESETS, HuangyanContext, HuangyanRules
from .explain import IDLE_TIE_BREAK, TIE_BREAK, explain_views, wild_uses
from .items import ITEMS, items_of
from .parsing import NOTATION, parse_hand
from .scoring import Scored, score_idle, score_winner
from .settle import settle

# The winning tile's position in the string of the hand last parsed (hand object, position), so that
# the rule-dependent ``wild_discard_win`` error raised in ``score`` can point at it
# (docs/rules/huangyan.md#errors).
_WIN_POSITION: ContextVar[tuple[Hand, int] | None] = ContextVar("huangyan_win_position", default=None)


def _player_details(sc: Scored) -> dict[str, Any]:
    return {"total": sc.total, "base": sc.base, "fans": sc.fans, "raw": sc.raw, "lazi": sc.lazi,
            "partition": sc.partition,
            "items": [{"id": r[0], "points": r[1], "factor": r[2], "tiles": r[3]} for r in sc.rows]}


class Huangyan(Variant):
    id: ClassVar[str] = "huangyan"
    edition: ClassVar[str] = "Taizhou Huangyan rules: 财神 wild, (base + 20) × 2^fans, 辣子 cap 300, bullets and bombs"
    name: ClassVar[str] = "Taizhou Huangyan Mahjong"
    name_zh: ClassVar[str] = "台州黄岩麻将"
    notation = NOTATION
    Context = HuangyanContext
    Rules = HuangyanRules
    presets = PRESETS
    default_preset = "spec"
    items: ClassVar[tuple[ItemDef, ...]] = ITEMS
    shapes = 0
    # tile efficiency (docs/efficiency.md#variants)
    efficiency: ClassVar[Profile | None] = Profile(STANDARD_KINDS, 4, wild=wild_of_context, wild_targets=STANDARD_KINDS,
                                                   white_stands_in=True)
    api_doc: ClassVar[ApiDoc] = ApiDoc(
        example_hand="[789m]123p456p99s24s3s", example_context={"wild": "5m", "seat_wind": "E", "self_draw": True},
        fields={"wild": {"type": "string", "enum": TILES}, "flowers": nullable({"type": "integer", "const": 0}),
                "others": {"type": "object", "propertyNames": {"enum": list(SEATS)}, "maxProperties": 3,
                           "additionalProperties": {"type": "string", "pattern": tiles_pattern(TILES, 13)}},
                "bombs": {"type": "object", "propertyNames": {"enum": list(SEATS[1:])},
                          "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 100}}})

    def total_of(self, result: Result) -> int | None:
        """(base + points) × 2^fans rounded up to ten, capped at 300; a 辣子 hand is 300
        (docs/rules/huangyan.md)."""
        if result.details.get("lazi"):
            return 300
        raw = sum(i.points for i in result.items) * math.prod(i.factor for i in result.items)
        return min(300, -(-raw // 10) * 10)

    # --- input -------------------------------------------------------------------------------
    def parse_hand(self, text: str | None, context: Model, dialect: str | None) -> Hand:
        ctx: HuangyanContext = context  # type: ignore[assignment]
        wild = parse_tile(ctx.wild)
        problems: list[Problem] = []
        if ctx.dealer is not None and ctx.dealer != (ctx.seat_wind == "E"):
            problems.append(Problem(f"dealer is {str(ctx.dealer).lower()} but seat_wind is {ctx.seat_wind} "
                                    "(the dealer is East)", None, "contradiction"))
        if ctx.role == "winner":
            if ctx.dian_pao is not None and ctx.self_draw:
                problems.append(Problem("dian_pao names a discarder but the win is self-drawn", None,
                                        "contradiction"))
            if ctx.dian_pao is not None and ctx.dian_pao == ctx.seat_wind:
                problems.append(Problem("dian_pao names the winner himself", None, "contradiction"))
            if ctx.seat_wind in ctx.others:
                problems.append(Problem(f"others holds a hand for {ctx.seat_wind}, the winner's own seat", None,
                                        "contradiction"))
        if text is None:
            problems.insert(0, Problem("a hand is required", None, "empty_hand"))
            raise HandError(problems)
        win_position: list[int] = []
        try:
            hand = parse_hand(text, wild, role=ctx.role, self_draw=ctx.self_draw, dialect=dialect,
                              wild_discard_error=False, win_position=win_position)
        except HandError as err:
            raise HandError(err.problems + problems) from None
        if problems:
            raise HandError(problems)
        _WIN_POSITION.set((hand, win_position[0]) if win_position else None)
        return hand

    def parse_short(self, text: str, context: Model, dialect: str | None) -> Hand:
        """A hand one tile short (``waits``): White boards in melds read as the wild's kind."""
        ctx: HuangyanContext = context  # type: ignore[assignment]
        return parse_hand(text, parse_tile(ctx.wild), role="idle", dialect=dialect)

    def completes(self, hand: Hand, context: Model) -> bool:
        """Sets + a pair with the 得 standing for any kind and White boards as the wild's kind
        (docs/rules/huangyan.md#what-wins)."""
        from scorer.decompose import STANDARD_MASK, is_winning

        ctx: HuangyanContext = context  # type: ignore[assignment]
        wild = parse_tile(ctx.wild)
        counts = hand.counts()
        wilds = counts[wild]
        counts[wild] = 0
        if wild != WHITE:
            counts[wild] += counts[WHITE]
            counts[WHITE] = 0
        return is_winning(counts, 4 - hand.sets_fixed, wilds, STANDARD_MASK, 99)

    def _others(self, ctx: HuangyanContext, wild: int) -> dict[str, Hand]:
        hands: dict[str, Hand] = {}
        problems: list[Problem] = []
        for seat, text in ctx.others.items():
            try:
                hands[seat] = parse_hand(text, wild, role="idle")
            except HandError as err:
                for p in err.problems:
                    where = f" (at {p.position})" if p.position is not None else ""
                    problems.append(Problem(f"others.{seat}: {p.message}{where}", None, p.code))
        if problems:
            raise HandError(problems)
        return hands

    # --- scoring -----------------------------------------------------------------------------
    def score(self, hand: Hand, context: Model, rules: ResolvedRules) -> Result:
        ctx: HuangyanContext = context  # type: ignore[assignment]
        opts: HuangyanRules = rules.options  # type: ignore[assignment]
        wild = parse_tile(ctx.wild)
        if ctx.role == "idle":
            return self._idle(hand, ctx, wild, opts)
        if opts.wild_discard_win == "error" and not ctx.self_draw and hand.win_tile == wild:
            last = _WIN_POSITION.get()
            position = last[1] if last is not None and last[0] is hand else None
            raise HandError(f"the winning tile {ctx.wild} is a 得 (wild): a discarded 得 cannot be claimed, "
                            "so the win must be self-drawn", position, "wild_discard_win")
        others = self._others(ctx, wild)
        best, n_readings = score_winner(hand, wild, ctx.seat_wind, ctx.self_draw, ctx.round_wind, opts)
        zero = no_payments()
        if best is None:
            return Result(variant=self.id, hand=format_hand(hand), valid=False, reason="not a winning hand",
                          total=0, payments=zero,
                          tie_break=TIE_BREAK,
                          details={"role": "winner", "wild": ctx.wild, "seat_wind": ctx.seat_wind,
                                   "readings": 0, "base": 0, "fans": 0, "raw": 0, "lazi": False,
                                   "side_payments": {"bullets": dict(zero), "bombs": dict(zero)}})
        idle = {seat: score_idle(h, wild, seat, ctx.round_wind, opts) for seat, h in others.items()}
        totals = {s: (idle[s].total if s in idle else 0) for s in other_seats(ctx.seat_wind)}
        ledgers = settle(ctx.seat_wind, best.total, totals, self_draw=ctx.self_draw, bullets=ctx.bullets,
                         dealer_streak=ctx.dealer_streak, bombs={str(seat): n for seat, n in ctx.bombs.items()}, dian_pao=ctx.dian_pao,
                         opts=opts)
        details = _winner_details(hand, ctx, opts, wild, best, n_readings)
        details.update(_table_details(ctx, best, totals, idle, ledgers))
        items, excluded = items_of(best.rows)
        return Result(variant=self.id, hand=format_hand(hand), valid=True, total=best.total, items=items,
                      excluded=excluded, partition=best.partition, payments=ledgers["points"], details=details,
                      wilds=wild_uses(best), tie_break=TIE_BREAK)

    def _idle(self, hand: Hand, ctx: HuangyanContext, wild: int, opts: HuangyanRules) -> Result:
        """A non-winner's total (docs/rules/huangyan.md#non-winners)."""
        sc = score_idle(hand, wild, ctx.seat_wind, ctx.round_wind, opts)
        items, excluded = items_of(sc.rows)
        return Result(variant=self.id, hand=format_hand(hand), valid=True, total=sc.total, items=items,
                      excluded=excluded, partition=sc.partition, payments={}, tie_break=IDLE_TIE_BREAK,
                      details={"role": "idle", "wild": ctx.wild, "seat_wind": ctx.seat_wind,
                               "base": sc.base, "fans": sc.fans, "raw": sc.raw, "lazi": sc.lazi})

    def explain(self, hand: Hand, context: Model, rules: ResolvedRules) -> list[ReadingView]:
        """Every 得 assignment and winning-tile placement, one entry per distinct score, best first
        (the chosen one marked); nothing for a non-winner (role idle) or a hand that does not win."""
        ctx: HuangyanContext = context  # type: ignore[assignment]
        if ctx.role == "idle":
            return []
        return explain_views(hand, parse_tile(ctx.wild), ctx.seat_wind, ctx.self_draw, ctx.round_wind,
                       rules.options)  # type: ignore[arg-type]


def _winner_details(hand: Hand, ctx: HuangyanContext, opts: HuangyanRules, wild: int, best: Scored,
                    n_readings: int) -> dict[str, Any]:
    """The winner's own figures: base, fans, raw, 辣子, the 得 held and what they stand for."""
    return {
        "role": "winner",
        "wild": ctx.wild,
        "seat_wind": ctx.seat_wind,
        "base": best.base,
        "fans": best.fans,
        "raw": best.raw,
        "lazi": best.lazi,
        "wilds": sum(1 for x in hand.concealed if x == wild or (opts.white_also_wild and x == 33)),
        "three_wilds": any(r[0] == "three_wilds" for r in best.rows),
        "wild_as": best.wild_as,
        "winning_set": best.winning_set,
        "readings": n_readings,
    }


def _table_details(ctx: HuangyanContext, best: Scored, totals: dict[str, int], idle: dict[str, Scored],
                   ledgers: dict[str, dict[str, int]]) -> dict[str, Any]:
    """The table's figures: every seat's total (the 点炮 discarder's as 0), the non-winners', the side
    payments, the next dealer."""
    all_totals = {s: (best.total if s == ctx.seat_wind else totals[s]) for s in SEATS}
    if ctx.dian_pao is not None:
        all_totals[ctx.dian_pao] = 0
    return {
        "totals": all_totals,
        "idle": {s: _player_details(sc) for s, sc in idle.items()},
        "dian_pao": ctx.dian_pao,
        "side_payments": {"bullets": ledgers["bullets"], "bombs": ledgers["bombs"]},
        "next_dealer": "E" if ctx.seat_wind == "E" else "S",
        "next_dealer_streak": ctx.dealer_streak + 1 if ctx.seat_wind == "E" else 1,
    }


register(Huangyan())
