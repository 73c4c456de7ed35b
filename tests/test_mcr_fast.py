"""The C evaluator (scorer/variants/mcr/_fast.pyx) against its pure-Python twin (evaluate.evaluate).

For every hand: the same chosen reading (shape, division), the same final fan counts, points and
number of readings weighed; the same fans not scored (fan, count, excluder, principle, in order) and
the same tiles behind each fan, as the C core records them (``_fast.explain``); and the Result built
through the fast path equals the one built from the pure-Python evaluation. Rows: the differential generator's 3,000 hands (contradictory contexts
left out), every fixtures/mcr case, and random four-sets hands (hypothesis).
"""

from __future__ import annotations

import importlib
import json
from functools import cache

import pytest
from conftest import FIXTURES, PURE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcr_generator import generate
from mcr_oracle import contradiction

from scorer import registry
from scorer.errors import HandError
from scorer.variants.mcr import build_result
from scorer.variants.mcr.division import hand_facts

# the module (the package attribute ``evaluate`` is the function of that name)
ev = importlib.import_module("scorer.variants.mcr.evaluate")

pytestmark = pytest.mark.skipif(PURE, reason="compiled core only (MJSCORE_PURE=1 runs the twins)")

MCR = registry.get("mcr")


def _prepare(hand_text: str, context: dict, rules: str | dict | None = None):
    ctx = MCR.context(context)
    resolved = MCR.rules(rules)
    hand = MCR.parse_hand(hand_text, ctx, None)
    MCR._check_context(hand, ctx)
    facts = hand_facts(hand, ctx.self_draw, ctx.last_wall, ctx.kong_win, ctx.last_tile, MCR._flowers(hand, ctx))
    return hand, ctx, resolved.options, facts


def check_same(hand_text: str, context: dict, rules: str | dict | None = None) -> int:
    """Assert fast == twin for one hand; return the fast status (for coverage counts)."""
    hand, ctx, opts, facts = _prepare(hand_text, context, rules)
    args = (facts, ctx.seat_wind, ctx.round_wind, opts.concealed_kong_and_melded_kong)
    readings = ev.evaluate(*args, opts.knitted_straight_waits)
    chosen = next((r for r in readings if r.chosen), None)
    status, n, codes, points, counts, unique = ev.fast_outcome(*args)
    where = f"{hand_text} {context} {rules}"
    if status == ev._fast.NONE:
        assert chosen is None, where
    elif status != ev._fast.DEFER:  # DEFER: a fixed-list shape may fit; Python scores the hand
        assert chosen is not None, where
        assert n == len(readings), where
        assert points == chosen.points, where
        assert counts == chosen.tally.counts, where
        if status == ev._fast.SEVEN_PAIRS:
            assert chosen.shape == "seven_pairs", where
        else:
            assert chosen.shape == "four_sets", where
            assert unique == ev.is_unique_wait(facts), where
            mine = ev.division_from_groups(facts, codes)
            assert mine.sets == chosen.division.sets and mine.pair == chosen.division.pair, where
    # the Result through the fast path equals the one from the full pure-Python evaluation
    fast_chosen, fast_n = ev.choose(*args, opts.knitted_straight_waits)
    a = build_result("mcr", hand, ctx, opts, facts, fast_chosen, fast_n)
    b = build_result("mcr", hand, ctx, opts, facts, chosen, len(readings) if chosen is not None else 0)
    assert a.as_dict() == b.as_dict(), where
    # every reading weighed (the referee's explain), as the C core explains them
    mine = ev.every_reading(*args, opts.knitted_straight_waits)
    assert len(mine) == len(readings), where
    for r, twin in zip(mine, readings, strict=True):
        assert (r.shape, r.points, r.chosen) == (twin.shape, twin.points, twin.chosen), where
        assert (r.division is None) == (twin.division is None), where
        if r.division is not None:
            assert (r.division.sets, r.division.pair) == (twin.division.sets, twin.division.pair), where
        assert r.tally.counts == twin.tally.counts and r.tally.removed == twin.tally.removed, where
        assert all(r.tally.source_text(f) == twin.tally.source_text(f)
                   for f, c in enumerate(twin.tally.counts) if c), where
    if chosen is not None:
        # the C core's own record of the reading (special shapes included), not only its
        # rendering, is the twin's
        assert fast_chosen is not None and fast_chosen.shape == chosen.shape, where
        assert fast_chosen.tally.counts == chosen.tally.counts, where
        assert fast_chosen.tally.removed == chosen.tally.removed, where
        assert all(fast_chosen.tally.source_text(f) == chosen.tally.source_text(f)
                   for f, c in enumerate(chosen.tally.counts) if c), where
    return status


@cache
def _rows() -> list[tuple[str, dict]]:
    return [(h, c) for h, c in generate(3000, 20261129) if contradiction(h, c) is None]


@pytest.mark.parametrize("rules", ["helper", "mcr1998"])
def test_generator_rows(rules):
    seen = {}
    for hand_text, context in _rows():
        status = check_same(hand_text, dict(context), rules)
        seen[status] = seen.get(status, 0) + 1
    # the C path must carry the bulk of the hands, not hand them back to Python
    assert seen.get(ev._fast.FOUR_SETS, 0) > 0.8 * sum(seen.values())
    assert seen.get(ev._fast.SEVEN_PAIRS, 0) > 0


def _fixture_cases() -> list[tuple[str, dict, object]]:
    out = []
    for name in sorted(p.name for p in (FIXTURES / "mcr").glob("*.json")):
        for case in json.loads((FIXTURES / "mcr" / name).read_text(encoding="utf-8")):
            hand = case.get("hand")
            if isinstance(hand, str):
                out.append((hand, case.get("context") or {}, case.get("rules")))
    return out


@pytest.mark.parametrize("case", _fixture_cases(), ids=lambda c: c[0] if isinstance(c, tuple) else None)
def test_fixture_cases(case):
    hand_text, context, rules = case
    try:
        check_same(hand_text, dict(context), rules)
    except HandError:
        pass  # an invalid hand or context: nothing to evaluate


# ---- random four-sets hands ------------------------------------------------------------------

_SUITS = "msp"
_HONOURS = "ESWNCFP"


def _text(kind: int) -> str:
    return f"{kind % 9 + 1}{_SUITS[kind // 9]}" if kind < 27 else _HONOURS[kind - 27]


@st.composite
def four_sets_hands(draw):
    counts = [0] * 34
    parts = []
    n_fixed = draw(st.integers(0, 4))
    for i in range(4):
        for _ in range(50):
            kind = draw(st.sampled_from(("chow", "pung", "kong") if i < n_fixed else ("chow", "pung")))
            tile = draw(st.integers(0, 33))
            if kind == "chow":
                if tile >= 27 or tile % 9 > 6:
                    continue
                tiles = [tile, tile + 1, tile + 2]
            else:
                tiles = [tile] * (4 if kind == "kong" else 3)
            if all(counts[t] + tiles.count(t) <= 4 for t in tiles):
                break
        else:
            return None
        for t in tiles:
            counts[t] += 1
        body = "".join(_text(t) for t in tiles)
        if i < n_fixed:
            concealed = kind == "kong" and draw(st.booleans())
            parts.append(("(" if concealed else "[") + body + (")" if concealed else "]"))
        else:
            parts.append(body)
    free = [k for k in range(34) if counts[k] <= 2]
    pair = draw(st.sampled_from(free))
    counts[pair] += 2
    parts.append(_text(pair) * 2)
    fixed_parts, hidden = parts[:n_fixed], parts[n_fixed:]
    tiles = "".join(hidden)
    singles = [tiles[i:i + 2] if tiles[i] in "123456789" else tiles[i]
               for i in range(len(tiles)) if tiles[i] not in _SUITS]
    win = draw(st.sampled_from(singles))
    singles.remove(win)
    hand = "".join(singles) + "".join(fixed_parts) + win
    context = {
        "self_draw": draw(st.booleans()),
        "seat_wind": draw(st.sampled_from("ESWN")),
        "round_wind": draw(st.sampled_from("ESWN")),
        "last_tile": draw(st.booleans()),
    }
    return hand, context, draw(st.sampled_from(("helper", "mcr1998")))


@settings(max_examples=200, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(four_sets_hands())
def test_random_four_sets(case):
    if case is None:
        return
    hand_text, context, rules = case
    try:
        check_same(hand_text, context, rules)
    except HandError:
        pass  # e.g. last_tile with another copy concealed: a contradiction, nothing to compare


def test_compiled_choice_runs_no_twin_family(monkeypatch):
    """The compiled path explains the chosen reading, and every reading weighed, itself: the twin's
    evaluator and families are never called (special shapes and both presets included)."""
    def twin(*_args, **_kwargs):
        raise AssertionError("the pure-Python twin ran in compiled mode")

    for name in ("evaluate", "score_division", "is_unique_wait"):
        monkeypatch.setattr(ev, name, twin)
    for module in (ev.chows, ev.pungs, ev.situation, ev.suits, ev.winds, ev.specials):
        for name in dir(module):
            if not name.startswith("_") and callable(getattr(module, name)) and \
                    getattr(getattr(module, name), "__module__", None) == module.__name__:
                monkeypatch.setattr(module, name, twin)
    seen = set()
    for hand_text, context in _rows()[:1500]:
        for rules in ("helper", "mcr1998"):
            try:
                hand, ctx, opts, facts = _prepare(hand_text, dict(context), rules)
            except HandError:
                continue
            args = (facts, ctx.seat_wind, ctx.round_wind, opts.concealed_kong_and_melded_kong,
                    opts.knitted_straight_waits)
            chosen, _ = ev.choose(*args)
            if chosen is not None:
                seen.add(chosen.shape)
            ev.every_reading(*args)
    assert {"four_sets", "seven_pairs", "knitted_straight", "nine_gates", "thirteen_orphans",
            "honors_and_knitted"} <= seen
