"""Run a per-round function over many rounds, in order, on every core or on a Dask cluster
(docs/archive.md#bulk-runs), with the bulk runs' worker processes (scorer/workers.py: they die
with the run, Ctrl-C stops them).

Rounds go out in blocks of ``BLOCK``, so memory stays bounded however large the archive; the answers
come back in input order. A worker process that dies takes no round with it: its block is answered
again one round at a time, and only a round that kills its process is answered as an error.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from itertools import chain, islice
from typing import Any

from ..workers import map_blocks
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
    blocks = chain([block], iter(lambda: list(islice(rounds, BLOCK)), []))
    for part, answers in map_blocks(partial(_each, func), blocks, workers, died):
        yield from answers
        done += sum(r.size for r in part)
        if progress:
            progress(done)


def _each(func: Callable[[RawRound], Answer], block: list[RawRound]) -> list[Answer]:
    return [func(r) for r in block]


def died(raw: RawRound) -> Answer:
    return {"id": raw.ident, "source": raw.source, "line": raw.at, "outcome": "error",
            "error": {"line": raw.at, "message": "internal error: the process replaying this round died"}}


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
