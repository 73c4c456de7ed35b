"""Batch scoring at scale: order kept, bad lines answered inline, streaming in bounded chunks,
every core, and a Dask cluster (a LocalCluster with 2 workers)."""

from __future__ import annotations

import orjson
import pytest
from cli_runner import run_cli

from scorer.batch import score_archive_dask, score_stream

GOOD = ['{"variant": "mcr", "hand": "[123m]456789m555pCC", "context": {"seat_wind": "S"}}',
        '{"variant": "mcr", "hand": "[NNN]77789m11888p7m"}',
        '{"variant": "mcr", "hand": "1112345678999p%dp"}']
BAD = ["{oops", '{"variant": "mcr", "hand": "0m"}', "[1]", '{"variant": "mcr", "hand": "123m", "x": 1}']


def _lines(n: int) -> list[str]:
    out = []
    for i in range(n):
        if i % 7 == 3:
            out.append(BAD[i % len(BAD)])
        else:
            line = GOOD[i % len(GOOD)]
            out.append(line.replace("%d", str(i % 9 + 1)))
    return out


def test_parallel_batch_keeps_order_and_answers_every_line():
    lines = _lines(600)
    serial = list(score_stream(lines, workers=1))
    parallel = list(score_stream(lines, workers=2, chunk=128))
    assert parallel == serial and len(serial) == 600
    docs = [orjson.loads(x) for x in serial]
    assert sum("error" in d for d in docs) == sum(1 for i in range(600) if i % 7 == 3)
    nine = [d for d, line in zip(docs, lines, strict=True) if "1112345678999p" in line]
    assert all(d["details"]["shape"] == "nine_gates" for d in nine)


def test_stream_reads_only_one_chunk_ahead():
    pulled = 0

    def endless():
        nonlocal pulled
        while True:
            pulled += 1
            yield GOOD[0]

    stream = score_stream(endless(), workers=2, chunk=64)
    for _ in range(10):
        next(stream)
    # memory is bounded by the chunk (the one answered and the next one under way), not by the input
    assert pulled <= 2 * 64 + 1
    stream.close()


def test_cli_batch_with_workers(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(_lines(50)) + "\n\n")
    out = tmp_path / "out.jsonl"
    res = run_cli(["batch", str(src), "-o", str(out), "--workers", "2"])
    assert res.exit_code == 0, res.output
    docs = [orjson.loads(x) for x in out.read_text().splitlines()]
    assert len(docs) == 51 and docs[0]["total"] == 18
    # the line's every problem: the hand's (3 tiles) first, then the field it does not have
    assert [e["code"] for e in docs[3]["error"]["errors"]] == ["tile_count", "unknown_field"]
    assert docs[50]["error"]["code"] == "blank_line"  # answer N is line N's: a blank line is answered too


@pytest.fixture(scope="module")
def cluster():
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1") as lc, Client(lc) as client:
        yield client


def test_dask_archive_matches_local_scoring(tmp_path, cluster):
    lines = _lines(300)
    src = tmp_path / "archive.jsonl"
    src.write_text("\n".join(lines) + "\n")
    dst = tmp_path / "scored.jsonl"
    n = score_archive_dask(str(src), str(dst), cluster, partitions=8)
    assert n == 300
    assert dst.read_text().splitlines() == [x.decode() for x in score_stream(lines, workers=1)]


def test_cli_dask_flag(tmp_path, cluster):
    src = tmp_path / "a.jsonl"
    src.write_text("\n".join(_lines(20)) + "\n")
    dst = tmp_path / "b.jsonl"
    address = cluster.scheduler.address
    res = run_cli(["batch", str(src), "-o", str(dst), "--dask", address])
    assert res.exit_code == 0, res.output
    assert len(dst.read_text().splitlines()) == 20


def test_a_compact_line_goes_through_the_fast_paths_once(monkeypatch):
    # a request the C paths leave to the full path (custom rules) is scored in full, not offered
    # to the fast paths a second time
    from scorer import batch, engine

    calls: list[int] = []
    real = engine.fast_compact_many

    def counted(requests, as_json=False):
        calls.append(len(requests))
        return real(requests, as_json)

    monkeypatch.setattr(engine, "fast_compact_many", counted)
    lines = [b'{"variant": "mcr", "hand": "[123m]456789m555pCC", "rules": "mcr1998"}',
             b'{"variant": "mcr", "hand": "[123m]456789m555pCC"}']
    answers = [orjson.loads(a) for a in batch.compact_chunk(lines)]
    assert calls == [2]
    assert [a["total"] for a in answers] == [18, 18] and all(a["valid"] for a in answers)
