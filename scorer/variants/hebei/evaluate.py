"""Interpretations of a Hebei hand and the choice among them (docs/rules/hebei.md#what-wins).

``interpretations`` lists every standard partition (melds fixed; chows, pungs and the pair from the
decomposer), seven pairs and thirteen orphans, with the partitions that break the door rule kept
apart (``Facts.rejected``) so that a non-winning result can say why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from scorer.decompose import CHOW, group_text, readings
from scorer.hand import Exposure, Hand, MeldKind
from scorer.notation import format_meld
from scorer.tiles import DRAGONS, WINDS, tiles_text

from .context import HebeiContext, HebeiRules
from .items import BASE_ORDER, BASE_POINTS

SUIT_NAMES = "mps"
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass(frozen=True)
class Facts:
    """What the door rule and the colour patterns look at (the whole hand, melds included)."""

    suit_tiles: tuple[int, int, int]   # physical tiles per suit m p s (a kong counts opts.kong_tiles)
    honours: int                       # honour tiles in the hand
    all_winds: bool                    # every tile is a wind

    @property
    def suits(self) -> list[int]:
        return [s for s in range(3) if self.suit_tiles[s]]

    @property
    def all_honours(self) -> bool:
        return not self.suits

    @property
    def one_suit_only(self) -> bool:
        return len(self.suits) == 1 and not self.honours

    @property
    def half_flush(self) -> bool:
        """混一色: exactly one suit plus at least one honour, that suit ≥ 8 tiles."""
        s = self.suits
        return len(s) == 1 and self.honours > 0 and self.suit_tiles[s[0]] >= 8

    def describe(self) -> str:
        parts = [f"{SUIT_NAMES[s]} {self.suit_tiles[s]}" for s in range(3)]
        return ", ".join(parts) + f", honours {self.honours}"


def hand_facts(hand: Hand, opts: HebeiRules) -> Facts:
    suit = [0, 0, 0]
    honours = 0
    winds_only = True
    tiles: list[int] = list(hand.concealed)
    for m in hand.melds:
        tiles.extend(m.tiles[:3] if (m.is_kong and opts.kong_tiles == 3) else m.tiles)
    for k in tiles:
        if k < 27:
            suit[k // 9] += 1
            winds_only = False
        else:
            honours += 1
            if k not in WINDS:
                winds_only = False
    return Facts((suit[0], suit[1], suit[2]), honours, winds_only)


def door_problem(f: Facts, opts: HebeiRules) -> str | None:
    """None if the hand meets the door and eight-tile rule (option ``door_rule``), else why not (one
    phrase)."""
    suits = f.suits
    most = max(f.suit_tiles)
    eight = most >= 8
    if opts.door_rule == "two_suits_eight" and len(suits) > 2:
        return "it shows all three suits m, p and s (缺一门 fails)"
    if opts.door_rule == "exactly_two_suits" and len(suits) != 2:
        return f"it shows {len(suits)} suit(s), not exactly two"
    if not eight:
        return f"no suit has 8 tiles (一门够八张 fails: {f.describe()})"
    return None


@dataclass
class Interp:
    kind: str                     # "standard" | "seven_pairs" | "thirteen_orphans"
    base_id: str
    partition: list[str]
    base: int = 0                 # the base pattern's value, combinations included
    items: list[tuple[str, int, int]] = field(default_factory=list)  # (id, points, factor)
    value: int = 0                # S

    @property
    def priority(self) -> int:
        return BASE_ORDER.index(self.base_id)

    def as_dict(self) -> dict:
        return {"kind": self.kind, "base_id": self.base_id, "base": self.base, "value": self.value,
                "doublings": [i for i, p, f in self.items if f != 1 and i != self.base_id],
                "partition": self.partition}


@dataclass
class Listing:
    interps: list[Interp]
    rejected: list[dict]          # standard partitions that break the door rule, with the reason
    structural: bool              # some winning structure exists


def _seven_pairs(hand: Hand, opts: HebeiRules) -> bool:
    if hand.melds or len(hand.concealed) != 14:
        return False
    counts = hand.counts()
    if any(c % 2 for c in counts):
        return False
    return opts.seven_pairs_four_alike or all(c != 4 for c in counts)


def _thirteen_orphans(hand: Hand, opts: HebeiRules) -> bool:
    if hand.melds or len(hand.concealed) != 14:
        return False
    counts = hand.counts()
    if any(counts[k] for k in range(len(counts)) if k not in ORPHANS):
        return False
    if any(counts[k] == 0 for k in ORPHANS):
        return False
    doubled = [k for k in ORPHANS if counts[k] == 2]
    return opts.orphans_extra == "any" or doubled[0] in DRAGONS


def _fengyise(f: Facts, opts: HebeiRules) -> bool:
    return f.all_winds if opts.fengyise_tiles == "winds_only" else f.all_honours


def _seven_pairs_id(f: Facts, opts: HebeiRules) -> str:
    if _fengyise(f, opts):
        return "fengyise"
    if f.one_suit_only:
        return "qingqidui"
    if len(f.suits) == 1 and f.honours:
        return "hunqidui"
    return "qiduizi"


# The base pattern of a standard partition, highest first: (id, applies to (facts, straight, pungs only)).
_STANDARD_PATTERNS: tuple[tuple[str, Callable[[Facts, bool, bool], bool]], ...] = (
    ("qing_yitiaolong", lambda f, straight, pungs_only: f.one_suit_only and straight),
    ("qing_duiduihu", lambda f, straight, pungs_only: f.one_suit_only and pungs_only),
    ("qingyise", lambda f, straight, pungs_only: f.one_suit_only),
    ("yitiaolong", lambda f, straight, pungs_only: straight),
    ("duiduihu", lambda f, straight, pungs_only: pungs_only),
    ("hunyise", lambda f, straight, pungs_only: f.half_flush),
)


def _standard_id(f: Facts, chows: list[int], has_kong: bool, opts: HebeiRules) -> tuple[str, bool]:
    """(base id, exempt from the door rule) for one standard partition; ``chows`` = lowest tile of each."""
    pungs_only = not chows and (opts.all_pungs_with_kongs or not has_kong)
    straight = any({9 * s, 9 * s + 3, 9 * s + 6} <= set(chows) for s in range(3))
    exempt = pungs_only or f.all_honours or (straight and opts.straight_exempt)
    if _fengyise(f, opts):
        return "fengyise", exempt
    base_id = next((i for i, applies in _STANDARD_PATTERNS if applies(f, straight, pungs_only)), "pihu")
    return base_id, exempt


def interpretations(hand: Hand, opts: HebeiRules) -> tuple[Facts, Listing]:
    f = hand_facts(hand, opts)
    interps: list[Interp] = []
    rejected: list[dict] = []
    structural = False
    if _thirteen_orphans(hand, opts):
        structural = True
        interps.append(Interp("thirteen_orphans", "shisanyao", [tiles_text(list(hand.concealed))]))
    if _seven_pairs(hand, opts):
        structural = True
        pairs = [tiles_text([k, k]) for k in hand.concealed[::2]]
        interps.append(Interp("seven_pairs", _seven_pairs_id(f, opts), pairs))
    fixed = [format_meld(m) for m in hand.melds]
    meld_chows = [m.tiles[0] for m in hand.melds if m.kind is MeldKind.CHOW]
    has_kong = any(m.is_kong for m in hand.melds)
    n_sets = 4 - len(hand.melds)
    door = door_problem(f, opts)
    seen: set[tuple[int, ...]] = set()
    for groups, _ in readings(hand.counts(), n_sets, 0, shapes=0):
        key = tuple(sorted(groups))
        if key in seen:
            continue
        seen.add(key)
        structural = True
        chows = meld_chows + [g & 63 for g in groups if g >> 6 == CHOW]
        base_id, exempt = _standard_id(f, chows, has_kong, opts)
        partition = fixed + [group_text(g) for g in sorted(groups, key=_order)]
        if door is not None and not exempt:
            rejected.append({"partition": partition, "reason": door})
            continue
        interps.append(Interp("standard", base_id, partition))
    return f, Listing(interps, rejected, structural)


def _order(code: int) -> tuple[int, int]:
    # sets before the pair, then by first tile
    return (code >> 6 == 0, _first(code))


def _first(code: int) -> int:
    return code & 63


def exposed_meld(hand: Hand, opts: HebeiRules) -> bool:
    """What breaks 门清 (options ``added_kong_exposed``, ``concealed_kong_breaks_menqing``)."""
    for m in hand.melds:
        if m.exposure is Exposure.EXPOSED:
            return True
        if m.exposure is Exposure.ADDED and opts.added_kong_exposed:
            return True
        if m.exposure is Exposure.CONCEALED and opts.concealed_kong_breaks_menqing:
            return True
    return False


def value(interp: Interp, hand: Hand, f: Facts, ctx: HebeiContext, opts: HebeiRules) -> None:
    """Fill the items, the base and S of one interpretation (docs/rules/hebei.md#items)."""
    base = BASE_POINTS[interp.base_id]
    items = [(interp.base_id, base, 1)]
    if _hunyise_combo(interp, f, opts):
        items.append(("hunyise_combo", 0, 2))
        base *= 2
    items += [(item_id, 0, 2) for item_id in _doublings(interp, hand, ctx, opts)]
    s = BASE_POINTS[interp.base_id]
    for _, _, factor in items:
        s *= factor
    interp.items = items
    interp.base = base
    interp.value = s


def _hunyise_combo(interp: Interp, f: Facts, opts: HebeiRules) -> bool:
    """混一色 doubling 对对胡 or 一条龙 (``hunyise_stacks``)."""
    return (opts.hunyise_stacks and interp.kind == "standard" and interp.base_id in ("duiduihu", "yitiaolong")
            and f.half_flush)


def _doublings(interp: Interp, hand: Hand, ctx: HebeiContext, opts: HebeiRules) -> list[str]:
    """The ×2 items in their listed order: self-draw (unless a special win replaces it), 门清, 杠上开花,
    海底捞月, the dealer."""
    kong_win = ctx.kong_win and ctx.self_draw
    special = kong_win or ctx.last_wall
    applies = (
        ("self_draw", ctx.self_draw and not (special and opts.self_draw_with_specials == "replace")),
        ("menqing", (interp.kind == "standard" or opts.menqing_on_special) and not exposed_meld(hand, opts)),
        ("kong_win", kong_win),
        ("last_wall", ctx.last_wall),
        ("dealer", opts.dealer_double == "twice" and ctx.seat_wind == "E"),
    )
    return [item_id for item_id, holds in applies if holds]


def choose(interps: list[Interp]) -> Interp:
    """Highest S, then the higher base, then the base pattern listed first
    (docs/rules/hebei.md#what-wins)."""
    return max(interps, key=lambda i: (i.value, i.base, -i.priority))
