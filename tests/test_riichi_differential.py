"""Differential test of the riichi scorer against its behaviour oracle, PyPI ``mahjong`` 2.1.0.

Every row of ``riichi_generator.generate`` (hand, context, rules) is scored by ``scorer.score("riichi",
...)`` and by the oracle (``riichi_oracle``). A row whose context docs/rules/riichi.md rejects as a
contradiction must raise ``HandError`` (the oracle scores such rows or refuses them on its own terms);
every other row must agree on every field the oracle gives: valid and the reason, han, fu, the limit,
the yaku scored (id and han), the dora counts, cost main/additional, total, the payments (honba
included) and the riichi sticks taken. For a "no yaku" hand the dora it would have had are compared.
The default suite runs a seeded slice over all presets; ``-m slow`` runs 30,000 rows per preset
(``RIICHI_DIFF_N`` and ``RIICHI_DIFF_SEED`` set another count and seed).
"""

from __future__ import annotations

import os
import traceback
from collections import Counter
from typing import Any

import pytest
from riichi_generator import generate
from riichi_oracle import CONTRADICTIONS, PRESETS, OracleResult, contradiction, oracle_result

SEED = 20261206
N = 2500
# the slow run's size and seed can be changed for a longer search (a fixed seed alone hides bugs):
# RIICHI_DIFF_N=100000 RIICHI_DIFF_SEED=7 pytest -m slow tests/test_riichi_differential.py
SLOW_SEED = int(os.environ.get("RIICHI_DIFF_SEED", "1206"))
SLOW_N = int(os.environ.get("RIICHI_DIFF_N", "30000"))
REPORT = 20
DORA_IDS = ("dora", "aka_dora", "ura_dora")


def ours_normalised(result: Any) -> dict[str, Any]:
    d = result.as_dict() if hasattr(result, "as_dict") else result
    details = d["details"]
    out: dict[str, Any] = {"valid": d["valid"], "reason": d["reason"]}
    if not d["valid"]:
        if d["reason"] == "no yaku":
            out["dora"] = {k: v for k, v in details.get("dora", {}).items() if v}
        return out
    yaku: dict[str, int] = {}
    dora: dict[str, int] = {}
    for item in d["items"]:
        if item["id"] in DORA_IDS:
            dora[item["id"]] = dora.get(item["id"], 0) + item["count"]
        else:
            yaku[item["id"]] = yaku.get(item["id"], 0) + item["points"] * item["count"]
    out.update(han=details["han"], fu=details["fu"], limit=details["limit"], yaku=yaku, dora=dora,
               cost=(details["cost"]["main"], details["cost"]["additional"]), total=d["total"],
               payments=d["payments"], riichi_sticks=details["riichi_sticks"])
    return out


def oracle_normalised(o: OracleResult) -> dict[str, Any]:
    out: dict[str, Any] = {"valid": o.valid, "reason": o.reason}
    if not o.valid:
        if o.reason == "no yaku":
            out["dora"] = o.dora
        return out
    out.update(han=o.han, fu=o.fu, limit=o.limit, yaku=o.yaku, dora=o.dora,
               cost=(o.cost_main, o.cost_additional), total=o.total, payments=o.payments,
               riichi_sticks=o.riichi_sticks)
    return out


def _diff(ours: dict[str, Any], theirs: dict[str, Any]) -> str:
    keys = sorted(set(ours) | set(theirs))
    return "; ".join(f"{k}: ours {ours.get(k)!r} oracle {theirs.get(k)!r}"
                     for k in keys if ours.get(k) != theirs.get(k))


def compare(rows: list[tuple[str, dict, Any]], seen: Counter | None = None) -> tuple[int, list[str]]:
    """How many rows agree, and a description of each that does not; ``seen`` counts the outcomes
    (contradiction, the reasons, each yaku and limit the oracle scored)."""
    import scorer
    from scorer.errors import HandError

    agree = 0
    problems: list[str] = []
    seen = Counter() if seen is None else seen
    for hand, ctx, rules in rows:
        head = f"{hand}  context={ctx}  rules={rules!r}"
        why = contradiction(hand, ctx)
        seen["contradiction" if why else "scored"] += 1
        if why is not None:
            try:
                result = scorer.score("riichi", hand, dict(ctx), rules)
            except HandError:
                agree += 1
                continue
            except Exception:
                problems.append(f"{head}\n    contradiction ({why}): expected HandError, got\n    "
                                f"{traceback.format_exc(limit=3).strip()}")
                continue
            problems.append(f"{head}\n    contradiction ({why}): expected HandError, got a result "
                            f"(valid={result.valid}, total={result.total})")
            continue
        answer = oracle_result(hand, ctx, rules)
        seen.update([answer.reason or "valid", f"limit:{answer.limit}", *answer.yaku])
        expected = oracle_normalised(answer)
        try:
            ours = ours_normalised(scorer.score("riichi", hand, dict(ctx), rules))
        except Exception:
            problems.append(f"{head}\n    raised instead of scoring:\n    "
                            f"{traceback.format_exc(limit=3).strip()}\n    oracle: {expected}")
            continue
        if ours == expected:
            agree += 1
        else:
            problems.append(f"{head}\n    {_diff(ours, expected)}")
    return agree, problems


def _check(rows: list[tuple[str, dict, Any]]) -> Counter:
    seen: Counter = Counter()
    agree, problems = compare(rows, seen)
    if problems:
        shown = "\n".join(problems[:REPORT])
        pytest.fail(f"{len(problems)} of {len(rows)} rows disagree with the oracle ({agree} agree); first "
                    f"{min(REPORT, len(problems))}:\n{shown}", pytrace=False)
    assert agree == len(rows)
    return seen


def test_generator_covers_every_preset_and_option_value():
    rows = generate(N, SEED)
    seen: set[tuple[str, Any]] = set()
    for _, _, rules in rows:
        if rules is None:
            seen.add(("preset", "tenhou"))
        elif isinstance(rules, str):
            seen.add(("preset", rules))
        else:
            seen.update(rules.items())
    for name in PRESETS:
        assert ("preset", name) in seen
    from riichi_oracle import OPTION_VALUES

    for option, values in OPTION_VALUES.items():
        for value in values:
            assert (option, value) in seen, (option, value)


def test_generator_makes_every_context_field_meld_and_contradiction():
    """Every context field away from its default, every kind of meld, red fives, Tenhou's honour
    digits, and each contradiction of the rules page's list (rows are only generated here, not scored)."""
    from riichi_oracle import CONTEXT_DEFAULTS, parse_hand

    rows = generate(8000, SEED)
    fields = {k for _, ctx, _ in rows for k, v in ctx.items() if v != CONTEXT_DEFAULTS[k]}
    assert fields == set(CONTEXT_DEFAULTS)
    melds = {m.kind for hand, _, _ in rows for m in parse_hand(hand).melds}
    assert melds == {"chii", "pon", "open_kan", "added_kan", "closed_kan"}
    assert any("0" in hand for hand, _, _ in rows) and any("z" in hand for hand, _, _ in rows)
    reasons = {contradiction(hand, ctx) for hand, ctx, _ in rows} - {None}
    assert reasons == set(CONTRADICTIONS), set(CONTRADICTIONS) ^ reasons


def test_riichi_matches_oracle():
    seen = _check(generate(N, SEED))
    # the slice reaches every kind of outcome, not only easy wins
    for outcome in ("contradiction", "valid", "no yaku", "not a winning hand", "limit:mangan", "limit:yakuman",
                    "limit:2x_yakuman", "limit:kazoe_yakuman", "chiitoitsu", "kokushi", "rinshan", "chankan"):
        assert seen[outcome] > 0, outcome


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_riichi_matches_oracle_30k(preset):
    seen = _check(generate(SLOW_N, SLOW_SEED + sorted(PRESETS).index(preset), preset=preset))
    from scorer import registry

    table = {i.id for i in registry.get("riichi").items} - set(DORA_IDS)
    assert not table - set(seen), f"never scored: {sorted(table - set(seen))}"
