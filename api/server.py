"""Serving the API: uvicorn with bounds on slow and idle clients (``mjscore serve``, ``python -m api.server``).

uvicorn closes an idle keep-alive connection, but waits forever for the headers of a request (a
client that connects and sends nothing, or trickles its headers) and for a body the app does not
read. ``GuardedHttpTools`` closes such a connection: its headers must arrive within
``HEADER_TIMEOUT_S`` and be at most ``MAX_HEADER_BYTES``, and a whole request within
``HEADER_TIMEOUT_S + BODY_TIMEOUT_S`` (the routes that read a body answer 408 before that; if
they have not, the guard answers the same 408).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

import orjson
import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from . import limits
from .guard import security_headers

APP = "api.app:app"


def _raw_error(status: str, code: str, message: str) -> bytes:
    problem = {"message": message, "position": None, "code": code}
    body = orjson.dumps({"error": {**problem, "errors": [problem]}})
    headers = b"".join(name + b": " + value + b"\r\n" for name, value in security_headers())
    return (f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n").encode() + headers + b"\r\n" + body


HEADERS_TIMEOUT = _raw_error("408 Request Timeout", "header_timeout",
                             f"the request headers did not arrive within {limits.HEADER_TIMEOUT_S:g} s")
BODY_TIMEOUT = _raw_error("408 Request Timeout", "body_timeout",
                          f"the request body did not arrive within {limits.BODY_TIMEOUT_S:g} s")
HEADERS_TOO_LARGE = _raw_error("431 Request Header Fields Too Large", "headers_too_large",
                               f"request headers over {limits.MAX_HEADER_BYTES} bytes")


class GuardedHttpTools(HttpToolsProtocol):
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._awaiting_headers = True
        self._header_bytes = 0
        self._guard(limits.HEADER_TIMEOUT_S)

    def _guard(self, seconds: float | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(seconds, self._expired) if seconds is not None else None

    def _expired(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self._awaiting_headers:
            self.transport.write(HEADERS_TIMEOUT)
        elif self.cycle is not None and not self.cycle.response_started:
            # the route's own body timeout did not answer in time (a loaded event loop): the
            # client still hears why it was let go, never a bare close
            self.transport.write(BODY_TIMEOUT)
        self.transport.close()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._awaiting_headers and not self.transport.is_closing():
            # everything received since the request began is still headers
            self._header_bytes += len(data)
            if self._header_bytes > limits.MAX_HEADER_BYTES:
                self.transport.write(HEADERS_TOO_LARGE)
                self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._awaiting_headers = True
        self._header_bytes = 0
        self._guard(limits.HEADER_TIMEOUT_S)

    def on_headers_complete(self) -> None:
        self._awaiting_headers = False
        self._guard(limits.BODY_TIMEOUT_S + limits.GUARD_MARGIN_S)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._guard(None)
        super().on_message_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._guard(None)
        super().connection_lost(exc)


def config(**overrides: Any) -> dict[str, Any]:
    """uvicorn's settings for the service (``uvicorn.run(APP, **config())``)."""
    return {
        "http": GuardedHttpTools,
        "timeout_keep_alive": limits.KEEP_ALIVE_S,
        "limit_concurrency": limits.MAX_CONNECTIONS,
        "h11_max_incomplete_event_size": limits.MAX_HEADER_BYTES,
        "server_header": False,
        **overrides,
    }


def run(host: str = "127.0.0.1", port: int = 8000, workers: int = 1, **overrides: Any) -> None:
    uvicorn.run(APP, host=host, port=port, workers=workers, **config(**overrides))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m api.server", description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--log-level", default="info")
    args = ap.parse_args(argv)
    run(args.host, args.port, args.workers, log_level=args.log_level)


if __name__ == "__main__":
    main(sys.argv[1:])
