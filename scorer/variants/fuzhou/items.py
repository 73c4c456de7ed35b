"""The Fuzhou item table (docs/rules/fuzhou.md#items)."""

from __future__ import annotations

from scorer.registry import ItemDef, item_table

ITEMS: tuple[ItemDef, ...] = item_table("fuzhou", (
    ItemDef("flower_tiles", "Flower tiles", "花", 1,
            description="+1 for each flower or honour tile set aside (36 flowers: 1f-8f and 1z-7z)"),
    ItemDef("flower_kong", "Flower kong", "花杠", 2,
            description="+2 on top of its four tiles for four identical honours, 1f2f3f4f or 5f6f7f8f"),
    ItemDef("exposed_kong", "Exposed kong", "明杠", 1,
            description="+1 for each exposed (or added) kong"),
    ItemDef("concealed_kong", "Concealed kong", "暗杠", 2,
            description="+2 for each concealed kong"),
    ItemDef("gold_tiles", "Gold tiles as flowers", "金", 1,
            description="+1 for each gold held; only with the option golds_as_flowers"),
    ItemDef("golden_bird", "Golden bird", "金雀", 60,
            excludes=(("three_golds", "high_over_low"), ("rob_gold", "high_over_low"), ("pinghu", "high_over_low")),
            description="some arrangement has two golds as its pair"),
    ItemDef("three_golds", "Three golds down", "三金倒", 40,
            excludes=(("rob_gold", "high_over_low"), ("pinghu", "high_over_low")),
            description="self-draw holding three golds, whatever the rest of the hand"),
    ItemDef("rob_gold", "Robbing the gold", "抢金", 30,
            excludes=(("pinghu", "high_over_low"),),
            description="the displayed gold completes the hand at the start; settled as a self-draw"),
    ItemDef("pinghu", "Plain win", "平胡", 30,
            description="no flower and no kong (F = 0) and no gold bonus"),
    ItemDef("plain_extra", "Plain extra", "平胡加10", 10,
            description="+10 when the gold bonus hand also has F = 0"),
    ItemDef("dealer_streak", "Dealer points", "连庄", 1,
            description="D = dealer_streak, paid only between the dealer and the winner"),
))

INDEX = {item.id: item for item in ITEMS}
