"""The Koudian item table (docs/rules/shanxi.md#items): the winning point, the pattern factors,
self-draw.

Kongs and the dealer bonus are settlement, not items (docs/rules/shanxi.md#payments): they are in
``details.kongs`` and ``payments`` only.
"""

from __future__ import annotations

from scorer.registry import ItemDef, item_table

ITEMS: tuple[ItemDef, ...] = item_table("shanxi", (
    ItemDef("tile_point", "Winning Tile Points", "胡牌点数",
            description="points = the winning tile's point (1-9, honours 10); a self-drawn mouse takes the "
                        "best wait's point"),
    ItemDef("qixiaodui", "Seven Pairs", "七小对", factor=2,
            description="seven-pairs interpretation"),
    ItemDef("haohua", "Luxury (Four Identical Tiles)", "豪华", factor=4,
            description="seven pairs holding four identical natural tiles (once)"),
    ItemDef("qingyise", "Full Flush", "清一色", factor=2,
            description="all 14 tiles in one suit, no honours"),
    ItemDef("yitiaolong", "Pure Straight (One Dragon)", "一条龙", factor=2,
            description="concealed chows 123, 456 and 789 of one suit"),
    ItemDef("shisanyao", "Thirteen Orphans", "十三幺", factor=2,
            description="only with the thirteen_orphans room option"),
    ItemDef("self_draw", "Self-Drawn", "自摸", factor=2,
            description="the win unit is doubled on a self-draw"),
))

INDEX: dict[str, ItemDef] = {i.id: i for i in ITEMS}
FACTOR_ORDER: tuple[str, ...] = ("qixiaodui", "haohua", "qingyise", "yitiaolong", "shisanyao")
