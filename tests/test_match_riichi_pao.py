"""Pao (責任払い) on the hanchan sheet (docs/match.md#pao-the-liable-player): a win names the player liable
for its big three dragons or big four winds, who pays a self-draw alone (honba included) or half of a
ron with the discarder (the honba theirs); the same rule as the log audit's. Values by hand: a
non-dealer yakuman is 32,000, a dealer's 48,000."""

from __future__ import annotations

import csv
import io
import json

import pytest
from cli_runner import run_cli

from scorer.errors import HandError
from scorer.match import new_record
from scorer.match.export import FORMATS

PLAYERS = ["Ann", "Bo", "Cy", "Di"]  # Ann deals E1
ANN_TENPAI = {"draw": True, "tenpai": ["Ann"]}  # +3,000 / −1,000 each; Ann deals again, one more honba
DAISANGEN = "[CCC][FFF]PPP123m44p"  # big three dragons, the white set closed


def sheet(hands, preset="wrc"):
    return new_record({"variant": "riichi", "players": PLAYERS, "rules": {"preset": preset}, "hands": hands})[1]


def problems(hands, preset="wrc") -> list[tuple[str, str]]:
    with pytest.raises(HandError) as err:
        sheet(hands, preset)
    return [(p.code, p.message) for p in err.value.problems]


def test_a_self_draw_is_paid_by_the_liable_player_alone():
    s = sheet([{"winner": "Bo", "from": None, "yakuman": 1, "pao": "Cy"}])
    # without pao: Ann (dealer) 16,000, Cy and Di 8,000 each; with it Cy pays all 32,000
    assert s["hands"][0]["deltas"] == {"Ann": 0, "Bo": 32_000, "Cy": -32_000, "Di": 0}
    assert s["hands"][0]["wins"][0]["pao"] == "Cy"
    record, _ = new_record({"variant": "riichi", "players": PLAYERS, "rules": {"preset": "wrc"},
                            "hands": [{"winner": "Bo", "from": None, "yakuman": 1, "pao": "Cy"}]})
    assert record["hands"][0] == {"winner": "Bo", "from": None, "yakuman": 1, "pao": "Cy"}  # kept as written


def test_a_ron_is_halved_between_the_discarder_and_the_liable_player_who_pays_the_honba():
    s = sheet([ANN_TENPAI, {"winner": "Bo", "from": "Di", "yakuman": 1, "pao": "Cy", "riichi": ["Ann"]}])
    win = s["hands"][1]
    assert win["label"] == "E1" and win["honba"] == 1
    # 32,000 / 2 from Di; 16,000 + 300 honba from Cy; Ann's riichi stick to Bo
    assert win["deltas"] == {"Ann": -1000, "Bo": 33_300, "Cy": -16_300, "Di": -16_000}


def test_the_liable_players_own_discard_is_an_ordinary_ron():
    s = sheet([{"winner": "Bo", "from": "Cy", "hand": DAISANGEN, "pao": "Cy"}])
    assert s["hands"][0]["deltas"] == {"Ann": 0, "Bo": 32_000, "Cy": -32_000, "Di": 0}


def test_a_double_yakuman_self_draw_the_liable_player_pays_it_all_with_the_honba():
    # Tenhou counts double yakuman: a non-dealer's 64,000; three honba on a self-draw are 3 × 300
    s = sheet([ANN_TENPAI] * 3 + [{"winner": "Bo", "from": None, "yakuman": 2, "pao": "Di"}], "tenhou")
    assert s["hands"][3]["honba"] == 3
    assert s["hands"][3]["deltas"] == {"Ann": 0, "Bo": 64_900, "Cy": 0, "Di": -64_900}


def test_a_dealer_hand_given_as_tiles_with_pao():
    # Ann deals: a dealer yakuman of 48,000; a ron off Bo with Di liable: 24,000 each
    s = sheet([{"winner": "Ann", "from": "Bo", "hand": DAISANGEN, "pao": "Di"}])
    assert s["hands"][0]["deltas"] == {"Ann": 48_000, "Bo": -24_000, "Cy": 0, "Di": -24_000}
    assert sum(s["points"].values()) == 4 * 30_000


def test_pao_where_nobody_can_be_liable_is_refused_in_words():
    assert problems([{"winner": "Bo", "from": None, "han": 6, "pao": "Cy"},
                     {"winner": "Bo", "from": None, "yakuman": 1, "pao": "Bo"},
                     {"winner": "Bo", "from": None, "yakuman": 1, "pao": "Zed"},
                     {"winner": "Bo", "from": "Di", "hand": "123m456p789s123s44p", "pao": "Cy"}]) == [
        ("bad_pao", "hands[0]: pao: Cy is liable only for a yakuman of big three dragons or big four winds, "
                    "not for 6 han (give yakuman: 1, or the hand)"),
        ("bad_pao", "hands[1]: Bo cannot be liable (pao) for their own win"),
        ("unknown_player", "hands[2]: the liable player (pao) 'Zed' is not one of the players (Ann, Bo, Cy, Di)"),
        ("bad_pao", "hands[3]: pao: Cy is liable only for big three dragons or big four winds, and this hand "
                    "holds neither"),
    ]


def test_the_cli_shows_who_was_liable(tmp_path):
    path = tmp_path / "pao.json"
    path.write_text(json.dumps({"variant": "riichi", "players": PLAYERS, "rules": {"preset": "wrc"},
                                "hands": [{"winner": "Bo", "from": None, "yakuman": 1, "pao": "Cy"}]}))
    out = run_cli(["sheet", str(path)])
    assert out.exit_code == 0, out.stderr
    assert "(pao: Cy" in out.stdout and "-32000" in out.stdout  # the table may wrap the line
    js = json.loads(run_cli(["sheet", str(path), "--json"]).stdout)
    assert js["hands"][0]["wins"][0]["pao"] == "Cy" and js["final_points"]["Cy"] == -2000


def _csv_entries(hands, preset="wrc") -> list[dict[str, str]]:
    record, s = new_record({"variant": "riichi", "players": PLAYERS, "rules": {"preset": preset}, "hands": hands})
    rows = list(csv.reader(io.StringIO(FORMATS["csv"].write(record, s))))
    return [dict(zip(rows[0], r, strict=False)) for r in rows[1:] if r and r[0] == "entry"]


def test_the_csv_names_the_liable_player_beside_the_changes_pao_made():
    # E1: Bo's yakuman by self-draw, Cy pays it all; E2 (Bo deals): Ann's 2 han 30 fu ron, 2,000, no pao
    rows = _csv_entries([{"winner": "Bo", "from": None, "yakuman": 1, "pao": "Cy"},
                         {"winner": "Ann", "from": "Bo", "han": 2, "fu": 30}])
    assert [(r["pao"], r["han"], r["Cy"], r["Ann"]) for r in rows] == [("Cy", "1x yakuman", "-32000", "0"),
                                                                     ("", "2", "0", "2000")]
    # the rows after the entries keep their cells under the players' columns
    record, s = new_record({"variant": "riichi", "players": PLAYERS, "rules": {"preset": "wrc"},
                            "hands": [{"winner": "Bo", "from": None, "yakuman": 1, "pao": "Cy"}]})
    lines = list(csv.reader(io.StringIO(FORMATS["csv"].write(record, s))))
    final = next(r for r in lines if r and r[0] == "final_points")
    assert dict(zip(lines[0], final, strict=False))["Cy"] == "-2000"


def test_the_csv_joins_the_liable_players_of_a_double_ron_in_the_winners_order():
    # Di's discard: Bo's yakuman with Cy liable (16,000 from Di, 16,000 from Cy), Ann (dealer) 2 han 30 fu: 2,900;
    # the sheet lists the winners in turn order from the discarder (Ann, then Bo), each cell in that order
    rows = _csv_entries([{"wins": [{"winner": "Bo", "from": "Di", "yakuman": 1, "pao": "Cy"},
                                   {"winner": "Ann", "from": "Di", "han": 2, "fu": 30}]}], "tenhou")
    assert [(r["winner"], r["pao"], r["Di"], r["Cy"]) for r in rows] == [("Ann / Bo", " / Cy", "-18900", "-16000")]
