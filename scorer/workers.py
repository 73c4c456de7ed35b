"""Worker processes for bulk runs, and an ordered map of blocks over them that survives a worker's
death (``mjscore batch``, ``mjscore audit``).

The workers die with the run however it ends (SIGKILL included) and ignore Ctrl-C, which reaches
the whole process group: the parent stops the pool. A worker that dies takes no item with it: its
block is answered again one item at a time, each in a process of its own, and only an item that
kills its process is answered as an error.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

Item = TypeVar("Item")
Answer = TypeVar("Answer")

PR_SET_PDEATHSIG = 1  # linux/prctl.h
PIECES_PER_WORKER = 4  # a block is split so that a slow piece does not leave the other workers idle


def _worker_init(parent: int) -> None:
    """On Linux the kernel kills a worker when the process that started it dies; elsewhere a thread
    watches for it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not _kill_me_with_parent():
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)


def _kill_me_with_parent() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def process_pool(workers: int) -> ProcessPoolExecutor:
    # the pool starts its processes from the thread that first submits (the death signal is tied
    # to that thread): the consumer of the map
    return ProcessPoolExecutor(max_workers=workers, initializer=_worker_init, initargs=(os.getpid(),))


def map_blocks(work: Callable[[list[Item]], list[Answer]], blocks: Iterator[list[Item]], workers: int,
               died: Callable[[Item], Answer]) -> Iterator[tuple[list[Item], list[Answer]]]:
    """``(block, work's answers for it)`` for every block, in input order, worked on by ``workers``
    processes; the next block is under way while one is handed back, so memory holds two blocks.
    ``work`` (picklable) answers a list of items with one answer each; ``died(item)`` answers an
    item whose process died working on it alone."""
    pool = process_pool(workers)
    in_flight: deque[tuple[list[Item], list[Future[list[Answer]]]]] = deque()

    def submit(block: list[Item]) -> None:
        size = max(1, len(block) // (workers * PIECES_PER_WORKER))
        pieces = [block[i:i + size] for i in range(0, len(block), size)]
        in_flight.append((block, [pool.submit(work, piece) for piece in pieces]))

    try:
        first = next(blocks, None)
        if first is not None:
            submit(first)
        while in_flight:
            if len(in_flight) < 2 and (ahead := next(blocks, None)) is not None:
                submit(ahead)
            block, futures = in_flight.popleft()
            try:
                answers = [a for f in futures for a in f.result()]
            except BrokenProcessPool:
                pool.shutdown(wait=False, cancel_futures=True)
                answers = _one_by_one(work, block, died)
                pool = process_pool(workers)
                for again in [b for b, _ in in_flight]:  # they died with the pool: sent again
                    in_flight.popleft()
                    submit(again)
            yield block, answers
        pool.shutdown(wait=True)  # done: the workers exit and are reaped before the caller goes on
    finally:
        pool.shutdown(wait=False, cancel_futures=True)  # stopped early: no waiting on work nobody wants


def _one_by_one(work: Callable[[list[Item]], list[Answer]], block: list[Item],
                died: Callable[[Item], Answer]) -> list[Answer]:
    """A block during which a worker died, each item in a process of its own."""
    answers: list[Answer] = []
    pool = process_pool(1)
    try:
        for item in block:
            try:
                answers.append(pool.submit(work, [item]).result()[0])
            except BrokenProcessPool:
                answers.append(died(item))
                pool.shutdown(wait=False, cancel_futures=True)
                pool = process_pool(1)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return answers
