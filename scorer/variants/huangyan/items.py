"""The item table of Huangyan mahjong (docs/rules/huangyan.md#items), one ItemDef per id the scorer emits."""

from __future__ import annotations

from scorer.exclusions import apply_exclusions
from scorer.registry import ItemDef, item_table, scored_item
from scorer.result import Exclusion, Item

from .sets import Row

ITEMS: tuple[ItemDef, ...] = item_table("huangyan", (
    ItemDef("win_reward", "winning reward", "基本牌分奖励", points=20,
            description="+20 added to the winner's base before the doublings"),
    ItemDef("pair_seat_wind", "seat-wind pair", "门风对", points=2),
    ItemDef("pair_dragon", "dragon pair", "箭牌对", points=2,
            description="a pair of 中/发/白 that is not the wild kind"),
    ItemDef("exposed_pung", "exposed pung", "明刻(碰)", points=2,
            description="2 simple / 4 hard / 8 own seat wind (winner); also a pung completed by the winning discard"),
    ItemDef("concealed_pung", "concealed pung", "暗刻", points=4,
            description="4 simple / 8 hard / 16 own seat wind (winner)"),
    ItemDef("exposed_kong", "exposed kong", "明杠", points=8,
            description="8 simple / 16 hard / 32 own seat wind (winner); an added kong too"),
    ItemDef("concealed_kong", "concealed kong", "暗杠", points=16,
            description="16 simple / 32 hard / 64 own seat wind (winner)"),
    ItemDef("self_draw", "self-draw", "自摸", points=2),
    ItemDef("closed_wait", "closed wait", "嵌档", points=2),
    ItemDef("edge_wait", "edge wait", "边张", points=2,
            description="only with rules.wait_points = closed_edge_single"),
    ItemDef("single_wait", "single wait", "单吊", points=2,
            description="only with rules.wait_points = closed_edge_single"),
    ItemDef("all_pungs", "all pungs", "对对和", points=0,
            description="only with rules.all_pungs_points > 0"),
    ItemDef("seat_wind_set", "seat-wind pung/kong", "门风刻杠", factor=2),
    ItemDef("dragon_set", "dragon pung/kong", "箭牌刻杠", factor=2),
    ItemDef("round_wind_set", "round-wind pung/kong", "圈风刻杠", factor=2,
            description="only with rules.round_wind_fan"),
    ItemDef("full_flush", "full flush", "清一色", factor=8, description="3 fans"),
    ItemDef("half_flush", "half flush", "混一色", factor=2),
    ItemDef("no_wild", "no wild", "无得", factor=2),
    ItemDef("wild_restored", "wild restored", "得复原", factor=2),
    ItemDef("three_wilds", "three wilds", "三得", factor=1,
            description="three or more 得 in the winning hand force 辣子"),
    ItemDef("lazi", "limit", "辣子", factor=1, description="total set to 300"),
))

INDEX = {i.id: i for i in ITEMS}


def items_of(rows: list[Row]) -> tuple[list[Item], list[Exclusion]]:
    """The result's items of a reading's rows (id, points, factor, tiles, detail), through the
    exclusion pass: the items that count and the ones excluded."""
    return apply_exclusions([_item(*row) for row in rows], ITEMS)


def _item(item_id: str, points: int, factor: int, tiles: str, detail: str | None) -> Item:
    return scored_item(INDEX[item_id], points, factor, 1, tiles, detail)
