"""The performance table of the project: every ratio measured side by side with pymahjonggb in one
process, interleaved rounds, medians (issue "Performance"). Run: ``.venv/bin/python bench/run.py``
(``--n 3000 --rounds 7`` by default; ``make bench`` runs it).

Corpora (seeded): natural random MCR hands (the differential generator: melds, kongs, special
shapes and every context flag, not only concealed hands), pure-suit hands, the worst natural hands
of PERFORMANCE.md §3, random hands with 1/2/4 tiles turned into wilds, 17-tile and 23-tile hands
(5 and 7 sets plus a pair), and the worst wild hands of Fuzhou, Huangyan and Shanxi.

"random (§3)" is PERFORMANCE.md's protocol set (concealed hands); the "differential corpus" is the
pymahjonggb differential generator (melds, kongs, special shapes, every context flag): harder. The
"every context field" corpus is that generator's hands with every context field given (flowers,
last tile, kong, last wall, the discarder), every field of each answer read back on both sides
(``every_field_rows``): how a platform calls it. Its rows say what the compiled path declined, and
why (``engine.why_declined``).

"Full MCR scoring" is ``score_compact`` — every reading scored, the total, every fan with its count,
the payments: what pymahjonggb answers. "Full result with explanation" is ``score`` (the referee's
result: names, the tiles behind each fan, exclusions, partition, settlement), every figure read back
from each result (the total, each item's id, points, count and tiles, each exclusion, the payments)
against pymahjonggb with its fans read back (points, count, names) and summed: target ≥ 1×
(``--full-result`` runs only these rows; ``--wild-worst`` only the worst wild hands' rows). pymahjonggb gets its native input prepared beforehand; so do we. In particular the
decomposer rows (win checks, all readings) pass each hand's 37 counts as a ``bytes`` object built
beforehand -- the fastest input the API accepts (read as raw bytes, no per-element Python int), just
as pymahjonggb gets its prepared argument tuples -- and call the function through a local name.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from mcr_generator import generate  # noqa: E402
from mcr_oracle import contradiction, oracle_args  # noqa: E402
from reading import read_every_field  # noqa: E402

from scorer import decompose, score, score_compact, score_many  # noqa: E402
from scorer.engine import BATCH_THREADS, why_declined  # noqa: E402
from scorer.notation import STANDARD, parse  # noqa: E402
from scorer.tiles import tiles_text  # noqa: E402

WORST = ["11122233344455m", "11112222333344m", "11123456789999m", "22334455667788m", "11223344556677m",
         "12345678999m555p"]


def natural(n: int, seed: int) -> list[tuple[str, dict]]:
    return [(h, c) for h, c in generate(n, seed) if contradiction(h, c) is None]


def flush_hands(n: int, seed: int) -> list[tuple[str, dict]]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        suit = rng.choice("mps")
        counts = [0] * 9
        groups = []
        for _ in range(4):
            if rng.random() < 0.6:
                r = rng.randrange(7)
                groups.append([r, r + 1, r + 2])
            else:
                r = rng.randrange(9)
                groups.append([r, r, r])
        pair = rng.randrange(9)
        tiles = [t for g in groups for t in g] + [pair, pair]
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4:
            continue
        rng.shuffle(tiles)
        out.append(("".join(f"{t + 1}{suit}" for t in tiles), {}))
    return out


def section3_random(n: int, seed: int) -> list[tuple[str, dict]]:
    """PERFORMANCE.md §3 "random": concealed hands, a pair plus four melds drawn uniformly from
    the 55 meld kinds (21 chows, 34 pungs), at most four copies of a tile, a random winning tile
    and a random self-draw flag."""
    rng = random.Random(seed)
    melds = [(s * 9 + r, 1) for s in range(3) for r in range(7)] + [(k, 0) for k in range(34)]
    out = []
    while len(out) < n:
        tiles = []
        for _ in range(4):
            t, chow = rng.choice(melds)
            tiles += [t, t + 1, t + 2] if chow else [t, t, t]
        pair = rng.randrange(34)
        tiles += [pair, pair]
        if max(tiles.count(k) for k in set(tiles)) > 4:
            continue
        win = tiles.pop(rng.randrange(len(tiles)))
        tiles.sort()
        out.append((tiles_text(tiles) + tiles_text([win]), {"self_draw": rng.random() < 0.5}))
    return out


FLAGS = ("last_tile", "kong_win", "last_wall")


def every_field(n: int, seed: int) -> list[tuple[str, dict]]:
    """The natural hands with every context field given, as a platform sends them: the winds, a
    flower count (0-8), each win flag (turned on now and then where the hand allows it) and the
    discarder (another seat on a discard, null on a self-draw)."""
    rng = random.Random(seed)
    out = []
    for hand, given in natural(n, seed):
        ctx = {"self_draw": False, "seat_wind": "E", "round_wind": "E", **given, "flowers": rng.randint(0, 8)}
        for flag in FLAGS:
            ctx.setdefault(flag, False)
            if not ctx[flag] and rng.random() < 0.2:
                ctx[flag] = True
                if contradiction(hand, ctx) is not None:
                    ctx[flag] = False
        ctx["discarder"] = None if ctx["self_draw"] else rng.choice([s for s in "ESWN" if s != ctx["seat_wind"]])
        out.append((hand, ctx))
    return out


def worst_hands(repeat: int) -> list[tuple[str, dict]]:
    return [(h, {}) for h in WORST for _ in range(repeat)]


def interleave(rounds: int, *runs: Callable[[], float]) -> list[float]:
    """Median seconds of each run over interleaved rounds (after one warm-up), the garbage of the
    rows before collected first (so that no row pays for collecting another's)."""
    gc.collect()
    for run in runs:
        run()
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(rounds):
        for i, run in enumerate(runs):
            times[i].append(run())
    return [statistics.median(t) for t in times]


def timer(fn: Callable[[], object]) -> Callable[[], float]:
    def run() -> float:
        t = time.perf_counter()
        fn()
        return time.perf_counter() - t
    return run


def oracle_runner(rows: list[tuple[str, dict]]) -> Callable[[], object]:
    from MahjongGB import MahjongFanCalculator

    prepared = [oracle_args(h, c) for h, c in rows]
    return lambda: [MahjongFanCalculator(**kw) for kw in prepared]


def oracle_read_runner(rows: list[tuple[str, dict]]) -> Callable[[], object]:
    """The oracle's answers with every figure read back: each fan's points, count and names, the total."""
    from MahjongGB import MahjongFanCalculator

    prepared = [oracle_args(h, c) for h, c in rows]

    def run() -> int:
        seen = 0
        for kw in prepared:
            total = 0
            for points, count, name_zh, name in MahjongFanCalculator(**kw):
                total += points * count
                seen += len(name_zh) + len(name)
            seen += total
        return seen
    return run


def full_read_runner(rows: list[tuple[str, dict]]) -> Callable[[], object]:
    """``score``'s full results with every figure read back: the total, each item's id, points, count
    and tiles, each exclusion, the payments."""
    def run() -> int:
        seen = 0
        for h, c in rows:
            r = score("mcr", h, c)
            seen += r.total
            for item in r.items:
                seen += item.points * item.count + len(item.id) + len(item.tiles)
            for ex in r.excluded:
                seen += ex.count + len(ex.id) + len(ex.principle)
            for amount in r.payments.values():
                seen += amount
        return seen
    return run


def read_every_compact_field(r: Any) -> int:
    seen = len(r.variant) + r.valid + r.total + (r.reason is None)
    for item_id, points, factor, count in r.items:
        seen += len(item_id) + points * factor * count
    for amount in r.payments.values():
        seen += amount
    return seen


def every_field_rows(rounds: int, rows: list[tuple[str, dict]], row: Callable[..., None]) -> None:
    """The corpus with every context field given, every field of each answer read back, on both
    sides (the oracle's fans: points, count, names): ``score_compact`` and ``score``."""
    name = f"every context field given, every field read back ({len(rows)} natural hands)"
    # what the compiled path leaves to the checked path, and why (none, when it takes every request)
    declined = Counter(why for h, c in rows if (why := why_declined("mcr", h, c)) is not None)
    note = "; ".join(f"{n} declined: {why}" for why, n in declined.items()) or "the compiled path took every request"
    compact, oracle = interleave(rounds, timer(lambda: [read_every_compact_field(score_compact("mcr", h, c))
                                                        for h, c in rows]), timer(oracle_read_runner(rows)))
    row(f"full MCR scoring, {name} ({compact / len(rows) * 1e6:.2f} µs vs {oracle / len(rows) * 1e6:.2f} µs)",
        "≥ 3×", oracle / compact, note)
    full, oracle = interleave(rounds, timer(lambda: [read_every_field(score("mcr", h, c)) for h, c in rows]),
                              timer(oracle_read_runner(rows)))
    row(f"full result with explanation, {name} ({full / len(rows) * 1e6:.2f} µs vs "
        f"{oracle / len(rows) * 1e6:.2f} µs)", "≥ 1×", oracle / full, note)


def full_result_rows(rounds: int, corpora: list[tuple[str, list[tuple[str, dict]]]],
                     row: Callable[[str, str, float], None]) -> None:
    """The full result with explanation, read back, side by side with the oracle read back."""
    for name, rows in corpora:
        full, oracle = interleave(rounds, timer(full_read_runner(rows)), timer(oracle_read_runner(rows)))
        row(f"full result with explanation, read back, {name} ({full / len(rows) * 1e6:.2f} µs vs "
            f"{oracle / len(rows) * 1e6:.2f} µs)", "≥ 1×", oracle / full)


def other_variants() -> list[str]:
    """Every variant but MCR (measured on its own, above)."""
    from scorer import registry

    return [v for v in registry.ids() if v != "mcr"]


def variant_cases(variant: str) -> list[tuple[str, dict]]:
    """A variant's referee cases (fixtures/<variant>/cases.json) that score: its seeded corpus."""
    from scorer import HandError

    out = []
    for case in json.loads((ROOT / "fixtures" / variant / "cases.json").read_text(encoding="utf-8")):
        try:
            score(variant, case["hand"], case.get("context") or {})
        except HandError:
            continue
        out.append((case["hand"], case.get("context") or {}))
    return out


def variant_rows(rounds: int, row: Callable[..., None]) -> None:
    """The other variants' full results: each hand's median over the rounds (warm: the wild-tile
    tables filled), then the p50 and p99 over the variant's hands, beside one oracle MCR hand."""
    oracle_rows = natural(1000, 20240601)
    run_oracle = oracle_runner(oracle_rows)
    for variant in other_variants():
        cases = variant_cases(variant)
        per_hand: list[list[float]] = [[] for _ in cases]
        oracle_times = []
        for _ in range(rounds):
            for i, (h, c) in enumerate(cases):
                t = time.perf_counter()
                score(variant, h, c)
                per_hand[i].append(time.perf_counter() - t)
            t = time.perf_counter()
            run_oracle()
            oracle_times.append((time.perf_counter() - t) / len(oracle_rows))
        medians = sorted(statistics.median(ts) for ts in per_hand)
        p50 = medians[len(medians) // 2]
        p99 = medians[min(len(medians) - 1, int(len(medians) * 0.99))]
        oracle = statistics.median(oracle_times)
        row(f"full result, {variant}, its {len(cases)} referee cases: p50 / p99 "
            f"({p50 * 1e6:.0f} / {p99 * 1e6:.0f} µs)", "—", p50 / oracle,
            f"ratio = p50 ÷ one oracle MCR hand ({oracle * 1e6:.1f} µs)")


def riichi_rows(n: int, rounds: int, row: Callable[..., None]) -> None:
    """Riichi's explained result, every field read back (as ``read_every_field`` for MCR), against
    the ``mahjong`` package's ``estimate_hand_value`` on the riichi differential generator's hands
    (bench/riichi.py); the same serialised whole, for reference."""
    import riichi as riichi_bench  # bench/riichi.py

    from scorer.variants.riichi.compiled import BACKEND as riichi_backend

    read, serialised = riichi_bench.measure_both(n, rounds, 20240601)
    hands, ours, oracle, ratio, _ = read
    row(f"riichi full result with explanation, every field read, {hands} generated hands, every preset and "
        f"context field ({ours:.1f} µs vs estimate_hand_value {oracle:.1f} µs, {riichi_backend}; serialised "
        f"{serialised[1]:.1f} µs, {serialised[3]:.2f}×)", "≥ 10×", ratio)


def counts_of(hand: str) -> list[int]:
    return parse(hand, STANDARD).counts()


def with_wilds(rows: list[tuple[str, dict]], w: int, seed: int) -> list[tuple[list[int], int, int]]:
    rng = random.Random(seed)
    out = []
    for h, _ in rows:
        hand = parse(h, STANDARD)
        if hand.melds:
            continue
        tiles = list(hand.concealed)
        for _ in range(w):
            tiles.pop(rng.randrange(len(tiles)))
        counts = [0] * 37
        for t in tiles:
            counts[t] += 1
        out.append((counts, 4, w))
    return out


def serve() -> tuple[str, Callable[[], None]]:
    """The service in its own process (as deployed: the client here does not share its GIL)."""
    import socket
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "api.app:app", "--host", "127.0.0.1", "--port",
                             str(port), "--log-level", "warning"], cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1).read()
            break
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("the service did not start") from None
            time.sleep(0.1)

    def stop() -> None:
        proc.terminate()
        proc.wait(timeout=10)

    return url, stop


def startup() -> tuple[float, float]:
    code = ("import time\n"
            "def rss():\n"
            "    return int(next(l for l in open('/proc/self/status') if l.startswith('VmRSS')).split()[1])\n"
            "import glob, importlib.util\n"
            "path = glob.glob('scorer/_fast*.so')[0]\n"
            "spec = importlib.util.spec_from_file_location('_fast', path)\n"
            "r0 = rss(); t = time.perf_counter()\n"
            "mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)\n"
            "dt = time.perf_counter() - t\n"
            "print(dt, (rss() - r0) / 1024)")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                           env={"PYTHONPATH": str(ROOT)}).stdout.split() for _ in range(5)]
    return statistics.median(float(r[0]) for r in runs), statistics.median(float(r[1]) for r in runs)


ONE_LINER = ["mcr", "[123m]456789m555pCC", "--self-draw", "--seat", "S"]


def one_liner(rounds: int) -> tuple[float, float, float]:
    """Median wall time of the README's one-line query (``mjscore mcr ...``, readable output), of a
    bare one-command typer app given the same words (bench/bare_typer.py) and of ``python -c pass``
    on the same interpreter, interleaved in fresh processes."""
    script = Path(sys.executable).with_name("mjscore")  # the console script a user runs
    mjscore = [str(script), *ONE_LINER] if script.exists() else [sys.executable, "-m", "cli", *ONE_LINER]
    typer_app = [sys.executable, str(Path(__file__).with_name("bare_typer.py")), *ONE_LINER]
    bare = [sys.executable, "-c", "pass"]

    def run(cmd: list[str]) -> Callable[[], float]:
        return timer(lambda: subprocess.run(cmd, capture_output=True, check=True, cwd=ROOT))

    ours, typer_alone, python = interleave(max(rounds, 9), run(mjscore), run(typer_app), run(bare))
    return ours, typer_alone, python


def one_liner_only() -> None:
    """``python bench/run.py --one-liner [ROUNDS]``: the start-up row alone."""
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    ours, typer_alone, python = one_liner(rounds)
    print(f"mjscore {' '.join(ONE_LINER)}: {ours:.3f} s; bare one-command typer app {typer_alone:.3f} s; "
          f"python -c pass {python:.3f} s; ratio to the typer app {ours / typer_alone:.2f}× (target ≤ 1.6×); "
          f"{rounds} interleaved rounds, medians")


def sets_hands(n: int, n_sets: int, seed: int, suited_only: bool = False) -> list[bytes]:
    """Natural hands of ``n_sets`` sets plus a pair (sets drawn from the 21 chows and the pungs),
    as 37 counts in bytes."""
    rng = random.Random(seed)
    kinds = 27 if suited_only else 34
    melds = [("chow", s * 9 + r) for s in range(3) for r in range(7)] + [("pung", k) for k in range(kinds)]
    out = []
    while len(out) < n:
        counts = [0] * 37
        for _ in range(n_sets):
            kind, t = rng.choice(melds)
            for k in ((t, t + 1, t + 2) if kind == "chow" else (t, t, t)):
                counts[k] += 1
        counts[rng.randrange(kinds)] += 2
        if max(counts) <= 4:
            out.append(bytes(counts))
    return out


WILD_WORST = [  # (variant, hand, context): the worst 4-wild hands found (bench/wilds.py)
    ("fuzhou", "3444555666777m4p4p4p4p", {"wild": "4p", "rob_gold": True}),
    ("fuzhou", "5556667778889m4m4m4m4m", {"wild": "4m", "rob_gold": True}),
    ("huangyan", "4555666777m9p9p9p9p", {"wild": "9p", "self_draw": True}),
    ("huangyan", "123p456s789m7s5m5m5m5m", {"wild": "5m", "self_draw": True}),
    ("shanxi", "4555666777m9p9p9p9p", {"wild": "9p", "self_draw": True}),
]


ORACLE_TILES = [f"{s}{r}" for s in "WBT" for r in range(1, 10)] + ["F1", "F2", "F3", "F4", "J1", "J2", "J3"]


def shanten_hands(n: int, seed: int) -> list[tuple[list[int], tuple[str, ...]]]:
    """Random 13-tile concealed hands drawn from the 136 tiles: our 34 counts and the reference's
    tile tuple, both prepared beforehand."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = []
    for _ in range(n):
        tiles = sorted(rng.sample(wall, 13))
        counts = [0] * 34
        for k in tiles:
            counts[k] += 1
        out.append((counts, tuple(ORACLE_TILES[k] for k in tiles)))
    return out


def efficiency_rows(n: int, rounds: int) -> list[tuple[str, str, float]]:
    """Shanten + useful tiles of a 13-tile hand over every MCR shape (``scorer.efficiency.backend.best``)
    against pymahjonggb's ``MahjongShanten`` (the shanten alone), side by side."""
    from MahjongGB import MahjongShanten

    from scorer.efficiency import backend as efficiency_backend

    hands = shanten_hands(n, 20240602)
    best, shapes, flags = efficiency_backend.best, efficiency_backend.shapes, 15
    ours, oracle = interleave(rounds, timer(lambda: [best(c, 4, 0, flags) for c, _ in hands]),
                              timer(lambda: [MahjongShanten(pack=(), hand=h) for _, h in hands]))
    every, oracle2 = interleave(max(3, rounds // 2), timer(lambda: [shapes(c, 4, 0, flags) for c, _ in hands]),
                                timer(lambda: [MahjongShanten(pack=(), hand=h) for _, h in hands]))
    return [
        (f"shanten + useful tiles, 13-tile hands, every MCR shape ({ours / n * 1e6:.2f} µs vs MahjongShanten "
         f"{oracle / n * 1e6:.2f} µs, {efficiency_backend.BACKEND})", "≥ 1×", oracle / ours),
        (f"  (reference) each shape's shanten and useful tiles ({every / n * 1e6:.2f} µs)", "—", oracle2 / every),
    ]


def wild_worst_rows(rounds: int, run_oracle: Callable[[], float], n_oracle: int, row: Callable[..., None]) -> None:
    """The worst wild hands, full scoring (the full result: what a referee asks for), each beside the
    oracle sample round by round: a round times the oracle sample, then the hand scored ``k`` times
    (``k`` such that both last about as long), and the row is the median of the rounds' ratios, so
    that a machine slower in one stretch slows both sides of a ratio alike. A call lasts hundreds of
    microseconds, so the first one's caches, cold after the oracle's run, weigh little; a round
    lasts some 20 ms, so three times the other rows' rounds. The cold row likewise, the per-group caches emptied before each call (a hand whose suit patterns were
    never seen)."""
    def cold(v: str, h: str, c: dict) -> float:
        clear_wild_caches()
        t = time.perf_counter()
        score(v, h, c)
        return time.perf_counter() - t

    for variant, hand, ctx in WILD_WORST:
        warm = timer(lambda v=variant, h=hand, c=ctx: score(v, h, c))
        gc.collect()
        one = min(warm() for _ in range(5))
        oracle_hand = run_oracle() / n_oracle
        k = max(5, min(100, round(oracle_hand * n_oracle / one)))
        ratios, ours, oracle, ratios_cold, ours_cold = [], [], [], [], []
        for _ in range(rounds):
            o = run_oracle() / n_oracle
            t = sum(warm() for _ in range(k)) / k
            oracle.append(o)
            ours.append(t)
            ratios.append(t / o)
        for _ in range(rounds):
            o = run_oracle() / n_oracle
            t = sum(cold(variant, hand, ctx) for _ in range(k)) / k
            ours_cold.append(t)
            ratios_cold.append(t / o)
        o_med = statistics.median(oracle)
        row(f"worst 4-wild hand, full scoring: {variant} {hand} ({statistics.median(ours) * 1e6:.0f} µs vs "
            f"{o_med * 1e6:.2f} µs)", "≤ 50× oracle hand", statistics.median(ratios),
            f"ratio = our time ÷ one oracle hand (lower is better); median of {rounds} rounds' ratios, "
            f"each the oracle's {n_oracle} hands then this hand {k} times")
        row(f"  same, caches emptied before each call ({statistics.median(ours_cold) * 1e6:.0f} µs)", "—",
            statistics.median(ratios_cold), "a hand whose suit patterns were never seen; timed likewise")


def met(target: str, ratio: float) -> str:
    """'met' / 'NOT met' for a target written "≥ N×" or "≤ N× …"; '' for rows without one."""
    m = re.match(r"([≥≤]) ([0-9.]+)×", target)
    if not m:
        return ""
    bound = float(m.group(2))
    ok = ratio >= bound if m.group(1) == "≥" else ratio <= bound
    return "met" if ok else "NOT met"


def clear_wild_caches() -> None:
    """Empty the per-group caches the wild searches keep between calls (a hand never seen before)."""
    import importlib

    for name in ("scorer.variants.fuzhou.arrangements", "scorer.variants.huangyan.search",
                 "scorer.variants.shanxi.search"):
        module = importlib.import_module(name)
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
        tables = getattr(module, "_TABLES", None)
        if tables is not None:
            tables.clear()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--no-http", action="store_true", help="skip the HTTP batch rows")
    ap.add_argument("--efficiency", action="store_true", help="only the tile efficiency rows")
    ap.add_argument("--full-result", action="store_true", help="only the full-result-with-explanation rows")
    ap.add_argument("--variants", action="store_true", help="only the other variants' full-result rows")
    ap.add_argument("--riichi", action="store_true", help="only the riichi row (bench/riichi.py)")
    ap.add_argument("--wild-worst", action="store_true", help="only the worst wild hands' rows")
    args = ap.parse_args()
    if args.efficiency:
        for measure, target, ratio in efficiency_rows(args.n, args.rounds):
            print(f"| {measure:92} | {target:18} | {ratio:7.2f}× | {met(target, ratio)}")
        return
    random_rows = natural(args.n, 20240601)
    section3_rows = section3_random(2000, 20240601)
    flush_rows = flush_hands(args.n // 2, 20240601)
    worst_rows = worst_hands(100)
    corpora = [("random (§3)", section3_rows), ("differential corpus", random_rows), ("flush", flush_rows),
               ("worst", worst_rows)]
    rows_table = []

    def row(measure: str, target: str, ratio: float, note: str = "") -> None:
        verdict = met(target, ratio)
        if verdict:
            note = f"{verdict}; {note}" if note else verdict
        rows_table.append((measure, target, ratio, note))

    # each worst-wild row is timed beside the oracle sample the decomposer rows below use
    oracle_sample = random_rows[:1000]
    run_oracle = timer(oracle_runner(oracle_sample))
    if args.wild_worst:
        wild_worst_rows(3 * max(args.rounds, 7), run_oracle, len(oracle_sample), row)
        for measure, target, ratio, note in rows_table:
            print(f"| {measure:92} | {target:18} | {ratio:7.2f}× | {note}")
        return
    every_field_corpus = every_field(args.n, 20240603)
    if args.full_result or args.variants or args.riichi:
        if args.riichi:
            riichi_rows(args.n, args.rounds, row)
        if args.full_result:
            full_result_rows(args.rounds, corpora, row)
            every_field_rows(args.rounds, every_field_corpus, row)
        if args.variants:
            variant_rows(args.rounds, row)
        for measure, target, ratio, note in rows_table:
            print(f"| {measure:92} | {target:18} | {ratio:7.2f}× | {note}")
        return
    # full MCR scoring, natural hands: the compact result (what the oracle answers)
    for name, rows in corpora:
        # each side by side with the oracle on its own, so that one does not evict the other's caches
        ours, oracle = interleave(args.rounds,
                                  timer(lambda rows=rows: [score_compact("mcr", h, c) for h, c in rows]),
                                  timer(oracle_runner(rows)))
        row(f"full MCR scoring, {name} ({ours / len(rows) * 1e6:.2f} µs vs {oracle / len(rows) * 1e6:.2f} µs)",
            "≥ 3×", oracle / ours)
    full_result_rows(args.rounds, corpora, row)
    every_field_rows(args.rounds, every_field_corpus, row)
    variant_rows(args.rounds, row)
    riichi_rows(args.n, args.rounds, row)
    # each row below is timed next to the same oracle sample, the oracle's rounds just before its
    # own, so that a machine slower in one stretch slows both sides alike. Not round by round: a
    # run of a few hundred microseconds right after the oracle's finds the caches filled with the
    # oracle's data, not its own tables, and measures that (3-4× slower win checks)

    def per_oracle_hand(run: Callable[[], float]) -> tuple[float, float]:
        """The run's median seconds and one oracle hand's, measured one after the other."""
        oracle = interleave(args.rounds, run_oracle)[0]
        ours = interleave(args.rounds, run)[0]
        return ours, oracle / len(oracle_sample)

    # win checks and readings from the decomposer: counts prepared beforehand as bytes (see the docstring)
    is_winning, readings = decompose.is_winning, decompose.readings
    prepared = [(bytes(counts_of(h)), 4, 0) for h, c in random_rows if "[" not in h and "(" not in h
                and "{" not in h]
    sets17 = [(c, 5, 0) for c in sets_hands(args.n, 5, 17)]
    sets23 = [(c, 7, 0) for c in sets_hands(args.n, 7, 23, suited_only=True)]
    win_sets: list[tuple[str, list]] = [("14 tiles, 0 wilds", prepared)]
    for w in (1, 2, 4):
        win_sets.append((f"14 tiles, {w} wilds", [
            (bytes(c), n, k) for c, n, k in with_wilds([(h, c) for h, c in random_rows if "[" not in h], w, w)]))
    win_sets += [("17 tiles (5 sets), 0 wilds", sets17), ("23 tiles (7 sets), 0 wilds", sets23)]
    for name, data in win_sets:
        t, oracle_per_hand = per_oracle_hand(timer(lambda data=data: [is_winning(c, n, k) for c, n, k in data]))
        row(f"win check, {name} ({t / len(data) * 1e9:.0f} ns)", "≥ 60×", oracle_per_hand / (t / len(data)))
    for name, data in (("14 tiles", prepared), ("17 tiles", sets17), ("23 tiles", sets23)):
        t, oracle_per_hand = per_oracle_hand(timer(lambda data=data: [readings(c, n, k) for c, n, k in data]))
        row(f"all readings as Python objects, {name} ({t / len(data) * 1e6:.2f} µs)", "≥ 10×",
            oracle_per_hand / (t / len(data)))

    wild_worst_rows(3 * max(args.rounds, 7), run_oracle, len(oracle_sample), row)

    for measure, target, ratio in efficiency_rows(args.n, args.rounds):
        row(measure, target, ratio)

    # batch entry point and the HTTP batch, 1,000 hands
    thousand = random_rows[:1000]
    requests = [{"variant": "mcr", "hand": h, "context": c} for h, c in thousand]
    # a sample is five batches in a row (and 5 x 1,000 oracle calls): a batch lasts under a
    # millisecond, too short for this VM's cores to be awake and warm when one starts alone
    batches = 5
    oracle_1000 = oracle_runner(thousand)
    compact, oracle = interleave(args.rounds, timer(lambda: [score_many(requests, view="compact")
                                                             for _ in range(batches)]),
                                 timer(lambda: [oracle_1000() for _ in range(batches)]))
    row(f"score_many(view='compact'), 1,000 hands ({compact / batches * 1e3:.2f} ms a batch, {BATCH_THREADS} threads)",
        "≥ 6×", oracle / compact)
    full, oracle = interleave(max(3, args.rounds // 2), timer(lambda: score_many(requests)),
                              timer(oracle_runner(thousand)))
    row(f"  (reference) score_many full results ({full * 1e3:.1f} ms)", "—", oracle / full)
    if not args.no_http:
        import httpx

        url, stop = serve()
        try:
            with httpx.Client(timeout=60) as client:
                body = json.dumps(requests)

                def post(view: str) -> Callable[[], object]:
                    return lambda: client.post(url + "/v1/score/batch" + view, content=body,
                                               headers={"content-type": "application/json"}).raise_for_status()

                compact, oracle = interleave(args.rounds, timer(post("?view=compact")),
                                             timer(oracle_runner(thousand)))
                full, oracle_full = interleave(max(3, args.rounds // 2), timer(post("")),
                                               timer(oracle_runner(thousand)))
        finally:
            stop()
        row(f"POST /v1/score/batch?view=compact, 1,000 hands, HTTP round trip ({compact * 1e3:.1f} ms)", "≥ 1×",
            oracle / compact)
        row(f"  (reference) POST /v1/score/batch full results ({full * 1e3:.0f} ms)", "—", oracle_full / full)
    ours, typer_alone, python = one_liner(args.rounds)
    rows_table.append((f"one-line query start-up, `mjscore {' '.join(ONE_LINER)}` ({ours:.3f} s wall; "
                       f"a bare one-command typer app {typer_alone:.3f} s; python -c pass {python:.3f} s)",
                       "≤ 1.6× typer app", ours / typer_alone,
                       ("met" if ours <= 1.6 * typer_alone else "NOT met") + "; ratio to the bare typer app"))
    seconds, megabytes = startup()
    rows_table.append((f"import of the Cython core + its tables ({seconds:.3f} s, {megabytes:.1f} MB)", "≤ 0.2 s, ≤ 8 MB",
                       float("nan"), "met" if seconds <= 0.2 and megabytes <= 8 else "not met"))

    print(f"oracle: pymahjonggb, {oracle_per_hand * 1e6:.2f} µs per natural hand; {args.rounds} interleaved rounds, "
          f"medians; decomposer backend {decompose.BACKEND}")
    print(f"| {'measure':92} | {'target':18} | {'ratio':>8} |")
    print(f"|{'-' * 94}|{'-' * 20}|{'-' * 10}|")
    for measure, target, ratio, note in rows_table:
        shown = "" if ratio != ratio else f"{ratio:7.2f}×"
        print(f"| {measure:92} | {target:18} | {shown:>8} | {note}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one-liner"]:
        one_liner_only()
    else:
        main()
