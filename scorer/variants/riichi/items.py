"""The riichi item table (docs/rules/riichi.md#items): yakuman, yaku and dora, as data.

``ItemDef.points`` is an item's han on a concealed hand (13 per yakuman, 26 for a double one);
``OPEN_HAN`` is its han on an open hand (None: concealed hands only). A yakuman excludes every
ordinary yaku and the dora (a yakuman hand scores its yakuman only); the other exclusions keep the
higher of two yaku that say the same thing. An excluder is listed before what it excludes.
"""

from __future__ import annotations

from scorer.registry import ItemDef, item_table

YAKUMAN_ONLY = "yakuman_only"
HIGH_OVER_LOW = "high_over_low"

# (id, English, kanji, closed han, open han or None, what it is)
_YAKU: tuple[tuple[str, str, str, int, int | None, str], ...] = (
    ("double_riichi", "Double Riichi", "ダブル立直", 2, None, "riichi declared on the first turn, no call before it"),
    ("riichi", "Riichi", "立直", 1, None, "ready declared on a concealed hand"),
    ("ippatsu", "One-shot", "一発", 1, None, "won within one go-round of riichi, no call in between"),
    ("menzen_tsumo", "Concealed Self-draw", "門前清自摸和", 1, None, "a concealed hand wins by self-draw"),
    ("pinfu", "Pinfu", "平和", 1, None, "four sequences, a pair worth no fu, a two-sided wait"),
    ("tanyao", "All Simples", "断幺九", 1, 1, "only tiles 2-8 (open only with the rule open_tanyao)"),
    ("ryanpeikou", "Twice Pure Double Sequence", "二盃口", 3, None, "two pairs of identical sequences"),
    ("iipeikou", "Pure Double Sequence", "一盃口", 1, None, "two identical sequences"),
    ("yakuhai_haku", "White Dragon", "役牌 白", 1, 1, "a triplet or kan of white dragons (P)"),
    ("yakuhai_hatsu", "Green Dragon", "役牌 發", 1, 1, "a triplet or kan of green dragons (F)"),
    ("yakuhai_chun", "Red Dragon", "役牌 中", 1, 1, "a triplet or kan of red dragons (C)"),
    ("seat_wind", "Seat Wind", "自風牌", 1, 1, "a triplet or kan of the winner's seat wind"),
    ("round_wind", "Round Wind", "場風牌", 1, 1, "a triplet or kan of the round wind"),
    ("haitei", "Under the Sea", "海底摸月", 1, 1, "self-drawn on the last tile of the wall"),
    ("houtei", "Under the River", "河底撈魚", 1, 1, "won on the last discard"),
    ("rinshan", "After a Kan", "嶺上開花", 1, 1, "self-drawn on a kan's replacement tile"),
    ("chankan", "Robbing a Kan", "槍槓", 1, 1, "won on the tile another player adds to a kan"),
    ("chiitoitsu", "Seven Pairs", "七対子", 2, None, "seven pairs of seven different kinds"),
    ("junchan", "Fully Outside Hand", "純全帯幺九", 3, 2, "a terminal in every set and the pair, a sequence, no honour"),
    ("chanta", "Half Outside Hand", "混全帯幺九", 2, 1, "a terminal or honour in every set and the pair, a sequence"),
    ("ittsu", "Pure Straight", "一気通貫", 2, 1, "123, 456 and 789 of one suit"),
    ("sanshoku", "Mixed Triple Sequence", "三色同順", 2, 1, "the same sequence in the three suits"),
    ("sanshoku_doukou", "Triple Triplets", "三色同刻", 2, 2, "triplets of the same number in the three suits"),
    ("toitoi", "All Triplets", "対々和", 2, 2, "four triplets or kans"),
    ("sanankou", "Three Concealed Triplets", "三暗刻", 2, 2, "three concealed triplets"),
    ("sankantsu", "Three Kans", "三槓子", 2, 2, "three kans"),
    ("shousangen", "Little Three Dragons", "小三元", 2, 2, "two dragon triplets and a dragon pair"),
    ("honroutou", "All Terminals and Honours", "混老頭", 2, 2, "only terminals and honours"),
    ("chinitsu", "Full Flush", "清一色", 6, 5, "one suit only"),
    ("honitsu", "Half Flush", "混一色", 3, 2, "one suit and honours"),
    ("renhou", "Blessing of Man", "人和", 5, None, "a non-dealer's first-turn ron (rule renhou: mangan)"),
)

_DORA: tuple[tuple[str, str, str, str], ...] = (
    ("dora", "Dora", "ドラ", "each tile the dora indicators point at"),
    ("aka_dora", "Red Five", "赤ドラ", "each red five (rule aka)"),
    ("ura_dora", "Ura Dora", "裏ドラ", "each tile the ura dora indicators point at (riichi only)"),
)

# (id, English, kanji, yakuman counted, what it is); listed in the order that breaks a tie
# between equally valued yakuman when only one is kept (rule yakuman_stack false)
_YAKUMAN: tuple[tuple[str, str, str, str], ...] = (
    ("kokushi", "Thirteen Orphans", "国士無双", "one of each terminal and honour and a pair of one"),
    ("kokushi_13", "Thirteen Orphans, 13-sided Wait", "国士無双十三面待ち",
     "thirteen orphans won on the tile that makes the pair"),
    ("suuankou", "Four Concealed Triplets", "四暗刻", "four concealed triplets"),
    ("suuankou_tanki", "Four Concealed Triplets, Pair Wait", "四暗刻単騎",
     "four concealed triplets won on the pair"),
    ("daisangen", "Big Three Dragons", "大三元", "three dragon triplets"),
    ("shousuushii", "Little Four Winds", "小四喜", "three wind triplets and a wind pair"),
    ("daisuushii", "Big Four Winds", "大四喜", "four wind triplets"),
    ("tsuuiisou", "All Honours", "字一色", "only honours"),
    ("ryuuiisou", "All Green", "緑一色", "only 2 3 4 6 8s and F"),
    ("chinroutou", "All Terminals", "清老頭", "only terminals"),
    ("chuuren", "Nine Gates", "九蓮宝燈", "1112345678999 of one suit and one more, concealed"),
    ("junsei_chuuren", "True Nine Gates", "純正九蓮宝燈", "nine gates won on its nine-sided wait"),
    ("suukantsu", "Four Kans", "四槓子", "four kans"),
    ("tenhou", "Blessing of Heaven", "天和", "the dealer self-draws on the first turn"),
    ("chiihou", "Blessing of Earth", "地和", "a non-dealer self-draws on the first turn"),
    ("renhou_yakuman", "Blessing of Man (yakuman)", "人和 役満", "a non-dealer's first-turn ron (rule renhou: yakuman)"),
)

YAKU_IDS: tuple[str, ...] = tuple(row[0] for row in _YAKU)
DORA_IDS: tuple[str, ...] = tuple(row[0] for row in _DORA)
YAKUMAN_IDS: tuple[str, ...] = tuple(row[0] for row in _YAKUMAN)
# worth two yakuman under the rule double_yakuman
DOUBLE_YAKUMAN: frozenset[str] = frozenset({"kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"})

_ORDINARY_EXCLUDED = tuple((i, YAKUMAN_ONLY) for i in YAKU_IDS + DORA_IDS)
_HIGHER: dict[str, tuple[str, ...]] = {
    "double_riichi": ("riichi",), "ryanpeikou": ("iipeikou",), "junchan": ("chanta",), "chinitsu": ("honitsu",),
}

ITEMS: tuple[ItemDef, ...] = item_table("riichi", (
    *(ItemDef(id=i, name=en, name_zh=zh, points=13, excludes=_ORDINARY_EXCLUDED,
              description=f"yakuman: {what}") for i, en, zh, what in _YAKUMAN),
    *(ItemDef(id=i, name=en, name_zh=zh, points=closed,
              excludes=tuple((low, HIGH_OVER_LOW) for low in _HIGHER.get(i, ())),
              description=f"{what}; {closed} han" + (f", {opened} open" if opened is not None else ", concealed only"))
      for i, en, zh, closed, opened, what in _YAKU),
    *(ItemDef(id=i, name=en, name_zh=zh, points=1, description=f"{what}: 1 han per tile")
      for i, en, zh, what in _DORA),
))

BY_ID: dict[str, ItemDef] = {i.id: i for i in ITEMS}
OPEN_HAN: dict[str, int | None] = {row[0]: row[4] for row in _YAKU}


def value_text(item_id: str) -> str:
    """An item's han as the rules page heads its section: "2 han, 1 open", "yakuman"."""
    if item_id in YAKUMAN_IDS:
        return "yakuman (double under double_yakuman)" if item_id in DOUBLE_YAKUMAN else "yakuman"
    if item_id in DORA_IDS:
        return "1 han per tile"
    closed, opened = BY_ID[item_id].points, OPEN_HAN[item_id]
    if opened is None:
        return f"{closed} han, concealed only"
    return f"{closed} han, open too" if opened == closed else f"{closed} han, {opened} open"
