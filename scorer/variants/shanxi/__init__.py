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
from scorer.efficiency_profile import STANDARD_KINDS, THIRTEEN_ORPHANS, Profile, wild_of_context
from scorer.errors import HandError, Problem
from scorer.exclusions import apply_exclusions
from scorer.fields import Invalid, Model
from scorer.hand import Hand
from scorer.notation import NotationRules, format_hand, parse, parse_tile
from scorer.registry import ItemDef, ResolvedRules, Variant, register, scored_item, validation_problems
from scorer.result import Exclusion, Item, ReadingView, Result, described
from scorer.seats import no_payments
from scorer.tiles import tile_name

from .checks import Refusal, context_problems, hand_refusal, kong_feeders, point_refusal
from .context import PRESETS, ShanxiContext, ShanxiRules
from .evaluate import (
    SEVEN_PAIRS,
    Pattern,
    Tiles,
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
from .settle import KongFeed, settle

NOTATION = NotationRules(name="Shanxi's tiles (no flowers)", kinds=frozenset(range(34)), n_sets=4, flowers_in_hand=False, c_reader=True)

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


@dataclass(frozen=True, slots=True)
class _Win:
    """The facts of a win that passed every check: its tiles and winning tile, the point P."""

    tiles: Tiles
    tile: int
    point: int
    max_wait: int | None
    mouse_win: bool
    robbed: bool
    self_draw: bool


def _read_win(hand: Hand, ctx: ShanxiContext, opts: ShanxiRules, wild: int | None,
              details: dict[str, Any]) -> _Win | Refusal:
    """The win's facts, or why it is no legal win (the first reason in the order of
    docs/rules/shanxi.md#errors); the waits and the point go into ``details`` as they are found."""
    refusal = hand_refusal(hand, ctx, opts, wild)
    if refusal is not None:
        return refusal
    win = hand.win_tile
    assert win is not None
    tiles = tiles_of(hand, wild, ctx.thirteen_orphans)
    if not has_reading(tiles):
        return ("not_a_winning_hand", "the tiles form no Koudian winning structure (four sets and a pair, or "
                                      "seven pairs)")
    mouse_win = wild is not None and win == wild
    if mouse_win and not ctx.self_draw:
        return ("wild_discard", f"the winning tile {tile_name(win)} is a mouse, and a discarded mouse cannot be "
                                "won on")
    robbed = ctx.kong_win and not ctx.self_draw
    self_draw = ctx.self_draw or (robbed and opts.robbed_kong_as == "self_draw")
    point, max_wait = _point(tiles, win, mouse_win, opts, details)
    refusal = point_refusal(point, max_wait, details["waits"], self_draw, win, opts)
    if refusal is not None:
        return refusal
    assert point is not None
    return _Win(tiles, win, point, max_wait, mouse_win, robbed, self_draw)


def _point(tiles: Tiles, win: int, mouse_win: bool, opts: ShanxiRules,
           details: dict[str, Any]) -> tuple[int | None, int | None]:
    """The winning point P and the best wait's point (a self-drawn mouse, or ``hu_point="max_wait"``,
    scores the best wait); the waits and both points are written into ``details``."""
    ws = hand13_waits(tiles, win, opts.wild_kind_as_wait)
    max_wait = max([_POINTS[k] for k in ws], default=None)
    details["waits"] = [_NAMES[k] for k in ws]
    details["max_wait"] = max_wait
    point = max_wait if (mouse_win or opts.hu_point == "max_wait") else pt(win)
    details["point"] = point
    return point, max_wait


# each kind's point and name, read for every wait (with mice every kind may be one)
_POINTS = tuple(pt(k) for k in range(34))
_NAMES = tuple(tile_name(k) for k in range(34))


def _no_bonus(wild: int | None, tiles: Tiles, opts: ShanxiRules) -> bool:
    """A mouse game cancels the special-hand factors (``mouse_no_bonus``: every mouse game, or only
    when a mouse is held)."""
    return wild is not None and (opts.mouse_no_bonus == "game" or tiles.wilds > 0)


def _baohu(ctx: ShanxiContext, opts: ShanxiRules, self_draw: bool) -> bool:
    """包胡: a discard win where the one who must have declared (``baohu_declaration``) had not."""
    if opts.baohu_declaration == "discarder":
        return not self_draw and not ctx.discarder_declared
    return not self_draw and not ctx.declared


def _efficiency_shapes(ctx: Any) -> int:
    """Seven pairs always; thirteen orphans where the room allows it (docs/rules/shanxi.md)."""
    return SEVEN_PAIRS | (THIRTEEN_ORPHANS if getattr(ctx, "thirteen_orphans", False) else 0)


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
    # tile efficiency (docs/efficiency.md#variants)
    efficiency: ClassVar[Profile | None] = Profile(STANDARD_KINDS, 4, _efficiency_shapes, wild_of_context, STANDARD_KINDS)
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
    def _check_context(hand: Hand, ctx: ShanxiContext) -> dict[int, KongFeed] | None:
        """``invalid_context`` (docs/rules/shanxi.md#errors): every problem at once."""
        problems = context_problems(hand, ctx)
        feeders = kong_feeders(hand, ctx, problems) if ctx.dian_gang_bao_gang else None
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

        def invalid(refusal: Refusal) -> ShanxiResult:
            code, reason = refusal
            details["reason_code"] = code
            return ShanxiResult(variant=self.id, hand=canonical, valid=False, reason=reason, reason_code=code,
                                total=0, items=[], payments=no_payments(), details=details)

        read = _read_win(hand, ctx, opts, wild, details)
        if isinstance(read, tuple):
            return invalid(read)
        return self._valid(hand, canonical, ctx, opts, read, feeders, details)

    def _valid(self, hand: Hand, canonical: str, ctx: ShanxiContext, opts: ShanxiRules, win: _Win,
               feeders: dict[int, KongFeed] | None, details: dict[str, Any]) -> ShanxiResult:
        """A legal win: its pattern, the win share, the settlement (docs/rules/shanxi.md#payments)."""
        tiles, point, self_draw = win.tiles, win.point, win.self_draw
        pattern, n_readings = best_pattern_counted(tiles, haohua_per_quad=opts.haohua_per_quad,
                                                   stack_qingyise_yitiaolong=opts.stack_qingyise_yitiaolong,
                                                   thirteen_factor=opts.thirteen_orphans_factor)
        if _no_bonus(tiles.wild, tiles, opts):
            details["cancelled"] = [f for f, _, _ in pattern.factors]
            pattern = Pattern(factors=[], shape=pattern.shape, groups=pattern.groups)
        multiplier = pattern.multiplier
        unit = point * multiplier * (2 if self_draw else 1)
        bao = ctx.discarder if _baohu(ctx, opts, self_draw) else None
        s = settle(ctx.seat_wind, unit, baohu_payer=bao, dealer_bonus=ctx.dealer_bonus, kongs=list(hand.kongs),
                   feeders=feeders, kong_value=opts.kong_value, added_kong=opts.added_kong,
                   baohu_includes_kongs=opts.baohu_includes_kongs)
        point_item = self._item("tile_point", points=point, tiles=tile_name(win.tile),
                                detail=(f"mouse self-drawn: best wait {win.max_wait}" if win.mouse_win else None))
        items, excluded = self._items(point_item, pattern.factors, self_draw)
        total = unit if opts.total_mode == "win_share" else s.payments[ctx.seat_wind]
        details.update({
            "point": point,
            "multiplier": multiplier,
            "self_draw_factor": 2 if self_draw else 1,
            "win_unit": unit,
            "shape": pattern.shape,
            "mouse_win": win.mouse_win,
            "robbed_kong": win.robbed,
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
        return ShanxiResult(variant=self.id, hand=canonical, valid=True, total=total, items=items,
                            excluded=excluded,
                            partition=partition_texts(hand, pattern.groups), payments=s.payments,
                            wilds=mouse_uses(tiles, pattern.groups),
                            point=point, multiplier=multiplier, bao=bao, kongs=s.kongs, details=details)

    def _items(self, point_item: Item, factors: list[tuple[str, int, int]],
               self_draw: bool) -> tuple[list[Item], list[Exclusion]]:
        """The point, the pattern's factors in ``FACTOR_ORDER``, the self-draw double; exclusions applied."""
        items = [point_item] + [self._item(f, factor=x, count=n) for fid in FACTOR_ORDER
                                for f, x, n in factors if f == fid]
        if self_draw:
            items.append(self._item("self_draw", factor=2))
        return apply_exclusions(items, ITEMS)

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
        no_bonus = _no_bonus(wild, tiles, opts)
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
            items, excluded = self._items(result.items[0], factors, d["self_draw_factor"] == 2)
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
        return scored_item(INDEX[item_id], points, factor, count, tiles, detail)


register(Shanxi())
