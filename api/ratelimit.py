"""How often one client may do a thing: a token bucket per client address, in bounded memory
(docs/match.md#who-may-change-a-match).

A bucket holds up to ``burst`` tokens and gains ``per_minute`` a minute; each call takes one. The
buckets of at most ``max_clients`` addresses are kept, the least recently seen dropped first: a
dropped address starts again with a full bucket, which a bucket left alone for
``burst / per_minute`` minutes would hold anyway."""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

MAX_CLIENTS = 10_000


class TokenBuckets:
    def __init__(self, per_minute: float, burst: int, max_clients: int = MAX_CLIENTS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if per_minute <= 0 or burst < 1 or max_clients < 1:
            raise ValueError("a rate, a burst and a client count above zero")
        self.rate = per_minute / 60.0  # tokens a second
        self.burst = burst
        self.max_clients = max_clients
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # client -> (tokens, when)
        self._lock = threading.Lock()

    def take(self, client: str) -> float:
        """0 if ``client`` may go on (a token taken), else the seconds until it may."""
        now = self.clock()
        with self._lock:
            tokens, then = self._buckets.pop(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            wait = 0.0
            if tokens >= 1:
                tokens -= 1
            else:
                wait = (1 - tokens) / self.rate
            self._buckets[client] = (tokens, now)
            while len(self._buckets) > self.max_clients:
                self._buckets.popitem(last=False)
            return wait

    def __len__(self) -> int:
        return len(self._buckets)


def retry_after(wait: float) -> str:
    """A Retry-After header's whole seconds, never 0 for a refusal."""
    return str(max(1, math.ceil(wait)))
