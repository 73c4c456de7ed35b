"""Test-only bridge to the riichi behaviour oracle, PyPI ``mahjong`` 2.1.0 (docs/rules/riichi.md).

Nothing under ``scorer/`` may import this module or ``mahjong``.

* ``parse_hand`` reads OUR riichi notation, self-contained (it must not use ``scorer.notation``): melds
  ``[123m]`` chii, ``[555p]`` pon, ``[5555p]`` open kan, ``{5555p}`` added kan, ``(5555p)`` closed kan,
  then the concealed tiles, the last of them the winning tile; ``0m 0p 0s`` the red fives; honours as
  letters ``E S W N P F C`` or Tenhou digits ``1z``..``7z``.
* ``resolve_rules`` turns a request's ``rules`` (None, a preset name, or an options object naming its
  preset or not) into the full option set, as the rules page's preset table says.
* ``contradiction`` names the first context contradiction of the rules page's list a request has, else
  None: such a request is a 422 for us, while the oracle silently scores it (or refuses on its own terms).
* ``oracle_result`` asks the oracle and returns its answer normalised to our result's shape (see
  ``OracleResult``).

Translation to the oracle: tiles go in 136-format (kind × 4 + copy) with the red five of a suit as copy
0 of its five (ids 16, 52, 88) and every other tile on the next free copy of its kind, hand and
indicators allocated together; melds become ``Meld(CHI|PON|KAN|SHOUMINKAN, opened=...)`` (a closed kan
``KAN`` with ``opened=False``); the context becomes ``HandConfig``: ``is_riichi`` (riichi or double
riichi), ``is_daburu_riichi``, ``is_ippatsu``, ``kong_win`` as ``is_rinshan`` (self-drawn) or
``is_chankan`` (on a discard), ``last_wall`` as ``is_haitei`` / ``is_houtei``, ``first_turn`` as
``is_tenhou`` (dealer), ``is_chiihou`` (non-dealer, self-drawn) or ``is_renhou`` (non-dealer on a
discard, only where the rules value it), ``player_wind`` / ``round_wind``, ``tsumi_number`` = honba,
``kyoutaku_number`` = riichi sticks; the options as the rules page's "Mapping to the oracle's
OptionalRules" says, everything else at the oracle's defaults.

The oracle's tile set has exactly one red five per suit (copy 0): a hand holding four plain fives of a
suit cannot be written for it (the generator makes one of four fives red); such a row raises ValueError.

What the oracle does not do and this bridge adds, each from the rules page:
* ``yakuman_stack: false``: the oracle stacks yakuman; its answer is capped here at one yakuman (the
  highest-valued, on a tie the first of ``YAKUMAN_ORDER``), 13 han, paid as one.
* the ``limit`` label of a counted yakuman: the oracle sets ``"kazoe yakuman"`` and then overwrites
  it with ``"yakuman"`` (its kazoe branch falls through to the limits table); read from the han here.
* the ``limit`` label of a mangan reached on fu (4 han 40+ fu, 3 han 70+ fu) while ``kiriage`` is on:
  the oracle's ``yaku_level`` stays ``""`` there (its kiriage branch skips the mangan label) although it
  pays a mangan; the label is read from the points here.
* the dora a "no yaku" hand would have had: the oracle answers only its error; the counts come from
  the oracle's own dora helpers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

SUITS = "mps"
HONOUR_LETTERS = "ESWNPFC"  # the oracle's 34-format order: 27 E .. 30 N, 31 haku P, 32 hatsu F, 33 chun C
Z_DIGITS = {"1": "E", "2": "S", "3": "W", "4": "N", "5": "P", "6": "F", "7": "C"}
WINDS = "ESWN"
RED_IDS = {4: 16, 13: 52, 22: 88}  # kind of a five -> its red copy's 136 id

# the rules page's preset table
PRESETS: dict[str, dict[str, Any]] = {
    "tenhou": {"open_tanyao": True, "aka": True, "double_yakuman": False, "yakuman_stack": True,
               "kazoe": "yakuman", "kiriage": False, "renhou": "none"},
    "mahjongsoul": {"open_tanyao": True, "aka": True, "double_yakuman": True, "yakuman_stack": True,
                    "kazoe": "yakuman", "kiriage": False, "renhou": "none"},
    "wrc": {"open_tanyao": True, "aka": False, "double_yakuman": False, "yakuman_stack": False,
            "kazoe": "sanbaiman", "kiriage": False, "renhou": "none"},
    "ema": {"open_tanyao": True, "aka": False, "double_yakuman": False, "yakuman_stack": False,
            "kazoe": "sanbaiman", "kiriage": False, "renhou": "mangan"},
}
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "open_tanyao": (True, False), "aka": (True, False), "double_yakuman": (True, False),
    "yakuman_stack": (True, False), "kazoe": ("yakuman", "sanbaiman"), "kiriage": (True, False),
    "renhou": ("none", "mangan", "yakuman"),
}

# the oracle's yaku class -> our item id (docs/rules/riichi.md#items)
YAKU_IDS: dict[str, str] = {
    "Riichi": "riichi", "DaburuRiichi": "double_riichi", "Ippatsu": "ippatsu", "Tsumo": "menzen_tsumo",
    "Pinfu": "pinfu", "Tanyao": "tanyao", "Iipeiko": "iipeikou", "Ryanpeikou": "ryanpeikou",
    "Haku": "yakuhai_haku", "Hatsu": "yakuhai_hatsu", "Chun": "yakuhai_chun",
    "SeatWindEast": "seat_wind", "SeatWindSouth": "seat_wind", "SeatWindWest": "seat_wind",
    "SeatWindNorth": "seat_wind", "RoundWindEast": "round_wind", "RoundWindSouth": "round_wind",
    "RoundWindWest": "round_wind", "RoundWindNorth": "round_wind",
    "Haitei": "haitei", "Houtei": "houtei", "Rinshan": "rinshan", "Chankan": "chankan",
    "Chiitoitsu": "chiitoitsu", "Chantai": "chanta", "Junchan": "junchan", "Ittsu": "ittsu",
    "Sanshoku": "sanshoku", "SanshokuDoukou": "sanshoku_doukou", "Toitoi": "toitoi", "Sanankou": "sanankou",
    "SanKantsu": "sankantsu", "Shosangen": "shousangen", "Honroto": "honroutou", "Honitsu": "honitsu",
    "Chinitsu": "chinitsu", "Renhou": "renhou",
    # yakuman
    "KokushiMusou": "kokushi", "DaburuKokushiMusou": "kokushi_13", "Suuankou": "suuankou",
    "SuuankouTanki": "suuankou_tanki", "Daisangen": "daisangen", "Shousuushii": "shousuushii",
    "DaiSuushii": "daisuushii", "Tsuuiisou": "tsuuiisou", "Ryuuiisou": "ryuuiisou", "Chinroutou": "chinroutou",
    "ChuurenPoutou": "chuuren", "DaburuChuurenPoutou": "junsei_chuuren", "Suukantsu": "suukantsu",
    "Tenhou": "tenhou", "Chiihou": "chiihou", "RenhouYakuman": "renhou_yakuman",
}
DORA_IDS = {"Dora": "dora", "AkaDora": "aka_dora", "UraDora": "ura_dora"}
# the rules page's yakuman list: the tie-break order when one yakuman is kept
YAKUMAN_ORDER = ("kokushi", "kokushi_13", "suuankou", "suuankou_tanki", "daisangen", "shousuushii",
                 "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren", "junsei_chuuren",
                 "suukantsu", "tenhou", "chiihou", "renhou_yakuman")
LIMITS = {"mangan": "mangan", "kiriage mangan": "mangan", "haneman": "haneman", "baiman": "baiman",
          "sanbaiman": "sanbaiman", "kazoe sanbaiman": "sanbaiman", "kazoe yakuman": "kazoe_yakuman",
          "yakuman": "yakuman", "2x yakuman": "2x_yakuman", "3x yakuman": "3x_yakuman",
          "4x yakuman": "4x_yakuman", "5x yakuman": "5x_yakuman", "6x yakuman": "6x_yakuman"}
CONTEXT_DEFAULTS: dict[str, Any] = {
    "self_draw": False, "seat_wind": "E", "round_wind": "E", "discarder": None, "riichi": False,
    "double_riichi": False, "ippatsu": False, "last_wall": False, "kong_win": False, "first_turn": False,
    "dora_indicators": "", "ura_dora_indicators": "", "honba": 0, "riichi_sticks": 0,
}


class OracleRefused(Exception):
    """The oracle answered with an error of its own (a context it rejects) where we expected a score."""


# ---------------------------------------------------------------------------------------------- notation

@dataclass(frozen=True)
class Tile:
    kind: int  # 0..33 in the oracle's 34-format order
    red: bool = False

    def text(self) -> str:
        if self.kind >= 27:
            return HONOUR_LETTERS[self.kind - 27]
        return f"{0 if self.red else self.kind % 9 + 1}{SUITS[self.kind // 9]}"


@dataclass(frozen=True)
class Meld:
    kind: str  # "chii", "pon", "open_kan", "added_kan", "closed_kan"
    tiles: tuple[Tile, ...]

    @property
    def opened(self) -> bool:
        return self.kind != "closed_kan"


@dataclass
class Hand:
    melds: list[Meld] = field(default_factory=list)
    concealed: list[Tile] = field(default_factory=list)  # the winning tile last

    @property
    def win(self) -> Tile:
        return self.concealed[-1]

    def all_tiles(self) -> list[Tile]:
        return [t for m in self.melds for t in m.tiles] + self.concealed

    @property
    def is_open(self) -> bool:
        return any(m.opened for m in self.melds)


_TOKEN = re.compile(r"\s*(?:([\[\{\(])([^\]\})]*)[\]\})]|(\d+)([mpsz])|([ESWNPFC]))")


def parse_tiles(text: str) -> list[Tile]:
    """Tiles without melds (``"3m0pE"``, ``"15z"``)."""
    tiles: list[Tile] = []
    pos = 0
    for m in re.finditer(r"(\d+)([mpsz])|([ESWNPFC])|(\s+)", text):
        if m.start() != pos:
            raise ValueError(f"cannot read {text!r} at {pos}")
        pos = m.end()
        if m.group(3):
            tiles.append(Tile(27 + HONOUR_LETTERS.index(m.group(3))))
        elif m.group(1):
            for d in m.group(1):
                if m.group(2) == "z":
                    tiles.append(Tile(27 + HONOUR_LETTERS.index(Z_DIGITS[d])))
                elif d == "0":
                    tiles.append(Tile(SUITS.index(m.group(2)) * 9 + 4, red=True))
                else:
                    tiles.append(Tile(SUITS.index(m.group(2)) * 9 + int(d) - 1))
    if pos != len(text):
        raise ValueError(f"cannot read {text!r} at {pos}")
    return tiles


def parse_hand(text: str) -> Hand:
    hand = Hand()
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() != pos:
            raise ValueError(f"cannot read {text!r} at {pos}")
        pos = m.end()
        if m.group(1):
            tiles = tuple(parse_tiles(m.group(2)))
            opener = m.group(1)
            if opener == "(":
                kind = "closed_kan"
            elif opener == "{":
                kind = "added_kan"
            elif len(tiles) == 4:
                kind = "open_kan"
            elif tiles[0].kind == tiles[1].kind:
                kind = "pon"
            else:
                kind = "chii"
            hand.melds.append(Meld(kind, tiles))
        else:
            hand.concealed.extend(parse_tiles(m.group(0)))
    if pos != len(text):
        raise ValueError(f"cannot read {text!r} at {pos}")
    return hand


def hand_text(melds: list[Meld], concealed: list[Tile]) -> str:
    """Our notation for a hand: melds, then the concealed tiles by suit (winning tile last)."""
    brackets = {"chii": "[]", "pon": "[]", "open_kan": "[]", "added_kan": "{}", "closed_kan": "()"}
    out = []
    for meld in melds:
        o, c = brackets[meld.kind]
        out.append(o + _run(list(meld.tiles)) + c)
    out.append(_run(concealed[:-1]))
    out.append(concealed[-1].text())
    return "".join(out)


def _run(tiles: list[Tile]) -> str:
    """Tiles grouped by suit in order, honours as letters: ``123m406p EE``."""
    out: list[str] = []
    digits: list[str] = []
    suit = None
    for t in tiles:
        if t.kind >= 27:
            if digits:
                out.append("".join(digits) + suit)
                digits, suit = [], None
            out.append(t.text())
            continue
        s = SUITS[t.kind // 9]
        if s != suit and digits:
            out.append("".join(digits) + suit)
            digits = []
        suit = s
        digits.append(t.text()[0])
    if digits:
        out.append("".join(digits) + suit)
    return "".join(out)


# ---------------------------------------------------------------------------------------------- rules

def resolve_rules(rules: str | dict[str, Any] | None) -> dict[str, Any]:
    if rules is None:
        return dict(PRESETS["tenhou"])
    if isinstance(rules, str):
        return dict(PRESETS[rules])
    out = dict(PRESETS[rules.get("preset", "tenhou")])
    out.update({k: v for k, v in rules.items() if k != "preset"})
    return out


def full_context(ctx: dict[str, Any]) -> dict[str, Any]:
    out = dict(CONTEXT_DEFAULTS)
    out.update(ctx)
    return out


def previous_seat(seat: str) -> str:
    return WINDS[(WINDS.index(seat) - 1) % 4]


# ---------------------------------------------------------------------------------------------- contradictions

def next_kind(kind: int) -> int:
    """The dora an indicator points at: 9 -> 1 in a suit, E S W N E, P F C P."""
    if kind < 27:
        return kind // 9 * 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


# what ``contradiction`` names, in its order (the generator's test holds that each one is made)
CONTRADICTIONS = (
    "riichi with an open meld", "ippatsu without riichi", "ura dora without riichi",
    "more ura dora indicators than dora indicators", "rinshan without a kan",
    "chankan with the winning tile elsewhere in the hand", "chankan and houtei",
    "chankan with an indicator of the robbed kind", "rinshan and haitei", "first turn with a meld",
    "first turn with riichi", "dealer's first turn on a discard", "discarder is the winner",
    "more than four copies", "more than one red five of a suit",
)


def contradiction(hand_str: str, ctx: dict[str, Any]) -> str | None:
    """The first contradiction of docs/rules/riichi.md's list the request has, else None."""
    hand = parse_hand(hand_str)
    c = full_context(ctx)
    riichi = c["riichi"] or c["double_riichi"]
    dealer = c["seat_wind"] == "E"
    kans = [m for m in hand.melds if m.kind.endswith("kan")]
    indicators = parse_tiles(c["dora_indicators"]) + parse_tiles(c["ura_dora_indicators"])
    if (c["riichi"] or c["double_riichi"] or c["ippatsu"]) and hand.is_open:
        return "riichi with an open meld"
    if c["ippatsu"] and not riichi:
        return "ippatsu without riichi"
    if c["ura_dora_indicators"] and not riichi:
        return "ura dora without riichi"
    if len(parse_tiles(c["ura_dora_indicators"])) > len(parse_tiles(c["dora_indicators"])):
        return "more ura dora indicators than dora indicators"
    if c["kong_win"] and c["self_draw"] and not kans:
        return "rinshan without a kan"
    if c["kong_win"] and not c["self_draw"]:
        if sum(t.kind == hand.win.kind for t in hand.all_tiles()) > 1:
            return "chankan with the winning tile elsewhere in the hand"
        if c["last_wall"]:
            return "chankan and houtei"
        if any(t.kind == hand.win.kind for t in indicators):
            return "chankan with an indicator of the robbed kind"
    if c["kong_win"] and c["last_wall"] and c["self_draw"]:
        return "rinshan and haitei"
    if c["first_turn"] and hand.melds:
        return "first turn with a meld"
    if c["first_turn"] and riichi:
        return "first turn with riichi"
    if c["first_turn"] and dealer and not c["self_draw"]:
        return "dealer's first turn on a discard"
    if not c["self_draw"] and c["discarder"] is not None and c["discarder"] == c["seat_wind"]:
        return "discarder is the winner"
    counts: dict[int, int] = {}
    reds: dict[int, int] = {}
    for t in hand.all_tiles() + indicators:
        counts[t.kind] = counts.get(t.kind, 0) + 1
        if t.red:
            reds[t.kind] = reds.get(t.kind, 0) + 1
    if any(n > 4 for n in counts.values()):
        return "more than four copies"
    if any(n > 1 for n in reds.values()):
        return "more than one red five of a suit"
    return None


# ---------------------------------------------------------------------------------------------- the oracle

@dataclass
class OracleResult:
    """The oracle's answer in our result's terms (docs/rules/riichi.md#value)."""

    valid: bool
    reason: str | None = None  # "no yaku" | "not a winning hand"
    han: int = 0
    fu: int = 0
    limit: str = ""
    yaku: dict[str, int] = field(default_factory=dict)  # our id -> han scored (seat/round wind: 1 each)
    dora: dict[str, int] = field(default_factory=dict)  # dora / aka_dora / ura_dora -> tiles counted
    cost_main: int = 0
    cost_additional: int = 0
    total: int = 0
    payments: dict[str, int] = field(default_factory=lambda: dict.fromkeys(WINDS, 0))
    riichi_sticks: int = 0  # points the winner also takes
    capped_yakuman: list[str] = field(default_factory=list)  # yakuman dropped by yakuman_stack false


def _to_136(hand: Hand, indicator_lists: list[list[Tile]]) -> tuple[list[int], list[list[int]]]:
    """136-format ids for the hand's tiles (in ``all_tiles`` order) and each indicator list.

    A red five takes copy 0 of its five, every other tile the next free copy of its kind (a plain five
    copies 1-3 first); the red fives are placed first and the hand before the indicators, so that only
    a hand of four plain fives would need copy 0 -- which the oracle would count as red."""
    used: dict[int, set[int]] = {}
    everything = hand.all_tiles() + [t for lst in indicator_lists for t in lst]
    n = len(hand.all_tiles())
    ids = [0] * len(everything)
    for i in sorted(range(len(everything)), key=lambda i: not everything[i].red):
        t = everything[i]
        copies = used.setdefault(t.kind, set())
        if t.red:
            if 0 in copies:
                raise ValueError(f"a second red five {t.text()}")
            copy = 0
        else:
            free = [c for c in ((1, 2, 3, 0) if t.kind in RED_IDS else (0, 1, 2, 3)) if c not in copies]
            if not free:
                raise ValueError(f"a fifth {t.text()}")
            copy = free[0]
            if copy == 0 and t.kind in RED_IDS and i < n:
                raise ValueError(f"four plain {t.text()} in the hand: the oracle's tile set makes one of them red")
        copies.add(copy)
        ids[i] = t.kind * 4 + copy
    lists, at = [], n
    for lst in indicator_lists:
        lists.append(ids[at:at + len(lst)])
        at += len(lst)
    return ids[:n], lists


def _config(c: dict[str, Any], rules: dict[str, Any]):
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules

    tsumo = c["self_draw"]
    dealer = c["seat_wind"] == "E"
    first = c["first_turn"]
    options = OptionalRules(
        has_open_tanyao=rules["open_tanyao"],
        has_aka_dora=rules["aka"],
        has_double_yakuman=rules["double_yakuman"],
        kazoe_limit=HandConstants.KAZOE_LIMITED if rules["kazoe"] == "yakuman" else HandConstants.KAZOE_SANBAIMAN,
        kiriage=rules["kiriage"],
        renhou_as_yakuman=rules["renhou"] == "yakuman",
    )
    return HandConfig(
        is_tsumo=tsumo,
        is_riichi=c["riichi"] or c["double_riichi"],
        is_daburu_riichi=c["double_riichi"],
        is_ippatsu=c["ippatsu"],
        is_rinshan=c["kong_win"] and tsumo,
        is_chankan=c["kong_win"] and not tsumo,
        is_haitei=c["last_wall"] and tsumo,
        is_houtei=c["last_wall"] and not tsumo,
        is_tenhou=first and dealer,
        is_chiihou=first and not dealer and tsumo,
        is_renhou=first and not dealer and not tsumo and rules["renhou"] != "none",
        player_wind=27 + WINDS.index(c["seat_wind"]),
        round_wind=27 + WINDS.index(c["round_wind"]),
        tsumi_number=c["honba"],
        kyoutaku_number=c["riichi_sticks"],
        options=options,
    )


def _melds(hand: Hand, ids: list[int]):
    from mahjong.meld import Meld as OracleMeld

    kinds = {"chii": OracleMeld.CHI, "pon": OracleMeld.PON, "open_kan": OracleMeld.KAN,
             "added_kan": OracleMeld.SHOUMINKAN, "closed_kan": OracleMeld.KAN}
    out, at = [], 0
    for m in hand.melds:
        out.append(OracleMeld(kinds[m.kind], ids[at:at + len(m.tiles)], opened=m.opened))
        at += len(m.tiles)
    return out


def _dora_counts(tiles136: list[int], dora: list[int], ura: list[int], c: dict[str, Any],
                 rules: dict[str, Any]) -> dict[str, int]:
    from mahjong.constants import AKA_DORAS
    from mahjong.tile import TilesConverter
    from mahjong.utils import build_dora_count_map, count_dora_for_hand

    tiles34 = TilesConverter.to_34_array(tiles136)
    out = {"dora": count_dora_for_hand(tiles34, build_dora_count_map(dora)),
           "aka_dora": sum(t in AKA_DORAS for t in tiles136) if rules["aka"] else 0,
           "ura_dora": count_dora_for_hand(tiles34, build_dora_count_map(ura))
           if c["riichi"] or c["double_riichi"] else 0}
    return {k: v for k, v in out.items() if v}


def _payments(c: dict[str, Any], main: int, additional: int) -> dict[str, int]:
    """By seat, honba included, sticks not (docs/rules/riichi.md#who-pays)."""
    seat = c["seat_wind"]
    pay = dict.fromkeys(WINDS, 0)
    honba = c["honba"]
    if c["self_draw"]:
        for other in WINDS:
            if other == seat:
                continue
            share = (main if other == "E" else additional) + 100 * honba
            pay[other] -= share
            pay[seat] += share
    else:
        discarder = c["discarder"] or previous_seat(seat)
        pay[discarder] -= main + 300 * honba
        pay[seat] += main + 300 * honba
    return pay


def oracle_result(hand_str: str, ctx: dict[str, Any], rules: str | dict[str, Any] | None = None) -> OracleResult:
    """The oracle's answer to one request whose context has no contradiction."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.scores import ScoresCalculator

    hand = parse_hand(hand_str)
    c = full_context(ctx)
    r = resolve_rules(rules)
    dora_ind = parse_tiles(c["dora_indicators"])
    ura_ind = parse_tiles(c["ura_dora_indicators"])
    tiles136, (dora136, ura136) = _to_136(hand, [dora_ind, ura_ind])
    win136 = tiles136[-1]
    config = _config(c, r)
    answer = HandCalculator.estimate_hand_value(tiles136, win136, melds=_melds(hand, tiles136),
                                                dora_indicators=dora136, config=config,
                                                ura_dora_indicators=ura136)
    if answer.error == HandCalculator.ERR_NO_YAKU:
        return OracleResult(valid=False, reason="no yaku", dora=_dora_counts(tiles136, dora136, ura136, c, r))
    if answer.error == HandCalculator.ERR_HAND_NOT_WINNING:
        return OracleResult(valid=False, reason="not a winning hand")
    if answer.error:
        raise OracleRefused(answer.error)

    yaku: dict[str, int] = {}
    dora: dict[str, int] = {}
    yakuman: list[tuple[str, int]] = []
    for y in answer.yaku:
        name = type(y).__name__
        han = y.han_open if answer.is_open_hand and y.han_open else y.han_closed
        if name in DORA_IDS:
            dora[DORA_IDS[name]] = han
            continue
        our = YAKU_IDS[name]
        yaku[our] = yaku.get(our, 0) + han
        if y.is_yakuman:
            yakuman.append((our, han))
    cost = answer.cost
    han = answer.han
    capped: list[str] = []
    if yakuman and not r["yakuman_stack"] and (len(yakuman) > 1 or yakuman[0][1] > 13):
        kept = max(yakuman, key=lambda y: (y[1], -YAKUMAN_ORDER.index(y[0])))[0]
        capped = [y for y, _ in yakuman if y != kept]
        yaku = {kept: 13}
        han = 13
        cost = ScoresCalculator.calculate_scores(13, answer.fu, config, True)
    level = cost["yaku_level"]
    limit = LIMITS.get(level, "")
    if not yakuman and han >= 13 and r["kazoe"] == "yakuman":
        limit = "kazoe_yakuman"  # the oracle's "kazoe yakuman" label is overwritten by "yakuman"
    if not limit and han < 5 and answer.fu * 2 ** (han + 2) > 2000:
        limit = "mangan"  # the oracle pays a mangan but leaves the label empty when kiriage is on
    main, additional = cost["main"], cost["additional"]
    total = main + 2 * additional if c["self_draw"] else main
    return OracleResult(
        valid=True, han=han, fu=answer.fu, limit=limit, yaku=yaku, dora=dora, cost_main=main,
        cost_additional=additional, total=total, payments=_payments(c, main, additional),
        riichi_sticks=1000 * c["riichi_sticks"], capped_yakuman=capped,
    )
