"""The MCR fan table (docs/rules/mcr.md#the-82-items): one row per fan, as data.

Each row: id, English and Chinese names, points, and the fans it stops from being scored (不计,
with the principle that removes them); each fan is defined in its own section of the rules page
(``ItemDef.doc``).
Fans are numbered by their place in this table (``F.<ID>``); the scorer works on count
vectors indexed by that number. Excluders always come before what they exclude, so the
exclusions can be applied in one pass in table order (see ``exclusions.apply``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorer.registry import ItemDef, item_table

NR, NS, NI, HL, AO = "non_repetition", "non_separation", "non_identity", "high_over_low", "account_once"


def _fan(fid: str, zh: str, en: str, pts: int, *excludes: str, principle: str = NR,
         also: tuple[tuple[str, str], ...] = ()) -> ItemDef:
    return ItemDef(id=fid, name=en, name_zh=zh, points=pts,
                   excludes=tuple((e, principle) for e in excludes) + also)


CHOW_PAIR_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
WAIT_FANS = ("edge_wait", "closed_wait", "single_wait")

FANS: tuple[ItemDef, ...] = item_table("mcr", (
    # 88
    _fan("big_four_winds", "大四喜", "Big Four Winds", 88,
         "big_three_winds", "little_four_winds", "all_pungs", "prevalent_wind", "seat_wind",
         "pung_of_terminals_or_honors"),
    _fan("big_three_dragons", "大三元", "Big Three Dragons", 88, "two_dragon_pungs", "dragon_pung"),
    _fan("all_green", "绿一色", "All Green", 88, "half_flush", "one_voided_suit"),
    _fan("nine_gates", "九莲宝灯", "Nine Gates", 88,
         "full_flush", "concealed_hand", "fully_concealed_hand", "no_honors", *WAIT_FANS),
    _fan("four_kongs", "四杠", "Four Kongs", 88,
         "three_kongs", "two_melded_kongs", "concealed_kong_and_melded_kong", "two_concealed_kongs",
         "melded_kong", "concealed_kong", "all_pungs", "single_wait"),
    _fan("seven_shifted_pairs", "连七对", "Seven Shifted Pairs", 88,
         "seven_pairs", "full_flush", "no_honors", "concealed_hand", "fully_concealed_hand", "single_wait"),
    _fan("thirteen_orphans", "十三幺", "Thirteen Orphans", 88,
         "all_types", "all_terminals_and_honors", "outside_hand", "concealed_hand", "fully_concealed_hand",
         "single_wait"),
    # 64
    _fan("all_terminals", "清幺九", "All Terminals", 64,
         "all_terminals_and_honors", "all_pungs", "outside_hand", "pung_of_terminals_or_honors", "no_honors",
         "double_pung"),
    _fan("little_four_winds", "小四喜", "Little Four Winds", 64,
         "big_three_winds", "pung_of_terminals_or_honors"),
    _fan("little_three_dragons", "小三元", "Little Three Dragons", 64, "two_dragon_pungs", "dragon_pung"),
    _fan("all_honors", "字一色", "All Honors", 64,
         "all_pungs", "outside_hand", "pung_of_terminals_or_honors", "all_terminals_and_honors", "one_voided_suit"),
    _fan("four_concealed_pungs", "四暗刻", "Four Concealed Pungs", 64,
         "all_pungs", "concealed_hand", "fully_concealed_hand", "three_concealed_pungs", "two_concealed_pungs"),
    _fan("pure_terminal_chows", "一色双龙会", "Pure Terminal Chows", 64,
         "seven_pairs", "full_flush", "all_chows", "no_honors", *CHOW_PAIR_FANS),
    # 48
    _fan("quadruple_chow", "一色四同顺", "Quadruple Chow", 48,
         "pure_triple_chow", "pure_double_chow", "pure_shifted_pungs", "tile_hog"),
    _fan("four_pure_shifted_pungs", "一色四节高", "Four Pure Shifted Pungs", 48,
         "pure_shifted_pungs", "all_pungs", "pure_triple_chow"),
    # 32
    _fan("four_pure_shifted_chows", "一色四步高", "Four Pure Shifted Chows", 32,
         "pure_shifted_chows", *CHOW_PAIR_FANS),
    _fan("three_kongs", "三杠", "Three Kongs", 32,
         "two_melded_kongs", "concealed_kong_and_melded_kong", "two_concealed_kongs", "melded_kong",
         "concealed_kong"),
    _fan("all_terminals_and_honors", "混幺九", "All Terminals and Honors", 32,
         "all_pungs", "outside_hand", "pung_of_terminals_or_honors"),
    # 24
    _fan("seven_pairs", "七对", "Seven Pairs", 24, "concealed_hand", "fully_concealed_hand", "single_wait"),
    _fan("greater_honors_and_knitted_tiles", "七星不靠", "Greater Honors and Knitted Tiles", 24,
         "lesser_honors_and_knitted_tiles", "knitted_straight", "all_types", "concealed_hand",
         "fully_concealed_hand", "single_wait"),
    _fan("all_even_pungs", "全双刻", "All Even Pungs", 24, "all_pungs", "all_simples", "no_honors"),
    _fan("full_flush", "清一色", "Full Flush", 24, "no_honors", "one_voided_suit"),
    _fan("pure_triple_chow", "一色三同顺", "Pure Triple Chow", 24, "pure_shifted_pungs"),
    _fan("pure_shifted_pungs", "一色三节高", "Pure Shifted Pungs", 24, "pure_triple_chow"),
    _fan("upper_tiles", "全大", "Upper Tiles", 24, "upper_four", "no_honors"),
    _fan("middle_tiles", "全中", "Middle Tiles", 24, "all_simples", "no_honors"),
    _fan("lower_tiles", "全小", "Lower Tiles", 24, "lower_four", "no_honors"),
    # 16
    _fan("pure_straight", "清龙", "Pure Straight", 16),
    _fan("three_suited_terminal_chows", "三色双龙会", "Three-Suited Terminal Chows", 16,
         "all_chows", "no_honors", *CHOW_PAIR_FANS),
    _fan("pure_shifted_chows", "一色三步高", "Pure Shifted Chows", 16),
    _fan("all_fives", "全带五", "All Fives", 16, "all_simples", "no_honors"),
    _fan("triple_pung", "三同刻", "Triple Pung", 16),
    _fan("three_concealed_pungs", "三暗刻", "Three Concealed Pungs", 16, "two_concealed_pungs"),
    # 12
    _fan("lesser_honors_and_knitted_tiles", "全不靠", "Lesser Honors and Knitted Tiles", 12,
         "all_types", "concealed_hand", "fully_concealed_hand", "single_wait"),
    _fan("knitted_straight", "组合龙", "Knitted Straight", 12),
    _fan("upper_four", "大于五", "Upper Four", 12, "no_honors"),
    _fan("lower_four", "小于五", "Lower Four", 12, "no_honors"),
    _fan("big_three_winds", "三风刻", "Big Three Winds", 12),
    # 8
    _fan("mixed_straight", "花龙", "Mixed Straight", 8),
    _fan("reversible_tiles", "推不倒", "Reversible Tiles", 8, "one_voided_suit"),
    _fan("mixed_triple_chow", "三色三同顺", "Mixed Triple Chow", 8),
    _fan("mixed_shifted_pungs", "三色三节高", "Mixed Shifted Pungs", 8),
    _fan("chicken_hand", "无番和", "Chicken Hand", 8),
    _fan("last_tile_draw", "妙手回春", "Last Tile Draw", 8, "self_drawn"),
    _fan("last_tile_claim", "海底捞月", "Last Tile Claim", 8),
    _fan("out_with_replacement_tile", "杠上开花", "Out with Replacement Tile", 8, "self_drawn"),
    _fan("robbing_the_kong", "抢杠和", "Robbing the Kong", 8, "last_tile"),
    # 6
    _fan("all_pungs", "碰碰和", "All Pungs", 6),
    _fan("half_flush", "混一色", "Half Flush", 6, "one_voided_suit"),
    _fan("mixed_shifted_chows", "三色三步高", "Mixed Shifted Chows", 6),
    _fan("all_types", "五门齐", "All Types", 6),
    _fan("melded_hand", "全求人", "Melded Hand", 6, "single_wait"),
    _fan("two_concealed_kongs", "双暗杠", "Two Concealed Kongs", 6, "concealed_kong", "two_concealed_pungs"),
    _fan("two_dragon_pungs", "双箭刻", "Two Dragon Pungs", 6, "dragon_pung"),
    # 5 (helper preset only)
    _fan("concealed_kong_and_melded_kong", "明暗杠", "Concealed Kong and Melded Kong", 5,
         "melded_kong", "concealed_kong"),
    # 4
    _fan("outside_hand", "全带幺", "Outside Hand", 4),
    _fan("fully_concealed_hand", "不求人", "Fully Concealed Hand", 4, "self_drawn", "concealed_hand"),
    _fan("two_melded_kongs", "双明杠", "Two Melded Kongs", 4, "melded_kong"),
    _fan("last_tile", "和绝张", "Last Tile", 4),
    # 2
    _fan("dragon_pung", "箭刻", "Dragon Pung", 2),
    _fan("prevalent_wind", "圈风刻", "Prevalent Wind", 2),
    _fan("seat_wind", "门风刻", "Seat Wind", 2),
    _fan("concealed_hand", "门前清", "Concealed Hand", 2),
    _fan("all_chows", "平和", "All Chows", 2, "no_honors"),
    _fan("tile_hog", "四归一", "Tile Hog", 2),
    _fan("double_pung", "双同刻", "Double Pung", 2),
    _fan("two_concealed_pungs", "双暗刻", "Two Concealed Pungs", 2),
    _fan("concealed_kong", "暗杠", "Concealed Kong", 2),
    _fan("all_simples", "断幺", "All Simples", 2, "no_honors"),
    # 1
    _fan("pure_double_chow", "一般高", "Pure Double Chow", 1),
    _fan("mixed_double_chow", "喜相逢", "Mixed Double Chow", 1),
    _fan("short_straight", "连六", "Short Straight", 1),
    _fan("two_terminal_chows", "老少副", "Two Terminal Chows", 1),
    _fan("pung_of_terminals_or_honors", "幺九刻", "Pung of Terminals or Honors", 1),
    _fan("melded_kong", "明杠", "Melded Kong", 1),
    _fan("one_voided_suit", "缺一门", "One Voided Suit", 1),
    _fan("no_honors", "无字", "No Honors", 1),
    _fan("edge_wait", "边张", "Edge Wait", 1, "closed_wait", "single_wait"),
    _fan("closed_wait", "嵌张", "Closed Wait", 1, "single_wait"),
    _fan("single_wait", "单钓将", "Single Wait", 1),
    _fan("self_drawn", "自摸", "Self-Drawn", 1),
    _fan("flower_tiles", "花牌", "Flower Tiles", 1),
))

NUM_FANS = len(FANS)
INDEX: dict[str, int] = {f.id: i for i, f in enumerate(FANS)}
POINTS: tuple[int, ...] = tuple(f.points for f in FANS)



if TYPE_CHECKING:
    class _Indexes(type):
        def __getattr__(cls, name: str) -> int: ...
else:
    _Indexes = type


class F(metaclass=_Indexes):
    """``F.PURE_STRAIGHT`` → the fan's index in ``FANS`` (plain class attributes, set below from the
    table: a hot path)."""


for _i, _f in enumerate(FANS):
    setattr(F, _f.id.upper(), _i)

# (excluded index) -> list of (excluder index, principle), for the one-pass removal.
EXCLUDED_BY: list[list[tuple[int, str]]] = [[] for _ in FANS]
for _i, _f in enumerate(FANS):
    for _ex, _principle in _f.excludes:
        EXCLUDED_BY[INDEX[_ex]].append((_i, _principle))
