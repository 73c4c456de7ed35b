"""Test-only bridge to the reference MCR calculator, pymahjonggb 1.4.0 (module ``MahjongGB``).

Nothing under ``scorer/`` may import this module or ``MahjongGB``.

* ``parse_hand`` reads OUR hand notation, restricted to what ``mcr_generator`` emits: melds ``[123m]``,
  ``[123m,2]``, ``[555p]``, ``[555p,1]``, ``[5555p]``, ``{5555p}`` (added kong), ``(5555p)`` (concealed kong),
  then the concealed tiles, the last of them being the winning tile; honours as letters ``ESWNCFP``.
  It is deliberately self-contained (it must not use ``scorer.notation``).
* ``oracle_fans`` / ``oracle_total`` translate a row (hand text + our context dict) to the reference's input
  and its answer back to our fan ids: ``Counter[(fan_id, points, count)]``.
* ``contradiction`` names the context contradiction
  (docs/rules/mcr.md#errors-a-context-that-contradicts-the-hand) a row has, else None.

Translation to the reference's input: suits m p s -> ``W B T``, winds E S W N -> ``F1..F4``, dragons C -> ``J1``,
F -> ``J2``, P -> ``J3``; a chow is ``("CHI", middle tile, claimed 1..3)``, a pung ``("PENG", tile, 1..3)``,
a claimed kong ``("GANG", tile, 1..3)``, a concealed kong ``("GANG", tile, 0)``.  The reference's Python
binding cannot express an added (promoted) kong: its ``pack_t`` has a "promoted" bit (0x4000) but
``make_pack(offer, type, tile)`` never sets it, and the calculator only asks ``is_pack_melded`` (offer != 0),
never ``is_promoted_kong`` -- so ``{5555p}`` goes in as ``("GANG", tile, 1)``, scored exactly like a claimed
kong.  The offer digit (1..3) never changes the score; a missing ``,N`` is sent as 1.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

HONOURS = "ESWNCFP"  # kinds 27..33, as scorer/tiles.py
SUITS = "mps"  # kinds 0-8 m, 9-17 p, 18-26 s
_ORACLE_SUIT = {"m": "W", "p": "B", "s": "T"}
_ORACLE_HONOUR = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}
WIND_INDEX = {"E": 0, "S": 1, "W": 2, "N": 3}

# The reference's Chinese fan name -> our fan id (docs/rules/mcr.md#the-82-items) and its points, checked
# on every answer.
FAN_IDS: dict[str, tuple[str, int]] = {
    "大四喜": ("big_four_winds", 88),
    "大三元": ("big_three_dragons", 88),
    "绿一色": ("all_green", 88),
    "九莲宝灯": ("nine_gates", 88),
    "四杠": ("four_kongs", 88),
    "连七对": ("seven_shifted_pairs", 88),
    "十三幺": ("thirteen_orphans", 88),
    "清幺九": ("all_terminals", 64),
    "小四喜": ("little_four_winds", 64),
    "小三元": ("little_three_dragons", 64),
    "字一色": ("all_honors", 64),
    "四暗刻": ("four_concealed_pungs", 64),
    "一色双龙会": ("pure_terminal_chows", 64),
    "一色四同顺": ("quadruple_chow", 48),
    "一色四节高": ("four_pure_shifted_pungs", 48),
    "一色四步高": ("four_pure_shifted_chows", 32),
    "三杠": ("three_kongs", 32),
    "混幺九": ("all_terminals_and_honors", 32),
    "七对": ("seven_pairs", 24),
    "七星不靠": ("greater_honors_and_knitted_tiles", 24),
    "全双刻": ("all_even_pungs", 24),
    "清一色": ("full_flush", 24),
    "一色三同顺": ("pure_triple_chow", 24),
    "一色三节高": ("pure_shifted_pungs", 24),
    "全大": ("upper_tiles", 24),
    "全中": ("middle_tiles", 24),
    "全小": ("lower_tiles", 24),
    "清龙": ("pure_straight", 16),
    "三色双龙会": ("three_suited_terminal_chows", 16),
    "一色三步高": ("pure_shifted_chows", 16),
    "全带五": ("all_fives", 16),
    "三同刻": ("triple_pung", 16),
    "三暗刻": ("three_concealed_pungs", 16),
    "全不靠": ("lesser_honors_and_knitted_tiles", 12),
    "组合龙": ("knitted_straight", 12),
    "大于五": ("upper_four", 12),
    "小于五": ("lower_four", 12),
    "三风刻": ("big_three_winds", 12),
    "花龙": ("mixed_straight", 8),
    "推不倒": ("reversible_tiles", 8),
    "三色三同顺": ("mixed_triple_chow", 8),
    "三色三节高": ("mixed_shifted_pungs", 8),
    "无番和": ("chicken_hand", 8),
    "妙手回春": ("last_tile_draw", 8),
    "海底捞月": ("last_tile_claim", 8),
    "杠上开花": ("out_with_replacement_tile", 8),
    "抢杠和": ("robbing_the_kong", 8),
    "碰碰和": ("all_pungs", 6),
    "混一色": ("half_flush", 6),
    "三色三步高": ("mixed_shifted_chows", 6),
    "五门齐": ("all_types", 6),
    "全求人": ("melded_hand", 6),
    "双暗杠": ("two_concealed_kongs", 6),
    "双箭刻": ("two_dragon_pungs", 6),
    "明暗杠": ("concealed_kong_and_melded_kong", 5),
    "全带幺": ("outside_hand", 4),
    "不求人": ("fully_concealed_hand", 4),
    "双明杠": ("two_melded_kongs", 4),
    "和绝张": ("last_tile", 4),
    "箭刻": ("dragon_pung", 2),
    "圈风刻": ("prevalent_wind", 2),
    "门风刻": ("seat_wind", 2),
    "门前清": ("concealed_hand", 2),
    "平和": ("all_chows", 2),
    "四归一": ("tile_hog", 2),
    "双同刻": ("double_pung", 2),
    "双暗刻": ("two_concealed_pungs", 2),
    "暗杠": ("concealed_kong", 2),
    "断幺": ("all_simples", 2),
    "一般高": ("pure_double_chow", 1),
    "喜相逢": ("mixed_double_chow", 1),
    "连六": ("short_straight", 1),
    "老少副": ("two_terminal_chows", 1),
    "幺九刻": ("pung_of_terminals_or_honors", 1),
    "明杠": ("melded_kong", 1),
    "缺一门": ("one_voided_suit", 1),
    "无字": ("no_honors", 1),
    "独听・边张": ("edge_wait", 1),
    "独听・嵌张": ("closed_wait", 1),
    "独听・单钓": ("single_wait", 1),
    "自摸": ("self_drawn", 1),
    "花牌": ("flower_tiles", 1),
}
ALL_FAN_IDS: tuple[str, ...] = tuple(fan_id for fan_id, _ in FAN_IDS.values())
assert len(ALL_FAN_IDS) == 82 == len(set(ALL_FAN_IDS))

CONTEXT_DEFAULTS = {
    "self_draw": False,
    "seat_wind": "E",
    "round_wind": "E",
    "flowers": 0,
    "last_tile": False,
    "kong_win": False,
    "last_wall": False,
}


# --------------------------------------------------------------------------- notation (generator subset)

@dataclass(frozen=True)
class Meld:
    bracket: str  # "[" exposed (claimed), "{" added kong, "(" concealed kong
    tiles: tuple[int, ...]  # kinds, ascending
    offer: int | None  # the ",N" digit, if written

    @property
    def kind(self) -> str:
        if len(self.tiles) == 4:
            return "kong"
        return "pung" if self.tiles[0] == self.tiles[1] else "chow"

    @property
    def exposed(self) -> bool:
        return self.bracket != "("


@dataclass
class ParsedHand:
    melds: list[Meld] = field(default_factory=list)
    concealed: list[int] = field(default_factory=list)  # winning tile included, LAST

    @property
    def win(self) -> int:
        return self.concealed[-1]

    def all_tiles(self) -> list[int]:
        out = [t for m in self.melds for t in m.tiles]
        return out + self.concealed


def parse_tiles(text: str) -> list[int]:
    """``123m5pEC`` -> kinds. Raises ValueError on anything else."""
    out: list[int] = []
    digits: list[int] = []
    for ch in text:
        if ch.isdigit():
            if ch == "0":
                raise ValueError(f"bad rank 0 in {text!r}")
            digits.append(int(ch))
        elif ch in SUITS:
            if not digits:
                raise ValueError(f"suit letter without digits in {text!r}")
            base = SUITS.index(ch) * 9
            out.extend(base + d - 1 for d in digits)
            digits = []
        elif ch in HONOURS:
            if digits:
                raise ValueError(f"digits without a suit in {text!r}")
            out.append(27 + HONOURS.index(ch))
        else:
            raise ValueError(f"unexpected {ch!r} in {text!r}")
    if digits:
        raise ValueError(f"trailing digits in {text!r}")
    return out


_MELD_RE = re.compile(r"\[([^\]]*)\]|\{([^}]*)\}|\(([^)]*)\)")


def parse_hand(text: str) -> ParsedHand:
    text = "".join(text.split())
    hand = ParsedHand()
    pos = 0
    while True:
        m = _MELD_RE.match(text, pos)
        if not m:
            break
        bracket = "[" if m.group(1) is not None else "{" if m.group(2) is not None else "("
        body = next(g for g in m.groups() if g is not None)
        offer: int | None = None
        if "," in body:
            body, off = body.split(",")
            offer = int(off)
            if offer not in (1, 2, 3):
                raise ValueError(f"bad offer in {m.group(0)!r}")
        tiles = tuple(sorted(parse_tiles(body)))
        ok = (
            (len(tiles) == 3 and tiles[0] == tiles[2])
            or (len(tiles) == 3 and tiles[0] < 27 and tiles[0] % 9 <= 6
                and tiles == (tiles[0], tiles[0] + 1, tiles[0] + 2))
            or (len(tiles) == 4 and tiles[0] == tiles[3])
        )
        if not ok or (bracket != "[" and len(tiles) != 4):
            raise ValueError(f"bad meld {m.group(0)!r}")
        hand.melds.append(Meld(bracket, tiles, offer))
        pos = m.end()
    hand.concealed = parse_tiles(text[pos:])
    n_kongs = sum(1 for mm in hand.melds if mm.kind == "kong")
    if len(hand.all_tiles()) != 14 + n_kongs:
        raise ValueError(f"{text!r}: {len(hand.all_tiles())} tiles, expected {14 + n_kongs}")
    return hand


def tile_text(k: int) -> str:
    return f"{k % 9 + 1}{SUITS[k // 9]}" if k < 27 else HONOURS[k - 27]


# --------------------------------------------------------------------------- contradictions

def full_context(context: dict) -> dict:
    ctx = dict(CONTEXT_DEFAULTS)
    ctx.update(context)
    return ctx


def contradiction(hand_text: str, context: dict) -> str | None:
    """The contradiction this row has (docs/rules/mcr.md#errors-a-context-that-contradicts-the-hand), or
    None."""
    hand = parse_hand(hand_text)
    ctx = full_context(context)
    win = hand.win
    has_kong = any(m.kind == "kong" for m in hand.melds)
    if ctx["kong_win"] and ctx["self_draw"] and not has_kong:
        return "kong_win + self_draw with no kong in the hand"
    if ctx["kong_win"] and not ctx["self_draw"]:
        if hand.all_tiles().count(win) > 1:
            return "robbing a kong (kong_win on a discard) while the winning tile appears elsewhere in the hand"
        if ctx["last_wall"]:
            return "robbing a kong together with last_wall"
    if ctx["last_tile"] and hand.concealed.count(win) > 1:
        return "last_tile while another copy of the winning tile is in the concealed part"
    return None


# --------------------------------------------------------------------------- the oracle

def _otile(k: int) -> str:
    return f"{_ORACLE_SUIT[SUITS[k // 9]]}{k % 9 + 1}" if k < 27 else _ORACLE_HONOUR[HONOURS[k - 27]]


def oracle_args(hand_text: str, context: dict) -> dict:
    """Keyword arguments of ``MahjongGB.MahjongFanCalculator`` for one row."""
    hand = parse_hand(hand_text)
    ctx = full_context(context)
    packs = []
    for m in hand.melds:
        if m.kind == "chow":
            packs.append(("CHI", _otile(m.tiles[1]), m.offer or 1))
        elif m.kind == "pung":
            packs.append(("PENG", _otile(m.tiles[0]), m.offer or 1))
        else:  # claimed or added kong: melded (offer 1..3); concealed kong: offer 0
            packs.append(("GANG", _otile(m.tiles[0]), 0 if m.bracket == "(" else (m.offer or 1)))
    return dict(
        pack=tuple(packs),
        hand=tuple(_otile(k) for k in hand.concealed[:-1]),
        winTile=_otile(hand.win),
        flowerCount=int(ctx["flowers"]),
        isSelfDrawn=bool(ctx["self_draw"]),
        is4thTile=bool(ctx["last_tile"]),
        isAboutKong=bool(ctx["kong_win"]),
        isWallLast=bool(ctx["last_wall"]),
        seatWind=WIND_INDEX[ctx["seat_wind"]],
        prevalentWind=WIND_INDEX[ctx["round_wind"]],
        verbose=True,
    )


def oracle_raw(hand_text: str, context: dict) -> tuple:
    from MahjongGB import MahjongFanCalculator  # test-only dependency, imported lazily

    return MahjongFanCalculator(**oracle_args(hand_text, context))


def oracle_fans(hand_text: str, context: dict) -> Counter:
    """The reference's answer as ``Counter[(fan_id, points, count)]`` (花牌 -> ``flower_tiles``)."""
    out: Counter = Counter()
    for points, count, name_zh, _name_en in oracle_raw(hand_text, context):
        if name_zh not in FAN_IDS:
            raise KeyError(f"unknown fan name from the oracle: {name_zh!r} ({_name_en})")
        fan_id, expected = FAN_IDS[name_zh]
        if points != expected:
            raise ValueError(f"oracle gave {name_zh} {points} points, expected {expected}")
        out[(fan_id, points, count)] += 1
    return out


def oracle_total(hand_text: str, context: dict) -> int:
    """Fan points + flowers, as the reference adds them (it never applies the 8-point minimum)."""
    return sum(points * count * n for (_fan, points, count), n in oracle_fans(hand_text, context).items())
