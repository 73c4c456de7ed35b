"""Hand-made riichi game logs for the audit tests and fixtures/riichi/records/ (its README says why
they are made by hand): one tenhou.net/6 game whose rounds each exercise a replay rule, and the same
game as MJAI events. ``python tests/riichi_logs.py`` writes the fixture files.

The recorded values were worked out by hand from the rules (docs/rules/riichi.md) and agree with
the oracle (tests/test_audit_riichi.py checks every win against it).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scorer.archive.botzone import RawRound
from scorer.archive.tenhou import parse_round

ITTSU = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24]  # 123456789m 1234p: waits 1p / 4p
F1 = [25, 26, 27, 28, 29, 34, 35, 36, 37, 38, 41, 42, 43]
F2 = [25, 26, 27, 28, 29, 34, 35, 36, 37, 38, 44, 45, 46]
F3 = [21, 22, 23, 31, 32, 33, 39, 41, 42, 43, 44, 45, 46]
HEAD = ["般南喰赤", "tests/riichi_logs.py"]


def kyoku(head: list[int], deals: list[list[int]], draws: list[list[Any]], discards: list[list[Any]],
          result: list[Any], dora: list[int] | None = None, ura: list[int] | None = None) -> list[Any]:
    out: list[Any] = [head, [25000] * 4, dora or [47], ura or []]
    for s in range(4):
        out += [deals[s], draws[s], discards[s]]
    return [*out, result]


def at_seat(dealer_first: list[Any], dealer: int) -> list[Any]:
    """Per-seat lists given from the dealer on, put by seat."""
    return [dealer_first[(s - dealer) % 4] for s in range(4)]


def riichi_ron_sticks() -> list[Any]:
    """E1, 1 honba, 1 stick: the dealer's riichi on the first discard (double), ronned with ippatsu; 2
    sticks to the winner."""
    return kyoku([0, 1, 1], [ITTSU, F1, F2, F3], [[31], [32], [33], [24]], [["r60"], [60], [60], [60]],
                 ["和了", [14300, 0, 0, -12300], [0, 3, 0, "満貫12000点", "両立直(2飜)", "一発(1飜)", "一気通貫(2飜)",
                                                 "裏ドラ(0飜)"]], ura=[46])


def riichi_ronned_on_declaration() -> list[Any]:
    """E2: player 2's riichi tile is ronned: void, no stick to the winner."""
    return kyoku([1, 0, 0], [F3, F1, F2, ITTSU], [[], [31], [24], []], [[], [60], ["r60"], []],
                 ["和了", [0, 0, -2600, 2600], [3, 2, 3, "40符2飜2600点", "一気通貫(2飜)"]])


def ippatsu_broken_by_call() -> list[Any]:
    """E3: player 0's (double) riichi, then a pon before the ron: no ippatsu."""
    s2 = [41, 41, 42, 25, 26, 27, 28, 29, 34, 35, 36, 37, 38]
    s3 = [21, 22, 23, 31, 32, 33, 39, 39, 43, 44, 45, 46, 47]
    return kyoku([2, 0, 0], [ITTSU, F1, s2, s3], [[33], [41], [31, "p414141"], [32, 24]],
                 [["r60"], [60], [60, 42], [60, 60]],
                 ["和了", [9000, 0, 0, -8000], [0, 3, 0, "満貫8000点", "両立直(2飜)", "一気通貫(2飜)", "裏ドラ(0飜)"]],
                 ura=[46])


def chankan_keeps_ippatsu() -> list[Any]:
    """E4: player 1 adds to its pon of 6p after player 0's riichi; player 0 robs it, ippatsu kept."""
    s0 = [11, 12, 13, 14, 15, 16, 17, 18, 19, 33, 33, 24, 25]
    s1 = [26, 26, 43, 21, 22, 23, 27, 28, 29, 31, 32, 44, 45]
    s2 = [11, 12, 13, 14, 15, 16, 31, 32, 39, 39, 44, 45, 46]
    s3 = [26, 21, 22, 23, 27, 28, 29, 34, 35, 36, 37, 38, 47]
    return kyoku([3, 0, 0], [s0, s1, s2, s3], [[31], ["26p2626", 26], [46], [41, 42]],
                 [["r60"], [43, "26k262626"], [60], [26, 60]],
                 ["和了", [13000, -12000, 0, 0], [0, 1, 0, "跳満12000点", "立直(1飜)", "一発(1飜)", "槍槓(1飜)",
                                                 "平和(1飜)", "一気通貫(2飜)", "裏ドラ(0飜)"]], ura=[46])


def _wall_round(head: list[int], deals: list[list[int]], last: int, result: list[Any], seed: int,
                ron: bool) -> list[Any]:
    """70 draws, every one discarded at once but the last: ``last`` is the 70th tile drawn."""
    used = Counter([*(t for d in deals for t in d), 47, last])
    pool = [k for k in [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48)]
            for _ in range(4 - used[k]) if k not in (21, 24)]
    random.Random(seed).shuffle(pool)
    dealer = head[0] % 4
    draws: list[list[Any]] = [[], [], [], []]
    discards: list[list[Any]] = [[], [], [], []]
    for i in range(70):
        s = (dealer + i) % 4
        draws[s].append(pool[i] if i < 69 else last)
        if i < 69 or ron:
            discards[s].append(60)
    return kyoku(head, deals, draws, discards, result)


def haitei() -> list[Any]:
    """S1: player 1 self-draws the live wall's 70th tile: haitei."""
    return _wall_round([4, 0, 0], [F3, ITTSU, F1, F2], 24,
                       ["和了", [-3900, 7900, -2000, -2000], [1, 1, 1, "30符4飜2000-3900点", "門前清自摸和(1飜)",
                                                           "海底摸月(1飜)", "一気通貫(2飜)"]], 1, ron=False)


def houtei() -> list[Any]:
    """S2: player 2 discards the 70th tile drawn; player 0 rons it: houtei."""
    return _wall_round([5, 0, 0], [ITTSU, F3, F1, F2], 24,
                       ["和了", [5200, 0, -5200, 0], [0, 2, 0, "40符3飜5200点", "河底撈魚(1飜)", "一気通貫(2飜)"]],
                       2, ron=True)


def double_ron() -> list[Any]:
    """S3, 2 honba, 1 stick: players 0 and 1 (double riichi, ippatsu) ron player 3's 4p; the honba and
    both sticks go to player 0, the first after the discarder."""
    s2 = [25, 26, 27, 28, 29, 36, 37, 38, 41, 42, 43, 44, 45]
    s3 = [25, 26, 27, 28, 29, 36, 37, 38, 41, 42, 43, 44, 46]
    return kyoku([6, 2, 1], [ITTSU, ITTSU, s2, s3], [[33], [34], [31, 35], [32, 24]],
                 [[60], ["r60"], [60, 60], [60, 60]],
                 ["和了", [5200, 0, 0, -3200], [0, 3, 0, "40符2飜2600点", "一気通貫(2飜)"],
                  [0, 8000, 0, -8000], [1, 3, 1, "満貫8000点", "両立直(2飜)", "一発(1飜)", "一気通貫(2飜)",
                                        "裏ドラ(0飜)"]],
                 ura=[46])


def pao(ron: bool = False) -> list[Any]:
    """S4: player 0 pons three dragon sets, the third fed by player 2 (liable); self-drawn, player 2
    pays it all; on player 3's discard, players 2 and 3 pay half each."""
    s0 = [45, 45, 46, 46, 47, 47, 11, 12, 13, 21, 22, 23, 39]
    rest = [14, 15, 16, 17, 18, 19, 24, 25, 26, 31, 32, 33]
    draws0: list[Any] = ["p454545", "4646p46", "47p4747"]
    result = (["和了", [32000, 0, -16000, -16000], [0, 3, 2, "役満32000点", "大三元(役満)"]] if ron else
              ["和了", [32000, 0, -32000, 0], [0, 0, 2, "役満8000-16000点", "大三元(役満)"]])
    return kyoku([7, 0, 0], [s0, [46, *rest], [47, *rest], [45, *rest]],
                 [draws0 if ron else [*draws0, 39], [36, 37, 38], [41, 42], [34, 39 if ron else 35]],
                 [[21, 22, 23], [46, 60, 60], [47, 60], [45, 60]], result, dora=[28])


def chi_red_five_open_tanyao() -> list[Any]:
    """E1: player 1 chis the dealer's red 5p (0p) and rons an open all-simples hand: tanyao + aka."""
    s1 = [24, 26, 12, 13, 14, 16, 17, 18, 33, 34, 35, 38, 22]
    return kyoku([0, 0, 0], [F1, s1, F2, F3], [[52], ["c522426"], [31], [38]], [[60], [22], [60], [60]],
                 ["和了", [0, 2000, 0, -2000], [1, 3, 1, "30符2飜2000点", "断幺九(1飜)", "赤ドラ(1飜)"]])


def open_kan_rinshan() -> list[Any]:
    """E2: player 2 makes an open kan of the dealer's haku and self-draws the replacement tile."""
    s0 = [27, 28, 29, 37, 38, 41, 42, 43, 14, 15, 16, 46, 47]
    s1 = [45, 14, 15, 16, 17, 18, 19, 24, 25, 26, 34, 35, 36]
    s2 = [45, 45, 45, 12, 13, 14, 22, 23, 24, 31, 32, 33, 39]
    s3 = [27, 28, 29, 37, 38, 42, 43, 44, 17, 18, 19, 46, 36]
    return kyoku([1, 0, 0], [s0, s1, s2, s3], [[], [41], ["m45454545", 39], []], [[], [45], [0], []],
                 ["和了", [-700, -1300, 2700, -700], [2, 2, 2, "40符2飜700-1300点", "嶺上開花(1飜)", "役牌 白(1飜)"]],
                 dora=[28])


def closed_kan_after_riichi() -> list[Any]:
    """E3: the dealer's double riichi, a closed kan on the next draw (no ippatsu: the kan breaks
    it), the replacement tile self-drawn; the kan's dora indicator shown at once."""
    s0 = [12, 13, 14, 15, 16, 17, 18, 19, 34, 35, 36, 37, 38]
    s1 = [24, 27, 28, 29, 34, 35, 36, 37, 38, 44, 45, 45, 46]
    s2 = [11, 11, 11, 21, 22, 23, 25, 26, 27, 31, 32, 33, 39]
    return kyoku([2, 0, 0], [s0, s1, s2, s0], [[41], [41], [47, 11, 39], [41]], [[60], [60], ["r60", "111111a11"], [60]],
                 ["和了", [-4000, -4000, 13000, -4000], [2, 2, 2, "満貫4000点∀", "門前清自摸和(1飜)", "両立直(2飜)",
                                                        "嶺上開花(1飜)", "裏ドラ(0飜)"]], dora=[47, 42], ura=[46, 43])


def nine_terminals() -> list[Any]:
    """S4, 1 honba: an abortive draw, the dealer (player 3) with nine kinds of terminals and honours."""
    s3 = [11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 12, 13]
    return kyoku([7, 1, 0], [F1, F2, F3, s3], [[], [], [], [46]], [[], [], [], []], ["九種九牌"])


def game() -> dict[str, Any]:
    rounds = [riichi_ron_sticks(), riichi_ronned_on_declaration(), ippatsu_broken_by_call(), chankan_keeps_ippatsu(),
              haitei(), houtei(), double_ron(), pao(), pao(ron=True), chi_red_five_open_tanyao(), open_kan_rinshan(),
              closed_kan_after_riichi(), nine_terminals()]
    return {"title": HEAD, "name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", "aka": 1}, "log": rounds}


def kan_rinshan_real_forms() -> list[Any]:
    """E1 in the forms real logs write: the dealer's closed kan ``414141a41`` (the letter before the
    fourth tile), player 1's pon of player 2's red 5p ``2525p52`` (the letter last: from the player
    after) and its added kan ``2525k2552`` (the added tile right after the letter); player 1
    self-draws the replacement tile: rinshan, dora, red five (the kan's dora is the closed kan's)."""
    deals = [[41, 41, 41, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21], [25, 25, 31, 32, 33, 34, 35, 36, 22, 23, 24, 47, 29],
             [52, 26, 27, 28, 29, 42, 42, 42, 43, 43, 43, 44, 44], [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24]]
    draws = [[41, 45, 46], [46, "2525p52", 25, 47], [46, 46], [45]]
    discards = [["414141a41", 60, 60], [60, 29, "2525k2552"], [52, 60], [60]]
    return kyoku([0, 0, 0], deals, draws, discards, ["和了", [-2600, 5200, -1300, -1300], [
        1, 1, 1, "40符3飜1300-2600点", "嶺上開花(1飜)", "ドラ(1飜)", "赤ドラ(1飜)"]], dora=[19, 33])


def pon_of_a_later_discard() -> list[Any]:
    """E1, 1 honba: player 2 passes the dealer's first E and pons the second; its pon string comes
    up at the first, as player 3's pon skipped player 2's turn in between (the reader backtracks)."""
    deals = [[25, 26, 27, 28, 29, 34, 35, 36, 37, 38, 41, 42, 43], [25, 26, 27, 28, 29, 34, 35, 36, 37, 38, 44, 45, 46],
             [41, 41, 42, 25, 26, 27, 28, 29, 34, 35, 36, 37, 38], [21, 22, 23, 31, 32, 33, 39, 39, 43, 44, 44, 45, 46]]
    draws = [[31, 41], [32], ["41p4141"], ["44p4444", 33]]
    discards = [[41, 60], [44], [42], [39, 60]]
    return kyoku([0, 1, 0], deals, draws, discards, ["流局", [0, 0, 0, 0]])


def daisuushii_pao_ron() -> list[Any]:
    """E1, 2 honba: player 1 pons all four winds, the last (N) fed by the dealer, and rons player 2's
    1m: daisuushii (one yakuman at Tenhou); the dealer (liable) and player 2 pay half each, the
    honba from the dealer."""
    deals = [[41, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 34], [41, 41, 42, 42, 43, 43, 44, 44, 11, 12, 13, 15, 17],
             [43, 21, 22, 23, 24, 25, 26, 27, 28, 29, 35, 36, 37], [42, 21, 22, 23, 24, 25, 26, 27, 28, 29, 35, 36, 38]]
    draws = [[45, 44], ["p414141", "42p4242", "4343p43", "p444444"], [46, 47, 33, 11], [46, 33]]
    discards = [[41, 60], [12, 13, 15, 17], [60, 43, 60, 60], [42, 60]]
    return kyoku([0, 2, 0], deals, draws, discards, ["和了", [-16600, 32600, -16000, 0], [
        1, 2, 0, "役満32000点", "大四喜(役満)"]], dora=[39])


def real_forms_game() -> dict[str, Any]:
    """A game with the keys a tenhou.net/6 download has besides the rounds (ignored), its red fives
    per suit, and rounds in the forms real logs write; its last two rounds end in the draws as
    Mahjong Soul logs converted by tensoul name them."""
    triple = pon_of_a_later_discard()
    triple[16] = ["三家和"]
    four_kans = pon_of_a_later_discard()
    four_kans[16] = ["四開槓"]
    return {"ver": 2.3, "ref": "hand-made", "title": HEAD, "name": ["A", "B", "C", "D"],
            "rule": {"disp": "般南喰赤", "aka53": 1, "aka52": 1, "aka51": 1}, "lobby": 0, "dan": ["新人"] * 4,
            "rate": [1500.0] * 4, "sx": ["M"] * 4, "sc": [25000, 0.0] * 4,
            "log": [kan_rinshan_real_forms(), pon_of_a_later_discard(), daisuushii_pao_ron(), triple, four_kans]}


def mjai_lines(tenhou_game: dict[str, Any]) -> list[dict[str, Any]]:
    """The same game as MJAI events, from the replay order of the tenhou.net/6 reader."""
    out: list[dict[str, Any]] = [{"type": "start_game", "names": tenhou_game["name"]}]
    for i, entry in enumerate(tenhou_game["log"]):
        text = json.dumps({"game": 1, "index": i, "rule": tenhou_game["rule"], "round": entry})
        rnd = parse_round(RawRound("x", 1, [text], len(text), kind="tenhou"))
        out.append({"type": "start_kyoku", "bakaze": "ESWN"[rnd.round_wind], "kyoku": rnd.dealer + 1,
                    "honba": rnd.honba, "kyotaku": rnd.sticks, "oya": rnd.dealer, "dora_marker": mjai_tile(rnd.dora[0]),
                    "scores": rnd.scores, "tehais": [[mjai_tile(t) for t in d] for d in rnd.deals]})
        kan_dora = iter(rnd.dora[1:])  # Tenhou shows a closed kan's indicator at once, an open one's after its discard
        open_kan = None
        for a in rnd.actions:
            if a.verb == "draw":
                out.append({"type": "tsumo", "actor": a.seat, "pai": mjai_tile(a.tile)})
            elif a.verb == "discard":
                if a.riichi:
                    out.append({"type": "reach", "actor": a.seat})
                out.append({"type": "dahai", "actor": a.seat, "pai": mjai_tile(a.tile), "tsumogiri": False})
            elif a.verb in ("chi", "pon", "daiminkan"):
                out.append({"type": a.verb, "actor": a.seat, "target": a.source, "pai": mjai_tile(a.tile),
                            "consumed": [mjai_tile(t) for t in a.own]})
            elif a.verb == "kakan":
                rest = list(a.own)
                rest.remove(a.tile)
                out.append({"type": "kakan", "actor": a.seat, "pai": mjai_tile(a.tile), "consumed": [mjai_tile(t) for t in rest]})
            elif a.verb == "ankan":
                out.append({"type": "ankan", "actor": a.seat, "consumed": [mjai_tile(t) for t in a.own]})
                out.extend(_kan_dora(kan_dora))
            if a.verb == "discard" and a.seat == open_kan:
                open_kan = None
                out.extend(_kan_dora(kan_dora))
            if a.verb in ("daiminkan", "kakan"):
                open_kan = a.seat
        for w in rnd.wins:
            riichi = any(n in ("立直", "両立直") for n, _ in w.yaku)
            hora: dict[str, Any] = {"type": "hora", "actor": w.winner,
                                    "target": w.winner if w.source is None else w.source, "deltas": w.deltas,
                                    "ura_markers": [mjai_tile(t) for t in rnd.ura] if riichi else []}
            out.append(hora)
        if rnd.drawn:
            out.append({"type": "ryukyoku", "reason": rnd.drawn, "deltas": [0, 0, 0, 0]})
        out.append({"type": "end_kyoku"})
    out.append({"type": "end_game"})
    return out


def _kan_dora(indicators: Iterator[int]) -> list[dict[str, Any]]:
    """The next kan dora indicator the round shows, as an MJAI event (none when it shows no more)."""
    tile = next(indicators, None)
    return [] if tile is None else [{"type": "dora", "dora_marker": mjai_tile(tile)}]


def mjai_tile(t: int) -> str:
    """A tenhou.net/6 tile code (11-47, 51-53 the red fives) as MJAI writes it: 5mr, E, 3p."""
    if t in (51, 52, 53):
        return "5" + "mps"[t - 51] + "r"
    if t > 40:
        return "ESWNPFC"[t - 41]
    return f"{t % 10}{'mps'[t // 10 - 1]}"


def corrupt_tenhou() -> list[dict[str, Any]]:
    """Three broken rounds and a good one, then a three-player game: a bad tile code (58) in a draw,
    a round cut short, wrong score changes (1,000 short)."""
    bad_tile = riichi_ron_sticks()
    bad_tile[5] = [58]
    wrong = riichi_ronned_on_declaration()
    wrong[16] = ["和了", [0, 0, -1600, 1600], [3, 2, 3, "40符2飜2600点", "一気通貫(2飜)"]]
    rounds = [bad_tile, riichi_ron_sticks()[:10], wrong, haitei()]
    three = {"title": HEAD, "name": ["A", "B", "C", ""], "rule": {"disp": "三鳳南喰赤", "aka": 1}, "log": [haitei()]}
    return [{"title": HEAD, "name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", "aka": 1}, "log": rounds}, three]


def corrupt_mjai() -> list[dict[str, Any]]:
    """The MJAI game with a bad tile (6z) in its first round, wrong score changes in its second and
    its third round cut before its end."""
    events = mjai_lines(game())
    starts = [i for i, e in enumerate(events) if e["type"] == "start_kyoku"]
    first_draw = next(i for i in range(starts[0], starts[1]) if events[i]["type"] == "tsumo")
    events[first_draw] = {**events[first_draw], "pai": "6z"}
    hora = next(i for i in range(starts[1], starts[2]) if events[i]["type"] == "hora")
    events[hora] = {**events[hora], "deltas": [0, 0, -1600, 1600]}
    cut = next(i for i in range(starts[2], starts[3]) if events[i]["type"] == "hora")
    return [*events[:cut], *events[starts[3]:]]


def write(folder: Path) -> None:
    g = game()
    (folder / "tenhou-game.json").write_text(json.dumps(g, ensure_ascii=False) + "\n", encoding="utf-8")
    lines = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in mjai_lines(g))
    (folder / "mjai-game.jsonl").write_text(lines, encoding="utf-8")
    (folder / "corrupt-tenhou.json").write_text(json.dumps(corrupt_tenhou(), ensure_ascii=False) + "\n",
                                                encoding="utf-8")
    lines = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in corrupt_mjai())
    (folder / "corrupt-mjai.jsonl").write_text(lines, encoding="utf-8")
    real = real_forms_game()
    (folder / "tenhou-real-forms.json").write_text(json.dumps(real, ensure_ascii=False) + "\n", encoding="utf-8")
    lines = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in mjai_lines(real))
    (folder / "mjai-real-forms.jsonl").write_text(lines, encoding="utf-8")


if __name__ == "__main__":
    write(Path(__file__).resolve().parent.parent / "fixtures" / "riichi" / "records")
