"""``mjscore riichi HAND``: the readable answer shows the han, the fu and their breakdown, the
limit, each yaku with its han, the payments, the context assumed and the rules in force; a red five
is drawn as a five (docs/rules/riichi.md)."""

from __future__ import annotations

import pytest
from cli_runner import run_cli

HAND = "234m456p678s22s34m0m"
ARGS = ["riichi", HAND, "--riichi", "--seat", "S", "--dora", "1m", "--honba", "1"]


@pytest.mark.parametrize("glyphs", ["--glyphs", "--no-glyphs"])
def test_the_readable_answer(glyphs: str) -> None:
    ran = run_cli([*ARGS, glyphs])
    assert ran.exit_code == 0, ran.output
    out = ran.stdout
    assert "5 han 30 fu, mangan" in out and "fu: 20 base + 10 closed ron → 30" in out
    for name in ("Riichi", "Pinfu", "All Simples", "Dora", "Red Five"):
        assert name in out
    assert "payments: E -8300  S +8300  W +0  N +0" in out
    assert "seat S" in out and "dora indicators 1m" in out and "honba 1" in out and "(* default)" in out
    assert "rules: tenhou" in out
    if glyphs == "--glyphs":
        assert "🀋" in out.splitlines()[1]  # the red five 0m drawn as the five of characters


def test_the_rules_option_names_a_preset() -> None:
    ran = run_cli([*ARGS, "--no-glyphs", "--rules", "wrc"])
    assert ran.exit_code == 0, ran.output
    # red fives are no dora under WRC: riichi, pinfu, tanyao, dora
    assert "4 han 30 fu" in ran.stdout and "rules: wrc" in ran.stdout and "Red Five" not in ran.stdout


def test_a_contradiction_is_named_by_the_option_typed() -> None:
    ran = run_cli(["riichi", "[234m]456p678s22s34m0m", "--riichi", "--json"])
    assert ran.exit_code == 2
    assert "riichi needs a concealed hand" in ran.stdout
