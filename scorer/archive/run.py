"""Run a per-round function over many rounds, in order, on every core or on a Dask cluster
(docs/archive.md#bulk-runs), with the batch runner's worker processes (scorer/batch.py: they die
with the run, Ctrl-C stops them).

Rounds go out in blocks of ``BLOCK``, so memory stays bounded however large the archive; the answers
come back in input order. A worker process that dies takes no round with it: its block is answered
again one round at a time, and only a round that kills its process is answered as an error.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from itertools import islice
from typing import Any

from ..batch import _pool
from .botzone import RawRound

BLOCK = 1024  # rounds read ahead: ~3 MB of text
SMALL = 64  # fewer rounds than this are answered in this process: starting workers costs more

Answer = dict[str, Any]


def map_rounds(func: Callable[[RawRound], Answer], rounds: Iterable[RawRound], workers: int | None = None,
               progress: Callable[[int], None] | None = None) -> Iterator[Answer]:
    """``func`` of every round, in order. ``workers``: processes (None: every core; 1: this one).
    ``progress(n)`` after each block, with the bytes of input done so far."""
    rounds = iter(rounds)
    workers = workers or os.cpu_count() or 1
    done = 0
    block = list(islice(rounds, BLOCK))
    if workers == 1 or len(block) < SMALL:
        while block:
            yield from map(func, block)
            done += sum(r.size for r in block)
            if progress:
                progress(done)
            block = list(islice(rounds, BLOCK))
        return
    per_task = max(1, BLOCK // (workers * 4))
    pool = _pool(workers)
    in_flight: deque[tuple[list[RawRound], list[Future[list[Answer]]]]] = deque()

    def submit(part: list[RawRound]) -> None:
        pieces = [part[i:i + per_task] for i in range(0, len(part), per_task)]
        in_flight.append((part, [pool.submit(_each, func, piece) for piece in pieces]))

    try:
        submit(block)
        while in_flight:
            if len(in_flight) < 2 and (ahead := list(islice(rounds, BLOCK))):
                submit(ahead)  # the next block is replayed while this one is written out
            part, futures = in_flight.popleft()
            try:
                answers = [a for f in futures for a in f.result()]
            except BrokenProcessPool:
                pool.shutdown(wait=False, cancel_futures=True)
                answers = _isolate(func, part)
                pool = _pool(workers)
                for again in [p for p, _ in in_flight]:  # they died with the pool: sent again
                    in_flight.popleft()
                    submit(again)
            yield from answers
            done += sum(r.size for r in part)
            if progress:
                progress(done)
        pool.shutdown(wait=True)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _each(func: Callable[[RawRound], Answer], block: list[RawRound]) -> list[Answer]:
    return [func(r) for r in block]


def died(raw: RawRound) -> Answer:
    return {"id": raw.ident, "source": raw.source, "line": raw.at, "outcome": "error",
            "error": {"line": raw.at, "message": "internal error: the process replaying this round died"}}


def _isolate(func: Callable[[RawRound], Answer], block: list[RawRound]) -> list[Answer]:
    """A block during which a worker died, each round in a process of its own."""
    answers: list[Answer] = []
    pool = _pool(1)
    try:
        for raw in block:
            try:
                answers.append(pool.submit(func, raw).result())
            except BrokenProcessPool:
                answers.append(died(raw))
                pool.shutdown(wait=False, cancel_futures=True)
                pool = _pool(1)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return answers


def map_rounds_dask(func: Callable[[RawRound], Answer], rounds: Iterable[RawRound], address: str | Any,
                    progress: Callable[[int], None] | None = None, block: int = BLOCK) -> Iterator[Answer]:
    """As ``map_rounds``, on a Dask cluster (a scheduler address or a ``distributed.Client``). This
    process reads the files and sends each block's text, so the workers need no shared file system;
    two blocks per worker thread are in flight at a time."""
    from distributed import Client

    from ..batch import _cluster_threads

    client = address if isinstance(address, Client) else Client(address)
    try:
        rounds = iter(rounds)
        in_flight: deque[tuple[Any, int]] = deque()

        def submit() -> None:
            part = list(islice(rounds, block))
            if part:
                in_flight.append((client.submit(_each, func, part, pure=False), sum(r.size for r in part)))

        for _ in range(_cluster_threads(client) * 2):
            submit()
        done = 0
        while in_flight:
            future, size = in_flight.popleft()
            answers = future.result()
            future.release()
            submit()
            yield from answers
            done += size
            if progress:
                progress(done)
    finally:
        if not isinstance(address, Client):
            client.close()
