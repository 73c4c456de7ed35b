"""Tile efficiency (牌效率): how far a hand is from ready, which tiles help, which discard is best
(docs/efficiency.md).

``efficiency(variant, hand, context, rules, dialect, visible)`` reads a hand one tile short (its
shanten per shape, the useful tiles and their copies left, its waits when ready) or a full hand
(every discard, best first). The counting itself is ``scorer.efficiency_backend`` (C, or its
pure-Python twin) and ``scorer.efficiency_wilds``; each variant's tiles, sets, shapes and wilds come
from ``scorer.efficiency_profiles``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from . import efficiency_backend as core
from . import efficiency_minimum as minimum
from . import registry
from .efficiency_profiles import SHAPE_NAMES, THREE_GOLDS, Profile, allowed_shapes, profile
from .efficiency_wilds import Search, three_golds
from .errors import HandError, Problem
from .hand import Hand
from .notation import format_hand
from .tiles import LETTERS, NUM_KINDS, SUITS, Z_DIGIT_KIND, tile_name

MAX_VISIBLE_CHARS = 400  # every tile of a table written one by one, with separators
_VISIBLE = re.compile(r"([1-9]+)([mpsz])|([ESWNCFPQBH])|([\s,;]+)")


# --- reading the input -------------------------------------------------------------------------------

def read_visible(text: str | None, kinds: tuple[int, ...]) -> list[int]:
    """Tiles seen outside the hand (discards, others' melds, a turned-up indicator): counts by kind."""
    seen = [0] * NUM_KINDS
    if not text:
        return seen
    if len(text) > MAX_VISIBLE_CHARS:
        raise HandError(f"visible: {len(text)} characters, at most {MAX_VISIBLE_CHARS}", None, "input_too_long")
    pos = 0
    while pos < len(text):
        m = _VISIBLE.match(text, pos)
        if m is None:
            raise HandError(f"visible: cannot read {text[pos:pos + 8]!r} as tiles (write them as in a hand: "
                            "1m2m3p, 123s, E S W N C F P, 1z-7z)", pos, "bad_visible")
        if m.group(1):
            for d in m.group(1):
                if m.group(2) == "z":
                    if int(d) not in Z_DIGIT_KIND:
                        raise HandError(f"visible: {d}z is not a tile (1z-7z)", pos, "bad_visible")
                    k = Z_DIGIT_KIND[int(d)]
                else:
                    k = SUITS.index(m.group(2)) * 9 + int(d) - 1
                seen[k] += 1
        elif m.group(3):
            seen[27 + LETTERS.index(m.group(3))] += 1
        pos = m.end()
    outside = [tile_name(k) for k in range(NUM_KINDS) if seen[k] and k not in kinds]
    if outside:
        raise HandError(f"visible: {', '.join(outside)} not in this variant's tile set", None, "bad_visible")
    return seen


def _counts(p: Problem) -> bool:
    return p.code == "tile_count" or "tiles found" in p.message


def read_hand(v: registry.Variant, text: str, ctx: Any, dialect: str | None) -> tuple[Hand, bool]:
    """The hand and whether it is one tile short (else full: a tile to discard). When neither
    reading works, the problems of the one whose tile count fits are the ones reported."""
    try:
        return v.parse_short(text, ctx, dialect), True
    except HandError as short_error:
        try:
            return v.parse_hand(text, ctx, dialect), False
        except HandError as full_error:
            short_fits = not any(_counts(p) for p in short_error.problems)
            full_fits = not any(_counts(p) for p in full_error.problems)
            if short_fits or not full_fits and not all(_counts(p) for p in short_error.problems):
                raise short_error from None
            if full_fits:
                raise full_error from None
            n = 3 * v.notation.n_sets + 1
            raise HandError([Problem(f"efficiency reads a hand one tile short ({n} tiles, a kong counting "
                                     f"three) or a full hand ({n + 1}): {short_error.message}", None,
                                     "tile_count")]) from None


# --- one holding ---------------------------------------------------------------------------------

@dataclass(slots=True)
class Holding:
    """A hand one tile short as the counting sees it: natural kinds (stand-ins mapped), wilds apart."""

    profile: Profile
    wild: int | None
    fixed: int
    flags: list[int]
    counts: list[int]          # natural concealed tiles by the kind they play
    wilds: int                 # concealed wilds
    concealed: list[int]       # concealed tiles by physical kind
    searches: dict[tuple[int, int], Search] = field(default_factory=dict)  # shared by one request's holdings

    @classmethod
    def of(cls, p: Profile, hand: Hand, ctx: Any, wild: int | None, concealed: list[int] | None = None,
           searches: dict[tuple[int, int], Search] | None = None) -> Holding:
        phys = concealed if concealed is not None else hand.counts()
        counts = [0] * (37 if p.kinds[-1] >= 34 else 34)
        wilds = 0
        for k, n in enumerate(phys):
            if not n:
                continue
            if k == wild:
                wilds += n
            else:
                counts[p.identity(k, wild)] += n
        return cls(p, wild, hand.sets_fixed, allowed_shapes(p, ctx, hand, wild), counts, wilds, list(phys),
                   searches if searches is not None else {})

    @property
    def natural(self) -> bool:
        """No wild in the game: the core counts every shape at once. (Where there is one, a wild
        drawn is tried as a wild, even by a hand holding none yet.)"""
        return self.wild is None

    def search(self, flag: int) -> Search:
        key = (flag, self.fixed)
        if key not in self.searches:
            self.searches[key] = Search(flag, self.profile.n_sets, self.fixed, self.profile.wild_targets
                                        or self.profile.kinds)
        return self.searches[key]

    def value(self, flag: int, counts: list[int], wilds: int) -> int:
        if flag == THREE_GOLDS:
            return three_golds(wilds)
        return self.search(flag).value(counts, wilds)

    def shapes(self) -> list[tuple[int, int, list[int]]]:
        """``[(shape flag, shanten, useful physical kinds)]``."""
        if self.natural and THREE_GOLDS not in self.flags:
            mask = sum(self.flags)
            return [(flag, v, [k for k in self.profile.kinds if m >> k & 1])
                    for flag, v, m in core.shapes(self.counts, self.profile.n_sets, self.fixed, mask)]
        return [self._shape(flag) for flag in self.flags]

    def _shape(self, flag: int) -> tuple[int, int, list[int]]:
        base = self.value(flag, self.counts, self.wilds)
        if flag == THREE_GOLDS:
            golds = [self.wild] if self.wild is not None else []  # the three-golds shape is Fuzhou's: a gold is named
            return flag, base, list(self.profile.kinds) if self.wilds >= 3 else golds
        useful = []
        for t in self.profile.kinds:
            if self.concealed[t] >= self.profile.copies and base > 0:
                continue  # all its copies held: a fifth is only a formal wait
            if t == self.wild:
                lower = self.search(flag).lowers(self.counts, self.wilds + 1, base)
            else:
                k = self.profile.identity(t, self.wild)
                self.counts[k] += 1
                lower = self.search(flag).lowers(self.counts, self.wilds, base)
                self.counts[k] -= 1
            if lower:
                useful.append(t)
        return flag, base, useful


def _left(p: Profile, held: list[int], seen: list[int]) -> list[int]:
    return [max(0, p.copies - held[k] - seen[k]) for k in range(NUM_KINDS)]


def _check_seen(p: Profile, held: list[int], seen: list[int]) -> None:
    over = [f"{tile_name(k)} ({held[k]} in the hand, {seen[k]} visible)" for k in p.kinds
            if seen[k] and held[k] + seen[k] > p.copies]
    if over:
        raise HandError(f"visible: more than {p.copies} copies of {', '.join(over)}", None, "bad_visible")


def _summary(h: Holding, left: list[int], held: list[int]) -> dict[str, Any]:
    """The shanten per shape and their useful tiles. A kind held four times, melds included, is
    useful only to a shape already ready: its fifth copy is a formal wait, never a draw."""
    found = [(flag, v, kinds if v <= 0 else [k for k in kinds if held[k] < h.profile.copies])
             for flag, v, kinds in h.shapes()]
    low = min(v for _, v, _ in found)
    useful = sorted({k for _, v, kinds in found if v == low for k in kinds})
    return {
        "shanten": low,
        "shapes": {SHAPE_NAMES[flag]: {"shanten": v, "useful": [tile_name(k) for k in kinds]} for flag, v, kinds in found},
        "useful": [{"tile": tile_name(k), "left": left[k]} for k in useful],
        "tiles_left": sum(left[k] for k in useful),
        "_useful": useful,
    }


# --- the answers -----------------------------------------------------------------------------------

@dataclass(slots=True)
class Request:
    variant: registry.Variant
    profile: Profile
    ctx: Any
    given: dict[str, Any]
    rules: Any
    dialect: str | None
    seen: list[int]
    wild: int | None
    searches: dict[tuple[int, int], Search] = field(default_factory=dict)


def _minimum_on(req: Request) -> bool:
    return req.variant.id == "mcr"


def _one_short(req: Request, hand: Hand, concealed: list[int] | None, extra_seen: int | None,
               score_waits: bool = True) -> dict[str, Any]:
    seen = list(req.seen)
    if extra_seen is not None:
        seen[extra_seen] += 1
    short = hand if concealed is None else dataclasses.replace(
        hand, concealed=tuple(k for k, n in enumerate(concealed) for _ in range(n)), win_tile=None)
    held = short.all_counts()
    left = _left(req.profile, held, seen)
    h = Holding.of(req.profile, short, req.ctx, req.wild, searches=req.searches)
    out = _summary(h, left, held)
    useful = out.pop("_useful")
    out["waits"] = []
    if out["shanten"] == 0 and score_waits:
        by_name = {tile_name(k): left[k] for k in req.profile.kinds}
        # the canonical text: read without the input's dialect
        out["waits"] = minimum.ready_waits(req.variant.id, format_hand(short), req.given, req.rules, None,
                                           by_name, _minimum_on(req))
    elif out["shanten"] == 1 and _minimum_on(req):
        out["minimum"] = _toward_minimum(req, short, h, useful, left)
    return out


def _toward_minimum(req: Request, short: Hand, h: Holding, useful: list[int], left: list[int]) -> dict[str, Any]:
    """For each useful tile: the discards after it that leave a ready hand with a live wait (a copy
    left to draw or claim) on which a win is valid."""
    n, fixed = req.profile.n_sets, h.fixed
    flags = sum(h.flags)
    per_tile = []
    for u in useful:
        counts = list(h.concealed)
        counts[u] += 1
        ways = []
        for d in range(len(counts)):
            if not counts[d] or d == u:
                continue
            counts[d] -= 1
            v, mask = core.best(counts[:34], n, fixed, flags)
            if v == 0:
                # a wait's copies left after drawing u: the discard d is seen, so it still counts
                waits = {k: left[k] - (k == u) for k in range(34) if mask >> k & 1}
                good = minimum.keeps_minimum(req.variant, short, counts, waits, req.given, req.rules)
                if good:
                    ways.append({"discard": tile_name(d), "waits": good})
            counts[d] += 1
        per_tile.append({"tile": tile_name(u), "left": left[u], "keeps_minimum": bool(ways), "via": ways})
    return {
        "useful": per_tile,
        "tiles_left": sum(t["left"] for t in per_tile if t["keeps_minimum"]),
    }


def efficiency(variant_id: str, hand: str, context: dict[str, Any] | None = None,
               rules: str | dict[str, Any] | None = None, dialect: str | None = None,
               visible: str | None = None) -> dict[str, Any]:
    """Shanten, useful tiles and copies left of a hand one tile short, or every discard of a full
    hand best first (docs/efficiency.md)."""
    v = registry.get(variant_id)
    p = profile(v.id)
    if p is None:
        raise HandError(f"tile efficiency does not cover the variant {v.id!r}", None, "unsupported_variant")
    ctx = v.context(context)
    v.rules(rules)  # a bad rules value is reported before the work
    seen = read_visible(visible, p.kinds)
    parsed, is_short = read_hand(v, hand, ctx, dialect)
    given = {k: val for k, val in ctx.dump().items() if k in ctx.fields_set and k != "win_tile"}
    _check_seen(p, parsed.all_counts(), seen)
    req = Request(v, p, ctx, given, rules, dialect, seen, p.wild(ctx))
    answer: dict[str, Any] = {"variant": v.id, "hand": format_hand(parsed)}
    if req.wild is not None:
        answer["wild"] = tile_name(req.wild)
    if is_short:
        answer.update(_one_short(req, parsed, None, None))
    else:
        answer["complete"] = v.completes(parsed, ctx)  # already a winning shape, before any discard
        answer["discards"] = _discards(req, parsed)
    if parsed.notes:
        answer["warnings"] = list(parsed.notes)
    return answer


def _plain_rank(entry: dict[str, Any], kind: int) -> tuple[int, ...]:
    """A discard's place where no minimum applies: fewest steps, then most tiles left, then tile order."""
    return entry["shanten"], -entry["tiles_left"], kind


def _discards(req: Request, hand: Hand) -> list[dict[str, Any]]:
    """Every discard of a full hand, best first: in MCR by the minimum first
    (``efficiency_minimum.discard_rank``), elsewhere by ``_plain_rank``. A wild is offered only
    when the hand holds nothing else."""
    rank = minimum.discard_rank if _minimum_on(req) else _plain_rank
    concealed = hand.counts()
    choices = [k for k, n in enumerate(concealed) if n and k != req.wild] or \
        [k for k, n in enumerate(concealed) if n]
    out = []
    for d in choices:
        after = list(concealed)
        after[d] -= 1
        # each discard's waits are scored where the minimum depends on them (MCR); elsewhere a
        # ready discard's useful tiles are its waits, scored once the hand is played down to them
        entry = {"tile": tile_name(d), **_one_short(req, hand, after, d, score_waits=_minimum_on(req))}
        out.append((rank(entry, d), entry))
    out.sort(key=lambda e: e[0])
    return [e[1] for e in out]
