"""The scoring workers: a few threads per process, a bounded queue, and a wall-clock budget that
cuts a request off inside its work, not only between the items of a batch.

The event loop scores nothing itself but what a variant's compiled full path answers (``api.lane``:
C without a search, bounded to microseconds, cheaper than a hand-off to a thread): for everything
else it reads and checks the request, hands the work to a thread and awaits it, so ``/healthz`` and
the reading of other requests go on while a hand is scored. When
every thread is busy and the queue is full, or a request waited too long for a thread, the answer
is 503 with ``Retry-After`` (try again shortly) rather than a growing queue.

A request that overruns its budget is answered 422 ``time_budget`` at once, and its thread is
stopped: ``TimeBudget`` is raised inside it (``PyThreadState_SetAsyncExc``) at the next Python
instruction it runs. The scorer's C parts are short (microseconds to a few milliseconds), so the
thread gets out within milliseconds, and its slot is only counted free once it has.
"""

from __future__ import annotations

import asyncio
import ctypes
import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Any


class TimeBudget(BaseException):
    """Raised inside a scoring thread whose request ran out of time (a BaseException, so that no
    ``except Exception`` of the scorer's swallows it)."""


class Busy(Exception):
    """Every worker is busy and the queue is full, or the request waited too long for a worker."""


class Overrun(Exception):
    """The request used up its time budget (it was stopped)."""

    def __init__(self, budget: float) -> None:
        super().__init__(budget)
        self.budget = budget


_raise_in = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_ulong, ctypes.py_object)(
    ("PyThreadState_SetAsyncExc", ctypes.pythonapi))
_withdraw = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p)(  # NULL: no exception
    ("PyThreadState_SetAsyncExc", ctypes.pythonapi))

QUEUED, RUNNING, DONE, DROPPED = range(4)


class _Job:
    __slots__ = ("fn", "args", "budget", "loop", "future", "state", "tid", "killed", "since")

    def __init__(self, fn: Callable[..., Any], args: tuple, budget: float, loop: asyncio.AbstractEventLoop) -> None:
        self.fn = fn
        self.args = args
        self.budget = budget
        self.loop = loop
        self.future: asyncio.Future = loop.create_future()
        self.state = QUEUED
        self.tid = 0
        self.killed = False
        self.since = time.monotonic()  # queued since, then running since


class Pool:
    """Threads that run jobs, and a watchdog thread that stops the ones past their time.

    The watchdog ticks every ``TICK_S`` and does the timing, so that a job costs the event loop no
    timer and one wake-up (its answer)."""

    TICK_S = 0.02

    def __init__(self, threads: int, queue_size: int, queue_wait: float) -> None:
        self.threads = threads
        self.capacity = threads + queue_size
        self.queue_wait = queue_wait
        self.in_flight = 0  # jobs queued or running, their threads not yet out (event loop thread only)
        self._lock = threading.Lock()  # orders a job's state changes against the stopping of its thread
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._jobs: set[_Job] = set()  # queued or running, for the watchdog (under the lock)
        self._started = 0
        self._start_lock = threading.Lock()

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
        self._queue.put(job)
        return await job.future

    # --- event loop side -------------------------------------------------------------------------
    def _settle(self, job: _Job, ok: bool, value: Any, out: bool) -> None:
        if out:  # the job's thread is done with it (or none will ever take it)
            self.in_flight -= 1
        if job.future.done():
            return
        if ok:
            job.future.set_result(value)
        else:
            job.future.set_exception(Overrun(job.budget) if isinstance(value, TimeBudget) else value)

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
                        self._notify(job, False, Busy(), True)
                    elif job.state == RUNNING and not job.killed and now - job.since > job.budget:
                        job.killed = True
                        _raise_in(job.tid, TimeBudget)
                        # answered now; its slot is freed when its thread gets out
                        self._notify(job, False, TimeBudget(), False)

    # --- worker threads --------------------------------------------------------------------------
    def _start(self) -> None:
        with self._start_lock:
            if self._started == 0:
                # the scoring threads share the interpreter lock with the event loop: hand it over
                # every millisecond (not 5), so that the loop answers /healthz and reads requests
                # while they score
                sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))
                threading.Thread(target=self._watch, name="mjscore-watchdog", daemon=True).start()
            while self._started < self.threads:
                threading.Thread(target=self._thread_main, name=f"mjscore-scorer-{self._started}",
                                 daemon=True).start()
                self._started += 1

    def _thread_main(self) -> None:
        # A TimeBudget raised between two jobs (it never should be: see _work) must not end the thread.
        while True:
            try:
                self._work()
                return
            except TimeBudget:
                continue

    def _work(self) -> None:
        tid = threading.get_ident()
        while True:
            job = self._queue.get()
            if job is None:
                return
            with self._lock:
                if job.state != QUEUED:
                    continue
                job.state = RUNNING
                job.tid = tid
                job.since = time.monotonic()
            try:
                value = job.fn(*job.args)
                ok = True
            except TimeBudget as exc:
                ok, value = False, exc
            except Exception as exc:
                ok, value = False, exc
            # From here on no TimeBudget may be raised in this thread: the watchdog raises one only
            # while the job is RUNNING (under the lock), and one raised but not yet delivered is
            # withdrawn.
            while True:
                try:
                    with self._lock:
                        job.state = DONE
                        self._jobs.discard(job)
                        if job.killed:
                            _withdraw(tid, None)
                    break
                except TimeBudget:
                    continue
            self._notify(job, ok, value, True)
