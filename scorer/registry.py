"""The variant protocol and registry.

A variant is a class with its notation profile, its context model (declared fields,
``scorer.fields``: strict types, unknown fields rejected), its rule options with named presets, its item table, and its scoring. The CLI's
``mjscore <variant>`` commands, the API's request validation and ``GET /v1/variants`` are all
generated from this registry, so a new variant is a new package under ``scorer/variants/`` and
touches no core module.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .apidoc import ApiDoc
from .efficiency_profile import Profile
from .errors import HandError, Problem
from .fields import Invalid, Model, json_schema
from .hand import Hand
from .notation import PLAIN, NotationRules
from .result import ContextUsed, Item, Result
from .tiles import tile_name

if TYPE_CHECKING:  # built on first use (scorer/result_parts.py), which a plain query never needs
    from .result_parts import OwnClaims


def anchor_of(item_id: str) -> str:
    """An item's anchor on its rules page: the id with ``-`` for ``_`` (``pure-straight``)."""
    return item_id.replace("_", "-")


def doc_link(variant_id: str, item_id: str) -> str:
    """Where an item is defined: its section of the variant's rules page under ``docs/rules/``."""
    return f"docs/rules/{variant_id}.md#{anchor_of(item_id)}"


@dataclass(frozen=True, slots=True)
class ItemDef:
    """One row of a variant's item table: what the item is worth and what it excludes.

    ``variant`` is the id of the variant whose table holds the row; ``item_table`` fills it in, so
    that the row can name its section of the rules page (``doc``)."""

    id: str
    name: str
    name_zh: str
    points: int = 0
    factor: int = 1
    excludes: tuple[tuple[str, str], ...] = ()  # (excluded item id, principle)
    description: str = ""
    variant: str = ""

    @property
    def doc(self) -> str:
        """The item's section of its variant's rules page, ``docs/rules/mcr.md#pure-straight``."""
        return doc_link(self.variant, self.id) if self.variant else ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "name_zh": self.name_zh, "points": self.points,
            "factor": self.factor, "doc": self.doc, "description": self.description,
            "excludes": [{"id": i, "principle": p} for i, p in self.excludes],
        }


def item_table(variant_id: str, rows: tuple[ItemDef, ...] | list[ItemDef]) -> tuple[ItemDef, ...]:
    """A variant's item table: its rows, each marked as the variant's (so each links its section of
    ``docs/rules/<variant>.md``)."""
    return tuple(replace(row, variant=variant_id) for row in rows)


@functools.lru_cache(maxsize=8192)
def scored_item(row: ItemDef, points: int = 0, factor: int = 1, count: int = 1, tiles: str = "",
                detail: str | None = None) -> Item:
    """The result's item for a row of a variant's table: frozen, so one instance is shared by every
    result that scores the same (building one costs more than finding its figures)."""
    return Item(id=row.id, name=row.name, name_zh=row.name_zh, points=points, factor=factor, count=count,
                tiles=tiles, detail=detail)


PRESET_KEY = "preset"  # the key of an object of rules naming the preset its options go over


@dataclass(frozen=True, slots=True)
class ResolvedRules:
    """Rule options after applying a preset and overrides; echoed in every result."""

    preset: str | None
    options: Model = field(compare=False)

    def echo(self) -> dict[str, Any]:
        return {PRESET_KEY: self.preset, **self.options.dump()}


def validation_problems(err: Invalid, prefix: str) -> list[Problem]:
    """The problems of a context or rules object (no hand position: these are fields); read with
    ``where=prefix``, each names its value's path."""
    code = {"context": "bad_context", "rules": "bad_rules"}.get(prefix, "bad_request")
    return [Problem(i.message, None, "unknown_field") if i.code == "unknown_field"
            else Problem(f"{i.where}: {i.message}", None, code) for i in err.faults]


class Variant(ABC):
    """What every variant provides. Subclasses set the class attributes and implement ``score``."""

    id: ClassVar[str]
    name: ClassVar[str]
    name_zh: ClassVar[str]
    notation: ClassVar[NotationRules] = PLAIN  # the 34 kinds, four sets and a pair, no flowers
    Context: ClassVar[type[Model]]
    Rules: ClassVar[type[Model]]
    presets: ClassVar[dict[str, dict[str, Any]]] = {"default": {}}
    default_preset: ClassVar[str] = "default"
    items: ClassVar[tuple[ItemDef, ...]] = ()
    shapes: ClassVar[int] = 0  # decomposer special-shape flags used when listing readings
    edition: ClassVar[str] = ""  # which rules, in a few words (``mjscore --version``)
    points_name: ClassVar[str] = "points"  # what an item's points are called in the readable answer
    api_doc: ClassVar[ApiDoc] = ApiDoc()  # its example and free-text fields in the OpenAPI document
    # its tiles, sets, shapes and wilds as tile efficiency sees them (docs/efficiency.md#variants);
    # None: tile efficiency is not offered for it (``unsupported_variant``, and no OpenAPI schema)
    efficiency: ClassVar[Profile | None] = None
    # the kind of match sheet it keeps (scorer/match/kinds.py, docs/match.md); None: no match sheet
    match_sheet: ClassVar[str | None] = None

    # --- input -----------------------------------------------------------------
    def context(self, raw: dict[str, Any] | Model | None) -> Model:
        if isinstance(raw, self.Context):
            return raw
        try:
            return self.Context.validate(raw or {}, "context")
        except Invalid as err:
            raise HandError(validation_problems(err, "context")) from None

    def read_settings(self, context: dict[str, Any] | Model | None, rules: str | dict[str, Any] | None
                      ) -> tuple[Model | None, ResolvedRules | None, list[Problem]]:
        """The context and the rules read, each None when it has problems, and the problems of both."""
        found: list[Problem] = []
        ctx: Model | None = None
        resolved: ResolvedRules | None = None
        try:
            ctx = self.context(context)
        except HandError as err:
            found += err.problems
        try:
            resolved = self.rules(rules)
        except HandError as err:
            found += err.problems
        return ctx, resolved, found

    def settings(self, hand: object, context: dict[str, Any] | Model | None, rules: str | dict[str, Any] | None,
                 dialect: str | None, roles: tuple[str, ...]) -> tuple[Model, ResolvedRules]:
        """The context and the rules read, with every problem of both at once, and the hand's (read
        as ``roles`` say: ``notation.with_hand_problems``) before them when there are any."""
        from .notation import with_hand_problems

        ctx, resolved, found = self.read_settings(context, rules)
        if ctx is None or resolved is None:
            raise with_hand_problems(hand, self.notation, dialect, HandError(found), roles)
        return ctx, resolved

    def context_used(self, ctx: Model, hand: Hand | None) -> ContextUsed:
        """The context a result was scored under: every field's value, derived defaults resolved
        (``resolved_context``), and the fields the request left to their defaults."""
        given = ctx.fields_set | self.given_in_hand(hand)
        return ContextUsed(values=self.resolved_context(ctx, hand),
                           defaults=[name for name in type(ctx).fields if name not in given])

    def given_in_hand(self, hand: Hand | None) -> set[str]:
        """Context fields the hand text itself gives (MCR flowers written as ``1f2f``)."""
        return set()

    def resolved_context(self, ctx: Model, hand: Hand | None) -> dict[str, Any]:
        """Every context field's value as scored; variants whose defaults depend on other fields
        (the discarder on the winner's seat, the seat on the dealer) fill them in."""
        return ctx.dump()

    def rules(self, raw: str | dict[str, Any] | None) -> ResolvedRules:
        """``None`` → default preset; ``"name"`` → that preset; a dict → options over a preset
        (its optional ``"preset"`` key, else the default)."""
        # a preset alone (by name, or the default) is read once: the same checked values every time
        preset_alone = raw is None or isinstance(raw, str)
        key = raw if isinstance(raw, str) else None
        if preset_alone:
            cached = self._preset_rules.get(key)
            if cached is not None:
                return cached
        overrides: dict[str, Any] = {}
        preset: str | None = self.default_preset
        if isinstance(raw, str):
            preset = raw
        elif isinstance(raw, dict):
            overrides = dict(raw)
            preset = overrides.pop(PRESET_KEY, self.default_preset)
        elif raw is not None:
            raise HandError("rules must be a preset name or an object of options", None, "bad_rules")
        if not isinstance(preset, str) or preset not in self.presets:
            known = ", ".join(sorted(self.presets))
            raise HandError(f"unknown rule preset {preset!r} for {self.id} (known: {known})", None, "bad_rules")
        values = {**self.presets[preset], **overrides}
        try:
            options = self.Rules.validate(values, "rules")
        except Invalid as err:
            raise HandError(validation_problems(err, "rules")) from None
        if overrides and any(self.presets[preset].get(k) != v for k, v in overrides.items()):
            preset_echo: str | None = f"{preset}+custom"
        else:
            preset_echo = preset
        resolved = ResolvedRules(preset_echo, options)
        if preset_alone:
            self._preset_rules[key] = resolved
        return resolved

    @functools.cached_property
    def _preset_rules(self) -> dict[str | None, ResolvedRules]:
        return {}

    def parse_hand(self, text: str | None, context: Model, dialect: str | None) -> Hand:
        """Read the hand string; variants with unusual inputs (a null hand) override this."""
        from .notation import parse

        if text is None:
            raise HandError("a hand is required", None, "empty_hand")
        return parse(text, self.notation, dialect=dialect, win_tile=getattr(context, "win_tile", None))

    def parse_short(self, text: str, context: Model, dialect: str | None) -> Hand:
        """Read a hand one tile short (for ``waits``); variants with their own tile mapping override."""
        from .notation import parse

        return parse(text, self.notation, dialect=dialect, role="idle")

    def completes(self, hand: Hand, context: Model) -> bool:
        """Does this hand form a winning shape (sets + pair or the variant's special shapes), wilds
        named by a ``wild`` context field standing for anything? Variants with their own tile
        identities (stand-ins) override."""
        from .decompose import KNITTED_STRAIGHT, is_winning

        counts = hand.counts()
        wilds = 0
        for w in _wild_kinds(context):
            wilds += counts[w]
            counts[w] = 0
        n_sets = self.notation.n_sets - hand.sets_fixed
        shapes = self.shapes if not hand.melds else self.shapes & KNITTED_STRAIGHT
        return is_winning(counts, n_sets, wilds, max_copies=99, shapes=shapes)

    # --- C fast paths (optional) ---------------------------------------------------
    def compact(self) -> Any:
        """The variant's C fast path, ``(hand text, context dict) -> CompactResult | None`` under
        the default rules (None: the request is left to the full path): a callable, which may carry
        the same as a C function in ``c_entry`` (a PyCapsule named ``mjscore.compact_entry``: the
        compiled ``score_compact`` then calls it directly); None when the variant has none."""
        return None

    def full_fast(self) -> Callable[[Any, Any, Any], Result | None] | None:
        """The variant's compiled full path, ``(hand text, context, rules) -> Result | None``: the
        same Result the checked path (``score``) gives, built in C, for the requests it reads exactly
        as that path would; None for any other request (the checked path then answers it). Bounded:
        microseconds, never a search. None when the variant has none."""
        return None

    def compact_many(self) -> Callable[[list[Any], int, bool], list[Any]] | None:
        """The same over a list of request dicts, a thread count and ``as_json`` (answers as their
        JSON bytes); None entries for the full path."""
        return None

    # --- scoring ---------------------------------------------------------------
    @abstractmethod
    def score(self, hand: Hand, context: Model, rules: ResolvedRules) -> Result:
        """Score a parsed hand; raise HandError for a contradictory context; never raise otherwise."""

    def total_of(self, result: Result) -> int | None:
        """The total a valid result's items make under the variant's formula (the Items section of
        its rules page); None where a result's total is not made from it (a deal without a winner).
        The suite checks every fixture and fuzzed result against it. Here: the sum of the items'
        points, each as many times as it counts."""
        return sum(i.points * i.count for i in result.items)

    def explain(self, hand: Hand, context: Model, rules: ResolvedRules) -> list:
        """Every reading scored on its own (``scorer.result.ReadingView``), the chosen one marked;
        a variant that lists none is explained by its result alone."""
        return []

    def summary(self, result: Result) -> list[str]:
        """Lines the readable answer shows under the items (riichi: han, fu and their breakdown);
        none by default."""
        return []

    def item_value(self, item: ItemDef) -> str:
        """What an item is worth, as the rules reference says it (``mjscore rules VARIANT ITEM``):
        its points, or ``×factor``; riichi: "2 han, 1 open", "yakuman"."""
        return f"×{item.factor}" if item.factor != 1 else str(item.points)

    def own_claims(self, result: Result, claim: list[str | int]) -> OwnClaims | None:
        """The claim terms the variant reads in its own words (riichi: "3 han 40 fu", "mangan",
        "1300/2600"), each checked against the result; None: every term is an item or a total,
        read by ``scorer.claims``."""
        return None

    def wait_note(self, result: Result) -> str | None:
        """A wait's score in the variant's own words, for ``waits`` (riichi: han, fu and the
        payments; why a wait does not win); none by default."""
        return None

    def readings(self, hand: Hand) -> list[list[str]]:
        """Every natural reading of the hand as group texts (melds first), for ``mjscore parse``."""
        from .decompose import reading_texts, readings

        fixed = [meld_text(m) for m in hand.melds]
        n_sets = self.notation.n_sets - hand.sets_fixed
        counts = hand.counts()
        shapes = self.shapes if not hand.melds else self.shapes & KNITTED_ONLY
        return [fixed + reading_texts(groups) for groups, _ in readings(counts, n_sets, 0, shapes=shapes)]

    # --- description -------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "name_zh": self.name_zh,
            "context": _fields(self.Context),
            "rules": {
                "default_preset": self.default_preset,
                "presets": self.presets,
                "options": _fields(self.Rules),
            },
            "items": [i.as_dict() for i in self.items],
            "tiles": [tile_name(k) for k in sorted(self.notation.kinds)]
            + ([f"{n}f" for n in range(1, 9)] if self.notation.flowers_in_hand else []),
        }


KNITTED_ONLY = 8  # decompose.KNITTED_STRAIGHT: the one special shape that admits a meld


def _wild_kinds(context: Any) -> list[int]:
    """The tile kinds a context's ``wild`` field names (none when it has no such field)."""
    from .notation import parse_tile

    wild = getattr(context, "wild", None)
    if not wild:
        return []
    values = wild if isinstance(wild, list | tuple) else [wild]
    return [parse_tile(w) if isinstance(w, str) else int(w) for w in values]


def meld_text(m) -> str:
    from .notation import format_meld

    return format_meld(m)


def _fields(model: type[Model]) -> list[dict[str, Any]]:
    props = json_schema(model).get("properties", {})
    out = []
    for name, info in model.fields.items():
        prop = props.get(name, {})
        out.append({
            "name": name,
            "type": prop.get("type") or [a.get("type") for a in prop.get("anyOf", []) if a.get("type")],
            "default": None if info.required else info.default_value(),
            "required": info.required,
            "enum": prop.get("enum") or next((a["enum"] for a in prop.get("anyOf", []) if "enum" in a), None),
            "description": info.description or "",
        })
    return out


_REGISTRY: dict[str, Variant] = {}
_DISCOVERED = False
_DISCOVERY_LOCK = threading.RLock()  # re-entrant: a variant package may call into the registry on import


def register(variant: Variant) -> Variant:
    """Add (or replace) a variant; returns it so it can be used as a decorator on an instance."""
    _REGISTRY[variant.id] = variant
    return variant


def unregister(variant_id: str) -> None:
    _REGISTRY.pop(variant_id, None)


# The variants sit above the registry (the layers of docs/architecture.md): it finds and imports
# them by name, never by an import statement.
VARIANTS_PACKAGE = f"{__package__}.variants"


@functools.cache
def _package_ids() -> tuple[str, ...]:
    """The built-in variants' ids: one sub-package of ``scorer.variants`` each, named by its id."""
    folder = Path(__file__).resolve().parent / "variants"
    return tuple(sorted(mod.name for mod in pkgutil.iter_modules([str(folder)]) if mod.ispkg))


def _import_variant(name: str) -> None:
    """Import one built-in variant package (it registers its variant on import)."""
    importlib.import_module(f"{VARIANTS_PACKAGE}.{name}")


def _discover() -> None:
    """Import every package under scorer.variants; each registers its variant on import.

    Under a lock, and marked done only once every package is in: the service scores from many
    threads, and none may see a half-filled registry."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    with _DISCOVERY_LOCK:
        if _DISCOVERED:
            return
        for name in _package_ids():
            _import_variant(name)
        _DISCOVERED = True


def ids() -> list[str]:
    """Every variant id, registered or built in, without importing any variant (the CLI lists
    its commands from this, so a one-line query imports only the variant it names)."""
    return sorted(set(_REGISTRY) | set(_package_ids()))


def variants() -> dict[str, Variant]:
    """Every variant by id, in id order (whichever was imported first: the listing, the OpenAPI
    document and everything built from them do not depend on it)."""
    _discover()
    return {variant_id: _REGISTRY[variant_id] for variant_id in sorted(_REGISTRY)}


def get(variant_id: str) -> Variant:
    """One variant; a built-in one is imported on first use, alone."""
    found = _REGISTRY.get(variant_id)
    if found is not None:
        return found
    if isinstance(variant_id, str) and variant_id in _package_ids():
        with _DISCOVERY_LOCK:
            if variant_id not in _REGISTRY:
                _import_variant(variant_id)
        found = _REGISTRY.get(variant_id)
        if found is not None:
            return found
    known = ", ".join(ids()) or "none"
    raise HandError(f"unknown variant {variant_id!r} (known: {known})", None, "unknown_variant")
