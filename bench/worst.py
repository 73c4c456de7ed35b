"""The heaviest requests within the service's limits, over HTTP, and /healthz while they run.

    .venv/bin/python bench/worst.py [--seconds 10] [--clients 4] [--workers 1]

Starts the service (``api.server``, 127.0.0.1, a free port), then:
1. each heavy request alone, cold (the first time) and then as the median of a few more: explain
   with a 100-item claim and waits, on 4-wild hands of Shanxi, Huangyan and Fuzhou (the worst
   found by a random search, and bench/run.py's WILD_WORST);
2. ``--clients`` clients sending those requests in a loop for ``--seconds`` while one more client
   asks /healthz every 20 ms: its latency percentiles, and how the heavy requests were answered
   (200, 422 time_budget, 503 busy).
Everything is bounded: request counts, seconds, and the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorer import registry  # noqa: E402


def claim(variant: str) -> list:
    names = [i.name for i in registry.get(variant).items]
    return (names * 100)[:99] + [32]


def heavy_requests() -> list[tuple[str, str, dict]]:
    """(label, path, body)."""
    explain = [
        ("shanxi", "1s9s7s7s1s6s6s8s8s9s1m1m1m1m", {"wild": "1m", "self_draw": True}),
        ("shanxi", "4555666777m9p9p9p9p", {"wild": "9p", "self_draw": True}),
        ("huangyan", "4555666777m9p9p9p9p", {"wild": "9p", "self_draw": True}),
        ("huangyan", "123p456s789m7s5m5m5m5m", {"wild": "5m", "self_draw": True}),
        ("fuzhou", "3444555666777m4p4p4p4p", {"wild": "4p", "rob_gold": True}),
        ("fuzhou", "5556667778889m4m4m4m4m", {"wild": "4m", "rob_gold": True}),
    ]
    waits = [
        ("huangyan", "7p7p9p8p5p4p4p4p6p5m5m5m5m", {"wild": "5m", "self_draw": True}),
        ("huangyan", "455566677m9p9p9p9p", {"wild": "9p", "self_draw": True}),
        ("shanxi", "455566677m9p9p9p9p", {"wild": "9p", "self_draw": True}),
        ("fuzhou", "4p1p3p7p7p2p7m1p1p7p5p1p6m9p9p9p", {"wild": "9p", "self_draw": True}),
        ("fuzhou", "3444555666777m4p4p4p", {"wild": "4p", "self_draw": True}),
    ]
    out = [(f"explain+claim {v} {h}", "/v1/score",
            {"variant": v, "hand": h, "context": c, "explain": True, "claim": claim(v)}) for v, h, c in explain]
    out += [(f"waits {v} {h}", "/v1/waits", {"variant": v, "hand": h, "context": c}) for v, h, c in waits]
    return out


class Client:
    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, path: str, body: dict | None = None) -> tuple[int, float, bytes]:
        t = time.perf_counter()
        if body is None:
            self.conn.request("GET", path)
        else:
            self.conn.request("POST", path, json.dumps(body), {"content-type": "application/json"})
        res = self.conn.getresponse()
        data = res.read()
        return res.status, time.perf_counter() - t, data


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "api.server", "--port", str(port), "--workers",
                               str(args.workers), "--log-level", "warning"], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                Client(port).call("/healthz")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)
        requests = heavy_requests()
        print(f"each heavy request alone: first call, then the median of {args.repeat}")
        worst = 0.0
        for label, path, body in requests:
            c = Client(port)
            status, first, data = c.call(path, body)
            times = [c.call(path, body)[1] for _ in range(args.repeat)]
            worst = max(worst, first, *times)
            code = "" if status == 200 else json.loads(data)["error"]["code"]
            print(f"  {label:58} {status} {code:11} first {first * 1e3:6.0f} ms  median "
                  f"{statistics.median(times) * 1e3:6.0f} ms  {len(data) / 1e3:6.0f} KB")
        print(f"  worst: {worst * 1e3:.0f} ms")

        stop = time.monotonic() + args.seconds
        outcomes: Counter[str] = Counter()
        heavy_times: list[float] = []
        lock = threading.Lock()

        def heavy(i: int) -> None:
            c = Client(port)
            n = i
            while time.monotonic() < stop:
                label, path, body = requests[n % len(requests)]
                n += 1
                status, dt, data = c.call(path, body)
                code = "200" if status == 200 else f"{status} {json.loads(data)['error']['code']}"
                with lock:
                    outcomes[code] += 1
                    heavy_times.append(dt)
                if status == 503:
                    time.sleep(0.05)

        threads = [threading.Thread(target=heavy, args=(i,)) for i in range(args.clients)]
        for t in threads:
            t.start()
        time.sleep(0.5)
        probe = Client(port)
        health: list[float] = []
        while time.monotonic() < stop:
            health.append(probe.call("/healthz")[1])
            time.sleep(0.02)
        for t in threads:
            t.join()
        q = statistics.quantiles(health, n=100)
        print(f"{args.clients} clients sending the heavy requests for {args.seconds:g} s "
              f"(uvicorn workers: {args.workers}):")
        print(f"  /healthz: {len(health)} calls, p50 {q[49] * 1e3:.1f} ms, p90 {q[89] * 1e3:.1f} ms, "
              f"p99 {q[98] * 1e3:.1f} ms, max {max(health) * 1e3:.1f} ms")
        hq = statistics.quantiles(heavy_times, n=100)
        print(f"  heavy requests: {sum(outcomes.values())} answered {dict(outcomes)}; "
              f"p50 {hq[49] * 1e3:.0f} ms, max {max(heavy_times) * 1e3:.0f} ms")
    finally:
        server.terminate()
        server.wait(timeout=15)


if __name__ == "__main__":
    main()
