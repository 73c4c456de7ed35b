"""Scoring many requests: JSONL in, JSONL out, in order, constant memory, on every core or on a
Dask cluster.

Output line N answers input line N, always. A line that holds no request that can be scored gets
an inline ``{"error": ...}`` with a stable code and the run goes on: ``blank_line``, ``bad_utf8``
(not UTF-8 text), ``bad_json``, ``bad_text`` (a lone surrogate escape such as ``"\\ud800"``),
``bad_request`` (not a JSON object, or malformed), the variant's own codes, and ``internal_error``
when scoring the line failed unexpectedly (its worker process died included).

Files are written whole or not at all (``writing``): ``OUT.partial`` beside ``OUT`` until the run
completes, then renamed; a stopped run leaves the partial file, which ``resume`` continues.
"""

from __future__ import annotations

import json
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import IO, Any, BinaryIO

from .errors import HandError
from .jsonio import dumps, has_lone_surrogate
from .jsonread import DECODER, UNSURE, fast_read, what_is_wrong
from .workers import map_blocks

CHUNK = 2000  # lines handed to the workers at a time: bounds memory, keeps every core busy
PARTIAL = ".partial"  # suffix of an output file being written


def _error(message: str, code: str) -> dict[str, Any]:
    return {"error": HandError(message, None, code).as_dict()}


BLANK = _error("blank line: no request (every input line gets an answer, so that answer N is line N's)",
               "blank_line")


def decode(line: str | bytes) -> tuple[Any, dict[str, Any] | None]:
    """A JSONL line (bytes as read, or text): its request and None, or None and the inline error
    answering it (``blank_line``, ``bad_utf8``, ``bad_json``, ``bad_text``)."""
    from . import engine

    # read as an HTTP body is read (scorer.jsonread): orjson where that is certainly the checked
    # reading, integral numbers as integers, no key dropped for a repeat
    try:
        data = line if isinstance(line, bytes) else line.encode()
    except UnicodeEncodeError:  # a text line holding a lone surrogate: the checked reading says so
        data = b""
    value = fast_read(data) if data else UNSURE
    if value is not UNSURE:
        return value, None
    # what orjson refuses or may read otherwise, the standard library reads, as strictly: integers
    # past 64 bits, lone surrogate escapes (answered bad_text: no UTF-8 answer could quote them), a
    # byte-order mark; NaN, a number past a double and a repeated key are errors
    if not line.strip():
        return None, BLANK
    if isinstance(line, bytes):
        try:
            text = line.decode()
        except UnicodeDecodeError as err:
            return None, _error(f"line is not UTF-8 text: byte 0x{line[err.start]:02x} at byte {err.start}",
                                "bad_utf8")
    else:
        text = line
    try:
        raw = DECODER.decode(text.removeprefix("\ufeff"))
    except HandError as err:  # a repeated key
        return None, engine.error_result(err)
    except json.JSONDecodeError as exc:  # what is wrong and where, in the line's own columns
        return None, _error(f"line is not JSON: {what_is_wrong(exc)} at column {exc.colno}", "bad_json")
    except RecursionError:
        return None, _error("line is not JSON: nested too deeply", "bad_json")
    except ValueError as exc:  # NaN, Infinity, a number past a double (the decoder's hooks say which)
        return None, _error(f"line is not JSON: {exc}", "bad_json")
    if has_lone_surrogate(raw):
        return None, engine.error_result(engine.NOT_UNICODE)
    return raw, None


def score_line_json(line: str | bytes) -> bytes:
    """One JSONL request line → its answer as JSON (bytes, no newline). Never raises."""
    from . import engine

    try:
        raw, error = decode(line)
        if error is not None:
            return dumps(error)
        return engine.answer_json(engine.score_raw(raw))
    except Exception as exc:
        return dumps(engine.internal_error(exc))


def _score_chunk(lines: Sequence[str | bytes]) -> list[bytes]:
    return [score_line_json(line) for line in lines]


def compact_chunk(lines: Sequence[str | bytes]) -> list[bytes]:
    """Compact answers for a chunk of request lines, in order: the C fast paths score what they
    can on every core (written as JSON in C), the rest is scored in full and condensed."""
    from . import engine

    decoded = [decode(line) for line in lines]
    fast = engine.fast_compact_many([raw for raw, _ in decoded], as_json=True)
    out = []
    for (raw, error), answer in zip(decoded, fast, strict=True):
        if answer is None:
            answer = (dumps(error) if error is not None
                      else engine.answer_json(engine.score_raw(raw, "compact", engine.COMPACT_DECLINED)))
        out.append(answer)
    return out


DIED = _error("internal error: the process scoring this line died", "internal_error")


def score_stream(lines: Iterable[str | bytes], workers: int | None = None, chunk: int = CHUNK,
                 progress: Callable[[int], None] | None = None, compact: bool = False) -> Iterator[bytes]:
    """Score JSONL lines in input order: one JSON document (bytes, no newline) per line, blank
    and unreadable lines answered with an inline error, so answer N is line N's.

    ``lines``: bytes as read from a binary file (best: UTF-8 is checked line by line) or text.
    ``workers``: processes to use (None = every core; 1 = this process). Work goes out in chunks of
    ``chunk`` lines split across the workers (the next chunk under way while one is handed back), so
    memory stays constant however long the input is;
    the workers die with this process. ``progress(n)`` is called after each chunk with the number
    of lines done so far. ``compact``: compact results (``view="compact"``), scored in this
    process, the C fast paths on every core."""
    workers = workers or os.cpu_count() or 1
    requests = iter(lines)
    done = 0
    if compact or workers == 1:
        score = compact_chunk if compact else _score_chunk
        while block := list(islice(requests, chunk)):
            yield from score(block)
            done += len(block)
            if progress:
                progress(done)
        return
    blocks = iter(lambda: list(islice(requests, chunk)), [])
    for block, answers in map_blocks(_score_chunk, blocks, workers, lambda _line: dumps(DIED)):
        yield from answers
        done += len(block)
        if progress:
            progress(done)


# ---- output files: whole or not at all ---------------------------------------------------------

def partial_path(dst: str | os.PathLike[str]) -> Path:
    """Where a run writes ``dst`` until it completes: ``DST.partial``, in the same folder (so the
    final rename is atomic)."""
    dst = Path(dst)
    return dst.with_name(dst.name + PARTIAL)


def count_lines(f: IO[bytes]) -> tuple[int, int]:
    """From the current position: (complete lines, byte offset just past the last of them)."""
    count = end = 0
    pos = f.tell()
    while block := f.read(1 << 20):
        count += block.count(b"\n")
        last = block.rfind(b"\n")
        if last >= 0:
            end = pos + last + 1
        pos += len(block)
    return count, end


@contextmanager
def writing(dst: str | os.PathLike[str], resume: bool = False) -> Iterator[tuple[IO[bytes], int]]:
    """Write ``dst`` whole or not at all: yields ``(file, lines already in it)``; the file is
    ``DST.partial``, renamed to ``dst`` when the block ends normally. A run that fails or is killed
    leaves ``DST.partial`` (and an older ``dst`` untouched), never a half-written ``dst``.

    ``resume``: continue ``DST.partial`` if there is one, keeping its complete lines (a line cut
    off mid-write is dropped) and appending after them; the caller skips as many input lines.
    Without it (or without a partial file) the run starts afresh."""
    tmp = partial_path(dst)
    done = 0
    if resume and tmp.exists():
        f: BinaryIO = open(tmp, "r+b")  # closed below; renamed only on success
        done, end = count_lines(f)
        f.truncate(end)
        f.seek(end)
    else:
        f = open(tmp, "wb")
    try:
        yield f, done
    except BaseException:
        f.close()  # what is complete stays in the partial file, for a resume
        raise
    f.flush()
    os.fsync(f.fileno())
    f.close()
    os.replace(tmp, dst)


class ResumeMismatch(ValueError):
    """The partial output holds more lines than the input: it is not a run of this input."""


def line_offset(src: str | os.PathLike[str], n: int) -> int:
    """Byte offset of line ``n`` (0-based) of a file, its size when it has exactly ``n`` lines;
    ResumeMismatch when it has fewer."""
    if n == 0:
        return 0
    with open(src, "rb") as f:
        seen = pos = 0
        tail = b"\n"
        while block := f.read(1 << 20):
            k = block.count(b"\n")
            if seen + k >= n:
                i = -1
                for _ in range(n - seen):
                    i = block.index(b"\n", i + 1)
                return pos + i + 1
            seen += k
            pos += len(block)
            tail = block[-1:]
        if seen + 1 == n and tail != b"\n":  # the last line, unterminated, was answered
            return pos
    raise ResumeMismatch(f"the partial output holds {n} lines, more than {src} has: not a run of this input")


# ---- Dask ------------------------------------------------------------------------------------

PER_THREAD = 4  # ranges per worker thread: enough to balance uneven ranges, few enough to stay cheap
MAX_RANGE = 2 << 20  # bytes of input a range holds at most: bounds a worker's memory (answers are ~20x)
MIN_RANGE = 16 << 10  # below this the scheduling cost outweighs the scoring


def score_range(src: str, start: int, end: int, compact: bool = False) -> tuple[int, bytes]:
    """Score the lines of bytes ``start:end`` of a JSONL file (a range cut at line ends): (lines,
    their answers, one per line). What a Dask worker runs."""
    with open(src, "rb") as f:
        f.seek(start)
        data = f.read(end - start)
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":  # the range's last line ends with its newline
        lines.pop()
    answers = compact_chunk(lines) if compact else _score_chunk(lines)
    return len(answers), b"".join(a + b"\n" for a in answers)


def line_ranges(src: str, start: int, size: int, parts: int) -> list[tuple[int, int]]:
    """About ``parts`` byte ranges of equal size covering ``start:size``, each cut just after a
    newline (a line is never split)."""
    step = max(MIN_RANGE, -(-(size - start) // max(1, parts)))
    bounds = [start]
    with open(src, "rb") as f:
        pos = start + step
        while pos < size:
            f.seek(pos)
            cut = size
            while block := f.read(1 << 16):
                i = block.find(b"\n")
                if i >= 0:
                    cut = f.tell() - len(block) + i + 1
                    break
            if cut >= size:
                break
            bounds.append(cut)
            pos = cut + step
    bounds.append(size)
    return [(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]


def _cluster_threads(client: Any) -> int:
    workers = client.scheduler_info().get("workers", {})
    return max(1, sum(w.get("nthreads", 1) for w in workers.values()))


def score_archive_dask(src: str, dst: str, address: str | Any, *, partitions: int | None = None,
                       compact: bool = False, resume: bool = False) -> int:
    """Score a JSONL archive on an existing Dask cluster: ``address`` is a scheduler address or a
    ``distributed.Client``; the workers read ``src`` by its path (a shared file system).

    The archive is cut at line ends into byte ranges, ``PER_THREAD`` per worker thread of the
    cluster (more for a large file: at most ``MAX_RANGE`` bytes each; ``partitions`` to choose),
    so that every worker is busy; a few ranges per thread are in flight at a time and their answers
    are written to ``dst`` in input order, one line per input line, through ``writing`` (``resume``
    continues ``DST.partial``). Returns the number of lines scored by this call."""
    from distributed import Client

    client = address if isinstance(address, Client) else Client(address)
    try:
        src = os.path.abspath(src)
        size = os.path.getsize(src)
        with writing(dst, resume) as (out, done):
            start = line_offset(src, done) if done else 0
            threads = _cluster_threads(client)
            ranges = iter(line_ranges(src, start, size, partitions or max(threads * PER_THREAD,
                                                                        -(-(size - start) // MAX_RANGE))))
            in_flight: deque[Any] = deque()

            def submit() -> None:
                nxt = next(ranges, None)
                if nxt is not None:
                    in_flight.append(client.submit(score_range, src, *nxt, compact, pure=False))

            for _ in range(threads * 2):
                submit()
            count = 0
            while in_flight:
                future = in_flight.popleft()
                n, text = future.result()
                future.release()
                submit()
                out.write(text)
                count += n
        return count
    finally:
        if not isinstance(address, Client):
            client.close()
