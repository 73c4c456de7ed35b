"""The compact view (``score_compact``, ``score_many(view="compact")``) equals the full result
condensed, whichever path produced it: the MCR C fast path (notation and context read in C,
every reading scored in C, special shapes included) or the full scorer of any variant."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import PURE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcr_generator import generate

from scorer import CompactResult, HandError, compact_of, registry, score, score_compact, score_many

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FAST = importlib.import_module("scorer.variants.mcr.evaluate")._fast  # None under MJSCORE_PURE=1: every check below then runs the full path
needs_fast = pytest.mark.skipif(PURE, reason="compiled core only (MJSCORE_PURE=1 runs the twins)")


def full_or_error(variant: str, hand: Any, context: Any) -> CompactResult | str:
    try:
        return compact_of(score(variant, hand, context))
    except HandError as err:
        return f"error: {err.as_dict()['message']}"


def compact_or_error(variant: str, hand: Any, context: Any) -> CompactResult | str:
    try:
        return score_compact(variant, hand, context)
    except HandError as err:
        return f"error: {err.as_dict()['message']}"


def check_rows(rows: list[tuple[str, dict]], min_fast: float) -> None:
    fast_taken = 0
    for hand, context in rows:
        assert compact_or_error("mcr", hand, context) == full_or_error("mcr", hand, context), (hand, context)
        if FAST is not None and FAST.compact(hand, context) is not None:
            fast_taken += 1
    if FAST is not None:
        assert fast_taken >= min_fast * len(rows)


def test_differential_corpus_equals_the_full_path() -> None:
    # the pymahjonggb differential generator: melds, kongs, specials, every context flag,
    # contradictions (those take the full path, which rejects them)
    check_rows(generate(3000, 20240601), 0.9)


@pytest.mark.slow
def test_differential_corpus_equals_the_full_path_long() -> None:
    check_rows(generate(40000, 777), 0.9)


SPECIALS = [
    ("19m19p19sESWNCFPP", {}, "thirteen_orphans"),
    ("19m19p19sESWNCFP9s", {"self_draw": True}, "thirteen_orphans"),
    ("147m258p369sESWNC", {}, "lesser_honors_and_knitted_tiles"),
    ("147m258p36sESWNCF", {}, "lesser_honors_and_knitted_tiles"),
    ("147m258p3sESWNCFP", {"self_draw": True}, "greater_honors_and_knitted_tiles"),
    ("147m258p369s234m55s", {}, "knitted_straight"),
    ("147m258p369s234m5s5s", {}, "knitted_straight"),
    ("147m258p369s55s234m", {"self_draw": True}, "knitted_straight"),
    ("[EEE]147m258p369sCC", {"seat_wind": "E"}, "knitted_straight"),
    ("147m258p369sEEECC", {"round_wind": "E", "seat_wind": "E"}, "knitted_straight"),
    ("147m258p369s999mC C", {}, "knitted_straight"),
    ("(1111m)147p258s369mPP", {}, "knitted_straight"),
    ("11123456789991m", {}, "nine_gates"),
    ("11123456789992m", {"self_draw": True}, "nine_gates"),
    ("11123456789995p", {}, "nine_gates"),
    ("11123456789997s", {}, "nine_gates"),
    ("11223344556677m", {}, "seven_shifted_pairs"),
    ("22334455667788p", {"self_draw": True}, "seven_shifted_pairs"),
    ("1122m3344p667sEE7s", {}, "seven_pairs"),
]


@pytest.mark.parametrize(("hand", "context", "fan"), SPECIALS)
def test_special_shapes_in_c(hand: str, context: dict, fan: str) -> None:
    full = full_or_error("mcr", hand, context)
    assert isinstance(full, CompactResult), full
    assert fan in [item[0] for item in full.items]
    assert score_compact("mcr", hand, context) == full
    if FAST is not None:
        assert FAST.compact(hand, context) == full  # scored in C, not handed back


def test_spec_examples_and_referee_cases() -> None:
    cases = json.loads((FIXTURES / "mcr" / "spec_examples.json").read_text())
    cases += json.loads((FIXTURES / "mcr" / "cases.json").read_text())
    for case in cases:
        if case.get("rules") or case.get("dialect"):
            continue
        hand, context = case["hand"], case.get("context", {})
        assert compact_or_error("mcr", hand, context) == full_or_error("mcr", hand, context), case


CONTEXT_VALUES = st.fixed_dictionaries({}, optional={
    "self_draw": st.sampled_from([True, False, 1, 0, "yes", None]),
    "seat_wind": st.sampled_from(["E", "S", "W", "N", "e", "X", "", 1, None]),
    "round_wind": st.sampled_from(["E", "S", "W", "N", "EE"]),
    "flowers": st.sampled_from([0, 1, 3, 8, 9, -1, True, 2.0, "2", 10**30, -(2**63), 2**64]),
    "last_tile": st.booleans(), "kong_win": st.booleans(), "last_wall": st.booleans(),
    "discarder": st.sampled_from(["E", "S", "W", "N", None, "Q"]),
    "win_tile": st.sampled_from([None, "5m", "E"]),
    "unknown_field": st.just(1),
})
HANDS = [h for h, _ in generate(400, 99)] + [h for h, _, _ in SPECIALS] + [
    "", "1m", "[123m][456m][789m][111p]EE", "[1234m]", "11m22m33m", "1f2f[123m][555p]234s5577z7z",
    "[123m] [555p] 234s 5577z 7z", "[123m,4]456m789mEEE11p", "11112222333344m", "(5555p)(6666p)111s222sEE",
    "\ud800", "123m456m789m123p5\udcff5p", "１２３m456m789m123p55p"]


@given(hand=st.sampled_from(HANDS), context=CONTEXT_VALUES)
@settings(max_examples=600, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_context_gives_the_full_paths_answer(hand: str, context: dict) -> None:
    assert compact_or_error("mcr", hand, context) == full_or_error("mcr", hand, context)


def test_other_variants_condense_their_full_result() -> None:
    for variant in (v for v in registry.ids() if v != "mcr"):  # MCR's is checked above, by the hundred
        for case in json.loads((FIXTURES / variant / "cases.json").read_text())[:40]:
            if case.get("rules") or case.get("dialect"):
                continue
            hand, context = case["hand"], case.get("context", {})
            assert compact_or_error(variant, hand, context) == full_or_error(variant, hand, context), case


def test_score_many_compact_view() -> None:
    rows = generate(300, 5)
    requests: list[Any] = [{"variant": "mcr", "hand": h, "context": c} for h, c in rows]
    requests += [
        {"variant": "mcr", "hand": "[123m][555p]234s5577z7z", "rules": "mcr1998"},
        {"variant": "mcr", "hand": "[123m][555p]234s5577z7z", "explain": True},
        {"variant": "mcr", "hand": "[123m][555p]234s5577z7", "context": {}},
        {"variant": "fuzhou", "hand": "123m456m789m123p456p78p9p", "context": {"wild": "5s"}},
        {"variant": "nope", "hand": "11m"},
        {"hand": "11m"},
        "not a request",
        {"variant": "mcr", "hand": "[123m][555p]234s5577z7z", "context": {"bogus": 1}},
    ]
    compact = score_many(requests, view="compact")
    full = score_many(requests)
    assert len(compact) == len(full) == len(requests)
    for c, f in zip(compact, full, strict=True):
        if isinstance(f, dict):
            assert c == f  # the same inline error
        else:
            assert c == compact_of(f)


def test_compact_result_shape() -> None:
    r = score_compact("mcr", "[123m]456789m555pCC", {"self_draw": True, "seat_wind": "S"})
    full = score("mcr", "[123m]456789m555pCC", {"self_draw": True, "seat_wind": "S"})
    assert full.valid
    assert (r.variant, r.valid, r.total, r.reason) == ("mcr", full.valid, full.total, full.reason)
    assert r.items == tuple((i.id, i.points, i.factor, i.count) for i in full.items)
    assert r.payments == full.payments and sum(r.payments.values()) == 0
    d = r.as_dict()
    assert json.loads(json.dumps(d)) == {"variant": "mcr", "valid": full.valid, "total": full.total,
                                         "reason": None, "items": [list(i) for i in r.items],
                                         "payments": full.payments}
    below = score_compact("mcr", "[123m][555p]234s5577z7z")
    assert not below.valid and below.total == 0 and below.reason.startswith("below the 8-point minimum")
    assert all(v == 0 for v in below.payments.values())


@pytest.mark.twin
def test_compact_payments_are_each_answers_own() -> None:
    """Answers with the same settlement (and those with none) each have their own payments dict: the
    same one on every read, changed by nobody else's change."""
    for hand, context in (("[123m]456789m555pCC", {"self_draw": True, "seat_wind": "S"}),
                          ("[123m][555p]234s5577z7z", None)):
        first, second = score_compact("mcr", hand, context), score_compact("mcr", hand, context)
        payments = first.payments
        assert payments is first.payments and payments is not second.payments
        before = dict(payments)
        payments["E"] = 12345
        assert first.payments["E"] == 12345 and second.payments == before
        assert score_compact("mcr", hand, context).payments == before == score("mcr", hand, context).payments


@needs_fast
def test_fast_path_declines_what_it_does_not_read() -> None:
    for hand, context in [("1f[123m][555p]234s5577z7z", {}), ("[123m][555p]234s5577z7z", {"self_draw": 1}),
                          ("[123m][555p]234s5577z7z", {"flowers": True}), ("[123m][555p]234s5577z7z", {"x": 1}),
                          ("[123m][555p]234s5577z7z", {"win_tile": "C"}), (b"123", {}), ("123m", []),
                          ("\ud800", {}), ("[123m][555p]234s5577z7z", {"seat_wind": "\ud800"}),
                          ("[123m][555p]234s5577z7z", {"\ud800": 1})]:
        assert FAST.compact(hand, context) is None
    requests = [{"variant": "mcr", "hand": "\ud800"}, {"variant": "mcr", "hand": "11m", "context": {"\udcff": 1}},
                {"variant": "mcr", "hand": "[123m]456789m555pCC", "context": {"flowers": 10**30}}]
    assert FAST.compact_many(requests * 100, 2) == [None] * 300
    assert FAST.compact("[123m]456789m555pCC", {"flowers": 2**70}) is None


def test_http_batch_compact_view() -> None:
    from fastapi.testclient import TestClient

    from api.app import app

    rows = generate(200, 11)
    requests: list[Any] = [{"variant": "mcr", "hand": h, "context": c} for h, c in rows]
    requests += [{"variant": "hebei", "hand": "123m456m789m123p55p", "context": {}}, "junk",
                 {"variant": "mcr", "hand": "[123m][555p]234s5577z7", "context": {}}]
    with TestClient(app) as client:
        compact = client.post("/v1/score/batch?view=compact", json=requests)
        full = client.post("/v1/score/batch", json=requests)
        bad_view = client.post("/v1/score/batch?view=tiny", json=requests)
    assert compact.status_code == full.status_code == 200
    assert bad_view.status_code == 422
    for c, f, req in zip(compact.json(), full.json(), requests, strict=True):
        if "error" in f:
            assert c == f
            continue
        expected = {"variant": f["variant"], "valid": f["valid"], "total": f["total"], "reason": f["reason"],
                    "items": [[i["id"], i["points"], i["factor"], i["count"]] for i in f["items"]],
                    "payments": f["payments"]}
        assert c == expected, req


@needs_fast
def test_batch_threads_give_the_same_answers() -> None:
    requests: list[Any] = [{"variant": "mcr", "hand": h, "context": c} for h, c in generate(1200, 21)]
    one = FAST.compact_many(requests, 1)
    for threads in (2, 3, 8):
        assert FAST.compact_many(requests, threads) == one
    assert sum(a is not None for a in one) >= 0.9 * len(requests)
    for a, (h, c) in zip(one, generate(1200, 21), strict=True):
        if a is not None:
            assert a == FAST.compact(h, c)


@needs_fast
def test_json_written_in_c_is_the_dumped_dict() -> None:
    from scorer.jsonio import dumps

    requests: list[Any] = [{"variant": "mcr", "hand": h, "context": c} for h, c in generate(1500, 8)]
    objects = FAST.compact_many(requests, 2)
    texts = FAST.compact_many(requests, 2, True)
    assert sum(t is not None for t in texts) >= 0.9 * len(requests)
    for obj, text in zip(objects, texts, strict=True):
        assert (obj is None) == (text is None)
        if obj is not None:
            assert text == dumps(obj.as_dict())


def _batch_in_child(requests: list[Any], queue: Any) -> None:
    queue.put([a.total if a is not None else None for a in FAST.compact_many(requests, 2)])


@needs_fast
def test_batch_threads_after_fork() -> None:
    """The scoring threads stay between batches; a forked child (multiprocessing, servers with
    workers) has none of them and must start its own instead of waiting for them."""
    import multiprocessing

    requests: list[Any] = [{"variant": "mcr", "hand": h, "context": c} for h, c in generate(400, 4)]
    expected = [a.total if a is not None else None for a in FAST.compact_many(requests, 2)]  # pool running
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_batch_in_child, args=(requests, queue))
    child.start()
    try:
        assert queue.get(timeout=60) == expected
    finally:
        child.join(timeout=10)
        if child.is_alive():
            child.kill()
    assert child.exitcode == 0


@needs_fast
def test_concurrent_batches() -> None:
    """Two callers at once: one owns the thread pool, the other scores with threads of its own."""
    from concurrent.futures import ThreadPoolExecutor

    requests: list[Any] = [{"variant": "mcr", "hand": h, "context": c} for h, c in generate(600, 6)]
    expected = FAST.compact_many(requests, 1)
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: FAST.compact_many(requests, 2), range(16)))
    assert all(a == expected for a in answers)


def test_batch_lines_compact() -> None:
    """``mjscore batch --compact``: each line's answer is the compact view of its full answer."""
    import orjson

    from scorer.batch import score_stream

    rows = generate(300, 12)
    lines = [orjson.dumps({"variant": "mcr", "hand": h, "context": c}).decode() for h, c in rows]
    lines += ["not json", "[1, 2]", orjson.dumps({"variant": "hebei", "hand": "123m456m789m123p55p"}).decode(),
              orjson.dumps({"variant": "mcr", "hand": "123m0p"}).decode(), "   "]
    compact = [orjson.loads(a) for a in score_stream(lines, compact=True, chunk=128)]
    full = [orjson.loads(a) for a in score_stream(lines, workers=1)]
    assert len(compact) == len(full) == len(lines)  # the blank line is answered too
    assert compact[-1]["error"]["code"] == "blank_line"
    for c, f in zip(compact, full, strict=True):
        if "error" in f:
            assert c == f
        else:
            assert c == {"variant": f["variant"], "valid": f["valid"], "total": f["total"], "reason": f["reason"],
                         "items": [[i["id"], i["points"], i["factor"], i["count"]] for i in f["items"]],
                         "payments": f["payments"]}


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6)
FIELDS = ["self_draw", "seat_wind", "round_wind", "flowers", "last_tile", "kong_win", "last_wall", "discarder",
          "win_tile", "other"]


@given(hand=st.sampled_from(HANDS), context=st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=4))
@settings(max_examples=400, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_json_context_gives_the_full_paths_answer(hand: str, context: dict) -> None:
    assert compact_or_error("mcr", hand, context) == full_or_error("mcr", hand, context)
    answer = score_many([{"variant": "mcr", "hand": hand, "context": context}] * 70, view="compact")[0]
    full = full_or_error("mcr", hand, context)
    assert (answer == full) if isinstance(full, CompactResult) else ("error" in answer)


@needs_fast
def test_a_request_the_compact_path_declines_is_not_tried_through_the_full_c_path(monkeypatch: Any) -> None:
    from scorer import engine

    calls: list[Any] = []

    def counted(hand: Any, context: Any, rules: Any) -> None:
        calls.append(hand)
        return None

    engine.compiled("mcr", None, None, None)  # looks the variant's full path up once
    monkeypatch.setitem(engine._FULL_PATHS, "mcr", counted)
    declined = ("1f[123m]456789m555pCC", {"self_draw": True})  # a flower written in the hand: the C paths leave it
    assert FAST.compact(*declined) is None
    expected = compact_of(engine.score_checked("mcr", *declined))
    assert expected.valid and expected.total == 20
    assert score_compact("mcr", *declined) == expected
    assert score_many([{"variant": "mcr", "hand": declined[0], "context": declined[1]}], view="compact") == [expected]
    assert calls == []
    # a rule preset is not the compact path's: the full C path is tried for it, once
    score_compact("mcr", "[123m]456789m555pCC", None, "mcr1998")
    assert calls == ["[123m]456789m555pCC"]
