"""Tenhou's own record of a game (mjlog XML: INIT, the draws T U V W, the discards D E F G, N calls,
REACH, DORA, AGARI, RYUUKYOKU) written as a tenhou.net/6 game, so that the real games kept as mjlog
(fixtures/riichi/records/real/mjlog/, their source in fixtures/riichi/records/README.md) replay
through ``mjscore audit tenhou``. ``python tests/mjlog_tenhou.py`` writes real/tenhou-from-mjlog/.

Tiles are 0-135 (kind × 4 + copy; the copies 16, 52 and 88 are the red fives); a call's ``m`` packs
its kind, tiles and the seat it came from (1 the next player, 2 across, 3 the player before).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

REAL = Path(__file__).resolve().parent.parent / "fixtures" / "riichi" / "records" / "real"
RED = {16: 51, 52: 52, 88: 53}
DRAW_TAGS, DISCARD_TAGS = "TUVW", "DEFG"
# the AGARI tag's yaku ids, as Tenhou names them in tenhou.net/6
YAKU = ["門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
        "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北", "役牌 白", "役牌 發",
        "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻",
        "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻",
        "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜",
        "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ"]
LIMITS = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
DRAWN = {None: "流局", "yao9": "九種九牌", "reach4": "四家立直", "ron3": "三家和了", "kan4": "四槓散了",
         "kaze4": "四風連打", "nm": "流し満貫"}


def code(tile_id: int) -> int:
    """A 0-135 tile as tenhou.net/6's number (11-47, 51-53 the red fives)."""
    if tile_id in RED:
        return RED[tile_id]
    kind = tile_id // 4
    return (kind // 9 + 1) * 10 + kind % 9 + 1


def ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def meld(who: int, m: int) -> dict[str, Any]:
    """A call's ``m``: its verb, the tiles (the called one first) and the seat it came from."""
    source = (who + (m & 3)) % 4
    if m & 0x4:  # chi: a run, from the player before
        base, called = divmod(m >> 10, 3)
        base = base // 7 * 9 + base % 7
        tiles = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return {"verb": "chi", "called": tiles[called], "own": tiles[:called] + tiles[called + 1:], "source": source}
    if m & 0x18:  # pon (0x8) or the kan added to it (0x10)
        unused = (m >> 5) & 3
        base, called = divmod(m >> 9, 3)
        tiles = [base * 4 + i for i in range(4) if i != unused]
        verb = "pon" if m & 0x8 else "kakan"
        return {"verb": verb, "called": tiles[called], "own": tiles[:called] + tiles[called + 1:], "source": source,
                "added": base * 4 + unused}
    kind, called = divmod(m >> 8, 4)
    tiles = [kind * 4 + i for i in range(4)]
    if m & 3 == 0:
        return {"verb": "ankan", "own": tiles}
    return {"verb": "daiminkan", "called": tiles[called], "own": tiles[:called] + tiles[called + 1:], "source": source}


def call_text(who: int, c: dict[str, Any]) -> str:
    """A chi, pon or open kan as tenhou.net/6 writes it in the caller's draws."""
    called, own = f"{code(c['called'])}", [f"{code(t)}" for t in c["own"]]
    letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[c["verb"]]
    back = (who - c["source"]) % 4  # 1 the player before, 2 across, 3 the player after
    if letter == "c" or back == 1:
        return f"{letter}{called}{''.join(own)}"
    if back == 2:
        return f"{own[0]}{letter}{called}{''.join(own[1:])}"
    return f"{''.join(own)}{letter}{called}"


def kakan_text(who: int, c: dict[str, Any]) -> str:
    """An added kan as tenhou.net/6 writes it in the discards: the pon's string, the added tile after k."""
    pon = call_text(who, {**c, "verb": "pon"})
    at = pon.index("p")
    return f"{pon[:at]}k{code(c['added'])}{pon[at + 1:]}"


def convert(mjlog: str) -> dict[str, Any]:
    """A whole mjlog as one tenhou.net/6 game."""
    root = ET.fromstring(mjlog)
    disp = ""
    rounds: list[list[Any]] = []
    rnd: dict[str, Any] | None = None
    for node in root:
        tag, at = node.tag, node.attrib
        if tag == "GO":
            disp = room(int(at.get("type", "0")))
        elif tag == "INIT":
            rnd = _start(at)
            rounds.append(rnd["entry"])
        elif rnd is None:
            continue
        elif tag[0] in DRAW_TAGS and tag[1:].isdigit():
            seat = DRAW_TAGS.index(tag[0])
            rnd["draws"][seat].append(code(int(tag[1:])))
            rnd["drawn"][seat] = int(tag[1:])
        elif tag[0] in DISCARD_TAGS and tag[1:].isdigit():
            seat, tile_id = DISCARD_TAGS.index(tag[0]), int(tag[1:])
            text: Any = 60 if tile_id == rnd["drawn"][seat] else code(tile_id)
            if rnd["riichi"] == seat:
                text, rnd["riichi"] = f"r{text}", None
            rnd["discards"][seat].append(text)
            rnd["drawn"][seat] = None
        elif tag == "N":
            _call(rnd, int(at["who"]), int(at["m"]))
        elif tag == "REACH" and at.get("step") == "1":
            rnd["riichi"] = int(at["who"])
        elif tag == "DORA":
            rnd["entry"][2].append(code(int(at["hai"])))
        elif tag == "AGARI":
            _win(rnd, at)
        elif tag == "RYUUKYOKU":
            deltas = ints(at.get("sc", ""))[1::2]
            result: list[Any] = [DRAWN.get(at.get("type"), at.get("type"))]
            if deltas:
                result.append([d * 100 for d in deltas])
            rnd["entry"].append(result)
    aka = 0 if "赤" not in disp else 1
    return {"title": ["", ""], "name": ["Aさん", "Bさん", "Cさん", "Dさん"], "rule": {"disp": disp, "aka": aka},
            "log": rounds}


def room(go_type: int) -> str:
    """The GO tag's type as the room's name: 0x02 no red fives, 0x04 no open tanyao, 0x08 south
    (hanchan), 0x10 three players, 0x20 / 0x80 the rank (特 / 上, both 鳳)."""
    rank = {0: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}[go_type & 0xA0]
    return ("三" if go_type & 0x10 else "") + rank + ("南" if go_type & 0x08 else "東") + (
        "" if go_type & 0x04 else "喰") + ("" if go_type & 0x02 else "赤")


def _start(at: dict[str, str]) -> dict[str, Any]:
    seed = ints(at["seed"])
    draws: list[list[Any]] = [[], [], [], []]
    discards: list[list[Any]] = [[], [], [], []]
    entry: list[Any] = [seed[:3], [x * 100 for x in ints(at["ten"])], [code(seed[5])], []]
    for s in range(4):
        entry += [sorted((code(t) for t in ints(at[f"hai{s}"])), key=lambda c: {51: 15.5, 52: 25.5, 53: 35.5}.get(c, c)),
                  draws[s], discards[s]]
    return {"entry": entry, "draws": draws, "discards": discards, "drawn": [None] * 4, "riichi": None}


def _call(rnd: dict[str, Any], who: int, m: int) -> None:
    c = meld(who, m)
    if c["verb"] == "ankan":
        tiles = [code(t) for t in c["own"]]
        rnd["discards"][who].append("".join(str(t) for t in tiles[:3]) + "a" + str(tiles[3]))
    elif c["verb"] == "kakan":
        rnd["discards"][who].append(kakan_text(who, c))
    else:
        rnd["draws"][who].append(call_text(who, c))
        if c["verb"] == "daiminkan":
            rnd["discards"][who].append(0)
    rnd["drawn"][who] = None


def _win(rnd: dict[str, Any], at: dict[str, str]) -> None:
    who, source = int(at["who"]), int(at["fromWho"])
    fu, points, limit = ints(at["ten"])[:3]
    deltas = [d * 100 for d in ints(at["sc"])[1::2]]
    yaku = ints(at.get("yaku", ""))
    names = [f"{YAKU[yaku[i]]}({yaku[i + 1]}飜)" for i in range(0, len(yaku), 2)]
    names += [f"{YAKU[y]}(役満)" for y in ints(at.get("yakuman", ""))]
    if at.get("doraHaiUra"):
        rnd["entry"][3][:] = [code(t) for t in ints(at["doraHaiUra"])]
    dealer = rnd["entry"][0][0] % 4
    value = f"{LIMITS[limit]}" if limit else f"{fu}符{sum(yaku[1::2])}飜"
    if who != source:
        value += f"{points}点"
    elif who == dealer:
        value += f"{points // 3}点∀"
    else:
        ko = _round_up(points / 4)
        value += f"{ko}-{points - 2 * ko}点"
    liable = int(at["paoWho"]) if "paoWho" in at else who
    result = rnd["entry"][16] if len(rnd["entry"]) == 17 else None
    if result is None:
        rnd["entry"].append(["和了"])
        result = rnd["entry"][16]
    result += [deltas, [who, source, liable, value, *names]]


def _round_up(x: float) -> int:
    return int(-(-x // 100) * 100)


def write() -> None:
    out = REAL / "tenhou-from-mjlog"
    out.mkdir(exist_ok=True)
    for path in sorted((REAL / "mjlog").glob("*.mjlog")):
        game = convert(path.read_text(encoding="utf-8"))
        (out / f"{path.stem}.json").write_text(json.dumps(game, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
