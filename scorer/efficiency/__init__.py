"""Tile efficiency (牌效率): how far a hand is from ready, which tiles help, which discard is best
(docs/efficiency.md).

``efficiency(variant, hand, context, rules, dialect, visible)`` reads a hand one tile short (its
shanten per shape, the useful tiles and their copies left, its waits when ready) or a full hand
(every discard, best first). The rooms of the package:

* ``reading``: the hand (one tile short, or full) and the tiles seen outside it;
* ``holding``, ``shapes``: one hand one tile short, its shanten per shape and its useful tiles;
* ``backend``: the shanten core, compiled (``_shanten.pyx``) or its pure-Python twin (``pure``);
* ``wilds``: the same with wild tiles;
* ``minimum``: a ready hand's waits scored, and the variant's minimum (MCR's 8 points, riichi's
  yaku) kept in view;
* ``request``: the ``POST /v1/efficiency`` request model.

Each variant's tiles, sets, shapes and wilds are its own declaration, ``Variant.efficiency`` (a
``scorer.efficiency_profile.Profile``, in the variant's package), read through the registry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import deadline, registry
from ..efficiency_profile import Profile
from ..errors import HandError
from ..hand import Hand
from ..notation import format_hand
from ..tiles import tile_name
from . import backend as core
from . import minimum
from .holding import Holding, check_seen, copies_left, summary
from .reading import MAX_VISIBLE_CHARS, check_red_fives, read_hand, read_visible, red_fives_seen
from .wilds import Search

__all__ = ["MAX_VISIBLE_CHARS", "efficiency", "profile_of", "read_hand", "read_visible"]


def profile_of(variant: registry.Variant) -> Profile:
    """The variant's efficiency profile; a variant that declares none is not covered."""
    if variant.efficiency is None:
        raise HandError(f"tile efficiency does not cover the variant {variant.id!r}", None, "unsupported_variant")
    return variant.efficiency


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
    return req.profile.minimum is not None


def _one_short(req: Request, hand: Hand, concealed: list[int] | None, extra_seen: int | None,
               score_waits: bool = True) -> dict[str, Any]:
    seen = list(req.seen)
    if extra_seen is not None:
        seen[extra_seen] += 1
    short = hand if concealed is None else minimum.with_concealed(
        hand, tuple(k for k, n in enumerate(concealed) for _ in range(n)))
    held = short.all_counts()
    left = copies_left(req.profile, held, seen)
    h = Holding.of(req.profile, short, req.ctx, req.wild, searches=req.searches)
    out = summary(h, left, held)
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
        deadline.check()  # each useful tile scores the waits of every discard after it
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
    p = profile_of(v)
    ctx, _ = v.settings(hand, context, rules, dialect, ("idle", "winner"))  # every problem before the work
    seen = read_visible(visible, p.kinds, v.notation.red_fives)
    parsed, is_short = read_hand(v, hand, ctx, dialect)
    given = {k: val for k, val in ctx.dump().items() if k in ctx.fields_set and k != "win_tile"}
    check_seen(p, parsed.all_counts(), seen)
    if v.notation.red_fives:
        check_red_fives(parsed, red_fives_seen(visible))
    req = Request(v, p, ctx, given, rules, dialect, seen, p.wild(ctx))
    answer: dict[str, Any] = {"variant": v.id, "hand": format_hand(parsed)}
    if req.wild is not None:
        answer["wild"] = tile_name(req.wild)
    if p.minimum is not None:
        answer["minimum_rule"] = p.minimum  # what the minimum asks: the readers word it from this
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
    """Every discard of a full hand, best first: where a minimum applies (MCR, riichi) by it first
    (``minimum.discard_rank``), elsewhere by ``_plain_rank``. A wild is offered only
    when the hand holds nothing else."""
    rank = minimum.discard_rank if _minimum_on(req) else _plain_rank
    concealed = hand.counts()
    choices = [k for k, n in enumerate(concealed) if n and k != req.wild] or \
        [k for k, n in enumerate(concealed) if n]
    out = []
    for d in choices:
        deadline.check()  # each discard is a whole analysis one tile short
        after = list(concealed)
        after[d] -= 1
        # each discard's waits are scored where the minimum depends on them (MCR, riichi); elsewhere a
        # ready discard's useful tiles are its waits, scored once the hand is played down to them
        entry = {"tile": tile_name(d), **_one_short(req, hand, after, d, score_waits=_minimum_on(req))}
        out.append((rank(entry, d), entry))
    out.sort(key=lambda e: e[0])
    return [e[1] for e in out]
