"""Why the chosen reading is kept (docs/rules/mcr.md#choosing-between-readings): each result's
``tie_break`` names the rule that decided this hand, the same from the compiled evaluator, its
pure-Python twin and the C full result."""

from __future__ import annotations

import pytest

from scorer import score
from scorer.engine import score_checked
from scorer.variants.mcr import tiebreak

pytestmark = pytest.mark.twin

CASES = [
    # (hand, context, decision, fan points)
    ("[123m]456789m555pCC", {"self_draw": True}, tiebreak.ONLY, 19),
    ("1123366778899s2s", {}, tiebreak.HIGHEST, None),
    ("[345p,3]5566778m789p8m", {"self_draw": True}, tiebreak.FIRST_KEPT, None),
    ("123m11122233p33s3p", {"flowers": 7}, tiebreak.PURE_TRIPLE_CHOW, None),
    ("3334566m666s666p6m", {}, tiebreak.TRIPLE_PUNG, 22),
    ("45566p44555566s4p", {"self_draw": True, "round_wind": "N"}, tiebreak.OVER_SEVEN_PAIRS, None),
]


@pytest.mark.parametrize(("hand", "context", "decided", "fan_points"), CASES)
def test_the_rule_that_decided_the_hand(hand: str, context: dict, decided: int, fan_points: int | None) -> None:
    result = score("mcr", hand, context)
    text = tiebreak.TEXTS[decided]
    assert result.tie_break == text and result.details["tie_break"] == text
    assert score_checked("mcr", hand, context).tie_break == text
    if decided != tiebreak.ONLY:
        assert result.details["readings"] > 1
    if fan_points is not None:
        assert result.details["fan_points"] == fan_points


def test_tying_readings_are_listed_with_equal_totals() -> None:
    # the seven-pairs tie: the seven pairs and the kept division reach the same total
    result = score("mcr", "45566p44555566s4p", {"self_draw": True, "round_wind": "N"}, explain=True)
    assert result.readings is not None
    chosen = next(r for r in result.readings if r.chosen)
    assert chosen.shape == "four_sets"
    assert any(r.shape == "seven_pairs" and r.total == chosen.total for r in result.readings)


def test_decision_table() -> None:
    d = tiebreak.decision
    assert d(1, 10, -1, tiebreak.TOOK_FIRST) == tiebreak.ONLY
    assert d(3, 10, 8, tiebreak.TOOK_HIGHER) == tiebreak.HIGHEST
    assert d(3, 10, 10, tiebreak.TOOK_HIGHER) == tiebreak.FIRST_KEPT
    assert d(2, 10, 10, tiebreak.TOOK_FIRST) == tiebreak.FIRST_KEPT
    assert d(2, 10, 10, tiebreak.TRIPLE_PUNG) == tiebreak.TRIPLE_PUNG
    assert len(set(tiebreak.TEXTS)) == len(tiebreak.DECISIONS)


def test_the_terminal_names_it_when_the_hand_reads_several_ways() -> None:
    from cli_runner import run_cli

    several = run_cli(["mcr", "3334566m666s666p6m", "--no-glyphs"], env={"COLUMNS": "200"})
    assert several.exit_code == 0
    assert ("tie-break: ties with an earlier reading: a later division holding 三同刻 replaces it "
            "(2 readings; explain lists them)") in several.output
    one = run_cli(["mcr", "[123m]456789m555pCC", "--no-glyphs"], env={"COLUMNS": "200"})
    assert one.exit_code == 0 and "tie-break" not in one.output
