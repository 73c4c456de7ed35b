"""Batches that never abort: a poisoned file (bytes that are not UTF-8, lone surrogate escapes,
Unicode digits and 5,000-digit claims, blank lines, JSON that is not an object, wrong types, a
Fuzhou stake past 32 bits) gives exactly one answer per line on every path -- `mjscore batch`,
`--workers 2`, `--compact`, `--dask`, `score_many` -- each bad line an inline error with a stable
code, each good line the single `score` answer. Output files are written whole or not at all
(`OUT.partial`, renamed when complete; `--resume` continues it), and the worker processes die with
the batch however it is killed."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest
from cli_runner import run_cli

from scorer import CompactResult, compact_of, engine, score, score_compact, score_many
from scorer import batch as batch_mod
from scorer.batch import line_ranges, score_archive_dask, score_stream
from scorer.errors import HandError
from scorer.jsonio import dumps

ROOT = Path(__file__).resolve().parents[1]
MJSCORE = Path(sys.executable).with_name("mjscore")
HAND = "[123m]456789m555pCC"
PURE = os.environ.get("MJSCORE_PURE", "") == "1"
FUZHOU = {"variant": "fuzhou", "hand": "123p456p789s345m99m666m",
          "context": {"wild": "9m", "flowers": "8f", "seat_wind": "W", "self_draw": True, "base": 100_000_000}}


def _req(**fields) -> bytes:
    return orjson.dumps({"variant": "mcr", "hand": HAND, **fields})


# (line as bytes, the error code its answer must carry, or None: the answer of the same request
# scored alone, whatever it is -- a result, or the request model's own error)
POISON: list[tuple[bytes, str | None]] = [
    (_req(context={"seat_wind": "S"}), None),
    (b'{"variant": "mcr", "hand": "\xff123m"}', "bad_utf8"),
    (b'{"variant": "mcr", "hand": "\xed\xa0\x80"}', "bad_utf8"),  # a surrogate written as UTF-8 bytes
    (_req()[:-1] + b', "claim": ["\\ud800"]}', "bad_text"),  # a lone surrogate escape
    (_req()[:-1] + b', "claim": ["\\udcff", 8]}', "bad_text"),
    (_req(claim=["²"]), None),
    (_req(claim=["٣", "８", "²"]), None),
    (_req(claim=["9" * 5000]), None),
    (_req()[:-1] + b', "claim": [' + b"9" * 5000 + b"]}", "bad_json"),  # a number past any reader
    (b"", "blank_line"),
    (b"   \r", "blank_line"),
    (b"[1, 2]", "bad_request"),
    (b'"a string"', "bad_request"),
    (b"null", "bad_request"),
    (b"{oops", "bad_json"),
    (b'{"variant": 5, "hand": []}', "bad_request"),
    (b'{"variant": "mcr", "hand": ["1m"]}', "bad_request"),
    (_req(context=[1]), "bad_request"),
    (_req(claim="pure_straight"), "bad_request"),
    (_req(explain=[1]), "bad_request"),
    (b'{"variant": "nope", "hand": "1m"}', "unknown_variant"),
    (b'{"variant": "mcr", "hand": "123m0p"}', "zero_rank"),
    (orjson.dumps(FUZHOU), None),  # total 18,600,000,000: past a C int
    (b"\xef\xbb\xbf" + _req(), None),  # a byte-order mark
    (_req(context={"self_draw": True}) + b"\r", None),  # a CRLF line
    (b'{"variant": "mcr", "hand": "[NNN]77789m11888p7m"}', None),
]
LINES = [line for line, _ in POISON]
CODES = [code for _, code in POISON]


def _request(line: bytes) -> dict:
    return json.loads(line.decode().removeprefix("\ufeff"))


def _single(line: bytes, compact: bool = False) -> dict:
    """What the line's request answers scored alone (as `POST /v1/score` does): the batch must
    answer the same."""
    try:
        result = engine.score_request(_request(line))
    except HandError as err:
        return engine.error_result(err)
    return compact_of(result).as_dict() if compact else result.as_dict()


def check(answers: list[bytes], compact: bool = False, lines: list[bytes] = LINES,
          codes: list[str | None] = CODES) -> None:
    assert len(answers) == len(lines)
    for line, code, answer in zip(lines, codes, answers, strict=True):
        doc = orjson.loads(answer)  # every answer is strict UTF-8 JSON
        if code is None:
            assert doc == orjson.loads(orjson.dumps(_single(line, compact))), line[:80]
            assert doc.get("error", {}).get("code") != "internal_error", line[:80]
        else:
            assert doc["error"]["code"] == code, (line[:80], doc)
            assert doc["error"]["errors"][0]["code"] == code


@pytest.fixture()
def poisoned(tmp_path: Path) -> Path:
    src = tmp_path / "poison.jsonl"
    src.write_bytes(b"\n".join(LINES) + b"\n")
    return src


@pytest.mark.parametrize("args", [[], ["--workers", "2"], ["--compact"]], ids=["one", "workers", "compact"])
def test_cli_batch_answers_every_poisoned_line(poisoned: Path, tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "out.jsonl"
    res = run_cli(["batch", str(poisoned), "-o", str(out), *args])
    assert res.exit_code == 0, res.output
    check(out.read_bytes().splitlines(), compact="--compact" in args)
    assert not batch_mod.partial_path(out).exists()


def test_cli_batch_to_stdout_from_stdin(poisoned: Path) -> None:
    res = run_cli(["batch", "-"], input=poisoned.read_bytes())
    assert res.exit_code == 0, res.output
    check(res.stdout_bytes.splitlines())


def test_score_many_and_score_raw_answer_every_request() -> None:
    decoded = [batch_mod.decode(line) for line in LINES]
    for view in ("full", "compact"):
        raws = [raw for raw, error in decoded if error is None]
        answers = score_many(raws, view=view)
        assert len(answers) == len(raws)
        assert [engine.answer_json(engine.score_raw(raw, view)) for raw in raws if isinstance(raw, dict)] == [
            engine.answer_json(a) for raw, a in zip(raws, answers, strict=True) if isinstance(raw, dict)]
        wanted = [(line, code) for (line, code), (_, error) in zip(POISON, decoded, strict=True) if error is None]
        check([engine.answer_json(a) for a in answers], view == "compact",
              [line for line, _ in wanted], [code for _, code in wanted])


@pytest.mark.parametrize(("line", "message"), [
    (b"not json at all", "line is not JSON: expecting value at column 1"),
    (b'{"variant": "mcr",}', "line is not JSON: expecting property name enclosed in double quotes at column 19"),
    (b'{"variant": "mcr', "line is not JSON: unterminated string starting at column 13"),
    (b'{"variant": "mcr"} x', "line is not JSON: extra data at column 20"),
    (b'{"variant": "mcr", "hand": NaN}', "line is not JSON: NaN is not a JSON number"),
    (b'{"variant": "mcr", "flowers": 1e400}', "line is not JSON: the number 1e400 is too large"),
    (b"[" * 100_000, "line is not JSON: nested too deeply"),
])
def test_a_line_that_is_not_json_is_told_what_and_where(line: bytes, message: str) -> None:
    # what is wrong, at which column of the line, in the project's words (no JSON reader's own)
    error = orjson.loads(batch_mod.score_line_json(line))["error"]
    assert (error["code"], error["message"]) == ("bad_json", message)
    assert error["errors"] == [{"message": message, "position": None, "code": "bad_json"}]


def test_a_lone_surrogate_the_json_reader_let_through_is_never_written() -> None:
    # the HTTP batch reads its body with the standard library's fallback, which keeps "\ud800"
    raw = {"variant": "mcr", "hand": HAND, "claim": ["\ud800"]}
    answer = orjson.loads(engine.answer_json(engine.score_raw(raw)))
    assert answer["error"]["code"] in ("bad_request", "bad_text")  # the request model's, or the writer's
    echo = {"variant": "mcr", "valid": True, "verdict": {"unknown": ["\ud800"]}}
    assert orjson.loads(engine.answer_json(echo))["error"]["code"] == "bad_text"
    assert dumps({"a": "\ud800"}) == b'{"a":"\\ud800"}'  # elsewhere it is written as its escape


def test_an_unexpected_exception_is_that_requests_internal_error(monkeypatch) -> None:
    real = engine.score_request

    def flaky(request, **options):
        if request.get("hand") == "boom":
            raise ZeroDivisionError("a bug")
        return real(request, **options)

    monkeypatch.setattr(engine, "score_request", flaky)
    reqs = [{"variant": "mcr", "hand": HAND}, {"variant": "mcr", "hand": "boom"}, {"variant": "mcr", "hand": HAND}]
    for view in ("full", "compact"):
        answers = [orjson.loads(engine.answer_json(a)) for a in score_many(reqs, view=view)]
        assert answers[0]["total"] == answers[2]["total"] == 18
        assert answers[1]["error"]["code"] == "internal_error"
        assert "ZeroDivisionError: a bug" in answers[1]["error"]["message"]
    lines = [orjson.dumps(r) for r in reqs]
    assert [orjson.loads(a).get("error", {}).get("code") for a in score_stream(lines, workers=1)] == [
        None, "internal_error", None]


def _stand_in_fast_path(requests, threads, as_json):
    """A batch fast path in plain Python (as a variant's C one answers: None for another variant's
    request), so that the isolation below is tested on either core."""
    return [score_compact("mcr", r["hand"]) if r.get("variant") == "mcr" else None for r in requests]


@pytest.mark.parametrize("path", [
    pytest.param("compiled", marks=pytest.mark.skipif(PURE, reason="the variants' C batch paths: the compiled "
                                                      "core only (MJSCORE_PURE=1 has none)")),
    "stand-in"])
def test_a_failing_fast_path_costs_only_its_own_request(monkeypatch, path) -> None:
    if path == "stand-in":
        monkeypatch.setattr(engine, "_BATCH_PATHS", [_stand_in_fast_path])
    real = engine._fast_compact_many

    def picky(requests, as_json):
        if any(isinstance(r, dict) and r.get("hand") == "boom" for r in requests):
            raise RuntimeError("fast path bug")
        return real(requests, as_json)

    monkeypatch.setattr(engine, "_fast_compact_many", picky)
    reqs = [{"variant": "mcr", "hand": HAND}] * 3 + [{"variant": "mcr", "hand": "boom"}]
    fast = engine.fast_compact_many(reqs)
    assert fast[:3] == [score_compact("mcr", HAND)] * 3 and fast[3] is None
    # the full path then answers the request the fast path could not: its own error, nothing else lost
    answers = score_many(reqs, view="compact")
    assert answers[:3] == fast[:3] and answers[3]["error"]["code"] == "unknown_character"


def test_a_worker_that_dies_costs_only_its_line(monkeypatch) -> None:
    real = batch_mod.score_line_json

    def deadly(line):
        if b"die here" in line:
            os._exit(3)  # as a segfault would: no exception, the process is gone
        return real(line)

    monkeypatch.setattr(batch_mod, "score_line_json", deadly)  # forked workers inherit it
    lines = [_req()] * 30 + [b'{"hand": "die here"}'] + [_req()] * 30
    answers = [orjson.loads(a) for a in score_stream(lines, workers=2, chunk=40)]
    assert len(answers) == 61
    assert answers[30]["error"]["code"] == "internal_error"
    assert all(a["total"] == 18 for i, a in enumerate(answers) if i != 30)


def _compact_or_error(view: str, context: dict) -> object:
    try:
        if view == "compact":
            return score_compact("fuzhou", FUZHOU["hand"], context)
        return compact_of(score("fuzhou", FUZHOU["hand"], context))
    except HandError as err:
        return err.as_dict()


def test_compact_equals_full_past_32_bits() -> None:
    # a stake of 100,000,000 gives 18,600,000,000 where the variant allows it (the same error on
    # both paths where it does not)
    for base in (100_000_000, 10**40):
        context = {**FUZHOU["context"], "base": base}
        assert _compact_or_error("compact", context) == _compact_or_error("full", context)
        request = {**FUZHOU, "context": context}
        assert engine.answer_json(score_many([request], view="compact")[0]) == engine.answer_json(
            engine.score_raw(request, "compact"))
    # whatever the contexts allow, a compact result holds a total of any size, as the full one does
    full = score("fuzhou", FUZHOU["hand"], {**FUZHOU["context"], "base": 1})
    big = dataclasses.replace(full, total=full.total * 100_000_000,
                              payments={k: v * 100_000_000 for k, v in full.payments.items()})
    assert big.total > 2**32
    compact = compact_of(big)
    assert compact.total == big.total and compact.payments == big.payments
    assert orjson.loads(engine.answer_json(compact))["total"] == big.total
    assert CompactResult("fuzhou", True, 10**40, None, (), {}).total == 10**40


def test_integers_past_the_digit_limit_are_written() -> None:
    n = 7 * 10**5000  # past str(int)'s limit: an answer that exists must still be written
    digits = b"7" + b"0" * 5000
    assert dumps({"total": -n, "items": [n, True, "x"]}) == b'{"total":-' + digits + b',"items":[' + digits + b',true,"x"]}'



def test_keys_that_are_not_strings_are_written_as_strings() -> None:
    # a result's keys are all strings (orjson writes them without its option); any other, as text
    assert dumps({1: "a", "b": {2: None}}) == b'{"1":"a","b":{"2":null}}'
    assert dumps({"seat": "\ud800", 3: 1}) == b'{"seat":"\\ud800","3":1}'


# ---- a seeded slice of random poison, every path bounded ------------------------------------------

def _mutants(n: int, seed: int) -> list[bytes]:
    """Good lines broken at random: bytes flipped, cut, doubled, blanked, made Unicode-hostile."""
    rng = random.Random(seed)
    base = [line for line, code in POISON if code is None]
    junk = [b"\xff", b"\xed\xa0\x80", b"\\ud800", b"\x00", b'"', b"{", b"]", b"\xc2\xb2", b"9" * 30, b"\r", b" "]
    out = []
    for _ in range(n):
        line = bytearray(rng.choice(base))
        for _ in range(rng.randint(0, 3)):
            i = rng.randrange(len(line) + 1)
            op = rng.random()
            if op < 0.4:
                line[i:i] = rng.choice(junk)
            elif op < 0.7:
                del line[i:i + rng.randint(1, 5)]
            elif op < 0.8:
                line = line[:i]
            else:
                line[i:i + 1] = bytes([rng.randrange(256)]) if rng.random() < 0.5 else b""
        out.append(bytes(line).replace(b"\n", b""))
    return out


def _check_random(lines: list[bytes]) -> None:
    for compact in (False, True):
        answers = list(score_stream(lines, workers=1, compact=compact, chunk=97))
        assert len(answers) == len(lines)
        for line, answer in zip(lines, answers, strict=True):
            doc = orjson.loads(answer)
            if "error" in doc:
                assert doc["error"]["code"] != "internal_error", (line, doc)
            else:
                assert doc["variant"] in ("mcr", "fuzhou")


def test_random_poison_slice() -> None:
    _check_random(_mutants(400, 20250101))


@pytest.mark.slow
def test_random_poison_long() -> None:
    _check_random(_mutants(20000, 7))


# ---- whole or not at all: OUT.partial, renamed when complete; --resume ------------------------------

def test_a_failed_run_leaves_the_partial_file_and_the_old_output(poisoned: Path, tmp_path: Path,
                                                                  monkeypatch) -> None:
    out = tmp_path / "out.jsonl"
    out.write_bytes(b"the previous complete output\n")
    real = batch_mod.score_stream

    def stops_half_way(*args, **kwargs):
        for i, answer in enumerate(real(*args, **kwargs)):
            if i == 10:
                raise KeyboardInterrupt
            yield answer

    monkeypatch.setattr(batch_mod, "score_stream", stops_half_way)
    res = run_cli(["batch", str(poisoned), "-o", str(out), "--workers", "1"])
    assert res.exit_code == 130 and "--resume" in res.output
    assert out.read_bytes() == b"the previous complete output\n"
    partial = batch_mod.partial_path(out)
    assert partial.name == "out.jsonl.partial"
    assert partial.read_bytes().count(b"\n") == 10
    monkeypatch.undo()

    with partial.open("ab") as f:
        f.write(b'{"variant":"mcr","hand":"[12')  # a line cut off mid-write: dropped on resume
    res = run_cli(["batch", str(poisoned), "-o", str(out), "--resume"])
    assert res.exit_code == 0, res.output
    assert not partial.exists()
    check(out.read_bytes().splitlines())


def test_resume_without_a_partial_starts_afresh_and_a_foreign_partial_is_refused(poisoned: Path,
                                                                                  tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert run_cli(["batch", str(poisoned), "-o", str(out), "--resume"]).exit_code == 0
    check(out.read_bytes().splitlines())
    partial = batch_mod.partial_path(out)
    partial.write_bytes(b"{}\n" * (len(LINES) + 1))
    res = run_cli(["batch", str(poisoned), "-o", str(out), "--resume"])
    assert res.exit_code == 2 and "not a run of this input" in res.output
    assert partial.exists()
    res = run_cli(["batch", str(poisoned), "--resume"])
    assert res.exit_code == 2 and "needs -o" in res.output


def _children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except (FileNotFoundError, ProcessLookupError):
        return []


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_killed_batch_takes_its_workers_along_and_leaves_no_output(tmp_path: Path, sig: int) -> None:
    src = tmp_path / "long.jsonl"
    src.write_bytes((_req() + b"\n") * 200_000)  # far more than the few seconds this test waits
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen([str(MJSCORE), "batch", str(src), "-o", str(out), "--workers", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        workers: list[int] = []
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
            workers = _children(proc.pid)
            time.sleep(0.05)
        assert len(workers) == 2, "the workers never started"
        time.sleep(0.5)  # mid-run
        os.kill(proc.pid, sig)
        proc.wait(timeout=30)
        deadline = time.monotonic() + 15
        while any(_running(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [w for w in workers if _running(w)], "orphaned workers survive their batch"
        assert not out.exists() and batch_mod.partial_path(out).exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)


@pytest.mark.slow
def test_a_killed_batch_resumes_to_the_same_output(tmp_path: Path) -> None:
    src = tmp_path / "long.jsonl"
    lines = LINES * 800
    src.write_bytes(b"\n".join(lines) + b"\n")
    out = tmp_path / "out.jsonl"
    partial = batch_mod.partial_path(out)
    proc = subprocess.Popen([str(MJSCORE), "batch", str(src), "-o", str(out), "--workers", "2"])
    deadline = time.monotonic() + 120
    while (not partial.exists() or partial.stat().st_size < 100_000) and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert not out.exists() and 0 < partial.read_bytes().count(b"\n") < len(lines)
    subprocess.run([str(MJSCORE), "batch", str(src), "-o", str(out), "--resume"], check=True, timeout=600)
    check(out.read_bytes().splitlines(), lines=lines, codes=CODES * 800)


# ---- Dask: every worker busy, output in order, same answers -----------------------------------------

def test_ranges_cut_at_line_ends_and_cover_the_file(tmp_path: Path) -> None:
    src = tmp_path / "a.jsonl"
    lines = [_req(claim=["x" * random.Random(i).randrange(500)]) for i in range(3000)]
    data = b"\n".join(lines)  # no final newline
    src.write_bytes(data)
    ranges = line_ranges(str(src), 0, len(data), 8)
    assert 6 <= len(ranges) <= 9
    assert ranges[0][0] == 0 and ranges[-1][1] == len(data)
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:], strict=False))
    assert all(data[a - 1:a] == b"\n" for a, _ in ranges[1:])
    assert batch_mod.line_offset(src, 0) == 0 and batch_mod.line_offset(src, 3000) == len(data)
    assert data[batch_mod.line_offset(src, 1234):].startswith(lines[1234] + b"\n")
    with pytest.raises(batch_mod.ResumeMismatch):
        batch_mod.line_offset(src, 3001)


@pytest.fixture(scope="module")
def cluster():
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1") as lc, Client(lc) as client:
        yield client


def test_dask_answers_every_poisoned_line_in_order(poisoned: Path, tmp_path: Path, cluster) -> None:
    src = tmp_path / "many.jsonl"
    src.write_bytes(poisoned.read_bytes() * 40)
    out = tmp_path / "out.jsonl"
    n = score_archive_dask(str(src), str(out), cluster, partitions=12)
    assert n == len(LINES) * 40
    check(out.read_bytes().splitlines(), lines=LINES * 40, codes=CODES * 40)
    n = score_archive_dask(str(poisoned), str(out), cluster, compact=True)
    check(out.read_bytes().splitlines(), compact=True)


def test_cli_dask_resumes_its_partial_file(poisoned: Path, tmp_path: Path, cluster) -> None:
    out = tmp_path / "out.jsonl"
    partial = batch_mod.partial_path(out)
    full = list(score_stream(poisoned.read_bytes().splitlines(), workers=1))
    partial.write_bytes(b"".join(a + b"\n" for a in full[:7]) + b'{"cut')
    res = run_cli(["batch", str(poisoned), "-o", str(out), "--dask",
                                       cluster.scheduler.address, "--resume"])
    assert res.exit_code == 0, res.output
    assert f"scored {len(LINES) - 7} lines" in res.output
    check(out.read_bytes().splitlines())


def test_internal_error_message_is_writable() -> None:
    answer = engine.internal_error(ValueError("bad \ud800 text"))
    assert orjson.loads(dumps(answer))["error"]["code"] == "internal_error"


def test_a_line_is_read_as_an_http_body_is() -> None:
    # the same JSON reading (scorer.jsonread): a repeated key, NaN or a number past a double is an
    # error line, never a value; 2.0 is the integer 2 -- the answers of POST /v1/score/batch
    hand = '"hand": "[123m]456789m555pCC"'
    lines = [f'{{"variant": "mcr", {hand}, {hand}}}', f'{{"variant": "mcr", {hand}, "context": {{"flowers": NaN}}}}',
             f'{{"variant": "mcr", {hand}, "context": {{"flowers": 1e400}}}}',
             f'{{"variant": "mcr", {hand}, "context": {{"flowers": 2.0}}}}']
    for compact in (False, True):
        answers = [orjson.loads(a) for a in score_stream([line.encode() for line in lines], workers=1,
                                                         compact=compact)]
        assert [a.get("error", {}).get("code") for a in answers] == ["duplicate_key", "bad_json", "bad_json", None]
        assert "the key 'hand' appears twice" in answers[0]["error"]["message"]
        assert answers[3]["total"] == 20  # 18 and two flowers
