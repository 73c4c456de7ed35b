"""Riichi win context and rule options with their presets (docs/rules/riichi.md#context,
docs/rules/riichi.md#rule-options-and-presets)."""

from __future__ import annotations

from typing import Any, Literal

from scorer.fields import Model, field
from scorer.seats import Wind


class RiichiContext(Model):
    """docs/rules/riichi.md#context. The checks that need the hand run after parsing
    (``checks.problems``)."""

    self_draw: bool = field(False, "ツモ: the winner drew the winning tile; false: ロン on the discarder's tile")
    seat_wind: Wind = field("E", "自風: the winner's seat; E is the dealer (親)", cli=("--seat",))
    round_wind: Wind = field("E", "場風: the prevailing wind", cli=("--round",))
    discarder: Wind | None = field(None, "who dealt in on a ron (default: the seat before the winner); "
                                         "ignored on a self-draw")
    riichi: bool = field(False, "立直: declared ready (a concealed hand; closed kans allowed)")
    double_riichi: bool = field(False, "ダブル立直: riichi on the first turn, 2 han in place of riichi "
                                       "(implies riichi)")
    ippatsu: bool = field(False, "一発: won within one turn of riichi (needs riichi)")
    last_wall: bool = field(False, "海底摸月 self-drawn on the wall's last tile, 河底撈魚 on the last discard")
    kong_win: bool = field(False, "嶺上開花 self-drawn on a kan's replacement tile; on a discard 槍槓, "
                                  "robbing an added kan")
    first_turn: bool = field(False, "天和 / 地和 / 人和: won on the first turn, no call made")
    dora_indicators: str = field("", "ドラ表示牌: 0 to 5 indicator tiles, e.g. 3mE (each points at the next tile)",
                                 max_length=40, cli=("--dora",))
    ura_dora_indicators: str = field("", "裏ドラ表示牌: only with riichi, at most as many as the dora indicators",
                                     max_length=40, cli=("--ura",))
    honba: int = field(0, "本場: +300 on a ron, +100 from each payer on a tsumo", ge=0, le=99)
    riichi_sticks: int = field(0, "供託: riichi sticks on the table, 1,000 each to the winner",
                               ge=0, le=99, cli=("--sticks",))


Kazoe = Literal["yakuman", "sanbaiman"]
Renhou = Literal["none", "mangan", "yakuman"]


class RiichiRules(Model):
    """The choices riichi tables differ on (docs/rules/riichi.md#rule-options-and-presets); the
    defaults are the ``tenhou`` preset."""

    open_tanyao: bool = field(True, "喰い断: all simples scores on an open hand")
    aka: bool = field(True, "red fives (0m 0p 0s) count as dora")
    double_yakuman: bool = field(False, "13-sided kokushi, suuankou tanki, junsei chuuren and daisuushii "
                                        "are worth two yakuman")
    yakuman_stack: bool = field(True, "several yakuman in one hand add up (six at most); false: one "
                                      "yakuman at most, paid as one")
    kazoe: Kazoe = field("yakuman", "13+ han without a yakuman: a counted yakuman, or capped at sanbaiman")
    kiriage: bool = field(False, "4 han 30 fu and 3 han 60 fu are rounded up to mangan")
    renhou: Renhou = field("none", "人和 (a non-dealer's first-turn ron): not scored, a 5-han yaku, or a yakuman")


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
DEFAULT_PRESET = "tenhou"
