"""The HTTP service in a thread of the test process, on a free port of 127.0.0.1, for the tests that
need a real server (the browser, slow clients)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn


@contextmanager
def serving(app: Any, **config: Any) -> Iterator[tuple[str, int]]:
    """(host, port) of ``app`` served by uvicorn until the block ends (start bounded to 15 s)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", **config))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not srv.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    try:
        yield "127.0.0.1", port
    finally:
        srv.should_exit = True
        thread.join(timeout=10)
