"""The scoring lanes (api.pool): a batch lane gives way to the one-hand lane at its budget checks,
never more than half its time; the budget is answered by the watchdog and kept by the work."""

from __future__ import annotations

import asyncio
import time

import pytest

from api.pool import Overrun, Pool
from scorer import deadline


def steps(seconds: float) -> tuple[float, float]:
    """Work of ``seconds`` (busy, in steps that check the budget): (elapsed, paused)."""
    start = time.monotonic()
    worked = 0.0
    while worked < seconds:
        step = time.monotonic()
        while time.monotonic() - step < 0.002:
            pass
        worked += time.monotonic() - step
        deadline.check()
    return time.monotonic() - start, time.monotonic() - start - worked


def run(pool: Pool, fn, *args, budget: float = 10):
    async def main():
        return await pool.run(fn, *args, budget=budget)
    return asyncio.run(main())


def test_a_batch_runs_freely_while_the_cheap_lane_is_idle():
    cheap = Pool(1, 4, 1.0, "cheap-idle")
    batch = Pool(1, 1, 1.0, "batch-idle", yield_to=cheap)
    elapsed, paused = run(batch, steps, 0.2)
    assert paused < 0.05 and elapsed < 1


def test_a_batch_gives_way_to_cheap_work_but_never_more_than_half_its_time():
    cheap = Pool(1, 4, 1.0, "cheap-busy")
    batch = Pool(1, 1, 1.0, "batch-busy", yield_to=cheap)
    cheap.working = 1  # cheap work all along
    elapsed, paused = run(batch, steps, 0.3)
    assert paused > 0.25 * elapsed  # it gave way
    assert paused <= 0.5 * elapsed + Pool.GIVE_WAY_MAX_S + 0.05  # and was not starved


def test_an_overrun_is_answered_at_the_budget_and_the_thread_gets_out_at_its_check():
    pool = Pool(1, 1, 1.0, "overrun")

    async def main() -> tuple[float, int]:
        start = time.monotonic()
        with pytest.raises(Overrun):
            await pool.run(steps, 5.0, budget=0.2)
        answered = time.monotonic() - start
        end = time.monotonic() + 2
        while pool.in_flight and time.monotonic() < end:
            await asyncio.sleep(0.01)
        return answered, pool.in_flight

    answered, in_flight = asyncio.run(main())
    assert 0.15 < answered < 1.5 and in_flight == 0
