"""Shanxi Koudian (山西扣点点 / 扣点), variant ``shanxi``.

Rules: docs/rules/shanxi.md. One winning hand: the winning tile's point P (1-9, honours
10), the pattern multiplier M (七小对, 豪华, 清一色, 一条龙, optional 十三幺; M = 1 in a mouse game),
self-draw ×2, W = P × M × (2 if self-drawn); who pays (包胡, the winner's kongs, 包杠 / 点杠包杠, the
dealer bonus). ``total`` is W; the settlement is in ``payments``; the Koudian figures (point,
multiplier, bao, kongs) are both top-level fields and under ``details``.

Input errors (HTTP 422, CLI exit 2) carry the codes of docs/rules/shanxi.md#errors: ``invalid_hand``
(every notation problem, with the parser's message and position kept) and ``invalid_context``. When both the
hand and the context are wrong, the hand's problems come first and the context's follow.

Readings chosen where the rules are silent (docs/rules/shanxi.md#rule-options-and-presets):
- ``declared`` and ``dealer`` are JSON booleans like every flag (CLI: ``--no-declared``).
- Every notation problem maps to ``invalid_hand`` (flowers written in the hand included: Koudian has
  none); an unknown ``dialect`` too.
- The winning tile is always the last concealed tile written; ``win_tile`` is only checked against it
  (it must equal the last concealed tile), a disagreement is ``invalid_context``.
- ``wild`` must be one of the 34 kinds of the 136-tile set; anything else is ``invalid_context``.
- ``kong_from`` is fully ignored (beyond its JSON shape) when ``dian_gang_bao_gang`` is false. Its keys
  are read as any tile spelling (``7z`` = ``C``) and compared in canonical form; two keys naming the
  same kind are ``invalid_context``. A ``,N`` on a pung or on an added/concealed kong is accepted and
  has no effect.
- A robbed-kong win (``kong_win`` on a discard) is not checked against other copies of the winning
  tile in the hand: docs/rules/shanxi.md#errors lists the context errors, and this is not one.
- 豪华 needs four identical *natural* tiles in the seven-pairs reading; with the default ``game``
  scope of ``mouse_no_bonus`` a mouse game has M = 1 anyway.
- Ties between interpretations with the same M: the decomposer's first (sorted) reading is shown in
  ``partition``; items and totals do not depend on it.
- In a mouse game ``details.cancelled`` lists the factors the hand would have had in a plain game.
- A valid:false result keeps, under ``details``, the figures computed before the failing check
  (waits, point) so the referee sees why; the top-level ``point``/``multiplier`` are null.
- Rule options (``rules``) cover the readings that change a score: hu_point, kong_value,
  stack_qingyise_yitiaolong, thirteen_orphans_factor, require_declared, declare_rule,
  baohu_declaration, baohu_includes_kongs, mouse_no_bonus, wild_kind_as_wait, robbed_kong_as,
  haohua_per_quad, total_mode, added_kong. Not options: a defined value for dragons other than 10 (the
  other reading gives them none), readings that only concern mouse games (where M = 1), 点杠包杠 and
  the dealer bonus (already the room fields ``dian_gang_bao_gang`` / ``dealer_bonus`` of the context)
  and the extras the rules page leaves out of this edition.
- ``robbed_kong_as="self_draw"`` scores a robbed kong fully as a self-draw: ×2, the 3-5 point tiles
  allowed, the three share (no 包胡).
- ``total_mode="winner_gain"`` (the other reading of what ``total`` is) sets ``total`` to the winner's net gain; the items
  then no longer multiply to ``total``.
- ``wilds`` says what each mouse stands for in the partition shown (``耗子 P → 5s``): one entry per
  mouse held, a mouse standing for its own kind included, group by group in the partition's order,
  natural tiles used before mice within a group; ``explain`` gives each interpretation its own list.
  Mice never sit in the melds of a legal win (``wild_in_meld``); an invalid result lists none.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

from scorer.apidoc import TILES, ApiDoc, nullable
from scorer.errors import HandError, Problem
from scorer.exclusions import apply_exclusions
from scorer.fields import Invalid, Model
from scorer.hand import Exposure, Hand, MeldKind
from scorer.notation import NotationRules, format_hand, format_meld, parse, parse_tile
from scorer.registry import ItemDef, ResolvedRules, Variant, register, validation_problems
from scorer.result import Item, ReadingView, Result, described
from scorer.seats import no_payments
from scorer.tiles import tile_name

from .context import PRESETS, ShanxiContext, ShanxiRules, canonical_tile
from .evaluate import (
    SEVEN_PAIRS,
    Pattern,
    all_readings,
    best_pattern_counted,
    hand13_waits,
    has_reading,
    mouse_uses,
    partition_texts,
    pattern_of,
    pt,
    tiles_of,
)
from .items import FACTOR_ORDER, INDEX, ITEMS
from .settle import KongFeed, relative_seat, settle

NOTATION = NotationRules(name="shanxi", kinds=frozenset(range(34)), n_sets=4, flowers_in_hand=False)

REASON_CODES = (
    "chow_not_allowed", "wild_in_meld", "not_declared", "passed_win", "not_a_winning_hand",
    "wild_discard", "declare_wait_too_low", "point_too_low", "self_draw_only",
)


@dataclass(slots=True, kw_only=True)
class ShanxiResult(Result):
    """The common result plus the Koudian fields (docs/rules/shanxi.md#payments, #errors)."""

    reason_code: str | None = described("why a hand is not a legal win (a code of docs/rules/shanxi.md#errors)",
                                        None)
    input_error: bool = False
    point: int | None = described("the winning point P (the winning tile's point, 1-10)", None)
    multiplier: int | None = described("the pattern multiplier M (the product of the special-hand factors)", None)
    bao: str | None = described("the seat that paid the win alone (包胡), else null", None)
    kongs: list[dict[str, Any]] = described("the winner's kongs and who paid them", factory=list)


class _BadContext:
    """A context that failed validation, kept until the hand is read so hand errors come first."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems

    def __getattr__(self, name: str) -> Any:
        # any other use (e.g. the referee's waits) reports the context's problems as input errors
        raise HandError(self.problems)


def _recode(problems: list[Problem], code: str) -> list[Problem]:
    return [Problem(p.message, p.position, code) for p in problems]


class Shanxi(Variant):
    id: ClassVar[str] = "shanxi"
    edition: ClassVar[str] = "Shanxi Koudian rules: tile-point wins, ready declaration, ×2 special hands, 耗子 games"
    name: ClassVar[str] = "Shanxi Koudian"
    name_zh: ClassVar[str] = "山西扣点点"
    notation = NOTATION
    Context = ShanxiContext
    Rules = ShanxiRules
    presets = PRESETS
    default_preset = "spec"
    items: ClassVar[tuple[ItemDef, ...]] = ITEMS
    shapes = SEVEN_PAIRS
    api_doc: ClassVar[ApiDoc] = ApiDoc(
        example_hand="[222m]345s678s11z56p4p", example_context={"seat_wind": "N", "self_draw": True},
        fields={"wild": nullable({"type": "string", "enum": TILES}), "indicators": {"type": "array", "maxItems": 0},
                "flowers": {"type": "integer", "const": 0}, "win_tile": nullable({"type": "string", "enum": TILES})},
        # a discard win names the discarder
        conditions={"anyOf": [{"required": ["self_draw"], "properties": {"self_draw": {"const": True}}},
                              {"required": ["discarder"]}]})

    def total_of(self, result: Result) -> int | None:
        """P × M × the self-draw double (docs/rules/shanxi.md)."""
        return math.prod((i.points or 1) * i.factor ** i.count for i in result.items)

    # --- input ---------------------------------------------------------------------------------
    def context(self, raw: Any) -> Any:
        if isinstance(raw, self.Context):
            return raw
        if raw is not None and not isinstance(raw, dict):
            return _BadContext([Problem("context must be an object", None, "invalid_context")])
        try:
            return self.Context.validate(raw or {}, "context")
        except Invalid as err:
            return _BadContext(_recode(validation_problems(err, "context"), "invalid_context"))

    def parse_hand(self, text: str | None, context: Any, dialect: str | None) -> Hand:
        problems: list[Problem] = []
        hand: Hand | None = None
        if text is None or not isinstance(text, str):
            problems.append(Problem("a hand is required", None, "invalid_hand"))
        else:
            try:
                hand = parse(text, NOTATION, dialect=dialect)
            except HandError as err:
                problems += _recode(err.problems, "invalid_hand")
        if isinstance(context, _BadContext):
            problems += context.problems
        if problems:
            raise HandError(problems)
        assert hand is not None
        return hand

    @staticmethod
    def _feeders(hand: Hand, ctx: ShanxiContext, problems: list[str]) -> dict[int, KongFeed]:
        """``kong_from`` / ``,N`` under 点杠包杠 (docs/rules/shanxi.md#context): the feeder of every [xxxx] kong."""
        kongs = list(hand.kongs)
        exposed = {tile_name(m.tiles[0]): i for i, m in enumerate(kongs) if m.exposure is Exposure.EXPOSED}
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
        feeders: dict[int, KongFeed] = {}
        for name, i in exposed.items():
            m = kongs[i]
            from_digit = relative_seat(ctx.seat_wind, m.claimed) if m.claimed in (1, 2, 3) else None
            entry = given.get(name)
            from_ctx = entry.seat if entry is not None else None
            if from_digit and from_ctx and from_digit != from_ctx:
                problems.append(f"{format_meld(m)} names {from_digit} as the feeder but kong_from says {from_ctx}")
                continue
            seat = from_digit or from_ctx
            if seat is None:
                problems.append(f"{format_meld(m)} needs a feeder under dian_gang_bao_gang (,N or kong_from seat)")
                continue
            if seat == ctx.seat_wind:
                problems.append(f"the feeder of {format_meld(m)} cannot be the winner's own seat")
                continue
            feeders[i] = KongFeed(seat, bool(entry.declared) if entry is not None else False)
        return feeders

    def _check_context(self, hand: Hand, ctx: ShanxiContext) -> dict[int, KongFeed] | None:
        """``invalid_context`` (docs/rules/shanxi.md#errors): every problem at once."""
        problems: list[str] = []
        if ctx.self_draw and ctx.discarder is not None:
            problems.append("discarder given on a self-drawn win")
        if not ctx.self_draw and ctx.discarder is None:
            problems.append("a win off a discard (or a robbed kong) needs the discarder")
        if ctx.discarder is not None and ctx.discarder == ctx.seat_wind:
            problems.append("the discarder is the winner's own seat")
        if ctx.kong_win and ctx.self_draw and not hand.kongs:
            problems.append("kong_win on a self-drawn win (杠上开花) needs a kong in the hand")
        if ctx.flowers != 0:
            problems.append(f"flowers must be 0 in Koudian, not {ctx.flowers}")
        if ctx.indicators:
            problems.append("indicators must be empty: give the mouse kind as wild")
        if ctx.dealer is not None and bool(ctx.dealer) != (ctx.seat_wind == "E"):
            problems.append(f"dealer={str(ctx.dealer).lower()} disagrees with seat_wind {ctx.seat_wind} "
                            "(the dealer is the E seat)")
        if ctx.win_tile is not None:
            try:
                named = canonical_tile(ctx.win_tile)
            except ValueError:
                problems.append(f"win_tile {str(ctx.win_tile)[:20]!r} is not a tile")
            else:
                if hand.win_tile is not None and named != tile_name(hand.win_tile):
                    problems.append(f"win_tile {named} is not the last concealed tile "
                                    f"({tile_name(hand.win_tile)})")
        feeders = self._feeders(hand, ctx, problems) if ctx.dian_gang_bao_gang else None
        if problems:
            raise HandError([Problem(p, None, "invalid_context") for p in problems])
        return feeders

    # --- scoring -------------------------------------------------------------------------------
    def score(self, hand: Hand, context: Model, rules: ResolvedRules) -> Result:
        ctx: ShanxiContext = context  # type: ignore[assignment]
        opts: ShanxiRules = rules.options  # type: ignore[assignment]
        feeders = self._check_context(hand, ctx)
        canonical = format_hand(hand)
        wild = parse_tile(ctx.wild) if ctx.wild is not None else None
        win = hand.win_tile
        assert win is not None
        details: dict[str, Any] = {"winning_tile": tile_name(win), "wild": ctx.wild}

        def invalid(code: str, reason: str) -> ShanxiResult:
            details["reason_code"] = code
            return ShanxiResult(variant=self.id, hand=canonical, valid=False, reason=reason, reason_code=code,
                                total=0, items=[], payments=no_payments(), details=details)

        chow = next((m for m in hand.melds if m.kind is MeldKind.CHOW), None)
        if chow is not None:
            return invalid("chow_not_allowed", f"chows cannot be claimed in Koudian: {format_meld(chow)} is not "
                                               "a legal meld")
        if wild is not None:
            wm = next((m for m in hand.melds if wild in m.tiles), None)
            if wm is not None:
                return invalid("wild_in_meld", f"the mouse {tile_name(wild)} cannot be claimed or konged: "
                                               f"{format_meld(wm)}")
        if opts.require_declared and not ctx.declared:
            return invalid("not_declared", "the winner had not declared ready (报听), and only a declared "
                                           "player may win")
        if ctx.passed_win and not ctx.self_draw:
            return invalid("passed_win", "after passing a win (过胡) the winner may only win by self-draw")
        tiles = tiles_of(hand, wild, ctx.thirteen_orphans)
        if not has_reading(tiles):
            return invalid("not_a_winning_hand", "the tiles form no Koudian winning structure (four sets and "
                                                 "a pair, or seven pairs)")
        mouse_win = wild is not None and win == wild
        if mouse_win and not ctx.self_draw:
            return invalid("wild_discard", f"the winning tile {tile_name(win)} is a mouse, and a discarded "
                                           "mouse cannot be won on")
        robbed = ctx.kong_win and not ctx.self_draw
        self_draw = ctx.self_draw or (robbed and opts.robbed_kong_as == "self_draw")
        ws = hand13_waits(tiles, win, opts.wild_kind_as_wait)
        max_wait = max((pt(k) for k in ws), default=None)
        details["waits"] = [tile_name(k) for k in ws]
        details["max_wait"] = max_wait
        point = max_wait if (mouse_win or opts.hu_point == "max_wait") else pt(win)
        details["point"] = point
        declared_value = max_wait if opts.declare_rule == "max_wait" else point
        if declared_value is None or declared_value < 6:
            shown = ", ".join(details["waits"]) or "none"
            if opts.declare_rule == "max_wait":
                why = f"the hand's waits ({shown}) hold no tile of 6 points or more, so it could not be declared"
            else:
                why = f"the winning point {point} is below 6, so the hand could not be declared"
            return invalid("declare_wait_too_low", why)
        assert point is not None
        if point <= 2:
            return invalid("point_too_low", f"the winning tile {tile_name(win)} is worth {point} point(s): 1 "
                                            "and 2 never win")
        if point <= 5 and not self_draw:
            return invalid("self_draw_only", f"the winning tile {tile_name(win)} is worth {point} points: 3 to 5 "
                                             "only win by self-draw")

        pattern, n_readings = best_pattern_counted(tiles, haohua_per_quad=opts.haohua_per_quad,
                                                   stack_qingyise_yitiaolong=opts.stack_qingyise_yitiaolong,
                                                   thirteen_factor=opts.thirteen_orphans_factor)
        if wild is not None and (opts.mouse_no_bonus == "game" or tiles.wilds > 0):
            details["cancelled"] = [f for f, _, _ in pattern.factors]
            pattern = Pattern(factors=[], shape=pattern.shape, groups=pattern.groups)
        multiplier = pattern.multiplier
        unit = point * multiplier * (2 if self_draw else 1)

        if opts.baohu_declaration == "discarder":
            baohu = not self_draw and not ctx.discarder_declared
        else:
            baohu = not self_draw and not ctx.declared
        bao = ctx.discarder if baohu else None
        s = settle(ctx.seat_wind, unit, baohu_payer=bao, dealer_bonus=ctx.dealer_bonus, kongs=list(hand.kongs),
                   feeders=feeders, kong_value=opts.kong_value, added_kong=opts.added_kong,
                   baohu_includes_kongs=opts.baohu_includes_kongs)

        items = [self._item("tile_point", points=point, tiles=tile_name(win),
                            detail=(f"mouse self-drawn: best wait {max_wait}" if mouse_win else None))]
        by_id = {f: (factor, n) for f, factor, n in pattern.factors}
        for fid in FACTOR_ORDER:
            if fid in by_id:
                factor, n = by_id[fid]
                items.append(self._item(fid, factor=factor, count=n))
        if self_draw:
            items.append(self._item("self_draw", factor=2))
        items, excluded = apply_exclusions(items, ITEMS)
        total = unit if opts.total_mode == "win_share" else s.payments[ctx.seat_wind]
        details.update({
            "point": point,
            "multiplier": multiplier,
            "self_draw_factor": 2 if self_draw else 1,
            "win_unit": unit,
            "shape": pattern.shape,
            "mouse_win": mouse_win,
            "robbed_kong": robbed,
            "bao": bao,
            "liable": {"win": bao or "three", "kongs": {k["tile"]: k["paid_by"] for k in s.kongs}},
            "kongs": s.kongs,
            "shares": s.shares,
            "win_payments": s.win_paid,
            "kong_payments": s.kong_paid,
            "dealer_bonus": ctx.dealer_bonus,
            "readings": n_readings,
            "reason_code": None,
        })
        return ShanxiResult(variant=self.id, hand=canonical, valid=True, total=total, items=items, excluded=excluded,
                            partition=partition_texts(hand, pattern.groups), payments=s.payments,
                            wilds=mouse_uses(tiles, pattern.groups),
                            point=point, multiplier=multiplier, bao=bao, kongs=s.kongs, details=details)

    def explain(self, hand: Hand, context: Model, rules: ResolvedRules) -> list[ReadingView]:
        """Every interpretation (standard partition, seven pairs, thirteen orphans) with its factors and
        the win share it would give; the scored one (largest M) is marked. Nothing for a non-win."""
        result = self.score(hand, context, rules)
        if not result.valid:
            return []
        ctx: ShanxiContext = context  # type: ignore[assignment]
        opts: ShanxiRules = rules.options  # type: ignore[assignment]
        d = result.details
        wild = parse_tile(ctx.wild) if ctx.wild is not None else None
        tiles = tiles_of(hand, wild, ctx.thirteen_orphans)
        no_bonus = wild is not None and (opts.mouse_no_bonus == "game" or tiles.wilds > 0)
        views: list[ReadingView] = []
        seen: set[tuple[str, ...]] = set()
        for groups, standins in all_readings(tiles):
            part = partition_texts(hand, groups)
            if tuple(part) in seen:
                continue
            seen.add(tuple(part))
            p = pattern_of(tiles, groups, standins, haohua_per_quad=opts.haohua_per_quad,
                           stack_qingyise_yitiaolong=opts.stack_qingyise_yitiaolong,
                           thirteen_factor=opts.thirteen_orphans_factor)
            factors = [] if no_bonus else p.factors
            items = result.items[:1] + [self._item(f, factor=x, count=n) for fid in FACTOR_ORDER
                                        for f, x, n in factors if f == fid]
            if d["self_draw_factor"] == 2:
                items.append(self._item("self_draw", factor=2))
            items, excluded = apply_exclusions(items, ITEMS)
            m = 1
            for _, x, n in factors:
                m *= x ** n
            note = "mouse game: no special-hand bonus" if no_bonus and p.factors else None
            views.append(ReadingView(index=len(views), chosen=part == result.partition, shape=p.shape,
                                     partition=part, items=items, excluded=excluded, total=d["point"] * m * d["self_draw_factor"],
                                     note=note, wilds=mouse_uses(tiles, groups)))
        return views

    @staticmethod
    def _item(item_id: str, points: int = 0, factor: int = 1, count: int = 1, tiles: str = "",
              detail: str | None = None) -> Item:
        d = INDEX[item_id]
        return Item(id=d.id, name=d.name, name_zh=d.name_zh, points=points, factor=factor, count=count,
                    tiles=tiles, detail=detail)


register(Shanxi())
