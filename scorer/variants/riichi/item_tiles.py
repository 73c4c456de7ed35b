"""The tiles behind each item of a reading (``items[].tiles``, docs/rules/riichi.md#items): the sets
and the pair a yaku reads, the winning tile of a yaku of the win, the dora held. A yaku about the
whole hand or the situation (all simples, a flush, seven pairs, the outside hands, riichi) names
none; the 13-sided thirteen orphans names its winning tile.
"""

from __future__ import annotations

from collections.abc import Callable

from scorer.seats import WIND_TILE
from scorer.tiles import tile_name

from .context import RiichiContext
from .shapes import KAN, SEQ, Group, Reading

DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)
DRAGON_YAKU = {33: "yakuhai_haku", 32: "yakuhai_hatsu", 31: "yakuhai_chun"}

Finder = Callable[[Reading, RiichiContext, int], str]


def _text(groups: list[Group] | tuple[Group, ...]) -> str:
    return " ".join(g.text for g in groups)


def _triplets_of(kinds: tuple[int, ...]) -> Callable[[Reading], list[Group]]:
    return lambda r: [g for g in r.sets if g.is_triplet and g.tile in kinds]


def _doubled_sequences(r: Reading) -> str:
    seqs = [g for g in r.sets if g.kind == SEQ]
    return _text([g for g in seqs if sum(h.tile == g.tile for h in seqs) >= 2])


def _straight(r: Reading) -> str:
    seqs = [g for g in r.sets if g.kind == SEQ]
    for suit in range(3):
        found = [next((g for g in seqs if g.tile == 9 * suit + step), None) for step in (0, 3, 6)]
        if all(found):
            return _text([g for g in found if g is not None])
    return ""


def _across_suits(r: Reading, kind_ok: Callable[[Group], bool], ranks: int) -> str:
    """The three groups of one rank in the three suits (a sequence or a triplet)."""
    groups = [g for g in r.sets if kind_ok(g)]
    for n in range(ranks):
        found = [next((g for g in groups if g.tile == n + 9 * s), None) for s in range(3)]
        if all(found):
            return _text([g for g in found if g is not None])
    return ""


def _wind(which: str) -> Finder:
    def find(r: Reading, ctx: RiichiContext, win: int) -> str:
        tile = WIND_TILE[getattr(ctx, which)]
        return _text([g for g in r.sets if g.is_triplet and g.tile == tile])
    return find


def _sets(pick: Callable[[Reading], list[Group]], with_pair: bool = False) -> Finder:
    return lambda r, ctx, win: _text(pick(r) + ([r.pair] if with_pair else [])) if r.shape == "standard" else ""


def _winning_tile(r: Reading, ctx: RiichiContext, win: int) -> str:
    return tile_name(win)


def _all_triplets(r: Reading) -> list[Group]:
    return [g for g in r.sets if g.is_triplet]


def _concealed_triplets(r: Reading) -> list[Group]:
    return [g for g in r.sets if g.is_triplet and g.concealed]


def _kans(r: Reading) -> list[Group]:
    return [g for g in r.sets if g.kind == KAN]


FINDERS: dict[str, Finder] = {
    "iipeikou": lambda r, ctx, win: _doubled_sequences(r),
    "ryanpeikou": lambda r, ctx, win: _doubled_sequences(r),
    **{yaku: _sets(_triplets_of((tile,))) for tile, yaku in DRAGON_YAKU.items()},
    "seat_wind": _wind("seat_wind"),
    "round_wind": _wind("round_wind"),
    "haitei": _winning_tile, "houtei": _winning_tile, "rinshan": _winning_tile, "chankan": _winning_tile,
    "ittsu": lambda r, ctx, win: _straight(r),
    "sanshoku": lambda r, ctx, win: _across_suits(r, lambda g: g.kind == SEQ, 7),
    "sanshoku_doukou": lambda r, ctx, win: _across_suits(r, lambda g: g.is_triplet, 9),
    "toitoi": _sets(_all_triplets),
    "sanankou": _sets(_concealed_triplets),
    "sankantsu": _sets(_kans),
    "shousangen": _sets(_triplets_of(DRAGONS), with_pair=True),
    "kokushi_13": _winning_tile,
    "suuankou": _sets(_concealed_triplets), "suuankou_tanki": _sets(_concealed_triplets),
    "daisangen": _sets(_triplets_of(DRAGONS)),
    "shousuushii": _sets(_triplets_of(WINDS), with_pair=True),
    "daisuushii": _sets(_triplets_of(WINDS)),
    "suukantsu": _sets(_kans),
}


def tiles_of(item_id: str, reading: Reading, ctx: RiichiContext, win: int) -> str:
    """The tiles behind a yaku or yakuman of this reading ("" where none are meaningful)."""
    find = FINDERS.get(item_id)
    return find(reading, ctx, win) if find is not None else ""
