"""Which yaku and yakuman a reading shows (docs/rules/riichi.md#items), family by family: the
situation of the win, the sets, the tiles' colours and terminals, the yakuman.

Each finder returns item ids; their han come from the item table (``han_of``).
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.hand import Hand
from scorer.seats import DEALER, WIND_TILE

from .context import RiichiContext, RiichiRules
from .items import BY_ID, DOUBLE_YAKUMAN, OPEN_HAN, YAKUMAN_IDS
from .shapes import RYANMEN, SEQ, TANKI, THIRTEEN, Reading

HAKU, HATSU, CHUN = 33, 32, 31  # P F C
DRAGONS = (HAKU, HATSU, CHUN)
WINDS = (27, 28, 29, 30)
GREEN = frozenset({19, 20, 21, 23, 25, HATSU})  # 2 3 4 6 8s and F
DRAGON_YAKU = {HAKU: "yakuhai_haku", HATSU: "yakuhai_hatsu", CHUN: "yakuhai_chun"}
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def is_terminal_or_honour(k: int) -> bool:
    return k >= 27 or k % 9 in (0, 8)


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What the yaku read of the whole hand, whatever the reading."""

    kinds: frozenset[int]  # every kind the hand holds, melds included
    closed: bool           # no call: closed kans only (門前)
    kans: int
    counts: tuple[int, ...]  # concealed counts (nine gates)
    win: int

    @property
    def suits(self) -> set[int]:
        return {k // 9 for k in self.kinds if k < 27}

    @property
    def honours(self) -> bool:
        return any(k >= 27 for k in self.kinds)


def hand_facts(hand: Hand) -> HandFacts:
    kinds = set(hand.concealed)
    for m in hand.melds:
        kinds.update(m.tiles)
    closed = all(m.is_concealed for m in hand.melds)
    assert hand.win_tile is not None
    return HandFacts(frozenset(kinds), closed, len(hand.kongs), tuple(hand.counts()), hand.win_tile)


def han_of(item_id: str, closed: bool, rules: RiichiRules) -> int:
    """An item's han on this hand (a double yakuman 26 under the rule double_yakuman)."""
    if item_id in DOUBLE_YAKUMAN:
        return 26 if rules.double_yakuman else 13
    if closed or item_id in YAKUMAN_IDS:
        return BY_ID[item_id].points
    return OPEN_HAN.get(item_id) or 0


# --- the situation -------------------------------------------------------------------------------

def situation(ctx: RiichiContext, rules: RiichiRules, facts: HandFacts) -> list[str]:
    """Riichi, the self-draw, the last tile, the kan tiles, 人和 as a yaku: the same for every reading."""
    found: list[str] = []
    if ctx.double_riichi:
        found += ["double_riichi", "riichi"]  # riichi is shown, and excluded by double riichi
    elif ctx.riichi:
        found.append("riichi")
    if ctx.ippatsu:
        found.append("ippatsu")
    if ctx.self_draw and facts.closed:
        found.append("menzen_tsumo")
    if ctx.last_wall:
        found.append("haitei" if ctx.self_draw else "houtei")
    if ctx.kong_win:
        found.append("rinshan" if ctx.self_draw else "chankan")
    if renhou(ctx) and rules.renhou == "mangan":
        found.append("renhou")
    return found


def renhou(ctx: RiichiContext) -> bool:
    return ctx.first_turn and not ctx.self_draw and ctx.seat_wind != DEALER


# --- the tiles ------------------------------------------------------------------------------------

def colours(facts: HandFacts, rules: RiichiRules) -> list[str]:
    """All simples, the flushes, all terminals and honours: what the tiles alone show."""
    found: list[str] = []
    if all(not is_terminal_or_honour(k) for k in facts.kinds) and (facts.closed or rules.open_tanyao):
        found.append("tanyao")
    if len(facts.suits) == 1:
        found.append("honitsu" if facts.honours else "chinitsu")
    if all(is_terminal_or_honour(k) for k in facts.kinds):
        found.append("honroutou")
    return found


# --- the sets -------------------------------------------------------------------------------------

def sets_yaku(reading: Reading, ctx: RiichiContext, facts: HandFacts) -> list[str]:
    """The yaku of four sets and a pair."""
    seqs = sorted(g.tile for g in reading.sets if g.kind == SEQ)
    triplets = [g.tile for g in reading.sets if g.is_triplet]
    return (_pinfu(reading, ctx, facts, seqs) + _peikou(seqs, facts) + _value_triplets(triplets, ctx)
            + _outside(reading, facts, seqs) + _across(seqs, triplets) + _triplet_yaku(reading, facts, triplets))


def _pinfu(reading: Reading, ctx: RiichiContext, facts: HandFacts, seqs: list[int]) -> list[str]:
    """Concealed, four sequences, a two-sided wait, a pair worth no fu."""
    pair = reading.pair.tile
    valued = pair in DRAGONS or pair in (WIND_TILE[ctx.seat_wind], WIND_TILE[ctx.round_wind])
    return ["pinfu"] if facts.closed and len(seqs) == 4 and reading.wait == RYANMEN and not valued else []


def _peikou(seqs: list[int], facts: HandFacts) -> list[str]:
    """Identical sequences on a concealed hand: one pair of them, or two."""
    if not facts.closed:
        return []
    doubles = sum(seqs.count(t) // 2 for t in set(seqs))
    found = ["ryanpeikou"] if doubles >= 2 else []
    return found + (["iipeikou"] if doubles else [])  # under ryanpeikou: shown, and excluded by it


def _value_triplets(triplets: list[int], ctx: RiichiContext) -> list[str]:
    """A triplet of a dragon, of the seat wind, of the round wind (a double wind scores both)."""
    found: list[str] = []
    for t in triplets:
        if t in DRAGON_YAKU:
            found.append(DRAGON_YAKU[t])
        if t == WIND_TILE[ctx.seat_wind]:
            found.append("seat_wind")
        if t == WIND_TILE[ctx.round_wind]:
            found.append("round_wind")
    return found


def _outside(reading: Reading, facts: HandFacts, seqs: list[int]) -> list[str]:
    """A terminal or honour in every set and the pair, with a sequence."""
    if not seqs or not all(any(is_terminal_or_honour(k) for k in g.tiles) for g in reading.groups):
        return []
    return ["chanta"] if facts.honours else ["junchan", "chanta"]  # chanta shown, and excluded by junchan


def _across(seqs: list[int], triplets: list[int]) -> list[str]:
    """The straight of one suit, the same sequence or triplet in the three suits."""
    seq_set, found = set(seqs), []
    if any({9 * s, 9 * s + 3, 9 * s + 6} <= seq_set for s in range(3)):
        found.append("ittsu")
    if any({n, n + 9, n + 18} <= seq_set for n in range(7)):
        found.append("sanshoku")
    if any({n, n + 9, n + 18} <= set(triplets) for n in range(9)):
        found.append("sanshoku_doukou")
    return found


def _triplet_yaku(reading: Reading, facts: HandFacts, triplets: list[int]) -> list[str]:
    """All triplets, three concealed triplets, three kans, little three dragons."""
    found = ["toitoi"] if len(triplets) == 4 else []
    if concealed_triplets(reading) == 3:
        found.append("sanankou")
    if facts.kans == 3:
        found.append("sankantsu")
    if sum(t in DRAGONS for t in triplets) == 2 and reading.pair.tile in DRAGONS:
        found.append("shousangen")
    return found


def concealed_triplets(reading: Reading) -> int:
    return sum(g.is_triplet and g.concealed for g in reading.sets)


def ordinary(reading: Reading, ctx: RiichiContext, rules: RiichiRules, facts: HandFacts) -> list[str]:
    """Every ordinary yaku of a reading, the excluded ones included (the table drops them)."""
    found = situation(ctx, rules, facts) + colours(facts, rules)
    if reading.shape == "chiitoitsu":
        found.append("chiitoitsu")
    elif reading.shape == "standard":
        found += sets_yaku(reading, ctx, facts)
    return found


# --- the yakuman ----------------------------------------------------------------------------------

def yakuman(reading: Reading, ctx: RiichiContext, rules: RiichiRules, facts: HandFacts) -> list[str]:
    """The yakuman a reading shows, in the table's order."""
    found: list[str] = []
    if reading.shape == "kokushi":
        found.append("kokushi_13" if reading.wait == THIRTEEN else "kokushi")
    if reading.shape == "standard":
        found += _set_yakuman(reading)
    found += _tile_yakuman(facts.kinds)
    if reading.shape == "standard" and facts.closed and not facts.kans and len(facts.suits) == 1 and not facts.honours:
        found += _nine_gates(facts)
    if facts.kans == 4:
        found.append("suukantsu")
    return found + _first_turn_yakuman(ctx, rules)


def _set_yakuman(reading: Reading) -> list[str]:
    """Four concealed triplets, the dragons' and the winds' yakuman."""
    found: list[str] = []
    triplets = [g.tile for g in reading.sets if g.is_triplet]
    if concealed_triplets(reading) == 4:
        found.append("suuankou_tanki" if reading.wait == TANKI else "suuankou")
    if all(d in triplets for d in DRAGONS):
        found.append("daisangen")
    winds = sum(t in WINDS for t in triplets)
    if winds == 3 and reading.pair.tile in WINDS:
        found.append("shousuushii")
    if winds == 4:
        found.append("daisuushii")
    return found


def _tile_yakuman(kinds: frozenset[int]) -> list[str]:
    """Only honours, only the green tiles, only terminals."""
    found: list[str] = []
    if all(k >= 27 for k in kinds):
        found.append("tsuuiisou")
    if kinds <= GREEN:
        found.append("ryuuiisou")
    if all(k < 27 and k % 9 in (0, 8) for k in kinds):
        found.append("chinroutou")
    return found


def _nine_gates(facts: HandFacts) -> list[str]:
    """1112345678999 of the one suit and one more; true nine gates when the 13 before the win were the gates."""
    suit = next(iter(facts.suits)) * 9
    held = facts.counts[suit:suit + 9]
    if not all(h >= need for h, need in zip(held, NINE_GATES, strict=True)):
        return []
    before = list(held)
    before[facts.win - suit] -= 1
    return ["junsei_chuuren" if tuple(before) == NINE_GATES else "chuuren"]


def _first_turn_yakuman(ctx: RiichiContext, rules: RiichiRules) -> list[str]:
    """天和 and 地和 self-drawn on the first turn; 人和 where the rules make it a yakuman."""
    found: list[str] = []
    if ctx.first_turn and ctx.self_draw:
        found.append("tenhou" if ctx.seat_wind == DEALER else "chiihou")
    if renhou(ctx) and rules.renhou == "yakuman":
        found.append("renhou_yakuman")
    return found
