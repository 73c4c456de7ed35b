"""The scoring workers: lanes of a few threads each, a bounded queue per lane, and a wall-clock
budget that the work watches itself (``scorer.deadline``).

The event loop scores nothing itself but what a variant's compiled full path answers (``api.lane``:
C without a search, bounded to microseconds, cheaper than a hand-off to a thread): for everything
else it reads and checks the request, hands the work to a lane's thread and awaits it, so
``/healthz`` and the reading of other requests go on while a hand is scored. When every thread of
the lane is busy and its queue is full, or a request waited too long for a thread, the answer is
503 with ``Retry-After`` (try again shortly) rather than a growing queue.

Two lanes (``api.app``): the calls of one hand or one table (score, parse, waits, a match's sheet)
and the batches. A batch can keep a thread busy for seconds; in a lane of its own it only ever
waits for other batches, and while the one-hand lane has work a batch's thread gives way at its
steps (``Pool.give_way``): the threads share one interpreter lock, and a batch holding it would
slow every cheap call down. A client looping batches thus never starves a table.

A request that overruns its budget is answered 422 ``time_budget`` at once by the watchdog, and its
thread stops at the next ``deadline.check()`` of the work (the scorer's long loops check at each
step: well under a millisecond apart), raising ``deadline.OutOfTime`` where the work asks, never
from outside; its slot is only counted free once the thread is out.
"""

from __future__ import annotations

import asyncio
import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from scorer import deadline
from scorer.deadline import OutOfTime


class Busy(Exception):
    """Every worker is busy and the queue is full, or the request waited too long for a worker."""


class Overrun(Exception):
    """The request used up its time budget (it was stopped)."""

    def __init__(self, budget: float) -> None:
        super().__init__(budget)
        self.budget = budget


QUEUED, RUNNING, DONE, DROPPED = range(4)


class _Job:
    __slots__ = ("fn", "args", "budget", "loop", "future", "state", "answered", "since")

    def __init__(self, fn: Callable[..., Any], args: tuple, budget: float, loop: asyncio.AbstractEventLoop) -> None:
        self.fn = fn
        self.args = args
        self.budget = budget
        self.loop = loop
        self.future: asyncio.Future = loop.create_future()
        self.state = QUEUED
        self.answered = False  # the watchdog has answered it time_budget
        self.since = time.monotonic()  # queued since, then running since


class _Running(threading.local):
    since: float = 0.0  # monotonic start of this thread's job
    paused: float = 0.0  # seconds it has given way so far


class Pool:
    """Threads that run jobs, and a watchdog thread that answers the ones past their time.

    The watchdog ticks every ``TICK_S`` and does the timing, so that a job costs the event loop no
    timer and one wake-up (its answer). ``yield_to``: another pool whose work goes first -- while
    it has any, this pool's jobs pause at their ``deadline.check()`` steps (``give_way``)."""

    TICK_S = 0.02
    GIVE_WAY_S = 0.002  # one pause of a yielding job
    GIVE_WAY_MAX_S = 0.1  # at most this long in a row, so that cheap calls cannot starve it either

    def __init__(self, threads: int, queue_size: int, queue_wait: float, name: str = "scorer",
                 yield_to: Pool | None = None) -> None:
        self.threads = threads
        self.capacity = threads + queue_size
        self.queue_wait = queue_wait
        self.name = name
        self.yield_to = yield_to
        self.in_flight = 0  # jobs queued or running, their threads not yet out (event loop thread only)
        self.working = 0  # jobs queued or running (any thread reads it: ``give_way``)
        self._lock = threading.Lock()  # orders a job's state changes against the watchdog
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._jobs: set[_Job] = set()  # queued or running, for the watchdog (under the lock)
        self._started = 0
        self._start_lock = threading.Lock()
        self._running = _Running()  # per thread: the job's start and its pauses (``give_way``)

    async def run(self, fn: Callable[..., Any], *args: Any, budget: float) -> Any:
        """``fn(*args)`` in a worker thread; ``Busy`` or ``Overrun`` when it cannot be done in time."""
        if self.in_flight >= self.capacity:
            raise Busy()
        job = _Job(fn, args, budget, asyncio.get_running_loop())
        self.in_flight += 1
        if self._started < self.threads:
            self._start()
        with self._lock:
            self._jobs.add(job)
            self.working += 1
        self._queue.put(job)
        return await job.future

    def give_way(self) -> None:
        """In a job of this pool: pause while the pool it yields to has work -- at most
        ``GIVE_WAY_MAX_S`` at a time, and never more in all than the job has worked, so that a
        stream of cheap calls slows a batch down by half at most and never starves it."""
        other = self.yield_to
        if other is None or not other.working:
            return
        mine = self._running
        now = time.monotonic()
        if mine.paused > now - mine.since - mine.paused:
            return
        until = now + min(self.GIVE_WAY_MAX_S, max(deadline.remaining(), 0))
        while other.working and time.monotonic() < until:
            time.sleep(self.GIVE_WAY_S)
        mine.paused += time.monotonic() - now

    # --- event loop side -------------------------------------------------------------------------
    def _settle(self, job: _Job, ok: bool, value: Any, out: bool) -> None:
        if out:  # the job's thread is done with it (or none will ever take it)
            self.in_flight -= 1
        if job.future.done():
            return
        if ok:
            job.future.set_result(value)
        else:
            job.future.set_exception(Overrun(job.budget) if isinstance(value, OutOfTime) else value)

    def _notify(self, job: _Job, ok: bool, value: Any, out: bool) -> None:
        """``_settle`` on the job's event loop (from another thread)."""
        try:
            job.loop.call_soon_threadsafe(self._settle, job, ok, value, out)
        except RuntimeError:  # the loop is closed: nobody waits for the answer any more
            if out:
                self.in_flight -= 1

    # --- watchdog ----------------------------------------------------------------------------------
    def _watch(self) -> None:
        while True:
            time.sleep(self.TICK_S)
            now = time.monotonic()
            with self._lock:
                for job in list(self._jobs):
                    if job.state == QUEUED and now - job.since > self.queue_wait:
                        # still waiting for a thread: 503, and no thread will take it
                        job.state = DROPPED
                        self._jobs.discard(job)
                        self.working -= 1
                        self._notify(job, False, Busy(), True)
                    elif job.state == RUNNING and not job.answered and now - job.since > job.budget:
                        # answered now; the thread stops at the work's next check, and its slot
                        # is freed when it is out
                        job.answered = True
                        self._notify(job, False, OutOfTime(), False)

    # --- worker threads --------------------------------------------------------------------------
    def _start(self) -> None:
        with self._start_lock:
            if self._started == 0:
                # the scoring threads share the interpreter lock with the event loop: hand it over
                # every millisecond (not 5), so that the loop answers /healthz and reads requests
                # while they score
                sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))
                threading.Thread(target=self._watch, name=f"mjscore-{self.name}-watchdog", daemon=True).start()
            while self._started < self.threads:
                threading.Thread(target=self._work, name=f"mjscore-{self.name}-{self._started}",
                                 daemon=True).start()
                self._started += 1

    def _work(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            with self._lock:
                if job.state != QUEUED:
                    continue
                job.state = RUNNING
                job.since = time.monotonic()
            self._running.since, self._running.paused = job.since, 0.0
            try:
                with deadline.within(job.budget, self.give_way if self.yield_to is not None else None):
                    value = job.fn(*job.args)
                ok = True
            except (Exception, OutOfTime) as exc:
                ok, value = False, exc
            with self._lock:
                job.state = DONE
                self._jobs.discard(job)
                self.working -= 1
            self._notify(job, ok, value, True)
