"""Benchmark of the decomposer: scorer._fast against its pure-Python twin scorer._reference.

Run from the repository root: ``.venv/bin/python bench/decompose.py [--rounds 7] [--n 400]``.

A fixed seeded corpus (seed 20240601, as in PERFORMANCE.md §3):

* random: natural concealed 14-tile hands, a pair plus 4 sets drawn from the 55 set kinds, <= 4 copies;
* flush: the same from one suit;
* worst: the natural worst cases of PERFORMANCE.md §3;
* wild1 / wild2 / wild4: "random" hands with 1, 2 or 4 tiles replaced by wilds;
* wild-worst: the 784- and 1,305-reading hands (4555666777m / 3444555666777m + 4 wilds).

Counts are passed as ``bytes`` built beforehand (both twins accept them; the Cython core reads them
without per-element Python ints). Each round times every (set, implementation, call) once, in interleaved order; the table shows the
median per-call time over the rounds and the ratio reference / fast. Only ratios inside one run
are meaningful (see PERFORMANCE.md).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorer import _fast as fast  # noqa: E402
from scorer import _reference as ref  # noqa: E402
from scorer.tiles import tiles_text  # noqa: E402

SEED = 20240601
MELDS = [(k, k, k) for k in range(34)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]
WORST = "11122233344455m 11112222333344m 11123456789999m 22334455667788m 11223344556677m 12345678999m555p"


def counts(text: str) -> list[int]:
    c = [0] * 37
    for digits, suit in re.findall(r"(\d+)([mps])", text):
        for d in digits:
            c["mps".index(suit) * 9 + int(d) - 1] += 1
    for ch in re.sub(r"\d+[mps]", "", text):
        c[27 + "ESWNCFPQBH".index(ch)] += 1
    return c


def natural_hand(rnd: random.Random, suit: int | None = None) -> list[int]:
    melds = MELDS if suit is None else [m for m in MELDS if m[0] < 27 and m[0] // 9 == suit]
    while True:
        c = [0] * 37
        pair = rnd.randrange(34) if suit is None else 9 * suit + rnd.randrange(9)
        c[pair] += 2
        for _ in range(4):
            for t in rnd.choice(melds):
                c[t] += 1
        if max(c) <= 4:
            return c


def with_wilds(rnd: random.Random, c: list[int], w: int) -> list[int]:
    c = list(c)
    tiles = [k for k in range(37) for _ in range(c[k])]
    for t in rnd.sample(tiles, w):
        c[t] -= 1
    return c


def corpus(n: int) -> dict[str, list[tuple[bytes, int, int]]]:
    """name -> [(counts, n_sets, wilds)]; the counts as bytes, the fastest input the API takes."""
    return {name: [(bytes(c), n_sets, w) for c, n_sets, w in hands] for name, hands in _corpus(n).items()}


def _corpus(n: int) -> dict[str, list[tuple[list[int], int, int]]]:
    rnd = random.Random(SEED)
    rand = [natural_hand(rnd) for _ in range(n)]
    sets: dict[str, list[tuple[list[int], int, int]]] = {
        "random": [(c, 4, 0) for c in rand],
        "flush": [(natural_hand(rnd, rnd.randrange(3)), 4, 0) for _ in range(n)],
        "worst": [(counts(h), 4, 0) for h in WORST.split()] * max(1, n // 60),
    }
    for w in (1, 2, 4):
        sets[f"wild{w}"] = [(with_wilds(rnd, c, w), 4, w) for c in rand[: max(1, n // 2)]]
    sets["wild-worst"] = [(counts("4555666777m"), 4, 4), (counts("3444555666777m"), 5, 4)]
    return sets


def time_calls(fn, hands, shapes: int) -> float:
    """Seconds per call over the hand set (one pass)."""
    t = time.perf_counter()
    for c, n_sets, w in hands:
        fn(c, n_sets, w, ref.STANDARD_MASK, 4, shapes)
    return (time.perf_counter() - t) / len(hands)


def fmt(sec: float) -> str:
    if sec < 1e-6:
        return f"{sec * 1e9:7.0f} ns"
    if sec < 1e-3:
        return f"{sec * 1e6:7.2f} µs"
    return f"{sec * 1e3:7.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--n", type=int, default=400, help="hands per random set")
    args = ap.parse_args()
    sets = corpus(args.n)
    shapes = ref.SEVEN_PAIRS  # as MCR's natural listing would ask for
    # sanity: the twins agree on the whole corpus
    for hands in sets.values():
        for c, n_sets, w in hands:
            assert fast.readings(c, n_sets, w, shapes=shapes) == ref.readings(c, n_sets, w, shapes=shapes)
    samples: dict[tuple[str, str, str], list[float]] = {}
    for _ in range(args.rounds):
        for name, hands in sets.items():
            for impl_name, impl in (("fast", fast), ("ref", ref)):
                for call in ("readings", "is_winning"):
                    t = time_calls(getattr(impl, call), hands, shapes)
                    samples.setdefault((name, impl_name, call), []).append(t)
    med = {k: statistics.median(v) for k, v in samples.items()}
    print(f"decomposer benchmark: {args.rounds} interleaved rounds, median per-call time, seed {SEED}")
    print(f"{'set':<11} {'hands':>5} {'readings':>9} | {'fast':>10} {'reference':>10} {'ratio':>7} |"
          f" {'win fast':>10} {'win ref':>10} {'ratio':>7}")
    for name, hands in sets.items():
        nread = sum(len(fast.readings(c, n, w, shapes=shapes)) for c, n, w in hands) / len(hands)
        rf, rr = med[(name, "fast", "readings")], med[(name, "ref", "readings")]
        wf, wr = med[(name, "fast", "is_winning")], med[(name, "ref", "is_winning")]
        print(f"{name:<11} {len(hands):>5} {nread:>9.1f} | {fmt(rf)} {fmt(rr)} {rr / rf:>6.0f}x |"
              f" {fmt(wf)} {fmt(wr)} {wr / wf:>6.0f}x")
    for name in ("random", "wild4"):
        rf = med[(name, "fast", "readings")]
        wf = med[(name, "fast", "is_winning")]
        print(f"throughput on {name}: {1 / rf:,.0f} readings/s, {1 / wf:,.0f} win checks/s (fast)")
    # worst single call of the fast listing over the whole corpus (best of 3 per hand)
    worst = (0.0, None)
    for hands in sets.values():
        for c, n_sets, w in hands:
            best = min(time_calls(fast.readings, [(c, n_sets, w)], shapes) for _ in range(3))
            if best > worst[0]:
                worst = (best, (c, n_sets, w))
    c, n_sets, w = worst[1]
    text = tiles_text([k for k in range(37) for _ in range(c[k])])
    print(f"worst fast readings() call: {fmt(worst[0])} ({text} + wilds, n_sets {n_sets}, wilds {w},"
          f" {len(fast.readings(c, n_sets, w, shapes=shapes))} readings)")
    t = time.perf_counter()
    fast.waits(counts("344455566677m"), 5, 4, kinds_mask=(1 << 37) - 1)
    print(f"waits() of 344455566677m + 4 wilds (17 tiles, all 37 kinds): {fmt(time.perf_counter() - t)}")


if __name__ == "__main__":
    main()
