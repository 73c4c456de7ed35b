"""A time budget the work watches itself: the long loops of the scorer (the wild-tile searches, the
readings of an explanation, a batch's requests, a hand's waits) call ``check()`` at each step, and
it raises ``OutOfTime`` there once the budget that ``within`` set for this thread has run out.

Nothing is raised into a thread from outside, so the stop lands only where a loop asks for it,
never inside unrelated code (a lock, a cleanup, a library's own ``finally``). Without a budget
(the library, the CLI) ``check()`` costs one attribute read and a clock call.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class OutOfTime(BaseException):
    """Raised by ``check()`` past the budget: a BaseException, so that the scorer's ``except
    Exception`` (a batch answering a bug in its item's place) lets it through to whoever set it."""


class _Due(threading.local):
    at: float = math.inf  # monotonic seconds; no budget: never
    pause: Callable[[], None] | None = None  # called at each check (a lane giving way to another)


_DUE = _Due()


def check() -> None:
    """Raise ``OutOfTime`` when this thread's budget has run out."""
    due = _DUE
    if due.pause is not None:
        due.pause()
    if time.monotonic() > due.at:
        raise OutOfTime()


def remaining() -> float:
    """Seconds left of this thread's budget (infinity without one)."""
    return _DUE.at - time.monotonic()


@contextmanager
def within(seconds: float, pause: Callable[[], None] | None = None) -> Iterator[None]:
    """The work inside the block has ``seconds`` (or less, inside a tighter budget already set);
    ``pause``, when given, is called at each check (it may sleep: the budget still runs)."""
    outer, outer_pause = _DUE.at, _DUE.pause
    _DUE.at = min(outer, time.monotonic() + seconds)
    _DUE.pause = pause or outer_pause
    try:
        yield
    finally:
        _DUE.at, _DUE.pause = outer, outer_pause
