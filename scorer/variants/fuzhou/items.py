"""The Fuzhou item table (fuzhou.md §4.3 item names, §6 values)."""

from __future__ import annotations

from scorer.registry import ItemDef

ITEMS: tuple[ItemDef, ...] = (
    ItemDef("flower_tiles", "Flower tiles", "花", 1, spec="§6.1",
            description="+1 for each flower or honour tile set aside (36 flowers: 1f-8f and 1z-7z)"),
    ItemDef("flower_kong", "Flower kong", "花杠", 2, spec="§6.1 / §10 A10",
            description="+2 on top of its four tiles for four identical honours, 1f2f3f4f or 5f6f7f8f"),
    ItemDef("exposed_kong", "Exposed kong", "明杠", 1, spec="§6.1",
            description="+1 for each exposed (or added) kong"),
    ItemDef("concealed_kong", "Concealed kong", "暗杠", 2, spec="§6.1",
            description="+2 for each concealed kong"),
    ItemDef("gold_tiles", "Gold tiles as flowers", "金", 1, spec="§10 A2 (option golds_as_flowers)",
            description="+1 for each gold held; only with the non-spec option golds_as_flowers"),
    ItemDef("golden_bird", "Golden bird", "金雀", 60, spec="§3.7, §6.3",
            excludes=(("three_golds", "high_over_low"), ("rob_gold", "high_over_low"), ("pinghu", "high_over_low")),
            description="some arrangement has two golds as its pair"),
    ItemDef("three_golds", "Three golds down", "三金倒", 40, spec="§3.6, §6.3",
            excludes=(("rob_gold", "high_over_low"), ("pinghu", "high_over_low")),
            description="self-draw holding three golds, whatever the rest of the hand"),
    ItemDef("rob_gold", "Robbing the gold", "抢金", 30, spec="§3.5, §6.3",
            excludes=(("pinghu", "high_over_low"),),
            description="the displayed gold completes the hand at the start; settled as a self-draw"),
    ItemDef("pinghu", "Plain win", "平胡", 30, spec="§6.3",
            description="no flower and no kong (F = 0) and no gold bonus"),
    ItemDef("plain_extra", "Plain extra", "平胡加10", 10, spec="§6.3 / §10 A3",
            description="+10 when the gold bonus hand also has F = 0"),
    ItemDef("dealer_streak", "Dealer points", "连庄", 1, spec="§6.2",
            description="D = dealer_streak, paid only between the dealer and the winner"),
)

INDEX = {item.id: item for item in ITEMS}
