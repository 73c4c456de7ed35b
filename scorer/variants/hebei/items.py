"""The Hebei item table (docs/rules/hebei.md#items: base patterns, then doublings), as data.

Base items carry ``points`` (the 底数) and factor 1; doublings carry points 0 and factor 2.
``BASE_ORDER`` is the page's list of base patterns in order: the first id whose condition holds is
the base, and it breaks ties between interpretations (docs/rules/hebei.md#what-wins).
"""

from __future__ import annotations

from scorer.registry import ItemDef, item_table

_ORDER = ("fengyise", "shisanyao", "qingqidui", "hunqidui", "qiduizi", "qing_yitiaolong", "qing_duiduihu",
      "qingyise", "yitiaolong", "duiduihu", "hunyise", "pihu")


def _base(fid: str, zh: str, en: str, pts: int, description: str) -> ItemDef:
    return ItemDef(id=fid, name=en, name_zh=zh, points=pts, description=description)


def _double(fid: str, zh: str, en: str, description: str) -> ItemDef:
    return ItemDef(id=fid, name=en, name_zh=zh, points=0, factor=2, description=description)


ITEMS: tuple[ItemDef, ...] = item_table("hebei", (
    _base("fengyise", "风一色", "All Honours", 15, "standard or seven pairs, every tile an honour (3×5)"),
    _base("shisanyao", "十三幺", "Thirteen Orphans", 15, "1m9m1p9p1s9s + the 7 honours + one duplicate (3×5)"),
    _base("qingqidui", "清七对", "Pure Seven Pairs", 12, "seven pairs, one suit, no honours"),
    _base("hunqidui", "混七对", "Mixed Seven Pairs", 6, "seven pairs, exactly one suit plus honours"),
    _base("qiduizi", "七小对", "Seven Pairs", 2, "any other seven pairs; exempt from the door rule"),
    _base("qing_yitiaolong", "清一色一条龙", "Full Flush Pure Straight", 6, "one suit only + 123 456 789 (3×2)"),
    _base("qing_duiduihu", "清一色对对胡", "Full Flush All Pungs", 4, "one suit only + no chow (2×2)"),
    _base("qingyise", "清一色", "Full Flush", 3, "one suit only, no honours"),
    _base("yitiaolong", "一条龙", "Pure Straight", 3, "chows 123 456 789 of one suit, exposed chows count"),
    _base("duiduihu", "对对胡", "All Pungs", 2, "no chow; exempt from the door rule"),
    _base("hunyise", "混一色", "Half Flush", 2, "exactly one suit plus honours, the suit ≥ 8 tiles"),
    _base("pihu", "屁胡", "Plain Win", 1, "any other standard hand that meets the door rule"),
    _double("self_draw", "自摸", "Self-Drawn", "the winner drew the winning tile"),
    _double("menqing", "门清", "Concealed Hand",
            "standard hand with no exposed meld (concealed kongs allowed)"),
    _double("kong_win", "杠上开花", "Kong Replacement Win",
            "self-drawn on the replacement tile after one's own kong"),
    _double("last_wall", "海底捞月", "Last Wall Tile", "self-drawn last tile of the wall"),
    # Only under non-default rule options (docs/rules/hebei.md#rule-options-and-presets):
    _double("hunyise_combo", "混一色加番", "Half Flush Doubling",
            "混一色 doubles 对对胡 / 一条龙 (rule option hunyise_stacks; off by default)"),
    _double("dealer", "庄家", "Dealer Doubling",
            "the dealer's win doubled in the hand value as well as in payment "
            "(rule option dealer_double='twice'; off by default)"),
))

BY_ID: dict[str, ItemDef] = {i.id: i for i in ITEMS}
BASE_ORDER: tuple[str, ...] = _ORDER
BASE_POINTS: dict[str, int] = {i: BY_ID[i].points for i in BASE_ORDER}
DOUBLING_ORDER: tuple[str, ...] = ("hunyise_combo", "self_draw", "menqing", "kong_win", "last_wall", "dealer")
