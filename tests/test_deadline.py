"""The time budget kept by the work itself (scorer.deadline): outside a budget nothing is checked,
inside one the long loops of the scorer -- the wild-tile searches, the readings of an explanation,
the candidates of waits, a batch's requests -- stop at their next step once it has run out."""

from __future__ import annotations

import time

import pytest

from scorer import deadline, engine, referee
from scorer.deadline import OutOfTime

# the heaviest requests within the service's limits (bench/worst.py): hundreds of readings each
EXPLAINED = [
    ("shanxi", "4555666777m9p9p9p9p", {"wild": "9p", "self_draw": True}),
    ("huangyan", "4555666777m9p9p9p9p", {"wild": "9p", "self_draw": True}),
    ("fuzhou", "5556667778889m4m4m4m4m", {"wild": "4m", "rob_gold": True}),
]
WAITS = [
    ("huangyan", "455566677m9p9p9p9p", {"wild": "9p", "self_draw": True}),
    ("shanxi", "455566677m9p9p9p9p", {"wild": "9p", "self_draw": True}),
    ("fuzhou", "3444555666777m4p4p4p", {"wild": "4p", "self_draw": True}),
]


def test_no_budget_no_stop():
    deadline.check()
    assert deadline.remaining() == float("inf")


def test_a_spent_budget_stops_at_the_next_check_and_is_no_exception():
    with deadline.within(0.0):
        with pytest.raises(OutOfTime):
            deadline.check()
        try:
            deadline.check()
        except Exception:  # the scorer's own guards (a batch item's) must not swallow it
            pytest.fail("OutOfTime was caught as an Exception")
        except OutOfTime:
            pass
    deadline.check()  # the budget ends with its block


def test_budgets_nest_and_the_tighter_one_counts():
    with deadline.within(60):
        outer = deadline.remaining()
        with deadline.within(0.0):
            assert deadline.remaining() <= 0
        assert deadline.remaining() == pytest.approx(outer, abs=1)
        with deadline.within(3600):
            assert deadline.remaining() <= 60


@pytest.mark.parametrize(("variant", "hand", "context"), EXPLAINED)
def test_an_explanation_checks_inside_its_search(variant, hand, context):
    assert engine.score_checked(variant, hand, context, explain=True).readings  # no budget: answered
    with deadline.within(0.0), pytest.raises(OutOfTime):
        engine.score_checked(variant, hand, context, explain=True)


@pytest.mark.parametrize(("variant", "hand", "context"), WAITS)
def test_waits_check_at_each_candidate(variant, hand, context):
    assert referee.waits(variant, hand, context)["waits"]
    with deadline.within(0.0), pytest.raises(OutOfTime):
        referee.waits(variant, hand, context)


@pytest.mark.parametrize(("variant", "hand", "context"), EXPLAINED)
def test_the_work_stops_soon_after_its_budget(variant, hand, context):
    # the checks are steps apart, not seconds: a budget of a few ms ends the work within a fraction
    # of what it takes whole (generous bounds: the machine may be shared)
    start = time.perf_counter()
    engine.score_checked(variant, hand, context, explain=True)
    whole = time.perf_counter() - start
    start = time.perf_counter()
    with deadline.within(0.005), pytest.raises(OutOfTime):
        engine.score_checked(variant, hand, context, explain=True)
    assert time.perf_counter() - start < max(0.75 * whole, 0.05)


@pytest.mark.parametrize(("variant", "hand", "context"), [
    ("mcr", "123m45567p23789s8s", {}),                  # every discard of a full hand
    ("shanxi", "455566677m9p9p9p9p", {"wild": "9p"}),  # what each wild stands for
])
def test_tile_efficiency_checks_inside_its_search(variant, hand, context):
    from scorer.efficiency import efficiency

    assert efficiency(variant, hand, context)
    with deadline.within(0.0), pytest.raises(OutOfTime):
        efficiency(variant, hand, context)
