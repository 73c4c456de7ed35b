"""Scoring many requests: JSONL in, JSONL out, in order, constant memory, on every core or on a
Dask cluster. A bad line yields an error result for that line and the run goes on."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from itertools import islice
from typing import Any

import orjson

from .errors import HandError
from .jsonio import dumps
from .result import Result

CHUNK = 2000  # lines handed to the workers at a time: bounds memory, keeps every core busy


def _decode(line: str | bytes) -> tuple[Any, dict[str, Any] | None]:
    """A JSONL line's request, and the inline error answering it when it is not JSON."""
    from . import engine

    try:
        return orjson.loads(line), None
    except orjson.JSONDecodeError as exc:
        return None, engine.error_result(HandError(f"line is not JSON: {exc}", None, "bad_json"))


def score_line(line: str | bytes) -> dict[str, Any]:
    """One JSONL request line → its result (or ``{"error": ...}``) as a dict."""
    from . import engine

    raw, error = _decode(line)
    if error is not None:
        return error
    answer = engine.score_raw(raw)
    return answer.model_dump(mode="json") if isinstance(answer, Result) else answer  # type: ignore[return-value]


def score_line_json(line: str | bytes) -> bytes:
    return dumps(score_line(line))


def _score_chunk(lines: list[str]) -> list[bytes]:
    return [score_line_json(line) for line in lines]


def compact_chunk(lines: list[str]) -> list[bytes]:
    """Compact answers for a chunk of request lines, in order: the C fast paths score what they
    can on every core (written as JSON in C), the rest is scored in full and condensed."""
    from . import engine

    decoded = [_decode(line) for line in lines]
    fast = engine.fast_compact_many([raw for raw, _ in decoded], as_json=True)
    return [engine.answer_json(answer if answer is not None else error if error is not None
                               else engine.score_raw(raw, "compact"))
            for (raw, error), answer in zip(decoded, fast, strict=True)]


def _requests(lines: Iterable[str]) -> Iterator[str]:
    return (line for line in lines if line.strip())


def score_stream(lines: Iterable[str], workers: int | None = None, chunk: int = CHUNK,
                 progress: Callable[[int], None] | None = None, compact: bool = False) -> Iterator[bytes]:
    """Score JSONL lines in input order, one JSON document (bytes, no newline) per non-blank line.

    ``workers``: processes to use (None = every core; 1 = this process). Work goes out in chunks of
    ``chunk`` lines split across the workers, so memory stays constant however long the input is.
    ``progress(n)`` is called after each chunk with the number of lines done so far. ``compact``:
    compact results (``view="compact"``), scored in this process, the C fast paths on every core."""
    workers = workers or os.cpu_count() or 1
    requests = _requests(lines)
    done = 0
    if compact:
        while True:
            block = list(islice(requests, chunk))
            if not block:
                break
            yield from compact_chunk(block)
            done += len(block)
            if progress:
                progress(done)
        return
    if workers == 1:
        for line in requests:
            yield score_line_json(line)
            done += 1
            if progress and done % chunk == 0:
                progress(done)
        if progress:
            progress(done)
        return
    per_task = max(1, chunk // (workers * 4))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        while True:
            block = list(islice(requests, chunk))
            if not block:
                break
            pieces = [block[i:i + per_task] for i in range(0, len(block), per_task)]
            for answers in pool.map(_score_chunk, pieces):
                yield from answers
            done += len(block)
            if progress:
                progress(done)


def score_archive_dask(src: str, dst: str, address: str | Any, partition_lines: int = 50_000) -> int:
    """Score a JSONL archive on an existing Dask cluster (dask.bag): ``address`` is a scheduler
    address or a ``distributed.Client``. Results are written in input order to ``dst`` (one
    file; partitions are gathered in order). Returns the number of lines scored."""
    import dask.bag as db
    from distributed import Client

    client = address if isinstance(address, Client) else Client(address)
    try:
        size = os.path.getsize(src)
        blocksize = max(1 << 16, size // max(1, (size // (partition_lines * 120)) or 1))
        bag = db.read_text(src, blocksize=blocksize).filter(lambda line: bool(line.strip()))
        scored = bag.map(lambda line: score_line_json(line).decode())
        count = 0
        with open(dst, "w", encoding="utf-8") as out:
            for partition in scored.to_delayed():
                for text in client.compute(partition).result():
                    out.write(text + "\n")
                    count += 1
        return count
    finally:
        if not isinstance(address, Client):
            client.close()
