"""Riichi's compiled path (``_fast.pyx``): what it is told of the item table and of a request, and the
chosen reading it answers turned back into the pure path's ``Scored`` (docs/performance.md#riichi).

The C code names no han, no exclusion and no table order: ``configure`` hands it those from
``items.py`` (with ``yaku.py``'s tile sets, ``shapes.py``'s orphans, ``value.py``'s limits) at import.
It reads a request through ``situation_bits`` and ``rule_bits``, each field by name; the fields the
path reads are ``CONTEXT_FIELDS_READ`` and ``RULE_OPTIONS_READ``, held at import against the declared
``RiichiContext`` and ``RiichiRules``: a field declared and not read (or read and no longer declared)
turns the path off with the reason in ``DECLINED`` (logged; tests/test_riichi_compiled.py fails on
it) -- never a silent fall to the pure path. ``MJSCORE_PURE=1`` (or a missing build) selects the pure
twin, ``evaluate.score_reading`` over ``shapes.readings``; it turns off ``parse_plain`` (plain hand
texts read by the C notation reader) too, so the twin reads every text with the notation parser.

``full_path`` is ``engine.score``'s compiled entry for riichi (``Riichi.full_fast``): ``_fast.full``,
the whole Result built in C (``_full_path.pxi``) from a plain text, a plain context dict (each value
one its declared field takes as it is: ``_plain_spec``) and rules the variant reads, told everything
it knows at configure (``_full_tables``: the declarations and the Python writers); anything else, and
a context that contradicts the hand, is declined to the checked path, which answers it (and names
every problem; ``why_declined`` says which step declined). Should the C full path stay off
(``FULL_DECLINED``, logged), ``python_full_path`` answers the same requests with the variant's own
``score``. Results share frozen parts (items, groups), never a result.
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any

from scorer import compiled_contract, notation
from scorer.errors import HandError, Problem
from scorer.fields import Field, Shape
from scorer.hand import Exposure, Hand, Meld, MeldKind
from scorer.notation import format_meld, red_name, red_text
from scorer.registry import PRESET_KEY, ResolvedRules
from scorer.result import ContextUsed, Exclusion, Item, Result
from scorer.seats import DEALER, SEATS, WIND_TILE, previous_seat
from scorer.tiles import NUM_STANDARD_KINDS, tile_name

from . import item_tiles
from . import value as value_module
from .checks import MAX_INDICATORS, NOTATION, next_tile, read_indicators
from .context import RiichiContext, RiichiRules
from .evaluate import MAX_YAKUMAN, ONE_YAKUMAN, TIE_BREAK, DoraCount, Scored
from .fu import FuItem
from .item_tiles import tiles_of
from .items import DORA_IDS, DOUBLE_YAKUMAN, ITEMS, OPEN_HAN, YAKUMAN_IDS
from .shapes import (
    KAN,
    KANCHAN,
    ORPHANS,
    PAIR,
    PENCHAN,
    RYANMEN,
    SEQ,
    SHANPON,
    TANKI,
    THIRTEEN,
    TRIPLET,
    Group,
    Reading,
    _group_text,
    chiitoitsu_reading,
    kokushi_reading,
    meld_group,
)
from .value import settle, value
from .yaku import DRAGONS, GREEN, NINE_GATES

# the codes _fast.pyx numbers these by (its K_*, W_*, S_* constants)
GROUP_KINDS = (SEQ, TRIPLET, KAN, PAIR)
WAITS = (RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI, THIRTEEN)
SHAPES = ("standard", "chiitoitsu", "kokushi")

# each context field and rule option the path reads, and how (its B_* / R_* bits, or the pure
# checks around it): adding a field to RiichiContext or RiichiRules means teaching the path it
CONTEXT_FIELDS_READ = {
    "self_draw": "situation bit", "seat_wind": "seat tile and the dealer bit", "round_wind": "round tile",
    "discarder": "the payments", "riichi": "situation bit", "double_riichi": "situation bit",
    "ippatsu": "situation bit", "last_wall": "situation bit", "kong_win": "situation bit",
    "first_turn": "situation bit", "dora_indicators": "the dora count", "ura_dora_indicators": "the dora count",
    "honba": "the payments", "riichi_sticks": "the result's details",
}
RULE_OPTIONS_READ = {
    "open_tanyao": "rule bit", "aka": "the dora count", "double_yakuman": "rule bit", "yakuman_stack": "rule bit",
    "kazoe": "rule bit (yakuman)", "kiriage": "rule bit", "renhou": "rule bits (mangan, yakuman)",
}


def contract_problems(context_fields: tuple[str, ...], rule_options: tuple[str, ...]) -> list[str]:
    """Why the compiled path cannot read requests declared with these fields; none when it can."""
    return (compiled_contract.contract_problems("RiichiContext", "fields", context_fields, CONTEXT_FIELDS_READ)
            + compiled_contract.contract_problems("RiichiRules", "fields", rule_options, RULE_OPTIONS_READ))


def situation_bits(ctx: RiichiContext) -> int:
    return (ctx.self_draw | ctx.riichi << 1 | ctx.double_riichi << 2 | ctx.ippatsu << 3 | ctx.last_wall << 4
            | ctx.kong_win << 5 | ctx.first_turn << 6 | (ctx.seat_wind == DEALER) << 7)


def rule_bits(rules: RiichiRules) -> int:
    return (rules.open_tanyao | rules.double_yakuman << 1 | rules.yakuman_stack << 2
            | (rules.kazoe == "yakuman") << 3 | rules.kiriage << 4 | (rules.renhou == "mangan") << 5
            | (rules.renhou == "yakuman") << 6)


IDS = [row.id for row in ITEMS]
PRINCIPLES: list[str] = sorted({p for row in ITEMS for _, p in row.excludes}) + [ONE_YAKUMAN]


def _excluded_by() -> list[list[tuple[int, int]]]:
    """Each item's excluders in the table's order, with the principle (as scorer.exclusions reads it)."""
    by: list[list[tuple[int, int]]] = [[] for _ in ITEMS]
    for n, row in enumerate(ITEMS):
        for target, principle in row.excludes:
            by[IDS.index(target)].append((n, PRINCIPLES.index(principle)))
    return by


def load(context_fields: tuple[str, ...], rule_options: tuple[str, ...]) -> tuple[ModuleType | None, str | None]:
    """The compiled module configured from the declarations, or None; and why it is off (None: on,
    or the pure twin chosen by ``MJSCORE_PURE=1`` or a missing build). A reason is logged."""
    if os.environ.get("MJSCORE_PURE", "") == "1":
        return None, None
    try:
        fast = importlib.import_module("._fast", __package__)
    except ImportError:  # extension not built
        return None, None
    fast.configure(
        IDS, [row.points for row in ITEMS], [OPEN_HAN.get(i) or 0 for i in IDS], [i in YAKUMAN_IDS for i in IDS],
        [i in DOUBLE_YAKUMAN for i in IDS], [i in DORA_IDS for i in IDS], _excluded_by(),
        PRINCIPLES.index(ONE_YAKUMAN), MAX_YAKUMAN, GREEN, NINE_GATES,
        (value_module.MANGAN, value_module.HANEMAN, value_module.BAIMAN, value_module.SANBAIMAN,
         value_module.YAKUMAN), value_module.KIRIAGE, DRAGONS, ORPHANS)
    problems = contract_problems(context_fields, rule_options)
    if fast.DECLINED:
        problems.insert(0, fast.DECLINED)
    if problems:
        # never a silent fall to the pure path: logged here, and the suite fails on it
        declined = "; ".join(problems)
        logging.getLogger(__name__).warning("riichi's compiled path is off: %s", declined)
        return None, declined
    return fast, None


_fast, DECLINED = load(tuple(RiichiContext.fields), tuple(RiichiRules.fields))
BACKEND = "pure" if _fast is None else "fast"

_ITEMS: dict[tuple[int, int, int], Item] = {}
_EXCLUSIONS: dict[tuple[int, int, int, int], Exclusion] = {}


def _item(n: int, points: int, count: int) -> Item:
    # results share these frozen items, as the pure path's equal ones
    found = _ITEMS.get((n, points, count))
    if found is None:
        row = ITEMS[n]
        found = _ITEMS[(n, points, count)] = Item(id=row.id, name=row.name, name_zh=row.name_zh, points=points,
                                                   count=count)
    return found


def _exclusion(n: int, by: int, principle: int, count: int) -> Exclusion:
    found = _EXCLUSIONS.get((n, by, principle, count))
    if found is None:
        row = ITEMS[n]
        found = _EXCLUSIONS[(n, by, principle, count)] = Exclusion(
            id=row.id, name=row.name, name_zh=row.name_zh, by=IDS[by], principle=PRINCIPLES[principle], count=count)
    return found


# the concealed groups the C path names, as (kind code, tile, concealed): few, frozen, shared by results
_GROUPS: dict[tuple[int, int, int], Group] = {}


def _reading(hand: Hand, meld_groups: list[Group], shape: int, groups: list[tuple[int, int, int]],
             wait: int) -> Reading | None:
    if shape == 2:
        return kokushi_reading(hand)
    if shape == 1:
        return chiitoitsu_reading(hand)
    made = list(meld_groups)
    for key in groups:
        group = _GROUPS.get(key)
        if group is None:
            kind, tile, concealed = key
            name = GROUP_KINDS[kind]
            group = _GROUPS[key] = Group(name, tile, bool(concealed), False, _group_text(name, tile))
        made.append(group)
    return Reading("standard", tuple(made), WAITS[wait], tuple(g.text for g in made))


def parse_plain(text: object) -> Hand | None:
    """The hand the C notation reader (``scorer/_fastparse.pyx``) reads, for a text in its plain
    subset (ASCII, no flower, no problem): riichi's notation reads that subset as the standard one
    does, with each red five (``0m 0p 0s``) read as a five and marked red after (``_red_fives``).
    None for anything else (the Python parser reads it and reports every problem)."""
    reader = notation._fastparse
    if _fast is None or reader is None or type(text) is not str:
        return None
    reds = _red_fives(text) if "0" in text else None
    hand: Hand | None = reader.parse_hand(text if reds is None else text.replace("0", "5"))
    if hand is None or any(m.claimed is None and m.kind is MeldKind.KONG and m.exposure is Exposure.EXPOSED
                           for m in hand.melds):
        return None  # a bare [5555p]: the standard reading notes it, riichi's does not; the parser decides
    if reds is None:
        return None if "0" in text else hand
    concealed, in_melds, red_win = reds
    if len(in_melds) != len(hand.melds):
        return None
    melds = tuple(m if not n else dataclasses.replace(m, red=n) for m, n in zip(hand.melds, in_melds, strict=True))
    return dataclasses.replace(hand, melds=melds, red=tuple(sorted(concealed)), red_win=red_win)


def _red_fives(text: str) -> tuple[list[int], list[int], bool] | None:
    """The red fives a plain text writes: the concealed ones' kinds, each meld's count (in the order
    written) and whether the last concealed tile written is one; None when a 0 is not a red five of
    a suit or a suit holds two (the parser reports those)."""
    concealed: list[int] = []
    in_melds: list[int] = []
    in_meld = False
    last_concealed_red = False
    suits_seen: set[str] = set()
    for n, ch in enumerate(text):
        if ch in "[{(":
            in_meld = True
            in_melds.append(0)
        elif ch in "]})":
            in_meld = False
        elif ch in _HONOUR_LETTERS:
            last_concealed_red = last_concealed_red and in_meld
        elif ch.isdigit():
            if in_meld and text[n - 1] == ",":
                continue  # the ,N digit
            if ch == "0":
                suit = next((c for c in text[n + 1:] if not c.isdigit() and not c.isspace()), "")
                if suit not in _SUIT_BASE or suit in suits_seen:
                    return None
                suits_seen.add(suit)
                if in_meld:
                    in_melds[-1] += 1
                else:
                    concealed.append(_SUIT_BASE[suit] + 4)
            if not in_meld:
                last_concealed_red = ch == "0"
    return concealed, in_melds, last_concealed_red


_SUIT_BASE = {"m": 0, "p": 9, "s": 18}
_HONOUR_LETTERS = frozenset("ESWNCFP")


def best_scored(hand: Hand, ctx: RiichiContext, rules: RiichiRules, dora: DoraCount,
                discarder: str) -> list[Scored] | None:
    """The chosen reading scored, as ``[Scored]`` (``[]``: the hand has no reading), the same as the
    pure path's choice among every reading; None when the path is off (the pure path then scores it)."""
    if _fast is None:
        return None
    assert hand.win_tile is not None  # riichi's notation always names one
    concealed = hand.counts()
    meld_groups = [_meld_group(m) for m in hand.melds]
    melds = tuple((GROUP_KINDS.index(g.kind), g.tile, g.concealed) for g in meld_groups)
    answer = _fast.best(concealed, melds, hand.win_tile, situation_bits(ctx), WIND_TILE[ctx.seat_wind],
                        WIND_TILE[ctx.round_wind], rule_bits(rules), dora.dora, dora.aka_dora, dora.ura_dora)
    if answer is None:
        return []
    shape, groups, wait, kept, excluded, han, fu, fu_items, yakuman, has_yaku = answer
    reading = _reading(hand, meld_groups, shape, groups, wait)
    assert reading is not None
    worth = value(han, fu, yakuman, rules)
    paid = settle(worth.basic, ctx.seat_wind, ctx.self_draw, discarder, ctx.honba)
    fu_list = [FuItem(_FU_REASONS[r], v, reading.groups[g].text if g >= 0 else "") for r, v, g in fu_items]
    items = _with_tiles([_item(*k) for k in kept], reading, ctx, hand.win_tile, dora)
    return [Scored(reading, items, [_exclusion(*e) for e in excluded], han, fu, fu_list,
                   yakuman, bool(has_yaku), worth, paid)]


# a meld (equal melds: the same kind, tiles, exposure, claim digit and red fives) -> its group, as
# ``meld_group`` makes it; frozen, shared by results; bounded
_MELD_GROUPS: dict[Meld, Group] = {}


def _meld_group(meld: Meld) -> Group:
    group = _MELD_GROUPS.get(meld)
    if group is None:
        group = meld_group(meld)
        if len(_MELD_GROUPS) < 4096:
            _MELD_GROUPS[meld] = group
    return group


def _with_tiles(items: list[Item], reading: Reading, ctx: RiichiContext, win: int, dora: DoraCount) -> list[Item]:
    """The tiles behind each item, written by the pure path's own writers (``item_tiles``, the dora count)."""
    out = []
    for it in items:
        held = _DORA_AT.get(it.id)
        tiles = dora.tiles[held] if held is not None else tiles_of(it.id, reading, ctx, win)
        # the item of _item with its tiles (dataclasses.replace costs several times more)
        out.append(Item(id=it.id, name=it.name, name_zh=it.name_zh, points=it.points, count=it.count, tiles=tiles)
                   if tiles else it)
    return out


_DORA_AT = {item_id: n for n, item_id in enumerate(DORA_IDS)}  # its place in DoraCount.tiles
_FU_REASONS: tuple[str, ...] = _fast.FU_REASONS if _fast is not None else ()


# --- the full request: a plain context and rules read without the model, the Result built here ----

# how a context field takes a value as it is: (kind, nullable, argument) -- "boolean", "enum" (the
# values), "text" (the longest), "integer" ((low, high)); read by plain_context here and by the C
# full path (_full_path.pxi) alike
PlainSpec = tuple[str, bool, Any]


def _plain_spec(f: Field) -> PlainSpec | None:
    """How the field's declared check takes a value as it is (``scorer.fields.check`` returns it
    unchanged, no fault): a bool, a string of its enum or within its length, an int within its
    bounds, or null where the field allows it. None for a field declared otherwise (a request
    giving it goes to the checked path)."""
    if f.before is not None or f.after is not None:
        return None
    return _shape_spec(f.shape, False)


def _shape_spec(shape: Shape, nullable: bool) -> PlainSpec | None:
    bound = shape.bound
    if shape.kind == "boolean":
        return ("boolean", nullable, None)
    if shape.kind == "string" and not bound.lax:
        if shape.enum:
            return ("enum", nullable, frozenset(shape.enum))
        if bound.min_length is None and bound.max_length is not None:
            return ("text", nullable, bound.max_length)
    if shape.kind == "integer" and not shape.enum and bound.ge is not None and bound.le is not None:
        return ("integer", nullable, (bound.ge, bound.le))
    if shape.kind == "union" and shape.nullable and not nullable:
        return _shape_spec(shape.non_null(), True)
    return None


def _plain_reader(f: Field) -> Callable[[Any], bool] | None:
    """``_plain_spec`` as a test of one value."""
    spec = _plain_spec(f)
    if spec is None:
        return None
    kind, nullable, arg = spec
    if kind == "boolean":
        test: Callable[[Any], bool] = lambda v: v.__class__ is bool  # noqa: E731
    elif kind == "enum":
        test = lambda v: v.__class__ is str and v in arg  # noqa: E731
    elif kind == "text":
        test = lambda v: v.__class__ is str and len(v) <= arg  # noqa: E731
    else:
        test = lambda v: v.__class__ is int and arg[0] <= v <= arg[1]  # noqa: E731
    return (lambda v: v is None or test(v)) if nullable else test


_CONTEXT_READERS = {name: _plain_reader(f) for name, f in RiichiContext.fields.items()}
_CONTEXT_DEFAULTS = {name: f.default for name, f in RiichiContext.fields.items()}
_CONTEXT_NAMES = tuple(RiichiContext.fields)


def plain_context(raw: Any) -> RiichiContext | None:
    """The context model ``RiichiContext.validate`` gives for a dict of declared fields with plain
    values (each as its field's check takes it unchanged); None for anything else (the checked path
    reads it, and names every problem)."""
    if raw is None:
        raw = {}
    elif raw.__class__ is not dict:
        return None
    for key, v in raw.items():
        reader = _CONTEXT_READERS.get(key) if key.__class__ is str else None
        if reader is None or not reader(v):
            return None
    ctx = RiichiContext.__new__(RiichiContext)
    ctx.__dict__.update(_CONTEXT_DEFAULTS)
    ctx.__dict__.update(raw)
    ctx.__dict__["fields_set"] = frozenset(raw)
    return ctx


# rules already read -- a preset's name (None: the default) or an object of plain values, each value
# keyed with its type (1 is not True) -- as the variant resolved them, with their echo; bounded, so
# that no stream of new objects grows it
_RULES_READ: dict[Any, tuple[ResolvedRules, dict[str, Any]]] = {}
_RULES_KEPT = 1024
_KEY_TYPES = frozenset({str, bool, int, type(None)})


_NOT_PLAIN = object()


def _rules_key(rules: Any) -> Any:
    """The key plain rules are kept by (a preset's name, None, or an object's items with their
    types), or ``_NOT_PLAIN``."""
    if rules is None or rules.__class__ is str:
        return rules
    if rules.__class__ is dict and all(v.__class__ in _KEY_TYPES for v in rules.values()):
        return tuple((k, v.__class__, v) for k, v in rules.items())
    return _NOT_PLAIN


def _rules_of(variant: Any, rules: Any) -> tuple[ResolvedRules, dict[str, Any]]:
    """``variant.rules(rules)`` (raising its HandError) and its echo, read once for plain rules."""
    key = _rules_key(rules)
    if key is _NOT_PLAIN:
        resolved: ResolvedRules = variant.rules(rules)
        return resolved, resolved.echo()
    found = _RULES_READ.get(key)
    if found is None:
        resolved = variant.rules(rules)
        found = (resolved, resolved.echo())
        if len(_RULES_READ) < _RULES_KEPT:
            _RULES_READ[key] = found
    return found


def rules_reading(variant: Any) -> Callable[[Any], tuple[int, bool, dict[str, Any]] | None]:
    """The C full path's reader of rules: (``rule_bits``, whether red fives count, the echo), or
    None for rules the variant refuses (the checked path names the problem). The C path asks it once
    for each rule set ``rule_table`` codes, and each time for rules outside it."""
    def read(rules: Any) -> tuple[int, bool, dict[str, Any]] | None:
        try:
            resolved, echo = _rules_of(variant, rules)
        except HandError:
            return None
        opts: RiichiRules = resolved.options  # type: ignore[assignment]
        return rule_bits(opts), opts.aka, echo
    return read


def rule_table(variant: Any) -> dict[str, Any] | None:
    """The rule options as the C path codes them: each option's name and the values its declared
    check takes unchanged (a bool; a string of its enum), each preset's choice of every option (by
    place), the default preset and the key naming a preset. None when an option is declared
    otherwise or a preset does not set every option (the C path then says it is off)."""
    options: list[tuple[str, tuple[Any, ...]]] = []
    for name, f in variant.Rules.fields.items():
        spec = _plain_spec(f)
        if spec is None or spec[1] or spec[0] not in ("boolean", "enum"):
            return None
        options.append((name, (False, True) if spec[0] == "boolean" else tuple(sorted(spec[2]))))
    presets = []
    for preset, values in variant.presets.items():
        if set(values) != {name for name, _ in options}:
            return None
        places = tuple(next((n for n, c in enumerate(choices) if type(c) is type(values[name]) and c == values[name]),
                            None) for name, choices in options)
        if None in places:
            return None
        presets.append((preset, places))
    return {"options": options, "presets": presets, "default": variant.default_preset, "preset_key": PRESET_KEY}


def indicator_tiles(text: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """An indicator field read as ``checks.read_indicators`` reads it: (kinds, red fives' kinds),
    or None when it is not plain tiles (the checked path names the problem). The C path asks it only
    for the texts its list reader leaves (non-ASCII ones and problems); ``read_indicators`` keeps the
    texts it reads without a problem."""
    problems: list[Problem] = []
    ind = read_indicators(_OneField(text), problems)  # type: ignore[arg-type]
    return None if problems else (ind.dora, ind.red)


@dataclasses.dataclass(frozen=True)
class _OneField:
    """A context holding one indicator text, for ``read_indicators``."""
    dora_indicators: str
    ura_dora_indicators: str = ""


_MELD_KINDS = (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG)  # the C notation reader's codes
_EXPOSURES = (Exposure.EXPOSED, Exposure.ADDED, Exposure.CONCEALED)


def meld_text(kind: int, tile: int, exposure: int, claim: int, red: int) -> str:
    """``format_meld`` of a meld as the C notation reader codes it, with its red fives."""
    tiles = (tile, tile + 1, tile + 2) if kind == 0 else (tile,) * (3 if kind == 1 else 4)
    return format_meld(Meld(_MELD_KINDS[kind], tiles, _EXPOSURES[exposure], claim or None, red=red))


def _first_five_red(kind: str, tile: int) -> str | None:
    """A concealed group's text with its first five written red (``written_partition``), or None."""
    copies = {PAIR: 2, TRIPLET: 3}.get(kind, 1)
    tiles = [k for k in ((tile, tile + 1, tile + 2) if kind == SEQ else (tile,)) for _ in range(copies)]
    fives = [k < 27 and k % 9 == 4 for k in tiles]
    if not any(fives):
        return None
    first = fives.index(True)
    return red_text(tiles, [n == first for n in range(len(tiles))])


def _group_texts(red: bool) -> list[str | None]:
    """Each concealed group's text by (kind code, tile), as the reading writes it."""
    out: list[str | None] = []
    for kind in GROUP_KINDS:
        for tile in range(34):
            real = tile < 34 if kind != SEQ else (tile < 27 and tile % 9 <= 6)
            if not real or kind == KAN:
                out.append(None)
            elif red:
                out.append(_first_five_red(kind, tile))
            else:
                out.append(_group_text(kind, tile))
    return out


def _full_tables(variant: Any) -> dict[str, Any]:
    """What the C full path is told (``_fast.configure_full``), each from its declaration or writer."""
    from scorer.version import __version__

    rules = RiichiRules.validate({})
    kazoe = RiichiRules.validate({"kazoe": "yakuman"})
    limits = [value(1, 30, 0, rules).limit, value(5, 30, 0, rules).limit, value(6, 30, 0, rules).limit,
              value(8, 30, 0, rules).limit, value(11, 30, 0, rules).limit, value(13, 30, 0, kazoe).limit]
    return {
        "fields": [(name, f.default, _plain_spec(f)) for name, f in RiichiContext.fields.items()],
        "seats": SEATS, "previous_seat": {s: previous_seat(s) for s in SEATS}, "seat_tile": WIND_TILE,
        "dealer": DEALER, "rules_reader": rules_reading(variant), "rule_table": rule_table(variant),
        "indicator_reader": indicator_tiles,
        "max_indicators": MAX_INDICATORS, "red_fives": NOTATION.red_fives,
        "standard_kinds": NOTATION.kinds == frozenset(range(NUM_STANDARD_KINDS)),
        # a bare [5555p] is noted only where the notation reads helper strings (notation.parse)
        "bare_kong_read": not NOTATION.helper_strings,
        "next_tile": [next_tile(k) for k in range(34)], "tile_names": [tile_name(k) for k in range(34)],
        "group_texts": _group_texts(False), "red_group_texts": _group_texts(True),
        "red_names": [red_name(9 * suit + 4) for suit in range(3)], "meld_writer": meld_text,
        "item_ids": IDS, "item_names": [row.name for row in ITEMS], "item_names_zh": [row.name_zh for row in ITEMS],
        "principles": PRINCIPLES, "finders": tuple(item_tiles.FINDERS),
        "triplet_kinds": {**{yaku: (tile,) for tile, yaku in item_tiles.DRAGON_YAKU.items()},
                          "daisangen": item_tiles.DRAGONS, "shousangen": item_tiles.DRAGONS,
                          "daisuushii": item_tiles.WINDS, "shousuushii": item_tiles.WINDS},
        "fu_reasons": _FU_REASONS, "limits": limits,
        "yakuman_limits": [""] + [value(13 * n, 0, n, rules).limit for n in range(1, MAX_YAKUMAN + 1)],
        "variant": variant.id, "not_winning": NOT_WINNING, "no_yaku": NO_YAKU, "tie_break": TIE_BREAK,
        "version": __version__, "result": Result, "item": Item, "exclusion": Exclusion, "context_used": ContextUsed,
    }


NOT_WINNING, NO_YAKU = "not a winning hand", "no yaku"  # Riichi.score's reasons
# why the C full path declines a request, by its code (_full_path.pxi's WHY_*)
DECLINE_REASONS = {
    1: "riichi's compiled path is off (MJSCORE_PURE=1, no build, or compiled.DECLINED)",
    2: "a hand that is not a text in the C notation reader's plain subset (the notation parser reads it)",
    3: ("a context that is not a dict of declared fields, each with a value its field takes as it is "
        "(the context model reads it and names every problem)"),
    4: "rules the variant does not read (the checked path names the problem)",
    5: "a context that contradicts the hand (the checked path names every problem)",
}
FULL_DECLINED: str | None = "not configured"  # why the C full path is off (None: on)


def full_path(variant: Any) -> Callable[[Any, Any, Any], Result | None] | None:
    """``engine.score``'s compiled entry for riichi (``Riichi.full_fast``): ``_fast.full``, the
    whole Result built in C (``_full_path.pxi``) for a plain text in the C notation reader's subset,
    a plain context and rules the variant reads without a problem -- the checked path's very
    Result; None for any other request, and for one whose context contradicts the hand (the checked
    path then answers, naming every problem). None when the compiled path is off; should the C
    full path stay off (``FULL_DECLINED``, logged), ``python_full_path`` answers in its place."""
    global FULL_DECLINED
    if _fast is None:
        return None
    _fast.configure_full(_full_tables(variant))
    FULL_DECLINED = _fast.FULL_DECLINED
    if FULL_DECLINED is None:
        full: Callable[[Any, Any, Any], Result | None] = _fast.full
        return full
    logging.getLogger(__name__).warning("riichi's C full path is off: %s", FULL_DECLINED)
    return python_full_path(variant)


def python_full_path(variant: Any) -> Callable[[Any, Any, Any], Result | None] | None:
    """The full path with the variant's own ``score``: the plain request read here, the Result
    built by the checked path's code (the C full path's stand-in while it is off)."""
    if _fast is None:
        return None
    from scorer.version import __version__

    def full(hand: Any, context: Any, rules: Any) -> Result | None:
        parsed = parse_plain(hand)
        if parsed is None:
            return None
        ctx = plain_context(context)
        if ctx is None:
            return None
        try:
            resolved, echo = _rules_of(variant, rules)
            result: Result = variant.score(parsed, ctx, resolved)
        except HandError:
            return None  # the checked path reports it, every problem at once
        result.rules = dict(echo)  # each result its own dict (of JSON scalars)
        result.version = __version__
        result.context_used = variant.context_used(ctx, parsed)
        if parsed.notes:
            result.warnings = [*parsed.notes, *result.warnings]
        return result

    return full


def why_declined(variant: Any, hand: Any, context: Any, rules: Any) -> str | None:
    """Why ``full_path`` leaves this request to the checked path (None: it answers it), for
    ``engine.why_declined``: the first of its steps that declines, in the order it takes them."""
    if _fast is None:
        return DECLINE_REASONS[1]
    if FULL_DECLINED is None:
        return DECLINE_REASONS.get(_fast.why_full_declines(hand, context, rules))
    parsed = parse_plain(hand)
    if parsed is None:
        return DECLINE_REASONS[2]
    ctx = plain_context(context)
    if ctx is None:
        return DECLINE_REASONS[3]
    try:
        resolved, _ = _rules_of(variant, rules)
    except HandError:
        return DECLINE_REASONS[4]
    try:
        variant.score(parsed, ctx, resolved)
    except HandError:
        return DECLINE_REASONS[5]
    return None
