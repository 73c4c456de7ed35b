"""Write fixtures/botzone/: the project's own rounds in Botzone's text format (rounds.txt) and the
same kind of game as the judge's JSON match logs (match.json, logs.jsonl), for
tests/test_archive_botzone.py and docs/archive.md.

Each round is played here action by action: every seat's 21 draws come from its own wall, filled
(from a fixed seed) with the tiles no deal or planned draw uses, so a round that runs its walls dry
uses all 136 tiles exactly once. The Fan and Score lines are written by hand, as the platform's
judge would write them. Run: .venv/bin/python tools/botzone_fixtures.py
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "fixtures" / "botzone"
KINDS = [f"{s}{n}" for s in "WBT" for n in range(1, 10)] + [f"F{n}" for n in range(1, 5)] + ["J1", "J2", "J3"]


class Game:
    """One round: the deals, the tiles kept for planned draws, and the actions as they happen."""

    def __init__(self, ident: str, wind: int, deals: list[str], keep: str = "", avoid: str = "",
                 seed: int = 0) -> None:
        self.ident, self.wind = ident, wind
        self.deals = [d.split() for d in deals]
        assert all(len(d) == 13 for d in self.deals), ident
        self.keep = Counter(keep.split())
        pool = Counter({k: 4 for k in KINDS})
        for tiles in [*self.deals, keep.split()]:
            pool.subtract(tiles)
        assert all(n >= 0 for n in pool.values()), f"{ident}: more than four of {+(-pool)}"
        tiles = sorted(pool.elements())
        random.Random(seed).shuffle(tiles)
        # the avoided kinds are drawn last, so that a short round never shows them
        self.filler = [t for t in tiles if t not in avoid.split()] + [t for t in tiles if t in avoid.split()]
        self.lines = [f"Match {ident}", f"Wind {wind}"] + [f"Player {i} Deal {' '.join(d)}"
                                                          for i, d in enumerate(self.deals)]
        self.display: list[dict] = [{"action": "INIT", "quan": wind},
                                    {"action": "DEAL", "hand": [list(d) for d in self.deals]}]
        self.drawn = [0, 0, 0, 0]

    def draw(self, seat: int, tile: str | None = None) -> str:
        assert self.drawn[seat] < 21, f"{self.ident}: player {seat}'s wall is empty"
        if tile is None:
            tile = self.filler.pop(0)
        else:
            assert self.keep[tile] > 0, f"{self.ident}: {tile} was not kept"
            self.keep[tile] -= 1
        self.drawn[seat] += 1
        self.lines.append(f"Player {seat} Draw {tile}")
        self.display.append({"action": "DRAW", "player": seat, "tile": tile})
        return tile

    def play(self, seat: int, tile: str) -> None:
        self.lines.append(f"Player {seat} Play {tile}")
        self.display.append({"action": "PLAY", "player": seat, "tile": tile})

    def turns(self, *seats: int) -> None:
        """Each seat draws and plays the tile it drew."""
        for seat in seats:
            self.play(seat, self.draw(seat))

    def claim(self, seat: int, verb: str, tile: str, then: str | None = None) -> None:
        self.lines.append(f"Player {seat} {verb} {tile}")
        if then is not None:  # Chi, Peng: the claim, then the discard
            self.lines.append(f"Player {seat} Play {then}")
            entry = {"action": verb.upper(), "player": seat, "tile": then}
            if verb == "Chi":
                entry["tileCHI"] = tile
            self.display.append(entry)
        else:  # the judge shows a concealed kong as GANG, after the player's own draw
            self.display.append({"action": "GANG" if verb == "AnGang" else verb.upper(), "player": seat,
                                 "tile": tile})

    def hu(self, seat: int, tile: str, fan: str, score: str) -> None:
        self.lines += [f"Player {seat} Hu {tile}", f"Fan {fan}", f"Score {score}"]
        total, names = fan.split(" ", 1)
        fans = [{"name": name, "cnt": int(count), "value": VALUES[name]}
                for name, count in (part.split("*") for part in names.split("+"))]
        self.display.append({"action": "HU", "player": seat, "fanCnt": int(total), "fan": fans,
                             "score": [int(s) for s in score.split()]})

    def huang(self) -> None:
        self.lines += ["Huang", "Score 0 0 0 0"]
        self.display.append({"action": "HUANG"})

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def log(self) -> dict:
        """A match log: the judge's turns (the bots' answers between them left out)."""
        return {"_id": self.ident, "log": [{"output": {"command": "request", "display": d}} for d in self.display]}


VALUES = {"清龙": 16, "缺一门": 1, "单钓将": 1, "不求人": 4, "平和": 2, "嵌张": 1, "无字": 1, "三色三同顺": 8,
          "五门齐": 6, "和绝张": 4, "箭刻": 2, "门前清": 2, "杠上开花": 8, "暗杠": 2, "混一色": 6, "连六": 1,
          "幺九刻": 1, "抢杠和": 8, "妙手回春": 8, "海底捞月": 8, "全带幺": 4, "老少副": 1, "边张": 1, "喜相逢": 1,
          "一般高": 1, "自摸": 1, "断幺": 2, "无番和": 8}

# the records' Fan and Score lines, written by hand (MCR as ChineseOfficialMahjongHelper scores it)
FANS = {
    "R01": ("18 清龙*1+缺一门*1+单钓将*1", "-26 42 -8 -8"),
    "R02": ("24 清龙*1+不求人*1+平和*1+缺一门*1+嵌张*1", "-32 -32 96 -32"),
    "R03": ("23 三色三同顺*1+五门齐*1+和绝张*1+箭刻*1+门前清*1+嵌张*1", "-31 -8 -8 47"),
    "R04": ("23 杠上开花*1+混一色*1+不求人*1+暗杠*1+连六*1+幺九刻*1+单钓将*1", "93 -31 -31 -31"),
    "R05": ("20 三色三同顺*1+抢杠和*1+门前清*1+连六*1+嵌张*1", "-8 -28 44 -8"),
    "R06": ("26 三色三同顺*1+妙手回春*1+全带幺*1+不求人*1+老少副*1+单钓将*1", "-34 -34 -34 102"),
    "R07": ("28 清龙*1+海底捞月*1+门前清*1+缺一门*1+单钓将*1", "-8 52 -8 -36"),
    # a record that disagrees: R01 again, its judge adding a wait fan the hand does not have
    "R09": ("19 清龙*1+缺一门*1+单钓将*1+边张*1", "-27 43 -8 -8"),
}


def full_cycles(g: Game, n: int) -> None:
    for _ in range(n):
        g.turns(0, 1, 2, 3)


def chi_round(ident: str, record: tuple[str, str]) -> Game:
    """A discard win after a chow named by its middle tile: Chi W5 takes player 0's W4."""
    g = Game(ident, 0, ["W4 B1 B1 B5 B5 T5 T5 T9 T9 F2 F2 J1 J1",
                        "W1 W2 W3 W5 W6 W8 W9 T2 T3 T4 F1 J3 B9",
                        "B2 B3 B6 B7 T1 T1 T6 T7 F3 F3 J2 J2 W7",
                        "B4 B4 B8 B8 T8 T8 W5 W6 F4 F4 J3 J3 B9"], keep="W7 F1", avoid="F1", seed=1)
    g.draw(0)
    g.play(0, "W4")
    g.claim(1, "Chi", "W5", "J3")
    g.turns(2, 3, 0)
    g.draw(1, "W7")
    g.play(1, "B9")
    g.turns(2, 3)
    g.draw(0, "F1")
    g.play(0, "F1")
    g.hu(1, "F1", *record)
    return g


def rounds() -> list[Game]:
    games = []
    games.append(chi_round("R01-chi", FANS["R01"]))
    # self-drawn: the Hu line repeats player 1's discard W4; the winning tile is the draw T7
    g = Game("R02-selfdraw", 1, ["W1 W1 W2 W2 W3 W3 F1 F1 F2 F2 J1 J1 J2",
                                 "W4 W4 W5 W5 W6 W6 F3 F3 F4 F4 J3 J3 J2",
                                 "B1 B2 B3 B4 B5 B6 B7 B8 B9 T5 T5 T6 T8",
                                 "W7 W7 W8 W8 W9 W9 T1 T1 T2 T2 T3 T3 J2"], keep="T7", avoid="T7", seed=2)
    g.turns(0, 1, 2, 3, 0)
    g.draw(1)
    g.play(1, "W4")
    g.draw(2, "T7")
    g.hu(2, "W4", *FANS["R02"])
    games.append(g)
    # 和绝张: two W5 passed, one in player 2's chow; player 0 discards the last one
    g = Game("R03-lasttile", 2, ["W5 B1 B1 B2 B2 T1 T1 T2 T2 F1 F1 J1 J1",
                                 "W4 W5 B7 B7 B8 B8 T7 T7 T8 T8 F2 F2 J2",
                                 "W5 W6 B9 B9 W1 W1 T9 T9 F3 F3 J2 J2 W2",
                                 "W4 W6 B4 B5 B6 T4 T5 T6 J3 J3 J3 F4 F4"], keep="W5", seed=3)
    g.draw(0)
    g.play(0, "W5")
    g.draw(1)
    g.play(1, "W4")
    g.claim(2, "Chi", "W5", "W1")
    g.turns(3, 0)
    g.draw(1)
    g.play(1, "W5")
    g.turns(2, 3)
    g.draw(0, "W5")
    g.play(0, "W5")
    g.hu(3, "W5", *FANS["R03"])
    games.append(g)
    # 杠上开花: player 0 draws the fourth T1, kongs it concealed, and wins on the replacement
    g = Game("R04-kongdraw", 0, ["T1 T1 T1 T2 T3 T4 T5 T6 T7 T7 T8 T9 F1",
                                 "W1 W1 W2 W2 W3 W3 B1 B1 B2 B2 F2 F2 J1",
                                 "W4 W4 W5 W5 W6 W6 B4 B4 B5 B5 F3 F3 J2",
                                 "W7 W7 W8 W8 W9 W9 B7 B7 B8 B8 F4 F4 J3"], keep="T1 F1", avoid="F1", seed=4)
    g.turns(0, 1, 2, 3)
    g.draw(0, "T1")
    g.claim(0, "AnGang", "T1")
    g.draw(0, "F1")
    g.hu(0, g.lines[-4].split()[-1], *FANS["R04"])
    games.append(g)
    # 抢杠和: player 1 pungs T5, later adds the fourth; player 2 robs it
    g = Game("R05-robkong", 3, ["T5 W1 W1 W2 W2 W3 W3 B1 B1 B2 B2 F1 F1",
                                "T5 T5 W4 W4 W5 W5 B4 B4 B5 B5 F2 F2 J2",
                                "W7 W8 W9 B7 B8 B9 T7 T8 T9 T4 T6 J1 J1",
                                "W6 W6 B6 B6 T1 T1 T2 T2 F3 F3 F4 F4 J3"], keep="T5", seed=5)
    g.draw(0)
    g.play(0, "T5")
    g.claim(1, "Peng", "T5", "J2")
    g.turns(2, 3, 0)
    g.draw(1, "T5")
    g.claim(1, "BuGang", "T5")
    g.hu(2, "T5", *FANS["R05"])
    games.append(g)
    # 妙手回春: every wall runs dry; player 3 wins on its 21st draw, the round's last tile
    g = Game("R06-lastdraw", 0, ["F2 F2 W4 W5 W6 B4 B5 B6 T4 T5 T6 J1 J1",
                                 "W7 W8 W9 B7 B8 B9 T4 T5 T6 F1 F1 J2 J2",
                                 "W4 W5 W6 B4 B5 B6 T7 T8 T9 F3 F3 J3 J3",
                                 "W1 W2 W3 B1 B2 B3 T1 T2 T3 T7 T8 T9 F2"], keep="F2", seed=6)
    full_cycles(g, 20)
    g.turns(0, 1, 2)
    g.draw(3, "F2")
    g.hu(3, g.lines[-2].split()[-1], *FANS["R06"])
    games.append(g)
    # 海底捞月: player 3 discards its 21st draw, the round's last tile; player 1 wins on it
    g = Game("R07-lastdiscard", 1, ["J2 J2 W4 W5 W6 B4 B5 B6 T4 T5 T6 J1 J1",
                                    "W1 W2 W3 W4 W5 W6 W7 W8 W9 B2 B3 B4 J2",
                                    "F4 F4 W7 B7 B8 B9 T7 T8 T9 F3 F3 J3 J3",
                                    "T1 T2 T3 B1 B1 B1 T1 T2 T3 T7 T8 T9 F2"], keep="J2", seed=7)
    full_cycles(g, 20)
    g.turns(0, 1, 2)
    g.draw(3, "J2")
    g.play(3, "J2")
    g.hu(1, "J2", *FANS["R07"])
    games.append(g)
    # a drawn round: every wall runs dry
    g = Game("R08-drawn", 2, ["W1 W1 W1 W2 W2 W2 W3 W3 W3 W4 W4 W4 W5",
                              "B1 B1 B1 B2 B2 B2 B3 B3 B3 B4 B4 B4 B5",
                              "T1 T1 T1 T2 T2 T2 T3 T3 T3 T4 T4 T4 T5",
                              "F1 F1 F1 F2 F2 F2 F3 F3 F3 F4 F4 F4 J1"], seed=8)
    full_cycles(g, 21)
    g.huang()
    games.append(g)
    games.append(chi_round("R09-disagrees", FANS["R09"]))
    return games


CORRUPT = """\
Match E01-truncated
Wind 0
Player 0 Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4
Player 1 Deal T1 T2 T3 T4 T5 T6 T7 T8 T9 F1 F1 F2 F2
Player 2 Deal B5 B6 B7 B8 B9 J1 J1 J2 J2 J3 J3 F3 F3
Player 3 Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T2 T3 T4
Player 0 Draw F4
Player 0 Play F4
Player 1 Draw B1

Match E02-fifth-copy
Wind 1
Player 0 Deal W1 W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1
Player 1 Deal T1 T2 T3 T4 T5 T6 T7 T8 T9 F1 F1 F2 F2
Player 2 Deal B5 B6 B7 B8 B9 J1 J1 J2 J2 J3 J3 F3 F3
Player 3 Deal B1 B2 B3 B4 B5 B6 T1 T2 T3 T4 T5 T6 T7
Player 0 Draw F4
Player 0 Play F4
Player 1 Draw W1
Player 1 Play W1
Player 2 Hu W1
Fan 8 无番和*1
Score -8 -16 24 -8

Match E03-unknown-verb
Wind 2
Player 0 Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4
Player 1 Deal T1 T2 T3 T4 T5 T6 T7 T8 T9 F1 F1 F2 F2
Player 2 Deal B5 B6 B7 B8 B9 J1 J1 J2 J2 J3 J3 F3 F3
Player 3 Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T2 T3 T4
Player 0 Draw F4
Player 0 Play F4
Player 1 Draw W9
Player 1 Play F1
Player 2 Pong F1
Player 2 Play B5
Huang
Score 0 0 0 0
"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    games = rounds()
    texts = [g.text() for g in games]
    # the corrupted rounds sit among the good ones: the run goes on past them
    (OUT / "rounds.txt").write_text("\n".join(texts[:4] + [CORRUPT] + texts[4:]), encoding="utf-8")
    (OUT / "logs.jsonl").write_text("".join(json.dumps(g.log(), ensure_ascii=False) + "\n" for g in games),
                                    encoding="utf-8")
    rob = next(g for g in games if g.ident == "R05-robkong")
    log = rob.log()
    turns = ",\n  ".join(json.dumps(t, ensure_ascii=False) for t in log["log"])
    (OUT / "match.json").write_text(f'{{"_id": "{log["_id"]}", "log": [\n  {turns}\n]}}\n', encoding="utf-8")


if __name__ == "__main__":
    main()
