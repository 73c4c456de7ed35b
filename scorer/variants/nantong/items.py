"""The Nantong item table (docs/rules/nantong.md#items)."""

from __future__ import annotations

from scorer.registry import ItemDef, item_table

ITEMS: tuple[ItemDef, ...] = item_table("nantong", (
    ItemDef("exposed_pung", "Exposed pung", "碰", 2,
            description="each [XXX], and a discard-completed triplet; 2 × multipliers"),
    ItemDef("concealed_triplet", "Concealed triplet", "坎 (暗坎)", 4,
            description="a kind held exactly 3 times in the concealed part; 4, or 12 when it is an indicator"),
    ItemDef("exposed_kong", "Exposed kong", "明杠", 8, description="each [XXXX] or {XXXX}"),
    ItemDef("concealed_kong", "Concealed kong", "暗杠", 12, description="each (XXXX)"),
    ItemDef("four_in_hand", "Four identical in hand", "手中四张", 12,
            description="a kind held 4 times in the concealed part, not declared"),
    ItemDef("opening_declaration", "Opening declaration", "叫牌", 16,
            description="each <XXXX> and <XXX>"),
    ItemDef("tiandi_hezi", "Tiandi Hezi", "天地和子", 16, description="<XX>: both indicators are X"),
    ItemDef("qing_hu", "Qing Hu (all sequences)", "清胡", 100),
    ItemDef("piao_hu", "Piao Hu (all triplets)", "飘胡", 50, 2),
    ItemDef("tazi_hu", "Tazi Hu (mixed)", "塌子胡", 20),
    ItemDef("wenqian", "Wenqian (1-2-3 of coins)", "文钱", 20,
            description="points 20/50/100/200 for 1/2/3/4 sequences 1p2p3p; count = their number"),
    ItemDef("self_draw", "Self-draw", "自摸", 10),
    ItemDef("kong_replacement", "Win on a kong replacement", "杠上开花", 10),
    ItemDef("wait_bonus", "Pair / middle / edge wait", "吊头 / 丫子 / 边张", 10),
    ItemDef("closed_piao", "Closed Piao", "闷飘", 0, 2),
    ItemDef("three_elders", "Three Elders", "三老会齐", 0, 2),
    ItemDef("heavenly_win", "Heavenly win", "天胡", 0, 2),
    ItemDef("dealer_first_discard", "Win on the dealer's first discard", "地胡", 0, 2),
    ItemDef("ready", "Ready declaration", "报听", 0, 2),
    ItemDef("last_tile", "Last-card self-draw", "海底捞月", 0, 2),
))

INDEX: dict[str, ItemDef] = {i.id: i for i in ITEMS}
