"""tenhou.net/6 game logs (docs/batch.md#riichi-game-logs): a game is ``{"title", "name", "rule",
"log": [round, ...]}``; a file holds one game, a JSON list of games, or one game per line. Each round
``[[kyoku, honba, sticks], scores, dora, ura, deal, draws, discards (×4 seats), result]`` is read
into a ``RiichiRound``, its per-seat draws and discards put back in the order they were played.

Calls are strings: in the draws ``c`` chi, ``p`` pon, ``m`` open kan, the letter's place telling
the discarder (first: the player before, second pair: across, last: the player after), the called
tile right after the letter; in the discards ``a`` a closed kan, ``k`` an added kan, ``r`` a riichi
declaration. ``60`` discards the tile just drawn; an open kan leaves a ``0`` in its seat's discards.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import orjson

from .botzone import RawRound
from .riichi_round import ROUND_WINDS, Action, LogError, RecordedWin, RiichiRound, is_tile, json_problem

MAX_FILE_BYTES = 64 << 20  # a game is ~30 KB
TSUMOGIRI = 60
BOM = b"\xef\xbb\xbf"

# The result's yaku names (Tenhou's own words) as our item ids; 役満 items are 13 han each
YAKU = {
    "門前清自摸和": "menzen_tsumo", "立直": "riichi", "一発": "ippatsu", "槍槓": "chankan", "嶺上開花": "rinshan",
    "海底摸月": "haitei", "河底撈魚": "houtei", "平和": "pinfu", "断幺九": "tanyao", "一盃口": "iipeikou",
    "自風 東": "seat_wind", "自風 南": "seat_wind", "自風 西": "seat_wind", "自風 北": "seat_wind",
    "場風 東": "round_wind", "場風 南": "round_wind", "場風 西": "round_wind", "場風 北": "round_wind",
    "役牌 白": "yakuhai_haku", "役牌 發": "yakuhai_hatsu", "役牌 中": "yakuhai_chun", "両立直": "double_riichi",
    "七対子": "chiitoitsu", "混全帯幺九": "chanta", "一気通貫": "ittsu", "三色同順": "sanshoku",
    "三色同刻": "sanshoku_doukou", "三槓子": "sankantsu", "対々和": "toitoi", "三暗刻": "sanankou",
    "小三元": "shousangen", "混老頭": "honroutou", "二盃口": "ryanpeikou", "純全帯幺九": "junchan",
    "混一色": "honitsu", "清一色": "chinitsu", "人和": "renhou", "天和": "tenhou", "地和": "chiihou",
    "大三元": "daisangen", "四暗刻": "suuankou", "四暗刻単騎": "suuankou_tanki", "字一色": "tsuuiisou",
    "緑一色": "ryuuiisou", "清老頭": "chinroutou", "九蓮宝燈": "chuuren", "純正九蓮宝燈": "junsei_chuuren",
    "国士無双": "kokushi", "国士無双１３面": "kokushi_13", "国士無双13面": "kokushi_13", "大四喜": "daisuushii",
    "小四喜": "shousuushii", "四槓子": "suukantsu", "ドラ": "dora", "裏ドラ": "ura_dora", "赤ドラ": "aka_dora",
}
# some tools write the wind and dragon yaku without the space (自風東, 役牌白)
YAKU.update({name.replace(" ", ""): item for name, item in list(YAKU.items()) if " " in name})
# Tenhou's draws, and the names Mahjong Soul logs converted to tenhou.net/6 (tensoul) give them: in
# Japanese (two differ from Tenhou's), in romaji, or in English
DRAWS = {"流局", "全員聴牌", "全員不聴", "流し満貫", "九種九牌", "四家立直", "三家和了", "四槓散了", "四風連打",
         "三家和", "四開槓",
         "Ryuukyoku", "Nagashi Mangan", "Suukaikan", "Sanchahou", "Kyuushu Kyuuhai", "Suufon Renda", "Suucha Riichi",
         "Exhaustive Draw", "Mangan at Draw", "Four Kan Abortion", "Three Ron Abortion", "Nine Terminal Abortion",
         "Four Wind Abortion", "Four Riichi Abortion"}
_YAKU_ITEM = re.compile(r"^(.+)\((\d+)飜\)$|^(.+)\(役満\)$")
# [fu符han飜][limit]points点: a limit (満貫, 跳満, 倍満, 三倍満, 役満, 数え役満, 切り上げ満貫) may follow fu and han;
# tensoul writes them in romaji or English too ("30Fu1Han1000点", "Mangan 8000点", "Counted Yakuman 32000点")
_LIMITS = ("満貫|跳満|倍満|三倍満|役満|数え役満|切り上げ満貫|(?:Mangan|Haneman|Baiman|Sanbaiman|Yakuman|Kazoe Yakuman|"
           "Counted Yakuman|Kiriage Mangan|Rounded Mangan) ")
_VALUE = re.compile(rf"^(?:(\d+)(?:符|Fu)(\d+)(?:飜|Han))?({_LIMITS})?(\d+)(?:-(\d+))?点(∀?)$")
# a Tenhou room's name: players (三, or 四 as the lobby lists write it), rank, length (東 / 南), 喰 open
# tanyao, 赤 red fives, 速 fast; the lobby lists fill a rule not played with － (四般南喰－－: no red fives)
_ROOM = re.compile(r"[三四]?[般上特鳳技若銀琥孔]?[東南](喰)?(赤)?[速祝暗－\-０-９0-9]*")
# a Mahjong Soul ranked room, as tensoul names it (金の間南喰赤, Gold Room South): played under its rules
_MAHJONG_SOUL_ROOM = re.compile(r"(銅|銀|金|玉|王座)の間|(Bronze|Silver|Gold|Jade|Throne) Room")
_CALL_FROM = {"c": {0: 1}, "p": {0: 1, 2: 2, 4: 3}, "m": {0: 1, 2: 2, 6: 3}}  # letter place -> seats back


def split_games(raw: Iterable[bytes], source: str) -> Iterator[RawRound]:
    """Every round of every game in a file, as its own unit (kind "tenhou", one JSON document:
    the round with its game's rules and names)."""
    data = b"".join(raw)
    if len(data) > MAX_FILE_BYTES:
        yield RawRound(source, 1, [], len(data), kind="tenhou",
                       refused=f"a file of more than {MAX_FILE_BYTES >> 20} MB (a game is ~30 KB)")
        return
    data = data.removeprefix(BOM)
    if not data.strip():
        yield RawRound(source, 1, [], len(data), kind="tenhou", refused="the file is empty: no game to replay")
        return
    doc = _json_or_error(data)
    games: list[tuple[int, Any]] = []
    if not isinstance(doc, orjson.JSONDecodeError):
        games = [(1, g) for g in doc] if isinstance(doc, list) else [(1, doc)]
    else:
        lines = [(n, text, _json_or_error(text)) for n, text in enumerate(data.split(b"\n"), start=1) if text.strip()]
        if not any(isinstance(value, dict) for _, _, value in lines):
            # one document (a game or a list of games, on one line or pretty-printed) cut short or
            # broken: one error saying where it stops, not one for each of its lines
            yield RawRound(source, 1, [], len(data), kind="tenhou", refused=json_problem(doc))
            return
        for n, text, value in lines:  # one game a line (JSON Lines): each line on its own
            if isinstance(value, orjson.JSONDecodeError):
                yield RawRound(source, n, [], len(text), kind="tenhou", refused=json_problem(value))
            else:
                games.append((n, value))
    for g, (line, game) in enumerate(games, start=1):
        yield from _rounds(game, g, line, source, len(data) // max(len(games), 1))


def _json_or_error(text: bytes) -> Any:
    """The JSON value of ``text``, or why it is none. Text cut inside a character is cut short, told
    where its JSON stops, not as bytes that are not UTF-8."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError as err:
        try:
            text.decode("utf-8")
        except UnicodeDecodeError as bad:
            if bad.end == len(text) and bad.reason == "unexpected end of data":
                try:
                    orjson.loads(text[:bad.start])
                except orjson.JSONDecodeError as cut:
                    return cut
        return err


def _rounds(game: Any, number: int, line: int, source: str, size: int) -> Iterator[RawRound]:
    where = f"game {number}"
    if not isinstance(game, dict) or not isinstance(game.get("log"), list):
        yield RawRound(source, line, [], size, kind="tenhou",
                       refused=f"{where} is not a tenhou.net/6 game (an object with a \"log\" list)")
        return
    head = {k: game[k] for k in ("rule", "name") if k in game}
    log = game["log"]
    for i, entry in enumerate(log):
        text = orjson.dumps({"game": number, "index": i, **head, "round": entry}).decode()
        yield RawRound(source, line, [text], size // max(len(log), 1), kind="tenhou")
    if not log:
        yield RawRound(source, line, [], size, kind="tenhou", refused=f"{where} has no rounds")


def stated_rules(rule: Any) -> dict[str, Any] | None:
    """The rules a game states (docs/batch.md#the-rules-a-log-states): red fives from ``aka`` or
    ``aka51``..``aka53`` (on when any is set), else from the room's name (赤); open tanyao from the
    room's name (喰); the mahjongsoul preset for a Mahjong Soul room, else tenhou; None when the game
    states nothing."""
    if not isinstance(rule, dict):
        return None
    out: dict[str, Any] = {}
    disp = rule["disp"] if isinstance(rule.get("disp"), str) else ""
    room = _ROOM.fullmatch(disp)
    if room:
        out["open_tanyao"] = bool(room.group(1))
        out["aka"] = bool(room.group(2))
    akas = [rule[k] for k in ("aka", "aka51", "aka52", "aka53") if k in rule]
    if akas:
        out["aka"] = any(bool(v) for v in akas)
    if _MAHJONG_SOUL_ROOM.search(disp):
        return {"preset": "mahjongsoul", **out}
    return {"preset": "tenhou", **out} if out else None


def three_player(rule: Any) -> bool:
    """Tenhou names a three-player room with 三 (三鳳南喰赤); tensoul with 3 or 3-Player (3玉の間南喰赤)."""
    disp = rule.get("disp") if isinstance(rule, dict) else None
    return isinstance(disp, str) and ("三" in disp or disp.startswith("3"))


def round_name(head: Any) -> str:
    if isinstance(head, list) and head and type(head[0]) is int and 0 <= head[0] < 16:
        honba = head[1] if len(head) > 1 else "?"
        return f"{ROUND_WINDS[head[0] // 4]}{head[0] % 4 + 1}-{honba}"
    return "?"


def parse_round(raw: RawRound) -> RiichiRound:
    """One round of a game as a ``RiichiRound``; LogError naming where and why."""
    if raw.refused is not None:
        raise LogError(f"line {raw.at}", raw.refused)
    doc = orjson.loads(raw.lines[0])
    entry = doc["round"]
    where = f"game {doc['game']}, log[{doc['index']}]"
    if not isinstance(entry, list) or len(entry) != 17:
        n = len(entry) if isinstance(entry, list) else "no list"
        raise LogError(where, f"a round is a list of 17 entries (head, scores, dora, ura, 4 × deal, draws, "
                       f"discards, result), this one has {n}")
    where = f"game {doc['game']}, round {round_name(entry[0])} (log[{doc['index']}])"
    if three_player(doc.get("rule")) or any(entry[4 + 3 * s] == [] for s in range(4)):
        raise LogError(where, "a three-player game: only four-player riichi is scored")
    head = _head(entry[0], where)
    rnd = RiichiRound(id=f"{raw.source}#{doc['game']}/{round_name(head)}", source=raw.source, line=raw.at,
                      where=where, round_wind=head[0] // 4, dealer=head[0] % 4, honba=head[1], sticks=head[2],
                      rules=stated_rules(doc.get("rule")))
    _deal(rnd, entry, where)
    draws = [_entries(entry[5 + 3 * s], f"{where}, player {s}'s draws") for s in range(4)]
    discards = [_entries(entry[6 + 3 * s], f"{where}, player {s}'s discards") for s in range(4)]
    rnd.actions = _in_order(draws, discards, rnd.dealer, where)
    _result(rnd, entry[16], where)
    return rnd


def _head(head: Any, where: str) -> list[int]:
    """The round's head: [kyoku, honba, sticks]."""
    if not (isinstance(head, list) and len(head) == 3 and all(type(x) is int and x >= 0 for x in head)
            and head[0] < 12):
        raise LogError(where, f"the round's head [kyoku, honba, sticks] is {_show(head)}")
    return head


def _deal(rnd: RiichiRound, entry: list[Any], where: str) -> None:
    """The starting scores, the dora and ura indicators and the four hands dealt."""
    if not (isinstance(entry[1], list) and len(entry[1]) == 4 and all(type(x) is int for x in entry[1])):
        raise LogError(where, f"the starting scores are {_show(entry[1])}, not four numbers")
    rnd.scores = entry[1]
    rnd.dora = _tiles(entry[2], f"{where}, dora indicators")
    rnd.ura = _tiles(entry[3], f"{where}, ura indicators")
    if not 1 <= len(rnd.dora) <= 5:
        raise LogError(f"{where}, dora indicators", f"{len(rnd.dora)} indicators, not 1 to 5")
    rnd.deals = [_tiles(entry[4 + 3 * s], f"{where}, player {s}'s deal") for s in range(4)]
    for s in range(4):
        if len(rnd.deals[s]) != 13:
            raise LogError(f"{where}, player {s}'s deal", f"{len(rnd.deals[s])} tiles, not 13")


def _show(value: Any) -> str:
    return orjson.dumps(value).decode()[:80]


def _tiles(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise LogError(where, f"{_show(value)} is not a list of tiles")
    for i, code in enumerate(value):
        if not is_tile(code):
            raise LogError(f"{where}, entry {i + 1}", f"{_show(code)} is no tile (11-19, 21-29, 31-39, 41-47, "
                           "51-53 red fives)")
    return list(value)


def _entries(value: Any, where: str) -> list[int | str]:
    if not isinstance(value, list) or not all(type(x) in (int, str) for x in value):
        raise LogError(where, f"{_show(value)} is not a list of tiles and calls")
    return list(value)


def _codes(text: str, where: str) -> list[int]:
    if len(text) % 2 or not text.isdigit():
        raise LogError(where, f"{text!r} is not a call: tiles are two digits each")
    codes = [int(text[i:i + 2]) for i in range(0, len(text), 2)]
    for c in codes:
        if not is_tile(c):
            raise LogError(where, f"{c} in the call {text!r} is no tile")
    return codes


def _call(text: str, seat: int, where: str) -> Action:
    """A call from a seat's draws: chi, pon or open kan of another seat's discard."""
    letter = next((c for c in text if c.isalpha()), "")
    if letter not in _CALL_FROM:
        raise LogError(where, f"{text!r} is not a call (c chi, p pon, m open kan)")
    place = text.index(letter)
    back = _CALL_FROM[letter].get(place)
    if back is None:
        raise LogError(where, f"{text!r}: the letter {letter!r} cannot stand at place {place} of a call")
    called = _codes(text[place + 1:place + 3], where)[0]
    own = _codes(text[:place] + text[place + 3:], where)
    verb = {"c": "chi", "p": "pon", "m": "daiminkan"}[letter]
    return Action(where, seat, verb, called, tuple(own), (seat - back) % 4)


MAX_ORDERINGS = 64  # orderings tried when a call could take more than one discard


class _Ordering:
    """One attempt at the round's order: at each discard that a recorded call could take (a choice
    point), ``choices`` says which option to take (0: the first, pon / open kan before chi; the
    last: no call); ``options`` records how many each choice point had."""

    def __init__(self, choices: list[int]) -> None:
        self.choices = choices
        self.options: list[int] = []
        self.actions: list[Action] = []
        self.nd = [0, 0, 0, 0]
        self.nx = [0, 0, 0, 0]

    def choose(self, n: int) -> int:
        k = len(self.options)
        self.options.append(n)
        return self.choices[k] if k < len(self.choices) else 0


def _in_order(draws: list[list[int | str]], discards: list[list[int | str]], dealer: int, where: str) -> list[Action]:
    """The seats' draws and discards as one sequence of moves, in the order they were played: after
    each discard, a pon or open kan of it in another seat's draws goes first, then a chi by the
    next seat, else the next seat draws. A call string names the tile and the discarder, not which
    of several such discards it took: when the first reading leaves moves unplayed, the others are
    tried (backtracking), and the first reading's error is the one told."""
    choices: list[int] = []
    first: LogError | None = None
    for _ in range(MAX_ORDERINGS):
        order = _Ordering(choices)
        try:
            _play_order(draws, discards, dealer, where, order)
            _all_played(draws, discards, order, where)
            return order.actions
        except LogError as err:
            first = first or err
        # the next ordering, depth first: the last choice point with an option left takes it
        taken = [choices[i] if i < len(choices) else 0 for i in range(len(order.options))]
        i = len(taken) - 1
        while i >= 0 and taken[i] + 1 >= order.options[i]:
            i -= 1
        if i < 0:
            break
        choices = [*taken[:i], taken[i] + 1]
    assert first is not None
    raise first


def _all_played(draws: list[list[int | str]], discards: list[list[int | str]], order: _Ordering, where: str) -> None:
    for s in range(4):
        for what, done, entries in (("draw", order.nd[s], draws[s]), ("discard", order.nx[s], discards[s])):
            if done < len(entries):
                raise LogError(f"{where}, player {s}'s {what} {done + 1}", f"{_show(entries[done])} is never played: "
                               "the round ends before it (the moves before it do not lead to it)")


def _play_order(draws: list[list[int | str]], discards: list[list[int | str]], dealer: int, where: str,
                order: _Ordering) -> None:
    actions, nd, nx = order.actions, order.nd, order.nx
    last: list[int | None] = [None] * 4
    seat, to_draw = dealer, True
    for _ in range(400):  # a round has at most ~150 moves
        if to_draw:
            if nd[seat] >= len(draws[seat]):
                return
            last[seat] = _draw(draws[seat][nd[seat]], f"{where}, player {seat}'s draw {nd[seat] + 1}", seat, actions)
            nd[seat] += 1
        if nx[seat] >= len(discards[seat]):
            return
        entry = discards[seat][nx[seat]]
        at = f"{where}, player {seat}'s discard {nx[seat] + 1}"
        nx[seat] += 1
        if isinstance(entry, str) and ("a" in entry or "k" in entry):
            actions.append(_kan(entry, at, seat))
            to_draw = True
            continue
        riichi = isinstance(entry, str) and entry.startswith("r")
        code = _discarded(entry, riichi, last[seat], at)
        actions.append(Action(at, seat, "discard", code, riichi=riichi))
        last[seat] = None
        seat, to_draw = _next_after_discard(draws, discards, order, seat, code, where)
    raise LogError(where, "more than 400 moves in a round")


def _draw(entry: int | str, at: str, seat: int, actions: list[Action]) -> int:
    """A draw: the tile drawn, added to the moves."""
    if isinstance(entry, str):
        raise LogError(at, f"{_show(entry)}: a tile is due here (the player draws), not a call")
    if not is_tile(entry):
        raise LogError(at, f"{_show(entry)} is no tile (11-19, 21-29, 31-39, 41-47, 51-53 red fives)")
    actions.append(Action(at, seat, "draw", entry))
    return entry


def _kan(entry: str, at: str, seat: int) -> Action:
    """A closed kan (``a``) or an added one (``k``) written among the discards."""
    letter = "a" if "a" in entry else "k"
    place = entry.index(letter)
    tiles = _codes(entry[:place] + entry[place + 1:], at)
    added = _codes(entry[place + 1:place + 3], at)[0]
    if letter == "a":
        return Action(at, seat, "ankan", tiles[0], tuple(tiles))
    return Action(at, seat, "kakan", added, tuple(tiles))


def _discarded(entry: int | str, riichi: bool, drawn: int | None, at: str) -> int:
    """The tile a discard entry names: a tile, 60 (the tile just drawn), r and a tile (riichi)."""
    code: Any = entry[1:] if riichi and isinstance(entry, str) else entry
    if isinstance(code, str) and code.isdigit():
        code = int(code)
    if code == TSUMOGIRI:
        if drawn is None:
            raise LogError(at, "60 (the tile just drawn) but the player drew none this turn")
        code = drawn
    if not is_tile(code):
        raise LogError(at, f"{_show(entry)} is no discard (a tile, 60, r+tile, or a kan)")
    return int(code)


def _next_after_discard(draws: list[list[int | str]], discards: list[list[int | str]], order: _Ordering,
                        discarder: int, tile: int, where: str) -> tuple[int, bool]:
    """Who moves after a discard: a caller (pon / open kan first, then chi), else the next seat."""
    nd, nx = order.nd, order.nx
    found: list[Action] = []
    for step in (1, 2, 3):
        s = (discarder + step) % 4
        if nd[s] < len(draws[s]) and isinstance(draws[s][nd[s]], str):
            text = draws[s][nd[s]]
            assert isinstance(text, str)
            call = _call(text, s, f"{where}, player {s}'s draw {nd[s] + 1}")
            if call.source == discarder and call.tile == tile:
                found.append(call)
    if not found:
        return (discarder + 1) % 4, True
    found.sort(key=lambda c: c.verb == "chi")
    pick = order.choose(len(found) + 1)
    if pick == len(found):  # no call: the next seat draws
        return (discarder + 1) % 4, True
    call = found[pick]
    s = call.seat
    nd[s] += 1
    order.actions.append(call)
    if call.verb == "daiminkan":
        if nx[s] < len(discards[s]) and discards[s][nx[s]] == 0:
            nx[s] += 1  # the open kan's placeholder
        return s, True
    return s, False


def _result(rnd: RiichiRound, result: Any, where: str) -> None:
    at = f"{where}, result"
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise LogError(at, f"{_show(result)} is not a round's result")
    kind = result[0]
    if kind in DRAWS:
        rnd.drawn = kind
        return
    if kind != "和了":
        raise LogError(at, f"{kind!r} is no result Tenhou writes (和了, 流局, 九種九牌, …)")
    pairs = result[1:]
    if not pairs or len(pairs) % 2:
        raise LogError(at, "a win's result is pairs of [score changes] and [winner, from, liable, value, yaku…]")
    for i in range(0, len(pairs), 2):
        rnd.wins.append(_win(pairs[i], pairs[i + 1], f"{at}, win {i // 2 + 1}"))


def _win_info_problem(info: Any) -> str | None:
    """What keeps a win's [winner, from, liable, value, yaku…] from being read: three seats, then texts."""
    if not isinstance(info, list):
        return "it is not [winner, from, liable, value, yaku…]"
    if len(info) < 4:
        return f"{len(info)} entries, where [winner, from, liable, value, yaku…] has at least 4"
    for name, x in zip(("winner", "from", "liable"), info[:3], strict=True):
        if type(x) is not int or not 0 <= x < 4:
            return f"the {name} is {_show(x)}, not a player 0-3"
    texts = [x for x in info[3:] if not isinstance(x, str)]
    return f"the value and yaku are texts, not {_show(texts[0])}" if texts else None


def _value(text: str, where: str) -> tuple[int | None, int]:
    """The fu (where written) and the points of a win's value text."""
    value = _VALUE.match(text)
    if value is None:
        raise LogError(where, f"the value {text!r} is not read (e.g. 30符1飜1000点, 満貫2000-4000点, 役満16000点∀)")
    # a limit hand's fu (written by some converters) is not what sets its value: not compared
    fu = int(value.group(1)) if value.group(1) and not value.group(3) else None
    a = int(value.group(4))
    # a ron: the discarder's payment; 点∀: a dealer's self-draw, each pays; a-b: each non-dealer, the dealer
    points = a * 3 if value.group(6) else 2 * a + int(value.group(5)) if value.group(5) else a
    return fu, points


def _yaku(item: str, where: str) -> tuple[str, int]:
    """One yaku as written and its han (a yakuman: 13)."""
    m = _YAKU_ITEM.match(item)
    if m is None:
        raise LogError(where, f"the yaku {item!r} is not read (e.g. 立直(1飜), 大三元(役満))")
    return (m.group(1), int(m.group(2))) if m.group(1) else (m.group(3), 13)


def _win(deltas: Any, info: Any, where: str) -> RecordedWin:
    if not (isinstance(deltas, list) and len(deltas) == 4 and all(type(x) is int for x in deltas)):
        raise LogError(where, f"the score changes are {_show(deltas)}, not four numbers")
    problem = _win_info_problem(info)
    if problem:
        raise LogError(where, f"{_show(info)}: {problem}")
    winner, source, liable, text = info[0], info[1], info[2], info[3]
    fu, points = _value(text, where)
    yaku = [_yaku(item, where) for item in info[4:]]
    han = sum(h for _, h in yaku)
    return RecordedWin(where, winner, None if source == winner else source, deltas,
                       liable=None if liable == winner else liable, han=han, fu=fu, points=points, yaku=yaku,
                       text=text)

