"""Seeded generator of riichi requests for the differential test (tests/test_riichi_differential.py).

``generate(n, seed, preset=None)`` returns ``n`` rows ``(hand, context, rules)``: hands in our notation
(docs/rules/riichi.md#what-wins) that are mostly legal wins, with a context that is legal for
the hand per the rules page's contradiction list, and rules that are a preset name or an options
object over a preset (every preset and every option value is drawn). With ``preset`` every row's
rules start from that preset.

Shapes, biased towards what scores interestingly: four sets and a pair with a flavour (tanyao, pinfu
shapes, honitsu, chinitsu, toitoi, yakuhai, chanta, junchan, sanshoku, sanshoku_doukou, ittsu,
iipeikou, ryanpeikou, shousangen, honroutou, kans, three alike sets that read as triplets or as
sequences, triplets and sequences tangled in one suit), each set concealed or called (chii, pon, open
kan, added kan, closed kan); seven pairs; kokushi; the yakuman shapes (daisangen, the wind yakuman,
tsuuiisou, ryuuiisou, chinroutou, chuuren, suuankou, suukantsu); red fives; a few broken hands (one
tile changed, or seven pairs with four alike) that do not win. About 4% of the rows carry one
deliberate contradiction (``riichi_oracle.contradiction`` names it): the scorer must refuse them.
"""

from __future__ import annotations

import random
import re
from typing import Any

from riichi_oracle import (
    CONTEXT_DEFAULTS,
    OPTION_VALUES,
    PRESETS,
    RED_IDS,
    WINDS,
    Meld,
    Tile,
    hand_text,
)

SIMPLES = [k for k in range(27) if 1 <= k % 9 <= 7]
TERMINALS = [k for k in range(27) if k % 9 in (0, 8)]
HONOURS = list(range(27, 34))
DRAGONS = [31, 32, 33]
WIND_KINDS = [27, 28, 29, 30]
GREEN = [19, 20, 21, 23, 25, 32]  # 2 3 4 6 8s and F
Z_DIGITS_OF = {letter: str(n) for n, letter in enumerate("ESWNPFC", 1)}

FLAVOURS = {
    "random": 14, "tanyao": 8, "pinfu": 8, "honitsu": 7, "chinitsu": 5, "toitoi": 5, "yakuhai": 8,
    "chanta": 4, "junchan": 3, "sanshoku": 4, "sanshoku_doukou": 2, "ittsu": 4, "iipeikou": 4,
    "ryanpeikou": 2, "shousangen": 2, "honroutou": 2, "kans": 4,
    "chiitoitsu": 6, "kokushi": 2, "daisangen": 1, "winds": 1, "tsuuiisou": 1, "ryuuiisou": 1,
    "chinroutou": 1, "chuuren": 1, "suuankou": 2, "suukantsu": 1, "broken": 4,
    "three_alike": 3,  # 111222333 or 123123123: triplets or sequences, the reading decides
    "tangled": 4,  # triplets and sequences close together in one suit: many readings of equal worth
}


def _seq(start: int) -> list[int]:
    return [start, start + 1, start + 2]


def _seq_starts(suits: list[int], lo: int = 0, hi: int = 6) -> list[int]:
    return [s * 9 + r for s in suits for r in range(lo, hi + 1)]


class _Builder:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    # ------------------------------------------------------------------ groups: ("seq", start) / ("trip", kind)
    def groups(self, flavour: str) -> tuple[list[tuple[str, int]], int] | None:
        rng = self.rng
        suits = [0, 1, 2]
        if flavour == "random":
            return [self._any_group(range(34)) for _ in range(4)], rng.randrange(34)
        if flavour == "tanyao":
            return [self._any_group(SIMPLES, seq_lo=1, seq_hi=5) for _ in range(4)], rng.choice(SIMPLES)
        if flavour == "pinfu":
            pair = rng.choice([k for k in range(34) if k not in DRAGONS])
            return [("seq", rng.choice(_seq_starts(suits))) for _ in range(4)], pair
        if flavour in ("honitsu", "chinitsu"):
            s = rng.choice(suits)
            pool = list(range(s * 9, s * 9 + 9)) + (HONOURS if flavour == "honitsu" else [])
            return [self._any_group(pool, suits=[s]) for _ in range(4)], rng.choice(pool)
        if flavour == "toitoi":
            return [("trip", rng.randrange(34)) for _ in range(4)], rng.randrange(34)
        if flavour == "yakuhai":
            first = ("trip", rng.choice(DRAGONS + WIND_KINDS))
            return [first] + [self._any_group(range(34)) for _ in range(3)], rng.randrange(34)
        if flavour in ("chanta", "junchan"):
            pool = TERMINALS + (HONOURS if flavour == "chanta" else [])
            out = []
            for _ in range(4):
                if rng.random() < 0.6:
                    out.append(("seq", rng.choice([s * 9 + r for s in suits for r in (0, 6)])))
                else:
                    out.append(("trip", rng.choice(pool)))
            return out, rng.choice(pool)
        if flavour == "sanshoku":
            r = rng.randrange(7)
            return [("seq", r), ("seq", 9 + r), ("seq", 18 + r), self._any_group(range(34))], rng.randrange(34)
        if flavour == "sanshoku_doukou":
            r = rng.randrange(9)
            return [("trip", r), ("trip", 9 + r), ("trip", 18 + r), self._any_group(range(34))], rng.randrange(34)
        if flavour == "ittsu":
            s = rng.choice(suits) * 9
            return [("seq", s), ("seq", s + 3), ("seq", s + 6), self._any_group(range(34))], rng.randrange(34)
        if flavour == "iipeikou":
            st = rng.choice(_seq_starts(suits))
            return [("seq", st), ("seq", st), self._any_group(range(34)), self._any_group(range(34))], \
                rng.randrange(34)
        if flavour == "ryanpeikou":
            a, b = rng.choice(_seq_starts(suits)), rng.choice(_seq_starts(suits))
            return [("seq", a), ("seq", a), ("seq", b), ("seq", b)], rng.randrange(34)
        if flavour == "shousangen":
            d = rng.sample(DRAGONS, 3)
            return [("trip", d[0]), ("trip", d[1]), self._any_group(range(34)), self._any_group(range(34))], d[2]
        if flavour == "honroutou":
            pool = TERMINALS + HONOURS
            return [("trip", rng.choice(pool)) for _ in range(4)], rng.choice(pool)
        if flavour == "kans":
            return [self._any_group(range(34), trip=0.8) for _ in range(4)], rng.randrange(34)
        if flavour == "daisangen":
            return [("trip", 31), ("trip", 32), ("trip", 33), self._any_group(range(34))], rng.randrange(34)
        if flavour == "winds":
            w = rng.sample(WIND_KINDS, 4)
            if rng.random() < 0.5:  # daisuushii
                return [("trip", k) for k in w], rng.randrange(34)
            return [("trip", w[0]), ("trip", w[1]), ("trip", w[2]), self._any_group(range(34))], w[3]
        if flavour == "tsuuiisou":
            return [("trip", rng.choice(HONOURS)) for _ in range(4)], rng.choice(HONOURS)
        if flavour == "ryuuiisou":
            out = []
            for _ in range(4):
                out.append(("seq", 19) if rng.random() < 0.35 else ("trip", rng.choice(GREEN)))
            return out, rng.choice(GREEN)
        if flavour == "chinroutou":
            return [("trip", rng.choice(TERMINALS)) for _ in range(4)], rng.choice(TERMINALS)
        if flavour == "three_alike":
            start = rng.choice(_seq_starts(suits))
            sets = [("trip", start), ("trip", start + 1), ("trip", start + 2)] if rng.random() < 0.5 \
                else [("seq", start)] * 3
            return sets + [self._any_group(range(34))], rng.randrange(34)
        if flavour == "tangled":
            low = rng.choice(suits) * 9 + rng.randrange(5)
            tangle = [("trip", low + rng.randrange(5)) if rng.random() < 0.5 else ("seq", low + rng.randrange(3))
                      for _ in range(3)]
            return tangle + [self._any_group(range(34))], low + rng.randrange(5)
        if flavour in ("suuankou", "suukantsu"):
            return [("trip", rng.randrange(34)) for _ in range(4)], rng.randrange(34)
        return None

    def _any_group(self, pool, suits=(0, 1, 2), seq_lo=0, seq_hi=6, trip=0.4) -> tuple[str, int]:
        rng = self.rng
        pool = list(pool)
        starts = [s for s in _seq_starts(list(suits), seq_lo, seq_hi) if all(k in pool for k in _seq(s))]
        if starts and rng.random() > trip:
            return ("seq", rng.choice(starts))
        return ("trip", rng.choice(pool))


def _count_ok(kinds: list[int]) -> bool:
    counts: dict[int, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return all(v <= 4 for v in counts.values())


def _random_rules(rng: random.Random, preset: str | None) -> str | dict[str, Any] | None:
    name = preset or rng.choice(sorted(PRESETS))
    roll = rng.random()
    if preset is None and roll < 0.04:
        return None  # no rules given: the default preset
    if roll < 0.4:
        return name
    out: dict[str, Any] = {} if (preset is None and name == "tenhou" and roll < 0.5) else {"preset": name}
    for option, values in OPTION_VALUES.items():
        if rng.random() < 0.35:
            out[option] = rng.choice(values)
    return out


def _hand_shape(rng: random.Random, flavour: str) -> tuple[list[Meld], list[Tile]] | None:
    """Melds and concealed tiles (the winning tile last), or None to draw again."""
    b = _Builder(rng)
    if flavour == "chiitoitsu":
        pool = rng.choice([list(range(34)), SIMPLES, TERMINALS + HONOURS, HONOURS + list(range(9)),
                           list(range(9, 18)), HONOURS])
        if len(pool) < 7:
            return None
        kinds = rng.sample(pool, 7)
        tiles = [Tile(k) for k in kinds for _ in range(2)]
        rng.shuffle(tiles)
        return [], tiles
    if flavour == "kokushi":
        orphans = TERMINALS + HONOURS
        tiles = [Tile(k) for k in orphans] + [Tile(rng.choice(orphans))]
        rng.shuffle(tiles)
        return [], tiles
    if flavour == "chuuren":
        s = rng.randrange(3) * 9
        kinds = [s, s, s] + [s + r for r in range(1, 8)] + [s + 8, s + 8, s + 8, s + rng.randrange(9)]
        tiles = [Tile(k) for k in kinds]
        rng.shuffle(tiles)
        return [], tiles
    if flavour == "broken":
        base = _hand_shape(rng, rng.choice(["random", "tanyao", "pinfu", "honitsu", "chiitoitsu", "kokushi"]))
        if base is None:
            return None
        melds, tiles = base
        if rng.random() < 0.3 and not melds:  # seven "pairs" with four alike
            kinds = rng.sample(range(34), 6)
            tiles = [Tile(k) for k in kinds[:5] for _ in range(2)] + [Tile(kinds[5])] * 4
            rng.shuffle(tiles)
            return [], tiles
        i = rng.randrange(len(tiles))
        tiles[i] = Tile(rng.randrange(34))
        return melds, tiles
    made = b.groups(flavour)
    if made is None:
        return None
    groups, pair = made
    kinds = [k for kind, x in groups for k in (_seq(x) if kind == "seq" else [x] * 3)] + [pair, pair]
    if not _count_ok(kinds):
        return None
    closed_hand = (flavour in ("pinfu", "ryanpeikou", "iipeikou", "suuankou", "chuuren", "three_alike", "tangled")
                   or rng.random() < 0.45)
    kan_rate = {"kans": 0.6, "suukantsu": 1.0}.get(flavour, 0.12)
    melds: list[Meld] = []
    concealed: list[Tile] = []
    counts = {k: kinds.count(k) for k in kinds}
    for kind, x in groups:
        if kind == "seq":
            tiles = [Tile(k) for k in _seq(x)]
            if not closed_hand and rng.random() < 0.5:
                melds.append(Meld("chii", tuple(tiles)))
            else:
                concealed += tiles
            continue
        if rng.random() < kan_rate and counts[x] == 3:
            counts[x] = 4
            if closed_hand or flavour == "suuankou":
                melds.append(Meld("closed_kan", (Tile(x),) * 4))
            else:
                melds.append(Meld(rng.choice(["open_kan", "added_kan", "closed_kan"]), (Tile(x),) * 4))
        elif not closed_hand and rng.random() < 0.55:
            melds.append(Meld("pon", (Tile(x),) * 3))
        else:
            concealed += [Tile(x)] * 3
    concealed += [Tile(pair), Tile(pair)]
    rng.shuffle(melds)
    return melds, concealed


def _add_reds(rng: random.Random, melds: list[Meld], concealed: list[Tile]) -> tuple[list[Meld], list[Tile]]:
    for five in RED_IDS:
        in_hand = sum(t.kind == five for t in concealed) + sum(t.kind == five for m in melds for t in m.tiles)
        # a real set's four fives of a suit include its red one (the oracle's tile set too)
        if rng.random() > 0.45 and in_hand < 4:
            continue
        spots = [("c", i) for i, t in enumerate(concealed) if t.kind == five]
        spots += [("m", i, j) for i, m in enumerate(melds) for j, t in enumerate(m.tiles) if t.kind == five]
        if not spots:
            continue
        spot = rng.choice(spots)
        if spot[0] == "c":
            concealed[spot[1]] = Tile(five, red=True)
        else:
            _, i, j = spot
            tiles = list(melds[i].tiles)
            tiles[j] = Tile(five, red=True)
            melds[i] = Meld(melds[i].kind, tuple(tiles))
    return melds, concealed


def _indicators(rng: random.Random, n: int, used: dict[int, int], reds: set[int], avoid: int | None) -> list[Tile]:
    out: list[Tile] = []
    for _ in range(n):
        for _try in range(20):
            k = rng.randrange(34)
            if used.get(k, 0) < 4 and k != avoid:
                break
        else:
            break
        used[k] = used.get(k, 0) + 1
        red = k in RED_IDS and k not in reds and rng.random() < 0.15
        if red:
            reds.add(k)
        out.append(Tile(k, red))
    return out


def _tiles_text(tiles: list[Tile]) -> str:
    return "".join(t.text() for t in tiles)


def _z_digits(text: str) -> str:
    """The honours in Tenhou's digits (``EEP`` -> ``115z``), which the notation reads too."""
    return re.sub("[ESWNPFC]+", lambda m: "".join(Z_DIGITS_OF[c] for c in m.group(0)) + "z", text)


def _row(rng: random.Random, preset: str | None) -> tuple[str, dict[str, Any], str | dict[str, Any] | None]:
    names = list(FLAVOURS)
    weights = [FLAVOURS[f] for f in names]
    while True:
        flavour = rng.choices(names, weights)[0]
        shape = _hand_shape(rng, flavour)
        if shape is None:
            continue
        melds, concealed = shape
        all_kinds = [t.kind for m in melds for t in m.tiles] + [t.kind for t in concealed]
        if _count_ok(all_kinds):
            break
    melds, concealed = _add_reds(rng, melds, concealed)
    # the winning tile: any concealed tile, written last
    w = rng.randrange(len(concealed))
    win_tile = concealed.pop(w)
    concealed.sort(key=lambda t: t.kind)
    if rng.random() < 0.1:
        rng.shuffle(concealed)  # written in any order: only the last tile is the winning one
    concealed.append(win_tile)
    hand = hand_text(melds, concealed)
    win = concealed[-1]
    closed = not any(m.kind != "closed_kan" for m in melds)
    has_kan = any(m.kind.endswith("kan") for m in melds)

    ctx: dict[str, Any] = {}
    self_draw = rng.random() < 0.5
    if self_draw or rng.random() < 0.2:
        ctx["self_draw"] = self_draw
    seat = rng.choice(WINDS)
    if seat != "E" or rng.random() < 0.5:
        ctx["seat_wind"] = seat
    rnd = rng.choice("EESSWN")
    if rnd != "E" or rng.random() < 0.3:
        ctx["round_wind"] = rnd
    if not self_draw and rng.random() < 0.6:
        ctx["discarder"] = rng.choice([s for s in WINDS if s != seat])
    riichi = closed and rng.random() < 0.45
    if riichi:
        if rng.random() < 0.12:
            ctx["double_riichi"] = True
            if rng.random() < 0.5:
                ctx["riichi"] = True
        else:
            ctx["riichi"] = True
        if rng.random() < 0.2:
            ctx["ippatsu"] = True
    win_count = sum(k == win.kind for k in all_kinds)
    chankan_ok = not self_draw and win_count == 1
    # the special wins, alone or together where the rules page's list allows it (a first-turn win on
    # the last tile is odd but no contradiction)
    if rng.random() < 0.08:
        ctx["last_wall"] = True
    if not ctx.get("last_wall") and rng.random() < 0.09 and ((self_draw and has_kan) or chankan_ok):
        ctx["kong_win"] = True
    if (rng.random() < 0.045 and not melds and not riichi and (seat != "E" or self_draw)
            and not (ctx.get("kong_win") and self_draw)):
        ctx["first_turn"] = True
    if self_draw and rng.random() < 0.08:
        ctx["discarder"] = rng.choice([s for s in WINDS if s != seat])  # ignored on a self-draw
    # indicators: the 4-copies rule holds for the hand and the indicators together
    used: dict[int, int] = {}
    for k in all_kinds:
        used[k] = used.get(k, 0) + 1
    reds = {t.kind for m in melds for t in m.tiles if t.red} | {t.kind for t in concealed if t.red}
    avoid = win.kind if ctx.get("kong_win") and not self_draw else None
    n_dora = rng.choices([0, 1, 2, 3, 4, 5], [3, 8, 4, 2, 1, 1])[0]
    dora = _indicators(rng, n_dora, used, reds, avoid)
    if dora or rng.random() < 0.1:
        ctx["dora_indicators"] = _tiles_text(dora)
    if riichi and dora and rng.random() < 0.7:
        ura = _indicators(rng, rng.randint(1, len(dora)), used, reds, avoid)
        if ura:
            ctx["ura_dora_indicators"] = _tiles_text(ura)
    if rng.random() < 0.3:
        ctx["honba"] = rng.choice([1, 1, 2, 3, 5, 12, 99])
    if rng.random() < 0.25:
        ctx["riichi_sticks"] = rng.choice([1, 1, 2, 3, 7, 99])
    if rng.random() < 0.04:
        _contradict(rng, ctx, melds, closed, has_kan, all_kinds, win, reds)
    if rng.random() < 0.05:  # the defaults written out
        for key, default in CONTEXT_DEFAULTS.items():
            if key not in ctx and rng.random() < 0.5:
                ctx[key] = default
    if rng.random() < 0.08:
        hand = _z_digits(hand)
        for key in ("dora_indicators", "ura_dora_indicators"):
            if ctx.get(key):
                ctx[key] = _z_digits(ctx[key])
    return hand, ctx, _random_rules(rng, preset)


def _contradict(rng: random.Random, ctx: dict[str, Any], melds: list[Meld], closed: bool, has_kan: bool,
                all_kinds: list[int], win: Tile, reds: set[int]) -> None:
    """One deliberate contradiction of the rules page's list."""
    choices = ["ippatsu", "ura", "discarder", "first_turn_riichi", "ura_more", "fifth_copy"]
    if not closed:
        choices.append("riichi_open")
    if ctx.get("self_draw") and not has_kan:
        choices.append("rinshan")
    if ctx.get("self_draw"):
        choices.append("rinshan_haitei")
    else:
        choices += ["chankan_houtei", "chankan_indicator"]
        if all_kinds.count(win.kind) > 1:
            choices.append("chankan_elsewhere")
    if melds:
        choices.append("first_turn_meld")
    if ctx.get("seat_wind", "E") == "E" and not melds:
        choices.append("first_turn_dealer_ron")
    if reds:
        choices.append("second_red")
    pick = rng.choice(choices)
    if pick == "ippatsu":
        ctx.pop("riichi", None)
        ctx.pop("double_riichi", None)
        ctx.pop("ura_dora_indicators", None)
        ctx["ippatsu"] = True
    elif pick == "ura":
        ctx.pop("riichi", None)
        ctx.pop("double_riichi", None)
        ctx.pop("ippatsu", None)
        ctx["ura_dora_indicators"] = "1m"
    elif pick == "ura_more":
        ctx["ura_dora_indicators"] = ctx.get("dora_indicators", "") + "E"
        if not (ctx.get("riichi") or ctx.get("double_riichi")):
            ctx["riichi"] = True  # open hands contradict twice: either is named
    elif pick == "fifth_copy":
        kind = max(set(all_kinds), key=all_kinds.count)
        extra = "".join(Tile(kind).text() for _ in range(5 - all_kinds.count(kind)))
        ctx["dora_indicators"] = ctx.get("dora_indicators", "") + extra
    elif pick == "second_red":
        red = Tile(rng.choice(sorted(reds)), red=True)
        ctx["dora_indicators"] = ctx.get("dora_indicators", "") + red.text()
    elif pick == "discarder":
        ctx["self_draw"] = False
        ctx["discarder"] = ctx.get("seat_wind", "E")
    elif pick == "first_turn_riichi":
        ctx["first_turn"] = True
        ctx["riichi"] = True
    elif pick == "first_turn_dealer_ron":
        for key in ("riichi", "double_riichi", "ippatsu", "ura_dora_indicators", "kong_win"):
            ctx.pop(key, None)
        ctx["self_draw"] = False
        ctx["first_turn"] = True
    elif pick == "riichi_open":
        ctx["riichi"] = True
    elif pick == "rinshan":
        ctx["kong_win"] = True
    elif pick == "rinshan_haitei":
        ctx["kong_win"] = True
        ctx["last_wall"] = True
    elif pick == "chankan_houtei":
        ctx["kong_win"] = True
        ctx["last_wall"] = True
    elif pick == "chankan_indicator":
        ctx["kong_win"] = True
        ctx["dora_indicators"] = ctx.get("dora_indicators", "") + win.text()
    elif pick == "chankan_elsewhere":
        ctx["kong_win"] = True
    elif pick == "first_turn_meld":
        ctx["first_turn"] = True


def generate(n: int, seed: int, preset: str | None = None) -> list[tuple[str, dict[str, Any], str | dict[str, Any] | None]]:
    rng = random.Random(seed)
    return [_row(rng, preset) for _ in range(n)]

