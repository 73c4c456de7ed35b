"""The command line run in the test's own process: ``run_cli(["mcr", HAND, "--json"])`` calls
``cli.main.app`` with its arguments, standard input given, environment variables set for the call,
and standard output and error captured (each, and both as they came: ``output``)."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ran:
    exit_code: int
    stdout: str
    stderr: str
    output: str  # stdout and stderr interleaved, as a terminal shows them
    stdout_bytes: bytes  # what was written to stdout, undecoded (batch writes bytes)
    exception: BaseException | None = None


class _Capture(io.BytesIO):
    """One stream's bytes, also appended to the run's interleaved output."""

    def __init__(self, both: bytearray) -> None:
        super().__init__()
        self.both = both

    def write(self, data) -> int:  # type: ignore[no-untyped-def,override]
        self.both.extend(data)
        return super().write(data)


def _text(stream: _Capture) -> io.TextIOWrapper:
    return io.TextIOWrapper(stream, encoding="utf-8", errors="replace", write_through=True)


@contextmanager
def _environment(env: Mapping[str, str | None] | None) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in env or {}}
    for k, v in (env or {}).items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def run_cli(args: Sequence[str], input: str | bytes | None = None,
            env: Mapping[str, str | None] | None = None) -> Ran:
    """``mjscore ARGS``: its exit status and what it printed (an unexpected exception: status 1)."""
    from cli.main import app

    both = bytearray()
    out, err = _Capture(both), _Capture(both)
    data = input.encode() if isinstance(input, str) else (input or b"")
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    saved = sys.stdin, sys.stdout, sys.stderr
    text_out, text_err = _text(out), _text(err)
    sys.stdin, sys.stdout, sys.stderr = stdin, text_out, text_err
    exception: BaseException | None = None
    try:
        with _environment(env):
            code = app(list(args))
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        if not isinstance(exit_.code, int | None):
            err.write(f"{exit_.code}\n".encode())
    except Exception as exc:  # noqa: BLE001 - reported to the test, as a terminal would show a traceback
        code, exception = 1, exc
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        for text in (text_out, text_err):
            text.flush()
            text.detach()  # the captured bytes stay readable when the wrapper goes
    decode = lambda b: bytes(b).decode("utf-8", errors="replace")  # noqa: E731
    return Ran(code, decode(out.getvalue()), decode(err.getvalue()), decode(both), out.getvalue(), exception)
